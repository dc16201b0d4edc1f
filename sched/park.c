/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/park.c - idle VPs, and Go's rules for when one is woken: one rule
 * set, all here (ARCHITECTURE.md, "Park"):
 *   1. Work made ready in queue q, under q's lock: q's VP parked, it is
 *      posted; q's VP busy, no VP spinning and one parked, a claim counts
 *      one VP spinning and posts it (Go's wakep: sched_wake_claim).
 *   2. A VP counted spinning that finds work stops counting; the last one
 *      to stop wakes another as in 1, whatever is left (Go's resetspinning:
 *      sched_found_work). So while work waits and a VP is parked, some VP
 *      is counted spinning.
 *   3. Before it sleeps a VP counts itself parked and stops counting as
 *      spinning (atomics, full fences), then looks at every queue under
 *      its lock, its own last, where it becomes PARKED if there is none
 *      (work_seen_else_park); work seen, it counts itself spinning again.
 *   4. A post takes a VP out of PARKED under its lock and counts it
 *      spinning; a VP woken otherwise (a start's end, its timer) takes
 *      itself out. A claim that finds none PARKED gives its count back
 *      and, the last spinner then, looks again (claim_again).
 *   5. Every VP PARKED and no bound thread alive: a deadlock, seen by the
 *      last to park or the last bound thread to end.
 *   6. A start begins from clean per-VP state (sched/start.c).
 * Idle VPs spin first for about one wake-up cost, looking at every queue
 * and stealing: a cross-CPU wake-up costs 30-70 us on these VMs, a look
 * 0.2 us. No spinning with more VPs than CPUs, or more runnable tasks
 * (sched/crowd.c): the spinner would steal the CPU of a VP with work. */
#include <errno.h>
#include <sys/sem.h>
#include <time.h>
#include "base/clock.h"
#include "sched/block.h"

/* The park semaphores, one per VP, then one per task a start may have
   (its VPs' first tasks and the spares it may make: sched/spare.c), in
   one set made for the largest start so far (the set of a smaller one
   removed); all 0 as a start begins.
   0 or an errno value. */
int sched_park_prepare(int nvp)
{
    static unsigned short zeros[2 * SCHED_VP_MAX + SCHED_SPARES_MAX];

    if (2 * nvp + SCHED_SPARES_MAX > sg.park_nsems) {
        int n = 2 * nvp + SCHED_SPARES_MAX, id;
        if ((id = vp_semset_create(n)) < 0)
            return errno;
        if (sg.park_semid >= 0)
            vp_semset_remove(sg.park_semid);
        sg.park_semid = id;
        sg.park_nsems = n;
    }
    semctl(sg.park_semid, 0, SETALL, zeros);
    sg.spare_sem_base = nvp;    /* the VPs asked for: fixed for the start */
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
    sched_poll_break();         /* the role's holder may sleep in epoll */
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

/* ---- waking (rules 1, 2 and 4) -------------------------------------- */

static inline int rq_index(const struct sched_runq *q)
{
    return (int)(q - sched_runqs);
}

/* Rule 1's test, under the lock of the queue just pushed ("Park"): no VP
   spinning and one parked. The claim counts the VP to be woken spinning
   (later readyings then post nobody) and bumps claims before post_any
   looks: a VP that is parking and not yet PARKED sees it, and stays up. */
int sched_wake_claim(void)
{
    if (CMM_LOAD_SHARED(sg.idle.spinning) || !CMM_LOAD_SHARED(sg.idle.parked) ||
        uatomic_cmpxchg(&sg.idle.spinning, 0, 1) != 0)
        return 0;
    uatomic_inc(&sg.idle.claims);
    return 1;
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
    /* after the V (a system call: a full fence), against the holder's
       role taken before its look at its semaphore: one of the two sees
       the other (ARCHITECTURE.md, "Poller") */
    for (int i = 0; i < n; i++)
        if (sched_timers_holder_polls(op[i].sem_num))
            sched_poll_break();
}

/* Rule 4, q's lock held and its VP PARKED: woken, counted spinning, and
   owed a post. */
void sched_post_parked_locked(struct sched_runq *q, struct sched_posts *p)
{
    q->idle = SCHED_RQ_SPINNING;
    sched_asleep_dec();
    uatomic_inc(&sg.idle.spinning);
    if (p->n == SCHED_POSTS_MAX)
        post_vps(p);            /* V only: bounded under the lock */
    p->vp[p->n++] = (unsigned short)rq_index(q);
}

/* One parked VP for a claim: the first found after the caller's, taken
   under its lock. A first pass reads each `idle` unlocked; if it finds
   none, a second takes each lock: a VP that was making itself PARKED then
   (its look at claims and its PARKED in one critical section) is seen
   PARKED, or saw the claim and stays up ("Park"). */
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
                sched_asleep_dec();
            }
            sched_rq_unlock(q);
            if (parked)
                return rq_index(q);
        }
    }
    return -1;
}

