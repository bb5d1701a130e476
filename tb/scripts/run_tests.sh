#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/run_tests.sh "LIST..." [SEED]: run the test cases listed in the files LIST (tb/tests.txt and
# each unit's tb/units/<unit>/tests.txt, space-separated, in that order), one per line:
#   NAME | EXPECT | COMMAND
# EXPECT is 'pass' (exit 0 and a final "0 mismatches" line), 'ok' (exit 0), or 'error:TEXT' (exit 2 and TEXT
# in the output: bad input must be refused clearly), or 'fail:TEXT' (exit 1 and TEXT: the
# harness must notice a planted mismatch). '$SEED' in a command is replaced by SEED (default 1;
# 'random' draws one per test). Logs: build/test/NAME.log. Ends with "N passed, N failed".
set -u
list=$1
seed_arg=${2:-1}
bin=build/bin
logdir=build/test
mkdir -p "$logdir"
export PATH="$PWD/$bin:$PATH"

# shellcheck disable=SC2086 # the list of files is space-separated
mapfile -t lines < <(cat $list | grep -v '^[[:space:]]*\(#\|$\)')
total=${#lines[@]}
pass=0 fail=0 n=0
failed=()
t_all=$(date +%s)
results=$logdir/results.md
{ echo "| test | result | time (s) | last line |"; echo "|---|---|---|---|"; } > "$results"
for line in "${lines[@]}"; do
  n=$((n + 1))
  IFS='|' read -r name expect cmd <<<"$line"
  name=$(echo $name); expect=$(echo "$expect" | sed 's/^ *//; s/ *$//')
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
  printf '| %s | %s | %s | %s |\n' "$name" "$([ $ok -eq 1 ] && echo PASS || echo "**FAIL**")" "$dt" "${summary//|/\\|}" >> "$results"
  if [ $ok -eq 1 ]; then
    pass=$((pass + 1))
    printf '[%d/%d] PASS %-28s %4ss  %s\n' "$n" "$total" "$name" "$dt" "$summary"
  else
    fail=$((fail + 1))
    failed+=("$name")
    printf '[%d/%d] FAIL %-28s %4ss  exit %d, expected %s; log %s\n' "$n" "$total" "$name" "$dt" "$rc" "$expect" "$log"
    grep -m 5 -E 'MISMATCH|EXPECTATION|error' "$log" | sed 's/^/      /'
  fi
done
echo "test time: $(( $(date +%s) - t_all )) s; logs in $logdir/"
[ $fail -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
echo "**$pass passed, $fail failed** (seed $seed_arg)" >> "$results"
[ $fail -eq 0 ]
