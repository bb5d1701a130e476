/* SPDX-License-Identifier: Apache-2.0 */
/* ht_fetch_tb.h: what the parts of simtcheck's ht_fetch unit share (tb/units/ht_fetch/): the trace
 * line, the instruction memory, the lockstep of the C model and the RTL, and the independent
 * checker (ht_fetch_check.c). */
#ifndef HT_FETCH_TB_H
#define HT_FETCH_TB_H

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_ht_fetch.h"
#include "simtcheck.h"
#include "vl_ht_fetch.h"

#define MAXW SIMT_HT_FETCH_MAX_W
#define MAXK SIMT_HT_FETCH_MAX_K

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_ht_fetch_in in;
} htf_line;

/* The instruction memory of every test: a fixed hash of the PC, never 0 (0 is the NOP). */
static inline uint64_t instr_of(uint64_t pc, unsigned iw)
{
    uint64_t z = pc ^ 0x5851f42d4c957f2dull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (z & sc_ones(iw)) | 1;
}

static inline unsigned popc(uint64_t v) { return (unsigned)__builtin_popcountll(v); }

/* ---- lockstep ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(ht_fetch)
} lockstep;
SC_LOCKSTEP_FUNCS(ht_fetch, HT_FETCH, lockstep)

/* ---- the independent checker: accepted requests, fetches, bundles, on the RTL's outputs ---- */

typedef struct {
    unsigned tag;
    uint64_t slot_v, act;
    uint64_t pc[MAXK];
    unsigned sel[MAXW];
    uint64_t got;              /* valid slots that have hit */
    unsigned streak[MAXK];     /* misses in a row of each slot */
    unsigned fetches;          /* cycles in which it was fetched */
    uint64_t seq;
} req_rec;

typedef struct {
    uint64_t accepted, bad, issued, empty, orphan, same_pc, all_slots, one_slot, misses, rerequests, long_streaks,
        max_streak, first_hit, wait_b, hold, b2b, acc_bfull, req_wait, compact, multi_round, junk_hits, drains;
    uint64_t resets, busy_resets, dropped; /* mid-run resets, those with requests in flight, requests dropped */
} cover;

typedef struct {
    const simt_ht_fetch_cfg *c;
    req_rec q[4];
    unsigned n;                /* requests in flight (accepted, not issued) */
    uint64_t seq_in, seq_out;
    int held;                  /* last cycle's bundle waited (bun_valid & ~bun_ready) */
    simt_ht_fetch_out last;    /* ... and its outputs */
    uint64_t last_issue;       /* cycle of the last issue + 1 (0: none) */
    cover cv;
    /* for the directed tests: the last bundle taken */
    int issued_now;
    req_rec last_bundle;
} chk;

void htf_chk_init(chk *x, const simt_ht_fetch_cfg *c);
void htf_chk_reset(chk *x);
void htf_chk_cycle(sc_run *r, chk *x, const simt_ht_fetch_in *in, const simt_ht_fetch_out *a);
void htf_cover_gate(sc_run *r, const cover *v, const simt_ht_fetch_cfg *c, uint64_t cycles);
void htf_print_cover(const cover *v);

void htf_directed(sc_run *r, const char *test);   /* directed tests (ht_fetch_directed.c) */

#endif
