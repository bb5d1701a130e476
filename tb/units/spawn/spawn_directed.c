/* SPDX-License-Identifier: Apache-2.0 */
/* spawn_directed.c: spawn's directed tests (spawn_directed), expected values derived by hand from
 * the contract (docs/units/spawn.md, "Verification"; each test's derivation is in its comments). */
#include "spawn_tb.h"

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
    lk_open(&d->ls, r, sc_open_model(r, NULL, r->o->lanes)->ops);
    if (d->ls.cfg.pipe)
        sc_die("the directed tests read the store port in the cycle of its spawn; model %s has PIPE = 1 (the store "
               "port one cycle later): run its random cross-check, or a directed test on another configuration",
               d->ls.m->name);
    spawn_e2e_init(&d->x, &d->ls.cfg);
    d->base = base;
    r->cycle = 0;
}

/* One cycle with the inputs in d->in (then cleared); ptrs: the parents' pointers by lane, or NULL. */
static void dt_cycle(dt *d, const uint64_t *ptrs)
{
    d->in.wf_base = d->base;
    lk_cycle(&d->ls, &d->in);
    spawn_e2e_cycle(d->r, &d->x, &d->in, &d->ls.act, ptrs);
    simt_spawn_out st;
    lk_peek(&d->ls, &st);
    spawn_e2e_check_state(d->r, &d->x, &st, 1);
    d->r->cycle++;
    memset(&d->in, 0, sizeof d->in);
}

static void dt_close(dt *d)
{
    spawn_e2e_free(&d->x);
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
    lk_peek(&d->ls, &st);
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
    const pc_rec *p1 = spawn_pc_of(&d->x, 0x100), *p2 = spawn_pc_of(&d->x, 0x200);
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

void spawn_directed(sc_run *r, const char *test)
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
