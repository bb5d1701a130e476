// vl_arb_shim.cpp: thin extern "C" shim around one Verilated simt_arb_top configuration.
// Compiled once per configuration with VL_MODEL (the --prefix), VL_W, VL_PC_W, VL_SP_W,
// VL_OFF_W and VL_NETLIST defined by the Makefile.
#include <cstdio>
#include <memory>

#include "verilated_fst_c.h"
#include "vl_arb.h"
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)

namespace {
struct Model {
    std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    std::unique_ptr<VL_MODEL> top;
    std::unique_ptr<VerilatedFstC> fst;
    Model() : top(new VL_MODEL(ctx.get())) { ctx->traceEverOn(true); }
};
constexpr unsigned KEY_W = VL_SP_W + VL_PC_W;

void *create() { return new Model; }
void destroy(void *m) { delete static_cast<Model *>(m); }

void eval(void *mp, int mode, uint64_t valid, const uint64_t *key, simt_arb_out *out)
{
    Model &m = *static_cast<Model *>(mp);
    m.top->mode_i = mode & 1;
    vl_set(m.top->valid_i, 0, VL_W, valid);
    for (unsigned i = 0; i < VL_W; i++)
        vl_set(m.top->key_i, i * KEY_W, KEY_W, key[i]);
    m.top->eval();
    for (unsigned n = 0; n < SIMT_ARB_NOPS; n++) {
        out[n].valid = static_cast<int>(vl_get(m.top->valid_o, n, 1));
        out[n].key = vl_get(m.top->key_o, n * KEY_W, KEY_W);
        out[n].match = vl_get(m.top->match_o, n * VL_W, VL_W);
    }
}

int wave_open(void *mp, const char *path)
{
    Model &m = *static_cast<Model *>(mp);
    m.fst.reset(new VerilatedFstC);
    m.top->trace(m.fst.get(), 99);
    m.fst->open(path);
    return m.fst->isOpen() ? 0 : -1;
}
void wave_dump(void *mp, uint64_t t)
{
    Model &m = *static_cast<Model *>(mp);
    if (m.fst) m.fst->dump(t);
}
void wave_close(void *mp)
{
    Model &m = *static_cast<Model *>(mp);
    if (m.fst) m.fst->close();
    m.fst.reset();
}
} // namespace

extern "C" const vl_arb_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_NETLIST,
    create, destroy, eval, wave_open, wave_dump, wave_close,
};
