/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* parmacs/env.c - what a SPLASH program's environment asks of the
 * machine: the VP count, the clock, shared memory. The PARMACS macro file
 * calls these instead of carrying code of its own, so that it stays the
 * same on every architecture. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "base/log.h"
#include "mltp.h"

int mltp_vps_default(void)
{
    cpu_set_t cpus;
    long n = base_env_long("MLTP_VPS", 0, 1, 1024);

    if (n > 0)
        return (int)n;
    if (sched_getaffinity(0, sizeof cpus, &cpus) == 0 && CPU_COUNT(&cpus) > 0)
        return CPU_COUNT(&cpus) < 1024 ? CPU_COUNT(&cpus) : 1024;
    return 1;
}

unsigned long mltp_clock_us(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long)ts.tv_sec * 1000000UL + (unsigned long)ts.tv_nsec / 1000UL;
}

void *mltp_shared_malloc(size_t size)
{
    void *p = malloc(size);

    if (!p && size) {
        base_warn("out of memory: %zu bytes of shared data could not be allocated", size);
        exit(1);
    }
    return p;
}
