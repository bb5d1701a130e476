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
#include "spawn_tb.h"

static const char *const spawn_tests[] = {"step", "flush-order", "full", "retag", "maxovf",
                                          "noblock", "alg2", "e2e", "bad", NULL};

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
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_spawn_cfg *c = &ls.cfg;
    sc_rng g = {o->seed};
    e2e x;
    spawn_e2e_init(&x, c);
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
    lk_peek(&ls, &st);

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
            lk_reset(&ls);
            spawn_e2e_reset(&x);
            pend = 0;
            lut_wait = 0;
            nout = 0;
            cv.resets++;
            lk_peek(&ls, &st);
            spawn_e2e_check_state(r, &x, &st, 1);
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
        lk_cycle(&ls, &in);
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

        spawn_e2e_cycle(r, &x, &in, a, NULL);

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
        lk_peek(&ls, &st);
        spawn_e2e_check_state(r, &x, &st, r->cycle % 64 == 0);
        if (st.fifo_cnt > cv.max_fifo)
            cv.max_fifo = st.fifo_cnt;
        if (nout > cv.max_out)
            cv.max_out = nout;

        /* a drain ends when nothing is left: every thread spawned has been recovered */
        if ((draining == 1 || draining == 2) && !in.sp_valid && !st.nw_valid && e->fl_none) {
            spawn_e2e_check_state(r, &x, &st, 1);
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
    spawn_e2e_free(&x);
}

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
