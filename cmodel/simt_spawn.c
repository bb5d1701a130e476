/* SPDX-License-Identifier: Apache-2.0 */
/* simt_spawn: C golden model of the spawn LUT and warp formation (Steffen 2012 §5.1-5.4).
 * The cycle contract is docs/units/spawn.md; section names below refer to it. Written as the
 * contract reads, sequentially: the RTL (rtl/spawn/simt_spawn.sv) computes the same in
 * parallel. */
#include "simt_spawn.h"

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

static void set_bit(uint64_t *map, unsigned b, int v)
{
    if (v)
        map[b / 64] |= 1ull << (b % 64);
    else
        map[b / 64] &= ~(1ull << (b % 64));
}

int simt_spawn_cfg_check(const simt_spawn_cfg *c, char *err, size_t n)
{
#define BAD(...) return snprintf(err, n, __VA_ARGS__), -1
    if (c->w < 4 || c->w > 64 || (c->w & (c->w - 1)))
        BAD("W = %u: must be a power of 2 in 4..64", c->w);
    if (c->pc_w < 8 || c->pc_w > 64)
        BAD("PC_W = %u: must be 8..64", c->pc_w);
    if (c->nent < 1 || c->nent > SIMT_SPAWN_MAX_ENT)
        BAD("NENT = %u: must be 1..%u", c->nent, SIMT_SPAWN_MAX_ENT);
    if (c->nblk < 2 * c->nent + 1 || c->nblk > SIMT_SPAWN_MAX_BLK)
        BAD("NBLK = %u: must be 2*NENT+1 = %u .. %u (each entry owns two blocks, and a warp completes only "
            "with a free one)", c->nblk, 2 * c->nent + 1, SIMT_SPAWN_MAX_BLK);
    if (c->fifo_d < 1 || c->fifo_d > SIMT_SPAWN_MAX_FIFO)
        BAD("FIFO_D = %u: must be 1..%u", c->fifo_d, SIMT_SPAWN_MAX_FIFO);
    if (c->aw < 16 || c->aw > 64)
        BAD("AW = %u: must be 16..64", c->aw);
    if (c->slot_b != 4 && c->slot_b != 8)
        BAD("SLOT_B = %u: must be 4 or 8", c->slot_b);
    if (c->pfx != 0 && c->pfx != 1)
        BAD("PFX = %d: must be 0 or 1", c->pfx);
    if (c->full_pol != 0 && c->full_pol != 1)
        BAD("FULL_POL = %d: must be 0 or 1", c->full_pol);
    if (c->pipe != 0 && c->pipe != 1)
        BAD("PIPE = %d: must be 0 or 1", c->pipe);
#undef BAD
    return 0;
}

void simt_spawn_reset(simt_spawn *s, const simt_spawn_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    for (unsigned e = 0; e < cfg->nent; e++)
        s->ent[e].a1 = 2 * e, s->ent[e].a2 = 2 * e + 1;
    for (unsigned b = 2 * cfg->nent; b < cfg->nblk; b++)
        set_bit(s->free_map, b, 1);
}

/* The decisions of a cycle, shared by eval (outputs) and step (next state). */
typedef struct {
    unsigned n, ent, c;
    int hit, lutfull, complete;
    int push_spawn;   /* the spawn is accepted and pushes */
    int fl_ent;       /* flush performed on this entry, or -1 */
    int have_free;
    unsigned lowfree;
    unsigned rel_blk; /* rel_blk_i in its BW bits */
} decide;

static unsigned blk_of(const simt_spawn_cfg *c, unsigned last) { return last >> clog2(c->w); }

/* full = 1: every output; 0 (simt_spawn_step) only the decisions and the combinational flags
 * (sp_ok, sp_stall, sp_why, sp_hit, sp_ent, sp_push, st_en, fl_ok, fl_none, pop_bad, rel_bad,
 * fl_ent, evict, alloc_blk): not the lane addresses, registered outputs and state taps; 2
 * (simt_spawn_step with pipe = 1) those and the lane addresses. The store port is always the
 * single-cycle form's: simt_spawn_eval replaces it by the registered one when pipe = 1. */
