/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/call.c - calls that wait in the kernel for something no poller or
 * timer can see (a raw syscall(), a child's end, a file lock: flock,
 * lockf, fcntl's F_SETLKW and F_OFD_SETLKW), made from
 * a ULT: marked calls (sched/call.c). The ULT waits in the kernel as
 * before, holding its task; meanwhile a spare task may take its VP's
 * place and run the VP's other ULTs. Once the call returns the ULT goes
 * on where its task holds a place, or, if the place was taken, is made
 * ready and runs on whatever VP takes it next. A wait for a child
 * (without WNOHANG) is known to block: with ULTs queued on the VP the
 * place is handed on at once; a lock is most often free, and its wait is
 * left to the monitor (as any call's that returns at once would pay a
 * hand-off, and move its ULT). Not marked: what never returns or
 * must stay on its task (exit, clone, fork, execve, sigreturn), and what
 * never waits (the ids, the clocks): a marked call wakes a resting
 * monitor, which then looks every millisecond for a while. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "base/libc.h"
#include "base/raw.h"
#include "sys/sys.h"

#define API __attribute__((visibility("default")))

/* The value as glibc's syscall() returns it, errno through sys_set_errno
   (the ULT may have moved to another task). */
static long returned(long r)
{
    if ((unsigned long)r > -4096UL) {
        sys_set_errno((int)-r);
        return -1;
    }
    return r;
}

static int marked(long n)
{
    switch (n) {
    case SYS_gettid:
    case SYS_getpid:
    case SYS_getppid:
    case SYS_getuid:
    case SYS_geteuid:
    case SYS_getgid:
    case SYS_getegid:
    case SYS_clock_gettime:
    case SYS_clock_getres:
    case SYS_gettimeofday:
    case SYS_getcpu:
    case SYS_getrusage:
    case SYS_sched_getaffinity:
    case SYS_sched_yield:
    case SYS_exit:
    case SYS_exit_group:
    case SYS_clone:
    case SYS_clone3:
    case SYS_execve:
    case SYS_execveat:
    case SYS_rt_sigreturn:
#ifdef SYS_fork
    case SYS_fork:
    case SYS_vfork:
#endif
        return 0;
    default:
        return 1;
    }
}

/* glibc's reads six argument registers whatever the call takes, and on
   x86-64 the sixth from the caller's stack: so do we, which
   AddressSanitizer would call a stack-buffer-underflow of the caller's
   frame */
API __attribute__((no_sanitize_address)) long syscall(long n, ...)
{
    struct sched_call c;
    long a[6], r;
    va_list ap;

    va_start(ap, n);
    for (int i = 0; i < 6; i++)
        a[i] = va_arg(ap, long);
    va_end(ap);
    if (!sys_as_ult() || !marked(n))
        return base_syscall_errno(base_raw_syscall6(n, a[0], a[1], a[2], a[3], a[4], a[5]));
    sched_call_enter(&c, 0);
    r = base_raw_syscall6(n, a[0], a[1], a[2], a[3], a[4], a[5]);
    sched_call_exit(&c);
    return returned(r);
}

API pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
    struct sched_call c;
    long r;

    if (!sys_as_ult())
        return (pid_t)base_syscall(SYS_wait4, pid, status, options, ru);
    sched_call_enter(&c, !(options & WNOHANG));
    r = base_raw_syscall6(SYS_wait4, pid, (long)status, options, (long)ru, 0, 0);
    sched_call_exit(&c);
    return (pid_t)returned(r);
}

API pid_t waitpid(pid_t pid, int *status, int options)
{
    return wait4(pid, status, options, NULL);
}

API pid_t wait(int *status)
{
    return wait4(-1, status, 0, NULL);
}

API int waitid(idtype_t type, id_t id, siginfo_t *info, int options)
{
    struct sched_call c;
    long r;

    if (!sys_as_ult())
        return (int)base_syscall(SYS_waitid, type, id, info, options, NULL);
    sched_call_enter(&c, !(options & WNOHANG));
    r = base_raw_syscall6(SYS_waitid, type, id, (long)info, options, 0, 0);
    sched_call_exit(&c);
    return (int)returned(r);
}

API int flock(int fd, int op)
{
    struct sched_call c;
    long r;

    if (!sys_as_ult())
        return (int)base_syscall(SYS_flock, fd, op);
    sched_call_enter(&c, 0);
    r = base_raw_syscall6(SYS_flock, fd, op, 0, 0, 0, 0);
    sched_call_exit(&c);
    return (int)returned(r);
}

/* A wait for a record lock (F_SETLKW, F_OFD_SETLKW): marked. */
static int lock_wait(int fd, int cmd, void *lock)
{
    struct sched_call c;
    long r;

    sched_call_enter(&c, 0);
    r = base_raw_syscall6(SYS_fcntl, fd, cmd, (long)lock, 0, 0, 0);
    sched_call_exit(&c);
    return (int)returned(r);
}

/* fcntl: every command but the lock waits is the C library's; the
   argument read as a pointer whatever the command, as it reads it */
API int fcntl(int fd, int cmd, ...)
{
    va_list ap;
    void *a;

    va_start(ap, cmd);
    a = va_arg(ap, void *);
    va_end(ap);
    if ((cmd == F_SETLKW || cmd == F_OFD_SETLKW) && sys_as_ult())
        return lock_wait(fd, cmd, a);
    return sys_real.fcntl(fd, cmd, a);
}

/* the same function (on 64-bit systems fcntl64 is fcntl) */
API int fcntl64(int fd, int cmd, ...) __attribute__((alias("fcntl")));

/* lockf as POSIX says and the C library does it, on fcntl's record locks
   from the file's offset (the C library's calls its own fcntl, which
   would not be marked); also the C library's where it has none (a
   static program: sys/real.c). */
int sys_lockf(int fd, int cmd, off_t len)
{
    struct flock l = { .l_whence = SEEK_CUR, .l_start = 0, .l_len = len };

    switch (cmd) {
    case F_TEST:
        l.l_type = F_RDLCK;
        if (fcntl(fd, F_GETLK, &l) < 0)
            return -1;
        if (l.l_type == F_UNLCK || l.l_pid == base_libc()->getpid())
            return 0;
        sys_set_errno(EACCES);
        return -1;
    case F_ULOCK:
        l.l_type = F_UNLCK;
        return fcntl(fd, F_SETLK, &l);
    case F_LOCK:
        l.l_type = F_WRLCK;
        return fcntl(fd, F_SETLKW, &l);
    case F_TLOCK:
        l.l_type = F_WRLCK;
        return fcntl(fd, F_SETLK, &l);
    default:
        sys_set_errno(EINVAL);
        return -1;
    }
}

API int lockf(int fd, int cmd, off_t len)
{
    if (!sys_as_ult())
        return sys_real.lockf(fd, cmd, len);
    return sys_lockf(fd, cmd, len);
}

API int lockf64(int fd, int cmd, off_t len) __attribute__((alias("lockf")));
