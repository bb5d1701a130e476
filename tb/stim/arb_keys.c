/* SPDX-License-Identifier: Apache-2.0 */
/* arb_keys: random arbiter inputs, see arb_keys.h. */
#include "arb_keys.h"

void arb_gen_keys(sc_rng *g, const simt_arb_cfg *c, uint64_t *key, uint64_t *valid, unsigned *mode)
{
    const uint64_t km = simt_arb_key_mask(c);
    const uint64_t wm = c->w >= 64 ? ~0ull : (1ull << c->w) - 1;
    *mode = (unsigned)sc_below(g, 2);
    switch (sc_below(g, 8)) {
    case 0: *valid = wm; break;
    case 1: *valid = 0; break;
    case 2: *valid = 1ull << sc_below(g, c->w); break;
    case 3: *valid = wm & ~(1ull << sc_below(g, c->w)); break;
    case 4: *valid = sc_rand(g) & sc_rand(g) & sc_rand(g) & wm; break;  /* draw-order: commutative */
    default: *valid = sc_rand(g) & wm; break;
    }
    uint64_t pool[4];
    unsigned npool = 1 + (unsigned)sc_below(g, 4);
    unsigned scheme = (unsigned)sc_below(g, 6);
    uint64_t base = sc_rand(g) & km;
    for (unsigned p = 0; p < npool; p++) {
        switch (scheme) {
        case 0: pool[p] = sc_rand(g) & km; break;                          /* random */
        case 1: pool[p] = base ^ (1ull << sc_below(g, c->sp_w + c->pc_w)); break; /* one bit apart */
        case 2: pool[p] = (base + sc_below(g, 3)) & km; break;             /* adjacent values */
        case 3: pool[p] = sc_chance(g, 50) ? 0 : km - sc_below(g, 2); break; /* extremes */
        default: pool[p] = (base & ~(uint64_t)0xff) | (sc_rand(g) & 0xff); break; /* same line/SP */
        }
    }
    for (unsigned i = 0; i < c->w; i++) {
        uint64_t k = pool[sc_below(g, npool)];
        if (scheme >= 4 && sc_chance(g, 50)) {  /* same line, other offset or SP: memory ties */
            /* one draw per statement: the order of two draws in one expression is unspecified
             * in C, and builds differed (the ASan build drew other keys from the same seed) */
            const uint64_t off = sc_rand(g) & ((1ull << c->off_w) - 1);
            const uint64_t sp = sc_rand(g) & 3;
            k ^= off | sp << c->pc_w;
        }
        if (sc_chance(g, 5))
            k = sc_rand(g);
        key[i] = k & km;
    }
}
