/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_vp.c - process layer: glibc inside VPs with migrating ULTs, VPs
 * pinned to CPUs (and what gets the mask back), and every fault path (crash, abort, stack overflow, exit, SIGINT, SIGTERM,
 * SIGKILL of the reaper, deadlock, bad starts) run through tests/faulty,
 * with exit status, the reaper's message and SysV semaphore leaks checked.
 * The glibc cases and tests/faulty's starts on 2 VPs run on MLTP_TEST_VPS
 * when set (tests/test_vps.h); the pinning cases keep their counts, which
 * they compare with the CPUs.
 */
#include <sched.h>
#include <pthread.h>
#include <setjmp.h>
#include <sys/rseq.h>
#include <sys/syscall.h>

#include "check_util.h"
#include "sched_cases.h"

/* ==================================================================== */
/* glibc in migrating ULTs                                              */

#define G_ULTS 16
#define G_ITERS 300

static char g_dir[64];
static int g_done;
static unsigned long g_canary, g_ptrguard;
static int g_migrations;
/* Every ULT blocks here every 10 iterations: a release readies all of
   them on the releaser's VP, whose idle peer steals half: ULTs move
   between VPs. Without it, 16 ULTs that only yield keep both VPs busy
   and stay where they were first stolen (about 1 run in 100 saw no
   move). */
static mltp_barrier_t g_bar = MLTP_BARRIER_INITIALIZER;

static __attribute__((noipa)) int read_errno(void) { return errno; }
static __attribute__((noipa)) void write_errno(int v) { errno = v; }

/* The stack-protector canary and the pointer guard: on x86-64 words of
   each thread's TCB (%fs:0x28, %fs:0x30), which a borrowed TCB must have
   as every thread does. aarch64's glibc keeps both in globals
   (__stack_chk_guard, and the pointer guard in ld.so), the same memory in
   every VP: nothing to compare there, and a check that cannot fail is
   left out (the setjmp/longjmp across a migration below still uses the
   pointer guard). */
#if defined(__x86_64__)
#define GUARDS_PER_THREAD 1
static unsigned long fs_word(int off)
{
    unsigned long v;
    if (off == 0x28)
        __asm__ volatile("movq %%fs:0x28, %0" : "=r"(v));
    else
        __asm__ volatile("movq %%fs:0x30, %0" : "=r"(v));
    return v;
}
#else
#define GUARDS_PER_THREAD 0
static unsigned long fs_word(int off)
{
    (void)off;
    return 0;
}
#endif

static char *utoa(char *out, long v)
{
    char tmp[24];
    int n = 0, neg = v < 0;
    unsigned long u = neg ? (unsigned long)-v : (unsigned long)v;
    do
        tmp[n++] = (char)('0' + u % 10);
    while ((u /= 10) != 0);
    if (neg)
        *out++ = '-';
    while (n)
        *out++ = tmp[--n];
    *out = 0;
    return out;
}

static void expected_fmt(char *out, int id, int it)
{
    /* what snprintf("id=%d it=%d x=%.3f s=%s", id, it, 1.5, "abc") gives */
    char *p = out;
    p = stpcpy(p, "id=");
    p = utoa(p, id);
    p = stpcpy(p, " it=");
    p = utoa(p, it);
    stpcpy(p, " x=1.500 s=abc");
}

static int check_fill(const unsigned char *b, size_t from, size_t to,
                      unsigned char v)
{
    for (size_t i = from; i < to; i++)
        if (b[i] != v)
            return 0;
    return 1;
}

/* setjmp, yield (maybe migrating: the pointer guard must match), longjmp
   back */
static __attribute__((noinline)) void jump_across_yield(int id, int it)
{
    jmp_buf jb;
    volatile int stage = 0;
    int r = setjmp(jb);
    if (r == 0) {
        stage = 1;
        mltp_yield();
        mltp_yield();
        longjmp(jb, 42);
    }
    ULT_CHECK(r == 42 && stage == 1, "ULT %d it %d: longjmp back: r %d "
              "stage %d", id, it, r, stage);
}

