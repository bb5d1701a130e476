/* SPDX-License-Identifier: Apache-2.0 */
/* simt_arb_pipe: C golden model of rtl/arb_pipe/simt_arb_pipe.sv, the unified PC/memory arbiter
 * (Collange 2011 §4.3; Brunie & Collange 2013 §5.3) as a registered comparator tree of STAGES
 * ranks. Its function is the unified arbiter's (simt_arb_eval, SIMT_ARB_UNIFIED); its outputs in
 * cycle t are that function of the inputs of cycle t - STAGES. After a reset, and until STAGES
 * edges have passed, the outputs are those of an arbitration of no lane (all zero).
 *
 * Use, per cycle: simt_arb_pipe_eval (the registered outputs, which do not depend on this
 * cycle's inputs), then simt_arb_pipe_step with the cycle's inputs (the clock edge).
 * Limits of the model: those of simt_arb (1 <= W <= 64, SP_W + PC_W <= 64, OFF_W < PC_W), and
 * 1 <= STAGES <= 2 clog2(W) + 1 as in the RTL (past clog2(W) + 1 the extra ranks cut comparator
 * levels in two; the function and the latency rule are the same).
 */
#ifndef SIMT_ARB_PIPE_H
#define SIMT_ARB_PIPE_H

#include <stddef.h>
#include <stdint.h>

#include "simt_arb.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_ARB_PIPE_MAX_STAGES 13 /* 2 clog2(64) + 1 */

typedef struct {
    unsigned w, pc_w, sp_w, off_w; /* as simt_arb_cfg */
    unsigned stages;               /* register ranks = latency in cycles */
} simt_arb_pipe_cfg;

/* One cycle's inputs (the ports of simt_arb_pipe but the clock and reset). */
typedef struct {
    int mode;         /* 0: PC arbitration, 1: memory (line) arbitration */
    uint64_t valid;   /* lane mask */
    uint64_t key[64]; /* lane i's SP:PC (bits above SP_W + PC_W must be 0) */
} simt_arb_pipe_in;

/* One cycle's outputs. */
typedef struct {
    simt_arb_out arb; /* valid_o, key_o, match_o: the unified arbiter's (simt_arb_eval) */
    int uniform;      /* uniform_o: arb.valid and arb.match = the valid lanes (every valid lane at
                       * the minimum; memory mode: the line serves every lane, none replays) */
} simt_arb_pipe_out;

/* The unit's ports (rtl/arb_pipe/simt_arb_pipe.sv) but clk_i and rst_ni, in the RTL's order: the
 * one list from which the Verilator shim checks every port's width and drives and reads them, and
 * the cross-check compares every output every cycle (entries P(kind, port, field, n, ew): the form
 * of SIMT_SPAWN_PORTS in simt_spawn.h). Widths in the RTL's parameters (W PC_W SP_W) and
 * SIMT_ARB_PIPE_WIDTHS. */
#define SIMT_ARB_PIPE_WIDTHS(LOCALPARAM, CLOG2) LOCALPARAM(KEY_W, SP_W + PC_W)
#define SIMT_ARB_PIPE_PORTS(I, O)               \
    I(S, mode_i, mode, 1, 1)                    \
    I(S, valid_i, valid, 1, W)                  \
    I(A, key_i, key[k_], W, KEY_W)              \
    O(S, valid_o, arb.valid, 1, 1)              \
    O(S, key_o, arb.key, 1, KEY_W)              \
    O(S, match_o, arb.match, 1, W)              \
    O(S, uniform_o, uniform, 1, 1)

typedef struct {
    simt_arb_pipe_cfg cfg;
    simt_arb_pipe_out rank[SIMT_ARB_PIPE_MAX_STAGES]; /* rank[0]: the newest result */
} simt_arb_pipe;

/* Comparator levels of the tree: clog2(W) (0 for W = 1). */
unsigned simt_arb_pipe_levels(unsigned w);

/* 0 if the configuration is supported, else -1 with a message in err. */
int simt_arb_pipe_cfg_check(const simt_arb_pipe_cfg *cfg, char *err, size_t errlen);

/* rst_ni low for one edge: every rank cleared. */
void simt_arb_pipe_reset(simt_arb_pipe *p, const simt_arb_pipe_cfg *cfg);

/* The outputs of the current cycle (the last rank). */
void simt_arb_pipe_eval(const simt_arb_pipe *p, simt_arb_pipe_out *out);

/* A rising clock edge with the cycle's inputs. */
void simt_arb_pipe_step(simt_arb_pipe *p, const simt_arb_pipe_in *in);

#ifdef __cplusplus
}
#endif

#endif
