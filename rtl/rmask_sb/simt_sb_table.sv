// SPDX-License-Identifier: Apache-2.0
// simt_sb_table: the scoreboard table shared by the two scoreboards of ElTantawy et al. 2014
// §3.3.2: per warp, NE entries of (register, R-mask of MW bits); an entry is valid iff its
// R-mask is non-zero. simt_rmask_sb (Fig. 8b) uses MW = W; simt_sb_base (Fig. 8a) uses MW = 1,
// the R-mask then being the entry's valid bit, with every issue and writeback mask 1.
// Cycle contract: docs/units/rmask_sb.md, steps 1 (writeback) and 2 (issue: reservation of the
// destination of the instruction simt_sb_ibuf selected), and the lookups R' (the scoreboard
// after writeback and issue) that the re-evaluation (3) and the decode (4) read.
// STEP_CLKS = 2 (docs/units/rmask_sb.md, "Two-clock step"): a step takes two clocks with the
// inputs held; the table is written on the second (step_i), the issue's answers (iss_ok_o,
// iss_full_o) are 0 on the first, and register ranks (simt_step_cut) cut the issue's and the
// lookups' paths after the compares with the table.
`default_nettype none
module simt_sb_table #(
  parameter int unsigned MW    = 32,  // R-mask bits per entry
  parameter int unsigned NW    = 4,   // warps
  parameter int unsigned NE    = 8,   // entries per warp
  parameter int unsigned REG_W = 6,   // register-id bits
  parameter int unsigned NSRC  = 2,   // source operands
  parameter int unsigned LOOKUP_NEXT = 0,   // lookups: 0 start-of-cycle state + terms, 1 rm_d/reg_d
  parameter int unsigned STEP_CLKS   = 1,   // clocks per step: 1, or 2 (inputs held over both)
  localparam int unsigned NOP   = NSRC + 1,
  localparam int unsigned WID_W = (NW > 1) ? $clog2(NW) : 1,
  localparam int unsigned NT    = NW * NE
) (
  input  wire logic                   clk_i,
  input  wire logic                   rst_ni,       // synchronous, active low
  input  wire logic                   wb_valid_i,
  input  wire logic [WID_W-1:0]       wb_warp_i,
  input  wire logic [REG_W-1:0]       wb_reg_i,
  input  wire logic [MW-1:0]          wb_mask_i,
  input  wire logic                   iss_elig_i,   // an eligible issue is requested
  input  wire logic [WID_W-1:0]       iss_warp_i,
  input  wire logic                   iss_dst_v_i,
  input  wire logic [REG_W-1:0]       iss_dst_i,
  input  wire logic [MW-1:0]          iss_mask_i,
  input  wire logic [WID_W-1:0]       dec_warp_i,
  input  wire logic [NOP*REG_W-1:0]   dec_reg_i,
  output logic                        wb_ok_o,      // the writeback hits an entry (applied)
  output logic                        wb_extra_o,   // ... with lanes not in its R-mask
  output logic [MW-1:0]               wb_rm_o,      // R'(wb_warp_i, wb_reg_i)
  output logic [NOP*MW-1:0]           dec_rm_o,     // R'(dec_warp_i, dec_reg_i[k]) at [k*MW +: MW]
  output logic                        iss_ok_o,     // iss_elig_i and the destination is reserved
  output logic                        iss_full_o,   // iss_elig_i, refused: no free entry
  output logic [NT-1:0]               sb_valid_o,
  output logic [NT*REG_W-1:0]         sb_reg_o,
  output logic [NT*MW-1:0]            sb_rm_o,
  input  wire logic                   step_i        // the step's last clock (simt_step_phase): write
);
  localparam bit Cut = STEP_CLKS > 1;   // the step's rank (simt_step_cut); checked by simt_step_phase

  logic [NT*REG_W-1:0] reg_q, reg_d;
  logic [NT*MW-1:0]    rm_q,  rm_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      reg_q <= '0;
      rm_q  <= '0;
    end else if (step_i) begin
      reg_q <= reg_d;
      rm_q  <= rm_d;
    end
  end


  // One-hot warp decodes; an out-of-range warp decodes to zero.
  localparam logic [NW-1:0] WOne = 1;
  logic [NW-1:0] wb_woh, dec_woh, iss_woh;
  assign wb_woh  = WOne << wb_warp_i;
  assign dec_woh = WOne << dec_warp_i;
  assign iss_woh = WOne << iss_warp_i;

  // 1. Writeback: clear the written lanes of the entry (wb_warp, wb_reg).
  logic [NT-1:0]    valid_q, wb_hit, valid1;
  logic [NT*MW-1:0] rm1;        // after writeback
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      valid_q[t] = |rm_q[t*MW +: MW];
      wb_hit[t]  = wb_valid_i & wb_woh[t / NE] & valid_q[t] & (reg_q[t*REG_W +: REG_W] == wb_reg_i);
      rm1[t*MW +: MW] = wb_hit[t] ? (rm_q[t*MW +: MW] & ~wb_mask_i) : rm_q[t*MW +: MW];
      valid1[t]  = |rm1[t*MW +: MW];
    end
  end

  // 2. Issue: OR the mask into the warp's entry for the destination, or allocate the
  // lowest-numbered entry free after the writeback; refuse if there is none.
  logic [NT-1:0] iss_hit, iss_free;
  always_comb begin
    for (int t = 0; t < NT; t++) begin
      iss_hit[t]  = iss_woh[t / NE] & valid1[t] & (reg_q[t*REG_W +: REG_W] == iss_dst_i);
      iss_free[t] = iss_woh[t / NE] & ~valid1[t];
    end
  end

  // The writeback's hits, the issue's hits and free entries and the issued instruction's
  // fields, behind a register rank when STEP_CLKS = 2 (*_c: "after the cut"; a wire otherwise,
  // simt_step_cut).
  logic [NT-1:0]    wb_hit_c, iss_hit_c, iss_free_c;
  logic             iss_elig_c, iss_dst_v_c;
  logic [MW-1:0]    iss_mask_c;
  logic [REG_W-1:0] iss_dst_c;
  simt_step_cut #(.WIDTH(3 * NT + 2 + MW + REG_W), .CUT(Cut)) u_cut_iss (
    .clk_i,
    .d_i({wb_hit,   iss_hit,   iss_free,   iss_elig_i, iss_dst_v_i, iss_mask_i, iss_dst_i}),
    .q_o({wb_hit_c, iss_hit_c, iss_free_c, iss_elig_c, iss_dst_v_c, iss_mask_c, iss_dst_c})
  );
  logic [NT*MW-1:0] rm1_c;      // after writeback, from the cut hits
  always_comb begin
    wb_extra_o = 1'b0;
    for (int t = 0; t < NT; t++) begin
      rm1_c[t*MW +: MW] = wb_hit_c[t] ? (rm_q[t*MW +: MW] & ~wb_mask_i) : rm_q[t*MW +: MW];
      wb_extra_o = wb_extra_o | (wb_hit_c[t] & |(wb_mask_i & ~rm_q[t*MW +: MW]));
    end
  end
  assign wb_ok_o = |wb_hit_c;

  logic          need_alloc, full, iss_ok;
  logic [NT-1:0] iss_first;
  assign iss_first  = iss_free_c & (~iss_free_c + 1'b1);   // lowest free entry of the warp
  assign need_alloc = iss_dst_v_c & ~|iss_hit_c;
  assign full       = need_alloc & ~|iss_free_c;
  assign iss_ok     = iss_elig_c & ~full & step_i;

  always_comb begin
    for (int t = 0; t < NT; t++) begin
      rm_d[t*MW +: MW]        = rm1_c[t*MW +: MW];
      reg_d[t*REG_W +: REG_W] = reg_q[t*REG_W +: REG_W];
      if (iss_ok & iss_dst_v_c & (iss_hit_c[t] | (need_alloc & iss_first[t]))) begin
        rm_d[t*MW +: MW]        = rm1_c[t*MW +: MW] | iss_mask_c;
        reg_d[t*REG_W +: REG_W] = iss_dst_c;
      end
    end
  end

  // Lookups in the scoreboard after writeback and issue, R'(w, r): the writeback register for
  // the re-evaluation, every operand of the decoded instruction. Two forms, equal in every state
  // (proven: docs/equivalence.md, "A timing change proven against the RTL before it", and
  // make equiv-forms rmask_sb), chosen by LOOKUP_NEXT:
  //
  // LOOKUP_NEXT = 0 (default): formed from the state at the start of the cycle, beside the issue
  // rather than after its choice of entry (the lowest free one), so that choice and the
  // rewritten registers stay off the path to the I-buffer's dependency bits:
  //   R'(w, r) = (R(w, r) & ~WB(w, r)) | ISS(w, r)
  // with R the lookup in rm_q/reg_q, WB(w, r) the writeback's mask when (w, r) is the written
  // register (else 0) and ISS(w, r) the issued mask when (w, r) is the reserved destination and
  // the issue writes (iss_ok and a destination; else 0). Exact in every state, not only in
  // reachable ones: the writeback clears wb_mask_i in every entry of (w, r) it hits, and a hit
  // needs (w, r) = (wb warp, wb reg) (a free entry's R-mask is 0 with or without it); the issue
  // ORs the mask into the entries of (iss warp, iss dst) that hold it, or into a free entry
  // (R-mask 0 after the writeback) that it renames to iss dst. Proven equal to the form below at
  // W = 32 and 64. The shorter path; on the ECP5 at W = 32 its netlist (half the LUT4 of the
  // other) does not route (docs/fpga.md).
  //
  // LOOKUP_NEXT = 1: the lookups read the next state rm_d/reg_d directly (the earlier
  // form): the issue's choice of entry and the rewritten registers are on the path to the
  // dependency bits, and the netlist is larger, but on the ECP5 at W = 32 it routes.
  //
  // A free entry has a zero R-mask, so its stale register adds nothing (both forms).
  logic [NT*MW-1:0]    lk_rm;    // what the lookups read: the state, or the next state
  logic [NT*REG_W-1:0] lk_reg;
  if (LOOKUP_NEXT != 0) begin : g_lookup_next
    assign lk_rm  = rm_d;
    assign lk_reg = reg_d;
  end else begin : g_lookup_state
    assign lk_rm  = rm_q;
    assign lk_reg = reg_q;
  end
  // The lookups in what they read (lk_*), and with LOOKUP_NEXT = 0 the terms' conditions, behind
  // a register rank when STEP_CLKS = 2 (with LOOKUP_NEXT = 1 they read the next state, which
  // the step's second clock forms: not cut).
  logic [MW-1:0]     wb_raw;
  logic [NOP*MW-1:0] dec_raw;
  logic              iss_wb_same;
  logic [NOP-1:0]    iss_dec_same;
  always_comb begin
    wb_raw  = '0;
    dec_raw = '0;
    for (int t = 0; t < NT; t++) begin
      if (wb_woh[t / NE] && lk_reg[t*REG_W +: REG_W] == wb_reg_i) begin
        wb_raw = wb_raw | lk_rm[t*MW +: MW];
      end
      for (int k = 0; k < NOP; k++) begin
        if (dec_woh[t / NE] && lk_reg[t*REG_W +: REG_W] == dec_reg_i[k*REG_W +: REG_W]) begin
          dec_raw[k*MW +: MW] = dec_raw[k*MW +: MW] | lk_rm[t*MW +: MW];
        end
      end
    end
    iss_wb_same = |(wb_woh & iss_woh) && iss_dst_i == wb_reg_i;
    for (int k = 0; k < NOP; k++) begin
      iss_dec_same[k] = |(dec_woh & iss_woh) && dec_reg_i[k*REG_W +: REG_W] == iss_dst_i;
    end
  end
  logic [MW-1:0]     wb_raw_c;
  logic [NOP*MW-1:0] dec_raw_c;
  logic              iss_wb_same_c;
  logic [NOP-1:0]    iss_dec_same_c;
  simt_step_cut #(.WIDTH(MW + NOP * MW + 1 + NOP), .CUT(Cut && LOOKUP_NEXT == 0)) u_cut_lk (
    .clk_i,
    .d_i({wb_raw,   dec_raw,   iss_wb_same,   iss_dec_same}),
    .q_o({wb_raw_c, dec_raw_c, iss_wb_same_c, iss_dec_same_c})
  );

  logic iss_wr;
  assign iss_wr = iss_ok & iss_dst_v_c;
  always_comb begin
    wb_rm_o  = wb_raw_c;
    dec_rm_o = dec_raw_c;
    if (LOOKUP_NEXT == 0) begin   // the writeback's and the issue's terms (the next state has them)
      if (wb_valid_i && |wb_woh) begin
        wb_rm_o = wb_rm_o & ~wb_mask_i;
      end
      if (iss_wr && iss_wb_same_c) begin
        wb_rm_o = wb_rm_o | iss_mask_c;
      end
      for (int k = 0; k < NOP; k++) begin
        if (wb_valid_i && |(dec_woh & wb_woh) && dec_reg_i[k*REG_W +: REG_W] == wb_reg_i) begin
          dec_rm_o[k*MW +: MW] = dec_rm_o[k*MW +: MW] & ~wb_mask_i;
        end
        if (iss_wr && iss_dec_same_c[k]) begin
          dec_rm_o[k*MW +: MW] = dec_rm_o[k*MW +: MW] | iss_mask_c;
        end
      end
    end
  end

  assign iss_ok_o   = iss_ok;
  assign iss_full_o = iss_elig_c & full & step_i;
  assign sb_valid_o = valid_q;
  assign sb_reg_o   = reg_q;
  assign sb_rm_o    = rm_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // Local invariants (docs/units/rmask_sb.md; the formal wrapper's a_unique and the contract's
  // refusal rule, ElTantawy et al. 2014 §3.3.2): they hold for any inputs after reset.
  logic f_unique, f_full_real;
  always_comb begin
    f_unique    = 1'b1;   // at most one valid entry per (warp, register)
    f_full_real = 1'b1;   // a refusal: every entry of the warp in use after the writeback,
                          // none holding the destination
    for (int t = 0; t < NT; t++) begin
      for (int u = t + 1; u < NT; u++) begin
        if (t / NE == u / NE && valid_q[t] && valid_q[u]
            && reg_q[t*REG_W +: REG_W] == reg_q[u*REG_W +: REG_W]) begin
          f_unique = 1'b0;
        end
      end
      if (iss_woh[t / NE] && (!valid1[t] || reg_q[t*REG_W +: REG_W] == iss_dst_i)) begin
        f_full_real = 1'b0;
      end
    end
  end
  `SIMT_ASSERT(a_unique, f_unique)
  `SIMT_ASSERT(a_full_real, !iss_full_o || (iss_dst_v_i && f_full_real))
  `SIMT_ASSERT(a_ok_full, !(iss_ok_o && iss_full_o))
  `SIMT_COVER(c_full, iss_full_o)
`endif
endmodule
`default_nettype wire
