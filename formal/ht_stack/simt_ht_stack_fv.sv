// SPDX-License-Identifier: Apache-2.0
// simt_ht_stack_fv: formal wrapper for simt_ht_stack, every POLICY: 0 (PDOM), 1 (PAR, Algorithm 1
// corrected), 2 (WA, work-ahead), 3 (SS, spatial subdivision), MERGE 0 and 1
// (Steffen 2012 §4.2, Algorithm 1; docs/units/ht_stack.md: the cycle contract, properties
// P1-P9, Deviations D1-D6 and D12). The contract checks (CONTRACT) are for POLICY 0 and 1; WA
// and SS get the structural properties (P1-P3, P6-P9, no stall), their next state is checked in
// lock step with the C model by simtcheck.
//
// Every DUT input is a free input of this wrapper: the only assumption is a reset in the first
// cycle (reset may be asserted again at any later cycle). No protocol assumption: launches of a
// running warp, batches while busy or with no warp, unknown kinds, reports for invalid slots,
// EXIT/SYNC from non-root entries, lanes of tmask outside the entry, any PCs (branches, targets
// and reconvergence PCs need not make sense as a program) are all free; the contract refuses
// (bad_o) or ignores what it must. The work-ahead descriptor inputs (rp_nrpc/prio/wav) are free
// too (POLICY 0/1 must ignore them). PCs are the full PC_W bits unless PC_LIM < PC_W, which
// assumes every PC input below 2^PC_LIM (and asserts it of the stored PCs; not used by the
// tasks as they stand).
//
// The whole state is on the DUT's ports (state taps), so every property is stated on the ports;
// no ghost state but the registered reference next state (CONTRACT).
//
// Notation: cnt = cnt_o, entry e valid iff e < cnt, top = cnt-1, above(e) = OR of the masks of
// the entries above e, KE = 1 (POLICY 0) or K (POLICY 1-3); "acc" = a batch accepted this cycle
// (rp_valid_i and md_valid_o), "proc" = a batch processed this cycle (acc or busy); G = W/K, the
// SS group size.
//
// Properties, named as in docs/units/ht_stack.md ("Verification"). (RTL): an assertion of
// rtl/ht_stack/simt_ht_stack.sv (`SIMT_ASSERT, rtl/common/simt_assert.svh), a proof obligation
// of every task through the DUT (both instances of the P5 miter too), whatever PROPS is, and
// checked by every Verilated model; the others are this wrapper's (PROPS = 1), as they need its
// reference schedule, its reference classification, one cycle of history or its PC-range
// assumption.
//  P1 a_p1_sel    (RTL) every active lane selects a valid slot (sel < KE, slot_v[sel]) whose PC is the
//                 PC of the topmost entry holding the lane; an inactive lane has sel 0
//     a_p1_live   (RTL) lane_act is a subset of the live lanes (the root's mask)
//     a_p1_slot   (RTL) every valid slot has at least one active lane selecting it (the slots' lane
//                 sets are disjoint by the encoding: one sel per lane)
//  P2 a_p2        (RTL) stack not empty and not busy: slot 0 is valid with the top entry's PC, and
//                 every lane of the top entry is active with sel 0 (SS: every lane of the top
//                 entry active; its slot is its group's, a_p7_sel)
//  P3 a_p3_order  (RTL) for valid i < j: mask_j subset of mask_i, or disjoint (PDOM order)
//     a_p3_zero   (RTL) entries >= cnt are all zero (pc, mask, hasr, rpc and the WA fields)
//     a_p3_nz     (RTL) every valid entry has a non-zero mask
//     a_p3_hasr   (RTL) hasr = 0 exactly for entry 0 (valid entries; SS: entry 0 has hasr = 0, group
//                 roots too, a_ss_root); the root's rpc is 0
//     a_p3_cnt    (RTL) cnt <= D
//  P4 a_p4_slot, a_p4_lane  (POLICY 0-2) the RTL's meta-data (slot_v, slot_pc, lane_act, lane_sel) equal those
//                 of the loop reference below: corrected Algorithm 1 exactly as the contract's
//                 pseudo-code (a scan from the top with a scheduled mask, MERGE joining a slot of
//                 equal PC), on the registered stack, in every cycle (busy or not)
//     a_p4_batch  (POLICY 0-2) the batch latches the reference's schedule: after an acceptance, eslot_o =
//                 the reference slot of every entry (0 when not scheduled); after an acceptance
//                 that stalls (full_o), pend_o = the reference's scheduled entries
//  P8 a_p8        a capacity stall (full_o) leaves cnt and every entry unchanged next cycle,
//                 and the batch pending (busy next cycle)
//  P9 a_p9        (RTL) the root's mask = the OR of all masks (every live lane)
//     a_nostall   (RTL but WA) D at least the policy's no-stall depth: full_o never rises (D12;
//                 2W-1, WA 3W-2, SS 2W-K+1; WA: here, and off in prove_wa, NOSTALL_CHK)
//  P6 a_p6        WA: across a work-ahead split every lane's PC (the topmost entry holding it)
//                 and the live lanes are unchanged, cnt grows by 1 or 2, no batch is pending;
//     a_p6_due    (RTL) a split happens exactly when the contract says: a candidate (wav, lanes
//                 waiting at its PC and lanes still above it), a free slot, two free entries,
//                 no batch pending
//  P7 a_p7_grp    (RTL) SS: every entry above level 0 holds lanes of one group only
//     a_p7_sel    (RTL) SS: every active lane selects its own group's slot (slot 0 while cnt = 1)
//     a_wa_only   (RTL) wa_split_o only under WA
//     a_bad       bad_o exactly as the contract: [0] a launch unless the stack is empty, not
//                 busy and ln_mask != 0; [1] a batch unless md_valid; [2] an accepted batch with
//                 an unknown kind (5-7) for a scheduled entry, EXIT/SYNC for a scheduled entry
//                 with hasr = 1, or a kind other than NONE for a slot that is not valid
//     a_md        (RTL) md_valid_o = stack not empty, not busy and no work-ahead split due
//     a_idle      no launch taken, no batch accepted, not busy, no split (so every refused
//                 launch or batch that meets no other operation): the whole state is unchanged
//     a_refused   an accepted batch whose reports are all NONE or refused changes no entry
//                 and cnt, and ends in its cycle (busy 0 next cycle): refused = applied as NONE
//     a_reset     the state after a reset cycle is all zero
//  Strengthening invariants (true, needed by k-induction):
//     a_distinct  (RTL) the masks of valid entries are pairwise distinct (with P3: every entry that
//                 is not a leaf has two children or more, counting its arrived lanes as one;
//                 this is what bounds the stack at 2W-1 entries). Not under WA (a split's
//                 behind entry may have one child with its own mask); SS: level 0 may equal a
//                 group root
//     a_ss_root   (RTL) SS: an entry e >= 1 with hasr = 0 is its group's root (mask = level 0's lanes
//                 of the group, rpc 0, the only root of the group); one with hasr = 1 lies
//                 above a root holding all its lanes
//     a_busy      (RTL) busy_o = |pend_o; pend_o only for valid entries
//     a_pend_leaf (RTL) a pending entry is runnable (mask & above = 0): a leaf of the PDOM tree
//     a_eslot     (RTL) eslot < KE for every entry (POLICY 0: all 0)
//     a_wa0       (RTL) POLICY 0, 1, 3: the work-ahead fields (st_nrpc/prio/wav, rq_*) are 0
//
// Contract checks (CONTRACT = 1): a_next, the whole next state (cnt, every entry, busy, pend,
// eslot, rq_*) equals a reference computed here from the contract's text: per pending entry the
// update of its slot's report (NONE/refused, ADV with arrival, BR uniform / divergent / loop
// back-edge with sides at the branch's rpc dropped, EXIT, SYNC), every non-structural update
// plus the highest structural one per cycle, the new stack built by appending the entries
// bottom-up (the structural one replaced by its 0, 1, 2 or 3 entries), capacity; launch;
// a_full: full_o = the reference's capacity stall.
//
// Covers (COVERS = 1): c_two_slot (an accepted bundle with two valid slots), c_all_slots (K
// valid slots), c_div_nontop (a divergent BR applied to an entry that is not the top one),
// c_merge (MERGE: two entries share a slot in an accepted bundle), c_busy2 (a batch that takes
// three cycles or more), c_full (D below the no-stall depth: full_o), c_arrival, c_backedge (a
// divergent loop back-edge with both sides), c_exit (the warp completes), c_bad2 (a refused
// report); WA: c_wa_split, c_wa_split2 (a split right after a batch); SS: c_ss_split (the warp
// splits into groups), c_ss_resplit (it splits again after returning to level 0 alone).
`default_nettype none
module simt_ht_stack_fv #(
  parameter int unsigned W        = 4,
  parameter int unsigned PC_W     = 8,
  parameter int unsigned K        = 2,
  parameter int unsigned D        = 2 * W - 1,
  parameter int unsigned POLICY   = 1,
  parameter int unsigned MERGE    = 0,
  parameter int unsigned PRIO_W   = 2,
  parameter int unsigned PC_LIM   = PC_W,   // PC inputs below 2^PC_LIM (PC_LIM < PC_W)
  parameter bit          PROPS    = 1'b1,
  parameter bit          STEPS    = 1'b1,   // the step checks (P4 batch, P8, refusals, idle)
  parameter bit          CONTRACT = 1'b1,
  parameter bit          COVERS   = 1'b1,
  parameter bit          NOSTALL_CHK = 1'b1,   // a_nostall (WA: no inductive invariant for it yet)
  localparam int unsigned SW = (K > 1) ? $clog2(K) : 1,
  localparam int unsigned DW = $clog2(D + 1),
  localparam int unsigned KE = (POLICY == 0) ? 1 : K,
  localparam bit          WA = (POLICY == 2),
  localparam bit          SS = (POLICY == 3),
  localparam int unsigned G  = W / K,                      // SS group size
  localparam int unsigned EB = 2 * PC_W + W + 1          // an entry {pc, mask, hasr, rpc}
) (
  input wire logic                clk_i,
  input wire logic                rst_ni,
  input wire logic                ln_valid_i,
  input wire logic [PC_W-1:0]     ln_pc_i,
  input wire logic [W-1:0]        ln_mask_i,
  input wire logic                rp_valid_i,
  input wire logic [3*K-1:0]      rp_kind_i,
  input wire logic [K*PC_W-1:0]   rp_npc_i,
  input wire logic [K*PC_W-1:0]   rp_tgt_i,
  input wire logic [K*W-1:0]      rp_tmask_i,
  input wire logic [K*PC_W-1:0]   rp_rpc_i,
  input wire logic [K*PC_W-1:0]   rp_nrpc_i,
  input wire logic [K*PRIO_W-1:0] rp_prio_i,
  input wire logic [K-1:0]        rp_wav_i
);
  logic [2:0]          bad_o;
  logic                full_o, busy_o, md_valid_o, wa_split_o;
  logic [K-1:0]        slot_v_o;
  logic [K*PC_W-1:0]   slot_pc_o;
  logic [W-1:0]        lane_act_o;
  logic [W*SW-1:0]     lane_sel_o;
  logic [DW-1:0]       cnt_o;
  logic [D*PC_W-1:0]   st_pc_o, st_rpc_o, st_nrpc_o;
  logic [D*W-1:0]      st_mask_o;
  logic [D-1:0]        st_hasr_o, st_wav_o, pend_o;
  logic [D*PRIO_W-1:0] st_prio_o;
  logic [D*SW-1:0]     eslot_o;
  logic [3*K-1:0]      rq_kind_o;
  logic [K*PC_W-1:0]   rq_npc_o, rq_tgt_o, rq_rpc_o, rq_nrpc_o;
  logic [K*W-1:0]      rq_tmask_o;
  logic [K*PRIO_W-1:0] rq_prio_o;
  logic [K-1:0]        rq_wav_o;

  simt_ht_stack #(.W(W), .PC_W(PC_W), .K(K), .D(D), .POLICY(POLICY), .MERGE(MERGE),
                  .PRIO_W(PRIO_W)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .ln_valid_i(ln_valid_i), .ln_pc_i(ln_pc_i), .ln_mask_i(ln_mask_i),
    .rp_valid_i(rp_valid_i), .rp_kind_i(rp_kind_i), .rp_npc_i(rp_npc_i), .rp_tgt_i(rp_tgt_i),
    .rp_tmask_i(rp_tmask_i), .rp_rpc_i(rp_rpc_i), .rp_nrpc_i(rp_nrpc_i), .rp_prio_i(rp_prio_i),
    .rp_wav_i(rp_wav_i),
    .bad_o(bad_o), .full_o(full_o), .busy_o(busy_o), .md_valid_o(md_valid_o),
    .wa_split_o(wa_split_o),
    .slot_v_o(slot_v_o), .slot_pc_o(slot_pc_o), .lane_act_o(lane_act_o), .lane_sel_o(lane_sel_o),
    .cnt_o(cnt_o), .st_pc_o(st_pc_o), .st_mask_o(st_mask_o), .st_hasr_o(st_hasr_o),
    .st_rpc_o(st_rpc_o), .st_nrpc_o(st_nrpc_o), .st_prio_o(st_prio_o), .st_wav_o(st_wav_o),
    .pend_o(pend_o), .eslot_o(eslot_o),
    .rq_kind_o(rq_kind_o), .rq_npc_o(rq_npc_o), .rq_tgt_o(rq_tgt_o), .rq_tmask_o(rq_tmask_o),
    .rq_rpc_o(rq_rpc_o), .rq_nrpc_o(rq_nrpc_o), .rq_prio_o(rq_prio_o), .rq_wav_o(rq_wav_o)
  );

  // The state taps as one vector (the WA fields are checked apart: a_wa0).
  localparam int unsigned ST_W = DW + D * EB + 1 + D + D * SW + 3 * K + 3 * K * PC_W + K * W;
  logic [ST_W-1:0] f_state;
  assign f_state = {cnt_o, st_pc_o, st_mask_o, st_hasr_o, st_rpc_o, busy_o, pend_o, eslot_o,
                    rq_kind_o, rq_npc_o, rq_tgt_o, rq_tmask_o, rq_rpc_o};

  // ---- reset in the first cycle; PC range ---------------------------------------------------
  logic f_past_valid = 1'b0;
  logic f_past_rst_n = 1'b0;   // rst_ni of the previous cycle
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    f_past_rst_n <= rst_ni;
  end
  always @(*) if (!f_past_valid) assume (!rst_ni);
  // the checks of a cycle: the state of this cycle was reached by a normal step or a reset
  logic f_chk;
  assign f_chk = f_past_valid;

  function automatic logic pc_ok(input logic [PC_W-1:0] pc);
    pc_ok = (PC_LIM >= PC_W) || ((pc >> PC_LIM) == '0);
  endfunction
  if (PC_LIM < PC_W) begin : g_pc_lim
    always @(*) begin
      assume (pc_ok(ln_pc_i));
      for (int k = 0; k < K; k++) begin
        assume (pc_ok(rp_npc_i[k*PC_W +: PC_W]) && pc_ok(rp_tgt_i[k*PC_W +: PC_W]) &&
                pc_ok(rp_rpc_i[k*PC_W +: PC_W]));
      end
    end
  end

  // =============================================================================================
  // Helpers on the registered stack
  // =============================================================================================
  logic [D-1:0]   f_valid;
  logic [D*W-1:0] f_above;       // above(e)
  logic [W-1:0]   f_live;        // OR of all masks
  logic [W*PC_W-1:0] f_lpc;      // per lane: the PC of the topmost entry holding it
  logic           f_empty;
  always @(*) begin
    logic [W-1:0] a;
    f_empty = (cnt_o == '0);
    for (int e = 0; e < D; e++) f_valid[e] = (32'(e) < 32'(cnt_o));
    a = '0;
    for (int e = D - 1; e >= 0; e--) begin
      f_above[e*W +: W] = a;
      a = a | st_mask_o[e*W +: W];
    end
    f_live = a;
    f_lpc = '0;
    for (int i = 0; i < W; i++)
      for (int e = 0; e < D; e++)
        if (f_valid[e] && st_mask_o[e*W + i]) f_lpc[i*PC_W +: PC_W] = st_pc_o[e*PC_W +: PC_W];
  end

  // =============================================================================================
  // P4: corrected Algorithm 1, as the contract's pseudo-code
  //   slot 0 := top entry; scheduledMask := its mask; numScheduled := 1; index := top - 1
  //   while numScheduled < K and index >= 0:
  //     if stack[index].mask & scheduledMask == 0:
  //       if MERGE and stack[index].pc == slot_pc[s] for a slot s: join slot s
  //       else: slot numScheduled := stack[index]; numScheduled += 1
  //       scheduledMask |= stack[index].mask
  //     index -= 1
  // (K is 1 for POLICY 0.) The loop runs over the fixed range D-1 .. 0; entries at and above
  // cnt are skipped, the top one starts the scan.
  // =============================================================================================
  logic [K-1:0]      f_rslot_v;
  logic [K*PC_W-1:0] f_rslot_pc;
  logic [D-1:0]      f_rsched;
  logic [D*SW-1:0]   f_reslot;
  logic [W-1:0]      f_ract;
  logic [W*SW-1:0]   f_rsel;
  always @(*) begin
    logic [W-1:0]  smask;
    logic [3:0]    num, slot;   // K <= 8
    logic          found;
    f_rslot_v  = '0;
    f_rslot_pc = '0;
    f_rsched   = '0;
    f_reslot   = '0;
    smask      = '0;
    num        = 0;
    for (int idx = D - 1; idx >= 0; idx--) begin
      if (32'(idx) + 1 == 32'(cnt_o)) begin                 // the top entry: slot 0
        f_rslot_v[0]          = 1'b1;
        f_rslot_pc[0 +: PC_W] = st_pc_o[idx*PC_W +: PC_W];
        f_rsched[idx]         = 1'b1;
        smask                 = st_mask_o[idx*W +: W];
        num                   = 1;
      end else if (32'(idx) + 1 < 32'(cnt_o) && num < 4'(KE)) begin
        if ((st_mask_o[idx*W +: W] & smask) == '0) begin
          found = 1'b0;
          slot  = 0;
          if (MERGE != 0) begin
            for (int s = 0; s < K; s++) begin
              if (!found && 4'(s) < num && f_rslot_pc[s*PC_W +: PC_W] == st_pc_o[idx*PC_W +: PC_W]) begin
                found = 1'b1;
                slot  = 4'(s);
              end
            end
          end
          if (!found) begin
            slot = num;
            for (int s = 0; s < K; s++) begin
              if (4'(s) == num) begin
                f_rslot_v[s]              = 1'b1;
                f_rslot_pc[s*PC_W +: PC_W] = st_pc_o[idx*PC_W +: PC_W];
              end
            end
            num = num + 1;
          end
          f_rsched[idx]             = 1'b1;
          f_reslot[idx*SW +: SW]    = SW'(slot);
          smask                     = smask | st_mask_o[idx*W +: W];
        end
      end
    end
    // D4: the lanes of an entry in slot k get sel = k
    f_ract = '0;
    f_rsel = '0;
    for (int e = 0; e < D; e++) begin
      for (int i = 0; i < W; i++) begin
        if (f_rsched[e] && st_mask_o[e*W + i]) begin
          f_ract[i]          = 1'b1;
          f_rsel[i*SW +: SW] = f_reslot[e*SW +: SW];
        end
      end
    end
  end

  // The entries the meta-data schedule (the contract: a batch "covers the entries scheduled by
  // the current meta-data"): a runnable entry (no lane in an entry above it) whose lanes are all
  // active, in the slot its lanes select. The contract checks below use these, so that they
  // follow the DUT's own meta-data; P4 ties those to the reference above.
  logic [D-1:0]    f_msched;
  logic [D*SW-1:0] f_meslot;
  always @(*) begin
    for (int e = 0; e < D; e++) begin
      f_msched[e] = f_valid[e] && (st_mask_o[e*W +: W] & f_above[e*W +: W]) == '0 &&
                    (st_mask_o[e*W +: W] & ~lane_act_o) == '0;
      f_meslot[e*SW +: SW] = '0;
      for (int i = 0; i < W; i++)
        if (f_msched[e] && st_mask_o[e*W + i])
          f_meslot[e*SW +: SW] = f_meslot[e*SW +: SW] | lane_sel_o[i*SW +: SW];
    end
  end

  // =============================================================================================
  // The contract's cycle (launch, batch acceptance, the update of each pending entry, order,
  // capacity), computed from the taps and the inputs
  // =============================================================================================
  localparam logic [2:0] KNone = 3'd0, KAdv = 3'd1, KBr = 3'd2, KExit = 3'd3, KSync = 3'd4;

  logic f_ln_ok, f_acc, f_proc;
  assign f_ln_ok = ln_valid_i && f_empty && !busy_o && ln_mask_i != '0;
  assign f_acc   = rp_valid_i && !f_empty && !busy_o && !wa_split_o;
  assign f_proc  = f_acc || busy_o;

  // The batch being processed: at acceptance the reference schedule and rp_*, later the latch.
  logic [D-1:0]      f_P;
  logic [D*SW-1:0]   f_ES;
  logic [3*K-1:0]    f_Rkind;
  logic [K*PC_W-1:0] f_Rnpc, f_Rtgt, f_Rrpc;
  logic [K*W-1:0]    f_Rtm;
  assign f_P     = f_acc ? f_msched   : pend_o;
  assign f_ES    = f_acc ? f_meslot   : eslot_o;
  assign f_Rkind = f_acc ? rp_kind_i  : rq_kind_o;
  assign f_Rnpc  = f_acc ? rp_npc_i   : rq_npc_o;
  assign f_Rtgt  = f_acc ? rp_tgt_i   : rq_tgt_o;
  assign f_Rrpc  = f_acc ? rp_rpc_i   : rq_rpc_o;
  assign f_Rtm   = f_acc ? rp_tmask_i : rq_tmask_o;

  // Slot-level facts of the batch's reports (shared by the entries of a slot)
  logic [K-1:0] f_k_one, f_k_nrem, f_k_trem;
  always @(*) begin
    for (int k = 0; k < K; k++) begin
      f_k_one[k]  = f_Rtgt[k*PC_W +: PC_W] == f_Rnpc[k*PC_W +: PC_W];   // both sides at one PC
      f_k_nrem[k] = f_Rnpc[k*PC_W +: PC_W] != f_Rrpc[k*PC_W +: PC_W];   // not-taken side kept
      f_k_trem[k] = f_Rtgt[k*PC_W +: PC_W] != f_Rrpc[k*PC_W +: PC_W];   // taken side kept
    end
  end

  // Per entry e of the batch (f_P): its update under its slot's report.
  //   f_cst structural (removed, or entries inserted), f_crm removed (arrival, EXIT),
  //   f_cnins entries inserted right above it (1 or 2), f_cback2 a divergent loop back-edge
  //   with both sides, f_cbad refused (applied as NONE), f_cnone NONE or refused;
  //   f_cupd the entry after its update if that is not structural (the entry itself for NONE,
  //   refused, and for entries not in the batch).
  logic [D-1:0]    f_cst, f_crm, f_cbad, f_cnone, f_cback2;
  logic [2*D-1:0]  f_cnins;
  logic [D*EB-1:0] f_cupd;
  always @(*) begin
    logic [PC_W-1:0] pc, rpc, npc, tgt, brpc, mpc;
    logic [W-1:0]    m, tm, t;
    logic            h, mv, one, nrem, trem;
    logic [2:0]      kind;
    for (int e = 0; e < D; e++) begin
      pc   = st_pc_o[e*PC_W +: PC_W];
      m    = st_mask_o[e*W +: W];
      h    = st_hasr_o[e];
      rpc  = st_rpc_o[e*PC_W +: PC_W];
      kind = KNone;
      npc  = '0;
      tgt  = '0;
      tm   = '0;
      brpc = '0;
      one  = 1'b0;
      nrem = 1'b0;
      trem = 1'b0;
      for (int k = 0; k < K; k++) begin
        if (32'(f_ES[e*SW +: SW]) == k) begin
          kind = f_Rkind[3*k +: 3];
          npc  = f_Rnpc[k*PC_W +: PC_W];
          tgt  = f_Rtgt[k*PC_W +: PC_W];
          tm   = f_Rtm[k*W +: W];
          brpc = f_Rrpc[k*PC_W +: PC_W];
          one  = f_k_one[k];
          nrem = f_k_nrem[k];
          trem = f_k_trem[k];
        end
      end
      if (!f_P[e]) kind = KNone;
      t   = tm & m;
      mv  = 1'b0;
      mpc = npc;
      f_cst[e]    = 1'b0;
      f_crm[e]    = 1'b0;
      f_cbad[e]   = 1'b0;
      f_cnone[e]  = 1'b0;
      f_cback2[e] = 1'b0;
      f_cnins[2*e +: 2] = 2'd0;
      f_cupd[e*EB +: EB] = {pc, m, h, rpc};
      if (kind == KNone) begin
        f_cnone[e] = 1'b1;
      end else if (kind == KAdv) begin
        mv = 1'b1;
      end else if (kind == KSync) begin
        if (h) begin f_cbad[e] = 1'b1; f_cnone[e] = 1'b1; end
        else mv = 1'b1;                                   // SYNC as ADV (root)
      end else if (kind == KExit) begin
        if (h) begin f_cbad[e] = 1'b1; f_cnone[e] = 1'b1; end
        else begin f_cst[e] = 1'b1; f_crm[e] = 1'b1; end  // the root leaves
      end else if (kind == KBr) begin
        if (t == '0) mv = 1'b1;                           // uniform, not taken
        else if (t == m) begin mv = 1'b1; mpc = tgt; end  // uniform, taken
        else if (one) mv = 1'b1;                          // uniform, both sides at one PC
        else if (h && brpc == rpc) begin
          // divergent loop back-edge: no reconvergence entry; one remaining side in place
          if (nrem && trem) begin
            f_cst[e] = 1'b1; f_cback2[e] = 1'b1; f_cnins[2*e +: 2] = 2'd1;
          end else if (nrem) begin
            f_cupd[e*EB +: EB] = {npc, m & ~t, h, rpc};
          end else begin
            f_cupd[e*EB +: EB] = {tgt, t, h, rpc};
          end
        end else begin
          // divergent: a new reconvergence entry, the remaining sides inserted above it
          f_cst[e] = 1'b1;
          f_cnins[2*e +: 2] = (nrem && trem) ? 2'd2 : 2'd1;
        end
      end else begin
        f_cbad[e]  = 1'b1;                                // unknown kind: refused, as NONE
        f_cnone[e] = 1'b1;
      end
      if (mv) begin
        if (h && mpc == rpc) begin f_cst[e] = 1'b1; f_crm[e] = 1'b1; end   // arrival
        else f_cupd[e*EB + EB - PC_W +: PC_W] = mpc;                        // pc := mpc
      end
    end
  end

  // The highest structural entry s of the batch, capacity, refusals
  localparam int unsigned NW = $clog2(D + 4);   // entry positions and counts up to D+3
  logic          f_has_s, f_full, f_slot_bad, f_ent_bad, f_all_none;
  logic [NW-1:0] f_s;
  logic [D-1:0]  f_s_oh, f_s_le;   // s one-hot; s <= j
  logic [1:0]    f_s_nins;
  logic          f_s_rm;
  always @(*) begin
    f_has_s  = 1'b0;
    f_s      = '0;
    f_s_oh   = '0;
    f_s_nins = 2'd0;
    f_s_rm   = 1'b0;
    for (int e = 0; e < D; e++) begin
      if (f_valid[e] && f_P[e] && f_cst[e]) begin
        f_has_s  = 1'b1;
        f_s      = NW'(e);
        f_s_oh   = D'(1) << e;
        f_s_nins = f_cnins[2*e +: 2];
        f_s_rm   = f_crm[e];
      end
    end
    for (int j = 0; j < D; j++) f_s_le[j] = |(f_s_oh & ((D'(2) << j) - D'(1)));   // s in 0..j
    f_full = f_proc && f_has_s && !f_s_rm && (32'(cnt_o) + 32'(f_s_nins) > D);
    f_slot_bad = 1'b0;
    for (int k = 0; k < K; k++)
      if (!slot_v_o[k] && rp_kind_i[3*k +: 3] != KNone) f_slot_bad = 1'b1;
    f_ent_bad  = 1'b0;
    f_all_none = 1'b1;
    for (int e = 0; e < D; e++) begin
      if (f_msched[e] && f_cbad[e]) f_ent_bad = 1'b1;
      if (f_msched[e] && !f_cnone[e]) f_all_none = 1'b0;
    end
  end

  // The entries that s's structural update writes (contract, "Per entry", BR): x0 in its place,
  // then the inserted x1 (and x2), lower first. Loop back-edge with both sides: the not-taken
  // side in place (hasr, rpc kept), the taken side {tgt, t, 1, rpc_br} above it. Otherwise the
  // reconvergence entry {rpc_br, mask, hasr, rpc} in place, then the sides not at rpc_br,
  // {npc, mask & ~t, 1, rpc_br} below {tgt, t, 1, rpc_br}.
  logic [EB-1:0] f_x0, f_x1, f_x2;
  always @(*) begin
    logic [PC_W-1:0] pc, rpc, npc, tgt, brpc;
    logic [W-1:0]    m, t;
    logic            h, nrem, back;
    pc = '0; m = '0; h = 1'b0; rpc = '0; npc = '0; tgt = '0; t = '0; brpc = '0;
    nrem = 1'b0; back = 1'b0;
    for (int e = 0; e < D; e++) begin
      if (f_s_oh[e]) begin
        pc = st_pc_o[e*PC_W +: PC_W]; m = st_mask_o[e*W +: W]; h = st_hasr_o[e];
        rpc = st_rpc_o[e*PC_W +: PC_W]; back = f_cback2[e];
        for (int k = 0; k < K; k++) begin
          if (32'(f_ES[e*SW +: SW]) == k) begin
            npc  = f_Rnpc[k*PC_W +: PC_W];
            tgt  = f_Rtgt[k*PC_W +: PC_W];
            t    = f_Rtm[k*W +: W];
            brpc = f_Rrpc[k*PC_W +: PC_W];
            nrem = f_k_nrem[k];
          end
        end
      end
    end
    t = t & m;
    if (back) begin
      f_x0 = {npc, m & ~t, h, rpc};
      f_x1 = {tgt, t, 1'b1, brpc};
    end else begin
      f_x0 = {brpc, m, h, rpc};
      f_x1 = nrem ? {npc, m & ~t, 1'b1, brpc} : {tgt, t, 1'b1, brpc};
    end
    f_x2 = {tgt, t, 1'b1, brpc};
  end

  // The next stack: below s every entry keeps its position (updated if its update is not
  // structural); s is removed (the entries above shift down) or replaced by x0, x1 (, x2) (the
  // entries above shift up by the number inserted).
  logic [D*EB-1:0] f_new;
  always @(*) begin
    for (int j = 0; j < D; j++) begin
      if (!f_s_le[j])
        f_new[j*EB +: EB] = f_cupd[j*EB +: EB];
      else if (f_s_rm)
        f_new[j*EB +: EB] = (j + 1 < D) ? f_cupd[(j+1)*EB +: EB] : '0;
      else if (f_s_oh[j])
        f_new[j*EB +: EB] = f_x0;
      else if (j >= 1 && f_s_oh[(j >= 1) ? j - 1 : 0])
        f_new[j*EB +: EB] = f_x1;
      else if (f_s_nins == 2'd2 && j >= 2 && f_s_oh[(j >= 2) ? j - 2 : 0])
        f_new[j*EB +: EB] = f_x2;
      else if (f_s_nins == 2'd2)
        f_new[j*EB +: EB] = (j >= 2) ? f_cupd[((j >= 2) ? j - 2 : 0)*EB +: EB] : '0;
      else
        f_new[j*EB +: EB] = (j >= 1) ? f_cupd[((j >= 1) ? j - 1 : 0)*EB +: EB] : '0;
    end
  end

  // The whole next state
  logic [DW-1:0]       nx_cnt;
  logic [D*PC_W-1:0]   nx_pc, nx_rpc;
  logic [D*W-1:0]      nx_mask;
  logic [D-1:0]        nx_hasr, nx_pend;
  logic [D*SW-1:0]     nx_eslot;
  logic [3*K-1:0]      nx_kind;
  logic [K*PC_W-1:0]   nx_npc, nx_tgt, nx_rpcq;
  logic [K*W-1:0]      nx_tmask;
  logic [ST_W-1:0]     f_nx;
  always @(*) begin
    nx_cnt = cnt_o;
    nx_pc = st_pc_o; nx_mask = st_mask_o; nx_hasr = st_hasr_o; nx_rpc = st_rpc_o;
    nx_pend = pend_o; nx_eslot = eslot_o;
    nx_kind = rq_kind_o; nx_npc = rq_npc_o; nx_tgt = rq_tgt_o; nx_tmask = rq_tmask_o;
    nx_rpcq = rq_rpc_o;
    if (f_ln_ok) begin
      nx_cnt = DW'(1);
      nx_pc = '0; nx_mask = '0; nx_hasr = '0; nx_rpc = '0;
      nx_pc[PC_W-1:0] = ln_pc_i;
      nx_mask[W-1:0]  = ln_mask_i;
    end
    if (f_acc) begin
      nx_eslot = f_meslot;
      nx_kind = rp_kind_i; nx_npc = rp_npc_i; nx_tgt = rp_tgt_i; nx_tmask = rp_tmask_i;
      nx_rpcq = rp_rpc_i;
    end
    if (f_proc) begin
      if (f_full) begin
        nx_pend = f_P;
      end else begin
        nx_pend = f_P & f_cst & ~f_s_oh;
        nx_cnt  = DW'(32'(cnt_o) + 32'(f_s_nins) - 32'(f_s_rm));
        for (int j = 0; j < D; j++)
          {nx_pc[j*PC_W +: PC_W], nx_mask[j*W +: W], nx_hasr[j], nx_rpc[j*PC_W +: PC_W]} =
            f_new[j*EB +: EB];
      end
    end
    f_nx = {nx_cnt, nx_pc, nx_mask, nx_hasr, nx_rpc, |nx_pend, nx_pend, nx_eslot,
            nx_kind, nx_npc, nx_tgt, nx_tmask, nx_rpcq};
  end

  // =============================================================================================
  // Property helpers
  // =============================================================================================
  // (P1-P3, P7, P9 and the strengthening invariants are the RTL's assertions.)
  logic f_pcs;
  always @(*) begin
    f_pcs = 1'b1;
    for (int e = 0; e < D; e++)
      if (f_valid[e] && (!pc_ok(st_pc_o[e*PC_W +: PC_W]) || !pc_ok(st_rpc_o[e*PC_W +: PC_W])))
        f_pcs = 1'b0;
    for (int k = 0; k < K; k++)
      if (!pc_ok(rq_npc_o[k*PC_W +: PC_W]) || !pc_ok(rq_tgt_o[k*PC_W +: PC_W]) ||
          !pc_ok(rq_rpc_o[k*PC_W +: PC_W])) f_pcs = 1'b0;
  end

  // =============================================================================================
  // Assertions. Each group is a generate block, so that a task without it has none of its logic
  // in the model (z3's load time grows faster than linearly with the model's size).
  // =============================================================================================
  // the no-stall depth of the policy (docs/units/ht_stack.md): 2W-1, WA 3W-2, SS 2W-K+1
  localparam bit NOSTALL = WA ? (D >= 3 * W - 2) : SS ? (D + K >= 2 * W + 1) : (D >= 2 * W - 1);

  // Invariants: P3, P9 and the strengthening ones are the RTL's (rtl/ht_stack/simt_ht_stack.sv);
  // here the PC range (PC_LIM, an assumption on the inputs) and the state after a reset.
  if (PROPS) begin : g_inv
    always @(*) begin
      if (f_chk) begin
        a_pcs:       assert (f_pcs);
      end
      if (f_chk && !f_past_rst_n) begin
        a_reset: assert (f_state == '0 && st_nrpc_o == '0 && st_prio_o == '0 && st_wav_o == '0);
      end
    end
  end

  // P4 (meta-data), bad_o (P1, P2, md_valid_o: the RTL's); no-stall depth of WA (the other
  // policies: the RTL's a_nostall)
  if (PROPS) begin : g_sched
    always @(*) begin
      if (f_chk) begin
        if (!SS) begin
          a_p4_slot: assert (slot_v_o == f_rslot_v && slot_pc_o == f_rslot_pc);
          a_p4_lane: assert (lane_act_o == f_ract && lane_sel_o == f_rsel);
        end
        a_bad:       assert (bad_o == {f_acc && (f_slot_bad || f_ent_bad), rp_valid_i && !f_acc,
                                       ln_valid_i && !f_ln_ok});
      end
    end
    if (NOSTALL && NOSTALL_CHK && WA) begin : g_nostall
      always @(*) if (f_chk) a_nostall: assert (!full_o);
    end
  end

  // Steps: P4 (the batch latches the reference schedule), P8, refusals, idle cycles
  if (STEPS) begin : g_step
    logic [ST_W-1:0] f_state_q;
    logic [D*(PC_W+PRIO_W+1)-1:0] f_wst_q;   // the WA fields of the entries
    logic [D-1:0]    f_rsched_q;
    logic [D*SW-1:0] f_reslot_q;
    logic            f_acc_q, f_full_o_q, f_idle_q, f_refused_q;
    always @(posedge clk_i) begin
      f_state_q   <= f_state;
      f_wst_q     <= {st_nrpc_o, st_prio_o, st_wav_o};
      f_rsched_q  <= f_rsched;
      f_reslot_q  <= f_reslot;
      f_acc_q     <= f_acc;
      f_full_o_q  <= full_o;
      f_idle_q    <= !f_ln_ok && !f_acc && !busy_o && !wa_split_o;
      f_refused_q <= f_acc && f_all_none;
    end
    // the stack part of f_state: cnt and the entries
    localparam int unsigned STK_LO = ST_W - DW - D * EB;
    always @(*) begin
      if (f_chk && f_past_rst_n) begin
        if (f_acc_q && !SS) begin
          a_p4_batch: assert (eslot_o == f_reslot_q && (!f_full_o_q || pend_o == f_rsched_q));
        end
        if (f_full_o_q) begin
          a_p8:       assert (f_state[ST_W-1:STK_LO] == f_state_q[ST_W-1:STK_LO] && busy_o &&
                              {st_nrpc_o, st_prio_o, st_wav_o} == f_wst_q);
        end
        if (f_idle_q) begin
          a_idle:     assert (f_state == f_state_q && {st_nrpc_o, st_prio_o, st_wav_o} == f_wst_q);
        end
        if (f_refused_q) begin
          a_refused:  assert (f_state[ST_W-1:STK_LO] == f_state_q[ST_W-1:STK_LO] && !busy_o &&
                              {st_nrpc_o, st_prio_o, st_wav_o} == f_wst_q);
        end
      end
    end
  end

  // P6 (WA): a work-ahead split moves no lane. Across a split cycle every lane's PC (the PC of
  // the topmost entry holding it) and the set of live lanes are unchanged, the stack grows by one
  // or two entries, and no batch is pending. (When a split is due, a_p6_due: the RTL's.)
  if (PROPS && WA) begin : g_p6
    logic [W*PC_W-1:0] f_lpc_q;
    logic [W-1:0]      f_live_q;
    logic [DW-1:0]     f_cnt_q;
    logic              f_split_q;
    always @(posedge clk_i) begin
      f_lpc_q   <= f_lpc;
      f_live_q  <= f_live;
      f_cnt_q   <= cnt_o;
      f_split_q <= wa_split_o;
    end
    always @(*) begin
      if (f_chk && f_past_rst_n && f_split_q) begin
        a_p6:      assert (f_lpc == f_lpc_q && f_live == f_live_q && !busy_o &&
                           (32'(cnt_o) == 32'(f_cnt_q) + 1 || 32'(cnt_o) == 32'(f_cnt_q) + 2));
      end
    end
  end

  // P7 (SS): a_p7_grp, a_p7_sel, a_ss_root are the RTL's.

  // The cycle contract: the whole next state, full_o
  if (CONTRACT && !WA && !SS) begin : g_contract
    logic [ST_W-1:0] f_nx_q;
    always @(posedge clk_i) f_nx_q <= f_nx;
    always @(*) begin
      if (f_chk) begin
        a_full: assert (full_o == f_full);
      end
      if (f_chk && f_past_rst_n) begin
        a_next: assert (f_state == f_nx_q);
      end
    end
  end

  // =============================================================================================
  // Covers
  // =============================================================================================
  if (COVERS) begin : g_cover
    logic f_merged;
    always @(*) begin
      f_merged = 1'b0;
      for (int e = 0; e < D; e++)
        for (int j = e + 1; j < D; j++)
          if (f_rsched[e] && f_rsched[j] && f_reslot[e*SW +: SW] == f_reslot[j*SW +: SW])
            f_merged = 1'b1;
    end
    logic f_busy_q;
    always @(posedge clk_i) f_busy_q <= busy_o;
    // SS: the warp split (cnt 1 -> more), back on level 0 alone (more -> 1), split again
    logic [DW-1:0] f_cnt_q = '0;
    logic          f_split_seen = 1'b0, f_join_seen = 1'b0;
    always @(posedge clk_i) begin
      f_cnt_q <= cnt_o;
      if (!rst_ni) begin
        f_split_seen <= 1'b0;
        f_join_seen  <= 1'b0;
      end else begin
        if (f_cnt_q == DW'(1) && 32'(cnt_o) > 1) f_split_seen <= 1'b1;
        if (f_split_seen && 32'(f_cnt_q) > 1 && cnt_o == DW'(1)) f_join_seen <= 1'b1;
      end
    end
    always @(*) begin
      if (f_chk && rst_ni) begin
        if (KE >= 2) begin
          c_two_slot:   cover (f_acc && slot_v_o[1:0] == 2'b11);
          c_all_slots:  cover (f_acc && slot_v_o == '1);
          c_div_nontop: cover (f_proc && !f_full && f_has_s && !f_s_rm && 32'(f_s) + 1 < 32'(cnt_o));
        end
        if (KE >= 2 && MERGE != 0) begin
          c_merge:      cover (f_acc && f_merged);
        end
        c_busy2:        cover (busy_o && f_busy_q);
        if (!NOSTALL) begin
          c_full:       cover (full_o);
        end
        c_arrival:      cover (f_proc && !f_full && f_has_s && f_s_rm && f_s != '0);
        if (!SS) begin   // SS: a back-edge needs a group's nested entry, deeper than the covers
          c_backedge:   cover (f_proc && !f_full && |(f_cback2 & f_s_oh));
        end
        c_exit:         cover (f_proc && f_has_s && f_s_rm && f_s == '0 && cnt_o == DW'(1));
        c_bad2:         cover (bad_o[2]);
        if (WA) begin
          c_wa_split:   cover (wa_split_o);
          c_wa_split2:  cover (wa_split_o && f_busy_q);   // right after a batch
        end
        if (SS) begin
          c_ss_split:   cover (f_cnt_q == DW'(1) && 32'(cnt_o) > 1);
          c_ss_resplit: cover (f_join_seen && f_cnt_q == DW'(1) && 32'(cnt_o) > 1);
        end
      end
    end
  end
endmodule

// P5: POLICY = 1 with K = 1 equals POLICY = 0. Instance a: POLICY 1, K = 1; instance b: POLICY 0
// with KB slots (KB = 1, or 2: slot 1 is never used by PDOM, its report inputs are tied to NONE /
// 0). Both on the same inputs (slot 0); every output and state tap equal in every cycle (b's
// slot 1 outputs: slot_v 0, rq slot 1 fields 0).
module simt_ht_stack_p5 #(
  parameter int unsigned W      = 4,
  parameter int unsigned PC_W   = 8,
  parameter int unsigned KB     = 1,
  parameter int unsigned D      = 2 * W - 1,
  parameter int unsigned MERGE  = 0,
  parameter int unsigned PRIO_W = 2,
  localparam int unsigned DW = $clog2(D + 1)
) (
  input wire logic              clk_i,
  input wire logic              rst_ni,
  input wire logic              ln_valid_i,
  input wire logic [PC_W-1:0]   ln_pc_i,
  input wire logic [W-1:0]      ln_mask_i,
  input wire logic              rp_valid_i,
  input wire logic [2:0]        rp_kind_i,
  input wire logic [PC_W-1:0]   rp_npc_i,
  input wire logic [PC_W-1:0]   rp_tgt_i,
  input wire logic [W-1:0]      rp_tmask_i,
  input wire logic [PC_W-1:0]   rp_rpc_i,
  input wire logic [PC_W-1:0]   rp_nrpc_i,
  input wire logic [PRIO_W-1:0] rp_prio_i,
  input wire logic              rp_wav_i
);
  // 'a' POLICY 1, K = 1 (SW = 1); 'b' POLICY 0, K = KB (SW = 1 for KB <= 2)
  logic [2:0]          a_bad, b_bad;
  logic                a_full, b_full, a_busy, b_busy, a_md, b_md, a_split, b_split;
  logic [0:0]          a_slot_v;
  logic [KB-1:0]       b_slot_v;
  logic [PC_W-1:0]     a_slot_pc;
  logic [KB*PC_W-1:0]  b_slot_pc;
  logic [W-1:0]        a_act, b_act, a_sel, b_sel;
  logic [DW-1:0]       a_cnt, b_cnt;
  logic [D*PC_W-1:0]   a_pc, b_pc, a_rpc, b_rpc, a_nrpc, b_nrpc;
  logic [D*W-1:0]      a_mask, b_mask;
  logic [D-1:0]        a_hasr, b_hasr, a_wav, b_wav, a_pend, b_pend, a_eslot, b_eslot;
  logic [D*PRIO_W-1:0] a_prio, b_prio;
  logic [2:0]          a_rq_kind;
  logic [3*KB-1:0]     b_rq_kind;
  logic [PC_W-1:0]     a_rq_npc, a_rq_tgt, a_rq_rpc, a_rq_nrpc;
  logic [KB*PC_W-1:0]  b_rq_npc, b_rq_tgt, b_rq_rpc, b_rq_nrpc;
  logic [W-1:0]        a_rq_tmask;
  logic [KB*W-1:0]     b_rq_tmask;
  logic [PRIO_W-1:0]   a_rq_prio;
  logic [KB*PRIO_W-1:0] b_rq_prio;
  logic [0:0]          a_rq_wav;
  logic [KB-1:0]       b_rq_wav;

  // b's report inputs: slot 0 = the shared inputs, the other slots NONE / 0
  logic [3*KB-1:0]      b_kind_i;
  logic [KB*PC_W-1:0]   b_npc_i, b_tgt_i, b_rpc_i, b_nrpc_i;
  logic [KB*W-1:0]      b_tmask_i;
  logic [KB*PRIO_W-1:0] b_prio_i;
  logic [KB-1:0]        b_wav_i;
  always @(*) begin
    b_kind_i = '0; b_npc_i = '0; b_tgt_i = '0; b_rpc_i = '0; b_nrpc_i = '0; b_tmask_i = '0;
    b_prio_i = '0; b_wav_i = '0;
    b_kind_i[2:0]         = rp_kind_i;
    b_npc_i[PC_W-1:0]     = rp_npc_i;
    b_tgt_i[PC_W-1:0]     = rp_tgt_i;
    b_rpc_i[PC_W-1:0]     = rp_rpc_i;
    b_nrpc_i[PC_W-1:0]    = rp_nrpc_i;
    b_tmask_i[W-1:0]      = rp_tmask_i;
    b_prio_i[PRIO_W-1:0]  = rp_prio_i;
    b_wav_i[0]            = rp_wav_i;
  end

  simt_ht_stack #(.W(W), .PC_W(PC_W), .K(1), .D(D), .POLICY(1), .MERGE(MERGE),
                  .PRIO_W(PRIO_W)) dut_a (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .ln_valid_i(ln_valid_i), .ln_pc_i(ln_pc_i), .ln_mask_i(ln_mask_i),
    .rp_valid_i(rp_valid_i), .rp_kind_i(rp_kind_i), .rp_npc_i(rp_npc_i), .rp_tgt_i(rp_tgt_i),
    .rp_tmask_i(rp_tmask_i), .rp_rpc_i(rp_rpc_i), .rp_nrpc_i(rp_nrpc_i), .rp_prio_i(rp_prio_i),
    .rp_wav_i(rp_wav_i),
    .bad_o(a_bad), .full_o(a_full), .busy_o(a_busy), .md_valid_o(a_md), .wa_split_o(a_split),
    .slot_v_o(a_slot_v), .slot_pc_o(a_slot_pc), .lane_act_o(a_act), .lane_sel_o(a_sel),
    .cnt_o(a_cnt), .st_pc_o(a_pc), .st_mask_o(a_mask), .st_hasr_o(a_hasr), .st_rpc_o(a_rpc),
    .st_nrpc_o(a_nrpc), .st_prio_o(a_prio), .st_wav_o(a_wav), .pend_o(a_pend), .eslot_o(a_eslot),
    .rq_kind_o(a_rq_kind), .rq_npc_o(a_rq_npc), .rq_tgt_o(a_rq_tgt), .rq_tmask_o(a_rq_tmask),
    .rq_rpc_o(a_rq_rpc), .rq_nrpc_o(a_rq_nrpc), .rq_prio_o(a_rq_prio), .rq_wav_o(a_rq_wav)
  );
  simt_ht_stack #(.W(W), .PC_W(PC_W), .K(KB), .D(D), .POLICY(0), .MERGE(MERGE),
                  .PRIO_W(PRIO_W)) dut_b (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .ln_valid_i(ln_valid_i), .ln_pc_i(ln_pc_i), .ln_mask_i(ln_mask_i),
    .rp_valid_i(rp_valid_i), .rp_kind_i(b_kind_i), .rp_npc_i(b_npc_i), .rp_tgt_i(b_tgt_i),
    .rp_tmask_i(b_tmask_i), .rp_rpc_i(b_rpc_i), .rp_nrpc_i(b_nrpc_i), .rp_prio_i(b_prio_i),
    .rp_wav_i(b_wav_i),
    .bad_o(b_bad), .full_o(b_full), .busy_o(b_busy), .md_valid_o(b_md), .wa_split_o(b_split),
    .slot_v_o(b_slot_v), .slot_pc_o(b_slot_pc), .lane_act_o(b_act), .lane_sel_o(b_sel),
    .cnt_o(b_cnt), .st_pc_o(b_pc), .st_mask_o(b_mask), .st_hasr_o(b_hasr), .st_rpc_o(b_rpc),
    .st_nrpc_o(b_nrpc), .st_prio_o(b_prio), .st_wav_o(b_wav), .pend_o(b_pend), .eslot_o(b_eslot),
    .rq_kind_o(b_rq_kind), .rq_npc_o(b_rq_npc), .rq_tgt_o(b_rq_tgt), .rq_tmask_o(b_rq_tmask),
    .rq_rpc_o(b_rq_rpc), .rq_nrpc_o(b_rq_nrpc), .rq_prio_o(b_rq_prio), .rq_wav_o(b_rq_wav)
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume (!rst_ni);

  always @(*) begin
    if (f_past_valid) begin
      a_p5_out:   assert (a_bad == b_bad && a_full == b_full && a_busy == b_busy && a_md == b_md &&
                          !a_split && !b_split &&
                          a_slot_v[0] == b_slot_v[0] && a_slot_pc == b_slot_pc[PC_W-1:0] &&
                          (b_slot_v >> 1) == '0 && (b_slot_pc >> PC_W) == '0 &&
                          a_act == b_act && a_sel == b_sel);
      a_p5_stack: assert (a_cnt == b_cnt && a_pc == b_pc && a_mask == b_mask && a_hasr == b_hasr &&
                          a_rpc == b_rpc && a_nrpc == b_nrpc && a_prio == b_prio && a_wav == b_wav);
      a_p5_batch: assert (a_pend == b_pend && a_eslot == b_eslot &&
                          a_rq_kind == b_rq_kind[2:0] && a_rq_npc == b_rq_npc[PC_W-1:0] &&
                          a_rq_tgt == b_rq_tgt[PC_W-1:0] && a_rq_tmask == b_rq_tmask[W-1:0] &&
                          a_rq_rpc == b_rq_rpc[PC_W-1:0] && a_rq_nrpc == b_rq_nrpc[PC_W-1:0] &&
                          a_rq_prio == b_rq_prio[PRIO_W-1:0] && a_rq_wav == b_rq_wav[0] &&
                          (b_rq_kind >> 3) == '0 && (b_rq_npc >> PC_W) == '0 &&
                          (b_rq_tgt >> PC_W) == '0 && (b_rq_tmask >> W) == '0 &&
                          (b_rq_rpc >> PC_W) == '0);
    end
  end
endmodule
`default_nettype wire
