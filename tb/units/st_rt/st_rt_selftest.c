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
 * Build and run (from the repository root; or `make st_rt-selftest`):
 *   gcc -std=c11 -O2 -Wall -Wextra -Werror -Icmodel -Itb/stim -Itb/units/st_rt tb/units/st_rt/st_rt_selftest.c \
 *       tb/units/st_rt/st_rt_walk.c tb/stim/cfg_prog.c tb/units/st_rt/st_rt_directed.c cmodel/simt_st_rt.c \
 *       -o build/bin/strt_selftest
 *   build/bin/strt_selftest            (all tests; --quick for a short run, --long for a 10^6 W=32 run)
 *   build/bin/strt_selftest --seed N   (base seed; every run prints its seed)
 *   build/bin/strt_selftest --print    (also print every directed step's tables in the paper's notation)
 * Exit status 0 when everything passed.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt_st_rt.h"
#include "st_rt_walk.h"
#include "st_rt_directed.h"

static unsigned g_fail, g_pass;

#define CHECK(cond, ...)                          \
    do {                                          \
        if (cond) {                               \
            g_pass++;                             \
        } else {                                  \
            g_fail++;                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                  \
            printf("\n");                         \
        }                                         \
    } while (0)

static double now(void)
{
    struct timespec t;
    timespec_get(&t, TIME_UTC);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- IPDOM ---- */

#define N_ STRT_NOBLK

/* Brute force from the definition: d post-dominates b iff every path from b to the exit x
 * passes d, i.e. x is unreachable from b once d is removed. */
static int reaches(unsigned n, const unsigned *succ, unsigned from, unsigned x, unsigned removed, unsigned char *seen)
{
    if (from == removed)
        return 0;
    unsigned stk[8192], sp = 0;
    memset(seen, 0, n);
    stk[sp++] = from;
    seen[from] = 1;
    while (sp) {
        unsigned v = stk[--sp];
        if (v == x)
            return 1;
        for (unsigned k = 0; k < 2; k++) {
            unsigned s = succ[2 * v + k];
            if (s != N_ && s != removed && !seen[s]) {
                seen[s] = 1;
                stk[sp++] = s;
            }
        }
    }
    return 0;
}

static void brute_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom)
{
    unsigned char *seen = malloc(n), *pd = malloc((size_t)n * n);  /* pd[b*n+d]: d strictly pdoms b */
    for (unsigned b = 0; b < n; b++)
        for (unsigned d = 0; d < n; d++)
            pd[b * n + d] = d != b && !reaches(n, succ, b, x, d, seen);
    for (unsigned b = 0; b < n; b++) {
        ipdom[b] = b == x ? x : N_;
        if (b == x)
            continue;
        for (unsigned d = 0; d < n; d++) {
            if (!pd[b * n + d])
                continue;
            int closest = 1;  /* every other strict post-dominator of b post-dominates d */
            for (unsigned e = 0; e < n && closest; e++)
                if (e != d && pd[b * n + e] && !pd[d * n + e])
                    closest = 0;
            if (closest)
                ipdom[b] = d;
        }
    }
    free(seen);
    free(pd);
}

typedef struct {
    const char *name;
    unsigned n, x;
    unsigned succ[2 * 12];
    unsigned want[12];   /* by hand */
    int rc;
} cfg_case;

