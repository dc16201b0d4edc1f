/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/pi.c - pi as the integral of 4 / (1 + x^2) over [0, 1], midpoint
 * rule, the classic first parallel program. The intervals are cut into a
 * fixed number of blocks, whatever P is; workers take blocks round robin
 * and main adds the block sums in block order, so the result is the same
 * bits on every back end and every P and N. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "par/par.h"

#define BLOCKS 1024

struct pi {
    long intervals;
    int workers;
    double block_sum[BLOCKS];
};

static void work(int id, void *arg)
{
    struct pi *p = arg;
    double h = 1.0 / (double)p->intervals;
    long per = (p->intervals + BLOCKS - 1) / BLOCKS;

    for (int b = id; b < BLOCKS; b += p->workers) {
        long lo = b * per, hi = lo + per < p->intervals ? lo + per : p->intervals;
        double s = 0;
        for (long i = lo; i < hi; i++) {
            double x = ((double)i + 0.5) * h;
            s += 4.0 / (1.0 + x * x);
        }
        p->block_sum[b] = s * h;
    }
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "intervals", required_argument, NULL, 'n' },
        { NULL, 0, NULL, 0 },
    };
    static struct pi pi_state;
    struct pi *p = &pi_state;
    struct par_config c;

    par_config_default(&c);
    p->intervals = 100000000;
    while (par_getopt(argc, argv, "n:", longopts,
                      "Computes pi by numerical integration on P workers.\n"
                      "  -n, --intervals K  intervals (default 100000000)\n", &c) == 'n')
        p->intervals = par_arg_number("--intervals", optarg, BLOCKS, 1000000000000000);
    p->workers = c.workers;

    double t0 = par_now();
    if (par_run(&c, work, p) != 0)
        return 1;
    double t1 = par_now(), pi = 0;
    for (int b = 0; b < BLOCKS; b++)
        pi += p->block_sum[b];

    /* the midpoint rule's error is below h^2 / 3 here; rounding adds
       about intervals * 1e-16 */
    double h = 1.0 / (double)p->intervals;
    double tol = h * h + (double)p->intervals * 4e-16;
    unsigned long long bits;
    memcpy(&bits, &pi, sizeof bits);
    printf("pi %.15f error %.3g\n", pi, fabs(pi - M_PI));
    printf("checksum %016llx\n", bits);
    printf("time %.6f s (%s)\n", t1 - t0, par_describe(&c));
    if (fabs(pi - M_PI) > tol) {
        fprintf(stderr, "pi: verification failed: error %.3g above %.3g\n",
                fabs(pi - M_PI), tol);
        return 1;
    }
    return 0;
}
