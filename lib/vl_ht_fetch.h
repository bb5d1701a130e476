/* SPDX-License-Identifier: Apache-2.0 */
/* vl_ht_fetch.h: C view of the Verilated hyper-threaded fetch unit, simt_ht_fetch (Steffen 2012
 * §4.2, Fig. 4.5). One model per configuration. */
#ifndef VL_HT_FETCH_H
#define VL_HT_FETCH_H

#include <stdint.h>

#include "simt_ht_fetch.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_ht_fetch_ops {
    const char *name;               /* "V<model>", e.g. "Vht_fetch_base_W32" */
    unsigned w, k, p, pc_w, iw, tag_w;
    vl_model_ops vl;                /* create, reset, clock edge, waveform (lib/vl_model.h) */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle (the derived,
     * non-port fields of simt_ht_fetch_out are left 0, port_slot -1). */
    void (*eval)(void *m, const simt_ht_fetch_in *in, simt_ht_fetch_out *out);
} vl_ht_fetch_ops;

#ifndef __cplusplus
/* The C golden model's configuration of this model (cmodel/simt_ht_fetch.h), field by field. */
static inline simt_ht_fetch_cfg vl_ht_fetch_cfg(const vl_ht_fetch_ops *m)
{
    return (simt_ht_fetch_cfg){.w = m->w, .k = m->k, .p = m->p, .pc_w = m->pc_w, .iw = m->iw, .tag_w = m->tag_w};
}
#endif

#ifdef __cplusplus
}
#endif
#endif
