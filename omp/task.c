/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/task.c - explicit tasks: task, taskwait, taskgroup, taskyield,
 * taskloop, depend and detach.
 *
 * A deferred task ready when made, with no priority, goes on its VP's
 * deque (omp/deque.c): its creator runs it in place when it waits for it
 * (taskwait, the end of a taskgroup), and a VP with nothing to run makes
 * a ULT of it (the work source). One that waits for predecessors becomes
 * a new ULT at the end of its last predecessor, which makes it (a task
 * that waits for others holds no ULT and no stack); one with a priority,
 * a ULT at once. An undeferred one (if(0), inside a final task, or past
 * the throttle) runs in the encountering thread, which waits for its
 * predecessors first. Each task has its own omprt_thr (its creator's
 * team; its creator's thread number, or that of the VP its ULT starts
 * on, see task_main), counts in its parent's children, its taskgroup and
 * its team, and is freed when the last reference to it goes: its own,
 * its children's (they count down in its omprt_thr when they end) and
 * its parent's dependence map's. Whoever waits for tasks, once it has
 * run its own children still in its VP's deque, blocks, and its VP runs
 * the tasks. In a program whose OpenMP threads have TLS blocks of their
 * own, no task becomes a ULT: the threads that wait run them in place
 * (omprt_wait_turn). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "omp/rt.h"

#define TASK_FLAG_FINAL (1u << 1)
#define TASK_FLAG_DEPEND (1u << 3)
#define TASK_FLAG_PRIORITY (1u << 4)
#define TASK_FLAG_UP (1u << 8)
#define TASK_FLAG_GRAINSIZE (1u << 9)
#define TASK_FLAG_IF (1u << 10)
#define TASK_FLAG_NOGROUP (1u << 11)
#define TASK_FLAG_REDUCTION (1u << 12)
#define TASK_FLAG_DETACH (1u << 13)
#define TASK_FLAG_STRICT (1u << 14)

#define DEPEND_IN 1
#define DEPEND_OUT 2
#define DEPEND_INOUT 3
#define DEPEND_MUTEXINOUTSET 4

/* count: its tasks not yet ended, plus one for its owner until the end
   of the taskgroup; the end that takes it to 0 (a task's, or the owner's)
   sets `done`. refs: the owner's and that end's: the last to let go
   frees it, so that no set touches a freed group. */
struct omprt_taskgroup {
    struct omprt_taskgroup *prev;
    volatile long count;
    uintptr_t *reductions;      /* task reductions registered in it */
    volatile int refs;
    mltp_pause_t done;
};

/* successors kept in the record: a blocked LU's tasks have at most 3 */
#define TASK_SUCC_HERE 4

struct omprt_task {
    struct omprt_thr thr;           /* the task's own view */
    struct omprt_thr *parent;       /* the creating task's view */
    struct omprt_taskgroup *group;  /* the group it counts in, if any */
    void (*fn)(void *);
    void *arg;
    volatile int refs;
    volatile int pending;           /* its end, and its event if detached */
    int cached;                     /* from this VP's cache of tasks */
    int priority;                   /* its ULT's, once it may run */
    int undeferred;                 /* run by its creator once ready */
    int has_preds;                  /* it waited for another */
    int home;                       /* the VP it was made on (team counts) */
    int held;                       /* counted in its team's held */
    /* dependences: the predecessors not yet ended, plus one while it is
       being made; the end that takes it to 0 makes it ready */
    volatile int npending;
    mltp_pause_t ready;             /* undeferred: its creator waits here */
    /* the successors it makes ready at its end, under succ_lock; done set
       there too, after which none is added */
    volatile int succ_lock;
    int done, nsucc, succ_cap;
    struct omprt_task **succ;       /* succ_here, or malloc'd when more */
    struct omprt_task *succ_here[TASK_SUCC_HERE];
};

struct depent {
    void *addr;
    struct omprt_task *out;         /* the last out/inout task */
    struct omprt_task **readers;    /* in tasks since */
    int nreaders, cap;
};

/* The addresses a task's children named, in order (e), found through an
   open-addressed table of their indexes (slot, -1 empty, at most half
   full): a linear search cost a blocked LU of 144 blocks 6% of its task
   creation time. */
struct omprt_depmap {
    struct depent *e;
    int n, cap;
    int *slot;
    unsigned int mask;              /* slots - 1 */
};

void omprt_task_thr_init(struct omprt_thr *t)
{
    mltp_pause_init(&t->children_done);
}

static void task_ref(struct omprt_task *k)
{
    __atomic_add_fetch(&k->refs, 1, __ATOMIC_RELAXED);
}

/* Task records of the common size, kept per VP (its place's number: one
   task holds a place at a time, and this library's code is not
   preempted): reused warm, LIFO, instead of fresh memory from malloc for
   each task (its first touch was 5% of a fine-grained tree's time at 2
   threads). Globals, so that a leak checker sees them. */
