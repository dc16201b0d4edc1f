/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/runq.h - the run queues: one per VP, behind one logical queue.
 * Each has priority levels, FIFO within a level, and its own spin lock;
 * all operations here run with that lock held and are O(1) (a bit scan
 * finds the highest ready level). A VP pushes and pops its own queue;
 * another VP takes its lock only to steal (sched/steal.c) or to look
 * before it parks (sched/park.c). Idle VPs peek at `bitmap` and `nready`
 * without the lock. */
#ifndef SCHED_RUNQ_H
#define SCHED_RUNQ_H

#include "base/spin.h"
#include "ult/ult.h"

#define SCHED_LEVELS (MLTP_PRIO_MAX + 1)
#define SCHED_VP_MAX 1024       /* VPs in a start, so run queues */

/* A level is a FIFO linked by ult->next from head to tail; an empty level
   has tail NULL, and the tail's next (and an empty level's head) is left
   undefined: pop compares with tail, which saves a store per yield. */
struct sched_level {
    ult_t *head, *tail;
};

/* Written by its VP (and by thieves, rarely): a line of its own, so that
   one VP's pushes and pops do not move another's. */
struct sched_runq {
    base_spin_t lock;        /* first: ult_switch_yield releases it */
    int nready;              /* ULTs queued here (racy reads: thieves) */
    unsigned long bitmap;    /* bit p: level p non-empty; and SCHED_STOP_BIT */
    /* enum sched_rq_idle: what the VP does. Its VP writes BUSY and
       SPINNING (racy: a hint for sched/place.c) and PARKED under the lock;
       whoever posts it writes SPINNING under the lock (sched/park.c) */
    int idle;
    struct sched_level level[SCHED_LEVELS];
} __attribute__((aligned(64)));

enum sched_rq_idle {
    SCHED_RQ_BUSY,           /* runs a ULT (or is about to) */
    SCHED_RQ_SPINNING,       /* in its loop, looking for work */
    SCHED_RQ_PARKED,         /* asleep on its semaphore, or about to */
    SCHED_RQ_ABSENT          /* not in this start (set as it is prepared):
                                what is released for its VP goes elsewhere */
};

/* q's lock held, its VP switching to its loop with nothing to run: idle
   from now on, for sched/place.c (a release then queues its waiter here
   at once, and claims no other VP). */
static inline void sched_rq_going_idle(struct sched_runq *q)
{
    CMM_STORE_SHARED(q->idle, SCHED_RQ_SPINNING);
}

/* Queue i belongs to VP i; kernel-level threads (main, bound threads)
   make ULTs ready in queue 0, where an idle VP steals them. Static: a
   ULT's level pointer stays valid from start to start. */
extern struct sched_runq sched_runqs[SCHED_VP_MAX];

/* Solo: a start with one VP and no bound thread, when that VP is the only
   kernel-level thread that can touch any queue (the reaper waits; a bound
   thread created during the start clears solo before it runs). No lock is
   then taken: a locked xchg waits for the store buffer to drain, ~8 ns,
   and a create+run+finish took two, a yield one. */
extern int sched_solo_on;

/* Set (under q's lock) while a thief walks q's highest level without the
   lock (sched/steal.c): only pushes to the back may change q meanwhile.
   mltp_yield's test of its own level fails on it, as on SCHED_STOP_BIT;
   no pop ever sees it (pops hold a settled lock: sched_rq_lock). */
#define SCHED_STEAL_BIT (1UL << 62)

/* q's lock held: wait, without it, until no thief walks q. */
void sched_rq_wait_steal(struct sched_runq *q);
static inline void sched_rq_settle(struct sched_runq *q)
{
    if (__builtin_expect((q->bitmap & SCHED_STEAL_BIT) != 0, 0))
        sched_rq_wait_steal(q);
}

/* q's lock, to do anything (solo: no lock, and no thief). */
static inline void sched_rq_lock(struct sched_runq *q)
{
    if (!sched_solo_on) {
        base_spin_lock(&q->lock);
        sched_rq_settle(q);
    }
}
/* q's lock, only to push at the back: a thief's walk may go on. */
static inline void sched_rq_lock_push(struct sched_runq *q)
{
    if (!sched_solo_on)
        base_spin_lock(&q->lock);
}
static inline void sched_rq_unlock(struct sched_runq *q) { base_spin_unlock(&q->lock); }

/* For mltp_yield: one try at q's lock (solo: none). x86-64: addressed
   from the queue's pointer, in %rdx: where ult_switch_yield takes the
   lock to release, so the yield moves no register. aarch64: the same in
   C (the compiler puts the lock's address in x2 for the switch). */
static inline int sched_rq_trylock_failed(struct sched_runq *q)
{
#if defined(__x86_64__)
    int v = 1;
    __asm__ goto("cmpl $0, sched_solo_on(%%rip)\n\t"
                 "jne %l[solo]" : : : "cc" : solo);
    __asm__ volatile("xchgl %0, (%1)" : "+r"(v) : "d"(&q->lock) : "memory");
    return v;
solo:
    return 0;
#else
    if (CMM_LOAD_SHARED(sched_solo_on))
        return 0;
    return (int)base_xchg_acquire(&q->lock, 1);
#endif
}

