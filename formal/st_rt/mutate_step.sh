#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/st_rt/mutate_step.sh [NAME...]: check that the two-clock step's miter
# (formal/st_rt/st_rt_step.sby, docs/units/st_rt.md "Two-clock step") can fail.
# Each mutant is one deliberate bug in a copy of one file of rtl/ (under build/formal/st_rt/mut_step/;
# the tree is not touched), run as a BMC of depth 12 (six steps) of task step_orec.
# A mutant is "killed" when the BMC finds a counterexample; the failing assertions are printed.
#   s_tables_write_first  the tables are written on a step's first clock too
#   s_ok_first            ok_o given on a step's first clock
#   s_ev_first            ev_o given on a step's first clock
#   s_phase_stuck         the phase stops alternating: every clock after the first is a
#                         second clock, so the rank feeds a step one clock old values
#   s_cut_stale           the rank loads only when its bit 0 is set (a wrong enable)
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/st_rt/mut_step
mut_setup "$out"
rm -f "$out"/*.task "$out"/*.sby

python3 - formal/st_rt/st_rt_step.sby "$out" <<'PY'
import sys
sys.path.insert(0, 'formal')
from mutate_gen import write_mutants
sby, out = open(sys.argv[1]).read(), sys.argv[2]
S, C = 'rtl/st_rt/simt_st_rt.sv', 'rtl/common/simt_step_cut.sv'
P = 'rtl/common/simt_step_phase.sv'
muts = {
  's_tables_write_first': (S, "    end else if (step) begin\n      st_pc_q    <= st_pc_d;",
                              "    end else begin\n      st_pc_q    <= st_pc_d;"),
  's_ok_first':           (S, "assign ok_o    = step & ok_c;", "assign ok_o    = ok_c;"),
  's_ev_first':           (S, "assign ev_o    = {8{step}} & {", "assign ev_o    = {8{1'b1}} & {"),
  's_phase_stuck':        (P, "        ph_q <= ~ph_q;", "        ph_q <= 1'b1;"),
  's_cut_stale':          (C, "      q_q <= d_i;", "      if (d_i[0]) q_q <= d_i;"),
}
cfg = sby.replace("~cover: mode prove", "~cover: mode bmc").replace("~cover: depth 4", "~cover: depth 12")
assert cfg.count("~cover: mode bmc") == 1 and cfg.count("~cover: depth 12") == 1, "st_rt_step.sby changed?"
write_mutants(cfg, out, muts, 'step_orec')
PY
[ $? -eq 0 ] || exit 2
mut_all "$out" "$@"
