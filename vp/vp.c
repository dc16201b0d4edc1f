/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/vp.c - a VP's process: clone()d with a TCB of its own (vp/tcb.c),
 * set up, then it runs what the scheduler gave it. */
#include <errno.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>
#include "vp/vp.h"

#define VP_STACK_SIZE (256 * 1024)
#define STOP_GRACE_MS 200

static vp_main_t *vp_main_fn;   /* the same for every VP of a start */

void vp_stop(vp_t *vp)
{
    base_store_release(&vp->state, VP_STOPPED);
    vp_thread_exit(0);
}

/* It runs on the borrowed thread's stack, which glibc still knows. Once
   per TCB: it is reused by later starts (saves a system call). */
static void note_stack(vp_t *vp)
{
    pthread_attr_t a;

    if (!vp->stack_bottom && pthread_getattr_np(pthread_self(), &a) == 0) {
        pthread_attr_getstack(&a, &vp->stack_bottom, &vp->stack_size);
        pthread_attr_destroy(&a);
    }
}

static int vp_main(void *arg)
{
    vp_t *vp = arg;

    vp_tcb_adopt(&vp->tcb);
    vp_self_tls = vp;
    vp->pid = getpid();   /* the reaper writes it too, after clone returns */
    /* never outlive the reaper (and close the race with its death) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.reaper)
        vp_group_exit(0);
    vp_fault_altstack(vp);
    note_stack(vp);
    vp_main_fn(vp);
    base_store_release(&vp->state, VP_DONE);
    vp_thread_exit(0);
}

/* Returns 0 or an errno value. */
int vp_spawn(vp_t *vp, vp_main_t *main_fn)
{
    pid_t pid;

    if (!vp->tcb.tcb) {
        int e = vp_tcb_borrow(&vp->tcb, VP_STACK_SIZE);
        if (e)
            return e;
    }
    vp_main_fn = main_fn;
    vp->state = VP_RUNNING;
    vp->fault_sig = 0;
    vp->fault_addr = NULL;
    vp->fault_sp = NULL;
    pid = vp_clone(vp_main, &vp->tcb, vp, 0);
    if (pid < 0)
        return errno;
    vp->pid = pid;
    return 0;
}

vp_t *vp_of_pid(pid_t pid)
{
    for (int i = 0; i < vpg.nvp; i++)
        if (CMM_LOAD_SHARED(vpg.vps[i]->pid) == pid)
            return vpg.vps[i];
    return NULL;
}

static int others_running(pid_t me)
{
    int n = 0;
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = vpg.vps[i];
        if (vp->pid > 0 && vp->pid != me && CMM_LOAD_SHARED(vp->state) == VP_RUNNING)
            n++;
    }
    return n;
}

/* exit() in one of our processes, the VPs told to stop at their next
   scheduling point: give them a grace period, then kill those left. */
void vp_stop_grace(pid_t me)
{
    struct timespec ms = { 0, 1000 * 1000 };

    for (int waited = 0; others_running(me) && waited < STOP_GRACE_MS; waited++)
        nanosleep(&ms, NULL);
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = vpg.vps[i];
        if (vp->pid > 0 && vp->pid != me && CMM_LOAD_SHARED(vp->state) == VP_RUNNING)
            kill(vp->pid, SIGKILL);
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
