// SPDX-License-Identifier: Apache-2.0
// simt_arb_pipe: the unified PC/memory arbiter (Collange 2011 §4.3, Fig. 4b; Brunie & Collange
// 2013 §5.3, Table 5 row "Unifié") as a registered comparator tree (simt_min_pipe): the
// pipelined option for the units that miss the board clock (docs/fpga.md). Function:
// exactly simt_arb_unified's; timing: its result for the inputs of cycle t is on the outputs of
// cycle t + STAGES.
//
// Ranks, L = clog2(W) comparator levels: STAGES <= L cuts the tree alone; STAGES = L + 1 adds
// the input rank below; STAGES = L + 1 + s (s = 1 .. L) also cuts comparator levels 1 .. s in
// two (simt_min_pipe's SPLIT: chunked comparison, then the select), for boards where one
// comparator level is the longest path (docs/units/arb_pipe.md).
//
// mode_i = 1 (memory) keeps only the line bits of each key before the reduction, as
// simt_arb_unified does, so the match mask is the set of served lanes and key_o the line's base
// address. uniform_o says that every valid lane was at the minimum: in memory mode, that the
// line serves all of them (Collange 2011 §4.2: no lane replays), which warp control reads as a
// flip-flop rather than comparing match_o with the lanes it sent. Cycle contract
// (docs/units/arb_pipe.md): free-running, no stall; for STAGES cycles after a reset (rst_ni
// synchronous, active low) the outputs are those of no valid lane (all 0).
`default_nettype none
module simt_arb_pipe #(
  parameter int unsigned W      = 32,  // lanes
  parameter int unsigned PC_W   = 32,  // PC and data-address bits
  parameter int unsigned SP_W   = 8,   // stack-pointer bits above the PC in the key
  parameter int unsigned OFF_W  = 7,   // cache-line offset bits (ignored in memory mode)
  parameter int unsigned STAGES = 2,   // register ranks = latency in cycles, 1 .. 2 clog2(W) + 1
  localparam int unsigned KEY_W = SP_W + PC_W
) (
  input  wire logic                 clk_i,
  input  wire logic                 rst_ni,   // synchronous, active low
  input  wire logic                 mode_i,   // 0: PC arbitration, 1: memory (line) arbitration
  input  wire logic [W-1:0]         valid_i,
  input  wire logic [W*KEY_W-1:0]   key_i,
  output logic                      valid_o,  // some lane was valid (STAGES cycles ago)
  output logic [KEY_W-1:0]          key_o,    // the minimum (masked) key, 0 when !valid_o
  output logic [W-1:0]              match_o,  // the valid lanes at that key
  output logic                      uniform_o // every valid lane is at that key (match_o = the
                                              // valid lanes; memory mode: no lane replays), 0
                                              // when !valid_o
);
  if (OFF_W >= PC_W) begin : g_bad_off
    $error("simt_arb_pipe: OFF_W (%0d) must be below PC_W (%0d)", OFF_W, PC_W);
  end

  // Bits kept in memory mode: the line-number part of the PC field (as simt_arb_unified).
  localparam logic [KEY_W-1:0] LINE_MASK = KEY_W'({{(PC_W - OFF_W){1'b1}}, {OFF_W{1'b0}}});

  localparam int unsigned L = (W > 1) ? $clog2(W) : 0;  // comparator levels of the tree
  localparam bit IN_RANK = (STAGES >= L + 1) && (L > 0);  // a rank on the (masked) inputs

  if (STAGES < 1 || STAGES > 2 * L + 1) begin : g_bad_stages
    $error("simt_arb_pipe: STAGES (%0d) must be 1 .. %0d (2 clog2(W) + 1 at W = %0d)",
           STAGES, 2 * L + 1, W);
  end

  logic [W-1:0]       valid_t;  // what the tree reduces
  logic [W*KEY_W-1:0] key_t;

  if (IN_RANK) begin : g_in_rank
    // STAGES >= clog2(W) + 1: the first rank holds the inputs as they come, with one copy of
    // mode_i per lane, and the masking follows it. The copies keep mode's fanout at
    // SP_W + OFF_W gates per copy: one flip-flop driving every lane's mask (W * (SP_W + OFF_W)
    // gates) was the critical path of this configuration on the ECP5 (docs/units/arb_pipe.md).
    (* keep *) logic [W-1:0] mode_q;
    logic [W-1:0]       valid_q;
    logic [W*KEY_W-1:0] key_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        valid_q <= '0;
      end else begin
        valid_q <= valid_i;
      end
    end
    always_ff @(posedge clk_i) begin   // data: no reset (counts only under valid_q)
      key_q <= key_i;
    end
    for (genvar i = 0; i < W; i++) begin : g_mode
      (* keep *) always_ff @(posedge clk_i) mode_q[i] <= mode_i;
    end
    for (genvar i = 0; i < W; i++) begin : g_mask
      assign key_t[i*KEY_W +: KEY_W] = key_q[i*KEY_W +: KEY_W] & (mode_q[i] ? LINE_MASK : '1);
    end
    assign valid_t = valid_q;
  end else begin : g_in_comb
    for (genvar i = 0; i < W; i++) begin : g_mask
      assign key_t[i*KEY_W +: KEY_W] = key_i[i*KEY_W +: KEY_W] & (mode_i ? LINE_MASK : '1);
    end
    assign valid_t = valid_i;
  end

  // The tree takes the ranks left: all of them, or all but the input rank, of which those past
  // one per comparator level cut levels in two.
  localparam int unsigned TREE_STAGES = IN_RANK ? L : STAGES;
  localparam int unsigned TREE_SPLIT  = IN_RANK ? STAGES - 1 - L : 0;
  simt_min_pipe #(.N(W), .K(KEY_W), .STAGES(TREE_STAGES), .SPLIT(TREE_SPLIT)) u_min (
    .clk_i, .rst_ni, .valid_i(valid_t), .key_i(key_t), .valid_o, .key_o, .match_o, .uniform_o
  );

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (docs/units/arb_pipe.md, "Verification"): they hold for any input
  // sequence after reset; formal/arb_pipe proves them with the DUT, every Verilated model checks
  // them at every clock edge out of reset. The function itself (the outputs are those of
  // simt_arb_unified STAGES cycles earlier) needs the reference and its delay line: it stays in
  // the formal wrapper (a_late).
  // ---------------------------------------------------------------------------------------------
  // Collange 2011 §4.3: a result selects some lane (valid_o iff a non-empty match: the match is
  // the lanes at the minimum, the served lanes in memory mode), and no valid lane means all 0.
  `SIMT_ASSERT(a_match_nz, valid_o == (match_o != '0))
  `SIMT_ASSERT(a_idle_zero, valid_o || key_o == '0)
  if (IN_RANK) begin : g_a_in_rank
    // the per-lane copies of the input rank's mode agree (they are one register, duplicated
    // for fanout only)
    `SIMT_ASSERT(a_mode_copies, g_in_rank.mode_q == '0 || g_in_rank.mode_q == '1)
  end
`endif
endmodule
`default_nettype wire
