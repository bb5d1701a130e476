# SPDX-License-Identifier: Apache-2.0
# fpga/fpga.mk: the FPGA implementation flow (fpga/README.md). Included by
# the top Makefile after tools/tools.mk and tools/registry.mk.
#
#   make fpga BOARD=icebreaker|ulx3s UNIT=u [CONFIG=c] [W=n] [FREQ=MHz] [SEED=s] [BAUD=b] [AS_DEPTH=n]
#             [FPGA_CORE=auto|srv|probe] [FPGA_TIMEOUT=s] [FPGA_STRICT=1]
#       one model (<unit>_<config>_W<w>; default: the unit's first configuration at W = 8 on the
#       iCE40, W = 32 on the ECP5) through Yosys, nextpnr and the packer, into
#       build/fpga/<board>/<model>/ (<model>-probe with the probe core): report.md, report.json,
#       the bitstream, the logs. FREQ: the core clock asked of the PLL (default 48 MHz on the
#       iCEBreaker, 100 MHz on the ULX3S; the board's oscillator frequency bypasses the PLL).
#       Timing failure is reported and exits 0 (FPGA_STRICT=1: exit 3); a design that does not
#       fit exits 2 with the utilisation that failed. CONFIG=synth:<row> (e.g.
#       synth:simt_arb_pc-i1): one of make synth's rows (units/<unit>.toml [[synth]]: one top
#       at one parameter set) with the probe core, into build/fpga/<board>/<row>-w<W>-probe/.
#   make fpga-sweep [FPGA_UNITS="arb st_rt"] [FPGA_BOARDS="icebreaker ulx3s"] [FPGA_WIDTHS="8 32"]
#             [FPGA_CONFIGS="s1 s5"|all] [FPGA_TIMEOUT=s] [FPGA_REUSE=1] [FPGA_CORE=probe]
#       every unit's default configuration (FPGA_CONFIGS: these, all, or synth: every
#       synthesis row, with the probe core; synth:<row> picks one) at its registry
#       widths on the boards (W <= 8 on the iCE40UP5K, all widths on the ECP5-85F), one run at
#       a time, each under FPGA_TIMEOUT
#       (default 1200 s): build/fpga/sweep.{csv,md}, progress lines [k/N].
#   Both: AS_DEPTH=n (the server's at-speed RAM depth, 0 = none), FPGA_PNR_ARGS="..." (nextpnr
#       options, replacing the board's default "--router router2" on the ECP5),
#       FPGA_SYNTH_ARGS="..." (extra options of synth_ice40/synth_ecp5, e.g. "-noabc9": ABC's
#       LUT mapping instead of ABC9's).
#   make fpga ... PROBE_DROP="st_* rq_*": the probe with the unit outputs matching these shell
#       patterns left unconnected (core probe-drop, build/fpga/<board>/<model>-probe-drop/): for
#       state taps only the cross-check reads (fpga/README.md).
#   make fpga-lint
#       Verilator -Wall of both board tops (PLL on and off) with fpga/lint/ stubs of the vendor
#       PLL primitives, over the server (or the probe while the server is not in the tree).
#   make fpga-pll BOARD=b FREQ=MHz   the PLL settings the flow would use
#   make fpga-clean                  remove build/fpga

FPGA_OUT     := build/fpga
BOARD        ?=
UNIT         ?=
CONFIG       ?=
W            ?=
FREQ         ?=
BAUD         ?= 115200
AS_DEPTH     ?=
FPGA_CORE    ?= auto
FPGA_TIMEOUT ?=
FPGA_STRICT  ?=
FPGA_UNITS   ?=
FPGA_BOARDS  ?= icebreaker ulx3s
FPGA_REUSE   ?=
FPGA_WIDTHS  ?=
FPGA_CONFIGS ?=
FPGA_SWEEP   ?= sweep
FPGA_PNR_ARGS ?=
FPGA_SYNTH_ARGS ?=
PROBE_DROP   ?=

FPGA_ENV = YOSYS='$(YOSYS)' NEXTPNR_ICE40='$(NEXTPNR_ICE40)' ICEPACK='$(ICEPACK)' \
  NEXTPNR_ECP5='$(NEXTPNR_ECP5)' ECPPACK='$(ECPPACK)'
FPGA_STAMP.icebreaker := $(NEXTPNR_ICE40_STAMP)
FPGA_STAMP.ulx3s      := $(NEXTPNR_ECP5_STAMP)

