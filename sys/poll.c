/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/poll.c - poll, ppoll, select and pselect from a ULT: when nothing
 * is ready the ULT waits in MLTP's poller for all of its descriptors and
 * its timeout at once (sched_poll_wait_many, one claim), and its VP runs
 * others. Each round reads the descriptors' event counts, then asks the
 * C library's call with a zero timeout: what it says is the answer, as
 * are its errors (EFAULT, EINVAL, POLLNVAL for a descriptor closed
 * meanwhile). A signal handled by the VP while it waited gives EINTR
 * (these calls never restart). select() writes the time left, as Linux's
 * does. What cannot wait so makes the blocking call with the time left,
 * and holds the VP: a signal mask to wait under (ppoll's and pselect's:
 * it would be the whole VP's), select() beyond FD_SETSIZE, a semaphore
 * lock held, no memory for the wait. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "sys/sys.h"

#define API __attribute__((visibility("default")))
#define NS 1000000000L
#define SMALL 16

/* The deadline after t (NULL: none, -1), saturated */
static long deadline_after(const struct timespec *t)
{
    long now = base_now_ns();

    if (!t)
        return -1;
    if (t->tv_sec >= (LONG_MAX - now - NS) / NS)
        return LONG_MAX - 1;
    return now + t->tv_sec * NS + t->tv_nsec;
}

static struct timespec left_until(long deadline)
{
    long ns = deadline - base_now_ns();

    if (ns < 0)
        ns = 0;
    return (struct timespec){ ns / NS, ns % NS };
}

/* One call being waited for: its zero-timeout try, and its blocking call
   with the time left. */
struct call {
    int (*try_now)(struct call *c);
    int (*in_kernel)(struct call *c, long deadline);
    struct pollfd *fds;
    nfds_t nfds;
    int n;
    fd_set *set[3], orig[3];
};

/* The sources' counts read, then the try, until it says something or the
   deadline passes; between, the wait. */
static int wait_for(struct call *c, struct sched_poll_src *src, int n, long deadline)
{
    for (;;) {
        int r, e;
        for (int i = 0; i < n; i++)
            src[i].gen = sched_poll_gen(src[i].fd, src[i].what);
        if ((r = c->try_now(c)) != 0)
            return r;
        if (deadline >= 0 && base_now_ns() >= deadline)
            return 0;
        e = n == 0 && deadline < 0 ? EAGAIN : sched_poll_wait_many(src, n, deadline);
        if (e == 0)
            continue;
        if (e == ETIMEDOUT)
            return c->try_now(c);
        if (e == EINTR) {
            sys_set_errno(EINTR);
            return -1;
        }
        return c->in_kernel(c, deadline);
    }
}

/* ---- poll and ppoll ----------------------------------------------------- */

static int poll_try(struct call *c)
{
    return sys_real.poll(c->fds, c->nfds, 0);
}

static int poll_in_kernel(struct call *c, long deadline)
{
    struct timespec t = left_until(deadline);

    return sys_real.ppoll(c->fds, c->nfds, deadline < 0 ? NULL : &t, NULL);
}

static int poll_wait(struct pollfd *fds, nfds_t nfds, long deadline)
{
    struct sched_poll_src small[SMALL], *src = small;
    struct call c = { poll_try, poll_in_kernel, fds, nfds, 0, { 0 }, { { { 0 } } } };
    int n = 0, r;

    if (nfds > (nfds_t)INT_MAX / 2)
        return poll_in_kernel(&c, deadline);    /* EINVAL */
    if (nfds > SMALL / 2 && !(src = malloc(sizeof *src * 2 * nfds)))
        return poll_in_kernel(&c, deadline);
    for (nfds_t i = 0; i < nfds; i++) {
        short ev = fds[i].events;
        int in = (ev & ~(POLLOUT | POLLWRNORM | POLLWRBAND)) || !ev;
        if (fds[i].fd < 0)
            continue;
        if (sched_poll_gen(fds[i].fd, SCHED_POLL_IN) < 0) {
            n = -1;             /* beyond the poller's records */
            break;
        }
        if (in)                 /* errors and hang-ups come as IN events */
            src[n++] = (struct sched_poll_src){ fds[i].fd, SCHED_POLL_IN, 0 };
        if (ev & (POLLOUT | POLLWRNORM | POLLWRBAND))
            src[n++] = (struct sched_poll_src){ fds[i].fd, SCHED_POLL_OUT, 0 };
    }
    r = n < 0 ? poll_in_kernel(&c, deadline) : wait_for(&c, src, n, deadline);
    if (src != small)
        free(src);
    return r;
}

API int poll(struct pollfd *fds, nfds_t nfds, int timeout)
{
    if (!sys_as_ult() || timeout == 0)
        return sys_real.poll(fds, nfds, timeout);
    return poll_wait(fds, nfds, timeout < 0 ? -1 : base_now_ns() + timeout * 1000000L);
}

API int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *t, const sigset_t *mask)
{
    if (!sys_as_ult() || mask || (t && (t->tv_sec < 0 || t->tv_nsec < 0 || t->tv_nsec >= NS)) ||
        (t && !t->tv_sec && !t->tv_nsec))
        return sys_real.ppoll(fds, nfds, t, mask);
    return poll_wait(fds, nfds, deadline_after(t));
}

