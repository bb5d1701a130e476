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
#include <inttypes.h>
#include <string.h>
#include <stdlib.h>

#include "simt_warp_ctrl.h"
#include "simtcheck.h"
#include "vl_warp_ctrl.h"
#include "warp_oracle.h"
#include "warp_prog.h"

static const char *const warp_tests[] = {"table2", "listing1", "listing1-nosp", "mem-runahead", NULL};

/* The trace line: a reset flag, then the model's input struct, port by port. */
typedef struct {
    unsigned rst;
    simt_warp_ctrl_in in;
} warp_line;
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

/* ---- lockstep of golden model and RTL (the unit-independent part: sc_lockstep, tb/core/simtcheck.h) ---- */

typedef struct {
    SC_LOCKSTEP_FIELDS(warp_ctrl)
    /* Directed runs: the arbiter's latency seen on the ports (docs/units/warp_ctrl.md: an
     * arbitration lasts ARB_STAGES + 1 cycles of arb_o unless a lane joins meanwhile, a MEM's
     * line comes ARB_STAGES cycles after its issue). */
    unsigned arb_runs, arb_bad, arb_bad_len, mem_ops, mem_bad, mem_bad_lat;
} lockstep;
SC_LOCKSTEP_FUNCS(warp_ctrl, WARP_CTRL, lockstep)

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

/* ---- directed tests from the papers ---- */

/* Run until `n` instructions have issued or `limit` cycles; `lane_next` gives each active
 * lane's next PC/SP for a BRANCH; `log` receives (MPC, active, PCs before, PCs after). */
typedef struct {
    uint64_t mpc, msp, active;
    unsigned op;
    uint64_t pc_before[4], pc_after[4];
} issue_rec;

enum { D_PLAIN, D_CALL, D_RET };
typedef struct {
    uint64_t pc;
    unsigned op;
    uint64_t taken_mask;   /* BRANCH: lanes going to target (others: pc + 1); MEM: lanes in line A */
    uint64_t target;       /* BRANCH target; MEM: address of line A (line B is 0x1000 above) */
    unsigned kind;         /* D_CALL records pc + 1 as return address, D_RET jumps to it */
    int sp_delta;          /* SP change of the lanes taking the branch (call -1, ret +1) */
} dinsn;

static const dinsn *find_insn(const dinsn *p, unsigned n, uint64_t pc)
{
    for (unsigned i = 0; i < n; i++)
        if (p[i].pc == pc)
            return &p[i];
    return NULL;
}

/* A MEM's line is on the ports at `cycle`: ARB_STAGES cycles after its issue? */
static void mem_done(lockstep *ls, uint64_t *mem_at, uint64_t cycle)
{
    const uint64_t lat = *mem_at ? cycle - (*mem_at - 1) : ~0ull;
    ls->mem_ops++;
    if (lat != ls->cfg.arb_stages && !ls->mem_bad++)
        ls->mem_bad_lat = (unsigned)lat;
    *mem_at = 0;
}

/* The latencies seen by run_directed are the contract's. */
static void expect_latency(sc_run *r, const lockstep *ls)
{
    if (!ls->arb_runs)
        sc_expect_fail(r, "no arbitration seen");
    if (ls->arb_bad)
        sc_expect_fail(r, "%u of %u arbitrations did not last ARB_STAGES + 1 = %u cycles (first: %u)", ls->arb_bad,
                       ls->arb_runs, ls->cfg.arb_stages + 1, ls->arb_bad_len);
    if (ls->mem_bad)
        sc_expect_fail(r, "%u of %u MEM results did not come ARB_STAGES = %u cycles after the issue (first: %u)",
                       ls->mem_bad, ls->mem_ops, ls->cfg.arb_stages, ls->mem_bad_lat);
    printf("latency: %u arbitrations of %u cycles, %u MEM results %u cycles after the issue (ARB_STAGES = %u)\n",
           ls->arb_runs - ls->arb_bad, ls->cfg.arb_stages + 1, ls->mem_ops - ls->mem_bad, ls->cfg.arb_stages,
           ls->cfg.arb_stages);
}

