// vl_ports.h: bit-field access to Verilated ports of any width (the only C++ in the harness
// is this and the two shims). Ports up to 64 bits are plain integers; wider ones are VlWide.
#ifndef VL_PORTS_H
#define VL_PORTS_H

#include <cstdint>
#include <type_traits>

#include <memory>

#include "verilated.h"
#include "verilated_fst_c.h"

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

template <std::size_t N>
static void vl_set(VlWide<N> &port, unsigned lsb, unsigned width, uint64_t v)
{
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = lsb + b;
        EData &word = port[bit / 32];
        EData mask = 1u << (bit % 32);
        word = (v >> b & 1) ? (word | mask) : (word & ~mask);
    }
}

template <std::size_t N>
static uint64_t vl_get(const VlWide<N> &port, unsigned lsb, unsigned width)
{
    uint64_t v = 0;
    for (unsigned b = 0; b < width; b++) {
        unsigned bit = lsb + b;
        v |= static_cast<uint64_t>(port[bit / 32] >> (bit % 32) & 1u) << b;
    }
    return v;
}

// One Verilated model with its context and optional FST waveform; both shims use it.
template <typename Top>
struct VlHarness {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<Top> top;
    std::unique_ptr<VerilatedFstC> fst;
    VlHarness() : top(new Top(ctx.get())) { ctx->traceEverOn(true); }

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
    // Rising edge; the next evaluation with new inputs drives the clock low again.
    void edge()
    {
        top->clk_i = 1;
        top->eval();
    }
    void wave_close()
    {
        if (fst) fst->close();
        fst.reset();
    }
};

#define VL_CAT2(a, b) a##b
#define VL_CAT(a, b) VL_CAT2(a, b)
#define VL_STR2(a) #a
#define VL_STR(a) VL_STR2(a)

#endif
