/* sync/cond.c - condition queues. A waiter is queued and blocked under the
 * run-queue lock, so waiting and signalling each take one lock; signal
 * readies the first waiter, broadcast all. mltp_cond_wait_lock releases
 * the caller's lock while the run-queue lock is held, so a signaller
 * cannot slip between the release and the wait. The public `lock` field
 * is unused (kept for the layout). */
#include "sync/sync.h"
#include "ult/runq.h"

#define QUEUE(c) ((struct sync_waitq *)(c)->waiters)

void mltp_cond_init(mltp_cond_t *c)
{
    c->lock = 0;
    c->waiters[0] = c->waiters[1] = NULL;
}

void mltp_cond_wait(mltp_cond_t *c)
{
    runq_lock();
    sync_wait_locked(QUEUE(c));
}

void mltp_cond_wait_lock(mltp_cond_t *c, mltp_lock_t *l)
{
    runq_lock();
    sync_unlock_locked(l);
    sync_wait_locked(QUEUE(c));
    mltp_lock(l);
}

void mltp_cond_signal(mltp_cond_t *c)
{
    runq_lock();
    sync_wake_one_unlock(QUEUE(c));
}

void mltp_cond_broadcast(mltp_cond_t *c)
{
    runq_lock();
    sync_wake_all_unlock(QUEUE(c));
}
