/* SPDX-License-Identifier: Apache-2.0 */
/* sc_ht_stack: simtcheck unit "ht_stack": simt_ht_stack (per-warp PDOM stack with hyper-threaded
 * scheduling, Steffen 2012 §4.2.1.1, Algorithm 1 corrected) against cmodel/simt_ht_stack.c;
 * contract docs/units/ht_stack.md.
 *
 * Random runs (--test random-ops, and the default run until the CFG-walker run lands) play a core
 * that issues the warp's meta-data as a bundle and reports, per slot, a plausible instruction:
 * ADV to the next PC or onto the entry's reconvergence PC (an arrival), BR with a random subset
 * of the slot's lanes taken, to a target from a small PC pool, reconverging either where the
 * entry already does (a loop back-edge) or at a new PC, EXIT from the root, SYNC; with refused
 * requests mixed in (a launch of a running warp, a batch while busy, EXIT from a non-root entry,
 * unknown kinds, reports for invalid slots). Every 2,048 to 6,143 steps a phase drains the stack
 * to its root's SYNC and EXIT (drain_next), then grows it to the most entries its policy allows
 * (fill_next), so that these and the capacity stalls below the no-stall depth come in every run
 * by construction. A capacity deadlock (full_o for 3 cycles:
 * possible with D below the no-stall depth) resets the warp (a trace line of its own). Every cycle also checks the
 * meta-data against the stack independently of both models: scheduled lanes disjoint, the top
 * entry always scheduled, lane_act = the union of the scheduled entries, and the PDOM order
 * (each entry's mask a subset of, or disjoint from, every entry below).
 *
 * Directed tests (expected values derived by hand, docs/units/ht_stack.md "Directed tests"):
 * ifelse, ifonly, nested, errata, capacity, bad.
 *
 * Trace line: ht_fields below (simtcheck ht_stack --trace-doc). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_prog.h"
#include "simt_ht_fetch.h"
#include "simt_ht_stack.h"
#include "simtcheck.h"
#include "vl_ht_stack.h"

static const char *const ht_tests[] = {"ifelse", "ifelse-sweep", "ifonly", "nested", "errata", "capacity", "wa-fig43",
                                       "ss", "ss-sync", "bad", NULL};
static const char *const ht_random_tests[] = {"random-ops", "fetch-walk", NULL};

/* A trace line: a reset flag, then the model's input struct. */
typedef struct {
    unsigned rst;
    simt_ht_stack_in in;
} ht_line;

#define IN(m) SC_AT(ht_line, in.m)
#define ARR(m) SC_ARRAY(ht_line, in.m)
static const sc_field ht_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(ht_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"ln_valid", "1", NULL, NULL, IN(ln_valid), "launch the warp"},
    {"ln_pc", "PC_W", NULL, "ln_valid=1", IN(ln_pc), "its first PC"},
    {"ln_mask", "W", NULL, "ln_valid=1", IN(ln_mask), "its lanes"},
    {"rp_valid", "1", NULL, NULL, IN(rp_valid), "the report batch of the bundle issued from the meta-data"},
    {"rp_kind", "3", "K", "rp_valid=1", ARR(rp_kind), "slot i: 0 NONE, 1 ADV, 2 BR, 3 EXIT, 4 SYNC (5-7 refused)"},
    {"rp_npc", "PC_W", "K", "rp_valid=1", ARR(rp_npc), "slot i: the next PC"},
    {"rp_tgt", "PC_W", "K", "rp_valid=1", ARR(rp_tgt), "slot i: BR target"},
    {"rp_tmask", "W", "K", "rp_valid=1", ARR(rp_tmask), "slot i: BR taken lanes"},
    {"rp_rpc", "PC_W", "K", "rp_valid=1", ARR(rp_rpc), "slot i: BR reconvergence PC"},
    {"rp_nrpc", "PC_W", "K", "rp_valid=1", ARR(rp_nrpc), "slot i: BR, work-ahead: the next PDOM point after rp_rpc"},
    {"rp_prio", "PRIO_W", "K", "rp_valid=1", ARR(rp_prio), "slot i: BR, work-ahead: the priority of rp_rpc"},
    {"rp_wav", "1", "K", "rp_valid=1", ARR(rp_wav), "slot i: BR, work-ahead: allowed past rp_rpc"},
};
#undef IN
#undef ARR

/* ---- lockstep ---- */

typedef struct {
    sc_lockstep core;
    const vl_ht_stack_ops *m;
    simt_ht_stack gold;
    simt_ht_stack_cfg cfg;
    simt_ht_stack_out out, act;
    /* work-ahead: lane PCs before a split, checked after it (the contract's property P6: a split
     * moves no lane; Steffen 2012 §4.2.1.2, Fig. 4.6) */
    int p6_pending;
    uint64_t p6_pc[SIMT_HT_MAX_W], p6_live;
    /* counts for the coverage of both runs */
    uint64_t wa_splits, ss_splits, ss_resplits, ss_rejoins;
    int ss_rejoined;
} lockstep;

/* Lane i's PC: the PC of the topmost entry holding it; live = the lanes of some entry. */
static void lane_pcs(const simt_ht_stack_cfg *c, const simt_ht_stack_out *o, uint64_t *pc, uint64_t *live)
{
    *live = 0;
    for (unsigned i = 0; i < c->w; i++) {
        pc[i] = 0;
        for (int e = (int)o->cnt - 1; e >= 0; e--)
            if (o->st[e].mask >> i & 1) {
                pc[i] = o->st[e].pc, *live |= 1ull << i;
                break;
            }
    }
}

static void ls_open(lockstep *ls, sc_run *r, sc_trace *tr, unsigned lanes)
{
    memset(ls, 0, sizeof *ls);
    ls->m = sc_open_model(r, tr, lanes)->ops;
    const vl_ht_stack_ops *m = ls->m;
    ls->cfg = vl_ht_stack_cfg(m);
    char err[160];
    if (simt_ht_stack_cfg_check(&ls->cfg, err, sizeof err))
        sc_die("model %s: %s", m->name, err);
    simt_ht_stack_reset(&ls->gold, &ls->cfg);
    sc_ls_open(&ls->core, r, &m->vl);
}

static void ls_reset(lockstep *ls)
{
    ls->p6_pending = ls->ss_rejoined = 0;
    simt_ht_stack_reset(&ls->gold, &ls->cfg);
    sc_ls_reset(&ls->core);
}

static void ls_peek(const lockstep *ls, simt_ht_stack_out *o)
{
    static const simt_ht_stack_in idle;
    simt_ht_stack_eval(&ls->gold, &idle, o);
}

static void ls_cycle(lockstep *ls, const simt_ht_stack_in *in)
{
    sc_run *r = ls->core.r;
    const simt_ht_stack_cfg *c = &ls->cfg;
    simt_ht_stack_out *e = &ls->out, *a = &ls->act;
    simt_ht_stack_eval(&ls->gold, in, e);
    ls->m->eval(ls->core.rtl, in, a);
    sc_ls_sample(&ls->core);
    const unsigned W = c->w, K = c->k, D = c->d;
    SIMT_HT_STACK_PORTS(SC_CMP_NONE, SC_CMP_OUT)
    if (ls->p6_pending) { /* the cycle after a work-ahead split */
        uint64_t pc[SIMT_HT_MAX_W], live;
        lane_pcs(c, a, pc, &live);
        if (live != ls->p6_live)
            sc_expect_fail(r, "work-ahead split changed the live lanes (0x%" PRIx64 " to 0x%" PRIx64 ")", ls->p6_live, live);
        for (unsigned i = 0; i < c->w; i++)
            if (pc[i] != ls->p6_pc[i])
                sc_expect_fail(r, "work-ahead split moved lane %u (PC 0x%" PRIx64 " to 0x%" PRIx64 ")", i, ls->p6_pc[i], pc[i]);
        ls->p6_pending = 0;
    }
    if (a->wa_split && ls->gold.phase + 1 >= c->step_clks) { /* applied at the step's last clock */
        lane_pcs(c, a, ls->p6_pc, &ls->p6_live);
        ls->p6_pending = 1;
        ls->wa_splits++;
    }
    const unsigned cnt0 = ls->gold.cnt;
    simt_ht_stack_step(&ls->gold, in);
    sc_ls_edge(&ls->core);
    if (c->policy == SIMT_HT_SS) {
        if (cnt0 == 1 && ls->gold.cnt > 1) { /* a spatial split; after a barrier's rejoin: a re-split */
            ls->ss_splits++;
            ls->ss_resplits += ls->ss_rejoined;
            ls->ss_rejoined = 0;
        }
        if (cnt0 > 1 && ls->gold.cnt == 1)
            ls->ss_rejoins++, ls->ss_rejoined = 1;
    }
}

