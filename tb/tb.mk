# Verilator models (one per unit configuration), the C harness, and build/bin/simtcheck.
# Every configuration is verilated with its own --prefix so all link into one binary.
VL_DIR      := build/vl
VL_INC      := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
VL_FLAGS    := --cc --trace-fst -O3 --x-assign fast --x-initial fast -Wall
VL_CXXFLAGS := -std=c++14 -O1 -I$(VL_INC) -I$(VL_INC)/vltstd -Icmodel -Itb -w
CFLAGS_C    := -std=c11 -O2 -Wall -Wextra -Werror -Icmodel -Itb
CXX         ?= g++
CC          ?= gcc

ARB_WIDTHS    ?= $(WIDTHS)
ARB_GL_WIDTHS ?= 32
WARP_WIDTHS   ?= $(WIDTHS)
WARP_IMPLS    ?= 0 1
# Scoreboards (issue 4): R-mask (sb_W<w>) and baseline (sbb_W<w>), NW=4 NE=8 REG_W=6 NIB=8 NSRC=2.
SB_WIDTHS      ?= $(WIDTHS)
SB_BASE_WIDTHS ?= 4 32
SB_NW := 4
SB_NE := 8
SB_REG_W := 6
SB_NIB := 8
SB_NSRC := 2
# ST/RT tables (issue 3), models strt_W<w>_S<nst>_R<nrt>_O<orec>, PC_W = 32: NST = NRT = W with
# OREC at every width; without OREC at W = 32 (and W = 4, for the directed tests); the DPS
# configuration (W = 32, NST = 2, NRT = 8) and small tables (W = 8, NST = 4, NRT = 3).
STRT_WIDTHS  ?= $(WIDTHS)
STRT_PC_W    := 32
STRT_CONFIGS ?= $(foreach w,$(STRT_WIDTHS),W$(w)_S$(w)_R$(w)_O1) W32_S32_R32_O0 W4_S4_R4_O0 W32_S2_R8_O1 W8_S4_R3_O1

ARB_MODELS  := $(foreach w,$(ARB_WIDTHS),arb_W$(w)) $(foreach w,$(ARB_GL_WIDTHS),arbgl_W$(w))
WARP_MODELS := $(if $(RTL_WARP),$(foreach w,$(WARP_WIDTHS),$(foreach i,$(WARP_IMPLS),warp_W$(w)_I$(i))))
SB_MODELS   := $(if $(RTL_SB),$(foreach w,$(SB_WIDTHS),sb_W$(w)) $(foreach w,$(SB_BASE_WIDTHS),sbb_W$(w)))
MODELS      := $(ARB_MODELS) $(WARP_MODELS)
MODELS      += $(SB_MODELS)
STRT_MODELS := $(if $(RTL_STRT),$(foreach c,$(STRT_CONFIGS),strt_$(c)))
MODELS      += $(STRT_MODELS)
MODEL_OBJS  := $(foreach m,$(MODELS),$(VL_DIR)/$(m)/shim.o $(VL_DIR)/$(m)/model.a)

