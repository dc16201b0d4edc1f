/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/fork.c - the scheduler in a fork()ed child (vp/fork.c says what
 * the child is): the parent's ULTs stay with the parent. Their descriptors
 * and stacks are left as they were copied (leaked in the child), the
 * queues and per-VP caches that point at them start empty, and every lock
 * is free. */
#include <pthread.h>
#include <string.h>
#include "sched/block.h"

static void child(void)
{
    /* the queues ever used (untouched ones are zero pages: leave them) */
    memset(sched_runqs, 0, sizeof sched_runqs[0] * (size_t)(sg.nslots > 0 ? sg.nslots : 1));
    memset(sched_stripes, 0, sizeof sched_stripes);
    sched_solo_on = ult_stack_alone = 0;
    sg.outside_live = 0;
    sg.idle.parked = sg.idle.spinning = 0;
    sg.idle.asleep = 0;
    sched_self_tls = &sched_outside;
    sched_bound_self = NULL;
    sg.finish = SCHED_GO;
    sg.park_semid = -1;         /* the parent's set */
    sg.park_nsems = 0;
    sg.semwait = 0;
    sched_kernel_locks = 0;   /* the parent's semaphore locks are void here */
    /* what the VPs cached (their tasks: vp/task.c) */
    for (int i = 0; i < sg.nslots; i++) {
        sched_vp_t *sv = &sg.vps[i];
        sv->cur = NULL;
        sv->spinning = 0;
        sv->group = NULL;
        sv->nstolen = 0;
        sv->created = sv->ended = sv->ended_seen = 0;
        sv->vp.task = NULL;
        memset(&sv->cache, 0, sizeof sv->cache);
    }
    sched_pending_forget();
    sched_timers_reset();
    sched_words_reset();
    sched_poll_reset();
    sched_calls_reset(0);       /* the parent's spares are not ours */
    sched_spares_reset();
}

void sched_fork_register(void)
{
    pthread_atfork(NULL, NULL, child);
}
