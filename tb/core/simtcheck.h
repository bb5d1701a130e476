/* simtcheck.h: the one cross-check driver shared by every unit (build/bin/simtcheck).
 * A unit supplies a run function that, cycle by cycle, makes (or reads) the stimulus, drives
 * the C golden model and the Verilated RTL with it, and compares every output through
 * sc_cmp(). The driver handles options, the failure waveform and the summary line. */
#ifndef SIMTCHECK_H
#define SIMTCHECK_H

#include <stdint.h>
#include <stdio.h>

#include "simt_vl.h"
#include "vl_model.h"

typedef struct {
    const char *unit;
    unsigned lanes;        /* --lanes */
    int lanes_given;
    const char *config;    /* --config: the unit's named configuration (NULL: its default) */
    uint64_t cycles;       /* --cycles */
    uint64_t seed;         /* --seed */
    const char *trace_in;  /* --trace FILE: replay this stimulus instead of random */
    const char *record;    /* --record FILE: write the stimulus of this run */
    const char *wave;      /* --wave FILE: FST of the whole run */
    const char *test;      /* --test NAME: directed test */
    const char *fail_dir;  /* where failure waveforms and traces go */
    int quiet;             /* --quiet: no coverage lines */
    unsigned max_report;   /* mismatching signals printed in full */
    uint64_t inject;       /* --inject-mismatch C: corrupt one expected value at cycle C-1 (harness self-test) */
} sc_opts;

typedef struct sc_unit sc_unit;

/* Per-run context passed to the unit. */
typedef struct {
    const sc_opts *o;
    const sc_unit *unit;
    const simt_vl_model *model; /* set by sc_open_model */
    const char *wave;      /* FST path for this run, or NULL */
    uint64_t wave_from;    /* first cycle dumped */
    uint64_t stop_after;   /* last cycle to run (inclusive); UINT64_MAX for all */
    FILE *record;          /* stimulus trace output, or NULL */
    uint64_t cycle;        /* current cycle, kept by the unit */
    uint64_t cycles_run;
    uint64_t mismatches;   /* cycles with at least one mismatch */
    uint64_t first_bad;    /* first mismatching cycle */
    unsigned reported;
    int cycle_bad;
    int quiet_mismatch;    /* replay run: do not print mismatches again */
    int directed_fail;     /* directed test: expectation from the paper not met */
    int injected;
} sc_run;

/* Compare one signal of the current cycle; lane < 0 for unit-wide signals. */
void sc_cmp(sc_run *r, const char *signal, int lane, uint64_t expected, uint64_t actual);
/* Call once per cycle after the comparisons. */
void sc_end_cycle(sc_run *r);
/* A directed-test expectation (from the paper) failed: print and count it. */
void sc_expect_fail(sc_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- Lockstep of a golden model and its Verilated model: the unit-independent part ----
 *
 * A unit (tb/units/<unit>/sc_<unit>.c) keeps its golden model, its typed outputs and its compare list;
 * the RTL's life cycle, clock, FST waveform (--wave and the failure re-run: times 10*cycle
 * before the edge, 10*cycle+5 after it, from r->wave_from on) and the end-of-cycle
 * bookkeeping are here. Its shim (lib/shim/vl_<unit>_shim.cpp) exports a vl_model_ops
 * (lib/vl_model.h; VL_CLOCKED_OPS in vl_ports.h fills it) inside its typed ops table, beside
 * its eval. A new unit, e.g. ST/RT tables in tb/units/st_rt/sc_st_rt.c, writes only:
 *
 *     typedef struct { sc_lockstep core; const vl_st_rt_ops *m; simt_st_rt gold;
 *                      simt_st_rt_cfg cfg; simt_st_rt_out out; } lockstep;
 *     open:   pick the model m, check the configuration (sc_die on error), reset gold,
 *             sc_ls_open(&ls->core, r, &m->vl)     create, open r->wave, reset
 *     cycle:  simt_st_rt_eval(&gold, in, &out);  m->eval(ls->core.rtl, in, &act);
 *             sc_ls_sample(&ls->core);              dump the cycle's values
 *             sc_cmp(r, "signal", lane, out.x, act.x) ...   the typed compare list
 *             simt_st_rt_step(&gold, in);
 *             sc_ls_edge(&ls->core);                clock edge, dump, sc_end_cycle
 *     peek:   the golden model's outputs for an idle input (state at the start of a cycle)
 *     reset:  gold reset; sc_ls_reset(&ls->core)    (mid-run, between two cycles)
 *     close:  sc_ls_close(&ls->core)
 * r->cycle is the unit's cycle counter (it runs the loop); a combinational unit
 * (VL_COMB_OPS: no reset, no edge) calls the same functions. */
