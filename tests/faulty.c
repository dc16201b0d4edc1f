/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * faulty.c - programs that fail on purpose, run by test_vp.c.
 *
 *   faulty SCENARIO
 *
 * segv, segv-named, abort, overflow, exit, sigint-wait, sigterm-wait,
 * idle-wait, deadlock, badstart, yield-outside, bound-segv, nostack,
 * die-in-registry, die-holding-runq.
 *
 * A ULT that is about to crash prints "CRASHER id=<thrid> vp=<n>
 * pid=<pid>" (flushed) so the test can check the reaper's message.
 * The *-wait scenarios print "VPPIDS a b" and then "READY" once the VPs
 * run.
 *
 * Its starts on 2 VPs run on MLTP_TEST_VPS when set (tests/test_vps.h),
 * as test_vp.c, which reads the same variable, expects.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#define PU_CRASH_TESTS
#include "prog_util.h"
#include "internals.h"



static void *busy(void *p)
{
    (void)p;
    for (;;) {
        note_vp();
        mltp_yield();
    }
    return NULL;
}


static void *abort_ult(void *p)
{
    (void)p;
    for (int i = 0; i < 10; i++)
        mltp_yield();
    crasher_says();
    abort();
}

static void touch(volatile char *b) { b[7] ^= 1; }
static void (*volatile touch_fn)(volatile char *) = touch;
static int (*volatile recurse_fn)(int);

static int recurse(int d)
{
    volatile char buf[512];
    buf[0] = (char)d;
    buf[511] = (char)d;
    touch_fn(buf);
    int r = recurse_fn(d + 1); /* indirect: no tail call, no loop */
    touch_fn(buf);
    return r + buf[0] + buf[511];
}

static void *overflow_ult(void *p)
{
    (void)p;
    for (int i = 0; i < 5; i++)
        mltp_yield();
    crasher_says();
    recurse_fn = recurse;
    return (void *)(intptr_t)recurse(0);
}

static void at_exit_handler(void) { printf("atexit-ran\n"); }

static void *exit_ult(void *p)
{
    (void)p;
    for (int i = 0; i < 20; i++)
        mltp_yield();
    printf("buffered-line\n");
    exit(7);
}


static int want_vps;   /* 2, or MLTP_TEST_VPS */
static void *ready_ult(void *p)
{
    (void)p;
    double end = now() + 2.0;
    for (;;) {
        note_vp();
        int seen = 0;
        for (int i = 0; i < want_vps; i++)
            seen += vp_pids[i] != 0;
        if (seen == want_vps || now() > end)
            break;
        mltp_yield();
    }
    printf("VPPIDS");
    for (int i = 0; i < want_vps; i++)
        printf(" %d", (int)vp_pids[i]);
    printf("\nREADY\n");
    fflush(stdout);
    return busy(NULL);
}

static void *idle_ult(void *p)
{
    (void)p;
    for (long i = 0;; i++) {
        note_vp();
        usleep(1000);
        mltp_yield();
        if (i == 100) {
            printf("VPPIDS %d\nREADY\n", (int)getpid());
            fflush(stdout);
        }
    }
    return NULL;
}

static mltp_cond_t never = MLTP_COND_INITIALIZER;
static void *deadlock_ult(void *p)
{
    (void)p;
    mltp_yield();
    mltp_cond_wait(&never);
    printf("woke-up\n");
    return NULL;
}

static void *hello_ult(void *p)
{
    (void)p;
    printf("ult-ran\n");
    return NULL;
}

/* A VP dies inside the library while it holds whatever internal lock it
   takes there: the library's semget() is ours (the executable's symbol
   wins), and it kills its caller once asked to. */
static volatile int die_in_semget;
int semget(key_t key, int nsems, int flags)
{
    if (die_in_semget) {
        printf("DYING pid=%d\n", (int)getpid());
        fflush(stdout);
        kill(getpid(), SIGKILL);
    }
    return (int)syscall(SYS_semget, key, nsems, flags);
}

static void *registry_dier(void *p)
{
    mltp_lock_t l;
    (void)p;
    for (int i = 0; i < 10; i++)
        mltp_yield();
    die_in_semget = 1;
    mltp_lock_init(&l, MLTP_LOCK_SEMAPHORE);
    return NULL;
}

/* The run-queue lock is internal; the test links the library statically
   and takes it through tests/internals.h. */
