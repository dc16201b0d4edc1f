/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/scale.c - how the scheduler's hot operations scale with VPs.
 *
 *   mltp_scale [--reps N] [--vps LIST] [--only NAME]... [--ms N] [--csv FILE]
 *              [--verbose]
 *
 * Each row is one operation at 1, 2, 4 and 8 VPs. A repetition is one
 * mltp_start(nvp) running a driver ULT, which times the work inside the
 * start: VP start and end are never timed. The ULTs of the rows with 2*nvp
 * of them pass a start gate (an mltp_barrier) before their loops. N is
 * calibrated first for each row and VP count (the probes are the warm-up)
 * so that a repetition lasts about --ms (100) ms; then the repetitions
 * (--reps, 7) run in turns over the VP counts, so that drift in the
 * machine's load hits every VP count alike. A repetition that runs past
 * CAP x --ms stops early and is divided by the operations it did ("k/7
 * stopped"). What each row measures, and the ratios to 1 VP a scheduler
 * that scales would show: the legend printed under the table (rows[]),
 * README's "Benchmarks" and ARCHITECTURE.md's "At 64 cores". Errors (a
 * failed create, join or barrier, a lost update, fewer VPs than asked) end
 * the program with status 1; bad options with status 2. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "bench/busy.h"
#include "mltp.h"

#if defined(__x86_64__)
#define spin_hint() __builtin_ia32_pause()
#else
#define spin_hint() __asm__ volatile("yield" ::: "memory")
#endif

#define BATCH 1000
#define MAXVP 64
#define MAXNVPS 16
#define REPS_MAX 101
#define SPREAD_TIMEOUT_NS 10e9
#define NMAX 1000000000L
#define CAP 5   /* a repetition stops after CAP x --ms (see past_deadline) */

/* ---- helpers ------------------------------------------------------- */

static double now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The run under way (read by the ULTs). */
static struct {
    const struct row *row;
    int nvp;
    long n;             /* the row's N */
    double elapsed;     /* ns, timed by the driver */
    double ops;         /* what elapsed divides by */
    double planned;     /* ops had the run not been capped */
    double cap_ns;      /* the time limit of a run */
    double deadline;    /* its end (CLOCK_MONOTONIC ns) */
    int capped;         /* stopped by the time limit */
    int ran;
} job;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void fail(const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    fputs("mltp_scale: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);    /* from a ULT too: mltp(3), exit() ends the program */
}

static const char *row_name(void);

static mltp_t *spawn(mltp_userf_t *f, void *arg)
{
    mltp_t *t = mltp_create(f, arg);

    if (!t)
        fail("row %s, %d VPs: mltp_create failed: %s", row_name(), job.nvp,
             strerror(errno));
    return t;
}

static void join_free(mltp_t *t)
{
    int e = mltp_join(t, NULL);

    if (e)
        fail("row %s, %d VPs: mltp_join: %s", row_name(), job.nvp, strerror(e));
    while ((e = mltp_free(t)) == EBUSY)     /* ended, not yet released */
        mltp_yield();
    if (e)
        fail("row %s, %d VPs: mltp_free: %s", row_name(), job.nvp, strerror(e));
}

static mltp_t **handles;    /* MAXVP * BATCH */
static mltp_t *workers[2 * MAXVP];
static long done[2 * MAXVP];    /* operations each worker did */

static void spawn_all(mltp_userf_t *f, int count)
{
    for (long k = 0; k < count; k++) {
        done[k] = 0;
        workers[k] = spawn(f, (void *)k);
    }
}

static void join_all(int count)
{
    for (int k = 0; k < count; k++)
        join_free(workers[k]);
}

static double sum_done(int count)
{
    double s = 0;

    for (int k = 0; k < count; k++)
        s += (double)done[k];
    return s;
}

/* The time limit of a repetition: a row whose cost per operation jumps
   past the calibrated N (a lock convoy, VPs off their CPUs) stops there.
   Loops look at the clock outside any lock, after their first operation
   and every 64 (cond, barrier: one ULT decides), 256 (yield, locks) or
   1000 (create) operations after it. */
static void start_clock(double *t0)
{
    *t0 = now_ns();
    job.deadline = *t0 + job.cap_ns;
}

static int past_deadline(void)
{
    if (now_ns() < job.deadline)
        return 0;
    job.capped = 1;
    return 1;
}

/* The start gate of the rows with 2*nvp ULTs: they begin their loops
   together, so that even a short run (a calibration probe) has them
   running at once on every VP, as a long one does. */
static mltp_barrier_t gate;

static void gate_pass(void)
{
    if (mltp_barrier(&gate, 2 * job.nvp) != 0)
        fail("row %s, %d VPs: mltp_barrier (start gate) failed", row_name(), job.nvp);
}

static void *empty_fn(void *p)
{
    return p;
}

/* ---- create+join --------------------------------------------------- */

/* Batches of BATCH until n ULTs or the deadline; returns the ULTs. */
static long create_join(mltp_t **h, long n)
{
    long b;

    for (b = 0; b < n / BATCH; b++) {
        if (b && past_deadline())
            break;
        for (int i = 0; i < BATCH; i++)
            h[i] = spawn(empty_fn, NULL);
        for (int i = 0; i < BATCH; i++)
            join_free(h[i]);
    }
    return b * BATCH;
}

static void k_create(void)
{
    double t0;
    long made;

    start_clock(&t0);
    made = create_join(handles, job.n);
    job.elapsed = now_ns() - t0;
    job.ops = (double)made;
    job.planned = (double)job.n;
}

/* ---- create, spread ------------------------------------------------ */

static struct {
    int arrived;
    int go;
    double t0;
    struct {
        double t1;
        int vp;
    } __attribute__((aligned(64))) d[MAXVP];
} spread;

static void *spread_fn(void *p)
{
    long k = (long)p;

    spread.d[k].vp = mltp_vp_id();
    if (__atomic_add_fetch(&spread.arrived, 1, __ATOMIC_ACQ_REL) == job.nvp) {
        start_clock(&spread.t0);
        __atomic_store_n(&spread.go, 1, __ATOMIC_RELEASE);
    } else {
        /* hold this VP until every driver has one; give the CPU away now
           and then (more VPs than CPUs: the others need it to start) */
        double limit = now_ns() + SPREAD_TIMEOUT_NS;
        for (unsigned int s = 1; !__atomic_load_n(&spread.go, __ATOMIC_ACQUIRE); s++) {
            spin_hint();
            if ((s & 0x3ff) == 0) {
                sched_yield();
                if (now_ns() > limit)
                    fail("row spread, %d VPs: only %d of %d drivers started within %.0f s",
                         job.nvp, __atomic_load_n(&spread.arrived, __ATOMIC_ACQUIRE),
                         job.nvp, SPREAD_TIMEOUT_NS / 1e9);
            }
        }
    }
    done[k] = create_join(handles + k * BATCH, job.n);
    spread.d[k].t1 = now_ns();
    return NULL;
}

static void k_spread(void)
{
    int nvp = job.nvp;
    double t1 = 0;

    spread.arrived = spread.go = 0;
    spawn_all(spread_fn, nvp);
    join_all(nvp);
    for (int k = 0; k < nvp; k++) {
        if (spread.d[k].t1 > t1)
            t1 = spread.d[k].t1;
        for (int j = 0; j < k; j++)
            if (spread.d[j].vp == spread.d[k].vp)
                fail("row spread, %d VPs: drivers %d and %d started on the same VP %d",
                     nvp, j, k, spread.d[k].vp);
    }
    job.elapsed = t1 - spread.t0;
    job.ops = sum_done(nvp);
    job.planned = (double)job.n * nvp;
}

/* ---- yield --------------------------------------------------------- */

/* The worker of the yield and lock rows: op N times after the start gate,
   looking at the clock every 256. */
#define WORKER(name, op)                                     \
    static void *name(void *p)                               \
    {                                                        \
        long k = (long)p, n = job.n, i;                      \
        gate_pass();                                         \
        for (i = 0; i < n; i++) {                            \
            if ((i & 0xff) == 1 && past_deadline())          \
                break;                                       \
            op;                                              \
        }                                                    \
        done[k] = i;                                         \
        return NULL;                                         \
    }
WORKER(yield_fn, mltp_yield())

/* 2*nvp workers running f after the start gate; the elapsed time. */
static void run_workers(mltp_userf_t *f)
{
    int count = 2 * job.nvp;
    double t0;

    mltp_barrier_init(&gate);
    start_clock(&t0);
    spawn_all(f, count);
    join_all(count);
    job.elapsed = now_ns() - t0;
}

static void k_yield(void)
{
    run_workers(yield_fn);
    /* per yield per VP: elapsed / all yields * nvp */
    job.ops = sum_done(2 * job.nvp) / job.nvp;
    job.planned = 2.0 * (double)job.n;
}

/* ---- cond ping-pong ------------------------------------------------ */

static struct pair {
    mltp_lock_t l;
    mltp_cond_t c;
    volatile int turn;
    long passes;
    volatile long stop_at;  /* rounds: set by side 0, read by side 1 */
} __attribute__((aligned(128))) pairs[MAXVP];

/* Side 0 decides when its pair stops: at the top of round i it may set
   stop_at = i + 1; side 1 can reach round i + 1 only after side 0's pass
   of round i (through the lock), so both end after the same round. */
static void *cond_fn(void *p)
{
    long k = (long)p, n = job.n, i;
    struct pair *pr = &pairs[k / 2];
    int me = (int)(k & 1);

    gate_pass();
    for (i = 0; i < n && i < pr->stop_at; i++) {
        if (me == 0 && (i & 0x3f) == 0 && past_deadline())
            pr->stop_at = i + 1;
        mltp_lock(&pr->l);
        while (pr->turn != me)
            mltp_cond_wait_lock(&pr->c, &pr->l);
        pr->turn = 1 - me;
        pr->passes++;
        mltp_cond_signal(&pr->c);
        mltp_unlock(&pr->l);
    }
    done[k] = i;
    return NULL;
}

static void k_cond(void)
{
    int nvp = job.nvp;

    for (int k = 0; k < nvp; k++) {
        mltp_lock_init(&pairs[k].l, MLTP_LOCK_SPIN);
        mltp_cond_init(&pairs[k].c);
        pairs[k].turn = 0;
        pairs[k].passes = 0;
        pairs[k].stop_at = LONG_MAX;
    }
    run_workers(cond_fn);
    for (int k = 0; k < nvp; k++)
        if (done[2 * k] != done[2 * k + 1] || pairs[k].passes != 2 * done[2 * k])
            fail("row cond, %d VPs: pair %d passed the turn %ld times in %ld + %ld rounds "
                 "(lost updates)", nvp, k, pairs[k].passes, done[2 * k], done[2 * k + 1]);
    job.ops = sum_done(2 * nvp) / 2 / nvp;  /* round trips of one pair (mean) */
    job.planned = (double)job.n;
}

/* ---- barrier ------------------------------------------------------- */

static mltp_barrier_t bar;
static volatile long bar_stop_at;

/* Worker 0 decides when all stop, as side 0 of a cond pair does: the
   others reach episode i + 1 only after worker 0 has arrived at i. */
static void *barrier_fn(void *p)
{
    long k = (long)p, n = job.n, i;
    int count = 2 * job.nvp;

    gate_pass();
    for (i = 0; i < n && i < bar_stop_at; i++) {
        if (k == 0 && (i & 0x3f) == 0 && past_deadline())
            bar_stop_at = i + 1;
        if (mltp_barrier(&bar, count) != 0)
            fail("row barrier, %d VPs: mltp_barrier(&b, %d) failed", job.nvp, count);
    }
    done[k] = i;
    return NULL;
}

static void k_barrier(void)
{
    mltp_barrier_init(&bar);
    bar_stop_at = LONG_MAX;
    run_workers(barrier_fn);
    for (int k = 1; k < 2 * job.nvp; k++)
        if (done[k] != done[0])
            fail("row barrier, %d VPs: workers passed %ld and %ld episodes", job.nvp,
                 done[0], done[k]);
    job.ops = (double)done[0];
    job.planned = (double)job.n;
}

/* ---- lock contention ----------------------------------------------- */

static struct {
    mltp_lock_t l;
    volatile long ctr;
} __attribute__((aligned(64))) cl;

WORKER(contend_fn, (mltp_lock(&cl.l), cl.ctr++, mltp_unlock(&cl.l)))

static void contend(int lock_class)
{
    int count = 2 * job.nvp;
    int e = mltp_lock_init(&cl.l, lock_class);

    if (e)
        fail("row %s, %d VPs: mltp_lock_init: %s", row_name(), job.nvp, strerror(e));
    cl.ctr = 0;
    run_workers(contend_fn);
    job.ops = sum_done(count);
    job.planned = (double)count * (double)job.n;
    if ((double)cl.ctr != job.ops)
        fail("row %s, %d VPs: counter %ld after %.0f locked increments (lost updates)",
             row_name(), job.nvp, cl.ctr, job.ops);
}

static void k_spin(void)
{
    contend(MLTP_LOCK_SPIN);
}

static void k_mutex(void)
{
    contend(MLTP_LOCK_MUTEX);
}

/* ---- the rows ------------------------------------------------------ */

static const struct row {
    const char *name;   /* --only, CSV */
    const char *label;  /* the table */
    const char *unit;   /* legend, CSV */
    const char *ideal;  /* legend: the ratios a scheduler that scales shows */
    void (*fn)(void);
    long granule;       /* N is a multiple of this */
} rows[] = {
    { "create", "create+join (1 driver)", "ns per ULT", "about 1 (the others steal children)",
      k_create, BATCH },
    { "spread", "create+join (nvp drivers)", "ns per ULT over all drivers", "1/min(nvp, C)",
      k_spread, BATCH },
    { "yield", "yield (2*nvp ULTs)", "ns per yield per VP",
      "1 up to C VPs, then nvp/C", k_yield, 100 },
    { "cond", "cond ping-pong (nvp pairs)", "ns per round trip per pair",
      "1 up to C VPs, then nvp/C", k_cond, 100 },
    { "barrier", "barrier (2*nvp parties)", "ns per episode", "grows with the 2*nvp parties",
      k_barrier, 100 },
    { "spin", "SPIN lock (2*nvp ULTs)", "ns per acquisition",
      "above 1 from 2 VPs (1 VP: no contention), then flat", k_spin, 100 },
    { "mutex", "MUTEX lock (2*nvp ULTs)", "ns per acquisition",
      "above 1 from 2 VPs (1 VP: no contention), then flat", k_mutex, 100 },
};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

static const char *row_name(void)
{
    return job.row ? job.row->name : "?";
}

static void *driver(void *p)
{
    (void)p;
    if (mltp_vp_count() != job.nvp)
        fail("row %s: asked for %d VPs, the start has %d", row_name(), job.nvp,
             mltp_vp_count());
    job.row->fn();
    job.ran = 1;
    return NULL;
}

/* One repetition: one start. Returns the elapsed ns, or what the whole
   N would have taken if the time limit stopped it (*capped: 1); *per_op
   the ns per operation. */
static double run_once(const struct row *r, int nvp, long n, double *per_op, int *capped)
{
    mltp_t *d;
    int e;

    job.row = r;
    job.nvp = nvp;
    job.n = n;
    job.elapsed = 0;
    job.ops = job.planned = 0;
    job.capped = job.ran = 0;
    d = spawn(driver, NULL);
    errno = 0;
    mltp_start(nvp);
    e = errno;
    if (e)
        fail("row %s: mltp_start(%d): %s", r->name, nvp, strerror(e));
    if (!job.ran || job.ops <= 0)
        fail("row %s, %d VPs: the driver did not finish", r->name, nvp);
    if ((e = mltp_free(d)) != 0)
        fail("mltp_free(driver): %s", strerror(e));
    if (job.capped && job.ops >= job.planned)
        job.capped = 0;     /* the limit came with the last operations */
    if (per_op)
        *per_op = job.elapsed / job.ops;
    if (capped)
        *capped = job.capped;
    return job.capped ? job.elapsed * job.planned / job.ops : job.elapsed;
}

static int verbose;

static long round_up(double v, long granule)
{
    long n = (long)(v / (double)granule + 0.999) * granule;

    return n < granule ? granule : n;
}

/* N for about target_ns per repetition: N grows by at most 8x a probe
   until a probe lasts at least target/2; one up to 2x target is taken. A
   longer one is scaled down, and the smaller N taken only if two probes in
   a row at it land in range: the cost per operation need not be the same
   at every N (a short run may end before all VPs take part, a long one
   turn into a convoy). If the smaller N runs too short, N is scaled up
   from that quick probe instead. At most 20 probes. */
static long calibrate(const struct row *r, int nvp, double target_ns)
{
    long n = round_up(1000, r->granule), over = 0;
    int in_range = 0;

    for (int probe = 0; probe < 20 && n < NMAX; probe++) {
        int capped;
        double t = run_once(r, nvp, n, NULL, &capped);
        if (verbose)
            fprintf(stderr, "calibrate %s, %d VPs: N %ld: %.1f ms%s\n", r->name, nvp, n,
                    t / 1e6, capped ? " (estimated: stopped at the time limit)" : "");
        if (t < target_ns / 2 && over) {
            n = round_up((double)n * (t > 0 ? target_ns / t : 64), r->granule);
            return n < NMAX ? n : NMAX;
        }
        if (t < target_ns / 2) {
            double f = t > 0 ? target_ns / t : 8;
            if (f < 2)
                f = 2;
            if (f > 8)
                f = 8;
            n = round_up((double)n * f, r->granule);
        } else if (t <= target_ns * 2) {
            if (!over || ++in_range == 2)
                return n;
        } else {
            over = n;
            in_range = 0;
            n = round_up((double)n * target_ns / t, r->granule);
            if (n == over)
                return n;
        }
    }
    return n < NMAX ? n : NMAX;
}

/* ---- results ------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double s[REPS_MAX];

    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static void usage(FILE *f)
{
    fprintf(f, "usage: mltp_scale [--reps N] [--vps LIST] [--only NAME]... [--ms N] "
               "[--csv FILE] [--verbose]\n"
               "  --reps N     repetitions of each row and VP count (default 7)\n"
               "  --vps LIST   VP counts, comma-separated (default 1,2,4,8; at most %d)\n"
               "  --only NAME  only this row (repeat, or NAME,NAME...):",
            MAXVP);
    for (int i = 0; i < NROWS; i++)
        fprintf(f, " %s", rows[i].name);
    fprintf(f, "\n  --ms N       target length of one repetition in ms (default 100)\n"
               "  --csv FILE   also write the results to FILE\n"
               "  --verbose    the calibration's probes and every repetition on stderr\n");
}

static long parse_long(const char *s, long lo, long hi, const char *what)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi) {
        fprintf(stderr, "mltp_scale: %s: '%s' is not a number from %ld to %ld\n", what, s,
                lo, hi);
        exit(2);
    }
    return v;
}

/* "a,b,c" into out[]; returns the count. */
static int split(char *s, char **out, int max, const char *what)
{
    int n = 0;

    for (char *tok, *save = NULL; (tok = strtok_r(s, ",", &save)) != NULL; s = NULL) {
        if (n == max) {
            fprintf(stderr, "mltp_scale: %s: more than %d items\n", what, max);
            exit(2);
        }
        out[n++] = tok;
    }
    if (!n) {
        fprintf(stderr, "mltp_scale: %s: empty list\n", what);
        exit(2);
    }
    return n;
}

static double res[REPS_MAX], rep_ns[REPS_MAX];  /* ns per operation, per repetition */
static struct cell {
    long iters;
    int stopped;            /* repetitions the time limit ended */
    double med, min, max, rep_ms, ratio;
} cells[NROWS][MAXNVPS];
static double per_op[NROWS][MAXNVPS][REPS_MAX], per_rep[NROWS][MAXNVPS][REPS_MAX];

int main(int argc, char **argv)
{
    int reps = 7, nvps = 4, vps[MAXNVPS] = { 1, 2, 4, 8 }, want[NROWS] = { 0 };
    int any_only = 0, maxvp = 0, ncpus, any_stopped = 0;
    double target_ms = 100, start = now_ns(), busy;
    const char *csv = NULL;
    char *items[MAXNVPS];
    cpu_set_t cpus;
    FILE *f;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--reps") && i + 1 < argc) {
            reps = (int)parse_long(argv[++i], 1, REPS_MAX, "--reps");
        } else if (!strcmp(a, "--ms") && i + 1 < argc) {
            target_ms = (double)parse_long(argv[++i], 1, 100000, "--ms");
        } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
            verbose = 1;
        } else if (!strcmp(a, "--csv") && i + 1 < argc) {
            csv = argv[++i];
        } else if (!strcmp(a, "--vps") && i + 1 < argc) {
            nvps = split(argv[++i], items, MAXNVPS, "--vps");
            for (int k = 0; k < nvps; k++)
                vps[k] = (int)parse_long(items[k], 1, MAXVP, "--vps");
        } else if (!strcmp(a, "--only") && i + 1 < argc) {
            int n = split(argv[++i], items, MAXNVPS, "--only"), r;
            for (int k = 0; k < n; k++) {
                for (r = 0; r < NROWS && strcmp(items[k], rows[r].name); r++)
                    ;
                if (r == NROWS) {
                    fprintf(stderr, "mltp_scale: --only: no row '%s'\n", items[k]);
                    usage(stderr);
                    return 2;
                }
                want[r] = any_only = 1;
            }
        } else {
            usage(stderr);
            return 2;
        }
    }
    for (int r = 0; r < NROWS; r++)
        want[r] |= !any_only;
    for (int k = 0; k < nvps; k++)
        maxvp = vps[k] > maxvp ? vps[k] : maxvp;

    mltp_init();
    handles = malloc(sizeof(mltp_t *) * (size_t)maxvp * BATCH);
    if (!handles)
        fail("out of memory");
    ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus)
                                                          : (int)sysconf(_SC_NPROCESSORS_ONLN);

    printf("MLTP scheduler scaling: %d CPUs, %d repetitions of ~%.0f ms per row and VP count\n"
           "ns per operation (the row's unit: see the legend); ratio = median / median at "
           "1 VP of the same run\n",
           ncpus, reps, target_ms);
    if ((busy = bench_machine_busy(ncpus)) > 0.2)
        printf("WARNING: other processes kept %.1f CPUs busy just before the start: expect "
               "noisy figures\n", busy);
    printf("\n%-27s %4s %10s %7s %10s  %-21s %6s\n", "row", "nvp", "N", "ms/rep", "median",
           "min..max", "ratio");
    fflush(stdout);

    job.cap_ns = CAP * target_ms * 1e6;
    for (int r = 0; r < NROWS; r++) {
        double base = 0;
        if (!want[r])
            continue;
        for (int k = 0; k < nvps; k++)
            cells[r][k].iters = calibrate(&rows[r], vps[k], target_ms * 1e6);
        for (int rep = 0; rep < reps; rep++)
            for (int k = 0; k < nvps; k++) {
                int capped;
                run_once(&rows[r], vps[k], cells[r][k].iters, &per_op[r][k][rep], &capped);
                per_rep[r][k][rep] = job.elapsed;
                cells[r][k].stopped += capped;
                if (verbose)
                    fprintf(stderr, "%s, %d VPs, repetition %d: %.1f ms%s\n", rows[r].name,
                            vps[k], rep + 1, job.elapsed / 1e6,
                            capped ? " (stopped at the time limit)" : "");
            }
        for (int k = 0; k < nvps; k++) {
            struct cell *c = &cells[r][k];
            memcpy(res, per_op[r][k], sizeof res);
            memcpy(rep_ns, per_rep[r][k], sizeof rep_ns);
            c->med = median(res, reps);
            qsort(res, (size_t)reps, sizeof res[0], cmp_double);
            c->min = res[0];
            c->max = res[reps - 1];
            c->rep_ms = median(rep_ns, reps) / 1e6;
            if (vps[k] == 1)
                base = c->med;
        }
        for (int k = 0; k < nvps; k++) {
            struct cell *c = &cells[r][k];
            char mm[64], ra[16] = "-", st[32] = "";
            c->ratio = base > 0 ? c->med / base : NAN;
            snprintf(mm, sizeof mm, "%.1f..%.1f", c->min, c->max);
            if (base > 0)
                snprintf(ra, sizeof ra, "%.2f", c->ratio);
            if (c->stopped)
                snprintf(st, sizeof st, "  %d/%d stopped", c->stopped, reps);
            any_stopped |= c->stopped;
            printf("%-27s %4d %10ld %7.1f %10.1f  %-21s %6s%s\n", rows[r].label, vps[k],
                   c->iters, c->rep_ms, c->med, mm, ra, st);
        }
        fflush(stdout);
    }

    printf("\nunits and the ratios a scheduler that scales shows, with C CPUs (past C VPs\n"
           "the kernel time-slices the VPs: nothing should collapse, 10x the ratio at C):\n");
    for (int r = 0; r < NROWS; r++)
        printf("  %-8s %s; ideal: %s\n", rows[r].name, rows[r].unit, rows[r].ideal);
    printf("N: per repetition, ULTs per driver (create, spread) or iterations per ULT (rounds\n"
           "per pair for cond, episodes for barrier); ms/rep: the median repetition's length.\n"
           "Compare ratios within one run, not absolute times across runs.\n");
    if (any_stopped)
        printf("k/%d stopped: k repetitions ran into the time limit (%d x %.0f ms) and were\n"
               "divided by the operations done: the cost per operation grew past the\n"
               "calibrated N (a convoy, VPs off their CPUs).\n",
               reps, CAP, target_ms);

    if (csv) {
        if (!(f = fopen(csv, "w")))
            fail("%s: %s", csv, strerror(errno));
        fprintf(f, "row,label,unit,nvp,cpus,iters,reps,rep_ms,median_ns,min_ns,max_ns,"
                   "ratio_to_1vp,stopped_reps\n");
        for (int r = 0; r < NROWS; r++)
            for (int k = 0; want[r] && k < nvps; k++) {
                const struct cell *c = &cells[r][k];
                /* labels and units carry no commas */
                fprintf(f, "%s,%s,%s,%d,%d,%ld,%d,%.6g,%.6g,%.6g,%.6g,", rows[r].name,
                        rows[r].label, rows[r].unit, vps[k], ncpus, c->iters, reps, c->rep_ms,
                        c->med, c->min, c->max);
                if (!isnan(c->ratio))
                    fprintf(f, "%.4g", c->ratio);
                fprintf(f, ",%d\n", c->stopped);
            }
        if (fclose(f) != 0)
            fail("%s: %s", csv, strerror(errno));
        printf("results: %s\n", csv);
    }
    printf("total time: %.1f s\n", (now_ns() - start) / 1e9);
    free(handles);
    return 0;
}