/* A random run's step: the fields of a launch or batch that is not valid drawn at random (the
 * unit must ignore them; sc_dontcare_fill: nothing with --no-dontcare). */
static void dontcare(sc_run *r, simt_ht_stack_in *in)
{
    ht_line ln = {0, *in};
    sc_dontcare_fill(r, &ln);
    *in = ln.in;
}

/* A step of STEP_CLKS clocks (the contract's "Two-clock step"): its first clocks, the inputs
 * held, each compared and recorded (a trace line is a clock); the caller then runs the last,
 * whose answers (bad_o, full_o) are the step's. Nothing for a single-cycle model. */
static void ls_first_clocks(lockstep *ls, const simt_ht_stack_in *in)
{
    sc_run *r = ls->core.r;
    for (unsigned k = 1; k < ls->cfg.step_clks; k++) {
        if (r->record) {
            const ht_line ln = {0, *in};
            sc_trace_write(r, &ln);
        }
        ls_cycle(ls, in);
        r->cycle++;
    }
}

/* ---- independent checks of the meta-data against the stack (outputs o of the RTL) ---- */

static void check_md(sc_run *r, const simt_ht_stack_cfg *c, const simt_ht_stack_out *o)
{
    /* PDOM order: entry j above i: mask_j subset of mask_i, or disjoint */
    for (unsigned j = 1; j < o->cnt; j++)
        for (unsigned i = 0; i < j; i++) {
            uint64_t a = o->st[i].mask, b = o->st[j].mask;
            if ((a & b) && (b & ~a)) {
                sc_expect_fail(r, "PDOM order: entry %u (mask 0x%" PRIx64 ") straddles entry %u (0x%" PRIx64 ") below",
                               j, b, i, a);
                return;
            }
        }
    /* the root holds every live lane */
    uint64_t live = 0;
    for (unsigned e = 0; e < o->cnt; e++)
        live |= o->st[e].mask;
    if (o->cnt && live != o->st[0].mask)
        sc_expect_fail(r, "the root (mask 0x%" PRIx64 ") does not hold every live lane (0x%" PRIx64 ")", o->st[0].mask,
                       live);
    const int ss_split = c->policy == SIMT_HT_SS && o->cnt > 1;
    const unsigned g_w = c->w / c->k;
    if (ss_split) /* spatial subdivision: every entry above level 0 holds the lanes of one group */
        for (unsigned e = 1; e < o->cnt; e++) {
            unsigned g = (unsigned)__builtin_ctzll(o->st[e].mask) / g_w;
            if (o->st[e].mask & ~(sc_ones(g_w) << (g * g_w)))
                sc_expect_fail(r, "spatial subdivision: entry %u (mask 0x%" PRIx64 ") spans groups", e, o->st[e].mask);
        }
    if (!o->md_valid)
        return;
    if (ss_split) {
        unsigned g = (unsigned)__builtin_ctzll(o->st[o->cnt - 1].mask) / g_w;
        if (!(o->slot_v >> g & 1) || o->slot_pc[g] != o->st[o->cnt - 1].pc)
            sc_expect_fail(r, "slot %u is not the top entry, of its group (PC 0x%" PRIx64 ")", g, o->st[o->cnt - 1].pc);
        for (unsigned i = 0; i < c->w; i++)
            if ((o->lane_act >> i & 1) && o->lane_sel[i] != i / g_w)
                sc_expect_fail(r, "spatial subdivision: lane %u runs slot %u, not its group's %u", i, o->lane_sel[i],
                               i / g_w);
    } else if (!(o->slot_v & 1) || o->slot_pc[0] != o->st[o->cnt - 1].pc)
        sc_expect_fail(r, "slot 0 is not the top entry (PC 0x%" PRIx64 ")", o->st[o->cnt - 1].pc);
    /* every active lane selects a valid slot whose PC is the PC of the topmost entry holding it */
    uint64_t seen_slots = 0;
    for (unsigned i = 0; i < c->w; i++) {
        int act = (int)(o->lane_act >> i & 1);
        if (!act) {
            if (o->lane_sel[i])
                sc_expect_fail(r, "inactive lane %u has lane_sel %u", i, o->lane_sel[i]);
            continue;
        }
        unsigned s = o->lane_sel[i];
        int top = -1;
        for (int e = (int)o->cnt - 1; e >= 0 && top < 0; e--)
            if (o->st[e].mask >> i & 1)
                top = e;
        if (s >= c->k || !(o->slot_v >> s & 1) || top < 0 || o->slot_pc[s] != o->st[top].pc)
            sc_expect_fail(r, "lane %u runs slot %u, not its own PC (topmost entry %d)", i, s, top);
        seen_slots |= 1ull << (s % 64);
    }
    if (seen_slots != o->slot_v)
        sc_expect_fail(r, "slot_v 0x%" PRIx64 " but lanes use slots 0x%" PRIx64, o->slot_v, seen_slots);
    /* the top entry's lanes are all active (progress) */
    if ((o->st[o->cnt - 1].mask & ~o->lane_act) != 0)
        sc_expect_fail(r, "lanes of the top entry are not scheduled");
}

