/* SPDX-License-Identifier: Apache-2.0 */
/* strt_cfg: CFG-walking stimulus and per-lane reference checker for simt_st_rt, see cfg_walk.h.
 *
 * Programs. A program is a list of instructions at PCs base, base+1, ...: OP (any non-branch),
 * JMP (unconditional), BR (conditional: taken to its target, not taken to the next PC) and one
 * EXIT, the last instruction, in the exit block. Blocks start at PC 0, at every branch or jump
 * target, after every BR/JMP and at random fall-through boundaries. Control flow comes from a
 * small structured grammar (if/else, if, while, do-while, switch-like chains of 2-way
 * branches, the do {A; if (c1) {B; break;} else {C}} while (c2) of the paper's Fig. 10) and,
 * with `unstructured`, conditional break/continue and early return (a branch to the exit
 * block). The immediate post-dominator of every branch block is computed by strt_ipdom()
 * (Cooper-Harvey-Kennedy on the reverse CFG); the branch's RPC is the first PC of that block.
 *
 * Lanes. The outcome of branch b for lane l is a function of (program seed, l, b, the lane's
 * own history at b): if-branches are always/never taken, follow a bit of the lane number, or
 * are a hash of the visit count; loop branches stay in the loop while the lane's run of
 * iterations is below its trip count for this entry of the loop (hash of lane, branch and the
 * number of times the lane left that loop), with a cap on the lane's visits of the branch;
 * break/continue/return branches fire with a small per-branch probability. So the path of a
 * lane through the program depends on the lane alone, and every program terminates.
 *
 * What commit() checks, every cycle (cyc is the state before the edge, i.e. the result of the
 * previous cycle's operation):
 *  1. Transition: the tables equal the walker's own prediction of the previous operation's
 *     effect, computed from the contract (docs/units/st_rt.md) on the previous state, slot by
 *     slot for every valid entry and every field (ST pc, bpc, mask, rpc, hasr, ridx; RT pc, rpc,
 *     hasr, ridx, rmask, pend); validity of every slot; refused, stalled and idle cycles change
 *     nothing.
 *  2. Flags of this cycle: ok, stall, bad and every ev bit equal that prediction (stall only
 *     for a divergent BR with no free ST entry for a second side or no free RT entry when one
 *     is needed; OREC bits only with OREC = 1).
 *  3. Structure: st_valid/rt_valid/pick/done agree with the masks; ST masks pairwise disjoint;
 *     RT pend is a subset of rmask; pend of every RT entry equals the OR of its children (ST
 *     masks and RT rmasks linked to it); every link (ridx) of a valid entry points to a valid
 *     RT entry whose PC is the entry's RPC; links are acyclic; exactly one valid entry has no
 *     link (the root); hasr = 0 implies rpc = ridx = 0; bpc lies in the same block as pc and not
 *     after it (without OREC: bpc is the block's first PC, every RT PC is a block start).
 *  4. Lanes (independent of the tables): the walker keeps each live lane's next PC along its
 *     own path. Every live lane is in exactly one valid ST entry whose pc equals the lane's PC,
 *     or in the arrived part (rmask & ~pend) of exactly one valid RT entry whose pc equals the
 *     lane's PC (it waits at that reconvergence point); no other lane appears anywhere. An
 *     applied ADV/BR/EXIT moves exactly the lanes of the chosen split: ADV all to npc; BR the
 *     tmask lanes to tgt, the others to npc (and counts the lane's visit of the branch).
 *  5. IPDOM reconvergence: a divergent BR of split M at branch b records "M reconverges at
 *     IPDOM(b)"; the first operation that executes the instruction at IPDOM(b) with any lane of
 *     M must hold all of M (the IPDOM guarantee of §2.2, with and without OREC: OREC only
 *     reconverges earlier, never loses a lane). None may be pending at EXIT.
 *  6. EXIT: only when all launched lanes are in the one split at the exit instruction; each
 *     lane's executed PC sequence (length and hash) equals the path the lane takes when run
 *     alone through the CFG with the same outcome function.
 *  7. Progress: some operation applies at least every 5000 cycles (else a livelock); a
 *     capacity deadlock (every valid split stalled) is only accepted when the prediction
 *     says each of those stalls is legal.
 */
#include "cfg_walk.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXI 4096u   /* instructions per program */
#define MAXBR 1024u  /* branches per program */
#define MAXL 4096u   /* labels while generating */
#define MAXOB 512u   /* pending IPDOM obligations */
#define NOBLK 0xffffffffu
#define WATCHDOG 5000u

enum { K_OP, K_JMP, K_BR, K_EXIT };
enum { C_IF, C_LOOP, C_RARE };
enum { B_ALWAYS, B_NEVER, B_LANEBIT, B_PCT };
enum { PH_LAUNCH, PH_RUN };

typedef struct {
    uint8_t kind;
    uint16_t bid;
    uint32_t tgt;   /* instruction index (a label id while generating) */
    uint32_t blk;
} insn;

typedef struct {
    uint8_t cls, bias, bit, inv, p, stay_taken;
    uint32_t at;    /* instruction index */
    uint32_t rpc;   /* instruction index of the IPDOM block's first instruction */
} brinfo;

typedef struct {
    unsigned n, nblk, nbr, exit_i;
    uint64_t base, pseed;
    insn code[MAXI];
    uint8_t bstart[MAXI + 1];
    uint32_t bfirst[MAXI];
    uint32_t succ[2 * MAXI];
    uint32_t ipdom[MAXI];
    brinfo br[MAXBR];
} prog;

typedef struct { uint16_t vis, run, nexit; } lbr;  /* a lane's history at one branch */

typedef struct {
    uint64_t mask, pc, brpc, cycle;
} oblig;

typedef struct {
    simt_st_ent st[SIMT_STRT_MAX];
    simt_rt_ent rt[SIMT_STRT_MAX];
} pstate;

typedef struct {
    int ok, stall, bad;
    unsigned ev;
} pflags;

struct strt_walk {
    simt_st_rt_cfg cfg;
    strt_walk_opts o;
    uint64_t seed, rng;
    uint64_t wmask, pcmask;
    unsigned siw;
    prog *p;
    int prog_ready;
    /* the warp */
    int phase, need_reset;
    uint64_t live, launched;
    uint64_t lpc[64], ph[64], plen[64], sh[64], slen[64];
    lbr *lb;  /* [64][MAXBR] */
    /* scheduling */
    unsigned cur, greedy;
    uint64_t stalled;
    int intent_bad;
    /* reference */
    oblig ob[MAXOB];
    unsigned nob;
    int have_pred, no_pred;
    pstate pred;
    char pred_op[160];
    uint64_t last_ok;
    strt_walk_cov cov;
    uint64_t obl_dropped;
};

/* ---- small helpers ---- */

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }
static unsigned ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }
static unsigned pop64(uint64_t x) { return (unsigned)__builtin_popcountll(x); }

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* splitmix64 */
static uint64_t rnd(strt_walk *w)
{
    const uint64_t z = w->rng;
    w->rng += 0x9e3779b97f4a7c15ull;
    return mix(z);
}
static uint64_t below(strt_walk *w, uint64_t n) { return n ? rnd(w) % n : 0; }
static int chance(strt_walk *w, unsigned pct) { return below(w, 100) < pct; }

static uint64_t phash(uint64_t h, uint64_t pc) { return mix(h ^ pc) + 0x2545f4914f6cdd1dull; }

static int fail(char *err, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err && n)
        vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

static void fmt_op(char *b, size_t n, const simt_st_rt_in *in)
{
    static const char *const names[] = {"NONE", "ADV", "BR", "EXIT", "LAUNCH", "op5", "op6", "op7"};
    snprintf(b, n, "%s sel=%u npc=0x%llx blk=%d tgt=0x%llx tmask=0x%llx rpc=0x%llx",
             in->op < 8 ? names[in->op] : "op?", in->sel, (unsigned long long)in->npc, in->blk,
             (unsigned long long)in->tgt, (unsigned long long)in->tmask, (unsigned long long)in->rpc);
}

/* ---- immediate post-dominators (Cooper, Harvey, Kennedy on the reverse CFG) ---- */

