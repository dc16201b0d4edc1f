/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/cond.c - condition variables: a sequence word that each signal
 * and broadcast bumps, and a count of waiters, so that a signal with
 * nobody waiting writes nothing. A waiter reads the sequence and counts
 * itself while it holds the mutex, then gives the mutex up and waits
 * while the sequence is unchanged: a signal after that release (its
 * sender took the mutex, or came later) changes the word, so it is never
 * lost; a waiter that came after the signal does not take it, being
 * queued behind the ones woken first. Spurious wake-ups happen, as
 * POSIX allows. Process-shared conditions are refused (ENOTSUP). */
#include <errno.h>
#include <limits.h>
#include "pthread/pt.h"

struct pt_cond {
    unsigned int seq;
    unsigned int waiters;
    int clock;                  /* of timedwait: 0 is CLOCK_REALTIME */
};
PT_FITS(struct pt_cond, pthread_cond_t);
#define C(c) ((struct pt_cond *)(void *)(c))
#define A(a) ((int *)(void *)(a))

PT_API int pthread_condattr_init(pthread_condattr_t *a)
{
    *A(a) = CLOCK_REALTIME;
    return 0;
}

PT_API int pthread_condattr_destroy(pthread_condattr_t *a)
{
    (void)a;
    return 0;
}

PT_API int pthread_condattr_setclock(pthread_condattr_t *a, clockid_t clock)
{
    if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
        return EINVAL;
    *A(a) = clock;
    return 0;
}

PT_API int pthread_condattr_getclock(const pthread_condattr_t *a, clockid_t *clock)
{
    *clock = *(const int *)(const void *)a;
    return 0;
}

PT_API int pthread_condattr_setpshared(pthread_condattr_t *a, int pshared)
{
    (void)a;
    if (pshared == PTHREAD_PROCESS_PRIVATE)
        return 0;
    return pshared == PTHREAD_PROCESS_SHARED ? ENOTSUP : EINVAL;
}

PT_API int pthread_condattr_getpshared(const pthread_condattr_t *a, int *pshared)
{
    (void)a;
    *pshared = PTHREAD_PROCESS_PRIVATE;
    return 0;
}

PT_API int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a)
{
    *C(c) = (struct pt_cond){ .clock = a ? *(const int *)(const void *)a : CLOCK_REALTIME };
    return 0;
}

PT_API int pthread_cond_destroy(pthread_cond_t *c)
{
    (void)c;
    return 0;
}

static int wait(pthread_cond_t *pc, pthread_mutex_t *m, clockid_t clock,
                const struct timespec *abstime)
{
    struct pt_cond *c = C(pc);
    unsigned int seq, count;
    long deadline;
    int e;

    if ((e = pt_deadline(clock, abstime, &deadline)) != 0)
        return e;
    seq = __atomic_load_n(&c->seq, __ATOMIC_ACQUIRE);
    __atomic_add_fetch(&c->waiters, 1, __ATOMIC_SEQ_CST);
    if ((e = pt_mutex_release(m, &count)) != 0) {
        __atomic_sub_fetch(&c->waiters, 1, __ATOMIC_RELAXED);
        return e;
    }
    e = pt_wait_cancellable(&c->seq, seq, deadline);
    __atomic_sub_fetch(&c->waiters, 1, __ATOMIC_RELAXED);
    pt_mutex_retake(m, count);
    if (e == ECANCELED)
        pt_exit(pt_self(), PTHREAD_CANCELED);   /* the mutex held, as POSIX says */
    return e == ETIMEDOUT ? ETIMEDOUT : 0;
}

PT_API int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
    return wait(c, m, CLOCK_REALTIME, NULL);
}

PT_API int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
                                  const struct timespec *abstime)
{
    return wait(c, m, C(c)->clock, abstime);
}

PT_API int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock,
                                  const struct timespec *abstime)
{
    return wait(c, m, clock, abstime);
}

PT_API int pthread_cond_signal(pthread_cond_t *pc)
{
    struct pt_cond *c = C(pc);

    if (__atomic_load_n(&c->waiters, __ATOMIC_SEQ_CST)) {
        __atomic_add_fetch(&c->seq, 1, __ATOMIC_RELEASE);
        mltp_word_wake(&c->seq, 1);
    }
    return 0;
}

PT_API int pthread_cond_broadcast(pthread_cond_t *pc)
{
    struct pt_cond *c = C(pc);

    if (__atomic_load_n(&c->waiters, __ATOMIC_SEQ_CST)) {
        __atomic_add_fetch(&c->seq, 1, __ATOMIC_RELEASE);
        mltp_word_wake(&c->seq, INT_MAX);
    }
    return 0;
}