/* The no-stall depth of the policy (contract "Sizing"). */
static unsigned nostall_d(const simt_ht_stack_cfg *c)
{
    return c->policy == SIMT_HT_WA ? 3 * c->w - 2 : c->policy == SIMT_HT_SS ? 2 * c->w - c->k + 1 : 2 * c->w - 1;
}

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
static const simt_ht_ent *slot_entry(const simt_ht_stack_cfg *c, const simt_ht_stack_out *st, unsigned k,
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
        in->rp_valid = 1, in->rp_kind[0] = SIMT_HT_ADV, og->refused = 1;
        return 1;
    }
    if (!st->md_valid)
        return 1; /* busy, or a work-ahead split: no batch */
    in->rp_valid = 1;
    for (unsigned k = 0; k < c->k; k++) {
        if (!(st->slot_v >> k & 1))
            continue;
        uint64_t lanes;
        const simt_ht_ent *E = slot_entry(c, st, k, &lanes);
        in->rp_npc[k] = (E->pc + 4) & sc_ones(c->pc_w);
        if (E->hasr) /* an arrival: the entry leaves, its lanes wait below */
            in->rp_kind[k] = SIMT_HT_ADV, in->rp_npc[k] = E->rpc;
        else if (st->cnt > 1 || !og->synced) /* SS: a group root at the barrier; the root alone: SYNC, */
            in->rp_kind[k] = SIMT_HT_SYNC, og->synced |= st->cnt == 1;
        else /* then EXIT */
            in->rp_kind[k] = SIMT_HT_EXIT;
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
    if (c->policy == SIMT_HT_WA && og->fill_splits + 1 < c->k && st->cnt + 1 <= c->d)
        for (unsigned k = 0; k < c->k && arrive < 0; k++) {
            uint64_t lanes;
            const simt_ht_ent *E = slot_entry(c, st, k, &lanes);
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
        const simt_ht_ent *E = slot_entry(c, st, k, &lanes);
        in->rp_kind[k] = SIMT_HT_ADV;
        in->rp_npc[k] = (int)k == arrive ? E->rpc : fresh_pc(og, st);
        if (arrive < 0 && __builtin_popcountll(lanes) >= 2) {
            in->rp_kind[k] = SIMT_HT_BR;
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
        const simt_ht_ent *E = &st->st[ent < 0 ? 0 : ent];
        uint64_t lanes = 0;
        for (unsigned i = 0; i < c->w; i++)
            if ((st->lane_act >> i & 1) && st->lane_sel[i] == k)
                lanes |= 1ull << i;
        unsigned roll = (unsigned)sc_below(g, 100);
        in->rp_npc[k] = (E->pc + 4) & sc_ones(c->pc_w);
        if (!E->hasr && roll < 4) {
            in->rp_kind[k] = SIMT_HT_EXIT;
        } else if (roll < 6) {
            in->rp_kind[k] = SIMT_HT_SYNC;
        } else if (roll < 7) {
            in->rp_kind[k] = 5 + (unsigned)sc_below(g, 3); /* refused: unknown kind */
        } else if (roll < 55) {
            in->rp_kind[k] = SIMT_HT_ADV;
            if (E->hasr && sc_chance(g, 25))
                in->rp_npc[k] = E->rpc;
            else if (sc_chance(g, 20))
                in->rp_npc[k] = pick_pc(og);
        } else {
            in->rp_kind[k] = SIMT_HT_BR;
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

static void ht_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    ls_open(&ls, r, &tr, o->lanes);
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
    ls_peek(&ls, &st);
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
            dontcare(r, &in);
            ls_first_clocks(&ls, &in);
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
            ls_reset(&ls);
            ls_peek(&ls, &st);
            cv.resets++;
            continue; /* not a compared cycle */
        }
        if (r->record) {
            const ht_line ln = {0, in};
            sc_trace_write(r, &ln);
        }
        ls_cycle(&ls, &in);
        const simt_ht_stack_out *e = &ls.out;
        cv.cycles++;
        cv.launches += e->launched;
        cv.batches += e->accepted;
        for (unsigned b = 0; b < 3; b++)
            cv.bad[b] += e->bad >> b & 1;
        cv.fulls += e->full;
        if (e->full && c->d >= nostall_d(c)) /* the contract's sizing: never at the no-stall depth */
            sc_expect_fail(r, "full_o with D = %u, at or above the no-stall depth %u", c->d, nostall_d(c));
        cv.busy_cycles += e->busy;
        if (e->accepted) {
            for (unsigned d = 0; d < st.cnt; d++) {
                int s = st.sched_ent[d];
                if (s < 0)
                    continue;
                const simt_ht_ent *E = &st.st[d];
                unsigned kd = in.rp_kind[s];
                uint64_t t = in.rp_tmask[s] & E->mask;
                if (kd == SIMT_HT_ADV)
                    cv.adv++, cv.arrivals += E->hasr && (in.rp_npc[s] & sc_ones(c->pc_w)) == E->rpc;
                else if (kd == SIMT_HT_BR) {
                    int div = t && t != E->mask && in.rp_tgt[s] != in.rp_npc[s];
                    cv.br_div += div;
                    cv.br_uni += !div;
                    cv.backedges += div && E->hasr && (in.rp_rpc[s] & sc_ones(c->pc_w)) == E->rpc;
                } else if (kd == SIMT_HT_EXIT && !E->hasr)
                    cv.exits++;
                else if (kd == SIMT_HT_SYNC && !E->hasr)
                    cv.syncs++;
            }
            if (st.sched_n > (unsigned)__builtin_popcountll(st.slot_v))
                cv.merged++;
            cv.multi_slot += __builtin_popcountll(st.slot_v) >= 2;
        }
        og.full_run = e->full ? og.full_run + 1 : 0;
        ls_peek(&ls, &st);
        check_md(r, c, &ls.act);
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
            {"back-edges", cv.backedges, c->policy != SIMT_HT_SS || c->w / c->k >= 4}, /* (2-lane groups cannot) */ {"exits", cv.exits, 1}, {"syncs", cv.syncs, 1},
            {"refused launches", cv.bad[0], 1}, {"refused batches", cv.bad[1], 1}, {"refused reports", cv.bad[2], 1},
            {"multi-cycle batches", cv.busy_cycles, c->k >= 2 && c->policy >= 1},
            {"capacity stalls", cv.fulls, c->d < nostall_d(c)},
            {"bundles of two or more slots", cv.multi_slot, c->k >= 2 && c->policy >= 1},
            {"merged slots", cv.merged, c->merge && c->k >= 2 && c->policy >= 1},
            {"work-ahead splits", ls.wa_splits, c->policy == SIMT_HT_WA && c->k >= 2},
            {"spatial splits", ls.ss_splits, c->policy == SIMT_HT_SS},
            {"spatial re-splits after a barrier", ls.ss_resplits, c->policy == SIMT_HT_SS},
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
        case CFG_OP: in->rp_kind[k] = SIMT_HT_ADV; break;
        case CFG_SYNC: in->rp_kind[k] = SIMT_HT_SYNC; break;
        case CFG_JMP: in->rp_kind[k] = SIMT_HT_ADV, in->rp_npc[k] = ci.tgt & pcm; break;
        case CFG_EXIT: in->rp_kind[k] = SIMT_HT_EXIT; break;
        default:
            in->rp_kind[k] = SIMT_HT_BR;
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
    simt_ht_stack_cfg pc = {c->w, c->pc_w, 1, 3 * c->w - 2, SIMT_HT_PDOM, 0, c->prio_w, 1};
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

static void ht_walk(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    ls_open(&ls, r, &tr, o->lanes);
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
    ls_peek(&ls, &st);
    for (r->cycle = 0; r->cycle <= r->stop_after && r->cycle < o->cycles;) {
        memset(&in, 0, sizeof in);
        if (full_run >= 3) { /* capacity deadlock (D < 2W-1): reset the warp, next program */
            full_run = 0;
            if (r->record) {
                const ht_line ln = {1, in};
                sc_trace_write(r, &ln);
            }
            ls_reset(&ls);
            ls_peek(&ls, &st);
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
        dontcare(r, &in);
        ls_first_clocks(&ls, &in);
        if (r->record) {
            const ht_line ln = {0, in};
            sc_trace_write(r, &ln);
        }
        ls_cycle(&ls, &in);
        const simt_ht_stack_out *e = &ls.out;
        full_run = e->full ? full_run + 1 : 0;
        if (e->full && c->d >= nostall_d(c))
            sc_expect_fail(r, "full_o with D = %u, at or above the no-stall depth %u", c->d, nostall_d(c));
        if (in.ln_valid && !e->launched && !(e->bad & SIMT_HT_BAD_LAUNCH))
            sc_expect_fail(r, "a launch was neither accepted nor refused");
        if (e->accepted) {
            /* each active lane executes its slot's PC: it must be the lane's own next PC */
            /* (spatial subdivision: a group at a barrier does not execute it yet, it hands the
             * barrier's PC to level 0, which executes it for the whole warp: Steffen 2012 §4.2.1.3; D17) */
            const int ss_split = c->policy == SIMT_HT_SS && st.cnt > 1;
            for (unsigned i = 0; i < c->w; i++)
                if (st.lane_act >> i & 1) {
                    uint64_t pc = st.slot_pc[st.lane_sel[i]];
                    if (ss_split && in.rp_kind[st.lane_sel[i]] == SIMT_HT_SYNC)
                        continue;
                    if (cfg_lane_exec(lanes, i, pc)) {
                        sc_expect_fail(r, "lane %u runs PC 0x%" PRIx64 " but its own path is at 0x%" PRIx64, i, pc,
                                       cfg_lane_pc(lanes, i));
                        if (r->directed_fail == 1)
                            cfg_prog_dump(p, stdout);
                    }
                    cv.lanes_checked++;
                }
            if (e->bad & SIMT_HT_BAD_REPORT)
                sc_expect_fail(r, "a report of the program was refused (bad_o = %u)", e->bad);
            prog_bundles++;
            cv.bundles++;
            unsigned ns = (unsigned)__builtin_popcountll(st.slot_v);
            cv.slots_used += ns;
            cv.multi_slot += ns >= 2;
        }
        ls_peek(&ls, &st);
        check_md(r, c, &ls.act);
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
            {"work-ahead splits", ls.wa_splits, c->policy == SIMT_HT_WA && c->k >= 2},
            /* a re-split needs a barrier between two divergences of one program (the walker puts a
             * SYNC at 15 % of the top-level statements): the walk has 55 or more in 10^5 cycles
             * (100 seeds, every SS model of W <= 32), fetch-walk, a fetch cycle per bundle, about
             * 15 at W = 32 and 64, as few as 4: gated there from 3 x 10^5 cycles (the walk and
             * random-ops, whose phases re-split by construction, gate it at every length) */
            {"spatial re-splits after a barrier", ls.ss_resplits,
             c->policy == SIMT_HT_SS && (!with_fetch || o->cycles >= 300000)},
            {"I-cache misses", cv.fetch_misses, (uint64_t)with_fetch},
        };
        SC_COV_GATE(r, pts);
    }
    cfg_lanes_free(lanes);
    cfg_prog_free(p);
}

/* ---- directed tests: a tiny program executor ---- */

enum { I_PLAIN, I_JMP, I_BR, I_EXIT, I_SYNC };
typedef struct {
    unsigned pc, kind, tgt, rpc;
    uint64_t taken; /* I_BR: the lanes that take it (every visit), unless a loop below says */
} insn;

/* A loop branch: lane l takes it on its n-th execution (n = 1, 2, ...) while n < trip[l]; and
 * the work-ahead descriptor of its reconvergence point. */
typedef struct {
    unsigned pc;
    unsigned trip[8];
    unsigned nrpc, prio, wav;
} loopbr;

typedef struct {
    sc_run *r;
    lockstep ls;
    const insn *prog;
    unsigned n;
    const loopbr *loops;
    unsigned nloops;
    unsigned visits[4][8];
    unsigned bundles, splits;
} dt;

static const insn *find(const dt *d, uint64_t pc)
{
    for (unsigned i = 0; i < d->n; i++)
        if (d->prog[i].pc == pc)
            return &d->prog[i];
    return NULL;
}

static void dt_cycle(dt *d, const simt_ht_stack_in *in)
{
    /* one step: STEP_CLKS clocks, the inputs held (the last clock's answers in d->ls.out) */
    for (unsigned k = 0; k < (d->ls.cfg.step_clks > 1 ? d->ls.cfg.step_clks : 1); k++) {
        ls_cycle(&d->ls, in);
        check_md(d->r, &d->ls.cfg, &d->ls.act);
        d->r->cycle++;
    }
}

static void dt_launch(dt *d, uint64_t pc, uint64_t mask)
{
    simt_ht_stack_in in;
    memset(&in, 0, sizeof in);
    in.ln_valid = 1, in.ln_pc = pc, in.ln_mask = mask;
    dt_cycle(d, &in);
}

/* Issue the current meta-data as one bundle: each slot's instruction from the program; then
 * cycles until the batch is processed. Returns 0 when the warp is done (or not issuable). */
static int dt_bundle(dt *d)
{
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    while (st.wa_split && d->splits < 100) { /* work-ahead splits: one idle cycle each */
        simt_ht_stack_in idle;
        memset(&idle, 0, sizeof idle);
        dt_cycle(d, &idle);
        d->splits++;
        ls_peek(&d->ls, &st);
    }
    if (!st.md_valid)
        return 0;
    simt_ht_stack_in in;
    memset(&in, 0, sizeof in);
    in.rp_valid = 1;
    for (unsigned k = 0; k < d->ls.cfg.k; k++) {
        if (!(st.slot_v >> k & 1))
            continue;
        const insn *i = find(d, st.slot_pc[k]);
        if (!i) {
            sc_expect_fail(d->r, "slot %u runs PC 0x%" PRIx64 ", not in the program", k, st.slot_pc[k]);
            return 0;
        }
        in.rp_npc[k] = i->pc + 4;
        switch (i->kind) {
        case I_PLAIN: in.rp_kind[k] = SIMT_HT_ADV; break;
        case I_JMP: in.rp_kind[k] = SIMT_HT_ADV, in.rp_npc[k] = i->tgt; break;
        case I_EXIT: in.rp_kind[k] = SIMT_HT_EXIT; break;
        case I_SYNC: in.rp_kind[k] = SIMT_HT_SYNC; break;
        default:
            in.rp_kind[k] = SIMT_HT_BR, in.rp_tgt[k] = i->tgt, in.rp_rpc[k] = i->rpc, in.rp_tmask[k] = i->taken;
            for (unsigned b = 0; b < d->nloops && b < 4; b++)
                if (d->loops[b].pc == i->pc) {
                    const loopbr *lb = &d->loops[b];
                    in.rp_tmask[k] = 0;
                    for (unsigned l = 0; l < d->ls.cfg.w && l < 8; l++)
                        if ((st.lane_act >> l & 1) && st.lane_sel[l] == k && ++d->visits[b][l] < lb->trip[l])
                            in.rp_tmask[k] |= 1ull << l;
                    in.rp_nrpc[k] = lb->nrpc, in.rp_prio[k] = lb->prio, in.rp_wav[k] = lb->wav;
                }
        }
    }
    d->bundles++;
    dt_cycle(d, &in);
    memset(&in, 0, sizeof in);
    for (unsigned g = 0; g < 8; g++) { /* at most K structural updates, one per cycle */
        ls_peek(&d->ls, &st);
        if (!st.busy)
            break;
        dt_cycle(d, &in);
    }
    ls_peek(&d->ls, &st);
    return st.cnt > 0;
}

#define CHECK(cond, ...)                                                                                   \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            sc_expect_fail(d->r, __VA_ARGS__);                                                             \
    } while (0)

static unsigned run_to_end(dt *d, unsigned max)
{
    while (d->bundles < max && dt_bundle(d))
        ;
    return d->bundles;
}

static void chk_slots(dt *d, const char *what, unsigned nslots, const uint64_t *pc, const unsigned *sel, uint64_t act)
{
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(st.md_valid, "%s: no meta-data", what);
    CHECK((unsigned)__builtin_popcountll(st.slot_v) == nslots && st.slot_v == sc_ones(nslots),
          "%s: slot_v 0x%" PRIx64 ", expected %u slots", what, st.slot_v, nslots);
    for (unsigned k = 0; k < nslots; k++)
        CHECK(st.slot_pc[k] == pc[k], "%s: slot %u PC 0x%" PRIx64 ", expected 0x%" PRIx64, what, k, st.slot_pc[k], pc[k]);
    CHECK(st.lane_act == act, "%s: lane_act 0x%" PRIx64 ", expected 0x%" PRIx64, what, st.lane_act, act);
    for (unsigned i = 0; i < 4; i++)
        if (act >> i & 1)
            CHECK(st.lane_sel[i] == sel[i], "%s: lane %u selects slot %u, expected %u", what, i, st.lane_sel[i], sel[i]);
}

/* ifelse (Steffen 2012 §4.1, Fig. 4.2a): 0x00 BR to 0x10 taken by lanes 0, 1; else block 0x04,
 * 0x08, 0x0C (jump to 0x20); then block 0x10..0x1C (falls into 0x20); 0x20 exit. The divergent
 * region takes 4 bundles at K = 2 (both paths in parallel: max(3, 4)) and 7 at K = 1 (3 + 4):
 * 1 + 4 + 1 = 6 and 1 + 7 + 1 = 9 bundles in all; the time ratio max/(A+B) = 4/7 of §4.1.1. */
static const insn p_ifelse[] = {
    {0x00, I_BR, 0x10, 0x20, 0x3}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_JMP, 0x20, 0, 0},
    {0x10, I_PLAIN, 0, 0, 0},      {0x14, I_PLAIN, 0, 0, 0}, {0x18, I_PLAIN, 0, 0, 0}, {0x1c, I_PLAIN, 0, 0, 0},
    {0x20, I_EXIT, 0, 0, 0},
};

static void t_ifelse(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    d->prog = p_ifelse, d->n = sizeof p_ifelse / sizeof p_ifelse[0];
    dt_launch(d, 0x00, 0xf);
    dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(st.cnt == 3 && st.st[0].pc == 0x20 && st.st[0].mask == 0xf && !st.st[0].hasr && st.st[1].pc == 0x04 &&
              st.st[1].mask == 0xc && st.st[1].rpc == 0x20 && st.st[2].pc == 0x10 && st.st[2].mask == 0x3,
          "after the branch: stack [R{0x20,1111}, NT{0x04,1100}, T{0x10,0011}] expected");
    if (c->policy == SIMT_HT_SS)
        sc_die("test ifelse: spatial subdivision has its own test (ss)");
    const int par = c->policy >= 1 && c->k >= 2;
    if (par)
        chk_slots(d, "after the branch", 2, (const uint64_t[]){0x10, 0x04}, (const unsigned[]){0, 0, 1, 1}, 0xf);
    else
        chk_slots(d, "after the branch", 1, (const uint64_t[]){0x10}, (const unsigned[]){0, 0, 0, 0}, 0x3);
    unsigned n = run_to_end(d, 40);
    CHECK(n == (par ? 6u : 9u), "%u bundles to completion, expected %u", n, par ? 6u : 9u);
    printf("ifelse: %u bundles (divergent region %u; PDOM 7)\n", n, n - 2);
}

/* ifelse-sweep (Steffen 2012 §4.1.1, the architectural sanity check of the speed-up): one
 * if/else with a then-block of A instructions (falling into the RPC) and an else-block of B (the
 * last one jumps to the RPC), lanes 0, 1 taking the branch. PDOM runs the paths one after the
 * other: 1 + (A + B) + 1 bundles; two slots run them side by side: 1 + max(A, B) + 1. So the
 * divergent region speeds up by (A + B) / max(A, B) (D21: the max/(A+B) of §4.1.1 is the time
 * ratio). A, B = 1..6. */
static void t_ifelse_sweep(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    if (c->policy == SIMT_HT_SS)
        sc_die("test ifelse-sweep: not for spatial subdivision (lanes 0, 1 are one group)");
    const int par = c->policy >= 1 && c->k >= 2;
    static insn prog[16];
    double worst = 1e9;
    for (unsigned a = 1; a <= 6; a++)
        for (unsigned b = 1; b <= 6; b++) {
            const unsigned t = 0x100, rpc = 0x200;
            unsigned n = 0;
            prog[n++] = (insn){0x00, I_BR, t, rpc, 0x3};
            for (unsigned i = 0; i < b; i++)
                prog[n++] = (insn){4 + 4 * i, i + 1 == b ? I_JMP : I_PLAIN, i + 1 == b ? rpc : 0, 0, 0};
            for (unsigned i = 0; i < a; i++) /* (its last instruction jumps to the RPC too) */
                prog[n++] = (insn){t + 4 * i, i + 1 == a ? I_JMP : I_PLAIN, i + 1 == a ? rpc : 0, 0, 0};
            prog[n++] = (insn){rpc, I_EXIT, 0, 0, 0};
            d->prog = prog, d->n = n, d->bundles = 0;
            dt_launch(d, 0x00, 0xf);
            unsigned got = run_to_end(d, 40);
            unsigned want = par ? 2 + (a > b ? a : b) : 2 + a + b;
            CHECK(got == want, "A = %u, B = %u: %u bundles, expected %u", a, b, got, want);
            double ratio = (double)(a + b) / (double)(a > b ? a : b);
            if (ratio < worst)
                worst = ratio;
        }
    printf("ifelse-sweep: A, B = 1..6, divergent region %s; speedup (A+B)/max(A,B) from %.2f (A or B = 0 would "
           "give 1) to 2.00 at A = B\n", par ? "max(A, B) bundles" : "A + B bundles (PDOM)", worst);
}

/* ifonly (Steffen 2012 §4.1.1): 0x00 BR to 0x10 = its RPC, taken by lanes 2, 3 (they skip the
 * then-block and wait at the RPC, no entry); lanes 0, 1 run 0x04..0x0C. Stack [R{0x10,1111},
 * NT{0x04,0011}]: R is not runnable, so K = 2 schedules only NT, as K = 1 does: 1 + 3 + 1 = 5
 * bundles either way. */
static const insn p_ifonly[] = {
    {0x00, I_BR, 0x10, 0x10, 0xc}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_PLAIN, 0, 0, 0},
    {0x10, I_EXIT, 0, 0, 0},
};

