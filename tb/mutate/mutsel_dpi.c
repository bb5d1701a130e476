/* SPDX-License-Identifier: Apache-2.0 */
/* mutsel_dpi.c: the mutant a make mutate binary runs (tb/mutate/mutate.py). The Verilated
 * wrapper calls simt_mutsel() once, at time 0, through DPI: the value of the environment
 * variable SIMT_MUTSEL (0, the default: the design as written; 1..255: that mutant). A value
 * that is not a number in that range stops the program: a typo must not run the unmutated
 * design and look like a survivor. */
#include <stdio.h>
#include <stdlib.h>

int simt_mutsel(void);

int simt_mutsel(void)
{
    const char *s = getenv("SIMT_MUTSEL");
    char *end;
    long v;
    if (!s || !*s)
        return 0;
    v = strtol(s, &end, 10);
    if (*end || v < 0 || v > 255) {
        fprintf(stderr, "simtcheck: error: SIMT_MUTSEL=%s: a mutant number from 0 to 255\n", s);
        exit(2);
    }
    return (int)v;
}
