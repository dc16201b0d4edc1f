/* vp/bound.c - bound threads: a function run at once in its own clone()d
 * process, with its own TCB like a VP. Their parent is always the
 * program's main thread (CLONE_PARENT when made inside a VP or bound
 * thread), with no exit signal: the program's wait() and SIGCHLD never
 * see them. A watcher reaps each one as soon as it ends (vp/monitor.c, or
 * the reaper during a start while no monitor runs): a crash or exit() in a
 * bound thread ends the program at once, joined or not.
 *
 * The records are never freed, only reused, and live in chunks that are
 * only ever added: the reaper and the monitor walk them without a lock.
 * A record's state moves FREE -> MAKING -> RUNNING -> ENDED -> FREE:
 * the creator takes it (CAS) and publishes it RUNNING with the pid; the
 * watcher reaps it and marks it ENDED; the joiner frees it. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ult/runq.h"
#include "vp/vp.h"

enum { B_FREE, B_MAKING, B_RUNNING, B_ENDED };

struct vp_bound {
    mltp_buserf_t *f, *term;
    void *p0;
    int thrid;
    struct vp_tcb tcb;
    volatile pid_t pid;
    int state;                  /* uatomic; a futex word for joiners */
    volatile int returned;      /* f returned: a normal end */
    char private_area[MLTP_PRIVATE_SIZE];
};

#define CHUNK 16
struct chunk {
    struct chunk *next;
    struct vp_bound b[CHUNK];
};

static struct chunk *chunks;    /* only prepended to (CAS), never freed */
static int bound_running;       /* uatomic: may still touch the run queue */

#define FOREACH_BOUND(c, b)                                                 \
    for (struct chunk *c = CMM_LOAD_SHARED(chunks); c; c = c->next)         \
        for (struct vp_bound *b = c->b; b < c->b + CHUNK; b++)

int vp_bound_alive(void)
{
    return CMM_LOAD_SHARED(bound_running);
}

static struct vp_bound *record_take(void)
{
    struct chunk *c, *head;

    FOREACH_BOUND(ch, b)
        if (CMM_LOAD_SHARED(b->state) == B_FREE &&
            uatomic_cmpxchg(&b->state, B_FREE, B_MAKING) == B_FREE)
            return b;
    if (!(c = calloc(1, sizeof *c)))
        return NULL;
    c->b[0].state = B_MAKING;
    do {
        head = CMM_LOAD_SHARED(chunks);
        c->next = head;
    } while (uatomic_cmpxchg(&chunks, head, c) != head);
    return &c->b[0];
}

static int is_running(struct vp_bound *b)
{
    return CMM_LOAD_SHARED(b->state) == B_RUNNING;
}

void vp_bound_kill_all(pid_t except)
{
    FOREACH_BOUND(c, b) {
        pid_t pid = b->pid;
        if (is_running(b) && pid > 0 && pid != except)
            kill(pid, SIGKILL);
    }
}

int vp_bound_is_pid(pid_t pid)
{
    FOREACH_BOUND(c, b)
        if (is_running(b) && b->pid == pid)
            return 1;
    return 0;
}

/* Any bound thread not reaped yet? */
int vp_bound_unreaped(void)
{
    FOREACH_BOUND(c, b)
        if (is_running(b))
            return 1;
    return 0;
}

/* vp_end_program: they have been sent SIGKILL; wait until they are gone
   (another watcher may have reaped some: no matter). */
void vp_bound_reap_killed(void)
{
    FOREACH_BOUND(c, b) {
        siginfo_t si;
        if (is_running(b) && b->pid > 0)
            vp_reap(b->pid, &si);
    }
}

/* b has been reaped with si: end the program, or let its joiner go. */
static void bound_ended(struct vp_bound *b, const siginfo_t *si)
{
    pid_t pid = b->pid, exiting = CMM_LOAD_SHARED(vpg.exit_pid);
    char sn[80];

    vp_end_if_ending();
    if (!b->returned)
        uatomic_dec(&bound_running);
    if (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED) {
        int sig = si->si_status;
        if (!(exiting && sig == SIGKILL)) {   /* not stopped by an exit() */
            if (!vp_quiet_signal(sig))
                vp_warn("bound thread %d (pid %d) killed by %s", b->thrid,
                        (int)pid, vp_signame(sig, sn, sizeof sn));
            vp_end_program(sig, 0);
        }
    } else if (exiting == pid) {
        vp_end_program(0, vpg.exit_status);   /* its exit handlers have run */
    } else if (!b->returned && !exiting) {
        vp_end_program(0, si->si_status);     /* _exit() */
    }
    sync_store_release(&b->state, B_ENDED);
    vp_pwake(&b->state);
}

/* Reap the bound threads that have ended (this may end the program), and
   add the others' tid words to w. Returns 1 if some did not fit. */
int vp_bound_watch(struct vp_pwait *w)
{
    int more = 0;

    FOREACH_BOUND(c, b) {
        if (!is_running(b))
            continue;
        pid_t pid = b->pid, t = *vp_tcb_tid(&b->tcb);
        if (t == 0) {
            siginfo_t si;
            if (vp_reap(pid, &si) == 0 && si.si_pid == pid)
                bound_ended(b, &si);
        } else if (vp_pwait_add(w, vp_tcb_tid(&b->tcb), (unsigned int)t) < 0) {
            more = 1;
        }
    }
    return more;
}

