/* ult/handle.c - ULT descriptors, the handles mltp_create returns. Each is
 * a malloc'd block of its own, because legacy programs release it with
 * free(t). Those the library gets back (mltp_free, detached ULTs) are kept
 * for the next creations in a cache per kernel-level thread (each VP, main,
 * each bound thread: thread-local, so no lock): a create followed by
 * mltp_free costs no malloc and no free (~23 ns saved per ULT in batches of
 * 1000: past the 7 blocks of glibc's thread cache, its fastbins take a
 * locked instruction per free and the arena lock per 8 mallocs). */
#include <errno.h>
#include <stdlib.h>
#include "ult/ult.h"

#define HANDLE_CACHE_MAX 1024   /* per thread: 128 KiB at most */

static __thread ult_t *cache __attribute__((tls_model("initial-exec")));
static __thread int cache_count __attribute__((tls_model("initial-exec")));

ult_t *ult_handle_get(void)
{
    ult_t *u = cache;

    if (u) {
        cache = u->next;
        cache_count--;
        return u;
    }
    return malloc(sizeof(mltp_t));
}

void ult_handle_put(ult_t *u)
{
    if (cache_count < HANDLE_CACHE_MAX) {
        u->next = cache;
        cache = u;
        cache_count++;
    } else {
        free(u);
    }
}

/* A bound thread's cache, when it ends (its TLS goes with it). */
void ult_handle_cache_free(void)
{
    while (cache) {
        ult_t *u = cache;
        cache = u->next;
        free(u);
    }
    cache_count = 0;
}

int mltp_free(mltp_t *t)
{
    ult_t *u = (ult_t *)t;

    if (!u)
        return 0;
    if (u->flags & ULT_BOUND) {
        if (u->bound)               /* not joined yet */
            return EBUSY;
        free(u);
        return 0;
    }
    if (u->flags & ULT_DETACHED)
        return EINVAL;
    if (CMM_LOAD_SHARED(u->state) != ULT_DONE)
        return EBUSY;
    ult_handle_put(u);
    return 0;
}