static void test_ipdom_hand(void)
{
    enum { A, B, C, D, E, F, G, H };
    static const cfg_case cases[] = {
        /* Fig. 2/5: A -> B,C; B,C -> D (exit). IPDOM(A) = D. */
        {"fig2", 4, D, {B, C, D, N_, D, N_, N_, N_}, {D, D, D, D}, 0},
        /* Fig. 6: A -> B,C; B -> G; C -> D,E; D,E -> F; F -> G (exit). IPDOM(A) = G, IPDOM(C) = F. */
        {"fig6", 7, G, {B, C, G, N_, D, E, F, N_, F, N_, G, N_, N_, N_}, {G, G, F, F, F, G, G}, 0},
        /* Fig. 10: A -> B,C; B -> D (break); C -> A,D (while c2); D exit. IPDOM(A) = IPDOM(C) = D. */
        {"fig10", 4, D, {B, C, D, N_, A, D, N_, N_}, {D, D, D, D}, 0},
        /* while: A -> H; H -> X,Bd; Bd -> H; X exit. IPDOM(H) = X, IPDOM(Bd) = H. (B = H, C = Bd, D = X) */
        {"while", 4, D, {B, N_, D, C, B, N_, N_, N_}, {B, D, B, D}, 0},
        /* do-while with continue: A(body) -> B,L (continue); B -> L; L -> A,X; X exit.
         * (A body, B rest of body, C latch, D exit) IPDOM(A) = C, IPDOM(B) = C, IPDOM(C) = D. */
        {"dowhile-continue", 4, D, {B, C, C, N_, A, D, N_, N_}, {C, C, D, D}, 0},
        /* early return inside an if: A -> B,C; B -> E(exit),D; C -> D; D -> E; E exit.
         * IPDOM(A) = E (B may return), IPDOM(B) = E, IPDOM(C) = D, IPDOM(D) = E. */
        {"return", 5, E, {B, C, E, D, D, N_, E, N_, N_, N_}, {E, E, D, E, E}, 0},
        /* nested loops with a break out of the inner one to the outer latch:
         * A -> B; B(inner header) -> C,D; C -> B,D (continue inner or break); D(outer latch) -> A,E; E exit.
         * IPDOM(B) = D, IPDOM(C) = D, IPDOM(D) = E, IPDOM(A) = B. */
        {"nested-break", 5, E, {B, N_, C, D, B, D, A, E, N_, N_}, {B, D, D, E, E}, 0},
        /* switch chain: A -> S1,B; B -> S2,Dflt; Dflt -> J; S1 -> J; S2 -> J; J exit.
         * (A, B, C = Dflt, D = S1, E = S2, F = J). IPDOM of A and B: J. */
        {"switch", 6, F, {D, B, E, C, F, N_, F, N_, F, N_, N_, N_}, {F, F, F, F, F, F}, 0},
        /* a block that cannot reach the exit (infinite loop C -> C): refused. */
        {"noexit", 4, D, {B, C, D, N_, C, N_, N_, N_}, {0}, -1},
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const cfg_case *c = &cases[k];
        unsigned got[12], bf[12];
        int rc = strt_ipdom(c->n, c->succ, c->x, got);
        CHECK(rc == c->rc, "ipdom %s: rc %d, expected %d", c->name, rc, c->rc);
        if (rc || c->rc)
            continue;
        brute_ipdom(c->n, c->succ, c->x, bf);
        for (unsigned b = 0; b < c->n; b++) {
            CHECK(got[b] == c->want[b], "ipdom %s: block %u -> %u, expected %u", c->name, b, got[b], c->want[b]);
            CHECK(bf[b] == c->want[b], "brute-force ipdom %s: block %u -> %u, expected %u", c->name, b, bf[b],
                  c->want[b]);
        }
    }
}

