// SPDX-License-Identifier: Apache-2.0
// simt_st_rt: Warp Split Table (ST) and Reconvergence Table (RT) of one warp, multi-path IPDOM
// (ElTantawy et al. 2014 §3) with opportunistic early reconvergence (§4, OREC = 1). Cycle
// contract: docs/units/st_rt.md, followed exactly (golden model cmodel/simt_st_rt.c).
//
// State without valid bits: an ST entry is valid iff its mask is non-zero, an RT entry iff its
// pending mask is non-zero. Freed entries keep their other fields (stale, still on the outputs).
// A link is {hasr, rpc, ridx}, kept packed per entry so that one comparator per ST entry does the
// OREC link check.
//
// One operation per cycle; every datapath below is shared between the operations:
//   - the ADV path (ADV, or a uniform BR = an ADV to its single target with blk = 1): arrival
//     at the split's RPC, the RT entry moving back (reconvergence), or the split moving on;
//   - the divergent BR: new or reused RT entry L, sides at the RPC, side T into entry sel_i,
//     side N into sel_i (T at the RPC) or the lowest free entry ff;
//   - at most two insertions per cycle, A (the ADV-path insertion or side T, always into
//     sel_i) and B (side N). The OREC search compares the bpc of every ST entry with A's PC
//     (bank A) and with npc_i (bank B, side N), and the link of every ST entry with the one
//     link both insertions share. A has priority; one priority select picks E. With OREC_CMP
//     = 1 (the default up to 16 ST entries) each of those compares, and the merge's (E's PC
//     against X's), is made against every value its operand can take, beside the decisions
//     that choose the value (the same function, proven against the other form:
//     docs/fpga.md, "Timing changes that keep the cycle contract"). With OREC_CMP = 0 the
//     operand is chosen first: fewer comparators, which the full-size tables need to route.
`default_nettype none
module simt_st_rt #(
  parameter int unsigned W    = 32,  // lanes
  parameter int unsigned PC_W = 32,  // PC bits
  parameter int unsigned NST  = 32,  // Split Table entries
  parameter int unsigned NRT  = 32,  // Reconvergence Table entries
  parameter int unsigned OREC = 1,   // 1: opportunistic early reconvergence (§4)
  // 1: the OREC search's and the merge's compares made against every value of their operands,
  // the decisions only picking (shorter path, more comparators); 0: the operand chosen first,
  // one compare per entry after it (smaller; the earlier form). Same function.
  parameter int unsigned OREC_CMP = (NST <= 16) ? 1 : 0,
  // Clocks per step: 1, or 2 (docs/units/st_rt.md, "Two-clock step": the inputs held over both
  // clocks, the state written on the second, a register rank after the operation's decisions
  // and the OREC search's candidates).
  parameter int unsigned STEP_CLKS = 1,
  localparam int unsigned SI_W = (NST > 1) ? $clog2(NST) : 1,
  localparam int unsigned RI_W = (NRT > 1) ? $clog2(NRT) : 1
) (
  input  wire logic                 clk_i,
  input  wire logic                 rst_ni,       // synchronous, active low
  input  wire logic [2:0]           op_i,         // 0 NONE, 1 ADV, 2 BR, 3 EXIT, 4 LAUNCH
  input  wire logic [SI_W-1:0]      sel_i,
  input  wire logic [PC_W-1:0]      npc_i,
  input  wire logic                 blk_i,
  input  wire logic [PC_W-1:0]      tgt_i,
  input  wire logic [W-1:0]         tmask_i,
  input  wire logic [PC_W-1:0]      rpc_i,
  output logic                      ok_o,
  output logic                      stall_o,
  output logic                      bad_o,
  output logic [7:0]                ev_o,
  output logic [NST-1:0]            st_valid_o,
  output logic [NST*PC_W-1:0]       st_pc_o,
  output logic [NST*PC_W-1:0]       st_bpc_o,
  output logic [NST*W-1:0]          st_mask_o,
  output logic [NST*PC_W-1:0]       st_rpc_o,
  output logic [NST-1:0]            st_hasr_o,
  output logic [NST*RI_W-1:0]       st_ridx_o,
  output logic [NRT-1:0]            rt_valid_o,
  output logic [NRT*PC_W-1:0]       rt_pc_o,
  output logic [NRT*PC_W-1:0]       rt_rpc_o,
  output logic [NRT-1:0]            rt_hasr_o,
  output logic [NRT*RI_W-1:0]       rt_ridx_o,
  output logic [NRT*W-1:0]          rt_rmask_o,
  output logic [NRT*W-1:0]          rt_pend_o,
  output logic                      pick_valid_o,
  output logic [SI_W-1:0]           pick_o,
  output logic                      done_o
);
  // ---------------------------------------------------------------------------------------------
  // Parameter checks (the C model's limits: docs/units/st_rt.md, "Parameters")
  // ---------------------------------------------------------------------------------------------
  if (W < 1 || W > 64) begin : g_bad_w
    $error("simt_st_rt: W (%0d) must be 1..64", W);
  end
  if (PC_W < 1 || PC_W > 64) begin : g_bad_pc_w
    $error("simt_st_rt: PC_W (%0d) must be 1..64", PC_W);
  end
  if (NST < 2 || NST > 64) begin : g_bad_nst
    $error("simt_st_rt: NST (%0d) must be 2..64", NST);
  end
  if (NRT < 1 || NRT > 64) begin : g_bad_nrt
    $error("simt_st_rt: NRT (%0d) must be 1..64", NRT);
  end
  if (OREC > 1) begin : g_bad_orec
    $error("simt_st_rt: OREC (%0d) must be 0 or 1", OREC);
  end
  localparam bit Cut = STEP_CLKS > 1;

  localparam int unsigned LK_W = 1 + PC_W + RI_W;   // link {hasr, rpc, ridx}
  localparam logic [2:0] OpNone   = 3'd0;
  localparam logic [2:0] OpAdv    = 3'd1;
  localparam logic [2:0] OpBr     = 3'd2;
  localparam logic [2:0] OpExit   = 3'd3;
  localparam logic [2:0] OpLaunch = 3'd4;

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  logic [NST*PC_W-1:0] st_pc_q,    st_pc_d;
  logic [NST*PC_W-1:0] st_bpc_q,   st_bpc_d;
  logic [NST*W-1:0]    st_mask_q,  st_mask_d;
  logic [NST*LK_W-1:0] st_lnk_q,   st_lnk_d;
  logic [NRT*PC_W-1:0] rt_pc_q,    rt_pc_d;
  logic [NRT*LK_W-1:0] rt_lnk_q,   rt_lnk_d;
  logic [NRT*W-1:0]    rt_rmask_q, rt_rmask_d;
  logic [NRT*W-1:0]    rt_pend_q,  rt_pend_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      st_pc_q    <= '0;
      st_bpc_q   <= '0;
      st_mask_q  <= '0;
      st_lnk_q   <= '0;
      rt_pc_q    <= '0;
      rt_lnk_q   <= '0;
      rt_rmask_q <= '0;
      rt_pend_q  <= '0;
    end else if (step) begin
      st_pc_q    <= st_pc_d;
      st_bpc_q   <= st_bpc_d;
      st_mask_q  <= st_mask_d;
      st_lnk_q   <= st_lnk_d;
      rt_pc_q    <= rt_pc_d;
      rt_lnk_q   <= rt_lnk_d;
      rt_rmask_q <= rt_rmask_d;
      rt_pend_q  <= rt_pend_d;
    end
  end

  // The step's clocks (STEP_CLKS = 2: two, the inputs held over both; docs/units/st_rt.md,
  // "Two-clock step"): the state is written, and the flags given, on the step's last clock.
  logic step;
  simt_step_phase #(.STEP_CLKS(STEP_CLKS), .IN_W(3 + SI_W + 3 * PC_W + 1 + W)) u_step (
    .clk_i, .rst_ni,
    .in_i  ({op_i, sel_i, npc_i, blk_i, tgt_i, tmask_i, rpc_i}),
    .step_o(step)
  );

  logic [NST-1:0] st_valid;
  logic [NRT-1:0] rt_valid;
  always_comb begin
    for (int s = 0; s < NST; s++) st_valid[s] = |st_mask_q[s*W +: W];
    for (int r = 0; r < NRT; r++) rt_valid[r] = |rt_pend_q[r*W +: W];
  end

  // Priority selects (simt_prio_sel): the lowest set request, as a number and one-hot.
  // pick: the lowest valid ST entry.
  logic [NST-1:0] unused_pick_oh;
  simt_prio_sel #(.N(NST), .N_W(SI_W)) u_pick (
    .req_i(st_valid), .valid_o(pick_valid_o), .idx_o(pick_o), .oh_o(unused_pick_oh)
  );
  // ff: the lowest free ST entry (one-hot).
  logic           ff_any;
  logic [NST-1:0] ff_oh;
  logic [SI_W-1:0] unused_ff_num;
  simt_prio_sel #(.N(NST), .N_W(SI_W)) u_ff (
    .req_i(~st_valid), .valid_o(ff_any), .idx_o(unused_ff_num), .oh_o(ff_oh)
  );
  // fr: the lowest free RT entry (number and one-hot).
  logic            fr_any;
  logic [RI_W-1:0] fr_num;
  logic [NRT-1:0]  fr_oh;
  simt_prio_sel #(.N(NRT), .N_W(RI_W)) u_fr (
    .req_i(~rt_valid), .valid_o(fr_any), .idx_o(fr_num), .oh_o(fr_oh)
  );

  // ---------------------------------------------------------------------------------------------
  // S = ST[sel_i] and R = RT[S.ridx], read through one-hot AND-OR multiplexers. An out-of-range
  // index decodes to zero.
  // ---------------------------------------------------------------------------------------------
  localparam logic [NST-1:0] SOne = 1;
  localparam logic [NRT-1:0] ROne = 1;
  logic [NST-1:0]  sel_oh;
  logic [W-1:0]    s_mask;
  logic [LK_W-1:0] s_lnk;
  logic            s_hasr;
  logic [PC_W-1:0] s_rpc;
  logic [RI_W-1:0] s_ridx;
  assign sel_oh = SOne << sel_i;
  always_comb begin
    s_mask = '0;
    s_lnk  = '0;
    for (int s = 0; s < NST; s++) begin
      s_mask = s_mask | (sel_oh[s] ? st_mask_q[s*W +: W] : '0);
      s_lnk  = s_lnk  | (sel_oh[s] ? st_lnk_q[s*LK_W +: LK_W] : '0);
    end
  end
  assign {s_hasr, s_rpc, s_ridx} = s_lnk;

  logic [NRT-1:0]  r_oh;
  logic [PC_W-1:0] r_pc;
  logic [LK_W-1:0] r_lnk;
  logic [W-1:0]    r_rmask, r_pend;
  assign r_oh = ROne << s_ridx;
  always_comb begin
    r_pc    = '0;
    r_lnk   = '0;
    r_rmask = '0;
    r_pend  = '0;
    for (int r = 0; r < NRT; r++) begin
      r_pc    = r_pc    | (r_oh[r] ? rt_pc_q[r*PC_W +: PC_W] : '0);
      r_lnk   = r_lnk   | (r_oh[r] ? rt_lnk_q[r*LK_W +: LK_W] : '0);
      r_rmask = r_rmask | (r_oh[r] ? rt_rmask_q[r*W +: W] : '0);
      r_pend  = r_pend  | (r_oh[r] ? rt_pend_q[r*W +: W] : '0);
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Operation, refusal (bad_o), back-pressure (stall_o)
  // ---------------------------------------------------------------------------------------------
  logic op_adv, op_br, op_exit, op_launch, op_none;
  assign op_none   = (op_i == OpNone);
  assign op_adv    = (op_i == OpAdv);
  assign op_br     = (op_i == OpBr);
  assign op_exit   = (op_i == OpExit);
  assign op_launch = (op_i == OpLaunch);

  logic         sel_ok, any_valid, sub_ok, br_ok;
  logic [W-1:0] mt, mn;   // BR sides: taken lanes (T), not-taken lanes (N)
  assign sel_ok    = |(sel_oh & st_valid);
  assign any_valid = |st_valid | |rt_valid;
  assign mt        = tmask_i;
  assign mn        = s_mask & ~tmask_i;
  assign sub_ok    = ~|(tmask_i & ~s_mask);
  assign br_ok     = op_br & sel_ok & sub_ok;

  logic uniform, div_req, reuse, t_at, n_at, stall, div;
  assign uniform = ~|mt | ~|mn | (tgt_i == npc_i);
  assign div_req = br_ok & ~uniform;
  assign reuse   = s_hasr & (rpc_i == s_rpc);   // second special case: no new RT entry
  assign t_at    = (tgt_i == rpc_i);             // first special case: a side at the RPC
  assign n_at    = (npc_i == rpc_i);
  assign stall   = div_req & ((~t_at & ~n_at & ~ff_any) | (~reuse & ~fr_any));
  assign div     = div_req & ~stall;

  // The ADV path: ADV, or a uniform BR (ADV to tgt_i if any lane takes it, else npc_i; blk = 1).
  logic            advp, a_blk, arrive, reconv, move, exit_ok, launch_ok, ok;
  logic [PC_W-1:0] a_pc;
  assign advp      = (op_adv & sel_ok) | (br_ok & uniform);
  assign a_pc      = (op_br & |mt) ? tgt_i : npc_i;
  assign a_blk     = op_br | blk_i;
  assign arrive    = advp & s_hasr & (a_pc == s_rpc);
  assign reconv    = arrive & ~|(r_pend & ~s_mask);   // RT[S.ridx] moves back into entry sel_i
  assign move      = advp & ~arrive;                   // S.pc := a_pc (and bpc with blk)
  assign exit_ok   = op_exit & sel_ok & ~s_hasr;
  assign launch_ok = op_launch & ~any_valid & |tmask_i;
  assign ok        = advp | div | exit_ok | launch_ok;

  // ---------------------------------------------------------------------------------------------
  // Insertions. A: the split entering a block (move with blk), the RT entry moving back, or side
  // T; always into entry sel_i. B: side N; into sel_i when T is at the RPC, else into ff. Both
  // share one link x_lnk.
  // ---------------------------------------------------------------------------------------------
  logic            a_on, b_on;
  logic [PC_W-1:0] ka;        // A's PC (bank A key)
  logic [W-1:0]    xa_mask;
  logic [RI_W-1:0] l_idx;     // L: the branch's RT entry
  logic [LK_W-1:0] x_lnk;
  assign a_on    = (move & a_blk) | reconv | (div & ~t_at);
  assign b_on    = div & ~n_at;
  assign ka      = reconv ? r_pc : a_pc;   // a_pc = tgt_i in a divergent BR
  assign xa_mask = div ? mt : (reconv ? r_rmask : s_mask);
  assign l_idx   = reuse ? s_ridx : fr_num;
  assign x_lnk   = div ? {1'b1, rpc_i, l_idx} : (reconv ? r_lnk : s_lnk);

  // OREC search over the state at the start of the cycle: valid entries other than sel_i with
  // bpc equal to the insertion's PC and the same link. The lowest match is E.
  logic [NST-1:0]  lnk_eq, bank_a, bank_b, orec_m, e_oh, pc_x;   // pc_x: OREC_CMP = 1
  logic            hit_a, hit, use_a, merge_eq;
  logic [PC_W-1:0] e_pc;
  logic [W-1:0]    e_mask;
  if (OREC_CMP != 0) begin : g_cmp_early
    // Each entry compared with every value the insertion's link and PCs can take (the divergent
    // BR's link, R's, S's; r_pc, tgt_i, npc_i), side by side; the operation's decisions (div,
    // reconv, the BR's side) only pick among the results, so the compares do not wait for them.
    logic [NST-1:0]  eq_ldiv, eq_lrec, eq_ls, bpc_rpc, bpc_tgt, bpc_npc, pc_rpc, pc_tgt, pc_npc;
    logic [NST-1:0]  bpc_ka, pc_ka;
    logic [LK_W-1:0] div_lnk;
    logic            ka_tgt;
    assign div_lnk = {1'b1, rpc_i, l_idx};
    assign ka_tgt  = op_br & |mt;            // a_pc = tgt_i (else npc_i)
    always_comb begin
      for (int s = 0; s < NST; s++) begin
        eq_ldiv[s] = st_lnk_q[s*LK_W +: LK_W] == div_lnk;
        eq_lrec[s] = st_lnk_q[s*LK_W +: LK_W] == r_lnk;
        eq_ls[s]   = st_lnk_q[s*LK_W +: LK_W] == s_lnk;
        bpc_rpc[s] = st_bpc_q[s*PC_W +: PC_W] == r_pc;
        bpc_tgt[s] = st_bpc_q[s*PC_W +: PC_W] == tgt_i;
        bpc_npc[s] = st_bpc_q[s*PC_W +: PC_W] == npc_i;
        pc_rpc[s]  = st_pc_q[s*PC_W +: PC_W] == r_pc;
        pc_tgt[s]  = st_pc_q[s*PC_W +: PC_W] == tgt_i;
        pc_npc[s]  = st_pc_q[s*PC_W +: PC_W] == npc_i;
      end
    end
    assign lnk_eq   = st_valid & ~sel_oh & (div ? eq_ldiv : (reconv ? eq_lrec : eq_ls));  // == x_lnk
    assign bpc_ka   = reconv ? bpc_rpc : (ka_tgt ? bpc_tgt : bpc_npc);                   // == ka
    assign pc_ka    = reconv ? pc_rpc  : (ka_tgt ? pc_tgt  : pc_npc);
    assign bank_a   = lnk_eq & bpc_ka;
    assign bank_b   = lnk_eq & bpc_npc;
    assign pc_x     = use_a ? pc_ka : pc_npc;                                            // == x_pc
  end else begin : g_cmp_late
    // The operand chosen first (x_lnk, ka, x_pc), one compare per entry after it.
    assign pc_x = '0;
    always_comb begin
      for (int s = 0; s < NST; s++) begin
        lnk_eq[s] = st_valid[s] & ~sel_oh[s] & (st_lnk_q[s*LK_W +: LK_W] == x_lnk);
        bank_a[s] = lnk_eq[s] & (st_bpc_q[s*PC_W +: PC_W] == ka);
        bank_b[s] = lnk_eq[s] & (st_bpc_q[s*PC_W +: PC_W] == npc_i);
      end
    end
  end
  assign hit_a  = a_on & |bank_a;
  assign orec_m = (OREC == 0) ? '0 : hit_a ? bank_a : (b_on ? bank_b : '0);
  assign use_a  = hit_a;

  // ---------------------------------------------------------------------------------------------
  // The step's register rank (STEP_CLKS = 2; simt_step_cut, a wire otherwise): the operation's
  // decisions, the insertions' values and the OREC candidates. Each is a function of the state
  // and the held inputs, so its value on the step's first clock is its value on the second;
  // the OREC select, the merge test and the writes follow on the second clock (*_c below).
  // ---------------------------------------------------------------------------------------------
  logic [W-1:0] side_mask, pclr;
  logic         newrt;
  assign side_mask = t_at ? mt : (n_at ? mn : '0);
  assign pclr      = arrive ? s_mask : side_mask;   // lanes leaving RT[L].pend
  assign newrt     = div & ~reuse;
  logic            ok_c, stall_c, launch_ok_c, a_on_c, b_on_c, move_c, exit_ok_c, arrive_c;
  logic            div_c, reconv_c, newrt_c, reuse_c, t_at_c, n_at_c, use_a_c, a_blk_c, fr_any_c;
  logic [PC_W-1:0] ka_c;
  logic [W-1:0]    xa_mask_c, mn_c, s_mask_c, pclr_c;
  logic [LK_W-1:0] x_lnk_c, s_lnk_c;
  logic [NST-1:0]  orec_m_c, ff_oh_c;
  logic [NRT-1:0]  r_oh_c, fr_oh_c;
  logic [RI_W-1:0] fr_num_c;
  simt_step_cut #(.WIDTH(17 + PC_W + 4 * W + 2 * LK_W + 2 * NST + 2 * NRT + RI_W),
                  .CUT(Cut)) u_cut (
    .clk_i,
    .d_i({ok, stall, launch_ok, a_on, b_on, move, exit_ok, arrive, div, reconv, newrt, reuse,
          t_at, n_at, use_a, a_blk, fr_any, ka, xa_mask, mn, s_mask, pclr, x_lnk, s_lnk,
          orec_m, ff_oh, r_oh, fr_oh, fr_num}),
    .q_o({ok_c, stall_c, launch_ok_c, a_on_c, b_on_c, move_c, exit_ok_c, arrive_c, div_c,
          reconv_c, newrt_c, reuse_c, t_at_c, n_at_c, use_a_c, a_blk_c, fr_any_c, ka_c,
          xa_mask_c, mn_c, s_mask_c, pclr_c, x_lnk_c, s_lnk_c, orec_m_c, ff_oh_c, r_oh_c,
          fr_oh_c, fr_num_c})
  );

  logic [NST-1:0]  pc_x_c;
  simt_step_cut #(.WIDTH(NST), .CUT(Cut && OREC_CMP != 0)) u_cut_pcx (
    .clk_i, .d_i(pc_x), .q_o(pc_x_c)
  );

  logic [SI_W-1:0] unused_e_num;
  simt_prio_sel #(.N(NST), .N_W(SI_W)) u_e (
    .req_i(orec_m_c), .valid_o(hit), .idx_o(unused_e_num), .oh_o(e_oh)
  );

  always_comb begin
    e_pc   = '0;
    e_mask = '0;
    for (int s = 0; s < NST; s++) begin
      e_pc   = e_pc   | (e_oh[s] ? st_pc_q[s*PC_W +: PC_W] : '0);
      e_mask = e_mask | (e_oh[s] ? st_mask_q[s*W +: W] : '0);
    end
  end

  // The merge test, e_pc == x_pc: E's compare bit (OREC_CMP = 1; e_oh is one-hot on a hit), or
  // one compare after E's read.
  if (OREC_CMP != 0) begin : g_merge_early
    assign merge_eq = |(e_oh & pc_x_c);
  end else begin : g_merge_late
    logic unused_pc_x;
    assign unused_pc_x = ^pc_x_c;
    assign merge_eq    = e_pc == (use_a_c ? ka_c : npc_i);
  end

  // The resolved insertion X: merge into E, early reconvergence entry Q = fr, or skipped.
  logic [W-1:0]    x_mask;
  logic            merge, early, skip;
  logic [LK_W-1:0] e_lnk, lnk_a, lnk_b;
  assign x_mask = use_a_c ? xa_mask_c : mn_c;
  assign merge  = hit & merge_eq;
  assign early  = hit & ~merge & fr_any_c;
  assign skip   = hit & ~merge & ~fr_any_c;
  assign e_lnk  = {1'b1, e_pc, fr_num_c};    // X reconverges at Q
  assign lnk_a  = (early & use_a_c) ? e_lnk : x_lnk_c;
  assign lnk_b  = (early & ~use_a_c) ? e_lnk : x_lnk_c;

  // ---------------------------------------------------------------------------------------------
  // Split Table update
  // ---------------------------------------------------------------------------------------------
  logic [NST-1:0] b_slot;
  assign b_slot = t_at_c ? sel_oh : ff_oh_c;

  always_comb begin
    for (int s = 0; s < NST; s++) begin
      logic launch_s, wra, wrb, mv, clr, em, ee;
      launch_s = launch_ok_c & (s == 0);
      wra      = a_on_c & sel_oh[s] & ~(merge & use_a_c);
      wrb      = b_on_c & b_slot[s] & ~(merge & ~use_a_c);
      mv       = move_c & sel_oh[s];
      clr      = sel_oh[s] & (exit_ok_c | arrive_c | div_c | (merge & use_a_c));
      em       = merge & e_oh[s];
      ee       = early & e_oh[s];

      st_pc_d[s*PC_W +: PC_W] = (launch_s | wrb) ? npc_i
                              : (wra | mv)       ? ka_c
                              :                    st_pc_q[s*PC_W +: PC_W];
      st_bpc_d[s*PC_W +: PC_W] = (launch_s | wrb)     ? npc_i
                               : (wra | (mv & a_blk_c)) ? ka_c
                               :                        st_bpc_q[s*PC_W +: PC_W];
      st_mask_d[s*W +: W] = launch_s  ? tmask_i
                          : wra       ? xa_mask_c
                          : wrb       ? mn_c
                          : (clr | ee) ? '0
                          : em        ? (st_mask_q[s*W +: W] | x_mask)
                          :             st_mask_q[s*W +: W];
      st_lnk_d[s*LK_W +: LK_W] = launch_s ? '0
                               : wra      ? lnk_a
                               : wrb      ? lnk_b
                               :            st_lnk_q[s*LK_W +: LK_W];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Reconvergence Table update. pclr: lanes leaving RT[L].pend (arrival: S's lanes; divergent
  // BR: the side at the RPC, if any).
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    for (int r = 0; r < NRT; r++) begin
      logic q, nw, upd;
      q   = early & fr_oh_c[r];
      nw  = newrt_c & fr_oh_c[r];
      upd = r_oh_c[r] & (arrive_c | (div_c & reuse_c));

      rt_pc_d[r*PC_W +: PC_W] = q  ? e_pc
                              : nw ? rpc_i
                              :      rt_pc_q[r*PC_W +: PC_W];
      rt_lnk_d[r*LK_W +: LK_W] = q  ? x_lnk_c
                               : nw ? s_lnk_c
                               :      rt_lnk_q[r*LK_W +: LK_W];
      rt_rmask_d[r*W +: W] = q                  ? (e_mask | x_mask)
                           : nw                 ? s_mask_c
                           : (reconv_c & r_oh_c[r]) ? '0
                           :                      rt_rmask_q[r*W +: W];
      rt_pend_d[r*W +: W] = q   ? x_mask
                          : nw  ? (s_mask_c & ~pclr_c)
                          : upd ? (rt_pend_q[r*W +: W] & ~pclr_c)
                          :       rt_pend_q[r*W +: W];
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------------
  // The flags and events on the step's last clock (0 on the first of a two-clock step, as for
  // NONE).
  assign ok_o    = step & ok_c;
  assign stall_o = step & stall_c;
  assign bad_o   = step & ~op_none & ~ok_c & ~stall_c;
  assign ev_o    = {8{step}} & {skip, early, merge, reconv_c, arrive_c, div_c & (t_at_c | n_at_c),
                                newrt_c, div_c};

  assign st_valid_o = st_valid;
  assign st_pc_o    = st_pc_q;
  assign st_bpc_o   = st_bpc_q;
  assign st_mask_o  = st_mask_q;
  for (genvar s = 0; s < NST; s++) begin : g_st_lnk
    assign {st_hasr_o[s], st_rpc_o[s*PC_W +: PC_W], st_ridx_o[s*RI_W +: RI_W]} = st_lnk_q[s*LK_W +: LK_W];
  end
  assign rt_valid_o = rt_valid;
  assign rt_pc_o    = rt_pc_q;
  assign rt_rmask_o = rt_rmask_q;
  assign rt_pend_o  = rt_pend_q;
  for (genvar r = 0; r < NRT; r++) begin : g_rt_lnk
    assign {rt_hasr_o[r], rt_rpc_o[r*PC_W +: PC_W], rt_ridx_o[r*RI_W +: RI_W]} = rt_lnk_q[r*LK_W +: LK_W];
  end
  assign done_o = ~any_valid;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (ElTantawy et al. 2014 §3-4; docs/units/st_rt.md, "Invariants"). They hold
  // for any input sequence after reset; formal/st_rt proves them, every Verilated model checks
  // them. The forest (a_acyc, cubic in NRT) and the conservation of live lanes (a_cons, a_root:
  // ghost state of the launched lanes) stay in the formal wrapper.
  // ---------------------------------------------------------------------------------------------
  localparam bit NoStallSize = (OREC == 0) && (NST >= W) && (NRT + 1 >= W);
  localparam int unsigned CNT_W = $clog2(NST + NRT + 2);
  logic [W-1:0]         f_kids  [NRT];  // OR of the children of every RT entry
  logic [CNT_W-1:0]     f_nkids [NRT];  // its children, plus one if some lanes arrived
  logic [W-1:0]         f_seen;
  logic                 f_disj, f_pend_sub, f_free_rt, f_child, f_hasr0, f_branchy;
  // One pass over the links (linear in NST + NRT: the checks run every cycle of every model).
  always_comb begin
    for (int r = 0; r < NRT; r++) begin
      f_kids[r]  = '0;
      f_nkids[r] = CNT_W'(|(rt_rmask_o[r*W +: W] & ~rt_pend_o[r*W +: W]));
    end
    for (int t = 0; t < NST; t++) begin
      if (st_valid_o[t] && st_hasr_o[t] && 32'(st_ridx_o[t*RI_W +: RI_W]) < NRT) begin
        f_kids[st_ridx_o[t*RI_W +: RI_W]]  = f_kids[st_ridx_o[t*RI_W +: RI_W]] | st_mask_o[t*W +: W];
        f_nkids[st_ridx_o[t*RI_W +: RI_W]] = f_nkids[st_ridx_o[t*RI_W +: RI_W]] + 1'b1;
      end
    end
    for (int q = 0; q < NRT; q++) begin
      if (rt_valid_o[q] && rt_hasr_o[q] && 32'(rt_ridx_o[q*RI_W +: RI_W]) < NRT) begin
        f_kids[rt_ridx_o[q*RI_W +: RI_W]]  = f_kids[rt_ridx_o[q*RI_W +: RI_W]] | rt_rmask_o[q*W +: W];
        f_nkids[rt_ridx_o[q*RI_W +: RI_W]] = f_nkids[rt_ridx_o[q*RI_W +: RI_W]] + 1'b1;
      end
    end
    f_seen = '0;
    f_disj = 1'b1;
    for (int t = 0; t < NST; t++) begin
      f_disj = f_disj & ~|(f_seen & st_mask_o[t*W +: W]);
      f_seen = f_seen | st_mask_o[t*W +: W];
    end
    f_pend_sub = 1'b1;
    f_free_rt  = 1'b1;
    f_child    = 1'b1;
    f_hasr0    = 1'b1;
    f_branchy  = 1'b1;
    for (int r = 0; r < NRT; r++) begin
      f_pend_sub = f_pend_sub & ~|(rt_pend_o[r*W +: W] & ~rt_rmask_o[r*W +: W]);
      f_free_rt  = f_free_rt & (rt_valid_o[r] | ~|rt_rmask_o[r*W +: W]);
      f_child    = f_child & (rt_pend_o[r*W +: W] == f_kids[r]);
      f_branchy  = f_branchy & (!rt_valid_o[r] || f_nkids[r] >= 2);
      f_hasr0    = f_hasr0 & (rt_hasr_o[r] | (rt_rpc_o[r*PC_W +: PC_W] == '0 &&
                                               rt_ridx_o[r*RI_W +: RI_W] == '0));
    end
    for (int t = 0; t < NST; t++) begin
      f_hasr0 = f_hasr0 & (st_hasr_o[t] | (st_rpc_o[t*PC_W +: PC_W] == '0 &&
                                           st_ridx_o[t*RI_W +: RI_W] == '0));
    end
  end
  logic f_keep;   // the next state is the state: nothing written this cycle
  assign f_keep = st_pc_d == st_pc_q && st_bpc_d == st_bpc_q && st_mask_d == st_mask_q
               && st_lnk_d == st_lnk_q && rt_pc_d == rt_pc_q && rt_lnk_d == rt_lnk_q
               && rt_rmask_d == rt_rmask_q && rt_pend_d == rt_pend_q;

  `SIMT_ASSERT(a_disj, f_disj)             // the masks of the ST entries are pairwise disjoint
  `SIMT_ASSERT(a_pend_sub, f_pend_sub)     // pending lanes of an RT entry: its reconvergence mask
  `SIMT_ASSERT(a_free_rt, f_free_rt)       // a free RT entry has an empty reconvergence mask
  `SIMT_ASSERT(a_child, f_child)           // pending lanes: exactly those still on their way
  `SIMT_ASSERT(a_hasr0, f_hasr0)           // no reconvergence point: rpc = ridx = 0
  `SIMT_ASSERT(a_done, done_o == (st_valid_o == '0 && rt_valid_o == '0))
  `SIMT_ASSERT(a_flags, (32'(ok_o) + 32'(stall_o) + 32'(bad_o)) <= 1)
  `SIMT_ASSERT(a_ev, ok_o || ev_o == '0)
  `SIMT_ASSERT(a_stall_keep, !stall_o || f_keep)   // back-pressure loses nothing
  `SIMT_ASSERT(a_bad_keep, !bad_o || f_keep)       // a refused operation changes nothing
  `SIMT_ASSERT(a_none_keep, !step || op_i != OpNone || f_keep)
  if (OREC == 0) begin : g_a_branchy
    `SIMT_ASSERT(a_branchy, f_branchy)     // without OREC, an RT entry has two children or more
  end
  if (NoStallSize) begin : g_a_nostall
    `SIMT_ASSERT(a_nostall, !stall_o)      // the datasheet's "Sizing": never a stall
  end
`endif
endmodule
`default_nettype wire
