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
K = "assign keep    = fire & ~carry & ~grow & (is_alu | (is_mem & (conflict | mem_hit_i)));"
muts = {
  'm_doc_conflict_carry': (K, "assign keep    = fire & ~grow & ((is_alu & ~carry) | "
                              "(is_mem & (conflict | (mem_hit_i & ~carry))));"),
  'm_conflict_inc':     ("assign inc     = keep & ~(is_mem & conflict);", "assign inc     = keep;"),
  'm_en_ignores_sleep': ("assign en[i] = live_q[i] & ~sleep_q[i];", "assign en[i] = live_q[i];"),
  'm_exit_any_op':      ("assign exit_l   = act_l & is_exit;",
                         "assign exit_l   = act_l & (is_exit | is_branch);"),
  'm_wake_no_arb':      ("assign grow     = woke | launched;", "assign grow     = launched;"),
  'm_all_missed_keep':  ("(is_mem & (conflict | mem_hit_i))", "(is_mem)"),
  'm_sleep_no_wake':    ("(sleep_q & ~wake_v)", "(sleep_q)"),
  'm_miss_awake':       ("((served & ~{W{mem_hit_i}}) |", "(('0) |"),
  'm_no_grow_key':      ("assign keep    = fire & ~carry & ~grow &", "assign keep    = fire & ~carry &"),
  'm_alu_carry':        (K, "assign keep    = fire & ~grow & (is_alu | (is_mem & ~carry & "
                            "(conflict | mem_hit_i)));"),
}
# a BMC-only configuration: task prove_area (CONTRACT = 1) and prove_inv (CONTRACT = 0)
cfg = sby.replace("~cover: mode prove", "~cover: mode bmc")
cfg = cfg.replace("prove_area: depth 8", "prove_area: depth 10").replace("prove_inv: depth 8", "prove_inv: depth 10")
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
  for task in prove_inv prove_area; do
    res=$(mut_run "$out/$n.sby" $task "$out/${n}_$task.log")
    printf '%-22s %-10s %s\n' "$n" "$([ $task = prove_inv ] && echo '(1)-(3)' || echo 'all')" "$res"
  done
done
