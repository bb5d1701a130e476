/* SPDX-License-Identifier: Apache-2.0 */
/* strt_selftest: standalone self-test of the simt_st_rt stimulus and checkers, on
 * the C golden model only (no RTL):
 *   - IPDOM: strt_ipdom() on hand-made CFGs (the paper's Fig. 2, 6, 10 and loops) with
 *     answers worked out by hand, and on the walker's random programs against a brute-force
 *     post-dominator computation from the definition;
 *   - the unit-independent program library (tb/stim/cfg_prog.h): hand-written programs
 *     (Steffen 2012 Fig. 4.3, nested loops, nested ifs with a barrier) with their next PDOM
 *     points, work-ahead priorities and lane paths derived by hand; on random programs, the
 *     next PDOM point, distances and priority order against brute force, each lane's path,
 *     barriers, and every program shape;
 *   - the CFG walker against cmodel/simt_st_rt for W = 1..64, OREC on/off, full and small
 *     tables, structured and unstructured programs, many seeds; reproducibility from the seed;
 *   - fault injection: a corrupted unit state must be caught by the walker;
 *   - the directed tests of strt_directed (Fig. 5, 6, 11), printing the tables after each step.
 *
 * Build and run: make st_rt-selftest (tb/units/st_rt/st_rt.mk lists the sources), or
 *   build/bin/st_rt_selftest            (all tests; --quick for a short run, --long for a 10^6 W=32 run)
 *   build/bin/st_rt_selftest --seed N   (base seed; every run prints its seed)
 *   build/bin/st_rt_selftest --print    (also print every directed step's tables in the paper's notation)
 * Exit status 0 when everything passed.
 */
#include "st_rt_selftest.h"

unsigned g_fail, g_pass;

double st_now(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- walker against the C model ---- */

typedef struct {
    uint64_t stim_hash;  /* hash of every input, for reproducibility */
    strt_walk_cov cov;
    double secs;
} run_result;

static uint64_t hmix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h;
}

/* Fault injection: at the first cycle >= fault_at where fault can be applied, corrupt the
 * model state (as a faulty RTL would show it). Returns the cycle it was applied. */
enum { F_NONE, F_LANE_SWAP, F_PEND_DROP, F_RPC, F_LOSE_LANE, F_EARLY_RECONV, F_BPC, F_DUP_LANE, F_RIDX,
       F_SKIP_ARRIVAL, F_N };
static const char *const fault_names[] = {"none", "lane moved between splits", "RT pend bit dropped",
                                          "ST rpc changed", "lane lost from a split",
                                          "RT entry returned to the ST early", "ST bpc changed",
                                          "lane in two splits", "ST ridx changed",
                                          "split walks through its RPC without arriving"};

