# SPDX-License-Identifier: Apache-2.0
# tb/mutate/mutate.mk: make mutate, the mutation score of make test's cross-checks
# (tb/mutate/mutate.py; docs/verification.md, "Mutation"). One model per unit by default: its
# first (default configuration, smallest W). MUTATE_MODELS= names others (simtcheck UNIT --list).
MUTATE_MODELS ?= $(foreach u,$(UNITS),$(firstword $(UNIT.$u.MODELS)))
MUTANTS       ?= 100
MUTATE_SEED   ?= 1
MUTATE_JOBS   ?= $(NPROC)
MUTATE_DIR    ?= build/mutate
# What a mutant's simtcheck links besides its own model: the driver, the C models, the lookup.
MUT_LINK_OBJS := $(TB_OBJS) $(patsubst %.c,build/obj/%.o,$(CMODEL_SRC) lib/simt_vl.c lib/simt_board.c)

.PHONY: mutate
mutate: $(MUT_LINK_OBJS) $(VL_RT) $(REGISTRY_GEN)/vl_models.c | $(YOSYS_STAMP) $(YICES_STAMP)
	@$(foreach m,$(MUTATE_MODELS),$(if $(VLM.$m.UNIT),,$(error mutate: MUTATE_MODELS: no model '$m' (simtcheck UNIT --list))))
	@mkdir -p $(MUTATE_DIR) && rm -f $(MUTATE_DIR)/*/result.json
	@rc=0; $(foreach m,$(MUTATE_MODELS),\
	  MUT_UNIT=$(VLM.$m.UNIT) MUT_TOP=$(VLM.$m.TOP) MUT_CHPARAM="$(VLM.$m.CHPARAM)" MUT_DEFS="$(VLM.$m.DEFS)" \
	  MUT_RTL="$(UNIT.$(VLM.$m.UNIT).RTL)" MUT_YOSYS="$(YOSYS)" MUT_SBY="$(SBY)" MUT_TOOLPATH="$(VENV)/bin" MUT_VERILATOR="$(VERILATOR)" \
	  MUT_VL_FLAGS="$(VL_GL_FLAGS)" MUT_CXX="$(CXX)" MUT_CC="$(CC)" MUT_SHIM_CXXFLAGS="$(SHIM_CXXFLAGS)" \
	  MUT_CFLAGS="$(CFLAGS_C) $(TB_CFLAGS)" MUT_LINK_OBJS="$(MUT_LINK_OBJS)" MUT_VL_RT="$(VL_RT)" \
	  MUT_LIBS="$(LIB_PRIVATE)" MUTANTS="$(MUTANTS)" MUTATE_SEED="$(MUTATE_SEED)" MUTATE_JOBS="$(MUTATE_JOBS)" MUTATE_DIR="$(MUTATE_DIR)" \
	  $(PYTHON) tb/mutate/mutate.py model $m || rc=1;) \
	  MUTATE_DIR="$(MUTATE_DIR)" $(PYTHON) tb/mutate/mutate.py summary || rc=1; exit $$rc
