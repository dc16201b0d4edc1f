/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/park.c - idle VPs: spin for about one wake-up cost, looking at
 * every queue and stealing, then sleep on the park semaphore. A cross-CPU
 * wake-up costs 30-70 us on these VMs, a spin check 0.2 us: spinning first
 * keeps hand-offs cheap. No spinning when there are more VPs than CPUs, or
 * more runnable tasks (sched/crowd.c): the spinner would steal the CPU of
 * a VP with work. Wake-ups only when they pay: a VP that makes a ULT ready
 * wakes a parked VP only while none is spinning (Go's count of spinning
 * Ms), and the woken VP counts as spinning from the post on, so a burst of
 * readyings posts once. A spinner that finds work while more is queued,
 * and was the last spinner, wakes the next. And deadlock detection: every
 * VP parked (or blocked in the kernel on a SEMAPHORE lock) with nothing
 * that could wake one. */
#include <errno.h>
#include <sys/sem.h>
#include "base/clock.h"
#include "sched/block.h"

/* The park semaphores, one per VP, in one set made for the largest start
   so far (the set of a smaller one removed); all 0 as a start begins.
   0 or an errno value. */
int sched_park_prepare(int nvp)
{
    static unsigned short zeros[SCHED_VP_MAX];

    if (nvp > sg.park_nsems) {
        int n = nvp < 8 ? 8 : nvp, id;
        if ((id = vp_semset_create(n)) < 0)
            return errno;
        if (sg.park_semid >= 0)
            vp_semset_remove(sg.park_semid);
        sg.park_semid = id;
        sg.park_nsems = n;
    }
    semctl(sg.park_semid, 0, SETALL, zeros);
    return 0;
}

int sched_semset_create(int nsems)
{
    return vp_semset_create(nsems);
}

/* The start is over: every VP leaves its semaphore (a VP that is not
   parked finds a post left for it, which the next start clears). */
void sched_unpark_all(void)
{
    struct sembuf op[64];
    int n = vpg.nvp;

    for (int i = 0; i < n; i += 64) {
        int k = n - i < 64 ? n - i : 64;
        for (int j = 0; j < k; j++)
            op[j] = (struct sembuf){ (unsigned short)(i + j), 1, 0 };
        while (semop(sg.park_semid, op, (size_t)k) < 0 && errno == EINTR)
            ;
    }
}

/* For a VP that cannot switch for a while (its ULT spins for a SPIN
   lock) while ULTs wait in its queue: the wake-up a wake skipped because
   it did not pay. */
void sched_wake_for_queued(void)
{
    sched_vp_t *sv = sched_current();

    if (sv && CMM_LOAD_SHARED(sv->rq->nready))
        sched_wake_to_steal(sv->rq);
}

long sched_live(void)
{
    long ended = 0, created = 0;

    for (int i = 0; i < sg.nslots; i++)
        ended += (long)CMM_LOAD_SHARED(sg.vps[i].ended);
    base_acquire_fence();
    created = CMM_LOAD_SHARED(sg.outside_live);
    for (int i = 0; i < sg.nslots; i++)
        created += (long)CMM_LOAD_SHARED(sg.vps[i].created);
    return created - ended;
}

void sched_outside_live_add(long n)
{
    uatomic_add(&sg.outside_live, n);
}

/* Work in another queue, each looked at under its lock (the "Park"
   pair), then in ours: none there, no watched word changed (a releaser
   that found our proxy takes our lock to post us: "Word wait"), and no
   claim begun since claims_seen (one that found no VP PARKED yet, while
   we looked: it posts nobody); then we are PARKED (under its lock, so
   that whoever queues a ULT here sees it and posts us). 1 if work. */
static int work_seen_else_park(sched_vp_t *sv, int claims_seen, int *asleep)
{
    struct sched_runq *mine = sv->rq;
    sched_vp_t *v;
    int r;

    SCHED_FOR_OTHER_VPS(v, sv) {
        struct sched_runq *q = v->rq;
        sched_rq_lock_push(q);      /* it only looks */
        r = sched_rq_peek(q) || sched_watch_stealable_locked(v);
        sched_rq_unlock(q);
        if (r)
            return 1;
    }
    sched_rq_lock_push(mine);
    if (!(r = sched_rq_peek(mine) || sched_watch_changed(sv) ||
              CMM_LOAD_SHARED(sg.idle.claims) != claims_seen)) {
        mine->idle = SCHED_RQ_PARKED;
        *asleep = uatomic_add_return(&sg.idle.asleep, 1);
    }
    sched_rq_unlock(mine);
    return r;
}

