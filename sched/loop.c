/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/loop.c - what each VP's process runs: the scheduler loop. Take the
 * next ULT of this VP's queue, or steal one, and switch to it; park when
 * there is none; leave when the start is over (or stop at once, for
 * exit()). */
#include <errno.h>
#include "base/clock.h"
#include "sched/switch.h"

/* On the ULT's stack, the loop's context saved: release the lock the
   ULT came from under (NULL: a stolen ULT, already ours). */
static void *leave_loop(void *old_sp, void *sv, void *held)
{
    ((sched_vp_t *)sv)->idle_sp = old_sp;
    if (held)
        base_spin_unlock(held);
    return NULL;
}

void sched_stop_here(sched_vp_t *sv)
{
    vp_stop(&sv->vp);
}

static void run(sched_vp_t *sv, ult_t *u, base_spin_t *held)
{
    void *fake, *to = u->sp ? u->sp : sched_bind(sv, u);

    *sv->errno_p = u->saved_errno;
    sv->cur = u;
    sv->switches++;
    ult_asan_start(&fake, u->stack_lo + ult_guard_of(u), u->stack_map - ult_guard_of(u));
    ult_switch(to, sv, held, leave_loop);
    ult_asan_finish(fake);
}

/* A thief goes busy under its lock: a release to its queue while it was
   idle (SPINNING) queued there with no post, since an idle VP runs what
   it is given ("Placement"); now that it runs the stolen ULT, which may
   keep it (or wait in the kernel), such ULTs get the claim a busy VP's
   queue gets (sched/place.pml, NOFIX_STEAL_BUSY: without it, a lost
   post). */
static void __attribute__((noinline)) busy_after_steal(struct sched_runq *q)
{
    struct sched_posts p;

    sched_posts_init(&p);
    sched_rq_lock_push(q);
    q->idle = SCHED_RQ_BUSY;
    if (sched_rq_peek(q))
        p.any = sched_wake_claim();
    sched_rq_unlock(q);
    sched_post_owed(&p);
}

long sched_test_steal_pause_ns;
int sched_test_steal_paused;

static __attribute__((noinline)) void test_steal_pause(void)
{
    long ns = uatomic_xchg(&sched_test_steal_pause_ns, 0), end = base_now_ns() + ns;

    if (!ns)
        return;
    uatomic_set(&sched_test_steal_paused, 1);
    while (uatomic_read(&sched_test_steal_paused) && base_now_ns() < end)
        caa_cpu_relax();
    uatomic_set(&sched_test_steal_paused, 0);
}

static void loop(sched_vp_t *sv)
{
    struct sched_runq *q = sv->rq;

    for (;;) {
        int finish = CMM_LOAD_SHARED(sg.finish);
        if (finish == SCHED_STOP)
            sched_stop_here(sv);
        if (finish != SCHED_GO)
            return;
        /* sleepers due: a load while none sleeps, the clock while some do */
        if (sched_timer_due_now())
            sched_timers_fire();
        sched_poll_due();
        sched_rq_lock(q);
        if (__builtin_expect(q->idle && q->nready > 1, 0)) {
            /* given ULTs while idle, with no claim (busy_after_steal):
               the one we run now may keep us */
            sched_rq_unlock(q);
            sched_wake_to_steal(q);
            sched_rq_lock(q);
        }
        ult_t *u = sched_pop(q, 0);
        if (u) {
            if (q->idle)
                CMM_STORE_SHARED(q->idle, SCHED_RQ_BUSY);
            if (__builtin_expect(sv->spinning, 0)) {
                /* ours, where sched/ids.c looks under every queue's lock,
                   before the lock goes: rule 2 may post */
                sv->cur = u;
                sched_rq_unlock(q);
                sched_found_work_slow(sv);
                run(sv, u, NULL);
            } else {
                run(sv, u, &q->lock);
            }
            continue;
        }
        sched_rq_unlock(q);
        if ((u = sched_steal(sv)) != NULL) {
            if (__builtin_expect(CMM_LOAD_SHARED(sched_test_steal_pause_ns) != 0, 0))
                test_steal_pause();
            if (q->idle)
                busy_after_steal(q);
            sched_found_work(sv);
            run(sv, u, NULL);
            continue;
        }
        sched_idle(sv);
    }
}

/* A VP's process is set up (vp/vp.c): run its loop. */
void sched_vp_main(vp_t *vp)
{
    sched_vp_t *sv = (sched_vp_t *)vp;

    sched_self_tls = sv;
    sv->errno_p = &errno;
    sv->cur = NULL;
    sched_preempt_unblock();
    loop(sv);
}

/* Tell every VP to leave its loop (or stop at once, for exit()). */
void sched_finish_all(int why)
{
    if (why == SCHED_STOP) {
        uatomic_set(&sg.finish, why);
        for (int i = 0; i < vpg.nvp; i++) {
            struct sched_runq *q = &sched_runqs[i];
            sched_rq_lock(q);
            sched_rq_stop(q);
            sched_rq_unlock(q);
        }
    } else if (uatomic_cmpxchg(&sg.finish, SCHED_GO, why) != SCHED_GO) {
        return;
    }
    sched_spares_finish();
    /* only the parked need a post: a VP about to park counts itself
       before it looks at finish (ARCHITECTURE.md, "Finish") */
    base_full_fence();
    if (uatomic_read(&sg.idle.parked))
        sched_unpark_all();
}
