/* SPDX-License-Identifier: Apache-2.0 */
/* spawn_e2e.c: the spawn unit's end-to-end checker on the RTL's outputs (random runs, replays and
 * directed tests): spawn memory, pointers, conservation (sc_spawn.c's header says what it checks). */
#include "spawn_tb.h"

/* ---- the end-to-end checker: spawn memory, pointers, conservation ---- */


/* PIPE = 1: the threads of the spawn whose stores come next cycle (0 otherwise). */
static uint64_t e2e_pending(const e2e *x) { return x->pv_ok ? (uint64_t)__builtin_popcountll(x->pv_mask) : 0; }

void spawn_e2e_init(e2e *x, const simt_spawn_cfg *c)
{
    memset(x, 0, sizeof *x);
    x->c = c;
    x->nslot = c->nblk * c->w;
    x->live = calloc(x->nslot, 1);
    x->ptr = calloc(x->nslot, sizeof *x->ptr);
    x->ptr_pc = calloc(x->nslot, sizeof *x->ptr_pc);
    if (!x->live || !x->ptr || !x->ptr_pc)
        sc_die("out of memory");
    x->next_ptr = 1;
}

void spawn_e2e_free(e2e *x)
{
    free(x->live);
    free(x->ptr);
    free(x->ptr_pc);
}

pc_rec *spawn_pc_of(e2e *x, uint64_t pc)
{
    for (unsigned i = 0; i < x->npcs; i++)
        if (x->pcs[i].pc == pc)
            return &x->pcs[i];
    if (x->npcs == MAX_PCS) {
        x->pcs_overflow = 1;
        return NULL;
    }
    x->pcs[x->npcs] = (pc_rec){pc, 0, 0, 0};
    return &x->pcs[x->npcs++];
}

/* The slot a byte address names, or -1 (with a failure) if it is outside the region or unaligned. */
static long slot_of(sc_run *r, const e2e *x, uint64_t wf_base, uint64_t addr, const char *what)
{
    uint64_t off = (addr - wf_base) & sc_ones(x->c->aw);
    if (off % x->c->slot_b || off / x->c->slot_b >= x->nslot) {
        sc_expect_fail(r, "%s address 0x%" PRIx64 " is not a slot of the warp-formation region", what, addr);
        return -1;
    }
    return (long)(off / x->c->slot_b);
}

/* The stores on the RTL's store port a (st_en_o, st_addr_o) of a spawn accepted (ok) with mask,
 * pc and wf_base (pointers given by ptr_of, or fresh ones). */
static void e2e_stores(sc_run *r, e2e *x, int ok, uint64_t mask, uint64_t pc, uint64_t wf_base,
                       const simt_spawn_out *a, const uint64_t *ptr_of)
{
    const simt_spawn_cfg *c = x->c;
    if (!ok && a->st_en)
        sc_expect_fail(r, "st_en_o 0x%" PRIx64 " without an accepted spawn%s", a->st_en,
                       c->pipe ? " in the cycle before (PIPE = 1)" : "");
    if (ok && a->st_en != (mask & sc_ones(c->w)))
        sc_expect_fail(r, "st_en_o 0x%" PRIx64 " is not the mask 0x%" PRIx64 " of the spawn%s", a->st_en,
                       mask & sc_ones(c->w), c->pipe ? " of the cycle before (PIPE = 1)" : "");
    if (ok && a->st_en) {
        pc_rec *p = spawn_pc_of(x, pc & sc_ones(c->pc_w));
        for (unsigned i = 0; i < c->w; i++) {
            if (!(a->st_en >> i & 1))
                continue;
            long s = slot_of(r, x, wf_base, a->st_addr[i], "store");
            if (s < 0)
                continue;
            if (x->live[s])
                sc_expect_fail(r, "lane %u stores at 0x%" PRIx64 " (slot %ld), which still holds pointer %" PRIu64
                               " not read by a child: a thread would be lost", i, a->st_addr[i], s, x->ptr[s]);
            else
                x->live_n++;
            x->live[s] = 1;
            x->ptr[s] = ptr_of ? ptr_of[i] : x->next_ptr++;
            x->ptr_pc[s] = pc & sc_ones(c->pc_w);
            x->spawned++;
            if (p)
                p->spawned++;
        }
    }
}

