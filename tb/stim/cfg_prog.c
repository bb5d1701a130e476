/* SPDX-License-Identifier: Apache-2.0 */
/* cfg_prog: random structured programs, IPDOMs, work-ahead descriptors and the per-lane
 * sequential reference; see cfg_prog.h.
 *
 * Lane outcomes of generated branches: if-branches are always/never taken, follow a bit of the
 * lane number, or are a hash of the visit count; loop branches stay in the loop while the
 * lane's run of iterations is below its trip count for this entry of the loop (hash of lane,
 * branch and the number of times the lane left that loop), with a cap on the lane's visits of
 * the branch; break/continue/return branches fire with a small per-branch probability.
 * Hand-written branches: a fixed lane mask (if) or fixed per-lane stay counts (loop).
 */
#include "cfg_prog.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAXI 4096u   /* instructions per program */
#define MAXBR 1024u  /* branches per program */
#define MAXL 4096u   /* labels while generating */
#define NOBLK CFG_NONE

enum { B_ALWAYS, B_NEVER, B_LANEBIT, B_PCT, B_MASK, B_STAY };

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
    uint64_t tmask;           /* B_MASK */
    uint8_t stay[64];         /* B_STAY */
} brinfo;

struct cfg_prog {
    unsigned n, nblk, nbr, exit_i, max_trip;
    uint64_t base, step, pseed;
    insn code[MAXI];
    uint8_t bstart[MAXI + 1];
    uint8_t is_rpc[MAXI];
    uint8_t ldepth[MAXI];
    uint32_t dist[MAXI];      /* to a back-edge instruction, NOBLK: none */
    uint32_t rank[MAXI];      /* of (ldepth, dist) among the PDOM points, NOBLK if dist is */
    uint32_t bfirst[MAXI];
    uint32_t succ[2 * MAXI];
    uint32_t ipdom[MAXI];
    brinfo br[MAXBR];
    cfg_shapes shapes;
};

typedef struct { uint16_t vis, run, nexit; } lbr;  /* a lane's history at one branch */

struct cfg_lanes {
    const cfg_prog *p;
    uint64_t pc[64], ph[64], plen[64], sh[64], slen[64];
    uint8_t done[64];
    lbr *lb;  /* [64][MAXBR] */
};

/* ---- small helpers ---- */

static uint64_t ones(unsigned n) { return n >= 64 ? ~0ull : ((1ull << n) - 1); }
static unsigned ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }

static uint64_t phash(uint64_t h, uint64_t pc) { return cfg_mix(h ^ pc) + 0x2545f4914f6cdd1dull; }

static unsigned clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

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

static uint64_t pc_of(const cfg_prog *p, unsigned i) { return p->base + (uint64_t)i * p->step; }

static unsigned index_of(const cfg_prog *p, uint64_t pc)
{
    if (pc < p->base)
        return NOBLK;
    uint64_t d = pc - p->base;
    if (p->step != 1) {
        if (d % p->step)
            return NOBLK;
        d /= p->step;
    }
    return d < p->n ? (unsigned)d : NOBLK;
}

/* ---- immediate post-dominators (Cooper, Harvey, Kennedy on the reverse CFG) ---- */

int cfg_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom)
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

/* ---- life cycle ---- */

cfg_prog *cfg_prog_new(void)
{
    cfg_prog *p = malloc(sizeof *p);
    if (p) {
        p->n = p->nblk = p->nbr = 0;
        p->exit_i = NOBLK;
        p->base = 0;
        p->step = 1;
        memset(&p->shapes, 0, sizeof p->shapes);
    }
    return p;
}

void cfg_prog_free(cfg_prog *p) { free(p); }

static void fix_opts(cfg_prog_opts *o)
{
    if (!o->max_depth)
        o->max_depth = 3;
    if (o->max_depth > 8)
        o->max_depth = 8;
    if (!o->max_len)
        o->max_len = 96;
    if (o->max_len > 1024)
        o->max_len = 1024;
    if (!o->max_trip)
        o->max_trip = 4;
    if (o->max_trip > 64)
        o->max_trip = 64;
}

/* ---- program generation ---- */

typedef struct {
    int cont, brk;   /* label ids, -1 outside loops */
    unsigned depth;  /* loops around (shapes only) */
} loopctx;

typedef struct {
    uint64_t *rng;
    const cfg_prog_opts *o;
    cfg_prog *p;
    unsigned n, soft, maxd, lanebits;
    int overflow, exit_lab, returned;
    int lab[MAXL];
    unsigned nlab;
    uint8_t cut[MAXI + 1];
    cfg_shapes sh;
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
        g_emit(g, CFG_OP);
}

static void g_jmp(gen *g, int lab)
{
    if (lab == g->exit_lab)
        g->returned = 1;
    g_emit(g, CFG_JMP)->tgt = (uint32_t)lab;
}

