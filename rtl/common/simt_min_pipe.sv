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
// rounded up to a power of two). Free-running, no stall; rst_ni (synchronous, active low)
// clears the valid bits of every rank (the keys and masks are not reset: key_o and match_o are
// ANDed with valid_o), so for STAGES cycles after a reset valid_o = 0, key_o = 0, match_o = 0.
`default_nettype none
module simt_min_pipe #(
  parameter int unsigned N      = 4,
  parameter int unsigned K      = 8,
  parameter int unsigned STAGES = 1   // register ranks = latency, 1 .. clog2(N) + 1
) (
  input  wire logic           clk_i,
  input  wire logic           rst_ni,
  input  wire logic [N-1:0]   valid_i,
  input  wire logic [N*K-1:0] key_i,
  output logic                valid_o,
  output logic [K-1:0]        key_o,
  output logic [N-1:0]        match_o
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

  // Level l: M = P >> l nodes of (valid, key, mask of 2^l leaves). 'c' is the level's
  // combinational value, 'n' what the next level reads: c itself, or c registered when the
  // level ends a stage. Each level has its own signals (no UNOPTFLAT).
  for (genvar l = 0; l <= L; l++) begin : g_lvl
    localparam int unsigned M  = P >> l;
    localparam int unsigned MB = 1 << l;  // mask bits per node
    localparam bit REG = ((l + 1) * STAGES) / (L + 1) > (l * STAGES) / (L + 1);
    logic [M-1:0]   vld_c, vld_n;
    logic [M*K-1:0] key_c, key_n;
    logic [P-1:0]   msk_c, msk_n;

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
    end else begin : g_node
      for (genvar i = 0; i < M; i++) begin : g_cmp
        logic         va, vb, sel_a, sel_b;
        logic [K-1:0] ka, kb;
        assign va = g_lvl[l-1].vld_n[2*i];
        assign vb = g_lvl[l-1].vld_n[2*i+1];
        assign ka = g_lvl[l-1].key_n[(2*i)*K +: K];
        assign kb = g_lvl[l-1].key_n[(2*i+1)*K +: K];
        // A key counts only under its valid bit: kb is the result unless a wins (and is
        // ignored above when neither child is valid).
        assign sel_a = va & (~vb | (ka <= kb));
        assign sel_b = vb & (~va | (kb <= ka));
        assign vld_c[i]                 = va | vb;
        assign key_c[i*K +: K]          = sel_a ? ka : kb;
        assign msk_c[i*MB +: MB/2]      = g_lvl[l-1].msk_n[i*MB +: MB/2] & {(MB/2){sel_a}};
        assign msk_c[i*MB+MB/2 +: MB/2] = g_lvl[l-1].msk_n[i*MB+MB/2 +: MB/2] & {(MB/2){sel_b}};
      end
    end

    if (REG) begin : g_reg
      logic [M-1:0]   vld_q;
      logic [M*K-1:0] key_q;
      logic [P-1:0]   msk_q;
      // Only the valid bits are reset: a node's key and mask count only under its valid bit
      // (a parent selects a child by it; the outputs are gated by it), so the data ranks need
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
      end
      assign vld_n = vld_q;
      assign key_n = key_q;
      assign msk_n = msk_q;
    end else begin : g_wire
      assign vld_n = vld_c;
      assign key_n = key_c;
      assign msk_n = msk_c;
    end
  end

  assign valid_o = g_lvl[L].vld_n[0];
  assign key_o   = g_lvl[L].key_n[K-1:0] & {K{valid_o}};
  assign match_o = g_lvl[L].msk_n[N-1:0] & {N{valid_o}};

  // The pad leaves (N < P) never match.
  if (P > N) begin : g_unused
    logic unused_pad;
    assign unused_pad = ^g_lvl[L].msk_n[P-1:N];
  end
endmodule
`default_nettype wire
