#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/warp_ctrl/mutate.sh [NAME...]: check that the warp_ctrl proof can fail.
# Each mutant is one deliberate bug in a copy of rtl/warp_ctrl/simt_warp_ctrl.sv (under
# build/formal/warp_ctrl/mut/, the tree is not touched). Each is run as a BMC of depth 10 twice:
# with properties (1)-(3) only (CONTRACT = 0: the RTL's assertions and the wrapper's a_wake_arb)
# and with every check (CONTRACT = 1: the wrapper's contract tables too).
# A mutant is "killed" when a run fails with a counterexample trace. Expected outcome:
#   m_doc_conflict_carry  the doc's first-draft table (MEM conflict row without "no carry")
#                         -> a_min (invariant 1) fails: served lanes wrap below the MPC
#   m_conflict_inc        MPC + 1 even when MEM lanes conflict       -> invariant (1)
#   m_en_ignores_sleep    sleeping lanes counted as enabled          -> invariant (1)
#   m_exit_any_op         BRANCH also kills lanes                    -> property (2)
#   m_wake_no_arb         a wake-up does not trigger arbitration     -> (1) and (3)
#   m_all_missed_keep     MEM with every lane missing keeps the MPC  -> invariant (1)
#   m_sleep_no_wake       wake_i ignored                             -> property (3)
#   m_miss_awake          missing lanes do not sleep                 -> contract checks only
#   m_no_grow_key         shortcut key update despite a wake-up      -> contract checks only
#                         (the MPC is re-arbitrated next cycle anyway: only mpc_o differs)
#   m_alu_carry           ALU shortcut taken on PC wrap              -> contract checks only
#                         (exact in fact: the active lanes wrap to {msp, 0}, still the minimum)
# Mutants of the pipelined arbiter's bookkeeping (m_p_*), run on task prove_pipe (ARB_STAGES =
# 2, the RTL's assertions; the wrapper's tables are the single-cycle contract) instead:
#   m_p_no_restart        a lane joining does not restart the arbitration -> a_min (1)
#   m_p_early             the result taken one cycle early (cnt = S - 1)  -> a_idle (1)
#   m_p_mem_no_grew       a lane woken during a MEM is forgotten      -> a_p_atm
#   m_p_issue_in_flight   issue allowed while a MEM is in flight     -> a_min (1)
#   m_p_conflict_inv      the tree's uniform bit read as a conflict   -> a_p_conflict
# Run from the repository root; prints one line per mutant and run. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/warp_ctrl/mut
mut_setup "$out"
src=rtl/warp_ctrl/simt_warp_ctrl.sv
sby=formal/warp_ctrl/warp_ctrl.sby

python3 - "$src" "$sby" "$out" <<'EOF'
import sys
src, sby, out = open(sys.argv[1]).read(), open(sys.argv[2]).read(), sys.argv[3]
AK = "assign alu_keep = fire & is_alu & ~carry & ~grow;"
MK = "assign mem_keep = mem_req & ~carry & ~grow & ~grew_q & (conflict | mem_hit_i);"
muts = {
  'm_doc_conflict_carry': (MK, "assign mem_keep = mem_req & ~grow & ~grew_q & (conflict | (mem_hit_i & ~carry));"),
  'm_conflict_inc':     ("assign inc      = alu_keep | (mem_keep & ~conflict);", "assign inc      = keep;"),
  'm_en_ignores_sleep': ("assign en[i] = live_q[i] & ~sleep_q[i];", "assign en[i] = live_q[i];"),
  'm_exit_any_op':      ("assign exit_l   = act_l & is_exit;",
                         "assign exit_l   = act_l & (is_exit | is_branch);"),
  'm_wake_no_arb':      ("assign grow     = woke | launched;", "assign grow     = launched;"),
  'm_all_missed_keep':  ("~grew_q & (conflict | mem_hit_i);", "~grew_q;"),
  'm_sleep_no_wake':    ("(sleep_q & ~wake_v)", "(sleep_q)"),
  'm_miss_awake':       ("((served & ~{W{mem_hit_i}}) |", "(('0) |"),
  'm_no_grow_key':      (AK + "\n  " + MK, AK.replace(" & ~grow", "") + "\n  " + MK.replace(" & ~grow", "")),
  'm_alu_carry':        (AK, AK.replace(" & ~carry", "")),
  'm_p_no_restart':     ("assign cnt_d  = arb_q    ? ((at_end | grow) ? '0",
                         "assign cnt_d  = arb_q    ? ((at_end) ? '0"),
  'm_p_early':          ("assign at_end = (cnt_q == CNT_W'(ARB_STAGES));",
                         "assign at_end = (cnt_q == CNT_W'(ARB_STAGES - 1));"),
  'm_p_mem_no_grew':    ("? (grew_q | grow) : 1'b0;", "? grew_q : 1'b0;"),
  'm_p_issue_in_flight': ("assign ready = mvalid_q & ~arb_q & ~memw_q;", "assign ready = mvalid_q & ~arb_q;"),
  'm_p_conflict_inv':   ("assign conflict   = PIPE ? ~arb_uni_o :", "assign conflict   = PIPE ? arb_uni_o :"),
}
# a BMC-only configuration: task prove_area (CONTRACT = 1) and prove_inv (CONTRACT = 0)
cfg = sby.replace("~cover: mode prove", "~cover: mode bmc")
cfg = cfg.replace("prove_area: depth 8", "prove_area: depth 10").replace("prove_inv: depth 8", "prove_inv: depth 10")
cfg = cfg.replace("prove_pipe: depth 8", "prove_pipe: depth 12")
for name, (a, b) in muts.items():
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in the RTL (RTL changed?)")
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    open(f"{out}/{name}.sby", "w").write(
        cfg.replace("rtl/warp_ctrl/simt_warp_ctrl.sv\n", f"simt_warp_ctrl.sv {out}/{name}.sv\n"))
print(" ".join(muts))
EOF
[ $? -eq 0 ] || exit 2

names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(ls "$out"/*.sby | xargs -n1 basename | sed 's/\.sby$//'))
for n in "${names[@]}"; do
  tasks="prove_inv prove_area"
  case $n in m_p_*) tasks=prove_pipe ;; esac
  for task in $tasks; do
    res=$(mut_run "$out/$n.sby" $task "$out/${n}_$task.log")
    printf '%-22s %-10s %s\n' "$n" "$(case $task in prove_inv) echo '(1)-(3)';; prove_pipe) echo 'pipe';; *) echo 'all';; esac)" "$res"
  done
done
