/* SPDX-License-Identifier: Apache-2.0 */
/* simt_vl.h: the Verilated RTL models of every unit, callable from C (no C++ visible).
 *
 * libsimt holds one Verilated model per unit configuration of the registry (units/<unit>.toml).
 * Find one by unit and parameters, then use its typed operations from the unit's header
 * (vl_<unit>.h: vl_arb_ops, vl_warp_ctrl_ops, vl_rmask_sb_ops, vl_st_rt_ops):
 *
 *     const simt_vl_model *m = simt_vl_find("st_rt", "W=8 OREC=1");
 *     const vl_st_rt_ops *ops = m->ops;
 *     void *rtl = ops->vl.create();  ops->vl.reset(rtl);
 *     ops->eval(rtl, &in, &out);  ops->vl.edge(rtl);  ...  ops->vl.destroy(rtl);
 *
 * Link: cc prog.c $(pkg-config --cflags --libs simt)   (examples/lockstep.c). */
#ifndef SIMT_VL_H
#define SIMT_VL_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simt_vl_model {
    const char *name;    /* "<unit>_<config>_W<w>", e.g. "st_rt_dps_W32" */
    const char *unit;    /* "st_rt" */
    const char *config;  /* "dps" */
    const char *top;     /* the Verilated top module, e.g. "simt_st_rt" */
    const char *params;  /* every parameter, "W=32 PC_W=32 NST=2 NRT=8 OREC=1" */
    const char *about;   /* the configuration in words */
    unsigned w;          /* W, the warp width */
    int is_default;      /* the unit's default configuration */
    int netlist;         /* a Yosys gate-level netlist, not the RTL */
    const void *ops;     /* the unit's typed operations: const vl_<unit>_ops * */
} simt_vl_model;

typedef struct simt_vl_unit {
    const char *name;    /* "st_rt" */
    const char *title;
    const char *paper;   /* the paper sections it implements */
} simt_vl_unit;

/* Every model, and every unit, in registry order; each ends with an entry whose name is NULL. */
extern const simt_vl_model simt_vl_models[];
extern const simt_vl_unit simt_vl_units[];

/* The first model of unit whose parameters match query, or NULL. query is a space-separated
 * list of NAME=VALUE terms, every one of which must hold: a parameter (W=32, NST=2), or
 * config=NAME; an empty or NULL query matches the unit's first model. Values are decimal or
 * 0x-hexadecimal. Among several matches the default configuration wins. */
const simt_vl_model *simt_vl_find(const char *unit, const char *query);

/* A parameter of a model: 0 and *value set, or -1 if the model has no such parameter. */
int simt_vl_param(const simt_vl_model *m, const char *name, unsigned long *value);

/* The parameters of a model one by one, W included, in the registry's order:
 *     unsigned i = 0; char name[32]; unsigned long v;
 *     while (simt_vl_param_at(m, i++, name, sizeof name, &v) == 0) ...
 * 0 and name/value set, or -1 past the last one. */
int simt_vl_param_at(const simt_vl_model *m, unsigned i, char *name, unsigned n, unsigned long *value);

/* 1 if the query is well formed, else 0 and a reason in err (size n). */
int simt_vl_query_ok(const char *query, char *err, unsigned n);

/* Power-up state of the models created from now on (the registers' and memories' values before
 * the first reset; the models are built with Verilator's --x-initial unique):
 * SIMT_VL_POWER_ZERO (the default: all 0), SIMT_VL_POWER_ONES (all 1) or SIMT_VL_POWER_RANDOM
 * (random, reproducible from seed). A unit whose outputs depend on state its reset does not
 * set shows it as a mismatch against its C model. */
enum { SIMT_VL_POWER_ZERO = 0, SIMT_VL_POWER_ONES = 1, SIMT_VL_POWER_RANDOM = 2 };
void simt_vl_power_up(int mode, unsigned seed);
/* The current setting (the shims read it when they create a model). */
void simt_vl_power_up_get(int *mode, unsigned *seed);

#ifdef __cplusplus
}
#endif
#endif
