/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/main.c - the benchmark driver: calibrate, repeat, take medians, print
 * the table, write the CSV.
 *
 *   mltp_bench [--quick | --full] [--csv FILE] [--only TEXT] [--reps N]
 *              [--ms N] [--list]
 *   mltp_bench --callgrind MODE N      (bench/callgrind.sh)
 *
 * Each row's kernel runs its operation `iters` times; iters is calibrated
 * so that one run lasts about --ms milliseconds. After one discarded run
 * the row is repeated (11 times quick, 31 full) and the table shows the
 * median, the 10th-90th percentile spread, the ratio of the median to the
 * _setjmp/_longjmp switch of the same run, and the counters (bench/papi.c)
 * divided by the operations of the run. */
#if HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
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
    double cyc, ins, cpu, csw;      /* per op, medians; NaN if none */
    int cyc_counted;                /* cyc from a hardware counter */
    char err[200];
    char info[300];
};

static struct bench_row rows[ROWS_MAX];
static struct result res[ROWS_MAX];
static int nrows;

static cpu_set_t all_cpus;
static int have_all_cpus;

/* ---- helpers for the kernels ----------------------------------------- */

void bench_add(const struct bench_row *row)
{
    if (nrows == ROWS_MAX) {
        fprintf(stderr, "mltp_bench: too many rows\n");
        exit(1);
    }
    rows[nrows++] = *row;
}

void bench_stamp(struct bench_stamp *s)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    s->cyc = bench_cycles();
    s->ns = ts.tv_sec * 1e9 + ts.tv_nsec;
}

void bench_span(struct bench_run *r, const struct bench_stamp *t0, size_t t0_stride,
                const struct bench_stamp *t1, size_t t1_stride, int n)
{
    double a = INFINITY, b = -INFINITY, ac = INFINITY, bc = -INFINITY;

    for (int i = 0; i < n; i++) {
        const struct bench_stamp *s0 = (const void *)((const char *)t0 + i * t0_stride);
        const struct bench_stamp *s1 = (const void *)((const char *)t1 + i * t1_stride);
        if (s0->ns < a)
            a = s0->ns, ac = s0->cyc;
        if (s1->ns > b)
            b = s1->ns, bc = s1->cyc;
    }
    r->ns = b - a;
    r->cyc = bc - ac;
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
    memset(p, 0, n);
    return p;
}

void bench_pin(int cpus)
{
    cpu_set_t one;
    int cpu = -1;

    if (!have_all_cpus)
        return;
    if (cpus != 1) {
        sched_setaffinity(0, sizeof all_cpus, &all_cpus);
        return;
    }
    /* the last allowed CPU: CPU 0 takes more of the interrupts */
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &all_cpus))
            cpu = c;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
}

int bench_mltp_run(int nth, int nvp, void *(*f)(void *), void *base, size_t size,
                   struct bench_run *r)
{
    mltp_t **h = malloc(sizeof *h * (size_t)nth);

    if (!h) {
        bench_fail(r, "out of memory");
        return -1;
    }
    for (int i = 0; i < nth; i++) {
        h[i] = mltp_create(f, (char *)base + (size_t)i * size);
        if (!h[i]) {
            /* the others would wait for it for ever */
            fprintf(stderr, "mltp_bench: mltp_create failed (ULT %d of %d): %s\n", i, nth,
                    strerror(errno));
            exit(1);
        }
    }
    errno = 0;
    mltp_start(nvp);
    if (errno == EDEADLK)
        bench_fail(r, "mltp_start reported a deadlock");
    for (int i = 0; i < nth; i++)
        free(h[i]);
    free(h);
    return r->err[0] ? -1 : 0;
}

/* ---- the callgrind modes --------------------------------------------- */

__attribute__((noinline)) void bench_callgrind_mark(void)
{
    __asm__ volatile("" ::: "memory");
}

int bench_callgrind(const char *what, long n)
{
    int e;

    if (!strcmp(what, "loop")) {
        /* the loop overhead the other modes subtract */
        for (long i = 0; i < n; i++)
            __asm__ volatile("" ::: "memory");
        bench_callgrind_mark();
        return 0;
    }
    if (!strcmp(what, "yield"))
        return ops_yield_callgrind(n);   /* marks in the ULTs */
    e = ops_switch_callgrind(what, n);
    if (!e)
        bench_callgrind_mark();
    return e;
}

