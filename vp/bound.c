/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/bound.c - bound threads' processes: a function run at once in its own
 * clone()d process, with its own TCB like a VP (the API is sched/bound.c).
 * Their parent is always the program's main thread (CLONE_PARENT when made
 * inside a VP or bound thread), with no exit signal: the program's wait()
 * and SIGCHLD never see them. A watcher reaps each one as soon as it ends
 * (vp/monitor.c, or the reaper during a start while no monitor runs): a
 * crash or exit() in a bound thread ends the program at once, joined or
 * not.
 *
 * The records are never freed, only reused, and live in chunks that are
 * only ever added: the reaper and the monitor walk them without a lock.
 * A record's state moves FREE -> MAKING -> RUNNING -> ENDED -> FREE:
 * the creator takes it (CAS) and publishes it RUNNING with the pid; the
 * watcher reaps it and marks it ENDED; the joiner frees it. The watcher
 * sleeps on the tid words of the records it saw RUNNING and on a poke
 * word that each creator bumps after publishing: a thread published
 * after the watcher looked wakes it.
 *
 * One made on a pinned VP (vp/vp.c) would inherit its one CPU: it takes
 * the mask the start began with, copied into its record by its creator
 * (a later start may change vpg.cpus before the new process runs). */
#include <errno.h>
#include <linux/futex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "vp/vp.h"

#define CHUNK 16
struct chunk {
    struct chunk *next;
    struct vp_bound b[CHUNK];
};

static struct chunk *chunks;    /* only prepended to (CAS), never freed */
static int bound_running;       /* uatomic: may still touch shared state */
static unsigned int poke;       /* futex word: watchers look again */

#define FOREACH_BOUND(c, b)                                                 \
    for (struct chunk *c = CMM_LOAD_SHARED(chunks); c; c = c->next)         \
        for (struct vp_bound *b = c->b; b < c->b + CHUNK; b++)

int vp_bound_alive(void)
{
    return CMM_LOAD_SHARED(bound_running);
}

/* Wake whoever watches the bound threads (the monitor, or the reaper
   during a start without one) to look again. */
void vp_bound_poke(void)
{
    uatomic_inc(&poke);
    vp_pwake(&poke);
}

/* A watcher's first word, added before vp_bound_watch reads the records
   (ARCHITECTURE.md, "Bound thread published"). */
void vp_bound_watch_poke(struct vp_pwait *w)
{
    vp_pwait_add(w, &poke, CMM_LOAD_SHARED(poke));
    base_acquire_fence();
}

struct vp_bound *vp_bound_take(void)
{
    struct chunk *c, *head;

    FOREACH_BOUND(ch, b)
        if (CMM_LOAD_SHARED(b->state) == VPB_FREE &&
            uatomic_cmpxchg(&b->state, VPB_FREE, VPB_MAKING) == VPB_FREE)
            return b;
    if (!(c = calloc(1, sizeof *c)))
        return NULL;
    c->b[0].state = VPB_MAKING;
    do {
        head = CMM_LOAD_SHARED(chunks);
        c->next = head;
    } while (uatomic_cmpxchg(&chunks, head, c) != head);
    return &c->b[0];
}

/* f(id) for each record in use: the ids of bound threads from their
   creation to their join (sched/ids.c). */
void vp_bound_each_id(void (*f)(int id))
{
    FOREACH_BOUND(c, b)
        if (CMM_LOAD_SHARED(b->state) != VPB_FREE)
            f(CMM_LOAD_SHARED(b->thrid));
}

/* Its pid and TCB are read after (acquire: "Bound thread published"). */
static int is_running(struct vp_bound *b)
{
    return base_load_acquire(&b->state) == VPB_RUNNING;
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
    if (exiting == pid)
        vp_end_program(0, vpg.exit_status);   /* its exit handlers have run */
    if (!b->returned) {
        uatomic_dec(&bound_running);
        if (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED) {
            int sig = si->si_status;
            if (!(exiting && sig == SIGKILL)) {   /* not stopped by an exit() */
                if (!vp_quiet_signal(sig))
                    base_warn("bound thread %d (pid %d) killed by %s", b->thrid,
                              (int)pid, base_signame(sig, sn, sizeof sn));
                vp_end_program(sig, 0);
            }
        } else if (!exiting) {
            vp_end_program(0, si->si_status); /* _exit() */
        }
    }
    base_store_release(&b->state, VPB_ENDED);
    vp_pwake(&b->state);
}