static void t_ifonly(dt *d)
{
    d->prog = p_ifonly, d->n = sizeof p_ifonly / sizeof p_ifonly[0];
    dt_launch(d, 0x00, 0xf);
    dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(st.cnt == 2 && st.st[0].pc == 0x10 && st.st[1].pc == 0x04 && st.st[1].mask == 0x3,
          "after the branch: stack [R{0x10,1111}, NT{0x04,0011}] expected");
    chk_slots(d, "after the branch", 1, (const uint64_t[]){0x04}, (const unsigned[]){0, 0, 0, 0}, 0x3);
    unsigned n = run_to_end(d, 40);
    CHECK(n == 5, "%u bundles, expected 5 (no gain from an if without else, Steffen 2012 §4.1.1)", n);
}

/* nested (Steffen 2012 §4.2.1.1): 0x00 BR taken 0011 to 0x40, fall-through 0x04, RPC 0x80; at 0x40
 * BR taken 0001 to 0x60, fall-through 0x44, RPC 0x70. After the bundle with the inner branch (the
 * else path ran 0x04 in the same bundle at K >= 2): [R0{0x80,1111}, NT{0x08,1100}, R1{0x70,0011},
 * NT1{0x44,0010}, T1{0x60,0001}]. K = 2: slots 0x60 (lane 0), 0x44 (lane 1); K >= 3: plus 0x08
 * (lanes 2, 3); R1 and R0 never. K = 1 ran only T, so NT is still at 0x04 and only T1 runs. */
