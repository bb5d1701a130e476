/* SPDX-License-Identifier: Apache-2.0 */
/* sc_rmask_sb: simtcheck unit "rmask_sb": simt_rmask_sb (R-mask, Fig. 8b) and simt_sb_base (baseline,
 * Fig. 8a) RTL against cmodel/simt_rmask_sb.c; contract docs/units/rmask_sb.md.
 *
 * Random runs play a front end and execution pipeline for NW warps: each warp is a set of
 * splits with disjoint active masks that diverge (a split cut in two) and reconverge (two
 * splits merged) at random; each split decodes its next instruction (random registers from a
 * small pool, so registers are reused across splits and scoreboards fill up) only after its
 * previous one issued (one I-buffer entry per split, as in the paper); ready instructions
 * issue at random; issued instructions write back after a random latency in random order.
 * Bad requests (issue of a non-eligible or empty slot, writeback of a register without entry,
 * decode into an occupied slot or with an empty mask) are mixed in on purpose.
 * Besides the RTL/C comparison of every output and state bit, every cycle checks the
 * scoreboard against the in-flight writes the testbench knows of (R-mask version): a slot is
 * ready iff none of its operands has an in-flight write on a lane of its active mask (no
 * dependency cleared early, no false dependency).
 *
 * --config base selects the baseline (simt_sb_base), --config rmask (the default) the R-mask version;
 * rmask2 and base2 are the same with a step of two clocks (STEP_CLKS = 2, the contract's "Two-clock
 * step"): the environment draws a step's requests once and holds them over its two clocks, each
 * clock compared (and a trace line); the bookkeeping and the checks below follow each whole step.
 * Directed test fig9: ElTantawy et al. 2014 Fig. 9, steps 1-6.
 *
 * Trace line: sb_fields below, the ports of the scoreboard (simtcheck rmask_sb --trace-doc,
 * docs/trace_format.md). */
#include "rmask_sb_tb.h"

static const char *const sb_tests[] = {"fig9", NULL};

#define IN(m) SC_AT(sb_line, in.m)
static const sc_field sb_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(sb_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"dec_valid", "1", NULL, NULL, IN(dec_valid), "decode: write a decoded instruction into I-buffer slot dec_slot"},
    {"dec_slot", "clog2(NIB)", NULL, NULL, IN(dec_slot), "the slot"},
    {"dec_warp", "clog2(NW)", NULL, NULL, IN(dec_warp), "its warp"},
    {"dec_mask", "W", NULL, NULL, IN(dec_mask), "its active mask (I-mask; bit i: lane i)"},
    {"dec_opv", "NSRC+1", NULL, NULL, IN(dec_opv), "bit k: operand k present (bit 0: a destination)"},
    {"dec_reg", "REG_W", "NSRC+1", NULL, SC_ARRAY(sb_line, in.dec_reg), "the register of operand i (0: the destination)"},
    {"iss_valid", "1", NULL, NULL, IN(iss_valid), "issue the instruction in slot iss_slot"},
    {"iss_slot", "clog2(NIB)", NULL, NULL, IN(iss_slot), "the slot"},
    {"wb_valid", "1", NULL, NULL, IN(wb_valid), "writeback of register wb_reg of warp wb_warp for lanes wb_mask"},
    {"wb_warp", "clog2(NW)", NULL, NULL, IN(wb_warp), "the warp"},
    {"wb_reg", "REG_W", NULL, NULL, IN(wb_reg), "the register"},
    {"wb_mask", "W", NULL, NULL, IN(wb_mask), "the written-back instruction's active mask (ignored by the baseline)"},
};
#undef IN

/* ---- random environment ---- */

#define MAX_SPLIT 64
#define MAX_FLIGHT 4096

typedef struct {
    int live;
    unsigned warp;
    uint64_t mask;
    int slot;              /* I-buffer slot of its decoded instruction, or -1 */
} split;

/* tb_slot.split of an instruction outside the environment (a "rogue", below) */
#define ROGUE (-2)

typedef struct {
    int split;             /* -1: slot empty (as far as the testbench knows); ROGUE */
    unsigned warp, opv;
    uint64_t mask;
    unsigned reg[SIMT_RMASK_SB_MAX_OP];
} tb_slot;

typedef struct {
    unsigned warp, reg;
    uint64_t mask, due;
} flight;

