/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/rt.h - GCC's OpenMP ABI on MLTP: what the omp/ files share.
 *
 * Every OpenMP thread of a team is a ULT: thread 0 is the encountering
 * thread itself, threads 1..n-1 are ULTs made for the region, which end
 * at its closing barrier. A nested region does the same on the same VPs,
 * so nesting never makes a kernel-level thread. An explicit task runs in
 * place in the thread that waits for it, or as a ULT of its own
 * (omp/task.c). Each ULT finds its OpenMP state (omprt_thr) through the last word
 * of its private area (mltp_get_private()); the thread that is not in
 * MLTP (main before the first region, or another pthread) has the
 * initial thread's. Only the public mltp.h API is used. */
#ifndef OMP_RT_H
#define OMP_RT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <omp.h>
#include <mltp.h>
#include "omp/abi.h"

#ifndef OMPRT_API
#define OMPRT_API __attribute__((visibility("default")))
#endif

/* Schedule kinds as GCC passes them and omp_sched_t numbers them. */
enum {
    OMPRT_SCHED_RUNTIME = 0,
    OMPRT_SCHED_STATIC = 1,
    OMPRT_SCHED_DYNAMIC = 2,
    OMPRT_SCHED_GUIDED = 3,
    OMPRT_SCHED_AUTO = 4,
    OMPRT_SCHED_STEAL = 5,      /* nonmonotonic dynamic: ranges, stolen */
    OMPRT_SCHED_MONOTONIC = (int)0x80000000u
};

/* Internal control variables of one data environment. */
struct omprt_icv {
    int nthreads;           /* nthreads-var for the next region */
    int run_sched;          /* run-sched-var kind (OMPRT_SCHED_*) */
    long run_chunk;
    int dyn;
    int max_active_levels;
    int bind;               /* bind-var: accepted, VPs are not bound per thread */
};

/* One slot of a team's ring of work shares: a loop, sections or a single
   with copyprivate. Threads may be up to OMPRT_WS_RING constructs apart
   (nowait). Its fields are written by the thread that sets it up, before
   it publishes `ready`. */
#define OMPRT_WS_RING 8
struct omprt_ws {
    /* claimed by the first thread at construct `claim`; ready once set up */
    volatile long claim;
    volatile long ready;
    volatile long free_for;     /* the construct allowed to set up next */
    volatile int left;          /* threads done with the current construct */
    int sched;                  /* OMPRT_SCHED_STATIC/DYNAMIC/GUIDED */
    int ordered;
    unsigned long long start, incr;  /* iteration i is start + i * incr */
    unsigned long long n;       /* iterations */
    unsigned long long end;     /* the loop's bound: the last chunk's end */
    unsigned long long chunk;
    /* dynamic and guided: the next iteration, on a line of its own */
    /* pad0: the counter shares the line of the loop it hands out, as
       its readers need both */
    volatile unsigned long long next;
    char pad1[64 - sizeof(unsigned long long)];
    volatile unsigned long long ordered_next;  /* whose turn in `ordered` */
    void *copyprivate;
    void *mem;                  /* GCC's per-construct memory (lastprivate
                                   conditional, scan) */
    size_t mem_size;
};

struct omprt_thr;

struct omprt_range {
    volatile unsigned long long lo_hi;  /* hi << 32 | lo, chunk numbers */
    char pad[64 - sizeof(unsigned long long)];
};

struct omprt_vp_tasks {
    volatile long n;
    char pad[64 - sizeof(long)];
};

struct omprt_team {
    mltp_barrier_t barrier;
    int nthreads;
    int level, active_level;
    void (*fn)(void *);
    void *data;
    volatile unsigned long single_count;   /* singles claimed so far */
    /* explicit tasks not yet ended, counted in two levels so that a
       task's making and end write a line of their VP's: vp_tasks[v]
       counts those made on VP v (its first makes tasks 1 more, its last
       end 1 less), tasks counts those VPs, and the tasks made where
       vp_tasks has no entry. held: those not in a deque (waiting for
       predecessors, or with a priority), for the throttle. A line of
       their own, with the waiters' count. */
    volatile long tasks __attribute__((aligned(64)));
    volatile long held;
    struct omprt_vp_tasks *vp_tasks;
    int vp_cap;
    /* members waiting for tasks to end block here (omprt_wait_team_tasks):
       made once with the team, kept while it is reused */
    volatile int task_waiters;
    mltp_lock_t task_lock;
    mltp_cond_t tasks_done;
    /* with a TLS block per thread, the barrier whose waiters run tasks:
       arrivals of this episode, and the episode (omprt_barrier) */
    volatile long arrived __attribute__((aligned(64)));
    volatile unsigned long episode;
    /* constructs met in its earlier regions; a line away from tasks */
    long ws_base __attribute__((aligned(64)));
    struct omprt_thr *thr;      /* nthreads of them */
    /* nonmonotonic dynamic loops: per work share, per member, a line
       holding the member's range of chunks {lo, hi} (made on first use) */
    struct omprt_range *ranges;
    int capacity;
    struct omprt_team *next_free;
    struct omprt_ws ws[OMPRT_WS_RING];
};

