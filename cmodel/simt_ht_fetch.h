/* SPDX-License-Identifier: Apache-2.0 */
/* simt_ht_fetch: C golden model of the hyper-threaded fetch unit of one SM (Steffen 2012 §4.2,
 * Fig. 4.4-4.5; rtl/ht_fetch/simt_ht_fetch.sv). The cycle contract is docs/units/ht_fetch.md.
 *
 * Use: simt_ht_fetch_cfg_check(), simt_ht_fetch_reset(), then each cycle fill a
 * simt_ht_fetch_in, call simt_ht_fetch_eval() for the outputs of that cycle and
 * simt_ht_fetch_step() for the clock edge. The I-cache answers in the same cycle: its request
 * (ic_req, ic_pc) depends on the state only, so a caller can evaluate with any inputs, read the
 * request, and then evaluate again with the answer.
 * Limits: the parameter ranges of the datasheet (W 4..64, K 1..min(W, 8) or K = W at W <= 16,
 * P 1..K, PC_W 8..64, IW 8..64 (the RTL also takes up to 128), TAG_W 1..16).
 */
#ifndef SIMT_HT_FETCH_H
#define SIMT_HT_FETCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_HT_FETCH_MAX_W 64
#define SIMT_HT_FETCH_MAX_K 16

typedef struct {
    unsigned w, k, p, pc_w, iw, tag_w;
} simt_ht_fetch_cfg;

typedef struct {
    /* request: one warp's meta-data (encoding: datasheet, Deviations F1) */
    uint64_t req_valid;
    uint64_t req_tag;
    uint64_t req_slot_v;                         /* bit k: slot k valid */
    uint64_t req_slot_pc[SIMT_HT_FETCH_MAX_K];
    uint64_t req_act;                            /* bit i: lane i active */
    uint8_t req_sel[SIMT_HT_FETCH_MAX_W];        /* lane i's slot */
    /* I-cache answer, per port */
    uint64_t ic_hit;                             /* bit j: port j hits */
    uint64_t ic_data[SIMT_HT_FETCH_MAX_K];
    /* bundle consumer */
    uint64_t bun_ready;
} simt_ht_fetch_in;

typedef struct {
    /* combinational */
    int req_ready, req_bad;
    uint64_t ic_req;                             /* bit j: port j requests (state only) */
    uint64_t ic_pc[SIMT_HT_FETCH_MAX_K];         /* port j's PC, 0 when idle (state only) */
    /* registered: the bundle stage */
    int bun_valid;
    unsigned bun_tag;
    uint64_t bun_slot_v;
    uint64_t bun_slot_pc[SIMT_HT_FETCH_MAX_K];
    uint64_t bun_slot_instr[SIMT_HT_FETCH_MAX_K];
    uint64_t bun_act;
    unsigned bun_sel[SIMT_HT_FETCH_MAX_W];
    uint64_t bun_lane_instr[SIMT_HT_FETCH_MAX_W];  /* the per-lane mux of Fig. 4.5 */
    int err;
    /* state taps: the fetch stage */
    int f_full;
    unsigned f_tag;
    uint64_t f_slot_v;
    uint64_t f_slot_pc[SIMT_HT_FETCH_MAX_K];
    uint64_t f_act;
    unsigned f_sel[SIMT_HT_FETCH_MAX_W];
    uint64_t f_have;
    uint64_t f_instr[SIMT_HT_FETCH_MAX_K];
    /* derived for the testbench (not ports): what happens this cycle */
    int port_slot[SIMT_HT_FETCH_MAX_K];          /* slot port j serves, -1 when idle */
    uint64_t slot_hit;                           /* slots that get their instruction now */
    int accept;                                  /* the request enters F */
    int f_done, f_move;                          /* F complete; F moves to B at the edge */
    int issue;                                   /* the bundle is taken (bun_valid & bun_ready) */
} simt_ht_fetch_out;

/* One stage: a request's meta-data with its instructions. */
typedef struct {
    int full;
    unsigned tag;
    uint64_t slot_v, act;
    uint64_t slot_pc[SIMT_HT_FETCH_MAX_K];
    unsigned sel[SIMT_HT_FETCH_MAX_W];
    uint64_t have;                               /* F only */
    uint64_t instr[SIMT_HT_FETCH_MAX_K];
} simt_ht_fetch_stage;

