/* SPDX-License-Identifier: Apache-2.0 */
/* warp_oracle: the per-lane oracle of the warp_ctrl random run.
 *
 * The cross-check (RTL outputs = C model outputs every cycle) cannot see a bug the model and
 * the RTL share. The oracle checks the warp's execution against the program itself: every lane
 * runs each thread it is given as a plain sequential interpreter of the random program (its own
 * instruction index, its own call stack, its decisions from warp_prog.h: program, lane, thread
 * and position in the thread's sequence, never the unit's outputs), and
 *  - each instruction a lane retires must be the next one of its thread's sequence: the PC the
 *    lane retires (MPC) must equal the interpreter's next PC, in order;
 *  - the lanes the unit has live (live_o) are those whose thread has not exited: a thread
 *    the unit drops is lost (in particular when it reports the warp done), a live lane
 *    without a thread is a zombie; a run that stops mid-program has its prefixes compared;
 *  - while some thread has not exited, some lane must retire an instruction at least every
 *    WARP_ORACLE_STALL cycles (no hung warp).
 * What "retires" means (docs/units/warp_ctrl.md, "Verification"): an issued instruction
 * (issue_i & mpc_valid_o) retires for its active lanes, except a MEM, which retires for its
 * served lanes only: the conflicting lanes replay it later, and it retires for them then, once.
 *
 * Disagreements are reported with sc_expect_fail (exit status 1), the first per thread.
 *
 * Self-test (a planted bug shared by model and RTL): the environment variable
 * SIMTCHECK_WARP_ORACLE_BUG=C[:KIND] perturbs the oracle's view of the unit from the first
 * retire at or after cycle C: KIND drop (default: the lowest retiring lane misses that
 * retire), pc (it retires MPC + 1 instead), exit (the lowest lane of the first EXIT misses it:
 * a lost thread), stall (nothing retires any more, live_o and done_o are not seen: a hung
 * warp). The oracle must report each. */
#ifndef WARP_ORACLE_H
#define WARP_ORACLE_H

#include <stdint.h>
#include <stdio.h>

#include "simt_warp_ctrl.h"
#include "simtcheck.h"
#include "warp_prog.h"

#define WARP_ORACLE_STALL 1000
#define WARP_ORACLE_ENV "SIMTCHECK_WARP_ORACLE_BUG"

typedef struct {
    uint32_t idx;                 /* next instruction of the thread */
    uint32_t depth;
    uint32_t stack[MAX_DEPTH];    /* return indices */
    uint64_t k;                   /* instructions the thread has retired */
    uint64_t tseed, launched_at, exited_at;
} warp_oracle_lane;

enum { WO_BUG_NONE, WO_BUG_DROP, WO_BUG_PC, WO_BUG_EXIT, WO_BUG_STALL };

typedef struct {
    sc_run *r;
    const program *pr;
    unsigned w;
    uint64_t pcm;
    warp_oracle_lane lane[SIMT_WARP_CTRL_MAX_W];
    uint64_t alive;               /* lanes whose thread has not exited */
    uint64_t ever;                /* lanes that ran a thread */
    uint64_t off;                 /* lanes not checked until their next thread (reported) */
    uint64_t last_retire;
    int stall_reported;
    uint64_t threads, exited, compared, programs_ok, programs, reports, resets;
    uint64_t cur_threads;         /* threads launched since the warp was last done */
    int bug, bug_done;
    uint64_t bug_at;
} warp_oracle;

/* A random run on program pr (its content changes only when the warp is done). Reads
 * WARP_ORACLE_ENV (exit 2 if malformed). */
void warp_oracle_init(warp_oracle *o, sc_run *r, const simt_warp_ctrl_cfg *c, const program *pr);
/* At the start of every cycle, the unit's live_o and done_o: the live lanes must be those whose
 * thread has not exited; when done, the program ends. */
void warp_oracle_begin(warp_oracle *o, uint64_t live, int done);
/* After the cycle: launch = launch_i ? launch_mask_i : 0; retire = the lanes for which the
 * instruction at mpc retired this cycle (see above). */
void warp_oracle_cycle(warp_oracle *o, uint64_t launch, uint64_t retire, uint64_t mpc);
/* A reset of the unit (rst_ni low for one edge): every thread is gone; its program ends
 * unfinished (not counted as a program). */
void warp_oracle_reset(warp_oracle *o);
void warp_oracle_summary(const warp_oracle *o, FILE *f);

#endif
