/* SPDX-License-Identifier: Apache-2.0 */
/* sc_trace.c: stimulus trace files (docs/trace_format.md) for every unit of simtcheck.
 *
 * The header (unit, config, lanes, the model's parameters) is the same for every unit; the
 * cycle line is declared once per unit as a table of sc_field (simtcheck.h), from which this
 * file derives the recorder (sc_trace_write), the parser with its checks (sc_trace_read) and
 * the unit's section of docs/trace_format.md (sc_trace_doc, simtcheck UNIT --trace-doc). */
#define _POSIX_C_SOURCE 200809L
#include "simtcheck.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- header lines ---- */

void (*sc_error_hook)(const char *msg);

void sc_trace_fail(sc_trace *t, const char *fmt, ...)
{
    va_list ap;
    if (sc_error_hook) {
        char msg[1024];
        int o = snprintf(msg, sizeof msg, "%s:%u: ", t->path, t->line);
        va_start(ap, fmt);
        vsnprintf(msg + o, o < (int)sizeof msg ? sizeof msg - (size_t)o : 0, fmt, ap);
        va_end(ap);
        sc_error_hook(msg);
    }
    va_start(ap, fmt);
    fprintf(stderr, "simtcheck: error: %s:%u: ", t->path, t->line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

/* The next line with content (comments and blank lines skipped) into t->buf, or 0 at the end
 * of the file. Any length; a NUL byte, or a last line without its newline (a file cut short),
 * is an error, never a silently shorter line or trace. */
static int read_line(sc_trace *t)
{
    for (;;) {
        errno = 0;
        ssize_t n = getline(&t->buf, &t->cap, t->f);
        if (n < 0) {
            if (ferror(t->f))
                sc_die("cannot read trace '%s': %s", t->path, strerror(errno ? errno : EIO));
            return 0;
        }
        t->line++;
        if (memchr(t->buf, 0, (size_t)n))
            sc_trace_fail(t, "NUL byte in the line (a trace is text)");
        if (t->buf[n - 1] != '\n')
            sc_trace_fail(t, "the file ends inside this line (no newline after it: cut short?)");
        char *h = strchr(t->buf, '#');
        if (h)
            *h = 0;
        char *p = t->buf;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p)
            return 1;
    }
}

/* Splits s in place at white space: up to max tokens in tok; returns how many there are. */
static int split(char *s, char **tok, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (!*s)
            return n;
        if (n < max)
            tok[n] = s;
        n++;
        while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
            s++;
        if (*s)
            *s++ = 0;
    }
}

int sc_parse_num(const char *s, uint64_t max, uint64_t *out, const char **why)
{
    static const char *const hexd = "0123456789abcdefABCDEF";
    uint64_t v = 0;
    unsigned base = 10;
    if (!s || !*s)
        return *why = "empty", -1;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return *why = "'0x' without digits", -1;
    } else if (s[0] == '0' && s[1]) {
        return *why = "written with a leading zero (write decimal without it, or 0x for hexadecimal)", -1;
    }
    for (const char *c = s; *c; c++) {
        const char *d = strchr(hexd, *c);
        unsigned k = d ? (unsigned)(d - hexd) : 99;
        if (k >= 16)
            k -= 6;
        if (!d || k >= base)
            return *why = base == 16 ? "not a hexadecimal number" : "not a decimal number (or 0x...)", -1;
        if (v > (UINT64_MAX - k) / base)
            return *why = "too large", -1;
        v = v * base + k;
    }
    if (v > max)
        return *why = "too large", -1;
    *out = v;
    return 0;
}

