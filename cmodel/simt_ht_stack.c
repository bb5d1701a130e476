/* SPDX-License-Identifier: Apache-2.0 */
/* simt_ht_stack: C golden model of the per-warp PDOM stack with hyper-threaded scheduling
 * (Steffen 2012 §4.2.1: PDOM, parallel stack entries with Algorithm 1 corrected, work-ahead,
 * spatial subdivision). The cycle contract is docs/units/ht_stack.md; section names below refer
 * to it. Written as the contract reads, sequentially: the scheduling is Algorithm 1's scan, the
 * work-ahead candidate a scan from the top, the spatial slots a scan per group (the RTL computes
 * the same in parallel). */
#include "simt_ht_stack.h"

#include <stdio.h>
#include <string.h>

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

int simt_ht_stack_cfg_check(const simt_ht_stack_cfg *c, char *err, size_t n)
{
#define BAD(...) return snprintf(err, n, __VA_ARGS__), -1
    if (c->w < 4 || c->w > SIMT_HT_STACK_MAX_W)
        BAD("W = %u: must be 4..%u", c->w, SIMT_HT_STACK_MAX_W);
    if (c->pc_w < 8 || c->pc_w > 64)
        BAD("PC_W = %u: must be 8..64", c->pc_w);
    if (c->k < 1 || (c->k > 8 && !(c->k == c->w && c->w <= 16)))
        BAD("K = %u: must be 1..8, or K = W for W <= 16", c->k);
    if (c->d < 2 || c->d > 3 * c->w - 2)
        BAD("D = %u: must be 2..3W-2 = %u", c->d, 3 * c->w - 2);
    if (c->policy > 3)
        BAD("POLICY = %u: must be 0 (PDOM), 1 (parallel), 2 (work-ahead) or 3 (spatial)", c->policy);
    if (c->merge != 0 && c->merge != 1)
        BAD("MERGE = %d: must be 0 or 1", c->merge);
    if (c->prio_w < 1 || c->prio_w > 8)
        BAD("PRIO_W = %u: must be 1..8", c->prio_w);
    if (c->step_clks > 2)
        BAD("STEP_CLKS = %u: must be 1 or 2", c->step_clks);
    if (c->policy == SIMT_HT_STACK_SS) {
        if (c->merge)
            BAD("MERGE = 1: spatial subdivision (POLICY = 3) binds slots to groups, MERGE must be 0");
        if (c->w % c->k)
            BAD("K = %u: spatial subdivision (POLICY = 3) needs W (%u) to be a multiple of K", c->k, c->w);
        if (c->d < c->k + 1)
            BAD("D = %u: spatial subdivision (POLICY = 3) needs D >= K+1 = %u", c->d, c->k + 1);
    }
#undef BAD
    return 0;
}

