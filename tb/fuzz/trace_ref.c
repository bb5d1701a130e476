/* SPDX-License-Identifier: Apache-2.0 */
/* trace_ref.c: the reference acceptor of docs/trace_format.md (trace_ref.h). Written from the
 * document, not from tb/core/sc_trace.c: a file is a sequence of lines, each ended by a newline;
 * a NUL byte anywhere, or a last line without its newline, is an error. '#' starts a comment;
 * the words of a line are separated by spaces, tabs and carriage returns; a line without words
 * is skipped. The first line is 'simtcheck-trace 1', the second 'unit NAME', then header lines
 * 'name value' (each name once) up to 'begin' alone; config and lanes name the model the trace
 * was recorded on (config one of the unit's configurations), every other name is a parameter of
 * that model in lower case (W is lanes), every parameter is given with the model's value;
 * numbers are decimal without a leading zero, or 0x/0X hexadecimal, at most 2^32 - 1; a
 * 'dontcare' line, 0 or 1, may stand among them. --config names the model of the run: the
 * configuration at lanes, which may differ from the header's model only in the parameters the
 * unit lets differ (its replay_free); without a config line the header is --config's model's. Then one or more cycle lines: the
 * fields of the unit's table in order (a field whose condition does not hold is not written,
 * unless the header says 'dontcare 1': then every field is), each hexadecimal digits only, at
 * most 64 bits, below 2^width. */
#include "trace_ref.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *p;
    size_t n;
} word;

#define MAXW 2048 /* words kept of a line (more are counted): above any valid line's */

static int word_is(word w, const char *s) { return w.n == strlen(s) && !memcmp(w.p, s, w.n); }
static int word_eq(word a, word b) { return a.n == b.n && !memcmp(a.p, b.p, a.n); }

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* ---- numbers ---- */

/* A header number: decimal without a leading zero, or 0x/0X and hexadecimal digits; at most
 * 2^32 - 1. */
static int header_num(word w, uint64_t *v)
{
    uint64_t x = 0;
    if (w.n >= 2 && w.p[0] == '0' && (w.p[1] == 'x' || w.p[1] == 'X')) {
        if (w.n == 2)
            return -1;
        for (size_t i = 2; i < w.n; i++) {
            int d = hexval(w.p[i]);
            if (d < 0)
                return -1;
            x = x * 16 + (uint64_t)d;
            if (x > 0xffffffffu)
                return -1;
        }
    } else {
        if (!w.n || (w.p[0] == '0' && w.n > 1))
            return -1;
        for (size_t i = 0; i < w.n; i++) {
            if (w.p[i] < '0' || w.p[i] > '9')
                return -1;
            x = x * 10 + (uint64_t)(w.p[i] - '0');
            if (x > 0xffffffffu)
                return -1;
        }
    }
    *v = x;
    return 0;
}

/* A cycle-line field: hexadecimal digits only (leading zeros allowed), at most 64 bits. */
static int field_num(word w, uint64_t *v, const char **why)
{
    size_t i = 0;
    for (size_t k = 0; k < w.n; k++)
        if (hexval(w.p[k]) < 0)
            return *why = "a field is not a hexadecimal number", -1;
    while (i < w.n && w.p[i] == '0')
        i++;
    if (w.n - i > 16)
        return *why = "a field is wider than 64 bits", -1;
    uint64_t x = 0;
    for (; i < w.n; i++)
        x = x << 4 | (uint64_t)hexval(w.p[i]);
    *v = x;
    return 0;
}

/* ---- the model's parameters and the table's expressions ---- */

int tref_param(const simt_vl_model *m, const char *name, uint64_t *v)
{
    const char *p = m->params;
    size_t ln = strlen(name);
    while (*p) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        const char *eq = memchr(p, '=', (size_t)(e - p));
        if (eq && (size_t)(eq - p) == ln && !strncmp(p, name, ln)) {
            uint64_t x = 0;
            for (const char *d = eq + 1; d < e; d++) {
                if (*d < '0' || *d > '9')
                    return -1;
                x = x * 10 + (uint64_t)(*d - '0');
            }
            *v = x;
            return 0;
        }
        p = e;
    }
    return -1;
}

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_alnum(char c) { return is_alpha(c) || (c >= '0' && c <= '9'); }

