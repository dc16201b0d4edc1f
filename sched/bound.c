/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/bound.c - bound threads: mltp_create_bound runs f(p0) at once in
 * its own process (vp/bound.c), scheduled by the kernel; its handle is a
 * descriptor of type MLTP_THREAD_BOUND. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "sched/sched.h"

enum { USER_F, USER_P0, USER_TERM, USER_HANDLE };

/* In the bound thread's process. */
static void bound_run(struct vp_bound *b)
{
    mltp_buserf_t *f = (mltp_buserf_t *)b->user[USER_F];

    sched_bound_self = b->user[USER_HANDLE];
    f(b->user[USER_P0]);
    ult_cache_free(&ult_cache_tls);
}

static int in_main_process(void)
{
    return !vp_current() && !sched_bound_self && base_libc()->getpid() == vpg.main_pid;
}

mltp_t *mltp_create_bound(mltp_buserf_t *f, void *p0, int stacksz,
                          mltp_buserf_t *term)
{
    struct vp_bound *b;
    ult_t *u;
    size_t ss = 0;
    int e;

    mltp_init();
    if (!f || stacksz < 0) {
        errno = EINVAL;
        return NULL;
    }
    /* someone must reap it: outside a start, the monitor thread, which
       only the main process can make */
    if (in_main_process() && !vpg.running && (e = vp_monitor_start()) != 0) {
        errno = e;
        return NULL;
    }
    sched_exit_register();
    if (stacksz > 0)
        ss = (size_t)stacksz < (size_t)PTHREAD_STACK_MIN ? (size_t)PTHREAD_STACK_MIN
                                                        : (size_t)stacksz;
    u = calloc(1, sizeof(mltp_t));
    b = vp_bound_take();
    if (!u || !b) {
        free(u);
        if (b)
            vp_bound_free(b);
        errno = ENOMEM;
        return NULL;
    }
    b->run = bound_run;
    b->user[USER_F] = (void *)f;
    b->user[USER_P0] = p0;
    b->user[USER_TERM] = (void *)term;
    b->user[USER_HANDLE] = u;
    u->thrid = b->thrid = ult_id_stackless(sched_cache());
    u->type = MLTP_THREAD_BOUND;
    u->private = b->private_area;
    u->bound = b;
    u->self = u;
    /* from now on the run queues have two kernel-level users: lock them
       (the clone below orders this store before the thread runs) */
    CMM_STORE_SHARED(sched_solo_on, 0);
    CMM_STORE_SHARED(ult_stack_alone, 0);
    if ((e = vp_bound_spawn(b, ss)) != 0) {
        free(u);
        errno = e;
        return NULL;
    }
    if (sg.observe)
        sched_trace_bound(u->thrid, 0);
    return (mltp_t *)u;
}

/* A ULT waiting for a bound thread's end: with other ULTs ready, yield
   to them; else sleep on the thread's state word, which its watcher wakes
   when it has reaped it, for at most a millisecond (a ULT made ready
   meanwhile waits that long for this VP). A yield loop kept the VP
   spinning against the watcher and the bound thread for two CPUs: joins
   took 1-10 ms after the end, now well under one. */
static void join_bound_pause(volatile int *word, int seen)
{
    static const struct timespec ms = { 0, 1000 * 1000 };

    if (sched_rq_peek(sched_current()->rq))
        mltp_yield();
    else
        base_syscall(SYS_futex, word, FUTEX_WAIT, seen, &ms, NULL, 0);
}

void mltp_join_bound(mltp_t t)
{
    const ult_t *copy = (const ult_t *)&t;
    /* by value: the copy carries the original's address */
    ult_t *u = copy->type == MLTP_THREAD_BOUND ? copy->self : NULL;
    struct vp_bound *b;
    mltp_buserf_t *term;

    if (!u || u->type != MLTP_THREAD_BOUND || !(b = u->bound)) {
        base_warn("mltp_join_bound: not a bound thread, or already joined");
        errno = EINVAL;
        return;
    }
    /* its watcher reaps it; a crash or exit() there ends the program */
    vp_bound_wait(b, sched_running() ? join_bound_pause : NULL);
    if (sg.observe)
        sched_trace_bound(u->thrid, 1);
    u->bound = NULL;
    term = (mltp_buserf_t *)b->user[USER_TERM];
    if (term)
        term(b->user[USER_P0]);
    vp_bound_free(b);
}
