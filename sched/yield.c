/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/yield.c - yield, block, and the switch paths they share. A switch
 * takes the run-queue lock once: the switching ULT takes it, pops the next
 * ULT, and ult_switch_yield releases it on the next ULT's stack, once the
 * old context is saved. With no ULT ready, the switch goes to the VP's
 * scheduler loop (sched/loop.c). */
#include <errno.h>
#include <sched.h>
#include "sched/switch.h"

__attribute__((noinline)) void sched_switch_new(ult_t *self)
{
    sched_vp_t *sv = sched_current();
    ult_t *next = sv->cur;
    void *to = sched_bind(sv, next), *fake = NULL;

    ult_asan_start(&fake, next->stack_lo + ult_guard_size,
                   next->stack_map - ult_guard_size);
    ult_switch_yield(self, to, &sched_runq.lock);
    ult_asan_finish(fake);
}

static void warn_outside(const char *what)
{
    static int warned;
    if (!uatomic_xchg(&warned, 1))
        base_warn("%s called outside a ULT (bound threads use mltp_yield_bound)", what);
    errno = EPERM;
    sched_yield();
}

/* The rest of a yield, with the run-queue lock held, when other levels
   are involved or the VPs are being stopped. */
static void __attribute__((noinline)) yield_locked(sched_vp_t *sv, ult_t *self)
{
    ult_t *next;

    if (__builtin_expect(self == &ult_outside, 0)) {
        sched_unlock();
        warn_outside("mltp_yield()");
        return;
    }
    if (__builtin_expect((sched_runq.bitmap & SCHED_STOP_BIT) != 0, 0)) {
        sched_unlock();
        sched_stop_here(sv);
    }
    if (!(next = sched_rotate(self))) {
        sched_unlock();
        return;
    }
    switch_locked(sv, self, next);
}

/* Everything mltp_yield's fast path leaves out: misuse, a contended
   run-queue lock. */
static void __attribute__((noinline)) yield_slow(sched_vp_t *sv)
{
    ult_t *self;

    if (!sv || !(self = sv->cur)) {
        warn_outside("mltp_yield()");
        return;
    }
    sched_lock();
    yield_locked(sv, self);
}

/* Yield to the back of our level: the next ready ULT of at least our
   priority runs. The hot path, kept frameless (slow cases are a tail call
   away): 28 instructions here, 27 in ult_switch_yield. Its one test is
   that our level is the only one ready (the usual case: one priority in
   use); otherwise, with exit() in progress (SCHED_STOP_BIT), or outside a ULT
   (ult_outside), yield_locked. */
void mltp_yield(void)
{
    sched_vp_t *sv = sched_current_or_dummy();
    ult_t *self = sv->cur, *next;

    if (__builtin_expect(sched_trylock_failed(), 0)) {
        yield_slow(sched_current());
        return;
    }
    if (__builtin_expect(sched_bitmap_locked() != self->prio_bit, 0)) {
        yield_locked(sv, self);
        return;
    }
    next = sched_rotate_level(self);
    switch_locked(sv, self, next);
}

/* Yield to the front: exactly one other ready ULT (of at least our
   priority) runs before us. */
void mltp_yield_to_first(void)
{
    sched_vp_t *sv = sched_current();
    ult_t *self, *next;

    if (!sv || !(self = sv->cur)) {
        warn_outside("mltp_yield_to_first()");
        return;
    }
    if (CMM_LOAD_SHARED(sg.finish) == SCHED_STOP)
        sched_stop_here(sv);
    sched_lock();
    next = sched_pop(self->prio);
    if (!next) {
        sched_unlock();
        return;
    }
    sched_push_front(self);
    switch_locked(sv, self, next);
}

/* Blocking under the run-queue lock (a wait queue, a join): the same
   switch as a yield's. */
int sched_block_locked(void)
{
    sched_vp_t *sv = sched_current();

    if (__builtin_expect((sched_runq.bitmap & SCHED_STOP_BIT) != 0, 0)) {
        sched_unlock();
        sched_stop_here(sv);
    }
    switch_locked(sv, sv->cur, sched_pop(0));
    return 0;
}

/* A deadlock seen by a ULT that waits outside the run queue (a SEMAPHORE
   lock): leave it for good, queued nowhere, like the ULTs blocked in the
   deadlock; its VP goes back to its scheduler loop, which finishes. */
void sched_abandon(void)
{
    sched_vp_t *sv = sched_current();

    sched_lock();
    switch_locked(sv, sv->cur, NULL);
    __builtin_unreachable();
}
