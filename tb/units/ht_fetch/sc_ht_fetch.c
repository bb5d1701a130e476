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
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_ht_fetch.h"
#include "simtcheck.h"
#include "vl_ht_fetch.h"

#define MAXW SIMT_HT_FETCH_MAX_W
#define MAXK SIMT_HT_FETCH_MAX_K

static const char *const htf_tests[] = {"fetch-miss", "k1", "full-ht", "all-hit", "backpressure", "compact", "empty",
                                        "bad", NULL};

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_ht_fetch_in in;
} htf_line;
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

/* The instruction memory of every test: a fixed hash of the PC, never 0 (0 is the NOP). */
static uint64_t instr_of(uint64_t pc, unsigned iw)
{
    uint64_t z = pc ^ 0x5851f42d4c957f2dull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (z & sc_ones(iw)) | 1;
}

static unsigned popc(uint64_t v) { return (unsigned)__builtin_popcountll(v); }

/* ---- lockstep ---- */

typedef struct {
    sc_lockstep core;
    const vl_ht_fetch_ops *m;
    simt_ht_fetch gold;
    simt_ht_fetch_cfg cfg;
    simt_ht_fetch_out out;  /* golden outputs of the cycle just run */
    simt_ht_fetch_out act;  /* the RTL's */
} lockstep;

static void ls_open(lockstep *ls, sc_run *r, sc_trace *tr, unsigned lanes)
{
    memset(ls, 0, sizeof *ls);
    ls->m = sc_open_model(r, tr, lanes)->ops;
    const vl_ht_fetch_ops *m = ls->m;
    ls->cfg = vl_ht_fetch_cfg(m);
    char err[160];
    if (simt_ht_fetch_cfg_check(&ls->cfg, err, sizeof err))
        sc_die("model %s: %s", m->name, err);
    simt_ht_fetch_reset(&ls->gold, &ls->cfg);
    sc_ls_open(&ls->core, r, &m->vl);
}

/* A reset in the middle of a run (rst_ni low for one edge): both models back to their reset state. */
static void ls_reset(lockstep *ls)
{
    simt_ht_fetch_reset(&ls->gold, &ls->cfg);
    sc_ls_reset(&ls->core);
}

/* The outputs at the start of the next cycle for idle inputs: the state, and the I-cache request
 * (which depends on the state only). */
static void ls_peek(const lockstep *ls, simt_ht_fetch_out *o)
{
    static const simt_ht_fetch_in idle;
    simt_ht_fetch_eval(&ls->gold, &idle, o);
}

static void ls_cycle(lockstep *ls, const simt_ht_fetch_in *in)
{
    sc_run *r = ls->core.r;
    const simt_ht_fetch_cfg *c = &ls->cfg;
    simt_ht_fetch_out *e = &ls->out, *a = &ls->act;
    simt_ht_fetch_eval(&ls->gold, in, e);
    ls->m->eval(ls->core.rtl, in, a);
    sc_ls_sample(&ls->core);
    const unsigned W = c->w, K = c->k, P = c->p;
    SIMT_HT_FETCH_PORTS(SC_CMP_NONE, SC_CMP_OUT)
    simt_ht_fetch_step(&ls->gold, in);
    sc_ls_edge(&ls->core);
}

/* ---- the independent checker: accepted requests, fetches, bundles, on the RTL's outputs ---- */

typedef struct {
    unsigned tag;
    uint64_t slot_v, act;
    uint64_t pc[MAXK];
    unsigned sel[MAXW];
    uint64_t got;              /* valid slots that have hit */
    unsigned streak[MAXK];     /* misses in a row of each slot */
    unsigned fetches;          /* cycles in which it was fetched */
    uint64_t seq;
} req_rec;

typedef struct {
    uint64_t accepted, bad, issued, empty, orphan, same_pc, all_slots, one_slot, misses, rerequests, long_streaks,
        max_streak, first_hit, wait_b, hold, b2b, acc_bfull, req_wait, compact, multi_round, junk_hits, drains;
    uint64_t resets, busy_resets, dropped; /* mid-run resets, those with requests in flight, requests dropped */
} cover;

typedef struct {
    const simt_ht_fetch_cfg *c;
    req_rec q[4];
    unsigned n;                /* requests in flight (accepted, not issued) */
    uint64_t seq_in, seq_out;
    int held;                  /* last cycle's bundle waited (bun_valid & ~bun_ready) */
    simt_ht_fetch_out last;    /* ... and its outputs */
    uint64_t last_issue;       /* cycle of the last issue + 1 (0: none) */
    cover cv;
    /* for the directed tests: the last bundle taken */
    int issued_now;
    req_rec last_bundle;
} chk;

static void chk_init(chk *x, const simt_ht_fetch_cfg *c)
{
    memset(x, 0, sizeof *x);
    x->c = c;
}

/* A reset of the unit: the accepted requests in flight (in F and B) are gone with its state;
 * the checker drops them (counted apart) and no bundle is held any more: the next bundle must
 * come from a request accepted after the reset. */
static void chk_reset(chk *x)
{
    x->cv.resets++;
    x->cv.busy_resets += x->n != 0;
    x->cv.dropped += x->n;
    x->n = 0;
    x->held = 0;
    x->last_issue = 0;
    x->issued_now = 0;
}

