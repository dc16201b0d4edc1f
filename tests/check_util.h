/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * check_util.h - helpers shared by the MLTP Check suites; they are in
 * check_util.c, built once into tests/libcheckutil.a.
 *
 * Every suite runs each test in a forked child (CK_FORK), so the library
 * state is fresh in every test as long as main() does not touch MLTP.
 *
 * Never call ck_assert*() inside a ULT: a ULT runs in a VP (another
 * process) and Check's failure path would _exit() that VP. ULTs record
 * failures with ULT_CHECK(); the test asserts cu_assert_ults_ok()
 * afterwards.
 */
#ifndef MLTP_CHECK_UTIL_H
#define MLTP_CHECK_UTIL_H

#include <check.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#include "prog_util.h"   /* now, sleep_ms, /proc readers, several_vps */

#define CU_LOAD(x) __atomic_load_n(&(x), __ATOMIC_SEQ_CST)
#define CU_STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_SEQ_CST)
#define CU_INC(x) __atomic_add_fetch(&(x), 1, __ATOMIC_SEQ_CST)
/* A spin-wait hint between looks */
#if defined(__x86_64__)
#define CU_PAUSE() __builtin_ia32_pause()
#else
#define CU_PAUSE() __asm__ volatile("yield" ::: "memory")
#endif

/* ------------------------------------------------------------------ */
/* Failure recording from ULTs (shared memory: VPs share the address   */
/* space with the test process).                                        */

extern int cu_fail_count;
extern char cu_fail_msg[512];

void cu_record_fail(const char *file, int line, const char *expr,
                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void cu_reset_fails(void);

/* Macros, not functions: the failure names the caller's file and line. */
#define ULT_CHECK(cond, ...)                                               \
    do {                                                                   \
        if (!(cond))                                                       \
            cu_record_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);        \
    } while (0)

#define cu_assert_ults_ok()                                                \
    ck_assert_msg(CU_LOAD(cu_fail_count) == 0,                             \
                  "%d check(s) failed inside ULTs; first: %s",             \
                  CU_LOAD(cu_fail_count), cu_fail_msg)

/* ------------------------------------------------------------------ */
/* Running ULTs                                                         */

/* Create n ULTs running f((void *)i); store the handles in h (n slots)
   or free them after the start when h is NULL. Then start nvp VPs. */
void cu_run_ults(int nvp, int n, mltp_userf_t *f, mltp_t **h);

/* Create the ULT lead(NULL) first, then n ULTs running f((void *)i)
   behind it; start nvp VPs and free the handles. */
void cu_run_lead_ults(int nvp, mltp_userf_t *lead, int n, mltp_userf_t *f);

/* In a ULT: take l once *count (guarded by l) has reached want, yielding
   while it has not. Returns holding l. */
void cu_lock_when_count(mltp_lock_t *l, const int *count, int want);

/* ------------------------------------------------------------------ */
/* Processes                                                            */

/* pipe(pfd), then fork() with stdio flushed, so that the child does not
   write the parent's buffered output again; the test fails if either
   fails. fork's value: 0 in the child. */
pid_t cu_fork_with_pipe(int pfd[2]);

/* Alive = exists and is not a zombie (orphaned zombies may linger until
   init reaps them), or is a zombie main thread with live threads. */
int cu_pid_alive(pid_t pid);

/* Pids of the live processes whose parent is ppid. */
int cu_children_of(pid_t ppid, pid_t *out, int max);

/* Pids of the live processes in process group pgid. */
int cu_group_members(pid_t pgid, pid_t *out, int max);

/* Wait up to timeout_s for process group pgid to have no live member;
   returns the number still alive at the end. */
int cu_wait_group_gone(pid_t pgid, double timeout_s);

/* Wait up to timeout_s for every pid in the list to be gone; returns the
   number still alive at the end. */
int cu_wait_pids_gone(const pid_t *pids, int n, double timeout_s);

/* ------------------------------------------------------------------ */
/* SysV semaphore sets (from /proc/sysvipc/sem)                         */

struct cu_semset {
    int semid;
    int nsems;
    unsigned uid;
};

struct cu_semsnap {
    int n;
    struct cu_semset s[512];
};

/* A private IPC namespace (root only) makes the leak check exact: only
   the sets of the program under test are visible. Returns 1 if the
   calling process now has its own IPC namespace. */
int cu_private_ipc(void);