#define TASK_CACHED_SIZE 512
#define TASK_CACHE_MAX 256
#define TASK_CACHE_VPS 1024
struct cached_task {
    struct cached_task *next;
};
static struct task_cache {
    struct cached_task *head;
    int n;
} __attribute__((aligned(64))) task_caches[TASK_CACHE_VPS];

static struct task_cache *task_cache_here(void)
{
    int vp = mltp_vp_id();

    return vp >= 0 && vp < TASK_CACHE_VPS ? &task_caches[vp] : NULL;
}

static void task_free(struct omprt_task *k)
{
    struct task_cache *c = k->cached ? task_cache_here() : NULL;

    if (c && c->n < TASK_CACHE_MAX) {
        struct cached_task *r = (struct cached_task *)k;
        r->next = c->head;
        c->head = r;
        c->n++;
        return;
    }
    free(k);
}

static void task_unref(struct omprt_task *k)
{
    if (__atomic_sub_fetch(&k->refs, 1, __ATOMIC_ACQ_REL) == 0)
        task_free(k);
}

static void group_unref(struct omprt_taskgroup *g)
{
    if (__atomic_sub_fetch(&g->refs, 1, __ATOMIC_ACQ_REL) == 0)
        free(g);
}

/* g's count reached 0: its owner may go on from its end */
static void group_zero(struct omprt_taskgroup *g)
{
    mltp_pause_set(&g->done);
    group_unref(g);
}

/* the taskgroup a task created by t counts in */
static struct omprt_taskgroup *group_of(const struct omprt_thr *t)
{
    if (t->taskgroup)
        return t->taskgroup;
    return t->task ? t->task->group : NULL;
}

/* ---- dependences ---- */

static void succ_lock(struct omprt_task *p)
{
    while (__atomic_exchange_n(&p->succ_lock, 1, __ATOMIC_ACQUIRE))
        omprt_pause();
}

static void succ_unlock(struct omprt_task *p)
{
    __atomic_store_n(&p->succ_lock, 0, __ATOMIC_RELEASE);
}

/* k waits for p, unless p has ended: p's end makes k ready (no ULT, no
   stack for k meanwhile). p lives: the dependence map holds it. */
static void add_pred(struct omprt_task *k, struct omprt_task *p)
{
    succ_lock(p);
    if (p->done) {
        succ_unlock(p);
        return;
    }
    if (!p->succ) {
        p->succ = p->succ_here;
        p->succ_cap = TASK_SUCC_HERE;
    } else if (p->nsucc == p->succ_cap) {
        int ncap = 2 * p->succ_cap;
        struct omprt_task **ns = p->succ == p->succ_here ? malloc((size_t)ncap * sizeof *ns)
                                                         : realloc(p->succ, (size_t)ncap * sizeof *ns);
        if (!ns)
            omprt_fatal("out of memory for a task's dependences");
        if (p->succ == p->succ_here)
            memcpy(ns, p->succ_here, sizeof p->succ_here);
        p->succ = ns;
        p->succ_cap = ncap;
    }
    __atomic_add_fetch(&k->npending, 1, __ATOMIC_RELAXED);
    k->has_preds = 1;
    p->succ[p->nsucc++] = k;
    succ_unlock(p);
}

static unsigned int addr_hash(const void *addr)
{
    uint64_t x = (uint64_t)(uintptr_t)addr * 0x9e3779b97f4a7c15ull;
    return (unsigned int)(x >> 32);
}

/* index j into m's first free slot from hash h (there is one: at most
   half are taken) */
static void slot_put(struct omprt_depmap *m, unsigned int h, int j)
{
    unsigned int i = h & m->mask;

    while (m->slot[i] >= 0)
        i = (i + 1) & m->mask;
    m->slot[i] = j;
}

static struct depent *dep_find(struct omprt_thr *parent, void *addr)
{
    struct omprt_depmap *m = parent->deps;
    unsigned int h;
    int i;

    if (!m) {
        m = calloc(1, sizeof *m);
        if (!m)
            omprt_fatal("out of memory for task dependences");
        parent->deps = m;
    }
    h = addr_hash(addr);
    for (i = m->slot ? (int)(h & m->mask) : 0; m->slot && m->slot[i] >= 0;
         i = (int)((unsigned int)(i + 1) & m->mask))
        if (m->e[m->slot[i]].addr == addr)
            return &m->e[m->slot[i]];
    if (m->n == m->cap) {
        int ncap = m->cap ? 2 * m->cap : 8;
        struct depent *ne = realloc(m->e, (size_t)ncap * sizeof *ne);
        int *ns = malloc(2 * (size_t)ncap * sizeof *ns);
        if (!ne || !ns)
            omprt_fatal("out of memory for task dependences");
        m->e = ne;
        m->cap = ncap;
        free(m->slot);
        m->slot = ns;
        m->mask = 2 * (unsigned int)ncap - 1;
        memset(ns, 0xff, 2 * (size_t)ncap * sizeof *ns);
        for (int j = 0; j < m->n; j++)
            slot_put(m, addr_hash(m->e[j].addr), j);
    }
    slot_put(m, h, m->n);
    memset(&m->e[m->n], 0, sizeof m->e[0]);
    m->e[m->n].addr = addr;
    return &m->e[m->n++];
}