static const insn p_nested[] = {
    {0x00, I_BR, 0x40, 0x80, 0x3}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_JMP, 0x80, 0, 0},
    {0x40, I_BR, 0x60, 0x70, 0x1}, {0x44, I_JMP, 0x70, 0, 0}, {0x60, I_PLAIN, 0, 0, 0}, {0x64, I_JMP, 0x70, 0, 0},
    {0x70, I_JMP, 0x80, 0, 0},     {0x80, I_EXIT, 0, 0, 0},
};

static void t_nested(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    d->prog = p_nested, d->n = sizeof p_nested / sizeof p_nested[0];
    dt_launch(d, 0x00, 0xf);
    dt_bundle(d);
    dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    const unsigned k = c->policy == 0 ? 1 : c->k;
    const uint64_t nt_pc = k >= 2 ? 0x08 : 0x04;
    CHECK(st.cnt == 5 && st.st[0].pc == 0x80 && st.st[1].pc == nt_pc && st.st[1].mask == 0xc && st.st[2].pc == 0x70 &&
              st.st[2].mask == 0x3 && st.st[3].pc == 0x44 && st.st[3].mask == 0x2 && st.st[4].pc == 0x60 &&
              st.st[4].mask == 0x1,
          "stack [R0{0x80}, NT{0x%" PRIx64 ",1100}, R1{0x70,0011}, NT1{0x44,0010}, T1{0x60,0001}] expected", nt_pc);
    if (k == 1)
        chk_slots(d, "K = 1", 1, (const uint64_t[]){0x60}, (const unsigned[]){0, 0, 0, 0}, 0x1);
    else if (k == 2)
        chk_slots(d, "K = 2", 2, (const uint64_t[]){0x60, 0x44}, (const unsigned[]){0, 1, 0, 0}, 0x3);
    else
        chk_slots(d, "K >= 3", 3, (const uint64_t[]){0x60, 0x44, 0x08}, (const unsigned[]){0, 1, 2, 2}, 0xf);
    unsigned n = run_to_end(d, 60);
    /* K = 1: 0x00, 0x40, T1 0x60 0x64, NT1 0x44, R1 0x70, NT 0x04 0x08 0x0C, 0x80 = 10.
     * K = 2: (0x00) (0x40,0x04) (0x60,0x44) (0x64,0x08) (0x70,0x0C) (0x80) = 6.
     * K >= 3: (0x00) (0x40,0x04) (0x60,0x44,0x08) (0x64,0x0C) (0x70) (0x80) = 6. */
    unsigned want = k == 1 ? 10 : 6;
    CHECK(n == want, "%u bundles, expected %u", n, want);
}

