/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_walk: CFG-walking stimulus and per-lane reference checker for simt_st_rt, see
 * st_rt_walk.h. The programs (OP, JMP, BR, one EXIT; blocks, IPDOMs, RPCs), the lanes'
 * branch outcomes and each lane's own path are tb/stim/cfg_prog.c's; this file is the ST/RT
 * front end of one warp and the checks.
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
 *     own path (cfg_lanes). Every live lane is in exactly one valid ST entry whose pc equals the
 *     lane's PC, or in the arrived part (rmask & ~pend) of exactly one valid RT entry whose pc
 *     equals the lane's PC (it waits at that reconvergence point); no other lane appears
 *     anywhere. An applied ADV/BR/EXIT moves exactly the lanes of the chosen split, each along
 *     its own path (cfg_lane_exec, which counts the lane's visit of a branch), and the
 *     operation agrees: ADV all to npc; BR the tmask lanes to tgt, the others to npc.
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
#include "st_rt_walk_int.h"

/* ---- programs (cfg_prog) ---- */

int strt_ipdom(unsigned n, const unsigned *succ, unsigned x, unsigned *ipdom) { return cfg_ipdom(n, succ, x, ipdom); }

/* A ladder (tables that can fill: NRT < W - 1 or NST < W): levels 0 .. L-1 are if-without-else
 * branches, level i taken by lane i alone, straight to its reconvergence point R_i; the
 * fall-through lanes go on to the next level, and R_{L-1} .. R_0 follow one another to the exit:
 *
 *     0: BR lane 0 -> R_0   1: BR lane 1 -> R_1  ...  L-1: BR lane L-1 -> R_{L-1}
 *     L: OP   L+1: R_{L-1}  ...  2L: R_0   2L+1: EXIT
 *
 * Launched with every lane, each level is a divergence whose taken side is at its RPC (§3.2,
 * first special case: one new RT entry, no new ST entry), so level i holds i + 1 RT entries:
 * L = NRT fills the RT exactly (the warp then drains), L = NRT + 1 makes the last divergence
 * stall on a full RT, a capacity deadlock the driver resets. Random programs rarely nest that
 * deep (max_depth 4), so without ladders the DPS configuration never filled its RT. */
static int gen_ladder(strt_walk *w)
{
    enum { MAXL = 31 };
    cfg_src code[2 * MAXL + 2];
    unsigned l = w->cfg.nrt + (unsigned)below(w, 2);
    if (l > w->cfg.w - 1)
        l = w->cfg.w - 1;
    if (l > MAXL || l < 1 || (w->cfg.pc_w < 8 && 2 * l + 2 > (1u << w->cfg.pc_w)))
        return -1;  /* (the PCs 0 .. 2L+1 must fit in PC_W bits) */
    for (unsigned i = 0; i < l; i++)
        code[i] = (cfg_src){CFG_BR, 2 * l - i, CFG_BR_IF, 1ull << i, 0, NULL};
    for (unsigned i = l; i <= 2 * l; i++)
        code[i] = (cfg_src){CFG_OP, 0, 0, 0, 0, NULL};
    code[2 * l + 1] = (cfg_src){CFG_EXIT, 0, 0, 0, 0, NULL};
    char e[96];
    return cfg_prog_build(w->p, 0, 1, 2 * l + 2, code, e, sizeof e);
}

static void gen_program(strt_walk *w)
{
    const cfg_prog_opts po = {.max_depth = w->o.max_depth, .unstructured = w->o.unstructured,
                              .max_len = w->o.max_len, .max_trip = w->o.max_trip};
    const int can_fill = w->cfg.nrt + 1 < w->cfg.w || w->cfg.nst < w->cfg.w;
    w->ladder = can_fill && w->o.ladder_pct > 0 && chance(w, (unsigned)w->o.ladder_pct) && !gen_ladder(w);
    if (w->ladder)
        w->cov.ladders++;
    else
        cfg_prog_gen(w->p, &w->rng, &po, w->cfg.w, w->cfg.pc_w);
    cfg_shapes_add(&w->cov.shapes, w->p);
    w->prog_ready = w->have_prog = 1;
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
    w->p = cfg_prog_new();
    w->ln = w->p ? cfg_lanes_new(w->p) : NULL;
    if (!w->p || !w->ln) {
        strt_walk_free(w);
        return NULL;
    }
    w->cfg = *cfg;
    if (o)
        w->o = *o;
    /* the program options as cfg_prog_gen() takes them (it applies the same limits) */
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
    if (!w->o.ladder_pct)
        w->o.ladder_pct = 10;
    if (w->o.ladder_pct > 100)
        w->o.ladder_pct = 100;
    if (w->o.idle_pct > 90)
        w->o.idle_pct = 90;
    w->seed = seed;
    w->rng = cfg_mix(seed ^ 0x73747274ull);
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
    cfg_lanes_free(w->ln);
    cfg_prog_free(w->p);
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
    w->pred_reset = 1;
    w->last_ok = w->cov.cycles;
}

/* ---- stimulus ---- */

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
            in->op = SIMT_ST_RT_BR;
            in->sel = s;
            /* one draw per statement: the order of two draws in one expression is unspecified
             * in C (the ASan build drew this mask the other way round) */
            in->tmask = rnd(w) & st->st[s].mask;
            in->tmask |= 1ull << pick_bit(w, out);
            return;
        }
        case 3: {  /* EXIT of a split that has not fully reconverged */
            uint64_t m = 0;
            for (uint64_t v = valid; v; v &= v - 1)
                if (st->st[ctz64(v)].hasr)
                    m |= 1ull << ctz64(v);
            if (!m)
                continue;
            in->op = SIMT_ST_RT_EXIT;
            in->sel = (unsigned)pick_bit(w, m);
            return;
        }
        default:  /* LAUNCH while busy, or with no lanes */
            in->op = SIMT_ST_RT_LAUNCH;
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
            m = rnd(w) | rnd(w);   /* draw-order: commutative */
            break;
        case 7: case 8:
            m = rnd(w) & rnd(w);   /* draw-order: commutative */
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
        in->op = SIMT_ST_RT_NONE;
        return;
    }
    const int bad = w->o.bad_pct > 0 && chance(w, (unsigned)w->o.bad_pct);
    if (w->phase == PH_LAUNCH) {
        if (!w->prog_ready)
            gen_program(w);
        if (chance(w, 20)) {
            in->op = SIMT_ST_RT_NONE;
        } else if (bad) {
            make_bad(w, st, in);
        } else {
            in->op = SIMT_ST_RT_LAUNCH;
            in->npc = cfg_prog_entry(w->p);
            in->tmask = w->ladder ? w->wmask : launch_mask(w);
        }
        return;
    }
    const uint64_t valid = st->st_valid & ones(w->cfg.nst);
    if (!valid || chance(w, w->o.idle_pct)) {
        in->op = SIMT_ST_RT_NONE;
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
        const simt_st_rt_st_ent *e = &st->st[s];
        cfg_insn c;
        if (cfg_prog_at(w->p, e->pc, &c)) {
            cand &= ~(1ull << s);
            continue;
        }
        if (c.kind == CFG_EXIT && !(valid == (1ull << s) && !st->rt_valid && !e->hasr)) {
            cand &= ~(1ull << s);
            continue;
        }
        w->cur = s;
        in->sel = s;
        switch (c.kind) {
        case CFG_OP:
        case CFG_SYNC:  /* (the walker's programs have none) */
            in->op = SIMT_ST_RT_ADV;
            in->npc = c.npc;
            in->blk = c.next_blk;
            break;
        case CFG_JMP:
            in->op = SIMT_ST_RT_ADV;
            in->npc = c.tgt;
            in->blk = 1;
            break;
        case CFG_BR:
            /* each lane's own outcome, whatever the unit did with the lanes */
            in->op = SIMT_ST_RT_BR;
            in->tmask = cfg_lanes_tmask(w->ln, e->pc, e->mask & w->wmask);
            in->tgt = c.tgt;
            in->npc = c.npc;
            in->rpc = c.rpc;
            break;
        default:
            in->op = SIMT_ST_RT_EXIT;
            break;
        }
        return;
    }
    in->op = SIMT_ST_RT_NONE;
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
    /* opb: the operation, formatted only for a report */
