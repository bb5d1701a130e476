/* vl_warp.h: C view of the Verilated simt_warp_ctrl, one model per (W, IMPL). */
#ifndef VL_WARP_H
#define VL_WARP_H

#include <stdint.h>

#include "simt_warp_ctrl.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_warp_ops {
    const char *name;               /* e.g. "warp_W32_I0" */
    unsigned w, pc_w, sp_w, off_w, impl;
    void *(*create)(void);
    void (*destroy)(void *m);
    void (*reset)(void *m);         /* rst_ni low for one clock edge */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle. */
    void (*eval)(void *m, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *out);
    void (*edge)(void *m);          /* rising clock edge with the inputs of the last eval */
    int (*wave_open)(void *m, const char *path);
    void (*wave_dump)(void *m, uint64_t time);
    void (*wave_close)(void *m);
} vl_warp_ops;

extern const vl_warp_ops *const vl_warp_models[];

#ifdef __cplusplus
}
#endif
#endif
