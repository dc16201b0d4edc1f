/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/fd.c - reads, writes, sends, receives, accept and connect from a
 * ULT on descriptors that can wait (pipes, FIFOs, sockets, terminals,
 * eventfd, timerfd, signalfd): a call that would block makes the ULT wait
 * in MLTP's poller (sched/poll.c) while its VP runs others; the
 * descriptor's flags are not changed for it (but for connect's own call:
 * below).
 *
 * Each call is first tried so that it cannot block: reads and writes with
 * preadv2/pwritev2(RWF_NOWAIT) (pipes since Linux 6.4, sockets), sends
 * and receives with MSG_DONTWAIT; a descriptor that refuses RWF_NOWAIT
 * (a FIFO, a terminal, an eventfd; a pipe before 6.4) is asked with
 * poll() first, and remembered so. Would it block: a descriptor the
 * program made non-blocking gets EAGAIN, a regular file or block device
 * the blocking call (it holds the VP: the kernel reads the disk); any
 * other waits, then tries again. A blocking write or send is finished
 * (the kernel's would not return short), a receive with MSG_WAITALL on a
 * stream socket filled (with MSG_PEEK too: the blocking call, which holds
 * the VP). A signal handled by the VP while it waited with nothing else
 * to run gives EINTR, or restarts the call if every handler the program
 * has set was set with SA_RESTART (MLTP cannot know which signal it was).
 * close(), dup2() and dup3() onto a descriptor wake its waiters with
 * EBADF. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include "sys/sys.h"

#define API __attribute__((visibility("default")))
#define HINTS 65536

/* Per descriptor: 0 try RWF_NOWAIT, 1 poll first. A hint only: a stale
   one costs a poll() or an EOPNOTSUPP, never a wrong result. */
static unsigned char poll_first[HINTS];

static int hint(int fd)
{
    return fd >= 0 && fd < HINTS ? poll_first[fd] : 1;
}

static void set_hint(int fd)
{
    if (fd >= 0 && fd < HINTS)
        poll_first[fd] = 1;
}

/* Would-block: 1 wait, 0 give the caller EAGAIN (its own non-blocking
   descriptor). A regular file or block device is told by the poller
   (epoll refuses it: EPERM), not by an fstat of every wait. */
static int after_eagain(int fd)
{
    int fl = fcntl(fd, F_GETFL);

    return fl >= 0 && (fl & O_NONBLOCK) ? 0 : 1;
}

/* EINTR from the poller: restart (1) if every handler the program set
   has SA_RESTART, else the call returns EINTR (0). */
static int restarts(void)
{
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        /* a fault's signal (MLTP's own handler among them) interrupts no
           wait */
        if (sig == SIGKILL || sig == SIGSTOP || sig == SIGSEGV || sig == SIGBUS ||
            sig == SIGILL || sig == SIGFPE || sigaction(sig, NULL, &sa) != 0)
            continue;
        if (sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN && !(sa.sa_flags & SA_RESTART))
            return 0;
    }
    return 1;
}

/* Wait for fd's what after gen: 0 try again, or -1 with errno set
   (EINTR, EBADF; EPERM: make the blocking call). When the ULT cannot
   wait in the poller (a semaphore lock held, no memory for the set) the
   VP waits: with may_poll in poll() (a socket: the try after it works),
   else EPERM (a regular file, which poll() finds always ready, would
   try for ever). */
static int wait_fd(int fd, int what, long gen, int may_poll)
{
    int e = sched_poll_wait(fd, what, gen);

    if (e != 0 && e != EINTR && e != EBADF && !may_poll)
        e = EPERM;
    if (e != 0 && e != EINTR && e != EBADF && may_poll) {
        struct pollfd p = { fd, (short)(what == SCHED_POLL_IN ? POLLIN : POLLOUT), 0 };
        e = sys_real.poll(&p, 1, -1) < 0 ? sys_errno() : 0;
    }
    if (e == 0 || (e == EINTR && restarts()))
        return 0;
    sys_set_errno(e);
    return -1;
}

