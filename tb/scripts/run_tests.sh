#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/run_tests.sh "LIST..." [SEED]: run the test cases listed in the files LIST (tb/tests.txt and
# each unit's tb/units/<unit>/tests.txt, space-separated, in that order), one per line:
#   NAME | EXPECT | COMMAND
# EXPECT is 'pass' (exit 0 and a final "0 mismatches" line), 'ok' (exit 0), or 'error:TEXT' (exit 2 and TEXT
# in the output: bad input must be refused clearly), or 'fail:TEXT' (exit 1 and TEXT: the
# harness must notice a planted mismatch). '$SEED' in a command is replaced by SEED (default 1;
# 'random' draws one per test). Logs: build/test/NAME.log (TEST_LOGDIR). Ends with "N passed, N failed".
#
# Tests run TEST_JOBS at a time (default: the number of cores), in list order. Tests whose command
# runs make never run two at a time: they take one job slot in turn (the make lane), beside the
# others. (Make runs are serialised because two makes in one tree race on shared outputs; a
# test's make finds everything up to date when make test has built simtcheck first, so it does
# not rebuild what a running simtcheck test uses. Run the lists after building, as make test does.)
# Progress lines come in the order tests finish; build/test/results.md is in list order.
set -u
list=$1
seed_arg=${2:-1}
bin=build/bin
logdir=${TEST_LOGDIR:-build/test}
mkdir -p "$logdir"
export TEST_LOGDIR=$logdir   # the 'after:' tests read the others' logs there
# TEST_BIN: programs found there first (make test-asan: the sanitized simtcheck), then build/bin.
export PATH="${TEST_BIN:+$PWD/$TEST_BIN:}$PWD/$bin:$PATH"
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1

# shellcheck disable=SC2086 # the list of files is space-separated
mapfile -t lines < <(cat $list | grep -v '^[[:space:]]*\(#\|$\)')
total=${#lines[@]}
t_all=$(date +%s)
results=$logdir/results.md
rdir=$logdir/.results
rm -rf "$rdir" && mkdir -p "$rdir"

# One test: writes $rdir/N (ok name seconds rc expect) and prints its progress line.
run_one() {
  local n=$1 line=$2 name expect cmd seed log t0 rc dt ok summary
  IFS='|' read -r name expect cmd <<<"$line"
  name=$(echo $name); expect=$(echo "$expect" | sed 's/^ *//; s/ *$//; s/^after://')
  seed=$seed_arg
  [ "$seed" = random ] && seed=$(( (RANDOM << 15 | RANDOM) ))
  cmd=${cmd//\$SEED/$seed}
  log=$logdir/$name.log
  t0=$(date +%s)
  bash -c "$cmd" >"$log" 2>&1
  rc=$?
  dt=$(( $(date +%s) - t0 ))
  ok=0
  case $expect in
    pass)    [ $rc -eq 0 ] && tail -n 1 "$log" | grep -q ' 0 mismatches' && ok=1 ;;
    ok)      [ $rc -eq 0 ] && ok=1 ;;
    error:*) [ $rc -eq 2 ] && grep -qF -- "${expect#error:}" "$log" && ok=1 ;;
    fail:*)  [ $rc -eq 1 ] && grep -qF -- "${expect#fail:}" "$log" && ok=1 ;;
    *) echo "test $name: unknown expectation '$expect'" >&2 ;;
  esac
  summary=$(tail -n 1 "$log")
  printf '| %s | %s | %s | %s |\n' "$name" "$([ $ok -eq 1 ] && echo PASS || echo "**FAIL**")" "$dt" \
    "${summary//|/\\|}" > "$rdir/$n.md"
  echo "$ok $name" > "$rdir/$n"
  if [ $ok -eq 1 ]; then
    printf '[%d/%d] PASS %-28s %4ss  %s\n' "$n" "$total" "$name" "$dt" "$summary"
  else
    { printf '[%d/%d] FAIL %-28s %4ss  exit %d, expected %s; log %s\n' "$n" "$total" "$name" "$dt" "$rc" "$expect" "$log"
      grep -m 5 -E 'MISMATCH|EXPECTATION|error' "$log" | sed 's/^/      /'; }
  fi
}

# The make lane: the tests that run make, one after another, in one background job.
make_lane() {
  local i
  for i in "${make_idx[@]}"; do run_one "$i" "${lines[$((i - 1))]}"; done
}
make_idx=() after_idx=()
for i in $(seq 1 "$total"); do
  exp=${lines[$((i - 1))]#*|}; exp=${exp%%|*}; exp=${exp// /}
  if [[ $exp == after:* ]]; then after_idx+=("$i"); continue; fi
  cmd=${lines[$((i - 1))]#*|}; cmd=${cmd#*|}
  [[ $cmd =~ (^|[^[:alnum:]_-])make[[:space:]] ]] && make_idx+=("$i")
done
running=0
if [ ${#make_idx[@]} -gt 0 ]; then
  make_lane &
  running=1
fi
n=0
for line in "${lines[@]}"; do
  n=$((n + 1))
  [[ " ${make_idx[*]} " == *" $n "* || " ${after_idx[*]} " == *" $n "* ]] && continue
  if [ "$running" -ge "$jobs" ]; then
    wait -n; running=$((running - 1))
  fi
  run_one "$n" "$line" &
  running=$((running + 1))
done
wait
# The 'after:' tests, once every other test has finished (their logs are complete).
for i in "${after_idx[@]}"; do run_one "$i" "${lines[$((i - 1))]}"; done

pass=0 fail=0
failed=()
{ echo "| test | result | time (s) | last line |"; echo "|---|---|---|---|"; } > "$results"
for i in $(seq 1 "$total"); do
  cat "$rdir/$i.md" >> "$results" 2>/dev/null || echo "| test $i | **FAIL** | | no result |" >> "$results"
  read -r ok name < "$rdir/$i" 2>/dev/null || { ok=0; name="test-$i"; }
  if [ "$ok" = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$name"); fi
done
rm -rf "$rdir"
echo "test time: $(( $(date +%s) - t_all )) s ($jobs at a time); logs in $logdir/"
# make test passes TEST_T0, the time it started (bootstrap and build included): the measured line
# of the reference pages (docs/data/make-test.md, tools/docs/check.py refresh).
if [ -n "${TEST_T0:-}" ]; then
  wall=$(( $(date +%s) - TEST_T0 ))
  { echo "| tests | wall time, bootstrap and build included | of which tests ($jobs at a time) |"
    echo "|---|---:|---:|"
    echo "| $pass passed, $fail failed | $((wall / 60)) min $((wall % 60)) s | $(( $(date +%s) - t_all )) s |"
  } > "$logdir/summary.md"
fi
[ $fail -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
echo "**$pass passed, $fail failed** (seed $seed_arg)" >> "$results"
[ $fail -eq 0 ]
