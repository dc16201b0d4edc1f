/* ult/join.c - join and detach unbound ULTs. The ending ULT and its joiner
 * meet under the ULT's jlock (see exit_helper in ult/sched.c). */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include "ult/ult.h"
#include "vp/vp.h"

static void unlock_jlock(void *l)
{
    sync_spin_unlock(l);
}

int mltp_join(mltp_t *t, void **retval)
{
    ult_t *u = (ult_t *)t, *self;

    if (!u || (u->flags & (ULT_BOUND | ULT_DETACHED)))
        return EINVAL;
    self = ult_running();
    if (self == u)
        return EDEADLK;
    sync_spin_lock(&u->jlock);
    if (u->state != ULT_DONE) {
        if (u->joiner || (u->flags & ULT_JOINING)) {
            sync_spin_unlock(&u->jlock);
            return EBUSY;
        }
        if (self) {
            u->joiner = self;
            ult_block(unlock_jlock, (void *)&u->jlock);
        } else if (!vpg.running) {
            /* a kernel-level thread with no VP to run u: it never ends */
            sync_spin_unlock(&u->jlock);
            vp_warn("mltp_join: ULT %d has not run; call mltp_start first", u->thrid);
            return EDEADLK;
        } else {
            u->flags |= ULT_JOINING;
            sync_spin_unlock(&u->jlock);
            while (CMM_LOAD_SHARED(u->state) != ULT_DONE)
                sched_yield();
        }
    } else {
        sync_spin_unlock(&u->jlock);
    }
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
    sync_spin_lock(&u->jlock);
    done = u->state == ULT_DONE;
    u->flags |= ULT_DETACHED;
    sync_spin_unlock(&u->jlock);
    if (done)
        free(u);
    return 0;
}
