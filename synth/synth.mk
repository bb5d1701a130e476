# synth/synth.mk: Yosys area (NAND2-eq) and logic-depth sweep, and the gate-level netlist of
# the arbiter cross-check wrapper. Included by the top Makefile after tools/tools.mk and
# rtl/rtl.mk. Method and caveats: synth/README.md.
#
#   make synth            every configuration below, in parallel (SYNTH_JOBS, default 2;
#                         SYNTH_BIG=1 adds the ST/RT tables at W = 64 with ABC's default
#                         script, which does not finish in reasonable time):
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

# Parameter sets: the parameters of a configuration besides W, IMPL and the policy parameter,
# as NAME=VALUE words. Called with W as $1, so a set may depend on W.
synth_set.arb  = PC_W=$(SYNTH_PC_W) SP_W=$(SYNTH_ARB_SP_W) OFF_W=$(SYNTH_OFF_W)
synth_set.warp = PC_W=$(SYNTH_PC_W) SP_W=$(SYNTH_WARP_SP_W) OFF_W=$(SYNTH_OFF_W)
# Scoreboards (issue 4): the datasheet defaults, and ElTantawy et al. 2014's GTX480 setting
# (48 warps x 8 entries, W = 32; the I-buffer holds one split per warp: NIB = 48). The nib1
# variants keep a single I-buffer slot, to separate the scoreboard table from the I-buffer
# (synth/README.md, "Scoreboards").
synth_set.sb        = NW=4 NE=8 REG_W=6 NIB=8 NSRC=2
synth_set.sb-nib1   = NW=4 NE=8 REG_W=6 NIB=1 NSRC=2
synth_set.sb-paper  = NW=48 NE=8 REG_W=6 NIB=48 NSRC=2
synth_set.sb-paper-nib1 = NW=48 NE=8 REG_W=6 NIB=1 NSRC=2
SYNTH_SB_PAPER_W ?= 32
# ABC's default script did not finish in 45 minutes on the R-mask unit at the paper's size
# (267,000 gates); 'abc -fast' maps it in 3. Configurations whose tag starts with 'fast' or
# 'paper' are mapped with -fast; the tag 'fast' repeats the default scoreboard set at W = 32
# that way, to show what -fast changes (synth/README.md, "Scoreboards").
synth_abcflags = $(if $(filter fast% paper%,$1),-fast )
synth_set.sb-fast   = NW=4 NE=8 REG_W=6 NIB=8 NSRC=2
SYNTH_SB_FAST_W ?= 32
SYNTH_SB_PAPER_TAGS ?= paper paper-nib1
# The ST/RT tables at W = 64 (NST = NRT = 64) meet the same limit (ABC's default script had not
# finished after 45 minutes): they are mapped with -fast (tag 'fast'), beside a 'fast'
# calibration row at W = 32. SYNTH_BIG=1 also tries W = 64 with the default script.
SYNTH_BIG ?=
SYNTH_STRT_WIDTHS ?= $(if $(filter-out 0,$(SYNTH_BIG)),$(SYNTH_WIDTHS),$(filter-out 64,$(SYNTH_WIDTHS)))
SYNTH_STRT_FAST_WIDTHS ?= 32 64
synth_set.strt-fast = $(synth_set.strt)
# ST/RT tables (issue 3): NST = NRT = W, and at W = SYNTH_STRT_SMALL_W the same without OREC
# (noorec), and smaller tables: NST = 2, NRT = 8 (the Dual-Path Stack's two paths, "dps", as
# simtcheck strt --impl 2), NST = 4 / NRT = 4 (st4), NST = 8 / NRT = 8 (st8), NST = 16 / NRT = 16 (st16).
synth_set.strt        = PC_W=$(SYNTH_PC_W) NST=$1 NRT=$1 OREC=1
synth_set.strt-noorec = PC_W=$(SYNTH_PC_W) NST=$1 NRT=$1 OREC=0
synth_set.strt-dps    = PC_W=$(SYNTH_PC_W) NST=2 NRT=8 OREC=1
synth_set.strt-st4    = PC_W=$(SYNTH_PC_W) NST=4 NRT=4 OREC=1
synth_set.strt-st8    = PC_W=$(SYNTH_PC_W) NST=8 NRT=8 OREC=1
synth_set.strt-st16   = PC_W=$(SYNTH_PC_W) NST=16 NRT=16 OREC=1
SYNTH_STRT_TAGS ?= noorec dps st4 st8 st16
SYNTH_STRT_SMALL_W ?= 32

# Configuration name: UNIT[-<TAG>][-i<IMPL>][-p<POLICY>]-w<W>, e.g. simt_arb_mem-i0-p0-w32,
# simt_rmask_sb-paper-w32. TAG names a parameter set other than the unit's default one.
synth_name   = $1$(if $4,-$4)$(if $2,-i$2)$(if $3,-p$3)-w$5
# chparam arguments: $(call synth_params,UNIT,IMPL,POLICY,W,PARAMS)
synth_params = $(strip -set W $4 $(foreach p,$5,-set $(subst =, ,$p)) $(if $2,-set IMPL $2) $(if \
               $3,-set $(synth_polparam.$1) $3))
