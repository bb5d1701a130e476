/* SPDX-License-Identifier: Apache-2.0 */
/* simt_st_rt: C golden model of the per-warp Split Table / Reconvergence Table unit
 * (rtl/st_rt/simt_st_rt.sv): multi-path IPDOM (ElTantawy et al. 2014 §3) with opportunistic
 * early reconvergence (§4). The cycle contract is docs/units/st_rt.md.
 *
 * Use: simt_st_rt_reset(), then each cycle fill a simt_st_rt_in, call simt_st_rt_eval() for
 * the outputs of that cycle and simt_st_rt_step() for the clock edge.
 * Limits: 1 <= W <= 64, 1 <= PC_W <= 64, 2 <= NST <= 64, 1 <= NRT <= 64.
 * With cfg.step_clks = 2 (the RTL's STEP_CLKS = 2, the contract's "Two-clock step") each call
 * is one clock: a step's first clock changes nothing and answers as NONE (ok, stall, bad and
 * ev 0); its second is the single-cycle step with the inputs given there (the contract holds
 * them over both clocks; the RTL asserts it, the model does not need it).
 */
#ifndef SIMT_ST_RT_H
#define SIMT_ST_RT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_STRT_MAX 64

typedef struct {
    unsigned w, pc_w, nst, nrt;
    int orec;  /* 1: opportunistic early reconvergence (§4) */
    unsigned step_clks;  /* clocks per step (STEP_CLKS): 1, or 2 (0 reads as 1) */
} simt_st_rt_cfg;

enum {
    SIMT_STRT_NONE = 0,
    SIMT_STRT_ADV = 1,     /* split sel moves to npc (blk: npc starts a basic block) */
    SIMT_STRT_BR = 2,      /* branch of split sel: tmask lanes to tgt, others to npc, IPDOM rpc */
    SIMT_STRT_EXIT = 3,    /* the (fully reconverged) split sel exits */
    SIMT_STRT_LAUNCH = 4   /* empty tables: one split at npc with lanes tmask */
};

/* ev bits (docs/units/st_rt.md, "Events") */
enum {
    SIMT_STRT_EV_DIV = 1, SIMT_STRT_EV_NEWRT = 2, SIMT_STRT_EV_SIDE = 4, SIMT_STRT_EV_ARRIVE = 8,
    SIMT_STRT_EV_RECONV = 16, SIMT_STRT_EV_MERGE = 32, SIMT_STRT_EV_OREC = 64,
    SIMT_STRT_EV_OSKIP = 128
};

typedef struct {
    unsigned op, sel;
    uint64_t npc;
    int blk;
    uint64_t tgt, tmask, rpc;
} simt_st_rt_in;

typedef struct {
    uint64_t pc, bpc, mask, rpc;
    unsigned hasr, ridx;
} simt_st_ent;

typedef struct {
    uint64_t pc, rpc, rmask, pend;
    unsigned hasr, ridx;
} simt_rt_ent;

typedef struct {
    int ok, stall, bad;
    unsigned ev;
    uint64_t st_valid, rt_valid;     /* bit per entry */
    int pick_valid;
    unsigned pick;
    int done;
    simt_st_ent st[SIMT_STRT_MAX];   /* fields as the outputs show them (stale when free) */
    simt_rt_ent rt[SIMT_STRT_MAX];
} simt_st_rt_out;

typedef struct {
    simt_st_rt_cfg cfg;
    simt_st_ent st[SIMT_STRT_MAX];   /* valid iff mask != 0 */
    simt_rt_ent rt[SIMT_STRT_MAX];   /* valid iff pend != 0 */
    unsigned phase;                  /* clock of the step, 0 .. step_clks - 1 */
} simt_st_rt;

/* 0 if supported, else -1 and a message. */
int simt_st_rt_cfg_check(const simt_st_rt_cfg *cfg, char *err, size_t errlen);
/* Reset (rst_ni low): both tables empty, every field 0. */
void simt_st_rt_reset(simt_st_rt *s, const simt_st_rt_cfg *cfg);
/* Outputs of the current cycle for inputs in. */
void simt_st_rt_eval(const simt_st_rt *s, const simt_st_rt_in *in, simt_st_rt_out *out);
/* Clock edge with inputs in. */
void simt_st_rt_step(simt_st_rt *s, const simt_st_rt_in *in);

#ifdef __cplusplus
}
#endif

#endif
