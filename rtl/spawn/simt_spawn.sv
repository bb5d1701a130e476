// SPDX-License-Identifier: Apache-2.0
// simt_spawn: spawn LUT and warp formation for dynamic micro-kernels, one per SM (Steffen 2012
// §5.1-5.4, Fig. 5.2-5.3, Table 7.3). Cycle contract: docs/units/spawn.md, followed exactly
// (golden model cmodel/simt_spawn.c). §x.y below: sections of Steffen 2012; Dn: the readings of
// the thesis listed in that datasheet's "Deviations from the paper".
//
// Datapath, all of it single-cycle on the state at the start of the cycle (D7, D11):
//   - LUT (§5.3): NENT registered entries {v, tag, a1, a2, cnt}; a fully associative tag match,
//     then three priority selects (simt_prio_sel): the hit, the lowest invalid entry, the lowest
//     entry with cnt = 0; the chosen entry's fields are read through one one-hot AND-OR mux.
//   - Lane addresses (§5.3): the exclusive prefix popcount of the spawn mask (simt_prefix_cnt,
//     ripple chain or parallel prefix, IMPL = PFX) plus the chosen entry's count gives each lane
//     a slot offset s_i < 2W; since blocks are W-aligned and W is a power of two, the slot is the
//     concatenation {s_i >= W ? a2 : a1, s_i mod W}: no adder but the byte-address one.
//   - Block pool (D5): a free bitmap, the lowest free block by simt_prio_sel, one allocation per
//     cycle (the spawn's overflow refill or the flush's rotation, never both); a handed-out
//     bitmap for popped warps, cleared by an explicit release.
//   - Flush target (§5.4): the lowest tag among valid entries with cnt > 0, by simt_min_sel in
//     its comparator-tree form (off the lane path; NENT is small), then a priority select on its
//     match mask so the target is one-hot whatever the tags (PIPE = 1: simt_min_pairs, the same
//     target by all-pairs comparisons).
//   - New-warp FIFO (§5.3): FIFO_D registered slots {pc, last}, read pointer and count (any
//     depth, not only powers of two); the head drives the registered nw_* outputs, and the
//     per-thread spawnMemAddr = wf_base + (last - t)*SLOT_B (§5.4, D3) is formed from it.
//
// PIPE = 1, the pipelined form (docs/units/spawn.md, "Pipelined form"; docs/fpga.md): the same
// unit with its store port (st_en_o, st_addr_o) one cycle late, everything else unchanged. The
// lane addresses are formed in a second stage from registers (the chosen entry's C, b1, b2, the
// lanes' prefix counts, wf_base_i, st_en), so the path from sp_pc_i through the tag match and
// the chosen count no longer runs on through the lanes' slot arithmetic and the byte-address
// adders. The LUT's read-modify-write stays in one cycle (D7): back-to-back spawns to one PC
// need no forwarding. The flush target is chosen by all-pairs tag comparisons (each entry
// against each other at once) instead of the comparator tree: the same target in every state
// (lowest tag, ties to the lowest entry), two comparator levels fewer.
`default_nettype none
module simt_spawn #(
  parameter int unsigned W        = 32,  // lanes per warp, power of 2, 4..64 (Table 7.3: 32)
  parameter int unsigned PC_W     = 32,  // PC and LUT tag bits
  parameter int unsigned NENT     = 8,   // LUT entries = micro-kernels at once (§5.3)
  parameter int unsigned NBLK     = 64,  // W-slot blocks in the warp-formation region
  parameter int unsigned FIFO_D   = 8,   // new-warp FIFO depth
  parameter int unsigned AW       = 32,  // byte-address bits
  parameter int unsigned SLOT_B   = 4,   // bytes per warp-formation slot, 4 or 8
  parameter int unsigned PFX      = 0,   // lane prefix: 0 ripple chain (§5.3), 1 parallel prefix
  parameter int unsigned FULL_POL = 0,   // LUT full: 0 stall + err_o[0], 1 evict by a flush (D6)
  parameter int unsigned PIPE     = 0,   // 1: store port one cycle after its spawn (pipelined form)
  localparam int unsigned CW  = $clog2(W),                         // thread counter
  localparam int unsigned BW  = (NBLK > 1) ? $clog2(NBLK) : 1,     // block number
  localparam int unsigned SXW = BW + CW,                           // slot number
  localparam int unsigned EW  = (NENT > 1) ? $clog2(NENT) : 1,     // entry number
  localparam int unsigned NW  = $clog2(W + 1),                     // thread count 0..W
  localparam int unsigned FW  = (FIFO_D > 1) ? $clog2(FIFO_D) : 1, // FIFO pointer
  localparam int unsigned FCW = $clog2(FIFO_D + 1)                 // FIFO count 0..FIFO_D
) (
  input  wire logic                     clk_i,
  input  wire logic                     rst_ni,       // synchronous, active low
  input  wire logic [AW-1:0]            wf_base_i,
  // spawn (§5.2): one warp executes `spawn LABEL, rd`
  input  wire logic                     sp_valid_i,
  input  wire logic [PC_W-1:0]          sp_pc_i,
  input  wire logic [W-1:0]             sp_mask_i,
  output logic                          sp_ok_o,
  output logic                          sp_stall_o,
  output logic [2:0]                    sp_why_o,     // [0] LUT full, [1] FIFO full, [2] no block
  output logic                          sp_hit_o,
  output logic [EW-1:0]                 sp_ent_o,
  output logic                          sp_push_o,
  output logic [W-1:0]                  st_en_o,
  output logic [W*AW-1:0]               st_addr_o,
  // forced partial dispatch (§5.4)
  input  wire logic                     fl_req_i,
  output logic                          fl_ok_o,
  output logic                          fl_none_o,
  // new-warp FIFO head (§5.3-5.4)
  input  wire logic                     nw_pop_i,
  output logic                          pop_bad_o,
  output logic                          nw_valid_o,
  output logic [PC_W-1:0]               nw_pc_o,
  output logic [SXW-1:0]                nw_last_o,
  output logic [NW-1:0]                 nw_n_o,
  output logic [W-1:0]                  nw_mask_o,
  output logic [W*AW-1:0]               nw_addr_o,
  // block release (D5)
  input  wire logic                     rel_valid_i,
  input  wire logic [BW-1:0]            rel_blk_i,
  output logic                          rel_bad_o,
  output logic [2:0]                    err_o,        // sticky: [0] LUT full, [1] release, [2] pop
  // state taps
  output logic [NENT-1:0]               ent_v_o,
  output logic [NENT*PC_W-1:0]          ent_tag_o,
  output logic [NENT*BW-1:0]            ent_a1_o,
  output logic [NENT*BW-1:0]            ent_a2_o,
  output logic [NENT*CW-1:0]            ent_cnt_o,
  output logic [NBLK-1:0]               free_o,
  output logic [NBLK-1:0]               out_o,
  output logic [FIFO_D*PC_W-1:0]        fifo_pc_o,
  output logic [FIFO_D*SXW-1:0]         fifo_last_o,
  output logic [FW-1:0]                 fifo_rd_o,
  output logic [FCW-1:0]                fifo_cnt_o
);
  // ---------------------------------------------------------------------------------------------
  // Parameter checks (docs/units/spawn.md, "Parameters")
  // ---------------------------------------------------------------------------------------------
  if (W < 4 || W > 64 || (W & (W - 1)) != 0) begin : g_bad_w
    $error("simt_spawn: W (%0d) must be a power of 2 in 4..64", W);
  end
  if (PC_W < 8 || PC_W > 64) begin : g_bad_pc_w
    $error("simt_spawn: PC_W (%0d) must be 8..64", PC_W);
  end
  if (NENT < 1 || NENT > 64) begin : g_bad_nent
    $error("simt_spawn: NENT (%0d) must be 1..64", NENT);
  end
  if (NBLK < 2 * NENT + 1 || NBLK > 1024) begin : g_bad_nblk
    $error("simt_spawn: NBLK (%0d) must be 2*NENT+1 (%0d)..1024", NBLK, 2 * NENT + 1);
  end
  if (FIFO_D < 1 || FIFO_D > 64) begin : g_bad_fifo_d
    $error("simt_spawn: FIFO_D (%0d) must be 1..64", FIFO_D);
  end
  if (AW < 16 || AW > 64) begin : g_bad_aw
    $error("simt_spawn: AW (%0d) must be 16..64", AW);
  end
  if (SLOT_B != 4 && SLOT_B != 8) begin : g_bad_slot_b
    $error("simt_spawn: SLOT_B (%0d) must be 4 or 8", SLOT_B);
  end
  if (PFX > 1) begin : g_bad_pfx
    $error("simt_spawn: PFX (%0d) must be 0 or 1", PFX);
  end
  if (FULL_POL > 1) begin : g_bad_full_pol
    $error("simt_spawn: FULL_POL (%0d) must be 0 or 1", FULL_POL);
  end
  if (PIPE > 1) begin : g_bad_pipe
    $error("simt_spawn: PIPE (%0d) must be 0 or 1", PIPE);
  end

  localparam int unsigned SBW = (SLOT_B == 8) ? 3 : 2;   // log2(SLOT_B)
  localparam logic [NENT-1:0] EOne    = 1;
  localparam logic [NBLK-1:0] BOne    = 1;
  localparam logic [NBLK-1:0] FreeRst = {NBLK{1'b1}} << (2 * NENT);  // blocks 2*NENT.. free
  localparam logic [W-1:0]    WOnes   = {W{1'b1}};

  // ---------------------------------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------------------------------
  logic [NENT-1:0]        ent_v_q,     ent_v_d;
  logic [NENT*PC_W-1:0]   ent_tag_q,   ent_tag_d;
  logic [NENT*BW-1:0]     ent_a1_q,    ent_a1_d;
  logic [NENT*BW-1:0]     ent_a2_q,    ent_a2_d;
  logic [NENT*CW-1:0]     ent_cnt_q,   ent_cnt_d;
  logic [NBLK-1:0]        free_q,      free_d;
  logic [NBLK-1:0]        out_q,       out_d;
  logic [FIFO_D*PC_W-1:0] fifo_pc_q,   fifo_pc_d;
  logic [FIFO_D*SXW-1:0]  fifo_last_q, fifo_last_d;
  logic [FW-1:0]          fifo_rd_q,   fifo_rd_d;
  logic [FCW-1:0]         fifo_cnt_q,  fifo_cnt_d;
  logic [2:0]             err_q,       err_d;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      // Every entry owns two blocks from reset, valid or not: a1 = 2e, a2 = 2e+1 (D5).
      ent_v_q   <= '0;
      ent_tag_q <= '0;
      ent_cnt_q <= '0;
      for (int e = 0; e < NENT; e++) begin
        ent_a1_q[e*BW +: BW] <= BW'(2 * e);
        ent_a2_q[e*BW +: BW] <= BW'(2 * e + 1);
      end
      free_q      <= FreeRst;
      out_q       <= '0;
      fifo_pc_q   <= '0;
      fifo_last_q <= '0;
      fifo_rd_q   <= '0;
      fifo_cnt_q  <= '0;
      err_q       <= '0;
    end else begin
      ent_v_q     <= ent_v_d;
      ent_tag_q   <= ent_tag_d;
      ent_a1_q    <= ent_a1_d;
      ent_a2_q    <= ent_a2_d;
      ent_cnt_q   <= ent_cnt_d;
      free_q      <= free_d;
      out_q       <= out_d;
      fifo_pc_q   <= fifo_pc_d;
      fifo_last_q <= fifo_last_d;
      fifo_rd_q   <= fifo_rd_d;
      fifo_cnt_q  <= fifo_cnt_d;
      err_q       <= err_d;
    end
  end

  // ---------------------------------------------------------------------------------------------
  // Entry choice (every cycle): hit, else lowest invalid (allocate), else lowest cnt = 0 (retag,
  // keeps its blocks), else entry 0 and the LUT is full (§5.3, D6).
  // ---------------------------------------------------------------------------------------------
  logic [NENT-1:0] hit_vec, zero_vec;
  always_comb begin
    for (int e = 0; e < NENT; e++) begin
      hit_vec[e]  = ent_v_q[e] & (ent_tag_q[e*PC_W +: PC_W] == sp_pc_i);
      zero_vec[e] = ~|ent_cnt_q[e*CW +: CW];
    end
  end

  logic            hit, inv_any, zero_any;
  logic [EW-1:0]   hit_idx, inv_idx, zero_idx;
  logic [NENT-1:0] hit_oh, inv_oh, zero_oh;
  simt_prio_sel #(.N(NENT), .N_W(EW)) u_hit (
    .req_i(hit_vec), .valid_o(hit), .idx_o(hit_idx), .oh_o(hit_oh)
  );
  simt_prio_sel #(.N(NENT), .N_W(EW)) u_inv (
    .req_i(~ent_v_q), .valid_o(inv_any), .idx_o(inv_idx), .oh_o(inv_oh)
  );
  simt_prio_sel #(.N(NENT), .N_W(EW)) u_zero (
    .req_i(zero_vec), .valid_o(zero_any), .idx_o(zero_idx), .oh_o(zero_oh)
  );

  logic            lutfull;
  logic [NENT-1:0] ch_oh;    // chosen entry, one-hot (entry 0 when the LUT is full)
  assign lutfull  = ~hit & ~inv_any & ~zero_any;
  assign sp_ent_o = hit ? hit_idx : (inv_any ? inv_idx : (zero_any ? zero_idx : '0));
  assign ch_oh    = hit ? hit_oh  : (inv_any ? inv_oh  : (zero_any ? zero_oh  : EOne));

  // The chosen entry's fields; C is its count on a hit, else 0 (a new or retagged entry).
  logic [CW-1:0] ch_cnt, c_cnt;
  logic [BW-1:0] b1, b2;
  always_comb begin
    ch_cnt = '0;
    b1     = '0;
    b2     = '0;
    for (int e = 0; e < NENT; e++) begin
      ch_cnt = ch_cnt | (ch_oh[e] ? ent_cnt_q[e*CW +: CW] : '0);
      b1     = b1     | (ch_oh[e] ? ent_a1_q[e*BW +: BW]  : '0);
      b2     = b2     | (ch_oh[e] ? ent_a2_q[e*BW +: BW]  : '0);
    end
  end
  assign c_cnt = hit ? ch_cnt : '0;

  // ---------------------------------------------------------------------------------------------
  // Lane addresses (every cycle, every lane; §5.3, D12). p_i = set mask bits below lane i;
  // s_i = C + p_i < 2W; slot_i = (s_i < W) ? b1*W + s_i : b2*W + (s_i - W). An inactive lane's
  // p_i equals that of the next active lane above it: the thesis's "duplicated memory address".
  // ---------------------------------------------------------------------------------------------
  logic [(W+1)*NW-1:0] pfx;
  simt_prefix_cnt #(.N(W), .IMPL(PFX)) u_pfx (
    .in_i(sp_mask_i), .cnt_o(pfx)
  );

  // The lane stage's operands: this cycle's, or with PIPE those of the cycle before, registered
  // every cycle (so st_addr_o is the single-cycle form's value one cycle late, in every cycle).
  logic [CW-1:0]       ln_c;
  logic [BW-1:0]       ln_b1, ln_b2;
  logic [W*NW-1:0]     ln_pfx;    // the lanes' exclusive prefix counts p_i
  logic [AW-1:0]       ln_base;
  logic [W-1:0]        st_en;     // this cycle's stores (st_en_o without PIPE)
  if (PIPE != 0) begin : g_st_pipe
    logic [CW-1:0]       c_q;
    logic [BW-1:0]       b1_q, b2_q;
    logic [W*NW-1:0]     pfx_q;
    logic [AW-1:0]       base_q;
    logic [W-1:0]        en_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        c_q    <= '0;
        b1_q   <= '0;
        b2_q   <= '0;
        pfx_q  <= '0;
        base_q <= '0;
        en_q   <= '0;
      end else begin
        c_q    <= c_cnt;
        b1_q   <= b1;
        b2_q   <= b2;
        pfx_q  <= pfx[W*NW-1:0];
        base_q <= wf_base_i;
        en_q   <= st_en;
      end
    end
    assign ln_c    = c_q;
    assign ln_b1   = b1_q;
    assign ln_b2   = b2_q;
    assign ln_pfx  = pfx_q;
    assign ln_base = base_q;
    assign st_en_o = en_q;
  end else begin : g_st_comb
    assign ln_c    = c_cnt;
    assign ln_b1   = b1;
    assign ln_b2   = b2;
    assign ln_pfx  = pfx[W*NW-1:0];
    assign ln_base = wf_base_i;
    assign st_en_o = st_en;
  end

  for (genvar i = 0; i < W; i++) begin : g_lane
    logic [NW-1:0]  s;      // C + p_i < 2W, CW + 1 bits (NW = CW + 1, W a power of 2)
    logic [SXW-1:0] slot;
    // s >= W: the overflow block b2 at offset s - W, else b1 at offset s (both s mod W).
    assign s    = NW'(ln_c) + ln_pfx[i*NW +: NW];
    assign slot = {s[CW] ? ln_b2 : ln_b1, s[CW-1:0]};
    assign st_addr_o[i*AW +: AW] = ln_base + (AW'(slot) << SBW);   // mod 2^AW
  end

  // ---------------------------------------------------------------------------------------------
  // Block pool: the lowest free block (D5). Blocks free at the start of the cycle only.
  // ---------------------------------------------------------------------------------------------
  logic            free_any, nofree;
  logic [BW-1:0]   lf_idx;
  logic [NBLK-1:0] lf_oh;
  simt_prio_sel #(.N(NBLK), .N_W(BW)) u_lowfree (
    .req_i(free_q), .valid_o(free_any), .idx_o(lf_idx), .oh_o(lf_oh)
  );
  assign nofree = ~free_any;

  // FIFO occupancy at the start of the cycle: a pop does not make room for this cycle's push.
  logic ffull, fempty;
  assign ffull  = (fifo_cnt_q == FCW'(FIFO_D));
  assign fempty = (fifo_cnt_q == '0);

  // ---------------------------------------------------------------------------------------------
  // SPAWN. T = C + n < 2W. T >= W completes a warp ("incremented over the size of a warp" read
  // as >=, §5.3, D2) and needs a FIFO slot and a free block. n = 0 is an accepted no-op (D10).
  // ---------------------------------------------------------------------------------------------
  logic [NW-1:0] n_thr, t_sum;
  logic          sp_act, t_ovf, full_stall, blk_stall, sp_upd;
  logic          unused_t_top;   // T >= W: t_ovf, formed beside the entry choice (below)
  assign n_thr      = pfx[W*NW +: NW];
  assign sp_act     = sp_valid_i & |sp_mask_i;
  assign t_sum      = NW'(c_cnt) + n_thr;
  assign unused_t_top = t_sum[CW];
  // t_ovf = t_sum[CW], formed beside the entry choice instead of after it: every entry's
  // count + n is compared with W at once, and the hit's one-hot picks the answer (a miss starts
  // from C = 0). The chosen count's multiplexer and the adder leave the path from sp_pc_i (the
  // tag compare) to the stall, push and flush decisions. Equal in every state (c_cnt is the
  // count of the entry hit_oh selects on a hit, else 0); proven against the form t_sum[CW]
  // (docs/equivalence.md, "A timing change proven against the RTL before it").
  logic [NENT-1:0] ovf_vec;
  always_comb begin
    for (int e = 0; e < NENT; e++) begin
      ovf_vec[e] = (NW'(ent_cnt_q[e*CW +: CW]) + n_thr) >= NW'(W);
    end
  end
  assign t_ovf      = hit ? |(hit_oh & ovf_vec) : n_thr[CW];
  assign full_stall = sp_act & lutfull;
  assign blk_stall  = sp_act & ~lutfull & t_ovf & (ffull | nofree);
  assign sp_stall_o = full_stall | blk_stall;
  assign sp_why_o   = {blk_stall & nofree, blk_stall & ffull, full_stall};
  assign sp_ok_o    = sp_valid_i & ~sp_stall_o;
  assign sp_upd     = sp_act & ~sp_stall_o;   // accepted with n > 0: the state changes
  assign sp_push_o  = sp_upd & t_ovf;
  assign sp_hit_o   = sp_valid_i & hit;
  assign st_en      = sp_ok_o ? sp_mask_i : '0;

  // ---------------------------------------------------------------------------------------------
  // FLUSH (§5.4): the valid entry with cnt > 0 and the lowest tag, on request or as the eviction
  // of a LUT-full spawn (FULL_POL = 1). Not performed when this cycle's spawn is accepted with
  // n > 0, the FIFO is full or no block is free. Rotation a1 := a2, a2 := new (D9).
  // ---------------------------------------------------------------------------------------------
  logic [NENT-1:0]   fl_cand, fl_oh;
  logic              fl_any;
  logic [PC_W-1:0]   fl_tag;
  assign fl_cand = ent_v_q & ~zero_vec;
  if (PIPE == 0) begin : g_fl_tree
    logic [NENT-1:0] fl_match;
    logic            unused_fl_any2;
    logic [EW-1:0]   unused_fl_idx;
    simt_min_sel #(.N(NENT), .K(PC_W), .IMPL(1)) u_fl_min (
      .valid_i(fl_cand), .key_i(ent_tag_q), .valid_o(fl_any), .key_o(fl_tag), .match_o(fl_match)
    );
    simt_prio_sel #(.N(NENT), .N_W(EW)) u_fl_one (
      .req_i(fl_match), .valid_o(unused_fl_any2), .idx_o(unused_fl_idx), .oh_o(fl_oh)
    );
  end else begin : g_fl_pairs
    // All pairs at once (simt_min_pairs): the same target as the tree and the priority select,
    // the lowest tag and then the lowest entry, its comparators side by side instead of a tree.
    simt_min_pairs #(.N(NENT), .K(PC_W)) u_fl_pairs (
      .valid_i(fl_cand), .key_i(ent_tag_q), .valid_o(fl_any), .key_o(fl_tag), .oh_o(fl_oh)
    );
  end

  logic [CW-1:0] fl_cnt;
  logic [BW-1:0] fl_a1;
  always_comb begin
    fl_cnt = '0;
    fl_a1  = '0;
    for (int e = 0; e < NENT; e++) begin
      fl_cnt = fl_cnt | (fl_oh[e] ? ent_cnt_q[e*CW +: CW] : '0);
      fl_a1  = fl_a1  | (fl_oh[e] ? ent_a1_q[e*BW +: BW]  : '0);
    end
  end

  logic evict, fl_trig, fl_do;
  assign evict     = (FULL_POL != 0) & full_stall;
  assign fl_trig   = fl_req_i | evict;
  assign fl_do     = fl_trig & fl_any & ~sp_upd & ~ffull & ~nofree;
  assign fl_ok_o   = fl_do;
  assign fl_none_o = fl_req_i & ~fl_any;

  // One FIFO push and one block allocation per cycle: the spawn's or the flush's.
  logic            push;
  logic [PC_W-1:0] push_pc;
  logic [SXW-1:0]  push_last;
  assign push      = sp_push_o | fl_do;
  assign push_pc   = sp_push_o ? sp_pc_i : fl_tag;
  // §5.3: the FIFO value is the address of the warp's last thread (with its PC, D8).
  assign push_last = sp_push_o ? {b1, {CW{1'b1}}} : {fl_a1, fl_cnt - CW'(1)};

  // ---------------------------------------------------------------------------------------------
  // POP, RELEASE
  // ---------------------------------------------------------------------------------------------
  logic            pop_ok, rel_ok;
  logic [NBLK-1:0] pop_oh, rel_oh;
  logic [PC_W-1:0] head_pc;
  logic [SXW-1:0]  head_last;
  logic [BW-1:0]   head_blk;
  always_comb begin
    head_pc   = '0;
    head_last = '0;
    for (int s = 0; s < FIFO_D; s++) begin
      head_pc   = head_pc   | ((fifo_rd_q == FW'(s)) ? fifo_pc_q[s*PC_W +: PC_W] : '0);
      head_last = head_last | ((fifo_rd_q == FW'(s)) ? fifo_last_q[s*SXW +: SXW] : '0);
    end
  end
  assign pop_ok    = nw_pop_i & ~fempty;
  assign pop_bad_o = nw_pop_i & fempty;
  assign head_blk  = head_last[SXW-1:CW];           // the head warp's block, last >> CW
  assign pop_oh    = BOne << head_blk;

  // A block number >= NBLK decodes to no block, hence a bad release.
  assign rel_oh    = BOne << rel_blk_i;
  assign rel_ok    = rel_valid_i & |(rel_oh & out_q);
  assign rel_bad_o = rel_valid_i & ~rel_ok;

  // ---------------------------------------------------------------------------------------------
  // FIFO pointers: the write slot is (rd + cnt) mod FIFO_D, any FIFO_D.
  // ---------------------------------------------------------------------------------------------
  localparam int unsigned SMW = FCW + 1;
  logic [SMW-1:0] wsum;
  logic [FW-1:0]  wr_idx, rd_inc;
  assign wsum   = SMW'(fifo_rd_q) + SMW'(fifo_cnt_q);   // < 2*FIFO_D
  assign wr_idx = FW'((wsum >= SMW'(FIFO_D)) ? wsum - SMW'(FIFO_D) : wsum);
  assign rd_inc = (fifo_rd_q == FW'(FIFO_D - 1)) ? '0 : fifo_rd_q + FW'(1);

  // ---------------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------------
  always_comb begin
    ent_v_d   = ent_v_q;
    ent_tag_d = ent_tag_q;
    ent_a1_d  = ent_a1_q;
    ent_a2_d  = ent_a2_q;
    ent_cnt_d = ent_cnt_q;
    for (int e = 0; e < NENT; e++) begin
      // Accepted spawn with n > 0 (§5.3): the counter advances; on overflow the second block,
      // holding the overflow, becomes the first and the second comes from the free pool (D5).
      if (sp_upd && ch_oh[e]) begin
        ent_v_d[e]              = 1'b1;
        ent_tag_d[e*PC_W +: PC_W] = sp_pc_i;
        ent_cnt_d[e*CW +: CW]   = t_sum[CW-1:0];   // T, or T - W on overflow
        if (t_ovf) begin
          ent_a1_d[e*BW +: BW]  = b2;
          ent_a2_d[e*BW +: BW]  = lf_idx;
        end
      end
      // Flush (§5.4, D9): the entry keeps its tag, its partial warp leaves, cnt := 0.
      if (fl_do && fl_oh[e]) begin
        ent_a1_d[e*BW +: BW]  = ent_a2_q[e*BW +: BW];
        ent_a2_d[e*BW +: BW]  = lf_idx;
        ent_cnt_d[e*CW +: CW] = '0;
      end
    end

    free_d = free_q;
    out_d  = out_q;
    if (push)   free_d = free_d & ~lf_oh;
    if (pop_ok) out_d  = out_d | pop_oh;
    if (rel_ok) begin
      out_d  = out_d & ~rel_oh;
      free_d = free_d | rel_oh;
    end

    fifo_pc_d   = fifo_pc_q;
    fifo_last_d = fifo_last_q;
    for (int s = 0; s < FIFO_D; s++) begin
      if (push && (wr_idx == FW'(s))) begin
        fifo_pc_d[s*PC_W +: PC_W] = push_pc;
        fifo_last_d[s*SXW +: SXW] = push_last;
      end
    end
    fifo_rd_d  = pop_ok ? rd_inc : fifo_rd_q;
    fifo_cnt_d = fifo_cnt_q + FCW'(push) - FCW'(pop_ok);

    err_d = err_q | {pop_bad_o, rel_bad_o, (FULL_POL == 0) & full_stall};
  end

  // ---------------------------------------------------------------------------------------------
  // Registered outputs: the FIFO head and the per-thread spawnMemAddr (§5.4, D3):
  // wf_base + (last - t)*SLOT_B for t < n = (last mod W) + 1 (D4), else 0.
  // ---------------------------------------------------------------------------------------------
  logic [CW-1:0]  head_off;
  assign head_off   = head_last[CW-1:0];
  assign nw_valid_o = ~fempty;
  assign nw_pc_o    = fempty ? '0 : head_pc;
  assign nw_last_o  = fempty ? '0 : head_last;
  assign nw_n_o     = fempty ? '0 : NW'(head_off) + NW'(1);
  assign nw_mask_o  = fempty ? '0 : ~((WOnes << head_off) << 1);   // lanes 0..head_off

  for (genvar t = 0; t < W; t++) begin : g_thr
    logic [SXW-1:0] slot;   // last - t = {head_blk, head_off - t} for t <= head_off
    assign slot = {head_blk, head_off - CW'(t)};
    assign nw_addr_o[t*AW +: AW] = nw_mask_o[t] ? wf_base_i + (AW'(slot) << SBW) : '0;
  end

  assign err_o       = err_q;
  assign ent_v_o     = ent_v_q;
  assign ent_tag_o   = ent_tag_q;
  assign ent_a1_o    = ent_a1_q;
  assign ent_a2_o    = ent_a2_q;
  assign ent_cnt_o   = ent_cnt_q;
  assign free_o      = free_q;
  assign out_o       = out_q;
  assign fifo_pc_o   = fifo_pc_q;
  assign fifo_last_o = fifo_last_q;
  assign fifo_rd_o   = fifo_rd_q;
  assign fifo_cnt_o  = fifo_cnt_q;

`ifndef SYNTHESIS
`include "simt_assert.svh"
  // ---------------------------------------------------------------------------------------------
  // Local invariants (docs/units/spawn.md, "Invariants", numbered as there; Steffen 2012
  // §5.1-5.4). They hold for any input sequence after reset (the unit flags bad pops and releases
  // and back-pressures what it cannot take); formal/spawn proves them, every Verilated model
  // checks them. The thread conservation (4) (ghost balance of one PC), the pairwise distinctness
  // of the store slots (3) (quadratic in W) and the cycle-contract checks (a reference model of
  // the whole cycle: the C model's job in simulation) stay in the formal wrapper.
  // ---------------------------------------------------------------------------------------------
  logic [NBLK-1:0] f_any, f_two;     // blocks in >= 1 / >= 2 places (2)
  logic            f_range;          // every a1, a2, occupied FIFO block < NBLK (2)
  logic            f_inv_ok, f_uniq; // invalid entries tag 0 cnt 0; valid tags distinct
  logic            f_room;           // an entry to take: hit, invalid, or cnt = 0 (8)
  // On the state only (so evaluated once a cycle, not again when the inputs change).
  always_comb begin
    f_any    = free_q | out_q;
    f_two    = free_q & out_q;
    f_range  = 1'b1;
    f_inv_ok = 1'b1;
    f_uniq   = 1'b1;
    for (int e = 0; e < NENT; e++) begin
      // one-hot decodes: a block number >= NBLK decodes to none (f_range flags it)
      f_two    = f_two | (f_any & (BOne << ent_a1_q[e*BW +: BW]));
      f_any    = f_any | (BOne << ent_a1_q[e*BW +: BW]);
      f_two    = f_two | (f_any & (BOne << ent_a2_q[e*BW +: BW]));
      f_any    = f_any | (BOne << ent_a2_q[e*BW +: BW]);
      f_range  = f_range & (32'(ent_a1_q[e*BW +: BW]) < NBLK) & (32'(ent_a2_q[e*BW +: BW]) < NBLK);
      f_inv_ok = f_inv_ok & (ent_v_q[e] | (ent_tag_q[e*PC_W +: PC_W] == '0 &&
                                           ent_cnt_q[e*CW +: CW] == '0));
      for (int d = e + 1; d < NENT; d++) begin   // quadratic in NENT (8 entries: 28 pairs)
        if (ent_v_q[e] && ent_v_q[d] && ent_tag_q[e*PC_W +: PC_W] == ent_tag_q[d*PC_W +: PC_W])
          f_uniq = 1'b0;
      end
    end
    // the occupied FIFO slots: fifo_cnt_q slots from fifo_rd_q on, mod FIFO_D
    for (int s = 0; s < FIFO_D; s++) begin
      if (((s >= 32'(fifo_rd_q)) ? s - 32'(fifo_rd_q) : s + FIFO_D - 32'(fifo_rd_q))
          < 32'(fifo_cnt_q)) begin
        f_two   = f_two | (f_any & (BOne << fifo_last_q[s*SXW + CW +: BW]));
        f_any   = f_any | (BOne << fifo_last_q[s*SXW + CW +: BW]);
        f_range = f_range & (32'(fifo_last_q[s*SXW + CW +: BW]) < NBLK);
      end
    end
  end

  always_comb begin
    f_room = 1'b0;
    for (int e = 0; e < NENT; e++) begin
      f_room = f_room | ~ent_v_q[e] | (ent_cnt_q[e*CW +: CW] == '0)
                      | (ent_tag_q[e*PC_W +: PC_W] == sp_pc_i);
    end
  end

  // (3) every enabled store address is wf_base + slot*SLOT_B, the slot inside the chosen entry's
  // blocks at an offset of this spawn: [b1*W + C, b1*W + min(T, W)) or [b2*W, b2*W + T - W).
  // Linear in W; the pairwise distinctness of the slots (quadratic) is the wrapper's a_st_dist.
  // A function of the assertion, so a Verilated model evaluates it once a cycle, at the edge.
  function automatic logic f_st_slot(input logic [W-1:0] en, input logic [W*AW-1:0] addr,
                                     input logic [AW-1:0] base, input logic [BW-1:0] s1,
                                     input logic [BW-1:0] s2, input logic [CW-1:0] c,
                                     input logic [NW-1:0] t);
    f_st_slot = 1'b1;
    for (int i = 0; i < W; i++) begin
      logic [AW-1:0] rel;
      rel = addr[i*AW +: AW] - base;
      if (en[i]) begin
        if (rel[SBW-1:0] != '0 || (rel >> (SBW + SXW)) != '0) f_st_slot = 1'b0;
        if (!((rel[SBW + CW +: BW] == s1 && NW'(rel[SBW +: CW]) >= NW'(c)
               && NW'(rel[SBW +: CW]) < t) ||
              (rel[SBW + CW +: BW] == s2 && t > NW'(W) && NW'(rel[SBW +: CW]) < t - NW'(W))))
          f_st_slot = 1'b0;
      end
    end
  endfunction

  // The next state is the state (err_q aside): compared register by register.
  logic f_keep;
  assign f_keep = ent_v_d == ent_v_q && ent_tag_d == ent_tag_q && ent_a1_d == ent_a1_q
               && ent_a2_d == ent_a2_q && ent_cnt_d == ent_cnt_q && free_d == free_q
               && out_d == out_q && fifo_pc_d == fifo_pc_q && fifo_last_d == fifo_last_q
               && fifo_rd_d == fifo_rd_q && fifo_cnt_d == fifo_cnt_q;
  logic f_rel_out;   // the released block is handed out (and in range)
  assign f_rel_out = (32'(rel_blk_i) < NBLK) && out_q[rel_blk_i];

  `SIMT_ASSERT(a_fifo_ptr, 32'(fifo_cnt_q) <= FIFO_D && 32'(fifo_rd_q) < FIFO_D)
  `SIMT_ASSERT(a_range, f_range)              // (2) no block outside the pool
  `SIMT_ASSERT(a_part, f_any == '1 && f_two == '0)   // (2) every block in exactly one place
  `SIMT_ASSERT(a_inv_ent, f_inv_ok)           // an invalid entry has tag 0 and cnt 0
  `SIMT_ASSERT(a_tag_uniq, f_uniq)            // the tags of valid entries are distinct
  // With PIPE the store port shows the spawn of the cycle before, with that cycle's operands. T =
  // C + n, n the number of enabled stores (the spawn's mask when it stores at all): no state
  // kept for the assertion alone (a flip-flop the synthesised netlist would not have).
  logic [NW-1:0] f_ln_t;
  always_comb begin
    f_ln_t = NW'(ln_c);
    for (int i = 0; i < W; i++) f_ln_t = f_ln_t + NW'(st_en_o[i]);
  end
  `SIMT_ASSERT(a_st_slot, f_st_slot(st_en_o, st_addr_o, ln_base, ln_b1, ln_b2, ln_c, f_ln_t))  // (3)
  `SIMT_ASSERT(a_stall_st, !sp_stall_o || st_en == '0)            // (6) a stall stores nothing
  `SIMT_ASSERT(a_bad_pop, pop_bad_o == (nw_pop_i && fifo_cnt_q == '0))   // (6)
  `SIMT_ASSERT(a_bad_rel, rel_bad_o == (rel_valid_i && !f_rel_out))      // (6)
  // (6) back-pressure loses nothing; bad or empty requests change nothing (§5.3-5.4, D5)
  `SIMT_ASSERT(a_stall_keep, !(sp_stall_o && !fl_ok_o && !nw_pop_i && !rel_valid_i) || f_keep)
  `SIMT_ASSERT(a_idle_keep, !(!(sp_ok_o && |sp_mask_i) && !fl_ok_o && !(nw_pop_i && !pop_bad_o)
                              && !(rel_valid_i && !rel_bad_o)) || f_keep)
  // (5) a spawn-completed warp: W threads (last mod W = W-1) in block b1, its PC (§5.3)
  `SIMT_ASSERT(a_push_w, !sp_push_o || (fifo_last_d[wr_idx*SXW +: SXW] == {b1, {CW{1'b1}}}
                                         && fifo_pc_d[wr_idx*PC_W +: PC_W] == sp_pc_i))
  // (8) an entry to take, FIFO room and a free block: a spawn with n > 0 never stalls
  `SIMT_ASSERT(a_nostall, !(sp_valid_i && |sp_mask_i && f_room && !ffull && free_q != '0)
                          || !sp_stall_o)
  if (FULL_POL != 0) begin : g_a_evict
    // (8) D6: a LUT-full stall with FIFO room and a free block evicts by a flush (§5.4)
    `SIMT_ASSERT(a_evict, !(sp_why_o[0] && !ffull && free_q != '0) || fl_ok_o)
  end
`endif
endmodule
`default_nettype wire