static int inject(simt_st_rt *m, unsigned fault, uint64_t r)
{
    const simt_st_rt_cfg *c = &m->cfg;
    unsigned v[64], nv = 0, rv[64], nr = 0;
    for (unsigned i = 0; i < c->nst; i++)
        if (m->st[i].mask)
            v[nv++] = i;
    for (unsigned i = 0; i < c->nrt; i++)
        if (m->rt[i].pend)
            rv[nr++] = i;
    switch (fault) {
    case F_LANE_SWAP:  /* a lane of split a moves to split b at another PC */
        for (unsigned i = 0; i < nv; i++)
            for (unsigned j = 0; j < nv; j++) {
                simt_st_rt_st_ent *a = &m->st[v[i]], *b = &m->st[v[j]];
                if (i != j && a->pc != b->pc && (a->mask & (a->mask - 1))) {
                    uint64_t l = a->mask & -a->mask;
                    a->mask &= ~l;
                    b->mask |= l;
                    return 1;
                }
            }
        return 0;
    case F_PEND_DROP:
        for (unsigned i = 0; i < nr; i++) {
            simt_st_rt_rt_ent *e = &m->rt[rv[i]];
            if (e->pend & (e->pend - 1)) {
                e->pend &= e->pend - 1;
                return 1;
            }
        }
        return 0;
    case F_RPC:
        for (unsigned i = 0; i < nv; i++)
            if (m->st[v[i]].hasr) {
                m->st[v[i]].rpc ^= 1 + (r & 3);
                return 1;
            }
        return 0;
    case F_LOSE_LANE:
        for (unsigned i = 0; i < nv; i++)
            if (m->st[v[i]].mask & (m->st[v[i]].mask - 1)) {
                m->st[v[i]].mask &= m->st[v[i]].mask - 1;
                return 1;
            }
        return 0;
    case F_EARLY_RECONV:  /* an RT entry with lanes still pending moves back to the ST */
        for (unsigned i = 0; i < nr; i++) {
            simt_st_rt_rt_ent *e = &m->rt[rv[i]];
            if (e->pend != e->rmask && nv < c->nst) {
                unsigned f = 0;
                while (m->st[f].mask)
                    f++;
                /* the pending lanes leave their splits (they are now in the returned entry) */
                for (unsigned j = 0; j < nv; j++)
                    m->st[v[j]].mask &= ~e->rmask;
                m->st[f] = (simt_st_rt_st_ent){e->pc, e->pc, e->rmask, e->rpc, e->hasr, e->ridx};
                e->pend = e->rmask = 0;
                return 1;
            }
        }
        return 0;
    case F_BPC:
        for (unsigned i = 0; i < nv; i++)
            if (m->st[v[i]].pc != m->st[v[i]].bpc || (r & 1)) {
                m->st[v[i]].bpc = m->st[v[i]].pc + 1;
                return 1;
            }
        return 0;
    case F_DUP_LANE:
        for (unsigned i = 0; i < nv; i++)
            for (unsigned j = 0; j < nv; j++)
                if (i != j && m->st[v[i]].pc == m->st[v[j]].pc) {
                    m->st[v[j]].mask |= m->st[v[i]].mask & -m->st[v[i]].mask;
                    return 1;
                }
        if (nv >= 2) {
            m->st[v[1]].mask |= m->st[v[0]].mask & -m->st[v[0]].mask;
            return 1;
        }
        return 0;
    case F_RIDX:
        for (unsigned i = 0; i < nv; i++)
            if (m->st[v[i]].hasr && nr >= 2) {
                for (unsigned j = 0; j < nr; j++)
                    if (rv[j] != m->st[v[i]].ridx) {
                        m->st[v[i]].ridx = rv[j];
                        return 1;
                    }
            }
        return 0;
    default:
        return 0;
    }
}

/* Run the walker for `cycles` cycles. Returns 0, or -1 with the message in err (and the
 * failing cycle in *fail_cycle). model_orec >= 0 runs the model with that OREC setting
 * (a deliberately wrong unit). */
static int g_transitions = 1;  /* strt_walk_check_transitions() for the next runs */

static int run_walk(const simt_st_rt_cfg *cfg, const strt_walk_opts *o, uint64_t seed, uint64_t cycles,
                    unsigned fault, uint64_t fault_at, int model_orec, run_result *res, char *err, size_t errlen,
                    uint64_t *fail_cycle, uint64_t *fault_cycle)
{
    simt_st_rt m;
    simt_st_rt_cfg mc = *cfg;
    if (model_orec >= 0)
        mc.orec = model_orec;
    simt_st_rt_reset(&m, &mc);
    strt_walk *w = strt_walk_new(seed, cfg, o);
    if (!w) {
        snprintf(err, errlen, "strt_walk_new refused the configuration");
        return -1;
    }
    strt_walk_check_transitions(w, g_transitions);
    simt_st_rt_in idle, in;
    memset(&idle, 0, sizeof idle);
    static simt_st_rt_out st, cyc;
    uint64_t h = 0;
    int rc = 0, injected = 0;
    double t0 = st_now();
    for (uint64_t c = 0; c < cycles; c++) {
        if (fault && fault != F_SKIP_ARRIVAL && !injected && c >= fault_at && inject(&m, fault, c)) {
            injected = 1;
            if (fault_cycle)
                *fault_cycle = c;
        }
        simt_st_rt_eval(&m, &idle, &st);
        strt_walk_next(w, &st, &in);
        h = hmix(h, in.op);
        h = hmix(h, in.sel);
        h = hmix(h, in.npc);
        h = hmix(h, (uint64_t)in.blk);
        h = hmix(h, in.tgt);
        h = hmix(h, in.tmask);
        h = hmix(h, in.rpc);
        simt_st_rt_eval(&m, &in, &cyc);
        if (strt_walk_commit(w, &in, &cyc, err, errlen)) {
            if (fail_cycle)
                *fail_cycle = c;
            rc = -1;
            if (!fault && model_orec < 0)
                strt_walk_dump(w, stdout);
            break;
        }
        const simt_st_rt_st_ent pre = cyc.st[in.sel < 64 ? in.sel : 0];
        simt_st_rt_step(&m, &in);
        if (fault == F_SKIP_ARRIVAL && !injected && c >= fault_at && in.op == SIMT_ST_RT_ADV &&
            (cyc.ev & (SIMT_ST_RT_EV_ARRIVE | SIMT_ST_RT_EV_RECONV)) == SIMT_ST_RT_EV_ARRIVE) {
            /* the unit misses the arrival: the split just walks on past its RPC */
            m.st[in.sel] = pre;
            m.st[in.sel].pc = in.npc;
            if (in.blk)
                m.st[in.sel].bpc = in.npc;
            m.rt[pre.ridx].pend |= pre.mask;
            injected = 1;
            if (fault_cycle)
                *fault_cycle = c + 1;
        }
        if (strt_walk_need_reset(w)) {
            simt_st_rt_reset(&m, &mc);
            strt_walk_reset_done(w);
            h = hmix(h, 0xdead);
        }
    }
    if (fault && !injected && !rc) {
        snprintf(err, errlen, "fault never applicable");
        rc = 1;
    }
    res->secs = st_now() - t0;
    res->stim_hash = h;
    strt_walk_get_coverage(w, &res->cov);
    strt_walk_free(w);
    return rc;
}

