/* SPDX-License-Identifier: Apache-2.0 */
// vl_board.h: a Verilated model's ports carried to the unit server and back (lib/simt_board.h).
// tools/board_gen.py generates, per model, B<model>: V<model> with eval() replaced by
// vl_board_eval(), and its pack()/unpack() of every port on the server's two vectors. A unit's
// shim compiled with VL_MODEL=B<model> drives the board exactly as it drives the RTL model:
//  - a rising clk_i is not sent at once: the next evaluation's request carries it (one clock
//    edge, with the unit's reset if rst_ni was low), then loads the inputs and reads outputs;
//  - an evaluation whose inputs equal the last ones, with no edge since, sends nothing.
#ifndef VL_BOARD_H
#define VL_BOARD_H

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "verilated.h"
#include "simt_board.h"

using vl_board_port = simt_board_port;

template <typename T>
static typename std::enable_if<std::is_integral<T>::value>::type
vl_board_put(uint8_t *v, unsigned off, unsigned width, const T &port)
{
    uint64_t x = static_cast<uint64_t>(port);
    for (unsigned i = 0; i < width; i++)
        if (x >> i & 1)
            v[(off + i) / 8] |= static_cast<uint8_t>(1u << ((off + i) % 8));
}

template <std::size_t N>
static void vl_board_put(uint8_t *v, unsigned off, unsigned width, const VlWide<N> &port)
{
    for (unsigned i = 0; i < width; i++)
        if (port[i / 32] >> (i % 32) & 1)
            v[(off + i) / 8] |= static_cast<uint8_t>(1u << ((off + i) % 8));
}

template <typename T>
static typename std::enable_if<std::is_integral<T>::value>::type
vl_board_get(const uint8_t *v, unsigned off, unsigned width, T &port)
{
    uint64_t x = 0;
    for (unsigned i = 0; i < width; i++)
        x |= static_cast<uint64_t>(v[(off + i) / 8] >> ((off + i) % 8) & 1) << i;
    port = static_cast<T>(x);
}

template <std::size_t N>
static void vl_board_get(const uint8_t *v, unsigned off, unsigned width, VlWide<N> &port)
{
    for (std::size_t w = 0; w < N; w++)
        port[w] = 0;
    for (unsigned i = 0; i < width; i++)
        port[i / 32] |= static_cast<EData>(v[(off + i) / 8] >> ((off + i) % 8) & 1) << (i % 32);
}

// The link of one board driver: the open board, the edge not sent yet, the last request.
struct VlBoard {
    simt_board *b;
    unsigned in_bytes, out_bytes;
    std::vector<uint8_t> in, last_in, out;
    bool last_clk = false, edge = false, reset = false, have = false;
    VlBoard(const char *model, unsigned in_w, unsigned out_w, bool clocked,
            const simt_board_port *(*ports)(unsigned *))
        : in_bytes((in_w + 7) / 8), out_bytes((out_w + 7) / 8), in(in_bytes), last_in(in_bytes), out(out_bytes)
    {
        unsigned n = 0;
        const simt_board_port *p = ports(&n);
        b = simt_board_open(model, in_w, out_w, clocked ? 1 : 0, p, n);
    }
    ~VlBoard()
    {
        if (edge) // the last clock edge, so that the at-speed replay has every cycle
            simt_board_step(b, 1, reset, nullptr, nullptr);
        simt_board_close(b);
    }
    VlBoard(const VlBoard &) = delete;
    VlBoard &operator=(const VlBoard &) = delete;
};

template <typename M> void vl_board_eval(M &m, VlBoard &bd)
{
    if constexpr (M::vl_board_clocked) {
        const bool clk = m.clk_i & 1;
        if (clk && !bd.last_clk) {
            bd.last_clk = true;
            bd.edge = true;
            bd.reset = !(m.rst_ni & 1);
            return;
        }
        bd.last_clk = clk;
        if (clk)
            return;
    }
    std::memset(bd.in.data(), 0, bd.in_bytes);
    m.pack(bd.in.data());
    if (!bd.edge && bd.have && !std::memcmp(bd.in.data(), bd.last_in.data(), bd.in_bytes))
        return; // same inputs, no edge since: the outputs are those already unpacked
    simt_board_step(bd.b, bd.edge, bd.reset, bd.in.data(), bd.out.data());
    bd.edge = bd.reset = false;
    bd.have = true;
    bd.last_in = bd.in;
    m.unpack(bd.out.data());
}

#endif
