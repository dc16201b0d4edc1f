/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/fault.c - what a task knows when it dies. The SIGSEGV/SIGBUS handler
 * runs on a per-task alternate stack (the ULT's stack may be the thing
 * that overflowed), records the fault address and stack pointer for the
 * reaper, and lets the default action end the task, so its exit status is
 * the signal's. */
#include <signal.h>
#include <ucontext.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "base/libc.h"
#include "vp/vp.h"

#define ALTSTACK_SIZE (64 * 1024)

static const int fault_signals[] = { SIGSEGV, SIGBUS };
static struct sigaction saved[2];
static int installed[2];

static void fault_handler(int sig, siginfo_t *si, void *ctx)
{
    struct vp_task *t = vp_task_current();
    struct sigaction dfl;

    if (t && base_libc()->getpid() == t->pid) {
        t->fault_addr = si->si_addr;
#if defined(__x86_64__)
        t->fault_sp = (void *)((ucontext_t *)ctx)->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
        t->fault_sp = (void *)((ucontext_t *)ctx)->uc_mcontext.sp;
#endif
        t->fault_sig = sig;
    }
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);   /* shared by all VPs: the program ends */
    if (si->si_code <= 0)
        raise(sig);               /* sent by kill(): it will not fault again */
}

/* A fault the library found itself (the overflow of a stack without
   guard pages): recorded as the handler records one, then this VP dies
   of sig as it would have at a guard (if the program handles sig itself,
   its handler runs, as for a fault). */
void vp_fault_raise(vp_t *vp, void *addr, int sig)
{
    struct vp_task *t = vp->task;
    int k = sig == SIGSEGV ? 0 : 1;
    sigset_t one;

    t->fault_addr = addr;
    t->fault_sp = addr;
    t->fault_sig = sig;
    if (installed[k]) {
        struct sigaction dfl;
        memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigaction(sig, &dfl, NULL);   /* shared by all VPs: the program ends */
    }
    sigemptyset(&one);
    sigaddset(&one, sig);
    sigprocmask(SIG_UNBLOCK, &one, NULL);
    raise(sig);
    abort();
}

void vp_fault_install(void)
{
    struct sigaction sa;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fault_handler;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    for (int i = 0; i < 2; i++) {
        sigaction(fault_signals[i], NULL, &saved[i]);
        installed[i] = !(saved[i].sa_flags & SA_SIGINFO) &&
                       saved[i].sa_handler == SIG_DFL;
        if (installed[i])
            sigaction(fault_signals[i], &sa, NULL);
    }
}

void vp_fault_restore(void)
{
    for (int i = 0; i < 2; i++)
        if (installed[i])
            sigaction(fault_signals[i], &saved[i], NULL);
}

void vp_fault_altstack(struct vp_task *t)
{
    stack_t ss;

    if (!t->altstack) {
        void *p = mmap(NULL, ALTSTACK_SIZE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
        if (p == MAP_FAILED)
            return;
        t->altstack = p;
    }
    ss.ss_sp = t->altstack;
    ss.ss_size = ALTSTACK_SIZE;
    ss.ss_flags = 0;
    sigaltstack(&ss, NULL);
}

/* One line: what died, where, and why: the scheduler knows what ran. */
int vp_describe_crash(const struct vp_task *t, pid_t pid, int sig, char *buf, size_t n)
{
    char sn[80];

    if (vpg.describe)
        return vpg.describe(t, pid, sig, buf, n);
    return snprintf(buf, n, "VP %d (pid %d) killed by %s", t->place ? t->place->id : -1, (int)pid,
                    base_signame(sig, sn, sizeof sn));
}
