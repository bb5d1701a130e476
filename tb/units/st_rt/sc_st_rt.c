/* SPDX-License-Identifier: Apache-2.0 */
/* sc_st_rt: simtcheck unit "st_rt": simt_st_rt (Split / Reconvergence Tables of one warp,
 * multi-path IPDOM with opportunistic early reconvergence) RTL against cmodel/simt_st_rt.c;
 * contract docs/units/st_rt.md. Every cycle compares ok, stall, bad, ev, the valid vectors,
 * pick and done, and every field of every ST and RT entry, free entries' stale fields included.
 *
 * Models (--config picks the tables, --list shows what is built; units/st_rt.toml):
 *   orec    NST = NRT = W, OREC on          dps    NST = 2, NRT = 8, OREC on (DPS)
 *   noorec  NST = NRT = W, OREC off         small  NST = 4, NRT = 3, OREC on (small tables)
 * Stimulus:
 *   random run (default): the CFG walker (st_rt_walk.c, on the random programs and per-lane
 *     reference of tb/stim/cfg_prog.c) plays the front end of one warp and checks the unit
 *     against the contract and each lane's own path; the warp is reset after a capacity
 *     deadlock (small tables).
 *   --test random-ops: random operations on random valid splits with targets, RPCs and block
 *     starts from a small pool of PCs (so arrivals, both special cases, merges and early
 *     reconvergence entries occur), stalls, and malformed operations of every kind with
 *     random values in the unused inputs; checks that exactly the malformed ones are refused
 *     and that refused, stalled and idle cycles change nothing.
 *   --test fig5|fig6|fig11|sp1-if|sp2-loop: the paper's directed sequences (tb/units/st_rt/st_rt_directed.c).
 *
 * Trace line: strt_fields below: rst, then the ports of simt_st_rt (simtcheck st_rt --trace-doc,
 * docs/trace_format.md). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_st_rt.h"
#include "simtcheck.h"
#include "st_rt_walk.h"
#include "st_rt_directed.h"
#include "vl_st_rt.h"

/* ---- models ---- */

static void strt_list_extra(FILE *f)
{
    fprintf(f, "st_rt directed tests (W=4, --config orec or noorec):\n");
    strt_dtest_list(f);
}

/* ---- lockstep (the unit-independent part: sc_lockstep, tb/core/simtcheck.h) ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(st_rt)
    unsigned si_w;          /* sel_i bits */
} lockstep;
SC_LOCKSTEP_FUNCS(st_rt, ST_RT, lockstep)

static unsigned bits_for(unsigned n) { return n > 1 ? 32 - (unsigned)__builtin_clz(n - 1) : 1; }

static void ls_open(lockstep *ls, sc_run *r, const vl_st_rt_ops *m)
{
    lk_open(ls, r, m);
    ls->si_w = bits_for(m->nst);
}

/* ---- stimulus traces ---- */

/* A trace line: a reset flag, then the model's input struct. */
typedef struct {
    unsigned rst;
    simt_st_rt_in in;
} strt_line;

#define IN(m) SC_AT(strt_line, in.m)
static const sc_field strt_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(strt_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"op", "3", NULL, NULL, IN(op), "0 NONE, 1 ADV, 2 BR, 3 EXIT, 4 LAUNCH; 5..7 are refused (bad_o)"},
    {"sel", "clog2(NST)", NULL, NULL, IN(sel), "the split (ST index) the operation applies to"},
    {"npc", "PC_W", NULL, NULL, IN(npc), "ADV: the split's next PC; BR: the fall-through target; LAUNCH: the start PC"},
    {"blk", "1", NULL, NULL, IN(blk), "ADV: npc starts a basic block"},
    {"tgt", "PC_W", NULL, NULL, IN(tgt), "BR: the taken target"},
    {"tmask", "W", NULL, NULL, IN(tmask), "BR: the lanes that take the branch; LAUNCH: the lanes of the warp"},
    {"rpc", "PC_W", NULL, NULL, IN(rpc), "BR: the reconvergence PC (the branch's immediate post-dominator)"},
};
#undef IN

static void record_line(sc_run *r, const simt_st_rt_in *in, unsigned rst)
{
    const strt_line ln = {rst, *in};
    sc_trace_write(r, &ln);
}