/* ---- select and pselect --------------------------------------------- */

/* the caller's sets as they were given */
static void sets_back(struct call *c)
{
    for (int k = 0; k < 3; k++)
        if (c->set[k])
            *c->set[k] = c->orig[k];
}

static int select_try(struct call *c)
{
    struct timeval zero = { 0, 0 };

    sets_back(c);
    return sys_real.select(c->n, c->set[0], c->set[1], c->set[2], &zero);
}

static int select_in_kernel(struct call *c, long deadline)
{
    struct timespec t = left_until(deadline);

    sets_back(c);
    return sys_real.pselect(c->n, c->set[0], c->set[1], c->set[2], deadline < 0 ? NULL : &t, NULL);
}

static int select_wait(int n, fd_set *r, fd_set *w, fd_set *e, long deadline)
{
    struct sched_poll_src small[SMALL], *src = small;
    struct call c = { select_try, select_in_kernel, NULL, 0, n, { r, w, e }, { { { 0 } } } };
    int k = 0, res;

    for (int i = 0; i < 3; i++)
        if (c.set[i])
            c.orig[i] = *c.set[i];
    for (int fd = 0; fd < n; fd++) {
        int in = (r && FD_ISSET(fd, r)) || (e && FD_ISSET(fd, e)), out = w && FD_ISSET(fd, w);
        if (!in && !out)
            continue;
        if (k + 2 > SMALL && src == small) {
            if (!(src = malloc(sizeof *src * 2 * (size_t)n)))
                return select_in_kernel(&c, deadline);
            memcpy(src, small, sizeof *src * (size_t)k);
        }
        if (in)
            src[k++] = (struct sched_poll_src){ fd, SCHED_POLL_IN, 0 };
        if (out)
            src[k++] = (struct sched_poll_src){ fd, SCHED_POLL_OUT, 0 };
    }
    res = wait_for(&c, src, k, deadline);
    if (res < 0 && sys_errno() == EINTR)
        sets_back(&c);          /* as the kernel leaves them */
    if (src != small)
        free(src);
    return res;
}

API int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *tv)
{
    long deadline;
    int res, err;

    if (!sys_as_ult() || n < 0 || n > FD_SETSIZE ||
        (tv && (tv->tv_sec < 0 || tv->tv_usec < 0 || tv->tv_usec >= 1000000 ||
                (!tv->tv_sec && !tv->tv_usec))))
        return sys_real.select(n, r, w, e, tv);
    if (tv) {
        struct timespec t = { tv->tv_sec, tv->tv_usec * 1000L };
        deadline = deadline_after(&t);
    } else {
        deadline = -1;
    }
    res = select_wait(n, r, w, e, deadline);
    if (tv) {                   /* the time left, as Linux writes it */
        struct timespec t = left_until(deadline);
        err = sys_errno();
        tv->tv_sec = t.tv_sec;
        tv->tv_usec = t.tv_nsec / 1000;
        sys_set_errno(err);
    }
    return res;
}

API int pselect(int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *t,
                const sigset_t *mask)
{
    if (!sys_as_ult() || mask || n < 0 || n > FD_SETSIZE ||
        (t && (t->tv_sec < 0 || t->tv_nsec < 0 || t->tv_nsec >= NS || (!t->tv_sec && !t->tv_nsec))))
        return sys_real.pselect(n, r, w, e, t, mask);
    return select_wait(n, r, w, e, deadline_after(t));
}
