/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* parmacs/pause.c - event flags (PARMACS's PAUSE): a flag under a
 * yielding lock, waited for on a condition queue. */
#include "mltp.h"

void mltp_pause_init(mltp_pause_t *p)
{
    mltp_lock_init(&p->lock, MLTP_LOCK_MUTEX);
    mltp_cond_init(&p->cond);
    p->set = 0;
}

static void pause_store(mltp_pause_t *p, int set)
{
    mltp_lock(&p->lock);
    p->set = set;
    if (set)
        mltp_cond_broadcast(&p->cond);
    mltp_unlock(&p->lock);
}

void mltp_pause_set(mltp_pause_t *p) { pause_store(p, 1); }
void mltp_pause_clear(mltp_pause_t *p) { pause_store(p, 0); }

void mltp_pause_wait(mltp_pause_t *p)
{
    mltp_lock(&p->lock);
    while (!p->set)
        mltp_cond_wait_lock(&p->cond, &p->lock);
    mltp_unlock(&p->lock);
}
