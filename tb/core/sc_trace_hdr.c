/* SPDX-License-Identifier: Apache-2.0 */
/* sc_trace_hdr.c: a trace file's header (unit, config, lanes, the model's parameters), checked
 * against the model a run uses, or against another configuration (--config); see sc_trace.c. */
#define _POSIX_C_SOURCE 200809L
#include "sc_trace_int.h"

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
int sc_tr_read_line(sc_trace *t)
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
    int n = sc_tr_read_line(t) ? split(t->buf, tok, 3) : 0;
    if (n < 1 || strcmp(tok[0], "simtcheck-trace") != 0)
        sc_trace_fail(t, "not a simtcheck trace: the first line must be 'simtcheck-trace 1'");
    if (n != 2 || strcmp(tok[1], "1") != 0)
        sc_trace_fail(t, "format version line must be 'simtcheck-trace 1' (this simtcheck reads version 1)");
    n = sc_tr_read_line(t) ? split(t->buf, tok, 3) : 0;
    if (n != 2 || strcmp(tok[0], "unit") != 0)
        sc_trace_fail(t, "second line must be 'unit NAME'");
    if (strcmp(tok[1], unit) != 0)
        sc_trace_fail(t, "trace is for unit '%s', not '%s'", tok[1], unit);
    /* The header, read once: 'name value' lines, each name once, up to 'begin' alone. */
    for (;;) {
        if (!sc_tr_read_line(t))
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
void sc_tr_each_param(const simt_vl_model *m, void (*fn)(const char *, unsigned long, void *), void *arg)
{
    char name[32];
    unsigned long v;
    for (unsigned i = 0; simt_vl_param_at(m, i, name, sizeof name, &v) == 0; i++)
        if (strcmp(name, "W") != 0)
            fn(name, v, arg);
}

void sc_tr_lower(char *out, size_t n, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < n; i++)
        out[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    out[i] = 0;
}

static void header_param(const char *name, unsigned long v, void *arg)
{
    char l[32];
    sc_tr_lower(l, sizeof l, name);
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
    sc_tr_lower(l, sizeof l, name);
    if (sc_trace_header(c->t, l) != v) {
        c->t->line = find_hdr(c->t, l)->line;
        sc_trace_fail(c->t, "header %s differs from model %s's %s=%lu", l, c->m->name, name, v);
    }
}


void sc_tr_find_param(const char *name, unsigned long v, void *arg)
{
    param_find *f = arg;
    char l[32];
    (void)v;
    sc_tr_lower(l, sizeof l, name);
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
        sc_tr_each_param(m, sc_tr_find_param, &f);
        for (int k = 0; skip && skip[k] && !f.found; k++) {
            char l[32];
            sc_tr_lower(l, sizeof l, skip[k]);
            f.found = !strcmp(l, t->hdr[i].name);
        }
        if (!f.found) {
            t->line = t->hdr[i].line;
            sc_trace_fail(t, "unknown header line '%s' (model %s has no such parameter)", t->hdr[i].name, m->name);
        }
    }
    header_check c = {t, m, skip};
    sc_tr_each_param(m, check_param, &c);
}

/* ---- a replay on another configuration (--config) ---- */

typedef struct {
    const char *name;  /* sc_tr_lower case */
    int found;
    char upper[32];    /* the registry's name */
    unsigned long v;
} param_get;

static void get_param(const char *name, unsigned long v, void *arg)
{
    param_get *g = arg;
    char l[32];
    sc_tr_lower(l, sizeof l, name);
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
    sc_tr_lower(l, sizeof l, name);
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
        sc_tr_each_param(hm, get_param, &hg);
        sc_tr_each_param(m, get_param, &mg);
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
        sc_tr_each_param(m, other_missing, &c);
    }
}

void sc_trace_write_header(FILE *f, const char *unit, const simt_vl_model *m, int dontcare)
{
    fprintf(f, "simtcheck-trace 1\nunit %s\nconfig %s\nlanes %u\n%s", unit, m->config, m->w,
            dontcare ? "dontcare 1\n" : "");
    sc_tr_each_param(m, header_param, f);
    fprintf(f, "begin\n");
}