/* The checker's own reading of the contract's request check. */
static int chk_bad(const simt_ht_fetch_cfg *c, const simt_ht_fetch_in *in)
{
    unsigned sw = 1;
    while ((1u << sw) < c->k)
        sw++;
    for (unsigned i = 0; i < c->w; i++)
        if (in->req_act >> i & 1) {
            unsigned s = in->req_sel[i] & (unsigned)sc_ones(sw);
            if (s >= c->k || !(in->req_slot_v >> s & 1))
                return 1;
        }
    return 0;
}

static int bundle_same(const simt_ht_fetch_cfg *c, const simt_ht_fetch_out *a, const simt_ht_fetch_out *b)
{
    if (a->bun_valid != b->bun_valid || a->bun_tag != b->bun_tag || a->bun_slot_v != b->bun_slot_v ||
        a->bun_act != b->bun_act)
        return 0;
    for (unsigned k = 0; k < c->k; k++)
        if (a->bun_slot_pc[k] != b->bun_slot_pc[k] || a->bun_slot_instr[k] != b->bun_slot_instr[k])
            return 0;
    for (unsigned i = 0; i < c->w; i++)
        if (a->bun_sel[i] != b->bun_sel[i] || a->bun_lane_instr[i] != b->bun_lane_instr[i])
            return 0;
    return 1;
}

/* One cycle: in the inputs, a the RTL's outputs. */
static void chk_cycle(sc_run *r, chk *x, const simt_ht_fetch_in *in, const simt_ht_fetch_out *a)
{
    const simt_ht_fetch_cfg *c = x->c;
    cover *v = &x->cv;
    x->issued_now = 0;

    /* the bundle on the outputs: the head of the queue, complete and unchanged */
    if (x->held && !bundle_same(c, &x->last, a))
        sc_expect_fail(r, "the bundle changed while it waited for bun_ready");
    if (a->bun_valid) {
        if (x->n == 0)
            sc_expect_fail(r, "a bundle is presented, but no accepted request is in flight");
        else {
            const req_rec *h = &x->q[0];
            if (h->got != h->slot_v)
                sc_expect_fail(r, "bundle of request %" PRIu64 " (tag %u) presented before every valid slot hit: "
                               "slots 0x%" PRIx64 ", hit 0x%" PRIx64, h->seq, h->tag, h->slot_v, h->got);
            if (a->bun_tag != h->tag || a->bun_slot_v != h->slot_v || a->bun_act != h->act)
                sc_expect_fail(r, "bundle tag %u slots 0x%" PRIx64 " lanes 0x%" PRIx64 ", but the oldest request in flight "
                               "is tag %u slots 0x%" PRIx64 " lanes 0x%" PRIx64, a->bun_tag, a->bun_slot_v, a->bun_act,
                               h->tag, h->slot_v, h->act);
            for (unsigned k = 0; k < c->k; k++)
                if (h->slot_v >> k & 1) {
                    if (a->bun_slot_pc[k] != h->pc[k])
                        sc_expect_fail(r, "bundle slot %u PC 0x%" PRIx64 ", requested 0x%" PRIx64, k, a->bun_slot_pc[k],
                                       h->pc[k]);
                    if (a->bun_slot_instr[k] != instr_of(h->pc[k], c->iw))
                        sc_expect_fail(r, "bundle slot %u (PC 0x%" PRIx64 ") holds 0x%" PRIx64 ", not instr(pc) 0x%" PRIx64,
                                       k, h->pc[k], a->bun_slot_instr[k], instr_of(h->pc[k], c->iw));
                }
            for (unsigned i = 0; i < c->w; i++) {
                if (h->act >> i & 1) {
                    uint64_t want = instr_of(h->pc[h->sel[i]], c->iw);
                    if (a->bun_sel[i] != h->sel[i] || a->bun_lane_instr[i] != want)
                        sc_expect_fail(r, "lane %u (slot %u, PC 0x%" PRIx64 ") gets 0x%" PRIx64 " from slot %u, expected "
                                       "0x%" PRIx64, i, h->sel[i], h->pc[h->sel[i]], a->bun_lane_instr[i], a->bun_sel[i],
                                       want);
                } else if (a->bun_lane_instr[i] != 0)
                    sc_expect_fail(r, "inactive lane %u gets 0x%" PRIx64 ", not the NOP 0", i, a->bun_lane_instr[i]);
            }
        }
    }

    /* fetch: the oldest request not yet complete; a complete one waits in F while B is full */
    req_rec *f = NULL;
    unsigned ncomplete = 0;
    for (unsigned q = 0; q < x->n; q++) {
        if (x->q[q].got == x->q[q].slot_v)
            ncomplete++;
        else if (!f)
            f = &x->q[q];
    }
    v->wait_b += ncomplete == 2;
    const uint64_t need = f ? f->slot_v & ~f->got : 0;
    uint64_t claimed = 0;
    unsigned nreq = 0;
    for (unsigned j = 0; j < c->p; j++) {
        if (!(a->ic_req >> j & 1)) {
            v->junk_hits += in->ic_hit >> j & 1;
            continue;
        }
        nreq++;
        int slot = -1;
        for (unsigned k = 0; k < c->k; k++)
            if ((need & ~claimed) >> k & 1 && f->pc[k] == a->ic_pc[j]) {
                slot = (int)k;
                break;
            }
        if (slot < 0) {
            sc_expect_fail(r, "I-cache port %u asks for PC 0x%" PRIx64 ", which no request in fetch still needs", j,
                           a->ic_pc[j]);
            continue;
        }
        claimed |= 1ull << slot;
        v->compact += (unsigned)slot != j;
        if (f->streak[slot])
            v->rerequests++;
        if (in->ic_hit >> j & 1) {
            f->got |= 1ull << slot;
            if (f->streak[slot] >= 16)
                v->long_streaks++;
        } else {
            v->misses++;
            if (++f->streak[slot] > v->max_streak)
                v->max_streak = f->streak[slot];
        }
    }
    const unsigned want = popc(need) < c->p ? popc(need) : c->p;
    if (nreq != want)
        sc_expect_fail(r, "%u I-cache ports request, but %u slots are still needed and %u ports exist", nreq, popc(need),
                       c->p);
    if (f && ++f->fetches == 1 && f->got == f->slot_v)
        v->first_hit++;

    /* issue */
    if (a->bun_valid && (in->bun_ready & 1) && x->n) {
        x->last_bundle = x->q[0];
        x->issued_now = 1;
        memmove(&x->q[0], &x->q[1], (x->n - 1) * sizeof x->q[0]);
        x->n--;
        x->seq_out++;
        v->issued++;
        if (x->last_issue && x->last_issue == r->cycle)
            v->b2b++;
        x->last_issue = r->cycle + 1;
    }
    v->hold += a->bun_valid && !(in->bun_ready & 1);

    /* the request */
    if ((in->req_valid & 1) && !a->req_ready)
        v->req_wait++;
    if (a->req_bad && !((in->req_valid & 1) && a->req_ready))
        sc_expect_fail(r, "req_bad_o without a request taken");
    if ((in->req_valid & 1) && a->req_ready) {
        int bad = chk_bad(c, in);
        if (a->req_bad != bad)
            sc_expect_fail(r, "request %s, but req_bad_o = %d", bad ? "is bad" : "is good", a->req_bad);
        if (bad)
            v->bad++;
        else {
            if (x->n == 4)
                sc_die("internal: checker queue overflow");
            req_rec *q = &x->q[x->n++];
            memset(q, 0, sizeof *q);
            q->tag = (unsigned)(in->req_tag & sc_ones(c->tag_w));
            q->slot_v = in->req_slot_v & sc_ones(c->k);
            q->act = in->req_act & sc_ones(c->w);
            for (unsigned k = 0; k < c->k; k++)
                q->pc[k] = in->req_slot_pc[k] & sc_ones(c->pc_w);
            for (unsigned i = 0; i < c->w; i++)
                q->sel[i] = in->req_sel[i];
            q->seq = x->seq_in++;
            v->accepted++;
            v->empty += q->slot_v == 0;
            v->all_slots += q->slot_v == sc_ones(c->k);
            v->one_slot += popc(q->slot_v) == 1;
            v->multi_round += popc(q->slot_v) > c->p;
            v->acc_bfull += a->bun_valid && !(in->bun_ready & 1);
            uint64_t used = 0;
            for (unsigned i = 0; i < c->w; i++)
                if (q->act >> i & 1)
                    used |= 1ull << q->sel[i];
            v->orphan += (q->slot_v & ~used) != 0;
            int same = 0;
            for (unsigned k = 0; k < c->k; k++)
                for (unsigned l = k + 1; l < c->k; l++)
                    same |= (q->slot_v >> k & 1) && (q->slot_v >> l & 1) && q->pc[k] == q->pc[l];
            v->same_pc += same;
        }
    }
    if (x->n > 2)
        sc_expect_fail(r, "%u accepted requests in flight: more than the fetch and bundle stages hold", x->n);
    x->held = a->bun_valid && !(in->bun_ready & 1);
    x->last = *a;
}

