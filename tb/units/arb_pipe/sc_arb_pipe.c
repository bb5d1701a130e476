/* SPDX-License-Identifier: Apache-2.0 */
/* sc_arb_pipe: simtcheck unit "arb_pipe": the pipelined unified arbiter
 * rtl/arb_pipe/simt_arb_pipe.sv against its C model cmodel/simt_arb_pipe.c, every cycle: the
 * unified arbiter's result (Collange 2011 §4.3), STAGES cycles late, and nothing valid for STAGES
 * cycles after a reset. Random runs assert reset in the middle of the run (1 line in 256); those
 * of 20,000 cycles or more gate their coverage (every point of gate_cover hit).
 *
 * Trace line: arb_pipe_fields below (simtcheck arb_pipe --trace-doc, docs/trace_format.md). */
#include <inttypes.h>
#include <string.h>

#include "arb_keys.h"
#include "simt_arb_pipe.h"
#include "simtcheck.h"
#include "vl_arb_pipe.h"

static const char *const arb_pipe_tests[] = {NULL};
/* A trace recorded at one STAGES replays on another (--config): same stimulus, other latency. */
static const char *const arb_pipe_replay_free[] = {"STAGES", NULL};

/* One line of the trace: a reset, or one cycle's inputs. */
typedef struct {
    unsigned rst;
    unsigned mode;
    uint64_t valid;
    uint64_t key[64];
} arb_pipe_line;

static const sc_field arb_pipe_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(arb_pipe_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"mode", "1", NULL, NULL, SC_AT(arb_pipe_line, mode), "0: PC mode, 1: memory mode"},
    {"valid", "W", NULL, NULL, SC_AT(arb_pipe_line, valid), "the lane mask (bit i: lane i)"},
    {"key", "SP_W+PC_W", "W", NULL, SC_ARRAY(arb_pipe_line, key),
     "lane i's key {SP, PC} (memory mode: the address in the PC field)"},
};

typedef struct {
    uint64_t mem, ties, resets, out_valid, late, mem_ties, idle_after, low_chunk, uniform, mixed;
} arb_pipe_cov;

/* STAGES > clog2(W) + 1 cuts comparator levels in two (rtl/common/simt_min_pipe.sv, SPLIT): the
 * first stage compares the keys in chunks of ceil(K / 4) bits, the second lets the highest chunk
 * that differs decide. Level 1 compares lanes 2i and 2i + 1: count the pairs of this cycle
 * (both valid, the keys as the arbiter masks them) whose keys differ below an equal top chunk,
 * so that a lower chunk decides. */
static unsigned low_chunk_pairs(const simt_arb_cfg *c, const simt_arb_pipe_in *in)
{
    const unsigned k = c->sp_w + c->pc_w, cw = (k + 3) / 4, top = (k + cw - 1) / cw - 1;
    const uint64_t line = ((c->pc_w >= 64 ? ~0ull : (1ull << c->pc_w) - 1)) & ~((1ull << c->off_w) - 1);
    const uint64_t m = in->mode ? line : simt_arb_key_mask(c);
    unsigned n = 0;
    for (unsigned i = 0; i + 1 < c->w; i += 2) {
        uint64_t a = in->key[i] & m, b = in->key[i + 1] & m;
        n += (in->valid >> i & 3) == 3 && a != b && a >> (top * cw) == b >> (top * cw);
    }
    return n;
}

/* Random runs of 20,000 cycles or more gate their coverage: every point must be hit (the
 * lower-chunk decisions only where comparator levels are split). */
static void gate_cover(sc_run *r, const arb_pipe_cov *v, int split)
{
    const sc_cov_point pts[] = {
        {"memory-mode cycles", v->mem, 1},
        {"valid outputs", v->out_valid, 1},
        {"ties at the minimum", v->ties, 1},
        {"memory-mode ties (lanes served together)", v->mem_ties, 1},
        {"uniform outputs (every valid lane at the minimum)", v->uniform, 1},
        {"mixed outputs (some valid lane above the minimum)", v->mixed, 1},
        {"mid-run resets", v->resets, 1},
        {"outputs idle right after a reset", v->idle_after, 1},
        {"outputs that differ from the same cycle's arbitration", v->late, 1},
        {"level-1 pairs decided below the top key chunk", v->low_chunk, (uint64_t)split},
    };
    SC_COV_GATE(r, pts);
}

