/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/semlock.c - MLTP_LOCK_SEMAPHORE: each lock is one semaphore in a set
 * of SEMS_PER_SET made through the VP layer's registry (removed however
 * the program ends). The ticket counters still say whether it is held.
 *
 * A waiter blocks its whole VP in semop. If every VP is blocked that way
 * or parked, nothing is ready that a free VP could run, no bound thread
 * could release anything, and no lock was released for two timeouts in a
 * row, the ULTs are deadlocked: that is reported like a deadlock through
 * conditions (mltp_start returns EDEADLK), and the waiting VPs leave their
 * ULTs where they are. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sem.h>
#include <time.h>
#include "sync/sync.h"

#define SEMS_PER_SET 64
#define SETS 64
#define SLOT_BITS 12                      /* SETS * SEMS_PER_SET slots */
#define SLOT(l) ((l)->sem_slot & ((1 << SLOT_BITS) - 1))
#define EPOCH(l) ((l)->sem_slot >> SLOT_BITS)
#define WAIT_MS 100

static base_spin_t slot_lock;      /* a leaf: set_ids, used, nsets */
static int set_ids[SETS];
static unsigned long long used[SETS];
static int nsets;
static int epoch;                  /* fork()s: locks made before are void */
static unsigned long releases;     /* uatomic: progress, for the deadlock test */

static int sem_op(const mltp_lock_t *l, short op, short flags,
                  const struct timespec *timeout)
{
    struct sembuf b = { (unsigned short)(SLOT(l) % SEMS_PER_SET), op, flags };
    int r;
    while ((r = semtimedop(set_ids[SLOT(l) / SEMS_PER_SET], &b, 1, timeout)) < 0 &&
           errno == EINTR)
        ;
    return r;
}

static void forget(void)
{
    slot_lock = 0;
    nsets = 0;
    memset(used, 0, sizeof used);
    epoch++;
}

static int register_forget(void)
{
    return pthread_atfork(NULL, NULL, forget);
}

/* A free slot, marked used, or -1; slot_lock held. */
static int take_slot_locked(void)
{
    for (int s = 0; s < nsets; s++)
        if (~used[s]) {
            int b = __builtin_ctzll(~used[s]);
            used[s] |= 1ULL << b;
            return s * SEMS_PER_SET + b;
        }
    return -1;
}

/* A slot in a new set, or an errno value as -1 - e. The set is made with
   no lock held: the first one starts the janitor and waits for it (up to
   2 s). Two threads may each make one: both are kept; at the limit the
   later one stays unused until the registry removes it at the end. */
static int take_slot_in_new_set(void)
{
    int id, slot = -1;

    if (CMM_LOAD_SHARED(nsets) == SETS)
        return -1 - ENOSPC;
    if ((id = sched_semset_create(SEMS_PER_SET)) < 0)
        return -1 - errno;
    base_spin_lock(&slot_lock);
    if (nsets < SETS) {
        set_ids[nsets] = id;
        used[nsets] = 1;
        slot = nsets++ * SEMS_PER_SET;
    }
    base_spin_unlock(&slot_lock);
    return slot >= 0 ? slot : -1 - ENOSPC;
}

int sync_semlock_init(mltp_lock_t *l)
{
    static base_once_t atfork_once;
    int slot, e;

    if ((e = base_once(&atfork_once, register_forget)) != 0) {
        base_warn("mltp_lock_init: pthread_atfork: %s", strerror(e));
        return e;
    }
    base_spin_lock(&slot_lock);
    slot = take_slot_locked();
    base_spin_unlock(&slot_lock);
    if (slot < 0 && (slot = take_slot_in_new_set()) < 0) {
        e = -1 - slot;
        base_warn("mltp_lock_init: no semaphore for a MLTP_LOCK_SEMAPHORE lock: %s",
                strerror(e));
        return e;
    }
    l->sem_slot = slot | epoch << SLOT_BITS;
    if (semctl(set_ids[slot / SEMS_PER_SET], slot % SEMS_PER_SET, SETVAL, 1) < 0) {
        e = errno;
        sync_semlock_destroy(l);
        base_warn("mltp_lock_init: semctl: %s", strerror(e));
        return e;
    }
    return 0;
}

static void check_usable(const mltp_lock_t *l, const char *what)
{
    if (l->sem_slot < 0 || EPOCH(l) != epoch) {
        base_warn("%s: semaphore lock %p %s", what, (const void *)l,
                l->sem_slot < 0 ? "is destroyed or was never initialised"
                : "was made before fork(): make a new one in the child");
        abort();
    }
}

/* A ULT's wait: blocks the VP; reports a deadlock (see the top). */
static void wait_in_vp(mltp_lock_t *l)
{
    struct timespec t = { 0, WAIT_MS * 1000000L };
    int suspect = 0;

    sched_kernel_wait_begin();
    for (;;) {
        unsigned long seen = CMM_LOAD_SHARED(releases);
        if (sem_op(l, -1, 0, &t) == 0)
            break;
        if (errno != EAGAIN) {
            base_warn("mltp_lock: semaphore lock %p: %s", (void *)l, strerror(errno));
            abort();
        }
        if (sched_deadlocked() ||
            (CMM_LOAD_SHARED(releases) == seen && sched_kernel_wait_stuck() &&
             ++suspect == 2)) {
            sched_kernel_wait_end();
            sched_report_deadlock();
            sched_abandon();        /* never returns: its VP ends */
        }
        if (CMM_LOAD_SHARED(releases) != seen)
            suspect = 0;
    }
    sched_kernel_wait_end();
}

void sync_semlock_acquire(mltp_lock_t *l)
{
    check_usable(l, "mltp_lock");
    if (sem_op(l, -1, IPC_NOWAIT, NULL) < 0) {
        if (errno == EAGAIN && sched_in_ult()) {
            wait_in_vp(l);
        } else if (errno != EAGAIN || sem_op(l, -1, 0, NULL) < 0) {
            base_warn("mltp_lock: semaphore lock %p: %s", (void *)l, strerror(errno));
            abort();
        }
    }
    l->next_available++;        /* we hold it: no race */
    sched_kernel_lock_held(1);
}

int sync_semlock_try(mltp_lock_t *l)
{
    check_usable(l, "mltp_trylock");
    if (sem_op(l, -1, IPC_NOWAIT, NULL) < 0)
        return 0;
    l->next_available++;
    sched_kernel_lock_held(1);
    return 1;
}

void sync_semlock_release(mltp_lock_t *l)
{
    check_usable(l, "mltp_unlock");
    l->now_serving++;
    sched_kernel_lock_held(-1);
    uatomic_inc(&releases);
    sem_op(l, 1, 0, NULL);
}

void sync_semlock_destroy(mltp_lock_t *l)
{
    int slot = SLOT(l);
    if (l->sem_slot < 0 || EPOCH(l) != epoch)
        return;
    base_spin_lock(&slot_lock);
    used[slot / SEMS_PER_SET] &= ~(1ULL << (slot % SEMS_PER_SET));
    base_spin_unlock(&slot_lock);
    l->sem_slot = -1;
}
