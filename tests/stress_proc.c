/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stress_proc.c - the checks of test_proc.c run many times, and larger
 * (make check-stress, not make check): the process layer's failures show
 * now and then (a start hangs in 3 of 10 programs, a forked child spins in 11
 * of 20 runs), so one passing run proves little.
 *
 * MLTP_STRESS_RUNS (default 20) sets how often each case runs, on 2 VPs
 * (_i 0) and on 4 (_i 1). The first failing run fails the test; its
 * number is on stderr.
 */
#include "proc_cases.h"

#define NVP (_i ? 4 : 2)

#define REPEAT_N(n, call) CU_REPEAT_N((n), NVP, call)
#define REPEAT(call) REPEAT_N(cu_stress_runs(), call)

START_TEST(s_pthread_starts) { REPEAT(pc_pthread_starts(NVP, 2000, 60.0)); }
END_TEST
START_TEST(s_pthread_in_ult) { REPEAT(pc_pthread_in_ult(NVP)); }
END_TEST
START_TEST(s_sigchld_ignored) { REPEAT(pc_sigchld_starts("sigchld-ign", NVP, 200, 30.0)); }
END_TEST
START_TEST(s_sigchld_ignored_by_ult) { REPEAT(pc_sigchld_starts("sigchld-ign-in-ult", NVP, 200, 30.0)); }
END_TEST
START_TEST(s_sigchld_handler) { REPEAT(pc_sigchld_starts("sigchld-handler", NVP, 200, 30.0)); }
END_TEST
START_TEST(s_sigchld_ignored_crash) { REPEAT(pc_sigchld_ign_segv(0, NVP)); }
END_TEST
START_TEST(s_bound_exit_in_start) { REPEAT(pc_bound_exit_start(NVP)); }
END_TEST
START_TEST(s_bound_exit_outside) { REPEAT(pc_bound_exit_outside(NVP)); }
END_TEST
/* 900 bound threads created and joined by ULTs (300 in make check; 3000
   took 26 s a run with today's library) */
START_TEST(s_bound_zombies) { REPEAT(pc_bound_zombies(NVP, 30, 60.0)); }
END_TEST
START_TEST(s_bound_segv_joined_by_ult) { REPEAT(pc_bound_segv_ult_join(NVP)); }
END_TEST
START_TEST(s_child_sleep_gets_sigint) { REPEAT(pc_fork_exec_sigint(NVP)); }
END_TEST
START_TEST(s_fork_in_bound) { REPEAT(pc_bound_fork(NVP)); }
END_TEST
START_TEST(s_fork_child_ult) { REPEAT(pc_fork_child(1, NVP)); }
END_TEST
START_TEST(s_fork_child_bound) { REPEAT(pc_fork_child(2, NVP)); }
END_TEST
START_TEST(s_sigterm_to_vp) { REPEAT(pc_sig_to_vp(SIGTERM, NVP)); }
END_TEST
START_TEST(s_sigint_handler_vp) { REPEAT(pc_sigint_handler(1, NVP)); }
END_TEST
START_TEST(s_janitor_fds_closed_by_ult) { REPEAT(pc_janitor_closefds(1, NVP)); }
END_TEST
START_TEST(s_deadlock_semaphore) { REPEAT(pc_lock_deadlock("deadlock-semaphore", NVP)); }
END_TEST
START_TEST(s_deadlock_block) { REPEAT(pc_lock_deadlock("deadlock-block", NVP)); }
END_TEST
START_TEST(s_pipe_closed) { REPEAT(pc_pipe_head(NVP)); }
END_TEST

int main(void)
{
    const struct cu_row rows[] = {
        /* per test: runs x (a case's watchdog) at worst */
        CU_TCASE("stress", cu_stress_runs() * 70),
        CU_LOOP(s_pthread_starts, 0, 2),
        CU_LOOP(s_pthread_in_ult, 0, 2),
        CU_LOOP(s_sigchld_ignored, 0, 2),
        CU_LOOP(s_sigchld_ignored_by_ult, 0, 2),
        CU_LOOP(s_sigchld_handler, 0, 2),
        CU_LOOP(s_sigchld_ignored_crash, 0, 2),
        CU_LOOP(s_bound_exit_in_start, 0, 2),
        CU_LOOP(s_bound_exit_outside, 0, 2),
        CU_LOOP(s_bound_zombies, 0, 2),
        CU_LOOP(s_bound_segv_joined_by_ult, 0, 2),
        CU_LOOP(s_child_sleep_gets_sigint, 0, 2),
        CU_LOOP(s_fork_in_bound, 0, 2),
        CU_LOOP(s_fork_child_ult, 0, 2),
        CU_LOOP(s_fork_child_bound, 0, 2),
        CU_LOOP(s_sigterm_to_vp, 0, 2),
        CU_LOOP(s_sigint_handler_vp, 0, 2),
        CU_LOOP(s_janitor_fds_closed_by_ult, 0, 2),
        CU_LOOP(s_deadlock_semaphore, 0, 2),
        CU_LOOP(s_deadlock_block, 0, 2),
        CU_LOOP(s_pipe_closed, 0, 2),
    };
    return CU_MAIN("stress_proc", rows);
}
