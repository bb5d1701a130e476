/* SPDX-License-Identifier: Apache-2.0 */
/* simt_rmask_sb: C golden model of the R-mask scoreboard with I-buffer dependency masks
 * (rtl/rmask_sb/simt_rmask_sb.sv, ElTantawy et al. 2014 §3.3.2, Fig. 8b) and, with cfg.base = 1, of
 * the baseline mask-less per-warp scoreboard (rtl/rmask_sb/simt_sb_base.sv, Fig. 8a).
 * The cycle contract is docs/units/rmask_sb.md.
 *
 * Use: simt_rmask_sb_reset(), then each cycle fill a simt_rmask_sb_in, call
 * simt_rmask_sb_eval() for the outputs of that cycle and simt_rmask_sb_step() for the clock
 * edge. Limits: 1 <= W <= 64, NW*NE <= SIMT_SB_MAX_E, NIB <= SIMT_SB_MAX_IB,
 * NSRC + 1 <= SIMT_SB_MAX_OP, 1 <= REG_W <= 16.
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

#define SIMT_SB_MAX_E  512
#define SIMT_SB_MAX_IB 64
#define SIMT_SB_MAX_OP 8

typedef struct {
    unsigned w, nw, ne, reg_w, nib, nsrc;
    int base;  /* 1: baseline scoreboard of Fig. 8a (masks ignored) */
    unsigned step_clks;  /* clocks per step (STEP_CLKS): 1, or 2 (0 reads as 1) */
} simt_rmask_sb_cfg;

enum { SIMT_SB_BAD_ISS = 1, SIMT_SB_BAD_WB = 2, SIMT_SB_BAD_DEC = 4 };

typedef struct {
    int dec_valid;
    unsigned dec_slot, dec_warp;
    uint64_t dec_mask;
    unsigned dec_opv;                  /* bit k: operand k present (0 = destination) */
    unsigned dec_reg[SIMT_SB_MAX_OP];
    int iss_valid;
    unsigned iss_slot;
    int wb_valid;
    unsigned wb_warp, wb_reg;
    uint64_t wb_mask;
} simt_rmask_sb_in;

typedef struct {
    int iss_ok, iss_full;
    unsigned bad;                      /* SIMT_SB_BAD_* */
    uint64_t ib_valid, ib_ready;       /* bit per slot */
    unsigned ib_warp[SIMT_SB_MAX_IB];
    uint64_t ib_mask[SIMT_SB_MAX_IB];
    unsigned ib_dep[SIMT_SB_MAX_IB];
    int sb_valid[SIMT_SB_MAX_E];       /* entry w*NE + e */
    unsigned sb_reg[SIMT_SB_MAX_E];
    uint64_t sb_rmask[SIMT_SB_MAX_E];
} simt_rmask_sb_out;

typedef struct {
    int valid;
    unsigned warp, opv;
    uint64_t mask;
    unsigned reg[SIMT_SB_MAX_OP];
    unsigned dep;
} simt_sb_slot;

typedef struct {
    simt_rmask_sb_cfg cfg;
    unsigned reg[SIMT_SB_MAX_E];
    uint64_t rmask[SIMT_SB_MAX_E];     /* R-mask; baseline: all lanes or 0 (= valid bit) */
    simt_sb_slot ib[SIMT_SB_MAX_IB];
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
