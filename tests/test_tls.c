/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_tls.c - a ULT's own thread-local storage (MLTP_TLS_ULT): each
 * ULT's __thread variables and errno are its own across yields, blocking
 * waits and moves between VPs, with wrfsbase and (x86-64) with
 * arch_prctl, start from their images in a pooled block, and end with
 * the ULT's destructors; a dlopen()ed library's
 * (global-dynamic) too, and dlopen() from many such ULTs at once;
 * stack-protector code, setjmp/longjmp, fork(), malloc and stdio in
 * many such ULTs; ULTs that keep the VP's TLS beside them; the
 * attribute's misuse and the refusal where glibc is not one we read.
 * Built with -fstack-protector-all. The multi-VP cases run on
 * MLTP_TEST_VPS when set (tests/test_vps.h).
 */
#include <dlfcn.h>
#include <sched.h>
#include <setjmp.h>
#include <time.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check_util.h"
#include "internals.h"

__thread int tx = 7;
__thread char tbss[64];

static const int vp_counts[] = { 1, 2, 4 };

/* &tx where the thread pointer is now: a function that switched threads
   may keep the address it computed before (main's share, mltp_begin) */
static __attribute__((noinline, noipa)) int *cu_tx_addr(void)
{
    return &tx;
}

static int nvp_of(int i)
{
    return vp_counts[i] > 1 ? several_vps(vp_counts[i]) : 1;
}

static mltp_t *create_tls(int tls, mltp_userf_t *f, void *arg)
{
    mltp_attr_t a;
    mltp_t *t;

    mltp_attr_init(&a);
    ck_assert_int_eq(mltp_attr_settls(&a, tls), 0);
    t = mltp_create_attr(&a, f, arg);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* n ULTs f((void *)i) with tls, on nvp VPs, joined */
static void run_tls(int nvp, int n, int tls, mltp_userf_t *f)
{
    mltp_t **t = calloc((size_t)n, sizeof *t);

    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(mltp_begin(nvp), 0);
    for (int i = 0; i < n; i++)
        t[i] = create_tls(tls, f, (void *)(intptr_t)i);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(mltp_join(t[i], NULL), 0);
        free(t[i]);
    }
    ck_assert_int_eq(mltp_end(), 0);
    free(t);
    cu_assert_ults_ok();
}

/* ==================================================================== */
/* Its own across yields, waits and moves                               */

#define OWN_ULTS 12
#define OWN_ROUNDS 300
static mltp_barrier_t own_barrier;
static mltp_lock_t own_lock;
static unsigned own_vps[OWN_ULTS];     /* bit v: ran on VP v */
static int own_nvp, own_moved;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void own_check(int id, const int *addr, const char *when)
{
    ULT_CHECK(errno == 1000 + id, "ULT %d: errno %d after %s", id, errno, when);
    ULT_CHECK(&tx == addr && tx == 100 + id && tbss[63] == id,
              "ULT %d: &tx %p (was %p), tx %d, tbss %d after %s", id, (void *)&tx,
              (void *)addr, tx, tbss[63], when);
    if (__builtin_popcount(__atomic_or_fetch(&own_vps[id], 1U << mltp_vp_id(),
                                             __ATOMIC_RELAXED)) > 1)
        CU_STORE(own_moved, 1);
}

static void *own_ult(void *p)
{
    int id = (int)(intptr_t)p;
    int *addr = &tx;

    ULT_CHECK(tx == 7 && tbss[0] == 0 && tbss[63] == 0,
              "ULT %d starts with tx %d, tbss[0] %d: not the images", id, tx, tbss[0]);
    tx = 100 + id;
    memset(tbss, id, sizeof tbss);
    for (int r = 0; r < OWN_ROUNDS; r++) {
        errno = 1000 + id;
        switch (r % 3) {
        case 0:
            mltp_yield();
            break;
        case 1:
            mltp_barrier(&own_barrier, OWN_ULTS);
            break;
        default:
            mltp_lock(&own_lock);
            mltp_yield();
            mltp_unlock(&own_lock);
            break;
        }
        own_check(id, addr, r % 3 == 0 ? "a yield" : r % 3 == 1 ? "a barrier" : "a lock");
    }
    /* on several VPs, until some ULT has moved (5 s at most): ULT 0 keeps
       its VP a millisecond at a time, so that another VP takes the ULTs
       queued behind it */
    for (double end = now_s() + 5; own_nvp > 1 && !CU_LOAD(own_moved) && now_s() < end;) {
        if (id == 0)
            for (double until = now_s() + 1e-3; now_s() < until;)
                CU_PAUSE();
        errno = 1000 + id;
        mltp_yield();
        own_check(id, addr, "a yield");
    }
    return NULL;
}

