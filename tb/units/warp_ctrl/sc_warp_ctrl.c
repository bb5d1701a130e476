/* SPDX-License-Identifier: Apache-2.0 */
/* sc_warp_ctrl: simtcheck unit "warp_ctrl": simt_warp_ctrl RTL against cmodel/simt_warp_ctrl.c.
 *
 * Random runs execute random structured programs (if/else, loops with per-lane trip counts and
 * breaks, switch-like indirect jumps, calls placed after their callers, lane exits, loads and
 * stores with conflicts and misses) the way the processing elements would: the testbench plays
 * the PEs (branch outcomes, return addresses, data addresses, cache hits, data return latency)
 * from the golden model's outputs, and drives model and RTL with the same inputs. Inputs the
 * unit must ignore (npc/addr of inactive lanes, issue while not ready, stray wake-ups, launch of
 * live lanes) are driven with garbage on purpose. A lane's branch outcomes and indirect targets
 * are a function of the program, the lane, its thread and the position of the instruction in
 * the thread's sequence (warp_prog.h), so the per-lane oracle (warp_oracle.h), a sequential
 * interpreter of each thread, derives them too and checks every lane's retired PCs against the
 * program: a bug model and RTL share is caught there.
 *
 * Directed tests replay Collange 2011 Table 2 (if-then-else) and Listing 1 (call placed after
 * the caller), with and without the SP term, and the memory run-ahead of §4.2.
 *
 * Trace line: warp_fields below, the ports of simt_warp_ctrl (simtcheck warp_ctrl --trace-doc,
 * docs/trace_format.md); a trace replays on the other arbiter form with --config (IMPL may differ). */
#include "warp_ctrl_tb.h"

static const char *const warp_tests[] = {"table2", "listing1", "listing1-nosp", "mem-runahead", NULL};

#define IN(m) SC_AT(warp_line, in.m)
#define IN_LANES(m) SC_ARRAY(warp_line, in.m)
static const sc_field warp_fields[] = {
    {"rst", "1", NULL, NULL, SC_AT(warp_line, rst),
     "1: a reset (rst_ni low for one edge; not a compared cycle; the other fields 0 and ignored)"},
    {"launch", "1", NULL, NULL, IN(launch), "start threads: lanes of launch_mask that are not live start at launch_pc, launch_sp"},
    {"launch_mask", "W", NULL, NULL, IN(launch_mask), "lanes to launch (bit i: lane i)"},
    {"launch_pc", "PC_W", NULL, NULL, IN(launch_pc), "their PC"},
    {"launch_sp", "SP_W", NULL, NULL, IN(launch_sp), "their SP"},
    {"issue", "1", NULL, NULL, IN(issue), "the instruction at MPC issues this cycle (ignored while mpc_valid_o = 0)"},
    {"op", "2", NULL, NULL, IN(op), "its kind: 0 ALU, 1 BRANCH, 2 MEM, 3 EXIT"},
    {"mem_hit", "1", NULL, NULL, IN(mem_hit), "MEM: the line selected this cycle hits (else its lanes fall asleep)"},
    {"wake", "W", NULL, NULL, IN(wake), "data returned: lanes asleep before this edge wake up"},
    {"npc", "PC_W", "W", "issue=1 op=1", IN_LANES(npc), "BRANCH: lane i's next PC"},
    {"nsp", "SP_W", "W", "issue=1 op=1", IN_LANES(nsp), "BRANCH: lane i's next SP"},
    {"addr", "PC_W", "W", "issue=1 op=2", IN_LANES(addr), "MEM: lane i's data address"},
};
#undef IN
#undef IN_LANES

/* ---- random programs ---- */

typedef struct {
    program *pr;
    sc_rng *g;
    const simt_warp_ctrl_cfg *c;
    unsigned brk[16], nbrk;  /* pending 'break' jumps of the innermost loop */
    int in_loop;
} pgen;

static unsigned emit(pgen *pg, unsigned kind)
{
    insn *i = &pg->pr->p[pg->pr->n];
    memset(i, 0, sizeof *i);
    i->kind = (uint8_t)kind;
    return pg->pr->n++;
}

static uint8_t rand_prob(sc_rng *g)
{
    static const uint8_t p[] = {0, 100, 50, 50, 10, 90, 30, 70};
    return p[sc_below(g, sizeof p)];
}

