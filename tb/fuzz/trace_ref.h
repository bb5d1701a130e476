/* SPDX-License-Identifier: Apache-2.0 */
/* trace_ref.h: a reference acceptor of the trace format (docs/trace_format.md), written from
 * the document alone, for the parser's fuzz target (tb/fuzz/trace_fuzz.c). It shares data with
 * the parser, never code: a unit's field table (sc_field: names, width and repeat expressions,
 * conditions) and the registry's model table (simt_vl_models: unit, config, W, parameters).
 * Everything else (lines, comments, words, header numbers, the header's rules, expressions,
 * conditions, hexadecimal fields and their widths) is its own, kept simple rather than fast. */
#ifndef TRACE_REF_H
#define TRACE_REF_H

#include <stddef.h>
#include <stdint.h>

#include "simtcheck.h"

#define TREF_MAXF 32 /* fields in a table */
#define TREF_MAXC 4  /* terms in a condition */

/* A unit's table resolved for one model: the width and count of each field, and its condition
 * as (earlier field, value) pairs. */
typedef struct {
    const sc_trace_def *def;
    const simt_vl_model *model;
    unsigned nf;
    unsigned width[TREF_MAXF], count[TREF_MAXF];
    unsigned ncond[TREF_MAXF], cond_f[TREF_MAXF][TREF_MAXC];
    uint64_t cond_v[TREF_MAXF][TREF_MAXC];
    unsigned off[TREF_MAXF]; /* where field i's values start in a cycle's slots */
    unsigned slots;          /* the sum of the counts */
} tref_layout;

typedef struct {
    int ok;             /* 1: a valid trace of the unit */
    int in_body;        /* malformed, and the header is valid: the error is in a cycle line (or
                           there is none: then line is the 'begin' line) */
    unsigned line;      /* the line of the (first) error */
    const char *why;    /* the error in words */
    tref_layout lay;    /* the header's model (when the header is valid) */
    uint64_t cycles;    /* the cycle lines read without error */
    uint64_t *vals;     /* cycle c, field i, value k: vals[c * lay.slots + lay.off[i] + k]
                           (a field whose condition does not hold: 0) */
    size_t cap;         /* allocated values (the buffer is reused by the next check) */
} tref_result;

/* Decides whether data (a whole file) is a valid trace for unit, whose cycle line is def,
 * replayed with --config config (NULL: none; replay_free: the parameters the unit lets differ
 * then, its sc_unit's); fills r (r->vals and r->cap carried over: zero them before the first
 * call). */
void tref_check(const unsigned char *data, size_t n, const char *unit, const sc_trace_def *def, const char *config,
                const char *const *replay_free, tref_result *r);
void tref_free(tref_result *r);
/* The unit the file names (the second word of its second line with content, when that line is
 * 'unit NAME'): 0 and the name in out, or -1. */
int tref_unit_word(const unsigned char *data, size_t n, char *out, size_t cap);
/* Resolves def for model m: 0, or -1 with the reason in *why (a table the document's
 * expressions do not cover). */
int tref_layout_init(tref_layout *l, const sc_trace_def *def, const simt_vl_model *m, const char **why);
/* A parameter of m, from its parameter string ("W=4 PC_W=32 ..."): 0 and *v, or -1. */
int tref_param(const simt_vl_model *m, const char *name, uint64_t *v);

#endif
