/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/omp_features.c - an OpenMP program that checks its own results,
 * built with -fopenmp only (no MLTP call), so that tests/openmp.sh runs
 * the same binary on libgomp and on MLTP's runtime (mltp-omp).
 *   omp_features            every construct; "all ok", or FAIL lines and
 *                           status 1
 *   omp_features nested     a 4 x 4 nested region: how many kernel-level
 *                           threads (distinct gettid()) ran its 16 threads
 *   omp_features env        the ICVs as the environment set them
 *   omp_features crash|exit|abort  one of 4 threads fails in a region
 *   omp_features target     a target region (run on the host)
 *   omp_features doacross   ordered depend(sink/source): not supported
 *   omp_features stack      4 MiB of frames in each thread (OMP_STACKSIZE)
 *   omp_features waits      the master sleeps until thread 1 sets a flag,
 *                           then polls a pipe thread 1 wrote
 *   omp_features idle-waits a task computes 200 ms of CPU time while a
 *                           thread waits for it at a region's end, then at
 *                           a taskgroup's end: "task-cpu-ms N", the CPU
 *                           time the tasks took (the program's whole CPU
 *                           time should be little more: a waiter that
 *                           polled would add as much again) */
#include <omp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Under AddressSanitizer (ignored otherwise): the crash and stack modes
   crash on purpose to test MLTP's reports, so ASan takes neither SIGSEGV,
   SIGABRT nor SIGBUS. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "handle_segv=0:handle_abort=0:handle_sigbus=0";
}

static int failures;

#define CHECK(cond, ...)                                \
    do {                                                \
        if (!(cond)) {                                  \
            printf("FAIL %s:%d: ", __func__, __LINE__); \
            printf(__VA_ARGS__);                        \
            printf("\n");                               \
            failures++;                                 \
        }                                               \
    } while (0)

static void spin(int n)
{
    volatile unsigned x = 0;
    for (int i = 0; i < n; i++)
        x += (unsigned)i;
}

static void test_parallel(void)
{
    int n = 0, in = -1, seen[64] = { 0 };

#pragma omp parallel num_threads(5) reduction(+ : n)
    {
        n++;
        seen[omp_get_thread_num()] = omp_get_num_threads();
#pragma omp single
        in = omp_in_parallel();
    }
    CHECK(n == 5, "num_threads(5) ran %d threads", n);
    CHECK(in == 1, "omp_in_parallel %d", in);
    for (int i = 0; i < 5; i++)
        CHECK(seen[i] == 5, "thread %d saw %d threads", i, seen[i]);
    n = 0;
    int cond = 0;
#pragma omp parallel num_threads(4) if (cond) reduction(+ : n)
    n++;
    CHECK(n == 1, "if(0) ran %d threads", n);
    CHECK(!omp_in_parallel(), "in parallel outside");
    n = 0;
#pragma omp parallel proc_bind(close) num_threads(3) reduction(+ : n)
    n++;
    CHECK(n == 3, "proc_bind(close) ran %d", n);
}