synth_pols   = $(if $(synth_polparam.$1),1 0,_)
synth_impls  = $(if $(synth_noimpl.$1.$2),_,0 1)

# $(call synth_cfg_rules,CFG,UNIT,IMPL,POLICY,TAG,W,PARAMS,SOURCES)
define synth_cfg_rules
SYNTH_CFGS += $1
# run.ys is regenerated on every run (synth-force) and rewritten only when its text changes: a
# new RTL file (the source lists are wildcards) or parameter set must reach the script.
$(SYNTH_DIR)/$1/run.ys: synth/cfg.ys.in synth-force
	@mkdir -p $$(@D)
	@sed -e 's|@CFG@|$1|g' -e 's|@TOP@|$2|g' -e 's|@DIR@|$$(@D)|g' \
	  -e 's|@SOURCES@|$(strip $8)|g' -e 's|@PARAMS@|$(call synth_params,$2,$3,$4,$6,$7)|g' \
	  -e 's|@ABCFLAGS@|$(call synth_abcflags,$5)|g' \
	  $$< > $$@.tmp && { cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@; }
$(SYNTH_DIR)/$1/result.json: $(SYNTH_DIR)/$1/run.ys $8 synth/synth.py \
  | $(SYNTH_CONFIGS) $(YOSYS_STAMP)
	@$(PYTHON) synth/synth.py run --yosys '$(YOSYS)' --dir $$(@D) --configs $(SYNTH_CONFIGS) \
	  --unit $2 --impl '$3' --policy '$4' --tag '$5' --w $6 --params '$(strip $7)'
endef

# Same arguments: the unit's RTL file is not there (yet). Re-checked on every run.
define synth_cfg_missing
SYNTH_CFGS += $1
$(SYNTH_DIR)/$1/result.json: synth-force | $(SYNTH_CONFIGS)
	@$(PYTHON) synth/synth.py missing --dir $$(@D) --configs $(SYNTH_CONFIGS) \
	  --unit $2 --impl '$3' --policy '$4' --tag '$5' --w $6 --params '$(strip $7)' \
	  --reason 'no $2.sv in rtl/ yet'
endef

# $(call synth_add,UNIT,IMPL,POLICY,TAG,W,PARAMS,SOURCES)
synth_add = $(eval $(call $(if $(filter %/$1.sv,$7),synth_cfg_rules,synth_cfg_missing),$(call \
              synth_name,$1,$2,$3,$4,$5),$1,$2,$3,$4,$5,$6,$7))

SYNTH_CFGS :=
$(foreach w,$(SYNTH_WIDTHS),$(foreach u,$(ARB_TOPS),$(foreach p,$(call synth_pols,$u),\
  $(foreach i,$(call synth_impls,$u,$p),\
    $(call synth_add,$u,$(i:_=),$(p:_=),,$w,$(call synth_set.arb,$w),$(RTL_COMMON) $(RTL_ARB))))))
$(foreach w,$(SYNTH_WIDTHS),$(foreach u,$(WARP_TOPS),$(foreach i,0 1,\
  $(call synth_add,$u,$i,,,$w,$(call synth_set.warp,$w),$(RTL_COMMON) $(RTL_ARB) $(RTL_WARP)))))
# The scoreboards instantiate no rtl/common module: they read rtl/sb only, so that an edit of a
# common primitive does not re-run them (the paper configuration is the slowest run of the
# sweep). Should they ever use one, 'hierarchy -check' fails the row and names the module.
$(foreach t,_ nib1,$(foreach w,$(SYNTH_WIDTHS),$(foreach u,$(SB_TOPS),\
  $(call synth_add,$u,,,$(t:_=),$w,$(call synth_set.sb$(if $(t:_=),-$t),$w),$(RTL_SB)))))
$(foreach u,$(SB_TOPS),\
  $(call synth_add,$u,,,fast,$(SYNTH_SB_FAST_W),$(call synth_set.sb-fast,$(SYNTH_SB_FAST_W)),$(RTL_SB)))
$(foreach t,$(SYNTH_SB_PAPER_TAGS),$(foreach u,$(SB_TOPS),\
  $(call synth_add,$u,,,$t,$(SYNTH_SB_PAPER_W),$(call synth_set.sb-$t,$(SYNTH_SB_PAPER_W)),$(RTL_SB))))
# simt_st_rt is named here, not by STRT_TOPS (empty until its RTL exists): 'missing' rows till then.
$(foreach w,$(SYNTH_STRT_WIDTHS),\
  $(call synth_add,simt_st_rt,,,,$w,$(call synth_set.strt,$w),$(RTL_COMMON) $(RTL_STRT)))
$(foreach w,$(SYNTH_STRT_FAST_WIDTHS),\
  $(call synth_add,simt_st_rt,,,fast,$w,$(call synth_set.strt-fast,$w),$(RTL_COMMON) $(RTL_STRT)))
$(foreach t,$(SYNTH_STRT_TAGS),\
  $(call synth_add,simt_st_rt,,,$t,$(SYNTH_STRT_SMALL_W),$(call synth_set.strt-$t,$(SYNTH_STRT_SMALL_W)),$(RTL_COMMON) $(RTL_STRT)))
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
