/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/vp.h - the process layer: processes made with clone() that share the
 * program's memory (VPs and bound threads), their glibc TCBs, watching
 * them end, the reaper, ending the program, signals and crashes, fork(),
 * and the SysV semaphore sets the library owns. It knows nothing of ULTs,
 * run queues or locks: what a VP runs is a function the scheduler gives
 * it (ARCHITECTURE.md, "Layers"). */
#ifndef VP_VP_H
#define VP_VP_H

#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/types.h>
#include "base/log.h"
#include "base/spin.h"
#include "base/tls.h"
#include "mltp.h"

/* A glibc thread control block borrowed from a pthread that has exited
   with a raw SYS_exit (vp/tcb.c); a VP or bound thread runs on it. */
struct vp_tcb {
    char *tcb;              /* pthread_t of the dead helper: CLONE_SETTLS
                               on x86-64, where it is the thread pointer */
#if defined(__aarch64__)
    char *tp;               /* its tpidr_el0 (TLS variant I: the TCB's end,
                               not pthread_self()): CLONE_SETTLS */
#endif
    pthread_t pt;
    void *stack_top;        /* the helper's unused stack */
    void *robust;
    size_t robust_len;
};

int vp_tcb_borrow(struct vp_tcb *t, size_t stack_size);
/* Its thread pointer: CLONE_SETTLS's. x86-64 (TLS variant II): the TCB
   itself, pthread_self(). aarch64 (variant I): tpidr_el0 points past
   struct pthread, at the dtv pointer; glibc's private layout decides
   where, so the helper reads it rather than we compute it. */
#if defined(__aarch64__)
#define VP_TCB_TP(t) ((t)->tp)
#else
#define VP_TCB_TP(t) ((t)->tcb)
#endif
/* pthread_create(pt, a, fn, arg), every signal blocked in the new thread,
   on a stack of stack_size (0: glibc's default) plus the program's static
   TLS, which glibc puts at the stack's top: what the thread runs on is
   stack_size whatever the TLS (a 256 KiB stack was refused outright,
   EINVAL, with 1 MiB of __thread data). Where glibc does not say its TLS
   size (a static program), a refused size is doubled until one is taken.
   0 or an errno value. */
int vp_pthread_create(pthread_t *pt, pthread_attr_t *a, size_t stack_size,
                      void *(*fn)(void *), void *arg);
void vp_tcb_adopt(struct vp_tcb *t);          /* in the new process */
void vp_tcb_release(struct vp_tcb *t);        /* once its process is gone */
void vp_tcb_scrub_keys(void);                 /* before giving it back */
volatile pid_t *vp_tcb_tid(struct vp_tcb *t); /* cleared by the kernel at exit */
pid_t vp_clone(int (*fn)(void *), struct vp_tcb *t, void *arg, int extra_flags);
void vp_thread_exit(int status) __attribute__((noreturn));
void vp_group_exit(int status) __attribute__((noreturn));

/* ---- VPs: places and the tasks that hold them ------------------------ */

enum vp_state { VP_RUNNING, VP_DONE, VP_STOPPED };

struct vp;

/* A task: a process made with clone() that shares the program's memory
   and runs a VP's loop, the place it holds (ARCHITECTURE.md, "Places and
   tasks"). Its records are kept for the program's life (vp/task.c): a
   later start reuses their TCBs and alternate stacks. */
struct vp_task {
    volatile pid_t pid;
    volatile int state;         /* enum vp_state */
    volatile int fault_sig;     /* recorded by the fault handler */
    void *volatile fault_addr;
    void *volatile fault_sp;    /* the stack pointer at the fault */
    struct vp_tcb tcb;
    void *altstack;
    void *stack_bottom;         /* its first stack (the borrowed thread's) */
    size_t stack_size;
    struct vp *place;           /* the VP it holds, or NULL: a spare */
    int index;                  /* its record's number */
    void (*spare_run)(struct vp_task *t);  /* a spare's (vp_spare_spawn) */
    void *given;                /* the scheduler's: what a spare is given (uatomic) */
    /* the scheduler's timer aimed at this task (sched/preempt.c): here,
       not in TLS, which a ULT with a TLS block of its own replaces */
    struct {
        int made, armed, quiet;
        int id;                 /* the kernel's timer id */
        unsigned long switches; /* its VP's at the last tick */
    } tick;
};