/* ---- statistics -------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* p in [0, 1], linear interpolation between order statistics; NaNs skipped */
static double pct(const double *v, int n, double p)
{
    double s[REPS_MAX];
    int m = 0;

    for (int i = 0; i < n; i++)
        if (!isnan(v[i]))
            s[m++] = v[i];
    if (!m)
        return NAN;
    qsort(s, m, sizeof s[0], cmp_double);
    double k = p * (m - 1);
    int i = (int)k;
    if (i >= m - 1)
        return s[m - 1];
    return s[i] + (k - i) * (s[i + 1] - s[i]);
}

/* ---- running a row ------------------------------------------------------ */

static double dummy_counts[BC_N];

static double *counts_or_dummy(double *c)
{
    return c ? c : dummy_counts;
}

static double rep_ms = 10;
static int mode_reps = 11;
static int counted_reps = 1;

static int is_ns(const struct bench_row *row)
{
    return !row->unit || !strcmp(row->unit, "ns");
}

/* A run in a new process (this program, --run-row): nothing cached. With
   counts, the new process counts its run itself (not its start-up). */
static void run_fresh(const struct bench_row *row, long iters, struct bench_run *r,
                      double counts[BC_N])
{
    char idx[16], n[24], out[1024], *info;
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
    pid = fork();
    if (pid == 0) {
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
    if (pid < 0) {
        close(fd[0]);
        bench_fail(r, "fork: %s", strerror(errno));
        return;
    }
    while (len < (ssize_t)sizeof out - 1 &&
           ((k = read(fd[0], out + len, sizeof out - 1 - len)) > 0 || (k < 0 && errno == EINTR)))
        len += k > 0 ? k : 0;
    out[len] = 0;
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!strncmp(out, "ERR ", 4)) {
        out[strcspn(out, "\n")] = 0;
        bench_fail(r, "%s", out + 4);
    } else if (sscanf(out, "OK %lf %lf %lf %lf %lf %lf %lf %lf %lf", &r->ns, &r->cyc, &r->ops,
                      &r->total_ops, &r->value, &counts_or_dummy(counts)[0],
                      &counts_or_dummy(counts)[1], &counts_or_dummy(counts)[2],
                      &counts_or_dummy(counts)[3]) != 9 ||
               !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        bench_fail(r, "the run in a new process failed (status %#x)", st);
    } else if ((info = strstr(out, "\nINFO ")) != NULL) {
        info += 6;
        snprintf(r->info, sizeof r->info, "%.*s", (int)strcspn(info, "\n"), info);
    }
}