/* After a cycle: the stores of an accepted spawn (this cycle's, or with PIPE = 1 the one of the
 * cycle before) and the reads of a popped warp, both from the RTL's outputs a. The stores come
 * first: with PIPE = 1 a warp completed by a spawn can be popped in the cycle its last stores
 * appear. */
void spawn_e2e_cycle(sc_run *r, e2e *x, const simt_spawn_in *in, const simt_spawn_out *a, const uint64_t *ptr_of)
{
    const simt_spawn_cfg *c = x->c;
    if (!c->pipe) {
        e2e_stores(r, x, a->sp_ok, in->sp_mask, in->sp_pc, in->wf_base, a, ptr_of);
    } else {
        e2e_stores(r, x, x->pv_ok, x->pv_mask, x->pv_pc, x->pv_base, a, x->pv_ptrs ? x->pv_ptr : NULL);
        x->pv_ok = a->sp_ok;
        x->pv_mask = in->sp_mask & sc_ones(c->w);
        x->pv_pc = in->sp_pc & sc_ones(c->pc_w);
        x->pv_base = in->wf_base;
        x->pv_ptrs = ptr_of != NULL;
        if (ptr_of)
            memcpy(x->pv_ptr, ptr_of, c->w * sizeof x->pv_ptr[0]);
    }
    x->pop_n = 0;
    if (in->nw_pop && a->nw_valid) {
        if (a->nw_n < 1 || a->nw_n > c->w || a->nw_mask != sc_ones(a->nw_n))
            sc_expect_fail(r, "popped warp: n %u, mask 0x%" PRIx64, a->nw_n, a->nw_mask);
        pc_rec *p = spawn_pc_of(x, a->nw_pc);
        for (unsigned t = 0; t < a->nw_n && t < c->w; t++) {
            long s = slot_of(r, x, in->wf_base, a->nw_addr[t], "spawnMemAddr");
            if (s < 0)
                continue;
            if (!x->live[s]) {
                sc_expect_fail(r, "child %u of the warp for PC 0x%" PRIx64 " reads slot %ld, which holds no pointer "
                               "(never written, or already read: a duplicated thread)", t, a->nw_pc, s);
                continue;
            }
            if (x->ptr_pc[s] != a->nw_pc)
                sc_expect_fail(r, "child %u of the warp for PC 0x%" PRIx64 " recovers pointer %" PRIu64
                               " of a parent that spawned to PC 0x%" PRIx64, t, a->nw_pc, x->ptr[s], x->ptr_pc[s]);
            x->pop_ptr[t] = x->ptr[s];
            x->live[s] = 0;
            x->live_n--;
            x->recovered++;
            if (p)
                p->recovered++;
        }
        x->pop_n = a->nw_n;
    }
}

/* A reset of the unit: the threads it held (LUT counters, FIFO) are gone with its state. The
 * checker drops the pointers still in the region, counted apart (per PC too), so that the
 * conservation checks go on: spawned - recovered - dropped = held (0 right after the reset). */
void spawn_e2e_reset(e2e *x)
{
    for (unsigned s = 0; s < x->nslot; s++) {
        if (!x->live[s])
            continue;
        pc_rec *p = spawn_pc_of(x, x->ptr_pc[s]);
        if (p)
            p->dropped++;
        x->live[s] = 0;
    }
    x->dropped += x->live_n;
    x->live_n = 0;
    x->pop_n = 0;
    x->resets++;
    x->pv_ok = 0; /* PIPE = 1: a spawn not yet stored is dropped by the reset too */
}

