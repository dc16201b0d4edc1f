/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/switch.h - switching a VP from its running ULT to the next one,
 * the lock that publishes the old one held (its VP's run-queue lock for a
 * yield, a wait queue's lock for a block). The switch (ult_switch_yield)
 * saves the old context, moves to the new stack and only then releases
 * that lock: nobody can take the old ULT before its context is saved
 * (ARCHITECTURE.md, "Locking rules"). errno is swapped here, through this
 * VP's own errno. */
#ifndef SCHED_SWITCH_H
#define SCHED_SWITCH_H

#include "sched/sched.h"

/* First run of u (no stack yet), on this VP: its stack pointer. With no
   stack to be had the program ends (sched/end.c), the lock still held. */
void *sched_bind(sched_vp_t *sv, ult_t *u);

/* The first run of the ULT switch_locked chose (already sv->cur): its
   stack first. Out of line, so that mltp_yield's fast path makes no call
   and needs no frame; next is not an argument, so that its register is
   free for the stack pointer. */
void sched_switch_new(ult_t *self, base_spin_t *held);

/* Switch from self, whose context nobody can take before held is
   released, to next (NULL: the VP's scheduler loop), sv->cur already
   next. The bookkeeping comes before the load of the stack pointer, so
   that it lands in the argument register directly. Without
   AddressSanitizer the switch is a tail call; with it, the same path,
   announced to ASan around the switch. */
static inline void switch_to_cur(sched_vp_t *sv, ult_t *self, ult_t *next,
                                 base_spin_t *held)
{
    int *err = sv->errno_p;
    void *to, *fake = NULL;

    self->saved_errno = *err;
    self->flags &= (unsigned char)~ULT_MOVED;   /* it ran here (place.c) */
    sv->switches++;
    if (!next) {
        ult_asan_start(&fake, sv->vp.task->stack_bottom, sv->vp.task->stack_size);
        ult_switch_yield(self, sv->idle_sp, held);
        ult_asan_finish(fake);
        return;
    }
    *err = next->saved_errno;
    if (__builtin_expect(!(to = next->sp), 0)) {
        sched_switch_new(self, held);   /* a tail call */
        return;
    }
    ult_asan_start(&fake, next->stack_lo + ult_guard_of(next),
                   next->stack_map - ult_guard_of(next));
    ult_switch_yield(self, to, held);
    ult_asan_finish(fake);
}

/* The same, sv->cur set here: for a yield, under held, the VP's
   run-queue lock, under which sched/ids.c reads every VP's cur
   (sched_abandon: next NULL). */
static inline void switch_locked(sched_vp_t *sv, ult_t *self, ult_t *next,
                                 base_spin_t *held)
{
    sv->cur = next;
    switch_to_cur(sv, self, next, held);
}

#endif