/* A decimal number of an expression at *pp (at least one digit there); *pp moves past it. */
static long expr_dec(const char **pp)
{
    long n = 0;
    while (**pp >= '0' && **pp <= '9')
        n = n * 10 + (*(*pp)++ - '0');
    return n;
}

/* An expression of the table (docs/trace_format.md, simtcheck.h): a sum of terms, each
 * [NUMBER*] then NUMBER, PARAM or clog2(PARAM); clog2(N) = the bits of an index below N, at
 * least 1. */
static int expr_eval(const char *s, const simt_vl_model *m, long *out)
{
    long sum = 0;
    const char *p = s;
    for (;;) {
        long coef = 1, val;
        while (*p == ' ')
            p++;
        if (*p >= '0' && *p <= '9') {
            long n = expr_dec(&p);
            while (*p == ' ')
                p++;
            if (*p != '*') {
                val = n;
                goto term;
            }
            coef = n;
            p++;
            while (*p == ' ')
                p++;
        }
        if (*p >= '0' && *p <= '9') {
            val = expr_dec(&p);
        } else if (is_alpha(*p)) {
            char name[40];
            size_t len = 0;
            while (is_alnum(p[len]) && len + 1 < sizeof name)
                len++;
            memcpy(name, p, len);
            name[len] = 0;
            p += len;
            int log = 0;
            const char *q = p;
            while (*q == ' ')
                q++;
            if (!strcmp(name, "clog2") && *q == '(') {
                q++;
                while (*q == ' ')
                    q++;
                len = 0;
                while (is_alnum(q[len]) && len + 1 < sizeof name)
                    len++;
                if (!len)
                    return -1;
                memcpy(name, q, len);
                name[len] = 0;
                q += len;
                while (*q == ' ')
                    q++;
                if (*q != ')')
                    return -1;
                p = q + 1;
                log = 1;
            }
            uint64_t v;
            if (tref_param(m, name, &v))
                return -1;
            if (log) {
                uint64_t b = 1;
                while (b < 64 && (1ull << b) < v)
                    b++;
                v = b;
            }
            val = (long)v;
        } else {
            return -1;
        }
    term:
        sum += coef * val;
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (*p++ != '+')
            return -1;
    }
    *out = sum;
    return 0;
}

int tref_layout_init(tref_layout *l, const sc_trace_def *def, const simt_vl_model *m, const char **why)
{
    memset(l, 0, sizeof *l);
    l->def = def;
    l->model = m;
    if (!def || def->n > TREF_MAXF)
        return *why = "internal: no table, or too many fields", -1;
    l->nf = def->n;
    for (unsigned i = 0; i < def->n; i++) {
        const sc_field *f = &def->f[i];
        long w, c = 1;
        if (expr_eval(f->width, m, &w) || w < 1 || w > 64)
            return *why = "internal: a width the document does not cover", -1;
        if (f->repeat && (expr_eval(f->repeat, m, &c) || c < 1 || c > 4096))
            return *why = "internal: a repeat count the document does not cover", -1;
        l->width[i] = (unsigned)w;
        l->count[i] = (unsigned)c;
        l->off[i] = l->slots;
        l->slots += (unsigned)c;
        /* "F=v G=w": earlier fields F, G (single, unconditional) have the values v, w */
        for (const char *p = f->when; p && *p;) {
            while (*p == ' ')
                p++;
            if (!*p)
                break;
            const char *eq = strchr(p, '=');
            if (!eq || l->ncond[i] == TREF_MAXC)
                return *why = "internal: a condition the document does not cover", -1;
            unsigned j = 0;
            while (j < i && !(strlen(def->f[j].name) == (size_t)(eq - p) && !strncmp(def->f[j].name, p, (size_t)(eq - p))))
                j++;
            if (j == i || def->f[j].repeat || def->f[j].when)
                return *why = "internal: a condition on no earlier single unconditional field", -1;
            uint64_t v = 0;
            const char *d = eq + 1;
            if (*d < '0' || *d > '9')
                return *why = "internal: a condition value is not a number", -1;
            for (; *d >= '0' && *d <= '9'; d++)
                v = v * 10 + (uint64_t)(*d - '0');
            if (*d && *d != ' ')
                return *why = "internal: a condition value is not a decimal number", -1;
            l->cond_f[i][l->ncond[i]] = j;
            l->cond_v[i][l->ncond[i]++] = v;
            p = d;
        }
    }
    return 0;
}