static int bound_main(void *arg)
{
    ult_t *u = arg;
    struct vp_bound *b = u->bound;

    vp_tcb_adopt(&b->tcb);
    ult_bound_self = u;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.main_pid)      /* the program is gone already */
        vp_group_exit(0);
    b->f(b->p0);
    ult_handle_cache_free();
    vp_tcb_scrub_keys();
    sync_store_release(&b->returned, 1);
    uatomic_dec(&bound_running);
    vp_group_exit(0);                   /* threads it made end with it */
}

static int in_main_process(void)
{
    return !vp_current() && !ult_bound_self && getpid() == vpg.main_pid;
}

mltp_t *mltp_create_bound(mltp_buserf_t *f, void *p0, int stacksz,
                          mltp_buserf_t *term)
{
    struct vp_bound *b;
    ult_t *u;
    size_t ss = 0;
    pid_t pid;
    int e;

    mltp_init();
    if (!f || stacksz < 0) {
        errno = EINVAL;
        return NULL;
    }
    /* someone must reap it: outside a start, the monitor thread, which
       only the main process can make */
    if (in_main_process() && !vpg.running && (e = vp_monitor_start()) != 0) {
        errno = e;
        return NULL;
    }
    if (stacksz > 0)
        ss = stacksz < PTHREAD_STACK_MIN ? PTHREAD_STACK_MIN : (size_t)stacksz;
    u = calloc(1, sizeof(mltp_t));
    b = record_take();
    if (!u || !b) {
        free(u);
        if (b)
            uatomic_set(&b->state, B_FREE);
        errno = ENOMEM;
        return NULL;
    }
    if ((e = vp_tcb_borrow(&b->tcb, ss)) != 0) {
        free(u);
        uatomic_set(&b->state, B_FREE);
        errno = e == ENOMEM ? ENOMEM : e == EINVAL ? EINVAL : EAGAIN;
        return NULL;
    }
    b->f = f;
    b->p0 = p0;
    b->term = term;
    b->returned = 0;
    memset(b->private_area, 0, sizeof b->private_area);
    u->thrid = b->thrid = ult_new_id();
    u->private = b->private_area;
    u->flags = ULT_BOUND;
    u->bound = b;
    u->self = u;
    uatomic_inc(&bound_running);
    /* from now on the run queue has two kernel-level users: lock it (the
       clone below orders this store before the thread runs) */
    CMM_STORE_SHARED(ult_runq.solo, 0);
    pid = vp_clone(bound_main, &b->tcb, u,
                   vp_current() || ult_bound_self ? CLONE_PARENT : 0);
    if (pid < 0) {
        e = errno;
        uatomic_dec(&bound_running);
        vp_tcb_release(&b->tcb);
        uatomic_set(&b->state, B_FREE);
        free(u);
        errno = e == ENOMEM ? ENOMEM : EAGAIN;
        return NULL;
    }
    b->pid = pid;
    sync_store_release(&b->state, B_RUNNING);
    vp_monitor_poke();
    return (mltp_t *)u;
}

/* No watcher (the monitor could not be made, no start runs): the main
   process reaps b itself. */
static void reap_here(struct vp_bound *b)
{
    volatile pid_t *tid = vp_tcb_tid(&b->tcb);
    siginfo_t si;
    pid_t v;

    while ((v = *tid) != 0)
        syscall(SYS_futex, tid, FUTEX_WAIT, v, NULL, NULL, 0);
    if (is_running(b) && vp_reap(b->pid, &si) == 0 && si.si_pid == b->pid)
        bound_ended(b, &si);
}

void mltp_join_bound(mltp_t t)
{
    const ult_t *copy = (const ult_t *)&t;
    /* by value: the copy carries the original's address */
    ult_t *u = copy->flags & ULT_BOUND ? copy->self : NULL;
    struct vp_bound *b;
    int s;

    if (!u || !(u->flags & ULT_BOUND) || !(b = u->bound)) {
        vp_warn("mltp_join_bound: not a bound thread, or already joined");
        errno = EINVAL;
        return;
    }
    /* the watcher reaps it; a crash or exit() there ends the program */
    while ((s = CMM_LOAD_SHARED(b->state)) != B_ENDED) {
        if (ult_running())
            mltp_yield();
        else if (in_main_process() && !vpg.running && !vp_monitor_running())
            reap_here(b);
        else
            syscall(SYS_futex, &b->state, FUTEX_WAIT, s, NULL, NULL, 0);
    }
    sync_acquire_fence();
    u->bound = NULL;
    if (b->term)
        b->term(b->p0);
    vp_tcb_release(&b->tcb);
    u->state = ULT_DONE;
    sync_store_release(&b->state, B_FREE);
}

/* In a fork()ed child: the bound threads are the parent's. */
void vp_bound_forget(void)
{
    chunks = NULL;
    bound_running = 0;
}
