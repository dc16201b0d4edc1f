/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_create.c - the life of a ULT: a start, create + run + finish in
 * batches, create + join, and the memory of an idle ULT; and the kernel's
 * pthread_create + pthread_join for comparison (doc/benchmarks.md says
 * what each row times). Cold rows run each batch in a new process, so
 * every stack is a new mapping and every descriptor new memory; warm ones
 * find the stacks (and, with mltp_free, the handles) of the batch before. */
#include <errno.h>
#include <malloc.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/bench.h"

static void *noop(void *p)
{
    (void)p;
    return NULL;
}

static void noop_work(int id, void *p)
{
    (void)id;
    (void)p;
}

/* n ULTs running f(arg) into h, with a TLS block each if tls; how many
   were made (*err: errno if not all). */
static long make_tls(mltp_t **h, long n, mltp_userf_t *f, void *arg, int tls, int *err)
{
    mltp_attr_t a;

    mltp_attr_init(&a);
    if (tls && (*err = mltp_attr_settls(&a, MLTP_TLS_ULT)) != 0)
        return 0;
    for (long i = 0; i < n; i++)
        if (!(h[i] = tls ? mltp_create_attr(&a, f, arg) : mltp_create(f, arg))) {
            *err = errno;
            return i;
        }
    return n;
}

static long make(mltp_t **h, long n, mltp_userf_t *f, void *arg, int *err)
{
    for (long i = 0; i < n; i++)
        if (!(h[i] = mltp_create(f, arg))) {
            *err = errno;
            return i;
        }
    return n;
}

static void made_fail(struct bench_run *r, long made, long n, int err)
{
    bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", made + 1, n, strerror(err));
}

/* ---- a start with one empty worker: mltp_start, or pthread_create + join */

/* arg[0] back end; row->nvp VPs */
static void k_start(const struct bench_row *row, long n, struct bench_run *r)
{
    double t0 = bench_now();

    for (long i = 0; i < n && !r->err[0]; i++)
        bench_par(r, (enum par_backend)row->arg[0], 1, row->nvp, noop_work, NULL);
    r->ns = bench_now() - t0;
    r->ops = r->total_ops = (double)n;
}

void bench_prime_vps(int nvp)
{
    mltp_attr_t a;
    mltp_t *t;

    mltp_attr_init(&a);
    a.stacksize = MLTP_STACK_MIN;
    if (a.stacksize == mltp_get_stack_size())
        a.stacksize *= 2;
    if ((t = mltp_create_attr(&a, noop, NULL)) != NULL) {
        mltp_start(nvp);
        free(t);
    }
}

/* How a batch releases its handles: row->arg[3]. */
enum { BY_FREE, BY_MLTP_FREE };

/* The children of a batch in a ULT count themselves done just before they
   end: on 1 VP they have ended by the time their creator runs again; on
   more VPs the last may still be on its way out. mltp_free says so (EBUSY);
   free() would release a handle the library still uses, so k_batch_ult
   refuses free() there unless it joins. */
static void release(mltp_t *t, long how)
{
    if (how == BY_FREE) {
        free(t);
        return;
    }
    while (mltp_free(t) == EBUSY)
        mltp_yield();
}

/* ---- batch from main, then mltp_start --------------------------------- */

/* arg[0] batch, arg[1] cold, arg[3] BY_FREE or BY_MLTP_FREE */
static void k_batch_main(const struct bench_row *row, long iters, struct bench_run *r)
{
    long batch = row->arg[0], made;
    mltp_t **h = malloc(sizeof *h * (size_t)batch);
    double t0;
    int e = 0;

    (void)iters;
    if (row->arg[1])
        bench_prime_vps(1);
    bench_fp_clean();
    t0 = bench_now();
    made = make(h, batch, noop, NULL, &e);
    mltp_start(1);
    if (made < batch) {
        /* if the start failed too, the ULTs are still queued: keep them */
        made_fail(r, made, batch, e);
        return;
    }
    for (long i = 0; i < made; i++)
        release(h[i], row->arg[3]);
    r->ns = bench_now() - t0;
    free(h);
    r->ops = r->total_ops = (double)batch;
}

