/* SPDX-License-Identifier: Apache-2.0 */
/* ht_stack_ops.c: simtcheck ht_stack --test random-ops and trace replays (ht_run): random operations with
 * drain and fill phases reached by construction (docs/units/ht_stack.md, "Verification"). */
#include "ht_stack_tb.h"

/* ---- random operations ---- */

typedef struct {
    uint64_t cycles, launches, batches, adv, arrivals, br_div, br_uni, backedges, exits, syncs;
    uint64_t bad[3], fulls, resets, busy_cycles, max_cnt, max_slots, merged, multi_slot;
} cover;

typedef struct {
    sc_rng g;
    const simt_ht_stack_cfg *c;
    uint64_t pool[16];
    unsigned full_run;
    uint64_t rand_resets;  /* resets at random points (the others end a capacity deadlock or a long drain) */
    uint64_t cut_steps;    /* two-clock models: resets between a step's two clocks */
    /* phases (drain_next, fill_next): steps so far, the step the next one starts at, its state */
    uint64_t steps, next_phase, fill_pc;
    int phase; /* 0: random operations, 1: drain, 2: fill */
    int synced, refused; /* drain: the root has run its SYNC; the refused batch is sent */
    unsigned phase_left, fill_splits;
    /* phases; drains that ended with the EXIT; fills ended by a capacity deadlock */
    uint64_t phases, drained, fill_stalls;
} ops_gen;

static uint64_t pick_pc(ops_gen *og) { return og->pool[sc_below(&og->g, 16)]; }

/* ---- phases: a drain, then a fill, reached by construction ----
 *
 * The random operations below seldom take a wide warp back to its root (EXIT and SYNC count only
 * there) or fill its stack (capacity stalls below the no-stall depth need it full): at W = 64
 * (wa), runs of 10^5 cycles had 1 to 10 root SYNCs, and wa4 at W = 8 had no capacity stall at
 * 2 seeds in 3.
 * So every 2,048 to 6,143 steps (the first within 2,559) the generator runs a phase of two parts,
 * each a function of the state and the seed only, so a seed replays:
 *
 * Drain (drain_next): every slot's entry arrives at its reconvergence PC (an ADV there), so the
 * stack unwinds to its root (SS: a group root runs its SYNC, handing its lanes to level 0); the
 * root alone then runs a SYNC and an EXIT, and the stack is empty; then a batch with no warp
 * (refused: at K = 1 the random operations refuse one only while the stack is empty, at W = 32
 * 1 to 13 times in 10^5 cycles). At most 4D + 64 steps (a work-ahead split on the way adds
 * entries); if the stack is not empty by then, a reset. (A drain that starts in a capacity
 * deadlock ends with its reset: the phase is then skipped, which only small and wa4 can see.)
 *
 * Fill (fill_next): the warp is launched with all W lanes, and each bundle is reported so that
 * the stack grows as far as the policy lets it: every slot with two lanes or more takes a
 * divergent branch that peels off its lowest lane (not taken), to PCs and a reconvergence PC no
 * entry holds, so each divergence inserts two entries (Steffen 2012 §4.2, the PDOM update; D9);
 * a slot of one lane advances. The leaves end as W single lanes: a PDOM tree of 2W-1 entries, so
 * every D < 2W-1 (small) stalls within W-1 bundles.
 *
 * Work-ahead (§4.2.1.2, Fig. 4.6) can need more: each split adds an entry with a single child,
 * so the stack holds up to 2W-1 entries plus one per split (3W-2 at most: docs/units/ht_stack.md,
 * "Sizing"). Here the peeled lane arrives at its reconvergence PC (an ADV there, the other
 * slots only advancing in that bundle), where the branch allowed work-ahead (rp_wav = 1): the
 * entry has lanes waiting and lanes above, a split is due once a slot is free, and the peeled
 * lanes of later splits keep their slots. Each split leaves its ahead-lane in a slot of its own,
 * so at most K-1 splits find a free slot; D - (2W-1) + 1 of them make a stall (wa4: D = 2W,
 * two splits, K = 4). A fill ends with the capacity deadlock (full_o three steps in a row: the
 * reset), when a bundle has nothing left to peel or arrive, or after 8W + 64 steps. At and above
 * the no-stall depth it ends with the stack at its policy's most entries (2W-1; SS 2W-K+1 for
 * its groups), a state the random operations seldom reach at W >= 8; they resume from there. */

