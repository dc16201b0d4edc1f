/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/lock.c - the five MLTP lock classes on one ticket-lock layout:
 * next_available is the next ticket, now_serving the ticket that holds the
 * lock; the lock is free when they are equal.
 *   SPIN        take a ticket, spin until served (FIFO, no yield)
 *   BLOCK       try (CAS a ticket only if free), else wait on the lock; the
 *               releaser hands it over and readies the first waiter at the
 *               back of the run queue
 *   BLOCK_FRONT the same, the waiter readied at the front (it runs next)
 *   SEMAPHORE   a SysV semaphore (sync/semlock.c): blocks the whole VP
 *   MUTEX       waits as BLOCK; the releaser frees it and readies the
 *               first waiter to try again (a pthread mutex's way): no lock
 *               is ever held by a ULT without a VP, so many ULTs taking a
 *               hot lock on few VPs form no convoy (Splash-3 BARNES, P =
 *               16, 2 VPs: BLOCK spent 45% of its time waiting, MUTEX 0.5%).
 *               One readied waiter at a time (WOKEN): the unlocks before it
 *               tries again ready nobody
 * The yielding classes' waiters spin (several VPs, and no waiter queued
 * yet: more spinners only add a CAS to every release) and retry once
 * after a yield, then block (their VP runs other ULTs; a kernel-level waiter spins
 * on its node), so a holder that yields or blocks is not starved by
 * retries, and a deadlock through them is seen like any other (all VPs
 * park). Their waiters live in hashed queues, each bucket with its own
 * lock; sem_slot counts them (no semaphore in these classes). Their unlock and
 * failed trylock count down the caller's time slice: a ULT that polls
 * under them gives its VP up (sched/slice.c). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "base/clock.h"
#include "sync/sync.h"

#define WAITERS(l) ((l)->sem_slot)      /* BLOCK, BLOCK_FRONT, MUTEX */
/* MUTEX: in WAITERS, above the count, while a waiter it readied has not
   tried again; unlocks then wake nobody (Go's mutexWoken): a burst of
   unlocks readies one waiter, not one each. Under the bucket lock. */
#define WOKEN (1 << 30)
#define NWAIT(v) ((v) & ~WOKEN)
/* an unlock must wake somebody: waiters, and none readied already (one
   test of v uncontended: v is 0) */
static inline int MUST_WAKE(int v)
{
    return v > 0 && !(v & WOKEN);
}
/* BLOCK and BLOCK_FRONT hand the lock to their first waiter; MUTEX frees
   it and readies the waiter to try again */
#define HANDS_OVER(l) ((l)->lock_class != MLTP_LOCK_MUTEX)
#define BUCKETS 64

/* A bucket's lock guards its queue and the waiter counts of its locks.
   Taken after a stripe lock (a condition's) and before a run-queue lock. */
static struct bucket {
    base_spin_t lock;
    sched_waitq_t q;
} __attribute__((aligned(64))) lock_waiters[BUCKETS];

static struct bucket *bucket(const mltp_lock_t *l)
{
    return &lock_waiters[((uintptr_t)l >> 4) % BUCKETS];
}

static inline struct bucket *bucket_lock(const mltp_lock_t *l)
{
    struct bucket *b = bucket(l);
    sched_stripe_lock(&b->lock);
    return b;
}

int mltp_lock_init(mltp_lock_t *l, int lock_class)
{
    mltp_init();
    if (!l) {
        base_warn("mltp_lock_init: the lock is NULL");
        return EINVAL;
    }
    if (lock_class < MLTP_LOCK_SPIN || lock_class > MLTP_LOCK_MUTEX) {
        base_warn("mltp_lock_init: unknown lock class %d", lock_class);
        return EINVAL;
    }
    l->now_serving = 0;
    l->next_available = 0;
    l->lock_class = lock_class;
    l->sem_slot = lock_class == MLTP_LOCK_SEMAPHORE ? -1 : 0;
    if (lock_class == MLTP_LOCK_SEMAPHORE)
        return sync_semlock_init(l);
    return 0;
}