/* Work in a queue of the start, each looked at under its lock. */
static int work_queued(void)
{
    for (int i = 0; i < vpg.nvp; i++) {
        struct sched_runq *q = &sched_runqs[i];
        sched_rq_lock_push(q);      /* it only looks */
        int r = sched_rq_peek(q);
        sched_rq_unlock(q);
        if (r)
            return 1;
    }
    return sched_source_look();
}

/* A claim found no VP PARKED (one that was parking saw it and stays up):
   its count back. If that leaves none spinning, work readied while the
   claim counted may have posted nobody, and the VP that stayed up may
   have looked before it came and park after: look under each queue's
   lock, as a parking VP does (rule 3), and claim again for what is there
   (sched/wake.pml, NOFIX_DROPPED_CLAIM: a hang). 1 to try again. */
static int claim_again(void)
{
    if (uatomic_sub_return(&sg.idle.spinning, 1) != 0 || !CMM_LOAD_SHARED(sg.idle.parked))
        return 0;
    return work_queued() && sched_wake_claim();
}

/* A post never blocks. The caller holds no spin lock but in one place:
   mltp_cond_wait_lock posts under its stripe lock (sync/cond.c;
   ARCHITECTURE.md, "Locking rules", rule 5). */
void sched_post(struct sched_posts *p)
{
    if (p->any) {
        int v;
        while ((v = post_any()) < 0 && claim_again())
            ;
        if (v >= 0) {
            if (p->n == SCHED_POSTS_MAX)
                post_vps(p);
            p->vp[p->n++] = (unsigned short)v;
        }
        p->any = 0;
    }
    post_vps(p);
}

/* Work queued where nobody may run it soon: rule 1 for q, whose lock is
   taken to look ("Park"). */
void sched_wake_to_steal(struct sched_runq *q)
{
    struct sched_posts p;

    sched_posts_init(&p);
    sched_rq_lock_push(q);          /* it only looks */
    p.any = sched_wake_claim();
    sched_rq_unlock(q);
    sched_post(&p);
}

/* Rule 2: sv, counted spinning, found work (it holds no lock). The last
   spinner to stop wakes another if one is parked: more work may wait
   that was readied while sv was counted, and posted nobody. */
void sched_found_work_slow(sched_vp_t *sv)
{
    struct sched_posts p;

    sv->spinning = 0;
    if (uatomic_sub_return(&sg.idle.spinning, 1) != 0 || !CMM_LOAD_SHARED(sg.idle.parked))
        return;
    sched_posts_init(&p);
    p.any = sched_wake_claim();
    sched_post_owed(&p);
}

/* ---- parking (rules 3 and 5) ------------------------------------------ */

/* Work in another queue, each looked at under its lock (the "Park"
   pair), then in ours, and no claim begun since claims_seen (one that
   found no VP PARKED yet while we looked: it posts nobody); then we are
   PARKED (under our lock, so that whoever queues a ULT here sees it and
   posts us). 1 if work. */
