/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/vp.c - a task, the process that holds a VP: clone()d with a TCB of
 * its own (vp/tcb.c), set up, pinned to its VP's CPU when the start has a
 * VP a CPU, then it runs what the scheduler gave it.
 *
 * Pinning (ARCHITECTURE.md, "Processes"): when a start's n VPs are as
 * many as the CPUs of the reaper's affinity mask, read as the start
 * begins, VP i pins itself to the i-th CPU of that mask. Left to the
 * kernel, two VPs sometimes shared a CPU for a while, which made 2-VP
 * benchmark rows bimodal. With fewer VPs the kernel places them: every
 * process sharing the mask (MPI ranks on one machine) would put its VP 0
 * on the same first CPU. The mask is kept in vpg.cpus; what leaves a
 * pinned VP and must not keep its one CPU gets it back: a bound thread
 * it makes (vp/bound.c) and a child it forks (vp/fork.c). MLTP_PIN=0: no
 * pinning. */
#include <errno.h>
#include <sched.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/clock.h"
#include "vp/vp.h"

#define VP_STACK_SIZE (256 * 1024)
#define STOP_GRACE_MS 200

static vp_main_t *vp_main_fn;   /* the same for every VP of a start */

void vp_stop(vp_t *vp)
{
    base_store_release(&vp->task->state, VP_STOPPED);
    vp_thread_exit(0);
}

/* It runs on the borrowed thread's stack, which glibc still knows. Once
   per TCB: it is reused by later starts (saves a system call). */
static void note_stack(struct vp_task *t)
{
    pthread_attr_t a;

    if (!t->stack_bottom && base_libc()->pthread_getattr_np(base_libc()->pthread_self(), &a) == 0) {
        pthread_attr_getstack(&a, &t->stack_bottom, &t->stack_size);
        pthread_attr_destroy(&a);
    }
}

/* Which CPU each of the start's VPs pins itself to, or -1 for none. */
void vp_plan_pins(vp_t *const *vps, int n)
{
    int pin = vpg.pin && sched_getaffinity(0, sizeof vpg.cpus, &vpg.cpus) == 0 &&
              n == CPU_COUNT(&vpg.cpus);
    size_t c = 0;

    for (int i = 0; i < n; i++) {
        vps[i]->cpu = -1;
        while (pin && c < CPU_SETSIZE && !CPU_ISSET(c, &vpg.cpus))
            c++;
        if (pin && c < CPU_SETSIZE)
            vps[i]->cpu = (int)c++;
    }
}

/* In the task, before it runs anything. If the kernel refuses (the CPU went
   offline since the start began), the VP runs unpinned, silently: the
   library has no quiet level for messages, and it changes nothing else. */
static void pin_self(vp_t *vp)
{
    cpu_set_t one;

    if (vp->cpu < 0)
        return;
    CPU_ZERO(&one);
    CPU_SET((size_t)vp->cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0)
        vp->cpu = -1;
}

static int vp_main(void *arg)
{
    struct vp_task *t = arg;
    vp_t *vp = t->place;

    vp_tcb_adopt(&t->tcb);
    vp_task_tls = t;
    vp_self_tls = vp;
    t->pid = base_libc()->getpid();    /* the reaper writes it too, after clone returns */
    /* never outlive the reaper (and close the race with its death) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.reaper)
        vp_group_exit(0);
    vp_fault_altstack(t);
    note_stack(t);
    if (t->spare_run) {
        /* made by the reaper, it has the reaper's mask */
        base_libc()->pthread_sigmask(SIG_SETMASK, &vpg.task_mask, NULL);
        t->spare_run(t);        /* ends with vp_task_end */
    }
    pin_self(vp);
    vp_main_fn(vp);
    vp_task_end(0);
}

void vp_task_end(int stopped)
{
    base_store_release(&vp_task_current()->state, stopped ? VP_STOPPED : VP_DONE);
    vp_thread_exit(0);
}

void vp_task_hold(struct vp_task *t, vp_t *vp)
{
    t->place = vp;
    vp_self_tls = vp;
    if (vp) {
        vp->task = t;
        pin_self(vp);
    }
}

/* Returns 0 or an errno value. From the reaper, or from a task (a spare:
   its parent is the reaper too). */
int vp_spawn(struct vp_task *t, vp_t *vp, vp_main_t *main_fn)
{
    pid_t pid;

    if (!t->tcb.tcb) {
        int e = vp_tcb_borrow(&t->tcb, VP_STACK_SIZE);
        if (e)
            return e;
    }
    if (main_fn)
        vp_main_fn = main_fn;
    t->place = vp;
    if (vp) {
        vp->task = t;
        t->spare_run = NULL;
    }
    t->state = VP_RUNNING;
    t->fault_sig = 0;
    t->fault_addr = NULL;
    t->fault_sp = NULL;
    pid = vp_clone(vp_main, &t->tcb, t, base_libc()->getpid() != vpg.reaper ? CLONE_PARENT : 0);
    if (pid < 0)
        return errno;
    t->pid = pid;
    return 0;
}

vp_t *vp_of_pid(pid_t pid)
{
    int n = uatomic_read(&vpg.ntasks);

    for (int i = 0; i < n; i++)
        if (CMM_LOAD_SHARED(vpg.tasks[i]->pid) == pid)
            return CMM_LOAD_SHARED(vpg.tasks[i]->place);
    return NULL;
}

static int others_running(pid_t me)
{
    int n = 0;
    for (int i = 0; i < uatomic_read(&vpg.ntasks); i++) {
        struct vp_task *t = vpg.tasks[i];
        if (t->pid > 0 && t->pid != me && CMM_LOAD_SHARED(t->state) == VP_RUNNING)
            n++;
    }
    return n;
}

/* exit() in one of our processes, the VPs told to stop at their next
   scheduling point: give them a grace period, then kill those left. */
void vp_stop_grace(pid_t me)
{
    for (int waited = 0; others_running(me) && waited < STOP_GRACE_MS; waited++)
        base_sleep_ns(1000 * 1000);
    for (int i = 0; i < uatomic_read(&vpg.ntasks); i++) {
        struct vp_task *t = vpg.tasks[i];
        if (t->pid > 0 && t->pid != me && CMM_LOAD_SHARED(t->state) == VP_RUNNING)
            kill(t->pid, SIGKILL);
    }
}

int mltp_vp_id(void)
{
    vp_t *vp = vp_current();
    return vp ? vp->id : -1;
}

int mltp_vp_count(void)
{
    return vpg.nvp;
}
