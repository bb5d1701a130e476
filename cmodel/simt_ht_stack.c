/* SPDX-License-Identifier: Apache-2.0 */
/* simt_ht_stack: C golden model of the per-warp PDOM stack with hyper-threaded scheduling
 * (Steffen 2012 §4.2.1.1, Algorithm 1 corrected). The cycle contract is docs/units/ht_stack.md;
 * section names below refer to it. Written as the contract reads, sequentially: the
 * scheduling is Algorithm 1's scan (the RTL computes the same in parallel). */
#include "simt_ht_stack.h"

#include <stdio.h>
#include <string.h>

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

int simt_ht_stack_cfg_check(const simt_ht_stack_cfg *c, char *err, size_t n)
{
#define BAD(...) return snprintf(err, n, __VA_ARGS__), -1
    if (c->w < 4 || c->w > SIMT_HT_MAX_W)
        BAD("W = %u: must be 4..%u", c->w, SIMT_HT_MAX_W);
    if (c->pc_w < 8 || c->pc_w > 64)
        BAD("PC_W = %u: must be 8..64", c->pc_w);
    if (c->k < 1 || (c->k > 8 && !(c->k == c->w && c->w <= 16)))
        BAD("K = %u: must be 1..8, or K = W for W <= 16", c->k);
    if (c->d < 2 || c->d > 3 * c->w - 2)
        BAD("D = %u: must be 2..3W-2 = %u", c->d, 3 * c->w - 2);
    if (c->policy > 1)
        BAD("POLICY = %u: must be 0 (PDOM) or 1 (parallel stack entries)", c->policy);
    if (c->merge != 0 && c->merge != 1)
        BAD("MERGE = %d: must be 0 or 1", c->merge);
#undef BAD
    return 0;
}

