# SPDX-License-Identifier: Apache-2.0
# synth/synth.mk: Yosys area (NAND2-eq) and logic-depth sweep, and the gate-level netlist of
# the arbiter cross-check wrapper. Included by the top Makefile after tools/tools.mk and
# tools/registry.mk. Method and caveats: synth/README.md.
#
#   make synth            every configuration below, in parallel (SYNTH_JOBS, default 2;
#                         SYNTH_WIDTHS="4 8" or SYNTH_UNITS="arb st_rt" for a subset;
#                         SYNTH_BIG=1 adds the ST/RT tables at W = 64 with ABC's default
#                         script, which does not finish in reasonable time):
#                         build/synth/<cfg>/{run.ys,yosys.log,result.json},
#                         build/synth/area.csv and build/synth/area.md; fails if a row is FAIL
#   make synth-netlist    the gate-level netlists of the registry's netlist models
#                         (build/synth/netlist/<model>.v, e.g. arb_netlist_W32.v), linted
#   make synth-clean      remove build/synth
#
# Configurations: the [[synth]] sets of every unit descriptor (units/<unit>.toml), expanded by
# tools/registry.py into build/gen/registry.mk as $(call synth_add,...) lines. Name:
# TOP[-TAG][-i<IMPL>][-p<POLICY>]-w<W>, e.g. simt_arb_mem-i0-p0-w32, simt_rmask_sb-paper-w32.
# All paths are relative: YoWASP Yosys only opens files below the current directory.

SYNTH_DIR        := build/synth
SYNTH_JOBS       ?= 2
PYTHON           ?= python3
SYNTH_CONFIGS    := $(SYNTH_DIR)/configs.txt

SYNTH_BIG ?=

# $(call synth_cfg_rules,NAME,TOP,IMPL,POLICY,TAG,W,PARAMS,SOURCES,CHPARAM,ABCFLAGS)
define synth_cfg_rules
SYNTH_CFGS += $1
# run.ys is regenerated on every run (synth-force) and rewritten only when its text changes: a
# new RTL file (the source lists are wildcards) or parameter set must reach the script.
$(SYNTH_DIR)/$1/run.ys: synth/cfg.ys.in synth-force
	@mkdir -p $$(@D)
	@sed -e 's|@CFG@|$1|g' -e 's|@TOP@|$2|g' -e 's|@DIR@|$$(@D)|g' \
	  -e 's|@SOURCES@|$(strip $8)|g' -e 's|@PARAMS@|$9|g' \
	  -e 's|@ABCFLAGS@|$(if $(10),$(10) )|g' \
	  $$< > $$@.tmp && { cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@; }
$(SYNTH_DIR)/$1/result.json: $(SYNTH_DIR)/$1/run.ys $8 synth/synth.py \
  | $(SYNTH_CONFIGS) $(YOSYS_STAMP)
	@$(PYTHON) synth/synth.py run --yosys '$(YOSYS)' --dir $$(@D) --configs $(SYNTH_CONFIGS) \
	  --unit $2 --impl '$3' --policy '$4' --tag '$5' --w $6 --params '$(strip $7)'
endef

# The rows, from the registry (build/gen/registry.mk); SYNTH_WIDTHS="4 8" and SYNTH_UNITS="arb"
# (registry unit names) narrow the sweep.
SYNTH_WIDTHS ?=
SYNTH_UNITS  ?=
SYNTH_CFGS :=
synth_keep = $(and $(if $(SYNTH_WIDTHS),$(filter $1,$(SYNTH_WIDTHS)),1),$(if $(SYNTH_UNITS),$(filter $2,$(SYNTH_UNITS)),1))
synth_add = $(if $(call synth_keep,$6,$(UNIT_OF.$2)),$(eval $(call synth_cfg_rules,$1,$2,$3,$4,$5,$6,$7,$8,$9,$(10))))
$(eval $(SYNTH_ROWS))
SYNTH_RESULTS := $(SYNTH_CFGS:%=$(SYNTH_DIR)/%/result.json)

.PHONY: synth synth-all synth-force synth-netlist synth-clean
synth-force:

# Parallel by default: a sub-make with -j$(SYNTH_JOBS), unless this make already runs under a
# jobserver (make -jN synth), whose slots the sub-make then shares. The first Yosys call
# warms the YoWASP JIT cache once instead of in every parallel job.
synth: | $(YOSYS_STAMP)
	@$(YOSYS) -V > /dev/null
	@$(MAKE) --no-print-directory $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(SYNTH_JOBS)) \
	  synth-all
	@$(PYTHON) synth/report.py check --csv $(SYNTH_DIR)/area.csv

