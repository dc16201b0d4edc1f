/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_create.c - the life of a ULT: create + run + finish in batches,
 * create + join, the cost of a start, and the memory of an idle ULT.
 *
 * Batches (per ULT = time of the batch / batch size, the release of the
 * handles included):
 *   "from main"  create the batch in main, then mltp_start(1): includes
 *                starting and ending the VP (see the "mltp_start" rows);
 *   "in a ULT"   a ULT creates the batch and yields until all have run:
 *                no VP start, as a running program creates threads.
 * The handles are released with mltp_free(), which keeps them for the next
 * mltp_create (the documented fast path), except in the rows marked
 * ", free()": free(), as legacy programs do.
 * Cold: each batch runs in a new process, so every stack is a new mapping
 * and every descriptor new memory. Warm: the batch before left its stacks
 * (and, with mltp_free, its handles) in the caches (the library keeps at
 * most a few thousand stacks and a thousand handles per VP). */
#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench/bench.h"

static void *noop(void *p)
{
    (void)p;
    return NULL;
}

/* Cold runs happen in a new process (the row's `fresh`), with nothing
   cached. Start its VPs once first, with a ULT whose stack is of another
   size (never cached), so the batch pays for the stacks and not for the
   first start (janitor, semaphores, the VPs' TCBs). */
static void prime_vps(int nvp)
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

/* How a batch releases its handles: row->arg[3] of both batch kernels. */
enum { BY_FREE, BY_MLTP_FREE };

/* The children of a batch in a ULT count themselves done just before they
   end: on 1 VP they have ended by the time their creator runs again; on
   more VPs the last may still be on its way out. mltp_free says so (EBUSY);
   free() would release a handle the library still uses (heap corruption
   seen), so k_batch_ult refuses free() there unless it joins. */
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

/* Can this process hold `batch` ready ULTs at once? Found out in a child
   process, because a failed batch in main leaves this one unable to start
   a VP (no mapping left for its stack) with the made ULTs still queued.
   Returns 0, or the 1-based index of the mltp_create that failed and its
   errno in *err. */
static long batch_probe(long batch, int *err)
{
    static long probed_batch, probed_result;
    static int probed_err;
    int fd[2];
    pid_t pid;
    long res[2] = { 0, 0 };

    if (probed_batch == batch) {
        *err = probed_err;
        return probed_result;
    }
    if (pipe(fd) != 0)
        return 0;
    pid = fork();
    if (pid == 0) {
        close(fd[0]);
        for (long i = 0; i < batch; i++) {
            if (!mltp_create(noop, NULL)) {
                res[0] = i + 1;
                res[1] = errno;
                break;
            }
        }
        if (write(fd[1], res, sizeof res) < 0)
            _exit(1);
        _exit(0);
    }
    close(fd[1]);
    if (pid > 0) {
        if (read(fd[0], res, sizeof res) != (ssize_t)sizeof res)
            res[0] = res[1] = 0;
        waitpid(pid, NULL, 0);
    }
    close(fd[0]);
    probed_batch = batch;
    probed_result = res[0];
    probed_err = (int)res[1];
    *err = probed_err;
    return probed_result;
}

