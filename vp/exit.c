/* vp/exit.c - exit() called in a ULT (FINDINGS.md section 5).
 *
 * glibc runs exit handlers in the process that calls exit(): here, a VP.
 * Our handler, registered at the first mltp_start (so it runs before the
 * program's earlier atexit handlers), stops the other VPs at their next
 * scheduling point (or kills them after a grace period), then lets glibc
 * go on: the program's handlers run once, stdio is flushed, and the VP
 * exits with the status. The reaper sees that and ends the program with the
 * same status without running anything again. */
#include <signal.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "vp/vp.h"

#define STOP_GRACE_MS 200

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

static void kill_others(pid_t me)
{
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = &vpg.vps[i];
        if (vp->pid > 0 && vp->pid != me && CMM_LOAD_SHARED(vp->state) == VP_RUNNING)
            kill(vp->pid, SIGKILL);
    }
}

static void kill_bound(pid_t pid)
{
    if (pid != getpid())
        kill(pid, SIGKILL);
}

static void on_exit_handler(int status, void *unused)
{
    vp_t *vp = vp_current();
    pid_t me = getpid();
    struct timespec ms = { 0, 1000 * 1000 };

    (void)unused;
    if (me == vpg.main_pid) {
        vp_semset_remove_all();   /* the program ends normally */
        return;
    }
    if (!(vp && vp->pid == me) && !ult_bound_self)
        return;                   /* a child the program fork()ed */
    if (uatomic_cmpxchg(&vpg.exit_pid, 0, me) != 0) {
        if (vp)                   /* another thread is already exiting */
            vp_stop_here(vp);
        vp_raw_exit(0);
    }
    CMM_STORE_SHARED(vpg.exit_status, status);
    if (!vpg.running)
        return;
    vp_finish_all(VP_FINISH_STOP);
    for (int waited = 0; others_running(me) && waited < STOP_GRACE_MS; waited++)
        nanosleep(&ms, NULL);
    kill_others(me);
    vp_bound_foreach_pid(kill_bound);
}

void vp_exit_register(void)
{
    static int registered;
    if (!registered) {
        registered = 1;
        on_exit(on_exit_handler, NULL);
    }
}
