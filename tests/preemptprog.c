/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * preemptprog.c - preemption's scenarios (mltp_set_preempt), run by
 * test_sched.c. Linked with the shared libmltp, as a program must be for
 * MLTP to tell its own code from the program's: where it is linked into
 * the program (the static builds of check-aarch64), mltp_set_preempt()
 * refuses, and each scenario says "linked=static" and what it got.
 *
 *   preemptprog SCENARIO NVP [ARG]
 *
 * spin      NVP ULTs spin on a plain variable; a setter yields behind them
 *           40 times and sets it each time it runs: median-lag-ms=,
 *           max-lag-ms= (from its yield to its run); ARG busy: the program
 *           and one CPU-bound process pinned to one CPU
 * late      as spin, the spinners set MLTP_PREEMPT_LATE first: min-lag-ms=
 *           and median-lag-ms=; bad-how-errno= and outside-errno= (how 2,
 *           and main outside any start: both EINVAL)
 * sleep     NVP ULTs spin as in spin while three sleep 20 ms 8 times
 *           (nanosleep, syscall(SYS_nanosleep), poll): eintr= and short=
 * overflow  a ULT recursing until it overflows its stack, spinning in each
 *           frame, beside ULTs that yield: ticks come at every depth, the
 *           last ones with no room for a signal frame; it ends in MLTP's
 *           stack-overflow line (CRASHER id= first)
 *
 * Each prints preempt-errno= (what mltp_set_preempt(1) returned) and
 * linked=shared or linked=static first.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"

/* overflow crashes on purpose, to test MLTP's report: under
   AddressSanitizer (ignored otherwise) ASan then leaves SIGSEGV to MLTP,
   which installs its handler only where the signal's is the default (as
   prog_util.h's PU_CRASH_TESTS, whose helpers this program does not use;
   its other scenarios end normally, so their leaks are still checked) */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "handle_segv=0:handle_abort=0:handle_sigbus=0";
}

static int nvp;
static const char *arg;

static long ns_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void make(mltp_userf_t *f, void *p, const char *name)
{
    mltp_attr_t a;
    mltp_t *t;

    mltp_attr_init(&a);
    a.name = name;
    if (!(t = mltp_create_attr(&a, f, p))) {
        fprintf(stderr, "preemptprog: mltp_create_attr: %s\n", strerror(errno));
        exit(99);
    }
    mltp_detach(t);
}

static int start_errno(void)
{
    errno = 0;
    mltp_start(nvp);
    return errno;
}

/* preemption on, and where MLTP's code lies */
static int preempt_on(void)
{
    Dl_info self, lib;
    int e = mltp_set_preempt(1);
    int shared = dladdr((void *)ns_now, &self) && dladdr((void *)mltp_yield, &lib) &&
                 self.dli_fbase != lib.dli_fbase;

    printf("preempt-errno=%d\nlinked=%s\n", e, shared ? "shared" : "static");
    fflush(stdout);
    return e;
}

#define PS_EPISODES 40
static volatile long ps_flag;       /* the episode spinners wait past; -1: end */
static long ps_lag_ns[PS_EPISODES];

/* A spin on a plain variable, calling nothing: only preemption moves it */
static void *ps_spinner(void *p)
{
    long seen = 0, f;
    (void)p;
    for (;;) {
        while ((f = ps_flag) == seen)
            ;
        if (f < 0)
            return NULL;
        seen = f;
    }
}

static void *ps_late_spinner(void *p)
{
    int e = mltp_set_preempt_delay(MLTP_PREEMPT_LATE);
    if (e != 0) {
        printf("late-errno=%d\n", e);
        exit(99);
    }
    return ps_spinner(p);
}

/* Queued behind the spinners at each yield: how long until it runs */
static void *ps_setter(void *p)
{
    (void)p;
    for (int i = 0; i < PS_EPISODES; i++) {
        long t0 = ns_now();
        mltp_yield();
        ps_lag_ns[i] = ns_now() - t0;
        ps_flag = i + 1;
    }
    ps_flag = -1;
    return NULL;
}

