/* SPDX-License-Identifier: Apache-2.0 */
/* vl_ht_stack.h: C view of the Verilated hyper-threaded stack, simt_ht_stack (Steffen 2012
 * §4.2). One model per configuration. */
#ifndef VL_HT_STACK_H
#define VL_HT_STACK_H

#include <stdint.h>

#include "simt_ht_stack.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_ht_stack_ops {
    const char *name;               /* "V<model>", e.g. "Vht_stack_par_W32" */
    unsigned w, pc_w, k, d, policy;
    int merge;
    unsigned prio_w;                /* work-ahead priority bits */
    unsigned step_clks;             /* STEP_CLKS: clocks per step (1, or 2) */
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle (the derived,
     * non-port fields of simt_ht_stack_out are left 0). */
    void (*eval)(void *m, const simt_ht_stack_in *in, simt_ht_stack_out *out);
} vl_ht_stack_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_ht_stack.h), field by field. */
static inline simt_ht_stack_cfg vl_ht_stack_cfg(const vl_ht_stack_ops *m)
{
    return (simt_ht_stack_cfg){.w = m->w, .pc_w = m->pc_w, .k = m->k, .d = m->d, .policy = m->policy,
                            .merge = m->merge, .prio_w = m->prio_w, .step_clks = m->step_clks};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
