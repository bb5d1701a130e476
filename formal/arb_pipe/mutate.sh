#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/arb_pipe/mutate.sh [NAME...]: check that the arb_pipe proofs can fail.
# Each mutant is one deliberate bug in a copy of rtl/common/simt_min_pipe.sv or
# rtl/arb_pipe/simt_arb_pipe.sv (under build/formal/arb_pipe/mut/; the tree is not touched), run
# as a BMC of depth 6 (STAGES + 3 past STAGES = 3) of task prove_w4_s2 (W = 4, STAGES = 2), or of
# the task named after '@'.
# A mutant is "killed" when the BMC finds a counterexample; the failing assertions are printed.
#   m_tie_drop       a tie keeps only the left child's lanes (kb < ka instead of kb <= ka)
#   m_max            the tree keeps the larger key
#   m_no_rst_vld     the valid bits of a rank survive a reset
#   m_key_ungated    key_o not gated by valid_o (an unreset key rank shows after a reset)
#   m_every_level    a rank after every level (latency clog2(W) + 1, not STAGES) at STAGES = 1
#   m_mode_swap      memory mode keeps the whole key, PC mode only the line
#   m_mode_early     STAGES = clog2(W) + 1: the mask takes this cycle's mode, not the input rank's
#   m_split_low      a split comparator (STAGES > clog2(W) + 1): the lowest differing chunk decides
#   m_split_tie      a split comparator: a tie keeps only the left child's lanes
#   m_split_no_rst   a split comparator's right valid bit survives a reset
#   m_uni_noeq       a node is uniform when its children are, whatever their keys
#   m_uni_split      a split comparator forgets its left child's uniform bit (level 2 at W = 4)
# Run from the repository root; prints one line per mutant. Uses one core.
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/arb_pipe/mut
mut_setup "$out"
sby=formal/arb_pipe/arb_pipe.sby

python3 - "$sby" "$out" <<'PY'
import sys
sby, out = open(sys.argv[1]).read(), sys.argv[2]
tree, unit = "rtl/common/simt_min_pipe.sv", "rtl/arb_pipe/simt_arb_pipe.sv"
muts = {
  'm_tie_drop':   (tree, "assign b_le_a = (kb <= ka);", "assign b_le_a = (kb < ka);"),
  'm_max':        (tree, "assign a_le_b = (ka <= kb);", "assign a_le_b = (ka >= kb);"),
  'm_no_rst_vld': (tree, "          vld_q <= '0;\n", "          vld_q <= vld_c;\n"),
  'm_key_ungated': (tree, "assign key_o   = g_lvl[L].key_n[K-1:0] & {K{valid_o}};", "assign key_o   = g_lvl[L].key_n[K-1:0];"),
  'm_every_level@prove_w4_s1': (tree, "localparam bit REG = ((l + 1) * STAGES) / (L + 1) > (l * STAGES) / (L + 1);", "localparam bit REG = 1'b1;"),
  'm_mode_swap':  (unit, "key_i[i*KEY_W +: KEY_W] & (mode_i ? LINE_MASK : '1);", "key_i[i*KEY_W +: KEY_W] & (mode_i ? '1 : LINE_MASK);"),
  'm_mode_early@prove_w4_s3': (unit, "key_q[i*KEY_W +: KEY_W] & (mode_q[i] ? LINE_MASK : '1);", "key_q[i*KEY_W +: KEY_W] & (mode_i ? LINE_MASK : '1);"),
  'm_split_low@prove_w4_s5': (tree, "for (int c = 0; c < NC; c++) begin", "for (int c = NC - 1; c >= 0; c--) begin"),
  'm_split_tie@prove_w4_s5': (tree, "assign b_le_a = ~a_lt;", "assign b_le_a = a_gt;"),
  'm_split_no_rst@prove_w4_s5': (tree, "              vb_q <= 1'b0;\n", "              vb_q <= g_lvl[l-1].vld_n[2*i+1];\n"),
  'm_uni_noeq':   (tree, "& ~(va & vb & ~(a_le_b & b_le_a));", ";"),
  'm_uni_split@prove_w4_s5': (tree, "            ua_q <= g_lvl[l-1].uni_n[2*i];", "            ua_q <= 1'b1;"),
}
cfg = sby.replace("prove: mode prove", "prove: mode bmc")
for d in range(10, 1, -1):   # depth 6, or STAGES + 3 past it (a result out of the pipe)
    cfg = cfg.replace(f": depth {d}\n", f": bmcdepth {max(6, d + 2)}\n")
cfg = cfg.replace(": bmcdepth ", ": depth ")
for key, (path, a, b) in muts.items():
    name = key.split('@')[0]
    open(f"{out}/{name}.task", "w").write((key.split('@') + ['prove_w4_s2'])[1] + "\n")
    src = open(path).read()
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in {path} (RTL changed?)")
    base = path.rsplit('/', 1)[1]
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    open(f"{out}/{name}.sby", "w").write(cfg.replace(f"{path}\n", f"{base} {out}/{name}.sv\n"))
PY
[ $? -eq 0 ] || exit 2

mut_all "$out" "$@"
