/* SPDX-License-Identifier: Apache-2.0 */
/* cfg_prog_gen.c: random structured programs (cfg_prog_gen, cfg_prog.h) with their blocks,
 * post-dominator points and work-ahead tables. */
#include "cfg_prog_int.h"

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
