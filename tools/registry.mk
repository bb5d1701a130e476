# SPDX-License-Identifier: Apache-2.0
# tools/registry.mk: the unit registry (units/*.toml, docs/adding_a_unit.md). tools/registry.py
# derives build/gen/registry.mk (units, lint tops, Verilator models, synthesis rows), the C
# tables build/gen/{vl_models,sc_units}.c and build/gen/registry.json; make remakes them when a
# descriptor changes and reads registry.mk before anything else.
PYTHON       ?= python3
REGISTRY_GEN := build/gen
UNIT_DESCRIPTORS := $(sort $(wildcard units/*.toml)) units/ORDER

$(REGISTRY_GEN)/registry.mk: $(UNIT_DESCRIPTORS) tools/registry.py
	@$(PYTHON) tools/registry.py gen --out $(REGISTRY_GEN)
$(REGISTRY_GEN)/vl_models.c $(REGISTRY_GEN)/board_models.c $(REGISTRY_GEN)/board_tests.txt $(REGISTRY_GEN)/equiv_tests.txt $(REGISTRY_GEN)/board_soak.txt $(REGISTRY_GEN)/sc_units.c $(REGISTRY_GEN)/registry.json: $(REGISTRY_GEN)/registry.mk ;
include $(REGISTRY_GEN)/registry.mk

# SIMT_MODELS="model ...": the library, simtcheck and simt-board-sim built with these models only,
# in build/sub/ (the main job, make all: tools/main_job.py); the full build in build/ is left as
# it is. Empty (the default): every model, in build/.
ifneq ($(strip $(SIMT_MODELS)),)
SIMT_MODELS_BAD := $(filter-out $(VL_MODELS),$(SIMT_MODELS))
$(if $(SIMT_MODELS_BAD),$(error SIMT_MODELS: no such model: $(SIMT_MODELS_BAD) (simtcheck UNIT --list names them)))
VL_MODELS    := $(filter $(SIMT_MODELS),$(VL_MODELS))
BOARD_MODELS := $(filter $(SIMT_MODELS),$(BOARD_MODELS))
BOARD_TESTS  := $(filter $(SIMT_MODELS),$(BOARD_TESTS))
SIMT_OUT     := build/sub
MODELS_GEN   := $(SIMT_OUT)/gen
$(MODELS_GEN)/vl_models.c $(MODELS_GEN)/board_models.c: $(MODELS_GEN)/models.stamp ;
$(MODELS_GEN)/models.stamp: $(REGISTRY_GEN)/registry.mk FORCE
	@$(PYTHON) tools/registry.py gen --out $(MODELS_GEN) --models '$(SIMT_MODELS)'
	@touch $@
else
SIMT_OUT     := build
MODELS_GEN   := $(REGISTRY_GEN)
endif
SIMT_BIN     := $(SIMT_OUT)/bin

# Every RTL file of every unit (for tools that read them all).
RTL_ALL := $(sort $(foreach u,$(UNITS),$(UNIT.$u.RTL)))
# Lane counts every unit must build and pass at.
WIDTHS  := 4 8 16 32 64

.PHONY: registry
registry: $(REGISTRY_GEN)/registry.mk
	@$(PYTHON) tools/registry.py check
