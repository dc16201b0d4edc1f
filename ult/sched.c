/* ult/sched.c - yield, block, exit: the switch paths.
 *
 * A switch takes the run-queue lock once: the switching ULT takes it, pops
 * the next ULT, and the helper (running on the next ULT's stack, after the
 * old context is saved) publishes the old ULT and drops the lock. With no
 * ULT ready, the switch goes to the VP's scheduler loop (vp/vp.c). */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include "ult/asan.h"
#include "ult/runq.h"
#include "vp/vp.h"

__thread ult_t *ult_bound_self __attribute__((tls_model("initial-exec")));

ult_t *ult_running(void)
{
    vp_t *vp = vp_current();
    return vp ? vp->cur : NULL;
}

ult_t *ult_self(void)
{
    ult_t *u = ult_running();
    return u ? u : ult_bound_self;
}

/* Make u ready and wake a parked VP if one is parked. Reading `parked`
   under the lock pairs with vp_idle, which counts itself parked before it
   looks at the queue under the lock: no wake-up is lost, and no system
   call is made while every VP is busy. */
void ult_ready(ult_t *u)
{
    int parked;

    runq_lock();
    runq_push_back(u);
    parked = CMM_LOAD_SHARED(ult_runq.parked);
    runq_unlock();
    if (parked)
        vp_unpark(1);
}

/* The live count lives under the same lock: no extra locked instruction. */
void ult_ready_new(ult_t *u)
{
    int parked;

    runq_lock();
    ult_runq.live++;
    runq_push_back(u);
    parked = CMM_LOAD_SHARED(ult_runq.parked);
    runq_unlock();
    if (parked)
        vp_unpark(1);
}

static void *exit_helper(void *old_sp, void *old, void *unused);

/* Switch from self to next (NULL: to the scheduler loop). The run-queue
   lock is held; helper releases it once self's context is saved, so no
   other VP can take self before then, even if self is already queued.
   errno is swapped here, on one VP, through this VP's own errno. */
static inline void *switch_to(vp_t *vp, ult_t *self, ult_t *next,
                              ult_helper_t *helper, void *a2)
{
    int *err = vp->errno_p;
    void *to, *fake = NULL;

    self->saved_errno = *err;
    if (next) {
        to = ult_resume_sp(next);
        *err = next->saved_errno;
        ult_asan_start(helper == exit_helper ? NULL : &fake,
                       next->stack_lo + ult_guard_size, next->stack_map - ult_guard_size);
    } else {
        to = vp->idle_sp;
        ult_asan_start(helper == exit_helper ? NULL : &fake,
                       vp->stack_bottom, vp->stack_size);
    }
    vp->cur = next;
    vp->switches++;
#if defined(__SANITIZE_ADDRESS__)
    void *r = ult_switch(to, self, a2, helper);
    ult_asan_finish(fake);
    return r;
#else
    (void)fake;
    return ult_switch(to, self, a2, helper);   /* a tail call */
#endif
}

#if defined(__SANITIZE_ADDRESS__)
/* switch_locked's helper under ASan (ult_switch_yield does its work
   otherwise): self's context is now saved. */
static void *publish(void *old_sp, void *old, void *unused)
{
    (void)unused;
    ((ult_t *)old)->sp = old_sp;
    runq_unlock();
    return NULL;
}
#endif

/* Switch from self, whose context nobody can take before the run-queue
   lock is dropped, to next (NULL: the VP's scheduler loop). Without ASan,
   which needs switch_to's annotations, publish's work is done inside
   ult_switch_yield: no call, no helper. The bookkeeping comes before the
   load of the stack pointer, so that it lands in the argument register
   directly. */
static void switch_new(ult_t *self);

static inline void switch_locked(vp_t *vp, ult_t *self, ult_t *next)
{
#if defined(__SANITIZE_ADDRESS__)
    switch_to(vp, self, next, publish, NULL);
#else
    int *err = vp->errno_p;
    void *to;

    self->saved_errno = *err;
    vp->cur = next;
    vp->switches++;
    if (!next) {
        ult_switch_yield(self, vp->idle_sp);
        return;
    }
    *err = next->saved_errno;
    if (__builtin_expect(!(to = next->sp), 0))
        switch_new(self);               /* a tail call */
    else
        ult_switch_yield(self, to);     /* a tail call */
#endif
}

