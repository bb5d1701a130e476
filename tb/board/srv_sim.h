/* SPDX-License-Identifier: Apache-2.0 */
/* srv_sim.h: a Verilated unit server (fpga/rtl/simt_srv.sv hosting one model), clocked by the
 * board simulation tb/board/board_sim.c; srv_shim.cpp is its C++ side. */
#ifndef SRV_SIM_H
#define SRV_SIM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *model;               /* the hosted model, e.g. "st_rt_orec_W4" */
    unsigned clks_per_bit;           /* the build's CLKS_PER_BIT */
    void *(*create)(void);
    void (*destroy)(void *s);
    int (*tick)(void *s, int rx);    /* one core clock cycle with the receive line at rx: tx_o after it */
    int (*idle)(void *s);            /* the server waits for a request */
    int (*wave_open)(void *s, const char *path);
} srv_sim_ops;

/* Every simulated server (build/gen/board_sims.c), ending with a NULL model. */
extern const srv_sim_ops *const srv_sims[];

#ifdef __cplusplus
}
#endif
#endif
