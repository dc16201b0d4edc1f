/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/janitor.c - the SysV semaphore sets the library owns.
 *
 * Every set is listed in one page of MAP_SHARED memory. The reaper removes
 * them all on every way out it sees; it reads the list without a lock, so
 * that no VP dying anywhere can wedge it. For the ways it cannot see
 * (SIGKILL of the whole program), a janitor process, made with the first
 * set, in a session of its own, shares that page and holds a pidfd of the
 * program's main process: when that process is gone, it removes whatever
 * the list still holds. The program's file descriptors play no part: a
 * program that closes every fd (daemons do) changes nothing. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "base/once.h"
#include "vp/valgrind.h"
#include "vp/vp.h"

#define PAGE_WORDS 1024
#define SETS_MAX (PAGE_WORDS - 1)
#define SLOT_FREE 0
#define SLOT_TAKEN (-1)         /* reserved, semget not done yet */
#define JANITOR_WAIT_MS 2000

/* The page: sets[] then the janitor's ready word. A slot is semid + 1,
   SLOT_FREE or SLOT_TAKEN; written with atomics only. */
static int *sets;
#define READY (sets[SETS_MAX])
static base_once_t sets_once;   /* making the page and the janitor */

/* The janitor shares the program's memory (CLONE_VM) on a small stack of
   its own. It used to be a copy (fork semantics): then every page the
   program had written before the first set was shared copy-on-write, and
   the program's next write to each one copied it and, with several VPs,
   flushed the other CPUs' TLBs: 9 ms of Splash-3 FFT's 32 (P = 16, 2
   VPs: 4,354 page faults against 3,273 without the janitor). A process
   that shares the memory costs nothing there. It shares no TLS, signal
   handlers or file descriptors: it runs raw system calls only (glibc's
   base_syscall(), which no sanitizer intercepts; it writes errno, the
   creator's, only when a call fails), keeps every signal blocked (SIGKILL
   still ends it) and has a file table of its own. Since Linux 5.16 a core
   dump of the program ends only the dumping thread group, not the
   janitor. */
#define JANITOR_STACK (64 * 1024)

static struct janitor_args {
    int pidfd;
    pid_t parent;
} janitor_args;
static pid_t janitor_pid;       /* uatomic; 0: none (or ended) */

static int janitor_main(void *unused)
{
    struct pollfd p = { .fd = 3, .events = POLLIN };
    int pidfd = janitor_args.pidfd, devnull;

    (void)unused;
    base_syscall(SYS_setsid);            /* ^C and kill -PGID do not reach it */
    uatomic_set(&READY, 1);         /* out of the program's group */
    vp_pwake(&READY);
    base_syscall(SYS_prctl, PR_SET_NAME, "mltp-janitor", 0, 0, 0);
    /* hold nothing of the program's: a harness reading its stderr must
       see EOF when the program ends */
    if (pidfd >= 0 && pidfd != 3)
        base_syscall(SYS_dup3, pidfd, 3, 0);
    devnull = (int)base_syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDWR, 0);
    for (int fd = 0; fd < 3; fd++)
        if (devnull >= 0 && devnull != fd)
            base_syscall(SYS_dup3, devnull, fd, 0);
    base_syscall(SYS_close_range, pidfd >= 0 ? 4 : 3, ~0U, 0);
    if (pidfd >= 0) {
        while (base_syscall(SYS_ppoll, &p, 1, NULL, NULL, 0) < 0)
            ;                       /* signals are blocked: no EINTR */
    } else {
        /* no pidfds (Linux < 5.3): our parent is the program's main
           thread until the program is gone */
        struct timespec tick = { 0, 100 * 1000 * 1000 };
        while (base_syscall(SYS_getppid) == janitor_args.parent)
            base_syscall(SYS_nanosleep, &tick, NULL);
    }
    for (int i = 0; i < SETS_MAX; i++)
        if (sets[i] > 0)
            base_syscall(SYS_semctl, sets[i] - 1, 0, IPC_RMID, 0);
    base_syscall(SYS_exit, 0);
    return 0;
}

/* The janitor: a process sharing our memory, exit signal 0 so that the
   program's wait() never sees it; the parent of a VP's child is the
   program's main thread (CLONE_PARENT), as for every process the
   library makes. Untraced: a debugger that follows the program's clones
   (gdb takes one without an exit signal for a thread) would kill it with
   the program on kill or quit, and the sets would stay. Returns its pid,
   or -1 with errno. Its stack stays mapped for the program's life. */
