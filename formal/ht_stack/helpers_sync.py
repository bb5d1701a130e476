#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""formal/ht_stack/helpers_sync.py: checks that the RTL's assertion helpers and the copy that
formal/ht_stack/simt_ht_stack_helpers_eq.sv proves equal to the reference are the same text.

The miter (ht_helpers_eq.sby) holds the linear scans of rtl/ht_stack/simt_ht_stack.sv with the
suffix _n on every helper's name, beside the pairwise reference (_r). An edit to the RTL's scans
that is not carried to the miter would leave the proof about other code; this check fails then
and names the first line that differs. Usage: helpers_sync.py [RTL] [MITER]; exit 0 in step,
1 not (make test: ht_stack-helpers-sync)."""
import re
import sys

NAMES = ["f_above", "f_live", "f_order", "f_zero", "f_nz", "f_hasr", "f_distinct",
         "f_pend_leaf", "f_eslot", "f_p1_sel", "f_p1_slot", "f_p2", "f_pend_slot"]


def block(lines, start, end, what):
    try:
        a = next(i for i, l in enumerate(lines) if start in l)
        b = next(i for i, l in enumerate(lines) if i > a and end in l)
    except StopIteration:
        sys.exit("helpers_sync: %s: block starting '%s' not found" % (what, start))
    return [l.strip() for l in lines[a:b] if l.strip() and not l.strip().startswith("//")]


def main():
    rtl = sys.argv[1] if len(sys.argv) > 1 else "rtl/ht_stack/simt_ht_stack.sv"
    mit = sys.argv[2] if len(sys.argv) > 2 else "formal/ht_stack/simt_ht_stack_helpers_eq.sv"
    r = open(rtl).read().split("\n")
    m = open(mit).read().split("\n")
    want = block(r, "logic [D*W-1:0]    f_above;", "// P3: PDOM order (for valid", rtl)
    want += block(r, "logic f_pend_slot;", "`SIMT_ASSERT(a_pend_slot", rtl)
    want = [re.sub(r"\b(%s)\b" % "|".join(NAMES), r"\1_n", l) for l in want]
    have = block(m, "logic [D*W-1:0]    f_above_n;", "always @(*) begin", mit)
    # the miter holds the two RTL blocks one after the other
    if have != want:
        for i, (a, b) in enumerate(zip(want, have)):
            if a != b:
                print("helpers_sync: differ at statement %d:\n  RTL:   %s\n  miter: %s" % (i + 1, a, b))
                return 1
        print("helpers_sync: the RTL has %d statements, the miter %d" % (len(want), len(have)))
        return 1
    print("helpers_sync: the miter's scans are the RTL's (%d statements)" % len(want))
    return 0


if __name__ == "__main__":
    sys.exit(main())
