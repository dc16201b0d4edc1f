/* sync/lock.c - the four MLTP lock classes on one ticket-lock layout:
 * next_available is the next ticket, now_serving the ticket that holds the
 * lock; the lock is free when they are equal.
 *   SPIN        take a ticket, spin until served (FIFO, no yield)
 *   BLOCK       try (CAS a ticket only if free), else yield to the back
 *   BLOCK_FRONT try, else yield to the front (run again right after one)
 *   SEMAPHORE   a SysV semaphore (sync/semlock.c): blocks the whole VP */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include "sync/sync.h"
#include "vp/vp.h"

int mltp_lock_init(mltp_lock_t *l, int lock_class)
{
    mltp_init();
    if (!l || lock_class < MLTP_LOCK_SPIN || lock_class > MLTP_LOCK_SEMAPHORE) {
        vp_warn("mltp_lock_init: unknown lock class %d", lock_class);
        return EINVAL;
    }
    l->now_serving = 0;
    l->next_available = 0;
    l->lock_class = lock_class;
    l->sem_slot = -1;
    if (lock_class == MLTP_LOCK_SEMAPHORE)
        return sync_semlock_init(l);
    return 0;
}

/* The public counters are volatile; uatomic wants plain pointers. */
#define NEXT_TICKET(l) ((unsigned int *)&(l)->next_available)

/* Free and no-one took a ticket since we looked: one CAS. */
static inline int ticket_try(mltp_lock_t *l)
{
    unsigned int t = CMM_LOAD_SHARED(l->next_available);
    return CMM_LOAD_SHARED(l->now_serving) == t &&
           uatomic_cmpxchg(NEXT_TICKET(l), t, t + 1) == t;
}

void mltp_lock(mltp_lock_t *l)
{
    switch (l->lock_class) {
    case MLTP_LOCK_SPIN: {
        /* uncontended: one locked xadd and one load (~20 cycles) */
        unsigned int me = uatomic_add_return(NEXT_TICKET(l), 1) - 1;
        /* with more VPs than CPUs, or other programs on them, the holder's
           VP may be off its CPU: give ours away after ~1k spins (~40 us,
           a wake-up's cost) rather than spin out a time slice (64k spins
           cost ~1 ms per hand-off on a loaded 2-CPU machine) */
        unsigned int n = 0, every = vpg.nvp > vpg.ncpus ? 0xff : 0x3ff;
        while (CMM_LOAD_SHARED(l->now_serving) != me) {
            caa_cpu_relax();
            if ((++n & every) == 0)
                sched_yield();
        }
        sync_acquire_fence();
        return;
    }
    case MLTP_LOCK_BLOCK:
    case MLTP_LOCK_BLOCK_FRONT:
        while (!ticket_try(l)) {
            if (!ult_running())
                sched_yield();
            else if (l->lock_class == MLTP_LOCK_BLOCK)
                mltp_yield();
            else
                mltp_yield_to_first();
        }
        return;
    case MLTP_LOCK_SEMAPHORE:
        sync_semlock_acquire(l);
        return;
    default:
        vp_warn("mltp_lock: lock %p is not initialised (class %d)", (void *)l,
                l->lock_class);
        abort();
    }
}

int mltp_trylock(mltp_lock_t *l)
{
    if (l->lock_class == MLTP_LOCK_SEMAPHORE)
        return sync_semlock_try(l);
    return ticket_try(l);
}

int mltp_unlock(mltp_lock_t *l)
{
    unsigned int served = CMM_LOAD_SHARED(l->now_serving);

    if (served == CMM_LOAD_SHARED(l->next_available)) {
        vp_warn("mltp_unlock: lock %p is not held", (void *)l);
        return EPERM;
    }
    if (l->lock_class == MLTP_LOCK_SEMAPHORE) {
        sync_semlock_release(l);
        return 0;
    }
    sync_store_release(&l->now_serving, served + 1);
    return 0;
}

void mltp_lock_destroy(mltp_lock_t *l)
{
    if (l->lock_class == MLTP_LOCK_SEMAPHORE)
        sync_semlock_destroy(l);
}
