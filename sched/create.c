/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/create.c - creating ULTs: a descriptor (ult/), made ready. */
#include <errno.h>
#include <string.h>
#include "sched/sched.h"
#include "sched/tls.h"

/* mltp_attr_t's padding (mltp_attr_setguardsize, below) */
#define ATTR_GUARD 0x3fffffffU
#define ATTR_TLS_SHIFT 30

/* Make u ready where sched/place.c says (the caller's VP's queue; a
   kernel-level thread's: queue 0) and count it live. */
static void __attribute__((noinline)) ready_shared(sched_vp_t *sv, ult_t *u)
{
    struct sched_posts p;

    if (sv)
        CMM_STORE_SHARED(sv->created, sv->created + 1);
    else
        sched_outside_live_add(1);
    sched_posts_init(&p);
    sched_place(u, SCHED_PLACE_NEW, &p);
    sched_post_owed(&p);
}

/* Solo, the caller a ULT on VP 0, which is never parked: no lock, no
   wake-up to claim (~15 instructions fewer a create). */
void sched_ready_new(ult_t *u)
{
    sched_vp_t *sv = sched_current();

    if (!sched_solo_on || !sv) {
        ready_shared(sv, u);
        return;
    }
    CMM_STORE_SHARED(sv->created, sv->created + 1);
    sched_push_back(sv->rq, u);
}

/* ULTs that main creates while no start runs: no VP can run them before
   the next mltp_start, so they wait in this list, in order, and that start
   puts them in the run queue (sched_pending_flush): a creation then takes
   no lock. Only main, and only between starts, uses the list: a bound
   thread or a VP would have to lock, and so does every thread once VPs
   run. */
static struct {
    ult_t *head, *tail;
    long n;
} pending;
static __thread int tls_is_main;

void sched_pending_note_main(void)
{
    tls_is_main = 1;
}

static inline void make_ready(ult_t *u)
{
    if (tls_is_main && !vpg.running) {
        if (pending.tail)
            pending.tail->next = u;
        else
            pending.head = u;
        /* u and its link before it: another thread may walk the list
           (sched_pending_mark_ids) */
        base_store_release(&pending.tail, u);
        pending.n++;
    } else {
        sched_ready_new(u);
    }
}

/* Called by mltp_start before it looks at the run queues: into queue 0,
   whence idle VPs steal. No VP runs, but a bound thread may: lock. */
void sched_pending_flush(void)
{
    ult_t *u = pending.head, *next;
    struct sched_runq *q = &sched_runqs[0];

    if (!pending.n)
        return;
    sched_outside_live_add(pending.n);
    sched_rq_lock_push(q);
    for (long i = 0; i < pending.n; i++, u = next) {
        next = u->next;
        if (__builtin_expect(sg.observe, 0))
            sched_trace_created(u);     /* queued by main before the start */
        sched_push_back(q, u);
    }
    sched_rq_unlock(q);
    pending.head = pending.tail = NULL;
    pending.n = 0;
}

/* Main's pending ULTs, for sched/ids.c, from any thread: every queue's
   lock held, so no flush is under way (one just done may leave the list
   as it was, its ULTs in queue 0 in the same order, or cleared). */
void sched_pending_mark_ids(void)
{
    ult_t *last = base_load_acquire(&pending.tail), *u;

    if (!last || !(u = CMM_LOAD_SHARED(pending.head)))
        return;
    for (;; u = u->next) {
        ult_id_mark(u->thrid);
        if (u == last)
            break;
    }
}

/* In a fork()ed child the calling thread is the child's main thread, and
   the parent's pending ULTs are the parent's. */
void sched_pending_forget(void)
{
    pending.head = pending.tail = NULL;
    pending.n = 0;
    tls_is_main = 1;
}

static ult_t *create(const mltp_attr_t *a, mltp_userf_t *fn, void *arg,
                     const struct ult_vargs *va)
{
    struct ult_cache *c;
    size_t usable = 0, guard = ult_guard_default;
    int prio = MLTP_PRIO_DEFAULT, own, tls = MLTP_TLS_DEFAULT;
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
        if (a->mltp_reserved_guard_ & ATTR_GUARD)
            guard = (size_t)((a->mltp_reserved_guard_ & ATTR_GUARD) - 1) * ult_page_size;
        tls = (int)(a->mltp_reserved_guard_ >> ATTR_TLS_SHIFT);
    }
    c = sched_cache();
    /* another shape than the default's: a stack of its own, no
       reservation */
    own = (usable && usable != ult_stack_default) || guard != ult_guard_default;
    if (own && !usable)
        usable = ult_stack_default;
    /* a default-size stack is reserved with the id: past the limit of
       what can be mapped, the refill says which limit, once. A stack of
       another size is mapped now, or the creation fails. */
    if (!own && !ult_ids_left(c) && (errno = ult_id_refill_reserved(c)) != 0)
        return NULL;
    if (!(u = ult_handle_get(c))) {
        errno = ENOMEM;
        return NULL;
    }
    ult_init(u, own ? ult_id_stackless(c) : c->id_next++, fn, arg, prio);
    if (a && a->name)
        strncpy(u->name, a->name, sizeof u->name - 1);
    u->name[sizeof u->name - 1] = 0;
    if (tls == MLTP_TLS_ULT)
        u->flags |= ULT_OWN_TLS;
    /* A size asked for is kept even if it is the default now: the stack
       is taken at once (with the id's reservation, as mltp_vcreate's),
       not at the first run, when the default may be another. So is the
       stack of a ULT that keeps its VP's TLS under MLTP_TLS=ult: it
       comes with ULT_OWN_TLS, cleared below. */
    if ((va || usable || (tls == MLTP_TLS_VP && sched_tls_all)) && !(u->sp = ult_frame(c, u, usable ? usable : ult_stack_default, guard,
                                              !own, va, sched_first_run))) {
        u->life = ULT_FREED;            /* never made live */
        ult_handle_put(c, u);
        if (!own)
            ult_stack_spare(c);         /* its reservation */
        errno = ENOMEM;
        return NULL;
    }
    if (tls == MLTP_TLS_VP)
        u->flags &= (unsigned char)~ULT_OWN_TLS;
    make_ready(u);
    return u;
}

