/* sync/barrier.c - episode barriers: the count-th arrival starts a new
 * episode and releases everyone who waits in the old one. Arrivals after
 * that already count for the new episode, so the barrier is reusable at
 * once.
 *
 * The state is kept under the run-queue lock: an arrival takes one lock,
 * and a ULT that waits blocks (its VP runs other ULTs) queued on its own
 * run-queue link. With more than one VP a waiting ULT first spins on the
 * episode for about one wake-up cost, but only while no ready ULT lacks an
 * idle VP to run it (that one may be the arrival we wait for, and need
 * our VP): a release seen through one cache line is far cheaper than
 * waking a blocked ULT on another VP. Kernel-level threads (bound threads, the
 * caller of an asynchronous start) only spin.
 */
#include <errno.h>
#include <sched.h>
#include <time.h>
#include "sync/sync.h"
#include "ult/runq.h"
#include "vp/vp.h"

/* waiters[0]: first blocked ULT, waiters[1]: last (linked by ult->next) */
#define FIRST(b) (*(ult_t **)&(b)->waiters[0])
#define LAST(b) (*(ult_t **)&(b)->waiters[1])

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

/* A kernel-level thread: spin until the episode moves on. */
static void spin_episode(const mltp_barrier_t *b, unsigned int ep)
{
    unsigned int n = 0;

    while (CMM_LOAD_SHARED(b->episode) == ep) {
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

    while (CMM_LOAD_SHARED(b->episode) == ep) {
        caa_cpu_relax();
        if ((++n & 0x3f) == 0 && (runq_starving() || now_ns() >= deadline))
            return 0;
    }
    return 1;
}

static int wait_blocked(mltp_barrier_t *b, ult_t *self)
{
    self->next = NULL;
    if (LAST(b))
        LAST(b)->next = self;
    else
        FIRST(b) = self;
    LAST(b) = self;
    return ult_block_locked();
}

/* Several VPs: spin while worth it, then block. Out of line, so that the
   1-VP paths of mltp_barrier need no stack frame. Lock held on entry. */
static int __attribute__((noinline)) wait_spinning(mltp_barrier_t *b, ult_t *self,
                                                   unsigned int ep)
{
    runq_unlock();
    if (!self) {
        spin_episode(b, ep);
        return 0;
    }
    if (spin_episode_idle(b, ep, vpg.spin_ns))
        return 0;
    /* still not released: block after all, unless it happened just now */
    runq_lock();
    if (b->episode != ep) {
        runq_unlock();
        return 0;
    }
    return wait_blocked(b, self);
}

/* The last arrival: a new episode; every waiter is ready again. */
static int __attribute__((noinline)) release(mltp_barrier_t *b, unsigned int ep)
{
    ult_t *w, *next;
    int n = 0;

    b->arrived = 0;
    CMM_STORE_SHARED(b->episode, ep + 1);
    for (w = FIRST(b); w; w = next, n++) {
        next = w->next;
        runq_push_back(w);
    }
    FIRST(b) = LAST(b) = NULL;
    ult_sched_unlock_wake(n);
    return 0;
}

/* An arrival, run-queue lock held. Every path ends in a tail call: the
   callers need no stack frame. */
static inline int arrive_locked(mltp_barrier_t *b, int count, ult_t *self)
{
    unsigned int ep = b->episode;

    if (++b->arrived >= count)
        return release(b, ep);
    if (self && (!vp_spin_pays() || runq_starving()))
        return wait_blocked(b, self);
    return wait_spinning(b, self, ep);
}

static int __attribute__((noinline)) arrive_contended(mltp_barrier_t *b, int count,
                                                      ult_t *self)
{
    runq_lock();
    return arrive_locked(b, count, self);
}

static int __attribute__((noinline)) bad_count(int count)
{
    vp_warn("mltp_barrier: count %d (must be at least 1)", count);
    return EINVAL;
}

/* Frameless: the lock's contended path, like every other, is a tail call
   (2 parties on 1 VP: 193 -> 173 instructions per episode). */
int mltp_barrier(mltp_barrier_t *b, int count)
{
    vp_t *vp = vp_current();
    ult_t *self = vp ? vp->cur : NULL;

    if (__builtin_expect(count < 1, 0))
        return bad_count(count);
    if (__builtin_expect(runq_trylock_failed(), 0))
        return arrive_contended(b, count, self);
    return arrive_locked(b, count, self);
}
