/* SPDX-License-Identifier: Apache-2.0 */
/* sc_spawn: simtcheck unit "spawn": simt_spawn (spawn LUT and warp formation, Steffen 2012 §5)
 * against cmodel/simt_spawn.c; contract docs/units/spawn.md.
 *
 * Random runs play the warps of an SM and its scheduler: warps execute spawns to target PCs
 * drawn from a pool larger than the LUT, with masks of every density (empty, one lane, full,
 * sparse, dense); a refused spawn is repeated until accepted. The scheduler pops new warps at a
 * random rate (FIFO back-pressure), releases each popped warp's block after a random latency,
 * requests flushes now and then, and when a spawn has been refused for a full LUT for a while
 * (the thesis leaves that to the compiler: spawn datasheet, Deviations D6). Some phases drain:
 * no spawns, pop everything, flush until nothing is left (the "scheduler has run dry" of
 * Steffen 2012 §5.4). Bad requests (pop
 * of an empty FIFO, release of a block not handed out) are mixed in. About once in 4,096 cycles
 * the unit is reset (trace field rst: rst_ni low for one edge, not a compared cycle): model and
 * RTL are compared through it, and the threads it held are dropped.
 *
 * Beside the RTL/C comparison of every output and state bit, an independent end-to-end checker
 * runs on the RTL's own outputs (in replays and directed tests too): a memory model of the
 * warp-formation region where every accepted parent lane stores a unique pointer at its store
 * address (a store onto a slot still holding a pointer is a clobber), and every popped child
 * thread reads its slot at its spawnMemAddr and must find exactly one parent's pointer, spawned
 * to the warp's PC (the slot is then consumed). Every cycle: threads spawned - threads
 * recovered - threads dropped by resets (the live slots at a reset) = threads in the FIFO +
 * threads in the LUT counters = live slots in memory, and every block is owned exactly once
 * (free, an entry's a1 or a2, a FIFO warp, or handed out); per PC the same at every 64th cycle
 * and after a reset; after every drain nothing is left, so the multiset of pointers recovered
 * equals the multiset spawned (less those dropped by resets). Random runs of 20,000 cycles or
 * more gate their coverage: every event the configuration can produce must have happened.
 *
 * Directed tests (expected values derived by hand from the contract, docs/units/spawn.md
 * "Verification"; each test's derivation is in its comments): step, flush-order, full, retag,
 * maxovf, noblock, alg2, e2e, bad.
 *
 * Trace line: spawn_fields below, a reset flag and the input ports (simtcheck spawn --trace-doc). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "simt_spawn.h"
#include "simtcheck.h"
#include "vl_spawn.h"

static const char *const spawn_tests[] = {"step", "flush-order", "full", "retag", "maxovf",
                                          "noblock", "alg2", "e2e", "bad", NULL};

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_spawn_in in;
} spawn_line;
#define IN(m) SC_AT(spawn_line, in.m)
static const sc_field spawn_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(spawn_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"wf_base", "AW", NULL, NULL, IN(wf_base), "byte address of slot 0 of the warp-formation region"},
    {"sp_valid", "1", NULL, NULL, IN(sp_valid), "a warp executes spawn"},
    {"sp_pc", "PC_W", NULL, "sp_valid=1", IN(sp_pc), "its target PC (the LUT key)"},
    {"sp_mask", "W", NULL, "sp_valid=1", IN(sp_mask), "its lanes (bit i: lane i)"},
    {"fl_req", "1", NULL, NULL, IN(fl_req), "force out a partial warp"},
    {"nw_pop", "1", NULL, NULL, IN(nw_pop), "the scheduler takes the head warp of the new-warp FIFO"},
    {"rel_valid", "1", NULL, NULL, IN(rel_valid), "release a handed-out block"},
    {"rel_blk", "clog2(NBLK)", NULL, "rel_valid=1", IN(rel_blk), "the block"},
};
#undef IN

/* ---- lockstep ---- */

typedef struct {
    sc_lockstep core;
    const vl_spawn_ops *m;
    simt_spawn gold;
    simt_spawn_cfg cfg;
    simt_spawn_out out;   /* golden outputs of the cycle just run */
    simt_spawn_out act;   /* the RTL's */
} lockstep;

static void ls_open(lockstep *ls, sc_run *r, sc_trace *tr, unsigned lanes)
{
    memset(ls, 0, sizeof *ls);
    ls->m = sc_open_model(r, tr, lanes)->ops;
    const vl_spawn_ops *m = ls->m;
    ls->cfg = vl_spawn_cfg(m);
    char err[160];
    if (simt_spawn_cfg_check(&ls->cfg, err, sizeof err))
        sc_die("model %s: %s", m->name, err);
    simt_spawn_reset(&ls->gold, &ls->cfg);
    sc_ls_open(&ls->core, r, &m->vl);
}

/* A reset in the middle of a run (rst_ni low for one edge): both models back to their reset state. */
static void ls_reset(lockstep *ls)
{
    simt_spawn_reset(&ls->gold, &ls->cfg);
    sc_ls_reset(&ls->core);
}

/* The state at the start of the next cycle (golden model, idle inputs). */
static void ls_peek(const lockstep *ls, simt_spawn_out *o)
{
    static const simt_spawn_in idle;
    simt_spawn_eval(&ls->gold, &idle, o);
}

static void ls_cycle(lockstep *ls, const simt_spawn_in *in)
{
    sc_run *r = ls->core.r;
    const simt_spawn_cfg *c = &ls->cfg;
    simt_spawn_out *e = &ls->out, *a = &ls->act;
    simt_spawn_eval(&ls->gold, in, e);
    ls->m->eval(ls->core.rtl, in, a);
    sc_ls_sample(&ls->core);
    const unsigned W = c->w, NENT = c->nent, NBLK = c->nblk, FIFO_D = c->fifo_d;
    SIMT_SPAWN_PORTS(SC_CMP_NONE, SC_CMP_OUT)
    simt_spawn_step(&ls->gold, in);
    sc_ls_edge(&ls->core);
}

/* ---- the end-to-end checker: spawn memory, pointers, conservation ---- */

#define MAX_PCS 4096

typedef struct {
    uint64_t pc, spawned, recovered, dropped;
} pc_rec;

typedef struct {
    const simt_spawn_cfg *c;
    unsigned nslot;
    uint8_t *live;        /* per warp-formation slot: holds a pointer not yet read */
    uint64_t *ptr, *ptr_pc;
    uint64_t next_ptr;
    pc_rec pcs[MAX_PCS];
    unsigned npcs;
    int pcs_overflow;
    uint64_t spawned, recovered, live_n;
    uint64_t dropped, resets; /* threads held by the unit when it was reset (their slots cleared) */
    /* the last popped warp, for the directed tests */
    uint64_t pop_ptr[SIMT_SPAWN_MAX_W];
    unsigned pop_n;
    /* PIPE = 1: the store port shows the spawn of the cycle before. That spawn (accepted: pv_ok),
     * not yet stored though its threads are in the LUT counters already, with the inputs and
     * pointers its stores are checked against on the next cycle. */
    int pv_ok, pv_ptrs;
    uint64_t pv_mask, pv_pc, pv_base, pv_ptr[SIMT_SPAWN_MAX_W];
} e2e;