static int work_seen_else_park(sched_vp_t *sv, int claims_seen, unsigned long *asleep)
{
    struct sched_runq *mine = sv->rq;
    sched_vp_t *v;
    int r;

    SCHED_FOR_OTHER_VPS(v, sv) {
        struct sched_runq *q = v->rq;
        sched_rq_lock_push(q);      /* it only looks */
        r = sched_rq_peek(q);
        sched_rq_unlock(q);
        if (r)
            return 1;
    }
    /* after our counts' read-modify-write: the "Work source" pair */
    if (sched_source_look())
        return 1;
    sched_rq_lock_push(mine);
    if (!(r = sched_rq_peek(mine) || CMM_LOAD_SHARED(sg.idle.claims) != claims_seen)) {
        mine->idle = SCHED_RQ_PARKED;
        *asleep = sched_asleep_inc();
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
 *   for each other queue: lock,      q's VP is PARKED? post it
 *     look; work? not PARKED         else q's VP busy, spinning == 0 and
 *   ours, locked: PARKED if empty      parked > 0? then claim (spinning
 *                                      = 1), post a PARKED VP (post_any)
 *
 * If P looked at q before M's critical section, M sees P's counts (P
 * changed them before it took q's lock): M posts P, or some PARKED VP
 * unless another VP spins (which looks at q after M, by the same
 * argument, or is woken, or finds other work and, the last spinner,
 * wakes another: rule 2). If after, P sees the ULT. No wake-up is lost,
 * and M makes no system call while a VP spins.
 */
/* Awake again: SPINNING, taken out of asleep unless a poster did both
   (it then also counted us spinning: rule 4). */
static void unpark_self(sched_vp_t *sv)
{
    struct sched_runq *mine = sv->rq;

    sched_rq_lock_push(mine);
    if (mine->idle != SCHED_RQ_PARKED)
        sv->spinning = 1;
    else
        sched_asleep_dec();
    mine->idle = SCHED_RQ_SPINNING;
    sched_rq_unlock(mine);
}

/* Rule 5's last test: every VP PARKED when asleep read `seen`, no bound
   thread alive since, and no VP out of PARKED between (asleep's
   generation): so none ran a ULT, which could have made a bound thread,
   and no bound thread posted one before it ended (sched/deadlock.pml,
   NOFIX_REREAD and NOFIX_ASLEEP_GEN: false reports). */
static void deadlock_if_still(unsigned long seen)
{
    if (SCHED_ASLEEP(seen) != vpg.nvp || vp_bound_alive() || CMM_LOAD_SHARED(sched_timers_n) ||
        CMM_LOAD_SHARED(sched_pollers_n) || CMM_LOAD_SHARED(sched_calls_out))
        return;
    base_acquire_fence();
    if (CMM_LOAD_SHARED(sg.idle.asleep) == seen)
        sched_report_deadlock();
}

/* Rule 5 for the last bound thread: it ended (its count went down, with
   a full fence before this look), and every VP may have parked while it
   lived. The last VP to park reads the count after its own asleep++:
   store buffering, one of the two sees the other (ARCHITECTURE.md,
   "Bound thread ended"). */
void sched_bound_ended(void)
{
    base_full_fence();
    if (CMM_LOAD_SHARED(vpg.running) && CMM_LOAD_SHARED(sg.finish) == SCHED_GO) {
        unsigned long seen = CMM_LOAD_SHARED(sg.idle.asleep);
        base_acquire_fence();
        deadlock_if_still(seen);
    }
}

/* The stacks' next pass (their memory given back after the decay time)
   needs a VP while all may sleep: one parked VP sleeps until it is due
   (the timekeeper), does it in sched_idle, and parks again. The earliest
   timer of a sleeping ULT, the same: one parked VP holds the timer role
   (sched/timer.c), and fires it from its loop once awake. */
static int timekeeper;

static struct timespec after(long until)
{
    long ns = until - base_now_ns();

    if (ns < 0)
        ns = 0;
    return (struct timespec){ ns / 1000000000, ns % 1000000000 };
}

/* The latest wait begun on vp, a sleep or a descriptor's, ends with
   EINTR (a signal handler interrupted vp's idle wait). 1 if one did. */
static int interrupt_latest(int vp)
{
    unsigned long t = sched_timers_latest(vp), d = sched_poll_latest(vp);

    if (!t && !d)
        return 0;
    return d > t ? sched_poll_interrupt(d) : sched_timers_interrupt(t);
}

/* The holder while ULTs wait for descriptors: epoll_pwait until `until`
   (-1: none) instead of the semaphore, which is looked at before (a post
   made since it took the role) and after (one whose eventfd write woke
   it: taken, as the semaphore's P would have). 0, or -1 with errno. */
static int sleep_in_poller(sched_vp_t *sv, long until)
{
    struct sembuf now = { (unsigned short)sv->vp.id, -1, IPC_NOWAIT };
    int r;

    if (semop(sg.park_semid, &now, 1) == 0)
        return 0;
    r = sched_poll_run(base_ms_until(until, base_now_ns()), 1);
    while (semop(sg.park_semid, &now, 1) < 0 && errno == EINTR)
        ;
    if (r < 0) {
        errno = EINTR;
        return -1;
    }
    return 0;
}

/* 1 if it slept with the timer role (sched/timer.c). */
static int sleep_on_semaphore(sched_vp_t *sv)
{
    struct sembuf op = { (unsigned short)sv->vp.id, -1, 0 };
    long due = ult_stack_next_pass_ns(), until = -1;
    int keeper = 0, held, r, blocked;
    sigset_t mask;

    if (due >= 0 && uatomic_cmpxchg(&timekeeper, 0, 1) == 0) {
        keeper = 1;
        until = due > base_now_ns() + 1000000 ? due : base_now_ns() + 1000000;
    }
    until = sched_timers_hold(sv->vp.id, until, &held);
    blocked = sched_preempt_idle_begin(&mask);
    do {
        if (held == 2) {
            r = sleep_in_poller(sv, until);
        } else if (until >= 0) {
            struct timespec t = after(until);
            r = semtimedop(sg.park_semid, &op, 1, &t);
        } else {
            r = semop(sg.park_semid, &op, 1);
        }
        /* a handler ran here: its VP's latest waiter is interrupted (and
           queued here, which posts us); a VP with none sleeps on */
    } while (r < 0 && errno == EINTR && !interrupt_latest(sv->vp.id));
    sched_preempt_idle_end(blocked, &mask);
    sched_timers_unhold(sv->vp.id);
    if (keeper)
        uatomic_set(&timekeeper, 0);
    return held;
}

/* The timer role's holder, awake: it fires what is due, which it runs
   next. If timers are left it counts itself spinning (as a post would
   have): once it takes that work, rule 2 wakes a parked VP, which takes
   the role; else a holder whose ULT computes would leave the next timer
   to nobody while the other VPs sleep untimed (sched/timer.pml,
   NOFIX_ROLE_HANDON). */
static void fire_as_holder(sched_vp_t *sv)
{
    sched_timers_fire();
    if ((CMM_LOAD_SHARED(sched_timers_n) || CMM_LOAD_SHARED(sched_pollers_n)) && !sv->spinning) {
        sv->spinning = 1;
        uatomic_inc(&sg.idle.spinning);
    }
}

static void park(sched_vp_t *sv)
{
    unsigned long asleep = 0;
    int claims, held = 0;

    uatomic_inc(&sg.idle.parked);
    sv->spinning = 0;
    uatomic_dec(&sg.idle.spinning);
    base_full_fence();              /* the counts before the looks */
    claims = CMM_LOAD_SHARED(sg.idle.claims);
    if (work_seen_else_park(sv, claims, &asleep)) {
        /* rule 3: counted spinning again, so that taking that work
           wakes another if more waits (rule 2) */
        sv->spinning = 1;
        uatomic_inc(&sg.idle.spinning);
        uatomic_dec(&sg.idle.parked);
        return;
    }
    /* rule 5: every VP PARKED (each after its last look, under its lock;
       a post takes one out first), so no ULT runs and none is ready, and
       no kernel-level thread could make one ready; asleep read again once
       no bound thread lives: the last may have posted one before it
       ended (asleep's add: a full fence before the read of the bound
       threads) */
    deadlock_if_still(asleep);
    if (!CMM_LOAD_SHARED(sg.finish)) {
        sv->parks++;
        if (__builtin_expect(sg.observe, 0))
            sched_trace_park(sv, 0);
        held = sleep_on_semaphore(sv);
        if (__builtin_expect(sg.observe, 0))
            sched_trace_park(sv, 1);
    }
    /* a post made meanwhile stays on our semaphore: a later park returns
       at once, and looks again */
    unpark_self(sv);
    uatomic_dec(&sg.idle.parked);
    if (held)
        fire_as_holder(sv);
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

/* Counted spinning while here, and after, until the loop takes work
   (rule 2: sched_found_work) or we park. */
static void spin_then_park(sched_vp_t *sv)
{
    long now = base_now_ns();
    int before;

    if (sv->spinning) {             /* a post counted us */
        before = CMM_LOAD_SHARED(sg.idle.spinning) - 1;
    } else {
        sv->spinning = 1;
        before = uatomic_add_return(&sg.idle.spinning, 1) - 1;
    }
    /* VPs busy: neither spinning nor parked */
    int busy = vpg.nvp - CMM_LOAD_SHARED(sg.idle.parked) - before - 1;

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
                int ready = CMM_LOAD_SHARED(sv->rq->nready);
                if (!ready && (i & 7) == 0 && (ready = sched_ready_count()) == 1)
                    ready = after_grace();
                if (!ready && (i & 7) == 0)
                    ready = sched_source_look();
                if (ready || CMM_LOAD_SHARED(sg.finish)) {
                    sv->idle_hits++;
                    return;
                }
                caa_cpu_relax();
            }
            now = base_now_ns();
            if (sched_timer_due(now))
                return;
            /* an event for a ULT that waits for a descriptor: read now,
               not after the spin (a system call each ~1-3 us of spin) */
            if (CMM_LOAD_SHARED(sched_pollers_n) && sched_poll_run(0, 0) > 0)
                return;
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
    /* ULTs wait for descriptors: what is ready now, before spinning (a
       ping-pong on one VP needs no sleep at all) */
    if (CMM_LOAD_SHARED(sched_pollers_n) && sched_poll_run(0, 0) > 0)
        return;
    /* a runtime's work outside the queues: it makes a ULT of it here */
    if (sched_source_take())
        return;
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

int sched_kernel_locks;

void sched_kernel_wait_begin(void)
{
    if (sched_preempt_fast_armed())
        sched_preempt_fast_stop();
    uatomic_inc(&sg.semwait);
}

void sched_kernel_wait_end(void)
{
    uatomic_dec(&sg.semwait);
}

/* Every VP blocked in the kernel or parked, and nothing that could change
   it: ready ULTs and due timers need a VP that is not blocked in the
   kernel, a bound thread could release something. Racy counts: the
   caller looks twice, a timeout apart, with no progress between. */
int sched_kernel_wait_stuck(void)
{
    int sw = CMM_LOAD_SHARED(sg.semwait);
    return sw + CMM_LOAD_SHARED(sg.idle.parked) == vpg.nvp && !vp_bound_alive() &&
           (sw == vpg.nvp || (!sched_ready_count() && !sched_source_look() &&
                              !CMM_LOAD_SHARED(sched_timers_n) &&
                              !CMM_LOAD_SHARED(sched_pollers_n) &&
                              !CMM_LOAD_SHARED(sched_calls_out)));
}
