/* vp/vp.c - a VP: a clone()d process with its own TCB that runs the
 * scheduler loop: take the next ULT, switch to it, park when none. */
#include <errno.h>
#include <sys/prctl.h>
#include <unistd.h>
#include "ult/asan.h"
#include "ult/runq.h"
#include "vp/vp.h"

#define VP_STACK_SIZE (256 * 1024)

static void *leave_loop(void *old_sp, void *vp, void *unused)
{
    (void)unused;
    ((vp_t *)vp)->idle_sp = old_sp;
    runq_unlock();
    return NULL;
}

void vp_stop_here(vp_t *vp)
{
    sync_store_release(&vp->state, VP_STOPPED);
    vp_group_exit(0);
}

void vp_loop(vp_t *vp)
{
    for (;;) {
        int finish = CMM_LOAD_SHARED(vpg.finish);
        if (finish == VP_FINISH_STOP)
            vp_stop_here(vp);
        if (finish != VP_GO)
            return;
        runq_lock();
        ult_t *u = runq_pop(0);
        if (u) {
            void *fake, *to = ult_resume_sp(u);
            *vp->errno_p = u->saved_errno;
            vp->cur = u;
            vp->switches++;
            ult_asan_start(&fake, u->stack_lo + ult_guard_size,
                           u->stack_map - ult_guard_size);
            ult_switch(to, vp, NULL, leave_loop);
            ult_asan_finish(fake);
            continue;
        }
        runq_unlock();
        vp_idle(vp);
    }
}

/* The loop runs on the borrowed thread's stack; glibc still knows it.
   Once per TCB: it is reused by later starts (saves a system call). */
static void vp_note_stack(vp_t *vp)
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
    vp_sched_tls = vp;
    vp->errno_p = &errno;
    vp->pid = getpid();   /* the reaper writes it too, after clone returns */
    /* never outlive the reaper (and close the race with its death) */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != vpg.reaper)
        vp_group_exit(0);
    vp_fault_altstack(vp);
    vp_note_stack(vp);
    vp_loop(vp);
    sync_store_release(&vp->state, VP_DONE);
    vp_group_exit(0);
}

/* Returns 0 or an errno value. */
int vp_spawn(vp_t *vp)
{
    pid_t pid;

    if (!vp->tcb.tcb) {
        int e = vp_tcb_borrow(&vp->tcb, VP_STACK_SIZE);
        if (e)
            return e;
    }
    vp->state = VP_RUNNING;
    vp->cur = NULL;
    vp->fault_sig = 0;
    vp->fault_addr = NULL;
    vp->fault_sp = NULL;
    vp->switches = vp->parks = vp->wakeups = vp->idle_hits = 0;
    pid = vp_clone(vp_main, &vp->tcb, vp, 0);
    if (pid < 0)
        return errno;
    vp->pid = pid;
    return 0;
}

/* Tell every VP to leave its loop (or stop at once, for exit()). */
void vp_finish_all(int why)
{
    if (why == VP_FINISH_STOP) {
        uatomic_set(&vpg.finish, why);
        runq_lock();
        CMM_STORE_SHARED(ult_runq.bitmap, ult_runq.bitmap | RUNQ_STOP);
        runq_unlock();
    } else if (uatomic_cmpxchg(&vpg.finish, VP_GO, why) != VP_GO)
        return;
    /* only the parked need a post: a VP about to park counts itself
       before it looks at finish, and both sides order that with a full
       barrier (a syscall saved at the end of every start) */
    cmm_smp_mb();
    int parked = uatomic_read(&ult_runq.parked);
    if (parked)
        vp_unpark(parked);
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