/* A generator must stay inside the port widths (the model does not cut sel or op). */
static void check_generated(const sc_run *r, const simt_st_rt_in *in, const char *who)
{
    const strt_line ln = {0, *in};
    char err[160];
    if (sc_layout_fits(&r->layout, &ln, err, sizeof err))
        sc_die("internal: %s produced %s, wider than its port", who, err);
}

/* ---- random operations (--test random-ops) ---- */

enum { K_GOOD, K_BAD, K_RESET };

typedef struct {
    sc_rng g;
    const simt_st_rt_cfg *c;
    unsigned si_w;
    uint64_t pool[16];
    unsigned npool;
    unsigned br_pct, arrive_pct, blk_pct, bad_pct, idle_pct, sib_pct;
    uint64_t phase_end, prog_end, drain_limit;
    int drain;
} ops_gen;

typedef struct {
    uint64_t cycles, op[8], ok, stall, bad, bad_meant, ev[8], resets, launches, exits;
    uint64_t reconv_orec, reconv_orec_at[SIMT_ST_RT_MAX];
    unsigned max_st, max_rt;
} ops_cov;

static uint64_t ops_pc(ops_gen *p) { return p->pool[sc_below(&p->g, p->npool)]; }

static void ops_phase(ops_gen *p, uint64_t cycle)
{
    sc_rng *g = &p->g;
    const uint64_t pcm = sc_ones(p->c->pc_w), base = sc_rand(g) & pcm;
    p->npool = 2 + (unsigned)sc_below(g, 15);
    for (unsigned i = 0; i < p->npool; i++)
        p->pool[i] = (sc_chance(g, 75) ? base + i : sc_rand(g)) & pcm;
    p->br_pct = 10 + (unsigned)sc_below(g, 40);
    p->arrive_pct = 10 + (unsigned)sc_below(g, 50);
    p->blk_pct = 20 + (unsigned)sc_below(g, 70);
    p->bad_pct = (unsigned)sc_below(g, 7);
    p->idle_pct = (unsigned)sc_below(g, 8);
    p->sib_pct = (unsigned)sc_below(g, 40);
    p->phase_end = cycle + 500 + sc_below(g, 4000);
}

/* A strict, non-empty subset of m (which has at least two lanes): random lanes, one run of
 * consecutive lanes of m, or a single lane. */
static uint64_t ops_subset(sc_rng *g, uint64_t m)
{
    const unsigned n = (unsigned)__builtin_popcountll(m);
    for (;;) {
        uint64_t s = 0;
        switch (sc_below(g, 3)) {
        case 0:
            s = sc_rand(g) & m;
            break;
        case 1: {
            unsigned from = (unsigned)sc_below(g, n), len = 1 + (unsigned)sc_below(g, n - 1), k = 0;
            for (unsigned i = 0; i < 64; i++)
                if (m >> i & 1) {
                    if (k >= from && k < from + len)
                        s |= 1ull << i;
                    k++;
                }
            break;
        }
        default:
            for (unsigned k = (unsigned)sc_below(g, n), i = 0; i < 64; i++)
                if ((m >> i & 1) && k-- == 0) {
                    s = 1ull << i;
                    break;
                }
        }
        if (s && s != m)
            return s;
    }
}

/* Index of a random set bit of v (v != 0). */
static unsigned ops_pick(sc_rng *g, uint64_t v)
{
    unsigned k = (unsigned)sc_below(g, (uint64_t)__builtin_popcountll(v));
    for (unsigned i = 0;; i++)
        if ((v >> i & 1) && k-- == 0)
            return i;
}

/* A malformed operation (contract "Refused operations"), or K_GOOD when the state offers none
 * of the kind drawn. */
