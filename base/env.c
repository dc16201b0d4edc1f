/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/env.c - settings from the environment. */
#include <errno.h>
#include <stdlib.h>
#include "base/log.h"

long base_env_long(const char *name, long dflt, long min, long max)
{
    const char *s = secure_getenv(name);
    char *end;
    long v;

    if (!s || !*s)
        return dflt;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end || end == s || v < min || v > max || errno) {
        base_warn("ignoring %s=%s (a whole number from %ld to %ld)", name, s, min, max);
        return dflt;
    }
    return v;
}
