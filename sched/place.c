/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/place.c - where a ULT made ready runs, and which parked VP is
 * posted for it: the one place that decides (ARCHITECTURE.md,
 * "Placement"). Solo starts (one queue) and queue 0's batches before any
 * VP runs (sched_pending_flush, main's share) have nothing to decide.
 *
 *   made ready by                 queued on
 *   mltp_create                   the creator's VP (queue 0 outside VPs);
 *                                 an idle VP steals it
 *   a hand-off: a condition's     the waker's VP, which switches soon and
 *   signal, a ULT's end (its      runs it next, the data it passes hot
 *   joiner)
 *   a release: a lock's hand-off  the VP it last ran on, if that VP is
 *   or unlock                     idle (its data is in that VP's cache,
 *                                 and the waker goes on running); else as
 *                                 a hand-off
 *   a steal                       the thief's VP
 *   a barrier's release           nothing: its waiters wait on their own
 *                                 VPs (sched/watch.c), which ready them
 *
 * A ULT queued on a parked VP posts that VP's own semaphore. Work queued
 * on a busy VP wakes one parked VP to steal it, only while no VP spins
 * for work (Go's count of spinning Ms) and, for a wake-up, only if that
 * VP would get a CPU (sched_wake_pays). The posts are made once the
 * caller holds no spin lock (sched_post). */
#include <errno.h>
#include <sys/sem.h>
#include "sched/block.h"

/* MLTP_AFFINITY=0: releases are hand-offs (for comparisons) */
int sched_affinity_on = 1;

/* Under the lock of the queue just pushed ("Park"): should a parked VP
   be woken to steal? The claim counts the woken VP as spinning. */
int sched_wake_claim(void)
{
    if (CMM_LOAD_SHARED(sg.idle.spinning) || !CMM_LOAD_SHARED(sg.idle.parked) ||
        uatomic_cmpxchg(&sg.idle.spinning, 0, 1) != 0)
        return 0;
    /* before post_any looks: a VP that is parking and not yet PARKED
       sees it, and does not sleep ("Park") */
    uatomic_inc(&sg.idle.claims);
    return 1;
}

int sched_wake_pays(void)
{
    return !sched_vps_outnumber_cpus() ||
           vpg.nvp - CMM_LOAD_SHARED(sg.idle.parked) - CMM_LOAD_SHARED(sg.idle.spinning) <
           vpg.ncpus;
}

static inline int rq_index(const struct sched_runq *q)
{
    return (int)(q - sched_runqs);
}

/* The posts to the VPs in p->vp, in one semop; no run-queue lock taken
   (p->any is left: finding a parked VP takes their locks). */
static void post_vps(struct sched_posts *p)
{
    struct sembuf op[SCHED_POSTS_MAX];
    sched_vp_t *sv = sched_current();
    int n = p->n;

    for (int i = 0; i < n; i++) {
        op[i] = (struct sembuf){ p->vp[i], 1, 0 };
        if (__builtin_expect(sg.observe, 0))
            sched_trace_post(p->vp[i]);
    }
    p->n = 0;
    if (!n)
        return;
    if (sv)
        sv->wakeups += (unsigned long)n;
    while (semop(sg.park_semid, op, (size_t)n) < 0 && errno == EINTR)
        ;
}

/* q's lock held: if its VP is parked, it is now woken (counted spinning,
   as a claim does) and owed a post. */
static inline void post_if_parked(struct sched_runq *q, struct sched_posts *p)
{
    if (__builtin_expect(q->idle != SCHED_RQ_PARKED, 1))
        return;
    q->idle = SCHED_RQ_SPINNING;
    uatomic_dec(&sg.idle.asleep);
    uatomic_inc(&sg.idle.spinning);
    if (p->n == SCHED_POSTS_MAX)
        post_vps(p);            /* V only: bounded under the lock */
    p->vp[p->n++] = (unsigned short)rq_index(q);
}

/* ULTs that ran before, put on another VP's queue than the one they last
   ran on: counted once until they run again (MLTP_STATS). */
static void note_move(ult_t *u, int from, int to)
{
    sched_vp_t *sv;

    if (from == to || !u->private)          /* never ran: not a move */
        return;
    if (u->flags & ULT_MOVED) {
        if (to != u->moved_from)
            return;                         /* still away: counted */
        u->flags &= (unsigned char)~ULT_MOVED;
        from = -1;                          /* back before it ran */
    } else {
        u->flags |= ULT_MOVED;
        u->moved_from = (unsigned char)(from < 255 ? from : 255);
    }
    if ((sv = sched_current()) != NULL)
        sv->moves += from < 0 ? -1 : 1;
    else
        uatomic_add(&sg.outside_moves, from < 0 ? -1 : 1);
}

/* The VP whose queue a blocked ULT's level points into: the one it ran
   on (a ULT's level is its VP's while it runs, and nothing moves it while
   it waits). */
static inline struct sched_runq *last_rq(const ult_t *u)
{
    return (struct sched_runq *)((const char *)(u->level - u->prio) -
                                 offsetof(struct sched_runq, level));
}

/* MLTP_STATS' moves, the trace's creates and wakes */
static __attribute__((noinline)) void observe(ult_t *u, struct sched_runq *q, int how)
{
    if (sg.stats && how != SCHED_PLACE_NEW)
        note_move(u, rq_index(last_rq(u)), rq_index(q));
    if (how == SCHED_PLACE_NEW)
        sched_trace_created(u);
    else if (!(how & SCHED_PLACE_STOLEN))
        sched_trace_woken(u);
}

void sched_place_here_locked(struct sched_runq *q, ult_t *u, int how,
                             struct sched_posts *p)
{
    if (__builtin_expect(sg.observe, 0))
        observe(u, q, how);
    if (how & SCHED_WAKE_FRONT)
        sched_push_front(q, u);
    else
        sched_push_back(q, u);
    if (how & SCHED_PLACE_NOPOST)
        return;
    /* q's VP parked (queue 0, from outside the VPs): that VP, as a release
       to it would */
    if (__builtin_expect(q->idle == SCHED_RQ_PARKED, 0)) {
        post_if_parked(q, p);
        return;
    }
    /* with more VPs than CPUs, all busy, a wake-up skips the post: our
       VP runs u when we switch (spinning waiters make up for it:
       sched_wake_for_queued) */
    if ((!(how & (SCHED_WAKE_HANDOFF | SCHED_WAKE_RELEASE)) || sched_wake_pays()) &&
        sched_wake_claim())
        p->any = 1;
}

/* Under q's lock, not a racy look: the VP may be between its last look
   at the word and parking, and finds the change under that lock if we
   come first ("Word wait"). */
void sched_place_look(int vp, struct sched_posts *p)
{
    struct sched_runq *q = &sched_runqs[vp];

    sched_rq_lock_push(q);      /* it only looks */
    post_if_parked(q, p);
    sched_rq_unlock(q);
}

/* A stolen ULT the thief runs at once: in no queue, its level the thief's. */
void sched_place_running(struct sched_runq *q, ult_t *u)
{
    if (sg.stats)
        note_move(u, rq_index(last_rq(u)), rq_index(q));
    u->level = &q->level[u->prio];
}

/* A release: u's own VP, if it is idle and of this start, and if parked
   only when the post pays (sched_wake_pays). 1 if queued. */
static int place_home(ult_t *u, int how, struct sched_runq *mine, struct sched_posts *p)
{
    struct sched_runq *home = last_rq(u);
    int i = rq_index(home), idle;

    if (home == mine || i < 0 || i >= vpg.nvp ||
        (idle = CMM_LOAD_SHARED(home->idle)) == SCHED_RQ_BUSY ||
        (idle == SCHED_RQ_PARKED && !sched_wake_pays()))
        return 0;
    if (how & SCHED_WAKE_FRONT)
        sched_rq_lock(home);
    else
        sched_rq_lock_push(home);   /* a thief's walk may go on */
    /* it went busy since we looked: its ULT may run for long (or wait in
       the kernel), so u goes where a claim covers it */
    if (home->idle == SCHED_RQ_BUSY) {
        sched_rq_unlock(home);
        return 0;
    }
    if (how & SCHED_WAKE_FRONT)
        sched_push_front(home, u);
    else
        sched_push_back(home, u);
    post_if_parked(home, p);
    sched_rq_unlock(home);
    if (__builtin_expect(sg.observe, 0))
        sched_trace_woken(u);
    return 1;
}

void sched_place(ult_t *u, int how, struct sched_posts *p)
{
    sched_vp_t *sv = sched_current();
    struct sched_runq *mine = sv ? sv->rq : &sched_runqs[0];

    if ((how & SCHED_WAKE_RELEASE) && sched_affinity_on && vpg.running &&
        place_home(u, how, mine, p))
        return;
    if (how & SCHED_WAKE_FRONT)
        sched_rq_lock(mine);
    else
        sched_rq_lock_push(mine);   /* a thief's walk may go on */
    sched_place_here_locked(mine, u, how, p);
    sched_rq_unlock(mine);
}

/* ---- posts ------------------------------------------------------------ */

/* One parked VP, to steal: the first found after the caller's, taken
   under its lock. Its count as spinning came with the claim. A first
   pass reads each `idle` unlocked; if it finds none, a second takes each
   lock: a VP that was making itself PARKED then (its look at claims and
   its PARKED in one critical section) is seen PARKED, or saw our claim
   and stays up ("Park"). */
static int post_any(void)
{
    sched_vp_t *v;

    for (int locked = 0; locked < 2; locked++) {
        SCHED_FOR_OTHER_VPS(v, sched_current()) {
            struct sched_runq *q = v->rq;
            if (!locked && CMM_LOAD_SHARED(q->idle) != SCHED_RQ_PARKED)
                continue;
            sched_rq_lock_push(q);      /* it only looks */
            int parked = q->idle == SCHED_RQ_PARKED;
            if (parked) {
                q->idle = SCHED_RQ_SPINNING;
                uatomic_dec(&sg.idle.asleep);
            }
            sched_rq_unlock(q);
            if (parked)
                return rq_index(q);
        }
    }
    return -1;
}

/* A post never blocks. The caller holds no spin lock but in one place:
   mltp_cond_wait_lock posts under its stripe lock (sync/cond.c;
   ARCHITECTURE.md, "Locking rules", rule 5). */
void sched_post(struct sched_posts *p)
{
    if (p->any) {
        int v = post_any();
        if (v < 0)
            uatomic_dec(&sg.idle.spinning);     /* woken meanwhile */
        else if (p->n == SCHED_POSTS_MAX)
            post_vps(p);
        if (v >= 0)
            p->vp[p->n++] = (unsigned short)v;
        p->any = 0;
    }
    post_vps(p);
}

/* Work queued where nobody may run it soon: one parked VP to steal it,
   unless a VP spins. q's lock is taken to look ("Park"). */
void sched_wake_to_steal(struct sched_runq *q)
{
    struct sched_posts p;

    sched_posts_init(&p);
    sched_rq_lock_push(q);          /* it only looks */
    p.any = sched_wake_claim();
    sched_rq_unlock(q);
    sched_post(&p);
}
