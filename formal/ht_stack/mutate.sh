#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/ht_stack/mutate.sh [NAME...]: check that the ht_stack proofs can fail.
# Each mutant is one deliberate bug in a copy of rtl/ht_stack/simt_ht_stack.sv (under
# build/formal/ht_stack/mut/; the tree is not touched), run as a BMC of depth 6 of one default
# task of formal/ht_stack/ht_stack.sby (prove_k2: W = 4, K = 2, D = 7, POLICY 1, MERGE 0; the
# task after '@' where the bug needs another configuration), with every check of the wrapper. A
# mutant is "killed" when the BMC finds a counterexample; the failing assertions and the step are
# printed. Expected: all killed:
#   m_sor_reach      the suffix OR of level l reaches 2^l entries up instead of 2^(l-1): above(e)
#                    misses the entries at even distances (@prove_wa: under PDOM and PAR the
#                    mutant is equivalent on reachable states; under WA a
#                    split becomes due without a candidate)
#   m_firstk_le      the first-K select takes entries with up to K leaders above (K+1 slots'
#                    worth: an entry beyond the K-th is scheduled, off by one, D3)
#   m_side_order     a divergence inserting both sides puts the taken side lower, the not-taken
#                    side on top (D9 reversed)
#   m_arrive_inv     the arrival test inverted (ADV to the entry's rpc moves, any other removes)
#   m_no_cap         no capacity check: a structural update that does not fit is applied
#                    (@prove_small, D = 4: the only default configuration below 2W-1)
#   m_pend_keep      the structural entry applied is not cleared from pend (applied again)
#   m_merge_nopc     MERGE: a runnable entry below another runnable one is a duplicate whatever
#                    its PC (@prove_k2m)
#   m_backedge_new   the loop back-edge case is never taken: every divergence makes a new
#                    reconvergence entry
#   m_exit_nonroot   EXIT accepted from a non-root entry (removed like an arrival, not refused)
#   m_slot_bad       a report for a slot that is not valid is not refused (bad_o[2])
#   m_taken_npc      a uniform taken BR (t = mask) moves the entry to npc, not tgt
#   m_sel_plus1      a leader's slot is one more than the number of leaders above it
#   m_wa_move        WA: the split's ahead entry (the work-ahead lanes) gets the next PDOM point
#                    as its PC instead of R's: the split moves lanes (@prove_wa)
#   m_wa_e3_mask     WA: the split's behind entry keeps all of R's lanes, not the left-behind ones
#                    (@prove_wa)
#   m_wa_room        WA: a split needs one free entry instead of two (@prove_wa_d7:8, D = 7,
#                    BMC depth 8: the stack must be nearly full first)
#   m_ss_slot        SS: group g's top entry goes to slot K-1-g (@prove_ss)
#   m_ss_grp_root    SS: the spatial split's group roots take level 0's whole mask (@prove_ss)
# Run from the repository root; prints one line per mutant. Uses one core (-j 1).
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/ht_stack/mut
mut_setup "$out"
src=rtl/ht_stack/simt_ht_stack.sv
sby=formal/ht_stack/ht_stack.sby

