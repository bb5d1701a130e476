/* SPDX-License-Identifier: Apache-2.0 */
/* arb_pipe_power_selftest: checks that simt_vl_power_up (lib/simt_vl.h) reaches the Verilated
 * models. simt_arb_pipe's ranks hold their power-up values until the first reset, and its
 * outputs show the last rank, so before any reset they are all 0 at the default power-up, all
 * ones (valid, key, the W match bits) with SIMT_VL_POWER_ONES, and not all 0 for some of eight
 * random seeds; after a reset they are idle in every mode. Built and run by the test
 * arb_pipe-power-up (tb/units/arb_pipe/tests.txt) against the C library. Exit 0 or 1. */
#include <stdio.h>

#include "simt_vl.h"
#include "vl_arb_pipe.h"

static int bad;

static void check(int ok, const char *what, unsigned seed)
{
    if (!ok) {
        printf("FAIL: %s (seed %u)\n", what, seed);
        bad = 1;
    }
}

/* The outputs before any reset and after one, for a model created at this power-up. */
static void outputs(const vl_arb_pipe_ops *ops, int mode, unsigned seed, simt_arb_pipe_out *before,
                    simt_arb_pipe_out *after)
{
    static const simt_arb_pipe_in idle;
    simt_vl_power_up(mode, seed);
    void *rtl = ops->vl.create();
    ops->eval(rtl, &idle, before);
    ops->vl.reset(rtl);
    ops->eval(rtl, &idle, after);
    ops->vl.destroy(rtl);
}

int main(void)
{
    const simt_vl_model *m = simt_vl_find("arb_pipe", "config=s2 W=4");
    if (!m) {
        printf("FAIL: no model arb_pipe config=s2 W=4 in the library\n");
        return 1;
    }
    const vl_arb_pipe_ops *ops = m->ops;
    const uint64_t kmask = (1ull << (ops->sp_w + ops->pc_w)) - 1;
    simt_arb_pipe_out b, a;
    outputs(ops, SIMT_VL_POWER_ZERO, 0, &b, &a);
    check(!b.arb.valid && !b.arb.key && !b.arb.match && !b.uniform, "zero power-up: outputs not 0 before reset", 0);
    check(!a.arb.valid && !a.arb.key && !a.arb.match && !a.uniform, "outputs not idle after reset", 0);
    outputs(ops, SIMT_VL_POWER_ONES, 0, &b, &a);
    check(b.arb.valid && b.arb.key == kmask && b.arb.match == 0xf && b.uniform,
          "ones power-up: outputs not all ones before reset", 0);
    check(!a.arb.valid && !a.arb.key && !a.arb.match && !a.uniform, "outputs not idle after reset", 0);
    unsigned shown = 0;
    for (unsigned seed = 1; seed <= 8; seed++) {
        outputs(ops, SIMT_VL_POWER_RANDOM, seed, &b, &a);
        shown += b.arb.valid || b.arb.key || b.arb.match || b.uniform;
        check(!a.arb.valid && !a.arb.key && !a.arb.match && !a.uniform, "outputs not idle after reset", seed);
    }
    check(shown > 0, "random power-up: outputs 0 before reset for all of seeds 1..8", 0);
    simt_vl_power_up(SIMT_VL_POWER_ZERO, 0);
    printf("power-up: zero, ones and random (%u of 8 seeds non-zero before reset) reach the model%s\n", shown,
           bad ? ": FAILED" : "");
    return bad;
}
