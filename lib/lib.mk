# SPDX-License-Identifier: Apache-2.0
# lib/lib.mk: the product's C library. One Verilated model per configuration of the registry
# (build/gen/registry.mk: VL_MODELS, VLM.<model>.*), each with its C shim
# (lib/shim/vl_<unit>_shim.cpp), the Verilator runtime, the lookup table (lib/simt_vl.c,
# build/gen/vl_models.c) and the C models: build/lib/libsimt.a and build/lib/libsimt.so.
VL_DIR      := build/vl
VL_INC      := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
# --output-split-cfuncs / -ctrace: Verilator writes no C++ function of more than VL_SPLIT
# operations (the evaluation's and the waveform's; Verilator's default is --output-split's
# 20,000). g++'s time grows faster than a function's size, so the models build in about 30 %
# less time and write the same waveforms (docs/main_job.md, "Verilator's functions split").
# Most run as fast or faster; the models of VL_SPLIT_KEEP (registry: a unit's vl_split = false,
# rmask_sb and st_rt, 4 to 6 % slower split at W = 32) keep Verilator's default.
VL_SPLIT    := 1000
VL_SPLIT_FLAGS := --output-split-cfuncs $(VL_SPLIT) --output-split-ctrace $(VL_SPLIT)
vl_split_flags = $(if $(filter $(VL_SPLIT_KEEP),$1),,$(VL_SPLIT_FLAGS))
VL_FLAGS    := --cc --trace-fst -O3 --x-assign fast --x-initial unique --assert -Irtl/common -Wall
VL_GL_FLAGS := --cc --trace-fst -O3 --x-initial unique $(VL_SPLIT_FLAGS) -Wno-fatal -Wno-lint -Wno-style -Wno-UNOPTFLAT
# The C++ optimisation of the Verilated code (verilated.mk's OPT_FAST; one __ALL.cpp per model),
# chosen per model: -O1, and -O2 for the models of VL_OPT_FAST_WIDE_MODELS (registry: a
# configuration's vl_o2_widths), where it was measured to pay: ht_stack at W = 64 runs 1.8 to 2.5 times faster (most of a soak's time),
# warp_ctrl at W = 64 1.4 times (about 10 s more compiling per model), and ht_stack's wa form at
# W = 32 (make test's slowest model) compiles in 8.8 s instead of 5.4 s. Elsewhere
# -O2 gains little at W = 32 (within the noise for arb, warp_ctrl, st_rt, rmask_sb; ht_stack
# +5 to 24 %) and compiles up to 2.2 times slower (arb W = 64 70 s against 32 s, ht_stack par
# W = 32 59 s against 30 s). In each model's config.txt, so
# a change rebuilds only the models it moves.
VL_OPT_FAST            := -O1
VL_OPT_FAST_WIDE       := -O2
vl_opt_fast = $(if $(filter $1,$(VL_OPT_FAST_WIDE_MODELS)),$(VL_OPT_FAST_WIDE),$(VL_OPT_FAST))
# Verilator's own runtime and generated code: its warnings are not ours (-w). C++17, as the
# Verilated models (verilated.mk leaves the compiler's default, gnu++17 for g++ 12): one
# standard, so aligned new and delete match (ASan new-delete-type-mismatch otherwise).
VL_STD      := -std=gnu++17
VL_CXXFLAGS := $(VL_STD) -O1 -fPIC -I$(VL_INC) -I$(VL_INC)/vltstd -w
# The project's own C++ (the shims): every warning is an error; Verilator's headers are
# system headers.
SHIM_CXXFLAGS := $(VL_STD) -O1 -fPIC -Wall -Wextra -Werror -isystem $(VL_INC) -isystem $(VL_INC)/vltstd \
                 -Icmodel -Ilib -Ilib/shim
CFLAGS_C    := -std=c11 -O2 -Wall -Wextra -Werror -fPIC -Icmodel -Ilib

CXX         ?= g++
CC          ?= gcc

