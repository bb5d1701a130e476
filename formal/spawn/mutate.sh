#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/spawn/mutate.sh [NAME...]: check that the spawn proofs can fail.
# Each mutant is one deliberate bug in a copy of rtl/spawn/simt_spawn.sv (or of
# rtl/common/simt_prefix_cnt.sv or simt_min_pairs.sv) under build/formal/spawn/mut/ (the tree is
# not touched), run as a BMC of depth 8 of one task of formal/spawn/spawn.sby (default
# prove_w4_f0: W = 4, NENT = 2, NBLK = 7, FIFO_D = 2, PFX = 0, FULL_POL = 0; '@task' names
# another), twice: with every check
# of the wrapper (column "all") and with the invariants (2)-(8) only, without the cycle-contract
# checks (CONTRACT = 0, column "inv"). A mutant is "killed" when the run with every check finds
# a counterexample; the failing assertions and the step of the counterexample are printed.
# Expected: all killed, and by the invariants alone as well. Failing assertions found when it was
# written (all / inv; BMC reports the first failing step only):
#   m_complete_gt        a warp completes only on T > W (T = W wraps cnt to 0, no push; on a hit)
#                                                                      a_spawn / a_cons
#   m_a2_keeps           a completing spawn does not refill a2 (a1 = a2 = old a2)  a_part / a_part
#   m_flush_lowest_entry the flush takes the lowest-numbered entry with cnt > 0, not the
#                        lowest tag (its warp is pushed under another PC)          a_cons / a_cons
#   m_no_ffull_stall     a completing spawn is not stalled by a full FIFO
#                                                                 a_spawn / a_fifo_ptr, a_part
#   m_pop_no_out         a pop does not mark its block handed out (block lost)     a_part / a_part
#   m_rel_no_check       a release frees any block, handed out or not       a_bad_rel / a_bad_rel
#   m_retag_busy         the LUT is never full: entry 0 is retagged with cnt > 0
#                                                             a_flush, a_spawn / a_cons
#   m_pfx_incl           lane offsets from the inclusive prefix count
#                                                                 a_addr, a_st_slot / a_st_slot
#   m_ovf_b1             overflow lanes (s_i >= W) address block b1 instead of b2
#                                                                 a_addr, a_st_slot / a_st_slot
#   m_addr_or_base       lane address wf_base | slot*SLOT_B instead of +: wrong only when
#                        wf_base_i has bits where the slot has (wf_base_i is free)
#                                                                 a_addr, a_st_dist / a_st_dist
#   m_flush_no_cnt       the FIFO count is not incremented by a flush push         a_part / a_part
#   m_stall_updates      a spawn stalled by a full FIFO / no free block still updates its
#                        entry (and pushes)                       a_spawn / a_fifo_ptr, a_part
#   m_evict_none         FULL_POL = 1: a LUT-full stall never evicts (@prove_w4_f1)
#                                                                      a_evict / a_evict
#   m_ks_reach           simt_prefix_cnt IMPL = 1: level l adds the node 2^l positions lower,
#                        not 2^(l-1) (@miter_w4_f0: only the miter's second instance has
#                        PFX = 1)                                          a_miter / a_miter
# Run from the repository root; prints one line per mutant and run. Uses one core (-j 1).
set -u
source "$(dirname "$0")/../mutate_lib.sh"
out=build/formal/spawn/mut
mut_setup "$out"
sby=formal/spawn/spawn.sby

