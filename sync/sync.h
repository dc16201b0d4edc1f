/* sync/sync.h - synchronisation internals: wait queues whose waiters are
 * ULTs (they block; their VP runs other ULTs) or kernel-level threads
 * (bound threads: they spin on their node). */
#ifndef SYNC_SYNC_H
#define SYNC_SYNC_H

#include "sync/spin.h"
#include "ult/ult.h"

/* Lives on the waiter's stack for as long as it waits. */
struct sync_waiter {
    struct sync_waiter *next;
    ult_t *ult;                 /* NULL: a kernel-level waiter */
    volatile int woken;
};

/* Overlays the `void *waiters[2]` of the public structs. */
struct sync_waitq {
    struct sync_waiter *head, *tail;
};

/* With *lock held: queue the caller on q and wait; *lock is released
   (atomically with blocking, for a ULT) and not re-taken. */
void sync_wait(sync_spin_t *lock, struct sync_waitq *q);
/* With the lock held: take the first waiter / all waiters off q. */
struct sync_waiter *sync_waitq_pop(struct sync_waitq *q);
struct sync_waiter *sync_waitq_take_all(struct sync_waitq *q);
/* After the lock is released: let w go (w may vanish at once). */
void sync_wake(struct sync_waiter *w);
void sync_wake_all(struct sync_waiter *list);

/* sync/semlock.c: MLTP_LOCK_SEMAPHORE */
int sync_semlock_init(mltp_lock_t *l);
void sync_semlock_acquire(mltp_lock_t *l);
int sync_semlock_try(mltp_lock_t *l);
void sync_semlock_release(mltp_lock_t *l);
void sync_semlock_destroy(mltp_lock_t *l);

#endif