typedef struct {
    unsigned w, nst, nrt;
} size_cfg;

static void test_walk_matrix(uint64_t seed, uint64_t cycles, unsigned seeds)
{
    static const unsigned widths[] = {4, 8, 32, 64};
    strt_walk_cov tot;
    memset(&tot, 0, sizeof tot);
    unsigned runs = 0;
    double secs = 0;
    for (unsigned wi = 0; wi < 4; wi++) {
        const unsigned W = widths[wi];
        /* the paper's sizing, the DPS-like ST, small tables, and a tiny RT under a full ST
         * (OREC skips, RT stalls) */
        const size_cfg sizes[] = {{W, W, W}, {W, 2, 8}, {W, 4, 3}, {W, W, 2}};
        for (unsigned si = 0; si < 4; si++)
            for (int orec = 0; orec <= 1; orec++)
                for (int un = 0; un <= 1; un++)
                    for (unsigned k = 0; k < seeds; k++) {
                        const uint64_t s = seed + 1000003ull * k + 7919ull * (wi * 16 + si * 4 + (unsigned)orec * 2 + (unsigned)un);
                        simt_st_rt_cfg cfg = {W, 32, sizes[si].nst, sizes[si].nrt, orec, 1};
                        strt_walk_opts o = {.max_depth = 2 + (unsigned)(k % 3), .unstructured = un};
                        run_result r;
                        char err[1200];
                        uint64_t fc = 0;
                        int rc = run_walk(&cfg, &o, s, cycles, F_NONE, 0, -1, &r, err, sizeof err, &fc, NULL);
                        CHECK(rc == 0, "walk W=%u NST=%u NRT=%u OREC=%d unstructured=%d seed=%" PRIu64 ": %s", W,
                              cfg.nst, cfg.nrt, orec, un, s, err);
                        runs++;
                        secs += r.secs;
                        tot.divergences += r.cov.divergences;
                        tot.rt_reuse += r.cov.rt_reuse;
                        tot.side_at_rpc += r.cov.side_at_rpc;
                        tot.merges += r.cov.merges;
                        tot.orecs += r.cov.orecs;
                        tot.oskips += r.cov.oskips;
                        tot.full_stalls += r.cov.full_stalls;
                        tot.deadlocks += r.cov.deadlocks;
                        tot.programs += r.cov.programs;
                        tot.bads += r.cov.bads;
                        if (r.cov.max_rt > tot.max_rt)
                            tot.max_rt = r.cov.max_rt;
                        if (r.cov.max_st > tot.max_st)
                            tot.max_st = r.cov.max_st;
                    }
    }
    printf("walk matrix: %u runs x %" PRIu64 " cycles in %.1f s: divergences %" PRIu64 ", rt_reuse %" PRIu64
           ", side_at_rpc %" PRIu64 ", merges %" PRIu64 ", orec %" PRIu64 ", oskip %" PRIu64 ", stalls %" PRIu64
           ", deadlocks %" PRIu64 ", programs %" PRIu64 ", refused %" PRIu64 ", max RT %u, max ST %u\n",
           runs, cycles, secs, tot.divergences, tot.rt_reuse, tot.side_at_rpc, tot.merges, tot.orecs, tot.oskips,
           tot.full_stalls, tot.deadlocks, tot.programs, tot.bads, tot.max_rt, tot.max_st);
    CHECK(tot.divergences && tot.rt_reuse && tot.side_at_rpc && tot.merges && tot.orecs && tot.oskips &&
              tot.full_stalls && tot.deadlocks && tot.programs && tot.bads,
          "walk matrix: some coverage counter stayed at 0");
}

