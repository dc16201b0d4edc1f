/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_sched.c - the scheduler races and missing locking of issue 8, each
 * run once as a program (tests/schedprog, tests/nolocksys) under a
 * watchdog: on 2 VPs (_i 0) and on 4 (_i 1) unless the case says
 * otherwise. The checks are in sched_cases.h; stress_sched.c runs them
 * many times over, and larger.
 */
#include "sched_cases.h"

#define NVP (_i ? 4 : 2)

/* bug 1: detach during a join */
START_TEST(detach_during_ult_join) { sc_detach_join(NVP, 0); }
END_TEST
START_TEST(detach_during_bound_join) { sc_detach_join(NVP, 1); }
END_TEST

/* bug 3: no stack at a ULT's first run, taken by a yield */
START_TEST(nostack_at_first_run_from_yield) { sc_nostack_yield(NVP); }
END_TEST

/* bug 4: a failed start (1 VP) */
START_TEST(failed_start_keeps_runq_locking) { sc_failed_start(); }
END_TEST

/* bug 5: too many arrivals at a barrier episode */
START_TEST(barrier_party_too_many_1vp) { sc_barrier_extra(); }
END_TEST
START_TEST(barrier_3_parties_count_2) { sc_barrier_race(NVP, 20000, PC_WATCHDOG + 5.0); }
END_TEST
START_TEST(barrier_waiter_stopped_256_episodes) { sc_barrier_lagging(NVP); }
END_TEST

/* bug 6: no system call under the run-queue spin lock */
START_TEST(no_semop_under_runq_lock) { sc_no_syscall_under_lock(NVP); }
END_TEST

/* bug 7: yielding locks whose holder yields: 1, 2 and 4 VPs */
static const int ly_nvp[3] = { 1, 2, 4 };
START_TEST(block_front_holder_yields) { sc_lock_yield(ly_nvp[_i], "front"); }
END_TEST
START_TEST(block_holder_yields) { sc_lock_yield(ly_nvp[_i], "block"); }
END_TEST

#define ADD(tc, t) tcase_add_loop_test(tc, t, 0, 2)

static Suite *sched_suite(void)
{
    Suite *s = suite_create("sched");
    TCase *tc;

    tc = cu_tcase(s, "join", 30);
    ADD(tc, detach_during_ult_join);
    ADD(tc, detach_during_bound_join);

    tc = cu_tcase(s, "stack", 30);
    ADD(tc, nostack_at_first_run_from_yield);

    tc = cu_tcase(s, "start", 30);
    tcase_add_test(tc, failed_start_keeps_runq_locking);

    tc = cu_tcase(s, "barrier", 30);
    tcase_add_test(tc, barrier_party_too_many_1vp);
    ADD(tc, barrier_3_parties_count_2);
    ADD(tc, barrier_waiter_stopped_256_episodes);

    tc = cu_tcase(s, "syscalls", 30);
    ADD(tc, no_semop_under_runq_lock);

    tc = cu_tcase(s, "locks", 30);
    tcase_add_loop_test(tc, block_front_holder_yields, 0, 3);
    tcase_add_loop_test(tc, block_holder_yields, 0, 3);
    return s;
}

int main(void)
{
    return cu_run_suite(sched_suite());
}
