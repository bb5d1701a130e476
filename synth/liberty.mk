# SPDX-License-Identifier: Apache-2.0
# synth/liberty.mk: make synth-one LIBERTY=...: one configuration mapped to the cells of a liberty
# library with Yosys and timed with OpenSTA (included by synth/synth_one.mk instead of its
# generic-gate rules when LIBERTY= is given; synth/README.md, "Real cells: LIBERTY=").
#
#   make synth-one UNIT=arb_pipe W=4 LIBERTY=osu018
#   make synth-one UNIT=st_rt W=8 P='NST=4 NRT=4' LIBERTY=osu035 CLOCK_NS=20
#   make synth-one UNIT=arb W=32 LIBERTY=path/to/cells.lib NAND2_CELL=NAND2_X1 INV_CELL=INV_X1
#
# LIBERTY: osu018 or osu035 (installed on demand: tools/bootstrap.sh) or the path of a liberty
# file; NAND2_CELL, INV_CELL: the cells of NAND2-eq and FO4 (default: found by function in the
# library); CLOCK_NS: the clock period of the timing report and of the power (default 10);
# MAP: the mapping script (nf, Yosys's own, the default; amap, mapa, map: synth/liberty.py MAPS),
# the name gains -<MAP> before -<lib> unless nf.
# UNIT, TOP, W, IMPL, P and ABC as in synth/synth_one.mk. Outputs: build/synth/one/<name>-<lib>/
# (run.ys, yosys.log, stat.txt, netlist.v, sta.tcl, sta.log, result.json); the library's copy,
# cells and ABC constraints in build/synth/lib/<lib>/, its FO4 in build/synth/fo4-<lib>.json.
# Yosys runs again when its script, the RTL, the library or synth/liberty.py change; OpenSTA
# when the netlist, CLOCK_NS, the cells or the templates synth/sta/*.tcl.in change.

LIB_BUILD := $(SYNTH_DIR)/lib
LIB_STAMP := $(if $(filter osu018,$(LIBERTY)),$(LIB_OSU018_STAMP)) $(if $(filter osu035,$(LIBERTY)),$(LIB_OSU035_STAMP))

.PHONY: synth-one synth-one-lib-run
synth-one: $(REGISTRY_GEN)/registry.mk | $(YOSYS_STAMP) $(STA_STAMP) $(LIB_STAMP)
	@lib=$$($(PYTHON) synth/liberty.py prepare --liberty='$(LIBERTY)' --bundled-dir='$(LIBERTY_DIR)' \
	  --out $(LIB_BUILD) --nand2='$(NAND2_CELL)' --inv='$(INV_CELL)' --clock-ns='$(CLOCK_NS)' --map='$(MAP)' --abc='$(ABC)') || exit 1; \
	ld=$(LIB_BUILD)/$$lib; map='$(strip $(MAP))'; [ "$$map" = nf ] && map=; \
	name=$$($(PYTHON) synth/synth_one.py setup --registry $(REGISTRY_GEN)/registry.json \
	  --out $(SYNTH_ONE_DIR) --unit='$(UNIT)' --top='$(TOP)' --w='$(W)' --impl='$(IMPL)' \
	  --abc='$(ABC)' --params='$(P)' --sources='$(UNIT.$(UNIT).RTL)' --suffix=$${map:+-$$map}-$$lib \
	  --template synth/lib.ys.in --subst "@LIB@=$$ld/$$lib.lib" --subst "@CONSTR@=$$ld/abc.constr" \
	  --subst "@DONTUSE@=$$(cat $$ld/dontuse.txt)" --subst "@ABCSCRIPT@=$${map:+-script $$ld/map-$$map.abc }") || exit 1; \
	d=$(SYNTH_ONE_DIR)/$$name; \
	echo '$(CLOCK_NS)' > $$d/clock.txt.tmp && { cmp -s $$d/clock.txt.tmp $$d/clock.txt && rm -f $$d/clock.txt.tmp \
	  || mv $$d/clock.txt.tmp $$d/clock.txt; }; \
	if $(MAKE) -q --no-print-directory synth-one-lib-run SYNTH_ONE=$$name SYNTH_LIB=$$lib 2>/dev/null; then \
	  echo "synth-one: $$d/result.json is up to date (script, RTL, library, clock and tools unchanged)"; \
	else \
	  echo "synth-one: $$name: Yosys (if its inputs changed), OpenSTA (logs $$d/yosys.log, $$d/sta.log)"; \
	  $(MAKE) --no-print-directory synth-one-lib-run SYNTH_ONE=$$name SYNTH_LIB=$$lib || exit 1; \
	fi; \
	$(PYTHON) synth/liberty.py summary --dir $$d

# The run itself, in a sub-make that knows the configuration and the library.
ifneq ($(SYNTH_ONE),)
SYNTH_ONE_D := $(SYNTH_ONE_DIR)/$(SYNTH_ONE)
LIB_D       := $(LIB_BUILD)/$(SYNTH_LIB)
LIB_FO4     := $(SYNTH_DIR)/fo4-$(SYNTH_LIB).json
include $(SYNTH_ONE_D)/one.mk
synth-one-lib-run: $(SYNTH_ONE_D)/result.json
$(LIB_FO4): $(LIB_D)/cells.json $(LIB_D)/$(SYNTH_LIB).lib synth/liberty.py synth/sta/fo4.tcl.in | $(STA_STAMP)
	@$(PYTHON) synth/liberty.py fo4 --lib-dir $(LIB_D) --sta '$(STA)' --out $@
$(SYNTH_ONE_D)/netlist.v: $(SYNTH_ONE_D)/run.ys $(UNIT.$(ONE.UNIT).RTL) $(LIB_D)/$(SYNTH_LIB).lib \
  $(LIB_D)/abc.constr synth/liberty.py synth/synth.py | $(YOSYS_STAMP)
	@$(PYTHON) synth/liberty.py yosys --dir $(@D) --yosys '$(YOSYS)' --lib-dir $(LIB_D)
$(SYNTH_ONE_D)/result.json: $(SYNTH_ONE_D)/netlist.v $(SYNTH_ONE_D)/clock.txt $(LIB_FO4) $(LIB_D)/cells.json \
  synth/sta/timing.tcl.in synth/liberty.py | $(STA_STAMP)
	@$(PYTHON) synth/liberty.py sta --dir $(@D) --sta '$(STA)' --lib-dir $(LIB_D) --fo4 $(LIB_FO4) \
	  --top $(ONE.TOP) --clock-ns '$(CLOCK_NS)'
endif