void cu_sem_snapshot(struct cu_semsnap *snap);

/*
 * Sets that appeared since `before` and are leaked. In a private IPC
 * namespace every new set is ours. Otherwise (other programs may run at
 * the same time) a new set counts as leaked when the last operation on
 * one of its semaphores was by one of `ours` (all dead by now), or when no
 * semaphore's last-operation pid is a live process (/proc/sysvipc/sem has
 * no creator pid for semaphores).
 */
int cu_sem_leaked_now(const struct cu_semsnap *before, int private_ns,
                      const pid_t *ours, int nours, char *desc, size_t dlen);

/* Poll up to timeout_s for leaked sets to go away (a janitor removes them
   asynchronously). Returns the number of leaked sets left. */
int cu_sem_leaks(const struct cu_semsnap *before, int private_ns,
                 const pid_t *ours, int nours, double timeout_s, char *desc,
                 size_t dlen);

/* ------------------------------------------------------------------ */
/* Running a helper program (tests/faulty, tests/realprog...) in its own */
/* process group, capturing its output                                  */

#define CU_OUTMAX 65536

struct cu_proc {
    pid_t pid;
    int outfd, errfd;
    char out[CU_OUTMAX];
    size_t outlen;
    char err[CU_OUTMAX];
    size_t errlen;
    int status;
    int exited;    /* waitpid collected it */
    int timed_out; /* the watchdog killed it */
    double t_start;
    double t_exit;
};

/* How cu_spawn() starts a program. Every field may be left 0. */
struct cu_spawn_opts {
    int ign_int;              /* SIGINT ignored, as a non-interactive shell
                                 starts background jobs; else default */
    const char *const *env;   /* extra "NAME=VALUE" strings, NULL-ended */
};

/*
 * Start argv[0] with argv, stdout and stderr on pipes, in a process group
 * of its own (its pid), killed if the test dies (PR_SET_PDEATHSIG), with
 * no core file, every signal at its default action (SIGINT ignored with
 * ign_int) and none blocked: the test does not depend on how make check
 * was started. MLTP_STACK_SIZE, MLTP_STACK_GUARD, MLTP_STACK_CACHE,
 * MLTP_SPIN_US, MLTP_STATS and MLTP_AFFINITY are removed from its
 * environment, then o->env is added.
 * The IPC namespace is the caller's: make a private one (cu_private_ipc)
 * before the semaphore snapshot.
 */
void cu_spawn(struct cu_proc *p, char *const argv[],
              const struct cu_spawn_opts *o);

/* Start `$FAULTY scenario` (see cu_spawn); with SIGINT ignored if
   ign_int. */
void cu_spawn_faulty_ex(struct cu_proc *p, const char *scenario, int ign_int);
/* The same with env's "NAME=VALUE" strings added (NULL-ended). */
void cu_spawn_faulty_env(struct cu_proc *p, const char *scenario, int ign_int,
                         const char *const *env);
void cu_spawn_faulty(struct cu_proc *p, const char *scenario);

/* Read whatever is available within wait_ms; returns 1 if any data came. */
int cu_pump(struct cu_proc *p, int wait_ms);

/* Collect the exit status if the process has ended (without waiting). */
void cu_try_reap(struct cu_proc *p);

/* Read stdout/stderr until `needle` shows on stdout, the process ends or
   timeout_s passes. Returns 1 if the needle was seen. */
int cu_wait_output(struct cu_proc *p, const char *needle, double timeout_s);

/* Collect output until the process ends; kill its group after timeout_s
   (measured from the start) and mark it timed out. After it has ended,
   drain its pipes for at most another second. */
void cu_finish(struct cu_proc *p, double timeout_s);

/* A wait status in words, in buf. */
const char *cu_status_str(int st, char *buf, size_t len);

/* Died of signal sig, or exited with 128+sig (shell convention). */
int cu_died_of(int st, int sig);

/* The pids a helper program printed as "VPPIDS p0 p1 ..." (at most max). */
int cu_parse_vppids(const char *out, pid_t *pids, int max);

/* Number of lines in s that start with prefix; the first one is copied
   to first (if not NULL). */
int cu_count_lines(const char *s, const char *prefix, char *first,
                   size_t flen);

/* Number of non-overlapping occurrences of needle in s. */
int cu_count_str(const char *s, const char *needle);

/* 1 if the decimal number v appears in s as a whole number (not part of a
   longer digit run). */