/* Runs a small program on lanes 0..3; the testbench holds return addresses for lanes. */
static unsigned run_directed(lockstep *ls, const dinsn *prog, unsigned n, uint64_t start_pc,
                             uint64_t sp0, issue_rec *log, unsigned maxlog,
                             uint64_t wake_lanes_after, unsigned wake_delay)
{
    sc_run *r = ls->core.r;
    simt_warp_ctrl_in in;
    uint64_t ret[4] = {0};
    unsigned nlog = 0;
    uint64_t sleep_since = 0;
    uint64_t hit_line = 0;  /* the line that hits, of the last MEM issued (its taken lanes' line) */
    const unsigned stages = ls->cfg.arb_stages;
    unsigned arb_len = 0;     /* cycles of the arbitration under way (arb_o) */
    int arb_grew = 0;         /* a lane joined during it (a wake-up: it restarts) */
    uint64_t mem_at = 0;      /* cycle of the last MEM issued, + 1 (0: none waiting) */
    for (r->cycle = 0; r->cycle < 400; r->cycle++) {
        simt_warp_ctrl_out s;
        lk_peek(ls, &s);
        memset(&in, 0, sizeof in);
        if (r->cycle == 0) {
            in.launch = 1;
            in.launch_mask = 0xf;
            in.launch_pc = start_pc;
            in.launch_sp = sp0;
        } else if (s.done) {
            break;
        }
        if (s.sleep && !sleep_since)
            sleep_since = r->cycle;
        if (s.sleep && r->cycle >= sleep_since + wake_delay) {
            in.wake = s.sleep & wake_lanes_after;
            sleep_since = 0;
        }
        /* Pipelined arbiter: a MEM's line comes ARB_STAGES cycles after its issue, with no input
         * of that cycle (the state alone gives it): the cache answers for that line. */
        if (s.mem_req)
            in.mem_hit = s.mem_line == hit_line;
        /* The arbitration's length, from the ports: arb_o cycles in a row. */
        if (s.arb) {
            arb_len++;
            arb_grew |= (in.wake & s.sleep) != 0;
        } else if (arb_len) {
            ls->arb_runs++;
            if (!arb_grew && arb_len != stages + 1 && !ls->arb_bad++)
                ls->arb_bad_len = arb_len;
            arb_len = 0;
            arb_grew = 0;
        }
        if (s.mpc_valid) {
            const dinsn *d = find_insn(prog, n, s.mpc);
            if (!d) {
                sc_expect_fail(r, "MPC %" PRIu64 " is not in the program", s.mpc);
                break;
            }
            in.issue = 1;
            in.op = d->op;
            in.mem_hit = 1;
            for (unsigned i = 0; i < 4; i++) {
                if (!(s.active >> i & 1))
                    continue;
                int take = (int)(d->taken_mask >> i & 1);
                in.npc[i] = take ? d->target : s.pc[i] + 1;
                in.nsp[i] = take ? s.sp[i] + (uint64_t)(int64_t)d->sp_delta : s.sp[i];
                if (take && d->kind == D_CALL)
                    ret[i] = s.pc[i] + 1;
                if (take && d->kind == D_RET)
                    in.npc[i] = ret[i];
                in.addr[i] = d->target + (take ? 0 : 0x1000);
            }
            if (d->op == SIMT_WARP_CTRL_OP_MEM) {
                in.mem_hit = (s.active & d->taken_mask) != 0; /* the line of taken lanes hits */
                hit_line = d->target;
                mem_at = r->cycle + 1;
            }
            issue_rec *rec = nlog < maxlog ? &log[nlog] : NULL;
            if (rec) {
                rec->mpc = s.mpc;
                rec->msp = s.msp;
                rec->active = s.active;
                rec->op = d->op;
                for (unsigned i = 0; i < 4; i++)
                    rec->pc_before[i] = s.pc[i];
            }
            lk_cycle(ls, &in);
            if (ls->out.mem_req)
                mem_done(ls, &mem_at, r->cycle);
            simt_warp_ctrl_out a;
            lk_peek(ls, &a);
            if (rec)
                for (unsigned i = 0; i < 4; i++)
                    rec->pc_after[i] = a.pc[i];
            nlog++;
        } else {
            lk_cycle(ls, &in);
            if (ls->out.mem_req)
                mem_done(ls, &mem_at, r->cycle);
        }
    }
    return nlog;
}

static void print_log(const issue_rec *log, unsigned n)
{
    printf("  MPC  SP   active  PC_0..3       NPC_0..3\n");
    for (unsigned k = 0; k < n; k++)
        printf("  %-4" PRIu64 " %-4" PRIx64 " %x       %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
               "       %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
               log[k].mpc, log[k].msp, (unsigned)log[k].active, log[k].pc_before[0], log[k].pc_before[1],
               log[k].pc_before[2], log[k].pc_before[3], log[k].pc_after[0], log[k].pc_after[1],
               log[k].pc_after[2], log[k].pc_after[3]);
}

