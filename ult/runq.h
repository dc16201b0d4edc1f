/* ult/runq.h - the run queue shared by all VPs: priority levels, FIFO
 * within a level, one spin lock. Every operation here runs with the lock
 * held; all are O(1) (a bit scan finds the highest ready level). Idle VPs
 * peek at the bitmap without the lock. */
#ifndef ULT_RUNQ_H
#define ULT_RUNQ_H

#include "ult/ult.h"

#define RUNQ_LEVELS (MLTP_PRIO_MAX + 1)

struct runq {
    sync_spin_t lock;
    int parked;              /* VPs asleep on the park semaphore (uatomic) */
    int idle;                /* VPs spinning or parked for work (uatomic) */
    long live;               /* unbound ULTs created and not ended */
    unsigned int bitmap;     /* bit p: level p non-empty */
    struct ult_level level[RUNQ_LEVELS];
} __attribute__((aligned(64)));

extern struct runq ult_runq;

static inline void runq_lock(void) { sync_spin_lock(&ult_runq.lock); }
static inline void runq_unlock(void) { sync_spin_unlock(&ult_runq.lock); }

/* Anything ready? (a racy peek, for idle VPs) */
static inline int runq_peek(void) { return CMM_LOAD_SHARED(ult_runq.bitmap) != 0; }

/* Ready ULTs that no idle VP is there to take (racy, for spinners). */
static inline int runq_starving(void)
{
    return runq_peek() && CMM_LOAD_SHARED(ult_runq.idle) == 0;
}

static inline void runq_push_back(ult_t *u)
{
    struct ult_level *l = u->level;
    u->next = NULL;
    if (l->tail)
        l->tail->next = u;
    else
        l->head = u;
    l->tail = u;
    CMM_STORE_SHARED(ult_runq.bitmap, ult_runq.bitmap | 1u << u->prio);
}

static inline void runq_push_front(ult_t *u)
{
    struct ult_level *l = u->level;
    u->next = l->head;
    if (!u->next)
        l->tail = u;
    l->head = u;
    CMM_STORE_SHARED(ult_runq.bitmap, ult_runq.bitmap | 1u << u->prio);
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
        CMM_STORE_SHARED(ult_runq.bitmap, ult_runq.bitmap & ~(1u << p));
    }
    return u;
}

/* Yield, common case: only self's level is ready at or above self's
   priority (bitmap >> prio == 1). Rotate that level: its head runs next,
   self goes to its back; the bitmap does not change. 11 instructions. */
static inline ult_t *runq_rotate_level(ult_t *self)
{
    struct ult_level *l = self->level;
    ult_t *next = l->head;

    self->next = NULL;
    if (next->next) {
        l->head = next->next;
        l->tail->next = self;
    } else {
        l->head = self;
    }
    l->tail = self;
    return next;
}

/* Yield, any case: the ULT to run instead of self (NULL: self keeps
   running), with self queued at the back of its level. */
ult_t *runq_rotate(ult_t *self);

#endif