/* The common case, kept short: no attributes, no stack yet. The first
   use, a NULL f, an empty id block (a refill also reserves stacks, and
   may fail) and no memory take create's general path. */
mltp_t *mltp_create(mltp_userf_t *f, void *p0)
{
    struct ult_cache *c = sched_cache();
    ult_t *u;

    if (__builtin_expect(!base_once_done(&sched_init_once) || !f || !ult_ids_left(c) ||
                         !(u = ult_handle_get(c)), 0))
        return (mltp_t *)create(NULL, f, p0, NULL);
    ult_init(u, c->id_next++, f, p0, MLTP_PRIO_DEFAULT);
    make_ready(u);
    return (mltp_t *)u;
}

mltp_t *mltp_create_attr(const mltp_attr_t *a, mltp_userf_t *f, void *p0)
{
    return (mltp_t *)create(a, f, p0, NULL);
}

void mltp_attr_init(mltp_attr_t *a)
{
    a->stacksize = 0;
    a->priority = MLTP_PRIO_DEFAULT;
    a->mltp_reserved_guard_ = 0;
    a->name = NULL;
}

/* Kept in the attribute's padding, so that mltp_attr_t keeps its size:
   the guard as pages + 1 (0: the default) below ATTR_TLS_SHIFT (at most
   MLTP_GUARD_MAX / 4 KiB + 1), the TLS (MLTP_TLS_*) above. */
int mltp_attr_setguardsize(mltp_attr_t *a, size_t bytes)
{
    size_t pages;

    mltp_init();
    if (!a || bytes > MLTP_GUARD_MAX)
        return EINVAL;
    pages = (bytes + ult_page_size - 1) / ult_page_size;
    a->mltp_reserved_guard_ = (a->mltp_reserved_guard_ & ~ATTR_GUARD) | ((unsigned int)pages + 1);
    return 0;
}

int mltp_attr_getguardsize(const mltp_attr_t *a, size_t *bytes)
{
    unsigned int g;

    mltp_init();
    if (!a || !bytes)
        return EINVAL;
    g = a->mltp_reserved_guard_ & ATTR_GUARD;
    *bytes = g ? (size_t)(g - 1) * ult_page_size : ult_guard_default;
    return 0;
}

int mltp_attr_settls(mltp_attr_t *a, int tls)
{
    mltp_init();
    if (!a || tls < MLTP_TLS_DEFAULT || tls > MLTP_TLS_ULT)
        return EINVAL;
    if (tls == MLTP_TLS_ULT && sched_tls_usable(NULL) != 0)
        return ENOTSUP;
    a->mltp_reserved_guard_ = (a->mltp_reserved_guard_ & ATTR_GUARD) |
                              (unsigned int)tls << ATTR_TLS_SHIFT;
    return 0;
}

int mltp_attr_gettls(const mltp_attr_t *a, int *tls)
{
    if (!a || !tls)
        return EINVAL;
    *tls = (int)(a->mltp_reserved_guard_ >> ATTR_TLS_SHIFT);
    return 0;
}

int mltp_tls_default(void)
{
    mltp_init();
    return sched_tls_all ? MLTP_TLS_ULT : MLTP_TLS_VP;
}

const char *mltp_tls_why(void)
{
    const char *why;

    mltp_init();
    return sched_tls_usable(&why) ? why : NULL;
}

/* From mltp_vcreate's entry (sched/vcreate-x86_64.S), with the caller's
   register image. */
mltp_t *sched_vcreate_regs(void *f, int nbytes, const struct ult_vregs *r);
mltp_t *sched_vcreate_regs(void *f, int nbytes, const struct ult_vregs *r)
{
    union {
        struct ult_vargs va;
        char room[sizeof(struct ult_vargs) + MLTP_VARGS_MAX * sizeof(unsigned long)];
    } u;

    if (!f || ult_vargs_build(&u.va, sizeof u, nbytes, r) != 0) {
        errno = EINVAL;
        return NULL;
    }
    return (mltp_t *)create(NULL, (mltp_userf_t *)f, NULL, &u.va);
}

int mltp_stack_guard(const mltp_t *t, int *kind, size_t *bytes)
{
    const ult_t *u = (const ult_t *)t;
    const struct ult_stack_rec *r;
    int life;

    if (!u || !kind || !bytes || u->type == MLTP_THREAD_BOUND || (u->flags & ULT_MAIN_STACK))
        return EINVAL;
    life = CMM_LOAD_SHARED(u->life);
    if (life == ULT_ENDED || life == ULT_FREED)
        return ESRCH;
    if (!CMM_LOAD_SHARED(u->sp) && t != mltp_self())
        return EAGAIN;
    r = ult_stack_record(u->stack_lo, u->stack_map);
    *kind = r->kind;
    *bytes = r->guard;
    return 0;
}
