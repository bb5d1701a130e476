/* SPDX-License-Identifier: Apache-2.0 */
/* warp_oracle: per-lane sequential interpreter checking the warp_ctrl random run; see
 * warp_oracle.h and docs/units/warp_ctrl.md ("Verification"). */
#include "warp_oracle.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const bug_names[] = {"", "drop", "pc", "exit", "stall"};

void warp_oracle_init(warp_oracle *o, sc_run *r, const simt_warp_ctrl_cfg *c, const program *pr)
{
    memset(o, 0, sizeof *o);
    o->r = r;
    o->pr = pr;
    o->w = c->w;
    o->pcm = sc_ones(c->pc_w);
    const char *env = getenv(WARP_ORACLE_ENV);
    if (!env || !*env)
        return;
    char num[32];
    const char *colon = strchr(env, ':');
    size_t len = colon ? (size_t)(colon - env) : strlen(env);
    if (len >= sizeof num)
        sc_die("%s='%s': expected CYCLE or CYCLE:KIND", WARP_ORACLE_ENV, env);
    memcpy(num, env, len);
    num[len] = 0;
    const char *why;
    if (sc_parse_num(num, UINT64_MAX, &o->bug_at, &why))
        sc_die("%s='%s': the cycle '%s' is %s", WARP_ORACLE_ENV, env, num, why);
    o->bug = WO_BUG_DROP;
    if (colon) {
        o->bug = WO_BUG_NONE;
        for (int k = WO_BUG_DROP; k <= WO_BUG_STALL; k++)
            if (!strcmp(colon + 1, bug_names[k]))
                o->bug = k;
        if (o->bug == WO_BUG_NONE)
            sc_die("%s='%s': KIND is drop, pc, exit or stall", WARP_ORACLE_ENV, env);
    }
}

