/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/clock.h - the monotonic clock, in nanoseconds (vDSO: ~20 ns). */
#ifndef BASE_CLOCK_H
#define BASE_CLOCK_H

#include <time.h>
#include "base/raw.h"

static inline long base_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* A deadline (ns on this clock, or -1: none) as a kernel timeout in whole
   ms (epoll_wait's): rounded up, never early; 0 once it has passed (a
   negative one would wait forever); capped near 17 minutes. */
static inline int base_ms_until(long until, long now)
{
    long ms;

    if (until < 0)
        return -1;
    if (until <= now)
        return 0;
    ms = (until - now + 999999) / 1000000;
    return ms > 1000000 ? 1000000 : (int)ms;
}

/* MLTP's own short waits: a raw system call that holds the caller's VP
   (a ULT's nanosleep() and usleep() wait on MLTP's timers: sys/sleep.c). */
static inline void base_sleep_ns(long ns)
{
    struct timespec t = { ns / 1000000000, ns % 1000000000 };
    base_syscall(SYS_nanosleep, &t, NULL);
}

#endif
