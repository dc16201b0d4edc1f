/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * proc_cases.h - the checks of the process layer under pthreads, signals,
 * fork() and bound threads, shared by test_proc.c (each once,
 * on 2 and 4 VPs) and stress_proc.c (many times, larger).
 *
 * Each pc_*() runs one of tests/realprog's (or tests/clash's) scenarios on
 * nvp VPs in its own process group and asserts how it ended: exit status,
 * the markers it printed, its "mltp: " lines, and that nothing was left
 * behind (no process in its group, no SysV semaphore set). What a program
 * printed is shown on stderr (pc_dump) before any assertion, so a failure
 * comes with the program's output.
 */
#ifndef MLTP_PROC_CASES_H
#define MLTP_PROC_CASES_H

#include "check_util.h"

/* A scenario normally ends in well under a second: this only catches
   hangs. */
#define PC_WATCHDOG 5.0
/* "no leftovers" and "ended after the signal" allow this long */
#define PC_GRACE 2.0

const char *pc_prog_path(const char *env, const char *dflt);

#define PC_REALPROG pc_prog_path("REALPROG", "./tests/realprog")
#define PC_CLASH pc_prog_path("CLASH", "./tests/clash")
#define PC_CLASH_NOPROBE pc_prog_path("CLASH_NOPROBE", "./tests/clash_noprobe")

/* The frame of one run: the semaphore sets there were before, whether the
   test has its own IPC namespace, the program, and its name for messages. */
struct pc_run {
    struct cu_semsnap before;
    int priv;
    struct cu_proc *p;
    char what[160];
};

void pc_dump(const struct pc_run *r);

/* Snapshot the semaphore sets (in a private IPC namespace if allowed),
   then start `prog scen nvp [arg]`. */
struct cu_proc *pc_begin_ex(struct pc_run *r,
                            const char *prog,
                            const char *scen, int nvp,
                            const char *arg,
                            const struct cu_spawn_opts *o);

struct cu_proc *pc_begin(struct pc_run *r, const char *scen,
                         int nvp, const char *arg);

/* Collect the program to its end (the watchdog kills it after
   timeout_s), show its output, fail if it hung. */
void pc_finish(struct pc_run *r, double timeout_s);

struct cu_proc *pc_to_end(struct pc_run *r, const char *scen,
                          int nvp, const char *arg,
                          double timeout_s);

/* No process of the program's group is alive PC_GRACE s after its end
   (the survivors are killed), and no semaphore set was left. */
void pc_end(struct pc_run *r);

void pc_assert_exit(const struct pc_run *r, int code);

void pc_assert_died(const struct pc_run *r, int sig);

/* stdout has `s` exactly `n` times */
void pc_assert_count(const struct pc_run *r, const char *s,
                     int n);

void pc_assert_has(const struct pc_run *r, const char *s);

void pc_assert_not(const struct pc_run *r, const char *s);

/* The library's lines on stderr: exactly `want` (-1: any number); the
   first one is copied to line. */
int pc_mltp_lines(const struct pc_run *r, int want,
                  char *line, size_t len);

int pc_sig_named(const char *line, int sig);

int pc_crasher_id(const struct cu_proc *p);

/* The value after `key` on stdout (a decimal number), or `dflt`. */
long pc_value(const struct cu_proc *p, const char *key,
              long dflt);

/* Wait for READY; if it does not come, show what the program said. */
void pc_assert_ready(struct pc_run *r);

/* After READY: the pid of one VP other than the reaper, from VPPIDS (all
   nvp of them must have been seen). */
pid_t pc_one_vp(struct pc_run *r, int nvp);

/* ==================================================================== */
/* 1. The program's own pthreads                                        */

/* One helper pthread of the program's own, then `starts` starts. */
void pc_pthread_starts(int nvp, int starts, double wd);

/* A ULT creates a pthread that never ends, and returns: the start
   returns; the pthread ends with its VP. */
void pc_pthread_in_ult(int nvp);

/* A ULT creates a pthread and joins it: the value comes back. */
void pc_pthread_join_in_ult(int nvp);

/* ==================================================================== */
/* 2. SIGCHLD set by the program                                        */

/* scen: sigchld-ign, sigchld-ign-in-ult, sigchld-handler */
void pc_sigchld_starts(const char *scen, int nvp, int starts,
                       double wd);

/* A crash in a ULT of a program that ignores SIGCHLD (set by main before
   the start, or by a ULT during it): reported and the program dies of it,
   as with SIGCHLD at its default. */
void pc_sigchld_ign_segv(int in_ult, int nvp);

/* ==================================================================== */
/* 3. Bound threads: exit() and crashes are never lost                  */

/* exit(5) in a bound thread made by a ULT, during the start */
void pc_bound_exit_start(int nvp);

/* exit(6) in a bound thread outside any start, main not joining */
void pc_bound_exit_outside(int nvp);

/* SIGSEGV in a bound thread outside any start, main not joining */
void pc_bound_segv_outside(int nvp);

/* Bound threads created and joined by ULTs are reaped. */
void pc_bound_zombies(int nvp, int per_ult, double wd);

