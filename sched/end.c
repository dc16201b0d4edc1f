/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/end.c - a ULT's first run and its end. */
#include <stdlib.h>
#include "sched/block.h"
#include "sched/switch.h"
#include "sched/tls.h"

/* A first run with arguments of any kind, traced, or with a TLS block
   of its own. */
static __attribute__((noinline)) void *first_run_flagged(ult_t *u, mltp_userf_t *fn)
{
    if (u->flags & ULT_OWN_TLS)
        sched_tls_first_run(u);
    if (u->flags & ULT_TRACED)
        sched_trace_first_run(u);
    if (u->flags & ULT_VARGS)
        return ult_call_vargs((void *)fn, u->arg);
    return fn(u->arg);
}

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
    /* one test, as before the trace had a flag */
    if (__builtin_expect(u->flags & (ULT_VARGS | ULT_TRACED | ULT_OWN_TLS), 0))
        r = first_run_flagged(u, fn);
    else
        r = fn(u->arg);
    sched_end(r, 1);
}

/* With no stack left at all the program cannot go on: nothing else would
   free the memory it needs. It ends with status 1 through the reaper,
   this VP's process exiting with the lock it switches under still held:
   whoever is queued under it (the yielding or blocking ULT, with a
   context not yet saved) can never be taken by another VP, and the reaper
   takes no lock. */
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

/* LIVE -> ENDED if nobody joined or detached u: 1 if it moved. */
static inline int live_to_ended(ult_t *u)
{
    /* the CAS is a full fence: retval is published with ENDED ("Joining
       an ended ULT") */
    if (!sched_solo_on)
        return uatomic_cmpxchg((unsigned char *)&u->life, ULT_LIVE, ULT_ENDED) == ULT_LIVE;
    /* solo: no other thread can change it meanwhile; no locked
       instruction (~20 cycles, and the store buffer drained) */
    if (u->life != ULT_LIVE)
        return 0;
    base_store_release(&u->life, ULT_ENDED);
    return 1;
}

/* u has ended: its life moves on, and its joiner, if any, is returned (to
   be made ready by the caller). Nobody joins or detaches it (LIVE): one
   CAS to ENDED, no lock. Otherwise the life changed under its stripe lock
   and changes no more but here: a ULT joiner is blocked under that lock
   until its context is saved, so the lock is taken before it is handed
   on. From ENDED a joiner may free u; a detached u goes back to this VP's
   cache (FREED). */
static inline ult_t *end_life(sched_vp_t *sv, ult_t *u)
{
    ult_t *joiner;
    base_spin_t *s;

    u->private = NULL;
    if (live_to_ended(u))
        return NULL;
    if (u->life == ULT_DETACHED) {
        u->life = ULT_FREED;            /* nobody else moves it now */
        ult_handle_put(&sv->cache, u);
        return NULL;
    }
    s = sched_stripe_take(u);           /* JOINED */
    joiner = u->joiner;                 /* NULL: a kernel-level thread watches */
    base_store_release(&u->life, ULT_ENDED);
    base_spin_unlock(s);
    return joiner;
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
    int owe;                    /* posts owed, in p */
    struct sched_posts p;
};

/* After a switch off a stack that does not go into this VP's cache (not
   the default size, or the cache is full): on the next context, the old
   one saved, the lock held. */
static void *dead_stack_helper(void *old_sp, void *sv, void *d)
{
    const struct dying *x = d;
    char *lo = x->lo;
    size_t map = x->map;
    int owe = x->owe;
    struct sched_posts p;

    (void)old_sp;
    if (owe)
        p = x->p;
    sched_rq_unlock(((sched_vp_t *)sv)->rq);
    ult_stack_put(&((sched_vp_t *)sv)->cache, lo, map);  /* x is on it */
    if (owe)
        sched_post(&p);
    return NULL;
}

/* The end's checks, and a ULT's own TLS block ended first, in the ULT
   (its destructors may block: then it may end on another VP). The VP it
   ends on. */
