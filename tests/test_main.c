/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_main.c - main takes part in the work (mltp_begin, mltp_end; issue
 * 9): each scenario of tests/mainprog runs once under a watchdog, on 1 VP
 * (_i 0) and on 2 (_i 1) unless the case says otherwise, and leaves no
 * process and no semaphore set behind (pc_end).
 */
#include "proc_cases.h"

#define NVP (_i ? 2 : 1)
#define MAINPROG pc_prog_path("MAINPROG", "./tests/mainprog")

static void run(struct pc_run *r, const char *scen, int nvp, const char *arg)
{
    pc_begin_ex(r, MAINPROG, scen, nvp, arg, NULL);
    pc_finish(r, PC_WATCHDOG);
}

/* stdout has "key=VALUE" with this value */
static void has_value(const struct pc_run *r, const char *key, long want)
{
    char s[96];
    snprintf(s, sizeof s, "%s=%ld", key, want);
    pc_assert_has(r, s);
}

static void err_has(const struct pc_run *r, const char *s)
{
    ck_assert_msg(strstr(r->p->err, s) != NULL, "%s: stderr lacks '%s'", r->what, s);
}

/* Lines of ours on stderr ("mltp: ..."). */
static int our_lines(const struct pc_run *r)
{
    int n = 0;
    for (const char *l = r->p->err; *l;) {
        n += !strncmp(l, "mltp: ", 6);
        l += strcspn(l, "\n");
        l += *l == '\n';
    }
    return n;
}

/* P workers and main's share cross barriers and take a lock for 150 ms;
   main's thread, their reaper meanwhile, sleeps: its CPU time is a small
   part of the wall time (it would be most of it if it spun). */
static void share(int nvp, const char *p)
{
    struct pc_run r;
    run(&r, "share", nvp, p);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "share-private=1\n");
    pc_assert_has(&r, "share-on-main-thread=0\n");
    pc_assert_has(&r, "end=0 errno=0\n");
    pc_assert_has(&r, "sum-ok=1\n");
    pc_assert_has(&r, "back-on-main-thread=1 vp-after=-1\n");
    pc_assert_has(&r, "second=0 0\n");
    pc_assert_has(&r, "done\n");
    const char *w = strstr(r.p->out, "wall-ms="), *c = strstr(r.p->out, "main-cpu-ms=");
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_nonnull(c);
    double wall = atof(w + 8), cpu = atof(c + 12);
    ck_assert_msg(cpu < wall / 4, "%s: main's thread used %.1f ms of CPU in "
                  "%.1f ms: it does not sleep while main's share runs",
                  r.what, cpu, wall);
    pc_end(&r);
}

START_TEST(share_16_workers) { share(NVP, "16"); }
END_TEST
START_TEST(share_2_workers) { share(NVP, "2"); }
END_TEST

START_TEST(misuse)
{
    struct pc_run r;
    run(&r, "errors", NVP, NULL);
    pc_assert_exit(&r, 0);
    has_value(&r, "end-without-begin=-1 errno", EPERM);
    has_value(&r, "begin-0=-1 errno", EINVAL);
    has_value(&r, "begin-too-many=-1 errno", EINVAL);
    has_value(&r, "begin-twice=-1 errno", EBUSY);
    has_value(&r, "start-inside errno", EINVAL);
    has_value(&r, "worker-end=-1 errno", EPERM);
    has_value(&r, "worker-begin=-1 errno", EBUSY);
    has_value(&r, "join-main", EINVAL);
    pc_assert_has(&r, "end=0\ndone\n");
    err_has(&r, "mltp: mltp_end() called without mltp_begin()");
    err_has(&r, "mltp: mltp_begin(0): the number of VPs");
    err_has(&r, "mltp: mltp_begin(): main already takes part");
    err_has(&r, "mltp: mltp_end() called by another thread than main's share");
    pc_end(&r);
}
END_TEST

