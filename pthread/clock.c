/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/clock.c - the absolute times of timed waits, as deadlines on
 * CLOCK_MONOTONIC (mltp_word_wait's clock). A CLOCK_REALTIME time is
 * taken relative to now once, when the wait begins: a change of the
 * system's clock during the wait does not move it (glibc's waits follow
 * such a change; doc/pthreads.md). */
#include <errno.h>
#include <limits.h>
#include "pthread/pt.h"

long pt_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

int pt_deadline(clockid_t c, const struct timespec *abstime, long *deadline)
{
    struct timespec now;
    long left;

    if (!abstime) {
        *deadline = -1;
        return 0;
    }
    if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000L)
        return EINVAL;
    if (c != CLOCK_REALTIME && c != CLOCK_MONOTONIC)
        return EINVAL;
    clock_gettime(c, &now);
    if (abstime->tv_sec < now.tv_sec ||
        (abstime->tv_sec == now.tv_sec && abstime->tv_nsec <= now.tv_nsec)) {
        *deadline = 0;          /* past: ETIMEDOUT once the try failed */
        return 0;
    }
    if (abstime->tv_sec - now.tv_sec > LONG_MAX / 1000000000L / 2) {
        *deadline = -1;         /* centuries away: no deadline */
        return 0;
    }
    left = (abstime->tv_sec - now.tv_sec) * 1000000000L + (abstime->tv_nsec - now.tv_nsec);
    *deadline = (c == CLOCK_MONOTONIC ? now.tv_sec * 1000000000L + now.tv_nsec : pt_now_ns()) + left;
    return 0;
}