.PHONY: fpga fpga-sweep fpga-lint fpga-pll fpga-clean
fpga: $(REGISTRY_GEN)/registry.mk | $(YOSYS_STAMP) $(FPGA_STAMP.$(BOARD))
	@test -n "$(BOARD)" -a -n "$(UNIT)" || \
	  { echo "make fpga: BOARD=icebreaker|ulx3s and UNIT=<unit> are required (units: $(UNITS))"; exit 2; }
	@$(FPGA_ENV) $(PYTHON) fpga/flow.py fpga --board '$(BOARD)' --unit '$(UNIT)' --config '$(CONFIG)' \
	  --w '$(W)' --freq '$(FREQ)' --seed '$(SEED)' --baud '$(BAUD)' --core '$(FPGA_CORE)' --as-depth '$(AS_DEPTH)' \
	  $(if $(FPGA_TIMEOUT),--timeout $(FPGA_TIMEOUT)) $(if $(FPGA_STRICT),--strict) \
	  $(if $(FPGA_PNR_ARGS),--pnr-args='$(FPGA_PNR_ARGS)') $(if $(FPGA_SYNTH_ARGS),--synth-args='$(FPGA_SYNTH_ARGS)') \
	  $(if $(PROBE_DROP),--probe-drop='$(PROBE_DROP)')

fpga-sweep: $(REGISTRY_GEN)/registry.mk | $(YOSYS_STAMP) $(foreach b,$(FPGA_BOARDS),$(FPGA_STAMP.$b))
	@$(FPGA_ENV) $(PYTHON) fpga/flow.py sweep --units '$(FPGA_UNITS)' --boards '$(FPGA_BOARDS)' \
	  --seed '$(SEED)' --core '$(FPGA_CORE)' $(if $(FPGA_TIMEOUT),--timeout $(FPGA_TIMEOUT)) \
	  $(if $(FPGA_REUSE),--reuse) $(if $(FPGA_WIDTHS),--widths '$(FPGA_WIDTHS)') $(if $(FPGA_CONFIGS),--configs '$(FPGA_CONFIGS)') --name '$(FPGA_SWEEP)' \
	  --as-depth '$(AS_DEPTH)' $(if $(FPGA_PNR_ARGS),--pnr-args='$(FPGA_PNR_ARGS)') $(if $(FPGA_SYNTH_ARGS),--synth-args='$(FPGA_SYNTH_ARGS)')

fpga-pll:
	@$(PYTHON) fpga/flow.py pll --board '$(BOARD)' --freq '$(FREQ)'

# The board tops over a core: the server's files (tools/board_gen.py) when it is in the tree,
# otherwise the probe of arb_rtl_W4. The PLL primitives are stubs (fpga/lint/): Verilator has
# no vendor cell models; the FPGA flow itself never reads the stubs.
FPGA_LINT_MODEL ?= arb_rtl_W4
fpga-lint: $(REGISTRY_GEN)/registry.mk | $(YOSYS_STAMP)
	@mkdir -p $(FPGA_OUT)/lint
	@if [ -f tools/board_gen.py ] && [ -f fpga/rtl/simt_srv.sv ] && [ "$(FPGA_CORE)" != probe ]; then \
	  $(PYTHON) tools/board_gen.py $(FPGA_LINT_MODEL) $(FPGA_OUT)/lint >/dev/null; core=server; \
	else YOSYS='$(YOSYS)' $(PYTHON) fpga/probe/probe_gen.py $(FPGA_LINT_MODEL) $(FPGA_OUT)/lint >/dev/null; core=probe; fi \
	  || exit 1; \
	defs=$$(grep '^+define+' $(FPGA_OUT)/lint/files.f | tr '\n' ' '); \
	files=$$(grep -v '^+' $(FPGA_OUT)/lint/files.f | tr '\n' ' '); \
	for pll in 0 1; do \
	  $(VERILATOR) --lint-only -Wall -Irtl/common -GUSE_PLL=$$pll --top-module simt_board_icebreaker $$defs \
	    fpga/icebreaker/simt_board_icebreaker.sv fpga/lint/SB_PLL40_PAD.sv $$files || exit 1; \
	  $(VERILATOR) --lint-only -Wall -Irtl/common -GUSE_PLL=$$pll --top-module simt_board_ulx3s $$defs \
	    fpga/ulx3s/simt_board_ulx3s.sv fpga/lint/EHXPLLL.sv $$files || exit 1; \
	done; \
	echo "fpga-lint: verilator -Wall clean: simt_board_icebreaker, simt_board_ulx3s (USE_PLL = 0, 1) over the $$core ($(FPGA_LINT_MODEL))"

fpga-clean:
	rm -rf $(FPGA_OUT)
