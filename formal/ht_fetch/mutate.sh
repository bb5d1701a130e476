#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/ht_fetch/mutate.sh [NAME...]: check that the ht_fetch proofs can fail.
# Each mutant is one deliberate bug in a copy of rtl/ht_fetch/simt_ht_fetch.sv (under
# build/formal/ht_fetch/mut/; the tree is not touched), run as a BMC of depth 8 of task
# prove_k2p2 (W = 4, K = 2, P = 2), or of the task named after '@' where the bug needs fewer
# ports than slots. A mutant is "killed" when the BMC finds a counterexample; the failing
# assertions are printed. Expected outcome (see docs/units/ht_fetch.md, "Formal"):
#   m_partial        the bundle moves before every valid slot has hit (a partial bundle)
#   m_overwrite_b    the fetch stage moves into a bundle stage that still waits for bun_ready
#   m_ready_busy     a request is taken while the fetch stage is complete but cannot move
#   m_no_latch       hits of a request that is not complete yet are not latched (P < K: livelock)
#   m_refetch_all    every valid slot is asked again after a miss, hits included
#   m_data_nohit     the data of a requesting port is latched without a hit
#   m_hit_port0      P < K: every port's answer is taken from port 0's hit bit
#   m_b_instr_old    the bundle takes the fetch stage's instructions without this cycle's hits
#   m_lane_no_act    the lane mux ignores the active bit (inactive lanes get an instruction)
#   m_bad_accept     a bad request is taken into the fetch stage (and flagged)
#   m_err_pulse      err_o is not sticky
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/ht_fetch/mut
mut_setup "$out"
src=rtl/ht_fetch/simt_ht_fetch.sv
sby=formal/ht_fetch/ht_fetch.sby

python3 - "$src" "$sby" "$out" <<'PY'
import sys
src, sby, out = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
muts = {
  'm_partial':          ("assign f_done      = f_full_q & ~|(need & ~slot_hit);",
                         "assign f_done      = f_full_q;"),
  'm_overwrite_b':      ("assign f_move      = f_done & (~b_full_q | bun_ready_i);",
                         "assign f_move      = f_done;"),
  'm_ready_busy':       ("assign req_ready_o = ~f_full_q | f_move;",
                         "assign req_ready_o = ~f_full_q | f_done;"),
  'm_no_latch@prove_k2p1': ("assign f_have_d = acc ? '0 : (f_have_q | slot_hit);",
                         "assign f_have_d = acc ? '0 : f_have_q;"),
  'm_refetch_all':      ("assign need_d   = acc ? req_slot_v_i : (need_q & ~slot_hit);",
                         "assign need_d   = acc ? req_slot_v_i : need_q;"),
  'm_data_nohit':       ("assign slot_hit  = need & ic_hit_i;",
                         "assign slot_hit  = need;"),
  'm_hit_port0@prove_k4p2': ("if (port_oh[j*K + k] & ic_hit_i[j]) begin",
                         "if (port_oh[j*K + k] & ic_hit_i[0]) begin"),
  'm_b_instr_old':      ("b_instr_q   <= f_instr_d;",
                         "b_instr_q   <= f_instr_q;"),
  'm_lane_no_act':      ("assign bun_lane_instr_o[i*IW +: IW] = b_act_q[i] ? v : '0;",
                         "assign bun_lane_instr_o[i*IW +: IW] = v;"),
  'm_bad_accept':       ("assign acc         = take & ~(|lane_bad);",
                         "assign acc         = take;"),
  'm_err_pulse':        ("assign err_d    = err_q | req_bad_o;",
                         "assign err_d    = req_bad_o;"),
}
cfg = sby.replace("prove: mode prove", "prove: mode bmc").replace("prove: depth 2", "prove: depth 8")
for key, (a, b) in muts.items():
    name = key.split('@')[0]
    open(f"{out}/{name}.task", "w").write((key.split('@') + ['prove_k2p2'])[1] + "\n")
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in the RTL (RTL changed?)")
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    open(f"{out}/{name}.sby", "w").write(
        cfg.replace("rtl/ht_fetch/simt_ht_fetch.sv\n", f"simt_ht_fetch.sv {out}/{name}.sv\n"))
PY
[ $? -eq 0 ] || exit 2

mut_all "$out" "$@"
