#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/st_rt/mutate.sh [NAME...]: check that the strt proofs can fail.
# Each mutant is one deliberate bug in a copy of rtl/st_rt/simt_st_rt.sv (under
# build/formal/st_rt/mut/; the tree is not touched), run as a BMC of depth 10 of task
# prove_orec (W = 4, NST = 4, NRT = 3, OREC = 1), or prove_dps (NST = 2, NRT = 2) for the ST
# back-pressure mutant: with NST >= W a full ST never meets a divergent branch (a split
# that can diverge has two lanes, so fewer than W splits exist), see "Sizing". A mutant is "killed" when the BMC finds a
# counterexample; the failing assertions are printed. Expected: every mutant below killed:
#   m_arrive_keeps_pend   an arrival does not clear the split's lanes from the pending mask
#   m_side_keeps_pend     a side at the RPC (first special case) stays pending
#   m_merge_drops_lanes   an OREC merge frees X without adding its lanes to E
#   m_orec_any_link       the OREC search ignores the link (RPC, R-index)
#   m_orec_any_link_late  the same in the OREC_CMP = 0 form (task prove_orec_late)
#   m_stall_ignores_rt    a divergent BR with a full RT is not stalled (overwrites an entry)
#   m_stall_ignores_st    a divergent BR with a full ST is not stalled (side N lost)
#   m_reconv_keeps_rmask  the RT entry moving back keeps its reconvergence mask
#   m_exit_diverged       EXIT accepted from a diverged split (its siblings are stranded)
#   m_early_pend_all      the early reconvergence entry waits for E too (E already arrived)
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/st_rt/mut
mut_setup "$out"
src=rtl/st_rt/simt_st_rt.sv
sby=formal/st_rt/st_rt.sby

python3 - "$src" "$sby" "$out" <<'PY'
import sys
src, sby, out = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
muts = {
  'm_arrive_keeps_pend':  ("assign pclr      = arrive ? s_mask : side_mask;",
                           "assign pclr      = arrive ? '0 : side_mask;"),
  'm_side_keeps_pend':    ("assign side_mask = t_at ? mt : (n_at ? mn : '0);",
                           "assign side_mask = '0;"),
  'm_merge_drops_lanes':  ("(st_mask_q[s*W +: W] | x_mask)", "(st_mask_q[s*W +: W])"),
  'm_orec_any_link':      ("(div ? eq_ldiv : (reconv ? eq_lrec : eq_ls))", "'1"),
  'm_orec_any_link_late@prove_orec_late': ("(st_lnk_q[s*LK_W +: LK_W] == x_lnk)", "1'b1"),
  'm_stall_ignores_rt':   ("| (~reuse & ~fr_any));", ");"),
  'm_stall_ignores_st@prove_dps': ("((~t_at & ~n_at & ~ff_any) | ", "("),
  'm_reconv_keeps_rmask': (": (reconv_c & r_oh_c[r]) ? '0", ": 1'b0 ? '0"),
  'm_exit_diverged':      ("assign exit_ok   = op_exit & sel_ok & ~s_hasr;",
                           "assign exit_ok   = op_exit & sel_ok;"),
  'm_early_pend_all':     ("rt_pend_d[r*W +: W] = q   ? x_mask", "rt_pend_d[r*W +: W] = q   ? (e_mask | x_mask)"),
}
cfg = sby.replace("~cover: mode prove", "~cover: mode bmc").replace("~cover: depth 4", "~cover: depth 10")
for key, (a, b) in muts.items():
    name = key.split('@')[0]
    open(f"{out}/{name}.task", "w").write((key.split('@') + ['prove_orec'])[1] + "\n")
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in the RTL (RTL changed?)")
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    open(f"{out}/{name}.sby", "w").write(
        cfg.replace("rtl/st_rt/simt_st_rt.sv\n", f"simt_st_rt.sv {out}/{name}.sv\n"))
PY
[ $? -eq 0 ] || exit 2

mut_all "$out" "$@"