# Precompiled Verilator headers (lib/shim/vl_pch.h: verilated.h and verilated_fst_c.h, about
# 0.8 s of parsing in each of the ~250 C++ units of the build: every model's __ALL.cpp and every
# shim; docs/main_job.md, "Precompiled Verilator headers"). Two copies, one per set of flags: the
# models' (verilated.mk's flags for a model at VL_OPT_FAST, Verilator 5.006) and the shims'
# (SHIM_CXXFLAGS). GCC refuses a .gch whose -fpic or tested macros differ from the compile's and
# parses the header instead (-Winvalid-pch names it; make vl-pch-check fails), but it does not
# check -O: a .gch made at -O1 crashed g++ 12 in an -O2 compile (docs/tool_notes.md), so the -O2
# models of VL_OPT_FAST_WIDE_MODELS take none. The objects are byte for byte those of a build
# without (checked for every model). VL_PCH=0 builds without them, as does a
# compiler other than GCC (its --version names no Free Software Foundation).
ifndef VL_PCH
VL_PCH          := $(if $(findstring Free Software Foundation,$(shell $(CXX) --version 2>/dev/null)),1,0)
endif
VL_PCH_DIR      := $(VL_DIR)/pch
VL_MK_CXXFLAGS  := -fPIC -I$(VL_INC) -I$(VL_INC)/vltstd -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 \
                   -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -faligned-new -fcf-protection=none
ifeq ($(VL_PCH),1)
VL_PCH_MODEL    := $(VL_PCH_DIR)/model/vl_pch.h.gch
VL_PCH_SHIM     := $(VL_PCH_DIR)/shim/vl_pch.h.gch
# -include must name the header, not the .gch; absolute, as the models compile in their obj/.
VL_PCH_MODEL_USE := -include $(abspath $(VL_PCH_DIR))/model/vl_pch.h -Winvalid-pch
vl_pch_use       = $(if $(filter $(VL_OPT_FAST),$(call vl_opt_fast,$1)),$(VL_PCH_MODEL_USE))
SHIM_PCH_USE    := -include $(abspath $(VL_PCH_DIR))/shim/vl_pch.h -Winvalid-pch -Wno-error=invalid-pch
endif
# What make mutate and make equiv pass to their replay builds (tb/mutate/mutate.py): the models'
# header is for compiles at VL_OPT_FAST only (the equivalence replays compile at -O0: none).
MUT_PCH_ENV = MUT_PCH_MODEL="$(VL_PCH_MODEL_USE)" MUT_PCH_OPT="$(VL_OPT_FAST)" MUT_SHIM_PCH="$(SHIM_PCH_USE)"
$(VL_PCH_DIR)/model/flags.txt $(VL_PCH_DIR)/shim/flags.txt: FORCE
	@mkdir -p $(@D)
	@echo '$(CXX) | $(if $(findstring /model/,$@),$(VL_MK_CXXFLAGS) $(VL_OPT_FAST),$(SHIM_CXXFLAGS))' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
$(VL_PCH_DIR)/model/vl_pch.h.gch: lib/shim/vl_pch.h $(VL_PCH_DIR)/model/flags.txt
	@echo "  PCH      $@ (the models' Verilator headers)"
	@cp $< $(@D)/vl_pch.h
	@$(CXX) $(VL_MK_CXXFLAGS) $(VL_OPT_FAST) -x c++-header $(@D)/vl_pch.h -o $@
$(VL_PCH_DIR)/shim/vl_pch.h.gch: lib/shim/vl_pch.h $(VL_PCH_DIR)/shim/flags.txt
	@echo "  PCH      $@ (the shims' Verilator headers)"
	@cp $< $(@D)/vl_pch.h
	@$(CXX) $(SHIM_CXXFLAGS) -x c++-header $(@D)/vl_pch.h -o $@

# VL_XFLAGS.<model>: extra Verilator options for one model of the RTL, for experiments
# (make build/bin/simtcheck VL_XFLAGS.arb_rtl_W32=-fno-dfg rebuilds that model alone; compare
# with make bench BENCH_BEFORE=, docs/verification.md, "Throughput"). Empty by default.
# A model's Verilator parameters, shim macros and flags, rewritten only when they change (so
# that a registry edit re-verilates only the models it touches). --x-initial unique: the
# power-up state comes from the context (simt_vl_power_up: zeros by default, or random).
define vl_model_rules
$(VL_DIR)/$1/config.txt: FORCE
	@mkdir -p $$(@D)
	@echo '$(VLM.$1.TOP) $(VLM.$1.GPARAMS) | $(VLM.$1.DEFS) | $(VLM.$1.NETLIST) | $(strip $(VL_FLAGS) $(call vl_split_flags,$1) $(VL_XFLAGS.$1)) | $(VL_GL_FLAGS) | $(call vl_opt_fast,$1)' > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@
