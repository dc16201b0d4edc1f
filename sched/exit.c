/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/exit.c - exit() called in a ULT, a bound thread, or a pthread that
 * a ULT made.
 *
 * glibc runs exit handlers in the process that calls exit(). Our handler,
 * registered at the first start or bound thread (so it runs before the
 * program's earlier atexit handlers), stops the VPs at their next
 * scheduling point (or kills them after a grace period) and kills the
 * bound threads, then lets glibc go on: the program's handlers run once,
 * stdio is flushed, and the process exits with the status. Whoever watches
 * it (the reaper, or the monitor for a bound thread) sees that and ends the
 * program with the same status, running nothing again. Processes are told
 * apart by pid, never by TLS: a pthread made in a VP has TLS of its own. */
#include <stdlib.h>
#include <unistd.h>
#include "base/libc.h"
#include "sched/sched.h"

static void on_exit_handler(int status, void *unused)
{
    pid_t me = base_libc()->getpid();
    vp_t *vp;

    (void)unused;
    if (me == vpg.main_pid)
        return;                   /* its sets and janitor: vp/janitor.c's destructor */
    vp = CMM_LOAD_SHARED(vpg.running) ? vp_of_pid(me) : NULL;
    if (!vp && !vp_bound_is_pid(me))
        return;                   /* not a process of ours */
    if (!vp_exit_claim(me, status)) {
        /* another exit() is in progress: this one stops here */
        if (vp && vp_current() == vp)
            sched_stop_here((sched_vp_t *)vp);
        vp_group_exit(0);
    }
    if (CMM_LOAD_SHARED(vpg.running)) {
        sched_finish_all(SCHED_STOP);
        vp_stop_grace(me);
    }
    vp_bound_kill_all(me);
}

static int register_handler(void)
{
    return on_exit(on_exit_handler, NULL);
}

void sched_exit_register(void)
{
    static base_once_t once;
    (void)base_once(&once, register_handler);
}