/* The public counters are volatile; uatomic wants plain pointers. */
#define NEXT_TICKET(l) ((unsigned int *)&(l)->next_available)

/* Free and no-one took a ticket since we looked: one CAS. (A plain store
   in a solo start was tried: no faster, uncontended lock+unlock 0.25-0.34
   of a setjmp switch with the locked instructions, 0.34-0.44 without.) */
static inline int ticket_try(mltp_lock_t *l)
{
    unsigned int t = CMM_LOAD_SHARED(l->next_available);
    return CMM_LOAD_SHARED(l->now_serving) == t &&
           uatomic_cmpxchg(NEXT_TICKET(l), t, t + 1) == t;
}

/* Most waits are short: the holder is about to unlock. Before queueing,
   a ULT spins on the lock for about one wake-up cost while no ready ULT
   lacks a VP (several VPs; the barriers' policy), then yields once, to
   the back or the front as the class says, and tries again: a hand-off
   on one VP then costs two yields, as in the original MLTP, not a queue
   and a wake-up. 1 if it got the lock. */
static int ticket_taken(void *l)
{
    return ticket_try(l);
}

static int yielding_retry(mltp_lock_t *l)
{
    if (!sched_in_ult())
        return 0;
    /* with waiters queued already, one more spinner only adds a CAS to
       every release: queue behind them */
    if (NWAIT(CMM_LOAD_SHARED(WAITERS(l))) <= 0 && sched_spin_until(ticket_taken, l))
        return 1;
    if (l->lock_class == MLTP_LOCK_BLOCK_FRONT)
        mltp_yield_to_first();
    else
        mltp_yield();
    return ticket_try(l);
}

/*
 * ARCHITECTURE.md, "Yielding lock": a waiter W and a releaser R of a
 * yielding lock, on two VPs: W may not sleep on a lock that R has just
 * made free without R seeing W.
 *
 *   W (bucket lock held)            R (mltp_unlock fast path)
 *   WAITERS(l)++                    now_serving++    (the lock is free)
 *   smp_mb()                        smp_mb()
 *   ticket_try(l): sees it held?    WAITERS(l) == 0?
 *
 * Both "yes" is forbidden (store buffering, fenced on both sides): if W
 * saw the lock held, R sees W counted, takes the bucket lock (after W
 * has queued itself and its context is saved) and hands the free lock to
 * the first waiter. In a solo start W and R never run at once: no fence.
 */
static __attribute__((noinline)) void yielding_wait(mltp_lock_t *l)
{
    for (;;) {
        if (yielding_retry(l))
            return;
        struct bucket *b = bucket_lock(l);
        if (WAITERS(l) < 0)             /* a static initializer's -1 */
            WAITERS(l) = 0;
        base_store(&WAITERS(l), WAITERS(l) + 1);
        if (!sched_solo())
            base_full_fence();
        if (ticket_try(l)) {
            base_store(&WAITERS(l), WAITERS(l) - 1);
            base_spin_unlock(&b->lock);
            return;
        }
        sched_trace_waiting(l, SCHED_ON_LOCK);
        sched_wait_locked(&b->lock, &b->q, l);
        if (HANDS_OVER(l)) {
            /* handed over: ours */
            base_acquire_fence();
            return;
        }
        /* MUTEX: woken to try again (the waker uncounted us); the next
           unlock may ready another */
        b = bucket_lock(l);
        base_store(&WAITERS(l), WAITERS(l) & ~WOKEN);
        base_spin_unlock(&b->lock);
        if (ticket_try(l))
            return;
    }
}

/* A lock's waiter is readied by a releaser that goes on running: on its
   own VP if that one is idle (sched/place.c); BLOCK_FRONT: at the front. */
static inline int wake_how(const mltp_lock_t *l)
{
    return SCHED_WAKE_RELEASE |
           (l->lock_class == MLTP_LOCK_BLOCK_FRONT ? SCHED_WAKE_FRONT : 0);
}

