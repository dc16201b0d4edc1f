/* vp/park.c - idle VPs: spin for about one wake-up cost, then sleep on the
 * park semaphore. A cross-CPU wake-up costs 30-70 us on these VMs, a spin
 * check 0.2 us: spinning first keeps hand-offs cheap. No spinning when
 * there are more VPs than CPUs: the spinner would steal the CPU of a VP
 * with work. */
#include <errno.h>
#include <sys/sem.h>
#include <time.h>
#include "ult/runq.h"
#include "vp/vp.h"

static long now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

static int work_or_finish(void)
{
    return runq_peek() || CMM_LOAD_SHARED(vpg.finish);
}

void vp_unpark(int n)
{
    struct sembuf op = { 0, (short)n, 0 };
    vp_t *vp = vp_current();

    if (vp)
        vp->wakeups++;
    semop(vpg.park_semid, &op, 1);
}

static void idle_wait(vp_t *vp);

/* Counted idle while here: spinners elsewhere (barriers) keep spinning
   only if an idle VP will take the ULTs they made ready. */
void vp_idle(vp_t *vp)
{
    uatomic_inc(&ult_runq.idle);
    idle_wait(vp);
    uatomic_dec(&ult_runq.idle);
}

static void idle_wait(vp_t *vp)
{
    struct sembuf op = { 0, -1, 0 };

    if (vpg.spin_ns > 0 && vpg.nvp <= vpg.ncpus) {
        long deadline = now_ns() + vpg.spin_ns;
        do {
            for (int i = 0; i < 64; i++) {
                if (work_or_finish()) {
                    vp->idle_hits++;
                    return;
                }
                caa_cpu_relax();
            }
        } while (now_ns() < deadline);
    }
    /* Count ourselves parked, then look under the lock: a ULT made ready
       after this sees parked > 0 and posts (see ult_ready). */
    runq_lock();
    int parked = uatomic_add_return(&ult_runq.parked, 1);
    if (ult_runq.bitmap || CMM_LOAD_SHARED(vpg.finish)) {
        uatomic_dec(&ult_runq.parked);
        runq_unlock();
        return;
    }
    if (parked == vpg.nvp && !vp_bound_alive()) {
        /* every VP idle, nothing ready, and no kernel-level thread that
           could make anything ready: the remaining ULTs wait forever */
        uatomic_dec(&ult_runq.parked);
        runq_unlock();
        vp_finish_all(VP_FINISH_DEADLOCK);
        return;
    }
    runq_unlock();
    vp->parks++;
    while (semop(vpg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
    uatomic_dec(&ult_runq.parked);
}
