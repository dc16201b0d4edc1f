/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/env.c - settings from the environment. */
#include <errno.h>
#include <stdint.h>
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

/* "65536", "64k", "1M": bytes, or 0 if s is not such a size (digits
   only, then at most one suffix; 0 also on overflow). */
size_t base_parse_size(const char *s)
{
    unsigned long long v = 0;
    const char *p = s;

    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (~0ULL - 9) / 10)
            return 0;
        v = v * 10 + (unsigned long long)(*p - '0');
    }
    if (p == s)
        return 0;
    if (*p == 'k' || *p == 'K') {
        if (v > ~0ULL >> 10)
            return 0;
        v <<= 10, p++;
    } else if (*p == 'm' || *p == 'M') {
        if (v > ~0ULL >> 20)
            return 0;
        v <<= 20, p++;
    }
    return *p || v > SIZE_MAX ? 0 : (size_t)v;
}
