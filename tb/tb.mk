# SPDX-License-Identifier: Apache-2.0
# tb/tb.mk: the verification side. build/bin/simtcheck links the driver core (tb/core), every
# unit's driver folder (tb/units/<unit>/, from the registry), the shared stimulus libraries
# (tb/stim) and the product's static library build/lib/libsimt.a (lib/lib.mk), with cc and
# the libraries simt.pc lists for it (Libs.private): the same models, linked as a C user does.
TB_CFLAGS := -Itb/core -Itb/stim $(foreach u,$(UNITS),-Itb/units/$u)
TB_SRC    := $(sort $(wildcard tb/core/*.c tb/stim/*.c)) \
             $(foreach u,$(UNITS),$(filter-out %_selftest.c,$(sort $(wildcard tb/units/$u/*.c))))
TB_OBJS   := $(patsubst %.c,build/obj/%.o,$(TB_SRC) $(REGISTRY_GEN)/sc_units.c)
$(TB_OBJS): CFLAGS_EXTRA := $(TB_CFLAGS)
$(TB_OBJS): $(wildcard tb/core/*.h tb/stim/*.h tb/units/*/*.h cmodel/*.h lib/*.h)

$(SIMT_BIN)/simtcheck: $(TB_OBJS) $(LIB_A)
	@mkdir -p $(@D)
	@echo "  LINK     $@ ($(words $(VL_MODELS)) models, $(LIB_A))"
	@$(CC) -o $@ $(TB_OBJS) $(LIB_A) $(LIB_PRIVATE)

.PHONY: simtcheck
simtcheck: $(SIMT_BIN)/simtcheck

# The test lists make test runs: the general one, every unit on the simulated board (from the
# registry: docs/fpga.md), every unit's own, then the documentation (its check and tutorials).
TEST_LISTS := $(REGISTRY_GEN)/equiv_tests.txt tb/tests.txt $(REGISTRY_GEN)/board_tests.txt $(foreach u,$(UNITS),tb/units/$u/tests.txt) tb/docs/tests.txt

# A unit's own make rules, if it has any (e.g. a self-test binary): tb/units/<unit>/<unit>.mk.
-include $(foreach u,$(UNITS),$(wildcard tb/units/$u/$u.mk))
include tb/board/board.mk
include tb/asan.mk
