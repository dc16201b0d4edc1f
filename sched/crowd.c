/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/crowd.c - is the machine ours? Spinning for another VP pays only
 * while that VP has a CPU. When more tasks are runnable than there are
 * CPUs, the VP we wait for may be off its CPU for a time slice (ms, not
 * us), and the CPU time we spin is charged to us: the kernel then keeps
 * our VPs off their CPUs longer when they have work. The kernel's count
 * of runnable tasks, the 4th field of /proc/loadavg, says so. It is read
 * by a VP about to spin or park, at most once a millisecond (one VP
 * reads; about 5 us). Crowded after three readings in a row above the
 * CPU count: on an idle machine, with 2 VPs on 2 CPUs, one reading in
 * four or five is above it (a kernel thread, a daemon, a VP being woken),
 * in bursts; two in a row left the machine "crowded" 8% of the time,
 * three 3% (barrier rows of make bench). A real load is seen within 3 ms.
 * No /proc: never crowded. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "base/raw.h"
#include "sched/sched.h"

#define CROWD_CHECK_NS 1000000L
#define CROWD_READINGS 3        /* over the CPU count, in a row */

const char *sched_crowd_source = "/proc/loadavg";

/* Runnable tasks on the machine, or -1. "0.35 0.31 0.14 3/234 5678" */
static int runnable_tasks(void)
{
    char buf[128];
    int fd = open(sched_crowd_source, O_RDONLY | O_CLOEXEC);
    ssize_t n;
    const char *p = buf;

    if (fd < 0)
        return -1;
    n = base_raw_read(fd, buf, sizeof buf - 1);
    base_raw_close(fd);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    for (int field = 0; field < 3; field++) {
        while (*p && *p != ' ')
            p++;
        while (*p == ' ')
            p++;
    }
    return *p >= '0' && *p <= '9' ? atoi(p) : -1;
}

/* A start begins uncrowded, and its first reading comes a millisecond
   later: until the VPs run, the starting thread is runnable too, and it
   then sleeps as their reaper. */
void sched_crowd_reset(long now)
{
    sg.crowd.readings_over = 0;
    CMM_STORE_SHARED(sg.crowd.crowded, 0);
    CMM_STORE_SHARED(sg.crowd.checked_ns, now);
}

int sched_crowd_check(long now)
{
    long last = CMM_LOAD_SHARED(sg.crowd.checked_ns);

    if (now - last >= CROWD_CHECK_NS &&
        uatomic_cmpxchg(&sg.crowd.checked_ns, last, now) == last) {
        int saved = errno, over = runnable_tasks() > sg.online_cpus;
        errno = saved;
        /* only the VP that won the CAS writes these */
        sg.crowd.readings_over = over ? sg.crowd.readings_over + 1 : 0;
        CMM_STORE_SHARED(sg.crowd.crowded, sg.crowd.readings_over >= CROWD_READINGS);
    }
    return CMM_LOAD_SHARED(sg.crowd.crowded);
}