/* The walker's IPDOMs on its random programs against the brute force. */
static void test_ipdom_random(uint64_t seed, unsigned programs)
{
    simt_st_rt_cfg cfg = {8, 32, 8, 8, 1, 1};
    unsigned checked = 0, maxblk = 0;
    static unsigned succ[2 * 4096], ip[4096], bf[4096];
    for (unsigned k = 0; k < programs; k++) {
        strt_walk_opts o = {.max_depth = 2 + k % 4, .unstructured = (int)(k & 1), .max_len = 40 + 20 * (k % 8)};
        strt_walk *w = strt_walk_new(seed + k, &cfg, &o);
        simt_st_rt_out st;
        simt_st_rt_in in;
        memset(&st, 0, sizeof st);
        st.done = 1;
        strt_walk_next(w, &st, &in);  /* generates the first program */
        unsigned x, n = strt_walk_cfg(w, succ, ip, &x, 4096);
        CHECK(n > 0, "walker program %u: no block graph", k);
        if (n) {
            brute_ipdom(n, succ, x, bf);
            unsigned bad = 0;
            for (unsigned b = 0; b < n; b++)
                bad += ip[b] != bf[b];
            CHECK(bad == 0, "walker program (seed %" PRIu64 "): %u of %u IPDOMs differ from the brute force", seed + k,
                  bad, n);
            checked++;
            if (n > maxblk)
                maxblk = n;
        }
        strt_walk_free(w);
    }
    printf("ipdom: %u random programs (up to %u blocks) agree with the brute force\n", checked, maxblk);
}

/* ---- the unit-independent part (tb/stim/cfg_prog.h): hand-written programs ---- */

typedef struct {
    uint64_t pc, nrpc;
    int wav;
    unsigned depth, dist, prio3, prio1;  /* prio at PRIO_W = 3 and 1 */
} pdom_want;

static void check_pdoms(const char *name, const cfg_prog *p, const pdom_want *want, unsigned n)
{
    for (unsigned k = 0; k < n; k++) {
        const pdom_want *x = &want[k];
        cfg_pdom d, d1;
        const int rc = cfg_prog_pdom(p, x->pc, 3, &d) | cfg_prog_pdom(p, x->pc, 1, &d1);
        CHECK(rc == 0, "%s: no PDOM descriptor for 0x%" PRIx64, name, x->pc);
        if (rc)
            continue;
        CHECK(d.nrpc == x->nrpc && d.wav == x->wav && d.loop_depth == x->depth && d.dist == x->dist &&
                  d.prio == x->prio3 && d1.prio == x->prio1,
              "%s: PDOM point 0x%" PRIx64 ": nrpc 0x%" PRIx64 " wav %d depth %u dist %u prio %u / %u, "
              "expected nrpc 0x%" PRIx64 " wav %d depth %u dist %u prio %u / %u",
              name, x->pc, d.nrpc, d.wav, d.loop_depth, d.dist, d.prio, d1.prio, x->nrpc, x->wav, x->depth, x->dist,
              x->prio3, x->prio1);
    }
}

/* Each lane alone through p: path length, and the next-PC prediction at every step. */
static uint64_t lane_alone(cfg_lanes *ls, unsigned l, uint64_t *syncs, const cfg_prog *p)
{
    cfg_lane_start(ls, l);
    uint64_t n = 0;
    *syncs = 0;
    while (!cfg_lane_done(ls, l) && n < 10000000) {
        const uint64_t pc = cfg_lane_pc(ls, l), nx = cfg_lane_next(ls, l);
        cfg_insn in;
        if (cfg_prog_at(p, pc, &in))
            return 0;
        const int t = cfg_lane_outcome(ls, l, pc);
        *syncs += in.kind == CFG_SYNC;
        if (cfg_lane_exec(ls, l, pc) || cfg_lane_exec(ls, l, pc + 1 == nx ? pc + 2 : pc + 1) == 0)
            return 0;  /* executing, then a PC the lane is not at (must be refused) */
        if (!cfg_lane_done(ls, l) && cfg_lane_pc(ls, l) != nx)
            return 0;
        if (in.kind == CFG_BR && nx != (t ? in.tgt : in.npc))
            return 0;
        n++;
    }
    return cfg_lane_path_ok(ls, l) ? n : 0;
}

