/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/park.c - idle VPs: spin for about one wake-up cost, then sleep on
 * the park semaphore. A cross-CPU wake-up costs 30-70 us on these VMs, a
 * spin check 0.2 us: spinning first keeps hand-offs cheap. No spinning when
 * there are more VPs than CPUs, or more runnable tasks (sched/crowd.c):
 * the spinner would steal the CPU of a VP with work. And deadlock
 * detection: every VP parked (or blocked in the kernel on a SEMAPHORE
 * lock) with nothing that could wake one. */
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

static int work_or_finish(void)
{
    return sched_peek() || CMM_LOAD_SHARED(sg.finish);
}

/* A post never blocks: bounded (callers hold no spin lock anyway). */
void sched_unpark(int n)
{
    struct sembuf op = { 0, (short)n, 0 };
    sched_vp_t *sv = sched_current();

    if (sv)
        sv->wakeups++;
    semop(sg.park_semid, &op, 1);
}

void sched_unlock_wake(int n)
{
    int parked = CMM_LOAD_SHARED(sched_runq.parked);
    sched_unlock();
    if (n && parked)
        sched_unpark(n < parked ? n : parked);
}

static void idle_wait(sched_vp_t *sv);

/* Counted idle while here: spinners elsewhere (barriers) keep spinning
   only if an idle VP will take the ULTs they made ready. */
void sched_idle(sched_vp_t *sv)
{
    uatomic_inc(&sched_runq.idle);
    idle_wait(sv);
    uatomic_dec(&sched_runq.idle);
}

/*
 * ARCHITECTURE.md, "Park": a parking VP P and a VP M that makes a ULT
 * ready:
 *
 *   P (run-queue lock held)          M (run-queue lock held)
 *   parked++                         push the ULT
 *   bitmap != 0? then do not park    parked? read under the lock
 *
 * Both under the lock: M either pushed before P looked (P sees it) or
 * after P counted itself (M sees parked > 0 and posts). No wake-up is
 * lost, and M makes no system call while every VP is busy.
 */
static void idle_wait(sched_vp_t *sv)
{
    struct sembuf op = { 0, -1, 0 };

    long now = base_now_ns();
    if (sg.spin_ns > 0 && vpg.nvp <= vpg.ncpus && !sched_crowd_check(now)) {
        long deadline = now + sg.spin_ns;
        do {
            for (int i = 0; i < 64; i++) {
                if (work_or_finish()) {
                    sv->idle_hits++;
                    return;
                }
                caa_cpu_relax();
            }
            now = base_now_ns();
        } while (now < deadline && !sched_crowd_check(now));
    }
    sched_lock();
    int parked = uatomic_add_return(&sched_runq.parked, 1);
    if (sched_runq.bitmap || CMM_LOAD_SHARED(sg.finish)) {
        uatomic_dec(&sched_runq.parked);
        sched_unlock();
        return;
    }
    if (parked == vpg.nvp && !vp_bound_alive()) {
        /* every VP idle, nothing ready, and no kernel-level thread that
           could make anything ready: the remaining ULTs wait forever */
        uatomic_dec(&sched_runq.parked);
        sched_unlock();
        sched_report_deadlock();
        return;
    }
    sched_unlock();
    sv->parks++;
    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
    uatomic_dec(&sched_runq.parked);
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
    return sw + CMM_LOAD_SHARED(sched_runq.parked) == vpg.nvp && !vp_bound_alive() &&
           (sw == vpg.nvp || !sched_peek());
}
