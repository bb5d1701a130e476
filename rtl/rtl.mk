# RTL source lists, shared by lint, Verilator builds, synthesis and formal.
RTL_COMMON := $(sort $(wildcard rtl/common/*.sv))
RTL_ARB    := $(sort $(wildcard rtl/arb/*.sv))
RTL_WARP   := $(sort $(wildcard rtl/warp/*.sv))
RTL_SB     := $(sort $(wildcard rtl/sb/*.sv))
RTL_STRT   := $(sort $(wildcard rtl/strt/*.sv))
RTL_ALL    := $(RTL_COMMON) $(RTL_ARB) $(RTL_WARP) $(RTL_SB) $(RTL_STRT)
# Unit tops checked by 'make lint' and synthesised by 'make synth'.
ARB_TOPS   := simt_arb_pc simt_arb_mem simt_arb_combined simt_arb_unified
WARP_TOPS  := simt_warp_ctrl
SB_TOPS    := simt_rmask_sb simt_sb_base
STRT_TOPS  := $(if $(RTL_STRT),simt_st_rt)
# Lane counts every unit must build and pass at.
WIDTHS     := 4 8 16 32 64