/* PIPE = 1: the threads of the spawn whose stores come next cycle (0 otherwise). */
static uint64_t e2e_pending(const e2e *x) { return x->pv_ok ? (uint64_t)__builtin_popcountll(x->pv_mask) : 0; }

static void e2e_init(e2e *x, const simt_spawn_cfg *c)
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

static void e2e_free(e2e *x)
{
    free(x->live);
    free(x->ptr);
    free(x->ptr_pc);
}

static pc_rec *pc_of(e2e *x, uint64_t pc)
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
        pc_rec *p = pc_of(x, pc & sc_ones(c->pc_w));
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
static void e2e_cycle(sc_run *r, e2e *x, const simt_spawn_in *in, const simt_spawn_out *a, const uint64_t *ptr_of)
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
        pc_rec *p = pc_of(x, a->nw_pc);
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
static void e2e_reset(e2e *x)
{
    for (unsigned s = 0; s < x->nslot; s++) {
        if (!x->live[s])
            continue;
        pc_rec *p = pc_of(x, x->ptr_pc[s]);
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
static void e2e_check_state(sc_run *r, const e2e *x, const simt_spawn_out *st, int per_pc)
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

/* ---- random environment ---- */

typedef struct {
    uint64_t spawns, empty, hits, allocs, retags, lutfull, st_fifo, st_blk, exact, overflow, pushes;
    uint64_t flushes, evicts, flush_none, pops, partial_pops, bad_pops, bad_rels, releases, drains;
    uint64_t base_moves;  /* wf_base moved to an address that is not slot-aligned */
    uint64_t resets;      /* mid-run resets */
    uint64_t max_fifo, max_out, threads;
} cover;

#define MAX_OUT 1024

typedef struct {
    unsigned blk;
    uint64_t due;
} out_blk;

static void cover_gate(sc_run *r, const cover *v, const simt_spawn_cfg *c, uint64_t cycles)
{
    const sc_cov_point pts[] = {
        {"LUT hits", v->hits, 1},        {"entry allocations", v->allocs, 1}, {"retags", v->retags, 1},
        {"LUT-full stalls", v->lutfull, 1}, {"FIFO-full stalls", v->st_fifo, 1},
        {"no-free-block stalls", v->st_blk, 1}, {"exact fills", v->exact, 1}, {"overflows", v->overflow, 1},
        {"flushes on request", v->flushes, 1}, {"evictions", v->evicts, c->full_pol},
        {"flushes with nothing to flush", v->flush_none, 1}, {"partial-warp pops", v->partial_pops, 1},
        {"empty spawns", v->empty, 1}, {"bad pops", v->bad_pops, 1}, {"bad releases", v->bad_rels, 1},
        {"drains", v->drains, 1},
        {"moves of wf_base to an unaligned address", v->base_moves, 1},
        /* resets come about once in 4,096 cycles: a run of 20,000 cycles has none with
         * probability e^-4.9 (0.8 %), one of 10^5 cycles e^-24: gated from 10^5 on */
        {"mid-run resets", v->resets, cycles >= 100000},
    };
    SC_COV_GATE(r, pts);
}

static uint64_t rand_mask(sc_rng *g, unsigned w, unsigned dens)
{
    switch (sc_below(g, 8)) {
    case 0: return 0;
    case 1: return 1ull << sc_below(g, w);
    case 2: return sc_ones(w);
    case 3: return sc_ones(w) & ~(1ull << sc_below(g, w));
    default: {
        uint64_t m = 0;
        for (unsigned i = 0; i < w; i++)
            if (sc_below(g, 100) < dens)
                m |= 1ull << i;
        return m;
    }
    }
}

/* Pool entry i (distinct from entries 0..i-1, or when redraw from all the others): a random PC
 * (even i), the base near (i = 1), one of its one-bit neighbours (i = 3 mod 4), or a PC near it
 * (the base with random low 16 bits). When the base or its neighbours are taken (a random PC
 * equal to the base; more neighbour entries than PC_W bits), the entry falls back to a PC near
 * the base after 4 * PC_W tries, so the draw always ends. */
static void pool_draw(sc_rng *g, const simt_spawn_cfg *c, uint64_t *pool, unsigned i, uint64_t near, int redraw)
{
    const unsigned npool = 2 * c->nent + 4;
    int dup;
    unsigned tries = 0;
    do {
        uint64_t pc;
        const int fixed = tries++ < 4 * c->pc_w;
        if (i == 1 && fixed)
            pc = near;
        else if (i % 4 == 3 && fixed) {
            const unsigned k = (unsigned)sc_below(g, c->pc_w);
            pc = near ^ (1ull << k);
        } else if (i & 1 || !fixed)
            pc = near ^ (sc_rand(g) & 0xffffull);
        else
            pc = sc_rand(g);
        pool[i] = pc & sc_ones(c->pc_w);
        dup = 0;
        for (unsigned j = 0; j < npool; j++)
            dup |= j != i && (j < i || redraw) && pool[j] == pool[i];
    } while (dup);
}

static void spawn_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    ls_open(&ls, r, &tr, o->lanes);
    const simt_spawn_cfg *c = &ls.cfg;
    sc_rng g = {o->seed};
    e2e x;
    e2e_init(&x, c);
    cover cv;
    memset(&cv, 0, sizeof cv);

    /* the PC pool: distinct PCs, more than the LUT holds; the odd ones near a common base, so
     * that PC comparisons (the lowest-PC flush order) are also decided by their low bits (with
     * random PCs only the high bits would decide). Any byte address: the unit compares and
     * stores all PC_W bits (word-aligned PCs would leave bits 1:0 always 0). The base itself is
     * in the pool (entry 1), and the entries 3, 7, 11, ... are its one-bit neighbours
     * (base ^ 2^k), drawn again at every phase: two tags that differ in one bit k are ordered by
     * bit k alone, so every bit of every comparator of the flush order is decided by some pair
     * (the all-pairs select of PIPE = 1 has a comparator per pair of entries, each bit of which
     * random neighbours alone would rarely decide). The PCs stay a finite set (the base's PC_W
     * neighbours), so the end-to-end checker's per-PC records do not run out. */
    enum { MAX_POOL = 2 * SIMT_SPAWN_MAX_ENT + 4 };
    uint64_t pool[MAX_POOL];
    unsigned npool = 2 * c->nent + 4;
    const uint64_t near = sc_rand(&g) & sc_ones(c->pc_w);
    for (unsigned i = 0; i < npool; i++)
        pool_draw(&g, c, pool, i, near, 0);
    /* The warp-formation region: any byte address (the unit adds it, it need not be aligned),
     * slot-aligned and not in turn, moved every 4,096 cycles (quasi-static: the checks read the
     * cycle's value). A base that was always aligned would leave the adder's low bits (e.g.
     * nw_addr_o[1]) unexercised. */
    int unaligned = sc_chance(&g, 50);
    uint64_t wf_base = sc_rand(&g) & ~(uint64_t)(c->slot_b - 1);   /* one draw per statement */
    if (unaligned)
        wf_base |= 1 + sc_below(&g, c->slot_b - 1);
    wf_base &= sc_ones(c->aw);

    static out_blk outl[MAX_OUT];
    unsigned nout = 0;
    unsigned use_pcs = npool, dens = 50, sp_pct = 60, pop_pct = 50, rel_lat = 20, fl_pct = 1, bad_pct = 1;
    int pend = 0;              /* a spawn waiting to be accepted */
    uint64_t pend_pc = 0, pend_mask = 0, lut_wait = 0;
    int draining = 0;
    uint64_t drain_start = 0;
    /* runs of 1000 cycles or more end with a drain: it starts 300 to 2000 cycles (a tenth of the
     * run) before the end; the final drain returns every handed-out block at once */
    const int end_drain = o->cycles >= 1000;
    const uint64_t reserve = o->cycles / 10 < 300 ? 300 : o->cycles / 10 > 2000 ? 2000 : o->cycles / 10;
    const uint64_t final_drain = end_drain ? o->cycles - reserve : o->cycles;
    spawn_line ln;
    simt_spawn_in in;
    simt_spawn_out st;
    ls_peek(&ls, &st);

    /* r->cycle counts compared cycles: a reset line is not one (as in st_rt and arb_pipe), so the
     * phases and the wf_base moves keep their cycle numbers */
    for (r->cycle = 0; r->cycle <= r->stop_after;) {
        memset(&in, 0, sizeof in);
        memset(&ln, 0, sizeof ln);
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
            in = ln.in;
        } else {
            if (r->cycle >= o->cycles)
                break;
            /* a reset in the middle of the run, about once in 4,096 cycles; none in a phase that
             * runs the blocks out (below), which a reset would give back */
            const int blk_phase = (r->cycle / 3000) % 3 == 1 && (r->cycle / 9000) % 2 == 1;
            ln.rst = r->cycle > 0 && !blk_phase && sc_below(&g, 4096) == 0;
        }
        if (ln.rst) {
            /* rst_ni low for one edge, not a compared cycle: the LUT, the FIFO and the block pool
             * back to their reset state in both models; the threads they held are dropped (the
             * end-to-end checker's too). The scheduler forgets the blocks it had (all free again),
             * the refused spawn and the LUT-full wait; a drain goes on (nothing is left). */
            memset(&ln.in, 0, sizeof ln.in);
            sc_trace_write(r, &ln);
            ls_reset(&ls);
            e2e_reset(&x);
            pend = 0;
            lut_wait = 0;
            nout = 0;
            cv.resets++;
            ls_peek(&ls, &st);
            e2e_check_state(r, &x, &st, 1);
            continue;
        }
        if (!o->trace_in) {
            if (r->cycle % 3000 == 0) { /* phases */
                for (unsigned i = 3; r->cycle && i < npool; i += 4)
                    pool_draw(&g, c, pool, i, near, 1);
                use_pcs = sc_chance(&g, 40) ? c->nent : 1 + (unsigned)sc_below(&g, npool);
                dens = (unsigned)sc_below(&g, 101);
                sp_pct = 10 + (unsigned)sc_below(&g, 91);
                pop_pct = (unsigned)sc_below(&g, 4) == 0 ? 3 : 10 + (unsigned)sc_below(&g, 91);
                rel_lat = sc_chance(&g, 25) ? 200 + (unsigned)sc_below(&g, 1500) : 1 + (unsigned)sc_below(&g, 60);
                fl_pct = (unsigned)sc_below(&g, 4);
                bad_pct = (unsigned)sc_below(&g, 3);
                if (!draining && r->cycle && sc_chance(&g, 30))
                    draining = 1, drain_start = r->cycle;
                /* every third phase (the second of each three) presses on the capacities by
                 * construction: every PC of the pool (more than the LUT holds), frequent spawns, bad
                 * requests, then rare pops (the FIFO fills) or frequent pops with blocks released
                 * late (they run out), in turn: the stall coverage does not depend on the seed.
                 * The blocks are held past the phase's end (released 3,000 cycles or more after
                 * their pop), so every block of the pool is out once NBLK warps have been popped:
                 * released after 500 to 2,000 cycles, they could come back as fast as warps were
                 * popped, and 2 runs in 100 of 20,000 cycles at W = 8 had no stall */
                if ((r->cycle / 3000) % 3 == 1) {
                    use_pcs = npool;
                    sp_pct = 90;
                    bad_pct = 2;
                    if ((r->cycle / 9000) % 2 == 0) {
                        pop_pct = 3;  /* the FIFO fills */
                    } else {
                        pop_pct = 90; /* the blocks run out */
                        rel_lat = 3000 + (unsigned)sc_below(&g, 1500);
                    }
                }
            }
            if (end_drain && draining != 3 && draining != 2 && r->cycle >= final_drain)
                draining = 2, drain_start = r->cycle;

            /* spawns: a refused one is repeated */
            if (!pend && !draining && sc_chance(&g, sp_pct)) {
                pend = 1;
                pend_pc = pool[sc_below(&g, use_pcs)];
                pend_mask = rand_mask(&g, c->w, dens);
            }
            if (pend) {
                in.sp_valid = 1;
                in.sp_pc = pend_pc;
                in.sp_mask = pend_mask;
            }
            /* pops: at the phase's rate, all of them while draining; sometimes of an empty FIFO */
            if (st.nw_valid ? (draining || sc_chance(&g, pop_pct)) : sc_chance(&g, bad_pct))
                in.nw_pop = 1;
            /* releases: a due block, or sometimes one not handed out */
            {
                unsigned due[64], nd = 0;
                for (unsigned i = 0; i < nout && nd < 64; i++)
                    if (outl[i].due <= r->cycle || draining == 2) /* the final drain returns every block */
                        due[nd++] = i;
                if (nd) {
                    unsigned i = due[sc_below(&g, nd)];
                    in.rel_valid = 1, in.rel_blk = outl[i].blk;
                    outl[i] = outl[--nout];
                } else if (sc_chance(&g, bad_pct)) {
                    unsigned b = (unsigned)sc_below(&g, c->nblk);
                    if (!simt_spawn_bit(st.out_map, b))
                        in.rel_valid = 1, in.rel_blk = b;
                }
            }
            /* flushes: now and then, after a long LUT-full wait, and to drain */
            if (sc_chance(&g, fl_pct) || lut_wait > 8 || (draining && !st.nw_valid))
                in.fl_req = 1;
            if (r->cycle % 4096 == 4095) { /* aligned and unaligned in turn */
                unaligned = !unaligned;
                wf_base = sc_rand(&g) & ~(uint64_t)(c->slot_b - 1);
                if (unaligned)
                    wf_base |= 1 + sc_below(&g, c->slot_b - 1);
                wf_base &= sc_ones(c->aw);
                cv.base_moves += unaligned;
            }
            in.wf_base = wf_base;
        }
        ln.in = in;
        sc_dontcare_fill(r, &ln);   /* random: a spawn's or release's fields when not valid */
        in = ln.in;
        sc_trace_write(r, &ln);
        ls_cycle(&ls, &in);
        const simt_spawn_out *e = &ls.out, *a = &ls.act;
        unsigned n = (unsigned)__builtin_popcountll(in.sp_mask & sc_ones(c->w));

        /* coverage, from the golden model's answers and the state before the cycle */
        if (in.sp_valid) {
            cv.spawns++;
            cv.empty += n == 0;
            if (e->sp_ok && n) {
                cv.threads += n;
                if (e->sp_hit)
                    cv.hits++;
                else if (!st.ent_v[e->sp_ent])
                    cv.allocs++;
                else
                    cv.retags++;
                unsigned t = (e->sp_hit ? st.ent_cnt[e->sp_ent] : 0) + n;
                cv.exact += t == c->w;
                cv.overflow += t > c->w;
            }
            cv.lutfull += (e->sp_why & SIMT_SPAWN_WHY_LUT) != 0;
            cv.st_fifo += (e->sp_why & SIMT_SPAWN_WHY_FIFO) != 0;
            cv.st_blk += (e->sp_why & SIMT_SPAWN_WHY_BLK) != 0;
        }
        cv.pushes += e->sp_push;
        cv.flushes += e->fl_ok && !e->evict;
        cv.evicts += e->evict;
        cv.flush_none += e->fl_none;
        cv.bad_pops += e->pop_bad;
        cv.bad_rels += e->rel_bad;
        cv.releases += in.rel_valid && !e->rel_bad;
        if (in.nw_pop && st.nw_valid) {
            cv.pops++;
            cv.partial_pops += st.nw_n < c->w;
        }

        e2e_cycle(r, &x, &in, a, NULL);

        if (!o->trace_in) {
            if (e->sp_ok) {
                pend = 0;
                lut_wait = 0;
            } else if (e->sp_why & SIMT_SPAWN_WHY_LUT)
                lut_wait++;
            if (in.nw_pop && st.nw_valid) {
                if (nout == MAX_OUT)
                    sc_die("internal: more than %u blocks handed out", MAX_OUT);
                outl[nout++] = (out_blk){st.nw_last / c->w, r->cycle + 1 + sc_below(&g, draining ? 8 : rel_lat)};
            }
        }
        ls_peek(&ls, &st);
        e2e_check_state(r, &x, &st, r->cycle % 64 == 0);
        if (st.fifo_cnt > cv.max_fifo)
            cv.max_fifo = st.fifo_cnt;
        if (nout > cv.max_out)
            cv.max_out = nout;

        /* a drain ends when nothing is left: every thread spawned has been recovered */
        if ((draining == 1 || draining == 2) && !in.sp_valid && !st.nw_valid && e->fl_none) {
            e2e_check_state(r, &x, &st, 1);
            if (x.spawned != x.recovered + x.dropped || x.live_n)
                sc_expect_fail(r, "drain: %" PRIu64 " threads spawned, %" PRIu64 " recovered, %" PRIu64
                               " dropped by resets", x.spawned, x.recovered, x.dropped);
            cv.drains++;
            if (draining == 1)
                draining = 0;
            else
                draining = 3; /* the final drain is done */
        }
        if (draining == 1 && r->cycle - drain_start > 20000)
            sc_expect_fail(r, "a drain did not finish in 20000 cycles"), draining = 0;
        if (r->directed_fail > 20)
            sc_die("too many expectation failures");
        r->cycle++;
    }
    if (!o->trace_in && r->cycle >= o->cycles && end_drain && draining != 3)
        sc_expect_fail(r, "the final drain did not finish: %" PRIu64 " threads spawned, %" PRIu64 " recovered, %" PRIu64
                       " dropped by resets", x.spawned, x.recovered, x.dropped);
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        printf("spawn coverage: %" PRIu64 " spawns (%" PRIu64 " empty), %" PRIu64 " threads; entry %" PRIu64
               " hits, %" PRIu64 " allocations, %" PRIu64 " retags; stalls %" PRIu64 " LUT full, %" PRIu64
               " FIFO full, %" PRIu64 " no free block; %" PRIu64 " warps completed (%" PRIu64 " exact fills, %" PRIu64
               " overflows); %" PRIu64 " flushes, %" PRIu64 " evictions, %" PRIu64 " with nothing to flush; %" PRIu64
               " pops (%" PRIu64 " partial), %" PRIu64 " releases; bad %" PRIu64 " pops, %" PRIu64
               " releases; %" PRIu64 " drains; max FIFO %" PRIu64 ", max blocks out %" PRIu64 "; %" PRIu64
               " mid-run resets (%" PRIu64 " threads dropped)\n",
               cv.spawns, cv.empty, cv.threads, cv.hits, cv.allocs, cv.retags, cv.lutfull, cv.st_fifo, cv.st_blk,
               cv.pushes, cv.exact, cv.overflow, cv.flushes, cv.evicts, cv.flush_none, cv.pops, cv.partial_pops,
               cv.releases, cv.bad_pops, cv.bad_rels, cv.drains, cv.max_fifo, cv.max_out, cv.resets, x.dropped);
    if (!o->trace_in && !r->quiet_mismatch && o->cycles >= 20000 && r->cycle >= o->cycles)
        cover_gate(r, &cv, c, r->cycle);
    e2e_free(&x);
}