int strt_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom)
{
    if (!n || x >= n)
        return -1;
    /* predecessor lists (the successors in the reverse graph) */
    unsigned *pcount = calloc(n + 1, sizeof *pcount), *pred = malloc(2 * n * sizeof *pred + 1);
    unsigned *po = malloc(n * sizeof *po), *order = malloc(n * sizeof *order);
    unsigned *stk = malloc(n * sizeof *stk), *it = calloc(n, sizeof *it);
    int rc = 0;
    if (!pcount || !pred || !po || !order || !stk || !it) {
        rc = -1;
        goto out;
    }
    for (unsigned b = 0; b < n; b++)
        for (unsigned k = 0; k < 2; k++)
            if (succ[2 * b + k] != NOBLK && (k == 0 || succ[2 * b + 1] != succ[2 * b]))
                pcount[succ[2 * b + k] + 1]++;
    for (unsigned b = 0; b < n; b++)
        pcount[b + 1] += pcount[b];
    {
        unsigned *fill = calloc(n, sizeof *fill);
        if (!fill) {
            rc = -1;
            goto out;
        }
        for (unsigned b = 0; b < n; b++)
            for (unsigned k = 0; k < 2; k++) {
                unsigned s = succ[2 * b + k];
                if (s != NOBLK && (k == 0 || succ[2 * b + 1] != succ[2 * b]))
                    pred[pcount[s] + fill[s]++] = b;
            }
        free(fill);
    }
    /* DFS postorder from x over predecessor edges */
    for (unsigned b = 0; b < n; b++)
        po[b] = NOBLK;
    unsigned np = 0, sp = 0;
    unsigned *seen = ipdom;  /* scratch: mark visited */
    for (unsigned b = 0; b < n; b++)
        seen[b] = 0;
    stk[sp++] = x;
    seen[x] = 1;
    while (sp) {
        unsigned v = stk[sp - 1];
        if (it[v] < pcount[v + 1] - pcount[v]) {
            unsigned u = pred[pcount[v] + it[v]++];
            if (!seen[u]) {
                seen[u] = 1;
                stk[sp++] = u;
            }
        } else {
            po[v] = np;
            order[np++] = v;
            sp--;
        }
    }
    if (np != n) {
        rc = -1;  /* some block does not reach the exit */
        goto out;
    }
    for (unsigned b = 0; b < n; b++)
        ipdom[b] = NOBLK;
    ipdom[x] = x;
    for (int changed = 1; changed;) {
        changed = 0;
        for (unsigned k = n; k-- > 0;) {  /* reverse postorder */
            unsigned v = order[k];
            if (v == x)
                continue;
            unsigned nw = NOBLK;
            for (unsigned j = 0; j < 2; j++) {
                unsigned s = succ[2 * v + j];
                if (s == NOBLK || ipdom[s] == NOBLK)
                    continue;
                if (nw == NOBLK) {
                    nw = s;
                    continue;
                }
                unsigned a = s, c = nw;
                while (a != c) {
                    while (po[a] < po[c])
                        a = ipdom[a];
                    while (po[c] < po[a])
                        c = ipdom[c];
                }
                nw = a;
            }
            if (ipdom[v] != nw) {
                ipdom[v] = nw;
                changed = 1;
            }
        }
    }
out:
    free(pcount);
    free(pred);
    free(po);
    free(order);
    free(stk);
    free(it);
    return rc;
}

/* ---- program generation ---- */

typedef struct {
    int cont, brk;  /* label ids, -1 outside loops */
} loopctx;

typedef struct {
    strt_walk *w;
    prog *p;
    unsigned n, soft, maxd, lanebits;
    int overflow, exit_lab;
    int lab[MAXL];
    unsigned nlab;
    uint8_t cut[MAXI + 1];
} gen;

static int g_label(gen *g)
{
    if (g->nlab >= MAXL) {
        g->overflow = 1;
        return 0;
    }
    g->lab[g->nlab] = -1;
    return (int)g->nlab++;
}

static void g_place(gen *g, int l)
{
    g->lab[l] = (int)g->n;
    g->cut[g->n] = 1;
}

static insn *g_emit(gen *g, unsigned kind)
{
    static insn scratch;
    if (g->n >= MAXI - 1) {
        g->overflow = 1;
        return &scratch;
    }
    insn *i = &g->p->code[g->n++];
    memset(i, 0, sizeof *i);
    i->kind = (uint8_t)kind;
    return i;
}

static void g_ops(gen *g, unsigned k)
{
    while (k--)
        g_emit(g, K_OP);
}

static void g_jmp(gen *g, int lab) { g_emit(g, K_JMP)->tgt = (uint32_t)lab; }

static void g_br(gen *g, int lab, unsigned cls, int stay_taken)
{
    prog *p = g->p;
    strt_walk *w = g->w;
    if (p->nbr >= MAXBR) {
        g->overflow = 1;
        return;
    }
    insn *i = g_emit(g, K_BR);
    i->tgt = (uint32_t)lab;
    i->bid = (uint16_t)p->nbr;
    brinfo *b = &p->br[p->nbr++];
    memset(b, 0, sizeof *b);
    b->cls = (uint8_t)cls;
    b->stay_taken = (uint8_t)stay_taken;
    if (cls == C_IF) {
        unsigned r = (unsigned)below(w, 100);
        b->bias = r < 12 ? B_ALWAYS : r < 24 ? B_NEVER : r < 55 ? B_LANEBIT : B_PCT;
        b->bit = (uint8_t)below(w, g->lanebits);
        b->inv = (uint8_t)below(w, 2);
        b->p = (uint8_t)(10 + below(w, 81));
    } else if (cls == C_LOOP) {
        b->p = (uint8_t)(below(w, 3) ? 100 : 50 + below(w, 50));
    } else {
        b->p = (uint8_t)(5 + below(w, 30));
    }
}

static void g_region(gen *g, unsigned d, const loopctx *lc);

static void g_straight(gen *g)
{
    if (g->n && chance(g->w, 25))
        g->cut[g->n] = 1;  /* fall-through into a new block */
    g_ops(g, 1 + (unsigned)below(g->w, 3));
}