static void decide_cycle(const simt_spawn *s, const simt_spawn_in *in, decide *d, simt_spawn_out *o, int full)
{
    const simt_spawn_cfg *c = &s->cfg;
    const unsigned w = c->w;
    const uint64_t mask = in->sp_mask & ones(w), pc = in->sp_pc & ones(c->pc_w);
    const unsigned rel_blk = in->rel_blk & (unsigned)ones(clog2(c->nblk) ? clog2(c->nblk) : 1);
    memset(d, 0, sizeof *d);
    /* Every output is written below: the ones set only on some paths are cleared here, and the
     * arrays' entries past W, NENT or the popped warp are zeroed where they are filled (cheaper
     * than clearing the whole struct, three times a cycle in the cross-check). */
    o->sp_why = 0;
    o->fl_ok = o->fl_none = o->evict = 0;
    o->nw_valid = 0, o->nw_pc = 0, o->nw_last = o->nw_n = 0, o->nw_mask = 0;
    d->rel_blk = rel_blk;
    d->fl_ent = -1;
    d->n = (unsigned)__builtin_popcountll(mask);

    /* block pool: the lowest free block below NBLK */
    for (unsigned k = 0; 64 * k < c->nblk && !d->have_free; k++) {
        const uint64_t f = s->free_map[k] & ones(c->nblk - 64 * k);
        if (f)
            d->have_free = 1, d->lowfree = 64 * k + (unsigned)__builtin_ctzll(f);
    }
    const int ffull = s->fifo_cnt == c->fifo_d;

    /* entry choice */
    int ent = -1;
    for (unsigned e = 0; e < c->nent && ent < 0; e++)
        if (s->ent[e].v && s->ent[e].tag == pc)
            ent = (int)e, d->hit = 1;
    for (unsigned e = 0; e < c->nent && ent < 0; e++)
        if (!s->ent[e].v)
            ent = (int)e;
    for (unsigned e = 0; e < c->nent && ent < 0; e++)
        if (s->ent[e].cnt == 0)
            ent = (int)e;
    d->lutfull = ent < 0;
    d->ent = ent < 0 ? 0 : (unsigned)ent;
    d->c = d->hit ? s->ent[d->ent].cnt : 0;
    const unsigned b1 = s->ent[d->ent].a1, b2 = s->ent[d->ent].a2;

    /* lane addresses, every lane */
    unsigned p = 0;
    for (unsigned i = 0; full && i < w; i++) {
        unsigned si = d->c + p;
        uint64_t slot = si < w ? (uint64_t)b1 * w + si : (uint64_t)b2 * w + (si - w);
        o->st_addr[i] = (in->wf_base + slot * c->slot_b) & ones(c->aw);
        p += (unsigned)(mask >> i & 1);
    }
    if (full)
        memset(o->st_addr + w, 0, (SIMT_SPAWN_MAX_W - w) * sizeof o->st_addr[0]);

    /* SPAWN */
    int stall = 0, evict = 0;
    if (in->sp_valid && d->n > 0) {
        if (d->lutfull) {
            stall = 1, o->sp_why = SIMT_SPAWN_WHY_LUT;
            evict = c->full_pol == 1;
        } else if (d->c + d->n >= w) {
            d->complete = 1;
            if (ffull || !d->have_free) {
                stall = 1;
                o->sp_why = (ffull ? SIMT_SPAWN_WHY_FIFO : 0) | (!d->have_free ? SIMT_SPAWN_WHY_BLK : 0);
            } else
                d->push_spawn = 1;
        }
    }
    o->sp_stall = stall;
    o->sp_ok = in->sp_valid && !stall;
    o->sp_hit = in->sp_valid && d->hit;
    o->sp_ent = d->ent;
    o->sp_push = d->push_spawn;
    o->st_en = o->sp_ok ? mask : 0;

    /* FLUSH target: the valid entry with cnt > 0 and the lowest tag */
    int tgt = -1;
    for (unsigned e = 0; e < c->nent; e++)
        if (s->ent[e].v && s->ent[e].cnt > 0 && (tgt < 0 || s->ent[e].tag < s->ent[tgt].tag))
            tgt = (int)e;
    if (in->fl_req || evict) {
        if (tgt < 0)
            o->fl_none = in->fl_req;
        else if (!(o->sp_ok && d->n > 0) && !ffull && d->have_free)
            d->fl_ent = tgt, o->fl_ok = 1, o->evict = evict;
    }
    o->fl_ent = d->fl_ent;
    o->alloc_blk = (d->push_spawn || d->fl_ent >= 0) ? d->lowfree : 0;

    o->pop_bad = in->nw_pop && s->fifo_cnt == 0;
    o->rel_bad = in->rel_valid && (rel_blk >= c->nblk || !simt_spawn_bit(s->out_map, rel_blk));

    if (full != 1)
        return;
    /* registered outputs */
    if (s->fifo_cnt) {
        unsigned last = s->fifo_last[s->fifo_rd];
        o->nw_valid = 1;
        o->nw_pc = s->fifo_pc[s->fifo_rd];
        o->nw_last = last;
        o->nw_n = (last & (w - 1)) + 1;
        o->nw_mask = ones(o->nw_n);
        for (unsigned t = 0; t < o->nw_n; t++)
            o->nw_addr[t] = (in->wf_base + (uint64_t)(last - t) * c->slot_b) & ones(c->aw);
    }
    memset(o->nw_addr + o->nw_n, 0, (SIMT_SPAWN_MAX_W - o->nw_n) * sizeof o->nw_addr[0]);
    o->err = s->err;
    for (unsigned e = 0; e < c->nent; e++) {
        o->ent_v[e] = s->ent[e].v;
        o->ent_tag[e] = s->ent[e].tag;
        o->ent_a1[e] = s->ent[e].a1;
        o->ent_a2[e] = s->ent[e].a2;
        o->ent_cnt[e] = s->ent[e].cnt;
    }
    const unsigned ne = SIMT_SPAWN_MAX_ENT - c->nent;
    memset(o->ent_v + c->nent, 0, ne * sizeof o->ent_v[0]);
    memset(o->ent_tag + c->nent, 0, ne * sizeof o->ent_tag[0]);
    memset(o->ent_a1 + c->nent, 0, ne * sizeof o->ent_a1[0]);
    memset(o->ent_a2 + c->nent, 0, ne * sizeof o->ent_a2[0]);
    memset(o->ent_cnt + c->nent, 0, ne * sizeof o->ent_cnt[0]);
    memcpy(o->free_map, s->free_map, sizeof o->free_map);
    memcpy(o->out_map, s->out_map, sizeof o->out_map);
    memcpy(o->fifo_pc, s->fifo_pc, sizeof o->fifo_pc);
    memcpy(o->fifo_last, s->fifo_last, sizeof o->fifo_last);
    o->fifo_rd = s->fifo_rd;
    o->fifo_cnt = s->fifo_cnt;
}