static pid_t clone_janitor(void)
{
    int flags = CLONE_VM | CLONE_UNTRACED |
                (base_libc()->getpid() != vpg.main_pid ? CLONE_PARENT : 0);
    char *stack = mmap(NULL, JANITOR_STACK, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    pid_t c;

    if (stack == MAP_FAILED)
        return -1;
    c = clone(janitor_main, stack + JANITOR_STACK, flags, NULL);
    if (c < 0) {
        int e = errno;
        munmap(stack, JANITOR_STACK);
        errno = e;
    }
    return c;
}

static void janitor_start(void)
{
    int pidfd;
    sigset_t all, old;
    pid_t c;
    int e;

    /* valgrind runs a clone() that shares memory only as a thread, which
       shares the file table the janitor closes: no janitor there, so a
       program SIGKILLed under valgrind leaves its sets behind */
    if (vp_vg_running())
        return;
    pidfd = (int)base_syscall(SYS_pidfd_open, vpg.main_pid, 0);
    if (pidfd < 0 && errno != ENOSYS) {
        e = errno;
        base_warn("cannot start the janitor (pidfd_open: %s); semaphore sets are "
                "left behind if the program is killed with SIGKILL", strerror(e));
        return;
    }
    janitor_args.pidfd = pidfd;
    janitor_args.parent = vpg.main_pid;
    /* it keeps the mask it is made with: every signal blocked */
    sigfillset(&all);
    base_libc()->pthread_sigmask(SIG_SETMASK, &all, &old);
    c = clone_janitor();
    e = errno;
    base_libc()->pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pidfd >= 0)
        base_raw_close(pidfd);
    if (c < 0) {
        base_warn("cannot start the janitor (clone: %s); semaphore sets are left "
                "behind if the program is killed with SIGKILL", strerror(e));
        return;
    }
    uatomic_set(&janitor_pid, c);
    /* Return once it has left our process group: a kill -9 of the group
       right after the first set is made must not take it along. */
    for (int ms = 0; !CMM_LOAD_SHARED(READY) && ms < JANITOR_WAIT_MS; ms += 10) {
        struct vp_pwait w;
        vp_pwait_init(&w);
        vp_pwait_add(&w, &READY, 0);
        vp_pwait(&w, 10);
    }
}

/* exit() in the program's main process (in a VP's, the reaper ends the
   program): a destructor, so after every atexit handler, which may still
   have started VPs and made sets. */
static void __attribute__((destructor)) end_at_exit(void)
{
    if (CMM_LOAD_SHARED(sets) && base_libc()->getpid() == vpg.main_pid)
        vp_semset_end();
}

/* The page of ids and the janitor, once per process (a failed mmap: the
   next set to be made tries again). */
static int make_sets(void)
{
    void *p = mmap(NULL, SETS_MAX * sizeof(int), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    base_store_release(&sets, (int *)p);
    janitor_start();
    return 0;
}

/* A new private set of nsems semaphores, or -1 with errno (ARCHITECTURE.md,
   "Set registry"). */
int vp_semset_create(int nsems)
{
    int i, id;

    if (base_once(&sets_once, make_sets) != 0) {
        errno = ENOMEM;
        return -1;
    }
    for (i = 0; i < SETS_MAX; i++)
        if (CMM_LOAD_SHARED(sets[i]) == SLOT_FREE &&
            uatomic_cmpxchg(&sets[i], SLOT_FREE, SLOT_TAKEN) == SLOT_FREE)
            break;
    if (i == SETS_MAX) {
        errno = ENOSPC;
        return -1;
    }
    id = semget(IPC_PRIVATE, nsems, IPC_CREAT | 0600);
    uatomic_set(&sets[i], id >= 0 ? id + 1 : SLOT_FREE);
    return id;
}

/* One set, made by vp_semset_create, that the program no longer needs. */
void vp_semset_remove(int id)
{
    int *s = CMM_LOAD_SHARED(sets);

    for (int i = 0; s && i < SETS_MAX; i++)
        if (CMM_LOAD_SHARED(s[i]) == id + 1 &&
            uatomic_cmpxchg(&s[i], id + 1, SLOT_FREE) == id + 1) {
            semctl(id, 0, IPC_RMID);
            return;
        }
}

/* Lock-free: the reaper calls this whatever state the VPs died in. */
void vp_semset_remove_all(void)
{
    int *s = CMM_LOAD_SHARED(sets);

    if (!s)
        return;
    for (int i = 0; i < SETS_MAX; i++) {
        if (CMM_LOAD_SHARED(s[i]) <= 0)
            continue;
        int v = uatomic_xchg(&s[i], SLOT_FREE);
        if (v > 0)
            semctl(v - 1, 0, IPC_RMID);
    }
}

/* The janitor shares the program's memory, and the last process to let
   go of it unmaps it all (2 GiB touched: ~150 ms of CPU): it is ended and
   reaped here, after the sets, so that this process is that last one and
   is gone, memory and all, when its parent's wait() returns. Only a
   SIGKILL of the program leaves that to the janitor. */
void vp_semset_end(void)
{
    pid_t j;
    siginfo_t si;

    vp_semset_remove_all();
    if ((j = uatomic_xchg(&janitor_pid, 0)) > 0 && kill(j, SIGKILL) == 0)
        vp_reap(j, &si);
}

/* In a fork()ed child: the sets and the janitor are the parent's. */
void vp_semset_forget(void)
{
    int *s = sets;

    sets = NULL;
    janitor_pid = 0;
    base_once_forget(&sets_once);
    if (s)
        munmap(s, SETS_MAX * sizeof(int));
}
