/* SPDX-License-Identifier: Apache-2.0 */
// vl_ports.h: bit-field access to Verilated ports of any width (the only C++ in the harness
// is this and the shims). Ports up to 64 bits are plain integers; wider ones are VlWide.
#ifndef VL_PORTS_H
#define VL_PORTS_H

#include <cstdint>
#include <type_traits>

#include <memory>

#include "verilated.h"
#include "simt_vl.h"
#include "verilated_fst_c.h"
#include "vl_model.h"

template <typename T>
static typename std::enable_if<std::is_integral<T>::value>::type
vl_set(T &port, unsigned lsb, unsigned width, uint64_t v)
{
    uint64_t m = width >= 64 ? ~0ull : ((1ull << width) - 1);
    uint64_t p = static_cast<uint64_t>(port);
    p = (p & ~(m << lsb)) | ((v & m) << lsb);
    port = static_cast<T>(p);
}

template <typename T>
static typename std::enable_if<std::is_integral<T>::value, uint64_t>::type
vl_get(const T &port, unsigned lsb, unsigned width)
{
    uint64_t m = width >= 64 ? ~0ull : ((1ull << width) - 1);
    return (static_cast<uint64_t>(port) >> lsb) & m;
}

// A wide port: the field's bits are in at most three 32-bit words (width <= 64), set and read a
// word at a time (a bit-by-bit loop here was most of the cross-check's time at W = 32).
template <std::size_t N>
static inline void vl_set(VlWide<N> &port, unsigned lsb, unsigned width, uint64_t v)
{
    if (width < 64)
        v &= (1ull << width) - 1;
    unsigned w = lsb / 32, s = lsb % 32;
    for (unsigned left = width; left; w++, s = 0) {
        const unsigned n = 32 - s < left ? 32 - s : left;
        const EData mask = static_cast<EData>((n == 32 ? 0xffffffffu : (1u << n) - 1) << s);
        port[w] = (port[w] & ~mask) | (static_cast<EData>(v << s) & mask);
        v >>= n;
        left -= n;
    }
}

template <std::size_t N>
static inline uint64_t vl_get(const VlWide<N> &port, unsigned lsb, unsigned width)
{
    uint64_t v = 0;
    unsigned w = lsb / 32, s = lsb % 32;
    for (unsigned got = 0; got < width; w++, s = 0) {
        const unsigned n = 32 - s < width - got ? 32 - s : width - got;
        const uint64_t bits = (static_cast<uint64_t>(port[w]) >> s) & (n == 32 ? 0xffffffffull : (1ull << n) - 1);
        v |= bits << got;
        got += n;
    }
    return v;
}

// The clock edge without the input logic (tools/vl_ico_skip.py): for a model whose generated
// eval() was rewritten, its ports.h defines vl_ico_mark(V<model> &), which stores the marker that
// makes the next eval() skip the input-combinational region and returns a vl_ico_marked;
// VlHarness::edge calls it, found by argument-dependent lookup. Any other model (no input logic,
// a board proxy) gets this one, which does nothing and returns void. The same ports.h declares
// vl_ico_expected(const V<model> *) true, so that VlHarness::edge refuses to compile when the two
// no longer meet (a renamed function, another signature): the model would run correctly, only
// slower, and no test would notice.
struct vl_ico_marked {};
template <typename T> inline void vl_ico_mark(T &) {}
template <typename T> constexpr bool vl_ico_expected(const T *) { return false; }

// One Verilated model with its context and optional FST waveform; every shim uses it.
template <typename Top>
struct VlHarness {
    using top_type = Top;
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Top> top;
    std::unique_ptr<VerilatedFstC> fst;
    // The power-up state (simt_vl_power_up) is set in the context before the model exists.
    static VerilatedContext *power_up(VerilatedContext *c)
    {
        int mode;
        unsigned seed;
        simt_vl_power_up_get(&mode, &seed);
        c->randReset(mode);
        if (mode == SIMT_VL_POWER_RANDOM)
            c->randSeed(static_cast<int>(seed & 0x7fffffff));
        // The generated initialisation (VL_RAND_RESET_*) reads the thread's context, which is
        // otherwise the first one the thread ever used (perhaps a deleted model's).
        Verilated::threadContextp(c);
        return c;
    }
    // A failed assertion (--assert) counts in the context and prints Verilator's message; it
    // neither aborts nor ends the run: the driver reads the count (assert_fails) every cycle.
    VlHarness() : top(new Top(power_up(ctx.get())))
    {
        ctx->traceEverOn(true);
        ctx->fatalOnError(false);
        ctx->errorLimit(1 << 30);
    }

