// SPDX-License-Identifier: Apache-2.0
// simt_srv: the unit server. Hosts one unit of the registry at one configuration (the generated
// simt_srv_dut and simt_srv_pkg of tools/board_gen.py) behind a UART, for the host checker
// (simtcheck UNIT --board PORT, docs/fpga.md).
//
// The unit's inputs are one vector in_q (every input port but clk_i and rst_ni, in the order of
// its Verilated model's header, LSB first) and its outputs one vector (likewise). The unit is
// clocked only when told: its clock is the core clock through simt_clk_gate, so between
// commands its state holds, and in at-speed mode it runs one cycle per core clock.
//
// Protocol (docs/fpga.md has the full table). Requests are a command byte and its arguments
// (16-bit values little-endian); every reply starts with 'k' (ok) or is 'e', code, info:
//   'I'                      identify: 'k', version, flags (bit 0: clocked, 1: OUT_DIFF), IN_W, OUT_W,
//                            AS_DEPTH, CLKS_PER_BIT (16 bits each), name length, name
//   'S' flags [in]           step. flags bit 0: first one clock edge with the inputs held,
//                            bit 1: with the unit's reset asserted during that edge, bit 2: no
//                            input vector follows (keep the inputs), bit 3: no output reply.
//                            Then load the inputs, and reply 'k' and the output vector (below)
//                            SETTLE core clocks later
//   'C' n                    n clock edges with the inputs held; reply 'k'
//   'W' addr n [in]*n        write n input vectors to the stimulus RAM from addr; reply 'k'
//   'G' n                    at speed: the unit runs n consecutive core clock cycles, the first
//                            on the loaded inputs (the host loads stimulus entry 0 there first),
//                            the k-th on stimulus RAM entry k; its outputs in each are captured in
//                            capture RAM entry k; reply 'k' when done (then the loaded inputs
//                            apply again)
//   'X' addr n               read n captured output vectors from addr: 'k', then the vectors
// With OUT_DIFF (identify flags bit 1), an output vector is sent as its change from the one sent
// before (zero after 'I'): a map of ceil(OUT_BYTES/8) bytes, bit i set when byte i differs, then
// those bytes in order; without, as OUT_BYTES bytes.
// Errors: 1 unknown command (info: the byte), 2 framing error on the receive line, 3 address
// or count out of range (info: the command), 4 a request stopped arriving for RX_TIMEOUT
// cycles (info: the command).
`default_nettype none
module simt_srv #(
  parameter int unsigned CLKS_PER_BIT = 16,       // core clock / baud rate
  parameter int unsigned AS_DEPTH     = 64,       // at-speed stimulus and capture RAM entries
  parameter int unsigned RX_TIMEOUT   = 1 << 22,  // cycles before a half-received request is dropped
  // Output vectors sent as changes (below): OUT_W more flip-flops, about half the link traffic;
  // off by default in the builds without at-speed RAM (the iCE40's, where logic is short).
  parameter bit          OUT_DIFF     = (AS_DEPTH > 0),
  // Core clocks between loading a step's inputs (or its clock edge) and taking its outputs.
  // Stepping is multi-cycle by construction: the unit's next edge is a whole request away, so
  // with SETTLE >= (the unit's longest path) / (core clock period) a step is right at any core
  // clock; only the at-speed replay needs the core clock within the unit's Fmax.
  parameter int unsigned SETTLE       = 64
) (
  input  wire logic       clk_i,
  input  wire logic       rst_ni,
  input  wire logic       rx_i,
  output logic            tx_o,
  output logic [1:0]      led_o,    // 0: toggles per request, 1: an error was reported
  output logic            busy_o    // a request is being served (the simulated board sleeps otherwise)
);
  // the hosted model (tools/board_gen.py; named in full: Yosys has no import inside a module)
  localparam int unsigned IN_W      = simt_srv_pkg::IN_W;
  localparam int unsigned OUT_W     = simt_srv_pkg::OUT_W;
  localparam logic [7:0]  CLOCKED   = simt_srv_pkg::CLOCKED;
  localparam int unsigned NAME_LEN  = simt_srv_pkg::NAME_LEN;
  localparam logic [8*NAME_LEN-1:0] NAME = simt_srv_pkg::NAME;

  localparam int unsigned IN_BYTES  = (IN_W + 7) / 8;
  localparam int unsigned OUT_BYTES = (OUT_W + 7) / 8;
  localparam int unsigned IN_PAD    = 8 * IN_BYTES;
  localparam int unsigned OUT_PAD   = 8 * OUT_BYTES;
  localparam int unsigned AW        = (AS_DEPTH > 1) ? $clog2(AS_DEPTH) : 1;
  localparam int unsigned ID_BYTES  = 11 + NAME_LEN;
  localparam int unsigned MAP_BYTES = (OUT_BYTES + 7) / 8;
  localparam int unsigned MAP_PAD   = 8 * MAP_BYTES;
  localparam logic [8*ID_BYTES-1:0] ID = {NAME, 8'(NAME_LEN), 16'(CLKS_PER_BIT), 16'(AS_DEPTH),
                                          16'(OUT_W), 16'(IN_W),
                                          CLOCKED | (OUT_DIFF ? 8'd2 : 8'd0), 8'd1};
  localparam int unsigned TW = $clog2(RX_TIMEOUT + 2);

  typedef enum logic [4:0] {
    Idle, Args, SFlags, SEdge, SLoad, SLd, SSettle, Clock, WData, Run, RunEnd, TxStat, TxId, TxMap,
    TxOut, XRd, XLd, Err0, Err1, Err2
  } state_e;
  typedef enum logic [1:0] {PlNone, PlId, PlOut, PlX} payload_e;

  // ---- UART ----
  logic       rx_valid, rx_ferr, tx_valid, tx_ready;
  logic [7:0] rx_data, tx_data;

  simt_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
    .clk_i, .rst_ni, .rx_i, .valid_o(rx_valid), .data_o(rx_data), .frame_err_o(rx_ferr)
  );
  simt_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
    .clk_i, .rst_ni, .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready), .tx_o
  );

  // ---- the hosted unit, on the gated clock ----
  logic               en_q, dut_rst_nq, dut_clk;
  logic [IN_W-1:0]    in_q;       // the inputs loaded by 'S' (core clock domain)
  logic [IN_W-1:0]    as_in_q;    // at speed: the next stimulus entry (unit clock domain)
  logic               as_sel_q;   // at speed, from the second cycle of a run on: as_in_q
  logic               run_q;      // a run is under way (changes only between unit clock edges)
  logic [AW:0]        as_a_q;     // at speed: stimulus entry read at the next edge, 1 .. n
  logic [AW-1:0]      as_c_q;     // at speed: capture entry written at the next edge
  logic [AW:0]        n_q;        // the run's length
  wire  logic         as_last = (as_a_q == n_q);
  logic [OUT_W-1:0]   dut_out;

  simt_clk_gate u_cg (.clk_i, .en_i(en_q), .clk_o(dut_clk));
  simt_srv_dut u_dut (.clk_i(dut_clk), .rst_ni(dut_rst_nq), .in_i(as_sel_q ? as_in_q : in_q),
                      .out_o(dut_out));

  // ---- at speed: stimulus and capture RAM, and the engine on the unit's clock ----
  // Every register that feeds the unit or takes its outputs during a run is clocked by the
  // unit's own (gated) clock, so the unit's paths are timed as one clock domain. The signals
  // that cross from the core clock (in_q, run_q, n_q, dut_rst_nq) change only in cycles
  // without a unit clock edge. A run of n cycles: the first on in_q (the host loads stimulus
  // entry 0 with 'S' first), the k-th on entry k, read one edge ahead into as_in_q. The engine
  // returns by itself to as_a_q = 1, as_sel_q = 0, as_c_q = 0 at the run's last edge.
  // AS_DEPTH = 0 builds none of it (a device without RAM for two vectors per cycle): identify
  // then says depth 0, and 'W', 'G' and 'X' are refused (error 3).
  logic [OUT_W-1:0] cap_rd_q;
  logic [AW-1:0]    stim_wa_q, cap_ra_q;
  logic             stim_we_q;   // sh_q holds a whole vector: write it at stim_wa_q
  logic [IN_PAD-1:0] sh_q;     // request input vector, shifted in byte by byte

  if (AS_DEPTH > 0) begin : g_at_speed
    logic [IN_W-1:0]  stim_mem [AS_DEPTH];
    logic [OUT_W-1:0] cap_mem  [AS_DEPTH];

    always_ff @(posedge clk_i) begin
      if (stim_we_q) stim_mem[stim_wa_q] <= sh_q[IN_W-1:0];
    end
    always_ff @(posedge dut_clk) begin
      if (run_q) as_in_q <= stim_mem[as_a_q[AW-1:0]];
    end
    always_ff @(posedge dut_clk) begin
      if (run_q) cap_mem[as_c_q] <= dut_out;
    end
    always_ff @(posedge clk_i) begin
      cap_rd_q <= cap_mem[cap_ra_q];
    end
    always_ff @(posedge dut_clk) begin
      if (!dut_rst_nq) begin
        as_a_q   <= (AW + 1)'(1);
        as_sel_q <= 1'b0;
        as_c_q   <= '0;
      end else if (run_q) begin
        as_a_q   <= as_last ? (AW + 1)'(1) : as_a_q + 1'b1;
        as_sel_q <= !as_last;
        as_c_q   <= as_last ? '0 : as_c_q + 1'b1;
      end
    end
  end else begin : g_no_at_speed
    logic unused_as;
    assign unused_as = run_q ^ as_last ^ (^as_c_q);
    assign as_in_q  = '0;
    assign as_sel_q = 1'b0;
    assign as_a_q   = '0;
    assign as_c_q   = '0;
    assign cap_rd_q = '0;
  end

  // ---- request decoder and reply sender ----
  state_e              state_q;
  payload_e            pl_q;
  logic [7:0]          cmd_q, err_code_q, err_info_q;
  logic                noload_q, noread_q;   // 'S' flags bits 2 and 3
  logic [31:8]         arg_q;
  logic [2:0]          nargs_q;
  logic [15:0]         cnt_q;          // vectors / cycles still to go
  logic [15:0]         byte_q;
  logic [OUT_PAD-1:0]  out_q;     // the output vector being sent, byte 0 first
  logic [OUT_PAD-1:0]  last_q;    // the last output vector sent (zero after 'I')
  logic [OUT_BYTES-1:0] chg_q;    // bytes of out_q that differ from the vector sent before
  logic [MAP_PAD-1:0]  map_q;     // chg_q, sent first
  logic                led_act_q, led_err_q;
  logic [TW-1:0]       idle_q;

  // A request's arguments, shifted in LSB first: two bytes end in args[31:16], four give
  // args[15:0] (address) and args[31:16] (count).
  wire logic [31:0] args = {rx_data, arg_q};
  wire logic        receiving = (state_q == Args) || (state_q == SFlags) || (state_q == SLoad) ||
                                (state_q == WData);
  wire logic        timeout = (RX_TIMEOUT != 0) && receiving && (idle_q == TW'(RX_TIMEOUT));


  always_comb begin
    tx_valid = 1'b0;
    tx_data  = 8'h00;
    unique case (state_q)
      TxStat:  begin tx_valid = 1'b1; tx_data = "k"; end
      TxId:    begin tx_valid = 1'b1; tx_data = ID[8*byte_q[7:0] +: 8]; end
      TxMap:   begin tx_valid = 1'b1; tx_data = map_q[7:0]; end
      TxOut:   begin tx_valid = chg_q[0]; tx_data = out_q[7:0]; end
      Err0:    begin tx_valid = 1'b1; tx_data = "e"; end
      Err1:    begin tx_valid = 1'b1; tx_data = err_code_q; end
      Err2:    begin tx_valid = 1'b1; tx_data = err_info_q; end
      default: ;
    endcase
  end

  // Output vectors are sent as changes: a map (bit i: byte i differs from the same byte of the
  // vector sent before), then the bytes that differ, in order.
  function automatic logic [OUT_BYTES-1:0] changed(logic [OUT_PAD-1:0] v);
    for (int i = 0; i < OUT_BYTES; i++) changed[i] = !OUT_DIFF || (v[8*i +: 8] != last_q[8*i +: 8]);
  endfunction

  // Arguments a request takes before its payload.
  function automatic logic [2:0] n_args(logic [7:0] c);
    n_args = (c == "C" || c == "G") ? 3'd2 : (c == "W" || c == "X") ? 3'd4 : 3'd0;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q    <= Idle;
      pl_q       <= PlNone;
      cmd_q      <= '0;
      noload_q   <= 1'b0;
      noread_q   <= 1'b0;
      err_code_q <= '0;
      err_info_q <= '0;
      arg_q      <= '0;
      nargs_q    <= '0;
      cnt_q      <= '0;
      byte_q     <= '0;
      out_q      <= '0;
      last_q     <= '0;
      chg_q      <= '0;
      map_q      <= '0;
      sh_q       <= '0;
      in_q       <= '0;
      en_q       <= 1'b0;
      dut_rst_nq <= 1'b0;
      run_q      <= 1'b0;
      n_q        <= '0;
      stim_we_q  <= 1'b0;
      stim_wa_q  <= '0;
      cap_ra_q   <= '0;
      idle_q     <= '0;
      led_act_q  <= 1'b0;
      led_err_q  <= 1'b0;
    end else begin
      en_q       <= 1'b0;
      dut_rst_nq <= 1'b1;
      stim_we_q  <= 1'b0;
      if (stim_we_q) stim_wa_q <= stim_wa_q + 1'b1;
      idle_q     <= (receiving && !rx_valid) ? idle_q + 1'b1 : '0;
      if (state_q == WData && rx_valid) sh_q <= {rx_data, sh_q[IN_PAD-1:8]};
      if (state_q == SLoad && rx_valid) sh_q <= {rx_data, sh_q[IN_PAD-1:8]};

      if (receiving && rx_ferr) begin
        err_code_q <= 8'd2;
        err_info_q <= cmd_q;
        state_q    <= Err0;
      end else if (timeout) begin
        err_code_q <= 8'd4;
        err_info_q <= cmd_q;
        state_q    <= Err0;
      end else begin
        unique case (state_q)
          Idle: if (rx_ferr) begin
            err_code_q <= 8'd2;
            err_info_q <= 8'd0;
            state_q    <= Err0;
          end else if (rx_valid) begin
            cmd_q     <= rx_data;
            led_act_q <= ~led_act_q;
            nargs_q   <= n_args(rx_data);
            arg_q     <= '0;
            unique case (rx_data)
              "I": begin pl_q <= PlId; byte_q <= '0; last_q <= '0; state_q <= TxStat; end
              "S": state_q <= SFlags;
              "C", "G", "W", "X": state_q <= Args;
              default: begin
                err_code_q <= 8'd1;
                err_info_q <= rx_data;
                state_q    <= Err0;
              end
            endcase
          end
          Args: if (rx_valid) begin
            arg_q   <= args[31:8];
            nargs_q <= nargs_q - 1'b1;
            if (nargs_q == 3'd1) begin
              byte_q <= '0;
              unique case (cmd_q)
                "C": begin cnt_q <= args[31:16]; state_q <= Clock; end
                "W": if (args[31:16] != '0 && 17'(args[15:0]) + 17'(args[31:16]) <= 17'(AS_DEPTH)) begin
                  stim_wa_q <= AW'(args[15:0]);
                  cnt_q     <= args[31:16];
                  state_q   <= WData;
                end else begin
                  err_code_q <= 8'd3;
                  err_info_q <= cmd_q;
                  state_q    <= Err0;
                end
                "G": if (args[31:16] != '0 && 17'(args[31:16]) <= 17'(AS_DEPTH)) begin
                  n_q     <= (AW + 1)'(args[31:16]);
                  cnt_q   <= args[31:16];
                  run_q   <= 1'b1;
                  state_q <= Run;
                end else begin
                  err_code_q <= 8'd3;
                  err_info_q <= cmd_q;
                  state_q    <= Err0;
                end
                default: if (args[31:16] != '0 && 17'(args[15:0]) + 17'(args[31:16]) <= 17'(AS_DEPTH)) begin
                  cap_ra_q <= AW'(args[15:0]);   // "X"
                  cnt_q    <= args[31:16];
                  pl_q     <= PlX;
                  state_q  <= TxStat;
                end else begin
                  err_code_q <= 8'd3;
                  err_info_q <= cmd_q;
                  state_q    <= Err0;
                end
              endcase
            end
          end
          SFlags: if (rx_valid) begin
            noload_q   <= rx_data[2];
            noread_q   <= rx_data[3];
            en_q       <= rx_data[0];
            dut_rst_nq <= ~(rx_data[0] & rx_data[1]);
            byte_q     <= '0;
            state_q    <= SEdge;
          end
          SEdge: begin   // the unit's clock edge ends this cycle: its reset input holds across it
            dut_rst_nq <= dut_rst_nq;
            state_q    <= noload_q ? SSettle : SLoad;
          end
          SLoad: if (rx_valid) begin
            byte_q <= byte_q + 1'b1;
            if (byte_q == 16'(IN_BYTES - 1)) state_q <= SLd;
          end
          SLd: begin
            in_q    <= sh_q[IN_W-1:0];
            byte_q  <= '0;
            state_q <= SSettle;
          end
          SSettle: if (byte_q < 16'(SETTLE - 1)) begin
            byte_q <= byte_q + 1'b1;      // the unit's outputs settle for SETTLE core clocks
          end else begin
            out_q   <= OUT_PAD'(dut_out);
            chg_q   <= changed(OUT_PAD'(dut_out));
            map_q   <= MAP_PAD'(changed(OUT_PAD'(dut_out)));
            if (!noread_q) last_q <= OUT_PAD'(dut_out);
            pl_q    <= noread_q ? PlNone : PlOut;
            cnt_q   <= 16'd1;
            byte_q  <= '0;
            state_q <= TxStat;
          end
          Clock: if (cnt_q != '0) begin
            en_q  <= 1'b1;
            cnt_q <= cnt_q - 1'b1;
          end else begin
            pl_q    <= PlNone;
            state_q <= TxStat;
          end
          WData: if (rx_valid) begin
            if (byte_q == 16'(IN_BYTES - 1)) begin
              byte_q    <= '0;
              stim_we_q <= 1'b1;
              cnt_q     <= cnt_q - 1'b1;
              if (cnt_q == 16'd1) begin
                pl_q    <= PlNone;
                state_q <= TxStat;
              end
            end else begin
              byte_q <= byte_q + 1'b1;
            end
          end
          Run: if (cnt_q != '0) begin   // one unit clock edge at the end of each of n cycles
            en_q  <= 1'b1;
            cnt_q <= cnt_q - 1'b1;
          end else begin
            state_q <= RunEnd;              // the last edge ends this cycle
          end
          RunEnd: begin
            run_q   <= 1'b0;
            pl_q    <= PlNone;
            state_q <= TxStat;
          end
          TxStat: if (tx_ready) begin
            byte_q <= '0;
            unique case (pl_q)
              PlId:    state_q <= TxId;
              PlOut:   state_q <= OUT_DIFF ? TxMap : TxOut;
              PlX:     state_q <= XRd;
              default: state_q <= Idle;
            endcase
          end
          TxId: if (tx_ready) begin
            byte_q <= byte_q + 1'b1;
            if (byte_q == 16'(ID_BYTES - 1)) state_q <= Idle;
          end
          TxMap: if (tx_ready) begin
            map_q  <= MAP_PAD'(map_q >> 8);
            byte_q <= byte_q + 1'b1;
            if (byte_q == 16'(MAP_BYTES - 1)) begin
              byte_q  <= '0;
              state_q <= TxOut;
            end
          end
          TxOut: if (tx_ready || !chg_q[0]) begin   // an unchanged byte is skipped
            out_q  <= {8'h00, out_q[OUT_PAD-1:8]};
            chg_q  <= OUT_BYTES'(chg_q >> 1);
            byte_q <= byte_q + 1'b1;
            if (byte_q == 16'(OUT_BYTES - 1)) begin
              byte_q <= '0;
              cnt_q  <= cnt_q - 1'b1;
              state_q <= (pl_q == PlX && cnt_q != 16'd1) ? XRd : Idle;
            end
          end
          XRd: state_q <= XLd;          // cap_ra_q -> cap_rd_q
          XLd: begin
            out_q    <= OUT_PAD'(cap_rd_q);
            chg_q    <= changed(OUT_PAD'(cap_rd_q));
            map_q    <= MAP_PAD'(changed(OUT_PAD'(cap_rd_q)));
            last_q   <= OUT_PAD'(cap_rd_q);
            cap_ra_q <= cap_ra_q + 1'b1;
            state_q  <= OUT_DIFF ? TxMap : TxOut;
          end
          Err0: if (tx_ready) state_q <= Err1;
          Err1: if (tx_ready) state_q <= Err2;
          Err2: if (tx_ready) begin
            led_err_q <= 1'b1;
            state_q   <= Idle;
          end
          default: state_q <= Idle;
        endcase
      end
    end
  end

  assign led_o  = {led_err_q, led_act_q};
  assign busy_o = (state_q != Idle);
endmodule
`default_nettype wire
