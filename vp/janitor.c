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
static base_spin_t start_lock;  /* making the page and the janitor, once */

static void janitor_main(int pidfd, pid_t parent) __attribute__((noreturn));

/* Raw system calls only: the janitor is a copy of a process whose other
   VPs may have held glibc's locks when it was made. It starts with every
   signal blocked (see janitor_start). */
static void janitor_main(int pidfd, pid_t parent)
{
    static const int ignored[] = { SIGINT, SIGHUP, SIGQUIT, SIGTERM, SIGPIPE,
                                   SIGUSR1, SIGUSR2, SIGALRM };
    struct pollfd p = { .fd = 3, .events = POLLIN };
    sigset_t none;
    int devnull;

    setsid();                       /* ^C and kill -PGID do not reach it */
    for (size_t i = 0; i < sizeof ignored / sizeof ignored[0]; i++)
        signal(ignored[i], SIG_IGN);
    uatomic_set(&READY, 1);         /* out of the program's group */
    vp_pwake(&READY);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    prctl(PR_SET_NAME, "mltp-janitor");
    /* hold nothing of the program's: a harness reading its stderr must
       see EOF when the program ends */
    if (pidfd >= 0)
        dup2(pidfd, 3);
    devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 0);
    dup2(devnull, 1);
    dup2(devnull, 2);
    close_range(pidfd >= 0 ? 4 : 3, ~0U, 0);
    if (pidfd >= 0) {
        while (poll(&p, 1, -1) < 0 && errno == EINTR)
            ;
    } else {
        /* no pidfds (Linux < 5.3): our parent is the program's main
           thread until the program is gone */
        while (getppid() == parent)
            usleep(100 * 1000);
    }
    for (int i = 0; i < SETS_MAX; i++)
        if (sets[i] > 0)
            semctl(sets[i] - 1, 0, IPC_RMID);
    _exit(0);
}

/* A child that is a copy of this process (no CLONE_VM), exit signal 0 so
   that the program's wait() never sees it; the parent of a VP's child is
   the program's main thread (CLONE_PARENT), as for every process the
   library makes. Returns its pid, or -1 with errno. */
static pid_t clone_copy(void)
{
    unsigned long flags = getpid() != vpg.main_pid ? CLONE_PARENT : 0;
    return (pid_t)syscall(SYS_clone, flags, NULL, NULL, NULL, 0);
}

static void janitor_start(void)
{
    int pidfd = (int)syscall(SYS_pidfd_open, vpg.main_pid, 0);
    sigset_t all, old;
    pid_t c;
    int e;

    if (pidfd < 0 && errno != ENOSYS) {
        e = errno;
        base_warn("cannot start the janitor (pidfd_open: %s); semaphore sets are "
                "left behind if the program is killed with SIGKILL", strerror(e));
        return;
    }
    /* no signal may reach the janitor before it ignores them */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    c = clone_copy();
    if (c == 0)
        janitor_main(pidfd, vpg.main_pid);
    e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (pidfd >= 0)
        close(pidfd);
    if (c < 0) {
        base_warn("cannot start the janitor (fork: %s); semaphore sets are left "
                "behind if the program is killed with SIGKILL", strerror(e));
        return;
    }
    /* Return once it has left our process group: a kill -9 of the group
       right after the first set is made must not take it along. */
    for (int ms = 0; !CMM_LOAD_SHARED(READY) && ms < JANITOR_WAIT_MS; ms += 10) {
        struct vp_pwait w;
        vp_pwait_init(&w);
        vp_pwait_add(&w, &READY, 0);
        vp_pwait(&w, 10);
    }
}

/* The page of ids and the janitor, once per process. */
static int sets_ready(void)
{
    if (CMM_LOAD_SHARED(sets))
        return 1;
    base_spin_lock(&start_lock);
    if (!sets) {
        void *p = mmap(NULL, SETS_MAX * sizeof(int), PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (p != MAP_FAILED) {
            base_store_release(&sets, (int *)p);
            janitor_start();
        }
    }
    base_spin_unlock(&start_lock);
    return sets != NULL;
}

/* A new private set of nsems semaphores, or -1 with errno (ARCHITECTURE.md,
   "Set registry"). */
int vp_semset_create(int nsems)
{
    int i, id;

    if (!sets_ready()) {
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

/* In a fork()ed child: the sets and the janitor are the parent's. */
void vp_semset_forget(void)
{
    int *s = sets;

    sets = NULL;
    start_lock = 0;
    if (s)
        munmap(s, SETS_MAX * sizeof(int));
}