START_TEST(own_across_switches)
{
    int nvp = nvp_of(_i);

    own_nvp = nvp;
    mltp_barrier_init(&own_barrier);
    ck_assert_int_eq(mltp_lock_init(&own_lock, MLTP_LOCK_BLOCK), 0);
    run_tls(nvp, OWN_ULTS, MLTP_TLS_ULT, own_ult);
    /* the point of more VPs: ULTs that resumed on another VP */
    if (nvp > 1)
        ck_assert_msg(own_moved, "no ULT ran on two VPs of %d in 5 s", nvp);
}
END_TEST

#if defined(__x86_64__)
/* The same through arch_prctl(ARCH_SET_FS), the way without FSGSBASE
   (CPUs before Ivy Bridge, kernels before 5.9): the check, which reads
   AT_HWCAP2, runs first, then every write takes the system call. */
START_TEST(own_without_fsgsbase)
{
    ck_assert_ptr_null(mltp_tls_why());
    ult_tp_fsgsbase = 0;
    own_nvp = several_vps(2);
    mltp_barrier_init(&own_barrier);
    ck_assert_int_eq(mltp_lock_init(&own_lock, MLTP_LOCK_BLOCK), 0);
    run_tls(own_nvp, OWN_ULTS, MLTP_TLS_ULT, own_ult);
    ck_assert_msg(own_moved, "no ULT ran on two VPs of %d in 5 s", own_nvp);
}
END_TEST
#endif

/* ==================================================================== */
/* ULTs that keep the VP's TLS, beside ULTs with their own              */

static mltp_barrier_t mix_barrier;
static int mix_seen_shared, mix_seen_own;

static void *mix_vp_ult(void *p)
{
    int id = (int)(intptr_t)p;

    if (id == 0)
        tx = 11;                        /* the VP's copy */
    mltp_barrier(&mix_barrier, 3);      /* the one with its own sets its */
    mltp_barrier(&mix_barrier, 3);
    if (id == 1)
        mix_seen_shared = tx;
    return NULL;
}

static void *mix_own_ult(void *p)
{
    (void)p;
    mltp_barrier(&mix_barrier, 3);
    mix_seen_own = tx;
    tx = 22;
    mltp_barrier(&mix_barrier, 3);
    return NULL;
}

START_TEST(own_beside_shared)
{
    mltp_t *t[3];

    mltp_barrier_init(&mix_barrier);
    ck_assert_int_eq(mltp_begin(1), 0);
    t[0] = create_tls(MLTP_TLS_VP, mix_vp_ult, (void *)0);
    t[1] = create_tls(MLTP_TLS_VP, mix_vp_ult, (void *)1);
    t[2] = create_tls(MLTP_TLS_ULT, mix_own_ult, NULL);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(mltp_join(t[i], NULL), 0);
        free(t[i]);
    }
    ck_assert_int_eq(mltp_end(), 0);
    ck_assert_int_eq(mix_seen_own, 7);          /* its own, not the VP's 11 */
    ck_assert_int_eq(mix_seen_shared, 11);      /* the VP's, not its 22 */
}
END_TEST

/* ==================================================================== */
/* Pooled blocks start as new ones (images, errno, key data);          */
/* destructors run at the ULT's end                                    */

extern int __cxa_thread_atexit_impl(void (*dtor)(void *), void *obj, void *dso);
extern void *__dso_handle;

