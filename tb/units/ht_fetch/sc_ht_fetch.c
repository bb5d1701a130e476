/* SPDX-License-Identifier: Apache-2.0 */
/* sc_ht_fetch: simtcheck unit "ht_fetch": simt_ht_fetch (the hyper-threaded fetch unit of one
 * SM, Steffen 2012 §4.2, Fig. 4.4-4.5) against cmodel/simt_ht_fetch.c; contract
 * docs/units/ht_fetch.md.
 *
 * Random runs play the SM around the unit: a TLP scheduler presents warps' meta-data at a
 * phase rate and holds each request until it is taken; the meta-data are drawn as the stack
 * unit would make them (every active lane selects a valid slot; slot patterns all, a prefix, any
 * subset, one slot, none; PCs random or from a small pool, so two slots may hold one PC), with a
 * few bad requests mixed in. The I-cache answers every requesting port in the same cycle from an
 * instruction memory instr(pc) (a fixed hash): it hits at a phase rate (100 % down to 5 %), and
 * a new request's PCs may turn "cold" and miss 1-4, 5-30 or 40-150 times in a row before they
 * hit; ports that do not request see random hits and random data (to be ignored). The lanes take
 * bundles at a phase rate, with stall streaks. Runs of 1,000 cycles or more end with a drain.
 * About once in 4,096 cycles the unit is reset (trace field rst: rst_ni low for one edge, not a
 * compared cycle): model and RTL are compared through it, the requests in flight are dropped.
 *
 * Beside the RTL/C comparison of every output and state bit, an independent checker runs on the
 * RTL's own outputs (in replays and directed tests too): a queue of the accepted requests (its
 * own check of the request decides which are bad); the request in fetch is the oldest not yet
 * complete: every requesting port must ask for a PC that one of its valid slots still needs
 * (distinct slots for distinct ports), as many ports as there are such slots up to P, and a hit
 * delivers that slot. A presented bundle must be the head of the queue, complete (every valid
 * slot hit), with its meta-data unchanged, slot_instr[k] = instr(pc[k]) for each valid slot,
 * lane_instr[i] = instr(pc[sel[i]]) for each active lane and 0 (NOP) for the others, and stay
 * unchanged while it waits for bun_ready. At most two requests are in flight (F and B); a reset
 * drops those in flight (no bundle of theirs may follow it); after the final drain none is left:
 * every accepted request gave exactly one bundle, in order, or was dropped by a reset. Random
 * runs of 20,000 cycles or more gate their coverage.
 *
 * Directed tests (expected values derived by hand from the contract, docs/units/ht_fetch.md
 * "Cycle contract"; each test's derivation is in its comments): fetch-miss, k1, full-ht,
 * all-hit, backpressure, compact, empty, bad.
 *
 * Trace line: htf_fields below, a reset flag and the input ports (simtcheck ht_fetch --trace-doc). */
#include "ht_fetch_tb.h"


static const char *const htf_tests[] = {"fetch-miss", "k1", "full-ht", "all-hit", "backpressure", "compact", "empty",
                                        "bad", NULL};

#define IN(m) SC_AT(htf_line, in.m)
#define INA(m) SC_ARRAY(htf_line, in.m)
static const sc_field htf_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(htf_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"req_valid", "1", NULL, NULL, IN(req_valid), "the TLP scheduler presents one warp's meta-data"},
    {"req_tag", "TAG_W", NULL, "req_valid=1", IN(req_tag), "its warp tag"},
    {"req_slot_v", "K", NULL, "req_valid=1", IN(req_slot_v), "bit k: slot k is valid"},
    {"req_slot_pc", "PC_W", "K", "req_valid=1", INA(req_slot_pc), "the PC of slot i"},
    {"req_act", "W", NULL, "req_valid=1", IN(req_act), "bit i: lane i is active"},
    {"req_sel", "clog2(K)", "W", "req_valid=1", INA(req_sel), "lane i's slot"},
    {"ic_hit", "P", NULL, NULL, IN(ic_hit), "bit j: I-cache port j hits"},
    {"ic_data", "IW", "P", NULL, INA(ic_data), "port i's instruction (read only on a hit of a requesting port)"},
    {"bun_ready", "1", NULL, NULL, IN(bun_ready), "the lanes take the bundle"},
};
#undef IN
#undef INA

/* ---- random environment ---- */

#define NCOLD 32
#define NPOOL 8

typedef struct {
    uint64_t pc;
    unsigned left;             /* misses still to come */
} cold_pc;

