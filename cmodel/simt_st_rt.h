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

#define SIMT_ST_RT_MAX 64

typedef struct {
    unsigned w, pc_w, nst, nrt;
    int orec;  /* 1: opportunistic early reconvergence (§4) */
    unsigned step_clks;  /* clocks per step (STEP_CLKS): 1, or 2 (0 reads as 1) */
} simt_st_rt_cfg;

enum {
    SIMT_ST_RT_NONE = 0,
    SIMT_ST_RT_ADV = 1,     /* split sel moves to npc (blk: npc starts a basic block) */
    SIMT_ST_RT_BR = 2,      /* branch of split sel: tmask lanes to tgt, others to npc, IPDOM rpc */
    SIMT_ST_RT_EXIT = 3,    /* the (fully reconverged) split sel exits */
    SIMT_ST_RT_LAUNCH = 4   /* empty tables: one split at npc with lanes tmask */
};

/* ev bits (docs/units/st_rt.md, "Events") */
enum {
    SIMT_ST_RT_EV_DIV = 1, SIMT_ST_RT_EV_NEWRT = 2, SIMT_ST_RT_EV_SIDE = 4, SIMT_ST_RT_EV_ARRIVE = 8,
    SIMT_ST_RT_EV_RECONV = 16, SIMT_ST_RT_EV_MERGE = 32, SIMT_ST_RT_EV_OREC = 64,
    SIMT_ST_RT_EV_OSKIP = 128
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
} simt_st_rt_st_ent;

typedef struct {
    uint64_t pc, rpc, rmask, pend;
    unsigned hasr, ridx;
} simt_st_rt_rt_ent;

typedef struct {
    int ok, stall, bad;
    unsigned ev;
    uint64_t st_valid, rt_valid;     /* bit per entry */
    int pick_valid;
    unsigned pick;
    int done;
    simt_st_rt_st_ent st[SIMT_ST_RT_MAX];   /* fields as the outputs show them (stale when free) */
    simt_st_rt_rt_ent rt[SIMT_ST_RT_MAX];
} simt_st_rt_out;

/* The unit's ports (rtl/st_rt/simt_st_rt.sv) but clk_i and rst_ni, in the RTL's order: the one
 * list from which the Verilator shim checks every port's width and drives and reads them, and the
 * cross-check compares every output every cycle (entries P(kind, port, field, n, ew): the form of
 * SIMT_SPAWN_PORTS in simt_spawn.h). Widths in W PC_W NST NRT and SIMT_ST_RT_WIDTHS. */
#define SIMT_ST_RT_WIDTHS(LOCALPARAM, CLOG2)   \
    LOCALPARAM(SI_W, NST > 1 ? CLOG2(NST) : 1) \
    LOCALPARAM(RI_W, NRT > 1 ? CLOG2(NRT) : 1)
#define SIMT_ST_RT_PORTS(I, O)                  \
    I(S, op_i, op, 1, 3)                        \
    I(S, sel_i, sel, 1, SI_W)                   \
    I(S, npc_i, npc, 1, PC_W)                   \
    I(S, blk_i, blk, 1, 1)                      \
    I(S, tgt_i, tgt, 1, PC_W)                   \
    I(S, tmask_i, tmask, 1, W)                  \
    I(S, rpc_i, rpc, 1, PC_W)                   \
    O(S, ok_o, ok, 1, 1)                        \
    O(S, stall_o, stall, 1, 1)                  \
    O(S, bad_o, bad, 1, 1)                      \
    O(S, ev_o, ev, 1, 8)                        \
    O(S, st_valid_o, st_valid, 1, NST)          \
    O(A, st_pc_o, st[k_].pc, NST, PC_W)         \
    O(A, st_bpc_o, st[k_].bpc, NST, PC_W)       \
    O(A, st_mask_o, st[k_].mask, NST, W)        \
    O(A, st_rpc_o, st[k_].rpc, NST, PC_W)       \
    O(A, st_hasr_o, st[k_].hasr, NST, 1)        \
    O(A, st_ridx_o, st[k_].ridx, NST, RI_W)     \
    O(S, rt_valid_o, rt_valid, 1, NRT)          \
    O(A, rt_pc_o, rt[k_].pc, NRT, PC_W)         \
    O(A, rt_rpc_o, rt[k_].rpc, NRT, PC_W)       \
    O(A, rt_hasr_o, rt[k_].hasr, NRT, 1)        \
    O(A, rt_ridx_o, rt[k_].ridx, NRT, RI_W)     \
    O(A, rt_rmask_o, rt[k_].rmask, NRT, W)      \
    O(A, rt_pend_o, rt[k_].pend, NRT, W)        \
    O(S, pick_valid_o, pick_valid, 1, 1)        \
    O(S, pick_o, pick, 1, SI_W)                 \
    O(S, done_o, done, 1, 1)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_ST_RT_COUNTS(c) const unsigned NST = (c)->nst, NRT = (c)->nrt;

typedef struct {
    simt_st_rt_cfg cfg;
    simt_st_rt_st_ent st[SIMT_ST_RT_MAX];   /* valid iff mask != 0 */
    simt_st_rt_rt_ent rt[SIMT_ST_RT_MAX];   /* valid iff pend != 0 */
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
