/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mainprog.c - main's share (mltp_begin / mltp_end), one scenario
 * per run: tests/test_main.c runs them under a watchdog and checks what
 * they print, their exit status and what they leave behind.
 *
 *   share        P workers and main's share cross barriers and take a lock
 *                for 150 ms (P = ARG, default 16); main's thread's CPU
 *                time against the wall time; a second begin and end
 *   errors       every misuse: its return value and errno
 *   segv         main's share stores to NULL while workers run
 *   exit         main's share calls exit(7) while workers run
 *   return       main returns 5 from main() during its share
 *   abort        main's share calls mltp_abort()
 *   sigterm      main's share sends SIGTERM to the process
 *   deadlock-end a worker waits at a barrier for good; main calls mltp_end
 *   deadlock-main main waits at a barrier with a worker, for a third party
 *   failed-begin no VP can be made (RLIMIT_NPROC): mltp_begin fails, main
 *                goes on; then a begin that works
 *
 * SPLASH-style workers (mltp_worker_create and the rest), which take their
 * VP count from $MLTP_VPS (mltp_vps_default); NVP is then only what the
 * scenario expects:
 *
 *   vps          mltp_vps_default() and the CPUs of the affinity mask
 *                (ARG "narrow": the mask narrowed to one CPU first)
 *   workers      three rounds of ARG workers: mltp_workers_run twice,
 *                then ARG-1 mltp_worker_create and fn() in main; the ids
 *                each saw, main's place during and after, a last wait
 *   wait-in-worker worker 1 calls mltp_workers_wait before main does
 *   workers-run-partial mltp_workers_run runs out of memory part-way
 *                (RLIMIT_AS): what it returns, who ran, the wait
 *   workers-failed-begin no VP can be made: mltp_worker_create and
 *                mltp_workers_run fail; then a round that works
 *   shared-malloc ARG ok: 4 workers use and main frees the block; huge,
 *                rlimit, huge-worker: no memory for it (a size no malloc
 *                gives, or RLIMIT_AS; in a worker ULT on a VP)
 *
 * usage: mainprog SCENARIO NVP [ARG]
 */
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>
#define PU_CRASH_TESTS
#include "prog_util.h"

static int nvp;
static const char *arg;
static pid_t main_pid;     /* main's process: VPs have pids of their own */

/* errno, from a function of its own: in the function that calls
   mltp_begin, GCC may keep the address of main's thread's errno, which
   main's share, on a VP, no longer uses (mltp.h) */
static __attribute__((noinline)) int err(void)
{
    return errno;
}
static __attribute__((noinline)) void clear_err(void)
{
    errno = 0;
}

/* ------------------------------------------------------------------ */
/* share                                                               */

/* rounds until main's share has run 150 ms: long enough that main's
   thread's set-up is a small part of it */
#define SHARE_MS 150
static mltp_barrier_t bar;
static mltp_lock_t lock = MLTP_LOCK_INITIALIZER;
static long sum, rounds;
static int nparties;
static volatile int stop;
static volatile double sink;

static void share(long id)
{
    double t0 = now();
    for (long r = 1;; r++) {
        double x = (double)id;
        for (int i = 0; i < 5000; i++)      /* some work between barriers */
            x = x * 1.0000001 + 0.5;
        sink = x;
        mltp_lock(&lock);
        sum += id;
        mltp_unlock(&lock);
        if (id == 0 && now() - t0 > SHARE_MS * 1e-3) {
            rounds = r;
            stop = 1;               /* before its arrival: all see it */
        }
        mltp_barrier(&bar, nparties);
        if (stop)
            break;
        mltp_barrier(&bar, nparties);   /* nobody reads stop while main writes it */
    }
}

static void *share_worker(void *p)
{
    share((long)p);
    return NULL;
}

