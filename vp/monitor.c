/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/monitor.c - the monitor: a thread of the main process that reaps
 * bound threads as soon as they end, so that a crash or exit() in one ends
 * the program even while main runs code of its own (no start). It sleeps
 * on the bound threads' tid words (vp/pwait.c) and on the word their
 * creators bump (vp/bound.c); it takes no signal. Made on first need, by
 * the main process only (the bound threads' parent is its main thread):
 * the first bound thread created outside a start, or the end of a start
 * that leaves bound threads behind. During a start without a monitor the
 * reaper watches them instead. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include "vp/vp.h"

#define MONITOR_STACK (64 * 1024)
#define TICK_MS 25

static int running;             /* uatomic */

int vp_monitor_running(void)
{
    return CMM_LOAD_SHARED(running);
}

static void *monitor_main(void *unused)
{
    (void)unused;
    for (;;) {
        struct vp_pwait w;
        int exiting, more;

        vp_pwait_init(&w);
        vp_bound_watch_poke(&w);
        more = vp_bound_watch(&w);          /* may end the program */
        exiting = CMM_LOAD_SHARED(vpg.exit_pid) != 0;
        if (exiting)
            vp_exit_deadline();
        vp_pwait(&w, more || exiting ? TICK_MS : -1);
    }
    return NULL;
}

/* 0, or an errno value (with a message). */
int vp_monitor_start(void)
{
    pthread_attr_t a;
    pthread_t t;
    int e;

    if (CMM_LOAD_SHARED(running))
        return 0;
    if ((e = pthread_attr_init(&a)) != 0)
        return e;
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    e = vp_pthread_create(&t, &a, MONITOR_STACK, monitor_main, NULL);
    pthread_attr_destroy(&a);
    if (e) {
        base_warn("cannot start the monitor thread that reaps bound threads: %s",
                strerror(e));
        return e;
    }
    uatomic_set(&running, 1);
    return 0;
}

/* In a fork()ed child: the monitor was the parent's. */
void vp_monitor_forget(void)
{
    running = 0;
}
