/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/backoff.h - spinning with backoff: pause between looks, and now and
 * then give the CPU away (sched_yield), since the thread we wait for may
 * need it (a VP may be off its CPU: more VPs than CPUs, or other programs).
 * The one loop behind every kernel-level spin wait of the library. */
#ifndef BASE_BACKOFF_H
#define BASE_BACKOFF_H

#include <urcu/arch.h>

struct base_backoff {
    unsigned int n;
    unsigned int every;         /* a power of two minus one */
};

/* Give the CPU away every 4096 pauses (~50 us) by default. */
#define BASE_BACKOFF_INIT { 0, 0xfff }

/* sched_yield, out of line: the layers above base/ make no system call
   of their own through this header (tests/layers.sh). */
void base_yield_cpu(void);

static inline void base_backoff(struct base_backoff *b)
{
    caa_cpu_relax();
    if ((++b->n & b->every) == 0)
        base_yield_cpu();
}

#endif