/* ---- lines ---- */

typedef struct {
    const unsigned char *data;
    size_t n, pos;
    unsigned line;     /* the current line's number (1-based) */
    word w[MAXW];
    size_t nw;         /* words on the line (may exceed MAXW; w holds the first MAXW) */
} reader;

/* The next line with words: 1, 0 at the end of the file, -1 on an error (*why). */
static int next_line(reader *rd, const char **why)
{
    while (rd->pos < rd->n) {
        const unsigned char *s = rd->data + rd->pos;
        size_t left = rd->n - rd->pos;
        const unsigned char *nl = memchr(s, '\n', left);
        size_t len = nl ? (size_t)(nl - s) : left;
        rd->line++;
        if (memchr(s, 0, len))
            return *why = "a NUL byte", -1;
        if (!nl)
            return *why = "the last line has no newline", -1;
        rd->pos += len + 1;
        const unsigned char *h = memchr(s, '#', len);
        if (h)
            len = (size_t)(h - s);
        rd->nw = 0;
        for (size_t i = 0; i < len;) {
            while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
                i++;
            if (i == len)
                break;
            size_t b = i;
            while (i < len && s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
                i++;
            if (rd->nw < MAXW)
                rd->w[rd->nw] = (word){s + b, i - b};
            rd->nw++;
        }
        if (rd->nw)
            return 1;
    }
    return 0;
}

int tref_unit_word(const unsigned char *data, size_t n, char *out, size_t cap)
{
    static reader rd;
    const char *why;
    memset(&rd, 0, sizeof rd);
    rd.data = data;
    rd.n = n;
    if (next_line(&rd, &why) != 1 || next_line(&rd, &why) != 1)
        return -1;
    if (rd.nw != 2 || !word_is(rd.w[0], "unit") || rd.w[1].n >= cap)
        return -1;
    memcpy(out, rd.w[1].p, rd.w[1].n);
    out[rd.w[1].n] = 0;
    return 0;
}

/* ---- the file ---- */

#define MAXH 256

static void fail(tref_result *r, const reader *rd, const char *why)
{
    r->ok = 0;
    r->line = rd->line;
    r->why = why;
}

static void lower(char *out, size_t cap, const char *s)
{
    size_t i = 0;
    for (; s[i] && i + 1 < cap; i++)
        out[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]);
    out[i] = 0;
}

/* The k-th parameter name of m, in its parameter string: 0, or -1 past the last. */
static int param_name(const simt_vl_model *m, unsigned k, char *nm, size_t cap)
{
    const char *p = m->params;
    for (;;) {
        while (*p == ' ')
            p++;
        if (!*p)
            return -1;
        size_t len = strcspn(p, "= ");
        if (!k--) {
            if (len >= cap)
                return -1;
            memcpy(nm, p, len);
            nm[len] = 0;
            return 0;
        }
        p += strcspn(p, " ");
    }
}

/* A model of the unit: config and W. */
static const simt_vl_model *ref_model(const char *unit, word config, uint64_t w)
{
    for (const simt_vl_model *k = simt_vl_models; k->name; k++)
        if (!strcmp(k->unit, unit) && word_is(config, k->config) && k->w == w)
            return k;
    return NULL;
}

/* The header's lines against model m: every name config, lanes, dontcare or a parameter of m
 * (lower case; W is lanes), every parameter of m but W given, with m's value. */
