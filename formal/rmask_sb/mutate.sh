#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/rmask_sb/mutate.sh [NAME...]: check that the scoreboard proofs can fail.
# Each mutant is one deliberate bug in a copy of one file of rtl/rmask_sb/ (under build/formal/rmask_sb/mut/;
# the tree is not touched), run as a BMC of depth 8 of one task of formal/rmask_sb/rmask_sb.sby (default
# prove_rm, simt_rmask_sb; '@task' names another), twice: with every check of the wrapper
# (column "all") and with properties (a)-(c) and the slot invariants only (CONTRACT = 0, column
# "(a)-(c)"). A mutant is "killed" when the run with every check finds a counterexample; the
# failing assertions of the counterexample and its length are printed. Expected: all killed,
# and by (a)-(c) alone as well. The comments say which property is expected to catch each:
#   m_wb_clear_all       writeback frees the whole R-mask, whatever wb_mask_i    -> (c), (a)
#   m_iss_overwrite      issue sets the hit entry's R-mask to its mask (no OR)   -> (c)
#   m_iss_ignores_full   an eligible issue is accepted with no free entry         -> (c)
#   m_alloc_all_free     issue allocates every free entry of the warp            -> a_unique
#   m_hit_stale          issue matches a free entry's stale register             -> a_unique / table
#   m_no_reuse           no allocation of an entry freed by this cycle's wb      -> a_iss_full
#   m_dec_before_issue   decode reads the scoreboard before this cycle's issue   -> (a)
#   m_next_stale         LOOKUP_NEXT = 1: the lookups read the R-masks before    -> (a)
#                        this cycle's writeback and issue (rm_q for rm_d; task prove_rnext)
#   m_dec_ignores_mask   decode sets a dep bit for a pending write of any split  -> (b)
#   m_no_waw             the destination's dep bit (WAW) is never set           -> (a)
#   m_reeval_any_warp    re-evaluation clears the dep bits of every warp         -> (a)
#   m_reeval_any_mask    re-evaluation clears on any writeback of the register   -> (a)
#   m_elig_ignores_dep   an issue is accepted whatever the dep mask              -> (a)
#   m_full_frees_slot    a refused issue (iss_full_o) frees its slot             -> back-pressure
#   m_keep_issued        an accepted issue does not free its slot                -> slot invariants
#   m_dec_overwrite      decode into a slot still valid is accepted              -> slot invariants
#   m_base_wb_lane0      baseline: writeback frees only if lane 0 is written     -> (c), base
# And one environment change, not an RTL mutant, showing why the paper needs the R-mask:
#   e_base_multipath     the baseline with two buffered splits per warp (SPS = 0): a pending
#                        write is lost when another split writes the same register -> (c)
# Run from the repository root; prints one line per mutant. Uses one core (-j 1).
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/rmask_sb/mut
mut_setup "$out"
sby=formal/rmask_sb/rmask_sb.sby