python3 - "$sby" "$out" <<'PY'
import sys
sby, out = open(sys.argv[1]).read(), sys.argv[2]
S, P, M = 'rtl/spawn/simt_spawn.sv', 'rtl/common/simt_prefix_cnt.sv', 'rtl/common/simt_min_pairs.sv'
muts = {
  'm_complete_gt':        (S, "+ n_thr) >= NW'(W);", "+ n_thr) > NW'(W);"),
  'm_a2_keeps':           (S, "= b2;\n          ent_a2_d[e*BW +: BW]  = lf_idx;\n", "= b2;\n"),
  'm_flush_lowest_entry': (S, ".req_i(fl_match)", ".req_i(fl_cand)"),
  'm_no_ffull_stall':     (S, "& t_ovf & (ffull | nofree);", "& t_ovf & nofree;"),
  'm_pop_no_out':         (S, "if (pop_ok) out_d  = out_d | pop_oh;", "if (1'b0) out_d  = out_d | pop_oh;"),
  'm_rel_no_check':       (S, "assign rel_ok    = rel_valid_i & |(rel_oh & out_q);",
                              "assign rel_ok    = rel_valid_i & |rel_oh;"),
  'm_retag_busy':         (S, "assign lutfull  = ~hit & ~inv_any & ~zero_any;", "assign lutfull  = 1'b0;"),
  'm_pfx_incl':           (S, "assign ln_pfx  = pfx[W*NW-1:0];",
                              "assign ln_pfx  = pfx[(W+1)*NW-1:NW];"),
  'm_ovf_b1':             (S, "assign slot = {s[CW] ? ln_b2 : ln_b1, s[CW-1:0]};", "assign slot = {ln_b1, s[CW-1:0]};"),
  'm_addr_or_base':       (S, "assign st_addr_o[i*AW +: AW] = ln_base + (AW'(slot) << SBW);",
                              "assign st_addr_o[i*AW +: AW] = ln_base | (AW'(slot) << SBW);"),
  'm_flush_no_cnt':       (S, "fifo_cnt_d = fifo_cnt_q + FCW'(push) - FCW'(pop_ok);",
                              "fifo_cnt_d = fifo_cnt_q + FCW'(sp_push_o) - FCW'(pop_ok);"),
  'm_stall_updates':      (S, "assign sp_upd     = sp_act & ~sp_stall_o;",
                              "assign sp_upd     = sp_act & ~full_stall;"),
  'm_evict_none@prove_w4_f1': (S, "assign evict     = (FULL_POL != 0) & full_stall;",
                                  "assign evict     = 1'b0;"),
  'm_pipe_stale_c@miter_pipe_w4': (S, "assign ln_c    = c_q;", "assign ln_c    = c_cnt;"),
  'm_pairs_highest@miter_pipe_w4': (M, "if (f > e && valid_i[f] && !le[e*N + f]) oh_o[e] = 1'b0;",
                                       "if (f > e && valid_i[f] &&  le[e*N + f]) oh_o[e] = 1'b0;"),
  'm_ks_reach@miter_w4_f0': (P, "localparam int unsigned D  = 1 << (l - 1);",
                                "localparam int unsigned D  = 1 << l;"),
}
cfg = sby
for a, b in (("prove: mode prove", "prove: mode bmc"), ("prove: depth 2", "prove: depth 8"),
             ("miter: mode prove", "miter: mode bmc"), ("miter: depth 1", "miter: depth 8")):
    assert cfg.count(a) == 1, f"spawn.sby changed? ({a})"
    cfg = cfg.replace(a, b)
rd = "~pfx: read -formal simt_prefix_cnt.sv simt_spawn.sv simt_spawn_fv.sv\n"
assert cfg.count(rd) == 1, "spawn.sby changed? (read line)"
for key, (f, a, b) in muts.items():
    name = key.split('@')[0]
    open(f"{out}/{name}.task", "w").write((key.split('@') + ['prove_w4_f0'])[1] + "\n")
    src = open(f).read()
    if src.count(a) != 1:
        sys.exit(f"mutate.sh: mutant {name}: pattern not found once in {f} (RTL changed?)")
    base = f.split('/')[-1]
    open(f"{out}/{name}.sv", "w").write(src.replace(a, b))
    c = cfg.replace(f"{f}\n", f"{base} {out}/{name}.sv\n")
    open(f"{out}/{name}.sby", "w").write(c)
    # the same with the invariants only (no cycle-contract checks)
    open(f"{out}/{name}_p.sby", "w").write(
        c.replace(rd, rd + "~pfx: chparam -set CONTRACT 0 simt_spawn_fv\n"))
PY
[ $? -eq 0 ] || exit 2

names=("$@")
[ ${#names[@]} -gt 0 ] || names=($(ls "$out"/*.task | xargs -n1 basename | sed 's/\.task$//'))
killed=0; total=0
for n in "${names[@]}"; do
  task=$(cat "$out/$n.task")
  r_all=$(mut_run "$out/$n.sby" "$task" "$out/$n.log")
  r_inv=$(mut_run "$out/${n}_p.sby" "$task" "$out/${n}_p.log")
  total=$((total + 1))
  case $r_all in killed*) killed=$((killed + 1)) ;; esac
  printf '%-22s %-12s all: %s\n' "$n" "$task" "$r_all"
  printf '%-22s %-12s inv: %s\n' "" "" "$r_inv"
done
mut_summary $killed $total
