/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/preempt.c - preemption of a ULT that keeps its VP in the program's
 * own code while other ULTs wait for that VP (mltp_set_preempt()): a
 * thread that spins on a flag (while (!flag);, legal OpenMP, and a pthreads
 * habit) must not keep the one it waits for off the VPs.
 *
 * Who decides: the monitor (the reaper's tick, sched/call.c), which looks
 * every CALL_LOOK_MS while some VP runs a ULT with others queued behind
 * it, and every PREEMPT_DROWSY_MS otherwise. It sends the tick signal to
 * the task that holds a VP whose switch count has not moved since the last
 * look, whose queue holds ready ULTs (or, with no VP idle, sleepers are
 * due or ULTs wait for descriptors: the switch looks at them), which is in
 * no marked call, and whose CPU time grew since the last look: it
 * computes, so a task asleep in the kernel is not signalled and its sleep
 * is not cut short (EINTR). The tick arms the task's fast ticks (below).
 * A ULT that asked for MLTP_PREEMPT_LATE (mltp_set_preempt_delay) gets
 * the monitor's tick only once its VP has not switched for
 * PREEMPT_LATE_MS, and no fast ticks: a task of a divide and conquer
 * merging for a millisecond is not a spinner, and switching it away cost
 * a merge sort 3% of its time at 2 threads.
 *
 * Where it switches: the tick's handler runs on the task's alternate stack
 * (vp/fault.c), so a ULT near its stack's end gets no frame pushed past it.
 * It goes on only if the interrupted instruction lies in the program's own
 * code (an object outside the system's library directories and MLTP's:
 * there no lock of MLTP's or of the C library's is held, so a switch is the
 * same as the ULT calling mltp_yield()) and the ULT's stack has room for a
 * signal frame and a yield; then it sends its task the switch signal,
 * which the kernel delivers on the ULT's stack as the tick's handler
 * returns. That handler yields. Its frame stays on the ULT's stack while
 * the ULT waits; sigreturn restores its registers wherever it resumes (the
 * thread pointer is not in the frame: it stays the new VP's). Without
 * room the ULT keeps its VP; an overflow of its own is then reported as
 * one (sched/describe.c).
 *
 * Cost: nothing on a VP's paths while no tick comes; the monitor's look,
 * a few loads per VP, and a CPU-clock read (one system call) per VP with
 * ULTs queued behind its running one; two signals per preemption. */
#include <errno.h>
#include <link.h>
#include <signal.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include "base/libc.h"
#include "sched/block.h"
#include "base/raw.h"
#include "ult/valgrind.h"

#define RANGES 32
#define YIELD_ROOM (8 * 1024)   /* the switch handler's frame and a yield's */

int sched_preempt_on;           /* mltp_set_preempt(); read by the monitor */
static int installed;
static size_t room_needed;
static struct {
    uintptr_t lo, hi;
} ranges[RANGES];
static int nranges;

#define FAST_US 200
#define FAST_QUIET 20
#define PREEMPT_LATE_MS 10


/* the monitor's view at its last look */
static struct {
    unsigned long switches[SCHED_VP_MAX];
    long cpu_ns[SCHED_VP_MAX];  /* -1: not read */
    long since_ns[SCHED_VP_MAX];    /* when switches[] was first seen */
} seen;

static int program_object(const char *name)
{
    return !name || !name[0] ||
           (strncmp(name, "/lib", 4) && strncmp(name, "/usr/lib", 8) &&
            !strstr(name, "linux-vdso") && !strstr(name, "libmltp") &&
            !strstr(name, "ld-linux"));
}

/* The program's objects' code; *(int *)mine set if MLTP's own code is
   among it (MLTP linked into the program: it could not tell its own code,
   which holds its locks, from the program's) */
static int add_ranges(struct dl_phdr_info *info, size_t size, void *mine)
{
    uintptr_t self = (uintptr_t)mltp_set_preempt;

    (void)size;
    if (!program_object(info->dlpi_name))
        return 0;
    for (int i = 0; i < info->dlpi_phnum && nranges < RANGES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            ranges[nranges].lo = info->dlpi_addr + ph->p_vaddr;
            ranges[nranges].hi = ranges[nranges].lo + ph->p_memsz;
            if (self >= ranges[nranges].lo && self < ranges[nranges].hi)
                *(int *)mine = 1;
            nranges++;
        }
    }
    return 0;
}

static int in_program(uintptr_t pc)
{
    for (int i = 0; i < nranges; i++)
        if (pc >= ranges[i].lo && pc < ranges[i].hi)
            return 1;
    return 0;
}

static void interrupted_at(const void *ctx, uintptr_t *pc, uintptr_t *sp)
{
    const ucontext_t *uc = ctx;
#if defined(__x86_64__)
    *pc = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
    *sp = (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
    *pc = (uintptr_t)uc->uc_mcontext.pc;
    *sp = (uintptr_t)uc->uc_mcontext.sp;
#else
    (void)uc;
    *pc = *sp = 0;
#endif
}

/* Fast ticks: the task's own timer, every FAST_US of wall time, armed by
   the monitor's first tick (its VP computes: a CPU-time timer would do,
   but those fire at the kernel's tick, 1 to 4 ms) and disarmed once its
   queue is empty, FAST_QUIET ticks found the VP switching on its own, or
   the task is about to wait in the kernel (a marked call, a park): a
   tick must not cut a sleep short. */
static void fast_arm(long us)
{
    struct vp_task *t = vp_task_current();
    struct itimerspec it;

    if (!t)
        return;
    if (!t->tick.made) {
        struct sigevent ev;
        memset(&ev, 0, sizeof ev);
        ev.sigev_notify = SIGEV_THREAD_ID;
        ev.sigev_signo = SCHED_PREEMPT_TICK_SIG;
        ev._sigev_un._tid = (pid_t)base_syscall(SYS_gettid);
        if (base_syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, &t->tick.id) != 0) {
            t->tick.armed = 0;
            return;
        }
        t->tick.made = 1;
    }
    it.it_value.tv_sec = it.it_interval.tv_sec = 0;
    it.it_value.tv_nsec = it.it_interval.tv_nsec = us * 1000;
    if (base_syscall(SYS_timer_settime, t->tick.id, 0, &it, NULL) != 0) {
        t->tick.made = 0;       /* a fork()ed copy's record: not its timer */
        t->tick.armed = 0;
        return;
    }
    t->tick.armed = us != 0;
    t->tick.quiet = 0;
}

/* On the alternate stack: whether the interrupted ULT may switch here. A
   timer's tick preempts a ULT that ran a whole tick; the monitor's, one
   that ran between one and two of its looks. */
static void on_tick(int sig, siginfo_t *si, void *ctx)
{
    sched_vp_t *sv = sched_current();
    struct vp_task *t = vp_task_current();
    const ult_t *u;
    uintptr_t pc, sp;
    unsigned long sw;
    int saved = errno;

    (void)sig;
    if (!t)
        goto out;
    if (!sv || !(u = sv->cur)) {
        if (t->tick.armed)
            fast_arm(0);
        goto out;
    }
    sw = sv->switches;
    /* the monitor's, sent for the ULT it saw: gone if the VP switched */
    if (si->si_code == SI_QUEUE && (unsigned long)(uintptr_t)si->si_value.sival_ptr != sw)
        goto out;
    if (u->flags & ULT_PREEMPT_LATE) {
        /* the monitor waited for it; a fast tick is not for it */
        if (t->tick.armed)
            fast_arm(0);
        if (si->si_code == SI_TIMER)
            goto out;
    } else if (si->si_code == SI_TIMER) {
        if (!CMM_LOAD_SHARED(sv->rq->nready) || !CMM_LOAD_SHARED(sched_preempt_on) ||
            (CMM_LOAD_SHARED(sv->call) & SCHED_CALL_STATE) != SCHED_CALL_RUNNING) {
            fast_arm(0);
            goto out;
        }
        if (sw != t->tick.switches) {
            t->tick.switches = sw;
            if (++t->tick.quiet >= FAST_QUIET)
                fast_arm(0);
            goto out;
        }
    } else if (!t->tick.armed) {
        fast_arm(FAST_US);
    }
    interrupted_at(ctx, &pc, &sp);
    if (in_program(pc) &&
        (!u->stack_lo || sp - (uintptr_t)(u->stack_lo + ult_guard_of(u)) >= room_needed)) {
        t->tick.quiet = 0;
        kill(base_libc()->getpid(), SCHED_PREEMPT_SWITCH_SIG);   /* a VP is its own process */
    }
out:
    errno = saved;
}

/* On the ULT's stack, as the tick's handler returns. sigreturn restores
   the alternate stack saved in the frame: once the ULT resumes on another
   VP's task, that must be this task's own, not the one it left. */
static void on_switch(int sig, siginfo_t *si, void *ctx)
{
    sched_vp_t *sv = sched_current();
    ucontext_t *uc = ctx;
    int saved = errno;

    (void)sig, (void)si;
    if (sv && sv->cur) {
        /* a yield with others queued does not look at the sleepers and
           descriptors (sched/yield.c): with spinners queued it never would */
        if (sched_timer_due_now())
            sched_timers_fire();
        sched_poll_due();
        mltp_yield();
        sigaltstack(NULL, &uc->uc_stack);
    }
    errno = saved;
}

static int install(void)
{
    struct sigaction sa;
    long minsig = (long)getauxval(AT_MINSIGSTKSZ);
    int mine = 0;

    room_needed = (size_t)(minsig > MINSIGSTKSZ ? minsig : MINSIGSTKSZ) + YIELD_ROOM;
    nranges = 0;
    dl_iterate_phdr(add_ranges, &mine);
    if (mine)
        return ENOTSUP;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_sigaction = on_tick;
    /* the switch comes as the tick's handler returns, on the ULT's stack */
    sigaddset(&sa.sa_mask, SCHED_PREEMPT_SWITCH_SIG);
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
    if (sigaction(SCHED_PREEMPT_TICK_SIG, &sa, NULL) != 0)
        return errno;
    sigemptyset(&sa.sa_mask);
    sa.sa_sigaction = on_switch;
    /* not blocked while its ULT waits switched out */
    sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
    if (sigaction(SCHED_PREEMPT_SWITCH_SIG, &sa, NULL) != 0)
        return errno;
    installed = 1;
    return 0;
}

int mltp_set_preempt_delay(int how)
{
    ult_t *u = (ult_t *)mltp_self();

    if ((how != MLTP_PREEMPT_SOON && how != MLTP_PREEMPT_LATE) || !u)
        return EINVAL;
    if (how == MLTP_PREEMPT_LATE)
        u->flags |= ULT_PREEMPT_LATE;
    else
        u->flags &= (unsigned char)~ULT_PREEMPT_LATE;
    return 0;
}

int mltp_set_preempt(int on)
{
    int e = 0;

    if (on != 0 && on != 1)
        return EINVAL;
    /* valgrind cannot follow a switch made in a signal handler */
    if (on && ult_vg_running())
        return ENOTSUP;
    if (on && !installed && (e = install()) != 0)
        return e;
    uatomic_set(&sched_preempt_on, on);
    if (on)
        sched_calls_wake_monitor();
    return 0;
}

void sched_preempt_fast_stop(void)
{
    fast_arm(0);
}

int sched_preempt_fast_armed(void)
{
    struct vp_task *t = vp_task_current();
    return t && t->tick.armed;
}

/* Around a VP's idle wait: no tick may end it (a handler's EINTR there
   interrupts the latest ULT sleep, sched/park.c); one sent meanwhile
   comes after, and finds the VP in its loop. */
int sched_preempt_idle_begin(sigset_t *old)
{
    sigset_t one;

    if (sched_preempt_fast_armed())
        fast_arm(0);
    if (!CMM_LOAD_SHARED(sched_preempt_on))
        return 0;
    sigemptyset(&one);
    sigaddset(&one, SCHED_PREEMPT_TICK_SIG);
    return base_libc()->pthread_sigmask(SIG_BLOCK, &one, old) == 0;
}

void sched_preempt_idle_end(int blocked, const sigset_t *old)
{
    if (blocked)
        base_libc()->pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* Each task that runs VPs, at its start: it may have inherited a mask that
   blocks them. */
void sched_preempt_unblock(void)
{
    sigset_t two;

    sigemptyset(&two);
    sigaddset(&two, SCHED_PREEMPT_TICK_SIG);
    sigaddset(&two, SCHED_PREEMPT_SWITCH_SIG);
    base_libc()->pthread_sigmask(SIG_UNBLOCK, &two, NULL);
}

void sched_preempt_reset(void)
{
    for (int i = 0; i < SCHED_VP_MAX; i++)
        seen.cpu_ns[i] = -1;
}

static long cpu_ns_of(pid_t pid)
{
    struct timespec ts;
    /* the process's CPU clock, CPUCLOCK_SCHED (clock_getcpuclockid's) */
    clockid_t clk = (clockid_t)((~(unsigned)pid << 3) | 2);

    if (clock_gettime(clk, &ts) != 0)
        return -1;
    return (long)ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* The monitor's look: 1 while a VP runs a ULT with others queued behind it
   (look again in a millisecond). */
int sched_preempt_look(void)
{
    int busy = 0, waiting;
    long now = base_now_ns();

    if (!CMM_LOAD_SHARED(sched_preempt_on))
        return 0;
    /* sleepers due or ULTs waiting for descriptors, and no VP idle to
       see to them: a busy VP does so at its switches (the handler) */
    waiting = !CMM_LOAD_SHARED(sg.idle.spinning) && !CMM_LOAD_SHARED(sg.idle.parked) &&
              (sched_timer_due(now) || CMM_LOAD_SHARED(sched_pollers_n));
    for (int i = 0; i < vpg.nvp; i++) {
        sched_vp_t *sv = &sg.vps[i];
        unsigned long sw = CMM_LOAD_SHARED(sv->switches);
        struct vp_task *t = CMM_LOAD_SHARED(sv->vp.task);
        pid_t pid = t ? CMM_LOAD_SHARED(t->pid) : 0;
        const ult_t *cur = CMM_LOAD_SHARED(sv->cur);
        long cpu;
        int late;

        if (!cur || !(waiting || CMM_LOAD_SHARED(sv->rq->nready)) ||
            (CMM_LOAD_SHARED(sv->call) & SCHED_CALL_STATE) != SCHED_CALL_RUNNING || pid <= 0) {
            seen.cpu_ns[i] = -1;
            continue;
        }
        /* a late one is looked at drowsily: the monitor's wake-ups every
           millisecond took a CPU from the VPs */
        late = (CMM_LOAD_SHARED(cur->flags) & ULT_PREEMPT_LATE) != 0;
        busy |= !late;
        cpu = cpu_ns_of(pid);
        if (sw != seen.switches[i] || seen.cpu_ns[i] < 0)
            seen.since_ns[i] = now;
        /* cur, read racily, may have switched out: the tick carries the
           switch count it was meant for (on_tick) */
        else if (cpu > seen.cpu_ns[i] &&
                 (!late || now - seen.since_ns[i] >= PREEMPT_LATE_MS * 1000000L))
            sigqueue(pid, SCHED_PREEMPT_TICK_SIG,
                     (union sigval){ .sival_ptr = (void *)(uintptr_t)sw });
        seen.switches[i] = sw;
        seen.cpu_ns[i] = cpu;
    }
    return busy;
}
