/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/pwait.c - waiting for the processes the library made (VPs, bound
 * threads). The kernel clears a process's tid word and wakes a futex
 * waiter on it when the process is gone, however it ends
 * (CLONE_CHILD_CLEARTID); futex_waitv sleeps on many such words at once.
 * No file descriptor (a program may close them all) and no SIGCHLD (its
 * disposition is the program's; VPs are cloned with no exit signal). */
#include <errno.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "base/raw.h"
#include "vp/vp.h"

void vp_pwait_init(struct vp_pwait *p)
{
    p->n = 0;
}

/* Wake when *word differs from val. 0, or -1 if the set is full. */
int vp_pwait_add(struct vp_pwait *p, volatile void *word, unsigned int val)
{
    if (p->n == VP_PWAIT_MAX)
        return -1;
    p->w[p->n].uaddr = (unsigned long)word;
    p->w[p->n].val = val;
    p->w[p->n].flags = FUTEX_32;    /* shared: the kernel's tid wake is */
    p->w[p->n].__reserved = 0;
    p->n++;
    return 0;
}

static int waitv_missing;

/* Sleep until a word differs from its value, a wake-up, or timeout_ms
   (< 0: none). Without futex_waitv (Linux < 5.16), one word at a time,
   re-checking all every 10 ms. */
void vp_pwait(struct vp_pwait *p, int timeout_ms)
{
    struct timespec ts, *tp = NULL;

    if (!p->n)
        return;
    if (!waitv_missing) {
        if (timeout_ms >= 0) {
            clock_gettime(CLOCK_MONOTONIC, &ts);
            ts.tv_sec += timeout_ms / 1000;
            ts.tv_nsec += (timeout_ms % 1000) * 1000000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            tp = &ts;
        }
        if (base_syscall(SYS_futex_waitv, p->w, p->n, 0, tp, CLOCK_MONOTONIC) >= 0 ||
            errno != ENOSYS)
            return;
        waitv_missing = 1;
    }
    ts.tv_sec = 0;
    ts.tv_nsec = 10 * 1000000L;
    if (timeout_ms >= 0 && timeout_ms < 10)
        ts.tv_nsec = timeout_ms * 1000000L;
    base_syscall(SYS_futex, (void *)p->w[0].uaddr, FUTEX_WAIT, (unsigned int)p->w[0].val,
            &ts, NULL, 0);
}

/* Wake whoever waits on a word of ours (vp_pwait, or FUTEX_WAIT). */
void vp_pwake(volatile void *word)
{
    base_syscall(SYS_futex, word, FUTEX_WAKE, 0x7fffffff, NULL, NULL, 0);
}

/* Collect how pid ended (blocking: its tid word is clear, so it is gone
   or going). 0, or -1 if it was not there to reap. */
int vp_reap(pid_t pid, siginfo_t *si)
{
    si->si_pid = 0;
    /* raw: libmltp's waitid is a marked call of sys/ */
    while (base_syscall(SYS_waitid, P_PID, pid, si, WEXITED | __WALL, NULL) < 0)
        if (errno != EINTR)
            return -1;
    return 0;
}
