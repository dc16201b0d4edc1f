/* ult/create.c - ULT descriptors, their creation and their first run.
 *
 * Layout of a ULT stack (high addresses first): the private area
 * (MLTP_PRIVATE_SIZE, zeroed), the mltp_vcreate arguments if any, the
 * initial frame, then the stack proper down to the guard page. The
 * descriptor is malloc'd apart from the stack because the handle outlives
 * the thread (ult/handle.c).
 *
 * A ULT with the default stack size gets its stack when it first runs
 * (ult_bind), not when it is created: a batch of ULTs that each run to the
 * end then reuses the stacks the ULTs before left in the VP's cache, still
 * in the CPU's cache, instead of touching one cold stack per ULT. Other
 * sizes, and mltp_vcreate's arguments, need the stack at once. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ult/asan.h"
#include "ult/runq.h"
#include "vp/vp.h"

static int next_id;
static __thread int tls_id_next, tls_id_end;

/* Unique ids, taken in blocks by each VP and each other kernel-level
   thread, so that creating a ULT costs no locked instruction for its id. */
int ult_new_id(void)
{
    vp_t *vp = vp_current();
    int *next = vp ? &vp->id_next : &tls_id_next;
    int *end = vp ? &vp->id_end : &tls_id_end;

    if (*next == *end) {
        *end = uatomic_add_return(&next_id, VP_ID_BLOCK) + 1;
        *next = *end - VP_ID_BLOCK;
    }
    return (*next)++;
}

/* ULTs that main creates while no start runs: no VP can run them before
   the next mltp_start, so they wait in this list, in order, and that start
   puts them in the run queue (ult_pending_flush): a creation then takes no
   lock. Only main, and only between starts, uses the list: a bound thread
   or a VP would have to lock, and so does every thread once VPs run. */
static struct {
    ult_t *head, *tail;
    long n;
} pending;
static __thread int tls_is_main;

void ult_pending_note_main(void)
{
    tls_is_main = 1;
}

static inline int may_defer(void)
{
    return tls_is_main && !vpg.running;
}

static void defer(ult_t *u)
{
    if (pending.tail)
        pending.tail->next = u;
    else
        pending.head = u;
    pending.tail = u;
    pending.n++;
}

static inline void make_ready(ult_t *u)
{
    if (may_defer())
        defer(u);
    else
        ult_ready_new(u);
}

/* Called by mltp_start before it looks at the run queue. No VP runs, but
   a bound thread may: take the lock. */
void ult_pending_flush(void)
{
    ult_t *u = pending.head, *next;

    if (!pending.n)
        return;
    runq_lock();
    ult_runq.live += pending.n;
    for (long i = 0; i < pending.n; i++, u = next) {
        next = u->next;
        runq_push_back(u);
    }
    runq_unlock();
    pending.head = pending.tail = NULL;
    pending.n = 0;
}

/* In a fork()ed child the calling thread is the child's main thread, and
   the parent's pending ULTs are the parent's. */
void ult_pending_forget(void)
{
    pending.head = pending.tail = NULL;
    pending.n = 0;
    tls_is_main = 1;
}

static void ult_main(void *arg, void *helper_result) __attribute__((noreturn));
static void ult_main(void *arg, void *helper_result)
{
    ult_t *u = arg;
    void *(*fn)() = u->fn;
    void *r;

    (void)helper_result;
    ult_asan_finish(NULL);
    u->private = u->stack_lo + u->stack_map - MLTP_PRIVATE_SIZE;
    u->prio_bit = 1UL << u->prio;       /* for mltp_yield; fn is read */
    if (u->flags & ULT_VARGS)
        r = ult_call_vargs((void *)fn, u->arg);
    else
        r = fn(u->arg);
    ult_exit(r, 1);
}

static size_t vargs_size(const struct ult_vargs *va)
{
    return sizeof *va + va->nstack * sizeof va->stack[0];
}

/* Give u a stack: fill in the stack fields, va (if any) below the private
   area and the initial frame below that, with the creator's FP control.
   Returns the stack pointer, or NULL (ENOMEM). */
