/* SPDX-License-Identifier: Apache-2.0 */
/* simtcheck.h: the one cross-check driver shared by every unit (build/bin/simtcheck).
 * A unit supplies a run function that, cycle by cycle, makes (or reads) the stimulus, drives
 * the C golden model and the Verilated RTL with it, and compares every output through
 * sc_cmp(). The driver handles options, the failure waveform and the summary line. */
#ifndef SIMTCHECK_H
#define SIMTCHECK_H

#include <stddef.h>
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
    const char *board;     /* --board PORT: the RTL on a unit server board (docs/fpga.md), not Verilated */
    unsigned baud;         /* --baud */
    unsigned board_timeout;/* --board-timeout MS */
    int at_speed;          /* 0 with --no-at-speed */
    uint64_t inject_at_speed; /* --inject-at-speed C: corrupt one at-speed expectation at cycle C-1 */
    int power_mode;        /* --power-up: SIMT_VL_POWER_* (lib/simt_vl.h) */
    unsigned power_seed;   /* its seed (random) */
    int skip_reset;        /* --skip-reset: no reset before the first cycle (harness self-test:
                              from a power-up state the RTL's assertions must fire) */
    int dontcare;          /* 0 with --no-dontcare: random runs drive a conditional field whose
                              condition does not hold as 0 (default: a random value) */
} sc_opts;

/* ---- Stimulus trace files (docs/trace_format.md): tb/core/sc_trace.c ----
 *
 * A trace is a header of "name value" lines, "begin", then one line of hexadecimal fields per
 * cycle. A unit declares the fields of its cycle line once, as a table of sc_field; the
 * recorder (sc_trace_write), the parser with its field-count and width checks (sc_trace_read)
 * and the unit's section of docs/trace_format.md (simtcheck UNIT --trace-doc) all follow from
 * it. Each field names where its value lives in the unit's line struct (any struct: the
 * model's input struct, or one of the driver's own), so no unit writes a field three times:
 *
 *     typedef struct { unsigned mode; uint64_t valid, key[64]; } arb_line;
 *     static const sc_field arb_fields[] = {
 *         {"mode",  "1",         NULL, NULL, SC_AT(arb_line, mode),     "0: PC mode, 1: memory mode"},
 *         {"valid", "W",         NULL, NULL, SC_AT(arb_line, valid),    "the lane mask"},
 *         {"key",   "SP_W+PC_W", "W",  NULL, SC_ARRAY(arb_line, key),   "lane i's SP:PC"},
 *     };
 *     const sc_unit sc_unit_arb = {..., .trace = SC_TRACE_DEF(arb_fields, "what a line drives")};
 *
 *     replay:  while (sc_trace_read(&tr, &line)) ...     record:  sc_trace_write(r, &line);
 *
 * width and repeat are expressions over the model's parameters (the registry's names, W
 * included): sums of terms NUMBER, PARAM, clog2(PARAM) (bits of an index below PARAM, at least
 * 1), each optionally NUMBER*; e.g. "1", "W", "SP_W+PC_W", "clog2(NIB)", "NSRC+1". A repeated
 * field holds `repeat` values name[0] .. name[n-1]. A conditional field (when = "issue=1
 * op=1": every named field, earlier on the line, single and unconditional, has that value) is
 * on the line only when its condition holds; otherwise the parser stores 0 and the recorder
 * writes nothing. A trace whose header has 'dontcare 1' holds every field on every line: a
 * conditional field whose condition does not hold is then a value the unit must ignore (random
 * runs draw one: sc_dontcare_fill). Inconsistent tables (an unknown parameter, a repeat beyond the struct's
 * array, a width beyond its member) are refused when the model opens, and by --trace-doc for
 * every model of the unit. */
typedef struct {
    const char *name;    /* an identifier; a repeated field's values are name[0] .. name[n-1] */
    const char *width;   /* bits of each value (expression) */
    const char *repeat;  /* NULL: one value; else how many (expression) */
    const char *when;    /* NULL: on every line; else "F=v ...": only when those fields have those values */
    size_t off, size, cap; /* where the values live in the line struct: SC_AT or SC_ARRAY */
    const char *doc;     /* the field's meaning (--trace-doc) */
} sc_field;

