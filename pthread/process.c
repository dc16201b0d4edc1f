/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/process.c - the process a program's threads share: getpid()
 * says main's pid in every thread, as in a process of pthreads, although
 * each VP is a process of its own; a signal sent there runs its handler
 * in main's thread, not in whichever ULT a VP was running. A fork()ed
 * child learns its own pid, and that its one thread's end ends it. The library itself asks the C library
 * (base/libc.h). */
#include <sys/syscall.h>
#include <unistd.h>
#include "pthread/pt.h"

pid_t pt_program_pid;
int pt_forked;

PT_API pid_t getpid(void)
{
    return pt_program_pid ? pt_program_pid : (pid_t)syscall(SYS_getpid);
}

/* the child has the forking thread alone: its end is the process's */
static void forked_child(void)
{
    pt_program_pid = (pid_t)syscall(SYS_getpid);
    pt_forked = 1;
}

void pt_process_init(void)
{
    pt_program_pid = (pid_t)syscall(SYS_getpid);
    pthread_atfork(NULL, NULL, forked_child);
}
