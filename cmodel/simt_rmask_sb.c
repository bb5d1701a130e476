/* SPDX-License-Identifier: Apache-2.0 */
/* simt_rmask_sb: C golden model, see simt_rmask_sb.h and docs/units/rmask_sb.md. */
#include "simt_rmask_sb.h"

#include <stdio.h>
#include <string.h>

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

int simt_rmask_sb_cfg_check(const simt_rmask_sb_cfg *c, char *err, size_t errlen)
{
    const char *msg = NULL;
    if (c->w < 1 || c->w > 64)
        msg = "W must be 1..64";
    else if (c->nw < 1 || c->ne < 1 || c->nw * c->ne > SIMT_RMASK_SB_MAX_E)
        msg = "NW and NE must be >= 1 with NW*NE <= 512";
    else if (c->nib < 1 || c->nib > SIMT_RMASK_SB_MAX_IB)
        msg = "NIB must be 1..64";
    else if (c->nsrc + 1 > SIMT_RMASK_SB_MAX_OP)
        msg = "NSRC must be 0..7";
    else if (c->reg_w < 1 || c->reg_w > 16)
        msg = "REG_W must be 1..16";
    else if (c->step_clks > 2)
        msg = "STEP_CLKS must be 1 or 2";
    if (msg) {
        snprintf(err, errlen, "%s", msg);
        return -1;
    }
    return 0;
}