static void g_item(gen *g, unsigned d, const loopctx *lc)
{
    strt_walk *w = g->w;
    const int un = w->o.unstructured;
    const int inloop = lc && lc->brk >= 0;
    if (d >= g->maxd || g->n >= g->soft) {
        if (un && inloop && chance(w, 15)) {
            g_ops(g, (unsigned)below(w, 2));
            g_br(g, chance(w, 60) ? lc->brk : lc->cont, C_RARE, 0);  /* conditional break / continue */
        } else if (un && chance(w, 4)) {
            g_ops(g, (unsigned)below(w, 2));
            g_br(g, g->exit_lab, C_RARE, 0);  /* conditional early return */
        } else {
            g_straight(g);
        }
        return;
    }
    /* weights: straight, if/else, if, while, do-while, switch, fig10, break, continue, return */
    unsigned wt[10] = {14, 18, 14, 9, 9, 6, un ? 6u : 0u, un && inloop ? 7u : 0u,
                       un && inloop ? 5u : 0u, un ? 3u : 0u};
    unsigned tot = 0, k = 0;
    for (unsigned i = 0; i < 10; i++)
        tot += wt[i];
    unsigned r = (unsigned)below(w, tot);
    while (r >= wt[k])
        r -= wt[k++];
    switch (k) {
    case 0:
        g_straight(g);
        break;
    case 1: {  /* if (c) {then} else {else} */
        int le = g_label(g), lj = g_label(g);
        g_ops(g, (unsigned)below(w, 3));
        g_br(g, le, C_IF, 0);
        g_region(g, d + 1, lc);
        if (un && inloop && chance(w, 15))
            g_jmp(g, lc->brk);  /* then-part ends in an unconditional break */
        else if (un && chance(w, 5))
            g_jmp(g, g->exit_lab);  /* ... or an unconditional return */
        else
            g_jmp(g, lj);
        g_place(g, le);
        g_region(g, d + 1, lc);
        g_place(g, lj);
        break;
    }
    case 2: {  /* if (c) {then} */
        int lj = g_label(g);
        g_ops(g, (unsigned)below(w, 3));
        g_br(g, lj, C_IF, 0);
        if (!chance(w, 3))  /* else an empty then: target == fall-through */
            g_region(g, d + 1, lc);
        g_place(g, lj);
        break;
    }
    case 3: {  /* while (c) {body} : header tests, taken = leave */
        int lh = g_label(g), lx = g_label(g);
        g_place(g, lh);
        g_ops(g, (unsigned)below(w, 3));
        g_br(g, lx, C_LOOP, 0);
        loopctx in = {lh, lx};
        g_region(g, d + 1, &in);
        g_jmp(g, lh);
        g_place(g, lx);
        break;
    }
    case 4: {  /* do {body} while (c) : latch tests, taken = stay */
        int lb = g_label(g), ll = g_label(g), lx = g_label(g);
        g_place(g, lb);
        loopctx in = {ll, lx};
        g_region(g, d + 1, &in);
        g_place(g, ll);
        g_ops(g, (unsigned)below(w, 3));
        g_br(g, lb, C_LOOP, 1);
        g_place(g, lx);
        break;
    }
    case 5: {  /* switch: a chain of 2-way branches, cases out of line */
        unsigned nc = 2 + (unsigned)below(w, 3);
        int lc_[4], lj = g_label(g);
        for (unsigned c = 0; c < nc; c++) {
            lc_[c] = g_label(g);
            g_ops(g, (unsigned)below(w, 2));
            g_br(g, lc_[c], C_IF, 0);
        }
        g_region(g, d + 1, lc);  /* default */
        g_jmp(g, lj);
        for (unsigned c = 0; c < nc; c++) {
            g_place(g, lc_[c]);
            g_region(g, d + 1, lc);
            if (c + 1 < nc)
                g_jmp(g, lj);
        }
        g_place(g, lj);
        break;
    }
    case 6: {  /* Fig. 10: do { A; if (c1) { B; break; } else { C } } while (c2); D */
        int la = g_label(g), lcc = g_label(g), ll = g_label(g), lx = g_label(g);
        loopctx in = {ll, lx};
        g_place(g, la);
        if (chance(w, 50))
            g_straight(g);
        else
            g_region(g, d + 1, &in);
        g_br(g, lcc, C_IF, 0);
        g_region(g, d + 1, &in);  /* B */
        g_jmp(g, lx);             /* break */
        g_place(g, lcc);
        g_region(g, d + 1, &in);  /* C */
        g_place(g, ll);
        g_ops(g, (unsigned)below(w, 2));
        g_br(g, la, C_LOOP, 1);
        g_place(g, lx);
        break;
    }
    case 7:
        g_ops(g, (unsigned)below(w, 2));
        g_br(g, lc->brk, C_RARE, 0);
        break;
    case 8:
        g_ops(g, (unsigned)below(w, 2));
        g_br(g, lc->cont, C_RARE, 0);
        break;
    default:
        g_ops(g, (unsigned)below(w, 2));
        g_br(g, g->exit_lab, C_RARE, 0);
        break;
    }
}

static void g_region(gen *g, unsigned d, const loopctx *lc)
{
    unsigned k = 1 + (unsigned)below(g->w, 3);
    while (k--)
        g_item(g, d, lc);
}

/* Resolve labels, find blocks, successors, IPDOMs and each branch's RPC. 0 if fine. */
static int finish_prog(gen *g)
{
    prog *p = g->p;
    p->n = g->n;
    for (unsigned i = 0; i < p->n; i++) {
        insn *c = &p->code[i];
        if (c->kind == K_BR || c->kind == K_JMP) {
            if (g->lab[c->tgt] < 0 || (unsigned)g->lab[c->tgt] >= p->n)
                return -1;
            c->tgt = (uint32_t)g->lab[c->tgt];
        }
    }
    memset(p->bstart, 0, sizeof p->bstart);
    for (unsigned i = 0; i < p->n; i++) {
        const insn *c = &p->code[i];
        if (i == 0 || g->cut[i])
            p->bstart[i] = 1;
        if (c->kind == K_BR || c->kind == K_JMP || c->kind == K_EXIT)
            p->bstart[i + 1] = 1;
        if (c->kind == K_BR || c->kind == K_JMP)
            p->bstart[c->tgt] = 1;
    }
    p->nblk = 0;
    for (unsigned i = 0; i < p->n; i++) {
        if (p->bstart[i])
            p->bfirst[p->nblk++] = i;
        p->code[i].blk = p->nblk - 1;
    }
    p->exit_i = NOBLK;
    for (unsigned b = 0; b < p->nblk; b++) {
        unsigned last = (b + 1 < p->nblk ? p->bfirst[b + 1] : p->n) - 1;
        const insn *c = &p->code[last];
        p->succ[2 * b] = p->succ[2 * b + 1] = NOBLK;
        switch (c->kind) {
        case K_OP:
            if (last + 1 >= p->n)
                return -1;
            p->succ[2 * b] = p->code[last + 1].blk;
            break;
        case K_JMP:
            p->succ[2 * b] = p->code[c->tgt].blk;
            break;
        case K_BR:
            if (last + 1 >= p->n)
                return -1;
            p->succ[2 * b] = p->code[c->tgt].blk;
            p->succ[2 * b + 1] = p->code[last + 1].blk;
            break;
        default:
            if (p->exit_i != NOBLK)
                return -1;
            p->exit_i = last;
            break;
        }
    }
    if (p->exit_i == NOBLK || p->exit_i != p->n - 1)
        return -1;
    if (strt_ipdom(p->nblk, p->succ, p->code[p->exit_i].blk, p->ipdom))
        return -1;
    for (unsigned b = 0; b < p->nbr; b++) {
        unsigned at = NOBLK;
        for (unsigned i = 0; i < p->n; i++)
            if (p->code[i].kind == K_BR && p->code[i].bid == b)
                at = i;
        if (at == NOBLK)
            return -1;
        p->br[b].at = at;
        p->br[b].rpc = p->bfirst[p->ipdom[p->code[at].blk]];
    }
    return 0;
}

static void gen_program(strt_walk *w)
{
    prog *p = w->p;
    const unsigned pcw = w->cfg.pc_w;
    const uint64_t space = pcw >= 13 ? 8192 : (1ull << pcw);  /* PCs available */
    unsigned maxlen = w->o.max_len;
    if (maxlen > space / 2)
        maxlen = (unsigned)(space / 2);
    gen *g = malloc(sizeof *g);
    if (!g)
        abort();
    for (;;) {
        memset(p->code, 0, sizeof p->code);
        p->nbr = 0;
        p->pseed = rnd(w);
        memset(g, 0, sizeof *g);
        g->w = w;
        g->p = p;
        g->lanebits = clog2(w->cfg.w) ? clog2(w->cfg.w) : 1;
        if (maxlen < 24) {  /* tiny PC space: straight-line code */
            unsigned k = (unsigned)below(w, maxlen < 2 ? 1 : maxlen);
            g_ops(g, k);
            g->exit_lab = g_label(g);
            g_place(g, g->exit_lab);
            g_emit(g, K_EXIT);
        } else {
            g->soft = maxlen / 4 + (unsigned)below(w, maxlen - maxlen / 4);
            g->maxd = w->o.max_depth;
            g->exit_lab = g_label(g);
            do
                g_region(g, 0, NULL);
            while (g->n < g->soft / 2 && !g->overflow);
            g_place(g, g->exit_lab);
            g_ops(g, (unsigned)below(w, 3));
            g_emit(g, K_EXIT);
        }
        if (!g->overflow && g->n <= space && finish_prog(g) == 0)
            break;
        if (maxlen > 24)
            maxlen = maxlen * 3 / 4;
    }
    free(g);
    const uint64_t top = ones(pcw) - (p->n - 1);  /* highest base that fits in PC_W bits */
    unsigned r = (unsigned)below(w, 4);
    p->base = r == 0 ? 0 : r == 1 ? top : (top ? rnd(w) % (top + 1) : 0);
    w->prog_ready = 1;
}

/* ---- lane outcomes and solo paths ---- */

