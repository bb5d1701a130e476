/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_walk: CFG-walking stimulus and per-lane reference checker for simt_st_rt
 * (contract docs/units/st_rt.md, ElTantawy et al. 2014 §3-4).
 *
 * The programs, their IPDOMs (RPCs), the lanes' branch outcomes and the per-lane sequential
 * reference are the unit-independent library tb/stim/cfg_prog.h: random programs (basic
 * blocks at increasing PCs: if/else, if without else, nested ifs, while and do-while loops,
 * switch-like chains of 2-way branches; with `unstructured` also break/continue and early
 * return), the immediate post-dominator of every branch, and a lane's branch outcomes as a
 * function of the seed, the lane, the branch and the lane's own visit count, so each lane's
 * path is a function of the lane alone. This adapter plays the front end of one warp on them:
 * each cycle it picks a valid split, looks at the instruction at that split's PC and produces
 * the operation (ADV, BR, EXIT; LAUNCH of a new program with a random lane mask once the warp
 * is done).
 *
 * commit() checks the unit against the contract's transition and against the per-lane
 * reference (each lane's next PC along its own path, its visit counts, a hash of the PCs it
 * executed); see st_rt_walk.c, "What commit() checks".
 *
 * Use, per cycle (any driver; the lockstep driver is tb/units/st_rt/sc_st_rt.c):
 *     simt_st_rt_in idle = {0}, in;  simt_st_rt_out st, cyc;
 *     simt_st_rt_eval(&model, &idle, &st);         (state at the start of the cycle)
 *     strt_walk_next(w, &st, &in);
 *     simt_st_rt_eval(&model, &in, &cyc);  ... compare with the RTL ...
 *     if (strt_walk_commit(w, &in, &cyc, err, sizeof err)) -> failure (err says why)
 *     simt_st_rt_step(&model, &in);  ... clock edge of the RTL ...
 *     if (strt_walk_need_reset(w)) { reset model and RTL; strt_walk_reset_done(w); }
 * Every random choice comes from the seed: the same seed, configuration and options give the
 * same stimulus as long as the unit answers the same way.
 */
#ifndef ST_RT_WALK_H
#define ST_RT_WALK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cfg_prog.h"
#include "simt_st_rt.h"

typedef struct strt_walk strt_walk;

typedef struct {
    unsigned max_depth;   /* nesting depth of generated control flow; 0: 3 */
    int unstructured;     /* 1: also break / continue out of loops and early returns */
    /* Added fields: 0 selects the default. The first four are the program generator's
     * (cfg_prog_opts); the walker's programs have no barriers. */
    unsigned max_len;     /* instructions per program, roughly; 0: 96 (fewer if PC_W is small) */
    unsigned max_trip;    /* per-lane budget of each loop branch (visits that may loop); 0: 4 */
    int bad_pct;          /* % of cycles with a deliberately refused operation (bad_o = 1 expected); 0: 1, < 0: none */
    unsigned idle_pct;    /* % of idle (NONE) cycles while the warp runs; 0: 5 */
    int ladder_pct;       /* tables that can fill (NRT < W - 1 or NST < W): % of programs that are
                             ladders of NRT or NRT + 1 nested divergences (st_rt_walk.c,
                             gen_ladder: they fill the RT by construction); 0: 10, < 0: none */
} strt_walk_opts;

/* o may be NULL (all defaults). Returns NULL if cfg is unsupported (simt_st_rt_cfg_check). */
strt_walk *strt_walk_new(uint64_t seed, const simt_st_rt_cfg *cfg, const strt_walk_opts *o);
void strt_walk_free(strt_walk *w);

/* Choose this cycle's inputs from the unit's state (simt_st_rt_eval outputs for an idle
 * input, i.e. the state at the start of the cycle). */
void strt_walk_next(strt_walk *w, const simt_st_rt_out *state, simt_st_rt_in *in);

/* The outputs of the cycle just run (ok/stall/bad/ev and the state before the edge); the
 * walker updates its per-lane reference and checks it. 0 if fine, else -1 and a message.
 * in must be what strt_walk_next produced for this cycle. */
int strt_walk_commit(strt_walk *w, const simt_st_rt_in *in, const simt_st_rt_out *cyc, char *err,
                     size_t errlen);

/* Coverage counters, one "name value" per line, then the program shapes ("shapes: ..."). */
void strt_walk_coverage(const strt_walk *w, FILE *f);

/* Capacity deadlock (every valid split stalled at a divergent branch, possible when
 * NST < W or NRT < W-1, contract "Sizing"/"DPS"): the walker counts it, and since the unit
 * cannot drain, it needs the unit reset. strt_walk_need_reset() is 1 after the commit that
 * found it; the driver then resets the model and the RTL (rst_ni low, not a walker cycle)
 * and calls strt_walk_reset_done(), after which the walker launches a new program. Until
 * then strt_walk_next() produces NONE. */
int strt_walk_need_reset(const strt_walk *w);
void strt_walk_reset_done(strt_walk *w);

/* The coverage counters as numbers (strt_walk_coverage prints the same). */
typedef struct {
    uint64_t cycles, ops, idle, stalls, bads;
    uint64_t divergences;     /* ev div */
    uint64_t newrt;           /* ev newrt */
    uint64_t rt_reuse;        /* div without newrt: second special case (§3.2) */
    uint64_t side_at_rpc;     /* ev side: first special case (§3.2) */
    uint64_t arrivals, reconvergences;
    uint64_t merges, orecs, oskips;   /* OREC: merge, early reconvergence entry, skipped */
    uint64_t reconv_orec;     /* a reconvergence whose OREC search matched (merge, entry or skip) */
    uint64_t full_stalls;     /* stall_o: no free ST or RT entry */
    uint64_t deadlocks;       /* capacity deadlocks (warp relaunched after a reset) */
    uint64_t programs, launches, lanes_exited, exits;
    unsigned max_rt, max_st;  /* most RT / ST entries valid at once */
    uint64_t ladders;         /* ladder programs (strt_walk_opts.ladder_pct) */
    unsigned max_nest;        /* deepest nesting: most RT links above a valid split */
    cfg_shapes shapes;        /* of every program generated (cfg_prog.h) */
} strt_walk_cov;
void strt_walk_get_coverage(const strt_walk *w, strt_walk_cov *c);

/* The current program (listing with block starts, branch targets, RPCs) and every lane's
 * reference PC, for failure reports. */
void strt_walk_dump(const strt_walk *w, FILE *f);

/* For self-tests. Immediate post-dominators of a CFG of n blocks: succ[2b], succ[2b+1] are
 * the successors of block b (STRT_NOBLK: none; an EXIT block has none), x the exit block.
 * Fills ipdom[b] (ipdom[x] = x); -1 if some block does not reach x. (cfg_ipdom.) */
#define STRT_NOBLK CFG_NOBLK
int strt_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom);
/* The walker's current program (NULL before the first one): cfg_prog_* queries, dumps and shapes. */
const cfg_prog *strt_walk_prog(const strt_walk *w);
/* The walker's current program as such a block graph with the walker's IPDOMs; returns the
 * number of blocks (0 if none or more than max). */
unsigned strt_walk_cfg(const strt_walk *w, unsigned *succ, unsigned *ipdom, unsigned *exitblk, unsigned max);
/* Checks 1-2 of commit() (the contract transition and the flags predicted from it) on or
 * off (default on): off leaves the per-lane reference and the structural checks alone, to
 * show in a self-test what they catch by themselves. */
void strt_walk_check_transitions(strt_walk *w, int on);

#endif
