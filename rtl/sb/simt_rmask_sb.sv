// simt_rmask_sb: R-mask scoreboard with I-buffer dependency masks (ElTantawy et al. 2014
// §3.3.2, Fig. 8b and 9). Cycle contract: docs/units/rmask_sb.md, followed exactly.
//
// Per warp, NE entries of (register, R-mask); an entry is valid iff its R-mask is non-zero.
// Per I-buffer slot: warp, I-mask, operand registers, dependency mask (bit k for operand k,
// operand 0 the destination). One cycle = writeback, then issue, then decode; the dependency
// re-evaluation of the writeback and the decode both read the scoreboard after the issue.
`default_nettype none
module simt_rmask_sb #(
  parameter int unsigned W     = 32,  // lanes
  parameter int unsigned NW    = 4,   // warps
  parameter int unsigned NE    = 8,   // scoreboard entries per warp
  parameter int unsigned REG_W = 6,   // register-id bits
  parameter int unsigned NIB   = 8,   // I-buffer slots
  parameter int unsigned NSRC  = 2,   // source operands
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned IBI_W = (NIB > 1) ? $clog2(NIB) : 1,
  localparam int unsigned NT    = NW * NE
) (
  input  wire logic                   clk_i,
  input  wire logic                   rst_ni,       // synchronous, active low
  input  wire logic                   dec_valid_i,
  input  wire logic [IBI_W-1:0]       dec_slot_i,
  input  wire logic [WID_W-1:0]       dec_warp_i,
  input  wire logic [W-1:0]           dec_mask_i,
  input  wire logic [NOP-1:0]         dec_opv_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input  wire logic                   iss_valid_i,
  input  wire logic [IBI_W-1:0]       iss_slot_i,
  input  wire logic                   wb_valid_i,
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [W-1:0]           wb_mask_i,
  output logic                        iss_ok_o,
  output logic                        iss_full_o,
  output logic [2:0]                  bad_o,        // 0 issue, 1 writeback, 2 decode
  output logic [NIB-1:0]              ib_valid_o,
  output logic [NIB-1:0]              ib_ready_o,
  output logic [NIB*WID_W-1:0]        ib_warp_o,
  output logic [NIB*W-1:0]            ib_mask_o,
  output logic [NIB*NOP-1:0]          ib_dep_o,
  output logic [NT-1:0]               sb_valid_o,
  output logic [NT*REG_W-1:0]         sb_reg_o,
  output logic [NT*W-1:0]             sb_rmask_o
);
  if (W < 1 || NW < 1 || NE < 1 || NIB < 1 || REG_W < 1) begin : g_bad_param
    $error("simt_rmask_sb: W, NW, NE, NIB and REG_W must be at least 1");
  end

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  logic [NT*REG_W-1:0]     reg_q,    reg_d;
  logic [NT*W-1:0]         rm_q,     rm_d;
  logic [NIB-1:0]          ibv_q,    ibv_d;
  logic [NIB*WID_W-1:0]    ibw_q,    ibw_d;
  logic [NIB*W-1:0]        ibm_q,    ibm_d;
  logic [NIB*NOP-1:0]      ibo_q,    ibo_d;     // operand present
  logic [NIB*NOP*REG_W-1:0] ibr_q,   ibr_d;     // operand registers
  logic [NIB*NOP-1:0]      ibd_q,    ibd_d;     // dependency mask

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      reg_q <= '0;
      rm_q  <= '0;
      ibv_q <= '0;
      ibw_q <= '0;
      ibm_q <= '0;
      ibo_q <= '0;
      ibr_q <= '0;
      ibd_q <= '0;
    end else begin
      reg_q <= reg_d;
      rm_q  <= rm_d;
      ibv_q <= ibv_d;
      ibw_q <= ibw_d;
      ibm_q <= ibm_d;
      ibo_q <= ibo_d;
      ibr_q <= ibr_d;
      ibd_q <= ibd_d;
    end
  end

  // One-hot decodes; an out-of-range index decodes to zero.
  localparam logic [NW-1:0]  WOne = 1;
  localparam logic [NIB-1:0] SOne = 1;
  logic [NW-1:0]  wb_woh, dec_woh, iss_woh;
  logic [NIB-1:0] iss_soh, dec_soh;
  assign wb_woh  = WOne << wb_warp_i;
  assign dec_woh = WOne << dec_warp_i;
  assign iss_soh = SOne << iss_slot_i;
  assign dec_soh = SOne << dec_slot_i;

  // ---------------------------------------------------------------------------------------------
  // 1. Writeback: clear the written lanes of the entry (wb_warp, wb_reg).
  // ---------------------------------------------------------------------------------------------
  logic [NT-1:0]   valid_q, wb_hit;
  logic [NT*W-1:0] rm1;        // after writeback
  logic [NT-1:0]   valid1;
  logic            wb_ok, wb_extra;
  always_comb begin
    wb_extra = 1'b0;
    for (int t = 0; t < NT; t++) begin
      valid_q[t] = |rm_q[t*W +: W];
      wb_hit[t]  = wb_valid_i & wb_woh[t / NE] & valid_q[t] & (reg_q[t*REG_W +: REG_W] == wb_reg_i);
      rm1[t*W +: W] = wb_hit[t] ? (rm_q[t*W +: W] & ~wb_mask_i) : rm_q[t*W +: W];
      valid1[t]  = |rm1[t*W +: W];
      wb_extra   = wb_extra | (wb_hit[t] & |(wb_mask_i & ~rm_q[t*W +: W]));
    end
  end
  assign wb_ok = |wb_hit;

  // ---------------------------------------------------------------------------------------------
  // 2. Issue: the selected slot, eligibility, reservation of the destination.
  // ---------------------------------------------------------------------------------------------
  logic             s_valid, s_dst_v;
  logic [WID_W-1:0] s_warp;
  logic [W-1:0]     s_mask;
  logic [REG_W-1:0] s_dst;
  logic [NOP-1:0]   s_dep;
  always_comb begin
    s_valid = 1'b0;
    s_dst_v = 1'b0;
    s_warp  = '0;
    s_mask  = '0;
    s_dst   = '0;
    s_dep   = '0;
    for (int i = 0; i < NIB; i++) begin
      s_valid = s_valid | (iss_soh[i] & ibv_q[i]);
      s_dst_v = s_dst_v | (iss_soh[i] & ibo_q[i*NOP]);
      s_warp  = s_warp  | (iss_soh[i] ? ibw_q[i*WID_W +: WID_W] : '0);
      s_mask  = s_mask  | (iss_soh[i] ? ibm_q[i*W +: W] : '0);
      s_dst   = s_dst   | (iss_soh[i] ? ibr_q[i*NOP*REG_W +: REG_W] : '0);
      s_dep   = s_dep   | (iss_soh[i] ? ibd_q[i*NOP +: NOP] : '0);
    end
  end
  assign iss_woh = WOne << s_warp;

  logic          elig, need_alloc, full, iss_ok;
  logic [NT-1:0] iss_hit, iss_free, iss_first;
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      iss_hit[t]  = iss_woh[t / NE] & valid1[t] & (reg_q[t*REG_W +: REG_W] == s_dst);
      iss_free[t] = iss_woh[t / NE] & ~valid1[t];
    end
  end
  assign iss_first  = iss_free & (~iss_free + 1'b1);   // lowest free entry of the warp
  assign elig       = iss_valid_i & s_valid & ~|s_dep;
  assign need_alloc = s_dst_v & ~|iss_hit;
  assign full       = need_alloc & ~|iss_free;
  assign iss_ok     = elig & ~full;

  always_comb begin
    for (int t = 0; t < NT; t++) begin
      rm_d[t*W +: W]          = rm1[t*W +: W];
      reg_d[t*REG_W +: REG_W] = reg_q[t*REG_W +: REG_W];
      if (iss_ok & s_dst_v & (iss_hit[t] | (need_alloc & iss_first[t]))) begin
        rm_d[t*W +: W]          = rm1[t*W +: W] | s_mask;
        reg_d[t*REG_W +: REG_W] = s_dst;
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // R-mask lookups in the scoreboard after writeback and issue (rm_d, reg_d): the writeback
  // register for the re-evaluation, every operand of the decoded instruction.
  // ---------------------------------------------------------------------------------------------
  logic [W-1:0]     rwb;
  logic [NOP*W-1:0] rdec;
  always_comb begin
    rwb  = '0;
    rdec = '0;
    for (int t = 0; t < NT; t++) begin
      if (wb_woh[t / NE] && reg_d[t*REG_W +: REG_W] == wb_reg_i) begin
        rwb = rwb | rm_d[t*W +: W];
      end
      for (int k = 0; k < NOP; k++) begin
        if (dec_woh[t / NE] && reg_d[t*REG_W +: REG_W] == dec_reg_i[k*REG_W +: REG_W]) begin
          rdec[k*W +: W] = rdec[k*W +: W] | rm_d[t*W +: W];
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // 3. Re-evaluation, slot freeing by the issue, 4. decode.
  // ---------------------------------------------------------------------------------------------
  logic dec_ok;
  assign dec_ok = dec_valid_i & |dec_soh & ~|(dec_soh & ibv_q & ~(iss_ok ? iss_soh : '0)) &
                  |dec_woh & |dec_mask_i;

  always_comb begin
    ibv_d = ibv_q & ~(iss_ok ? iss_soh : '0);
    ibw_d = ibw_q;
    ibm_d = ibm_q;
    ibo_d = ibo_q;
    ibr_d = ibr_q;
    ibd_d = ibd_q;
    for (int i = 0; i < NIB; i++) begin
      if (wb_ok && ibv_q[i] && ibw_q[i*WID_W +: WID_W] == wb_warp_i && ~|(rwb & ibm_q[i*W +: W])) begin
        for (int k = 0; k < NOP; k++) begin
          if (ibo_q[i*NOP+k] && ibr_q[(i*NOP+k)*REG_W +: REG_W] == wb_reg_i) begin
            ibd_d[i*NOP+k] = 1'b0;
          end
        end
      end
      if (dec_ok && dec_soh[i]) begin
        ibv_d[i]               = 1'b1;
        ibw_d[i*WID_W +: WID_W] = dec_warp_i;
        ibm_d[i*W +: W]         = dec_mask_i;
        ibo_d[i*NOP +: NOP]     = dec_opv_i;
        ibr_d[i*NOP*REG_W +: NOP*REG_W] = dec_reg_i;
        for (int k = 0; k < NOP; k++) begin
          ibd_d[i*NOP+k] = dec_opv_i[k] & |(rdec[k*W +: W] & dec_mask_i);
        end
      end
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  assign iss_ok_o   = iss_ok;
  assign iss_full_o = elig & full;
  assign bad_o      = {dec_valid_i & ~dec_ok, wb_valid_i & (~wb_ok | wb_extra), iss_valid_i & ~elig};
  assign ib_valid_o = ibv_q;
  always_comb begin
    for (int i = 0; i < NIB; i++) begin
      ib_ready_o[i] = ibv_q[i] & ~|ibd_q[i*NOP +: NOP];
    end
  end
  assign ib_warp_o  = ibw_q;
  assign ib_mask_o  = ibm_q;
  assign ib_dep_o   = ibd_q;
  assign sb_valid_o = valid_q;
  assign sb_reg_o   = reg_q;
  assign sb_rmask_o = rm_q;
endmodule
`default_nettype wire