/* The child side: one run of row i, the result (and its info) on stdout. */
static int run_row_child(int i, long iters, int counted)
{
    struct bench_run r;
    double c[BC_N] = { NAN, NAN, NAN, NAN };

    if (i < 0 || i >= nrows) {
        printf("ERR no row %d\n", i);
        return 1;
    }
    memset(&r, 0, sizeof r);
    if (counted) {
        bench_counters_init();
        bench_counters_start();
    }
    rows[i].fn(&rows[i], iters, &r);
    if (counted)
        bench_counters_stop(c);
    if (r.err[0]) {
        printf("ERR %s\n", r.err);
        return 0;
    }
    printf("OK %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", r.ns, r.cyc, r.ops,
           r.total_ops, r.value, c[0], c[1], c[2], c[3]);
    if (r.info[0])
        printf("INFO %s\n", r.info);   /* one line: run_fresh() reads up to its end */
    return 0;
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

static long calibrate(const struct bench_row *row, struct bench_run *r)
{
    double target = rep_ms * 1e6;
    long n = 64;

    for (int k = 0; k < 12; k++) {
        run_once(row, n, r, NULL);
        if (r->err[0])
            return 0;
        if (r->ns >= target * 0.02 || n >= (1L << 40)) {
            double m = n * target / (r->ns > 1 ? r->ns : 1);
            if (m < 1)
                m = 1;
            if (m > 4e9)
                m = 4e9;
            return (long)m;
        }
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
    int n;

    (void)sig;
    n = snprintf(m, sizeof m, "\nmltp_bench: %s / %s did not finish within %u s; stopping\n",
                 current_row ? current_row->op : "?", current_row ? current_row->variant : "?",
                 row_timeout);
    if (n > 0 && write(2, m, (size_t)n) < 0)
        _exit(3);
    _exit(3);
}

static void run_row(int i)
{
    const struct bench_row *row = &rows[i];
    struct result *o = &res[i];
    struct bench_run r;
    double per[REPS_MAX], cyc[REPS_MAX];
    double hwcyc[REPS_MAX], ins[REPS_MAX], cpu[REPS_MAX], csw[REPS_MAX];
    int reps = row->reps > 0 ? row->reps : mode_reps;
    long iters;

    if (reps > REPS_MAX)
        reps = REPS_MAX;
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
        if (!is_ns(row)) {
            per[k] = r.value;
            cyc[k] = NAN;
            continue;
        }
        per[k] = r.ns / r.ops;
        cyc[k] = r.cyc / r.ops;
    }
    /* then the counted runs */
    for (int k = 0; k < counted_reps && is_ns(row); k++) {
        double c[BC_N];
        run_once(row, iters, &r, c);
        if (r.err[0])
            goto failed;
        double tot = r.total_ops > 0 ? r.total_ops : r.ops;
        if (bench_counter_have(BC_CYC))
            hwcyc[k] = c[BC_CYC] / tot;
        ins[k] = c[BC_INS] / tot;
        cpu[k] = c[BC_TASK] / tot;
        csw[k] = c[BC_CSW] / tot;
    }
    alarm(0);
    bench_pin(0);
    o->iters = iters;
    o->reps = reps;
    o->med = pct(per, reps, 0.5);
    o->p10 = pct(per, reps, 0.1);
    o->p90 = pct(per, reps, 0.9);
    o->min = pct(per, reps, 0);
    o->max = pct(per, reps, 1);
    o->cyc_counted = bench_counter_have(BC_CYC);
    o->cyc = o->cyc_counted ? pct(hwcyc, counted_reps, 0.5) : pct(cyc, reps, 0.5);
    o->ins = pct(ins, counted_reps, 0.5);
    o->cpu = pct(cpu, counted_reps, 0.5);
    o->csw = pct(csw, counted_reps, 0.5);
    snprintf(o->info, sizeof o->info, "%s", r.info);
    return;
failed:
    alarm(0);
    bench_pin(0);
    o->failed = 1;
    snprintf(o->err, sizeof o->err, "%s", r.err);
}

/* ---- output ---------------------------------------------------------------- */

static double base_ns = NAN;   /* the _setjmp/_longjmp switch of this run */

static const char *fmt_num(char *b, size_t n, double v)
{
    if (isnan(v))
        snprintf(b, n, "-");
    else if (fabs(v) < 10)
        snprintf(b, n, "%.2f", v);
    else if (fabs(v) < 100)
        snprintf(b, n, "%.1f", v);
    else
        snprintf(b, n, "%.0f", v);
    return b;
}

static const char *fmt_csw(char *b, size_t n, double v)
{
    if (isnan(v))
        snprintf(b, n, "-");
    else if (v < 10)
        snprintf(b, n, "%.3f", v);
    else
        snprintf(b, n, "%.1f", v);
    return b;
}

#define TABLE_FMT "%-27s %-37s %9s %17s %7s %8s %8s %8s %9s %s\n"

static void print_header(void)
{
    printf(TABLE_FMT, "operation", "variant", "median", "p10..p90", "ratio", "cyc/op",
           "ins/op", "ctxsw/op", "cpu-ns/op", "target");
    printf(TABLE_FMT, "", "", "(ns)", "(ns)", "[1]", "[2]", "[3]", "[4]", "[5]", "[6]");
}

static int met(const struct bench_row *row, const struct result *o)
{
    return !o->failed && !isnan(o->med) && o->med <= row->target;
}

/* The row an issue-8 target compares row i with (target_row), or -1. */
static int target_ref(int i)
{
    if (!rows[i].target_row)
        return -1;
    for (int k = 0; k < i; k++)
        if (!strcmp(rows[k].variant, rows[i].target_row))
            return k;
    return -1;
}

static int has_target8(const struct bench_row *row)
{
    return row->target_ratio > 0 || row->target_row;
}

/* Issue 8's target of row i: 1 met, 0 missed, -1 unknown (a row failed or
   did not run). *lim gets the limit as a ratio to the setjmp switch. */
static int met8(int i, double *lim)
{
    const struct result *o = &res[i];
    double l = rows[i].target_ratio > 0 ? rows[i].target_ratio : INFINITY;
    int k = target_ref(i);

    if (rows[i].target_row) {
        if (k < 0 || !res[k].done || res[k].failed || rows[k].na || isnan(res[k].med))
            l = NAN;
        else if (res[k].med / base_ns < l)
            l = res[k].med / base_ns;
    }
    if (lim)
        *lim = l;
    if (!o->done || o->failed || isnan(o->med) || isnan(base_ns) || isnan(l))
        return -1;
    return o->med / base_ns <= l;
}

static const char *met8_word(int m)
{
    return m > 0 ? "met" : m == 0 ? "MISSED" : "unknown";
}

/* The target column: "<=N met" (issue 3, ns), "r<=X met" (issue 8, ratio
   to the setjmp switch), "<=ROW met" (issue 8, this median at most that
   row's). */
static const char *fmt_targets(char *b, size_t n, int i)
{
    const struct bench_row *row = &rows[i];
    size_t len = 0;

    b[0] = 0;
    if (row->target > 0)
        len += (size_t)snprintf(b + len, n - len, "<=%g %s", row->target,
                                met(row, &res[i]) ? "met" : "MISSED");
    if (has_target8(row) && len < n) {
        int m = met8(i, NULL);
        if (row->target_row)
            len += (size_t)snprintf(b + len, n - len, "%s<=%s %s", len ? "; " : "",
                                    row->target_row, met8_word(m));
        else
            len += (size_t)snprintf(b + len, n - len, "%sr<=%.1f %s", len ? "; " : "",
                                    row->target_ratio, met8_word(m));
    }
    return b;
}

static void print_row(int i)
{
    const struct bench_row *row = &rows[i];
    const struct result *o = &res[i];
    char m[32], sp[48], a[24], b[24], ra[24], cy[24], in[24], cs[24], cp[24], tg[120];

    if (row->na) {
        printf("%-27s %-37s n/a: %s\n", row->op, row->variant, row->na);
        return;
    }
    if (o->failed) {
        printf("%-27s %-37s FAILED: %s\n", row->op, row->variant, o->err);
        return;
    }
    if (!is_ns(row)) {
        printf("%-27s %-37s %7.0f %s  (see the memory note below)\n", row->op, row->variant,
               o->med, row->unit);
        return;
    }
    fmt_num(m, sizeof m, o->med);
    snprintf(sp, sizeof sp, "%s..%s", fmt_num(a, sizeof a, o->p10), fmt_num(b, sizeof b, o->p90));
    if (isnan(base_ns))
        snprintf(ra, sizeof ra, "-");
    else
        snprintf(ra, sizeof ra, "%.2f", o->med / base_ns);
    fmt_num(cy, sizeof cy, o->cyc);
    fmt_num(in, sizeof in, o->ins);
    fmt_csw(cs, sizeof cs, o->csw);
    fmt_num(cp, sizeof cp, o->cpu);
    fmt_targets(tg, sizeof tg, i);
    printf(TABLE_FMT, row->op, row->variant, m, sp, ra, cy, in, cs, cp, tg);
    fflush(stdout);
}

/* CSV text fields carry no commas or quotes. */
static void csv_text(FILE *f, const char *s)
{
    for (; s && *s; s++)
        fputc(*s == ',' ? ';' : *s == '"' ? '\'' : *s == '\n' ? ' ' : *s, f);
}

static void csv_num(FILE *f, double v)
{
    if (isnan(v))
        fputs(",", f);
    else
        fprintf(f, ",%.6g", v);
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
               "target,target_met,plot,series,x,plot2,series2,x2,cyc_source,"
               "ins_source,cpu_source,ctxsw_source,status,target8,target8_limit,"
               "target8_met\n");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        int ns = is_ns(row);
        if (!o->done && !row->na)
            continue;
        fputs(bench_full ? "full" : "quick", f);
        fputc(',', f);
        csv_text(f, row->op);
        fputc(',', f);
        csv_text(f, row->variant);
        fprintf(f, ",%s,%d,%d,%ld,%d", row->unit ? row->unit : "ns", row->nvp,
                row->cpus == 1, o->iters, o->reps);
        int ok = !row->na && !o->failed;
        csv_num(f, ok ? o->med : NAN);
        csv_num(f, ok ? o->p10 : NAN);
        csv_num(f, ok ? o->p90 : NAN);
        csv_num(f, ok ? o->min : NAN);
        csv_num(f, ok ? o->max : NAN);
        csv_num(f, ok && ns ? o->med / base_ns : NAN);
        csv_num(f, ok ? o->cyc : NAN);
        csv_num(f, ok ? o->ins : NAN);
        csv_num(f, ok ? o->cpu : NAN);
        csv_num(f, ok ? o->csw : NAN);
        csv_num(f, row->target > 0 ? row->target : NAN);
        fprintf(f, ",%s", row->target > 0 && ok ? (met(row, o) ? "yes" : "no") : "");
        for (int p = 0; p < BENCH_PLOTS; p++) {
            fputc(',', f);
            csv_text(f, row->plot[p].plot);
            fputc(',', f);
            csv_text(f, row->plot[p].series);
            csv_num(f, row->plot[p].plot ? row->plot[p].x : NAN);
        }
        fputc(',', f);
        csv_text(f, !ns ? "" : o->cyc_counted ? bench_counter_source(BC_CYC) : "PAPI_get_real_cyc");
        for (int c = BC_INS; c < BC_N; c++) {
            fputc(',', f);
            csv_text(f, ns && bench_counter_have(c) ? bench_counter_source(c) : "");
        }
        fputc(',', f);
        if (row->na) {
            fputs("n/a: ", f);
            csv_text(f, row->na);
        } else if (o->failed) {
            fputs("failed: ", f);
            csv_text(f, o->err);
        } else {
            fputs("ok", f);
        }
        /* issue 8: the target, its limit as a ratio, met */
        fputc(',', f);
        if (has_target8(row)) {
            double lim;
            int m8 = met8(i, &lim);
            if (row->target_row) {
                fputs("<=", f);
                csv_text(f, row->target_row);
            } else {
                fprintf(f, "ratio<=%g", row->target_ratio);
            }
            csv_num(f, lim);
            fprintf(f, ",%s", m8 > 0 ? "yes" : m8 == 0 ? "no" : "");
        } else {
            fputs(",,", f);
        }
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
           "                    (%.2f ns): compare runs and machines with it.\n",
           base_ns);
    printf("  [2] cyc/op        %s\n",
           bench_counter_have(BC_CYC) ? bench_counter_source(BC_CYC) : bench_cycles_source());
    printf("  [3] ins/op        %s\n", bench_counter_source(BC_INS));
    if (!bench_counter_have(BC_INS))
        printf("                    (instructions per yield and per switch: bench/callgrind.sh)\n");
    printf("  [4] ctxsw/op      kernel context switches per operation: %s\n",
           bench_counter_source(BC_CSW));
    printf("  [5] cpu-ns/op     CPU time per operation, all VPs/threads/processes summed: %s\n",
           bench_counter_source(BC_TASK));
    printf("  [3]-[5], and [2] from hardware counters, come from %d extra run%s of each\n"
           "  row with counters attached (not the timed runs: counters slow kernel\n"
           "  context switches). They cover the whole run, VP start and end included,\n"
           "  divided by every operation of it, warm-up included. [2] from the cycle\n"
           "  timer covers the timed loops of the timed runs.\n",
           counted_reps, counted_reps > 1 ? "s (median)" : "");
    printf("  [6] target        <=N: issue 3's bar, in ns; r<=X: an issue-8 target, the ratio\n"
           "                    [1] at most X; <=VARIANT: an issue-8 target, the median at most\n"
           "                    that row's (same run). Both are summed up at the end.\n");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        if ((!o->done && !row->na) || (!row->note && !o->info[0]))
            continue;
        if (!n++)
            printf("\nNotes:\n");
        printf("  %s / %s:", row->op, row->variant);
        if (row->note)
            printf(" %s%s", row->note, o->info[0] ? "." : "");
        if (o->info[0])
            printf(" %s", o->info);
        printf("\n");
    }
}

