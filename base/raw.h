/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/raw.h - the library's own system calls, reads, writes and closes
 * among them: raw. libmltp defines syscall(), read(), write() and close()
 * for the program (sys/), and a call of the library's own must neither
 * wait as a ULT (it may hold a spin lock) nor come back into MLTP. */
#ifndef BASE_RAW_H
#define BASE_RAW_H

#include <errno.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

/* The system call instruction itself: libmltp also defines syscall() for
   the program (sys/call.c: a ULT's call whose VP may be handed to a
   spare), and the library's own calls (the janitor's, the reaper's, a
   VP's with a spin lock held) must not be marked or come back into MLTP.
   Returns what the kernel returns (-errno on failure). */
static inline long base_raw_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
#if defined(__x86_64__)
    register long r10 __asm__("r10") = d, r8 __asm__("r8") = e, r9 __asm__("r9") = f;
    long r;
    __asm__ volatile("syscall"
                     : "=a"(r)
                     : "a"(n), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8), "r"(r9)
                     : "rcx", "r11", "memory");
    return r;
#elif defined(__aarch64__)
    register long x8 __asm__("x8") = n, x0 __asm__("x0") = a, x1 __asm__("x1") = b,
                  x2 __asm__("x2") = c, x3 __asm__("x3") = d, x4 __asm__("x4") = e,
                  x5 __asm__("x5") = f;
    __asm__ volatile("svc 0"
                     : "+r"(x0)
                     : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
                     : "memory");
    return x0;
#else
#error "base_raw_syscall6: no system call instruction for this architecture"
#endif
}

/* As glibc's syscall(): -1 with errno on failure. */
static inline long base_syscall_errno(long r)
{
    if ((unsigned long)r > -4096UL) {
        errno = (int)-r;
        return -1;
    }
    return r;
}

#define BASE_SC_(n, a, b, c, d, e, f, ...)                                        \
    base_syscall_errno(base_raw_syscall6((long)(n), (long)(a), (long)(b), (long)(c), \
                                         (long)(d), (long)(e), (long)(f)))
/* base_syscall(SYS_x, up to 6 arguments), for the library's own calls */
#define base_syscall(...) BASE_SC_(__VA_ARGS__, 0, 0, 0, 0, 0, 0, 0)

static inline ssize_t base_raw_read(int fd, void *buf, size_t n)
{
    return base_syscall(SYS_read, fd, buf, n);
}

static inline ssize_t base_raw_write(int fd, const void *buf, size_t n)
{
    return base_syscall(SYS_write, fd, buf, n);
}

static inline int base_raw_close(int fd)
{
    return (int)base_syscall(SYS_close, fd);
}

#endif