/* Algorithm 1 as printed in Steffen 2012 §4.2.1.1 (errata D1-D3 of docs/units/ht_stack.md kept),
 * for the errata test: returns the number of slots it fills, or -1 when it does not terminate
 * within 4*D steps (D1), or -2 when it writes past slot K (D3). subset: 1 reads line 9 (D2) as
 * the bitwise "& ~scheduled", 0 uses the corrected test. */
static int alg1_printed(const simt_ht_ent *st, unsigned cnt, unsigned k, int subset, int fix_d1, int fix_d3)
{
    unsigned num = 1;
    int index = (int)cnt - 2;
    uint64_t scheduled = st[cnt - 1].mask;
    for (unsigned steps = 0; (fix_d3 ? num < k : num <= k) && index >= 0; steps++) {
        if (steps > 4 * cnt)
            return -1;
        uint64_t m = st[index].mask;
        if (subset ? (m & ~scheduled) == 0 : (m & scheduled) == 0) {
            num++;
            if (num > k)
                return -2;
            scheduled |= m;
        }
        if (fix_d1)
            index--;
    }
    return (int)num;
}

/* errata (Steffen 2012 §4.2.1.1, Algorithm 1): stack [R{1111}, NT{1100}, T{0011}] at K = 2. The
 * unit schedules T and NT (corrected). Printed D2 (subset test) schedules only T; printed D1
 * (no decrement) does not terminate (at K = 3: after NT the index stays on NT, which now
 * conflicts); printed D3 with a third disjoint runnable entry writes slot K+1. */
static void t_errata(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    if (c->policy != 1 || c->k != 2 || c->w != 4)
        sc_die("test errata needs --config par --lanes 4");
    d->prog = p_ifelse, d->n = sizeof p_ifelse / sizeof p_ifelse[0];
    dt_launch(d, 0x00, 0xf);
    dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    chk_slots(d, "corrected", 2, (const uint64_t[]){0x10, 0x04}, (const unsigned[]){0, 0, 1, 1}, 0xf);
    int d2 = alg1_printed(st.st, st.cnt, 2, 1, 1, 1);
    int d1 = alg1_printed(st.st, st.cnt, 3, 0, 0, 1); /* K = 3: NT is taken, then NT again conflicts */
    const simt_ht_ent three[4] = {{.pc = 0, .mask = 0xf}, {.pc = 4, .mask = 0x8, .rpc = 1}, {.pc = 8, .mask = 0x4, .rpc = 1},
                                  {.pc = 12, .mask = 0x3, .rpc = 1}};
    int d3 = alg1_printed(three, 4, 2, 0, 1, 0);
    int ok = alg1_printed(st.st, st.cnt, 2, 0, 1, 1);
    printf("errata: corrected Algorithm 1 fills %d slots (the unit: %d); as printed: D2 subset test %d slot(s), "
           "D1 no decrement %s, D3 bound %s\n", ok, __builtin_popcountll(st.slot_v), d2,
           d1 == -1 ? "does not terminate" : "terminates", d3 == -2 ? "writes slot K+1" : "stays in bounds");
    CHECK(ok == 2 && d2 == 1 && d1 == -1 && d3 == -2, "the printed Algorithm 1 should show D1-D3 here");
}

/* capacity (Steffen 2012 §4.2; D12): D = W = 4 (--config small): launch 1111, branch 0011 to
 * 0x40 (3 entries), then at 0x40 a branch taken by lane 0 would need 5 entries: full_o, nothing
 * changes, the batch stays pending (a capacity deadlock, contract "Capacity"); the same program
 * at D = 2W-1 = 7 runs to the end. */
static void t_capacity(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    d->prog = p_nested, d->n = sizeof p_nested / sizeof p_nested[0];
    dt_launch(d, 0x00, 0xf);
    dt_bundle(d);
    simt_ht_stack_out before;
    ls_peek(&d->ls, &before);
    if (c->d >= 5) {
        unsigned n = run_to_end(d, 60);
        CHECK(n >= 6 && !d->ls.out.full, "D = %u: no capacity stall expected", c->d);
        return;
    }
    dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(d->ls.out.full && st.busy, "the inner divergence needs 5 entries of %u: full_o and busy expected", c->d);
    CHECK(st.cnt == before.cnt && !memcmp(st.st, before.st, sizeof st.st), "a capacity stall changed the stack");
}

/* wa-fig43 (Steffen 2012 §4.2.1.2, Fig. 4.3): two loops in sequence. 0x10
 * body 1; 0x14 @p bra 0x10 (RPC 0x18; the descriptor of 0x18: next PDOM point 0x20, prio 1,
 * work-ahead allowed); 0x18 body 2; 0x1C @q bra 0x18 (RPC 0x20); 0x20 exit. Trip counts, lanes
 * 0..3: loop 1 (2, 5, 7, 10), loop 2 (10, 3, 4, 1): thread 3 is the longest in loop 1, thread 0
 * in loop 2. Each loop iteration is two bundles.
 *   PDOM (and PAR, which finds nothing disjoint here, §4.2.1.1): 20 + 20 + 1 = 41 bundles.
 *   E1, E2, E3 below: the split's entries next, ahead and behind (docs/units/ht_stack.md,
 *   "Work-ahead split"; D13).
 *   WA, K = 2: bundle 4 takes lane 0 out of loop 1: [R{0x18,1111,root,WA 0x20/1/1},
 *     L1{0x10,1110,rpc 0x18}], and a split is due (R has lane 0 waiting, lanes 1-3 above): one
 *     busy cycle makes [E1{0x20,1111,root}, E2{0x18,0001,rpc 0x20}, E3{0x18,1110,rpc 0x20,
 *     wav}, L1]: slot 0 = 0x10 (lanes 1-3), slot 1 = 0x18 (lane 0). Lanes 1 and 2 leave loop 1
 *     after bundles 10 and 14 but both slots are in use: they wait in E3. Bundle 20: lane 3
 *     leaves, L1 arrives; lane 0 has run 8 iterations of loop 2 and is back at 0x18, so E3 and
 *     E2 are both runnable at 0x18: one merged slot. The longest remaining loop 2 is lane 2's 4
 *     iterations: bundles 21-28, exit 29. 29 bundles (the thesis's lower bound: lane 0's 12
 *     iterations and the exit, 25).
 *   WA, K = 4 (--config wa4): the lanes leaving loop 1 at bundles 10 and 14 find a free slot and
 *     split off E3 at once (the special case: E3 already reconverges at its next PDOM point),
 *     starting loop 2 at bundles 11 and 15; lane 3 starts at 21 and ends at 22; lane 0 runs
 *     bundles 5-24; exit 25: the lower bound. */