static int ops_bad(ops_gen *p, const simt_st_rt_out *st, simt_st_rt_in *in)
{
    sc_rng *g = &p->g;
    const simt_st_rt_cfg *c = p->c;
    const uint64_t wm = sc_ones(c->w), sels = sc_ones(p->si_w) & ~st->st_valid;
    uint64_t hasr = 0;
    for (unsigned s = 0; s < c->nst; s++)
        if ((st->st_valid >> s & 1) && st->st[s].hasr)
            hasr |= 1ull << s;
    switch (sc_below(g, 6)) {
    case 0: /* op 5..7 */
        in->op = 5 + (unsigned)sc_below(g, 3);
        return K_BAD;
    case 1: /* ADV, BR or EXIT of a free (or non-existent) entry */
        if (!sels)
            return K_GOOD;
        in->op = SIMT_ST_RT_ADV + (unsigned)sc_below(g, 3);
        in->sel = ops_pick(g, sels);
        return K_BAD;
    case 2: /* BR with lanes outside the split */
        if (!st->st_valid)
            return K_GOOD;
        in->op = SIMT_ST_RT_BR;
        in->sel = ops_pick(g, st->st_valid);
        if (!(wm & ~st->st[in->sel].mask))
            return K_GOOD;
        in->tmask = sc_rand(g) & wm;   /* one draw per statement (order) */
        in->tmask |= 1ull << ops_pick(g, wm & ~st->st[in->sel].mask);
        return K_BAD;
    case 3: /* EXIT before the warp has reconverged */
        if (!hasr)
            return K_GOOD;
        in->op = SIMT_ST_RT_EXIT;
        in->sel = ops_pick(g, hasr);
        return K_BAD;
    default: /* LAUNCH while the warp runs, or of no lane */
        in->op = SIMT_ST_RT_LAUNCH;
        if (st->done)
            in->tmask = 0;
        return K_BAD;
    }
}

static int ops_next(ops_gen *p, uint64_t cycle, const simt_st_rt_out *st, simt_st_rt_in *in)
{
    sc_rng *g = &p->g;
    const simt_st_rt_cfg *c = p->c;
    const uint64_t wm = sc_ones(c->w);
    if (cycle >= p->phase_end)
        ops_phase(p, cycle);
    if (sc_below(g, 30000) == 0 || (p->drain && cycle > p->drain_limit) || (!st->done && !st->st_valid))
        return K_RESET;
    /* every input random first: the fields an operation does not use must not matter */
    in->op = (unsigned)sc_below(g, 5);
    in->sel = (unsigned)(sc_rand(g) & sc_ones(p->si_w));
    in->npc = ops_pc(p);
    in->blk = (int)sc_below(g, 2);
    in->tgt = ops_pc(p);
    in->tmask = sc_rand(g) & wm;
    in->rpc = ops_pc(p);
    if (sc_chance(g, p->idle_pct)) {
        in->op = SIMT_ST_RT_NONE;
        return K_GOOD;
    }
    if (sc_chance(g, p->bad_pct) && ops_bad(p, st, in) == K_BAD)
        return K_BAD;
    if (st->done) {
        static const unsigned kinds[] = {0, 0, 0, 1, 2};
        in->op = SIMT_ST_RT_LAUNCH;
        switch (kinds[sc_below(g, 5)]) {
        case 0: in->tmask = wm; break;
        case 1: in->tmask = 1ull << sc_below(g, c->w); break;
        default:
            in->tmask = sc_rand(g) & wm;   /* one draw per statement (order) */
            in->tmask |= 1ull << sc_below(g, c->w);
        }
        p->prog_end = cycle + 50 + sc_below(g, 3000);
        p->drain = 0;
        return K_GOOD;
    }
    if (!p->drain && cycle >= p->prog_end) {
        p->drain = 1;
        p->drain_limit = cycle + 20000;
    }
    const unsigned s = sc_chance(g, 20) ? st->pick : ops_pick(g, st->st_valid);
    const simt_st_rt_st_ent *S = &st->st[s];
    in->sel = s;
    if (!S->hasr && (p->drain || sc_chance(g, 3))) {
        in->op = SIMT_ST_RT_EXIT;
        return K_GOOD;
    }
    if (!p->drain && sc_chance(g, p->br_pct)) {
        const unsigned k = (unsigned)sc_below(g, 100), n = (unsigned)__builtin_popcountll(S->mask);
        in->op = SIMT_ST_RT_BR;
        if (k < 12 || (n < 2 && k < 56))
            in->tmask = 0;
        else if (k < 24 || n < 2)
            in->tmask = S->mask;
        else
            in->tmask = ops_subset(g, S->mask);
        if (sc_chance(g, 10))
            in->npc = in->tgt;
        const unsigned q = (unsigned)sc_below(g, 100);
        if (S->hasr && q < 25)
            in->rpc = S->rpc; /* second special case */
        else if (q < 40)
            in->rpc = in->tgt; /* first special case, taken side */
        else if (q < 55)
            in->rpc = in->npc; /* first special case, fall-through side */
        return K_GOOD;
    }
    in->op = SIMT_ST_RT_ADV;
    in->blk = sc_chance(g, p->blk_pct);
    if (S->hasr && sc_chance(g, p->drain ? 70 : p->arrive_pct)) {
        in->npc = S->rpc;
    } else if (!p->drain && sc_chance(g, p->sib_pct)) {
        /* Into the block of a sibling's reconvergence point: a split S' (the highest valid entry
         * that has one, which may differ from S) moves to the PC of an RT entry R with the same
         * link (parent) whose PC is not S''s RPC. S' then has bpc = R's PC, which is what R's
         * OREC search looks for when R's last lanes arrive: an early reconvergence with an entry
         * that may be any of the ST's, the highest ones included (the walker reaches them rarely
         * otherwise: docs/verification.md "Mutation"). */
        for (unsigned i = c->nst; i-- > 0;) {
            const simt_st_rt_st_ent *E = &st->st[i];
            uint64_t sib = 0;
            if (!(st->st_valid >> i & 1))
                continue;
            for (unsigned t = 0; t < c->nrt; t++) {
                const simt_st_rt_rt_ent *R = &st->rt[t];
                if ((st->rt_valid >> t & 1) && R->hasr == E->hasr && R->rpc == E->rpc && R->ridx == E->ridx &&
                    !(E->hasr && R->pc == E->rpc))
                    sib |= 1ull << t;
            }
            if (sib) {
                in->sel = i;
                in->npc = st->rt[ops_pick(g, sib)].pc;
                in->blk = 1;
                break;
            }
        }
    }
    return K_GOOD;
}