void simt_ht_stack_reset(simt_ht_stack *s, const simt_ht_stack_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

static void algorithm1(const simt_ht_stack *s, simt_ht_stack_out *o);

/* Scheduling (contract "Scheduling"): Algorithm 1 (PDOM, PAR, WA) or the group tops (SS). */
static void schedule(const simt_ht_stack *s, simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    for (unsigned e = 0; e < SIMT_HT_STACK_MAX_D; e++)
        o->sched_ent[e] = -1;
    if (!s->cnt)
        return;
    if (c->policy == SIMT_HT_STACK_SS && s->cnt > 1) {
        /* Spatial subdivision, split: slot g = the topmost entry (above level 0) holding a lane
         * of group g (§4.2.1.3: "each of the top stack entries for each group is scheduled"). */
        const unsigned g_w = c->w / c->k;
        for (unsigned g = 0; g < c->k; g++) {
            const uint64_t grp = ones(g_w) << (g * g_w);
            for (unsigned e = s->cnt - 1; e >= 1; e--)
                if (s->st[e].mask & grp) {
                    o->slot_v |= 1ull << g;
                    o->slot_pc[g] = s->st[e].pc;
                    o->sched_ent[e] = (int)g;
                    break;
                }
        }
    } else {
        algorithm1(s, o);
    }
    for (unsigned e = 0; e < s->cnt; e++)   /* D4: the per-lane selector */
        if (o->sched_ent[e] >= 0) {
            o->sched_n++;
            for (unsigned i = 0; i < c->w; i++)
                if (s->st[e].mask >> i & 1)
                    o->lane_act |= 1ull << i, o->lane_sel[i] = (unsigned)o->sched_ent[e];
        }
}

/* Algorithm 1 (§4.2.1.1), errata corrected (datasheet D1-D5), run literally (PDOM: K = 1). */
static void algorithm1(const simt_ht_stack *s, simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    const unsigned k = c->policy == SIMT_HT_STACK_PDOM ? 1 : c->k;
    unsigned top = s->cnt - 1;
    o->slot_pc[0] = s->st[top].pc;          /* lines 2-3: the top entry */
    o->slot_v = 1;
    o->sched_ent[top] = 0;
    uint64_t scheduled = s->st[top].mask;   /* line 7 */
    unsigned num = 1;                       /* line 5 (D5: slots from 0) */
    for (int index = (int)top - 1; num < k && index >= 0; index--) { /* D3: <, D1: index-- */
        const simt_ht_stack_ent *e = &s->st[index];
        if (e->mask & scheduled)            /* D2: disjoint from the scheduled lanes */
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
}

/* One entry's update (contract "Per entry"). */
enum { U_NONE, U_PC, U_REMOVE, U_INSERT };
typedef struct {
    int kind;            /* U_* */
    simt_ht_stack_ent self;    /* the entry after the update (U_PC, U_INSERT) */
    simt_ht_stack_ent ins[SIMT_HT_STACK_MAX_K]; /* U_INSERT: entries inserted right above it, lower first */
    unsigned nins;
    int ins_pend;        /* SS spatial split: the inserted group roots are pending */
    int ss_exit;         /* SS, EXIT of a group root: its lanes leave level 0 */
    int ss_sync;         /* SS, SYNC of a group root: level 0 takes its PC */
} upd;

/* A branch's work-ahead descriptor for its PDOM point (WA; zero under the other policies). */
typedef struct {
    uint64_t nrpc;
    unsigned prio;
    int wav;
} wa_desc;

static void adv(const simt_ht_stack_ent *e, uint64_t npc, upd *u)
{
    if (e->hasr && npc == e->rpc)
        u->kind = U_REMOVE;        /* arrival */
    else
        u->kind = U_PC, u->self = *e, u->self.pc = npc;
}

/* Entry e's update under its slot's report. ss_root: SS, e is a group root (e >= 1, hasr 0);
 * ss_unsplit: SS, e is level 0 while it is the only entry. */
static void entry_update(const simt_ht_stack_cfg *c, const simt_ht_stack_ent *e, unsigned kind, uint64_t npc,
                         uint64_t tgt, uint64_t tmask, uint64_t rpc, const wa_desc *wa, int ss_root,
                         int ss_unsplit, upd *u)
{
    memset(u, 0, sizeof *u);
    const uint64_t pcm = ones(c->pc_w);
    npc &= pcm, tgt &= pcm, rpc &= pcm;
    switch (kind) {
    case SIMT_HT_STACK_SYNC:
        if (ss_root) { /* §4.2.1.3: the group leaves, level 0 takes the barrier's PC */
            u->kind = U_REMOVE, u->ss_sync = 1;
            return;
        }
        adv(e, npc, u);
        return;
    case SIMT_HT_STACK_ADV:
        adv(e, npc, u);
        return;
    case SIMT_HT_STACK_EXIT:
        u->kind = U_REMOVE;
        u->ss_exit = ss_root;
        return;
    case SIMT_HT_STACK_BR: {
        const uint64_t t = tmask & e->mask, nt = e->mask & ~t;
        if (t == 0 || tgt == npc)
            return adv(e, npc, u);
        if (t == e->mask)
            return adv(e, tgt, u);
        if (ss_unsplit) { /* the spatial split (§4.2.1.3: "at the first diverging point") */
            const unsigned g_w = c->w / c->k;
            u->kind = U_INSERT, u->self = *e, u->ins_pend = 1;
            for (unsigned g = 0; g < c->k; g++) {
                const uint64_t m = e->mask & ones(g_w) << (g * g_w);
                if (m)
                    u->ins[u->nins++] = (simt_ht_stack_ent){.pc = e->pc, .mask = m};
            }
            return;
        }
        simt_ht_stack_ent side[2] = {{.pc = npc, .mask = nt, .hasr = 1, .rpc = rpc}, {.pc = tgt, .mask = t, .hasr = 1, .rpc = rpc}};
        int keep[2] = {npc != rpc, tgt != rpc};
        if (e->hasr && rpc == e->rpc) { /* loop back-edge: no new reconvergence entry */
            simt_ht_stack_ent rem[2];
            memset(rem, 0, sizeof rem); /* (one side at least remains: tgt != npc) */
            unsigned nr = 0;
            for (unsigned k = 0; k < 2; k++)
                if (keep[k])
                    rem[nr] = side[k], rem[nr].hasr = e->hasr, rem[nr].rpc = e->rpc, nr++;
            u->self = *e; /* WA fields kept */
            u->self.pc = rem[0].pc, u->self.mask = rem[0].mask;
            if (nr == 1)
                u->kind = U_PC;
            else
                u->kind = U_INSERT, u->ins[0] = rem[1], u->nins = 1;
            return;
        }
        u->kind = U_INSERT;
        u->self = *e;
        u->self.pc = rpc;
        if (c->policy == SIMT_HT_STACK_WA) /* D14: the descriptor of the PDOM point rpc */
            u->self.nrpc = wa->nrpc & pcm, u->self.prio = wa->prio & (unsigned)ones(c->prio_w), u->self.wav = wa->wav & 1;
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
static int kind_known(unsigned k) { return k <= SIMT_HT_STACK_SYNC; }

typedef struct {
    int active;          /* a batch is processed this cycle */
    int full;
    uint64_t pend_next[(SIMT_HT_STACK_MAX_D + 63) / 64];
    unsigned h;          /* the structural entry applied, if any */
    int has_h;
    upd u[SIMT_HT_STACK_MAX_D];
    int is_pend[SIMT_HT_STACK_MAX_D];
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
    const uint64_t *nrpc = accept ? in->rp_nrpc : s->rq_nrpc;
    const unsigned *prio = accept ? in->rp_prio : s->rq_prio, *wav = accept ? in->rp_wav : s->rq_wav;
    const int ss = c->policy == SIMT_HT_STACK_SS;
    for (unsigned e = 0; e < s->cnt; e++) {
        int slot;
        if (accept)
            slot = o->sched_ent[e];
        else
            slot = simt_ht_stack_bit(s->pend, e) ? (int)s->eslot[e] : -1;
        if (slot < 0)
            continue;
        p->is_pend[e] = 1;
        unsigned k = kind[slot];
        if (!kind_known(k) || ((k == SIMT_HT_STACK_EXIT || k == SIMT_HT_STACK_SYNC) && s->st[e].hasr))
            k = SIMT_HT_STACK_NONE; /* refused: flagged at acceptance */
        wa_desc wa = {0, 0, 0};
        if (c->policy == SIMT_HT_STACK_WA)
            wa = (wa_desc){nrpc[slot], prio[slot], (int)wav[slot]};
        entry_update(c, &s->st[e], k, npc[slot], tgt[slot], tmask[slot] & ones(c->w), rpc[slot], &wa,
                     ss && e >= 1 && !s->st[e].hasr, ss && s->cnt == 1, &p->u[e]);
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
    if (p->has_h && !p->full && p->u[p->h].ins_pend) /* the group roots of a spatial split */
        for (unsigned j = 1; j <= p->u[p->h].nins; j++)
            p->pend_next[(p->h + j) / 64] |= 1ull << ((p->h + j) % 64);
}

/* Work-ahead (contract "Work-ahead split"): the candidate to split, or -1. A candidate has
 * wav, lanes waiting at its PC (not in any entry above) and lanes still above it; the highest
 * prio wins, ties to the topmost. */
static int wa_candidate(const simt_ht_stack *s)
{
    int best = -1;
    uint64_t above = 0;
    for (int e = (int)s->cnt - 1; e >= 0; e--) {
        const simt_ht_stack_ent *r = &s->st[e];
        if (r->wav && (r->mask & ~above) && (r->mask & above) && (best < 0 || r->prio > s->st[best].prio))
            best = e;
        above |= r->mask;
    }
    return best;
}

static unsigned popcount64(uint64_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

/* The split is due: WA, no batch pending, a candidate, fewer than K slots in use, two free
 * entries (an opportunity, never a stall). */
static int wa_due(const simt_ht_stack *s, const simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    return c->policy == SIMT_HT_STACK_WA && s->cnt > 0 && !s->busy && popcount64(o->slot_v) < c->k &&
           s->cnt + 2 <= c->d && wa_candidate(s) >= 0;
}

/* Apply the split of the candidate R (Fig. 4.6; datasheet D13): bottom to top next {nrpc, all
 * lanes}, ahead {pc, waiting lanes, rpc nrpc}, behind {pc, lanes left behind, rpc nrpc, R's WA
 * fields}; without next when R already reconverges at its next PDOM point. */
static void wa_split(simt_ht_stack *s)
{
    const int r = wa_candidate(s);
    const simt_ht_stack_ent R = s->st[r];
    uint64_t above = 0;
    for (unsigned e = (unsigned)r + 1; e < s->cnt; e++)
        above |= s->st[e].mask;
    simt_ht_stack_ent n[3];
    unsigned nn = 0;
    if (!(R.hasr && R.nrpc == R.rpc))
        n[nn++] = (simt_ht_stack_ent){.pc = R.nrpc, .mask = R.mask, .hasr = R.hasr, .rpc = R.rpc};
    n[nn++] = (simt_ht_stack_ent){.pc = R.pc, .mask = R.mask & ~above, .hasr = 1, .rpc = R.nrpc};
    n[nn++] = (simt_ht_stack_ent){.pc = R.pc, .mask = R.mask & above, .hasr = 1, .rpc = R.nrpc,
                            .nrpc = R.nrpc, .prio = R.prio, .wav = R.wav};
    const unsigned add = nn - 1;
    for (int e = (int)s->cnt - 1; e > r; e--)
        s->st[e + add] = s->st[e];
    for (unsigned j = 0; j < nn; j++)
        s->st[(unsigned)r + j] = n[j];
    s->cnt += add;
}

void simt_ht_stack_eval(const simt_ht_stack *s, const simt_ht_stack_in *in, simt_ht_stack_out *o)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    memset(o, 0, sizeof *o);
    schedule(s, o);
    o->wa_split = wa_due(s, o);
    o->md_valid = s->cnt > 0 && !s->busy && !o->wa_split;
    if (in->ln_valid) {
        if (s->cnt == 0 && !s->busy && (in->ln_mask & ones(c->w)))
            o->launched = 1;
        else
            o->bad |= SIMT_HT_STACK_BAD_LAUNCH;
    }
    if (in->rp_valid) {
        if (o->md_valid) {
            o->accepted = 1;
            for (unsigned k = 0; k < c->k; k++) {
                int v = (int)(o->slot_v >> k & 1);
                if (!kind_known(in->rp_kind[k]) || (!v && in->rp_kind[k] != SIMT_HT_STACK_NONE))
                    o->bad |= SIMT_HT_STACK_BAD_REPORT;
            }
            for (unsigned e = 0; e < s->cnt; e++) {
                int slot = o->sched_ent[e];
                unsigned k = slot >= 0 ? in->rp_kind[slot] : 0;
                if (slot >= 0 && (k == SIMT_HT_STACK_EXIT || k == SIMT_HT_STACK_SYNC) && s->st[e].hasr)
                    o->bad |= SIMT_HT_STACK_BAD_REPORT;
            }
        } else
            o->bad |= SIMT_HT_STACK_BAD_BATCH;
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
    memcpy(o->rq_nrpc, s->rq_nrpc, sizeof o->rq_nrpc);
    memcpy(o->rq_prio, s->rq_prio, sizeof o->rq_prio);
    memcpy(o->rq_wav, s->rq_wav, sizeof o->rq_wav);
    if (s->phase + 1 < c->step_clks) { /* a step's first clock: no answer, nothing applied */
        o->bad = 0;
        o->full = 0;
        o->launched = 0;
        o->accepted = 0;
    }
}

void simt_ht_stack_step(simt_ht_stack *s, const simt_ht_stack_in *in)
{
    const simt_ht_stack_cfg *c = &s->cfg;
    static simt_ht_stack_out o;
    static proc p;
    if (s->phase + 1 < c->step_clks) { /* a step's first clock: the state is held */
        s->phase++;
        return;
    }
    simt_ht_stack_eval(s, in, &o); /* the step's last clock (phase = step_clks - 1) */
    process(s, in, &o, &p);
    s->phase = 0;
    if (o.launched) {
        s->cnt = 1;
        s->st[0] = (simt_ht_stack_ent){.pc = in->ln_pc & ones(c->pc_w), .mask = in->ln_mask & ones(c->w)};
        return;
    }
    if (o.accepted) {
        for (unsigned k = 0; k < c->k; k++) {
            s->rq_kind[k] = in->rp_kind[k] & 7;
            s->rq_npc[k] = in->rp_npc[k] & ones(c->pc_w);
            s->rq_tgt[k] = in->rp_tgt[k] & ones(c->pc_w);
            s->rq_tmask[k] = in->rp_tmask[k] & ones(c->w);
            s->rq_rpc[k] = in->rp_rpc[k] & ones(c->pc_w);
            const int wa = c->policy == SIMT_HT_STACK_WA;
            s->rq_nrpc[k] = wa ? in->rp_nrpc[k] & ones(c->pc_w) : 0;
            s->rq_prio[k] = wa ? in->rp_prio[k] & (unsigned)ones(c->prio_w) : 0;
            s->rq_wav[k] = wa ? in->rp_wav[k] & 1 : 0;
        }
        for (unsigned e = 0; e < c->d; e++)
            s->eslot[e] = o.sched_ent[e] >= 0 ? (unsigned)o.sched_ent[e] : 0;
    }
    if (o.wa_split) {
        wa_split(s);
        return;
    }
    if (!p.active)
        return;
    memcpy(s->pend, p.pend_next, sizeof s->pend);
    if (!p.full) {
        simt_ht_stack_ent nst[SIMT_HT_STACK_MAX_D];
        memcpy(nst, s->st, sizeof nst);
        for (unsigned e = 0; e < s->cnt; e++)
            if (p.is_pend[e] && p.u[e].kind == U_PC)
                nst[e] = p.u[e].self;
        unsigned cnt = s->cnt;
        if (p.has_h) {
            const upd *u = &p.u[p.h];
            unsigned h = p.h;
            if (u->kind == U_REMOVE) {
                const simt_ht_stack_ent gone = nst[h];
                for (unsigned e = h; e + 1 < cnt; e++)
                    nst[e] = nst[e + 1];
                cnt--;
                memset(&nst[cnt], 0, sizeof nst[cnt]);
                if (u->ss_sync) /* §4.2.1.3: level 0 gets the sync point's PC */
                    nst[0].pc = gone.pc;
                if (u->ss_exit) { /* the group's lanes leave level 0; the last group empties it */
                    nst[0].mask &= ~gone.mask;
                    if (!nst[0].mask)
                        memset(&nst[0], 0, sizeof nst[0]), cnt = 0;
                }
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
