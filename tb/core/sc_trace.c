/* SPDX-License-Identifier: Apache-2.0 */
/* sc_trace.c: stimulus trace files (docs/trace_format.md) for every unit of simtcheck.
 *
 * The header (unit, config, lanes, the model's parameters) is the same for every unit; the
 * cycle line is declared once per unit as a table of sc_field (simtcheck.h), from which this
 * file derives the recorder (sc_trace_write), the parser with its checks (sc_trace_read) and
 * the unit's section of docs/trace_format.md (sc_trace_doc, simtcheck UNIT --trace-doc). */
#define _POSIX_C_SOURCE 200809L
#include "sc_trace_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- width and count expressions: sums of [NUMBER*](NUMBER | PARAM | clog2(PARAM)) ---- */


static void lin_add(lin *e, long coef, const char *atom)
{
    for (unsigned i = 0; i < e->n; i++)
        if (!strcmp(e->atom[i], atom)) {
            e->coef[i] += coef;
            return;
        }
    if (e->n < LIN_MAX) {
        e->coef[e->n] = coef;
        snprintf(e->atom[e->n], sizeof e->atom[0], "%s", atom);
        e->n++;
    }
}

void sc_tr_lin_sum(lin *a, const lin *b, long times)
{
    for (unsigned i = 0; i < b->n; i++)
        lin_add(a, b->coef[i] * times, b->atom[i]);
    a->k += b->k * times;
}

