/* SPDX-License-Identifier: Apache-2.0 */
/* simtcheck: cycle-by-cycle cross-check of a unit's RTL against its C golden model.
 *
 *   simtcheck UNIT [--lanes N] [--config NAME] [--cycles N] [--seed S] [--trace FILE]
 *                  [--record FILE] [--wave FILE] [--test NAME] [--list] [--trace-doc]
 *
 * Ends with one line "UNIT: C cycles, M mismatches, R cycles/s" and exits 0 only when there
 * was no mismatch (and, for a directed test, every expectation from the paper held). On the
 * first mismatch it prints cycle, signal, expected and actual, then re-runs the same stimulus
 * up to that cycle with an FST waveform and writes the stimulus trace next to it. */
#define _POSIX_C_SOURCE 200809L
#include "simtcheck.h"
#include "simt_board.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

void sc_die(const char *fmt, ...)
{
    va_list ap;
    if (sc_error_hook) { /* a test harness's (simtcheck.h) */
        char msg[1024];
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        sc_error_hook(msg);
    }
    va_start(ap, fmt);
    fputs("simtcheck: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

void sc_cmp_report(sc_run *r, const char *signal, int lane, uint64_t exp, uint64_t act)
{
    if (r->o->inject && r->cycle == r->o->inject - 1 && !r->injected) {
        exp ^= 1; /* harness self-test: the comparison, report and waveform must notice */
        r->injected = 1;
    }
    if (exp == act)
        return;
    if (!r->cycle_bad && r->mismatches == 0)
        r->first_bad = r->cycle;
    r->cycle_bad = 1;
    if (r->quiet_mismatch || r->reported >= r->o->max_report) {
        if (!r->quiet_mismatch && r->reported == r->o->max_report) {
            printf("  ... further mismatches not printed\n");
            r->reported++;
        }
        return;
    }
    r->reported++;
    char name[96];
    if (lane >= 0)
        snprintf(name, sizeof name, "%s[%d]", signal, lane);
    else
        snprintf(name, sizeof name, "%s", signal);
    printf("MISMATCH cycle %" PRIu64 ": %s expected 0x%" PRIx64 " actual 0x%" PRIx64 "\n",
           r->cycle, name, exp, act);
}

/* A failed RTL assertion (Verilator printed which, just above): a mismatch of this cycle. */
static void sc_assert_check(sc_lockstep *ls)
{
    sc_run *r = ls->r;
    uint64_t n = ls->vl->assert_fails ? ls->vl->assert_fails(ls->rtl) : 0;
    if (n <= ls->afails)
        return;
    r->assert_fails += n - ls->afails;
    ls->afails = n;
    if (!r->cycle_bad && r->mismatches == 0)
        r->first_bad = r->cycle;
    r->cycle_bad = 1;
    /* Counted apart from the mismatches: a flood of those must not hide the assertion. */
    if (r->quiet_mismatch || r->areported > r->o->max_report)
        return;
    if (r->areported++ == r->o->max_report) {
        printf("  ... further assertion failures not printed\n");
        return;
    }
    printf("ASSERTION cycle %" PRIu64 ": an RTL assertion failed (Verilator's message above)\n", r->cycle);
}

void sc_end_cycle(sc_run *r)
{
    if (r->cycle_bad)
        r->mismatches++;
    r->cycle_bad = 0;
    r->cycles_run++;
}

void sc_expect_fail(sc_run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("EXPECTATION FAILED cycle %" PRIu64 ": ", r->cycle);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    r->directed_fail++;
}

void sc_cov_gate(sc_run *r, const sc_cov_point *pts, size_t n)
{
    /* Harness self-test (tests *-cov-gate-fires): SIMTCHECK_COV_DEMAND=NAME asks point NAME
     * for more than any run reaches, so the gate must fail the run. */
    const char *demand = getenv("SIMTCHECK_COV_DEMAND");
    /* SIMTCHECK_COV_REPORT=1 (tb/scripts/cov_seeds.py): every point's count and minimum, one line
     * each (with --quiet too), so that a sweep over seeds measures each gate's margin. */
    const char *report = getenv("SIMTCHECK_COV_REPORT");
    for (size_t i = 0; report && *report && strcmp(report, "0") && i < n; i++)
        printf("coverage point: %s: %" PRIu64 " (min %" PRIu64 ")\n", pts[i].name, pts[i].n, pts[i].min);
    for (size_t i = 0; i < n; i++) {
        const uint64_t min = demand && !strcmp(demand, pts[i].name) ? UINT64_MAX : pts[i].min;
        if (pts[i].n >= min)
            continue;
        if (pts[i].n == 0)
            sc_expect_fail(r, "coverage: no %s in this run (the stimulus no longer reaches it)", pts[i].name);
        else
            sc_expect_fail(r, "coverage: %s %" PRIu64 " times in this run, fewer than its minimum %" PRIu64,
                           pts[i].name, pts[i].n, min);
    }
}

/* ---- lockstep: the unit-independent part ---- */

void sc_ls_open(sc_lockstep *ls, sc_run *r, const vl_model_ops *vl)
{
    ls->r = r;
    ls->vl = vl;
    ls->dump = 0;
    ls->afails = 0;
    ls->rtl = vl->create();
    /* the FST written under a temporary name, renamed into place by sc_ls_close (sc_out.c) */
    if (r->wave) {
        const char *what = r->wave_what ? r->wave_what : "--wave";
        sc_out_need_file(what, r->wave);
        if (vl->wave_open(ls->rtl, sc_out_begin(&ls->wave_out, what, r->wave)))
            sc_die("cannot write waveform '%s'", r->wave);
    }
    if (!r->o->skip_reset)
        sc_ls_reset(ls);
}

void sc_ls_reset(sc_lockstep *ls)
{
    if (ls->vl->reset)
        ls->vl->reset(ls->rtl);
}

void sc_ls_sample(sc_lockstep *ls)
{
    sc_run *r = ls->r;
    ls->dump = r->wave && r->cycle >= r->wave_from;
    if (ls->dump)
        ls->vl->wave_dump(ls->rtl, r->cycle * 10);
    sc_assert_check(ls);
}

void sc_ls_edge(sc_lockstep *ls)
{
    if (ls->vl->edge) {
        ls->vl->edge(ls->rtl);
        if (ls->dump)
            ls->vl->wave_dump(ls->rtl, ls->r->cycle * 10 + 5);
        sc_assert_check(ls);
    }
    sc_end_cycle(ls->r);
}

void sc_ls_close(sc_lockstep *ls)
{
    if (ls->r->wave)
        ls->vl->wave_close(ls->rtl);
    ls->vl->destroy(ls->rtl);
    ls->rtl = NULL;
    if (ls->r->wave)
        sc_out_commit(&ls->wave_out);
}

static int in_list(const char *const *l, const char *s)
{
    for (int i = 0; l && l[i]; i++)
        if (!strcmp(l[i], s))
            return 1;
    return 0;
}

static void list_models(FILE *f, const char *unit)
{
    for (const simt_vl_model *m = simt_vl_models; m->name; m++)
        if (!strcmp(m->unit, unit))
            fprintf(f, "  --config %-8s --lanes %-3u %-22s %s%s: %s\n", m->config, m->w, m->name, m->params,
                    m->is_default ? " (default)" : "", m->about);
}

static int has_config(const char *unit, const char *config)
{
    for (const simt_vl_model *m = simt_vl_models; m->name; m++)
        if (!strcmp(m->unit, unit) && !strcmp(m->config, config))
            return 1;
    return 0;
}

static const simt_vl_model *lookup_model(const char *unit, const char *config, unsigned w)
{
    for (const simt_vl_model *m = simt_vl_models; m->name; m++)
        if (!strcmp(m->unit, unit) && !strcmp(m->config, config) && m->w == w)
            return m;
    return NULL;
}

static const simt_vl_model *find_model(const char *unit, const char *config, unsigned w, int from_trace,
                                       sc_trace *t)
{
    int known = 0;
    for (const simt_vl_model *m = simt_vl_models; m->name; m++)
        if (!config && !strcmp(m->unit, unit) && m->is_default)
            config = m->config;
    for (const simt_vl_model *m = simt_vl_models; m->name; m++) {
        if (strcmp(m->unit, unit) != 0)
            continue;
        if (config && !strcmp(m->config, config)) {
            known = 1;
            if (m->w == w)
                return m;
        }
    }
    fprintf(stderr, "models of unit %s:\n", unit);
    list_models(stderr, unit);
    char msg[256];
    if (!known && config)
        snprintf(msg, sizeof msg, "unit %s has no configuration '%s' (simtcheck %s --list)", unit, config, unit);
    else
        snprintf(msg, sizeof msg, "unit %s has no model with W=%u config=%s (add the width to its [[config]] in units/%s.toml)",
                 unit, w, config ? config : "?", unit);
    if (from_trace)
        sc_trace_fail(t, "%s", msg);
    sc_die("%s", msg);
}

static int is_random_test(const sc_unit *u, const char *test)
{
    return test && in_list(u->random_tests, test);
}

/* A run's failure artefacts (written on a mismatch without --wave: the same stimulus up to
 * the first bad cycle, with a waveform and, for a seeded run, its trace). */
static void fail_paths(const sc_opts *o, const sc_unit *u, const char *model, char *wave, char *trace, size_t n)
{
    char tag[256];
    if (o->test && is_random_test(u, o->test))
        snprintf(tag, sizeof tag, "%s_%s_seed%" PRIu64, model, o->test, o->seed);
    else if (o->test)
        snprintf(tag, sizeof tag, "%s_%s", model, o->test);
    else
        snprintf(tag, sizeof tag, "%s_seed%" PRIu64, model, o->seed);
    if (snprintf(wave, n, "%s/%s.fst", o->fail_dir, tag) >= (int)n ||
        snprintf(trace, n, "%s/%s.trace", o->fail_dir, tag) >= (int)n)
        sc_die("--fail-dir: '%s' is too long a name", o->fail_dir);
}

static int is_seeded(const sc_opts *o, const sc_unit *u)
{
    return !o->trace_in && (!o->test || is_random_test(u, o->test));
}

/* The failure artefacts this run may write, against its inputs and --record (once the model,
 * part of their names, is known; before anything is written). */
static void check_fail_paths(const sc_run *r)
{
    const sc_opts *o = r->o;
    if (o->wave || !o->fail_dir || r->quiet_mismatch)
        return;
    char wave[1024], trace[1024];
    fail_paths(o, r->unit, r->model->name, wave, trace, sizeof wave);
    const sc_path p[] = {
        {"--trace", o->trace_in, 0},
        {"--board", o->board, 0},
        {"--record", o->record, 1},
        {"the failure waveform (--fail-dir)", o->board ? NULL : wave, 1},
        {"the failure trace (--fail-dir)", is_seeded(o, r->unit) ? trace : NULL, 1},
    };
    sc_paths_check(p, sizeof p / sizeof p[0]);
    if (!o->board)
        sc_out_need_file("the failure waveform (--fail-dir)", wave);
}

const simt_vl_model *sc_open_model(sc_run *r, sc_trace *t, unsigned lanes)
{
    const sc_opts *o = r->o;
    const char *unit = r->unit->name;
    const simt_vl_model *m;
    if (o->trace_in) {
        sc_trace_open(t, o->trace_in, unit);
        uint64_t w = sc_trace_header(t, "lanes");
        if (o->lanes_given && w != o->lanes)
            sc_trace_fail(t, "trace has lanes %" PRIu64 " but --lanes %u was given", w, o->lanes);
        const sc_trace_hdr *hc = sc_trace_header_line(t, "config");
        const char *tc = hc ? hc->val : NULL;
        if (!tc && !o->config)
            sc_trace_fail(t, "header has no 'config' line (before 'begin'; or give --config)");
        if (w > 1024)
            sc_trace_fail(t, "lanes %" PRIu64 " is not a warp width", w);
        /* The header describes the model it was recorded on, --config or not: its configuration
         * is one of the unit's, and every parameter line has that model's value. */
        const simt_vl_model *hm = NULL;
        if (tc) {
            if (!has_config(unit, tc)) {
                t->line = hc->line;
                sc_trace_fail(t, "unit %s has no configuration '%s' (the header's config; simtcheck %s --list)", unit,
                              tc, unit);
            }
            if (o->config && strcmp(o->config, tc) != 0) {
                hm = lookup_model(unit, tc, (unsigned)w);
                if (!hm) {
                    t->line = hc->line;
                    sc_trace_fail(t, "unit %s has no model with config %s and lanes %" PRIu64
                                  " (the header's: no recorded run's; simtcheck %s --list)", unit, tc, w, unit);
                }
            } else {
                hm = find_model(unit, tc, (unsigned)w, 1, t);
            }
            sc_trace_expect_params(t, hm, NULL);
        }
        m = o->config ? find_model(unit, o->config, (unsigned)w, 1, t) : hm;
        if (!hm)
            sc_trace_expect_params(t, m, NULL);  /* no config line: every parameter --config's */
        else if (m != hm)                        /* another configuration: the rule of
                                                    sc_trace_expect_other, differences printed */
            sc_trace_expect_other(t, m, hm, r->unit->replay_free);
        /* 'dontcare 1': every field on every line (a random run's values for the fields whose
         * condition does not hold) */
        t->dontcare = sc_trace_header_flag(t, "dontcare");
    } else {
        m = find_model(unit, o->config, lanes, 0, NULL);
    }
    if (o->board) { /* the same model's board driver: its ops talk to the unit server */
        const simt_vl_model *b = simt_board_find(m->name);
        if (!b) {
            fprintf(stderr, "board drivers:");
            for (const simt_vl_model *k = simt_board_models; k->name; k++)
                if (!strcmp(k->unit, unit))
                    fprintf(stderr, " %s", k->name);
            fprintf(stderr, "\n");
            sc_die("model %s has no board driver (units/%s.toml, [board] configs)", m->name, unit);
        }
        m = b;
    }
    r->model = m;
    sc_layout_init(&r->layout, r->unit->trace, unit, m);
    if (t && o->trace_in) {
        t->layout = &r->layout;
        r->dontcare = t->dontcare;
    } else if (o->dontcare && r->layout.conditional) {
        r->dontcare = r->dc_fill = 1;
        r->dc_rng = o->seed ^ 0xd0c7ca3e5eed5a17ull;   /* a stream of its own */
    }
    check_fail_paths(r);
    if (r->record_to && !r->record)
        r->record = sc_out_open(&r->record_out, r->record_what ? r->record_what : "--record", r->record_to);
    if (r->record)
        sc_trace_write_header(r->record, unit, m, r->dontcare);
    return m;
}

unsigned sc_param(const sc_run *r, const char *name)
{
    unsigned long v;
    if (simt_vl_param(r->model, name, &v))
        sc_die("internal: model %s has no parameter %s", r->model->name, name);
    return (unsigned)v;
}

/* ---- driver ---- */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: simtcheck UNIT [options]\n"
        "units (the registry, units/*.toml):\n");
    for (int i = 0; sc_units[i]; i++)
        fprintf(f, "  %-10s %s\n", sc_units[i]->name, sc_units[i]->help);
    fprintf(f,
        "options:\n"
        "  --lanes N      warp width W (default 32; a model built for it must exist: --list)\n"
        "  --config NAME  the unit's named configuration (default: its first; --list shows them)\n"
        "  --cycles N     random cycles to run (default 100000)\n"
        "  --seed S       random seed (default: from the clock; always printed)\n"
        "  --trace FILE   replay a stimulus trace (docs/trace_format.md) instead of random\n"
        "  --record FILE  write this run's stimulus as a trace\n"
        "  --wave FILE    write an FST waveform of the whole run\n"
        "  --test NAME    run a directed test, or a unit's other random mode (--list shows them)\n"
        "  --fail-dir D   where failure waveforms and traces go (default build/fail)\n"
        "  --max-report N mismatching signals printed (default 20)\n"
        "  --quiet        no coverage lines\n"
        "  --inject-mismatch C  corrupt one expected value at cycle C (tests the harness itself)\n"
        "  --skip-reset   no reset before the first cycle: the RTL runs from its power-up state\n"
        "                 (with --power-up; tests that its assertions fire)\n"
        "  --board PORT   run the RTL on a unit server board at serial port PORT (docs/fpga.md)\n"
        "  --baud N       the board's baud rate (default 115200)\n"
        "  --board-timeout MS  reply timeout (default 2000)\n"
        "  --no-at-speed  no at-speed replay of the stimulus from the board's RAM\n"
        "  --inject-at-speed C  corrupt one at-speed expectation at cycle C (tests the harness)\n"
        "  --power-up S   the RTL's state before its first reset: zero (default), ones, or random\n"
        "                 from seed S (a number)\n"
        "  --no-dontcare  random runs drive a field whose condition does not hold (the data of a\n"
        "                 valid bit that is low) as 0, not as a random value\n"
        "  --list         list the unit's models (configurations x widths) and tests\n"
        "  --trace-doc    print the unit's trace format (its section of docs/trace_format.md)\n");
}