/* The effect of one cycle as the golden model reports it, against the intention. */
static void ops_commit(sc_run *r, ops_cov *cv, int kind, const simt_st_rt_in *in, const simt_st_rt_out *before,
                       const simt_st_rt_out *e, const simt_st_rt_out *after, const simt_st_rt_cfg *c)
{
    cv->cycles++;
    cv->op[in->op & 7]++;
    cv->ok += (uint64_t)e->ok;
    cv->stall += (uint64_t)e->stall;
    cv->bad += (uint64_t)e->bad;
    cv->bad_meant += kind == K_BAD;
    for (unsigned b = 0; b < 8; b++)
        cv->ev[b] += e->ev >> b & 1;
    cv->launches += e->ok && in->op == SIMT_ST_RT_LAUNCH;
    cv->exits += e->ok && in->op == SIMT_ST_RT_EXIT;
    /* a reconvergence whose OREC search matched, by the entry it matched (the lowest valid
     * entry, not the split, in R's PC's block with R's link: cmodel orec_match) */
    if ((e->ev & SIMT_ST_RT_EV_RECONV) && (e->ev & (SIMT_ST_RT_EV_MERGE | SIMT_ST_RT_EV_OREC | SIMT_ST_RT_EV_OSKIP))) {
        cv->reconv_orec++;
        const simt_st_rt_st_ent *S = &before->st[in->sel];
        const simt_st_rt_rt_ent *R = &before->rt[S->ridx];
        for (unsigned i = 0; i < c->nst; i++) {
            const simt_st_rt_st_ent *E = &before->st[i];
            if (i != in->sel && (before->st_valid >> i & 1) && E->bpc == R->pc && E->hasr == R->hasr &&
                E->rpc == R->rpc && E->ridx == R->ridx) {
                cv->reconv_orec_at[i]++;
                break;
            }
        }
    }
    if (kind == K_BAD && !e->bad)
        sc_expect_fail(r, "malformed operation (op %u sel %u tmask 0x%" PRIx64 ") was not refused", in->op, in->sel,
                       in->tmask);
    if (kind == K_GOOD && e->bad)
        sc_expect_fail(r, "well-formed operation (op %u sel %u) was refused", in->op, in->sel);
    if (in->op != SIMT_ST_RT_NONE && e->ok + e->stall + e->bad != 1)
        sc_expect_fail(r, "ok %d stall %d bad %d: exactly one expected", e->ok, e->stall, e->bad);
    const int st_free = (~before->st_valid & sc_ones(c->nst)) != 0, rt_free = (~before->rt_valid & sc_ones(c->nrt)) != 0;
    if (e->stall && (in->op != SIMT_ST_RT_BR || (st_free && rt_free)))
        sc_expect_fail(r, "stall of op %u although both tables have a free entry", in->op);
    if (!e->ok) { /* refused, stalled or idle: nothing changes */
        int same = after->st_valid == before->st_valid && after->rt_valid == before->rt_valid;
        for (unsigned s = 0; s < c->nst; s++)
            same &= !memcmp(&after->st[s], &before->st[s], sizeof after->st[s]);
        for (unsigned t = 0; t < c->nrt; t++)
            same &= !memcmp(&after->rt[t], &before->rt[t], sizeof after->rt[t]);
        if (!same)
            sc_expect_fail(r, "the tables changed in a cycle with ok = 0");
    }
    unsigned nst = (unsigned)__builtin_popcountll(after->st_valid), nrt = (unsigned)__builtin_popcountll(after->rt_valid);
    if (nst > cv->max_st)
        cv->max_st = nst;
    if (nrt > cv->max_rt)
        cv->max_rt = nrt;
}

