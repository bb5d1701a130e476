/* SPDX-License-Identifier: Apache-2.0 */
/* simt_warp_ctrl: C golden model, see simt_warp_ctrl.h and docs/units/warp_ctrl.md. */
#include "simt_warp_ctrl.h"

#include <stdio.h>
#include <string.h>

#include "simt_arb.h"

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

int simt_warp_ctrl_cfg_check(const simt_warp_ctrl_cfg *c, char *err, size_t n)
{
    if (c->w < 1 || c->w > SIMT_WARP_CTRL_MAX_W)
        return snprintf(err, n, "lanes W=%u out of range: the C model supports 1..%d", c->w, SIMT_WARP_CTRL_MAX_W), -1;
    if (c->sp_w < 1)
        return snprintf(err, n, "SP_W=%u: the warp control needs at least one SP bit", c->sp_w), -1;
    if (c->pc_w < 2 || c->sp_w + c->pc_w > 64)
        return snprintf(err, n, "key width SP_W+PC_W=%u out of range 3..64 (PC_W >= 2)", c->sp_w + c->pc_w), -1;
    if (c->off_w >= c->pc_w)
        return snprintf(err, n, "OFF_W=%u must be below PC_W=%u", c->off_w, c->pc_w), -1;
    unsigned l = 0;
    while ((1u << l) < c->w)
        l++;
    if (c->arb_stages > 2 * l + 1)
        return snprintf(err, n, "ARB_STAGES=%u out of range 0..%u (2 clog2(W) + 1 at W=%u)", c->arb_stages,
                        2 * l + 1, c->w), -1;
    return 0;
}

