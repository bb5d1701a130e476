/* SPDX-License-Identifier: Apache-2.0 */
/* vl_arb.h: C view of the Verilated arbiter wrapper rtl/arb/simt_arb_top.sv (RTL or Yosys
 * gate-level netlist), one model per configuration, in libsimt (lib/simt_vl.h finds one). */
#ifndef VL_ARB_H
#define VL_ARB_H

#include <stdint.h>

#include "simt_arb.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_arb_ops {
    const char *name;               /* "V<model>", e.g. "Varb_rtl_W32" or "Varb_netlist_W32" */
    unsigned w, pc_w, sp_w, off_w;  /* parameters the model was built with */
    int netlist;                    /* 1: Yosys gate-level netlist */
    vl_model_ops vl;                /* create, waveform; no reset or clock (lib/vl_model.h) */
    /* Set inputs, evaluate, read all SIMT_ARB_NOPS operator outputs. */
    void (*eval)(void *m, int mode, uint64_t valid, const uint64_t *key, simt_arb_out *out);
} vl_arb_ops;

#ifdef __cplusplus
}
#endif
#endif