static void *stack_frame(ult_t *u, size_t usable, const struct ult_vargs *va)
{
    char *lo, *top;
    size_t map;

    if (ult_stack_get(usable, &lo, &map) != 0)
        return NULL;
    top = lo + map - MLTP_PRIVATE_SIZE;
    u->stack_lo = lo;
    u->stack_map = map;
    if (va) {
        top = (char *)(((uintptr_t)(top - vargs_size(va))) & ~(uintptr_t)15);
        memcpy(top, va, vargs_size(va));
        u->arg = top;
        u->flags = ULT_VARGS;
    }
    return ult_context_init(top, ult_main, u, u->fp_control);
}

/* First run of a ULT created without a stack, on the VP about to switch to
   it, run-queue lock held. Cost in a batch: a hot cached stack (its
   private area already zeroed) and the 64-byte frame. With no stack left
   at all the program cannot go on: nothing else would free the memory it
   needs. */
void *ult_bind(ult_t *u)
{
    void *sp = stack_frame(u, ult_stack_default, NULL);

    if (__builtin_expect(!sp, 0)) {
        runq_unlock();
        vp_warn("no memory for the stack of ULT %d%s%s%s (%zu bytes); ending the program",
                u->thrid, u->name[0] ? " \"" : "", u->name, u->name[0] ? "\"" : "",
                ult_stack_default);
        exit(1);
    }
    return sp;
}

/* Every field but the unused union half and name's tail: no memset. */
static inline void init_fields(ult_t *u, void *(*fn)(), void *arg, int prio)
{
    u->retval = NULL;
    u->thrid = ult_new_id();
    u->prio = (unsigned char)prio;
    u->flags = 0;
    u->state = ULT_ALIVE;
    u->private = NULL;
    u->sp = NULL;
    u->level = &ult_runq.level[prio];
    u->saved_errno = 0;
    u->fn = fn;
    u->arg = arg;
    u->joiner = NULL;
    u->fp_control = ult_fp_control();
    u->name[0] = 0;
}

ult_t *ult_create(const mltp_attr_t *a, void *(*fn)(), void *arg,
                  const struct ult_vargs *va)
{
    size_t usable = 0;
    int prio = MLTP_PRIO_DEFAULT;
    ult_t *u;

    mltp_init();
    if (!fn) {
        errno = EINVAL;
        return NULL;
    }
    if (a) {
        if (a->priority < MLTP_PRIO_MIN || a->priority > MLTP_PRIO_MAX ||
            (a->stacksize && (a->stacksize < MLTP_STACK_MIN ||
                              a->stacksize > MLTP_STACK_MAX))) {
            errno = EINVAL;
            return NULL;
        }
        prio = a->priority;
        if (a->stacksize)
            usable = (a->stacksize + ult_page_size - 1) & ~(ult_page_size - 1);
    }
    u = ult_handle_get();
    if (!u) {
        errno = ENOMEM;
        return NULL;
    }
    init_fields(u, fn, arg, prio);
    if (a && a->name)
        strncpy(u->name, a->name, sizeof u->name - 1);
    u->name[sizeof u->name - 1] = 0;
    if ((va || (usable && usable != ult_stack_default)) &&
        !(u->sp = stack_frame(u, usable ? usable : ult_stack_default, va))) {
        ult_handle_put(u);
        errno = ENOMEM;
        return NULL;
    }
    make_ready(u);
    return u;
}

/* The common case, kept short: no attributes, no stack yet. The first
   use, a NULL f and no memory take ult_create's general path. */
mltp_t *mltp_create(mltp_userf_t *f, void *p0)
{
    ult_t *u;

    if (__builtin_expect(!CMM_LOAD_SHARED(vp_initialized) || !f ||
                         !(u = ult_handle_get()), 0))
        return (mltp_t *)ult_create(NULL, (void *(*)())f, p0, NULL);
    init_fields(u, (void *(*)())f, p0, MLTP_PRIO_DEFAULT);
    make_ready(u);
    return (mltp_t *)u;
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