void simt_ht_stack_reset(simt_ht_stack *s, const simt_ht_stack_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

/* Scheduling: Algorithm 1 (L365-L387) with errata E1-E5 corrected, run literally. */
static void schedule(const simt_ht_stack *s, simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    for (unsigned e = 0; e < SIMT_HT_MAX_D; e++)
        o->sched_ent[e] = -1;
    if (!s->cnt)
        return;
    const unsigned k = c->policy == 0 ? 1 : c->k;
    unsigned top = s->cnt - 1;
    o->slot_pc[0] = s->st[top].pc;          /* lines 2-3: the top entry */
    o->slot_v = 1;
    o->sched_ent[top] = 0;
    uint64_t scheduled = s->st[top].mask;   /* line 7 */
    unsigned num = 1;                       /* line 5 (E5: slots from 0) */
    for (int index = (int)top - 1; num < k && index >= 0; index--) { /* E3: <, E1: index-- */
        const simt_ht_ent *e = &s->st[index];
        if (e->mask & scheduled)            /* E2: disjoint from the scheduled lanes */
            continue;
        int slot = -1;
        if (c->merge)
            for (unsigned j = 0; j < num && slot < 0; j++)
                if (o->slot_pc[j] == e->pc)
                    slot = (int)j;
        if (slot < 0) {
            slot = (int)num++;
            o->slot_pc[slot] = e->pc;
            o->slot_v |= 1ull << slot;
        }
        o->sched_ent[index] = slot;
        scheduled |= e->mask;               /* lines 14-15 */
    }
    for (unsigned e = 0; e < s->cnt; e++)   /* E4: the per-lane selector */
        if (o->sched_ent[e] >= 0) {
            o->sched_n++;
            for (unsigned i = 0; i < c->w; i++)
                if (s->st[e].mask >> i & 1)
                    o->lane_act |= 1ull << i, o->lane_sel[i] = (unsigned)o->sched_ent[e];
        }
}

/* One entry's update (contract "Per entry"). */
enum { U_NONE, U_PC, U_REMOVE, U_INSERT };
typedef struct {
    int kind;            /* U_* */
    simt_ht_ent self;    /* the entry after the update (U_PC, U_INSERT) */
    simt_ht_ent ins[2];  /* U_INSERT: entries inserted right above it, lower first */
    unsigned nins;
} upd;

static void adv(const simt_ht_ent *e, uint64_t npc, upd *u)
{
    if (e->hasr && npc == e->rpc)
        u->kind = U_REMOVE;        /* arrival */
    else
        u->kind = U_PC, u->self = *e, u->self.pc = npc;
}

static void entry_update(const simt_ht_stack_cfg *c, const simt_ht_ent *e, unsigned kind, uint64_t npc,
                         uint64_t tgt, uint64_t tmask, uint64_t rpc, upd *u)
{
    memset(u, 0, sizeof *u);
    const uint64_t pcm = ones(c->pc_w);
    npc &= pcm, tgt &= pcm, rpc &= pcm;
    switch (kind) {
    case SIMT_HT_ADV:
    case SIMT_HT_SYNC:
        adv(e, npc, u);
        return;
    case SIMT_HT_EXIT:
        u->kind = U_REMOVE;
        return;
    case SIMT_HT_BR: {
        const uint64_t t = tmask & e->mask, nt = e->mask & ~t;
        if (t == 0 || tgt == npc)
            return adv(e, npc, u);
        if (t == e->mask)
            return adv(e, tgt, u);
        simt_ht_ent side[2] = {{.pc = npc, .mask = nt, .hasr = 1, .rpc = rpc}, {.pc = tgt, .mask = t, .hasr = 1, .rpc = rpc}};
        int keep[2] = {npc != rpc, tgt != rpc};
        if (e->hasr && rpc == e->rpc) { /* loop back-edge: no new reconvergence entry */
            simt_ht_ent rem[2];
            unsigned nr = 0;
            for (unsigned k = 0; k < 2; k++)
                if (keep[k])
                    rem[nr] = side[k], rem[nr].hasr = e->hasr, rem[nr].rpc = e->rpc, nr++;
            u->self = rem[0];
            if (nr == 1)
                u->kind = U_PC;
            else
                u->kind = U_INSERT, u->ins[0] = rem[1], u->nins = 1;
            return;
        }
        u->kind = U_INSERT;
        u->self = *e;
        u->self.pc = rpc;
        for (unsigned k = 0; k < 2; k++)
            if (keep[k])
                u->ins[u->nins++] = side[k];
        return;
    }
    default:
        return; /* NONE (and refused reports, turned into NONE) */
    }
}

/* A report is refused (bad_o[2], applied as NONE) for an unknown kind, a kind other than NONE
 * for an invalid slot, and EXIT or SYNC from a non-root entry. */
static int kind_known(unsigned k) { return k <= SIMT_HT_SYNC; }

typedef struct {
    int active;          /* a batch is processed this cycle */
    int full;
    uint64_t pend_next[(SIMT_HT_MAX_D + 63) / 64];
    unsigned h;          /* the structural entry applied, if any */
    int has_h;
    upd u[SIMT_HT_MAX_D];
    int is_pend[SIMT_HT_MAX_D];
} proc;

static void process(const simt_ht_stack *s, const simt_ht_stack_in *in, simt_ht_stack_out *o, proc *p)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    p->active = p->full = p->has_h = 0;
    p->h = 0;
    memset(p->pend_next, 0, sizeof p->pend_next);
    memset(p->is_pend, 0, s->cnt * sizeof p->is_pend[0]);
    const int accept = o->accepted;
    if (!accept && !s->busy)
        return;
    p->active = 1;
    const unsigned *kind = accept ? in->rp_kind : s->rq_kind;
    const uint64_t *npc = accept ? in->rp_npc : s->rq_npc, *tgt = accept ? in->rp_tgt : s->rq_tgt;
    const uint64_t *tmask = accept ? in->rp_tmask : s->rq_tmask, *rpc = accept ? in->rp_rpc : s->rq_rpc;
    for (unsigned e = 0; e < s->cnt; e++) {
        int slot;
        if (accept)
            slot = o->sched_ent[e];
        else
            slot = simt_ht_bit(s->pend, e) ? (int)s->eslot[e] : -1;
        if (slot < 0)
            continue;
        p->is_pend[e] = 1;
        unsigned k = kind[slot];
        if (!kind_known(k) || ((k == SIMT_HT_EXIT || k == SIMT_HT_SYNC) && s->st[e].hasr))
            k = SIMT_HT_NONE; /* refused: flagged at acceptance */
        entry_update(c, &s->st[e], k, npc[slot], tgt[slot], tmask[slot] & ones(c->w), rpc[slot], &p->u[e]);
    }
    for (int e = (int)s->cnt - 1; e >= 0 && !p->has_h; e--)
        if (p->is_pend[e] && (p->u[e].kind == U_REMOVE || p->u[e].kind == U_INSERT))
            p->has_h = 1, p->h = (unsigned)e;
    if (p->has_h && p->u[p->h].kind == U_INSERT && s->cnt + p->u[p->h].nins > c->d)
        p->full = 1;
    for (unsigned e = 0; e < s->cnt; e++) {
        int keep = p->is_pend[e];
        if (!p->full && keep && (p->u[e].kind == U_NONE || p->u[e].kind == U_PC || (p->has_h && e == p->h)))
            keep = 0;
        if (keep)
            p->pend_next[e / 64] |= 1ull << (e % 64);
    }
}

