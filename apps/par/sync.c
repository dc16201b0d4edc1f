/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/sync.c - barriers and locks of each back end. Under OpenMP
 * the barrier is the team's: every worker of the parallel region. */
#include <string.h>
#include "par.h"

int par_barrier_init(const struct par_config *c, par_barrier_t *b)
{
    b->backend = c->backend;
    b->count = c->workers;
    switch (c->backend) {
    case PAR_MLTP:
        mltp_barrier_init(&b->u.mltp);
        return 0;
    case PAR_PTHREADS: {
        int e = pthread_barrier_init(&b->u.pthreads, NULL, (unsigned)c->workers);
        if (e)
            fprintf(stderr, "pthread_barrier_init: %s\n", strerror(e));
        return e ? -1 : 0;
    }
    default:
        return 0;
    }
}

void par_barrier_destroy(par_barrier_t *b)
{
    if (b->backend == PAR_PTHREADS)
        pthread_barrier_destroy(&b->u.pthreads);
}

void par_barrier_wait(par_barrier_t *b)
{
    switch (b->backend) {
    case PAR_MLTP:
        mltp_barrier(&b->u.mltp, b->count);
        break;
    case PAR_PTHREADS:
        pthread_barrier_wait(&b->u.pthreads);
        break;
    default: {
#pragma omp barrier
        break;
    }
    }
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
    default:
        omp_init_lock(&l->u.openmp);
        return 0;
    }
}

void par_lock_destroy(par_lock_t *l)
{
    switch (l->backend) {
    case PAR_MLTP:
        mltp_lock_destroy(&l->u.mltp);
        break;
    case PAR_PTHREADS:
        pthread_mutex_destroy(&l->u.pthreads);
        break;
    default:
        omp_destroy_lock(&l->u.openmp);
        break;
    }
}

void par_lock(par_lock_t *l)
{
    switch (l->backend) {
    case PAR_MLTP:
        mltp_lock(&l->u.mltp);
        break;
    case PAR_PTHREADS:
        pthread_mutex_lock(&l->u.pthreads);
        break;
    default:
        omp_set_lock(&l->u.openmp);
        break;
    }
}

void par_unlock(par_lock_t *l)
{
    switch (l->backend) {
    case PAR_MLTP:
        mltp_unlock(&l->u.mltp);
        break;
    case PAR_PTHREADS:
        pthread_mutex_unlock(&l->u.pthreads);
        break;
    default:
        omp_unset_lock(&l->u.openmp);
        break;
    }
}