static void test_loops(void)
{
    const long N = 10007;
    long want = N * (N - 1) / 2;
    long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0, s8 = 0, s9 = 0;
    unsigned long long u1 = 0;
    long down = 0;

#pragma omp parallel num_threads(4)
    {
#pragma omp for schedule(static) reduction(+ : s1)
        for (long i = 0; i < N; i++)
            s1 += i;
#pragma omp for schedule(static, 7) reduction(+ : s2) nowait
        for (long i = 0; i < N; i++)
            s2 += i;
#pragma omp for schedule(dynamic) reduction(+ : s3)
        for (long i = 0; i < N; i++)
            s3 += i;
#pragma omp for schedule(monotonic : dynamic, 13) reduction(+ : s4)
        for (long i = 0; i < N; i++)
            s4 += i;
#pragma omp for schedule(guided, 5) reduction(+ : s5)
        for (long i = 0; i < N; i++)
            s5 += i;
#pragma omp for schedule(runtime) reduction(+ : s6)
        for (long i = 0; i < N; i++)
            s6 += i;
#pragma omp for schedule(auto) reduction(+ : s7)
        for (long i = 0; i < N; i++)
            s7 += i;
#pragma omp for schedule(nonmonotonic : guided) reduction(+ : s8)
        for (long i = 0; i < N; i++)
            s8 += i;
#pragma omp for schedule(dynamic, 3) reduction(+ : u1)
        for (unsigned long long i = 0; i < (unsigned long long)N; i++)
            u1 += i;
#pragma omp for schedule(guided) reduction(+ : down)
        for (long i = N - 1; i >= 0; i -= 3)
            down += i;
#pragma omp for collapse(2) schedule(dynamic, 4) reduction(+ : s9)
        for (int i = 0; i < 100; i++)
            for (int j = 0; j < 101; j++)
                s9 += i * 101 + j;
    }
    long want_down = 0;
    for (long i = N - 1; i >= 0; i -= 3)
        want_down += i;
    CHECK(s1 == want && s2 == want && s3 == want && s4 == want && s5 == want,
          "sums %ld %ld %ld %ld %ld, want %ld", s1, s2, s3, s4, s5, want);
    CHECK(s6 == want && s7 == want && s8 == want, "sums %ld %ld %ld", s6, s7, s8);
    CHECK(u1 == (unsigned long long)want, "ull sum %llu", u1);
    CHECK(down == want_down, "down %ld want %ld", down, want_down);
    CHECK(s9 == 100L * 101 * (100 * 101 - 1) / 2, "collapse %ld", s9);

    /* every iteration exactly once, whatever the schedule */
    static int hits[3000];
    memset(hits, 0, sizeof hits);
#pragma omp parallel for schedule(guided, 2) num_threads(3)
    for (int i = 0; i < 3000; i++)
        __atomic_add_fetch(&hits[i], 1, __ATOMIC_RELAXED);
    int once = 1;
    for (int i = 0; i < 3000; i++)
        once &= hits[i] == 1;
    CHECK(once, "guided: an iteration ran twice or never");

    /* an empty loop and a loop of one */
    long e = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : e)
    for (long i = 5; i < 5; i++)
        e++;
#pragma omp parallel for schedule(static, 2) reduction(+ : e)
    for (long i = 5; i < 6; i++)
        e += i;
    CHECK(e == 5, "empty/one loops %ld", e);

    /* ordered: iterations in order */
    int next = 0, bad = 0;
#pragma omp parallel for ordered schedule(dynamic, 2) num_threads(4)
    for (int i = 0; i < 200; i++) {
        spin(i % 7 * 50);
#pragma omp ordered
        {
            if (i != next)
                bad++;
            next++;
        }
    }
    CHECK(!bad && next == 200, "ordered dynamic: %d out of order", bad);
    next = 0;
    bad = 0;
#pragma omp parallel for ordered schedule(static, 3) num_threads(3)
    for (int i = 0; i < 100; i++) {
#pragma omp ordered
        {
            if (i != next)
                bad++;
            next++;
        }
    }
    CHECK(!bad && next == 100, "ordered static: %d out of order", bad);
}

static void test_sections_single(void)
{
    int sec[4] = { 0 }, singles = 0, copied[8], masters = 0, masked = 0;

#pragma omp parallel num_threads(3)
    {
#pragma omp sections
        {
#pragma omp section
            sec[0]++;
#pragma omp section
            sec[1]++;
#pragma omp section
            sec[2]++;
#pragma omp section
            sec[3]++;
        }
        for (int k = 0; k < 50; k++) {
#pragma omp single nowait
            __atomic_add_fetch(&singles, 1, __ATOMIC_RELAXED);
        }
#pragma omp barrier
        int v;
#pragma omp single copyprivate(v)
        v = 42 + omp_get_thread_num() * 0;
        copied[omp_get_thread_num()] = v;
#pragma omp master
        masters++;
#pragma omp masked filter(1)
        masked += omp_get_thread_num();
    }
    CHECK(sec[0] == 1 && sec[1] == 1 && sec[2] == 1 && sec[3] == 1, "sections %d %d %d %d",
          sec[0], sec[1], sec[2], sec[3]);
    CHECK(singles == 50, "50 nowait singles ran %d times", singles);
    for (int i = 0; i < 3; i++)
        CHECK(copied[i] == 42, "copyprivate: thread %d got %d", i, copied[i]);
    CHECK(masters == 1 && masked == 1, "master %d masked %d", masters, masked);

    int sec2 = 0;
#pragma omp parallel sections num_threads(2) reduction(+ : sec2)
    {
#pragma omp section
        sec2 += 1;
#pragma omp section
        sec2 += 10;
    }
    CHECK(sec2 == 11, "parallel sections %d", sec2);
}

