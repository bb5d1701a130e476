/* SPDX-License-Identifier: Apache-2.0 */
/* sc_arb: simtcheck unit "arb": the ten arbiter operators of rtl/arb/simt_arb_top.sv (PC,
 * memory first-lane, combined, unified, memory min-line; area and delay forms) against the C
 * model cmodel/simt_arb.c, every cycle, in both modes.
 *
 * Trace line: arb_fields below (simtcheck arb --trace-doc, docs/trace_format.md). */
#include <inttypes.h>
#include <string.h>

#include "arb_keys.h"
#include "simt_arb.h"
#include "simtcheck.h"
#include "vl_arb.h"

static const char *const arb_tests[] = {NULL};

/* One cycle's inputs: the trace line. */
typedef struct {
    unsigned mode;
    uint64_t valid;
    uint64_t key[64];
} arb_line;

static const sc_field arb_fields[] = {
    {"mode", "1", NULL, NULL, SC_AT(arb_line, mode), "0: PC mode, 1: memory mode"},
    {"valid", "W", NULL, NULL, SC_AT(arb_line, valid), "the lane mask (bit i: lane i)"},
    {"key", "SP_W+PC_W", "W", NULL, SC_ARRAY(arb_line, key),
     "lane i's key {SP, PC} (memory mode: the address in the PC field)"},
};

/* The compared signals' names, "<operator>.valid_o", ".key_o", ".match_o" (made once: a
 * mismatch report is the only reader). */
static char arb_sig[SIMT_ARB_NOPS][3][48];

/* One evaluation (the operators are combinational: no clock), compared with the C model, whose
 * outputs it leaves in exp. */
static void arb_cycle(sc_lockstep *ls, const vl_arb_ops *m, const simt_arb_cfg *c,
                      int mode, uint64_t valid, const uint64_t *key, simt_arb_out exp[SIMT_ARB_NOPS])
{
    sc_run *r = ls->r;
    simt_arb_out act[SIMT_ARB_NOPS];
    simt_arb_eval_all(c, mode, valid, key, exp);
    m->eval(ls->rtl, mode, valid, key, act);
    sc_ls_sample(ls);
    for (int n = 0; n < SIMT_ARB_NOPS; n++) {
        sc_cmp(r, arb_sig[n][0], -1, (uint64_t)exp[n].valid, (uint64_t)act[n].valid);
        sc_cmp(r, arb_sig[n][1], -1, exp[n].key, act[n].key);
        sc_cmp(r, arb_sig[n][2], -1, exp[n].match, act[n].match);
    }
    sc_ls_edge(ls);
}

static void arb_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    const vl_arb_ops *m = sc_open_model(r, &tr, o->lanes)->ops;
    simt_arb_cfg c = {m->w, m->pc_w, m->sp_w, m->off_w};
    char err[128];
    if (simt_arb_cfg_check(&c, err, sizeof err))
        sc_die("model %s: %s", m->name, err);
    for (int n = 0; n < SIMT_ARB_NOPS; n++) {
        snprintf(arb_sig[n][0], sizeof arb_sig[n][0], "%s.valid_o", simt_arb_op_name[n]);
        snprintf(arb_sig[n][1], sizeof arb_sig[n][1], "%s.key_o", simt_arb_op_name[n]);
        snprintf(arb_sig[n][2], sizeof arb_sig[n][2], "%s.match_o", simt_arb_op_name[n]);
    }
    sc_lockstep ls;
    sc_ls_open(&ls, r, &m->vl);
    sc_rng g = {o->seed};
    arb_line ln;
    memset(&ln, 0, sizeof ln);
    uint64_t ties = 0, mem_cycles = 0, empty = 0, full = 0, policy_differ = 0, line_share = 0;
    const uint64_t wm = sc_ones(c.w);
    for (r->cycle = 0; r->cycle <= r->stop_after; r->cycle++) {
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
        } else {
            if (r->cycle >= o->cycles)
                break;
            arb_gen_keys(&g, &c, ln.key, &ln.valid, &ln.mode);
        }
        sc_trace_write(r, &ln);
        simt_arb_out exp[SIMT_ARB_NOPS];
        arb_cycle(&ls, m, &c, (int)ln.mode, ln.valid, ln.key, exp);
        /* coverage from the C model's unified and (memory mode) memory first-lane operators */
        const simt_arb_out e = exp[SIMT_ARB_OP_UNIF_AREA];
        ties += __builtin_popcountll(e.match) > 1;
        mem_cycles += ln.mode;
        empty += !ln.valid;
        full += (ln.valid & wm) == wm;
        if (ln.mode) {
            const simt_arb_out f = exp[SIMT_ARB_OP_MEMFIRST_AREA];
            policy_differ += f.key != e.key;
            /* lanes served together although their whole addresses (or SPs) differ */
            uint64_t k0 = 0;
            int seen = 0, differ = 0;
            for (unsigned i = 0; i < c.w; i++)
                if (e.match >> i & 1) {
                    differ |= seen && ln.key[i] != k0;
                    k0 = ln.key[i];
                    seen = 1;
                }
            line_share += differ;
        }
    }
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls);
    if (!o->quiet && !r->quiet_mismatch)
        printf("arb coverage: %" PRIu64 " memory-mode cycles, %" PRIu64 " cycles with ties at the minimum, %" PRIu64
               " with no valid lane, %" PRIu64 " with every lane valid, %" PRIu64
               " where the two memory policies pick different lines, %" PRIu64
               " serving lanes whose addresses differ within the line\n",
               mem_cycles, ties, empty, full, policy_differ, line_share);
    /* Random runs of 20,000 cycles or more gate their coverage: every point must be hit. */
    if (!o->trace_in && r->cycle >= 20000 && r->stop_after == UINT64_MAX) {
        const sc_cov_point pts[] = {
            {"memory-mode cycles", mem_cycles, 1}, {"ties at the minimum", ties, 1}, {"cycles with no valid lane", empty, 1},
            {"cycles with every lane valid", full, 1}, {"cycles where the memory policies differ", policy_differ, 1},
            {"lanes served together with different addresses", line_share, 1},
        };
        SC_COV_GATE(r, pts);
    }
}

const sc_unit sc_unit_arb = {
    .name = "arb",
    .help = "the four arbiter operators of Brunie & Collange 2013 Table 5, both forms (--config netlist: "
            "the Yosys gate-level netlist)",
    .tests = arb_tests,
    .trace = SC_TRACE_DEF(arb_fields, "The inputs of rtl/arb/simt_arb_top.sv: all ten operators (the four of Brunie & Collange\n"
                                      "2013 Table 5 in both forms, memory min-line and first-lane) see the same ones; the\n"
                                      "operators are combinational (a line is an evaluation, not a clock edge)."),
    .run = arb_run,
};
