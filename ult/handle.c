/* ult/handle.c - ULT descriptors, the handles mltp_create returns. Each is
 * a malloc'd block of its own, because legacy programs release it with
 * free(t). Those the library gets back (mltp_free, detached ULTs) are kept
 * for the next creations, per VP without a lock, then shared: a create
 * followed by mltp_free costs no malloc and no free (~23 ns saved per ULT
 * in batches of 1000: glibc's fastbins take a locked instruction or the
 * arena lock once the thread cache's 7 blocks are used). */
#include <errno.h>
#include <stdlib.h>
#include "ult/ult.h"
#include "vp/vp.h"

#define HANDLE_CACHE_MAX 4096     /* shared by all, under a lock */
#define VP_HANDLE_CACHE_MAX 1024  /* per VP, no lock */

static sync_spin_t cache_lock;
static ult_t *cache;
static int cache_count;

ult_t *ult_handle_get(void)
{
    vp_t *vp = vp_current();
    ult_t *u;

    if (vp && (u = vp->handles)) {
        vp->handles = u->next;
        vp->nhandles--;
        return u;
    }
    if (CMM_LOAD_SHARED(cache)) {
        sync_spin_lock(&cache_lock);
        if ((u = cache)) {
            cache = u->next;
            cache_count--;
        }
        sync_spin_unlock(&cache_lock);
        if (u)
            return u;
    }
    return malloc(sizeof(mltp_t));
}

void ult_handle_put(ult_t *u)
{
    vp_t *vp = vp_current();

    if (vp && vp->nhandles < VP_HANDLE_CACHE_MAX) {
        u->next = vp->handles;
        vp->handles = u;
        vp->nhandles++;
        return;
    }
    sync_spin_lock(&cache_lock);
    if (cache_count < HANDLE_CACHE_MAX) {
        u->next = cache;
        cache = u;
        cache_count++;
        u = NULL;
    }
    sync_spin_unlock(&cache_lock);
    free(u);
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
