/* SPDX-License-Identifier: Apache-2.0 */
/* trace_fuzz.c: libFuzzer target of the trace parser (tb/core/sc_trace.c; make fuzz,
 * tb/fuzz/fuzz.mk, docs/trace_format.md "Fuzzing").
 *
 * An input is a trace file's bytes. For the unit its 'unit' line names (and, for one input in
 * eight or when it names none, another unit; and for one in four again with --config, one of
 * the unit's configurations), it runs
 *   - the real parser, as a driver does: sc_open_model() on the bytes (a memfd, opened by its
 *     /proc/self/fd path), then sc_trace_read() to the end; errors come back through
 *     sc_error_hook (longjmp) instead of exit(2);
 *   - the reference acceptor (trace_ref.c), written from the document;
 * and aborts (a finding: "fuzz: DISAGREEMENT ...") when they differ: valid or malformed, the
 * number of cycle lines and every value of every field of a valid file (of the lines before the
 * error of a malformed one), the line of an error in a cycle line (the header being valid), and
 * every error must be 'file:line: reason'.
 *
 * A byte-mutating fuzzer makes malformed files; the custom mutator also writes valid traces of
 * random models (header in random order, numbers in every allowed form, comments, blank lines,
 * tabs, CRLF, leading zeros) and valid traces with one or two targeted corruptions.
 *
 * Environment: FUZZ_STATS=FILE gets the counts (at exit and every 10^4 executions);
 * FUZZ_RUNS=N and FUZZ_PROGRESS=N: a progress line on stdout every N executions (default N/10);
 * FUZZ_VERBOSE=1: one line per input with the parser's verdict (the named unit, no --config);
 * FUZZ_CONFIGS=all: each input also with --config, every configuration of its unit (make
 * fuzz-fixtures). */
#define _GNU_SOURCE
#include <inttypes.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "simtcheck.h"
#include "trace_ref.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

/* ---- the units ---- */

#define MAXU 32
#define MAXM 64
typedef struct {
    const sc_unit *u;
    const simt_vl_model *models[MAXM];
    unsigned nm;
    void *line;       /* the unit's line struct, as large as its table reaches */
} unit_info;
static unit_info units[MAXU];
static unsigned nunits, nmodels;

static int memfd = -1;
static char memfd_path[64];
static FILE *devnull;

static struct {
    uint64_t execs, valid, malformed, parses, disagreements;
    uint64_t config_checks, config_valid; /* checks with --config, and how many of them valid */
} st;
static const char *stats_path;
static uint64_t progress_every, runs_total;
static int verbose, all_configs;
static struct timespec t_start;

static double elapsed(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t_start.tv_sec) + (double)(t.tv_nsec - t_start.tv_nsec) / 1e9;
}

static void write_stats(void)
{
    if (!stats_path)
        return;
    FILE *f = fopen(stats_path, "w");
    if (!f)
        return;
    fprintf(f, "executions %" PRIu64 "\nvalid %" PRIu64 "\nmalformed %" PRIu64 "\nparses %" PRIu64
               "\ndisagreements %" PRIu64 "\nconfig_checks %" PRIu64 "\nconfig_valid %" PRIu64 "\nseconds %.1f\n",
            st.execs, st.valid, st.malformed, st.parses, st.disagreements, st.config_checks, st.config_valid,
            elapsed());
    fclose(f);
}

/* A field's value k in a line struct (the table's offset and member size). */
static uint64_t ld(const void *line, const sc_field *f, unsigned k)
{
    const unsigned char *p = (const unsigned char *)line + f->off + (size_t)k * f->size;
    uint8_t a;
    uint16_t b;
    uint32_t c;
    uint64_t d;
    switch (f->size) {
    case 1: memcpy(&a, p, 1); return a;
    case 2: memcpy(&b, p, 2); return b;
    case 4: memcpy(&c, p, 4); return c;
    default: memcpy(&d, p, 8); return d;
    }
}

/* ---- the real parser, errors caught ---- */

static jmp_buf jb;
static char hook_msg[1024];

