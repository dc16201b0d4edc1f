/* sync/barrier.c - episode barriers: the count-th arrival starts a new
 * episode and releases everyone who waits in the old one. Arrivals after
 * that already count for the new episode, so the barrier is reusable at
 * once.
 *
 * An arrival takes its place with one atomic add on b->arrived, which
 * holds the arrivals of the current episode and, above them, the episode's
 * low bits: no lock, so on several VPs only the barrier's cache line
 * moves. Waiters watch b->episode. With more than one VP a waiting ULT
 * first spins for about one wake-up cost, but only while no ready ULT
 * lacks an idle VP to run it (that one may be the arrival we wait for, and
 * need our VP); then it blocks, queued under the run-queue lock on
 * b->waiters[episode & 1] (episode e+1 may begin before e's waiters are
 * woken; e+2 cannot, e's waiters being parties of e+1). Kernel-level
 * threads (bound threads, the caller of an asynchronous start) only spin.
 * In a solo start (ult/runq.h) nothing here is atomic.
 */
#include <errno.h>
#include <sched.h>
#include <time.h>
#include "sync/sync.h"
#include "ult/runq.h"
#include "vp/vp.h"

#define EP_SHIFT 24                        /* b->arrived: episode bits above */
#define COUNT_MAX ((1u << EP_SHIFT) - 1)
#define EP_BITS(e) ((e) & ((1u << (32 - EP_SHIFT)) - 1))
/* the blocked ULTs of an episode: a circular list (ult->next) known by its
   last element, so that they are woken in the order they came */
#define WAITERS(b, ep) (*(ult_t **)&(b)->waiters[(ep) & 1])

void mltp_barrier_init(mltp_barrier_t *b)
{
    b->lock = 0;
    b->episode = 0;
    b->arrived = 0;
    b->waiters[0] = b->waiters[1] = NULL;
}

static long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static inline int released(const mltp_barrier_t *b, unsigned int ep)
{
    return EP_BITS(CMM_LOAD_SHARED(b->episode)) != ep;
}

/* A kernel-level thread: spin until the episode moves on. */
static void spin_episode(const mltp_barrier_t *b, unsigned int ep)
{
    unsigned int n = 0;

    while (!released(b, ep)) {
        caa_cpu_relax();
        if ((++n & 0xfff) == 0)
            sched_yield();
    }
}

/* A ULT: spin for at most ns while no ready ULT lacks a VP; 1 if the
   episode moved on. The run queue shares its cache line with its lock:
   look at it only now and then, or every other VP's lock pays for it. */
static int spin_episode_idle(const mltp_barrier_t *b, unsigned int ep, long ns)
{
    long deadline = now_ns() + ns;
    unsigned int n = 0;

    while (!released(b, ep)) {
        caa_cpu_relax();
        if ((++n & 0x3f) == 0 && (runq_starving() || now_ns() >= deadline))
            return 0;
    }
    return 1;
}

static inline void list_push(mltp_barrier_t *b, unsigned int ep, ult_t *self)
{
    ult_t *last = WAITERS(b, ep);

    if (last) {
        self->next = last->next;
        last->next = self;
    } else {
        self->next = self;
    }
    WAITERS(b, ep) = self;
}

/* Take self, the last one queued, off again (rare: O(n)). */
static void list_drop_last(mltp_barrier_t *b, unsigned int ep, ult_t *self)
{
    ult_t *p = self;

    if (self->next == self) {
        WAITERS(b, ep) = NULL;
        return;
    }
    while (p->next != self)
        p = p->next;
    p->next = self->next;
    WAITERS(b, ep) = p;
}

/* Queue self on its episode's list and block, unless the release came
   first: the push, then a full barrier, then the look at the episode;
   the releaser stores the episode, then a full barrier, then looks at the
   list (release): one of the two sees the other. */
static int wait_blocked(mltp_barrier_t *b, ult_t *self, unsigned int ep)
{
    runq_lock();
    list_push(b, ep, self);
    cmm_smp_mb();
    if (released(b, ep)) {
        list_drop_last(b, ep, self);
        runq_unlock();
        return 0;
    }
    return ult_block_locked();
}

/* Several VPs: spin while worth it, then block. */
static int __attribute__((noinline)) wait_spinning(mltp_barrier_t *b, ult_t *self,
                                                   unsigned int ep)
{
    if (!self) {
        spin_episode(b, ep);
        sync_acquire_fence();   /* the parties' writes before their arrival */
        return 0;
    }
    if (spin_episode_idle(b, ep, vpg.spin_ns)) {
        sync_acquire_fence();
        return 0;
    }
    return wait_blocked(b, self, ep);
}