int cu_has_number(const char *s, long v);

/* ------------------------------------------------------------------ */
/* Suites                                                               */

/* MLTP_TEST_SKIP="name name:i ..." leaves those tests out (name: every
   iteration of a loop test; name:i: its iteration i), with a line on
   stdout for each: make check-valgrind leaves out what valgrind cannot
   run (tests/valgrind.sh says what, and why). Check's tcase_add_*()
   macros all call _tcase_add_test, which this macro sends here. */
void cu_add_test(TCase *tc, const TTest *t, int sig, int allowed_exit,
                 int start, int end);
#define _tcase_add_test cu_add_test

/* A suite as a table. A CU_TCASE row opens a test case (its name and
   Check timeout in seconds); the rows after it add tests to it:
   CU_TEST(t) once, CU_LOOP(t, s, e) as a loop test (_i from s to e-1). */
struct cu_row {
    const char *tcase;
    int timeout;
    const TTest *const *test;
    int start, end;
};
#define CU_TCASE(name, timeout) { (name), (timeout), NULL, 0, 0 }
#define CU_TEST(t) { NULL, 0, &(t), 0, 1 }
#define CU_LOOP(t, s, e) { NULL, 0, &(t), (s), (e) }

/* For suites whose tests are each one call, listed once as X(name, call)
   in an X-macro LIST: LIST(CU_DEFINE_CALL) defines them as Check tests,
   LIST(CU_LOOP2_ROW) gives their table rows as loop tests, _i 0 and 1. */
#define CU_DEFINE_CALL(name, call) START_TEST(name) { call; } END_TEST
#define CU_LOOP2_ROW(name, call) CU_LOOP(name, 0, 2),

/* A test case named name, with Check's timeout in seconds, added to s. */
TCase *cu_tcase(Suite *s, const char *name, int timeout);
/* The rows' test cases and tests added to s. */
void cu_suite_add(Suite *s, const struct cu_row *rows, size_t n);
#define CU_SUITE_ADD(s, rows) cu_suite_add((s), (rows), sizeof (rows) / sizeof (rows)[0])
/* Runs s, each test in a forked child, with every signal at its default
   action and none blocked (signals_default); EXIT_SUCCESS if every test
   passed. */
int cu_run_suite(Suite *s);

/* A Check program's main(): runs the suite `suite` that the table rows
   (n of them) make, each test in a forked child; EXIT_SUCCESS if every
   test passed. */
int cu_main(const char *suite, const struct cu_row *rows, size_t n);
#define CU_MAIN(suite, rows) cu_main((suite), (rows), sizeof (rows) / sizeof (rows)[0])

/* ------------------------------------------------------------------ */
/* The stress suites (make check-stress)                                */

/* How often make check-stress runs each case: MLTP_STRESS_RUNS, default
   20. */
int cu_stress_runs(void);

/* The stress suites' loop: call, n times, each run announced on stderr
   (the first failing run fails the test: its number is the last line). */
#define CU_REPEAT_N(n, nvp, call)                                          \
    do {                                                                   \
        int n_ = (n);                                                      \
        for (int run_ = 1; run_ <= n_; run_++) {                           \
            fprintf(stderr, "=== run %d of %d on %d VPs\n", run_, n_, (nvp)); \
            call;                                                          \
        }                                                                  \
    } while (0)

/* A stress suite lists its cases once, as X(name, runs, call) in an
   X-macro LIST: LIST(CU_STRESS_TEST) defines the tests (call run `runs`
   times, on CU_STRESS_NVP VPs), LIST(CU_STRESS_ROW) their rows. */
#define CU_STRESS_NVP (_i ? 4 : 2)
#define CU_STRESS_TEST(name, runs, call)                                   \
    START_TEST(name) { CU_REPEAT_N((runs), CU_STRESS_NVP, call); } END_TEST
#define CU_STRESS_ROW(name, runs, call) CU_LOOP(name, 0, 2),

/* A stress suite's main(): the rows' tests in one test case whose Check
   timeout is cu_stress_runs() x run_s (a case's longest run, all its runs
   together). */
int cu_stress_main(const char *suite, const struct cu_row *rows, size_t n,
                   int run_s);
#define CU_STRESS_MAIN(suite, rows, run_s)                                 \
    cu_stress_main((suite), (rows), sizeof (rows) / sizeof (rows)[0], (run_s))

#endif /* MLTP_CHECK_UTIL_H */
