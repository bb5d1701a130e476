# SPDX-License-Identifier: Apache-2.0
# formal/equiv/equiv.mk: make equiv, a unit's RTL against a gate netlist, unbounded
# (formal/equiv/equiv.py; docs/equivalence.md).
#   make equiv UNIT=rmask_sb [CONFIG=rmask] [W=32] [NETLIST=yosys|yosys-ff]
#   make equiv UNIT=arb_pipe W=4 NETLIST=lib [LIBERTY=osu018|osu035|file.lib] [MAP=amap]
#                                                     the netlist of make synth-one LIBERTY=, its
#                                                     cells read from the liberty file
#   make equiv UNIT=rmask_sb W=4 GATE=my_netlist.v CELLS="my_cells.v" TOP=simt_rmask_sb
#   make equiv UNIT=rmask_sb W=32 REV=142c770                the RTL against the unit's RTL at a
#                                                     commit (or in a directory's rtl/): a change
#                                                     that must keep the behaviour
#   make equiv UNIT=st_rt ROW=simt_st_rt-fast-w64     one of make synth's rows (its top, parameters
#                                                     and ABC options) instead of a configuration
EQUIV_DIR     ?= build/equiv
EQUIV_TIMEOUT ?= 600
EQUIV_BMC     ?= 20
# What a netlist's replay binary links besides its own model (as make mutate).
EQ_ENV = EQUIV_DIR="$(EQUIV_DIR)" EQ_YOSYS="$(YOSYS)" EQ_ABC="$(ABC_BIN)" EQ_SIMTCHECK=$(SIMT_BIN)/simtcheck \
  MUT_VERILATOR="$(VERILATOR)" MUT_VL_FLAGS="$(VL_GL_FLAGS)" MUT_CXX="$(CXX)" MUT_CC="$(CC)" \
  MUT_SHIM_CXXFLAGS="$(SHIM_CXXFLAGS)" MUT_CFLAGS="$(CFLAGS_C) $(TB_CFLAGS)" MUT_LINK_OBJS="$(MUT_LINK_OBJS)" \
  MUT_VL_RT="$(VL_RT)" MUT_LIBS="$(LIB_PRIVATE)" $(MUT_PCH_ENV)
EQ_DEPS = $(SIMT_BIN)/simtcheck $(MUT_LINK_OBJS) $(VL_RT) $(MODELS_GEN)/vl_models.c $(VL_PCH_MODEL) $(VL_PCH_SHIM) \
  | $(YOSYS_STAMP) $(ABC_STAMP)

# make test runs equiv.py directly (tb/tests.txt): equiv-prep builds what it links and writes the
# settings above to $(EQUIV_DIR)/env.json, which equiv.py reads when they are not in its environment.
.PHONY: equiv-prep
equiv-prep: $(EQ_DEPS)
	@mkdir -p $(EQUIV_DIR) && $(EQ_ENV) $(PYTHON) formal/equiv/equiv.py env > $(EQUIV_DIR)/env.json.tmp && \
	  mv $(EQUIV_DIR)/env.json.tmp $(EQUIV_DIR)/env.json

.PHONY: equiv
equiv: $(EQ_DEPS)
	@test -n "$(UNIT)" || { echo "make equiv: give UNIT=<unit> (units: $(UNITS))" >&2; exit 2; }
	@$(EQ_ENV) $(PYTHON) formal/equiv/equiv.py check $(UNIT) $(if $(CONFIG),--config $(CONFIG)) \
	  $(if $(ROW),--row $(ROW)) $(if $(W),--w $(W)) $(if $(NETLIST),--netlist $(NETLIST)) \
	  $(if $(LIBERTY),--liberty '$(LIBERTY)') $(if $(MAP),--map '$(MAP)') \
	  $(if $(GATE),--gate $(GATE) --top "$(TOP)" --cells "$(CELLS)") $(if $(REV),--rev "$(REV)") \
	  --timeout $(EQUIV_TIMEOUT) --bmc $(EQUIV_BMC)

# Planted differences (docs/equivalence.md): PLANT_UNITS at W = 4, PLANTS_PER_KIND of each kind.
PLANT_UNITS     ?= $(UNITS)
PLANTS_PER_KIND ?= 1
PLANT_SEED      ?= 1
.PHONY: equiv-plant
equiv-plant: $(EQ_DEPS)
	@rc=0; $(foreach u,$(PLANT_UNITS),$(EQ_ENV) $(PYTHON) formal/equiv/equiv.py plant $u --per-kind $(PLANTS_PER_KIND) \
	  --seed $(PLANT_SEED) --timeout $(EQUIV_TIMEOUT) --bmc $(EQUIV_BMC) || rc=1;) exit $$rc

