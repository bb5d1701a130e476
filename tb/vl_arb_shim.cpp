// vl_arb_shim.cpp: thin extern "C" shim around one Verilated simt_arb_top configuration.
// Compiled once per configuration with VL_MODEL (the --prefix), VL_W, VL_PC_W, VL_SP_W,
// VL_OFF_W and VL_NETLIST defined by the Makefile.
#include "vl_arb.h"
#include "vl_ports.h"  // first: defines VL_STR for the model header below
#include VL_STR(VL_MODEL.h)

namespace {
using Model = VlHarness<VL_MODEL>;
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

int wave_open(void *m, const char *path) { return static_cast<Model *>(m)->wave_open(path); }
void wave_dump(void *m, uint64_t t) { static_cast<Model *>(m)->wave_dump(t); }
void wave_close(void *m) { static_cast<Model *>(m)->wave_close(); }
} // namespace

extern "C" const vl_arb_ops VL_CAT(VL_MODEL, _ops) = {
    VL_STR(VL_MODEL), VL_W, VL_PC_W, VL_SP_W, VL_OFF_W, VL_NETLIST,
    create, destroy, eval, wave_open, wave_dump, wave_close,
};
