/* ult/runq.h - the run queue shared by all VPs: priority levels, FIFO
 * within a level, one spin lock. Every operation here runs with the lock
 * held; all are O(1) (a bit scan finds the highest ready level). */
#ifndef ULT_RUNQ_H
#define ULT_RUNQ_H

#include "ult/ult.h"

#define RUNQ_LEVELS (MLTP_PRIO_MAX + 1)

struct runq {
    sync_spin_t lock;
    volatile int nready;     /* peeked without the lock by idle VPs */
    int parked;              /* VPs asleep on the park semaphore (uatomic) */
    unsigned int bitmap;     /* bit p: level p non-empty */
    struct { ult_t *head, *tail; } level[RUNQ_LEVELS];
} __attribute__((aligned(64)));

extern struct runq ult_runq;

static inline void runq_lock(void) { sync_spin_lock(&ult_runq.lock); }
static inline void runq_unlock(void) { sync_spin_unlock(&ult_runq.lock); }

static inline void runq_push_back(ult_t *u)
{
    int p = u->prio;
    u->next = NULL;
    if (ult_runq.level[p].tail)
        ult_runq.level[p].tail->next = u;
    else
        ult_runq.level[p].head = u;
    ult_runq.level[p].tail = u;
    ult_runq.bitmap |= 1u << p;
    CMM_STORE_SHARED(ult_runq.nready, ult_runq.nready + 1);
}

static inline void runq_push_front(ult_t *u)
{
    int p = u->prio;
    u->next = ult_runq.level[p].head;
    if (!u->next)
        ult_runq.level[p].tail = u;
    ult_runq.level[p].head = u;
    ult_runq.bitmap |= 1u << p;
    CMM_STORE_SHARED(ult_runq.nready, ult_runq.nready + 1);
}

/* The first ULT of the highest level >= min_prio, or NULL. */
static inline ult_t *runq_pop(int min_prio)
{
    unsigned int bits = ult_runq.bitmap >> min_prio;
    if (!bits)
        return NULL;
    int p = 31 - __builtin_clz(bits) + min_prio;
    ult_t *u = ult_runq.level[p].head;
    ult_runq.level[p].head = u->next;
    if (!u->next) {
        ult_runq.level[p].tail = NULL;
        ult_runq.bitmap &= ~(1u << p);
    }
    CMM_STORE_SHARED(ult_runq.nready, ult_runq.nready - 1);
    return u;
}

#endif
