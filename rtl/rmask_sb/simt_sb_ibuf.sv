// SPDX-License-Identifier: Apache-2.0
// simt_sb_ibuf: the I-buffer side shared by the two scoreboards of ElTantawy et al. 2014
// §3.3.2 (simt_rmask_sb, Fig. 8b, with MASKS = 1; simt_sb_base, Fig. 8a, with MASKS = 0).
// Cycle contract: docs/units/rmask_sb.md, steps 2 (slot selection, eligibility, slot freeing),
// 3 (re-evaluation) and 4 (decode). The scoreboard table (simt_sb_table) gets the issued
// instruction from iss_*_o, answers iss_ok_i, and gives the two lookups of the scoreboard after
// writeback and issue (R' of the contract): wb_rm_i = R'(wb_warp_i, wb_reg_i) and
// dec_rm_i[k] = R'(dec_warp_i, dec_reg_i[k]).
//
// Per slot: valid, warp, I-mask (MASKS = 1 only), operand-present bits, operand registers,
// dependency mask (bit k for operand k, operand 0 the destination).
// Masks as the logic sees them are MW bits wide: MW = W with MASKS = 1. MASKS = 0 (baseline):
// MW = 1, no I-mask is stored and every instruction's mask is 1 (iss_mask_o = 1,
// ib_mask_o = 0), dec_mask_i is ignored and may be 0; the lookups are the table's valid bits.
// The slots are written only when step_i is high (simt_step_phase: every clock, or the second
// clock of a two-clock step).
`default_nettype none
module simt_sb_ibuf #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned NW    = 4,   // warps
  parameter int unsigned REG_W = 6,   // register-id bits
  parameter int unsigned NIB   = 8,   // I-buffer slots
  parameter int unsigned NSRC  = 2,   // source operands
  parameter bit          MASKS = 1'b1,  // 1: I-masks stored (R-mask scoreboard); 0: baseline
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned IBI_W = (NIB > 1) ? $clog2(NIB) : 1,
  localparam int unsigned MW    = MASKS ? W : 1
) (
  input  wire logic                   clk_i,
  input  wire logic                   rst_ni,       // synchronous, active low
  input  wire logic                   step_i,       // the step's last clock: write the slots
  input  wire logic                   dec_valid_i,
  input  wire logic [IBI_W-1:0]       dec_slot_i,
  input  wire logic [WID_W-1:0]       dec_warp_i,
  input  wire logic [W-1:0]           dec_mask_i,   // MASKS = 0: unused
  input  wire logic [NOP-1:0]         dec_opv_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input  wire logic [NOP*MW-1:0]      dec_rm_i,     // R'(dec_warp_i, dec_reg_i[k]) at [k*MW +: MW]
  input  wire logic                   iss_valid_i,
  input  wire logic [IBI_W-1:0]       iss_slot_i,
  input  wire logic                   iss_ok_i,     // the table accepts the eligible issue
  input  wire logic                   wb_ok_i,      // a writeback is applied this cycle
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [MW-1:0]          wb_rm_i,      // R'(wb_warp_i, wb_reg_i)
  output logic                        iss_elig_o,   // iss_valid_i, slot valid, dep mask zero
  output logic [WID_W-1:0]            iss_warp_o,   // fields of slot iss_slot_i (0 if out of range)
  output logic [MW-1:0]               iss_mask_o,
  output logic                        iss_dst_v_o,
  output logic [REG_W-1:0]            iss_dst_o,
  output logic                        dec_bad_o,    // decode requested and ignored
  output logic [NIB-1:0]              ib_valid_o,
  output logic [NIB-1:0]              ib_ready_o,
  output logic [NIB*WID_W-1:0]        ib_warp_o,
  output logic [NIB*W-1:0]            ib_mask_o,    // MASKS = 0: 0
  output logic [NIB*NOP-1:0]          ib_dep_o
);
  // ---------------------------------------------------------------------------------------------
  // State. ibm is the I-mask as the logic sees it: the stored one, or 1 (MASKS = 0).
  // ---------------------------------------------------------------------------------------------
  logic [NIB-1:0]           ibv_q,    ibv_d;
  logic [NIB*WID_W-1:0]     ibw_q,    ibw_d;
  logic [NIB*NOP-1:0]       ibo_q,    ibo_d;     // operand present
  logic [NIB*NOP*REG_W-1:0] ibr_q,    ibr_d;     // operand registers
  logic [NIB*NOP-1:0]       ibd_q,    ibd_d;     // dependency mask
  logic [NIB*MW-1:0]        ibm,      ibm_d;
  logic [MW-1:0]            dmask;               // decoded I-mask as the logic sees it

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ibv_q <= '0;
      ibw_q <= '0;
      ibo_q <= '0;
      ibr_q <= '0;
      ibd_q <= '0;
    end else if (step_i) begin
      ibv_q <= ibv_d;
      ibw_q <= ibw_d;
      ibo_q <= ibo_d;
      ibr_q <= ibr_d;
      ibd_q <= ibd_d;
    end
  end

  if (MASKS) begin : g_mask
    logic [NIB*MW-1:0] ibm_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        ibm_q <= '0;
      end else if (step_i) begin
        ibm_q <= ibm_d;
      end
    end
    assign ibm       = ibm_q;
    assign dmask     = dec_mask_i;
    assign ib_mask_o = ibm_q;
  end else begin : g_nomask
    logic unused_mask;
    assign unused_mask = ^{dec_mask_i, ibm_d};
    assign ibm       = '1;
    assign dmask     = '1;
    assign ib_mask_o = '0;
  end

  // One-hot decodes; an out-of-range index decodes to zero.
  localparam logic [NW-1:0]  WOne = 1;
  localparam logic [NIB-1:0] SOne = 1;
  logic [NW-1:0]  dec_woh;
  logic [NIB-1:0] iss_soh, dec_soh, freed;
  assign dec_woh = WOne << dec_warp_i;
  assign iss_soh = SOne << iss_slot_i;
  assign dec_soh = SOne << dec_slot_i;
  assign freed   = iss_ok_i ? iss_soh : '0;

  // ---------------------------------------------------------------------------------------------
  // 2. Issue: the selected slot and its eligibility.
  // ---------------------------------------------------------------------------------------------
  logic           s_valid;
  logic [NOP-1:0] s_dep;
  always_comb begin
    s_valid     = 1'b0;
    iss_dst_v_o = 1'b0;
    iss_warp_o  = '0;
    iss_mask_o  = '0;
    iss_dst_o   = '0;
    s_dep       = '0;
    for (int i = 0; i < NIB; i++) begin
      s_valid     = s_valid     | (iss_soh[i] & ibv_q[i]);
      iss_dst_v_o = iss_dst_v_o | (iss_soh[i] & ibo_q[i*NOP]);
      iss_warp_o  = iss_warp_o  | (iss_soh[i] ? ibw_q[i*WID_W +: WID_W] : '0);
      iss_mask_o  = iss_mask_o  | (iss_soh[i] ? ibm[i*MW +: MW] : '0);
      iss_dst_o   = iss_dst_o   | (iss_soh[i] ? ibr_q[i*NOP*REG_W +: REG_W] : '0);
      s_dep       = s_dep       | (iss_soh[i] ? ibd_q[i*NOP +: NOP] : '0);
    end
  end
  assign iss_elig_o = iss_valid_i & s_valid & ~|s_dep;

  // ---------------------------------------------------------------------------------------------
  // 3. Re-evaluation, slot freeing by the issue, 4. decode.
  // ---------------------------------------------------------------------------------------------
  logic dec_ok;
  assign dec_ok = dec_valid_i & |dec_soh & ~|(dec_soh & ibv_q & ~freed) & |dec_woh & |dmask;

  always_comb begin
    ibv_d = ibv_q & ~freed;
    ibw_d = ibw_q;
    ibm_d = ibm;
    ibo_d = ibo_q;
    ibr_d = ibr_q;
    ibd_d = ibd_q;
    for (int i = 0; i < NIB; i++) begin
      if (wb_ok_i && ibv_q[i] && ibw_q[i*WID_W +: WID_W] == wb_warp_i && ~|(wb_rm_i & ibm[i*MW +: MW])) begin
        for (int k = 0; k < NOP; k++) begin
          if (ibo_q[i*NOP+k] && ibr_q[(i*NOP+k)*REG_W +: REG_W] == wb_reg_i) begin
            ibd_d[i*NOP+k] = 1'b0;
          end
        end
      end
      if (dec_ok && dec_soh[i]) begin
        ibv_d[i]                        = 1'b1;
        ibw_d[i*WID_W +: WID_W]         = dec_warp_i;
        ibm_d[i*MW +: MW]               = dmask;
        ibo_d[i*NOP +: NOP]             = dec_opv_i;
        ibr_d[i*NOP*REG_W +: NOP*REG_W] = dec_reg_i;
        for (int k = 0; k < NOP; k++) begin
          ibd_d[i*NOP+k] = dec_opv_i[k] & |(dec_rm_i[k*MW +: MW] & dmask);
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign dec_bad_o  = dec_valid_i & ~dec_ok;
  assign ib_valid_o = ibv_q;
  always_comb begin
    for (int i = 0; i < NIB; i++) begin
      ib_ready_o[i] = ibv_q[i] & ~|ibd_q[i*NOP +: NOP];
    end
  end
  assign ib_warp_o  = ibw_q;
  assign ib_dep_o   = ibd_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // Local invariants of the slots (the formal wrapper's a_dep_opv and a_mask_nz, and the warp
  // range the decode checks): they hold for any inputs after reset.
  logic f_dep_opv, f_dep_free, f_mask_nz, f_warp_ok;
  always_comb begin
    f_dep_opv  = 1'b1;  // a dependency bit only on a present operand of a valid slot
    f_dep_free = 1'b1;  // ... and none on a free slot: only the decode that fills a slot sets
                        // them, and only an issue with none left frees it (a_elig)
    f_mask_nz  = 1'b1;  // a valid slot has a non-empty I-mask
    f_warp_ok  = 1'b1;  // ... and a warp in range
    for (int i = 0; i < NIB; i++) begin
      if (ibv_q[i] && |(ibd_q[i*NOP +: NOP] & ~ibo_q[i*NOP +: NOP])) f_dep_opv = 1'b0;
      if (!ibv_q[i] && |ibd_q[i*NOP +: NOP]) f_dep_free = 1'b0;
      if (ibv_q[i] && ~|ibm[i*MW +: MW]) f_mask_nz = 1'b0;
      if (ibv_q[i] && 32'(ibw_q[i*WID_W +: WID_W]) >= NW) f_warp_ok = 1'b0;
    end
  end
  `SIMT_ASSERT(a_dep_opv, f_dep_opv)
  `SIMT_ASSERT(a_dep_free, f_dep_free)
  `SIMT_ASSERT(a_mask_nz, f_mask_nz)
  `SIMT_ASSERT(a_warp_ok, f_warp_ok)
  `SIMT_ASSERT(a_elig, !iss_elig_o || (s_valid && ~|s_dep))   // only a valid, ready slot issues
`endif
endmodule
`default_nettype wire
