# SPDX-License-Identifier: Apache-2.0
# make docs: the datasheets' generated parts (tools/docs/datasheet.py; docs/index.md): timing
# diagrams from real runs, combinational arcs from the RTL, the area plots from docs/data/area.csv
# (refreshed from build/synth/area.csv when make synth has written one), the standard-cell
# sections from docs/data/lib-sweep.json (refreshed from make synth-lib-sweep's), the random runs' table
# from make test's logs (runs without a log of seed 1 are run here), the list of datasheets.
# fst-wavedrom reads simtcheck's FST waveforms with the FST reader Verilator ships
# (include/gtkwave: fstapi, lz4, fastlz; zlib), compiled here as third-party C, without -Werror.
FST_DIR  := $(VL_INC)/gtkwave
DOCS_OBJ := build/docs/obj
FSTWD    := build/bin/fst-wavedrom
FST_LIB_OBJS := $(DOCS_OBJ)/fstapi.o $(DOCS_OBJ)/lz4.o $(DOCS_OBJ)/fastlz.o

$(DOCS_OBJ)/fstapi.o $(DOCS_OBJ)/lz4.o $(DOCS_OBJ)/fastlz.o: $(DOCS_OBJ)/%.o: $(FST_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) -O1 -w -I$(FST_DIR) -DFST_CONFIG_INCLUDE='"fst_config.h"' -c $< -o $@

$(DOCS_OBJ)/fst_wavedrom.o: tools/docs/fst_wavedrom.c
	@mkdir -p $(@D)
	$(CC) -std=c11 -O1 -Wall -Wextra -Werror -I$(FST_DIR) -c $< -o $@

$(FSTWD): $(DOCS_OBJ)/fst_wavedrom.o $(FST_LIB_OBJS)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ -lz -lpthread

.PHONY: docs docs-prep
docs-prep: build/bin/simtcheck $(FSTWD)
	@tools/bootstrap.sh docs

docs: docs-prep
	@$(PYTHON) tools/docs/datasheet.py timing --write
	@$(PYTHON) tools/docs/datasheet.py arcs --write
	@if [ -f build/synth/area.csv ]; then $(PYTHON) tools/docs/datasheet.py data; fi
	@if [ -f build/synth/lib-sweep-osu018.json ]; then $(PYTHON) synth/lib_sweep.py docs --from build/synth/lib-sweep-osu018.json; fi
	@$(PYTHON) tools/docs/datasheet.py plots --write
	@$(PYTHON) tools/docs/datasheet.py runs --write --run-missing
	@$(PYTHON) tools/docs/datasheet.py index --write

# The measured tables of the reference pages (docs/data/*.md, tools/docs/check.py refresh): each long job's
# summary left in build/ (make soak, mutate, bench, formal) is copied with a caption line, the
# pages' data blocks and the README's headline table are rewritten from them.
.PHONY: docs-data
docs-data:
	@$(PYTHON) tools/docs/check.py refresh
	@$(PYTHON) tools/docs/headline.py --write
