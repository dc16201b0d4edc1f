/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sched_cases.h - the checks of the scheduler (one scheduler, one state
 * machine): its races and missing locking, each run as a
 * scenario of tests/schedprog or tests/nolocksys in its own process group
 * under a watchdog. Shared by test_sched.c (each once, on 2 and 4 VPs
 * unless the case says otherwise) and stress_sched.c (many times, larger).
 *
 * What the program printed is on stderr (pc_dump) before any assertion,
 * so a failure comes with the program's output.
 */
#ifndef MLTP_SCHED_CASES_H
#define MLTP_SCHED_CASES_H

#include "proc_cases.h"

#define SC_SCHEDPROG pc_prog_path("SCHEDPROG", "./tests/schedprog")
#define SC_PREEMPTPROG pc_prog_path("PREEMPTPROG", "./tests/preemptprog")
#define SC_NOLOCKSYS pc_prog_path("NOLOCKSYS", "./tests/nolocksys")
#define SC_TLSBIG1M pc_prog_path("TLSBIG1M", "./tests/tlsbig1m")
#define SC_TLSBIG64M pc_prog_path("TLSBIG64M", "./tests/tlsbig64m")

struct cu_proc *sc_run(struct pc_run *r, const char *prog,
                       const char *scen, int nvp,
                       const char *arg, double watchdog);

/* sc_run, and the test fails unless the program exited 0. */
void sc_run_ok(struct pc_run *r, const char *prog, const char *scen, int nvp,
               const char *arg, double watchdog);

/* The value after `key` on stdout; fails the test if it is missing. */
long sc_value(const struct pc_run *r, const char *key);

/* ==================================================================== */
/* Detach during a join                                                 */

/* t runs (yields) while a joiner waits in mltp_join(t, &v) and a ULT
   calls mltp_detach(t); ULTs are created meanwhile, so that a handle
   freed when t ends would be recycled. mltp.h: detach of a thread being
   joined is EINVAL; the join returns 0 and t's value, 0x77. */
void sc_detach_join(int nvp, int bound);

/* ==================================================================== */
/* No stack at a ULT's first run                                       */

/* Every "A<i> <n>" line of out: each ULT's n must go 0, 1, 2, ... with
   none repeated and none going back. Returns the number of lines; on the
   first fault, a description in bad. A last line without its newline is
   not read: the capture keeps the first CU_OUTMAX - 1 bytes of stdout
   (cu_pump), which may cut a line, and "A1 160" cut from "A1 16026" is
   no counter value. */
int sc_counters_increase(const char *out, char *bad,
                         size_t blen);

/* nvp + 1 ULTs yield in a loop printing counters; one of them caps the
   address space and creates "needs-stack", which can never get a stack:
   the program ends with status 1 and one message naming it, and no ULT
   ran twice from the same context (today, after the failed binding
   drops the run-queue lock, another VP may resume the yielding ULT from
   the context it saved before: its counter goes back, or it crashes). */
void sc_nostack_yield(int nvp);

/* ==================================================================== */
/* A failed start leaves the run queue locking                         */

void sc_failed_start(void);

/* ==================================================================== */
/* Too many arrivals at a barrier episode                              */

/* (a) 1 VP: A and B wait for 3; C arrives with a count of 2 and is a
   party too many: EINVAL at once, a message, nobody released; then D,
   the third of 3, releases A, B and D. */
void sc_barrier_extra(void);

/* (b) 3 ULTs loop on a barrier of count 2 until `episodes` episodes are
   done: every completed episode releases exactly 2 parties (successful
   returns == 2 x episodes, and no episode known exactly has 3), nothing
   but 0 and EINVAL is returned, and the program does not hang. */
void sc_barrier_race(int nvp, long episodes, double watchdog);

/* (c) A waiter whose kernel-level thread is stopped for many episodes
   (the kernel may preempt a spinning VP that long): W, a bound thread,
   waits in episode 0 and is stopped; 256 episodes later it is resumed and
   must return 0 at once. A barrier that kept only the episode's low 8 bits
   saw episode 256 as episode 0, not yet ended. */
