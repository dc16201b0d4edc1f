/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/runq.c - the one run queue shared by all VPs (operations: runq.h). */
#include "sched/runq.h"

struct sched_runq sched_runq;

/* ult_switch_yield releases the lock it is given: this one, at offset 0 */
_Static_assert(offsetof(struct sched_runq, lock) == 0, "the lock comes first");

ult_t *sched_rotate(ult_t *self)
{
    unsigned int bits = (unsigned int)(sched_runq.bitmap >> self->prio);
    ult_t *next;

    if (bits == 1)
        return sched_rotate_level(self);
    if (!bits)
        return NULL;
    next = sched_pop(self->prio);
    sched_push_back(self);
    return next;
}
