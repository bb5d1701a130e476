/* SPDX-License-Identifier: Apache-2.0 */
/* fst-wavedrom: a WaveDrom timing diagram (JSON) from an FST waveform written by
 * `simtcheck --wave`, for the datasheets (docs/units/UNIT.md, "Timing"; tools/docs/datasheet.py).
 *
 *   fst-wavedrom FILE.fst --from C --to C [--title T] SIG...
 *   fst-wavedrom FILE.fst --list        every signal's hierarchical name and width
 *
 * SIG is NAME, NAME[HI:LO] or NAME[B], optionally followed by =LABEL; NAME is the end of a
 * signal's hierarchical name ("valid_i" matches "TOP.simt_rmask_sb.valid_i"; the shortest full
 * name wins, so a top-level port is found before an internal signal of the same name), and the
 * bits HI..LO (or bit B) of it are drawn (one lane of a packed per-lane port, say). Cycle c is sampled at time 10c: simtcheck dumps every
 * cycle at 10c, after the cycle's inputs are applied and the combinational outputs settled,
 * before the clock edge (tb/core/simtcheck.c, sc_ls_sample), so a registered output shows the
 * value the previous edge gave it. One row per SIG: a 1-bit signal as a level, a wider one as a
 * bus with its value in hex in each cycle where it changes (at most 256 bits: a wider signal is
 * refused, never cut short; draw a slice of it). A clock row comes first.
 * The output is deterministic (the datasheet check compares it byte for byte).
 * Exit 0, or 2 with a message (unreadable file, unknown signal, empty window). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstapi.h"

#define MAX_SIG 64
#define MAX_CYC 256
#define MAX_BITS 256   /* the widest value drawn (64 hex digits); a wider one must be sliced */
#define VAL_CH (MAX_BITS / 4 + MAX_BITS / 32 + 1)

static void die(const char *fmt, const char *a)
{
    fprintf(stderr, "fst-wavedrom: ");
    fprintf(stderr, fmt, a);
    fputc('\n', stderr);
    exit(2);
}

static unsigned long num(const char *opt, const char *s)
{
    char *e;
    errno = 0;
    if (!s || !*s || *s < '0' || *s > '9')
        die("%s needs a number", opt);
    unsigned long v = strtoul(s, &e, 10);
    if (errno || *e || v > 1000000UL)
        die("%s: not a cycle number", opt);
    return v;
}

typedef struct {
    const char *want;   /* the name asked for */
    const char *label;  /* the row's name (not freed: the process ends) */
    char *full;         /* the matched hierarchical name */
    fstHandle h;
    uint32_t len;       /* the signal's width */
    int sliced;         /* bits hi..lo only */
    uint32_t hi, lo;
} sig_t_;

/* a value string of '0'/'1' (MSB first) as hex without leading zeros, an '_' between groups of
 * eight digits (as in Verilog: "1_00000040"), or "x" when a bit is not 0 or 1 */
