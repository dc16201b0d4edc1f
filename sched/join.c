/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/join.c - join, detach and release: the transitions of a ULT's life
 * (ult/ult.h, enum ult_life; the table is in ARCHITECTURE.md). The ending
 * ULT and its joiner meet under the run-queue lock, which the end of a ULT
 * holds anyway (sched/end.c): every transition of a live ULT is made under
 * that lock; ENDED is final, so reading it needs no lock, and only
 * mltp_free moves a descriptor on from there (a CAS). */
#include <errno.h>
#include <stdlib.h>
#include "base/backoff.h"
#include "sched/sched.h"

/* uatomic wants a plain pointer to the volatile byte */
#define LIFE(u) ((unsigned char *)&(u)->life)

int mltp_join(mltp_t *t, void **retval)
{
    struct base_backoff b = BASE_BACKOFF_INIT;
    ult_t *u = (ult_t *)t, *self;

    if (!u || u->type != MLTP_THREAD_UNBOUND)
        return EINVAL;
    self = sched_running();
    if (self == u)
        return EDEADLK;
    /* ended already (final; ARCHITECTURE.md, "Joining an ended ULT"):
       no lock */
    if (CMM_LOAD_SHARED(u->life) == ULT_ENDED)
        goto done;
    sched_lock();
    switch (u->life) {
    case ULT_ENDED:
        sched_unlock();
        break;
    case ULT_LIVE:
        if (self) {
            u->joiner = self;
            u->life = ULT_JOINED;
            sched_block_locked();   /* readied by the end, life ENDED */
            break;
        }
        if (!vpg.running) {
            /* a kernel-level thread with no VP to run u: it never ends */
            sched_unlock();
            base_warn("mltp_join: ULT %d has not run; call mltp_start first", u->thrid);
            return EDEADLK;
        }
        /* a kernel-level thread (bound, main) watches life */
        u->joiner = NULL;
        u->life = ULT_JOINED;
        sched_unlock();
        while (CMM_LOAD_SHARED(u->life) != ULT_ENDED)
            base_backoff(&b);
        break;
    case ULT_JOINED:
        sched_unlock();
        return EBUSY;
    default:                        /* DETACHED, FREED */
        sched_unlock();
        return EINVAL;
    }
done:
    base_acquire_fence();
    if (retval)
        *retval = u->retval;
    return 0;
}

int mltp_detach(mltp_t *t)
{
    ult_t *u = (ult_t *)t;
    int r = 0;

    if (!u || u->type != MLTP_THREAD_UNBOUND)
        return EINVAL;
    sched_lock();
    switch (u->life) {
    case ULT_LIVE:
        u->life = ULT_DETACHED;     /* the end frees it */
        break;
    case ULT_ENDED:                 /* mltp_free may race: one CAS wins */
        if (uatomic_cmpxchg(LIFE(u), ULT_ENDED, ULT_FREED) == ULT_ENDED)
            ult_handle_put(sched_cache(), u);
        else
            r = EINVAL;
        break;
    default:                        /* joined, detached, freed */
        r = EINVAL;
    }
    sched_unlock();
    return r;
}

int mltp_free(mltp_t *t)
{
    ult_t *u = (ult_t *)t;
    int life;

    if (!u)
        return 0;
    if (u->type == MLTP_THREAD_BOUND) {
        if (u->bound)               /* not joined yet */
            return EBUSY;
        free(u);
        return 0;
    }
    life = CMM_LOAD_SHARED(u->life);
    if (life == ULT_ENDED &&
        uatomic_cmpxchg(LIFE(u), ULT_ENDED, ULT_FREED) == ULT_ENDED) {
        ult_handle_put(sched_cache(), u);
        return 0;
    }
    if (life == ULT_FREED || life == ULT_ENDED) {
        /* as glibc's free() does where it can: a second release would
           give the next two creations one descriptor */
        base_warn("mltp_free: thread %p was released already", (void *)t);
        return EINVAL;
    }
    return life == ULT_DETACHED ? EINVAL : EBUSY;
}