static void cover_gate(sc_run *r, const cover *v, const simt_ht_fetch_cfg *c, uint64_t cycles)
{
    const sc_cov_point pts[] = {
        {"accepted requests", v->accepted, 1},
        {"bundles", v->issued, 1},
        {"bad requests dropped", v->bad, 1},
        {"empty requests (no valid slot)", v->empty, 1},
        {"requests with every slot valid", v->all_slots, 1},
        {"requests with one valid slot", v->one_slot, c->k > 1},
        {"requests with a valid slot no lane selects", v->orphan, 1},
        {"requests with one PC in two slots", v->same_pc, c->k > 1},
        {"misses", v->misses, 1},
        {"re-requests after a miss", v->rerequests, 1},
        {"hits after a miss streak of 16 or more", v->long_streaks, 1},
        {"requests complete in their first fetch cycle", v->first_hit, 1},
        {"cycles with a complete request waiting for the bundle stage", v->wait_b, 1},
        {"bundles held by bun_ready = 0", v->hold, 1},
        {"bundles taken in consecutive cycles", v->b2b, 1},
        {"requests accepted while a bundle waits", v->acc_bfull, 1},
        {"requests waiting for req_ready", v->req_wait, 1},
        {"ports serving another slot than their own number", v->compact, c->p < c->k},
        {"requests needing more slots than ports", v->multi_round, c->p < c->k},
        {"hits on ports that do not request", v->junk_hits, 1},
        {"drains", v->drains, 1},
        /* resets come about once in 4,096 cycles: a run of 20,000 cycles has none with
         * probability e^-4.9 (0.8 %), one of 10^5 cycles e^-24: gated from 10^5 on */
        {"mid-run resets", v->resets, cycles >= 100000},
        {"mid-run resets with requests in flight", v->busy_resets, cycles >= 100000},
    };
    SC_COV_GATE(r, pts);
}

