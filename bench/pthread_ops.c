/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/pthread_ops.c - the cost of the basic POSIX threads operations,
 * in a plain pthreads program: no MLTP header, no MLTP library. The very
 * same binary runs on the system's threads and under pthread/mltp-run,
 * where every pthread is a user-level thread; bench/pthreads.sh runs it
 * both ways in turns and prints the ratios. Timing with
 * clock_gettime(CLOCK_MONOTONIC), the best of REPS repetitions of each
 * operation: the least disturbed one on a shared machine.
 *
 * pthread_ops [-t THREADS] [-n SCALE] [-r REPS] [OP...]
 *   OP: create mutex cond barrier (default: all four, in this order)
 *   -t: the larger thread count of mutex and barrier (default 16)
 *   -n: a factor on every operation's iteration count (default 1: the
 *       whole program in 2 to 4 s on 2 CPUs natively)
 *   -r: repetitions per operation (default 5)
 *
 * Output: a comment line (#) with the settings, then one line per
 * measured operation, its first three fields "NAME VALUE ns" after the
 * word pthread_ops, then KEY=VALUE fields that a script may ignore:
 *   pthread_ops create+join 12345.6 ns median=12400.1 reps=5 iters=8000
 *   pthread_ops mutex/2 45.6 ns median=... reps=5 iters=...
 *   pthread_ops mutex/16 ...
 *   pthread_ops cond-pingpong ...
 *   pthread_ops barrier/16 ...
 * VALUE is the best repetition's time per operation:
 *   create+join: one pthread_create of a thread that returns at once and
 *     its pthread_join;
 *   mutex/T: one lock/increment/unlock of a single mutex shared by T
 *     threads, all at it at once (contended: unlock hands the mutex to a
 *     waiter, or the unlocker takes it again);
 *   cond-pingpong: one round trip between two threads that take turns
 *     through one mutex and two condition variables;
 *   barrier/T: one pthread_barrier_wait episode of T threads.
 * A lost update under the mutex, a wrong turn in the ping-pong or a
 * failed pthread call prints "pthread_ops: ... FAILED" and ends with
 * status 1; a bad argument, status 2. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define REPS_MAX 100

/* iterations per repetition at -n 1, chosen for 0.02 to 0.2 s each natively on
   2 CPUs; under a slower runtime -n shortens them */
#define CREATE_ITERS 4000L
#define MUTEX_ITERS 4000000L    /* lock/unlock pairs, split among the threads */
#define COND_ITERS 6000L
#define BARRIER_ITERS 2000L

static int nthreads = 16, reps = 5;
static double scale = 1;

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* a failed pthread call: nothing after it would measure what it says */
static void must(int rc, const char *what)
{
    if (rc) {
        printf("pthread_ops: %s FAILED: %s\n", what, strerror(rc));
        fflush(stdout);
        exit(1);
    }
}

static long iters_of(long base)
{
    long n = (long)((double)base * scale);

    return n < 1 ? 1 : n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

static void report(const char *name, double *v, long iters)
{
    qsort(v, (size_t)reps, sizeof v[0], cmp_double);
    printf("pthread_ops %s %.1f ns median=%.1f reps=%d iters=%ld\n", name, v[0], v[(reps - 1) / 2],
           reps, iters);
    fflush(stdout);
}

/* ---- a team: T threads started together, each timing itself ------------ */

/* The team's time is the earliest start to the latest end that its
   members stamp themselves: the main thread, one more thread to schedule,
   would stamp late (it may run again long after the team started), and
   the creation and exit of the threads stay out. */
struct team {
    pthread_barrier_t start;
    void *(*work)(void *);
    long iters;             /* per thread */
};

struct member {
    struct team *team;
    int id;
    pthread_t tid;
    double t0, t1;
} __attribute__((aligned(64)));     /* a line of its own, stamped while others run */

static struct member members[1024];

static void *team_main(void *arg)
{
    struct member *m = arg;
    int rc = pthread_barrier_wait(&m->team->start);

    if (rc && rc != PTHREAD_BARRIER_SERIAL_THREAD)
        must(rc, "pthread_barrier_wait");
    m->t0 = now_ns();
    m->team->work(m);
    m->t1 = now_ns();
    return NULL;
}

/* one run of `work` on n threads, iters each; the elapsed ns */
static double team_run(int n, void *(*work)(void *), long iters)
{
    static struct team t;
    double t0, t1;

    t.work = work;
    t.iters = iters;
    must(pthread_barrier_init(&t.start, NULL, (unsigned)n), "pthread_barrier_init");
    for (int i = 0; i < n; i++) {
        members[i].team = &t;
        members[i].id = i;
        must(pthread_create(&members[i].tid, NULL, team_main, &members[i]), "pthread_create");
    }
    for (int i = 0; i < n; i++)
        must(pthread_join(members[i].tid, NULL), "pthread_join");
    must(pthread_barrier_destroy(&t.start), "pthread_barrier_destroy");
    t0 = members[0].t0;
    t1 = members[0].t1;
    for (int i = 1; i < n; i++) {
        t0 = members[i].t0 < t0 ? members[i].t0 : t0;
        t1 = members[i].t1 > t1 ? members[i].t1 : t1;
    }
    return t1 - t0;
}

/* ---- create+join ---------------------------------------------------------- */

static void *nothing(void *arg)
{
    return arg;
}

static double run_create(long n)
{
    double t0 = now_ns();

    for (long i = 0; i < n; i++) {
        pthread_t t;
        void *r;
        must(pthread_create(&t, NULL, nothing, (void *)(i + 1)), "pthread_create");
        must(pthread_join(t, &r), "pthread_join");
        if (r != (void *)(i + 1)) {
            printf("pthread_ops: create+join FAILED: pthread_join gave %p, not %p\n", r,
                   (void *)(i + 1));
            exit(1);
        }
    }
    return now_ns() - t0;
}

/* ---- mutex ---------------------------------------------------------------- */

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static long counter;

static void *mutex_work(void *arg)
{
    long n = ((struct member *)arg)->team->iters;

    for (long i = 0; i < n; i++) {
        pthread_mutex_lock(&mutex);
        counter++;
        pthread_mutex_unlock(&mutex);
    }
    return NULL;
}

static double run_mutex(int threads, long per_thread)
{
    double t;

    counter = 0;
    t = team_run(threads, mutex_work, per_thread);
    if (counter != (long)threads * per_thread) {
        printf("pthread_ops: mutex/%d FAILED: counter %ld, not %ld\n", threads, counter,
               (long)threads * per_thread);
        exit(1);
    }
    return t;
}

/* ---- condition ping-pong ---------------------------------------------------- */

/* turn says whose move it is; each side waits on its own condition
   variable, so that a signal never wakes the side that sent it */
static pthread_mutex_t pp_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t pp_cond[2] = { PTHREAD_COND_INITIALIZER, PTHREAD_COND_INITIALIZER };
static int pp_turn;
static long pp_moves[2];

static void *pingpong_work(void *arg)
{
    struct member *m = arg;
    int me = m->id, other = 1 - me;
    long n = m->team->iters;

    pthread_mutex_lock(&pp_mutex);
    for (long i = 0; i < n; i++) {
        while (pp_turn != me)
            pthread_cond_wait(&pp_cond[me], &pp_mutex);
        pp_moves[me]++;
        pp_turn = other;
        pthread_cond_signal(&pp_cond[other]);
    }
    pthread_mutex_unlock(&pp_mutex);
    return NULL;
}

static double run_cond(long n)
{
    double t;

    pp_turn = 0;
    pp_moves[0] = pp_moves[1] = 0;
    t = team_run(2, pingpong_work, n);
    if (pp_moves[0] != n || pp_moves[1] != n || pp_turn != 0) {
        printf("pthread_ops: cond-pingpong FAILED: moves %ld and %ld, not %ld each\n", pp_moves[0],
               pp_moves[1], n);
        exit(1);
    }
    return t;
}

/* ---- barrier ---------------------------------------------------------------- */

static pthread_barrier_t bar;

static void *barrier_work(void *arg)
{
    long n = ((struct member *)arg)->team->iters;

    for (long i = 0; i < n; i++) {
        int rc = pthread_barrier_wait(&bar);
        if (rc && rc != PTHREAD_BARRIER_SERIAL_THREAD)
            must(rc, "pthread_barrier_wait");
    }
    return NULL;
}

static double run_barrier(int threads, long n)
{
    double t;

    must(pthread_barrier_init(&bar, NULL, (unsigned)threads), "pthread_barrier_init");
    t = team_run(threads, barrier_work, n);
    must(pthread_barrier_destroy(&bar), "pthread_barrier_destroy");
    return t;
}

/* ---- the driver ------------------------------------------------------------- */

static void measure_create(void)
{
    double v[REPS_MAX];
    long n = iters_of(CREATE_ITERS);

    run_create(n / 10 + 1);    /* warm-up: stacks cached, pages touched */
    for (int k = 0; k < reps; k++)
        v[k] = run_create(n) / (double)n;
    report("create+join", v, n);
}

static void measure_mutex(int threads)
{
    double v[REPS_MAX];
    long per = iters_of(MUTEX_ITERS) / threads;
    char name[32];

    if (per < 1)
        per = 1;
    run_mutex(threads, per / 10 + 1);
    for (int k = 0; k < reps; k++)
        v[k] = run_mutex(threads, per) / ((double)per * threads);
    snprintf(name, sizeof name, "mutex/%d", threads);
    report(name, v, per * threads);
}

static void measure_cond(void)
{
    double v[REPS_MAX];
    long n = iters_of(COND_ITERS);

    run_cond(n / 10 + 1);
    for (int k = 0; k < reps; k++)
        v[k] = run_cond(n) / (double)n;
    report("cond-pingpong", v, n);
}

static void measure_barrier(int threads)
{
    double v[REPS_MAX];
    long n = iters_of(BARRIER_ITERS);
    char name[32];

    run_barrier(threads, n / 10 + 1);
    for (int k = 0; k < reps; k++)
        v[k] = run_barrier(threads, n) / (double)n;
    snprintf(name, sizeof name, "barrier/%d", threads);
    report(name, v, n);
}

static double number(const char *opt, const char *s, double lo, double hi)
{
    char *end;
    double x = strtod(s, &end);

    if (end == s || *end || !(x >= lo && x <= hi)) {
        fprintf(stderr, "pthread_ops: %s %s: a number from %g to %g\n", opt, s, lo, hi);
        exit(2);
    }
    return x;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: pthread_ops [-t THREADS] [-n SCALE] [-r REPS] [OP...]\n"
               "OP: create mutex cond barrier (default: all)\n");
}

int main(int argc, char **argv)
{
    static const char *const ops[] = { "create", "mutex", "cond", "barrier" };
    int want[4] = { 0, 0, 0, 0 }, any = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-t") && i + 1 < argc) {
            nthreads = (int)number(a, argv[++i], 2, 1024);
        } else if (!strcmp(a, "-n") && i + 1 < argc) {
            scale = number(a, argv[++i], 1e-6, 1e6);
        } else if (!strcmp(a, "-r") && i + 1 < argc) {
            reps = (int)number(a, argv[++i], 1, REPS_MAX);
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-') {
            usage(stderr);
            return 2;
        } else {
            int found = 0;
            for (int k = 0; k < 4; k++)
                if (!strcmp(a, ops[k]))
                    want[k] = found = any = 1;
            if (!found) {
                fprintf(stderr, "pthread_ops: %s: no such operation\n", a);
                usage(stderr);
                return 2;
            }
        }
    }
    if (!any)
        want[0] = want[1] = want[2] = want[3] = 1;

    printf("# pthread_ops: threads %d, repetitions %d, scale %g, %ld CPUs online\n", nthreads, reps,
           scale, sysconf(_SC_NPROCESSORS_ONLN));
    fflush(stdout);
    if (want[0])
        measure_create();
    if (want[1]) {
        measure_mutex(2);
        if (nthreads != 2)
            measure_mutex(nthreads);
    }
    if (want[2])
        measure_cond();
    if (want[3])
        measure_barrier(nthreads);
    return 0;
}
