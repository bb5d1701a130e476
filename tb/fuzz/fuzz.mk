# SPDX-License-Identifier: Apache-2.0
# tb/fuzz/fuzz.mk: make fuzz, the trace parser's fuzz target (docs/trace_format.md, "Fuzzing").
# build/fuzz/trace_fuzz: libFuzzer with ASan and UBSan (clang: CLANG_STAMP of tools/tools.mk
# installs it when missing) on tb/fuzz/trace_fuzz.c (the harness and its generator), tb/fuzz/trace_ref.c
# (the reference acceptor, from the document) and the driver core tb/core/sc_trace.c, sc_out.c and
# simtcheck.c (its main renamed: libFuzzer has one), instrumented; the units' drivers and
# libsimt (their field tables and the registry's models) as make simtcheck builds them.
#   make fuzz [FUZZ_RUNS=1000000] [FUZZ_SEED=1] [FUZZ_TIMEOUT=10]   exactly FUZZ_RUNS executions
#   make fuzz-fixtures      every fixture of tb/fixtures/traces/ once, and with --config each configuration of
#                           its unit: parser and reference agree
FUZZ_DIR     := build/fuzz
FUZZ_BIN     := $(FUZZ_DIR)/trace_fuzz
FUZZ_CC      ?= $(CLANG)
FUZZ_RUNS    ?= 1000000
FUZZ_SEED    ?= 1
FUZZ_TIMEOUT ?= 10
FUZZ_MAX_LEN ?= 65536
FUZZ_SAN     := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS  := -std=c11 -g -O1 -Wall -Wextra -Werror $(FUZZ_SAN) -Icmodel -Ilib $(TB_CFLAGS)
FUZZ_OBJS    := $(FUZZ_DIR)/obj/trace_fuzz.o $(FUZZ_DIR)/obj/trace_ref.o $(FUZZ_DIR)/obj/sc_trace.o \
                $(FUZZ_DIR)/obj/sc_trace_hdr.o $(FUZZ_DIR)/obj/sc_trace_doc.o \
                $(FUZZ_DIR)/obj/sc_out.o $(FUZZ_DIR)/obj/simtcheck.o

$(FUZZ_DIR)/obj/%.o: tb/fuzz/%.c tb/fuzz/trace_ref.h tb/core/simtcheck.h | $(CLANG_STAMP)
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@
$(addprefix $(FUZZ_DIR)/obj/,sc_trace.o sc_trace_hdr.o sc_trace_doc.o): $(FUZZ_DIR)/obj/%.o: tb/core/%.c tb/core/simtcheck.h \
  tb/core/sc_trace_int.h | $(CLANG_STAMP)
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@
$(FUZZ_DIR)/obj/sc_out.o: tb/core/sc_out.c tb/core/simtcheck.h | $(CLANG_STAMP)
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -c $< -o $@
$(FUZZ_DIR)/obj/simtcheck.o: tb/core/simtcheck.c tb/core/simtcheck.h | $(CLANG_STAMP)
	@mkdir -p $(@D)
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -Dmain=simtcheck_main -c $< -o $@

$(FUZZ_BIN): $(FUZZ_OBJS) $(filter-out build/obj/tb/core/%,$(TB_OBJS)) $(LIB_A)
	@echo "  LINK     $@ (libFuzzer, ASan, UBSan)"
	@$(FUZZ_CC) $(FUZZ_SAN) -o $@ $^ $(LIB_PRIVATE)

.PHONY: fuzz fuzz-fixtures
# The seed corpus, new each run (so a run is reproducible from FUZZ_SEED): the fixtures and a
# recorded trace of every unit at W = 4.
fuzz: $(FUZZ_BIN) build/bin/simtcheck
	@rm -rf $(FUZZ_DIR)/corpus && mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	@cp tb/fixtures/traces/*.trace $(FUZZ_DIR)/corpus/
	@$(foreach u,$(UNITS),build/bin/simtcheck $u --lanes 4 --cycles 50 --seed 1 --quiet \
	   --record $(FUZZ_DIR)/corpus/record_$u_W4.trace >/dev/null || exit 1;)
	@tb/fuzz/run_fuzz.sh $(FUZZ_BIN) $(FUZZ_RUNS) $(FUZZ_SEED) $(FUZZ_TIMEOUT) $(FUZZ_MAX_LEN) $(FUZZ_DIR)

fuzz-fixtures: $(FUZZ_BIN)
	@set -o pipefail; FUZZ_VERBOSE=1 FUZZ_CONFIGS=all $(FUZZ_BIN) tb/fixtures/traces/*.trace >$(FUZZ_DIR)/fixtures.log 2>&1 \
	  || { grep -E '^fuzz: DISAGREEMENT|^fuzz:   |ERROR' $(FUZZ_DIR)/fixtures.log; \
	       echo "fuzz-fixtures: FAILED ($(FUZZ_DIR)/fixtures.log)"; exit 1; }
	@awk '/^Running: / { f = $$2; sub(".*/", "", f) } \
	  /^fuzz: (valid|malformed)/ && !seen[f]++ { sub("^fuzz: ", ""); printf "  %-28s %s\n", f, $$0; n++ } \
	  END { printf "fuzz-fixtures: %d fixtures (each also with --config, every configuration of its unit), parser and reference agree on each\n", n }' $(FUZZ_DIR)/fixtures.log