static int outcome(const strt_walk *w, unsigned lane, unsigned bid, const lbr *s)
{
    const prog *p = w->p;
    const brinfo *b = &p->br[bid];
    const uint64_t h = mix(p->pseed ^ mix((uint64_t)lane * 0x100000001ull + bid) ^ ((uint64_t)s->vis << 40));
    switch (b->cls) {
    case C_IF:
        switch (b->bias) {
        case B_ALWAYS:
            return 1;
        case B_NEVER:
            return 0;
        case B_LANEBIT:
            return (int)(((lane >> b->bit) & 1) ^ b->inv);
        default:
            return h % 100 < b->p;
        }
    case C_LOOP: {
        const uint64_t trip = mix(p->pseed ^ 0x5bd1e995ull ^ mix(((uint64_t)lane << 32) ^ ((uint64_t)bid << 16) ^ s->nexit)) %
                              (w->o.max_trip + 1);
        const int stay = s->run < trip && s->vis < 16 * (w->o.max_trip + 1) && (b->p >= 100 || h % 100 < b->p);
        return stay ? b->stay_taken : !b->stay_taken;
    }
    default:
        return h % 100 < b->p;
    }
}

static void lbr_update(const brinfo *b, lbr *s, int taken)
{
    s->vis++;
    if (b->cls == C_LOOP) {
        if ((taken != 0) == (b->stay_taken != 0)) {
            s->run++;
        } else {
            s->run = 0;
            s->nexit++;
        }
    }
}

/* The path of lane alone through the program: length and hash of its PC sequence. */
static void solo(const strt_walk *w, unsigned lane, lbr *hist, uint64_t *hash, uint64_t *len)
{
    const prog *p = w->p;
    memset(hist, 0, p->nbr * sizeof *hist);
    uint64_t h = 0, n = 0;
    unsigned i = 0;
    for (;;) {
        const insn *c = &p->code[i];
        h = phash(h, p->base + i);
        n++;
        if (c->kind == K_EXIT || n > 100000000ull)
            break;
        if (c->kind == K_OP) {
            i++;
        } else if (c->kind == K_JMP) {
            i = c->tgt;
        } else {
            const int t = outcome(w, lane, c->bid, &hist[c->bid]);
            lbr_update(&p->br[c->bid], &hist[c->bid], t);
            i = t ? c->tgt : i + 1;
        }
    }
    *hash = h;
    *len = n;
}

/* ---- life cycle ---- */

strt_walk *strt_walk_new(uint64_t seed, const simt_st_rt_cfg *cfg, const strt_walk_opts *o)
{
    char e[80];
    if (!cfg || simt_st_rt_cfg_check(cfg, e, sizeof e))
        return NULL;
    strt_walk *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->p = malloc(sizeof *w->p);
    w->lb = calloc(64 * (size_t)MAXBR, sizeof *w->lb);
    if (!w->p || !w->lb) {
        strt_walk_free(w);
        return NULL;
    }
    w->cfg = *cfg;
    if (o)
        w->o = *o;
    if (!w->o.max_depth)
        w->o.max_depth = 3;
    if (w->o.max_depth > 8)
        w->o.max_depth = 8;
    if (!w->o.max_len)
        w->o.max_len = 96;
    if (w->o.max_len > 1024)
        w->o.max_len = 1024;
    if (!w->o.max_trip)
        w->o.max_trip = 4;
    if (w->o.max_trip > 64)
        w->o.max_trip = 64;
    if (!w->o.bad_pct)
        w->o.bad_pct = 1;
    if (w->o.bad_pct > 50)
        w->o.bad_pct = 50;
    if (!w->o.idle_pct)
        w->o.idle_pct = 5;
    if (w->o.idle_pct > 90)
        w->o.idle_pct = 90;
    w->seed = seed;
    w->rng = mix(seed ^ 0x73747274ull);
    w->wmask = ones(cfg->w);
    w->pcmask = ones(cfg->pc_w);
    w->siw = clog2(cfg->nst) ? clog2(cfg->nst) : 1;
    w->phase = PH_LAUNCH;
    w->have_pred = 0;
    return w;
}

void strt_walk_free(strt_walk *w)
{
    if (!w)
        return;
    free(w->p);
    free(w->lb);
    free(w);
}

int strt_walk_need_reset(const strt_walk *w) { return w->need_reset; }

void strt_walk_reset_done(strt_walk *w)
{
    w->need_reset = 0;
    w->phase = PH_LAUNCH;
    w->live = w->launched = 0;
    w->nob = 0;
    w->stalled = 0;
    w->prog_ready = 0;
    memset(&w->pred, 0, sizeof w->pred);  /* reset: both tables empty, every field 0 */
    w->have_pred = 1;
    snprintf(w->pred_op, sizeof w->pred_op, "reset");
    w->last_ok = w->cov.cycles;
}

/* ---- stimulus ---- */

static uint64_t instr_index(const strt_walk *w, uint64_t pc)
{
    const prog *p = w->p;
    return pc >= p->base && pc - p->base < p->n ? pc - p->base : NOBLK;
}

static uint64_t pick_bit(strt_walk *w, uint64_t m)
{
    unsigned k = (unsigned)below(w, pop64(m));
    while (k--)
        m &= m - 1;
    return ctz64(m);
}

/* A deliberately refused operation (the unit must answer bad_o and change nothing). */
static void make_bad(strt_walk *w, const simt_st_rt_out *st, simt_st_rt_in *in)
{
    const uint64_t valid = st->st_valid & ones(w->cfg.nst);
    const unsigned nsel = 1u << w->siw;
    w->intent_bad = 1;
    for (int tries = 0; tries < 4; tries++) {
        switch (below(w, 5)) {
        case 0:
            in->op = 5 + (unsigned)below(w, 3);
            return;
        case 1: {  /* ADV / BR / EXIT of an invalid split */
            unsigned s = (unsigned)below(w, nsel);
            if (s < w->cfg.nst && ((valid >> s) & 1))
                continue;
            in->op = 1 + (unsigned)below(w, 3);
            in->sel = s;
            return;
        }
        case 2: {  /* BR whose tmask is not a subset of the split */
            if (!valid)
                continue;
            unsigned s = (unsigned)pick_bit(w, valid);
            uint64_t out = w->wmask & ~st->st[s].mask;
            if (!out)
                continue;
            in->op = SIMT_STRT_BR;
            in->sel = s;
            in->tmask = (rnd(w) & st->st[s].mask) | (1ull << pick_bit(w, out));
            return;
        }
        case 3: {  /* EXIT of a split that has not fully reconverged */
            uint64_t m = 0;
            for (uint64_t v = valid; v; v &= v - 1)
                if (st->st[ctz64(v)].hasr)
                    m |= 1ull << ctz64(v);
            if (!m)
                continue;
            in->op = SIMT_STRT_EXIT;
            in->sel = (unsigned)pick_bit(w, m);
            return;
        }
        default:  /* LAUNCH while busy, or with no lanes */
            in->op = SIMT_STRT_LAUNCH;
            if (st->done)
                in->tmask = 0;
            return;
        }
    }
    in->op = 5 + (unsigned)below(w, 3);
}

static uint64_t launch_mask(strt_walk *w)
{
    uint64_t m;
    do {
        switch (below(w, 10)) {
        case 0: case 1: case 2: case 3: case 4:
            m = w->wmask;
            break;
        case 5: case 6:
            m = rnd(w) | rnd(w);
            break;
        case 7: case 8:
            m = rnd(w) & rnd(w);
            break;
        default:
            m = 1ull << below(w, w->cfg.w);
            break;
        }
        m &= w->wmask;
    } while (!m);
    return m;
}

