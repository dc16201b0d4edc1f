/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/end.c - ending the program from the library: stop every process it
 * made, remove every semaphore set, and end as a single-threaded program
 * would have ended. Runs in the reaper or in the monitor thread, whatever
 * state the VPs died in: it takes no lock. */
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "base/libc.h"
#include "vp/vp.h"

#define EXIT_HANDLERS_TIMEOUT_S 10

static int ending;                   /* uatomic: one thread ends it */
static long exit_deadline_s;         /* uatomic: see vp_exit_deadline */

/* Ends a pipeline or a terminal session: not worth a line of ours (the
   shell prints nothing for them, or its own). */
int vp_quiet_signal(int sig)
{
    return sig == SIGINT || sig == SIGTERM || sig == SIGHUP ||
           sig == SIGQUIT || sig == SIGPIPE;
}

void vp_kill_all(pid_t except)
{
    for (int i = 0; i < uatomic_read(&vpg.ntasks); i++) {
        pid_t pid = CMM_LOAD_SHARED(vpg.tasks[i]->pid);
        if (pid > 0 && pid != except)
            kill(pid, SIGKILL);
    }
    vp_bound_kill_all(except);
}

void vp_die_like(int sig)
{
    struct rlimit no_core = { 0, 0 };
    struct sigaction dfl;
    sigset_t s;

    setrlimit(RLIMIT_CORE, &no_core);   /* the reaper's core shows nothing */
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    sigemptyset(&s);
    sigaddset(&s, sig);
    base_libc()->pthread_sigmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);                         /* this thread: the whole program */
    _exit(128 + sig);
}

/* Once one thread ends the program, the deaths it causes are its own:
   the other watcher waits here to be ended with it. */
void vp_end_if_ending(void)
{
    if (CMM_LOAD_SHARED(ending))
        for (;;)
            pause();
}

void vp_end_program(int sig, int status)
{
    if (uatomic_cmpxchg(&ending, 0, 1) != 0)
        for (;;)
            pause();                    /* the other one ends us */
    vp_kill_all(base_libc()->getpid());
    for (int i = 0; i < uatomic_read(&vpg.ntasks); i++) {
        siginfo_t si;
        pid_t pid = CMM_LOAD_SHARED(vpg.tasks[i]->pid);
        if (pid > 0)
            vp_reap(pid, &si);
    }
    vp_bound_reap_killed();
    if (vpg.trace_end)          /* unless written already (the first wins) */
        vpg.trace_end(sig ? "signal" : "exit", -1, sig);
    vp_semset_end();
    if (sig)
        vp_die_like(sig);
    _exit(status);
}

static long now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec;
}

/* With exit() in progress somewhere, its handlers run in that process;
   they may wait for a lock that a stopped VP held: do not wait for ever.
   Called now and then by whoever watches processes. */
void vp_exit_deadline(void)
{
    long d = CMM_LOAD_SHARED(exit_deadline_s);

    if (!d) {
        uatomic_cmpxchg(&exit_deadline_s, 0, now_s() + EXIT_HANDLERS_TIMEOUT_S);
        return;
    }
    if (now_s() > d) {
        base_warn("exit(%d) did not finish within %d s (exit handlers blocked?); "
                "ending the program", vpg.exit_status, EXIT_HANDLERS_TIMEOUT_S);
        vp_end_program(0, vpg.exit_status);
    }
}

int vp_exit_claim(pid_t me, int status)
{
    if (uatomic_cmpxchg(&vpg.exit_pid, 0, me) != 0)
        return 0;
    CMM_STORE_SHARED(vpg.exit_status, status);
    vp_bound_poke();              /* a sleeping watcher applies the deadline */
    return 1;
}

void vp_end_forget(void)
{
    ending = 0;
    exit_deadline_s = 0;
}