#define SC_MEMBER_(T, m) (((T *)0)->m)
/* A scalar member m of the line struct T (an integer of 1, 2, 4 or 8 bytes; m may be nested: in.op). */
#define SC_AT(T, m) offsetof(T, m), sizeof SC_MEMBER_(T, m), 1
/* An array member m of T: a repeated field's values, element k at m[k]. */
#define SC_ARRAY(T, m) offsetof(T, m), sizeof SC_MEMBER_(T, m)[0], sizeof SC_MEMBER_(T, m) / sizeof SC_MEMBER_(T, m)[0]

typedef struct {
    const sc_field *f;
    unsigned n;
    const char *about;   /* --trace-doc: what a line drives, one or more lines of text */
} sc_trace_def;
#define SC_TRACE_DEF(fields, about_text) \
    (&(const sc_trace_def){(fields), (unsigned)(sizeof(fields) / sizeof((fields)[0])), (about_text)})

#define SC_TRACE_MAXF 32   /* fields in a table */
#define SC_TRACE_MAXC 4    /* terms in a condition */
#define SC_TRACE_MAXV 1024 /* values on a line */

/* A unit's table resolved for one model: every width and count a number, every condition
 * field an index. */
typedef struct {
    const sc_trace_def *def;
    unsigned width[SC_TRACE_MAXF], count[SC_TRACE_MAXF];
    unsigned ncond[SC_TRACE_MAXF], cond_f[SC_TRACE_MAXF][SC_TRACE_MAXC];
    uint64_t cond_v[SC_TRACE_MAXF][SC_TRACE_MAXC];
    int conditional;  /* some field has a condition */
} sc_layout;

/* Resolve def for model m (dies with "internal: ..." when the table does not fit the model). */
void sc_layout_init(sc_layout *l, const sc_trace_def *def, const char *unit, const simt_vl_model *m);
/* 0 when every present field of line fits its width; else -1 and "key[3] = 0x... does not fit in
 * 40 bits" in err. */
int sc_layout_fits(const sc_layout *l, const void *line, char *err, size_t n);

#define SC_TRACE_MAXH 64
typedef struct {
    char *name, *val;        /* allocated (any length); freed by sc_trace_close */
    unsigned line;
} sc_trace_hdr;
typedef struct {
    FILE *f;
    const char *path;
    unsigned line;
    unsigned begin_line;     /* the 'begin' line */
    sc_trace_hdr hdr[SC_TRACE_MAXH]; /* the header lines between 'unit' and 'begin' */
    unsigned nhdr;
    uint64_t cycles;         /* cycle lines read */
    int dontcare;            /* header 'dontcare 1': every field on every line (set by sc_open_model) */
    const sc_layout *layout; /* the run's cycle-line fields (set by sc_open_model) */
    uint64_t val[SC_TRACE_MAXV];
    char *buf;               /* the current line (getline: any length) */
    size_t cap;
} sc_trace;
/* A number of the trace header or the command line: decimal without a leading zero, or 0x
 * hexadecimal; no sign, no space, at most max. 0, or -1 with the reason in *why. */
int sc_parse_num(const char *s, uint64_t max, uint64_t *out, const char **why);
void sc_trace_open(sc_trace *t, const char *path, const char *unit);
/* Header value by name (the header is read and checked by sc_trace_open), or exit 2 if missing
 * or not a number of at most 2^32 - 1. */
uint64_t sc_trace_header(sc_trace *t, const char *name);
/* A header line that is a flag: 0 (also when there is none) or 1; any other value stops the run
 * (file:line: reason, exit 2). */
int sc_trace_header_flag(sc_trace *t, const char *name);
/* The header line of that name, or NULL. */
const sc_trace_hdr *sc_trace_header_line(const sc_trace *t, const char *name);
/* The header's text value of a line, or NULL when it has none. */
const char *sc_trace_header_word(sc_trace *t, const char *name, char *out, size_t n);
/* Every parameter of m but W (and those named in skip, NULL-terminated or NULL) must have its
 * header line, lower case, with m's value, and every other header line but config, lanes and
 * dontcare must name one of them; else exit 2 naming the first that does not. */
void sc_trace_expect_params(sc_trace *t, const simt_vl_model *m, const char *const *skip);
/* A replay of a trace recorded on hm (its header checked: sc_trace_expect_params) on the model
 * m of another configuration (--config): a parameter may differ between them, or be set by one
 * only, when it is in free_ (the unit's replay_free): then a note on stdout says which value the
 * replay uses and why; any other difference is refused (exit 2). */
