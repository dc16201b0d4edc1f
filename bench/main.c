/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/main.c - the benchmark driver: calibrate, repeat, take medians, print
 * the table, write the CSV (doc/benchmarks.md says what it shows).
 * --scale runs the repetitions of an operation's VP counts in turns, so
 * that drift in the machine's load hits every VP count alike. */
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

#define ROWS_MAX 128
#define REPS_MAX 101
#define VPS_MAX 16

int bench_full, bench_scale;

struct result {
    int done, failed, reps;
    long iters;
    double per[REPS_MAX];           /* per op (or value), per repetition */
    double med, p10, p90, min, max;
    double cnt[BC_N];               /* per op, medians; NaN if none */
    char err[200];
    char info[300];
};

static struct bench_row rows[ROWS_MAX];
static struct result res[ROWS_MAX];
static char names[ROWS_MAX][64];
static int nrows, vps[VPS_MAX] = { 1, 2, 4, 8 }, nvps = 4;
static double rep_ms;
static int mode_reps, counted_reps;
static unsigned int row_timeout;
static const struct bench_row *current_row;
static cpu_set_t all_cpus;

/* What some rows must beat (doc/benchmarks.md): a median at most `max`
   (in the row's unit), at most `ratio` _setjmp/_longjmp switches of the
   run, at most `than_times` (1 if 0) the median of the row `than` (same
   operation), and at most `times` the median of the same variant's row of
   operation `of`. */
static const struct target {
    const char *op, *variant;
    double max, ratio;
    const char *than;
    double times;
    const char *of;
    double than_times;
} targets[] = {
    { "context switch (1 way)", "MLTP ult_switch", 4.0, 0, "Boost.Context jump_fcontext", 0,
      NULL, 0 },
    { "yield ping-pong", "MLTP 2 ULTs / 1 VP", 20, 0, NULL, 0, NULL, 0 },
    { "trace event", "MLTP yield traced - untraced, per event", 10, 0, NULL, 0, NULL, 0 },
    { "create+join", "1000 in a ULT / 1 VP", 60, 0, NULL, 0, NULL, 0 },
    /* a TLS block of its own: at most 2x the life without, and a switch
       at most 3 ns more */
    { "create+run+finish", "1000 in a ULT / 1 VP warm, mltp_free, own TLS", INFINITY, 0,
      "1000 in a ULT / 1 VP warm, mltp_free", 0, NULL, 2.0 },
    { "own TLS block", "MLTP yield with blocks - without, per switch", 3, 0, NULL, 0, NULL, 0 },
    { "create+join", "1000 in a ULT / 2 VPs", 70, 0, NULL, 0, NULL, 0 },
    { "lock hand-off, 2 ULTs", "MLTP SPIN / 2 VPs", 150, 0, NULL, 0, NULL, 0 },
    { "barrier", "MLTP 2 parties / 1 VP", 35, 0, NULL, 0, NULL, 0 },
    { "barrier", "MLTP 2 parties / 2 VPs", 300, 0, NULL, 0, NULL, 0 },
    { "cond ping-pong (round trip)", "MLTP wait_lock+signal / 1 VP", 100, 6.0, NULL, 0, NULL, 0 },
    { "cond ping-pong (round trip)", "MLTP wait_lock+signal / 2 VPs", 135, 0, NULL, 0, NULL, 0 },
    { "memory per idle ULT", "MLTP ready not started", 256, 0, NULL, 0, NULL, 0 },
    { "memory per idle ULT", "MLTP blocked after running", 4608, 0, NULL, 0, NULL, 0 },
/* the whole life with guards at most 1.3 times Go's, without at most
   Go's, and at most 1.5 times its own at 10k; resident memory per waiting
   ULT at most 4.2 KiB either way */
#define LIFE_TARGETS(n, of)                                                                  \
    { "life of a ULT, " n " live", "MLTP 1 VP", INFINITY, 0, "Go GOMAXPROCS=1", 1.5, of,   \
      1.3 },                                                                                 \
    { "life of a ULT, " n " live", "MLTP 2 VPs", INFINITY, 0, "Go GOMAXPROCS=2", 1.5, of,  \
      1.3 },                                                                                 \
    { "life of a ULT, " n " live", "MLTP 1 VP unguarded", INFINITY, 0, "Go GOMAXPROCS=1",  \
      1.5, of, 1 },                                                                          \
    { "life of a ULT, " n " live", "MLTP 2 VPs unguarded", INFINITY, 0, "Go GOMAXPROCS=2", \
      1.5, of, 1 },                                                                          \
    { "memory per ULT, " n " live", "MLTP 1 VP", 4300, 0, NULL, 0, NULL, 0 },              \
    { "memory per ULT, " n " live", "MLTP 2 VPs", 4300, 0, NULL, 0, NULL, 0 },             \
    { "memory per ULT, " n " live", "MLTP 1 VP unguarded", 4300, 0, NULL, 0, NULL, 0 },    \
    { "memory per ULT, " n " live", "MLTP 2 VPs unguarded", 4300, 0, NULL, 0, NULL, 0 },
    LIFE_TARGETS("10k", NULL)
    LIFE_TARGETS("100k", "life of a ULT, 10k live")
    LIFE_TARGETS("1M", "life of a ULT, 10k live")
    /* sleeping ULTs: the whole run at most 1.2 times Go's */
    { "1000 ULTs sleeping 100 ms", "MLTP 1 VP", INFINITY, 0, "Go GOMAXPROCS=1", 0, NULL, 1.2 },
    { "1000 ULTs sleeping 100 ms", "MLTP 2 VPs", INFINITY, 0, "Go GOMAXPROCS=2", 0, NULL, 1.2 },
    /* waits for descriptors: no slower than Go's goroutines */
    { "socketpair ping-pong (a round trip)", "MLTP 1 VP", INFINITY, 0, "Go GOMAXPROCS=1", 0, NULL, 1.0 },
    { "socketpair ping-pong (a round trip)", "MLTP 2 VPs", INFINITY, 0, "Go GOMAXPROCS=2", 0, NULL, 1.0 },
    { "500 pairs echoing 100 times over socketpairs", "MLTP 1 VP", INFINITY, 0, "Go GOMAXPROCS=1", 0, NULL, 1.0 },
    { "500 pairs echoing 100 times over socketpairs", "MLTP 2 VPs", INFINITY, 0, "Go GOMAXPROCS=2", 0, NULL, 1.0 },
    /* a descriptor call that need not wait: at most 1.1 times the C
       library's own */
    { "read() of 1 byte from a ready pipe", "MLTP (libmltp's) 1 VP", INFINITY, 0,
      "the C library's 1 VP", 0, NULL, 1.1 },
    { "write() of 1 byte to /dev/null", "MLTP (libmltp's) 1 VP", INFINITY, 0,
      "the C library's 1 VP", 0, NULL, 1.1 },
};

