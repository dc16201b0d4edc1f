/* vp/vp.h - process layer internals: VPs, the reaper, parking, bound
 * threads, and the SysV semaphore sets the library owns. */
#ifndef VP_VP_H
#define VP_VP_H

#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <sys/types.h>
#include "ult/ult.h"

/* A glibc thread control block borrowed from a pthread that has exited
   with a raw SYS_exit (vp/tcb.c); a VP or bound thread runs on it. */
struct vp_tcb {
    char *tcb;              /* pthread_t of the dead helper: CLONE_SETTLS */
    pthread_t pt;
    void *stack_top;        /* the helper's unused stack */
    void *robust;
    size_t robust_len;
};

int vp_tcb_borrow(struct vp_tcb *t, size_t stack_size);
void vp_tcb_adopt(struct vp_tcb *t);          /* in the new process */
void vp_tcb_release(struct vp_tcb *t);        /* once its process is gone */
void vp_tcb_scrub_keys(void);                 /* before giving it back */
volatile pid_t *vp_tcb_tid(struct vp_tcb *t); /* cleared by the kernel at exit */
pid_t vp_clone(int (*fn)(void *), struct vp_tcb *t, void *arg, int extra_flags);
void vp_group_exit(int status) __attribute__((noreturn));

enum vp_state { VP_RUNNING, VP_DONE, VP_STOPPED };

#define VP_ID_BLOCK 64

typedef struct vp {
    int id;
    volatile pid_t pid;
    void *idle_sp;              /* the scheduler loop's saved context */
    ult_t *volatile cur;        /* the running ULT, NULL in the loop */
    int *errno_p;               /* this VP's errno (its own TLS) */
    volatile int state;         /* enum vp_state */
    volatile int fault_sig;     /* recorded by the fault handler */
    void *volatile fault_addr;
    void *volatile fault_sp;    /* the stack pointer at the fault */
    struct vp_tcb tcb;
    void *altstack;
    void *stack_bottom;         /* the loop's stack, for ASan */
    size_t stack_size;
    int id_next, id_end;        /* ULT ids taken in blocks (VP_ID_BLOCK) */
    void *stacks;               /* this VP's stack cache (ult/stack.c) */
    int nstacks;
    void *exit_sp[4];           /* an ended ULT's context: where ult_exit
                                   saves it (its descriptor may be gone) */
    struct vp_handles {         /* its descriptor cache (ult/handle.c) */
        void *head;
        int count;
    } handles;
    /* statistics (MLTP_STATS=1): written by this VP only */
    unsigned long switches, parks, wakeups, idle_hits;
} __attribute__((aligned(64))) vp_t;

enum vp_finish { VP_GO, VP_FINISH_DONE, VP_FINISH_DEADLOCK, VP_FINISH_STOP };

struct vp_global {
    int nvp;                    /* VPs of the current or last start */
    int nslots;                 /* vps[] allocated */
    vp_t *vps;
    volatile int running;       /* inside mltp_start */
    int finish;                 /* enum vp_finish; CMM_LOAD_SHARED */
    pid_t exit_pid;             /* CMM_LOAD_SHARED */    /* the process that called exit() */
    volatile int exit_status;
    pid_t reaper;
    pid_t main_pid;             /* the process that set the library up */
    int park_semid;
    int semwait;                /* VPs blocked on a SEMAPHORE lock (uatomic) */
    long spin_ns;
    int ncpus;
    int stats;
};
extern struct vp_global vpg;

extern __thread vp_t *vp_self_tls __attribute__((tls_model("initial-exec")));

/* The VP this code runs on, or NULL. Read through asm so that the compiler
   never reuses a thread-pointer-relative address across a switch: a ULT can
   resume on another VP. */
static inline vp_t *vp_current(void)
{
    vp_t *v;
    __asm__ volatile("movq vp_self_tls@gottpoff(%%rip), %0\n\t"
                     "movq %%fs:(%0), %0" : "=r"(v));
    return v;
}

/* vp_current(), but outside a VP a VP-shaped dummy whose cur is
   ult_outside: mltp_yield then tests no pointer at all. */
extern ult_t ult_outside;
extern vp_t vp_outside;
extern __thread vp_t *vp_sched_tls __attribute__((tls_model("initial-exec")));
static inline vp_t *vp_current_or_dummy(void)
{
    vp_t *v;
    __asm__ volatile("movq vp_sched_tls@gottpoff(%%rip), %0\n\t"
                     "movq %%fs:(%0), %0" : "=r"(v));
    return v;
}

/* vp/vp.c */
void vp_loop(vp_t *vp);
void vp_stop_here(vp_t *vp) __attribute__((noreturn));
void vp_finish_all(int why);
int vp_spawn(vp_t *vp);

/* Is spinning for another VP worth it? (more than one VP, no more VPs
   than CPUs, spinning not turned off) */
static inline int vp_spin_pays(void)
{
    return vpg.nvp > 1 && vpg.nvp <= vpg.ncpus && vpg.spin_ns > 0;
}

/* vp/park.c: idle VPs spin, then sleep on a SysV semaphore. */
void vp_idle(vp_t *vp);
void vp_unpark(int n);

/* vp/log.c */
void vp_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *vp_signame(int sig, char *buf, size_t n);

/* vp/end.c: ending the program; lock-free, from the reaper or monitor */
int vp_quiet_signal(int sig);
void vp_kill_all(pid_t except);
void vp_die_like(int sig) __attribute__((noreturn));
void vp_end_program(int sig, int status) __attribute__((noreturn));
void vp_end_if_ending(void);
void vp_exit_deadline(void);
void vp_end_forget(void);

/* vp/pwait.c: sleeping on the tid words of our processes */
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

/* vp/fault.c */
void vp_fault_install(void);
void vp_fault_restore(void);
void vp_fault_altstack(vp_t *vp);
int vp_describe_crash(vp_t *vp, pid_t pid, int sig, char *buf, size_t n);

/* vp/exit.c */
void vp_exit_register(void);

/* vp/janitor.c: every SysV semaphore set the library makes is listed here
   and removed on every way out, SIGKILL of the program included. */
int vp_semset_create(int nsems);
void vp_semset_remove_all(void);
void vp_semset_forget(void);

/* vp/bound.c */
int vp_bound_alive(void);
int vp_bound_unreaped(void);
int vp_bound_is_pid(pid_t pid);
void vp_bound_kill_all(pid_t except);
void vp_bound_reap_killed(void);
int vp_bound_watch(struct vp_pwait *w);
void vp_bound_forget(void);

/* vp/monitor.c */
int vp_monitor_start(void);
int vp_monitor_running(void);
void vp_monitor_poke(void);
void vp_monitor_forget(void);

/* vp/init.c */
extern int vp_initialized;

/* vp/fork.c */
void vp_fork_register(void);

#endif
