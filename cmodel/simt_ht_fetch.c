/* SPDX-License-Identifier: Apache-2.0 */
/* simt_ht_fetch: C golden model of the hyper-threaded fetch unit (Steffen 2012 §4.2, Fig. 4.5).
 * The cycle contract is docs/units/ht_fetch.md; section names below refer to it. Written as
 * the contract reads, sequentially: the RTL (rtl/ht_fetch/simt_ht_fetch.sv) computes the same
 * in parallel. */
#include "simt_ht_fetch.h"

#include <stdio.h>
#include <string.h>

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

static unsigned clog2(unsigned v)
{
    unsigned b = 0;
    while ((1u << b) < v)
        b++;
    return b;
}

/* lane selector bits: SW = max(1, clog2(K)) */
static unsigned sel_w(const simt_ht_fetch_cfg *c) { return c->k > 1 ? clog2(c->k) : 1; }

int simt_ht_fetch_cfg_check(const simt_ht_fetch_cfg *c, char *err, size_t n)
{
#define BAD(...) return snprintf(err, n, __VA_ARGS__), -1
    if (c->w < 4 || c->w > SIMT_HT_FETCH_MAX_W)
        BAD("W = %u: must be 4..64", c->w);
    if (c->k < 1 || c->k > c->w || (c->k > 8 && !(c->k == c->w && c->w <= 16)))
        BAD("K = %u: must be 1..min(W, 8), or K = W at W <= 16 (full hyper-threading)", c->k);
    if (c->p < 1 || c->p > c->k)
        BAD("P = %u: must be 1..K (K = %u)", c->p, c->k);
    if (c->pc_w < 8 || c->pc_w > 64)
        BAD("PC_W = %u: must be 8..64", c->pc_w);
    if (c->iw < 8 || c->iw > 64)
        BAD("IW = %u: must be 8..64 in the C model (instructions are 64-bit values here; the RTL takes up to 128)",
            c->iw);
    if (c->tag_w < 1 || c->tag_w > 16)
        BAD("TAG_W = %u: must be 1..16", c->tag_w);
#undef BAD
    return 0;
}

