/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/cond.c - condition queues. A waiter is queued and blocked under the
 * condition's stripe lock (sched/block.h), so waiting and signalling each
 * take that lock; signal readies the first waiter, broadcast all.
 * mltp_cond_wait_lock releases the caller's lock while the stripe lock is
 * held, so a signaller cannot slip between the release and the wait. The
 * public `lock` field is unused (kept for the layout); the queue is
 * waiters[0]. */
#include "sync/sync.h"

#define QUEUE(c) SYNC_QUEUE(&(c)->waiters[0])

void mltp_cond_init(mltp_cond_t *c)
{
    c->lock = 0;
    c->waiters[0] = c->waiters[1] = NULL;
}

static inline base_spin_t *cond_lock(mltp_cond_t *c)
{
    return sched_stripe_take(c);
}

void mltp_cond_wait(mltp_cond_t *c)
{
    base_spin_t *s = cond_lock(c);
    sched_trace_waiting(c, SCHED_ON_COND);
    sched_wait_locked(s, QUEUE(c), NULL);
}

void mltp_cond_wait_lock(mltp_cond_t *c, mltp_lock_t *l)
{
    base_spin_t *s = cond_lock(c);
    struct sched_posts p;

    sched_posts_init(&p);
    sync_unlock_locked(l, &p);
    /* a post never blocks: bounded under the stripe lock */
    sched_post_owed(&p);
    sched_trace_waiting(c, SCHED_ON_COND);
    sched_wait_locked(s, QUEUE(c), NULL);
    mltp_lock(l);
}

/* A signal is a hand-off: the signaller usually waits next (sched/place.c). */
void mltp_cond_signal(mltp_cond_t *c)
{
    base_spin_t *s = cond_lock(c);
    struct sched_posts p;

    sched_posts_init(&p);
    sched_wake_locked(QUEUE(c), NULL, SCHED_WAKE_HANDOFF, &p);
    sched_unlock_wake(s, &p);
}

void mltp_cond_broadcast(mltp_cond_t *c)
{
    base_spin_t *s = cond_lock(c);
    struct sched_posts p;

    sched_posts_init(&p);
    sched_wake_all_locked(QUEUE(c), NULL, NULL, SCHED_WAKE_HANDOFF, &p);
    sched_unlock_wake(s, &p);
}