static void print_cover(const cover *v)
{
    printf("ht_fetch coverage: %" PRIu64 " requests accepted (%" PRIu64 " empty, %" PRIu64 " all slots, %" PRIu64
           " one slot, %" PRIu64 " with an unused slot, %" PRIu64 " with a PC in two slots, %" PRIu64
           " needing more slots than ports), %" PRIu64 " bad dropped, %" PRIu64 " cycles of a request waiting for req_ready, %"
           PRIu64 " accepted while a bundle waited; %" PRIu64 " misses, %" PRIu64 " re-requests, %" PRIu64
           " hits after 16+ misses, longest miss streak %" PRIu64 ", %" PRIu64 " complete in their first fetch, %" PRIu64
           " port/slot remaps, %" PRIu64 " ignored hits of idle ports; %" PRIu64 " bundles (%" PRIu64
           " back to back), %" PRIu64 " held cycles, %" PRIu64 " cycles complete waiting for B; %" PRIu64 " drains; %" PRIu64
           " mid-run resets (%" PRIu64 " with requests in flight, %" PRIu64 " requests dropped)\n",
           v->accepted, v->empty, v->all_slots, v->one_slot, v->orphan, v->same_pc, v->multi_round, v->bad, v->req_wait,
           v->acc_bfull, v->misses, v->rerequests, v->long_streaks, v->max_streak, v->first_hit, v->compact,
           v->junk_hits, v->issued, v->b2b, v->hold, v->wait_b, v->drains, v->resets, v->busy_resets, v->dropped);
}

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
    ls_open(&ls, r, &tr, o->lanes);
    const simt_ht_fetch_cfg *c = &ls.cfg;
    sc_rng g = {o->seed};
    chk x;
    chk_init(&x, c);
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
            ls_reset(&ls);
            chk_reset(&x);
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
            ls_peek(&ls, &st);
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
        ls_cycle(&ls, &in);
        chk_cycle(r, &x, &in, &ls.act);
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
        print_cover(&x.cv);
    if (!o->trace_in && !r->quiet_mismatch && o->cycles >= 20000 && r->cycle >= o->cycles)
        cover_gate(r, &x.cv, c, r->cycle);
}

/* ---- directed tests ---- */

typedef struct {
    sc_run *r;
    lockstep ls;
    chk x;
    simt_ht_fetch_in in;
} dt;

static void dt_open(dt *d, sc_run *r)
{
    memset(d, 0, sizeof *d);
    d->r = r;
    ls_open(&d->ls, r, NULL, r->o->lanes);
    chk_init(&d->x, &d->ls.cfg);
    r->cycle = 0;
}

/* One cycle with the request in d->in (cleared once taken); the I-cache ports that request and
 * are named in hits answer instr(pc), the others miss; ready drives bun_ready_i. */
static void dt_cycle(dt *d, uint64_t hits, int ready)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    simt_ht_fetch_out st;
    ls_peek(&d->ls, &st);
    d->in.ic_hit = hits & st.ic_req;
    for (unsigned j = 0; j < c->p; j++)
        d->in.ic_data[j] = d->in.ic_hit >> j & 1 ? instr_of(st.ic_pc[j], c->iw) : 0;
    d->in.bun_ready = (uint64_t)ready;
    ls_cycle(&d->ls, &d->in);
    chk_cycle(d->r, &d->x, &d->in, &d->ls.act);
    if (d->in.req_valid && d->ls.act.req_ready)
        d->in.req_valid = 0;
    d->r->cycle++;
}

static void dt_close(dt *d) { sc_ls_close(&d->ls.core); }

static void need(const dt *d, const char *test, unsigned w, unsigned k, unsigned p, const char *how)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    if ((w && c->w != w) || (k && c->k != k) || (p && c->p != p))
        sc_die("test %s needs %s (W=%u K=%u P=%u; 0 = any); model %s has W=%u K=%u P=%u", test, how, w, k, p,
               d->ls.m->name, c->w, c->k, c->p);
}

#define A (&d->ls.act)
#define CHECK(cond, ...)                                                                                   \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            sc_expect_fail(d->r, __VA_ARGS__);                                                             \
    } while (0)

static void set_req(dt *d, unsigned tag, uint64_t slot_v, const uint64_t *pcs, uint64_t act, const unsigned *sel)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    d->in.req_valid = 1;
    d->in.req_tag = tag;
    d->in.req_slot_v = slot_v;
    d->in.req_act = act;
    for (unsigned k = 0; k < c->k; k++)
        d->in.req_slot_pc[k] = pcs ? pcs[k] : 0;
    for (unsigned i = 0; i < c->w; i++)
        d->in.req_sel[i] = sel ? (uint8_t)sel[i] : 0;
}

/* the I-cache request of the cycle just run: ports in req, port j asking for pcs[j] (0 when idle) */
static void chk_ports(dt *d, const char *step, uint64_t req, const uint64_t *pcs)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    CHECK(A->ic_req == req, "%s: ic_req_o = 0x%" PRIx64 ", expected 0x%" PRIx64, step, A->ic_req, req);
    for (unsigned j = 0; j < c->p; j++) {
        uint64_t want = req >> j & 1 ? pcs[j] : 0;
        CHECK(A->ic_pc[j] == want, "%s: ic_pc_o[%u] = 0x%" PRIx64 ", expected 0x%" PRIx64, step, j, A->ic_pc[j], want);
    }
}

