/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/scale.c - how the scheduler's hot operations scale with VPs.
 *
 *   mltp_scale [--reps N] [--vps LIST] [--only NAME]... [--ms N] [--csv FILE]
 *              [--verbose]
 *   make bench-scale        (all rows, writes bench/results-scale.csv)
 *
 * What it measures. Each row is one operation at 1, 2, 4 and 8 VPs
 * (--vps 1,2,4,8). A repetition is one mltp_start(nvp) running a driver
 * ULT, which times the work with clock_gettime(CLOCK_MONOTONIC) inside
 * the start: VP start and end are never timed. The ULTs of the rows with
 * 2*nvp of them pass a start gate (an mltp_barrier) before their loops,
 * so that they begin together. N is calibrated first for each row and
 * VP count (the probes are the warm-up, discarded) so that a repetition
 * lasts about --ms (100) ms; then the repetitions (--reps, 7) run in
 * turns over the VP counts, so that drift in the machine's load hits
 * every VP count alike. A repetition that runs past 5x --ms stops early
 * (the loops look at the clock every 64 to 1000 operations) and is
 * divided by the operations it did; the table says how many did ("k/7
 * stopped"): the cost per operation grew past the calibrated N. The
 * table gives N, the median repetition's length, and the median and the
 * min-max of the repetitions in ns per operation:
 *
 *   create   create+join: the driver creates batches of 1000 empty ULTs
 *            (mltp_create), then mltp_join + mltp_free each; per ULT.
 *   spread   create, spread: nvp drivers, one per VP (each spins until all
 *            have started, so each holds its own VP), each creates and
 *            joins batches of 1000; per ULT over all (wall time from the
 *            moment all started to the last driver's end / all ULTs).
 *   yield    2*nvp ULTs each mltp_yield() N times; per yield per VP
 *            (wall time / all yields * nvp: what one VP pays per yield).
 *   cond     nvp pairs of ULTs, each pair passing a turn through its own
 *            MLTP_LOCK_SPIN lock with mltp_cond_wait_lock and
 *            mltp_cond_signal; per round trip (2 passes) per pair (wall
 *            time / round trips of one pair).
 *   barrier  2*nvp ULTs, mltp_barrier(&b, 2*nvp) N times; per episode.
 *   spin     2*nvp ULTs each lock; ctr++; unlock N times, MLTP_LOCK_SPIN;
 *            per acquisition (wall time / all acquisitions); ctr checked.
 *            A SPIN holder never yields, so at most nvp contend at once;
 *            on 1 VP the lock is uncontended.
 *   mutex    the same with MLTP_LOCK_MUTEX.
 *
 * How to read it. "ratio" is the median over the same row's median at
 * 1 VP in the same run. Compare ratios within one run, never absolute
 * times across runs: nanoseconds move with the machine, its load and its
 * clock. What a scheduler that scales perfectly would show, with C CPUs
 * (the table's first line gives C; up to C VPs, VP i is pinned to CPU i,
 * MLTP_PIN):
 *   create       about 1 (the other VPs only steal and run the children)
 *   spread       1/min(nvp, C): per ULT over all, the drivers in parallel
 *   yield, cond  1 up to C VPs, then nvp/C (the VPs share the CPUs)
 *   barrier      grows with the parties (2*nvp) in any case
 *   spin, mutex  above 1 from 2 VPs on (on 1 VP nobody contends; on more
 *                the lock's cache line moves between CPUs), then flat: a
 *                lock serialises, more VPs add no throughput
 * Past C VPs the machine is oversubscribed: the kernel time-slices the
 * VPs, and a spinning waiter may wait for a VP that is off its CPU. The
 * point of those rows is that nothing collapses (a ratio 10x or more that
 * of C VPs would), not that they stay flat.
 *
 * Errors (a failed mltp_create, join or barrier, a lost update, fewer VPs
 * than asked) end the program with a message and status 1; bad options
 * with status 2. */
#include <errno.h>
#include <limits.h>
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

/* The time limit of a repetition (CAP x the target): a row whose cost
   per operation jumps past the calibrated N (a lock convoy, VPs off
   their CPUs) stops there, and divides by the operations it did. Loops
   look at the clock outside any lock, after their first operation (a
   SPIN row's second wave of ULTs, which starts when the first has ended,
   then stops at once; every run does some work) and every 64 (cond,
   barrier: one ULT decides), 256 (yield, locks) or 1000 (create)
   operations after it. */
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

static void *yield_fn(void *p)
{
    long k = (long)p, n = job.n, i;

    gate_pass();
    for (i = 0; i < n; i++) {
        if ((i & 0xff) == 1 && past_deadline())
            break;
        mltp_yield();
    }
    done[k] = i;
    return NULL;
}

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

static void *contend_fn(void *p)
{
    long k = (long)p, n = job.n, i;

    gate_pass();
    for (i = 0; i < n; i++) {
        if ((i & 0xff) == 1 && past_deadline())
            break;
        mltp_lock(&cl.l);
        cl.ctr++;
        mltp_unlock(&cl.l);
    }
    done[k] = i;
    return NULL;
}

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
    const char *unit;   /* CSV */
    void (*fn)(void);
    long granule;       /* N is a multiple of this */
} rows[] = {
    { "create", "create+join (1 driver)", "ns per ULT", k_create, BATCH },
    { "spread", "create+join (nvp drivers)", "ns per ULT over all drivers", k_spread, BATCH },
    { "yield", "yield (2*nvp ULTs)", "ns per yield per VP", k_yield, 100 },
    { "cond", "cond ping-pong (nvp pairs)", "ns per round trip per pair", k_cond, 100 },
    { "barrier", "barrier (2*nvp parties)", "ns per episode", k_barrier, 100 },
    { "spin", "SPIN lock (2*nvp ULTs)", "ns per acquisition", k_spin, 100 },
    { "mutex", "MUTEX lock (2*nvp ULTs)", "ns per acquisition", k_mutex, 100 },
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

/* N for about target_ns per repetition. N grows from a small value by at
   most 8x a probe until a probe lasts at least target/2 (a probe the
   time limit stopped counts as what its N would have taken); one that
   lasts up to 2x target is taken. A longer one is scaled down to the
   target, and the smaller N is taken only if two probes in a row at it
   land in range: the cost per operation need not be the same at every N
   (a short run may end before the VPs all take part, a long one turn
   into a convoy: a SPIN lock past 2 VPs on 2 CPUs), and then one run of
   a given N may be quick and the next 1000x slower. If the smaller N
   runs too short, N is scaled up from that quick probe instead: every
   repetition is then long, about the target when it stays quick, the
   time limit when it turns slow, and measures the steady state rather
   than a start that ends before the VPs all take part. At most 20
   probes; they are the warm-up and are discarded. */
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

struct stat3 {
    double med, min, max;
};

static struct stat3 stats(const double *v, int n)
{
    double s[REPS_MAX];
    struct stat3 o;

    memcpy(s, v, sizeof(double) * (size_t)n);
    qsort(s, (size_t)n, sizeof(double), cmp_double);
    o.med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    o.min = s[0];
    o.max = s[n - 1];
    return o;
}

/* A CSV text field and its comma: no commas or quotes inside. */
static void csv_text(FILE *f, const char *s)
{
    for (; *s; s++)
        fputc(*s == ',' ? ';' : *s == '"' ? '\'' : *s, f);
    fputc(',', f);
}

static void usage(FILE *f)
{
    fprintf(f, "usage: mltp_scale [--reps N] [--vps LIST] [--only NAME]... [--ms N] "
               "[--csv FILE] [--verbose]\n"
               "  --reps N     repetitions of each row and VP count (default 7)\n"
               "  --vps LIST   VP counts, comma-separated (default 1,2,4,8; at most %d)\n"
               "  --only NAME  only this row (repeat, or NAME,NAME...): ",
            MAXVP);
    for (int i = 0; i < NROWS; i++)
        fprintf(f, "%s%s", rows[i].name, i + 1 < NROWS ? " " : "\n");
    fprintf(f, "  --ms N       target length of one repetition in ms (default 100)\n"
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

/* "a,b,c" into v[]; returns the count. */
static int split(const char *s, char out[][32], int max, const char *what)
{
    int n = 0;

    while (*s) {
        size_t len = strcspn(s, ",");
        if (n == max || len == 0 || len >= 32) {
            fprintf(stderr, "mltp_scale: %s: bad list\n", what);
            exit(2);
        }
        memcpy(out[n], s, len);
        out[n][len] = '\0';
        n++;
        s += len;
        if (*s == ',')
            s++;
    }
    return n;
}

static double res[NROWS][MAXNVPS][REPS_MAX];     /* ns per operation */
static double rep_ns[NROWS][MAXNVPS][REPS_MAX];  /* ns per repetition */
static long iters[NROWS][MAXNVPS];
static int stopped[NROWS][MAXNVPS];     /* repetitions the time limit ended */

int main(int argc, char **argv)
{
    int reps = 7, nvps = 4, vps[MAXNVPS] = { 1, 2, 4, 8 }, want[NROWS];
    int any_only = 0, maxvp = 0, ncpus;
    double target_ms = 100;
    const char *csv = NULL;
    char items[MAXNVPS][32];
    cpu_set_t cpus;
    double start = now_ns();

    memset(want, 0, sizeof want);
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
            if (!nvps) {
                fprintf(stderr, "mltp_scale: --vps: empty list\n");
                return 2;
            }
            for (int k = 0; k < nvps; k++)
                vps[k] = (int)parse_long(items[k], 1, MAXVP, "--vps");
        } else if (!strcmp(a, "--only") && i + 1 < argc) {
            int n = split(argv[++i], items, MAXNVPS, "--only");
            for (int k = 0; k < n; k++) {
                int found = 0;
                for (int r = 0; r < NROWS; r++)
                    if (!strcmp(items[k], rows[r].name))
                        want[r] = found = 1;
                if (!found) {
                    fprintf(stderr, "mltp_scale: --only: no row '%s'\n", items[k]);
                    usage(stderr);
                    return 2;
                }
            }
            any_only = 1;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!any_only)
        for (int r = 0; r < NROWS; r++)
            want[r] = 1;
    for (int k = 0; k < nvps; k++)
        if (vps[k] > maxvp)
            maxvp = vps[k];

    mltp_init();
    handles = malloc(sizeof(mltp_t *) * (size_t)maxvp * BATCH);
    if (!handles)
        fail("out of memory");
    ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus)
                                                          : (int)sysconf(_SC_NPROCESSORS_ONLN);

    printf("MLTP scheduler scaling: %d CPUs, %d repetitions of ~%.0f ms per row and VP count\n",
           ncpus, reps, target_ms);
    printf("ns per operation (the row's unit: see the legend); ratio = median / median at "
           "1 VP of the same run\n");
    double busy = bench_machine_busy(ncpus);
    if (busy > 0.2)
        printf("WARNING: other processes kept %.1f CPUs busy just before the start: expect "
               "noisy figures\n",
               busy);
    printf("\n%-27s %4s %10s %7s %10s  %-21s %6s\n", "row", "nvp", "N", "ms/rep", "median",
           "min..max", "ratio");
    int any_stopped = 0;
    fflush(stdout);

    double target_ns = target_ms * 1e6;
    job.cap_ns = CAP * target_ns;
    for (int r = 0; r < NROWS; r++) {
        if (!want[r])
            continue;
        for (int k = 0; k < nvps; k++)
            iters[r][k] = calibrate(&rows[r], vps[k], target_ns);
        for (int rep = 0; rep < reps; rep++)
            for (int k = 0; k < nvps; k++) {
                int capped;
                run_once(&rows[r], vps[k], iters[r][k], &res[r][k][rep], &capped);
                rep_ns[r][k][rep] = job.elapsed;
                stopped[r][k] += capped;
                if (verbose)
                    fprintf(stderr, "%s, %d VPs, repetition %d: %.1f ms%s\n", rows[r].name,
                            vps[k], rep + 1, job.elapsed / 1e6,
                            capped ? " (stopped at the time limit)" : "");
            }
        double base = 0;
        for (int k = 0; k < nvps; k++)
            if (vps[k] == 1)
                base = stats(res[r][k], reps).med;
        for (int k = 0; k < nvps; k++) {
            struct stat3 s = stats(res[r][k], reps);
            char mm[64], ra[16];
            snprintf(mm, sizeof mm, "%.1f..%.1f", s.min, s.max);
            if (base > 0)
                snprintf(ra, sizeof ra, "%.2f", s.med / base);
            else
                snprintf(ra, sizeof ra, "-");
            char st[32] = "";
            if (stopped[r][k]) {
                snprintf(st, sizeof st, "  %d/%d stopped", stopped[r][k], reps);
                any_stopped = 1;
            }
            printf("%-27s %4d %10ld %7.1f %10.1f  %-21s %6s%s\n", rows[r].label, vps[k],
                   iters[r][k], stats(rep_ns[r][k], reps).med / 1e6, s.med, mm, ra, st);
        }
        fflush(stdout);
    }

    printf("\nunits: create, spread: ns per ULT (spread: wall time / the ULTs of all drivers);\n"
           "yield: ns per yield per VP (wall time / all yields * nvp); cond: ns per round\n"
           "trip per pair; barrier: ns per episode; spin, mutex: ns per acquisition\n"
           "(wall time / all acquisitions). N: per repetition, ULTs per driver (create,\n"
           "spread) or iterations per ULT (rounds per pair for cond, episodes for\n"
           "barrier); ms/rep: the median repetition's length.\n"
           "ideal ratios with C CPUs: create ~1; spread 1/min(nvp,C); yield, cond 1 up to C\n"
           "VPs, then nvp/C; barrier grows with its 2*nvp parties; spin, mutex above 1 from\n"
           "2 VPs (1 VP: no contention), then flat. Past C VPs: nothing should collapse (10x\n"
           "the ratio at C VPs). Compare ratios within one run, not absolute times across runs.\n");
    if (any_stopped)
        printf("k/%d stopped: k repetitions ran into the time limit (%d x %.0f ms) and were\n"
               "divided by the operations done: the cost per operation grew past the\n"
               "calibrated N (a convoy, VPs off their CPUs).\n",
               reps, CAP, target_ms);

    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f)
            fail("%s: %s", csv, strerror(errno));
        fprintf(f, "row,label,unit,nvp,cpus,iters,reps,rep_ms,median_ns,min_ns,max_ns,"
                   "ratio_to_1vp,stopped_reps\n");
        for (int r = 0; r < NROWS; r++) {
            if (!want[r])
                continue;
            double base = 0;
            for (int k = 0; k < nvps; k++)
                if (vps[k] == 1)
                    base = stats(res[r][k], reps).med;
            for (int k = 0; k < nvps; k++) {
                struct stat3 s = stats(res[r][k], reps);
                fprintf(f, "%s,", rows[r].name);
                csv_text(f, rows[r].label);
                csv_text(f, rows[r].unit);
                fprintf(f, "%d,%d,%ld,%d,%.6g,%.6g,%.6g,%.6g,", vps[k], ncpus, iters[r][k],
                        reps, stats(rep_ns[r][k], reps).med / 1e6, s.med, s.min, s.max);
                if (base > 0)
                    fprintf(f, "%.4g", s.med / base);
                fprintf(f, ",%d\n", stopped[r][k]);
            }
        }
        if (fclose(f) != 0)
            fail("%s: %s", csv, strerror(errno));
        printf("results: %s\n", csv);
    }
    printf("total time: %.1f s\n", (now_ns() - start) / 1e9);
    free(handles);
    return 0;
}
