/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_walk_ref.c: the ST/RT walker's reference: the contract's transition predicted from the state at
 * the start of a cycle, and the structural and per-lane checks of a state (st_rt_walk.c says what
 * each checks and when). */
#include "st_rt_walk_int.h"

/* ---- the contract's transition, predicted from the state at the start of the cycle ---- */

typedef struct {
    int on;
    unsigned slot;
    simt_st_rt_st_ent x;
} pins;

static int free_st(const strt_walk *w, const simt_st_rt_out *s)
{
    for (unsigned i = 0; i < w->cfg.nst; i++)
        if (!s->st[i].mask)
            return (int)i;
    return -1;
}

static int free_rt(const strt_walk *w, const simt_st_rt_out *s)
{
    for (unsigned i = 0; i < w->cfg.nrt; i++)
        if (!s->rt[i].pend)
            return (int)i;
    return -1;
}

/* Insertions in priority order; at most one OREC decision (contract "OREC"). */
static void p_insert(const strt_walk *w, const simt_st_rt_out *s, unsigned sel, pstate *p, pins *x,
                     unsigned nx, pflags *f)
{
    if (w->cfg.orec) {
        for (unsigned k = 0; k < nx; k++) {
            if (!x[k].on)
                continue;
            int e = -1;
            for (unsigned i = 0; i < w->cfg.nst && e < 0; i++) {
                const simt_st_rt_st_ent *E = &s->st[i];
                if (i != sel && E->mask && E->bpc == x[k].x.pc && E->hasr == x[k].x.hasr &&
                    E->rpc == x[k].x.rpc && E->ridx == x[k].x.ridx)
                    e = (int)i;
            }
            if (e < 0)
                continue;
            const simt_st_rt_st_ent *E = &s->st[e];
            if (E->pc == x[k].x.pc) {
                p->st[e].mask |= x[k].x.mask;
                x[k].on = 0;
                f->ev |= SIMT_ST_RT_EV_MERGE;
            } else {
                const int q = free_rt(w, s);
                if (q < 0) {
                    f->ev |= SIMT_ST_RT_EV_OSKIP;
                } else {
                    simt_st_rt_rt_ent *Q = &p->rt[q];
                    Q->pc = E->pc;
                    Q->rpc = x[k].x.rpc;
                    Q->hasr = x[k].x.hasr;
                    Q->ridx = x[k].x.ridx;
                    Q->rmask = E->mask | x[k].x.mask;
                    Q->pend = x[k].x.mask;
                    p->st[e].mask = 0;
                    x[k].x.rpc = E->pc;
                    x[k].x.hasr = 1;
                    x[k].x.ridx = (unsigned)q;
                    f->ev |= SIMT_ST_RT_EV_OREC;
                }
            }
            break;
        }
    }
    for (unsigned k = 0; k < nx; k++)
        if (x[k].on)
            p->st[x[k].slot] = x[k].x;
}

static void p_adv(const strt_walk *w, const simt_st_rt_out *s, unsigned sel, uint64_t npc, int blk, pstate *p,
                  pflags *f)
{
    const simt_st_rt_st_ent *S = &s->st[sel];
    if (S->hasr && npc == S->rpc) {  /* arrival */
        f->ev |= SIMT_ST_RT_EV_ARRIVE;
        p->st[sel].mask = 0;
        simt_st_rt_rt_ent *R = &p->rt[S->ridx];
        R->pend &= ~S->mask;
        if (!R->pend) {
            f->ev |= SIMT_ST_RT_EV_RECONV;
            pins x = {1, sel, {R->pc, R->pc, R->rmask, R->rpc, R->hasr, R->ridx}};
            R->rmask = 0;
            p_insert(w, s, sel, p, &x, 1, f);
        }
        return;
    }
    p->st[sel].pc = npc;
    if (blk) {
        p->st[sel].bpc = npc;
        pins x = {1, sel, p->st[sel]};
        p->st[sel].mask = 0;
        p_insert(w, s, sel, p, &x, 1, f);
    }
}

