# SPDX-License-Identifier: Apache-2.0
# synth/lib_sweep.mk: make synth-lib-sweep, the area-delay points of every unit on a standard-cell
# library (synth/lib_sweep.py; synth/README.md, "The area-delay sweep"). Included by synth/synth.mk.
#
#   make synth-lib-sweep                      every unit at W = 32 on OSU 0.18 um, every mapping script
#   make synth-lib-sweep LIBERTY=osu035 SWEEP_UNITS="arb" SWEEP_MAPS="nf amap" SWEEP_JOBS=1
#
# One make synth-one LIBERTY= MAP= per configuration and script (incremental as make synth-one is),
# SWEEP_JOBS at a time (default 2). Output: build/synth/lib-sweep-<lib>.json; make docs copies the
# osu018 one into docs/data/lib-sweep.json, from which the datasheets' "Real cells" sections, their
# plots and docs/data/lib-sweep.md are drawn (tools/docs/cells_doc.py).

SWEEP_LIB   = $(or $(strip $(LIBERTY)),osu018)
SWEEP_UNITS ?=
SWEEP_MAPS  ?=
SWEEP_JOBS  ?= 2
LIB_SWEEP_JSON = $(SYNTH_DIR)/lib-sweep-$(basename $(notdir $(SWEEP_LIB))).json

.PHONY: synth-lib-sweep
synth-lib-sweep: $(REGISTRY_GEN)/registry.mk
	@$(PYTHON) synth/lib_sweep.py run --lib '$(SWEEP_LIB)' --units '$(SWEEP_UNITS)' --maps '$(SWEEP_MAPS)' \
	  --jobs '$(SWEEP_JOBS)' --clock-ns '$(CLOCK_NS)' --out $(LIB_SWEEP_JSON)

# make synth-power: the power of a registry model's library-mapped netlist at the switching activity
# of its own random cross-check stimulus, beside OpenSTA's default activity (synth/power.py;
# synth/README.md, "Power from real activity").
#   make synth-power UNIT=arb_pipe [CONFIG=s2] [W=4] [LIBERTY=osu018] [POWER_CYCLES=2000] [CLOCK_NS=10]
POWER_CYCLES ?= 2000
.PHONY: synth-power
synth-power: $(REGISTRY_GEN)/registry.mk $(SIMT_BIN)/simtcheck
	@test -n "$(UNIT)" || { echo "synth-power: error: give UNIT=<unit> (units: $(UNITS))" >&2; exit 2; }
	@EQ_SIMTCHECK=$(SIMT_BIN)/simtcheck STA='$(STA)' $(PYTHON) synth/power.py '$(UNIT)' $(if $(CONFIG),--config '$(CONFIG)') \
	  --w '$(or $(W),4)' --liberty '$(SWEEP_LIB)' --cycles '$(POWER_CYCLES)' --clock-ns '$(CLOCK_NS)'

# make synth-power-all: every unit's default configuration at POWER_W (default 4), then the table
# build/synth/power/summary.md (make docs-data copies it to docs/data/lib-power.md).
POWER_W ?= 4
.PHONY: synth-power-all
synth-power-all: $(REGISTRY_GEN)/registry.mk $(SIMT_BIN)/simtcheck
	@rc=0; n=0; for u in $(UNITS); do n=$$((n+1)); echo "[$$n/$(words $(UNITS))] synth-power $$u W=$(POWER_W)"; \
	  EQ_SIMTCHECK=$(SIMT_BIN)/simtcheck STA='$(STA)' $(PYTHON) synth/power.py $$u --w $(POWER_W) --liberty '$(SWEEP_LIB)' \
	    --cycles '$(POWER_CYCLES)' --clock-ns '$(CLOCK_NS)' || rc=1; done; \
	$(PYTHON) synth/power.py table || rc=1; exit $$rc
