/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/log.c - the library's one-line messages. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "base/raw.h"
#include "base/log.h"

void base_warn(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    int n;

    memcpy(buf, "mltp: ", 6);
    va_start(ap, fmt);
    n = vsnprintf(buf + 6, sizeof buf - 7, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    n += 6;
    if (n > (int)sizeof buf - 2)
        n = sizeof buf - 2;
    buf[n++] = '\n';
    /* one write: the line is never interleaved with other output */
    if (base_raw_write(STDERR_FILENO, buf, (size_t)n) < 0)
        return;
}

const char *base_signame(int sig, char *buf, size_t n)
{
    const char *abbrev = sigabbrev_np(sig);
    snprintf(buf, n, "SIG%s (%s)", abbrev ? abbrev : "?", strsignal(sig));
    return buf;
}
