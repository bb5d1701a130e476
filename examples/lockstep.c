/* SPDX-License-Identifier: Apache-2.0 */
/* lockstep.c: the RTL of a unit and its C golden model, side by side, from C.
 *
 * Finds the Verilated model of the Split / Reconvergence Tables unit (st_rt, ElTantawy et al.
 * 2014: multi-path IPDOM with opportunistic early reconvergence) in libsimt with
 * simt_vl_find(), drives it and the golden model cmodel/simt_st_rt.c with the same random
 * operations of one warp (launch, advance, branch, arrive at the reconvergence point, exit,
 * a few malformed operations and mid-run resets), compares every output every cycle, prints
 * one line and exits 1 on any mismatch (2 on a usage error). docs/c_library.md.
 *
 *     lockstep [CYCLES [SEED [QUERY]]]        default: 20000 1 "W=8"
 *     lockstep 100000 7 "W=32 config=dps"     another model (a wrong query lists them)
 *
 * Build (C only, no C++ compiler on the line; libsimt brings its own C++ runtime):
 *     cc -std=c11 -Wall -Wextra -Werror lockstep.c $(pkg-config --cflags --libs simt) -o lockstep
 *     cc -static -std=c11 lockstep.c $(pkg-config --static --cflags --libs simt) -o lockstep
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt_vl.h"
#include "vl_st_rt.h"  /* vl_st_rt_ops, and the golden model simt_st_rt.h */

/* ---- stimulus: a small random generator and one warp's front end ---- */

static uint64_t rng = 1;
static uint64_t rnd(void)  /* splitmix64 */
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }
static int chance(unsigned pct) { return below(100) < pct; }

#define NPC 6  /* a few PCs, so that splits meet: arrivals, merges, early reconvergence */

/* The next operation, from the state at the start of the cycle (st: the golden model's
 * outputs for an idle input). Fields an operation does not use are random: they must not
 * matter, in either model. */
static void next_op(const simt_st_rt_cfg *c, const simt_st_rt_out *st, const uint64_t *pc, simt_st_rt_in *in)
{
    const uint64_t lanes = c->w >= 64 ? ~0ull : (1ull << c->w) - 1;
    in->op = SIMT_ST_RT_NONE;
    in->sel = 0;
    in->npc = pc[below(NPC)];
    in->blk = chance(50);
    in->tgt = pc[below(NPC)];
    in->tmask = rnd() & lanes;
    in->rpc = pc[below(NPC)];
    if (chance(3)) /* idle */
        return;
    if (chance(2)) { /* malformed: both models must refuse it (bad_o) and change nothing */
        in->op = 5 + below(3);
        return;
    }
    if (st->done) { /* tables empty: launch the next program on some lanes */
        in->op = SIMT_ST_RT_LAUNCH;
        in->tmask |= 1ull << below(c->w);
        return;
    }
    unsigned s; /* any valid split may run (§3.2); half the time the unit's own pick */
    do
        s = chance(50) && st->pick_valid ? st->pick : below(c->nst);
    while (!(st->st_valid >> s & 1));
    const simt_st_rt_st_ent *S = &st->st[s];
    in->sel = s;
    if (!S->hasr && chance(5)) { /* reconverged: the warp may exit */
        in->op = SIMT_ST_RT_EXIT;
        return;
    }
    if (chance(25)) { /* a branch: tmask lanes of the split to tgt, the others to npc */
        in->op = SIMT_ST_RT_BR;
        in->tmask &= S->mask;
        if (S->hasr && chance(20))
            in->rpc = S->rpc; /* reconverges where the split does (loop back-edge) */
        return;
    }
    in->op = SIMT_ST_RT_ADV; /* one instruction; at the split's RPC it arrives */
    if (S->hasr && chance(40))
        in->npc = S->rpc;
}

/* ---- comparison of every output ---- */

static unsigned long long mismatches;
static uint64_t cycle;

static void cmp(const char *port, int idx, uint64_t gold, uint64_t rtl)
{
    if (gold == rtl)
        return;
    if (++mismatches > 10)
        return;
    char where[40];
    snprintf(where, sizeof where, idx < 0 ? "%s" : "%s[%d]", port, idx);
    fprintf(stderr, "cycle %" PRIu64 ": %s: C model 0x%" PRIx64 ", RTL 0x%" PRIx64 "\n", cycle, where, gold, rtl);
}
#define CMP(port, idx, field) cmp(port, idx, (uint64_t)(e->field), (uint64_t)(a->field))
#define CMPI(port, i, field) cmp(port, (int)(i), (uint64_t)(e->field), (uint64_t)(a->field))

