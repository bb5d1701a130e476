/* SPDX-License-Identifier: Apache-2.0 */
/* rmask_sb_directed.c: rmask_sb's directed test (sb_directed): ElTantawy et al. 2014
 * Fig. 9 step by step (docs/units/rmask_sb.md, "Fig. 9"). */
#include "rmask_sb_tb.h"

/* ---- directed test: ElTantawy et al. 2014 Fig. 9 ---- */

/* The paper's table, as printed. Per step: two scoreboard rows (register or -1, R-mask) and
 * two I-buffer rows (instruction 0..3 or -1, dep-mask "R1 R0" as a 2-bit number, I-mask).
 * Masks are 4-bit strings with lane 0 rightmost. Step 0 is the initial state. */
typedef struct { int reg; unsigned rmask; } fig_sb;
typedef struct { int insn; unsigned dep, imask; } fig_ib;
typedef struct { fig_sb sb[2]; fig_ib ib[2]; } fig_row;

static const fig_row fig9[7] = {
    /* -  */ {{{-1, 0}, {-1, 0}}, {{0, 0x0, 0xf}, {-1, 0, 0}}},
    /* 1  */ {{{0, 0xf}, {-1, 0}}, {{1, 0x1, 0x5}, {2, 0x0, 0xa}}},
    /* 2  */ {{{0, 0xf}, {1, 0xa}}, {{1, 0x1, 0x5}, {-1, 0, 0}}},
    /* 3  */ {{{0, 0xf}, {1, 0xa}}, {{1, 0x1, 0x5}, {3, 0x3, 0xa}}},
    /* 4  */ {{{-1, 0}, {1, 0xa}}, {{1, 0x0, 0x5}, {3, 0x2, 0xa}}},
    /* 5  */ {{{-1, 0}, {1, 0xf}}, {{-1, 0, 0}, {3, 0x2, 0xa}}},
    /* 6  */ {{{-1, 0}, {1, 0x5}}, {{-1, 0, 0}, {3, 0x0, 0xa}}},
};

/* I0: LOAD R0,0(R5)  I1: LOAD R1,0(R0)  I2: LOAD R1,0(R4)  I3: ADD R4,R0,R1 (dst, src1, src2) */
static const unsigned fig_regs[4][3] = {{0, 5, 0}, {1, 0, 0}, {1, 4, 0}, {4, 0, 1}};
static const unsigned fig_opv[4] = {0x3, 0x3, 0x3, 0x7};
static const unsigned fig_imask[4] = {0xf, 0x5, 0xa, 0xa};

static uint64_t rep4(unsigned p, unsigned w)
{
    uint64_t m = 0;
    for (unsigned i = 0; i < w; i++)
        m |= (uint64_t)(p >> (i % 4) & 1) << i;
    return m;
}

/* n bits of v, most significant first (masks: lane 0 rightmost, as the paper prints them). */
static void fig_bits(char *b, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        b[i] = (char)('0' + (v >> (n - 1 - i) & 1));
    b[n] = 0;
}

/* The program's instruction (0..3) whose operands a slot of the C model holds, or -1. */
static int fig_insn_of(const simt_rmask_sb_slot *sl)
{
    for (int i = 0; i < 4; i++) {
        int same = sl->opv == fig_opv[i];
        for (unsigned k = 0; k < 3 && same; k++)
            same = !(fig_opv[i] >> k & 1) || sl->reg[k] == fig_regs[i][k];
        if (same)
            return i;
    }
    return -1;
}

/* A slot's dependency mask by register, as the paper names it: bit j for Rj (j = 0, 1) is
 * the OR of the dep bits of the operands naming Rj; *other = a dep bit on another register. */
static unsigned fig_dep_by_reg(const simt_rmask_sb_slot *sl, unsigned dep, unsigned nop, int *other)
{
    unsigned d = 0;
    *other = 0;
    for (unsigned k = 0; k < nop; k++)
        if ((sl->opv >> k & 1) && (dep >> k & 1)) {
            if (sl->reg[k] <= 1)
                d |= 1u << sl->reg[k];
            else
                *other = 1;
        }
    return d;
}

static void fig9_header(const simt_rmask_sb_cfg *c)
{
    int mw = c->w > 6 ? (int)c->w : 6;
    printf("Fig. 9 from the C model's state: simt_rmask_sb W=%u, warp 0; rows = scoreboard entries 0-1 and "
           "I-buffer slots 0-1; masks lane 0 rightmost; Dep-mask bits R1 R0\n", c->w);
    printf("     | %-4s %-*s | %-5s %-8s %s\n", "Reg", mw, "R-mask", "Inst.", "Dep-mask", "I-mask");
}

/* Print the two scoreboard rows and the two I-buffer rows of warp 0 from the C model's state,
 * then compare them with the paper's row `step`. */
