/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * traceprog.c - programs for tests/trace.sh, run under MLTP_TRACE=FILE.
 *
 *   traceprog crash NVP     workers meet at a barrier (one 5 ms late, once)
 *                           and take a yielding lock and a spin lock,
 *                           then the ULT "crasher"
 *                           writes to address 64: the trace is written before
 *                           MLTP's line, and the status is 139
 *   traceprog deadlock NVP  two ULTs take two locks in opposite orders:
 *                           the deadlock is reported (the trace first),
 *                           mltp_start returns, and main exits 3
 *   traceprog hang NVP      a ULT spins, yielding, for ever, the others
 *                           blocked: "ready" on stdout, then the test
 *                           sends SIGQUIT (status 131)
 *   traceprog many NVP      4 ULTs yield 20,000 times each, then meet at
 *                           a barrier and end: more events
 *                           than small rings hold (MLTP_TRACE_MB=1)
 *   traceprog api NVP FILE  mltp_trace_start(FILE) after a first start,
 *                           a second start traced, mltp_trace_stop
 *   traceprog begin NVP     main calls mltp_begin, makes workers, joins
 *                           them, calls mltp_end and prints "ended": main's
 *                           share goes back to its thread, traced
 *   traceprog live NVP FILE a ULT calls mltp_trace_start(FILE) while the
 *                           VPs run, makes workers, joins them and calls
 *                           mltp_trace_stop
 *
 * Each prints "ult NAME ID" for its named ULTs, so that the test can
 * find them in the trace. SIGALRM ends a run after 60 s.
 */
#define PU_CRASH_TESTS
#include <signal.h>
#include "prog_util.h"

#define WORKERS 4
#define EPISODES 20

static mltp_barrier_t barrier;
static mltp_lock_t ylock, slock, a_lock, b_lock;
static long ycount, scount;        /* under ylock, under slock */
static volatile int stop_spinning, firsts, late_ones;

static void say(const char *name)
{
    printf("ult %s %d\n", name, mltp_self()->thrid);
    fflush(stdout);
}

static void *worker(void *p)
{
    (void)p;
    say("worker");
    for (int e = 0; e < EPISODES; e++) {
        mltp_lock(&ylock);
        ycount++;
        mltp_yield();               /* another worker waits for the lock */
        mltp_unlock(&ylock);
        mltp_lock(&slock);
        scount++;
        mltp_unlock(&slock);
        /* once, one worker 5 ms late (its VP in the kernel, past the
           others' spin): they block, and the trace shows the wait */
        if (e == EPISODES / 2 && __atomic_add_fetch(&late_ones, 1, __ATOMIC_RELAXED) == 1)
            usleep(5000);
        mltp_barrier(&barrier, WORKERS);
    }
    return NULL;
}

static void *crasher(void *p)
{
    (void)p;
    say("crasher");
    mltp_yield();
    *(volatile int *)((char *)p + 64) = 1;     /* not NULL: UBSan would say so first */
    return NULL;
}

static void *ab(void *p)
{
    mltp_lock_t *first = p ? &a_lock : &b_lock, *second = p ? &b_lock : &a_lock;

    say(p ? "ab" : "ba");
    mltp_lock(first);
    __atomic_fetch_add(&firsts, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&firsts, __ATOMIC_SEQ_CST) < 2)
        mltp_yield();               /* the other takes its first */
    mltp_lock(second);
    return NULL;
}

/* The four meet before they end, so that each one's end is among the
   newest events of whatever VP ran it last: one that ended early could
   have all its events overwritten, by design, once its VP ran the others
   for 8,192 more. */
static mltp_barrier_t yielders_done = MLTP_BARRIER_INITIALIZER;

static void *yielder(void *p)
{
    (void)p;
    say("yielder");
    for (int i = 0; i < 20000; i++)
        mltp_yield();
    mltp_barrier(&yielders_done, 4);
    return NULL;
}

static void *spinner(void *p)
{
    (void)p;
    say("spinner");
    printf("ready\n");
    fflush(stdout);
    while (!stop_spinning)
        mltp_yield();
    return NULL;
}

static void *blocked(void *p)
{
    (void)p;
    say("blocked");
    mltp_lock(&a_lock);             /* main holds it */
    return NULL;
}

static mltp_t *named(mltp_userf_t *f, const char *name, void *arg);