/* A ULT joins a bound thread that crashed: the program dies of it. */
void pc_bound_segv_ult_join(int nvp);

/* ==================================================================== */
/* 4. Children of ULTs get the program's signal mask                    */

/* The hex mask after `key` on stdout; 1 if found. */
int pc_mask(const struct cu_proc *p, const char *key,
            unsigned long long *m);

/* scen: fork-mask, fork-mask-usr2 (main blocks SIGUSR2), system-mask,
   popen-mask. key: where the child's mask is printed. */
void pc_child_mask(const char *scen, const char *key,
                   int nvp);

/* A ULT runs `sleep 30` (fork + exec); ^C to the group ends the program
   with SIGINT, and the sleep with it. */
void pc_fork_exec_sigint(int nvp);

/* ==================================================================== */
/* 5. fork()                                                            */

/* A bound thread forks 20 children that exit(0) at once, during a start */
void pc_bound_fork(int nvp);

/* fork() from main between starts (where 0), a ULT (1) or a bound thread
   (2): the child uses MLTP afresh (4 ULTs, a bound thread, a start); the
   parent's ULTs run once, in the parent. */
void pc_fork_child(int where, int nvp);

/* ==================================================================== */
/* 6. Signals                                                           */

/* A signal whose default action ends a process, sent to one VP (not the
   reaper), ends the program with that signal. */
void pc_sig_to_vp(int sig, int nvp);

/* to: 0 the reaper's pid, 1 one VP's pid, 2 the whole group. A SIGINT
   handler installed by a ULT runs (once per process the signal is sent
   to) and the program ends normally. */
void pc_sigint_handler(int to, int nvp);

/* sig sent to the program's pid while it is in call ("start": its
   mltp_start, "begin": main's share, after mltp_begin, "end": its
   mltp_end), by kill() from here or (timer_ms > 0, SIGALRM only) by its
   own timer, armed before the call: as in a pthread program, a handler
   runs once, within PC_GRACE s, and the program goes on; the default
   action ends it with sig within PC_GRACE s, leaving nothing. */
void pc_sig_during(const char *call, int sig, int handler, int timer_ms, int nvp);

/* ==================================================================== */
/* 8. The janitor                                                       */

/* Every fd >= 3 closed, by main before the first start or by a ULT during
   it: locks keep working and no later file gets the library's output. */
void pc_janitor_closefds(int in_ult, int nvp);

/* The janitor cannot be forked (RLIMIT_NPROC): forks_left 0, its first
   fork fails; 1, the second of today's double fork. No SIGPIPE, the
   program goes on, and no set is left. A library that starts its janitor
   with one fork does start it with one fork left: the message that it
   could not be started is required when no janitor runs (the program
   says whether its janitor runs, "extra-live=": exact in a user namespace
   of its own, where RLIMIT_NPROC counts only its own tasks; without user
   namespaces it counts its uid's processes, which other programs of the
   same uid may change meanwhile). */
void pc_janitor_nproc(int forks_left, int nvp);

/* A ULT touches 256 MiB; then main returns after the start (how
   "return"), the ULT calls exit(3) ("exit") or crashes ("segv"): when the
   program's status comes back, none of its tasks runs (the last one to
   hold its memory unmaps it, ~20 ms of CPU: before the end, not after). */
void pc_gone_at_wait(const char *how, int nvp);

/* ==================================================================== */
/* 9. Stack clash                                                       */

/* 1 if the line names "ULT <id>" (a whole number) */
int pc_names_ult(const char *line, int id);

/* scen: frame (72 KiB local array) or alloca (200 KiB) */
/* prog: PC_CLASH (built with -fstack-clash-protection), or
   PC_CLASH_NOPROBE (without: frame-low's 72 KiB frame, written only at
   its low end, must still fault in the clasher's own guard, not land in
   the stack below: run with MLTP_STACK_GUARD=64k, as mltp(3) tells such
   programs; x86-64's default one-page guard catches only probed frames) */
void pc_clash(const char *prog, const char *scen, int nvp);

/* ==================================================================== */
/* 10. Deadlocks through locks                                          */

/* scen: deadlock-block, deadlock-block-front, deadlock-semaphore */
void pc_lock_deadlock(const char *scen, int nvp);

/* ==================================================================== */
/* 11. Bad input                                                        */

/* env: "MLTP_STACK_SIZE=..." or "MLTP_SPIN_US=..." */
void pc_bad_env(const char *env, int nvp);

/* mltp_create_attr with stacksize SIZE_MAX and 2^41: NULL, EINVAL */
void pc_attr_huge(int nvp);

/* mltp_lock_init(NULL, ...): EINVAL and a message that says NULL */
void pc_lock_null(int nvp);

/* mltp_free twice: 0, then EINVAL with a message; the descriptor is not
   handed out twice */
void pc_free_twice(int nvp);

/* ==================================================================== */
/* 12. prog | head                                                      */

void pc_pipe_head(int nvp);

#endif /* MLTP_PROC_CASES_H */
