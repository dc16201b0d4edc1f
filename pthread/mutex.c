/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/mutex.c - mutexes: a word, 0 free, 1 held, 2 held and maybe
 * waited for (Drepper's "Futexes are tricky", mutex 3) on mltp_word_wait;
 * the kind where glibc's static initialisers put it. Lock: one CAS when
 * free; a waiter spins a little while other VPs may run the holder, then
 * blocks (its VP runs other ULTs). Unlock: one exchange, and a wake when
 * someone may wait. Robust, priority-inheriting, priority-protecting and
 * process-shared mutexes are refused (ENOTSUP). */
#include <errno.h>
#include <stddef.h>
#include "pthread/pt.h"

struct pt_mutex {
    unsigned int word;
    unsigned int count;         /* a recursive one's extra locks */
    struct pt_thread *owner;
    int kind;                   /* glibc's __kind: the type in its low bits */
};
PT_FITS(struct pt_mutex, pthread_mutex_t);
_Static_assert(offsetof(struct pt_mutex, kind) == offsetof(struct __pthread_mutex_s, __kind),
               "the kind where glibc's initialisers put it");

/* the attribute's int: the type in bits 0-1, and what is refused */
#define TYPE_MASK 3
#define REFUSED_FLAGS (~TYPE_MASK)
#define M(m) ((struct pt_mutex *)(void *)(m))
#define A(a) ((int *)(void *)(a))

PT_API int pthread_mutexattr_init(pthread_mutexattr_t *a)
{
    *A(a) = PTHREAD_MUTEX_DEFAULT;
    return 0;
}

PT_API int pthread_mutexattr_destroy(pthread_mutexattr_t *a)
{
    (void)a;
    return 0;
}

PT_API int pthread_mutexattr_settype(pthread_mutexattr_t *a, int type)
{
    if (type < PTHREAD_MUTEX_NORMAL || type > PTHREAD_MUTEX_ADAPTIVE_NP)
        return EINVAL;
    *A(a) = (*A(a) & ~TYPE_MASK) | type;
    return 0;
}

PT_API int pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *type)
{
    *type = *(const int *)(const void *)a & TYPE_MASK;
    return 0;
}

PT_API int pthread_mutexattr_setpshared(pthread_mutexattr_t *a, int pshared)
{
    (void)a;
    if (pshared == PTHREAD_PROCESS_PRIVATE)
        return 0;
    return pshared == PTHREAD_PROCESS_SHARED ? ENOTSUP : EINVAL;
}

PT_API int pthread_mutexattr_getpshared(const pthread_mutexattr_t *a, int *pshared)
{
    (void)a;
    *pshared = PTHREAD_PROCESS_PRIVATE;
    return 0;
}

PT_API int pthread_mutexattr_setrobust(pthread_mutexattr_t *a, int robust)
{
    (void)a;
    if (robust == PTHREAD_MUTEX_STALLED)
        return 0;
    return robust == PTHREAD_MUTEX_ROBUST ? ENOTSUP : EINVAL;
}

PT_API int pthread_mutexattr_getrobust(const pthread_mutexattr_t *a, int *robust)
{
    (void)a;
    *robust = PTHREAD_MUTEX_STALLED;
    return 0;
}

PT_API int pthread_mutexattr_setprotocol(pthread_mutexattr_t *a, int protocol)
{
    (void)a;
    if (protocol == PTHREAD_PRIO_NONE)
        return 0;
    return protocol == PTHREAD_PRIO_INHERIT || protocol == PTHREAD_PRIO_PROTECT ? ENOTSUP : EINVAL;
}

PT_API int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *a, int *protocol)
{
    (void)a;
    *protocol = PTHREAD_PRIO_NONE;
    return 0;
}

PT_API int pthread_mutexattr_setprioceiling(pthread_mutexattr_t *a, int ceiling)
{
    (void)a, (void)ceiling;
    return ENOTSUP;
}

PT_API int pthread_mutexattr_getprioceiling(const pthread_mutexattr_t *a, int *ceiling)
{
    (void)a;
    *ceiling = 0;
    return 0;
}

PT_API int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
    int kind = a ? *(const int *)(const void *)a : PTHREAD_MUTEX_DEFAULT;

    if (kind & REFUSED_FLAGS)
        return ENOTSUP;
    *M(m) = (struct pt_mutex){ .kind = kind };
    return 0;
}

PT_API int pthread_mutex_destroy(pthread_mutex_t *m)
{
    return __atomic_load_n(&M(m)->word, __ATOMIC_RELAXED) ? EBUSY : 0;
}

