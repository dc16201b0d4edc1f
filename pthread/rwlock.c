/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/rwlock.c - read-write locks: a state word (the readers, or
 * WRITER), a sequence word that each release to free bumps when someone
 * waits, and the counts of waiters and of waiting writers. A waiter reads
 * the sequence, counts itself, looks at the state once more and waits
 * while the sequence is unchanged; a release changes the state, then
 * reads the count: one of the two sees the other's write (both
 * sequentially consistent). Readers are preferred (glibc's default, which
 * allows a reader to lock again), unless the lock's kind is
 * PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP: then readers wait while a
 * writer waits. Process-shared locks are refused (ENOTSUP). */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include "pthread/pt.h"

#define WRITER 0x80000000u

struct pt_rwlock {
    unsigned int state;
    unsigned int seq;
    unsigned int waiters;
    unsigned int writers_waiting;
    struct pt_thread *writer;
    char pad[offsetof(struct __pthread_rwlock_arch_t, __flags) - 24];
    unsigned int kind;          /* glibc's __flags: its initialisers' */
};
PT_FITS(struct pt_rwlock, pthread_rwlock_t);
_Static_assert(offsetof(struct pt_rwlock, kind) == offsetof(struct __pthread_rwlock_arch_t, __flags),
               "the kind where glibc's initialisers put it");
#define R(l) ((struct pt_rwlock *)(void *)(l))
#define A(a) ((int *)(void *)(a))

PT_API int pthread_rwlockattr_init(pthread_rwlockattr_t *a)
{
    *A(a) = PTHREAD_RWLOCK_DEFAULT_NP;
    return 0;
}

PT_API int pthread_rwlockattr_destroy(pthread_rwlockattr_t *a)
{
    (void)a;
    return 0;
}

PT_API int pthread_rwlockattr_setkind_np(pthread_rwlockattr_t *a, int kind)
{
    if (kind < PTHREAD_RWLOCK_PREFER_READER_NP || kind > PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP)
        return EINVAL;
    *A(a) = kind;
    return 0;
}

PT_API int pthread_rwlockattr_getkind_np(const pthread_rwlockattr_t *a, int *kind)
{
    *kind = *(const int *)(const void *)a;
    return 0;
}

PT_API int pthread_rwlockattr_setpshared(pthread_rwlockattr_t *a, int pshared)
{
    (void)a;
    if (pshared == PTHREAD_PROCESS_PRIVATE)
        return 0;
    return pshared == PTHREAD_PROCESS_SHARED ? ENOTSUP : EINVAL;
}

PT_API int pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *a, int *pshared)
{
    (void)a;
    *pshared = PTHREAD_PROCESS_PRIVATE;
    return 0;
}

PT_API int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *a)
{
    *R(l) = (struct pt_rwlock){ .kind = a ? (unsigned int)*(const int *)(const void *)a : 0 };
    return 0;
}

PT_API int pthread_rwlock_destroy(pthread_rwlock_t *l)
{
    return __atomic_load_n(&R(l)->state, __ATOMIC_RELAXED) ? EBUSY : 0;
}

static int readers_wait(const struct pt_rwlock *l, unsigned int s)
{
    return (s & WRITER) || (l->kind == PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP &&
                            __atomic_load_n(&l->writers_waiting, __ATOMIC_SEQ_CST));
}

/* wait until the state may have changed: 0, ETIMEDOUT */
static int wait_release(struct pt_rwlock *l, int writer, long deadline)
{
    unsigned int q = __atomic_load_n(&l->seq, __ATOMIC_SEQ_CST), s;
    int e = 0;

    __atomic_add_fetch(&l->waiters, 1, __ATOMIC_SEQ_CST);
    s = __atomic_load_n(&l->state, __ATOMIC_SEQ_CST);
    if (writer ? s != 0 : readers_wait(l, s))
        e = mltp_word_wait(&l->seq, q, deadline);
    __atomic_sub_fetch(&l->waiters, 1, __ATOMIC_SEQ_CST);
    return e == ETIMEDOUT ? ETIMEDOUT : 0;
}