void strt_walk_next(strt_walk *w, const simt_st_rt_out *st, simt_st_rt_in *in)
{
    memset(in, 0, sizeof *in);
    w->intent_bad = 0;
    if (chance(w, 30)) {  /* don't-care fields carry noise */
        in->npc = rnd(w) & w->pcmask;
        in->tgt = rnd(w) & w->pcmask;
        in->rpc = rnd(w) & w->pcmask;
        in->tmask = rnd(w) & w->wmask;
        in->blk = (int)below(w, 2);
        in->sel = (unsigned)below(w, 1u << w->siw);
    }
    if (w->need_reset) {
        in->op = SIMT_STRT_NONE;
        return;
    }
    const int bad = w->o.bad_pct > 0 && chance(w, (unsigned)w->o.bad_pct);
    if (w->phase == PH_LAUNCH) {
        if (!w->prog_ready)
            gen_program(w);
        if (chance(w, 20)) {
            in->op = SIMT_STRT_NONE;
        } else if (bad) {
            make_bad(w, st, in);
        } else {
            in->op = SIMT_STRT_LAUNCH;
            in->npc = w->p->base;
            in->tmask = launch_mask(w);
        }
        return;
    }
    const uint64_t valid = st->st_valid & ones(w->cfg.nst);
    if (!valid || chance(w, w->o.idle_pct)) {
        in->op = SIMT_STRT_NONE;
        return;
    }
    if (bad) {
        make_bad(w, st, in);
        return;
    }
    uint64_t cand = valid & ~w->stalled;
    while (cand) {
        unsigned s;
        if (((cand >> w->cur) & 1) && chance(w, w->greedy))
            s = w->cur;
        else
            s = (unsigned)pick_bit(w, cand);
        const simt_st_ent *e = &st->st[s];
        const uint64_t i = instr_index(w, e->pc);
        if (i == NOBLK) {
            cand &= ~(1ull << s);
            continue;
        }
        const insn *c = &w->p->code[i];
        if (c->kind == K_EXIT && !(valid == (1ull << s) && !st->rt_valid && !e->hasr)) {
            cand &= ~(1ull << s);
            continue;
        }
        w->cur = s;
        in->sel = s;
        switch (c->kind) {
        case K_OP:
            in->op = SIMT_STRT_ADV;
            in->npc = e->pc + 1;
            in->blk = w->p->bstart[i + 1];
            break;
        case K_JMP:
            in->op = SIMT_STRT_ADV;
            in->npc = w->p->base + c->tgt;
            in->blk = 1;
            break;
        case K_BR: {
            uint64_t t = 0;
            for (uint64_t m = e->mask & w->wmask; m; m &= m - 1) {
                const unsigned l = ctz64(m);
                if (outcome(w, l, c->bid, &w->lb[l * MAXBR + c->bid]))
                    t |= 1ull << l;
            }
            in->op = SIMT_STRT_BR;
            in->tmask = t;
            in->tgt = w->p->base + c->tgt;
            in->npc = e->pc + 1;
            in->rpc = w->p->base + w->p->br[c->bid].rpc;
            break;
        }
        default:
            in->op = SIMT_STRT_EXIT;
            break;
        }
        return;
    }
    in->op = SIMT_STRT_NONE;
}

/* ---- the contract's transition, predicted from the state at the start of the cycle ---- */

typedef struct {
    int on;
    unsigned slot;
    simt_st_ent x;
} pins;

static int free_st(const strt_walk *w, const simt_st_rt_out *s)
{
    for (unsigned i = 0; i < w->cfg.nst; i++)
        if (!s->st[i].mask)
            return (int)i;
    return -1;
}

static int free_rt(const strt_walk *w, const simt_st_rt_out *s)
{
    for (unsigned i = 0; i < w->cfg.nrt; i++)
        if (!s->rt[i].pend)
            return (int)i;
    return -1;
}

/* Insertions in priority order; at most one OREC decision (contract "OREC"). */
static void p_insert(const strt_walk *w, const simt_st_rt_out *s, unsigned sel, pstate *p, pins *x,
                     unsigned nx, pflags *f)
{
    if (w->cfg.orec) {
        for (unsigned k = 0; k < nx; k++) {
            if (!x[k].on)
                continue;
            int e = -1;
            for (unsigned i = 0; i < w->cfg.nst && e < 0; i++) {
                const simt_st_ent *E = &s->st[i];
                if (i != sel && E->mask && E->bpc == x[k].x.pc && E->hasr == x[k].x.hasr &&
                    E->rpc == x[k].x.rpc && E->ridx == x[k].x.ridx)
                    e = (int)i;
            }
            if (e < 0)
                continue;
            const simt_st_ent *E = &s->st[e];
            if (E->pc == x[k].x.pc) {
                p->st[e].mask |= x[k].x.mask;
                x[k].on = 0;
                f->ev |= SIMT_STRT_EV_MERGE;
            } else {
                const int q = free_rt(w, s);
                if (q < 0) {
                    f->ev |= SIMT_STRT_EV_OSKIP;
                } else {
                    simt_rt_ent *Q = &p->rt[q];
                    Q->pc = E->pc;
                    Q->rpc = x[k].x.rpc;
                    Q->hasr = x[k].x.hasr;
                    Q->ridx = x[k].x.ridx;
                    Q->rmask = E->mask | x[k].x.mask;
                    Q->pend = x[k].x.mask;
                    p->st[e].mask = 0;
                    x[k].x.rpc = E->pc;
                    x[k].x.hasr = 1;
                    x[k].x.ridx = (unsigned)q;
                    f->ev |= SIMT_STRT_EV_OREC;
                }
            }
            break;
        }
    }
    for (unsigned k = 0; k < nx; k++)
        if (x[k].on)
            p->st[x[k].slot] = x[k].x;
}

static void p_adv(const strt_walk *w, const simt_st_rt_out *s, unsigned sel, uint64_t npc, int blk, pstate *p,
                  pflags *f)
{
    const simt_st_ent *S = &s->st[sel];
    if (S->hasr && npc == S->rpc) {  /* arrival */
        f->ev |= SIMT_STRT_EV_ARRIVE;
        p->st[sel].mask = 0;
        simt_rt_ent *R = &p->rt[S->ridx];
        R->pend &= ~S->mask;
        if (!R->pend) {
            f->ev |= SIMT_STRT_EV_RECONV;
            pins x = {1, sel, {R->pc, R->pc, R->rmask, R->rpc, R->hasr, R->ridx}};
            R->rmask = 0;
            p_insert(w, s, sel, p, &x, 1, f);
        }
        return;
    }
    p->st[sel].pc = npc;
    if (blk) {
        p->st[sel].bpc = npc;
        pins x = {1, sel, p->st[sel]};
        p->st[sel].mask = 0;
        p_insert(w, s, sel, p, &x, 1, f);
    }
}

static void predict(const strt_walk *w, const simt_st_rt_out *s, const simt_st_rt_in *in, pstate *p, pflags *f)
{
    const simt_st_rt_cfg *c = &w->cfg;
    memset(f, 0, sizeof *f);
    memcpy(p->st, s->st, c->nst * sizeof p->st[0]);
    memcpy(p->rt, s->rt, c->nrt * sizeof p->rt[0]);
    const int sel_ok = in->sel < c->nst && s->st[in->sel].mask;
    const simt_st_ent *S = sel_ok ? &s->st[in->sel] : NULL;
    switch (in->op) {
    case SIMT_STRT_NONE:
        return;
    case SIMT_STRT_ADV:
        if (!S)
            break;
        f->ok = 1;
        p_adv(w, s, in->sel, in->npc, in->blk, p, f);
        return;
    case SIMT_STRT_BR: {
        if (!S || (in->tmask & ~S->mask))
            break;
        const uint64_t mt = in->tmask, mn = S->mask & ~in->tmask;
        if (!mt || !mn || in->tgt == in->npc) {
            f->ok = 1;
            p_adv(w, s, in->sel, mt ? in->tgt : in->npc, 1, p, f);
            return;
        }
        const int reuse = S->hasr && in->rpc == S->rpc;
        const int t_at = in->tgt == in->rpc, n_at = in->npc == in->rpc;
        const int ff = free_st(w, s), fr = free_rt(w, s);
        if ((!t_at && !n_at && ff < 0) || (!reuse && fr < 0)) {
            f->stall = 1;
            return;
        }
        f->ok = 1;
        f->ev |= SIMT_STRT_EV_DIV;
        unsigned L = S->ridx;
        if (!reuse) {
            L = (unsigned)fr;
            p->rt[L] = (simt_rt_ent){in->rpc, S->rpc, S->mask, S->mask, S->hasr, S->ridx};
            f->ev |= SIMT_STRT_EV_NEWRT;
        }
        if (t_at || n_at) {
            p->rt[L].pend &= ~(t_at ? mt : mn);
            f->ev |= SIMT_STRT_EV_SIDE;
        }
        p->st[in->sel].mask = 0;
        pins x[2] = {{!t_at, in->sel, {in->tgt, in->tgt, mt, in->rpc, 1, L}},
                     {!n_at, t_at ? in->sel : (unsigned)ff, {in->npc, in->npc, mn, in->rpc, 1, L}}};
        p_insert(w, s, in->sel, p, x, 2, f);
        return;
    }
    case SIMT_STRT_EXIT:
        if (!S || S->hasr)
            break;
        f->ok = 1;
        p->st[in->sel].mask = 0;
        return;
    case SIMT_STRT_LAUNCH:
        if (s->st_valid || s->rt_valid || !in->tmask)
            break;
        f->ok = 1;
        p->st[0] = (simt_st_ent){in->npc, in->npc, in->tmask, 0, 0, 0};
        return;
    default:
        break;
    }
    f->bad = 1;
}

