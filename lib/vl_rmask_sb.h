/* SPDX-License-Identifier: Apache-2.0 */
/* vl_rmask_sb.h: C view of the Verilated scoreboards, simt_rmask_sb (R-mask, Fig. 8b) and
 * simt_sb_base (baseline, Fig. 8a), which share one port list. One model per configuration. */
#ifndef VL_RMASK_SB_H
#define VL_RMASK_SB_H

#include <stdint.h>

#include "simt_rmask_sb.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_rmask_sb_ops {
    const char *name;               /* "V<model>", e.g. "Vrmask_sb_rmask_W32" or "Vrmask_sb_base_W32" */
    unsigned w, nw, ne, reg_w, nib, nsrc;
    int base;                       /* 1: simt_sb_base */
    unsigned step_clks;             /* STEP_CLKS: clocks per step (1, or 2) */
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle. */
    void (*eval)(void *m, const simt_rmask_sb_in *in, simt_rmask_sb_out *out);
} vl_rmask_sb_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_rmask_sb.h), field by field. */
static inline simt_rmask_sb_cfg vl_rmask_sb_cfg(const vl_rmask_sb_ops *m)
{
    return (simt_rmask_sb_cfg){.w = m->w, .nw = m->nw, .ne = m->ne, .reg_w = m->reg_w, .nib = m->nib,
                            .nsrc = m->nsrc, .base = m->base, .step_clks = m->step_clks};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