    int wave_open(const char *path)
    {
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->open(path);
        return fst->isOpen() ? 0 : -1;
    }
    void wave_dump(uint64_t t)
    {
        if (fst) fst->dump(t);
    }
    // Clocked units (clk_i, rst_ni): one edge with reset low, inputs already driven idle.
    void reset()
    {
        top->rst_ni = 0;
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->rst_ni = 1;
        top->eval();
    }
    // Rising edge; the next evaluation with new inputs drives the clock low again. Only the
    // clock changes (lib/vl_model.h: the inputs of the last eval), so the logic that reads the
    // inputs would compute what the last eval left: the model skips it (vl_ico_mark).
    void edge()
    {
        static_assert(!vl_ico_expected(static_cast<const Top *>(nullptr)) ||
                          std::is_same<decltype(vl_ico_mark(*top)), vl_ico_marked>::value,
                      "tools/vl_ico_skip.py rewrote this model's eval(), but VlHarness::edge does not reach its "
                      "vl_ico_mark (ports.h): the clock edge would run the input logic again");
        vl_ico_mark(*top);
        top->clk_i = 1;
        top->eval();
    }
    void wave_close()
    {
        if (fst) fst->close();
        fst.reset();
    }
};

// The vl_model_ops of a shim (lib/vl_model.h), from its harness type H = VlHarness<Top>.
// A clocked unit's reset first drives idle inputs with its own Drive(Top &, const In *).
template <typename H> void *vl_h_create() { return new H; }
template <typename H> void vl_h_destroy(void *m) { delete static_cast<H *>(m); }
template <typename H, typename In, void (*Drive)(typename H::top_type &, const In *)>
void vl_h_reset(void *m)
{
    H &h = *static_cast<H *>(m);
    In idle = {};
    Drive(*h.top, &idle);
    h.reset();
}
template <typename H> void vl_h_edge(void *m) { static_cast<H *>(m)->edge(); }
template <typename H> int vl_h_wave_open(void *m, const char *path) { return static_cast<H *>(m)->wave_open(path); }
template <typename H> void vl_h_wave_dump(void *m, uint64_t t) { static_cast<H *>(m)->wave_dump(t); }
template <typename H> void vl_h_wave_close(void *m) { static_cast<H *>(m)->wave_close(); }
template <typename H> uint64_t vl_h_assert_fails(void *m)
{
    return static_cast<uint64_t>(static_cast<H *>(m)->ctx->errorCount());
}

// Initialisers of a vl_model_ops: a clocked unit (clk_i, rst_ni; In its C input struct,
// Drive its input-driving function) or a combinational one (no reset, no edge).
#define VL_CLOCKED_OPS(H, In, Drive)                                                             \
    {vl_h_create<H>, vl_h_destroy<H>, vl_h_reset<H, In, Drive>, vl_h_edge<H>, vl_h_wave_open<H>, \
     vl_h_wave_dump<H>, vl_h_wave_close<H>, vl_h_assert_fails<H>}
#define VL_COMB_OPS(H)                                                                           \
    {vl_h_create<H>, vl_h_destroy<H>, nullptr, nullptr, vl_h_wave_open<H>, vl_h_wave_dump<H>,    \
     vl_h_wave_close<H>, vl_h_assert_fails<H>}

