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

/* The park semaphore, once: 0 or an errno value. */
int sched_park_prepare(void)
{
    if (sg.park_semid < 0 && (sg.park_semid = vp_semset_create(1)) < 0)
        return errno;
    semctl(sg.park_semid, 0, SETVAL, 0);
    return 0;
}

int sched_semset_create(int nsems)
{
    return vp_semset_create(nsems);
}

/* A post never blocks: bounded. Callers hold no spin lock but one:
   mltp_cond_wait_lock posts under its stripe lock (sync/cond.c;
   ARCHITECTURE.md, "Locking rules", rule 5). */
void sched_unpark(int n)
{
    struct sembuf op = { 0, (short)n, 0 };
    sched_vp_t *sv = sched_current();

    if (sv)
        sv->wakeups++;
    semop(sg.park_semid, &op, 1);
}

/* Under the lock of the queue just pushed ("Park" below). */
int sched_wake_claim(void)
{
    if (CMM_LOAD_SHARED(sg.idle.spinning) || !CMM_LOAD_SHARED(sg.idle.parked))
        return 0;
    return uatomic_cmpxchg(&sg.idle.spinning, 0, 1) == 0;
}

int sched_wake_pays(void)
{
    return !sched_vps_outnumber_cpus() ||
           vpg.nvp - CMM_LOAD_SHARED(sg.idle.parked) - CMM_LOAD_SHARED(sg.idle.spinning) <
           vpg.ncpus;
}

/* For a VP that cannot switch for a while (its ULT spins for a SPIN
   lock) while ULTs wait in its queue: the wake-up a wake skipped because
   it did not pay ("Park": claimed under the queue's lock). */
void sched_wake_for_queued(void)
{
    sched_vp_t *sv = sched_current();
    int claim;

    if (!sv || !CMM_LOAD_SHARED(sv->rq->nready))
        return;
    sched_rq_lock_push(sv->rq);     /* it only looks */
    claim = sched_wake_claim();
    sched_rq_unlock(sv->rq);
    if (claim)
        sched_unpark(1);
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

/* Work anywhere, each queue looked at under its lock (the "Park" pair). */
static int work_seen_locked(void)
{
    for (int i = 0; i < vpg.nvp; i++) {
        struct sched_runq *q = &sched_runqs[i];
        sched_rq_lock_push(q);      /* it only looks */
        int r = sched_rq_peek(q);
        sched_rq_unlock(q);
        if (r)
            return 1;
    }
    return 0;
}

/*
 * ARCHITECTURE.md, "Park": a parking VP P and a VP M that makes a ULT
 * ready in its queue q:
 *
 *   P                                M (q's lock held)
 *   parked++; spinning-- (atomic)    push the ULT
 *   for each queue: lock, look       spinning == 0 and parked > 0?
 *                                    then claim (spinning = 1) and post
 *
 * If P looked at q before M's critical section, M sees P's counts (P
 * changed them before it took q's lock) and posts unless another VP
 * spins (which looks at q after M, by the same argument, or is woken).
 * If after, P sees the ULT. No wake-up is lost, and M makes no system
 * call while a VP spins.
 */
static void park(sched_vp_t *sv)
{
    struct sembuf op = { 0, -1, 0 };

    int parked = uatomic_add_return(&sg.idle.parked, 1);
    uatomic_dec(&sg.idle.spinning);
    if (work_seen_locked() || CMM_LOAD_SHARED(sg.finish)) {
        uatomic_dec(&sg.idle.parked);
        return;
    }
    if (parked == vpg.nvp && !vp_bound_alive()) {
        /* every VP idle, nothing ready, and no kernel-level thread that
           could make anything ready: the remaining ULTs wait forever */
        uatomic_dec(&sg.idle.parked);
        sched_report_deadlock();
        return;
    }
    sv->parks++;
    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
    /* the poster counted us spinning */
    uatomic_dec(&sg.idle.parked);
    uatomic_dec(&sg.idle.spinning);
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

    /* at most half as many spinners as busy VPs, and one when none is
       busy (Go's rule): every spinner reads every queue's line */
    if (sg.spin_ns > 0 && !sched_vps_outnumber_cpus() && (before == 0 || 2 * before < busy) &&
        !sched_crowd_check(now)) {
        long deadline = now + sg.spin_ns;
        do {
            for (int i = 0; i < 64; i++) {
                int ready = sched_ready_count();
                if (ready == 1)
                    ready = after_grace();
                if (ready || CMM_LOAD_SHARED(sg.finish)) {
                    sv->idle_hits++;
                    if (uatomic_sub_return(&sg.idle.spinning, 1) == 0 && ready > 1 &&
                        sched_wake_claim())
                        sched_unpark(1);
                    return;
                }
                caa_cpu_relax();
            }
            now = base_now_ns();
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
