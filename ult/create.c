/* ult/create.c - ULT descriptors and their creation.
 *
 * Layout of a ULT stack (high addresses first): the private area
 * (MLTP_PRIVATE_SIZE, zeroed), the mltp_vcreate arguments if any, the
 * initial frame, then the stack proper down to the guard page. The
 * descriptor is malloc'd apart from the stack because the handle outlives
 * the thread (legacy programs free(t)). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "ult/asan.h"
#include "ult/runq.h"
#include "vp/vp.h"

static int next_id;

/* Unique ids; a VP takes them in blocks so that creating a ULT on a VP
   costs no locked instruction for its id. */
int ult_new_id(void)
{
    vp_t *vp = vp_current();

    if (!vp)
        return uatomic_add_return(&next_id, 1);
    if (vp->id_next == vp->id_end) {
        vp->id_end = uatomic_add_return(&next_id, VP_ID_BLOCK) + 1;
        vp->id_next = vp->id_end - VP_ID_BLOCK;
    }
    return vp->id_next++;
}

static void ult_main(void *arg, void *helper_result) __attribute__((noreturn));
static void ult_main(void *arg, void *helper_result)
{
    ult_t *u = arg;
    void *r;

    (void)helper_result;
    ult_asan_finish(NULL);
    if (u->flags & ULT_VARGS)
        r = ult_call_vargs((void *)u->fn, u->arg);
    else
        r = u->fn(u->arg);
    ult_exit(r, 1);
}

/* glibc's memset (vector stores, chosen at run time) rather than the
   rep stosq GCC inlines for a constant size (206 -> 198 ns per
   create+run+finish+join in batches of 1000; the rest of the ~45 ns the
   zeroing costs is write-allocate misses). */
static void *(*volatile libc_memset)(void *, int, size_t) = memset;

static void zero_private(void *area)
{
    libc_memset(area, 0, MLTP_PRIVATE_SIZE);
}

static size_t vargs_size(const struct ult_vargs *va)
{
    return sizeof *va + va->nstack * sizeof va->stack[0];
}

ult_t *ult_create(const mltp_attr_t *a, void *(*fn)(), void *arg,
                  const struct ult_vargs *va)
{
    size_t usable = ult_stack_default;
    int prio = MLTP_PRIO_DEFAULT;
    ult_t *u;
    char *lo, *top;
    size_t map;
    int fresh;

    mltp_init();
    if (!fn) {
        errno = EINVAL;
        return NULL;
    }
    if (a) {
        if (a->priority < MLTP_PRIO_MIN || a->priority > MLTP_PRIO_MAX ||
            (a->stacksize && a->stacksize < MLTP_STACK_MIN)) {
            errno = EINVAL;
            return NULL;
        }
        prio = a->priority;
        if (a->stacksize)
            usable = (a->stacksize + ult_page_size - 1) & ~(ult_page_size - 1);
    }
    u = malloc(sizeof(mltp_t));
    if (!u) {
        errno = ENOMEM;
        return NULL;
    }
    if (ult_stack_get(usable, &lo, &map, &fresh) != 0) {
        free(u);
        errno = ENOMEM;
        return NULL;
    }
    memset(u, 0, sizeof(mltp_t));
    top = lo + map - MLTP_PRIVATE_SIZE;
    if (!fresh)
        zero_private(top);
    u->private = top;
    u->fn = fn;
    u->arg = arg;
    if (va) {
        top = (char *)(((uintptr_t)(top - vargs_size(va))) & ~(uintptr_t)15);
        memcpy(top, va, vargs_size(va));
        u->arg = top;
        u->flags = ULT_VARGS;
    }
    u->sp = ult_context_init(top, ult_main, u);
    u->stack_lo = lo;
    u->stack_map = map;
    u->prio = prio;
    u->level = &ult_runq.level[prio];
    u->self = u;
    u->thrid = ult_new_id();
    if (a && a->name)
        strncpy(u->name, a->name, sizeof u->name - 1);
    ult_ready_new(u);
    return u;
}

mltp_t *mltp_create(mltp_userf_t *f, void *p0)
{
    return (mltp_t *)ult_create(NULL, (void *(*)())f, p0, NULL);
}

mltp_t *mltp_create_attr(const mltp_attr_t *a, mltp_userf_t *f, void *p0)
{
    return (mltp_t *)ult_create(a, (void *(*)())f, p0, NULL);
}

void mltp_attr_init(mltp_attr_t *a)
{
    a->stacksize = 0;
    a->priority = MLTP_PRIO_DEFAULT;
    a->name = NULL;
}
