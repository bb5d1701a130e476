#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/soak.sh: the soak (make soak). Every unit, every model of the registry (each
# configuration at each W: simtcheck UNIT --list) and every random mode of the unit (the
# default random run and the --test modes --list names), over many seeds, SOAK_JOBS runs at a
# time (default: every core), until a budget of SOAK_CYCLES cross-checked cycles is spent.
#
# The budget is split evenly over the models, a model's share evenly over its random modes (at
# least SOAK_MIN_CYCLES each, default 10^5: random runs of 20,000 cycles or more gate their
# coverage, which a short run may miss), and each share into runs of at most SOAK_RUN_CYCLES
# cycles (default 10^6), the widest models first (the slowest), each run with its own seed:
# SOAK_SEED (default: from the clock; printed) plus the run's number. A progress line shows runs
# done, cycles, mismatches and assertion failures so far, the time spent and the time left; the
# summary lists every failing run with the command that replays it. Per-run logs (each starts
# with the run's seed) and build/soak/summary.md are in SOAK_DIR (default build/soak); failure
# waveforms and traces in SOAK_DIR/fail. Exit status 1 when any run failed (a mismatch, an RTL
# assertion, an expectation or coverage gate, a crash), else 0. Interrupted (Ctrl-C, kill): the
# runs under way stop, the summary covers the runs done, exit status 130.
#
#   SOAK_CYCLES=1e9 (a number, 2e7 notation too)  SOAK_JOBS=n  SOAK_SEED=s
#   SOAK_RUN_CYCLES=1e6  SOAK_MIN_CYCLES=1e5  SOAK_UNITS="arb st_rt" (default: every unit)  SOAK_DIR=build/soak
set -u
bin=${SIMTCHECK:-build/bin/simtcheck}
num() { # 2e7, 20000000 -> 20000000
  local v
  v=$(printf '%.0f' "$1" 2>/dev/null) && [ "$v" -gt 0 ] 2>/dev/null || { echo "soak: $2='$1' is not a positive number" >&2; exit 2; }
  echo "$v"
}
budget=$(num "${SOAK_CYCLES:-1e9}" SOAK_CYCLES) || exit 2
run_max=$(num "${SOAK_RUN_CYCLES:-1e6}" SOAK_RUN_CYCLES) || exit 2
run_min=$(num "${SOAK_MIN_CYCLES:-1e5}" SOAK_MIN_CYCLES) || exit 2
jobs_max=${SOAK_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs_max" -ge 1 ] 2>/dev/null || { echo "soak: SOAK_JOBS='$jobs_max' is not a positive number" >&2; exit 2; }
seed0=${SOAK_SEED:-$(( ($(date +%s) * 7919 + $$) % 1000000000 ))}
[ "$seed0" -ge 0 ] 2>/dev/null || { echo "soak: SOAK_SEED='$seed0' is not a number" >&2; exit 2; }
dir=${SOAK_DIR:-build/soak}
[ -x "$bin" ] || { echo "soak: $bin is not built (make simtcheck)" >&2; exit 2; }
units=${SOAK_UNITS:-$("$bin" --help | sed -n '/^units/,/^options/p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')}

# ---- the runs: "unit config lanes mode cycles seed" (mode - for the default random run) ----
models=()
for u in $units; do
  list=$("$bin" "$u" --list) || { echo "soak: simtcheck $u --list failed" >&2; exit 2; }
  modes="- $(echo "$list" | sed -n 's/^.* random modes (--test, with --seed and --cycles)://p')"
  while read -r _ cfg _ w _; do
    models+=("$u $cfg $w $modes")
  done < <(echo "$list" | grep '^  --config ')
done
nmodels=${#models[@]}
[ "$nmodels" -gt 0 ] || { echo "soak: no models" >&2; exit 2; }
# the widest models first: they are the slowest, and the last runs to finish should be short
mapfile -t models < <(printf '%s\n' "${models[@]}" | sort -s -k3,3nr)
runs=()
per_model=$(( budget / nmodels ))
[ "$per_model" -ge 1 ] || per_model=1
seed=$seed0
for m in "${models[@]}"; do
  read -r u cfg w modelist <<<"$m"
  set -- $modelist
  nmodes=$#
  for mode in "$@"; do
    share=$(( per_model / nmodes )); [ "$share" -ge "$run_min" ] || share=$run_min
    n=$(( (share + run_max - 1) / run_max ))
    for ((k = 0; k < n; k++)); do
      c=$(( share / n + (k < share % n ? 1 : 0) ))
      runs+=("$u $cfg $w $mode $c $seed")
      seed=$((seed + 1))
    done
  done
done
total=${#runs[@]}
planned=0
for r in "${runs[@]}"; do set -- $r; planned=$((planned + $5)); done

rm -rf "$dir" && mkdir -p "$dir/log" "$dir/fail" "$dir/res/new" "$dir/res/done"
echo "soak: $nmodels models of $(echo $units | wc -w) units, $total runs, $planned cycles (SOAK_CYCLES=$budget," \
     "runs of at most $run_max), $jobs_max at a time, seeds $seed0..$((seed0 + total - 1)) (SOAK_SEED=$seed0 repeats them)"

cmd_of() { # unit config lanes mode cycles seed
  local t=""
  [ "$4" != - ] && t=" --test $4"
  echo "$bin $1 --config $2 --lanes $3$t --cycles $5 --seed $6"
}
# One run: its log, then a result line "index rc cycles mismatches asserts seconds".
run_one() {
  local i=$1 u cfg w mode c s log rc t0 out cyc mis asr
  read -r u cfg w mode c s <<<"${runs[$i]}"
  log=$dir/log/${u}_${cfg}_W${w}$([ "$mode" != - ] && echo "_$mode")_seed$s.log
  t0=$(date +%s.%N)
  # shellcheck disable=SC2046 # the command's words
  { echo "\$ $(cmd_of $u $cfg $w $mode $c $s)"; $(cmd_of $u $cfg $w $mode $c $s) --quiet --fail-dir "$dir/fail"; } >"$log" 2>&1
  rc=$?
  out=$(grep -E "^$u: [0-9]+ cycles, [0-9]+ mismatches" "$log" | tail -n 1)
  cyc=$(echo "$out" | sed -n 's/^[^:]*: \([0-9]*\) cycles.*/\1/p')
  mis=$(echo "$out" | sed -n 's/.* \([0-9]*\) mismatches.*/\1/p')
  asr=$(sed -n "s/^$u: \([0-9]*\) RTL assertion failures.*/\1/p" "$log" | tail -n 1)
  # the first report of the run, for the summary
  grep -m 1 -E '^(MISMATCH|ASSERTION|EXPECTATION FAILED)|error' "$log" > "$dir/res/new/$i.why"
  echo "$i $rc ${cyc:-0} ${mis:-0} ${asr:-0} $(echo "$(date +%s.%N) - $t0" | bc) $log" > "$dir/res/new/$i.tmp"
  mv "$dir/res/new/$i.tmp" "$dir/res/new/$i"
}

t_start=$(date +%s)
done_n=0 done_cyc=0 done_mis=0 done_asr=0 done_bad=0 last_print=0
failed=()
fmt_t() { printf '%d:%02d:%02d' $(($1 / 3600)) $(($1 % 3600 / 60)) $(($1 % 60)); }
progress() { # final: 1 for the last line
  local f i rc cyc mis asr secs log why now el eta line u cfg w mode c s
  for f in "$dir"/res/new/*; do
    [ -e "$f" ] || continue
    case $f in *.tmp | *.why) continue ;; esac
    read -r i rc cyc mis asr secs log < "$f"
    why=$(cat "$f.why" 2>/dev/null); rm -f "$f.why"
    if [ -n "$stop" ] && [ "$rc" -ge 128 ]; then  # stopped by the interruption: not a result
      rm -f "$f"
      continue
    fi
    mv "$f" "$dir/res/done/"
    done_n=$((done_n + 1)) done_cyc=$((done_cyc + cyc)) done_mis=$((done_mis + mis)) done_asr=$((done_asr + asr))
    if [ "$rc" -ne 0 ] || [ "$mis" -ne 0 ] || [ "$asr" -ne 0 ]; then
      done_bad=$((done_bad + 1))
      read -r u cfg w mode c s <<<"${runs[$i]}"
      failed+=("exit $rc, $mis mismatches, $asr assertion failures: $(cmd_of $u $cfg $w $mode $c $s)  (log $log${why:+; first: $why})")
      [ -t 1 ] && printf '\r\033[K'
      echo "soak: FAILED run $i: ${failed[-1]}"
    fi
  done
  now=$(date +%s); el=$((now - t_start))
  if [ "$done_cyc" -gt 0 ]; then eta=$(fmt_t $(( el * (planned - done_cyc) / done_cyc ))); else eta="?"; fi
  line="soak: $done_n/$total runs, $done_cyc/$planned cycles ($((done_cyc * 100 / planned))%), $done_mis mismatches, $done_asr assertion failures, $done_bad failed runs; $(fmt_t $el) elapsed, ETA $eta"
  if [ -t 1 ]; then
    printf '\r\033[K%s' "$line"; [ "${1:-0}" = 1 ] && echo
  elif [ "${1:-0}" = 1 ] || [ $((now - last_print)) -ge "${SOAK_PRINT_EVERY:-30}" ]; then
    echo "$line"; last_print=$now
  fi
}

# Interrupted (Ctrl-C, kill): the runs under way are stopped and the summary covers those done.
stop=
on_stop() {
  stop=1
  local p
  for p in $(jobs -p); do pkill -TERM -P "$p" 2>/dev/null; kill "$p" 2>/dev/null; done
}
trap on_stop INT TERM
# A full pool is polled every second (the progress line moves while long runs are under way).
for ((i = 0; i < total && !stop; i++)); do
  while [ -z "$stop" ] && [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do
    sleep 1
    progress
  done
  [ -z "$stop" ] && run_one "$i" &
done
while [ -z "$stop" ] && [ "$(jobs -rp | wc -l)" -gt 0 ]; do
  sleep 1
  progress
done
wait
rm -f "$dir"/res/new/*.tmp
progress 1
el=$(( $(date +%s) - t_start ))
[ -n "$stop" ] && echo "soak: interrupted after $done_n of $total runs"

# ---- summary ----
{
  echo "# Soak"
  echo
  echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (work tree modified)'); $(date -u '+%Y-%m-%d %H:%M UTC'); $(nproc) cores, $jobs_max runs at a time"
  echo "- SOAK_CYCLES=$budget SOAK_RUN_CYCLES=$run_max SOAK_SEED=$seed0 (seeds $seed0..$((seed0 + total - 1)))"
  echo "- $nmodels models of units: $(echo $units)"
  [ -n "$stop" ] && echo "- INTERRUPTED: $done_n of the $total runs done (the runs under way when it stopped are not counted)"
  echo "- $total runs, $done_cyc cycles cross-checked, $done_mis mismatches, $done_asr RTL assertion failures, $done_bad failed runs"
  echo "- wall time $(fmt_t $el) ($el s), $(( el > 0 ? done_cyc / el : 0 )) cycles/s on all cores"
  echo
  echo "| unit | models | runs | cycles | mismatches | assertion failures | failed runs | CPU s |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  for u in $units; do
    nm=0; for m in "${models[@]}"; do [ "${m%% *}" = "$u" ] && nm=$((nm + 1)); done
    cat "$dir"/res/done/* 2>/dev/null | while read -r i rc cyc mis asr secs log; do
      set -- ${runs[$i]}; [ "$1" = "$u" ] && echo "$rc $cyc $mis $asr $secs"; done |
      awk -v u="$u" -v nm="$nm" '{ n++; c += $2; m += $3; a += $4; b += ($1 != 0 || $3 != 0 || $4 != 0); s += $5 }
        END { printf "| %s | %d | %d | %d | %d | %d | %d | %.0f |\n", u, nm, n, c, m, a, b, s }'
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo
    echo "Failing runs (replay with the command):"
    echo
    for f in "${failed[@]}"; do echo "- $f"; done
  fi
} > "$dir/summary.md"
echo
sed -n '3,$p' "$dir/summary.md"
echo "soak: summary in $dir/summary.md, logs in $dir/log/"
if [ -n "$stop" ]; then
  echo "soak: INTERRUPTED: $done_n of $total runs, $done_cyc cycles, $done_mis mismatches, $done_asr RTL assertion failures, $done_bad failed runs"
  exit 130
fi
if [ "$done_bad" -ne 0 ] || [ "$done_n" -ne "$total" ]; then
  echo "soak: FAILED ($done_bad of $total runs)"
  exit 1
fi
echo "soak: OK: $total runs, $done_cyc cycles, 0 mismatches, 0 RTL assertion failures"