static void ops_report(const ops_cov *cv, unsigned nst)
{
    static const char *const ev[8] = {"div", "newrt", "side", "arrive", "reconv", "merge", "orec", "oskip"};
    printf("strt random-ops coverage: %" PRIu64 " cycles; ops NONE %" PRIu64 " ADV %" PRIu64 " BR %" PRIu64
           " EXIT %" PRIu64 " LAUNCH %" PRIu64 " 5-7 %" PRIu64 "; applied %" PRIu64 ", stalled %" PRIu64
           ", refused %" PRIu64 " (%" PRIu64 " meant); launches %" PRIu64 ", exits %" PRIu64 ", resets %" PRIu64
           "; max %u ST / %u RT entries\n",
           cv->cycles, cv->op[0], cv->op[1], cv->op[2], cv->op[3], cv->op[4], cv->op[5] + cv->op[6] + cv->op[7], cv->ok,
           cv->stall, cv->bad, cv->bad_meant, cv->launches, cv->exits, cv->resets, cv->max_st, cv->max_rt);
    printf("strt random-ops events:");
    for (unsigned b = 0; b < 8; b++)
        printf(" %s %" PRIu64, ev[b], cv->ev[b]);
    printf(" (reuse %" PRIu64 ")\n", cv->ev[0] - cv->ev[1]);
    printf("strt random-ops reconvergences with an OREC match %" PRIu64 ", by ST entry matched:", cv->reconv_orec);
    for (unsigned i = 0; i < nst; i++)
        printf(" %" PRIu64, cv->reconv_orec_at[i]);
    printf("\n");
}

/* ---- random runs and trace replay ---- */

typedef enum { M_WALK, M_OPS, M_TRACE } mode;

