/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_proc.c - the process layer in real programs: the
 * program's own pthreads, SIGCHLD set by the program, exit() and crashes
 * in bound threads, children of ULTs, fork(), signals sent to a VP, the
 * janitor, stack clash, deadlocks through locks, bad input, `prog | head`.
 *
 * Every case runs tests/realprog (or tests/clash) once on 2 VPs (_i 0)
 * and once on 4 (_i 1), both on MLTP_TEST_VPS when set (tests/test_vps.h);
 * the checks are in proc_cases.h, which stress_proc.c runs many times
 * over.
 */
#include "proc_cases.h"

#define NVP several_vps(_i ? 4 : 2)

/* 1. the program's own pthreads */
START_TEST(pthread_then_200_starts) { pc_pthread_starts(NVP, 200, PC_WATCHDOG); }
END_TEST
START_TEST(pthread_in_ult_never_ends) { pc_pthread_in_ult(NVP); }
END_TEST
START_TEST(pthread_joined_in_ult) { pc_pthread_join_in_ult(NVP); }
END_TEST

/* 2. SIGCHLD set by the program */
START_TEST(sigchld_ignored) { pc_sigchld_starts("sigchld-ign", NVP, 20, PC_WATCHDOG); }
END_TEST
START_TEST(sigchld_ignored_by_ult) { pc_sigchld_starts("sigchld-ign-in-ult", NVP, 20, PC_WATCHDOG); }
END_TEST
START_TEST(sigchld_handler_waits_any) { pc_sigchld_starts("sigchld-handler", NVP, 20, PC_WATCHDOG); }
END_TEST
START_TEST(sigchld_ignored_crash) { pc_sigchld_ign_segv(0, NVP); }
END_TEST
START_TEST(sigchld_ignored_by_ult_crash) { pc_sigchld_ign_segv(1, NVP); }
END_TEST

/* 3. bound threads */
START_TEST(bound_exit_in_start) { pc_bound_exit_start(NVP); }
END_TEST
START_TEST(bound_exit_outside_start) { pc_bound_exit_outside(NVP); }
END_TEST
START_TEST(bound_segv_outside_start) { pc_bound_segv_outside(NVP); }
END_TEST
START_TEST(bound_joined_by_ults_reaped) { pc_bound_zombies(NVP, 10, PC_WATCHDOG); }
END_TEST
START_TEST(bound_segv_joined_by_ult) { pc_bound_segv_ult_join(NVP); }
END_TEST

/* 4. children of ULTs */
START_TEST(child_mask_fork) { pc_child_mask("fork-mask", "child-sigblk=", NVP); }
END_TEST
START_TEST(child_mask_fork_usr2_blocked) { pc_child_mask("fork-mask-usr2", "child-sigblk=", NVP); }
END_TEST
START_TEST(child_mask_system) { pc_child_mask("system-mask", "\nSigBlk:", NVP); }
END_TEST
START_TEST(child_mask_popen) { pc_child_mask("popen-mask", "popen-SigBlk:", NVP); }
END_TEST
START_TEST(child_sleep_gets_sigint) { pc_fork_exec_sigint(NVP); }
END_TEST

/* 5. fork() */
START_TEST(fork_in_bound_during_start) { pc_bound_fork(NVP); }
END_TEST
START_TEST(fork_child_mltp_from_main) { pc_fork_child(0, NVP); }
END_TEST
START_TEST(fork_child_mltp_from_ult) { pc_fork_child(1, NVP); }
END_TEST
START_TEST(fork_child_mltp_from_bound) { pc_fork_child(2, NVP); }
END_TEST

/* 6. signals */
START_TEST(sigterm_to_vp) { pc_sig_to_vp(SIGTERM, NVP); }
END_TEST
START_TEST(sigint_to_vp) { pc_sig_to_vp(SIGINT, NVP); }
END_TEST
START_TEST(sighup_to_vp) { pc_sig_to_vp(SIGHUP, NVP); }
END_TEST
START_TEST(sigquit_to_vp) { pc_sig_to_vp(SIGQUIT, NVP); }
END_TEST
START_TEST(sigint_handler_reaper) { pc_sigint_handler(0, NVP); }
END_TEST
START_TEST(sigint_handler_vp) { pc_sigint_handler(1, NVP); }
END_TEST
START_TEST(sigint_handler_group) { pc_sigint_handler(2, NVP); }
END_TEST

/* 8. the janitor */
START_TEST(janitor_fds_closed_by_main) { pc_janitor_closefds(0, NVP); }
END_TEST
START_TEST(janitor_fds_closed_by_ult) { pc_janitor_closefds(1, NVP); }
END_TEST
START_TEST(janitor_nproc_first_fork) { pc_janitor_nproc(0, NVP); }
END_TEST
START_TEST(janitor_nproc_second_fork) { pc_janitor_nproc(1, NVP); }
END_TEST

/* 9. stack clash */
START_TEST(clash_big_frame) { pc_clash(PC_CLASH, "frame", NVP); }
END_TEST
START_TEST(clash_big_frame_unprobed) { pc_clash(PC_CLASH_NOPROBE, "frame-low", NVP); }
END_TEST
START_TEST(clash_big_alloca) { pc_clash(PC_CLASH, "alloca", NVP); }
END_TEST

/* 10. deadlocks through locks */
START_TEST(deadlock_lock_block) { pc_lock_deadlock("deadlock-block", NVP); }
END_TEST
START_TEST(deadlock_lock_block_front) { pc_lock_deadlock("deadlock-block-front", NVP); }
END_TEST
START_TEST(deadlock_lock_semaphore) { pc_lock_deadlock("deadlock-semaphore", NVP); }
END_TEST