static void gen_block(pgen *pg, unsigned depth, unsigned level);

static void gen_stmt(pgen *pg, unsigned depth, unsigned level)
{
    program *pr = pg->pr;
    sc_rng *g = pg->g;
    int room = pr->n + 80 < PROG_MAX && depth < 5;
    unsigned pick = room ? (unsigned)sc_below(g, 100) : (unsigned)sc_below(g, 40);
    if (pick < 25) {                                  /* straight-line code */
        unsigned k = 1 + (unsigned)sc_below(g, 3);
        while (k--)
            emit(pg, I_ALU);
    } else if (pick < 40) {                           /* load/store */
        unsigned i = emit(pg, I_MEM);
        pr->p[i].mempat = (uint8_t)sc_below(g, 5);
        pr->p[i].abase = sc_rand(g) & sc_ones(pg->c->pc_w) & ~(uint64_t)3;
    } else if (pick < 60) {                           /* if / if-else */
        unsigned br = emit(pg, I_BR);
        pr->p[br].p_taken = rand_prob(g);
        gen_block(pg, depth + 1, level);
        if (sc_chance(g, 50)) {
            unsigned j = emit(pg, I_JMP);
            pr->p[br].target = pr->n;
            gen_block(pg, depth + 1, level);
            pr->p[j].target = pr->n;
        } else {
            pr->p[br].target = pr->n;
        }
    } else if (pick < 72) {                           /* loop, per-lane trip counts, breaks */
        unsigned save_n = pg->nbrk;
        int save_in = pg->in_loop;
        unsigned saved[16];
        memcpy(saved, pg->brk, sizeof saved);
        pg->nbrk = 0;
        pg->in_loop = 1;
        unsigned start = pr->n;
        gen_block(pg, depth + 1, level);
        unsigned back = emit(pg, I_BR);
        pr->p[back].target = start;
        pr->p[back].p_taken = (uint8_t)(40 + sc_below(g, 45));
        for (unsigned b = 0; b < pg->nbrk; b++)
            pr->p[pg->brk[b]].target = pr->n;
        memcpy(pg->brk, saved, sizeof saved);
        pg->nbrk = save_n;
        pg->in_loop = save_in;
    } else if (pick < 78 && pg->in_loop && pg->nbrk < 16) { /* break out of the loop */
        unsigned br = emit(pg, I_BR);
        pr->p[br].p_taken = (uint8_t)(5 + sc_below(g, 30));
        pg->brk[pg->nbrk++] = br;
    } else if (pick < 86 && level < pr->nfunc) {      /* call a function placed later */
        unsigned i = emit(pg, I_CALL);
        pr->p[i].target = level + (unsigned)sc_below(g, pr->nfunc - level);
    } else if (pick < 93) {                           /* switch: indirect jump */
        unsigned ind = emit(pg, I_IND);
        unsigned k = 2 + (unsigned)sc_below(g, NCASE - 1), js[NCASE];
        pr->p[ind].ncase = (uint8_t)k;
        for (unsigned c = 0; c < k; c++) {
            pr->p[ind].cases[c] = pr->n;
            gen_block(pg, depth + 2, level);
            js[c] = emit(pg, I_JMP);
        }
        for (unsigned c = 0; c < k; c++)
            pr->p[js[c]].target = pr->n;
    } else {                                          /* if (c) exit */
        unsigned br = emit(pg, I_BR);
        pr->p[br].p_taken = (uint8_t)(70 + sc_below(g, 31));
        emit(pg, I_EXIT);
        pr->p[br].target = pr->n;
    }
}

static void gen_block(pgen *pg, unsigned depth, unsigned level)
{
    unsigned k = 1 + (unsigned)sc_below(pg->g, depth == 0 ? 6 : 3);
    while (k--)
        gen_stmt(pg, depth, level);
}