static void g_br(gen *g, int lab, unsigned cls, int stay_taken)
{
    cfg_prog *p = g->p;
    if (p->nbr >= MAXBR) {
        g->overflow = 1;
        return;
    }
    if (lab == g->exit_lab)
        g->returned = 1;
    insn *i = g_emit(g, CFG_BR);
    i->tgt = (uint32_t)lab;
    i->bid = (uint16_t)p->nbr;
    brinfo *b = &p->br[p->nbr++];
    memset(b, 0, sizeof *b);
    b->cls = (uint8_t)cls;
    b->stay_taken = (uint8_t)stay_taken;
    if (cls == CFG_BR_IF) {
        unsigned r = (unsigned)cfg_below(g->rng, 100);
        b->bias = r < 12 ? B_ALWAYS : r < 24 ? B_NEVER : r < 55 ? B_LANEBIT : B_PCT;
        b->bit = (uint8_t)cfg_below(g->rng, g->lanebits);
        b->inv = (uint8_t)cfg_below(g->rng, 2);
        b->p = (uint8_t)(10 + cfg_below(g->rng, 81));
    } else if (cls == CFG_BR_LOOP) {
        b->p = (uint8_t)(cfg_below(g->rng, 3) ? 100 : 50 + cfg_below(g->rng, 50));
    } else {
        b->p = (uint8_t)(5 + cfg_below(g->rng, 30));
    }
}

static void g_region(gen *g, unsigned d, const loopctx *lc);

static void g_straight(gen *g)
{
    if (g->n && cfg_chance(g->rng, 25)) {
        g->cut[g->n] = 1;  /* fall-through into a new block */
        g->sh.fallthrough_cuts++;
    }
    g_ops(g, 1 + (unsigned)cfg_below(g->rng, 3));
}