/* Odd configurations: one lane, narrow PCs, the widest tables. */
static void test_walk_odd(uint64_t seed, uint64_t cycles)
{
    static const simt_st_rt_cfg cfgs[] = {
        {1, 32, 2, 1, 1, 1}, {2, 32, 2, 1, 0, 1}, {3, 16, 3, 2, 1, 1}, {4, 8, 4, 4, 1, 1}, {4, 6, 4, 4, 0, 1},
        {5, 4, 2, 2, 1, 1}, {4, 1, 2, 1, 1, 1}, {64, 64, 64, 64, 1, 1}, {16, 32, 5, 7, 1, 1}, {32, 32, 32, 1, 1, 1},
        {8, 12, 8, 8, 1, 1},
    };
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        for (int un = 0; un <= 1; un++) {
            run_result r;
            char err[1200];
            strt_walk_opts o = {.unstructured = un};
            int rc = run_walk(&cfgs[k], &o, seed + k * 31 + (unsigned)un, cycles, F_NONE, 0, -1, &r, err, sizeof err,
                              NULL, NULL);
            CHECK(rc == 0, "walk W=%u PC_W=%u NST=%u NRT=%u OREC=%d seed=%" PRIu64 ": %s", cfgs[k].w, cfgs[k].pc_w,
                  cfgs[k].nst, cfgs[k].nrt, cfgs[k].orec, seed + k * 31 + (unsigned)un, err);
            CHECK(r.cov.programs > 0, "walk W=%u PC_W=%u: no program completed", cfgs[k].w, cfgs[k].pc_w);
        }
    }
    printf("walk odd configurations: %zu configurations x 2 done\n", sizeof cfgs / sizeof cfgs[0]);
}

static void test_repro(uint64_t seed)
{
    simt_st_rt_cfg cfg = {16, 32, 6, 5, 1, 1};
    strt_walk_opts o = {.unstructured = 1};
    run_result a, b, c;
    char err[1200];
    run_walk(&cfg, &o, seed, 50000, F_NONE, 0, -1, &a, err, sizeof err, NULL, NULL);
    run_walk(&cfg, &o, seed, 50000, F_NONE, 0, -1, &b, err, sizeof err, NULL, NULL);
    run_walk(&cfg, &o, seed + 1, 50000, F_NONE, 0, -1, &c, err, sizeof err, NULL, NULL);
    CHECK(a.stim_hash == b.stim_hash, "same seed, different stimulus");
    CHECK(a.stim_hash != c.stim_hash, "different seeds, same stimulus");
    printf("reproducibility: seed %" PRIu64 " twice gives the same stimulus, seed+1 another\n", seed);
}