void simt_ht_stack_eval(const simt_ht_stack *s, const simt_ht_stack_in *in, simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    memset(o, 0, sizeof *o);
    schedule(s, o);
    o->md_valid = s->cnt > 0 && !s->busy;
    if (in->ln_valid) {
        if (s->cnt == 0 && !s->busy && (in->ln_mask & ones(c->w)))
            o->launched = 1;
        else
            o->bad |= SIMT_HT_BAD_LAUNCH;
    }
    if (in->rp_valid) {
        if (o->md_valid) {
            o->accepted = 1;
            for (unsigned k = 0; k < c->k; k++) {
                int v = (int)(o->slot_v >> k & 1);
                if (!kind_known(in->rp_kind[k]) || (!v && in->rp_kind[k] != SIMT_HT_NONE))
                    o->bad |= SIMT_HT_BAD_REPORT;
            }
            for (unsigned e = 0; e < s->cnt; e++) {
                int slot = o->sched_ent[e];
                unsigned k = slot >= 0 ? in->rp_kind[slot] : 0;
                if (slot >= 0 && (k == SIMT_HT_EXIT || k == SIMT_HT_SYNC) && s->st[e].hasr)
                    o->bad |= SIMT_HT_BAD_REPORT;
            }
        } else
            o->bad |= SIMT_HT_BAD_BATCH;
    }
    static proc p;
    process(s, in, o, &p);
    o->full = p.full;
    o->busy = s->busy;
    o->cnt = s->cnt;
    memcpy(o->st, s->st, sizeof o->st);
    memcpy(o->pend, s->pend, sizeof o->pend);
    memcpy(o->eslot, s->eslot, sizeof o->eslot);
    memcpy(o->rq_kind, s->rq_kind, sizeof o->rq_kind);
    memcpy(o->rq_npc, s->rq_npc, sizeof o->rq_npc);
    memcpy(o->rq_tgt, s->rq_tgt, sizeof o->rq_tgt);
    memcpy(o->rq_tmask, s->rq_tmask, sizeof o->rq_tmask);
    memcpy(o->rq_rpc, s->rq_rpc, sizeof o->rq_rpc);
}

void simt_ht_stack_step(simt_ht_stack *s, const simt_ht_stack_in *in)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    static simt_ht_stack_out o;
    static proc p;
    simt_ht_stack_eval(s, in, &o);
    process(s, in, &o, &p);
    if (o.launched) {
        s->cnt = 1;
        s->st[0] = (simt_ht_ent){.pc = in->ln_pc & ones(c->pc_w), .mask = in->ln_mask & ones(c->w)};
        return;
    }
    if (o.accepted) {
        for (unsigned k = 0; k < c->k; k++) {
            s->rq_kind[k] = in->rp_kind[k] & 7;
            s->rq_npc[k] = in->rp_npc[k] & ones(c->pc_w);
            s->rq_tgt[k] = in->rp_tgt[k] & ones(c->pc_w);
            s->rq_tmask[k] = in->rp_tmask[k] & ones(c->w);
            s->rq_rpc[k] = in->rp_rpc[k] & ones(c->pc_w);
        }
        for (unsigned e = 0; e < c->d; e++)
            s->eslot[e] = o.sched_ent[e] >= 0 ? (unsigned)o.sched_ent[e] : 0;
    }
    if (!p.active)
        return;
    memcpy(s->pend, p.pend_next, sizeof s->pend);
    if (!p.full) {
        simt_ht_ent nst[SIMT_HT_MAX_D];
        memcpy(nst, s->st, sizeof nst);
        for (unsigned e = 0; e < s->cnt; e++)
            if (p.is_pend[e] && p.u[e].kind == U_PC)
                nst[e] = p.u[e].self;
        unsigned cnt = s->cnt;
        if (p.has_h) {
            const upd *u = &p.u[p.h];
            unsigned h = p.h;
            if (u->kind == U_REMOVE) {
                for (unsigned e = h; e + 1 < cnt; e++)
                    nst[e] = nst[e + 1];
                cnt--;
                memset(&nst[cnt], 0, sizeof nst[cnt]);
            } else {
                for (int e = (int)cnt - 1; e > (int)h; e--)
                    nst[e + u->nins] = nst[e];
                nst[h] = u->self;
                for (unsigned j = 0; j < u->nins; j++)
                    nst[h + 1 + j] = u->ins[j];
                cnt += u->nins;
            }
        }
        memcpy(s->st, nst, sizeof nst);
        s->cnt = cnt;
    }
    s->busy = 0;
    for (unsigned w = 0; w < sizeof s->pend / sizeof s->pend[0]; w++)
        s->busy |= s->pend[w] != 0;
}
