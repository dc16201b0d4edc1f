/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/preempt.c - MLTP's preemption (mltp_set_preempt) for OpenMP programs:
 * a thread busy-waiting for another (while (!flag);, a pipeline's flags
 * polled with flush: legal OpenMP) must not keep that other one from
 * running when a team has more threads than VPs. The monitor moves a ULT
 * that keeps its VP in the program's own code for about a millisecond of
 * wall time while others wait there (sched/preempt.c).
 * MLTP_OMP_PREEMPT=0 turns it off. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "omp/rt.h"
#ifdef MLTP_VALGRIND
#include <valgrind/valgrind.h>
#define on_valgrind() (RUNNING_ON_VALGRIND != 0)
#else
#define on_valgrind() 0
#endif

/* Once, in the process, after the first mltp_begin. */
void omprt_preempt_setup(void)
{
    static int done;
    const char *s = getenv("MLTP_OMP_PREEMPT");
    int e;

    if (done)
        return;
    done = 1;
    if (s && !strcmp(s, "0"))
        return;
    /* none under valgrind, whose threads take turns anyway */
    if ((e = mltp_set_preempt(1)) != 0 && !on_valgrind())
        fprintf(stderr, "mltp-omp: no preemption of threads that busy-wait (%s%s)\n",
                strerror(e), e == ENOTSUP ? ": MLTP is linked into the program" : "");
}
