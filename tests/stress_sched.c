/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stress_sched.c - the checks of test_sched.c run many times, and larger
 * (make check-stress, not make check): the scheduler's races show now and
 * then, so one passing run proves little.
 *
 * MLTP_STRESS_RUNS (default 20) sets how often each case runs, on 2 VPs
 * (_i 0) and on 4 (_i 1); the ULT without a stack, a short run that fails
 * in about 2 of 5 runs today, runs 5 times as often. The first failing
 * run fails the test; its number is on stderr.
 */
#include "sched_cases.h"

#define NVP (_i ? 4 : 2)

#define REPEAT_N(n, call) CU_REPEAT_N((n), NVP, call)
#define REPEAT(call) REPEAT_N(cu_stress_runs(), call)

START_TEST(s_detach_during_ult_join) { REPEAT(sc_detach_join(NVP, 0)); }
END_TEST
START_TEST(s_detach_during_bound_join) { REPEAT(sc_detach_join(NVP, 1)); }
END_TEST
START_TEST(s_nostack_at_first_run_from_yield) { REPEAT_N(5 * cu_stress_runs(), sc_nostack_yield(NVP)); }
END_TEST
/* 200000 episodes a run */
START_TEST(s_barrier_3_parties_count_2) { REPEAT(sc_barrier_race(NVP, 200000, 60.0)); }
END_TEST
START_TEST(s_barrier_waiter_stopped_256_episodes) { REPEAT(sc_barrier_lagging(NVP)); }
END_TEST
START_TEST(s_no_semop_under_runq_lock) { REPEAT(sc_no_syscall_under_lock(NVP)); }
END_TEST
START_TEST(s_block_front_holder_yields) { REPEAT(sc_lock_yield(NVP, "front")); }
END_TEST
START_TEST(s_idle_vp_steals) { REPEAT(sc_steal(NVP)); }
END_TEST
START_TEST(s_steals_while_the_owner_works) { REPEAT(sc_steal_churn(NVP)); }
END_TEST

int main(void)
{
    const struct cu_row rows[] = {
        /* per test: 5 x runs x (a case's watchdog) at worst */
        CU_TCASE("stress", cu_stress_runs() * 5 * 70),
        CU_LOOP(s_detach_during_ult_join, 0, 2),
        CU_LOOP(s_detach_during_bound_join, 0, 2),
        CU_LOOP(s_nostack_at_first_run_from_yield, 0, 2),
        CU_LOOP(s_barrier_3_parties_count_2, 0, 2),
        CU_LOOP(s_barrier_waiter_stopped_256_episodes, 0, 2),
        CU_LOOP(s_no_semop_under_runq_lock, 0, 2),
        CU_LOOP(s_block_front_holder_yields, 0, 2),
        CU_LOOP(s_idle_vp_steals, 0, 2),
        CU_LOOP(s_steals_while_the_owner_works, 0, 2),
    };
    return CU_MAIN("stress_sched", rows);
}
