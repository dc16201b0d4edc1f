/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_api.c - bad input and misuse, out of memory, bound threads, the
 * SPLASH-style workers' bad input and clock, and a work source's wake. The starts on 2 VPs run
 * on MLTP_TEST_VPS when set (tests/test_vps.h), except the one inside a
 * ULT, which must fail whatever its count.
 */
#include <pthread.h>
#include <sys/syscall.h>

#include "check_util.h"

static __attribute__((noipa)) int read_errno(void) { return errno; }
static __attribute__((noipa)) void write_errno(int v) { errno = v; }

/* Run fn with fd 2 sent to a temp file; returns the message length. */
static long with_stderr_captured(void (*fn)(void))
{
    char path[] = "/tmp/mltp-test-api-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    unlink(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    fn();
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct stat sb;
    fstat(fd, &sb);
    close(fd);
    return (long)sb.st_size;
}

/* ==================================================================== */
/* Creation with bad arguments                                          */

static int ran;
static void *count_ult(void *p)
{
    CU_INC(ran);
    return p;
}

START_TEST(create_null_function)
{
    errno = 0;
    ck_assert_ptr_null(mltp_create(NULL, (void *)1));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(mltp_vcreate(NULL, 0));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(mltp_vcreate(NULL, (int)(2 * sizeof(qt_word_t)), 1, 2));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(mltp_create_attr(NULL, NULL, NULL));
    ck_assert_int_eq(errno, EINVAL);
    mltp_start(1); /* nothing was queued */
    ck_assert_int_eq(ran, 0);
}
END_TEST

START_TEST(create_attr_bad)
{
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.priority = -1;
    errno = 0;
    ck_assert_ptr_null(mltp_create_attr(&a, count_ult, NULL));
    ck_assert_int_eq(errno, EINVAL);
    a.priority = 32;
    errno = 0;
    ck_assert_ptr_null(mltp_create_attr(&a, count_ult, NULL));
    ck_assert_int_eq(errno, EINVAL);
    mltp_attr_init(&a);
    a.stacksize = 100;
    errno = 0;
    ck_assert_ptr_null(mltp_create_attr(&a, count_ult, NULL));
    ck_assert_int_eq(errno, EINVAL);
    a.stacksize = MLTP_STACK_MIN - 1;
    errno = 0;
    ck_assert_ptr_null(mltp_create_attr(&a, count_ult, NULL));
    ck_assert_int_eq(errno, EINVAL);

    /* the limits themselves are fine, and so is a NULL attr */
    mltp_t *t[4];
    mltp_attr_init(&a);
    a.priority = MLTP_PRIO_MIN;
    t[0] = mltp_create_attr(&a, count_ult, NULL);
    a.priority = MLTP_PRIO_MAX;
    a.stacksize = MLTP_STACK_MIN;
    t[1] = mltp_create_attr(&a, count_ult, NULL);
    t[2] = mltp_create_attr(NULL, count_ult, NULL);
    mltp_attr_init(&a);
    a.name = "a-rather-long-name-for-a-ult";
    t[3] = mltp_create_attr(&a, count_ult, NULL);
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_nonnull(t[i]);
    mltp_start(several_vps(2));
    ck_assert_int_eq(ran, 4);
    for (int i = 0; i < 4; i++)
        free(t[i]);
}
END_TEST

/* ==================================================================== */
/* Out of memory                                                        */

#define OOM_MAX 200000

/* _i 0: ULTs of the default stack size, which take their stack when they
   first run: creation allocates only the descriptor (malloc). _i 1: a
   stack of another size, mapped at creation. Both must end in ENOMEM
   under a low address-space limit, and work again once it is lifted. */
static mltp_t *oom_create(int eager)
{
    mltp_attr_t a;

    if (!eager)
        return mltp_create(count_ult, NULL);
    mltp_attr_init(&a);
    a.stacksize = 2 * mltp_get_stack_size();
    return mltp_create_attr(&a, count_ult, NULL);
}

