/* SPDX-License-Identifier: Apache-2.0 */
/* simt_rmask_sb: C golden model of the R-mask scoreboard with I-buffer dependency masks
 * (rtl/rmask_sb/simt_rmask_sb.sv, ElTantawy et al. 2014 §3.3.2, Fig. 8b) and, with cfg.base = 1, of
 * the baseline mask-less per-warp scoreboard (rtl/rmask_sb/simt_sb_base.sv, Fig. 8a).
 * The cycle contract is docs/units/rmask_sb.md.
 *
 * Use: simt_rmask_sb_reset(), then each cycle fill a simt_rmask_sb_in, call
 * simt_rmask_sb_eval() for the outputs of that cycle and simt_rmask_sb_step() for the clock
 * edge. Limits: 1 <= W <= 64, NW*NE <= SIMT_RMASK_SB_MAX_E, NIB <= SIMT_RMASK_SB_MAX_IB,
 * NSRC + 1 <= SIMT_RMASK_SB_MAX_OP, 1 <= REG_W <= 16.
 * With cfg.step_clks = 2 (the RTL's STEP_CLKS = 2, the contract's "Two-clock step") each call
 * is one clock: a step's first clock changes nothing and answers as an idle cycle (iss_ok,
 * iss_full and bad 0); its second is the single-cycle step with the inputs given there (the
 * contract holds them over both clocks; the RTL asserts it, the model does not need it).
 */
#ifndef SIMT_RMASK_SB_H
#define SIMT_RMASK_SB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_RMASK_SB_MAX_E  512
#define SIMT_RMASK_SB_MAX_IB 64
#define SIMT_RMASK_SB_MAX_OP 8

typedef struct {
    unsigned w, nw, ne, reg_w, nib, nsrc;
    int base;  /* 1: baseline scoreboard of Fig. 8a (masks ignored) */
    unsigned step_clks;  /* clocks per step (STEP_CLKS): 1, or 2 (0 reads as 1) */
} simt_rmask_sb_cfg;

enum { SIMT_RMASK_SB_BAD_ISS = 1, SIMT_RMASK_SB_BAD_WB = 2, SIMT_RMASK_SB_BAD_DEC = 4 };

typedef struct {
    int dec_valid;
    unsigned dec_slot, dec_warp;
    uint64_t dec_mask;
    unsigned dec_opv;                  /* bit k: operand k present (0 = destination) */
    unsigned dec_reg[SIMT_RMASK_SB_MAX_OP];
    int iss_valid;
    unsigned iss_slot;
    int wb_valid;
    unsigned wb_warp, wb_reg;
    uint64_t wb_mask;
} simt_rmask_sb_in;

typedef struct {
    int iss_ok, iss_full;
    unsigned bad;                      /* SIMT_RMASK_SB_BAD_* */
    uint64_t ib_valid, ib_ready;       /* bit per slot */
    unsigned ib_warp[SIMT_RMASK_SB_MAX_IB];
    uint64_t ib_mask[SIMT_RMASK_SB_MAX_IB];
    unsigned ib_dep[SIMT_RMASK_SB_MAX_IB];
    int sb_valid[SIMT_RMASK_SB_MAX_E];       /* entry w*NE + e */
    unsigned sb_reg[SIMT_RMASK_SB_MAX_E];
    uint64_t sb_rmask[SIMT_RMASK_SB_MAX_E];
} simt_rmask_sb_out;

typedef struct {
    int valid;
    unsigned warp, opv;
    uint64_t mask;
    unsigned reg[SIMT_RMASK_SB_MAX_OP];
    unsigned dep;
} simt_rmask_sb_slot;

/* The unit's ports (rtl/rmask_sb/simt_rmask_sb.sv and simt_sb_base.sv) but clk_i and rst_ni, in
 * the RTL's order: the one list from which the Verilator shim checks every port's width and drives
 * and reads them, and the cross-check compares every output every cycle (entries P(kind, port,
 * field, n, ew): the form of SIMT_SPAWN_PORTS in simt_spawn.h). Widths in the RTL's parameters (W
 * NW NE REG_W NIB NSRC) and SIMT_RMASK_SB_WIDTHS. */
#define SIMT_RMASK_SB_WIDTHS(LOCALPARAM, CLOG2) \
    LOCALPARAM(NOP, NSRC + 1)                   \
    LOCALPARAM(WID_W, NW > 1 ? CLOG2(NW) : 1)   \
    LOCALPARAM(IBI_W, NIB > 1 ? CLOG2(NIB) : 1)
#define SIMT_RMASK_SB_PORTS(I, O)               \
    I(S, dec_valid_i, dec_valid, 1, 1)          \
    I(S, dec_slot_i, dec_slot, 1, IBI_W)        \
    I(S, dec_warp_i, dec_warp, 1, WID_W)        \
    I(S, dec_mask_i, dec_mask, 1, W)            \
    I(S, dec_opv_i, dec_opv, 1, NOP)            \
    I(A, dec_reg_i, dec_reg[k_], NOP, REG_W)    \
    I(S, iss_valid_i, iss_valid, 1, 1)          \
    I(S, iss_slot_i, iss_slot, 1, IBI_W)        \
    I(S, wb_valid_i, wb_valid, 1, 1)            \
    I(S, wb_warp_i, wb_warp, 1, WID_W)          \
    I(S, wb_reg_i, wb_reg, 1, REG_W)            \
    I(S, wb_mask_i, wb_mask, 1, W)              \
    O(S, iss_ok_o, iss_ok, 1, 1)                \
    O(S, iss_full_o, iss_full, 1, 1)            \
    O(S, bad_o, bad, 1, 3)                      \
    O(S, ib_valid_o, ib_valid, 1, NIB)          \
    O(S, ib_ready_o, ib_ready, 1, NIB)          \
    O(A, ib_warp_o, ib_warp[k_], NIB, WID_W)    \
    O(A, ib_mask_o, ib_mask[k_], NIB, W)        \
    O(A, ib_dep_o, ib_dep[k_], NIB, NOP)        \
    O(A, sb_valid_o, sb_valid[k_], NW * NE, 1)  \
    O(A, sb_reg_o, sb_reg[k_], NW * NE, REG_W)  \
    O(A, sb_rmask_o, sb_rmask[k_], NW * NE, W)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_RMASK_SB_COUNTS(c) const unsigned NIB = (c)->nib, NW = (c)->nw, NE = (c)->ne;

typedef struct {
    simt_rmask_sb_cfg cfg;
    unsigned reg[SIMT_RMASK_SB_MAX_E];
    uint64_t rmask[SIMT_RMASK_SB_MAX_E];     /* R-mask; baseline: all lanes or 0 (= valid bit) */
    simt_rmask_sb_slot ib[SIMT_RMASK_SB_MAX_IB];
    unsigned phase;                    /* clock of the step, 0 .. step_clks - 1 */
} simt_rmask_sb;

/* 0 if supported, else -1 and a message. */
int simt_rmask_sb_cfg_check(const simt_rmask_sb_cfg *cfg, char *err, size_t errlen);
void simt_rmask_sb_reset(simt_rmask_sb *s, const simt_rmask_sb_cfg *cfg);
void simt_rmask_sb_eval(const simt_rmask_sb *s, const simt_rmask_sb_in *in, simt_rmask_sb_out *out);
void simt_rmask_sb_step(simt_rmask_sb *s, const simt_rmask_sb_in *in);
/* R-mask of register r of warp w (0 if no entry). */
uint64_t simt_rmask_sb_lookup(const simt_rmask_sb *s, unsigned w, unsigned r);

#ifdef __cplusplus
}
#endif

#endif
