/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * clash.c - a ULT whose frame is larger than its stack's guard. Built
 * with -fstack-clash-protection, as programs get it from pkg-config: the
 * frame is probed page by page, so the overflow must be caught at the
 * guard and blamed on the ULT that overflowed.
 *
 *   clash SCENARIO NVP       SCENARIO: frame (a 72 KiB local array),
 *                            frame-low (the same, only its lowest 1 KiB
 *                            written: with a guard smaller than the
 *                            frame, x86-64's default page, that lands in
 *                            the stack below, silently, unless probed;
 *                            test_proc runs it unprobed under
 *                            MLTP_STACK_GUARD=64k) or alloca (200 KiB)
 *
 * The others print "OTHER id=<thrid>" and keep running on their own
 * stacks. The clasher, named "clasher", is created after them, so that
 * its stack, taken at its first run after theirs, is above theirs (slots
 * go lowest first); it yields until they run, prints "CRASHER id=<thrid>
 * vp=<n> pid=<pid>" and overflows.
 */
#include <alloca.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mltp.h"
#define PU_CRASH_TESTS
#include "prog_util.h"

static int others_started;

static __attribute__((noinline, noipa)) int big_frame(int seed)
{
    volatile char a[72 * 1024];
    for (size_t i = 0; i < sizeof a; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023] + a[sizeof a - 1];
}

static __attribute__((noinline, noipa)) int big_alloca(int seed)
{
    size_t n = 200 * 1024;
    volatile char *a = alloca(n);
    for (size_t i = 0; i < n; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023] + a[n - 1];
}

static __attribute__((noinline, noipa)) int big_frame_low(int seed)
{
    volatile char a[72 * 1024];
    for (size_t i = 0; i < 1024; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023];
}

static int use_alloca, use_low;
static int nvp;
static const char *arg;   /* none taken */

static void *clasher(void *p)
{
    (void)p;
    double spins = 0;
    while (__atomic_load_n(&others_started, __ATOMIC_SEQ_CST) < 3 &&
           spins++ < 1e6)
        mltp_yield();
    for (int i = 0; i < 5; i++)
        mltp_yield();
    crasher_says();
    int r = use_alloca ? big_alloca(mltp_get_myid())
            : use_low ? big_frame_low(mltp_get_myid())
                      : big_frame(mltp_get_myid());
    printf("survived %d\n", r);
    return NULL;
}

static void *other(void *p)
{
    (void)p;
    volatile char buf[512];
    printf("OTHER id=%d\n", mltp_get_myid());
    fflush(stdout);
    __atomic_add_fetch(&others_started, 1, __ATOMIC_SEQ_CST);
    for (unsigned long i = 0;; i++) {
        buf[i % sizeof buf] = (char)i;
        mltp_yield();
    }
    return NULL;
}

/* mode: 0 frame, 1 frame-low, 2 alloca */
static int clash(int mode)
{
    use_low = mode == 1;
    use_alloca = mode == 2;
    for (int i = 0; i < 3; i++)
        make(other, NULL);
    make_named("clasher", clasher, NULL);
    return start_returned(nvp, 3);
}

static const struct pu_scenario scenarios[] = {
    PU_SCEN_WITH("frame", clash, 0),
    PU_SCEN_WITH("frame-low", clash, 1),
    PU_SCEN_WITH("alloca", clash, 2),
};

int main(int argc, char **argv)
{
    return PU_MAIN(argc, argv, &nvp, &arg, scenarios);
}
