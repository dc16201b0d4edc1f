/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * legacy.c - source compatibility with the original MLTP header:
 * a program written for the original API, which includes nothing but
 * <mltp.h>.
 *
 * (a) the original names: mltp_lock_class_t (the lock classes' typedef),
 *     mltp_type_t with MLTP_THREAD_UNBOUND and MLTP_THREAD_BOUND, and a
 *     handle's `type` field, which says which kind of thread it is;
 * (b) what the original header included (stdio.h, stdlib.h, unistd.h,
 *     sys/time.h, errno.h, signal.h, stdarg.h): atof, printf, getpid,
 *     gettimeofday, malloc, free, exit, va_list, errno and signal() are
 *     used with no other include. The build uses
 *     -Werror=implicit-function-declaration, so a missing declaration
 *     fails it (GCC 14 refuses such code anyway; GCC 12 would call atof
 *     as an int function and get garbage);
 * (c) mltp_vcreate with nbytes counted the 32-bit way (sizeof(int) per
 *     int): every register argument must arrive whatever nbytes says;
 *     8 doubles; ints and doubles mixed; and more integer arguments than
 *     registers, with nbytes counted in qt_word_t as documented;
 * (d) the same file is also built with -std=c2x (tests/legacy_c2x): the
 *     legacy thread type mltp_vuserf_t, called with arguments, must stay
 *     usable in C23 mode, where () means (void).
 *
 * Prints "FAIL: ..." for every check that fails and exits 1 if any did.
 * No string.h: legacy programs of the time did not always include it.
 * The start on 2 VPs runs on MLTP_TEST_VPS when set (test_vps.h, which
 * includes nothing).
 */
#include <mltp.h>
#include "test_vps.h"

static int failures;

static void fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    failures++;
}

/* ---- (a) the original type names ------------------------------------ */

static int class_seen = -1;

static void f(mltp_lock_class_t c)
{
    class_seen = (int)c;
}

static mltp_type_t type_in_ult = (mltp_type_t)-1;

static void *unbound_fn(void *p)
{
    mltp_t *self = mltp_self();
    (void)p;
    if (self)
        type_in_ult = self->type;
    return NULL;
}

static void bound_fn(void *p)
{
    (void)p;
}

/* what is MLTP_THREAD_UNBOUND or MLTP_THREAD_BOUND, as want says */
static void type_is(const char *what, mltp_type_t type, mltp_type_t want)
{
    if (type != want)
        fail("%s is %d, expected %s (%d)", what, (int)type,
             want == MLTP_THREAD_BOUND ? "MLTP_THREAD_BOUND" : "MLTP_THREAD_UNBOUND",
             (int)want);
}

static void check_types(void)
{
    mltp_type_t unbound = MLTP_THREAD_UNBOUND, bound = MLTP_THREAD_BOUND;
    mltp_lock_t l;

    if (unbound == bound)
        fail("MLTP_THREAD_UNBOUND == MLTP_THREAD_BOUND (%d)", (int)unbound);
    f(MLTP_LOCK_BLOCK_FRONT);
    if (class_seen != MLTP_LOCK_BLOCK_FRONT)
        fail("f(mltp_lock_class_t) got %d, expected %d", class_seen,
             MLTP_LOCK_BLOCK_FRONT);
    if (mltp_lock_init(&l, (mltp_lock_class_t)MLTP_LOCK_SPIN) != 0)
        fail("mltp_lock_init(SPIN) failed");

    mltp_t *u = mltp_create(unbound_fn, NULL);
    if (!u) {
        fail("mltp_create failed");
        return;
    }
    type_is("an unbound handle's type", u->type, MLTP_THREAD_UNBOUND);
    mltp_start(1);
    type_is("an ended unbound handle's type", u->type, MLTP_THREAD_UNBOUND);
    type_is("mltp_self()->type in a ULT", type_in_ult, MLTP_THREAD_UNBOUND);
    free(u);

    mltp_t *b = mltp_create_bound(bound_fn, NULL, 0, NULL);
    if (!b) {
        fail("mltp_create_bound failed");
        return;
    }
    type_is("a bound handle's type", b->type, MLTP_THREAD_BOUND);
    mltp_join_bound(*b);
    free(b);
}

/* ---- (b) what the original header included --------------------------- */

static volatile sig_atomic_t got_signal;

static void on_usr1(int sig)
{
    got_signal = sig;
}