$(VL_DIR)/$1/model.a: $(if $(VLM.$1.NETLIST),build/synth/netlist/$1.v,$(UNIT.$(VLM.$1.UNIT).RTL) $(UNIT.$(VLM.$1.UNIT).HDRS)) \
  $(VL_DIR)/$1/config.txt tools/vl_ico_skip.py $(if $(call vl_pch_use,$1),$(VL_PCH_MODEL))
	@echo "  VERILATE $1"
	@rm -rf $$(@D)/obj && mkdir -p $$(@D)/obj
	@$(VERILATOR) $(if $(VLM.$1.NETLIST),$(VL_GL_FLAGS) --top-module $(VLM.$1.TOP)_gl,$(VL_FLAGS) $(call vl_split_flags,$1) $(VL_XFLAGS.$1) \
	  $(VLM.$1.GPARAMS) --top-module $(VLM.$1.TOP)) --prefix V$1 -Mdir $$(@D)/obj $$(filter %.v %.sv,$$^)
	@$(PYTHON) tools/vl_ico_skip.py $$(@D)/obj V$1
	@$$(MAKE) -s -C $$(@D)/obj -f V$1.mk V$1__ALL.a OPT_FAST=$(call vl_opt_fast,$1) VM_PARALLEL_BUILDS=0 \
	  CXXFLAGS="-fPIC $(call vl_pch_use,$1)" >/dev/null
	@cp $$(@D)/obj/V$1__ALL.a $$@
# The width of every port of the Verilated model, which the shim checks at compile time
# (VL_PORT_WIDTH, lib/shim/vl_ports.h), and, for a model whose clock edge skips its input
# logic (tools/vl_ico_skip.py, run on the generated C++ above), the marker VlHarness::edge sets.
$(VL_DIR)/$1/ports.h: $(VL_DIR)/$1/model.a tools/vl_port_widths.py tools/vl_ico_skip.py
	@$(PYTHON) tools/vl_port_widths.py $$(@D)/obj/V$1.h $$@.tmp
	@$(PYTHON) tools/vl_ico_skip.py --header $$(@D)/obj V$1 >> $$@.tmp && mv $$@.tmp $$@
$(VL_DIR)/$1/V$1_shim.o: lib/shim/vl_$(VLM.$1.UNIT)_shim.cpp lib/vl_$(VLM.$1.UNIT).h lib/shim/vl_ports.h \
  lib/vl_model.h cmodel/simt_$(VLM.$1.UNIT).h $(VL_DIR)/$1/model.a $(VL_DIR)/$1/ports.h $(VL_DIR)/$1/config.txt \
  $(VL_PCH_SHIM)
	@$(CXX) $(SHIM_CXXFLAGS) $(SHIM_PCH_USE) -isystem $$(@D)/obj -iquote $$(@D) -DVL_MODEL=V$1 $(VLM.$1.DEFS) -c $$< -o $$@
endef
$(foreach m,$(VL_MODELS),$(eval $(call vl_model_rules,$m)))

# Board drivers (docs/fpga.md): the same shim compiled against B<model>, the Verilated model
# whose eval() talks to the unit server (tools/board_gen.py --proxy, lib/shim/vl_board.h), for
# the configurations of each unit's [board] (registry: BOARD_MODELS).
define board_model_rules
$(VL_DIR)/$1/B$1.h: $(VL_DIR)/$1/model.a tools/board_gen.py tools/vl_port_widths.py
	@$(PYTHON) tools/board_gen.py --proxy $1 $$@
$(VL_DIR)/$1/B$1_shim.o: lib/shim/vl_$(VLM.$1.UNIT)_shim.cpp lib/vl_$(VLM.$1.UNIT).h lib/shim/vl_ports.h \
  lib/shim/vl_board.h lib/simt_board.h lib/vl_model.h cmodel/simt_$(VLM.$1.UNIT).h $(VL_DIR)/$1/B$1.h \
  $(VL_DIR)/$1/ports.h $(VL_DIR)/$1/config.txt $(VL_PCH_SHIM)
	@$(CXX) $(SHIM_CXXFLAGS) $(SHIM_PCH_USE) -isystem $$(@D)/obj -iquote $$(@D) -DVL_MODEL=B$1 $(VLM.$1.DEFS) -c $$< -o $$@
endef
$(foreach m,$(BOARD_MODELS),$(eval $(call board_model_rules,$m)))
MODEL_OBJS := $(foreach m,$(VL_MODELS),$(VL_DIR)/$m/V$m_shim.o $(VL_DIR)/$m/model.a) \
              $(foreach m,$(BOARD_MODELS),$(VL_DIR)/$m/B$m_shim.o)

