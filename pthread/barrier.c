/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/barrier.c - barriers and spin locks. A barrier counts arrivals;
 * the last of an episode resets the count, then bumps the episode word,
 * on which the others wait (read before they arrive: nobody arrives in
 * the next episode before the last of this one has reset the count). A
 * spin lock spins, and yields its VP now and then: its holder may be a
 * ULT on the same VP. Process-shared barriers are refused (ENOTSUP). */
#include <errno.h>
#include <limits.h>
#include "pthread/pt.h"

struct pt_barrier {
    unsigned int count;
    unsigned int arrived;
    unsigned int episode;
};
PT_FITS(struct pt_barrier, pthread_barrier_t);
#define B(b) ((struct pt_barrier *)(void *)(b))
#define A(a) ((int *)(void *)(a))

PT_API int pthread_barrierattr_init(pthread_barrierattr_t *a)
{
    *A(a) = PTHREAD_PROCESS_PRIVATE;
    return 0;
}

PT_API int pthread_barrierattr_destroy(pthread_barrierattr_t *a)
{
    (void)a;
    return 0;
}

PT_API int pthread_barrierattr_setpshared(pthread_barrierattr_t *a, int pshared)
{
    (void)a;
    if (pshared == PTHREAD_PROCESS_PRIVATE)
        return 0;
    return pshared == PTHREAD_PROCESS_SHARED ? ENOTSUP : EINVAL;
}

PT_API int pthread_barrierattr_getpshared(const pthread_barrierattr_t *a, int *pshared)
{
    (void)a;
    *pshared = PTHREAD_PROCESS_PRIVATE;
    return 0;
}

PT_API int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a,
                                unsigned int count)
{
    (void)a;
    if (count == 0 || count > INT_MAX)
        return EINVAL;
    *B(b) = (struct pt_barrier){ .count = count };
    return 0;
}

PT_API int pthread_barrier_destroy(pthread_barrier_t *b)
{
    return __atomic_load_n(&B(b)->arrived, __ATOMIC_ACQUIRE) ? EBUSY : 0;
}

PT_API int pthread_barrier_wait(pthread_barrier_t *pb)
{
    struct pt_barrier *b = B(pb);
    unsigned int ep = __atomic_load_n(&b->episode, __ATOMIC_ACQUIRE);

    if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->count) {
        __atomic_store_n(&b->arrived, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&b->episode, ep + 1, __ATOMIC_RELEASE);
        mltp_word_wake(&b->episode, INT_MAX);
        return PTHREAD_BARRIER_SERIAL_THREAD;
    }
    while (__atomic_load_n(&b->episode, __ATOMIC_ACQUIRE) == ep)
        mltp_word_wait(&b->episode, ep, -1);
    return 0;
}

/* ---- spin locks: the int glibc gives them, 0 free ---- */

PT_API int pthread_spin_init(pthread_spinlock_t *l, int pshared)
{
    (void)pshared;              /* a word in shared memory works as well */
    *l = 0;
    return 0;
}

PT_API int pthread_spin_destroy(pthread_spinlock_t *l)
{
    (void)l;
    return 0;
}

PT_API int pthread_spin_lock(pthread_spinlock_t *l)
{
    unsigned int n = 0;

    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE)) {
        do {
            if (++n % 128 == 0 && mltp_self())
                mltp_yield();
            else
                pt_pause();
        } while (__atomic_load_n(l, __ATOMIC_RELAXED));
    }
    return 0;
}

PT_API int pthread_spin_trylock(pthread_spinlock_t *l)
{
    return __atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE) ? EBUSY : 0;
}

PT_API int pthread_spin_unlock(pthread_spinlock_t *l)
{
    __atomic_store_n(l, 0, __ATOMIC_RELEASE);
    return 0;
}