/* Threads held by state st: in the FIFO and in the LUT counters (for PC pc, or all if all). */
static uint64_t held(const simt_spawn_cfg *c, const simt_spawn_out *st, int all, uint64_t pc)
{
    uint64_t n = 0;
    for (unsigned k = 0; k < st->fifo_cnt; k++) {
        unsigned f = (st->fifo_rd + k) % c->fifo_d;
        if (all || st->fifo_pc[f] == pc)
            n += (st->fifo_last[f] & (c->w - 1)) + 1;
    }
    for (unsigned e = 0; e < c->nent; e++)
        if (st->ent_v[e] && (all || st->ent_tag[e] == pc))
            n += st->ent_cnt[e];
    return n;
}

/* Conservation and block partition on the state st at the start of a cycle. */
void spawn_e2e_check_state(sc_run *r, const e2e *x, const simt_spawn_out *st, int per_pc)
{
    const simt_spawn_cfg *c = x->c;
    /* with PIPE = 1 the threads of the spawn whose stores come next cycle are counted as spawned */
    uint64_t h = held(c, st, 1, 0), pend = e2e_pending(x);
    if (x->spawned + pend - x->recovered - x->dropped != h || x->live_n + pend != h)
        sc_expect_fail(r, "conservation: %" PRIu64 " threads spawned (%" PRIu64 " of them not yet stored) - %" PRIu64
                       " recovered - %" PRIu64 " dropped by resets, %" PRIu64
                       " slots hold a pointer, but the FIFO and the LUT counters hold %" PRIu64,
                       x->spawned + pend, pend, x->recovered, x->dropped, x->live_n, h);
    if (per_pc && !x->pcs_overflow)
        for (unsigned i = 0; i < x->npcs; i++) {
            const pc_rec *p = &x->pcs[i];
            uint64_t hp = held(c, st, 0, p->pc);
            if (p->spawned + (x->pv_pc == p->pc ? pend : 0) - p->recovered - p->dropped != hp)
                sc_expect_fail(r, "conservation of PC 0x%" PRIx64 ": %" PRIu64 " spawned - %" PRIu64
                               " recovered - %" PRIu64 " dropped by resets, but the FIFO and its entry hold %" PRIu64,
                               p->pc, p->spawned, p->recovered, p->dropped, hp);
        }
    /* Every block below NBLK has one owner and none past it: the lowest block that breaks this is
     * reported. Owners past NBLK are listed apart (own[] counts only the blocks below NBLK, so
     * that a cycle does not clear and scan all SIMT_SPAWN_MAX_BLK). */
    static uint16_t own[SIMT_SPAWN_MAX_BLK];
    unsigned past[2 * SIMT_SPAWN_MAX_ENT + SIMT_SPAWN_MAX_FIFO], npast = 0;
    for (unsigned b = 0; b < c->nblk; b++)
        own[b] = (uint16_t)(simt_spawn_bit(st->free_map, b) + simt_spawn_bit(st->out_map, b));
#define OWNER(blk)                                       \
    do {                                                 \
        const unsigned b_ = (blk) % SIMT_SPAWN_MAX_BLK;  \
        if (b_ < c->nblk)                                \
            own[b_]++;                                   \
        else                                             \
            past[npast++] = b_;                          \
    } while (0)
    for (unsigned e = 0; e < c->nent; e++) {
        OWNER(st->ent_a1[e]);
        OWNER(st->ent_a2[e]);
    }
    for (unsigned k = 0; k < st->fifo_cnt && k < SIMT_SPAWN_MAX_FIFO; k++)
        OWNER(st->fifo_last[(st->fifo_rd + k) % c->fifo_d] / c->w);
#undef OWNER
    for (unsigned b = 0; b < c->nblk; b++)
        if (own[b] != 1) {
            sc_expect_fail(r, "block partition: block %u has %u owners (free, entry a1/a2, FIFO, out)", b, own[b]);
            return;
        }
    if (npast) {
        unsigned lo = past[0], n = 0;
        for (unsigned i = 1; i < npast; i++)
            if (past[i] < lo)
                lo = past[i];
        for (unsigned i = 0; i < npast; i++)
            n += past[i] == lo;
        sc_expect_fail(r, "block partition: block %u has %u owners (free, entry a1/a2, FIFO, out)", lo, n);
    }
}
