#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/ht_stack/mutate_step.sh [NAME...]: check that the two-clock step's check
# (formal/ht_stack/ht_stack_step.sby, docs/units/ht_stack.md "Two-clock step") can fail.
# Each mutant is one deliberate bug in a copy of one file of rtl/ (under
# build/formal/ht_stack/mut_step/; the tree is not touched), run as the .sby's own bounded check
# (3 clocks from any state) of task step_par, or the task after '@'.
# A mutant is "killed" when the check finds a counterexample; the failing assertions are printed.
#   h_state_write_first  the state is written on a step's first clock too
#   h_full_first         full_o given on a step's first clock
#   h_bad_first          bad_o[1] (a batch refused) given on a step's first clock
#   h_phase_stuck        the phase stops alternating: every clock after the first is a second
#                        clock, so the rank feeds a step one clock old values
#   h_cut_stale          the rank loads only when its bit 0 is set (a wrong enable)
#   h_cut_stale_pdom     the same in the one-slot form (TOP1; task step_pdom)
#   h_cut_stale_k4m      the same with per-entry classifiers (task step_k4m)
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/ht_stack/mut_step
mut_setup "$out"
rm -f "$out"/*.task "$out"/*.sby

python3 - formal/ht_stack/ht_stack_step.sby "$out" <<'PY'
import sys
sys.path.insert(0, 'formal')
from mutate_gen import write_mutants
sby, out = open(sys.argv[1]).read(), sys.argv[2]
S, C = 'rtl/ht_stack/simt_ht_stack.sv', 'rtl/common/simt_step_cut.sv'
P = 'rtl/common/simt_step_phase.sv'
muts = {
  'h_state_write_first': (S, "    end else if (step) begin\n      cnt_q      <= cnt_d;",
                             "    end else begin\n      cnt_q      <= cnt_d;"),
  'h_full_first':        (S, "assign full_o     = step & full_c;", "assign full_o     = full_c;"),
  'h_bad_first':         (S, "assign bad_o[1] = step & rp_valid_i & ~acc;", "assign bad_o[1] = rp_valid_i & ~acc;"),
  'h_phase_stuck':       (P, "        ph_q <= ~ph_q;", "        ph_q <= 1'b1;"),
  'h_cut_stale':         (C, "      q_q <= d_i;", "      if (d_i[0]) q_q <= d_i;"),
  'h_cut_stale_pdom@step_pdom': (C, "      q_q <= d_i;", "      if (d_i[0]) q_q <= d_i;"),
  'h_cut_stale_k4m@step_k4m':  (C, "      q_q <= d_i;", "      if (d_i[0]) q_q <= d_i;"),
}
assert sby.count("~cover: mode bmc") == 1, "ht_stack_step.sby changed?"
write_mutants(sby, out, muts, 'step_par')
PY
[ $? -eq 0 ] || exit 2
mut_all "$out" "$@"
