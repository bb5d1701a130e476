/* SPDX-License-Identifier: Apache-2.0 */
/* vl_spawn.h: C view of the Verilated spawn unit, simt_spawn (Steffen 2012 §5). One model per
 * configuration. */
#ifndef VL_SPAWN_H
#define VL_SPAWN_H

#include <stdint.h>

#include "simt_spawn.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_spawn_ops {
    const char *name;               /* "V<model>", e.g. "Vspawn_ripple_W32" */
    unsigned w, pc_w, nent, nblk, fifo_d, aw, slot_b;
    int pfx, full_pol;
    int pipe;                       /* PIPE: 1 the store port one cycle after its spawn */
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle (the derived,
     * non-port fields of simt_spawn_out are left 0). */
    void (*eval)(void *m, const simt_spawn_in *in, simt_spawn_out *out);
} vl_spawn_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_spawn.h), field by field. */
static inline simt_spawn_cfg vl_spawn_cfg(const vl_spawn_ops *m)
{
    return (simt_spawn_cfg){.w = m->w, .pc_w = m->pc_w, .nent = m->nent, .nblk = m->nblk, .fifo_d = m->fifo_d,
                            .aw = m->aw, .slot_b = m->slot_b, .pfx = m->pfx, .full_pol = m->full_pol, .pipe = m->pipe};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
