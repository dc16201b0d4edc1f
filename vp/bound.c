/* vp/bound.c - bound threads: a function run at once in its own clone()d
 * process, with its own TCB like a VP. Created inside a VP or bound thread
 * they use CLONE_PARENT, so the process that set the library up is always
 * their parent: it (or the reaper, which is the same process) reaps them. */
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

struct vp_bound {
    struct vp_bound *next;
    mltp_buserf_t *f, *term;
    void *p0;
    int thrid;
    struct vp_tcb tcb;
    volatile pid_t pid;
    volatile int reaped;
    int status;
    char private_area[MLTP_PRIVATE_SIZE];
};

static sync_spin_t bound_lock;
static struct vp_bound *bound_all;
static int bound_running;   /* uatomic */

int vp_bound_alive(void)
{
    return CMM_LOAD_SHARED(bound_running);
}

void vp_bound_foreach_pid(void (*fn)(pid_t))
{
    sync_spin_lock(&bound_lock);
    for (struct vp_bound *b = bound_all; b; b = b->next)
        if (b->pid > 0 && !b->reaped)
            fn(b->pid);
    sync_spin_unlock(&bound_lock);
}

/* Reap ended bound children; return the pid of one that ended abnormally
   (a signal, or an exit status other than 0), or 0. */
pid_t vp_bound_reap(int *status, int *thrid)
{
    pid_t bad = 0;

    sync_spin_lock(&bound_lock);
    for (struct vp_bound *b = bound_all; b && !bad; b = b->next) {
        int st;
        if (b->pid > 0 && !b->reaped && waitpid(b->pid, &st, WNOHANG) == b->pid) {
            b->status = st;
            b->reaped = 1;
            if (WIFSIGNALED(st) || WEXITSTATUS(st) != 0) {
                bad = b->pid;
                *status = st;
                *thrid = b->thrid;
            }
        }
    }
    sync_spin_unlock(&bound_lock);
    return bad;
}

static int bound_main(void *arg)
{
    ult_t *u = arg;
    struct vp_bound *b = u->bound;

    vp_tcb_adopt(&b->tcb);
    ult_bound_self = u;
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.main_pid)
        vp_raw_exit(0);
    b->f(b->p0);
    ult_handle_cache_free();
    uatomic_dec(&bound_running);
    vp_raw_exit(0);
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
    if (stacksz > 0)
        ss = stacksz < PTHREAD_STACK_MIN ? PTHREAD_STACK_MIN : (size_t)stacksz;
    u = calloc(1, sizeof(mltp_t));
    b = calloc(1, sizeof *b);
    if (!u || !b) {
        free(u);
        free(b);
        errno = ENOMEM;
        return NULL;
    }
    if ((e = vp_tcb_borrow(&b->tcb, ss)) != 0) {
        free(u);
        free(b);
        errno = e == ENOMEM ? ENOMEM : e == EINVAL ? EINVAL : EAGAIN;
        return NULL;
    }
    b->f = f;
    b->p0 = p0;
    b->term = term;
    u->thrid = b->thrid = ult_new_id();
    u->private = b->private_area;
    u->flags = ULT_BOUND;
    u->bound = b;
    u->self = u;
    uatomic_inc(&bound_running);
    /* from now on the run queue has two kernel-level users: lock it (the
       clone below orders this store before the thread runs) */
    CMM_STORE_SHARED(ult_runq.solo, 0);
    sync_spin_lock(&bound_lock);
    b->next = bound_all;
    bound_all = b;
    sync_spin_unlock(&bound_lock);
    pid = vp_clone(bound_main, &b->tcb, u,
                   vp_current() || ult_bound_self ? CLONE_PARENT : 0);
    if (pid < 0) {
        e = errno;
        uatomic_dec(&bound_running);
        sync_spin_lock(&bound_lock);
        for (struct vp_bound **p = &bound_all; *p; p = &(*p)->next)
            if (*p == b) {
                *p = b->next;
                break;
            }
        sync_spin_unlock(&bound_lock);
        vp_tcb_release(&b->tcb);
        free(b);
        free(u);
        errno = e == ENOMEM ? ENOMEM : EAGAIN;
        return NULL;
    }
    b->pid = pid;
    return (mltp_t *)u;
}

static void unlink_bound(struct vp_bound *b)
{
    sync_spin_lock(&bound_lock);
    for (struct vp_bound **p = &bound_all; *p; p = &(*p)->next)
        if (*p == b) {
            *p = b->next;
            break;
        }
    sync_spin_unlock(&bound_lock);
}

void mltp_join_bound(mltp_t t)
{
    const ult_t *copy = (const ult_t *)&t;
    /* by value: the copy carries the original's address */
    ult_t *u = copy->flags & ULT_BOUND ? copy->self : NULL;
    struct vp_bound *b;
    volatile pid_t *tid;
    pid_t v;
    char sn[80];

    if (!u || !(u->flags & ULT_BOUND) || !(b = u->bound)) {
        vp_warn("mltp_join_bound: not a bound thread, or already joined");
        errno = EINVAL;
        return;
    }
    /* the kernel clears the tid when the process is gone */
    tid = vp_tcb_tid(&b->tcb);
    while ((v = *tid) != 0) {
        if (ult_running())
            mltp_yield();
        else
            syscall(SYS_futex, tid, FUTEX_WAIT, v, NULL, NULL, 0);
    }
    /* the parent learns how it ended (the reaper may have done so) */
    if (!b->reaped && getpid() == vpg.main_pid &&
        waitpid(b->pid, &b->status, 0) == b->pid)
        b->reaped = 1;
    if (b->reaped && WIFSIGNALED(b->status)) {
        vp_warn("bound thread %d (pid %d) killed by %s", b->thrid, (int)b->pid,
                vp_signame(WTERMSIG(b->status), sn, sizeof sn));
        vp_semset_remove_all();
        vp_die_like(WTERMSIG(b->status));
    }
    if (CMM_LOAD_SHARED(vpg.exit_pid) == b->pid) {  /* it called exit(): handlers have run */
        vp_semset_remove_all();
        _exit(vpg.exit_status);
    }
    unlink_bound(b);
    u->bound = NULL;
    if (b->term)
        b->term(b->p0);
    vp_tcb_release(&b->tcb);
    u->state = ULT_DONE;
    free(b);
}