/* the bundle on the outputs: valid, tag, and lane i executing the instruction at lane_pc[i]
 * (0: inactive, the NOP) */
static void chk_bundle(dt *d, const char *step, unsigned tag, const uint64_t *lane_pc)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    CHECK(A->bun_valid && A->bun_tag == tag, "%s: bundle valid %d tag %u, expected valid with tag %u", step, A->bun_valid,
          A->bun_tag, tag);
    for (unsigned i = 0; i < c->w; i++) {
        uint64_t want = lane_pc[i] ? instr_of(lane_pc[i], c->iw) : 0;
        CHECK(A->bun_lane_instr[i] == want, "%s: lane %u gets 0x%" PRIx64 ", expected %s%" PRIx64 ")", step, i,
              A->bun_lane_instr[i], lane_pc[i] ? "I(0x" : "the NOP (0x", lane_pc[i] ? lane_pc[i] : 0);
    }
}

static void chk_none(dt *d, const char *step)
{
    CHECK(!A->bun_valid, "%s: a bundle is presented (tag %u), none expected: no partial bundle", step, A->bun_tag);
}

/* fetch-miss (Steffen 2012 §4.2: a miss makes every PC wait), W = 4, K = 2: slots 0x40 and 0x04,
 * lanes 0, 1 on slot 0 and lanes 2, 3 on slot 1. P = 2: cycle 1 slot 0 hits and slot 1 misses;
 * cycle 2 only slot 1 is requested and misses; cycle 3 it hits; cycle 4 the bundle is valid with
 * I(0x40), I(0x40), I(0x04), I(0x04). P = 1: slot 0 in cycle 1, slot 1 in cycle 2 (a hit), valid
 * in cycle 3; then the same request again with slot 1 missing once: valid 4 cycles after it is
 * taken. */
static void t_fetch_miss(dt *d)
{
    need(d, "fetch-miss", 4, 2, 0, "--lanes 4 with K = 2 (--config base or p1)");
    static const uint64_t pcs[2] = {0x40, 0x04}, lanes[4] = {0x40, 0x40, 0x04, 0x04};
    static const unsigned sel[4] = {0, 0, 1, 1};
    set_req(d, 5, 0x3, pcs, 0xf, sel);
    dt_cycle(d, 0, 1);                                             /* cycle 0: the request is taken */
    CHECK(A->req_ready && !A->req_bad && A->ic_req == 0, "0: request taken, nothing fetched yet");
    chk_none(d, "0");
    if (d->ls.cfg.p == 2) {
        dt_cycle(d, 0x1, 1);                                       /* 1: hit0, miss1 */
        chk_ports(d, "1", 0x3, (const uint64_t[]){0x40, 0x04});
        CHECK(!A->req_ready, "1: the fetch stage is busy");
        chk_none(d, "1");
        dt_cycle(d, 0x0, 1);                                       /* 2: only slot 1, miss */
        chk_ports(d, "2", 0x2, (const uint64_t[]){0, 0x04});
        chk_none(d, "2");
        dt_cycle(d, 0x2, 1);                                       /* 3: slot 1 hits */
        chk_ports(d, "3", 0x2, (const uint64_t[]){0, 0x04});
        CHECK(A->req_ready, "3: the complete request moves to the bundle stage: ready");
        chk_none(d, "3");
        dt_cycle(d, 0, 1);                                         /* 4: the bundle */
        chk_bundle(d, "4", 5, lanes);
        chk_ports(d, "4", 0, NULL);
        dt_cycle(d, 0, 1);
        chk_none(d, "5");
        return;
    }
    dt_cycle(d, 0x1, 1);                                           /* 1: slot 0 on port 0, hit */
    chk_ports(d, "1", 0x1, (const uint64_t[]){0x40});
    chk_none(d, "1");
    dt_cycle(d, 0x1, 1);                                           /* 2: slot 1 on port 0, hit */
    chk_ports(d, "2", 0x1, (const uint64_t[]){0x04});
    CHECK(A->req_ready, "2: the complete request moves: ready");
    chk_none(d, "2");
    set_req(d, 6, 0x3, pcs, 0xf, sel);
    dt_cycle(d, 0, 1);                                             /* 3: the bundle; request 6 taken */
    chk_bundle(d, "3", 5, lanes);
    CHECK(A->req_ready && A->ic_req == 0, "3: request 6 taken");
    dt_cycle(d, 0x1, 1);                                           /* 4: slot 0 hits */
    chk_ports(d, "4", 0x1, (const uint64_t[]){0x40});
    chk_none(d, "4");
    dt_cycle(d, 0x0, 1);                                           /* 5: slot 1 misses */
    chk_ports(d, "5", 0x1, (const uint64_t[]){0x04});
    chk_none(d, "5");
    dt_cycle(d, 0x1, 1);                                           /* 6: slot 1 hits */
    chk_ports(d, "6", 0x1, (const uint64_t[]){0x04});
    chk_none(d, "6");
    dt_cycle(d, 0, 1);                                             /* 7: the bundle */
    chk_bundle(d, "7", 6, lanes);
}