/* Bucket lock held: the first waiter goes (uncounted); a MUTEX's marks
   it readied (WOKEN) until it tries again. */
static void wake_first(struct bucket *b, mltp_lock_t *l, struct sched_posts *p)
{
    int v = WAITERS(l) - 1;

    base_store(&WAITERS(l), HANDS_OVER(l) ? v : v | WOKEN);
    sched_wake_locked(&b->q, l, wake_how(l), p);
}

/* Bucket lock held, l free: give it to its first waiter, if any (held
   on its behalf with one CAS: a trylock may have been faster, and will
   hand it over when it unlocks). */
static void hand_over_free_locked(struct bucket *b, mltp_lock_t *l, struct sched_posts *p)
{
    if (!MUST_WAKE(WAITERS(l)) || (HANDS_OVER(l) && !ticket_try(l)))
        return;
    wake_first(b, l, p);
}

/* Bucket lock held, l held by the caller: release it, or hand it over to
   its first waiter (it stays held: the next ticket is taken for the
   waiter before the current one is served). */
static void release_locked(struct bucket *b, mltp_lock_t *l, struct sched_posts *p)
{
    unsigned int served = l->now_serving;

    if (WAITERS(l) <= 0 || !HANDS_OVER(l)) {
        base_store_release(&l->now_serving, served + 1);
        /* MUTEX: free, and its first waiter readied to try again, unless
           one readied before has not tried yet */
        if (MUST_WAKE(WAITERS(l)))
            wake_first(b, l, p);
        return;
    }
    base_store(&l->next_available, served + 2);
    base_store_release(&l->now_serving, served + 1);
    wake_first(b, l, p);
}

/* Waiters, or maybe some (released: l is free already): hand l over
   under its bucket's lock. */
static __attribute__((noinline)) void yielding_unlock_slow(mltp_lock_t *l, int released)
{
    struct bucket *b = bucket_lock(l);
    struct sched_posts p;

    sched_posts_init(&p);
    if (released)
        hand_over_free_locked(b, l, &p);
    else
        release_locked(b, l, &p);
    sched_unlock_wake(&b->lock, &p);
}

/* Uncontended: a store, and on several VPs a fence and a load (see the
   litmus test above). */
static inline void yielding_unlock(mltp_lock_t *l)
{
    if (MUST_WAKE(CMM_LOAD_SHARED(WAITERS(l)))) {
        yielding_unlock_slow(l, 0);
        return;
    }
    base_store_release(&l->now_serving, l->now_serving + 1);
    if (sched_solo())
        return;
    base_full_fence();
    if (MUST_WAKE(CMM_LOAD_SHARED(WAITERS(l))))
        yielding_unlock_slow(l, 1);
}

/* A SPIN lock that is held: wait for our turn, FIFO. A waiter "ahead"
   places from the head looks again after about "ahead" pauses: each
   waiter before it holds the lock for a critical section first, and an
   earlier look only takes the line from the holder (ahead is 1 with two
   contenders: look, pause, look). When the turn has not moved for a
   while, the VP we wait for is likely off its CPU, and only the kernel
   can put it back: give ours away. With more VPs than CPUs that is the
   usual case, so after ~32 pauses (~1 us, what a hand-off between
   running VPs takes at most); otherwise after ~1k (25 us at 25 ns a
   pause here, about a wake-up's cost: other programs on our CPUs). ULTs
   queued behind us claimed a parked VP when they were readied (a busy
   VP's queue: sched/park.c, rule 1). Out of line: mltp_lock's fast path stays a leaf, no frame. */
#define SPIN_PATIENCE_CROWDED 32
#define SPIN_PATIENCE 1024

static __attribute__((noinline)) void spin_wait(mltp_lock_t *l, unsigned int me)
{
    unsigned int patience = sched_vps_outnumber_cpus() ? SPIN_PATIENCE_CROWDED : SPIN_PATIENCE;
    unsigned int seen = CMM_LOAD_SHARED(l->now_serving), still = 0;

    sched_trace_waiting(l, SCHED_ON_LOCK);
    while (seen != me) {
        unsigned int ahead = me - seen, now;

        for (unsigned int i = 0; i < ahead; i++)
            caa_cpu_relax();
        now = CMM_LOAD_SHARED(l->now_serving);
        if (now != seen) {
            seen = now;
            still = 0;
        } else if ((still += ahead) >= patience) {
            sched_give_cpu();
            still = 0;
        }
    }
}

