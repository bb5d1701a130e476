# SPDX-License-Identifier: Apache-2.0
# synth/synth_one.mk: one synthesis of any configuration a user names (included at the end of
# synth/synth.mk; synth/README.md, "One configuration").
#
#   make synth-one UNIT=st_rt W=8 P='NST=4 NRT=4'
#   make synth-one UNIT=arb TOP=simt_arb_pc W=32 IMPL=0 P='SP_W=0'
#   make synth-one UNIT=rmask_sb W=32 P='NW=48 NIB=48' ABC=-fast
#
# UNIT a registry unit; TOP one of its tops (default its first); W, IMPL and P='NAME=VALUE ...'
# parameters of TOP (checked against its RTL parameter list); parameters not given keep the
# module's defaults; ABC= options of abc (e.g. -fast). Same script (synth/cfg.ys.in) and runner
# (synth/synth.py run) as the sweep; outputs in build/synth/one/<name>/, <name> =
# TOP[-i<IMPL>]-w<W>[-<NAME><VALUE>...][-abc<flags>]. Re-run only when the script, the RTL or
# synth.py change; the summary is printed either way.

SYNTH_ONE_DIR := $(SYNTH_DIR)/one

# LIBERTY=...: the configuration mapped to a standard-cell library instead (synth/liberty.mk).
ifneq ($(strip $(LIBERTY)),)
include synth/liberty.mk
else
.PHONY: synth-one synth-one-run
synth-one: $(REGISTRY_GEN)/registry.mk | $(YOSYS_STAMP)
	@name=$$($(PYTHON) synth/synth_one.py setup --registry $(REGISTRY_GEN)/registry.json \
	  --out $(SYNTH_ONE_DIR) --unit='$(UNIT)' --top='$(TOP)' --w='$(W)' --impl='$(IMPL)' \
	  --abc='$(ABC)' --params='$(P)' --sources='$(UNIT.$(UNIT).RTL)') || exit 1; \
	d=$(SYNTH_ONE_DIR)/$$name; \
	if $(MAKE) -q --no-print-directory synth-one-run SYNTH_ONE=$$name 2>/dev/null; then \
	  echo "synth-one: $$d/result.json is up to date (script, RTL and synth.py unchanged)"; \
	else \
	  echo "synth-one: $$name: Yosys (log $$d/yosys.log)"; \
	  $(MAKE) --no-print-directory synth-one-run SYNTH_ONE=$$name || exit 1; \
	fi; \
	$(PYTHON) synth/synth_one.py summary --registry $(REGISTRY_GEN)/registry.json --dir $$d

# The run itself, in a sub-make that knows the configuration (SYNTH_ONE=<name>).
ifneq ($(SYNTH_ONE),)
SYNTH_ONE_D := $(SYNTH_ONE_DIR)/$(SYNTH_ONE)
include $(SYNTH_ONE_D)/one.mk
synth-one-run: $(SYNTH_ONE_D)/result.json
$(SYNTH_ONE_D)/result.json: $(SYNTH_ONE_D)/run.ys $(UNIT.$(ONE.UNIT).RTL) synth/synth.py | $(YOSYS_STAMP)
	@$(PYTHON) synth/synth.py run --yosys '$(YOSYS)' --dir $(@D) --configs $(@D)/configs.txt \
	  --unit $(ONE.TOP) --impl '$(ONE.IMPL)' --policy '' --tag '' --w $(ONE.W) --params '$(ONE.PARAMS)'
endif
endif
