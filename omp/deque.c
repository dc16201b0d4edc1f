/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/deque.c - each VP's deque of ready tasks: Chase and Lev's, of a
 * fixed size, with the C11 orderings of Le, Pop, Cohen and Zappa Nardelli
 * (omp/deque.pml; ARCHITECTURE.md, "Task deques"). The tasks made on a
 * VP are pushed at its bottom, and the thread that waits for them pops
 * them back, newest first (the task tree's locality); a VP that has
 * nothing to run steals the oldest of another's (the largest subtree).
 *
 * A VP runs one ULT at a time and this library's code is not preempted,
 * so the ULTs of a VP take turns as its deque's owner: push and pop take
 * no lock, and only steal writes with a CAS.
 *
 * Lines written: a push, its slot's and the indexes'; a pop, the
 * indexes' (a CAS of top when it takes the last one); a steal, the
 * indexes' (the CAS). top and bottom share their line: a spinning VP's
 * look reads both, of every VP. */
#include <stdlib.h>
#include "omp/rt.h"

#define DEQUE_SIZE 256                  /* a power of 2 */
#define DEQUE_VPS 1024

struct deque_slot {
    struct omprt_task *task;
    const struct omprt_thr *parent;     /* read by the owner only */
};

struct deque {
    long top;                           /* the oldest; thieves CAS it */
    long bottom;                        /* one past the newest; the owner's */
    struct deque_slot slot[DEQUE_SIZE] __attribute__((aligned(64)));
};

/* made by its owner at its first push (published with release) */
static struct deque *deques[DEQUE_VPS];

static struct deque *deque_of(int vp)
{
    return vp >= 0 && vp < DEQUE_VPS ? __atomic_load_n(&deques[vp], __ATOMIC_ACQUIRE) : NULL;
}

int omprt_deque_push(struct omprt_task *k, const struct omprt_thr *parent)
{
    int vp = mltp_vp_id();
    struct deque *d = deque_of(vp);
    long b, t;

    if (!d) {
        if (vp < 0 || vp >= DEQUE_VPS)
            return 0;
        d = aligned_alloc(64, sizeof *d);
        if (!d)
            return 0;                   /* the caller runs it at once */
        d->top = d->bottom = 0;
        __atomic_store_n(&deques[vp], d, __ATOMIC_RELEASE);
    }
    b = __atomic_load_n(&d->bottom, __ATOMIC_RELAXED);
    t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
    if (b - t >= DEQUE_SIZE)
        return 0;                       /* full */
    __atomic_store_n(&d->slot[b & (DEQUE_SIZE - 1)].task, k, __ATOMIC_RELAXED);
    d->slot[b & (DEQUE_SIZE - 1)].parent = parent;
    /* the slot before the index (a thief's acquire of bottom) */
    __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELEASE);
    return 1;
}

/* The caller's VP's tasks (its owner's look) */
long omprt_deque_depth(void)
{
    struct deque *d = deque_of(mltp_vp_id());

    return d ? __atomic_load_n(&d->bottom, __ATOMIC_RELAXED) -
                   __atomic_load_n(&d->top, __ATOMIC_RELAXED)
             : 0;
}

/* The newest task of the caller's VP, if parent (or anyone, with NULL)
   made it. */
struct omprt_task *omprt_deque_pop(const struct omprt_thr *parent)
{
    struct deque *d = deque_of(mltp_vp_id());
    struct omprt_task *k;
    long b, t;

    if (!d)
        return NULL;
    b = __atomic_load_n(&d->bottom, __ATOMIC_RELAXED) - 1;
    if (b < __atomic_load_n(&d->top, __ATOMIC_RELAXED) ||
        (parent && d->slot[b & (DEQUE_SIZE - 1)].parent != parent))
        return NULL;
    __atomic_store_n(&d->bottom, b, __ATOMIC_RELAXED);
    /* the claim on slot b before the look at top: against a thief's read
       of top, then of bottom (store buffering, fenced both sides) */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    t = __atomic_load_n(&d->top, __ATOMIC_RELAXED);
    if (t > b) {                        /* a thief took it */
        __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
        return NULL;
    }
    k = __atomic_load_n(&d->slot[b & (DEQUE_SIZE - 1)].task, __ATOMIC_RELAXED);
    if (t == b) {                       /* the last: a thief may race */
        if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST,
                                         __ATOMIC_RELAXED))
            k = NULL;
        __atomic_store_n(&d->bottom, b + 1, __ATOMIC_RELAXED);
    }
    return k;
}

/* The oldest task of VP vp's deque, or NULL (empty, or another thief
   was first). */
static struct omprt_task *steal(int vp)
{
    struct deque *d = deque_of(vp);
    struct omprt_task *k;
    long t, b;

    if (!d)
        return NULL;
    t = __atomic_load_n(&d->top, __ATOMIC_ACQUIRE);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    b = __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE);
    if (t >= b)
        return NULL;
    /* not overwritten before the CAS: the owner pushes at most
       DEQUE_SIZE past top, which is still t */
    k = __atomic_load_n(&d->slot[t & (DEQUE_SIZE - 1)].task, __ATOMIC_RELAXED);
    if (!__atomic_compare_exchange_n(&d->top, &t, t + 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return NULL;
    return k;
}

/* A VP with nothing to run: its own newest task, else another's oldest,
   starting after its own number (thieves spread). */
struct omprt_task *omprt_deque_take(void)
{
    int vp = mltp_vp_id(), n = mltp_vp_count();
    struct omprt_task *k = omprt_deque_pop(NULL);

    for (int i = 1; !k && i < n && vp >= 0; i++)
        k = steal((vp + i) % n);
    return k;
}

/* Whether any VP's deque holds a task (racy: the work source's look). */
int omprt_deque_any(void)
{
    int n = mltp_vp_count();

    for (int i = 0; i < n && i < DEQUE_VPS; i++) {
        struct deque *d = deque_of(i);
        if (d && __atomic_load_n(&d->top, __ATOMIC_ACQUIRE) <
                     __atomic_load_n(&d->bottom, __ATOMIC_ACQUIRE))
            return 1;
    }
    return 0;
}