static void print_bar(void)
{
    printf("\nThe bar (issue 3), this run:\n");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        char m[32];
        if (!row->target || !o->done)
            continue;
        if (o->failed)
            snprintf(m, sizeof m, "FAILED");
        else if (!is_ns(row))
            snprintf(m, sizeof m, "%.0f %s", o->med, row->unit);
        else
            snprintf(m, sizeof m, "%.2f ns", o->med);
        printf("  %-27s %-37s %12s  target <= %g %s: %s\n", row->op, row->variant, m,
               row->target, row->unit ? row->unit : "ns", met(row, o) ? "met" : "MISSED");
    }
    printf("  %-27s %-37s %12s  target <= 60: run bench/callgrind.sh\n",
           "instructions per yield", "callgrind, 2 ULTs / 1 VP", "-");

    printf("\nThe targets of issue 8, this run (ratios to the _setjmp/_longjmp switch, "
           "%.2f ns):\n", base_ns);
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        char m[32], l[32], t[120];
        double lim;
        int k = target_ref(i), m8;
        if (!has_target8(row) || !o->done)
            continue;
        m8 = met8(i, &lim);
        if (o->failed || isnan(o->med) || isnan(base_ns))
            snprintf(m, sizeof m, "%s", o->failed ? "FAILED" : "-");
        else
            snprintf(m, sizeof m, "%.2f", o->med / base_ns);
        if (k >= 0 && !isnan(lim))
            snprintf(l, sizeof l, "%.2f", lim);
        else
            snprintf(l, sizeof l, "not measured");
        if (row->target_row)
            snprintf(t, sizeof t, "<= %s (%s)", row->target_row, l);
        else
            snprintf(t, sizeof t, "<= %.1f", row->target_ratio);
        printf("  %-27s %-37s %12s  target %s: %s\n", row->op, row->variant, m, t,
               met8_word(m8));
    }
}

