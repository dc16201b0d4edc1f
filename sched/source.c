/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/source.c - work a runtime keeps outside the run queues
 * (libmltp_omp's deques of tasks, omp/deque.c): mltp_set_work_source(3).
 * A VP with nothing in the queues asks take() before it spins; a spinning
 * VP, a parking VP and a dropped claim ask look(), each where it looks at
 * the queues; whoever adds work there calls mltp_work_source_ready(),
 * rule 1 of sched/park.c as for a push to a busy VP's queue
 * (ARCHITECTURE.md, "Park", and its pair "Work source"). */
#include "sched/block.h"

static int (*source_look)(void);
static int (*source_take)(void);

int mltp_set_work_source(int (*look)(void), int (*take)(void))
{
    if (!look != !take) {
        errno = EINVAL;
        return -1;
    }
    /* take before look: a VP that sees look() calls take() */
    CMM_STORE_SHARED(source_take, take);
    cmm_smp_mb();
    CMM_STORE_SHARED(source_look, look);
    return 0;
}

/* The "Work source" pair: the work's stores, then a full fence, then the
   idle counts' loads (sched_wake_claim), against a parking VP's counts'
   read-modify-write, then its look(). One of the two sees the other: a
   claim, or the parking VP stays up. Cost: the fence (~20 ns), and two
   loads of the idle line while a VP spins or none is parked. */
void mltp_work_source_ready(void)
{
    struct sched_posts p;

    base_full_fence();
    if (!sched_wake_claim())
        return;
    sched_posts_init(&p);
    p.any = 1;
    sched_post(&p);
}

int sched_source_look(void)
{
    int (*look)(void) = CMM_LOAD_SHARED(source_look);

    return look && look();
}

int sched_source_take(void)
{
    int (*take)(void) = CMM_LOAD_SHARED(source_take);

    cmm_smp_rmb();
    return take && CMM_LOAD_SHARED(source_look) && take();
}