/* 11. bad input */
START_TEST(stack_env_minus_one) { pc_bad_env("MLTP_STACK_SIZE=-1", NVP); }
END_TEST
START_TEST(stack_env_2_pow_64) { pc_bad_env("MLTP_STACK_SIZE=18446744073709551616", NVP); }
END_TEST
START_TEST(stack_env_overflow_k) { pc_bad_env("MLTP_STACK_SIZE=99999999999999999999k", NVP); }
END_TEST
START_TEST(stack_env_huge_m) { pc_bad_env("MLTP_STACK_SIZE=17179869184M", NVP); }
END_TEST
START_TEST(stack_env_bad_suffix) { pc_bad_env("MLTP_STACK_SIZE=1x", NVP); }
END_TEST
START_TEST(stack_env_too_small) { pc_bad_env("MLTP_STACK_SIZE=8", NVP); }
END_TEST
START_TEST(spin_env_negative) { pc_bad_env("MLTP_SPIN_US=-5", NVP); }
END_TEST
START_TEST(spin_env_overflow) { pc_bad_env("MLTP_SPIN_US=99999999999999999999", NVP); }
END_TEST
START_TEST(spin_env_not_a_number) { pc_bad_env("MLTP_SPIN_US=abc", NVP); }
END_TEST
START_TEST(attr_huge_stack) { pc_attr_huge(NVP); }
END_TEST
START_TEST(lock_init_null) { pc_lock_null(NVP); }
END_TEST
START_TEST(free_twice) { pc_free_twice(NVP); }
END_TEST

/* 12. prog | head */
START_TEST(pipe_closed_sigpipe) { pc_pipe_head(NVP); }
END_TEST

/* ==================================================================== */

static const struct cu_row proc_tests[] = {
    CU_TCASE("pthreads", 30),
    CU_LOOP(pthread_then_200_starts, 0, 2),
    CU_LOOP(pthread_in_ult_never_ends, 0, 2),
    CU_LOOP(pthread_joined_in_ult, 0, 2),

    CU_TCASE("sigchld", 30),
    CU_LOOP(sigchld_ignored, 0, 2),
    CU_LOOP(sigchld_ignored_by_ult, 0, 2),
    CU_LOOP(sigchld_handler_waits_any, 0, 2),
    CU_LOOP(sigchld_ignored_crash, 0, 2),
    CU_LOOP(sigchld_ignored_by_ult_crash, 0, 2),

    CU_TCASE("bound", 30),
    CU_LOOP(bound_exit_in_start, 0, 2),
    CU_LOOP(bound_exit_outside_start, 0, 2),
    CU_LOOP(bound_segv_outside_start, 0, 2),
    CU_LOOP(bound_joined_by_ults_reaped, 0, 2),
    CU_LOOP(bound_segv_joined_by_ult, 0, 2),

    CU_TCASE("children", 30),
    CU_LOOP(child_mask_fork, 0, 2),
    CU_LOOP(child_mask_fork_usr2_blocked, 0, 2),
    CU_LOOP(child_mask_system, 0, 2),
    CU_LOOP(child_mask_popen, 0, 2),
    CU_LOOP(child_sleep_gets_sigint, 0, 2),

    CU_TCASE("fork", 30),
    CU_LOOP(fork_in_bound_during_start, 0, 2),
    CU_LOOP(fork_child_mltp_from_main, 0, 2),
    CU_LOOP(fork_child_mltp_from_ult, 0, 2),
    CU_LOOP(fork_child_mltp_from_bound, 0, 2),

    CU_TCASE("signals", 30),
    CU_LOOP(sigterm_to_vp, 0, 2),
    CU_LOOP(sigint_to_vp, 0, 2),
    CU_LOOP(sighup_to_vp, 0, 2),
    CU_LOOP(sigquit_to_vp, 0, 2),
    CU_LOOP(sigint_handler_reaper, 0, 2),
    CU_LOOP(sigint_handler_vp, 0, 2),
    CU_LOOP(sigint_handler_group, 0, 2),

    CU_TCASE("janitor", 30),
    CU_LOOP(janitor_fds_closed_by_main, 0, 2),
    CU_LOOP(janitor_fds_closed_by_ult, 0, 2),
    CU_LOOP(janitor_nproc_first_fork, 0, 2),
    CU_LOOP(janitor_nproc_second_fork, 0, 2),

    CU_TCASE("clash", 30),
    CU_LOOP(clash_big_frame, 0, 2),
    CU_LOOP(clash_big_frame_unprobed, 0, 2),
    CU_LOOP(clash_big_alloca, 0, 2),

    CU_TCASE("deadlock", 30),
    CU_LOOP(deadlock_lock_block, 0, 2),
    CU_LOOP(deadlock_lock_block_front, 0, 2),
    CU_LOOP(deadlock_lock_semaphore, 0, 2),

    CU_TCASE("badinput", 30),
    CU_LOOP(stack_env_minus_one, 0, 2),
    CU_LOOP(stack_env_2_pow_64, 0, 2),
    CU_LOOP(stack_env_overflow_k, 0, 2),
    CU_LOOP(stack_env_huge_m, 0, 2),
    CU_LOOP(stack_env_bad_suffix, 0, 2),
    CU_LOOP(stack_env_too_small, 0, 2),
    CU_LOOP(spin_env_negative, 0, 2),
    CU_LOOP(spin_env_overflow, 0, 2),
    CU_LOOP(spin_env_not_a_number, 0, 2),
    CU_LOOP(attr_huge_stack, 0, 2),
    CU_LOOP(lock_init_null, 0, 2),
    CU_LOOP(free_twice, 0, 2),

    CU_TCASE("pipeline", 30),
    CU_LOOP(pipe_closed_sigpipe, 0, 2),
};

int main(void)
{
    return CU_MAIN("proc", proc_tests);
}