static const char *own_params(const word *hn, const word *hv, unsigned nh, const simt_vl_model *m)
{
    for (unsigned i = 0; i < nh; i++) {
        if (word_is(hn[i], "config") || word_is(hn[i], "lanes") || word_is(hn[i], "dontcare"))
            continue;
        int known = 0;
        char nm[64], lnm[64];
        for (unsigned k = 0; !known && param_name(m, k, nm, sizeof nm) == 0; k++) {
            lower(lnm, sizeof lnm, nm);
            known = strcmp(nm, "W") != 0 && word_is(hn[i], lnm);
        }
        if (!known)
            return "a header line names no parameter of the model";
    }
    char nm[64], lnm[64];
    for (unsigned k = 0; param_name(m, k, nm, sizeof nm) == 0; k++) {
        if (!strcmp(nm, "W"))
            continue;
        lower(lnm, sizeof lnm, nm);
        int at = -1;
        for (unsigned i = 0; i < nh; i++)
            if (word_is(hn[i], lnm))
                at = (int)i;
        if (at < 0)
            return "a parameter of the model is missing";
        uint64_t want, got;
        if (tref_param(m, nm, &want))
            return "internal: a parameter without a value";
        if (header_num(hv[at], &got))
            return "a parameter's value is not a number of the header";
        if (got != want)
            return "a parameter differs from the model's";
    }
    return NULL;
}

static int in_list(const char *const *l, const char *s)
{
    for (unsigned i = 0; l && l[i]; i++)
        if (!strcmp(l[i], s))
            return 1;
    return 0;
}

/* Every parameter (but W) that a or b has, with a different value or in one of them only, is
 * one of free_ (the unit's: may differ when --config names another configuration). */
static const char *differ_only_in(const simt_vl_model *a, const simt_vl_model *b, const char *const *free_)
{
    char nm[64];
    for (int side = 0; side < 2; side++) {
        const simt_vl_model *x = side ? b : a, *y = side ? a : b;
        for (unsigned k = 0; param_name(x, k, nm, sizeof nm) == 0; k++) {
            uint64_t vx, vy;
            if (!strcmp(nm, "W") || tref_param(x, nm, &vx))
                continue;
            if (!tref_param(y, nm, &vy) && vx == vy)
                continue;
            if (!in_list(free_, nm))
                return "the trace's model and --config's differ in a parameter that may not differ";
        }
    }
    return NULL;
}

/* The header's rules (all its lines read): the header is its own model's (its config one of
 * the unit's, with a model at lanes; every name known, every parameter given with that model's
 * value); --config (config, NULL: none) picks the model of the run, which may differ from the
 * header's only in free_ parameters; without a config line, --config's model is the header's. */
static const char *check_header(const word *hn, const word *hv, unsigned nh, const char *unit,
                                const sc_trace_def *def, const char *config, const char *const *free_,
                                tref_layout *lay, int *all)
{
    int ic = -1, il = -1, id = -1;
    for (unsigned i = 0; i < nh; i++) {
        if (word_is(hn[i], "config"))
            ic = (int)i;
        if (word_is(hn[i], "lanes"))
            il = (int)i;
        if (word_is(hn[i], "dontcare"))
            id = (int)i;
    }
    uint64_t dc = 0;
    if (id >= 0 && (header_num(hv[id], &dc) || dc > 1))
        return "dontcare is not 0 or 1";
    *all = dc == 1;
    if (il < 0)
        return "no lanes line";
    if (ic < 0 && !config)
        return "no config line, and no --config";
    uint64_t lanes;
    if (header_num(hv[il], &lanes))
        return "lanes is not a number of the header";
    const simt_vl_model *hm = NULL, *m;
    const char *why;
    if (ic >= 0) {
        int known = 0;
        for (const simt_vl_model *k = simt_vl_models; k->name && !known; k++)
            known = !strcmp(k->unit, unit) && word_is(hv[ic], k->config);
        if (!known)
            return "the header's config is no configuration of the unit";
        hm = ref_model(unit, hv[ic], lanes);
        if (!hm)
            return "no model of the unit with the header's config and lanes";
        if ((why = own_params(hn, hv, nh, hm)))
            return why;
    }
    if (config) {
        m = ref_model(unit, (word){(const unsigned char *)config, strlen(config)}, lanes);
        if (!m)
            return "no model of the unit with --config and the header's lanes";
    } else {
        m = hm;
    }
    if (!hm && (why = own_params(hn, hv, nh, m)))
        return why;
    if (hm && m != hm && (why = differ_only_in(hm, m, free_)))
        return why;
    if (tref_layout_init(lay, def, m, &why))
        return why;
    return NULL;
}

