# synth/synth.mk: Yosys area (NAND2-eq) and logic-depth sweep, and the gate-level netlist of
# the arbiter cross-check wrapper. Included by the top Makefile after tools/tools.mk and
# rtl/rtl.mk. Method and caveats: synth/README.md.
#
#   make synth            every configuration below, in parallel (SYNTH_JOBS, default 2):
#                         build/synth/<cfg>/{run.ys,yosys.log,result.json},
#                         build/synth/area.csv and build/synth/area.md; fails if a row is FAIL
#   make synth-netlist    build/synth/netlist/arb_top_gl_W32.v (SYNTH_NETLIST_WIDTHS), linted
#   make build/synth/netlist/arb_top_gl_W8.v   the same for any W
#   make synth-clean      remove build/synth
#
# Configurations: every arbiter top in ARB_TOPS x IMPL {0,1} x W in SYNTH_WIDTHS with
# PC_W = 32, SP_W = 0, OFF_W = 7 (Brunie & Collange 2013 Table 5); the memory policy
# (simt_arb_mem POLICY, simt_arb_combined MEM_POLICY) swept over {1,0}, where simt_arb_mem
# with POLICY = 1 has no IMPL variant (one row, impl empty). Every warp top in WARP_TOPS x
# IMPL {0,1} x W with SP_W = 8; a 'missing' row while its RTL file does not exist.
# All paths are relative: YoWASP Yosys only opens files below the current directory.

SYNTH_DIR        := build/synth
SYNTH_WIDTHS     ?= $(WIDTHS)
SYNTH_PC_W       ?= 32
SYNTH_OFF_W      ?= 7
SYNTH_ARB_SP_W   ?= 0
SYNTH_WARP_SP_W  ?= 8
SYNTH_JOBS       ?= 2
PYTHON           ?= python3
SYNTH_CONFIGS    := $(SYNTH_DIR)/configs.txt

# The parameter that selects the memory policy, per unit, and the (unit, policy) pairs for
# which IMPL makes no difference (so only one row is synthesised).
synth_polparam.simt_arb_mem      := POLICY
synth_polparam.simt_arb_combined := MEM_POLICY
synth_noimpl.simt_arb_mem.1      := 1

# Configuration name: UNIT[-i<IMPL>][-p<POLICY>]-w<W>, e.g. simt_arb_mem-i0-p0-w32.
synth_name   = $1$(if $2,-i$2)$(if $3,-p$3)-w$4
# chparam arguments: $(call synth_params,UNIT,IMPL,POLICY,W,SP_W)
synth_params = -set W $4 -set PC_W $(SYNTH_PC_W) -set SP_W $5 -set OFF_W $(SYNTH_OFF_W)$(if \
               $2, -set IMPL $2)$(if $3, -set $(synth_polparam.$1) $3)
synth_pols   = $(if $(synth_polparam.$1),1 0,_)
synth_impls  = $(if $(synth_noimpl.$1.$2),_,0 1)

# $(call synth_cfg_rules,CFG,UNIT,IMPL,POLICY,W,SP_W,SOURCES)
define synth_cfg_rules
SYNTH_CFGS += $1
$(SYNTH_DIR)/$1/run.ys: synth/cfg.ys.in synth/synth.mk
	@mkdir -p $$(@D)
	@sed -e 's|@CFG@|$1|g' -e 's|@TOP@|$2|g' -e 's|@DIR@|$$(@D)|g' \
	  -e 's|@SOURCES@|$(strip $7)|g' -e 's|@PARAMS@|$(call synth_params,$2,$3,$4,$5,$6)|g' \
	  $$< > $$@.tmp && { cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@; }
$(SYNTH_DIR)/$1/result.json: $(SYNTH_DIR)/$1/run.ys $7 synth/synth.py \
  | $(SYNTH_CONFIGS) $(YOSYS_STAMP)
	@$(PYTHON) synth/synth.py run --yosys '$(YOSYS)' --dir $$(@D) --configs $(SYNTH_CONFIGS) \
	  --unit $2 --impl '$3' --policy '$4' --w $5 --pc-w $(SYNTH_PC_W) --sp-w $6
endef

# Same arguments: the unit's RTL file is not there (yet). Re-checked on every run.
define synth_cfg_missing
SYNTH_CFGS += $1
$(SYNTH_DIR)/$1/result.json: synth-force | $(SYNTH_CONFIGS)
	@$(PYTHON) synth/synth.py missing --dir $$(@D) --configs $(SYNTH_CONFIGS) \
	  --unit $2 --impl '$3' --policy '$4' --w $5 --pc-w $(SYNTH_PC_W) --sp-w $6 \
	  --reason 'no $2.sv in rtl/ yet'
endef

# $(call synth_add,UNIT,IMPL,POLICY,W,SP_W,SOURCES)
synth_add = $(eval $(call $(if $(filter %/$1.sv,$6),synth_cfg_rules,synth_cfg_missing),$(call \
              synth_name,$1,$2,$3,$4),$1,$2,$3,$4,$5,$6))