typedef struct {
    uint64_t decodes, issues, wbs, partial_wbs, full_stalls, cross_split_reads, partial_wb_clears;
    uint64_t diverges, merges, same_warp_all, bad_iss, bad_wb, bad_dec, max_entries, max_splits, max_flight, resets;
    uint64_t ne_full; /* cycles with a warp whose NE entries are all in use */
    uint64_t bad_wb_extra;
    uint64_t iss_dec_raw, rogue_decodes, rogue_issues, rogue_reeval;
} cover;

static uint64_t subset(sc_rng *g, uint64_t m)
{
    for (;;) {
        uint64_t s = sc_rand(g) & m;
        if (!sc_below(g, 3)) { /* the low lanes against the high lanes, too */
            unsigned n = (unsigned)__builtin_popcountll(m), cut = 1 + (unsigned)sc_below(g, n - 1), k = 0;
            s = 0;
            for (unsigned i = 0; i < 64 && k < cut; i++)
                if (m >> i & 1)
                    s |= 1ull << i, k++;
        }
        if (s && s != m)
            return s;
    }
}

/* In-flight writes of (warp, reg) on lanes of mask (baseline: any lane). */
static int pending(const flight *fl, unsigned nfl, unsigned warp, unsigned reg, uint64_t mask)
{
    for (unsigned i = 0; i < nfl; i++)
        if (fl[i].warp == warp && fl[i].reg == reg && (fl[i].mask & mask))
            return 1;
    return 0;
}

/* The operands of slot t (of nop) with an in-flight write of its warp on lanes of mask: pending()
 * of each, in one pass over the writes of that warp (idx: the n indices into fl of the writes
 * of t's warp, from by_warp). */
static unsigned pending_ops(const flight *fl, const unsigned *idx, unsigned n, const tb_slot *t, unsigned nop,
                            uint64_t mask)
{
    unsigned dep = 0;
    for (unsigned j = 0; j < n; j++) {
        const flight *f = &fl[idx[j]];
        if (!(f->mask & mask))
            continue;
        for (unsigned k = 0; k < nop; k++)
            if ((t->opv >> k & 1) && f->reg == t->reg[k])
                dep |= 1u << k;
    }
    return dep;
}

/* The in-flight writes grouped by warp in one pass (a counting sort of their indices): those of
 * warp w are idx[start[w] .. start[w + 1]). start has nw + 1 elements. */
static void by_warp(const flight *fl, unsigned nfl, unsigned nw, unsigned *start, unsigned *idx)
{
    for (unsigned w = 0; w <= nw; w++)
        start[w] = 0;
    for (unsigned i = 0; i < nfl; i++)
        start[fl[i].warp + 1]++;
    for (unsigned w = 0; w < nw; w++)
        start[w + 1] += start[w];
    unsigned at[SIMT_RMASK_SB_MAX_E];
    memcpy(at, start, nw * sizeof *at);
    for (unsigned i = 0; i < nfl; i++)
        idx[at[fl[i].warp]++] = i;
}