struct omprt_taskgroup;
struct omprt_task;

/* An OpenMP thread's view: its team and place in it, the task it runs
   (implicit or explicit) and that task's data environment. */
struct omprt_thr {
    struct omprt_team *team;
    struct omprt_thr *parent;   /* the encountering thread's state */
    int num;                    /* omp_get_thread_num() */
    int level, active_level;
    long ws_count;              /* work-sharing constructs met in the team */
    unsigned long single_count;
    struct omprt_ws *ws;        /* the current one */
    unsigned long long static_trip;
    unsigned long long ord_lo, ord_hi;  /* the chunk this thread holds */
    int has_chunk;
    struct omprt_icv icv;
    /* tasks */
    struct omprt_task *task;    /* the explicit task run, NULL if implicit */
    volatile long children;     /* its child tasks not yet ended */
    volatile int children_waited;  /* it waits in a taskwait */
    mltp_pause_t children_done;
    struct omprt_taskgroup *taskgroup;
    struct omprt_depmap *deps;  /* its children's dependences */
    int final;                  /* in a final task */
    mltp_tls_block_t *tls_block;    /* borrowed for the region, if any */
};

extern struct omprt_icv omprt_global_icv;
extern int omprt_thread_limit;
extern int omprt_max_task_priority;
extern size_t omprt_stack_size;
extern int omprt_wait_active;

/* The calling thread's state (never NULL). */
struct omprt_thr *omprt_self(void);
void omprt_set_self(struct omprt_thr *t);
/* Make sure MLTP runs (the first region makes main a ULT). 0 when ULTs
   can be made here; -1 when this thread must run its regions alone. */
int omprt_ensure_started(void);
void omprt_env_init(void);
/* MLTP's preemption of ULTs in the program's own code, once
   (omp/preempt.c) */
void omprt_preempt_setup(void);
void omprt_env_display(void);   /* OMP_DISPLAY_ENV=true */
/* Each OpenMP thread on a TLS block of its own (omp/team.c); then the
   team's threads run every task, in place, while they wait: one turn of
   a wait (a task, or a yield or a sleep; idle 0 at the wait's start),
   and a wait while *count > above (omp/task.c) */
extern int omprt_tls_per_thread;
void omprt_wait_turn(struct omprt_thr *t, unsigned *idle);
void omprt_run_tasks_while(struct omprt_thr *t, volatile long *count, long above);
/* nthreads-var for the members of a region at `level` (OMP_NUM_THREADS'
   list), else the encountering thread's */
int omprt_nthreads_at(int level, int fallback);

/* barrier of the caller's team, tasks included */
void omprt_barrier(struct omprt_thr *t);
void omprt_wait_team_tasks(struct omprt_team *team);
void omprt_team_tasks_init(struct omprt_team *team);
/* a task made on VP home (-1: outside VPs), or ended */
void omprt_team_task_made(struct omprt_team *team, int home);
void omprt_team_task_ended(struct omprt_team *team, int home);
/* work shares */
void omprt_ws_team_init(struct omprt_team *team);
struct omprt_ws *omprt_ws_enter(struct omprt_thr *t, int *first);
void omprt_ws_publish(struct omprt_thr *t, struct omprt_ws *ws);
void omprt_ws_leave(struct omprt_thr *t);
void omprt_loop_init(struct omprt_ws *ws, int sched, int ordered, int up,
                     unsigned long long start, unsigned long long end,
                     unsigned long long incr, unsigned long long chunk,
                     int nthreads);
/* A parallel region, for GOMP_parallel and its loop, sections and
   reductions forms: prepare(team, arg) runs before the members start and
   returns 1 when it set up the team's first work share. Returns the
   team's size. */
int omprt_parallel(void (*fn)(void *), void *data, unsigned nthreads,
                   int (*prepare)(struct omprt_team *, const void *), const void *arg);
void omprt_task_thr_init(struct omprt_thr *t);
/* omp/task.c: the deques' tasks offered to idle VPs (mltp_set_work_source) */
void omprt_tasks_source_register(void);
/* omp/deque.c: each VP's ready tasks. push: 0 if full (or outside a VP);
   pop: the caller's VP's newest, if parent (NULL: anyone) made it; take:
   that, else another VP's oldest; any: whether any VP has one (racy);
   depth: how many the caller's VP has. */
int omprt_deque_push(struct omprt_task *k, const struct omprt_thr *parent);
struct omprt_task *omprt_deque_pop(const struct omprt_thr *parent);
struct omprt_task *omprt_deque_take(void);
int omprt_deque_any(void);
long omprt_deque_depth(void);
void omprt_deps_release(struct omprt_thr *t);

/* One line on stderr, then exit status 1: a construct we do not run. */
void omprt_unsupported(const char *what) __attribute__((noreturn));
void omprt_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

static inline void omprt_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif /* OMP_RT_H */