static int rdlock(pthread_rwlock_t *pl, clockid_t c, const struct timespec *abstime, int how)
{
    struct pt_rwlock *l = R(pl);
    long deadline = -1;
    int e, have_deadline = 0;

    for (;;) {
        unsigned int s = __atomic_load_n(&l->state, __ATOMIC_RELAXED);
        if (!readers_wait(l, s)) {
            if (s + 1 >= WRITER)
                return EAGAIN;
            if (__atomic_compare_exchange_n(&l->state, &s, s + 1, 0, __ATOMIC_ACQUIRE,
                                            __ATOMIC_RELAXED))
                return 0;
            continue;
        }
        if ((s & WRITER) && l->writer == pt_self())
            return EDEADLK;
        if (how == 't')
            return EBUSY;
        if (how == 'd' && !have_deadline) {
            if ((e = pt_deadline(c, abstime, &deadline)) != 0)
                return e;
            have_deadline = 1;
        }
        if (wait_release(l, 0, deadline) == ETIMEDOUT)
            return ETIMEDOUT;
    }
}

static int wrlock(pthread_rwlock_t *pl, clockid_t c, const struct timespec *abstime, int how)
{
    struct pt_rwlock *l = R(pl);
    struct pt_thread *self = pt_self();
    long deadline = -1;
    int e, have_deadline = 0;

    for (;;) {
        unsigned int s = 0;
        if (__atomic_compare_exchange_n(&l->state, &s, WRITER, 0, __ATOMIC_ACQUIRE,
                                        __ATOMIC_RELAXED)) {
            l->writer = self;
            return 0;
        }
        if ((s & WRITER) && l->writer == self)
            return EDEADLK;
        if (how == 't')
            return EBUSY;
        if (how == 'd' && !have_deadline) {
            if ((e = pt_deadline(c, abstime, &deadline)) != 0)
                return e;
            have_deadline = 1;
        }
        __atomic_add_fetch(&l->writers_waiting, 1, __ATOMIC_SEQ_CST);
        e = wait_release(l, 1, deadline);
        __atomic_sub_fetch(&l->writers_waiting, 1, __ATOMIC_SEQ_CST);
        if (e == ETIMEDOUT) {
            /* readers held back for us may go */
            if (__atomic_load_n(&l->waiters, __ATOMIC_SEQ_CST)) {
                __atomic_add_fetch(&l->seq, 1, __ATOMIC_SEQ_CST);
                mltp_word_wake(&l->seq, INT_MAX);
            }
            return ETIMEDOUT;
        }
    }
}

PT_API int pthread_rwlock_rdlock(pthread_rwlock_t *l) { return rdlock(l, 0, NULL, 'w'); }
PT_API int pthread_rwlock_tryrdlock(pthread_rwlock_t *l) { return rdlock(l, 0, NULL, 't'); }
PT_API int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *t)
{
    return rdlock(l, CLOCK_REALTIME, t, 'd');
}
PT_API int pthread_rwlock_clockrdlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *t)
{
    return rdlock(l, c, t, 'd');
}
PT_API int pthread_rwlock_wrlock(pthread_rwlock_t *l) { return wrlock(l, 0, NULL, 'w'); }
PT_API int pthread_rwlock_trywrlock(pthread_rwlock_t *l) { return wrlock(l, 0, NULL, 't'); }
PT_API int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *t)
{
    return wrlock(l, CLOCK_REALTIME, t, 'd');
}
PT_API int pthread_rwlock_clockwrlock(pthread_rwlock_t *l, clockid_t c, const struct timespec *t)
{
    return wrlock(l, c, t, 'd');
}

PT_API int pthread_rwlock_unlock(pthread_rwlock_t *pl)
{
    struct pt_rwlock *l = R(pl);
    unsigned int s = __atomic_load_n(&l->state, __ATOMIC_RELAXED), left;

    if (s == 0)
        return EPERM;
    if (s & WRITER) {
        l->writer = NULL;
        __atomic_store_n(&l->state, 0, __ATOMIC_SEQ_CST);
        left = 0;
    } else {
        left = __atomic_sub_fetch(&l->state, 1, __ATOMIC_SEQ_CST);
    }
    if (left == 0 && __atomic_load_n(&l->waiters, __ATOMIC_SEQ_CST)) {
        __atomic_add_fetch(&l->seq, 1, __ATOMIC_SEQ_CST);
        mltp_word_wake(&l->seq, INT_MAX);
    }
    return 0;
}
