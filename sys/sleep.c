/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/sleep.c - nanosleep, clock_nanosleep, usleep and sleep from a ULT
 * (and mltp_sleep_ns):
 * the ULT waits on MLTP's timers (sched/timer.c) and its VP runs others.
 * What glibc does, the same: the arguments checked as the kernel does,
 * EINTR (a signal handled by the VP while it waited for this sleep: the
 * latest sleep begun on that VP) with the time left, and no restart under
 * SA_RESTART (nanosleep never restarts). An absolute sleep on
 * CLOCK_REALTIME ends when that clock read at its start says, on the
 * monotonic clock: a clock set meanwhile is not followed. Clocks other
 * than CLOCK_REALTIME, CLOCK_MONOTONIC and CLOCK_BOOTTIME go to glibc. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include "sys/sys.h"

#define NS 1000000000L
#define API __attribute__((visibility("default")))

static int valid(const struct timespec *t)
{
    return t->tv_nsec >= 0 && t->tv_nsec < NS && t->tv_sec >= 0;
}

/* ns from now on the monotonic clock, saturated (a sleep of centuries
   never ends, as in the kernel). */
static long due_after(long now, const struct timespec *t)
{
    long max = (LONG_MAX - now - NS) / NS;

    if (t->tv_sec >= max)
        return LONG_MAX - 1;
    return now + t->tv_sec * NS + t->tv_nsec;
}

static void left_of(long due, struct timespec *rem)
{
    long ns = due - base_now_ns();

    if (ns < 0)
        ns = 0;
    rem->tv_sec = ns / NS;
    rem->tv_nsec = ns % NS;
}

/* Sleep until due as a ULT: 0, or EINTR (rem, if given, the time left);
   -1: not as a ULT (no memory for the timer, or a semaphore lock held):
   the caller goes to glibc. */
static int sleep_as_ult(long due, struct timespec *rem)
{
    int e;

    if (due <= base_now_ns()) {
        mltp_yield();           /* the kernel's nanosleep(0) is a schedule point */
        return 0;
    }
    e = sched_sleep_until(due);
    if (e == ENOMEM || e == EAGAIN)
        return -1;
    if (e == EINTR && rem)
        left_of(due, rem);
    return e;
}

static long clock_ns(clockid_t c)
{
    struct timespec t;

    clock_gettime(c, &t);
    return t.tv_sec * NS + t.tv_nsec;
}

API int nanosleep(const struct timespec *req, struct timespec *rem)
{
    int e, saved = sys_errno();

    if (!sys_as_ult())
        return sys_real.nanosleep(req, rem);
    if (!req || !valid(req))
        return sys_real.nanosleep(req, rem);  /* EFAULT or EINVAL, at once */
    if ((e = sleep_as_ult(due_after(base_now_ns(), req), rem)) < 0)
        return sys_real.nanosleep(req, rem);
    sys_set_errno(e ? e : saved);
    return e ? -1 : 0;
}

API int clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                        struct timespec *rem)
{
    long now, due, from;
    int e, saved = sys_errno();

    if (!sys_as_ult() || !req || !valid(req) ||
        (c != CLOCK_REALTIME && c != CLOCK_MONOTONIC && c != CLOCK_BOOTTIME))
        return sys_real.clock_nanosleep(c, flags, req, rem);
    /* the sleep's own clock read before ours: the gap between the two
       reads then makes the sleep late, never early */
    from = (flags & TIMER_ABSTIME) && c != CLOCK_MONOTONIC ? clock_ns(c) : 0;
    now = base_now_ns();
    if (flags & TIMER_ABSTIME) {
        long at = req->tv_sec >= LONG_MAX / NS - 1 ? LONG_MAX - NS : req->tv_sec * NS + req->tv_nsec;
        if (c == CLOCK_MONOTONIC)
            from = now;
        due = at - from >= LONG_MAX - now ? LONG_MAX - 1 : now + (at - from);
        rem = NULL;             /* an absolute sleep leaves it alone */
    } else {
        due = due_after(now, req);
    }
    if ((e = sleep_as_ult(due, rem)) < 0)
        return sys_real.clock_nanosleep(c, flags, req, rem);
    sys_set_errno(saved);              /* it returns its error, errno untouched */
    return e;
}

/* The same wait whatever MLTP_SYSCALLS says: a runtime's backoff that
   must leave the VP to the threads it waits for (libmltp_omp's). */
API int mltp_sleep_ns(long ns)
{
    struct timespec t = { (time_t)(ns / NS), ns % NS };
    int e, saved = sys_errno();

    if (ns < 0)
        return EINVAL;
    if (sched_in_ult() && (e = sleep_as_ult(due_after(base_now_ns(), &t), NULL)) >= 0)
        return e;
    e = sys_real.nanosleep(&t, NULL) ? sys_errno() : 0;
    sys_set_errno(saved);
    return e;
}

API int usleep(useconds_t us)
{
    struct timespec t = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };

    return nanosleep(&t, NULL);
}

/* glibc's: the whole seconds left when interrupted, errno kept otherwise. */
API unsigned int sleep(unsigned int s)
{
    struct timespec t = { (time_t)s, 0 };
    int saved = sys_errno();

    if (nanosleep(&t, &t) < 0)
        return (unsigned int)t.tv_sec;
    sys_set_errno(saved);
    return 0;
}