/* ---- batch in a ULT ---------------------------------------------------- */

struct master {
    long batch, made;
    long nbatch;        /* batches timed back to back */
    int join;           /* join each instead of waiting for the count */
    int tls;            /* each child with a TLS block of its own */
    long release;       /* BY_FREE or BY_MLTP_FREE */
    int err, join_err, vp, late;
    int drivers, *arrived;  /* masters in the run, and how many have started */
    long done;          /* children at their end (atomic): see release() */
    mltp_t **h;
    double t0, t1;
} __attribute__((aligned(64)));

static void *child(void *p)
{
    __atomic_fetch_add(&((struct master *)p)->done, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void master_ult(int id, void *p)
{
    struct master *m = (struct master *)p + id;

    bench_fp_clean();
    /* several: each holds its VP until all have one, giving the CPU away
       now and then (with more VPs than CPUs the others need it to start);
       one queued behind it may never get a VP: after 10 s the row fails */
    m->vp = mltp_vp_id();
    m->t0 = bench_now();
    __atomic_add_fetch(m->arrived, 1, __ATOMIC_ACQ_REL);
    for (unsigned int s = 1; __atomic_load_n(m->arrived, __ATOMIC_ACQUIRE) < m->drivers; s++)
        if ((s & 0x3ff) == 0 && (sched_yield(), bench_now() - m->t0 > 10e9)) {
            m->late = 1;
            break;
        }
    m->t0 = bench_now();
    for (long b = 0; b < m->nbatch && !m->err; b++) {
        /* the batch before has counted itself done: nobody adds any more */
        __atomic_store_n(&m->done, 0, __ATOMIC_RELAXED);
        m->made = make_tls(m->h, m->batch, m->join ? noop : child, m, m->tls, &m->err);
        while (!m->join && __atomic_load_n(&m->done, __ATOMIC_RELAXED) < m->made)
            mltp_yield();
        for (long i = 0; i < m->made; i++) {
            int e = m->join ? mltp_join(m->h[i], NULL) : 0;
            if (e)
                m->join_err = e;
            release(m->h[i], m->release);
        }
    }
    m->t1 = bench_now();
}

/* arg[0] batch, arg[1] cold, arg[2] join, arg[3] BY_FREE or BY_MLTP_FREE,
   arg[4] children with TLS blocks of their own; row->workers masters (at least 1, each on a VP of its own) on row->nvp
   VPs; iters batches back to back in one start (rows with fixed_iters 1
   time one batch per repetition) */
static void k_batch_ult(const struct bench_row *row, long iters, struct bench_run *r)
{
    int w = row->workers > 1 ? row->workers : 1, arrived = 0;
    struct master *m;
    double t0 = INFINITY, t1 = 0;

    if (row->arg[3] == BY_FREE && !row->arg[2] && row->nvp > 1) {
        bench_fail(r, "free() of a child that may not have ended yet (see release())");
        return;
    }
    m = bench_zalloc(sizeof *m * (size_t)w);
    for (int k = 0; k < w; k++) {
        m[k].batch = row->arg[0];
        m[k].nbatch = iters > 0 ? iters : 1;
        m[k].join = (int)row->arg[2];
        m[k].release = row->arg[3];
        m[k].tls = (int)row->arg[4];
        m[k].drivers = w;
        m[k].arrived = &arrived;
        m[k].h = malloc(sizeof *m->h * (size_t)m->batch);
    }
    if (row->arg[1])
        bench_prime_vps(row->nvp);
    /* made before the start, not by a driver ULT (bench_par with --scale):
       a master queued behind a spinning one on a VP would wait there, as a
       parked VP is not woken while as many VPs as CPUs are busy */
    if (par_run(&(struct par_config){ .backend = PAR_MLTP, .workers = w, .vps = row->nvp },
                master_ult, m) != 0)
        bench_fail(r, "par_run (MLTP, %d masters, %d VPs) failed", w, row->nvp);
    else {
        for (int k = 0; k < w; k++) {
            if (m[k].made < m[k].batch)
                made_fail(r, m[k].made, m[k].batch, m[k].err);
            if (m[k].join_err)
                bench_fail(r, "mltp_join: %s", strerror(m[k].join_err));
            if (m[k].late)
                bench_fail(r, "not all %d masters started within 10 s", w);
            for (int j = 0; j < k; j++)
                if (m[j].vp == m[k].vp)
                    bench_fail(r, "masters %d and %d ran on the same VP %d", j, k, m[k].vp);
            t0 = fmin(t0, m[k].t0);
            t1 = fmax(t1, m[k].t1);
        }
        r->ns = t1 - t0;
        r->ops = r->total_ops = (double)m->batch * (double)m->nbatch * w;
    }
    for (int k = 0; k < w; k++)
        free(m[k].h);
    free(m);
}

/* ---- callgrind: create + run + finish + mltp_free, in batches of 1000 --- */

static long cg_n;

static void cg_driver(int id, void *p)
{
    struct master *m = p;

    (void)id;
    for (long done = 0; done < cg_n; done += m->batch) {
        __atomic_store_n(&m->done, 0, __ATOMIC_RELAXED);
        m->made = make(m->h, m->batch, child, m, &m->err);
        while (__atomic_load_n(&m->done, __ATOMIC_RELAXED) < m->made)
            mltp_yield();
        for (long i = 0; i < m->made; i++)
            release(m->h[i], BY_MLTP_FREE);
    }
    bench_callgrind_mark();
}

/* 1 VP, n ULTs (a multiple of 1000) */
int ops_create_callgrind(long n)
{
    struct master *m = bench_zalloc(sizeof *m);
    struct bench_run r = { 0 };
    int e;

    m->batch = 1000;
    m->h = malloc(sizeof *m->h * (size_t)m->batch);
    cg_n = n;
    e = bench_par(&r, PAR_MLTP, 1, 1, cg_driver, m);
    if (e || m->err)
        fprintf(stderr, "mltp_bench: %s\n", e ? r.err : strerror(m->err));
    free(m->h);
    free(m);
    return e || m->err ? 1 : 0;
}

/* ---- memory of an idle ULT -------------------------------------------------- */

/* Both memory rows run in a new process (the row's `fresh`): handles and
   stacks that earlier rows left in the caches would be reused by these
   ULTs and not show. */

struct mem_sample {
    struct mallinfo2 heap;      /* every arena: main's and the VPs' */
    double map, rss;            /* mappings but the brk heap; resident */
    long vmas;
};

static void mem_sample(struct mem_sample *s)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    unsigned long a, b;

    s->heap = mallinfo2();
    s->map = 0;
    s->vmas = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lx-%lx", &a, &b) == 2 && !strstr(line, "[heap]")) {
            s->map += (double)(b - a);
            s->vmas++;
        }
    }
    if (f)
        fclose(f);
    s->rss = bench_resident_bytes();
}