/* The first run of the ULT switch_locked chose (already vp->cur): its
   stack first. Out of line, so that mltp_yield's fast path makes no call
   and needs no frame; next is not an argument, so that its register is
   free for the stack pointer. */
static void __attribute__((noinline, unused)) switch_new(ult_t *self)
{
    ult_switch_yield(self, ult_bind(vp_current()->cur));
}

/* A yield: self is already queued, next is not NULL. */
static inline void yield_to(vp_t *vp, ult_t *self, ult_t *next)
{
    switch_locked(vp, self, next);
}

static void warn_outside(const char *what)
{
    static int warned;
    if (!uatomic_xchg(&warned, 1))
        vp_warn("%s called outside a ULT (bound threads use mltp_yield_bound)", what);
    errno = EPERM;
    sched_yield();
}

/* The rest of a yield, with the run-queue lock held, when other levels
   are involved or the VPs are being stopped. */
static void __attribute__((noinline)) yield_locked(vp_t *vp, ult_t *self)
{
    ult_t *next;

    if (__builtin_expect(self == &ult_outside, 0)) {
        runq_unlock();
        warn_outside("mltp_yield()");
        return;
    }
    if (__builtin_expect(ult_runq.bitmap & RUNQ_STOP, 0)) {
        runq_unlock();
        vp_stop_here(vp);
    }
    if (!(next = runq_rotate(self))) {
        runq_unlock();
        return;
    }
    yield_to(vp, self, next);
}

/* Everything mltp_yield's fast path leaves out: misuse, a contended
   run-queue lock. */
static void __attribute__((noinline)) yield_slow(vp_t *vp)
{
    ult_t *self;

    if (!vp || !(self = vp->cur)) {
        warn_outside("mltp_yield()");
        return;
    }
    runq_lock();
    yield_locked(vp, self);
}

/* Yield to the back of our level: the next ready ULT of at least our
   priority runs. The hot path, kept frameless (slow cases are a tail call
   away): 28 instructions here, 26 in ult_switch_yield. Its one test is
   that our level is the only one ready (the usual case: one priority in
   use); otherwise, with exit() in progress (RUNQ_STOP), or outside a ULT
   (ult_outside), yield_locked. */
void mltp_yield(void)
{
    vp_t *vp = vp_current_or_dummy();
    ult_t *self = vp->cur, *next;

    if (__builtin_expect(runq_trylock_failed(), 0)) {
        yield_slow(vp_current());
        return;
    }
    if (__builtin_expect(runq_bitmap_locked() != self->prio_bit, 0)) {
        yield_locked(vp, self);
        return;
    }
    next = runq_rotate_level(self);
    yield_to(vp, self, next);
}

/* Yield to the front: exactly one other ready ULT (of at least our
   priority) runs before us. */
void mltp_yield_to_first(void)
{
    vp_t *vp = vp_current();
    ult_t *self, *next;

    if (!vp || !(self = vp->cur)) {
        warn_outside("mltp_yield_to_first()");
        return;
    }
    if (CMM_LOAD_SHARED(vpg.finish) == VP_FINISH_STOP)
        vp_stop_here(vp);
    runq_lock();
    next = runq_pop(self->prio);
    if (!next) {
        runq_unlock();
        return;
    }
    runq_push_front(self);
    yield_to(vp, self, next);
}

void ult_sched_unlock_wake(int n)
{
    int parked = CMM_LOAD_SHARED(ult_runq.parked);
    runq_unlock();
    if (n && parked)
        vp_unpark(n < parked ? n : parked);
}

/* Blocking under the run-queue lock (condition, barrier, join, lock
   queues): the same switch as a yield's. */
int ult_block_locked(void)
{
    vp_t *vp = vp_current();

    if (__builtin_expect(ult_runq.bitmap & RUNQ_STOP, 0)) {
        runq_unlock();
        vp_stop_here(vp);
    }
    switch_locked(vp, vp->cur, runq_pop(0));
    return 0;
}

/* A deadlock seen by a ULT that waits outside the run queue (a SEMAPHORE
   lock): leave it for good, queued nowhere, like the ULTs blocked in the
   deadlock; its VP goes back to its scheduler loop, which finishes. */
void ult_abandon(void)
{
    vp_t *vp = vp_current();

    runq_lock();
    switch_locked(vp, vp->cur, NULL);
    __builtin_unreachable();
}

struct release {
    void (*fn)(void *);
    void *arg;
};

