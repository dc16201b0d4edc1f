/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* parmacs/workers.c - workers in the SPLASH manner (CREATE, WAIT_FOR_END,
 * GET_PID): main is worker 0 and takes part through mltp_begin(); every
 * other worker is a detached ULT. Built on the public API only. */
#include <errno.h>
#include <stdlib.h>
#include "mltp.h"

/* main's thread or main's share only: no lock. */
static int begun;
static long created;

struct worker_start {
    void (*fn)(void);
    long id;
};

/* At the top of a worker's private area: its number, and a tag that
   tells a worker from any other ULT (whose area starts zeroed). */
struct worker_mark {
    long id;
    const void *tag;
};
#define WORKER_TAG ((const void *)&created)

static void *worker_main(void *arg)
{
    struct worker_start s = *(struct worker_start *)arg;

    free(arg);
    *(struct worker_mark *)mltp_get_private() = (struct worker_mark){ s.id, WORKER_TAG };
    s.fn();
    return NULL;
}

int mltp_worker_create(void (*fn)(void))
{
    struct worker_start *s;
    mltp_t *t;

    if (!fn) {
        errno = EINVAL;
        return -1;
    }
    if (!begun) {
        if (mltp_begin(mltp_vps_default()) != 0)
            return -1;
        begun = 1;
        created = 0;
    }
    if (!(s = malloc(sizeof *s)))
        return -1;
    s->fn = fn;
    s->id = created + 1;
    if (!(t = mltp_create(worker_main, s))) {
        int e = errno;
        free(s);
        errno = e;
        return -1;
    }
    created++;
    mltp_detach(t);
    return 0;
}

int mltp_workers_run(void (*fn)(void), long n)
{
    if (!fn) {
        errno = EINVAL;
        return -1;
    }
    for (long i = 1; i < n; i++)
        if (mltp_worker_create(fn) != 0)
            return -1;
    fn();
    return 0;
}

int mltp_workers_wait(void)
{
    int r;

    if (!begun)
        return 0;
    /* EPERM: not main's share; the workers are still running */
    if ((r = mltp_end()) == 0 || errno != EPERM)
        begun = 0;
    return r;
}

long mltp_worker_id(void)
{
    const struct worker_mark *m = mltp_get_private();

    return m && m->tag == WORKER_TAG ? m->id : 0;
}
