/* SPDX-License-Identifier: Apache-2.0 */
/* simt_arb_pipe: C golden model of the pipelined unified arbiter, see simt_arb_pipe.h. */
#include "simt_arb_pipe.h"

#include <stdio.h>
#include <string.h>

unsigned simt_arb_pipe_levels(unsigned w)
{
    unsigned l = 0;
    while (l < 32 && (1u << l) < w)
        l++;
    return l;
}

int simt_arb_pipe_cfg_check(const simt_arb_pipe_cfg *c, char *err, size_t n)
{
    const simt_arb_cfg a = {c->w, c->pc_w, c->sp_w, c->off_w};
    if (simt_arb_cfg_check(&a, err, n))
        return -1;
    unsigned max = 2 * simt_arb_pipe_levels(c->w) + 1;
    if (c->stages < 1 || c->stages > max)
        return snprintf(err, n, "STAGES=%u out of range: 1..%u at W=%u (2 clog2(W) + 1)",
                        c->stages, max, c->w), -1;
    return 0;
}

void simt_arb_pipe_reset(simt_arb_pipe *p, const simt_arb_pipe_cfg *cfg)
{
    memset(p, 0, sizeof *p);
    p->cfg = *cfg;
}

void simt_arb_pipe_eval(const simt_arb_pipe *p, simt_arb_pipe_out *out)
{
    *out = p->rank[p->cfg.stages - 1];
}

void simt_arb_pipe_step(simt_arb_pipe *p, const simt_arb_pipe_in *in)
{
    const simt_arb_cfg a = {p->cfg.w, p->cfg.pc_w, p->cfg.sp_w, p->cfg.off_w};
    for (unsigned s = p->cfg.stages - 1; s > 0; s--)
        p->rank[s] = p->rank[s - 1];
    simt_arb_pipe_out *o = &p->rank[0];
    simt_arb_eval(&a, SIMT_ARB_UNIFIED, SIMT_ARB_MEM_MIN, in->mode & 1, in->valid, in->key, &o->arb);
    o->uniform = o->arb.valid && o->arb.match == in->valid;
}
