/* SPDX-License-Identifier: Apache-2.0 */
/* simt_ht_stack: C golden model of the per-warp PDOM stack with hyper-threaded scheduling
 * (rtl/ht_stack/simt_ht_stack.sv; Steffen 2012 §4.2, Algorithm 1 corrected). The cycle
 * contract is docs/units/ht_stack.md.
 *
 * Use: simt_ht_stack_cfg_check(), simt_ht_stack_reset(), then each cycle fill a
 * simt_ht_stack_in, call simt_ht_stack_eval() for the outputs of that cycle and
 * simt_ht_stack_step() for the clock edge. The scheduling runs Algorithm 1 (corrected)
 * literally, as a sequential scan.
 * With cfg.step_clks = 2 (the RTL's STEP_CLKS = 2, the contract's "Two-clock step") each call
 * is one clock: a step's first clock changes nothing and gives bad and full 0 (every other
 * output is a function of the state and is the same on both clocks); its second is the
 * single-cycle step with the inputs given there (the contract holds them over both clocks; the
 * RTL asserts it, the model does not need it).
 */
#ifndef SIMT_HT_STACK_H
#define SIMT_HT_STACK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_HT_STACK_MAX_W 64
#define SIMT_HT_STACK_MAX_K 16
#define SIMT_HT_STACK_MAX_D (3 * SIMT_HT_STACK_MAX_W - 2)

typedef struct {
    unsigned w, pc_w, k, d;
    unsigned policy;  /* 0 PDOM, 1 PAR (Algorithm 1), 2 WA (work-ahead), 3 SS (spatial) */
    int merge;        /* 1: scheduled entries with equal PCs share a slot */
    unsigned prio_w;  /* WA priority bits, 1..8 */
    unsigned step_clks;  /* clocks per step (STEP_CLKS): 1, or 2 (0 reads as 1) */
} simt_ht_stack_cfg;

enum {
    SIMT_HT_STACK_NONE = 0, SIMT_HT_STACK_ADV = 1, SIMT_HT_STACK_BR = 2, SIMT_HT_STACK_EXIT = 3,
    SIMT_HT_STACK_SYNC = 4
};
enum { SIMT_HT_STACK_BAD_LAUNCH = 1, SIMT_HT_STACK_BAD_BATCH = 2, SIMT_HT_STACK_BAD_REPORT = 4 };
enum { SIMT_HT_STACK_PDOM = 0, SIMT_HT_STACK_PAR = 1, SIMT_HT_STACK_WA = 2, SIMT_HT_STACK_SS = 3 };

typedef struct {
    int ln_valid;
    uint64_t ln_pc, ln_mask;
    int rp_valid;
    unsigned rp_kind[SIMT_HT_STACK_MAX_K];
    uint64_t rp_npc[SIMT_HT_STACK_MAX_K], rp_tgt[SIMT_HT_STACK_MAX_K];
    uint64_t rp_tmask[SIMT_HT_STACK_MAX_K], rp_rpc[SIMT_HT_STACK_MAX_K];
    /* BR, WA only: the descriptor of the PDOM point rp_rpc (next PDOM point, priority, allowed) */
    uint64_t rp_nrpc[SIMT_HT_STACK_MAX_K];
    unsigned rp_prio[SIMT_HT_STACK_MAX_K];
    unsigned rp_wav[SIMT_HT_STACK_MAX_K];
} simt_ht_stack_in;

typedef struct {
    uint64_t pc, mask, rpc;
    int hasr;
    uint64_t nrpc;      /* WA fields (0 unless POLICY = 2) */
    unsigned prio;
    int wav;
} simt_ht_stack_ent;

typedef struct {
    /* combinational */
    unsigned bad;       /* SIMT_HT_STACK_BAD_* */
    int full;
    int wa_split;       /* a work-ahead split is applied at the end of this cycle */
    /* meta-data (from the registered stack) */
    int md_valid;
    uint64_t slot_v;                    /* bit k */
    uint64_t slot_pc[SIMT_HT_STACK_MAX_K];
    uint64_t lane_act;
    unsigned lane_sel[SIMT_HT_STACK_MAX_W];
    /* registered */
    int busy;
    unsigned cnt;
    simt_ht_stack_ent st[SIMT_HT_STACK_MAX_D];      /* entries >= cnt all zero */
    uint64_t pend[(SIMT_HT_STACK_MAX_D + 63) / 64];
    unsigned eslot[SIMT_HT_STACK_MAX_D];
    unsigned rq_kind[SIMT_HT_STACK_MAX_K];
    uint64_t rq_npc[SIMT_HT_STACK_MAX_K], rq_tgt[SIMT_HT_STACK_MAX_K];
    uint64_t rq_tmask[SIMT_HT_STACK_MAX_K], rq_rpc[SIMT_HT_STACK_MAX_K];
    uint64_t rq_nrpc[SIMT_HT_STACK_MAX_K];
    unsigned rq_prio[SIMT_HT_STACK_MAX_K], rq_wav[SIMT_HT_STACK_MAX_K];
    /* derived for the testbench (not ports) */
    int launched, accepted; /* this cycle: a launch, a batch accepted */
    unsigned sched_n;       /* entries scheduled by the meta-data */
    int sched_ent[SIMT_HT_STACK_MAX_D]; /* slot of entry e in the meta-data, or -1 */
} simt_ht_stack_out;

