/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/fork.c - fork() from any thread of the program: the child is a
 * process of its own, with a copy of the memory and only the thread that
 * called fork(). Like a pthread program's child, it has none of the
 * parent's threads: no VPs, no bound threads, no monitor, and none of the
 * parent's semaphore sets or janitor. Its MLTP starts empty (the upper
 * layers forget their ULTs and queues the same way, with their own
 * handlers): it may create ULTs and bound threads and start VPs of its
 * own. Whatever lock a VP of the parent held at the time is free again.
 * A child forked on a pinned VP (vp/vp.c) gets the mask the start began
 * with, not the VP's one CPU. */
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#include "base/libc.h"
#include "vp/vp.h"

static void child(void)
{
    vp_t *vp = vp_self_tls;

    if (vp && vp->cpu >= 0)     /* a failure leaves it on the VP's CPU */
        sched_setaffinity(0, sizeof vpg.cpus, &vpg.cpus);
    vp_self_tls = NULL;
    vp_task_tls = NULL;
    if (vpg.running)
        vp_fault_restore();       /* the parent's start is not ours */
    vpg.running = 0;
    vpg.exit_pid = 0;
    vpg.exit_status = 0;
    vpg.reaper = 0;
    vpg.main_pid = base_libc()->getpid();
    vpg.nvp = 0;                  /* the VP records: sched/fork.c */
    vp_tasks_forget();
    vp_semset_forget();
    vp_bound_forget();
    vp_monitor_forget();
    vp_end_forget();
}

void vp_fork_register(void)
{
    pthread_atfork(NULL, NULL, child);
}
