# lib/lib.mk: the product's C library. One Verilated model per configuration of the registry
# (build/gen/registry.mk: VL_MODELS, VLM.<model>.*), each with its C shim
# (lib/shim/vl_<unit>_shim.cpp), the Verilator runtime, the lookup table (lib/simt_vl.c,
# build/gen/vl_models.c) and the C models: build/lib/libsimt.a and build/lib/libsimt.so.
VL_DIR      := build/vl
VL_INC      := $(shell $(VERILATOR) --getenv VERILATOR_ROOT 2>/dev/null)/include
VL_FLAGS    := --cc --trace-fst -O3 --x-assign fast --x-initial fast -Wall
VL_GL_FLAGS := --cc --trace-fst -O3 -Wno-fatal -Wno-lint -Wno-style
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

# A model's Verilator parameters and shim macros, rewritten only when they change (so that a
# registry edit re-verilates only the models it touches).
define vl_model_rules
$(VL_DIR)/$1/config.txt: FORCE
	@mkdir -p $$(@D)
	@echo '$(VLM.$1.TOP) $(VLM.$1.GPARAMS) | $(VLM.$1.DEFS) | $(VLM.$1.NETLIST)' > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm -f $$@.tmp || mv $$@.tmp $$@
$(VL_DIR)/$1/model.a: $(if $(VLM.$1.NETLIST),build/synth/netlist/$1.v,$(UNIT.$(VLM.$1.UNIT).RTL)) $(VL_DIR)/$1/config.txt
	@echo "  VERILATE $1"
	@rm -rf $$(@D)/obj && mkdir -p $$(@D)/obj
	@$(VERILATOR) $(if $(VLM.$1.NETLIST),$(VL_GL_FLAGS) --top-module $(VLM.$1.TOP)_gl,$(VL_FLAGS) \
	  $(VLM.$1.GPARAMS) --top-module $(VLM.$1.TOP)) --prefix V$1 -Mdir $$(@D)/obj $$(filter %.v %.sv,$$^)
	@$$(MAKE) -s -C $$(@D)/obj -f V$1.mk V$1__ALL.a OPT_FAST=-O1 VM_PARALLEL_BUILDS=0 \
	  CXXFLAGS="-fPIC" >/dev/null
	@cp $$(@D)/obj/V$1__ALL.a $$@
# The width of every port of the Verilated model, which the shim checks at compile time
# (VL_PORT_WIDTH, lib/shim/vl_ports.h).
$(VL_DIR)/$1/ports.h: $(VL_DIR)/$1/model.a tools/vl_port_widths.py
	@$(PYTHON) tools/vl_port_widths.py $$(@D)/obj/V$1.h $$@
$(VL_DIR)/$1/V$1_shim.o: lib/shim/vl_$(VLM.$1.UNIT)_shim.cpp lib/vl_$(VLM.$1.UNIT).h lib/shim/vl_ports.h \
  lib/vl_model.h cmodel/simt_$(VLM.$1.UNIT).h $(VL_DIR)/$1/model.a $(VL_DIR)/$1/ports.h $(VL_DIR)/$1/config.txt
	@$(CXX) $(SHIM_CXXFLAGS) -isystem $$(@D)/obj -iquote $$(@D) -DVL_MODEL=V$1 $(VLM.$1.DEFS) -c $$< -o $$@
endef
$(foreach m,$(VL_MODELS),$(eval $(call vl_model_rules,$m)))
MODEL_OBJS := $(foreach m,$(VL_MODELS),$(VL_DIR)/$m/V$m_shim.o $(VL_DIR)/$m/model.a)

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
LIB_C_OBJS := $(patsubst %.c,build/obj/%.o,$(CMODEL_SRC) lib/simt_vl.c $(REGISTRY_GEN)/vl_models.c)
$(LIB_C_OBJS): $(wildcard cmodel/*.h lib/*.h)
