/* SPDX-License-Identifier: Apache-2.0 */
/* strt_directed: the paper's directed sequences for simt_st_rt, see st_rt_directed.h.
 *
 * Source: ElTantawy et al. 2014.
 * The figures are images; the steps below are written from the prose of §3.1 (Fig. 5), §3.2
 * (Fig. 6 and the two special cases) and §4 (Fig. 10, 11). W = 4, lane 0 the rightmost bit.
 *
 * Programs. Every block has two instructions (the §2.2/§3.1 assumption "each basic block
 * contains two dependent instructions"); block X starts at PC X and its second instruction
 * is X+1. A split's ST pc is its next instruction (contract); the paper's ST "PC" field is
 * the first PC of the block (§3.3.1), which the contract keeps as bpc: both are compared.
 * RPCs are the blocks' immediate post-dominators, worked out by hand from each CFG.
 *
 * Where the contract differs from the paper's step granularity:
 *  - The paper's ST/RT PC names a block; here a split moves instruction by instruction, so
 *    "B_0101 executes B" is two steps (ADV to B+1, then the ADV/jump out of B).
 *  - A branch's divergence (②a move to the RT, ②b insert both sides) is one operation.
 *  - An arrival that empties the pending mask and the move back to the ST (Fig. 5 ④ and ⑤,
 *    Fig. 6 ⑥ and ⑦, ⑧ and ⑨, Fig. 11 ④a and ④b) are one operation (same cycle).
 *  - Fig. 11 ② (detection) and ③ (new RT entry, RPC of B_0101 set, B_1010 invalidated,
 *    pending mask updated) are one operation: the insertion of B_0101.
 *  - Slots: the contract puts a branch's taken side into the branching split's own entry and
 *    the other side into the lowest free entry; the paper fills "the first unallocated
 *    entries". Expected states are sets, so the check does not depend on slots. The sel of
 *    each step below follows the contract's placement (comments give the slots).
 * Paper typos met on the way (the prose is followed where it is self-consistent):
 *  - §2.2 first names the splits of Fig. 2 B_0101, C_1010 (id%2==0 -> lanes 0, 2), then two
 *    paragraphs later B_1010, C_0101; the code (if (id%2==0) B) gives B_0101.
 *  - §3.2 ⑥: "D_0010 reaches F ... the reconvergence entry F_1010 is updated again to mark
 *    the arrival of warp split E_1000" -- the arriving split at ⑥ is D_0010 (E arrived at ⑤).
 */
#include "st_rt_directed.h"

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#define M(a, b, c, d) ((uint64_t)((a) << 3 | (b) << 2 | (c) << 1 | (d)))  /* paper order: lane 3 .. lane 0 */
#define NONE_ (-1)                                                          /* no RPC: hasr = 0 */

#define LAUNCH(pc, m) {SIMT_ST_RT_LAUNCH, 0, (pc), 0, 0, (m), 0}
#define ADV(sel, npc, blk) {SIMT_ST_RT_ADV, (sel), (npc), (blk), 0, 0, 0}
#define BR(sel, tm, tgt, npc, rpc) {SIMT_ST_RT_BR, (sel), (npc), 0, (tgt), (tm), (rpc)}
#define EXIT(sel) {SIMT_ST_RT_EXIT, (sel), 0, 0, 0, 0, 0}

enum { EV_DIV = SIMT_ST_RT_EV_DIV, EV_NEWRT = SIMT_ST_RT_EV_NEWRT, EV_SIDE = SIMT_ST_RT_EV_SIDE,
       EV_ARR = SIMT_ST_RT_EV_ARRIVE, EV_REC = SIMT_ST_RT_EV_RECONV, EV_MERGE = SIMT_ST_RT_EV_MERGE,
       EV_OREC = SIMT_ST_RT_EV_OREC };

typedef struct {
    uint64_t pc, bpc, mask;
    int64_t rpc;   /* NONE_: no reconvergence entry (the undiverged warp) */
} est;

typedef struct {
    uint64_t pc;
    int64_t rpc;
    uint64_t rmask, pend;
} ert;

#define MAXE 4
typedef struct {
    const char *label;
    simt_st_rt_in in;
    unsigned ev;   /* exactly these event bits */
    unsigned nst, nrt;
    est st[MAXE];
    ert rt[MAXE];
} dstep;

typedef struct {
    uint64_t pc;
    const char *name;
} plabel;

struct strt_dtest {
    const char *name, *desc;
    unsigned w, min_nst, min_nrt;
    int orec;
    const plabel *labels;  /* ascending PCs, {0, NULL}-terminated */
    const dstep *steps;
    unsigned nsteps;
};

