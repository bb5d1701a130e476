/* SPDX-License-Identifier: Apache-2.0 */
/* cfg_prog: random structured programs, their reconvergence points and a per-lane sequential
 * reference; unit-independent stimulus for units that track SIMT control flow (the ST/RT
 * walker tb/units/st_rt/st_rt_walk.c uses it, and so does the hyper-threaded stack's testbench,
 * Steffen 2012 §4.2: docs/units/ht_stack.md, "Verification").
 *
 * Programs. A program is n instructions at PCs base, base+step, ...: OP (any non-branch),
 * SYNC (a barrier; otherwise an OP), JMP (unconditional), BR (conditional: taken to its
 * target, not taken to the next PC) and one EXIT, the last instruction. cfg_prog_gen() draws
 * one from a grammar (if/else, if without else, nested ifs, while and do-while loops,
 * switch-like chains of two-way branches, the do {A; if (c1) {B; break;} else {C}} while (c2)
 * of ElTantawy et al. 2014 Fig. 10; with `unstructured` also break / continue and early
 * return; with `barriers` SYNCs at the top level, where the whole warp is converged);
 * cfg_prog_build() takes one written by hand. Either way the program knows its basic blocks, the immediate
 * post-dominator of every branch (cfg_ipdom(), Cooper-Harvey-Kennedy on the reverse CFG), and
 * so each branch's reconvergence PC (RPC: the first PC of the IPDOM block).
 *
 * Lanes. The outcome of branch b for lane l is a function of (program, l, b, the lane's own
 * history at b: visits, current run of loop iterations, loop exits): a lane's path depends on
 * the lane alone, and every program terminates. cfg_lanes is the sequential reference of up
 * to 64 lanes: each lane's next PC ("lane l, having executed the BR at p for the n-th time,
 * goes to q"), its visit counts, and the hash and length of the PCs it has executed, to be
 * compared at EXIT with the path of the lane run alone (computed at cfg_lane_start).
 *
 * Work-ahead queries (Steffen 2012 §4.2.1.2; ht_stack datasheet, Deviations D14, D15), for any
 * PC r, normally a PDOM point (the RPC of some branch), by cfg_prog_pdom():
 *   nrpc  the next PDOM point after r: walking r's straight-line path (OP, SYNC, JMP) from r,
 *         the first of: the RPC of the first BR reached (r itself included), a PC after r that
 *         is itself a PDOM point, the EXIT. (Stopping at a PDOM point is needed: the path from
 *         the inner reconvergence point of nested ifs falls through into the outer one, and
 *         work-ahead must stop there, never run past the RPC of an enclosing entry; every
 *         PDOM point on the path post-dominates r, and so the result post-dominates r and is
 *         post-dominated by every enclosing RPC.)
 *   wav   work-ahead allowed: nrpc != r and no SYNC reachable from r (r included) before nrpc.
 *   prio  the compile-time priority, higher = preferred (§4.2.1.2: "based on the shortest
 *         path to a looping jump instruction", nested loops above outer ones). Key of r:
 *         (loop_depth, dist) where loop_depth = how many loops contain r (a loop = the PCs
 *         from the target h of a back-edge, a BR or JMP at s >= h, to the last such s of h)
 *         and dist = the fewest instructions executed from r until a back-edge instruction
 *         is executed (0: r is one; CFG_NONE: none reachable). A deeper loop wins, then a
 *         shorter distance. The program's PDOM points with a reachable back-edge are
 *         ranked by key (dense rank, 0 = best); with prio_w bits and L = 2^prio_w - 1:
 *         prio = L - min(rank, L-1), in 1..L (ranks beyond L-1 share 1); no back-edge
 *         reachable: prio = 0. So a better key never gets a lower prio; equal keys get equal.
 *         Example, Fig. 4.3 (test wa-fig43: 0x10 body1; 0x14 @p bra 0x10; 0x18 body2;
 *         0x1C @q bra 0x18; 0x20 exit): 0x18 is in loop 2 at distance 1 (prio L, e.g. 1 at
 *         prio_w = 1), 0x20 reaches no back-edge (prio 0); nrpc(0x18) = 0x20, wav 1.
 *
 * Use (a driver of one warp; every random choice comes from the caller's rng state, so the
 * same seed gives the same programs):
 *     cfg_prog *p = cfg_prog_new();  cfg_lanes *ls = cfg_lanes_new(p);
 *     uint64_t rng = seed;  cfg_prog_opts o = {.unstructured = 1};
 *     cfg_prog_gen(p, &rng, &o, W, PC_W);               (or cfg_prog_build: a hand-written one)
 *     for each lane l of the launch mask: cfg_lane_start(ls, l);   LAUNCH at cfg_prog_entry(p)
 *     per issued instruction at PC pc for the lanes m (one ST/RT split, one HT slot):
 *         cfg_insn in;  cfg_prog_at(p, pc, &in);     kind, npc, tgt, rpc, block flags
 *         CFG_OP / CFG_SYNC: advance to in.npc;  CFG_JMP: to in.tgt;  CFG_EXIT: exit
 *         CFG_BR: taken lanes cfg_lanes_tmask(ls, pc, m), to in.tgt / in.npc, RPC in.rpc;
 *                 work-ahead descriptor of in.rpc: cfg_prog_pdom(p, in.rpc, PRIO_W, &d)
 *     once the unit has applied it, for each lane l of m:
 *         if (cfg_lane_exec(ls, l, pc)) -> failure: lane l is not at pc on its own path
 *     after EXIT: cfg_lane_path_ok(ls, l) for every lane (its executed path = its solo path)
 *     cfg_prog_dump(p, f), cfg_prog_dump_pdom(p, f, PRIO_W) for failure reports;
 *     cfg_shapes_add(&acc, p) after each program and cfg_shapes_print() for coverage.
 * Objects are independent (several walkers may run side by side); a cfg_lanes refers to its
 * cfg_prog, whose contents may be replaced (cfg_prog_gen again) between launches.
 */