static void hook(const char *msg)
{
    snprintf(hook_msg, sizeof hook_msg, "%s", msg);
    longjmp(jb, 1);
}

typedef struct {
    int ok;
    int in_read;      /* the error came from sc_trace_read (the header was accepted) */
    int has_line;     /* the message is "file:line: reason" */
    unsigned line;
    uint64_t cycles;  /* cycle lines returned */
    int val_bad;      /* a value differs from the reference's (first one below) */
    uint64_t bad_cycle, bad_par, bad_ref;
    unsigned bad_field, bad_k;
    const simt_vl_model *model;
} par_result;

static par_result par;
static sc_trace tr;
static sc_opts opts;
static sc_run run;

static void run_parser(const unit_info *ui, const tref_result *ref, size_t size, const char *config)
{
    memset(&par, 0, sizeof par);
    memset(&tr, 0, sizeof tr);
    memset(&opts, 0, sizeof opts);
    memset(&run, 0, sizeof run);
    opts.unit = ui->u->name;
    opts.trace_in = memfd_path;
    opts.config = config;
    opts.max_report = 10;
    opts.at_speed = 1;
    run.o = &opts;
    run.unit = ui->u;
    run.stop_after = UINT64_MAX;
    FILE *saved = stderr, *saved_out = stdout;
    stderr = devnull; /* find_model() lists the unit's models on stderr before it fails */
    stdout = devnull; /* a replay on another configuration prints its notes */
    sc_error_hook = hook;
    st.parses++;
    if (!setjmp(jb)) {
        par.model = sc_open_model(&run, &tr, 0);
        par.in_read = 1;
        const sc_trace_def *d = ui->u->trace;
        while (sc_trace_read(&tr, ui->line)) {
            if (!par.val_bad && par.cycles < ref->cycles && ref->lay.model == par.model)
                for (unsigned i = 0; i < d->n && !par.val_bad; i++)
                    for (unsigned k = 0; k < ref->lay.count[i] && !par.val_bad; k++) {
                        uint64_t a = ld(ui->line, &d->f[i], k);
                        uint64_t b = ref->vals[par.cycles * ref->lay.slots + ref->lay.off[i] + k];
                        if (a != b) {
                            par.val_bad = 1;
                            par.bad_cycle = par.cycles;
                            par.bad_field = i;
                            par.bad_k = k;
                            par.bad_par = a;
                            par.bad_ref = b;
                        }
                    }
            par.cycles++;
        }
        par.ok = 1;
    } else {
        size_t pl = strlen(memfd_path);
        char *end;
        if (!strncmp(hook_msg, memfd_path, pl) && hook_msg[pl] == ':' && hook_msg[pl + 1] >= '0' &&
            hook_msg[pl + 1] <= '9') {
            unsigned long ln = strtoul(hook_msg + pl + 1, &end, 10);
            /* line 0: an empty file, which has no line */
            par.has_line = end[0] == ':' && end[1] == ' ' && (ln > 0 || size == 0);
            par.line = (unsigned)ln;
        }
    }
    sc_error_hook = NULL;
    stderr = saved;
    stdout = saved_out;
    sc_trace_close(&tr);
}

static const char *cur_config; /* --config of the check (NULL: none) */