/* A VP: a place where ULTs run. The scheduler embeds it, first, in its
   own per-VP record (sched/sched.h) and finds that record from it. */
typedef struct vp {
    int id;
    int cpu;                    /* the CPU it is pinned to, or -1 (vp_run
                                   sets it; the task unsets it if it fails) */
    struct vp_task *task;       /* the task that holds it */
} vp_t;

/* What a VP runs once its process is set up; when it returns, the VP
   ends normally. */
typedef void vp_main_t(vp_t *vp);

struct vp_global {
    int nvp;                    /* VPs of the current or last start */
    vp_t *const *vps;           /* the scheduler's, for this start */
    struct vp_task *const *tasks;   /* this start's, ntasks of them */
    int ntasks;                 /* uatomic: spares add to it */
    sigset_t task_mask;         /* the program's, as the start began: a
                                   spare the reaper makes takes it */
    volatile int running;       /* a start runs (the reaper reaps) */
    pid_t exit_pid;             /* uatomic: whose exit() is in progress */
    volatile int exit_status;
    pid_t reaper;
    pid_t main_pid;             /* the process that set the library up */
    int ncpus;
    int pin;                    /* MLTP_PIN: pin VPs when CPUs suffice */
    cpu_set_t cpus;             /* the reaper's mask as this start began
                                   (read when MLTP_PIN is on): what leaves
                                   a pinned VP gets back */
    /* set by the scheduler: one line on what vp ran when it died */
    int (*describe)(const struct vp_task *t, pid_t pid, int sig, char *buf, size_t n);
    /* set by the scheduler: called by the reaper at each wake-up while VPs
       run, it says in how many ms (at most 100) to call it again; it must
       take no lock a VP can hold */
    int (*tick)(void);
    /* set by the scheduler: called in a bound thread's process once it has
       returned and no longer counts as alive (a full fence between) */
    void (*bound_ended)(void);
    /* The program ends here (why: crash, exit, a signal's name; vp the VP
       that died of sig, or -1): the scheduler's trace is written, before
       the reaper's message (sched/trace.c). NULL: no trace. */
    void (*trace_end)(const char *why, int vp, int sig);
};
extern struct vp_global vpg;

extern __thread vp_t *vp_self_tls __attribute__((tls_model("initial-exec")));
extern __thread struct vp_task *vp_task_tls __attribute__((tls_model("initial-exec")));

/* The VP this code runs on, or NULL (base/tls.h: read afresh, a ULT can
   resume on another VP). */
static inline vp_t *vp_current(void)
{
    vp_t *v;
    BASE_TLS_READ(vp_self_tls, v, "=r");
    return v;
}

/* The task this code runs on, or NULL (read afresh, as vp_current). */
static inline struct vp_task *vp_task_current(void)
{
    struct vp_task *t;
    BASE_TLS_READ(vp_task_tls, t, "=r");
    return t;
}

/* vp/task.c: the records, and spares */
struct vp_task *vp_task_record(int i);  /* the i-th, made on first use */
struct vp_task *const *vp_task_records(void);
void vp_tasks_forget(void);             /* a fork()ed child: none runs */
/* A spare: a task made during a start, from a VP or the reaper, that holds
   no VP; its process runs run(t), which ends it with vp_task_end. The
   reaper watches it as any task. Its record's number is below limit.
   The task, or NULL with errno (EAGAIN: limit reached). */
struct vp_task *vp_spare_spawn(void (*run)(struct vp_task *t), int limit);
/* The calling task holds vp, or (vp NULL) nothing: its TLS and pinning */
void vp_task_hold(struct vp_task *t, vp_t *vp);
void vp_task_end(int stopped) __attribute__((noreturn));

/* vp/vp.c: a task's process */
void vp_plan_pins(vp_t *const *vps, int n);  /* sets vps[i]->cpu */
int vp_spawn(struct vp_task *t, vp_t *vp, vp_main_t *main_fn);  /* t holds vp */
void vp_stop(vp_t *vp) __attribute__((noreturn));  /* its task ends, STOPPED */
vp_t *vp_of_pid(pid_t pid);     /* the VP this start's task pid holds, or NULL */
void vp_stop_grace(pid_t me);   /* exit(): wait for the others, then kill */