/* A deliberately corrupted unit must be caught, soon after the corruption. */
static void test_faults(uint64_t seed, int transitions)
{
    unsigned caught = 0, tried = 0;
    g_transitions = transitions;
    printf("faults, %s:\n", transitions ? "all checks" : "transition checks off (per-lane reference and structure only)");
    for (unsigned f = 1; f < F_N; f++) {
        for (unsigned k = 0; k < 6; k++) {
            simt_st_rt_cfg cfg = {k < 3 ? 8u : 32u, 32, k < 3 ? 8u : 32u, k < 3 ? 8u : 32u, (int)(k & 1), 1};
            strt_walk_opts o = {.unstructured = (int)(k % 3 == 2)};
            run_result r;
            char err[1200];
            uint64_t fc = 0, ic = 0;
            const uint64_t at = 200 + 997 * k + 131 * f;
            int rc = run_walk(&cfg, &o, seed + 77 * f + k, 200000, f, at, -1, &r, err, sizeof err, &fc, &ic);
            if (rc == 1)
                continue;  /* never applicable in this run */
            tried++;
            CHECK(rc == -1, "fault '%s' (W=%u OREC=%d seed=%" PRIu64 ") not detected", fault_names[f], cfg.w, cfg.orec,
                  seed + 77 * f + k);
            if (rc == -1) {
                caught++;
                if (transitions)
                    CHECK(fc - ic <= 1, "fault '%s' detected %" PRIu64 " cycles late", fault_names[f], fc - ic);
                if (k == 0)
                    printf("  fault '%s' at cycle %" PRIu64 ", caught at %" PRIu64 ": %s\n", fault_names[f], ic, fc,
                           err);
            }
        }
    }
    /* the unit's OREC setting differs from the one the walker checks (only the transition
     * check can see this: both settings are correct IPDOM behaviour) */
    for (int orec = 0; orec <= 1 && transitions; orec++) {
        simt_st_rt_cfg cfg = {8, 32, 8, 8, orec, 1};
        strt_walk_opts o = {.unstructured = 1};
        run_result r;
        char err[1200];
        uint64_t fc = 0;
        int rc = run_walk(&cfg, &o, seed + 5 + (unsigned)orec, 200000, F_NONE, 0, !orec, &r, err, sizeof err, &fc, NULL);
        tried++;
        CHECK(rc == -1, "a unit with OREC=%d passed a walker checking OREC=%d", !orec, orec);
        if (rc == -1) {
            caught++;
            printf("  unit OREC=%d checked as OREC=%d: %s\n", !orec, orec, err);
        }
    }
    printf("faults: %u of %u injected faults detected\n", caught, tried);
    g_transitions = 1;
}

static void test_long(uint64_t seed, uint64_t cycles)
{
    simt_st_rt_cfg cfg = {32, 32, 32, 32, 1, 1};
    strt_walk_opts o = {.unstructured = 1};
    run_result r;
    char err[1200];
    int rc = run_walk(&cfg, &o, seed, cycles, F_NONE, 0, -1, &r, err, sizeof err, NULL, NULL);
    CHECK(rc == 0, "long run seed %" PRIu64 ": %s", seed, err);
    printf("long run: W=32 NST=NRT=32 OREC=1 unstructured, seed %" PRIu64 ", %" PRIu64 " cycles in %.2f s "
           "(%.0f cycles/s, C model included)\n",
           seed, cycles, r.secs, (double)cycles / r.secs);
    const strt_walk_cov *c = &r.cov;
    printf("  divergences %" PRIu64 " (new RT %" PRIu64 ", RT reuse %" PRIu64 "), side-at-RPC %" PRIu64
           ", arrivals %" PRIu64 ", reconvergences %" PRIu64 "\n  OREC merges %" PRIu64 ", early %" PRIu64
           ", skips %" PRIu64 ", stalls %" PRIu64 ", deadlocks %" PRIu64 ", max RT %u, max ST %u\n"
           "  programs %" PRIu64 ", lanes exited %" PRIu64 ", refused ops %" PRIu64 ", idle %" PRIu64 "\n",
           c->divergences, c->newrt, c->rt_reuse, c->side_at_rpc, c->arrivals, c->reconvergences, c->merges, c->orecs,
           c->oskips, c->full_stalls, c->deadlocks, c->max_rt, c->max_st, c->programs, c->lanes_exited, c->bads,
           c->idle);
}

/* ---- directed tests on the model ---- */