/* K = 1 (plain PDOM fetch): one slot 0x100, lanes 0 and 2 active; it misses twice, hits in
 * cycle 3, the bundle is valid in cycle 4: lanes 0 and 2 get I(0x100), the others the NOP. */
static void t_k1(dt *d)
{
    need(d, "k1", 0, 1, 1, "--config k1");
    set_req(d, 1, 0x1, (const uint64_t[]){0x100}, 0x5, NULL);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && !A->req_bad, "0: request taken");
    for (unsigned t = 1; t <= 3; t++) {
        char step[8];
        snprintf(step, sizeof step, "%u", t);
        dt_cycle(d, t == 3 ? 1 : 0, 1);
        chk_ports(d, step, 0x1, (const uint64_t[]){0x100});
        CHECK(A->req_ready == (t == 3), "%s: req_ready %d", step, A->req_ready);
        chk_none(d, step);
    }
    dt_cycle(d, 0, 1);
    uint64_t lanes[MAXW] = {0};
    lanes[0] = lanes[2] = 0x100;
    chk_bundle(d, "4", 1, lanes);
}

/* Full hyper-threading (K = W, P = K): slot k at 0x1000 + 16k, lane i on slot W-1-i; slot k hits
 * on its (1 + k mod 3)-th request: cycle 1 requests every slot, cycle 2 the slots k mod 3 != 0,
 * cycle 3 the slots k mod 3 = 2; the bundle is valid in cycle 4, lane i with I(0x1000 +
 * 16(W-1-i)). */
static void t_full_ht(dt *d)
{
    const unsigned w = d->ls.cfg.w;
    need(d, "full-ht", 0, w, w, "--config full");
    uint64_t pcs[MAXK], lanes[MAXW], m[3] = {0, 0, 0};
    unsigned sel[MAXW];
    for (unsigned k = 0; k < w; k++) {
        pcs[k] = 0x1000 + 16 * k;
        m[k % 3] |= 1ull << k;
    }
    for (unsigned i = 0; i < w; i++)
        sel[i] = w - 1 - i, lanes[i] = pcs[w - 1 - i];
    set_req(d, 7, sc_ones(w), pcs, sc_ones(w), sel);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && !A->req_bad, "0: request taken");
    dt_cycle(d, m[0], 1);
    chk_ports(d, "1", sc_ones(w), pcs);
    chk_none(d, "1");
    dt_cycle(d, m[1], 1);
    chk_ports(d, "2", m[1] | m[2], pcs);
    chk_none(d, "2");
    dt_cycle(d, m[2], 1);
    chk_ports(d, "3", m[2], pcs);
    chk_none(d, "3");
    dt_cycle(d, 0, 1);
    chk_bundle(d, "4", 7, lanes);
    CHECK(A->bun_slot_v == sc_ones(w), "4: every slot valid");
}

/* Every slot hits at once (P = K): requests 1-4 back to back, every slot valid (slot k of request
 * n at 0x200 + 0x40n + 4k), lane i on slot i mod K. Each is taken the cycle it is presented
 * (cycles 0-3: the fetch stage empties as it fills), fetched the next cycle, and its bundle is
 * valid the cycle after: bundles 1-4 in cycles 2-5, one per cycle. */
static void t_all_hit(dt *d)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    if (c->p != c->k)
        need(d, "all-hit", 0, 0, c->k, "P = K");
    unsigned sel[MAXW];
    for (unsigned i = 0; i < c->w; i++)
        sel[i] = i % c->k;
    for (unsigned t = 0; t < 7; t++) {
        char step[8];
        snprintf(step, sizeof step, "%u", t);
        if (t < 4) {
            uint64_t pcs[MAXK];
            for (unsigned k = 0; k < c->k; k++)
                pcs[k] = 0x200 + 0x40 * (t + 1) + 4 * k;
            set_req(d, t + 1, sc_ones(c->k), pcs, sc_ones(c->w), sel);
        }
        dt_cycle(d, sc_ones(c->p), 1);
        CHECK(t >= 4 || A->req_ready, "%s: request %u taken", step, t + 1);
        if (t >= 1 && t <= 4) {
            uint64_t pcs[MAXK];
            for (unsigned k = 0; k < c->k; k++)
                pcs[k] = 0x200 + 0x40 * t + 4 * k;
            chk_ports(d, step, sc_ones(c->k), pcs);
        }
        if (t >= 2 && t <= 5) {
            uint64_t lanes[MAXW];
            for (unsigned i = 0; i < c->w; i++)
                lanes[i] = 0x200 + 0x40 * (t - 1) + 4 * (i % c->k);
            chk_bundle(d, step, t - 1, lanes);
        } else
            chk_none(d, step);
    }
}

/* Back-pressure (P = K): requests A (tag 1), B (2), C (3), every slot hitting; bun_ready = 0 in
 * cycles 2-6. Cycle 0: A taken; 1: A fetched and moved, B taken; 2: bundle A waits, B fetched
 * and complete but held in the fetch stage, C not taken; 3-6: nothing changes, no I-cache
 * request; 7: A taken by the lanes, B moves, C taken; 8: bundle B, C fetched; 9: bundle C. */
