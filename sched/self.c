/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/self.c - the calling thread: a ULT, or a bound thread. */
#include "sched/sched.h"

__thread ult_t *sched_bound_self __attribute__((tls_model("initial-exec")));

static ult_t *self(void)
{
    ult_t *u = sched_running();
    return u ? u : sched_bound_self;
}

void *mltp_get_private(void)
{
    ult_t *u = self();
    return u ? u->private : NULL;
}

int mltp_get_myid(void)
{
    ult_t *u = self();
    return u ? u->thrid : 0;
}

mltp_t *mltp_self(void)
{
    return (mltp_t *)self();
}
