# SPDX-License-Identifier: Apache-2.0
# SIMT divergence units: RTL, C golden models, cross-check, synthesis, formal.
# 'make help' lists the targets.
SHELL := bash
.DEFAULT_GOAL := help
include tools/tools.mk
include tools/registry.mk
include tools/fusesoc.mk
include lib/lib.mk
include tb/tb.mk
-include tb/fuzz/fuzz.mk
-include tb/mutate/mutate.mk
-include synth/synth.mk
-include formal/formal.mk
-include fpga/fpga.mk
-include formal/equiv/equiv.mk
include tools/docs/docs.mk

.PHONY: FORCE
FORCE:

.PHONY: help
help:
	@echo "Targets:"
	@echo "  make all          the main job (about 10 min on 2 cores): every unit's default configuration at W = 32 built,"
	@echo "                    cross-checked, synthesized, fast proofs, equivalence at W = 4, simulated board; one page"
	@echo "                    build/report.md; UNIT=\"st_rt ...\" CONFIG= W= narrow it, ALL_JOBS= steps at a time"
	@echo "  make regression   the full regression (about 15 h on 2 cores; make regression-plan: its steps, durations):"
	@echo "                    test, test-long, lint, fusesoc, board-soak, board-postimpl, synth, synth-lib-sweep, formal FORMAL_ALL=1, equiv-all,"
	@echo "                    mutate, soak, cov-seeds COV_SEEDS=100, fpga-sweep; build/regression/report.md"
	@echo "  make test         the test suite: build/gen/equiv_tests.txt, tb/tests.txt, the board runs, tb/units/<unit>/tests.txt, tb/docs/tests.txt (ends with 'N passed, N failed'); SEED=n or SEED=random"
	@echo "  make test-long    (about 5 min) the tests too slow for make test (tb/tests-long.txt; logs build/test-long/)"
	@echo "  make soak         (about 36 min) every unit, model (configuration x W) and random mode over many seeds on all cores,"
	@echo "                    sized by SOAK_CYCLES= (default 10^9 cross-checked cycles); progress line, summary in"
	@echo "                    build/soak/summary.md, per-run logs build/soak/log/; SOAK_JOBS= SOAK_SEED= SOAK_UNITS="
	@echo "                    SOAK_RUN_CYCLES= (tb/scripts/soak.sh); exits 1 on any failing run"
	@echo "  make cov-seeds    (about 40 min) do the coverage gates hold at any seed: every model's random modes at the soak's minimum"
	@echo "                    run (SOAK_MIN_CYCLES, 10^5) over COV_SEEDS= fresh seeds (default 20, printed), COV_JOBS= at"
	@echo "                    a time (default: the cores); COV_UNITS=\"ht_stack\" COV_MODELS='ht_stack_wa4_*' narrow it;"
	@echo "                    misses with their replay commands, each gated point's smallest count: build/cov-seeds/"
	@echo "                    summary.md (tb/scripts/cov_seeds.py; make test runs a quick form); exits 1 on a failing run"
	@echo "  make bench        cycles/s of every unit at W = 32, one core (tools/bench.sh; BENCH_BEFORE=old binary"
	@echo "                    alternates the two and shows both; a benchmark, not a test)"
	@echo "  make test-asan    the suite without its make tests, simtcheck under ASan+UBSan (build/asan/): 0 sanitizer reports"
	@echo "  make lint         verilator --lint-only -Wall of every unit's tops at its widths, Yosys read/elaborate checks of"
	@echo "                    them at the smallest, both on every configuration at its smallest width; LINT_JOBS at a time"
	@echo "                    (every model is also Verilated with -Wall at its own parameters when it is built)"
	@echo "  make registry     check the unit descriptors units/<unit>.toml (docs/adding_a_unit.md)"
	@echo "  make simtcheck    build build/bin/simtcheck (the cross-check driver; --help for its options)"
	@echo "  make fuzz         fuzz the trace parser against a reference acceptor (libFuzzer): FUZZ_RUNS= (default 10^6)"
	@echo "                    FUZZ_SEED= (default 1); make fuzz-fixtures: every fixture once (docs/trace_format.md)"
	@echo "  make mutate       (about 40 min) mutation score of make test's cross-checks: Yosys mutants of one model per unit, each run"
	@echo "                    through the tests that run that model, survivors checked for equivalence (formal checks):"
	@echo "                    build/mutate/summary.md; MUTANTS= (default 100) MUTATE_SEED= MUTATE_MODELS=\"st_rt_small_W8\""
	@echo "                    MUTATE_EQ_TIMEOUT=s per formal check (default 300), MUTATE_JOBS= (default: cores),"
	@echo "                    MUTATE_DIR= (default build/mutate; inside the checkout, where YoWASP's Yosys can write)"
	@echo "  make mutate-check the equivalence proofs alone on named mutants: MUTATE_MODELS=one MUTATE_IDS=\"k ...\""
	@echo "                    [MUTATE_PROOF=state|const|step]"
	@echo "  make docs         the datasheets' generated parts (tools/docs/datasheet.py): timing diagrams from real runs"
	@echo "                    (units' [[timing]]; WaveDrom JSON + SVG), output arcs and reset values from the RTL, area"
	@echo "                    plots and tables from docs/data/area.csv (refreshed from the last make synth), the random"
	@echo "                    runs' table from make test's logs (runs what has no log of seed 1), docs/index.md"
	@echo "  make lib          the C library build/lib/libsimt.{a,so} and its C11 headers (docs/c_library.md)"
	@echo "  make install      library, headers include/simt/, lib/pkgconfig/simt.pc into PREFIX= (default /usr/local);"
	@echo "                    DESTDIR= honoured; SIMT_RPATH=0 leaves the rpath out of simt.pc"
	@echo "                    (the build precompiles Verilator's headers for the models and shims; VL_PCH=0 does"
	@echo "                    not: same objects, slower; make vl-pch-check checks that GCC takes them)"
	@echo "  make synth        (about 40 min) Yosys area (NAND2-eq) and depth sweep of the registry's [[synth]] rows: build/synth/area.{csv,md};"
	@echo "                    SYNTH_UNITS=\"arb st_rt\" SYNTH_WIDTHS=\"4 8\" narrow it; SYNTH_BIG=1 adds the ST/RT tables at"
	@echo "                    W = 64 under ABC's default script (very slow)"
	@echo "  make synth-netlist  gate-level netlists of the registry's netlist models (simtcheck arb --config netlist)"
	@echo "  make formal       (about 75 min; FORMAL_ALL=1 about 100) SymbiYosys proofs (default set): build/formal/summary.md;"
	@echo "                    FORMAL_ALL=1 for the full sweep"
	@echo "  make formal-NAME  one proof file (make formal-list shows them)"
	@echo "  make equiv UNIT=u [CONFIG=c] [W=n] [NETLIST=yosys|yosys-ff|ice40|ecp5|lib] [GATE=f.v CELLS=\"c.v\" TOP=t]"
	@echo "                    NETLIST=lib [LIBERTY=osu018] [MAP=]: the netlist of make synth-one LIBERTY=, cells from the .lib"
	@echo "                    RTL against a gate netlist, unbounded: PASS / FAIL (counterexample trace, replayed on"
	@echo "                    the RTL and the netlist) / UNKNOWN (docs/equivalence.md); EQUIV_TIMEOUT= (s, default 600)"
	@echo "                    ROW=<make synth row> instead of CONFIG/W (e.g. UNIT=st_rt ROW=simt_st_rt-fast-w64);"
	@echo "                    EQUIV_ABC=-fast: the project's netlist mapped with those ABC options"
	@echo "                    REV=<commit or dir>: the other side is the unit's RTL at that commit (or in dir/rtl),"
	@echo "                    to prove a change that must keep the behaviour (a timing rewrite);"
	@echo "                    EQUIV_JOBS= (default 2: the RTL side and the netlist side prepared at once; 1: in turn)"
	@echo "  make equiv-plant  the planted-difference set (W = 4; PLANT_UNITS= PLANTS_PER_KIND= PLANT_SEED=)"
	@echo "  make equiv-forms  form against form (arb, warp_ctrl, spawn, rmask_sb) at EQUIV_FORMS_W (default 32);"
	@echo "                    EQUIV_FORMS_METHOD=direct: no composition (one miter; arb: each form against its spec)"
	@echo "  make equiv-all    (about 75 min) every unit at EQUIV_WIDTHS (default 32), the forms, the plants, equiv-lib: build/equiv/summary.md"
	@echo "  make equiv-lib    every unit's standard-cell netlist (NETLIST=lib) at EQUIV_LIB_W (default 4) on LIBERTY= (osu018)"
	@echo "  make synth-one UNIT=u [TOP=t] [W=n] [IMPL=i] [P='NAME=VALUE ...'] [ABC=-fast]"
	@echo "                    Yosys area (total, combinational), flip-flop bits and depth of one configuration;"
	@echo "                    parameters not given keep the module's defaults: build/synth/one/<name>/ (synth/README.md)"
	@echo "                    LIBERTY=osu018|osu035|file.lib [CLOCK_NS=10] [NAND2_CELL=] [INV_CELL=]: mapped to those cells,"
	@echo "                    OpenSTA: area um^2, NAND2-eq, critical path (ns, FO4), Fmax, power: build/synth/one/<name>-<lib>/"
	@echo "                    MAP=nf|amap|mapa|map: the ABC mapping script (one point of the area-delay curve each)"
	@echo "  make synth-lib-sweep  (about 17 min) every unit at W = 32 (arbiters: PC and unified, both forms) x the mapping"
	@echo "                    scripts on LIBERTY= (default osu018), OpenSTA: build/synth/lib-sweep-<lib>.json; make docs"
	@echo "                    turns it into docs/data/lib-sweep.md and each datasheet's Real cells; SWEEP_UNITS= SWEEP_MAPS= SWEEP_JOBS="
	@echo "  make synth-power UNIT=u [CONFIG=c] [W=4] [LIBERTY=osu018] [POWER_CYCLES=2000]  power of the library-mapped"
	@echo "                    netlist at the activity of the unit's own random stimulus, beside OpenSTA's default activity"
	@echo "  make synth-power-all  every unit at POWER_W (default 4): build/synth/power/summary.md (docs/data/lib-power.md)"
	@echo "  make fusesoc-lint FuseSoC: 'fusesoc run --target lint' of every unit core rtl/<unit>/simt_<unit>.core"
	@echo "                    (Verilator -Wall; docs/fusesoc.md); FUSESOC_UNITS=\"st_rt\" FUSESOC_ARGS=--W=8"
	@echo "  make fusesoc-sim  FuseSoC: 'fusesoc run --target sim' of every unit core (the Verilated C++ model, built)"
	@echo "  make fusesoc-cores  rewrite the core files from the registry (make fusesoc-check: are they up to date)"
	@echo "  make fpga BOARD=icebreaker|ulx3s UNIT=u [CONFIG=c] [W=n] [FREQ=MHz] [SEED=s]"
	@echo "                    FPGA implementation (Yosys, nextpnr, packer) of one model on the iCEBreaker (iCE40UP5K)"
	@echo "                    or the ULX3S (ECP5-85F): bitstream and report (LUTs, FFs, RAM, Fmax, critical path)"
	@echo "                    in build/fpga/<board>/<model>/ (fpga/README.md); FPGA_CORE=probe: the unit alone"
	@echo "                    (PROBE_DROP=\"st_* rq_*\": those outputs, e.g. state taps, left unconnected)"
	@echo "  make fpga-sweep   (about 6 h) every unit across W on both boards: build/fpga/sweep.{csv,md};"
	@echo "                    FPGA_UNITS=\"arb\" FPGA_BOARDS=\"ulx3s\" narrow it, FPGA_TIMEOUT=s per run (default 1200)"
	@echo "                    FPGA_CONFIGS=all (or names): more than each unit's default configuration;"
	@echo "                    FPGA_CONFIGS=synth (or CONFIG=synth:<row>): make synth's rows, one top each (probe)"
	@echo "  make fpga-lint    Verilator -Wall of the board tops (vendor PLLs stubbed: fpga/lint/)"
	@echo "  make board-sim    build/bin/simt-board-sim: the unit server simulated on a pseudo-terminal (docs/fpga.md)"
	@echo "  make board-soak   (about 7 min) every unit 10^5 cycles on the simulated board, over the UART and at speed (make regression)"
	@echo "  make board-postimpl  (about 4 min) the server hosting POSTIMPL (warp_ctrl_area_W4) placed and routed on the iCE40UP5K,"
	@echo "                    its bitstream unpacked to Verilog (icebox_vlog) and checked 10^5 cycles (make regression)"
	@echo "  make regression-report  rebuild build/regression/report.md from the last outputs"
	@echo "  make tools        install the pinned tools (run on demand by the targets above)"
	@echo "Variables: YOSYS= SBY= VERILATOR= (use your own tools), TOOLS_DIR= (default .tools)"