static void gen_program(program *pr, sc_rng *g, const simt_warp_ctrl_cfg *c, int straddle,
                        unsigned *onebit_next)
{
    pgen pg = {pr, g, c, {0}, 0, 0};
    pr->n = 0;
    unsigned max_calls = (unsigned)(sc_ones(c->sp_w) < MAX_DEPTH - 1 ? sc_ones(c->sp_w) : MAX_DEPTH - 1);
    pr->nfunc = (unsigned)sc_below(g, max_calls + 1);
    /* Mostly anywhere; sometimes (and always when `straddle`: a run's first program, so that
     * even a run of a few long programs covers it) straddling the top of the PC space, so PCs
     * wrap: instruction 0 at most 63 below the top, the kernel's final EXIT past it, so every
     * thread that reaches that EXIT crosses the wrap (placed below, once the kernel's length is
     * known). Otherwise, 40% of the time, across a PC whose bits are all ones but one, bit
     * k >= 6 (instruction 0 at most 63 below it), with an ALU or MEM there (a control transfer
     * at that index becomes an ALU): the `carry` test (MPC all ones) must see every bit (a
     * stuck-at-1 input of its AND survived the tests without it, make mutate). k takes
     * the bits 6 .. PC_W - 1 in turn (*onebit_next, one per such program), so that a run of a
     * few dozen programs sees each: drawn at random, a bit was missed by 3 of 5 runs of
     * 100,000 cycles at W = 4 (make mutate, warp_ctrl_pipe_W4 51). */
    straddle |= sc_chance(g, 15);
    const int onebit = !straddle && c->pc_w > 6 && sc_chance(g, 40);
    const unsigned clear = c->pc_w > 6 ? 6 + *onebit_next % (c->pc_w - 6) : 6;
    *onebit_next += (unsigned)onebit;
    const uint64_t place = sc_rand(g);
    gen_block(&pg, 0, 0);
    const unsigned kernel_exit = emit(&pg, I_EXIT);
    /* Functions after the code that calls them: the case of Listing 1. Function f may call
     * functions f+1.. only, so the call depth is bounded (SP never wraps). */
    for (unsigned f = 0; f < pr->nfunc; f++) {
        pr->func_entry[f] = pr->n;
        gen_block(&pg, 1, f + 1);
        emit(&pg, I_RET);
    }
    for (unsigned i = 0; i < pr->n; i++)
        if (pr->p[i].kind == I_CALL)
            pr->p[i].target = pr->func_entry[pr->p[i].target];
    const unsigned below_top = kernel_exit < 64 ? kernel_exit : 64; /* >= 1: a statement before the EXIT */
    pr->base = straddle ? sc_ones(c->pc_w) - place % below_top
             : onebit   ? (sc_ones(c->pc_w) ^ (1ull << clear)) - place % below_top
             :            place & sc_ones(c->pc_w) & ~(uint64_t)0xfff;
    if (onebit) {
        /* That instruction and the one before it (when there is one) become ALUs if they
         * transfer control, so the MPC also reaches that PC by the shortcut (MPC + 1), not only
         * by an arbitration: with the pipelined arbiter the `carry` flip-flop is computed there
         * from MPC + 1, by an AND of its own (make mutate: warp_ctrl_pipe_W4 51, an
         * input of that AND stuck at 1, survived 100,000 cycles at 3 seeds of 5). Both are below
         * the kernel's EXIT: never a RET or the EXIT. */
        const unsigned k = (unsigned)(place % below_top);
        for (unsigned i = k > 0 ? k - 1 : k; i <= k; i++) {
            insn *at = &pr->p[i];
            if (at->kind == I_BR || at->kind == I_JMP || at->kind == I_IND || at->kind == I_CALL)
                at->kind = I_ALU;
        }
    }
    pr->seed = sc_rand(g);
}

/* ---- the testbench as processing elements ---- */

typedef struct {
    uint64_t ret[SIMT_WARP_CTRL_MAX_W][MAX_DEPTH];
    unsigned depth[SIMT_WARP_CTRL_MAX_W];
    uint64_t tseed[SIMT_WARP_CTRL_MAX_W];  /* the lane's thread (warp_thread_seed) */
    uint64_t k[SIMT_WARP_CTRL_MAX_W];      /* instructions it has executed (retired) */
    uint64_t wake_at[SIMT_WARP_CTRL_MAX_W];
    uint64_t sp0;
} pes;

typedef struct {
    uint64_t divergent, merges, calls, rets, indirect, mem_ops, conflicts, misses, wakes,
             launches, relaunch_live, exits, arb_cycles, shortcuts, wraps, garbage_issue,
             stray_wake, programs, max_depth, off_program, resets;
    uint64_t onebit;  /* instructions issued at a PC of all ones but one bit (>= 6) */
    /* pipelined arbiter only: a lane joined while an arbitration or a MEM was in flight */
    uint64_t arb_restart, mem_grew;
} cover;