void simt_warp_ctrl_reset(simt_warp_ctrl *s, const simt_warp_ctrl_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

static simt_arb_cfg arb_cfg(const simt_warp_ctrl_cfg *c)
{
    simt_arb_cfg a = {c->w, c->pc_w, c->sp_w, c->off_w};
    return a;
}

static uint64_t lane_key(const simt_warp_ctrl *s, unsigned i)
{
    return s->sp[i] << s->cfg.pc_w | s->pc[i];
}

static uint64_t enabled(const simt_warp_ctrl *s) { return s->live & ~s->sleep; }
static int ready(const simt_warp_ctrl *s) { return s->mvalid && !s->arb && !s->memw; }
/* The arbiter's result is there this cycle: always with the single-cycle arbiter. */
static int at_end(const simt_warp_ctrl *s) { return s->cnt == s->cfg.arb_stages; }

/* The memory mode of the unified arbiter (Collange 2011 §4.2-4.3): the lowest line asked by the
 * lanes of `act`, and the lanes in it. */
static void mem_select(const simt_warp_ctrl_cfg *c, uint64_t act, const uint64_t *addr, uint64_t *line,
                       uint64_t *served)
{
    simt_arb_cfg ac = arb_cfg(c);
    simt_arb_out r;
    uint64_t key[SIMT_WARP_CTRL_MAX_W];
    for (unsigned i = 0; i < c->w; i++)
        key[i] = addr[i] & ones(c->pc_w);
    simt_arb_eval(&ac, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, 1, act, key, &r);
    *line = r.key;
    *served = r.match;
}

void simt_warp_ctrl_eval(const simt_warp_ctrl *s, const simt_warp_ctrl_in *in, simt_warp_ctrl_out *o)
{
    const simt_warp_ctrl_cfg *c = &s->cfg;
    memset(o, 0, sizeof *o);
    o->mpc_valid = ready(s);
    o->mpc = s->mkey & ones(c->pc_w);
    o->msp = s->mkey >> c->pc_w;
    /* Reconvergence is key equality, checked every cycle (Collange 2011 §3). */
    if (ready(s))
        for (unsigned i = 0; i < c->w; i++)
            if ((enabled(s) >> i & 1) && lane_key(s, i) == s->mkey)
                o->active |= 1ull << i;
    o->arb = s->arb;
    /* Memory mode of the unified arbiter (Collange 2011 §4.2-4.3): in the issue cycle, or
     * arb_stages cycles later with the pipelined arbiter. */
    if (c->arb_stages == 0 && ready(s) && in->issue && (in->op & 3) == SIMT_WARP_CTRL_OP_MEM) {
        o->mem_req = 1;
        mem_select(c, o->active, in->addr, &o->mem_line, &o->served);
    } else if (s->memw && at_end(s)) {
        o->mem_req = 1;
        o->mem_line = s->mline;
        o->served = s->mserved;
    }
    o->live = s->live;
    o->sleep = s->sleep;
    for (unsigned i = 0; i < c->w; i++) {
        o->pc[i] = s->pc[i];
        o->sp[i] = s->sp[i];
    }
    o->done = s->live == 0;
}

void simt_warp_ctrl_step(simt_warp_ctrl *s, const simt_warp_ctrl_in *in)
{
    const simt_warp_ctrl_cfg *c = &s->cfg;
    const uint64_t wmask = ones(c->w), pcm = ones(c->pc_w), spm = ones(c->sp_w);
    simt_warp_ctrl_out o;
    simt_warp_ctrl_eval(s, in, &o);

    const int fire = in->issue && ready(s);
    const unsigned op = in->op & 3;
    const int pipe = c->arb_stages > 0;
    const uint64_t woke_m = in->wake & s->sleep & s->live & wmask;
    const uint64_t launch_m = in->launch ? in->launch_mask & ~s->live & wmask : 0;
    const int woke = woke_m != 0, launched = launch_m != 0;
    const uint64_t mpc = s->mkey & pcm;
    const int carry = mpc == pcm;

    /* Arbitration of this cycle (PC mode), on the state before the edge. Pipelined, the result
     * that comes out at the end is that of the enabled set and keys arb_stages cycles earlier,
     * which are those of now: an arbitration starts again whenever a lane joins, and nothing
     * else changes a lane while it runs (no issue; a MEM completes only outside it). */
    simt_arb_out arb = {0, 0, 0};
    if (s->arb && at_end(s)) {
        simt_arb_cfg ac = arb_cfg(c);
        uint64_t key[SIMT_WARP_CTRL_MAX_W];
        for (unsigned i = 0; i < c->w; i++)
            key[i] = lane_key(s, i);
        simt_arb_eval(&ac, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, 0, enabled(s), key, &arb);
    }

    /* Control update (docs/units/warp_ctrl.md, "Control update"). */
    int arb_d = s->arb, mvalid_d = s->mvalid;
    uint64_t mkey_d = s->mkey;
    unsigned cnt_d = 0;
    int memw_d = 0, grew_d = 0;
    uint64_t mact_d = 0;
    if (s->arb) {
        if (at_end(s)) {
            arb_d = woke || launched;
            mkey_d = arb.key;
            mvalid_d = arb.valid;
        } else {
            /* in flight; a lane joining starts it again */
            arb_d = 1;
            cnt_d = woke || launched ? 0 : s->cnt + 1;
        }
    } else if (s->memw) {
        if (at_end(s)) {
            /* The MEM's result is there: the MEM rows of the control update, a lane that joined
             * while it was in flight counting as growth. */
            int keep = !carry && !woke && !launched && !s->grew && ((o.served != s->mact) || in->mem_hit);
            if (keep && o.served == s->mact)
                mkey_d = (s->mkey & ~pcm) | ((mpc + 1) & pcm); /* all served, hit: as ALU */
            arb_d = !keep;
        } else {
            memw_d = 1;
            cnt_d = s->cnt + 1;
            mact_d = s->mact;
            grew_d = s->grew || woke || launched;
        }
    } else if (fire && pipe && op == SIMT_WARP_CTRL_OP_MEM) {
        /* Pipelined MEM issue: the tree takes this cycle's addresses; the result, arb_stages
         * cycles later, is their function. */
        memw_d = 1;
        cnt_d = 1;
        mact_d = o.active;
        grew_d = woke || launched;
        mem_select(c, o.active, in->addr, &s->mline, &s->mserved);
        arb_d = 0;
    } else if (fire) {
        int shortcut = 0, hold = 0;
        if (op == SIMT_WARP_CTRL_OP_ALU)
            shortcut = !carry;
        else if (op == SIMT_WARP_CTRL_OP_MEM && !carry) {
            if (o.active & ~o.served)
                hold = 1; /* conflicting lanes replay at MPC */
            else if (in->mem_hit)
                shortcut = 1;
        }
        /* With carry, served lanes wrap to {msp, 0}, below MPC: arbitrate. */
        if (woke || launched)
            shortcut = hold = 0;
        if (shortcut) {
            arb_d = 0;
            mkey_d = (s->mkey & ~pcm) | ((mpc + 1) & pcm);
            mvalid_d = 1;
        } else if (hold) {
            arb_d = 0;
            mvalid_d = 1;
        } else {
            arb_d = 1;
        }
    } else if (woke || launched) {
        arb_d = 1;
    }

    /* Lane update. */
    for (unsigned i = 0; i < c->w; i++) {
        const uint64_t b = 1ull << i;
        if (launch_m & b) {
            s->live |= b;
            s->sleep &= ~b;
            s->pc[i] = in->launch_pc & pcm;
            s->sp[i] = in->launch_sp & spm;
            continue;
        }
        if (fire && (o.active & b)) {
            switch (op) {
            case SIMT_WARP_CTRL_OP_ALU:
                s->pc[i] = (s->pc[i] + 1) & pcm;
                break;
            case SIMT_WARP_CTRL_OP_BRANCH:
                s->pc[i] = in->npc[i] & pcm;
                s->sp[i] = in->nsp[i] & spm;
                break;
            case SIMT_WARP_CTRL_OP_MEM:
                break; /* below: its served lanes, when its result is there */
            default: /* EXIT */
                s->live &= ~b;
                break;
            }
        }
        /* Lanes served by the MEM whose result is there (o.mem_req) advance; on a miss they
         * sleep (§4.2); the others replay. */
        if (o.served & b) {
            s->pc[i] = (s->pc[i] + 1) & pcm;
            if (!in->mem_hit)
                s->sleep |= b;
        }
        if (woke_m & b)
            s->sleep &= ~b;
    }
    s->arb = arb_d;
    s->mvalid = mvalid_d;
    s->mkey = mkey_d;
    s->cnt = cnt_d;
    s->memw = memw_d;
    s->grew = grew_d;
    s->mact = mact_d;
    if (!memw_d)
        s->mline = s->mserved = 0;
}
