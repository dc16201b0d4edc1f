/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/watchdog.c - the reaper's tick: a watchdog over Go's idle rules
 * (sched/park.c), which readies and posts nothing. While work waits and
 * a VP is parked, the rules keep some VP counted spinning, on its way to
 * that work. A VP that is busy (its ULT computes, or waits in the kernel)
 * with ULTs queued behind it, while a VP is parked and none spins, breaks
 * that: a lost wake. Seen at two looks LATE_NS apart with no switch of
 * that VP between, it is a late wake: counted (MLTP_STATS prints the
 * count), named on stderr with MLTP_STATS or MLTP_WATCHDOG=fatal, which
 * then ends the program after the start (sched/start.c): the tests fail
 * on any. Its reads are racy, and a state that lasts is what it reports:
 * a wake in flight counts its VP spinning from the claim on. */
#include <string.h>
#include "base/clock.h"
#include "sched/sched.h"

#define LATE_NS (10L * 1000 * 1000)
/* Looks while a VP is parked (late wakes are possible then), and while
   none is (the reaper's own pace). */
#define LOOK_MS 4
#define REST_MS 100

static struct {
    long since[SCHED_VP_MAX];       /* when VP i was first seen so; 0: not */
    unsigned long switches[SCHED_VP_MAX];
    unsigned char named[SCHED_VP_MAX];
} wd;

void sched_watchdog_reset(void)
{
    memset(&wd, 0, sizeof wd);
    sg.late_wakes = 0;
}

int sched_watchdog_tick(void)
{
    int asleep = SCHED_ASLEEP(CMM_LOAD_SHARED(sg.idle.asleep));
    int quiet = !asleep || CMM_LOAD_SHARED(sg.idle.spinning) ||
                CMM_LOAD_SHARED(sg.finish) != SCHED_GO;
    long now = base_now_ns();

    for (int i = 0; i < vpg.nvp; i++) {
        struct sched_runq *q = &sched_runqs[i];
        unsigned long sw = CMM_LOAD_SHARED(sg.vps[i].switches);
        int nready = CMM_LOAD_SHARED(q->nready);

        if (quiet || !nready || CMM_LOAD_SHARED(q->idle) != SCHED_RQ_BUSY) {
            wd.since[i] = 0;
        } else if (!wd.since[i] || sw != wd.switches[i]) {
            wd.since[i] = now;
            wd.switches[i] = sw;
            wd.named[i] = 0;
        } else if (!wd.named[i] && now - wd.since[i] >= LATE_NS) {
            wd.named[i] = 1;
            sg.late_wakes++;
            if (sg.stats || sg.watchdog_fatal)
                base_warn("late wake: %d ULT(s) waited %ld ms behind busy VP %d while "
                          "%d VP(s) were parked and none looked for work", nready,
                          (now - wd.since[i]) / 1000000, i, asleep);
        }
    }
    return asleep ? LOOK_MS : REST_MS;
}
