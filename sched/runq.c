/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/runq.c - the VPs' run queues (operations: runq.h). */
#include "base/backoff.h"
#include "sched/runq.h"

struct sched_runq sched_runqs[SCHED_VP_MAX];
int sched_solo_on;

/* ult_switch_yield releases the lock it is given: a queue's, at offset 0 */
_Static_assert(offsetof(struct sched_runq, lock) == 0, "the lock comes first");

void sched_rq_wait_steal(struct sched_runq *q)
{
    struct base_backoff b = BASE_BACKOFF_INIT;

    do {
        base_spin_unlock(&q->lock);
        while (CMM_LOAD_SHARED(q->bitmap) & SCHED_STEAL_BIT)
            base_backoff(&b);
        base_spin_lock(&q->lock);
    } while (q->bitmap & SCHED_STEAL_BIT);
}

ult_t *sched_rotate(struct sched_runq *q, ult_t *self)
{
    unsigned int bits = (unsigned int)q->bitmap >> self->prio;   /* levels only (sched_pop) */
    ult_t *next;

    if (bits == 1)
        return sched_rotate_level(self);
    if (!bits)
        return NULL;
    next = sched_pop(q, self->prio);
    sched_push_back(q, self);
    return next;
}

void sched_rq_move_all(struct sched_runq *to, struct sched_runq *from)
{
    ult_t *first = NULL, *last = NULL, *u;

    sched_rq_lock(from);
    while ((u = sched_pop(from, 0)) != NULL) {
        if (last)
            last->next = u;
        else
            first = u;
        last = u;
    }
    sched_rq_unlock(from);
    if (!first)
        return;
    sched_rq_lock_push(to);
    for (u = first;; u = u->next) {
        sched_push_back(to, u);     /* writes only links already followed */
        if (u == last)
            break;
    }
    sched_rq_unlock(to);
}

void sched_rq_remove(struct sched_runq *q, ult_t *u)
{
    struct sched_level *l = &q->level[u->prio];
    ult_t *p = NULL;

    for (ult_t *x = l->tail ? l->head : NULL; x; p = x, x = x == l->tail ? NULL : x->next) {
        if (x != u)
            continue;
        if (p)
            p->next = x->next;
        else
            l->head = x->next;
        if (l->tail == x)
            l->tail = p;
        if (!l->tail)
            q->bitmap &= ~(1UL << u->prio);
        q->nready--;
        return;
    }
}
