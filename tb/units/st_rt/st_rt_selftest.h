/* SPDX-License-Identifier: Apache-2.0 */
/* st_rt_selftest.h: what the two files of the ST/RT self-test share (st_rt_selftest.c: the walker
 * against the C model, the directed tests, main; st_rt_cfg_selftest.c: post-dominators and the
 * program library). */
#ifndef ST_RT_SELFTEST_H
#define ST_RT_SELFTEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simt_st_rt.h"
#include "st_rt_walk.h"
#include "st_rt_directed.h"

extern unsigned g_fail, g_pass;

#define CHECK(cond, ...)                          \
    do {                                          \
        if (cond) {                               \
            g_pass++;                             \
        } else {                                  \
            g_fail++;                             \
            printf("FAIL %s:%d: ", __FILE__, __LINE__); \
            printf(__VA_ARGS__);                  \
            printf("\n");                         \
        }                                         \
    } while (0)

double st_now(void);  /* seconds, for the reports */

void test_ipdom_hand(void);
void test_ipdom_random(uint64_t seed, unsigned programs);
void test_cfg_prog_hand(void);
void test_cfg_prog_random(uint64_t seed, unsigned programs);

#endif