/* N ULTs, measured once made: ready in main, never run, or (made by a ULT)
   blocked on a condition queue after running. */
struct idle_set {
    long n, made, blocked, stacked;
    int released, err;
    mltp_lock_t lock;
    mltp_cond_t wake;           /* the blocked ones wait here */
    mltp_cond_t all_blocked;    /* their maker waits here */
    mltp_t **h;
    struct mem_sample s0, s1;
};

static void *blocked_ult(void *p)
{
    struct idle_set *b = p;

    mltp_lock(&b->lock);
    b->blocked++;
    mltp_cond_signal(&b->all_blocked);
    while (!b->released)
        mltp_cond_wait_lock(&b->wake, &b->lock);
    mltp_unlock(&b->lock);
    return NULL;
}

/* The samples around making b->n ULTs running f, and how many of them
   hold a stack (t->private is set from the first run to the end). */
static void idle_make(struct idle_set *b, mltp_userf_t *f)
{
    struct mem_sample settle;

    /* a VP's first malloc (fopen's) makes its arena, a 64 MiB mapping: not
       the ULTs' memory */
    mem_sample(&settle);
    mem_sample(&b->s0);
    b->made = make(b->h, b->n, f, b, &b->err);
    /* the count goes up under the lock that mltp_cond_wait_lock releases
       once the ULT is queued: all counted = all blocked */
    if (f == blocked_ult) {
        mltp_lock(&b->lock);
        while (b->blocked < b->made)
            mltp_cond_wait_lock(&b->all_blocked, &b->lock);
        mltp_unlock(&b->lock);
    }
    mem_sample(&b->s1);
    for (long i = 0; i < b->made; i++)
        b->stacked += b->h[i]->private != NULL;
}

