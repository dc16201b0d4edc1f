/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_sleep.c - many ULTs asleep at once, beside goroutines and
 * threads: N ULTs each call nanosleep for D ms, which a ULT waits out on
 * MLTP's timers (sys/sleep.c, sched/timer.c) while its VP runs the
 * others; one ULT creates them all, then joins and frees each. The wall
 * time of a run, from the first create to the last join. Go's figures
 * come from bench/go/sleep.go (N goroutines each time.Sleep(D), waited
 * for with a sync.WaitGroup), built as bench/go-sleep when configure
 * finds go; without it those rows say n/a. The threads': N pthreads each
 * nanosleep D (the C library's: a thread is no ULT), created and joined
 * by the main thread. Every run is a new process, and the three's runs of
 * one CPU count take turns. Each sleeper checks that its sleep lasted D
 * at least; the note under the table gives the last run's creation time,
 * when its last sleep began and how late the sleeps ended. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "bench/bench.h"

enum { SLEEP_MLTP, SLEEP_GO, SLEEP_PTHREADS };

#define SLEEP_N 1000
#define SLEEP_MS 100

struct sleeper {
    double start;       /* when its sleep began (bench_now) */
    double late;        /* ns past its start + D; negative: woke early */
    int err;            /* nanosleep's errno, 0 if it returned 0 */
} __attribute__((aligned(64)));

struct sleep_run {
    long n, made;
    int err, join_err;
    double d;           /* D, ns */
    struct sleeper *s;
    mltp_t **h;
    pthread_t *th;
    double t0, tc, t1;  /* first create, after the last create, last join */
};

static struct sleep_run *sleep_run;

/* A ULT's or a thread's whole life. */
static void *sleep_one(void *p)
{
    struct sleeper *s = p;
    struct timespec t = { SLEEP_MS / 1000, (long)(SLEEP_MS % 1000) * 1000000 };
    double a = bench_now();

    s->start = a;
    s->err = nanosleep(&t, NULL) == 0 ? 0 : errno;
    s->late = bench_now() - a - sleep_run->d;
    return NULL;
}

/* The creator ULT: made before the start, so that it is the first ULT on
   VP 0. */
static void *sleep_driver(void *p)
{
    struct sleep_run *z = p;

    bench_fp_clean();
    z->t0 = bench_now();
    for (z->made = 0; z->made < z->n; z->made++)
        if (!(z->h[z->made] = mltp_create(sleep_one, &z->s[z->made]))) {
            z->err = errno;
            break;
        }
    z->tc = bench_now();
    for (long i = 0; i < z->made; i++) {
        int e = mltp_join(z->h[i], NULL);
        if (e)
            z->join_err = e;
        mltp_free(z->h[i]);
    }
    z->t1 = bench_now();
    return NULL;
}

static void sleep_mltp(const struct bench_row *row, struct sleep_run *z, struct bench_run *r)
{
    mltp_t *d;

    z->h = malloc(sizeof *z->h * (size_t)z->n);
    bench_prime_vps(row->nvp);
    if (!z->h || !(d = mltp_create(sleep_driver, z))) {
        bench_fail(r, "no memory for %ld handles, or mltp_create failed", z->n);
        return;
    }
    errno = 0;
    mltp_start(row->nvp);
    if (z->err)
        bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", z->made + 1, z->n,
                   strerror(z->err));
    else if (errno)
        bench_fail(r, "mltp_start(%d): %s", row->nvp, strerror(errno));
    else if (z->join_err)
        bench_fail(r, "mltp_join: %s", strerror(z->join_err));
    free(d);
}

static void sleep_pthreads(struct sleep_run *z, struct bench_run *r)
{
    int e = 0;

    z->th = malloc(sizeof *z->th * (size_t)z->n);
    if (!z->th) {
        bench_fail(r, "no memory for %ld threads' handles", z->n);
        return;
    }
    z->t0 = bench_now();
    for (z->made = 0; z->made < z->n; z->made++)
        if ((e = pthread_create(&z->th[z->made], NULL, sleep_one, &z->s[z->made])) != 0)
            break;
    z->tc = bench_now();
    for (long i = 0; i < z->made; i++)
        if (pthread_join(z->th[i], NULL) != 0)
            z->join_err = 1;
    z->t1 = bench_now();
    if (e)
        bench_fail(r, "pthread_create failed at thread %ld of %ld: %s", z->made + 1, z->n,
                   strerror(e));
    else if (z->join_err)
        bench_fail(r, "pthread_join failed");
}

/* One run of bench/go-sleep with GOMAXPROCS = row->nvp: its figures
   into z, as the other two leave theirs. */