static int cmp_pred(const strt_walk *w, const simt_st_rt_out *s, char *err, size_t n)
{
    const pstate *p = &w->pred;
    for (unsigned i = 0; i < w->cfg.nst; i++) {
        const simt_st_ent *a = &s->st[i], *e = &p->st[i];
        if (!a->mask && !e->mask)
            continue;
        if (a->mask != e->mask || (e->mask && (a->pc != e->pc || a->bpc != e->bpc || a->rpc != e->rpc ||
                                               a->hasr != e->hasr || a->ridx != e->ridx)))
            return fail(err, n,
                        "after %s: ST[%u] expected {pc=0x%llx bpc=0x%llx mask=0x%llx rpc=0x%llx hasr=%u ridx=%u}, "
                        "got {pc=0x%llx bpc=0x%llx mask=0x%llx rpc=0x%llx hasr=%u ridx=%u}",
                        w->pred_op, i, (unsigned long long)e->pc, (unsigned long long)e->bpc,
                        (unsigned long long)e->mask, (unsigned long long)e->rpc, e->hasr, e->ridx,
                        (unsigned long long)a->pc, (unsigned long long)a->bpc, (unsigned long long)a->mask,
                        (unsigned long long)a->rpc, a->hasr, a->ridx);
    }
    for (unsigned i = 0; i < w->cfg.nrt; i++) {
        const simt_rt_ent *a = &s->rt[i], *e = &p->rt[i];
        if (!a->pend && !e->pend)
            continue;
        if (a->pend != e->pend || (e->pend && (a->pc != e->pc || a->rpc != e->rpc || a->hasr != e->hasr ||
                                               a->ridx != e->ridx || a->rmask != e->rmask)))
            return fail(err, n,
                        "after %s: RT[%u] expected {pc=0x%llx rpc=0x%llx hasr=%u ridx=%u rmask=0x%llx pend=0x%llx}, "
                        "got {pc=0x%llx rpc=0x%llx hasr=%u ridx=%u rmask=0x%llx pend=0x%llx}",
                        w->pred_op, i, (unsigned long long)e->pc, (unsigned long long)e->rpc, e->hasr, e->ridx,
                        (unsigned long long)e->rmask, (unsigned long long)e->pend, (unsigned long long)a->pc,
                        (unsigned long long)a->rpc, a->hasr, a->ridx, (unsigned long long)a->rmask,
                        (unsigned long long)a->pend);
    }
    return 0;
}

/* ---- structural and per-lane checks of a state ---- */

static int check_state(strt_walk *w, const simt_st_rt_out *s, char *err, size_t n)
{
    const simt_st_rt_cfg *c = &w->cfg;
    const prog *p = w->p;
    uint64_t stv = 0, rtv = 0;
    for (unsigned i = 0; i < c->nst; i++)
        if (s->st[i].mask)
            stv |= 1ull << i;
    for (unsigned i = 0; i < c->nrt; i++)
        if (s->rt[i].pend)
            rtv |= 1ull << i;
    if (s->st_valid != stv)
        return fail(err, n, "st_valid=0x%llx but the non-empty ST masks are 0x%llx", (unsigned long long)s->st_valid,
                    (unsigned long long)stv);
    if (s->rt_valid != rtv)
        return fail(err, n, "rt_valid=0x%llx but the non-empty RT pending masks are 0x%llx",
                    (unsigned long long)s->rt_valid, (unsigned long long)rtv);
    if (s->pick_valid != (stv != 0) || (stv && s->pick != ctz64(stv)))
        return fail(err, n, "pick_valid=%d pick=%u, expected the lowest valid ST entry of 0x%llx", s->pick_valid,
                    s->pick, (unsigned long long)stv);
    if (s->done != (!stv && !rtv))
        return fail(err, n, "done=%d with st_valid=0x%llx rt_valid=0x%llx", s->done, (unsigned long long)stv,
                    (unsigned long long)rtv);
    {
        const unsigned nst = pop64(stv), nrt = pop64(rtv);
        if (nst > w->cov.max_st)
            w->cov.max_st = nst;
        if (nrt > w->cov.max_rt)
            w->cov.max_rt = nrt;
        /* nesting: the longest chain of RT links above a valid split (bounded: a cyclic link
         * chain stops at NRT, the table checks report it) */
        for (unsigned i = 0; i < c->nst; i++) {
            if (!(stv >> i & 1))
                continue;
            unsigned depth = 0, h = s->st[i].hasr, r = s->st[i].ridx;
            while (h && r < c->nrt && depth < c->nrt) {
                depth++;
                h = s->rt[r].hasr;
                r = s->rt[r].ridx;
            }
            if (depth > w->cov.max_nest)
                w->cov.max_nest = depth;
        }
    }
    if (!w->live) {
        if (stv || rtv)
            return fail(err, n, "no live lanes (%s) but st_valid=0x%llx rt_valid=0x%llx",
                        w->phase == PH_LAUNCH ? "warp exited or not launched" : "?", (unsigned long long)stv,
                        (unsigned long long)rtv);
        return 0;
    }
    uint64_t cover = 0, kids[SIMT_STRT_MAX] = {0};
    unsigned roots = 0;
    for (uint64_t v = stv; v; v &= v - 1) {
        const unsigned i = ctz64(v);
        const simt_st_ent *e = &s->st[i];
        if (e->mask & ~w->live)
            return fail(err, n, "ST[%u] mask 0x%llx holds lanes 0x%llx that are not live (live 0x%llx)", i,
                        (unsigned long long)e->mask, (unsigned long long)(e->mask & ~w->live),
                        (unsigned long long)w->live);
        if (e->mask & cover)
            return fail(err, n, "ST[%u] mask 0x%llx overlaps other entries on lanes 0x%llx", i,
                        (unsigned long long)e->mask, (unsigned long long)(e->mask & cover));
        cover |= e->mask;
        const uint64_t ii = instr_index(w, e->pc), bi = instr_index(w, e->bpc);
        if (ii == NOBLK)
            return fail(err, n, "ST[%u] pc 0x%llx is outside the program", i, (unsigned long long)e->pc);
        if (bi == NOBLK || p->code[bi].blk != p->code[ii].blk || bi > ii ||
            (!c->orec && bi != p->bfirst[p->code[ii].blk]))
            return fail(err, n, "ST[%u] bpc 0x%llx is not %s of pc 0x%llx", i, (unsigned long long)e->bpc,
                        c->orec ? "in the block, at or before," : "the first PC of the block", (unsigned long long)e->pc);
        for (uint64_t m = e->mask; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            if (w->lpc[l] != e->pc)
                return fail(err, n, "lane %u is in ST[%u] at pc 0x%llx but its own path is at pc 0x%llx", l, i,
                            (unsigned long long)e->pc, (unsigned long long)w->lpc[l]);
        }
        if (e->hasr) {
            if (e->ridx >= c->nrt || !((rtv >> e->ridx) & 1) || s->rt[e->ridx].pc != e->rpc)
                return fail(err, n, "ST[%u] (rpc 0x%llx) links to RT[%u], which is not a valid entry at that PC", i,
                            (unsigned long long)e->rpc, e->ridx);
            kids[e->ridx] |= e->mask;
        } else {
            roots++;
            if (e->rpc || e->ridx)
                return fail(err, n, "ST[%u] has hasr=0 but rpc=0x%llx ridx=%u", i, (unsigned long long)e->rpc,
                            e->ridx);
        }
    }
    for (uint64_t v = rtv; v; v &= v - 1) {
        const unsigned r = ctz64(v);
        const simt_rt_ent *e = &s->rt[r];
        if (e->pend & ~e->rmask)
            return fail(err, n, "RT[%u] pend 0x%llx is not a subset of rmask 0x%llx", r, (unsigned long long)e->pend,
                        (unsigned long long)e->rmask);
        if (e->rmask & ~w->live)
            return fail(err, n, "RT[%u] rmask 0x%llx holds lanes that are not live (0x%llx)", r,
                        (unsigned long long)e->rmask, (unsigned long long)w->live);
        const uint64_t arr = e->rmask & ~e->pend;
        if (arr & cover)
            return fail(err, n, "RT[%u]: arrived lanes 0x%llx are also elsewhere (0x%llx)", r,
                        (unsigned long long)arr, (unsigned long long)(arr & cover));
        cover |= arr;
        const uint64_t ii = instr_index(w, e->pc);
        if (ii == NOBLK || (!c->orec && !p->bstart[ii]))
            return fail(err, n, "RT[%u] pc 0x%llx is not %s", r, (unsigned long long)e->pc,
                        c->orec ? "in the program" : "the first PC of a block (an IPDOM)");
        for (uint64_t m = arr; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            if (w->lpc[l] != e->pc)
                return fail(err, n, "lane %u waits at RT[%u] (pc 0x%llx) but its own path is at pc 0x%llx", l, r,
                            (unsigned long long)e->pc, (unsigned long long)w->lpc[l]);
        }
        if (e->hasr) {
            if (e->ridx >= c->nrt || !((rtv >> e->ridx) & 1) || s->rt[e->ridx].pc != e->rpc)
                return fail(err, n, "RT[%u] (rpc 0x%llx) links to RT[%u], which is not a valid entry at that PC", r,
                            (unsigned long long)e->rpc, e->ridx);
            kids[e->ridx] |= e->rmask;
        } else {
            roots++;
            if (e->rpc || e->ridx)
                return fail(err, n, "RT[%u] has hasr=0 but rpc=0x%llx ridx=%u", r, (unsigned long long)e->rpc,
                            e->ridx);
        }
    }
    if (cover != w->live)
        return fail(err, n, "lanes 0x%llx are live but in no ST entry and not arrived at any RT entry",
                    (unsigned long long)(w->live & ~cover));
    if (roots != 1)
        return fail(err, n, "%u valid entries without a reconvergence link (expected exactly one root)", roots);
    for (uint64_t v = rtv; v; v &= v - 1) {
        const unsigned r = ctz64(v);
        if (kids[r] != s->rt[r].pend)
            return fail(err, n, "RT[%u] pend 0x%llx is not the OR of its children's masks 0x%llx", r,
                        (unsigned long long)s->rt[r].pend, (unsigned long long)kids[r]);
        unsigned q = r, steps = 0;
        while (s->rt[q].hasr && steps++ <= c->nrt)
            q = s->rt[q].ridx;
        if (steps > c->nrt)
            return fail(err, n, "RT[%u]: the reconvergence links form a cycle", r);
    }
    return 0;
}