static void report(warp_oracle *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void report(warp_oracle *o, const char *fmt, ...)
{
    sc_run *r = o->r;
    o->reports++;
    if (r->quiet_mismatch || o->reports > r->o->max_report) {
        if (!r->quiet_mismatch && o->reports == (uint64_t)r->o->max_report + 1)
            printf("  ... further oracle disagreements not printed\n");
        r->directed_fail++;
        return;
    }
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sc_expect_fail(r, "warp oracle: %s", msg);
}

/* The lane's thread is not followed any more (reported). */
static void lane_off(warp_oracle *o, unsigned i)
{
    o->off |= 1ull << i;
}

void warp_oracle_begin(warp_oracle *o, uint64_t live, int done)
{
    if (o->bug == WO_BUG_STALL && o->bug_done)
        return; /* planted: a hung warp, its state frozen, never reports done */
    /* The unit's live lanes are the lanes whose thread has not exited (launch_i and EXIT move
     * both); a lane the oracle stopped following (reported) is not compared. */
    const uint64_t lost = o->alive & ~live & ~o->off, zombie = live & ~o->alive & ~o->off;
    for (uint64_t m = lost | zombie; m; m &= m - 1) {
        const unsigned i = (unsigned)__builtin_ctzll(m);
        const warp_oracle_lane *l = &o->lane[i];
        if (lost >> i & 1)
            report(o, "lost thread: lane %u (launched at cycle %" PRIu64 ") retired %" PRIu64
                      " instructions and has not exited (its interpreter expects PC 0x%" PRIx64
                      ", instruction %u, next), but %s",
                   i, l->launched_at, l->k, warp_pc_of(o->pr, o->pcm, l->idx), (unsigned)l->idx,
                   done ? "the unit reports the warp done" : "the unit no longer has it live (live_o)");
        else if (o->ever >> i & 1)
            report(o, "lane %u is live (live_o) but its thread (launched at cycle %" PRIu64 ") exited at cycle %" PRIu64,
                   i, l->launched_at, l->exited_at);
        else
            report(o, "lane %u is live (live_o) but no thread was launched on it", i);
        lane_off(o, i);
    }
    if (!done)
        return;
    /* The warp is done: the program ends (a new one may come). */
    if (o->cur_threads) {
        o->programs++;
        o->programs_ok += o->off == 0;
    }
    o->alive = o->off = 0;
    o->cur_threads = 0;
}

void warp_oracle_reset(warp_oracle *o)
{
    if (o->bug == WO_BUG_STALL && o->bug_done)
        return; /* planted: a hung warp sees nothing any more, a reset neither */
    o->alive = o->off = 0;
    o->cur_threads = 0;
    o->stall_reported = 0;
    o->resets++;
}

/* Lane i retired the instruction at pc: compare it with its interpreter, then step that. */
static void retire_lane(warp_oracle *o, unsigned i, uint64_t pc)
{
    sc_run *r = o->r;
    warp_oracle_lane *l = &o->lane[i];
    const uint64_t b = 1ull << i;
    if (o->off & b)
        return;
    if (!(o->alive & b)) {
        if (o->ever & b)
            report(o, "lane %u retired PC 0x%" PRIx64 " after its thread (launched at cycle %" PRIu64
                      ") exited at cycle %" PRIu64 " (index %" PRIu64 " of that thread)",
                   i, pc, l->launched_at, l->exited_at, l->k);
        else
            report(o, "lane %u retired PC 0x%" PRIx64 " but no thread was ever launched on it", i, pc);
        lane_off(o, i);
        return;
    }
    const program *pr = o->pr;
    const uint64_t want = warp_pc_of(pr, o->pcm, l->idx);
    if (pc != want) {
        report(o, "lane %u, index %" PRIu64 " of its thread (launched at cycle %" PRIu64 "): retired PC 0x%" PRIx64
                  ", its interpreter expects PC 0x%" PRIx64 " (instruction %u of the program, base 0x%" PRIx64 ")",
               i, l->k, l->launched_at, pc, want, (unsigned)l->idx, pr->base);
        lane_off(o, i);
        return;
    }
    o->compared++;
    const insn *in = &pr->p[l->idx];
    uint32_t next = l->idx + 1;
    switch (in->kind) {
    case I_ALU:
    case I_MEM:
        break;
    case I_BR:
        if (warp_choice(in, l->tseed, l->k))
            next = in->target;
        break;
    case I_JMP:
        next = in->target;
        break;
    case I_IND:
        next = in->cases[warp_choice(in, l->tseed, l->k)];
        break;
    case I_CALL:
        if (l->depth == MAX_DEPTH) {
            report(o, "internal: lane %u's interpreter: call depth beyond %d at instruction %u", i, MAX_DEPTH,
                   (unsigned)l->idx);
            lane_off(o, i);
            return;
        }
        l->stack[l->depth++] = l->idx + 1;
        next = in->target;
        break;
    case I_RET:
        if (l->depth == 0) {
            report(o, "internal: lane %u's interpreter: return with an empty call stack at instruction %u", i,
                   (unsigned)l->idx);
            lane_off(o, i);
            return;
        }
        next = l->stack[--l->depth];
        break;
    default: /* I_EXIT */
        o->alive &= ~b;
        o->exited++;
        l->exited_at = r->cycle;
        break;
    }
    l->k++;
    l->idx = next;
    if ((o->alive & b) && next >= pr->n) {
        report(o, "internal: lane %u's interpreter left the program (instruction %u of %u)", i, (unsigned)next, pr->n);
        lane_off(o, i);
    }
}

void warp_oracle_cycle(warp_oracle *o, uint64_t launch, uint64_t retire, uint64_t mpc)
{
    sc_run *r = o->r;
    const uint64_t cycle = r->cycle;
    uint64_t alt = 0; /* lanes that see a perturbed PC (planted bug) */

    if (o->bug && !o->bug_done && cycle >= o->bug_at && retire) {
        const unsigned lane = (unsigned)__builtin_ctzll(retire);
        const uint64_t idx = (mpc - o->pr->base) & o->pcm;
        const int at_exit = idx < o->pr->n && o->pr->p[idx].kind == I_EXIT;
        if (o->bug != WO_BUG_EXIT || at_exit) {
            o->bug_done = 1;
            if (!r->quiet_mismatch) {
                printf("warp oracle: planted bug (%s) at cycle %" PRIu64 ": ", WARP_ORACLE_ENV, cycle);
                if (o->bug == WO_BUG_PC)
                    printf("lane %u retires PC 0x%" PRIx64 " instead of PC 0x%" PRIx64 "\n", lane, (mpc + 1) & o->pcm, mpc);
                else if (o->bug == WO_BUG_STALL)
                    printf("no retire seen from the one of PC 0x%" PRIx64 " on, and no warp done: a hung warp\n", mpc);
                else
                    printf("lane %u dropped from the %s of PC 0x%" PRIx64 "\n", lane, o->bug == WO_BUG_EXIT ? "EXIT" : "retire", mpc);
            }
            if (o->bug == WO_BUG_PC)
                alt = 1ull << lane;
            else
                retire &= ~(1ull << lane);
        }
    }
    if (o->bug == WO_BUG_STALL && o->bug_done)
        launch = retire = 0; /* a hung warp */

    /* Launches: lanes whose thread has exited (or never ran) start a new one at instruction 0;
     * a launch over a running thread is ignored (docs/units/warp_ctrl.md, launch_i). */
    const uint64_t started = launch & ~o->alive & sc_ones(o->w);

    if (retire) {
        o->last_retire = cycle;
        o->stall_reported = 0;
        for (uint64_t m = retire; m; m &= m - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(m);
            retire_lane(o, i, (alt >> i & 1) ? (mpc + 1) & o->pcm : mpc);
        }
    }
    if (started) {
        for (uint64_t m = started; m; m &= m - 1) {
            const unsigned i = (unsigned)__builtin_ctzll(m);
            warp_oracle_lane *l = &o->lane[i];
            memset(l, 0, sizeof *l);
            l->tseed = warp_thread_seed(o->pr, i, cycle);
            l->launched_at = cycle;
        }
        o->alive |= started;
        o->ever |= started;
        o->off &= ~started;
        o->threads += (uint64_t)__builtin_popcountll(started);
        o->cur_threads += (uint64_t)__builtin_popcountll(started);
        o->last_retire = cycle;
    }
    const uint64_t waiting = o->alive & ~o->off;
    if (waiting && !o->stall_reported && cycle >= o->last_retire + WARP_ORACLE_STALL) {
        o->stall_reported = 1;
        report(o, "hung warp: no lane retired an instruction since cycle %" PRIu64
                  " while the threads of lanes 0x%" PRIx64 " have not exited",
               o->last_retire, waiting);
    }
}

void warp_oracle_summary(const warp_oracle *o, FILE *f)
{
    fprintf(f,
            "warp oracle: %u lanes ran %" PRIu64 " threads checked against a sequential interpreter of the program, %" PRIu64
            " retired instructions equal to it, %" PRIu64 " threads exited, %" PRIu64 " of %" PRIu64
            " finished programs with every thread exited, %" PRIu64 " threads still running at the end (prefix compared), %" PRIu64
            " disagreements, %" PRIu64 " resets (the threads running then dropped)\n",
            (unsigned)__builtin_popcountll(o->ever), o->threads, o->compared, o->exited, o->programs_ok, o->programs,
            (uint64_t)__builtin_popcountll(o->alive & ~o->off), o->reports, o->resets);
}