# ---- lint: Verilator -Wall on every unit top at every W, Yosys read/elaborate checks ----
# Both run their jobs LINT_JOBS at a time (default: the cores). Every registry model is also
# Verilated with -Wall at its own parameters when it is built (lib/lib.mk VL_FLAGS); lint takes
# the parameter-dependent branches from one model per configuration, at its smallest width.
LINT_DIR  := build/lint
LINT_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
LINT_CFG_MODELS = $(foreach u,$(UNITS),$(foreach c,$(UNIT.$u.CONFIGS),$(foreach m,$(firstword $(filter $u_$c_W%,$(UNIT.$u.MODELS))),$(if $(VLM.$m.NETLIST),,$m))))
LINT_VL = $(VERILATOR) --lint-only -Wall --assert -Irtl/common

.PHONY: lint lint-verilator lint-yosys lint-vl-jobs lint-ys-jobs
LINT_VL_MSG = lint: verilator -Wall clean: $(foreach u,$(UNITS),$(UNIT.$u.TOPS)) x W = $(WIDTHS), and every configuration at its smallest width ($(words $(LINT_CFG_MODELS)) models)
LINT_YS_MSG = lint: yosys read/elaborate clean (-noautowire, no latches, check -assert), each unit from its own sources, every top and every configuration at its smallest width ($(words $(LINT_CFG_MODELS)) configurations)
LINT_RUN = xargs -d '\n' -P $(LINT_JOBS) -I JOB sh -c 'JOB'
LINT_YS_WARN = if grep -q "Warning" $(LINT_DIR)/yosys-*.log; then grep "Warning" $(LINT_DIR)/yosys-*.log | head -20; \
	  echo "lint: yosys warnings ($(LINT_DIR)/yosys-*.log)"; exit 1; fi

