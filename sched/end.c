/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/end.c - a ULT's first run and its end. */
#include <stdlib.h>
#include "sched/switch.h"

/* The first run, on the ULT's new stack (ult_context_init's entry). */
void sched_first_run(void *arg, void *helper_result)
{
    ult_t *u = arg;
    mltp_userf_t *fn = u->fn;
    void *r;

    (void)helper_result;
    ult_asan_finish(NULL);
    u->private = u->stack_lo + u->stack_map - MLTP_PRIVATE_SIZE;
    u->prio_bit = 1UL << u->prio;       /* for mltp_yield; fn is read */
    if (u->flags & ULT_VARGS)
        r = ult_call_vargs((void *)fn, u->arg);
    else
        r = fn(u->arg);
    sched_end(r, 1);
}

/* With no stack left at all the program cannot go on: nothing else would
   free the memory it needs. It ends with status 1 through the reaper,
   this VP's process exiting with the run-queue lock still held: whoever
   is queued (the yielding ULT, with a context not yet saved) can never be
   taken by another VP, and the reaper takes no lock. */
void *sched_bind(sched_vp_t *sv, ult_t *u)
{
    void *sp = ult_bind(&sv->cache, u, sched_first_run);

    if (__builtin_expect(!sp, 0)) {
        base_warn("no memory for the stack of ULT %d%s%s%s (%zu bytes); ending the program",
                  u->thrid, u->name[0] ? " \"" : "", u->name, u->name[0] ? "\"" : "",
                  ult_stack_default);
        vp_group_exit(1);
    }
    return sp;
}

/* Run-queue lock held: u has ended, and its joiner, if any (returned), is
   ready again. From here a joiner may free u (ENDED); a detached u goes
   back to this VP's cache (FREED). */
static inline ult_t *end_locked(sched_vp_t *sv, ult_t *u)
{
    ult_t *joiner = NULL;

    u->private = NULL;
    switch (u->life) {
    case ULT_DETACHED:
        ult_handle_put(&sv->cache, u);
        return NULL;
    case ULT_JOINED:
        if ((joiner = u->joiner) != NULL)
            sched_push_back(joiner);
        __attribute__((fallthrough));   /* a kernel-level joiner watches life */
    default:    /* ARCHITECTURE.md, "Joining an ended ULT" */
        base_store_release(&u->life, ULT_ENDED);
        return joiner;
    }
}

/* A ULT function returned in a child that a ULT fork()ed (vp/fork.c): as
   in a pthread program whose only thread returns, the child exits. */
static void __attribute__((noinline, noreturn)) exit_forked_child(void)
{
    exit(0);
}

struct dying {
    char *lo;
    size_t map;
    int wake, last;
};

/* After a switch off a stack that does not go into this VP's cache (not
   the default size, or the cache is full): on the next context, the old
   one saved, the lock held. */
static void *dead_stack_helper(void *old_sp, void *sv, void *d)
{
    const struct dying *x = d;
    char *lo = x->lo;
    size_t map = x->map;
    int wake = x->wake, last = x->last;

    (void)old_sp;
    sched_unlock();
    ult_stack_put(&((sched_vp_t *)sv)->cache, lo, map);  /* x is on it */
    if (wake)
        sched_unpark(1);
    if (last)
        sched_finish_all(SCHED_DONE);
    return NULL;
}

/* The end of the running ULT: everything under the run-queue lock, then
   the switch. Its stack goes to this VP's cache before we leave it (after
   next is bound, so that next does not take it): only this VP takes from
   that cache, and not before its next switch. ult_switch_yield saves our
   last context into sv->exit_sp, not into the descriptor, which a joiner
   may free once life says ENDED. Waking a parked VP and finishing the
   start are system calls: made after the lock is released (nobody can take
   self, ended, nor next, popped), with a switch that releases nothing. */
void sched_end(void *retval, int set_retval)
{
    sched_vp_t *sv = sched_current();
    static unsigned int released;      /* a lock word nobody takes */

    if (__builtin_expect(!sv, 0))
        exit_forked_child();
    ult_t *self = sv->cur, *next;
    struct dying d = { self->stack_lo, self->stack_map, 0, 0 };
    void *to;

    if (set_retval)
        self->retval = retval;
    sched_lock();
    d.last = --sched_runq.live == 0;
    d.wake = end_locked(sv, self) && CMM_LOAD_SHARED(sched_runq.parked);
    next = sched_pop(0);
    if (next) {
        to = next->sp ? next->sp : sched_bind(sv, next);
        *sv->errno_p = next->saved_errno;
    } else {
        to = sv->idle_sp;
    }
    sv->cur = next;
    sv->switches++;
    if (next)
        ult_asan_start(NULL, next->stack_lo + ult_guard_size,
                       next->stack_map - ult_guard_size);
    else
        ult_asan_start(NULL, sv->vp.stack_bottom, sv->vp.stack_size);
    if (__builtin_expect(!ult_stack_room(&sv->cache, d.map), 0)) {
        ult_switch(to, sv, &d, dead_stack_helper);
        __builtin_unreachable();
    }
    ult_stack_put_here(&sv->cache, d.lo, d.map);
    if (__builtin_expect(d.wake || d.last, 0)) {
        sched_unlock();
        if (d.wake)
            sched_unpark(1);
        if (d.last)
            sched_finish_all(SCHED_DONE);
        ult_switch_yield(sv->exit_sp, to, &released);
    } else {
        ult_switch_yield(sv->exit_sp, to, &sched_runq.lock);
    }
    __builtin_unreachable();
}

void mltp_abort(void)
{
    if (!sched_running()) {
        base_warn("mltp_abort() called outside a ULT; ending the program");
        abort();
    }
    if (sched_is_main_share(sched_running())) {
        base_warn("mltp_abort() called by main's share (it leaves with "
                  "mltp_end()); ending the program");
        abort();
    }
    sched_end(NULL, 0);
}