static void dep_one(struct omprt_thr *parent, struct omprt_task *k, void *addr, int is_in)
{
    struct depent *e = dep_find(parent, addr);
    int i;

    if (is_in) {
        if (e->out)
            add_pred(k, e->out);
        if (e->nreaders == e->cap) {
            int ncap = e->cap ? 2 * e->cap : 4;
            struct omprt_task **nr = realloc(e->readers, (size_t)ncap * sizeof *nr);
            if (!nr)
                omprt_fatal("out of memory for task dependences");
            e->readers = nr;
            e->cap = ncap;
        }
        task_ref(k);
        e->readers[e->nreaders++] = k;
        return;
    }
    if (e->nreaders) {
        for (i = 0; i < e->nreaders; i++) {
            add_pred(k, e->readers[i]);
            task_unref(e->readers[i]);
        }
        e->nreaders = 0;
    } else if (e->out) {
        add_pred(k, e->out);
    }
    if (e->out)
        task_unref(e->out);
    task_ref(k);
    e->out = k;
}

/* GCC's two layouts: {n, nout, addrs...} or {0, n, nout, nmutexinoutset,
   nin, addrs..., depobjs...}, outs first */
static void deps_add(struct omprt_thr *parent, struct omprt_task *k, void **depend)
{
    size_t n = (size_t)(uintptr_t)depend[0], i, nout, normal;

    if (n) {
        nout = (size_t)(uintptr_t)depend[1];
        for (i = 0; i < n; i++)
            dep_one(parent, k, depend[2 + i], i >= nout);
        return;
    }
    n = (size_t)(uintptr_t)depend[1];
    nout = (size_t)(uintptr_t)depend[2] + (size_t)(uintptr_t)depend[3];
    normal = nout + (size_t)(uintptr_t)depend[4];
    for (i = 0; i < n; i++) {
        void *addr = depend[5 + i];
        int is_in = i >= nout;
        if (i >= normal) {     /* a depobj: {address, kind} */
            void **d = (void **)addr;
            uintptr_t kind = (uintptr_t)d[1];
            if (kind < DEPEND_IN || kind > DEPEND_MUTEXINOUTSET)
                omprt_unsupported("this kind of depobj dependence (inoutset)");
            addr = d[0];
            is_in = kind == DEPEND_IN;
        }
        dep_one(parent, k, addr, is_in);
    }
}

void omprt_deps_release(struct omprt_thr *t)
{
    struct omprt_depmap *m = t->deps;
    int i, j;

    if (!m)
        return;
    for (i = 0; i < m->n; i++) {
        for (j = 0; j < m->e[i].nreaders; j++)
            task_unref(m->e[i].readers[j]);
        free(m->e[i].readers);
        if (m->e[i].out)
            task_unref(m->e[i].out);
    }
    free(m->e);
    free(m->slot);
    free(m);
    t->deps = NULL;
}


/* ---- task reductions ----
   GCC's descriptor: d[0] entries, d[1] bytes per thread, d[2] alignment
   (then the copies' base), d[3] allocator, d[4] the next descriptor, d[5]
   ours, d[6] the copies' end; then per entry {address, offset, ours}.
   GCC's code initialises and merges the copies, one per thread number
   from d[2] to d[6]; here they are allocated, found and freed. */

static int in_reduction_scope(const struct omprt_thr *t)
{
    const struct omprt_taskgroup *g;

    for (g = group_of(t); g; g = g->prev)
        if (g->reductions)
            return 1;
    return 0;
}

static void reduction_alloc(uintptr_t *data, int nthreads)
{
    uintptr_t *d;

    for (d = data; d; d = (uintptr_t *)d[4]) {
        size_t align = d[2] > sizeof(void *) ? (size_t)d[2] : sizeof(void *);
        size_t size = (size_t)d[1] * (size_t)nthreads;
        void *p = aligned_alloc(align, (size + align - 1) & ~(align - 1));
        if (!p)
            omprt_fatal("out of memory for a task reduction's copies");
        memset(p, 0, size);
        d[2] = (uintptr_t)p;
        d[5] = 0;
        d[6] = d[2] + size;
    }
}

static void register_in(struct omprt_taskgroup *g, uintptr_t *data, int nthreads)
{
    uintptr_t *d = data;

    reduction_alloc(data, nthreads);
    /* the group's earlier registrations come after this one's chain */
    while (d[4])
        d = (uintptr_t *)d[4];
    d[5] = (uintptr_t)g->reductions;    /* our link between registrations */
    g->reductions = data;
}

