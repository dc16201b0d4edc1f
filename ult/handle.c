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
 * locked instruction per free and the arena lock per 8 mallocs).
 *
 * How many: HANDLE_CACHE_MIN, or as many as the thread had malloc'd at
 * once (handles_owned: its mallocs less its free()s), up to
 * HANDLE_CACHE_MAX. A thread that creates batches larger than the minimum
 * and releases them itself then mallocs each descriptor once: past the
 * minimum, every create paid a malloc and every release a free, whose
 * fastbin reads the next chunk's header and whose malloc walks the bin, a
 * cache miss each (mltp_peer create, batch 100000, 1 VP: 101 -> 51 ns
 * per ULT, MassiveThreads 90; callgrind 721 -> 516 instructions). The
 * memory kept is what the thread had malloc'd at its peak, which glibc's
 * fastbins would have kept too. A thread that only releases what others
 * created (a pipeline's consumer) mallocs none: it keeps the minimum, as
 * before; one whose role turns (it made ULTs others released, then
 * releases those others make) keeps no more than the maximum. */
#include <errno.h>
#include <stdlib.h>
#include "ult/ult.h"

#define HANDLE_CACHE_MIN 1024       /* per thread: 128 KiB */
#define HANDLE_CACHE_MAX (1 << 17)  /* per thread: 16 MiB at most */

__thread struct ult_cache ult_cache_tls __attribute__((tls_model("initial-exec")));

/* Out of line, so that the cache's pop and push need no frame. */
static ult_t * __attribute__((noinline)) get_new(struct ult_cache *c)
{
    ult_t *u = malloc(sizeof(mltp_t));

    if (u && ++c->handles_owned > c->handles_keep)
        c->handles_keep = c->handles_owned < HANDLE_CACHE_MAX ? (int)c->handles_owned
                                                               : HANDLE_CACHE_MAX;
    return u;
}

static void __attribute__((noinline)) put_free(struct ult_cache *c, ult_t *u)
{
    c->handles_owned--;
    free(u);
}

ult_t *ult_handle_get(struct ult_cache *c)
{
    ult_t *u = c->handles;

    if (u) {
        c->handles = u->next;
        c->nhandles--;
        return u;
    }
    return get_new(c);
}

/* One compare more than a constant cap, and only past the minimum (a
   cache's fields start at zero). */
void ult_handle_put(struct ult_cache *c, ult_t *u)
{
    if (c->nhandles < HANDLE_CACHE_MIN || c->nhandles < c->handles_keep) {
        u->next = c->handles;
        c->handles = u;
        c->nhandles++;
    } else {
        put_free(c, u);
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
    c->handles_owned = 0;
    c->handles_keep = 0;
}