/* ---- helpers for the kernels ----------------------------------------- */

void bench_add(const struct bench_row *row)
{
    if (nrows == ROWS_MAX) {
        fprintf(stderr, "mltp_bench: too many rows\n");
        exit(1);
    }
    rows[nrows++] = *row;
}

int bench_turns(void)
{
    static int groups;

    return ++groups;
}

const char *bench_name(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(names[nrows], sizeof names[0], fmt, ap);
    va_end(ap);
    return names[nrows];
}

/* The last n CPUs of the process's (all if n is that many or more): CPU
   0 takes more of the interrupts. */
static void last_cpus(int n, cpu_set_t *s)
{
    int left = n;

    CPU_ZERO(s);
    for (size_t c = CPU_SETSIZE; c-- > 0 && left > 0;)
        if (CPU_ISSET(c, &all_cpus)) {
            CPU_SET(c, s);
            left--;
        }
}

void bench_add_scale(const struct bench_row *row)
{
    for (int k = 0; k < nvps; k++) {
        struct bench_row r = *row;
        int w = row->workers * vps[k], c = CPU_COUNT(&all_cpus);
        c = vps[k] < c ? vps[k] : c;
        r.variant = row->column ? bench_name("%s: %d threads / %d CPU%s", row->variant, w, c,
                                             c > 1 ? "s" : "")
                                : bench_name("%d VP%s", vps[k], vps[k] > 1 ? "s" : "");
        r.nvp = vps[k];
        r.workers = w;
        r.note = k ? NULL : row->note;
        /* a new process, whose libgomp sees only the row's CPUs */
        r.fresh |= row->column != 0;
        bench_add(&r);
    }
}

double bench_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

double bench_resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size, pages = 0;

    if (f) {
        if (fscanf(f, "%ld %ld", &size, &pages) != 2)
            pages = 0;
        fclose(f);
    }
    return (double)pages * (double)sysconf(_SC_PAGESIZE);
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

/* --scale: a driver ULT makes the MLTP workers inside the start, where
   idle VPs steal them as they come, and they pass a start gate, so that
   even a short run (a calibration probe) has them all at work at once, as
   a long one does: a contended lock's convoy needs them all. A worker that
   cannot be made or pass the gate ends the program (the others would wait
   at the gate for ever). */
static struct {
    void (*work)(int id, void *arg);
    void *arg;
    int count;
    mltp_barrier_t b;
} gate;

static void *gated(void *p)
{
    if (mltp_barrier(&gate.b, gate.count) != 0) {
        fprintf(stderr, "mltp_bench: %s / %s: mltp_barrier (start gate) failed\n",
                current_row->op, current_row->variant);
        exit(1);
    }
    gate.work((int)(long)p, gate.arg);
    return NULL;
}