static void *runq_dier(void *p)
{
    (void)p;
    for (int i = 0; i < 10; i++)
        mltp_yield();
    while (__atomic_exchange_n(it_runq_lock_word(), 1, __ATOMIC_ACQUIRE))
        ;
    printf("DYING pid=%d\n", (int)getpid());
    fflush(stdout);
    kill(getpid(), SIGKILL);
    return NULL;
}

static void bound_crash(void *p)
{
    (void)p;
    usleep(10000);
    *null_ptr = 2;
}

static void make_n(mltp_userf_t *f, int n)
{
    for (int i = 0; i < n; i++)
        make(f, NULL);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s scenario\n", argv[0]);
        return 2;
    }
    const char *s = argv[1];
    want_vps = several_vps(2);
    mltp_init();

    if (!strcmp(s, "segv") || !strcmp(s, "abort") ||
        !strcmp(s, "overflow")) {
        make_n(busy, 2);
        make_n(!strcmp(s, "segv") ? segv_ult
             : !strcmp(s, "abort") ? abort_ult : overflow_ult, 1);
        make_n(busy, 2);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "segv-named")) {
        mltp_attr_t a;
        mltp_attr_init(&a);
        a.name = "crasher-ult-name-long";
        make_n(busy, 2);
        if (!mltp_create_attr(&a, segv_ult, NULL)) {
            perror("mltp_create_attr");
            return 99;
        }
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "exit")) {
        static char buf[1 << 16];
        setvbuf(stdout, buf, _IOFBF, sizeof buf);
        atexit(at_exit_handler);
        make_n(busy, 3);
        make_n(exit_ult, 1);
        make_n(busy, 1);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "sigint-wait") || !strcmp(s, "sigterm-wait")) {
        /* one busy ULT per VP: ready_ult sees every VP run */
        make_n(busy, want_vps);
        make_n(ready_ult, 1);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "idle-wait")) {
        make_n(idle_ult, 1);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "deadlock")) {
        make_n(deadlock_ult, 3);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 0;
    }
    if (!strcmp(s, "badstart")) {
        make_n(hello_ult, 1);
        errno = 0;
        mltp_start(0);
        int e0 = errno;
        errno = 0;
        mltp_start(-1);
        int e1 = errno;
        printf("errno0=%d errno1=%d\nbefore-good\n", e0, e1);
        fflush(stdout);
        mltp_start(1);
        printf("returned\n");
        return 0;
    }
    if (!strcmp(s, "yield-outside")) {
        errno = 0;
        mltp_yield();
        int e0 = errno;
        errno = 0;
        mltp_yield_to_first();
        int e1 = errno;
        printf("errno=%d errno2=%d\nsurvived\n", e0, e1);
        return 0;
    }
    if (!strcmp(s, "bound-segv")) {
        mltp_t *t = mltp_create_bound(bound_crash, NULL, 0, NULL);
        if (!t) {
            perror("mltp_create_bound");
            return 99;
        }
        mltp_join_bound(*t);
        printf("join-returned\n");
        return 3;
    }
    if (!strcmp(s, "die-in-registry") || !strcmp(s, "die-holding-runq")) {
        make_n(busy, 3);
        make_n(!strcmp(s, "die-in-registry") ? registry_dier : runq_dier, 1);
        mltp_start(want_vps);
        printf("start-returned\n");
        return 3;
    }
    if (!strcmp(s, "nostack")) {
        /* the VPs and their TCBs exist; a stack of a new default size
           cannot be mapped once the address space is capped */
        make_n(hello_ult, 1);
        mltp_start(1);
        mltp_set_stack_size(1 << 20);
        mltp_attr_t a;
        mltp_attr_init(&a);
        a.name = "needs-stack";
        if (!mltp_create_attr(&a, hello_ult, NULL)) {
            perror("mltp_create_attr");
            return 99;
        }
        long pages = 0;
        FILE *f = fopen("/proc/self/statm", "r");
        if (!f || fscanf(f, "%ld", &pages) != 1)
            return 99;
        fclose(f);
        struct rlimit rl = { (rlim_t)pages * 4096 + (256 << 10), RLIM_INFINITY };
        rl.rlim_max = rl.rlim_cur;
        if (setrlimit(RLIMIT_AS, &rl) != 0) {
            perror("setrlimit");
            return 99;
        }
        printf("capped\n");
        fflush(stdout);
        mltp_start(1);
        printf("start-returned\n");
        return 3;
    }
    fprintf(stderr, "faulty: unknown scenario %s\n", s);
    return 2;
}