static uint64_t pc_of(const program *pr, const simt_warp_ctrl_cfg *c, unsigned idx)
{
    return warp_pc_of(pr, sc_ones(c->pc_w), idx);
}

static void mem_addrs(sc_rng *g, const simt_warp_ctrl_cfg *c, const insn *in, simt_warp_ctrl_in *x)
{
    /* one draw per statement: an initializer list's order of evaluation is unspecified */
    const uint64_t step = 1 + sc_below(g, 4);
    const uint64_t flip = sc_rand(g) << c->off_w;
    const uint64_t lines[3] = {in->abase, in->abase + (1ull << c->off_w) * step, in->abase ^ flip};
    for (unsigned i = 0; i < c->w; i++) {
        uint64_t a;
        switch (in->mempat) {
        case 0: a = in->abase; break;                          /* uniform */
        case 1: a = in->abase + 4ull * i; break;               /* unit stride */
        case 2: a = in->abase + 64ull * i; break;              /* two lanes per line */
        case 3: a = lines[sc_below(g, 3)]; a += sc_rand(g) & sc_ones(c->off_w); break;
        default: a = sc_rand(g); break;                        /* scattered */
        }
        x->addr[i] = a & sc_ones(c->pc_w);
    }
}

static void fill_garbage(sc_rng *g, const simt_warp_ctrl_cfg *c, simt_warp_ctrl_in *x)
{
    for (unsigned i = 0; i < c->w; i++) {
        x->npc[i] = sc_rand(g) & sc_ones(c->pc_w);
        x->nsp[i] = sc_rand(g) & sc_ones(c->sp_w);
        x->addr[i] = sc_rand(g) & sc_ones(c->pc_w);
    }
}

