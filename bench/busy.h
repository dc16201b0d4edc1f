/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/busy.h - is the machine ours? Both benchmark programs look before
 * they measure: anything else running makes the figures noisy, and they
 * say so. */
#ifndef BENCH_BUSY_H
#define BENCH_BUSY_H

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Busy CPU time of the whole machine over 0.3 s, in CPUs of ncpus (from
   /proc/stat, niced work included); 0 without /proc. */
static inline double bench_machine_busy(int ncpus)
{
    unsigned long long a[2][8];

    for (int k = 0; k < 2; k++) {
        FILE *f = fopen("/proc/stat", "r");
        memset(a[k], 0, sizeof a[k]);
        if (!f)
            return 0;
        if (fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &a[k][0], &a[k][1],
                   &a[k][2], &a[k][3], &a[k][4], &a[k][5], &a[k][6], &a[k][7]) != 8)
            memset(a[k], 0, sizeof a[k]);
        fclose(f);
        if (!k)
            usleep(300000);
    }
    double busy = 0, all = 0;
    for (int i = 0; i < 8; i++) {
        double d = (double)(a[1][i] - a[0][i]);
        all += d;
        if (i != 3 && i != 4)   /* idle, iowait */
            busy += d;
    }
    return all > 0 ? busy / all * ncpus : 0;
}

#endif