static long max_map_count(void)
{
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    long v = -1;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

/* arg[0] batch, arg[1] cold, arg[3] BY_FREE or BY_MLTP_FREE */
static void k_batch_main(const struct bench_row *row, long iters, struct bench_run *r)
{
    long batch = row->arg[0], made = 0;
    mltp_t **h = malloc(sizeof *h * batch);
    struct bench_stamp t0, t1;
    int e = 0;

    (void)iters;
    if (batch > 10000 && (made = batch_probe(batch, &e)) != 0) {
        bench_fail(r, "mltp_create fails at ULT %ld of %ld: %s (vm.max_map_count is %ld)",
                   made, batch, strerror(e), max_map_count());
        free(h);
        return;
    }
    if (row->arg[1])
        prime_vps(1);
    bench_fp_clean();
    bench_stamp(&t0);
    for (; made < batch; made++) {
        if (!(h[made] = mltp_create(noop, NULL))) {
            e = errno;
            break;
        }
    }
    mltp_start(1);
    if (made < batch) {
        /* if the start failed too, the ULTs are still queued: keep them */
        bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", made + 1, batch, strerror(e));
        return;
    }
    for (long i = 0; i < made; i++)
        release(h[i], row->arg[3]);
    bench_stamp(&t1);
    free(h);
    r->ns = t1.ns - t0.ns;
    r->cyc = t1.cyc - t0.cyc;
    r->ops = r->total_ops = (double)batch;
}

/* ---- batch in a ULT ---------------------------------------------------- */

struct master {
    long batch, made;
    long nbatch;        /* batches timed back to back */
    int join;           /* join each instead of waiting for the count */
    long release;       /* BY_FREE or BY_MLTP_FREE */
    int err;
    long done;          /* children at their end (atomic): see release() */
    mltp_t **h;
    struct bench_stamp t0, t1;
};

static void *child(void *p)
{
    __atomic_fetch_add(&((struct master *)p)->done, 1, __ATOMIC_RELAXED);
    return NULL;
}

static void *master_ult(void *p)
{
    struct master *m = p;

    bench_fp_clean();
    bench_stamp(&m->t0);
    for (long b = 0; b < m->nbatch && !m->err; b++) {
        /* the batch before has counted itself done: nobody adds any more */
        m->made = 0;
        __atomic_store_n(&m->done, 0, __ATOMIC_RELAXED);
        for (; m->made < m->batch; m->made++) {
            if (!(m->h[m->made] = mltp_create(m->join ? noop : child, m))) {
                m->err = errno;
                break;
            }
        }
        if (m->join) {
            for (long i = 0; i < m->made; i++) {
                mltp_join(m->h[i], NULL);
                release(m->h[i], m->release);
            }
        } else {
            while (__atomic_load_n(&m->done, __ATOMIC_RELAXED) < m->made)
                mltp_yield();
            for (long i = 0; i < m->made; i++)
                release(m->h[i], m->release);
        }
    }
    bench_stamp(&m->t1);
    return NULL;
}

/* arg[0] batch, arg[1] cold, arg[2] join, arg[3] BY_FREE or BY_MLTP_FREE;
   row->nvp VPs; iters batches back to back in one start (rows with
   fixed_iters 1 time one batch per repetition) */
static void k_batch_ult(const struct bench_row *row, long iters, struct bench_run *r)
{
    struct master *m;

    if (row->arg[3] == BY_FREE && !row->arg[2] && row->nvp > 1) {
        bench_fail(r, "free() of a child that may not have ended yet (see release())");
        return;
    }
    m = bench_zalloc(sizeof *m);
    m->batch = row->arg[0];
    m->nbatch = iters > 0 ? iters : 1;
    m->join = (int)row->arg[2];
    m->release = row->arg[3];
    m->h = malloc(sizeof *m->h * m->batch);
    if (row->arg[1])
        prime_vps(row->nvp);
    if (bench_mltp_run(1, row->nvp, master_ult, m, sizeof *m, r) == 0) {
        if (m->made < m->batch)
            bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s (vm.max_map_count is %ld)", m->made + 1, m->batch, strerror(m->err),
                       max_map_count());
        r->ns = m->t1.ns - m->t0.ns;
        r->cyc = m->t1.cyc - m->t0.cyc;
        r->ops = r->total_ops = (double)m->batch * (double)m->nbatch;
    }
    free(m->h);
    free(m);
}

/* ---- mltp_start with one empty ULT --------------------------------------- */

static void k_start(const struct bench_row *row, long n, struct bench_run *r)
{
    struct bench_stamp t0, t1;

    bench_stamp(&t0);
    for (long i = 0; i < n; i++) {
        mltp_t *t = mltp_create(noop, NULL);
        if (!t) {
            bench_fail(r, "mltp_create: %s", strerror(errno));
            return;
        }
        mltp_start(row->nvp);
        free(t);
    }
    bench_stamp(&t1);
    r->ns = t1.ns - t0.ns;
    r->cyc = t1.cyc - t0.cyc;
    r->ops = r->total_ops = (double)n;
}

/* ---- memory of an idle ULT -------------------------------------------------- */