static __attribute__((noinline)) sched_vp_t *end_flagged(sched_vp_t *sv, ult_t *self)
{
    if (self->flags & ULT_OWN_TLS) {
        sched_tls_end(self);
        sv = sched_current();
    }
    sched_check_stack(sv, self);
    if (self->flags & ULT_TRACED)
        sched_trace_stop(self, BASE_TRACE_END, NULL, 0);
    return sv;
}

/* The end of the running ULT: its life, then its joiner readied and the
   next ULT popped under this VP's run-queue lock, then the switch. Its
   stack goes to this VP's cache before we leave it (after next is bound,
   so that next does not take it): only this VP takes from that cache, and
   not before its next switch. ult_switch_yield saves our last context into
   sv->exit_sp, not into the descriptor, which a joiner may free once life
   says ENDED. Waking a parked VP is a system call: made after the lock is
   released (nobody can take self, ended, nor next, popped), with a switch
   that releases nothing. Whether the start is over is seen by the VP's
   loop when it finds nothing to run (sched/park.c). */
void sched_end(void *retval, int set_retval)
{
    sched_vp_t *sv = sched_current();
    static unsigned int released;      /* a lock word nobody takes */

    if (__builtin_expect(!sv, 0))
        exit_forked_child();
    ult_t *self = sv->cur, *next, *joiner;
    struct sched_runq *q;
    struct dying d;
    size_t own;
    void *to;

    /* the stack check's one test, which a traced ULT and one with a TLS
       block of its own fail too */
    if (__builtin_expect(self->flags & (ULT_UNGUARDED | ULT_TRACED | ULT_OWN_TLS), 0))
        sv = end_flagged(sv, self);
    q = sv->rq;
    if (set_retval)
        self->retval = retval;
    /* after this VP's counts of creations ("Live count") */
    base_store_ordered(&sv->ended, sv->ended + 1);
    d.lo = self->stack_lo;              /* before its life says ENDED */
    d.map = self->stack_map;
    own = self->flags & ULT_OWN_STACK;  /* (a detached descriptor is gone then) */
    d.owe = 0;
    joiner = end_life(sv, self);
    sched_rq_lock(q);
    if (joiner) {
        /* a hand-off: this VP switches now (sched/place.c) */
        sched_posts_init(&d.p);
        sched_place_here_locked(q, joiner, SCHED_WAKE_HANDOFF, &d.p);
        d.owe = d.p.n | d.p.any;
    }
    next = sched_pop(q, 0);
    if (!next)
        sched_rq_going_idle(q);
    if (next) {
        /* the ULT queued behind next (garbage if none: a prefetch does
           not fault), whose descriptor the end of next pops: in a batch
           of ULTs that run to their end one after another, that pop was
           a cache miss per ULT. 3 instructions (ARCHITECTURE.md, "Stacks") */
        __builtin_prefetch(next->next, 1);
        __builtin_prefetch((char *)next->next + 64, 1);
        to = next->sp ? next->sp : sched_bind(sv, next);
        *sv->errno_p = next->saved_errno;
    } else {
        to = sv->idle_sp;
    }
    sv->cur = next;
    sv->switches++;
    if (next)
        ult_asan_start(NULL, next->stack_lo + ult_guard_of(next),
                       next->stack_map - ult_guard_of(next));
    else
        ult_asan_start(NULL, sv->vp.task->stack_bottom, sv->vp.task->stack_size);
    /* a stack that holds no reservation (ULT_OWN_STACK, a bit below any
       page) matches no cached size */
    if (__builtin_expect(!ult_stack_room(&sv->cache, d.map | own), 0)) {
        /* self is cur no more: under the lock, its stack no longer names
           it, as when it is cached (sched/ids.c reads the names) */
        ult_stack_disown(d.lo, d.map);
        ult_switch(to, sv, &d, dead_stack_helper);
        __builtin_unreachable();
    }
    ult_stack_put_here(&sv->cache, d.lo, d.map);
    if (__builtin_expect(d.owe, 0)) {
        sched_rq_unlock(q);
        sched_post(&d.p);
        ult_switch_yield(sv->exit_sp, to, &released);
    } else {
        ult_switch_yield(sv->exit_sp, to, &q->lock);
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