static void expect_sequence(sc_run *r, const issue_rec *log, unsigned n, const uint64_t (*want)[2], unsigned nwant)
{
    if (n != nwant)
        sc_expect_fail(r, "%u instructions issued, the paper's sequence has %u", n, nwant);
    for (unsigned k = 0; k < n && k < nwant; k++)
        if (log[k].mpc != want[k][0] || log[k].active != want[k][1])
            sc_expect_fail(r, "issue %u: MPC %" PRIu64 " active %" PRIx64 ", expected MPC %" PRIu64 " active %" PRIx64,
                           k + 1, log[k].mpc, log[k].active, want[k][0], want[k][1]);
}

static void warp_directed(sc_run *r, const char *test)
{
    lockstep ls;
    if (r->o->lanes < 4)
        sc_die("directed tests need --lanes 4 or more");
    if (getenv(WARP_ORACLE_ENV))
        sc_die("%s: the per-lane oracle checks random runs only (a directed test has its paper's expectations)",
               WARP_ORACLE_ENV);
    lk_open(&ls, r, sc_open_model(r, NULL, r->o->lanes)->ops);
    issue_rec log[64];
    unsigned n;
    if (!strcmp(test, "table2")) {
        /* Collange 2011 Table 2 (Brunie & Collange 2013 Tableau 2): if-then-else on 4 threads,
         * c true for threads 0 and 1. 1: A; 2: if(!c) br 5; 3: B; 4: br 6; 5: C; 6: D; 7: exit. */
        const dinsn prog[] = {
            {1, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0}, {2, SIMT_WARP_CTRL_OP_BRANCH, 0xc, 5, D_PLAIN, 0},
            {3, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0}, {4, SIMT_WARP_CTRL_OP_BRANCH, 0xf, 6, D_PLAIN, 0},
            {5, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0}, {6, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0},
            {7, SIMT_WARP_CTRL_OP_EXIT, 0, 0, D_PLAIN, 0},
        };
        n = run_directed(&ls, prog, 7, 1, 0x10, log, 64, 0, 0);
        print_log(log, n);
        /* The table as printed in the paper: MPC, PC_i, NPC_i for threads 0..3. */
        static const uint64_t paper[6][9] = {
            {1, 1, 1, 1, 1, 2, 2, 2, 2}, {2, 2, 2, 2, 2, 3, 3, 5, 5}, {3, 3, 3, 5, 5, 4, 4, 5, 5},
            {4, 4, 4, 5, 5, 6, 6, 5, 5}, {5, 6, 6, 5, 5, 6, 6, 6, 6}, {6, 6, 6, 6, 6, 7, 7, 7, 7},
        };
        if (n < 6)
            sc_expect_fail(r, "only %u instructions issued before the exit", n);
        for (unsigned k = 0; k < 6 && k < n; k++) {
            if (log[k].mpc != paper[k][0])
                sc_expect_fail(r, "row %u: MPC %" PRIu64 ", paper %" PRIu64, k + 1, log[k].mpc, paper[k][0]);
            for (unsigned i = 0; i < 4; i++) {
                if (log[k].pc_before[i] != paper[k][1 + i])
                    sc_expect_fail(r, "row %u: PC_%u = %" PRIu64 ", paper %" PRIu64, k + 1, i, log[k].pc_before[i], paper[k][1 + i]);
                if (log[k].pc_after[i] != paper[k][5 + i])
                    sc_expect_fail(r, "row %u: NPC_%u = %" PRIu64 ", paper %" PRIu64, k + 1, i, log[k].pc_after[i], paper[k][5 + i]);
                int act = (int)(log[k].active >> i & 1), want = paper[k][1 + i] == paper[k][0];
                if (act != want)
                    sc_expect_fail(r, "row %u: thread %u %s, paper: %s", k + 1, i, act ? "active" : "inactive", want ? "active" : "inactive");
            }
        }
        if (n != 7 || log[6].mpc != 7 || log[6].active != 0xf)
            sc_expect_fail(r, "expected the exit at 7 once, with all four threads");
        expect_latency(r, &ls);
    } else if (!strcmp(test, "listing1") || !strcmp(test, "listing1-nosp")) {
        /* Collange 2011 Listing 1: kernel { A; if (c) f(); D; } with f placed after the
         * kernel. 10: A; 11: if(!c) br 13; 12: call f; 13: D; 14: exit; 200: F; 201: ret.
         * c is true for threads 0 and 1. With the SP term (calls decrement SP), the callee
         * runs first and all threads reconverge at 13; with min(PC) alone (-nosp: the call
         * leaves SP unchanged) D runs twice, the paper's failure case (§3). */
        int nosp = !strcmp(test, "listing1-nosp");
        const dinsn prog[] = {
            {10, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0}, {11, SIMT_WARP_CTRL_OP_BRANCH, 0xc, 13, D_PLAIN, 0},
            {12, SIMT_WARP_CTRL_OP_BRANCH, 0xf, 200, D_CALL, nosp ? 0 : -1}, {13, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0},
            {14, SIMT_WARP_CTRL_OP_EXIT, 0, 0, D_PLAIN, 0}, {200, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0},
            {201, SIMT_WARP_CTRL_OP_BRANCH, 0xf, 0, D_RET, nosp ? 0 : 1},
        };
        n = run_directed(&ls, prog, 7, 10, 0x80, log, 64, 0, 0);
        print_log(log, n);
        if (!nosp) {
            static const uint64_t want[][2] = {{10, 0xf}, {11, 0xf}, {12, 0x3}, {200, 0x3}, {201, 0x3}, {13, 0xf}, {14, 0xf}};
            expect_sequence(r, log, n, want, 7);
        } else {
            static const uint64_t want[][2] = {{10, 0xf}, {11, 0xf}, {12, 0x3}, {13, 0xc}, {14, 0xc},
                                               {200, 0x3}, {201, 0x3}, {13, 0x3}, {14, 0x3}};
            expect_sequence(r, log, n, want, 9);
        }
        expect_latency(r, &ls);
    } else { /* mem-runahead */
        /* Collange 2011 §4.2: one load; threads 0,1 ask line A and hit, threads 2,3 ask line B
         * (higher) and miss. 0,1 are served first, 2,3 replay, miss and sleep; 0,1 run ahead;
         * when the data returns, 2,3 rejoin through arbitration, catch up (lower PC first) and
         * all four reconverge before the exit. 20: load; 21..26: ALU; 27: exit. */
        dinsn prog[8];
        prog[0] = (dinsn){20, SIMT_WARP_CTRL_OP_MEM, 0x3, 0x4000, D_PLAIN, 0};
        for (unsigned k = 1; k < 7; k++)
            prog[k] = (dinsn){20 + k, SIMT_WARP_CTRL_OP_ALU, 0, 0, D_PLAIN, 0};
        prog[7] = (dinsn){27, SIMT_WARP_CTRL_OP_EXIT, 0, 0, D_PLAIN, 0};
        /* The data of 2 and 3 returns ARB_STAGES + 5 cycles after they fell asleep: after the
         * arbitration that follows (ARB_STAGES + 1 cycles), 0 and 1 run 21..25 first, as with the
         * single-cycle arbiter. */
        n = run_directed(&ls, prog, 8, 20, 0x10, log, 64, 0xc, 5 + ls.cfg.arb_stages);
        print_log(log, n);
        if (n < 3 || log[0].mpc != 20 || log[0].active != 0xf || log[1].mpc != 20 || log[1].active != 0xc)
            sc_expect_fail(r, "expected the load at 20 issued twice: all four threads, then the conflicting 2 and 3");
        int ahead = 0, joined = 0, exits = 0;
        for (unsigned k = 2; k < n; k++) {
            ahead |= log[k].active == 0x3 && log[k].mpc > 21;
            joined |= log[k].active == 0xf && log[k].op == SIMT_WARP_CTRL_OP_ALU;
            exits += log[k].op == SIMT_WARP_CTRL_OP_EXIT;
        }
        if (!ahead)
            sc_expect_fail(r, "threads 0 and 1 never ran ahead while 2 and 3 slept");
        if (!joined)
            sc_expect_fail(r, "threads 2 and 3 never reconverged with 0 and 1");
        if (exits != 1 || log[n - 1].active != 0xf)
            sc_expect_fail(r, "expected one exit with all four threads");
        if (ls.mem_ops < 2)
            sc_expect_fail(r, "expected the load's line twice on mem_req_o (all four threads, then the replay)");
        expect_latency(r, &ls);
    }
    sc_ls_close(&ls.core);
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
