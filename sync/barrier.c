/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/barrier.c - episode barriers: the count-th arrival starts a new
 * episode and releases everyone who waits in the old one. Arrivals after
 * that already count for the new episode, so the barrier is reusable at
 * once. An arrival that finds count or more already arrived in its episode
 * is a party too many: EINVAL, with a message; it neither waits nor
 * releases (two arrivals cannot both be the count-th).
 *
 * An arrival takes its place with one compare-and-swap on the 64-bit word
 * made of b->lock (the arrivals of the current episode) and b->episode:
 * no lock, so on several VPs only the barrier's cache line moves, and the
 * count-th arrival moves the episode on in that same CAS. Waiters watch
 * b->episode. With more than one VP a waiting ULT
 * first spins for about one wake-up cost, but only while no ready ULT
 * lacks an idle VP to run it (that one may be the arrival we wait for, and
 * need our VP); then it blocks, queued under its stripe lock on
 * b->waiters[episode & 1] (episode e+1 may begin before e's waiters are
 * woken) with its episode as key. Kernel-level
 * threads (bound threads, main) only spin. In a solo start (sched/runq.h)
 * nothing here is atomic. */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include "base/backoff.h"
#include "base/clock.h"
#include "sync/sync.h"

/* The barrier's word: {lock, episode} read as one 64-bit integer, the
   episode (all 32 bits: a waiter whose VP the kernel preempts may look
   again thousands of episodes later) above the arrivals. */
typedef unsigned long long __attribute__((may_alias)) barrier_word_t;
_Static_assert(offsetof(mltp_barrier_t, lock) == 0 &&
               offsetof(mltp_barrier_t, episode) == 4 &&
               _Alignof(mltp_barrier_t) >= 8 &&
               __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
               "{lock, episode} must be one aligned 64-bit word, episode high");
#define WORD(b) ((barrier_word_t *)&(b)->lock)
#define EPISODE(a) ((unsigned int)((a) >> 32))
#define ARRIVALS(a) ((unsigned int)(a))
#define COUNT_MAX ((1u << 24) - 1)         /* the documented limit */
/* The ULTs blocked in an episode, in the order they came, with their
   episode as key: with more parties than count, a waiter of episode e may
   still be queued when e+2 begins (its releaser not yet at its wake), and
   a release wakes only its own episode's waiters. */
#define QUEUE(b, ep) SYNC_QUEUE(&(b)->waiters[(ep) & 1])
#define KEY(ep) ((const void *)((uintptr_t)(ep) + 1))

void mltp_barrier_init(mltp_barrier_t *b)
{
    b->lock = 0;
    b->episode = 0;
    b->arrived = 0;
    b->waiters[0] = b->waiters[1] = NULL;
}

/* Has episode ep ended? The episode moves on only in the count-th
   arrival's CAS, in order, so "ended" is "different" (whatever the lag,
   up to 2^32 - 1 episodes). An acquire: whoever saw it moved on sees the
   parties' writes before their arrivals (wait_blocked has no fence of its
   own after the look; aarch64 needs one there, x86-64 does not). */
static inline int released(const mltp_barrier_t *b, unsigned int ep)
{
    return base_load_acquire(&b->episode) != ep;
}

/* A kernel-level thread: spin until the episode moves on. */
static void spin_episode(const mltp_barrier_t *b, unsigned int ep)
{
    struct base_backoff w = BASE_BACKOFF_INIT;

    while (!released(b, ep))
        base_backoff(&w);
}

/* A ULT: spin for at most ns while no ready ULT lacks a VP and the
   machine is not crowded; 1 if the episode moved on. The run queue
   shares its cache line with its lock: look at it only now and then, or
   every other VP's lock pays for it. */
static int spin_episode_idle(const mltp_barrier_t *b, unsigned int ep, long ns)
{
    long deadline = base_now_ns() + ns;
    unsigned int n = 0;

    while (!released(b, ep)) {
        caa_cpu_relax();
        if ((++n & 0x3f) == 0 && sched_spin_over(deadline))
            return 0;
    }
    return 1;
}

static int __attribute__((noinline)) too_many(const mltp_barrier_t *b, int count)
{
    base_warn("mltp_barrier: barrier %p: an arrival beyond its count (%d) in "
              "one episode", (const void *)b, count);
    return EINVAL;
}

/* The word after arrival a: the count-th ends the episode and starts the
   next with no arrival, in one store (no window in which the next
   episode's first arrival would find the count reached). */
static inline unsigned long long next_word(unsigned long long a, int count)
{
    if (ARRIVALS(a) + 1 == (unsigned int)count)
        return (unsigned long long)(EPISODE(a) + 1) << 32;
    return a + 1;
}

/* Take our place: 1 with our arrival index in *a, or 0 if count or more
   have already arrived in this episode (only with differing counts; we
   are then not counted). */
static inline int arrive(mltp_barrier_t *b, int count, unsigned long long *a)
{
    unsigned long long v;
    do {
        v = CMM_LOAD_SHARED(*WORD(b));
        if (ARRIVALS(v) >= (unsigned int)count)
            return 0;
    } while (uatomic_cmpxchg(WORD(b), v, next_word(v, count)) != v);
    *a = v;
    return 1;
}

/* The barrier's stripe lock guards its two episode queues. */
static inline base_spin_t *barrier_lock(mltp_barrier_t *b)
{
    return sched_stripe_take(b);
}

