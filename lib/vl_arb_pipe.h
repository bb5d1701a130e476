/* SPDX-License-Identifier: Apache-2.0 */
/* vl_arb_pipe.h: C view of the Verilated pipelined unified arbiter rtl/arb_pipe/simt_arb_pipe.sv,
 * one model per configuration, in libsimt (lib/simt_vl.h finds one). */
#ifndef VL_ARB_PIPE_H
#define VL_ARB_PIPE_H

#include <stdint.h>

#include "simt_arb_pipe.h"
#include "vl_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_arb_pipe_ops {
    const char *name;                      /* "V<model>", e.g. "Varb_pipe_s2_W32" */
    unsigned w, pc_w, sp_w, off_w, stages; /* parameters the model was built with */
    vl_model_ops vl;                       /* create, reset, edge, waveform (lib/vl_model.h) */
    /* Set the cycle's inputs, evaluate, read the (registered) outputs; vl.edge clocks them in. */
    void (*eval)(void *m, const simt_arb_pipe_in *in, simt_arb_pipe_out *out);
} vl_arb_pipe_ops;

#ifdef __cplusplus
}
#endif
#endif