/* Both memory rows run in a new process (the row's `fresh`): handles and
   stacks that earlier rows left in the caches (main's, each VP's) would be
   reused by these ULTs and not show. */

/* Sum of the sizes of all mappings but the brk heap (mallinfo2 counts
   that), and their number. */
static void maps(double *bytes, long *count)
{
    FILE *f = fopen("/proc/self/maps", "r");
    char line[512];
    unsigned long a, b;

    *bytes = 0;
    *count = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "%lx-%lx", &a, &b) == 2 && !strstr(line, "[heap]")) {
            *bytes += (double)(b - a);
            ++*count;
        }
    }
    fclose(f);
}

static double resident(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, res = 0;

    if (f) {
        if (fscanf(f, "%ld %ld", &size, &res) != 2)
            res = 0;
        fclose(f);
    }
    return (double)res * sysconf(_SC_PAGESIZE);
}

struct mem_sample {
    struct mallinfo2 heap;      /* every arena: main's and the VPs' */
    double map, rss;
    long vmas;
};

static void mem_sample(struct mem_sample *s)
{
    s->heap = mallinfo2();
    maps(&s->map, &s->vmas);
    s->rss = resident();
}

/* The row's value and info from samples before and after n ULTs were made,
   `stacked` of them holding a stack (t->private is set from the first run
   to the end): heap per ULT plus the mappings per ULT beyond their stacks
   and guard pages, what the bar counts. */
static void mem_report(struct bench_run *r, long n, long stacked, const char *state,
                       const struct mem_sample *s0, const struct mem_sample *s1)
{
    double stack = (double)mltp_get_stack_size(), page = (double)sysconf(_SC_PAGESIZE);
    double heap = ((double)s1->heap.uordblks - (double)s0->heap.uordblks +
                   (double)s1->heap.hblkhd - (double)s0->heap.hblkhd) / n;
    double map = (s1->map - s0->map) / n, rss = (s1->rss - s0->rss) / n;
    double vmas = (double)(s1->vmas - s0->vmas) / n;
    double stacks = (stack + page) * (double)stacked / n;
    double beyond = heap + (map > stacks ? map - stacks : 0);
    char has[64];

    if (stacked == n)
        snprintf(has, sizeof has, "stack + %.0f B guard", page);
    else if (stacked == 0)
        snprintf(has, sizeof has, "no stack yet");
    else
        snprintf(has, sizeof has, "%ld of them: stack + %.0f B guard", stacked, page);
    r->value = beyond;
    r->ns = 1;
    r->ops = r->total_ops = (double)n;
    snprintf(r->info, sizeof r->info,
             "%ld ULTs %s, %.0f KiB default stack: heap +%.0f B/ULT (mallinfo2), "
             "mappings +%.0f B/ULT in %.2f VMAs (%s), resident +%.0f B/ULT; beyond "
             "the stack = heap + mappings beyond stack and guard = %.0f B (bar: 256)",
             n, state, stack / 1024, heap, map, vmas, has, rss, beyond);
}

/* iters = ULTs created in main, ready, never started while measured */
static void k_memory_ready(const struct bench_row *row, long n, struct bench_run *r)
{
    mltp_t **h = malloc(sizeof *h * n);
    struct mem_sample s0, s1;
    long made = 0, stacked = 0;
    int e = 0;

    (void)row;
    mem_sample(&s0);
    for (; made < n; made++)
        if (!(h[made] = mltp_create(noop, NULL))) {
            e = errno;
            break;
        }
    mem_sample(&s1);
    for (long i = 0; i < made; i++)
        stacked += h[i]->private != NULL;
    mltp_start(1);
    for (long i = 0; i < made; i++)
        mltp_free(h[i]);
    free(h);
    if (made < n) {
        bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", made + 1, n, strerror(e));
        return;
    }
    mem_report(r, n, stacked, "ready, never run", &s0, &s1);
}

/* N ULTs that have run and now wait on a condition queue, measured by the
   ULT that made them once all of them are blocked. */
struct blocked_set {
    long n, made, blocked;
    int released, err;
    mltp_lock_t lock;
    mltp_cond_t wake;           /* the N wait here */
    mltp_cond_t all_blocked;    /* their maker waits here */
    mltp_t **h;
    long stacked;
    struct mem_sample s0, s1;
};