/* ---- directed tests ---- */

typedef struct {
    sc_run *r;
    lockstep ls;
    e2e x;
    simt_spawn_in in;
    uint64_t base;
} dt;

static void dt_open(dt *d, sc_run *r, uint64_t base)
{
    memset(d, 0, sizeof *d);
    d->r = r;
    ls_open(&d->ls, r, NULL, r->o->lanes);
    if (d->ls.cfg.pipe)
        sc_die("the directed tests read the store port in the cycle of its spawn; model %s has PIPE = 1 (the store "
               "port one cycle later): run its random cross-check, or a directed test on another configuration",
               d->ls.m->name);
    e2e_init(&d->x, &d->ls.cfg);
    d->base = base;
    r->cycle = 0;
}

/* One cycle with the inputs in d->in (then cleared); ptrs: the parents' pointers by lane, or NULL. */
static void dt_cycle(dt *d, const uint64_t *ptrs)
{
    d->in.wf_base = d->base;
    ls_cycle(&d->ls, &d->in);
    e2e_cycle(d->r, &d->x, &d->in, &d->ls.act, ptrs);
    simt_spawn_out st;
    ls_peek(&d->ls, &st);
    e2e_check_state(d->r, &d->x, &st, 1);
    d->r->cycle++;
    memset(&d->in, 0, sizeof d->in);
}

