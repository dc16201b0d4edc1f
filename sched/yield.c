/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/yield.c - yield, block, and the switch paths they share. A yield
 * takes its VP's run-queue lock once: the yielding ULT takes it, pops the
 * next ULT, and ult_switch_yield releases it on the next ULT's stack, once
 * the old context is saved. A block holds its wait queue's lock instead,
 * and takes the run-queue lock only to pop. With no ULT ready, the switch
 * goes to the VP's scheduler loop (sched/loop.c), which steals. */
#include <errno.h>
#include <sched.h>
#include "base/libc.h"
#include "sched/block.h"
#include "sched/switch.h"
#include "sched/tls.h"

__attribute__((noinline)) void sched_switch_new(ult_t *self, base_spin_t *held)
{
    sched_vp_t *sv = sched_current();
    ult_t *next = sv->cur;
    void *to = sched_bind(sv, next), *fake = NULL;

    ult_asan_start(&fake, next->stack_lo + ult_guard_of(next),
                   next->stack_map - ult_guard_of(next));
    ult_switch_yield(self, to, held);
    ult_asan_finish(fake);
}

void sched_give_cpu(void)
{
    base_libc()->sched_yield();
}

static void __attribute__((noinline)) switch_locked_flagged(sched_vp_t *sv, ult_t *self,
                                                             ult_t *next, base_spin_t *held)
{
    if (self->flags & ULT_TRACED)
        sched_trace_stop(self, BASE_TRACE_YIELD, NULL, 0);
    if (self->flags & ULT_OWN_TLS)
        sched_tls_hand_over(sv, next);
    switch_locked(sv, self, next, held);
    if (self->flags & ULT_OWN_TLS)
        sched_tls_enter(self);
    if (self->flags & ULT_TRACED)
        sched_trace_run(self);
}

/* A switch on a slow path: a traced ULT's stop before it, and its run
   once it is back (on whatever VP resumes it); a ULT's own TLS block
   left and selected again (sched/tls.h). */
static inline void switch_locked_traced(sched_vp_t *sv, ult_t *self, ult_t *next,
                                        base_spin_t *held)
{
    if (!(self->flags & (ULT_TRACED | ULT_OWN_TLS))) {
        switch_locked(sv, self, next, held);
        return;
    }
    switch_locked_flagged(sv, self, next, held);
}

static void warn_outside(const char *what)
{
    static int warned;
    if (!uatomic_xchg(&warned, 1))
        base_warn("%s called outside a ULT (bound threads use mltp_yield_bound)", what);
    errno = EPERM;
    base_libc()->sched_yield();
}

/* Nothing else is ready here, every LONELY_LOOK-th time, and no VP is
   idle: a yield offers the CPU to every ready ULT of the one logical
   queue, so we take work queued on another VP as an idle VP would, and
   queue ourselves behind it. A VP that only polls with mltp_yield is not
   idle, and with no VP idle no rule of sched/park.c wakes one for what
   waits behind a VP blocked in the kernel. With one idle, those rules
   have it take the work: a steal here would only move a ULT that an
   idle VP runs (two ULTs that hand a lock over on 2 VPs, each yielding
   while it waits: 300 ns a hand-off, 1.4 us when the yields stole). The
   look reads every queue's line: seldom. */
#define LONELY_LOOK 64

static void __attribute__((noinline)) yield_alone(sched_vp_t *sv, ult_t *self)
{
    struct sched_runq *q = sv->rq;
    ult_t *next;

    if (sched_timer_due_now()) {
        /* a sleeper due: it runs now if it is queued here */
        sched_timers_fire();
        if (sched_rq_peek(q))
            mltp_yield();
        return;
    }
    sched_poll_due();
    if (--sv->lonely_yields > 0)
        return;
    sv->lonely_yields = LONELY_LOOK;
    if (CMM_LOAD_SHARED(sg.idle.spinning) || CMM_LOAD_SHARED(sg.idle.parked) ||
        !sched_ready_count() || !(next = sched_steal(sv)))
        return;
    sched_rq_lock(q);
    sched_push_back(q, self);
    switch_locked_traced(sv, self, next, &q->lock);
}

/* The rest of a yield, with the VP's run-queue lock held, when other
   levels are involved or the VPs are being stopped. */
static void __attribute__((noinline)) yield_locked(sched_vp_t *sv, ult_t *self)
{
    struct sched_runq *q = sv->rq;
    ult_t *next;

    sched_rq_settle(q);             /* mltp_yield's fast path does not */
    if (__builtin_expect(self == &ult_outside, 0)) {
        sched_rq_unlock(q);
        warn_outside("mltp_yield()");
        return;
    }
    if (__builtin_expect(sched_rq_stopped(q), 0)) {
        sched_rq_unlock(q);
        sched_stop_here(sv);
    }
    if (!(next = sched_rotate(q, self))) {
        sched_rq_unlock(q);
        yield_alone(sv, self);
        return;
    }
    switch_locked_traced(sv, self, next, &q->lock);
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
    sched_rq_lock(sv->rq);
    yield_locked(sv, self);
}