static void t_backpressure(dt *d)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    if (c->p != c->k)
        need(d, "backpressure", 0, 0, c->k, "P = K");
    unsigned sel[MAXW];
    uint64_t pcs[3][MAXK], lanes[3][MAXW];
    for (unsigned i = 0; i < c->w; i++)
        sel[i] = (c->k - 1) - i % c->k;
    for (unsigned n = 0; n < 3; n++) {
        for (unsigned k = 0; k < c->k; k++)
            pcs[n][k] = 0x800 + 0x100 * n + 8 * k;
        for (unsigned i = 0; i < c->w; i++)
            lanes[n][i] = pcs[n][sel[i]];
    }
    const uint64_t all = sc_ones(c->p);
    set_req(d, 1, sc_ones(c->k), pcs[0], sc_ones(c->w), sel);
    dt_cycle(d, all, 1);                                          /* 0 */
    CHECK(A->req_ready, "0: A taken");
    set_req(d, 2, sc_ones(c->k), pcs[1], sc_ones(c->w), sel);
    dt_cycle(d, all, 1);                                          /* 1 */
    chk_ports(d, "1", all, pcs[0]);
    CHECK(A->req_ready, "1: B taken as A moves");
    chk_none(d, "1");
    set_req(d, 3, sc_ones(c->k), pcs[2], sc_ones(c->w), sel);
    for (unsigned t = 2; t <= 6; t++) {
        char step[8];
        snprintf(step, sizeof step, "%u", t);
        dt_cycle(d, all, 0);
        chk_bundle(d, step, 1, lanes[0]);
        chk_ports(d, step, t == 2 ? all : 0, pcs[1]);
        CHECK(!A->req_ready && d->in.req_valid, "%s: C must wait (req_ready %d)", step, A->req_ready);
        simt_ht_fetch_out s;
        ls_peek(&d->ls, &s);
        CHECK(s.f_full && s.f_tag == 2 && s.f_have == sc_ones(c->k), "%s: B complete in the fetch stage", step);
    }
    dt_cycle(d, all, 1);                                          /* 7 */
    chk_bundle(d, "7", 1, lanes[0]);
    CHECK(A->req_ready && !d->in.req_valid, "7: C taken as B moves");
    dt_cycle(d, all, 1);                                          /* 8 */
    chk_bundle(d, "8", 2, lanes[1]);
    chk_ports(d, "8", all, pcs[2]);
    dt_cycle(d, all, 1);                                          /* 9 */
    chk_bundle(d, "9", 3, lanes[2]);
    dt_cycle(d, all, 1);
    chk_none(d, "10");
    CHECK(d->x.cv.issued == 3 && d->x.cv.accepted == 3, "three requests, three bundles");
}

/* P < K (K = 3, P = 2): ports take the needed slots lowest first. Request 2: slots 0x10, 0x20,
 * 0x30, lane i on slot i mod 3. Cycle 1: ports ask 0x10 (slot 0) and 0x20 (slot 1); port 0
 * misses. Cycle 2: 0x10 and 0x30 (slot 2 on port 1); both hit: bundle in cycle 3. Request 3
 * (taken in cycle 3): slots 0 and 2 (0x40, 0x48), lane i on slot 2(i mod 2). Cycle 4: 0x40, 0x48;
 * port 1 misses. Cycle 5: slot 2 alone on port 0, hits: bundle in cycle 6. Request 4 (taken in
 * cycle 6): slot 1 only (0x50), all lanes: cycle 7 on port 0, hit; bundle in cycle 8. */
static void t_compact(dt *d)
{
    need(d, "compact", 0, 3, 2, "--config k3p2");
    const unsigned w = d->ls.cfg.w;
    unsigned sel[MAXW];
    uint64_t lanes[MAXW];
    static const uint64_t pcs2[3] = {0x10, 0x20, 0x30}, pcs3[3] = {0x40, 0x44, 0x48}, pcs4[3] = {0x60, 0x50, 0x68};
    for (unsigned i = 0; i < w; i++)
        sel[i] = i % 3;
    set_req(d, 2, 0x7, pcs2, sc_ones(w), sel);
    dt_cycle(d, 0, 1);                                            /* 0 */
    CHECK(A->req_ready, "0: request 2 taken");
    dt_cycle(d, 0x2, 1);                                          /* 1 */
    chk_ports(d, "1", 0x3, (const uint64_t[]){0x10, 0x20});
    dt_cycle(d, 0x3, 1);                                          /* 2 */
    chk_ports(d, "2", 0x3, (const uint64_t[]){0x10, 0x30});
    chk_none(d, "2");
    for (unsigned i = 0; i < w; i++)
        sel[i] = 2 * (i % 2), lanes[i] = pcs2[i % 3];
    set_req(d, 3, 0x5, pcs3, sc_ones(w), sel);
    dt_cycle(d, 0, 1);                                            /* 3 */
    chk_bundle(d, "3", 2, lanes);
    CHECK(A->req_ready, "3: request 3 taken");
    dt_cycle(d, 0x1, 1);                                          /* 4 */
    chk_ports(d, "4", 0x3, (const uint64_t[]){0x40, 0x48});
    dt_cycle(d, 0x1, 1);                                          /* 5 */
    chk_ports(d, "5", 0x1, (const uint64_t[]){0x48});
    chk_none(d, "5");
    for (unsigned i = 0; i < w; i++)
        lanes[i] = pcs3[2 * (i % 2)], sel[i] = 1;
    set_req(d, 4, 0x2, pcs4, sc_ones(w), sel);
    dt_cycle(d, 0, 1);                                            /* 6 */
    chk_bundle(d, "6", 3, lanes);
    CHECK(A->req_ready, "6: request 4 taken");
    dt_cycle(d, 0x1, 1);                                          /* 7 */
    chk_ports(d, "7", 0x1, (const uint64_t[]){0x50});
    for (unsigned i = 0; i < w; i++)
        lanes[i] = 0x50;
    dt_cycle(d, 0, 1);                                            /* 8 */
    chk_bundle(d, "8", 4, lanes);
}