static const insn p_fig43[] = {
    {0x10, I_PLAIN, 0, 0, 0}, {0x14, I_BR, 0x10, 0x18, 0}, {0x18, I_PLAIN, 0, 0, 0}, {0x1c, I_BR, 0x18, 0x20, 0},
    {0x20, I_EXIT, 0, 0, 0},
};
static const loopbr l_fig43[] = {
    {0x14, {2, 5, 7, 10, 0, 0, 0, 0}, 0x20, 1, 1},
    {0x1c, {10, 3, 4, 1, 0, 0, 0, 0}, 0, 0, 0},
};

static void t_wa_fig43(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    d->prog = p_fig43, d->n = sizeof p_fig43 / sizeof p_fig43[0];
    d->loops = l_fig43, d->nloops = 2;
    dt_launch(d, 0x10, 0xf);
    const int wa = c->policy == SIMT_HT_WA && c->k >= 2;
    simt_ht_stack_out st;
    if (wa) {
        for (unsigned b = 0; b < 4; b++)
            dt_bundle(d);
        ls_peek(&d->ls, &st);
        CHECK(st.cnt == 2 && st.st[0].pc == 0x18 && st.st[0].mask == 0xf && !st.st[0].hasr && st.st[0].nrpc == 0x20 &&
                  st.st[0].prio == 1 && st.st[0].wav && st.st[1].pc == 0x10 && st.st[1].mask == 0xe &&
                  st.st[1].rpc == 0x18,
              "after bundle 4: [R{0x18,1111,WA 0x20/1/1}, L1{0x10,1110,rpc 0x18}] expected");
        CHECK(st.wa_split && !st.md_valid, "after bundle 4: a work-ahead split is due, the meta-data invalid");
        simt_ht_stack_in idle;
        memset(&idle, 0, sizeof idle);
        dt_cycle(d, &idle);
        ls_peek(&d->ls, &st);
        CHECK(st.cnt == 4 && st.st[0].pc == 0x20 && st.st[0].mask == 0xf && !st.st[0].hasr && !st.st[0].wav &&
                  st.st[1].pc == 0x18 && st.st[1].mask == 0x1 && st.st[1].rpc == 0x20 && !st.st[1].wav &&
                  st.st[2].pc == 0x18 && st.st[2].mask == 0xe && st.st[2].rpc == 0x20 && st.st[2].wav &&
                  st.st[2].nrpc == 0x20 && st.st[3].pc == 0x10 && st.st[3].mask == 0xe,
              "after the split: [E1{0x20,1111}, E2{0x18,0001,rpc 0x20}, E3{0x18,1110,rpc 0x20,wav}, L1] expected");
        chk_slots(d, "after the split", 2, (const uint64_t[]){0x10, 0x18}, (const unsigned[]){1, 0, 0, 0}, 0xf);
        if (c->k == 2) {
            while (d->bundles < 20 && dt_bundle(d))
                ;
            ls_peek(&d->ls, &st);
            CHECK(st.cnt == 3 && st.sched_n == 2, "after bundle 20: E2 and E3 scheduled (%u entries, %u scheduled)",
                  st.cnt, st.sched_n);
            chk_slots(d, "after bundle 20 (merged)", 1, (const uint64_t[]){0x18}, (const unsigned[]){0, 0, 0, 0}, 0xf);
        }
    }
    unsigned n = run_to_end(d, 80);
    unsigned want = !wa ? 41 : c->k == 2 ? 29 : 25;
    CHECK(n == want, "%u bundles, expected %u", n, want);
    printf("wa-fig43: %u bundles (%u work-ahead splits); PDOM 41, lower bound 25\n", n, d->splits);
}

/* ss (Steffen 2012 §4.2.1.3; W = 8, K = 2; groups lanes 0-3, 4-7): the if/else of ifelse with
 * taken mask 0x33. SS: the branch splits the warp; each group diverges on its own: slot 0 =
 * group 0's then-path (0x10, lanes 0, 1), slot 1 = group 1's (0x10, lanes 4, 5); each group runs
 * its two paths one after the other, 4 + 3 = 7 bundles, as PDOM; then both roots exit:
 * 1 + 7 + 1 = 9 bundles.
 * PAR (K = 2): slot 0 = 0x10 (lanes 0, 1, 4, 5), slot 1 = 0x04 (2, 3, 6, 7): 1 + 4 + 1 = 6.
 * With the group-aligned mask 0x0F, SS splits into two roots with no reconvergence entry:
 * group 0 runs 0x10..0x1C and exits (bundles 2-6), group 1 0x04..0x0C and exits (2-5): 6
 * bundles, the same as PAR (1 + 4 + 1). */
static const insn p_ifelse_33[] = {
    {0x00, I_BR, 0x10, 0x20, 0x33}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_JMP, 0x20, 0, 0},
    {0x10, I_PLAIN, 0, 0, 0},       {0x14, I_PLAIN, 0, 0, 0}, {0x18, I_PLAIN, 0, 0, 0}, {0x1c, I_PLAIN, 0, 0, 0},
    {0x20, I_EXIT, 0, 0, 0},
};
static const insn p_ifelse_0f[] = {
    {0x00, I_BR, 0x10, 0x20, 0x0f}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_JMP, 0x20, 0, 0},
    {0x10, I_PLAIN, 0, 0, 0},       {0x14, I_PLAIN, 0, 0, 0}, {0x18, I_PLAIN, 0, 0, 0}, {0x1c, I_PLAIN, 0, 0, 0},
    {0x20, I_EXIT, 0, 0, 0},
};

static void chk_md8(dt *d, const char *what, uint64_t slot_v, const uint64_t *pc, uint64_t act, const unsigned *sel)
{
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(st.md_valid && st.slot_v == slot_v && st.lane_act == act, "%s: slot_v 0x%" PRIx64 " lane_act 0x%" PRIx64
          ", expected 0x%" PRIx64 " 0x%" PRIx64, what, st.slot_v, st.lane_act, slot_v, act);
    for (unsigned k = 0; k < 2; k++)
        if (slot_v >> k & 1)
            CHECK(st.slot_pc[k] == pc[k], "%s: slot %u PC 0x%" PRIx64 ", expected 0x%" PRIx64, what, k, st.slot_pc[k],
                  pc[k]);
    for (unsigned i = 0; i < 8; i++)
        if (act >> i & 1)
            CHECK(st.lane_sel[i] == sel[i], "%s: lane %u selects slot %u, expected %u", what, i, st.lane_sel[i], sel[i]);
}

static void t_ss(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    if (c->w != 8 || c->k != 2 || c->policy < 1)
        sc_die("test ss needs --lanes 8 and a K = 2 configuration: ss or par");
    const int ss = c->policy == SIMT_HT_SS;
    d->prog = p_ifelse_33, d->n = sizeof p_ifelse_33 / sizeof p_ifelse_33[0];
    dt_launch(d, 0x00, 0xff);
    dt_bundle(d);
    if (ss)
        chk_md8(d, "0x33, after the branch", 3, (const uint64_t[]){0x10, 0x10}, 0x33,
                (const unsigned[]){0, 0, 0, 0, 1, 1, 1, 1});
    else
        chk_md8(d, "0x33, after the branch", 3, (const uint64_t[]){0x10, 0x04}, 0xff,
                (const unsigned[]){0, 0, 1, 1, 0, 0, 1, 1});
    unsigned n = run_to_end(d, 40);
    CHECK(n == (ss ? 9u : 6u), "taken 0x33: %u bundles, expected %u", n, ss ? 9u : 6u);
    unsigned n33 = n;
    d->bundles = 0;
    d->prog = p_ifelse_0f, d->n = sizeof p_ifelse_0f / sizeof p_ifelse_0f[0];
    dt_launch(d, 0x00, 0xff);
    dt_bundle(d);
    if (ss)
        chk_md8(d, "0x0f, after the branch", 3, (const uint64_t[]){0x10, 0x04}, 0xff,
                (const unsigned[]){0, 0, 0, 0, 1, 1, 1, 1});
    n = run_to_end(d, 40);
    CHECK(n == 6, "taken 0x0F: %u bundles, expected 6", n);
    printf("ss: %s, taken 0x33 %u bundles, taken 0x0F %u bundles\n", ss ? "spatial" : "parallel", n33, n);
}

