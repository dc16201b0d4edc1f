/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/fd.c - reads, writes, sends, receives, accept and connect from a
 * ULT on descriptors that can wait (pipes, FIFOs, sockets, terminals,
 * eventfd, timerfd, signalfd): a call that would block makes the ULT wait
 * in MLTP's poller (sched/poll.c) while its VP runs others; the
 * descriptor's flags are not changed for it (but for connect's own call:
 * below).
 *
 * Each call is first tried so that it cannot block, as the descriptor's
 * kind says (fstat() at its first call, remembered): a socket's with
 * MSG_DONTWAIT, a pipe's, a FIFO's or a file's with
 * preadv2/pwritev2(RWF_NOWAIT), or, where that is refused (a FIFO, a
 * terminal, an eventfd; a pipe before Linux 6.4), asked with poll()
 * first. A memory device (/dev/null) never waits, and a pipe found ready
 * many times in a row is trusted to be: their calls are made as they
 * are, as marked calls (sched/call.c), and cost what the C library's do.
 * Would a try block: a descriptor the program made non-blocking gets
 * EAGAIN, a regular file or block device the call as it is, marked (the
 * kernel reads the disk; O_NONBLOCK means nothing there); any other waits,
 * then tries again. A blocking write or send is finished
 * (the kernel's would not return short), a receive with MSG_WAITALL on a
 * stream socket filled (with MSG_PEEK too: the blocking call, which holds
 * the VP). A signal handled by the VP while it waited with nothing else
 * to run gives EINTR, or restarts the call if every handler the program
 * has set was set with SA_RESTART (MLTP cannot know which signal it was).
 * close(), dup2() and dup3() onto a descriptor wake its waiters with
 * EBADF; a trusted pipe's call that waits after all is the kernel's, and
 * waits on, as a thread's would. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <unistd.h>
#include "base/raw.h"
#include "sys/sys.h"

#define API __attribute__((visibility("default")))
#define KINDS 65536

/* What a descriptor is, found with fstat() at its first read or write as
   a ULT, says how its calls are tried (try_rw). A guess: a number that
   the C library closes behind MLTP's back (fclose) and the kernel gives
   again keeps it, and a wrong one costs a hand-off to a spare or a second
   try, never a wrong result or a VP held for good. close(), dup2(),
   dup3() and accept() set it anew. */
enum {
    FD_UNKNOWN,
    FD_NEVER_WAITS,     /* /dev/null, zero, full, random, urandom */
    FD_FILE,            /* a regular file or block device */
    FD_SOCKET,
    FD_PIPE,            /* a pipe or FIFO */
    FD_OTHER,           /* a terminal, an eventfd, a timerfd... */
    FD_KIND = 7,
    FD_POLL_FIRST = 8   /* refuses RWF_NOWAIT */
};
static unsigned char fd_kind[KINDS];

/* A pipe's tries in a row that found it ready; from TRUST_RUN << doubt
   of them on, its calls are made as they are, marked (no RWF_NOWAIT: a
   read of a ready pipe at the C library's cost). A marked call whose
   VP was taken meanwhile waited after all: the run starts again, and the
   next one is twice as long, so that a pipe that is sometimes empty costs
   a hand-off in thousands of calls. */
#define TRUST_RUN 16
#define DOUBT_MAX 11
static unsigned short fd_run[KINDS];
static unsigned char fd_doubt[KINDS];

static void set_kind(int fd, int k)
{
    if (fd >= 0 && fd < KINDS && CMM_LOAD_SHARED(fd_kind[fd]) != k)
        CMM_STORE_SHARED(fd_kind[fd], (unsigned char)k);
}

static int kind_of(int fd)
{
    struct stat st;
    int k;

    if (fd < 0 || fd >= KINDS)
        return FD_OTHER | FD_POLL_FIRST;
    if ((k = CMM_LOAD_SHARED(fd_kind[fd])) != FD_UNKNOWN)
        return k;
    if (fstat(fd, &st) != 0)
        return FD_OTHER;        /* a bad descriptor: the call says so */
    if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
        k = FD_FILE;
    else if (S_ISSOCK(st.st_mode))
        k = FD_SOCKET;
    else if (S_ISFIFO(st.st_mode))
        k = FD_PIPE;
    else if (S_ISCHR(st.st_mode) && major(st.st_rdev) == 1 &&
             (minor(st.st_rdev) == 3 || minor(st.st_rdev) == 5 || minor(st.st_rdev) == 7 ||
              minor(st.st_rdev) == 8 || minor(st.st_rdev) == 9))
        k = FD_NEVER_WAITS;
    else
        k = FD_OTHER;
    CMM_STORE_SHARED(fd_run[fd], 0);
    CMM_STORE_SHARED(fd_doubt[fd], 0);
    set_kind(fd, k);
    return k;
}

static int trusted(int fd)
{
    return CMM_LOAD_SHARED(fd_run[fd]) >= TRUST_RUN << CMM_LOAD_SHARED(fd_doubt[fd]);
}

/* A try of a pipe: r, counted. */
static ssize_t counted(int fd, ssize_t r)
{
    unsigned short run = CMM_LOAD_SHARED(fd_run[fd]);

    if (r >= 0 && run < USHRT_MAX)
        CMM_STORE_SHARED(fd_run[fd], run + 1);
    else if (r < 0 && sys_errno() == EAGAIN && run)
        CMM_STORE_SHARED(fd_run[fd], 0);
    return r;
}

static void doubt(int fd)
{
    unsigned char d = CMM_LOAD_SHARED(fd_doubt[fd]);

    CMM_STORE_SHARED(fd_run[fd], 0);
    if (d < DOUBT_MAX)
        CMM_STORE_SHARED(fd_doubt[fd], d + 1);
}

/* Would-block: 1 wait, 0 give the caller EAGAIN (its own non-blocking
   descriptor). */
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

/* The system call nr(fd, a, b) as it is, a marked call (a spare may take
   the VP while the kernel holds the task: sched/call.c); *lost: it was
   taken. The C library's read and write are this but for their
   cancellation (a ULT is no pthread to cancel); errno set once the ULT
   is where it goes on. */
static inline ssize_t marked_call(int fd, long nr, long a, long b, int *lost)
{
    struct sched_call c;
    long r;

    sched_call_enter(&c, 0);
    r = base_raw_syscall6(nr, fd, a, b, 0, 0, 0);
    *lost = sched_call_exit(&c);
    if ((unsigned long)r > -4096UL) {
        sys_set_errno((int)-r);
        return -1;
    }
    return r;
}

static ssize_t marked_rw(int fd, const struct iovec *iov, int n, int wr, int *lost)
{
    int l;

    if (!lost)
        lost = &l;
    if (n == 1)
        return marked_call(fd, wr ? SYS_write : SYS_read, (long)iov[0].iov_base,
                           (long)iov[0].iov_len, lost);
    return marked_call(fd, wr ? SYS_writev : SYS_readv, (long)iov, n, lost);
}

/* A socket's call with MSG_DONTWAIT: one system call, no dearer than the
   plain one (a read is a receive with no flags). */
static ssize_t sock_rw(int fd, const struct iovec *iov, int n, int wr)
{
    struct msghdr m = { .msg_iov = (struct iovec *)iov, .msg_iovlen = (size_t)n };

    if (n == 1)
        return wr ? sys_real.send(fd, iov[0].iov_base, iov[0].iov_len, MSG_DONTWAIT)
                  : sys_real.recv(fd, iov[0].iov_base, iov[0].iov_len, MSG_DONTWAIT);
    return wr ? sys_real.sendmsg(fd, &m, MSG_DONTWAIT) : sys_real.recvmsg(fd, &m, MSG_DONTWAIT);
}

/* preadv2/pwritev2 with RWF_NOWAIT, or, for a descriptor that refuses it,
   poll() first: then a read is made whole (the data is there), a write
   of at most PIPE_BUF bytes (POLLOUT on a pipe promises a free page, not
   room for more: a larger write could block the VP while its reader
   waits behind it); the caller's loop writes the rest. */
static ssize_t nowait_rw(int fd, const struct iovec *iov, int n, int wr, int k)
{
    ssize_t r;

    if (k & FD_POLL_FIRST) {
        struct pollfd p = { fd, (short)(wr ? POLLOUT : POLLIN), 0 };
        if (sys_real.poll(&p, 1, 0) == 0) {
            sys_set_errno(EAGAIN);
            return -1;
        }
        if (wr && iov[0].iov_len > PIPE_BUF) {
            struct iovec one = { iov[0].iov_base, PIPE_BUF };
            return marked_rw(fd, &one, 1, 1, NULL);
        }
        /* marked: another reader may have emptied it since */
        return marked_rw(fd, iov, n, wr, NULL);
    }
    r = wr ? pwritev2(fd, iov, n, -1, RWF_NOWAIT) : preadv2(fd, iov, n, -1, RWF_NOWAIT);
    if (r < 0 && (sys_errno() == EOPNOTSUPP || sys_errno() == EINVAL || sys_errno() == ESPIPE)) {
        set_kind(fd, k | FD_POLL_FIRST);
        return nowait_rw(fd, iov, n, wr, k | FD_POLL_FIRST);
    }
    return r;
}

/* The fast path: fd's kind says its calls are made as they are (a memory
   device, a trusted pipe). Cost: a load, two for a pipe. */
static inline int as_it_is(int fd)
{
    int k;

    if ((unsigned)fd >= KINDS)
        return 0;
    k = CMM_LOAD_SHARED(fd_kind[fd]) & FD_KIND;
    return k == FD_NEVER_WAITS || (k == FD_PIPE && trusted(fd));
}

int sys_wrong_guesses;          /* process-wide (tests) */

/* A call made as it is waited after all (a hand-off): the kind was
   wrong. */
static void guessed_wrong(int fd)
{
    uatomic_inc(&sys_wrong_guesses);
    if ((CMM_LOAD_SHARED(fd_kind[fd]) & FD_KIND) == FD_PIPE)
        doubt(fd);
    else
        set_kind(fd, FD_UNKNOWN);
}

/* The call as it is, marked: a ready pipe at the C library's cost and
   a store and a CAS on the VP's call word. */
static ssize_t as_it_is_call(int fd, long nr, long a, long b)
{
    int lost;
    ssize_t r = marked_call(fd, nr, a, b, &lost);

    if (__builtin_expect(lost, 0))
        guessed_wrong(fd);
    return r;
}

static ssize_t marked_as_it_is(int fd, const struct iovec *iov, int n, int wr)
{
    if (n == 1)
        return as_it_is_call(fd, wr ? SYS_write : SYS_read, (long)iov[0].iov_base,
                             (long)iov[0].iov_len);
    return as_it_is_call(fd, wr ? SYS_writev : SYS_readv, (long)iov, n);
}

/* The try that cannot block, as fd's kind says: >= 0 done, -1 with errno
   (EAGAIN: would block). A memory device and a trusted pipe get the call
   itself, which may block after all if the kind is stale: marked, so
   that its VP goes to a spare meanwhile. */
static ssize_t try_rw(int fd, const struct iovec *iov, int n, int wr, int k)
{
    ssize_t r;

    switch (k & FD_KIND) {
    case FD_NEVER_WAITS:
        return marked_as_it_is(fd, iov, n, wr);
    case FD_FILE:
        if (k & FD_POLL_FIRST)  /* poll() says a file is always ready */
            return marked_rw(fd, iov, n, wr, NULL);
        return nowait_rw(fd, iov, n, wr, k);
    case FD_SOCKET:
        r = sock_rw(fd, iov, n, wr);
        if (r < 0 && sys_errno() == ENOTSOCK) {
            set_kind(fd, FD_UNKNOWN);
            if ((k = kind_of(fd)) != FD_SOCKET)
                return try_rw(fd, iov, n, wr, k);
        }
        return r;
    case FD_PIPE:
        if (trusted(fd))
            return marked_as_it_is(fd, iov, n, wr);
        return counted(fd, nowait_rw(fd, iov, n, wr, k));
    default:
        return nowait_rw(fd, iov, n, wr, k);
    }
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
        int k = kind_of(fd);
        /* gen < 0: a number beyond the poller's records */
        ssize_t r = gen < 0 ? marked_rw(fd, iov, n, wr, NULL) : try_rw(fd, iov, n, wr, k);

        if (r < 0 && gen >= 0 && sys_errno() == EAGAIN) {
            /* a file waits for the disk, O_NONBLOCK or not */
            if ((k & FD_KIND) != FD_FILE) {
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
            }
            r = marked_rw(fd, iov, n, wr, NULL);
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
    if (as_it_is(fd))
        return as_it_is_call(fd, SYS_read, (long)buf, (long)len);
    return rw(fd, &v, 1, 0);
}

API ssize_t write(int fd, const void *buf, size_t len)
{
    struct iovec v = { (void *)buf, len };

    if (!sys_as_ult() || len == 0)
        return sys_real.write(fd, buf, len);
    if (as_it_is(fd))
        return as_it_is_call(fd, SYS_write, (long)buf, (long)len);
    return rw(fd, &v, 1, 1);
}

API ssize_t readv(int fd, const struct iovec *iov, int n)
{
    if (!sys_as_ult() || n <= 0 || n > IOV_MAX)
        return sys_real.readv(fd, iov, n);
    if (as_it_is(fd))
        return marked_as_it_is(fd, iov, n, 0);
    return rw(fd, iov, n, 0);
}

API ssize_t writev(int fd, const struct iovec *iov, int n)
{
    if (!sys_as_ult() || n <= 0 || n > IOV_MAX || total(iov, n) == 0)
        return sys_real.writev(fd, iov, n);
    if (as_it_is(fd))
        return marked_as_it_is(fd, iov, n, 1);
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

/* A new socket's number may be one the C library closed for itself. */
static int accepted(int fd)
{
    set_kind(fd, FD_SOCKET);
    return fd;
}

/* accept: asked with poll() first (it has no flag that cannot block). */
static int accept_as_ult(int fd, struct sockaddr *a, socklen_t *al, int fl, int four)
{
    for (;;) {
        long gen = sched_poll_gen(fd, SCHED_POLL_IN);
        struct pollfd p = { fd, POLLIN, 0 };
        int k = gen < 0 ? 1 : sys_real.poll(&p, 1, 0);
        if (k != 0 || after_eagain(fd) <= 0)
            return accepted(four ? sys_real.accept4(fd, a, al, fl) : sys_real.accept(fd, a, al));
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
        set_kind(fd, FD_UNKNOWN);
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