static void usage(FILE *f)
{
    fprintf(f, "usage: mltp_bench [--quick | --full] [--csv FILE] [--only TEXT]... [--reps N]\n"
               "                  [--ms N] [--list]\n"
               "       mltp_bench --callgrind loop|switch|setjmp|swapcontext|boost|yield N\n");
}

int main(int argc, char **argv)
{
    const char *csv = NULL, *only[16];
    int nonly = 0;
    int reps = 0, list = 0, child_row = -1, child_counted = 0;
    long child_iters = 0;
    double ms = 0;
    struct bench_stamp t0, t1;

    bench_fp_clean();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--callgrind") && i + 2 < argc) {
            /* untimed: no driver, no counters, nothing else runs */
            mltp_init();
            return bench_callgrind(argv[i + 1], atol(argv[i + 2]));
        } else if (!strcmp(a, "--quick")) {
            bench_full = 0;
        } else if (!strcmp(a, "--full")) {
            bench_full = 1;
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
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    mode_reps = bench_full ? 31 : 11;
    counted_reps = bench_full ? 3 : 1;
    rep_ms = bench_full ? 40 : 20;
    row_timeout = bench_full ? 600 : 120;
    if (reps > 0)
        mode_reps = reps < REPS_MAX ? reps : REPS_MAX;
    if (ms > 0)
        rep_ms = ms;

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
    bench_counters_init();
    signal(SIGALRM, row_timed_out);
    if (list) {
        for (int i = 0; i < nrows; i++)
            printf("%-27s %-37s%s\n", rows[i].op, rows[i].variant,
                   rows[i].full_only ? "  (full only)" : "");
        return 0;
    }

    bench_stamp(&t0);
    printf("MLTP %d.%d benchmarks, %s mode: %d repetitions of about %g ms per row, "
           "%d CPUs; 1-VP rows pinned to one CPU\n\n",
           MLTP_VERSION_MAJOR, MLTP_VERSION_MINOR, bench_full ? "full" : "quick", mode_reps,
           rep_ms, CPU_COUNT(&all_cpus));
    double busy = bench_machine_busy(CPU_COUNT(&all_cpus));
    if (busy > 0.2)
        printf("WARNING: other processes kept %.1f CPUs busy just before the start: expect "
               "noisy figures\n\n", busy);
    print_header();
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        if (row->full_only && !bench_full)
            continue;
        /* the ratio base always runs, and so does a row that a later
           selected row's target compares with */
        if (nonly && i > 0) {
            int hit = 0;
            for (int j = i; j < nrows && !hit; j++) {
                if (j != i && target_ref(j) != i)
                    continue;
                for (int k = 0; k < nonly; k++)
                    hit |= strstr(rows[j].op, only[k]) || strstr(rows[j].variant, only[k]);
            }
            if (!hit)
                continue;
        }
        if (!row->na)
            run_row(i);
        else
            res[i].done = 1;
        if (i == 0 && !res[0].failed)
            base_ns = res[0].med;
        print_row(i);
    }
    print_notes();
    print_bar();
    if (csv && write_csv(csv) == 0)
        printf("\nResults: %s\n", csv);
    bench_stamp(&t1);
    printf("Total time: %.1f s\n", (t1.ns - t0.ns) / 1e9);
    return 0;
}
