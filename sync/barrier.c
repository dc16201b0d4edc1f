/* sync/barrier.c - episode barriers: the count-th arrival starts a new
 * episode and releases everyone who waits in the old one. Arrivals after
 * that already count for the new episode, so the barrier is reusable at
 * once.
 *
 * The state is kept under the scheduler lock: an arrival takes one lock,
 * and a ULT that waits blocks (its VP runs other ULTs) queued on its own
 * run-queue link. With more than one VP a waiting ULT first spins on the
 * episode for about one wake-up cost: a hand-off through one cache line
 * is far cheaper than waking a blocked ULT on another VP. Kernel-level
 * threads (bound threads, the caller of an asynchronous start) only spin.
 */
#include <errno.h>
#include <sched.h>
#include <time.h>
#include "sync/sync.h"
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

/* Spin until the episode moves on; 0 if the time ran out first. */
static int spin_episode(mltp_barrier_t *b, unsigned int ep, long ns)
{
    long deadline = ns >= 0 ? now_ns() + ns : 0;
    unsigned int n = 0;

    while (CMM_LOAD_SHARED(b->episode) == ep) {
        caa_cpu_relax();
        if ((++n & 0x3f) == 0) {
            if (ns >= 0 && now_ns() >= deadline)
                return 0;
            if (ns < 0 && (n & 0xfff) == 0)
                sched_yield();
        }
    }
    return 1;
}

int mltp_barrier(mltp_barrier_t *b, int count)
{
    ult_t *self = ult_running(), *w, *next;
    unsigned int ep;
    int n = 0;

    if (count < 1) {
        vp_warn("mltp_barrier: count %d (must be at least 1)", count);
        return EINVAL;
    }
    ult_sched_lock();
    ep = b->episode;
    if (++b->arrived >= count) {
        b->arrived = 0;
        CMM_STORE_SHARED(b->episode, ep + 1);
        for (w = FIRST(b); w; w = next, n++) {
            next = w->next;
            ult_ready_locked(w);
        }
        FIRST(b) = LAST(b) = NULL;
        ult_sched_unlock_wake(n);
        return 0;
    }
    if (self && !vp_spin_pays()) {
        self->next = NULL;
        if (LAST(b))
            LAST(b)->next = self;
        else
            FIRST(b) = self;
        LAST(b) = self;
        ult_block_locked();
        return 0;
    }
    ult_sched_unlock();
    if (!self) {
        spin_episode(b, ep, -1);
        return 0;
    }
    if (spin_episode(b, ep, vpg.spin_ns))
        return 0;
    /* still not released: block after all, unless it happened just now */
    ult_sched_lock();
    if (b->episode != ep) {
        ult_sched_unlock();
        return 0;
    }
    self->next = NULL;
    if (LAST(b))
        LAST(b)->next = self;
    else
        FIRST(b) = self;
    LAST(b) = self;
    ult_block_locked();
    return 0;
}