void sc_trace_open(sc_trace *t, const char *path, const char *unit)
{
    memset(t, 0, sizeof *t);
    t->path = path;
    t->f = fopen(path, "r");
    if (!t->f)
        sc_die("cannot open trace '%s': %s", path, strerror(errno));
    char *tok[3];
    int n = read_line(t) ? split(t->buf, tok, 3) : 0;
    if (n < 1 || strcmp(tok[0], "simtcheck-trace") != 0)
        sc_trace_fail(t, "not a simtcheck trace: the first line must be 'simtcheck-trace 1'");
    if (n != 2 || strcmp(tok[1], "1") != 0)
        sc_trace_fail(t, "format version line must be 'simtcheck-trace 1' (this simtcheck reads version 1)");
    n = read_line(t) ? split(t->buf, tok, 3) : 0;
    if (n != 2 || strcmp(tok[0], "unit") != 0)
        sc_trace_fail(t, "second line must be 'unit NAME'");
    if (strcmp(tok[1], unit) != 0)
        sc_trace_fail(t, "trace is for unit '%s', not '%s'", tok[1], unit);
    /* The header, read once: 'name value' lines, each name once, up to 'begin' alone. */
    for (;;) {
        if (!read_line(t))
            sc_trace_fail(t, "no 'begin' line: the header must end with 'begin'");
        n = split(t->buf, tok, 3);
        if (!strcmp(tok[0], "begin")) {
            if (n != 1)
                sc_trace_fail(t, "'begin' stands alone on its line");
            break;
        }
        if (n != 2)
            sc_trace_fail(t, "header lines are 'name value'");
        for (unsigned i = 0; i < t->nhdr; i++)
            if (!strcmp(t->hdr[i].name, tok[0]))
                sc_trace_fail(t, "header '%s' given twice (first at line %u)", tok[0], t->hdr[i].line);
        if (t->nhdr == SC_TRACE_MAXH)
            sc_trace_fail(t, "more than %d header lines", SC_TRACE_MAXH);
        /* any length, as every line (a 0x value may have any number of leading zeros) */
        char *name = strdup(tok[0]), *val = strdup(tok[1]);
        if (!name || !val) {
            free(name);
            free(val);
            sc_die("out of memory reading trace '%s'", t->path);
        }
        t->hdr[t->nhdr].name = name;
        t->hdr[t->nhdr].val = val;
        t->hdr[t->nhdr++].line = t->line;
    }
    t->begin_line = t->line;
}

static const sc_trace_hdr *find_hdr(const sc_trace *t, const char *name)
{
    for (unsigned i = 0; i < t->nhdr; i++)
        if (!strcmp(t->hdr[i].name, name))
            return &t->hdr[i];
    return NULL;
}

uint64_t sc_trace_header(sc_trace *t, const char *name)
{
    const sc_trace_hdr *h = find_hdr(t, name);
    if (!h) {
        t->line = t->begin_line;
        sc_trace_fail(t, "header has no '%s' line (before 'begin')", name);
    }
    uint64_t v;
    const char *why;
    if (sc_parse_num(h->val, UINT32_MAX, &v, &why)) {
        t->line = h->line;
        sc_trace_fail(t, "header '%s': '%s' is %s", name, h->val,
                      strcmp(why, "too large") ? why : "too large (at most 2^32 - 1)");
    }
    return v;
}

int sc_trace_header_flag(sc_trace *t, const char *name)
{
    const sc_trace_hdr *h = find_hdr(t, name);
    uint64_t v = 0;
    const char *why;
    if (h && sc_parse_num(h->val, 1, &v, &why)) {
        t->line = h->line;
        sc_trace_fail(t, "header '%s' is 0 or 1, not '%s'", name, h->val);
    }
    return (int)v;
}

const sc_trace_hdr *sc_trace_header_line(const sc_trace *t, const char *name) { return find_hdr(t, name); }

const char *sc_trace_header_word(sc_trace *t, const char *name, char *out, size_t n)
{
    const sc_trace_hdr *h = find_hdr(t, name);
    if (!h)
        return NULL;
    snprintf(out, n, "%s", h->val);
    return out;
}

void sc_trace_close(sc_trace *t)
{
    if (t->f)
        fclose(t->f);
    t->f = NULL;
    free(t->buf);
    t->buf = NULL;
    for (unsigned i = 0; i < t->nhdr; i++) {
        free(t->hdr[i].name);
        free(t->hdr[i].val);
    }
    t->nhdr = 0;
}

/* Calls fn(name, value, arg) for every parameter of m but W, in the registry's order. */
static void each_param(const simt_vl_model *m, void (*fn)(const char *, unsigned long, void *), void *arg)
{
    char name[32];
    unsigned long v;
    for (unsigned i = 0; simt_vl_param_at(m, i, name, sizeof name, &v) == 0; i++)
        if (strcmp(name, "W") != 0)
            fn(name, v, arg);
}

static void lower(char *out, size_t n, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < n; i++)
        out[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    out[i] = 0;
}

static void header_param(const char *name, unsigned long v, void *arg)
{
    char l[32];
    lower(l, sizeof l, name);
    fprintf((FILE *)arg, "%s %lu\n", l, v);
}

typedef struct {
    sc_trace *t;
    const simt_vl_model *m;
    const char *const *skip;
} header_check;

