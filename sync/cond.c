/* sync/cond.c - condition queues. Waiting queues the caller under c's own
 * spin lock and blocks it; signal readies the first waiter, broadcast all.
 * mltp_cond_wait_lock releases the caller's lock while c's spin lock is
 * held, so a signaller (who takes c's lock to signal) cannot slip between
 * the release and the wait. */
#include "sync/sync.h"

void mltp_cond_init(mltp_cond_t *c)
{
    c->lock = 0;
    c->waiters[0] = c->waiters[1] = NULL;
}

void mltp_cond_wait(mltp_cond_t *c)
{
    sync_spin_lock(&c->lock);
    sync_wait(&c->lock, (struct sync_waitq *)c->waiters);
}

void mltp_cond_wait_lock(mltp_cond_t *c, mltp_lock_t *l)
{
    sync_spin_lock(&c->lock);
    mltp_unlock(l);
    sync_wait(&c->lock, (struct sync_waitq *)c->waiters);
    mltp_lock(l);
}

void mltp_cond_signal(mltp_cond_t *c)
{
    struct sync_waiter *w;

    sync_spin_lock(&c->lock);
    w = sync_waitq_pop((struct sync_waitq *)c->waiters);
    sync_spin_unlock(&c->lock);
    if (w)
        sync_wake(w);
}

void mltp_cond_broadcast(mltp_cond_t *c)
{
    struct sync_waiter *all;

    sync_spin_lock(&c->lock);
    all = sync_waitq_take_all((struct sync_waitq *)c->waiters);
    sync_spin_unlock(&c->lock);
    sync_wake_all(all);
}