void tref_check(const unsigned char *data, size_t n, const char *unit, const sc_trace_def *def, const char *config,
                const char *const *replay_free, tref_result *r)
{
    static reader rd;
    static word hn[MAXH], hv[MAXH];
    uint64_t *vals = r->vals;
    size_t cap = r->cap;
    memset(r, 0, sizeof *r);
    r->vals = vals;
    r->cap = cap;
    memset(&rd, 0, sizeof rd);
    rd.data = data;
    rd.n = n;
    const char *why = NULL;
    int k = next_line(&rd, &why);
    if (k <= 0)
        return fail(r, &rd, k < 0 ? why : "an empty file");
    if (rd.nw != 2 || !word_is(rd.w[0], "simtcheck-trace") || !word_is(rd.w[1], "1"))
        return fail(r, &rd, "the first line is not 'simtcheck-trace 1'");
    k = next_line(&rd, &why);
    if (k <= 0)
        return fail(r, &rd, k < 0 ? why : "no unit line");
    if (rd.nw != 2 || !word_is(rd.w[0], "unit") || !word_is(rd.w[1], unit))
        return fail(r, &rd, "the second line is not 'unit UNIT'");
    unsigned nh = 0;
    for (;;) {
        k = next_line(&rd, &why);
        if (k <= 0)
            return fail(r, &rd, k < 0 ? why : "no begin line");
        if (word_is(rd.w[0], "begin")) {
            if (rd.nw != 1)
                return fail(r, &rd, "'begin' with more words");
            break;
        }
        if (rd.nw != 2)
            return fail(r, &rd, "a header line is not 'name value'");
        for (unsigned i = 0; i < nh; i++)
            if (word_eq(hn[i], rd.w[0]))
                return fail(r, &rd, "a header line given twice");
        if (nh == MAXH) /* then some name is unknown: the header is refused anyway */
            return fail(r, &rd, "too many header lines");
        hn[nh] = rd.w[0];
        hv[nh++] = rd.w[1];
    }
    unsigned begin_line = rd.line;
    int all = 0; /* dontcare 1: every field on every line */
    why = check_header(hn, hv, nh, unit, def, config, replay_free, &r->lay, &all);
    if (why)
        return fail(r, &rd, why);
    const tref_layout *l = &r->lay;
    r->in_body = 1;
    for (;;) {
        k = next_line(&rd, &why);
        if (k < 0)
            return fail(r, &rd, why);
        if (!k)
            break;
        if ((r->cycles + 1) * l->slots > r->cap) {
            size_t nc = r->cap ? 2 * r->cap : 4096;
            while (nc < (r->cycles + 1) * l->slots)
                nc *= 2;
            uint64_t *nv = realloc(r->vals, nc * sizeof *nv);
            if (!nv)
                abort();
            r->vals = nv;
            r->cap = nc;
        }
        uint64_t *v = r->vals + r->cycles * l->slots;
        memset(v, 0, l->slots * sizeof *v);
        size_t t = 0; /* the next word */
        for (unsigned i = 0; i < l->nf; i++) {
            int on = 1;
            for (unsigned c = 0; !all && c < l->ncond[i]; c++)
                on &= v[l->off[l->cond_f[i][c]]] == l->cond_v[i][c];
            if (!on)
                continue;
            for (unsigned j = 0; j < l->count[i]; j++, t++) {
                if (t >= rd.nw || t >= MAXW)
                    return fail(r, &rd, "too few fields");
                uint64_t x;
                if (field_num(rd.w[t], &x, &why))
                    return fail(r, &rd, why);
                if (l->width[i] < 64 && x >> l->width[i])
                    return fail(r, &rd, "a value too wide for its field");
                v[l->off[i] + j] = x;
            }
        }
        if (t != rd.nw)
            return fail(r, &rd, "too many fields");
        r->cycles++;
    }
    if (!r->cycles) {
        rd.line = begin_line;
        return fail(r, &rd, "no cycle line");
    }
    r->ok = 1;
    r->in_body = 0;
}

void tref_free(tref_result *r)
{
    free(r->vals);
    r->vals = NULL;
    r->cap = 0;
}
