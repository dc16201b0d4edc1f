/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/real.c - the C library's own functions behind ours, found once as
 * the library loads (dlsym with RTLD_NEXT: the next definition after
 * libmltp's, the C library's), never in a signal handler or a ULT. A
 * program linked statically has no such lookup: the system call then. */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "base/raw.h"
#include "sys/sys.h"

int sys_direct;

static int raw_nanosleep(const struct timespec *req, struct timespec *rem)
{
    return (int)base_syscall(SYS_nanosleep, req, rem);
}

static int raw_clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                               struct timespec *rem)
{
    long r = base_syscall(SYS_clock_nanosleep, c, flags, req, rem);
    return r < 0 ? errno : 0;
}

static ssize_t raw_read(int f, void *b, size_t n) { return base_syscall(SYS_read, f, b, n); }
static ssize_t raw_write(int f, const void *b, size_t n) { return base_syscall(SYS_write, f, b, n); }
static ssize_t raw_readv(int f, const struct iovec *v, int n) { return base_syscall(SYS_readv, f, v, n); }
static ssize_t raw_writev(int f, const struct iovec *v, int n) { return base_syscall(SYS_writev, f, v, n); }
static ssize_t raw_recvfrom(int f, void *b, size_t n, int fl, struct sockaddr *a, socklen_t *al)
{
    return base_syscall(SYS_recvfrom, f, b, n, fl, a, al);
}
static ssize_t raw_recv(int f, void *b, size_t n, int fl) { return raw_recvfrom(f, b, n, fl, NULL, NULL); }
static ssize_t raw_recvmsg(int f, struct msghdr *m, int fl) { return base_syscall(SYS_recvmsg, f, m, fl); }
static ssize_t raw_sendto(int f, const void *b, size_t n, int fl, const struct sockaddr *a, socklen_t al)
{
    return base_syscall(SYS_sendto, f, b, n, fl, a, al);
}
static ssize_t raw_send(int f, const void *b, size_t n, int fl) { return raw_sendto(f, b, n, fl, NULL, 0); }
static ssize_t raw_sendmsg(int f, const struct msghdr *m, int fl) { return base_syscall(SYS_sendmsg, f, m, fl); }
static int raw_accept4(int f, struct sockaddr *a, socklen_t *al, int fl)
{
    return (int)base_syscall(SYS_accept4, f, a, al, fl);
}
static int raw_accept(int f, struct sockaddr *a, socklen_t *al) { return raw_accept4(f, a, al, 0); }
static int raw_connect(int f, const struct sockaddr *a, socklen_t al) { return (int)base_syscall(SYS_connect, f, a, al); }
static int raw_close(int f) { return (int)base_syscall(SYS_close, f); }
static int raw_fcntl(int f, int c, ...)
{
    va_list ap;
    long a;

    va_start(ap, c);
    a = va_arg(ap, long);
    va_end(ap);
    return (int)base_syscall(SYS_fcntl, f, c, a);
}
static int raw_dup3(int o, int f, int fl) { return (int)base_syscall(SYS_dup3, o, f, fl); }
static int raw_dup2(int o, int f)
{
    return o == f ? (raw_fcntl(o, F_GETFD) < 0 ? -1 : f) : raw_dup3(o, f, 0);
}

static int raw_ppoll(struct pollfd *f, nfds_t n, const struct timespec *t, const sigset_t *m)
{
    return (int)base_syscall(SYS_ppoll, f, n, t, m, m ? _NSIG / 8 : 0);
}
static int raw_poll(struct pollfd *f, nfds_t n, int ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    return raw_ppoll(f, n, ms < 0 ? NULL : &t, NULL);
}
static int raw_pselect(int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *t,
                       const sigset_t *m)
{
    struct timespec copy, *tp = NULL;
    struct { const sigset_t *m; size_t len; } mask = { m, _NSIG / 8 };
    if (t) {
        copy = *t;              /* the kernel writes the time left there */
        tp = &copy;
    }
    return (int)base_syscall(SYS_pselect6, n, r, w, e, tp, m ? &mask : NULL);
}
static int raw_select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
    struct timespec t;
    if (tv)
        t = (struct timespec){ tv->tv_sec, tv->tv_usec * 1000L };
    return raw_pselect(n, r, w, e, tv ? &t : NULL, NULL);
}

__attribute__((noinline, noipa)) int sys_errno(void)
{
    return errno;
}

__attribute__((noinline, noipa)) void sys_set_errno(int e)
{
    errno = e;
}

struct sys_real sys_real = {
    raw_nanosleep, raw_clock_nanosleep, raw_read, raw_write, raw_readv, raw_writev,
    raw_recv, raw_recvfrom, raw_recvmsg, raw_send, raw_sendto, raw_sendmsg,
    raw_accept, raw_accept4, raw_connect, raw_close, raw_dup2, raw_dup3,
    raw_poll, raw_ppoll, raw_select, raw_pselect, raw_fcntl, sys_lockf
};

#define FIND(name)                                                            \
    do {                                                                      \
        void *f_ = dlsym(RTLD_NEXT, #name);                                   \
        if (f_)                                                               \
            memcpy(&sys_real.name, &f_, sizeof f_);                           \
    } while (0)

/* MLTP_SYSCALLS: "ult" (the default) or "direct". */
static void __attribute__((constructor)) sys_real_find(void)
{
    const char *s = secure_getenv("MLTP_SYSCALLS");

    if (s && *s && strcmp(s, "ult") != 0) {
        if (strcmp(s, "direct") == 0)
            sys_direct = 1;
        else
            base_warn("ignoring MLTP_SYSCALLS=%s (ult or direct)", s);
    }
    FIND(nanosleep);
    FIND(clock_nanosleep);
    FIND(read);
    FIND(write);
    FIND(readv);
    FIND(writev);
    FIND(recv);
    FIND(recvfrom);
    FIND(recvmsg);
    FIND(send);
    FIND(sendto);
    FIND(sendmsg);
    FIND(accept);
    FIND(accept4);
    FIND(connect);
    FIND(close);
    FIND(dup2);
    FIND(dup3);
    FIND(poll);
    FIND(ppoll);
    FIND(select);
    FIND(pselect);
    FIND(fcntl);
    FIND(lockf);
}