# Verilator runtime, compiled once.
$(VL_DIR)/runtime/libvlrt.a:
	@mkdir -p $(@D)
	@for f in verilated verilated_fst_c verilated_threads; do \
	  $(CXX) $(VL_CXXFLAGS) -DVM_TRACE_FST=1 -c $(VL_INC)/$$f.cpp -o $(@D)/$$f.o || exit 1; done
	@ar rcs $@ $(@D)/*.o

build/obj/%.o: %.c
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) $(CFLAGS_EXTRA) -c $< -o $@

CMODEL_SRC := $(sort $(wildcard cmodel/*.c))
LIB_C_OBJS := $(patsubst %.c,build/obj/%.o,$(CMODEL_SRC) lib/simt_vl.c $(MODELS_GEN)/vl_models.c \
                lib/simt_board.c $(MODELS_GEN)/board_models.c)
$(LIB_C_OBJS): $(wildcard cmodel/*.h lib/*.h)

# ---- the library: build/lib/libsimt.a, libsimt.so, include/simt/ (docs/c_library.md) ----
LIB_DIR     := $(SIMT_OUT)/lib
LIB_A       := $(LIB_DIR)/libsimt.a
LIB_SONAME  := libsimt.so.0
LIB_SO      := $(LIB_DIR)/libsimt.so
VL_RT       := $(VL_DIR)/runtime/libvlrt.a
# What a program linking libsimt.a needs besides (simt.pc Libs.private; simtcheck links so).
LIB_PRIVATE := -lstdc++ -lz -lpthread -lm
SIMT_VERSION := 0.1.0
# The public headers, pure C: the lookup, the model life cycle, each unit's C view of its
# Verilated models and its C golden model. Staged under build/lib/include/simt/ as installed.
LIB_HEADERS := lib/simt_vl.h lib/simt_board.h lib/vl_model.h $(foreach u,$(UNITS),lib/vl_$u.h cmodel/simt_$u.h)
LIB_INC     := $(LIB_DIR)/include/simt
LIB_INC_HEADERS := $(addprefix $(LIB_INC)/,$(notdir $(LIB_HEADERS)))
HDR_CFLAGS  := -std=c11 -Wall -Wextra -Werror -pedantic

.PHONY: lib
lib: $(LIB_A) $(LIB_SO) $(LIB_DIR)/headers.ok

# make vl-pch-check (a test): the compiles of one model's __ALL.cpp (verilated.mk's own command,
# printed by make -n) and of its shim take the precompiled headers (g++ -H prints '!' before a
# .gch it uses), so a change of flags on either side that makes GCC refuse them is a failing
# test, not a build that is silently slower. The objects are thrown away; nothing is rebuilt.
VL_PCH_CHECK := arb_rtl_W4
.PHONY: vl-pch-check
vl-pch-check: $(VL_DIR)/$(VL_PCH_CHECK)/V$(VL_PCH_CHECK)_shim.o
ifeq ($(VL_PCH),1)
	@m=$(VL_PCH_CHECK); o=$(VL_DIR)/$$m/obj; \
	cmd=$$($(MAKE) -s -n -B -C $$o -f V$$m.mk V$${m}__ALL.o OPT_FAST=$(call vl_opt_fast,$(VL_PCH_CHECK)) \
	  VM_PARALLEL_BUILDS=0 CXXFLAGS="-fPIC $(call vl_pch_use,$(VL_PCH_CHECK))" | grep -e ' -c ' | sed 's/ -o [^ ]*/ -o \/dev\/null/'); \
	[ -n "$$cmd" ] || { echo "vl-pch-check: no compile command for V$${m}__ALL.cpp from verilated.mk"; exit 1; }; \
	first=$$(cd $$o && eval "$$cmd -H" 2>&1 | head -n 1); \
	case "$$first" in '! '*vl_pch.h.gch) ;; *) echo "vl-pch-check: the model's compile did not use $(VL_PCH_MODEL): $$first"; exit 1;; esac; \
	first=$$($(CXX) $(SHIM_CXXFLAGS) $(SHIM_PCH_USE) -isystem $$o -iquote $(VL_DIR)/$$m -DVL_MODEL=V$$m $(VLM.$(VL_PCH_CHECK).DEFS) \
	  -H -c lib/shim/vl_$(VLM.$(VL_PCH_CHECK).UNIT)_shim.cpp -o /dev/null 2>&1 | head -n 1); \
	case "$$first" in '! '*vl_pch.h.gch) ;; *) echo "vl-pch-check: the shim's compile did not use $(VL_PCH_SHIM): $$first"; exit 1;; esac; \
	echo "vl-pch-check: V$${m}__ALL.cpp and its shim compile with the precompiled Verilator headers"