CMODEL_SRC  := $(sort $(wildcard cmodel/*.c))
TB_SRC      := tb/simtcheck.c tb/sc_arb.c tb/sc_warp.c
TB_SRC      += tb/sc_sb.c
TB_SRC      += tb/sc_strt.c tb/strt_cfg.c tb/strt_directed.c
TB_OBJS     := $(patsubst %.c,build/obj/%.o,$(CMODEL_SRC) $(TB_SRC)) build/obj/gen/vl_models.o

wp = $(word $2,$(subst _, ,$1))
# Model name -> verilator parameters and top.
arb_params   = -GW=$(patsubst W%,%,$(call wp,$1,2))
warp_params  = -GW=$(patsubst W%,%,$(call wp,$1,2)) -GIMPL=$(patsubst I%,%,$(call wp,$1,3))

$(VL_DIR)/arb_%/model.a: $(RTL_COMMON) $(RTL_ARB) tb/hdl/simt_arb_top.sv
	@echo "  VERILATE arb_$*"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) $(VL_FLAGS) --prefix Varb_$* -Mdir $(@D) $(call arb_params,arb_$*) \
	  --top-module simt_arb_top $^
	@$(MAKE) -s -C $(@D) -f Varb_$*.mk Varb_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Varb_$*__ALL.a $@

$(VL_DIR)/arbgl_%/model.a: build/synth/netlist/arb_top_gl_%.v
	@echo "  VERILATE arbgl_$* (gate-level netlist)"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) --cc --trace-fst -O3 -Wno-fatal -Wno-lint -Wno-style --prefix Varbgl_$* -Mdir $(@D) \
	  --top-module simt_arb_top_gl $<
	@$(MAKE) -s -C $(@D) -f Varbgl_$*.mk Varbgl_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Varbgl_$*__ALL.a $@

$(VL_DIR)/warp_%/model.a: $(RTL_COMMON) $(RTL_ARB) $(RTL_WARP)
	@echo "  VERILATE warp_$*"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) $(VL_FLAGS) --prefix Vwarp_$* -Mdir $(@D) $(call warp_params,warp_$*) \
	  --top-module simt_warp_ctrl $^
	@$(MAKE) -s -C $(@D) -f Vwarp_$*.mk Vwarp_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Vwarp_$*__ALL.a $@

SB_GPARAMS = -GW=$(patsubst W%,%,$1) -GNW=$(SB_NW) -GNE=$(SB_NE) -GREG_W=$(SB_REG_W) -GNIB=$(SB_NIB) -GNSRC=$(SB_NSRC)
$(VL_DIR)/sb_%/model.a: $(RTL_COMMON) $(RTL_SB)
	@echo "  VERILATE sb_$*"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) $(VL_FLAGS) --prefix Vsb_$* -Mdir $(@D) $(call SB_GPARAMS,$*) \
	  --top-module simt_rmask_sb $^
	@$(MAKE) -s -C $(@D) -f Vsb_$*.mk Vsb_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Vsb_$*__ALL.a $@
$(VL_DIR)/sbb_%/model.a: $(RTL_COMMON) $(RTL_SB)
	@echo "  VERILATE sbb_$*"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) $(VL_FLAGS) --prefix Vsbb_$* -Mdir $(@D) $(call SB_GPARAMS,$*) \
	  --top-module simt_sb_base $^
	@$(MAKE) -s -C $(@D) -f Vsbb_$*.mk Vsbb_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Vsbb_$*__ALL.a $@

# strt_W<w>_S<nst>_R<nrt>_O<orec>: field $3 of the stem $1 without its letter $2.
strt_p = $(patsubst $2%,%,$(call wp,$1,$3))
STRT_GPARAMS = -GW=$(call strt_p,$1,W,1) -GNST=$(call strt_p,$1,S,2) -GNRT=$(call strt_p,$1,R,3) \
  -GOREC=$(call strt_p,$1,O,4) -GPC_W=$(STRT_PC_W)
$(VL_DIR)/strt_%/model.a: $(RTL_COMMON) $(RTL_STRT)
	@echo "  VERILATE strt_$*"
	@rm -rf $(@D) && mkdir -p $(@D)
	@$(VERILATOR) $(VL_FLAGS) --prefix Vstrt_$* -Mdir $(@D) $(call STRT_GPARAMS,$*) \
	  --top-module simt_st_rt $^
	@$(MAKE) -s -C $(@D) -f Vstrt_$*.mk Vstrt_$*__ALL.a OPT_FAST=-O1 >/dev/null
	@cp $(@D)/Vstrt_$*__ALL.a $@

# Shims: one object per model, parameters passed as macros.
$(VL_DIR)/arb_%/shim.o: tb/vl_arb_shim.cpp tb/vl_arb.h tb/vl_ports.h $(VL_DIR)/arb_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Varb_$* -DVL_W=$(patsubst W%,%,$*) \
	  -DVL_PC_W=32 -DVL_SP_W=8 -DVL_OFF_W=7 -DVL_NETLIST=0 -c $< -o $@
$(VL_DIR)/arbgl_%/shim.o: tb/vl_arb_shim.cpp tb/vl_arb.h tb/vl_ports.h $(VL_DIR)/arbgl_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Varbgl_$* -DVL_W=$(patsubst W%,%,$*) \
	  -DVL_PC_W=32 -DVL_SP_W=8 -DVL_OFF_W=7 -DVL_NETLIST=1 -c $< -o $@
$(VL_DIR)/warp_%/shim.o: tb/vl_warp_shim.cpp tb/vl_warp.h tb/vl_ports.h $(VL_DIR)/warp_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Vwarp_$* -DVL_W=$(patsubst W%,%,$(call wp,$*,1)) -DVL_IMPL=$(patsubst I%,%,$(call wp,$*,2)) \
	  -DVL_PC_W=32 -DVL_SP_W=8 -DVL_OFF_W=7 -c $< -o $@

SB_DEFS = -DVL_W=$(patsubst W%,%,$1) -DVL_NW=$(SB_NW) -DVL_NE=$(SB_NE) -DVL_REG_W=$(SB_REG_W) -DVL_NIB=$(SB_NIB) -DVL_NSRC=$(SB_NSRC)
$(VL_DIR)/sb_%/shim.o: tb/vl_sb_shim.cpp tb/vl_sb.h tb/vl_ports.h cmodel/simt_rmask_sb.h $(VL_DIR)/sb_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Vsb_$* $(call SB_DEFS,$*) -DVL_BASE=0 -c $< -o $@
$(VL_DIR)/sbb_%/shim.o: tb/vl_sb_shim.cpp tb/vl_sb.h tb/vl_ports.h cmodel/simt_rmask_sb.h $(VL_DIR)/sbb_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Vsbb_$* $(call SB_DEFS,$*) -DVL_BASE=1 -c $< -o $@

STRT_DEFS = -DVL_W=$(call strt_p,$1,W,1) -DVL_NST=$(call strt_p,$1,S,2) -DVL_NRT=$(call strt_p,$1,R,3) \
  -DVL_OREC=$(call strt_p,$1,O,4) -DVL_PC_W=$(STRT_PC_W)
$(VL_DIR)/strt_%/shim.o: tb/vl_strt_shim.cpp tb/vl_strt.h tb/vl_ports.h cmodel/simt_st_rt.h $(VL_DIR)/strt_%/model.a
	@$(CXX) $(VL_CXXFLAGS) -I$(@D) -DVL_MODEL=Vstrt_$* $(call STRT_DEFS,$*) -c $< -o $@

# Verilator runtime, compiled once.
$(VL_DIR)/runtime/libvlrt.a:
	@mkdir -p $(@D)
	@for f in verilated verilated_fst_c verilated_threads; do \
	  $(CXX) $(VL_CXXFLAGS) -DVM_TRACE_FST=1 -c $(VL_INC)/$$f.cpp -o $(@D)/$$f.o || exit 1; done
	@ar rcs $@ $(@D)/*.o

# Table of models linked in.
build/gen/vl_models.c: Makefile tb/tb.mk FORCE
	@mkdir -p $(@D)
	@{ echo '#include "vl_arb.h"'; echo '#include "vl_warp.h"'; echo '#include <stddef.h>'; \
	   for m in $(ARB_MODELS); do echo "extern const vl_arb_ops V$${m}_ops;"; done; \
	   echo 'const vl_arb_ops *const vl_arb_models[] = {'; \
	   for m in $(ARB_MODELS); do echo "  &V$${m}_ops,"; done; echo '  NULL };'; \
	   for m in $(WARP_MODELS); do echo "extern const vl_warp_ops V$${m}_ops;"; done; \
	   echo 'const vl_warp_ops *const vl_warp_models[] = {'; \
	   for m in $(WARP_MODELS); do echo "  &V$${m}_ops,"; done; echo '  NULL };'; \
	   echo '#include "vl_sb.h"'; \
	   for m in $(SB_MODELS); do echo "extern const vl_sb_ops V$${m}_ops;"; done; \
	   echo 'const vl_sb_ops *const vl_sb_models[] = {'; \
	   for m in $(SB_MODELS); do echo "  &V$${m}_ops,"; done; echo '  NULL };'; \
	   echo '#include "vl_strt.h"'; \
	   for m in $(STRT_MODELS); do echo "extern const vl_strt_ops V$${m}_ops;"; done; \
	   echo 'const vl_strt_ops *const vl_strt_models[] = {'; \
	   for m in $(STRT_MODELS); do echo "  &V$${m}_ops,"; done; echo '  NULL };'; \
	 } > $@.tmp && mv $@.tmp $@

build/obj/%.o: %.c
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) -c $< -o $@
build/obj/gen/vl_models.o: build/gen/vl_models.c
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) -c $< -o $@
$(TB_OBJS): $(wildcard cmodel/*.h tb/*.h)

build/bin/simtcheck: $(TB_OBJS) $(MODEL_OBJS) $(VL_DIR)/runtime/libvlrt.a
	@mkdir -p $(@D)
	@echo "  LINK     $@ ($(words $(MODELS)) models)"
	@$(CXX) -o $@ $(TB_OBJS) $(MODEL_OBJS) $(VL_DIR)/runtime/libvlrt.a -lz -lpthread

.PHONY: simtcheck
simtcheck: build/bin/simtcheck

# Standalone self-test of the ST/RT stimulus and checkers (tb/strt_cfg.c, tb/strt_directed.c)
# on the C model only, no RTL: make strt-selftest (STRT_SELFTEST_ARGS=--quick|--long|--print|--seed N).
STRT_SELFTEST_ARGS ?=
build/bin/strt_selftest: tb/strt_selftest.c tb/strt_cfg.c tb/strt_directed.c cmodel/simt_st_rt.c \
                         tb/strt_cfg.h tb/strt_directed.h cmodel/simt_st_rt.h
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) -o $@ $(filter %.c,$^)
.PHONY: strt-selftest
strt-selftest: build/bin/strt_selftest
	@build/bin/strt_selftest $(STRT_SELFTEST_ARGS)
