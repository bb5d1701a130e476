/* SPDX-License-Identifier: Apache-2.0 */
/* simt_vl.c: lookup of a Verilated model by unit and parameters (simt_vl.h). */
#include "simt_vl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Next "NAME=VALUE" term of s: name and value copied (truncated terms are refused). */
static const char *next_term(const char *s, char *name, size_t nn, char *val, size_t vn, int *bad)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s)
        return NULL;
    const char *e = s;
    while (*e && *e != ' ' && *e != '\t')
        e++;
    const char *eq = memchr(s, '=', (size_t)(e - s));
    *bad = !eq || eq == s || eq + 1 == e || (size_t)(eq - s) >= nn || (size_t)(e - eq - 1) >= vn;
    if (!*bad) {
        memcpy(name, s, (size_t)(eq - s));
        name[eq - s] = 0;
        memcpy(val, eq + 1, (size_t)(e - eq - 1));
        val[e - eq - 1] = 0;
    }
    return e;
}

static int parse_ul(const char *s, unsigned long *v)
{
    char *end;
    if (*s == '-' || *s == '+')
        return -1;
    *v = strtoul(s, &end, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
    return *end ? -1 : 0;
}

int simt_vl_query_ok(const char *q, char *err, unsigned n)
{
    char name[32], val[64];
    int bad = 0;
    unsigned long v;
    for (const char *p = q ? q : ""; (p = next_term(p, name, sizeof name, val, sizeof val, &bad));) {
        if (bad) {
            snprintf(err, n, "query terms are NAME=VALUE (in '%s')", q);
            return 0;
        }
        if (strcmp(name, "config") != 0 && parse_ul(val, &v)) {
            snprintf(err, n, "%s=%s: not a number", name, val);
            return 0;
        }
    }
    return 1;
}

int simt_vl_param(const simt_vl_model *m, const char *want, unsigned long *value)
{
    char name[32], val[64];
    int bad = 0;
    for (const char *p = m->params; (p = next_term(p, name, sizeof name, val, sizeof val, &bad));)
        if (!bad && !strcmp(name, want))
            return parse_ul(val, value);
    return -1;
}

int simt_vl_param_at(const simt_vl_model *m, unsigned i, char *name, unsigned n, unsigned long *value)
{
    char nm[32], val[64];
    int bad = 0;
    for (const char *p = m->params; (p = next_term(p, nm, sizeof nm, val, sizeof val, &bad));) {
        if (bad || i-- > 0)
            continue;
        snprintf(name, n, "%s", nm);
        return parse_ul(val, value);
    }
    return -1;
}

static int matches(const simt_vl_model *m, const char *q)
{
    char name[32], val[64];
    int bad = 0;
    for (const char *p = q ? q : ""; (p = next_term(p, name, sizeof name, val, sizeof val, &bad));) {
        if (bad)
            return 0;
        if (!strcmp(name, "config")) {
            if (strcmp(val, m->config) != 0)
                return 0;
            continue;
        }
        unsigned long want, have;
        if (parse_ul(val, &want) || simt_vl_param(m, name, &have) || want != have)
            return 0;
    }
    return 1;
}

const simt_vl_model *simt_vl_find(const char *unit, const char *query)
{
    const simt_vl_model *first = NULL;
    for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
        if (strcmp(m->unit, unit) != 0 || !matches(m, query))
            continue;
        if (m->is_default)
            return m;
        if (!first)
            first = m;
    }
    return first;
}

static int power_mode = SIMT_VL_POWER_ZERO;
static unsigned power_seed;

void simt_vl_power_up(int mode, unsigned seed)
{
    power_mode = mode;
    power_seed = seed;
}

void simt_vl_power_up_get(int *mode, unsigned *seed)
{
    *mode = power_mode;
    *seed = power_seed;
}