void sc_trace_expect_other(sc_trace *t, const simt_vl_model *m, const simt_vl_model *hm, const char *const *free_);
/* Next cycle into the line struct (every declared field: absent conditional ones 0). Returns 1,
 * or 0 at the end. A wrong field count (for the values of the condition fields), a non-hex
 * value or one too wide for its field stops the run: file:line: reason, exit 2. */
int sc_trace_read(sc_trace *t, void *line);
void sc_trace_fail(sc_trace *t, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
/* An error handler for a test harness (tb/fuzz/, the parser's fuzz target): when set, sc_die and
 * sc_trace_fail hand it their message ("file:line: reason" for a trace) instead of printing it
 * and exiting with 2, and it does not return (it longjmps; the harness then sc_trace_close()s).
 * NULL, as in simtcheck: print and exit. */
extern void (*sc_error_hook)(const char *msg);
void sc_trace_close(sc_trace *t);
/* The trace header of a run on model m: unit, config, lanes, 'dontcare 1' when dontcare, then
 * every other parameter in lower case, then begin. */
void sc_trace_write_header(FILE *f, const char *unit, const simt_vl_model *m, int dontcare);
/* --trace-doc: the unit's section of docs/trace_format.md (checks the table against every model). */
void sc_trace_doc(FILE *f, const char *unit, const sc_trace_def *def, const char *const *replay_free);

/* ---- Output files (docs/trace_format.md, "Output files"): tb/core/sc_out.c ---- */

/* A file of the run: what it is for the messages ("--record", "--trace", "the failure
 * waveform"), its path (NULL: none), and whether the run writes it. */
typedef struct {
    const char *what;
    const char *path;
    int output;
} sc_path;
/* Refuses (exit 2, naming both) an output that is an input or another output: the same file
 * by st_dev/st_ino when it exists (another name, a symlink, a hard link), else the same
 * resolved directory and name; or an output that is a directory. Call before writing. */
void sc_paths_check(const sc_path *p, unsigned n);

/* An output written to a temporary file in its directory and renamed into place when complete
 * (a device, a pipe or a /dev or /proc name: written directly). */
typedef struct {
    const char *what, *path;
    char *dest, *tmp;    /* the file it replaces (symlinks followed), the temporary file */
    char *side;          /* tmp.hier, the FST writer's side file (removed with tmp) */
    unsigned mode;       /* the replaced file's mode, kept */
    int had, direct;
} sc_outfile;
/* The name to write (the temporary file, or path when direct); removed at an error exit and on
 * SIGINT, SIGTERM, SIGHUP until committed. */
const char *sc_out_begin(sc_outfile *f, const char *what, const char *path);
/* Exit 2 when path (not NULL) is not a regular file or a name to create one: a device, a pipe,
 * a /dev or /proc name (a waveform: Verilator's FST writer unlinks the name it opens). */
void sc_out_need_file(const char *what, const char *path);
/* sc_out_begin and fopen(name, "w"), or exit 2. */
FILE *sc_out_open(sc_outfile *f, const char *what, const char *path);
/* Renames the complete file into place (nothing when direct), or exit 2. */
void sc_out_commit(sc_outfile *f);
/* fclose (a write error: exit 2, the previous file kept), then sc_out_commit. */
void sc_out_close(sc_outfile *f, FILE *fp);

typedef struct sc_unit sc_unit;

/* Per-run context passed to the unit. */
typedef struct {
    const sc_opts *o;
    const sc_unit *unit;
    const simt_vl_model *model; /* set by sc_open_model */
    const char *wave;      /* FST path for this run, or NULL */
    const char *wave_what; /* "--wave" or "the failure waveform" (messages; NULL: --wave) */
    uint64_t wave_from;    /* first cycle dumped */
    uint64_t stop_after;   /* last cycle to run (inclusive); UINT64_MAX for all */
    FILE *record;          /* stimulus trace output, or NULL (opened by sc_open_model) */
    const char *record_to; /* its path: --record, or the failure trace (NULL: none) */
    const char *record_what; /* "--record" or "the failure trace" (messages) */
    sc_outfile record_out; /* its temporary file */
    sc_layout layout;      /* the unit's trace fields for the run's model (set by sc_open_model) */
    int dontcare;          /* every field on every trace line: a replayed trace's 'dontcare 1', or a
                              random run of a unit with conditional fields (not --no-dontcare) */
    int dc_fill;           /* sc_dontcare_fill draws (a random run with dontcare) */
    uint64_t dc_rng;       /* its random numbers (splitmix64 state), from the seed */
    uint64_t cycle;        /* current cycle, kept by the unit */
    uint64_t cycles_run;
    uint64_t mismatches;   /* cycles with at least one mismatch */
    uint64_t first_bad;    /* first mismatching cycle */
    unsigned reported;
    int cycle_bad;
    int quiet_mismatch;    /* replay run: do not print mismatches again */
    int directed_fail;     /* directed test: expectation from the paper not met */
    uint64_t assert_fails; /* RTL assertions that failed (rtl/common/simt_assert.svh) */
    unsigned areported;    /* of which printed */
    int injected;
} sc_run;

/* Compare one signal of the current cycle; lane < 0 for unit-wide signals. Inline: an equal
 * pair costs one comparison; a difference (or --inject-mismatch) goes to sc_cmp_report. */
void sc_cmp_report(sc_run *r, const char *signal, int lane, uint64_t expected, uint64_t actual);
static inline void sc_cmp(sc_run *r, const char *signal, int lane, uint64_t expected, uint64_t actual)
{
    if (expected != actual || r->o->inject)
        sc_cmp_report(r, signal, lane, expected, actual);
}
/* Every output of a unit's port table (its C model header, SIMT_<UNIT>_PORTS(I, O)) compared:
 *     SIMT_SPAWN_PORTS(SC_CMP_NONE, SC_CMP_OUT)
 * in a scope with r (sc_run *), e and a (the golden and the RTL's out structs) and the table's
 * count names (W, NENT, ...) as values. An output in the table is compared by construction;
 * the shim checks that the table lists every port of the RTL. */
#define SC_CMP_NONE(kind, port, field, n, ew)
#define SC_CMP_OUT(kind, port, field, n, ew) SC_CMP_##kind(port, field, n)
#define SC_CMP_S(port, field, n) sc_cmp(r, #port, -1, (uint64_t)e->field, (uint64_t)a->field);
#define SC_CMP_A(port, field, n)                                                                   \
    for (unsigned k_ = 0; k_ < (unsigned)(n); k_++)                                                \
        sc_cmp(r, #port, (int)k_, (uint64_t)e->field, (uint64_t)a->field);
#define SC_CMP_B(port, field, n)                                                                   \
    for (unsigned k_ = 0; k_ < ((unsigned)(n) + 63) / 64; k_++)                                    \
        sc_cmp(r, #port "[64k+:64]", (int)k_, e->field[k_], a->field[k_]);
/* Call once per cycle after the comparisons. */
void sc_end_cycle(sc_run *r);
/* A directed-test expectation (from the paper) failed: print and count it. */
void sc_expect_fail(sc_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Gated coverage (docs/verification.md): a unit lists its coverage points with the count a
 * standard run must reach (min; 0: not applicable to this configuration), and sc_cov_gate
 * fails the run (sc_expect_fail: "coverage: no NAME in this run ...") for every point below it:
 *
 *     const sc_cov_point pts[] = {{"divergence", cv.diverges, 1}, {"merge", cv.merges, rm}};
 *     SC_COV_GATE(r, pts);
 */
typedef struct {
    const char *name;  /* what was (not) reached, as a noun phrase */
    uint64_t n;        /* how often this run reached it */
    uint64_t min;      /* the least a standard run must reach; 0: not gated */
} sc_cov_point;
void sc_cov_gate(sc_run *r, const sc_cov_point *pts, size_t n);
#define SC_COV_GATE(r, pts) sc_cov_gate((r), (pts), sizeof(pts) / sizeof((pts)[0]))

/* ---- Lockstep of a golden model and its Verilated model: the unit-independent part ----
 *
 * A unit (tb/units/<unit>/) keeps its golden model, its typed outputs and its own checks; the
 * RTL's life cycle, clock, FST waveform (--wave and the failure re-run: times 10*cycle before
 * the edge, 10*cycle+5 after it, from r->wave_from on) and the end-of-cycle bookkeeping are
 * here. Its shim (lib/shim/vl_<unit>_shim.cpp) exports a vl_model_ops (lib/vl_model.h;
 * VL_CLOCKED_OPS in vl_ports.h fills it) inside its typed ops table, beside its eval. A unit
 * whose C model has the shape of SC_LOCKSTEP_FUNCS (below) gets its whole lockstep from it;
 * underneath, a cycle is:
 *     both evals; sc_ls_sample(&ls->core)          dump the cycle's values
 *     every output compared (SC_CMP_OUT over the unit's port table)
 *     the golden model's step; sc_ls_edge(&ls->core)   clock edge, dump, sc_end_cycle
 *     (sc_ls_sample and sc_ls_edge also report a failed RTL assertion like a mismatch)
 * and sc_ls_open creates the RTL, opens r->wave and resets it; sc_ls_reset resets it mid-run,
 * between two cycles; sc_ls_close ends it.
 * r->cycle is the unit's cycle counter (it runs the loop); a combinational unit
 * (VL_COMB_OPS: no reset, no edge) calls the same functions. */
typedef struct {
    sc_run *r;
    const vl_model_ops *vl;
    void *rtl;              /* the Verilated model, for the unit's typed eval */
    int dump;               /* the current cycle goes into the waveform */
    sc_outfile wave_out;    /* r->wave, written to a temporary file, renamed by sc_ls_close */
    uint64_t afails;        /* the model's failed assertions seen so far */
} sc_lockstep;

void sc_ls_open(sc_lockstep *ls, sc_run *r, const vl_model_ops *vl);
void sc_ls_reset(sc_lockstep *ls);
void sc_ls_sample(sc_lockstep *ls);  /* after both evals, before the comparisons */
void sc_ls_edge(sc_lockstep *ls);    /* after the comparisons and the golden model's step */
void sc_ls_close(sc_lockstep *ls);

/* The lockstep of a unit u whose C model has the shape simt_u_cfg, simt_u_in, simt_u_out, simt_u
 * (simt_u_cfg_check, _reset, _eval, _step), whose C view is vl_u_ops (vl_u_cfg), and whose port
 * table SIMT_U_PORTS counts its arrays in the names SIMT_U_COUNTS(c) declares from a config c.
 * A driver writes
 *     typedef struct { SC_LOCKSTEP_FIELDS(spawn) ...its own... } lockstep;
 *     SC_LOCKSTEP_FUNCS(spawn, SPAWN, lockstep)
 * and gets, on a lockstep *ls:
 *     lk_open(ls, r, ops)   the C model of ops's configuration (checked), the RTL created and reset
 *     lk_reset(ls)          both back to their reset state (mid-run, between two cycles)
 *     lk_peek(ls, &o)       the C model's outputs for idle inputs (the state at a cycle's start)
 *     lk_eval(ls, in)       both evaluate in; the cycle sampled; every output of the port table
 *                           compared (golden in ls->out, the RTL's in ls->act)
 *     lk_step(ls, in)       the C model's step and the clock edge (after the unit's own checks)
 *     lk_cycle(ls, in)      lk_eval and lk_step, for a unit with no checks of its own between them */
#define SC_UNUSED __attribute__((unused))
#define SC_LOCKSTEP_FIELDS(u)                                                                      \
    sc_lockstep core;             /* the RTL model, its clock and waveform */                      \
    const vl_##u##_ops *m;                                                                         \
    simt_##u gold;                                                                                 \
    simt_##u##_cfg cfg;                                                                            \
    simt_##u##_out out;           /* the C model's outputs of the cycle just run */                \
    simt_##u##_out act;           /* the RTL's */
#define SC_LOCKSTEP_FUNCS(u, U, LS)                                                                \
    SC_UNUSED static void lk_open(LS *ls, sc_run *r, const vl_##u##_ops *m)                        \
    {                                                                                              \
        memset(ls, 0, sizeof *ls);                                                                 \
        ls->m = m;                                                                                 \
        ls->cfg = vl_##u##_cfg(m);                                                                 \
        char err[160];                                                                             \
        if (simt_##u##_cfg_check(&ls->cfg, err, sizeof err))                                       \
            sc_die("model %s: %s", m->name, err);                                                  \
        simt_##u##_reset(&ls->gold, &ls->cfg);                                                     \
        sc_ls_open(&ls->core, r, &m->vl);                                                          \
    }                                                                                              \
    SC_UNUSED static void lk_reset(LS *ls)                                                         \
    {                                                                                              \
        simt_##u##_reset(&ls->gold, &ls->cfg);                                                     \
        sc_ls_reset(&ls->core);                                                                    \
    }                                                                                              \
    SC_UNUSED static void lk_peek(const LS *ls, simt_##u##_out *o)                                 \
    {                                                                                              \
        static const simt_##u##_in idle;                                                           \
        simt_##u##_eval(&ls->gold, &idle, o);                                                      \
    }                                                                                              \
    SC_UNUSED static void lk_eval(LS *ls, const simt_##u##_in *in)                                 \
    {                                                                                              \
        sc_run *r = ls->core.r;                                                                    \
        const simt_##u##_out *e = &ls->out, *a = &ls->act;                                         \
        simt_##u##_eval(&ls->gold, in, &ls->out);                                                  \
        ls->m->eval(ls->core.rtl, in, &ls->act);                                                   \
        sc_ls_sample(&ls->core);                                                                   \
        SIMT_##U##_COUNTS(&ls->cfg)                                                                \
        SIMT_##U##_PORTS(SC_CMP_NONE, SC_CMP_OUT)                                                  \
    }                                                                                              \
    SC_UNUSED static void lk_step(LS *ls, const simt_##u##_in *in)                                 \
    {                                                                                              \
        simt_##u##_step(&ls->gold, in);                                                            \
        sc_ls_edge(&ls->core);                                                                     \
    }                                                                                              \
    SC_UNUSED static void lk_cycle(LS *ls, const simt_##u##_in *in)                                \
    {                                                                                              \
        lk_eval(ls, in);                                                                           \
        lk_step(ls, in);                                                                           \
    }

static inline uint64_t sc_ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

/* Random numbers: splitmix64, reproducible from the printed seed (inline: the stimulus
 * generators draw several per lane and cycle). */
typedef struct { uint64_t s; } sc_rng;
static inline uint64_t sc_rand(sc_rng *g)
{
    uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/* uniform in [0, n) */
static inline uint64_t sc_below(sc_rng *g, uint64_t n) { return n ? sc_rand(g) % n : 0; }
/* true with probability percent/100 */
static inline int sc_chance(sc_rng *g, unsigned percent) { return sc_below(g, 100) < percent; }

void sc_die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* The model a run uses, chosen and announced once per run:
 *  - replaying a trace (--trace): opens t, takes the header's 'config' (or --config) and
 *    'lanes' (checked against --lanes), and checks every parameter line of the header
 *    against the model's parameters (those in the unit's replay_free may differ when --config
 *    names another configuration: the same stimulus on another form);
 *  - otherwise: --config (or the unit's default configuration) at W = lanes.
 * Dies (exit 2) naming what was asked and what is built. With --record, writes the trace
 * header (unit, config, lanes and every parameter of the model). Sets r->model, and r->layout:
 * the unit's trace fields resolved for that model (t->layout too when replaying). */
const simt_vl_model *sc_open_model(sc_run *r, sc_trace *t, unsigned lanes);
/* A parameter of the run's model (the registry's value; dies if the model has none). */
unsigned sc_param(const sc_run *r, const char *name);
/* --record: this cycle's line (the unit's line struct) as a trace line; nothing without
 * --record. A value too wide for its field is an internal error (the trace would not replay). */
void sc_trace_write(sc_run *r, const void *line);
/* A random run's line, before it is driven and recorded: every conditional field whose
 * condition does not hold gets a random value of its width (the unit must ignore it: a valid
 * bit's data are not 0 when it is low), from the run's own stream, so the rest of the stimulus
 * is the same with --no-dontcare (then, and in a replay, nothing is changed). Reset lines are
 * not passed. */
void sc_dontcare_fill(sc_run *r, void *line);

struct sc_unit {
    const char *name;                         /* the registry's unit name (units/<name>.toml) */
    const char *help;
    const char *const *tests;                 /* directed tests, NULL-terminated */
    const char *const *random_tests;          /* --test names that are seeded random modes: run()
                                                 runs them (o->test set), the seed is printed and
                                                 a failure writes a trace, as for a random run */
    const char *const *replay_free;           /* parameters a replayed trace may differ in when
                                                 --config names another configuration */
    const sc_trace_def *trace;                /* the fields of its trace's cycle line */
    void (*run)(sc_run *r);                   /* random run, or trace replay */
    void (*directed)(sc_run *r, const char *test); /* NULL when tests is empty */
    void (*list_extra)(FILE *f);              /* more for --list, or NULL */
};

/* Every unit, from the registry (build/gen/sc_units.c), NULL-terminated. */
extern const sc_unit *const sc_units[];

#endif
