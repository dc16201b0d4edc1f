/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/slice.c - the time slice of a ULT that polls. Programs written for
 * kernel threads may wait by polling a shared variable under a lock (a
 * task queue's count) while the ULTs they wait for are ready but have no
 * VP: the kernel would preempt the poller, MLTP does not. So a ULT that
 * has run MLTP_SLICE_US (default 1 ms) on its VP without a switch, while
 * other ULTs are ready, gives its VP up (mltp_yield) at its next unlock
 * or failed trylock of a yielding lock (sync/lock.c): whoever polls under
 * a lock unlocks it.
 *
 * Cost on the unlock fast path: a countdown in a thread-local int (three
 * instructions, no atomic: callgrind, 3.2 more a BLOCK lock+unlock pair
 * on 1 VP); every SLICE_CHECK_EVERY unlocks, a clock read (~20 ns) here. A slice starts at the first check after a switch of the
 * VP (its switch count moved), so the switch itself pays nothing, and a
 * poller keeps its VP for one to two slices. A ULT that spins on a plain
 * variable and calls nothing is not preempted (mltp(3)). */
#include <limits.h>
#include "sched/block.h"

#define SLICE_CHECK_EVERY 256

__thread int sched_slice_countdown __attribute__((tls_model("initial-exec")));

void sched_slice_check(void)
{
    sched_vp_t *sv = sched_current();
    long now;

    if (!sv || !sv->cur || sg.slice_ns == 0) {
        /* a kernel-level thread (it is preempted), or slices off */
        sched_slice_countdown = INT_MAX;
        return;
    }
    sched_slice_countdown = SLICE_CHECK_EVERY;
    now = base_now_ns();
    if (sv->switches != sv->slice_switches) {
        sv->slice_switches = sv->switches;
        sv->slice_start_ns = now;
        return;
    }
    if (now - sv->slice_start_ns >= sg.slice_ns && sched_rq_peek(sv->rq))
        mltp_yield();
}