static int run_directed(const strt_dtest *t, const simt_st_rt_cfg *cfg, int print)
{
    simt_st_rt m;
    simt_st_rt_reset(&m, cfg);
    simt_st_rt_in idle, in;
    memset(&idle, 0, sizeof idle);
    simt_st_rt_out cyc, after;
    char err[1200];
    int bad = 0;
    if (print)
        printf("  %s (W=%u NST=%u NRT=%u OREC=%d)\n", strt_dtest_name(t), cfg->w, cfg->nst, cfg->nrt, cfg->orec);
    for (unsigned s = 0; s < strt_dtest_steps(t); s++) {
        strt_dtest_input(t, s, &in);
        simt_st_rt_eval(&m, &in, &cyc);
        if (strt_dtest_check_cycle(t, s, &cyc, err, sizeof err)) {
            printf("FAIL %s step %u [%s]: %s\n", strt_dtest_name(t), s, strt_dtest_label(t, s), err);
            bad = 1;
        }
        simt_st_rt_step(&m, &in);
        simt_st_rt_eval(&m, &idle, &after);
        if (strt_dtest_check(t, s, &after, err, sizeof err)) {
            printf("FAIL %s step %u [%s]: %s\n", strt_dtest_name(t), s, strt_dtest_label(t, s), err);
            bad = 1;
        }
        if (print) {
            printf("    %2u %-44s ", s, strt_dtest_label(t, s));
            strt_dtest_print_state(stdout, t, cfg, &after);
            printf("\n");
        }
    }
    return bad;
}

static void test_directed(int print)
{
    unsigned runs = 0;
    for (unsigned k = 0; strt_dtest_names[k]; k++) {
        const strt_dtest *t = strt_dtest_find(strt_dtest_names[k]);
        CHECK(t != NULL, "directed test %s not found", strt_dtest_names[k]);
        if (!t)
            continue;
        unsigned mst, mrt;
        int orec;
        strt_dtest_need(t, &mst, &mrt, &orec);
        const unsigned W = strt_dtest_w(t);
        /* minimal tables, the paper's W-entry ST, and larger ones: the set compare is slot-blind */
        const unsigned nsts[] = {mst, W > mst ? W : mst, 8}, nrts[] = {mrt, W, 8};
        for (unsigned z = 0; z < 3; z++)
            for (int o = 0; o <= 1; o++) {
                if (orec >= 0 && o != orec)
                    continue;
                simt_st_rt_cfg cfg = {W, 32, nsts[z], nrts[z] < mrt ? mrt : nrts[z], o, 1};
                int bad = run_directed(t, &cfg, print && z == 1);
                CHECK(!bad, "directed %s W=%u NST=%u NRT=%u OREC=%d", strt_dtest_names[k], W, cfg.nst, cfg.nrt, o);
                runs++;
            }
        /* the test must fail on a unit without the feature it shows */
        if (orec == 1) {
            simt_st_rt_cfg cfg = {W, 32, mst, mrt, 0, 1};
            simt_st_rt m;
            simt_st_rt_reset(&m, &cfg);
            simt_st_rt_in idle, in;
            memset(&idle, 0, sizeof idle);
            simt_st_rt_out cyc, after;
            char err[300];
            int fails = 0;
            for (unsigned s = 0; s < strt_dtest_steps(t); s++) {
                strt_dtest_input(t, s, &in);
                simt_st_rt_eval(&m, &in, &cyc);
                fails += strt_dtest_check_cycle(t, s, &cyc, err, sizeof err) != 0;
                simt_st_rt_step(&m, &in);
                simt_st_rt_eval(&m, &idle, &after);
                fails += strt_dtest_check(t, s, &after, err, sizeof err) != 0;
            }
            CHECK(fails > 0, "directed %s passes on a unit with OREC=0", strt_dtest_names[k]);
        }
    }
    printf("directed: %u runs\n", runs);
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    int quick = 0, lng = 0, print = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--quick"))
            quick = 1;
        else if (!strcmp(argv[i], "--long"))
            lng = 1;
        else if (!strcmp(argv[i], "--print"))
            print = 1;
        else {
            fprintf(stderr, "usage: %s [--seed N] [--quick] [--long] [--print]\n", argv[0]);
            return 2;
        }
    }
    printf("strt_selftest seed %" PRIu64 "\n", seed);
    test_ipdom_hand();
    test_ipdom_random(seed, quick ? 50 : 400);
    test_cfg_prog_hand();
    test_cfg_prog_random(seed, quick ? 40 : 200);
    test_directed(print);
    test_repro(seed);
    test_faults(seed, 1);
    test_faults(seed, 0);
    test_walk_odd(seed, quick ? 5000 : 30000);
    test_walk_matrix(seed, quick ? 3000 : 20000, quick ? 1 : 3);
    if (lng || !quick)
        test_long(seed, 1000000);
    printf("strt_selftest: %u passed, %u failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
