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

#define NVP CU_STRESS_NVP

#define RUNS cu_stress_runs()

/* Each case once: its Check name, how many runs (RUNS: cu_stress_runs())
   and the call that runs it; a loop test on 2 and 4 VPs (NVP). */
#define STRESS_CASES(X) \
    X(s_detach_during_ult_join, RUNS, sc_detach_join(NVP, 0)) \
    X(s_detach_during_bound_join, RUNS, sc_detach_join(NVP, 1)) \
    X(s_nostack_at_first_run_from_yield, 5 * RUNS, sc_nostack_yield(NVP)) \
    /* 200000 episodes a run */ \
    X(s_barrier_3_parties_count_2, RUNS, sc_barrier_race(NVP, 200000, 60.0)) \
    X(s_barrier_waiter_stopped_256_episodes, RUNS, sc_barrier_lagging(NVP)) \
    X(s_no_semop_under_runq_lock, RUNS, sc_no_syscall_under_lock(NVP)) \
    X(s_block_front_holder_yields, RUNS, sc_lock_yield(NVP, "front")) \
    X(s_idle_vp_steals, RUNS, sc_steal(NVP)) \
    X(s_steals_while_the_owner_works, RUNS, sc_steal_churn(NVP))

STRESS_CASES(CU_STRESS_TEST)

static const struct cu_row stress_tests[] = { STRESS_CASES(CU_STRESS_ROW) };

int main(void)
{
    /* a case's watchdog, and 5 x as many runs for one case */
    return CU_STRESS_MAIN("stress_sched", stress_tests, 5 * 70);
}