static int sum_ints(int n, ...)
{
    va_list ap;
    int s = 0;
    va_start(ap, n);
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static void check_libc(void)
{
    struct timeval tv;
    double x = atof("0.125");

    if (x != 0.125)
        fail("atof(\"0.125\") = %g, expected 0.125", x);
    if (getpid() <= 0)
        fail("getpid() = %d", (int)getpid());
    if (gettimeofday(&tv, NULL) != 0 || tv.tv_sec <= 0)
        fail("gettimeofday failed");
    char *m = malloc(64);
    if (!m)
        fail("malloc(64) returned NULL");
    for (int i = 0; m && i < 64; i++)
        m[i] = (char)i;
    free(m);
    if (sum_ints(3, 1, 2, 39) != 42)
        fail("va_list: sum_ints gave %d", sum_ints(3, 1, 2, 39));
    errno = 0;
    if (mltp_join(NULL, NULL) != EINVAL)
        fail("mltp_join(NULL) did not return EINVAL");
    errno = EAGAIN;
    if (errno != EAGAIN)
        fail("errno does not hold EAGAIN");
    if (signal(SIGUSR1, on_usr1) == SIG_ERR)
        fail("signal(SIGUSR1) failed");
    raise(SIGUSR1);
    if (got_signal != SIGUSR1)
        fail("the SIGUSR1 handler did not run (got %d)", (int)got_signal);
    signal(SIGUSR1, SIG_DFL);
}

/* ---- (c) mltp_vcreate --------------------------------------------------- */

static int six[6];
static double eight[8];
static int m_i[6];
static double m_d[3];
static long ten[10];
static int two_sum;

static void *six_ints(int a, int b, int c, int d, int e, int g)
{
    six[0] = a, six[1] = b, six[2] = c, six[3] = d, six[4] = e, six[5] = g;
    return NULL;
}

static void *eight_doubles(double a, double b, double c, double d, double e,
                           double g, double h, double i)
{
    eight[0] = a, eight[1] = b, eight[2] = c, eight[3] = d;
    eight[4] = e, eight[5] = g, eight[6] = h, eight[7] = i;
    return NULL;
}

/* six ints (two of them past the four registers mltp_vcreate has for
   them) and three doubles */
static void *mixed(int a, double b, int c, double d, int e, int g, double h,
                   int i, int j)
{
    m_i[0] = a, m_i[1] = c, m_i[2] = e, m_i[3] = g, m_i[4] = i, m_i[5] = j;
    m_d[0] = b, m_d[1] = d, m_d[2] = h;
    return NULL;
}

static void *ten_longs(long a0, long a1, long a2, long a3, long a4, long a5,
                       long a6, long a7, long a8, long a9)
{
    ten[0] = a0, ten[1] = a1, ten[2] = a2, ten[3] = a3, ten[4] = a4;
    ten[5] = a5, ten[6] = a6, ten[7] = a7, ten[8] = a8, ten[9] = a9;
    return NULL;
}

static void *two_ints(int a, int b)
{
    two_sum = a + b;
    return (void *)(long)(a + b);
}

static void check_vcreate(void)
{
    /* the legacy thread type, called with arguments (what C23's "()
       means (void)" would break) */
    mltp_vuserf_t *fp = (mltp_vuserf_t *)two_ints;
    if (fp(20, 22) != (void *)42L || two_sum != 42)
        fail("a call through mltp_vuserf_t * gave %d, expected 42", two_sum);

    mltp_t *t[4];
    t[0] = mltp_vcreate((mltp_vuserf_t *)six_ints, (int)(6 * sizeof(int)),
                        1, 2, 3, 4, 5, 6);
    t[1] = mltp_vcreate((mltp_vuserf_t *)eight_doubles, (int)(8 * sizeof(double)),
                        0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5);
    t[2] = mltp_vcreate((mltp_vuserf_t *)mixed,
                        (int)(6 * sizeof(int) + 3 * sizeof(double)),
                        11, 0.25, 12, 0.75, 13, 14, 1.25, 15, 16);
    t[3] = mltp_vcreate((mltp_vuserf_t *)ten_longs, (int)(10 * sizeof(qt_word_t)),
                        100L, 101L, 102L, 103L, 104L, 105L, 106L, 107L, 108L,
                        109L);
    for (int i = 0; i < 4; i++)
        if (!t[i])
            fail("mltp_vcreate #%d returned NULL (errno %d)", i, errno);
    mltp_start(several_vps(2));
    for (int i = 0; i < 4; i++)
        free(t[i]);

    for (int i = 0; i < 6; i++)
        if (six[i] != i + 1)
            fail("six ints, nbytes = 6 * sizeof(int): argument %d is %d, "
                 "expected %d", i + 1, six[i], i + 1);
    for (int i = 0; i < 8; i++)
        if (eight[i] != i + 0.5)
            fail("eight doubles: argument %d is %g, expected %g", i + 1,
                 eight[i], i + 0.5);
    static const int mi[6] = { 11, 12, 13, 14, 15, 16 };
    static const double md[3] = { 0.25, 0.75, 1.25 };
    for (int i = 0; i < 6; i++)
        if (m_i[i] != mi[i])
            fail("mixed, nbytes counted the 32-bit way: int argument %d is %d, "
                 "expected %d", i + 1, m_i[i], mi[i]);
    for (int i = 0; i < 3; i++)
        if (m_d[i] != md[i])
            fail("mixed: double argument %d is %g, expected %g", i + 1, m_d[i],
                 md[i]);
    for (int i = 0; i < 10; i++)
        if (ten[i] != 100 + i)
            fail("ten longs, nbytes = 10 * sizeof(qt_word_t): argument %d is "
                 "%ld, expected %d", i + 1, ten[i], 100 + i);
}

int main(void)
{
    several_vps(2);     /* a bad MLTP_TEST_VPS: status 2 before any check */
    mltp_init();
    check_types();
    check_libc();
    check_vcreate();
    if (failures) {
        printf("%d check(s) failed\n", failures);
        exit(1);
    }
    printf("legacy: all checks passed\n");
    exit(0);
}
