/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_proc.c - the process layer in real programs: the
 * program's own pthreads, SIGCHLD set by the program, exit() and crashes
 * in bound threads, children of ULTs, fork(), signals sent to a VP or to
 * the program during mltp_start, mltp_begin and mltp_end, the janitor,
 * stack clash, deadlocks through locks, bad input, `prog | head`.
 *
 * Every case runs tests/realprog (or tests/clash) once on 2 VPs (_i 0)
 * and once on 4 (_i 1), both on MLTP_TEST_VPS when set (tests/test_vps.h);
 * the checks are in proc_cases.h, which stress_proc.c runs many times
 * over.
 */
#include "proc_cases.h"

#define NVP several_vps(_i ? 4 : 2)

/* Each case once: its Check name and the call that runs it, a loop test
   on 2 and 4 VPs (NVP); the lists by test case. */
/* the program's own pthreads */
#define PTHREADS_CASES(X) \
    X(pthread_then_200_starts, pc_pthread_starts(NVP, 200, PC_WATCHDOG)) \
    X(pthread_in_ult_never_ends, pc_pthread_in_ult(NVP)) \
    X(pthread_joined_in_ult, pc_pthread_join_in_ult(NVP))

/* SIGCHLD set by the program */
#define SIGCHLD_CASES(X) \
    X(sigchld_ignored, pc_sigchld_starts("sigchld-ign", NVP, 20, PC_WATCHDOG)) \
    X(sigchld_ignored_by_ult, pc_sigchld_starts("sigchld-ign-in-ult", NVP, 20, PC_WATCHDOG)) \
    X(sigchld_handler_waits_any, pc_sigchld_starts("sigchld-handler", NVP, 20, PC_WATCHDOG)) \
    X(sigchld_ignored_crash, pc_sigchld_ign_segv(0, NVP)) \
    X(sigchld_ignored_by_ult_crash, pc_sigchld_ign_segv(1, NVP))

/* bound threads */
#define BOUND_CASES(X) \
    X(bound_exit_in_start, pc_bound_exit_start(NVP)) \
    X(bound_exit_outside_start, pc_bound_exit_outside(NVP)) \
    X(bound_segv_outside_start, pc_bound_segv_outside(NVP)) \
    X(bound_joined_by_ults_reaped, pc_bound_zombies(NVP, 10, PC_WATCHDOG)) \
    X(bound_segv_joined_by_ult, pc_bound_segv_ult_join(NVP))

/* children of ULTs */
#define CHILDREN_CASES(X) \
    X(child_mask_fork, pc_child_mask("fork-mask", "child-sigblk=", NVP)) \
    X(child_mask_fork_usr2_blocked, pc_child_mask("fork-mask-usr2", "child-sigblk=", NVP)) \
    X(child_mask_system, pc_child_mask("system-mask", "\nSigBlk:", NVP)) \
    X(child_mask_popen, pc_child_mask("popen-mask", "popen-SigBlk:", NVP)) \
    X(child_sleep_gets_sigint, pc_fork_exec_sigint(NVP))

/* fork() */
#define FORK_CASES(X) \
    X(fork_in_bound_during_start, pc_bound_fork(NVP)) \
    X(fork_child_mltp_from_main, pc_fork_child(0, NVP)) \
    X(fork_child_mltp_from_ult, pc_fork_child(1, NVP)) \
    X(fork_child_mltp_from_bound, pc_fork_child(2, NVP))

/* signals */
#define SIGNALS_CASES(X) \
    X(sigterm_to_vp, pc_sig_to_vp(SIGTERM, NVP)) \
    X(sigint_to_vp, pc_sig_to_vp(SIGINT, NVP)) \
    X(sighup_to_vp, pc_sig_to_vp(SIGHUP, NVP)) \
    X(sigquit_to_vp, pc_sig_to_vp(SIGQUIT, NVP)) \
    X(sigint_handler_reaper, pc_sigint_handler(0, NVP)) \
    X(sigint_handler_vp, pc_sigint_handler(1, NVP)) \
    X(sigint_handler_group, pc_sigint_handler(2, NVP))

/* a signal to the program's pid during mltp_start, main's share
   (mltp_begin) and mltp_end: a handler, or the default action; SIGALRM
   from its own timer (as alarm() sends it) or from kill(), SIGINT and
   SIGTERM from kill() */
