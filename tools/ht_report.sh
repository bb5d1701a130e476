#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tools/ht_report.sh: the hyper-threading sanity table of the main job (Steffen 2012 §4.1.1;
# docs/units/ht_stack.md, "Verification"): bundles to completion of the random programs of
# every ht_stack walk run of 'make test', against PDOM on the same programs. Reads
# build/test/ht_stack-*.log (lines "ht_stack walk (W=.. K=.. POLICY ...): ... completed
# programs: X bundles per PDOM bundle ..."), writes build/test/ht_bundles.md.
set -u
out=build/test/ht_bundles.md
{
  echo "Bundles to completion of the same random structured programs (tb/stim/cfg_prog), each"
  echo "against a plain PDOM stack (K = 1): below 1 is a gain. The directed test"
  echo "\`ht_stack-ifelse-sweep\` checks the exact if/else figures, (A+B)/max(A,B)."
  echo
  echo "| test | configuration | programs | bundles per PDOM bundle | programs slower than PDOM |"
  echo "|---|---|---|---|---|"
  for f in build/test/ht_stack-*.log; do
    [ -f "$f" ] || continue
    line=$(grep -m1 '^ht_stack walk (' "$f") || continue
    cfg=$(sed -E 's/^ht_stack walk \(([^)]*)\).*/\1/' <<<"$line")
    progs=$(sed -E 's/.*\): ([0-9]+) programs.*/\1/' <<<"$line")
    ratio=$(sed -E 's/.*completed programs: ([0-9.]+) bundles per PDOM.*/\1/' <<<"$line")
    worse=$(sed -E 's/.*\(([0-9]+) programs slower than PDOM\).*/\1/' <<<"$line")
    echo "| \`$(basename "$f" .log)\` | $cfg | $progs | $ratio | $worse |"
  done
} > "$out"
echo "ht report: $out"