void sc_barrier_lagging(int nvp);

/* ==================================================================== */
/* No system call under the run-queue spin lock                        */

void sc_no_syscall_under_lock(int nvp);

/* ==================================================================== */
/* A yielding lock whose holder yields                                 */

/* The holder yields 20 times inside its critical section while two
   waiters take the lock 200 times each: all finish (no livelock: the
   watchdog), 401 critical sections, never two at once. */
void sc_lock_yield(int nvp, const char *cls);

/* ==================================================================== */
/* Work stealing: a ULT made ready on a VP runs there unless another VP  */
/* is idle; then that VP steals, the oldest first.                       */

void sc_steal(int nvp);

/* Thieves walk a queue (without its lock when VPs <= CPUs) while its
   owner creates into it, yields to its front and pops from it, and
   children rotate it: every
   child runs exactly once, some are stolen, and the queues' counts come
   back to 0 (a pop during a thief's walk shows there first). */
void sc_steal_churn(int nvp);
/* MLTP_STATS=1's count of runs on another VP than the last equals the
   ULTs' own count (schedprog moves) */
void sc_moves(int nvp);
/* a MUTEX waiter whose VP is idle is queued there and goes on there;
   with MLTP_AFFINITY=0 on the unlocker's VP (affinity 0 or 1) */
void sc_lock_home(int affinity);

/* ==================================================================== */
/* No released waiter stranded                                         */

/* X waits at a barrier of 2 while Y, on X's VP, blocks in read() until
   X writes after the barrier; a bound thread arrives 200 ms later, the
   other VPs parked (schedprog barrier-syscall). The start must end with
   Y's read done, X run within 10 ms of the release, and no late wake. */
void sc_barrier_syscall(int nvp);

/* A start on `first` VPs (F followed by b: the last party a late bound thread) ends
   in EDEADLK with 6 of a barrier's 8 parties waiting; with the 2 others
   made, a start on nvp VPs must release all 8 (schedprog barrier-restart). */
void sc_barrier_restart(int nvp, const char *first);

/* R blocks its VP in read() until W, a ULT, writes; S broadcasts a
   condition and yields until its 3 waiters woke, so no VP is idle
   (schedprog yield-syscall). Each of `runs` runs must end, all woken:
   S's yields, with nothing else on its VP, take what waits behind R. */
void sc_yield_syscall(int nvp, int runs);

/* ==================================================================== */
/* No release lost: each waiter runs within SC_LAG_MS of its release     */

/* What a released waiter may wait for its VP, in ms: a lost release waits
   for the reaper's tick (about 100 ms), or for a VP to look again. */
#define SC_LAG_MS 10.0

/* X waits at a barrier while Y, on X's VP, blocks in read() until X runs;
   a bound thread makes a ULT (its creation posts a parked VP, counted
   spinning) and at once releases X, 10 starts (schedprog
   barrier-last-spinner). That ULT keeps its VP 50 ms, doing `other`
   (sleep: in the kernel; yield: with nothing else on its VP): X must
   run within SC_LAG_MS every time, not when that VP looks again. */
void sc_barrier_last_spinner(int nvp, const char *other);

/* barrier-restart, VP 0 with no waiter in the first start (on `first`
   VPs, followed by b: the last party a late bound thread): the second
   start, on nvp VPs, must release all 8 within SC_LAG_MS of the last
   arrival (schedprog barrier-restart-vp0-free). */
void sc_barrier_restart_vp0_free(int nvp, const char *first);

/* 2 ULTs wait at a barrier of 3 and a bound thread ends 100 ms in, every
   VP parked by then: mltp_start returns EDEADLK within SC_LAG_MS of its
   end (schedprog bound-end-deadlock), not never. */
void sc_bound_end_deadlock(int nvp);

/* For `secs` seconds, rounds in which X's VP, idle, goes busy with Z
   (which blocks in read() until X runs) while X's release comes: no
   round's X may wait SC_LAG_MS while every VP sleeps (schedprog
   barrier-spin-busy). Thousands of rounds: one that waits with a VP
   runnable waited for a CPU, and is only reported. */