static ssize_t real_rw(int fd, const struct iovec *iov, int n, int wr);

/* The try that cannot block: >= 0 done, -1 with errno (EAGAIN: would
   block). Asked with poll() first, a read is made whole (the data is
   there), a write of at most PIPE_BUF bytes (POLLOUT on a pipe promises
   a free page, not room for more: a larger write could block the VP while
   its reader waits behind it); the caller's loop writes the rest. */
static ssize_t try_rw(int fd, const struct iovec *iov, int n, int wr)
{
    ssize_t r;

    if (hint(fd)) {
        struct pollfd p = { fd, (short)(wr ? POLLOUT : POLLIN), 0 };
        if (sys_real.poll(&p, 1, 0) == 0) {
            sys_set_errno(EAGAIN);
            return -1;
        }
        if (wr && iov[0].iov_len > PIPE_BUF)
            return sys_real.write(fd, iov[0].iov_base, PIPE_BUF);
        return real_rw(fd, iov, n, wr);
    }
    r = wr ? pwritev2(fd, iov, n, -1, RWF_NOWAIT) : preadv2(fd, iov, n, -1, RWF_NOWAIT);
    if (r < 0 && (sys_errno() == EOPNOTSUPP || sys_errno() == EINVAL || sys_errno() == ESPIPE)) {
        set_hint(fd);
        return try_rw(fd, iov, n, wr);
    }
    return r;
}

static ssize_t real_rw(int fd, const struct iovec *iov, int n, int wr)
{
    if (n == 1)
        return wr ? sys_real.write(fd, iov[0].iov_base, iov[0].iov_len)
                  : sys_real.read(fd, iov[0].iov_base, iov[0].iov_len);
    return wr ? sys_real.writev(fd, iov, n) : sys_real.readv(fd, iov, n);
}

/* A regular file or block device: the call as it is, a marked call (the
   disk holds the task, and a spare may take its VP: sched/call.c). */
static ssize_t file_rw(int fd, const struct iovec *iov, int n, int wr)
{
    struct sched_call c;
    ssize_t r;

    sched_call_enter(&c, 0);
    r = real_rw(fd, iov, n, wr);
    sched_call_exit(&c);
    return r;
}

static size_t total(const struct iovec *iov, int n)
{
    size_t t = 0;
    for (int i = 0; i < n; i++)
        t += iov[i].iov_len;
    return t;
}

/* iov (a fresh copy of the caller's) advanced past done bytes; its new
   count. */
static int advance(struct iovec *iov, int n, size_t done, struct iovec **first)
{
    int i = 0;

    while (i < n && done >= iov[i].iov_len)
        done -= iov[i++].iov_len;
    if (i < n) {
        iov[i].iov_base = (char *)iov[i].iov_base + done;
        iov[i].iov_len -= done;
    }
    *first = iov + i;
    return n - i;
}

static ssize_t rw(int fd, const struct iovec *iov0, int n0, int wr)
{
    struct iovec small[8], *iov = (struct iovec *)iov0, *copy = NULL;
    size_t want = wr ? total(iov0, n0) : 0, done = 0;
    int n = n0, what = wr ? SCHED_POLL_OUT : SCHED_POLL_IN;

    for (;;) {
        long gen = sched_poll_gen(fd, what);
        ssize_t r = gen < 0 ? real_rw(fd, iov, n, wr) : try_rw(fd, iov, n, wr);

        if (r < 0 && gen >= 0 && sys_errno() == EAGAIN) {
            if (after_eagain(fd) == 0) {
                if (done)
                    break;
                return -1;      /* the program's own non-blocking fd */
            }
            if (wait_fd(fd, what, gen, 0) == 0)
                continue;
            if (sys_errno() != EPERM) {
                if (done)
                    break;
                return -1;
            }
            r = file_rw(fd, iov, n, wr);
        }
        if (r < 0) {
            if (done)
                break;
            return -1;
        }
        if (!wr)
            return r;
        done += (size_t)r;
        if (done >= want || r == 0)
            break;
        /* a short write of a blocking descriptor: the rest, as the
           kernel's blocking write would */
        if (!copy && !(copy = n0 <= 8 ? small : malloc(sizeof *copy * (size_t)n0)))
            break;
        memcpy(copy, iov0, sizeof *copy * (size_t)n0);
        n = advance(copy, n0, done, &iov);
    }
    if (copy && copy != small)
        free(copy);
    return (ssize_t)done;
}

