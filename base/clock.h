/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/clock.h - the monotonic clock, in nanoseconds (vDSO: ~20 ns). */
#ifndef BASE_CLOCK_H
#define BASE_CLOCK_H

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static inline long base_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* MLTP's own short waits: a raw system call that holds the caller's VP
   (a ULT's nanosleep() and usleep() wait on MLTP's timers: sys/sleep.c). */
static inline void base_sleep_ns(long ns)
{
    struct timespec t = { ns / 1000000000, ns % 1000000000 };
    syscall(SYS_nanosleep, &t, NULL);
}

#endif
