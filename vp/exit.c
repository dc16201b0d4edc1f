/* vp/exit.c - exit() called in a ULT or a bound thread (FINDINGS.md
 * section 5).
 *
 * glibc runs exit handlers in the process that calls exit(): a VP, a
 * bound thread, or a pthread that a ULT made inside a VP. Our handler,
 * registered at the first start or bound thread (so it runs before the
 * program's earlier atexit handlers), stops the VPs at their next
 * scheduling point (or kills them after a grace period) and kills the
 * bound threads, then lets glibc go on: the program's handlers run once,
 * stdio is flushed, and the process exits with the status. Whoever watches
 * it (the reaper, or the monitor for a bound thread) sees that and ends the
 * program with the same status, running nothing again. Processes are told
 * apart by pid, never by TLS: a pthread made in a VP has TLS of its own. */
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "vp/vp.h"

#define STOP_GRACE_MS 200

static vp_t *vp_of_pid(pid_t pid)
{
    for (int i = 0; i < vpg.nvp; i++)
        if (CMM_LOAD_SHARED(vpg.vps[i].pid) == pid)
            return &vpg.vps[i];
    return NULL;
}

static int others_running(pid_t me)
{
    int n = 0;
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = &vpg.vps[i];
        if (vp->pid > 0 && vp->pid != me && CMM_LOAD_SHARED(vp->state) == VP_RUNNING)
            n++;
    }
    return n;
}

static void kill_other_vps(pid_t me)
{
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = &vpg.vps[i];
        if (vp->pid > 0 && vp->pid != me && CMM_LOAD_SHARED(vp->state) == VP_RUNNING)
            kill(vp->pid, SIGKILL);
    }
}

static void on_exit_handler(int status, void *unused)
{
    pid_t me = getpid();
    struct timespec ms = { 0, 1000 * 1000 };
    vp_t *vp;

    (void)unused;
    if (me == vpg.main_pid) {
        vp_semset_remove_all();   /* the program ends normally */
        return;
    }
    vp = CMM_LOAD_SHARED(vpg.running) ? vp_of_pid(me) : NULL;
    if (!vp && !vp_bound_is_pid(me))
        return;                   /* not a process of ours */
    if (uatomic_cmpxchg(&vpg.exit_pid, 0, me) != 0) {
        /* another exit() is in progress: this one stops here */
        if (vp && vp_current() == vp)
            vp_stop_here(vp);
        vp_group_exit(0);
    }
    CMM_STORE_SHARED(vpg.exit_status, status);
    vp_monitor_poke();            /* it applies the deadline */
    if (CMM_LOAD_SHARED(vpg.running)) {
        vp_finish_all(VP_FINISH_STOP);
        for (int waited = 0; others_running(me) && waited < STOP_GRACE_MS; waited++)
            nanosleep(&ms, NULL);
        kill_other_vps(me);
    }
    vp_bound_kill_all(me);
}

void vp_exit_register(void)
{
    static int registered;
    if (!uatomic_xchg(&registered, 1))
        on_exit(on_exit_handler, NULL);
}
