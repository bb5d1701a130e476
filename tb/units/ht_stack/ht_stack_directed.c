/* SPDX-License-Identifier: Apache-2.0 */
/* ht_stack_directed.c: ht_stack's directed tests (ht_directed): a tiny program executor and the
 * expected values derived by hand (docs/units/ht_stack.md, "Directed tests"). */
#include "ht_stack_tb.h"

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
        ht_ls_cycle(&d->ls, in);
        ht_check_md(d->r, &d->ls.cfg, &d->ls.act);
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
    lk_peek(&d->ls, &st);
    while (st.wa_split && d->splits < 100) { /* work-ahead splits: one idle cycle each */
        simt_ht_stack_in idle;
        memset(&idle, 0, sizeof idle);
        dt_cycle(d, &idle);
        d->splits++;
        lk_peek(&d->ls, &st);
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
        case I_PLAIN: in.rp_kind[k] = SIMT_HT_STACK_ADV; break;
        case I_JMP: in.rp_kind[k] = SIMT_HT_STACK_ADV, in.rp_npc[k] = i->tgt; break;
        case I_EXIT: in.rp_kind[k] = SIMT_HT_STACK_EXIT; break;
        case I_SYNC: in.rp_kind[k] = SIMT_HT_STACK_SYNC; break;
        default:
            in.rp_kind[k] = SIMT_HT_STACK_BR, in.rp_tgt[k] = i->tgt, in.rp_rpc[k] = i->rpc, in.rp_tmask[k] = i->taken;
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
        lk_peek(&d->ls, &st);
        if (!st.busy)
            break;
        dt_cycle(d, &in);
    }
    lk_peek(&d->ls, &st);
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
    lk_peek(&d->ls, &st);
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
    lk_peek(&d->ls, &st);
    CHECK(st.cnt == 3 && st.st[0].pc == 0x20 && st.st[0].mask == 0xf && !st.st[0].hasr && st.st[1].pc == 0x04 &&
              st.st[1].mask == 0xc && st.st[1].rpc == 0x20 && st.st[2].pc == 0x10 && st.st[2].mask == 0x3,
          "after the branch: stack [R{0x20,1111}, NT{0x04,1100}, T{0x10,0011}] expected");
    if (c->policy == SIMT_HT_STACK_SS)
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
    if (c->policy == SIMT_HT_STACK_SS)
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
    lk_peek(&d->ls, &st);
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
    lk_peek(&d->ls, &st);
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
static int alg1_printed(const simt_ht_stack_ent *st, unsigned cnt, unsigned k, int subset, int fix_d1, int fix_d3)
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
    lk_peek(&d->ls, &st);
    chk_slots(d, "corrected", 2, (const uint64_t[]){0x10, 0x04}, (const unsigned[]){0, 0, 1, 1}, 0xf);
    int d2 = alg1_printed(st.st, st.cnt, 2, 1, 1, 1);
    int d1 = alg1_printed(st.st, st.cnt, 3, 0, 0, 1); /* K = 3: NT is taken, then NT again conflicts */
    const simt_ht_stack_ent three[4] = {{.pc = 0, .mask = 0xf}, {.pc = 4, .mask = 0x8, .rpc = 1}, {.pc = 8, .mask = 0x4, .rpc = 1},
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
    lk_peek(&d->ls, &before);
    if (c->d >= 5) {
        unsigned n = run_to_end(d, 60);
        CHECK(n >= 6 && !d->ls.out.full, "D = %u: no capacity stall expected", c->d);
        return;
    }
    dt_bundle(d);
    simt_ht_stack_out st;
    lk_peek(&d->ls, &st);
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
    const int wa = c->policy == SIMT_HT_STACK_WA && c->k >= 2;
    simt_ht_stack_out st;
    if (wa) {
        for (unsigned b = 0; b < 4; b++)
            dt_bundle(d);
        lk_peek(&d->ls, &st);
        CHECK(st.cnt == 2 && st.st[0].pc == 0x18 && st.st[0].mask == 0xf && !st.st[0].hasr && st.st[0].nrpc == 0x20 &&
                  st.st[0].prio == 1 && st.st[0].wav && st.st[1].pc == 0x10 && st.st[1].mask == 0xe &&
                  st.st[1].rpc == 0x18,
              "after bundle 4: [R{0x18,1111,WA 0x20/1/1}, L1{0x10,1110,rpc 0x18}] expected");
        CHECK(st.wa_split && !st.md_valid, "after bundle 4: a work-ahead split is due, the meta-data invalid");
        simt_ht_stack_in idle;
        memset(&idle, 0, sizeof idle);
        dt_cycle(d, &idle);
        lk_peek(&d->ls, &st);
        CHECK(st.cnt == 4 && st.st[0].pc == 0x20 && st.st[0].mask == 0xf && !st.st[0].hasr && !st.st[0].wav &&
                  st.st[1].pc == 0x18 && st.st[1].mask == 0x1 && st.st[1].rpc == 0x20 && !st.st[1].wav &&
                  st.st[2].pc == 0x18 && st.st[2].mask == 0xe && st.st[2].rpc == 0x20 && st.st[2].wav &&
                  st.st[2].nrpc == 0x20 && st.st[3].pc == 0x10 && st.st[3].mask == 0xe,
              "after the split: [E1{0x20,1111}, E2{0x18,0001,rpc 0x20}, E3{0x18,1110,rpc 0x20,wav}, L1] expected");
        chk_slots(d, "after the split", 2, (const uint64_t[]){0x10, 0x18}, (const unsigned[]){1, 0, 0, 0}, 0xf);
        if (c->k == 2) {
            while (d->bundles < 20 && dt_bundle(d))
                ;
            lk_peek(&d->ls, &st);
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
    lk_peek(&d->ls, &st);
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
    const int ss = c->policy == SIMT_HT_STACK_SS;
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
    if (c->w != 8 || c->k != 2 || c->policy != SIMT_HT_STACK_SS)
        sc_die("test ss-sync needs --config ss --lanes 8");
    d->prog = p_sssync, d->n = sizeof p_sssync / sizeof p_sssync[0];
    dt_launch(d, 0x00, 0xff);
    for (unsigned b = 0; b < 5; b++)
        dt_bundle(d);
    simt_ht_stack_out st;
    lk_peek(&d->ls, &st);
    CHECK(st.cnt == 2 && st.st[0].pc == 0x30 && st.st[0].mask == 0xff && st.st[1].pc == 0x14 && st.st[1].mask == 0xf0,
          "after bundle 5: [level 0 {0x30, 0xFF}, group 1 root {0x14, 0xF0}] expected");
    chk_md8(d, "group 0 at the barrier", 2, (const uint64_t[]){0, 0x14}, 0xf0, (const unsigned[]){0, 0, 0, 0, 1, 1, 1, 1});
    dt_bundle(d);
    dt_bundle(d);
    lk_peek(&d->ls, &st);
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
    in.rp_valid = 1, in.rp_kind[0] = SIMT_HT_STACK_ADV;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_STACK_BAD_BATCH, "a batch with no warp: bad_o[1]");
    d->prog = p_ifelse, d->n = sizeof p_ifelse / sizeof p_ifelse[0];
    dt_launch(d, 0x00, 0xf);
    dt_launch(d, 0x40, 0xf);
    CHECK(d->ls.out.bad == SIMT_HT_STACK_BAD_LAUNCH, "a launch of a running warp: bad_o[0]");
    memset(&in, 0, sizeof in);
    in.ln_valid = 1;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_STACK_BAD_LAUNCH, "a launch with an empty mask: bad_o[0]");
    dt_bundle(d); /* the branch: [R, NT, T] */
    simt_ht_stack_out st;
    lk_peek(&d->ls, &st);
    memset(&in, 0, sizeof in);
    in.rp_valid = 1, in.rp_kind[0] = SIMT_HT_STACK_EXIT;
    if (c->k >= 2)
        in.rp_kind[1] = 7;
    dt_cycle(d, &in);
    CHECK(d->ls.out.bad == SIMT_HT_STACK_BAD_REPORT, "EXIT from a non-root entry: bad_o[2]");
    simt_ht_stack_out after;
    lk_peek(&d->ls, &after);
    CHECK(after.cnt == st.cnt && !memcmp(after.st, st.st, sizeof st.st), "refused reports changed the stack");
}

void ht_directed(sc_run *r, const char *test)
{
    dt d;
    memset(&d, 0, sizeof d);
    d.r = r;
    lk_open(&d.ls, r, sc_open_model(r, NULL, r->o->lanes)->ops);
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