static void test_cfg_prog_hand(void)
{
    char err[200];
    cfg_prog *p = cfg_prog_new();
    cfg_lanes *ls = cfg_lanes_new(p);
    uint64_t syncs;
    /* Steffen 2012 Fig. 4.3, W = 4: two do-while loops,
     * iterations per lane (2, 5, 7, 10) and (10, 3, 4, 1), i.e. stays one fewer. */
    static const unsigned char stay1[64] = {1, 4, 6, 9}, stay2[64] = {9, 2, 3, 0};
    const cfg_src fig43[] = {
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x10, CFG_BR_LOOP, 0, 1, stay1},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x18, CFG_BR_LOOP, 0, 1, stay2},
        {CFG_EXIT, 0, 0, 0, 0, NULL},
    };
    int rc = cfg_prog_build(p, 0x10, 4, 5, fig43, err, sizeof err);
    CHECK(rc == 0, "fig4.3: %s", err);
    if (!rc) {
        cfg_insn b1, b2;
        cfg_prog_at(p, 0x14, &b1);
        cfg_prog_at(p, 0x1c, &b2);
        CHECK(b1.kind == CFG_BR && b1.rpc == 0x18 && b1.tgt == 0x10 && b1.npc == 0x18 && b1.backedge &&
                  b2.kind == CFG_BR && b2.rpc == 0x20 && cfg_prog_exit(p) == 0x20,
              "fig4.3: RPCs 0x%" PRIx64 " 0x%" PRIx64 ", expected 0x18 0x20", b1.rpc, b2.rpc);
        CHECK(cfg_prog_is_pdom(p, 0x18) && cfg_prog_is_pdom(p, 0x20) && !cfg_prog_is_pdom(p, 0x10) &&
                  !cfg_prog_is_pdom(p, 0x1c),
              "fig4.3: PDOM points are 0x18 and 0x20");
        /* 0x18 is in loop 2, one instruction before its back-edge: the best (only) key, prio
         * 2^PRIO_W - 1 (1 at PRIO_W = 1); 0x20 reaches no back-edge: 0 */
        const pdom_want w[] = {{0x18, 0x20, 1, 1, 1, 7, 1}, {0x20, 0x20, 0, 0, CFG_NONE, 0, 0}};
        check_pdoms("fig4.3", p, w, 2);
        /* each lane alone: 2 * (loop-1 iterations + loop-2 iterations) + exit; lane 0, the
         * longest, gives the lower bound 25 (12 iterations of two instructions, then the exit) */
        static const uint64_t len[4] = {25, 17, 23, 23};
        for (unsigned l = 0; l < 4; l++) {
            const uint64_t n = lane_alone(ls, l, &syncs, p);
            CHECK(n == len[l], "fig4.3: lane %u alone executes %" PRIu64 " instructions, expected %" PRIu64, l, n,
                  len[l]);
            CHECK(cfg_lane_visits(ls, l, 0x14) == stay1[l] + 1u && cfg_lane_visits(ls, l, 0x1c) == stay2[l] + 1u,
                  "fig4.3: lane %u visits of the loop branches", l);
        }
    }
    /* Nested loops: do { if (c) {op}; do {op} while (c2); if (c3) {op}; op } while (c4); exit.
     * PDOM points 0x103 (in the inner loop, 1 from its latch), 0x107 (outer loop, 1 from its
     * latch), 0x105 (outer loop, 2 from its latch), 0x109 (exit): nested before outer, then
     * nearer before farther. */
    static const unsigned char si[64] = {1, 0, 2, 0}, so[64] = {1, 1, 0, 2};
    const cfg_src nest[] = {
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x103, CFG_BR_IF, 0x5, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x103, CFG_BR_LOOP, 0, 1, si},
        {CFG_BR, 0x107, CFG_BR_IF, 0x3, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x100, CFG_BR_LOOP, 0, 1, so},
        {CFG_EXIT, 0, 0, 0, 0, NULL},
    };
    rc = cfg_prog_build(p, 0x100, 1, 10, nest, err, sizeof err);
    CHECK(rc == 0, "nested loops: %s", err);
    if (!rc) {
        const pdom_want w[] = {{0x103, 0x105, 1, 2, 1, 7, 1},
                               {0x107, 0x109, 1, 1, 1, 6, 1},
                               {0x105, 0x107, 1, 1, 2, 5, 1},
                               {0x109, 0x109, 0, 0, CFG_NONE, 0, 0}};
        check_pdoms("nested loops", p, w, 4);
        /* lane 0: 2 outer iterations, inner 2 then 2, the ifs taken (skip): 2*(2+2*2+1+2)+1;
         * lane 1: if 0x101 not taken, inner once, if 0x105 taken: 2*(3+2+1+2)+1 */
        const uint64_t n0 = lane_alone(ls, 0, &syncs, p), n1 = lane_alone(ls, 1, &syncs, p);
        CHECK(n0 == 19 && n1 == 17, "nested loops: lanes 0, 1 alone execute %" PRIu64 ", %" PRIu64 ", expected 19, 17",
              n0, n1);
    }
    /* Nested ifs falling through into the outer RPC, and a barrier there:
     * if (a) { if (b) {op}; op }; sync; if (c) {op}; exit. The next PDOM point after the
     * inner RPC 0x203 is the outer RPC 0x204 (not 0x207, the RPC of the next branch: work-ahead
     * must not run past an enclosing RPC); from 0x204 (the SYNC) no work-ahead. */
    const cfg_src ifs[] = {
        {CFG_BR, 0x204, CFG_BR_IF, 0x3, 0, NULL},
        {CFG_BR, 0x203, CFG_BR_IF, 0x1, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_SYNC, 0, 0, 0, 0, NULL},
        {CFG_BR, 0x207, CFG_BR_IF, 0x2, 0, NULL},
        {CFG_OP, 0, 0, 0, 0, NULL},
        {CFG_EXIT, 0, 0, 0, 0, NULL},
    };
    rc = cfg_prog_build(p, 0x200, 1, 8, ifs, err, sizeof err);
    CHECK(rc == 0, "nested ifs: %s", err);
    if (!rc) {
        const pdom_want w[] = {{0x203, 0x204, 1, 0, CFG_NONE, 0, 0},
                               {0x204, 0x207, 0, 0, CFG_NONE, 0, 0},
                               {0x207, 0x207, 0, 0, CFG_NONE, 0, 0}};
        check_pdoms("nested ifs", p, w, 3);
        for (unsigned l = 0; l < 4; l++) {
            const uint64_t n = lane_alone(ls, l, &syncs, p);
            CHECK(n > 0 && syncs == 1, "nested ifs: lane %u alone: %" PRIu64 " instructions, %" PRIu64 " barriers", l,
                  n, syncs);
        }
    }
    /* refused programs */
    const cfg_src bad1[] = {{CFG_JMP, 0x5, 0, 0, 0, NULL}, {CFG_EXIT, 0, 0, 0, 0, NULL}};
    const cfg_src bad2[] = {{CFG_EXIT, 0, 0, 0, 0, NULL}, {CFG_OP, 0, 0, 0, 0, NULL}};
    const cfg_src bad3[] = {{CFG_OP, 0, 0, 0, 0, NULL}, {CFG_JMP, 0x0, 0, 0, 0, NULL}, {CFG_EXIT, 0, 0, 0, 0, NULL}};
    CHECK(cfg_prog_build(p, 0, 1, 2, bad1, err, sizeof err) == -1 && cfg_prog_len(p) == 0,
          "a target outside the program is refused");
    CHECK(cfg_prog_build(p, 0, 1, 2, bad2, err, sizeof err) == -1, "an EXIT that is not last is refused");
    CHECK(cfg_prog_build(p, 0, 1, 3, bad3, err, sizeof err) == -1, "a loop that cannot reach the exit is refused");
    printf("cfg_prog: hand-written programs (Fig. 4.3, nested loops, nested ifs with a barrier): PDOM points, "
           "work-ahead descriptors and lane paths as derived by hand\n");
    cfg_lanes_free(ls);
    cfg_prog_free(p);
}