#define WAVE_ULTS 8
#define WAVES 3
static int dtor_order[WAVE_ULTS][2], dtor_runs[WAVE_ULTS];
static pthread_key_t wave_key;

static void dtor(void *obj)
{
    int *slot = obj, id = (int)(slot - &dtor_order[0][0]) / 2;

    /* in the ending ULT, its block still selected */
    ULT_CHECK(tx == 200 + id, "ULT %d's destructor sees tx %d", id, tx);
    *slot = ++dtor_runs[id];
}

static void *wave_ult(void *p)
{
    int id = (int)(intptr_t)p;

    ULT_CHECK(tx == 7 && tbss[10] == 0 && errno == 0 && pthread_getspecific(wave_key) == NULL,
              "ULT %d on a pooled block: tx %d, tbss %d, errno %d, key %p", id, tx, tbss[10],
              errno, pthread_getspecific(wave_key));
    ULT_CHECK(pthread_setspecific(wave_key, p ? p : &wave_key) == 0, "setspecific");
    tx = 200 + id;
    tbss[10] = 1;
    errno = EIO;
    ULT_CHECK(__cxa_thread_atexit_impl(dtor, &dtor_order[id][0], &__dso_handle) == 0, "register");
    ULT_CHECK(__cxa_thread_atexit_impl(dtor, &dtor_order[id][1], &__dso_handle) == 0, "register");
    mltp_yield();
    return NULL;
}

START_TEST(pooled_blocks_reset)
{
    long made, pooled;

    ck_assert_int_eq(pthread_key_create(&wave_key, NULL), 0);
    for (int w = 0; w < WAVES; w++) {
        memset(dtor_order, 0, sizeof dtor_order);
        memset(dtor_runs, 0, sizeof dtor_runs);
        run_tls(1, WAVE_ULTS, MLTP_TLS_ULT, wave_ult);
        for (int i = 0; i < WAVE_ULTS; i++) {
            /* last registered, first run: as thread_local objects */
            ck_assert_int_eq(dtor_order[i][1], 1);
            ck_assert_int_eq(dtor_order[i][0], 2);
        }
    }
    ult_tls_counts(&made, &pooled);
    /* a block per ULT alive at once, not per creation */
    ck_assert_int_le(made, WAVE_ULTS);
    ck_assert_int_eq(pooled, made);
}
END_TEST

/* ==================================================================== */
/* A dlopen()ed library's TLS (global-dynamic)                           */

static int *(*mod_addr)(void);

static void *mod_ult(void *p)
{
    int id = (int)(intptr_t)p, *x = mod_addr();

    ULT_CHECK(*x == 5, "ULT %d: the library's variable starts at %d", id, *x);
    *x = 300 + id;
    for (int r = 0; r < 50; r++) {
        mltp_yield();
        ULT_CHECK(mod_addr() == x && *x == 300 + id, "ULT %d: the library's %p %d (was %p)",
                  id, (void *)mod_addr(), *mod_addr(), (void *)x);
    }
    return NULL;
}

/* TLSMOD: where an emulated machine has it (tests/check-aarch64.sh) */
static const char *tlsmod_path(void)
{
    return getenv("TLSMOD") ? getenv("TLSMOD") : TLSMOD_PATH;
}

START_TEST(dlopen_library_tls)
{
    const char *path = tlsmod_path();
    void *h = dlopen(path, RTLD_NOW);

    ck_assert_msg(h != NULL, "dlopen %s: %s", path, dlerror());
    mod_addr = (int *(*)(void))dlsym(h, "tlsmod_addr");
    ck_assert_ptr_nonnull(mod_addr);
    run_tls(nvp_of(_i), 8, MLTP_TLS_ULT, mod_ult);
    dlclose(h);
}
END_TEST

/* The dynamic linker's recursive lock, whose owner is the running
   thread's tid: ULTs with blocks on several VPs dlopen() and dlclose()
   the library at once, yielding between */