static void sb_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_rmask_sb_cfg *c = &ls.cfg;
    const uint64_t wm = sc_ones(c->w);
    const unsigned nop = c->nsrc + 1;

    sc_rng g = {o->seed};
    static split sp[MAX_SPLIT];
    static flight fl[MAX_FLIGHT];
    static tb_slot ts[SIMT_RMASK_SB_MAX_IB];
    unsigned nfl = 0;
    cover cv;
    memset(&cv, 0, sizeof cv);
    memset(sp, 0, sizeof sp);
    for (unsigned i = 0; i < SIMT_RMASK_SB_MAX_IB; i++)
        ts[i].split = -1;
    for (unsigned w = 0; w < c->nw; w++)
        sp[w] = (split){1, w, wm, -1};
    unsigned pool = 8, lat_max = 30, wb_pct = 70, iss_pct = 70, div_pct = 3, same_pct = 30, rogue_pct = 1;
    int press = 0;
    /* The pool's registers: pool distinct numbers spread over all 2^REG_W (make mutate found
     * that numbers 0 .. pool-1 never set the high bits of a register number). */
    unsigned regs[24];
    for (unsigned k = 0; k < 24; k++)
        regs[k] = k;
    sb_line ln;
    simt_rmask_sb_in in;
    /* the outputs at the start of the cycle and after its edge; swapped, not copied (9 KB) */
    simt_rmask_sb_out ob[2], *st = &ob[0], *after = &ob[1];
    lk_peek(&ls, st);

    /* A step of STEP_CLKS clocks (the contract's "Two-clock step"): the environment draws a
     * step's inputs once and holds them over its clocks, one trace line and one comparison each;
     * a reset may also come between two clocks of a step (reset_now), which is then lost. Latencies
     * are counted in steps, so the table fills as it does with one clock per step. */
    const unsigned nclk = c->step_clks > 1 ? c->step_clks : 1;
    int reset_now = 0;
    uint64_t next_phase = 0;

    /* r->cycle counts compared cycles (clocks): a reset line is not one (as in st_rt and arb_pipe). */
    for (r->cycle = 0; r->cycle <= r->stop_after;) {
        memset(&in, 0, sizeof in);
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
            sc_trace_write(r, &ln);
            if (ln.rst) {
                lk_reset(&ls);
            } else {
                lk_cycle(&ls, &ln.in);
                r->cycle++;
            }
            continue;
        }
        if (r->cycle >= o->cycles)
            break;
        /* Reset in the middle of the run, about once in 4,096 cycles: scoreboard and I-buffer
         * empty; the pipeline is flushed with them (the in-flight writes are dropped) and every
         * warp starts again as one split with all lanes. */
        if (reset_now || (r->cycle > 0 && sc_below(&g, 4096) == 0)) {
            reset_now = 0;
            memset(&ln, 0, sizeof ln);
            ln.rst = 1;
            sc_trace_write(r, &ln);
            lk_reset(&ls);
            nfl = 0;
            for (unsigned i = 0; i < SIMT_RMASK_SB_MAX_IB; i++)
                ts[i].split = -1;
            memset(sp, 0, sizeof sp);
            for (unsigned w = 0; w < c->nw; w++)
                sp[w] = (split){1, w, wm, -1};
            lk_peek(&ls, st);
            cv.resets++;
            continue;
        }
        /* phases: register pressure, latency, rates; every 4,000 clocks (a step of two clocks cut by a
         * reset leaves the count odd, so not r->cycle % 4000: that froze the phases of rmask2 and
         * base2 after such a reset until the next one) */
        if (r->cycle >= next_phase) {
            next_phase = r->cycle - r->cycle % 4000 + 4000;
            static const unsigned pools[] = {3, 6, 8, 10, 12, 16, 24};
            /* a pressure phase, one in four: many registers, long latencies, slow writebacks and
             * instructions without sources, so that warps fill their NE entries and full stalls
             * come in every run (the baseline, one instruction of a warp in flight at a time, had
             * runs of 10^5 cycles without one at some seeds) */
            press = sc_chance(&g, 25);
            pool = press ? 24 : pools[sc_below(&g, 7)];
            if (pool > (1u << c->reg_w))
                pool = 1u << c->reg_w;
            for (unsigned k = 0; k < pool; k++) {
                unsigned v, dup;
                do {
                    v = (unsigned)sc_below(&g, 1u << c->reg_w);
                    dup = 0;
                    for (unsigned j = 0; j < k; j++)
                        dup |= regs[j] == v;
                } while (dup);
                regs[k] = v;
            }
            lat_max = 1 + (unsigned)sc_below(&g, 60);
            wb_pct = 20 + (unsigned)sc_below(&g, 81);
            iss_pct = 30 + (unsigned)sc_below(&g, 71);
            div_pct = (unsigned)sc_below(&g, 6);
            same_pct = (unsigned)sc_below(&g, 61);
            rogue_pct = (unsigned)sc_below(&g, 9);
            if (press) {
                lat_max = 40 + (unsigned)sc_below(&g, 21);
                wb_pct = 20 + (unsigned)sc_below(&g, 21);
                iss_pct = 100;
            }
        }

        /* divergence and reconvergence of splits that have nothing buffered */
        if (!c->base && sc_chance(&g, div_pct)) {
            unsigned idle[MAX_SPLIT], ni = 0;
            for (unsigned i = 0; i < MAX_SPLIT; i++)
                if (sp[i].live && sp[i].slot < 0)
                    idle[ni++] = i;
            unsigned a = ni ? idle[sc_below(&g, ni)] : 0;
            if (ni) {
                if (sc_chance(&g, 50) && __builtin_popcountll(sp[a].mask) >= 2) {
                    for (unsigned b = 0; b < MAX_SPLIT; b++)
                        if (!sp[b].live) {
                            uint64_t s = subset(&g, sp[a].mask);
                            sp[b] = (split){1, sp[a].warp, sp[a].mask & ~s, -1};
                            sp[a].mask = s;
                            cv.diverges++;
                            break;
                        }
                } else {
                    for (unsigned b = 0; b < MAX_SPLIT; b++)
                        if (b != a && sp[b].live && sp[b].slot < 0 && sp[b].warp == sp[a].warp) {
                            sp[a].mask |= sp[b].mask;
                            sp[b].live = 0;
                            cv.merges++;
                            break;
                        }
                }
            }
        }

        /* writeback: a random in-flight instruction whose latency has elapsed */
        int garbage_wb = 0, garbage_dec = 0;
        if (nfl && sc_chance(&g, wb_pct)) {
            unsigned cand[64], nc = 0;
            for (unsigned i = 0; i < nfl && nc < 64; i++)
                if (fl[i].due <= r->cycle)
                    cand[nc++] = i;
            if (nc) {
                unsigned i = cand[sc_below(&g, nc)];
                in.wb_valid = 1, in.wb_warp = fl[i].warp, in.wb_reg = fl[i].reg, in.wb_mask = fl[i].mask;
                /* bad, rarely: the same writeback with a lane the entry has not pending; it is
                 * flagged (bad_o[1]) and applied to the pending lanes, so the write is done */
                const uint64_t rm = simt_rmask_sb_lookup(&ls.gold, fl[i].warp, fl[i].reg);
                if (!c->base && (wm & ~rm) && sc_chance(&g, 2)) {
                    unsigned l;
                    do
                        l = (unsigned)sc_below(&g, c->w);
                    while (!((wm & ~rm) >> l & 1));
                    in.wb_mask |= 1ull << l;
                    garbage_wb = 1;
                    cv.bad_wb_extra++;
                }
                fl[i] = fl[--nfl];
            }
        }
        if (!in.wb_valid && sc_chance(&g, 2)) { /* bad: a register with no entry */
            unsigned w = (unsigned)sc_below(&g, c->nw), reg = (unsigned)sc_below(&g, 1u << c->reg_w);
            if (!simt_rmask_sb_lookup(&ls.gold, w, reg)) {
                in.wb_valid = 1, in.wb_warp = w, in.wb_reg = reg, in.wb_mask = sc_rand(&g) & wm;
                garbage_wb = 1;
            }
        }

        /* issue: a random ready slot, sometimes a non-eligible one on purpose */
        if (st->ib_ready && sc_chance(&g, iss_pct)) {
            unsigned cand[64], nc = 0;
            for (unsigned i = 0; i < c->nib; i++)
                if (st->ib_ready >> i & 1)
                    cand[nc++] = i;
            in.iss_valid = 1, in.iss_slot = cand[sc_below(&g, nc)];
        } else if (sc_chance(&g, 3)) {
            unsigned s = (unsigned)sc_below(&g, c->nib);
            if (!(st->ib_ready >> s & 1))
                in.iss_valid = 1, in.iss_slot = s;
        }

        /* decode: a split with nothing buffered, into a free slot (or the one issuing now). The
         * split whose instruction issues now may decode its next one in the same cycle (the
         * contract's order, writeback, issue, decode, is there for it: the decode must see the
         * issue's reservation, docs/units/rmask_sb.md "Cycle contract"); it is chosen only when its
         * issue cannot be refused for a full table (no destination, or the warp holds an entry
         * for it or a free one), and checked below (make mutate found it never done: the decode's
         * compare with the issued destination was untested). */
        int dec_split = -1, dec_rogue = 0;
        {
            unsigned cs[MAX_SPLIT], ncs = 0, fs[64], nfs = 0;
            for (unsigned i = 0; i < MAX_SPLIT; i++)
                if (sp[i].live && sp[i].slot < 0)
                    cs[ncs++] = i;
            for (unsigned i = 0; i < c->nib; i++)
                if (!(st->ib_valid >> i & 1))
                    fs[nfs++] = i;
            const unsigned nfree = nfs; /* the slots free at the start of the step */
            int iss_split = -1;
            if (in.iss_valid && (st->ib_ready >> in.iss_slot & 1) && ts[in.iss_slot].split >= 0) {
                const tb_slot *t = &ts[in.iss_slot];
                int room = !(t->opv & 1);
                for (unsigned k = 0; k < c->ne && !room; k++) {
                    const unsigned ent = t->warp * c->ne + k;
                    room = !st->sb_valid[ent] || st->sb_reg[ent] == t->reg[0];
                }
                if (room)
                    iss_split = t->split;
            }
            if (in.iss_valid && (st->ib_ready >> in.iss_slot & 1) && sc_chance(&g, 40))
                fs[nfs++] = in.iss_slot;
            const int same = iss_split >= 0 && sc_chance(&g, same_pct);
            if ((ncs || same) && nfs && sc_chance(&g, 80)) {
                unsigned s = same ? (unsigned)iss_split : cs[sc_below(&g, ncs)];
                dec_split = (int)s;
                in.dec_valid = 1;
                in.dec_slot = fs[sc_below(&g, nfs)];
                in.dec_warp = sp[s].warp;
                in.dec_mask = sp[s].mask;
                in.dec_opv = (unsigned)(sc_rand(&g) & sc_ones(nop));
                if (sc_chance(&g, 75))
                    in.dec_opv |= 1;
                if (press)
                    in.dec_opv = 1;
                for (unsigned k = 0; k < nop; k++)
                    in.dec_reg[k] = regs[sc_below(&g, pool)];
            } else if (st->ib_valid && sc_chance(&g, 2)) { /* bad: an occupied slot */
                unsigned s = (unsigned)sc_below(&g, c->nib);
                if ((st->ib_valid >> s & 1) && !(in.iss_valid && in.iss_slot == s)) {
                    in.dec_valid = 1, in.dec_slot = s, in.dec_warp = (unsigned)sc_below(&g, c->nw);
                    in.dec_mask = sc_rand(&g) & wm, in.dec_opv = (unsigned)(sc_rand(&g) & sc_ones(nop));
                    for (unsigned k = 0; k < nop; k++)
                        in.dec_reg[k] = regs[sc_below(&g, pool)];
                    garbage_dec = 1;
                }
            } else if (!c->base && sc_chance(&g, 1) && nfs) { /* bad: empty active mask */
                in.dec_valid = 1, in.dec_slot = fs[0], in.dec_warp = 0, in.dec_mask = 0, in.dec_opv = 1;
                garbage_dec = 1;
            } else if (!c->base && nfree && nop > 1 && sc_chance(&g, rogue_pct)) {
                /* Outside the environment (R-mask only): an instruction of no split, without a
                 * destination, whose mask cuts across the warp's splits (docs/units/rmask_sb.md,
                 * "Assumptions on the environment": the splits in flight are disjoint). The unit
                 * follows its contract for it all the same, so RTL and model are compared through
                 * it; the dependency oracle below, which rests on those assumptions, skips it. It
                 * reads the registers the splits write, so writebacks re-evaluate it while an
                 * overlapping split issues: the re-evaluation's sight of the same cycle's issue,
                 * which no disjoint split can observe (make mutate found it untested). The
                 * baseline has none: it assumes one buffered instruction per warp. */
                in.dec_valid = 1;
                in.dec_slot = fs[sc_below(&g, nfree)];
                in.dec_warp = (unsigned)sc_below(&g, c->nw);
                in.dec_mask = sc_rand(&g) & wm;
                in.dec_mask |= 1ull << sc_below(&g, c->w);
                in.dec_opv = ((unsigned)sc_rand(&g) & sc_ones(nop) & ~1u) | 2u;
                for (unsigned k = 0; k < nop; k++)
                    in.dec_reg[k] = regs[sc_below(&g, pool)];
                if (nfl && sc_chance(&g, 75)) { /* mostly a register with a write in flight */
                    const flight *f = &fl[sc_below(&g, nfl)];
                    in.dec_warp = f->warp;
                    in.dec_reg[1] = f->reg;
                }
                dec_rogue = 1;
            }
        }

        ln.rst = 0;
        ln.in = in;
        sc_trace_write(r, &ln);
        lk_cycle(&ls, &in);
        int whole = 1; /* the step ran all its clocks */
        for (unsigned k = 1; k < nclk && whole; k++) {
            r->cycle++;
            if (r->cycle > r->stop_after || r->cycle >= o->cycles)
                whole = 0;
            else if (sc_below(&g, 4096) == 0)
                whole = 0, reset_now = 1;
            else {
                sc_trace_write(r, &ln);
                lk_cycle(&ls, &in);
            }
        }
        if (!whole) /* the budget ended, or a reset comes next (it peeks the state anew) */
            continue;
        const simt_rmask_sb_out *e = &ls.out;
        lk_peek(&ls, after);

        /* bookkeeping from the golden model's answers, with checks of its promises */
        cv.bad_wb += (e->bad & SIMT_RMASK_SB_BAD_WB) != 0;
        cv.bad_iss += (e->bad & SIMT_RMASK_SB_BAD_ISS) != 0;
        cv.bad_dec += (e->bad & SIMT_RMASK_SB_BAD_DEC) != 0;
        if (garbage_wb != ((e->bad & SIMT_RMASK_SB_BAD_WB) != 0))
            sc_expect_fail(r, "writeback: bad_o[1] = %d for a %s writeback", (e->bad & SIMT_RMASK_SB_BAD_WB) != 0,
                           garbage_wb ? "bad" : "good");
        if (garbage_dec && !(e->bad & SIMT_RMASK_SB_BAD_DEC))
            sc_expect_fail(r, "decode into an occupied slot or with an empty mask was accepted");
        int iss_good = in.iss_valid && (st->ib_ready >> in.iss_slot & 1);
        if (in.iss_valid && iss_good != (e->iss_ok || e->iss_full))
            sc_expect_fail(r, "issue of slot %u: ready %d but iss_ok %d iss_full %d", in.iss_slot, iss_good,
                           e->iss_ok, e->iss_full);
        if (in.wb_valid && !garbage_wb) {
            cv.wbs++;
            uint64_t left = simt_rmask_sb_lookup(&ls.gold, in.wb_warp, in.wb_reg);
            if (left) {
                cv.partial_wbs++;
                for (unsigned i = 0; i < c->nib; i++)
                    if ((st->ib_valid >> i & 1) && (after->ib_valid >> i & 1) && ts[i].split >= 0 &&
                        !(e->iss_ok && in.iss_slot == i) && (st->ib_dep[i] & ~after->ib_dep[i]))
                        cv.partial_wb_clears++;
            }
        }
        cv.full_stalls += e->iss_full;
        /* a full stall only with the warp's table really full (after this cycle's writeback) and
         * no entry for the destination: checked from the state, not from the model's flag */
        if (e->iss_full) {
            const tb_slot *t = &ts[in.iss_slot];
            unsigned w = (unsigned)st->ib_warp[in.iss_slot];
            if (t->split < 0 || !(t->opv & 1))
                sc_expect_fail(r, "full stall of slot %u, which has no destination", in.iss_slot);
            for (unsigned k = 0; k < c->ne; k++) {
                unsigned ent = w * c->ne + k;
                if (!after->sb_valid[ent])
                    sc_expect_fail(r, "full stall of slot %u with entry %u of warp %u free", in.iss_slot, k, w);
                else if (t->split >= 0 && after->sb_reg[ent] == t->reg[0])
                    sc_expect_fail(r, "full stall of slot %u although entry %u of warp %u holds its destination r%u",
                                   in.iss_slot, k, w, t->reg[0]);
            }
        }
        int iss_split_ok = -1; /* the split whose instruction issued in this step */
        tb_slot issued = {-1, 0, 0, 0, {0}};
        if (e->iss_ok) {
            cv.issues++;
            tb_slot *t = &ts[in.iss_slot];
            issued = *t;
            if (t->split == -1)
                sc_expect_fail(r, "issue accepted from slot %u, which the testbench thinks is empty", in.iss_slot);
            else if (t->split == ROGUE) {
                t->split = -1;
                cv.rogue_issues++;
            } else {
                if ((t->opv & 1) && nfl < MAX_FLIGHT)
                    fl[nfl++] = (flight){t->warp, t->reg[0], c->base ? wm : t->mask,
                                         r->cycle + nclk * (1 + sc_below(&g, lat_max))};
                sp[t->split].slot = -1;
                iss_split_ok = t->split;
                t->split = -1;
            }
            /* a writeback of the register the issue reserves, in its warp, re-evaluating an
             * instruction outside the environment whose mask overlaps the issue's: R' must hold
             * the issue's lanes (contract step 3) */
            if (in.wb_valid && !garbage_wb && (issued.opv & 1) && issued.warp == in.wb_warp &&
                issued.reg[0] == in.wb_reg)
                for (unsigned i = 0; i < c->nib; i++)
                    if (ts[i].split == ROGUE && ts[i].warp == in.wb_warp && (ts[i].mask & issued.mask))
                        for (unsigned k = 1; k < nop; k++)
                            if ((ts[i].opv >> k & 1) && ts[i].reg[k] == in.wb_reg && (st->ib_dep[i] >> k & 1))
                                cv.rogue_reeval++;
        }
        if (dec_rogue && (e->bad & SIMT_RMASK_SB_BAD_DEC))
            sc_expect_fail(r, "decode into free slot %u refused (an instruction outside the environment, mask 0x%" PRIx64 ")",
                           in.dec_slot, in.dec_mask);
        if (in.dec_valid && !garbage_dec && !(e->bad & SIMT_RMASK_SB_BAD_DEC) && dec_rogue) {
            cv.decodes++;
            cv.rogue_decodes++;
            tb_slot *t = &ts[in.dec_slot];
            *t = (tb_slot){ROGUE, in.dec_warp, in.dec_opv, in.dec_mask, {0}};
            memcpy(t->reg, in.dec_reg, sizeof t->reg);
        } else if (in.dec_valid && !garbage_dec && !(e->bad & SIMT_RMASK_SB_BAD_DEC)) {
            cv.decodes++;
            tb_slot *t = &ts[in.dec_slot];
            if (sp[dec_split].slot >= 0) /* its issue in this step was refused after all */
                sc_expect_fail(r, "split %d decoded into slot %u with its instruction in slot %d not issued", dec_split,
                               in.dec_slot, sp[dec_split].slot);
            if (dec_split == iss_split_ok && (issued.opv & 1)) /* reads or rewrites what its predecessor writes */
                for (unsigned k = 0; k < nop; k++)
                    if ((in.dec_opv >> k & 1) && in.dec_reg[k] == issued.reg[0]) {
                        cv.iss_dec_raw++;
                        break;
                    }
            *t = (tb_slot){dec_split, in.dec_warp, in.dec_opv, in.dec_mask, {0}};
            memcpy(t->reg, in.dec_reg, sizeof t->reg);
            sp[dec_split].slot = (int)in.dec_slot;
            int cross = 0;
            for (unsigned k = 1; k < nop; k++)
                if ((in.dec_opv >> k & 1) && !pending(fl, nfl, in.dec_warp, in.dec_reg[k], in.dec_mask) &&
                    pending(fl, nfl, in.dec_warp, in.dec_reg[k], wm))
                    cross = 1;
            cv.cross_split_reads += cross;
            if (e->iss_ok && in.wb_valid && !garbage_wb && in.wb_warp == in.dec_warp &&
                ts[in.iss_slot].warp == in.dec_warp)
                cv.same_warp_all++;
        }
        if (nfl > cv.max_flight)
            cv.max_flight = nfl;
        /* The scoreboard against the in-flight writes: ready iff no operand is pending on a lane. */
        static unsigned fl_start[SIMT_RMASK_SB_MAX_E + 1], fl_idx[MAX_FLIGHT];
        by_warp(fl, nfl, c->nw, fl_start, fl_idx);
        for (unsigned i = 0; i < c->nib; i++) {
            const tb_slot *t = &ts[i];
            int v = (after->ib_valid >> i & 1) != 0;
            if (v != (t->split != -1)) {
                sc_expect_fail(r, "slot %u valid %d, testbench expects %d", i, v, t->split != -1);
                continue;
            }
            if (!v || t->split == ROGUE) /* outside the environment: RTL = model only */
                continue;
            const unsigned dep = pending_ops(fl, fl_idx + fl_start[t->warp], fl_start[t->warp + 1] - fl_start[t->warp],
                                             t, nop, c->base ? wm : t->mask);
            if (dep != after->ib_dep[i])
                sc_expect_fail(r, "slot %u (warp %u, mask 0x%" PRIx64 "): dep mask 0x%x, in-flight writes give 0x%x%s",
                               i, t->warp, t->mask, after->ib_dep[i], dep,
                               (after->ib_dep[i] & ~dep) ? " (false dependency)" : " (dependency cleared early)");
        }
        int ne_full = 0;
        for (unsigned w = 0; w < c->nw; w++) {
            unsigned n = 0;
            for (unsigned e2 = 0; e2 < c->ne; e2++)
                n += after->sb_valid[w * c->ne + e2] != 0;
            if (n > cv.max_entries)
                cv.max_entries = n;
            ne_full |= n >= c->ne;
        }
        cv.ne_full += (uint64_t)ne_full;
        unsigned nsp = 0;
        for (unsigned i = 0; i < MAX_SPLIT; i++)
            nsp += sp[i].live;
        if (nsp > cv.max_splits)
            cv.max_splits = nsp;
        {
            simt_rmask_sb_out *t = st;
            st = after, after = t;
        }
        if (r->directed_fail > 20)
            sc_die("too many expectation failures");
        r->cycle++;
    }
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        printf("sb coverage: %" PRIu64 " decodes, %" PRIu64 " issues, %" PRIu64 " writebacks (%" PRIu64
               " partial), %" PRIu64 " full stalls, %" PRIu64 " cross-split reads without dependency, %" PRIu64
               " dependencies cleared by a partial writeback, %" PRIu64 " divergences, %" PRIu64 " merges (max %" PRIu64
               " splits), %" PRIu64 " decode+issue+writeback in one warp and cycle, max %" PRIu64
               " entries in a warp, max %" PRIu64 " in flight, bad requests ignored: %" PRIu64 " issue, %" PRIu64
               " writeback (%" PRIu64 " with a lane not pending), %" PRIu64 " decode; %" PRIu64 " mid-run resets; %" PRIu64
               " decodes by the split issuing in the step on its destination; outside the environment: %" PRIu64
               " decodes, %" PRIu64 " issues, %" PRIu64 " re-evaluations beside an overlapping issue of the register\n",
               cv.decodes, cv.issues, cv.wbs, cv.partial_wbs, cv.full_stalls, cv.cross_split_reads,
               cv.partial_wb_clears, cv.diverges, cv.merges, cv.max_splits, cv.same_warp_all, cv.max_entries,
               cv.max_flight, cv.bad_iss, cv.bad_wb, cv.bad_wb_extra, cv.bad_dec, cv.resets, cv.iss_dec_raw,
               cv.rogue_decodes, cv.rogue_issues, cv.rogue_reeval);
    /* Random runs of 100,000 cycles or more (the suite's) gate their coverage: every point the
     * configuration can reach must be hit (the baseline has no splits, so no partial writeback). */
    if (!o->trace_in && r->cycle >= 100000 && r->stop_after == UINT64_MAX) {
        const int rm = !c->base;
        const sc_cov_point pts[] = {
            {"decode", cv.decodes, 1},
            {"issue", cv.issues, 1},
            {"writeback", cv.wbs, 1},
            {"full stall", cv.full_stalls, 1},
            {"cycles with a warp's NE entries all in use", cv.ne_full, 1},
            {"decode, issue and writeback of one warp in one cycle", cv.same_warp_all, 1},
            {"ignored bad issue", cv.bad_iss, 1},
            {"ignored bad writeback", cv.bad_wb, 1},
            {"ignored bad decode", cv.bad_dec, 1},
            {"partial writeback", cv.partial_wbs, rm},
            {"cross-split read without dependency", cv.cross_split_reads, rm},
            {"dependency cleared by a partial writeback", cv.partial_wb_clears, rm},
            {"divergence", cv.diverges, rm},
            {"merge", cv.merges, rm},
            {"mid-run reset", cv.resets, 1},
            {"writeback with a lane not pending (refused)", cv.bad_wb_extra, rm},
            {"decode by the split issuing in the step, on its destination", cv.iss_dec_raw, 1},
            {"decode outside the environment", cv.rogue_decodes, rm},
            {"issue outside the environment", cv.rogue_issues, rm},
            /* 6 to 122 per 10^6 clocks (seeds 1-8, W = 4 and 32, rmask2 the fewest): gated in runs
             * of 5 x 10^5 steps or more */
            {"re-evaluation beside an overlapping issue of the register", cv.rogue_reeval,
             rm && r->cycle / nclk >= 500000},
        };
        SC_COV_GATE(r, pts);
    }
}

const sc_unit sc_unit_rmask_sb = {
    .name = "rmask_sb",
    .help = "R-mask scoreboard with I-buffer dependency masks; --config base: baseline (ElTantawy 2014 Fig. 8-9)",
    .tests = sb_tests,
    .trace = SC_TRACE_DEF(sb_fields, "The ports of simt_rmask_sb (--config rmask) or simt_sb_base (--config base), rtl/rmask_sb/,\n"
                                     "docs/units/rmask_sb.md; one clock edge per line. Bad requests are part of the stimulus:\n"
                                     "the unit must refuse them the same way on replay."),
    .run = sb_run,
    .directed = sb_directed,
};
