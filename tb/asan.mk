# SPDX-License-Identifier: Apache-2.0
# tb/asan.mk: make test-asan. simtcheck rebuilt under build/asan/ with AddressSanitizer and
# UndefinedBehaviorSanitizer on everything the project compiles itself or links from source: the
# C models, the library's C (lookup, board link), the driver core and unit drivers, every model's
# C++ shim and the Verilator runtime. The Verilated models' own generated code (model.a) is
# linked as built for make test: it is Verilator's output, and instrumenting it would re-compile
# every model (docs/verification.md, "Sanitizers").
#
# The suite is make test's lists without the tests that run make (they rebuild the normal
# tree); run_tests.sh finds build/asan/bin/simtcheck first on PATH (TEST_BIN) and the other
# programs (the board simulation, self-tests) in build/bin. Any sanitizer report fails the
# target, whatever the test expected (a report in a test that expects an error still counts).
ASAN_DIR   := build/asan
ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g
ASAN_CFLAGS   := $(filter-out -O2,$(CFLAGS_C)) -O1 $(ASAN_FLAGS)
ASAN_CXXFLAGS := $(filter-out -O1,$(SHIM_CXXFLAGS)) -O1 $(ASAN_FLAGS)
# halt_on_error: the first report ends the run with status 86, which no test expects.
ASAN_ENV   := ASAN_OPTIONS=halt_on_error=1:exitcode=86:detect_leaks=1:abort_on_error=0 \
              UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1 \
              LSAN_OPTIONS=exitcode=86

ASAN_C_OBJS := $(patsubst build/obj/%,$(ASAN_DIR)/obj/%,$(LIB_C_OBJS) $(TB_OBJS))
$(ASAN_DIR)/obj/%.o: %.c $(wildcard cmodel/*.h lib/*.h tb/core/*.h tb/stim/*.h tb/units/*/*.h)
	@mkdir -p $(@D)
	@$(CC) $(ASAN_CFLAGS) $(TB_CFLAGS) -c $< -o $@

# Every model's shim, and the board drivers' (the same rules as lib/lib.mk, other flags).
define asan_shim_rules
$(ASAN_DIR)/vl/$1/$2$1_shim.o: lib/shim/vl_$(VLM.$1.UNIT)_shim.cpp lib/vl_$(VLM.$1.UNIT).h lib/shim/vl_ports.h \
  lib/shim/vl_board.h lib/vl_model.h cmodel/simt_$(VLM.$1.UNIT).h $(VL_DIR)/$1/$2$1_shim.o
	@mkdir -p $$(@D)
	@$(CXX) $(ASAN_CXXFLAGS) -isystem $(VL_DIR)/$1/obj -iquote $(VL_DIR)/$1 -DVL_MODEL=$2$1 $(VLM.$1.DEFS) -c $$< -o $$@
endef
$(foreach m,$(VL_MODELS),$(eval $(call asan_shim_rules,$m,V)))
$(foreach m,$(BOARD_MODELS),$(eval $(call asan_shim_rules,$m,B)))
ASAN_SHIMS := $(foreach m,$(VL_MODELS),$(ASAN_DIR)/vl/$m/V$m_shim.o) \
              $(foreach m,$(BOARD_MODELS),$(ASAN_DIR)/vl/$m/B$m_shim.o)

# GTKWave's FST writer (verilated_fst_c.cpp includes gtkwave/fstapi.c) stores 32-bit words at
# unaligned addresses on purpose on x86 (FST_DO_MISALIGNED_OPS, set by its own source) and
# shifts negative alias numbers left (fstapi.c: '(int64_t)(int32_t)alias << 1'): those two UBSan
# checks are off for that one file; everything else in it stays checked.
ASAN_FST_FLAGS := -fno-sanitize=alignment,shift-base
$(ASAN_DIR)/runtime/libvlrt.a: tb/asan.mk
	@mkdir -p $(@D)
	@echo "  CXX      Verilator runtime (ASan, UBSan)"
	@for f in verilated verilated_fst_c verilated_threads; do \
	  $(CXX) $(filter-out -O1 -w,$(VL_CXXFLAGS)) -O1 -w $(ASAN_FLAGS) \
	    $$([ $$f = verilated_fst_c ] && echo $(ASAN_FST_FLAGS)) -DVM_TRACE_FST=1 \
	    -c $(VL_INC)/$$f.cpp -o $(@D)/$$f.o || exit 1; done
	@ar rcs $@ $(@D)/*.o

$(ASAN_DIR)/bin/simtcheck: $(ASAN_C_OBJS) $(ASAN_SHIMS) $(ASAN_DIR)/runtime/libvlrt.a \
  $(foreach m,$(VL_MODELS),$(VL_DIR)/$m/model.a)
	@mkdir -p $(@D)
	@echo "  LINK     $@ (ASan, UBSan; $(words $(VL_MODELS)) models)"
	@$(CXX) $(ASAN_FLAGS) -o $@ $(ASAN_C_OBJS) $(ASAN_SHIMS) -Wl,--start-group \
	  $(foreach m,$(VL_MODELS),$(VL_DIR)/$m/model.a) $(ASAN_DIR)/runtime/libvlrt.a -Wl,--end-group -lz -lpthread -lm

# make test's lists without the tests that run make.
$(ASAN_DIR)/tests.txt: $(TEST_LISTS)
	@mkdir -p $(@D)
	@cat $(TEST_LISTS) | grep -v '^[[:space:]]*\(#\|$$\)' | \
	  awk -F'|' '{c=$$0; sub(/^[^|]*\|[^|]*\|/, "", c); if (c !~ /(^|[^[:alnum:]_-])make[[:space:]]/) print}' > $@

.PHONY: test-asan
test-asan:
	@tools/bootstrap.sh pkgconfig
	@$(MAKE) --no-print-directory -j$(NPROC) build/bin/simtcheck build/bin/simt-board-sim $(ASAN_DIR)/bin/simtcheck \
	  $(ASAN_DIR)/tests.txt
	@rm -rf build/test-asan
	@$(ASAN_ENV) TEST_BIN=$(ASAN_DIR)/bin TEST_LOGDIR=build/test-asan tb/scripts/run_tests.sh $(ASAN_DIR)/tests.txt $(SEED); \
	  rc=$$?; n=$$(grep -lE 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: (Address|Undefined)' build/test-asan/*.log | wc -l); \
	  echo "test-asan: $$n test logs with a sanitizer report (build/test-asan/)"; \
	  [ $$rc -eq 0 ] && [ $$n -eq 0 ]