static void *glibc_ult(void *p)
{
    int id = (int)(intptr_t)p;
    unsigned char *keep = NULL;
    size_t keeplen = 0;
    unsigned char keepv = 0;
    int lastvp = mltp_vp_id();

    for (int it = 0; it < G_ITERS; it++) {
        /* malloc / realloc / free, freed later (maybe on another VP) */
        size_t n = 16 + (size_t)((id * 37 + it * 101) % 3000);
        unsigned char v1 = (unsigned char)(id * 16 + it), v2 = (unsigned char)~v1;
        unsigned char *b = malloc(n);
        ULT_CHECK(b != NULL, "malloc");
        if (!b)
            return NULL;
        memset(b, v1, n);
        mltp_yield();
        ULT_CHECK(check_fill(b, 0, n, v1), "ULT %d it %d: malloc'd buffer "
                  "changed across a yield", id, it);
        b = realloc(b, 2 * n + 100);
        ULT_CHECK(b != NULL, "realloc");
        if (!b)
            return NULL;
        ULT_CHECK(check_fill(b, 0, n, v1), "ULT %d it %d: realloc lost data",
                  id, it);
        memset(b + n, v2, n + 100);
        mltp_yield();
        ULT_CHECK(check_fill(b, 0, n, v1) && check_fill(b, n, 2 * n + 100, v2),
                  "ULT %d it %d: realloc'd buffer changed", id, it);
        if (keep) {
            ULT_CHECK(check_fill(keep, 0, keeplen, keepv), "ULT %d it %d: "
                      "kept buffer changed", id, it);
            free(keep);
        }
        keep = b;
        keeplen = n;
        keepv = v1;

        /* snprintf, checked against a hand-made string after a yield */
        char buf[128], want[128];
        snprintf(buf, sizeof buf, "id=%d it=%d x=%.3f s=%s", id, it, 1.5,
                 "abc");
        mltp_yield();
        expected_fmt(want, id, it);
        ULT_CHECK(strcmp(buf, want) == 0, "snprintf gave '%s', want '%s'",
                  buf, want);
        char buf2[128];
        snprintf(buf2, sizeof buf2, "id=%d it=%d x=%.3f s=%s", id, it, 1.5,
                 "abc");
        ULT_CHECK(strcmp(buf2, want) == 0, "snprintf after yield gave '%s'",
                  buf2);

        /* strerror */
        ULT_CHECK(strcmp(strerror(EACCES), "Permission denied") == 0,
                  "strerror(EACCES) = '%s'", strerror(EACCES));

        /* errno travels with the ULT */
        write_errno(1000 + id);
        mltp_yield();
        int e = read_errno();
        ULT_CHECK(e == 1000 + id, "ULT %d it %d: errno %d after a yield, "
                  "expected %d", id, it, e, 1000 + id);

        /* the guards are the same in every VP */
        if (GUARDS_PER_THREAD) {
            ULT_CHECK(fs_word(0x28) == g_canary, "stack-protector canary "
                      "differs on VP %d", mltp_vp_id());
            ULT_CHECK(fs_word(0x30) == g_ptrguard, "pointer guard differs on "
                      "VP %d", mltp_vp_id());
        }

        /* stdio: a file per ULT, open across a yield */
        if (it % 10 == 0) {
            char path[128];
            snprintf(path, sizeof path, "%s/f%d", g_dir, id);
            FILE *f = fopen(path, "w");
            ULT_CHECK(f != NULL, "fopen %s: %s", path, strerror(errno));
            if (f) {
                fprintf(f, "first %d %d\n", id, it);
                mltp_yield();
                fprintf(f, "second %s\n", want);
                ULT_CHECK(fclose(f) == 0, "fclose");
                f = fopen(path, "r");
                ULT_CHECK(f != NULL, "fopen for reading");
                if (f) {
                    char l1[160] = "", l2[160] = "", e1[160], e2[160];
                    snprintf(e1, sizeof e1, "first %d %d\n", id, it);
                    snprintf(e2, sizeof e2, "second %s\n", want);
                    ULT_CHECK(fgets(l1, sizeof l1, f) != NULL, "fgets");
                    mltp_yield();
                    ULT_CHECK(fgets(l2, sizeof l2, f) != NULL, "fgets");
                    ULT_CHECK(strcmp(l1, e1) == 0 && strcmp(l2, e2) == 0,
                              "file read back '%s' '%s'", l1, l2);
                    ULT_CHECK(fgetc(f) == EOF, "extra data in file");
                    fclose(f);
                }
                unlink(path);
            }
        }

        /* setjmp, yield (maybe migrate), longjmp back */
        if (it % 10 == 5)
            jump_across_yield(id, it);

        if (it % 10 == 9)
            ULT_CHECK(mltp_barrier(&g_bar, G_ULTS) == 0, "mltp_barrier");
        int vp = mltp_vp_id();
        if (vp != lastvp)
            CU_INC(g_migrations);
        lastvp = vp;
    }
    if (keep) {
        ULT_CHECK(check_fill(keep, 0, keeplen, keepv), "kept buffer changed");
        free(keep);
    }
    CU_INC(g_done);
    return NULL;
}

