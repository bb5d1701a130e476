/* SPDX-License-Identifier: Apache-2.0 */
/* spawn_tb.h: what the parts of simtcheck's spawn unit share (tb/units/spawn/): the trace line, the
 * lockstep of the C model and the RTL, and the end-to-end checker (spawn_e2e.c). */
#ifndef SPAWN_TB_H
#define SPAWN_TB_H

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_spawn.h"
#include "simtcheck.h"
#include "vl_spawn.h"

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_spawn_in in;
} spawn_line;

/* ---- lockstep ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(spawn)
} lockstep;
SC_LOCKSTEP_FUNCS(spawn, SPAWN, lockstep)

/* ---- the end-to-end checker: spawn memory, pointers, conservation (spawn_e2e.c) ---- */

#define MAX_PCS 4096

typedef struct {
    uint64_t pc, spawned, recovered, dropped;
} pc_rec;

typedef struct {
    const simt_spawn_cfg *c;
    unsigned nslot;
    uint8_t *live;        /* per warp-formation slot: holds a pointer not yet read */
    uint64_t *ptr, *ptr_pc;
    uint64_t next_ptr;
    pc_rec pcs[MAX_PCS];
    unsigned npcs;
    int pcs_overflow;
    uint64_t spawned, recovered, live_n;
    uint64_t dropped, resets; /* threads held by the unit when it was reset (their slots cleared) */
    /* the last popped warp, for the directed tests */
    uint64_t pop_ptr[SIMT_SPAWN_MAX_W];
    unsigned pop_n;
    /* PIPE = 1: the store port shows the spawn of the cycle before. That spawn (accepted: pv_ok),
     * not yet stored though its threads are in the LUT counters already, with the inputs and
     * pointers its stores are checked against on the next cycle. */
    int pv_ok, pv_ptrs;
    uint64_t pv_mask, pv_pc, pv_base, pv_ptr[SIMT_SPAWN_MAX_W];
} e2e;

void spawn_e2e_init(e2e *x, const simt_spawn_cfg *c);
void spawn_e2e_free(e2e *x);
pc_rec *spawn_pc_of(e2e *x, uint64_t pc);
void spawn_e2e_cycle(sc_run *r, e2e *x, const simt_spawn_in *in, const simt_spawn_out *a, const uint64_t *ptr_of);
void spawn_e2e_check_state(sc_run *r, const e2e *x, const simt_spawn_out *st, int per_pc);
void spawn_e2e_reset(e2e *x);

void spawn_directed(sc_run *r, const char *test);   /* directed tests (spawn_directed.c) */

#endif