# make lint runs both job lists in one pool, the Yosys scripts first (ht_stack's is the longest).
lint: lint-vl-jobs lint-ys-jobs
	@cat $(LINT_DIR)/yosys.jobs $(LINT_DIR)/verilator.jobs | $(LINT_RUN) || { echo "lint: failed"; exit 1; }
	@$(LINT_YS_WARN)
	@echo "$(LINT_VL_MSG)"
	@echo "$(LINT_YS_MSG)"
	@echo "lint: OK"

lint-verilator: lint-vl-jobs
	@$(LINT_RUN) < $(LINT_DIR)/verilator.jobs || { echo "lint: verilator failed"; exit 1; }
	@echo "$(LINT_VL_MSG)"

lint-yosys: lint-ys-jobs
	@$(LINT_RUN) < $(LINT_DIR)/yosys.jobs || { echo "lint: yosys failed"; exit 1; }
	@$(LINT_YS_WARN)
	@echo "$(LINT_YS_MSG)"

# One job a line: the command, and what to name when it fails.
lint-vl-jobs:
	@mkdir -p $(LINT_DIR)
	@{ $(foreach u,$(UNITS),for w in $(UNIT.$u.WIDTHS); do for top in $(UNIT.$u.TOPS); do \
	     echo "$(LINT_VL) -GW=$$w --top-module $$top $(UNIT.$u.RTL) || { echo 'lint: verilator failed on '$$top' W='$$w; exit 1; }"; \
	   done; done;) \
	   $(foreach m,$(LINT_CFG_MODELS),echo "$(LINT_VL) $(VLM.$m.GPARAMS) --top-module $(VLM.$m.TOP) $(UNIT.$(VLM.$m.UNIT).RTL) || { echo 'lint: verilator failed on model $m'; exit 1; }";) } \
	  > $(LINT_DIR)/verilator.jobs

