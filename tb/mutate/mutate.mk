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

# The environment mutate.py reads for model $1 (a registry model).
mut_env = MUT_UNIT=$(VLM.$1.UNIT) MUT_TOP=$(VLM.$1.TOP) MUT_CHPARAM="$(VLM.$1.CHPARAM)" MUT_DEFS="$(VLM.$1.DEFS)" \
  MUT_RTL="$(UNIT.$(VLM.$1.UNIT).RTL)" MUT_YOSYS="$(YOSYS)" MUT_SBY="$(SBY)" MUT_TOOLPATH="$(VENV)/bin" MUT_VERILATOR="$(VERILATOR)" \
  MUT_VL_FLAGS="$(VL_GL_FLAGS)" MUT_CXX="$(CXX)" MUT_CC="$(CC)" MUT_SHIM_CXXFLAGS="$(SHIM_CXXFLAGS)" \
  MUT_CFLAGS="$(CFLAGS_C) $(TB_CFLAGS)" MUT_LINK_OBJS="$(MUT_LINK_OBJS)" MUT_VL_RT="$(VL_RT)" \
  MUT_LIBS="$(LIB_PRIVATE)" $(MUT_PCH_ENV) MUTANTS="$(MUTANTS)" MUTATE_SEED="$(MUTATE_SEED)" MUTATE_JOBS="$(MUTATE_JOBS)" MUTATE_DIR="$(MUTATE_DIR)"

.PHONY: mutate mutate-check
mutate: $(MUT_LINK_OBJS) $(VL_RT) $(REGISTRY_GEN)/vl_models.c $(VL_PCH_MODEL) $(VL_PCH_SHIM) | $(YOSYS_STAMP) $(YICES_STAMP)
	@$(foreach m,$(MUTATE_MODELS),$(if $(VLM.$m.UNIT),,$(error mutate: MUTATE_MODELS: no model '$m' (simtcheck UNIT --list))))
	@mkdir -p $(MUTATE_DIR) && rm -f $(MUTATE_DIR)/*/result.json
	@rc=0; $(foreach m,$(MUTATE_MODELS),\
	  $(call mut_env,$m) $(PYTHON) tb/mutate/mutate.py model $m || rc=1;) \
	  MUTATE_DIR="$(MUTATE_DIR)" $(PYTHON) tb/mutate/mutate.py summary || rc=1; exit $$rc

# make mutate-check MUTATE_MODELS=warp_ctrl_area_W4 MUTATE_IDS="58 2": the equivalence proofs of
# checks 2 to 4 (state matched, constant, step) alone, on the given mutants of one model, without simulation
# (MUTATE_PROOF=state, const or step: that check alone).
MUTATE_IDS ?=
mutate-check: | $(YOSYS_STAMP)
	@$(if $(filter 1,$(words $(MUTATE_MODELS))),,$(error mutate-check: name one model, MUTATE_MODELS=...))
	@$(if $(VLM.$(MUTATE_MODELS).UNIT),,$(error mutate-check: MUTATE_MODELS: no model '$(MUTATE_MODELS)' (simtcheck UNIT --list)))
	@$(if $(strip $(MUTATE_IDS)),,$(error mutate-check: give the mutants, MUTATE_IDS="k ..."))
	@$(call mut_env,$(MUTATE_MODELS)) MUTATE_PROOF="$(MUTATE_PROOF)" $(PYTHON) tb/mutate/mutate.py check $(MUTATE_MODELS) $(MUTATE_IDS)
