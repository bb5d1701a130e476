// SPDX-License-Identifier: Apache-2.0
// simt_ht_fetch: the hyper-threaded fetch unit of one SM (Steffen 2012 §4.2, Fig. 4.4-4.5).
// Cycle contract: docs/units/ht_fetch.md, followed exactly (golden model
// cmodel/simt_ht_fetch.c). §x.y, Fig., Table below: Steffen 2012; Fn: the readings of the thesis
// listed in that datasheet's "Deviations from the paper".
//
// One warp's meta-data (§4.2, Fig. 4.4; encoding F1: K PC slots with valid bits, per lane an
// active bit and a slot selector) is accepted per request. "The warp meta-data retrieved from
// warp scheduling contains all the required PCs to be fetched. The port size for the
// Instruction Cache is increased to support the maximum number of instructions that may need
// to be fetched. A cache miss for any of the instructions results in all remaining PCs waiting
// for the cache miss to be resolved. Once all instructions are fetched, the individual thread
// processing lanes select which of the instructions to execute using a mux" (§4.2, Fig. 4.5).
//
// Two register stages, so that a stream of all-hit requests issues one bundle per cycle (F3):
//   F (fetch): the request being fetched: its meta-data, per slot `have` and the instruction
//     latched from a hit. Every cycle the slots still needed (valid, not had) go to the
//     I-cache, lowest slot first: with P = K port k serves slot k; with P < K (the area
//     variant) port j serves the j-th lowest needed slot (a chain of simt_prio_sel). Hits are
//     latched, misses are asked again the next cycle (F5: only the misses are re-requested).
//   B (bundle): the complete bundle on the bun_* outputs, held until bun_ready_i. F moves to B
//     in the cycle its last needed slot hits (all or nothing, §4.2, F6) if B is empty or is being
//     taken; bun_valid_o therefore rises the cycle after the last hit.
// The per-lane instruction mux of Fig. 4.5 reads B:
//   bun_lane_instr_o[i] = bun_lane_act_o[i] ? bun_slot_instr_o[bun_lane_sel_o[i]] : 0 (NOP).
// A request in which an active lane selects a slot that is not valid (or a selector >= K) is
// consumed and dropped: req_bad_o for that cycle and the sticky err_o; never a wrong bundle.
`default_nettype none
module simt_ht_fetch #(
  parameter int unsigned W     = 32,  // lanes per warp, 4..64 (thesis: 32, Table 7.1)
  parameter int unsigned K     = 2,   // HT ways = PC slots: 1..min(W, 8), or K = W at W <= 16 (§4.2)
  parameter int unsigned P     = K,   // I-cache read ports: K (§4.2), or 1..K-1 (area variant, F8)
  parameter int unsigned PC_W  = 32,  // PC bits (8..64)
  parameter int unsigned IW    = 64,  // instruction bits (8..128; the C model and harness: 8..64)
  parameter int unsigned TAG_W = 5,   // warp tag carried from request to bundle (1..16)
  localparam int unsigned SW   = (K > 1) ? $clog2(K) : 1   // lane selector bits
) (
  input  wire logic               clk_i,
  input  wire logic               rst_ni,           // synchronous, active low
  // request: one warp's meta-data from the TLP scheduler (§4.2; F1, F2)
  input  wire logic               req_valid_i,
  output logic                    req_ready_o,
  output logic                    req_bad_o,        // this cycle's request was consumed and dropped
  input  wire logic [TAG_W-1:0]   req_tag_i,
  input  wire logic [K-1:0]       req_slot_v_i,
  input  wire logic [K*PC_W-1:0]  req_slot_pc_i,
  input  wire logic [W-1:0]       req_lane_act_i,
  input  wire logic [W*SW-1:0]    req_lane_sel_i,
  // I-cache: P read ports, answered in the same cycle (§4.2; F4)
  output logic [P-1:0]            ic_req_o,
  output logic [P*PC_W-1:0]       ic_pc_o,
  input  wire logic [P-1:0]       ic_hit_i,
  input  wire logic [P*IW-1:0]    ic_data_i,
  // bundle (all or nothing, §4.2) and the per-lane mux (Fig. 4.5)
  output logic                    bun_valid_o,
  input  wire logic               bun_ready_i,
  output logic [TAG_W-1:0]        bun_tag_o,
  output logic [K-1:0]            bun_slot_v_o,
  output logic [K*PC_W-1:0]       bun_slot_pc_o,
  output logic [K*IW-1:0]         bun_slot_instr_o,
  output logic [W-1:0]            bun_lane_act_o,
  output logic [W*SW-1:0]         bun_lane_sel_o,
  output logic [W*IW-1:0]         bun_lane_instr_o,
  output logic                    err_o,            // sticky: a request was dropped (req_bad_o)
  // state taps: the fetch stage
  output logic                    f_full_o,
  output logic [TAG_W-1:0]        f_tag_o,
  output logic [K-1:0]            f_slot_v_o,
  output logic [K*PC_W-1:0]       f_slot_pc_o,
  output logic [W-1:0]            f_lane_act_o,
  output logic [W*SW-1:0]         f_lane_sel_o,
  output logic [K-1:0]            f_have_o,
  output logic [K*IW-1:0]         f_instr_o
);
  // ---------------------------------------------------------------------------------------------
  // Parameter checks (docs/units/ht_fetch.md, "Parameters")
  // ---------------------------------------------------------------------------------------------
  if (W < 4 || W > 64) begin : g_bad_w
    $error("simt_ht_fetch: W (%0d) must be 4..64", W);
  end
  if (K < 1 || K > W || (K > 8 && !(K == W && W <= 16))) begin : g_bad_k
    $error("simt_ht_fetch: K (%0d) must be 1..min(W, 8), or K = W at W <= 16", K);
  end
  if (P < 1 || P > K) begin : g_bad_p
    $error("simt_ht_fetch: P (%0d) must be 1..K (%0d)", P, K);
  end
  if (PC_W < 8 || PC_W > 64) begin : g_bad_pc_w
    $error("simt_ht_fetch: PC_W (%0d) must be 8..64", PC_W);
  end
  if (IW < 8 || IW > 128) begin : g_bad_iw
    $error("simt_ht_fetch: IW (%0d) must be 8..128", IW);
  end
  if (TAG_W < 1 || TAG_W > 16) begin : g_bad_tag_w
    $error("simt_ht_fetch: TAG_W (%0d) must be 1..16", TAG_W);
  end

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  // F: the request being fetched
  logic              f_full_q, f_full_d;
  logic [TAG_W-1:0]  f_tag_q;
  logic [K-1:0]      f_slot_v_q;
  logic [K*PC_W-1:0] f_slot_pc_q;
  logic [W-1:0]      f_act_q;
  logic [W*SW-1:0]   f_sel_q;
  logic [K-1:0]      f_have_q, f_have_d;
  logic [K*IW-1:0]   f_instr_q, f_instr_d;
  logic [K-1:0]      need_q, need_d;   // the slots still needed: f_full & slot_v & ~have, kept
                                       // as state so that no gate precedes the hit compare
  // B: the bundle on the outputs
  logic              b_full_q, b_full_d;
  logic [TAG_W-1:0]  b_tag_q;
  logic [K-1:0]      b_slot_v_q;
  logic [K*PC_W-1:0] b_slot_pc_q;
  logic [W-1:0]      b_act_q;
  logic [W*SW-1:0]   b_sel_q;
  logic [K*IW-1:0]   b_instr_q;
  logic              err_q, err_d;

  // ---------------------------------------------------------------------------------------------
  // Request check: every active lane must select a valid slot (F10)
  // ---------------------------------------------------------------------------------------------
  logic [W-1:0] lane_bad;
  for (genvar i = 0; i < W; i++) begin : g_chk
    logic [SW-1:0] s;
    logic          ok;
    assign s = req_lane_sel_i[i*SW +: SW];
    always_comb begin
      ok = 1'b0;
      for (int k = 0; k < K; k++) begin
        ok = ok | ((s == SW'(k)) & req_slot_v_i[k]);
      end
    end
    assign lane_bad[i] = req_lane_act_i[i] & ~ok;
  end

  // ---------------------------------------------------------------------------------------------
  // Fetch: the slots still needed go to the I-cache ports, lowest slot first
  // ---------------------------------------------------------------------------------------------
  logic [K-1:0]    need;        // valid slots of F without an instruction yet
  logic [K-1:0]    slot_hit;    // slot k gets its instruction this cycle
  logic [K*IW-1:0] slot_data;   // ... this one (valid where slot_hit)
  assign need = need_q;   // = f_full_q ? (f_slot_v_q & ~f_have_q) : '0 (assertion a_need)

  if (P == K) begin : g_direct
    // One port per slot (the thesis's K-port I-cache, §4.2): port k serves slot k.
    assign ic_req_o = need;
    for (genvar k = 0; k < K; k++) begin : g_pc
      assign ic_pc_o[k*PC_W +: PC_W] = need[k] ? f_slot_pc_q[k*PC_W +: PC_W] : '0;
    end
    assign slot_hit  = need & ic_hit_i;
    assign slot_data = ic_data_i;
  end else begin : g_compact
    // P < K ports: port j serves the j-th lowest needed slot, a chain of priority selects
    // (each level its own signal: no UNOPTFLAT); one-hot codes port_oh[j*K +: K].
    logic [P*K-1:0] port_oh;
    for (genvar j = 0; j < P; j++) begin : g_port
      logic [K-1:0]    rem;       // needed slots not taken by a lower port
      logic [K-1:0]    oh;
      logic [SW-1:0]   unused_idx;
      logic [PC_W-1:0] pc;
      if (j == 0) begin : g_first
        assign rem = need;
      end else begin : g_next
        assign rem = g_port[j-1].rem & ~g_port[j-1].oh;
      end
      simt_prio_sel #(.N(K)) u_sel (
        .req_i(rem), .valid_o(ic_req_o[j]), .idx_o(unused_idx), .oh_o(oh)
      );
      assign port_oh[j*K +: K] = oh;
      always_comb begin
        pc = '0;
        for (int k = 0; k < K; k++) begin
          pc = pc | (oh[k] ? f_slot_pc_q[k*PC_W +: PC_W] : '0);
        end
      end
      assign ic_pc_o[j*PC_W +: PC_W] = pc;
    end
    // The answer of each port back to the slot it serves (the one-hot codes are disjoint).
    always_comb begin
      slot_hit  = '0;
      slot_data = '0;
      for (int j = 0; j < P; j++) begin
        for (int k = 0; k < K; k++) begin
          if (port_oh[j*K + k] & ic_hit_i[j]) begin
            slot_hit[k] = 1'b1;
            slot_data[k*IW +: IW] = slot_data[k*IW +: IW] | ic_data_i[j*IW +: IW];
          end
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Control: all or nothing (§4.2, F6), then the bundle register
  // ---------------------------------------------------------------------------------------------
  logic f_done, f_move, acc, take;
  assign f_done      = f_full_q & ~|(need & ~slot_hit);         // every valid slot had or hit now
  assign f_move      = f_done & (~b_full_q | bun_ready_i);      // F -> B at the clock edge
  assign req_ready_o = ~f_full_q | f_move;
  assign req_bad_o   = req_valid_i & req_ready_o & (|lane_bad);
  assign take        = req_valid_i & req_ready_o;             // a request is taken, good or bad
  assign acc         = take & ~(|lane_bad);

  assign f_full_d = acc | (f_full_q & ~f_move);
  assign f_have_d = acc ? '0 : (f_have_q | slot_hit);
  // need, one cycle ahead: an accepted request needs its valid slots; otherwise a slot stops
  // being needed when it hits (when F moves without a new request, every needed slot hit).
  assign need_d   = acc ? req_slot_v_i : (need_q & ~slot_hit);
  for (genvar k = 0; k < K; k++) begin : g_instr
    assign f_instr_d[k*IW +: IW] = slot_hit[k] ? slot_data[k*IW +: IW] : f_instr_q[k*IW +: IW];
  end
  assign b_full_d = f_move | (b_full_q & ~bun_ready_i);
  assign err_d    = err_q | req_bad_o;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      f_full_q    <= 1'b0;
      f_tag_q     <= '0;
      f_slot_v_q  <= '0;
      f_slot_pc_q <= '0;
      f_act_q     <= '0;
      f_sel_q     <= '0;
      f_have_q    <= '0;
      f_instr_q   <= '0;
      need_q      <= '0;
      b_full_q    <= 1'b0;
      b_tag_q     <= '0;
      b_slot_v_q  <= '0;
      b_slot_pc_q <= '0;
      b_act_q     <= '0;
      b_sel_q     <= '0;
      b_instr_q   <= '0;
      err_q       <= 1'b0;
    end else begin
      f_full_q  <= f_full_d;
      f_have_q  <= f_have_d;
      f_instr_q <= f_instr_d;
      need_q    <= need_d;
      // F's meta-data are latched on every request taken, a bad one included: with F empty
      // (f_full_q = 0, a bad one is not accepted) they are not a request. So the bad-lane check
      // (an OR over the W lanes) stays out of these W + W*SW + K*PC_W + ... enables, which were
      // the ECP5 critical path (docs/fpga.md, "ht_fetch").
      if (take) begin
        f_tag_q     <= req_tag_i;
        f_slot_v_q  <= req_slot_v_i;
        f_slot_pc_q <= req_slot_pc_i;
        f_act_q     <= req_lane_act_i;
        f_sel_q     <= req_lane_sel_i;
      end
      b_full_q <= b_full_d;
      if (f_move) begin
        b_tag_q     <= f_tag_q;
        b_slot_v_q  <= f_slot_v_q;
        b_slot_pc_q <= f_slot_pc_q;
        b_act_q     <= f_act_q;
        b_sel_q     <= f_sel_q;
        b_instr_q   <= f_instr_d;
      end
      err_q <= err_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs: the bundle and the per-lane instruction mux (Fig. 4.5)
  // ---------------------------------------------------------------------------------------------
  assign bun_valid_o      = b_full_q;
  assign bun_tag_o        = b_tag_q;
  assign bun_slot_v_o     = b_slot_v_q;
  assign bun_slot_pc_o    = b_slot_pc_q;
  assign bun_slot_instr_o = b_instr_q;
  assign bun_lane_act_o   = b_act_q;
  assign bun_lane_sel_o   = b_sel_q;
  for (genvar i = 0; i < W; i++) begin : g_lane
    logic [SW-1:0] s;
    logic [IW-1:0] v;
    assign s = b_sel_q[i*SW +: SW];
    always_comb begin
      v = '0;
      for (int k = 0; k < K; k++) begin
        v = v | ((s == SW'(k)) ? b_instr_q[k*IW +: IW] : '0);
      end
    end
    assign bun_lane_instr_o[i*IW +: IW] = b_act_q[i] ? v : '0;
  end
  assign err_o = err_q;

  assign f_full_o     = f_full_q;
  assign f_tag_o      = f_tag_q;
  assign f_slot_v_o   = f_slot_v_q;
  assign f_slot_pc_o  = f_slot_pc_q;
  assign f_lane_act_o = f_act_q;
  assign f_lane_sel_o = f_sel_q;
  assign f_have_o     = f_have_q;
  assign f_instr_o    = f_instr_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (docs/units/ht_fetch.md, "Invariants"; Steffen 2012 §4.2, Fig. 4.5).
  // They hold for any input sequence after reset (bad requests are dropped, every other input
  // is defined); formal/ht_fetch proves them, every Verilated model checks them. What needs the
  // wrapper's ghost queue of requests in flight (a_count, a_good, a_b_meta, a_f_meta*, a_err) or
  // its instruction-memory assumption (a_have, a_p10_slot, a_p10_lane) stays there.
  // All loops linear in W or K (K <= 16).
  // ---------------------------------------------------------------------------------------------
  logic            f_req_bad;   // some active lane selects an invalid slot, or one >= K (F10)
  logic            f_b_sel, f_f_sel, f_mux;
  always_comb begin
    f_req_bad = 1'b0;
    for (int i = 0; i < W; i++) begin
      if (req_lane_act_i[i] && (32'(req_lane_sel_i[i*SW +: SW]) >= K
                                || !req_slot_v_i[req_lane_sel_i[i*SW +: SW]]))
        f_req_bad = 1'b1;
    end
  end
  // On the state only (so a Verilated model evaluates it once a cycle, not again on new inputs).
  always_comb begin
    f_b_sel   = 1'b1;
    f_f_sel   = 1'b1;
    f_mux     = 1'b1;
    for (int i = 0; i < W; i++) begin
      // invariant 1: every active lane of the bundle (and of the fetch stage) selects a valid slot
      if (b_full_q && b_act_q[i] && (32'(b_sel_q[i*SW +: SW]) >= K
                                     || !b_slot_v_q[b_sel_q[i*SW +: SW]]))
        f_b_sel = 1'b0;
      if (f_full_q && f_act_q[i] && (32'(f_sel_q[i*SW +: SW]) >= K
                                     || !f_slot_v_q[f_sel_q[i*SW +: SW]]))
        f_f_sel = 1'b0;
      // the lane mux (Fig. 4.5): act ? slot_instr[sel] : NOP 0 (invariant 1: inactive lanes get 0)
      if (!b_act_q[i] || 32'(b_sel_q[i*SW +: SW]) >= K) begin
        if (bun_lane_instr_o[i*IW +: IW] != '0) f_mux = 1'b0;
      end else if (bun_lane_instr_o[i*IW +: IW] != b_instr_q[b_sel_q[i*SW +: SW]*IW +: IW]) begin
        f_mux = 1'b0;
      end
    end
  end

  // The I-cache requests the contract names: the needed slots (valid, not had) of a full fetch
  // stage, lowest first; P = K: port k = slot k; P < K: the j-th lowest needed slot on port j;
  // an idle port's PC is 0. f_hits: the slots whose port hits this cycle.
  logic [P-1:0]      f_exp_req;
  logic [P*PC_W-1:0] f_exp_pc;
  logic [K-1:0]      f_hits;
  logic              f_fits;     // every needed slot has a port this cycle
  always_comb begin
    int unsigned j;
    f_exp_req = '0;
    f_exp_pc  = '0;
    f_hits    = '0;
    j         = 0;
    for (int k = 0; k < K; k++) begin
      if (f_full_q && f_slot_v_q[k] && !f_have_q[k]) begin
        if (P == K) j = k;
        if (j < P) begin
          f_exp_req[j]               = 1'b1;
          f_exp_pc[j*PC_W +: PC_W]   = f_slot_pc_q[k*PC_W +: PC_W];
          f_hits[k]                  = ic_hit_i[j];
        end
        j = j + 1;
      end
    end
    f_fits = (P == K) || j <= P;
  end
  logic f_all_hit;   // every needed slot requested and hitting, the bundle stage free or taken
  assign f_all_hit = f_full_q && f_fits && (ic_req_o & ~ic_hit_i) == '0
                  && (!b_full_q || bun_ready_i);

  `SIMT_ASSERT(a_need, need_q == (f_full_q ? (f_slot_v_q & ~f_have_q) : '0))
  `SIMT_ASSERT(a_ready, f_full_q || req_ready_o)      // an empty fetch stage is ready
  `SIMT_ASSERT(a_bad, req_bad_o == (req_valid_i && req_ready_o && f_req_bad))
  `SIMT_ASSERT(a_f_sel, f_f_sel)                      // a bad request never enters (F10)
  `SIMT_ASSERT(a_p10_sel, f_b_sel)                    // invariant 1
  `SIMT_ASSERT(a_mux, f_mux)                          // Fig. 4.5, invariant 1's NOPs
  `SIMT_ASSERT(a_ports, ic_req_o == f_exp_req && ic_pc_o == f_exp_pc)   // §4.2, F5
  // an accepted request enters with nothing had
  `SIMT_ASSERT(a_accept, !(req_valid_i && req_ready_o && !f_req_bad)
                         || (f_full_d && f_have_d == '0))
  // a fetch stage that stays latches this cycle's hits (F5: only the misses are asked again)
  `SIMT_ASSERT(a_latch, !(f_full_q && !req_ready_o)
                        || (f_full_d && f_have_d == (f_have_q | f_hits)))
  // a bundle waiting for bun_ready_i stays and is not reloaded (so every bun_* output is stable)
  `SIMT_ASSERT(a_stable, !(b_full_q && !bun_ready_i) || (b_full_d && !f_move))
  // progress (all or nothing, §4.2): every needed slot hits and B is free or taken: the fetch
  // stage is ready and its bundle (with its tag) is loaded for the next cycle
  `SIMT_ASSERT(a_progress_ready, !f_all_hit || req_ready_o)
  `SIMT_ASSERT(a_progress, !f_all_hit || (b_full_d && f_move))
`endif
endmodule
`default_nettype wire