static void check_param(const char *name, unsigned long v, void *arg)
{
    const header_check *c = arg;
    for (int i = 0; c->skip && c->skip[i]; i++)
        if (!strcmp(c->skip[i], name))
            return;
    char l[32];
    lower(l, sizeof l, name);
    if (sc_trace_header(c->t, l) != v) {
        c->t->line = find_hdr(c->t, l)->line;
        sc_trace_fail(c->t, "header %s differs from model %s's %s=%lu", l, c->m->name, name, v);
    }
}

typedef struct {
    const char *name;
    int found;
} param_find;

static void find_param(const char *name, unsigned long v, void *arg)
{
    param_find *f = arg;
    char l[32];
    (void)v;
    lower(l, sizeof l, name);
    f->found |= !strcmp(l, f->name);
}

void sc_trace_expect_params(sc_trace *t, const simt_vl_model *m, const char *const *skip)
{
    /* every header line names something: the model, or one of its parameters, or (skip: a
     * replay on another configuration) a parameter that may differ, which the model may lack
     * (a configuration that leaves it at the RTL's default) */
    for (unsigned i = 0; i < t->nhdr; i++) {
        param_find f = {t->hdr[i].name, !strcmp(t->hdr[i].name, "config") || !strcmp(t->hdr[i].name, "lanes") ||
                                            !strcmp(t->hdr[i].name, "dontcare")};
        each_param(m, find_param, &f);
        for (int k = 0; skip && skip[k] && !f.found; k++) {
            char l[32];
            lower(l, sizeof l, skip[k]);
            f.found = !strcmp(l, t->hdr[i].name);
        }
        if (!f.found) {
            t->line = t->hdr[i].line;
            sc_trace_fail(t, "unknown header line '%s' (model %s has no such parameter)", t->hdr[i].name, m->name);
        }
    }
    header_check c = {t, m, skip};
    each_param(m, check_param, &c);
}

/* ---- a replay on another configuration (--config) ---- */

typedef struct {
    const char *name;  /* lower case */
    int found;
    char upper[32];    /* the registry's name */
    unsigned long v;
} param_get;

static void get_param(const char *name, unsigned long v, void *arg)
{
    param_get *g = arg;
    char l[32];
    lower(l, sizeof l, name);
    if (!g->found && !strcmp(l, g->name)) {
        g->found = 1;
        g->v = v;
        snprintf(g->upper, sizeof g->upper, "%s", name);
    }
}

static int is_free(const char *const *free_, const char *name)
{
    for (int i = 0; free_ && free_[i]; i++)
        if (!strcmp(free_[i], name))
            return 1;
    return 0;
}

/* "only IMPL", "only PFX or PIPE", "no parameter" */
static void free_list(const char *const *free_, char *out, size_t n)
{
    size_t o = (size_t)snprintf(out, n, "only ");
    for (int i = 0; free_ && free_[i] && o < n; i++)
        o += (size_t)snprintf(out + o, n - o, "%s%s", i ? (free_[i + 1] ? ", " : " or ") : "", free_[i]);
    if (!free_ || !free_[0])
        snprintf(out, n, "no parameter");
}

typedef struct {
    sc_trace *t;
    const simt_vl_model *m, *hm;
    const char *const *free_;
    char fl[128];
    int note;          /* 0: refuse what may not differ; 1: print the notes of what may */
} other_check;

/* a parameter of m that the header does not have */
static void other_missing(const char *name, unsigned long v, void *arg)
{
    other_check *c = arg;
    char l[32];
    lower(l, sizeof l, name);
    if (find_hdr(c->t, l))
        return;
    if (!c->note && !is_free(c->free_, name)) {
        c->t->line = c->t->begin_line;
        sc_trace_fail(c->t, "header has no '%s' line: model %s has %s=%lu, and %s may differ from the trace's "
                      "configuration %s (--config %s)", l, c->m->name, name, v, c->fl, c->hm->config, c->m->config);
    }
    if (c->note)
        printf("%s: note: %s: the trace's configuration %s has no %s; the replay uses model %s's %s=%lu "
               "(--config %s: %s may differ)\n", c->m->unit, c->t->path, c->hm->config, name, c->m->name, name, v,
               c->m->config, name);
}