START_TEST(glibc_in_migrating_ults)
{
    int nvp = several_vps(_i ? 4 : 2);
    strcpy(g_dir, "/tmp/mltp-test-vp-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    g_canary = fs_word(0x28);
    g_ptrguard = fs_word(0x30);
    if (!GUARDS_PER_THREAD)
        fprintf(stderr, "glibc test: canary and pointer guard not compared "
                "(globals on this architecture, not per thread)\n");
    cu_run_ults(nvp, G_ULTS, glibc_ult, NULL);
    rmdir(g_dir);
    cu_assert_ults_ok();
    ck_assert_int_eq(g_done, G_ULTS);
    fprintf(stderr, "glibc test on %d VPs: %d migrations observed\n", nvp,
            g_migrations);
    /* the point of the test: glibc state used across a yield that moved
       the ULT to another VP */
    ck_assert_msg(CU_LOAD(g_migrations) > 0, "no ULT was seen on another VP "
                  "after its yields (%d ULTs x %d iterations on %d VPs, VP "
                  "compared through mltp_vp_id() once an iteration): nothing "
                  "here ran glibc across a migration", G_ULTS, G_ITERS, nvp);
}
END_TEST

/* errno on one VP: each ULT keeps its own value across switches */
static void *errno_ult(void *p)
{
    int id = (int)(intptr_t)p;
    for (int k = 0; k < 200; k++) {
        write_errno(id * 1000 + k);
        mltp_yield();
        ULT_CHECK(read_errno() == id * 1000 + k, "ULT %d: errno %d, want %d",
                  id, read_errno(), id * 1000 + k);
    }
    return NULL;
}

START_TEST(errno_per_ult_one_vp)
{
    write_errno(4242);
    cu_run_ults(1, 6, errno_ult, NULL);
    cu_assert_ults_ok();
}
END_TEST

/* A VP's thread pointer is what glibc's threads have (vp/tcb.c): as far
   from pthread_self() as in main's thread (x86-64: the same address;
   aarch64: past struct pthread), and the rseq area it names is the one
   the kernel has registered for the VP (a second registration of it
   says EBUSY; of another area, EINVAL). Both read afresh after each
   yield: GCC may keep either across a call (mltp.h). */
static long tp_off_main;
static __attribute__((noipa)) char *thread_pointer(void)
{
    return __builtin_thread_pointer();
}
static __attribute__((noipa)) char *self_now(void)
{
    return (char *)pthread_self();
}

static void *tp_ult(void *p)
{
    (void)p;
    for (int k = 0; k < 20; k++) {
        char *tp = thread_pointer();
        long off = tp - self_now();
        ULT_CHECK(off == tp_off_main, "VP %d: thread pointer %+ld bytes from "
                  "pthread_self(), main's %+ld", mltp_vp_id(), off, tp_off_main);
        if (__rseq_size > 0) {
            unsigned int len = __rseq_size < 32 ? 32 : __rseq_size;
            errno = 0;
            long r = syscall(SYS_rseq, tp + __rseq_offset, len, 0, RSEQ_SIG);
            int e = errno;
            ULT_CHECK(r == -1 && e == EBUSY, "VP %d: rseq at the thread "
                      "pointer + __rseq_offset: %ld (%s), not EBUSY (registered)",
                      mltp_vp_id(), r, strerror(e));
        }
        mltp_yield();
    }
    return NULL;
}

START_TEST(tcb_thread_pointer)
{
    tp_off_main = thread_pointer() - self_now();
    cu_run_ults(several_vps(2), 4, tp_ult, NULL);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* VPs pinned to CPUs (vp/vp.c)                                         */

#define PIN_MAX_VPS 3
#define PIN_YIELDS 2000

static cpu_set_t pin_orig;      /* the test's mask before anything */
static cpu_set_t pin_expect;    /* the reaper's mask during the start */
static pid_t pin_main;
static int pin_nvp;             /* VPs of the start */
static int pin_want;            /* 1: the VPs must be pinned */
static int pin_seen[PIN_MAX_VPS];
static cpu_set_t pin_vp_mask[PIN_MAX_VPS];  /* sched_getaffinity on VP i */
static int pin_count, pin_cpu_checks;
static mltp_lock_t pin_lock;

static int pin_mask_cpus(void)
{
    ck_assert_int_eq(sched_getaffinity(0, sizeof pin_orig, &pin_orig), 0);
    pin_expect = pin_orig;
    pin_main = getpid();
    return CPU_COUNT(&pin_orig);
}

/* Check has no skip status: a test that needs two CPUs says why it
   checked nothing, and passes. */
static int pin_skip(const char *test)
{
    if (pin_mask_cpus() >= 2)
        return 0;
    fprintf(stderr, "SKIP %s: needs 2 CPUs in the affinity mask, has %d\n",
            test, CPU_COUNT(&pin_orig));
    return 1;
}

static int first_cpu(const cpu_set_t *m)
{
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET((size_t)c, m))
            return c;
    return -1;
}

/* The n-th CPU of m, counting from 0 */
static int nth_cpu(const cpu_set_t *m, int n)
{
    for (int c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET((size_t)c, m) && n-- == 0)
            return c;
    return -1;
}

static int all_seen(void)
{
    for (int i = 0; i < pin_nvp; i++)
        if (!CU_LOAD(pin_seen[i]))
            return 0;
    return 1;
}

/* One ULT per VP. Each notes its VP's mask, and holds the VP (no yield)
   until every VP has been seen, so that each runs one of them. Then,
   pinned, it checks sched_getcpu() against its VP's CPU at every yield
   and after a sleep; in every case it counts under a lock. */
static void *pin_ult(void *p)
{
    (void)p;
    int v = mltp_vp_id();
    double end = now() + 5.0;
    ULT_CHECK(v >= 0 && v < pin_nvp, "mltp_vp_id() %d", v);
    if (v < 0 || v >= pin_nvp)
        return NULL;
    if (!CU_LOAD(pin_seen[v])) {
        cpu_set_t m;
        ULT_CHECK(sched_getaffinity(0, sizeof pin_vp_mask[v], &pin_vp_mask[v]) == 0,
                  "sched_getaffinity on VP %d: %s", v, strerror(errno));
        ULT_CHECK(sched_getaffinity(pin_main, sizeof m, &m) == 0 &&
                  CPU_EQUAL(&m, &pin_expect), "the reaper's mask changed "
                  "during the start (%d CPUs)", CPU_COUNT(&m));
        CU_STORE(pin_seen[v], 1);
    }
    while (!all_seen() && now() < end)
        ;
    for (int k = 0; k < PIN_YIELDS; k++) {
        if (k == PIN_YIELDS / 2)
            sleep_ms(5);        /* off the CPU and back */
        if (pin_want) {
            int vp = mltp_vp_id(), cpu = sched_getcpu();
            int want = vp >= 0 && vp < pin_nvp ? first_cpu(&pin_vp_mask[vp]) : -2;
            ULT_CHECK(cpu == want, "a ULT on VP %d ran on CPU %d, its VP is "
                      "pinned to CPU %d (iteration %d)", vp, cpu, want, k);
            CU_INC(pin_cpu_checks);
        }
        mltp_lock(&pin_lock);
        pin_count++;
        mltp_unlock(&pin_lock);
        mltp_yield();
    }
    return NULL;
}

static void pin_run(int nvp)
{
    ck_assert_int_le(nvp, PIN_MAX_VPS);
    pin_nvp = nvp;
    ck_assert_int_eq(mltp_lock_init(&pin_lock, MLTP_LOCK_BLOCK), 0);
    cu_run_ults(nvp, nvp, pin_ult, NULL);
    cu_assert_ults_ok();
    for (int i = 0; i < nvp; i++)
        ck_assert_msg(pin_seen[i], "no ULT ran on VP %d", i);
    ck_assert_int_eq(pin_count, nvp * PIN_YIELDS);
    /* the reaper (main's thread) is never pinned */
    cpu_set_t m;
    ck_assert_int_eq(sched_getaffinity(0, sizeof m, &m), 0);
    ck_assert_msg(CPU_EQUAL(&m, &pin_expect), "main's mask after the start: "
                  "%d CPUs, was %d", CPU_COUNT(&m), CPU_COUNT(&pin_expect));
}

/* The mask narrowed, after mltp_init, to its last keep CPUs (at most
   those it has): the reaper's mask as the start begins. */
static void pin_keep(int keep)
{
    int n = pin_mask_cpus();
    if (keep > n)
        keep = n;
    mltp_init();
    CPU_ZERO(&pin_expect);
    for (int k = n - keep; k < n; k++)
        CPU_SET((size_t)nth_cpu(&pin_orig, k), &pin_expect);
    ck_assert_int_eq(sched_setaffinity(0, sizeof pin_expect, &pin_expect), 0);
}

/* MLTP_PIN unset, a mask of 2 CPUs: pin_run(nvp), pinning expected if
   want. 1 (nothing run) where test is skipped for want of 2 CPUs. */
static int pin_two_cpus_run(const char *test, int want, int nvp)
{
    if (pin_skip(test))
        return 1;
    unsetenv("MLTP_PIN");
    pin_keep(2);
    pin_want = want;
    pin_run(nvp);
    return 0;
}

/* 2 VPs, a mask of 2 CPUs: VP i on the i-th CPU of the mask alone, and a
   VP pinned by MLTP stays on its CPU. */
START_TEST(pin_two_vps)
{
    if (pin_two_cpus_run("pin_two_vps", 1, 2))
        return;
    for (int i = 0; i < 2; i++) {
        ck_assert_msg(CPU_COUNT(&pin_vp_mask[i]) == 1, "VP %d's mask has %d "
                      "CPUs, not one", i, CPU_COUNT(&pin_vp_mask[i]));
        ck_assert_int_eq(first_cpu(&pin_vp_mask[i]), nth_cpu(&pin_expect, i));
    }
    ck_assert_int_ne(first_cpu(&pin_vp_mask[0]), first_cpu(&pin_vp_mask[1]));
    ck_assert_int_eq(pin_cpu_checks, 2 * PIN_YIELDS);
}
END_TEST

static void assert_unpinned(int nvp)
{
    for (int i = 0; i < nvp; i++)
        ck_assert_msg(CPU_EQUAL(&pin_vp_mask[i], &pin_expect), "VP %d's mask: "
                      "%d CPUs, CPU %d first; want the process's: %d CPUs, "
                      "CPU %d first", i, CPU_COUNT(&pin_vp_mask[i]),
                      first_cpu(&pin_vp_mask[i]), CPU_COUNT(&pin_expect),
                      first_cpu(&pin_expect));
}

/* MLTP_PIN=0: the VPs keep the process's mask. */
START_TEST(pin_off)
{
    if (pin_skip("pin_off"))
        return;
    setenv("MLTP_PIN", "0", 1);
    pin_want = 0;
    pin_run(2);
    assert_unpinned(2);
}
END_TEST

/* More VPs than CPUs in the mask as the start begins (0: one CPU, 2
   VPs; 1: at most two CPUs, one VP more): nothing is pinned, and the
   ULTs run as usual. */
START_TEST(pin_too_few_cpus)
{
    unsetenv("MLTP_PIN");
    pin_keep(_i == 0 ? 1 : 2);
    int vps = CPU_COUNT(&pin_expect) + 1;
    pin_want = 0;
    pin_run(vps);
    assert_unpinned(vps);
}
END_TEST

/* Fewer VPs than CPUs (1 VP, 2 CPUs): nothing is pinned. A fixed
   placement would put VP 0 of every process that shares the mask (MPI
   ranks on one machine) on the same CPU. */
START_TEST(pin_too_few_vps)
{
    if (pin_two_cpus_run("pin_too_few_vps", 0, 1))
        return;
    assert_unpinned(1);
}
END_TEST

/* What leaves a pinned VP gets the process's mask back: a bound thread
   made there, a child forked there. */
static cpu_set_t pin_other_mask;
static int pin_other_got;

static void pin_bound_fn(void *p)
{
    (void)p;
    CU_STORE(pin_other_got, sched_getaffinity(0, sizeof pin_other_mask,
                                              &pin_other_mask) == 0 ? 1 : -1);
}

static void *pin_from_vp_ult(void *p)
{
    cpu_set_t m;
    ULT_CHECK(sched_getaffinity(0, sizeof m, &m) == 0 && CPU_COUNT(&m) == 1,
              "the ULT's VP is not pinned (%d CPUs)", CPU_COUNT(&m));
    if (!p) {
        mltp_t *b = mltp_create_bound(pin_bound_fn, NULL, 0, NULL);
        ULT_CHECK(b != NULL, "mltp_create_bound: %s", strerror(errno));
        if (b) {
            mltp_join_bound(*b);
            free(b);
        }
        return NULL;
    }
    /* no switch until the child is reaped: it is this VP's */
    pid_t c = fork();
    if (c == 0) {
        _exit(sched_getaffinity(0, sizeof m, &m) != 0 ? 2 :
              CPU_EQUAL(&m, &pin_expect) ? 0 : 10 + CPU_COUNT(&m));
    }
    int st = 0;
    ULT_CHECK(c > 0 && waitpid(c, &st, 0) == c, "fork/waitpid: %s", strerror(errno));
    CU_STORE(pin_other_got, WIFEXITED(st) ? WEXITSTATUS(st) == 0 ? 1 :
             -WEXITSTATUS(st) : -1000);
    return NULL;
}

static void pin_other_case(const char *test, int fork_it)
{
    if (pin_skip(test))
        return;
    unsetenv("MLTP_PIN");
    pin_keep(2);
    mltp_t *t = mltp_create(pin_from_vp_ult, fork_it ? (void *)1 : NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(2);
    free(t);
    cu_assert_ults_ok();
    int got = CU_LOAD(pin_other_got);
    if (fork_it)
        ck_assert_msg(got == 1, "the child forked on a pinned VP: %s (%d)",
                      got <= -10 && got > -1000 ? "its mask is not the process's"
                      : "failed", got);
    else
        ck_assert_msg(got == 1 && CPU_EQUAL(&pin_other_mask, &pin_expect),
                      "the bound thread made on a pinned VP has %d CPUs, the "
                      "process %d", got == 1 ? CPU_COUNT(&pin_other_mask) : -1,
                      CPU_COUNT(&pin_expect));
}

START_TEST(pin_bound_unpinned) { pin_other_case("pin_bound_unpinned", 0); }
END_TEST
START_TEST(pin_fork_unpinned) { pin_other_case("pin_fork_unpinned", 1); }
END_TEST

/* ==================================================================== */
/* Fault paths through tests/faulty                                     */

#define WATCHDOG 20.0

static void dump(const struct cu_proc *p, const char *what)
{
    char st[96];
    fprintf(stderr, "--- faulty %s: %s%s after %.1f ms\n--- stdout:\n%s"
            "--- stderr:\n%s---\n", what, cu_status_str(p->status, st, sizeof st),
            p->timed_out ? " (watchdog)" : "",
            (p->t_exit - p->t_start) * 1e3, p->out, p->err);
}

static int sig_named(const char *line, int sig)
{
    char abbr[32];
    const char *ab = sigabbrev_np(sig);
    snprintf(abbr, sizeof abbr, "SIG%s", ab ? ab : "?");
    return strcasestr(line, strsignal(sig)) != NULL ||
           strstr(line, abbr) != NULL;
}

static int crasher_id(const struct cu_proc *p)
{
    const char *c = strstr(p->out, "CRASHER id=");
    return c ? atoi(c + 11) : -1;
}

static void assert_no_leak(const struct cu_semsnap *before, int priv,
                           pid_t pid)
{
    char desc[512];
    int n = cu_sem_leaks(before, priv, &pid, 1, 2.0, desc, sizeof desc);
    ck_assert_msg(n == 0, "%d SysV semaphore set(s) leaked: %s", n, desc);
}

/* The whole program (reaper and VPs, same process group) is gone. */
static void assert_group_gone(pid_t pgid)
{
    int n = cu_wait_group_gone(pgid, 2.0);
    if (n)
        kill(-pgid, SIGKILL); /* do not leave them running */
    ck_assert_msg(n == 0, "%d process(es) of the program still alive 2 s "
                  "after the reaper ended", n);
}

/* The frame of a fault test: the semaphore sets there were before, whether
   the test has its own IPC namespace, and tests/faulty running. */
struct fault_run {
    struct cu_semsnap before;
    int priv;
    struct cu_proc *p;
};

/* Snapshot the semaphore sets (in a private IPC namespace if allowed),
   then start `faulty scen`, with SIGINT ignored if ign_int. */
/* env: "NAME=VALUE" strings added to its environment, NULL-ended (or
   NULL) */
static struct cu_proc *fault_begin_env(struct fault_run *run, const char *scen,
                                       int ign_int, const char *const *env)
{
    run->p = calloc(1, sizeof *run->p);
    run->priv = cu_private_ipc();
    cu_sem_snapshot(&run->before);
    cu_spawn_faulty_env(run->p, scen, ign_int, env);
    return run->p;
}

static struct cu_proc *fault_begin_ex(struct fault_run *run, const char *scen,
                                      int ign_int)
{
    return fault_begin_env(run, scen, ign_int, NULL);
}

static struct cu_proc *fault_begin(struct fault_run *run, const char *scen)
{
    return fault_begin_ex(run, scen, 0);
}


/* The program is gone, whole, and left no semaphore set behind. */
static void fault_end(struct fault_run *run)
{
    assert_group_gone(run->p->pid);
    assert_no_leak(&run->before, run->priv, run->p->pid);
    free(run->p);
    run->p = NULL;
}

/* Wait for the program to say READY; if it does not, collect and show
   what it did say (as `what`) before failing. */
static void assert_ready(struct cu_proc *p, const char *what)
{
    int ready = cu_wait_output(p, "READY\n", 10.0);
    if (!ready) {
        cu_finish(p, 0);
        dump(p, what);
    }
    ck_assert_msg(ready, "%s: no READY", what);
}

/* The leak check itself finds a set left by a dead process (so the fault
   tests can fail), in a private IPC namespace and without one. */
static void leak_selftest(int use_private)
{
    struct cu_semsnap before;
    int priv = use_private ? cu_private_ipc() : 0;
    cu_sem_snapshot(&before);
    int pfd[2];
    ck_assert_int_eq(pipe(pfd), 0);
    pid_t pid = fork();
    ck_assert_int_ne(pid, -1);
    if (pid == 0) {
        int id = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
        if (id >= 0)
            semctl(id, 0, SETVAL, 1);
        if (write(pfd[1], &id, sizeof id) != (ssize_t)sizeof id)
            _exit(1);
        _exit(0);
    }
    int id = -1;
    ck_assert_int_eq(read(pfd[0], &id, sizeof id), (ssize_t)sizeof id);
    close(pfd[0]);
    close(pfd[1]);
    ck_assert_int_ge(id, 0);
    waitpid(pid, NULL, 0);
    /* other programs may leave sets too while we look: check for ours */
    char desc[512], mine[32];
    snprintf(mine, sizeof mine, "semid %d ", id);
    int n = cu_sem_leaked_now(&before, priv, &pid, 1, desc, sizeof desc);
    semctl(id, 0, IPC_RMID);
    ck_assert_msg(n >= 1 && strstr(desc, mine), "leak check missed semid "
                  "%d (found %d: %s)", id, n, desc);
    if (priv)
        ck_assert_int_eq(n, 1);
    cu_sem_leaked_now(&before, priv, &pid, 1, desc, sizeof desc);
    ck_assert_msg(strstr(desc, mine) == NULL, "removed set still reported");
}

START_TEST(leak_check_selftest) { leak_selftest(_i); }
END_TEST

/* Run scenario scen to its end; it must not hang. */
static struct cu_proc *fault_to_end(struct fault_run *run, const char *scen)
{
    struct cu_proc *p = fault_begin(run, scen);
    cu_finish(p, WATCHDOG);
    dump(p, scen);
    ck_assert_msg(!p->timed_out, "%s: hung (killed by the watchdog)", scen);
    return p;
}

/* segv, abort, overflow, segv-named; overflow-end, overflow-block with
   guard (MLTP_STACK_GUARD: auto, pages or check) */
static void crash_case_guard(const char *scen, int sig, const char *guard)
{
    struct fault_run run;
    char env_guard[64];
    const char *env[] = { env_guard, NULL };
    snprintf(env_guard, sizeof env_guard, "MLTP_STACK_GUARD=%s", guard);
    struct cu_proc *p = fault_begin_env(&run, scen, 0, env);
    cu_finish(p, WATCHDOG);
    dump(p, scen);
    ck_assert_msg(!p->timed_out, "%s: hung (killed by the watchdog)", scen);
    char st[96];
    ck_assert_msg(cu_died_of(p->status, sig), "%s: %s, expected death by %s",
                  scen, cu_status_str(p->status, st, sizeof st),
                  strsignal(sig));
    ck_assert_msg(strstr(p->out, "start-returned") == NULL,
                  "%s: mltp_start returned after a crash", scen);
    char line[1024];
    int nl = cu_count_lines(p->err, "mltp:", line, sizeof line);
    ck_assert_msg(nl == 1, "%s: %d lines on stderr start with 'mltp:', "
                  "expected exactly 1", scen, nl);
    ck_assert_msg(strstr(line, "VP") != NULL, "message does not name the "
                  "VP: %s", line);
    ck_assert_msg(strstr(line, "ULT") != NULL, "message does not name the "
                  "ULT: %s", line);
    int id = crasher_id(p);
    ck_assert_msg(id > 0, "%s: the crasher did not report its id", scen);
    ck_assert_msg(cu_has_number(line, id), "message does not give the "
                  "ULT's id %d: %s", id, line);
    if (!strncmp(scen, "overflow", 8)) {
        ck_assert_msg(strstr(line, "stack overflow") != NULL,
                      "overflow not reported as such (%s guard): %s", guard, line);
        /* with no guard pages it is the check that found it */
        ck_assert_msg(!strcmp(guard, "check") == (strstr(line, "no guard pages") != NULL),
                      "%s guard: whether the message says the check found it: %s",
                      guard, line);
        ck_assert_msg(strstr(line, "65536") != NULL,
                      "message does not give the stack size 65536: %s",
                      line);
    } else {
        ck_assert_msg(sig_named(line, sig), "message does not name the "
                      "signal (%s / SIG%s): %s", strsignal(sig),
                      sigabbrev_np(sig), line);
    }
    if (!strcmp(scen, "segv-named")) {
        ck_assert_msg(strstr(line, "crasher-ult-nam") != NULL,
                      "message does not give the ULT's name: %s", line);
        ck_assert_msg(strstr(line, "crasher-ult-name") == NULL,
                      "name not cut to 15 characters: %s", line);
    }
    fault_end(&run);
}

static void crash_case(const char *scen, int sig)
{
    crash_case_guard(scen, sig, "auto");
}

START_TEST(fault_segv) { crash_case("segv", SIGSEGV); }
END_TEST
START_TEST(fault_segv_named) { crash_case("segv-named", SIGSEGV); }
END_TEST
START_TEST(fault_abort) { crash_case("abort", SIGABRT); }
END_TEST
START_TEST(fault_overflow) { crash_case("overflow", SIGSEGV); }
END_TEST

/* The same overflows under each way a stack is guarded: _i 0 guard
   regions (MLTP_STACK_GUARD=auto: on Linux 6.13 and later), 1 guard pages
   (pages: the older kernels' way), 2 none, the check (check); each
   overflow for good (a fault at the guard, or where it runs out of
   memory below), and one the ULT survives until it ends or blocks. */
static const char *const guards[] = { "auto", "pages", "check" };
START_TEST(fault_overflow_guard) { crash_case_guard("overflow", SIGSEGV, guards[_i]); }
END_TEST
START_TEST(fault_overflow_then_end)
{
    crash_case_guard("overflow-end", SIGSEGV, guards[_i]);
}
END_TEST
/* Guarded and unguarded stacks side by side (mltp_attr_setguardsize):
   an unguarded ULT's overflow stops at its chunk's floor, never in a
   guarded stack; a guarded ULT's beside unguarded ones faults at its
   guard. Each names the ULT that overflowed. */
START_TEST(fault_overflow_unguarded) { crash_case("overflow-unguarded", SIGSEGV); }
END_TEST
START_TEST(fault_overflow_beside_unguarded)
{
    crash_case("overflow-beside-unguarded", SIGSEGV);
}
END_TEST
START_TEST(fault_overflow_then_block)
{
    crash_case_guard("overflow-block", SIGSEGV, guards[_i]);
}
END_TEST

/* One unguarded ULT per VP overflowing together, on 2 VPs: a VP whose
   ULT faults just after the other VP's fault handler has reset the
   disposition they share dies with no record of its own, and may be
   reaped first. The line still says stack overflow, in every run (before
   the reaper looked for the recorded fault: about 1 run in 60). */
START_TEST(fault_overflow_together)
{
    const char *const env[] = { "MLTP_TEST_VPS=2", NULL };

    for (int i = 0; i < 300; i++) {
        struct fault_run run;
        struct cu_proc *p = fault_begin_env(&run, "overflow-together", 0, env);
        char line[1024], st[96];
        cu_finish(p, WATCHDOG);
        ck_assert_msg(!p->timed_out, "run %d: hung (killed by the watchdog)", i);
        ck_assert_msg(cu_died_of(p->status, SIGSEGV), "run %d: %s, expected death "
                      "by SIGSEGV", i, cu_status_str(p->status, st, sizeof st));
        int nl = cu_count_lines(p->err, "mltp:", line, sizeof line);
        ck_assert_msg(nl == 1, "run %d: %d lines start with 'mltp:'", i, nl);
        ck_assert_msg(strstr(line, "stack overflow") != NULL,
                      "run %d: overflow not reported as such: %s", i, line);
        fault_end(&run);
    }
}
END_TEST

/* No room for more stacks: mltp_create fails with ENOMEM and one line
   names the limit and how to raise it; the ULTs made before it run, and
   the program ends normally, leaving nothing behind. */
/* A scenario that caps its address space, then runs out of it: its run
   (fault_to_end), checked to have got as far as the cap, to have exited
   with status (why: what that means, or "") and to have printed one line
   that starts with "mltp:", put in line. */
static struct cu_proc *capped_to_end(struct fault_run *run, const char *scen,
                                     int status, const char *why,
                                     char *line, size_t len)
{
    struct cu_proc *p = fault_to_end(run, scen);
    ck_assert_msg(strstr(p->out, "capped\n") != NULL, "%s: the scenario did not "
                  "get as far as capping its address space", scen);
    char st[96];
    ck_assert_msg(WIFEXITED(p->status) && WEXITSTATUS(p->status) == status,
                  "%s: %s, expected exit status %d%s", scen,
                  cu_status_str(p->status, st, sizeof st), status, why);
    int nl = cu_count_lines(p->err, "mltp:", line, len);
    ck_assert_msg(nl == 1, "%s: %d lines start with 'mltp:', expected 1", scen, nl);
    return p;
}

START_TEST(fault_stack_limit)
{
    struct fault_run run;
    char line[1024];
    struct cu_proc *p = capped_to_end(&run, "stack-limit", 0, " (mltp_create "
                                      "failed with ENOMEM, every ULT made ran)",
                                      line, sizeof line);
    long made = -1, ran = -2;
    const char *m = strstr(p->out, "made "), *r = strstr(p->out, "ran ");
    ck_assert_msg(m && sscanf(m, "made %ld", &made) == 1 && r &&
                  sscanf(r, "ran %ld", &ran) == 1 && made > 0 && ran == made,
                  "stack-limit: made %ld ULTs, %ld ran: %s", made, ran, p->out);
    ck_assert_msg(strstr(line, "no room for another ULT stack") &&
                  strstr(line, "RLIMIT_AS") && strstr(line, "ulimit -v") &&
                  strstr(line, "raise it"),
                  "the message does not name the limit and how to raise it: %s", line);
    fault_end(&run);
}
END_TEST

START_TEST(fault_exit)
{
    struct fault_run run;
    struct cu_proc *p = fault_to_end(&run, "exit");
    char st[96];
    ck_assert_msg(WIFEXITED(p->status) && WEXITSTATUS(p->status) == 7,
                  "exit(7) in a ULT: %s",
                  cu_status_str(p->status, st, sizeof st));
    int nb = cu_count_str(p->out, "buffered-line\n");
    int na = cu_count_str(p->out, "atexit-ran\n");
    ck_assert_msg(nb == 1, "'buffered-line' appears %d times (stdio buffer "
                  "not flushed exactly once)", nb);
    ck_assert_msg(na == 1, "atexit handler output appears %d times", na);
    ck_assert_msg(strstr(p->out, "buffered-line") < strstr(p->out,
                  "atexit-ran"), "atexit output before the buffered line");
    ck_assert_ptr_null(strstr(p->out, "start-returned"));
    fault_end(&run);
}
END_TEST

/* No memory for a ULT's stack when it first runs: one line naming the
   ULT, status 1, nothing left behind. */
START_TEST(fault_no_stack)
{
    struct fault_run run;
    char line[1024];
    struct cu_proc *p = capped_to_end(&run, "nostack", 1, "", line, sizeof line);
    ck_assert_ptr_null(strstr(p->out, "start-returned"));
    ck_assert_msg(strstr(line, "no memory for the stack") != NULL &&
                  strstr(line, "\"needs-stack\"") != NULL &&
                  strstr(line, "8388608") != NULL,
                  "message does not say what failed for which ULT: %s", line);
    fault_end(&run);
}
END_TEST


/* SIGINT to the group or SIGTERM to the reaper after READY. */
static void signal_case(const char *scen, int sig, int to_group)
{
    struct fault_run run;
    struct cu_proc *p = fault_begin(&run, scen);
    assert_ready(p, scen);
    pid_t procs[80];
    int np = cu_parse_vppids(p->out, procs, 8);
    np += cu_children_of(p->pid, procs + np, 64);
    ck_assert_msg(np >= 2, "%s: found only %d VP processes", scen, np);

    double t0 = now();
    ck_assert_int_eq(kill(to_group ? -p->pid : p->pid, sig), 0);
    cu_finish(p, WATCHDOG);
    double dt = p->t_exit - t0;
    dump(p, scen);
    fprintf(stderr, "%s: ended %.2f ms after the signal\n", scen, dt * 1e3);
    ck_assert_msg(!p->timed_out, "%s: did not end (watchdog)", scen);
    char st[96];
    ck_assert_msg(cu_died_of(p->status, sig), "%s: %s, expected death by %s",
                  scen, cu_status_str(p->status, st, sizeof st),
                  strsignal(sig));
    ck_assert_msg(dt < 2.0, "%s: took %.3f s to end", scen, dt);
    int alive = cu_wait_pids_gone(procs, np, 2.0);
    for (int i = 0; alive && i < np; i++)
        kill(procs[i], SIGKILL);
    ck_assert_msg(alive == 0, "%s: %d VP process(es) survived", scen, alive);
    fault_end(&run);
}

START_TEST(fault_sigint) { signal_case("sigint-wait", SIGINT, 1); }
END_TEST
START_TEST(fault_sigterm) { signal_case("sigterm-wait", SIGTERM, 0); }
END_TEST

/* Started with SIGINT ignored, the program keeps it ignored: ^C to the
   group does nothing; SIGTERM still ends everything. */
START_TEST(fault_sigint_ignored)
{
    struct fault_run run;
    struct cu_proc *p = fault_begin_ex(&run, "sigint-wait", 1);
    assert_ready(p, "sigint-wait (SIGINT ignored)");
    ck_assert_int_eq(kill(-p->pid, SIGINT), 0);
    double end = now() + 0.5;
    while (now() < end && !p->exited) {
        cu_pump(p, 20);
        cu_try_reap(p);
    }
    int died = p->exited;
    pid_t vps[80];
    int nv = cu_group_members(p->pid, vps, 80);
    kill(p->pid, SIGTERM);
    cu_finish(p, WATCHDOG);
    dump(p, "sigint-wait (SIGINT ignored)");
    ck_assert_msg(!died, "SIGINT was ignored when the program started, but "
                  "it ended the program");
    ck_assert_msg(nv >= several_vps(2) + 1, "after an ignored SIGINT, only "
                  "%d processes of the program (reaper + %d VPs) are alive",
                  nv, several_vps(2));
    char st[96];
    ck_assert_msg(cu_died_of(p->status, SIGTERM), "then SIGTERM: %s",
                  cu_status_str(p->status, st, sizeof st));
    fault_end(&run);
}
END_TEST

START_TEST(fault_sigkill_reaper)
{
    struct fault_run run;
    struct cu_proc *p = fault_begin(&run, "idle-wait");
    assert_ready(p, "idle-wait");
    pid_t kids[64];
    int nk = 0;
    for (double end = now() + 2.0; now() < end; sleep_ms(10))
        if ((nk = cu_children_of(p->pid, kids, 64)) >= several_vps(2))
            break;
    ck_assert_msg(nk >= several_vps(2), "idle-wait on %d VPs: the reaper has "
                  "%d children", several_vps(2), nk);
    ck_assert_int_eq(kill(p->pid, SIGKILL), 0);
    cu_finish(p, WATCHDOG);
    dump(p, "idle-wait + SIGKILL");
    ck_assert(WIFSIGNALED(p->status) && WTERMSIG(p->status) == SIGKILL);
    int alive = cu_wait_pids_gone(kids, nk, 2.0);
    for (int i = 0; alive && i < nk; i++)
        kill(kids[i], SIGKILL);
    ck_assert_msg(alive == 0, "%d of the reaper's %d children survived its "
                  "SIGKILL", alive, nk);
    fault_end(&run);
}
END_TEST

START_TEST(fault_deadlock)
{
    struct fault_run run;
    struct cu_proc *p = fault_begin(&run, "deadlock");
    cu_finish(p, WATCHDOG);
    dump(p, "deadlock");
    fprintf(stderr, "deadlock: mltp_start %s\n",
            strstr(p->out, "start-returned") ? "returned"
            : p->timed_out ? "hung" : "did not return; the program ended");
    ck_assert_msg(!p->timed_out, "all ULTs blocked for good: the program "
                  "hung (killed by the watchdog after %.0f s)", WATCHDOG);
    ck_assert_ptr_null(strstr(p->out, "woke-up"));
    ck_assert_msg(cu_count_lines(p->err, "mltp:", NULL, 0) >= 1,
                  "deadlock ended without a word on stderr");
    fault_end(&run);
}
END_TEST

/* Run scen (no leak check: nothing makes a semaphore set) to its end: it
   must not hang, and exit 0. */
static struct cu_proc *spawn_to_exit_0(const char *scen)
{
    struct cu_proc *p = calloc(1, sizeof *p);
    ck_assert_ptr_nonnull(p);
    cu_spawn_faulty(p, scen);
    cu_finish(p, WATCHDOG);
    dump(p, scen);
    ck_assert_msg(!p->timed_out, "%s: hung (killed by the watchdog)", scen);
    char st[96];
    ck_assert_msg(WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0,
                  "%s: %s", scen, cu_status_str(p->status, st, sizeof st));
    return p;
}

/* stdout has "KEY1=E1 KEY2=E2", E1 and E2 both want. */
static void assert_errnos(const struct cu_proc *p, const char *key1,
                          const char *key2, int want)
{
    const char *q = strstr(p->out, key1);
    ck_assert_msg(q != NULL, "no '%s' on stdout", key1);
    char *end;
    long e0 = strtol(q + strlen(key1), &end, 10);
    ck_assert_msg(end > q + strlen(key1) && *end == ' ' &&
                  !strncmp(end + 1, key2, strlen(key2)),
                  "stdout lacks '%s<errno> %s<errno>'", key1, key2);
    q = end + 1 + strlen(key2);
    long e1 = strtol(q, &end, 10);
    ck_assert_msg(end > q, "no number after '%s'", key2);
    ck_assert_int_eq(e0, want);
    ck_assert_int_eq(e1, want);
}

START_TEST(fault_badstart)
{
    struct cu_proc *p = spawn_to_exit_0("badstart");
    assert_errnos(p, "errno0=", "errno1=", EINVAL);
    ck_assert_msg(cu_count_lines(p->err, "mltp", NULL, 0) >= 2,
                  "expected a message for each bad start, stderr: '%s'",
                  p->err);
    /* the ULT created before was not lost and ran only in the good start */
    ck_assert_int_eq(cu_count_str(p->out, "ult-ran\n"), 1);
    ck_assert_ptr_nonnull(strstr(p->out, "before-good"));
    ck_assert(strstr(p->out, "before-good") < strstr(p->out, "ult-ran"));
    ck_assert_ptr_nonnull(strstr(p->out, "returned\n"));
    free(p);
}
END_TEST

START_TEST(fault_yield_outside)
{
    struct cu_proc *p = spawn_to_exit_0("yield-outside");
    ck_assert_ptr_nonnull(strstr(p->out, "survived"));
    assert_errnos(p, "errno=", "errno2=", EPERM);
    ck_assert_msg(p->errlen > 0, "no message for mltp_yield outside a ULT");
    free(p);
}
END_TEST

START_TEST(fault_bound_segv)
{
    struct fault_run run;
    struct cu_proc *p = fault_to_end(&run, "bound-segv");
    char st[96];
    ck_assert_msg(cu_died_of(p->status, SIGSEGV), "a bound thread died of "
                  "SIGSEGV; the program: %s",
                  cu_status_str(p->status, st, sizeof st));
    ck_assert_ptr_null(strstr(p->out, "join-returned"));
    char line[1024];
    ck_assert_int_eq(cu_count_lines(p->err, "mltp:", line, sizeof line), 1);
    ck_assert_msg(sig_named(line, SIGSEGV), "message does not name the "
                  "signal: %s", line);
    fault_end(&run);
}
END_TEST

/* A VP killed inside the library, holding an internal lock (the semaphore
   set registry's, the run queue's): the reaper must not need that lock to
   end the program. It ends with 137 at once; SIGTERM to the reaper would
   end it too. */
static void die_inside_case(const char *scen)
{
    struct fault_run run;
    struct cu_proc *p = fault_begin(&run, scen);
    int said = cu_wait_output(p, "DYING", 10.0);
    double t0 = now();
    cu_finish(p, 5.0);
    if (p->timed_out || !said)
        dump(p, scen);
    ck_assert_msg(said, "%s: the ULT did not get to die", scen);
    ck_assert_msg(!p->timed_out, "%s: the reaper did not end the program "
                  "(a VP died holding an internal lock)", scen);
    char st[96];
    ck_assert_msg(cu_died_of(p->status, SIGKILL), "%s: %s, expected death by "
                  "SIGKILL", scen, cu_status_str(p->status, st, sizeof st));
    ck_assert_msg(p->t_exit - t0 < 2.0, "%s: took %.2f s to end", scen,
                  p->t_exit - t0);
    char line[1024];
    ck_assert_int_eq(cu_count_lines(p->err, "mltp:", line, sizeof line), 1);
    ck_assert_msg(sig_named(line, SIGKILL), "message does not name the "
                  "signal: %s", line);
    fault_end(&run);
}

START_TEST(fault_die_in_registry) { die_inside_case("die-in-registry"); }
END_TEST
START_TEST(fault_die_holding_runq) { die_inside_case("die-holding-runq"); }
END_TEST

/* A program's static TLS, which glibc puts at the top of each task's
   stack: 1 MiB (_i 0, 1: 2 and 4 VPs) and 64 MiB (_i 2: 2 VPs) */
START_TEST(static_tls_starts_every_vp)
{
    sc_static_tls(_i < 2 ? 1 : 64, _i == 1 ? 4 : 2);
}
END_TEST

START_TEST(static_tls_bound_stack_as_asked) { sc_static_tls_bound(_i ? 64 : 1); }
END_TEST

/* ==================================================================== */

static const struct cu_row vp_tests[] = {
    CU_TCASE("glibc", 60),
    CU_LOOP(glibc_in_migrating_ults, 0, 2),
    CU_TEST(errno_per_ult_one_vp),
    CU_TEST(tcb_thread_pointer),
    CU_LOOP(static_tls_starts_every_vp, 0, 3),
    CU_LOOP(static_tls_bound_stack_as_asked, 0, 2),

    CU_TCASE("pinning", 30),
    CU_TEST(pin_two_vps),
    CU_TEST(pin_off),
    CU_LOOP(pin_too_few_cpus, 0, 2),
    CU_TEST(pin_too_few_vps),
    CU_TEST(pin_bound_unpinned),
    CU_TEST(pin_fork_unpinned),

    CU_TCASE("faults", 60),
    CU_LOOP(leak_check_selftest, 0, 2),
    CU_TEST(fault_segv),
    CU_TEST(fault_segv_named),
    CU_TEST(fault_abort),
    CU_TEST(fault_overflow),
    CU_TEST(fault_exit),
    CU_TEST(fault_no_stack),
    CU_LOOP(fault_overflow_guard, 0, 3),
    CU_LOOP(fault_overflow_then_end, 0, 3),
    CU_LOOP(fault_overflow_then_block, 0, 3),
    CU_TEST(fault_overflow_unguarded),
    CU_TEST(fault_overflow_together),
    CU_TEST(fault_overflow_beside_unguarded),
    CU_TEST(fault_stack_limit),
    CU_TEST(fault_sigint),
    CU_TEST(fault_sigterm),
    CU_TEST(fault_sigint_ignored),
    CU_TEST(fault_sigkill_reaper),
    CU_TEST(fault_deadlock),
    CU_TEST(fault_badstart),
    CU_TEST(fault_yield_outside),
    CU_TEST(fault_bound_segv),
    CU_TEST(fault_die_in_registry),
    CU_TEST(fault_die_holding_runq),
};

int main(void)
{
    return CU_MAIN("vp", vp_tests);
}