static inline int try_word(struct pt_mutex *m)
{
    unsigned int free_word = 0;
    return __atomic_compare_exchange_n(&m->word, &free_word, 1, 0, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}

static int __attribute__((noinline)) wait_word(struct pt_mutex *m, clockid_t c,
                                                const struct timespec *abstime, int timed)
{
    long deadline = -1;
    unsigned int seen;
    int e;

    for (int i = pt_spins(); i > 0; i--) {
        pt_pause();
        if (__atomic_load_n(&m->word, __ATOMIC_RELAXED) == 0 && try_word(m))
            return 0;
    }
    if (timed && (e = pt_deadline(c, abstime, &deadline)) != 0)
        return e;
    while ((seen = __atomic_exchange_n(&m->word, 2, __ATOMIC_ACQUIRE)) != 0) {
        if (mltp_word_wait(&m->word, 2, deadline) == ETIMEDOUT)
            return ETIMEDOUT;
    }
    return 0;
}

static int lock(pthread_mutex_t *pm, clockid_t c, const struct timespec *abstime, int timed)
{
    struct pt_mutex *m = M(pm);
    int type = m->kind & TYPE_MASK, e;

    if (__builtin_expect(m->kind & REFUSED_FLAGS, 0))
        return EINVAL;
    if (type == PTHREAD_MUTEX_NORMAL || type == PTHREAD_MUTEX_ADAPTIVE_NP) {
        /* the owner is not kept: nothing asks */
        if (__builtin_expect(!try_word(m), 0) && (e = wait_word(m, c, abstime, timed)) != 0)
            return e;
        return 0;
    }
    struct pt_thread *self = pt_self();
    if (m->owner == self && __atomic_load_n(&m->word, __ATOMIC_RELAXED)) {
        if (type == PTHREAD_MUTEX_ERRORCHECK)
            return EDEADLK;
        if (m->count == ~0u)
            return EAGAIN;
        m->count++;
        return 0;
    }
    if (!try_word(m) && (e = wait_word(m, c, abstime, timed)) != 0)
        return e;
    m->owner = self;
    m->count = 0;
    return 0;
}

PT_API int pthread_mutex_lock(pthread_mutex_t *m)
{
    return lock(m, CLOCK_REALTIME, NULL, 0);
}

PT_API int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abstime)
{
    return lock(m, CLOCK_REALTIME, abstime, 1);
}

PT_API int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *abstime)
{
    return lock(m, c, abstime, 1);
}

PT_API int pthread_mutex_trylock(pthread_mutex_t *pm)
{
    struct pt_mutex *m = M(pm);
    int type = m->kind & TYPE_MASK;
    struct pt_thread *self = pt_self();

    if (m->kind & REFUSED_FLAGS)
        return EINVAL;
    if (type == PTHREAD_MUTEX_RECURSIVE && m->owner == self &&
        __atomic_load_n(&m->word, __ATOMIC_RELAXED)) {
        if (m->count == ~0u)
            return EAGAIN;
        m->count++;
        return 0;
    }
    if (!try_word(m))
        return EBUSY;
    m->owner = self;
    m->count = 0;
    return 0;
}

PT_API int pthread_mutex_unlock(pthread_mutex_t *pm)
{
    struct pt_mutex *m = M(pm);
    int type = m->kind & TYPE_MASK;

    if (type == PTHREAD_MUTEX_RECURSIVE || type == PTHREAD_MUTEX_ERRORCHECK) {
        if (m->owner != pt_self() || !__atomic_load_n(&m->word, __ATOMIC_RELAXED))
            return EPERM;
        if (m->count) {
            m->count--;
            return 0;
        }
    }
    m->owner = NULL;
    if (__atomic_exchange_n(&m->word, 0, __ATOMIC_RELEASE) == 2)
        mltp_word_wake(&m->word, 1);
    return 0;
}

PT_API int pthread_mutex_consistent(pthread_mutex_t *m)
{
    (void)m;
    return EINVAL;              /* no mutex here is robust */
}

PT_API int pthread_mutex_getprioceiling(const pthread_mutex_t *m, int *ceiling)
{
    (void)m, (void)ceiling;
    return EINVAL;
}

PT_API int pthread_mutex_setprioceiling(pthread_mutex_t *m, int ceiling, int *old)
{
    (void)m, (void)ceiling, (void)old;
    return EINVAL;
}

/* the condition's wait (pthread/cond.c): give the mutex up, keeping its
   recursion, and take it back */
int pt_mutex_release(pthread_mutex_t *pm, unsigned int *count)
{
    struct pt_mutex *m = M(pm);
    int type = m->kind & TYPE_MASK;

    if ((type == PTHREAD_MUTEX_RECURSIVE || type == PTHREAD_MUTEX_ERRORCHECK) &&
        (m->owner != pt_self() || !__atomic_load_n(&m->word, __ATOMIC_RELAXED)))
        return EPERM;
    *count = m->count;
    m->count = 0;
    pthread_mutex_unlock(pm);
    return 0;
}

void pt_mutex_retake(pthread_mutex_t *pm, unsigned int count)
{
    struct pt_mutex *m = M(pm);

    if (!try_word(m))
        wait_word(m, CLOCK_REALTIME, NULL, 0);
    m->owner = pt_self();
    m->count = count;
}