OMPRT_API void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
    struct omprt_thr *t = omprt_self();

    if (!t->taskgroup)
        GOMP_taskgroup_start();
    register_in(t->taskgroup, data, t->team->nthreads);
}

OMPRT_API void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
    uintptr_t *d;

    for (d = data; d; d = (uintptr_t *)d[4])
        free((void *)d[2]);
}

/* the copy of thread `slot` for address p: an original list item, or an
   address inside some thread's copy */
static void *remap_one(const struct omprt_thr *t, void *p, void **orig)
{
    const struct omprt_taskgroup *g;
    uintptr_t a = (uintptr_t)p, slot = (uintptr_t)t->num;

    for (g = group_of(t); g; g = g->prev) {
        uintptr_t *reg = g->reductions;
        while (reg) {
            uintptr_t *d = reg;
            for (;;) {
                uintptr_t j, off;
                for (j = 0; j < d[0]; j++)
                    if (d[7 + 3 * j] == a) {
                        *orig = p;
                        return (void *)(d[2] + slot * d[1] + d[7 + 3 * j + 1]);
                    }
                if (a >= d[2] && a < d[6]) {
                    off = (a - d[2]) % d[1];
                    for (j = 0; j < d[0]; j++)
                        if (d[7 + 3 * j + 1] == off)
                            *orig = (void *)d[7 + 3 * j];
                    return (void *)(d[2] + slot * d[1] + off);
                }
                if (!d[4])
                    break;
                d = (uintptr_t *)d[4];
            }
            reg = (uintptr_t *)d[5];
        }
    }
    omprt_fatal("no task reduction registered for %p (in_reduction without "
                "task_reduction?)", p);
}

OMPRT_API void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
    const struct omprt_thr *t = omprt_self();
    size_t i;

    for (i = 0; i < cnt; i++) {
        void *orig = NULL;
        ptrs[i] = remap_one(t, ptrs[i], &orig);
        if (i < cntorig)
            ptrs[cnt + i] = orig;
    }
}

/* reduction(task, ...) on a parallel region: one group for the team's
   implicit tasks, its copies one per member */
struct parallel_reductions {
    struct omprt_taskgroup *group;
    uintptr_t *data;
};

static int prepare_reductions(struct omprt_team *team, const void *arg)
{
    const struct parallel_reductions *r = arg;
    int i;

    register_in(r->group, r->data, team->nthreads);
    for (i = 0; i < team->nthreads; i++)
        team->thr[i].taskgroup = r->group;
    return 0;
}

OMPRT_API unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data,
                                            unsigned num_threads, unsigned flags)
{
    /* its owner's count and refs are never given back: no task's end
       takes the count to 0, and it lives until the region's end */
    struct omprt_taskgroup g = { NULL, 1, NULL, 2, { MLTP_LOCK_INITIALIZER, MLTP_COND_INITIALIZER, 0 } };
    struct parallel_reductions r = { &g, *(uintptr_t **)data };

    (void)flags;
    return (unsigned)omprt_parallel(fn, data, num_threads, prepare_reductions, &r);
}

/* ---- life of a task ---- */

static void task_pending_done(struct omprt_task *k);

static void complete(struct omprt_task *k)
{
    struct omprt_thr *parent = k->parent;
    struct omprt_team *team = k->thr.team;
    struct omprt_task *ptask = parent->task;
    struct omprt_task **succ;
    int nsucc;

    succ_lock(k);
    k->done = 1;
    succ = k->succ;
    nsucc = k->nsucc;
    k->succ = NULL;
    k->nsucc = 0;
    succ_unlock(k);
    for (int i = 0; i < nsucc; i++)
        task_pending_done(succ[i]);
    if (succ != k->succ_here)
        free(succ);
    if (k->group && __atomic_sub_fetch(&k->group->count, 1, __ATOMIC_ACQ_REL) == 0)
        group_zero(k->group);
    /* the parent lives: this task holds a reference to it (an implicit
       task's record lives with its team) */
    if (__atomic_sub_fetch(&parent->children, 1, __ATOMIC_SEQ_CST) == 0 &&
        __atomic_load_n(&parent->children_waited, __ATOMIC_SEQ_CST))
        mltp_pause_set(&parent->children_done);
    if (k->held)
        __atomic_sub_fetch(&team->held, 1, __ATOMIC_RELAXED);
    /* last: the region's end waits for this, then reuses the team */
    omprt_team_task_ended(team, k->home);
    if (ptask)
        task_unref(ptask);
    task_unref(k);
}

static void finish(struct omprt_task *k)
{
    omprt_deps_release(&k->thr);
    if (__atomic_sub_fetch(&k->pending, 1, __ATOMIC_ACQ_REL) == 0)
        complete(k);
}