/* A number option, checked in its full width: decimal or 0x hexadecimal, at most max. */
static uint64_t parse_num(const char *opt, const char *s, uint64_t max)
{
    uint64_t v;
    const char *why;
    if (!s)
        sc_die("%s needs a value", opt);
    if (sc_parse_num(s, max, &v, &why))
        sc_die("%s: '%s' is %s", opt, s,
               strcmp(why, "too large") ? why : max == UINT32_MAX ? "too large (at most 2^32 - 1)" : "too large");
    return v;
}

/* A path option: present and not empty. */
static const char *parse_path(const char *opt, const char *s, const char *what)
{
    if (!s)
        sc_die("%s needs a %s", opt, what);
    if (!*s)
        sc_die("%s: the %s name is empty", opt, what);
    return s;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void mkdir_p(const char *dir)
{
    char tmp[512];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(tmp, 0777);
            *p = '/';
        }
    mkdir(tmp, 0777);
}

static void run_once(const sc_unit *u, sc_run *r)
{
    if (r->o->test && !is_random_test(u, r->o->test))
        u->directed(r, r->o->test);
    else
        u->run(r);
}

int main(int argc, char **argv)
{
    sc_opts o = {0};
    o.lanes = 32;
    o.cycles = 100000;
    o.fail_dir = "build/fail";
    o.max_report = 20;
    o.baud = 115200;
    o.board_timeout = 2000;
    o.at_speed = 1;
    o.dontcare = 1;
    int seed_given = 0, list = 0, trace_doc = 0;

    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    o.unit = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--lanes")) o.lanes = (unsigned)parse_num(a, v, UINT32_MAX), o.lanes_given = 1, i++;
        else if (!strcmp(a, "--config")) { if (!v) sc_die("--config needs a name"); o.config = v; i++; }
        else if (!strcmp(a, "--cycles")) o.cycles = parse_num(a, v, UINT64_MAX), i++;
        else if (!strcmp(a, "--seed")) o.seed = parse_num(a, v, UINT64_MAX), seed_given = 1, i++;
        else if (!strcmp(a, "--trace")) { o.trace_in = parse_path(a, v, "file"); i++; }
        else if (!strcmp(a, "--record")) { o.record = parse_path(a, v, "file"); i++; }
        else if (!strcmp(a, "--wave")) { o.wave = parse_path(a, v, "file"); i++; }
        else if (!strcmp(a, "--test")) { if (!v) sc_die("--test needs a name"); o.test = v; i++; }
        else if (!strcmp(a, "--fail-dir")) { o.fail_dir = parse_path(a, v, "directory"); i++; }
        else if (!strcmp(a, "--max-report")) o.max_report = (unsigned)parse_num(a, v, UINT32_MAX), i++;
        else if (!strcmp(a, "--inject-mismatch")) o.inject = parse_num(a, v, UINT64_MAX - 1) + 1, i++;
        else if (!strcmp(a, "--board")) { if (!v || !*v) sc_die("--board needs a serial port"); o.board = v; i++; }
        else if (!strcmp(a, "--baud")) o.baud = (unsigned)parse_num(a, v, UINT32_MAX), i++;
        else if (!strcmp(a, "--board-timeout")) o.board_timeout = (unsigned)parse_num(a, v, UINT32_MAX), i++;
        else if (!strcmp(a, "--no-at-speed")) o.at_speed = 0;
        else if (!strcmp(a, "--no-dontcare")) o.dontcare = 0;
        else if (!strcmp(a, "--skip-reset")) o.skip_reset = 1;
        else if (!strcmp(a, "--inject-at-speed")) o.inject_at_speed = parse_num(a, v, UINT64_MAX - 1) + 1, i++;
        else if (!strcmp(a, "--power-up")) {
            if (!v)
                sc_die("--power-up needs zero, ones or a seed");
            if (!strcmp(v, "zero")) o.power_mode = SIMT_VL_POWER_ZERO;
            else if (!strcmp(v, "ones")) o.power_mode = SIMT_VL_POWER_ONES;
            else o.power_mode = SIMT_VL_POWER_RANDOM, o.power_seed = (unsigned)parse_num(a, v, 0x7fffffff);
            i++;
        }
        else if (!strcmp(a, "--quiet")) o.quiet = 1;
        else if (!strcmp(a, "--list")) list = 1;
        else if (!strcmp(a, "--trace-doc")) trace_doc = 1;
        else sc_die("unknown option '%s' (simtcheck --help)", a);
    }
    struct stat fd_st;
    if (stat(o.fail_dir, &fd_st) == 0 && !S_ISDIR(fd_st.st_mode))
        sc_die("--fail-dir: '%s' exists and is not a directory", o.fail_dir);
    const sc_unit *u = NULL;
    for (int i = 0; sc_units[i]; i++)
        if (!strcmp(sc_units[i]->name, o.unit))
            u = sc_units[i];
    if (!u) {
        usage(stderr);
        sc_die("unknown unit '%s'", o.unit);
    }
    static const char *const none[] = {NULL};
    const char *const *rtests = u->random_tests ? u->random_tests : none;
    if (o.config) {
        int known = 0;
        for (const simt_vl_model *m = simt_vl_models; m->name; m++)
            known |= !strcmp(m->unit, u->name) && !strcmp(m->config, o.config);
        if (!known) {
            fprintf(stderr, "models of unit %s:\n", u->name);
            list_models(stderr, u->name);
            sc_die("unit %s has no configuration '%s' (simtcheck %s --list)", u->name, o.config, u->name);
        }
    }
    if (trace_doc) {
        sc_trace_doc(stdout, u->name, u->trace, u->replay_free);
        return 0;
    }
    if (list) {
        printf("%s models (--config NAME --lanes W):\n", u->name);
        list_models(stdout, u->name);
        printf("%s directed tests:", u->name);
        for (int i = 0; u->tests[i]; i++)
            printf(" %s", u->tests[i]);
        printf("\n");
        if (u->list_extra)
            u->list_extra(stdout);
        if (rtests[0]) {
            printf("%s random modes (--test, with --seed and --cycles):", u->name);
            for (int i = 0; rtests[i]; i++)
                printf(" %s", rtests[i]);
            printf("\n");
        }
        return 0;
    }
    int random_test = 0; /* --test names a seeded random mode: run() runs it like a random run */
    if (o.test) {
        int ok = 0;
        for (int i = 0; u->tests[i]; i++)
            ok |= !strcmp(u->tests[i], o.test);
        for (int i = 0; rtests[i]; i++)
            random_test |= !strcmp(rtests[i], o.test);
        if (!ok && !random_test)
            sc_die("unit %s has no directed test '%s' (simtcheck %s --list)", u->name, o.test, u->name);
    }
    if (o.test && o.trace_in)
        sc_die("--test and --trace cannot be combined");
    if (o.inject_at_speed && !o.board)
        sc_die("--inject-at-speed needs --board");
    if (o.board) {
        if (o.wave)
            sc_die("--wave: a board has no waveform; record the run (--record T) and replay it on the "
                   "Verilated RTL: simtcheck %s --trace T --wave W", u->name);
        if (o.baud == 0 || o.board_timeout == 0)
            sc_die("--baud and --board-timeout must be positive");
        simt_board_config(o.board, o.baud, o.board_timeout, o.at_speed);
        if (o.inject_at_speed)
            simt_board_inject(o.inject_at_speed - 1);
    }
    /* Outputs against inputs and each other, before anything is written (the failure
     * artefacts, named after the model, when it is chosen: sc_open_model). */
    const sc_path paths[] = {
        {"--trace", o.trace_in, 0},
        {"--board", o.board, 0},
        {"--record", o.record, 1},
        {"--wave", o.wave, 1},
    };
    sc_paths_check(paths, sizeof paths / sizeof paths[0]);
    sc_out_need_file("--wave", o.wave);
    const int seeded = is_seeded(&o, u);
    if (!seed_given)
        o.seed = (uint64_t)time(NULL) ^ ((uint64_t)clock() << 20);
    if (seeded)
        printf("%s: seed %" PRIu64 " (replay with --seed %" PRIu64 ")\n", u->name, o.seed, o.seed);
    simt_vl_power_up(o.power_mode, o.power_seed);
    if (o.power_mode == SIMT_VL_POWER_ONES && !o.board)
        printf("%s: power-up state all ones (replay with --power-up ones)\n", u->name);
    if (o.power_mode == SIMT_VL_POWER_RANDOM && !o.board)
        printf("%s: power-up state random, seed %u (replay with --power-up %u)\n", u->name, o.power_seed,
               o.power_seed);

    sc_run r = {0};
    r.o = &o;
    r.unit = u;
    r.wave = o.wave;
    r.stop_after = UINT64_MAX;
    r.record_to = o.record;
    r.record_what = "--record";
    double t0 = now();
    run_once(u, &r);
    double dt = now() - t0;
    if (r.record)
        sc_out_close(&r.record_out, r.record);
    uint64_t at_speed_bad = 0;
    if (o.board) {
        simt_board_stats bs;
        simt_board_get_stats(&bs);
        printf("board %s: %" PRIu64 " requests, %" PRIu64 " clock cycles, %" PRIu64
               " of them replayed at speed from the board's RAM, %" PRIu64 " at-speed mismatches\n",
               o.board, bs.steps, bs.cycles, bs.replayed, bs.mismatches);
        if (bs.mismatches)
            printf("first at-speed mismatch at cycle %" PRIu64 " (the same run stepped over the link gave the "
                   "expected outputs; replay: the same command%s)\n", bs.first_bad,
                   seeded ? " and --seed" : "");
        at_speed_bad = bs.mismatches;
        if (o.at_speed && bs.replayed + bs.stepped_only != bs.cycles) {
            printf("at-speed replay covered %" PRIu64 " of %" PRIu64 " cycles (cycles before the first reset, "
                   "or without their outputs read, or past %u after one reset, are not replayed)\n",
                   bs.replayed, bs.cycles, SIMT_BOARD_SEG_MAX);
            at_speed_bad += bs.cycles - bs.replayed;
        }
    }

    if (r.mismatches && !o.wave) {
        /* Same stimulus again, up to the first bad cycle, with a waveform and a trace. */
        char wave[1024], trace[1024];
        mkdir_p(o.fail_dir);
        fail_paths(&o, u, r.model ? r.model->name : u->name, wave, trace, sizeof wave);
        sc_run r2 = {0};
        r2.o = &o;
        r2.unit = u;
        r2.wave = o.board ? NULL : wave;
        r2.wave_what = "the failure waveform";
        r2.wave_from = r.first_bad > 100000 ? r.first_bad - 100000 : 0;
        r2.stop_after = r.first_bad;
        r2.quiet_mismatch = 1;
        r2.record_to = seeded ? trace : NULL;
        r2.record_what = "the failure trace";
        run_once(u, &r2);
        if (r2.record)
            sc_out_close(&r2.record_out, r2.record);
        if (o.board)
            printf("first mismatch at cycle %" PRIu64 " (a board has no waveform: replay the trace below on the "
                   "Verilated RTL with --wave)\n", r.first_bad);
        else
            printf("first mismatch at cycle %" PRIu64 "; waveform up to it: %s (from cycle %" PRIu64 ")\n",
                   r.first_bad, wave, r2.wave_from);
        if (seeded)
            printf("stimulus up to it: %s (replay: simtcheck %s --trace %s)\n", trace, u->name, trace);
    }
    if (r.assert_fails)
        printf("%s: %" PRIu64 " RTL assertion failures (the cycles above marked ASSERTION)\n", u->name,
               r.assert_fails);
    r.mismatches += at_speed_bad;
    if (o.test)
        printf("%s: test %s: %s\n", u->name, o.test,
               r.directed_fail || r.mismatches ? "FAIL" : "PASS");
    printf("%s: %" PRIu64 " cycles, %" PRIu64 " mismatches, %.0f cycles/s\n", u->name,
           r.cycles_run, r.mismatches, dt > 0 ? r.cycles_run / dt : 0.0);
    return (r.mismatches || r.directed_fail) ? 1 : 0;
}