static void *dl_churn_ult(void *p)
{
    int id = (int)(intptr_t)p;

    for (int r = 0; r < 50; r++) {
        void *h = dlopen(tlsmod_path(), RTLD_NOW);
        int *(*addr)(void) = h ? (int *(*)(void))dlsym(h, "tlsmod_addr") : NULL;
        ULT_CHECK(addr != NULL, "ULT %d: dlopen: %s", id, dlerror());
        if (!addr)
            return NULL;
        *addr() = id;
        mltp_yield();
        ULT_CHECK(*addr() == id, "ULT %d: the library's variable is %d", id, *addr());
        dlclose(h);
    }
    return NULL;
}

START_TEST(dlopen_from_ults)
{
    run_tls(several_vps(4), 16, MLTP_TLS_ULT, dl_churn_ult);
}
END_TEST

/* ==================================================================== */
/* Stack-protector code (this file), setjmp/longjmp, sched_getcpu        */

static void *jump_ult(void *p)
{
    int id = (int)(intptr_t)p;
    volatile int hops = 0;
    jmp_buf jb;
    char buf[32];   /* a protected frame */

    snprintf(buf, sizeof buf, "ULT %d", id);
    if (setjmp(jb) < 3) {
        hops++;
        mltp_yield();                   /* perhaps onto another VP */
        longjmp(jb, hops);
    }
    ULT_CHECK(hops == 3 && strncmp(buf, "ULT ", 4) == 0, "ULT %d: %d hops", id, hops);
    ULT_CHECK(sched_getcpu() >= 0, "ULT %d: sched_getcpu %d", id, sched_getcpu());
    return NULL;
}

START_TEST(protector_and_longjmp)
{
    run_tls(nvp_of(_i), 16, MLTP_TLS_ULT, jump_ult);
}
END_TEST

/* ==================================================================== */
/* fork() from a ULT with a block: the child runs on it                  */

static void *fork_ult(void *p)
{
    int status = -1;
    pid_t pid;

    (void)p;
    tx = 41;
    pid = fork();
    if (pid == 0) {
        char *m = malloc(64);   /* the child's malloc, on the block's arena */
        int ok = m && tx == 41;
        free(m);                /* memcheck follows the child */
        _exit(ok ? 0 : 3);
    }
    ULT_CHECK(pid > 0, "fork: %s", strerror(errno));
    ULT_CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "the child ended with status %#x", status);
    ULT_CHECK(tx == 41, "tx %d after fork()", tx);
    return NULL;
}

START_TEST(fork_from_own_block)
{
    run_tls(nvp_of(_i), 2, MLTP_TLS_ULT, fork_ult);
}
END_TEST

/* ==================================================================== */
/* malloc and stdio from 1,000 ULTs with blocks                          */

#define MANY 1000
static FILE *many_out;

static void *many_ult(void *p)
{
    int id = (int)(intptr_t)p;
    size_t n = 16 + (size_t)(id % 7) * 300;
    unsigned char *m = malloc(n);

    ULT_CHECK(m != NULL, "malloc");
    if (!m)
        return NULL;
    memset(m, id & 0xff, n);
    mltp_yield();
    ULT_CHECK(m[n - 1] == (id & 0xff), "ULT %d: its memory changed", id);
    free(m);
    fprintf(many_out, "ULT %d\n", id);
    return NULL;
}

START_TEST(malloc_and_stdio)
{
    static char seen[MANY];
    char line[64];
    int lines = 0, id;

    many_out = tmpfile();
    ck_assert_ptr_nonnull(many_out);
    run_tls(several_vps(4), MANY, MLTP_TLS_ULT, many_ult);
    rewind(many_out);
    while (fgets(line, sizeof line, many_out)) {
        ck_assert_int_eq(sscanf(line, "ULT %d", &id), 1);
        ck_assert(id >= 0 && id < MANY && !seen[id]);
        seen[id] = 1;
        lines++;
    }
    ck_assert_int_eq(lines, MANY);
    fclose(many_out);
}
END_TEST

/* ==================================================================== */
/* The attribute, and the refusal                                        */

