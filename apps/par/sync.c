/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/sync.c - barriers and locks of each back end. Under OpenMP
 * the barrier is the team's: every worker of the parallel region. */
#include <string.h>
#include "par.h"

int par_barrier_init(const struct par_config *c, par_barrier_t *b)
{
    int e;

    b->backend = c->backend;
    b->count = c->workers;
    switch (c->backend) {
    case PAR_MLTP:
        mltp_barrier_init(&b->u.mltp);
        return 0;
    case PAR_PTHREADS:
        e = pthread_barrier_init(&b->u.pthreads, NULL, (unsigned)c->workers);
        if (e)
            fprintf(stderr, "pthread_barrier_init: %s\n", strerror(e));
        return e ? -1 : 0;
    case PAR_OPENMP:
    case PAR_NONE:      /* one worker */
        return 0;
    }
    par_bad_backend(c->backend);
}

void par_barrier_destroy(par_barrier_t *b)
{
    if (b->backend == PAR_PTHREADS)
        pthread_barrier_destroy(&b->u.pthreads);
}

void par_barrier_wait(par_barrier_t *b)
{
    int e;

    switch (b->backend) {
    case PAR_MLTP:
        if ((e = mltp_barrier(&b->u.mltp, b->count)) != 0)
            par_run_failed("mltp_barrier", e);
        return;
    case PAR_PTHREADS:
        e = pthread_barrier_wait(&b->u.pthreads);
        if (e && e != PTHREAD_BARRIER_SERIAL_THREAD)
            par_run_failed("pthread_barrier_wait", e);
        return;
    case PAR_OPENMP: {
#pragma omp barrier
        return;
    }
    case PAR_NONE:
        return;
    }
    par_bad_backend(b->backend);
}

int par_lock_init(const struct par_config *c, par_lock_t *l)
{
    l->backend = c->backend;
    switch (c->backend) {
    case PAR_MLTP:
        if (mltp_lock_init(&l->u.mltp, c->lock_class) != 0) {
            perror("mltp_lock_init");
            return -1;
        }
        return 0;
    case PAR_PTHREADS:
        return pthread_mutex_init(&l->u.pthreads, NULL) ? -1 : 0;
    case PAR_OPENMP:
        omp_init_lock(&l->u.openmp);
        return 0;
    case PAR_NONE:
        return 0;
    }
    par_bad_backend(c->backend);
}

/* A lock operation: the one call of each back end (results ignored, as
   the apps' locks are used correctly). */
#define LOCK_OP(name, mltp_call, pthreads_call, openmp_call) \
    void name(par_lock_t *l)                                 \
    {                                                        \
        switch (l->backend) {                                \
        case PAR_MLTP:                                       \
            (void)mltp_call(&l->u.mltp);                     \
            return;                                          \
        case PAR_PTHREADS:                                   \
            (void)pthreads_call(&l->u.pthreads);             \
            return;                                          \
        case PAR_OPENMP:                                     \
            openmp_call(&l->u.openmp);                       \
            return;                                          \
        case PAR_NONE:                                       \
            return;                                          \
        }                                                    \
        par_bad_backend(l->backend);                         \
    }

LOCK_OP(par_lock_destroy, mltp_lock_destroy, pthread_mutex_destroy, omp_destroy_lock)
LOCK_OP(par_lock, mltp_lock, pthread_mutex_lock, omp_set_lock)
LOCK_OP(par_unlock, mltp_unlock, pthread_mutex_unlock, omp_unset_lock)