SYNTH_CFGS :=
$(foreach w,$(SYNTH_WIDTHS),$(foreach u,$(ARB_TOPS),$(foreach p,$(call synth_pols,$u),\
  $(foreach i,$(call synth_impls,$u,$p),\
    $(call synth_add,$u,$(i:_=),$(p:_=),$w,$(SYNTH_ARB_SP_W),$(RTL_COMMON) $(RTL_ARB))))))
$(foreach w,$(SYNTH_WIDTHS),$(foreach u,$(WARP_TOPS),$(foreach i,0 1,\
  $(call synth_add,$u,$i,,$w,$(SYNTH_WARP_SP_W),$(RTL_ALL)))))
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

$(SYNTH_DIR)/area.csv: $(SYNTH_RESULTS) $(SYNTH_CONFIGS) synth/report.py synth/synth.py
	@$(PYTHON) synth/report.py report --configs $(SYNTH_CONFIGS) --csv $@ --md $(SYNTH_DIR)/area.md
$(SYNTH_DIR)/area.md: $(SYNTH_DIR)/area.csv

# Gate-level netlist of the Verilator cross-check wrapper (all arbiter operators, shared
# inputs), same gate mapping as above (each operator mapped on its own, then flattened), top
# renamed simt_arb_top_gl, then linted by Verilator.
# Only W is set: the other parameters keep the wrapper's defaults so the ports match the
# RTL model; add more with SYNTH_NETLIST_PARAMS='-set SP_W 0'.
SYNTH_ARB_TB_TOP     ?= tb/hdl/simt_arb_top.sv
SYNTH_NETLIST_WIDTHS ?= 32
SYNTH_NETLIST_PARAMS ?=

synth-netlist: $(SYNTH_NETLIST_WIDTHS:%=$(SYNTH_DIR)/netlist/arb_top_gl_W%.v)

# The script is rewritten only when its text changes (so editing this file re-runs nothing).
$(SYNTH_DIR)/netlist/arb_top_gl_W%.ys: synth/netlist.ys.in synth/synth.mk
	@mkdir -p $(@D)
	@sed -e 's|@TOP@|simt_arb_top|g' -e 's|@GLTOP@|simt_arb_top_gl|g' -e 's|@W@|$*|g' \
	  -e 's|@DIR@|$(@D)|g' -e 's|@BASE@|arb_top_gl_W$*|g' -e 's|@OUT@|$(@D)/arb_top_gl_W$*.tmp.v|g' \
	  -e 's|@SOURCES@|$(strip $(RTL_COMMON) $(RTL_ARB) $(SYNTH_ARB_TB_TOP))|g' \
	  -e 's|@PARAMS@|-set W $* $(SYNTH_NETLIST_PARAMS)|g' \
	  $< > $@.tmp && { cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }
.PRECIOUS: $(SYNTH_DIR)/netlist/arb_top_gl_W%.ys

$(SYNTH_DIR)/netlist/arb_top_gl_W%.v: $(SYNTH_DIR)/netlist/arb_top_gl_W%.ys $(SYNTH_ARB_TB_TOP) \
  $(RTL_COMMON) $(RTL_ARB) | $(YOSYS_STAMP)
	@echo "synth-netlist: W=$*: Yosys (log $(@D)/arb_top_gl_W$*.log)"
	@rm -f $(@D)/arb_top_gl_W$*.tmp.v
	@$(YOSYS) -q -l $(@D)/arb_top_gl_W$*.log -s $(@D)/arb_top_gl_W$*.ys \
	  > $(@D)/arb_top_gl_W$*.out 2>&1 \
	  || { grep -m3 'ERROR' $(@D)/arb_top_gl_W$*.log; echo "synth-netlist: Yosys failed"; exit 1; }
	@$(PYTHON) synth/synth.py netlist-gate --log $(@D)/arb_top_gl_W$*.log
	@$(VERILATOR) --lint-only -Wno-fatal --top-module simt_arb_top_gl \
	  $(@D)/arb_top_gl_W$*.tmp.v > $(@D)/arb_top_gl_W$*.lint.log 2>&1 \
	  || { head -20 $(@D)/arb_top_gl_W$*.lint.log; echo "synth-netlist: Verilator lint failed"; exit 1; }
	@mv $(@D)/arb_top_gl_W$*.tmp.v $@
	@cells=$$(sed -n 's/^ *Number of cells: *//p' $(@D)/arb_top_gl_W$*.stat.txt | head -1); \
	  warns=$$(grep -c '^%Warning' $(@D)/arb_top_gl_W$*.lint.log); \
	  echo "synth-netlist: $@ ($$cells cells; Verilator lint: $$warns warning(s))"

synth-clean:
	rm -rf $(SYNTH_DIR)
