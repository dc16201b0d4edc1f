/* sync/barrier.c - episode barriers: the count-th arrival starts a new
 * episode and releases everyone who waits in the old one. Arrivals after
 * that already count for the new episode, so the barrier is reusable at
 * once. */
#include <errno.h>
#include "sync/sync.h"
#include "vp/vp.h"

void mltp_barrier_init(mltp_barrier_t *b)
{
    b->lock = 0;
    b->episode = 0;
    b->arrived = 0;
    b->waiters[0] = b->waiters[1] = NULL;
}

int mltp_barrier(mltp_barrier_t *b, int count)
{
    struct sync_waitq *q = (struct sync_waitq *)b->waiters;

    if (count < 1) {
        vp_warn("mltp_barrier: count %d (must be at least 1)", count);
        return EINVAL;
    }
    sync_spin_lock(&b->lock);
    if (++b->arrived >= count) {
        struct sync_waiter *all = sync_waitq_take_all(q);
        b->arrived = 0;
        b->episode++;
        sync_spin_unlock(&b->lock);
        sync_wake_all(all);
        return 0;
    }
    sync_wait(&b->lock, q);
    return 0;
}
