#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/units/ht_stack/report.sh: ht_stack's section of the regression report (tools/report.sh runs
# every unit's tb/units/<unit>/report.sh after make test: its first output line is the section's
# title, the rest a file to quote). The hyper-threading sanity table (Steffen 2012 §4.1.1;
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
echo "Hyper-threading: bundles against PDOM (ht_stack walk runs of make test)"
echo "$out"
