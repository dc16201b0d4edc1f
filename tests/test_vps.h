/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_vps.h - MLTP_TEST_VPS=n runs the test cases that exist to run on
 * several VPs on n VPs instead (make check-repeat runs them on 2 and on 4).
 * Cases whose meaning needs one VP or a count of their own (exact orders,
 * solo mode, pinning) do not call several_vps() and keep theirs. Unset or
 * empty: every case keeps its own count.
 *
 * It includes nothing: tests/legacy.c includes nothing but <mltp.h>
 * (which brings stdio.h and stdlib.h) before it, to check what that header
 * declares. Every includer has stdio.h and stdlib.h. For the same reason
 * several_vps() is a static function here, not in tests/libprogutil.a:
 * legacy links nothing but the library, as a user's program does.
 */
#ifndef MLTP_TESTS_TEST_VPS_H
#define MLTP_TESTS_TEST_VPS_H

/* Above this, tests/test_ult.c's bit masks of VP ids and the helpers'
   fixed arrays would overflow; the point is 2 and 4 anyway. */
#define TEST_VPS_MAX 16

/* The VP count of a case that runs on several VPs: `own` (the case's own
   count, 2 or more), or MLTP_TEST_VPS. A value that is not a count from
   2 to TEST_VPS_MAX ends the program with status 2: a test that quietly
   ran on other counts than asked would prove nothing. */
static __attribute__((unused)) int several_vps(int own)
{
    const char *s = getenv("MLTP_TEST_VPS");
    char *end;
    long n;

    if (!s || !*s)
        return own;
    n = strtol(s, &end, 10);
    if (*end || n < 2 || n > TEST_VPS_MAX) {
        fprintf(stderr, "MLTP_TEST_VPS=%s: not a VP count from 2 to %d\n", s,
                TEST_VPS_MAX);
        exit(2);
    }
    return (int)n;
}

#endif /* MLTP_TESTS_TEST_VPS_H */