static void test_sync(void)
{
    long c1 = 0, c2 = 0, a = 0;
    double d = 0;
    long double ld = 0;
    int inside = 0, overlap = 0;
    omp_lock_t l;
    omp_nest_lock_t nl;
    long lk = 0, nested = 0;

    omp_init_lock(&l);
    omp_init_nest_lock(&nl);
#pragma omp parallel num_threads(8)
    {
        for (int i = 0; i < 1000; i++) {
#pragma omp critical
            {
                if (inside++)
                    overlap++;
                c1++;
                inside--;
            }
#pragma omp critical(other)
            c2 += 2;
#pragma omp atomic
            a++;
#pragma omp atomic update
            d += 0.5;
#pragma omp atomic
            ld += 1;
            omp_set_lock(&l);
            lk++;
            omp_unset_lock(&l);
            omp_set_nest_lock(&nl);
            omp_set_nest_lock(&nl);
            nested++;
            omp_unset_nest_lock(&nl);
            omp_unset_nest_lock(&nl);
        }
        long v;
#pragma omp atomic capture
        v = a++;
        (void)v;
#pragma omp barrier
#pragma omp single
        {
            CHECK(omp_test_lock(&l) == 1, "test_lock on a free lock");
            omp_unset_lock(&l);
            CHECK(omp_test_nest_lock(&nl) == 1 && omp_test_nest_lock(&nl) == 2,
                  "test_nest_lock counts");
            omp_unset_nest_lock(&nl);
            omp_unset_nest_lock(&nl);
        }
    }
    CHECK(c1 == 8000 && !overlap, "critical %ld overlap %d", c1, overlap);
    CHECK(c2 == 16000, "named critical %ld", c2);
    CHECK(a == 8008 && d == 4000.0 && ld == 8000.0L, "atomics %ld %g %Lg", a, d, ld);
    CHECK(lk == 8000 && nested == 8000, "locks %ld %ld", lk, nested);
    omp_destroy_lock(&l);
    omp_destroy_nest_lock(&nl);

    /* a barrier separates phases */
    int phase[16] = { 0 }, wrong = 0;
#pragma omp parallel num_threads(16) reduction(+ : wrong)
    {
        phase[omp_get_thread_num()] = 1;
#pragma omp barrier
        for (int i = 0; i < 16; i++)
            wrong += phase[i] != 1;
    }
    CHECK(!wrong, "barrier: %d threads not there", wrong);

    /* reductions as GCC emits them */
    long sum = 0, prod = 1, mx = -1;
    double fsum = 0;
    int land = 1, lor = 0, band = ~0, bor = 0;
#pragma omp parallel for num_threads(4) reduction(+ : sum, fsum) reduction(* : prod) \
    reduction(max : mx) reduction(&& : land) reduction(|| : lor) reduction(& : band)      \
    reduction(| : bor)
    for (int i = 1; i <= 20; i++) {
        sum += i;
        fsum += i / 2.0;
        if (i <= 10)
            prod *= i;
        mx = i > mx ? i : mx;
        land = land && i > 0;
        lor = lor || i == 7;
        band &= ~(1 << (i % 8)) | 1;
        bor |= 1 << (i % 8);
    }
    CHECK(sum == 210 && fsum == 105.0 && prod == 3628800 && mx == 20 && land && lor,
          "reductions %ld %g %ld %ld %d %d", sum, fsum, prod, mx, land, lor);
    int want_band = ~0;
    for (int i = 1; i <= 20; i++)
        want_band &= ~(1 << (i % 8)) | 1;
    CHECK(bor == 0xff && band == want_band, "bit reductions %x %x", bor, band);
}