#define FAILX(...)                                                                 \
    do {                                                                           \
        fmt_op(opb, sizeof opb, in);                                               \
        snprintf(e1, sizeof e1, __VA_ARGS__);                                      \
        return fail(err, errlen, "strt walker, cycle %llu (%s): %s",               \
                    (unsigned long long)cyc_no, opb, e1);                          \
    } while (0)
    if (w->have_pred && !w->no_pred && strt_cmp_pred(w, cyc, e1, sizeof e1))
        return fail(err, errlen, "strt walker, cycle %llu: %s", (unsigned long long)cyc_no, e1);
    if (strt_check_state(w, cyc, e1, sizeof e1))
        return fail(err, errlen, "strt walker, cycle %llu (state at the start of the cycle): %s",
                    (unsigned long long)cyc_no, e1);
    pflags f;
    strt_predict(w, cyc, in, &w->pred, &f);
    w->have_pred = 1;
    w->pred_reset = 0;
    w->pred_in = *in;
    if (w->no_pred) {  /* take the unit's word for what happened */
        f.ok = cyc->ok;
        f.stall = cyc->stall;
        f.bad = cyc->bad;
        f.ev = cyc->ev;
        if (f.bad != w->intent_bad || (f.stall && in->op != SIMT_ST_RT_BR) || f.ok + f.stall + f.bad > 1 ||
            (in->op != SIMT_ST_RT_NONE && !f.ok && !f.stall && !f.bad) ||
            (in->op == SIMT_ST_RT_NONE && (f.ok || f.stall || f.bad)))
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
    if (in->op == SIMT_ST_RT_NONE)
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
    if (ev & SIMT_ST_RT_EV_DIV) {
        w->cov.divergences++;
        if (!(ev & SIMT_ST_RT_EV_NEWRT))
            w->cov.rt_reuse++;
    }
    w->cov.newrt += !!(ev & SIMT_ST_RT_EV_NEWRT);
    w->cov.side_at_rpc += !!(ev & SIMT_ST_RT_EV_SIDE);
    w->cov.arrivals += !!(ev & SIMT_ST_RT_EV_ARRIVE);
    w->cov.reconvergences += !!(ev & SIMT_ST_RT_EV_RECONV);
    w->cov.merges += !!(ev & SIMT_ST_RT_EV_MERGE);
    w->cov.orecs += !!(ev & SIMT_ST_RT_EV_OREC);
    w->cov.oskips += !!(ev & SIMT_ST_RT_EV_OSKIP);
    w->cov.reconv_orec +=
        (ev & SIMT_ST_RT_EV_RECONV) && (ev & (SIMT_ST_RT_EV_MERGE | SIMT_ST_RT_EV_OREC | SIMT_ST_RT_EV_OSKIP));
    if (in->op == SIMT_ST_RT_LAUNCH) {
        if (w->phase != PH_LAUNCH)
            FAILX("walker error: LAUNCH while running");
        w->phase = PH_RUN;
        w->launched = w->live = in->tmask;
        w->nob = 0;
        w->cov.launches++;
        w->greedy = (unsigned)(below(w, 3) * 45);
        for (uint64_t m = in->tmask; m; m &= m - 1)
            cfg_lane_start(w->ln, ctz64(m));  /* at the entry, in->npc; its solo path computed */
        return 0;
    }
    /* ADV / BR / EXIT of split sel: the lanes of M, all at P (check_state saw to that) */
    const simt_st_rt_st_ent *S = &cyc->st[in->sel];
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
    cfg_insn c = {.kind = CFG_OP};
    if (cfg_prog_at(w->p, P, &c) || (in->op == SIMT_ST_RT_BR) != (c.kind == CFG_BR))
        FAILX("walker error: %s at pc 0x%llx, a %s", in->op == SIMT_ST_RT_BR ? "BR" : "not BR", (unsigned long long)P,
              c.kind == CFG_BR ? "branch" : "not a branch");
    /* every lane of M executes P on its own path (check_state saw that each is at P): path hash
     * and length, its history at a branch, its next PC */
    for (uint64_t m = M; m; m &= m - 1)
        if (cfg_lane_exec(w->ln, ctz64(m), P))
            FAILX("walker error: lane %u is not at pc 0x%llx", ctz64(m), (unsigned long long)P);
    if (in->op == SIMT_ST_RT_EXIT) {
        if (M != w->launched)
            FAILX("EXIT of lanes 0x%llx but the warp launched 0x%llx", (unsigned long long)M,
                  (unsigned long long)w->launched);
        if (w->nob)
            FAILX("EXIT with %u IPDOM reconvergences pending (first: lanes 0x%llx at pc 0x%llx)", w->nob,
                  (unsigned long long)w->ob[0].mask, (unsigned long long)w->ob[0].pc);
        for (uint64_t m = M; m; m &= m - 1) {
            const unsigned l = ctz64(m);
            uint64_t ph, plen, sh, slen;
            cfg_lane_path(w->ln, l, &ph, &plen);
            cfg_lane_solo(w->ln, l, &sh, &slen);
            if (!cfg_lane_path_ok(w->ln, l))
                FAILX("lane %u executed %llu instructions (hash %016llx), alone it executes %llu (hash %016llx)", l,
                      (unsigned long long)plen, (unsigned long long)ph, (unsigned long long)slen,
                      (unsigned long long)sh);
        }
        w->live = 0;
        w->phase = PH_LAUNCH;
        w->prog_ready = 0;
        w->cov.programs++;
        w->cov.exits++;
        w->cov.lanes_exited += pop64(M);
        return 0;
    }
    /* the operation moved each lane where its own path goes (ADV: npc; BR: tgt for the tmask
     * lanes, npc for the others), as it was made from the same program and outcomes */
    for (uint64_t m = M; m; m &= m - 1) {
        const unsigned l = ctz64(m);
        const uint64_t to = in->op == SIMT_ST_RT_BR && ((in->tmask >> l) & 1) ? in->tgt : in->npc;
        if (cfg_lane_pc(w->ln, l) != to)
            FAILX("walker error: lane %u went to pc 0x%llx, its own path to 0x%llx", l, (unsigned long long)to,
                  (unsigned long long)cfg_lane_pc(w->ln, l));
    }
    if (in->op == SIMT_ST_RT_ADV)
        return 0;
    /* BR */
    if ((ev & SIMT_ST_RT_EV_DIV) || (in->tmask && in->tmask != M && in->tgt != in->npc)) {
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
    fprintf(f, "  reconvergences_orec_matched %llu\n", (unsigned long long)c->reconv_orec);
    fprintf(f, "  full_table_stalls %llu\n  capacity_deadlocks %llu\n", (unsigned long long)c->full_stalls,
            (unsigned long long)c->deadlocks);
    fprintf(f, "  max_nesting %u\n  max_rt_in_use %u\n  max_st_in_use %u\n", c->max_nest, c->max_rt, c->max_st);
    fprintf(f, "  ladder_programs %llu\n", (unsigned long long)c->ladders);
    fprintf(f, "  launches %llu\n  programs_completed %llu\n  lanes_exited %llu\n", (unsigned long long)c->launches,
            (unsigned long long)c->programs, (unsigned long long)c->lanes_exited);
    if (w->obl_dropped)
        fprintf(f, "  ipdom_checks_dropped %llu\n", (unsigned long long)w->obl_dropped);
    cfg_shapes_print(&c->shapes, f, "  shapes: ");
}

void strt_walk_dump(const strt_walk *w, FILE *f)
{
    if (!w->prog_ready && w->phase == PH_LAUNCH) {
        fprintf(f, "(no program)\n");
        return;
    }
    cfg_prog_dump(w->p, f);
    fprintf(f, "lanes live 0x%llx:", (unsigned long long)w->live);
    for (uint64_t m = w->live; m; m &= m - 1)
        fprintf(f, " %u@0x%llx", ctz64(m), (unsigned long long)cfg_lane_pc(w->ln, ctz64(m)));
    fprintf(f, "\n");
}

const cfg_prog *strt_walk_prog(const strt_walk *w) { return w->have_prog ? w->p : NULL; }

/* For self-tests: the current program's block graph (succ: 2 per block, CFG_NOBLK for none) and
 * the walker's IPDOMs; returns the number of blocks (0 if more than max). */
unsigned strt_walk_cfg(const strt_walk *w, unsigned *succ, unsigned *ipdom, unsigned *exitblk, unsigned max)
{
    if (!w->prog_ready)
        return 0;
    return cfg_prog_blocks(w->p, succ, ipdom, exitblk, max);
}
