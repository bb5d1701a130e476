/* SPDX-License-Identifier: Apache-2.0 */
/* vl_warp_ctrl.h: C view of the Verilated simt_warp_ctrl, one model per (W, IMPL, ARB_STAGES). */
#ifndef VL_WARP_CTRL_H
#define VL_WARP_CTRL_H

#include <stdint.h>

#include "simt_warp_ctrl.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_warp_ctrl_ops {
    const char *name;               /* "V<model>", e.g. "Vwarp_ctrl_area_W32" */
    unsigned w, pc_w, sp_w, off_w, impl;
    unsigned arb_stages;            /* ARB_STAGES: 0 single-cycle arbiter, >= 1 pipelined */
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle. */
    void (*eval)(void *m, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *out);
} vl_warp_ctrl_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_warp_ctrl.h), field by field. */
static inline simt_warp_ctrl_cfg vl_warp_ctrl_cfg(const vl_warp_ctrl_ops *m)
{
    return (simt_warp_ctrl_cfg){.w = m->w, .pc_w = m->pc_w, .sp_w = m->sp_w, .off_w = m->off_w,
                            .arb_stages = m->arb_stages};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
