/* SPDX-License-Identifier: Apache-2.0 */
/* simt_spawn: C golden model of the spawn LUT and warp formation for dynamic micro-kernels
 * (rtl/spawn/simt_spawn.sv; Steffen 2012 §5.1-5.4). The cycle contract is docs/units/spawn.md.
 *
 * Use: simt_spawn_cfg_check(), simt_spawn_reset(), then each cycle fill a simt_spawn_in, call
 * simt_spawn_eval() for the outputs of that cycle and simt_spawn_step() for the clock edge.
 * Limits: the parameter ranges of the datasheet (W 4..64 power of 2, NENT 1..64,
 * 2*NENT+1 <= NBLK <= 1024, FIFO_D 1..64, AW 16..64, PC_W 8..64, SLOT_B 4 or 8).
 *
 * pipe = 1 models the pipelined form (PIPE = 1, docs/units/spawn.md "Pipelined form"): st_en and
 * st_addr are those the single-cycle form gives one cycle earlier (0 in the cycle after a
 * reset); every other output and the state are the single-cycle form's.
 */
#ifndef SIMT_SPAWN_H
#define SIMT_SPAWN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SIMT_SPAWN_MAX_W    64
#define SIMT_SPAWN_MAX_ENT  64
#define SIMT_SPAWN_MAX_BLK  1024
#define SIMT_SPAWN_MAX_FIFO 64
#define SIMT_SPAWN_BLK_WORDS (SIMT_SPAWN_MAX_BLK / 64)

typedef struct {
    unsigned w, pc_w, nent, nblk, fifo_d, aw, slot_b;
    int pfx;       /* lane prefix form (the RTL's; the model has one) */
    int full_pol;  /* 0: LUT full stalls (err bit 0); 1: evicts by a forced partial dispatch */
    int pipe;      /* the RTL's PIPE: 1 = st_en and st_addr one cycle after their spawn */
} simt_spawn_cfg;

/* sp_why and err bits */
enum { SIMT_SPAWN_WHY_LUT = 1, SIMT_SPAWN_WHY_FIFO = 2, SIMT_SPAWN_WHY_BLK = 4 };
enum { SIMT_SPAWN_ERR_LUT = 1, SIMT_SPAWN_ERR_REL = 2, SIMT_SPAWN_ERR_POP = 4 };

typedef struct {
    uint64_t wf_base;
    int sp_valid;
    uint64_t sp_pc;
    uint64_t sp_mask;
    int fl_req;
    int nw_pop;
    int rel_valid;
    unsigned rel_blk;
} simt_spawn_in;

typedef struct {
    /* combinational */
    int sp_ok, sp_stall, sp_hit, sp_push;
    unsigned sp_why, sp_ent;
    uint64_t st_en;
    uint64_t st_addr[SIMT_SPAWN_MAX_W];
    int fl_ok, fl_none, pop_bad, rel_bad;
    /* registered */
    int nw_valid;
    uint64_t nw_pc;
    unsigned nw_last, nw_n;
    uint64_t nw_mask;
    uint64_t nw_addr[SIMT_SPAWN_MAX_W];
    unsigned err;
    /* state taps */
    int ent_v[SIMT_SPAWN_MAX_ENT];
    uint64_t ent_tag[SIMT_SPAWN_MAX_ENT];
    unsigned ent_a1[SIMT_SPAWN_MAX_ENT], ent_a2[SIMT_SPAWN_MAX_ENT], ent_cnt[SIMT_SPAWN_MAX_ENT];
    uint64_t free_map[SIMT_SPAWN_BLK_WORDS], out_map[SIMT_SPAWN_BLK_WORDS]; /* block b: word b/64, bit b%64 */
    uint64_t fifo_pc[SIMT_SPAWN_MAX_FIFO];
    unsigned fifo_last[SIMT_SPAWN_MAX_FIFO];
    unsigned fifo_rd, fifo_cnt;
    /* derived for the testbench (not ports): what happened this cycle */
    int fl_ent;          /* entry flushed (fl_ok), else -1 */
    int evict;           /* the flush was a FULL_POL = 1 eviction */
    unsigned alloc_blk;  /* the block allocated (sp_push or fl_ok) */
} simt_spawn_out;

/* The unit's ports (rtl/spawn/simt_spawn.sv) but clk_i and rst_ni, in the RTL's order: the one
 * list from which the Verilator shim checks every port's width against the Verilated model and
 * drives and reads them, and the cross-check compares every output every cycle. Each entry is
 * P(kind, port, field, n, ew), P being I (an input, field of simt_spawn_in) or O (an output, field
 * of simt_spawn_out). kind S: one value of ew bits; A: n values of ew bits each, element k_ at
 * bits [k_*ew +: ew] of the port, in the field named with k_ (field[k_], ent[k_].pc); B: a vector
 * of n bits, bit b in word b/64 of field[]. n and ew are in the RTL's parameters (W PC_W NENT NBLK
 * FIFO_D AW) and the localparams of SIMT_SPAWN_WIDTHS (LOCALPARAM(name, value), CLOG2 the ceiling
 * of log2). */