void mltp_lock(mltp_lock_t *l)
{
    switch (l->lock_class) {
    case MLTP_LOCK_SPIN: {
        /* uncontended: one locked xadd and one load (~20 cycles) */
        unsigned int me = uatomic_add_return(NEXT_TICKET(l), 1) - 1;
        if (__builtin_expect(CMM_LOAD_SHARED(l->now_serving) != me, 0))
            spin_wait(l, me);
        base_acquire_fence();
        return;
    }
    case MLTP_LOCK_BLOCK:
    case MLTP_LOCK_BLOCK_FRONT:
    case MLTP_LOCK_MUTEX:
        /* uncontended: one CAS */
        if (!ticket_try(l))
            yielding_wait(l);
        return;
    case MLTP_LOCK_SEMAPHORE:
        sync_semlock_acquire(l);
        return;
    default:
        base_warn("mltp_lock: lock %p is not initialised (class %d)", (void *)l,
                l->lock_class);
        abort();
    }
}

int mltp_trylock(mltp_lock_t *l)
{
    if (l->lock_class == MLTP_LOCK_SEMAPHORE)
        return sync_semlock_try(l);
    if (ticket_try(l))
        return 1;
    if (l->lock_class != MLTP_LOCK_SPIN)
        sched_slice_tick();
    return 0;
}

static inline int is_free(const mltp_lock_t *l)
{
    return CMM_LOAD_SHARED(l->now_serving) == CMM_LOAD_SHARED(l->next_available);
}

static __attribute__((noinline)) int not_held(const mltp_lock_t *l)
{
    base_warn("mltp_unlock: lock %p is not held", (const void *)l);
    return EPERM;
}

int mltp_unlock(mltp_lock_t *l)
{
    if (is_free(l))
        return not_held(l);
    switch (l->lock_class) {
    case MLTP_LOCK_SEMAPHORE:
        sync_semlock_release(l);
        break;
    case MLTP_LOCK_BLOCK:
    case MLTP_LOCK_BLOCK_FRONT:
    case MLTP_LOCK_MUTEX:
        yielding_unlock(l);
        sched_slice_tick();
        break;
    default:
        base_store_release(&l->now_serving, l->now_serving + 1);
    }
    return 0;
}

/* A yielding class's release under its bucket's lock: out of line, so
   that a SPIN lock's release (a condition wait's) needs no frame. */
static __attribute__((noinline)) void yielding_release(mltp_lock_t *l, struct sched_posts *p)
{
    struct bucket *b = bucket_lock(l);

    release_locked(b, l, p);
    base_spin_unlock(&b->lock);
}

/* mltp_unlock with a condition's stripe lock held (a condition wait
   releases the caller's lock while it is queued, before it blocks): the
   bucket lock is taken inside it. The posts it owes go into *p. */
void sync_unlock_locked(mltp_lock_t *l, struct sched_posts *p)
{
    if (is_free(l)) {
        not_held(l);
        return;
    }
    switch (l->lock_class) {
    case MLTP_LOCK_SEMAPHORE:
        /* a semop that cannot block (V): bounded under the spin lock */
        sync_semlock_release(l);
        return;
    case MLTP_LOCK_BLOCK:
    case MLTP_LOCK_BLOCK_FRONT:
    case MLTP_LOCK_MUTEX:
        yielding_release(l, p);
        return;
    default:
        base_store_release(&l->now_serving, l->now_serving + 1);
        return;
    }
}

void mltp_lock_destroy(mltp_lock_t *l)
{
    if (l->lock_class == MLTP_LOCK_SEMAPHORE)
        sync_semlock_destroy(l);
}