static void strt_run(sc_run *r)
{
    const sc_opts *o = r->o;
    const mode md = o->trace_in ? M_TRACE : (o->test && !strcmp(o->test, "random-ops")) ? M_OPS : M_WALK;
    sc_trace tr;
    const vl_st_rt_ops *m = sc_open_model(r, &tr, o->lanes)->ops;
    lockstep ls;
    ls_open(&ls, r, m);
    const simt_st_rt_cfg *c = &ls.cfg;

    strt_walk *wk = NULL;
    ops_gen og;
    ops_cov cv;
    memset(&cv, 0, sizeof cv);
    if (md == M_WALK) {
        const strt_walk_opts wo = {.max_depth = 4, .unstructured = 1};
        wk = strt_walk_new(o->seed, c, &wo);
        if (!wk)
            sc_die("the CFG walker does not support model %s", m->name);
    } else if (md == M_OPS) {
        memset(&og, 0, sizeof og);
        og.g.s = o->seed;
        og.c = c;
        og.si_w = ls.si_w;
        ops_phase(&og, 0);
    }

    simt_st_rt_in in;
    simt_st_rt_out st, after;
    const unsigned nclk = c->step_clks > 1 ? c->step_clks : 1;
    lk_peek(&ls, &st);
    r->cycle = 0;
    while (r->cycle <= r->stop_after) {
        int kind = K_GOOD;
        memset(&in, 0, sizeof in);
        if (md == M_TRACE) {
            strt_line ln;
            if (!sc_trace_read(&tr, &ln))
                break;
            in = ln.in;
            kind = ln.rst ? K_RESET : K_GOOD;
        } else {
            if (r->cycle >= o->cycles)
                break;
            if (md == M_WALK) {
                strt_walk_next(wk, &st, &in);
                check_generated(r, &in, "the CFG walker");
            } else {
                kind = ops_next(&og, r->cycle, &st, &in);
                if (kind != K_RESET)
                    check_generated(r, &in, "random-ops");
            }
        }
        if (kind == K_RESET) {
            memset(&in, 0, sizeof in);
            if (r->record)
                record_line(r, &in, 1);
            lk_reset(&ls);
            lk_peek(&ls, &st);
            cv.resets++;
            continue;
        }
        record_line(r, &in, 0);
        lk_cycle(&ls, &in);
        /* A step of STEP_CLKS clocks (the contract's "Two-clock step"): the generators' inputs
         * held over its other clocks, each compared and recorded (a trace line is a clock). */
        for (unsigned k = 1; k < nclk && md != M_TRACE; k++) {
            r->cycle++;
            record_line(r, &in, 0);
            lk_cycle(&ls, &in);
        }
        lk_peek(&ls, &after);
        if (md == M_WALK) {
            char err[512];
            if (strt_walk_commit(wk, &in, &ls.out, err, sizeof err)) {
                sc_expect_fail(r, "CFG walker: %s", err);
                strt_walk_dump(wk, stdout);
                r->cycle++;
                break;
            }
            if (strt_walk_need_reset(wk)) {
                memset(&in, 0, sizeof in);
                record_line(r, &in, 1);
                lk_reset(&ls);
                lk_peek(&ls, &after);
                strt_walk_reset_done(wk);
            }
        } else if (md == M_OPS) {
            ops_commit(r, &cv, kind, &in, &st, &ls.out, &after, c);
            if (r->directed_fail > 20)
                sc_die("too many expectation failures");
        }
        st = after;
        r->cycle++;
    }
    if (md == M_TRACE)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch) {
        if (md == M_WALK)
            strt_walk_coverage(wk, stdout);
        else if (md == M_OPS)
            ops_report(&cv, c->nst);
    }
    /* Walker runs of 100,000 cycles or more (the suite's) gate their coverage. Tables that can
     * fill (NRT < W - 1, NST < W: dps, small) must fill, by the walker's ladder programs; that a
     * full-table stall happens only when a table is full is checked every cycle (the walker's
     * prediction, and the RTL's assertion a_nostall). */
    if (md == M_WALK && r->cycle >= 100000 && r->stop_after == UINT64_MAX) {
        strt_walk_cov wc;
        strt_walk_get_coverage(wk, &wc);
        const int fill_rt = c->nrt + 1 < c->w, fill_st = c->nst < c->w;
        const sc_cov_point pts[] = {
            {"divergence", wc.divergences, 1},
            {"new RT entry", wc.newrt, 1},
            {"divergence reusing an RT entry (second special case)", wc.rt_reuse, 1},
            {"side at its RPC (first special case)", wc.side_at_rpc, 1},
            {"arrival", wc.arrivals, 1},
            {"reconvergence", wc.reconvergences, 1},
            {"OREC merge", wc.merges, c->orec},
            {"early reconvergence entry", wc.orecs, c->orec},
            {"completed program", wc.programs, 1},
            {"exit", wc.exits, 1},
            {"refused operation", wc.bads, 1},
            {"full RT (every entry in use)", wc.max_rt >= c->nrt, fill_rt},
            {"full ST (every entry in use)", wc.max_st >= c->nst, fill_st},
            {"full-table stall", wc.full_stalls, fill_rt || fill_st},
        };
        SC_COV_GATE(r, pts);
    }
    /* random-ops runs of 100,000 operations or more gate an early reconvergence at a
     * reconvergence (OREC on); with at most 4 ST entries, runs of 2 x 10^6 operations gate one
     * on every entry (the steering in ops_next; at W = 4, 3 to 9 on the highest entry in 10^6
     * operations over seeds 1..20). */
    if (md == M_OPS && r->stop_after == UINT64_MAX) {
        const uint64_t steps = r->cycle / nclk;
        char name[SIMT_ST_RT_MAX][64];
        sc_cov_point pts[1 + SIMT_ST_RT_MAX];
        unsigned n = 0;
        if (steps >= 100000)
            pts[n++] = (sc_cov_point){"reconvergence with an OREC match", cv.reconv_orec, (unsigned)(c->orec != 0)};
        for (unsigned i = 0; steps >= 2000000 && c->orec && c->nst <= 4 && i < c->nst; i++) {
            snprintf(name[i], sizeof name[i], "reconvergence with an OREC match on ST entry %u", i);
            pts[n++] = (sc_cov_point){name[i], cv.reconv_orec_at[i], 1};
        }
        sc_cov_gate(r, pts, n);
    }
    if (wk)
        strt_walk_free(wk);
}