typedef struct {
    unsigned req_pct, hit_pct, cold_pct, ready_pct, bad_pct, dens, pool_pct, junk_sel_pct;
    uint64_t pool[NPOOL];
    cold_pc cold[NCOLD];
    unsigned ncold;
    unsigned stall_left;
    unsigned multi_n;          /* requests made with a valid slot */
    unsigned req_n;            /* requests made */
} env;

static unsigned sel_bits(const simt_ht_fetch_cfg *c)
{
    unsigned sw = 1;
    while ((1u << sw) < c->k)
        sw++;
    return sw;
}

static uint64_t rand_pc(sc_rng *g, const simt_ht_fetch_cfg *c, const env *e)
{
    if (sc_chance(g, e->pool_pct))
        return e->pool[sc_below(g, NPOOL)];
    return sc_rand(g) & sc_ones(c->pc_w) & ~3ull;
}

/* A request as the stack unit makes it (every active lane selects a valid slot), or a bad one. */
static void make_req(sc_rng *g, const simt_ht_fetch_cfg *c, env *e, simt_ht_fetch_in *q, int bad)
{
    const uint64_t all = sc_ones(c->k);
    const unsigned sw = sel_bits(c);
    q->req_valid = 1;
    q->req_tag = sc_rand(g) & sc_ones(c->tag_w);
    uint64_t sv;
    unsigned m = (unsigned)sc_below(g, 100);
    if (m < 30)
        sv = all;
    else if (m < 58)
        sv = sc_ones(1 + (unsigned)sc_below(g, c->k));         /* a prefix: slots in scan order */
    else if (m < 84) {
        do
            sv = sc_rand(g) & all;
        while (!sv);
    } else if (m < 97)
        sv = 1ull << sc_below(g, c->k);
    else
        sv = 0;                                                 /* nothing to run */
    q->req_slot_v = sv;
    for (unsigned k = 0; k < c->k; k++)
        q->req_slot_pc[k] = rand_pc(g, c, e);
    /* lanes: active at the phase density, each on a random valid slot */
    unsigned vs[MAXK], nv = 0;
    for (unsigned k = 0; k < c->k; k++)
        if (sv >> k & 1)
            vs[nv++] = k;
    /* Two coverage points by construction, each in one of 16 requests with a valid slot: one PC in
     * two valid slots (two stack entries at one PC, unmerged; from the PC pool alone, 1 run in 100
     * of 20,000 cycles at K = 3 had none), and a valid slot no lane selects (below) */
    const unsigned nth = nv ? ++e->multi_n % 16 : 1;
    if (nv >= 2 && nth == 0)
        q->req_slot_pc[vs[1]] = q->req_slot_pc[vs[0]];
    const int garbage = sc_chance(g, e->junk_sel_pct);
    q->req_act = 0;
    for (unsigned i = 0; i < c->w; i++) {
        q->req_sel[i] = garbage ? (uint8_t)sc_below(g, 1u << sw) : 0;
        if (nv && sc_below(g, 100) < e->dens) {
            q->req_act |= 1ull << i;
            q->req_sel[i] = (uint8_t)vs[sc_below(g, nv)];
        }
    }
    /* mostly: every valid slot gets a lane (a stack entry has lanes) */
    if (nv && sc_chance(g, 70))
        for (unsigned t = 0; t < nv; t++) {
            int used = 0;
            for (unsigned i = 0; i < c->w; i++)
                used |= (q->req_act >> i & 1) && q->req_sel[i] == vs[t];
            if (!used) {
                unsigned i = (unsigned)sc_below(g, c->w);
                q->req_act |= 1ull << i;
                q->req_sel[i] = (uint8_t)vs[t];
            }
        }
    /* a valid slot no lane selects: the last valid slot's lanes go to the first, or at one valid
     * slot leave (at W = 32, runs of 20,000 cycles had none: 2 in 100 at K = 2, 1 in 5 at K = 1,
     * where many lanes leave no slot empty) */
    if (nth == 8)
        for (unsigned i = 0; i < c->w; i++)
            if ((q->req_act >> i & 1) && q->req_sel[i] == vs[nv - 1]) {
                if (nv >= 2)
                    q->req_sel[i] = (uint8_t)vs[0];
                else
                    q->req_act &= ~(1ull << i), q->req_sel[i] = 0;
            }
    if (bad) {
        /* an active lane on a slot that is not valid (or a selector >= K) */
        unsigned i = (unsigned)sc_below(g, c->w);
        unsigned cand[64], nc = 0;
        for (unsigned s = 0; s < (1u << sw); s++)
            if (s >= c->k || !(sv >> s & 1))
                cand[nc++] = s;
        if (nc)
            q->req_sel[i] = (uint8_t)cand[sc_below(g, nc)];
        else { /* every slot valid and K a power of 2: take lane i's slot away */
            unsigned s = q->req_act >> i & 1 ? q->req_sel[i] : (unsigned)sc_below(g, c->k);
            q->req_slot_v &= ~(1ull << s);
            q->req_sel[i] = (uint8_t)s;
        }
        q->req_act |= 1ull << i;
        if (!(q->req_act >> i & 1) || (q->req_sel[i] < c->k && q->req_slot_v >> q->req_sel[i] & 1))
            sc_die("internal: the bad request is good");
    }
    /* some of its PCs turn cold: they miss 1-4, 5-30 or 40-150 times before they hit */
    for (unsigned k = 0; k < c->k; k++) {
        if (!(q->req_slot_v >> k & 1) || !sc_chance(g, e->cold_pct) || e->ncold == NCOLD)
            continue;
        int known = 0;
        for (unsigned n = 0; n < e->ncold; n++)
            known |= e->cold[n].pc == q->req_slot_pc[k];
        if (known)
            continue;
        unsigned t = (unsigned)sc_below(g, 100);
        unsigned left = t < 70 ? 1 + (unsigned)sc_below(g, 4) : t < 95 ? 5 + (unsigned)sc_below(g, 26)
                                                                       : 40 + (unsigned)sc_below(g, 111);
        e->cold[e->ncold++] = (cold_pc){q->req_slot_pc[k], left};
    }
}