#define ST1(a) 1, 0, {a}, {{0}}
#define S(pc, bpc, m, rpc) {(pc), (bpc), (m), (rpc)}
#define R(pc, rpc, rm, pd) {(pc), (rpc), (rm), (pd)}

/* ---- Fig. 5 (§3.1): if (id%2==0) B else C; D ----
 * A 0x100: op, BR (taken: C, lanes 1010; not taken: B, 0101), RPC = IPDOM(A) = D.
 * B 0x102: op, JMP D.  C 0x104: op, op (falls into D).  D 0x106: op, EXIT. */
enum { F5A = 0x100, F5B = 0x102, F5C = 0x104, F5D = 0x106 };
static const plabel fig5_labels[] = {{F5A, "A"}, {F5B, "B"}, {F5C, "C"}, {F5D, "D"}, {0, NULL}};
static const dstep fig5_steps[] = {
    {"(1) LAUNCH A_1111", LAUNCH(F5A, M(1, 1, 1, 1)), 0, 1, 0, {S(F5A, F5A, M(1, 1, 1, 1), NONE_)}, {{0}}},
    {"(1) A_1111 executes A", ADV(0, F5A + 1, 0), 0, 1, 0, {S(F5A + 1, F5A, M(1, 1, 1, 1), NONE_)}, {{0}}},
    /* (2a) A_1111 moves to the RT with PC = D, rmask = pend = 1111; (2b) B_0101, C_1010
     * inserted (contract slots: C in 0, B in 1). */
    {"(2) BR A: B_0101 C_1010, RT D_1111",
     BR(0, M(1, 0, 1, 0), F5C, F5B, F5D), EV_DIV | EV_NEWRT, 2, 1,
     {S(F5B, F5B, M(0, 1, 0, 1), F5D), S(F5C, F5C, M(1, 0, 1, 0), F5D)},
     {R(F5D, NONE_, M(1, 1, 1, 1), M(1, 1, 1, 1))}},
    /* cycles 3-5: the scheduler interleaves B_0101 and C_1010 */
    {"(2) B_0101 first instruction", ADV(1, F5B + 1, 0), 0, 2, 1,
     {S(F5B + 1, F5B, M(0, 1, 0, 1), F5D), S(F5C, F5C, M(1, 0, 1, 0), F5D)},
     {R(F5D, NONE_, M(1, 1, 1, 1), M(1, 1, 1, 1))}},
    {"(2) C_1010 first instruction", ADV(0, F5C + 1, 0), 0, 2, 1,
     {S(F5B + 1, F5B, M(0, 1, 0, 1), F5D), S(F5C + 1, F5C, M(1, 0, 1, 0), F5D)},
     {R(F5D, NONE_, M(1, 1, 1, 1), M(1, 1, 1, 1))}},
    /* cycle 6: B_0101 reaches D first: (3a) its ST entry invalidated, (3b) pend 1111 -> 1010 */
    {"(3) B_0101 reaches D", ADV(1, F5D, 1), EV_ARR, 1, 1,
     {S(F5C + 1, F5C, M(1, 0, 1, 0), F5D)},
     {R(F5D, NONE_, M(1, 1, 1, 1), M(1, 0, 1, 0))}},
    /* cycle 7: C_1010 reaches D: (4a) invalidated, (4b) pend -> 0000, (5) D_1111 back to the ST */
    {"(4)(5) C_1010 reaches D; D_1111 to the ST", ADV(0, F5D, 1), EV_ARR | EV_REC, ST1(S(F5D, F5D, M(1, 1, 1, 1), NONE_))},
    {"(5) D_1111 executes D", ADV(0, F5D + 1, 0), 0, ST1(S(F5D + 1, F5D, M(1, 1, 1, 1), NONE_))},
    {"EXIT", EXIT(0), 0, 0, 0, {{0}}, {{0}}},
};

/* ---- Fig. 6 (§3.2): A; if (id%2==0) B else { C; if (id==1) D else E; F } G ----
 * A 0x100: op, BR (taken: C, 1010; not taken: B, 0101), RPC G.
 * B 0x102: op, JMP G.
 * C 0x104: op, BR (taken: E, lane 3 = 1000; not taken: D, lane 1 = 0010), RPC = IPDOM(C) = F.
 * D 0x106: op, JMP F.  E 0x108: op, op (falls into F).  F 0x10a: op, op (falls into G).
 * G 0x10c: op, EXIT. */
enum { F6A = 0x100, F6B = 0x102, F6C = 0x104, F6D = 0x106, F6E = 0x108, F6F = 0x10a, F6G = 0x10c };
static const plabel fig6_labels[] = {{F6A, "A"}, {F6B, "B"}, {F6C, "C"}, {F6D, "D"}, {F6E, "E"},
                                     {F6F, "F"}, {F6G, "G"}, {0, NULL}};