/* A deferred task's thread number is that of the VP it starts on, within
   the team, and stays: tasks spread over the team's numbers as over its
   threads under libgomp, and a task running on another VP than its
   creator does not take its creator's number (per-thread data indexed by
   omp_get_thread_num() inside tasks). */
static void *task_main(void *arg)
{
    struct omprt_task *k = arg;
    int vp = mltp_vp_id();

    if (vp >= 0 && k->thr.team->nthreads > 1)
        k->thr.num = vp % k->thr.team->nthreads;
    /* a task holds its thread until it ends under libgomp: preempting it
       within a millisecond only moved a long merge off its cache */
    mltp_set_preempt_delay(MLTP_PREEMPT_LATE);
    omprt_set_self(&k->thr);
    k->fn(k->arg);
    finish(k);
    return NULL;
}

static struct omprt_task *task_new(struct omprt_thr *parent, long arg_size, long arg_align,
                                   int final)
{
    size_t align = arg_align > 0 ? (size_t)arg_align : 1, size = sizeof(struct omprt_task);
    struct omprt_task *k;
    size_t total;
    int cached = 0;

    size = (size + align - 1) & ~(align - 1);
    total = (size + (size_t)(arg_size > 0 ? arg_size : 0) + 15) & ~(size_t)15;
    k = NULL;
    if (align <= 16 && total <= TASK_CACHED_SIZE) {
        struct task_cache *c = task_cache_here();
        cached = 1;
        total = TASK_CACHED_SIZE;
        if (c && c->head) {
            k = (struct omprt_task *)c->head;
            c->head = c->head->next;
            c->n--;
        }
    }
    if (!k && !(k = aligned_alloc(align > 16 ? align : 16, total)))
        omprt_fatal("out of memory for a task");
    memset(k, 0, sizeof *k);
    k->cached = cached;
    k->thr.team = parent->team;
    k->thr.parent = parent->parent;
    k->thr.num = parent->num;
    k->thr.level = parent->level;
    k->thr.active_level = parent->active_level;
    k->thr.icv = parent->icv;
    k->thr.task = k;
    k->thr.final = final;
    k->thr.ws_count = parent->ws_count;
    omprt_task_thr_init(&k->thr);
    k->npending = 1;
    k->arg = (char *)k + size;
    k->parent = parent;
    k->group = group_of(parent);
    k->refs = 1;
    k->pending = 1;
    /* counted before it can run */
    if (parent->task)
        task_ref(parent->task);
    __atomic_add_fetch(&parent->children, 1, __ATOMIC_RELAXED);
    if (k->group)
        __atomic_add_fetch(&k->group->count, 1, __ATOMIC_RELAXED);
    k->home = mltp_vp_id();
    omprt_team_task_made(parent->team, k->home);
    return k;
}

static void task_run_here(struct omprt_thr *parent, struct omprt_task *k)
{
    omprt_set_self(&k->thr);
    k->fn(k->arg);
    omprt_set_self(parent);
    finish(k);
}

/* A task made ready by its last predecessor's end runs before those
   that were ready when made (one priority up, when it has none of its
   own): it is on the dependences' path, which sets the program's pace
   (a blocked LU at 2 threads: 0.77x libgomp's time, 1.05x without). */
static void task_launch(struct omprt_task *k)
{
    static int told;
    int priority = k->priority;
    mltp_t *u;

    if (omprt_tls_per_thread) {
        /* into this VP's deque for the team's threads, else here, in the
           thread whose task's end readied it */
        if (mltp_vp_id() >= 0) {
            if (!omprt_deque_push(k, k->parent))
                task_run_here(omprt_self(), k);
            return;
        }
        /* readied outside the VPs (omp_fulfill_event from another
           thread): a ULT, on its VP's TLS */
        if (!__atomic_exchange_n(&told, 1, __ATOMIC_RELAXED))
            fputs("mltp-omp: an explicit task runs as a ULT of its own: its threadprivate "
                  "variables are its VP's, not a team thread's (doc/openmp.md)\n", stderr);
    }

    if (priority == 0 && k->has_preds) {
        static const mltp_attr_t after = { .priority = MLTP_PRIO_DEFAULT + 1, .name = "omp task" };
        u = mltp_create_attr(&after, task_main, k);
    } else if (priority > 0 && omprt_max_task_priority > 0) {
        mltp_attr_t a;
        mltp_attr_init(&a);
        a.priority = MLTP_PRIO_DEFAULT + (priority > omprt_max_task_priority
                                              ? omprt_max_task_priority : priority) *
                                             (MLTP_PRIO_MAX - MLTP_PRIO_DEFAULT) /
                                             omprt_max_task_priority;
        u = mltp_create_attr(&a, task_main, k);
    } else {
        static const mltp_attr_t named = { .priority = MLTP_PRIO_DEFAULT, .name = "omp task" };
        u = mltp_create_attr(&named, task_main, k);
    }
    if (!u)
        omprt_fatal("no ULT for a task: %s", strerror(errno));
    mltp_detach(u);
}

