/* SPDX-License-Identifier: Apache-2.0 */
/* vl_model.h: the unit-independent part of a Verilated model's C view: its life cycle, clock
 * and FST waveform. Every shim (lib/shim/vl_*_shim.cpp) exports one of these inside its unit's ops
 * table, beside its typed eval; vl_ports.h fills it from VlHarness (VL_CLOCKED_OPS,
 * VL_COMB_OPS), and the lockstep driver of tb/core/simtcheck.h (sc_ls_*) uses it. */
#ifndef VL_MODEL_H
#define VL_MODEL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vl_model_ops {
    void *(*create)(void);
    void (*destroy)(void *m);
    void (*reset)(void *m);         /* idle inputs, rst_ni low for one clock edge; NULL: no clock */
    void (*edge)(void *m);          /* rising clock edge with the inputs of the last eval (only the
                                     * clock changes, so the model skips its input logic:
                                     * tools/vl_ico_skip.py); NULL: no clock */
    int (*wave_open)(void *m, const char *path); /* FST; 0 on success */
    void (*wave_dump)(void *m, uint64_t time);
    void (*wave_close)(void *m);
    /* Failed RTL assertions so far (rtl/common/simt_assert.svh; Verilator prints each one). */
    uint64_t (*assert_fails)(void *m);
} vl_model_ops;

#ifdef __cplusplus
}
#endif
#endif
