/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/fortify.c - the C library's fortified entry points of the calls
 * that wait as ULTs: a program built with _FORTIFY_SOURCE calls
 * __read_chk for a read() into a buffer of known size, and so on. Each
 * checks as the C library's does (a length beyond the buffer ends the
 * program, __chk_fail), then makes MLTP's call. */
#include "sys/sys.h"

#define API __attribute__((visibility("default")))

extern void __chk_fail(void) __attribute__((noreturn));

API ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen);
API ssize_t __recv_chk(int fd, void *buf, size_t len, size_t buflen, int flags);
API ssize_t __recvfrom_chk(int fd, void *buf, size_t len, size_t buflen, int flags,
                           struct sockaddr *from, socklen_t *fromlen);
API int __poll_chk(struct pollfd *fds, nfds_t nfds, int timeout, size_t fdslen);
API int __ppoll_chk(struct pollfd *fds, nfds_t nfds, const struct timespec *t,
                    const sigset_t *mask, size_t fdslen);

API ssize_t __read_chk(int fd, void *buf, size_t len, size_t buflen)
{
    if (len > buflen)
        __chk_fail();
    return read(fd, buf, len);
}

API ssize_t __recv_chk(int fd, void *buf, size_t len, size_t buflen, int flags)
{
    if (len > buflen)
        __chk_fail();
    return recv(fd, buf, len, flags);
}

API ssize_t __recvfrom_chk(int fd, void *buf, size_t len, size_t buflen, int flags,
                           struct sockaddr *from, socklen_t *fromlen)
{
    if (len > buflen)
        __chk_fail();
    return recvfrom(fd, buf, len, flags, from, fromlen);
}

API int __poll_chk(struct pollfd *fds, nfds_t nfds, int timeout, size_t fdslen)
{
    if (fdslen / sizeof *fds < nfds)
        __chk_fail();
    return poll(fds, nfds, timeout);
}

API int __ppoll_chk(struct pollfd *fds, nfds_t nfds, const struct timespec *t,
                    const sigset_t *mask, size_t fdslen)
{
    if (fdslen / sizeof *fds < nfds)
        __chk_fail();
    return ppoll(fds, nfds, t, mask);
}
