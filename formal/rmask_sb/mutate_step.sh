#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/rmask_sb/mutate_step.sh [NAME...]: check that the two-clock step's miter
# (formal/rmask_sb/rmask_sb_step.sby, docs/units/rmask_sb.md "Two-clock step") can fail.
# Each mutant is one deliberate bug in a copy of one file of rtl/ (under build/formal/rmask_sb/mut_step/;
# the tree is not touched), run as a BMC of depth 12 (six steps) of task step_rm (simt_rmask_sb) or step_base.
# A mutant is "killed" when the BMC finds a counterexample; the failing assertions are printed.
#   s_table_writes_first  the table is written on a step's first clock too
#   s_slots_write_first   the I-buffer slots are written on a step's first clock too
#   s_ok_first            iss_ok_o (and the slot it frees) given on a step's first clock
#   s_bad_first           bad_o given on a step's first clock (simt_rmask_sb)
#   s_bad_first_base      the same in simt_sb_base (task step_base)
#   s_phase_stuck         the phase stops alternating: every clock after the first is a
#                         second clock, so the cut ranks feed a step one clock old values
#   s_cut_stale           the issue's cut rank keeps its value (a rank with a wrong enable)
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/rmask_sb/mut_step
mut_setup "$out"
rm -f "$out"/*.task "$out"/*.sby

python3 - formal/rmask_sb/rmask_sb_step.sby "$out" <<'PY'
import sys
sys.path.insert(0, 'formal')
from mutate_gen import write_mutants
sby, out = open(sys.argv[1]).read(), sys.argv[2]
T, I = 'rtl/rmask_sb/simt_sb_table.sv', 'rtl/rmask_sb/simt_sb_ibuf.sv'
R, B, C = 'rtl/rmask_sb/simt_rmask_sb.sv', 'rtl/rmask_sb/simt_sb_base.sv', 'rtl/common/simt_step_cut.sv'
P = 'rtl/common/simt_step_phase.sv'
muts = {
  's_table_writes_first': (T, "    end else if (step_i) begin\n      reg_q <= reg_d;", "    end else begin\n      reg_q <= reg_d;"),
  's_slots_write_first':  (I, "    end else if (step_i) begin\n      ibv_q <= ibv_d;", "    end else begin\n      ibv_q <= ibv_d;"),
  's_ok_first':           (T, "assign iss_ok     = iss_elig_c & ~full & step_i;", "assign iss_ok     = iss_elig_c & ~full;"),
  's_bad_first':          (R, "assign bad_o    = {3{step}} & {", "assign bad_o    = {3{1'b1}} & {"),
  's_bad_first_base@step_base': (B, "assign bad_o    = {3{step}} & {", "assign bad_o    = {3{1'b1}} & {"),
  's_phase_stuck':        (P, "        ph_q <= ~ph_q;", "        ph_q <= 1'b1;"),
  's_cut_stale':          (C, "      q_q <= d_i;", "      if (d_i[0]) q_q <= d_i;"),
}
cfg = sby.replace("prove: mode prove", "prove: mode bmc").replace("prove: depth 4", "prove: depth 12")
assert cfg.count("prove: mode bmc") == 1 and cfg.count("prove: depth 12") == 1, "rmask_sb_step.sby changed?"
write_mutants(cfg, out, muts, 'step_rm')
PY
[ $? -eq 0 ] || exit 2
mut_all "$out" "$@"
