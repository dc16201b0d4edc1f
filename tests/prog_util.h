/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * prog_util.h - what the scenario programs (faulty, realprog, schedprog,
 * nolocksys, mainprog), million and the Check suites share: atomics on
 * plain variables, the clock, sleeping, the pids of the VPs, creating ULTs
 * or dying with status 99 (a set-up failure), the errno a start leaves, a
 * ULT that announces the VPs ready, "FAIL:" lines, the crash marker line and a crashing ULT, and
 * /proc readers. The functions are in prog_util.c,
 * built once into tests/libprogutil.a; it calls only the public API, so
 * it links with either form of the library.
 */
#ifndef MLTP_TESTS_PROG_UTIL_H
#define MLTP_TESTS_PROG_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#include "test_vps.h"   /* several_vps: MLTP_TEST_VPS */

/* A program whose scenarios crash, exit from inside the library or leave
   ULTs blocked on purpose, to test MLTP's own reports, defines
   PU_CRASH_TESTS first: under AddressSanitizer (ignored otherwise) ASan
   then takes neither SIGSEGV, SIGABRT nor SIGBUS, and checks no leaks.
   Defined here, in the one program that asks, not in the library: the
   ASan runtime's weak reference would not pull it out of an archive. */
#ifdef PU_CRASH_TESTS
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "handle_segv=0:handle_abort=0:handle_sigbus=0:detect_leaks=0";
}
#endif

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_SEQ_CST)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_SEQ_CST)
#define INC(x) __atomic_add_fetch(&(x), 1, __ATOMIC_SEQ_CST)
#define DEC(x) __atomic_sub_fetch(&(x), 1, __ATOMIC_SEQ_CST)

extern int *volatile null_ptr;        /* a NULL store the compiler keeps */
extern volatile pid_t vp_pids[64];    /* by VP id, from note_vp */

/* CLOCK_MONOTONIC in seconds. */
double now(void);
/* Sleep ms milliseconds, signals or not; a ULT holds its VP meanwhile. */
void sleep_ms(int ms);
/* In a ULT: record this VP's pid in vp_pids. */
void note_vp(void);
/* sig's default action, unblocked; every signal's, none blocked:
   whatever the process inherited (a background shell, nohup, a mask). */
void signal_default(int sig);
void signals_default(void);

/* mltp_create(f, p), or exit 99 after a message. The handle is also kept
   until the program ends (see prog_util.c). */
mltp_t *make(mltp_userf_t *f, void *p);
/* mltp_create_bound(f, p, 0, NULL), or exit 99 after a message. */
mltp_t *make_bound(mltp_buserf_t *f, void *p);

/* A ULT named name (mltp_create_attr), or exit 99 after a message; kept
   as make() keeps its handles. */
mltp_t *make_named(const char *name, mltp_userf_t *f, void *p);

/* mltp_start(nvp) and the errno it leaves (0 before it): what a start
   that failed says. */
int start_errno(int nvp);

/* mltp_start(nvp), then "start-returned" on stdout: the scenario's status
   is `status`. */
int start_returned(int nvp, int status);

/* In a ULT: wait until VPs 0 to nvp-1 have each run a ULT that calls
   note_vp() (2 s at most), then print "VPPIDS p0 p1 ..." and "READY"
   (flushed). */
void announce_ready(int nvp);
/* A ULT (made as make() makes one) that calls announce_ready(nvp), then
   goes on as then(NULL). */
mltp_t *make_ready(int nvp, mltp_userf_t *then);

/* A ULT about to crash says who it is ("CRASHER id= vp= pid=", flushed),
   for the test to check the reaper's message against. */
void crasher_says(void);
/* A ULT that yields a little, says who it is and stores to NULL. */
void *segv_ult(void *p);

/* State, parent and process group from /proc/WHICH/stat (WHICH: a pid as
   a /proc entry names it, or PID/task/TID). 0, or -1 when it is gone. */
struct proc_stat {
    char state;
    int ppid, pgrp;
};
int proc_stat_read(const char *which, struct proc_stat *ps);
/* The state letter of process pid, 0 if it cannot be read. */
char proc_state(pid_t pid);

/* /proc/self/statm's first two fields, in pages: the address space's
   size and what is resident (NULL: not wanted). 0, or -1 with both 0
   when it cannot be read. */
int statm_pages(long *size, long *resident);

/* The processes in /proc, one by one: while (proc_walk_next(&w)) uses
   w.pid (its name in /proc); the walk closes itself at the end. */
struct proc_walk {
    DIR *d;
    const char *pid;
};
int proc_walk_open(struct proc_walk *w);
int proc_walk_next(struct proc_walk *w);

/* Tasks (threads) whose real uid is `uid`: what RLIMIT_NPROC counts
   (zombies too, unless live_only); -1 if /proc cannot be read. */
int tasks_of_uid(uid_t uid, int live_only);

/* Root is exempt from RLIMIT_NPROC: as root, become nobody. 0, or -1
   after a message on stdout. */
int become_nobody(void);

/* "FAIL: " and the message (printf's fmt and arguments) on a line of its
   own; the caller counts the failure. */
void pu_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void pu_vfail(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* A ULT that says "ran NAME" (flushed). */
void *say_ran(void *name);

/* For a scenario in which no VP can be made. As nobody, in a user
   namespace of its own when it may (only the program's own tasks count
   there), after a first start that runs say_ran("first") (the janitor
   and VP 0's TCB exist then, so what fails next is the clone() itself):
   RLIMIT_NPROC at the task count. Prints "own-userns=B nproc-limit=N".
   0 with the old limit in *old, or 99 after a message. */
int nproc_at_limit(struct rlimit *old);

/* A scenario of a helper program: the name its command line gives and
   the function that runs it, run() or run_with(param); the program's
   exit status is what that returns. */
struct pu_scenario {
    const char *name;
    int (*run)(void);
    int (*run_with)(int);
    int param;
};
#define PU_SCEN(name, fn) { (name), (fn), NULL, 0 }
#define PU_SCEN_WITH(name, fn, param) { (name), NULL, (fn), (param) }

/* The scenario named name from the table t (n rows): its status, or 2
   after a message if there is none of that name. */
int pu_run(const char *name, const struct pu_scenario *t, size_t n);
#define PU_RUN(name, t) pu_run((name), (t), sizeof (t) / sizeof (t)[0])

/* The main() of realprog, schedprog, mainprog and clash, whose command line is
   PROG SCENARIO NVP [ARG]: NVP (1 to 64) in *nvp, ARG (or NULL) in *arg,
   then the scenario of the table t (n rows) that SCENARIO names runs, stdout
   line-buffered; its status, or 2 after a message (a bad command line, no
   such scenario). */
int pu_main(int argc, char **argv, int *nvp, const char **arg,
            const struct pu_scenario *t, size_t n);
#define PU_MAIN(argc, argv, nvp, arg, t)                                   \
    pu_main((argc), (argv), (nvp), (arg), (t), sizeof (t) / sizeof (t)[0])

#endif