# Yosys: read with -noautowire (an implicit wire is an error), elaborate every top, reject
# latches, undriven or multiply-driven nets ('check -assert'); then every registry configuration
# at its smallest width with its own parameters (LINT_CFG_MODELS: the parameter-dependent
# branches, e.g. arb_pipe's cut comparator levels, which the default parameters do not reach).
# The tops are elaborated at the unit's smallest width (Verilator lints every width above; at
# W = 32 ht_stack alone took 61 s of Yosys). One script and one Yosys a unit.
lint-ys-jobs: | $(YOSYS_STAMP)
	@mkdir -p $(LINT_DIR)
	@rm -f $(LINT_DIR)/yosys-*.ys $(LINT_DIR)/yosys-*.log
	@$(foreach u,$(UNITS),{ echo "read_verilog -sv -noautowire $(UNIT.$u.RTL)"; \
	   for top in $(UNIT.$u.TOPS); do \
	     echo "design -save base"; echo "chparam -set W $(firstword $(UNIT.$u.WIDTHS)) $$top"; \
	     echo "hierarchy -check -top $$top"; echo "proc"; \
	     echo "flatten"; echo "check -assert -noinit"; echo "select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr"; \
	     echo "design -load base"; done; \
	   $(foreach m,$(filter $(UNIT.$u.MODELS),$(LINT_CFG_MODELS)),echo "design -load base"; \
	     echo "chparam $(VLM.$m.CHPARAM) $(VLM.$m.TOP)"; echo "hierarchy -check -top $(VLM.$m.TOP)"; echo "proc"; \
	     echo "flatten"; echo "check -assert -noinit"; echo "select -assert-none t:\$$dlatch t:\$$adlatch t:\$$dlatchsr";) } \
	  > $(LINT_DIR)/yosys-$u.ys;)
	@for u in ht_stack $(filter-out ht_stack,$(UNITS)); do f=$(LINT_DIR)/yosys-$$u; \
	  echo "$(YOSYS) -q -l $$f.log $$f.ys >/dev/null 2>&1 || { grep -E 'ERROR|Warning' $$f.log | head -20; echo 'lint: yosys failed ($$f.log)'; exit 1; }"; \
	  done > $(LINT_DIR)/yosys.jobs

