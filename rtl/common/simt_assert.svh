// SPDX-License-Identifier: Apache-2.0
// simt_assert.svh: assertions beside the RTL (docs/verification.md, "Assertions in the RTL").
//
// A unit includes this file and uses the macros inside `ifndef SYNTHESIS ... `endif, so that
// synthesis (Yosys read_verilog defines SYNTHESIS) neither needs the file nor sees the checks:
//
//   `ifndef SYNTHESIS
//   `include "simt_assert.svh"
//     `SIMT_ASSERT(a_name, property)       checked at every rising edge of clk_i, rst_ni high
//     `SIMT_COVER(c_name, property)        a reachability goal (formal cover runs)
//     `SIMT_ASSERT_COMB(a_name, property)  a combinational unit (no clk_i, no rst_ni): checked
//                                          whenever the signals it reads change
//   `endif
//
// Where they run:
//  - The Verilated models (lib/lib.mk builds every one with --assert): a failing assertion
//    prints "Assertion failed in TOP.<path>.<a_name>", and simtcheck reports it like a mismatch
//    (cycle, waveform, trace): every random run at every W checks them.
//  - SymbiYosys (read -formal defines FORMAL, not SYNTHESIS): the same assertions are proof
//    obligations of the unit's .sby tasks, beside the wrapper's environment-level properties.
// Each property is a local invariant of the unit that holds for ANY input sequence after reset
// (the unit refuses what its contract forbids): properties that need the environment's
// assumptions stay in the formal wrapper.
// The file needs rtl/common on the include path (Verilator -Irtl/common; the .sby scripts list
// it in [files]). Names: a_* assertions, c_* covers, as in the formal wrappers.
// Labels: Yosys gives a label inside a generate loop one name for every iteration (they
// collide), so per-lane checks compute a vector of ok bits in the loop and assert its AND
// outside it with one named macro (rtl/arb/simt_arb_check.sv).
`ifndef SIMT_ASSERT_SVH
`define SIMT_ASSERT_SVH

// Under FORMAL the checks are immediate (always @*, out of reset): the same property at every
// step of the proof, on the step's values, without the registered copies a clocked check
// becomes in Yosys (prove_orec of formal/st_rt: 48 s against 212 s clocked).
`ifdef FORMAL
`define SIMT_ASSERT(__name, __prop) \
  always @(*) begin \
    if (rst_ni) begin \
      __name: assert (__prop); \
    end \
  end
`define SIMT_COVER(__name, __prop) \
  always @(*) begin \
    if (rst_ni) begin \
      __name: cover (__prop); \
    end \
  end
`else
`define SIMT_ASSERT(__name, __prop) \
  always @(posedge clk_i) begin \
    if (rst_ni) begin \
      __name: assert (__prop); \
    end \
  end
`define SIMT_COVER(__name, __prop)
`endif

// A purely combinational unit has no clock to sample on and no reset: the property is an
// immediate assertion of an always @*, under FORMAL (every step of the proof: a combinational
// proof is bmc depth 1 over every input) and in the Verilated models alike (checked whenever
// the block's inputs change: every evaluation with new inputs; simtcheck reports it like the
// clocked ones).
`define SIMT_ASSERT_COMB(__name, __prop) \
  always @(*) begin \
    __name: assert (__prop); \
  end

`endif
