/* SPDX-License-Identifier: Apache-2.0 */
/* sc_trace_int.h: the inside of the trace files (sc_trace.c: expressions, layout, read and write;
 * sc_trace_hdr.c: the header and the model's parameters; sc_trace_doc.c: --trace-doc). */
#ifndef SC_TRACE_INT_H
#define SC_TRACE_INT_H

#include "simtcheck.h"

#include <stdio.h>

/* A width or count expression: a sum of coef * atom ("PARAM" or "clog2(PARAM)") plus k. */
#define LIN_MAX 8
typedef struct {
    unsigned n;
    long coef[LIN_MAX];
    char atom[LIN_MAX][40]; /* "PARAM" or "clog2(PARAM)" */
    long k;                 /* the constant term */
} lin;
typedef struct {
    const char *name;
    int found;
} param_find;
/* the next line of t into its buffer: 1, or 0 at the end of the file */
int sc_tr_read_line(sc_trace *t);
/* sc_tr_each_param's fn: found |= the parameter (lower case) is arg's name (a param_find) */
void sc_tr_find_param(const char *name, unsigned long v, void *arg);
/* fn(name, value, arg) for every parameter of m but W, in the registry's order */
void sc_tr_each_param(const simt_vl_model *m, void (*fn)(const char *, unsigned long, void *), void *arg);
void sc_tr_lower(char *out, size_t n, const char *s);  /* s in lower case */
void sc_tr_lin_str(const lin *e, char *out, size_t n);                /* e as text */
void sc_tr_lin_sum(lin *a, const lin *b, long times);                 /* a += times * b */
int sc_tr_lin_parse(const char *s, lin *e, char *err, size_t n);      /* 0, or -1 and err */

#endif
