/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/omp_sync.c - the overhead of OpenMP constructs, measured the way
 * the EPCC OpenMP micro-benchmark suite's syncbench does (J. M. Bull,
 * "Measuring Synchronisation and Scheduling Overheads in OpenMP", EWOMP
 * 1999; Bull, Reid, McDonnell, IWOMP 2012; our own code after its method):
 * a construct with a short delay loop inside runs innerreps times in a
 * row, that test is timed outerreps times, and a reference, the same
 * delay innerreps times with no construct, is subtracted:
 *
 *     overhead = test time / innerreps - reference time / innerreps
 *
 * innerreps doubles until a test takes the target time (EPCC's
 * targettesttime). Every outer repetition gives one overhead; the program
 * prints their median and spread.
 *
 * OpenMP only, no MLTP: the very same binary runs on GCC's libgomp and,
 * with LD_PRELOAD, on any other library of GCC's OpenMP ABI (MLTP's
 * libmltp_omp.so); bench/omp.sh runs it both ways in turns. Timing with
 * clock_gettime, not omp_get_wtime, so that neither runtime's clock is
 * measured.
 *
 * omp_sync [-t THREADS] [-o OUTERREPS] [-T TARGET_US] [-d DELAY_NS]
 *          CONSTRUCT...
 * CONSTRUCT: parallel for parallel_for barrier single critical lock
 * atomic reduction (EPCC's syncbench set; "all" is these nine), nested
 * (4 x 4 nested regions, nesting enabled with
 * omp_set_max_active_levels(2); THREADS is not used; per outer region) and
 * dynamic (one schedule(dynamic) loop of 10^6 tiny iterations, chunk 1;
 * the time of a whole loop, nothing subtracted; innerreps 1) and tasks
 * (fib(TASK_FIB) with a task per call and a taskwait, from a single in
 * a parallel region: the time of a whole run, nothing subtracted;
 * innerreps 1).
 *
 * Output: a comment line (#) with the settings and the library that
 * provides GOMP_parallel, then per construct one line of KEY=VALUE
 * fields after the word omp_sync:
 *   omp_sync construct=barrier threads=2 median_ns=... p10_ns=...
 *   p90_ns=... min_ns=... max_ns=... ref_ns=... innerreps=...
 *   outerreps=... lib=libgomp.so.1
 * median_ns and the rest: the overhead per construct (nested: per outer
 * region; dynamic: per loop) over the outer repetitions; ref_ns: the
 * reference's time per inner repetition. A wrong result (a lost update
 * under critical, lock or atomic, a wrong reduction, a nested region
 * without 4 x 4 threads, a wrong loop sum) prints "omp_sync: ... FAILED"
 * and ends with status 1; a bad argument, status 2. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define OUTER_MAX 1000
#define DYN_ITERS 1000000L

static int nthreads = 2, outerreps = 20;
static double target_us = 1000, delay_ns = 100;
static long delaylength;
static int failed;
static double aaaa;          /* EPCC's shared double: atomic, reduction */
static long counted;         /* updates under critical and lock */

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* EPCC's delay: n additions the compiler must keep */
static void delay(long n)
{
    long a = 0;

    for (long i = 0; i < n; i++) {
        a += i;
        __asm__ volatile("" : "+r"(a));
    }
}

/* delaylength for a delay of about delay_ns */
static void calibrate_delay(void)
{
    long n = 1024;
    double t;

    for (;;) {
        t = now_ns();
        delay(n);
        t = now_ns() - t;
        if (t >= 1e6 || n >= 1L << 40)
            break;
        n *= 2;
    }
    /* the fastest of a few: the least disturbed */
    for (int k = 0; k < 5; k++) {
        double s = now_ns(), e;
        delay(n);
        e = now_ns() - s;
        t = e < t ? e : t;
    }
    delaylength = (long)(delay_ns * (double)n / t);
    if (delaylength < 1)
        delaylength = 1;
}

static void fail(const char *what, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void fail(const char *what, const char *fmt, ...)
{
    va_list ap;

    printf("omp_sync: %s FAILED: ", what);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    failed = 1;
}

/* ---- the tests (innerreps each) ----------------------------------------- */

static void refer(long n)
{
    for (long j = 0; j < n; j++)
        delay(delaylength);
}

static void refer_atom(long n)
{
    for (long j = 0; j < n; j++) {
        aaaa += 1;
        __asm__ volatile("" : : "m"(aaaa) : "memory");
    }
}

static void refer_red(long n)
{
    for (long j = 0; j < n; j++) {
        delay(delaylength);
        aaaa += 1;
        __asm__ volatile("" : : "m"(aaaa) : "memory");
    }
}

static void test_parallel(long n)
{
    for (long j = 0; j < n; j++) {
#pragma omp parallel
        delay(delaylength);
    }
}

static void test_for(long n)
{
#pragma omp parallel
    for (long j = 0; j < n; j++) {
#pragma omp for
        for (int i = 0; i < nthreads; i++)
            delay(delaylength);
    }
}

static void test_parallel_for(long n)
{
    for (long j = 0; j < n; j++) {
#pragma omp parallel for
        for (int i = 0; i < nthreads; i++)
            delay(delaylength);
    }
}

static void test_barrier(long n)
{
#pragma omp parallel
    for (long j = 0; j < n; j++) {
        delay(delaylength);
#pragma omp barrier
    }
}

static void test_single(long n)
{
#pragma omp parallel
    for (long j = 0; j < n; j++) {
#pragma omp single
        delay(delaylength);
    }
}

/* innerreps in all, innerreps / nthreads per thread (EPCC's split) */
static void test_critical(long n)
{
    counted = 0;
#pragma omp parallel
    for (long j = 0; j < n / nthreads; j++) {
#pragma omp critical
        {
            delay(delaylength);
            counted++;
        }
    }
    if (counted != n / nthreads * nthreads)
        fail("critical", "%.0f updates, not %.0f", (double)counted,
             (double)(n / nthreads * nthreads));
}

#ifdef _OPENMP
static omp_lock_t lock;
#endif

static void test_lock(long n)
{
    counted = 0;
#pragma omp parallel
    for (long j = 0; j < n / nthreads; j++) {
#ifdef _OPENMP
        omp_set_lock(&lock);
#endif
        delay(delaylength);
        counted++;
#ifdef _OPENMP
        omp_unset_lock(&lock);
#endif
    }
    if (counted != n / nthreads * nthreads)
        fail("lock", "%.0f updates, not %.0f", (double)counted,
             (double)(n / nthreads * nthreads));
}

static void test_atomic(long n)
{
    aaaa = 0;
#pragma omp parallel
    for (long j = 0; j < n / nthreads; j++) {
#pragma omp atomic
        aaaa += 1;
    }
    if (aaaa != (double)(n / nthreads * nthreads))
        fail("atomic", "%.0f, not %.0f", aaaa, (double)(n / nthreads * nthreads));
}

static void test_reduction(long n)
{
    aaaa = 0;
    for (long j = 0; j < n; j++) {
#pragma omp parallel reduction(+ : aaaa)
        {
            delay(delaylength);
            aaaa += 1;
        }
    }
    if (aaaa != (double)n * nthreads)
        fail("reduction", "%.0f, not %.0f", aaaa, (double)n * nthreads);
}

/* 4 x 4: per outer region, each of the 16 threads one delay */
static void test_nested(long n)
{
    int bad = 0;

    for (long j = 0; j < n; j++) {
#pragma omp parallel num_threads(4)
        {
#pragma omp parallel num_threads(4)
            {
#ifdef _OPENMP
                if (j == 0 && (omp_get_num_threads() != 4 || omp_get_active_level() != 2 ||
                               omp_get_team_size(1) != 4)) {
#pragma omp atomic write
                    bad = 1;
                }
#endif
                delay(delaylength);
            }
        }
    }
    if (bad)
        fail("nested", "the inner regions did not have 4 threads at active level 2 in "
                       "teams of 4");
}

/* one loop of DYN_ITERS tiny iterations, schedule(dynamic) chunk 1 */
static void test_dynamic(long n)
{
    for (long j = 0; j < n; j++) {
        unsigned long sum = 0;
#pragma omp parallel
        {
            unsigned long s = 0;
#pragma omp for schedule(dynamic)
            for (long i = 0; i < DYN_ITERS; i++)
                s += (unsigned long)i ^ ((unsigned long)i >> 3);
#pragma omp atomic
            sum += s;
        }
        unsigned long want = 0;
        for (long i = 0; i < DYN_ITERS; i++)
            want += (unsigned long)i ^ ((unsigned long)i >> 3);
        if (sum != want)
            fail("dynamic", "sum %.0f, not %.0f", (double)sum, (double)want);
    }
}

/* fib with a task per call: task creation, taskwait, and what a runtime
   does once far more tasks wait than threads can run */
#define TASK_FIB 22
static long fib_tasks(int k)
{
    long a, b;

    if (k < 2)
        return k;
#pragma omp task shared(a)
    a = fib_tasks(k - 1);
#pragma omp task shared(b)
    b = fib_tasks(k - 2);
#pragma omp taskwait
    return a + b;
}

static void test_tasks(long n)
{
    for (long j = 0; j < n; j++) {
        long r = 0;
#pragma omp parallel
#pragma omp single
        r = fib_tasks(TASK_FIB);
        if (r != 17711)
            fail("tasks", "fib(%d) = %ld, not 17711", TASK_FIB, r);
    }
}

/* ---- programs' shapes that lose when waiting threads poll ---------------- */

/* An unbalanced tree (UTS's binomial shape, our own code): the root has
   UTS_ROOT children, every other node UTS_M children with probability
   UTS_Q / UTS_M (else none), decided by a hash of its number; a task
   per node, a taskwait per parent. About 1 / (1 - UTS_Q) nodes under
   each root child, most of them in a few deep subtrees. */
#define UTS_ROOT 200
#define UTS_M 8
#define UTS_Q 0.99
static unsigned long uts_nodes_want;

static unsigned long mix64(unsigned long x)
{
    x += 0x9e3779b97f4a7c15UL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9UL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebUL;
    return x ^ (x >> 31);
}

/* a node's own work (UTS hashes a SHA-1 per node): about 0.5 us */
static unsigned long uts_work(unsigned long id)
{
    for (int i = 0; i < 40; i++)
        id = mix64(id);
    return id;
}

static int uts_children(unsigned long id)
{
    return (double)(uts_work(id) >> 11) * 0x1p-53 < UTS_Q / UTS_M ? UTS_M : 0;
}

static unsigned long uts_seq(unsigned long id, int kids)
{
    unsigned long n = 1;

    for (int i = 0; i < kids; i++) {
        unsigned long c = id * UTS_M + (unsigned long)i + 1;
        n += uts_seq(c, uts_children(c));
    }
    return n;
}

static unsigned long uts_tasks(unsigned long id, int kids)
{
    unsigned long n = 1, sub[UTS_ROOT];

    for (int i = 0; i < kids; i++) {
#pragma omp task shared(sub) firstprivate(i)
        {
            unsigned long c = id * UTS_M + (unsigned long)i + 1;
            sub[i] = uts_tasks(c, uts_children(c));
        }
    }
#pragma omp taskwait
    for (int i = 0; i < kids; i++)
        n += sub[i];
    return n;
}

static void test_uts(long n)
{
    if (!uts_nodes_want)
        uts_nodes_want = uts_seq(1, UTS_ROOT);
    for (long j = 0; j < n; j++) {
        unsigned long r = 0;
#pragma omp parallel
#pragma omp single
        r = uts_tasks(1, UTS_ROOT);
        if (getenv("UTS_COUNT"))
            printf("# uts: %lu nodes\n", r);
        if (r != uts_nodes_want)
            fail("uts", "%lu nodes, not %lu", r, uts_nodes_want);
    }
}

/* Divide and conquer with a cut-off: a merge sort of SORT_N keys, a task
   for each half down to SORT_CUT keys, sorted alone below. */
#define SORT_N (1 << 17)
#define SORT_CUT 1024
static unsigned *sort_a, *sort_tmp;

static void merge(unsigned *a, unsigned *t, long n)
{
    long h = n / 2, i = 0, j = h, k = 0;

    while (i < h && j < n)
        t[k++] = a[i] <= a[j] ? a[i++] : a[j++];
    while (i < h)
        t[k++] = a[i++];
    while (j < n)
        t[k++] = a[j++];
    memcpy(a, t, (size_t)n * sizeof *a);
}

static void sort_seq(unsigned *a, unsigned *t, long n)
{
    if (n < 2)
        return;
    sort_seq(a, t, n / 2);
    sort_seq(a + n / 2, t + n / 2, n - n / 2);
    merge(a, t, n);
}

static void sort_tasks(unsigned *a, unsigned *t, long n)
{
    if (n <= SORT_CUT) {
        sort_seq(a, t, n);
        return;
    }
#pragma omp task
    sort_tasks(a, t, n / 2);
#pragma omp task
    sort_tasks(a + n / 2, t + n / 2, n - n / 2);
#pragma omp taskwait
    merge(a, t, n);
}

static void test_sort(long n)
{
    if (!sort_a) {
        sort_a = malloc(SORT_N * sizeof *sort_a);
        sort_tmp = malloc(SORT_N * sizeof *sort_tmp);
        if (!sort_a || !sort_tmp) {
            fprintf(stderr, "omp_sync: out of memory\n");
            exit(1);
        }
    }
    for (long j = 0; j < n; j++) {
        for (long i = 0; i < SORT_N; i++)
            sort_a[i] = (unsigned)mix64((unsigned long)i);
#pragma omp parallel
#pragma omp single
        sort_tasks(sort_a, sort_tmp, SORT_N);
        for (long i = 1; i < SORT_N; i++)
            if (sort_a[i - 1] > sort_a[i]) {
                fail("sort", "keys %ld and %ld out of order", i - 1, i);
                break;
            }
    }
}

/* Dependent tasks: a blocked LU factorisation without pivoting (the
   shape of BOTS' sparselu with depend clauses), LU_NB x LU_NB blocks of
   LU_BS x LU_BS, every task made by one thread, ordered by its blocks'
   in and inout dependences alone. */
#define LU_NB 12
#define LU_BS 24
typedef double lu_block[LU_BS][LU_BS];
static lu_block *lu_m;
static double lu_want;

#define LU_AT(i, j) lu_m[(i) * LU_NB + (j)]

static void lu_fill(void)
{
    for (int i = 0; i < LU_NB * LU_BS; i++)
        for (int j = 0; j < LU_NB * LU_BS; j++)
            LU_AT(i / LU_BS, j / LU_BS)[i % LU_BS][j % LU_BS] =
                (i == j ? LU_NB * LU_BS : 0) + (double)(mix64((unsigned long)(i * 7919 + j)) % 1000) / 1000;
}

static void lu0(lu_block d)
{
    for (int k = 0; k < LU_BS; k++)
        for (int i = k + 1; i < LU_BS; i++) {
            d[i][k] /= d[k][k];
            for (int j = k + 1; j < LU_BS; j++)
                d[i][j] -= d[i][k] * d[k][j];
        }
}

static void fwd(lu_block d, lu_block c)
{
    for (int k = 0; k < LU_BS; k++)
        for (int i = k + 1; i < LU_BS; i++)
            for (int j = 0; j < LU_BS; j++)
                c[i][j] -= d[i][k] * c[k][j];
}

static void bdiv(lu_block d, lu_block r)
{
    for (int i = 0; i < LU_BS; i++)
        for (int k = 0; k < LU_BS; k++) {
            r[i][k] /= d[k][k];
            for (int j = k + 1; j < LU_BS; j++)
                r[i][j] -= r[i][k] * d[k][j];
        }
}

static void bmod(lu_block r, lu_block c, lu_block m)
{
    for (int i = 0; i < LU_BS; i++)
        for (int k = 0; k < LU_BS; k++)
            for (int j = 0; j < LU_BS; j++)
                m[i][j] -= r[i][k] * c[k][j];
}

static void lu_run(int tasks)
{
    for (int k = 0; k < LU_NB; k++) {
#pragma omp task depend(inout: LU_AT(k, k)[0][0]) firstprivate(k) if (tasks)
        lu0(LU_AT(k, k));
        for (int j = k + 1; j < LU_NB; j++) {
#pragma omp task depend(in: LU_AT(k, k)[0][0]) depend(inout: LU_AT(k, j)[0][0]) \
    firstprivate(k, j) if (tasks)
            fwd(LU_AT(k, k), LU_AT(k, j));
        }
        for (int i = k + 1; i < LU_NB; i++) {
#pragma omp task depend(in: LU_AT(k, k)[0][0]) depend(inout: LU_AT(i, k)[0][0]) \
    firstprivate(k, i) if (tasks)
            bdiv(LU_AT(k, k), LU_AT(i, k));
        }
        for (int i = k + 1; i < LU_NB; i++)
            for (int j = k + 1; j < LU_NB; j++) {
#pragma omp task depend(in: LU_AT(i, k)[0][0], LU_AT(k, j)[0][0]) \
    depend(inout: LU_AT(i, j)[0][0]) firstprivate(k, i, j) if (tasks)
                bmod(LU_AT(i, k), LU_AT(k, j), LU_AT(i, j));
            }
    }
    /* no taskwait: the single's barrier waits for the tasks */
}

static double lu_sum(void)
{
    double s = 0;

    for (int b = 0; b < LU_NB * LU_NB; b++)
        for (int i = 0; i < LU_BS; i++)
            for (int j = 0; j < LU_BS; j++)
                s += lu_m[b][i][j] * (1 + (i ^ j ^ b) % 7);
    return s;
}

static void test_deps(long n)
{
    if (!lu_m) {
        lu_m = malloc(sizeof(lu_block) * LU_NB * LU_NB);
        if (!lu_m) {
            fprintf(stderr, "omp_sync: out of memory\n");
            exit(1);
        }
        lu_fill();
        lu_run(0);      /* if(0): each task at once, in order */
        lu_want = lu_sum();
    }
    for (long j = 0; j < n; j++) {
        double s;
        lu_fill();
#pragma omp parallel
#pragma omp single
        lu_run(1);
        s = lu_sum();
        if (s != lu_want)
            fail("deps", "checksum %.17g, not %.17g", s, lu_want);
    }
}

/* A pipeline of threads hand-shaking through flags with flush, as NPB's
   LU solver does (its sync_left and sync_right): thread t works on a
   plane once t - 1 is done with it, and hands over a slot of one. With
   more threads than CPUs, every hand-shake waits for a thread that is
   not running: the runtime's (or the kernel's) preemption sets the pace.
   pipeline_busy is the same, measured by bench/omp.sh beside a
   competing CPU-bound process. */
#define PIPE_PLANES 100
static volatile int pipe_sync[1024];
static long pipe_sum;

static void test_pipeline(long n)
{
    for (long j = 0; j < n; j++) {
        long sum = 0;
        for (int i = 0; i < 1024; i++)
            pipe_sync[i] = 0;
#pragma omp parallel reduction(+ : sum)
        {
            int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
            for (int p = 0; p < PIPE_PLANES; p++) {
                if (me > 0) {           /* sync_left */
                    while (pipe_sync[me - 1] == 0) {
#pragma omp flush
                    }
                    pipe_sync[me - 1] = 0;
#pragma omp flush
                }
                delay(delaylength);
                sum += p;
                if (me < last) {        /* sync_right */
                    while (pipe_sync[me] == 1) {
#pragma omp flush
                    }
                    pipe_sync[me] = 1;
#pragma omp flush
                }
            }
        }
        pipe_sum = sum;
        if (sum != (long)nthreads * PIPE_PLANES * (PIPE_PLANES - 1) / 2)
            fail("pipeline", "sum %ld, not %ld", sum, (long)nthreads * PIPE_PLANES * (PIPE_PLANES - 1) / 2);
    }
}

/* ---- the driver ----------------------------------------------------------- */

struct construct {
    const char *name;
    void (*test)(long);
    void (*ref)(long);      /* NULL: nothing subtracted */
    int split;              /* innerreps a multiple of the threads */
    int fixed;              /* innerreps fixed at 1 */
};

static const struct construct constructs[] = {
    { "parallel", test_parallel, refer, 0, 0 },
    { "for", test_for, refer, 0, 0 },
    { "parallel_for", test_parallel_for, refer, 0, 0 },
    { "barrier", test_barrier, refer, 0, 0 },
    { "single", test_single, refer, 0, 0 },
    { "critical", test_critical, refer, 1, 0 },
    { "lock", test_lock, refer, 1, 0 },
    { "atomic", test_atomic, refer_atom, 1, 0 },
    { "reduction", test_reduction, refer_red, 0, 0 },
    { "nested", test_nested, refer, 0, 0 },
    { "dynamic", test_dynamic, NULL, 0, 1 },
    { "tasks", test_tasks, NULL, 0, 1 },
    { "uts", test_uts, NULL, 0, 1 },
    { "sort", test_sort, NULL, 0, 1 },
    { "deps", test_deps, NULL, 0, 1 },
    { "pipeline", test_pipeline, NULL, 0, 1 },
    { "pipeline_busy", test_pipeline, NULL, 0, 1 },
};
#define NCONSTRUCTS (int)(sizeof constructs / sizeof constructs[0])
#define NSYNC 9     /* "all": the first nine */

static double timed(void (*f)(long), long n)
{
    double t = now_ns();

    f(n);
    return now_ns() - t;
}

/* the fastest of 3 tests of n: one preempted probe must not end the
   calibration at an innerreps that a region's start then dominates */
static double probe(void (*f)(long), long n)
{
    double t = timed(f, n);

    for (int k = 0; k < 2 && t >= target_us * 1e3; k++) {
        double u = timed(f, n);
        t = u < t ? u : t;
    }
    return t;
}

/* EPCC's getinnerreps: double until a test takes target_us; and, unlike
   EPCC, until doubling n nearly doubles the time (1.8x), so that the
   test's fixed part (the start of its parallel region, which takes a
   time slice when the CPUs are busy) weighs at most about 1/8 of it;
   doubling stops anyway once a test takes 20 times target_us after one
   that took target_us */
static long innerreps_for(void (*f)(long), int split)
{
    long n = split ? nthreads : 1;
    double t, prev = 0, goal = target_us * 1e3;

    f(n);   /* warm-up: threads made, pages touched */
    while (((t = probe(f, n)) < goal || prev == 0 || t < 1.8 * prev) &&
           !(t >= 20 * goal && prev >= goal) &&
           n < 1L << 40) {
        prev = t;
        n *= 2;
    }
    return n;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* p in [0, 1] of n sorted values, linear interpolation */
static double pct(const double *s, int n, double p)
{
    double k = p * (n - 1);
    int i = (int)k;

    return i >= n - 1 ? s[n - 1] : s[i] + (k - i) * (s[i + 1] - s[i]);
}

/* the reference's time per inner repetition: the median of outerreps */
static double reference(void (*ref)(long))
{
    static double v[OUTER_MAX];
    static struct {
        void (*ref)(long);
        double t;
    } done[4];
    long n;

    for (int i = 0; i < 4 && done[i].ref; i++)
        if (done[i].ref == ref)
            return done[i].t;   /* measured once per process */
    n = innerreps_for(ref, 0);

    for (int k = 0; k < outerreps; k++)
        v[k] = timed(ref, n) / (double)n;
    qsort(v, (size_t)outerreps, sizeof v[0], cmp_double);
    for (int i = 0; i < 4; i++)
        if (!done[i].ref) {
            done[i].ref = ref;
            done[i].t = pct(v, outerreps, 0.5);
            break;
        }
    return pct(v, outerreps, 0.5);
}

static void run(const struct construct *c, const char *lib)
{
    static double v[OUTER_MAX];
    double ref = c->ref ? reference(c->ref) : 0;
    long n;
    int threads = nthreads;

#ifdef _OPENMP
    /* nesting on for the nested test alone */
    omp_set_max_active_levels(c->test == test_nested ? 2 : 1);
#endif
    if (c->test == test_nested)
        threads = 16;
    if (c->fixed) {
        n = 1;
        c->test(1);     /* warm-up */
    } else {
        n = innerreps_for(c->test, c->split);
    }
    for (int k = 0; k < outerreps; k++)
        v[k] = timed(c->test, n) / (double)n - ref;
    qsort(v, (size_t)outerreps, sizeof v[0], cmp_double);
    printf("omp_sync construct=%s threads=%d median_ns=%.2f p10_ns=%.2f p90_ns=%.2f "
           "min_ns=%.2f max_ns=%.2f ref_ns=%.2f innerreps=%ld outerreps=%d lib=%s\n",
           c->name, threads, pct(v, outerreps, 0.5), pct(v, outerreps, 0.1),
           pct(v, outerreps, 0.9), v[0], v[outerreps - 1], ref, n, outerreps, lib);
    fflush(stdout);
}

static double number(const char *opt, const char *s, double lo, double hi)
{
    char *end;
    double x = strtod(s, &end);

    if (end == s || *end || !(x >= lo && x <= hi)) {
        fprintf(stderr, "omp_sync: %s %s: a number from %g to %g\n", opt, s, lo, hi);
        exit(2);
    }
    return x;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: omp_sync [-t THREADS] [-o OUTERREPS] [-T TARGET_US] [-d DELAY_NS] "
               "CONSTRUCT...\nCONSTRUCT: all");
    for (int i = 0; i < NCONSTRUCTS; i++)
        fprintf(f, " %s", constructs[i].name);
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    const struct construct *todo[64];
    int ntodo = 0;
    const char *lib = "unknown";
    Dl_info info;
    void *sym;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-t") && i + 1 < argc) {
            nthreads = (int)number(a, argv[++i], 1, 1024);
        } else if (!strcmp(a, "-o") && i + 1 < argc) {
            outerreps = (int)number(a, argv[++i], 1, OUTER_MAX);
        } else if (!strcmp(a, "-T") && i + 1 < argc) {
            target_us = number(a, argv[++i], 1, 1e7);
        } else if (!strcmp(a, "-d") && i + 1 < argc) {
            delay_ns = number(a, argv[++i], 0, 1e7);
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-') {
            usage(stderr);
            return 2;
        } else {
            int found = 0;
            for (int k = 0; k < NCONSTRUCTS; k++)
                if (!strcmp(a, "all") ? k < NSYNC : !strcmp(a, constructs[k].name)) {
                    if (ntodo < 64)
                        todo[ntodo++] = &constructs[k];
                    found = 1;
                }
            if (!found) {
                fprintf(stderr, "omp_sync: %s: no such construct\n", a);
                usage(stderr);
                return 2;
            }
        }
    }
    if (!ntodo) {
        usage(stderr);
        return 2;
    }
#ifndef _OPENMP
    printf("omp_sync: built without OpenMP: nothing to measure\n");
    return 1;
#else
    omp_set_num_threads(nthreads);
    omp_init_lock(&lock);
    /* where the program's calls go: the first GOMP_parallel in the lookup
       order, an LD_PRELOADed library's before libgomp's */
    if ((sym = dlsym(RTLD_DEFAULT, "GOMP_parallel")) && dladdr(sym, &info) && info.dli_fname) {
        lib = strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1 : info.dli_fname;
    }
    calibrate_delay();
    printf("# omp_sync: threads %d, outer repetitions %d, target test time %g us, delay %g ns "
           "(%ld additions), GOMP_parallel from %s\n",
           nthreads, outerreps, target_us, delay_ns, delaylength, lib);
    for (int i = 0; i < ntodo; i++)
        run(todo[i], lib);
    omp_destroy_lock(&lock);
    return failed;
#endif
}
