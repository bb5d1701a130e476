/* SPDX-License-Identifier: Apache-2.0 */
/* warp_ctrl_tb.h: what the parts of simtcheck's warp_ctrl unit share (tb/units/warp_ctrl/): the
 * trace line and the lockstep of the C model and the RTL. */
#ifndef WARP_CTRL_TB_H
#define WARP_CTRL_TB_H

#include <inttypes.h>
#include <string.h>
#include <stdlib.h>

#include "simt_warp_ctrl.h"
#include "simtcheck.h"
#include "vl_warp_ctrl.h"
#include "warp_oracle.h"
#include "warp_prog.h"

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_warp_ctrl_in in;
} warp_line;

/* ---- lockstep of golden model and RTL (the unit-independent part: sc_lockstep, tb/core/simtcheck.h) ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(warp_ctrl)
    /* Directed runs: the arbiter's latency seen on the ports (docs/units/warp_ctrl.md: an
     * arbitration lasts ARB_STAGES + 1 cycles of arb_o unless a lane joins meanwhile, a MEM's
     * line comes ARB_STAGES cycles after its issue). */
    unsigned arb_runs, arb_bad, arb_bad_len, mem_ops, mem_bad, mem_bad_lat;
} lockstep;
SC_LOCKSTEP_FUNCS(warp_ctrl, WARP_CTRL, lockstep)

void warp_directed(sc_run *r, const char *test);   /* directed tests (warp_ctrl_directed.c) */

#endif