/* One of k's pending counts gone (its making, or a predecessor's end):
   the last makes it ready, a deferred one as a ULT of its own, an
   undeferred one by letting its creator go on. */
static void task_pending_done(struct omprt_task *k)
{
    if (__atomic_sub_fetch(&k->npending, 1, __ATOMIC_ACQ_REL) != 0)
        return;
    if (k->undeferred) {
        /* its creator, let go, may end it and free it: not before the set
           has let go of its lock */
        task_ref(k);
        mltp_pause_set(&k->ready);
        task_unref(k);
    } else {
        task_launch(k);
    }
}

/* k, popped from a deque by the thread that waits for it: run here (its
   thread number its creator's). A task holds its thread until it ends
   under libgomp: an implicit task that runs one is preempted late
   meanwhile. A VP with nothing to run takes one as a ULT instead
   (tasks_take, then task_main). */
static void task_run_popped(struct omprt_thr *t, struct omprt_task *k)
{
    if (!t->task)
        mltp_set_preempt_delay(MLTP_PREEMPT_LATE);
    task_run_here(t, k);
    if (!t->task)
        mltp_set_preempt_delay(MLTP_PREEMPT_SOON);
}

/* With a TLS block per OpenMP thread, no task is a ULT of its own (its
   threadprivate variables are the thread's that runs it, whose block is
   in use wherever that thread runs): a thread that waits runs tasks in
   place meanwhile, its own children first, then any deque's (a child of
   it may wait in the deque of a VP it ran on before). A stolen task of
   its team takes its number. */
static int run_one_task(struct omprt_thr *t)
{
    struct omprt_task *k = omprt_deque_pop(t);

    if (!k)
        k = omprt_deque_take();
    if (!k)
        return 0;
    if (k->thr.team == t->team)
        k->thr.num = t->num;
    task_run_popped(t, k);
    return 1;
}

/* Finding none, it leaves its VP to the VP's other ULTs; after 512 such
   turns (tens of microseconds) it sleeps on MLTP's timers, 10 us
   doubling to 160 us: its VP then runs the others or parks, and fires
   due timers (ULTs that only yield to each other hold a sleeper back:
   a thread of the team in a sleep). A wait has no wake-up to lose. */
void omprt_wait_turn(struct omprt_thr *t, unsigned *idle)
{
    if (run_one_task(t)) {
        *idle = 0;
        return;
    }
    if (++*idle <= 512)
        mltp_yield();
    else
        mltp_sleep_ns(10000L << (*idle - 512 < 4 ? *idle - 512 : 4));
}

void omprt_run_tasks_while(struct omprt_thr *t, volatile long *count, long above)
{
    unsigned idle = 0;

    while (__atomic_load_n(count, __ATOMIC_ACQUIRE) > above)
        omprt_wait_turn(t, &idle);
}

static int tasks_take(void)
{
    struct omprt_task *k = omprt_deque_take();

    if (!k)
        return 0;
    task_launch(k);
    return 1;
}

void omprt_tasks_source_register(void)
{
    if (omprt_tls_per_thread)
        return;                         /* the team's threads run them */
    if (mltp_set_work_source(omprt_deque_any, tasks_take) != 0)
        omprt_fatal("mltp_set_work_source: %s", strerror(errno));
}

/* k made: it runs now (undeferred: here, once its predecessors ended) or
   is ready once they have. Ready at once, with no priority: into this
   VP's deque, where its creator's taskwait finds it, or a VP with
   nothing to run (ARCHITECTURE.md, "Task deques"); with the deque full,
   here at once. */
static void task_start(struct omprt_thr *parent, struct omprt_task *k, int undeferred,
                       int priority)
{
    k->priority = priority;
    if (!undeferred) {
        if (priority == 0 && __atomic_load_n(&k->npending, __ATOMIC_ACQUIRE) == 1) {
            k->npending = 0;            /* no predecessor left to count */
            if (omprt_deque_push(k, parent)) {
                if (!omprt_tls_per_thread)
                    mltp_work_source_ready();
                return;
            }
            task_run_here(parent, k);   /* full */
            return;
        }
        k->held = 1;
        __atomic_add_fetch(&parent->team->held, 1, __ATOMIC_RELAXED);
        task_pending_done(k);
        return;
    }
    if (__atomic_load_n(&k->npending, __ATOMIC_ACQUIRE) != 1) {
        mltp_pause_init(&k->ready);
        k->undeferred = 1;
        task_pending_done(k);
        if (omprt_tls_per_thread) {
            unsigned idle = 0;
            while (__atomic_load_n(&k->npending, __ATOMIC_ACQUIRE) != 0)
                omprt_wait_turn(parent, &idle);
        }
        mltp_pause_wait(&k->ready);     /* set at once, if not yet */
    }
    task_run_here(parent, k);
}