// Compile-time port checks. ports.h (tools/vl_port_widths.py, generated from the Verilated
// model's header by lib/lib.mk) gives every port's width, vl_port_width::<port>. A shim lists
// every port it drives or reads, with the width it assumes (from its VL_* macros, the
// registry's -D flags), between VL_PORTS_BEGIN and VL_PORTS_END:
//     VL_PORTS_BEGIN;  VL_PORT_WIDTH(op_i, 3);  VL_PORT_WIDTH(sel_i, SI_W);  ...  VL_PORTS_END;
// A width that differs, a port the model does not have or a port listed twice is a compile
// error naming the port; a port of the model left out is one naming the model.
#define VL_PORTS_BEGIN enum { vl_ports_begin_ = __COUNTER__ }
#define VL_PORT_WIDTH(port, width)                                                                 \
    static_assert(vl_port_width::port == (width), "port " #port ": the shim assumes " #width       \
                  " bits, the Verilated model " VL_PORT_WIDTHS_MODEL " has another width");        \
    enum { vl_port_checked_##port = __COUNTER__ }
#define VL_PORTS_END                                                                               \
    static_assert(__COUNTER__ - vl_ports_begin_ - 1 == vl_port_width::n_ports,                     \
                  "a port of the Verilated model " VL_PORT_WIDTHS_MODEL " is not in the unit's port " \
                  "table (SIMT_<UNIT>_PORTS, cmodel/simt_<unit>.h) or the shim's VL_PORT_WIDTH list "  \
                  "(build/vl/<model>/ports.h lists them all)")

// A unit's port table (its C model header: SIMT_<UNIT>_PORTS(I, O), entries
// P(kind, port, field, n, ew)) expanded in a shim. The table's width names (W, the localparams)
// must be constexpr in scope; t is the Verilated top, in and o the C in and out structs.
//   VL_PORTS_BEGIN; SIMT_X_PORTS(VL_PORT_DECL, VL_PORT_DECL) VL_PORTS_END;   every width checked
//   SIMT_X_PORTS(VL_PORT_DRIVE, VL_PORT_NONE)                                 drive the inputs
//   SIMT_X_PORTS(VL_PORT_NONE, VL_PORT_READ)                                  read the outputs
#define VL_PORT_NONE(kind, port, field, n, ew)
#define VL_PORT_DECL(kind, port, field, n, ew) VL_PORT_DECL_##kind(port, n, ew)
#define VL_PORT_DECL_S(port, n, ew) VL_PORT_WIDTH(port, (ew));
#define VL_PORT_DECL_A(port, n, ew) VL_PORT_WIDTH(port, (n) * (ew));
#define VL_PORT_DECL_B(port, n, ew) VL_PORT_WIDTH(port, (n));
#define VL_PORT_DRIVE(kind, port, field, n, ew) VL_PORT_DRIVE_##kind(port, field, n, ew)
#define VL_PORT_DRIVE_S(port, field, n, ew) vl_set(t.port, 0, (ew), static_cast<uint64_t>(in->field));
#define VL_PORT_DRIVE_A(port, field, n, ew)                                                        \
    for (unsigned k_ = 0; k_ < (n); k_++)                                                          \
        vl_set(t.port, k_ * (ew), (ew), static_cast<uint64_t>(in->field));
#define VL_PORT_READ(kind, port, field, n, ew) VL_PORT_READ_##kind(port, field, n, ew)
#define VL_PORT_READ_S(port, field, n, ew) vl_out(o->field, vl_get(t.port, 0, (ew)));
#define VL_PORT_READ_A(port, field, n, ew)                                                         \
    for (unsigned k_ = 0; k_ < (n); k_++)                                                          \
        vl_out(o->field, vl_get(t.port, k_ * (ew), (ew)));
#define VL_PORT_READ_B(port, field, n, ew) vl_get_bits(t.port, (n), o->field, sizeof o->field / sizeof o->field[0]);

template <typename F> static inline void vl_out(F &field, uint64_t v) { field = static_cast<F>(v); }
// An n-bit port into 64-bit words (bit b in word b / 64); the words past it are 0.
template <typename P> static inline void vl_get_bits(const P &port, unsigned n, uint64_t *words, unsigned nwords)
{
    for (unsigned w = 0; w < nwords; w++)
        words[w] = 0;
    for (unsigned b = 0; b < n; b += 64)
        words[b / 64] = vl_get(port, b, n - b < 64 ? n - b : 64);
}

#define VL_CAT2(a, b) a##b
#define VL_CAT(a, b) VL_CAT2(a, b)
#define VL_STR2(a) #a
#define VL_STR(a) VL_STR2(a)

#endif
