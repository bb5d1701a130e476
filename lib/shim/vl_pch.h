// SPDX-License-Identifier: Apache-2.0
// lib/shim/vl_pch.h: the Verilator headers every model and every shim parses first, compiled
// once as a GCC precompiled header (lib/lib.mk, VL_PCH): the build copies this file to
// build/vl/pch/{model,shim}/ and compiles it there with the flags of the files that use it
// (-include; GCC takes the .gch beside it when the flags match, and parses this file otherwise).
// Nothing here is specific to a model: no model header, no VL_* macro of the shims.
#ifndef SIMT_VL_PCH_H
#define SIMT_VL_PCH_H
#include <cstdint>
#include <memory>
#include <type_traits>
#include "verilated.h"
#include "verilated_fst_c.h"
#endif