void strt_predict(const strt_walk *w, const simt_st_rt_out *s, const simt_st_rt_in *in, pstate *p, pflags *f)
{
    const simt_st_rt_cfg *c = &w->cfg;
    memset(f, 0, sizeof *f);
    memcpy(p->st, s->st, c->nst * sizeof p->st[0]);
    memcpy(p->rt, s->rt, c->nrt * sizeof p->rt[0]);
    const int sel_ok = in->sel < c->nst && s->st[in->sel].mask;
    const simt_st_rt_st_ent *S = sel_ok ? &s->st[in->sel] : NULL;
    switch (in->op) {
    case SIMT_ST_RT_NONE:
        return;
    case SIMT_ST_RT_ADV:
        if (!S)
            break;
        f->ok = 1;
        p_adv(w, s, in->sel, in->npc, in->blk, p, f);
        return;
    case SIMT_ST_RT_BR: {
        if (!S || (in->tmask & ~S->mask))
            break;
        const uint64_t mt = in->tmask, mn = S->mask & ~in->tmask;
        if (!mt || !mn || in->tgt == in->npc) {
            f->ok = 1;
            p_adv(w, s, in->sel, mt ? in->tgt : in->npc, 1, p, f);
            return;
        }
        const int reuse = S->hasr && in->rpc == S->rpc;
        const int t_at = in->tgt == in->rpc, n_at = in->npc == in->rpc;
        const int ff = free_st(w, s), fr = free_rt(w, s);
        if ((!t_at && !n_at && ff < 0) || (!reuse && fr < 0)) {
            f->stall = 1;
            return;
        }
        f->ok = 1;
        f->ev |= SIMT_ST_RT_EV_DIV;
        unsigned L = S->ridx;
        if (!reuse) {
            L = (unsigned)fr;
            p->rt[L] = (simt_st_rt_rt_ent){in->rpc, S->rpc, S->mask, S->mask, S->hasr, S->ridx};
            f->ev |= SIMT_ST_RT_EV_NEWRT;
        }
        if (t_at || n_at) {
            p->rt[L].pend &= ~(t_at ? mt : mn);
            f->ev |= SIMT_ST_RT_EV_SIDE;
        }
        p->st[in->sel].mask = 0;
        pins x[2] = {{!t_at, in->sel, {in->tgt, in->tgt, mt, in->rpc, 1, L}},
                     {!n_at, t_at ? in->sel : (unsigned)ff, {in->npc, in->npc, mn, in->rpc, 1, L}}};
        p_insert(w, s, in->sel, p, x, 2, f);
        return;
    }
    case SIMT_ST_RT_EXIT:
        if (!S || S->hasr)
            break;
        f->ok = 1;
        p->st[in->sel].mask = 0;
        return;
    case SIMT_ST_RT_LAUNCH:
        if (s->st_valid || s->rt_valid || !in->tmask)
            break;
        f->ok = 1;
        p->st[0] = (simt_st_rt_st_ent){in->npc, in->npc, in->tmask, 0, 0, 0};
        return;
    default:
        break;
    }
    f->bad = 1;
}

/* The operation the prediction follows, as the reports name it. */
static void fmt_pred_op(char *b, size_t n, const strt_walk *w)
{
    if (w->pred_reset)
        snprintf(b, n, "reset");
    else
        fmt_op(b, n, &w->pred_in);
}

int strt_cmp_pred(const strt_walk *w, const simt_st_rt_out *s, char *err, size_t n)
{
    const pstate *p = &w->pred;
    char pred_op[140];
    for (unsigned i = 0; i < w->cfg.nst; i++) {
        const simt_st_rt_st_ent *a = &s->st[i], *e = &p->st[i];
        if (!a->mask && !e->mask)
            continue;
        if (a->mask != e->mask || (e->mask && (a->pc != e->pc || a->bpc != e->bpc || a->rpc != e->rpc ||
                                               a->hasr != e->hasr || a->ridx != e->ridx)))
            return fmt_pred_op(pred_op, sizeof pred_op, w), fail(err, n,
                        "after %s: ST[%u] expected {pc=0x%llx bpc=0x%llx mask=0x%llx rpc=0x%llx hasr=%u ridx=%u}, "
                        "got {pc=0x%llx bpc=0x%llx mask=0x%llx rpc=0x%llx hasr=%u ridx=%u}",
                        pred_op, i, (unsigned long long)e->pc, (unsigned long long)e->bpc,
                        (unsigned long long)e->mask, (unsigned long long)e->rpc, e->hasr, e->ridx,
                        (unsigned long long)a->pc, (unsigned long long)a->bpc, (unsigned long long)a->mask,
                        (unsigned long long)a->rpc, a->hasr, a->ridx);
    }
    for (unsigned i = 0; i < w->cfg.nrt; i++) {
        const simt_st_rt_rt_ent *a = &s->rt[i], *e = &p->rt[i];
        if (!a->pend && !e->pend)
            continue;
        if (a->pend != e->pend || (e->pend && (a->pc != e->pc || a->rpc != e->rpc || a->hasr != e->hasr ||
                                               a->ridx != e->ridx || a->rmask != e->rmask)))
            return fmt_pred_op(pred_op, sizeof pred_op, w), fail(err, n,
                        "after %s: RT[%u] expected {pc=0x%llx rpc=0x%llx hasr=%u ridx=%u rmask=0x%llx pend=0x%llx}, "
                        "got {pc=0x%llx rpc=0x%llx hasr=%u ridx=%u rmask=0x%llx pend=0x%llx}",
                        pred_op, i, (unsigned long long)e->pc, (unsigned long long)e->rpc, e->hasr, e->ridx,
                        (unsigned long long)e->rmask, (unsigned long long)e->pend, (unsigned long long)a->pc,
                        (unsigned long long)a->rpc, a->hasr, a->ridx, (unsigned long long)a->rmask,
                        (unsigned long long)a->pend);
    }
    return 0;
}

