/* ult/join.c - join and detach unbound ULTs. The ending ULT and its joiner
 * meet under the run-queue lock, which the end of a ULT holds anyway (see
 * exit_helper in ult/sched.c): no lock of its own. */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include "ult/runq.h"
#include "vp/vp.h"

int mltp_join(mltp_t *t, void **retval)
{
    ult_t *u = (ult_t *)t, *self;

    if (!u || (u->flags & (ULT_BOUND | ULT_DETACHED)) ||
        CMM_LOAD_SHARED(u->state) == ULT_FREED)
        return EINVAL;
    self = ult_running();
    if (self == u)
        return EDEADLK;
    /* ended already (final; the acquire pairs with exit_helper's release):
       no lock */
    if (CMM_LOAD_SHARED(u->state) == ULT_DONE)
        goto done;
    runq_lock();
    if (u->state != ULT_DONE) {
        if (u->joiner || (u->flags & ULT_JOINING)) {
            runq_unlock();
            return EBUSY;
        }
        if (self) {
            u->joiner = self;
            ult_block_locked();
        } else if (!vpg.running) {
            /* a kernel-level thread with no VP to run u: it never ends */
            runq_unlock();
            vp_warn("mltp_join: ULT %d has not run; call mltp_start first", u->thrid);
            return EDEADLK;
        } else {
            u->flags |= ULT_JOINING;
            runq_unlock();
            while (CMM_LOAD_SHARED(u->state) != ULT_DONE)
                sched_yield();
        }
    } else {
        runq_unlock();
    }
done:
    cmm_smp_rmb();
    if (retval)
        *retval = u->retval;
    return 0;
}

int mltp_detach(mltp_t *t)
{
    ult_t *u = (ult_t *)t;
    int done;

    if (!u || (u->flags & (ULT_BOUND | ULT_DETACHED)) || u->joiner)
        return EINVAL;
    runq_lock();
    done = u->state == ULT_DONE;
    u->flags |= ULT_DETACHED;
    runq_unlock();
    if (done)
        ult_handle_put(u);
    return 0;
}
