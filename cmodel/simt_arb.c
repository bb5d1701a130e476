/* SPDX-License-Identifier: Apache-2.0 */
/* simt_arb: C golden model of the arbiter operators, see simt_arb.h. */
#include "simt_arb.h"

#include <stdio.h>

const char *const simt_arb_op_name[SIMT_ARB_NOPS] = {
    "pc_area", "pc_delay", "memfirst_area", "memfirst_delay", "comb_area", "comb_delay",
    "unif_area", "unif_delay", "memmin_area", "memmin_delay",
};

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

int simt_arb_cfg_check(const simt_arb_cfg *c, char *err, size_t n)
{
    if (c->w < 1 || c->w > 64)
        return snprintf(err, n, "lanes W=%u out of range: the C model supports 1..64", c->w), -1;
    if (c->pc_w < 1 || c->sp_w + c->pc_w > 64)
        return snprintf(err, n, "key width SP_W+PC_W=%u out of range 1..64", c->sp_w + c->pc_w), -1;
    if (c->off_w >= c->pc_w)
        return snprintf(err, n, "OFF_W=%u must be below PC_W=%u", c->off_w, c->pc_w), -1;
    return 0;
}

uint64_t simt_arb_key_mask(const simt_arb_cfg *c) { return ones(c->sp_w + c->pc_w); }
uint64_t simt_arb_line_mask(const simt_arb_cfg *c) { return ones(c->pc_w) & ~ones(c->off_w); }

/* Select among valid lanes the (masked) key by policy, then the exact match mask. The loops
 * visit the valid lanes only (lowest first). */
static void select(const simt_arb_cfg *c, uint64_t mask, int first, uint64_t valid,
                   const uint64_t *key, simt_arb_out *o)
{
    valid &= ones(c->w);
    o->valid = valid != 0;
    o->key = 0;
    o->match = 0;
    if (!valid)
        return;
    uint64_t best = key[__builtin_ctzll(valid)] & mask;
    for (uint64_t v = valid & (valid - 1); !first && v; v &= v - 1) {
        const uint64_t k = key[__builtin_ctzll(v)] & mask;
        if (k < best)
            best = k;
    }
    o->key = best;
    for (uint64_t v = valid; v; v &= v - 1) {
        const int i = __builtin_ctzll(v);
        if ((key[i] & mask) == best)
            o->match |= 1ull << i;
    }
}

void simt_arb_eval(const simt_arb_cfg *c, simt_arb_kind kind, simt_arb_mem_policy policy,
                   int mode, uint64_t valid, const uint64_t *key, simt_arb_out *o)
{
    int mem = kind == SIMT_ARB_MEM || ((kind == SIMT_ARB_COMBINED || kind == SIMT_ARB_UNIFIED) && mode);
    if (!mem)
        select(c, simt_arb_key_mask(c), 0, valid, key, o);
    else if (kind == SIMT_ARB_UNIFIED)
        select(c, simt_arb_line_mask(c), 0, valid, key, o);
    else
        select(c, simt_arb_line_mask(c), policy == SIMT_ARB_MEM_FIRST, valid, key, o);
}

/* The ten operators are three selections: both forms compute the same function, and in either
 * mode some operators coincide (simt_arb_eval: PC mode, the combined and unified ones are the PC
 * arbiter; memory mode, the combined one is memory first-lane, the unified one memory min-line). */
void simt_arb_eval_all(const simt_arb_cfg *c, int mode, uint64_t valid, const uint64_t *key,
                       simt_arb_out out[SIMT_ARB_NOPS])
{
    simt_arb_out pc, mfirst, mmin;
    simt_arb_eval(c, SIMT_ARB_PC, SIMT_ARB_MEM_MIN, mode, valid, key, &pc);
    simt_arb_eval(c, SIMT_ARB_MEM, SIMT_ARB_MEM_FIRST, mode, valid, key, &mfirst);
    simt_arb_eval(c, SIMT_ARB_MEM, SIMT_ARB_MEM_MIN, mode, valid, key, &mmin);
    for (int impl = 0; impl < 2; impl++) {
        out[SIMT_ARB_OP_PC_AREA + impl] = pc;
        out[SIMT_ARB_OP_MEMFIRST_AREA + impl] = mfirst;
        out[SIMT_ARB_OP_COMB_AREA + impl] = mode ? mfirst : pc;
        out[SIMT_ARB_OP_UNIF_AREA + impl] = mode ? mmin : pc;
        out[SIMT_ARB_OP_MEMMIN_AREA + impl] = mmin;
    }
}
