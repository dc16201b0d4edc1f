/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/sys.h - calls that wait in the kernel, made waits of the ULT that
 * makes them (ARCHITECTURE.md, "Layers" and "Timers"). libmltp defines
 * the C library's names; a program that links it calls ours, which call
 * the C library's own (found with RTLD_NEXT) for every caller that is not
 * a ULT on a VP, and wherever waiting as a ULT does not apply. sys/ uses
 * sched/block.h only, as sync/ does. */
#ifndef SYS_SYS_H
#define SYS_SYS_H

#include <time.h>
#include "sched/block.h"

/* The C library's functions (sys/real.c), each resolved once at load:
   never NULL (a raw system call where the lookup fails). */
struct sys_real {
    int (*nanosleep)(const struct timespec *, struct timespec *);
    int (*clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
};
extern struct sys_real sys_real;

/* MLTP_SYSCALLS=direct: every call goes to the C library as it is. */
extern int sys_direct;

/* Does the caller wait as a ULT? A ULT on a VP, with waits on. One TLS
   load and two tests. */
static inline int sys_as_ult(void)
{
    return !sys_direct && sched_in_ult();
}

#endif
