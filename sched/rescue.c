/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/rescue.c - the reaper's tick, for what no path foresaw (Go's
 * sysmon): a VP that stays busy (its ULT computes, or waits in the
 * kernel) while ULTs are ready in its queue or its watch list, and
 * another VP is parked. Every path that readies a ULT posts a parked VP
 * when the work may wait (ARCHITECTURE.md, "Placement", "Park", "Word
 * wait"); this bounds the wait if one does not: work that waited a whole
 * tick on a VP that did not switch gets a parked VP posted, which looks
 * at every queue and busy watch list as a woken VP does. The reaper
 * takes no lock (rule 6): it reads the counts racily and makes a V on
 * the parked VP's semaphore, which the VP takes itself out of PARKED for
 * (unpark_self). A post that finds nothing costs a wake-up per tick.
 * With no VP parked, the next ULT that yields with nothing else to run
 * on its VP takes the work (sg.stranded, sched/yield.c): a VP that only
 * polls with mltp_yield is not idle, and would never look otherwise.
 * The tick is also the stacks' clock (their decay time, ult/chunk.c),
 * and posts a parked VP when their maintenance is due: the VP does it in
 * sched_idle and parks again. */
#include <errno.h>
#include <string.h>
#include <sys/sem.h>
#include "base/clock.h"
#include "sched/block.h"

/* Looks at least this far apart: a VP that did not switch between two
   has kept its CPU (or the kernel) this long with work waiting. */
#define RESCUE_NS (90L * 1000 * 1000)

static struct {
    long last_ns;
    unsigned long switches[SCHED_VP_MAX];
    unsigned char waiting[SCHED_VP_MAX];
} seen;

void sched_rescue_reset(void)
{
    memset(&seen, 0, sizeof seen);
    sg.stranded = 0;
    seen.last_ns = base_now_ns();
}

/* VP i is busy, has work waiting, and did not switch since the last look
   (at which it had work waiting too). */
static int stalled(int i)
{
    sched_vp_t *v = &sg.vps[i];
    struct sched_runq *q = v->rq;
    unsigned long sw = CMM_LOAD_SHARED(v->switches);
    int waiting = CMM_LOAD_SHARED(q->idle) == SCHED_RQ_BUSY &&
                  (CMM_LOAD_SHARED(q->nready) > 0 ||
                   (CMM_LOAD_SHARED(q->bitmap) & SCHED_WATCH_BIT));
    int r = waiting && seen.waiting[i] && sw == seen.switches[i];

    seen.waiting[i] = (unsigned char)waiting;
    seen.switches[i] = sw;
    return r;
}

/* A V on parked VP i's semaphore: it takes itself out of PARKED
   (unpark_self). */
static void post(int i)
{
    struct sembuf op = { (unsigned short)i, 1, 0 };

    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
}

void sched_rescue_tick(void)
{
    long now = base_now_ns();
    int n = vpg.nvp, any = 0, parked = -1;

    if (now - seen.last_ns < RESCUE_NS || CMM_LOAD_SHARED(sg.finish) != SCHED_GO)
        return;
    seen.last_ns = now;
    for (int i = 0; i < n; i++) {
        any |= stalled(i);
        if (parked < 0 && CMM_LOAD_SHARED(sched_runqs[i].idle) == SCHED_RQ_PARKED)
            parked = i;
    }
    if (CMM_LOAD_SHARED(sg.idle.spinning))
        return;
    /* stacks' memory to give back (or the reserve to map), and a VP
       parked: it does it (sched_idle) and parks again */
    if (!any && parked >= 0 && ult_stack_due()) {
        post(parked);
        return;
    }
    if (!any)
        return;
    if (parked < 0) {
        /* every VP busy: a ULT that yields with nothing else to run
           takes it (sched/yield.c) */
        CMM_STORE_SHARED(sg.stranded, 1);
        return;
    }
    /* counted by the VP if it then finds work (sched/loop.c) */
    CMM_STORE_SHARED(sg.vps[parked].rescued, 1);
    post(parked);
}
