/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/omp_tls.c - threadprivate, which GCC makes a __thread variable:
 * prints how many of 4 threads did not see their own copy after a
 * barrier (0 on libgomp; on MLTP, threads that share a VP share it, and
 * the runtime says so once on stderr: tests/openmp.sh). */
#include <omp.h>
#include <stdio.h>

int tp_var = -1;
#pragma omp threadprivate(tp_var)

int main(void)
{
    int bad = 0;

#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
        tp_var = omp_get_thread_num();
#pragma omp barrier
        bad += tp_var != omp_get_thread_num();
    }
    printf("threadprivate mismatches %d\n", bad);
    return 0;
}