static void *starter(void *path)
{
    mltp_t *w[WORKERS];
    int e;

    say("starter");
    if ((e = mltp_trace_start(path)) != 0)
        printf("FAIL: mltp_trace_start in a ULT: %s\n", strerror(e));
    for (int i = 0; i < WORKERS; i++)
        w[i] = named(worker, "worker", NULL);
    for (int i = 0; i < WORKERS; i++)
        if ((e = mltp_join(w[i], NULL)) != 0)
            printf("FAIL: mltp_join: %s\n", strerror(e));
    if ((e = mltp_trace_stop()) != 0)
        printf("FAIL: mltp_trace_stop in a ULT: %s\n", strerror(e));
    return NULL;
}

static mltp_t *named(mltp_userf_t *f, const char *name, void *arg)
{
    mltp_attr_t a;
    mltp_t *t;

    mltp_attr_init(&a);
    a.name = name;
    if (!(t = mltp_create_attr(&a, f, arg))) {
        perror("traceprog: mltp_create_attr");
        exit(99);
    }
    return t;
}

static void workers(void)
{
    for (int i = 0; i < WORKERS; i++)
        named(worker, "worker", NULL);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 2 ? argv[1] : "";
    int nvp = argc > 2 ? atoi(argv[2]) : 0;

    if (nvp < 1 || (!strcmp(mode, "api") || !strcmp(mode, "live")) != (argc == 4) || argc < 3) {
        fprintf(stderr, "usage: traceprog crash|deadlock|hang|many|begin NVP | "
                        "traceprog api|live NVP FILE\n");
        return 2;
    }
    signal_default(SIGALRM);    /* whatever it inherited */
    signal_default(SIGQUIT);
    alarm(60);
    mltp_init();
    mltp_barrier_init(&barrier);
    mltp_lock_init(&ylock, MLTP_LOCK_BLOCK);
    mltp_lock_init(&slock, MLTP_LOCK_SPIN);
    mltp_lock_init(&a_lock, MLTP_LOCK_BLOCK);
    mltp_lock_init(&b_lock, MLTP_LOCK_BLOCK);
    if (strcmp(mode, "crash") == 0) {
        workers();
        mltp_start(nvp);
        named(crasher, "crasher", NULL);
        mltp_start(nvp);
        printf("FAIL: the crash did not end the program\n");
        return 1;
    }
    if (strcmp(mode, "deadlock") == 0) {
        named(ab, "ab", (void *)1);
        named(ab, "ba", NULL);
        mltp_start(nvp);
        return 3;
    }
    if (strcmp(mode, "many") == 0) {
        for (int i = 0; i < 4; i++)
            named(yielder, "yielder", NULL);
        mltp_start(nvp);
        return 0;
    }
    if (strcmp(mode, "begin") == 0) {
        mltp_t *w[WORKERS];
        if (mltp_begin(nvp) != 0) {
            perror("traceprog: mltp_begin");
            return 99;
        }
        for (int i = 0; i < WORKERS; i++)
            w[i] = named(worker, "worker", NULL);
        for (int i = 0; i < WORKERS; i++)
            mltp_join(w[i], NULL);
        if (mltp_end() != 0) {
            perror("traceprog: mltp_end");
            return 99;
        }
        printf("ended, counter %ld\n", ycount + scount);
        return 0;
    }
    if (strcmp(mode, "hang") == 0) {
        mltp_lock(&a_lock);
        named(blocked, "blocked", NULL);
        named(spinner, "spinner", NULL);
        mltp_start(nvp);
        printf("FAIL: the hang ended\n");
        return 1;
    }
    if (strcmp(mode, "api") == 0) {
        int e;
        workers();
        mltp_start(nvp);            /* not traced */
        if ((e = mltp_trace_stop()) != ESRCH)
            printf("FAIL: mltp_trace_stop before a start: %d, not ESRCH\n", e);
        if ((e = mltp_trace_start(NULL)) != EINVAL || (e = mltp_trace_start("")) != EINVAL)
            printf("FAIL: mltp_trace_start(no path): %d, not EINVAL\n", e);
        if ((e = mltp_trace_start(argv[3])) != 0)
            printf("FAIL: mltp_trace_start: %s\n", strerror(e));
        workers();
        mltp_start(nvp);
        if ((e = mltp_trace_stop()) != 0)
            printf("FAIL: mltp_trace_stop: %s\n", strerror(e));
        if ((e = mltp_trace_stop()) != ESRCH)
            printf("FAIL: mltp_trace_stop twice: %d, not ESRCH\n", e);
        printf("counter %ld\n", ycount + scount);
        return 0;
    }
    if (strcmp(mode, "live") == 0) {
        named(starter, "starter", argv[3]);
        mltp_start(nvp);
        printf("counter %ld\n", ycount + scount);
        return 0;
    }
    fprintf(stderr, "traceprog: no mode %s\n", mode);
    return 2;
}
