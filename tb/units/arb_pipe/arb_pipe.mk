# SPDX-License-Identifier: Apache-2.0
# tb/units/arb_pipe/arb_pipe.mk: the arb_pipe unit's own make rules (included by tb/tb.mk).
# The power-up self-test (tb/units/arb_pipe/arb_pipe_power_selftest.c) against the C library:
# simt_vl_power_up reaches the Verilated models (test arb_pipe-power-up).
build/bin/arb_pipe_power_selftest: tb/units/arb_pipe/arb_pipe_power_selftest.c $(LIB_A) lib/simt_vl.h \
                                   lib/vl_arb_pipe.h cmodel/simt_arb_pipe.h
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) -o $@ $< $(LIB_A) $(LIB_PRIVATE)