static void dt_close(dt *d)
{
    e2e_free(&d->x);
    sc_ls_close(&d->ls.core);
}

static void need(const dt *d, const char *test, unsigned w, unsigned nent, unsigned nblk, unsigned fifo_d,
                 unsigned slot_b, const char *cfgname)
{
    const simt_spawn_cfg *c = &d->ls.cfg;
    if ((w && c->w != w) || (nent && c->nent != nent) || (nblk && c->nblk != nblk) || (fifo_d && c->fifo_d != fifo_d) ||
        (slot_b && c->slot_b != slot_b))
        sc_die("test %s needs %s (W=%u NENT=%u NBLK=%u FIFO_D=%u SLOT_B=%u; 0 = any); model %s has W=%u NENT=%u NBLK=%u "
               "FIFO_D=%u SLOT_B=%u", test, cfgname, w, nent, nblk, fifo_d, slot_b, d->ls.m->name, c->w, c->nent,
               c->nblk, c->fifo_d, c->slot_b);
}

/* Expectations on the RTL's outputs of the cycle just run (d->ls.act) and on the state after it. */
#define A (&d->ls.act)
#define CHECK(cond, ...)                                                                                   \
    do {                                                                                                   \
        if (!(cond))                                                                                       \
            sc_expect_fail(d->r, __VA_ARGS__);                                                             \
    } while (0)

