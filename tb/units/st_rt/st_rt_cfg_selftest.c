/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_cfg_selftest.c: the ST/RT self-test's post-dominator and program-library tests
 * (st_rt_selftest.c says what each checks). */
#include "st_rt_selftest.h"

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

void test_ipdom_hand(void)
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
void test_ipdom_random(uint64_t seed, unsigned programs)
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

void test_cfg_prog_hand(void)
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
void test_cfg_prog_random(uint64_t seed, unsigned programs)
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
