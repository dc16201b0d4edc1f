/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_par.c - the apps' thread-package layer (apps/par) when something
 * fails: a worker that cannot be made (the test hook PAR_FAIL_CREATE) and
 * a barrier wait that fails. par_run must then fail with one line naming
 * the call, run no work, and leave nothing behind for the next run.
 */
#include "check_util.h"
#include "../apps/par/par.h"

enum { WORKERS = 8, FAILING = 3 };

static int worked;

static void count_work(int id, void *arg)
{
    (void)id;
    (void)arg;
    CU_INC(worked);
}

/* par_run(c, work, arg) with stderr in a buffer: its result, and what it
   printed in msg. */
static int run_captured(const struct par_config *c, void (*work)(int, void *), void *arg,
                        char *msg, size_t len)
{
    char path[] = "/tmp/mltp-test-par-XXXXXX";
    int fd = mkstemp(path), saved, r;
    ssize_t got;

    ck_assert_int_ge(fd, 0);
    unlink(path);
    fflush(stderr);
    saved = dup(2);
    dup2(fd, 2);
    r = par_run(c, work, arg);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    got = pread(fd, msg, len - 1, 0);
    close(fd);
    msg[got > 0 ? got : 0] = 0;
    return r;
}

/* _i: 0 MLTP, 1 POSIX threads. Worker FAILING cannot be made: the run
   fails with one line, no worker runs work, and the next run runs exactly
   its own workers (a ULT made before the failure and left queued would
   run in the next start, on the freed worker array). */
START_TEST(create_fails_part_way)
{
    struct par_config c = { _i ? PAR_PTHREADS : PAR_MLTP, WORKERS, 2, MLTP_LOCK_SPIN };
    char msg[512], want[128];

    snprintf(want, sizeof want, "par_run (%s): %s: %s\n", par_describe(&c),
             _i ? "pthread_create" : "mltp_create", strerror(_i ? EAGAIN : ENOMEM));
    setenv("PAR_FAIL_CREATE", "3", 1);
    ck_assert_int_eq(run_captured(&c, count_work, NULL, msg, sizeof msg), -1);
    ck_assert_str_eq(msg, want);
    ck_assert_int_eq(CU_LOAD(worked), 0);

    unsetenv("PAR_FAIL_CREATE");
    ck_assert_int_eq(run_captured(&c, count_work, NULL, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(CU_LOAD(worked), WORKERS);
}
END_TEST

/* The first worker cannot be made: nothing to run or release. */
START_TEST(create_fails_first)
{
    struct par_config c = { PAR_MLTP, WORKERS, 2, MLTP_LOCK_SPIN };
    char msg[512];

    setenv("PAR_FAIL_CREATE", "0", 1);
    ck_assert_int_eq(run_captured(&c, count_work, NULL, msg, sizeof msg), -1);
    ck_assert_int_eq(CU_LOAD(worked), 0);
    unsetenv("PAR_FAIL_CREATE");
    ck_assert_int_eq(run_captured(&c, count_work, NULL, msg, sizeof msg), 0);
    ck_assert_int_eq(CU_LOAD(worked), WORKERS);
}
END_TEST

static void wait_twice(int id, void *arg)
{
    (void)id;
    par_barrier_wait(arg);
    par_barrier_wait(arg);
    CU_INC(worked);
}

/* A barrier whose count mltp_barrier refuses (0: EINVAL at every wait,
   none blocks): the run fails, naming mltp_barrier; the same run with a
   barrier of its workers passes. */
START_TEST(barrier_failure_fails_run)
{
    struct par_config c = { PAR_MLTP, WORKERS, 2, MLTP_LOCK_SPIN };
    struct par_config none = c;
    par_barrier_t b;
    char msg[4096], want[128];

    none.workers = 0;
    ck_assert_int_eq(par_barrier_init(&none, &b), 0);
    snprintf(want, sizeof want, "par_run (%s): mltp_barrier: %s\n", par_describe(&c),
             strerror(EINVAL));
    ck_assert_int_eq(run_captured(&c, wait_twice, &b, msg, sizeof msg), -1);
    /* after mltp_barrier's own messages */
    ck_assert_ptr_nonnull(strstr(msg, want));
    ck_assert_str_eq(strstr(msg, want), want);
    par_barrier_destroy(&b);

    ck_assert_int_eq(par_barrier_init(&c, &b), 0);
    CU_STORE(worked, 0);
    ck_assert_int_eq(run_captured(&c, wait_twice, &b, msg, sizeof msg), 0);
    ck_assert_str_eq(msg, "");
    ck_assert_int_eq(CU_LOAD(worked), WORKERS);
    par_barrier_destroy(&b);
}
END_TEST

static const struct cu_row par_tests[] = {
    CU_TCASE("failures", 60),
    CU_LOOP(create_fails_part_way, 0, 2),
    CU_TEST(create_fails_first),
    CU_TEST(barrier_failure_fails_run),
};

int main(void)
{
    return CU_MAIN("par", par_tests);
}
