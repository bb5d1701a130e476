/* SPDX-License-Identifier: Apache-2.0 */
/* ht_fetch_directed.c: ht_fetch's directed tests (htf_directed), expected values derived by hand
 * (docs/units/ht_fetch.md, "Verification"). */
#include "ht_fetch_tb.h"

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
    lk_open(&d->ls, r, sc_open_model(r, NULL, r->o->lanes)->ops);
    htf_chk_init(&d->x, &d->ls.cfg);
    r->cycle = 0;
}

/* One cycle with the request in d->in (cleared once taken); the I-cache ports that request and
 * are named in hits answer instr(pc), the others miss; ready drives bun_ready_i. */
static void dt_cycle(dt *d, uint64_t hits, int ready)
{
    const simt_ht_fetch_cfg *c = &d->ls.cfg;
    simt_ht_fetch_out st;
    lk_peek(&d->ls, &st);
    d->in.ic_hit = hits & st.ic_req;
    for (unsigned j = 0; j < c->p; j++)
        d->in.ic_data[j] = d->in.ic_hit >> j & 1 ? instr_of(st.ic_pc[j], c->iw) : 0;
    d->in.bun_ready = (uint64_t)ready;
    lk_cycle(&d->ls, &d->in);
    htf_chk_cycle(d->r, &d->x, &d->in, &d->ls.act);
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
        lk_peek(&d->ls, &s);
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
    lk_peek(&d->ls, &s);
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
    lk_peek(&d->ls, &s);
    CHECK(!s.f_full && s.err, "nothing left in flight, err_o still set");
    CHECK(d->x.cv.accepted == 1 && d->x.cv.issued == 1 && d->x.cv.bad == nbad,
          "%" PRIu64 " accepted, %" PRIu64 " bundles, %" PRIu64 " dropped; expected 1, 1, %u", d->x.cv.accepted,
          d->x.cv.issued, d->x.cv.bad, nbad);
}

void htf_directed(sc_run *r, const char *test)
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