/* ---- commit ---- */

static const char *const ev_names[8] = {"div", "newrt", "side", "arrive", "reconv", "merge", "orec", "oskip"};

static void fmt_ev(char *b, size_t n, unsigned ev)
{
    size_t k = 0;
    b[0] = 0;
    for (unsigned i = 0; i < 8; i++)
        if ((ev >> i) & 1)
            k += (size_t)snprintf(b + k, k < n ? n - k : 0, "%s%s", k ? "," : "", ev_names[i]);
    if (!k)
        snprintf(b, n, "-");
}

int strt_walk_commit(strt_walk *w, const simt_st_rt_in *in, const simt_st_rt_out *cyc, char *err, size_t errlen)
{
    char e1[600], opb[140];
    const uint64_t cyc_no = w->cov.cycles++;
    fmt_op(opb, sizeof opb, in);
#define FAILX(...)                                                                 \
    do {                                                                           \
        snprintf(e1, sizeof e1, __VA_ARGS__);                                      \
        return fail(err, errlen, "strt walker, cycle %llu (%s): %s",               \
                    (unsigned long long)cyc_no, opb, e1);                          \
    } while (0)
    if (w->have_pred && !w->no_pred && cmp_pred(w, cyc, e1, sizeof e1))
        return fail(err, errlen, "strt walker, cycle %llu: %s", (unsigned long long)cyc_no, e1);
    if (check_state(w, cyc, e1, sizeof e1))
        return fail(err, errlen, "strt walker, cycle %llu (state at the start of the cycle): %s",
                    (unsigned long long)cyc_no, e1);
    pflags f;
    predict(w, cyc, in, &w->pred, &f);
    w->have_pred = 1;
    memcpy(w->pred_op, opb, sizeof opb < sizeof w->pred_op ? sizeof opb : sizeof w->pred_op);
    w->pred_op[sizeof w->pred_op - 1] = 0;
    if (w->no_pred) {  /* take the unit's word for what happened */
        f.ok = cyc->ok;
        f.stall = cyc->stall;
        f.bad = cyc->bad;
        f.ev = cyc->ev;
        if (f.bad != w->intent_bad || (f.stall && in->op != SIMT_STRT_BR) || f.ok + f.stall + f.bad > 1 ||
            (in->op != SIMT_STRT_NONE && !f.ok && !f.stall && !f.bad) ||
            (in->op == SIMT_STRT_NONE && (f.ok || f.stall || f.bad)))
            FAILX("ok=%d stall=%d bad=%d for a %s operation", cyc->ok, cyc->stall, cyc->bad,
                  w->intent_bad ? "refused" : "well-formed");
    } else if (cyc->ok != f.ok || cyc->stall != f.stall || cyc->bad != f.bad || cyc->ev != (f.ok ? f.ev : 0)) {
        char ea[64], eb[64];
        fmt_ev(ea, sizeof ea, f.ok ? f.ev : 0);
        fmt_ev(eb, sizeof eb, cyc->ev);
        FAILX("expected ok=%d stall=%d bad=%d ev=%s, got ok=%d stall=%d bad=%d ev=%s", f.ok, f.stall, f.bad, ea,
              cyc->ok, cyc->stall, cyc->bad, eb);
    }
    if (w->intent_bad != f.bad)
        FAILX("walker error: meant a %s operation", w->intent_bad ? "refused" : "well-formed");
    if (f.bad)
        w->cov.bads++;
    if (in->op == SIMT_STRT_NONE)
        w->cov.idle++;
    if (f.stall) {
        w->cov.stalls++;
        w->cov.full_stalls++;
        w->stalled |= 1ull << in->sel;
        const uint64_t valid = cyc->st_valid;
        if ((w->stalled & valid) == valid) {
            w->cov.deadlocks++;
            w->need_reset = 1;
            w->have_pred = 0;
        }
    }
    if (!f.ok) {
        if (!w->need_reset && w->phase == PH_RUN && cyc_no - w->last_ok > WATCHDOG)
            FAILX("no operation applied for %u cycles", WATCHDOG);
        return 0;
    }
    /* an applied operation */
    w->last_ok = cyc_no;
    w->stalled = 0;
    w->cov.ops++;
    const unsigned ev = f.ev;
    if (ev & SIMT_STRT_EV_DIV) {
        w->cov.divergences++;
        if (!(ev & SIMT_STRT_EV_NEWRT))
            w->cov.rt_reuse++;
    }
    w->cov.newrt += !!(ev & SIMT_STRT_EV_NEWRT);
    w->cov.side_at_rpc += !!(ev & SIMT_STRT_EV_SIDE);
    w->cov.arrivals += !!(ev & SIMT_STRT_EV_ARRIVE);
    w->cov.reconvergences += !!(ev & SIMT_STRT_EV_RECONV);
    w->cov.merges += !!(ev & SIMT_STRT_EV_MERGE);
    w->cov.orecs += !!(ev & SIMT_STRT_EV_OREC);
    w->cov.oskips += !!(ev & SIMT_STRT_EV_OSKIP);
    const prog *p = w->p;
    if (in->op == SIMT_STRT_LAUNCH) {
        if (w->phase != PH_LAUNCH)
            FAILX("walker error: LAUNCH while running");
        w->phase = PH_RUN;
        w->launched = w->live = in->tmask;
        w->nob = 0;
        w->cov.launches++;
        w->greedy = (unsigned)(below(w, 3) * 45);
        for (uint64_t m = in->tmask; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            w->lpc[l] = in->npc;
            w->ph[l] = 0;
            w->plen[l] = 0;
            solo(w, l, &w->lb[l * MAXBR], &w->sh[l], &w->slen[l]);
            memset(&w->lb[l * MAXBR], 0, p->nbr * sizeof w->lb[0]);
        }
        return 0;
    }
    /* ADV / BR / EXIT of split sel: the lanes of M, all at P (check_state saw to that) */
    const simt_st_ent *S = &cyc->st[in->sel];
    const uint64_t M = S->mask, P = S->pc;
    for (unsigned k = 0; k < w->nob;) {  /* IPDOM reconvergence */
        oblig *o = &w->ob[k];
        if (o->pc == P && (o->mask & M)) {
            if (o->mask & ~M)
                FAILX("IPDOM violated: lanes 0x%llx diverged at the branch at pc 0x%llx (cycle %llu) and must "
                      "execute its IPDOM pc 0x%llx together, but lanes 0x%llx execute it without lanes 0x%llx",
                      (unsigned long long)o->mask, (unsigned long long)o->brpc, (unsigned long long)o->cycle,
                      (unsigned long long)P, (unsigned long long)(M & o->mask),
                      (unsigned long long)(o->mask & ~M));
            *o = w->ob[--w->nob];
            continue;
        }
        k++;
    }
    for (uint64_t m = M; m; m &= m - 1) {
        const unsigned l = ctz64(m);
        w->ph[l] = phash(w->ph[l], P);
        w->plen[l]++;
    }
    if (in->op == SIMT_STRT_EXIT) {
        if (M != w->launched)
            FAILX("EXIT of lanes 0x%llx but the warp launched 0x%llx", (unsigned long long)M,
                  (unsigned long long)w->launched);
        if (w->nob)
            FAILX("EXIT with %u IPDOM reconvergences pending (first: lanes 0x%llx at pc 0x%llx)", w->nob,
                  (unsigned long long)w->ob[0].mask, (unsigned long long)w->ob[0].pc);
        for (uint64_t m = M; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            if (w->ph[l] != w->sh[l] || w->plen[l] != w->slen[l])
                FAILX("lane %u executed %llu instructions (hash %016llx), alone it executes %llu (hash %016llx)", l,
                      (unsigned long long)w->plen[l], (unsigned long long)w->ph[l], (unsigned long long)w->slen[l],
                      (unsigned long long)w->sh[l]);
        }
        w->live = 0;
        w->phase = PH_LAUNCH;
        w->prog_ready = 0;
        w->cov.programs++;
        w->cov.exits++;
        w->cov.lanes_exited += pop64(M);
        return 0;
    }
    if (in->op == SIMT_STRT_ADV) {
        for (uint64_t m = M; m; m &= m - 1)
            w->lpc[ctz64(m)] = in->npc;
        return 0;
    }
    /* BR */
    const uint64_t i = instr_index(w, P);
    if (i == NOBLK || p->code[i].kind != K_BR)
        FAILX("walker error: BR at pc 0x%llx, not a branch", (unsigned long long)P);
    const unsigned bid = p->code[i].bid;
    for (uint64_t m = M; m; m &= m - 1) {
        const unsigned l = ctz64(m);
        const int t = (int)((in->tmask >> l) & 1);
        lbr_update(&p->br[bid], &w->lb[l * MAXBR + bid], t);
        w->lpc[l] = t ? in->tgt : in->npc;
    }
    if ((ev & SIMT_STRT_EV_DIV) || (in->tmask && in->tmask != M && in->tgt != in->npc)) {
        int dup = 0;
        for (unsigned k = 0; k < w->nob && !dup; k++)
            dup = w->ob[k].pc == in->rpc && (M & ~w->ob[k].mask) == 0;
        if (!dup) {
            if (w->nob < MAXOB)
                w->ob[w->nob++] = (oblig){M, in->rpc, P, cyc_no};
            else
                w->obl_dropped++;
        }
    }
    return 0;
#undef FAILX
}

