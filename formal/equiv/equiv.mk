# SPDX-License-Identifier: Apache-2.0
# formal/equiv/equiv.mk: make equiv, a unit's RTL against a gate netlist, unbounded
# (formal/equiv/equiv.py; docs/equivalence.md).
#   make equiv UNIT=rmask_sb [CONFIG=rmask] [W=32] [NETLIST=yosys|yosys-ff]
#   make equiv UNIT=rmask_sb W=4 GATE=my_netlist.v CELLS="my_cells.v" TOP=simt_rmask_sb
EQUIV_DIR     ?= build/equiv
EQUIV_TIMEOUT ?= 600
EQUIV_BMC     ?= 20
# What a netlist's replay binary links besides its own model (as make mutate).
EQ_ENV = EQUIV_DIR="$(EQUIV_DIR)" EQ_YOSYS="$(YOSYS)" EQ_ABC="$(ABC_BIN)" EQ_SIMTCHECK=build/bin/simtcheck \
  MUT_VERILATOR="$(VERILATOR)" MUT_VL_FLAGS="$(VL_GL_FLAGS)" MUT_CXX="$(CXX)" MUT_CC="$(CC)" \
  MUT_SHIM_CXXFLAGS="$(SHIM_CXXFLAGS)" MUT_CFLAGS="$(CFLAGS_C) $(TB_CFLAGS)" MUT_LINK_OBJS="$(MUT_LINK_OBJS)" \
  MUT_VL_RT="$(VL_RT)" MUT_LIBS="$(LIB_PRIVATE)"
EQ_DEPS = build/bin/simtcheck $(MUT_LINK_OBJS) $(VL_RT) $(REGISTRY_GEN)/vl_models.c | $(YOSYS_STAMP) $(ABC_STAMP)

.PHONY: equiv
equiv: $(EQ_DEPS)
	@test -n "$(UNIT)" || { echo "make equiv: give UNIT=<unit> (units: $(UNITS))" >&2; exit 2; }
	@$(EQ_ENV) $(PYTHON) formal/equiv/equiv.py check $(UNIT) $(if $(CONFIG),--config $(CONFIG)) \
	  $(if $(W),--w $(W)) $(if $(NETLIST),--netlist $(NETLIST)) \
	  $(if $(GATE),--gate $(GATE) --top "$(TOP)" --cells "$(CELLS)") \
	  --timeout $(EQUIV_TIMEOUT) --bmc $(EQUIV_BMC)
