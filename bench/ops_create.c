/* bench/ops_create.c - the life of a ULT: create + run + finish in batches,
 * create + join, the cost of a start, and the memory of an idle ULT.
 *
 * Batches (per ULT = time of the batch / batch size, free() of the handles
 * included):
 *   "from main"  create the batch in main, then mltp_start(1): includes
 *                starting and ending the VP (see the "mltp_start" rows);
 *   "in a ULT"   a ULT creates the batch and yields until all have run:
 *                no VP start, as a running program creates threads.
 * Cold: each batch runs in a new process, so every stack is a new mapping
 * and every descriptor new memory. Warm: the batch before left its stacks
 * in the caches (the library keeps at most a few thousand). */
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

/* Empty the shared stack cache (the VPs' own caches stay). */
static void flush_stack_cache(void)
{
    mltp_set_stack_size(mltp_get_stack_size());
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

/* arg[0] batch, arg[1] cold */
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
        free(h[i]);
    bench_stamp(&t1);
    free(h);
    r->ns = t1.ns - t0.ns;
    r->cyc = t1.cyc - t0.cyc;
    r->ops = r->total_ops = (double)batch;
}

/* ---- batch in a ULT ---------------------------------------------------- */

struct master {
    long batch, made;
    int join;           /* join each instead of waiting for the count */
    int err;
    long done;          /* children ended (atomic) */
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
    for (; m->made < m->batch; m->made++) {
        if (!(m->h[m->made] = mltp_create(m->join ? noop : child, m))) {
            m->err = errno;
            break;
        }
    }
    if (m->join) {
        for (long i = 0; i < m->made; i++) {
            mltp_join(m->h[i], NULL);
            free(m->h[i]);
        }
    } else {
        while (__atomic_load_n(&m->done, __ATOMIC_RELAXED) < m->made)
            mltp_yield();
        for (long i = 0; i < m->made; i++)
            free(m->h[i]);
    }
    bench_stamp(&m->t1);
    return NULL;
}