static void *driver(void *p)
{
    mltp_t *h[2 * 64];

    for (long k = 0; k < gate.count; k++)
        if (!(h[k] = mltp_create(gated, (void *)k))) {
            fprintf(stderr, "mltp_bench: %s / %s: mltp_create failed: %s\n", current_row->op,
                    current_row->variant, strerror(errno));
            exit(1);
        }
    for (int k = 0; k < gate.count; k++)
        if (mltp_join(h[k], NULL) != 0 || mltp_free(h[k]) != 0) {
            fprintf(stderr, "mltp_bench: %s / %s: mltp_join or mltp_free failed\n",
                    current_row->op, current_row->variant);
            exit(1);
        }
    return p;
}

int bench_par(struct bench_run *r, enum par_backend b, int workers, int nvp,
              void (*work)(int id, void *arg), void *arg)
{
    struct par_config c = { .backend = b, .workers = workers, .vps = nvp };
    mltp_t *d;

    if (bench_scale && b == PAR_MLTP && workers > 1 && workers <= 2 * 64) {
        gate = (typeof(gate)){ .work = work, .arg = arg, .count = workers };
        mltp_barrier_init(&gate.b);
        if (!(d = mltp_create(driver, NULL))) {
            bench_fail(r, "mltp_create (driver): %s", strerror(errno));
            return -1;
        }
        errno = 0;
        mltp_start(nvp);
        if (errno)
            bench_fail(r, "mltp_start(%d): %s", nvp, strerror(errno));
        mltp_free(d);
    } else if (par_run(&c, work, arg) != 0) {
        bench_fail(r, "par_run (%s) failed", par_describe(&c));
    }
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
    if (!strcmp(what, "create"))
        return ops_create_callgrind(n);     /* marks in its ULT */
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

/* Pin the process to one CPU (1: the last allowed, as CPU 0 takes more of
   the interrupts) or give it back every CPU (0). */
static void pin(int cpus)
{
    cpu_set_t one;

    last_cpus(1, &one);
    sched_setaffinity(0, sizeof one, cpus == 1 ? &one : &all_cpus);
}

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

static int is_ns(const struct bench_row *row)
{
    return !row->unit || !strcmp(row->unit, "ns");
}

/* What a run in a new process sends back through its pipe. */
struct fresh_out {
    struct bench_run r;
    double c[BC_N];
};

/* A run in a new process (this program, --run-row): nothing cached. */
static void run_fresh(const struct bench_row *row, long iters, struct bench_run *r,
                      double counts[BC_N])
{
    struct fresh_out out;
    char idx[16], n[24], list[VPS_MAX * 4] = "";
    size_t got = 0;
    ssize_t k;
    int fd[2], st = 0, len = 0;
    pid_t pid = -1;
    cpu_set_t cpus;

    snprintf(idx, sizeof idx, "%d", (int)(row - rows));
    snprintf(n, sizeof n, "%ld", iters);
    /* the child registers the same rows: the same mode and VP counts */
    for (int v = 0; v < nvps; v++)
        len += snprintf(list + len, sizeof list - (size_t)len, "%s%d", v ? "," : "", vps[v]);
    last_cpus(row->column ? row->nvp : CPU_SETSIZE, &cpus);
    fflush(stdout);
    if (pipe(fd) == 0 && (pid = fork()) == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive a timed-out driver */
        dup2(fd[1], 1);
        if (row->column)
            sched_setaffinity(0, sizeof cpus, &cpus);
        if (row->env)
            putenv((char *)row->env);
        execl("/proc/self/exe", "mltp_bench",
              bench_scale ? "--scale" : bench_full ? "--full" : "--quick", "--vps", list,
              counts ? "--run-row-counted" : "--run-row", idx, n, (char *)NULL);
        _exit(127);
    }
    if (pid < 0) {
        bench_fail(r, "pipe or fork: %s", strerror(errno));
        return;
    }
    close(fd[1]);
    while (got < sizeof out && ((k = read(fd[0], (char *)&out + got, sizeof out - got)) > 0 ||
                                (k < 0 && errno == EINTR)))
        got += k > 0 ? (size_t)k : 0;
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (got != sizeof out || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        bench_fail(r, "the run in a new process failed (status %#x)", st);
        return;
    }
    *r = out.r;
    if (counts)
        memcpy(counts, out.c, sizeof out.c);
}

/* counts: NULL for a timed run; else the counters of the run */
static void run_once(const struct bench_row *row, long iters, struct bench_run *r,
                     double counts[BC_N])
{
    current_row = row;
    alarm(row_timeout);
    memset(r, 0, sizeof *r);
    if (row->fresh) {
        run_fresh(row, iters, r, counts);
    } else {
        if (counts)
            bench_counters_start();
        bench_fp_clean();   /* the driver's arithmetic leaves sticky flags */
        row->fn(row, iters, r);
        if (counts)
            bench_counters_stop(counts);
    }
    alarm(0);
}

/* The child side of run_fresh: it counts its run itself (not its start-up). */
static int run_row_child(int i, long iters, int counted)
{
    struct fresh_out out = { .c = { NAN, NAN, NAN, NAN } };

    if (i < 0 || i >= nrows)
        return 1;
    rows[i].fresh = 0;
    if (counted)
        bench_counters_init();
    run_once(&rows[i], iters, &out.r, counted ? out.c : NULL);
    return fwrite(&out, sizeof out, 1, stdout) == 1 ? 0 : 1;
}

/* A row that hangs (a library bug) ends the program with a message
   instead of hanging make bench. */
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

/* iters for a run of about rep_ms, from the first probe of at least 2% of
   it (--scale: half of it, as a short run with several VPs may end before
   all of them take part, or meet a stalled VP alone) */
static long calibrate(const struct bench_row *row, struct bench_run *r)
{
    double target = rep_ms * 1e6;
    long n = 64;

    for (int k = 0; k < 12; k++) {
        run_once(row, n, r, NULL);
        if (r->err[0])
            return 0;
        if (r->ns >= target * (bench_scale ? 0.5 : 0.02) || n >= (1L << 40))
            return (long)fmin(fmax((double)n * target / fmax(r->ns, 1), 1), 4e9);
        n *= 10;
    }
    return n;
}

/* Whether row i has failed, *r's error included. */
static int failed(int i, const struct bench_run *r)
{
    if (r->err[0] && !res[i].failed) {
        res[i].failed = 1;
        snprintf(res[i].err, sizeof res[i].err, "%s", r->err);
    }
    return res[i].failed;
}

/* Rows a to b-1: calibrated, their repetitions in turns, then counted;
   n/a ones (a Go row without Go) are left out. */
static void run_rows(int a, int b)
{
    struct bench_run r = { .err = "" };
    int most = 0;

    for (int i = a; i < b; i++)
        if (rows[i].cpus != rows[a].cpus) {
            fprintf(stderr, "mltp_bench: %s / %s and %s / %s take turns but are pinned "
                    "differently\n", rows[a].op, rows[a].variant, rows[i].op, rows[i].variant);
            exit(1);
        }
    pin(rows[a].cpus);      /* a group's rows are pinned alike */
    for (int i = a; i < b; i++) {
        const struct bench_row *row = &rows[i];
        struct result *o = &res[i];
        o->reps = row->reps > 0 ? row->reps : mode_reps;
        most = o->reps > most ? o->reps : most;
        if (row->twin || row->na)
            continue;
        o->iters = row->fixed_iters > 0 ? row->fixed_iters : calibrate(row, &r);
        if (!failed(i, &r) && row->warmup >= 0) {
            run_once(row, o->iters, &r, NULL);
            failed(i, &r);
        }
    }
    /* timed repetitions, without counters (they slow kernel switches) */
    for (int k = 0; k < most; k++)
        for (int i = a; i < b; i++)
            if (rows[i].na) {
                continue;
            } else if (rows[i].twin) {
                /* r: the run of row i - 1 just before, if it ran */
                if (k < res[i].reps && !res[i].failed && (res[i - 1].failed || !failed(i, &r))) {
                    res[i].failed = res[i - 1].failed;
                    snprintf(res[i].err, sizeof res[i].err, "%s", res[i - 1].err);
                    res[i].per[k] = r.value;
                    res[i].iters = res[i - 1].iters;
                }
            } else if (k < res[i].reps && !res[i].failed) {
                run_once(&rows[i], res[i].iters, &r, NULL);
                res[i].per[k] = is_ns(&rows[i]) ? r.ns / r.ops : r.value;
                if (!failed(i, &r))
                    snprintf(res[i].info, sizeof res[i].info, "%s", r.info);
            }
    for (int i = a; i < b; i++) {
        struct result *o = &res[i];
        double cnt[BC_N][3] = { { 0 } }, c[BC_N];
        if (rows[i].na)
            continue;
        /* a column shows a median only */
        for (int k = 0; k < counted_reps && is_ns(&rows[i]) && !rows[i].column &&
                        !rows[i].nocount && !o->failed;
             k++) {
            run_once(&rows[i], o->iters, &r, c);
            for (int j = 0; j < BC_N && !failed(i, &r); j++)
                cnt[j][k] = c[j] / (r.total_ops > 0 ? r.total_ops : r.ops);
        }
        o->med = pct(o->per, o->reps, 0.5);
        o->p10 = pct(o->per, o->reps, 0.1);
        o->p90 = pct(o->per, o->reps, 0.9);
        o->min = pct(o->per, o->reps, 0);
        o->max = pct(o->per, o->reps, 1);
        for (int j = 0; j < BC_N; j++)
            o->cnt[j] = is_ns(&rows[i]) && !rows[i].column && !rows[i].nocount
                            ? pct(cnt[j], counted_reps, 0.5) : NAN;
    }
    pin(0);
}

/* ---- ratios and targets -------------------------------------------------- */

/* The median row i is compared with: row 0's, or with --scale the first
   row of its operation (1 VP). */
static double base_of(int i)
{
    int b = 0;

    if (bench_scale)
        for (b = i; b > 0 && !strcmp(rows[b - 1].op, rows[i].op); b--)
            ;
    return res[b].done && !res[b].failed && is_ns(&rows[i]) && !rows[i].column ? res[b].med
                                                                                : NAN;
}

/* Row i against its target, into b ("<=60 met", "<=100, r<=6.0 MISSED",
   "<=4, <=Boost.Context jump_fcontext met"; the verdict only if asked; ""
   if none): 1 met, 0 missed, -1 unknown (the row failed, or met the parts
   that are known while another is not: a row that did not run); *lim the
   limit of this run, of the known parts, in the row's unit. */
static int target(int i, char *b, size_t n, int verdict, double *lim)
{
    const struct target *t = NULL;
    int k = 0, unknown = 0, met, len, than = -1;

    for (size_t j = 0; j < sizeof targets / sizeof targets[0] && !bench_scale; j++)
        if (!strcmp(rows[i].op, targets[j].op) && !strcmp(rows[i].variant, targets[j].variant))
            t = &targets[j];
    *b = 0;
    *lim = t ? t->max : NAN;
    if (!t)
        return -1;
    if (t->ratio > 0 && !(unknown |= isnan(base_of(0))))
        *lim = fmin(*lim, t->ratio * base_of(0));
    while (t->than && k < nrows &&
           (strcmp(rows[k].op, t->op) || strcmp(rows[k].variant, t->than)))
        k++;
    if (t->than && !(unknown |= k == nrows || !res[k].done || res[k].failed || rows[k].na)) {
        *lim = fmin(*lim, (t->than_times > 0 ? t->than_times : 1) * res[k].med);
        than = k;
    }
    for (k = 0; t->of && k < nrows &&
                (strcmp(rows[k].op, t->of) || strcmp(rows[k].variant, t->variant));
         k++)
        ;
    if (t->of && !(unknown |= k == nrows || !res[k].done || res[k].failed))
        *lim = fmin(*lim, t->times * res[k].med);
    met = !res[i].done || res[i].failed || isnan(res[i].med) ? -1
        : res[i].med > *lim                                  ? 0
        : unknown                                            ? -1 : 1;
    len = isinf(t->max) ? (*b = 0) : snprintf(b, n, "<=%g", t->max);
    if (t->ratio > 0)
        len += snprintf(b + len, n - (size_t)len, ", r<=%.1f", t->ratio);
    if (t->than && t->than_times > 0 && t->than_times != 1)
        len += snprintf(b + len, n - (size_t)len, "%s<=%gx %s", len ? ", " : "", t->than_times,
                        t->than);
    else if (t->than)
        len += snprintf(b + len, n - (size_t)len, "%s<=%s", len ? ", " : "", t->than);
    /* in the table, this run's ratio to that row: "(1.02x)" */
    if (verdict && than >= 0 && res[i].done && !res[i].failed && res[than].med > 0)
        len += snprintf(b + len, n - (size_t)len, " (%.2fx)", res[i].med / res[than].med);
    if (t->of)
        len += snprintf(b + len, n - (size_t)len, ", <=%gx %s", t->times,
                        strchr(t->of, ',') + 2);
    if (verdict)
        snprintf(b + len, n - (size_t)len, " %s", met > 0 ? "met" : met ? "unknown" : "MISSED");
    return met;
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
#define VS_FMT "%9s %6s %9s %6s"

/* --scale: row i's operation's column c at row i's nvp; -1 if none */
static int column_row(int i, int c)
{
    for (int j = i + 1; j < nrows && !strcmp(rows[j].op, rows[i].op); j++)
        if (rows[j].column == c && rows[j].nvp == rows[i].nvp)
            return j;
    return -1;
}

/* The median of row i's column c (NaN if none), and *ratio, row i's
   median over it; *what: why there is none ("n/a", "FAILED"), or "". */
static double column_median(int i, int c, double *ratio, const char **what)
{
    int j = column_row(i, c);

    *what = j < 0 || rows[j].na ? "n/a" : res[j].failed ? "FAILED" : "";
    *ratio = NAN;
    if (**what || !res[j].done)
        return NAN;
    *ratio = res[i].failed ? NAN : res[i].med / res[j].med;
    return res[j].med;
}

/* The comparison cells of MLTP row i, blank for an operation without
   columns. */
static void vs_cells(int i, char *b, size_t n)
{
    char m[BENCH_VS_N][24], r[BENCH_VS_N][24];
    const char *what;
    int any = 0;

    for (int j = i; j < nrows && !strcmp(rows[j].op, rows[i].op); j++)
        any |= rows[j].column != 0;
    for (int c = BENCH_VS_PTHREADS; c < BENCH_VS_N; c++) {
        double ratio, med = column_median(i, c, &ratio, &what);
        snprintf(m[c], sizeof m[c], "%s", what);
        r[c][0] = 0;
        if (!*what) {
            fmt_num(m[c], sizeof m[c], med, 0);
            snprintf(r[c], sizeof r[c], isnan(ratio) ? "-" : ratio < 0.095 ? "%.2g" : "%.2f",
                     ratio);
        }
    }
    if (any)
        snprintf(b, n, VS_FMT, m[BENCH_VS_PTHREADS], r[BENCH_VS_PTHREADS], m[BENCH_VS_OPENMP],
                 r[BENCH_VS_OPENMP]);
    else
        *b = 0;
}

static void print_row(int i)
{
    const struct bench_row *row = &rows[i];
    const struct result *o = &res[i];
    char m[32], sp[64], a[24], b[24], ra[24], c[BC_N][24], tg[120];
    double lim;

    if (bench_scale)
        vs_cells(i, tg, sizeof tg);
    else
        target(i, tg, sizeof tg, 1, &lim);
    if (row->column) {
        /* shown in its MLTP line; a failure's reason here */
        if (o->failed)
            printf("%-27s %-37s FAILED: %s\n", row->op, row->variant, o->err);
    } else if (row->na) {
        printf("%-27s %-37s n/a: %s\n", row->op, row->variant, row->na);
    } else if (o->failed) {
        printf("%-27s %-37s FAILED: %s\n", row->op, row->variant, o->err);
    } else if (!is_ns(row)) {
        printf("%-27s %-37s %7.0f %s  %s  %s\n", row->op, row->variant, o->med, row->unit,
               row->twin ? "                           " : "(see the memory note below)", tg);
    } else {
        snprintf(sp, sizeof sp, "%s..%s", fmt_num(a, sizeof a, o->p10, 0),
                 fmt_num(b, sizeof b, o->p90, 0));
        snprintf(ra, sizeof ra, isnan(base_of(i)) ? "-" : "%.2f", o->med / base_of(i));
        for (int j = 0; j < BC_N; j++)
            fmt_num(c[j], sizeof c[j], o->cnt[j], j == BC_CSW);
        printf(TABLE_FMT, row->op, row->variant, fmt_num(m, sizeof m, o->med, 0), sp, ra,
               c[BC_CYC], c[BC_INS], c[BC_CSW], c[BC_TASK], tg);
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
               "ratio,cyc_per_op,ins_per_op,cpu_ns_per_op,ctxsw_per_op,"
               "target,target_limit,target_met,plot,series,x,plot2,series2,x2,status,"
               "pthreads_median,pthreads_ratio,openmp_median,openmp_ratio\n");
    for (int i = 0; i < nrows; i++) {
        const struct bench_row *row = &rows[i];
        const struct result *o = &res[i];
        char tg[400];
        double lim, v[] = { o->med, o->p10, o->p90, o->min, o->max, o->med / base_of(i),
                            o->cnt[BC_CYC], o->cnt[BC_INS], o->cnt[BC_TASK], o->cnt[BC_CSW] };
        int met = target(i, tg, sizeof tg, 0, &lim);

        if (!o->done)
            continue;
        fprintf(f, "%s", bench_scale ? "scale" : bench_full ? "full" : "quick");
        csv_text(f, row->op);
        csv_text(f, row->variant);
        fprintf(f, ",%s,%d,%d,%ld,%d", row->unit ? row->unit : "ns", row->nvp, row->cpus == 1,
                o->iters, o->reps);
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
            csv_num(f, !row->na && !o->failed ? v[k] : NAN);
        csv_text(f, tg);
        csv_num(f, lim);
        fprintf(f, ",%s", met > 0 ? "yes" : met == 0 ? "no" : "");
        for (int p = 0; p < BENCH_PLOTS; p++) {
            csv_text(f, row->plot[p].plot);
            csv_text(f, row->plot[p].series);
            csv_num(f, row->plot[p].plot ? row->plot[p].x : NAN);
        }
        snprintf(tg, sizeof tg, "%s%s", row->na ? "n/a: " : o->failed ? "failed: " : "ok",
                 row->na ? row->na : o->failed ? o->err : "");
        csv_text(f, tg);
        for (int c = BENCH_VS_PTHREADS; c < BENCH_VS_N; c++) {
            const char *what;
            double ratio = NAN, med = NAN;
            if (bench_scale && !row->column)
                med = column_median(i, c, &ratio, &what);
            csv_num(f, med);
            csv_num(f, ratio);
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

    printf("\nColumns: median and p10..p90 (10th to 90th percentile) of the repetitions, per "
           "operation;\n[1] the median over the median of %s;\n"
           "[2] cyc/op: %s\n[3] ins/op: %s\n[4] ctxsw/op, kernel context switches: %s\n"
           "[5] cpu-ns/op, CPU time of all VPs, threads and processes: %s\n"
           "[2]-[5] per operation of %d more run%s of the row with counters attached (they "
           "slow kernel\nswitches), VP start and end and warm-up included.\n%s\n",
           bench_scale ? "its operation at 1 VP (the same run)"
                       : "the _setjmp/_longjmp switch of this run",
           bench_counter_source(BC_CYC), bench_counter_source(BC_INS),
           bench_counter_source(BC_CSW), bench_counter_source(BC_TASK), counted_reps,
           counted_reps > 1 ? "s (median)" : "",
           bench_scale ? "[6] pthreads, OpenMP: the kernel on that package, as many threads "
                         "as the row has ULTs, on min(nvp, C) CPUs,\neach run in a new process, "
                         "in turns with the MLTP runs; n/a: the package has no such primitive.\n"
                         "[7] the MLTP median over that median (below 1: MLTP is faster).\n"
                         "Past C VPs (C CPUs) the kernel time-slices the VPs: nothing should "
                         "collapse (10x the ratio at C)."
                       : "[6] target: <=N, the median at most N; r<=X, [1] at most X; "
                         "<=VARIANT, the median at most\nthat row's (same run), and in "
                         "brackets the median over that row's. Instructions per yield:\n"
                         "bench/callgrind.sh.");
    for (int i = 0; i < nrows; i++) {
        const char *info = res[i].info, *note = rows[i].note;
        if (res[i].done && (note || info[0]))
            printf("%s  %s / %s: %s%s%s\n", n++ ? "" : "\nNotes:\n", rows[i].op,
                   rows[i].variant, note ? note : "", note && info[0] ? ". " : "", info);
    }
}

/* Busy CPU time of the whole machine over 0.3 s, in CPUs (from /proc/stat,
   niced work included); 0 without /proc. */
static double machine_busy(int ncpus)
{
    unsigned long long a[2][8] = { { 0 } };
    double busy = 0, all = 0;

    for (int k = 0; k < 2; k++) {
        FILE *f = fopen("/proc/stat", "r");
        if (!f || fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &a[k][0], &a[k][1],
                         &a[k][2], &a[k][3], &a[k][4], &a[k][5], &a[k][6], &a[k][7]) != 8)
            memset(a, 0, sizeof a);
        if (f)
            fclose(f);
        if (!k)
            usleep(300000);
    }
    for (int i = 0; i < 8; i++) {
        all += (double)(a[1][i] - a[0][i]);
        busy += i != 3 && i != 4 ? (double)(a[1][i] - a[0][i]) : 0;   /* idle, iowait */
    }
    return all > 0 ? busy / all * ncpus : 0;
}

int main(int argc, char **argv)
{
    const char *csv = NULL, *only[16];
    char vs[2][64];
    int nonly = 0, reps = 0, child_row = -1, child_counted = 0, nfailed = 0;
    long child_iters = 0, ms = 0;
    double t0 = bench_now(), busy;

    bench_fp_clean();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--callgrind") && i + 2 < argc) {
            /* untimed: no driver, no counters, nothing else runs */
            mltp_init();
            return callgrind(argv[i + 1], atol(argv[i + 2]));
        } else if (!strcmp(a, "--quick") || !strcmp(a, "--full") || !strcmp(a, "--scale")) {
            bench_full = !strcmp(a, "--full");
            bench_scale = !strcmp(a, "--scale");
        } else if (!strcmp(a, "--csv") && i + 1 < argc) {
            csv = argv[++i];
        } else if (!strcmp(a, "--only") && i + 1 < argc && nonly < 16) {
            only[nonly++] = argv[++i];
        } else if (!strcmp(a, "--reps") && i + 1 < argc) {
            reps = (int)par_arg_number(a, argv[++i], 1, REPS_MAX);
        } else if (!strcmp(a, "--ms") && i + 1 < argc) {
            ms = par_arg_number(a, argv[++i], 1, 100000);
        } else if (!strcmp(a, "--vps") && i + 1 < argc) {
            char *s = argv[++i], *tok, *save = NULL;
            for (nvps = 0; (tok = strtok_r(s, ",", &save)) != NULL; s = NULL, nvps++)
                vps[nvps < VPS_MAX ? nvps : 0] = (int)par_arg_number(a, tok, 1, 64);
        } else if ((!strcmp(a, "--run-row") || !strcmp(a, "--run-row-counted")) &&
                   i + 2 < argc) {
            /* internal: run_fresh() */
            child_counted = !strcmp(a, "--run-row-counted");
            child_row = atoi(argv[++i]);
            child_iters = atol(argv[++i]);
        } else {
            int help = !strcmp(a, "-h") || !strcmp(a, "--help");
            fprintf(help ? stdout : stderr,
                    "usage: mltp_bench [--quick | --full | --scale] [--csv FILE] "
                    "[--only TEXT]... [--reps N] [--ms N]\n"
                    "                  [--vps N,N...]\n"
                    "       mltp_bench --callgrind loop|switch|setjmp|swapcontext|boost|yield|create N\n");
            return help ? 0 : 2;
        }
    }
    if (nvps < 1 || nvps > VPS_MAX) {
        fprintf(stderr, "mltp_bench: --vps: 1 to %d VP counts\n", VPS_MAX);
        return 2;
    }
    mode_reps = reps ? reps : bench_scale ? 7 : bench_full ? 31 : 11;
    counted_reps = bench_full ? 3 : 1;
    rep_ms = ms ? (double)ms : bench_scale ? 100 : bench_full ? 40 : 20;
    row_timeout = bench_full ? 600 : 120;

    /* the library reads the CPU count now: before any pinning */
    mltp_init();
    sched_getaffinity(0, sizeof all_cpus, &all_cpus);
    if (!bench_scale) {
        ops_switch_register();
        ops_yield_register();
    }
    ops_create_register();
    if (bench_scale)
        ops_yield_register();
    ops_sync_register();
    if (!bench_scale) {
        ops_kernel_register();
        ops_memory_register();
        ops_life_register();
        ops_sleep_register();
        ops_fd_register();
    }
    if (child_row >= 0)
        return run_row_child(child_row, child_iters, child_counted);
    bench_counters_init();
    signal(SIGALRM, row_timed_out);
    printf("MLTP %d.%d benchmarks, %s mode: %d repetitions of about %g ms per row, %d CPUs%s\n\n",
           MLTP_VERSION_MAJOR, MLTP_VERSION_MINOR,
           bench_scale ? "scale" : bench_full ? "full" : "quick", mode_reps, rep_ms,
           CPU_COUNT(&all_cpus), bench_scale ? "" : "; 1-VP rows pinned to one CPU");
    if ((busy = machine_busy(CPU_COUNT(&all_cpus))) > 0.2)
        printf("WARNING: other processes kept %.1f CPUs busy just before the start: expect "
               "noisy figures\n\n", busy);
    if (bench_scale)
        printf("pthreads and OpenMP columns: the same operation with as many threads as MLTP's "
               "ULTs (2*nvp parties,\n2*nvp at the lock, nvp pairs), on min(nvp, C) CPUs; "
               "ratio: MLTP's median over theirs.\n\n");
    snprintf(vs[0], sizeof vs[0], VS_FMT, "pthreads", "ratio", "OpenMP", "ratio");
    snprintf(vs[1], sizeof vs[1], VS_FMT, "(ns) [6]", "[7]", "(ns) [6]", "[7]");
    printf(TABLE_FMT, "operation", "variant", "median", "p10..p90", "ratio", "cyc/op", "ins/op",
           "ctxsw/op", "cpu-ns/op", bench_scale ? vs[0] : "target");
    printf(TABLE_FMT, "", "", "(ns)", "(ns)", "[1]", "[2]", "[3]", "[4]", "[5]",
           bench_scale ? vs[1] : "[6]");
    for (int i = 0, j; i < nrows; i = j) {
        /* a group: the row, or with --scale its operation's VP counts; a
           selected row runs with its group (the 1-VP base) and row 0 */
        int any = !nonly || (i == 0 && !bench_scale), measured = 0;
        for (j = i; j < nrows && (j == i || (bench_scale && !strcmp(rows[j].op, rows[i].op)) ||
                                  (rows[i].turns && rows[j].turns == rows[i].turns));
             j++) {
            measured |= !rows[j].na;
            for (int k = 0; k < nonly; k++)
                any |= strstr(rows[j].op, only[k]) || strstr(rows[j].variant, only[k]);
        }
        for (int k = i; k < j && any; k++)
            res[k].done = 1;
        if (any && measured)
            run_rows(i, j);
        for (int k = i; k < j && any; k++) {
            print_row(k);
            nfailed += res[k].failed;
        }
    }
    print_notes();
    if (csv && write_csv(csv) == 0)
        printf("\nResults: %s\n", csv);
    printf("Total time: %.1f s\n", (bench_now() - t0) / 1e9);
    if (nfailed)
        fprintf(stderr, "mltp_bench: %d row%s failed\n", nfailed, nfailed > 1 ? "s" : "");
    return nfailed ? 1 : 0;
}