/* Set (under every queue's lock) when exit() stops the VPs: mltp_yield's
   test of its own level (bitmap >> prio == 1) then fails and its slow path
   stops the VP, so the fast path needs no test of its own. Never a level:
   every use of the levels' bits truncates it away. */
#define SCHED_STOP_BIT (1UL << 63)

/* exit()'s stop: set under every queue's lock (sched_finish_all), cleared
   when a start begins (no VP runs); tested under q's lock. */
static inline void sched_rq_stop(struct sched_runq *q)
{
    CMM_STORE_SHARED(q->bitmap, q->bitmap | SCHED_STOP_BIT);
}
static inline void sched_rq_unstop(struct sched_runq *q)
{
    CMM_STORE_SHARED(q->bitmap, q->bitmap & ~SCHED_STOP_BIT);
}
static inline int sched_rq_stopped(const struct sched_runq *q)
{
    return (q->bitmap & SCHED_STOP_BIT) != 0;
}

/* mltp_yield's one test, q's lock held: is self's level the only one
   ready, and q neither stopped nor walked by a thief? One compare (the
   bitmap loaded first: self's prio_bit then folds into the cmp). */
static inline int sched_rq_only_level(const struct sched_runq *q, const ult_t *self)
{
    unsigned long bits = CMM_LOAD_SHARED(q->bitmap);
    return bits == self->prio_bit;
}

/* Anything ready in q? (a racy peek) */
static inline int sched_rq_peek(const struct sched_runq *q)
{
    return (unsigned int)CMM_LOAD_SHARED(q->bitmap) != 0;
}

/* Queue u at the back (front) of its level in q: u's level pointer is
   set here, so that a ULT always points into the queue of the VP that
   runs it or holds it (a thief moves it: sched/steal.c). */
static inline void sched_push_back(struct sched_runq *q, ult_t *u)
{
    struct sched_level *l = &q->level[u->prio];
    u->level = l;
    if (l->tail)
        l->tail->next = u;
    else
        l->head = u;
    l->tail = u;
    CMM_STORE_SHARED(q->nready, q->nready + 1);
    CMM_STORE_SHARED(q->bitmap, q->bitmap | 1UL << u->prio);
}

/* Queue n ULTs, first..last chained by ->next, all of first's priority
   and with their level pointers into q already (they ran on q's VP), at
   the back of their level: a released group in O(1), writing no ULT but
   the old tail. */
static inline void sched_push_chain_back(struct sched_runq *q, ult_t *first, ult_t *last,
                                         int n)
{
    struct sched_level *l = first->level;
    if (l->tail)
        l->tail->next = first;
    else
        l->head = first;
    l->tail = last;
    CMM_STORE_SHARED(q->nready, q->nready + n);
    CMM_STORE_SHARED(q->bitmap, q->bitmap | 1UL << first->prio);
}

static inline void sched_push_front(struct sched_runq *q, ult_t *u)
{
    struct sched_level *l = &q->level[u->prio];
    u->level = l;
    u->next = l->head;      /* undefined if the level is empty: fine */
    if (!l->tail)
        l->tail = u;
    l->head = u;
    CMM_STORE_SHARED(q->nready, q->nready + 1);
    CMM_STORE_SHARED(q->bitmap, q->bitmap | 1UL << u->prio);
}

_Static_assert(SCHED_LEVELS <= 32 && SCHED_STEAL_BIT >> 32, "levels below the marks");

/* The first ULT of q's highest level >= min_prio, or NULL. The levels
   are the bitmap's low 32 bits, cut before the shift: shifted first, a
   mark above them would come down into a priority of 30 or 31's view. */
static inline ult_t *sched_pop(struct sched_runq *q, int min_prio)
{
    unsigned int bits = (unsigned int)q->bitmap >> min_prio;
    if (!bits)
        return NULL;
    int p = 31 - __builtin_clz(bits) + min_prio;
    ult_t *u = q->level[p].head;
    q->level[p].head = u->next;
    if (u == q->level[p].tail) {
        q->level[p].tail = NULL;
        CMM_STORE_SHARED(q->bitmap, q->bitmap & ~(1UL << p));
    }
    CMM_STORE_SHARED(q->nready, q->nready - 1);
    return u;
}

/* Yield, common case: only self's level is ready at or above self's
   priority (bitmap >> prio == 1). Rotate that level: its head runs next,
   self goes to its back; neither the bitmap nor the count changes. 7
   instructions, no branch: appending self first makes a level of one
   element come out right (its head becomes self). */
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
   running), with self queued at the back of its level in q. */
ult_t *sched_rotate(struct sched_runq *q, ult_t *self);

/* Every ULT of from to the back of to, in order; neither lock held (each
   is taken in turn, never both). For a start, of a queue no VP has. */
void sched_rq_move_all(struct sched_runq *to, struct sched_runq *from);

/* Take u out of q wherever it is (it must be there): O(n), for main's
   share when no VP could start. */
void sched_rq_remove(struct sched_runq *q, ult_t *u);

#endif