/* Reap the bound threads that have ended (this may end the program), and
   add the others' tid words to w, after vp_bound_watch_poke. Returns 1 if
   some did not fit. */
int vp_bound_watch(struct vp_pwait *w)
{
    int more = 0;

    FOREACH_BOUND(c, b) {
        if (!is_running(b))
            continue;
        pid_t pid = b->pid, t = *vp_tcb_tid(&b->tcb);
        if (t == 0) {
            siginfo_t si;
            if (CMM_LOAD_SHARED(b->returned))
                kill(pid, SIGKILL);     /* pthreads it left, if any */
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
    struct vp_bound *b = arg;

    vp_tcb_adopt(&b->tcb);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.main_pid)      /* the program is gone already */
        vp_group_exit(0);
    if (b->unpin)       /* a failure leaves the VP's CPU: it still runs */
        sched_setaffinity(0, sizeof b->cpus, &b->cpus);
    b->run(b);
    vp_tcb_scrub_keys();
    base_store_release(&b->returned, 1);
    /* what it did (a post: the scheduler's asleep count) before it counts
       as gone: a VP that reads it gone reads those too */
    cmm_smp_mb__before_uatomic_dec();
    uatomic_dec(&bound_running);
    if (vpg.bound_ended)
        vpg.bound_ended();
    vp_thread_exit(0);
}

int vp_bound_spawn(struct vp_bound *b, size_t stack_size)
{
    vp_t *vp = vp_current();
    pid_t pid;
    int e;

    if ((e = vp_tcb_borrow(&b->tcb, stack_size)) != 0) {
        uatomic_set(&b->state, VPB_FREE);
        return e == ENOMEM ? ENOMEM : e == EINVAL ? EINVAL : EAGAIN;
    }
    b->returned = 0;
    b->unpin = vp && vp->cpu >= 0;
    if (b->unpin)
        b->cpus = vpg.cpus;
    memset(b->private_area, 0, sizeof b->private_area);
    uatomic_inc(&bound_running);
    pid = vp_clone(bound_main, &b->tcb, b,
                   vp || base_libc()->getpid() != vpg.main_pid ? CLONE_PARENT : 0);
    if (pid < 0) {
        e = errno;
        uatomic_dec(&bound_running);
        vp_tcb_release(&b->tcb);
        uatomic_set(&b->state, VPB_FREE);
        return e == ENOMEM ? ENOMEM : EAGAIN;
    }
    b->pid = pid;
    /* ARCHITECTURE.md, "Bound thread published" */
    base_store_release(&b->state, VPB_RUNNING);
    vp_bound_poke();
    return 0;
}

/* No watcher (the monitor could not be made, no start runs): the main
   process reaps b itself. */
static void reap_here(struct vp_bound *b)
{
    volatile pid_t *tid = vp_tcb_tid(&b->tcb);
    siginfo_t si;
    pid_t v;

    while ((v = *tid) != 0)
        base_syscall(SYS_futex, tid, FUTEX_WAIT, v, NULL, NULL, 0);
    if (CMM_LOAD_SHARED(b->returned))
        kill(b->pid, SIGKILL);          /* pthreads it left, if any */
    if (is_running(b) && vp_reap(b->pid, &si) == 0 && si.si_pid == b->pid)
        bound_ended(b, &si);
}

/* Until b has been reaped (a crash or exit() there ends the program
   instead). A ULT caller yields: yield(). */
void vp_bound_wait(struct vp_bound *b, void (*pause)(volatile int *word, int seen))
{
    int s;

    while ((s = CMM_LOAD_SHARED(b->state)) != VPB_ENDED) {
        if (pause)
            pause(&b->state, s);
        else if (!vp_current() && base_libc()->getpid() == vpg.main_pid && !vpg.running &&
                 !vp_monitor_running())
            reap_here(b);
        else
            base_syscall(SYS_futex, &b->state, FUTEX_WAIT, s, NULL, NULL, 0);
    }
    base_acquire_fence();
}

void vp_bound_free(struct vp_bound *b)
{
    vp_tcb_release(&b->tcb);
    base_store_release(&b->state, VPB_FREE);
}

/* In a fork()ed child: the bound threads are the parent's. */
void vp_bound_forget(void)
{
    chunks = NULL;
    bound_running = 0;
    poke = 0;
}
