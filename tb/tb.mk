# tb/tb.mk: the verification side. build/bin/simtcheck links the driver core (tb/core), every
# unit's driver folder (tb/units/<unit>/, from the registry), the shared stimulus libraries
# (tb/stim) and the product's library objects (lib/lib.mk): the same models a C user links.
TB_CFLAGS := -Itb/core -Itb/stim $(foreach u,$(UNITS),-Itb/units/$u)
TB_SRC    := $(sort $(wildcard tb/core/*.c tb/stim/*.c)) \
             $(foreach u,$(UNITS),$(filter-out %_selftest.c,$(sort $(wildcard tb/units/$u/*.c))))
TB_OBJS   := $(patsubst %.c,build/obj/%.o,$(TB_SRC) $(REGISTRY_GEN)/sc_units.c)
$(TB_OBJS): CFLAGS_EXTRA := $(TB_CFLAGS)
$(TB_OBJS): $(wildcard tb/core/*.h tb/stim/*.h tb/units/*/*.h cmodel/*.h lib/*.h)

build/bin/simtcheck: $(TB_OBJS) $(LIB_C_OBJS) $(MODEL_OBJS) $(VL_DIR)/runtime/libvlrt.a
	@mkdir -p $(@D)
	@echo "  LINK     $@ ($(words $(VL_MODELS)) models)"
	@$(CXX) -o $@ $(TB_OBJS) $(LIB_C_OBJS) $(MODEL_OBJS) $(VL_DIR)/runtime/libvlrt.a -lz -lpthread

.PHONY: simtcheck
simtcheck: build/bin/simtcheck

# The test lists make test runs: the general one, then every unit's.
TEST_LISTS := tb/tests.txt $(foreach u,$(UNITS),tb/units/$u/tests.txt)

# A unit's own make rules, if it has any (e.g. a self-test binary): tb/units/<unit>/<unit>.mk.
-include $(foreach u,$(UNITS),$(wildcard tb/units/$u/$u.mk))
