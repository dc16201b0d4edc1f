/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/raw.h - the library's own reads, writes and closes: raw system
 * calls. libmltp defines read(), write() and close() for the program
 * (sys/), and a call of the library's own must neither wait as a ULT (it
 * may hold a spin lock) nor come back into MLTP. */
#ifndef BASE_RAW_H
#define BASE_RAW_H

#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline ssize_t base_raw_read(int fd, void *buf, size_t n)
{
    return syscall(SYS_read, fd, buf, n);
}

static inline ssize_t base_raw_write(int fd, const void *buf, size_t n)
{
    return syscall(SYS_write, fd, buf, n);
}

static inline int base_raw_close(int fd)
{
    return (int)syscall(SYS_close, fd);
}

#endif
