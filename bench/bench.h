/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/bench.h - the MLTP benchmark driver: rows, runs, timing, counters.
 *
 * A row is one measured operation in one variant (MLTP or a baseline). Its
 * kernel runs the operation `iters` times and reports the elapsed time of
 * the timed loop; the driver (bench/main.c) calibrates iters, repeats the
 * run and keeps the median and the spread. Kernels live in bench/ops_*.c
 * and register their rows at start-up; threads and ULTs run through the
 * apps' back ends (apps/par/par.h), so one kernel serves MLTP and pthreads. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stddef.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif
#include "mltp.h"
#include "apps/par/par.h"

/* One run of a kernel. */
struct bench_run {
    double ns;          /* elapsed time of the timed part */
    double ops;         /* operations the per-op figures divide by */
    double total_ops;   /* of the whole run, warm-up included (the counters') */
    double value;       /* rows measured in other units (bytes) */
    char err[200];      /* non-empty: the run failed; the reason */
    char info[300];     /* printed under the table (last repetition's) */
};

/* A worker's timed loop; a line of its own, written while others run. */
struct bench_times {
    double t0, t1;
} __attribute__((aligned(64)));

struct bench_row;
typedef void bench_fn(const struct bench_row *row, long iters, struct bench_run *r);

#define BENCH_PLOTS 2

struct bench_row {
    const char *op;         /* "yield ping-pong" */
    const char *variant;    /* "MLTP 2 ULTs / 1 VP" */
    bench_fn *fn;
    long arg[5];            /* kernel parameters */
    int workers;            /* ULTs or threads, if the kernel takes a count */
    int cpus;               /* 1: pin to one CPU; 0: all CPUs */
    int nvp;                /* VPs (or threads' CPUs) of the row, 0 if none */
    long fixed_iters;       /* > 0: no calibration, exactly this many */
    int reps;               /* > 0: this many repetitions (else the mode's) */
    int warmup;             /* 0: one discarded run first; -1: none */
    const char *unit;       /* "ns" (default) or "B" */
    const char *na;         /* not applicable: why (row only printed) */
    const char *note;       /* printed under the table */
    struct {
        const char *plot;   /* plot group, NULL if none */
        const char *series; /* its line */
        double x;           /* its scaling value */
    } plot[BENCH_PLOTS];
    int fresh;              /* each run in a new process (cold caches) */
    int column;             /* --scale: 0, a line of its own; BENCH_VS_*, a
                               figure in that column of its operation's
                               MLTP line with the same nvp */
    int turns;              /* > 0: the rows with this number run their
                               repetitions in turns (one group) */
    int twin;               /* not run: its repetitions are the `value`s of
                               the row before's runs */
    int nocount;            /* no counted runs (runs of seconds) */
    const char *env;        /* NAME=VALUE for a fresh row's process */
};

/* --scale's comparison columns: the same kernel on another package, with
   as many threads as the MLTP row has ULTs, on min(nvp, C) CPUs. */
enum { BENCH_VS_PTHREADS = 1, BENCH_VS_OPENMP, BENCH_VS_N };

/* Add a row (copied), in table order; --scale: the row at each VP count
   of --vps, `workers` per VP (a column row: its variant names the
   package). bench_name: a name for the next row's. */
void bench_add(const struct bench_row *row);
void bench_add_scale(const struct bench_row *row);
const char *bench_name(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A new number for a group of rows that take turns (`turns`). */
int bench_turns(void);

/* The mode: quick (both 0), full, or the scheduler's scaling. */
extern int bench_full, bench_scale;

void ops_switch_register(void);
void ops_yield_register(void);
void ops_create_register(void);
void ops_sync_register(void);
void ops_kernel_register(void);
void ops_memory_register(void);
void ops_life_register(void);
void ops_sleep_register(void);
void ops_fd_register(void);

/* ---- helpers for kernels --------------------------------------------- */

double bench_now(void);     /* CLOCK_MONOTONIC, ns */
double bench_resident_bytes(void); /* /proc/self/statm's; 0 if unreadable */

/* The same MXCSR status flags in every context before timing (all clear):
   loading an MXCSR whose sticky flags differ makes a switch ~15x slower.
   aarch64: FPSR's sticky flags, for the same sameness. */
static inline void bench_fp_clean(void)
{
#if defined(__x86_64__)
    _mm_setcsr(_mm_getcsr() & ~0x3fu);
#elif defined(__aarch64__)
    unsigned long fpsr;
    __asm__ volatile("mrs %0, fpsr" : "=r"(fpsr));
    __asm__ volatile("msr fpsr, %0" : : "r"(fpsr & ~0x9fUL));
#endif
}

static inline void bench_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#else
    __asm__ volatile("yield" ::: "memory");
#endif
}

/* Warm-up iterations for a timed loop of n. */
static inline long bench_warm(long n)
{
    return n < 160 ? 16 : n / 10;
}

/* `warm` untimed runs of `op`, then `n` timed ones, stamped in `times`. */
#define BENCH_TIMED(times, warm, n, op)                     \
    do {                                                    \
        for (long bench_i = 0; bench_i < (warm); bench_i++) \
            op;                                             \
        (times).t0 = bench_now();                           \
        for (long bench_i = 0; bench_i < (n); bench_i++)    \
            op;                                             \
        (times).t1 = bench_now();                           \
    } while (0)

/* r->ns: the earliest t0 to the latest t1 of n workers. */
void bench_span(struct bench_run *r, const struct bench_times *t, int n);

/* work(id, arg) on `workers` workers of back end b (MLTP: on nvp VPs).
   0, or -1 with r->err set. */
int bench_par(struct bench_run *r, enum par_backend b, int workers, int nvp,
              void (*work)(int id, void *arg), void *arg);

void bench_fail(struct bench_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Start nvp VPs once in this process, with a ULT whose stack is not of
   the default size (never cached): a cold row then pays for its stacks,
   not for the first start (janitor, semaphores, the VPs' TCBs). */
void bench_prime_vps(int nvp);

/* The Go programs (bench/go/NAME.go, built as bench/go-NAME by the bench
   targets when configure finds go; bench/ops_life.c). bench_go_program:
   the path of "go-NAME", or NULL if it is absent. bench_go_run: one run
   of it with GOMAXPROCS row->nvp and the arguments a1 and a2 (a2 may be
   NULL), the start of its standard output in line; 0, or -1 with r->err
   set (absent, or it failed). */
const char *bench_go_program(const char *name);
int bench_go_run(const struct bench_row *row, const char *name, const char *a1, const char *a2,
                 char *line, size_t size, struct bench_run *r);

/* 64-byte aligned allocation, zeroed; exits on failure. */
void *bench_zalloc(size_t n);

/* The callgrind modes (bench/callgrind.sh) run an operation n times,
   untimed, then call bench_callgrind_mark(), where callgrind dumps its
   counts (--dump-after): a program that ran VPs may end before its final
   dump. */
void bench_callgrind_mark(void);
int ops_switch_callgrind(const char *what, long n);
int ops_yield_callgrind(long n);
int ops_create_callgrind(long n);

/* ---- counters (bench/counters.c) ------------------------------------- */

enum { BC_CYC, BC_INS, BC_TASK, BC_CSW, BC_N };

/* Counting covers this process and every thread and process it creates
   from the start to the stop (VPs included); stop gives the totals, NaN
   for a column without a source. */
void bench_counters_init(void);
void bench_counters_start(void);
void bench_counters_stop(double v[BC_N]);
const char *bench_counter_source(int c);

#endif