/* The unit's ports (rtl/ht_fetch/simt_ht_fetch.sv) but clk_i and rst_ni, in the RTL's order: the
 * one list from which the Verilator shim checks every port's width and drives and reads them, and
 * the cross-check compares every output every cycle (entries P(kind, port, field, n, ew): the form
 * of SIMT_SPAWN_PORTS in simt_spawn.h). Widths in the RTL's parameters (W K P PC_W IW TAG_W) and
 * SIMT_HT_FETCH_WIDTHS. */
#define SIMT_HT_FETCH_WIDTHS(LOCALPARAM, CLOG2) \
    LOCALPARAM(SW, K > 1 ? CLOG2(K) : 1)
#define SIMT_HT_FETCH_PORTS(I, O)               \
    I(S, req_valid_i, req_valid, 1, 1)          \
    O(S, req_ready_o, req_ready, 1, 1)          \
    O(S, req_bad_o, req_bad, 1, 1)              \
    I(S, req_tag_i, req_tag, 1, TAG_W)          \
    I(S, req_slot_v_i, req_slot_v, 1, K)        \
    I(A, req_slot_pc_i, req_slot_pc[k_], K, PC_W) \
    I(S, req_lane_act_i, req_act, 1, W)         \
    I(A, req_lane_sel_i, req_sel[k_], W, SW)    \
    O(S, ic_req_o, ic_req, 1, P)                \
    O(A, ic_pc_o, ic_pc[k_], P, PC_W)           \
    I(S, ic_hit_i, ic_hit, 1, P)                \
    I(A, ic_data_i, ic_data[k_], P, IW)         \
    O(S, bun_valid_o, bun_valid, 1, 1)          \
    I(S, bun_ready_i, bun_ready, 1, 1)          \
    O(S, bun_tag_o, bun_tag, 1, TAG_W)          \
    O(S, bun_slot_v_o, bun_slot_v, 1, K)        \
    O(A, bun_slot_pc_o, bun_slot_pc[k_], K, PC_W) \
    O(A, bun_slot_instr_o, bun_slot_instr[k_], K, IW) \
    O(S, bun_lane_act_o, bun_act, 1, W)         \
    O(A, bun_lane_sel_o, bun_sel[k_], W, SW)    \
    O(A, bun_lane_instr_o, bun_lane_instr[k_], W, IW) \
    O(S, err_o, err, 1, 1)                      \
    O(S, f_full_o, f_full, 1, 1)                \
    O(S, f_tag_o, f_tag, 1, TAG_W)              \
    O(S, f_slot_v_o, f_slot_v, 1, K)            \
    O(A, f_slot_pc_o, f_slot_pc[k_], K, PC_W)   \
    O(S, f_lane_act_o, f_act, 1, W)             \
    O(A, f_lane_sel_o, f_sel[k_], W, SW)        \
    O(S, f_have_o, f_have, 1, K)                \
    O(A, f_instr_o, f_instr[k_], K, IW)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_HT_FETCH_COUNTS(c) const unsigned W = (c)->w, K = (c)->k, P = (c)->p;

typedef struct {
    simt_ht_fetch_cfg cfg;
    simt_ht_fetch_stage f, b;
    int err;
} simt_ht_fetch;

/* 0 if cfg is in range, else -1 and a message naming the parameter. */
int simt_ht_fetch_cfg_check(const simt_ht_fetch_cfg *cfg, char *err, size_t errlen);
void simt_ht_fetch_reset(simt_ht_fetch *s, const simt_ht_fetch_cfg *cfg);
void simt_ht_fetch_eval(const simt_ht_fetch *s, const simt_ht_fetch_in *in, simt_ht_fetch_out *out);
void simt_ht_fetch_step(simt_ht_fetch *s, const simt_ht_fetch_in *in);
/* The request check of the contract: 1 when some active lane selects a slot that is not valid
 * (or a selector >= K). */
int simt_ht_fetch_req_bad(const simt_ht_fetch_cfg *cfg, const simt_ht_fetch_in *in);

#ifdef __cplusplus
}
#endif

#endif