#ifndef CFG_PROG_H
#define CFG_PROG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CFG_NONE 0xffffffffu  /* no block / no instruction / no distance */
#define CFG_NOBLK CFG_NONE

/* ---- the random source: splitmix64 on a caller-owned state ---- */

static inline uint64_t cfg_mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline uint64_t cfg_rand(uint64_t *s)
{
    const uint64_t z = *s;
    *s += 0x9e3779b97f4a7c15ull;
    return cfg_mix(z);
}
static inline uint64_t cfg_below(uint64_t *s, uint64_t n) { return n ? cfg_rand(s) % n : 0; }
static inline int cfg_chance(uint64_t *s, unsigned pct) { return cfg_below(s, 100) < pct; }

/* ---- programs ---- */

enum { CFG_OP, CFG_JMP, CFG_BR, CFG_EXIT, CFG_SYNC };  /* instruction kinds */
enum { CFG_BR_IF, CFG_BR_LOOP, CFG_BR_RARE };          /* branch classes (rare: break/continue/return) */

typedef struct cfg_prog cfg_prog;

typedef struct {
    unsigned max_depth;   /* nesting depth of generated control flow; 0: 3, at most 8 */
    int unstructured;     /* 1: also break / continue out of loops and early returns */
    unsigned max_len;     /* instructions per program, roughly; 0: 96, at most 1024 (fewer if PC_W is small) */
    unsigned max_trip;    /* per-lane budget of each loop branch (visits that may loop); 0: 4, at most 64 */
    int barriers;         /* 1: also SYNC instructions at the top level (never after an early return);
                             0: none, and no random draws for them */
} cfg_prog_opts;

cfg_prog *cfg_prog_new(void);  /* empty (no program); NULL if out of memory */
void cfg_prog_free(cfg_prog *p);

/* A random program for `lanes` lanes (branch outcomes may follow lane-number bits) whose PCs
 * fit in pc_w bits (the base is 0, the top of the PC space or random; step 1). o may be NULL
 * (defaults). Draws from *rng. 0 (it retries until a program fits). */
int cfg_prog_gen(cfg_prog *p, uint64_t *rng, const cfg_prog_opts *o, unsigned lanes, unsigned pc_w);