static double thread_cpu(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int scen_share(void)
{
    nparties = arg ? atoi(arg) : 16;
    mltp_barrier_init(&bar);
    double w0 = now(), c0 = thread_cpu();
    if (mltp_begin(nvp) != 0) {
        printf("begin failed: %s\n", strerror(errno));
        return 1;
    }
    int tid_share = (int)syscall(SYS_gettid);   /* a VP's */
    for (long i = 1; i < nparties; i++)
        make(share_worker, (void *)i);
    share(0);
    printf("share-vp=%d share-id=%d share-private=%d\n", mltp_vp_id(),
           mltp_get_myid(), mltp_get_private() != NULL);
    printf("share-on-main-thread=%d\n", tid_share == (int)main_pid);
    clear_err();
    int r = mltp_end();
    int e = err();
    double w1 = now(), c1 = thread_cpu();
    long want = (long)nparties * (nparties - 1) / 2 * rounds;
    printf("end=%d errno=%d\nsum-ok=%d\n", r, e, sum == want);
    printf("back-on-main-thread=%d vp-after=%d\n",
           (int)syscall(SYS_gettid) == (int)main_pid, mltp_vp_id());
    printf("wall-ms=%.1f main-cpu-ms=%.1f\n", (w1 - w0) * 1e3, (c1 - c0) * 1e3);
    /* again, with nothing to do but main */
    printf("second=%d", mltp_begin(nvp));
    printf(" %d\n", mltp_end());
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* errors                                                              */


static int worker_end_rc, worker_end_errno, worker_begin_rc, worker_begin_errno;
static int join_main_rc;
static mltp_t *main_handle;

static void *misuser(void *p)
{
    (void)p;
    errno = 0;
    worker_end_rc = mltp_end();
    worker_end_errno = errno;
    errno = 0;
    worker_begin_rc = mltp_begin(1);
    worker_begin_errno = errno;
    join_main_rc = mltp_join(main_handle, NULL);
    return NULL;
}

static int scen_errors(void)
{
    int rc;

    clear_err();
    rc = mltp_end();
    printf("end-without-begin=%d errno=%d\n", rc, err());
    clear_err();
    rc = mltp_begin(0);
    printf("begin-0=%d errno=%d\n", rc, err());
    clear_err();
    rc = mltp_begin(100000);
    printf("begin-too-many=%d errno=%d\n", rc, err());
    if (mltp_begin(nvp) != 0)
        return 1;
    main_handle = mltp_self();
    clear_err();
    int again = mltp_begin(nvp), again_errno = err();
    clear_err();
    mltp_start(1);
    int start_inside = err();
    mltp_t *t = make(misuser, NULL);
    mltp_join(t, NULL);
    mltp_free(t);
    int ended = mltp_end();
    printf("begin-twice=%d errno=%d\n", again, again_errno);
    printf("start-inside errno=%d\n", start_inside);
    printf("worker-end=%d errno=%d\n", worker_end_rc, worker_end_errno);
    printf("worker-begin=%d errno=%d\n", worker_begin_rc, worker_begin_errno);
    printf("join-main=%d\n", join_main_rc);
    printf("end=%d\n", ended);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* the ways a program ends during main's share                         */

static void *spinner(void *p)
{
    (void)p;
    for (;;) {
        sleep_ms(1);
        mltp_yield();
    }
    return NULL;
}

static int begin_with_workers(void)
{
    if (mltp_begin(nvp) != 0) {
        printf("begin failed: %s\n", strerror(errno));
        return -1;
    }
    for (int i = 0; i < 4; i++)
        make(spinner, NULL);
    for (int i = 0; i < 20; i++)
        mltp_yield();
    printf("READY\n");
    fflush(stdout);
    return 0;
}

static int scen_segv(void)
{
    if (begin_with_workers())
        return 1;
    crasher_says();
    *null_ptr = 1;
    return 0;
}

static int scen_exit(void)
{
    if (begin_with_workers())
        return 1;
    exit(7);
}

static int scen_return(void)
{
    if (begin_with_workers())
        return 1;
    return 5;
}

static int scen_abort(void)
{
    if (begin_with_workers())
        return 1;
    mltp_abort();
}

static int scen_sigterm(void)
{
    if (begin_with_workers())
        return 1;
    kill(main_pid, SIGTERM);
    for (;;)
        mltp_yield();
}

/* ------------------------------------------------------------------ */
/* deadlocks                                                           */

static void *lone_waiter(void *p)
{
    mltp_barrier((mltp_barrier_t *)p, 2);
    printf("lone waiter released\n");
    return NULL;
}

/* Main takes part, and a ULT runs waiter(&bar) on a fresh barrier: 0,
   or 1 if mltp_begin failed. */
static int begin_with_waiter(mltp_userf_t *waiter)
{
    mltp_barrier_init(&bar);
    if (mltp_begin(nvp) != 0)
        return 1;
    make(waiter, &bar);
    return 0;
}

static int scen_deadlock_end(void)
{
    if (begin_with_waiter(lone_waiter))
        return 1;
    clear_err();
    int r = mltp_end();
    int e = err();
    printf("end=%d errno=%d\n", r, e);
    printf("done\n");
    return 0;
}

static void *third_party_waiter(void *p)
{
    mltp_barrier((mltp_barrier_t *)p, 3);
    return NULL;
}

static int scen_deadlock_main(void)
{
    if (begin_with_waiter(third_party_waiter))
        return 1;
    printf("main waits\n");
    fflush(stdout);
    mltp_barrier(&bar, 3);
    printf("main released\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* failed-begin: RLIMIT_NPROC as nobody in a user namespace of its own, as
   schedprog's failed-start */

static int scen_failed_begin(void)
{
    struct rlimit old;
    int e = nproc_at_limit(&old);
    if (e)
        return e;
    make(say_ran, (void *)"second");
    clear_err();
    int r = mltp_begin(1);
    e = err();
    int on_vp = mltp_vp_id();
    setrlimit(RLIMIT_NPROC, &old);
    printf("failed-begin=%d errno=%d vp=%d\n", r, e, on_vp);
    fflush(stdout);
    r = mltp_begin(1);
    printf("begin=%d vp=%d\n", r, mltp_vp_id());
    fflush(stdout);
    printf("end=%d\n", mltp_end());
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* vps                                                                 */

static int affinity_cpus(void)
{
    cpu_set_t s;
    return sched_getaffinity(0, sizeof s, &s) == 0 ? CPU_COUNT(&s) : -1;
}

static int scen_vps(void)
{
    if (arg && !strcmp(arg, "narrow")) {
        cpu_set_t s, one;
        int c = 0;
        if (sched_getaffinity(0, sizeof s, &s) != 0)
            return 99;
        while (!CPU_ISSET((size_t)c, &s))
            c++;
        CPU_ZERO(&one);
        CPU_SET((size_t)c, &one);
        if (sched_setaffinity(0, sizeof one, &one) != 0) {
            printf("sched_setaffinity: %s\n", strerror(errno));
            return 99;
        }
    }
    printf("vps=%d cpus=%d\n", mltp_vps_default(), affinity_cpus());
    return 0;
}

/* ------------------------------------------------------------------ */
/* workers                                                             */

#define W_MAX 64
static long w_parties, w_calls, w_seen[W_MAX], w_bad_id;
static int w_vps, w_main_self_null, w_main_on_thread;

static int on_main_thread(void)
{
    return (int)syscall(SYS_gettid) == (int)main_pid;
}

static void w_fn(void)
{
    long id = mltp_worker_id();

    INC(w_calls);
    if (id < 0 || id >= W_MAX)
        INC(w_bad_id);
    else
        INC(w_seen[id]);
    if (id == 0) {
        w_main_self_null = mltp_self() == NULL;
        w_main_on_thread = on_main_thread();
    } else {
        STORE(w_vps, mltp_vp_count());
    }
    /* all P at once, main among them: a worker missing or counted twice
       hangs or passes early */
    if (w_parties > 1)
        mltp_barrier(&bar, (int)w_parties);
}

/* One line per fact, prefixed by the round's name; then a clean slate. */
static void w_report(const char *round, int rc, int wait_rc)
{
    int ids_ok = w_bad_id == 0;
    for (long i = 0; i < W_MAX; i++)
        ids_ok &= w_seen[i] == (i < w_parties);
    printf("%s: rc=%d wait=%d calls=%ld ids-ok=%d\n", round, rc, wait_rc,
           w_calls, ids_ok);
    printf("%s: fn-in-main self-null=%d on-main-thread=%d\n", round,
           w_main_self_null, w_main_on_thread);
    if (w_parties > 1)
        printf("%s: vps=%d\n", round, w_vps);
    printf("%s: after self-null=%d on-main-thread=%d vp=%d id=%ld\n", round,
           mltp_self() == NULL, on_main_thread(), mltp_vp_id(),
           mltp_worker_id());
    w_calls = w_bad_id = 0;
    w_vps = w_main_self_null = w_main_on_thread = 0;
    memset(w_seen, 0, sizeof w_seen);
}

static void w_round_run(const char *round)
{
    int rc = mltp_workers_run(w_fn, w_parties);
    w_report(round, rc, mltp_workers_wait());
}

static int scen_workers(void)
{
    w_parties = arg ? atol(arg) : 16;
    if (w_parties < 1 || w_parties > W_MAX)
        return 2;
    mltp_barrier_init(&bar);
    w_round_run("run");
    w_round_run("again");       /* numbered from 1 again */
    int rc = 0;
    for (long i = 1; i < w_parties; i++)     /* SPLASH-2: CREATE P-1 times */
        rc |= mltp_worker_create(w_fn);
    w_fn();
    w_report("create", rc, mltp_workers_wait());
    printf("wait-again=%d\ndone\n", mltp_workers_wait());
    return 0;
}

static volatile int ww_called;
static int ww_rc = 99, ww_errno;

static void ww_fn(void)
{
    if (mltp_worker_id() == 1) {
        clear_err();
        ww_rc = mltp_workers_wait();
        ww_errno = err();
        /* a release: GCC stored the volatile flag before ww_errno, and
           main printed errno=0 (1 run of 20 in make check-repeat) */
        __atomic_store_n(&ww_called, 1, __ATOMIC_RELEASE);
    } else {
        while (!ww_called)      /* main waits after the worker has tried */
            mltp_yield();
    }
}

static int scen_wait_in_worker(void)
{
    int rc = mltp_workers_run(ww_fn, 2);
    printf("run=%d worker-wait=%d errno=%d", rc, ww_rc, ww_errno);
    printf(" main-wait=%d\n", mltp_workers_wait());
    printf("after self-null=%d on-main-thread=%d\ndone\n", mltp_self() == NULL,
           on_main_thread());
    return 0;
}

static int scen_workers_failed_begin(void)
{
    struct rlimit old;
    int e = nproc_at_limit(&old);
    if (e)
        return e;
    w_parties = 1;      /* fn must not run: if it does, no barrier hides it */
    clear_err();
    int create = mltp_worker_create(w_fn), create_errno = err();
    clear_err();
    int run = mltp_workers_run(w_fn, 4), run_errno = err();
    int self_null = mltp_self() == NULL;
    int wait_rc = mltp_workers_wait();
    setrlimit(RLIMIT_NPROC, &old);
    printf("create=%d errno=%d run=%d errno=%d calls=%ld self-null=%d wait=%d\n",
           create, create_errno, run, run_errno, w_calls, self_null, wait_rc);
    mltp_barrier_init(&bar);
    w_parties = 3;
    w_round_run("after");
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* shared-malloc                                                       */

#define SM_WORKERS 4
#define SM_WORDS (1L << 18)
static long *sm;

static void sm_fn(void)
{
    long id = mltp_worker_id();
    for (long i = id; i < SM_WORDS; i += SM_WORKERS)
        sm[i] = 3 * i + 1;
    mltp_barrier(&bar, SM_WORKERS);
}

static void *sm_huge_fn(void *p)
{
    (void)p;
    void *q = mltp_shared_malloc(SIZE_MAX / 2);
    printf("survived %p\n", q);
    return NULL;
}

/* RLIMIT_AS at what the process has mapped plus room (stdio, a few
   allocations); *old gets the limit before. 0, or -1. */
static int as_limit_near_now(size_t room, struct rlimit *old)
{
    long pages;
    struct rlimit rl;

    if (statm_pages(&pages, NULL) != 0)
        return -1;
    getrlimit(RLIMIT_AS, old);
    rl = *old;
    rl.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + room;
    return setrlimit(RLIMIT_AS, &rl);
}

static int scen_shared_malloc(void)
{
    const char *how = arg ? arg : "ok";

    if (!strcmp(how, "huge")) {
        sm_huge_fn(NULL);
    } else if (!strcmp(how, "huge-worker")) {
        if (mltp_begin(nvp) != 0)
            return 99;
        mltp_join(make(sm_huge_fn, NULL), NULL);
        mltp_end();
    } else if (!strcmp(how, "rlimit")) {
        struct rlimit old;
        if (as_limit_near_now(16u << 20, &old) != 0)   /* not the block */
            return 99;
        void *q = mltp_shared_malloc(256u << 20);
        printf("survived %p\n", q);
    } else {
        mltp_barrier_init(&bar);
        sm = mltp_shared_malloc(SM_WORDS * sizeof *sm);
        int rc = mltp_workers_run(sm_fn, SM_WORKERS);
        int wait_rc = mltp_workers_wait();
        long bad = 0;
        for (long i = 0; i < SM_WORDS; i++)
            bad += sm[i] != 3 * i + 1;
        free(sm);
        printf("run=%d wait=%d bad-words=%ld\n", rc, wait_rc, bad);
    }
    printf("done\n");
    return 0;
}

/* mltp_workers_run failing part-way: no memory for the k-th worker. It
   returns -1 (ENOMEM) without calling fn in main; the workers made
   before run, and the wait waits for them. */
static long rp_calls, rp_max_id, rp_main_calls;
static mltp_pause_t rp_go;      /* the workers live until main has failed */

static void rp_fn(void)
{
    long id = mltp_worker_id(), m = LOAD(rp_max_id);

    if (id == 0)
        INC(rp_main_calls);
    else
        mltp_pause_wait(&rp_go);
    INC(rp_calls);
    while (id > m && !__atomic_compare_exchange_n(&rp_max_id, &m, id, 0,
                                                 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        ;
}

static int scen_run_partial(void)
{
    struct rlimit old;

    mltp_pause_init(&rp_go);
    if (as_limit_near_now(64u << 20, &old) != 0)
        return 99;
    clear_err();
    int rc = mltp_workers_run(rp_fn, 100000000);
    int e = err();
    setrlimit(RLIMIT_AS, &old);
    mltp_pause_set(&rp_go);
    int wait_rc = mltp_workers_wait();
    printf("run=%d errno=%d wait=%d main-calls=%ld made-all-ran=%d some=%d\n", rc,
           e, wait_rc, rp_main_calls, rp_calls == rp_max_id, rp_max_id > 0);
    printf("after self-null=%d on-main-thread=%d\ndone\n", mltp_self() == NULL,
           on_main_thread());
    return 0;
}

/* ------------------------------------------------------------------ */

static const struct pu_scenario scenarios[] = {
    PU_SCEN("share", scen_share),
    PU_SCEN("errors", scen_errors),
    PU_SCEN("segv", scen_segv),
    PU_SCEN("exit", scen_exit),
    PU_SCEN("return", scen_return),
    PU_SCEN("abort", scen_abort),
    PU_SCEN("sigterm", scen_sigterm),
    PU_SCEN("deadlock-end", scen_deadlock_end),
    PU_SCEN("deadlock-main", scen_deadlock_main),
    PU_SCEN("failed-begin", scen_failed_begin),
    PU_SCEN("vps", scen_vps),
    PU_SCEN("workers", scen_workers),
    PU_SCEN("wait-in-worker", scen_wait_in_worker),
    PU_SCEN("workers-run-partial", scen_run_partial),
    PU_SCEN("workers-failed-begin", scen_workers_failed_begin),
    PU_SCEN("shared-malloc", scen_shared_malloc),
};

int main(int argc, char **argv)
{
    main_pid = getpid();
    return PU_MAIN(argc, argv, &nvp, &arg, scenarios);
}