/* ---- directed tests: ElTantawy et al. 2014 Fig. 5, 6, 11 and the §3.2 special cases ---- */

static void strt_directed(sc_run *r, const char *test)
{
    const sc_opts *o = r->o;
    const strt_dtest *t = strt_dtest_find(test);
    if (!t)
        sc_die("no directed test '%s'", test);
    const unsigned w = strt_dtest_w(t);
    if (o->lanes_given && o->lanes != w)
        sc_die("test %s is written for W = %u (--lanes %u)", test, w, w);
    const vl_st_rt_ops *m = sc_open_model(r, NULL, w)->ops;
    unsigned min_nst, min_nrt;
    int orec;
    strt_dtest_need(t, &min_nst, &min_nrt, &orec);
    if (m->nst < min_nst || m->nrt < min_nrt || (orec >= 0 && (unsigned)orec != m->orec))
        sc_die("test %s needs NST >= %u, NRT >= %u%s; model %s has NST=%u NRT=%u OREC=%u", test, min_nst, min_nrt,
               orec < 0 ? "" : orec ? ", OREC=1" : ", OREC=0", m->name, m->nst, m->nrt, m->orec);
    lockstep ls;
    ls_open(&ls, r, m);
    printf("st_rt test %s on %s\n", test, m->name);
    const unsigned n = strt_dtest_steps(t);
    simt_st_rt_in in;
    simt_st_rt_out after;
    char err[1024];
    const unsigned nclk = ls.cfg.step_clks > 1 ? ls.cfg.step_clks : 1;   /* clocks per step */
    r->cycle = 0;
    for (unsigned s = 0; s < n && r->cycle <= r->stop_after; s++, r->cycle++) {
        strt_dtest_input(t, s, &in);
        for (unsigned k = 0; k < nclk; k++) {
            r->cycle += k > 0;
            lk_cycle(&ls, &in);
        }
        lk_peek(&ls, &after);
        printf("step %2u %-44s ", s, strt_dtest_label(t, s));
        strt_dtest_print_state(stdout, t, &ls.cfg, &after);
        printf("\n");
        if (strt_dtest_check_cycle(t, s, &ls.out, err, sizeof err))
            sc_expect_fail(r, "step %u (%s): %s", s, strt_dtest_label(t, s), err);
        if (strt_dtest_check(t, s, &after, err, sizeof err)) {
            sc_expect_fail(r, "step %u (%s): %s", s, strt_dtest_label(t, s), err);
            printf("  expected: ");
            strt_dtest_print_expected(stdout, t, s);
        }
    }
    if (r->cycle <= r->stop_after) { /* the final state through the RTL comparison too */
        memset(&in, 0, sizeof in);
        for (unsigned k = 0; k < nclk; k++, r->cycle++)
            lk_cycle(&ls, &in);
    }
    sc_ls_close(&ls.core);
}

static const char *const strt_random_tests[] = {"random-ops", NULL};

const sc_unit sc_unit_st_rt = {
    .name = "st_rt",
    .help = "Split/Reconvergence Tables, MP IPDOM with OREC (ElTantawy 2014 §3-4); --config orec|noorec|dps|small",
    .tests = strt_dtest_names,
    .random_tests = strt_random_tests,
    .trace = SC_TRACE_DEF(strt_fields, "The ports of simt_st_rt (rtl/st_rt/simt_st_rt.sv, docs/units/st_rt.md) after a reset flag;\n"
                                       "one clock edge per line."),
    .run = strt_run,
    .directed = strt_directed,
    .list_extra = strt_list_extra,
};