/* A hand-written program: n instructions at base, base+step, ... Each BR says how lanes
 * decide: CFG_BR_IF: taken by the lanes of tmask, at every visit; CFG_BR_LOOP: lane l stays
 * in the loop stay[l] times per entry of the loop (its run of "stay" outcomes, then one
 * "leave"), where stay_taken = 1 means taken stays (a latch: do-while, 1 + stay[l]
 * iterations), 0 means taken leaves (a while header); stay NULL: 0 for every lane.
 * Exactly one EXIT, the last instruction; targets must be PCs of the program; every block
 * must reach the exit. 0, or -1 and a message in err (p is then empty). */
typedef struct {
    unsigned kind;              /* CFG_OP, CFG_JMP, CFG_BR, CFG_EXIT, CFG_SYNC */
    uint64_t tgt;               /* JMP, BR: target PC */
    unsigned cls;               /* BR: CFG_BR_IF or CFG_BR_LOOP */
    uint64_t tmask;             /* CFG_BR_IF: the lanes that take it */
    int stay_taken;             /* CFG_BR_LOOP */
    const unsigned char *stay;  /* CFG_BR_LOOP: per lane, 64 entries (or NULL) */
} cfg_src;
int cfg_prog_build(cfg_prog *p, uint64_t base, uint64_t step, unsigned n, const cfg_src *code, char *err,
                   size_t errlen);

/* One instruction, by PC. */
typedef struct {
    unsigned kind;        /* CFG_OP, CFG_JMP, CFG_BR, CFG_EXIT, CFG_SYNC */
    unsigned idx;         /* instruction index: pc = base + idx * step */
    unsigned blk;         /* basic block number */
    int blk_start;        /* pc is the first instruction of its block */
    int next_blk;         /* npc starts a block (ST/RT blk_i of an ADV) */
    uint64_t pc, npc;     /* its PC, the next PC (pc + step) */
    uint64_t tgt;         /* JMP, BR: the target PC */
    uint64_t rpc;         /* BR: the reconvergence PC (first PC of the IPDOM block) */
    unsigned bid;         /* BR: branch number, 0 .. cfg_prog_branches()-1 */
    unsigned cls;         /* BR: CFG_BR_IF, CFG_BR_LOOP, CFG_BR_RARE */
    int backedge;         /* JMP, BR: the target is at or before pc (a looping jump) */
} cfg_insn;

/* 0 and *in filled if pc is an instruction of the program, else -1. */
int cfg_prog_at(const cfg_prog *p, uint64_t pc, cfg_insn *in);
unsigned cfg_prog_index(const cfg_prog *p, uint64_t pc);   /* instruction index, CFG_NONE if none */
uint64_t cfg_prog_pc(const cfg_prog *p, unsigned idx);     /* PC of instruction idx */
unsigned cfg_prog_len(const cfg_prog *p);                  /* instructions; 0: no program */
unsigned cfg_prog_branches(const cfg_prog *p);             /* BR instructions */
uint64_t cfg_prog_entry(const cfg_prog *p);                /* the first PC (LAUNCH) */
uint64_t cfg_prog_exit(const cfg_prog *p);                 /* the EXIT's PC */
int cfg_prog_is_pdom(const cfg_prog *p, uint64_t pc);      /* pc is the RPC of some BR */

/* Work-ahead descriptor of the PDOM point pc (see the top of this file). 0, or -1 if pc is
 * not in the program. prio_w: 1..8 priority bits. */
typedef struct {
    uint64_t nrpc;        /* the next PDOM point after pc */
    int wav;              /* work-ahead allowed */
    unsigned prio;        /* 0 .. 2^prio_w - 1 */
    unsigned loop_depth;  /* loops containing pc */
    unsigned dist;        /* instructions from pc to a back-edge instruction; CFG_NONE: none */
    unsigned rank;        /* dense rank of (loop_depth, dist) among the PDOM points; CFG_NONE if dist is */
} cfg_pdom;
int cfg_prog_pdom(const cfg_prog *p, uint64_t pc, unsigned prio_w, cfg_pdom *d);

/* The listing: block starts (B), branch targets, classes and RPCs. Then, for
 * cfg_prog_dump_pdom, every PDOM point with its work-ahead descriptor. */
