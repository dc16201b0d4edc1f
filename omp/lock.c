/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/lock.c - critical, atomic and the omp_*_lock calls.
 *
 * GCC's omp.h gives omp_lock_t 4 bytes and a named critical one pointer,
 * so a lock is one 32-bit word: 0 free, 1 held. Taking it is one exchange;
 * a waiter spins a little (the holder runs on another VP), then yields its
 * VP to the other ULTs, among which the holder may be. A nested lock is
 * owned by a task (its omprt_thr), as OpenMP says. */
#include <omp.h>
#include "omp/rt.h"

#define SPINS 100

static inline int word_try(volatile int *w)
{
    return __atomic_load_n(w, __ATOMIC_RELAXED) == 0 &&
           __atomic_exchange_n(w, 1, __ATOMIC_ACQUIRE) == 0;
}

static void __attribute__((noinline)) word_wait(volatile int *w)
{
    int spins = 0;

    do {
        if (++spins < SPINS)
            omprt_pause();
        else
            mltp_yield();
    } while (!word_try(w));
}

/* one exchange when free */
static inline void word_lock(volatile int *w)
{
    if (__builtin_expect(__atomic_exchange_n(w, 1, __ATOMIC_ACQUIRE) != 0, 0))
        word_wait(w);
}

static inline void word_unlock(volatile int *w)
{
    __atomic_store_n(w, 0, __ATOMIC_RELEASE);
}

static int critical_word, atomic_word;

OMPRT_API void GOMP_critical_start(void)
{
    word_lock(&critical_word);
}

OMPRT_API void GOMP_critical_end(void)
{
    word_unlock(&critical_word);
}

/* *pptr is the critical's pointer-sized name variable, zero at start:
   its first word is the lock */
OMPRT_API void GOMP_critical_name_start(void **pptr)
{
    word_lock((volatile int *)pptr);
}

OMPRT_API void GOMP_critical_name_end(void **pptr)
{
    word_unlock((volatile int *)pptr);
}

OMPRT_API void GOMP_atomic_start(void)
{
    word_lock(&atomic_word);
}

OMPRT_API void GOMP_atomic_end(void)
{
    word_unlock(&atomic_word);
}

_Static_assert(sizeof(omp_lock_t) >= sizeof(int), "omp_lock_t holds the lock word");

#define WORD(l) ((volatile int *)(void *)(l))

OMPRT_API void omp_init_lock(omp_lock_t *l)
{
    *WORD(l) = 0;
}

OMPRT_API void omp_init_lock_with_hint(omp_lock_t *l, omp_sync_hint_t hint)
{
    (void)hint;
    *WORD(l) = 0;
}

OMPRT_API void omp_destroy_lock(omp_lock_t *l)
{
    (void)l;
}

OMPRT_API void omp_set_lock(omp_lock_t *l)
{
    word_lock(WORD(l));
}

OMPRT_API void omp_unset_lock(omp_lock_t *l)
{
    word_unlock(WORD(l));
}

OMPRT_API int omp_test_lock(omp_lock_t *l)
{
    return word_try(WORD(l));
}

/* the nested lock: the word, a count and the owning task */
struct nest {
    volatile int word;
    int count;
    void *owner;
};
_Static_assert(sizeof(omp_nest_lock_t) >= sizeof(struct nest), "omp_nest_lock_t holds it");

#define NEST(l) ((struct nest *)(void *)(l))

OMPRT_API void omp_init_nest_lock(omp_nest_lock_t *l)
{
    NEST(l)->word = 0;
    NEST(l)->count = 0;
    NEST(l)->owner = NULL;
}

OMPRT_API void omp_init_nest_lock_with_hint(omp_nest_lock_t *l, omp_sync_hint_t hint)
{
    (void)hint;
    omp_init_nest_lock(l);
}

OMPRT_API void omp_destroy_nest_lock(omp_nest_lock_t *l)
{
    (void)l;
}

OMPRT_API void omp_set_nest_lock(omp_nest_lock_t *l)
{
    struct nest *n = NEST(l);
    void *me = omprt_self();

    if (n->owner == me) {
        n->count++;
        return;
    }
    word_lock(&n->word);
    n->owner = me;
    n->count = 1;
}

OMPRT_API void omp_unset_nest_lock(omp_nest_lock_t *l)
{
    struct nest *n = NEST(l);

    if (--n->count == 0) {
        n->owner = NULL;
        word_unlock(&n->word);
    }
}

OMPRT_API int omp_test_nest_lock(omp_nest_lock_t *l)
{
    struct nest *n = NEST(l);
    void *me = omprt_self();

    if (n->owner == me)
        return ++n->count;
    if (!word_try(&n->word))
        return 0;
    n->owner = me;
    n->count = 1;
    return 1;
}