/* ---- cfg_prog on random programs: properties ---- */

/* x reachable from i in the instruction graph without passing `removed` */
static int i_reaches(const cfg_prog *p, unsigned from, unsigned x, unsigned removed, unsigned char *seen,
                     unsigned *stk)
{
    const unsigned n = cfg_prog_len(p);
    if (from == removed)
        return 0;
    unsigned sp = 0;
    memset(seen, 0, n);
    stk[sp++] = from;
    seen[from] = 1;
    while (sp) {
        const unsigned v = stk[--sp];
        if (v == x)
            return 1;
        cfg_insn in;
        cfg_prog_at(p, cfg_prog_pc(p, v), &in);
        unsigned s[2], ns = 0;
        if (in.kind == CFG_OP || in.kind == CFG_SYNC || in.kind == CFG_BR)
            s[ns++] = v + 1;
        if (in.kind == CFG_JMP || in.kind == CFG_BR)
            s[ns++] = cfg_prog_index(p, in.tgt);
        for (unsigned k = 0; k < ns; k++)
            if (s[k] != removed && !seen[s[k]]) {
                seen[s[k]] = 1;
                stk[sp++] = s[k];
            }
    }
    return 0;
}

/* instructions from i to the nearest back-edge instruction, forward breadth-first */
static unsigned fwd_dist(const cfg_prog *p, unsigned from, unsigned *dist, unsigned *q)
{
    const unsigned n = cfg_prog_len(p);
    for (unsigned i = 0; i < n; i++)
        dist[i] = CFG_NONE;
    unsigned qh = 0, qt = 0;
    dist[from] = 0;
    q[qt++] = from;
    while (qh < qt) {
        const unsigned v = q[qh++];
        cfg_insn in;
        cfg_prog_at(p, cfg_prog_pc(p, v), &in);
        if (in.backedge)
            return dist[v];
        unsigned s[2], ns = 0;
        if (in.kind == CFG_OP || in.kind == CFG_SYNC || in.kind == CFG_BR)
            s[ns++] = v + 1;
        if (in.kind == CFG_JMP || in.kind == CFG_BR)
            s[ns++] = cfg_prog_index(p, in.tgt);
        for (unsigned k = 0; k < ns; k++)
            if (dist[s[k]] == CFG_NONE) {
                dist[s[k]] = dist[v] + 1;
                q[qt++] = s[k];
            }
    }
    return CFG_NONE;
}

