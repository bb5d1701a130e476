/* SPDX-License-Identifier: Apache-2.0 */
/* cfg_prog_int.h: the inside of the program library (cfg_prog.c: post-dominators, queries, the
 * per-lane reference; cfg_prog_gen.c: program generation), shared by its two files only. */
#ifndef CFG_PROG_INT_H
#define CFG_PROG_INT_H

#include "cfg_prog.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXI 4096u   /* instructions per program */
#define MAXBR 1024u  /* branches per program */
#define MAXL 4096u   /* labels while generating */
#define NOBLK CFG_NONE

enum { B_ALWAYS, B_NEVER, B_LANEBIT, B_PCT, B_MASK, B_STAY };

typedef struct {
    uint8_t kind;
    uint16_t bid;
    uint32_t tgt;   /* instruction index (a label id while generating) */
    uint32_t blk;
} insn;

typedef struct {
    uint8_t cls, bias, bit, inv, p, stay_taken;
    uint32_t at;    /* instruction index */
    uint32_t rpc;   /* instruction index of the IPDOM block's first instruction */
    uint64_t tmask;           /* B_MASK */
    uint8_t stay[64];         /* B_STAY */
} brinfo;

struct cfg_prog {
    unsigned n, nblk, nbr, exit_i, max_trip;
    uint64_t base, step, pseed;
    insn code[MAXI];
    uint8_t bstart[MAXI + 1];
    uint8_t is_rpc[MAXI];
    uint8_t ldepth[MAXI];
    uint32_t dist[MAXI];      /* to a back-edge instruction, NOBLK: none */
    uint32_t rank[MAXI];      /* of (ldepth, dist) among the PDOM points, NOBLK if dist is */
    uint32_t bfirst[MAXI];
    uint32_t succ[2 * MAXI];
    uint32_t ipdom[MAXI];
    brinfo br[MAXBR];
    cfg_shapes shapes;
};

typedef struct { uint16_t vis, run, nexit; } lbr;  /* a lane's history at one branch */

struct cfg_lanes {
    const cfg_prog *p;
    uint64_t pc[64], ph[64], plen[64], sh[64], slen[64];
    uint8_t done[64];
    lbr *lb;  /* [64][MAXBR] */
};

/* ---- small helpers ---- */

static inline uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }
static inline unsigned ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }

static inline uint64_t phash(uint64_t h, uint64_t pc) { return cfg_mix(h ^ pc) + 0x2545f4914f6cdd1dull; }

static inline unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

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

static inline uint64_t pc_of(const cfg_prog *p, unsigned i) { return p->base + (uint64_t)i * p->step; }

static inline unsigned index_of(const cfg_prog *p, uint64_t pc)
{
    if (pc < p->base)
        return NOBLK;
    uint64_t d = pc - p->base;
    if (p->step != 1) {
        if (d % p->step)
            return NOBLK;
        d /= p->step;
    }
    return d < p->n ? (unsigned)d : NOBLK;
}

#endif
