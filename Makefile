# SIMT divergence units: RTL, C golden models, cross-check, synthesis, formal.
# 'make help' lists the targets.
SHELL := bash
.DEFAULT_GOAL := help
include tools/tools.mk
include rtl/rtl.mk
-include synth/synth.mk
-include formal/formal.mk

.PHONY: help
help:
	@echo "Targets:"
	@echo "  make all        main job: build, cross-check, synthesize, prove; writes build/report.md"
	@echo "  make test       the test suite (ends with 'N passed, N failed')"
	@echo "  make lint       verilator --lint-only -Wall and Yosys read/synth checks of every unit"
	@echo "  make synth      Yosys area (NAND2-eq) and depth sweep, W = $(WIDTHS): build/synth/area.{csv,md}"
	@echo "  make formal     SymbiYosys proofs: build/formal/summary.md"
	@echo "  make tools      install the pinned tools (run on demand by the targets above)"
	@echo "Variables: YOSYS= SBY= VERILATOR= (use your own tools), TOOLS_DIR= (default .tools)"