#define SIMT_SPAWN_WIDTHS(LOCALPARAM, CLOG2)       \
    LOCALPARAM(CW, CLOG2(W))                       \
    LOCALPARAM(BW, NBLK > 1 ? CLOG2(NBLK) : 1)     \
    LOCALPARAM(SXW, BW + CW)                       \
    LOCALPARAM(EW, NENT > 1 ? CLOG2(NENT) : 1)     \
    LOCALPARAM(NW, CLOG2(W + 1))                   \
    LOCALPARAM(FW, FIFO_D > 1 ? CLOG2(FIFO_D) : 1) \
    LOCALPARAM(FCW, CLOG2(FIFO_D + 1))
#define SIMT_SPAWN_PORTS(I, O)                  \
    I(S, wf_base_i, wf_base, 1, AW)             \
    I(S, sp_valid_i, sp_valid, 1, 1)            \
    I(S, sp_pc_i, sp_pc, 1, PC_W)               \
    I(S, sp_mask_i, sp_mask, 1, W)              \
    O(S, sp_ok_o, sp_ok, 1, 1)                  \
    O(S, sp_stall_o, sp_stall, 1, 1)            \
    O(S, sp_why_o, sp_why, 1, 3)                \
    O(S, sp_hit_o, sp_hit, 1, 1)                \
    O(S, sp_ent_o, sp_ent, 1, EW)               \
    O(S, sp_push_o, sp_push, 1, 1)              \
    O(S, st_en_o, st_en, 1, W)                  \
    O(A, st_addr_o, st_addr[k_], W, AW)         \
    I(S, fl_req_i, fl_req, 1, 1)                \
    O(S, fl_ok_o, fl_ok, 1, 1)                  \
    O(S, fl_none_o, fl_none, 1, 1)              \
    I(S, nw_pop_i, nw_pop, 1, 1)                \
    O(S, pop_bad_o, pop_bad, 1, 1)              \
    O(S, nw_valid_o, nw_valid, 1, 1)            \
    O(S, nw_pc_o, nw_pc, 1, PC_W)               \
    O(S, nw_last_o, nw_last, 1, SXW)            \
    O(S, nw_n_o, nw_n, 1, NW)                   \
    O(S, nw_mask_o, nw_mask, 1, W)              \
    O(A, nw_addr_o, nw_addr[k_], W, AW)         \
    I(S, rel_valid_i, rel_valid, 1, 1)          \
    I(S, rel_blk_i, rel_blk, 1, BW)             \
    O(S, rel_bad_o, rel_bad, 1, 1)              \
    O(S, err_o, err, 1, 3)                      \
    O(A, ent_v_o, ent_v[k_], NENT, 1)           \
    O(A, ent_tag_o, ent_tag[k_], NENT, PC_W)    \
    O(A, ent_a1_o, ent_a1[k_], NENT, BW)        \
    O(A, ent_a2_o, ent_a2[k_], NENT, BW)        \
    O(A, ent_cnt_o, ent_cnt[k_], NENT, CW)      \
    O(B, free_o, free_map, NBLK, 1)             \
    O(B, out_o, out_map, NBLK, 1)               \
    O(A, fifo_pc_o, fifo_pc[k_], FIFO_D, PC_W)  \
    O(A, fifo_last_o, fifo_last[k_], FIFO_D, SXW) \
    O(S, fifo_rd_o, fifo_rd, 1, FW)             \
    O(S, fifo_cnt_o, fifo_cnt, 1, FCW)
/* The counts of the table's arrays, from a configuration c (the cross-check's compare). */
#define SIMT_SPAWN_COUNTS(c) \
    const unsigned W = (c)->w, NENT = (c)->nent, NBLK = (c)->nblk, FIFO_D = (c)->fifo_d;

typedef struct {
    int v;
    uint64_t tag;
    unsigned a1, a2, cnt;
} simt_spawn_ent;

typedef struct {
    simt_spawn_cfg cfg;
    simt_spawn_ent ent[SIMT_SPAWN_MAX_ENT];
    uint64_t free_map[SIMT_SPAWN_BLK_WORDS], out_map[SIMT_SPAWN_BLK_WORDS];
    uint64_t fifo_pc[SIMT_SPAWN_MAX_FIFO];
    unsigned fifo_last[SIMT_SPAWN_MAX_FIFO];
    unsigned fifo_rd, fifo_cnt;
    unsigned err;
    /* pipe = 1: the store port of the cycle before (0 after a reset) */
    uint64_t st_en;
    uint64_t st_addr[SIMT_SPAWN_MAX_W];
} simt_spawn;

/* 0 if cfg is in range, else -1 and a message naming the parameter. */
int simt_spawn_cfg_check(const simt_spawn_cfg *cfg, char *err, size_t errlen);
void simt_spawn_reset(simt_spawn *s, const simt_spawn_cfg *cfg);
void simt_spawn_eval(const simt_spawn *s, const simt_spawn_in *in, simt_spawn_out *out);
void simt_spawn_step(simt_spawn *s, const simt_spawn_in *in);

static inline int simt_spawn_bit(const uint64_t *map, unsigned b) { return (int)(map[b / 64] >> (b % 64) & 1); }

#ifdef __cplusplus
}
#endif

#endif