/* the header's parameter lines (each one of hm's, with its value: sc_trace_expect_params) */
static void other_lines(other_check *c)
{
    sc_trace *t = c->t;
    const simt_vl_model *m = c->m, *hm = c->hm;
    for (unsigned i = 0; i < t->nhdr; i++) {
        const sc_trace_hdr *h = &t->hdr[i];
        if (!strcmp(h->name, "config") || !strcmp(h->name, "lanes") || !strcmp(h->name, "dontcare"))
            continue;
        param_get hg = {h->name, 0, "", 0}, mg = {h->name, 0, "", 0};
        each_param(hm, get_param, &hg);
        each_param(m, get_param, &mg);
        if (!hg.found)
            sc_die("internal: header line '%s' is no parameter of %s", h->name, hm->name);
        if (mg.found && mg.v == hg.v)
            continue;
        if (!c->note && !is_free(c->free_, hg.upper)) {
            t->line = h->line;
            if (mg.found)
                sc_trace_fail(t, "header %s %s differs from model %s's %s=%lu, and %s may differ from the trace's "
                              "configuration %s (--config %s)", h->name, h->val, m->name, mg.upper, mg.v, c->fl,
                              hm->config, m->config);
            sc_trace_fail(t, "header %s %s: model %s has no parameter %s, and %s may differ from the trace's "
                          "configuration %s (--config %s)", h->name, h->val, m->name, hg.upper, c->fl, hm->config,
                          m->config);
        }
        if (c->note && mg.found)
            printf("%s: note: %s:%u: header %s %s is the trace's configuration %s's; the replay uses model %s's "
                   "%s=%lu (--config %s: %s may differ)\n", m->unit, t->path, h->line, h->name, h->val, hm->config,
                   m->name, mg.upper, mg.v, m->config, hg.upper);
        else if (c->note)
            printf("%s: note: %s:%u: header %s %s is the trace's configuration %s's; model %s has no %s (the RTL's "
                   "default; --config %s: %s may differ)\n", m->unit, t->path, h->line, h->name, h->val, hm->config,
                   m->name, hg.upper, m->config, hg.upper);
    }
}

void sc_trace_expect_other(sc_trace *t, const simt_vl_model *m, const simt_vl_model *hm, const char *const *free_)
{
    other_check c = {t, m, hm, free_, "", 0};
    free_list(free_, c.fl, sizeof c.fl);
    for (c.note = 0; c.note < 2; c.note++) { /* every refusal first, then the notes */
        other_lines(&c);
        each_param(m, other_missing, &c);
    }
}

void sc_trace_write_header(FILE *f, const char *unit, const simt_vl_model *m, int dontcare)
{
    fprintf(f, "simtcheck-trace 1\nunit %s\nconfig %s\nlanes %u\n%s", unit, m->config, m->w,
            dontcare ? "dontcare 1\n" : "");
    each_param(m, header_param, f);
    fprintf(f, "begin\n");
}

/* ---- width and count expressions: sums of [NUMBER*](NUMBER | PARAM | clog2(PARAM)) ---- */

#define LIN_MAX 8
typedef struct {
    unsigned n;
    long coef[LIN_MAX];
    char atom[LIN_MAX][40]; /* "PARAM" or "clog2(PARAM)" */
    long k;                 /* the constant term */
} lin;

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

