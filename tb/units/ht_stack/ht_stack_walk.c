/* SPDX-License-Identifier: Apache-2.0 */
/* ht_stack_walk.c: the default ht_stack run (ht_walk): random structured programs walked by every lane,
 * each lane's path against its sequential reference (tb/stim/cfg_prog.h). */
#include "ht_stack_tb.h"

/* ---- the CFG walker run (the default): random structured programs, per-lane reference ---- */

typedef struct {
    uint64_t programs, bundles, done_bundles, pdom_bundles, worse, lanes_checked, resets, bad_meant, max_cnt, multi_slot;
    uint64_t done_programs; /* programs run to their exit */
    uint64_t slots_used;
    uint64_t fetch_cycles, fetch_misses; /* fetch-walk */
} wcover;

/* fetch-walk: the instruction word at pc (IW = 32 bits, never 0, the NOP) */
static uint64_t insn_word(uint64_t pc)
{
    uint64_t x = pc * 0x9e3779b97f4a7c15ull;
    x ^= x >> 29;
    return (x & 0xffffffffull) | 1;
}

/* fetch-walk: the meta-data md go through the fetch unit's C model (simt_ht_fetch: K slots over
 * P = ceil(K/2) I-cache ports, a random miss on 1 request in 4) before the bundle is reported.
 * Returns 1 when the bundle is taken this cycle; then every active lane must get the instruction
 * at its own PC (the lane's reference path) and every other lane the NOP. */
typedef struct {
    simt_ht_fetch f;
    simt_ht_fetch_out fo;
    int requested;
} fetch_side;

static int fetch_cycle(fetch_side *fs, const simt_ht_stack_out *md, uint64_t *rng, const cfg_lanes *lanes,
                       const simt_ht_stack_cfg *c, wcover *cv, sc_run *r)
{
    simt_ht_fetch_in fi;
    memset(&fi, 0, sizeof fi);
    if (!fs->requested) {
        fi.req_valid = 1;
        fi.req_slot_v = md->slot_v;
        for (unsigned k = 0; k < c->k; k++)
            fi.req_slot_pc[k] = md->slot_pc[k];
        fi.req_act = md->lane_act;
        for (unsigned i = 0; i < c->w; i++)
            fi.req_sel[i] = (uint8_t)md->lane_sel[i];
    }
    fi.bun_ready = 1;
    simt_ht_fetch_eval(&fs->f, &fi, &fs->fo); /* the request depends on the state only */
    for (unsigned j = 0; j < fs->f.cfg.p; j++)
        if (fs->fo.ic_req >> j & 1) {
            int hit = !cfg_chance(rng, 25);
            fi.ic_hit |= (uint64_t)hit << j;
            fi.ic_data[j] = insn_word(fs->fo.ic_pc[j]);
            cv->fetch_misses += !hit;
        }
    simt_ht_fetch_eval(&fs->f, &fi, &fs->fo);
    if (fs->fo.req_bad)
        sc_expect_fail(r, "the fetch unit refused the stack's meta-data");
    fs->requested |= fs->fo.accept;
    const int taken = fs->fo.issue;
    if (taken) {
        for (unsigned i = 0; i < c->w; i++) {
            uint64_t want = (md->lane_act >> i & 1) ? insn_word(cfg_lane_pc(lanes, i)) : 0;
            if (fs->fo.bun_lane_instr[i] != want)
                sc_expect_fail(r, "fetch: lane %u gets instruction 0x%" PRIx64 ", its own PC 0x%" PRIx64 " holds 0x%" PRIx64,
                               i, fs->fo.bun_lane_instr[i], cfg_lane_pc(lanes, i), want);
        }
        fs->requested = 0;
    }
    simt_ht_fetch_step(&fs->f, &fi);
    cv->fetch_cycles++;
    return taken;
}

/* The report batch for the meta-data md from the program (each slot's instruction; a BR's
 * taken lanes from each lane's own outcome). */
