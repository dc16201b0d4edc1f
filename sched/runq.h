/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/runq.h - the run queue shared by all VPs: priority levels, FIFO
 * within a level, one spin lock. Every operation here runs with the lock
 * held; all are O(1) (a bit scan finds the highest ready level). Idle VPs
 * peek at the bitmap without the lock. */
#ifndef SCHED_RUNQ_H
#define SCHED_RUNQ_H

#include "base/spin.h"
#include "ult/ult.h"

#define SCHED_LEVELS (MLTP_PRIO_MAX + 1)

/* A level is a FIFO linked by ult->next from head to tail; an empty level
   has tail NULL, and the tail's next (and an empty level's head) is left
   undefined: pop compares with tail, which saves a store per yield. */
struct sched_level {
    ult_t *head, *tail;
};

struct sched_runq {
    base_spin_t lock;        /* first: ult_switch_yield releases it */
    int solo;                /* see sched_lock */
    int parked;              /* VPs asleep on the park semaphore (uatomic) */
    int idle;                /* VPs spinning or parked for work (uatomic) */
    long live;               /* unbound ULTs created and not ended */
    unsigned long bitmap;    /* bit p: level p non-empty; and SCHED_STOP_BIT */
    struct sched_level level[SCHED_LEVELS];
} __attribute__((aligned(64)));

extern struct sched_runq sched_runq;

/* Set (under the lock) when exit() stops the VPs: mltp_yield's test of
   its own level (bitmap >> prio == 1) then fails and its slow path stops
   the VP, so the fast path needs no test of its own. Never a level: every
   use of the levels' bits truncates it away. */
#define SCHED_STOP_BIT (1UL << 63)

/* Solo: a start with one VP and no bound thread, when that VP is the only
   kernel-level thread that can touch the queue (the reaper waits; a bound
   thread created during the start clears solo before it runs). The lock
   is then not taken: its locked xchg waits for the store buffer to drain,
   ~8 ns, and a create+run+finish took two, a yield one. */
static inline void sched_lock(void)
{
    if (!sched_runq.solo)
        base_spin_lock(&sched_runq.lock);
}
static inline void sched_unlock(void) { base_spin_unlock(&sched_runq.lock); }

/* For mltp_yield: one try at the lock, and the bitmap once it is held,
   both addressed RIP-relative (the compiler would first load the
   struct's address into a register: one instruction more per yield). */
static inline int sched_trylock_failed(void)
{
    int v = 1;
    __asm__ goto("cmpl $0, sched_runq+%c0(%%rip)\n\t"
                 "jne %l[solo]" : : "i"(offsetof(struct sched_runq, solo)) : "cc" : solo);
    __asm__ volatile("xchgl %0, sched_runq(%%rip)" : "+r"(v) : : "memory");
    return v;
solo:
    return 0;
}
static inline unsigned long sched_bitmap_locked(void)
{
    unsigned long b;
    __asm__ volatile("movq sched_runq+%c1(%%rip), %0"
                     : "=r"(b) : "i"(offsetof(struct sched_runq, bitmap)));
    return b;
}

/* Anything ready? (a racy peek, for idle VPs) */
static inline int sched_peek(void) { return CMM_LOAD_SHARED(sched_runq.bitmap) != 0; }

/* Ready ULTs that no idle VP is there to take (racy, for spinners). */
static inline int sched_starving(void)
{
    return sched_peek() && CMM_LOAD_SHARED(sched_runq.idle) == 0;
}

static inline void sched_push_back(ult_t *u)
{
    struct sched_level *l = u->level;
    if (l->tail)
        l->tail->next = u;
    else
        l->head = u;
    l->tail = u;
    CMM_STORE_SHARED(sched_runq.bitmap, sched_runq.bitmap | 1UL << u->prio);
}

static inline void sched_push_front(ult_t *u)
{
    struct sched_level *l = u->level;
    u->next = l->head;      /* undefined if the level is empty: fine */
    if (!l->tail)
        l->tail = u;
    l->head = u;
    CMM_STORE_SHARED(sched_runq.bitmap, sched_runq.bitmap | 1UL << u->prio);
}

/* The first ULT of the highest level >= min_prio, or NULL. */
static inline ult_t *sched_pop(int min_prio)
{
    unsigned int bits = (unsigned int)(sched_runq.bitmap >> min_prio);
    if (!bits)
        return NULL;
    int p = 31 - __builtin_clz(bits) + min_prio;
    ult_t *u = sched_runq.level[p].head;
    sched_runq.level[p].head = u->next;
    if (u == sched_runq.level[p].tail) {
        sched_runq.level[p].tail = NULL;
        CMM_STORE_SHARED(sched_runq.bitmap, sched_runq.bitmap & ~(1UL << p));
    }
    return u;
}

/* Yield, common case: only self's level is ready at or above self's
   priority (bitmap >> prio == 1). Rotate that level: its head runs next,
   self goes to its back; the bitmap does not change. 7 instructions, no
   branch: appending self first makes a level of one element come out
   right (its head becomes self). */
static inline ult_t *sched_rotate_level(ult_t *self)
{
    struct sched_level *l = self->level;
    ult_t *next;

    next = l->head;
    l->tail->next = self;
    l->head = next->next;
    CMM_STORE_SHARED(l->tail, self);   /* volatile: two plain stores, not
                                          four vector instructions */
    return next;
}

/* Yield, any case: the ULT to run instead of self (NULL: self keeps
   running), with self queued at the back of its level. */
ult_t *sched_rotate(ult_t *self);

#endif
