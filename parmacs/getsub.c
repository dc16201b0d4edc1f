/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* parmacs/getsub.c - a shared loop counter (PARMACS's GETSUB). */
#include "mltp.h"

void mltp_getsub_init(mltp_getsub_t *g)
{
    mltp_lock_init(&g->lock, MLTP_LOCK_MUTEX);
    g->next = 0;
}

long mltp_getsub(mltp_getsub_t *g, long chunk, long max)
{
    long s = -1;

    mltp_lock(&g->lock);
    if (g->next <= max) {
        s = g->next;
        g->next += chunk > 0 ? chunk : 1;
    } else {
        g->next = 0;
    }
    mltp_unlock(&g->lock);
    return s;
}
