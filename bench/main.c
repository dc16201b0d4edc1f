/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/main.c - the benchmark driver: calibrate, repeat, take medians, print
 * the table, write the CSV.
 *
 *   mltp_bench [--quick | --full] [--csv FILE] [--only TEXT]... [--reps N] [--ms N]
 *              [--list]
 *   mltp_bench --callgrind MODE N      (bench/callgrind.sh)
 *
 * Each row's kernel runs its operation `iters` times; iters is calibrated
 * so that one run lasts about --ms milliseconds. After one discarded run
 * the row is repeated (11 times quick, 31 full) and the table shows the
 * median, the 10th-90th percentile spread, the ratio of the median to the
 * _setjmp/_longjmp switch of the same run, and the counters
 * (bench/counters.c) divided by the operations of the run. */
#include "config.h"
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "bench/bench.h"
#include "bench/busy.h"

#define ROWS_MAX 256
#define REPS_MAX 101

int bench_full;

struct result {
    int done, failed;
    long iters;
    int reps;
    double med, p10, p90, min, max;
    double cnt[BC_N];               /* per op, medians; NaN if none */
    char err[200];
    char info[300];
};

static struct bench_row rows[ROWS_MAX];
static struct result res[ROWS_MAX];
static int nrows;

static cpu_set_t all_cpus;
static int have_all_cpus;

/* What some rows must beat (README, "Benchmarks"): a median at most `max`
   (in the row's unit), at most `ratio` _setjmp/_longjmp switches of the
   run, and at most the median of the row `than` (same operation). */
static const struct target {
    const char *op, *variant;
    double max, ratio;
    const char *than;
} targets[] = {
    { "context switch (1 way)", "MLTP ult_switch", 4.0, 0, "Boost.Context jump_fcontext" },
    { "yield ping-pong", "MLTP 2 ULTs / 1 VP", 20, 0, NULL },
    { "create+join", "1000 in a ULT / 1 VP", 60, 0, NULL },
    { "create+join", "1000 in a ULT / 2 VPs", 70, 0, NULL },
    { "lock hand-off, 2 ULTs", "MLTP SPIN / 2 VPs", 150, 0, NULL },
    { "barrier", "MLTP 2 parties / 1 VP", 35, 0, NULL },
    { "barrier", "MLTP 2 parties / 2 VPs", 300, 0, NULL },
    { "cond ping-pong (round trip)", "MLTP wait_lock+signal / 1 VP", 100, 6.0, NULL },
    { "cond ping-pong (round trip)", "MLTP wait_lock+signal / 2 VPs", 135, 0, NULL },
    { "memory per idle ULT", "MLTP ready not started", 256, 0, NULL },
    { "memory per idle ULT", "MLTP blocked after running", 256, 0, NULL },
};
#define NTARGETS ((int)(sizeof targets / sizeof targets[0]))

/* ---- helpers for the kernels ----------------------------------------- */

void bench_add(const struct bench_row *row)
{
    if (nrows == ROWS_MAX) {
        fprintf(stderr, "mltp_bench: too many rows\n");
        exit(1);
    }
    rows[nrows++] = *row;
}

double bench_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

void bench_span(struct bench_run *r, const struct bench_times *t, int n)
{
    double a = INFINITY, b = -INFINITY;

    for (int i = 0; i < n; i++) {
        a = fmin(a, t[i].t0);
        b = fmax(b, t[i].t1);
    }
    r->ns = b - a;
}

void bench_fail(struct bench_run *r, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(r->err, sizeof r->err, fmt, ap);
    va_end(ap);
}

void *bench_zalloc(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);

    if (!p) {
        fprintf(stderr, "mltp_bench: out of memory\n");
        exit(1);
    }
    return memset(p, 0, n);
}

void bench_pin(int cpus)
{
    cpu_set_t one;
    size_t cpu = 0;

    if (!have_all_cpus)
        return;
    if (cpus != 1) {
        sched_setaffinity(0, sizeof all_cpus, &all_cpus);
        return;
    }
    /* the last allowed CPU: CPU 0 takes more of the interrupts */
    for (size_t c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &all_cpus))
            cpu = c;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
}

int bench_par(struct bench_run *r, enum par_backend b, int workers, int nvp,
              void (*work)(int id, void *arg), void *arg)
{
    struct par_config c = { .backend = b, .workers = workers, .vps = nvp };

    if (par_run(&c, work, arg) != 0)
        bench_fail(r, "par_run (%s) failed", par_describe(&c));
    return r->err[0] ? -1 : 0;
}

