/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_walk_int.h: the inside of the ST/RT CFG walker (st_rt_walk.c: programs, stimulus, commit;
 * st_rt_walk_ref.c: the contract's transition predicted and the state checked), shared by its two
 * files only. */
#ifndef ST_RT_WALK_INT_H
#define ST_RT_WALK_INT_H

#include "st_rt_walk.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXOB 512u   /* pending IPDOM obligations */
#define WATCHDOG 5000u

enum { PH_LAUNCH, PH_RUN };

typedef struct {
    uint64_t mask, pc, brpc, cycle;
} oblig;

typedef struct {
    simt_st_rt_st_ent st[SIMT_ST_RT_MAX];
    simt_st_rt_rt_ent rt[SIMT_ST_RT_MAX];
} pstate;

typedef struct {
    int ok, stall, bad;
    unsigned ev;
} pflags;

struct strt_walk {
    simt_st_rt_cfg cfg;
    strt_walk_opts o;
    uint64_t seed, rng;
    uint64_t wmask, pcmask;
    unsigned siw;
    cfg_prog *p;
    cfg_lanes *ln;  /* the per-lane reference */
    int prog_ready, have_prog;
    int ladder;     /* the current program is a ladder (gen_ladder): launched with every lane */
    /* the warp */
    int phase, need_reset;
    uint64_t live, launched;
    /* scheduling */
    unsigned cur, greedy;
    uint64_t stalled;
    int intent_bad;
    /* reference */
    oblig ob[MAXOB];
    unsigned nob;
    int have_pred, no_pred;
    pstate pred;
    /* the operation pred follows (for the reports; formatted only when one is made) */
    int pred_reset;
    simt_st_rt_in pred_in;
    uint64_t last_ok;
    strt_walk_cov cov;
    uint64_t obl_dropped;
};

/* ---- small helpers ---- */

static inline uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }
static inline unsigned ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }
static inline unsigned pop64(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static inline uint64_t rnd(strt_walk *w) { return cfg_rand(&w->rng); }
static inline uint64_t below(strt_walk *w, uint64_t n) { return cfg_below(&w->rng, n); }
static inline int chance(strt_walk *w, unsigned pct) { return cfg_chance(&w->rng, pct); }

static inline int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n)
        vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static inline unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

static inline void fmt_op(char *b, size_t n, const simt_st_rt_in *in)
{
    static const char *const names[] = {"NONE", "ADV", "BR", "EXIT", "LAUNCH", "op5", "op6", "op7"};
    snprintf(b, n, "%s sel=%u npc=0x%llx blk=%d tgt=0x%llx tmask=0x%llx rpc=0x%llx",
             in->op < 8 ? names[in->op] : "op?", in->sel, (unsigned long long)in->npc, in->blk,
             (unsigned long long)in->tgt, (unsigned long long)in->tmask, (unsigned long long)in->rpc);
}

/* The contract's transition from the state s at the start of the cycle for the inputs in. */
void strt_predict(const strt_walk *w, const simt_st_rt_out *s, const simt_st_rt_in *in, pstate *p, pflags *f);
int strt_cmp_pred(const strt_walk *w, const simt_st_rt_out *s, char *err, size_t n);
int strt_check_state(strt_walk *w, const simt_st_rt_out *s, char *err, size_t n);

#endif
