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
 *   a barrier's release           each group on the VP its ULTs waited
 *                                 on (their data is there), or the
 *                                 releaser's if that VP is not in this
 *                                 start
 *
 * A ULT queued on a parked VP posts that VP's own semaphore; work queued
 * on a busy VP wakes one parked VP to steal it while no VP spins for
 * work; an idle VP runs what it is given (sched/park.c, rule 1). The
 * posts are made once the caller holds no spin lock (sched_post). */
#include "sched/block.h"

/* MLTP_AFFINITY=0: releases are hand-offs (for comparisons) */
int sched_affinity_on = 1;

static inline int rq_index(const struct sched_runq *q)
{
    return (int)(q - sched_runqs);
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
    sched_post_if_parked_locked(q, p);
    /* rule 1 (sched/park.c): an idle VP runs what it is given, and wakes
       another if it is given more than it takes (sched/loop.c) */
    if (q->idle == SCHED_RQ_BUSY && sched_wake_claim())
        p->any = 1;
}

void sched_place_group(struct sched_waiter *g, struct sched_posts *p)
{
    struct sched_runq *q = &sched_runqs[g->vp];
    sched_vp_t *owner = &sg.vps[g->vp];
    ult_t *first, *last, *u, *next;
    int n, mixed;

    sched_rq_lock_push(q);          /* a thief's walk may go on */
    /* read under the lock its joiners write under; the node is its first
       ULT's, gone once that runs */
    if (owner->group == g)
        owner->group = NULL;        /* nobody joins it any more */
    first = g->ult;
    last = g->last;
    n = g->n;
    mixed = g->mixed;
    if (__builtin_expect(q->idle == SCHED_RQ_ABSENT, 0)) {
        /* its VP is not in this start (sched/start.c): ours, or queue 0 */
        sched_vp_t *sv = sched_current();
        sched_rq_unlock(q);
        q = sv ? sv->rq : &sched_runqs[0];
        sched_rq_lock_push(q);
        mixed = 1;                  /* their levels are the other queue's */
    }
    if (__builtin_expect(!mixed && !sg.observe, 1)) {
        sched_push_chain_back(q, first, last, n);
    } else {
        for (u = first;; u = next) {
            next = u->next;         /* the push writes it */
            if (sg.observe)
                observe(u, q, SCHED_WAKE_RELEASE);
            sched_push_back(q, u);
            if (u == last)
                break;
        }
    }
    /* rule 1, once for the group */
    sched_post_if_parked_locked(q, p);
    if (q->idle == SCHED_RQ_BUSY && sched_wake_claim())
        p->any = 1;
    sched_rq_unlock(q);
}

/* A stolen ULT the thief runs at once: in no queue, its level the thief's. */
void sched_place_running(struct sched_runq *q, ult_t *u)
{
    if (sg.stats)
        note_move(u, rq_index(last_rq(u)), rq_index(q));
    u->level = &q->level[u->prio];
}

/* A release: u's own VP, if it is idle (so of this start: an absent VP's
   queue is ABSENT, read under its lock). 1 if queued. */
static inline int home_takes(const struct sched_runq *home)
{
    int idle = CMM_LOAD_SHARED(home->idle);
    return idle == SCHED_RQ_SPINNING || idle == SCHED_RQ_PARKED;
}

static int place_home(ult_t *u, int how, struct sched_runq *mine, struct sched_posts *p)
{
    struct sched_runq *home = last_rq(u);

    if (home == mine || !home_takes(home))
        return 0;
    if (how & SCHED_WAKE_FRONT)
        sched_rq_lock(home);
    else
        sched_rq_lock_push(home);   /* a thief's walk may go on */
    /* it went busy since we looked: its ULT may run for long (or wait in
       the kernel), so u goes where a claim covers it; or a start without
       it began */
    if (!home_takes(home)) {
        sched_rq_unlock(home);
        return 0;
    }
    if (how & SCHED_WAKE_FRONT)
        sched_push_front(home, u);
    else
        sched_push_back(home, u);
    sched_post_if_parked_locked(home, p);
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