/* Run-queue lock held: make the ULTs that blocked in episode ep ready, in
   the order they came, but skip (the releaser, if it queued itself), and
   drop the lock. */
static void wake_locked(mltp_barrier_t *b, unsigned int ep, ult_t *skip)
{
    ult_t *last = WAITERS(b, ep), *w, *next;
    int n = 0;

    WAITERS(b, ep) = NULL;
    if (last) {
        for (w = last->next;; w = next) {
            next = w->next;
            if (w != skip) {
                runq_push_back(w);
                n++;
            }
            if (w == last)
                break;
        }
    }
    ult_sched_unlock_wake(n);
}

static int __attribute__((noinline)) wake(mltp_barrier_t *b, unsigned int ep)
{
    runq_lock();
    wake_locked(b, ep, NULL);
    return 0;
}

/* The last arrival: the count restarts, with the next episode's bits,
   before the episode moves on and releases the others (one of whom may
   arrive again at once). */
static inline void new_episode(mltp_barrier_t *b, unsigned int ep)
{
    CMM_STORE_SHARED(b->arrived, (int)(EP_BITS(ep + 1) << EP_SHIFT));
    CMM_STORE_SHARED(b->episode, b->episode + 1);
}

static inline int release(mltp_barrier_t *b, unsigned int ep)
{
    new_episode(b, ep);
    cmm_smp_mb();
    if (CMM_LOAD_SHARED(WAITERS(b, ep)))
        return wake(b, ep);
    return 0;
}

/* Several VPs, a ULT that will block unless it is last: queued before it
   arrives, both under the run-queue lock, so that a releaser that arrives
   after it finds it queued (no second look at the episode, no extra
   barrier); if it is last itself it wakes the others in the same critical
   section. The episode cannot end between its look and its arrival unless
   it is a party too many; then it moves to the next episode's list. */
static int __attribute__((noinline)) arrive_blocking(mltp_barrier_t *b, ult_t *self,
                                                     int count)
{
    unsigned int a, ep;

    runq_lock();
    ep = EP_BITS(CMM_LOAD_SHARED(b->episode));
    list_push(b, ep, self);
    a = (unsigned int)uatomic_add_return(&b->arrived, 1) - 1;
    if (__builtin_expect((a >> EP_SHIFT) != ep, 0)) {
        list_drop_last(b, ep, self);
        ep = a >> EP_SHIFT;
        list_push(b, ep, self);
    }
    if ((a & COUNT_MAX) + 1 < (unsigned int)count)
        return ult_block_locked();
    new_episode(b, ep);
    wake_locked(b, ep, self);
    return 0;
}

/* A solo start (ult/runq.h): no other kernel-level thread, so no atomic,
   no lock, no second look. */
static inline int arrive_solo(mltp_barrier_t *b, ult_t *self, int count)
{
    unsigned int a = (unsigned int)b->arrived, ep = a >> EP_SHIFT;

    b->arrived = (int)(a + 1);
    if ((a & COUNT_MAX) + 1 >= (unsigned int)count) {
        new_episode(b, ep);
        if (WAITERS(b, ep))
            wake_locked(b, ep, NULL);
        return 0;
    }
    list_push(b, ep, self);
    return ult_block_locked();
}

static int __attribute__((noinline)) bad_count(int count)
{
    vp_warn("mltp_barrier: count %d (must be between 1 and %u)", count, COUNT_MAX);
    return EINVAL;
}

/* 1 VP (solo): no locked instruction; on several VPs one atomic add, and
   the run-queue lock only to block or to wake the blocked. Every path ends
   in a tail call: no stack frame on the usual ones. */
int mltp_barrier(mltp_barrier_t *b, int count)
{
    vp_t *vp = vp_current();
    ult_t *self = vp ? vp->cur : NULL;
    unsigned int a, ep;

    if (__builtin_expect(count < 1 || (unsigned int)count > COUNT_MAX, 0))
        return bad_count(count);
    if (ult_runq.solo)      /* then self is a ULT: no other thread runs */
        return arrive_solo(b, self, count);
    if (self && (!vp_spin_pays() || runq_starving()))
        return arrive_blocking(b, self, count);
    a = (unsigned int)uatomic_add_return(&b->arrived, 1) - 1;
    ep = a >> EP_SHIFT;
    if ((a & COUNT_MAX) + 1 >= (unsigned int)count)
        return release(b, ep);
    return wait_spinning(b, self, ep);
}