static void disagree(const uint8_t *data, size_t size, const unit_info *ui, const tref_result *ref, const char *what)
{
    st.disagreements++;
    write_stats();
    fprintf(stderr, "fuzz: DISAGREEMENT (unit %s%s%s): %s\n", ui->u->name, cur_config ? ", --config " : "",
            cur_config ? cur_config : "", what);
    fprintf(stderr, "fuzz:   reference: %s", ref->ok ? "valid" : "malformed");
    if (ref->ok)
        fprintf(stderr, ", model %s, %" PRIu64 " cycle lines\n", ref->lay.model->name, ref->cycles);
    else
        fprintf(stderr, " at line %u (%s; %s)\n", ref->line, ref->why, ref->in_body ? "a cycle line" : "the header");
    fprintf(stderr, "fuzz:   parser:    %s", par.ok ? "valid" : "malformed");
    if (par.ok)
        fprintf(stderr, ", model %s, %" PRIu64 " cycle lines\n", par.model ? par.model->name : "?", par.cycles);
    else
        fprintf(stderr, ": %s (%s)\n", hook_msg, par.in_read ? "a cycle line" : "the header");
    if (par.val_bad)
        fprintf(stderr, "fuzz:   cycle %" PRIu64 " field %s[%u]: parser 0x%" PRIx64 ", reference 0x%" PRIx64 "\n",
                par.bad_cycle, ui->u->trace->f[par.bad_field].name, par.bad_k, par.bad_par, par.bad_ref);
    fprintf(stderr, "fuzz:   input (%zu bytes):\n", size);
    fwrite(data, 1, size < 4096 ? size : 4096, stderr);
    fprintf(stderr, "\n");
    abort();
}

static void check_unit(const uint8_t *data, size_t size, const unit_info *ui, const char *config, tref_result *ref,
                       int *valid)
{
    cur_config = config;
    tref_check(data, size, ui->u->name, ui->u->trace, config, ui->u->replay_free, ref);
    if (!ref->ok && !strncmp(ref->why, "internal", 8))
        disagree(data, size, ui, ref, "the reference cannot resolve the unit's table");
    run_parser(ui, ref, size, config);
    char what[256];
    if (ref->ok != par.ok)
        disagree(data, size, ui, ref, ref->ok ? "a valid trace refused" : "a malformed trace accepted");
    if (par.val_bad)
        disagree(data, size, ui, ref, "a value differs");
    if (config) {
        st.config_checks++;
        st.config_valid += par.ok;
    }
    if (par.ok) {
        if (par.model != ref->lay.model)
            disagree(data, size, ui, ref, "another model");
        if (par.cycles != ref->cycles)
            disagree(data, size, ui, ref, "another number of cycle lines");
        *valid = 1;
        return;
    }
    if (!par.has_line)
        disagree(data, size, ui, ref, "an error without 'file:line: reason'");
    if (ref->in_body != par.in_read)
        disagree(data, size, ui, ref,
                 ref->in_body ? "the parser refuses a header the reference accepts"
                              : "the parser accepts a header the reference refuses");
    if (ref->in_body && ref->line != par.line) {
        snprintf(what, sizeof what, "the error's line: %u, the reference's %u", par.line, ref->line);
        disagree(data, size, ui, ref, what);
    }
    if (ref->in_body && par.cycles != ref->cycles)
        disagree(data, size, ui, ref, "another number of cycle lines before the error");
}

/* ---- the generator (custom mutator) ---- */

