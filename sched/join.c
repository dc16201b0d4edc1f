/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/join.c - join, detach and release: the transitions of a ULT's life
 * (ult/ult.h, enum ult_life; the table is in ARCHITECTURE.md). A live ULT
 * leaves LIVE by CAS: to ENDED by its end, to JOINED or DETACHED here,
 * under the ULT's stripe lock (sched/block.h), which a ULT joiner holds
 * until its context is saved and which the end takes before it readies
 * the joiner (sched/end.c). ENDED is final, so reading it needs no lock,
 * and only mltp_free moves a descriptor on from there (a CAS). */
#include <errno.h>
#include <stdlib.h>
#include "base/backoff.h"
#include "sched/block.h"

/* uatomic wants a plain pointer to the volatile byte */
#define LIFE(u) ((unsigned char *)&(u)->life)

int mltp_join(mltp_t *t, void **retval)
{
    struct base_backoff b = BASE_BACKOFF_INIT;
    ult_t *u = (ult_t *)t, *self;
    base_spin_t *s;

    if (!u || u->type != MLTP_THREAD_UNBOUND)
        return EINVAL;
    self = sched_running();
    if (self == u)
        return EDEADLK;
    /* ended already (final; ARCHITECTURE.md, "Joining an ended ULT"):
       no lock */
    if (CMM_LOAD_SHARED(u->life) == ULT_ENDED)
        goto done;
    s = sched_stripe_take(u);
    switch (u->life) {
    case ULT_ENDED:
        base_spin_unlock(s);
        break;
    case ULT_LIVE:
        if (!self && !vpg.running) {
            /* a kernel-level thread with no VP to run u: it never ends */
            base_spin_unlock(s);
            base_warn("mltp_join: ULT %d has not run; call mltp_start first", u->thrid);
            return EDEADLK;
        }
        /* NULL: a kernel-level thread (bound, main) watches life */
        u->joiner = self;
        if (uatomic_cmpxchg(LIFE(u), ULT_LIVE, ULT_JOINED) != ULT_LIVE) {
            base_spin_unlock(s);    /* it ended meanwhile */
            break;
        }
        if (self) {
            sched_trace_waiting(u, SCHED_ON_JOIN);
            sched_block(s);         /* readied by the end, life ENDED */
            break;
        }
        base_spin_unlock(s);
        while (CMM_LOAD_SHARED(u->life) != ULT_ENDED)
            base_backoff(&b);
        break;
    case ULT_JOINED:
        base_spin_unlock(s);
        return EBUSY;
    default:                        /* DETACHED, FREED */
        base_spin_unlock(s);
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
    base_spin_t *s;
    int r = 0;

    if (!u || u->type != MLTP_THREAD_UNBOUND)
        return EINVAL;
    s = sched_stripe_take(u);
    switch (u->life) {
    case ULT_LIVE:                  /* the end frees it, unless it ended */
        if (uatomic_cmpxchg(LIFE(u), ULT_LIVE, ULT_DETACHED) == ULT_LIVE)
            break;
        __attribute__((fallthrough));
    case ULT_ENDED:                 /* mltp_free may race: one CAS wins */
        if (uatomic_cmpxchg(LIFE(u), ULT_ENDED, ULT_FREED) == ULT_ENDED)
            ult_handle_put(sched_cache(), u);
        else
            r = EINVAL;
        break;
    default:                        /* joined, detached, freed */
        r = EINVAL;
    }
    base_spin_unlock(s);
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
