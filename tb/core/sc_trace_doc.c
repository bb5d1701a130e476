/* SPDX-License-Identifier: Apache-2.0 */
/* sc_trace_doc.c: a unit's section of docs/trace_format.md from its field table (simtcheck UNIT
 * --trace-doc); see sc_trace.c. */
#define _POSIX_C_SOURCE 200809L
#include "sc_trace_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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
    if (sc_tr_lin_parse(f->repeat, &e, err, sizeof err))
        sc_die("internal: trace field '%s': %s", f->name, err);
    e.k -= 1;
    sc_tr_lin_str(&e, last, sizeof last);
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
    sc_tr_lower(l, sizeof l, name);
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
    sc_tr_each_param(dm, doc_param, &pa);
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
            sc_tr_lower(l, sizeof l, name);
            in_dm.name = seen.name = l;
            sc_tr_each_param(dm, sc_tr_find_param, &in_dm);
            for (const simt_vl_model *q = simt_vl_models; q != m && !seen.found; q++)
                if (!strcmp(q->unit, unit))
                    sc_tr_each_param(q, sc_tr_find_param, &seen);
            if (in_dm.found || seen.found)
                continue;
            doc_param(name, v, &pa);
            fprintf(f, "  %-20s   (only in the traces of the configurations that set it:", "");
            const char *last = "";
            for (const simt_vl_model *q = simt_vl_models; q->name; q++) {
                param_find has = {l, 0};
                if (strcmp(q->unit, unit) != 0 || !strcmp(q->config, last))
                    continue;
                sc_tr_each_param(q, sc_tr_find_param, &has);
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
            if (sc_tr_lin_parse(fl->repeat, &c, err, sizeof err))
                sc_die("internal: trace field '%s': %s", fl->name, err);
        } else {
            memset(&c, 0, sizeof c);
            c.k = 1;
        }
        if (!fl->when) {
            sc_tr_lin_sum(&base, &c, 1);
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
        sc_tr_lin_sum(&extra[w], &c, 1);
    }
    char num[96];
    sc_tr_lin_str(&base, num, sizeof num);
    fprintf(f, "\ncycle line: %s hexadecimal fields", num);
    for (unsigned w = 0; w < nw; w++) {
        sc_tr_lin_str(&extra[w], num, sizeof num);
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