static void g_item(gen *g, unsigned d, const loopctx *lc)
{
    uint64_t *rng = g->rng;
    const int un = g->o->unstructured;
    const int inloop = lc && lc->brk >= 0;
    const unsigned ld = lc ? lc->depth : 0;
    if (d > g->sh.max_nest)
        g->sh.max_nest = d;
    if (g->o->barriers && d == 0 && !lc && !g->returned && cfg_chance(rng, 15)) {
        g_emit(g, CFG_SYNC);  /* the whole warp is here: top level, no return before */
        g->sh.barriers++;
    }
    if (d >= g->maxd || g->n >= g->soft) {
        if (un && inloop && cfg_chance(rng, 15)) {
            g_ops(g, (unsigned)cfg_below(rng, 2));
            const int brk = cfg_chance(rng, 60);
            g_br(g, brk ? lc->brk : lc->cont, CFG_BR_RARE, 0);  /* conditional break / continue */
            if (brk)
                g->sh.breaks++;
            else
                g->sh.continues++;
        } else if (un && cfg_chance(rng, 4)) {
            g_ops(g, (unsigned)cfg_below(rng, 2));
            g_br(g, g->exit_lab, CFG_BR_RARE, 0);  /* conditional early return */
            g->sh.returns++;
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
    unsigned r = (unsigned)cfg_below(rng, tot);
    while (r >= wt[k])
        r -= wt[k++];
    switch (k) {
    case 0:
        g_straight(g);
        break;
    case 1: {  /* if (c) {then} else {else} */
        int le = g_label(g), lj = g_label(g);
        g->sh.if_else++;
        g_ops(g, (unsigned)cfg_below(rng, 3));
        g_br(g, le, CFG_BR_IF, 0);
        g_region(g, d + 1, lc);
        if (un && inloop && cfg_chance(rng, 15)) {
            g_jmp(g, lc->brk);  /* then-part ends in an unconditional break */
            g->sh.jmp_breaks++;
        } else if (un && cfg_chance(rng, 5)) {
            g_jmp(g, g->exit_lab);  /* ... or an unconditional return */
            g->sh.jmp_returns++;
        } else {
            g_jmp(g, lj);
        }
        g_place(g, le);
        g_region(g, d + 1, lc);
        g_place(g, lj);
        break;
    }
    case 2: {  /* if (c) {then} */
        int lj = g_label(g);
        g->sh.if_only++;
        g_ops(g, (unsigned)cfg_below(rng, 3));
        g_br(g, lj, CFG_BR_IF, 0);
        if (!cfg_chance(rng, 3))  /* else an empty then: target == fall-through */
            g_region(g, d + 1, lc);
        else
            g->sh.if_empty++;
        g_place(g, lj);
        break;
    }
    case 3: {  /* while (c) {body} : header tests, taken = leave */
        int lh = g_label(g), lx = g_label(g);
        g->sh.while_loops++;
        if (ld + 1 > g->sh.max_loop_nest)
            g->sh.max_loop_nest = ld + 1;
        g_place(g, lh);
        g_ops(g, (unsigned)cfg_below(rng, 3));
        g_br(g, lx, CFG_BR_LOOP, 0);
        loopctx in = {lh, lx, ld + 1};
        g_region(g, d + 1, &in);
        g_jmp(g, lh);
        g_place(g, lx);
        break;
    }
    case 4: {  /* do {body} while (c) : latch tests, taken = stay */
        int lb = g_label(g), ll = g_label(g), lx = g_label(g);
        g->sh.do_loops++;
        if (ld + 1 > g->sh.max_loop_nest)
            g->sh.max_loop_nest = ld + 1;
        g_place(g, lb);
        loopctx in = {ll, lx, ld + 1};
        g_region(g, d + 1, &in);
        g_place(g, ll);
        g_ops(g, (unsigned)cfg_below(rng, 3));
        g_br(g, lb, CFG_BR_LOOP, 1);
        g_place(g, lx);
        break;
    }
    case 5: {  /* switch: a chain of 2-way branches, cases out of line */
        unsigned nc = 2 + (unsigned)cfg_below(rng, 3);
        int lc_[4], lj = g_label(g);
        g->sh.switches++;
        g->sh.switch_cases += nc;
        for (unsigned c = 0; c < nc; c++) {
            lc_[c] = g_label(g);
            g_ops(g, (unsigned)cfg_below(rng, 2));
            g_br(g, lc_[c], CFG_BR_IF, 0);
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
        loopctx in = {ll, lx, ld + 1};
        g->sh.fig10++;
        if (ld + 1 > g->sh.max_loop_nest)
            g->sh.max_loop_nest = ld + 1;
        g_place(g, la);
        if (cfg_chance(rng, 50))
            g_straight(g);
        else
            g_region(g, d + 1, &in);
        g_br(g, lcc, CFG_BR_IF, 0);
        g_region(g, d + 1, &in);  /* B */
        g_jmp(g, lx);             /* break */
        g_place(g, lcc);
        g_region(g, d + 1, &in);  /* C */
        g_place(g, ll);
        g_ops(g, (unsigned)cfg_below(rng, 2));
        g_br(g, la, CFG_BR_LOOP, 1);
        g_place(g, lx);
        break;
    }
    case 7:
        g_ops(g, (unsigned)cfg_below(rng, 2));
        g_br(g, lc->brk, CFG_BR_RARE, 0);
        g->sh.breaks++;
        break;
    case 8:
        g_ops(g, (unsigned)cfg_below(rng, 2));
        g_br(g, lc->cont, CFG_BR_RARE, 0);
        g->sh.continues++;
        break;
    default:
        g_ops(g, (unsigned)cfg_below(rng, 2));
        g_br(g, g->exit_lab, CFG_BR_RARE, 0);
        g->sh.returns++;
        break;
    }
}

static void g_region(gen *g, unsigned d, const loopctx *lc)
{
    unsigned k = 1 + (unsigned)cfg_below(g->rng, 3);
    while (k--)
        g_item(g, d, lc);
}

/* Work-ahead tables: loop depth, distance to a back-edge, rank of each PC's key. */
static int key_cmp(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static uint64_t wa_key(const cfg_prog *p, unsigned i)  /* smaller = better */
{
    return ((uint64_t)(255 - p->ldepth[i]) << 32) | p->dist[i];
}

static void wa_tables(cfg_prog *p)
{
    const unsigned n = p->n;
    uint32_t *end = malloc(n * sizeof *end), *q = malloc(n * sizeof *q), *off = calloc(n + 1, sizeof *off);
    uint32_t *fill = calloc(n, sizeof *fill), *pred = malloc(2 * n * sizeof *pred);
    int32_t *acc = calloc(n + 1, sizeof *acc);
    uint64_t *keys = malloc(n * sizeof *keys);
    if (!end || !q || !off || !fill || !pred || !acc || !keys)
        abort();
    /* loops: [h, the last back-edge source to h] */
    for (unsigned i = 0; i < n; i++)
        end[i] = NOBLK;
    for (unsigned s = 0; s < n; s++) {
        const insn *c = &p->code[s];
        if ((c->kind == CFG_BR || c->kind == CFG_JMP) && c->tgt <= s && (end[c->tgt] == NOBLK || end[c->tgt] < s))
            end[c->tgt] = s;
    }
    for (unsigned h = 0; h < n; h++)
        if (end[h] != NOBLK) {
            acc[h]++;
            acc[end[h] + 1]--;
        }
    for (int i = 0, d = 0; i < (int)n; i++) {
        d += acc[i];
        p->ldepth[i] = (uint8_t)(d > 255 ? 255 : d);
    }
    /* distances: breadth-first from every back-edge instruction over reversed edges (the
     * successors of i: i+1 after OP, SYNC, BR; the target of JMP, BR; none after EXIT, the
     * last instruction) */
    for (unsigned i = 0; i < n; i++) {
        const insn *c = &p->code[i];
        if (c->kind != CFG_JMP && c->kind != CFG_EXIT)
            off[i + 1]++;
        if (c->kind == CFG_JMP || c->kind == CFG_BR)
            off[c->tgt]++;
    }
    for (unsigned j = 0, sum = 0; j <= n; j++) {  /* off[j]: predecessors of j, then offsets */
        const uint32_t k = off[j];
        off[j] = sum;
        sum += k;
    }
    for (unsigned i = 0; i < n; i++) {
        const insn *c = &p->code[i];
        if (c->kind != CFG_JMP && c->kind != CFG_EXIT)
            pred[off[i + 1] + fill[i + 1]++] = i;
        if (c->kind == CFG_JMP || c->kind == CFG_BR)
            pred[off[c->tgt] + fill[c->tgt]++] = i;
    }
    unsigned qh = 0, qt = 0;
    for (unsigned i = 0; i < n; i++) {
        const insn *c = &p->code[i];
        p->dist[i] = NOBLK;
        if ((c->kind == CFG_BR || c->kind == CFG_JMP) && c->tgt <= i) {
            p->dist[i] = 0;
            q[qt++] = i;
        }
    }
    while (qh < qt) {
        const unsigned v = q[qh++];
        for (unsigned k = off[v]; k < off[v + 1]; k++) {
            const unsigned u = pred[k];
            if (p->dist[u] == NOBLK) {
                p->dist[u] = p->dist[v] + 1;
                q[qt++] = u;
            }
        }
    }
    /* ranks among the PDOM points (their distinct keys, sorted, best first) */
    unsigned nk = 0;
    for (unsigned i = 0; i < n; i++)
        if (p->is_rpc[i] && p->dist[i] != NOBLK)
            keys[nk++] = wa_key(p, i);
    qsort(keys, nk, sizeof keys[0], key_cmp);
    unsigned nd = 0;
    for (unsigned k = 0; k < nk; k++)
        if (!nd || keys[k] != keys[nd - 1])
            keys[nd++] = keys[k];
    for (unsigned i = 0; i < n; i++) {
        if (p->dist[i] == NOBLK) {
            p->rank[i] = NOBLK;
            continue;
        }
        const uint64_t key = wa_key(p, i);
        unsigned lo = 0, hi = nd;  /* the number of keys strictly better than key */
        while (lo < hi) {
            const unsigned mid = (lo + hi) / 2;
            if (keys[mid] < key)
                lo = mid + 1;
            else
                hi = mid;
        }
        p->rank[i] = lo;
    }
    free(end);
    free(q);
    free(off);
    free(fill);
    free(pred);
    free(acc);
    free(keys);
}

/* Blocks, successors, IPDOMs and each branch's RPC from code[] with resolved targets (instruction
 * indices) and cut[] (extra block starts, may be NULL). 0 if fine. */
static int finish_blocks(cfg_prog *p, const uint8_t *cut)
{
    memset(p->bstart, 0, sizeof p->bstart);
    for (unsigned i = 0; i < p->n; i++) {
        const insn *c = &p->code[i];
        if (i == 0 || (cut && cut[i]))
            p->bstart[i] = 1;
        if (c->kind == CFG_BR || c->kind == CFG_JMP || c->kind == CFG_EXIT)
            p->bstart[i + 1] = 1;
        if (c->kind == CFG_BR || c->kind == CFG_JMP)
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
        case CFG_OP:
        case CFG_SYNC:
            if (last + 1 >= p->n)
                return -1;
            p->succ[2 * b] = p->code[last + 1].blk;
            break;
        case CFG_JMP:
            p->succ[2 * b] = p->code[c->tgt].blk;
            break;
        case CFG_BR:
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
    if (cfg_ipdom(p->nblk, p->succ, p->code[p->exit_i].blk, p->ipdom))
        return -1;
    for (unsigned b = 0; b < p->nbr; b++) {
        unsigned at = NOBLK;
        for (unsigned i = 0; i < p->n; i++)
            if (p->code[i].kind == CFG_BR && p->code[i].bid == b)
                at = i;
        if (at == NOBLK)
            return -1;
        p->br[b].at = at;
        p->br[b].rpc = p->bfirst[p->ipdom[p->code[at].blk]];
    }
    return 0;
}

static void finish_extra(cfg_prog *p)
{
    memset(p->is_rpc, 0, p->n * sizeof p->is_rpc[0]);
    for (unsigned b = 0; b < p->nbr; b++)
        p->is_rpc[p->br[b].rpc] = 1;
    wa_tables(p);
}

/* Resolve labels, then the blocks. 0 if fine. */
static int finish_prog(gen *g)
{
    cfg_prog *p = g->p;
    p->n = g->n;
    for (unsigned i = 0; i < p->n; i++) {
        insn *c = &p->code[i];
        if (c->kind == CFG_BR || c->kind == CFG_JMP) {
            if (g->lab[c->tgt] < 0 || (unsigned)g->lab[c->tgt] >= p->n)
                return -1;
            c->tgt = (uint32_t)g->lab[c->tgt];
        }
    }
    return finish_blocks(p, g->cut);
}

int cfg_prog_gen(cfg_prog *p, uint64_t *rng, const cfg_prog_opts *opts, unsigned lanes, unsigned pc_w)
{
    cfg_prog_opts o;
    if (opts)
        o = *opts;
    else
        memset(&o, 0, sizeof o);
    fix_opts(&o);
    const uint64_t space = pc_w >= 13 ? 8192 : (1ull << pc_w);  /* PCs available */
    unsigned maxlen = o.max_len;
    if (maxlen > space / 2)
        maxlen = (unsigned)(space / 2);
    gen *g = malloc(sizeof *g);
    if (!g)
        abort();
    p->step = 1;
    p->max_trip = o.max_trip;
    for (;;) {
        memset(p->code, 0, sizeof p->code);
        p->nbr = 0;
        p->pseed = cfg_rand(rng);
        memset(g, 0, sizeof *g);
        g->rng = rng;
        g->o = &o;
        g->p = p;
        g->lanebits = clog2(lanes) ? clog2(lanes) : 1;
        if (maxlen < 24) {  /* tiny PC space: straight-line code */
            unsigned k = (unsigned)cfg_below(rng, maxlen < 2 ? 1 : maxlen);
            g_ops(g, k);
            g->exit_lab = g_label(g);
            g_place(g, g->exit_lab);
            g_emit(g, CFG_EXIT);
        } else {
            g->soft = maxlen / 4 + (unsigned)cfg_below(rng, maxlen - maxlen / 4);
            g->maxd = o.max_depth;
            g->exit_lab = g_label(g);
            do
                g_region(g, 0, NULL);
            while (g->n < g->soft / 2 && !g->overflow);
            g_place(g, g->exit_lab);
            g_ops(g, (unsigned)cfg_below(rng, 3));
            g_emit(g, CFG_EXIT);
        }
        if (!g->overflow && g->n <= space && finish_prog(g) == 0)
            break;
        if (maxlen > 24)
            maxlen = maxlen * 3 / 4;
    }
    p->shapes = g->sh;
    free(g);
    const uint64_t top = ones(pc_w) - (p->n - 1);  /* highest base that fits in PC_W bits */
    unsigned r = (unsigned)cfg_below(rng, 4);
    p->base = r == 0 ? 0 : r == 1 ? top : (top ? cfg_rand(rng) % (top + 1) : 0);
    finish_extra(p);
    p->shapes.programs = 1;
    p->shapes.insns = p->n;
    p->shapes.blocks = p->nblk;
    p->shapes.branches = p->nbr;
    p->shapes.max_insns = p->n;
    return 0;
}

int cfg_prog_build(cfg_prog *p, uint64_t base, uint64_t step, unsigned n, const cfg_src *code, char *err,
                   size_t errlen)
{
    p->n = p->nblk = p->nbr = 0;
    p->exit_i = NOBLK;
    if (!n || n >= MAXI || !step)
        return fail(err, errlen, "%u instructions with step %llu (1..%u instructions, step > 0)", n,
                    (unsigned long long)step, MAXI - 1);
    if (base + (uint64_t)(n - 1) * step < base)
        return fail(err, errlen, "the PCs wrap around");
    p->base = base;
    p->step = step;
    p->pseed = 0;
    p->max_trip = 0;
    memset(&p->shapes, 0, sizeof p->shapes);
    p->n = n;  /* for index_of */
    memset(p->code, 0, n * sizeof p->code[0]);
    unsigned nbr = 0;
    for (unsigned i = 0; i < n; i++) {
        const cfg_src *s = &code[i];
        insn *c = &p->code[i];
        if (s->kind > CFG_SYNC) {
            p->n = 0;
            return fail(err, errlen, "instruction %u (pc 0x%llx): unknown kind %u", i,
                        (unsigned long long)pc_of(p, i), s->kind);
        }
        c->kind = (uint8_t)s->kind;
        if (s->kind != CFG_BR && s->kind != CFG_JMP)
            continue;
        const unsigned t = index_of(p, s->tgt);
        if (t == NOBLK) {
            p->n = 0;
            return fail(err, errlen, "instruction %u (pc 0x%llx): target 0x%llx is not a PC of the program", i,
                        (unsigned long long)pc_of(p, i), (unsigned long long)s->tgt);
        }
        c->tgt = t;
        if (s->kind == CFG_JMP)
            continue;
        if (nbr >= MAXBR || (s->cls != CFG_BR_IF && s->cls != CFG_BR_LOOP)) {
            p->n = 0;
            return fail(err, errlen, "instruction %u (pc 0x%llx): %s", i, (unsigned long long)pc_of(p, i),
                        nbr >= MAXBR ? "too many branches" : "a BR is CFG_BR_IF or CFG_BR_LOOP");
        }
        c->bid = (uint16_t)nbr;
        brinfo *b = &p->br[nbr++];
        memset(b, 0, sizeof *b);
        b->cls = (uint8_t)s->cls;
        if (s->cls == CFG_BR_IF) {
            b->bias = B_MASK;
            b->tmask = s->tmask;
        } else {
            b->bias = B_STAY;
            b->stay_taken = (uint8_t)(s->stay_taken != 0);
            if (s->stay)
                memcpy(b->stay, s->stay, sizeof b->stay);
        }
    }
    p->nbr = nbr;
    if (finish_blocks(p, NULL)) {
        p->n = p->nblk = p->nbr = 0;
        p->exit_i = NOBLK;
        return fail(err, errlen, "not a program: exactly one EXIT, the last instruction, is needed, no fall-through "
                                 "past the end, and every block must reach the exit");
    }
    finish_extra(p);
    p->shapes.programs = 1;
    p->shapes.insns = p->n;
    p->shapes.blocks = p->nblk;
    p->shapes.branches = p->nbr;
    p->shapes.max_insns = p->n;
    return 0;
}

/* ---- queries ---- */

unsigned cfg_prog_index(const cfg_prog *p, uint64_t pc) { return index_of(p, pc); }
uint64_t cfg_prog_pc(const cfg_prog *p, unsigned idx) { return pc_of(p, idx); }
unsigned cfg_prog_len(const cfg_prog *p) { return p->n; }
unsigned cfg_prog_branches(const cfg_prog *p) { return p->nbr; }
uint64_t cfg_prog_entry(const cfg_prog *p) { return p->base; }
uint64_t cfg_prog_exit(const cfg_prog *p) { return pc_of(p, p->exit_i); }

int cfg_prog_is_pdom(const cfg_prog *p, uint64_t pc)
{
    const unsigned i = index_of(p, pc);
    return i != NOBLK && p->is_rpc[i];
}

int cfg_prog_at(const cfg_prog *p, uint64_t pc, cfg_insn *in)
{
    const unsigned i = index_of(p, pc);
    if (i == NOBLK)
        return -1;
    const insn *c = &p->code[i];
    in->kind = c->kind;
    in->idx = i;
    in->blk = c->blk;
    in->blk_start = p->bstart[i];
    in->next_blk = p->bstart[i + 1];
    in->pc = pc;
    in->npc = pc + p->step;
    in->tgt = in->rpc = 0;
    in->bid = in->cls = 0;
    in->backedge = 0;
    if (c->kind == CFG_BR || c->kind == CFG_JMP) {
        in->tgt = pc_of(p, c->tgt);
        in->backedge = c->tgt <= i;
    }
    if (c->kind == CFG_BR) {
        in->bid = c->bid;
        in->cls = p->br[c->bid].cls;
        in->rpc = pc_of(p, p->br[c->bid].rpc);
    }
    return 0;
}

/* The next PDOM point after instruction r (an instruction index). */
static unsigned next_pdom(const cfg_prog *p, unsigned r)
{
    unsigned i = r;
    for (unsigned steps = 0; steps <= p->n; steps++) {
        const insn *c = &p->code[i];
        if (c->kind == CFG_BR)
            return p->br[c->bid].rpc;
        if (c->kind == CFG_EXIT)
            return i;
        i = c->kind == CFG_JMP ? c->tgt : i + 1;
        if (p->is_rpc[i])
            return i;
    }
    return p->exit_i;  /* a loop without a branch: not a program cfg_prog accepts */
}

int cfg_prog_pdom(const cfg_prog *p, uint64_t pc, unsigned prio_w, cfg_pdom *d)
{
    const unsigned r = index_of(p, pc);
    if (r == NOBLK)
        return -1;
    if (prio_w < 1)
        prio_w = 1;
    if (prio_w > 8)
        prio_w = 8;
    const unsigned nx = next_pdom(p, r);
    d->nrpc = pc_of(p, nx);
    d->loop_depth = p->ldepth[r];
    d->dist = p->dist[r];
    d->rank = p->rank[r];
    const unsigned L = (1u << prio_w) - 1;
    d->prio = d->dist == NOBLK ? 0 : L - (d->rank < L - 1 ? d->rank : L - 1);
    /* work-ahead: no SYNC reachable from r before nx */
    d->wav = nx != r;
    if (d->wav) {
        uint8_t seen[MAXI];
        unsigned stk[MAXI], sp = 0;
        memset(seen, 0, p->n);
        stk[sp++] = r;
        seen[r] = 1;
        while (sp && d->wav) {
            const unsigned v = stk[--sp];
            const insn *c = &p->code[v];
            if (c->kind == CFG_SYNC) {
                d->wav = 0;
                break;
            }
            unsigned s[2], ns = 0;
            if (c->kind == CFG_OP || c->kind == CFG_BR)
                s[ns++] = v + 1;
            if (c->kind == CFG_JMP || c->kind == CFG_BR)
                s[ns++] = c->tgt;
            for (unsigned k = 0; k < ns; k++)
                if (s[k] < p->n && s[k] != nx && !seen[s[k]]) {
                    seen[s[k]] = 1;
                    stk[sp++] = s[k];
                }
        }
    }
    return 0;
}

unsigned cfg_prog_blocks(const cfg_prog *p, unsigned *succ, unsigned *ipdom, unsigned *exitblk, unsigned max)
{
    if (!p->n || p->nblk > max)
        return 0;
    for (unsigned b = 0; b < p->nblk; b++) {
        succ[2 * b] = p->succ[2 * b];
        succ[2 * b + 1] = p->succ[2 * b + 1];
        ipdom[b] = p->ipdom[b];
    }
    *exitblk = p->code[p->exit_i].blk;
    return p->nblk;
}

void cfg_prog_dump(const cfg_prog *p, FILE *f)
{
    fprintf(f, "program: %u instructions at 0x%llx, %u blocks, %u branches\n", p->n, (unsigned long long)p->base,
            p->nblk, p->nbr);
    static const char *const cls[] = {"if", "loop", "rare"};
    for (unsigned i = 0; i < p->n; i++) {
        const insn *c = &p->code[i];
        fprintf(f, "  %s0x%llx ", p->bstart[i] ? "B" : " ", (unsigned long long)pc_of(p, i));
        switch (c->kind) {
        case CFG_OP:
            fprintf(f, "op\n");
            break;
        case CFG_SYNC:
            fprintf(f, "sync\n");
            break;
        case CFG_JMP:
            fprintf(f, "jmp 0x%llx\n", (unsigned long long)pc_of(p, c->tgt));
            break;
        case CFG_BR:
            fprintf(f, "br%u 0x%llx (%s%s) rpc 0x%llx\n", c->bid, (unsigned long long)pc_of(p, c->tgt),
                    cls[p->br[c->bid].cls],
                    p->br[c->bid].cls == CFG_BR_LOOP && p->br[c->bid].stay_taken ? ", taken stays" : "",
                    (unsigned long long)pc_of(p, p->br[c->bid].rpc));
            break;
        default:
            fprintf(f, "exit\n");
            break;
        }
    }
}

void cfg_prog_dump_pdom(const cfg_prog *p, FILE *f, unsigned prio_w)
{
    for (unsigned i = 0; i < p->n; i++) {
        if (!p->is_rpc[i])
            continue;
        cfg_pdom d;
        cfg_prog_pdom(p, pc_of(p, i), prio_w, &d);
        fprintf(f, "  pdom 0x%llx: nrpc 0x%llx wav %d prio %u (loop depth %u, ", (unsigned long long)pc_of(p, i),
                (unsigned long long)d.nrpc, d.wav, d.prio, d.loop_depth);
        if (d.dist == NOBLK)
            fprintf(f, "no back-edge)\n");
        else
            fprintf(f, "back-edge at %u, rank %u)\n", d.dist, d.rank);
    }
}

/* ---- shapes ---- */

const cfg_shapes *cfg_prog_shapes(const cfg_prog *p) { return &p->shapes; }

void cfg_shapes_add(cfg_shapes *a, const cfg_prog *p)
{
    const cfg_shapes *s = &p->shapes;
    a->programs += s->programs;
    a->insns += s->insns;
    a->blocks += s->blocks;
    a->branches += s->branches;
    a->if_else += s->if_else;
    a->if_only += s->if_only;
    a->if_empty += s->if_empty;
    a->while_loops += s->while_loops;
    a->do_loops += s->do_loops;
    a->switches += s->switches;
    a->switch_cases += s->switch_cases;
    a->fig10 += s->fig10;
    a->breaks += s->breaks;
    a->continues += s->continues;
    a->returns += s->returns;
    a->jmp_breaks += s->jmp_breaks;
    a->jmp_returns += s->jmp_returns;
    a->fallthrough_cuts += s->fallthrough_cuts;
    a->barriers += s->barriers;
    if (s->max_nest > a->max_nest)
        a->max_nest = s->max_nest;
    if (s->max_loop_nest > a->max_loop_nest)
        a->max_loop_nest = s->max_loop_nest;
    if (s->max_insns > a->max_insns)
        a->max_insns = s->max_insns;
}

void cfg_shapes_print(const cfg_shapes *s, FILE *f, const char *in)
{
    if (!in)
        in = "";
    fprintf(f, "%sprograms %llu (instructions %llu, most %u; blocks %llu; branches %llu)\n", in,
            (unsigned long long)s->programs, (unsigned long long)s->insns, s->max_insns,
            (unsigned long long)s->blocks, (unsigned long long)s->branches);
    fprintf(f, "%sif_else %llu if_only %llu (empty then %llu) switch %llu (cases %llu) while %llu do_while %llu "
               "fig10 %llu\n",
            in, (unsigned long long)s->if_else, (unsigned long long)s->if_only, (unsigned long long)s->if_empty,
            (unsigned long long)s->switches, (unsigned long long)s->switch_cases, (unsigned long long)s->while_loops,
            (unsigned long long)s->do_loops, (unsigned long long)s->fig10);
    fprintf(f, "%sbreak %llu (jump %llu) continue %llu return %llu (jump %llu) fallthrough_blocks %llu barriers %llu\n",
            in, (unsigned long long)s->breaks, (unsigned long long)s->jmp_breaks, (unsigned long long)s->continues,
            (unsigned long long)s->returns, (unsigned long long)s->jmp_returns,
            (unsigned long long)s->fallthrough_cuts, (unsigned long long)s->barriers);
    fprintf(f, "%smax_nesting %u max_loop_nesting %u\n", in, s->max_nest, s->max_loop_nest);
}

/* ---- lane outcomes and solo paths ---- */

static int outcome(const cfg_prog *p, unsigned lane, unsigned bid, const lbr *s)
{
    const brinfo *b = &p->br[bid];
    const uint64_t h = cfg_mix(p->pseed ^ cfg_mix((uint64_t)lane * 0x100000001ull + bid) ^ ((uint64_t)s->vis << 40));
    switch (b->cls) {
    case CFG_BR_IF:
        switch (b->bias) {
        case B_ALWAYS:
            return 1;
        case B_NEVER:
            return 0;
        case B_LANEBIT:
            return (int)(((lane >> b->bit) & 1) ^ b->inv);
        case B_MASK:
            return (int)((b->tmask >> (lane & 63)) & 1);
        default:
            return h % 100 < b->p;
        }
    case CFG_BR_LOOP: {
        if (b->bias == B_STAY) {
            const int stay = s->run < b->stay[lane & 63];
            return stay ? b->stay_taken : !b->stay_taken;
        }
        const uint64_t trip =
            cfg_mix(p->pseed ^ 0x5bd1e995ull ^ cfg_mix(((uint64_t)lane << 32) ^ ((uint64_t)bid << 16) ^ s->nexit)) %
            (p->max_trip + 1);
        const int stay = s->run < trip && s->vis < 16 * (p->max_trip + 1) && (b->p >= 100 || h % 100 < b->p);
        return stay ? b->stay_taken : !b->stay_taken;
    }
    default:
        return h % 100 < b->p;
    }
}

static void lbr_update(const brinfo *b, lbr *s, int taken)
{
    s->vis++;
    if (b->cls == CFG_BR_LOOP) {
        if ((taken != 0) == (b->stay_taken != 0)) {
            s->run++;
        } else {
            s->run = 0;
            s->nexit++;
        }
    }
}

/* The path of lane alone through the program: length and hash of its PC sequence. */
static void solo(const cfg_prog *p, unsigned lane, lbr *hist, uint64_t *hash, uint64_t *len)
{
    memset(hist, 0, p->nbr * sizeof *hist);
    uint64_t h = 0, n = 0;
    unsigned i = 0;
    for (;;) {
        const insn *c = &p->code[i];
        h = phash(h, pc_of(p, i));
        n++;
        if (c->kind == CFG_EXIT || n > 100000000ull)
            break;
        if (c->kind == CFG_OP || c->kind == CFG_SYNC) {
            i++;
        } else if (c->kind == CFG_JMP) {
            i = c->tgt;
        } else {
            const int t = outcome(p, lane, c->bid, &hist[c->bid]);
            lbr_update(&p->br[c->bid], &hist[c->bid], t);
            i = t ? c->tgt : i + 1;
        }
    }
    *hash = h;
    *len = n;
}

/* ---- the per-lane reference ---- */

cfg_lanes *cfg_lanes_new(const cfg_prog *p)
{
    cfg_lanes *ls = calloc(1, sizeof *ls);
    if (!ls)
        return NULL;
    ls->lb = calloc(64 * (size_t)MAXBR, sizeof *ls->lb);
    if (!ls->lb) {
        free(ls);
        return NULL;
    }
    ls->p = p;
    return ls;
}

void cfg_lanes_free(cfg_lanes *ls)
{
    if (!ls)
        return;
    free(ls->lb);
    free(ls);
}

void cfg_lane_start(cfg_lanes *ls, unsigned l)
{
    const cfg_prog *p = ls->p;
    l &= 63;
    ls->pc[l] = p->base;
    ls->ph[l] = 0;
    ls->plen[l] = 0;
    ls->done[l] = 0;
    solo(p, l, &ls->lb[l * MAXBR], &ls->sh[l], &ls->slen[l]);
    memset(&ls->lb[l * MAXBR], 0, p->nbr * sizeof ls->lb[0]);
}

uint64_t cfg_lane_pc(const cfg_lanes *ls, unsigned l) { return ls->pc[l & 63]; }
int cfg_lane_done(const cfg_lanes *ls, unsigned l) { return ls->done[l & 63]; }

int cfg_lane_outcome(const cfg_lanes *ls, unsigned l, uint64_t pc)
{
    const cfg_prog *p = ls->p;
    const unsigned i = index_of(p, pc);
    if (i == NOBLK || p->code[i].kind != CFG_BR)
        return -1;
    const unsigned bid = p->code[i].bid;
    return outcome(p, l & 63, bid, &ls->lb[(l & 63) * MAXBR + bid]);
}

uint64_t cfg_lanes_tmask(const cfg_lanes *ls, uint64_t pc, uint64_t mask)
{
    const cfg_prog *p = ls->p;
    const unsigned i = index_of(p, pc);
    if (i == NOBLK || p->code[i].kind != CFG_BR)
        return 0;
    const unsigned bid = p->code[i].bid;
    uint64_t t = 0;
    for (uint64_t m = mask; m; m &= m - 1) {
        const unsigned l = ctz64(m);
        if (outcome(p, l, bid, &ls->lb[l * MAXBR + bid]))
            t |= 1ull << l;
    }
    return t;
}

/* Lane l's successor of instruction i and, for a BR, its outcome. */
static unsigned lane_succ(const cfg_lanes *ls, unsigned l, unsigned i, int *taken)
{
    const cfg_prog *p = ls->p;
    const insn *c = &p->code[i];
    *taken = 0;
    switch (c->kind) {
    case CFG_JMP:
        return c->tgt;
    case CFG_BR:
        *taken = outcome(p, l, c->bid, &ls->lb[l * MAXBR + c->bid]);
        return *taken ? c->tgt : i + 1;
    case CFG_EXIT:
        return i;
    default:
        return i + 1;
    }
}

uint64_t cfg_lane_next(const cfg_lanes *ls, unsigned l)
{
    const cfg_prog *p = ls->p;
    l &= 63;
    const unsigned i = index_of(p, ls->pc[l]);
    if (i == NOBLK || ls->done[l])
        return ls->pc[l];
    int t;
    return pc_of(p, lane_succ(ls, l, i, &t));
}

int cfg_lane_exec(cfg_lanes *ls, unsigned l, uint64_t pc)
{
    const cfg_prog *p = ls->p;
    l &= 63;
    const unsigned i = index_of(p, pc);
    if (i == NOBLK || ls->done[l] || ls->pc[l] != pc)
        return -1;
    ls->ph[l] = phash(ls->ph[l], pc);
    ls->plen[l]++;
    const insn *c = &p->code[i];
    if (c->kind == CFG_EXIT) {
        ls->done[l] = 1;
        return 0;
    }
    int t;
    const unsigned nx = lane_succ(ls, l, i, &t);
    if (c->kind == CFG_BR)
        lbr_update(&p->br[c->bid], &ls->lb[l * MAXBR + c->bid], t);
    ls->pc[l] = pc_of(p, nx);
    return 0;
}

unsigned cfg_lane_visits(const cfg_lanes *ls, unsigned l, uint64_t pc)
{
    const cfg_prog *p = ls->p;
    const unsigned i = index_of(p, pc);
    if (i == NOBLK || p->code[i].kind != CFG_BR)
        return 0;
    return ls->lb[(l & 63) * MAXBR + p->code[i].bid].vis;
}

void cfg_lane_path(const cfg_lanes *ls, unsigned l, uint64_t *hash, uint64_t *len)
{
    *hash = ls->ph[l & 63];
    *len = ls->plen[l & 63];
}

void cfg_lane_solo(const cfg_lanes *ls, unsigned l, uint64_t *hash, uint64_t *len)
{
    *hash = ls->sh[l & 63];
    *len = ls->slen[l & 63];
}

int cfg_lane_path_ok(const cfg_lanes *ls, unsigned l)
{
    l &= 63;
    return ls->done[l] && ls->ph[l] == ls->sh[l] && ls->plen[l] == ls->slen[l];
}