__attribute__((noinline)) void bench_callgrind_mark(void)
{
    __asm__ volatile("" ::: "memory");
}

static int callgrind(const char *what, long n)
{
    int e = 0;

    if (!strcmp(what, "yield"))
        return ops_yield_callgrind(n);      /* marks in the ULTs */
    if (!strcmp(what, "loop")) {
        /* the loop overhead the other modes subtract */
        for (long i = 0; i < n; i++)
            __asm__ volatile("" ::: "memory");
    } else {
        e = ops_switch_callgrind(what, n);
    }
    if (!e)
        bench_callgrind_mark();
    return e;
}

/* ---- running a row ------------------------------------------------------ */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* p in [0, 1], linear interpolation between order statistics; NaNs skipped */
static double pct(const double *v, int n, double p)
{
    double s[REPS_MAX], k;
    int m = 0, i;

    for (i = 0; i < n; i++)
        if (!isnan(v[i]))
            s[m++] = v[i];
    if (!m)
        return NAN;
    qsort(s, (size_t)m, sizeof s[0], cmp_double);
    k = p * (m - 1);
    i = (int)k;
    return i >= m - 1 ? s[m - 1] : s[i] + (k - i) * (s[i + 1] - s[i]);
}

static double rep_ms = 20;
static int mode_reps = 11, counted_reps = 1;

static int is_ns(const struct bench_row *row)
{
    return !row->unit || !strcmp(row->unit, "ns");
}

/* A run in a new process (this program, --run-row): nothing cached. */
static void run_fresh(const struct bench_row *row, long iters, struct bench_run *r,
                      double counts[BC_N])
{
    char idx[16], n[24], out[1024], *info;
    double c[BC_N];
    int fd[2], st;
    ssize_t len = 0, k;
    pid_t pid;

    snprintf(idx, sizeof idx, "%d", (int)(row - rows));
    snprintf(n, sizeof n, "%ld", iters);
    fflush(stdout);
    if (pipe(fd) != 0) {
        bench_fail(r, "pipe: %s", strerror(errno));
        return;
    }
    if ((pid = fork()) == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive a timed-out driver */
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execl("/proc/self/exe", "mltp_bench", bench_full ? "--full" : "--quick",
              counts ? "--run-row-counted" : "--run-row", idx, n, (char *)NULL);
        printf("ERR exec /proc/self/exe: %s\n", strerror(errno));
        fflush(stdout);
        _exit(127);
    }
    close(fd[1]);
    while (pid > 0 && len < (ssize_t)sizeof out - 1 &&
           ((k = read(fd[0], out + len, sizeof out - 1 - (size_t)len)) > 0 ||
            (k < 0 && errno == EINTR)))
        len += k > 0 ? k : 0;
    out[len] = 0;
    close(fd[0]);
    if (pid < 0) {
        bench_fail(r, "fork: %s", strerror(errno));
        return;
    }
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!strncmp(out, "ERR ", 4)) {
        bench_fail(r, "%.*s", (int)strcspn(out + 4, "\n"), out + 4);
    } else if (sscanf(out, "OK %lf %lf %lf %lf %lf %lf %lf %lf", &r->ns, &r->ops, &r->total_ops,
                      &r->value, &c[0], &c[1], &c[2], &c[3]) != 8 ||
               !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        bench_fail(r, "the run in a new process failed (status %#x)", st);
    } else {
        if (counts)
            memcpy(counts, c, sizeof c);
        if ((info = strstr(out, "\nINFO ")) != NULL)
            snprintf(r->info, sizeof r->info, "%.*s", (int)strcspn(info + 6, "\n"), info + 6);
    }
}

/* counts: NULL for a timed run; else the counters of the run */
static void run_once(const struct bench_row *row, long iters, struct bench_run *r,
                     double counts[BC_N])
{
    memset(r, 0, sizeof *r);
    if (row->fresh) {
        run_fresh(row, iters, r, counts);
        return;
    }
    if (counts)
        bench_counters_start();
    row->fn(row, iters, r);
    if (counts)
        bench_counters_stop(counts);
}

/* The child side of run_fresh: one run of row i, the result on stdout; it
   counts its run itself (not its start-up). */