/* a PC that no entry holds as its PC, reconvergence PC or next PDOM point */
static uint64_t fresh_pc(ops_gen *og, const simt_ht_stack_out *st)
{
    const simt_ht_stack_cfg *c = og->c;
    for (;;) {
        const uint64_t p = og->fill_pc & sc_ones(c->pc_w) & ~3ull;
        og->fill_pc += 4;
        int used = 0;
        for (unsigned e = 0; e < st->cnt && !used; e++)
            used = st->st[e].pc == p || (st->st[e].hasr && st->st[e].rpc == p) || st->st[e].nrpc == p;
        if (!used)
            return p;
    }
}

/* the topmost entry in slot k, and the slot's lanes */
static const simt_ht_stack_ent *slot_entry(const simt_ht_stack_cfg *c, const simt_ht_stack_out *st, unsigned k,
                                     uint64_t *lanes)
{
    int ent = -1;
    for (int e = (int)st->cnt - 1; e >= 0 && ent < 0; e--)
        if (st->sched_ent[e] == (int)k)
            ent = e;
    *lanes = 0;
    for (unsigned i = 0; i < c->w; i++)
        if ((st->lane_act >> i & 1) && st->lane_sel[i] == k)
            *lanes |= 1ull << i;
    return &st->st[ent < 0 ? 0 : ent];
}

/* A step of a drain (above); returns 0 when the stack is empty. */
static int drain_next(ops_gen *og, const simt_ht_stack_out *st, simt_ht_stack_in *in)
{
    const simt_ht_stack_cfg *c = og->c;
    if (st->cnt == 0) { /* drained: a batch with no warp, refused (bad_o[1]), then the fill */
        if (og->refused)
            return 0;
        in->rp_valid = 1, in->rp_kind[0] = SIMT_HT_STACK_ADV, og->refused = 1;
        return 1;
    }
    if (!st->md_valid)
        return 1; /* busy, or a work-ahead split: no batch */
    in->rp_valid = 1;
    for (unsigned k = 0; k < c->k; k++) {
        if (!(st->slot_v >> k & 1))
            continue;
        uint64_t lanes;
        const simt_ht_stack_ent *E = slot_entry(c, st, k, &lanes);
        in->rp_npc[k] = (E->pc + 4) & sc_ones(c->pc_w);
        if (E->hasr) /* an arrival: the entry leaves, its lanes wait below */
            in->rp_kind[k] = SIMT_HT_STACK_ADV, in->rp_npc[k] = E->rpc;
        else if (st->cnt > 1 || !og->synced) /* SS: a group root at the barrier; the root alone: SYNC, */
            in->rp_kind[k] = SIMT_HT_STACK_SYNC, og->synced |= st->cnt == 1;
        else /* then EXIT */
            in->rp_kind[k] = SIMT_HT_STACK_EXIT;
    }
    return 1;
}

/* A step of a fill (above); returns 0 when it has nothing left to do. */
static int fill_next(ops_gen *og, const simt_ht_stack_out *st, simt_ht_stack_in *in)
{
    const simt_ht_stack_cfg *c = og->c;
    if (st->cnt == 0) { /* after the drain, or a reset (the drain's, one between a step's two clocks) */
        in->ln_valid = 1, in->ln_pc = fresh_pc(og, st), in->ln_mask = sc_ones(c->w);
        og->fill_splits = 0;
        return 1;
    }
    og->fill_splits += st->wa_split != 0; /* due now: applied at the end of this step */
    if (!st->md_valid)
        return 1; /* busy, or a split: no batch */
    in->rp_valid = 1;
    /* work-ahead: the one lane of a slot arrives at its reconvergence PC when that entry allows
     * work-ahead and a split can follow (a slot free for it, room for two entries) */
    int arrive = -1;
    if (c->policy == SIMT_HT_STACK_WA && og->fill_splits + 1 < c->k && st->cnt + 1 <= c->d)
        for (unsigned k = 0; k < c->k && arrive < 0; k++) {
            uint64_t lanes;
            const simt_ht_stack_ent *E = slot_entry(c, st, k, &lanes);
            if (!(st->slot_v >> k & 1) || __builtin_popcountll(lanes) != 1 || !E->hasr)
                continue;
            for (unsigned e = 0; e < st->cnt && arrive < 0; e++)
                if (st->st[e].pc == E->rpc && st->st[e].wav && !(E->mask & ~st->st[e].mask))
                    arrive = (int)k;
        }
    int more = arrive >= 0;
    for (unsigned k = 0; k < c->k; k++) {
        if (!(st->slot_v >> k & 1))
            continue;
        uint64_t lanes;
        const simt_ht_stack_ent *E = slot_entry(c, st, k, &lanes);
        in->rp_kind[k] = SIMT_HT_STACK_ADV;
        in->rp_npc[k] = (int)k == arrive ? E->rpc : fresh_pc(og, st);
        if (arrive < 0 && __builtin_popcountll(lanes) >= 2) {
            in->rp_kind[k] = SIMT_HT_STACK_BR;
            in->rp_tmask[k] = lanes & (lanes - 1); /* the lowest lane not taken */
            in->rp_tgt[k] = fresh_pc(og, st);
            in->rp_rpc[k] = fresh_pc(og, st);
            in->rp_nrpc[k] = fresh_pc(og, st);
            in->rp_prio[k] = (unsigned)sc_below(&og->g, 1u << c->prio_w);
            in->rp_wav[k] = 1;
            more = 1;
        }
    }
    return more;
}