/* A crash in main's share: one line that names it, the signal's status. */
START_TEST(segv_in_share)
{
    struct pc_run r;
    run(&r, "segv", NVP, NULL);
    pc_assert_died(&r, SIGSEGV);
    char who[64];
    snprintf(who, sizeof who, "ULT %d \"main\"", pc_crasher_id(r.p));
    err_has(&r, who);
    err_has(&r, "SIGSEGV");
    ck_assert_int_eq(our_lines(&r), 1);
    pc_end(&r);
}
END_TEST

START_TEST(exit_in_share)
{
    struct pc_run r;
    run(&r, "exit", NVP, NULL);
    pc_assert_exit(&r, 7);
    ck_assert_int_eq(our_lines(&r), 0);
    pc_end(&r);
}
END_TEST

START_TEST(return_from_main_in_share)
{
    struct pc_run r;
    run(&r, "return", NVP, NULL);
    pc_assert_exit(&r, 5);
    ck_assert_int_eq(our_lines(&r), 0);
    pc_end(&r);
}
END_TEST

START_TEST(sigterm_in_share)
{
    struct pc_run r;
    run(&r, "sigterm", NVP, NULL);
    pc_assert_died(&r, SIGTERM);
    ck_assert_int_eq(our_lines(&r), 0);
    pc_end(&r);
}
END_TEST

START_TEST(abort_in_share)
{
    struct pc_run r;
    run(&r, "abort", NVP, NULL);
    pc_assert_died(&r, SIGABRT);
    err_has(&r, "mltp_abort() called by main's share");
    pc_end(&r);
}
END_TEST

/* The others can never end: mltp_end says so and returns EDEADLK. */
START_TEST(deadlock_while_main_ends)
{
    struct pc_run r;
    run(&r, "deadlock-end", NVP, NULL);
    pc_assert_exit(&r, 0);
    has_value(&r, "end=-1 errno", EDEADLK);
    pc_assert_not(&r, "lone waiter released");
    err_has(&r, "deadlock: 1 ULT(s) blocked and none can ever run; mltp_end returns");
    ck_assert_int_eq(our_lines(&r), 1);
    pc_end(&r);
}
END_TEST

/* Main's share itself is blocked with them: the program ends, status 1. */
START_TEST(deadlock_with_main_blocked)
{
    struct pc_run r;
    run(&r, "deadlock-main", NVP, NULL);
    pc_assert_exit(&r, 1);
    pc_assert_not(&r, "main released");
    err_has(&r, "main's share among them");
    ck_assert_int_eq(our_lines(&r), 1);
    pc_end(&r);
}
END_TEST

/* No VP can be made: mltp_begin fails on main's thread, which goes on;
   the next mltp_begin works and runs the ULTs made before (1 VP). */
START_TEST(failed_begin)
{
    struct pc_run r;
    run(&r, "failed-begin", 1, NULL);
    pc_assert_exit(&r, 0);
    has_value(&r, "failed-begin=-1 errno", EAGAIN);
    pc_assert_has(&r, " vp=-1\n");
    pc_assert_has(&r, "ran second\nbegin=0 vp=0\nend=0\ndone\n");
    err_has(&r, "mltp: could create only 0 of 1 VPs");
    pc_end(&r);
}
END_TEST

#define ADD(tc, t) tcase_add_loop_test(tc, t, 0, 2)

static Suite *main_suite(void)
{
    Suite *s = suite_create("main");
    TCase *tc;

    tc = cu_tcase(s, "share", 30);
    ADD(tc, share_16_workers);
    ADD(tc, share_2_workers);
    ADD(tc, misuse);

    tc = cu_tcase(s, "ends", 30);
    ADD(tc, segv_in_share);
    ADD(tc, exit_in_share);
    ADD(tc, return_from_main_in_share);
    ADD(tc, sigterm_in_share);
    ADD(tc, abort_in_share);

    tc = cu_tcase(s, "deadlock", 30);
    ADD(tc, deadlock_while_main_ends);
    ADD(tc, deadlock_with_main_blocked);
    tcase_add_test(tc, failed_begin);
    return s;
}

int main(void)
{
    return cu_run_suite(main_suite());
}