/* A request with no valid slot and no active lane: taken in cycle 0, nothing to fetch in
 * cycle 1 (complete at once), a bundle of NOPs with no valid slot in cycle 2. */
static void t_empty(dt *d)
{
    const uint64_t none[MAXW] = {0};
    set_req(d, 9, 0, NULL, 0, NULL);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && !A->req_bad, "0: the empty request is taken");
    dt_cycle(d, sc_ones(d->ls.cfg.p), 1);
    chk_ports(d, "1", 0, NULL);
    CHECK(A->req_ready, "1: complete at once: it moves");
    chk_none(d, "1");
    dt_cycle(d, 0, 1);
    chk_bundle(d, "2", 9, none);
    CHECK(A->bun_slot_v == 0 && A->bun_act == 0, "2: no slot, no lane");
}

/* Bad requests are taken and dropped (req_bad_o, sticky err_o), never fetched: lane 0 on slot 1
 * with only slot 0 valid (at K = 1: selector 1 >= K); an active lane with no valid slot at all; at
 * K = 3 a selector 3 >= K. Then a good request A (slot 0x80, lane 0) is taken; a bad request
 * presented while A misses waits (req_ready_o = 0, no req_bad_o), and is dropped in the cycle A
 * completes. A's bundle follows alone. */
static void t_bad(dt *d)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    unsigned sel[MAXW] = {0};
    unsigned nbad = 0;
    sel[0] = 1;
    set_req(d, 1, 0x1, (const uint64_t[MAXK]){0x80}, 0x1, sel);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && A->req_bad, "lane 0 on an invalid slot: dropped");
    nbad++;
    CHECK(A->err == 0, "err_o rises the cycle after");
    set_req(d, 2, 0, (const uint64_t[MAXK]){0x80}, 0x1, NULL);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && A->req_bad && A->err, "an active lane and no valid slot: dropped, err_o set");
    nbad++;
    if (c->k == 3) {
        sel[0] = 3;
        set_req(d, 3, 0x7, (const uint64_t[MAXK]){0x80, 0x84, 0x88}, 0x1, sel);
        dt_cycle(d, 0, 1);
        CHECK(A->req_ready && A->req_bad, "selector 3 >= K: dropped");
        nbad++;
    }
    simt_ht_fetch_out s;
    ls_peek(&d->ls, &s);
    CHECK(!s.f_full && s.err, "nothing entered the fetch stage; err_o sticky");
    set_req(d, 4, 0x1, (const uint64_t[MAXK]){0x80}, 0x1, NULL);
    dt_cycle(d, 0, 1);
    CHECK(A->req_ready && !A->req_bad, "A taken");
    sel[0] = c->k == 1 ? 1 : c->k - 1;
    set_req(d, 5, 0x1, (const uint64_t[MAXK]){0x90}, 0x1, sel);
    dt_cycle(d, 0, 1);
    chk_ports(d, "A miss", 0x1, (const uint64_t[]){0x80});
    CHECK(!A->req_ready && !A->req_bad && d->in.req_valid, "a bad request while busy waits: not taken, not flagged");
    dt_cycle(d, 0x1, 1);
    CHECK(A->req_ready && A->req_bad && !d->in.req_valid, "A completes: the waiting bad request is taken and dropped");
    nbad++;
    dt_cycle(d, 0, 1);
    uint64_t lanes[MAXW] = {0};
    lanes[0] = 0x80;
    chk_bundle(d, "A", 4, lanes);
    dt_cycle(d, 0, 1);
    chk_none(d, "after A");
    ls_peek(&d->ls, &s);
    CHECK(!s.f_full && s.err, "nothing left in flight, err_o still set");
    CHECK(d->x.cv.accepted == 1 && d->x.cv.issued == 1 && d->x.cv.bad == nbad,
          "%" PRIu64 " accepted, %" PRIu64 " bundles, %" PRIu64 " dropped; expected 1, 1, %u", d->x.cv.accepted,
          d->x.cv.issued, d->x.cv.bad, nbad);
}

static void htf_directed(sc_run *r, const char *test)
{
    dt d;
    dt_open(&d, r);
    if (!strcmp(test, "fetch-miss"))
        t_fetch_miss(&d);
    else if (!strcmp(test, "k1"))
        t_k1(&d);
    else if (!strcmp(test, "full-ht"))
        t_full_ht(&d);
    else if (!strcmp(test, "all-hit"))
        t_all_hit(&d);
    else if (!strcmp(test, "backpressure"))
        t_backpressure(&d);
    else if (!strcmp(test, "compact"))
        t_compact(&d);
    else if (!strcmp(test, "empty"))
        t_empty(&d);
    else
        t_bad(&d);
    /* one idle cycle: the final state goes through the RTL comparison too */
    d.in.req_valid = 0;
    dt_cycle(&d, 0, 1);
    if (d.x.n)
        sc_expect_fail(r, "%u accepted requests still in flight at the end of the test", d.x.n);
    dt_close(&d);
}
#undef A
#undef CHECK

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