static void sleep_go(const struct bench_row *row, struct sleep_run *z, struct bench_run *r)
{
    char n[24], ms[24], line[200];
    double ns, create, last, lo, hi;

    snprintf(n, sizeof n, "%ld", z->n);
    snprintf(ms, sizeof ms, "%d", SLEEP_MS);
    if (bench_go_run(row, "go-sleep", n, ms, line, sizeof line, r) != 0)
        return;
    if (sscanf(line, "ns %lf create %lf last_start %lf late_min %lf late_max %lf", &ns, &create,
               &last, &lo, &hi) != 5) {
        bench_fail(r, "go-sleep %s %s (GOMAXPROCS=%d) printed %.80s", n, ms, row->nvp, line);
        return;
    }
    z->t0 = 0;
    z->tc = create;
    z->t1 = ns;
    z->made = z->n;
    z->s[0].late = lo;
    z->s[1].late = hi;
    z->s[0].start = z->s[1].start = last;
}

/* arg[0] SLEEP_MLTP, SLEEP_GO or SLEEP_PTHREADS; row->nvp VPs, GOMAXPROCS
   or CPUs. r->ns: the whole run (one operation). */
static void k_sleep(const struct bench_row *row, long iters, struct bench_run *r)
{
    struct sleep_run *z = bench_zalloc(sizeof *z);
    double lo = INFINITY, hi = -INFINITY, last = -INFINITY;
    long early = 0, failed = 0;
    int first_err = 0;

    (void)iters;
    z->n = SLEEP_N;
    z->d = SLEEP_MS * 1e6;
    z->s = bench_zalloc(sizeof *z->s * (size_t)z->n);
    sleep_run = z;
    if (row->arg[0] == SLEEP_GO)
        sleep_go(row, z, r);
    else if (row->arg[0] == SLEEP_PTHREADS)
        sleep_pthreads(z, r);
    else
        sleep_mltp(row, z, r);
    for (long i = 0; i < (row->arg[0] == SLEEP_GO ? 2 : z->made); i++) {
        lo = fmin(lo, z->s[i].late);
        hi = fmax(hi, z->s[i].late);
        last = fmax(last, z->s[i].start);
        early += z->s[i].late < 0;
        if (z->s[i].err && !failed++)
            first_err = z->s[i].err;
    }
    if (!r->err[0] && failed)
        bench_fail(r, "%ld of %ld sleeps failed: %s", failed, z->n, strerror(first_err));
    else if (!r->err[0] && early)
        bench_fail(r, "%ld of %ld sleeps ended early (by up to %.0f ns)", early, z->n, -lo);
    r->ns = z->t1 - z->t0;
    r->ops = r->total_ops = 1;
    snprintf(r->info, sizeof r->info,
             "%ld sleeps of %d ms: created in %.2f ms, the last began at %.2f ms, each ended "
             "%.2f..%.2f ms past its due time", z->n, SLEEP_MS, (z->tc - z->t0) / 1e6,
             (last - z->t0) / 1e6, lo / 1e6, hi / 1e6);
    free(z->s);
    free(z->h);
    free(z->th);
    free(z);
}

/* On 1 VP (pinned to one CPU, with GOMAXPROCS=1, the threads on that
   CPU) and on 2: MLTP, Go and pthreads taking turns. A few repetitions
   (each one ~D). */
void ops_sleep_register(void)
{
    const char *go = bench_go_program("go-sleep");
    const char *direct = getenv("MLTP_SYSCALLS");
    static const char *const variants[][2] = {
        { "MLTP 1 VP", "MLTP 2 VPs" },
        { "Go GOMAXPROCS=1", "Go GOMAXPROCS=2" },
        { "pthreads / 1 CPU", "pthreads / 2 CPUs" },
    };

    direct = direct && !strcmp(direct, "direct") ? direct : NULL;
    for (int v = 1; v <= 2; v++) {
        int group = bench_turns();
        for (int b = SLEEP_MLTP; b <= SLEEP_PTHREADS; b++)
            bench_add(&(struct bench_row){
                .op = "1000 ULTs sleeping 100 ms", .variant = variants[b][v - 1],
                .fn = k_sleep, .arg = { b }, .nvp = v, .cpus = v == 1, .fixed_iters = 1,
                .warmup = -1, .fresh = 1, .turns = group, .nocount = 1,
                .reps = bench_full ? 11 : 5,
                .na = b == SLEEP_GO && !go
                          ? "bench/go-sleep not found (built when configure finds go)"
                      : b == SLEEP_MLTP && direct
                          ? "MLTP_SYSCALLS=direct: each sleep would hold its VP"
                          : NULL });
    }
}
