/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/steal.c - an idle VP takes ULTs from another VP's queue. A ULT
 * made ready on a VP runs there unless another VP has nothing to do: then
 * that VP steals from the busiest queue (the most ULTs queued, read
 * without locks), the oldest first (the head of its highest ready level:
 * the ULT its owner would run next at that priority), and with it up to
 * half of that level, so that a batch made on one VP spreads in a few
 * steals rather than one lock round trip per ULT. The thief runs the
 * first and queues the rest, in order, at the back of its own queue; it
 * names them in its record meanwhile (its running ULT, then the rest), so
 * that under every queue's lock each ULT is somewhere. */
#include "sched/sched.h"

#define STEAL_MAX 32            /* ULTs moved per steal, at most */

int sched_ready_count(void)
{
    int n = 0;

    for (int i = 0; i < vpg.nvp; i++)
        n += CMM_LOAD_SHARED(sched_runqs[i].nready);
    return n;
}

/* The other queue with the most ULTs, or NULL: one pass of racy reads,
   starting after our own so that thieves spread over victims. A queue
   another thief walks is skipped: locking it only to find that out
   would take its line from its owner. */
static struct sched_runq *busiest(const sched_vp_t *sv)
{
    struct sched_runq *best = NULL;
    sched_vp_t *v;
    int most = 0;

    SCHED_FOR_OTHER_VPS(v, sv) {
        struct sched_runq *q = v->rq;
        int r = CMM_LOAD_SHARED(q->nready);
        unsigned long bits = CMM_LOAD_SHARED(q->bitmap);
        if (r > most && (unsigned int)bits && !(bits & SCHED_STEAL_BIT)) {
            most = r;
            best = q;
        }
    }
    return best;
}

/* From u, up to want ULTs of a level, not past tail: the last one, and in
   *n how many. */
static ult_t *walk(ult_t *u, const ult_t *tail, int want, int *n)
{
    int k = 1;

    while (k < want && u != tail) {
        u = u->next;
        k++;
    }
    *n = k;
    return u;
}

/* Take the head of v's highest level and up to half of the rest of it: a
   chain from *first to *last, returned with its length (0: nothing, or
   another thief is at it). The walk to the cut reads a line per ULT from
   v's CPU, ~1 us for a full steal: with no more VPs than CPUs it is made
   without v's lock, v marked SCHED_STEAL_BIT, so that v's owner can go on
   pushing (creating, waking) meanwhile. Nodes from the head to the tail
   seen under the lock are stable then: only a pop, a rotation or a push
   to the front changes them, and those wait (sched_rq_lock); a push to
   the back writes only after the tail. With more VPs than CPUs the thief
   may lose its CPU in the walk, and the owner's pops would wait a time
   slice for it: there it walks under the lock (create+join with 1 driver
   on 4 VPs, 2 CPUs: 106-112 ns a ULT marked, 52-65 locked). */
static int take(sched_vp_t *sv, struct sched_runq *v, ult_t **first, ult_t **last)
{
    base_spin_lock(&v->lock);
    unsigned int bits = (unsigned int)v->bitmap;
    if (!bits || (v->bitmap & SCHED_STEAL_BIT)) {
        base_spin_unlock(&v->lock);
        return 0;
    }
    int p = 31 - __builtin_clz(bits), n = 1;
    struct sched_level *l = &v->level[p];
    int want = (v->nready + 1) / 2;
    ult_t *u = l->head, *tail = l->tail;

    if (want > STEAL_MAX)
        want = STEAL_MAX;
    if (want > 1 && u != tail && !sched_vps_outnumber_cpus()) {
        CMM_STORE_SHARED(v->bitmap, v->bitmap | SCHED_STEAL_BIT);
        base_spin_unlock(&v->lock);
        u = walk(u, tail, want, &n);
        base_spin_lock(&v->lock);
    } else {
        u = walk(u, tail, want, &n);
    }
    *first = l->head;
    *last = u;
    /* in no queue from here until run or queued: seen by sched/ids.c,
       which holds every queue's lock (ARCHITECTURE.md, "Thread ids") */
    sv->cur = *first;
    sv->stolen = (*first)->next;
    sv->nstolen = n - 1;
    if (u == l->tail) {
        l->tail = NULL;
        CMM_STORE_SHARED(v->bitmap, v->bitmap & ~(1UL << p | SCHED_STEAL_BIT));
    } else {
        l->head = u->next;
        CMM_STORE_SHARED(v->bitmap, v->bitmap & ~SCHED_STEAL_BIT);
    }
    CMM_STORE_SHARED(v->nready, v->nready - n);
    base_spin_unlock(&v->lock);
    return n;
}

ult_t *sched_steal(sched_vp_t *sv)
{
    struct sched_runq *v, *mine = sv->rq;
    ult_t *first, *last, *u, *next;
    struct sched_posts p;
    int n;

    if (vpg.nvp < 2 || !(v = busiest(sv)))
        return NULL;
    n = take(sv, v, &first, &last);
    if (!n)
        return NULL;
    sv->steals++;
    sched_posts_init(&p);
    if (n > 1) {
        /* queued here as a create queues (sched/place.c, "Park"): the ULT
           we run may never yield, and a VP that looked at our queue
           before may park */
        sched_rq_lock_push(mine);
        for (u = first->next;; u = next) {
            next = u->next;
            if (__builtin_expect(sg.observe, 0))
                sched_trace_moved(sv, u, (int)(v - sched_runqs));
            sched_place_here_locked(mine, u, SCHED_PLACE_STOLEN, &p);
            if (u == last)
                break;
        }
        sv->nstolen = 0;
        sched_rq_unlock(mine);
    }
    if (__builtin_expect(sg.observe, 0))
        sched_trace_moved(sv, first, (int)(v - sched_runqs));
    sched_place_running(mine, first);
    sched_post_owed(&p);
    return first;
}