typedef struct {
    sc_run *r;
    const vl_model_ops *vl;
    void *rtl;              /* the Verilated model, for the unit's typed eval */
    int dump;               /* the current cycle goes into the waveform */
} sc_lockstep;

void sc_ls_open(sc_lockstep *ls, sc_run *r, const vl_model_ops *vl);
void sc_ls_reset(sc_lockstep *ls);
void sc_ls_sample(sc_lockstep *ls);  /* after both evals, before the comparisons */
void sc_ls_edge(sc_lockstep *ls);    /* after the comparisons and the golden model's step */
void sc_ls_close(sc_lockstep *ls);

static inline uint64_t sc_ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

/* Random numbers: splitmix64, reproducible from the printed seed. */
typedef struct { uint64_t s; } sc_rng;
uint64_t sc_rand(sc_rng *g);
uint64_t sc_below(sc_rng *g, uint64_t n);       /* uniform in [0, n) */
int sc_chance(sc_rng *g, unsigned percent);     /* true with probability percent/100 */

/* Stimulus trace files (docs/trace_format.md): a header of "name value" lines, "begin",
 * then one line of hexadecimal fields per cycle. Errors end the program with the file name
 * and line number (exit 2). */
typedef struct {
    FILE *f;
    const char *path;
    unsigned line;
    long header_pos;  /* file offset of the first header line after 'unit' */
    int in_body;      /* past 'begin' */
    char buf[1 << 16];
} sc_trace;
void sc_trace_open(sc_trace *t, const char *path, const char *unit);
/* Header value by name, or exit 2 if missing. Call before the first sc_trace_next. */
uint64_t sc_trace_header(sc_trace *t, const char *name);
/* Next cycle: fields into v (at most n). Returns the number of fields, or -1 at end. */
int sc_trace_next(sc_trace *t, uint64_t *v, int n);
/* Check a field fits width bits, else exit 2 naming the field. */
void sc_trace_check(sc_trace *t, const char *field, uint64_t v, unsigned width);
void sc_trace_fail(sc_trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
void sc_trace_close(sc_trace *t);
void sc_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The model a run uses, chosen and announced once per run:
 *  - replaying a trace (--trace): opens t, takes the header's 'config' (or --config) and
 *    'lanes' (checked against --lanes), and checks every parameter line of the header
 *    against the model's parameters (those in the unit's replay_free may differ when --config
 *    names another configuration: the same stimulus on another form);
 *  - otherwise: --config (or the unit's default configuration) at W = lanes.
 * Dies (exit 2) naming what was asked and what is built. With --record, writes the trace
 * header (unit, config, lanes and every parameter of the model). Sets r->model. */
const simt_vl_model *sc_open_model(sc_run *r, sc_trace *t, unsigned lanes);
/* A parameter of the run's model (the registry's value; dies if the model has none). */
unsigned sc_param(const sc_run *r, const char *name);

struct sc_unit {
    const char *name;                         /* the registry's unit name (units/<name>.toml) */
    const char *help;
    const char *const *tests;                 /* directed tests, NULL-terminated */
    const char *const *random_tests;          /* --test names that are seeded random modes: run()
                                                 runs them (o->test set), the seed is printed and
                                                 a failure writes a trace, as for a random run */
    const char *const *replay_free;           /* parameters a replayed trace may differ in when
                                                 --config names another configuration */
    void (*run)(sc_run *r);                   /* random run, or trace replay */
    void (*directed)(sc_run *r, const char *test); /* NULL when tests is empty */
    void (*list_extra)(FILE *f);              /* more for --list, or NULL */
};

/* Every unit, from the registry (build/gen/sc_units.c), NULL-terminated. */
extern const sc_unit *const sc_units[];

#endif
