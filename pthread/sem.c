/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/sem.c - unnamed semaphores: the value word, a count of waiters
 * (a post with nobody waiting writes nothing more), and a mark that tells
 * ours from the C library's named ones (sem_open's), whose calls go to
 * the C library (they block the VP, as they must work across processes).
 * A waiter counts itself, then waits while the value is 0: a post raises
 * the value, then reads the count (both sequentially consistent).
 * Process-shared unnamed semaphores are refused (ENOTSUP). */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <semaphore.h>
#include <stddef.h>
#include "pthread/pt.h"

#define MARK 0x4d4c5450u        /* "MLTP": sem_open's semaphores have 0 there */

struct pt_sem {
    unsigned int value;
    unsigned int waiters;
    unsigned int pad[2];        /* where glibc keeps its own fields */
    unsigned int mark;
};
PT_FITS(struct pt_sem, sem_t);
#define S(s) ((struct pt_sem *)(void *)(s))

static struct {
    int (*wait)(sem_t *);
    int (*trywait)(sem_t *);
    int (*timedwait)(sem_t *, const struct timespec *);
    int (*clockwait)(sem_t *, clockid_t, const struct timespec *);
    int (*post)(sem_t *);
    int (*getvalue)(sem_t *, int *);
} libc;

__attribute__((constructor)) static void find_libc(void)
{
    libc.wait = (int (*)(sem_t *))dlsym(RTLD_NEXT, "sem_wait");
    libc.trywait = (int (*)(sem_t *))dlsym(RTLD_NEXT, "sem_trywait");
    libc.timedwait = (int (*)(sem_t *, const struct timespec *))dlsym(RTLD_NEXT, "sem_timedwait");
    libc.clockwait = (int (*)(sem_t *, clockid_t, const struct timespec *))dlsym(RTLD_NEXT,
                                                                                 "sem_clockwait");
    libc.post = (int (*)(sem_t *))dlsym(RTLD_NEXT, "sem_post");
    libc.getvalue = (int (*)(sem_t *, int *))dlsym(RTLD_NEXT, "sem_getvalue");
}

static int ours(sem_t *s)
{
    return S(s)->mark == MARK;
}

static int fail(int e)
{
    errno = e;
    return -1;
}

PT_API int sem_init(sem_t *s, int pshared, unsigned int value)
{
    if (value > SEM_VALUE_MAX)
        return fail(EINVAL);
    if (pshared)
        return fail(ENOTSUP);
    *S(s) = (struct pt_sem){ .value = value, .mark = MARK };
    return 0;
}

PT_API int sem_destroy(sem_t *s)
{
    if (!ours(s))
        return fail(EINVAL);
    S(s)->mark = 0;
    return 0;
}

static int try_take(struct pt_sem *s)
{
    unsigned int v = __atomic_load_n(&s->value, __ATOMIC_RELAXED);

    while (v > 0)
        if (__atomic_compare_exchange_n(&s->value, &v, v - 1, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED))
            return 1;
    return 0;
}

static int take(sem_t *ps, clockid_t c, const struct timespec *abstime, int timed)
{
    struct pt_sem *s = S(ps);
    long deadline = -1;
    int e;

    pt_testcancel(pt_self());
    if (try_take(s))
        return 0;
    if (timed && (e = pt_deadline(c, abstime, &deadline)) != 0)
        return fail(e);
    for (;;) {
        __atomic_add_fetch(&s->waiters, 1, __ATOMIC_SEQ_CST);
        e = __atomic_load_n(&s->value, __ATOMIC_SEQ_CST) ? 0 : pt_wait_cancellable(&s->value, 0, deadline);
        __atomic_sub_fetch(&s->waiters, 1, __ATOMIC_SEQ_CST);
        if (try_take(s))
            return 0;
        if (e == ECANCELED)
            pt_exit(pt_self(), PTHREAD_CANCELED);
        if (e == ETIMEDOUT || e == EINTR)
            return fail(e);
    }
}

PT_API int sem_wait(sem_t *s)
{
    return ours(s) ? take(s, CLOCK_REALTIME, NULL, 0) : libc.wait(s);
}

PT_API int sem_timedwait(sem_t *s, const struct timespec *abstime)
{
    return ours(s) ? take(s, CLOCK_REALTIME, abstime, 1) : libc.timedwait(s, abstime);
}

PT_API int sem_clockwait(sem_t *s, clockid_t c, const struct timespec *abstime)
{
    return ours(s) ? take(s, c, abstime, 1) : libc.clockwait(s, c, abstime);
}

PT_API int sem_trywait(sem_t *s)
{
    if (!ours(s))
        return libc.trywait(s);
    return try_take(S(s)) ? 0 : fail(EAGAIN);
}

PT_API int sem_post(sem_t *ps)
{
    struct pt_sem *s = S(ps);
    unsigned int v;

    if (!ours(ps))
        return libc.post(ps);
    v = __atomic_load_n(&s->value, __ATOMIC_RELAXED);
    do {
        if (v >= SEM_VALUE_MAX)
            return fail(EOVERFLOW);
    } while (!__atomic_compare_exchange_n(&s->value, &v, v + 1, 0, __ATOMIC_SEQ_CST,
                                          __ATOMIC_RELAXED));
    if (__atomic_load_n(&s->waiters, __ATOMIC_SEQ_CST))
        mltp_word_wake(&s->value, 1);
    return 0;
}

PT_API int sem_getvalue(sem_t *s, int *value)
{
    if (!ours(s))
        return libc.getvalue(s, value);
    *value = (int)__atomic_load_n(&S(s)->value, __ATOMIC_RELAXED);
    return 0;
}