static simt_spawn_out *dt_state(dt *d)
{
    static simt_spawn_out st;
    ls_peek(&d->ls, &st);
    return &st;
}

static void chk_addrs(dt *d, const char *step, const uint64_t *want, unsigned nlanes, int nw)
{
    for (unsigned i = 0; i < nlanes; i++) {
        uint64_t got = nw ? A->nw_addr[i] : A->st_addr[i];
        CHECK(got == want[i], "%s: %s[%u] = 0x%" PRIx64 ", expected 0x%" PRIx64, step, nw ? "nw_addr_o" : "st_addr_o", i,
              got, want[i]);
    }
}

static void chk_ent(dt *d, const char *step, unsigned e, int v, uint64_t tag, unsigned a1, unsigned a2, unsigned cnt)
{
    simt_spawn_out *s = dt_state(d);
    CHECK(s->ent_v[e] == v && s->ent_tag[e] == tag && s->ent_a1[e] == a1 && s->ent_a2[e] == a2 && s->ent_cnt[e] == cnt,
          "%s: entry %u {v %d tag 0x%" PRIx64 " a1 %u a2 %u cnt %u}, expected {v %d tag 0x%" PRIx64 " a1 %u a2 %u cnt %u}",
          step, e, s->ent_v[e], s->ent_tag[e], s->ent_a1[e], s->ent_a2[e], s->ent_cnt[e], v, tag, a1, a2, cnt);
}

static void chk_blocks(dt *d, const char *step, uint64_t free_map, uint64_t out_map)
{
    simt_spawn_out *s = dt_state(d);
    CHECK(s->free_map[0] == free_map && s->out_map[0] == out_map,
          "%s: free 0x%" PRIx64 " out 0x%" PRIx64 ", expected free 0x%" PRIx64 " out 0x%" PRIx64, step, s->free_map[0],
          s->out_map[0], free_map, out_map);
}

static void spawn_in(dt *d, uint64_t pc, uint64_t mask)
{
    d->in.sp_valid = 1, d->in.sp_pc = pc, d->in.sp_mask = mask;
}

/* step: W = 4, NENT = 2, NBLK = 8, FIFO_D = 2, SLOT_B = 4, wf_base 0x1000 (the datasheet's timing
 * diagram). Every expected value below is derived by hand from the contract (docs/units/spawn.md,
 * "Cycle contract"); the comment of each cycle gives the derivation. */
static void t_step(dt *d)
{
    need(d, "step", 4, 2, 8, 2, 4, "--config small --lanes 4");
    /* 1: miss, e0 allocated; lanes 0,1,3 -> slots 0,1,2; lane 2 duplicates lane 3's slot */
    spawn_in(d, 0x100, 0xb);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && !A->sp_hit && A->sp_ent == 0 && !A->sp_push && A->st_en == 0xb, "1: ok/hit/ent/push/en");
    chk_addrs(d, "1", (const uint64_t[]){0x1000, 0x1004, 0x1008, 0x1008}, 4, 0);
    chk_ent(d, "1", 0, 1, 0x100, 0, 1, 3);
    /* 2: hit, C = 3: lane 0 -> slot 3, lanes 1, 2 overflow into block 1; warp complete, last 3 */
    spawn_in(d, 0x100, 0x7);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_hit && A->sp_push && A->st_en == 0x7, "2: ok/hit/push/en");
    chk_addrs(d, "2", (const uint64_t[]){0x100c, 0x1010, 0x1014, 0x1018}, 4, 0);
    chk_ent(d, "2", 0, 1, 0x100, 1, 4, 2);
    chk_blocks(d, "2", 0xe0, 0);
    /* 3: miss, e1; exactly full: last 11 */
    spawn_in(d, 0x200, 0xf);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && !A->sp_hit && A->sp_ent == 1 && A->sp_push, "3: ok/ent 1/push");
    chk_addrs(d, "3", (const uint64_t[]){0x1020, 0x1024, 0x1028, 0x102c}, 4, 0);
    chk_ent(d, "3", 1, 1, 0x200, 3, 5, 0);
    chk_blocks(d, "3", 0xc0, 0);
    CHECK(dt_state(d)->fifo_cnt == 2, "3: FIFO full");
    /* 4: the spawn would complete a warp, the FIFO is full at the start of the cycle: stall; the pop
     * gives warp (0x100, last 3): thread t at 0x1000 + (3 - t)*4 */
    spawn_in(d, 0x100, 0xc);
    d->in.nw_pop = 1;
    dt_cycle(d, NULL);
    CHECK(A->sp_stall && !A->sp_ok && A->sp_why == SIMT_SPAWN_WHY_FIFO && A->st_en == 0, "4: FIFO-full stall");
    chk_addrs(d, "4 (stalled spawn)", (const uint64_t[]){0x1018, 0x1018, 0x1018, 0x101c}, 4, 0);
    CHECK(A->nw_valid && A->nw_pc == 0x100 && A->nw_n == 4 && A->nw_mask == 0xf && A->nw_last == 3, "4: head warp");
    chk_addrs(d, "4 (popped warp)", (const uint64_t[]){0x100c, 0x1008, 0x1004, 0x1000}, 4, 1);
    chk_ent(d, "4", 0, 1, 0x100, 1, 4, 2);
    chk_blocks(d, "4", 0xc0, 0x1);
    /* 5: retry: lanes 2, 3 -> slots 6, 7 of block 1; warp complete, last 7 */
    spawn_in(d, 0x100, 0xc);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_push && A->st_en == 0xc, "5: ok/push");
    chk_addrs(d, "5", (const uint64_t[]){0x1018, 0x1018, 0x1018, 0x101c}, 4, 0);
    chk_ent(d, "5", 0, 1, 0x100, 4, 6, 0);
    chk_blocks(d, "5", 0x80, 0x1);
    /* 6: pop (0x200, last 11); release block 0 */
    d->in.nw_pop = 1, d->in.rel_valid = 1, d->in.rel_blk = 0;
    dt_cycle(d, NULL);
    CHECK(A->nw_pc == 0x200 && A->nw_n == 4 && !A->rel_bad, "6: head 0x200, release ok");
    chk_addrs(d, "6", (const uint64_t[]){0x102c, 0x1028, 0x1024, 0x1020}, 4, 1);
    chk_blocks(d, "6", 0x81, 0x4);
    /* 7: one lane: slot 16 (block 4) */
    spawn_in(d, 0x100, 0x1);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_hit && !A->sp_push, "7: ok/hit");
    chk_addrs(d, "7", (const uint64_t[]){0x1040, 0x1044, 0x1044, 0x1044}, 4, 0);
    chk_ent(d, "7", 0, 1, 0x100, 4, 6, 1);
    /* 8: flush: e0, last 16; a1 := 6, a2 := block 0 */
    d->in.fl_req = 1;
    dt_cycle(d, NULL);
    CHECK(A->fl_ok && !A->fl_none, "8: flush done");
    chk_ent(d, "8", 0, 1, 0x100, 6, 0, 0);
    chk_blocks(d, "8", 0x80, 0x4);
    /* 9: pop (0x100, last 7) */
    d->in.nw_pop = 1;
    dt_cycle(d, NULL);
    CHECK(A->nw_pc == 0x100 && A->nw_n == 4 && A->nw_last == 7, "9: head (0x100, last 7)");
    chk_addrs(d, "9", (const uint64_t[]){0x101c, 0x1018, 0x1014, 0x1010}, 4, 1);
    /* 10: pop the partial warp (0x100, last 16): one thread */
    d->in.nw_pop = 1;
    dt_cycle(d, NULL);
    CHECK(A->nw_pc == 0x100 && A->nw_n == 1 && A->nw_mask == 0x1 && A->nw_last == 16, "10: partial warp n = 1");
    chk_addrs(d, "10", (const uint64_t[]){0x1040, 0, 0, 0}, 4, 1);
    /* 11: nothing left to flush */
    d->in.fl_req = 1;
    dt_cycle(d, NULL);
    CHECK(A->fl_none && !A->fl_ok, "11: fl_none");
    chk_ent(d, "end", 0, 1, 0x100, 6, 0, 0);
    chk_ent(d, "end", 1, 1, 0x200, 3, 5, 0);
    chk_blocks(d, "end", 0x80, 0x16);
    /* threads to 0x100: 3 + 3 + 2 + 1 = 9 spawned = 4 + 4 + 1 dispatched; to 0x200: 4 = 4 */
    const pc_rec *p1 = pc_of(&d->x, 0x100), *p2 = pc_of(&d->x, 0x200);
    CHECK(p1->spawned == 9 && p1->recovered == 9 && p2->spawned == 4 && p2->recovered == 4,
          "end: threads spawned/recovered 0x100 %" PRIu64 "/%" PRIu64 ", 0x200 %" PRIu64 "/%" PRIu64
          ", expected 9/9 and 4/4", p1->spawned, p1->recovered, p2->spawned, p2->recovered);
}