void strt_walk_check_transitions(strt_walk *w, int on) { w->no_pred = !on; }

/* ---- reports ---- */

void strt_walk_get_coverage(const strt_walk *w, strt_walk_cov *c) { *c = w->cov; }

void strt_walk_coverage(const strt_walk *w, FILE *f)
{
    const strt_walk_cov *c = &w->cov;
    fprintf(f, "strt coverage W=%u NST=%u NRT=%u OREC=%d%s\n", w->cfg.w, w->cfg.nst, w->cfg.nrt, w->cfg.orec,
            w->o.unstructured ? " unstructured" : "");
    fprintf(f, "  cycles %llu\n  ops_applied %llu\n  idle %llu\n  refused %llu\n",
            (unsigned long long)c->cycles, (unsigned long long)c->ops, (unsigned long long)c->idle,
            (unsigned long long)c->bads);
    fprintf(f, "  divergences %llu\n  rt_new %llu\n  rt_reuse %llu\n  side_at_rpc %llu\n",
            (unsigned long long)c->divergences, (unsigned long long)c->newrt, (unsigned long long)c->rt_reuse,
            (unsigned long long)c->side_at_rpc);
    fprintf(f, "  arrivals %llu\n  reconvergences %llu\n", (unsigned long long)c->arrivals,
            (unsigned long long)c->reconvergences);
    fprintf(f, "  orec_merges %llu\n  orec_early %llu\n  orec_skips %llu\n", (unsigned long long)c->merges,
            (unsigned long long)c->orecs, (unsigned long long)c->oskips);
    fprintf(f, "  full_table_stalls %llu\n  capacity_deadlocks %llu\n", (unsigned long long)c->full_stalls,
            (unsigned long long)c->deadlocks);
    fprintf(f, "  max_nesting %u\n  max_rt_in_use %u\n  max_st_in_use %u\n", c->max_nest, c->max_rt, c->max_st);
    fprintf(f, "  launches %llu\n  programs_completed %llu\n  lanes_exited %llu\n", (unsigned long long)c->launches,
            (unsigned long long)c->programs, (unsigned long long)c->lanes_exited);
    if (w->obl_dropped)
        fprintf(f, "  ipdom_checks_dropped %llu\n", (unsigned long long)w->obl_dropped);
}

void strt_walk_dump(const strt_walk *w, FILE *f)
{
    const prog *p = w->p;
    if (!w->prog_ready && w->phase == PH_LAUNCH) {
        fprintf(f, "(no program)\n");
        return;
    }
    fprintf(f, "program: %u instructions at 0x%llx, %u blocks, %u branches\n", p->n, (unsigned long long)p->base,
            p->nblk, p->nbr);
    static const char *const cls[] = {"if", "loop", "rare"};
    for (unsigned i = 0; i < p->n; i++) {
        const insn *c = &p->code[i];
        fprintf(f, "  %s0x%llx ", p->bstart[i] ? "B" : " ", (unsigned long long)(p->base + i));
        switch (c->kind) {
        case K_OP:
            fprintf(f, "op\n");
            break;
        case K_JMP:
            fprintf(f, "jmp 0x%llx\n", (unsigned long long)(p->base + c->tgt));
            break;
        case K_BR:
            fprintf(f, "br%u 0x%llx (%s%s) rpc 0x%llx\n", c->bid, (unsigned long long)(p->base + c->tgt),
                    cls[p->br[c->bid].cls], p->br[c->bid].cls == C_LOOP && p->br[c->bid].stay_taken ? ", taken stays" : "",
                    (unsigned long long)(p->base + p->br[c->bid].rpc));
            break;
        default:
            fprintf(f, "exit\n");
            break;
        }
    }
    fprintf(f, "lanes live 0x%llx:", (unsigned long long)w->live);
    for (uint64_t m = w->live; m; m &= m - 1)
        fprintf(f, " %u@0x%llx", ctz64(m), (unsigned long long)w->lpc[ctz64(m)]);
    fprintf(f, "\n");
}

/* For self-tests: the current program's block graph (succ: 2 per block, NOBLK for none) and
 * the walker's IPDOMs; returns the number of blocks (0 if more than max). */
unsigned strt_walk_cfg(const strt_walk *w, unsigned *succ, unsigned *ipdom, unsigned *exitblk, unsigned max)
{
    const prog *p = w->p;
    if (!w->prog_ready || p->nblk > max)
        return 0;
    for (unsigned b = 0; b < p->nblk; b++) {
        succ[2 * b] = p->succ[2 * b];
        succ[2 * b + 1] = p->succ[2 * b + 1];
        ipdom[b] = p->ipdom[b];
    }
    *exitblk = p->code[p->exit_i].blk;
    return p->nblk;
}
