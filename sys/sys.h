/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/sys.h - calls that wait in the kernel, made waits of the ULT that
 * makes them (ARCHITECTURE.md, "Layers" and "Timers"). libmltp defines
 * the C library's names; a program that links it calls ours, which call
 * the C library's own (found with RTLD_NEXT) for every caller that is not
 * a ULT on a VP, and wherever waiting as a ULT does not apply. sys/ uses
 * sched/block.h only, as sync/ does. */
#ifndef SYS_SYS_H
#define SYS_SYS_H

#include <poll.h>
#include <signal.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include "sched/block.h"

/* The C library's functions (sys/real.c), each resolved once at load:
   never NULL (a raw system call where the lookup fails). */
struct sys_real {
    int (*nanosleep)(const struct timespec *, struct timespec *);
    int (*clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);
    ssize_t (*read)(int, void *, size_t);
    ssize_t (*write)(int, const void *, size_t);
    ssize_t (*readv)(int, const struct iovec *, int);
    ssize_t (*writev)(int, const struct iovec *, int);
    ssize_t (*recv)(int, void *, size_t, int);
    ssize_t (*recvfrom)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
    ssize_t (*recvmsg)(int, struct msghdr *, int);
    ssize_t (*send)(int, const void *, size_t, int);
    ssize_t (*sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
    ssize_t (*sendmsg)(int, const struct msghdr *, int);
    int (*accept)(int, struct sockaddr *, socklen_t *);
    int (*accept4)(int, struct sockaddr *, socklen_t *, int);
    int (*connect)(int, const struct sockaddr *, socklen_t);
    int (*close)(int);
    int (*dup2)(int, int);
    int (*dup3)(int, int, int);
    int (*poll)(struct pollfd *, nfds_t, int);
    int (*ppoll)(struct pollfd *, nfds_t, const struct timespec *, const sigset_t *);
    int (*select)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
    int (*pselect)(int, fd_set *, fd_set *, fd_set *, const struct timespec *, const sigset_t *);
    int (*fcntl)(int, int, ...);
    int (*lockf)(int, int, off_t);
};
extern struct sys_real sys_real;

/* lockf on fcntl's record locks, as the C library's (sys/call.c). */
int sys_lockf(int fd, int cmd, off_t len);

/* errno of the VP the caller runs on now. A ULT may resume on another VP
   after a wait, and GCC keeps errno's address from before it
   (__errno_location() is declared const): code that may have waited
   reads and writes errno through these calls, never by name. */
int sys_errno(void);
void sys_set_errno(int e);

/* MLTP_SYSCALLS=direct: every call goes to the C library as it is. */
extern int sys_direct;
/* calls made as they are (a descriptor's kind guessed) that waited */
extern int sys_wrong_guesses;

/* Does the caller wait as a ULT? A ULT on a VP, with waits on. One TLS
   load and two tests. */
static inline int sys_as_ult(void)
{
    return !sys_direct && sched_in_ult();
}

#endif