API ssize_t read(int fd, void *buf, size_t len)
{
    struct iovec v = { buf, len };

    if (!sys_as_ult())
        return sys_real.read(fd, buf, len);
    return rw(fd, &v, 1, 0);
}

API ssize_t write(int fd, const void *buf, size_t len)
{
    struct iovec v = { (void *)buf, len };

    if (!sys_as_ult() || len == 0)
        return sys_real.write(fd, buf, len);
    return rw(fd, &v, 1, 1);
}

API ssize_t readv(int fd, const struct iovec *iov, int n)
{
    if (!sys_as_ult() || n <= 0 || n > IOV_MAX)
        return sys_real.readv(fd, iov, n);
    return rw(fd, iov, n, 0);
}

API ssize_t writev(int fd, const struct iovec *iov, int n)
{
    if (!sys_as_ult() || n <= 0 || n > IOV_MAX || total(iov, n) == 0)
        return sys_real.writev(fd, iov, n);
    return rw(fd, iov, n, 1);
}

/* ---- sockets ---------------------------------------------------------- */

/* The socket's call with MSG_DONTWAIT, waiting while it would block
   (unless the caller asked not to, or made the socket non-blocking). */
#define SOCK_LOOP(what, call)                                                 \
    for (;;) {                                                                \
        long gen_ = sched_poll_gen(fd, what);                                 \
        ssize_t r_ = (call);                                                  \
        if (r_ >= 0 || (flags & MSG_DONTWAIT) || gen_ < 0 ||                  \
            sys_errno() != EAGAIN)                                            \
            return r_;                                                        \
        if (after_eagain(fd) <= 0) {                                          \
            sys_set_errno(EAGAIN);                                            \
            return -1;                                                        \
        }                                                                     \
        if (wait_fd(fd, what, gen_, 1) < 0)                                   \
            return -1;                                                        \
    }

/* One receive as a ULT: MSG_DONTWAIT, waiting while it would block. */
static ssize_t recvmsg_once(int fd, struct msghdr *m, int flags)
{
    SOCK_LOOP(SCHED_POLL_IN, sys_real.recvmsg(fd, m, flags | MSG_DONTWAIT))
}

#define NOT_STREAM (-2)         /* MSG_WAITALL changes nothing: one receive */
#define PEEK_ALL (-3)           /* MSG_PEEK with it: the blocking call */

/* MSG_WAITALL on a stream socket: receives until m's buffers are full,
   short only as the kernel's is (EOF, an error, a signal, MSG_DONTWAIT);
   the address and control data are the first receive's. A datagram or
   sequenced-packet socket: NOT_STREAM (the flag changes nothing, and a
   loop would join datagrams). */
static ssize_t recv_all(int fd, struct msghdr *m, int flags)
{
    struct iovec small[8], *copy = NULL;
    struct msghdr h = *m;
    size_t want = total(m->msg_iov, (int)m->msg_iovlen), done = 0;
    socklen_t tl = sizeof(int);
    int type;

    if (m->msg_iovlen > IOV_MAX ||
        getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tl) != 0 || type != SOCK_STREAM)
        return NOT_STREAM;
    if (flags & MSG_PEEK)
        return PEEK_ALL;
    flags &= ~MSG_WAITALL;
    for (;;) {
        ssize_t r = recvmsg_once(fd, &h, flags);
        if (r <= 0) {
            if (done)
                break;
            return r;
        }
        if (!done) {
            m->msg_namelen = h.msg_namelen;
            m->msg_controllen = h.msg_controllen;
            m->msg_flags = h.msg_flags;
            h.msg_name = NULL;
            h.msg_namelen = 0;
            h.msg_control = NULL;
            h.msg_controllen = 0;
        }
        done += (size_t)r;
        if (done >= want || (flags & MSG_DONTWAIT))
            break;
        if (!copy && !(copy = m->msg_iovlen <= 8 ? small
                                                  : malloc(sizeof *copy * m->msg_iovlen)))
            break;
        memcpy(copy, m->msg_iov, sizeof *copy * m->msg_iovlen);
        h.msg_iovlen = (size_t)advance(copy, (int)m->msg_iovlen, done, &h.msg_iov);
    }
    if (copy && copy != small)
        free(copy);
    return (ssize_t)done;
}

