/* ult/runq.c - the one run queue shared by all VPs (operations: runq.h). */
#include "ult/runq.h"

struct runq ult_runq;

ult_t *runq_rotate(ult_t *self)
{
    unsigned int bits = (unsigned int)(ult_runq.bitmap >> self->prio);
    ult_t *next;

    if (bits == 1)
        return runq_rotate_level(self);
    if (!bits)
        return NULL;
    next = runq_pop(self->prio);
    runq_push_back(self);
    return next;
}