/* Fill in for this cycle from the state st; returns 1 for a reset line. */
static int ops_next(ops_gen *og, const simt_ht_stack_out *st, simt_ht_stack_in *in)
{
    const simt_ht_stack_cfg *c = og->c;
    sc_rng *g = &og->g;
    memset(in, 0, sizeof *in);
    if (og->full_run >= 3) {
        og->full_run = 0;
        og->fill_stalls += og->phase == 2;
        og->phase = 0;
        return 1;
    }
    if (!og->phase && og->steps >= og->next_phase) { /* a phase: a drain, then a fill */
        og->next_phase = og->steps + 2048 + sc_below(g, 4096);
        og->phase = 1, og->phase_left = 4 * c->d + 64, og->synced = og->refused = 0;
        og->fill_pc = sc_rand(g);
        og->phases++;
    }
    og->steps++;
    if (og->phase == 1) {
        if (drain_next(og, st, in)) {
            if (og->phase_left--)
                return 0;
            og->phase = 2, og->phase_left = 8 * c->w + 64, og->fill_splits = 0;
            return 1; /* not drained in time: a reset, then the fill */
        }
        og->drained += og->synced;
        og->phase = 2, og->phase_left = 8 * c->w + 64, og->fill_splits = 0;
    }
    if (og->phase == 2) {
        if (og->phase_left-- && fill_next(og, st, in))
            return 0;
        og->phase = 0; /* nothing left to grow: this step is a random one */
        memset(in, 0, sizeof *in);
    }
    if (sc_below(g, 4096) == 0) { /* a reset at a random point, about once in 4,096 cycles */
        og->rand_resets++;
        return 1;
    }
    if (st->cnt == 0 ? sc_chance(g, 70) : sc_chance(g, 1)) {
        in->ln_valid = 1;
        in->ln_pc = pick_pc(og);
        in->ln_mask = sc_chance(g, 50) ? sc_ones(c->w) : sc_rand(g) & sc_ones(c->w);
        if (sc_chance(g, 97) && !in->ln_mask)
            in->ln_mask = 1;
    }
    if (!(st->md_valid ? sc_chance(g, 85) : sc_chance(g, 10))) /* refused: a batch with no meta-data */
        return 0;
    in->rp_valid = 1;
    for (unsigned k = 0; k < c->k; k++) {
        int valid = (int)(st->slot_v >> k & 1);
        if (!valid) {
            if (sc_chance(g, 2))
                in->rp_kind[k] = 1 + (unsigned)sc_below(g, 4); /* refused: a report for an invalid slot */
            continue;
        }
        /* the first entry of the slot, for plausible PCs */
        int ent = -1;
        for (int e = (int)st->cnt - 1; e >= 0 && ent < 0; e--)
            if (st->sched_ent[e] == (int)k)
                ent = e;
        const simt_ht_stack_ent *E = &st->st[ent < 0 ? 0 : ent];
        uint64_t lanes = 0;
        for (unsigned i = 0; i < c->w; i++)
            if ((st->lane_act >> i & 1) && st->lane_sel[i] == k)
                lanes |= 1ull << i;
        unsigned roll = (unsigned)sc_below(g, 100);
        in->rp_npc[k] = (E->pc + 4) & sc_ones(c->pc_w);
        if (!E->hasr && roll < 4) {
            in->rp_kind[k] = SIMT_HT_STACK_EXIT;
        } else if (roll < 6) {
            in->rp_kind[k] = SIMT_HT_STACK_SYNC;
        } else if (roll < 7) {
            in->rp_kind[k] = 5 + (unsigned)sc_below(g, 3); /* refused: unknown kind */
        } else if (roll < 55) {
            in->rp_kind[k] = SIMT_HT_STACK_ADV;
            if (E->hasr && sc_chance(g, 25))
                in->rp_npc[k] = E->rpc;
            else if (sc_chance(g, 20))
                in->rp_npc[k] = pick_pc(og);
        } else {
            in->rp_kind[k] = SIMT_HT_STACK_BR;
            in->rp_tmask[k] = sc_chance(g, 80) ? (sc_rand(g) & lanes) : (sc_rand(g) & sc_ones(c->w));
            in->rp_tgt[k] = sc_chance(g, 20) ? E->pc : pick_pc(og);
            if (E->hasr && sc_chance(g, 40))
                in->rp_rpc[k] = E->rpc;
            else
                in->rp_rpc[k] = sc_chance(g, 30) ? in->rp_npc[k] : pick_pc(og);
            if (sc_chance(g, 10))
                in->rp_npc[k] = in->rp_rpc[k];
            /* work-ahead descriptor of rp_rpc (ignored unless POLICY = 2) */
            in->rp_nrpc[k] = sc_chance(g, 20) && E->hasr ? E->rpc : pick_pc(og);
            in->rp_prio[k] = (unsigned)sc_below(g, 1u << c->prio_w);
            in->rp_wav[k] = sc_chance(g, 70);
        }
    }
    return 0;
}