/* ss-sync (Steffen 2012 §4.2.1.3; W = 8, K = 2): 0x00 BR taken by group 0 (0x0F) to 0x20, RPC
 * 0x30; group 1 runs 0x04..0x10 and jumps at 0x14 to the barrier 0x30; group 0 runs 0x20, 0x24,
 * jumps at 0x28. 0x30 SYNC, 0x34 EXIT. SS: bundle 1 splits (both groups uniform: two roots, 0x20
 * and 0x04); bundles 2-4: group 0 0x20-0x28, group 1 0x04-0x0C; bundle 5: group 0 reaches the
 * barrier: its SYNC removes its root and gives level 0 the PC 0x30, only slot 1 stays (group 1 at
 * 0x14 after 0x10 in the same bundle); bundle 6: group 1 jumps; bundle 7: group 1's SYNC: level 0
 * alone, unsplit, slot 0 = 0x30 with all 8 lanes; bundle 8: the barrier (ADV), bundle 9: exit. */
static const insn p_sssync[] = {
    {0x00, I_BR, 0x20, 0x30, 0x0f}, {0x04, I_PLAIN, 0, 0, 0}, {0x08, I_PLAIN, 0, 0, 0}, {0x0c, I_PLAIN, 0, 0, 0},
    {0x10, I_PLAIN, 0, 0, 0},       {0x14, I_JMP, 0x30, 0, 0}, {0x20, I_PLAIN, 0, 0, 0}, {0x24, I_PLAIN, 0, 0, 0},
    {0x28, I_JMP, 0x30, 0, 0},      {0x30, I_SYNC, 0, 0, 0},   {0x34, I_EXIT, 0, 0, 0},
};

static void t_ss_sync(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    if (c->w != 8 || c->k != 2 || c->policy != SIMT_HT_SS)
        sc_die("test ss-sync needs --config ss --lanes 8");
    d->prog = p_sssync, d->n = sizeof p_sssync / sizeof p_sssync[0];
    dt_launch(d, 0x00, 0xff);
    for (unsigned b = 0; b < 5; b++)
        dt_bundle(d);
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    CHECK(st.cnt == 2 && st.st[0].pc == 0x30 && st.st[0].mask == 0xff && st.st[1].pc == 0x14 && st.st[1].mask == 0xf0,
          "after bundle 5: [level 0 {0x30, 0xFF}, group 1 root {0x14, 0xF0}] expected");
    chk_md8(d, "group 0 at the barrier", 2, (const uint64_t[]){0, 0x14}, 0xf0, (const unsigned[]){0, 0, 0, 0, 1, 1, 1, 1});
    dt_bundle(d);
    dt_bundle(d);
    ls_peek(&d->ls, &st);
    CHECK(st.cnt == 1 && st.st[0].pc == 0x30, "after bundle 7: level 0 alone at 0x30");
    chk_md8(d, "both groups at the barrier", 1, (const uint64_t[]){0x30}, 0xff, (const unsigned[]){0, 0, 0, 0, 0, 0, 0, 0});
    unsigned n = run_to_end(d, 40);
    CHECK(n == 9, "%u bundles, expected 9", n);
    printf("ss-sync: %u bundles\n", n);
}

/* Refused requests: a launch of a running warp, a batch while busy (none here: one while the
 * stack is empty), EXIT from a non-root entry, an unknown kind, a report for an invalid slot. */
static void t_bad(dt *d)
{
    const simt_ht_stack_cfg *c = &d->ls.cfg;
    simt_ht_stack_in in;
    memset(&in, 0, sizeof in);
    in.rp_valid = 1, in.rp_kind[0] = SIMT_HT_ADV;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_BAD_BATCH, "a batch with no warp: bad_o[1]");
    d->prog = p_ifelse, d->n = sizeof p_ifelse / sizeof p_ifelse[0];
    dt_launch(d, 0x00, 0xf);
    dt_launch(d, 0x40, 0xf);
    CHECK(d->ls.out.bad == SIMT_HT_BAD_LAUNCH, "a launch of a running warp: bad_o[0]");
    memset(&in, 0, sizeof in);
    in.ln_valid = 1;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_BAD_LAUNCH, "a launch with an empty mask: bad_o[0]");
    dt_bundle(d); /* the branch: [R, NT, T] */
    simt_ht_stack_out st;
    ls_peek(&d->ls, &st);
    memset(&in, 0, sizeof in);
    in.rp_valid = 1, in.rp_kind[0] = SIMT_HT_EXIT;
    if (c->k >= 2)
        in.rp_kind[1] = 7;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_BAD_REPORT, "EXIT from a non-root entry: bad_o[2]");
    simt_ht_stack_out after;
    ls_peek(&d->ls, &after);
    CHECK(after.cnt == st.cnt && !memcmp(after.st, st.st, sizeof st.st), "refused reports changed the stack");
}

static void ht_directed(sc_run *r, const char *test)
{
    dt d;
    memset(&d, 0, sizeof d);
    d.r = r;
    ls_open(&d.ls, r, NULL, r->o->lanes);
    if (d.ls.cfg.w != 4 && strcmp(test, "bad") && strncmp(test, "ss", 2))
        sc_die("test %s is written for W = 4 (--lanes 4)", test);
    r->cycle = 0;
    if (!strcmp(test, "ifelse"))
        t_ifelse(&d);
    else if (!strcmp(test, "ifonly"))
        t_ifonly(&d);
    else if (!strcmp(test, "nested"))
        t_nested(&d);
    else if (!strcmp(test, "errata"))
        t_errata(&d);
    else if (!strcmp(test, "capacity"))
        t_capacity(&d);
    else if (!strcmp(test, "ifelse-sweep"))
        t_ifelse_sweep(&d);
    else if (!strcmp(test, "wa-fig43"))
        t_wa_fig43(&d);
    else if (!strcmp(test, "ss"))
        t_ss(&d);
    else if (!strcmp(test, "ss-sync"))
        t_ss_sync(&d);
    else
        t_bad(&d);
    simt_ht_stack_in idle;
    memset(&idle, 0, sizeof idle);
    dt_cycle(&d, &idle);
    sc_ls_close(&d.ls.core);
}
#undef CHECK

/* The default run walks random programs; --test random-ops and trace replays go through ht_run. */
static void ht_main(sc_run *r)
{
    if (r->o->trace_in || (r->o->test && !strcmp(r->o->test, "random-ops")))
        ht_run(r);
    else
        ht_walk(r);
}

/* a trace of one configuration replays on another with the same W, K and D */
static const char *const ht_replay_free[] = {"POLICY", "MERGE", NULL};

const sc_unit sc_unit_ht_stack = {
    .name = "ht_stack",
    .help = "per-warp PDOM stack with hyper-threaded scheduling, K PC slots (Steffen 2012 §4.2, Algorithm 1)",
    .tests = ht_tests,
    .random_tests = ht_random_tests,
    .replay_free = ht_replay_free,
    .trace = SC_TRACE_DEF(ht_fields, "rst, then the input ports of simt_ht_stack, rtl/ht_stack/, docs/units/ht_stack.md; one clock\n"
                                     "edge per line. Refused requests are part of the stimulus: the unit must refuse them the\n"
                                     "same way on replay."),
    .run = ht_main,
    .directed = ht_directed,
};