/* Enough tasks wait already to keep every thread busy: the next runs at
   once in its creator (as libgomp does past 64 a thread), on its stack,
   with no ULT and no stack of its own; memory stays bounded whatever the
   recursion. The count: this VP's deque's tasks and the team's held ones
   (a full deque's next runs here too). Unlike libgomp's, it includes
   tasks still waiting for predecessors: a blocked LU's creator then runs
   its tasks past the 128th in program order, the dependences' path (2
   threads: 0.99-1.00x libgomp's time; 1.03-1.07x with them left out,
   when creating its 650 tasks took 0.25 ms instead of 5.5 ms but the
   path waited behind other tasks). Neither count is written by every
   task: held by those with dependences, the deque by its own VP. */
static int throttled(const struct omprt_thr *parent)
{
    const struct omprt_team *team = parent->team;
    long limit = 64L * (team->nthreads > mltp_vp_count() ? team->nthreads : mltp_vp_count());

    return __atomic_load_n(&team->held, __ATOMIC_RELAXED) + omprt_deque_depth() > limit;
}

OMPRT_API void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                         long arg_size, long arg_align, bool if_clause, unsigned flags,
                         void **depend, int priority, void *detach)
{
    struct omprt_thr *parent = omprt_self();
    int undeferred = !if_clause || parent->final || throttled(parent);
    struct omprt_task *k;

    /* a task in a task reduction runs in its creator: copies are per
       thread, and deferred tasks of one thread number could run at once */
    if ((flags & TASK_FLAG_REDUCTION) || in_reduction_scope(parent))
        undeferred = 1;
    if (!undeferred && omprt_ensure_started() != 0)
        undeferred = 1;
    if (!undeferred)
        parent = omprt_self();
    k = task_new(parent, arg_size, arg_align, parent->final || (flags & TASK_FLAG_FINAL));
    k->fn = fn;
    if (cpyfn)
        cpyfn(k->arg, data);
    else if (arg_size > 0)
        memcpy(k->arg, data, (size_t)arg_size);
    if ((flags & TASK_FLAG_DEPEND) && depend)
        deps_add(parent, k, depend);
    if ((flags & TASK_FLAG_DETACH) && detach) {
        k->pending = 2;
        *(uintptr_t *)detach = (uintptr_t)k;
    }
    task_start(parent, k, undeferred, (flags & TASK_FLAG_PRIORITY) ? priority : 0);
}

OMPRT_API void omp_fulfill_event(uintptr_t event)
{
    struct omprt_task *k = (struct omprt_task *)event;

    if (!k)
        omprt_fatal("omp_fulfill_event: not an event");
    if (__atomic_sub_fetch(&k->pending, 1, __ATOMIC_ACQ_REL) == 0)
        complete(k);
}

/* cleared, then marked waited, before the count is read (seq_cst): the
   last child's end, which reads the mark after its decrement, sets it
   whenever the parent may wait (ARCHITECTURE.md, "Task completion"); an
   end that finds no waiter sets nothing */
OMPRT_API void GOMP_taskwait(void)
{
    struct omprt_thr *t = omprt_self();
    struct omprt_task *k;

    /* its own children first, newest first, here */
    while (__atomic_load_n(&t->children, __ATOMIC_ACQUIRE) != 0 && (k = omprt_deque_pop(t)))
        task_run_popped(t, k);
    if (omprt_tls_per_thread)
        omprt_run_tasks_while(t, &t->children, 0);
    if (__atomic_load_n(&t->children, __ATOMIC_ACQUIRE) == 0) {
        omprt_deps_release(t);
        return;
    }
    for (;;) {
        mltp_pause_clear(&t->children_done);
        __atomic_store_n(&t->children_waited, 1, __ATOMIC_SEQ_CST);
        if (__atomic_load_n(&t->children, __ATOMIC_SEQ_CST) == 0)
            break;
        mltp_pause_wait(&t->children_done);
    }
    __atomic_store_n(&t->children_waited, 0, __ATOMIC_RELAXED);
    omprt_deps_release(t);
}

/* depend on taskwait: waiting for every child is a superset */
OMPRT_API void GOMP_taskwait_depend(void **depend)
{
    (void)depend;
    GOMP_taskwait();
}

OMPRT_API void GOMP_taskyield(void)
{
    if (mltp_vp_id() >= 0)
        mltp_yield();
}

OMPRT_API void GOMP_taskgroup_start(void)
{
    struct omprt_thr *t = omprt_self();
    struct omprt_taskgroup *g = malloc(sizeof *g);

    if (!g)
        omprt_fatal("out of memory for a taskgroup");
    g->prev = t->taskgroup;
    g->count = 1;
    g->refs = 2;
    g->reductions = NULL;
    mltp_pause_init(&g->done);
    t->taskgroup = g;
}

