/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sys/real.c - the C library's own functions behind ours, found once as
 * the library loads (dlsym with RTLD_NEXT: the next definition after
 * libmltp's, the C library's), never in a signal handler or a ULT. A
 * program linked statically has no such lookup: the system call then. */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "sys/sys.h"

int sys_direct;

static int raw_nanosleep(const struct timespec *req, struct timespec *rem)
{
    return (int)syscall(SYS_nanosleep, req, rem);
}

static int raw_clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                               struct timespec *rem)
{
    long r = syscall(SYS_clock_nanosleep, c, flags, req, rem);
    return r < 0 ? errno : 0;
}

struct sys_real sys_real = { raw_nanosleep, raw_clock_nanosleep };

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
}
