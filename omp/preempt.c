/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/preempt.c - a tick per VP that moves a ULT off its VP while it runs
 * the program's own code, so that a thread busy-waiting for another
 * (while (!flag);, legal OpenMP) cannot keep that other one from ever
 * running when a team has more threads than VPs.
 *
 * Each VP arms a POSIX timer aimed at itself (SIGEV_THREAD_ID) the first
 * time an OpenMP ULT runs there, on the VP's own CPU time: it runs out
 * only while the VP computes, never while it sleeps in a system call,
 * so a program's nanosleep(), poll() or read() is not cut short (EINTR)
 * by a tick that came while it waited. The handler yields only when the
 * interrupted instruction lies in the program's own code (an object
 * outside the system's library directories and MLTP): there no lock of
 * the C library's or MLTP's can be held, so the switch is the same as
 * the thread calling mltp_yield() itself. The signal frame stays on the
 * ULT's stack and sigreturn restores its registers wherever it resumes
 * (the thread pointer is not in the frame: it stays the new VP's). */
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "config.h"
#include "omp/rt.h"
#ifdef MLTP_VALGRIND
#include <valgrind/valgrind.h>
#define on_valgrind() (RUNNING_ON_VALGRIND != 0)
#else
#define on_valgrind() 0
#endif

#define TICK_MS 10
#define RANGES 32

static struct { uintptr_t lo, hi; } ranges[RANGES];
static int nranges, preempt_sig, enabled = -1;
static __thread int vp_armed __attribute__((tls_model("initial-exec")));

static int program_object(const char *name)
{
    return !name || !name[0] ||
           (strncmp(name, "/lib", 4) && strncmp(name, "/usr/lib", 8) &&
            !strstr(name, "linux-vdso") && !strstr(name, "libmltp") &&
            !strstr(name, "ld-linux"));
}

static int add_ranges(struct dl_phdr_info *info, size_t size, void *unused)
{
    int i;

    (void)size, (void)unused;
    if (!program_object(info->dlpi_name))
        return 0;
    for (i = 0; i < info->dlpi_phnum && nranges < RANGES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            ranges[nranges].lo = info->dlpi_addr + ph->p_vaddr;
            ranges[nranges].hi = ranges[nranges].lo + ph->p_memsz;
            nranges++;
        }
    }
    return 0;
}

static int in_program(uintptr_t pc)
{
    int i;
    for (i = 0; i < nranges; i++)
        if (pc >= ranges[i].lo && pc < ranges[i].hi)
            return 1;
    return 0;
}

static void on_tick(int sig, siginfo_t *si, void *ctx)
{
    const ucontext_t *uc = ctx;
    uintptr_t pc;
    int saved = errno;

    (void)sig, (void)si;
#if defined(__x86_64__)
    pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#elif defined(__aarch64__)
    pc = (uintptr_t)uc->uc_mcontext.pc;
#else
    pc = 0;
#endif
    if (in_program(pc) && mltp_vp_id() >= 0)
        mltp_yield();
    errno = saved;
}

/* Once, in the process: the handler (VPs share handlers). */
static void setup(void)
{
    const char *s = getenv("MLTP_OMP_PREEMPT");
    struct sigaction sa;

    /* valgrind cannot follow a switch made in a signal handler: its
       threads take turns anyway */
    enabled = !(s && !strcmp(s, "0")) && !on_valgrind();
    if (!enabled)
        return;
    dl_iterate_phdr(add_ranges, NULL);
    preempt_sig = SIGRTMAX - 2;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_tick;
    /* not blocked while the handler's ULT is switched out */
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    if (sigaction(preempt_sig, &sa, NULL) != 0)
        enabled = 0;
}

void omprt_preempt_setup(void)
{
    if (enabled < 0)
        setup();
}

/* On the VP that runs the caller: its own timer, once. */
void omprt_preempt_arm(void)
{
    struct sigevent ev;
    struct itimerspec it;
    timer_t timer;
    sigset_t one;

    if (vp_armed || enabled <= 0)
        return;
    vp_armed = 1;
    memset(&ev, 0, sizeof ev);
    ev.sigev_notify = SIGEV_THREAD_ID;
    ev.sigev_signo = preempt_sig;
    ev._sigev_un._tid = (pid_t)getpid();    /* a VP is its own process */
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &ev, &timer) != 0)
        return;
    sigemptyset(&one);
    sigaddset(&one, preempt_sig);
    sigprocmask(SIG_UNBLOCK, &one, NULL);
    it.it_interval.tv_sec = 0;
    it.it_interval.tv_nsec = TICK_MS * 1000000L;
    it.it_value = it.it_interval;
    timer_settime(timer, 0, &it, NULL);
}