static int ps_cmp(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

static int spin(int late)
{
    pid_t hog = 0;

    if (arg && !strcmp(arg, "busy")) {
        /* one CPU-bound process beside the VPs, all on one CPU: the VPs
           get half of it, and a tick counted in CPU time comes late */
        cpu_set_t s, one;
        size_t c = 0;
        if (sched_getaffinity(0, sizeof s, &s) != 0)
            return 99;
        while (!CPU_ISSET(c, &s))
            c++;
        CPU_ZERO(&one);
        CPU_SET(c, &one);
        if (sched_setaffinity(0, sizeof one, &one) != 0)
            return 99;
        if ((hog = fork()) == 0)
            for (;;)
                ;
        if (hog < 0)
            return 99;
    }
    mltp_init();
    int e = preempt_on();
    if (late)
        printf("bad-how-errno=%d\noutside-errno=%d\n", mltp_set_preempt_delay(2),
               mltp_set_preempt_delay(MLTP_PREEMPT_LATE));
    for (int i = 0; i < nvp; i++)
        make(late ? ps_late_spinner : ps_spinner, NULL, "spinner");
    make(ps_setter, NULL, "setter");
    e = e ? e : start_errno();
    if (hog > 0) {
        kill(hog, SIGKILL);
        waitpid(hog, NULL, 0);
    }
    qsort(ps_lag_ns, PS_EPISODES, sizeof ps_lag_ns[0], ps_cmp);
    printf("start-errno=%d\nmin-lag-ms=%.2f\nmedian-lag-ms=%.2f\nmax-lag-ms=%.2f\ndone\n", e,
           (double)ps_lag_ns[0] / 1e6, (double)ps_lag_ns[PS_EPISODES / 2] / 1e6,
           (double)ps_lag_ns[PS_EPISODES - 1] / 1e6);
    return 0;
}

/* Sleeps beside spinners, preemption on: no tick may cut one short */
#define PZ_SLEEPS 8
static int pz_left, pz_eintr, pz_short;

static void *pz_sleeper(void *p)
{
    long kind = (long)p;
    for (int i = 0; i < PZ_SLEEPS; i++) {
        struct timespec t = { 0, 20 * 1000000L };
        long t0 = ns_now();
        int r = kind == 0   ? nanosleep(&t, NULL)
                : kind == 1 ? (int)syscall(SYS_nanosleep, &t, NULL)
                            : poll(NULL, 0, 20);
        if (r < 0 && errno == EINTR)
            __atomic_add_fetch(&pz_eintr, 1, __ATOMIC_SEQ_CST);
        else if (ns_now() - t0 < 20 * 1000000L)
            __atomic_add_fetch(&pz_short, 1, __ATOMIC_SEQ_CST);
    }
    if (__atomic_sub_fetch(&pz_left, 1, __ATOMIC_SEQ_CST) == 0)
        ps_flag = -1;
    return NULL;
}

static int sleep_beside(void)
{
    mltp_init();
    int e = preempt_on();
    pz_left = 3;
    for (int i = 0; i < nvp; i++)
        make(ps_spinner, NULL, "spinner");
    for (long k = 0; k < 3; k++)
        make(pz_sleeper, (void *)k, "sleeper");
    e = e ? e : start_errno();
    printf("start-errno=%d\neintr=%d\nshort=%d\ndone\n", e, pz_eintr, pz_short);
    return 0;
}

/* overflow: spin_recurse's frames, each spinning a while */
static int (*volatile recurse_fn)(int);
static void touch(volatile char *b) { b[7] ^= 1; }
static void (*volatile touch_fn)(volatile char *) = touch;

static int spin_recurse(int d)
{
    volatile char buf[256];
    buf[0] = (char)d;
    for (volatile int i = 0; i < 300000; i++)
        ;
    touch_fn(buf);
    int r = recurse_fn(d + 1);
    touch_fn(buf);
    return r + buf[0];
}

static void *deep(void *p)
{
    (void)p;
    printf("CRASHER id=%d\n", mltp_get_myid());
    fflush(stdout);
    recurse_fn = spin_recurse;
    return (void *)(intptr_t)spin_recurse(0);
}

static void *yielder(void *p)
{
    (void)p;
    for (;;)
        mltp_yield();
    return NULL;
}

static int overflow(void)
{
    mltp_init();
    preempt_on();
    make(yielder, NULL, "yielder");
    make(deep, NULL, "deep");
    make(yielder, NULL, "yielder");
    printf("start-returned errno=%d\n", start_errno());
    return 3;
}

int main(int argc, char **argv)
{
    if (argc < 3 || (nvp = atoi(argv[2])) < 1) {
        fprintf(stderr, "usage: preemptprog spin|late|sleep|overflow NVP [ARG]\n");
        return 2;
    }
    arg = argc > 3 ? argv[3] : NULL;
    if (!strcmp(argv[1], "spin"))
        return spin(0);
    if (!strcmp(argv[1], "late"))
        return spin(1);
    if (!strcmp(argv[1], "sleep"))
        return sleep_beside();
    if (!strcmp(argv[1], "overflow"))
        return overflow();
    fprintf(stderr, "preemptprog: no scenario %s\n", argv[1]);
    return 2;
}