void simt_rmask_sb_reset(simt_rmask_sb *s, const simt_rmask_sb_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

uint64_t simt_rmask_sb_lookup(const simt_rmask_sb *s, unsigned w, unsigned r)
{
    uint64_t m = 0;
    for (unsigned e = 0; e < s->cfg.ne; e++)
        if (s->reg[w * s->cfg.ne + e] == r)
            m |= s->rmask[w * s->cfg.ne + e];
    return m;
}

/* The effect of one cycle. Without nx only the flags are computed. Entries changed by the
 * writeback (wbe) and the issue (ise) are kept aside so the state is not copied. */
typedef struct {
    const simt_rmask_sb *s;
    int wbe, ise;
    uint64_t wb_rm, is_rm;
    unsigned is_reg;
} view;

static uint64_t v_rm(const view *v, unsigned e)
{
    if ((int)e == v->ise)
        return v->is_rm;
    if ((int)e == v->wbe)
        return v->wb_rm;
    return v->s->rmask[e];
}
static unsigned v_reg(const view *v, unsigned e) { return (int)e == v->ise ? v->is_reg : v->s->reg[e]; }
static uint64_t v_lookup(const view *v, unsigned w, unsigned r)
{
    uint64_t m = 0;
    for (unsigned e = w * v->s->cfg.ne; e < (w + 1) * v->s->cfg.ne; e++)
        if (v_reg(v, e) == r)
            m |= v_rm(v, e);
    return m;
}

static void cycle(const simt_rmask_sb *s, const simt_rmask_sb_in *in, int *iss_ok, int *iss_full,
                  unsigned *bad, simt_rmask_sb *nx)
{
    const simt_rmask_sb_cfg *c = &s->cfg;
    const uint64_t wm = ones(c->w);
    const unsigned nop = c->nsrc + 1;
    view v = {s, -1, -1, 0, 0, 0};
    *iss_ok = *iss_full = 0;
    *bad = 0;

    /* 1. writeback */
    int wb_ok = 0;
    if (in->wb_valid) {
        if (in->wb_warp < c->nw)
            for (unsigned e = in->wb_warp * c->ne; e < (in->wb_warp + 1) * c->ne; e++)
                if (s->rmask[e] && s->reg[e] == in->wb_reg)
                    v.wbe = (int)e;
        if (v.wbe < 0) {
            *bad |= SIMT_RMASK_SB_BAD_WB;
        } else {
            wb_ok = 1;
            uint64_t rm = s->rmask[v.wbe];
            if (c->base) {
                v.wb_rm = 0;
            } else {
                v.wb_rm = rm & ~(in->wb_mask & wm);
                if (in->wb_mask & wm & ~rm)
                    *bad |= SIMT_RMASK_SB_BAD_WB;
            }
        }
    }

    /* 2. issue */
    int freed = -1;
    if (in->iss_valid) {
        const simt_rmask_sb_slot *sl = in->iss_slot < c->nib ? &s->ib[in->iss_slot] : NULL;
        if (!sl || !sl->valid || sl->dep) {
            *bad |= SIMT_RMASK_SB_BAD_ISS;
        } else if (!(sl->opv & 1)) {
            *iss_ok = 1;
        } else {
            unsigned d = sl->reg[0];
            int hit = -1, fr = -1;
            for (unsigned e = sl->warp * c->ne; e < (sl->warp + 1) * c->ne; e++) {
                uint64_t rm = v_rm(&v, e);
                if (rm && s->reg[e] == d)
                    hit = (int)e;
                if (!rm && fr < 0)
                    fr = (int)e;
            }
            uint64_t im = c->base ? wm : sl->mask;
            if (hit >= 0) {
                *iss_ok = 1;
                v.is_rm = v_rm(&v, (unsigned)hit) | im;
                v.ise = hit;
                v.is_reg = d;
            } else if (fr >= 0) {
                *iss_ok = 1;
                v.ise = fr;
                v.is_rm = im;
                v.is_reg = d;
            } else {
                *iss_full = 1;
            }
        }
        if (*iss_ok)
            freed = (int)in->iss_slot;
    }

    /* 4. decode: checks only (applied below) */
    int dec_ok = 0;
    if (in->dec_valid) {
        if (in->dec_slot >= c->nib || (s->ib[in->dec_slot].valid && (int)in->dec_slot != freed) ||
            in->dec_warp >= c->nw || (!c->base && !(in->dec_mask & wm)))
            *bad |= SIMT_RMASK_SB_BAD_DEC;
        else
            dec_ok = 1;
    }
    if (!nx)
        return;

    /* 3. re-evaluation against the scoreboard after writeback and issue */
    if (wb_ok) {
        uint64_t rwb = v_lookup(&v, in->wb_warp, in->wb_reg);
        for (unsigned i = 0; i < c->nib; i++) {
            simt_rmask_sb_slot *sl = &nx->ib[i];
            if (!sl->valid || sl->warp != in->wb_warp)
                continue;
            int hit = c->base ? rwb != 0 : (rwb & sl->mask) != 0;
            if (hit)
                continue;
            for (unsigned k = 0; k < nop; k++)
                if ((sl->opv >> k & 1) && sl->reg[k] == in->wb_reg)
                    sl->dep &= ~(1u << k);
        }
    }
    if (freed >= 0)
        nx->ib[freed].valid = 0;
    if (dec_ok) {
        simt_rmask_sb_slot *sl = &nx->ib[in->dec_slot];
        memset(sl, 0, sizeof *sl);
        sl->valid = 1;
        sl->warp = in->dec_warp;
        sl->mask = in->dec_mask & wm;
        sl->opv = in->dec_opv & (unsigned)ones(nop);
        for (unsigned k = 0; k < nop; k++) {
            sl->reg[k] = in->dec_reg[k] & (unsigned)ones(c->reg_w);
            uint64_t rm = v_lookup(&v, in->dec_warp, sl->reg[k]);
            int hit = c->base ? rm != 0 : (rm & sl->mask) != 0;
            if ((sl->opv >> k & 1) && hit)
                sl->dep |= 1u << k;
        }
    }
    /* scoreboard: written last, v reads the old state */
    if (v.wbe >= 0)
        nx->rmask[v.wbe] = v.wb_rm;
    if (v.ise >= 0) {
        nx->rmask[v.ise] = v.is_rm;
        nx->reg[v.ise] = v.is_reg;
    }
}

void simt_rmask_sb_eval(const simt_rmask_sb *s, const simt_rmask_sb_in *in, simt_rmask_sb_out *o)
{
    const simt_rmask_sb_cfg *c = &s->cfg;
    if (s->phase + 1 < c->step_clks) /* a step's first clock: nothing decided */
        o->iss_ok = o->iss_full = 0, o->bad = 0;
    else
        cycle(s, in, &o->iss_ok, &o->iss_full, &o->bad, NULL);
    o->ib_valid = o->ib_ready = 0;
    for (unsigned i = 0; i < c->nib; i++) {
        const simt_rmask_sb_slot *sl = &s->ib[i];
        o->ib_valid |= (uint64_t)sl->valid << i;
        o->ib_ready |= (uint64_t)(sl->valid && !sl->dep) << i;
        o->ib_warp[i] = sl->warp;
        o->ib_mask[i] = c->base ? 0 : sl->mask;
        o->ib_dep[i] = sl->dep;
    }
    for (unsigned e = 0; e < c->nw * c->ne; e++) {
        o->sb_valid[e] = s->rmask[e] != 0;
        o->sb_reg[e] = s->reg[e];
        o->sb_rmask[e] = s->rmask[e];
    }
}

void simt_rmask_sb_step(simt_rmask_sb *s, const simt_rmask_sb_in *in)
{
    int ok, full;
    unsigned bad;
    if (s->phase + 1 < s->cfg.step_clks) { /* a step's first clock: the state is held */
        s->phase++;
        return;
    }
    s->phase = 0;
    /* cycle() reads s only through the view for the scoreboard, and writes the I-buffer
     * slots after reading them, so s can be its own next state. */
    cycle(s, in, &ok, &full, &bad, s);
}