/* ---- structural and per-lane checks of a state ---- */

int strt_check_state(strt_walk *w, const simt_st_rt_out *s, char *err, size_t n)
{
    const simt_st_rt_cfg *c = &w->cfg;
    uint64_t stv = 0, rtv = 0;
    for (unsigned i = 0; i < c->nst; i++)
        if (s->st[i].mask)
            stv |= 1ull << i;
    for (unsigned i = 0; i < c->nrt; i++)
        if (s->rt[i].pend)
            rtv |= 1ull << i;
    if (s->st_valid != stv)
        return fail(err, n, "st_valid=0x%llx but the non-empty ST masks are 0x%llx", (unsigned long long)s->st_valid,
                    (unsigned long long)stv);
    if (s->rt_valid != rtv)
        return fail(err, n, "rt_valid=0x%llx but the non-empty RT pending masks are 0x%llx",
                    (unsigned long long)s->rt_valid, (unsigned long long)rtv);
    if (s->pick_valid != (stv != 0) || (stv && s->pick != ctz64(stv)))
        return fail(err, n, "pick_valid=%d pick=%u, expected the lowest valid ST entry of 0x%llx", s->pick_valid,
                    s->pick, (unsigned long long)stv);
    if (s->done != (!stv && !rtv))
        return fail(err, n, "done=%d with st_valid=0x%llx rt_valid=0x%llx", s->done, (unsigned long long)stv,
                    (unsigned long long)rtv);
    {
        const unsigned nst = pop64(stv), nrt = pop64(rtv);
        if (nst > w->cov.max_st)
            w->cov.max_st = nst;
        if (nrt > w->cov.max_rt)
            w->cov.max_rt = nrt;
        /* nesting: the longest chain of RT links above a valid split (bounded: a cyclic link
         * chain stops at NRT, the table checks report it) */
        for (unsigned i = 0; i < c->nst; i++) {
            if (!(stv >> i & 1))
                continue;
            unsigned depth = 0, h = s->st[i].hasr, r = s->st[i].ridx;
            while (h && r < c->nrt && depth < c->nrt) {
                depth++;
                h = s->rt[r].hasr;
                r = s->rt[r].ridx;
            }
            if (depth > w->cov.max_nest)
                w->cov.max_nest = depth;
        }
    }
    if (!w->live) {
        if (stv || rtv)
            return fail(err, n, "no live lanes (%s) but st_valid=0x%llx rt_valid=0x%llx",
                        w->phase == PH_LAUNCH ? "warp exited or not launched" : "?", (unsigned long long)stv,
                        (unsigned long long)rtv);
        return 0;
    }
    uint64_t cover = 0, kids[SIMT_ST_RT_MAX] = {0};
    unsigned roots = 0;
    for (uint64_t v = stv; v; v &= v - 1) {
        const unsigned i = ctz64(v);
        const simt_st_rt_st_ent *e = &s->st[i];
        if (e->mask & ~w->live)
            return fail(err, n, "ST[%u] mask 0x%llx holds lanes 0x%llx that are not live (live 0x%llx)", i,
                        (unsigned long long)e->mask, (unsigned long long)(e->mask & ~w->live),
                        (unsigned long long)w->live);
        if (e->mask & cover)
            return fail(err, n, "ST[%u] mask 0x%llx overlaps other entries on lanes 0x%llx", i,
                        (unsigned long long)e->mask, (unsigned long long)(e->mask & cover));
        cover |= e->mask;
        cfg_insn ci, cb;
        if (cfg_prog_at(w->p, e->pc, &ci))
            return fail(err, n, "ST[%u] pc 0x%llx is outside the program", i, (unsigned long long)e->pc);
        if (cfg_prog_at(w->p, e->bpc, &cb) || cb.blk != ci.blk || cb.idx > ci.idx || (!c->orec && !cb.blk_start))
            return fail(err, n, "ST[%u] bpc 0x%llx is not %s of pc 0x%llx", i, (unsigned long long)e->bpc,
                        c->orec ? "in the block, at or before," : "the first PC of the block", (unsigned long long)e->pc);
        for (uint64_t m = e->mask; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            if (cfg_lane_pc(w->ln, l) != e->pc)
                return fail(err, n, "lane %u is in ST[%u] at pc 0x%llx but its own path is at pc 0x%llx", l, i,
                            (unsigned long long)e->pc, (unsigned long long)cfg_lane_pc(w->ln, l));
        }
        if (e->hasr) {
            if (e->ridx >= c->nrt || !((rtv >> e->ridx) & 1) || s->rt[e->ridx].pc != e->rpc)
                return fail(err, n, "ST[%u] (rpc 0x%llx) links to RT[%u], which is not a valid entry at that PC", i,
                            (unsigned long long)e->rpc, e->ridx);
            kids[e->ridx] |= e->mask;
        } else {
            roots++;
            if (e->rpc || e->ridx)
                return fail(err, n, "ST[%u] has hasr=0 but rpc=0x%llx ridx=%u", i, (unsigned long long)e->rpc,
                            e->ridx);
        }
    }
    for (uint64_t v = rtv; v; v &= v - 1) {
        const unsigned r = ctz64(v);
        const simt_st_rt_rt_ent *e = &s->rt[r];
        if (e->pend & ~e->rmask)
            return fail(err, n, "RT[%u] pend 0x%llx is not a subset of rmask 0x%llx", r, (unsigned long long)e->pend,
                        (unsigned long long)e->rmask);
        if (e->rmask & ~w->live)
            return fail(err, n, "RT[%u] rmask 0x%llx holds lanes that are not live (0x%llx)", r,
                        (unsigned long long)e->rmask, (unsigned long long)w->live);
        const uint64_t arr = e->rmask & ~e->pend;
        if (arr & cover)
            return fail(err, n, "RT[%u]: arrived lanes 0x%llx are also elsewhere (0x%llx)", r,
                        (unsigned long long)arr, (unsigned long long)(arr & cover));
        cover |= arr;
        cfg_insn ri;
        if (cfg_prog_at(w->p, e->pc, &ri) || (!c->orec && !ri.blk_start))
            return fail(err, n, "RT[%u] pc 0x%llx is not %s", r, (unsigned long long)e->pc,
                        c->orec ? "in the program" : "the first PC of a block (an IPDOM)");
        for (uint64_t m = arr; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            if (cfg_lane_pc(w->ln, l) != e->pc)
                return fail(err, n, "lane %u waits at RT[%u] (pc 0x%llx) but its own path is at pc 0x%llx", l, r,
                            (unsigned long long)e->pc, (unsigned long long)cfg_lane_pc(w->ln, l));
        }
        if (e->hasr) {
            if (e->ridx >= c->nrt || !((rtv >> e->ridx) & 1) || s->rt[e->ridx].pc != e->rpc)
                return fail(err, n, "RT[%u] (rpc 0x%llx) links to RT[%u], which is not a valid entry at that PC", r,
                            (unsigned long long)e->rpc, e->ridx);
            kids[e->ridx] |= e->rmask;
        } else {
            roots++;
            if (e->rpc || e->ridx)
                return fail(err, n, "RT[%u] has hasr=0 but rpc=0x%llx ridx=%u", r, (unsigned long long)e->rpc,
                            e->ridx);
        }
    }
    if (cover != w->live)
        return fail(err, n, "lanes 0x%llx are live but in no ST entry and not arrived at any RT entry",
                    (unsigned long long)(w->live & ~cover));
    if (roots != 1)
        return fail(err, n, "%u valid entries without a reconvergence link (expected exactly one root)", roots);
    for (uint64_t v = rtv; v; v &= v - 1) {
        const unsigned r = ctz64(v);
        if (kids[r] != s->rt[r].pend)
            return fail(err, n, "RT[%u] pend 0x%llx is not the OR of its children's masks 0x%llx", r,
                        (unsigned long long)s->rt[r].pend, (unsigned long long)kids[r]);
        unsigned q = r, steps = 0;
        while (s->rt[q].hasr && steps++ <= c->nrt)
            q = s->rt[q].ridx;
        if (steps > c->nrt)
            return fail(err, n, "RT[%u]: the reconvergence links form a cycle", r);
    }
    return 0;
}
