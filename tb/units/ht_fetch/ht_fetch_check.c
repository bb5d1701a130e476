/* SPDX-License-Identifier: Apache-2.0 */
/* ht_fetch_check.c: ht_fetch's independent checker on the RTL's outputs (random runs, replays and
 * directed tests): accepted requests, fetches and bundles; the coverage of a random run. */
#include "ht_fetch_tb.h"

/* ---- the independent checker: accepted requests, fetches, bundles, on the RTL's outputs ---- */


void htf_chk_init(chk *x, const simt_ht_fetch_cfg *c)
{
    memset(x, 0, sizeof *x);
    x->c = c;
}

/* A reset of the unit: the accepted requests in flight (in F and B) are gone with its state;
 * the checker drops them (counted apart) and no bundle is held any more: the next bundle must
 * come from a request accepted after the reset. */
void htf_chk_reset(chk *x)
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
void htf_chk_cycle(sc_run *r, chk *x, const simt_ht_fetch_in *in, const simt_ht_fetch_out *a)
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

void htf_cover_gate(sc_run *r, const cover *v, const simt_ht_fetch_cfg *c, uint64_t cycles)
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

void htf_print_cover(const cover *v)
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
