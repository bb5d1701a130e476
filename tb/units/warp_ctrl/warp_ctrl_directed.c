/* SPDX-License-Identifier: Apache-2.0 */
/* warp_ctrl_directed.c: warp_ctrl's directed tests from the papers (warp_directed): Table 2,
 * Listing 1 with and without SP, the memory run-ahead (docs/units/warp_ctrl.md, "Verification"). */
#include "warp_ctrl_tb.h"

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

void warp_directed(sc_run *r, const char *test)
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