static void *blocked_ult(void *p)
{
    struct blocked_set *b = p;

    mltp_lock(&b->lock);
    b->blocked++;
    mltp_cond_signal(&b->all_blocked);
    while (!b->released)
        mltp_cond_wait_lock(&b->wake, &b->lock);
    mltp_unlock(&b->lock);
    return NULL;
}

static void *blocked_maker(void *p)
{
    struct blocked_set *b = p;
    struct mem_sample settle;

    /* This VP's first malloc (fopen's) makes its arena, a 64 MiB mapping:
       not the ULTs' memory. */
    mem_sample(&settle);
    mem_sample(&b->s0);
    for (; b->made < b->n; b->made++) {
        if (!(b->h[b->made] = mltp_create(blocked_ult, b))) {
            b->err = errno;
            break;
        }
    }
    /* the count goes up under the lock that mltp_cond_wait_lock releases
       once the ULT is queued: all counted = all blocked */
    mltp_lock(&b->lock);
    while (b->blocked < b->made)
        mltp_cond_wait_lock(&b->all_blocked, &b->lock);
    mltp_unlock(&b->lock);
    mem_sample(&b->s1);
    for (long i = 0; i < b->made; i++)
        b->stacked += b->h[i]->private != NULL;
    mltp_lock(&b->lock);
    b->released = 1;
    mltp_cond_broadcast(&b->wake);
    mltp_unlock(&b->lock);
    for (long i = 0; i < b->made; i++) {
        mltp_join(b->h[i], NULL);
        mltp_free(b->h[i]);
    }
    return NULL;
}

/* iters = ULTs that have run and are blocked while measured; row->nvp VPs */
static void k_memory_blocked(const struct bench_row *row, long n, struct bench_run *r)
{
    struct blocked_set *b = bench_zalloc(sizeof *b);

    b->n = n;
    b->h = malloc(sizeof *b->h * n);
    mltp_lock_init(&b->lock, MLTP_LOCK_SPIN);
    mltp_cond_init(&b->wake);
    mltp_cond_init(&b->all_blocked);
    if (bench_mltp_run(1, row->nvp, blocked_maker, b, sizeof *b, r) == 0) {
        if (b->made < n)
            bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", b->made + 1, n,
                       strerror(b->err));
        else
            mem_report(r, n, b->stacked, "blocked after running", &b->s0, &b->s1);
    }
    free(b->h);
    free(b);
}

/* ---- registration ---------------------------------------------------------- */

static void k_na(const struct bench_row *row, long n, struct bench_run *r)
{
    (void)row;
    (void)n;
    (void)r;
}