#define RT_G(pd) R(F6G, NONE_, M(1, 1, 1, 1), (pd))
static const dstep fig6_steps[] = {
    {"(1) LAUNCH A_1111", LAUNCH(F6A, M(1, 1, 1, 1)), 0, ST1(S(F6A, F6A, M(1, 1, 1, 1), NONE_))},
    {"(1) A_1111 executes A", ADV(0, F6A + 1, 0), 0, ST1(S(F6A + 1, F6A, M(1, 1, 1, 1), NONE_))},
    /* (2) as in §3.1: slots C_1010 0, B_0101 1; RT G_1111 in 0 */
    {"(2) BR A: B_0101 C_1010, RT G_1111", BR(0, M(1, 0, 1, 0), F6C, F6B, F6G), EV_DIV | EV_NEWRT, 2, 1,
     {S(F6B, F6B, M(0, 1, 0, 1), F6G), S(F6C, F6C, M(1, 0, 1, 0), F6G)}, {RT_G(M(1, 1, 1, 1))}},
    /* "Both warp splits B_0101 and C_1010 are scheduled on the pipeline" */
    {"(2) B_0101 first instruction", ADV(1, F6B + 1, 0), 0, 2, 1,
     {S(F6B + 1, F6B, M(0, 1, 0, 1), F6G), S(F6C, F6C, M(1, 0, 1, 0), F6G)}, {RT_G(M(1, 1, 1, 1))}},
    {"(2) C_1010 first instruction", ADV(0, F6C + 1, 0), 0, 2, 1,
     {S(F6B + 1, F6B, M(0, 1, 0, 1), F6G), S(F6C + 1, F6C, M(1, 0, 1, 0), F6G)}, {RT_G(M(1, 1, 1, 1))}},
    /* (3) C_1010 diverges at BR C: its entry moves to the RT with PC = F (rmask = pend = 1010,
     * its own RPC G); D_0010 and E_1000 inserted (slots: E 0, D 2, B stays in 1); RT F in 1 */
    {"(3) BR C: D_0010 E_1000, RT F_1010", BR(0, M(1, 0, 0, 0), F6E, F6D, F6F), EV_DIV | EV_NEWRT, 3, 2,
     {S(F6B + 1, F6B, M(0, 1, 0, 1), F6G), S(F6D, F6D, M(0, 0, 1, 0), F6F), S(F6E, F6E, M(1, 0, 0, 0), F6F)},
     {RT_G(M(1, 1, 1, 1)), R(F6F, F6G, M(1, 0, 1, 0), M(1, 0, 1, 0))}},
    /* (4) B_0101 reaches G: pend of G 1111 -> 1010, B_0101 invalidated */
    {"(4) B_0101 reaches G", ADV(1, F6G, 1), EV_ARR, 2, 2,
     {S(F6D, F6D, M(0, 0, 1, 0), F6F), S(F6E, F6E, M(1, 0, 0, 0), F6F)},
     {RT_G(M(1, 0, 1, 0)), R(F6F, F6G, M(1, 0, 1, 0), M(1, 0, 1, 0))}},
    {"(4) E_1000 first instruction", ADV(0, F6E + 1, 0), 0, 2, 2,
     {S(F6D, F6D, M(0, 0, 1, 0), F6F), S(F6E + 1, F6E, M(1, 0, 0, 0), F6F)},
     {RT_G(M(1, 0, 1, 0)), R(F6F, F6G, M(1, 0, 1, 0), M(1, 0, 1, 0))}},
    {"(4) D_0010 first instruction", ADV(2, F6D + 1, 0), 0, 2, 2,
     {S(F6D + 1, F6D, M(0, 0, 1, 0), F6F), S(F6E + 1, F6E, M(1, 0, 0, 0), F6F)},
     {RT_G(M(1, 0, 1, 0)), R(F6F, F6G, M(1, 0, 1, 0), M(1, 0, 1, 0))}},
    /* (5) E_1000 reaches F: pend of F 1010 -> 0010, E invalidated */
    {"(5) E_1000 reaches F", ADV(0, F6F, 1), EV_ARR, 1, 2,
     {S(F6D + 1, F6D, M(0, 0, 1, 0), F6F)},
     {RT_G(M(1, 0, 1, 0)), R(F6F, F6G, M(1, 0, 1, 0), M(0, 0, 1, 0))}},
    /* (6) D_0010 reaches F: pend -> 0000; (7) F_1010 moves to the ST with active mask =
     * rmask, RPC G */
    {"(6)(7) D_0010 reaches F; F_1010 to the ST", ADV(2, F6F, 1), EV_ARR | EV_REC, 1, 1,
     {S(F6F, F6F, M(1, 0, 1, 0), F6G)}, {RT_G(M(1, 0, 1, 0))}},
    {"(7) F_1010 executes F", ADV(2, F6F + 1, 0), 0, 1, 1, {S(F6F + 1, F6F, M(1, 0, 1, 0), F6G)},
     {RT_G(M(1, 0, 1, 0))}},
    /* (8) F_1010 reaches G: pend of G -> 0000; (9) G_1111 moves to the ST */
    {"(8)(9) F_1010 reaches G; G_1111 to the ST", ADV(2, F6G, 1), EV_ARR | EV_REC,
     ST1(S(F6G, F6G, M(1, 1, 1, 1), NONE_))},
    {"(9) G_1111 executes G", ADV(2, F6G + 1, 0), 0, ST1(S(F6G + 1, F6G, M(1, 1, 1, 1), NONE_))},
    {"EXIT", EXIT(2), 0, 0, 0, {{0}}, {{0}}},
};

