# SPDX-License-Identifier: Apache-2.0
# tb/units/st_rt/st_rt.mk: the ST/RT unit's own make rules (included by tb/tb.mk).
# Standalone self-test of the ST/RT stimulus and checkers (tb/units/st_rt/st_rt_walk.c on
# tb/stim/cfg_prog.c, tb/units/st_rt/st_rt_directed.c) on the C model only, no RTL:
# make st_rt-selftest (ST_RT_SELFTEST_ARGS=--quick|--long|--print|--seed N).
ST_RT_SELFTEST_ARGS ?=
build/bin/st_rt_selftest: tb/units/st_rt/st_rt_selftest.c tb/units/st_rt/st_rt_cfg_selftest.c tb/units/st_rt/st_rt_selftest.h \
                          tb/units/st_rt/st_rt_walk.c tb/units/st_rt/st_rt_walk_ref.c \
                          tb/stim/cfg_prog.c tb/stim/cfg_prog_gen.c tb/stim/cfg_prog_int.h tb/units/st_rt/st_rt_walk_int.h \
                          tb/units/st_rt/st_rt_directed.c cmodel/simt_st_rt.c tb/units/st_rt/st_rt_walk.h \
                          tb/stim/cfg_prog.h tb/units/st_rt/st_rt_directed.h cmodel/simt_st_rt.h
	@mkdir -p $(@D)
	@$(CC) $(CFLAGS_C) $(TB_CFLAGS) -o $@ $(filter %.c,$^)
.PHONY: st_rt-selftest
st_rt-selftest: build/bin/st_rt_selftest
	@build/bin/st_rt_selftest $(ST_RT_SELFTEST_ARGS)
