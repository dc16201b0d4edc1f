/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/start.c - the start: as the library loads (mltp-run preloads it,
 * or the program links it), before the program's own constructors, MLTP
 * begins with main on the main thread's TLS block, so main() runs as a
 * ULT among the threads it makes. There is no end: exit(), or the return
 * from main, ends the program through MLTP's exit path (sched/exit.c),
 * which stops the VPs, runs the exit handlers once, flushes stdio and
 * exits with the status, as exit() ends every pthread. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "pthread/pt.h"

struct pt_thread pt_main = { .kind = PT_MAIN, .name = "main" };
int pt_started;
static mltp_t *main_ult;

/* the record of a kernel-level thread we did not make (not main) */
static __thread struct pt_thread *outside_self __attribute__((tls_model("initial-exec")));

/* a ULT's record: a word of its private area (libmltp_omp has the last) */
#define SLOT(p) ((struct pt_thread **)((char *)(p) + MLTP_PRIVATE_SIZE - 2 * sizeof(void *)))
/* an adopted ULT's record lives in its private area, below the slot */
#define ADOPTED(p) ((struct pt_thread *)((char *)(p) + 64))
_Static_assert(64 + sizeof(struct pt_thread) + 2 * sizeof(void *) <= MLTP_PRIVATE_SIZE,
               "an adopted thread's record fits in a private area");

void pt_fatal(const char *fmt, ...)
{
    char line[256];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    if (write(2, "mltp-run: ", 10) < 0 || write(2, line, (size_t)n) < 0)
        _exit(127);
    _exit(127);
}

struct pt_thread *pt_self(void)
{
    void *p = mltp_get_private();
    struct pt_thread *t;

    if (__builtin_expect(p != NULL, 1)) {
        if ((t = *SLOT(p)) != NULL)
            return t;
        if (mltp_self() == main_ult && main_ult)
            return *SLOT(p) = &pt_main;
        /* a ULT of MLTP's own or libmltp_omp's */
        t = ADOPTED(p);
        memset(t, 0, sizeof *t);
        t->kind = PT_ADOPTED;
        t->ult = mltp_self();
        return *SLOT(p) = t;
    }
    if ((t = outside_self) != NULL)
        return t;
    if (syscall(SYS_gettid) == getpid())
        return &pt_main;
    /* a kernel-level thread: kept for its life, a small leak per thread */
    t = calloc(1, sizeof *t);
    if (!t)
        pt_fatal("out of memory for a thread's record");
    t->kind = PT_ADOPTED;
    return outside_self = t;
}

void pt_set_self(struct pt_thread *t)
{
    void *p = mltp_get_private();

    if (p)
        *SLOT(p) = t;
}

void pt_ensure_started(void)
{
    const char *why;

    if (pt_started)
        return;
    if ((why = mltp_tls_why()) != NULL)
        pt_fatal("POSIX threads need a TLS block each, which MLTP cannot make here: %s", why);
    if (mltp_set_main_tls(MLTP_TLS_ULT) != 0)
        pt_fatal("main cannot keep its TLS block: %s", strerror(errno));
    if (mltp_begin(mltp_vps_default()) != 0)
        pt_fatal("MLTP did not start: %s", strerror(errno));
    main_ult = mltp_self();
    pt_main.ult = main_ult;
    pt_set_self(&pt_main);
    pt_started = 1;
}

/* Before the program's constructors (those of the libraries it loads
   come first: their pthread calls work on main's kernel-level thread) */
__attribute__((constructor)) static void pt_load(void)
{
    sigprocmask(SIG_SETMASK, NULL, &pt_main.mask);
    pt_process_init();
    pt_ensure_started();
}