static void arb_pipe_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    const vl_arb_pipe_ops *m = sc_open_model(r, &tr, o->lanes)->ops;
    const simt_arb_pipe_cfg cfg = {m->w, m->pc_w, m->sp_w, m->off_w, m->stages};
    const simt_arb_cfg ac = {m->w, m->pc_w, m->sp_w, m->off_w};
    char err[128];
    if (simt_arb_pipe_cfg_check(&cfg, err, sizeof err))
        sc_die("model %s: %s", m->name, err);
    simt_arb_pipe gold;
    simt_arb_pipe_reset(&gold, &cfg);
    sc_lockstep ls;
    sc_ls_open(&ls, r, &m->vl);
    sc_rng g = {o->seed};
    arb_pipe_cov cv = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    const int split = cfg.stages > simt_arb_pipe_levels(cfg.w) + 1;
    unsigned since_reset = ~0u; /* cycles since the last reset (saturating) */
    int mode_q[SIMT_ARB_PIPE_MAX_STAGES + 1] = {0}; /* the mode of the last cycles, newest first */
    arb_pipe_line ln;
    simt_arb_pipe_in in;
    r->cycle = 0;
    while (r->cycle <= r->stop_after) {
        memset(&ln, 0, sizeof ln);
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
        } else {
            if (r->cycle >= o->cycles)
                break;
            if (r->cycle > 0 && sc_below(&g, 256) == 0)
                ln.rst = 1;
            else
                arb_gen_keys(&g, &ac, ln.key, &ln.valid, &ln.mode);
        }
        sc_trace_write(r, &ln);
        if (ln.rst) {
            simt_arb_pipe_reset(&gold, &cfg);
            sc_ls_reset(&ls);
            cv.resets++;
            since_reset = 0;
            continue;
        }
        in.mode = (int)ln.mode;
        in.valid = ln.valid;
        memcpy(in.key, ln.key, sizeof in.key);
        simt_arb_pipe_out po, pa;
        simt_arb_pipe_eval(&gold, &po);
        m->eval(ls.rtl, &in, &pa);
        sc_ls_sample(&ls);
        const simt_arb_out exp = po.arb;
        simt_arb_out now;
        {
            const simt_arb_pipe_out *e = &po, *a = &pa;
            SIMT_ARB_PIPE_PORTS(SC_CMP_NONE, SC_CMP_OUT)
        }
        cv.uniform += po.uniform;
        cv.mixed += exp.valid && !po.uniform;
        /* coverage: the latency is visible when this cycle's own arbitration differs */
        simt_arb_eval(&ac, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, in.mode, in.valid, in.key, &now);
        cv.late += now.valid != exp.valid || now.key != exp.key || now.match != exp.match;
        cv.mem += ln.mode;
        cv.out_valid += exp.valid;
        cv.ties += __builtin_popcountll(exp.match) > 1;
        if (split)
            cv.low_chunk += low_chunk_pairs(&ac, &in);
        for (unsigned s = cfg.stages; s > 0; s--)
            mode_q[s] = mode_q[s - 1];
        mode_q[0] = in.mode;
        cv.mem_ties += __builtin_popcountll(exp.match) > 1 && mode_q[cfg.stages];
        cv.idle_after += since_reset < cfg.stages && !exp.valid;
        if (since_reset != ~0u)
            since_reset++;
        simt_arb_pipe_step(&gold, &in);
        sc_ls_edge(&ls);
        r->cycle++;
    }
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls);
    if (!o->trace_in && r->cycle >= 20000 && r->stop_after == UINT64_MAX)
        gate_cover(r, &cv, split);
    if (!o->quiet && !r->quiet_mismatch)
        printf("arb_pipe coverage: STAGES %u, %" PRIu64 " memory-mode cycles, %" PRIu64 " valid outputs, %" PRIu64
               " with ties at the minimum (%" PRIu64 " in memory mode), %" PRIu64 " uniform, %" PRIu64
               " mixed, %" PRIu64 " mid-run resets, %" PRIu64
               " idle outputs right after one, %" PRIu64
               " cycles whose output differs from the same cycle's arbitration%s",
               cfg.stages, cv.mem, cv.out_valid, cv.ties, cv.mem_ties, cv.uniform, cv.mixed, cv.resets, cv.idle_after, cv.late,
               split ? "" : "\n");
    if (!o->quiet && !r->quiet_mismatch && split)
        printf(", %" PRIu64 " level-1 pairs decided below the top key chunk (split comparators)\n", cv.low_chunk);
}

const sc_unit sc_unit_arb_pipe = {
    .name = "arb_pipe",
    .help = "the pipelined unified arbiter (registered comparator tree, STAGES cycles of latency; "
            "--config s1|s2|s3|s4|s5|s6|s7|s11; past clog2(W) + 1 ranks cut comparator levels in two)",
    .tests = arb_pipe_tests,
    .replay_free = arb_pipe_replay_free,
    .trace = SC_TRACE_DEF(arb_pipe_fields,
                          "The inputs of rtl/arb_pipe/simt_arb_pipe.sv, one line per clock edge, or a reset line.\n"
                          "The outputs of a line are compared before its edge: they are the arbitration of the\n"
                          "line STAGES before (none within STAGES lines after a reset)."),
    .run = arb_pipe_run,
};
