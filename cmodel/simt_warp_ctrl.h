/* SPDX-License-Identifier: Apache-2.0 */
/* simt_warp_ctrl: C golden model of the stack-less warp control unit
 * (rtl/warp_ctrl/simt_warp_ctrl.sv). The cycle contract is docs/units/warp_ctrl.md: per-lane PC_i and
 * SP_i, MPC = min over enabled lanes of SP_i:PC_i (Collange 2011 §3), the increment shortcut
 * (§4.1), memory instructions through the same unified arbiter (§4.2-4.3).
 *
 * Use: simt_warp_ctrl_reset(), then each cycle fill a simt_warp_ctrl_in, call
 * simt_warp_ctrl_eval() to get the outputs of that cycle, and simt_warp_ctrl_step() for the
 * clock edge. Limits: 1 <= W <= 64, SP_W >= 1, SP_W + PC_W <= 64, OFF_W < PC_W,
 * 0 <= arb_stages <= 2 clog2(W) + 1.
 *
 * arb_stages (the RTL's ARB_STAGES) >= 1 models the pipelined arbiter: a PC arbitration
 * completes arb_stages cycles after the enabled set last changed, a MEM's line and served lanes
 * come arb_stages cycles after its issue (docs/units/warp_ctrl.md, "Pipelined arbiter").
 */
#ifndef SIMT_WARP_CTRL_H
#define SIMT_WARP_CTRL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_WARP_CTRL_MAX_W 64

typedef struct {
    unsigned w, pc_w, sp_w, off_w;
    unsigned arb_stages;  /* 0: single-cycle arbiter; >= 1: its result arb_stages cycles later */
} simt_warp_ctrl_cfg;

enum { SIMT_WARP_CTRL_OP_ALU = 0, SIMT_WARP_CTRL_OP_BRANCH = 1, SIMT_WARP_CTRL_OP_MEM = 2, SIMT_WARP_CTRL_OP_EXIT = 3 };

typedef struct {
    int launch;
    uint64_t launch_mask, launch_pc, launch_sp;
    int issue;
    unsigned op;                      /* SIMT_WARP_CTRL_OP_* */
    uint64_t npc[SIMT_WARP_CTRL_MAX_W];    /* BRANCH: per-lane next PC */
    uint64_t nsp[SIMT_WARP_CTRL_MAX_W];    /* BRANCH: per-lane next SP */
    uint64_t addr[SIMT_WARP_CTRL_MAX_W];   /* MEM: per-lane data address */
    int mem_hit;
    uint64_t wake;
} simt_warp_ctrl_in;

typedef struct {
    int mpc_valid;
    uint64_t mpc, msp, active;
    int arb;
    int mem_req;
    uint64_t mem_line, served;
    uint64_t live, sleep;
    uint64_t pc[SIMT_WARP_CTRL_MAX_W], sp[SIMT_WARP_CTRL_MAX_W];
    int done;
} simt_warp_ctrl_out;

/* The unit's ports (rtl/warp_ctrl/simt_warp_ctrl.sv) but clk_i and rst_ni, in the RTL's order: the
 * one list from which the Verilator shim checks every port's width and drives and reads them, and
 * the cross-check compares every output every cycle (entries P(kind, port, field, n, ew): the form
 * of SIMT_SPAWN_PORTS in simt_spawn.h). Widths in the RTL's parameters (W PC_W SP_W). */
#define SIMT_WARP_CTRL_PORTS(I, O)              \
    I(S, launch_i, launch, 1, 1)                \
    I(S, launch_mask_i, launch_mask, 1, W)      \
    I(S, launch_pc_i, launch_pc, 1, PC_W)       \
    I(S, launch_sp_i, launch_sp, 1, SP_W)       \
    I(S, issue_i, issue, 1, 1)                  \
    I(S, op_i, op, 1, 2)                        \
    I(A, npc_i, npc[k_], W, PC_W)               \
    I(A, nsp_i, nsp[k_], W, SP_W)               \
    I(A, addr_i, addr[k_], W, PC_W)             \
    I(S, mem_hit_i, mem_hit, 1, 1)              \
    I(S, wake_i, wake, 1, W)                    \
    O(S, mpc_valid_o, mpc_valid, 1, 1)          \
    O(S, mpc_o, mpc, 1, PC_W)                   \
    O(S, msp_o, msp, 1, SP_W)                   \
    O(S, active_o, active, 1, W)                \
    O(S, arb_o, arb, 1, 1)                      \
    O(S, mem_req_o, mem_req, 1, 1)              \
    O(S, mem_line_o, mem_line, 1, PC_W)         \
    O(S, served_o, served, 1, W)                \
    O(S, live_o, live, 1, W)                    \
    O(S, sleep_o, sleep, 1, W)                  \
    O(A, pc_o, pc[k_], W, PC_W)                 \
    O(A, sp_o, sp[k_], W, SP_W)                 \
    O(S, done_o, done, 1, 1)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_WARP_CTRL_COUNTS(c) const unsigned W = (c)->w;

typedef struct {
    simt_warp_ctrl_cfg cfg;
    uint64_t pc[SIMT_WARP_CTRL_MAX_W], sp[SIMT_WARP_CTRL_MAX_W];
    uint64_t live, sleep;
    uint64_t mkey;  /* {msp, mpc} */
    int mvalid, arb;
    /* arb_stages >= 1: cycles the arbiter's operation has been in flight; a MEM in flight, its
     * active lanes, a lane joined meanwhile; and its result (computed at issue, the pipelined
     * tree's function of that cycle's inputs, delivered arb_stages cycles later). */
    unsigned cnt;
    int memw, grew;
    uint64_t mact, mline, mserved;
} simt_warp_ctrl;

/* 0 if supported, else -1 and a message. */
int simt_warp_ctrl_cfg_check(const simt_warp_ctrl_cfg *cfg, char *err, size_t errlen);
/* Reset (rst_ni low): every lane dead. cfg must have passed simt_warp_ctrl_cfg_check. */
void simt_warp_ctrl_reset(simt_warp_ctrl *s, const simt_warp_ctrl_cfg *cfg);
/* Outputs of the current cycle for inputs in. */
void simt_warp_ctrl_eval(const simt_warp_ctrl *s, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *out);
/* Clock edge with inputs in. */
void simt_warp_ctrl_step(simt_warp_ctrl *s, const simt_warp_ctrl_in *in);

#ifdef __cplusplus
}
#endif

#endif