START_TEST(attr_misuse)
{
    mltp_attr_t a;
    size_t g;
    int tls;

    mltp_attr_init(&a);
    ck_assert_int_eq(mltp_attr_settls(NULL, MLTP_TLS_ULT), EINVAL);
    ck_assert_int_eq(mltp_attr_settls(&a, -1), EINVAL);
    ck_assert_int_eq(mltp_attr_settls(&a, 3), EINVAL);
    ck_assert_int_eq(mltp_attr_gettls(&a, NULL), EINVAL);
    ck_assert_int_eq(mltp_attr_gettls(&a, &tls), 0);
    ck_assert_int_eq(tls, MLTP_TLS_DEFAULT);
    /* the guard and the TLS share the attribute's padding */
    ck_assert_int_eq(mltp_attr_setguardsize(&a, 8192), 0);
    ck_assert_int_eq(mltp_attr_settls(&a, MLTP_TLS_ULT), 0);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, 8192);
    ck_assert_int_eq(mltp_attr_setguardsize(&a, 0), 0);
    ck_assert_int_eq(mltp_attr_gettls(&a, &tls), 0);
    ck_assert_int_eq(tls, MLTP_TLS_ULT);
    ck_assert_int_eq(mltp_tls_default(), MLTP_TLS_VP);
    ck_assert_ptr_null(mltp_tls_why());
}
END_TEST

START_TEST(refused_elsewhere)
{
    mltp_attr_t a;

    ult_tls_test_version = "2.99";
    mltp_attr_init(&a);
    ck_assert_int_eq(mltp_attr_settls(&a, MLTP_TLS_ULT), ENOTSUP);
    ck_assert_ptr_nonnull(strstr(mltp_tls_why(), "2.99"));
    ck_assert_int_eq(mltp_attr_settls(&a, MLTP_TLS_VP), 0);
    ck_assert_int_eq(mltp_set_main_tls(MLTP_TLS_ULT), ENOTSUP);
    ck_assert_int_eq(mltp_set_main_tls(MLTP_TLS_VP), 0);
    errno = 0;
    ck_assert_ptr_null(mltp_tls_block_create());
    ck_assert_int_eq(errno, ENOTSUP);
}
END_TEST

/* MLTP_TLS=ult where blocks cannot be made: one line, status 1 */
START_TEST(refused_setting_ends)
{
    int pfd[2], status;
    char out[512] = "";
    ssize_t n;
    pid_t pid = cu_fork_with_pipe(pfd);

    if (pid == 0) {
        dup2(pfd[1], 2);
        ult_tls_test_version = "2.99";
        setenv("MLTP_TLS", "ult", 1);
        mltp_init();
        _exit(0);
    }
    close(pfd[1]);
    n = read(pfd[0], out, sizeof out - 1);
    close(pfd[0]);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 1, "status %#x", status);
    ck_assert_msg(n > 0 && strstr(out, "MLTP_TLS=ult") && strstr(out, "2.99") &&
                  strchr(out, '\n') == out + n - 1, "said: %s", out);
}
END_TEST

/* MLTP_TLS=ult: every ULT without attributes gets a block */
static void *default_ult(void *p)
{
    int id = (int)(intptr_t)p;

    tx = id;
    mltp_yield();
    ULT_CHECK(tx == id, "ULT %d sees %d", id, tx);
    return NULL;
}