# ---- tests ----
SEED ?= 1
.PHONY: test
NPROC := $(shell nproc 2>/dev/null || echo 2)
test:
	@mkdir -p build && date +%s > build/.test-t0
	@tools/bootstrap.sh pkgconfig
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck build/bin/simt-board-sim equiv-prep docs-prep
	@TEST_T0=$$(cat build/.test-t0) tb/scripts/run_tests.sh "$(TEST_LISTS)" $(SEED)

# The tests too slow for make test's budget (tb/tests-long.txt; a step of make regression).
.PHONY: test-long
test-long:
	@tools/bootstrap.sh pkgconfig
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck build/bin/simt-board-sim equiv-prep
	@TEST_LOGDIR=build/test-long tb/scripts/run_tests.sh tb/tests-long.txt $(SEED)

# ---- soak and throughput (docs/verification.md "Soak", "Throughput") ----
.PHONY: soak bench
soak:
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck
	@tb/scripts/soak.sh

# the coverage gates over fresh seeds at the soak's minimum run (tb/scripts/cov_seeds.py; make test runs its quick form)
COV_SEEDS ?= 20
COV_JOBS ?= $(NPROC)
.PHONY: cov-seeds
cov-seeds:
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck
	@SIMTCHECK=build/bin/simtcheck python3 tb/scripts/cov_seeds.py $(COV_SEEDS) --jobs $(COV_JOBS) \
	  $(if $(COV_UNITS),--units "$(COV_UNITS)") $(if $(COV_MODELS),--models '$(COV_MODELS)')

BENCH_BEFORE ?=
bench:
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck
	@tools/bench.sh $(if $(BENCH_BEFORE),$(BENCH_BEFORE) build/bin/simtcheck,build/bin/simtcheck)

# ---- the main job and the full regression (tools/main_job.py) ----
# make all: every unit's default configuration at W = 32 (UNIT= CONFIG= W= narrow it), steps on
# all cores, build/report.md. make regression: every long target in turn, build/regression/.
ALL_JOBS ?= $(NPROC)
.PHONY: all main-tools regression regression-plan regression-report
all:
	@$(PYTHON) tools/main_job.py $(foreach u,$(UNIT),--unit $u) $(if $(CONFIG),--config $(CONFIG)) \
	  $(if $(W),--w $(W)) --seed $(SEED) --jobs $(ALL_JOBS)
main-tools: | $(YOSYS_STAMP) $(YICES_STAMP) $(ABC_STAMP)
	@tools/bootstrap.sh pkgconfig
regression:
	@$(PYTHON) tools/main_job.py --regression --seed $(SEED) --jobs $(ALL_JOBS)
regression-plan:
	@$(PYTHON) tools/main_job.py --regression --dry-run
regression-report:
	@tools/report.sh build/regression