void simt_ht_fetch_reset(simt_ht_fetch *s, const simt_ht_fetch_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

int simt_ht_fetch_req_bad(const simt_ht_fetch_cfg *c, const simt_ht_fetch_in *in)
{
    const uint64_t slot_v = in->req_slot_v & ones(c->k);
    for (unsigned i = 0; i < c->w; i++) {
        if (!(in->req_act >> i & 1))
            continue;
        unsigned s = in->req_sel[i] & (unsigned)ones(sel_w(c));
        if (s >= c->k || !(slot_v >> s & 1))
            return 1;
    }
    return 0;
}

/* The decisions of a cycle ("Cycle contract"), shared by eval (outputs) and step (next state). */
typedef struct {
    uint64_t need, slot_hit;
    uint64_t slot_data[SIMT_HT_FETCH_MAX_K];
    int port_slot[SIMT_HT_FETCH_MAX_K];
    int bad, accept, f_done, f_move, req_ready;
} decide;

static void decide_cycle(const simt_ht_fetch *s, const simt_ht_fetch_in *in, decide *d)
{
    const simt_ht_fetch_cfg *c = &s->cfg;
    memset(d, 0, sizeof *d);
    /* Fetch: the needed slots, lowest first, on the ports (port k = slot k when P = K). */
    d->need = s->f.full ? s->f.slot_v & ~s->f.have : 0;
    for (unsigned j = 0; j < c->p; j++)
        d->port_slot[j] = -1;
    if (c->p == c->k) {
        for (unsigned k = 0; k < c->k; k++)
            if (d->need >> k & 1)
                d->port_slot[k] = (int)k;
    } else {
        unsigned j = 0;
        for (unsigned k = 0; k < c->k && j < c->p; k++)
            if (d->need >> k & 1)
                d->port_slot[j++] = (int)k;
    }
    for (unsigned j = 0; j < c->p; j++) {
        int k = d->port_slot[j];
        if (k >= 0 && (in->ic_hit >> j & 1)) {
            d->slot_hit |= 1ull << k;
            d->slot_data[k] = in->ic_data[j] & ones(c->iw);
        }
    }
    /* All or nothing (Steffen 2012 §4.2): F is done when every valid slot had or hits now. */
    d->f_done = s->f.full && (d->need & ~d->slot_hit) == 0;
    d->f_move = d->f_done && (!s->b.full || (in->bun_ready & 1));
    d->req_ready = !s->f.full || d->f_move;
    d->bad = simt_ht_fetch_req_bad(c, in);
    d->accept = (in->req_valid & 1) && d->req_ready && !d->bad;
}

void simt_ht_fetch_eval(const simt_ht_fetch *s, const simt_ht_fetch_in *in, simt_ht_fetch_out *o)
{
    const simt_ht_fetch_cfg *c = &s->cfg;
    decide d;
    decide_cycle(s, in, &d);
    memset(o, 0, sizeof *o);
    o->req_ready = d.req_ready;
    o->req_bad = (in->req_valid & 1) && d.req_ready && d.bad;
    for (unsigned j = 0; j < c->p; j++) {
        o->port_slot[j] = d.port_slot[j];
        if (d.port_slot[j] >= 0) {
            o->ic_req |= 1ull << j;
            o->ic_pc[j] = s->f.slot_pc[d.port_slot[j]];
        }
    }
    /* the bundle stage and the per-lane mux (Fig. 4.5) */
    const simt_ht_fetch_stage *b = &s->b;
    o->bun_valid = b->full;
    o->bun_tag = b->tag;
    o->bun_slot_v = b->slot_v;
    o->bun_act = b->act;
    for (unsigned k = 0; k < c->k; k++) {
        o->bun_slot_pc[k] = b->slot_pc[k];
        o->bun_slot_instr[k] = b->instr[k];
    }
    for (unsigned i = 0; i < c->w; i++) {
        o->bun_sel[i] = b->sel[i];
        o->bun_lane_instr[i] = (b->act >> i & 1) && b->sel[i] < c->k ? b->instr[b->sel[i]] : 0;
    }
    o->err = s->err;
    /* state taps */
    const simt_ht_fetch_stage *f = &s->f;
    o->f_full = f->full;
    o->f_tag = f->tag;
    o->f_slot_v = f->slot_v;
    o->f_act = f->act;
    o->f_have = f->have;
    for (unsigned k = 0; k < c->k; k++) {
        o->f_slot_pc[k] = f->slot_pc[k];
        o->f_instr[k] = f->instr[k];
    }
    for (unsigned i = 0; i < c->w; i++)
        o->f_sel[i] = f->sel[i];
    o->slot_hit = d.slot_hit;
    o->accept = d.accept;
    o->f_done = d.f_done;
    o->f_move = d.f_move;
    o->issue = b->full && (in->bun_ready & 1);
}

void simt_ht_fetch_step(simt_ht_fetch *s, const simt_ht_fetch_in *in)
{
    const simt_ht_fetch_cfg *c = &s->cfg;
    decide d;
    decide_cycle(s, in, &d);
    const int issue = s->b.full && (in->bun_ready & 1);
    /* F's instructions after this cycle's hits */
    uint64_t instr[SIMT_HT_FETCH_MAX_K];
    for (unsigned k = 0; k < SIMT_HT_FETCH_MAX_K; k++)
        instr[k] = d.slot_hit >> k & 1 ? d.slot_data[k] : s->f.instr[k];
    /* B: loaded from F when F moves, else emptied when taken */
    if (d.f_move) {
        s->b = s->f;
        s->b.full = 1;
        s->b.have = 0;
        memcpy(s->b.instr, instr, sizeof instr);
    } else if (issue)
        s->b.full = 0;
    /* F: loaded by an accepted request (have cleared), else emptied when it moves */
    s->f.full = d.accept || (s->f.full && !d.f_move);
    s->f.have = d.accept ? 0 : s->f.have | d.slot_hit;
    memcpy(s->f.instr, instr, sizeof instr);
    /* F's meta-data: latched on every request taken, a bad one included (F then stays empty) */
    if ((in->req_valid & 1) && d.req_ready) {
        const unsigned sw = sel_w(c);
        s->f.tag = (unsigned)(in->req_tag & ones(c->tag_w));
        s->f.slot_v = in->req_slot_v & ones(c->k);
        s->f.act = in->req_act & ones(c->w);
        for (unsigned k = 0; k < c->k; k++)
            s->f.slot_pc[k] = in->req_slot_pc[k] & ones(c->pc_w);
        for (unsigned i = 0; i < c->w; i++)
            s->f.sel[i] = in->req_sel[i] & (unsigned)ones(sw);
    }
    if ((in->req_valid & 1) && d.req_ready && d.bad)
        s->err = 1;
}