typedef struct {
    uint64_t s;
} rng;
static uint64_t rnext(rng *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static unsigned rnd(rng *g, unsigned n) { return n ? (unsigned)(rnext(g) % n) : 0; }

/* The file as lines of words (a word is text without white space; a comment is a word). */
#define GMAXL 512
#define GMAXW 32768
#define GPOOL (1u << 20)
static struct {
    char pool[GPOOL];
    size_t used;
    unsigned woff[GMAXW], wlen[GMAXW], nw;
    unsigned lfirst[GMAXL], lnw[GMAXL], nl;
    int overflow;
} G;

static void g_reset(void) { G.used = G.nw = G.nl = 0, G.overflow = 0; }
static void g_line(void)
{
    if (G.nl == GMAXL) {
        G.overflow = 1;
        return;
    }
    G.lfirst[G.nl] = G.nw;
    G.lnw[G.nl++] = 0;
}
static void g_word(const char *s)
{
    size_t n = strlen(s);
    if (!G.nl || G.nw == GMAXW || G.used + n > GPOOL) {
        G.overflow = 1;
        return;
    }
    memcpy(G.pool + G.used, s, n);
    G.woff[G.nw] = (unsigned)G.used;
    G.wlen[G.nw++] = (unsigned)n;
    G.used += n;
    G.lnw[G.nl - 1]++;
}

/* A header number in one of its forms. */
static void fmt_header_num(rng *g, uint64_t v, char *out, size_t n)
{
    unsigned r = rnd(g, 16);
    if (r < 9)
        snprintf(out, n, "%" PRIu64, v);
    else if (r < 12)
        snprintf(out, n, "0x%" PRIx64, v);
    else if (r < 13)
        snprintf(out, n, "0X%" PRIX64, v);
    else {
        unsigned z = rnd(g, 8) == 0 ? 60 + rnd(g, 20) : rnd(g, 4);
        size_t o = (size_t)snprintf(out, n, "0x");
        for (unsigned i = 0; i < z && o + 1 < n; i++)
            out[o++] = '0';
        snprintf(out + o, n - o, rnd(g, 2) ? "%" PRIx64 : "%" PRIX64, v);
    }
}

/* A field value in one of its forms (hexadecimal digits, any case, leading zeros). */
static void fmt_field(rng *g, uint64_t v, char *out, size_t n)
{
    unsigned r = rnd(g, 16), z = 0;
    if (r == 0)
        z = rnd(g, 24);
    else if (r < 3)
        z = 1 + rnd(g, 3);
    size_t o = 0;
    for (unsigned i = 0; i < z && o + 1 < n; i++)
        out[o++] = '0';
    snprintf(out + o, n - o, rnd(g, 6) == 0 ? "%" PRIX64 : "%" PRIx64, v);
    if (rnd(g, 12) == 0) /* mixed case */
        for (char *c = out; *c; c++)
            if (*c >= 'a' && *c <= 'f' && rnd(g, 2))
                *c = (char)(*c - 'a' + 'A');
}

static uint64_t pick_value(rng *g, unsigned width)
{
    uint64_t max = width >= 64 ? ~0ull : (1ull << width) - 1;
    switch (rnd(g, 6)) {
    case 0: return 0;
    case 1: return 1 & max;
    case 2: return max;
    case 3: return rnd(g, 4) & max;
    default: return rnext(g) & max;
    }
}

/* A valid trace of a random model of a random unit, as lines of words. Returns the unit. */
static const unit_info *gen_valid(rng *g, tref_layout *lay)
{
    const unit_info *ui = &units[rnd(g, nunits)];
    const simt_vl_model *m = ui->models[rnd(g, ui->nm)];
    const char *why;
    if (tref_layout_init(lay, ui->u->trace, m, &why))
        abort();
    char buf[256], nm[64];
    g_reset();
    if (rnd(g, 8) == 0) {
        g_line();
        g_word("#");
    }
    g_line();
    g_word("simtcheck-trace");
    g_word("1");
    g_line();
    g_word("unit");
    g_word(ui->u->name);
    /* header: config, lanes and the parameters, in random order */
    struct {
        char name[64], val[256];
    } h[40];
    unsigned nh = 0;
    snprintf(h[nh].name, sizeof h[0].name, "config");
    snprintf(h[nh++].val, sizeof h[0].val, "%s", m->config);
    snprintf(h[nh].name, sizeof h[0].name, "lanes");
    fmt_header_num(g, m->w, h[nh++].val, sizeof h[0].val);
    /* one in four: a 'dontcare' line (1: every field on every line), 0 or 1 */
    int all = 0;
    if (!rnd(g, 4)) {
        all = rnd(g, 4) != 0;
        snprintf(h[nh].name, sizeof h[0].name, "dontcare");
        fmt_header_num(g, (uint64_t)all, h[nh++].val, sizeof h[0].val);
    }
    for (const char *p = m->params; *p && nh < 40;) {
        while (*p == ' ')
            p++;
        size_t len = strcspn(p, "=");
        if (len < sizeof nm) {
            memcpy(nm, p, len);
            nm[len] = 0;
            uint64_t v;
            if (strcmp(nm, "W") != 0 && !tref_param(m, nm, &v)) {
                for (size_t i = 0; i <= len; i++)
                    h[nh].name[i] = (char)(nm[i] >= 'A' && nm[i] <= 'Z' ? nm[i] - 'A' + 'a' : nm[i]);
                fmt_header_num(g, v, h[nh++].val, sizeof h[0].val);
            }
        }
        p += strcspn(p, " ");
    }
    for (unsigned i = nh; i > 1; i--) {
        unsigned j = rnd(g, i);
        char tn[64], tv[256];
        memcpy(tn, h[i - 1].name, sizeof tn);
        memcpy(tv, h[i - 1].val, sizeof tv);
        memcpy(h[i - 1].name, h[j].name, sizeof tn);
        memcpy(h[i - 1].val, h[j].val, sizeof tv);
        memcpy(h[j].name, tn, sizeof tn);
        memcpy(h[j].val, tv, sizeof tv);
    }
    for (unsigned i = 0; i < nh; i++) {
        g_line();
        g_word(h[i].name);
        g_word(h[i].val);
    }
    g_line();
    g_word("begin");
    /* cycle lines; a condition's field often takes the condition's value */
    unsigned ncyc = rnd(g, 8) ? 1 + rnd(g, 4) : 1 + rnd(g, 40);
    uint64_t v[TREF_MAXF];
    for (unsigned c = 0; c < ncyc && !G.overflow; c++) {
        g_line();
        for (unsigned i = 0; i < lay->nf; i++) {
            int on = 1;
            for (unsigned k = 0; !all && k < lay->ncond[i]; k++)
                on &= v[lay->cond_f[i][k]] == lay->cond_v[i][k];
            if (!on)
                continue;
            for (unsigned k = 0; k < lay->count[i]; k++) {
                uint64_t x = pick_value(g, lay->width[i]);
                /* a field some condition names: often the condition's value */
                for (unsigned j = i + 1; j < lay->nf; j++)
                    for (unsigned q = 0; q < lay->ncond[j]; q++)
                        if (lay->cond_f[j][q] == i && rnd(g, 3))
                            x = lay->cond_v[j][q];
                if (k == 0)
                    v[i] = x;
                fmt_field(g, x, buf, sizeof buf);
                g_word(buf);
            }
        }
    }
    return ui;
}

/* Serialises the lines into out (at most max bytes): words separated by spaces and tabs, now
 * and then comments, blank lines, CRLF, leading and trailing white space. */
static size_t g_write(rng *g, uint8_t *out, size_t max)
{
    size_t o = 0;
    int fancy = rnd(g, 3) == 0;
#define PUT(c)                     \
    do {                           \
        if (o >= max)              \
            return 0;              \
        out[o++] = (uint8_t)(c);   \
    } while (0)
    for (unsigned l = 0; l < G.nl; l++) {
        if (fancy && rnd(g, 10) == 0) { /* a blank or comment line */
            if (rnd(g, 2))
                PUT(' ');
            if (rnd(g, 2)) {
                PUT('#');
                PUT(' ');
                PUT('x');
            }
            PUT('\n');
        }
        if (fancy && rnd(g, 8) == 0)
            PUT(rnd(g, 2) ? ' ' : '\t');
        for (unsigned w = 0; w < G.lnw[l]; w++) {
            unsigned k = G.lfirst[l] + w;
            if (w) {
                PUT(fancy && rnd(g, 6) == 0 ? '\t' : ' ');
                if (fancy && rnd(g, 8) == 0)
                    PUT(rnd(g, 4) ? ' ' : '\r');
            }
            for (unsigned i = 0; i < G.wlen[k]; i++)
                PUT(G.pool[G.woff[k] + i]);
        }
        if (fancy && rnd(g, 8) == 0)
            PUT(rnd(g, 2) ? ' ' : '\t');
        if (fancy && rnd(g, 10) == 0) {
            PUT('#');
            PUT('c');
        }
        if (fancy && rnd(g, 12) == 0)
            PUT('\r');
        PUT('\n');
    }
#undef PUT
    return o;
}

static const char *const bad_words[] = {"0x1", "+1", "-1", "g", "1.0", "1_0", "0x", "", "begin", "unit", "lanes", "config",
                                        "simtcheck-trace", "#", "18446744073709551616", "10000000000000000",
                                        "00000000000000000000001", "04", "4294967296", "0x100000000", "w", "W",
                                        "\v", "\f", "1\v", "ff\r", "1#2", "nosuch", "area2", "01"};

/* One targeted corruption of the lines (the reference decides what it makes of them). */
static void g_corrupt(rng *g, const tref_layout *lay)
{
    if (!G.nl)
        return;
    unsigned l = rnd(g, G.nl);
    unsigned op = rnd(g, 10);
    if (op == 0 && G.nl > 1) { /* a line dropped */
        G.lnw[l] = 0;
        return;
    }
    if (op == 1 && G.nl < GMAXL) { /* a line given twice */
        memmove(&G.lfirst[l + 1], &G.lfirst[l], (G.nl - l) * sizeof G.lfirst[0]);
        memmove(&G.lnw[l + 1], &G.lnw[l], (G.nl - l) * sizeof G.lnw[0]);
        G.nl++;
        return;
    }
    if (op == 2 && G.nl > 1) { /* two lines swapped */
        unsigned k = rnd(g, G.nl), f = G.lfirst[l], n = G.lnw[l];
        G.lfirst[l] = G.lfirst[k], G.lnw[l] = G.lnw[k];
        G.lfirst[k] = f, G.lnw[k] = n;
        return;
    }
    if (!G.lnw[l])
        return;
    unsigned w = G.lfirst[l] + rnd(g, G.lnw[l]);
    char buf[256];
    switch (op) {
    case 3: /* a word dropped */
        memmove(&G.woff[w], &G.woff[w + 1], (G.nw - w - 1) * sizeof G.woff[0]);
        memmove(&G.wlen[w], &G.wlen[w + 1], (G.nw - w - 1) * sizeof G.wlen[0]);
        G.nw--;
        G.lnw[l]--;
        for (unsigned k = l + 1; k < G.nl; k++)
            if (G.lfirst[k] > w)
                G.lfirst[k]--;
        return;
    case 4: /* a word replaced by a bad one */
        snprintf(buf, sizeof buf, "%s", bad_words[rnd(g, sizeof bad_words / sizeof bad_words[0])]);
        break;
    case 5: { /* a number one off, or a value one bit too wide */
        unsigned width = lay->width[rnd(g, lay->nf)];
        if (rnd(g, 2) && width < 64)
            snprintf(buf, sizeof buf, "%" PRIx64, (uint64_t)1 << width);
        else
            snprintf(buf, sizeof buf, "%.*s1", (int)G.wlen[w], G.pool + G.woff[w]);
        break;
    }
    case 6: /* another model's width or configuration (may be valid: another model) */
        if (rnd(g, 2))
            snprintf(buf, sizeof buf, "%u", 1u << rnd(g, 8));
        else
            snprintf(buf, sizeof buf, "%s", simt_vl_models[rnd(g, nmodels)].config);
        break;
    default: { /* a word given twice, or a word appended to the line */
        if (G.nw == GMAXW)
            return;
        memmove(&G.woff[w + 1], &G.woff[w], (G.nw - w) * sizeof G.woff[0]);
        memmove(&G.wlen[w + 1], &G.wlen[w], (G.nw - w) * sizeof G.wlen[0]);
        G.nw++;
        G.lnw[l]++;
        for (unsigned k = l + 1; k < G.nl; k++)
            if (G.lfirst[k] > w)
                G.lfirst[k]++;
        if (op == 9) {
            snprintf(buf, sizeof buf, "%x", rnd(g, 3));
            w = w + 1;
            break;
        }
        return;
    }
    }
    size_t n = strlen(buf);
    if (G.used + n > GPOOL)
        return;
    memcpy(G.pool + G.used, buf, n);
    G.woff[w] = (unsigned)G.used;
    G.wlen[w] = (unsigned)n;
    G.used += n;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    rng g = {seed * 0x2545f4914f6cdd1dull + 1};
    unsigned r = rnd(&g, 16);
    if (r >= 8) /* half the time: libFuzzer's own mutations */
        return LLVMFuzzerMutate(data, size, max_size);
    tref_layout lay;
    gen_valid(&g, &lay);
    unsigned nc = r < 4 ? 0 : 1 + (r == 7); /* 4/16 valid, 4/16 with one or two corruptions */
    for (unsigned i = 0; i < nc; i++)
        g_corrupt(&g, &lay);
    if (G.overflow)
        return LLVMFuzzerMutate(data, size, max_size);
    size_t n = g_write(&g, data, max_size);
    if (!n)
        return LLVMFuzzerMutate(data, size, max_size);
    if (nc && rnd(&g, 6) == 0) { /* byte-level: the final newline gone, or a NUL */
        if (rnd(&g, 2))
            n--;
        else
            data[rnd(&g, (unsigned)n)] = 0;
    }
    return n;
}

/* ---- libFuzzer ---- */

/* The reference's verdict; its values' buffer is allocated once, for any input up to 2^16
 * values (a run allocates nothing it keeps, or libFuzzer re-runs it to look for a leak). */
static tref_result ref;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    clock_gettime(CLOCK_MONOTONIC, &t_start);
    stats_path = getenv("FUZZ_STATS");
    verbose = getenv("FUZZ_VERBOSE") && atoi(getenv("FUZZ_VERBOSE"));
    all_configs = getenv("FUZZ_CONFIGS") && !strcmp(getenv("FUZZ_CONFIGS"), "all");
    runs_total = getenv("FUZZ_RUNS") ? strtoull(getenv("FUZZ_RUNS"), NULL, 10) : 0;
    progress_every = getenv("FUZZ_PROGRESS") ? strtoull(getenv("FUZZ_PROGRESS"), NULL, 10) : runs_total / 10;
    memfd = memfd_create("trace", 0);
    devnull = fopen("/dev/null", "w");
    if (memfd < 0 || !devnull) {
        perror("fuzz: memfd_create or /dev/null");
        exit(1);
    }
    snprintf(memfd_path, sizeof memfd_path, "/proc/self/fd/%d", memfd);
    /* The units and their models; every model's table resolved by the parser and by the
     * reference, which must agree (widths, counts, conditions). */
    for (const simt_vl_model *m = simt_vl_models; m->name; m++)
        nmodels++;
    for (const sc_unit *const *u = sc_units; *u; u++) {
        if (!(*u)->trace || nunits == MAXU)
            continue;
        unit_info *ui = &units[nunits++];
        ui->u = *u;
        size_t size = 8;
        for (unsigned i = 0; i < (*u)->trace->n; i++) {
            const sc_field *f = &(*u)->trace->f[i];
            size_t end = f->off + f->size * f->cap;
            size = end > size ? end : size;
        }
        ui->line = calloc(1, size);
        for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
            if (strcmp(m->unit, (*u)->name) != 0 || ui->nm == MAXM)
                continue;
            ui->models[ui->nm++] = m;
            sc_layout pl;
            tref_layout rl;
            const char *why;
            sc_layout_init(&pl, (*u)->trace, (*u)->name, m);
            if (tref_layout_init(&rl, (*u)->trace, m, &why)) {
                fprintf(stderr, "fuzz: the reference cannot resolve %s's table for %s: %s\n", (*u)->name, m->name, why);
                abort();
            }
            for (unsigned i = 0; i < rl.nf; i++) {
                int same = pl.width[i] == rl.width[i] && pl.count[i] == rl.count[i] && pl.ncond[i] == rl.ncond[i];
                for (unsigned c = 0; same && c < rl.ncond[i]; c++)
                    same = pl.cond_f[i][c] == rl.cond_f[i][c] && pl.cond_v[i][c] == rl.cond_v[i][c];
                if (!same) {
                    fprintf(stderr, "fuzz: DISAGREEMENT: model %s, field %s: parser width %u count %u, reference width %u count %u\n",
                            m->name, (*u)->trace->f[i].name, pl.width[i], pl.count[i], rl.width[i], rl.count[i]);
                    abort();
                }
            }
        }
        if (!ui->nm)
            nunits--;
    }
    ref.cap = 1u << 16;
    ref.vals = malloc(ref.cap * sizeof *ref.vals);
    if (!ref.vals)
        abort();
    /* The generator's traces are valid to the reference (else the valid count means little). */
    static uint8_t buf[1 << 16];
    for (unsigned s = 0; s < 300; s++) {
        rng g = {s};
        tref_layout lay;
        const unit_info *ui = gen_valid(&g, &lay);
        size_t n = G.overflow ? 0 : g_write(&g, buf, sizeof buf);
        if (!n)
            continue;
        tref_check(buf, n, ui->u->name, ui->u->trace, NULL, NULL, &ref);
        if (!ref.ok) {
            fprintf(stderr, "fuzz: generator: the reference refuses a generated trace (line %u: %s):\n%.*s\n", ref.line,
                    ref.why, (int)n, buf);
            abort();
        }
    }
    atexit(write_stats);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(memfd, 0) || (size && pwrite(memfd, data, size, 0) != (ssize_t)size)) {
        perror("fuzz: memfd");
        abort();
    }
    /* the unit the file names, and now and then another one */
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    char name[64];
    int named = -1;
    if (!tref_unit_word(data, size, name, sizeof name))
        for (unsigned i = 0; i < nunits; i++)
            if (!strcmp(units[i].u->name, name))
                named = (int)i;
    int valid = 0, first_valid = 0, v = 0;
    /* the first check's verdict (the named unit's, without --config), for FUZZ_VERBOSE */
    static char first_msg[sizeof hook_msg];
    uint64_t first_cycles = 0;
    if (named >= 0) {
        check_unit(data, size, &units[named], NULL, &ref, &first_valid);
        first_cycles = par.cycles;
        snprintf(first_msg, sizeof first_msg, "%s", hook_msg);
    }
    if (named < 0 || (h & 7) == 0) {
        unsigned other = (unsigned)((h >> 3) % nunits);
        if ((int)other == named)
            other = (other + 1) % nunits;
        check_unit(data, size, &units[other], NULL, &ref, &v);
        if (named < 0) {
            first_valid = v;
            first_cycles = par.cycles;
            snprintf(first_msg, sizeof first_msg, "%s", hook_msg);
        }
    }
    valid = first_valid || v;
    /* one input in four (of a named unit) again with --config: one of the unit's configurations
     * (the header's, another one that may replay it, or one that may not) */
    if (named >= 0 && ((h >> 16) & 3) == 0 && !all_configs) {
        const unit_info *ui = &units[named];
        check_unit(data, size, ui, ui->models[(h >> 20) % ui->nm]->config, &ref, &valid);
    }
    /* FUZZ_CONFIGS=all (make fuzz-fixtures): with --config, every configuration of the unit */
    for (unsigned k = 0; named >= 0 && all_configs && k < units[named].nm; k++) {
        const unit_info *ui = &units[named];
        int seen = 0;
        for (unsigned j = 0; j < k; j++)
            seen |= !strcmp(ui->models[j]->config, ui->models[k]->config);
        if (!seen)
            check_unit(data, size, ui, ui->models[k]->config, &ref, &valid);
    }
    if (verbose) {
        if (first_valid)
            printf("fuzz: valid (unit %s, %" PRIu64 " cycle lines)\n", name, first_cycles);
        else
            printf("fuzz: malformed: %s\n", first_msg + strlen(memfd_path) + 1);
        fflush(stdout);
    }
    st.execs++;
    valid ? st.valid++ : st.malformed++;
    if (progress_every && st.execs % progress_every == 0) {
        printf("fuzz: %" PRIu64 "%s%s executions, %" PRIu64 " valid, %" PRIu64 " malformed, %" PRIu64
               " disagreements (%.0f s)\n",
               st.execs, runs_total ? " of " : "", runs_total ? (getenv("FUZZ_RUNS")) : "", st.valid, st.malformed,
               st.disagreements, elapsed());
        fflush(stdout);
    }
    if (st.execs % 10000 == 0)
        write_stats();
    return 0;
}
