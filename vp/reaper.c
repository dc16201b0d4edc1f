/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/reaper.c - a start's VPs, from the thread that calls mltp_start: the
 * reaper. It clones the VPs and sleeps until they have all left, on their
 * tid words (vp/pwait.c), waking every TICK_MS for the signals it keeps.
 * While no monitor runs it watches the bound threads too: it also sleeps
 * on theirs and on the word their creators bump (vp/bound.c), so a bound
 * thread made during the start is reaped, and joined, as soon as it ends.
 *
 * When a VP dies from a signal, calls exit() or _exit(), it ends the
 * program as a single-threaded program would have ended (vp/end.c), with
 * one line naming the VP and the ULT unless the signal is one that ends
 * pipelines and terminal sessions (vp_quiet_signal).
 *
 * Signals: VPs run with the program's signal mask, so that whatever a ULT
 * starts (fork, system, posix_spawn) inherits the program's mask, and a
 * signal sent to a VP is handled there as the program says: its handler
 * runs on that VP, a default action that ends a process ends that VP and
 * so the program. The reaper blocks the signals whose default action ends
 * a process (those the program had not blocked) and takes them itself:
 * default action, the program ends; a handler, it runs here, in the main
 * thread, as a pthread program runs it in the thread that takes it
 * (signals sent to the program's pid, `kill PID`, and those the kernel
 * sends this process, alarm()'s, arrive here); ignored, nothing. A signal
 * from the terminal (Ctrl-C, Ctrl-\, a hangup) reaches the whole process
 * group: every VP runs the handler, and the reaper leaves it to them. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#include "base/libc.h"
#include "vp/vp.h"

#define TICK_MS 100

/* ---- signals ------------------------------------------------------- */

/* Asynchronous signals whose default action ends the process (faults
   sent with kill() end the reaper as they would any process). */
static const int ending_signals[] = {
    SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM,
    SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGIO, SIGPWR, SIGSTKFLT
};

static sigset_t kept, saved_mask;

static void signals_take(void)
{
    sigemptyset(&kept);
    base_libc()->pthread_sigmask(SIG_SETMASK, NULL, &saved_mask);
    for (size_t i = 0; i < sizeof ending_signals / sizeof ending_signals[0]; i++)
        sigaddset(&kept, ending_signals[i]);
    for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
        sigaddset(&kept, s);
    /* those the program blocked stay pending for it */
    for (int s = 1; s < NSIG; s++)
        if (sigismember(&saved_mask, s))
            sigdelset(&kept, s);
    base_libc()->pthread_sigmask(SIG_BLOCK, &kept, NULL);
}

static void signals_give_back(void)
{
    base_libc()->pthread_sigmask(SIG_SETMASK, &saved_mask, NULL);
}

/* A handler of the program's, called as the kernel would call it here. */
static void run_handler(int sig, siginfo_t *si, const struct sigaction *sa)
{
    sigset_t block = sa->sa_mask, old;
    ucontext_t uc;

    if (!(sa->sa_flags & SA_NODEFER))
        sigaddset(&block, sig);
    base_libc()->pthread_sigmask(SIG_BLOCK, &block, &old);
    if ((unsigned int)sa->sa_flags & SA_RESETHAND) {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(sig, &dfl, NULL);
    }
    if (sa->sa_flags & SA_SIGINFO) {
        getcontext(&uc);
        sa->sa_sigaction(sig, si, &uc);
    } else {
        sa->sa_handler(sig);
    }
    base_libc()->pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Sent by the terminal to its foreground process group, VPs included.
   The kernel's other signals (a timer's, a CPU limit's) come with the
   same si_code to this process alone. */
static int from_terminal(int sig, const siginfo_t *si)
{
    return si->si_code == SI_KERNEL &&
           (sig == SIGINT || sig == SIGQUIT || sig == SIGHUP);
}

/* The scheduler's trace, written as the program ends by sig: a crash of
   VP vp, or (vp -1) a signal that ends it as a terminal or a user would
   (SIGQUIT at a hang, Ctrl-\ to the whole process group). */
static void trace_end(int sig, int vp)
{
    char why[24];

    if (vp >= 0)
        snprintf(why, sizeof why, "crash");
    else
        snprintf(why, sizeof why, "SIG%s", sigabbrev_np(sig) ? sigabbrev_np(sig) : "?");
    vpg.trace_end(why, vp, sig);
}

static void take_signals(int vps_alive)
{
    struct timespec zero = { 0, 0 };
    struct sigaction sa;
    siginfo_t si;
    int sig;

    while ((sig = sigtimedwait(&kept, &si, &zero)) > 0) {
        sigaction(sig, NULL, &sa);
        if (!(sa.sa_flags & SA_SIGINFO) && sa.sa_handler == SIG_IGN)
            continue;
        if (!(sa.sa_flags & SA_SIGINFO) && sa.sa_handler == SIG_DFL) {
            if (vpg.trace_end)      /* SIGQUIT at a hang: the trace says where */
                trace_end(sig, -1);
            vp_end_program(sig, 0);
        }
        if (vps_alive && from_terminal(sig, &si))
            continue;           /* every VP runs it */
        run_handler(sig, &si, &sa);
    }
}

/* ---- the reaper loop ----------------------------------------------- */

/* The task whose fault explains t's death by sig. A fault handler resets
   the disposition the tasks share before its task dies, so a second task
   that faults in that window (two threads overflowing together) dies
   without a record, and may be reaped first: the recorded one says what
   happened. */
static struct vp_task *recorded_fault(struct vp_task *t, int sig)
{
    int n = uatomic_read(&vpg.ntasks);

    if (t->fault_sig || (sig != SIGSEGV && sig != SIGBUS))
        return t;
    for (int i = 0; i < n; i++)
        if (vpg.tasks[i]->fault_sig == sig && vpg.tasks[i]->pid > 0)
            return vpg.tasks[i];
    return t;
}

/* A task has been reaped with si: return if that was expected. */
static void ended(struct vp_task *t, pid_t pid, const siginfo_t *si)
{
    pid_t exiting = CMM_LOAD_SHARED(vpg.exit_pid);
    char line[400];

    vp_end_if_ending();
    if (exiting == pid)         /* exit(): handlers and stdio done there */
        vp_end_program(0, vpg.exit_status);
    if (t->state == VP_DONE || t->state == VP_STOPPED)
        return;                 /* (a pthread it left was killed) */
    if (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED) {
        int sig = si->si_status;
        if (exiting && sig == SIGKILL)
            return;             /* stopped by an exit() in progress */
        if (vpg.trace_end)      /* the trace before the message and the status */
            trace_end(sig, vp_quiet_signal(sig) || !t->place ? -1 : t->place->id);
        if (!vp_quiet_signal(sig)) {
            struct vp_task *told = recorded_fault(t, sig);
            vp_describe_crash(told, told == t ? pid : told->pid, sig, line, sizeof line);
            base_warn("%s", line);
        }
        vp_end_program(sig, 0);
    }
    vp_end_program(0, si->si_status);   /* _exit() in a ULT */
}

static void reap_task(struct vp_task *t)
{
    pid_t pid = t->pid;
    siginfo_t si;

    if (t->state == VP_DONE || t->state == VP_STOPPED)
        kill(pid, SIGKILL);     /* pthreads a ULT left there, if any */
    if (vp_reap(pid, &si) < 0 || si.si_pid != pid) {
        vp_end_if_ending();
        base_warn("task %d (pid %d) was reaped by someone else (waitid with __WALL "
                "in the program?); ending the program", t->index, (int)pid);
        vp_end_program(0, 1);
    }
    CMM_STORE_SHARED(t->pid, 0);    /* its pid may be reused at once */
    ended(t, pid, &si);
}

static unsigned int poke;       /* futex word: the reaper looks again */

void vp_reaper_poke(void)
{
    uatomic_inc(&poke);
    vp_pwake(&poke);
}

static void reaper_loop(void)
{
    for (;;) {
        struct vp_pwait w;
        int alive = 0, exiting, watch_bound = !vp_monitor_running(), ms = TICK_MS, n;

        vp_pwait_init(&w);
        if (watch_bound)
            vp_bound_watch_poke(&w);    /* first: a kernel without
                                           futex_waitv waits on it alone */
        /* the poke word before the task count: a spare counted after our
           read bumps it after, and the wait returns at once */
        vp_pwait_add(&w, &poke, CMM_LOAD_SHARED(poke));
        base_acquire_fence();
        n = uatomic_read(&vpg.ntasks);
        for (int i = 0; i < n; i++) {
            struct vp_task *t = vpg.tasks[i];
            pid_t tid;
            if (t->pid <= 0)
                continue;
            if ((tid = *vp_tcb_tid(&t->tcb)) == 0) {
                reap_task(t);   /* may end the program */
                continue;
            }
            alive++;
            vp_pwait_add(&w, vp_tcb_tid(&t->tcb), (unsigned int)tid);
        }
        if (watch_bound)
            vp_bound_watch(&w);
        take_signals(alive);
        if (alive && vpg.tick && (ms = vpg.tick()) > TICK_MS)
            ms = TICK_MS;
        /* with exit() in progress in a bound thread, its watcher ends the
           program; wait for that even once the VPs are gone */
        exiting = CMM_LOAD_SHARED(vpg.exit_pid) != 0;
        if (exiting)
            vp_exit_deadline();
        else if (!alive)
            return;
        vp_pwait(&w, ms);
    }
}

int vp_run(vp_t *const *vps, int n, vp_main_t *main_fn)
{
    int i, e = 0;

    vpg.vps = vps;
    vpg.nvp = n;
    vpg.tasks = vp_task_records();
    vpg.ntasks = 0;
    vpg.exit_pid = 0;
    vpg.reaper = base_libc()->getpid();
    vpg.running = 1;
    base_libc()->pthread_sigmask(SIG_SETMASK, NULL, &vpg.task_mask);
    vp_fault_install();
    vp_plan_pins(vps, n);
    /* the VPs' records first: a spare made as soon as VP 0 runs takes
       the next */
    for (i = 0; i < n && !e; i++) {
        struct vp_task *t = vp_task_record(i);
        if (!t)
            e = ENOMEM;
        else
            t->pid = 0;
    }
    vpg.ntasks = e ? 0 : n;
    /* the tasks inherit the program's signal mask; the reaper's comes
       after (no records: i stays 0) */
    for (i = 0; i < n && !e; i++)
        if ((e = vp_spawn(vpg.tasks[i], vps[i], main_fn)) != 0)
            break;
    if (e)
        base_warn("could create only %d of %d VPs: %s", i, n, strerror(e));
    vpg.nvp = i;
    if (i) {
        signals_take();
        reaper_loop();
        signals_give_back();
    }
    vpg.running = 0;
    vp_fault_restore();
    /* bound threads that ULTs made and that outlive the start */
    if (vp_bound_unreaped())
        vp_monitor_start();
    if (!i)
        errno = e;
    return i;
}
