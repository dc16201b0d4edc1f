/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/run.c - par_run on each back end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "par.h"

struct worker {
    void (*work)(int, void *);
    void *arg;
    int id;
};

static void *worker_main(void *p)
{
    struct worker *w = p;
    w->work(w->id, w->arg);
    return NULL;
}

/* MLTP: P ULTs, then a start of N VPs that returns when all have ended. */
static int run_mltp(const struct par_config *c, struct worker *w)
{
    mltp_t **h = calloc((size_t)c->workers, sizeof *h);
    int made = 0, e = 0;

    if (!h)
        return ENOMEM;
    for (; made < c->workers; made++)
        if (!(h[made] = mltp_create(worker_main, &w[made]))) {
            e = errno;
            break;
        }
    if (made == c->workers) {
        errno = 0;
        mltp_start(c->vps);
        e = errno;
    }
    for (int i = 0; i < made; i++)
        mltp_free(h[i]);
    free(h);
    return e;
}

static int run_pthreads(const struct par_config *c, struct worker *w)
{
    pthread_t *t = calloc((size_t)c->workers, sizeof *t);
    int made = 0, e = 0;

    if (!t)
        return ENOMEM;
    for (; made < c->workers; made++)
        if ((e = pthread_create(&t[made], NULL, worker_main, &w[made])) != 0)
            break;
    for (int i = 0; i < made; i++)
        pthread_join(t[i], NULL);
    free(t);
    return e;
}

static int run_openmp(const struct par_config *c, struct worker *w)
{
    int got = 0;

    omp_set_dynamic(0);
#pragma omp parallel num_threads(c->workers)
    {
#pragma omp single
        got = omp_get_num_threads();
        /* fewer threads than asked: a barrier would wait for good */
        if (got == c->workers)
            worker_main(&w[omp_get_thread_num()]);
    }
    return got == c->workers ? 0 : EAGAIN;
}

int par_run(const struct par_config *c, void (*work)(int id, void *arg), void *arg)
{
    struct worker *w = calloc((size_t)c->workers, sizeof *w);
    int e;

    if (!w) {
        fprintf(stderr, "par_run: %s\n", strerror(ENOMEM));
        return -1;
    }
    for (int i = 0; i < c->workers; i++)
        w[i] = (struct worker){ work, arg, i };
    switch (c->backend) {
    case PAR_MLTP:
        e = run_mltp(c, w);
        break;
    case PAR_PTHREADS:
        e = run_pthreads(c, w);
        break;
    default:
        e = run_openmp(c, w);
        break;
    }
    free(w);
    if (e) {
        fprintf(stderr, "par_run (%s): %s\n", par_describe(c), strerror(e));
        return -1;
    }
    return 0;
}
