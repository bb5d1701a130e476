/* SPDX-License-Identifier: Apache-2.0 */
/* simt_warp_ctrl: C golden model, see simt_warp_ctrl.h and docs/units/warp_ctrl.md. */
#include "simt_warp_ctrl.h"

#include <stdio.h>
#include <string.h>

#include "simt_arb.h"

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }

int simt_warp_ctrl_cfg_check(const simt_warp_ctrl_cfg *c, char *err, size_t n)
{
    if (c->w < 1 || c->w > SIMT_WARP_MAX_W)
        return snprintf(err, n, "lanes W=%u out of range: the C model supports 1..%d", c->w, SIMT_WARP_MAX_W), -1;
    if (c->sp_w < 1)
        return snprintf(err, n, "SP_W=%u: the warp control needs at least one SP bit", c->sp_w), -1;
    if (c->pc_w < 2 || c->sp_w + c->pc_w > 64)
        return snprintf(err, n, "key width SP_W+PC_W=%u out of range 3..64 (PC_W >= 2)", c->sp_w + c->pc_w), -1;
    if (c->off_w >= c->pc_w)
        return snprintf(err, n, "OFF_W=%u must be below PC_W=%u", c->off_w, c->pc_w), -1;
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
static int ready(const simt_warp_ctrl *s) { return s->mvalid && !s->arb; }

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
    /* Memory mode of the unified arbiter (Collange 2011 §4.2-4.3). */
    if (ready(s) && in->issue && in->op == SIMT_OP_MEM) {
        simt_arb_cfg ac = arb_cfg(c);
        simt_arb_out r;
        uint64_t key[SIMT_WARP_MAX_W];
        for (unsigned i = 0; i < c->w; i++)
            key[i] = in->addr[i] & ones(c->pc_w);
        simt_arb_eval(&ac, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, 1, o->active, key, &r);
        o->mem_req = 1;
        o->mem_line = r.key;
        o->served = r.match;
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
    const uint64_t woke_m = in->wake & s->sleep & s->live & wmask;
    const uint64_t launch_m = in->launch ? in->launch_mask & ~s->live & wmask : 0;
    const int woke = woke_m != 0, launched = launch_m != 0;
    const uint64_t mpc = s->mkey & pcm;
    const int carry = mpc == pcm;

    /* Arbitration of this cycle (PC mode), on the state before the edge. */
    simt_arb_out arb = {0, 0, 0};
    if (s->arb) {
        simt_arb_cfg ac = arb_cfg(c);
        uint64_t key[SIMT_WARP_MAX_W];
        for (unsigned i = 0; i < c->w; i++)
            key[i] = lane_key(s, i);
        simt_arb_eval(&ac, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, 0, enabled(s), key, &arb);
    }

    /* Control update (docs/units/warp_ctrl.md, "Control update"). */
    int arb_d = s->arb, mvalid_d = s->mvalid;
    uint64_t mkey_d = s->mkey;
    if (s->arb) {
        arb_d = woke || launched;
        mkey_d = arb.key;
        mvalid_d = arb.valid;
    } else if (fire) {
        int shortcut = 0, hold = 0;
        if (op == SIMT_OP_ALU)
            shortcut = !carry;
        else if (op == SIMT_OP_MEM && !carry) {
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
            case SIMT_OP_ALU:
                s->pc[i] = (s->pc[i] + 1) & pcm;
                break;
            case SIMT_OP_BRANCH:
                s->pc[i] = in->npc[i] & pcm;
                s->sp[i] = in->nsp[i] & spm;
                break;
            case SIMT_OP_MEM:
                if (o.served & b) {
                    s->pc[i] = (s->pc[i] + 1) & pcm;
                    if (!in->mem_hit)
                        s->sleep |= b;
                }
                break;
            default: /* EXIT */
                s->live &= ~b;
                break;
            }
        }
        if (woke_m & b)
            s->sleep &= ~b;
    }
    s->arb = arb_d;
    s->mvalid = mvalid_d;
    s->mkey = mkey_d;
}