START_TEST(process_setting)
{
    mltp_t *t[8];

    setenv("MLTP_TLS", "ult", 1);
    ck_assert_int_eq(mltp_tls_default(), MLTP_TLS_ULT);
    ck_assert_int_eq(mltp_begin(several_vps(2)), 0);
    for (long i = 0; i < 8; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create(default_ult, (void *)i));
    for (int i = 0; i < 8; i++) {
        ck_assert_int_eq(mltp_join(t[i], NULL), 0);
        free(t[i]);
    }
    ck_assert_int_eq(mltp_end(), 0);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* Main's share on the main thread's own block                         */

static void *main_peer(void *p)
{
    (void)p;
    tx = 500;                           /* a VP's copy: not main's */
    for (int i = 0; i < 50; i++)
        mltp_yield();
    return NULL;
}

START_TEST(main_keeps_its_tls)
{
    int nvp = nvp_of(_i), *addr = cu_tx_addr();
    long made, pooled, made2, pooled2;
    mltp_t *t[4];

    tx = 42;
    ck_assert_int_eq(mltp_set_main_tls(MLTP_TLS_ULT), 0);
    errno = EDOM;
    ck_assert_int_eq(mltp_begin(nvp), 0);
    ult_tls_counts(&made, &pooled);
    ck_assert_int_eq(errno, EDOM);
    ck_assert_ptr_eq(cu_tx_addr(), addr);
    ck_assert_int_eq(tx, 42);
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create(main_peer, NULL));
    for (int r = 0; r < 200; r++) {
        tx = 1000 + r;
        errno = r;
        mltp_yield();
        ck_assert_ptr_eq(cu_tx_addr(), addr);
        ck_assert_int_eq(tx, 1000 + r);
        ck_assert_int_eq(errno, r);
    }
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(mltp_join(t[i], NULL), 0);
        free(t[i]);
    }
    tx = 43;
    ck_assert_int_eq(mltp_end(), 0);
    /* back on the main thread, on its block */
    ck_assert_ptr_eq(cu_tx_addr(), addr);
    ck_assert_int_eq(tx, 43);
    ck_assert_int_eq((int)syscall(SYS_gettid), (int)getpid());
    /* the reaper's block is back in the pool */
    ult_tls_counts(&made2, &pooled2);
    ck_assert_int_eq(made2, made);
    ck_assert_int_eq(pooled2, pooled + 1);
    /* again, and then with the VP's TLS */
    ck_assert_int_eq(mltp_begin(nvp), 0);
    ck_assert_int_eq(tx, 43);
    ck_assert_int_eq(mltp_end(), 0);
    ck_assert_int_eq(mltp_set_main_tls(MLTP_TLS_VP), 0);
    ck_assert_int_eq(mltp_begin(nvp), 0);
    ck_assert_ptr_ne(cu_tx_addr(), addr);
    ck_assert_int_eq(mltp_end(), 0);
    ck_assert_int_eq(tx, 43);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* Blocks that ULTs borrow in turn keep their values                    */

#define LENT 4
#define LENT_ROUNDS 20
static mltp_tls_block_t *lent[LENT];
static mltp_barrier_t lent_barrier;

static void *lent_ult(void *p)
{
    intptr_t v = (intptr_t)p;
    int i = (int)(v % LENT), round = (int)(v / LENT), *addr;

    ULT_CHECK(mltp_tls_block_return() == EINVAL, "returned a block not borrowed");
    ULT_CHECK(mltp_tls_block_borrow(lent[i]) == 0, "borrow");
    ULT_CHECK(mltp_tls_block_borrow(lent[(i + 1) % LENT]) == EINVAL, "borrowed two");
    addr = cu_tx_addr();
    ULT_CHECK(tx == (round ? round * 10 + i : 7) && errno == (round ? round : 0),
              "block %d in round %d: tx %d, errno %d", i, round, tx, errno);
    tx = (round + 1) * 10 + i;
    errno = round + 1;
    mltp_barrier(&lent_barrier, LENT);
    ULT_CHECK(mltp_tls_block_borrow(lent[(i + 1) % LENT]) == EINVAL, "borrowed two");
    mltp_yield();
    ULT_CHECK(cu_tx_addr() == addr && tx == (round + 1) * 10 + i, "block %d after a yield: tx %d", i, tx);
    /* half give it back, half end with it */
    if (i % 2 == 0) {
        ULT_CHECK(mltp_tls_block_return() == 0, "return");
        ULT_CHECK(cu_tx_addr() != addr, "still on block %d", i);
    }
    return NULL;
}

static void *lent_busy_ult(void *p)
{
    (void)p;
    ULT_CHECK(mltp_tls_block_borrow(lent[0]) == EBUSY, "borrowed a block borrowed");
    return NULL;
}