/*
 * ARCHITECTURE.md, "Park": a parking VP P and a VP M that makes a ULT
 * ready in a queue q:
 *
 *   P                                M (q's lock held)
 *   parked++; spinning-- (atomic)    push the ULT
 *   ours, locked: PARKED if empty    q's VP is PARKED? post it
 *   for each other queue: lock,      else spinning == 0 and parked > 0?
 *     look; work? not PARKED           then claim (spinning = 1), post a
 *                                      PARKED VP (post_any, its lock)
 *
 * If P looked at q before M's critical section, M sees P's counts (P
 * changed them before it took q's lock), and P's PARKED (set before P
 * looked at any other queue): M posts P, or some PARKED VP unless another
 * VP spins (which looks at q after M, by the same argument, or is woken).
 * If after, P sees the ULT. No wake-up is lost, and M makes no system
 * call while a VP spins. (P used to look at the others first: a claim
 * made meanwhile found no VP PARKED yet, and P then slept.)
 */
/* Awake again: SPINNING, taken out of asleep unless a poster did both
   (it then also counted us spinning). 1 if a poster did. */
static int unpark_self(sched_vp_t *sv)
{
    struct sched_runq *mine = sv->rq;
    int posted;

    sched_rq_lock_push(mine);
    if (!(posted = mine->idle != SCHED_RQ_PARKED))
        uatomic_dec(&sg.idle.asleep);
    mine->idle = SCHED_RQ_SPINNING;
    sched_rq_unlock(mine);
    return posted;
}

static void park(sched_vp_t *sv)
{
    struct sembuf op = { (unsigned short)sv->vp.id, -1, 0 };
    int asleep = 0, claims;

    uatomic_inc(&sg.idle.parked);
    uatomic_dec(&sg.idle.spinning);
    claims = CMM_LOAD_SHARED(sg.idle.claims);
    if ((sched_watching(sv) && sched_watch_proxy_all(sv)) ||
        work_seen_else_park(sv, claims, &asleep) || CMM_LOAD_SHARED(sg.finish)) {
        /* a post made meanwhile stays on our semaphore: a later park
           returns at once, and looks again */
        if (asleep && unpark_self(sv))
            uatomic_dec(&sg.idle.spinning);
        else if (!asleep)
            CMM_STORE_SHARED(sv->rq->idle, SCHED_RQ_SPINNING);
        uatomic_dec(&sg.idle.parked);
        return;
    }
    /* Every VP PARKED (each after its last look at its queue and watch
       list, under its lock; a post takes one out first), so no ULT runs,
       and no kernel-level thread could make one ready or change a watched
       word: the remaining ULTs wait forever. (parked alone would not do:
       a VP counted there may still be reading a watch list that no other
       VP can read.) */
    if (asleep == vpg.nvp && !vp_bound_alive()) {
        uatomic_dec(&sg.idle.parked);
        sched_report_deadlock();
        return;
    }
    sv->parks++;
    sv->rescued = 0;            /* a rescue that found nothing */
    if (__builtin_expect(sg.observe, 0))
        sched_trace_park(sv, 0);
    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
    if (__builtin_expect(sg.observe, 0))
        sched_trace_park(sv, 1);
    /* a poster counted us spinning; the end of a start
       (sched_unpark_all) did not */
    if (unpark_self(sv))
        uatomic_dec(&sg.idle.spinning);
    uatomic_dec(&sg.idle.parked);
}

/* One ULT ready in all: most often the VP that readied it runs it next
   (a hand-off: signal, then wait), and stealing it would move both ULTs'
   lines to this CPU and back. Leave it to its VP for about 1 us (Go's
   runnext, which thieves leave alone for 3 us); then it is ours. A
   condition round trip on 2 VPs: 150-380 ns without, 62-67 ns with. */
#define STEAL_GRACE_NS 1000

static int after_grace(void)
{
    long until = base_now_ns() + STEAL_GRACE_NS;
    int ready;

    do {
        /* look seldom: each look takes the owner's queue line from it */
        for (int k = 0; k < 16; k++)
            caa_cpu_relax();
    } while ((ready = sched_ready_count()) == 1 && base_now_ns() < until);
    return ready;
}

/* Counted spinning while here; the loop then pops or steals what it
   found. The last spinner to find work wakes the next parked VP if more
   is queued than it takes. */
