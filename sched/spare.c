/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/spare.c - spare tasks: processes that hold no VP and take the
 * place of one whose ULT waits in the kernel (ARCHITECTURE.md, "Places
 * and tasks"; sched/call.c takes the place, sched/task.pml models both).
 * A spare is made on first need (vp_spare_spawn) and parks on a semaphore
 * of its own in the park set (after the VPs': the VP count plus its
 * record's number, since a VP's first task, parked as a spare, must not
 * take a post meant for the VP it held), on a list under one lock. A taker pops one, or makes one, before it takes a place: a place
 * taken always has a task to run it. The finish closes the list: a task
 * that finds it closed ends instead of parking, and a spare put back on
 * a closed list is told to end (else one that parked after the finish's
 * posts would sleep for good). */
#include <errno.h>
#include <sys/sem.h>
#include "sched/sched.h"

static struct {
    base_spin_t lock;
    int closed;                 /* the start is over */
    int n;
    /* spares, and VPs' first tasks that lost their VP */
    struct vp_task *parked[SCHED_VP_MAX + SCHED_SPARES_MAX];
} spares __attribute__((aligned(64)));

int sched_spares_made;          /* in this start (tests: made at all) */

static unsigned short sem_of(const struct vp_task *t)
{
    return (unsigned short)(sg.spare_sem_base + t->index);
}

static void post(struct vp_task *t)
{
    struct sembuf op = { sem_of(t), 1, 0 };

    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
}

/* Parked until given a place (its task holds it on return), or NULL: the
   start is over. */
static sched_vp_t *park(struct vp_task *t, int listed)
{
    struct sembuf op = { sem_of(t), -1, 0 };

    if (listed) {
        base_spin_lock(&spares.lock);
        if (spares.closed) {
            base_spin_unlock(&spares.lock);
            return NULL;
        }
        spares.parked[spares.n++] = t;
        base_spin_unlock(&spares.lock);
    }
    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
    return (sched_vp_t *)uatomic_xchg(&t->given, NULL);
}

/* What a task without a place runs, on its own stack: park, take the
   place it is given, run that place's loop; end with the start. listed:
   put itself on the list (a new spare is its maker's until given). */
static void __attribute__((noreturn)) run(struct vp_task *t, int listed)
{
    for (;;) {
        sched_vp_t *sv = park(t, listed);
        if (!sv)
            vp_task_end(CMM_LOAD_SHARED(sg.finish) == SCHED_STOP);
        sched_hold(t, sv);
        sched_vp_main(&sv->vp);     /* returns as the start ends */
        vp_task_end(0);
    }
}

static void run_new(struct vp_task *t)
{
    run(t, 0);
}

void sched_spare_run(struct vp_task *t)
{
    run(t, 1);
}

/* A spare of the caller's, parked: popped, or made. NULL if none can be
   had (the limit, no memory, the start over). */
struct vp_task *sched_spare_get(int may_wait)
{
    struct vp_task *t = NULL;

    if (may_wait)
        base_spin_lock(&spares.lock);
    else if (!base_spin_trylock(&spares.lock))
        return NULL;                /* the reaper waits on no VP's lock */
    if (!spares.closed && spares.n)
        t = spares.parked[--spares.n];
    base_spin_unlock(&spares.lock);
    if (t || CMM_LOAD_SHARED(sg.finish) != SCHED_GO)
        return t;
    t = vp_spare_spawn(run_new, sg.spare_sem_base + SCHED_SPARES_MAX);
    if (t)
        uatomic_inc(&sched_spares_made);
    return t;
}

/* t, got from sched_spare_get, holds sv from now on. */
void sched_spare_give(struct vp_task *t, sched_vp_t *sv)
{
    uatomic_set(&t->given, sv);
    post(t);
}

/* t, got from sched_spare_get, was not needed. */
void sched_spare_put_back(struct vp_task *t)
{
    int closed;

    base_spin_lock(&spares.lock);
    closed = spares.closed;
    if (!closed)
        spares.parked[spares.n++] = t;
    base_spin_unlock(&spares.lock);
    if (closed)
        post(t);                    /* given nothing: it ends */
}

/* The start is over: every parked spare ends (posted under the lock: a
   V never blocks, and a task that parks after this sees the list closed). */
void sched_spares_finish(void)
{
    base_spin_lock(&spares.lock);
    spares.closed = 1;
    while (spares.n)
        post(spares.parked[--spares.n]);
    base_spin_unlock(&spares.lock);
}

/* A start begins, or a fork()ed child (whose parent's task may have held
   the lock) starts empty. */
void sched_spares_reset(void)
{
    spares.lock = 0;
    spares.closed = 0;
    spares.n = 0;
    sched_spares_made = 0;
}
