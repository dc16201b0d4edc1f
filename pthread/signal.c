/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/signal.c - signal masks and signals to threads, as far as ULTs
 * can honour them. MLTP delivers a signal to the program (its handler
 * runs in main's thread: ARCHITECTURE.md, "Processes"), not to one ULT, and
 * a VP runs many ULTs, so a thread's mask is kept and reported but
 * blocks nothing. pthread_kill to the caller itself raises the signal in
 * its VP, whose handler then runs in the caller, as raise() does; to
 * another thread it sends the signal to the program (main's process).
 * doc/pthreads.md. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "pthread/pt.h"

PT_API int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
    struct pt_thread *t = pt_self();
    sigset_t next = t->mask;

    if (set && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
        return EINVAL;
    if (old)
        *old = t->mask;
    if (!set)
        return 0;
    for (int s = 1; s < NSIG; s++) {
        if (!sigismember(set, s) && how != SIG_SETMASK)
            continue;
        if (how == SIG_UNBLOCK)
            sigdelset(&next, s);
        else if (how == SIG_BLOCK || sigismember(set, s))
            sigaddset(&next, s);
        else
            sigdelset(&next, s);
    }
    /* what may never be blocked */
    sigdelset(&next, SIGKILL);
    sigdelset(&next, SIGSTOP);
    t->mask = next;
    return 0;
}

/* A signal for thread th: 0, ESRCH (none, or gone) or EINVAL */
static int signal_target(pthread_t th, int sig)
{
    struct pt_thread *t = (struct pt_thread *)th;

    if (!t)
        return ESRCH;
    if (sig < 0 || sig >= NSIG)
        return EINVAL;
    return __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) & (PT_ENDED | PT_GONE) ? ESRCH : 0;
}

PT_API int pthread_kill(pthread_t th, int sig)
{
    int e = signal_target(th, sig);

    if (e || sig == 0)
        return e;
    if ((struct pt_thread *)th == pt_self())
        return raise(sig) == 0 ? 0 : errno;
    return kill(pt_program_pid, sig) == 0 ? 0 : errno;
}

PT_API int pthread_sigqueue(pthread_t th, int sig, const union sigval value)
{
    int e = signal_target(th, sig);

    if (e || sig == 0)
        return e;
    return sigqueue(pt_program_pid, sig, value) == 0 ? 0 : errno;
}
