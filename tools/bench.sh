#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/bench.sh [BEFORE] [AFTER]: cross-checked cycles per second of every unit at W = 32
# (simtcheck UNIT --lanes 32 --cycles BENCH_CYCLES --seed 1, its last line), one core.
# With two binaries (e.g. a copy of an older build/bin/simtcheck and the current one), their
# runs alternate, BENCH_RUNS of each per unit (default 3), and the table shows the best of each
# (the machine may be shared: the best run is the least disturbed one). With one binary (default
# build/bin/simtcheck), one column. A benchmark, not a test: it never fails on a speed.
#   BENCH_UNITS="arb st_rt" narrows it; BENCH_LANES (default 32); BENCH_CYCLES (default 200000).
set -u
before=${1:-}
after=${2:-}
if [ -z "$before" ]; then before=build/bin/simtcheck; fi
runs=${BENCH_RUNS:-3}
lanes=${BENCH_LANES:-32}
cycles=${BENCH_CYCLES:-200000}
units=${BENCH_UNITS:-$("$before" --help | sed -n '/^units/,/^options/p' | awk 'NR > 1 && /^  [a-z]/ {print $1}')}
bins=("$before")
[ -n "$after" ] && bins+=("$after")
for b in "${bins[@]}"; do
  [ -x "$b" ] || { echo "bench: $b is not an executable" >&2; exit 2; }
done

# One run: its cycles/s (0 when the run fails: it is shown as FAIL).
rate() { # binary unit
  local out
  out=$("$1" "$2" --lanes "$lanes" --cycles "$cycles" --seed 1 --quiet 2>&1) || { echo 0; return; }
  echo "$out" | tail -n 1 | sed -n 's/.*mismatches, \([0-9]*\) cycles\/s$/\1/p'
}
fmt() { [ "$1" -gt 0 ] 2>/dev/null && printf "%'d" "$1" || echo FAIL; }

table() {
  echo "simtcheck UNIT --lanes $lanes --cycles $cycles --seed 1: cycles/s, best of $runs ($(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'))"
  if [ -n "$after" ]; then
    echo "| unit | before ($before) | after ($after) | speed-up |"
    echo "|---|---:|---:|---:|"
  else
    echo "| unit | $before |"
    echo "|---|---:|"
  fi
  for u in $units; do
    best=(0 0)
    for ((i = 0; i < runs; i++)); do
      for j in "${!bins[@]}"; do
        v=$(rate "${bins[$j]}" "$u"); v=${v:-0}
        [ "$v" -gt "${best[$j]}" ] && best[$j]=$v
      done
    done
    if [ -n "$after" ]; then
      su=$(awk -v a="${best[0]}" -v b="${best[1]}" 'BEGIN { if (a > 0 && b > 0) printf "%.1fx", b / a; else print "-" }')
      echo "| $u | $(fmt "${best[0]}") | $(fmt "${best[1]}") | $su |"
    else
      echo "| $u | $(fmt "${best[0]}") |"
    fi
  done
}

mkdir -p build/bench
table | tee build/bench/summary.md.tmp && mv build/bench/summary.md.tmp build/bench/summary.md
