/* SPDX-License-Identifier: Apache-2.0 */
/* ht_stack_tb.h: what the parts of simtcheck's ht_stack unit share (tb/units/ht_stack/): the trace
 * line, the lockstep of the C model and the RTL, and the checks every run makes. */
#ifndef HT_STACK_TB_H
#define HT_STACK_TB_H

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_prog.h"
#include "simt_ht_fetch.h"
#include "simt_ht_stack.h"
#include "simtcheck.h"
#include "vl_ht_stack.h"

/* A trace line: a reset flag, then the model's input struct. */
typedef struct {
    unsigned rst;
    simt_ht_stack_in in;
} ht_line;

typedef struct {
    SC_LOCKSTEP_FIELDS(ht_stack)
    /* work-ahead: lane PCs before a split, checked after it (the contract's property P6: a split
     * moves no lane; Steffen 2012 §4.2.1.2, Fig. 4.6) */
    int p6_pending;
    uint64_t p6_pc[SIMT_HT_STACK_MAX_W], p6_live;
    /* counts for the coverage of both runs */
    uint64_t wa_splits, ss_splits, ss_resplits, ss_rejoins;
    int ss_rejoined;
} lockstep;
SC_LOCKSTEP_FUNCS(ht_stack, HT_STACK, lockstep)

/* One clock: both models, every output compared, the work-ahead and spatial-split checks. */
void ht_ls_cycle(lockstep *ls, const simt_ht_stack_in *in);
/* A reset between two cycles (rst_ni low for one edge). */
void ht_ls_reset(lockstep *ls);
/* A random run's step: the fields of a launch or batch that is not valid drawn at random. */
void ht_dontcare(sc_run *r, simt_ht_stack_in *in);
/* The first clocks of a STEP_CLKS step, inputs held, each compared and recorded. */
void ht_first_clocks(lockstep *ls, const simt_ht_stack_in *in);
/* The meta-data checked against the stack, independently of both models (outputs o of the RTL). */
void ht_check_md(sc_run *r, const simt_ht_stack_cfg *c, const simt_ht_stack_out *o);
/* The stack depth below which capacity stalls can happen. */
unsigned ht_nostall_d(const simt_ht_stack_cfg *c);

void ht_run(sc_run *r);                          /* random operations (ht_stack_ops.c) */
void ht_walk(sc_run *r);                         /* the CFG walker (ht_stack_walk.c) */
void ht_directed(sc_run *r, const char *test);   /* directed tests (ht_stack_directed.c) */

#endif