static int run_row_child(int i, long iters, int counted)
{
    struct bench_run r;
    double c[BC_N] = { NAN, NAN, NAN, NAN };

    if (i < 0 || i >= nrows) {
        printf("ERR no row %d\n", i);
        return 1;
    }
    rows[i].fresh = 0;
    if (counted)
        bench_counters_init();
    run_once(&rows[i], iters, &r, counted ? c : NULL);
    if (r.err[0]) {
        printf("ERR %s\n", r.err);
        return 0;
    }
    printf("OK %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", r.ns, r.ops, r.total_ops,
           r.value, c[0], c[1], c[2], c[3]);
    if (r.info[0])
        printf("INFO %s\n", r.info);
    return 0;
}

static long calibrate(const struct bench_row *row, struct bench_run *r)
{
    double target = rep_ms * 1e6;
    long n = 64;

    for (int k = 0; k < 12; k++) {
        run_once(row, n, r, NULL);
        if (r->err[0])
            return 0;
        if (r->ns >= target * 0.02 || n >= (1L << 40))
            return (long)fmin(fmax((double)n * target / fmax(r->ns, 1), 1), 4e9);
        n *= 10;
    }
    return n;
}

/* A row that hangs (a library bug) ends the program with a message
   instead of hanging make bench. */
static const struct bench_row *current_row;
static unsigned int row_timeout;

static void row_timed_out(int sig)
{
    char m[300];
    int n = snprintf(m, sizeof m, "\nmltp_bench: %s / %s did not finish within %u s; stopping\n",
                     current_row->op, current_row->variant, row_timeout);

    (void)sig;
    if (n > 0 && write(2, m, (size_t)n) < 0)
        _exit(3);
    _exit(3);
}

static void run_row(int i)
{
    const struct bench_row *row = &rows[i];
    struct result *o = &res[i];
    struct bench_run r;
    double per[REPS_MAX], cnt[BC_N][REPS_MAX];
    int reps = row->reps > 0 ? row->reps : mode_reps;
    long iters;

    reps = reps > REPS_MAX ? REPS_MAX : reps;
    o->done = 1;
    current_row = row;
    alarm(row_timeout);
    bench_pin(row->cpus);
    iters = row->fixed_iters > 0 ? row->fixed_iters : calibrate(row, &r);
    if (row->fixed_iters <= 0 && r.err[0])
        goto failed;
    if (row->warmup >= 0) {
        run_once(row, iters, &r, NULL);
        if (r.err[0])
            goto failed;
    }
    /* timed repetitions, without counters (they slow kernel switches) */
    for (int k = 0; k < reps; k++) {
        run_once(row, iters, &r, NULL);
        if (r.err[0])
            goto failed;
        per[k] = is_ns(row) ? r.ns / r.ops : r.value;
    }
    /* then the counted runs */
    for (int k = 0; k < counted_reps; k++) {
        double c[BC_N];
        if (!is_ns(row))
            break;
        run_once(row, iters, &r, c);
        if (r.err[0])
            goto failed;
        for (int j = 0; j < BC_N; j++)
            cnt[j][k] = c[j] / (r.total_ops > 0 ? r.total_ops : r.ops);
    }
    o->iters = iters;
    o->reps = reps;
    o->med = pct(per, reps, 0.5);
    o->p10 = pct(per, reps, 0.1);
    o->p90 = pct(per, reps, 0.9);
    o->min = pct(per, reps, 0);
    o->max = pct(per, reps, 1);
    for (int j = 0; j < BC_N; j++)
        o->cnt[j] = is_ns(row) ? pct(cnt[j], counted_reps, 0.5) : NAN;
    snprintf(o->info, sizeof o->info, "%s", r.info);
    goto out;
failed:
    o->failed = 1;
    snprintf(o->err, sizeof o->err, "%s", r.err);
out:
    alarm(0);
    bench_pin(0);
}

/* ---- targets ------------------------------------------------------------- */

static double base_ns = NAN;   /* the _setjmp/_longjmp switch of this run */

static int find_row(const char *op, const char *variant)
{
    for (int i = 0; i < nrows; i++)
        if (!strcmp(rows[i].op, op) && !strcmp(rows[i].variant, variant))
            return i;
    return -1;
}

static const struct target *target_of(int i)
{
    for (int k = 0; k < NTARGETS; k++)
        if (!strcmp(rows[i].op, targets[k].op) && !strcmp(rows[i].variant, targets[k].variant))
            return &targets[k];
    return NULL;
}

/* Row i against its target: 1 met, 0 missed, -1 unknown (the row failed,
   or met the parts that are known while another is not: a row that did
   not run); *lim the limit of this run, of the known parts, in the row's
   unit. */