python3 - "$src" "$sby" "$out" <<'PY'
import sys
src, sby, out = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
# name[@task[:depth]]: [(pattern, replacement, occurrences)]
muts = {
  'm_sor_reach@prove_wa':    [("localparam int unsigned R = 1 << (l - 1);",
                      "localparam int unsigned R = 1 << l;", 1)],
  'm_firstk_le':    [("few[e] = (32'(lab[e*DW +: DW]) < KE);",
                      "few[e] = (32'(lab[e*DW +: DW]) <= KE);", 1)],
  'm_side_order':   [("s_b   = {tgt, t, 1'b1, brpc, {XB{1'b0}}};",
                      "s_b   = {npc, m & ~t, 1'b1, brpc, {XB{1'b0}}};", 1),
                     ("s_a  = (npc != brpc) ? {npc, m & ~t, 1'b1, brpc, {XB{1'b0}}} : {tgt, t, 1'b1, brpc, {XB{1'b0}}};",
                      "s_a  = (npc != brpc && tgt == brpc) ? {npc, m & ~t, 1'b1, brpc, {XB{1'b0}}} : {tgt, t, 1'b1, brpc, {XB{1'b0}}};", 1)],
  'm_arrive_inv':   [("if (hr && (mpc == rpc)) k_op[2*e +: 2] = OpRem;",
                      "if (hr && (mpc != rpc)) k_op[2*e +: 2] = OpRem;", 1)],
  'm_no_cap@prove_small':
                    [("full_c = proc & s_any & (32'(cnt_q) + ins > D);",
                      "full_c = 1'b0;", 1)],
  'm_pend_keep':    [("pend_d = pend_src & cls_st & ~s_oh;",
                      "pend_d = pend_src & cls_st;", 1)],
  'm_merge_nopc@prove_k2m':
                    [("dup[e] = dup[e] | (runnable[j] & (st_pc_q[j*PC_W +: PC_W] == st_pc_q[e*PC_W +: PC_W]));",
                      "dup[e] = dup[e] | runnable[j];", 1)],
  'm_backedge_new': [("end else if (hr && (brpc == rpc)) begin",
                      "end else if (1'b0) begin", 2)],
  'm_exit_nonroot': [("if (hr) k_bad[e] = 1'b1;",
                      "if (1'b0) k_bad[e] = 1'b1;", 1)],
  'm_slot_bad':     [("slot_bad = slot_bad | (~slot_v_o[k] & (rp_kind_i[3*k +: 3] != KNone));",
                      "slot_bad = 1'b0;", 1)],
  'm_taken_npc':    [("mpc = tgt;", "mpc = npc;", 1)],
  'm_sel_plus1':    [("eslot_now[e*SW +: SW] = SW'(lab[e*DW +: DW]);",
                      "eslot_now[e*SW +: SW] = SW'(lab[e*DW +: DW] + 1);", 1)],
  'm_wa_move@prove_wa':
                    [("s_a  = wa_sc ? {pc, lb, 1'b1, xn, xn, xp, xw}  : {pc, wt, 1'b1, xn, {XB{1'b0}}};",
                      "s_a  = wa_sc ? {pc, lb, 1'b1, xn, xn, xp, xw}  : {xn, wt, 1'b1, xn, {XB{1'b0}}};", 1)],
  'm_wa_e3_mask@prove_wa':
                    [("s_b  = {pc, lb, 1'b1, xn, xn, xp, xw};",
                      "s_b  = {pc, m, 1'b1, xn, xn, xp, xw};", 1)],
  'm_wa_room@prove_wa_d7:8':
                    [("(32'(cnt_q) + 2 <= 32'(D))", "(32'(cnt_q) + 1 <= 32'(D))", 1)],
  'm_ss_slot@prove_ss':
                    [("eslot_now[e*SW +: SW]     = eslot_now[e*SW +: SW] | SW'(g);",
                      "eslot_now[e*SW +: SW]     = eslot_now[e*SW +: SW] | SW'(K - 1 - g);", 1)],
  'm_ss_grp_root@prove_ss':
                    [("{st_pc_q[PC_W-1:0], st_mask_q[W-1:0] & (W'({G{1'b1}}) << (g * G)),",
                      "{st_pc_q[PC_W-1:0], st_mask_q[W-1:0],", 1)],
}
cfg = sby
for a, b in (("prove: mode prove", "prove: mode bmc"), ("prove: depth 2", "prove: depth 6")):
    if cfg.count(a) != 1:
        sys.exit(f"mutate.sh: ht_stack.sby changed? ({a})")
    cfg = cfg.replace(a, b)
if cfg.count("rtl/ht_stack/simt_ht_stack.sv\n") != 1:
    sys.exit("mutate.sh: ht_stack.sby changed? ([files] line of the RTL)")
for key, reps in muts.items():
    # name[@task[:depth]]: the task (default prove_k2) and the BMC depth (default 6)
    name = key.split('@')[0]
    task, depth = ((key.split('@') + ['prove_k2'])[1].split(':') + ['6'])[:2]
    open(f"{out}/{name}.task", "w").write(task + "\n")
    m = src
    for a, b, n in reps:
        if m.count(a) != n:
            sys.exit(f"mutate.sh: mutant {name}: pattern found {m.count(a)} times, not {n} (RTL changed?): {a}")
        m = m.replace(a, b)
    open(f"{out}/{name}.sv", "w").write(m)
    open(f"{out}/{name}.sby", "w").write(
        cfg.replace("rtl/ht_stack/simt_ht_stack.sv\n", f"simt_ht_stack.sv {out}/{name}.sv\n")
           .replace("prove: depth 6", f"prove: depth {depth}"))
PY
[ $? -eq 0 ] || exit 2

mut_all "$out" "$@"