void sc_barrier_spin_busy(int nvp, int secs);
/* barrier-steal-busy on 2 VPs: X released while its idle VP, having
   stolen Z, pauses before going busy with it, the other VP parked: X runs
   within SC_LAG_MS */
void sc_barrier_steal_busy(void);

/* ==================================================================== */
/* Sleeps that hold no VP (sys/sleep.c)                                */

/* 1,000 ULTs sleeping 100 ms end in about one sleep's time (under 1 s;
   50 s when each held its VP), none woken early; every VP parks meanwhile
   with no deadlock reported. */
void sc_sleepers(int nvp);
/* Each sleep call lets the VP run others, sleeps its time, keeps errno;
   bad arguments give what glibc gives. */
void sc_sleep_kinds(int nvp);
/* A signal handled on the sleeper's VP: EINTR and the time left, as
   glibc, with SA_RESTART or not. */
void sc_sleep_eintr(int nvp, int restart);
/* A sleeper due while every VP is busy yielding wakes within 10 ms. */
void sc_sleep_busy(int nvp);
/* MLTP_SYSCALLS=direct: two sleepers of 50 ms on one VP take 100 ms;
   without, 50. */
void sc_sleep_direct(void);
/* A sleeper that then waits for ever: the start still ends in EDEADLK. */
void sc_sleep_deadlock(int nvp);
/* A ULT sleeps holding a SEMAPHORE lock that a ULT per VP waits for in
   the kernel: its sleep holds its VP, and all get the lock. */
void sc_sleep_semlock(int nvp, int marked);

/* ==================================================================== */
/* Descriptors that wait as ULTs (sys/fd.c)                            */

/* A pipe read whose writer is a ULT made after it; a 1 MiB blocking write
   returns whole. fifo: a FIFO (no RWF_NOWAIT: poll() first). */
void sc_pipe_ult(int nvp, int fifo);
/* pairs of ULTs echo 100 messages each over socketpairs. */
void sc_socket_echo(int nvp, int pairs);
/* EAGAIN on a non-blocking pipe, EBADF for a read whose pipe another ULT
   closes, EOF and EPIPE as glibc. */
void sc_fd_edges(int nvp);
/* SIGALRM during a ULT's pipe read: EINTR, or a restart under
   SA_RESTART. */
void sc_read_eintr(int nvp, int restart);
/* poll, ppoll, select, pselect (kind 0-3) from a ULT: the ready one of
   two, a timeout while another ULT runs, a descriptor closed meanwhile;
   a signal's EINTR on 1 VP */
void sc_poll_wait(int nvp, int kind);
void sc_poll_eintr(int kind);
/* the same calls built with _FORTIFY_SOURCE=2 (__read_chk and the like) */
void sc_fortified(int nvp);
/* MSG_WAITALL: a stream socket's receives filled, a datagram's one */
void sc_recv_waitall(int nvp);
/* spare tasks take the VPs of ULTs in marked calls (sched/call.c) */
void sc_raw_syscall(int nvp, const char *call);
void sc_pipe_guess(int nvp);
/* a program with mb (1 or 64) MiB of static TLS: every VP starts, each
   with its own copy; a bound thread's stack is what it asked for */
void sc_static_tls(int mb, int nvp);
void sc_static_tls_bound(int mb);
void sc_calls_churn(int nvp);
/* nvp ULTs spin on a plain variable with preemption on (busy: beside a
   CPU-bound process on one CPU): a ULT queued behind them runs within a
   millisecond (median) and never waits 10 ms */
void sc_preempt_spin(int nvp, int busy);
/* the same with spinners that asked for MLTP_PREEMPT_LATE: the ULT
   behind them waits 10 ms at least, and runs (bad arguments: EINVAL) */
void sc_preempt_late(int nvp);
/* sleepers beside spinners, preemption on: each wakes (the switches look
   at the timers), none cut short by a tick */
void sc_preempt_sleep(int nvp);
/* a ULT ticked at every depth of a recursion that overflows its stack:
   MLTP's stack-overflow line, naming it */
void sc_preempt_overflow(void);

#endif