static void lin_sum(lin *a, const lin *b, long times)
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
static int lin_parse(const char *s, lin *e, char *err, size_t n)
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
static void lin_str(const lin *e, char *out, size_t n)
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
        if (!bad && (!f->width || lin_parse(f->width, &e, err, sizeof err) || lin_eval(&e, m, &v, err, sizeof err)))
            bad = 1;
        if (!bad && (v < 1 || v > 64 || (unsigned long)v > 8 * f->size))
            snprintf(err, sizeof err, "width %s = %ld bits does not fit its %zu-byte member", f->width, v, f->size),
                bad = 1;
        if (!bad)
            l->width[i] = (unsigned)v;
        v = 1;
        if (!bad && f->repeat &&
            (lin_parse(f->repeat, &e, err, sizeof err) || lin_eval(&e, m, &v, err, sizeof err)))
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
    if (!read_line(t)) {
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

/* ---- --trace-doc ---- */

#define DOC_COLS 100

/* Words of text wrapped at DOC_COLS, the first line from column `col` (already there), the
 * following ones indented to `indent`. */
static void wrap(FILE *f, const char *text, unsigned col, unsigned indent)
{
    const char *p = text;
    int first = 1;
    while (*p) {
        while (*p == ' ')
            p++;
        size_t len = 0;
        while (p[len] && p[len] != ' ')
            len++;
        if (!len)
            break;
        if (!first && col + 1 + len > DOC_COLS) {
            fprintf(f, "\n%*s", (int)indent, "");
            col = indent;
            first = 1;
        }
        fprintf(f, "%s%.*s", first ? "" : " ", (int)len, p);
        col += (unsigned)len + (first ? 0 : 1);
        first = 0;
        p += len;
    }
    fputc('\n', f);
}

/* "key[0] .. key[W-1]" or "mode". */
static void doc_item(const sc_field *f, char *out, size_t n)
{
    if (!f->repeat) {
        snprintf(out, n, "%s", f->name);
        return;
    }
    lin e;
    char err[160], last[64];
    if (lin_parse(f->repeat, &e, err, sizeof err))
        sc_die("internal: trace field '%s': %s", f->name, err);
    e.k -= 1;
    lin_str(&e, last, sizeof last);
    snprintf(out, n, "%s[0] .. %s[%s]", f->name, f->name, last);
}

static int same_when(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static void print_config_names(FILE *f, const char *unit)
{
    const char *sep = "";
    const simt_vl_model *def = NULL;
    for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
        if (strcmp(m->unit, unit) != 0)
            continue;
        int seen = 0;
        for (const simt_vl_model *q = simt_vl_models; q < m; q++)
            seen |= !strcmp(q->unit, unit) && !strcmp(q->config, m->config);
        if (!seen)
            fprintf(f, "%s%s", sep, m->config), sep = " | ";
        if (m->is_default && !def)
            def = m;
    }
    if (def)
        fprintf(f, " (default %s)", def->config);
}

typedef struct {
    FILE *f;
    const char *const *replay_free;
} doc_param_arg;

static void doc_param(const char *name, unsigned long v, void *arg)
{
    const doc_param_arg *a = arg;
    char l[32], line[80];
    (void)v;
    lower(l, sizeof l, name);
    snprintf(line, sizeof line, "%s %s", l, name);
    int free_ = 0;
    for (int i = 0; a->replay_free && a->replay_free[i]; i++)
        free_ |= !strcmp(a->replay_free[i], name);
    fprintf(a->f, "  %-20s the model's %s%s\n", line, name,
            free_ ? "; may differ when --config names another configuration (the same stimulus on it)" : "");
}

void sc_trace_doc(FILE *f, const char *unit, const sc_trace_def *d, const char *const *replay_free)
{
    const simt_vl_model *dm = NULL;
    for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
        if (strcmp(m->unit, unit) != 0)
            continue;
        if (!dm || (m->is_default && !dm->is_default))
            dm = m;
        sc_layout l; /* the table must fit every model of the unit */
        sc_layout_init(&l, d, unit, m);
    }
    if (!d)
        sc_die("unit %s declares no trace fields", unit);
    if (!dm)
        sc_die("unit %s has no model", unit);
    fprintf(f, "unit %s\n", unit);
    if (d->about)
        fprintf(f, "%s\n", d->about);

    fprintf(f, "\nheader (written by --record; a replay checks every parameter against the model's):\n");
    fprintf(f, "  simtcheck-trace 1\n");
    fprintf(f, "  unit %s\n", unit);
    fprintf(f, "  %-20s ", "config NAME");
    print_config_names(f, unit);
    fprintf(f, "; simtcheck %s --list shows the models\n", unit);
    fprintf(f, "  %-20s the warp width\n", "lanes W");
    int conditional = 0;
    for (unsigned i = 0; i < d->n; i++)
        conditional |= d->f[i].when != NULL;
    if (conditional)
        fprintf(f, "  %-20s every field on every line (a random run's: --no-dontcare leaves it out)\n", "dontcare 1");
    doc_param_arg pa = {f, replay_free};
    each_param(dm, doc_param, &pa);
    /* parameters that only some configurations set (the others leave the RTL's default): their
     * line is in the header of those configurations' traces only */
    for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
        if (strcmp(m->unit, unit) != 0)
            continue;
        char name[32];
        unsigned long v;
        for (unsigned i = 0; simt_vl_param_at(m, i, name, sizeof name, &v) == 0; i++) {
            param_find in_dm = {NULL, 0}, seen = {NULL, 0};
            char l[32];
            if (!strcmp(name, "W"))
                continue;
            lower(l, sizeof l, name);
            in_dm.name = seen.name = l;
            each_param(dm, find_param, &in_dm);
            for (const simt_vl_model *q = simt_vl_models; q != m && !seen.found; q++)
                if (!strcmp(q->unit, unit))
                    each_param(q, find_param, &seen);
            if (in_dm.found || seen.found)
                continue;
            doc_param(name, v, &pa);
            fprintf(f, "  %-20s   (only in the traces of the configurations that set it:", "");
            const char *last = "";
            for (const simt_vl_model *q = simt_vl_models; q->name; q++) {
                param_find has = {l, 0};
                if (strcmp(q->unit, unit) != 0 || !strcmp(q->config, last))
                    continue;
                each_param(q, find_param, &has);
                if (has.found)
                    fprintf(f, " %s", q->config), last = q->config;
            }
            fprintf(f, ")\n");
        }
    }
    fprintf(f, "  begin\n");

    /* the totals: unconditional fields, then each condition's extra fields */
    lin base;
    memset(&base, 0, sizeof base);
    const char *whens[SC_TRACE_MAXF];
    lin extra[SC_TRACE_MAXF];
    unsigned nw = 0;
    for (unsigned i = 0; i < d->n; i++) {
        const sc_field *fl = &d->f[i];
        lin c;
        char err[160];
        if (fl->repeat) {
            if (lin_parse(fl->repeat, &c, err, sizeof err))
                sc_die("internal: trace field '%s': %s", fl->name, err);
        } else {
            memset(&c, 0, sizeof c);
            c.k = 1;
        }
        if (!fl->when) {
            lin_sum(&base, &c, 1);
            continue;
        }
        unsigned w = 0;
        while (w < nw && strcmp(whens[w], fl->when) != 0)
            w++;
        if (w == nw) {
            whens[nw] = fl->when;
            memset(&extra[nw], 0, sizeof extra[nw]);
            nw++;
        }
        lin_sum(&extra[w], &c, 1);
    }
    char num[96];
    lin_str(&base, num, sizeof num);
    fprintf(f, "\ncycle line: %s hexadecimal fields", num);
    for (unsigned w = 0; w < nw; w++) {
        lin_str(&extra[w], num, sizeof num);
        fprintf(f, ", plus %s when %s", num, whens[w]);
    }
    fprintf(f, ", in this order:\n");
    /* the layout: one row per run of fields with the same condition */
    for (unsigned i = 0; i < d->n;) {
        char row[1024] = "", item[128];
        size_t o = 0;
        unsigned j = i;
        for (; j < d->n && same_when(d->f[j].when, d->f[i].when); j++) {
            doc_item(&d->f[j], item, sizeof item);
            o += (size_t)snprintf(row + o, sizeof row - o, "%s%s", o ? " " : "", item);
        }
        if (d->f[i].when) {
            fprintf(f, "  when %s:\n    ", d->f[i].when);
            wrap(f, row, 4, 4);
        } else {
            fprintf(f, "  ");
            wrap(f, row, 2, 2);
        }
        i = j;
    }
    if (nw)
        fprintf(f, "A field with a condition is on the line only when it holds; otherwise its input is driven 0.\n"
                   "With 'dontcare 1' every field is on every line; where its condition does not hold, its value\n"
                   "is driven and the unit must ignore it.\n");

    /* the fields */
    unsigned cn = 5, cw = 4, cc = 4;
    for (unsigned i = 0; i < d->n; i++) {
        const sc_field *fl = &d->f[i];
        unsigned n = (unsigned)strlen(fl->name) + (fl->repeat ? 3 : 0);
        cn = n > cn ? n : cn;
        cw = strlen(fl->width) > cw ? (unsigned)strlen(fl->width) : cw;
        if (fl->when)
            cc = strlen(fl->when) > cc ? (unsigned)strlen(fl->when) : cc;
    }
    fprintf(f, "\n  %-*s  %-*s  ", (int)cn, "field", (int)cw, "bits");
    if (nw)
        fprintf(f, "%-*s  ", (int)cc, "when");
    fprintf(f, "meaning\n");
    for (unsigned i = 0; i < d->n; i++) {
        const sc_field *fl = &d->f[i];
        char name[64];
        snprintf(name, sizeof name, fl->repeat ? "%s[i]" : "%s", fl->name);
        fprintf(f, "  %-*s  %-*s  ", (int)cn, name, (int)cw, fl->width);
        unsigned col = 2 + cn + 2 + cw + 2;
        if (nw) {
            fprintf(f, "%-*s  ", (int)cc, fl->when ? fl->when : "");
            col += cc + 2;
        }
        wrap(f, fl->doc ? fl->doc : "", col, col);
    }
}