static void spin_then_park(sched_vp_t *sv)
{
    long now = base_now_ns();
    /* spinners so far, and VPs busy (neither spinning nor parked) */
    int before = uatomic_add_return(&sg.idle.spinning, 1) - 1;
    int busy = vpg.nvp - CMM_LOAD_SHARED(sg.idle.parked) - before - 1;

    /* under our lock: a thief walking our watch list (we were busy) is
       done, and no other starts (sched/watch.c) */
    sched_rq_lock_push(sv->rq);
    CMM_STORE_SHARED(sv->rq->idle, SCHED_RQ_SPINNING);
    sched_rq_unlock(sv->rq);

    /* at most half as many spinners as busy VPs, and one when none is
       busy (Go's rule): every spinner reads every queue's line */
    if (sg.spin_ns > 0 && !sched_vps_outnumber_cpus() && (before == 0 || 2 * before < busy) &&
        !sched_crowd_check(now)) {
        long deadline = now + sg.spin_ns;
        do {
            for (int i = 0; i < 64; i++) {
                /* ours at every look (a line only our pushers write, and
                   where a release queues our ULTs); every queue's at every
                   8th: each look at another VP's line takes it from its
                   owner, and with V VPs a look reads V lines */
                int ready = sched_watching(sv) ? sched_watch_poll(sv, 0) : 0;
                if (!ready)
                    ready = CMM_LOAD_SHARED(sv->rq->nready);
                if (!ready && (i & 7) == 0 && (ready = sched_ready_count()) == 1)
                    ready = after_grace();
                if (ready || CMM_LOAD_SHARED(sg.finish)) {
                    sv->idle_hits++;
                    if (uatomic_sub_return(&sg.idle.spinning, 1) == 0 && ready > 1)
                        sched_wake_to_steal(sv->rq);
                    return;
                }
                caa_cpu_relax();
            }
            now = base_now_ns();
            if (sched_watch_stealable(sv)) {
                uatomic_dec(&sg.idle.spinning);
                return;
            }
        } while (now < deadline && !sched_crowd_check(now));
    }
    park(sv);
}

/*
 * The VP found nothing to run. If it ended ULTs since it last looked, the
 * start may be over: the VP that ends the last live ULT always comes here
 * next (or runs another, live one). ARCHITECTURE.md, "Live count": two
 * VPs A and B ending the last two ULTs at once:
 *
 *   A                                B
 *   ended_A++                        ended_B++
 *   smp_mb                           smp_mb
 *   read every ended, then every     read every ended, then every
 *   created                          created
 *
 * Store buffering, fenced both sides: at least one sees both ends, and so
 * live == 0. A sum of 0 is exact: the counts only grow, and every end is
 * read before any creation, so a creation missed belongs to a ULT whose
 * creator's end was missed too.
 */
void sched_idle(sched_vp_t *sv)
{
    if (sv->ended != sv->ended_seen) {
        sv->ended_seen = sv->ended;
        base_full_fence();
        if (sched_live() == 0) {
            sched_finish_all(SCHED_DONE);
            return;
        }
    }
    /* the stacks' maintenance (ult/chunk.c: the reserve mapped ahead,
       memory given back), a step at a time while no work comes: off
       every ULT's path */
    while (__builtin_expect(ult_stack_due(), 0) && !CMM_LOAD_SHARED(sv->rq->nready) &&
           !CMM_LOAD_SHARED(sg.finish) && ult_stack_maintain(0))
        ;
    spin_then_park(sv);
}

/* ---- deadlocks ------------------------------------------------------ */

void sched_report_deadlock(void)
{
    sched_finish_all(SCHED_DEADLOCK);
}

int sched_deadlocked(void)
{
    return CMM_LOAD_SHARED(sg.finish) == SCHED_DEADLOCK;
}

void sched_kernel_wait_begin(void)
{
    uatomic_inc(&sg.semwait);
}

void sched_kernel_wait_end(void)
{
    uatomic_dec(&sg.semwait);
}

/* Every VP blocked in the kernel or parked, and nothing that could change
   it: ready ULTs need a VP that is not blocked in the kernel, a bound
   thread could release something. Racy counts: the caller looks twice,
   a timeout apart, with no progress between. */
int sched_kernel_wait_stuck(void)
{
    int sw = CMM_LOAD_SHARED(sg.semwait);
    return sw + CMM_LOAD_SHARED(sg.idle.parked) == vpg.nvp && !vp_bound_alive() &&
           (sw == vpg.nvp || !sched_ready_count());
}
