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

/* what failed, for par_run's message */
static const char *failed_call;

/* The first failure a worker met (par_run_failed), read once every worker
   has returned. */
static struct {
    int error;
    const char *call;
} worker_failure;

void par_run_failed(const char *call, int e)
{
    int none = 0;

    if (__atomic_compare_exchange_n(&worker_failure.error, &none, e, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED))
        worker_failure.call = call;
}

static void *worker_main(void *p)
{
    struct worker *w = p;
    w->work(w->id, w->arg);
    return NULL;
}

/* The test hook PAR_FAIL_CREATE=k (par.h): whether worker id's creation
   is to fail. */
static int create_fails(int id)
{
    const char *k = getenv("PAR_FAIL_CREATE");
    return k && *k && atoi(k) == id;
}

/* Set before a start whose ULTs are not all made: they return at once. */
static int mltp_give_up;

static void *mltp_worker_main(void *p)
{
    return mltp_give_up ? NULL : worker_main(p);
}

/* MLTP: P ULTs, then a start of N VPs that returns when all have ended.
   ULTs made between starts run only in the next one, so those made before
   a create fails are run there, to return at once, and then freed. */
static int run_mltp(const struct par_config *c, struct worker *w)
{
    mltp_t **h = calloc((size_t)c->workers, sizeof *h);
    int made = 0, e = 0;

    if (!h)
        return ENOMEM;
    for (; made < c->workers; made++) {
        errno = ENOMEM;
        if (create_fails(made) || !(h[made] = mltp_create(mltp_worker_main, &w[made]))) {
            e = errno;
            failed_call = "mltp_create";
            break;
        }
    }
    mltp_give_up = e != 0;
    if (made) {
        errno = 0;
        mltp_start(c->vps);
        if (!e && (e = errno) != 0)
            failed_call = "mltp_start";
    }
    for (int i = 0; i < made; i++)
        if (mltp_free(h[i]) != 0 && !e) {
            e = EBUSY;
            failed_call = "mltp_free (a worker did not end)";
        }
    free(h);
    return e;
}

/* POSIX threads start their work once all P exist: when a create fails,
   those made return without it, rather than wait at a barrier of P for
   ever. */
enum gate_state { WAIT, GO, GIVE_UP };
static struct {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    enum gate_state state;
} gate = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, WAIT };

static void gate_set(enum gate_state state)
{
    pthread_mutex_lock(&gate.lock);
    gate.state = state;
    pthread_cond_broadcast(&gate.changed);
    pthread_mutex_unlock(&gate.lock);
}

static void *pthreads_main(void *p)
{
    enum gate_state state;

    pthread_mutex_lock(&gate.lock);
    while ((state = gate.state) == WAIT)
        pthread_cond_wait(&gate.changed, &gate.lock);
    pthread_mutex_unlock(&gate.lock);
    return state == GO ? worker_main(p) : NULL;
}

static int run_pthreads(const struct par_config *c, struct worker *w)
{
    pthread_t *t = calloc((size_t)c->workers, sizeof *t);
    int made = 0, e = 0;

    if (!t)
        return ENOMEM;
    gate_set(WAIT);
    for (; made < c->workers; made++)
        if ((e = create_fails(made) ? EAGAIN
                                    : pthread_create(&t[made], NULL, pthreads_main, &w[made]))) {
            failed_call = "pthread_create";
            break;
        }
    gate_set(e ? GIVE_UP : GO);
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
    failed_call = "omp parallel (fewer threads than workers)";
    return got == c->workers ? 0 : EAGAIN;
}

static int run_on(const struct par_config *c, struct worker *w)
{
    switch (c->backend) {
    case PAR_NONE:
        failed_call = "none (one worker only)";
        if (c->workers != 1)
            return EINVAL;
        worker_main(w);
        return 0;
    case PAR_MLTP:
        return run_mltp(c, w);
    case PAR_PTHREADS:
        return run_pthreads(c, w);
    case PAR_OPENMP:
        return run_openmp(c, w);
    }
    par_bad_backend(c->backend);
}

int par_run(const struct par_config *c, void (*work)(int id, void *arg), void *arg)
{
    struct worker *w = calloc((size_t)c->workers, sizeof *w);
    int e;

    failed_call = "calloc";
    if (!w) {
        fprintf(stderr, "par_run: %s\n", strerror(ENOMEM));
        return -1;
    }
    for (int i = 0; i < c->workers; i++)
        w[i] = (struct worker){ work, arg, i };
    worker_failure.error = 0;
    e = run_on(c, w);
    free(w);
    if (!e && worker_failure.error) {
        e = worker_failure.error;
        failed_call = worker_failure.call;
    }
    if (e) {
        fprintf(stderr, "par_run (%s): %s: %s\n", par_describe(c), failed_call, strerror(e));
        return -1;
    }
    return 0;
}