void ht_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_ht_stack_cfg *c = &ls.cfg;
    ops_gen og;
    memset(&og, 0, sizeof og);
    og.g.s = o->seed;
    og.c = c;
    for (unsigned i = 0; i < 16; i++)
        og.pool[i] = (sc_rand(&og.g) & sc_ones(c->pc_w)) & ~3ull;
    og.next_phase = 512 + sc_below(&og.g, 2048);
    cover cv;
    memset(&cv, 0, sizeof cv);
    simt_ht_stack_in in;
    simt_ht_stack_out st;
    lk_peek(&ls, &st);
    for (r->cycle = 0; r->cycle <= r->stop_after;) {
        int rst;
        if (o->trace_in) {
            ht_line ln;
            if (!sc_trace_read(&tr, &ln))
                break;
            in = ln.in;
            rst = (int)ln.rst;
        } else {
            if (r->cycle >= o->cycles)
                break;
            rst = ops_next(&og, &st, &in);
        }
        if (!rst && !o->trace_in) {
            ht_dontcare(r, &in);
            ht_first_clocks(&ls, &in);
            /* A two-clock model: a reset between a step's clocks, about once in 4,096 steps (the
             * step is lost, the next clock is a step's first: contract "Two-clock step"). The
             * draw is made for two-clock models only, so single-cycle runs keep their stimulus. */
            if (c->step_clks > 1 && sc_below(&og.g, 4096) == 0) {
                og.cut_steps++;
                rst = 1;
            }
        }
        if (rst) {
            memset(&in, 0, sizeof in);
            if (r->record) {
                const ht_line ln = {1, in};
                sc_trace_write(r, &ln);
            }
            ht_ls_reset(&ls);
            lk_peek(&ls, &st);
            cv.resets++;
            continue; /* not a compared cycle */
        }
        if (r->record) {
            const ht_line ln = {0, in};
            sc_trace_write(r, &ln);
        }
        ht_ls_cycle(&ls, &in);
        const simt_ht_stack_out *e = &ls.out;
        cv.cycles++;
        cv.launches += e->launched;
        cv.batches += e->accepted;
        for (unsigned b = 0; b < 3; b++)
            cv.bad[b] += e->bad >> b & 1;
        cv.fulls += e->full;
        if (e->full && c->d >= ht_nostall_d(c)) /* the contract's sizing: never at the no-stall depth */
            sc_expect_fail(r, "full_o with D = %u, at or above the no-stall depth %u", c->d, ht_nostall_d(c));
        cv.busy_cycles += e->busy;
        if (e->accepted) {
            for (unsigned d = 0; d < st.cnt; d++) {
                int s = st.sched_ent[d];
                if (s < 0)
                    continue;
                const simt_ht_stack_ent *E = &st.st[d];
                unsigned kd = in.rp_kind[s];
                uint64_t t = in.rp_tmask[s] & E->mask;
                if (kd == SIMT_HT_STACK_ADV)
                    cv.adv++, cv.arrivals += E->hasr && (in.rp_npc[s] & sc_ones(c->pc_w)) == E->rpc;
                else if (kd == SIMT_HT_STACK_BR) {
                    int div = t && t != E->mask && in.rp_tgt[s] != in.rp_npc[s];
                    cv.br_div += div;
                    cv.br_uni += !div;
                    cv.backedges += div && E->hasr && (in.rp_rpc[s] & sc_ones(c->pc_w)) == E->rpc;
                } else if (kd == SIMT_HT_STACK_EXIT && !E->hasr)
                    cv.exits++;
                else if (kd == SIMT_HT_STACK_SYNC && !E->hasr)
                    cv.syncs++;
            }
            if (st.sched_n > (unsigned)__builtin_popcountll(st.slot_v))
                cv.merged++;
            cv.multi_slot += __builtin_popcountll(st.slot_v) >= 2;
        }
        og.full_run = e->full ? og.full_run + 1 : 0;
        lk_peek(&ls, &st);
        ht_check_md(r, c, &ls.act);
        if (st.cnt > cv.max_cnt)
            cv.max_cnt = st.cnt;
        if ((uint64_t)__builtin_popcountll(st.slot_v) > cv.max_slots)
            cv.max_slots = (uint64_t)__builtin_popcountll(st.slot_v);
        r->cycle++;
        if (r->directed_fail > 20)
            sc_die("too many expectation failures");
    }
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        printf("ht_stack random-ops coverage: %" PRIu64 " cycles, %" PRIu64 " launches, %" PRIu64 " batches (%" PRIu64
               " with merged entries), %" PRIu64 " ADV (%" PRIu64 " arrivals), BR %" PRIu64 " divergent (%" PRIu64
               " back-edges) %" PRIu64 " uniform, %" PRIu64 " exits, %" PRIu64 " syncs; refused %" PRIu64 " launches %" PRIu64
               " batches %" PRIu64 " reports; %" PRIu64 " capacity stalls, %" PRIu64 " resets (%" PRIu64 " at random points, %" PRIu64
               " between a step's clocks), %" PRIu64
               " busy cycles; max %" PRIu64 " entries, %" PRIu64 " slots; %" PRIu64 " work-ahead splits, %" PRIu64
               " spatial splits (%" PRIu64 " after a barrier); %" PRIu64 " phases (%" PRIu64
               " drains to the EXIT, %" PRIu64 " fills ended by a capacity deadlock)\n",
               cv.cycles, cv.launches, cv.batches, cv.merged, cv.adv, cv.arrivals, cv.br_div, cv.backedges, cv.br_uni,
               cv.exits, cv.syncs, cv.bad[0], cv.bad[1], cv.bad[2], cv.fulls, cv.resets, og.rand_resets, og.cut_steps, cv.busy_cycles, cv.max_cnt,
               cv.max_slots, ls.wa_splits, ls.ss_splits, ls.ss_resplits, og.phases, og.drained, og.fill_stalls);
    if (!o->trace_in && !r->quiet_mismatch && o->cycles >= 20000 && r->cycle >= o->cycles) {
        const sc_cov_point pts[] = {
            {"launches", cv.launches, 1}, {"arrivals", cv.arrivals, 1}, {"divergent branches", cv.br_div, 1},
            {"back-edges", cv.backedges, c->policy != SIMT_HT_STACK_SS || c->w / c->k >= 4}, /* (2-lane groups cannot) */ {"exits", cv.exits, 1}, {"syncs", cv.syncs, 1},
            {"refused launches", cv.bad[0], 1}, {"refused batches", cv.bad[1], 1}, {"refused reports", cv.bad[2], 1},
            {"multi-cycle batches", cv.busy_cycles, c->k >= 2 && c->policy >= 1},
            {"capacity stalls", cv.fulls, c->d < ht_nostall_d(c)},
            {"bundles of two or more slots", cv.multi_slot, c->k >= 2 && c->policy >= 1},
            {"merged slots", cv.merged, c->merge && c->k >= 2 && c->policy >= 1},
            {"work-ahead splits", ls.wa_splits, c->policy == SIMT_HT_STACK_WA && c->k >= 2},
            {"spatial splits", ls.ss_splits, c->policy == SIMT_HT_STACK_SS},
            {"spatial re-splits after a barrier", ls.ss_resplits, c->policy == SIMT_HT_STACK_SS},
            /* about one per 4,096 steps outside the phases (which take up to a quarter of the
             * steps at W = 64): a 20,000-step run has none 0.8 % of the time (a random seed of the
             * replay tests would fail now and then); 10^5 steps miss it e^-18 or less (smallest
             * count 9 over 100 seeds of every model of W <= 16; two-clock models, 5 x 10^4
             * steps in 10^5 cycles: 5, so gated from 10^5 steps, as the next point) */
            {"resets at random points", og.rand_resets, o->cycles / (c->step_clks > 1 ? c->step_clks : 1) >= 100000},
            /* the same rate per step: at 10^5 steps, about 24 expected */
            {"resets between a step's two clocks", og.cut_steps, c->step_clks > 1 && o->cycles / c->step_clks >= 100000},
        };
        SC_COV_GATE(r, pts);
    }
}