static void blocked_maker(int id, void *p)
{
    struct idle_set *b = p;

    (void)id;
    idle_make(b, blocked_ult);
    mltp_lock(&b->lock);
    b->released = 1;
    mltp_cond_broadcast(&b->wake);
    mltp_unlock(&b->lock);
    for (long i = 0; i < b->made; i++)
        mltp_join(b->h[i], NULL);
}

/* arg[0]: 0 ready (made in main), 1 blocked (row->nvp VPs); iters ULTs.
   The value: resident memory per ULT, what the bar counts (a ready one
   has its descriptor; a blocked one also the pages of its stack it
   touched). Mappings (address space: stacks, guards, the chunks they
   come in) are in the note. */
static void k_memory(const struct bench_row *row, long n, struct bench_run *r)
{
    struct idle_set *b = bench_zalloc(sizeof *b);
    const struct mem_sample *s0 = &b->s0, *s1 = &b->s1;
    double stack = (double)mltp_get_stack_size();

    b->n = n;
    b->h = malloc(sizeof *b->h * (size_t)n);
    mltp_lock_init(&b->lock, MLTP_LOCK_SPIN);
    mltp_cond_init(&b->wake);
    mltp_cond_init(&b->all_blocked);
    if (row->arg[0]) {
        bench_par(r, PAR_MLTP, 1, row->nvp, blocked_maker, b);
    } else {
        idle_make(b, noop);
        mltp_start(1);
    }
    for (long i = 0; i < b->made; i++)
        mltp_free(b->h[i]);
    if (!r->err[0] && b->made < n)
        made_fail(r, b->made, n, b->err);
    if (!r->err[0]) {
        double heap = ((double)s1->heap.uordblks - (double)s0->heap.uordblks +
                       (double)s1->heap.hblkhd - (double)s0->heap.hblkhd) / (double)n;
        double map = (s1->map - s0->map) / (double)n, rss = (s1->rss - s0->rss) / (double)n;
        r->value = rss;
        r->ns = 1;
        r->ops = r->total_ops = (double)n;
        snprintf(r->info, sizeof r->info,
                 "%ld ULTs %s (%ld with a stack of %.0f KiB): resident +%.0f B/ULT, of which "
                 "heap +%.0f B/ULT (mallinfo2); address space +%.0f B/ULT in %+ld VMAs",
                 n, row->arg[0] ? "blocked after running" : "ready, never run", b->stacked,
                 stack / 1024, rss, heap, map, s1->vmas - s0->vmas);
    }
    free(b->h);
    free(b);
}

/* ---- registration ---------------------------------------------------------- */