/* Forced-out partial warps leave lowest PC first (Steffen 2012 §5.4): entries (0x300, 1),
 * (0x100, 0 after an exact fill), (0x200, 3), (0x080, 2); flushes take 0x080, 0x200, 0x300, then
 * none. */
static void t_flush_order(dt *d)
{
    need(d, "flush-order", 0, 8, 0, 8, 0, "--config ripple or prefix");
    const unsigned w = d->ls.cfg.w;
    spawn_in(d, 0x300, 0x1);
    dt_cycle(d, NULL);
    spawn_in(d, 0x100, sc_ones(w));
    dt_cycle(d, NULL);
    spawn_in(d, 0x200, 0x7);
    dt_cycle(d, NULL);
    spawn_in(d, 0x080, 0x3);
    dt_cycle(d, NULL);
    static const uint64_t want_pc[] = {0x080, 0x200, 0x300};
    static const unsigned want_ent[] = {3, 2, 0}, want_cnt[] = {2, 3, 1};
    for (unsigned k = 0; k < 3; k++) {
        d->in.fl_req = 1;
        dt_cycle(d, NULL);
        CHECK(A->fl_ok, "flush %u not done", k);
        simt_spawn_out *s = dt_state(d);
        unsigned f = (s->fifo_rd + s->fifo_cnt - 1) % d->ls.cfg.fifo_d;
        CHECK(s->fifo_pc[f] == want_pc[k] && s->fifo_last[f] % w == want_cnt[k] - 1,
              "flush %u pushed (0x%" PRIx64 ", n %u), expected (0x%" PRIx64 ", n %u)", k, s->fifo_pc[f],
              s->fifo_last[f] % w + 1, want_pc[k], want_cnt[k]);
        CHECK(s->ent_cnt[want_ent[k]] == 0, "flush %u: entry %u keeps threads", k, want_ent[k]);
    }
    d->in.fl_req = 1;
    dt_cycle(d, NULL);
    CHECK(A->fl_none && !A->fl_ok, "fourth flush: fl_none expected");
    static const uint64_t pop_pc[] = {0x100, 0x080, 0x200, 0x300};
    const unsigned pop_n[] = {w, 2, 3, 1};
    for (unsigned k = 0; k < 4; k++) {
        d->in.nw_pop = 1;
        dt_cycle(d, NULL);
        CHECK(A->nw_pc == pop_pc[k] && A->nw_n == pop_n[k], "pop %u: (0x%" PRIx64 ", n %u), expected (0x%" PRIx64
              ", n %u)", k, A->nw_pc, A->nw_n, pop_pc[k], pop_n[k]);
    }
    CHECK(d->x.spawned == d->x.recovered, "all threads recovered");
}

/* LUT full: NENT = 2 entries holding threads, a spawn to a third PC. FULL_POL = 0: stall every
 * cycle and err_o[0]. FULL_POL = 1: the first cycle stalls and evicts the lower PC (0x100, one
 * thread at slot a1*W = 0); the second retags that entry to 0x300 and is accepted. */