static void warp_run(sc_run *r)
{
    const sc_opts *o = r->o;
    sc_trace tr;
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, &tr, o->lanes)->ops);
    const simt_warp_ctrl_cfg *c = &ls.cfg;
    const uint64_t wm = sc_ones(c->w);

    sc_rng g = {o->seed};
    static program pr;
    static pes pe;
    cover cv;
    memset(&cv, 0, sizeof cv);
    unsigned onebit_next = 0;   /* gen_program: the next all-ones-but-one PC's cleared bit */
    memset(&pe, 0, sizeof pe);
    pr.n = 0;
    uint64_t prev_active = 0;
    uint64_t mem_act = 0;  /* the lanes of the last MEM issued (its result may come later) */
    int wrapped = 0;  /* the current program issued past the PC wrap */
    /* The per-lane oracle (warp_oracle.h): random runs only, a replayed trace has no program. */
    static warp_oracle orc;
    warp_oracle_init(&orc, r, c, &pr);
    if (o->trace_in && getenv(WARP_ORACLE_ENV))
        sc_die("%s: the per-lane oracle checks random runs only (a replayed trace has no program)", WARP_ORACLE_ENV);
    warp_line ln;
    simt_warp_ctrl_in in;

    /* r->cycle counts compared cycles: a reset line is not one (as in st_rt and arb_pipe). */
    for (r->cycle = 0; r->cycle <= r->stop_after;) {
        memset(&in, 0, sizeof in);
        if (o->trace_in) {
            if (!sc_trace_read(&tr, &ln))
                break;
            sc_trace_write(r, &ln);
            if (ln.rst) {
                lk_reset(&ls);
            } else {
                lk_cycle(&ls, &ln.in);
                r->cycle++;
            }
            continue;
        }
        if (r->cycle >= o->cycles)
            break;
        /* Reset in the middle of the run, about once in 4,096 cycles: every thread is gone (the
         * oracle's too), sleeping lanes' data returns are dropped, the next cycle launches a
         * new program. */
        if (r->cycle > 0 && sc_below(&g, 4096) == 0) {
            memset(&ln, 0, sizeof ln);
            ln.rst = 1;
            sc_trace_write(r, &ln);
            lk_reset(&ls);
            warp_oracle_reset(&orc);
            memset(pe.wake_at, 0, sizeof pe.wake_at);
            prev_active = 0;
            cv.resets++;
            continue;
        }

        simt_warp_ctrl_out s;
        lk_peek(&ls, &s);
        fill_garbage(&g, c, &in);
        in.op = (unsigned)sc_below(&g, 4);
        in.mem_hit = sc_chance(&g, 70);

        /* Data returns. */
        for (unsigned i = 0; i < c->w; i++)
            if ((s.sleep >> i & 1) && pe.wake_at[i] && pe.wake_at[i] <= r->cycle) {
                in.wake |= 1ull << i;
                pe.wake_at[i] = 0;
                cv.wakes++;
            }
        if (sc_chance(&g, 3)) {
            in.wake |= sc_rand(&g) & wm & ~s.sleep;
            cv.stray_wake++;
        }

        /* A new warp when the last one is done; rarely, extra lanes mid-run. */
        warp_oracle_begin(&orc, s.live, s.done);
        if (s.done || sc_below(&g, 1000) < 2) {
            if (s.done) {
                gen_program(&pr, &g, c, cv.programs == 0, &onebit_next);
                cv.programs++;
                /* SP: mostly the top, as a kernel starts; a quarter of the time anywhere with
                 * room for the calls below it, so that every SP bit varies (a mutant of an SP
                 * bit of the arbiter's key survived when SP was always the top, make mutate). */
                pe.sp0 = sc_ones(c->sp_w) - sc_below(&g, 2);
                if (sc_ones(c->sp_w) > MAX_DEPTH && sc_chance(&g, 25))
                    pe.sp0 = MAX_DEPTH + sc_below(&g, sc_ones(c->sp_w) - MAX_DEPTH + 1);
                wrapped = 0;
            } else {
                cv.relaunch_live++;
            }
            if (pr.n) {
                in.launch = 1;
                in.launch_mask = sc_chance(&g, 60) ? wm : (sc_rand(&g) & wm);
                in.launch_pc = pc_of(&pr, c, 0);
                in.launch_sp = pe.sp0;
                for (unsigned i = 0; i < c->w; i++)
                    if ((in.launch_mask & ~s.live) >> i & 1) {
                        pe.depth[i] = 0;
                        pe.tseed[i] = warp_thread_seed(&pr, i, r->cycle);
                        pe.k[i] = 0;
                    }
                cv.launches++;
            }
        }

        cv.arb_cycles += s.arb;
        if (s.mpc_valid && !sc_chance(&g, 8)) {
            in.issue = 1;
            uint64_t idx = (s.mpc - pr.base) & sc_ones(c->pc_w);
            const insn *ins = idx < pr.n ? &pr.p[idx] : NULL;
            if (!ins) {
                sc_expect_fail(r, "MPC 0x%" PRIx64 " is outside the program", s.mpc);
                cv.off_program++;
                in.op = SIMT_WARP_CTRL_OP_EXIT;
            } else {
                /* A program executed across the PC wrap: some instruction past the top issued. */
                if (!wrapped && pr.base + idx > sc_ones(c->pc_w)) {
                    wrapped = 1;
                    cv.wraps++;
                }
                cv.shortcuts += prev_active != 0;
                {
                    const uint64_t x = s.mpc ^ sc_ones(c->pc_w);
                    cv.onebit += x >= 64 && (x & (x - 1)) == 0;
                }
                switch (ins->kind) {
                case I_ALU: in.op = SIMT_WARP_CTRL_OP_ALU; break;
                case I_EXIT: in.op = SIMT_WARP_CTRL_OP_EXIT; cv.exits++; break;
                case I_MEM:
                    in.op = SIMT_WARP_CTRL_OP_MEM;
                    mem_addrs(&g, c, ins, &in);
                    for (unsigned i = 0; i < c->w; i++)
                        if (!(s.active >> i & 1))
                            in.addr[i] = sc_rand(&g) & sc_ones(c->pc_w);
                    cv.mem_ops++;
                    break;
                default: {
                    in.op = SIMT_WARP_CTRL_OP_BRANCH;
                    uint64_t first = ~0ull;
                    int div = 0;
                    for (unsigned i = 0; i < c->w; i++) {
                        if (!(s.active >> i & 1))
                            continue;
                        uint64_t npc = 0, nsp = s.sp[i];
                        unsigned t;
                        switch (ins->kind) {
                        case I_BR:
                            t = warp_choice(ins, pe.tseed[i], pe.k[i]) ? ins->target : (unsigned)idx + 1;
                            npc = pc_of(&pr, c, t);
                            break;
                        case I_JMP: npc = pc_of(&pr, c, ins->target); break;
                        case I_IND: npc = pc_of(&pr, c, ins->cases[warp_choice(ins, pe.tseed[i], pe.k[i])]); break;
                        case I_CALL:
                            pe.ret[i][pe.depth[i]++] = pc_of(&pr, c, (unsigned)idx + 1);
                            if (pe.depth[i] > cv.max_depth)
                                cv.max_depth = pe.depth[i];
                            npc = pc_of(&pr, c, ins->target);
                            nsp = (s.sp[i] - 1) & sc_ones(c->sp_w);
                            break;
                        default: /* I_RET */
                            if (pe.depth[i] == 0) {
                                sc_expect_fail(r, "lane %u returns with an empty call stack", i);
                                npc = s.pc[i];
                            } else {
                                npc = pe.ret[i][--pe.depth[i]];
                            }
                            nsp = (s.sp[i] + 1) & sc_ones(c->sp_w);
                            break;
                        }
                        in.npc[i] = npc;
                        in.nsp[i] = nsp;
                        if (first == ~0ull)
                            first = npc;
                        else if (npc != first)
                            div = 1;
                    }
                    cv.divergent += div;
                    cv.calls += ins->kind == I_CALL;
                    cv.rets += ins->kind == I_RET;
                    cv.indirect += ins->kind == I_IND;
                    break;
                }
                }
            }
        } else if (!s.mpc_valid && sc_chance(&g, 5)) {
            in.issue = 1;  /* must be ignored: not ready */
            cv.garbage_issue++;
        }

        /* Pipelined arbiter: a lane joins (wake-up, launch) while an operation is in flight. */
        if (c->arb_stages) {
            const int grow = (in.wake & s.sleep & s.live) != 0 || (in.launch && (in.launch_mask & ~s.live & wm));
            cv.arb_restart += grow && ls.gold.arb && ls.gold.cnt < c->arb_stages;
            cv.mem_grew += grow && ls.gold.memw;
        }

        ln.rst = 0;
        ln.in = in;
        sc_dontcare_fill(r, &ln);   /* npc, nsp, addr of a cycle that is not their kind: random */
        in = ln.in;
        sc_trace_write(r, &ln);
        lk_cycle(&ls, &in);
        const simt_warp_ctrl_out *e = &ls.out;
        /* What retired: the instruction at MPC, for its active lanes; a MEM for its served lanes
         * only (the others replay it), in the cycle its result is there (mem_req_o: the issue
         * cycle, or ARB_STAGES later). The PEs count their lanes' instructions; the oracle
         * compares the retire with its own interpreters. */
        const uint64_t retired = (in.issue && s.mpc_valid && in.op != SIMT_WARP_CTRL_OP_MEM ? e->active : 0) |
                                 (e->mem_req ? e->served : 0);
        for (uint64_t m = retired; m; m &= m - 1)
            pe.k[__builtin_ctzll(m)]++;
        warp_oracle_cycle(&orc, in.launch ? in.launch_mask : 0, retired, e->mpc);
        if (in.issue && s.mpc_valid) {
            if (__builtin_popcountll(e->active) > __builtin_popcountll(prev_active) && prev_active &&
                !(e->active & ~prev_active & (in.launch_mask)))
                cv.merges++;
            prev_active = e->active;
            if (in.op == SIMT_WARP_CTRL_OP_MEM)
                mem_act = e->active;
        } else {
            prev_active = 0;
        }
        if (e->mem_req) {
            cv.conflicts += (mem_act & ~e->served) != 0;
            cv.misses += !in.mem_hit;
        }
        /* Lanes that fell asleep get their data back after a random latency. */
        simt_warp_ctrl_out after;
        lk_peek(&ls, &after);
        for (unsigned i = 0; i < c->w; i++)
            if ((after.sleep & ~s.sleep) >> i & 1)
                pe.wake_at[i] = r->cycle + 1 + sc_below(&g, 40);
        r->cycle++;
    }
    if (o->trace_in)
        sc_trace_close(&tr);
    sc_ls_close(&ls.core);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        printf("warp coverage: %" PRIu64 " programs, %" PRIu64 " launches (%" PRIu64 " mid-run), %" PRIu64
               " divergent branches, %" PRIu64 " merges, %" PRIu64 " calls (max depth %" PRIu64 "), %" PRIu64
               " returns, %" PRIu64 " indirect, %" PRIu64 " exits, %" PRIu64 " mem ops, %" PRIu64
               " conflicts, %" PRIu64 " misses, %" PRIu64 " wake-ups, %" PRIu64 " arbitration cycles, %" PRIu64
               " back-to-back issues, %" PRIu64 " programs across the PC wrap, %" PRIu64
               " instructions at a PC of all ones but one bit, %" PRIu64 " ignored issues, %" PRIu64
               " stray wake-ups, %" PRIu64 " mid-run resets\n",
               cv.programs, cv.launches, cv.relaunch_live, cv.divergent, cv.merges, cv.calls, cv.max_depth,
               cv.rets, cv.indirect, cv.exits, cv.mem_ops, cv.conflicts, cv.misses, cv.wakes, cv.arb_cycles,
               cv.shortcuts, cv.wraps, cv.onebit, cv.garbage_issue, cv.stray_wake, cv.resets);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in && c->arb_stages)
        printf("warp coverage (pipelined arbiter, ARB_STAGES = %u): %" PRIu64 " arbitrations restarted, %" PRIu64
               " lanes joined while a MEM was in flight\n",
               c->arb_stages, cv.arb_restart, cv.mem_grew);
    if (!o->quiet && !r->quiet_mismatch && !o->trace_in)
        warp_oracle_summary(&orc, stdout);
    else if (!o->quiet && !r->quiet_mismatch)
        printf("warp oracle: not applied (a replayed trace has no program; it checks random runs)\n");
    /* Random runs of 100,000 cycles or more (the suite's) gate their coverage: every point must be
     * hit. Shorter runs can miss some: at W = 8, seed 6, 10,000 cycles have no call. */
    if (!o->trace_in && r->cycle >= 100000 && r->stop_after == UINT64_MAX) {
        const sc_cov_point pts[] = {
            {"completed program", cv.programs, 1},
            {"launch over a live warp", cv.relaunch_live, 1},
            {"divergent branch", cv.divergent, 1},
            {"merge", cv.merges, 1},
            {"call", cv.calls, 1},
            {"return", cv.rets, 1},
            {"indirect branch", cv.indirect, 1},
            {"exit", cv.exits, 1},
            {"memory operation", cv.mem_ops, 1},
            {"memory conflict (a replay)", cv.conflicts, 1},
            {"miss", cv.misses, 1},
            {"wake-up", cv.wakes, 1},
            {"arbitration cycle", cv.arb_cycles, 1},
            {"back-to-back issue (MPC incremented locally)", cv.shortcuts, 1},
            {"program across the PC wrap", cv.wraps, 1},
            {"instruction at a PC of all ones but one bit", cv.onebit, 1},
            {"ignored issue", cv.garbage_issue, 1},
            {"stray wake-up", cv.stray_wake, 1},
            {"mid-run reset", cv.resets, 1},
        };
        SC_COV_GATE(r, pts);
        if (c->arb_stages) {
            const sc_cov_point pipe_pts[] = {
                {"arbitration restarted (a lane joined while it was in flight)", cv.arb_restart, 1},
                {"lane joined while a MEM was in flight", cv.mem_grew, 1},
            };
            SC_COV_GATE(r, pipe_pts);
        }
    }
}

static const char *const warp_replay_free[] = {"IMPL", NULL};

const sc_unit sc_unit_warp_ctrl = {
    .name = "warp_ctrl",
    .help = "stack-less warp control, min SP:PC with the unified arbiter (Collange 2011)",
    .tests = warp_tests,
    .replay_free = warp_replay_free,
    .trace = SC_TRACE_DEF(warp_fields, "The ports of simt_warp_ctrl (rtl/warp_ctrl/simt_warp_ctrl.sv, docs/units/warp_ctrl.md), one clock\n"
                                       "edge per line. A replay drives exactly these values, so the unit must reproduce the\n"
                                       "recorded run whatever its state."),
    .run = warp_run,
    .directed = warp_directed,
};
