# SPDX-License-Identifier: Apache-2.0
# tools/fusesoc.mk: the FuseSoC CAPI2 cores of the RTL (docs/fusesoc.md). Included by the top
# Makefile after tools/tools.mk and tools/registry.mk.
#
#   make fusesoc-cores   (re)write rtl/*/simt_*.core from the registry (tools/fusesoc_cores.py);
#                        commit the result
#   make fusesoc-check   fail if a core file differs from what the generator writes (a new .sv
#                        file, a changed descriptor): the committed cores must match the registry
#   make fusesoc-lint    'fusesoc run --target lint' (and lint_<config>) of every unit's core:
#                        Verilator --lint-only -Wall; fails if any fails
#   make fusesoc-sim     'fusesoc run --target sim' of every unit's core: the Verilated C++ model
#                        of the default configuration, built (V<top>__ALL.a)
#
# FUSESOC_UNITS="st_rt arb" restricts the units; FUSESOC_ARGS='--W=8' is given to every run
# (core parameters: 'fusesoc run --target lint simt:units:st_rt --help' lists them). Work roots and logs:
# build/fusesoc/<unit>/<target>{/,.log}. FuseSoC runs with its own configuration file
# (build/fusesoc/fusesoc.conf: cache under build/fusesoc, build/ and TOOLS_DIR ignored; the
# user's ~/.config/fusesoc and FUSESOC_CORES are not read), --cores-root . (the repository).

FUSESOC_DIR   := build/fusesoc
FUSESOC_CONF  := $(FUSESOC_DIR)/fusesoc.conf
FUSESOC_UNITS ?= $(UNITS)
FUSESOC_ARGS  ?=
# Edalize calls plain 'verilator': a VERILATOR= other than that is put first on PATH as a wrapper.
FUSESOC_VBIN  := $(if $(filter-out verilator,$(VERILATOR)),$(CURDIR)/$(FUSESOC_DIR)/bin)
FUSESOC_RUN    = env -u FUSESOC_CORES $(if $(FUSESOC_VBIN),PATH="$(FUSESOC_VBIN):$$PATH") \
                 $(FUSESOC) --config $(FUSESOC_CONF) --cores-root . run

.PHONY: fusesoc-cores fusesoc-check fusesoc-lint fusesoc-sim fusesoc-setup
fusesoc-cores: $(REGISTRY_GEN)/registry.mk
	@$(PYTHON) tools/fusesoc_cores.py gen
	@$(PYTHON) tools/fusesoc_cores.py check

fusesoc-check: $(REGISTRY_GEN)/registry.mk
	@$(PYTHON) tools/fusesoc_cores.py check

# build/ holds exported copies of the RTL and TOOLS_DIR a Python tree: FuseSoC must not scan them.
fusesoc-setup: $(REGISTRY_GEN)/registry.mk | $(FUSESOC_STAMP)
	@command -v $(firstword $(FUSESOC)) >/dev/null \
	  || { echo "fusesoc: FUSESOC=$(FUSESOC) not found (without FUSESOC=, tools/bootstrap.sh installs the pinned one)"; exit 1; }
	@mkdir -p $(FUSESOC_DIR) && touch build/FUSESOC_IGNORE
	@printf '[main]\ncache_root = %s\nignored_dirs = %s %s\n' "$(abspath $(FUSESOC_DIR))/cache" \
	  "$$(realpath build)" "$$(realpath -m $(TOOLS_DIR))" > $(FUSESOC_CONF)
	@$(if $(FUSESOC_VBIN),v=$$(command -v $(firstword $(VERILATOR))) \
	  || { echo "fusesoc: VERILATOR=$(VERILATOR): $(firstword $(VERILATOR)) not found"; exit 1; }; \
	  mkdir -p $(FUSESOC_VBIN); \
	  printf '#!/bin/sh\nexec %s %s "$$@"\n' "$$v" '$(wordlist 2,99,$(VERILATOR))' > $(FUSESOC_VBIN)/verilator; \
	  chmod +x $(FUSESOC_VBIN)/verilator)
	@$(foreach u,$(FUSESOC_UNITS),$(if $(filter $u,$(UNITS)),,\
	  echo "fusesoc: FUSESOC_UNITS: no unit '$u' in the registry (units: $(UNITS))"; exit 1;))

# $(call fusesoc_each,KIND,LIST-OPTIONS): run every (core, target) of 'fusesoc_cores.py list
# --kind KIND' whose unit is in FUSESOC_UNITS, one progress line each; fail at the end if any
# failed, after printing the first error lines of its log.
define fusesoc_each
	@$(PYTHON) tools/fusesoc_cores.py list --kind $1 $2 > $(FUSESOC_DIR)/$1.list
	@n=0; bad=(); t_all=$$(date +%s); \
	while read -r core target top w unit; do \
	  case " $(FUSESOC_UNITS) " in *" $$unit "*) ;; *) continue ;; esac; \
	  n=$$((n + 1)); wr=$(FUSESOC_DIR)/$$unit/$$target; mkdir -p $$wr; t0=$$(date +%s); \
	  if $(FUSESOC_RUN) --work-root $$wr --target $$target $$core $(FUSESOC_ARGS) > $$wr.log 2>&1; then \
	    echo "fusesoc-$1: $$core --target $$target ($$top, $(or $(FUSESOC_ARGS),W=$$w)): ok  [$$(( $$(date +%s) - t0 )) s]"; \
	  else \
	    { grep -m 4 -E '^%(Error|Warning)|^ERROR:' $$wr.log || tail -n 3 $$wr.log; } | sed 's/^/    /'; \
	    echo "fusesoc-$1: $$core --target $$target ($$top): FAILED (log $$wr.log)"; bad+=("$$core:$$target"); \
	  fi; \
	done < $(FUSESOC_DIR)/$1.list; \
	if [ $${#bad[@]} -gt 0 ]; then echo "fusesoc-$1: $${#bad[@]} of $$n failed: $${bad[*]}"; exit 1; fi; \
	echo "fusesoc-$1: $$n target(s) of $(words $(FUSESOC_UNITS)) unit(s) ok (FuseSoC $$($(FUSESOC) --version)) [$$(( $$(date +%s) - t_all )) s]"
endef

fusesoc-lint: fusesoc-check fusesoc-setup
	$(call fusesoc_each,lint,)

# The C++ model of each unit's default configuration (target 'sim'; sim_<config> by hand).
fusesoc-sim: fusesoc-check fusesoc-setup
	$(call fusesoc_each,sim,--default)