#define SIG_DURING(X, call) \
    X(sig_during_##call##_alrm_timer_handler, pc_sig_during(#call, SIGALRM, 1, 200, NVP)) \
    X(sig_during_##call##_alrm_timer_default, pc_sig_during(#call, SIGALRM, 0, 200, NVP)) \
    X(sig_during_##call##_alrm_handler, pc_sig_during(#call, SIGALRM, 1, 0, NVP)) \
    X(sig_during_##call##_alrm_default, pc_sig_during(#call, SIGALRM, 0, 0, NVP)) \
    X(sig_during_##call##_int_handler, pc_sig_during(#call, SIGINT, 1, 0, NVP)) \
    X(sig_during_##call##_int_default, pc_sig_during(#call, SIGINT, 0, 0, NVP)) \
    X(sig_during_##call##_term_handler, pc_sig_during(#call, SIGTERM, 1, 0, NVP)) \
    X(sig_during_##call##_term_default, pc_sig_during(#call, SIGTERM, 0, 0, NVP))
#define SIGDURING_CASES(X) \
    SIG_DURING(X, start) \
    SIG_DURING(X, begin) \
    SIG_DURING(X, end)

/* the janitor */
#define JANITOR_CASES(X) \
    X(janitor_fds_closed_by_main, pc_janitor_closefds(0, NVP)) \
    X(janitor_fds_closed_by_ult, pc_janitor_closefds(1, NVP)) \
    X(janitor_nproc_first_fork, pc_janitor_nproc(0, NVP)) \
    X(janitor_nproc_second_fork, pc_janitor_nproc(1, NVP)) \
    X(gone_at_wait_return, pc_gone_at_wait("return", NVP)) \
    X(gone_at_wait_exit, pc_gone_at_wait("exit", NVP)) \
    X(gone_at_wait_segv, pc_gone_at_wait("segv", NVP))

/* stack clash */
#define CLASH_CASES(X) \
    X(clash_big_frame, pc_clash(PC_CLASH, "frame", NVP)) \
    X(clash_big_frame_unprobed, pc_clash(PC_CLASH_NOPROBE, "frame-low", NVP)) \
    X(clash_big_alloca, pc_clash(PC_CLASH, "alloca", NVP))

/* deadlocks through locks */
#define DEADLOCK_CASES(X) \
    X(deadlock_lock_block, pc_lock_deadlock("deadlock-block", NVP)) \
    X(deadlock_lock_block_front, pc_lock_deadlock("deadlock-block-front", NVP)) \
    X(deadlock_lock_semaphore, pc_lock_deadlock("deadlock-semaphore", NVP))

/* bad input */
#define BADINPUT_CASES(X) \
    X(stack_env_minus_one, pc_bad_env("MLTP_STACK_SIZE=-1", NVP)) \
    X(stack_env_2_pow_64, pc_bad_env("MLTP_STACK_SIZE=18446744073709551616", NVP)) \
    X(stack_env_overflow_k, pc_bad_env("MLTP_STACK_SIZE=99999999999999999999k", NVP)) \
    X(stack_env_huge_m, pc_bad_env("MLTP_STACK_SIZE=17179869184M", NVP)) \
    X(stack_env_bad_suffix, pc_bad_env("MLTP_STACK_SIZE=1x", NVP)) \
    X(stack_env_too_small, pc_bad_env("MLTP_STACK_SIZE=8", NVP)) \
    X(guard_env_bad_word, pc_bad_env("MLTP_STACK_GUARD=sometimes", NVP)) \
    X(guard_env_too_big, pc_bad_env("MLTP_STACK_GUARD=2048M", NVP)) \
    X(spin_env_negative, pc_bad_env("MLTP_SPIN_US=-5", NVP)) \
    X(spin_env_overflow, pc_bad_env("MLTP_SPIN_US=99999999999999999999", NVP)) \
    X(spin_env_not_a_number, pc_bad_env("MLTP_SPIN_US=abc", NVP)) \
    X(attr_huge_stack, pc_attr_huge(NVP)) \
    X(lock_init_null, pc_lock_null(NVP)) \
    X(free_twice, pc_free_twice(NVP))

/* prog | head */
#define PIPELINE_CASES(X) \
    X(pipe_closed_sigpipe, pc_pipe_head(NVP))

/* The test cases, each by its name and its list; one list of them gives
   both the tests and the table, so neither can miss one. */
#define ALL_TCASES(T, X) \
    T("pthreads", PTHREADS_CASES, X) \
    T("sigchld", SIGCHLD_CASES, X) \
    T("bound", BOUND_CASES, X) \
    T("children", CHILDREN_CASES, X) \
    T("fork", FORK_CASES, X) \
    T("signals", SIGNALS_CASES, X) \
    T("sigduring", SIGDURING_CASES, X) \
    T("janitor", JANITOR_CASES, X) \
    T("clash", CLASH_CASES, X) \
    T("deadlock", DEADLOCK_CASES, X) \
    T("badinput", BADINPUT_CASES, X) \
    T("pipeline", PIPELINE_CASES, X)

#define TCASE_TESTS(name, list, X) list(X)
#define TCASE_ROWS(name, list, X) CU_TCASE(name, 30), list(X)

ALL_TCASES(TCASE_TESTS, CU_DEFINE_CALL)

static const struct cu_row proc_tests[] = {
    ALL_TCASES(TCASE_ROWS, CU_LOOP2_ROW)
};

int main(void)
{
    return CU_MAIN("proc", proc_tests);
}
