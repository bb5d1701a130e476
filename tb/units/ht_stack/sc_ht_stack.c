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
#include "ht_stack_tb.h"

static const char *const ht_tests[] = {"ifelse", "ifelse-sweep", "ifonly", "nested", "errata", "capacity", "wa-fig43",
                                       "ss", "ss-sync", "bad", NULL};
static const char *const ht_random_tests[] = {"random-ops", "fetch-walk", NULL};


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

void ht_ls_reset(lockstep *ls)
{
    ls->p6_pending = ls->ss_rejoined = 0;
    lk_reset(ls);
}

void ht_ls_cycle(lockstep *ls, const simt_ht_stack_in *in)
{
    sc_run *r = ls->core.r;
    const simt_ht_stack_cfg *c = &ls->cfg;
    const simt_ht_stack_out *a = &ls->act;
    lk_eval(ls, in);
    if (ls->p6_pending) { /* the cycle after a work-ahead split */
        uint64_t pc[SIMT_HT_STACK_MAX_W], live;
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
    lk_step(ls, in);
    if (c->policy == SIMT_HT_STACK_SS) {
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
void ht_dontcare(sc_run *r, simt_ht_stack_in *in)
{
    ht_line ln = {0, *in};
    sc_dontcare_fill(r, &ln);
    *in = ln.in;
}

/* A step of STEP_CLKS clocks (the contract's "Two-clock step"): its first clocks, the inputs
 * held, each compared and recorded (a trace line is a clock); the caller then runs the last,
 * whose answers (bad_o, full_o) are the step's. Nothing for a single-cycle model. */
void ht_first_clocks(lockstep *ls, const simt_ht_stack_in *in)
{
    sc_run *r = ls->core.r;
    for (unsigned k = 1; k < ls->cfg.step_clks; k++) {
        if (r->record) {
            const ht_line ln = {0, *in};
            sc_trace_write(r, &ln);
        }
        ht_ls_cycle(ls, in);
        r->cycle++;
    }
}

/* ---- independent checks of the meta-data against the stack (outputs o of the RTL) ---- */

void ht_check_md(sc_run *r, const simt_ht_stack_cfg *c, const simt_ht_stack_out *o)
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
    const int ss_split = c->policy == SIMT_HT_STACK_SS && o->cnt > 1;
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
unsigned ht_nostall_d(const simt_ht_stack_cfg *c)
{
    return c->policy == SIMT_HT_STACK_WA ? 3 * c->w - 2 : c->policy == SIMT_HT_STACK_SS ? 2 * c->w - c->k + 1 : 2 * c->w - 1;
}

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