START_TEST(create_out_of_memory)
{
#if defined(__SANITIZE_ADDRESS__)
    if (_i == 0) {
        /* ASan's allocator reserved its memory up front: malloc does not
           fail under the limit (the eager case still tests ENOMEM) */
        fprintf(stderr, "create_out_of_memory: descriptor case not run under ASan\n");
        return;
    }
#endif
    mltp_init();
    mltp_t **h = calloc(OOM_MAX, sizeof *h);
    ck_assert_ptr_nonnull(h);
    struct rlimit old, low;
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old), 0);
    long vmpages;
    ck_assert_msg(statm_pages(&vmpages, NULL) == 0, "cannot read /proc/self/statm");
    rlim_t lim = (rlim_t)vmpages * (rlim_t)sysconf(_SC_PAGESIZE) +
                 8u * 1024 * 1024;
    ck_assert_msg(old.rlim_max == RLIM_INFINITY || old.rlim_max > lim,
                  "hard RLIMIT_AS too low for the test");
    low.rlim_cur = lim;
    low.rlim_max = old.rlim_max;

    int n = 0, err = 0, setok;
    setok = setrlimit(RLIMIT_AS, &low) == 0;
    if (setok) {
        for (n = 0; n < OOM_MAX; n++) {
            errno = 0;
            h[n] = oom_create(_i);
            if (!h[n]) {
                err = errno;
                break;
            }
        }
        setrlimit(RLIMIT_AS, &old); /* nothing may allocate before this */
    }
    ck_assert_msg(setok, "setrlimit: %s", strerror(errno));
    ck_assert_msg(n < OOM_MAX, "mltp_create never failed under a %lu-byte "
                  "address-space limit", (unsigned long)lim);
    ck_assert_msg(err == ENOMEM, "creation failed with errno %d (%s), "
                  "expected ENOMEM", err, strerror(err));
    ck_assert_int_gt(n, 0);
    fprintf(stderr, "out of memory after %d ULTs (limit %lu bytes)\n", n,
            (unsigned long)lim);

    /* memory is back: creating works again, and nothing already created
       is lost */
    mltp_t *extra = oom_create(_i);
    ck_assert_ptr_nonnull(extra);
    mltp_start(several_vps(2));
    ck_assert_msg(ran == n + 1, "%d ULTs ran, %d were created", ran, n + 1);
    for (int i = 0; i < n; i++)
        free(h[i]);
    free(extra);
    free(h);
}
END_TEST

/* ==================================================================== */
/* Bad starts and yields outside a ULT                                  */

static int e_start0, e_startm;
static void bad_starts(void)
{
    errno = 0;
    mltp_start(0);
    e_start0 = errno;
    errno = 0;
    mltp_start(-5);
    e_startm = errno;
}

START_TEST(start_bad_count)
{
    mltp_t *t = mltp_create(count_ult, NULL);
    ck_assert_ptr_nonnull(t);
    long msg = with_stderr_captured(bad_starts);
    ck_assert_int_eq(e_start0, EINVAL);
    ck_assert_int_eq(e_startm, EINVAL);
    ck_assert_msg(msg > 0, "no message for mltp_start(0) / mltp_start(-5)");
    ck_assert_int_eq(ran, 0); /* a bad start runs nothing ... */
    mltp_start(1);
    ck_assert_int_eq(ran, 1); /* ... and loses nothing */
    free(t);
}
END_TEST