API ssize_t recv(int fd, void *buf, size_t len, int flags)
{
    if (!sys_as_ult())
        return sys_real.recv(fd, buf, len, flags);
    if (flags & MSG_WAITALL) {
        struct iovec v = { buf, len };
        struct msghdr h = { .msg_iov = &v, .msg_iovlen = 1 };
        ssize_t r = recv_all(fd, &h, flags);
        if (r == PEEK_ALL)
            return sys_real.recv(fd, buf, len, flags);
        if (r != NOT_STREAM)
            return r;
    }
    SOCK_LOOP(SCHED_POLL_IN, sys_real.recv(fd, buf, len, flags | MSG_DONTWAIT))
}

API ssize_t recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *from,
                     socklen_t *fromlen)
{
    if (!sys_as_ult())
        return sys_real.recvfrom(fd, buf, len, flags, from, fromlen);
    if (flags & MSG_WAITALL) {
        struct iovec v = { buf, len };
        struct msghdr h = { .msg_name = from, .msg_namelen = fromlen ? *fromlen : 0,
                            .msg_iov = &v, .msg_iovlen = 1 };
        ssize_t r = recv_all(fd, &h, flags);
        if (r == PEEK_ALL)
            return sys_real.recvfrom(fd, buf, len, flags, from, fromlen);
        if (r != NOT_STREAM) {
            if (r >= 0 && fromlen)
                *fromlen = h.msg_namelen;
            return r;
        }
    }
    SOCK_LOOP(SCHED_POLL_IN,
              sys_real.recvfrom(fd, buf, len, flags | MSG_DONTWAIT, from, fromlen))
}

API ssize_t recvmsg(int fd, struct msghdr *m, int flags)
{
    if (!sys_as_ult())
        return sys_real.recvmsg(fd, m, flags);
    if (flags & MSG_WAITALL) {
        ssize_t r = recv_all(fd, m, flags);
        if (r == PEEK_ALL)
            return sys_real.recvmsg(fd, m, flags);
        if (r != NOT_STREAM)
            return r;
    }
    return recvmsg_once(fd, m, flags);
}

/* A blocking send is finished: the rest after a short one (a stream). */
static ssize_t send_all(int fd, const char *buf, size_t len, int flags,
                        const struct sockaddr *to, socklen_t tolen)
{
    size_t done = 0;

    for (;;) {
        long gen = sched_poll_gen(fd, SCHED_POLL_OUT);
        ssize_t r = sys_real.sendto(fd, buf + done, len - done, flags | MSG_DONTWAIT, to, tolen);
        if (r >= 0) {
            done += (size_t)r;
            if (done >= len || (flags & MSG_DONTWAIT))
                return (ssize_t)done;
            continue;
        }
        if (sys_errno() != EAGAIN || (flags & MSG_DONTWAIT) || gen < 0 ||
            after_eagain(fd) <= 0 || wait_fd(fd, SCHED_POLL_OUT, gen, 1) < 0)
            return done ? (ssize_t)done : -1;
    }
}

API ssize_t send(int fd, const void *buf, size_t len, int flags)
{
    if (!sys_as_ult() || len == 0)
        return sys_real.send(fd, buf, len, flags);
    return send_all(fd, buf, len, flags, NULL, 0);
}