/*
 * ARCHITECTURE.md, "Barrier episode": a waiter W queues itself, then looks
 * at the episode; the releaser R moves the episode on, then looks at the
 * queue:
 *
 *   W (stripe lock held)             R
 *   add W to QUEUE(ep)               CAS: episode = ep + 1 (a full fence)
 *   smp_mb()
 *   episode moved on? then leave     QUEUE(ep) empty? then nobody to wake
 *
 * Both "yes" is forbidden: one of the two sees the other (store
 * buffering, fenced on both sides).
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
static int wait_blocked(mltp_barrier_t *b, unsigned int ep)
{
    struct sched_waiter w;
    base_spin_t *s = barrier_lock(b);

    sched_waiter_init(&w, KEY(ep));
    sched_waitq_add(QUEUE(b, ep), &w);
    base_full_fence();
    if (released(b, ep)) {
        sched_waitq_remove(QUEUE(b, ep), &w);
        base_spin_unlock(s);
        return 0;
    }
    sched_wait_queued(&w, s);
    return 0;
}
#pragma GCC diagnostic pop

/* Several VPs: spin while worth it, then block. */
static int __attribute__((noinline)) wait_spinning(mltp_barrier_t *b, int ult,
                                                   unsigned int ep)
{
    if (!ult) {
        spin_episode(b, ep);
        base_acquire_fence();   /* the parties' writes before their arrival */
        return 0;
    }
    if (spin_episode_idle(b, ep, sched_spin_ns())) {
        base_acquire_fence();
        return 0;
    }
    return wait_blocked(b, ep);
}

static int __attribute__((noinline)) wake(mltp_barrier_t *b, unsigned int ep)
{
    base_spin_t *s = barrier_lock(b);
    sched_unlock_wake(s, sched_wake_all_locked(QUEUE(b, ep), KEY(ep), NULL));
    return 0;
}

/* R of the litmus test above, after its CAS (which is the full fence:
   uatomic_cmpxchg implies one). */
static inline int release(mltp_barrier_t *b, unsigned int ep)
{
    if (CMM_LOAD_SHARED(QUEUE(b, ep)->last))
        return wake(b, ep);
    return 0;
}

/* Several VPs, a ULT that will block unless it is last: queued before it
   arrives, both under the stripe lock, so that a releaser that arrives
   after it finds it queued (no second look at the episode, no extra
   barrier); if it is last itself it wakes the others in the same critical
   section. The episode cannot end between its look and its arrival unless
   the arrival that ends it came first: then it moves to the next
   episode's queue. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
static int __attribute__((noinline)) arrive_blocking(mltp_barrier_t *b, int count)
{
    struct sched_waiter w;
    unsigned long long a;
    unsigned int ep;
    base_spin_t *s = barrier_lock(b);

    ep = CMM_LOAD_SHARED(b->episode);
    sched_waiter_init(&w, KEY(ep));
    sched_waitq_add(QUEUE(b, ep), &w);
    if (!arrive(b, count, &a)) {
        sched_waitq_remove(QUEUE(b, ep), &w);
        base_spin_unlock(s);
        return too_many(b, count);
    }
    if (__builtin_expect(EPISODE(a) != ep, 0)) {
        sched_waitq_remove(QUEUE(b, ep), &w);
        ep = EPISODE(a);
        sched_waiter_init(&w, KEY(ep));
        sched_waitq_add(QUEUE(b, ep), &w);
    }
    if (ARRIVALS(a) + 1 < (unsigned int)count) {
        sched_wait_queued(&w, s);
        return 0;
    }
    sched_unlock_wake(s, sched_wake_all_locked(QUEUE(b, ep), KEY(ep), &w));
    return 0;
}

/* A solo start: no other kernel-level thread, so no atomic, no lock, no
   second look. */
static inline int arrive_solo(mltp_barrier_t *b, int count)
{
    unsigned long long a = *WORD(b);
    unsigned int ep = EPISODE(a);

    if (ARRIVALS(a) >= (unsigned int)count)
        return too_many(b, count);
    *WORD(b) = next_word(a, count);
    if (ARRIVALS(a) + 1 == (unsigned int)count) {
        if (QUEUE(b, ep)->last)
            sched_wake_all_locked(QUEUE(b, ep), KEY(ep), NULL);
        return 0;
    }
    sched_wait_locked(&sched_solo_lock, QUEUE(b, ep), KEY(ep));
    return 0;
}
#pragma GCC diagnostic pop

static int __attribute__((noinline)) bad_count(int count)
{
    base_warn("mltp_barrier: count %d (must be between 1 and %u)", count, COUNT_MAX);
    return EINVAL;
}

/* 1 VP (solo): no locked instruction; on several VPs one CAS, and the
   stripe lock only to block or to wake the blocked. */
int mltp_barrier(mltp_barrier_t *b, int count)
{
    unsigned long long a;
    unsigned int ep;
    int ult;

    if (__builtin_expect(count < 1 || (unsigned int)count > COUNT_MAX, 0))
        return bad_count(count);
    if (sched_solo())       /* then the caller is a ULT: no other thread runs */
        return arrive_solo(b, count);
    ult = sched_in_ult();
    if (ult && (!sched_spin_pays() || sched_starving()))
        return arrive_blocking(b, count);
    if (!arrive(b, count, &a))
        return too_many(b, count);
    ep = EPISODE(a);
    if (ARRIVALS(a) + 1 == (unsigned int)count)
        return release(b, ep);
    return wait_spinning(b, ult, ep);
}
