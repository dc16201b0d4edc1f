/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/group.c - one wait on several sources, claimed once (sched/sched.h;
 * sched/group.pml). Lines written: the group's claim word by each waker,
 * and the done word of the waker's node. */
#include "sched/sched.h"

void sched_group_wake(struct sched_group *g, int why, int *done, struct sched_posts *p)
{
    sched_vp_t *sv = sched_current();
    ult_t *u;

    if (uatomic_xchg(&g->claimed, 1) != 0) {
        /* another waker, or the waiter itself, claimed it: our node may
           go as soon as we say so (the exchange was a full fence: "Group
           wait" in ARCHITECTURE.md) */
        CMM_STORE_SHARED(*done, 1);
        return;
    }
    g->why = why;
    /* the waiter runs only once placed, and waits for nothing else of ours */
    CMM_STORE_SHARED(*done, 1);
    base_spin_lock(&g->wait);
    u = g->ult;
    base_spin_unlock(&g->wait);
    sched_place(u, sv && !sv->cur ? SCHED_WAKE_HANDOFF : SCHED_WAKE_RELEASE, p);
}

void sched_group_let_go(const int *done)
{
    while (!CMM_LOAD_SHARED(*done))
        caa_cpu_relax();
    cmm_smp_mb();               /* the waker's reads before our frame goes ("Group wait") */
}
