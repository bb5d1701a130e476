/* SPDX-License-Identifier: Apache-2.0 */
/* simt_arb: C golden model of the arbiter operators of Brunie & Collange 2013 Table 5
 * (rtl/arb/simt_arb_{pc,mem,combined,unified}.sv). Combinational: one call = one evaluation.
 *
 * A lane's key is SP:PC (SP above the PC field). In memory arbitration the PC field holds the
 * data address; the SP field and the OFF_W offset bits are ignored and the result key is the
 * selected line's base address. Limits of the model: 1 <= W <= 64, SP_W + PC_W <= 64.
 */
#ifndef SIMT_ARB_H
#define SIMT_ARB_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    unsigned w;     /* lanes */
    unsigned pc_w;  /* PC / address bits */
    unsigned sp_w;  /* SP bits above the PC in the key */
    unsigned off_w; /* cache-line offset bits */
} simt_arb_cfg;

typedef enum {
    SIMT_ARB_PC,       /* min SP:PC, mode ignored */
    SIMT_ARB_MEM,      /* memory arbiter, mode ignored; policy below */
    SIMT_ARB_COMBINED, /* mode 0: PC arbiter, mode 1: memory arbiter (policy below) */
    SIMT_ARB_UNIFIED   /* one min-select; mode 1 masks SP and offset bits (min line) */
} simt_arb_kind;

typedef enum {
    SIMT_ARB_MEM_MIN = 0,   /* lowest line number */
    SIMT_ARB_MEM_FIRST = 1  /* line of the lowest-numbered valid lane (priority encoder) */
} simt_arb_mem_policy;

typedef struct {
    int valid;      /* some lane valid */
    uint64_t key;   /* selected key (0 when !valid) */
    uint64_t match; /* valid lanes whose (masked) key equals key */
} simt_arb_out;

/* The operators of the cross-check wrapper rtl/arb/simt_arb_top.sv, in its output order. */
enum {
    SIMT_ARB_OP_PC_AREA, SIMT_ARB_OP_PC_DELAY,
    SIMT_ARB_OP_MEMFIRST_AREA, SIMT_ARB_OP_MEMFIRST_DELAY,
    SIMT_ARB_OP_COMB_AREA, SIMT_ARB_OP_COMB_DELAY,
    SIMT_ARB_OP_UNIF_AREA, SIMT_ARB_OP_UNIF_DELAY,
    SIMT_ARB_OP_MEMMIN_AREA, SIMT_ARB_OP_MEMMIN_DELAY,
    SIMT_ARB_NOPS
};
extern const char *const simt_arb_op_name[SIMT_ARB_NOPS];

/* 0 if the configuration is supported, else -1 with a message in err. */
int simt_arb_cfg_check(const simt_arb_cfg *cfg, char *err, size_t errlen);

uint64_t simt_arb_key_mask(const simt_arb_cfg *cfg);  /* all SP:PC bits */
uint64_t simt_arb_line_mask(const simt_arb_cfg *cfg); /* line bits of the PC field */

/* Evaluate one operator: valid = lane mask, key[i] = lane i's SP:PC (bits above the key width
 * must be 0). Area and delay forms have the same function, so there is no IMPL argument. */
void simt_arb_eval(const simt_arb_cfg *cfg, simt_arb_kind kind, simt_arb_mem_policy policy,
                   int mode, uint64_t valid, const uint64_t *key, simt_arb_out *out);

/* Evaluate all SIMT_ARB_NOPS operators of the wrapper at once. */
void simt_arb_eval_all(const simt_arb_cfg *cfg, int mode, uint64_t valid, const uint64_t *key,
                       simt_arb_out out[SIMT_ARB_NOPS]);

#ifdef __cplusplus
}
#endif

#endif