/* The I-cache's answer to this cycle's requests (st: the outputs of the state). */
static void icache(sc_rng *g, const simt_ht_fetch_cfg *c, env *e, const simt_ht_fetch_out *st, int all_hit,
                   simt_ht_fetch_in *in)
{
    in->ic_hit = 0;
    for (unsigned j = 0; j < c->p; j++) {
        int hit;
        if (st->ic_req >> j & 1) {
            const uint64_t pc = st->ic_pc[j];
            int cold = 0;
            for (unsigned n = 0; n < e->ncold; n++)
                if (e->cold[n].pc == pc) {
                    cold = 1;
                    if (--e->cold[n].left == 0)
                        e->cold[n] = e->cold[--e->ncold];
                    break;
                }
            hit = !cold && (all_hit || sc_chance(g, e->hit_pct));
            in->ic_data[j] = hit ? instr_of(pc, c->iw) : sc_rand(g) & sc_ones(c->iw);
        } else {
            hit = sc_chance(g, 20);   /* an idle port's answer: to be ignored */
            in->ic_data[j] = sc_rand(g) & sc_ones(c->iw);
        }
        in->ic_hit |= (uint64_t)hit << j;
    }
}

static void htf_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_ht_fetch_cfg *c = &ls.cfg;
    sc_rng g = {o->seed};
    chk x;
    htf_chk_init(&x, c);
    env e;
    memset(&e, 0, sizeof e);
    for (unsigned i = 0; i < NPOOL; i++)
        e.pool[i] = sc_rand(&g) & sc_ones(c->pc_w) & ~3ull;

    int pend = 0;                 /* a request waiting to be taken */
    simt_ht_fetch_in preq;
    memset(&preq, 0, sizeof preq);
    int draining = 0;             /* 1: a drain phase, 2: the final drain, 3: done */
    /* runs of 1000 cycles or more end with a drain: no new requests, every fetch hits, every
     * bundle is taken, until nothing is in flight */
    const int end_drain = o->cycles >= 1000;
    const uint64_t final_drain = end_drain ? o->cycles - 200 : o->cycles;
    htf_line ln;
    simt_ht_fetch_in in;
    simt_ht_fetch_out st;

    /* r->cycle counts compared cycles: a reset line is not one (as in st_rt and arb_pipe) */
    for (r->cycle = 0; r->cycle <= r->stop_after;) {
        memset(&in, 0, sizeof in);
        memset(&ln, 0, sizeof ln);
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
            in = ln.in;
        } else {
            if (r->cycle >= o->cycles)
                break;
            /* a reset in the middle of the run, about once in 4,096 cycles */
            ln.rst = r->cycle > 0 && sc_below(&g, 4096) == 0;
        }
        if (ln.rst) {
            /* rst_ni low for one edge, not a compared cycle: F and B empty in both models, the
             * sticky error cleared; the requests in flight are dropped (the checker's too). The
             * scheduler withdraws the request it was presenting and the lanes end their stall
             * streak; the I-cache keeps its cold PCs. A drain goes on (nothing is in flight). */
            memset(&ln.in, 0, sizeof ln.in);
            sc_trace_write(r, &ln);
            lk_reset(&ls);
            htf_chk_reset(&x);
            pend = 0;
            e.stall_left = 0;
            continue;
        }
        if (!o->trace_in) {
            if (r->cycle % 2500 == 0) { /* phases */
                static const unsigned req_p[] = {100, 80, 50, 20, 5}, hit_p[] = {100, 100, 95, 80, 50, 20, 5},
                                      ready_p[] = {100, 100, 90, 50, 20};
                e.req_pct = req_p[sc_below(&g, 5)];
                e.hit_pct = hit_p[sc_below(&g, 7)];
                e.cold_pct = (unsigned)sc_below(&g, 25);
                e.ready_pct = ready_p[sc_below(&g, 5)];
                e.bad_pct = (unsigned)sc_below(&g, 4);
                e.dens = (unsigned)sc_below(&g, 101);
                e.pool_pct = sc_chance(&g, 30) ? 60 : 5;
                e.junk_sel_pct = (unsigned)sc_below(&g, 30);
                if (!draining && r->cycle && sc_chance(&g, 25))
                    draining = 1;
            }
            if (end_drain && draining < 2 && r->cycle >= final_drain)
                draining = 2;
            if (draining)
                e.ncold = 0;
            if (draining == 2)
                e.stall_left = 0;
            /* requests: a new one at the phase rate, held until taken */
            if (!pend && !draining && sc_chance(&g, e.req_pct)) {
                memset(&preq, 0, sizeof preq);
                /* bad at the phase's rate (0 to 3 %), and every 64th request by construction (a
                 * run of 20,000 cycles at W = 4 whose phases drew 0 % had none) */
                const int bad = sc_chance(&g, e.bad_pct);
                make_req(&g, c, &e, &preq, bad || ++e.req_n % 64 == 0);
                pend = 1;
            }
            if (pend) {
                in.req_valid = 1;
                in.req_tag = preq.req_tag;
                in.req_slot_v = preq.req_slot_v;
                in.req_act = preq.req_act;
                memcpy(in.req_slot_pc, preq.req_slot_pc, sizeof in.req_slot_pc);
                memcpy(in.req_sel, preq.req_sel, sizeof in.req_sel);
            }
            /* the I-cache answers the requests of the state */
            lk_peek(&ls, &st);
            icache(&g, c, &e, &st, draining != 0, &in);
            /* the lanes: stall streaks, else the phase rate */
            if (e.stall_left)
                e.stall_left--;
            else {
                in.bun_ready = draining || sc_chance(&g, e.ready_pct);
                if (!draining && sc_chance(&g, 1))
                    e.stall_left = 5 + (unsigned)sc_below(&g, 56);
            }
        }
        ln.in = in;
        sc_dontcare_fill(r, &ln);   /* random: a request's fields when req_valid is low */
        in = ln.in;
        sc_trace_write(r, &ln);
        lk_cycle(&ls, &in);
        htf_chk_cycle(r, &x, &in, &ls.act);
        if (!o->trace_in && (ls.out.accept || ls.out.req_bad))
            pend = 0;
        /* a drain ends when nothing is left in flight */
        if ((draining == 1 || draining == 2) && !pend && x.n == 0 && !ls.out.f_move) {
            x.cv.drains++;
            draining = draining == 1 ? 0 : 3;
        }
        if (r->directed_fail > 20)
            sc_die("too many expectation failures");
        r->cycle++;
    }
    if (!o->trace_in && r->cycle >= o->cycles && end_drain && (draining != 3 || x.n))
        sc_expect_fail(r, "the final drain did not finish: %u accepted requests still in flight", x.n);
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        htf_print_cover(&x.cv);
    if (!o->trace_in && !r->quiet_mismatch && o->cycles >= 20000 && r->cycle >= o->cycles)
        htf_cover_gate(r, &x.cv, c, r->cycle);
}

const sc_unit sc_unit_ht_fetch = {
    .name = "ht_fetch",
    .help = "hyper-threaded fetch: K PCs per warp, all-or-nothing bundle, per-lane mux (Steffen 2012 §4.2)",
    .tests = htf_tests,
    .trace = SC_TRACE_DEF(htf_fields, "The input ports of simt_ht_fetch, rtl/ht_fetch/, docs/units/ht_fetch.md; one clock edge per line.\n"
                                      "The I-cache's answer is part of the stimulus: ic_hit and ic_data of every port, every cycle\n"
                                      "(a random run answers a requesting port with instr(pc) on a hit, and random data otherwise).\n"
                                      "Bad requests (an active lane on a slot that is not valid) are part of the stimulus too."),
    .run = htf_run,
    .directed = htf_directed,
};