else
	@echo "vl-pch-check: VL_PCH=0, nothing to check"
endif

# One static archive: the C objects, every model's Verilated archive and shim, the Verilator
# runtime (an ar MRI script merges the archives; member names are unique).
$(LIB_A): $(LIB_C_OBJS) $(MODEL_OBJS) $(VL_RT)
	@mkdir -p $(@D)
	@echo "  AR       $@ ($(words $(VL_MODELS)) models)"
	@rm -f $@.tmp
	@{ echo "create $@.tmp"; for f in $(filter %.a,$^); do echo "addlib $$f"; done; \
	   for f in $(filter %.o,$^); do echo "addmod $$f"; done; echo "save"; echo "end"; } > $(LIB_DIR)/libsimt.mri
	@ar -M < $(LIB_DIR)/libsimt.mri && ranlib $@.tmp && mv $@.tmp $@

# The shared library carries its C++ runtime dependency (g++ -shared: libstdc++, libz NEEDED),
# so a C program links it with cc alone. Only the C API (simt_*) is exported (lib/libsimt.map):
# Verilator's runtime and the models' C++ stay inside and cannot clash with a user's own.
$(LIB_DIR)/$(LIB_SONAME): $(LIB_A) lib/libsimt.map
	@echo "  LINK     $@"
	@$(CXX) -shared -o $@ -Wl,-soname,$(LIB_SONAME) -Wl,--version-script=lib/libsimt.map -Wl,-z,defs \
	  -Wl,--whole-archive $(LIB_A) -Wl,--no-whole-archive -lz -lpthread
$(LIB_SO): $(LIB_DIR)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $@

$(LIB_INC)/%.h: lib/%.h
	@mkdir -p $(@D) && cp $< $@
$(LIB_INC)/%.h: cmodel/%.h
	@mkdir -p $(@D) && cp $< $@

# Every public header compiles as C11 with -pedantic on its own (self-contained) and all together.
$(LIB_DIR)/headers.ok: $(LIB_INC_HEADERS)
	@for h in $(notdir $(LIB_INC_HEADERS)) ""; do \
	  { if [ -n "$$h" ]; then echo "#include \"$$h\""; else printf '#include "%s"\n' $(notdir $(LIB_INC_HEADERS)); fi; \
	    echo "int simt_header_check_;"; } | \
	  $(CC) $(HDR_CFLAGS) -I$(LIB_INC) -fsyntax-only -x c - || { echo "lib: header $${h:-(all)} is not clean C11"; exit 1; }; done
	@echo "  HEADERS  $(words $(LIB_INC_HEADERS)) public headers: C11 -Wall -Wextra -Werror -pedantic clean"
	@touch $@

# ---- install: make install PREFIX=... (default /usr/local; DESTDIR honoured) ----
# simt.pc gets an rpath to the install's lib/ (SIMT_RPATH=0 leaves it out, e.g. for a system
# prefix where ld.so finds the library anyway): cc prog.c $(pkg-config --cflags --libs simt)
# then runs without LD_LIBRARY_PATH.
PREFIX     ?= /usr/local
DESTDIR    ?=
SIMT_RPATH ?= 1
INST_PREFIX = $(abspath $(PREFIX))
INST_LIB    = $(DESTDIR)$(INST_PREFIX)/lib
INST_INC    = $(DESTDIR)$(INST_PREFIX)/include/simt
comma      := ,

.PHONY: install
install: lib lib/simt.pc.in
	@echo "  INSTALL  $(DESTDIR)$(INST_PREFIX): lib/libsimt.{a,so}, include/simt/ ($(words $(LIB_INC_HEADERS)) headers), lib/pkgconfig/simt.pc"
	@install -d $(INST_LIB)/pkgconfig $(INST_INC)
	@install -m 644 $(LIB_A) $(INST_LIB)/libsimt.a
	@install -m 755 $(LIB_DIR)/$(LIB_SONAME) $(INST_LIB)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $(INST_LIB)/libsimt.so
	@install -m 644 $(LIB_INC_HEADERS) $(INST_INC)/
	@sed -e 's|@PREFIX@|$(INST_PREFIX)|g' -e 's|@VERSION@|$(SIMT_VERSION)|g' \
	  -e 's|@RPATH@|$(if $(filter-out 0,$(SIMT_RPATH)),-Wl$(comma)-rpath$(comma)$${libdir} )|g' \
	  -e 's|@LIBS_PRIVATE@|$(LIB_PRIVATE)|g' lib/simt.pc.in > $(INST_LIB)/pkgconfig/simt.pc
