/* SPDX-License-Identifier: Apache-2.0 */
/* rmask_sb_tb.h: what the parts of simtcheck's rmask_sb unit share (tb/units/rmask_sb/): the
 * trace line and the lockstep of the C model and the RTL. */
#ifndef RMASK_SB_TB_H
#define RMASK_SB_TB_H

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_rmask_sb.h"
#include "simtcheck.h"
#include "vl_rmask_sb.h"

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_rmask_sb_in in;
} sb_line;

/* ---- lockstep (the unit-independent part: sc_lockstep, tb/core/simtcheck.h) ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(rmask_sb)
} lockstep;
SC_LOCKSTEP_FUNCS(rmask_sb, RMASK_SB, lockstep)

void sb_directed(sc_run *r, const char *test);   /* directed tests (rmask_sb_directed.c) */

#endif