static int target_met(int i, double *lim)
{
    const struct target *t = target_of(i);
    const struct result *o = &res[i];
    double l = t->max > 0 ? t->max : INFINITY;
    int k = t->than ? find_row(rows[i].op, t->than) : -1, unknown = 0;

    if (t->ratio > 0 && !(unknown |= isnan(base_ns)))
        l = fmin(l, t->ratio * base_ns);
    if (t->than && !(unknown |= k < 0 || !res[k].done || res[k].failed || rows[k].na))
        l = fmin(l, res[k].med);
    *lim = l;
    if (!o->done || o->failed || isnan(o->med))
        return -1;
    return o->med > l ? 0 : unknown ? -1 : 1;
}

/* "<=60 met", "<=100, r<=6.0 MISSED", "<=4, <=Boost.Context jump_fcontext met" */
static const char *fmt_target(char *b, size_t n, int i, int verdict)
{
    const struct target *t = target_of(i);
    double lim;
    int m, len;

    if (!t)
        return strcpy(b, "");
    m = target_met(i, &lim);
    len = snprintf(b, n, "<=%g", t->max);
    if (t->ratio > 0)
        len += snprintf(b + len, n - (size_t)len, ", r<=%.1f", t->ratio);
    if (t->than)
        len += snprintf(b + len, n - (size_t)len, ", <=%s", t->than);
    if (verdict)
        snprintf(b + len, n - (size_t)len, " %s", m > 0 ? "met" : m == 0 ? "MISSED" : "unknown");
    return b;
}

/* ---- output ---------------------------------------------------------------- */

static const char *fmt_num(char *b, size_t n, double v, int csw)
{
    if (isnan(v))
        snprintf(b, n, "-");
    else if (csw)
        snprintf(b, n, v < 10 ? "%.3f" : "%.1f", v);
    else
        snprintf(b, n, fabs(v) < 10 ? "%.2f" : fabs(v) < 100 ? "%.1f" : "%.0f", v);
    return b;
}

#define TABLE_FMT "%-27s %-37s %9s %17s %7s %8s %8s %8s %9s %s\n"

static void print_row(int i)
{
    const struct bench_row *row = &rows[i];
    const struct result *o = &res[i];
    char m[32], sp[64], a[24], b[24], ra[24], c[BC_N][24], tg[120];

    if (row->na) {
        printf("%-27s %-37s n/a: %s\n", row->op, row->variant, row->na);
    } else if (o->failed) {
        printf("%-27s %-37s FAILED: %s\n", row->op, row->variant, o->err);
    } else if (!is_ns(row)) {
        printf("%-27s %-37s %7.0f %s  (see the memory note below)  %s\n", row->op, row->variant,
               o->med, row->unit, fmt_target(tg, sizeof tg, i, 1));
    } else {
        snprintf(sp, sizeof sp, "%s..%s", fmt_num(a, sizeof a, o->p10, 0),
                 fmt_num(b, sizeof b, o->p90, 0));
        snprintf(ra, sizeof ra, isnan(base_ns) ? "-" : "%.2f", o->med / base_ns);
        for (int j = 0; j < BC_N; j++)
            fmt_num(c[j], sizeof c[j], o->cnt[j], j == BC_CSW);
        printf(TABLE_FMT, row->op, row->variant, fmt_num(m, sizeof m, o->med, 0), sp, ra,
               c[BC_CYC], c[BC_INS], c[BC_CSW], c[BC_TASK], fmt_target(tg, sizeof tg, i, 1));
    }
    fflush(stdout);
}

/* CSV text fields carry no commas or quotes. */
static void csv_text(FILE *f, const char *s)
{
    fputc(',', f);
    for (; s && *s; s++)
        fputc(*s == ',' ? ';' : *s == '"' ? '\'' : *s == '\n' ? ' ' : *s, f);
}

static void csv_num(FILE *f, double v)
{
    fprintf(f, isnan(v) ? "," : ",%.6g", v);
}