static void *block_helper(void *old_sp, void *old, void *rel)
{
    struct release *r = rel;
    ((ult_t *)old)->sp = old_sp;
    runq_unlock();
    if (r->fn)
        r->fn(r->arg);
    return NULL;
}

void ult_block(void (*release)(void *), void *arg)
{
    vp_t *vp = vp_current();
    ult_t *self = vp->cur;
    struct release r = { release, arg };

    if (__builtin_expect(CMM_LOAD_SHARED(vpg.finish) == VP_FINISH_STOP, 0))
        vp_stop_here(vp);
    runq_lock();
    switch_to(vp, self, runq_pop(0), block_helper, &r);
}

/* Runs on the next context, run-queue lock held: the ended ULT's stack is
   free to reuse, and its joiner (mltp_join, under the same lock) is made
   ready in the same critical section. */
/* Run-queue lock held: u has ended, and its joiner, if any (returned), is
   ready again. From here u may be freed by the joiner. */
static inline ult_t *end_locked(ult_t *u)
{
    ult_t *joiner = u->joiner;

    u->private = NULL;
    if (joiner)
        runq_push_back(joiner);
    sync_store_release(&u->state, ULT_DONE);
    return joiner;
}

static void *exit_helper(void *old_sp, void *old, void *last)
{
    ult_t *u = old;
    unsigned int detached = u->flags & ULT_DETACHED;
    char *lo = u->stack_lo;
    size_t map = u->stack_map;

    (void)old_sp;
    ult_sched_unlock_wake(end_locked(u) != NULL);
    ult_stack_put(lo, map);
    if (detached)
        ult_handle_put(u);
    if (last)
        vp_finish_all(VP_FINISH_DONE);
    return NULL;
}

#if !defined(__SANITIZE_ADDRESS__)
/* The end of a ULT without a helper: everything exit_helper does happens
   before the switch, run-queue lock held. The stack goes to this VP's
   cache before we leave it (after next is bound, so that next does not
   take it), and ult_switch_yield saves our last context into vp->exit_sp,
   not into the descriptor, which a joiner may free once the state says
   done. */
static void __attribute__((noreturn)) exit_switch(vp_t *vp, ult_t *self, long last)
{
    unsigned int detached = self->flags & ULT_DETACHED;
    char *lo = self->stack_lo;
    size_t map = self->stack_map;
    int parked = end_locked(self) ? CMM_LOAD_SHARED(ult_runq.parked) : 0;
    ult_t *next = runq_pop(0);
    void *to;

    if (next) {
        to = next->sp ? next->sp : ult_bind(next);
        *vp->errno_p = next->saved_errno;
    } else {
        to = vp->idle_sp;
    }
    ult_stack_put_here(lo, map);
    if (detached)
        ult_handle_put(self);
    vp->cur = next;
    vp->switches++;
    if (parked)
        vp_unpark(1);
    if (last)
        vp_finish_all(VP_FINISH_DONE);
    ult_switch_yield(vp->exit_sp, to);
    __builtin_unreachable();
}
#endif

/* A ULT function returned in a child that a ULT fork()ed (vp/fork.c): as
   in a pthread program whose only thread returns, the child exits. */
static void __attribute__((noinline, noreturn)) exit_forked_child(void)
{
    exit(0);
}

void ult_exit(void *retval, int set_retval)
{
    vp_t *vp = vp_current();

    if (__builtin_expect(!vp, 0))
        exit_forked_child();
    ult_t *self = vp->cur;
    if (set_retval)
        self->retval = retval;
    runq_lock();
    long last = --ult_runq.live == 0;
#if !defined(__SANITIZE_ADDRESS__)
    if (__builtin_expect(ult_stack_room_here(self->stack_map), 1))
        exit_switch(vp, self, last);
#endif
    switch_to(vp, self, runq_pop(0), exit_helper, (void *)last);
    __builtin_unreachable();
}

void mltp_abort(void)
{
    if (!ult_running()) {
        vp_warn("mltp_abort() called outside a ULT; ending the program");
        abort();
    }
    ult_exit(NULL, 0);
}

void *mltp_get_private(void)
{
    ult_t *u = ult_self();
    return u ? u->private : NULL;
}

int mltp_get_myid(void)
{
    ult_t *u = ult_self();
    return u ? u->thrid : 0;
}

mltp_t *mltp_self(void)
{
    return (mltp_t *)ult_self();
}