python3 - "$sby" "$out" <<'PY'
import sys
sby, out = open(sys.argv[1]).read(), sys.argv[2]
T, I, B = 'rtl/rmask_sb/simt_sb_table.sv', 'rtl/rmask_sb/simt_sb_ibuf.sv', 'rtl/rmask_sb/simt_sb_base.sv'
muts = {
  'm_wb_clear_all':     (T, "rm1_c[t*MW +: MW] = wb_hit_c[t] ? (rm_q[t*MW +: MW] & ~wb_mask_i)",
                            "rm1_c[t*MW +: MW] = wb_hit_c[t] ? ('0)"),
  'm_iss_overwrite':    (T, "rm_d[t*MW +: MW]        = rm1_c[t*MW +: MW] | iss_mask_c;",
                            "rm_d[t*MW +: MW]        = iss_mask_c;"),
  'm_iss_ignores_full': (T, "assign iss_ok     = iss_elig_c & ~full & step_i;",
                            "assign iss_ok     = iss_elig_c & step_i;"),
  'm_alloc_all_free':   (T, "assign iss_first  = iss_free_c & (~iss_free_c + 1'b1);",
                            "assign iss_first  = iss_free_c;"),
  'm_hit_stale':        (T, "iss_hit[t]  = iss_woh[t / NE] & valid1[t] &", "iss_hit[t]  = iss_woh[t / NE] &"),
  'm_no_reuse':         (T, "iss_free[t] = iss_woh[t / NE] & ~valid1[t];",
                            "iss_free[t] = iss_woh[t / NE] & ~valid_q[t];"),
  'm_dec_before_issue': (T, "dec_rm_o[k*MW +: MW] = dec_rm_o[k*MW +: MW] | iss_mask_c;",
                            "dec_rm_o[k*MW +: MW] = dec_rm_o[k*MW +: MW];"),
  'm_next_stale@prove_rnext': (T, "assign lk_rm  = rm_d;", "assign lk_rm  = rm_q;"),
  'm_dec_ignores_mask': (I, "ibd_d[i*NOP+k] = dec_opv_i[k] & |(dec_rm_i[k*MW +: MW] & dmask);",
                            "ibd_d[i*NOP+k] = dec_opv_i[k] & |(dec_rm_i[k*MW +: MW]);"),
  'm_no_waw':           (I, "ibd_d[i*NOP+k] = dec_opv_i[k] & |(dec_rm_i[k*MW +: MW] & dmask);",
                            "ibd_d[i*NOP+k] = (k != 0) & dec_opv_i[k] & |(dec_rm_i[k*MW +: MW] & dmask);"),
  'm_reeval_any_warp':  (I, "ibw_q[i*WID_W +: WID_W] == wb_warp_i && ~|(wb_rm_i", "~|(wb_rm_i"),
  'm_reeval_any_mask':  (I, "&& ~|(wb_rm_i & ibm[i*MW +: MW])) begin", ") begin"),
  'm_elig_ignores_dep': (I, "assign iss_elig_o = iss_valid_i & s_valid & ~|s_dep;",
                            "assign iss_elig_o = iss_valid_i & s_valid;"),
  'm_full_frees_slot':  (I, "assign freed   = iss_ok_i ? iss_soh : '0;",
                            "assign freed   = iss_elig_o ? iss_soh : '0;"),
  'm_keep_issued':      (I, "ibv_d = ibv_q & ~freed;", "ibv_d = ibv_q;"),
  'm_dec_overwrite':    (I, "& ~|(dec_soh & ibv_q & ~freed)", ""),
  'm_base_wb_lane0@prove_base': (B, ".wb_mask_i  (1'b1),", ".wb_mask_i  (wb_mask_i[0]),"),
  'e_base_multipath@prove_base': (None, "base: chparam -set BASE 1 -set SPS 1", "base: chparam -set BASE 1 -set SPS 0"),
}
cfg = sby.replace("prove: mode prove", "prove: mode bmc").replace("prove: depth 2", "prove: depth 8")
assert cfg.count("prove: mode bmc") == 1 and cfg.count("prove: depth 8") == 1, "rmask_sb.sby changed?"
for key, (f, a, b) in muts.items():
    name = key.split('@')[0]
    open(f"{out}/{name}.task", "w").write((key.split('@') + ['prove_rm'])[1] + "\n")
    if f is None:                       # environment change: in the .sby
        if cfg.count(a) != 1:
            sys.exit(f"mutate.sh: {name}: pattern not found once in rmask_sb.sby")
        open(f"{out}/{name}.sby", "w").write(cfg.replace(a, b))
        continue
    src = open(f).read()
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in {f} (RTL changed?)")
    base = f.split('/')[-1]
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    open(f"{out}/{name}.sby", "w").write(cfg.replace(f"{f}\n", f"{base} {out}/{name}.sv\n"))
# the same with properties (a)-(c) only
import glob
for f in glob.glob(f"{out}/*.sby"):
    if f.endswith("_p.sby"): continue
    c = open(f).read()
    a = "read -formal simt_rmask_sb_fv.sv\n"
    assert c.count(a) == 1
    open(f[:-4] + "_p.sby", "w").write(c.replace(a, a + "chparam -set CONTRACT 0 simt_rmask_sb_fv\n"))
PY
[ $? -eq 0 ] || exit 2

names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(ls "$out"/*.task | xargs -n1 basename | sed 's/\.task$//'))
killed=0; total=0
for n in "${names[@]}"; do
  task=$(cat "$out/$n.task")
  r_all=$(mut_run "$out/$n.sby" "$task" "$out/$n.log")
  r_abc=$(mut_run "$out/${n}_p.sby" "$task" "$out/${n}_p.log")
  total=$((total + 1))
  case $r_all in killed*) killed=$((killed + 1)) ;; esac
  printf '%-20s %-10s all:     %s\n' "$n" "$task" "$r_all"
  printf '%-20s %-10s (a)-(c): %s\n' "" "" "$r_abc"
done
mut_summary $killed $total