/* Yield to the back of our level: the next ready ULT of at least our
   priority runs. The hot path, kept frameless (slow cases are a tail call
   away): 27 instructions here, 27 in ult_switch_yield. Its one test is
   that our level is the only one ready in our VP's queue (the usual case:
   one priority in use); otherwise, with exit() in progress
   (SCHED_STOP_BIT), or outside a ULT (ult_outside, whose dummy VP has a
   queue of its own), yield_locked. */
void mltp_yield(void)
{
    sched_vp_t *sv = sched_current_or_dummy();
    struct sched_runq *q = sv->rq;
    ult_t *self = sv->cur, *next;

    if (__builtin_expect(sched_rq_trylock_failed(q), 0)) {
        yield_slow(sched_current());
        return;
    }
    if (__builtin_expect(!sched_rq_only_level(q, self), 0)) {
        yield_locked(sv, self);
        return;
    }
    next = sched_rotate_level(self);
    switch_locked(sv, self, next, &q->lock);
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
    sched_rq_lock(sv->rq);
    next = sched_pop(sv->rq, self->prio);
    if (!next) {
        sched_rq_unlock(sv->rq);
        yield_alone(sv, self);
        return;
    }
    sched_push_front(sv->rq, self);
    switch_locked_traced(sv, self, next, &sv->rq->lock);
}

/* Blocking (a wait queue, a join), held being the lock under which the
   caller is queued: the next ULT comes from this VP's queue, whose lock is
   released at once (the popped ULT is ours, and already the VP's cur, so
   that whoever holds every queue's lock sees it: sched/ids.c); held is
   released by the switch, once the caller's context is saved. solo (a
   constant where it is inlined): no queue lock, so no call but the
   switch, a tail call. tls (a constant too): the caller has a TLS block
   of its own, handed over to the next ULT. */
static inline void block_now(sched_vp_t *sv, base_spin_t *held, int solo, int tls)
{
    struct sched_runq *q = sv->rq;
    ult_t *self, *next;

    if (!solo) {
        base_spin_lock(&q->lock);
        sched_rq_settle(q);
    }
    if (__builtin_expect(sched_rq_stopped(q), 0)) {
        sched_rq_unlock(q);
        base_spin_unlock(held);
        sched_stop_here(sv);
    }
    next = sched_pop(q, 0);
    self = sv->cur;
    sv->cur = next;         /* under q's lock, where sched/ids.c reads it */
    if (!solo) {
        if (!next)
            sched_rq_going_idle(q);
        sched_rq_unlock(q);
    }
    if (tls)
        sched_tls_hand_over(sv, next);
    switch_to_cur(sv, self, next, held);
}

/* A ULT on a stack without guard pages is checked first
   (sched_check_stack); a traced one records its stop and, back, its run;
   one with a TLS block of its own hands the thread pointer over and,
   back, selects its block. */
static void __attribute__((noinline))
block_flagged(sched_vp_t *sv, base_spin_t *held, int solo)
{
    ult_t *self = sv->cur;

    sched_check_stack(sv, self);
    if (self->flags & ULT_TRACED)
        sched_trace_stop(self, BASE_TRACE_BLOCK, NULL, 0);
    if (self->flags & ULT_OWN_TLS) {
        if (solo)
            block_now(sv, held, 1, 1);
        else
            block_now(sv, held, 0, 1);
        sched_tls_enter(self);
    } else if (solo) {
        block_now(sv, held, 1, 0);
    } else {
        block_now(sv, held, 0, 0);
    }
    if (self->flags & ULT_TRACED)
        sched_trace_run(self);
}

/* The check's way is a tail call: a call on the way would cost the solo
   path a frame (2.5 ns of a 16 ns 2-party barrier on 1 VP). A traced ULT,
   and one with a TLS block of its own, fail the same test. */
static inline void block(base_spin_t *held, int solo)
{
    sched_vp_t *sv = sched_current();

    if (__builtin_expect(sv->cur->flags & (ULT_UNGUARDED | ULT_TRACED | ULT_OWN_TLS), 0)) {
        block_flagged(sv, held, solo);
        return;
    }
    block_now(sv, held, solo, 0);
}

static void __attribute__((noinline)) block_shared(base_spin_t *held)
{
    block(held, 0);
}

/* Solo: 3 registers saved and restored fewer than with the lock's slow
   path in reach. */
void sched_block(base_spin_t *held)
{
    if (!sched_solo_on) {
        block_shared(held);
        return;
    }
    block(held, 1);
}

/* A deadlock seen by a ULT that waits outside the run queue (a SEMAPHORE
   lock): leave it for good, queued nowhere, like the ULTs blocked in the
   deadlock; its VP goes back to its scheduler loop, which finishes. */
void sched_abandon(void)
{
    sched_vp_t *sv = sched_current();
    static base_spin_t nobody;      /* a lock word nobody takes */

    if (sv->cur->flags & ULT_OWN_TLS)
        sched_tls_leave();
    switch_locked(sv, sv->cur, NULL, &nobody);
    __builtin_unreachable();
}