static long fib(int n)
{
    long a, b;
    if (n < 2)
        return n;
#pragma omp task shared(a) if (n > 8)
    a = fib(n - 1);
#pragma omp task shared(b) final(n < 6) mergeable
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

/* Dependences on 400 addresses (the runtime's map of them grows) and a
   task with 12 successors (more than its record keeps). */
#define WAVE 20
static int wave[WAVE + 1][WAVE + 1];    /* row and column 0: never written */

static void test_many_deps(void)
{
    int fan = 0, seen = 0, bad = 0;

#pragma omp parallel num_threads(4)
#pragma omp single
    {
        for (int i = 1; i <= WAVE; i++)
            for (int j = 1; j <= WAVE; j++) {
#pragma omp task depend(in : wave[i - 1][j], wave[i][j - 1]) depend(inout : wave[i][j]) \
    firstprivate(i, j)
                {
                    int up = wave[i - 1][j], left = wave[i][j - 1];
                    wave[i][j] = (up > left ? up : left) + 1;
                }
            }
#pragma omp task depend(out : fan) shared(fan)
        {
            spin(100000);
            fan = 1;
        }
        for (int r = 0; r < 12; r++) {
#pragma omp task depend(in : fan) shared(fan, seen)
            if (fan == 1)
                __atomic_add_fetch(&seen, 1, __ATOMIC_SEQ_CST);
        }
#pragma omp task depend(inout : fan) shared(fan, seen)
        fan = __atomic_load_n(&seen, __ATOMIC_SEQ_CST) == 12 ? 2 : -1;
    }
    for (int i = 1; i <= WAVE; i++)
        for (int j = 1; j <= WAVE; j++)
            bad += wave[i][j] != i + j - 1;
    CHECK(bad == 0, "a wavefront of dependent tasks: %d of %d cells wrong (last %d, not %d)", bad,
          WAVE * WAVE, wave[WAVE][WAVE], 2 * WAVE - 1);
    CHECK(fan == 2 && seen == 12, "one out, 12 in, one inout: %d in tasks saw the out, last %d",
          seen, fan);
}

static void test_tasks(void)
{
    long f = 0, cnt = 0, order[4] = { 0 }, seq = 0;
    int x = 0, in_final = 0, events = 0;

#pragma omp parallel num_threads(4)
#pragma omp single
    {
        f = fib(20);
        for (int i = 0; i < 100; i++) {
#pragma omp task shared(cnt)
            {
#pragma omp atomic
                cnt++;
            }
        }
#pragma omp taskwait
        /* depend: out, in, in, inout in that order */
#pragma omp task depend(out : x) shared(x, order, seq)
        {
            spin(100000);
            x = 1;
            order[0] = __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST);
        }
#pragma omp task depend(in : x) shared(x, order, seq)
        order[1] = x == 1 ? __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST) : -100;
#pragma omp task depend(in : x) shared(x, order, seq)
        order[2] = x == 1 ? __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST) : -100;
#pragma omp task depend(inout : x) shared(x, order, seq)
        {
            order[3] = __atomic_add_fetch(&seq, 1, __ATOMIC_SEQ_CST);
            x = 2;
        }
#pragma omp taskgroup
        {
#pragma omp task shared(cnt)
            {
#pragma omp task shared(cnt)
                {
                    spin(50000);
#pragma omp atomic
                    cnt += 1000;
                }
            }
        }
        CHECK(cnt == 1100, "taskgroup did not wait for a grandchild: %ld", cnt);
#pragma omp task final(1) shared(in_final)
        in_final = omp_in_final();
#pragma omp taskyield
        omp_event_handle_t ev;
#pragma omp task detach(ev) shared(events)
        events++;
        omp_fulfill_event(ev);
    }
    CHECK(f == 6765, "fib(20) = %ld", f);
    CHECK(cnt == 1100, "100 tasks counted %ld", cnt - 1000);
    CHECK(order[0] == 1 && order[1] >= 2 && order[1] <= 3 && order[2] >= 2 && order[2] <= 3 &&
              order[3] == 4 && x == 2,
          "depend order %ld %ld %ld %ld", order[0], order[1], order[2], order[3]);
    CHECK(in_final == 1, "omp_in_final in a final task: %d", in_final);
    test_many_deps();
    CHECK(events == 1, "detached task ran %d times", events);

    /* taskloop */
    long tl = 0, tl2 = 0;
    unsigned long long tlu = 0;
#pragma omp parallel num_threads(3)
#pragma omp single
    {
#pragma omp taskloop grainsize(10) shared(tl)
        for (long i = 0; i < 1000; i++) {
#pragma omp atomic
            tl += i;
        }
#pragma omp taskloop num_tasks(7) shared(tl2)
        for (long i = 999; i >= 0; i -= 2) {
#pragma omp atomic
            tl2 += i;
        }
#pragma omp taskloop grainsize(33) shared(tlu) nogroup
        for (unsigned long long i = 0; i < 500; i++) {
#pragma omp atomic
            tlu += i;
        }
#pragma omp taskwait
    }
    CHECK(tl == 499500 && tl2 == 250000 && tlu == 124750, "taskloop %ld %ld %llu", tl, tl2,
          tlu);

    /* tasks outside any region, waited for at the end of main's task */
    long outside = 0;
    for (int i = 0; i < 10; i++) {
#pragma omp task shared(outside)
        __atomic_add_fetch(&outside, 1, __ATOMIC_RELAXED);
    }
