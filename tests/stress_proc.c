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

#define NVP CU_STRESS_NVP

#define RUNS cu_stress_runs()

/* Each case once: its Check name, how many runs (RUNS: cu_stress_runs())
   and the call that runs it; a loop test on 2 and 4 VPs (NVP). */
#define STRESS_CASES(X) \
    /* one helper pthread, 2000 starts (200 in make check) */ \
    X(s_pthread_starts, RUNS, pc_pthread_starts(NVP, 2000, 60.0)) \
    X(s_pthread_in_ult, RUNS, pc_pthread_in_ult(NVP)) \
    X(s_sigchld_ignored, RUNS, pc_sigchld_starts("sigchld-ign", NVP, 200, 30.0)) \
    X(s_sigchld_ignored_by_ult, RUNS, pc_sigchld_starts("sigchld-ign-in-ult", NVP, 200, 30.0)) \
    X(s_sigchld_handler, RUNS, pc_sigchld_starts("sigchld-handler", NVP, 200, 30.0)) \
    X(s_sigchld_ignored_crash, RUNS, pc_sigchld_ign_segv(0, NVP)) \
    X(s_bound_exit_in_start, RUNS, pc_bound_exit_start(NVP)) \
    X(s_bound_exit_outside, RUNS, pc_bound_exit_outside(NVP)) \
    /* 900 bound threads created and joined by ULTs (300 in make check; 3000
       took 26 s a run with today's library) */ \
    X(s_bound_zombies, RUNS, pc_bound_zombies(NVP, 30, 60.0)) \
    X(s_bound_segv_joined_by_ult, RUNS, pc_bound_segv_ult_join(NVP)) \
    X(s_child_sleep_gets_sigint, RUNS, pc_fork_exec_sigint(NVP)) \
    X(s_fork_in_bound, RUNS, pc_bound_fork(NVP)) \
    X(s_fork_child_ult, RUNS, pc_fork_child(1, NVP)) \
    X(s_fork_child_bound, RUNS, pc_fork_child(2, NVP)) \
    X(s_sigterm_to_vp, RUNS, pc_sig_to_vp(SIGTERM, NVP)) \
    X(s_sigint_handler_vp, RUNS, pc_sigint_handler(1, NVP)) \
    X(s_janitor_fds_closed_by_ult, RUNS, pc_janitor_closefds(1, NVP)) \
    X(s_deadlock_semaphore, RUNS, pc_lock_deadlock("deadlock-semaphore", NVP)) \
    X(s_deadlock_block, RUNS, pc_lock_deadlock("deadlock-block", NVP)) \
    X(s_pipe_closed, RUNS, pc_pipe_head(NVP))

STRESS_CASES(CU_STRESS_TEST)

static const struct cu_row stress_tests[] = { STRESS_CASES(CU_STRESS_ROW) };

int main(void)
{
    /* the longest a run may take: a case's watchdog */
    return CU_STRESS_MAIN("stress_proc", stress_tests, 70);
}
