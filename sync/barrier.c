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
 * no lock, and the count-th arrival moves the episode on in that same CAS,
 * then, with more than BELL_PARTIES parties, rings the barrier's bell: a
 * line of its own (one of BELLS, picked by address), which waiters watch
 * instead of the word, so that the arrivals' CASes do not compete with
 * every waiter's reads for the word's line (libgomp keeps its counter and
 * its generation apart for the same reason).
 *
 * A waiting ULT on several VPs spins on the bell for about one wake-up
 * cost while its VP has nothing else to run (ready ULTs there are most
 * often parties that must arrive) and no ready ULT lacks a VP; otherwise,
 * or then, it blocks in its VP's group for the episode, a node on the
 * lock-free list b->waiters[episode & 1] (episode e+1 may begin before
 * e's waiters are gone; sched_episode_wait): the releaser closes the
 * list and queues each group on the VP its ULTs waited on, so they go on
 * where their data is, at the cost of a run-queue lock per VP with
 * waiters; or, where the VP's last waiter spins, hands the group over to
 * it, to queue on its own queue (sched_spin_group: ARCHITECTURE.md,
 * "Group hand-over"). No lock but run-queue locks. Kernel-level threads
 * (bound threads, main) spin. In a solo start (sched/runq.h) nothing here
 * is atomic, and waiters are on those lists one by one. */
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
/* The groups blocked in an episode, on a lock-free list the episode's
   releaser closes (sched/block.h): with more parties than count, a waiter
   of episode e may still be there when e+2 begins (its releaser not yet
   at its close), and a release wakes only its own episode's waiters. */
#define LIST(b, ep) (&(b)->waiters[(ep) & 1])

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
   parties' writes before their arrivals. */
static inline int released(const mltp_barrier_t *b, unsigned int ep)
{
    return base_load_acquire(&b->episode) != ep;
}

/* The bells: rung (an atomic increment, so that barriers that share one
   lose no ring) by each release after its CAS. */
#define BELLS 64
static struct bell {
    unsigned int ring;
} __attribute__((aligned(64))) bells[BELLS];

static inline struct bell *bell(const mltp_barrier_t *b)
{
    uintptr_t a = (uintptr_t)b;
    return &bells[(a >> 6 ^ a >> 12) % BELLS];
}

/* Up to this many parties there is no bell: spinners and watchers read
   the barrier's word itself, and the few arrivals they slow down cost
   less than the bell's line, which moved between the releasers' CPUs at
   every release (2 parties on 2 VPs: 83 ns an episode without the bell,
   150 with it, alternating runs). */
#define BELL_PARTIES 4

/* The line waiters read until the episode may have moved on. */
static inline const unsigned int *watched(const mltp_barrier_t *b, int count)
{
    return count > BELL_PARTIES ? &bell(b)->ring : &b->episode;
}

/* A waiter's view of its episode: the line it reads (the bell, or the
   episode itself) and what it last saw there. */
struct episode_wait {
    const mltp_barrier_t *b;
    const unsigned int *ring;
    unsigned int seen, ep;
};

/* Has the episode moved on? The word is read only when the bell rang
   (with more than BELL_PARTIES parties). */
static inline int episode_over(void *p)
{
    struct episode_wait *w = p;
    unsigned int now = CMM_LOAD_SHARED(*w->ring);

    if (now == w->seen)
        return 0;
    w->seen = now;
    return released(w->b, w->ep);
}

/* A kernel-level thread: spin, backing off, until the episode moves on. */
static void spin_episode(const mltp_barrier_t *b, unsigned int ep, int count)
{
    struct episode_wait w = { b, watched(b, count), 0, ep };
    struct base_backoff bo = BASE_BACKOFF_INIT;

    w.seen = base_load_acquire(w.ring);
    while (!released(b, ep) && !episode_over(&w))
        base_backoff(&bo);
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

/* The releaser, after its CAS: the bell for the spinners, and the list
   closed for ep (a CAS on the line the arrival's CAS holds), each group
   there queued on its VP (ARCHITECTURE.md, "Episode list"). */
static inline int release(mltp_barrier_t *b, int count, unsigned int ep)
{
    sched_trace_episode(b, ep);
    if (count > BELL_PARTIES)
        uatomic_inc(&bell(b)->ring);
    sched_episode_release(LIST(b, ep), ep);
    return 0;
}

/* ULTs ready on our VP are most often parties that must arrive: they run
   first, and we look at the word again at our turn, while spinning pays
   (a yield is a switch, ~6 ns). 1: released. No push and no wake: the
   release writes nothing of this VP's, where blocking costs it the
   group's node and a queue. */
static int yield_while_others_arrive(struct episode_wait *w)
{
    long deadline;

    if (!sched_ready_here() || !sched_spin_pays())
        return 0;
    deadline = base_now_ns() + sched_spin_ns();
    for (unsigned int n = 1; sched_ready_here(); n++) {
        mltp_yield();
        if (episode_over(w))    /* the bell, with more than 4 parties */
            return 1;
        if ((n & 7) == 0 && base_now_ns() >= deadline)
            return 0;
    }
    return 0;
}

/* Several VPs: a kernel-level thread spins; a ULT spins while worth it,
   then waits on its VP. */
static int __attribute__((noinline)) wait_episode(mltp_barrier_t *b, int count, int ult,
                                                  unsigned int ep)
{
    struct episode_wait w = { b, watched(b, count), 0, ep };

    if (!ult) {
        spin_episode(b, ep, count);
        base_acquire_fence();   /* the parties' writes before their arrival */
        return 0;
    }
    w.seen = base_load_acquire(w.ring);
    if (yield_while_others_arrive(&w) ||
        (!sched_ready_here() &&
         (released(b, ep) || sched_spin_group(LIST(b, ep), ep, episode_over, &w)))) {
        base_acquire_fence();
        return 0;
    }
    sched_trace_waiting(b, SCHED_ON_BARRIER);
    sched_episode_wait(LIST(b, ep), ep);
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
        /* waiters of an earlier start may watch the bell (a solo start
           after one that ended in a deadlock) */
        if (count > BELL_PARTIES)
            bell(b)->ring++;
        sched_episode_release_solo(LIST(b, ep), ep);
        return 0;
    }
    sched_episode_wait_solo(LIST(b, ep), ep);
    return 0;
}

static int __attribute__((noinline)) bad_count(int count)
{
    base_warn("mltp_barrier: count %d (must be between 1 and %u)", count, COUNT_MAX);
    return EINVAL;
}

/* 1 VP (solo): no locked instruction; on several VPs one CAS to
   arrive, and to release an increment of the bell (more than
   BELL_PARTIES parties) and the list's close, a CAS. */
int mltp_barrier(mltp_barrier_t *b, int count)
{
    unsigned long long a;
    unsigned int ep;

    if (__builtin_expect(count < 1 || (unsigned int)count > COUNT_MAX, 0))
        return bad_count(count);
    if (sched_solo())       /* then the caller is a ULT: no other thread runs */
        return arrive_solo(b, count);
    if (!arrive(b, count, &a))
        return too_many(b, count);
    ep = EPISODE(a);
    if (ARRIVALS(a) + 1 == (unsigned int)count)
        return release(b, count, ep);
    return wait_episode(b, count, sched_in_ult(), ep);
}