static void fig9_check(sc_run *r, lockstep *ls, int step)
{
    const simt_rmask_sb_cfg *c = &ls->cfg;
    const unsigned nop = c->nsrc + 1;
    const int mw = c->w > 6 ? (int)c->w : 6, print = !r->quiet_mismatch;
    simt_rmask_sb_out st;
    lk_peek(ls, &st);
    const fig_row *p = &fig9[step];
    char a[80], b[80], d[8];
    for (unsigned row = 0; row < 2; row++) {
        /* scoreboard row `row` = entry `row` of warp 0; I-buffer row `row` = slot `row` */
        unsigned e = row, sl = row;
        int valid = st.sb_valid[e], ibv = (st.ib_valid >> sl & 1) != 0;
        const simt_rmask_sb_slot *slot = &ls->gold.ib[sl];
        int insn = ibv ? fig_insn_of(slot) : -1, other = 0;
        unsigned dep2 = ibv ? fig_dep_by_reg(slot, st.ib_dep[sl], nop, &other) : 0;
        if (print) {
            char stepname[8] = "";
            if (row == 0)
                snprintf(stepname, sizeof stepname, step ? "(%d)" : "init", step);
            printf("%-4s |", stepname);
            if (valid) {
                fig_bits(a, st.sb_rmask[e], c->w);
                printf(" R%-3u %-*s |", st.sb_reg[e], mw, a);
            } else {
                printf(" %-4s %-*s |", "-", mw, "-");
            }
            if (ibv) {
                char in[8] = "?";
                if (insn >= 0)
                    snprintf(in, sizeof in, "I%d", insn);
                fig_bits(d, dep2, 2);
                fig_bits(b, st.ib_mask[sl], c->w);
                printf(" %-5s %-8s %s\n", in, other ? strcat(d, "+") : d, b);
            } else {
                printf(" %-5s %-8s %s\n", "-", "-", "-");
            }
        }
        const fig_sb *ps = &p->sb[row];
        if (ps->reg < 0 ? valid
                        : (!valid || (int)st.sb_reg[e] != ps->reg || st.sb_rmask[e] != rep4(ps->rmask, c->w))) {
            fig_bits(a, ps->rmask, 4);
            sc_expect_fail(r, "Fig. 9 step %d scoreboard row %u: paper has %s%d %s", step, row,
                           ps->reg < 0 ? "(empty)" : "R", ps->reg, ps->reg < 0 ? "" : a);
        }
        const fig_ib *q = &p->ib[row];
        int ok = q->insn < 0 ? !ibv
                             : ibv && insn == q->insn && dep2 == q->dep && !other &&
                                   st.ib_mask[sl] == rep4(q->imask, c->w) && st.ib_warp[sl] == 0;
        if (!ok) {
            fig_bits(d, q->dep, 2);
            fig_bits(b, q->imask, 4);
            if (q->insn < 0)
                sc_expect_fail(r, "Fig. 9 step %d I-buffer row %u: paper has it empty", step, row);
            else
                sc_expect_fail(r, "Fig. 9 step %d I-buffer row %u: paper has I%d Dep-mask %s I-mask %s", step, row,
                               q->insn, d, b);
        }
    }
}

void sb_directed(sc_run *r, const char *test)
{
    (void)test; /* fig9 */
    lockstep ls;
    lk_open(&ls, r, sc_open_model(r, NULL, r->o->lanes)->ops);
    if (ls.m->base)
        sc_die("fig9 is the R-mask scoreboard's example (--config rmask)");
    const simt_rmask_sb_cfg *c = &ls.cfg;
    if (c->nsrc < 2 || c->ne < 2 || c->nib < 2 || c->reg_w < 3)
        sc_die("fig9 needs NSRC >= 2, NE >= 2, NIB >= 2, REG_W >= 3");
    simt_rmask_sb_in in;
    r->cycle = 0;
    if (!r->quiet_mismatch)
        fig9_header(c);
#define DEC(slot, i)                                                                                   \
    do {                                                                                               \
        in.dec_valid = 1, in.dec_slot = (slot), in.dec_warp = 0, in.dec_mask = rep4(fig_imask[i], c->w); \
        in.dec_opv = fig_opv[i];                                                                       \
        for (unsigned k = 0; k < 3; k++)                                                               \
            in.dec_reg[k] = fig_regs[i][k];                                                            \
    } while (0)
#define CYCLE()                                                                                        \
    do {                                                                                               \
        for (unsigned k = 0; k < (c->step_clks > 1 ? c->step_clks : 1); k++) {                         \
            lk_cycle(&ls, &in);                                                                        \
            r->cycle++;                                                                                \
        }                                                                                              \
        memset(&in, 0, sizeof in);                                                                     \
    } while (0)
    memset(&in, 0, sizeof in);
    DEC(0, 0);                          /* I0 fetched and decoded: the initial row */
    CYCLE();
    fig9_check(r, &ls, 0);
    in.iss_valid = 1, in.iss_slot = 0;  /* 1: I0 issues; I1 decoded into the freed slot in the same cycle */
    DEC(0, 1);
    CYCLE();
    DEC(1, 2);                          /*    and I2 the next cycle */
    CYCLE();
    fig9_check(r, &ls, 1);
    in.iss_valid = 1, in.iss_slot = 1;  /* 2: I2 issues */
    CYCLE();
    fig9_check(r, &ls, 2);
    DEC(1, 3);                          /* 3: I3 decoded */
    CYCLE();
    fig9_check(r, &ls, 3);
    in.wb_valid = 1, in.wb_warp = 0, in.wb_reg = 0, in.wb_mask = rep4(0xf, c->w); /* 4: I0 writes R0 */
    CYCLE();
    fig9_check(r, &ls, 4);
    in.iss_valid = 1, in.iss_slot = 0;  /* 5: I1 issues */
    CYCLE();
    fig9_check(r, &ls, 5);
    in.wb_valid = 1, in.wb_warp = 0, in.wb_reg = 1, in.wb_mask = rep4(0xa, c->w); /* 6: I2 writes R1 */
    CYCLE();
    fig9_check(r, &ls, 6);
    CYCLE();                            /* the final state through the RTL comparison too */
#undef DEC
#undef CYCLE
    if (ls.out.ib_ready != 0x2)
        sc_expect_fail(r, "after step 6 I3 (slot 1) must be the only eligible instruction");
    sc_ls_close(&ls.core);
}