static void t_full(dt *d)
{
    need(d, "full", 0, 2, 8, 2, 0, "--config small or evict");
    const simt_spawn_cfg *c = &d->ls.cfg;
    spawn_in(d, 0x200, 0x1);
    dt_cycle(d, NULL);
    spawn_in(d, 0x100, 0x1);
    dt_cycle(d, NULL);
    chk_ent(d, "setup", 1, 1, 0x100, 2, 3, 1);
    for (unsigned k = 0; k < 3; k++) {
        spawn_in(d, 0x300, 0x3);
        dt_cycle(d, NULL);
        if (!c->full_pol) {
            CHECK(A->sp_stall && A->sp_why == SIMT_SPAWN_WHY_LUT && !A->fl_ok && A->st_en == 0, "cycle %u: LUT-full stall", k);
            CHECK(dt_state(d)->err == SIMT_SPAWN_ERR_LUT, "cycle %u: err_o[0] expected", k);
        } else if (k == 0) {
            CHECK(A->sp_stall && A->sp_why == SIMT_SPAWN_WHY_LUT && A->fl_ok, "eviction cycle: stall and flush");
            simt_spawn_out *s = dt_state(d);
            CHECK(s->fifo_cnt == 1 && s->fifo_pc[0] == 0x100 && s->fifo_last[0] == 2 * c->w,
                  "eviction pushed (0x%" PRIx64 ", last %u), expected (0x100, last %u)", s->fifo_pc[0], s->fifo_last[0],
                  2 * c->w);
            chk_ent(d, "eviction", 1, 1, 0x100, 3, 4, 0);
        } else if (k == 1) {
            CHECK(A->sp_ok && !A->sp_hit && A->sp_ent == 1, "after the eviction: retag entry 1");
            chk_ent(d, "retag", 1, 1, 0x300, 3, 4, 2);
            CHECK(dt_state(d)->err == 0, "FULL_POL = 1 sets no error");
        } else
            CHECK(A->sp_ok && A->sp_hit && A->sp_ent == 1, "then a hit");
    }
}

/* Exact fill then retag (SP-EXACT, SP-RETAG): a full-mask spawn to 0x100 pushes n = W with
 * cnt := 0, a1 := a2 (1), a2 := lowest free (4); a spawn to 0x200 allocates e1; one to 0x300
 * retags e0 (valid, cnt 0) without a stall, keeping its blocks: its lane 0 stores at slot 1*W. */
static void t_retag(dt *d)
{
    need(d, "retag", 0, 2, 8, 0, 0, "--config small or evict");
    const simt_spawn_cfg *c = &d->ls.cfg;
    spawn_in(d, 0x100, sc_ones(c->w));
    dt_cycle(d, NULL);
    CHECK(A->sp_push, "exact fill pushes");
    chk_ent(d, "exact", 0, 1, 0x100, 1, 4, 0);
    simt_spawn_out *s = dt_state(d);
    CHECK(s->fifo_last[0] == c->w - 1 && s->fifo_pc[0] == 0x100, "exact fill: last W-1");
    spawn_in(d, 0x200, 0x1);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_ent == 1, "0x200 allocates entry 1");
    spawn_in(d, 0x300, 0x2);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && !A->sp_stall && !A->sp_hit && A->sp_ent == 0, "0x300 retags entry 0");
    CHECK(A->st_addr[1] == ((d->base + (uint64_t)c->w * c->slot_b) & sc_ones(c->aw)), "retag keeps block 1");
    chk_ent(d, "retag", 0, 1, 0x300, 1, 4, 1);
}

/* SP-MAXOVF: C = W-1 and a full mask: lane 0 -> slot W-1 of block 0, lanes 1..W-1 -> slots 0..W-2
 * of block 1; push last = W-1; cnt := W-1, a1 := 1, a2 := the lowest free block, 2*NENT. */
static void t_maxovf(dt *d)
{
    const simt_spawn_cfg *c = &d->ls.cfg;
    const unsigned w = c->w;
    spawn_in(d, 0x40, sc_ones(w - 1));
    dt_cycle(d, NULL);
    spawn_in(d, 0x40, sc_ones(w));
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_push, "full-mask spawn onto W-1 threads pushes");
    for (unsigned i = 0; i < w; i++) {
        uint64_t slot = i == 0 ? w - 1 : (uint64_t)w + i - 1;
        uint64_t want = (d->base + slot * c->slot_b) & sc_ones(c->aw);
        CHECK(A->st_addr[i] == want, "lane %u: 0x%" PRIx64 ", expected slot %" PRIu64, i, A->st_addr[i], slot);
    }
    chk_ent(d, "maxovf", 0, 1, 0x40, 1, 2 * c->nent, w - 1);
}

/* SP-NOBLOCK: NBLK = 8, NENT = 2: four completions take blocks 4..7; with one warp popped the
 * FIFO has room but no block is free: stall (why = no block), also in the cycle of a release
 * (no bypass); accepted the cycle after, taking the released block. */
static void t_noblock(dt *d)
{
    need(d, "noblock", 0, 2, 8, 2, 0, "--config small or evict");
    const simt_spawn_cfg *c = &d->ls.cfg;
    const uint64_t full = sc_ones(c->w);
    spawn_in(d, 0x100, full); dt_cycle(d, NULL);
    spawn_in(d, 0x100, full); dt_cycle(d, NULL);
    d->in.nw_pop = 1; dt_cycle(d, NULL);
    d->in.nw_pop = 1; dt_cycle(d, NULL);
    spawn_in(d, 0x100, full); dt_cycle(d, NULL);
    spawn_in(d, 0x100, full); dt_cycle(d, NULL);
    chk_ent(d, "setup", 0, 1, 0x100, 6, 7, 0);
    chk_blocks(d, "setup", 0x00, 0x03);
    d->in.nw_pop = 1; dt_cycle(d, NULL);
    spawn_in(d, 0x100, full);
    dt_cycle(d, NULL);
    CHECK(A->sp_stall && A->sp_why == SIMT_SPAWN_WHY_BLK, "no free block: stall with why = 4 (got %u)", A->sp_why);
    spawn_in(d, 0x100, full);
    d->in.rel_valid = 1, d->in.rel_blk = 1;
    dt_cycle(d, NULL);
    CHECK(A->sp_stall && A->sp_why == SIMT_SPAWN_WHY_BLK && !A->rel_bad, "release cycle: still stalled, release ok");
    spawn_in(d, 0x100, full);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->sp_push, "after the release: accepted");
    chk_ent(d, "after", 0, 1, 0x100, 7, 1, 0);
}

/* Steffen 2012 §5.5, Algorithm 2 at W = 32: two parent warps, p0 = even lanes: `@p0 spawn K1`
 * then `spawn K2` by the odd lanes. After warp 1 each entry has 16 threads; warp 2 completes one
 * warp of 32 for each, 16 threads from each parent (Steffen 2012 Ch. 1, Ch. 5). Parent pointer =
 * warp<<8 | lane. Child t reads slot 31-t: slots 0..15 hold warp 1's lanes in order, 16..31
 * warp 2's. */