void simt_spawn_eval(const simt_spawn *s, const simt_spawn_in *in, simt_spawn_out *out)
{
    decide d;
    decide_cycle(s, in, &d, out, 1);
    if (s->cfg.pipe) { /* the store port of the cycle before (PIPE = 1) */
        out->st_en = s->st_en;
        memcpy(out->st_addr, s->st_addr, sizeof out->st_addr);
    }
}

void simt_spawn_step(simt_spawn *s, const simt_spawn_in *in)
{
    static simt_spawn_out o; /* large; the model is single-threaded like the testbench */
    decide d;
    decide_cycle(s, in, &d, &o, s->cfg.pipe ? 2 : 0);
    const simt_spawn_cfg *c = &s->cfg;
    if (c->pipe) { /* registered for the next cycle's store port (PIPE = 1) */
        s->st_en = o.st_en;
        memcpy(s->st_addr, o.st_addr, sizeof s->st_addr);
    }
    const unsigned w = c->w;
    const simt_spawn snap = *s; /* start-of-cycle state */
    int push = 0;
    uint64_t push_pc = 0;
    unsigned push_last = 0;

    if (o.sp_stall && (o.sp_why & SIMT_SPAWN_WHY_LUT) && !c->full_pol)
        s->err |= SIMT_SPAWN_ERR_LUT;
    if (o.sp_ok && d.n > 0) {
        simt_spawn_ent *e = &s->ent[d.ent];
        unsigned t = d.c + d.n;
        e->v = 1;
        e->tag = in->sp_pc & ones(c->pc_w);
        if (t < w)
            e->cnt = t;
        else {
            push = 1, push_pc = e->tag, push_last = snap.ent[d.ent].a1 * w + w - 1;
            e->a1 = snap.ent[d.ent].a2;
            e->a2 = d.lowfree;
            e->cnt = t - w;
            set_bit(s->free_map, d.lowfree, 0);
        }
    }
    if (d.fl_ent >= 0) {
        simt_spawn_ent *e = &s->ent[d.fl_ent];
        const simt_spawn_ent *e0 = &snap.ent[d.fl_ent];
        push = 1, push_pc = e0->tag, push_last = e0->a1 * w + e0->cnt - 1;
        e->a1 = e0->a2;
        e->a2 = d.lowfree;
        e->cnt = 0;
        set_bit(s->free_map, d.lowfree, 0);
    }
    if (in->nw_pop) {
        if (snap.fifo_cnt == 0)
            s->err |= SIMT_SPAWN_ERR_POP;
        else {
            set_bit(s->out_map, blk_of(c, snap.fifo_last[snap.fifo_rd]), 1);
            s->fifo_rd = (snap.fifo_rd + 1) % c->fifo_d;
            s->fifo_cnt--;
        }
    }
    if (in->rel_valid) {
        if (o.rel_bad)
            s->err |= SIMT_SPAWN_ERR_REL;
        else {
            set_bit(s->out_map, d.rel_blk, 0);
            set_bit(s->free_map, d.rel_blk, 1);
        }
    }
    if (push) {
        unsigned slot = (snap.fifo_rd + snap.fifo_cnt) % c->fifo_d;
        s->fifo_pc[slot] = push_pc & ones(c->pc_w);
        s->fifo_last[slot] = push_last;
        s->fifo_cnt++;
    }
}
