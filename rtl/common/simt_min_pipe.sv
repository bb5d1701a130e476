// SPDX-License-Identifier: Apache-2.0
// simt_min_pipe: minimum select with match mask as a registered comparator tree (the pipelined
// delay form; same contract as simt_min_sel, STAGES cycles later).
//
// Level 0 is the lanes' (valid, key); each of the L = clog2(N) comparator levels above it
// halves the nodes: a node keeps the smaller valid key and carries
// the mask of the leaves at that key (a tie ORs both children's masks), so no equality
// comparator per lane is needed at the end, unlike simt_min_tree. STAGES register ranks cut the
// L + 1 levels as evenly as integer division allows: level l (0 .. L) ends a stage when
// floor((l+1)*STAGES/(L+1)) > floor(l*STAGES/(L+1)); the last level always does, so the outputs
// are registered, and STAGES = L + 1 also registers level 0 (the inputs, after whatever the
// caller put in front of them). A rank after level l holds (P >> l) * (K + 1) + P bits (P = N
// rounded up to a power of two).
//
// SPLIT (0 .. clog2(N)) adds a rank inside each of the comparator levels 1 .. SPLIT: the level's
// magnitude comparison is cut into chunks of at most ceil(K / 4) bits whose "below" and "above"
// bits are registered with both children (valid, key, mask); the next stage combines the chunks,
// selects and masks. It is for trees already registered after every comparator level
// (STAGES >= clog2(N)), where one comparator and its K-bit select is the longest path (the
// iCE40 at W = 8: 9 LUT levels, docs/units/arb_pipe.md). Latency: STAGES + SPLIT cycles.
//
// uniform_o: every valid leaf has the key key_o (the valid keys are all equal, match_o is
// valid_i of STAGES + SPLIT cycles before); 0 when !valid_o. A node carries it beside its
// minimum (both children uniform, and their keys equal when both are valid), so a caller that
// needs "some valid leaf is not at the minimum" (warp control's MEM conflict, Collange 2011
// §4.2) reads a flip-flop instead of ORing W bits of match_o against its valid set.
//
// Free-running, no stall; rst_ni (synchronous, active low) clears the valid bits of every rank
// (the keys, masks and uniform bits are not reset: key_o, match_o and uniform_o are ANDed with
// valid_o), so for STAGES + SPLIT cycles after a reset all four outputs are 0.
`default_nettype none
module simt_min_pipe #(
  parameter int unsigned N      = 4,
  parameter int unsigned K      = 8,
  parameter int unsigned STAGES = 1,  // register ranks at level ends, 1 .. clog2(N) + 1
  parameter int unsigned SPLIT  = 0   // comparator levels cut by a rank of their own, 0 .. clog2(N)
) (
  input  wire logic           clk_i,
  input  wire logic           rst_ni,
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o,
  output logic                uniform_o
);
  localparam int unsigned L = (N > 1) ? $clog2(N) : 0;  // comparator levels
  localparam int unsigned P = 1 << L;                   // leaves, padded to a power of two

  if (N < 1) begin : g_bad_n
    $error("simt_min_pipe: N (%0d) must be at least 1", N);
  end
  if (STAGES < 1 || STAGES > L + 1) begin : g_bad_stages
    $error("simt_min_pipe: STAGES (%0d) must be 1 .. %0d (clog2(N) + 1 levels at N = %0d)",
           STAGES, L + 1, N);
  end
  if (SPLIT > L) begin : g_bad_split
    $error("simt_min_pipe: SPLIT (%0d) must be 0 .. %0d (clog2(N) comparator levels at N = %0d)",
           SPLIT, L, N);
  end

  // A split comparator's chunks: NC chunks of CW bits, the top one possibly narrower.
  localparam int unsigned CW = (K + 3) / 4;
  localparam int unsigned NC = (K + CW - 1) / CW;

  // Level l: M = P >> l nodes of (valid, key, mask of 2^l leaves, uniform). 'c' is the level's
  // combinational value, 'n' what the next level reads: c itself, or c registered when the
  // level ends a stage. Each level has its own signals (no UNOPTFLAT).
  for (genvar l = 0; l <= L; l++) begin : g_lvl
    localparam int unsigned M  = P >> l;
    localparam int unsigned MB = 1 << l;  // mask bits per node
    localparam bit REG = ((l + 1) * STAGES) / (L + 1) > (l * STAGES) / (L + 1);
    logic [M-1:0]   vld_c, vld_n;
    logic [M*K-1:0] key_c, key_n;
    logic [P-1:0]   msk_c, msk_n;
    logic [M-1:0]   uni_c, uni_n;   // every valid leaf of the node has the node's key

    if (l == 0) begin : g_leaf
      for (genvar i = 0; i < P; i++) begin : g_in
        if (i < N) begin : g_real
          assign vld_c[i]        = valid_i[i];
          assign key_c[i*K +: K] = key_i[i*K +: K];
        end else begin : g_pad
          assign vld_c[i]        = 1'b0;
          assign key_c[i*K +: K] = '0;
        end
      end
      assign msk_c = P'(vld_c);
      assign uni_c = '1;
    end else begin : g_node
      for (genvar i = 0; i < M; i++) begin : g_cmp
        logic         va, vb, sel_a, sel_b, ua, ub;
        logic [K-1:0] ka, kb;
        logic [MB/2-1:0] ma, mb;  // the children's masks
        // a_le_b = (ka <= kb), b_le_a = (kb <= ka), on the keys as they reach the select
        logic         a_le_b, b_le_a;
        if (l <= SPLIT) begin : g_split
          // Stage 1: per chunk, ka below kb and ka above kb; registered with both children.
          logic [NC-1:0] lt_c, gt_c, lt_q, gt_q;
          logic          va_q, vb_q, ua_q, ub_q;
          logic [K-1:0]  ka_q, kb_q;
          logic [MB/2-1:0] ma_q, mb_q;
          for (genvar c = 0; c < NC; c++) begin : g_chunk
            localparam int unsigned LO = c * CW;
            localparam int unsigned HI = ((c + 1) * CW < K) ? (c + 1) * CW : K;
            assign lt_c[c] = g_lvl[l-1].key_n[(2*i)*K + LO +: HI - LO] <
                             g_lvl[l-1].key_n[(2*i+1)*K + LO +: HI - LO];
            assign gt_c[c] = g_lvl[l-1].key_n[(2*i)*K + LO +: HI - LO] >
                             g_lvl[l-1].key_n[(2*i+1)*K + LO +: HI - LO];
          end
          always_ff @(posedge clk_i) begin
            if (!rst_ni) begin
              va_q <= 1'b0;
              vb_q <= 1'b0;
            end else begin
              va_q <= g_lvl[l-1].vld_n[2*i];
              vb_q <= g_lvl[l-1].vld_n[2*i+1];
            end
          end
          always_ff @(posedge clk_i) begin   // data: no reset (counts only under va_q, vb_q)
            lt_q <= lt_c;
            gt_q <= gt_c;
            ka_q <= g_lvl[l-1].key_n[(2*i)*K +: K];
            kb_q <= g_lvl[l-1].key_n[(2*i+1)*K +: K];
            ma_q <= g_lvl[l-1].msk_n[i*MB +: MB/2];
            mb_q <= g_lvl[l-1].msk_n[i*MB+MB/2 +: MB/2];
            ua_q <= g_lvl[l-1].uni_n[2*i];
            ub_q <= g_lvl[l-1].uni_n[2*i+1];
          end
          // Stage 2: the highest chunk that differs decides; none differs: equal keys.
          logic a_lt, a_gt;  // ka < kb, ka > kb
          always_comb begin
            a_lt = 1'b0;
            a_gt = 1'b0;
            for (int c = 0; c < NC; c++) begin
              if (lt_q[c] || gt_q[c]) begin
                a_lt = lt_q[c];
                a_gt = gt_q[c];
              end
            end
          end
          assign va     = va_q;
          assign vb     = vb_q;
          assign ka     = ka_q;
          assign kb     = kb_q;
          assign ma     = ma_q;
          assign mb     = mb_q;
          assign ua     = ua_q;
          assign ub     = ub_q;
          assign a_le_b = ~a_gt;
          assign b_le_a = ~a_lt;
        end else begin : g_whole
          assign va     = g_lvl[l-1].vld_n[2*i];
          assign vb     = g_lvl[l-1].vld_n[2*i+1];
          assign ka     = g_lvl[l-1].key_n[(2*i)*K +: K];
          assign kb     = g_lvl[l-1].key_n[(2*i+1)*K +: K];
          assign ma     = g_lvl[l-1].msk_n[i*MB +: MB/2];
          assign mb     = g_lvl[l-1].msk_n[i*MB+MB/2 +: MB/2];
          assign ua     = g_lvl[l-1].uni_n[2*i];
          assign ub     = g_lvl[l-1].uni_n[2*i+1];
          assign a_le_b = (ka <= kb);
          assign b_le_a = (kb <= ka);
        end
        // A key counts only under its valid bit: kb is the result unless a wins (and is
        // ignored above when neither child is valid).
        assign sel_a = va & (~vb | a_le_b);
        assign sel_b = vb & (~va | b_le_a);
        assign vld_c[i]                 = va | vb;
        assign key_c[i*K +: K]          = sel_a ? ka : kb;
        assign msk_c[i*MB +: MB/2]      = ma & {(MB/2){sel_a}};
        assign msk_c[i*MB+MB/2 +: MB/2] = mb & {(MB/2){sel_b}};
        // uniform: each valid child uniform, and equal keys when both are valid
        assign uni_c[i] = (~va | ua) & (~vb | ub) & ~(va & vb & ~(a_le_b & b_le_a));
      end
    end

    if (REG) begin : g_reg
      logic [M-1:0]   vld_q;
      logic [M*K-1:0] key_q;
      logic [P-1:0]   msk_q;
      logic [M-1:0]   uni_q;
      // Only the valid bits are reset: a node's key, mask and uniform bit count only under its
      // valid bit (a parent selects a child by it; the outputs are gated by it), so the data ranks need
      // no reset, and the reset net reaches (P >> l) flip-flops per rank, not all of them.
      always_ff @(posedge clk_i) begin
        if (!rst_ni) begin
          vld_q <= '0;
        end else begin
          vld_q <= vld_c;
        end
      end
      always_ff @(posedge clk_i) begin
        key_q <= key_c;
        msk_q <= msk_c;
        uni_q <= uni_c;
      end
      assign vld_n = vld_q;
      assign key_n = key_q;
      assign msk_n = msk_q;
      assign uni_n = uni_q;
    end else begin : g_wire
      assign vld_n = vld_c;
      assign key_n = key_c;
      assign msk_n = msk_c;
      assign uni_n = uni_c;
    end
  end

  assign valid_o = g_lvl[L].vld_n[0];
  assign key_o   = g_lvl[L].key_n[K-1:0] & {K{valid_o}};
  assign match_o = g_lvl[L].msk_n[N-1:0] & {N{valid_o}};
  assign uniform_o = g_lvl[L].uni_n[0] & valid_o;

  // The pad leaves (N < P) never match.
  if (P > N) begin : g_unused
    logic unused_pad;
    assign unused_pad = ^g_lvl[L].msk_n[P-1:N];
  end
endmodule
`default_nettype wire
