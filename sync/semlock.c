/* sync/semlock.c - MLTP_LOCK_SEMAPHORE: each lock is one semaphore in a set
 * of SEMS_PER_SET made through the VP layer's registry (removed however
 * the program ends). The ticket counters still say whether it is held. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sem.h>
#include "sync/sync.h"
#include "vp/vp.h"

#define SEMS_PER_SET 64
#define SETS 64

static sync_spin_t slot_lock;
static int set_ids[SETS];
static unsigned long long used[SETS];
static int nsets;

static int sem_op(const mltp_lock_t *l, short op, short flags)
{
    struct sembuf b = { (unsigned short)(l->sem_slot % SEMS_PER_SET), op, flags };
    int r;
    while ((r = semop(set_ids[l->sem_slot / SEMS_PER_SET], &b, 1)) < 0 && errno == EINTR)
        ;
    return r;
}

int sync_semlock_init(mltp_lock_t *l)
{
    int slot = -1, e = 0;

    sync_spin_lock(&slot_lock);
    for (int s = 0; s < nsets && slot < 0; s++)
        if (~used[s])
            slot = s * SEMS_PER_SET + __builtin_ctzll(~used[s]);
    if (slot < 0) {
        if (nsets == SETS) {
            e = ENOSPC;
        } else if ((set_ids[nsets] = vp_semset_create(SEMS_PER_SET)) < 0) {
            e = errno;
        } else {
            slot = nsets++ * SEMS_PER_SET;
        }
    }
    if (slot >= 0)
        used[slot / SEMS_PER_SET] |= 1ULL << (slot % SEMS_PER_SET);
    sync_spin_unlock(&slot_lock);
    if (e) {
        vp_warn("mltp_lock_init: no semaphore for a MLTP_LOCK_SEMAPHORE lock: %s",
                strerror(e));
        return e;
    }
    l->sem_slot = slot;
    if (semctl(set_ids[slot / SEMS_PER_SET], slot % SEMS_PER_SET, SETVAL, 1) < 0) {
        e = errno;
        sync_semlock_destroy(l);
        vp_warn("mltp_lock_init: semctl: %s", strerror(e));
        return e;
    }
    return 0;
}

void sync_semlock_acquire(mltp_lock_t *l)
{
    if (sem_op(l, -1, 0) < 0) {
        vp_warn("mltp_lock: semaphore lock %p: %s", (void *)l, strerror(errno));
        abort();
    }
    l->next_available++;        /* we hold it: no race */
}

int sync_semlock_try(mltp_lock_t *l)
{
    if (sem_op(l, -1, IPC_NOWAIT) < 0)
        return 0;
    l->next_available++;
    return 1;
}

void sync_semlock_release(mltp_lock_t *l)
{
    l->now_serving++;
    sem_op(l, 1, 0);
}

void sync_semlock_destroy(mltp_lock_t *l)
{
    int slot = l->sem_slot;
    if (slot < 0)
        return;
    sync_spin_lock(&slot_lock);
    used[slot / SEMS_PER_SET] &= ~(1ULL << (slot % SEMS_PER_SET));
    sync_spin_unlock(&slot_lock);
    l->sem_slot = -1;
}
