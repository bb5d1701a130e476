// SPDX-License-Identifier: Apache-2.0
// tb/mutate/assume.svh: read before a unit's RTL by make mutate's state-matched equivalence
// check (tb/mutate/mutate.py, state_check(); docs/verification.md, "Mutation"). It takes the
// place of rtl/common/simt_assert.svh (its include guard is defined here, so the unit's own
// `include of it adds nothing): every `SIMT_ASSERT of the RTL becomes an assumption, with no
// reset guard. Each is a local invariant of the unit that holds in every state reachable after
// reset (simt_assert.svh; checked every cycle by the Verilated models, proven by the units'
// formal tasks), so the check may assume it of the state it starts from.
`define SIMT_ASSERT_SVH
// The RTL's checks of its inputs' protocol (a two-clock step's inputs held over both clocks,
// `a_held`) keep a register of their own that the synthesised netlist does not have, and they
// state nothing about the unit's state: left out here, so every flip-flop can be matched.
`define SIMT_NO_INPUT_CHECKS
`define SIMT_ASSERT(__name, __prop) \
  always @(*) begin \
    __name: assume (__prop); \
  end
`define SIMT_ASSERT_COMB(__name, __prop) \
  always @(*) begin \
    __name: assume (__prop); \
  end
`define SIMT_COVER(__name, __prop)
