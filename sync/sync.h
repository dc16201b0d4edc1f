/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/sync.h - synchronisation internals. Waiters block and are woken
 * only through the scheduler's calls (sched/block.h). */
#ifndef SYNC_SYNC_H
#define SYNC_SYNC_H

#include "sched/block.h"

/* The public structs keep their wait queues in their `void *waiters[]`
   fields: one queue per pointer. */
#define SYNC_QUEUE(p) ((sched_waitq_t *)(p))

/* sync/lock.c: mltp_unlock with a condition's stripe lock held; the
   posts it owes go into *p */
void sync_unlock_locked(mltp_lock_t *l, struct sched_posts *p);

/* sync/semlock.c: MLTP_LOCK_SEMAPHORE */
int sync_semlock_init(mltp_lock_t *l);
void sync_semlock_acquire(mltp_lock_t *l);
int sync_semlock_try(mltp_lock_t *l);
void sync_semlock_release(mltp_lock_t *l);
void sync_semlock_destroy(mltp_lock_t *l);

#endif