static void batch_from(const cfg_prog *p, const cfg_lanes *ls, const simt_ht_stack_cfg *c,
                       const simt_ht_stack_out *md, simt_ht_stack_in *in, sc_run *r)
{
    memset(in, 0, sizeof *in);
    in->rp_valid = 1;
    for (unsigned k = 0; k < c->k; k++) {
        if (!(md->slot_v >> k & 1))
            continue;
        uint64_t m = 0;
        for (unsigned i = 0; i < c->w; i++)
            if ((md->lane_act >> i & 1) && md->lane_sel[i] == k)
                m |= 1ull << i;
        cfg_insn ci;
        if (cfg_prog_at(p, md->slot_pc[k], &ci)) {
            if (r)
                sc_expect_fail(r, "slot %u runs PC 0x%" PRIx64 ", not in the program", k, md->slot_pc[k]);
            continue;
        }
        const uint64_t pcm = sc_ones(c->pc_w); /* the EXIT at the top of the PC space: npc wraps */
        in->rp_npc[k] = ci.npc & pcm;
        switch (ci.kind) {
        case CFG_OP: in->rp_kind[k] = SIMT_HT_STACK_ADV; break;
        case CFG_SYNC: in->rp_kind[k] = SIMT_HT_STACK_SYNC; break;
        case CFG_JMP: in->rp_kind[k] = SIMT_HT_STACK_ADV, in->rp_npc[k] = ci.tgt & pcm; break;
        case CFG_EXIT: in->rp_kind[k] = SIMT_HT_STACK_EXIT; break;
        default:
            in->rp_kind[k] = SIMT_HT_STACK_BR;
            in->rp_tgt[k] = ci.tgt & pcm;
            in->rp_rpc[k] = ci.rpc & pcm;
            in->rp_tmask[k] = cfg_lanes_tmask(ls, ci.pc, m);
            cfg_pdom d; /* the work-ahead descriptor of the branch's PDOM point (Steffen 2012 §4.2.1.2; D14) */
            if (cfg_prog_pdom(p, ci.rpc, c->prio_w, &d) == 0)
                in->rp_nrpc[k] = d.nrpc & pcm, in->rp_prio[k] = d.prio, in->rp_wav[k] = (unsigned)d.wav;
        }
    }
}

/* Bundles to completion of the same program and launch mask on a plain PDOM stack (the C model
 * at POLICY 0, K = 1, D = 3W-2): the architectural reference of the bundle counts. */
static uint64_t pdom_bundles(const cfg_prog *p, const simt_ht_stack_cfg *c, uint64_t mask)
{
    static simt_ht_stack s;
    static simt_ht_stack_out o;
    simt_ht_stack_cfg pc = {c->w, c->pc_w, 1, 3 * c->w - 2, SIMT_HT_STACK_PDOM, 0, c->prio_w, 1};
    simt_ht_stack_reset(&s, &pc);
    cfg_lanes *ls = cfg_lanes_new(p);
    if (!ls)
        sc_die("out of memory");
    for (unsigned i = 0; i < c->w; i++)
        if (mask >> i & 1)
            cfg_lane_start(ls, i);
    simt_ht_stack_in in;
    memset(&in, 0, sizeof in);
    in.ln_valid = 1, in.ln_pc = cfg_prog_entry(p), in.ln_mask = mask;
    simt_ht_stack_step(&s, &in);
    uint64_t n = 0;
    for (unsigned guard = 0; guard < 1000000; guard++) {
        static const simt_ht_stack_in idle;
        simt_ht_stack_eval(&s, &idle, &o);
        if (!o.cnt)
            break;
        if (o.md_valid) {
            batch_from(p, ls, &pc, &o, &in, NULL);
            for (unsigned i = 0; i < c->w; i++)
                if (o.lane_act >> i & 1)
                    cfg_lane_exec(ls, i, o.slot_pc[o.lane_sel[i]]);
            n++;
        } else
            memset(&in, 0, sizeof in);
        simt_ht_stack_step(&s, &in);
    }
    cfg_lanes_free(ls);
    return n;
}

