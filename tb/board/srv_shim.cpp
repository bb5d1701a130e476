// SPDX-License-Identifier: Apache-2.0
// srv_shim.cpp: thin extern "C" shim around one Verilated unit server (tb/board/srv_sim.h).
// Compiled once per simulated model with SRV_MODEL (the Verilated prefix), SRV_NAME, SRV_CPB.
#include <memory>

#include "verilated.h"
#include "verilated_fst_c.h"
#include "srv_sim.h"

#define SRV_STR2(a) #a
#define SRV_STR(a) SRV_STR2(a)
#define SRV_CAT2(a, b) a##b
#define SRV_CAT(a, b) SRV_CAT2(a, b)
#include SRV_STR(SRV_MODEL.h)

namespace {
struct Sim {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<SRV_MODEL> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t t = 0;
    Sim() : top(new SRV_MODEL(ctx.get()))
    {
        ctx->traceEverOn(true);
        top->rx_i = 1;
        top->rst_ni = 0;
        for (int i = 0; i < 4; i++)
            cycle();
        top->rst_ni = 1;
    }
    void cycle()
    {
        top->clk_i = 0;
        top->eval();
        if (fst)
            fst->dump(t * 10);
        top->clk_i = 1;
        top->eval();
        if (fst)
            fst->dump(t * 10 + 5);
        t++;
    }
};

void *create() { return new Sim; }
void destroy(void *s)
{
    Sim *m = static_cast<Sim *>(s);
    if (m->fst)
        m->fst->close();
    delete m;
}
int tick(void *s, int rx)
{
    Sim *m = static_cast<Sim *>(s);
    m->top->rx_i = rx & 1;
    m->cycle();
    return m->top->tx_o & 1;
}
int idle(void *s) { return !(static_cast<Sim *>(s)->top->busy_o & 1); }
int wave_open(void *s, const char *path)
{
    Sim *m = static_cast<Sim *>(s);
    m->fst.reset(new VerilatedFstC);
    m->top->trace(m->fst.get(), 99);
    m->fst->open(path);
    return m->fst->isOpen() ? 0 : -1;
}
} // namespace

extern "C" const srv_sim_ops SRV_CAT(SRV_MODEL, _ops) = {SRV_STR(SRV_NAME), SRV_CPB, create, destroy,
                                                          tick, idle, wave_open};