API ssize_t sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *to,
                   socklen_t tolen)
{
    if (!sys_as_ult() || len == 0)
        return sys_real.sendto(fd, buf, len, flags, to, tolen);
    return send_all(fd, buf, len, flags, to, tolen);
}

API ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
    if (!sys_as_ult())
        return sys_real.sendmsg(fd, m, flags);
    SOCK_LOOP(SCHED_POLL_OUT, sys_real.sendmsg(fd, m, flags | MSG_DONTWAIT))
}

/* accept: asked with poll() first (it has no flag that cannot block). */
static int accept_as_ult(int fd, struct sockaddr *a, socklen_t *al, int fl, int four)
{
    for (;;) {
        long gen = sched_poll_gen(fd, SCHED_POLL_IN);
        struct pollfd p = { fd, POLLIN, 0 };
        int k = gen < 0 ? 1 : sys_real.poll(&p, 1, 0);
        if (k != 0)
            return four ? sys_real.accept4(fd, a, al, fl) : sys_real.accept(fd, a, al);
        if (after_eagain(fd) <= 0)
            return four ? sys_real.accept4(fd, a, al, fl) : sys_real.accept(fd, a, al);
        if (wait_fd(fd, SCHED_POLL_IN, gen, 1) < 0)
            return -1;
    }
}

API int accept(int fd, struct sockaddr *a, socklen_t *al)
{
    if (!sys_as_ult())
        return sys_real.accept(fd, a, al);
    return accept_as_ult(fd, a, al, 0, 0);
}

API int accept4(int fd, struct sockaddr *a, socklen_t *al, int fl)
{
    if (!sys_as_ult())
        return sys_real.accept4(fd, a, al, fl);
    return accept_as_ult(fd, a, al, fl, 1);
}

/* connect: made non-blocking for the call alone, then the ULT waits for
   the connection as a blocking connect would (EINTR: it goes on
   asynchronously, as the kernel's). */
API int connect(int fd, const struct sockaddr *a, socklen_t al)
{
    int fl, r, e, err = 0;
    socklen_t el = sizeof err;

    if (!sys_as_ult() || (fl = fcntl(fd, F_GETFL)) < 0 || (fl & O_NONBLOCK))
        return sys_real.connect(fd, a, al);
    long gen = sched_poll_gen(fd, SCHED_POLL_OUT);
    if (gen < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
        return sys_real.connect(fd, a, al);
    r = sys_real.connect(fd, a, al);
    e = sys_errno();
    fcntl(fd, F_SETFL, fl);
    if (r == 0 || e != EINPROGRESS) {
        sys_set_errno(e);
        return r;
    }
    for (;;) {
        e = sched_poll_wait(fd, SCHED_POLL_OUT, gen);
        if (e) {
            sys_set_errno(e == ENOMEM || e == EPERM ? EINPROGRESS : e);
            return -1;
        }
        struct pollfd p = { fd, POLLOUT, 0 };
        gen = sched_poll_gen(fd, SCHED_POLL_OUT);
        if (sys_real.poll(&p, 1, 0) > 0)
            break;
    }
    if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &el) < 0)
        return -1;
    if (err) {
        sys_set_errno(err);
        return -1;
    }
    return 0;
}

/* ---- closing ---------------------------------------------------------- */

/* fd's waiters woken once the call that closed it has returned r: a
   waiter that tried before and links after then finds the counts moved
   and tries again (woken before the close, it could link in between on
   a descriptor that epoll then drops, and wait for ever) */
static int closed(int fd, int r)
{
    int e = sys_errno();

    if (!sys_direct) {
        sched_poll_closed(fd);
        sys_set_errno(e);
    }
    return r;
}

API int close(int fd)
{
    return closed(fd, sys_real.close(fd));
}

API int dup2(int old, int fd)
{
    int r = sys_real.dup2(old, fd);

    return old != fd ? closed(fd, r) : r;
}

API int dup3(int old, int fd, int flags)
{
    int r = sys_real.dup3(old, fd, flags);

    return old != fd ? closed(fd, r) : r;
}
