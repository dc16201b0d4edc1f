/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/describe.c - one line on what ran on a VP that died (vp/reaper.c
 * prints it): the ULT, its name, and whether it overflowed its stack. */
#include <stdio.h>
#include "sched/sched.h"

/* how far below its stack a ULT's stack pointer may be and still be
   counted as its overflow (a frame that jumped past its guard) */
#define OVERFLOW_REACH (1024 * 1024)

int sched_describe(const vp_t *vp, pid_t pid, int sig, char *buf, size_t n)
{
    const ult_t *u = ((const sched_vp_t *)vp)->cur;
    char who[48], sn[80];
    const char *lo;

    base_signame(sig, sn, sizeof sn);
    if (!u)
        return snprintf(buf, n, "VP %d (pid %d) killed by %s in its scheduler "
                        "loop (no ULT running)", vp->id, (int)pid, sn);
    if (u->name[0])
        snprintf(who, sizeof who, "ULT %d \"%s\"", u->thrid, u->name);
    else
        snprintf(who, sizeof who, "ULT %d", u->thrid);
    lo = u->stack_lo;
    /* a fault in its guard, or with the stack pointer below its stack */
    if (vp->fault_sig && lo &&
        (((const char *)vp->fault_addr >= lo &&
          (const char *)vp->fault_addr < lo + ult_guard_size) ||
         ((const char *)vp->fault_sp < lo + ult_guard_size &&
          (const char *)vp->fault_sp >= lo - OVERFLOW_REACH)))
        return snprintf(buf, n, "stack overflow in %s (stack size %zu bytes) on "
                        "VP %d (pid %d): killed by %s", who,
                        u->stack_map - ult_guard_size, vp->id, (int)pid, sn);
    return snprintf(buf, n, "VP %d (pid %d) killed by %s while running %s",
                    vp->id, (int)pid, sn, who);
}