void ops_create_register(void)
{
    int big_reps = bench_full ? 5 : 3;

    bench_add(&(struct bench_row){
        .op = "mltp_start, 1 empty ULT", .variant = "MLTP 1 VP", .fn = k_start, .nvp = 1,
        .cpus = 1, .note = "start and end of the VPs: part of every 'from main' batch" });
    bench_add(&(struct bench_row){
        .op = "mltp_start, 1 empty ULT", .variant = "MLTP 2 VPs", .fn = k_start, .nvp = 2 });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 1 VP warm, mltp_free",
        .fn = k_batch_ult, .arg = { 1000, 0, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = bench_full ? 101 : 51,
        .note = "a ULT creates the batch, yields until all have ended, then mltp_free()s "
                "the handles (rows without ', free()' all release with mltp_free); no join: "
                "issue 3's creation bar is on create+join, the unit peers report",
        .plot = { { "vps", "create+run+finish 1000 warm", 1 } } });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 1 VP warm, free()",
        .fn = k_batch_ult, .arg = { 1000, 0, 0, BY_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = bench_full ? 101 : 51,
        .note = "the same, the handles released with free() as legacy programs do "
                "(each next mltp_create mallocs)" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 1 VP cold", .fn = k_batch_ult,
        .arg = { 1000, 1, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .fresh = 1, .reps = bench_full ? 101 : 51, .warmup = -1,
        .note = "cold: each batch in a new process (nothing cached), after one start of "
                "the VPs" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 2 VPs warm", .fn = k_batch_ult,
        .arg = { 1000, 0, 0, BY_MLTP_FREE }, .nvp = 2,
        .note = "batches of 1000 back to back in one start, as many as fill a repetition "
                "(one batch alone: p10..p90 spread 2-4x)",
        .plot = { { "vps", "create+run+finish 1000 warm", 2 } } });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 from main / 1 VP warm, mltp_free",
        .fn = k_batch_main, .arg = { 1000, 0, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = bench_full ? 101 : 51,
        .note = "create the batch in main, then mltp_start(1), then mltp_free() the "
                "handles: VP start and end included" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 from main / 1 VP warm, free()",
        .fn = k_batch_main, .arg = { 1000, 0, 0, BY_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = bench_full ? 101 : 51,
        .note = "the same, the handles released with free()" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 from main / 1 VP cold", .fn = k_batch_main,
        .arg = { 1000, 1, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .fresh = 1, .reps = bench_full ? 101 : 51, .warmup = -1 });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 in a ULT / 1 VP warm", .fn = k_batch_ult,
        .arg = { 100000, 0, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = big_reps });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 in a ULT / 1 VP cold", .fn = k_batch_ult,
        .arg = { 100000, 1, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = big_reps, .warmup = -1, .fresh = 1 });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 from main / 1 VP warm",
        .fn = k_batch_main, .arg = { 100000, 0, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = big_reps });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 from main / 1 VP cold",
        .fn = k_batch_main, .arg = { 100000, 1, 0, BY_MLTP_FREE }, .nvp = 1, .cpus = 1,
        .fixed_iters = 1, .reps = big_reps, .warmup = -1, .fresh = 1 });
    bench_add(&(struct bench_row){
        .op = "create+join", .variant = "1000 in a ULT / 1 VP", .fn = k_batch_ult,
        .arg = { 1000, 0, 1, BY_MLTP_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = bench_full ? 101 : 51, .target = 60,
        .note = "a ULT creates 1000, then mltp_join()s and mltp_free()s each: issue 3's "
                "creation bar (create + run + finish, with a join as the peers' figures)" });
    bench_add(&(struct bench_row){
        .op = "create+join", .variant = "1000 in a ULT / 1 VP, free()", .fn = k_batch_ult,
        .arg = { 1000, 0, 1, BY_FREE }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = bench_full ? 101 : 51,
        .note = "the same, each handle released with free()" });
    bench_add(&(struct bench_row){
        .op = "create+join", .variant = "1000 in a ULT / 2 VPs", .fn = k_batch_ult,
        .arg = { 1000, 0, 1, BY_MLTP_FREE }, .nvp = 2, .target = 70,
        .note = "the same across 2 VPs (the other VP steals and runs children): the bar is "
                "2x the floor, a ULT's descriptor moving to the other CPU and back (2 x 34 ns "
                "on the reference machine)" });
    bench_add(&(struct bench_row){
        .op = "re-init a finished ULT", .variant = "MLTP", .fn = k_na,
        .na = "no re-init call in the API; mltp_free() recycles descriptors and ended "
              "stacks are cached per VP (UthLib's recycling: see the mltp_free rows)" });
}

/* Last in the table. Each run in a new process, with nothing cached. */
void ops_memory_register(void)
{
    bench_add(&(struct bench_row){
        .op = "memory per idle ULT", .variant = "MLTP ready not started", .fn = k_memory_ready,
        .fixed_iters = 10000, .reps = 3, .warmup = -1, .fresh = 1, .unit = "B", .target = 256,
        .note = "created in main, never run: a stack of the default size is only taken "
                "at the first run" });
    bench_add(&(struct bench_row){
        .op = "memory per idle ULT", .variant = "MLTP blocked after running",
        .fn = k_memory_blocked, .nvp = 1, .cpus = 1, .fixed_iters = 10000, .reps = 3,
        .warmup = -1, .fresh = 1, .unit = "B", .target = 256,
        .note = "a ULT creates them; each runs, then waits in mltp_cond_wait_lock; "
                "measured by their creator once all are blocked" });
}
