/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/clock.h - the monotonic clock, in nanoseconds (vDSO: ~20 ns). */
#ifndef BASE_CLOCK_H
#define BASE_CLOCK_H

#include <time.h>

static inline long base_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

#endif
