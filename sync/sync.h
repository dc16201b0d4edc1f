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
    const void *key;            /* what it waits for, in a shared queue */
    volatile int woken;
};

/* Overlays the `void *waiters[2]` of the public structs. */
struct sync_waitq {
    struct sync_waiter *head, *tail;
};

/* Wait queues live under the run-queue lock (runq_lock(), ult/runq.h):
   waiting and waking then take one lock, not two.
   With that lock held: queue the caller on q and wait; the lock is
   released (once the context is saved, for a ULT) and not re-taken. */
void sync_wait_locked(struct sync_waitq *q);
/* With that lock held: let the first waiter / every waiter go, then drop
   the lock. */
void sync_wake_one_unlock(struct sync_waitq *q);
void sync_wake_all_unlock(struct sync_waitq *q);
/* Queues shared by many objects (yielding locks): wait for key; let the
   first waiter for key go, readied at the back of the run queue or at its
   front (1 if a ULT was made ready). The run-queue lock stays held. */
void sync_wait_key_locked(struct sync_waitq *q, const void *key);
int sync_wake_key_locked(struct sync_waitq *q, const void *key, int front);

/* sync/lock.c: mltp_unlock with the run-queue lock held; returns the
   number of ULTs made ready */
int sync_unlock_locked(mltp_lock_t *l);

/* sync/semlock.c: MLTP_LOCK_SEMAPHORE */
int sync_semlock_init(mltp_lock_t *l);
void sync_semlock_acquire(mltp_lock_t *l);
int sync_semlock_try(mltp_lock_t *l);
void sync_semlock_release(mltp_lock_t *l);
void sync_semlock_destroy(mltp_lock_t *l);

#endif