/* Wake the reaper to look again (a new task to watch, or its tick) */
void vp_reaper_poke(void);

/* vp/reaper.c: the start's VPs, from the calling thread (the reaper).
   Spawns vps[0..n), each running main_fn, and returns once every one has
   ended normally; ends the program if one did not. Returns the number it
   could spawn (0: errno says why; nothing ran). */
int vp_run(vp_t *const *vps, int n, vp_main_t *main_fn);

/* vp/init.c */
void vp_init(void);
/* vp/fork.c */
void vp_fork_register(void);

/* ---- ending the program (vp/end.c): lock-free, from the reaper or the
   monitor ---------------------------------------------------------------- */
int vp_quiet_signal(int sig);
void vp_kill_all(pid_t except);
void vp_die_like(int sig) __attribute__((noreturn));
void vp_end_program(int sig, int status) __attribute__((noreturn));
void vp_end_if_ending(void);
void vp_exit_deadline(void);
/* exit() in one of our processes: 1 if it is the first, which then runs
   the exit handlers; the program ends with status once it is gone */
int vp_exit_claim(pid_t me, int status);
void vp_end_forget(void);

/* ---- sleeping on the tid words of our processes (vp/pwait.c) ---------- */
#define VP_PWAIT_MAX 128
struct vp_pwait {
    struct futex_waitv w[VP_PWAIT_MAX];
    int n;
};
void vp_pwait_init(struct vp_pwait *p);
int vp_pwait_add(struct vp_pwait *p, volatile void *word, unsigned int val);
void vp_pwait(struct vp_pwait *p, int timeout_ms);
void vp_pwake(volatile void *word);
int vp_reap(pid_t pid, siginfo_t *si);

/* ---- crashes (vp/fault.c) ---------------------------------------------- */
void vp_fault_install(void);
void vp_fault_restore(void);
void vp_fault_altstack(struct vp_task *t);
void vp_fault_raise(vp_t *vp, void *addr, int sig) __attribute__((noreturn));
int vp_describe_crash(const struct vp_task *t, pid_t pid, int sig, char *buf, size_t n);

/* ---- SysV semaphore sets (vp/janitor.c): every set the library makes is
   listed and removed on every way out, SIGKILL of the program included -- */
int vp_semset_create(int nsems);
void vp_semset_remove(int id);
void vp_semset_remove_all(void);
void vp_semset_end(void);        /* the program ends: sets, then the janitor */
void vp_semset_forget(void);

/* ---- bound threads' processes (vp/bound.c, vp/monitor.c) --------------- */
enum vp_bound_state { VPB_FREE, VPB_MAKING, VPB_RUNNING, VPB_ENDED };

struct vp_bound {
    void (*run)(struct vp_bound *b);   /* what its process runs */
    void *user[4];                     /* its creator's (sched/bound.c) */
    int thrid;
    struct vp_tcb tcb;
    volatile pid_t pid;
    int state;                  /* uatomic, enum vp_bound_state; futex */
    volatile int returned;      /* run returned: a normal end */
    int unpin;                  /* made on a pinned VP: take cpus */
    cpu_set_t cpus;             /* the start's mask, copied at creation */
    char private_area[MLTP_PRIVATE_SIZE];
};

struct vp_bound *vp_bound_take(void);
/* 0, or an errno value (b is then free again) */
int vp_bound_spawn(struct vp_bound *b, size_t stack_size);
/* until it has been reaped; a ULT passes its pause, called with the
   state word and the value seen, which lets other ULTs run or sleeps on
   the word (the watcher wakes it) */
void vp_bound_wait(struct vp_bound *b, void (*pause)(volatile int *word, int seen));
void vp_bound_free(struct vp_bound *b);     /* joined: TCB back, record free */
void vp_bound_each_id(void (*f)(int id));
int vp_bound_alive(void);
int vp_bound_unreaped(void);
int vp_bound_is_pid(pid_t pid);
void vp_bound_kill_all(pid_t except);
void vp_bound_reap_killed(void);
void vp_bound_poke(void);
void vp_bound_watch_poke(struct vp_pwait *w);
int vp_bound_watch(struct vp_pwait *w);
void vp_bound_forget(void);

int vp_monitor_start(void);
int vp_monitor_running(void);
void vp_monitor_forget(void);

#endif
