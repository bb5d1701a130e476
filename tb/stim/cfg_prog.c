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
#include "cfg_prog_int.h"

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