static void *lent_holder(void *p)
{
    (void)p;
    mltp_t *t;

    ULT_CHECK(mltp_tls_block_borrow(lent[0]) == 0, "borrow");
    t = mltp_create(lent_busy_ult, NULL);
    ULT_CHECK(t && mltp_join(t, NULL) == 0, "join");
    free(t);
    return NULL;
}

START_TEST(borrowed_blocks_keep_values)
{
    int nvp = nvp_of(_i);
    mltp_t *t[LENT];

    mltp_barrier_init(&lent_barrier);
    for (int i = 0; i < LENT; i++)
        ck_assert_ptr_nonnull(lent[i] = mltp_tls_block_create());
    ck_assert_int_eq(mltp_tls_block_borrow(lent[0]), EINVAL);    /* outside a ULT */
    ck_assert_int_eq(mltp_begin(nvp), 0);
    ck_assert_int_eq(mltp_tls_block_borrow(lent[0]), EINVAL);    /* main's share */
    ck_assert_int_eq(mltp_tls_block_borrow(NULL), EINVAL);
    for (int round = 0; round < LENT_ROUNDS; round++) {
        for (int i = 0; i < LENT; i++)
            ck_assert_ptr_nonnull(t[i] = create_tls(MLTP_TLS_VP, lent_ult,
                                                    (void *)(intptr_t)(round * LENT + i)));
        for (int i = 0; i < LENT; i++) {
            ck_assert_int_eq(mltp_join(t[i], NULL), 0);
            free(t[i]);
        }
    }
    ck_assert_ptr_nonnull(t[0] = create_tls(MLTP_TLS_VP, lent_holder, NULL));
    ck_assert_int_eq(mltp_join(t[0], NULL), 0);
    free(t[0]);
    ck_assert_int_eq(mltp_end(), 0);
    cu_assert_ults_ok();
}
END_TEST

/* A ULT with a block of its own cannot borrow one */
static void *own_borrows(void *p)
{
    (void)p;
    ULT_CHECK(mltp_tls_block_borrow(lent[0]) == EINVAL, "borrowed on its own block");
    return NULL;
}

START_TEST(borrow_misuse)
{
    mltp_t *t;

    ck_assert_ptr_nonnull(lent[0] = mltp_tls_block_create());
    ck_assert_int_eq(mltp_set_main_tls(3), EINVAL);
    ck_assert_int_eq(mltp_set_main_tls(-1), EINVAL);
    ck_assert_int_eq(mltp_tls_block_return(), EINVAL);
    ck_assert_int_eq(mltp_begin(1), 0);
    t = create_tls(MLTP_TLS_ULT, own_borrows, NULL);
    ck_assert_int_eq(mltp_join(t, NULL), 0);
    free(t);
    ck_assert_int_eq(mltp_tls_block_return(), EINVAL);
    ck_assert_int_eq(mltp_end(), 0);
    cu_assert_ults_ok();
}
END_TEST

static const struct cu_row tls_tests[] = {
    CU_TCASE("own", 60),
    CU_LOOP(own_across_switches, 0, 3),
#if defined(__x86_64__)
    CU_TEST(own_without_fsgsbase),
#endif
    CU_TEST(own_beside_shared),
    CU_TEST(pooled_blocks_reset),
    CU_LOOP(dlopen_library_tls, 0, 3),
    CU_TEST(dlopen_from_ults),
    CU_LOOP(protector_and_longjmp, 0, 3),
    CU_LOOP(fork_from_own_block, 0, 2),
    CU_TEST(malloc_and_stdio),
    CU_TEST(process_setting),
    CU_LOOP(main_keeps_its_tls, 0, 3),
    CU_LOOP(borrowed_blocks_keep_values, 0, 3),

    CU_TCASE("misuse", 30),
    CU_TEST(attr_misuse),
    CU_TEST(borrow_misuse),
    CU_TEST(refused_elsewhere),
    CU_TEST(refused_setting_ends),
};

int main(void)
{
    return CU_MAIN("tls", tls_tests);
}
