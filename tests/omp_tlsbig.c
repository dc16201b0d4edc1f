/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/omp_tlsbig.c - an OpenMP program with TLSBIG_MB MiB of
 * threadprivate data, which GCC makes static TLS (built as
 * tests/omp_tlsbig1m and tests/omp_tlsbig64m): prints how many threads
 * a region of 4 had and how many kernel threads ran them (tests/openmp.sh:
 * under mltp-omp, 4 on the VPs; a VP that could not start left the
 * regions to one thread). */
#include <omp.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef TLSBIG_MB
#define TLSBIG_MB 1
#endif

static unsigned char big[(size_t)TLSBIG_MB << 20];
#pragma omp threadprivate(big)

int main(void)
{
    long tids[4] = { 0 };
    int distinct = 0, bad = 0, team = 0;

    /* the VPs start as the runtime does, each filling its own 64 MiB
       copy: the first region may be over before one is up */
#pragma omp parallel num_threads(4)
    big[0] = 1;
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
        int me = omp_get_thread_num();
        volatile unsigned char *b = big;    /* the array is kept */
        b[0] = b[sizeof big - 1] = (unsigned char)(me + 1);
        bad += b[0] != me + 1 || b[sizeof big - 1] != me + 1;
        tids[me] = syscall(SYS_gettid);
        if (me == 0)
            team = omp_get_num_threads();
        /* long enough that every VP takes one */
        for (volatile long i = 0; i < 20000000; i++)
            ;
    }
    for (int i = 0; i < team; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= tids[j] == tids[i];
        distinct += !seen;
    }
    printf("threads %d kernel threads %d%s\n", team, distinct,
           bad ? " (a copy was not its own)" : "");
    return 0;
}
