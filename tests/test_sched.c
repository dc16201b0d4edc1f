/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_sched.c - the scheduler's races and missing locking, each
 * run once as a program (tests/schedprog, tests/nolocksys) under a
 * watchdog: on 2 VPs (_i 0) and on 4 (_i 1) unless the case says
 * otherwise (both on MLTP_TEST_VPS when set: tests/test_vps.h). The
 * checks are in sched_cases.h; stress_sched.c runs them many times over,
 * and larger. And the crowding check that stops
 * spinning on a machine with more runnable tasks than CPUs (sched/crowd.c),
 * white-box.
 */
#include <sched.h>
#include "sched_cases.h"
#include "internals.h"
#include "base/clock.h"
#include "base/once.h"

#define NVP several_vps(_i ? 4 : 2)

/* detach during a join */
START_TEST(detach_during_ult_join) { sc_detach_join(NVP, 0); }
END_TEST
START_TEST(detach_during_bound_join) { sc_detach_join(NVP, 1); }
END_TEST

/* no stack at a ULT's first run, taken by a yield */
START_TEST(nostack_at_first_run_from_yield) { sc_nostack_yield(NVP); }
END_TEST

/* a failed start (1 VP) */
START_TEST(failed_start_keeps_runq_locking) { sc_failed_start(); }
END_TEST

/* too many arrivals at a barrier episode */
START_TEST(barrier_party_too_many_1vp) { sc_barrier_extra(); }
END_TEST
/* placement: the statistics' moves, and a lock's waiter back home */
START_TEST(stats_count_moves) { sc_moves(NVP); }
END_TEST
START_TEST(lock_waiter_goes_home) { sc_lock_home(_i); }
END_TEST

START_TEST(barrier_3_parties_count_2) { sc_barrier_race(NVP, 20000, PC_WATCHDOG + 5.0); }
END_TEST
START_TEST(barrier_waiter_stopped_256_episodes) { sc_barrier_lagging(NVP); }
END_TEST

/* a released waiter whose VP is busy in the kernel: 2 and 4 VPs (on 1
   the only VP is in the kernel until the waiter runs: M:N cannot; on 8,
   in the emulated aarch64 machine, an idle VP stole Y before X waited in
   10 runs of 10, so the case never set itself up) */
#define BS_NVP several_vps(_i == 0 ? 2 : 4)
START_TEST(barrier_waiter_behind_syscall) { sc_barrier_syscall(BS_NVP); }
END_TEST
/* ready ULTs behind a VP in the kernel while the other VP only yields:
   2 VPs (the case), and 4 */
START_TEST(yield_takes_work_behind_syscall) { sc_yield_syscall(_i ? 4 : 2, 5); }
END_TEST

/* a start after one that ended in a deadlock at a barrier: 1 VP after 2
   (solo), 2 after 8 with a late bound party (proxies of VPs it lacks),
   4 after 2, 8 after 4 */
START_TEST(barrier_after_deadlock)
{
    static const struct { int nvp; const char *first; } c[] = {
        { 1, "2" }, { 2, "8b" }, { 4, "2" }, { 8, "4b" }
    };
    sc_barrier_restart(c[_i].nvp, c[_i].first);
}
END_TEST

/* no release lost: a release while a wake-up for other work is in
   flight, 2 VPs (the other work yields: no VP is left to post), 4 and 8
   (it sleeps in the kernel) */
START_TEST(barrier_release_while_wake_in_flight)
{
    static const struct { int nvp; const char *other; } c[] = {
        { 2, "yield" }, { 4, "sleep" }, { 8, "sleep" }
    };
    sc_barrier_last_spinner(c[_i].nvp, c[_i].other);
}
END_TEST
/* a start on 2 VPs after one on 8 that ended in a deadlock at a barrier,
   VP 0 with no waiter in that one */