/* For random programs (with and without unstructured flow and barriers): the next PDOM point
 * post-dominates r, and every PDOM point that post-dominates r post-dominates it too (so
 * work-ahead never runs past an enclosing RPC); the distances equal a forward search; a
 * better key never has a lower priority; every lane alone follows cfg_lane_next, exits with
 * cfg_lane_path_ok and passes every barrier exactly once; every shape occurs. */
static void test_cfg_prog_random(uint64_t seed, unsigned programs)
{
    cfg_prog *p = cfg_prog_new();
    cfg_lanes *ls = cfg_lanes_new(p);
    cfg_shapes acc;
    memset(&acc, 0, sizeof acc);
    static unsigned char seen[4096];
    static unsigned stk[4096], dist[4096], q[4096], pd[4096];
    static uint8_t post[4096];
    unsigned points = 0, bad_post = 0, bad_dist = 0, bad_prio = 0, bad_lane = 0, bad_sync = 0, nowav = 0;
    uint64_t rng = cfg_mix(seed ^ 0x636667ull);
    for (unsigned k = 0; k < programs; k++) {
        const cfg_prog_opts o = {.max_depth = 2 + k % 4, .unstructured = (int)(k % 3 != 0),
                                 .max_len = 40 + 20 * (k % 6), .barriers = (int)(k & 1)};
        const unsigned W = 4u << (k % 4);
        cfg_prog_gen(p, &rng, &o, W, 32);
        cfg_shapes_add(&acc, p);
        const unsigned n = cfg_prog_len(p), x = n - 1;
        unsigned nsync = 0;
        for (unsigned i = 0; i < n; i++) {
            cfg_insn in;
            cfg_prog_at(p, cfg_prog_pc(p, i), &in);
            nsync += in.kind == CFG_SYNC;
        }
        unsigned npd = 0;
        for (unsigned i = 0; i < n; i++)
            if (cfg_prog_is_pdom(p, cfg_prog_pc(p, i)))
                pd[npd++] = i;
        for (unsigned a = 0; a < npd; a++) {
            const unsigned r = pd[a];
            cfg_pdom d;
            cfg_prog_pdom(p, cfg_prog_pc(p, r), 3, &d);
            const unsigned nx = cfg_prog_index(p, d.nrpc);
            points++;
            nowav += !d.wav && r != x;
            /* the instructions that strictly post-dominate r */
            for (unsigned v = 0; v < n; v++)
                post[v] = v != r && !i_reaches(p, r, x, v, seen, stk);
            if (r != x && (!post[nx] || !(cfg_prog_is_pdom(p, d.nrpc) || nx == x)))
                bad_post++;
            for (unsigned b = 0; b < npd; b++)
                if (post[pd[b]] && pd[b] != nx && i_reaches(p, nx, x, pd[b], seen, stk))
                    bad_post++;  /* a PDOM point after r, not after nrpc */
            if (fwd_dist(p, r, dist, q) != d.dist)
                bad_dist++;
            for (unsigned b = 0; b < npd; b++) {
                cfg_pdom e;
                cfg_prog_pdom(p, cfg_prog_pc(p, pd[b]), 3, &e);
                const int better = d.dist != CFG_NONE &&
                                   (e.dist == CFG_NONE || d.loop_depth > e.loop_depth ||
                                    (d.loop_depth == e.loop_depth && d.dist < e.dist));
                if (better && d.prio < e.prio)
                    bad_prio++;
            }
        }
        for (unsigned l = 0; l < (W < 16 ? W : 16); l++) {
            uint64_t syncs;
            if (!lane_alone(ls, l, &syncs, p))
                bad_lane++;
            else if (syncs != nsync)
                bad_sync++;
        }
    }
    CHECK(bad_post == 0, "cfg_prog: %u next-PDOM points do not post-dominate their point or pass an enclosing one",
          bad_post);
    CHECK(bad_dist == 0, "cfg_prog: %u back-edge distances differ from a forward search", bad_dist);
    CHECK(bad_prio == 0, "cfg_prog: %u priority pairs out of order", bad_prio);
    CHECK(bad_lane == 0, "cfg_prog: %u lanes alone disagree with cfg_lane_next or their solo path", bad_lane);
    CHECK(bad_sync == 0, "cfg_prog: %u lanes alone do not pass every barrier exactly once", bad_sync);
    CHECK(acc.if_else && acc.if_only && acc.if_empty && acc.while_loops && acc.do_loops && acc.switches && acc.fig10 &&
              acc.breaks && acc.continues && acc.returns && acc.jmp_breaks && acc.jmp_returns && acc.fallthrough_cuts &&
              acc.barriers && acc.max_loop_nest >= 2,
          "cfg_prog: some program shape never generated");
    printf("cfg_prog: %u random programs, %u PDOM points (%u without work-ahead, barriers): next PDOM point, "
           "distances, priority order, lane paths and barriers checked; shapes:\n",
           programs, points, nowav);
    cfg_shapes_print(&acc, stdout, "  ");
    cfg_lanes_free(ls);
    cfg_prog_free(p);
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
    double t0 = now();
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
    res->secs = now() - t0;
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
