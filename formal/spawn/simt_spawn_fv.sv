// SPDX-License-Identifier: Apache-2.0
// simt_spawn_fv: formal wrapper for simt_spawn (docs/units/spawn.md; Steffen 2012 §5.1-5.4).
//
// Every DUT input is a free input of this wrapper: the only assumption is a reset in the first
// cycle (the doc's state is defined from reset). Reset may also be asserted at any later cycle.
// No protocol assumption: the contract ignores (and flags) pops of an empty FIFO and releases of
// blocks not handed out, back-pressures spawns it cannot take, and defines every other input
// combination, so the properties must hold for ANY input sequence. wf_base_i is free in every
// cycle too (the addresses are checked relative to the cycle's wf_base_i).
//
// The whole state is on the ports (the state taps), so every property is stated on the ports.
// The one ghost is g_thr_q, the thread balance of one PC f_pc (an anyconst: the solver picks
// any PC, so the balance is proven for every PC with one counter).
//
// Notation as in the doc: n = popcount(sp_mask_i), C, b1, b2, T = C + n, lowfree, ffull,
// nofree; "occupied" FIFO slots are the fifo_cnt_o slots from fifo_rd_o on (mod FIFO_D); the
// others hold stale values and are unconstrained.
//
// Properties (the doc's "Invariants", numbered as there; parameter PROPS = 1). The local
// invariants are assertions of the RTL itself (rtl/spawn/simt_spawn.sv, rtl/common/
// simt_assert.svh), proven here as part of the DUT (in every task, PROPS or not) and checked by
// every Verilated model:
//  (2) a_part (every block 0..NBLK-1 in exactly one of: free_o; a1 of one entry; a2 of one entry;
//      the block of one occupied FIFO slot; out_o), a_range (no block >= NBLK);
//  (3) a_st_slot (every enabled store address is wf_base + slot*SLOT_B, the slot in
//      [b1*W + C, b1*W + min(T, W)) or [b2*W, b2*W + T - W));
//  (5) a_push_w (a spawn-completed warp is written with last mod W = W-1, pc = sp_pc_i, block b1);
//  (6) a_stall_keep, a_idle_keep (stated as "the next state is the state"), a_stall_st,
//      a_bad_pop, a_bad_rel;
//  (8) a_nostall, a_evict (FULL_POL = 1);
//  strengthening invariants a_fifo_ptr, a_inv_ent (an invalid entry has tag 0 and cnt 0),
//  a_tag_uniq (the tags of valid entries are pairwise distinct).
// This wrapper adds what needs its ghost state or is too costly to simulate every cycle:
//  (3) a_st_dist   the enabled store slots are pairwise distinct (so, with a_st_slot, the n
//                  stores fill exactly the n slots C..T-1 of the warp being formed): quadratic
//                  in W, formal only
//  (4) a_cons      thread conservation for PC f_pc: g_thr_q (threads accepted for f_pc, i.e.
//                  popcount(st_en_o) of spawns with sp_pc_i = f_pc, minus the nw_n_o of the
//                  warps popped with nw_pc_o = f_pc) = the thread counts ((last mod W) + 1) of
//                  the occupied FIFO slots with pc = f_pc + cnt of the valid entry tagged f_pc
//                  (ghost state). (1..W threads per FIFO slot holds by the encoding, cnt < W by
//                  the width: nothing to prove.)
//  (7) PFX = 0 vs PFX = 1: parameter MITER = 1 adds a second simt_spawn with the other PFX on
//      the same inputs; a_miter: every output (state taps included) of the two is equal in every
//      cycle (inductive at depth 1: equal taps = equal state).
//  (9) PIPE = 1 (docs/units/spawn.md, "Pipelined form"): parameters MITER = 1, MITER_PIPE = 1
//      make the second instance PIPE = 1 (same PFX); a_miter_pipe: its outputs and state taps
//      equal the first's, except st_en_o and st_addr_o, which equal the first's of the cycle
//      before (0 after a reset). With the contract proven on PIPE = 0, this is PIPE = 1's proof.
//
// Contract checks (parameter CONTRACT = 1): the cycle contract of the doc computed here by
// plain loops, on every output and on the next state (a reference model of one cycle):
//      a_choice    sp_hit_o, sp_ent_o (hit, else lowest invalid, else lowest cnt = 0, else 0)
//      a_spawn     sp_stall_o, sp_why_o, sp_ok_o, sp_push_o, st_en_o
//      a_addr      st_addr_o of every lane, enabled or not (the "duplicated memory address")
//      a_flush     fl_ok_o, fl_none_o (target: valid, cnt > 0, lowest tag)
//      a_nw        nw_* from the FIFO head (registered outputs)
//      a_next      the whole next state: LUT, free_o, out_o, FIFO storage, rd, cnt
//      a_err       err_o sticky, set by a LUT-full stall (FULL_POL = 0), bad release, bad pop
//      a_reset     the reset state
`default_nettype none
module simt_spawn_fv #(
  parameter int unsigned W        = 4,
  parameter int unsigned PC_W     = 8,
  parameter int unsigned NENT     = 2,
  parameter int unsigned NBLK     = 7,
  parameter int unsigned FIFO_D   = 2,
  parameter int unsigned AW       = 16,
  parameter int unsigned SLOT_B   = 4,
  parameter int unsigned PFX      = 0,
  parameter int unsigned FULL_POL = 0,
  parameter bit          PROPS    = 1'b1,  // the wrapper's invariants a_cons, a_st_dist
  parameter bit          CONTRACT = 1'b1,  // cycle-contract checks
  parameter bit          MITER    = 1'b0,  // (7): second instance with the other PFX
  parameter bit          MITER_PIPE = 1'b0, // (9): with MITER, the second instance is PIPE = 1
  localparam int unsigned CW  = $clog2(W),
  localparam int unsigned BW  = (NBLK > 1) ? $clog2(NBLK) : 1,
  localparam int unsigned SXW = BW + CW,
  localparam int unsigned EW  = (NENT > 1) ? $clog2(NENT) : 1,
  localparam int unsigned NW  = $clog2(W + 1),
  localparam int unsigned FW  = (FIFO_D > 1) ? $clog2(FIFO_D) : 1,
  localparam int unsigned FCW = $clog2(FIFO_D + 1)
) (
  input wire logic            clk_i,
  input wire logic            rst_ni,
  input wire logic [AW-1:0]   wf_base_i,
  input wire logic            sp_valid_i,
  input wire logic [PC_W-1:0] sp_pc_i,
  input wire logic [W-1:0]    sp_mask_i,
  input wire logic            fl_req_i,
  input wire logic            nw_pop_i,
  input wire logic            rel_valid_i,
  input wire logic [BW-1:0]   rel_blk_i
);
  localparam int unsigned SBW = (SLOT_B == 8) ? 3 : 2;

  logic                   sp_ok_o, sp_stall_o, sp_hit_o, sp_push_o;
  logic [2:0]             sp_why_o;
  logic [EW-1:0]          sp_ent_o;
  logic [W-1:0]           st_en_o;
  logic [W*AW-1:0]        st_addr_o;
  logic                   fl_ok_o, fl_none_o, pop_bad_o, nw_valid_o, rel_bad_o;
  logic [PC_W-1:0]        nw_pc_o;
  logic [SXW-1:0]         nw_last_o;
  logic [NW-1:0]          nw_n_o;
  logic [W-1:0]           nw_mask_o;
  logic [W*AW-1:0]        nw_addr_o;
  logic [2:0]             err_o;
  logic [NENT-1:0]        ent_v_o;
  logic [NENT*PC_W-1:0]   ent_tag_o;
  logic [NENT*BW-1:0]     ent_a1_o, ent_a2_o;
  logic [NENT*CW-1:0]     ent_cnt_o;
  logic [NBLK-1:0]        free_o, out_o;
  logic [FIFO_D*PC_W-1:0] fifo_pc_o;
  logic [FIFO_D*SXW-1:0]  fifo_last_o;
  logic [FW-1:0]          fifo_rd_o;
  logic [FCW-1:0]         fifo_cnt_o;

  simt_spawn #(.W(W), .PC_W(PC_W), .NENT(NENT), .NBLK(NBLK), .FIFO_D(FIFO_D), .AW(AW),
               .SLOT_B(SLOT_B), .PFX(PFX), .FULL_POL(FULL_POL)) dut (
    .clk_i, .rst_ni, .wf_base_i, .sp_valid_i, .sp_pc_i, .sp_mask_i,
    .sp_ok_o, .sp_stall_o, .sp_why_o, .sp_hit_o, .sp_ent_o, .sp_push_o, .st_en_o, .st_addr_o,
    .fl_req_i, .fl_ok_o, .fl_none_o, .nw_pop_i, .pop_bad_o, .nw_valid_o, .nw_pc_o, .nw_last_o,
    .nw_n_o, .nw_mask_o, .nw_addr_o, .rel_valid_i, .rel_blk_i, .rel_bad_o, .err_o,
    .ent_v_o, .ent_tag_o, .ent_a1_o, .ent_a2_o, .ent_cnt_o, .free_o, .out_o,
    .fifo_pc_o, .fifo_last_o, .fifo_rd_o, .fifo_cnt_o
  );

  // All outputs as one vector (the miter compares it), and the state taps as one vector.
  localparam int unsigned OUT_W = 4 + 3 + EW + W + W * AW + 5 + PC_W + SXW + NW + W + W * AW + 3;
  localparam int unsigned ST_W  = NENT * (1 + PC_W + 2 * BW + CW) + 2 * NBLK
                                + FIFO_D * (PC_W + SXW) + FW + FCW;
  logic [OUT_W-1:0] f_outs;
  logic [ST_W-1:0]  f_state;
  assign f_outs  = {sp_ok_o, sp_stall_o, sp_hit_o, sp_push_o, sp_why_o, sp_ent_o, st_en_o,
                    st_addr_o, fl_ok_o, fl_none_o, pop_bad_o, nw_valid_o, rel_bad_o, nw_pc_o,
                    nw_last_o, nw_n_o, nw_mask_o, nw_addr_o, err_o};
  assign f_state = {ent_v_o, ent_tag_o, ent_a1_o, ent_a2_o, ent_cnt_o, free_o, out_o,
                    fifo_pc_o, fifo_last_o, fifo_rd_o, fifo_cnt_o};

  // ---- reset in the first cycle -----------------------------------------------------------
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  // =============================================================================================
  // The contract, computed by plain loops on the taps and the inputs of the cycle
  // =============================================================================================
  // n and the exclusive prefix counts p_i
  logic [NW-1:0]   f_n;
  logic [W*NW-1:0] f_p;
  always @(*) begin
    f_n = '0;
    for (int i = 0; i < W; i++) begin
      f_p[i*NW +: NW] = f_n;
      f_n = f_n + NW'(sp_mask_i[i]);
    end
  end

  // entry choice
  logic          f_hit, f_inv, f_zero, f_lutfull;
  logic [EW-1:0] f_hit_e, f_inv_e, f_zero_e, f_ent;
  always @(*) begin
    f_hit = 1'b0; f_inv = 1'b0; f_zero = 1'b0;
    f_hit_e = '0; f_inv_e = '0; f_zero_e = '0;
    for (int e = NENT - 1; e >= 0; e--) begin   // downwards: the lowest one wins
      if (ent_v_o[e] && ent_tag_o[e*PC_W +: PC_W] == sp_pc_i) begin
        f_hit = 1'b1; f_hit_e = EW'(e);
      end
      if (!ent_v_o[e]) begin
        f_inv = 1'b1; f_inv_e = EW'(e);
      end
      if (ent_cnt_o[e*CW +: CW] == '0) begin
        f_zero = 1'b1; f_zero_e = EW'(e);
      end
    end
    f_lutfull = !f_hit && !f_inv && !f_zero;
    f_ent     = f_hit ? f_hit_e : f_inv ? f_inv_e : f_zero ? f_zero_e : '0;
  end

  logic [CW-1:0] f_c;
  logic [BW-1:0] f_b1, f_b2;
  logic [NW-1:0] f_t;       // T = C + n < 2W
  always @(*) begin
    f_c = '0; f_b1 = '0; f_b2 = '0;
    for (int e = 0; e < NENT; e++) begin
      if (f_ent == EW'(e)) begin
        f_c  = f_hit ? ent_cnt_o[e*CW +: CW] : '0;
        f_b1 = ent_a1_o[e*BW +: BW];
        f_b2 = ent_a2_o[e*BW +: BW];
      end
    end
    f_t = NW'(f_c) + f_n;
  end

  // block pool, FIFO occupancy
  logic          f_ffull, f_nofree, f_fempty;
  logic [BW-1:0] f_lf;
  always @(*) begin
    f_ffull  = (fifo_cnt_o == FCW'(FIFO_D));
    f_fempty = (fifo_cnt_o == '0);
    f_nofree = (free_o == '0);
    f_lf     = '0;
    for (int b = NBLK - 1; b >= 0; b--) begin
      if (free_o[b]) f_lf = BW'(b);
    end
  end

  // SPAWN
  logic       f_act, f_over, f_stall, f_ok, f_upd, f_spush;
  logic [2:0] f_why;
  always @(*) begin
    f_act   = sp_valid_i && f_n != '0;
    f_over  = f_t >= NW'(W);
    f_stall = f_act && (f_lutfull || (f_over && (f_ffull || f_nofree)));
    f_why   = {f_act && !f_lutfull && f_over && f_nofree,
               f_act && !f_lutfull && f_over && f_ffull,
               f_act && f_lutfull};
    f_ok    = sp_valid_i && !f_stall;
    f_upd   = f_ok && f_act;
    f_spush = f_upd && f_over;
  end

  // FLUSH target: valid, cnt > 0, lowest tag (lowest entry on a tie, which a_tag_uniq excludes)
  logic            f_fl_any, f_fl_trig, f_fl_ok, f_fl_none;
  logic [EW-1:0]   f_fl_e;
  logic [PC_W-1:0] f_fl_tag;
  logic [CW-1:0]   f_fl_cnt;
  logic [BW-1:0]   f_fl_a1, f_fl_a2;
  always @(*) begin
    f_fl_any = 1'b0; f_fl_e = '0; f_fl_tag = '0; f_fl_cnt = '0; f_fl_a1 = '0; f_fl_a2 = '0;
    for (int e = 0; e < NENT; e++) begin
      if (ent_v_o[e] && ent_cnt_o[e*CW +: CW] != '0 &&
          (!f_fl_any || ent_tag_o[e*PC_W +: PC_W] < f_fl_tag)) begin
        f_fl_any = 1'b1;
        f_fl_e   = EW'(e);
        f_fl_tag = ent_tag_o[e*PC_W +: PC_W];
        f_fl_cnt = ent_cnt_o[e*CW +: CW];
        f_fl_a1  = ent_a1_o[e*BW +: BW];
        f_fl_a2  = ent_a2_o[e*BW +: BW];
      end
    end
    f_fl_trig = fl_req_i || (FULL_POL != 0 && f_act && f_lutfull);
    f_fl_ok   = f_fl_trig && f_fl_any && !f_upd && !f_ffull && !f_nofree;
    f_fl_none = fl_req_i && !f_fl_any;
  end

  // FIFO push, pop, release
  logic            f_push, f_pop, f_rel;
  logic [PC_W-1:0] f_push_pc;
  logic [SXW-1:0]  f_push_last;
  logic [FW-1:0]   f_wr, f_rd_nx;
  always @(*) begin
    f_push      = f_spush || f_fl_ok;
    f_push_pc   = f_spush ? sp_pc_i : f_fl_tag;
    f_push_last = f_spush ? {f_b1, {CW{1'b1}}} : {f_fl_a1, f_fl_cnt - CW'(1)};
    f_wr        = FW'((32'(fifo_rd_o) + 32'(fifo_cnt_o)) % FIFO_D);
    f_rd_nx     = FW'((32'(fifo_rd_o) + 1) % FIFO_D);
    f_pop       = nw_pop_i && !f_fempty;
    f_rel       = rel_valid_i && 32'(rel_blk_i) < NBLK && out_o[rel_blk_i];
  end

  // the FIFO head and the occupied slots
  logic [FIFO_D-1:0] f_occ;
  logic [PC_W-1:0]   f_head_pc;
  logic [SXW-1:0]    f_head_last;
  always @(*) begin
    f_head_pc = '0; f_head_last = '0;
    for (int s = 0; s < FIFO_D; s++) begin
      f_occ[s] = ((s + FIFO_D - 32'(fifo_rd_o)) % FIFO_D) < 32'(fifo_cnt_o);
      if (32'(fifo_rd_o) == s) begin
        f_head_pc   = fifo_pc_o[s*PC_W +: PC_W];
        f_head_last = fifo_last_o[s*SXW +: SXW];
      end
    end
  end

  // =============================================================================================
  // (3) store slots pairwise distinct (a_st_slot, the slot range, is in the RTL)
  // =============================================================================================
  logic [W*SXW-1:0] f_sslot;     // slot of each lane, from its address
  logic             f_st_dist;
  always @(*) begin
    f_st_dist = 1'b1;
    for (int i = 0; i < W; i++) begin
      logic [AW-1:0]  rel;
      rel = st_addr_o[i*AW +: AW] - wf_base_i;
      f_sslot[i*SXW +: SXW] = rel[SBW +: SXW];
    end
    for (int i = 0; i < W; i++) begin
      for (int j = i + 1; j < W; j++) begin
        if (st_en_o[i] && st_en_o[j] && f_sslot[i*SXW +: SXW] == f_sslot[j*SXW +: SXW])
          f_st_dist = 1'b0;
      end
    end
  end

  // =============================================================================================
  // (4) thread conservation for the PC f_pc
  // =============================================================================================
  localparam int unsigned GW = $clog2((FIFO_D + 1) * W + 1) + 1;
  (* anyconst *) logic [PC_W-1:0] f_pc;
  logic [GW-1:0] g_thr_q, f_acc, f_held;
  always @(*) begin
    f_acc = '0;
    for (int i = 0; i < W; i++) f_acc = f_acc + GW'(st_en_o[i]);
    if (sp_pc_i != f_pc) f_acc = '0;
    f_held = '0;
    for (int s = 0; s < FIFO_D; s++) begin
      if (f_occ[s] && fifo_pc_o[s*PC_W +: PC_W] == f_pc)
        f_held = f_held + GW'(fifo_last_o[s*SXW +: CW]) + GW'(1);
    end
    for (int e = 0; e < NENT; e++) begin
      if (ent_v_o[e] && ent_tag_o[e*PC_W +: PC_W] == f_pc)
        f_held = f_held + GW'(ent_cnt_o[e*CW +: CW]);
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) g_thr_q <= '0;
    else g_thr_q <= g_thr_q + f_acc
                    - ((f_pop && nw_pc_o == f_pc) ? GW'(nw_n_o) : '0);
  end

  // =============================================================================================
  // Assertions (the local invariants are the RTL's own)
  // =============================================================================================
  always @(*) begin
    if (f_past_valid && PROPS) begin
      a_cons:      assert (g_thr_q == f_held);
      a_st_dist:   assert (f_st_dist);
    end
  end

  // =============================================================================================
  // Contract checks
  // =============================================================================================
  logic [W*AW-1:0] f_addr, f_nw_addr;
  logic [W-1:0]    f_nw_mask;
  logic [NW-1:0]   f_nw_n;
  always @(*) begin
    for (int i = 0; i < W; i++) begin
      logic [NW-1:0]  s;
      logic [SXW-1:0] slot;
      s    = NW'(f_c) + f_p[i*NW +: NW];
      slot = (s >= NW'(W)) ? {f_b2, CW'(s - NW'(W))} : {f_b1, CW'(s)};
      f_addr[i*AW +: AW] = wf_base_i + (AW'(slot) << SBW);
    end
    f_nw_n = f_fempty ? '0 : NW'(f_head_last[CW-1:0]) + NW'(1);
    for (int t = 0; t < W; t++) begin
      f_nw_mask[t] = NW'(t) < f_nw_n;
      f_nw_addr[t*AW +: AW] = f_nw_mask[t] ?
                              wf_base_i + (AW'(f_head_last - SXW'(t)) << SBW) : '0;
    end
  end

  // next state
  logic [NENT-1:0]        f_nx_v;
  logic [NENT*PC_W-1:0]   f_nx_tag;
  logic [NENT*BW-1:0]     f_nx_a1, f_nx_a2;
  logic [NENT*CW-1:0]     f_nx_cnt;
  logic [NBLK-1:0]        f_nx_free, f_nx_out;
  logic [FIFO_D*PC_W-1:0] f_nx_fpc;
  logic [FIFO_D*SXW-1:0]  f_nx_flast;
  logic [FW-1:0]          f_nx_rd;
  logic [FCW-1:0]         f_nx_fcnt;
  logic [ST_W-1:0]        f_nx_state;
  always @(*) begin
    f_nx_v = ent_v_o; f_nx_tag = ent_tag_o; f_nx_a1 = ent_a1_o; f_nx_a2 = ent_a2_o;
    f_nx_cnt = ent_cnt_o;
    for (int e = 0; e < NENT; e++) begin
      if (f_upd && f_ent == EW'(e)) begin
        f_nx_v[e]                = 1'b1;
        f_nx_tag[e*PC_W +: PC_W] = sp_pc_i;
        f_nx_cnt[e*CW +: CW]     = CW'(f_over ? f_t - NW'(W) : f_t);
        if (f_over) begin
          f_nx_a1[e*BW +: BW] = f_b2;
          f_nx_a2[e*BW +: BW] = f_lf;
        end
      end
      if (f_fl_ok && f_fl_e == EW'(e)) begin
        f_nx_a1[e*BW +: BW]  = f_fl_a2;
        f_nx_a2[e*BW +: BW]  = f_lf;
        f_nx_cnt[e*CW +: CW] = '0;
      end
    end
    f_nx_free = free_o;
    f_nx_out  = out_o;
    if (f_push) f_nx_free[f_lf] = 1'b0;
    if (f_pop)  f_nx_out[f_head_last[SXW-1:CW]] = 1'b1;
    if (f_rel) begin
      f_nx_out[rel_blk_i]  = 1'b0;
      f_nx_free[rel_blk_i] = 1'b1;
    end
    f_nx_fpc   = fifo_pc_o;
    f_nx_flast = fifo_last_o;
    if (f_push) begin
      f_nx_fpc[f_wr*PC_W +: PC_W]  = f_push_pc;
      f_nx_flast[f_wr*SXW +: SXW] = f_push_last;
    end
    f_nx_rd    = f_pop ? f_rd_nx : fifo_rd_o;
    f_nx_fcnt  = fifo_cnt_o + FCW'(f_push) - FCW'(f_pop);
    f_nx_state = {f_nx_v, f_nx_tag, f_nx_a1, f_nx_a2, f_nx_cnt, f_nx_free, f_nx_out,
                  f_nx_fpc, f_nx_flast, f_nx_rd, f_nx_fcnt};
  end

  // reset state
  logic [NENT*BW-1:0] f_rst_a1, f_rst_a2;
  logic [ST_W-1:0]    f_rst_state;
  always @(*) begin
    for (int e = 0; e < NENT; e++) begin
      f_rst_a1[e*BW +: BW] = BW'(2 * e);
      f_rst_a2[e*BW +: BW] = BW'(2 * e + 1);
    end
    f_rst_state = {{NENT{1'b0}}, {(NENT*PC_W){1'b0}}, f_rst_a1, f_rst_a2, {(NENT*CW){1'b0}},
                   {NBLK{1'b1}} << (2 * NENT), {NBLK{1'b0}}, {(FIFO_D*PC_W){1'b0}},
                   {(FIFO_D*SXW){1'b0}}, {FW{1'b0}}, {FCW{1'b0}}};
  end

  always @(*) begin
    if (f_past_valid && CONTRACT) begin
      a_choice: assert (sp_hit_o == (sp_valid_i && f_hit) && sp_ent_o == f_ent);
      a_spawn:  assert (sp_stall_o == f_stall && sp_why_o == f_why && sp_ok_o == f_ok &&
                        sp_push_o == f_spush && st_en_o == (f_ok ? sp_mask_i : '0));
      a_addr:   assert (st_addr_o == f_addr);
      a_flush:  assert (fl_ok_o == f_fl_ok && fl_none_o == f_fl_none);
      a_nw:     assert (nw_valid_o == !f_fempty &&
                        nw_pc_o == (f_fempty ? '0 : f_head_pc) &&
                        nw_last_o == (f_fempty ? '0 : f_head_last) &&
                        nw_n_o == f_nw_n && nw_mask_o == f_nw_mask && nw_addr_o == f_nw_addr);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && CONTRACT) begin
      if ($past(rst_ni)) begin
        a_next:  assert (f_state == $past(f_nx_state));
        a_err:   assert (err_o == ($past(err_o) | {$past(pop_bad_o), $past(rel_bad_o),
                                                   FULL_POL == 0 && $past(sp_why_o[0])}));
      end else begin
        a_reset: assert (f_state == f_rst_state && err_o == '0);
      end
    end
  end

  // =============================================================================================
  // (7) PFX = 0 vs PFX = 1
  // =============================================================================================
  if (MITER) begin : g_miter
    logic [OUT_W-1:0] m_outs;
    logic [ST_W-1:0]  m_state;
    logic             m_sp_ok, m_sp_stall, m_sp_hit, m_sp_push, m_fl_ok, m_fl_none, m_pop_bad;
    logic             m_nw_valid, m_rel_bad;
    logic [2:0]       m_sp_why, m_err;
    logic [EW-1:0]    m_sp_ent;
    logic [W-1:0]     m_st_en, m_nw_mask;
    logic [W*AW-1:0]  m_st_addr, m_nw_addr;
    logic [PC_W-1:0]  m_nw_pc;
    logic [SXW-1:0]   m_nw_last;
    logic [NW-1:0]    m_nw_n;
    logic [NENT-1:0]        m_ent_v;
    logic [NENT*PC_W-1:0]   m_ent_tag;
    logic [NENT*BW-1:0]     m_ent_a1, m_ent_a2;
    logic [NENT*CW-1:0]     m_ent_cnt;
    logic [NBLK-1:0]        m_free, m_out;
    logic [FIFO_D*PC_W-1:0] m_fifo_pc;
    logic [FIFO_D*SXW-1:0]  m_fifo_last;
    logic [FW-1:0]          m_fifo_rd;
    logic [FCW-1:0]         m_fifo_cnt;
    simt_spawn #(.W(W), .PC_W(PC_W), .NENT(NENT), .NBLK(NBLK), .FIFO_D(FIFO_D), .AW(AW),
                 .SLOT_B(SLOT_B), .PFX(MITER_PIPE ? PFX : 1 - PFX), .FULL_POL(FULL_POL),
                 .PIPE(MITER_PIPE ? 1 : 0)) dut2 (
      .clk_i, .rst_ni, .wf_base_i, .sp_valid_i, .sp_pc_i, .sp_mask_i,
      .sp_ok_o(m_sp_ok), .sp_stall_o(m_sp_stall), .sp_why_o(m_sp_why), .sp_hit_o(m_sp_hit),
      .sp_ent_o(m_sp_ent), .sp_push_o(m_sp_push), .st_en_o(m_st_en), .st_addr_o(m_st_addr),
      .fl_req_i, .fl_ok_o(m_fl_ok), .fl_none_o(m_fl_none), .nw_pop_i, .pop_bad_o(m_pop_bad),
      .nw_valid_o(m_nw_valid), .nw_pc_o(m_nw_pc), .nw_last_o(m_nw_last), .nw_n_o(m_nw_n),
      .nw_mask_o(m_nw_mask), .nw_addr_o(m_nw_addr), .rel_valid_i, .rel_blk_i,
      .rel_bad_o(m_rel_bad), .err_o(m_err), .ent_v_o(m_ent_v), .ent_tag_o(m_ent_tag),
      .ent_a1_o(m_ent_a1), .ent_a2_o(m_ent_a2), .ent_cnt_o(m_ent_cnt), .free_o(m_free),
      .out_o(m_out), .fifo_pc_o(m_fifo_pc), .fifo_last_o(m_fifo_last), .fifo_rd_o(m_fifo_rd),
      .fifo_cnt_o(m_fifo_cnt)
    );
    assign m_outs  = {m_sp_ok, m_sp_stall, m_sp_hit, m_sp_push, m_sp_why, m_sp_ent, m_st_en,
                      m_st_addr, m_fl_ok, m_fl_none, m_pop_bad, m_nw_valid, m_rel_bad, m_nw_pc,
                      m_nw_last, m_nw_n, m_nw_mask, m_nw_addr, m_err};
    assign m_state = {m_ent_v, m_ent_tag, m_ent_a1, m_ent_a2, m_ent_cnt, m_free, m_out,
                      m_fifo_pc, m_fifo_last, m_fifo_rd, m_fifo_cnt};
    if (!MITER_PIPE) begin : g_pfx
      always @(*) begin
        if (f_past_valid) begin
          a_miter: assert (m_outs == f_outs && m_state == f_state);
        end
      end
    end else begin : g_pipe
      // (9) PIPE = 1 is the single-cycle unit with its store port one cycle late: the other
      // outputs and the state equal in every cycle, st_en_o and st_addr_o equal to the
      // single-cycle ones of the cycle before (0 in the cycle after a reset).
      logic [W-1:0]    p_st_en_q;
      logic [W*AW-1:0] p_st_addr_q;
      always @(posedge clk_i) begin
        p_st_en_q   <= rst_ni ? st_en_o : '0;
        p_st_addr_q <= rst_ni ? st_addr_o : '0;
      end
      always @(*) begin
        if (f_past_valid) begin
          a_miter_pipe: assert (m_outs == {f_outs[OUT_W-1 -: 4 + 3 + EW], p_st_en_q, p_st_addr_q,
                                           f_outs[OUT_W-1-(4+3+EW+W+W*AW):0]} && m_state == f_state);
        end
      end
    end
  end

  // =============================================================================================
  // Non-vacuity
  // =============================================================================================
  always @(*) begin
    if (f_past_valid && rst_ni) begin
      c_complete:  cover (sp_push_o);
      c_exact:     cover (sp_push_o && f_t == NW'(W));
      c_overflow:  cover (sp_push_o && f_t > NW'(W));
      c_retag:     cover (f_upd && !f_hit && !f_inv);
      c_stall_lut: cover (sp_why_o[0]);
      c_stall_ff:  cover (sp_why_o[1]);
      c_stall_blk: cover (sp_why_o[2]);
      c_flush:     cover (fl_ok_o && fl_req_i);
      c_fl_none:   cover (fl_none_o);
      c_fl_busy:   cover (fl_req_i && !fl_ok_o && !fl_none_o);
      c_pop_part:  cover (nw_pop_i && nw_valid_o && nw_n_o < NW'(W));
      c_pop_full:  cover (nw_pop_i && nw_n_o == NW'(W));
      c_pop_bad:   cover (pop_bad_o);
      c_rel:       cover (rel_valid_i && !rel_bad_o);
      c_rel_bad:   cover (rel_valid_i && rel_bad_o && 32'(rel_blk_i) < NBLK);
      c_fifo_wrap: cover (f_push && 32'(fifo_rd_o) + 32'(fifo_cnt_o) >= FIFO_D);
      if (FULL_POL != 0) begin
        c_evict:   cover (fl_ok_o && !fl_req_i && sp_why_o[0]);
      end else begin
        c_err_lut: cover (err_o[0]);
      end
    end
  end

  logic unused;
  assign unused = ^{f_outs, nw_last_o, f_nx_state, f_rst_state};
endmodule
`default_nettype wire