static int inner_errno = -1, inner_after;
static void *start_inside(void *p)
{
    (void)p;
    write_errno(0);
    mltp_start(2);
    inner_errno = read_errno();
    mltp_yield();
    inner_after = 1;
    return NULL;
}
static void run_start_inside(void)
{
    mltp_t *t = mltp_create(start_inside, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    free(t);
}

START_TEST(start_inside_ult)
{
    long msg = with_stderr_captured(run_start_inside);
    ck_assert_int_eq(inner_errno, EINVAL);
    ck_assert_int_eq(inner_after, 1);
    ck_assert_msg(msg > 0, "no message for mltp_start inside a ULT");
}
END_TEST

static int e_y1, e_y2;
static void yields_outside(void)
{
    errno = 0;
    mltp_yield();
    e_y1 = errno;
    errno = 0;
    mltp_yield_to_first();
    e_y2 = errno;
}

START_TEST(yield_outside_ult)
{
    long msg = with_stderr_captured(yields_outside);
    ck_assert_int_eq(e_y1, EPERM);
    ck_assert_int_eq(e_y2, EPERM);
    ck_assert_msg(msg > 0, "no message for mltp_yield outside a ULT");
    /* and the library still works */
    mltp_t *t = mltp_create(count_ult, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    ck_assert_int_eq(ran, 1);
    free(t);
}
END_TEST

START_TEST(init_twice)
{
    mltp_init();
    mltp_init();
    mltp_t *t = mltp_create(count_ult, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_init();
    mltp_start(several_vps(2));
    ck_assert_int_eq(ran, 1);
    free(t);
}
END_TEST

/* ==================================================================== */
/* Locks, barriers, joins with bad arguments                            */

START_TEST(lock_init_bad_class)
{
    mltp_lock_t l;
    ck_assert_int_eq(mltp_lock_init(&l, 99), EINVAL);
    ck_assert_int_eq(mltp_lock_init(&l, -1), EINVAL);
    ck_assert_int_eq(mltp_lock_init(&l, MLTP_LOCK_MUTEX + 1), EINVAL);
    for (int c = 0; c <= MLTP_LOCK_MUTEX; c++) {
        ck_assert_int_eq(mltp_lock_init(&l, c), 0);
        if (c == MLTP_LOCK_SEMAPHORE)
            mltp_lock_destroy(&l);
    }
}
END_TEST

START_TEST(barrier_zero_count)
{
    mltp_barrier_t b;
    mltp_barrier_init(&b);
    ck_assert_int_eq(mltp_barrier(&b, 0), EINVAL);
    ck_assert_int_eq(mltp_barrier(&b, -1), EINVAL);
    ck_assert_int_eq(mltp_barrier(&b, 1), 0); /* alone: passes */
}
END_TEST

static int jn_null = -1, jn_bound = -1, jn_detached_null = -1;
static mltp_t *jn_bt;
static int jn_release;
static void *join_bad(void *p)
{
    (void)p;
    void *rv;
    jn_null = mltp_join(NULL, &rv);
    jn_bound = mltp_join(jn_bt, &rv);
    jn_detached_null = mltp_detach(NULL);
    CU_STORE(jn_release, 1);
    return NULL;
}
static void bound_waits(void *p)
{
    (void)p;
    while (!CU_LOAD(jn_release))
        mltp_yield_bound();
}

START_TEST(join_bad_args)
{
    jn_bt = mltp_create_bound(bound_waits, NULL, 0, NULL);
    ck_assert_ptr_nonnull(jn_bt);
    mltp_t *t = mltp_create(join_bad, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    CU_STORE(jn_release, 1);
    mltp_join_bound(*jn_bt);
    ck_assert_int_eq(jn_null, EINVAL);
    ck_assert_int_eq(jn_bound, EINVAL);
    ck_assert_int_eq(jn_detached_null, EINVAL);
    free(t);
    free(jn_bt);
}
END_TEST

/* ==================================================================== */
/* Bound threads                                                        */

static void bound_nop(void *p) { (void)p; }

START_TEST(bound_null)
{
    errno = 0;
    ck_assert_ptr_null(mltp_create_bound(NULL, NULL, 0, NULL));
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_ptr_null(mltp_create_bound(NULL, (void *)1, 0, bound_nop));
    ck_assert_int_eq(errno, EINVAL);
}
END_TEST

static pid_t bt_pid, bt_tid;
static int bt_started, bt_done, bt_term_count, bt_term_saw_done;
static pid_t bt_term_pid;
static void *bt_term_arg;
static int bt_stack_ok;

static void bound_f(void *p)
{
    bt_pid = getpid();
    bt_tid = (pid_t)syscall(SYS_gettid);
    CU_STORE(bt_started, 1);
    if (p == (void *)0x5151) {
        volatile char big[150 * 1024];
        for (size_t i = 0; i < sizeof big; i += 512)
            big[i] = (char)i;
        bt_stack_ok = big[512] == (char)512;
    }
    sleep_ms(50);
    CU_STORE(bt_done, 1);
}
static void bound_term(void *p)
{
    CU_INC(bt_term_count);
    bt_term_saw_done = CU_LOAD(bt_done);
    bt_term_pid = getpid();
    bt_term_arg = p;
}

START_TEST(bound_thread_runs)
{
    void *arg = _i ? (void *)0x5151 : (void *)0x7777;
    mltp_t *t = mltp_create_bound(bound_f, arg, _i ? 256 * 1024 : 0,
                                  bound_term);
    ck_assert_ptr_nonnull(t);
    /* it starts at once, without mltp_start */
    double end = now() + 20;
    while (!CU_LOAD(bt_started) && now() < end)
        sched_yield();
    ck_assert_msg(CU_LOAD(bt_started), "bound thread did not start");
    ck_assert_int_ne(bt_pid, getpid());
    ck_assert_int_ne(bt_tid, (pid_t)syscall(SYS_gettid));
    /* term runs in the joining thread, not before the join */
    while (!CU_LOAD(bt_done) && now() < end)
        sched_yield();
    sleep_ms(50);
    ck_assert_int_eq(CU_LOAD(bt_term_count), 0);
    mltp_join_bound(*t);
    ck_assert_int_eq(bt_done, 1);
    ck_assert_int_eq(bt_term_count, 1);
    ck_assert_int_eq(bt_term_saw_done, 1);
    ck_assert_int_eq(bt_term_pid, getpid());
    ck_assert_ptr_eq(bt_term_arg, arg);
    if (_i)
        ck_assert_int_eq(bt_stack_ok, 1);
    free(t);
}
END_TEST

static void bound_slow(void *p)
{
    sleep_ms(100);
    CU_STORE(*(int *)p, 1);
}

START_TEST(bound_join_waits)
{
    static int flag;
    mltp_t *t = mltp_create_bound(bound_slow, &flag, 0, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_join_bound(*t);
    ck_assert_int_eq(CU_LOAD(flag), 1);
    free(t);
}
END_TEST

static int bm_bad, bm_go, bm_errset[3];
static char bm_dir[512];  /* private: mkdtemp under $TMPDIR */
static char bm_path[600];
static void bound_glibc(void *p)
{
    int id = (int)(intptr_t)p;
    while (!CU_LOAD(bm_go))
        sched_yield();
    write_errno(700 + id); /* after the caller set its own errno */
    CU_STORE(bm_errset[id], 1);
    while (!(CU_LOAD(bm_errset[1]) && CU_LOAD(bm_errset[2])))
        CU_PAUSE();
    if (read_errno() != 700 + id) /* the other one wrote its errno too */
        CU_INC(bm_bad);
    for (int k = 0; k < 2000; k++) {
        size_t n = 1 + (size_t)((k * 131 + id * 17) % 5000);
        unsigned char *b = malloc(n);
        if (!b) {
            CU_INC(bm_bad);
            continue;
        }
        memset(b, id + k, n);
        b = realloc(b, n + 100);
        for (size_t i = 0; i < n; i++)
            if (b[i] != (unsigned char)(id + k)) {
                CU_INC(bm_bad);
                break;
            }
        free(b);
        char buf[64], want[64];
        snprintf(buf, sizeof buf, "%d/%d", id, k);
        strcpy(want, buf);
        if (strcmp(buf, want) || strcmp(strerror(ENOENT),
                                         "No such file or directory"))
            CU_INC(bm_bad);
    }
    printf("bound thread %d printing\n", id);
    fflush(stdout);
    char path[700];
    snprintf(path, sizeof path, "%s.%d", bm_path, id);
    FILE *f = fopen(path, "w");
    if (!f) {
        CU_INC(bm_bad);
        return;
    }
    fprintf(f, "hello from %d\n", id);
    fclose(f);
}

START_TEST(bound_glibc_works)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(bm_dir, sizeof bm_dir, "%s/mltp-test-bound-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    ck_assert_msg(mkdtemp(bm_dir) != NULL, "mkdtemp %s: %s", bm_dir,
                  strerror(errno));
    snprintf(bm_path, sizeof bm_path, "%s/out", bm_dir);
    mltp_t *t1 = mltp_create_bound(bound_glibc, (void *)1, 0, NULL);
    mltp_t *t2 = mltp_create_bound(bound_glibc, (void *)2, 0, NULL);
    ck_assert(t1 && t2);
    /* errno is per thread: the bound threads set theirs after ours, and we
       make no library call (which may change errno) before reading it */
    write_errno(5);
    CU_STORE(bm_go, 1);
    while (!(CU_LOAD(bm_errset[1]) && CU_LOAD(bm_errset[2])))
        CU_PAUSE();
    int my_errno = read_errno();
    /* the caller allocates at the same time */
    for (int k = 0; k < 2000; k++) {
        void *b = malloc(1 + (size_t)(k % 3000));
        ck_assert_ptr_nonnull(b);
        free(b);
    }
    mltp_join_bound(*t1);
    mltp_join_bound(*t2);
    ck_assert_int_eq(my_errno, 5);
    ck_assert_int_eq(bm_bad, 0);
    for (int id = 1; id <= 2; id++) {
        char path[700], line[64], want[64];
        snprintf(path, sizeof path, "%s.%d", bm_path, id);
        FILE *f = fopen(path, "r");
        ck_assert_ptr_nonnull(f);
        ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
        fclose(f);
        unlink(path);
        snprintf(want, sizeof want, "hello from %d\n", id);
        ck_assert_str_eq(line, want);
    }
    ck_assert_msg(rmdir(bm_dir) == 0, "rmdir %s: %s", bm_dir,
                  strerror(errno));
    free(t1);
    free(t2);
}
END_TEST

/* A bound thread runs on a TCB borrowed from glibc and given back when
   it is joined; glibc hands it to later pthreads without clearing its
   thread-specific data (it expects a thread's exit to clear it). A value
   a bound thread set must not show up in a pthread made afterwards. */
static pthread_key_t tsd_key;
static void bound_sets_key(void *p)
{
    pthread_setspecific(tsd_key, p);
}

static void *pthread_reads_key(void *unused)
{
    (void)unused;
    return pthread_getspecific(tsd_key);
}

START_TEST(bound_keys_not_inherited)
{
    ck_assert_int_eq(pthread_key_create(&tsd_key, NULL), 0);
    for (int round = 0; round < 8; round++) {
        mltp_t *t = mltp_create_bound(bound_sets_key, (void *)0x5eed, 0, NULL);
        ck_assert_ptr_nonnull(t);
        mltp_join_bound(*t);
        free(t);
        for (int i = 0; i < 4; i++) {
            pthread_t pt;
            void *v = (void *)1;
            ck_assert_int_eq(pthread_create(&pt, NULL, pthread_reads_key, NULL), 0);
            ck_assert_int_eq(pthread_join(pt, &v), 0);
            ck_assert_msg(v == NULL, "round %d: a new pthread finds %p in a key "
                          "that only a joined bound thread had set", round, v);
        }
    }
}
END_TEST

/* A ULT creates and joins bound threads in a start where none existed
   before, so the reaper is their watcher: each join returns soon after
   the thread's end, not at the reaper's next wake-up for signals (100 ms).
   _i: 0 mltp_start(1), 1 mltp_start(2), 2 main's share of mltp_begin(2)
   (2: MLTP_TEST_VPS when set). */
#define BJ_ROUNDS 20
#define BJ_LATE_MS 20.0
static double bj_ended;
static void bound_notes_end(void *p)
{
    (void)p;
    double t = now();
    __atomic_store(&bj_ended, &t, __ATOMIC_SEQ_CST);
}

static void join_bound_rounds(void)
{
    for (int i = 0; i < BJ_ROUNDS; i++) {
        double ended, late_ms;
        mltp_t *t = mltp_create_bound(bound_notes_end, NULL, 0, NULL);
        ULT_CHECK(t != NULL, "round %d: mltp_create_bound: %s", i,
                  strerror(errno));
        if (!t)
            return;
        mltp_join_bound(*t);
        late_ms = now();
        __atomic_load(&bj_ended, &ended, __ATOMIC_SEQ_CST);
        late_ms = (late_ms - ended) * 1e3;
        free(t);
        ULT_CHECK(late_ms < BJ_LATE_MS, "round %d: the join returned %.1f ms "
                  "after the bound thread's end", i, late_ms);
    }
}

static void *ult_joins_bound(void *p)
{
    (void)p;
    join_bound_rounds();
    return NULL;
}

START_TEST(bound_join_prompt_in_start)
{
    cu_reset_fails();
    /* a fresh process (CK_FORK): no bound thread, no monitor */
    if (_i < 2) {
        mltp_t *u = mltp_create(ult_joins_bound, NULL);
        ck_assert_ptr_nonnull(u);
        mltp_start(_i ? several_vps(2) : 1);
        free(u);
    } else {
        /* a failed mltp_begin returns on main's thread: ck_assert is safe */
        ck_assert_int_eq(mltp_begin(several_vps(2)), 0);
        join_bound_rounds();
        ck_assert_int_eq(mltp_end(), 0);
    }
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* SPLASH-style workers: bad input; the clock                           */

/* fn NULL fails before anything starts: main stays off any VP */
START_TEST(workers_null_function)
{
    write_errno(0);
    ck_assert_int_eq(mltp_worker_create(NULL), -1);
    ck_assert_int_eq(read_errno(), EINVAL);
    for (long n = 1; n <= 4; n += 3) {
        write_errno(0);
        ck_assert_int_eq(mltp_workers_run(NULL, n), -1);
        ck_assert_int_eq(read_errno(), EINVAL);
    }
    ck_assert_ptr_null(mltp_self());
    ck_assert_int_eq(mltp_vp_count(), 0);
    ck_assert_int_eq(mltp_workers_wait(), 0);
}
END_TEST

static int wait_none_rc = -2;
static void wait_none(void)
{
    wait_none_rc = mltp_workers_wait();
}

START_TEST(workers_wait_none)
{
    double t0 = now();
    long msg = with_stderr_captured(wait_none);
    double dt = now() - t0;
    ck_assert_int_eq(wait_none_rc, 0);
    ck_assert_msg(msg == 0, "mltp_workers_wait() with no worker printed a message");
    ck_assert_msg(dt < 0.5, "mltp_workers_wait() with no worker took %.3f s", dt);
    ck_assert_ptr_null(mltp_self());
    ck_assert_int_eq(mltp_vp_count(), 0);
}
END_TEST

/* A ULT the program made itself is no worker, whatever its private area
   holds: worker number 0. */
static long own_ult_id = -1;

static void *own_ult(void *p)
{
    long *priv = mltp_get_private();

    (void)p;
    priv[0] = 42;
    priv[1] = 7;
    own_ult_id = mltp_worker_id();
    return NULL;
}

START_TEST(worker_id_of_own_ult)
{
    mltp_t *t = mltp_create(own_ult, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    ck_assert_int_eq(own_ult_id, 0);
    free(t);
}
END_TEST

static unsigned long monotonic_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long)ts.tv_sec * 1000000UL + (unsigned long)ts.tv_nsec / 1000UL;
}

/* CLOCK_MONOTONIC in microseconds: between two reads of it, never
   backwards, and a 20 ms sleep apart by about that (a shared machine may
   sleep much longer) */
START_TEST(clock_us)
{
    unsigned long a = monotonic_us(), c = mltp_clock_us(), b = monotonic_us();
    ck_assert_msg(a <= c && c <= b, "mltp_clock_us() = %lu, not between %lu "
                  "and %lu (CLOCK_MONOTONIC in µs)", c, a, b);
    unsigned long back = 0;
    for (int i = 0; i < 100000 && !back; i++) {
        unsigned long t = mltp_clock_us();
        back = t < c ? c : 0;
        c = t;
    }
    ck_assert_msg(!back, "mltp_clock_us() went back from %lu to %lu", back, c);
    a = mltp_clock_us();
    sleep_ms(20);
    unsigned long d = mltp_clock_us() - a;
    ck_assert_msg(d >= 15000 && d <= 1000000, "a 20 ms sleep: mltp_clock_us() "
                  "advanced by %lu µs", d);
}
END_TEST

/* ==================================================================== */
/* MLTP_TEST_VPS (tests/test_vps.h), which make check-repeat sets       */

/* several_vps(2) in a child with MLTP_TEST_VPS=value: its exit status
   (or -1), its stderr in err. */
static int several_vps_exit(const char *value, char *err, size_t len)
{
    int pfd[2], st;
    ssize_t n;

    pid_t pid = cu_fork_with_pipe(pfd);
    if (pid == 0) {
        dup2(pfd[1], 2);
        setenv("MLTP_TEST_VPS", value, 1);
        _exit(several_vps(2) == 2 ? 0 : 1);
    }
    close(pfd[1]);
    n = read(pfd[0], err, len - 1);
    err[n > 0 ? n : 0] = 0;
    close(pfd[0]);
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Unset or empty: the case's own count; 2 to 16: that count; anything
   else ends the program with status 2 and a message that names it. */
START_TEST(test_vps_variable)
{
    static const char *bad[] = { "1", "0", "17", "-4", "abc", "4x", "2.5",
                                 "99999999999999999999" };
    char err[256], want[64];

    unsetenv("MLTP_TEST_VPS");
    ck_assert_int_eq(several_vps(2), 2);
    ck_assert_int_eq(several_vps(4), 4);
    setenv("MLTP_TEST_VPS", "", 1);
    ck_assert_int_eq(several_vps(4), 4);
    setenv("MLTP_TEST_VPS", "3", 1);
    ck_assert_int_eq(several_vps(2), 3);
    ck_assert_int_eq(several_vps(4), 3);
    setenv("MLTP_TEST_VPS", "16", 1);
    ck_assert_int_eq(several_vps(2), 16);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = several_vps_exit(bad[i], err, sizeof err);
        snprintf(want, sizeof want, "MLTP_TEST_VPS=%s:", bad[i]);
        ck_assert_msg(rc == 2, "MLTP_TEST_VPS=%s: exit status %d, expected 2",
                      bad[i], rc);
        ck_assert_msg(strstr(err, want) != NULL, "MLTP_TEST_VPS=%s: the "
                      "message does not name it: '%s'", bad[i], err);
    }
}
END_TEST

/* ==================================================================== */
/* A work source (mltp_set_work_source)                                 */

static int no_look(void) { return 0; }
static int no_take(void) { return 0; }

START_TEST(work_source_bad_args)
{
    errno = 0;
    ck_assert_int_eq(mltp_set_work_source(no_look, NULL), -1);
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    ck_assert_int_eq(mltp_set_work_source(NULL, no_take), -1);
    ck_assert_int_eq(errno, EINVAL);
    ck_assert_int_eq(mltp_set_work_source(NULL, NULL), 0);
    mltp_work_source_ready();   /* none: wakes nobody, changes nothing */
}
END_TEST

/* Items added by a ULT that never blocks while every other VP is parked:
   only mltp_work_source_ready's wake brings a VP to take them. */
#define ITEMS 3
static long items, items_taken, items_ran;
static int adder_vp = -1, item_vp[ITEMS], items_late;

static int items_look(void)
{
    return __atomic_load_n(&items, __ATOMIC_ACQUIRE) > 0;
}

static void *item_ult(void *p)
{
    long i = (long)p;

    item_vp[i] = mltp_vp_id();
    __atomic_add_fetch(&items_ran, 1, __ATOMIC_RELEASE);
    return NULL;
}

static int items_take(void)
{
    long n = __atomic_load_n(&items, __ATOMIC_ACQUIRE);

    while (n > 0 && !__atomic_compare_exchange_n(&items, &n, n - 1, 0, __ATOMIC_ACQ_REL,
                                                 __ATOMIC_ACQUIRE))
        ;
    if (n <= 0)
        return 0;
    long i = __atomic_fetch_add(&items_taken, 1, __ATOMIC_RELAXED);
    mltp_t *t = mltp_create(item_ult, (void *)i);
    if (!t)
        abort();
    mltp_detach(t);
    return 1;
}

/* busy for ms milliseconds, no switch (the others park: their spin,
   MLTP_SPIN_US, is 20 us) */
static void busy_ms(unsigned long ms)
{
    unsigned long until = mltp_clock_us() + ms * 1000;
    while (mltp_clock_us() < until)
        ;
}

static void *items_adder(void *p)
{
    (void)p;
    adder_vp = mltp_vp_id();
    for (long i = 0; i < ITEMS; i++) {
        busy_ms(50);
        __atomic_add_fetch(&items, 1, __ATOMIC_RELEASE);
        mltp_work_source_ready();
        unsigned long until = mltp_clock_us() + 5 * 1000 * 1000;
        while (__atomic_load_n(&items_ran, __ATOMIC_ACQUIRE) == i && mltp_clock_us() < until)
            ;
        if (__atomic_load_n(&items_ran, __ATOMIC_ACQUIRE) == i) {
            items_late = 1;     /* nobody woke for it: let the start end */
            return NULL;
        }
    }
    return NULL;
}

START_TEST(work_source_wakes_parked_vp)
{
    ck_assert_int_eq(mltp_set_work_source(items_look, items_take), 0);
    mltp_t *t = mltp_create(items_adder, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(several_vps(2));
    ck_assert_msg(!items_late, "item %ld not taken within 5 s: no VP woken for it",
                  items_ran);
    ck_assert_int_eq(items_ran, ITEMS);
    ck_assert_int_eq(items_taken, ITEMS);
    for (int i = 0; i < ITEMS; i++)
        ck_assert_msg(item_vp[i] >= 0 && item_vp[i] != adder_vp,
                      "item %d ran on VP %d, the adder's is %d", i, item_vp[i], adder_vp);
    ck_assert_int_eq(mltp_set_work_source(NULL, NULL), 0);
    free(t);
}
END_TEST

/* ==================================================================== */

static const struct cu_row api_tests[] = {
    CU_TCASE("create", 60),
    CU_TEST(create_null_function),
    CU_TEST(create_attr_bad),
    CU_LOOP(create_out_of_memory, 0, 2),

    CU_TCASE("misuse", 60),
    CU_TEST(start_bad_count),
    CU_TEST(start_inside_ult),
    CU_TEST(yield_outside_ult),
    CU_TEST(init_twice),
    CU_TEST(lock_init_bad_class),
    CU_TEST(barrier_zero_count),
    CU_TEST(join_bad_args),

    CU_TCASE("workers", 30),
    CU_TEST(workers_null_function),
    CU_TEST(workers_wait_none),
    CU_TEST(worker_id_of_own_ult),
    CU_TEST(clock_us),

    CU_TCASE("bound", 60),
    CU_TEST(bound_null),
    CU_LOOP(bound_thread_runs, 0, 2),
    CU_TEST(bound_join_waits),
    CU_TEST(bound_glibc_works),
    CU_TEST(bound_keys_not_inherited),
    CU_LOOP(bound_join_prompt_in_start, 0, 3),

    CU_TCASE("work source", 60),
    CU_TEST(work_source_bad_args),
    CU_TEST(work_source_wakes_parked_vp),

    CU_TCASE("harness", 30),
    CU_TEST(test_vps_variable),
};

int main(void)
{
    return CU_MAIN("api", api_tests);
}
