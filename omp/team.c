/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/team.c - parallel regions: a team is its encountering thread plus
 * one new ULT per other member, on the VPs that already run; the region
 * ends with the team's barrier, after which the new ULTs end and the
 * encountering thread waits for the team's tasks. Teams are kept on a
 * free list, never freed: a member leaving the closing barrier may still
 * read it while the next region's team starts a new episode of it. */
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "omp/rt.h"

static struct omprt_team initial_team;
static struct omprt_thr initial_thr;
static int initial_ready;
static mltp_t *main_share;          /* main as a ULT, once we began */
static int began;
/* a pthread outside MLTP that meets OpenMP: its own state, alone */
static __thread struct omprt_thr *outside_self __attribute__((tls_model("initial-exec")));

#define SLOT(p) ((struct omprt_thr **)((char *)(p) + MLTP_PRIVATE_SIZE - sizeof(void *)))

void omprt_fatal(const char *fmt, ...)
{
    va_list ap;
    fputs("mltp-omp: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void omprt_unsupported(const char *what)
{
    omprt_fatal("%s is not supported by MLTP's OpenMP runtime (doc/openmp.md)", what);
}

static void thr_init(struct omprt_thr *t, struct omprt_team *team, struct omprt_thr *parent,
                     int num, const struct omprt_icv *icv)
{
    t->team = team;
    t->parent = parent;
    t->num = num;
    t->level = team->level;
    t->active_level = team->active_level;
    t->ws_count = team->ws_base;
    t->single_count = 0;
    t->ws = NULL;
    t->static_trip = 0;
    t->has_chunk = 0;
    t->icv = *icv;
    t->task = NULL;
    t->children = 0;
    t->taskgroup = NULL;
    t->deps = NULL;
    t->final = 0;
    t->tls_block = NULL;
    omprt_task_thr_init(t);
}

static void initial_init(void)
{
    if (initial_ready)
        return;
    omprt_env_init();
    initial_team.nthreads = 1;
    initial_team.thr = &initial_thr;
    initial_team.capacity = 1;
    mltp_barrier_init(&initial_team.barrier);
    omprt_team_tasks_init(&initial_team);
    omprt_ws_team_init(&initial_team);
    thr_init(&initial_thr, &initial_team, NULL, 0, &omprt_global_icv);
    initial_ready = 1;
    omprt_env_display();
}

__attribute__((constructor)) static void omprt_load(void)
{
    initial_init();
}

/* another pthread's state: its own team of one, freed when it ends */
struct outside {
    struct omprt_team team;
    struct omprt_thr thr;
};
static pthread_key_t outside_key;
static pthread_once_t outside_once = PTHREAD_ONCE_INIT;

static void outside_free(void *p)
{
    outside_self = NULL;
    free(p);
}

static void outside_key_make(void)
{
    if (pthread_key_create(&outside_key, outside_free) != 0)
        omprt_fatal("no thread-specific key for a thread's OpenMP state");
}

static struct omprt_thr *outside_state(void)
{
    struct omprt_thr *t = outside_self;
    struct outside *o;

    if (t)
        return t;
    if (syscall(SYS_gettid) == getpid())
        return outside_self = &initial_thr;
    pthread_once(&outside_once, outside_key_make);
    o = calloc(1, sizeof *o);
    if (!o)
        omprt_fatal("out of memory for a thread's OpenMP state");
    o->team.nthreads = 1;
    o->team.thr = &o->thr;
    o->team.capacity = 1;
    mltp_barrier_init(&o->team.barrier);
    omprt_ws_team_init(&o->team);
    thr_init(&o->thr, &o->team, NULL, 0, &omprt_global_icv);
    pthread_setspecific(outside_key, o);
    return outside_self = &o->thr;
}

struct omprt_thr *omprt_self(void)
{
    void *p = mltp_get_private();

    if (__builtin_expect(p != NULL, 1)) {
        struct omprt_thr *t = *SLOT(p);
        return t ? t : &initial_thr;
    }
    return outside_state();
}

void omprt_set_self(struct omprt_thr *t)
{
    void *p = mltp_get_private();

    if (p)
        *SLOT(p) = t == &initial_thr ? NULL : t;
    else
        outside_self = t;
}

/* exit() from main's share: end the start first, so that the program's
   other exit handlers and stdio's flush run on main's own thread. From
   anywhere else (a team member, main inside a region) MLTP's own exit
   path ends the program. */
static void at_exit(void)
{
    if (!began || mltp_self() != main_share || omprt_self() != &initial_thr)
        return;
    omprt_wait_team_tasks(&initial_team);
    began = 0;
    if (mltp_end() != 0)
        perror("mltp-omp: mltp_end");
}

/* ---- thread-local variables ----
   GCC makes threadprivate variables __thread ones. In a program (or a
   library it loaded) with thread-local storage, each OpenMP thread runs
   on a TLS block of its own: main's share on the main thread's, so that
   the initial thread's copies are main's; thread i of a team that main's
   share starts outside any active region borrows block i, kept across
   regions, so that its copies keep their values from one region to the
   next; threads of nested teams get new blocks. The team's threads then
   run every task (omp/task.c), which so sees the copies of the thread
   that runs it. */

int omprt_tls_per_thread;
static mltp_tls_block_t **kept_blocks;  /* by thread number; main's share's */
static int nkept;
static int kept_in_use;                 /* by a region of main's share */

static int object_has_tls(struct dl_phdr_info *info, size_t size, void *found)
{
    const char *name = info->dlpi_name;
    int i;

    (void)size;
    /* the C library, the compiler's and the system's: made for VPs' TLS */
    if (name && name[0] && (!strncmp(name, "/lib", 4) || !strncmp(name, "/usr/lib", 8) ||
                            strstr(name, "linux-vdso") || strstr(name, "libmltp")))
        return 0;
    for (i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS && info->dlpi_phdr[i].p_memsz) {
            *(const char **)found = name && name[0] ? name : "the program";
            return 1;
        }
    return 0;
}

/* Before the first mltp_begin: the objects loaded then, or
   MLTP_OMP_TLS=own */
static void tls_setup(void)
{
    const char *found = NULL, *why, *setting = getenv("MLTP_OMP_TLS");

    if (setting && strcmp(setting, "own") == 0)
        found = "MLTP_OMP_TLS=own";
    else
        dl_iterate_phdr(object_has_tls, &found);
    if (!found)
        return;
    if (!(why = mltp_tls_why()) && mltp_set_main_tls(MLTP_TLS_ULT) == 0) {
        omprt_tls_per_thread = 1;
        return;
    }
    if (!setting || strcmp(setting, "shared"))
        fprintf(stderr, "mltp-omp: %s has thread-local variables (threadprivate?), but OpenMP "
                "threads cannot have their own here (%s): threads on one VP share them "
                "(doc/openmp.md; MLTP_OMP_TLS=shared: no message)\n", found,
                why ? why : "no block for main");
}

/* Block i of main's share's teams, made once */
static mltp_tls_block_t *kept_block(int i)
{
    if (i >= nkept) {
        int n = i + 1 > 2 * nkept ? i + 1 : 2 * nkept;
        mltp_tls_block_t **b = realloc(kept_blocks, (size_t)n * sizeof *b);
        if (!b)
            omprt_fatal("out of memory for OpenMP threads' TLS blocks");
        memset(b + nkept, 0, (size_t)(n - nkept) * sizeof *b);
        kept_blocks = b;
        nkept = n;
    }
    if (!kept_blocks[i] && !(kept_blocks[i] = mltp_tls_block_create()))
        omprt_fatal("no TLS block for OpenMP thread %d: %s", i, strerror(errno));
    return kept_blocks[i];
}

/* OMP_STACKSIZE, else MLTP_STACK_SIZE, else what libgomp's threads get:
   POSIX threads' default (the stack rlimit, 8 MiB most often). Only the
   pages a thread touches are ever committed. */
static void set_stack_size(void)
{
    size_t size = omprt_stack_size;
    pthread_attr_t a;

    if (!size && getenv("MLTP_STACK_SIZE"))
        return;
    if (!size && pthread_attr_init(&a) == 0) {
        if (pthread_attr_getstacksize(&a, &size) != 0)
            size = 0;
        pthread_attr_destroy(&a);
    }
    if (size && mltp_set_stack_size(size) != 0)
        omprt_fatal("a stack of %zu bytes is outside MLTP's stack sizes (OMP_STACKSIZE)", size);
}

int omprt_ensure_started(void)
{
    static int warned;
    int nvp;

    if (mltp_vp_id() >= 0)
        return 0;
    if (syscall(SYS_gettid) != getpid()) {
        if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
            fputs("mltp-omp: OpenMP from a thread other than main runs its regions with one "
                  "thread (doc/openmp.md)\n", stderr);
        return -1;
    }
    nvp = mltp_vps_default();
    set_stack_size();
    if (!began)
        tls_setup();
    if (mltp_begin(nvp) != 0) {
        perror("mltp-omp: mltp_begin (regions run with one thread)");
        return -1;
    }
    main_share = mltp_self();
    omprt_preempt_setup();
    if (!began) {
        static int registered;
        began = 1;
        omprt_tasks_source_register();
        if (!registered && atexit(at_exit) == 0)
            registered = 1;
    }
    return 0;
}

/* ---- the free list of teams ---- */

static struct omprt_team *free_teams;
static volatile int free_lock;

static void free_lock_take(void)
{
    while (__atomic_exchange_n(&free_lock, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(&free_lock, __ATOMIC_RELAXED))
            omprt_pause();
}

static struct omprt_team *team_get(int n)
{
    struct omprt_team **p, *team;

    free_lock_take();
    for (p = &free_teams; *p; p = &(*p)->next_free)
        if ((*p)->capacity >= n)
            break;
    team = *p;
    if (team)
        *p = team->next_free;
    __atomic_store_n(&free_lock, 0, __ATOMIC_RELEASE);
    if (team)
        return team;
    team = aligned_alloc(64, (sizeof *team + 63) & ~(size_t)63);
    if (!team)
        omprt_fatal("out of memory for a team of %d threads", n);
    memset(team, 0, sizeof *team);
    team->thr = calloc((size_t)n, sizeof *team->thr);
    if (!team->thr)
        omprt_fatal("out of memory for a team of %d threads", n);
    team->capacity = n;
    mltp_barrier_init(&team->barrier);
    omprt_team_tasks_init(team);
    omprt_ws_team_init(team);
    return team;
}

/* an entry of vp_tasks per VP of this start (a team is reused across
   starts); none is counted between regions */
static void team_vp_tasks_fit(struct omprt_team *team)
{
    int n = mltp_vp_count();

    if (n <= team->vp_cap)
        return;
    free(team->vp_tasks);
    team->vp_tasks = aligned_alloc(64, (size_t)n * sizeof *team->vp_tasks);
    if (!team->vp_tasks)
        omprt_fatal("out of memory for a team's task counts");
    memset(team->vp_tasks, 0, (size_t)n * sizeof *team->vp_tasks);
    team->vp_cap = n;
}

static void team_put(struct omprt_team *team)
{
    free_lock_take();
    team->next_free = free_teams;
    free_teams = team;
    __atomic_store_n(&free_lock, 0, __ATOMIC_RELEASE);
}

/* ---- barriers ---- */

void omprt_team_tasks_init(struct omprt_team *team)
{
    mltp_lock_init(&team->task_lock, MLTP_LOCK_MUTEX);
    mltp_cond_init(&team->tasks_done);
}

/* A waiter blocks, so that its VP runs the tasks (no polling). Its count
   before its look at the tasks, the last task's end before its look at
   the waiters (both seq_cst): one of the two sees the other, and the
   broadcast, under the lock, cannot fall between a waiter's look and its
   wait. The team is never freed, only reused: a late broadcast is safe. */
void omprt_wait_team_tasks(struct omprt_team *team)
{
    if (__atomic_load_n(&team->tasks, __ATOMIC_ACQUIRE) == 0)
        return;
    if (omprt_tls_per_thread) {
        omprt_run_tasks_while(omprt_self(), &team->tasks, 0);
        return;
    }
    __atomic_add_fetch(&team->task_waiters, 1, __ATOMIC_SEQ_CST);
    mltp_lock(&team->task_lock);
    while (__atomic_load_n(&team->tasks, __ATOMIC_SEQ_CST) != 0)
        mltp_cond_wait_lock(&team->tasks_done, &team->task_lock);
    mltp_unlock(&team->task_lock);
    __atomic_sub_fetch(&team->task_waiters, 1, __ATOMIC_RELAXED);
}

/* The first task counted on VP home counts the VP in tasks, the last
   to end takes it out: tasks is 0 once every task has ended. A VP's
   count may reach 0 and rise again before the first end writes tasks,
   which then reads 0 between: only while every task has ended, or while
   a task that made one runs (it keeps its own VP's count above 0, or is
   an implicit task, which the waiters wait for at the barrier first). */
void omprt_team_task_made(struct omprt_team *team, int home)
{
    if (home >= 0 && home < team->vp_cap &&
        __atomic_fetch_add(&team->vp_tasks[home].n, 1, __ATOMIC_ACQ_REL) != 0)
        return;
    __atomic_add_fetch(&team->tasks, 1, __ATOMIC_RELEASE);
}

/* A task of the team ended: the last one wakes the waiters. */
void omprt_team_task_ended(struct omprt_team *team, int home)
{
    if (home >= 0 && home < team->vp_cap &&
        __atomic_sub_fetch(&team->vp_tasks[home].n, 1, __ATOMIC_ACQ_REL) != 0)
        return;
    if (__atomic_sub_fetch(&team->tasks, 1, __ATOMIC_SEQ_CST) == 0 &&
        __atomic_load_n(&team->task_waiters, __ATOMIC_SEQ_CST) != 0) {
        mltp_lock(&team->task_lock);
        mltp_cond_broadcast(&team->tasks_done);
        mltp_unlock(&team->task_lock);
    }
}

/* A thread reaches the barrier of an episode only once every thread has
   left the last: the last to arrive resets the count before it starts
   the next episode (release), which the waiters read (acquire; see
   litmus "Task barrier"). Lines written: the count's by each arrival,
   the episode's by the last. */
static void task_barrier(struct omprt_thr *t, struct omprt_team *team)
{
    unsigned long episode = __atomic_load_n(&team->episode, __ATOMIC_ACQUIRE);
    unsigned idle = 0;

    if (__atomic_add_fetch(&team->arrived, 1, __ATOMIC_ACQ_REL) == team->nthreads) {
        __atomic_store_n(&team->arrived, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&team->episode, episode + 1, __ATOMIC_RELEASE);
        return;
    }
    while (__atomic_load_n(&team->episode, __ATOMIC_ACQUIRE) == episode)
        omprt_wait_turn(t, &idle);
}

/* GOMP_barrier: every member arrives, then every task of the team ends.
   With a TLS block per thread the waiting members run the tasks. */
void omprt_barrier(struct omprt_thr *t)
{
    struct omprt_team *team = t->team;

    if (team->nthreads > 1) {
        if (omprt_tls_per_thread)
            task_barrier(t, team);
        else
            mltp_barrier(&team->barrier, team->nthreads);
    }
    omprt_wait_team_tasks(team);
}

/* ---- regions ---- */

static void *member_main(void *arg)
{
    struct omprt_thr *t = arg;
    struct omprt_team *team = t->team;

    if (t->tls_block && mltp_tls_block_borrow(t->tls_block) != 0)
        omprt_fatal("thread %d cannot borrow its TLS block", t->num);
    omprt_set_self(t);
    team->fn(team->data);
    omprt_deps_release(t);
    /* the team's tasks run in its threads: a barrier that runs them */
    if (omprt_tls_per_thread)
        omprt_barrier(t);
    /* given back before the barrier: the next region's thread may take
       it once the encountering thread has passed it */
    if (t->tls_block)
        mltp_tls_block_return();
    /* the closing barrier; nothing of the team is read after it */
    mltp_barrier(&team->barrier, team->nthreads);
    return NULL;
}

/* OMP_THREAD_LIMIT counts every thread of the program at once (the
   initial thread included), as libgomp does: the threads other teams
   hold now. Counted only when a limit was set. */
static volatile long threads_busy = 1;

static int team_size(const struct omprt_thr *outer, unsigned requested)
{
    long n = requested ? (long)requested : outer->icv.nthreads, busy, want;

    if (outer->active_level >= outer->icv.max_active_levels || n <= 1)
        return 1;
    if (omprt_thread_limit == INT_MAX)
        return n > INT_MAX ? INT_MAX : (int)n;
    busy = __atomic_load_n(&threads_busy, __ATOMIC_RELAXED);
    do {
        /* the encountering thread is counted already */
        want = n - 1 > omprt_thread_limit - busy ? omprt_thread_limit - busy : n - 1;
        if (want <= 0)
            return 1;
    } while (!__atomic_compare_exchange_n(&threads_busy, &busy, busy + want, 1,
                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return (int)want + 1;
}

static void team_size_release(int n)
{
    if (omprt_thread_limit != INT_MAX && n > 1)
        __atomic_sub_fetch(&threads_busy, n - 1, __ATOMIC_RELAXED);
}

int omprt_parallel(void (*fn)(void *), void *data, unsigned requested,
                   int (*prepare)(struct omprt_team *, const void *), const void *arg)
{
    struct omprt_thr *outer = omprt_self();
    struct omprt_team *team;
    struct omprt_icv icv = outer->icv;
    int n = team_size(outer, requested), i, kept;

    if (n > 1 && omprt_ensure_started() != 0) {
        team_size_release(n);
        n = 1;
    }
    if (n > 1)
        outer = omprt_self();   /* main is a ULT now */
    team = team_get(n);
    team->nthreads = n;
    team->level = outer->level + 1;
    team->active_level = outer->active_level + (n > 1);
    team->fn = fn;
    team->data = data;
    team->single_count = 0;
    team->tasks = 0;
    team->held = 0;
    team_vp_tasks_fit(team);
    icv.nthreads = omprt_nthreads_at(team->level, outer->icv.nthreads);
    for (i = 0; i < n; i++)
        thr_init(&team->thr[i], team, outer, i, &icv);
    if (prepare && prepare(team, arg)) {
        for (i = 0; i < n; i++) {
            team->thr[i].ws_count = team->ws_base + 1;
            team->thr[i].ws = &team->ws[team->ws_base % OMPRT_WS_RING];
        }
    }
    /* threads whose copies persist: of a team main's share starts outside
       any active region, unless its region runs in another's wait (main's
       share ran a task there that starts it) */
    kept = omprt_tls_per_thread && outer->active_level == 0 && mltp_self() == main_share &&
           !kept_in_use;
    kept_in_use |= kept;
    for (i = 1; i < n; i++) {
        /* named for crash messages: ULT 66 "omp thread 2" */
        char name[32];
        mltp_attr_t a;
        mltp_t *u;
        mltp_attr_init(&a);
        snprintf(name, sizeof name, "omp thread %d", i);
        a.name = name;
        if (kept) {
            team->thr[i].tls_block = kept_block(i);
            mltp_attr_settls(&a, MLTP_TLS_VP);
        } else if (omprt_tls_per_thread) {
            mltp_attr_settls(&a, MLTP_TLS_ULT);
        }
        u = mltp_create_attr(&a, member_main, &team->thr[i]);
        if (!u)
            omprt_fatal("no ULT for thread %d of a team of %d: %s", i, n, strerror(errno));
        mltp_detach(u);
    }
    omprt_set_self(&team->thr[0]);
    fn(data);
    omprt_deps_release(&team->thr[0]);
    if (n > 1 && omprt_tls_per_thread)
        omprt_barrier(&team->thr[0]);
    if (n > 1)
        mltp_barrier(&team->barrier, n);
    omprt_wait_team_tasks(team);
    if (kept)
        kept_in_use = 0;
    team->ws_base = team->thr[0].ws_count;
    omprt_set_self(outer);
    team_put(team);
    team_size_release(n);
    return n;
}

OMPRT_API void GOMP_parallel(void (*fn)(void *), void *data, unsigned num_threads,
                             unsigned flags)
{
    (void)flags;    /* proc_bind: accepted; VPs are placed, threads move */
    omprt_parallel(fn, data, num_threads, NULL, NULL);
}

/* The split form of old GCCs: GOMP_parallel_start ... GOMP_parallel_end
   around the encountering thread's call of fn. */
OMPRT_API void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned num_threads)
{
    (void)fn, (void)data, (void)num_threads;
    omprt_unsupported("GOMP_parallel_start (code from GCC before 4.9)");
}

OMPRT_API void GOMP_parallel_end(void)
{
    omprt_unsupported("GOMP_parallel_end (code from GCC before 4.9)");
}

OMPRT_API void GOMP_barrier(void)
{
    omprt_barrier(omprt_self());
}

OMPRT_API bool GOMP_barrier_cancel(void)
{
    omprt_barrier(omprt_self());
    return false;
}

/* ---- the queries that need the team ---- */

OMPRT_API int omp_get_thread_num(void)
{
    return omprt_self()->num;
}

OMPRT_API int omp_get_num_threads(void)
{
    return omprt_self()->team->nthreads;
}

OMPRT_API int omp_in_parallel(void)
{
    return omprt_self()->active_level > 0;
}

OMPRT_API int omp_get_level(void)
{
    return omprt_self()->level;
}

OMPRT_API int omp_get_active_level(void)
{
    return omprt_self()->active_level;
}

static const struct omprt_thr *ancestor(int level)
{
    const struct omprt_thr *t = omprt_self();

    if (level < 0 || level > t->level)
        return NULL;
    while (t && t->level > level)
        t = t->parent;
    return t;
}

OMPRT_API int omp_get_ancestor_thread_num(int level)
{
    const struct omprt_thr *t = ancestor(level);
    return t ? t->num : -1;
}

OMPRT_API int omp_get_team_size(int level)
{
    const struct omprt_thr *t = ancestor(level);
    return t ? t->team->nthreads : -1;
}