# The full-width table (docs/equivalence.md): every unit's default configuration at EQUIV_WIDTHS
# against its Yosys netlist (the arbiters operator by operator: make synth's rows, EQUIV_ROWS),
# form against form at EQUIV_FORMS_W, the planted set at W = 4, every unit's standard-cell netlist
# at W = 4 (equiv-lib), then build/equiv/summary.md.
EQUIV_WIDTHS  ?= 32
EQUIV_UNITS   ?= $(filter-out arb,$(UNITS))
EQUIV_ROWS    ?= $(foreach w,$(EQUIV_WIDTHS),$(foreach r,pc-i0 pc-i1 unified-i0 unified-i1 mem-p1 mem-i0-p0 mem-i1-p0 \
                   combined-i0-p1 combined-i1-p1 combined-i0-p0 combined-i1-p0,arb:simt_arb_$r-w$w))
EQUIV_FORMS_W ?= 32
EQUIV_FORMS   ?= arb warp_ctrl spawn rmask_sb
# compose (default) or direct: how the two forms are compared (docs/equivalence.md)
EQUIV_FORMS_METHOD ?=
# The standard-cell netlists (NETLIST=lib): every unit's default configuration at EQUIV_LIB_W on
# LIBERTY (default osu018), its cells read from the liberty file.
EQUIV_LIB_UNITS ?= $(UNITS)
EQUIV_LIB_W     ?= 4
.PHONY: equiv-lib
equiv-lib: $(EQ_DEPS)
	@rc=0; n=0; total=$(words $(EQUIV_LIB_UNITS)); for u in $(EQUIV_LIB_UNITS); do n=$$((n+1)); \
	  echo "[$$n/$$total] equiv $$u W=$(EQUIV_LIB_W) NETLIST=lib LIBERTY=$(or $(LIBERTY),osu018)"; \
	  $(EQ_ENV) $(PYTHON) formal/equiv/equiv.py check $$u --w $(EQUIV_LIB_W) --netlist lib \
	    --liberty '$(or $(LIBERTY),osu018)' $(if $(MAP),--map '$(MAP)') --timeout $(EQUIV_TIMEOUT) --bmc $(EQUIV_BMC) || rc=1; \
	done; exit $$rc

.PHONY: equiv-all equiv-forms
equiv-forms: $(EQ_DEPS)
	@rc=0; $(foreach u,$(EQUIV_FORMS),$(EQ_ENV) $(PYTHON) formal/equiv/equiv.py forms $u --w $(EQUIV_FORMS_W) \
	  $(if $(EQUIV_FORMS_METHOD),--method $(EQUIV_FORMS_METHOD)) --timeout $(EQUIV_TIMEOUT) || rc=1;) exit $$rc
equiv-all: $(EQ_DEPS)
	@rc=0; n=0; total=$$(( $(words $(EQUIV_UNITS)) * $(words $(EQUIV_WIDTHS)) + $(words $(EQUIV_ROWS)) )); \
	for r in $(EQUIV_ROWS); do n=$$((n+1)); echo "[$$n/$$total] equiv $$r"; \
	  $(EQ_ENV) $(PYTHON) formal/equiv/equiv.py check $${r%%:*} --row $${r#*:} --timeout $(EQUIV_TIMEOUT) \
	    --bmc $(EQUIV_BMC) || rc=1; done; \
	for w in $(EQUIV_WIDTHS); do for u in $(EQUIV_UNITS); do n=$$((n+1)); echo "[$$n/$$total] equiv $$u W=$$w"; \
	  $(EQ_ENV) $(PYTHON) formal/equiv/equiv.py check $$u --w $$w --timeout $(EQUIV_TIMEOUT) --bmc $(EQUIV_BMC) || rc=1; \
	done; done; \
	$(MAKE) --no-print-directory equiv-forms || rc=1; \
	$(MAKE) --no-print-directory equiv-plant || rc=1; \
	$(MAKE) --no-print-directory equiv-lib || rc=1; \
	$(EQ_ENV) $(PYTHON) formal/equiv/equiv.py table; exit $$rc