START_TEST(barrier_after_deadlock_vp0_free) { sc_barrier_restart_vp0_free(2, "8b"); }
END_TEST
/* the last bound thread ends, every VP parked */
START_TEST(deadlock_when_last_bound_ends) { sc_bound_end_deadlock(NVP); }
END_TEST
/* a release as the waiter's idle VP goes busy */
START_TEST(barrier_release_as_vp_goes_busy) { sc_barrier_spin_busy(NVP, 2); }
END_TEST
/* the same window held open: the idle VP stole a ULT and pauses before
   it goes busy (a test hook), the other VP parked */
START_TEST(barrier_release_as_thief_goes_busy) { sc_barrier_steal_busy(); }
END_TEST

/* no system call under the run-queue spin lock */
START_TEST(no_semop_under_runq_lock) { sc_no_syscall_under_lock(NVP); }
END_TEST

/* yielding locks whose holder yields: 1, 2 and 4 VPs */
#define LY_NVP (_i ? several_vps(_i == 1 ? 2 : 4) : 1)
START_TEST(block_front_holder_yields) { sc_lock_yield(LY_NVP, "front"); }
END_TEST
START_TEST(block_holder_yields) { sc_lock_yield(LY_NVP, "block"); }
END_TEST

/* work stealing */
START_TEST(idle_vp_steals) { sc_steal(NVP); }
START_TEST(steals_while_the_owner_works) { sc_steal_churn(NVP); }
END_TEST

/* ---- the work source (sched/source.c) -------------------------------- */

/* A ULT that waits at a barrier spins first (here for 10 s, on a machine
   never crowded), but not while the work source has work and no VP
   looks for it: it blocks, and its VP takes the work. The adder, on the
   other VP, never blocks until its item has run (5 s at most). */
static long src_items, src_ran;
static int src_late;
static mltp_barrier_t src_bar;

static int src_look(void) { return CU_LOAD(src_items) > 0; }