OMPRT_API void GOMP_taskgroup_end(void)
{
    struct omprt_thr *t = omprt_self();
    struct omprt_taskgroup *g = t->taskgroup;
    struct omprt_task *k;

    if (!g)
        return;
    /* its owner's children in it first, newest first, here */
    while (__atomic_load_n(&g->count, __ATOMIC_ACQUIRE) > 1 && (k = omprt_deque_pop(t)) != NULL)
        task_run_popped(t, k);
    if (omprt_tls_per_thread)
        omprt_run_tasks_while(t, &g->count, 1);
    /* its owner's count given back: blocks until the last task's end
       (its VP runs them meanwhile), unless none is left */
    if (__atomic_sub_fetch(&g->count, 1, __ATOMIC_ACQ_REL) == 0)
        group_unref(g);         /* the end that took it to 0 */
    else
        mltp_pause_wait(&g->done);
    t->taskgroup = g->prev;
    group_unref(g);
}

/* ---- taskloop: the iterations cut into tasks; GCC's outlined function
   reads its first and last iteration from the first two words of its
   data ---- */

typedef unsigned long long ull;

static void taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                     long arg_size, long arg_align, unsigned flags, unsigned long num_tasks,
                     int priority, ull start, ull n, ull step, int is_long)
{
    struct omprt_thr *parent = omprt_self();
    ull base, extra, i, lo = start, strict_size = 0;
    int undeferred = !(flags & TASK_FLAG_IF) || parent->final;

    if (n == 0) {
        /* GCC's code then knows that no reduction was registered */
        if ((flags & (TASK_FLAG_NOGROUP | TASK_FLAG_REDUCTION)) == TASK_FLAG_REDUCTION)
            ((uintptr_t **)data)[2][2] = 0;
        return;
    }
    if (flags & TASK_FLAG_GRAINSIZE) {
        ull grain = num_tasks ? num_tasks : 1;
        if (flags & TASK_FLAG_STRICT) {
            num_tasks = (unsigned long)((n + grain - 1) / grain);
            strict_size = grain;
        } else {
            num_tasks = (unsigned long)(n / grain);
        }
        if (num_tasks < 1)
            num_tasks = 1;
    } else if (num_tasks == 0) {
        num_tasks = (unsigned long)parent->team->nthreads;
    }
    if (num_tasks > n)
        num_tasks = (unsigned long)n;
    base = n / num_tasks;
    extra = n % num_tasks;
    if (!undeferred && omprt_ensure_started() != 0)
        undeferred = 1;
    if (!(flags & TASK_FLAG_NOGROUP)) {
        GOMP_taskgroup_start();
        if (flags & TASK_FLAG_REDUCTION)
            GOMP_taskgroup_reduction_register(((uintptr_t **)data)[2]);
    }
    parent = omprt_self();
    if ((flags & TASK_FLAG_REDUCTION) || in_reduction_scope(parent))
        undeferred = 1;
    for (i = 0; i < num_tasks; i++) {
        ull count = strict_size ? (n - (lo - start) / step < strict_size
                                       ? n - (lo - start) / step : strict_size)
                                : base + (i < extra);
        ull hi = lo + count * step;
        struct omprt_task *k = task_new(parent, arg_size, arg_align,
                                        parent->final || (flags & TASK_FLAG_FINAL));
        k->fn = fn;
        if (cpyfn)
            cpyfn(k->arg, data);
        else
            memcpy(k->arg, data, (size_t)arg_size);
        if (is_long) {
            ((long *)k->arg)[0] = (long)lo;
            ((long *)k->arg)[1] = (long)hi;
        } else {
            ((ull *)k->arg)[0] = lo;
            ((ull *)k->arg)[1] = hi;
        }
        lo = hi;
        task_start(parent, k, undeferred, (flags & TASK_FLAG_PRIORITY) ? priority : 0);
    }
    if (!(flags & TASK_FLAG_NOGROUP))
        GOMP_taskgroup_end();
}

OMPRT_API void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *),
                             long arg_size, long arg_align, unsigned flags,
                             unsigned long num_tasks, int priority, long start, long end,
                             long step)
{
    ull n;

    if (step > 0)
        n = end > start ? ((ull)end - (ull)start - 1) / (ull)step + 1 : 0;
    else
        n = start > end ? ((ull)start - (ull)end - 1) / -(ull)step + 1 : 0;
    taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, (ull)start, n,
             (ull)step, 1);
}

OMPRT_API void GOMP_taskloop_ull(void (*fn)(void *), void *data,
                                 void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                                 unsigned flags, unsigned long num_tasks, int priority,
                                 ull start, ull end, ull step)
{
    ull n;

    if (flags & TASK_FLAG_UP)
        n = end > start ? (end - start - 1) / step + 1 : 0;
    else
        n = start > end ? (start - end - 1) / -step + 1 : 0;
    taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, start, n, step,
             0);
}