#pragma omp taskwait
    CHECK(outside == 10, "tasks outside a region %ld", outside);
}

static void test_api(void)
{
    omp_sched_t k;
    int chunk, lvl_ok = 1;

    omp_set_schedule(omp_sched_guided, 7);
    omp_get_schedule(&k, &chunk);
    CHECK(k == omp_sched_guided && chunk == 7, "schedule %d %d", (int)k, chunk);
    omp_set_schedule(omp_sched_dynamic, 2);
    long s = 0;
#pragma omp parallel for schedule(runtime) reduction(+ : s) num_threads(3)
    for (int i = 0; i < 100; i++)
        s += i;
    CHECK(s == 4950, "runtime schedule %ld", s);
    omp_set_num_threads(3);
    CHECK(omp_get_max_threads() == 3, "max threads %d", omp_get_max_threads());
    int n = 0;
#pragma omp parallel reduction(+ : n)
    n++;
    CHECK(n == 3, "omp_set_num_threads(3) gave %d", n);
    omp_set_dynamic(0);
    CHECK(omp_get_dynamic() == 0, "dynamic");
    CHECK(omp_get_num_procs() >= 1 && omp_get_thread_limit() >= 1, "procs/limit");
    double t0 = omp_get_wtime();
    spin(100000);
    CHECK(omp_get_wtime() > t0 && omp_get_wtick() > 0 && omp_get_wtick() < 0.01, "wtime");
    omp_set_max_active_levels(2);
    CHECK(omp_get_max_active_levels() == 2, "max active levels %d", omp_get_max_active_levels());
#pragma omp parallel num_threads(2)
    {
#pragma omp parallel num_threads(3)
        {
            if (omp_get_level() != 2 || omp_get_active_level() != 2 ||
                omp_get_team_size(2) != 3 || omp_get_team_size(1) != 2 ||
                omp_get_ancestor_thread_num(2) != omp_get_thread_num() ||
                omp_get_ancestor_thread_num(0) != 0 || omp_get_team_size(0) != 1 ||
                omp_get_ancestor_thread_num(3) != -1)
                lvl_ok = 0;
#pragma omp parallel num_threads(4)
            if (omp_get_num_threads() != 1 || omp_get_level() != 3 ||
                omp_get_active_level() != 2)
                lvl_ok = 0;
        }
    }
    CHECK(lvl_ok, "levels, ancestors, team sizes");
    omp_set_max_active_levels(1);
    omp_set_num_threads(omp_get_num_procs());
    CHECK(omp_get_level() == 0 && omp_get_thread_num() == 0 && omp_get_num_threads() == 1,
          "outside a region");
}

static int nested(void)
{
    long tids[16];
    int distinct = 0;

    omp_set_max_active_levels(2);
#pragma omp parallel num_threads(4)
#pragma omp parallel num_threads(4)
    {
        int i = omp_get_ancestor_thread_num(1) * 4 + omp_get_thread_num();
        tids[i] = syscall(SYS_gettid);
        spin(2000000);
#pragma omp barrier
    }
    for (int i = 0; i < 16; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= tids[j] == tids[i];
        distinct += !seen;
    }
    printf("kernel threads %d\n", distinct);
    return 0;
}

static int env(void)
{
    omp_sched_t k;
    int chunk, n = 0, inner = 0;

    omp_get_schedule(&k, &chunk);
#pragma omp parallel reduction(+ : n)
    {
        n++;
#pragma omp parallel
#pragma omp single
        inner = omp_get_num_threads();
    }
    printf("threads %d inner %d max_active %d dynamic %d schedule %d,%d limit %d\n", n, inner,
           omp_get_max_active_levels(), omp_get_dynamic(), (int)k, chunk,
           omp_get_thread_limit());
    return 0;
}

static int deep(int n)
{
    volatile char buf[1024];
    buf[0] = (char)n;
    return n ? deep(n - 1) + buf[0] : 0;
}

int *volatile nowhere;