/* arg[0] batch, arg[1] cold, arg[2] join; row->nvp VPs */
static void k_batch_ult(const struct bench_row *row, long iters, struct bench_run *r)
{
    struct master *m = bench_zalloc(sizeof *m);

    (void)iters;
    m->batch = row->arg[0];
    m->join = (int)row->arg[2];
    m->h = malloc(sizeof *m->h * m->batch);
    if (row->arg[1])
        prime_vps(row->nvp);
    if (bench_mltp_run(1, row->nvp, master_ult, m, sizeof *m, r) == 0) {
        if (m->made < m->batch)
            bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s (vm.max_map_count is %ld)", m->made + 1, m->batch, strerror(m->err),
                       max_map_count());
        r->ns = m->t1.ns - m->t0.ns;
        r->cyc = m->t1.cyc - m->t0.cyc;
        r->ops = r->total_ops = (double)m->batch;
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

/* iters = ULTs created, ready, never started while measured */
static void k_memory(const struct bench_row *row, long n, struct bench_run *r)
{
    mltp_t **h = malloc(sizeof *h * n);
    struct mallinfo2 m0, m1;
    double map0, map1, rss0, rss1;
    long vma0, vma1, made = 0;
    int e = 0;
    double stack = (double)mltp_get_stack_size(), page = (double)sysconf(_SC_PAGESIZE);

    (void)row;
    flush_stack_cache();
    m0 = mallinfo2();
    maps(&map0, &vma0);
    rss0 = resident();
    for (; made < n; made++)
        if (!(h[made] = mltp_create(noop, NULL))) {
            e = errno;
            break;
        }
    m1 = mallinfo2();
    maps(&map1, &vma1);
    rss1 = resident();
    mltp_start(1);
    for (long i = 0; i < made; i++)
        free(h[i]);
    free(h);
    if (made < n) {
        bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", made + 1, n, strerror(e));
        return;
    }
    double heap = (double)(m1.uordblks - m0.uordblks + m1.hblkhd - m0.hblkhd) / n;
    double map = (map1 - map0) / n, rss = (rss1 - rss0) / n;
    double vmas = (double)(vma1 - vma0) / n;
    double beyond = heap + (map > stack + page ? map - stack - page : 0);
    r->value = beyond;
    r->ns = 1;
    r->ops = r->total_ops = (double)n;
    snprintf(r->info, sizeof r->info,
             "%ld ready ULTs, %.0f KiB default stack: heap +%.0f B/ULT (mallinfo2), "
             "mappings +%.0f B/ULT in %.2f VMAs (stack + %.0f B guard), resident +%.0f "
             "B/ULT; beyond the stack = heap + mapping beyond stack and guard = %.0f B "
             "(bar: 256)",
             n, stack / 1024, heap, map, vmas, page, rss, beyond);
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
        .op = "create+run+finish", .variant = "1000 in a ULT / 1 VP warm", .fn = k_batch_ult,
        .arg = { 1000, 0, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .target = 60,
        .reps = bench_full ? 101 : 51,
        .note = "a ULT creates the batch and yields until all have ended",
        .plot = { { "vps", "create+run+finish 1000 warm", 1 } } });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 1 VP cold", .fn = k_batch_ult,
        .arg = { 1000, 1, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .fresh = 1,
        .reps = bench_full ? 101 : 51, .warmup = -1,
        .note = "cold: each batch in a new process (nothing cached), after one start of "
                "the VPs" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 in a ULT / 2 VPs warm", .fn = k_batch_ult,
        .arg = { 1000, 0, 0 }, .nvp = 2, .fixed_iters = 1, .reps = bench_full ? 101 : 51,
        .plot = { { "vps", "create+run+finish 1000 warm", 2 } } });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 from main / 1 VP warm", .fn = k_batch_main,
        .arg = { 1000, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .target = 60,
        .reps = bench_full ? 101 : 51,
        .note = "create the batch in main, then mltp_start(1): VP start and end included" });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "1000 from main / 1 VP cold", .fn = k_batch_main,
        .arg = { 1000, 1 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .fresh = 1,
        .reps = bench_full ? 101 : 51, .warmup = -1 });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 in a ULT / 1 VP warm", .fn = k_batch_ult,
        .arg = { 100000, 0, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .reps = big_reps });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 in a ULT / 1 VP cold", .fn = k_batch_ult,
        .arg = { 100000, 1, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1, .reps = big_reps,
        .warmup = -1, .fresh = 1 });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 from main / 1 VP warm",
        .fn = k_batch_main, .arg = { 100000, 0 }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = big_reps });
    bench_add(&(struct bench_row){
        .op = "create+run+finish", .variant = "100000 from main / 1 VP cold",
        .fn = k_batch_main, .arg = { 100000, 1 }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = big_reps, .warmup = -1, .fresh = 1 });
    bench_add(&(struct bench_row){
        .op = "create+join", .variant = "1000 in a ULT / 1 VP", .fn = k_batch_ult,
        .arg = { 1000, 0, 1 }, .nvp = 1, .cpus = 1, .fixed_iters = 1,
        .reps = bench_full ? 101 : 51,
        .note = "a ULT creates 1000, then mltp_join()s and frees each" });
    bench_add(&(struct bench_row){
        .op = "re-init a finished ULT", .variant = "MLTP", .fn = k_na,
        .na = "no re-init call in the API (finished stacks are cached and reused instead)" });
}

/* Last in the table: thousands of live stacks stay cached afterwards. */
void ops_memory_register(void)
{
    bench_add(&(struct bench_row){
        .op = "memory per idle ULT", .variant = "MLTP ready not started", .fn = k_memory,
        .fixed_iters = 10000, .reps = 3, .warmup = -1, .unit = "B", .target = 256 });
}