/* The unit's ports (rtl/ht_stack/simt_ht_stack.sv) but clk_i and rst_ni, in the RTL's order: the
 * one list from which the Verilator shim checks every port's width and drives and reads them, and
 * the cross-check compares every output every cycle (entries P(kind, port, field, n, ew): the form
 * of SIMT_SPAWN_PORTS in simt_spawn.h). Widths in the RTL's parameters (W PC_W K D PRIO_W) and
 * SIMT_HT_STACK_WIDTHS. */
#define SIMT_HT_STACK_WIDTHS(LOCALPARAM, CLOG2) \
    LOCALPARAM(SW, K > 1 ? CLOG2(K) : 1)        \
    LOCALPARAM(DW, CLOG2(D + 1))
#define SIMT_HT_STACK_PORTS(I, O)               \
    I(S, ln_valid_i, ln_valid, 1, 1)            \
    I(S, ln_pc_i, ln_pc, 1, PC_W)               \
    I(S, ln_mask_i, ln_mask, 1, W)              \
    I(S, rp_valid_i, rp_valid, 1, 1)            \
    I(A, rp_kind_i, rp_kind[k_], K, 3)          \
    I(A, rp_npc_i, rp_npc[k_], K, PC_W)         \
    I(A, rp_tgt_i, rp_tgt[k_], K, PC_W)         \
    I(A, rp_tmask_i, rp_tmask[k_], K, W)        \
    I(A, rp_rpc_i, rp_rpc[k_], K, PC_W)         \
    I(A, rp_nrpc_i, rp_nrpc[k_], K, PC_W)       \
    I(A, rp_prio_i, rp_prio[k_], K, PRIO_W)     \
    I(A, rp_wav_i, rp_wav[k_], K, 1)            \
    O(S, bad_o, bad, 1, 3)                      \
    O(S, full_o, full, 1, 1)                    \
    O(S, wa_split_o, wa_split, 1, 1)            \
    O(S, busy_o, busy, 1, 1)                    \
    O(S, md_valid_o, md_valid, 1, 1)            \
    O(S, slot_v_o, slot_v, 1, K)                \
    O(A, slot_pc_o, slot_pc[k_], K, PC_W)       \
    O(S, lane_act_o, lane_act, 1, W)            \
    O(A, lane_sel_o, lane_sel[k_], W, SW)       \
    O(S, cnt_o, cnt, 1, DW)                     \
    O(A, st_pc_o, st[k_].pc, D, PC_W)           \
    O(A, st_mask_o, st[k_].mask, D, W)          \
    O(A, st_hasr_o, st[k_].hasr, D, 1)          \
    O(A, st_rpc_o, st[k_].rpc, D, PC_W)         \
    O(A, st_nrpc_o, st[k_].nrpc, D, PC_W)       \
    O(A, st_prio_o, st[k_].prio, D, PRIO_W)     \
    O(A, st_wav_o, st[k_].wav, D, 1)            \
    O(B, pend_o, pend, D, 1)                    \
    O(A, eslot_o, eslot[k_], D, SW)             \
    O(A, rq_kind_o, rq_kind[k_], K, 3)          \
    O(A, rq_npc_o, rq_npc[k_], K, PC_W)         \
    O(A, rq_tgt_o, rq_tgt[k_], K, PC_W)         \
    O(A, rq_tmask_o, rq_tmask[k_], K, W)        \
    O(A, rq_rpc_o, rq_rpc[k_], K, PC_W)         \
    O(A, rq_nrpc_o, rq_nrpc[k_], K, PC_W)       \
    O(A, rq_prio_o, rq_prio[k_], K, PRIO_W)     \
    O(A, rq_wav_o, rq_wav[k_], K, 1)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_HT_STACK_COUNTS(c) const unsigned W = (c)->w, K = (c)->k, D = (c)->d;

typedef struct {
    simt_ht_stack_cfg cfg;
    unsigned cnt;
    simt_ht_stack_ent st[SIMT_HT_STACK_MAX_D];
    int busy;
    uint64_t pend[(SIMT_HT_STACK_MAX_D + 63) / 64];
    unsigned eslot[SIMT_HT_STACK_MAX_D];
    unsigned rq_kind[SIMT_HT_STACK_MAX_K];
    uint64_t rq_npc[SIMT_HT_STACK_MAX_K], rq_tgt[SIMT_HT_STACK_MAX_K];
    uint64_t rq_tmask[SIMT_HT_STACK_MAX_K], rq_rpc[SIMT_HT_STACK_MAX_K];
    uint64_t rq_nrpc[SIMT_HT_STACK_MAX_K];
    unsigned rq_prio[SIMT_HT_STACK_MAX_K], rq_wav[SIMT_HT_STACK_MAX_K];
    unsigned phase;  /* clock of the step, 0 .. step_clks - 1 */
} simt_ht_stack;

/* 0 if cfg is in range, else -1 and a message naming the parameter. */
int simt_ht_stack_cfg_check(const simt_ht_stack_cfg *cfg, char *err, size_t errlen);
void simt_ht_stack_reset(simt_ht_stack *s, const simt_ht_stack_cfg *cfg);
void simt_ht_stack_eval(const simt_ht_stack *s, const simt_ht_stack_in *in, simt_ht_stack_out *out);
void simt_ht_stack_step(simt_ht_stack *s, const simt_ht_stack_in *in);

static inline int simt_ht_stack_bit(const uint64_t *map, unsigned b) { return (int)(map[b / 64] >> (b % 64) & 1); }

#ifdef __cplusplus
}
#endif

#endif