void ops_create_register(void)
{
    /* A batch row's parameters are read from its name, so that the two
       cannot disagree: the batch size, "from main", "cold", "free()",
       "2 VPs", "own TLS"; "plot": a point on the VPs plot. */
    static const char *const b[][3] = {
        { "create+run+finish", "1000 in a ULT / 1 VP warm, mltp_free", "plot" },
        { "create+run+finish", "1000 in a ULT / 1 VP warm, free()" },
        { "create+run+finish", "1000 in a ULT / 1 VP warm, mltp_free, own TLS" },
        { "create+run+finish", "1000 in a ULT / 1 VP cold" },
        { "create+run+finish", "1000 in a ULT / 2 VPs warm", "plot" },
        { "create+run+finish", "1000 from main / 1 VP warm, mltp_free" },
        { "create+run+finish", "1000 from main / 1 VP warm, free()" },
        { "create+run+finish", "1000 from main / 1 VP cold" },
        { "create+run+finish", "100000 in a ULT / 1 VP warm" },
        { "create+run+finish", "100000 in a ULT / 1 VP cold" },
        { "create+run+finish", "100000 from main / 1 VP warm" },
        { "create+run+finish", "100000 from main / 1 VP cold" },
        { "create+join", "1000 in a ULT / 1 VP" },
        { "create+join", "1000 in a ULT / 1 VP, free()" },
        { "create+join", "1000 in a ULT / 2 VPs" },
    };

    if (bench_scale) {
        bench_add_scale(&(struct bench_row){
            .op = "create+join (1 driver)", .fn = k_batch_ult,
            .arg = { 1000, 0, 1, BY_MLTP_FREE },
            .note = "ns per ULT (batches of 1000 created, then joined and mltp_freed); if it "
                    "scales: about 1 (the others steal children)" });
        bench_add_scale(&(struct bench_row){
            .op = "create+join (nvp drivers)", .fn = k_batch_ult,
            .arg = { 1000, 0, 1, BY_MLTP_FREE }, .workers = 1,
            .note = "the same by one driver per VP, ns per ULT over all drivers; if it "
                    "scales: 1/min(nvp, C)" });
        return;
    }
    for (int v = 1; v <= 2; v++)
        bench_add(&(struct bench_row){
            .op = "mltp_start, 1 empty ULT", .variant = v == 1 ? "MLTP 1 VP" : "MLTP 2 VPs",
            .fn = k_start, .arg = { PAR_MLTP }, .nvp = v, .cpus = v == 1 });
    for (int v = 1; v <= 2; v++)
        bench_add(&(struct bench_row){
            .op = "kernel: thread create+join",
            .variant = v == 1 ? "pthread / 1 CPU" : "pthread / 2 CPUs", .fn = k_start,
            .arg = { PAR_PTHREADS }, .cpus = v == 1, .fresh = 1 });
    /* On 1 VP each repetition times one batch; on 2 VPs batches follow each
       other in one start for a calibrated run (one batch alone there varies
       2-4x). Cold: each batch in a new process. */
    for (size_t i = 0; i < sizeof b / sizeof b[0]; i++) {
        const char *v = b[i][1];
        long size = atol(v);
        int cold = strstr(v, "cold") != NULL, nvp = strstr(v, "2 VPs") ? 2 : 1;
        bench_add(&(struct bench_row){
            .op = b[i][0], .variant = v, .fn = strstr(v, "from main") ? k_batch_main : k_batch_ult,
            .arg = { size, cold, !strcmp(b[i][0], "create+join"),
                     strstr(v, "free()") ? BY_FREE : BY_MLTP_FREE,
                     strstr(v, "own TLS") != NULL },
            .nvp = nvp, .cpus = nvp == 1, .fixed_iters = nvp == 1, .fresh = cold,
            .warmup = cold ? -1 : 0,
            .reps = nvp > 1 ? 0 : size > 1000 ? (bench_full ? 5 : 3) : bench_full ? 101 : 51,
            .plot = { { b[i][2] ? "vps" : NULL, "create+run+finish 1000 warm", nvp } } });
    }
}

/* Last in the table. Each run in a new process, with nothing cached. */
void ops_memory_register(void)
{
    for (int blocked = 0; blocked < 2; blocked++)
        bench_add(&(struct bench_row){
            .op = "memory per idle ULT",
            .variant = blocked ? "MLTP blocked after running" : "MLTP ready not started",
            .fn = k_memory, .arg = { blocked }, .nvp = blocked, .cpus = blocked,
            .fixed_iters = 10000, .reps = 3, .warmup = -1, .fresh = 1, .unit = "B" });
}