static int is_ident0(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
static int is_ident(char c) { return is_ident0(c) || (c >= '0' && c <= '9'); }

static const char *skip_sp(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* Parses s into e; 0, or -1 with the reason in err. */
int sc_tr_lin_parse(const char *s, lin *e, char *err, size_t n)
{
    memset(e, 0, sizeof *e);
    const char *p = skip_sp(s);
    for (;;) {
        long coef = 1;
        char atom[40];
        if (*p >= '0' && *p <= '9') {
            char *end;
            long v = strtol(p, &end, 10);
            p = skip_sp(end);
            if (*p != '*') {
                e->k += v;
                goto next;
            }
            coef = v;
            p = skip_sp(p + 1);
        }
        if (!is_ident0(*p)) {
            snprintf(err, n, "'%s': a number, a parameter or clog2(PARAM) expected at '%s'", s, p);
            return -1;
        }
        {
            size_t len = 0;
            while (is_ident(p[len]))
                len++;
            if (len >= 30) {
                snprintf(err, n, "'%s': name too long", s);
                return -1;
            }
            if (len == 5 && !strncmp(p, "clog2", 5) && *skip_sp(p + 5) == '(') {
                const char *q = skip_sp(skip_sp(p + 5) + 1);
                size_t l2 = 0;
                while (is_ident(q[l2]))
                    l2++;
                if (!l2 || l2 >= 30 || !is_ident0(*q) || *skip_sp(q + l2) != ')') {
                    snprintf(err, n, "'%s': clog2(PARAM) expected", s);
                    return -1;
                }
                snprintf(atom, sizeof atom, "clog2(%.*s)", (int)l2, q);
                p = skip_sp(skip_sp(q + l2) + 1);
            } else {
                snprintf(atom, sizeof atom, "%.*s", (int)len, p);
                p = skip_sp(p + len);
            }
        }
        lin_add(e, coef, atom);
    next:
        if (!*p)
            return 0;
        if (*p != '+') {
            snprintf(err, n, "'%s': '+' expected at '%s'", s, p);
            return -1;
        }
        p = skip_sp(p + 1);
    }
}

static int lin_eval(const lin *e, const simt_vl_model *m, long *out, char *err, size_t n)
{
    long v = e->k;
    for (unsigned i = 0; i < e->n; i++) {
        const char *a = e->atom[i];
        char name[40];
        int log = !strncmp(a, "clog2(", 6);
        snprintf(name, sizeof name, "%s", log ? a + 6 : a);
        if (log)
            name[strlen(name) - 1] = 0;
        unsigned long p;
        if (simt_vl_param(m, name, &p)) {
            snprintf(err, n, "model %s has no parameter %s (it has %s)", m->name, name, m->params);
            return -1;
        }
        if (log) { /* bits of an index below p, at least 1 */
            unsigned long b = 1;
            while (b < 64 && (1ul << b) < p)
                b++;
            p = b;
        }
        v += e->coef[i] * (long)p;
    }
    *out = v;
    return 0;
}

/* e as text: "W+2", "2*W+8", "NSRC". */
void sc_tr_lin_str(const lin *e, char *out, size_t n)
{
    size_t o = 0;
    out[0] = 0;
    for (unsigned i = 0; i < e->n && o < n; i++) {
        if (!e->coef[i])
            continue;
        o += (size_t)snprintf(out + o, n - o, "%s", o ? "+" : "");
        if (e->coef[i] != 1 && o < n)
            o += (size_t)snprintf(out + o, n - o, "%ld*", e->coef[i]);
        if (o < n)
            o += (size_t)snprintf(out + o, n - o, "%s", e->atom[i]);
    }
    if (o < n && (e->k || !o))
        snprintf(out + o, n - o, o && e->k > 0 ? "+%ld" : "%ld", e->k);
}

/* ---- the field table, resolved for one model ---- */

/* when = "F=v G=w": the indices and values; 0, or -1 with the reason in err. */
static int cond_parse(const sc_trace_def *d, unsigned i, unsigned *nc, unsigned *cf, uint64_t *cv, char *err,
                      size_t n)
{
    const char *p = d->f[i].when;
    *nc = 0;
    if (!p)
        return 0;
    for (p = skip_sp(p); *p; p = skip_sp(p)) {
        size_t len = 0;
        while (is_ident(p[len]))
            len++;
        if (!len || p[len] != '=') {
            snprintf(err, n, "when '%s': terms are FIELD=VALUE", d->f[i].when);
            return -1;
        }
        unsigned j = 0;
        while (j < i && !(strlen(d->f[j].name) == len && !strncmp(d->f[j].name, p, len)))
            j++;
        if (j == i) {
            snprintf(err, n, "when '%s': '%.*s' is not a field before it", d->f[i].when, (int)len, p);
            return -1;
        }
        if (d->f[j].repeat || d->f[j].when) {
            snprintf(err, n, "when '%s': '%s' is repeated or conditional", d->f[i].when, d->f[j].name);
            return -1;
        }
        char *end;
        errno = 0;
        uint64_t v = strtoull(p + len + 1, &end, 0);
        if (errno || end == p + len + 1 || (*end && *end != ' ') || *nc >= SC_TRACE_MAXC) {
            snprintf(err, n, "when '%s': bad value or too many terms", d->f[i].when);
            return -1;
        }
        cf[*nc] = j;
        cv[*nc] = v;
        (*nc)++;
        p = end;
    }
    return 0;
}

void sc_layout_init(sc_layout *l, const sc_trace_def *d, const char *unit, const simt_vl_model *m)
{
    memset(l, 0, sizeof *l);
    l->def = d;
    if (!d)
        return;
    if (d->n > SC_TRACE_MAXF)
        sc_die("internal: unit %s declares %u trace fields (at most %d)", unit, d->n, SC_TRACE_MAXF);
    unsigned total = 0;
    for (unsigned i = 0; i < d->n; i++) {
        const sc_field *f = &d->f[i];
        char err[256] = "";
        lin e;
        long v = 0;
        int bad = 0;
        if (!f->name || !is_ident0(f->name[0]))
            snprintf(err, sizeof err, "field %u has no name", i), bad = 1;
        for (const char *c = f->name; !bad && *c; c++)
            if (!is_ident(*c))
                snprintf(err, sizeof err, "not an identifier"), bad = 1;
        for (unsigned j = 0; !bad && j < i; j++)
            if (!strcmp(d->f[j].name, f->name))
                snprintf(err, sizeof err, "declared twice"), bad = 1;
        if (!bad && f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
            snprintf(err, sizeof err, "its member has %zu bytes (an integer of 1, 2, 4 or 8 expected)", f->size), bad = 1;
        if (!bad && (!f->width || sc_tr_lin_parse(f->width, &e, err, sizeof err) || lin_eval(&e, m, &v, err, sizeof err)))
            bad = 1;
        if (!bad && (v < 1 || v > 64 || (unsigned long)v > 8 * f->size))
            snprintf(err, sizeof err, "width %s = %ld bits does not fit its %zu-byte member", f->width, v, f->size),
                bad = 1;
        if (!bad)
            l->width[i] = (unsigned)v;
        v = 1;
        if (!bad && f->repeat &&
            (sc_tr_lin_parse(f->repeat, &e, err, sizeof err) || lin_eval(&e, m, &v, err, sizeof err)))
            bad = 1;
        if (!bad && (v < 1 || (unsigned long)v > f->cap))
            snprintf(err, sizeof err, "repeat %s = %ld, but its array holds %zu", f->repeat, v, f->cap), bad = 1;
        if (!bad)
            l->count[i] = (unsigned)v;
        if (!bad && cond_parse(d, i, &l->ncond[i], l->cond_f[i], l->cond_v[i], err, sizeof err))
            bad = 1;
        for (unsigned c = 0; !bad && c < l->ncond[i]; c++)
            if (l->width[l->cond_f[i][c]] < 64 && l->cond_v[i][c] >> l->width[l->cond_f[i][c]])
                snprintf(err, sizeof err, "when '%s': the value does not fit its field", f->when), bad = 1;
        if (bad)
            sc_die("internal: unit %s, trace field '%s' (model %s): %s", unit, f->name ? f->name : "?", m->name, err);
        l->conditional |= l->ncond[i] > 0;
        total += l->count[i];
    }
    if (total > SC_TRACE_MAXV)
        sc_die("internal: unit %s: %u values on a line for model %s (at most %d)", unit, total, m->name,
               SC_TRACE_MAXV);
}

static uint64_t ld(const void *line, const sc_field *f, unsigned k)
{
    const unsigned char *p = (const unsigned char *)line + f->off + (size_t)k * f->size;
    switch (f->size) {
    case 1: { uint8_t x; memcpy(&x, p, 1); return x; }
    case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
    case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
    default: { uint64_t x; memcpy(&x, p, 8); return x; }
    }
}

static void st(void *line, const sc_field *f, unsigned k, uint64_t v)
{
    unsigned char *p = (unsigned char *)line + f->off + (size_t)k * f->size;
    switch (f->size) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8);
    }
}

/* Field i is on a line whose condition fields have the values first[] (known[j]: read). */
static int present(const sc_layout *l, unsigned i, const int *known, const uint64_t *first)
{
    for (unsigned c = 0; c < l->ncond[i]; c++) {
        unsigned j = l->cond_f[i][c];
        if (!known[j] || first[j] != l->cond_v[i][c])
            return 0;
    }
    return 1;
}

static void field_name(char *out, size_t n, const sc_layout *l, unsigned i, unsigned k)
{
    if (l->def->f[i].repeat)
        snprintf(out, n, "%s[%u]", l->def->f[i].name, k);
    else
        snprintf(out, n, "%s", l->def->f[i].name);
}

/* The first values of every field of a line struct (for the conditions). */
static void line_firsts(const sc_layout *l, const void *line, int *known, uint64_t *first)
{
    for (unsigned i = 0; i < l->def->n; i++) {
        known[i] = 1;
        first[i] = ld(line, &l->def->f[i], 0);
    }
}

/* sc_layout_fits; all: every field, present or not (a 'dontcare 1' trace) */
static int fits(const sc_layout *l, const void *line, int all, char *err, size_t n)
{
    int known[SC_TRACE_MAXF];
    uint64_t first[SC_TRACE_MAXF];
    line_firsts(l, line, known, first);
    for (unsigned i = 0; i < l->def->n; i++) {
        if (!all && !present(l, i, known, first))
            continue;
        for (unsigned k = 0; k < l->count[i]; k++) {
            uint64_t v = ld(line, &l->def->f[i], k);
            if (l->width[i] < 64 && v >> l->width[i]) {
                char name[64];
                field_name(name, sizeof name, l, i, k);
                snprintf(err, n, "%s = 0x%" PRIx64 " does not fit in %u bits", name, v, l->width[i]);
                return -1;
            }
        }
    }
    return 0;
}

int sc_layout_fits(const sc_layout *l, const void *line, char *err, size_t n)
{
    return fits(l, line, 0, err, n);
}

void sc_dontcare_fill(sc_run *r, void *line)
{
    const sc_layout *l = &r->layout;
    if (!r->dc_fill)
        return;
    int known[SC_TRACE_MAXF];
    uint64_t first[SC_TRACE_MAXF];
    line_firsts(l, line, known, first);
    sc_rng g = {r->dc_rng};
    for (unsigned i = 0; i < l->def->n; i++)
        if (l->ncond[i] && !present(l, i, known, first))
            for (unsigned k = 0; k < l->count[i]; k++)
                st(line, &l->def->f[i], k, sc_rand(&g) & sc_ones(l->width[i]));
    r->dc_rng = g.s;
}

void sc_trace_write(sc_run *r, const void *line)
{
    if (!r->record)
        return;
    const sc_layout *l = &r->layout;
    if (!l->def)
        sc_die("internal: unit %s declares no trace fields", r->unit->name);
    char err[160];
    if (fits(l, line, r->dontcare, err, sizeof err))
        sc_die("internal: %s cycle %" PRIu64 ": the stimulus has %s (the trace would not replay)", r->unit->name,
               r->cycle, err);
    int known[SC_TRACE_MAXF];
    uint64_t first[SC_TRACE_MAXF];
    line_firsts(l, line, known, first);
    const char *sep = "";
    for (unsigned i = 0; i < l->def->n; i++) {
        if (!r->dontcare && !present(l, i, known, first))
            continue;
        for (unsigned k = 0; k < l->count[i]; k++, sep = " ")
            fprintf(r->record, "%s%" PRIx64, sep, ld(line, &l->def->f[i], k));
    }
    fputc('\n', r->record);
}

/* The next whitespace-separated token of *p (NUL-terminated in place), or NULL. */
static char *next_token(char **p)
{
    char *s = *p;
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    if (!*s) {
        *p = s;
        return NULL;
    }
    char *e = s;
    while (*e && *e != ' ' && *e != '\t' && *e != '\r' && *e != '\n')
        e++;
    *p = *e ? e + 1 : e;
    *e = 0;
    return s;
}

/* "mode valid key[0..3]": the fields a line with these condition values holds. */
static void line_fields(const sc_layout *l, const int *on, char *out, size_t n)
{
    size_t o = 0;
    out[0] = 0;
    for (unsigned i = 0; i < l->def->n && o < n; i++) {
        if (!on[i])
            continue;
        const sc_field *f = &l->def->f[i];
        if (f->repeat)
            o += (size_t)snprintf(out + o, n - o, "%s%s[0..%u]", o ? " " : "", f->name, l->count[i] - 1);
        else
            o += (size_t)snprintf(out + o, n - o, "%s%s", o ? " " : "", f->name);
    }
}

int sc_trace_read(sc_trace *t, void *line)
{
    const sc_layout *l = t->layout;
    if (!l || !l->def)
        sc_die("internal: trace read without the unit's trace fields");
    if (!sc_tr_read_line(t)) {
        if (!t->cycles) {
            t->line = t->begin_line;
            sc_trace_fail(t, "no cycle line after 'begin': an empty trace");
        }
        return 0;
    }
    t->cycles++;
    const sc_trace_def *d = l->def;
    int on[SC_TRACE_MAXF], known[SC_TRACE_MAXF] = {0};
    uint64_t first[SC_TRACE_MAXF] = {0};
    unsigned at[SC_TRACE_MAXF] = {0};
    unsigned nv = 0, expected = 0;
    int full = 1;
    char *p = t->buf, name[64];
    /* Values in order; a conditional field's presence follows from the fields before it. */
    for (unsigned i = 0; i < d->n; i++) {
        on[i] = t->dontcare || present(l, i, known, first);
        if (!on[i])
            continue;
        expected += l->count[i];
        at[i] = nv;
        for (unsigned k = 0; full && k < l->count[i]; k++) {
            char *tok = next_token(&p), *end;
            if (!tok) {
                full = 0;
                break;
            }
            field_name(name, sizeof name, l, i, k);
            if (tok[strspn(tok, "0123456789abcdefABCDEF")])
                sc_trace_fail(t, "field %u (%s) is not a hexadecimal number (digits 0-9 a-f only, no sign or 0x)",
                              nv + 1, name);
            errno = 0;
            uint64_t v = strtoull(tok, &end, 16);
            if (errno == ERANGE)
                sc_trace_fail(t, "field %u (%s) is wider than 64 bits", nv + 1, name);
            t->val[nv++] = v;
        }
        if (full) {
            known[i] = 1;
            first[i] = t->val[at[i]];
        }
    }
    unsigned got = nv;
    while (next_token(&p))
        got++;
    if (!full || got != expected) {
        char cond[256] = "", fields[2048];
        size_t o = 0;
        if (t->dontcare && l->conditional)
            snprintf(cond, sizeof cond, " (dontcare 1: every field on every line)");
        for (unsigned j = 0; l->conditional && !t->dontcare && j < d->n; j++) {
            int used = 0;
            for (unsigned i = 0; i < d->n; i++)
                for (unsigned c = 0; c < l->ncond[i]; c++)
                    used |= l->cond_f[i][c] == j;
            if (used && known[j] && o < sizeof cond)
                o += (size_t)snprintf(cond + o, sizeof cond - o, "%s%s=%" PRIu64, o ? " " : " for ", d->f[j].name,
                                      first[j]);
        }
        line_fields(l, on, fields, sizeof fields);
        sc_trace_fail(t, "expected %u fields%s, got %u (%s)", expected, cond, got, fields);
    }
    for (unsigned i = 0; i < d->n; i++) {
        for (unsigned k = 0; on[i] && k < l->count[i]; k++) {
            uint64_t v = t->val[at[i] + k];
            if (l->width[i] < 64 && v >> l->width[i]) {
                field_name(name, sizeof name, l, i, k);
                sc_trace_fail(t, "%s = 0x%" PRIx64 " does not fit in %u bits", name, v, l->width[i]);
            }
        }
    }
    for (unsigned i = 0; i < d->n; i++)
        for (unsigned k = 0; k < l->count[i]; k++)
            st(line, &d->f[i], k, on[i] ? t->val[at[i] + k] : 0);
    return 1;
}
