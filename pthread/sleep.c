/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/sleep.c - sleeps, cancellation points: a wait with a deadline
 * on a word of the sleeper's own, which only pthread_cancel wakes. The
 * VP runs other threads meanwhile. A signal handled by the sleeper's VP
 * ends the sleep early with EINTR, the time left in *rem. */
#include <errno.h>
#include <limits.h>
#include <time.h>
#include <unistd.h>
#include "pthread/pt.h"

static int sleep_until(long deadline)
{
    unsigned int word = 0;
    int e;

    do
        e = pt_wait_cancellable(&word, 0, deadline);
    while (e == 0 && pt_now_ns() < deadline);
    if (e == ECANCELED)
        pt_exit(pt_self(), PTHREAD_CANCELED);
    return e == EINTR ? EINTR : 0;
}

static void left(long deadline, struct timespec *rem)
{
    long ns = deadline - pt_now_ns();

    if (!rem)
        return;
    if (ns < 0)
        ns = 0;
    rem->tv_sec = ns / 1000000000L;
    rem->tv_nsec = ns % 1000000000L;
}

static long after(const struct timespec *t)
{
    long now = pt_now_ns();

    if (t->tv_sec > (LONG_MAX - now) / 1000000000L - 1)
        return LONG_MAX / 2;
    return now + t->tv_sec * 1000000000L + t->tv_nsec;
}

PT_API int clock_nanosleep(clockid_t c, int flags, const struct timespec *t, struct timespec *rem)
{
    long deadline;
    int e;

    if (!t || t->tv_nsec < 0 || t->tv_nsec >= 1000000000L || t->tv_sec < 0)
        return EINVAL;
    if (c != CLOCK_REALTIME && c != CLOCK_MONOTONIC && c != CLOCK_BOOTTIME &&
        c != CLOCK_TAI)
        return c == CLOCK_THREAD_CPUTIME_ID ? EINVAL : ENOTSUP;
    if (flags & TIMER_ABSTIME) {
        if ((e = pt_deadline(c == CLOCK_MONOTONIC ? CLOCK_MONOTONIC : CLOCK_REALTIME, t,
                             &deadline)) != 0)
            return e;
        if (deadline < 0)
            deadline = LONG_MAX / 2;
        return sleep_until(deadline);
    }
    deadline = after(t);
    e = sleep_until(deadline);
    if (e == EINTR)
        left(deadline, rem);
    return e;
}

PT_API int nanosleep(const struct timespec *t, struct timespec *rem)
{
    int e = clock_nanosleep(CLOCK_MONOTONIC, 0, t, rem);

    if (e) {
        errno = e;
        return -1;
    }
    return 0;
}

PT_API int usleep(useconds_t us)
{
    struct timespec t = { us / 1000000, (long)(us % 1000000) * 1000 };
    return nanosleep(&t, NULL);
}

PT_API unsigned int sleep(unsigned int s)
{
    struct timespec t = { s, 0 }, rem = { 0, 0 };

    if (nanosleep(&t, &rem) == 0)
        return 0;
    return (unsigned int)rem.tv_sec + (rem.tv_nsec > 0);
}
