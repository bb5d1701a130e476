/* SPDX-License-Identifier: Apache-2.0 */
/* arb_keys: random arbiter inputs (mode, lane mask, keys) with many ties and corner values, the
 * cases a min-select gets wrong; shared by the arbiter drivers (tb/units/arb, tb/units/arb_pipe). */
#ifndef ARB_KEYS_H
#define ARB_KEYS_H

#include <stdint.h>

#include "simt_arb.h"
#include "simtcheck.h"

/* One cycle's inputs for an arbiter of configuration c: *mode (0 or 1), *valid (W bits) and
 * key[0..W-1] (SP_W + PC_W bits each). */
void arb_gen_keys(sc_rng *g, const simt_arb_cfg *c, uint64_t *key, uint64_t *valid, unsigned *mode);

#endif