static void compare(const simt_st_rt_cfg *c, const simt_st_rt_out *e, const simt_st_rt_out *a)
{
    CMP("ok_o", -1, ok);
    CMP("stall_o", -1, stall);
    CMP("bad_o", -1, bad);
    CMP("ev_o", -1, ev);
    CMP("st_valid_o", -1, st_valid);
    CMP("rt_valid_o", -1, rt_valid);
    CMP("pick_valid_o", -1, pick_valid);
    CMP("pick_o", -1, pick);
    CMP("done_o", -1, done);
    for (unsigned s = 0; s < c->nst; s++) { /* free entries too: their stale fields are outputs */
        CMPI("st_pc_o", s, st[s].pc);
        CMPI("st_bpc_o", s, st[s].bpc);
        CMPI("st_mask_o", s, st[s].mask);
        CMPI("st_rpc_o", s, st[s].rpc);
        CMPI("st_hasr_o", s, st[s].hasr);
        CMPI("st_ridx_o", s, st[s].ridx);
    }
    for (unsigned r = 0; r < c->nrt; r++) {
        CMPI("rt_pc_o", r, rt[r].pc);
        CMPI("rt_rpc_o", r, rt[r].rpc);
        CMPI("rt_hasr_o", r, rt[r].hasr);
        CMPI("rt_ridx_o", r, rt[r].ridx);
        CMPI("rt_rmask_o", r, rt[r].rmask);
        CMPI("rt_pend_o", r, rt[r].pend);
    }
}

int main(int argc, char **argv)
{
    const uint64_t cycles = argc > 1 ? strtoull(argv[1], NULL, 0) : 20000;
    rng = argc > 2 ? strtoull(argv[2], NULL, 0) : 1;
    const uint64_t seed = rng;
    const char *query = argc > 3 ? argv[3] : "W=8";
    char err[128];
    if (argc > 4 || !cycles || !simt_vl_query_ok(query, err, sizeof err)) {
        fprintf(stderr, "usage: lockstep [CYCLES [SEED [QUERY]]], e.g. lockstep 20000 1 \"W=8 config=orec\"%s%s\n",
                argc > 3 ? "\n  " : "", argc > 3 ? err : "");
        return 2;
    }

    /* 1. The model: the first st_rt model whose parameters match the query. */
    const simt_vl_model *m = simt_vl_find("st_rt", query);
    if (!m) {
        fprintf(stderr, "lockstep: no st_rt model with %s; there are:\n", query);
        for (const simt_vl_model *x = simt_vl_models; x->name; x++)
            if (!strcmp(x->unit, "st_rt"))
                fprintf(stderr, "  %-20s config=%-7s %s\n", x->name, x->config, x->params);
        return 2;
    }
    const vl_st_rt_ops *ops = m->ops;

    /* 2. The golden model, configured as the RTL was built. */
    const simt_st_rt_cfg cfg = vl_st_rt_cfg(ops);
    if (simt_st_rt_cfg_check(&cfg, err, sizeof err)) {
        fprintf(stderr, "lockstep: %s: %s\n", m->name, err);
        return 2;
    }
    static simt_st_rt gold; /* static: a few kB of tables */
    simt_st_rt_reset(&gold, &cfg);

    /* 3. The RTL: create, reset (rst_ni low for one clock edge). */
    void *rtl = ops->vl.create();
    ops->vl.reset(rtl);

    uint64_t pc[NPC];
    for (unsigned i = 0; i < NPC; i++)
        pc[i] = 0x100 + 4 * (rnd() % 64);
    static const simt_st_rt_in idle;
    static simt_st_rt_out st, e, a;
    unsigned long long launches = 0, exits = 0, div = 0, reconv = 0, merge = 0, orec = 0, stall = 0, bad = 0,
                       resets = 0;
    uint64_t last_launch = 0;
    simt_st_rt_eval(&gold, &idle, &st);
    for (cycle = 0; cycle < cycles; cycle++) {
        if (cycle - last_launch > 3000) { /* a warp that runs too long: reset both, mid-run */
            simt_st_rt_reset(&gold, &cfg);
            ops->vl.reset(rtl);
            simt_st_rt_eval(&gold, &idle, &st);
            last_launch = cycle;
            resets++;
        }
        simt_st_rt_in in;
        next_op(&cfg, &st, pc, &in);
        /* 4. One cycle: both evaluate the same inputs, every output is compared, then the
         * clock edge in both. */
        simt_st_rt_eval(&gold, &in, &e);
        ops->eval(rtl, &in, &a);
        compare(&cfg, &e, &a);
        simt_st_rt_step(&gold, &in);
        ops->vl.edge(rtl);

        launches += e.ok && in.op == SIMT_ST_RT_LAUNCH;
        exits += e.ok && in.op == SIMT_ST_RT_EXIT;
        div += e.ev & SIMT_ST_RT_EV_DIV ? 1 : 0;
        reconv += e.ev & SIMT_ST_RT_EV_RECONV ? 1 : 0;
        merge += e.ev & SIMT_ST_RT_EV_MERGE ? 1 : 0;
        orec += e.ev & SIMT_ST_RT_EV_OREC ? 1 : 0;
        stall += (unsigned)e.stall;
        bad += (unsigned)e.bad;
        if (e.ok && in.op == SIMT_ST_RT_LAUNCH)
            last_launch = cycle;
        simt_st_rt_eval(&gold, &idle, &st); /* the state the next operation sees */
    }
    /* 5. Done: destroy the RTL model. */
    ops->vl.destroy(rtl);

    printf("lockstep %s (%s), seed %" PRIu64 ": %" PRIu64 " cycles, %llu launches, %llu exits, %llu divergences, "
           "%llu reconvergences, %llu OREC merges, %llu early reconvergence points, %llu stalls, %llu refused, "
           "%llu resets; %llu mismatches\n",
           m->name, m->params, seed, cycles, launches, exits, div, reconv, merge, orec, stall, bad, resets, mismatches);
    return mismatches ? 1 : 0;
}