void cfg_prog_dump(const cfg_prog *p, FILE *f);
void cfg_prog_dump_pdom(const cfg_prog *p, FILE *f, unsigned prio_w);

/* The block graph, for self-tests: succ[2b], succ[2b+1] the successors of block b (CFG_NOBLK:
 * none), the IPDOMs, the exit block. Returns the number of blocks (0 if none or more than max). */
unsigned cfg_prog_blocks(const cfg_prog *p, unsigned *succ, unsigned *ipdom, unsigned *exitblk, unsigned max);

/* Immediate post-dominators of a CFG of n blocks: succ[2b], succ[2b+1] are the successors of
 * block b (CFG_NOBLK: none; an EXIT block has none), x the exit block. Fills ipdom[b]
 * (ipdom[x] = x); -1 if some block does not reach x. */
int cfg_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom);

/* ---- program shapes (coverage of the generator) ---- */

typedef struct {
    uint64_t programs, insns, blocks, branches;
    uint64_t if_else, if_only, if_empty;    /* if_empty: if without else whose then-part is empty */
    uint64_t while_loops, do_loops, switches, switch_cases, fig10;
    uint64_t breaks, continues, returns;    /* conditional (branches) */
    uint64_t jmp_breaks, jmp_returns;       /* unconditional (jumps ending a then-part) */
    uint64_t fallthrough_cuts;              /* blocks entered by falling through */
    uint64_t barriers;
    unsigned max_nest, max_loop_nest, max_insns;
} cfg_shapes;
/* This program's shapes (hand-written programs: only programs/insns/blocks/branches). */
const cfg_shapes *cfg_prog_shapes(const cfg_prog *p);
void cfg_shapes_add(cfg_shapes *acc, const cfg_prog *p);
void cfg_shapes_print(const cfg_shapes *s, FILE *f, const char *indent);

/* ---- the per-lane sequential reference (lanes 0..63) ---- */

typedef struct cfg_lanes cfg_lanes;

cfg_lanes *cfg_lanes_new(const cfg_prog *p);  /* NULL if out of memory */
void cfg_lanes_free(cfg_lanes *ls);

/* Lane l starts the current program at its entry: history and path cleared; its solo path
 * (the lane run alone to EXIT) is computed now. */
void cfg_lane_start(cfg_lanes *ls, unsigned lane);
uint64_t cfg_lane_pc(const cfg_lanes *ls, unsigned lane);   /* its next PC on its own path */
int cfg_lane_done(const cfg_lanes *ls, unsigned lane);      /* it has executed EXIT */
/* The outcome (1 taken) of the BR at pc for lane l with the lane's current history at that
 * branch, wherever the lane is; -1 if pc is not a BR. */
int cfg_lane_outcome(const cfg_lanes *ls, unsigned lane, uint64_t pc);
/* The lanes of mask that take the BR at pc (0 if pc is not a BR). */
uint64_t cfg_lanes_tmask(const cfg_lanes *ls, uint64_t pc, uint64_t mask);
/* Where lane l goes when it executes its current instruction (EXIT: stays). */
uint64_t cfg_lane_next(const cfg_lanes *ls, unsigned lane);
/* Lane l executes the instruction at pc: records pc in its path, updates its history at a BR,
 * moves to its next PC. -1 (nothing changes) if the lane is not at pc or has exited. */
int cfg_lane_exec(cfg_lanes *ls, unsigned lane, uint64_t pc);
/* Times lane l has executed the BR at pc since its start (0 if pc is not a BR). */
unsigned cfg_lane_visits(const cfg_lanes *ls, unsigned lane, uint64_t pc);
/* Hash and length of the PCs lane l executed so far / of its solo path. */
void cfg_lane_path(const cfg_lanes *ls, unsigned lane, uint64_t *hash, uint64_t *len);
void cfg_lane_solo(const cfg_lanes *ls, unsigned lane, uint64_t *hash, uint64_t *len);
/* 1 if lane l has exited and its executed path equals its solo path (hash and length). */
int cfg_lane_path_ok(const cfg_lanes *ls, unsigned lane);

#endif