static void *src_item(void *p)
{
    (void)p;
    __atomic_add_fetch(&src_ran, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static int src_take(void)
{
    long n = CU_LOAD(src_items);

    while (n > 0 && !__atomic_compare_exchange_n(&src_items, &n, n - 1, 0, __ATOMIC_SEQ_CST,
                                                 __ATOMIC_SEQ_CST))
        ;
    if (n <= 0)
        return 0;
    mltp_t *t = mltp_create(src_item, NULL);
    if (!t)
        abort();
    mltp_detach(t);
    return 1;
}

static void *src_waiter(void *p)
{
    (void)p;
    mltp_barrier(&src_bar, 2);
    return NULL;
}

static void *src_adder(void *p)
{
    long until = base_now_ns() + 20 * 1000000L;

    (void)p;
    while (base_now_ns() < until)       /* the waiter spins meanwhile */
        ;
    __atomic_add_fetch(&src_items, 1, __ATOMIC_SEQ_CST);
    mltp_work_source_ready();
    until = base_now_ns() + 5 * 1000000000L;
    while (!CU_LOAD(src_ran) && base_now_ns() < until)
        ;
    src_late = !CU_LOAD(src_ran);
    mltp_barrier(&src_bar, 2);
    return NULL;
}

START_TEST(spinning_waiter_leaves_vp_to_source)
{
    mltp_init();
    sched_crowd_source = "/nonexistent/loadavg";   /* never crowded */
    sg.spin_ns = 10 * 1000000000L;
    mltp_barrier_init(&src_bar);
    ck_assert_int_eq(mltp_set_work_source(src_look, src_take), 0);
    mltp_t *w = mltp_create(src_waiter, NULL), *a = mltp_create(src_adder, NULL);
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_nonnull(a);
    mltp_start(2);
    ck_assert_msg(!src_late, "the item waited 5 s while a ULT spun at a barrier");
    ck_assert_int_eq(src_ran, 1);
    free(w);
    free(a);
}
END_TEST

/* ---- crowding (sched/crowd.c) ----------------------------------------- */

static char crowd_file[64];

/* what sched_crowd_source says: "0.50 0.40 0.30 RUNNABLE/300 4242" */
static void crowd_says(const char *text)
{
    FILE *f = fopen(crowd_file, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void crowd_runnable(int n)
{
    char line[64];
    snprintf(line, sizeof line, "0.50 0.40 0.30 %d/300 4242\n", n);
    crowd_says(line);
}

/* Crowded after three readings in a row, a millisecond apart, above the
   CPU count; a reading at most once a millisecond; one reading at or
   below it, an unreadable or missing file: not crowded; a start begins
   uncrowded. */
START_TEST(crowd_needs_three_readings)
{
    const long ms = 1000000L, t = 1000000L * ms;
    int cpus;

    mltp_init();
    cpus = sg.online_cpus;
    ck_assert_int_ge(cpus, 1);
    snprintf(crowd_file, sizeof crowd_file, "/tmp/mltp-crowd.%d", (int)getpid());
    sched_crowd_source = crowd_file;

    crowd_runnable(cpus + 1);
    ck_assert_int_eq(sched_crowd_check(t), 0);              /* one reading */
    ck_assert_int_eq(sched_crowd_check(t + ms / 2), 0);     /* not read again */
    ck_assert_int_eq(sched_crowd_check(t + ms), 0);         /* two */
    ck_assert_int_eq(sched_crowd_check(t + 2 * ms), 1);     /* three in a row */
    crowd_runnable(cpus);
    ck_assert_int_eq(sched_crowd_check(t + 2 * ms + ms / 2), 1);
    ck_assert_int_eq(sched_crowd_check(t + 3 * ms), 0);     /* one at the count */

    crowd_runnable(cpus + 1);
    ck_assert_int_eq(sched_crowd_check(t + 4 * ms), 0);
    ck_assert_int_eq(sched_crowd_check(t + 5 * ms), 0);
    crowd_says("0.50 0.40 0.30 x/300 4242\n");             /* unreadable */
    ck_assert_int_eq(sched_crowd_check(t + 6 * ms), 0);
    crowd_runnable(cpus + 1);
    ck_assert_int_eq(sched_crowd_check(t + 7 * ms), 0);
    ck_assert_int_eq(sched_crowd_check(t + 8 * ms), 0);
    unlink(crowd_file);                                     /* no /proc */
    ck_assert_int_eq(sched_crowd_check(t + 9 * ms), 0);
    ck_assert_int_eq(sched_crowd_check(t + 10 * ms), 0);

    crowd_runnable(cpus + 1);
    for (long i = 11; i < 14; i++)
        sched_crowd_check(t + i * ms);
    ck_assert_int_eq(sched_crowd_check(t + 14 * ms), 1);
    sched_crowd_reset(t + 14 * ms);                         /* a start */
    ck_assert_int_eq(sched_crowd_check(t + 14 * ms + ms / 2), 0);
    ck_assert_int_eq(sched_crowd_check(t + 15 * ms), 0);
    ck_assert_int_eq(sched_crowd_check(t + 16 * ms), 0);
    ck_assert_int_eq(sched_crowd_check(t + 17 * ms), 1);
    unlink(crowd_file);
}
END_TEST

/* The real /proc/loadavg: with one busy process per CPU and one more, the
   check says crowded within a second. */
START_TEST(crowd_seen_with_busy_processes)
{
    int n, crowded = 0;
    pid_t hogs[256];
    long deadline;

    mltp_init();
    n = sg.online_cpus + 1 < 256 ? sg.online_cpus + 1 : 256;
    for (int i = 0; i < n; i++) {
        hogs[i] = fork();
        ck_assert_int_ge(hogs[i], 0);
        if (hogs[i] == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            for (volatile unsigned long x = 0;; x++)
                ;
        }
    }
    deadline = base_now_ns() + 1000000000L;
    while (!crowded && base_now_ns() < deadline) {
        crowded = sched_crowd_check(base_now_ns());
        usleep(500);
    }
    for (int i = 0; i < n; i++) {
        kill(hogs[i], SIGKILL);
        waitpid(hogs[i], NULL, 0);
    }
    ck_assert_msg(crowded, "%d busy processes on %d CPUs, and not crowded after 1 s",
                  n, sg.online_cpus);
}
END_TEST

/* base/once.h: threads that ask at once run the initialisation once and
   return only after it has finished, seeing what it wrote; a failed
   initialisation (_i 1: the first one fails) is left to a later caller,
   which runs it again. */
#define ONCE_THREADS 8
static base_once_t once_obj;
static int once_runs, once_fail_first, once_value;
static int once_results[ONCE_THREADS], once_seen[ONCE_THREADS];

static int once_init(void)
{
    int run = uatomic_add_return(&once_runs, 1);

    usleep(20000);              /* the others ask meanwhile */
    if (once_fail_first && run == 1)
        return EAGAIN;
    CMM_STORE_SHARED(once_value, 42);
    return 0;
}

static void *once_caller(void *p)
{
    int i = (int)(intptr_t)p;

    once_results[i] = base_once(&once_obj, once_init);
    once_seen[i] = CMM_LOAD_SHARED(once_value);
    return NULL;
}

START_TEST(once_runs_once)
{
    pthread_t t[ONCE_THREADS];
    int failed = 0;

    once_fail_first = _i;
    for (int i = 0; i < ONCE_THREADS; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, once_caller, (void *)(intptr_t)i), 0);
    for (int i = 0; i < ONCE_THREADS; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < ONCE_THREADS; i++) {
        if (once_results[i] != 0) {
            ck_assert_int_eq(once_results[i], EAGAIN);
            failed++;
            continue;
        }
        ck_assert_msg(once_seen[i] == 42, "caller %d returned before the "
                      "initialisation had finished", i);
    }
    ck_assert_int_eq(failed, _i);
    ck_assert_int_eq(once_runs, 1 + _i);
    ck_assert(base_once_done(&once_obj));
    ck_assert_int_eq(base_once(&once_obj, once_init), 0);
    ck_assert_int_eq(once_runs, 1 + _i);
}
END_TEST

/* sleeps that hold no VP: 1 and 2 VPs (_i), 4 where said */
START_TEST(sleepers_end_in_one_sleep) { sc_sleepers(_i + 1); }
END_TEST
START_TEST(sleep_calls_leave_the_vp) { sc_sleep_kinds(_i + 1); }
END_TEST
START_TEST(sleep_interrupted_by_a_signal)
{
    sc_sleep_eintr(_i / 2 + 1, _i % 2);
}
END_TEST
/* 1 VP, and up to 4 but no more than the CPUs of the mask the run
   inherits: with more VPs than CPUs, a VP whose ULTs yield to each other
   (mltp_yield's fast path does not look at the timers) can hold a due
   sleeper back until the kernel runs another VP (2 VPs on 1 CPU: up to
   94 ms; doc/waiting.md, "Limits") */
START_TEST(sleeper_wakes_while_vps_yield)
{
    cpu_set_t s;
    int cpus = sched_getaffinity(0, sizeof s, &s) == 0 ? CPU_COUNT(&s) : 1;
    sc_sleep_busy(_i == 0 ? 1 : cpus < 4 ? cpus : 4);
}
END_TEST
START_TEST(sleep_direct_holds_the_vp) { sc_sleep_direct(); }
END_TEST
/* The poller's holder sleeps in epoll_wait until the earliest timer: one
   already past when it sleeps (a VP held up between its last look and its
   sleep) is a timeout of 0, never -1 (forever: a recv-waitall hang under
   valgrind, whose VPs take turns) */
START_TEST(holder_timeout_of_a_passed_timer)
{
    long now = 5000000000L;
    ck_assert_int_eq(base_ms_until(-1, now), -1);
    ck_assert_int_eq(base_ms_until(now, now), 0);
    ck_assert_int_eq(base_ms_until(now - 1, now), 0);
    ck_assert_int_eq(base_ms_until(now - 1000000, now), 0);
    ck_assert_int_eq(base_ms_until(now - 2500000, now), 0);
    ck_assert_int_eq(base_ms_until(0, now), 0);
    ck_assert_int_eq(base_ms_until(now + 1, now), 1);             /* never early */
    ck_assert_int_eq(base_ms_until(now + 1000000, now), 1);
    ck_assert_int_eq(base_ms_until(now + 4500000, now), 5);
    ck_assert_int_eq(base_ms_until(now + 3600L * 1000000000L, now), 1000000);
}
END_TEST
START_TEST(sleeper_then_deadlock) { sc_sleep_deadlock(_i + 1); }
END_TEST
START_TEST(sleeper_holding_semaphore_lock) { sc_sleep_semlock(_i + 1, 0); }
END_TEST
/* a marked call holds its VP while a semaphore lock is held: its ULT, in
   the kernel while every other VP waits for its lock there, would never
   run again once a spare took its VP */
START_TEST(marked_call_holding_semaphore_lock) { sc_sleep_semlock(_i + 1, 1); }
END_TEST

/* descriptors that wait as ULTs: 1 and 2 VPs (a pipe and a FIFO) */
START_TEST(pipe_read_waits_as_ult) { sc_pipe_ult(_i / 2 + 1, _i % 2); }
END_TEST
START_TEST(socket_echo_between_ults) { sc_socket_echo(_i + 1, 1); }
END_TEST
START_TEST(socket_echo_500_pairs) { sc_socket_echo(2, 500); }
END_TEST
START_TEST(descriptor_edges_as_glibc) { sc_fd_edges(_i + 1); }
END_TEST
START_TEST(read_interrupted_by_a_signal) { sc_read_eintr(_i / 2 + 1, _i % 2); }
END_TEST
/* _i: the call (poll, ppoll, select, pselect) and 1 or 2 VPs */
START_TEST(poll_and_select_wait_as_ult) { sc_poll_wait(_i % 2 + 1, _i / 2); }
END_TEST
START_TEST(poll_and_select_interrupted) { sc_poll_eintr(_i); }
END_TEST
START_TEST(fortified_calls_wait_as_ult) { sc_fortified(_i + 1); }
END_TEST
START_TEST(receive_waitall_as_ult) { sc_recv_waitall(_i + 1); }
END_TEST

/* marked calls: a spare task takes the VP (1 and 2 VPs) */
START_TEST(ult_runs_while_every_vp_in_raw_syscall) { sc_raw_syscall(_i + 1, NULL); }
END_TEST
/* _i: the call (waitpid, flock, lockf, fcntl F_SETLKW, F_OFD_SETLKW) and
   1 or 2 VPs */
static const char *const waits[] = { "waitpid", "flock", "lockf", "fcntl", "ofd" };
START_TEST(ult_runs_while_every_vp_waits_for_a_child_or_lock)
{
    sc_raw_syscall(_i % 2 + 1, waits[_i / 2]);
}
END_TEST
START_TEST(calls_churn_loses_no_ult) { sc_calls_churn(_i + 1); }
END_TEST
START_TEST(wrong_descriptor_guess_costs_a_hand_off) { sc_pipe_guess(_i + 1); }
END_TEST
/* _i: 1 and 2 VPs, alone and beside a CPU-bound process on one CPU */
START_TEST(spinner_never_starves_a_ready_ult) { sc_preempt_spin(_i % 2 + 1, _i / 2); }
END_TEST
START_TEST(late_spinner_keeps_its_vp_ten_ms) { sc_preempt_late(_i + 1); }
END_TEST
START_TEST(sleeper_beside_spinners_wakes_on_time) { sc_preempt_sleep(_i + 1); }
END_TEST
START_TEST(preempted_overflow_reported_as_one) { sc_preempt_overflow(); }
END_TEST

static const struct cu_row sched_tests[] = {
    CU_TCASE("join", 30),
    CU_LOOP(detach_during_ult_join, 0, 2),
    CU_LOOP(detach_during_bound_join, 0, 2),

    CU_TCASE("stack", 30),
    CU_LOOP(nostack_at_first_run_from_yield, 0, 2),

    CU_TCASE("start", 30),
    CU_TEST(failed_start_keeps_runq_locking),

    CU_TCASE("barrier", 30),
    CU_TEST(barrier_party_too_many_1vp),
    CU_LOOP(barrier_3_parties_count_2, 0, 2),
    CU_LOOP(barrier_waiter_stopped_256_episodes, 0, 2),

    CU_TCASE("stranded", 60),
    CU_LOOP(barrier_waiter_behind_syscall, 0, 2),
    CU_LOOP(barrier_after_deadlock, 0, 4),
    CU_LOOP(yield_takes_work_behind_syscall, 0, 2),

    CU_TCASE("wake", 60),
    CU_LOOP(barrier_release_while_wake_in_flight, 0, 3),
    CU_TEST(barrier_after_deadlock_vp0_free),
    CU_LOOP(deadlock_when_last_bound_ends, 0, 2),
    CU_LOOP(barrier_release_as_vp_goes_busy, 0, 2),
    CU_TEST(barrier_release_as_thief_goes_busy),

    CU_TCASE("placement", 60),
    CU_LOOP(stats_count_moves, 0, 2),
    CU_LOOP(lock_waiter_goes_home, 0, 2),

    CU_TCASE("syscalls", 30),
    CU_LOOP(no_semop_under_runq_lock, 0, 2),

    CU_TCASE("locks", 30),
    CU_LOOP(block_front_holder_yields, 0, 3),
    CU_LOOP(block_holder_yields, 0, 3),

    CU_TCASE("steal", 30),
    CU_LOOP(idle_vp_steals, 0, 2),
    CU_LOOP(steals_while_the_owner_works, 0, 2),

    CU_TCASE("source", 30),
    CU_TEST(spinning_waiter_leaves_vp_to_source),

    CU_TCASE("crowd", 30),
    CU_TEST(crowd_needs_three_readings),
    CU_TEST(crowd_seen_with_busy_processes),

    CU_TCASE("sleep", 30),
    CU_LOOP(sleepers_end_in_one_sleep, 0, 2),
    CU_LOOP(sleep_calls_leave_the_vp, 0, 2),
    CU_LOOP(sleep_interrupted_by_a_signal, 0, 4),
    CU_LOOP(sleeper_wakes_while_vps_yield, 0, 2),
    CU_TEST(sleep_direct_holds_the_vp),
    CU_TEST(holder_timeout_of_a_passed_timer),
    CU_LOOP(sleeper_then_deadlock, 0, 2),
    CU_LOOP(sleeper_holding_semaphore_lock, 0, 2),

    CU_TCASE("descriptors", 30),
    CU_LOOP(pipe_read_waits_as_ult, 0, 4),
    CU_LOOP(socket_echo_between_ults, 0, 2),
    CU_TEST(socket_echo_500_pairs),
    CU_LOOP(descriptor_edges_as_glibc, 0, 2),
    CU_LOOP(read_interrupted_by_a_signal, 0, 4),
    CU_LOOP(poll_and_select_wait_as_ult, 0, 8),
    CU_LOOP(poll_and_select_interrupted, 0, 4),
    CU_LOOP(fortified_calls_wait_as_ult, 0, 2),
    CU_LOOP(receive_waitall_as_ult, 0, 2),

    CU_TCASE("calls", 30),
    CU_LOOP(ult_runs_while_every_vp_in_raw_syscall, 0, 2),
    CU_LOOP(ult_runs_while_every_vp_waits_for_a_child_or_lock, 0, 10),
    CU_LOOP(calls_churn_loses_no_ult, 0, 2),
    CU_LOOP(wrong_descriptor_guess_costs_a_hand_off, 0, 2),
    CU_TCASE("preempt", 30),
    CU_LOOP(spinner_never_starves_a_ready_ult, 0, 4),
    CU_LOOP(late_spinner_keeps_its_vp_ten_ms, 0, 2),
    CU_LOOP(sleeper_beside_spinners_wakes_on_time, 0, 2),
    CU_TEST(preempted_overflow_reported_as_one),
    CU_LOOP(marked_call_holding_semaphore_lock, 0, 2),

    CU_TCASE("once", 30),
    CU_LOOP(once_runs_once, 0, 2),
};

int main(void)
{
    return CU_MAIN("sched", sched_tests);
}
