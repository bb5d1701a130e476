#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# tb/scripts/port_table_check.sh: a unit's port table (SIMT_<UNIT>_PORTS in its C model header) is
# the one list of its ports, and the build refuses an RTL port it does not cover. On a copy of
# spawn's RTL with one more output (extra_o), the spawn shim is compiled three times against the
# Verilated copy: the RTL as it is must compile (the check is not vacuous), the RTL with extra_o
# must not (naming the port table), and the RTL with extra_o beside a copy of simt_spawn.h whose
# table lists it must compile again. Every output of the table is compared by construction
# (SC_CMP_OUT), so a port the build accepts is a port the cross-check compares.
# Exit 0 when all three hold, 1 otherwise. Work files in build/test/port-table.
set -u
d=build/test/port-table
rm -rf "$d" && mkdir -p "$d/plain" "$d/extra" "$d/inc"
cxx=${CXX:-g++}
vinc=$(verilator --getenv VERILATOR_ROOT)/include
params="-GW=4 -GPC_W=32 -GNENT=8 -GNBLK=64 -GFIFO_D=8 -GAW=32 -GSLOT_B=4 -GPFX=0 -GFULL_POL=0"
defs="-DVL_W=4 -DVL_PC_W=32 -DVL_NENT=8 -DVL_NBLK=64 -DVL_FIFO_D=8 -DVL_AW=32 -DVL_SLOT_B=4 -DVL_PFX=0 -DVL_FULL_POL=0"
flags="-std=gnu++17 -fsyntax-only -Wall -Wextra -Werror -isystem $vinc -isystem $vinc/vltstd -Icmodel -Ilib -Ilib/shim"

cp rtl/spawn/*.sv "$d/extra/" && cp rtl/spawn/*.sv "$d/plain/"
python3 - "$d/extra/simt_spawn.sv" <<'EOF' || exit 1
import sys
p = sys.argv[1]; s = open(p).read()
port = "  output logic [FCW-1:0]                fifo_cnt_o"
body = "  assign fifo_cnt_o  = fifo_cnt_q;"
assert port in s and body in s, "rtl/spawn/simt_spawn.sv changed: update tb/scripts/port_table_check.sh"
s = s.replace(port, port + ",\n  output logic                          extra_o", 1)
s = s.replace(body, body + "\n  assign extra_o = fifo_cnt_q[0];", 1)
open(p, "w").write(s)
EOF
python3 - cmodel/simt_spawn.h "$d/inc/simt_spawn.h" <<'EOF' || exit 1
import sys
s = open(sys.argv[1]).read()
row = "    O(S, fifo_cnt_o, fifo_cnt, 1, FCW)"
assert row in s, "cmodel/simt_spawn.h changed: update tb/scripts/port_table_check.sh"
open(sys.argv[2], "w").write(s.replace(row, row.ljust(47) + "\\\n    O(S, extra_o, fifo_cnt, 1, 1)", 1))
EOF

# verilate a copy (the C++ header is all the shim needs), its port widths, one shim compile
shim() { # dir include... : compile the spawn shim against the model in dir; its output in dir/shim.log
  local m=$1; shift
  "$cxx" $flags "$@" -isystem "$d/$m/obj" -iquote "$d/$m" -DVL_MODEL=Vspawn_pt $defs -c lib/shim/vl_spawn_shim.cpp \
    > "$d/$m/shim.log" 2>&1
}
for m in plain extra; do
  verilator --cc --trace-fst -Wno-fatal -Irtl/common $params --top-module simt_spawn --prefix Vspawn_pt -Mdir "$d/$m/obj" \
    rtl/common/*.sv "$d/$m"/*.sv > "$d/$m/verilate.log" 2>&1 || { echo "port-table: verilator failed ($d/$m/verilate.log)"; exit 1; }
  python3 tools/vl_port_widths.py "$d/$m/obj/Vspawn_pt.h" "$d/$m/ports.h" || exit 1
done
shim plain || { echo "port-table: the spawn shim does not compile against spawn's own RTL ($d/plain/shim.log)"; exit 1; }
if shim extra; then
  echo "port-table: an RTL output missing from SIMT_SPAWN_PORTS compiled: it would never be compared"; exit 1
fi
grep -q "is not in the unit's port table" "$d/extra/shim.log" ||
  { echo "port-table: the build refused extra_o without naming the port table ($d/extra/shim.log)"; exit 1; }
shim extra -iquote "$d/inc" ||
  { echo "port-table: the table with extra_o does not compile ($d/extra/shim.log)"; exit 1; }
echo "port-table: refused an output missing from the port table, accepted it once the table lists it"