static void t_alg2(dt *d)
{
    need(d, "alg2", 32, 0, 0, 0, 0, "--lanes 32");
    const uint64_t even = 0x55555555ull, odd = 0xaaaaaaaaull;
    uint64_t ptrs[2][32];
    for (unsigned w = 0; w < 2; w++)
        for (unsigned i = 0; i < 32; i++)
            ptrs[w][i] = (uint64_t)(w + 1) << 8 | i;
    for (unsigned w = 0; w < 2; w++) {
        spawn_in(d, 0x400, even);
        dt_cycle(d, ptrs[w]);
        CHECK(A->sp_ok && A->sp_push == (w == 1), "warp %u K1", w + 1);
        spawn_in(d, 0x500, odd);
        dt_cycle(d, ptrs[w]);
        CHECK(A->sp_ok && A->sp_push == (w == 1), "warp %u K2", w + 1);
    }
    chk_ent(d, "K1", 0, 1, 0x400, 1, 16, 0);
    chk_ent(d, "K2", 1, 1, 0x500, 3, 17, 0);
    for (unsigned k = 0; k < 2; k++) {
        d->in.nw_pop = 1;
        dt_cycle(d, NULL);
        CHECK(A->nw_pc == (k ? 0x500u : 0x400u) && A->nw_n == 32 && d->x.pop_n == 32, "pop %u", k);
        for (unsigned t = 0; t < 32; t++) {
            unsigned slot = 31 - t, parent = slot < 16 ? 1 : 2, lane = 2 * (slot % 16) + k;
            uint64_t want = (uint64_t)parent << 8 | lane;
            CHECK(d->x.pop_ptr[t] == want, "K%u child %u recovers 0x%" PRIx64 ", expected warp %u lane %u", k + 1, t,
                  d->x.pop_ptr[t], parent, lane);
        }
    }
}

/* In the setting of Steffen 2012 Fig. 5.3 (§5.5): W = 4, 8 bytes of thread data per thread at
 * tdbase + tid*8 (launch threads, §5.1.1). Warp 0 (tids 0-3): @p0 (lanes 0, 1) spawn K1, the
 * others K2; warp 1 (tids 4-7): p0 = lanes 1, 2. K1 gathers tids 0, 1, 5, 6 in slots 0-3 (block
 * 0), K2 tids 2, 3, 4, 7 in slots 8-11 (block 2): both complete. Child t of K1 reads slot 3-t:
 * tids 6, 5, 1, 0; of K2 slot 11-t: tids 7, 4, 3, 2. Each child then reaches its parent's data
 * through the pointer. */
static void t_e2e(dt *d)
{
    need(d, "e2e", 4, 0, 0, 0, 0, "--lanes 4");
    const uint64_t tdbase = 0x8000;
    uint64_t tdata[8], ptr[2][4];
    for (unsigned t = 0; t < 8; t++)
        tdata[t] = 0xd000 + t;               /* the data each launch thread saved */
    for (unsigned w = 0; w < 2; w++)
        for (unsigned i = 0; i < 4; i++)
            ptr[w][i] = tdbase + (4 * w + i) * 8; /* spawnMemAddr of a launch thread (§5.1.1) */
    static const uint64_t p0[2] = {0x3, 0x6};
    for (unsigned w = 0; w < 2; w++) {
        spawn_in(d, 0x600, p0[w]);
        dt_cycle(d, ptr[w]);
        spawn_in(d, 0x700, 0xf & ~p0[w]);
        dt_cycle(d, ptr[w]);
    }
    static const unsigned want_tid[2][4] = {{6, 5, 1, 0}, {7, 4, 3, 2}};
    for (unsigned k = 0; k < 2; k++) {
        d->in.nw_pop = 1;
        dt_cycle(d, NULL);
        CHECK(A->nw_pc == (k ? 0x700u : 0x600u) && A->nw_n == 4, "pop %u", k);
        for (unsigned t = 0; t < 4; t++) {
            uint64_t p = d->x.pop_ptr[t];
            unsigned tid = (unsigned)((p - tdbase) / 8);
            CHECK(p >= tdbase && tid < 8 && tid == want_tid[k][t] && tdata[tid] == 0xd000 + want_tid[k][t],
                  "K%u child %u: pointer 0x%" PRIx64 " (thread %u), expected thread %u's", k + 1, t, p, tid,
                  want_tid[k][t]);
        }
    }
}

/* Bad input: a pop of an empty FIFO, a release of a block never handed out, an empty spawn: each
 * ignored (err_o bits 2 and 1, sticky), nothing lost or changed. */
static void t_bad(dt *d)
{
    const simt_spawn_cfg *c = &d->ls.cfg;
    simt_spawn_out before = *dt_state(d);
    d->in.nw_pop = 1;
    dt_cycle(d, NULL);
    CHECK(A->pop_bad && dt_state(d)->err == SIMT_SPAWN_ERR_POP, "pop of an empty FIFO");
    d->in.rel_valid = 1, d->in.rel_blk = 2 * c->nent;
    dt_cycle(d, NULL);
    CHECK(A->rel_bad && dt_state(d)->err == (SIMT_SPAWN_ERR_POP | SIMT_SPAWN_ERR_REL), "release of a free block");
    d->in.rel_valid = 1, d->in.rel_blk = 0;
    dt_cycle(d, NULL);
    CHECK(A->rel_bad, "release of an entry's block");
    spawn_in(d, 0x100, 0);
    dt_cycle(d, NULL);
    CHECK(A->sp_ok && A->st_en == 0 && !A->sp_push, "empty spawn: accepted, no store");
    simt_spawn_out *s = dt_state(d);
    CHECK(!memcmp(s->ent_v, before.ent_v, sizeof s->ent_v) && !memcmp(s->free_map, before.free_map, sizeof s->free_map) &&
          !memcmp(s->out_map, before.out_map, sizeof s->out_map) && s->fifo_cnt == 0,
          "bad requests changed the LUT or the block pool");
    CHECK(d->x.spawned == 0, "nothing spawned");
}

static void spawn_directed(sc_run *r, const char *test)
{
    dt d;
    dt_open(&d, r, 0x1000);
    if (!strcmp(test, "step"))
        t_step(&d);
    else if (!strcmp(test, "flush-order"))
        t_flush_order(&d);
    else if (!strcmp(test, "full"))
        t_full(&d);
    else if (!strcmp(test, "retag"))
        t_retag(&d);
    else if (!strcmp(test, "maxovf"))
        t_maxovf(&d);
    else if (!strcmp(test, "noblock"))
        t_noblock(&d);
    else if (!strcmp(test, "alg2"))
        t_alg2(&d);
    else if (!strcmp(test, "e2e"))
        t_e2e(&d);
    else
        t_bad(&d);
    /* one idle cycle: the final state goes through the RTL comparison too */
    dt_cycle(&d, NULL);
    dt_close(&d);
}
#undef A
#undef CHECK

/* a trace of one prefix form replays on the other (--config prefix on a ripple trace), and one
 * of the single-cycle unit on the pipelined form and back (PIPE: the same inputs; only the store
 * port's timing differs, and the C model follows the form it is given) */
static const char *const spawn_replay_free[] = {"PFX", "PIPE", NULL};

const sc_unit sc_unit_spawn = {
    .name = "spawn",
    .help = "spawn LUT and warp formation for dynamic micro-kernels (Steffen 2012 §5)",
    .tests = spawn_tests,
    .replay_free = spawn_replay_free,
    .trace = SC_TRACE_DEF(spawn_fields, "The input ports of simt_spawn, rtl/spawn/, docs/units/spawn.md; one clock edge per line.\n"
                                        "Bad requests (pops of an empty FIFO, releases of blocks not handed out) are part of\n"
                                        "the stimulus: the unit must refuse them the same way on replay."),
    .run = spawn_run,
    .directed = spawn_directed,
};
