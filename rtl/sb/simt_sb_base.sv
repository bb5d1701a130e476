// simt_sb_base: baseline per-warp scoreboard without masks (ElTantawy et al. 2014 §3.3.2,
// Fig. 8a), with the same ports as simt_rmask_sb so the two can be compared and swapped.
// Cycle contract: docs/units/rmask_sb.md ("baseline" clauses): an entry is a valid bit and a
// register; the active masks are ignored (dec_mask_i, wb_mask_i unused, ib_mask_o = 0,
// sb_rmask_o = W copies of the valid bit). Writeback, then issue, then decode, as there.
`default_nettype none
module simt_sb_base #(
  parameter int unsigned W     = 32,
  parameter int unsigned NW    = 4,
  parameter int unsigned NE    = 8,
  parameter int unsigned REG_W = 6,
  parameter int unsigned NIB   = 8,
  parameter int unsigned NSRC  = 2,
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
  input  wire logic [W-1:0]           dec_mask_i,   // unused
  input  wire logic [NOP-1:0]         dec_opv_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  input  wire logic                   iss_valid_i,
  input  wire logic [IBI_W-1:0]       iss_slot_i,
  input  wire logic                   wb_valid_i,
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [W-1:0]           wb_mask_i,    // unused
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
    $error("simt_sb_base: W, NW, NE, NIB and REG_W must be at least 1");
  end

  logic unused_masks;
  assign unused_masks = ^{dec_mask_i, wb_mask_i};

  // State
  logic [NT*REG_W-1:0]      reg_q,    reg_d;
  logic [NT-1:0]            val_q,    val_d;
  logic [NIB-1:0]           ibv_q,    ibv_d;
  logic [NIB*WID_W-1:0]     ibw_q,    ibw_d;
  logic [NIB*NOP-1:0]       ibo_q,    ibo_d;
  logic [NIB*NOP*REG_W-1:0] ibr_q,    ibr_d;
  logic [NIB*NOP-1:0]       ibd_q,    ibd_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      reg_q <= '0;
      val_q <= '0;
      ibv_q <= '0;
      ibw_q <= '0;
      ibo_q <= '0;
      ibr_q <= '0;
      ibd_q <= '0;
    end else begin
      reg_q <= reg_d;
      val_q <= val_d;
      ibv_q <= ibv_d;
      ibw_q <= ibw_d;
      ibo_q <= ibo_d;
      ibr_q <= ibr_d;
      ibd_q <= ibd_d;
    end
  end

  localparam logic [NW-1:0]  WOne = 1;
  localparam logic [NIB-1:0] SOne = 1;
  logic [NW-1:0]  wb_woh, dec_woh, iss_woh;
  logic [NIB-1:0] iss_soh, dec_soh;
  assign wb_woh  = WOne << wb_warp_i;
  assign dec_woh = WOne << dec_warp_i;
  assign iss_soh = SOne << iss_slot_i;
  assign dec_soh = SOne << dec_slot_i;

  // 1. Writeback: invalidate the entry (wb_warp, wb_reg).
  logic [NT-1:0] wb_hit, val1;
  logic          wb_ok;
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      wb_hit[t] = wb_valid_i & wb_woh[t / NE] & val_q[t] & (reg_q[t*REG_W +: REG_W] == wb_reg_i);
    end
  end
  assign val1  = val_q & ~wb_hit;
  assign wb_ok = |wb_hit;

  // 2. Issue.
  logic             s_valid, s_dst_v;
  logic [WID_W-1:0] s_warp;
  logic [REG_W-1:0] s_dst;
  logic [NOP-1:0]   s_dep;
  always_comb begin
    s_valid = 1'b0;
    s_dst_v = 1'b0;
    s_warp  = '0;
    s_dst   = '0;
    s_dep   = '0;
    for (int i = 0; i < NIB; i++) begin
      s_valid = s_valid | (iss_soh[i] & ibv_q[i]);
      s_dst_v = s_dst_v | (iss_soh[i] & ibo_q[i*NOP]);
      s_warp  = s_warp  | (iss_soh[i] ? ibw_q[i*WID_W +: WID_W] : '0);
      s_dst   = s_dst   | (iss_soh[i] ? ibr_q[i*NOP*REG_W +: REG_W] : '0);
      s_dep   = s_dep   | (iss_soh[i] ? ibd_q[i*NOP +: NOP] : '0);
    end
  end
  assign iss_woh = WOne << s_warp;

  logic          elig, need_alloc, full, iss_ok;
  logic [NT-1:0] iss_hit, iss_free, iss_first;
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      iss_hit[t]  = iss_woh[t / NE] & val1[t] & (reg_q[t*REG_W +: REG_W] == s_dst);
      iss_free[t] = iss_woh[t / NE] & ~val1[t];
    end
  end
  assign iss_first  = iss_free & (~iss_free + 1'b1);
  assign elig       = iss_valid_i & s_valid & ~|s_dep;
  assign need_alloc = s_dst_v & ~|iss_hit;
  assign full       = need_alloc & ~|iss_free;
  assign iss_ok     = elig & ~full;

  always_comb begin
    val_d = val1 | ((iss_ok & need_alloc) ? iss_first : '0);
    for (int t = 0; t < NT; t++) begin
      reg_d[t*REG_W +: REG_W] = (iss_ok & need_alloc & iss_first[t]) ? s_dst : reg_q[t*REG_W +: REG_W];
    end
  end

  // Existence lookups in the scoreboard after writeback and issue.
  logic           ewb;
  logic [NOP-1:0] edec;
  always_comb begin
    ewb  = 1'b0;
    edec = '0;
    for (int t = 0; t < NT; t++) begin
      ewb = ewb | (wb_woh[t / NE] & val_d[t] & (reg_d[t*REG_W +: REG_W] == wb_reg_i));
      for (int k = 0; k < NOP; k++) begin
        edec[k] = edec[k] | (dec_woh[t / NE] & val_d[t] & (reg_d[t*REG_W +: REG_W] == dec_reg_i[k*REG_W +: REG_W]));
      end
    end
  end

  // 3. Re-evaluation, slot freeing, 4. decode.
  logic dec_ok;
  assign dec_ok = dec_valid_i & |dec_soh & ~|(dec_soh & ibv_q & ~(iss_ok ? iss_soh : '0)) & |dec_woh;

  always_comb begin
    ibv_d = ibv_q & ~(iss_ok ? iss_soh : '0);
    ibw_d = ibw_q;
    ibo_d = ibo_q;
    ibr_d = ibr_q;
    ibd_d = ibd_q;
    for (int i = 0; i < NIB; i++) begin
      if (wb_ok && !ewb && ibv_q[i] && ibw_q[i*WID_W +: WID_W] == wb_warp_i) begin
        for (int k = 0; k < NOP; k++) begin
          if (ibo_q[i*NOP+k] && ibr_q[(i*NOP+k)*REG_W +: REG_W] == wb_reg_i) begin
            ibd_d[i*NOP+k] = 1'b0;
          end
        end
      end
      if (dec_ok && dec_soh[i]) begin
        ibv_d[i]                        = 1'b1;
        ibw_d[i*WID_W +: WID_W]         = dec_warp_i;
        ibo_d[i*NOP +: NOP]             = dec_opv_i;
        ibr_d[i*NOP*REG_W +: NOP*REG_W] = dec_reg_i;
        ibd_d[i*NOP +: NOP]             = dec_opv_i & edec;
      end
    end
  end

  // Outputs
  assign iss_ok_o   = iss_ok;
  assign iss_full_o = elig & full;
  assign bad_o      = {dec_valid_i & ~dec_ok, wb_valid_i & ~wb_ok, iss_valid_i & ~elig};
  assign ib_valid_o = ibv_q;
  always_comb begin
    for (int i = 0; i < NIB; i++) begin
      ib_ready_o[i] = ibv_q[i] & ~|ibd_q[i*NOP +: NOP];
    end
    for (int t = 0; t < NT; t++) begin
      sb_rmask_o[t*W +: W] = {W{val_q[t]}};
    end
  end
  assign ib_warp_o  = ibw_q;
  assign ib_mask_o  = '0;
  assign ib_dep_o   = ibd_q;
  assign sb_valid_o = val_q;
  assign sb_reg_o   = reg_q;
endmodule
`default_nettype wire
