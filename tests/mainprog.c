/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mainprog.c - main's share (mltp_begin / mltp_end, issue 9), one scenario
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
 * usage: mainprog SCENARIO NVP [ARG]
 */
#include <signal.h>
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

static int scen_deadlock_end(void)
{
    mltp_barrier_init(&bar);
    if (mltp_begin(nvp) != 0)
        return 1;
    make(lone_waiter, &bar);
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
    mltp_barrier_init(&bar);
    if (mltp_begin(nvp) != 0)
        return 1;
    make(third_party_waiter, &bar);
    printf("main waits\n");
    fflush(stdout);
    mltp_barrier(&bar, 3);
    printf("main released\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* failed-begin: RLIMIT_NPROC as nobody in a user namespace of its own, as
   schedprog's failed-start */

static void *hello(void *p)
{
    printf("ran %s\n", (const char *)p);
    fflush(stdout);
    return NULL;
}

static int scen_failed_begin(void)
{
    struct rlimit old;
    int e = nproc_at_limit(hello, "first", &old);
    if (e)
        return e;
    make(hello, "second");
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

static const struct {
    const char *name;
    int (*run)(void);
} scenarios[] = {
    { "share", scen_share },
    { "errors", scen_errors },
    { "segv", scen_segv },
    { "exit", scen_exit },
    { "return", scen_return },
    { "abort", scen_abort },
    { "sigterm", scen_sigterm },
    { "deadlock-end", scen_deadlock_end },
    { "deadlock-main", scen_deadlock_main },
    { "failed-begin", scen_failed_begin },
};

int main(int argc, char **argv)
{
    if (argc < 3 || (nvp = atoi(argv[2])) < 1 || nvp > 64) {
        fprintf(stderr, "usage: %s SCENARIO NVP(1..64) [ARG]\n", argv[0]);
        return 2;
    }
    arg = argc > 3 ? argv[3] : NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    main_pid = getpid();
    for (size_t i = 0; i < sizeof scenarios / sizeof scenarios[0]; i++)
        if (!strcmp(argv[1], scenarios[i].name))
            return scenarios[i].run();
    fprintf(stderr, "mainprog: unknown scenario %s\n", argv[1]);
    return 2;
}
