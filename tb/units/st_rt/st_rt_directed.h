/* SPDX-License-Identifier: Apache-2.0 */
/* strt_directed: directed sequences for simt_st_rt from ElTantawy et al. 2014, written from
 * the paper's prose (§3.1 Fig. 5, §3.2 Fig. 6, §4 Fig. 10-11), at W = 4 with the paper's
 * masks (lane 0 is the rightmost bit: B_0101 holds lanes 0 and 2).
 *
 * A test is a list of steps; each step is one operation (one cycle) and the expected table
 * contents after its clock edge: the valid ST entries as a set of (PC, mask, RPC) and the
 * valid RT entries as a set of (PC, RPC, reconvergence mask, pending mask). Sets, because
 * the contract places entries in slots differently from the paper (docs: "reusing the
 * split's own entry"; the paper fills "the first unallocated entries"). A step of the paper
 * that takes several operations (a block's instructions, a split walking to its RPC) is
 * several steps here; step labels name the paper's step (e.g. "(3)") where it ends.
 *
 * Driver use (tb/units/st_rt/sc_st_rt.c), on a unit with W = strt_dtest_w(t), NST >= min_nst, NRT >=
 * min_nrt and OREC as strt_dtest_orec(t) requires:
 *     reset;  for (s = 0; s < strt_dtest_steps(t); s++) {
 *         strt_dtest_input(t, s, &in);
 *         eval -> cyc;  strt_dtest_check_cycle(t, s, &cyc, ...);   (ok / ev of the step)
 *         edge;  eval(idle) -> after;  strt_dtest_check(t, s, &after, ...);  }
 */
#ifndef STRT_DIRECTED_H
#define STRT_DIRECTED_H

#include <stddef.h>
#include <stdio.h>

#include "simt_st_rt.h"

typedef struct strt_dtest strt_dtest;

/* NULL-terminated list of test names ("fig5", "fig6", "fig11", ...). */
extern const char *const strt_dtest_names[];

const strt_dtest *strt_dtest_find(const char *name);   /* NULL if unknown */
void strt_dtest_list(FILE *f);                          /* names and one-line descriptions */
const char *strt_dtest_name(const strt_dtest *t);

/* Requirements on the unit: lanes, minimum table sizes, OREC (0 or 1 required, -1 either). */
unsigned strt_dtest_w(const strt_dtest *t);
void strt_dtest_need(const strt_dtest *t, unsigned *min_nst, unsigned *min_nrt, int *orec);

unsigned strt_dtest_steps(const strt_dtest *t);
const char *strt_dtest_label(const strt_dtest *t, unsigned step);  /* e.g. "(2) BR A: B_0101 C_1010" */
void strt_dtest_input(const strt_dtest *t, unsigned step, simt_st_rt_in *in);

/* The outputs of the step's cycle (before the edge): ok = 1, stall = bad = 0, and the ev
 * bits the step must (and must not) raise. 0 if fine, else -1 and a message. */
int strt_dtest_check_cycle(const strt_dtest *t, unsigned step, const simt_st_rt_out *cyc, char *err,
                           size_t n);
/* The state after the step's edge (outputs for an idle input): the valid ST and RT entries
 * equal the expected sets. 0 if fine, else -1 and a message listing expected and got. */
int strt_dtest_check(const strt_dtest *t, unsigned step, const simt_st_rt_out *after, char *err,
                     size_t n);

/* The tables in the paper's notation, PCs named by the test's labels, e.g.
 *     "ST: B_0101>D C+1_1010(in C)>D | RT: D_1111/1111"
 * (split: PC_mask>RPC, "(in X)" when its block's first PC (bpc) is not its PC, ">RPC" only
 * when it has a reconvergence entry; RT entry: PC_rmask/pend, ">RPC" when it has one). The
 * expected state of a step: strt_dtest_print_expected. */
void strt_dtest_print_state(FILE *f, const strt_dtest *t, const simt_st_rt_cfg *cfg,
                            const simt_st_rt_out *st);
void strt_dtest_print_expected(FILE *f, const strt_dtest *t, unsigned step);

#endif