/* ---- Fig. 10/11 (§4): do { A; if (c1) { B; break; } else { C } } while (c2); D ----
 * A 0x100: op, BR (taken: C, not taken: B), RPC = IPDOM(A) = D.
 * B 0x102: op, JMP D (break).      B_R = B+1 = 0x103, the early reconvergence point.
 * C 0x104: op, BR (taken: A, loop; not taken: D), RPC = IPDOM(C) = D.  D 0x106: op, EXIT.
 * (1) "results if a divergence at BR A results in two splits B_1010 and C_0101, and split
 * C_0101 reaches BR C before split B_1010 finishes executing basic block B": so B_1010 has
 * executed B's first instruction (it is at B_R) when C_0101 loops back to A. */
enum { F11A = 0x100, F11B = 0x102, F11BR = 0x103, F11C = 0x104, F11D = 0x106 };
static const plabel fig11_labels[] = {{F11A, "A"}, {F11B, "B"}, {F11BR, "B_R"}, {F11C, "C"}, {F11D, "D"}, {0, NULL}};
#define RT_D(pd) R(F11D, NONE_, M(1, 1, 1, 1), (pd))
static const dstep fig11_steps[] = {
    {"LAUNCH A_1111", LAUNCH(F11A, M(1, 1, 1, 1)), 0, ST1(S(F11A, F11A, M(1, 1, 1, 1), NONE_))},
    {"A_1111 executes A", ADV(0, F11A + 1, 0), 0, ST1(S(F11A + 1, F11A, M(1, 1, 1, 1), NONE_))},
    /* BR A: C_0101 (taken, slot 0), B_1010 (slot 1), RT D_1111 */
    {"BR A: B_1010 C_0101, RT D_1111", BR(0, M(0, 1, 0, 1), F11C, F11B, F11D), EV_DIV | EV_NEWRT, 2, 1,
     {S(F11B, F11B, M(1, 0, 1, 0), F11D), S(F11C, F11C, M(0, 1, 0, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    {"B_1010 first instruction (now at B_R)", ADV(1, F11BR, 0), 0, 2, 1,
     {S(F11BR, F11B, M(1, 0, 1, 0), F11D), S(F11C, F11C, M(0, 1, 0, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    {"C_0101 first instruction", ADV(0, F11C + 1, 0), 0, 2, 1,
     {S(F11BR, F11B, M(1, 0, 1, 0), F11D), S(F11C + 1, F11C, M(0, 1, 0, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    /* C_0101 loops back (c2 true for both lanes: a uniform branch, the split moves to A) */
    {"(1) BR C uniform: A_0101 B_1010, RT D_1111", BR(0, M(0, 1, 0, 1), F11A, F11D, F11D), 0, 2, 1,
     {S(F11BR, F11B, M(1, 0, 1, 0), F11D), S(F11A, F11A, M(0, 1, 0, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    {"(1) A_0101 executes A", ADV(0, F11A + 1, 0), 0, 2, 1,
     {S(F11BR, F11B, M(1, 0, 1, 0), F11D), S(F11A + 1, F11A, M(0, 1, 0, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    /* (2) A_0101 branches to B (c1 true for both: uniform, not taken): B_0101 is inserted; the
     * associative search by block PC finds B_1010 (same block B, same RPC D), which is ahead at
     * B_R. (3a) new RT entry B_R with rmask 1111; (3b) B_1010 invalidated; (3c) pend = 0101
     * (B_1010 is already at B_R); B_0101's RPC = B_R. */
    {"(2)(3) A_0101 -> B: early reconvergence at B_R", BR(0, 0, F11C, F11B, F11D), EV_OREC, 1, 2,
     {S(F11B, F11B, M(0, 1, 0, 1), F11BR)},
     {RT_D(M(1, 1, 1, 1)), R(F11BR, F11D, M(1, 1, 1, 1), M(0, 1, 0, 1))}},
    /* (4) B_0101 reaches B_R: (4a) pend -> 0000, B_R_1111 moves from the RT (4b) to the ST */
    {"(4) B_0101 reaches B_R; B_R_1111 to the ST", ADV(0, F11BR, 0), EV_ARR | EV_REC, 1, 1,
     {S(F11BR, F11BR, M(1, 1, 1, 1), F11D)}, {RT_D(M(1, 1, 1, 1))}},
    /* "The execution continues as explained in Section 3": all four lanes break to D */
    {"B_R_1111 breaks to D; D_1111 to the ST", ADV(0, F11D, 1), EV_ARR | EV_REC, ST1(S(F11D, F11D, M(1, 1, 1, 1), NONE_))},
    {"D_1111 executes D", ADV(0, F11D + 1, 0), 0, ST1(S(F11D + 1, F11D, M(1, 1, 1, 1), NONE_))},
    {"EXIT", EXIT(0), 0, 0, 0, {{0}}, {{0}}},
};

/* ---- §3.2 first special case: an if without else, A; if (id%2==0) B; C ----
 * A 0x100: op, BR (taken: C = the RPC, lanes 1010; not taken: B, 0101), RPC = IPDOM(A) = C.
 * B 0x102: op, op (falls into C).  C 0x104: op, EXIT.
 * "the Pending Mask of the corresponding reconvergence entry is updated to mark this side of
 * branch as converged, and there is no need to register a new entry for it in the ST." */
enum { S1A = 0x100, S1B = 0x102, S1C = 0x104 };
static const plabel sp1_labels[] = {{S1A, "A"}, {S1B, "B"}, {S1C, "C"}, {0, NULL}};
static const dstep sp1_steps[] = {
    {"LAUNCH A_1111", LAUNCH(S1A, M(1, 1, 1, 1)), 0, ST1(S(S1A, S1A, M(1, 1, 1, 1), NONE_))},
    {"A_1111 executes A", ADV(0, S1A + 1, 0), 0, ST1(S(S1A + 1, S1A, M(1, 1, 1, 1), NONE_))},
    {"BR A: B_0101 only, RT C_1111/0101", BR(0, M(1, 0, 1, 0), S1C, S1B, S1C), EV_DIV | EV_NEWRT | EV_SIDE, 1, 1,
     {S(S1B, S1B, M(0, 1, 0, 1), S1C)}, {R(S1C, NONE_, M(1, 1, 1, 1), M(0, 1, 0, 1))}},
    {"B_0101 executes B", ADV(0, S1B + 1, 0), 0, 1, 1, {S(S1B + 1, S1B, M(0, 1, 0, 1), S1C)},
     {R(S1C, NONE_, M(1, 1, 1, 1), M(0, 1, 0, 1))}},
    {"B_0101 reaches C; C_1111 to the ST", ADV(0, S1C, 1), EV_ARR | EV_REC, ST1(S(S1C, S1C, M(1, 1, 1, 1), NONE_))},
    {"C_1111 executes C", ADV(0, S1C + 1, 0), 0, ST1(S(S1C + 1, S1C, M(1, 1, 1, 1), NONE_))},
    {"EXIT", EXIT(0), 0, 0, 0, {{0}}, {{0}}},
};

/* ---- §3.2 second special case: a loop back-edge, do { A } while (id > k); B ----
 * A 0x100: op, BR (taken: A, not taken: B), RPC = IPDOM(A) = B. Lane i runs A i+1 times.
 * The first divergence makes RT entry B; the later divergences of the looping split have the
 * same RPC as the split: "there is no need to add a new entry to the RT table". The leaving
 * lanes go straight to the RPC (first special case). */
enum { S2A = 0x100, S2B = 0x102 };
static const plabel sp2_labels[] = {{S2A, "A"}, {S2B, "B"}, {0, NULL}};
static const dstep sp2_steps[] = {
    {"LAUNCH A_1111", LAUNCH(S2A, M(1, 1, 1, 1)), 0, ST1(S(S2A, S2A, M(1, 1, 1, 1), NONE_))},
    {"A_1111 executes A", ADV(0, S2A + 1, 0), 0, ST1(S(S2A + 1, S2A, M(1, 1, 1, 1), NONE_))},
    {"BR A: lane 0 leaves; A_1110, RT B_1111/1110", BR(0, M(1, 1, 1, 0), S2A, S2B, S2B),
     EV_DIV | EV_NEWRT | EV_SIDE, 1, 1, {S(S2A, S2A, M(1, 1, 1, 0), S2B)},
     {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 1, 1, 0))}},
    {"A_1110 executes A", ADV(0, S2A + 1, 0), 0, 1, 1, {S(S2A + 1, S2A, M(1, 1, 1, 0), S2B)},
     {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 1, 1, 0))}},
    {"BR A: lane 1 leaves; no new RT entry", BR(0, M(1, 1, 0, 0), S2A, S2B, S2B), EV_DIV | EV_SIDE, 1, 1,
     {S(S2A, S2A, M(1, 1, 0, 0), S2B)}, {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 1, 0, 0))}},
    {"A_1100 executes A", ADV(0, S2A + 1, 0), 0, 1, 1, {S(S2A + 1, S2A, M(1, 1, 0, 0), S2B)},
     {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 1, 0, 0))}},
    {"BR A: lane 2 leaves; no new RT entry", BR(0, M(1, 0, 0, 0), S2A, S2B, S2B), EV_DIV | EV_SIDE, 1, 1,
     {S(S2A, S2A, M(1, 0, 0, 0), S2B)}, {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 0, 0, 0))}},
    {"A_1000 executes A", ADV(0, S2A + 1, 0), 0, 1, 1, {S(S2A + 1, S2A, M(1, 0, 0, 0), S2B)},
     {R(S2B, NONE_, M(1, 1, 1, 1), M(1, 0, 0, 0))}},
    {"BR A uniform: lane 3 leaves; B_1111 to the ST", BR(0, 0, S2A, S2B, S2B), EV_ARR | EV_REC,
     ST1(S(S2B, S2B, M(1, 1, 1, 1), NONE_))},
    {"B_1111 executes B", ADV(0, S2B + 1, 0), 0, ST1(S(S2B + 1, S2B, M(1, 1, 1, 1), NONE_))},
    {"EXIT", EXIT(0), 0, 0, 0, {{0}}, {{0}}},
};

#define NSTEPS(a) (unsigned)(sizeof(a) / sizeof(a[0]))
static const strt_dtest tests[] = {
    {"fig5", "§3.1 Fig. 5: if/else, MP IPDOM, steps (1)-(5)", 4, 2, 1, -1, fig5_labels, fig5_steps, NSTEPS(fig5_steps)},
    {"fig6", "§3.2 Fig. 6: nested divergence, steps (1)-(9) in the paper's scheduling order", 4, 3, 2, -1, fig6_labels,
     fig6_steps, NSTEPS(fig6_steps)},
    {"fig11", "§4 Fig. 10-11: opportunistic early reconvergence, steps (1)-(4) (needs OREC=1)", 4, 2, 2, 1,
     fig11_labels, fig11_steps, NSTEPS(fig11_steps)},
    {"sp1-if", "§3.2 first special case: if without else, a side straight to the RPC", 4, 2, 1, -1, sp1_labels,
     sp1_steps, NSTEPS(sp1_steps)},
    {"sp2-loop", "§3.2 second special case: loop back-edge, RT entry reused", 4, 2, 1, -1, sp2_labels, sp2_steps,
     NSTEPS(sp2_steps)},
};
#define NTESTS (sizeof tests / sizeof tests[0])

const char *const strt_dtest_names[] = {"fig5", "fig6", "fig11", "sp1-if", "sp2-loop", NULL};

const strt_dtest *strt_dtest_find(const char *name)
{
    for (unsigned i = 0; i < NTESTS; i++)
        if (!strcmp(tests[i].name, name))
            return &tests[i];
    return NULL;
}

void strt_dtest_list(FILE *f)
{
    for (unsigned i = 0; i < NTESTS; i++)
        fprintf(f, "  %-9s %s (W=%u, NST>=%u, NRT>=%u%s)\n", tests[i].name, tests[i].desc, tests[i].w, tests[i].min_nst,
                tests[i].min_nrt, tests[i].orec < 0 ? "" : tests[i].orec ? ", OREC=1" : ", OREC=0");
}

const char *strt_dtest_name(const strt_dtest *t) { return t->name; }
unsigned strt_dtest_w(const strt_dtest *t) { return t->w; }

void strt_dtest_need(const strt_dtest *t, unsigned *min_nst, unsigned *min_nrt, int *orec)
{
    if (min_nst)
        *min_nst = t->min_nst;
    if (min_nrt)
        *min_nrt = t->min_nrt;
    if (orec)
        *orec = t->orec;
}

unsigned strt_dtest_steps(const strt_dtest *t) { return t->nsteps; }

const char *strt_dtest_label(const strt_dtest *t, unsigned step) { return step < t->nsteps ? t->steps[step].label : "?"; }

void strt_dtest_input(const strt_dtest *t, unsigned step, simt_st_rt_in *in)
{
    memset(in, 0, sizeof *in);
    if (step < t->nsteps)
        *in = t->steps[step].in;
}

static int dfail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int dfail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n)
        vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *const evn[8] = {"div", "newrt", "side", "arrive", "reconv", "merge", "orec", "oskip"};

static void ev_str(char *b, size_t n, unsigned ev)
{
    size_t k = 0;
    b[0] = 0;
    for (unsigned i = 0; i < 8; i++)
        if ((ev >> i) & 1)
            k += (size_t)snprintf(b + k, k < n ? n - k : 0, "%s%s", k ? "," : "", evn[i]);
    if (!k)
        snprintf(b, n, "-");
}

int strt_dtest_check_cycle(const strt_dtest *t, unsigned step, const simt_st_rt_out *cyc, char *err, size_t n)
{
    if (step >= t->nsteps)
        return dfail(err, n, "no step %u", step);
    const dstep *s = &t->steps[step];
    if (!cyc->ok || cyc->stall || cyc->bad || cyc->ev != s->ev) {
        char a[64], b[64];
        ev_str(a, sizeof a, s->ev);
        ev_str(b, sizeof b, cyc->ev);
        return dfail(err, n, "expected ok=1 stall=0 bad=0 ev=%s, got ok=%d stall=%d bad=%d ev=%s", a, cyc->ok,
                     cyc->stall, cyc->bad, b);
    }
    return 0;
}

/* ---- notation (written into a buffer, so that messages can use it too) ---- */

typedef struct {
    char *b;
    size_t n, k;
} sbuf;

static void sb(sbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb(sbuf *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(o->b + o->k, o->k < o->n ? o->n - o->k : 0, fmt, ap);
    va_end(ap);
    if (r > 0)
        o->k += (size_t)r;
    if (o->k >= o->n)
        o->k = o->n ? o->n - 1 : 0;
}

static void pcname(sbuf *o, const strt_dtest *t, uint64_t pc)
{
    const plabel *best = NULL;
    for (const plabel *l = t->labels; l->name; l++)
        if (l->pc <= pc && (!best || l->pc > best->pc))
            best = l;
    if (best && best->pc == pc)
        sb(o, "%s", best->name);
    else if (best && pc - best->pc < 16)
        sb(o, "%s+%u", best->name, (unsigned)(pc - best->pc));
    else
        sb(o, "0x%llx", (unsigned long long)pc);
}

static void maskstr(sbuf *o, unsigned w, uint64_t m)
{
    for (unsigned i = 0; i < w; i++)
        sb(o, "%c", (char)('0' + ((m >> (w - 1 - i)) & 1)));
}

static void put_st(sbuf *o, const strt_dtest *t, uint64_t pc, uint64_t bpc, uint64_t mask, int hasr, uint64_t rpc)
{
    sb(o, " ");
    pcname(o, t, pc);
    sb(o, "_");
    maskstr(o, t->w, mask);
    if (bpc != pc) {
        sb(o, "(in ");
        pcname(o, t, bpc);
        sb(o, ")");
    }
    if (hasr) {
        sb(o, ">");
        pcname(o, t, rpc);
    }
}

static void put_rt(sbuf *o, const strt_dtest *t, uint64_t pc, uint64_t rmask, uint64_t pend, int hasr, uint64_t rpc)
{
    sb(o, " ");
    pcname(o, t, pc);
    sb(o, "_");
    maskstr(o, t->w, rmask);
    sb(o, "/");
    maskstr(o, t->w, pend);
    if (hasr) {
        sb(o, ">");
        pcname(o, t, rpc);
    }
}

static void state_str(sbuf *o, const strt_dtest *t, unsigned nst, unsigned nrt, const simt_st_rt_out *st)
{
    sb(o, "ST:");
    int any = 0;
    for (unsigned i = 0; i < nst && i < SIMT_ST_RT_MAX; i++)
        if ((st->st_valid >> i) & 1) {
            put_st(o, t, st->st[i].pc, st->st[i].bpc, st->st[i].mask, (int)st->st[i].hasr, st->st[i].rpc);
            any = 1;
        }
    if (!any)
        sb(o, " -");
    sb(o, " | RT:");
    any = 0;
    for (unsigned i = 0; i < nrt && i < SIMT_ST_RT_MAX; i++)
        if ((st->rt_valid >> i) & 1) {
            put_rt(o, t, st->rt[i].pc, st->rt[i].rmask, st->rt[i].pend, (int)st->rt[i].hasr, st->rt[i].rpc);
            any = 1;
        }
    if (!any)
        sb(o, " -");
}

static void expected_str(sbuf *o, const strt_dtest *t, const dstep *s)
{
    sb(o, "ST:");
    for (unsigned k = 0; k < s->nst; k++)
        put_st(o, t, s->st[k].pc, s->st[k].bpc, s->st[k].mask, s->st[k].rpc != NONE_, (uint64_t)s->st[k].rpc);
    if (!s->nst)
        sb(o, " -");
    sb(o, " | RT:");
    for (unsigned k = 0; k < s->nrt; k++)
        put_rt(o, t, s->rt[k].pc, s->rt[k].rmask, s->rt[k].pend, s->rt[k].rpc != NONE_, (uint64_t)s->rt[k].rpc);
    if (!s->nrt)
        sb(o, " -");
}

void strt_dtest_print_state(FILE *f, const strt_dtest *t, const simt_st_rt_cfg *cfg, const simt_st_rt_out *st)
{
    char b[1024];
    sbuf o = {b, sizeof b, 0};
    b[0] = 0;
    state_str(&o, t, cfg ? cfg->nst : SIMT_ST_RT_MAX, cfg ? cfg->nrt : SIMT_ST_RT_MAX, st);
    fputs(b, f);
}

void strt_dtest_print_expected(FILE *f, const strt_dtest *t, unsigned step)
{
    if (step >= t->nsteps)
        return;
    char b[1024];
    sbuf o = {b, sizeof b, 0};
    b[0] = 0;
    expected_str(&o, t, &t->steps[step]);
    fputs(b, f);
}

/* ---- the set compare ---- */

int strt_dtest_check(const strt_dtest *t, unsigned step, const simt_st_rt_out *after, char *err, size_t n)
{
    if (step >= t->nsteps)
        return dfail(err, n, "no step %u", step);
    const dstep *s = &t->steps[step];
    unsigned used_st = 0, used_rt = 0, nst = 0, nrt = 0;
    int bad = 0;
    for (unsigned i = 0; i < SIMT_ST_RT_MAX && !bad; i++) {
        if (!((after->st_valid >> i) & 1))
            continue;
        const simt_st_rt_st_ent *e = &after->st[i];
        nst++;
        int hit = 0;
        for (unsigned k = 0; k < s->nst && !hit; k++) {
            const est *x = &s->st[k];
            if (!((used_st >> k) & 1) && x->pc == e->pc && x->bpc == e->bpc && x->mask == e->mask &&
                (x->rpc != NONE_) == (e->hasr != 0) && (x->rpc == NONE_ || (uint64_t)x->rpc == e->rpc)) {
                used_st |= 1u << k;
                hit = 1;
            }
        }
        /* the R-index of a split points at the RT entry of its RPC (§3.3.1) */
        if (!hit || (e->hasr && (e->ridx >= SIMT_ST_RT_MAX || !((after->rt_valid >> e->ridx) & 1) ||
                                 after->rt[e->ridx].pc != e->rpc)))
            bad = 1;
    }
    for (unsigned i = 0; i < SIMT_ST_RT_MAX && !bad; i++) {
        if (!((after->rt_valid >> i) & 1))
            continue;
        const simt_st_rt_rt_ent *e = &after->rt[i];
        nrt++;
        int hit = 0;
        for (unsigned k = 0; k < s->nrt && !hit; k++) {
            const ert *x = &s->rt[k];
            if (!((used_rt >> k) & 1) && x->pc == e->pc && x->rmask == e->rmask && x->pend == e->pend &&
                (x->rpc != NONE_) == (e->hasr != 0) && (x->rpc == NONE_ || (uint64_t)x->rpc == e->rpc)) {
                used_rt |= 1u << k;
                hit = 1;
            }
        }
        if (!hit || (e->hasr && (e->ridx >= SIMT_ST_RT_MAX || !((after->rt_valid >> e->ridx) & 1) ||
                                 after->rt[e->ridx].pc != e->rpc)))
            bad = 1;
    }
    if (!bad && nst == s->nst && nrt == s->nrt && after->done == (s->nst == 0 && s->nrt == 0))
        return 0;
    /* message: expected and got in the paper's notation */
    char exp[512], got[512];
    sbuf oe = {exp, sizeof exp, 0}, og = {got, sizeof got, 0};
    exp[0] = got[0] = 0;
    expected_str(&oe, t, s);
    state_str(&og, t, SIMT_ST_RT_MAX, SIMT_ST_RT_MAX, after);
    return dfail(err, n, "expected %s; got %s%s", exp, got,
                 after->done != (s->nst == 0 && s->nrt == 0) ? " (done_o wrong)" : "");
}