static void hex_of(const char *v, uint32_t len, char *out, size_t n)
{
    char h[MAX_BITS / 4 + 1];
    size_t o = 0;
    uint32_t first = len % 4 ? len % 4 : 4;
    int lead = 1;
    for (uint32_t i = 0; i < len;) {
        uint32_t k = i == 0 ? first : 4, d = 0;
        for (uint32_t j = 0; j < k; j++, i++) {
            if (v[i] != '0' && v[i] != '1') {
                snprintf(out, n, "x");
                return;
            }
            d = d * 2 + (uint32_t)(v[i] - '0');
        }
        if (lead && d == 0 && i < len)
            continue;
        lead = 0;
        if (o + 1 < sizeof h)
            h[o++] = "0123456789abcdef"[d];
    }
    if (o == 0)
        h[o++] = '0';
    size_t k = 0;
    for (size_t j = 0; j < o && k + 2 < n; j++) {
        if (j > 0 && (o - j) % 8 == 0)
            out[k++] = '_';
        out[k++] = h[j];
    }
    out[k] = 0;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *title = "";
    unsigned long from = 0, to = 0;
    int have_from = 0, have_to = 0, ns = 0, list = 0;
    sig_t_ s[MAX_SIG];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--from")) {
            from = num(a, i + 1 < argc ? argv[++i] : NULL);
            have_from = 1;
        } else if (!strcmp(a, "--to")) {
            to = num(a, i + 1 < argc ? argv[++i] : NULL);
            have_to = 1;
        } else if (!strcmp(a, "--list")) {
            list = 1;
        } else if (!strcmp(a, "--title")) {
            if (i + 1 >= argc)
                die("%s needs a text", a);
            title = argv[++i];
        } else if (a[0] == '-') {
            die("unknown option %s (usage: fst-wavedrom FILE --from C --to C [--title T] SIG...)", a);
        } else if (!path) {
            path = a;
        } else {
            if (ns == MAX_SIG)
                die("more than %s signals", "64");
            char *eq = strchr(a, '=');
            s[ns].want = a;
            if (eq) {
                *eq = 0;
                s[ns].label = eq + 1;
            } else {   /* the label is the name with its slice */
                char *l = malloc(strlen(a) + 1);
                if (!l)
                    die("%s", "out of memory");
                s[ns].label = memcpy(l, a, strlen(a) + 1);
            }
            s[ns].full = NULL;
            s[ns].len = 0;
            s[ns].h = 0;
            s[ns].sliced = 0;
            char *br = strchr(a, '[');
            if (br) {
                unsigned hi, lo;
                char end;
                if (sscanf(br, "[%u:%u%c", &hi, &lo, &end) == 3 && end == ']' && hi >= lo)
                    ;
                else if (sscanf(br, "[%u%c", &hi, &end) == 2 && end == ']')
                    lo = hi;
                else
                    die("signal '%s': a slice is [HI:LO] or [B]", a);
                if (strchr(br, ']')[1])
                    die("signal '%s': nothing may follow the slice but =LABEL", a);
                *br = 0;
                s[ns].sliced = 1;
                s[ns].hi = hi;
                s[ns].lo = lo;
            }
            ns++;
        }
    }
    if (strpbrk(title, "\"\\"))
        die("%s", "--title: no quote or backslash (the text goes into JSON as it is)");
    for (int k = 0; k < ns; k++)
        if (strpbrk(s[k].label, "\"\\"))
            die("signal label '%s': no quote or backslash", s[k].label);
    if (path && list) {
        have_from = have_to = 1;
    } else if (!path || !have_from || !have_to || ns == 0)
        die("%s", "usage: fst-wavedrom FILE --from C --to C [--title T] SIG...");
    if (!list && (to < from || to - from + 1 > MAX_CYC))
        die("%s", "--from/--to: an empty window, or more than 256 cycles");
    void *ctx = fstReaderOpen(path);
    if (!ctx)
        die("cannot read FST file '%s'", path);

    /* the hierarchy: match every SIG */
    char scope[4096] = "";
    struct fstHier *h;
    fstReaderIterateHierRewind(ctx);
    while ((h = fstReaderIterateHier(ctx))) {
        if (h->htyp == FST_HT_SCOPE) {
            size_t l = strlen(scope);
            snprintf(scope + l, sizeof scope - l, "%s%s", l ? "." : "", h->u.scope.name);
        } else if (h->htyp == FST_HT_UPSCOPE) {
            char *dot = strrchr(scope, '.');
            if (dot)
                *dot = 0;
            else
                scope[0] = 0;
        } else if (h->htyp == FST_HT_VAR) {
            char full[4600];
            snprintf(full, sizeof full, "%s.%s", scope, h->u.var.name);
            char *rng = strchr(full + strlen(scope), ' ');   /* "name [3:0]": the range goes */
            if (rng)
                *rng = 0;
            size_t fl = strlen(full);
            if (list)
                printf("%s [%u]\n", full, (unsigned)h->u.var.length);
            for (int k = 0; k < ns; k++) {
                size_t wl = strlen(s[k].want);
                if (fl <= wl || full[fl - wl - 1] != '.' || strcmp(full + fl - wl, s[k].want))
                    continue;
                if (s[k].full && strlen(s[k].full) <= fl)
                    continue;
                free(s[k].full);
                s[k].full = malloc(fl + 1);
                if (!s[k].full)
                    die("%s", "out of memory");
                memcpy(s[k].full, full, fl + 1);
                s[k].h = h->u.var.handle;
                s[k].len = h->u.var.length;
            }
        }
    }
    if (list) {
        fstReaderClose(ctx);
        return 0;
    }
    for (int k = 0; k < ns; k++) {
        if (!s[k].full)
            die("no signal named '%s' in the waveform (--list shows them)", s[k].want);
        if (s[k].sliced && s[k].hi >= s[k].len)
            die("signal '%s': the slice is outside its bits", s[k].want);
    }

    uint64_t t0 = fstReaderGetStartTime(ctx), t1 = fstReaderGetEndTime(ctx);
    if ((uint64_t)from * 10 < t0 || (uint64_t)to * 10 > t1)
        die("%s", "--from/--to: outside the waveform's cycles");

    unsigned long n = to - from + 1;
    size_t maxlen = 0;
    printf("{\"signal\": [\n  {\"name\": \"clk_i\", \"wave\": \"p");
    for (unsigned long c = 1; c < n; c++)
        putchar('.');
    printf("\"}");
    for (int k = 0; k < ns; k++) {
        char *buf = malloc((size_t)s[k].len + 1), *prev = malloc((size_t)s[k].len + 1);
        static char data[MAX_CYC][VAL_CH];
        char wave[MAX_CYC + 1];
        uint32_t shown = s[k].sliced ? s[k].hi - s[k].lo + 1 : s[k].len;
        if (shown > MAX_BITS)
            die("signal '%s' is wider than 256 bits: draw a slice of it, NAME[HI:LO]", s[k].want);
        int nd = 0;
        if (!buf || !prev)
            die("%s", "out of memory");
        prev[0] = 0;
        for (unsigned long c = 0; c < n; c++) {
            char *v = fstReaderGetValueFromHandleAtTime(ctx, (uint64_t)(from + c) * 10, s[k].h, buf);
            if (!v)
                die("cannot read '%s' at a cycle of the window", s[k].want);
            if (s[k].sliced) {   /* MSB first: bit b is character len-1-b */
                v += s[k].len - 1 - s[k].hi;
                v[s[k].hi - s[k].lo + 1] = 0;
            }
            uint32_t w = (uint32_t)strlen(v);
            if (c > 0 && !strcmp(v, prev)) {
                wave[c] = '.';
            } else if (w == 1) {
                wave[c] = (v[0] == '0' || v[0] == '1') ? v[0] : 'x';
            } else {
                wave[c] = '=';
                hex_of(v, w, data[nd], sizeof data[0]);
                if (strlen(data[nd]) > maxlen)
                    maxlen = strlen(data[nd]);
                nd++;
            }
            memcpy(prev, v, (size_t)w + 1);
        }
        wave[n] = 0;
        printf(",\n  {\"name\": \"%s\", \"wave\": \"%s\"", s[k].label, wave);
        if (nd) {
            printf(", \"data\": [");
            for (int d = 0; d < nd; d++)
                printf("%s\"%s\"", d ? ", " : "", data[d]);
            printf("]");
        }
        printf("}");
        free(buf);
        free(prev);
        free(s[k].full);
    }
    /* a cycle wide enough for the widest value: about four characters per unit of hscale */
    unsigned hscale = (unsigned)((maxlen + 3) / 4);
    hscale = hscale < 1 ? 1 : hscale > 4 ? 4 : hscale;
    printf("\n],\n \"head\": {\"text\": \"%s\"},\n \"foot\": {\"text\": \"cycle\", \"tick\": %lu},\n"
           " \"config\": {\"hscale\": %u}}\n", title, from, hscale);
    fstReaderClose(ctx);
    return 0;
}