void ht_walk(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_ht_stack_cfg *c = &ls.cfg;
    if (o->trace_in)
        sc_die("internal: trace replay goes through the random-ops loop");
    uint64_t rng = o->seed;
    cfg_prog *p = cfg_prog_new();
    cfg_lanes *lanes = cfg_lanes_new(p);
    if (!p || !lanes)
        sc_die("out of memory");
    cfg_prog_opts po = {.max_depth = 3, .unstructured = 0, .max_len = 64, .max_trip = 4, .barriers = 1};
    const int with_fetch = o->test && !strcmp(o->test, "fetch-walk");
    static fetch_side fs;
    if (with_fetch) {
        simt_ht_fetch_cfg fc = {c->w, c->k, (c->k + 1) / 2, c->pc_w, 32, 4};
        char err[160];
        if (simt_ht_fetch_cfg_check(&fc, err, sizeof err))
            sc_die("fetch-walk: %s", err);
        simt_ht_fetch_reset(&fs.f, &fc);
        fs.requested = 0;
    }
    int fetched = 0; /* fetch-walk: the bundle of the current meta-data has been taken */
    cfg_shapes shapes;
    memset(&shapes, 0, sizeof shapes);
    wcover cv;
    memset(&cv, 0, sizeof cv);
    uint64_t launch_mask = 0, prog_bundles = 0, prog_pdom = 0;
    int running = 0;
    unsigned full_run = 0;
    simt_ht_stack_in in;
    simt_ht_stack_out st;
    lk_peek(&ls, &st);
    for (r->cycle = 0; r->cycle <= r->stop_after && r->cycle < o->cycles;) {
        memset(&in, 0, sizeof in);
        if (full_run >= 3) { /* capacity deadlock (D < 2W-1): reset the warp, next program */
            full_run = 0;
            if (r->record) {
                const ht_line ln = {1, in};
                sc_trace_write(r, &ln);
            }
            ht_ls_reset(&ls);
            lk_peek(&ls, &st);
            running = 0;
            cv.resets++;
            if (with_fetch) {
                const simt_ht_fetch_cfg fc = fs.f.cfg;
                simt_ht_fetch_reset(&fs.f, &fc);
                fs.requested = 0;
            }
            fetched = 0;
            continue;
        }
        if (!running && st.cnt == 0) {
            cfg_prog_gen(p, &rng, &po, c->w, c->pc_w);
            cfg_shapes_add(&shapes, p);
            launch_mask = cfg_chance(&rng, 60) ? sc_ones(c->w) : (cfg_rand(&rng) & sc_ones(c->w));
            if (!launch_mask)
                launch_mask = 1;
            for (unsigned i = 0; i < c->w; i++)
                if (launch_mask >> i & 1)
                    cfg_lane_start(lanes, i);
            in.ln_valid = 1, in.ln_pc = cfg_prog_entry(p), in.ln_mask = launch_mask;
            prog_pdom = pdom_bundles(p, c, launch_mask);
            prog_bundles = 0;
            running = 1;
            cv.programs++;
        } else if (st.md_valid && with_fetch && !fetched) {
            fetched = fetch_cycle(&fs, &st, &rng, lanes, c, &cv, r);
        } else if (st.md_valid && (with_fetch || cfg_chance(&rng, 90))) {
            batch_from(p, lanes, c, &st, &in, r);
            fetched = 0;
        } else if (cfg_chance(&rng, 1)) { /* refused on purpose: a launch of a running warp */
            in.ln_valid = 1, in.ln_pc = cfg_prog_entry(p), in.ln_mask = 1;
            cv.bad_meant++;
        }
        ht_dontcare(r, &in);
        ht_first_clocks(&ls, &in);
        if (r->record) {
            const ht_line ln = {0, in};
            sc_trace_write(r, &ln);
        }
        ht_ls_cycle(&ls, &in);
        const simt_ht_stack_out *e = &ls.out;
        full_run = e->full ? full_run + 1 : 0;
        if (e->full && c->d >= ht_nostall_d(c))
            sc_expect_fail(r, "full_o with D = %u, at or above the no-stall depth %u", c->d, ht_nostall_d(c));
        if (in.ln_valid && !e->launched && !(e->bad & SIMT_HT_STACK_BAD_LAUNCH))
            sc_expect_fail(r, "a launch was neither accepted nor refused");
        if (e->accepted) {
            /* each active lane executes its slot's PC: it must be the lane's own next PC */
            /* (spatial subdivision: a group at a barrier does not execute it yet, it hands the
             * barrier's PC to level 0, which executes it for the whole warp: Steffen 2012 §4.2.1.3; D17) */
            const int ss_split = c->policy == SIMT_HT_STACK_SS && st.cnt > 1;
            for (unsigned i = 0; i < c->w; i++)
                if (st.lane_act >> i & 1) {
                    uint64_t pc = st.slot_pc[st.lane_sel[i]];
                    if (ss_split && in.rp_kind[st.lane_sel[i]] == SIMT_HT_STACK_SYNC)
                        continue;
                    if (cfg_lane_exec(lanes, i, pc)) {
                        sc_expect_fail(r, "lane %u runs PC 0x%" PRIx64 " but its own path is at 0x%" PRIx64, i, pc,
                                       cfg_lane_pc(lanes, i));
                        if (r->directed_fail == 1)
                            cfg_prog_dump(p, stdout);
                    }
                    cv.lanes_checked++;
                }
            if (e->bad & SIMT_HT_STACK_BAD_REPORT)
                sc_expect_fail(r, "a report of the program was refused (bad_o = %u)", e->bad);
            prog_bundles++;
            cv.bundles++;
            unsigned ns = (unsigned)__builtin_popcountll(st.slot_v);
            cv.slots_used += ns;
            cv.multi_slot += ns >= 2;
        }
        lk_peek(&ls, &st);
        ht_check_md(r, c, &ls.act);
        if (st.cnt > cv.max_cnt)
            cv.max_cnt = st.cnt;
        if (running && st.cnt == 0 && !e->launched) { /* the warp has exited */
            for (unsigned i = 0; i < c->w; i++)
                if ((launch_mask >> i & 1) && !cfg_lane_path_ok(lanes, i))
                    sc_expect_fail(r, "lane %u: its executed path differs from its path run alone", i);
            cv.pdom_bundles += prog_pdom;
            cv.done_bundles += prog_bundles;
            cv.worse += prog_bundles > prog_pdom;
            cv.done_programs++;
            running = 0;
        }
        if (running && prog_bundles > 200000)
            sc_die("a program ran 200000 bundles: no progress");
        r->cycle++;
        if (r->directed_fail > 20)
            sc_die("too many expectation failures");
    }
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch) {
        static const char *const pol[] = {"PDOM", "PAR", "WA", "SS"};
        printf("ht_stack walk (W=%u K=%u %s MERGE=%d D=%u%s): %" PRIu64 " programs, %" PRIu64 " bundles (%" PRIu64 " with 2+ slots, %.2f slots per "
               "bundle), %" PRIu64 " lane-instructions checked against their own paths; completed programs: %.3f "
               "bundles per PDOM bundle (%" PRIu64 " programs slower than PDOM), %" PRIu64 " capacity resets, max %"
               PRIu64 " entries; %" PRIu64 " work-ahead splits, %" PRIu64 " spatial splits (%" PRIu64
               " after a barrier)\n", c->w, c->k, pol[c->policy & 3], c->merge, c->d, with_fetch ? " +fetch" : "",
               cv.programs, cv.bundles, cv.multi_slot,
               cv.bundles ? (double)cv.slots_used / (double)cv.bundles : 0.0, cv.lanes_checked,
               cv.pdom_bundles ? (double)cv.done_bundles / (double)cv.pdom_bundles : 0.0,
               cv.worse, cv.resets, cv.max_cnt, ls.wa_splits, ls.ss_splits, ls.ss_resplits);
        cfg_shapes_print(&shapes, stdout, "  ");
        if (with_fetch)
            printf("  fetch (P = %u ports): %" PRIu64 " cycles, %" PRIu64 " I-cache misses\n", fs.f.cfg.p, cv.fetch_cycles,
                   cv.fetch_misses);
    }
    if (!r->quiet_mismatch && o->cycles >= 20000 && r->cycle >= o->cycles) {
        const sc_cov_point pts[] = {
            {"completed programs", cv.lanes_checked ? cv.done_programs : 0, 1},
            {"bundles with two or more slots", cv.multi_slot, c->policy >= 1 && c->k >= 2},
            {"work-ahead splits", ls.wa_splits, c->policy == SIMT_HT_STACK_WA && c->k >= 2},
            /* a re-split needs a barrier between two divergences of one program (the walker puts a
             * SYNC at 15 % of the top-level statements): the walk has 55 or more in 10^5 cycles
             * (100 seeds, every SS model of W <= 32), fetch-walk, a fetch cycle per bundle, about
             * 15 at W = 32 and 64, as few as 4: gated there from 3 x 10^5 cycles (the walk and
             * random-ops, whose phases re-split by construction, gate it at every length) */
            {"spatial re-splits after a barrier", ls.ss_resplits,
             c->policy == SIMT_HT_STACK_SS && (!with_fetch || o->cycles >= 300000)},
            {"I-cache misses", cv.fetch_misses, (uint64_t)with_fetch},
        };
        SC_COV_GATE(r, pts);
    }
    cfg_lanes_free(lanes);
    cfg_prog_free(p);
}
