/* SPDX-License-Identifier: Apache-2.0 */
/* simt_st_rt: C golden model, see simt_st_rt.h and docs/units/st_rt.md. */
#include "simt_st_rt.h"

#include <stdio.h>
#include <string.h>

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

int simt_st_rt_cfg_check(const simt_st_rt_cfg *c, char *err, size_t errlen)
{
    const char *msg = NULL;
    if (c->w < 1 || c->w > 64)
        msg = "W must be 1..64";
    else if (c->pc_w < 1 || c->pc_w > 64)
        msg = "PC_W must be 1..64";
    else if (c->nst < 2 || c->nst > SIMT_ST_RT_MAX)
        msg = "NST must be 2..64";
    else if (c->nrt < 1 || c->nrt > SIMT_ST_RT_MAX)
        msg = "NRT must be 1..64";
    else if (c->orec != 0 && c->orec != 1)
        msg = "OREC must be 0 or 1";
    else if (c->step_clks > 2)
        msg = "STEP_CLKS must be 1 or 2";
    if (msg) {
        snprintf(err, errlen, "%s", msg);
        return -1;
    }
    return 0;
}

void simt_st_rt_reset(simt_st_rt *s, const simt_st_rt_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

/* Lowest-numbered free ST / RT entry, or -1. */
static int st_free(const simt_st_rt *s)
{
    for (unsigned i = 0; i < s->cfg.nst; i++)
        if (!s->st[i].mask)
            return (int)i;
    return -1;
}

static int rt_free(const simt_st_rt *s)
{
    for (unsigned i = 0; i < s->cfg.nrt; i++)
        if (!s->rt[i].pend)
            return (int)i;
    return -1;
}

/* OREC search for an inserted entry x (not yet written): the lowest valid entry of s (the
 * state at the start of the cycle), other than sel, in the same block with the same link. */
static int orec_match(const simt_st_rt *s, unsigned sel, const simt_st_rt_st_ent *x)
{
    for (unsigned i = 0; i < s->cfg.nst; i++) {
        const simt_st_rt_st_ent *e = &s->st[i];
        if (i != sel && e->mask && e->bpc == x->pc && e->hasr == x->hasr && e->rpc == x->rpc &&
            e->ridx == x->ridx)
            return (int)i;
    }
    return -1;
}

typedef struct {
    int ok, stall, bad;
    unsigned ev;
} flags;

/* An insertion waiting for the OREC decision: x goes to ST entry slot unless merged. */
typedef struct {
    int on;
    unsigned slot;
    simt_st_rt_st_ent x;
} insertion;

/* Resolve at most one OREC among ins[0..n-1] (in priority order), then write the insertions
 * into nx. s is the state at the start of the cycle (the search space). */
static void insert(const simt_st_rt *s, unsigned sel, simt_st_rt *nx, insertion *ins, unsigned n,
                   flags *f)
{
    if (s->cfg.orec) {
        for (unsigned k = 0; k < n; k++) {
            if (!ins[k].on)
                continue;
            int e = orec_match(s, sel, &ins[k].x);
            if (e < 0)
                continue;
            simt_st_rt_st_ent *E = &nx->st[e];
            if (E->pc == ins[k].x.pc) {
                E->mask |= ins[k].x.mask;
                ins[k].on = 0;
                f->ev |= SIMT_ST_RT_EV_MERGE;
            } else {
                int q = rt_free(s);  /* free at the start of the cycle */
                if (q < 0) {
                    f->ev |= SIMT_ST_RT_EV_OSKIP;
                } else {
                    simt_st_rt_rt_ent *Q = &nx->rt[q];
                    Q->pc = E->pc;
                    Q->rpc = ins[k].x.rpc;
                    Q->hasr = ins[k].x.hasr;
                    Q->ridx = ins[k].x.ridx;
                    Q->rmask = E->mask | ins[k].x.mask;
                    Q->pend = ins[k].x.mask;
                    E->mask = 0;
                    ins[k].x.rpc = Q->pc;
                    ins[k].x.hasr = 1;
                    ins[k].x.ridx = (unsigned)q;
                    f->ev |= SIMT_ST_RT_EV_OREC;
                }
            }
            break;
        }
    }
    for (unsigned k = 0; k < n; k++)
        if (ins[k].on)
            nx->st[ins[k].slot] = ins[k].x;
}

/* ADV of split sel to npc (also a uniform BR, with blk = 1). */
static void adv(const simt_st_rt *s, unsigned sel, uint64_t npc, int blk, simt_st_rt *nx, flags *f)
{
    const simt_st_rt_st_ent *S = &s->st[sel];
    if (S->hasr && npc == S->rpc) {
        f->ev |= SIMT_ST_RT_EV_ARRIVE;
        nx->st[sel].mask = 0;
        simt_st_rt_rt_ent *R = &nx->rt[S->ridx];
        R->pend &= ~S->mask;
        if (!R->pend) {
            f->ev |= SIMT_ST_RT_EV_RECONV;
            insertion in = {1, sel, {R->pc, R->pc, R->rmask, R->rpc, R->hasr, R->ridx}};
            R->rmask = 0;
            insert(s, sel, nx, &in, 1, f);
        }
        return;
    }
    nx->st[sel].pc = npc;
    if (blk) {
        nx->st[sel].bpc = npc;
        insertion in = {1, sel, nx->st[sel]};
        nx->st[sel].mask = 0;  /* the split leaves its entry for the insertion (maybe a merge) */
        insert(s, sel, nx, &in, 1, f);
    }
}

static void br(const simt_st_rt *s, const simt_st_rt_in *in, simt_st_rt *nx, flags *f)
{
    const unsigned sel = in->sel;
    const simt_st_rt_st_ent *S = &s->st[sel];
    const uint64_t mt = in->tmask, mn = S->mask & ~in->tmask;
    if (!mt || !mn || in->tgt == in->npc) {
        adv(s, sel, mt ? in->tgt : in->npc, 1, nx, f);
        return;
    }
    const int reuse = S->hasr && in->rpc == S->rpc;
    const int t_at = in->tgt == in->rpc, n_at = in->npc == in->rpc;
    const int ff = st_free(s), fr = rt_free(s);
    if ((!t_at && !n_at && ff < 0) || (!reuse && fr < 0)) {
        f->stall = 1;
        f->ok = 0;
        return;
    }
    f->ev |= SIMT_ST_RT_EV_DIV;
    unsigned L = S->ridx;
    if (!reuse) {
        L = (unsigned)fr;
        nx->rt[L] = (simt_st_rt_rt_ent){in->rpc, S->rpc, S->mask, S->mask, S->hasr, S->ridx};
        f->ev |= SIMT_ST_RT_EV_NEWRT;
    }
    if (t_at || n_at) {
        nx->rt[L].pend &= ~(t_at ? mt : mn);
        f->ev |= SIMT_ST_RT_EV_SIDE;
    }
    nx->st[sel].mask = 0;
    insertion ins[2] = {
        {!t_at, sel, {in->tgt, in->tgt, mt, in->rpc, 1, L}},
        {!n_at, t_at ? sel : (unsigned)ff, {in->npc, in->npc, mn, in->rpc, 1, L}},
    };
    insert(s, sel, nx, ins, 2, f);
}

/* The effect of one cycle: flags, and the next state in nx (a copy of s on entry). */
static void apply(const simt_st_rt *s, const simt_st_rt_in *in, simt_st_rt *nx, flags *f)
{
    const simt_st_rt_cfg *c = &s->cfg;
    memset(f, 0, sizeof *f);
    const int sel_ok = in->sel < c->nst && s->st[in->sel].mask;
    int any = 0;
    for (unsigned i = 0; i < c->nst; i++)
        any |= s->st[i].mask != 0;
    for (unsigned i = 0; i < c->nrt; i++)
        any |= s->rt[i].pend != 0;
    const uint64_t tmask = in->tmask & ones(c->w);
    switch (in->op) {
    case SIMT_ST_RT_NONE:
        return;
    case SIMT_ST_RT_ADV:
        if (!sel_ok)
            break;
        f->ok = 1;
        adv(s, in->sel, in->npc & ones(c->pc_w), in->blk, nx, f);
        return;
    case SIMT_ST_RT_BR:
        if (!sel_ok || (tmask & ~s->st[in->sel].mask))
            break;
        f->ok = 1;
        {
            simt_st_rt_in b = *in;
            b.tmask = tmask;
            b.npc &= ones(c->pc_w);
            b.tgt &= ones(c->pc_w);
            b.rpc &= ones(c->pc_w);
            br(s, &b, nx, f);
        }
        return;
    case SIMT_ST_RT_EXIT:
        if (!sel_ok || s->st[in->sel].hasr)
            break;
        f->ok = 1;
        nx->st[in->sel].mask = 0;
        return;
    case SIMT_ST_RT_LAUNCH:
        if (any || !tmask)
            break;
        f->ok = 1;
        {
            const uint64_t pc = in->npc & ones(c->pc_w);
            nx->st[0] = (simt_st_rt_st_ent){pc, pc, tmask, 0, 0, 0};
        }
        return;
    default:
        break;
    }
    f->bad = 1;
}

void simt_st_rt_eval(const simt_st_rt *s, const simt_st_rt_in *in, simt_st_rt_out *o)
{
    const simt_st_rt_cfg *c = &s->cfg;
    simt_st_rt nx = *s;  /* scratch: only the flags are used */
    flags f;
    static const simt_st_rt_in none; /* a step's first clock answers as NONE */
    apply(s, s->phase + 1 < c->step_clks ? &none : in, &nx, &f);
    o->ok = f.ok;
    o->stall = f.stall;
    o->bad = f.bad;
    o->ev = f.ok ? f.ev : 0;
    o->st_valid = 0;
    o->rt_valid = 0;
    o->pick_valid = 0;
    o->pick = 0;
    for (unsigned i = 0; i < c->nst; i++) {
        o->st[i] = s->st[i];
        if (s->st[i].mask) {
            o->st_valid |= 1ull << i;
            if (!o->pick_valid) {
                o->pick_valid = 1;
                o->pick = i;
            }
        }
    }
    for (unsigned i = 0; i < c->nrt; i++) {
        o->rt[i] = s->rt[i];
        if (s->rt[i].pend)
            o->rt_valid |= 1ull << i;
    }
    o->done = !o->st_valid && !o->rt_valid;
}

void simt_st_rt_step(simt_st_rt *s, const simt_st_rt_in *in)
{
    if (s->phase + 1 < s->cfg.step_clks) { /* a step's first clock: the state is held */
        s->phase++;
        return;
    }
    simt_st_rt nx = *s;
    flags f;
    apply(s, in, &nx, &f);
    *s = nx;
    s->phase = 0;
}
