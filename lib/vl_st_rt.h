/* SPDX-License-Identifier: Apache-2.0 */
/* vl_st_rt.h: C view of the Verilated simt_st_rt (Split / Reconvergence Tables of one warp),
 * one model per configuration (W, PC_W, NST, NRT, OREC). */
#ifndef VL_ST_RT_H
#define VL_ST_RT_H

#include <stdint.h>

#include "simt_st_rt.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_st_rt_ops {
    const char *name;               /* "V<model>", e.g. "Vst_rt_orec_W32" */
    unsigned w, pc_w, nst, nrt, orec;
    unsigned step_clks;             /* STEP_CLKS: clocks per step (1, or 2) */
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle (every table
     * field, stale ones included). Inputs are cut to their port widths. */
    void (*eval)(void *m, const simt_st_rt_in *in, simt_st_rt_out *out);
} vl_st_rt_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_st_rt.h), field by field. */
static inline simt_st_rt_cfg vl_st_rt_cfg(const vl_st_rt_ops *m)
{
    return (simt_st_rt_cfg){.w = m->w, .pc_w = m->pc_w, .nst = m->nst, .nrt = m->nrt, .orec = (int)m->orec,
                            .step_clks = m->step_clks};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