/* "waits": the master thread's sleeps and its poll of a pipe leave its
   VP to the other thread (with MLTP_VPS=1 there is no other VP): it
   sleeps 1 ms at a time until thread 1 sets a flag, and polls a pipe
   thread 1 writes, each for 2 s at most. */
static volatile int w_flag;
static int waits(void)
{
    int fds[2], slept = 0, polled = 0;
    if (pipe(fds) != 0)
        return 2;
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 0) {
            struct timespec ms = { 0, 1000000 };
            struct pollfd p = { fds[0], POLLIN, 0 };
            while (!w_flag && slept < 2000) {
                nanosleep(&ms, NULL);
                slept++;
            }
            polled = poll(&p, 1, 2000);
        } else {
            w_flag = 1;
            if (write(fds[1], "x", 1) != 1)
                abort();
        }
    }
    printf("%s, %s\n", w_flag && slept < 2000 ? "flag seen" : "sleeps held the VP",
           polled == 1 ? "pipe ready" : "poll held the VP");
    return 0;
}

/* "idle-waits": a thread that waits for tasks runs them or blocks; it
   does not keep a CPU busy polling */
static double task_cpu;

static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void burn(void)
{
    double t0 = thread_cpu(), t;
    volatile long x = 0;
    while ((t = thread_cpu()) - t0 < 0.2)
        for (int i = 0; i < 100000; i++)
            x++;
#pragma omp atomic
    task_cpu += t - t0;
}

static int idle_waits(void)
{
    /* the region's end waits for the task */
#pragma omp parallel num_threads(2)
    {
#pragma omp single nowait
        {
#pragma omp task
            burn();
        }
    }
    /* the master waits at the taskgroup's end, the other thread at the
       region's */
#pragma omp parallel num_threads(2)
    {
#pragma omp master
        {
#pragma omp taskgroup
            {
#pragma omp task
                burn();
            }
        }
    }
    printf("task-cpu-ms %.0f\n", task_cpu * 1e3);
    return 0;
}

/* "in-place": a taskwait runs its own children not yet taken, on its
   own thread; on one VP no other takes them (libgomp's other thread, at
   the barrier, may) */
static int in_place(void)
{
    int n = 0;

#pragma omp parallel num_threads(2) reduction(+ : n)
    if (omp_get_thread_num() == 1) {
        int ran_on[8];
        for (int i = 0; i < 8; i++) {
#pragma omp task shared(ran_on) firstprivate(i)
            ran_on[i] = omp_get_thread_num();
        }
#pragma omp taskwait
        for (int i = 0; i < 8; i++)
            n += ran_on[i] == 1;
    }
    printf("children run in place %d of 8\n", n);
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "all";

    if (!strcmp(mode, "in-place"))
        return in_place();
    if (!strcmp(mode, "nested"))
        return nested();
    if (!strcmp(mode, "env"))
        return env();
    if (!strcmp(mode, "crash") || !strcmp(mode, "exit") || !strcmp(mode, "abort")) {
        printf("before\n");
#pragma omp parallel num_threads(4)
        {
            if (omp_get_thread_num() == 2) {
                if (mode[0] == 'c')
                    *nowhere = 1;
                if (mode[0] == 'e')
                    exit(7);
                abort();
            }
#pragma omp barrier
        }
        printf("not reached\n");
        return 0;
    }
    if (!strcmp(mode, "target")) {
        int v = 0;
#pragma omp target map(tofrom : v)
        v = omp_is_initial_device();
        printf("target ran on the host: %d\n", v);
        return v == 1 ? 0 : 3;
    }
    if (!strcmp(mode, "doacross")) {
        int a[100] = { 0 };
#pragma omp parallel for ordered(1) num_threads(2)
        for (int i = 1; i < 100; i++) {
#pragma omp ordered depend(sink : i - 1)
            a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
        }
        return a[99] == 99 ? 0 : 3;
    }
    if (!strcmp(mode, "waits"))
        return waits();
    if (!strcmp(mode, "idle-waits"))
        return idle_waits();
    if (!strcmp(mode, "stack")) {
        /* 4 MiB of frames in every thread of the team: OMP_STACKSIZE */
        long s = 0;
#pragma omp parallel num_threads(4) reduction(+ : s)
        s += deep(4000);
        printf("deep %ld\n", s);
        return 0;
    }
    test_parallel();
    test_loops();
    test_sections_single();
    test_sync();
    test_tasks();
    test_api();
    if (failures)
        return 1;
    printf("all ok\n");
    return 0;
}
