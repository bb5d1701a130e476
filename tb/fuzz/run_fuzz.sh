#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/fuzz/run_fuzz.sh BIN RUNS SEED TIMEOUT MAX_LEN DIR: one make fuzz run (tb/fuzz/fuzz.mk) of
# the libFuzzer target BIN on DIR/corpus: exactly RUNS executions from SEED, progress lines on
# stdout, libFuzzer's log in DIR/fuzz.log, a finding's input in DIR/artifacts/. Ends with
#   fuzz: N executions, N valid, N malformed, N crashes, N hangs, N disagreements (T s)
# and exits non-zero if any of the last three is not 0 (or libFuzzer failed otherwise).
set -u
bin=$1 runs=$2 seed=$3 timeout=$4 max_len=$5 dir=$6
log=$dir/fuzz.log stats=$dir/stats.txt
rm -f "$stats" "$log"
echo "fuzz: $bin, $runs executions, seed $seed, timeout ${timeout} s per input; corpus $dir/corpus ($(ls "$dir/corpus" | wc -l) seeds)"
# Address-space randomisation off (when setarch can): libFuzzer's comparison tables hash code
# addresses, so with it two runs of one seed differ.
norand=()
setarch "$(uname -m)" -R true 2>/dev/null && norand=(setarch "$(uname -m)" -R)
t0=$(date +%s.%N)
FUZZ_STATS=$stats FUZZ_RUNS=$runs "${norand[@]}" "$bin" -runs="$runs" -seed="$seed" -timeout="$timeout" -max_len="$max_len" \
  -dict=tb/fuzz/trace.dict -artifact_prefix="$dir/artifacts/" -error_exitcode=77 -timeout_exitcode=70 \
  -reload=0 -print_final_stats=1 "$dir/corpus" 2>"$log"
rc=$?
t1=$(date +%s.%N)
get() { awk -v k="$1" '$1 == k { print $2 }' "$stats" 2>/dev/null; }
execs=$(get executions) valid=$(get valid) malformed=$(get malformed)
dis=0 hangs=0 crashes=0
grep -q '^fuzz: DISAGREEMENT' "$log" && dis=1
grep -q 'ERROR: libFuzzer: timeout' "$log" && hangs=1
if [ $rc -ne 0 ] && [ $dis -eq 0 ] && [ $hangs -eq 0 ]; then crashes=1; fi
done_runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
[ -n "$done_runs" ] && echo "fuzz: libFuzzer: Done $done_runs runs; $(grep -c '' "$log") lines of log in $log"
if [ $rc -ne 0 ]; then
  grep -E '^fuzz: |ERROR|SUMMARY|Test unit written|artifact' "$log" | head -40
fi
[ -n "$(get config_checks)" ] && echo "fuzz: of them $(get config_checks) checked again with --config (one of the unit's configurations), $(get config_valid) valid"
printf 'fuzz: %s executions, %s valid, %s malformed, %d crashes, %d hangs, %d disagreements (%.0f s)\n' \
  "${execs:-?}" "${valid:-?}" "${malformed:-?}" $crashes $hangs $dis "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
[ $rc -eq 0 ] && [ $((crashes + hangs + dis)) -eq 0 ]
