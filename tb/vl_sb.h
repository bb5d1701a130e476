/* vl_sb.h: C view of the Verilated scoreboards, simt_rmask_sb (R-mask, Fig. 8b) and
 * simt_sb_base (baseline, Fig. 8a), which share one port list. One model per configuration. */
#ifndef VL_SB_H
#define VL_SB_H

#include <stdint.h>

#include "simt_rmask_sb.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_sb_ops {
    const char *name;               /* e.g. "sb_W32" or "sbb_W32" */
    unsigned w, nw, ne, reg_w, nib, nsrc;
    int base;                       /* 1: simt_sb_base */
    void *(*create)(void);
    void (*destroy)(void *m);
    void (*reset)(void *m);         /* rst_ni low for one clock edge */
    /* Drive inputs with the clock low, evaluate, read the outputs of the cycle. */
    void (*eval)(void *m, const simt_rmask_sb_in *in, simt_rmask_sb_out *out);
    void (*edge)(void *m);          /* rising clock edge with the inputs of the last eval */
    int (*wave_open)(void *m, const char *path);
    void (*wave_dump)(void *m, uint64_t time);
    void (*wave_close)(void *m);
} vl_sb_ops;

extern const vl_sb_ops *const vl_sb_models[];

#ifdef __cplusplus
}
#endif
#endif