synth-all: $(SYNTH_DIR)/area.csv $(SYNTH_DIR)/area.md

# The list of configurations, rewritten only when it changes (progress counter, reports).
$(SYNTH_CONFIGS): synth-force
	@mkdir -p $(@D)
	@printf '%s\n' $(SYNTH_CFGS) > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(SYNTH_DIR)/area.csv: $(SYNTH_RESULTS) $(SYNTH_CONFIGS) synth/report.py synth/synth.py $(REGISTRY_GEN)/registry.json
	@$(PYTHON) synth/report.py report --configs $(SYNTH_CONFIGS) --csv $@ --md $(SYNTH_DIR)/area.md \
	  --registry $(REGISTRY_GEN)/registry.json
$(SYNTH_DIR)/area.md: $(SYNTH_DIR)/area.csv

# Gate-level netlists: every Verilated model of the registry whose configuration says
# netlist = true (units/*.toml) is built from build/synth/netlist/<model>.v: the model's top
# with the model's parameters, the same gate mapping as above with each of the unit's other
# tops mapped on its own and then flattened (mapped together, ABC's fraiging would prove the
# arbiters' area and delay forms equivalent and merge them), top renamed <top>_gl, then
# linted by Verilator. 'make synth-netlist' builds them all.
NETLIST_MODELS := $(foreach m,$(VL_MODELS),$(if $(VLM.$m.NETLIST),$m))
synth-netlist: $(NETLIST_MODELS:%=$(SYNTH_DIR)/netlist/%.v)

define synth_netlist_rules
# The script is rewritten only when its text changes (so editing this file re-runs nothing).
$(SYNTH_DIR)/netlist/$1.ys: synth/netlist.ys.in synth-force
	@mkdir -p $$(@D)
	@sed -e 's|@TOP@|$(VLM.$1.TOP)|g' -e 's|@GLTOP@|$(VLM.$1.TOP)_gl|g' -e 's|@DIR@|$$(@D)|g' \
	  -e 's|@BASE@|$1|g' -e 's|@OUT@|$$(@D)/$1.tmp.v|g' -e 's|@SOURCES@|$(strip $(UNIT.$(VLM.$1.UNIT).RTL))|g' \
	  -e 's|@PARAMS@|$(VLM.$1.CHPARAM)|g' \
	  -e 's|@KEEP@|$(foreach t,$(filter-out $(VLM.$1.TOP),$(UNIT.$(VLM.$1.UNIT).TOPS)),*$t*)|g' \
	  $$< > $$@.tmp && { cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@; }
$(SYNTH_DIR)/netlist/$1.v: $(SYNTH_DIR)/netlist/$1.ys $(UNIT.$(VLM.$1.UNIT).RTL) | $(YOSYS_STAMP)
	@echo "synth-netlist: $1: Yosys (log $$(@D)/$1.log)"
	@rm -f $$(@D)/$1.tmp.v
	@$(YOSYS) -q -l $$(@D)/$1.log -s $$(@D)/$1.ys > $$(@D)/$1.out 2>&1 \
	  || { grep -m3 'ERROR' $$(@D)/$1.log; echo "synth-netlist: Yosys failed"; exit 1; }
	@$(PYTHON) synth/synth.py netlist-gate --log $$(@D)/$1.log
	@$(VERILATOR) --lint-only -Wno-fatal --top-module $(VLM.$1.TOP)_gl $$(@D)/$1.tmp.v \
	  > $$(@D)/$1.lint.log 2>&1 \
	  || { head -20 $$(@D)/$1.lint.log; echo "synth-netlist: Verilator lint failed"; exit 1; }
	@mv $$(@D)/$1.tmp.v $$@
	@cells=$$$$(sed -n 's/^ *Number of cells: *//p' $$(@D)/$1.stat.txt | head -1); \
	  warns=$$$$(grep -c '^%Warning' $$(@D)/$1.lint.log); \
	  echo "synth-netlist: $$@ ($$$$cells cells; Verilator lint: $$$$warns warning(s))"
endef
$(foreach m,$(NETLIST_MODELS),$(eval $(call synth_netlist_rules,$m)))
.PRECIOUS: $(NETLIST_MODELS:%=$(SYNTH_DIR)/netlist/%.ys)

synth-clean:
	rm -rf $(SYNTH_DIR)

# make synth-one UNIT=... W=... P='NAME=VALUE ...': one configuration of the user's choice.
include synth/synth_one.mk
# make synth-lib-sweep: every unit's area-delay points on a standard-cell library.
include synth/lib_sweep.mk
