/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * faulty.c - programs that fail on purpose, run by test_vp.c.
 *
 *   faulty SCENARIO
 *
 * segv, segv-named, abort, overflow, exit, sigint-wait, sigterm-wait,
 * idle-wait, deadlock, badstart, yield-outside, bound-segv, nostack,
 * overflow-end, overflow-block, overflow-unguarded, overflow-beside-unguarded,
 * overflow-together,
 * stack-limit,
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
static volatile int recurse_depth;

/* recurse, down to recurse_depth frames of 512 bytes or more */
static int recurse_to(int d)
{
    volatile char buf[512];
    buf[0] = (char)d;
    buf[511] = (char)d;
    touch_fn(buf);
    int r = d < recurse_depth ? recurse_fn(d + 1) : 0;
    touch_fn(buf);
    return r + buf[0] + buf[511];
}

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

/* An overflow of about 16 KiB below the stack, after which the ULT goes
   on (its frames gone): caught at once by a guard page, or, with none,
   when it next blocks (on a condition nobody signals) or ends. */
static void *overflow_then(void *p)
{
    int block = p != NULL;
    int depth = (int)((mltp_get_stack_size() + 16 * 1024) / 512);

    for (int i = 0; i < 5; i++)
        mltp_yield();
    crasher_says();
    recurse_fn = recurse_to;
    recurse_depth = depth;
    printf("returned %d\n", recurse_to(0));
    fflush(stdout);
    if (block) {
        mltp_cond_t never;
        mltp_cond_init(&never);
        mltp_cond_wait(&never);
    }
    return NULL;
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

static long counted;
static void *count_ult(void *p)
{
    __atomic_fetch_add(&counted, 1, __ATOMIC_SEQ_CST);
    return p;
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

/* ------------------------------------------------------------------ */
/* The scenarios: each returns the program's status.                  */

/* n busy ULTs of twice the default stack size: in chunks of their own
   shape, never in the crasher's. An overflow with no guard pages
   (MLTP_STACK_GUARD=check) writes over the stacks below it in its chunk:
   a busy ULT there, switched in on the other VP meanwhile, would die
   first of whatever its clobbered frames did (a CI run under nice 19:
   SIGILL), which is not the case these scenarios are for. */
static void make_busy_apart(int n)
{
    mltp_attr_t a;

    mltp_attr_init(&a);
    a.stacksize = 2 * mltp_get_stack_size();
    for (int i = 0; i < n; i++)
        if (!mltp_create_attr(&a, busy, NULL)) {
            fprintf(stderr, "faulty: mltp_create_attr: %s\n", strerror(errno));
            exit(99);
        }
}

/* A crasher among busy ULTs: 0 segv, 1 abort, 2 overflow (for good) */
static int crash(int which)
{
    static mltp_userf_t *const crashers[] = { segv_ult, abort_ult, overflow_ult };
    make_busy_apart(2);
    make_n(crashers[which], 1);
    make_busy_apart(2);
    return start_returned(want_vps, 3);
}

/* An overflow the ULT survives until it ends (0) or blocks (1). */
static int overflow_and(int block)
{
    make_busy_apart(2);
    make(overflow_then, block ? (void *)1 : NULL);
    make_busy_apart(2);
    return start_returned(want_vps, 3);
}

/* A ULT of guard g (mltp_attr_setguardsize), or exit 99. */
static void make_guarded(mltp_userf_t *f, size_t g)
{
    mltp_attr_t a;

    mltp_attr_init(&a);
    if (mltp_attr_setguardsize(&a, g) != 0 || !mltp_create_attr(&a, f, NULL)) {
        fprintf(stderr, "faulty: mltp_create_attr with a guard of %zu bytes failed\n", g);
        exit(99);
    }
}

/* Guarded and unguarded stacks side by side, one overflowing for good:
   0, the unguarded one among guarded ULTs (its overflow runs through its
   own chunk, whose slots are all unguarded, and faults at the chunk's
   floor: no guarded ULT is touched, and the message names it); 1, a
   guarded one among unguarded ULTs (its guard faults). */
static int overflow_mixed(int guarded_crasher)
{
    size_t other = guarded_crasher ? 0 : 64 * 1024;

    make_guarded(busy, other);
    make_guarded(busy, other);
    make_guarded(overflow_ult, guarded_crasher ? 64 * 1024 : 0);
    make_guarded(busy, other);
    return start_returned(want_vps, 3);
}

/* One overflowing ULT per VP, released together: the VPs fault at about
   the same time, and one whose fault comes after another VP's handler
   has reset the shared disposition dies without a record of its own. */
static volatile int together_arrived;
static void *overflow_together_ult(void *p)
{
    (void)p;
    __atomic_add_fetch(&together_arrived, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&together_arrived, __ATOMIC_SEQ_CST) < want_vps)
        mltp_yield();
    crasher_says();
    recurse_fn = recurse_to;
    recurse_depth = (int)((mltp_get_stack_size() + 16 * 1024) / 512);
    printf("returned %d\n", recurse_to(0));
    mltp_yield();
    return NULL;
}

static int overflow_together(void)
{
    for (int i = 0; i < want_vps; i++)
        make_guarded(overflow_together_ult, 0);
    return start_returned(want_vps, 3);
}

/* No room for more stacks (the address space capped a little above what
   the program has): mltp_create fails with ENOMEM, once the stacks
   already reserved are taken, and a line says which limit; the ULTs made
   before all run, and the program goes on. */
static int stack_limit(void)
{
    long pages, made = 0;
    int err = 0;

    make_n(hello_ult, 1);           /* the VP, its TCB, a chunk */
    mltp_start(1);
    if (statm_pages(&pages, NULL) != 0)
        return 99;
    struct rlimit rl = { (rlim_t)pages * 4096 + (4 << 20), RLIM_INFINITY };
    if (setrlimit(RLIMIT_AS, &rl) != 0) {
        perror("setrlimit");
        return 99;
    }
    printf("capped\n");
    fflush(stdout);
    for (; made < 1000000; made++)
        if (!mltp_create(count_ult, NULL)) {
            err = errno;
            break;
        }
    printf("made %ld, then errno %d\n", made, err);
    fflush(stdout);
    mltp_start(1);                  /* a VP made anew would need memory */
    printf("ran %ld\n", __atomic_load_n(&counted, __ATOMIC_SEQ_CST));
    fflush(stdout);
    return err == ENOMEM && counted == made ? 0 : 4;
}

static int segv_named(void)
{
    make_n(busy, 2);
    make_named("crasher-ult-name-long", segv_ult, NULL);
    return start_returned(want_vps, 3);
}

static int exit_in_ult(void)
{
    static char buf[1 << 16];
    setvbuf(stdout, buf, _IOFBF, sizeof buf);
    atexit(at_exit_handler);
    make_n(busy, 3);
    make_n(exit_ult, 1);
    make_n(busy, 1);
    return start_returned(want_vps, 3);
}

static int signal_wait(void)
{
    /* one busy ULT per VP: the ready ULT sees every VP run */
    make_n(busy, want_vps);
    make_ready(want_vps, busy);
    return start_returned(want_vps, 3);
}

static int idle_wait(void)
{
    make_n(idle_ult, 1);
    return start_returned(want_vps, 3);
}

static int deadlock(void)
{
    make_n(deadlock_ult, 3);
    return start_returned(want_vps, 0);
}

static int badstart(void)
{
    make_n(hello_ult, 1);
    int e0 = start_errno(0);
    int e1 = start_errno(-1);
    printf("errno0=%d errno1=%d\nbefore-good\n", e0, e1);
    fflush(stdout);
    mltp_start(1);
    printf("returned\n");
    return 0;
}

static int yield_outside(void)
{
    errno = 0;
    mltp_yield();
    int e0 = errno;
    errno = 0;
    mltp_yield_to_first();
    int e1 = errno;
    printf("errno=%d errno2=%d\nsurvived\n", e0, e1);
    return 0;
}

static int bound_segv(void)
{
    mltp_t *t = make_bound(bound_crash, NULL);
    mltp_join_bound(*t);
    printf("join-returned\n");
    return 3;
}

/* 0: dies in the semaphore set registry, 1: holding the run queue */
static int die_inside(int holding_runq)
{
    make_n(busy, 3);
    make_n(holding_runq ? runq_dier : registry_dier, 1);
    return start_returned(want_vps, 3);
}

static int nostack(void)
{
    /* the VPs and their TCBs exist; a stack of a new default size
       cannot be mapped once the address space is capped (and was not
       reserved when the ULT was made, as mltp_create does) */
    it_stacks_unreserved();
    make_n(hello_ult, 1);
    mltp_start(1);
    /* more than the old stacks' chunk (2 MiB), which goes when its stack
       comes back */
    mltp_set_stack_size(8 << 20);
    make_named("needs-stack", hello_ult, NULL);
    long pages;
    if (statm_pages(&pages, NULL) != 0)
        return 99;
    struct rlimit rl = { (rlim_t)pages * 4096 + (256 << 10), RLIM_INFINITY };
    rl.rlim_max = rl.rlim_cur;
    if (setrlimit(RLIMIT_AS, &rl) != 0) {
        perror("setrlimit");
        return 99;
    }
    printf("capped\n");
    fflush(stdout);
    return start_returned(1, 3);
}

static const struct pu_scenario scenarios[] = {
    PU_SCEN_WITH("segv", crash, 0),
    PU_SCEN_WITH("abort", crash, 1),
    PU_SCEN_WITH("overflow", crash, 2),
    PU_SCEN("overflow-together", overflow_together),
    PU_SCEN_WITH("overflow-end", overflow_and, 0),
    PU_SCEN_WITH("overflow-block", overflow_and, 1),
    PU_SCEN_WITH("overflow-unguarded", overflow_mixed, 0),
    PU_SCEN_WITH("overflow-beside-unguarded", overflow_mixed, 1),
    PU_SCEN("stack-limit", stack_limit),
    PU_SCEN("segv-named", segv_named),
    PU_SCEN("exit", exit_in_ult),
    PU_SCEN("sigint-wait", signal_wait),
    PU_SCEN("sigterm-wait", signal_wait),
    PU_SCEN("idle-wait", idle_wait),
    PU_SCEN("deadlock", deadlock),
    PU_SCEN("badstart", badstart),
    PU_SCEN("yield-outside", yield_outside),
    PU_SCEN("bound-segv", bound_segv),
    PU_SCEN_WITH("die-in-registry", die_inside, 0),
    PU_SCEN_WITH("die-holding-runq", die_inside, 1),
    PU_SCEN("nostack", nostack),
};

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s scenario\n", argv[0]);
        return 2;
    }
    want_vps = several_vps(2);
    mltp_init();
    return PU_RUN(argv[1], scenarios);
}