static int write_csv(const char *path)
{
    FILE *f = fopen(path, "w");

    if (!f) {
        fprintf(stderr, "mltp_bench: %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "mode,operation,variant,unit,nvp,pinned_1cpu,iters,reps,median,p10,p90,min,max,"
               "ratio_to_setjmp,cyc_per_op,ins_per_op,cpu_ns_per_op,ctxsw_per_op,"
               "target,target_limit,target_met,plot,series,x,plot2,series2,x2,status\n");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        int ok = !row->na && !o->failed;
        double v[] = { o->med, o->p10, o->p90, o->min, o->max,
                       is_ns(row) ? o->med / base_ns : NAN,
                       o->cnt[BC_CYC], o->cnt[BC_INS], o->cnt[BC_TASK], o->cnt[BC_CSW] };
        char tg[120], st[400];
        double lim = NAN;
        int m = -1;

        if (!o->done)
            continue;
        fputs(bench_full ? "full" : "quick", f);
        csv_text(f, row->op);
        csv_text(f, row->variant);
        fprintf(f, ",%s,%d,%d,%ld,%d", row->unit ? row->unit : "ns", row->nvp, row->cpus == 1,
                o->iters, o->reps);
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            csv_num(f, ok ? v[k] : NAN);
        if (target_of(i))
            m = target_met(i, &lim);
        csv_text(f, fmt_target(tg, sizeof tg, i, 0));
        csv_num(f, lim);
        fprintf(f, ",%s", m > 0 ? "yes" : m == 0 ? "no" : "");
        for (int p = 0; p < BENCH_PLOTS; p++) {
            csv_text(f, row->plot[p].plot);
            csv_text(f, row->plot[p].series);
            csv_num(f, row->plot[p].plot ? row->plot[p].x : NAN);
        }
        snprintf(st, sizeof st, "%s%s", row->na ? "n/a: " : o->failed ? "failed: " : "ok",
                 row->na ? row->na : o->failed ? o->err : "");
        csv_text(f, st);
        fputc('\n', f);
    }
    if (fclose(f) != 0) {
        fprintf(stderr, "mltp_bench: %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

static void print_notes(void)
{
    int n = 0;

    printf("\nColumns:\n"
           "  median, p10..p90  ns per operation over the repetitions of the row (p10..p90:\n"
           "                    10th to 90th percentile of the repetitions).\n"
           "  [1] ratio         median / median of the _setjmp/_longjmp switch of this run\n"
           "                    (%.2f ns): compare runs and machines with it.\n"
           "  [2] cyc/op        %s\n"
           "  [3] ins/op        %s%s\n"
           "  [4] ctxsw/op      kernel context switches per operation: %s\n"
           "  [5] cpu-ns/op     CPU time per operation, all VPs/threads/processes summed: %s\n"
           "  [2]-[5] come from %d extra run%s of each row with counters attached (not the\n"
           "  timed runs: counters slow kernel context switches), VP start and end included,\n"
           "  divided by every operation of the run, warm-up included.\n"
           "  [6] target        <=N: the median at most N; r<=X: the ratio [1] at most X;\n"
           "                    <=VARIANT: the median at most that row's (same run).\n",
           base_ns, bench_counter_source(BC_CYC), bench_counter_source(BC_INS),
           bench_counter_have(BC_INS) ? ""
                                      : "\n                    (instructions per yield and "
                                        "per switch: bench/callgrind.sh)",
           bench_counter_source(BC_CSW), bench_counter_source(BC_TASK), counted_reps,
           counted_reps > 1 ? "s (median)" : "");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const char *info = res[i].info;
        if (!res[i].done || (!row->note && !info[0]))
            continue;
        if (!n++)
            printf("\nNotes:\n");
        printf("  %s / %s: %s%s%s\n", row->op, row->variant, row->note ? row->note : "",
               row->note && info[0] ? ". " : "", info);
    }
    printf("\nTargets, this run (medians and limits in the row's unit):\n");
    for (int i = 0; i < nrows; i++) {
        char m[32], tg[120];
        double lim;
        if (!target_of(i) || !res[i].done)
            continue;
        target_met(i, &lim);
        if (res[i].failed || isnan(res[i].med))
            snprintf(m, sizeof m, "%s", res[i].failed ? "FAILED" : "-");
        else
            snprintf(m, sizeof m, "%.2f %s", res[i].med, rows[i].unit ? rows[i].unit : "ns");
        printf("  %-27s %-37s %12s  limit %.2f: %s\n", rows[i].op, rows[i].variant, m, lim,
               fmt_target(tg, sizeof tg, i, 1));
    }
    printf("  %-27s %-37s %12s  <=60: run bench/callgrind.sh\n", "instructions per yield",
           "callgrind, 2 ULTs / 1 VP", "-");
}

static void usage(FILE *f)
{
    fprintf(f, "usage: mltp_bench [--quick | --full] [--csv FILE] [--only TEXT]... [--reps N]\n"
               "                  [--ms N] [--list]\n"
               "       mltp_bench --callgrind loop|switch|setjmp|swapcontext|boost|yield N\n");
}

/* --only: a row whose op or variant holds one of the texts; the ratio
   base, and rows a selected row's target compares with, run too. */
static int selected(int i, const char **only, int nonly)
{
    if (!nonly || i == 0)
        return 1;
    for (int j = i; j < nrows; j++) {
        const struct target *t = target_of(j);
        if (j != i && !(t && t->than && find_row(rows[j].op, t->than) == i))
            continue;
        for (int k = 0; k < nonly; k++)
            if (strstr(rows[j].op, only[k]) || strstr(rows[j].variant, only[k]))
                return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *csv = NULL, *only[16];
    int nonly = 0, reps = 0, list = 0, child_row = -1, child_counted = 0;
    long child_iters = 0;
    double ms = 0, t0 = bench_now(), busy;

    bench_fp_clean();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--callgrind") && i + 2 < argc) {
            /* untimed: no driver, no counters, nothing else runs */
            mltp_init();
            return callgrind(argv[i + 1], atol(argv[i + 2]));
        } else if (!strcmp(a, "--quick") || !strcmp(a, "--full")) {
            bench_full = !strcmp(a, "--full");
        } else if (!strcmp(a, "--csv") && i + 1 < argc) {
            csv = argv[++i];
        } else if (!strcmp(a, "--only") && i + 1 < argc && nonly < 16) {
            only[nonly++] = argv[++i];
        } else if (!strcmp(a, "--reps") && i + 1 < argc) {
            reps = atoi(argv[++i]);
        } else if (!strcmp(a, "--ms") && i + 1 < argc) {
            ms = atof(argv[++i]);
        } else if ((!strcmp(a, "--run-row") || !strcmp(a, "--run-row-counted")) &&
                   i + 2 < argc) {
            /* internal: run_fresh() */
            child_counted = !strcmp(a, "--run-row-counted");
            child_row = atoi(argv[++i]);
            child_iters = atol(argv[++i]);
        } else if (!strcmp(a, "--list")) {
            list = 1;
        } else {
            usage(strcmp(a, "-h") && strcmp(a, "--help") ? stderr : stdout);
            return strcmp(a, "-h") && strcmp(a, "--help") ? 2 : 0;
        }
    }
    mode_reps = reps > 0 ? (reps < REPS_MAX ? reps : REPS_MAX) : bench_full ? 31 : 11;
    counted_reps = bench_full ? 3 : 1;
    rep_ms = ms > 0 ? ms : bench_full ? 40 : 20;
    row_timeout = bench_full ? 600 : 120;

    /* the library reads the CPU count now: before any pinning */
    mltp_init();
    have_all_cpus = sched_getaffinity(0, sizeof all_cpus, &all_cpus) == 0;
    ops_switch_register();
    ops_yield_register();
    ops_create_register();
    ops_sync_register();
    ops_kernel_register();
    ops_memory_register();

    if (child_row >= 0)
        return run_row_child(child_row, child_iters, child_counted);
    if (list) {
        for (int i = 0; i < nrows; i++)
            printf("%-27s %s\n", rows[i].op, rows[i].variant);
        return 0;
    }
    bench_counters_init();
    signal(SIGALRM, row_timed_out);
    printf("MLTP %d.%d benchmarks, %s mode: %d repetitions of about %g ms per row, "
           "%d CPUs; 1-VP rows pinned to one CPU\n\n",
           MLTP_VERSION_MAJOR, MLTP_VERSION_MINOR, bench_full ? "full" : "quick", mode_reps,
           rep_ms, CPU_COUNT(&all_cpus));
    if ((busy = bench_machine_busy(CPU_COUNT(&all_cpus))) > 0.2)
        printf("WARNING: other processes kept %.1f CPUs busy just before the start: expect "
               "noisy figures\n\n", busy);
    printf(TABLE_FMT, "operation", "variant", "median", "p10..p90", "ratio", "cyc/op", "ins/op",
           "ctxsw/op", "cpu-ns/op", "target");
    printf(TABLE_FMT, "", "", "(ns)", "(ns)", "[1]", "[2]", "[3]", "[4]", "[5]", "[6]");
    for (int i = 0; i < nrows; i++) {
        if (!selected(i, only, nonly))
            continue;
        if (!rows[i].na)
            run_row(i);
        res[i].done = 1;
        if (i == 0 && !res[0].failed)
            base_ns = res[0].med;
        print_row(i);
    }
    print_notes();
    if (csv && write_csv(csv) == 0)
        printf("\nResults: %s\n", csv);
    printf("Total time: %.1f s\n", (bench_now() - t0) / 1e9);
    return 0;
}
