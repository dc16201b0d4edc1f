/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/describe.c - one line on what ran on a VP that died (vp/reaper.c
 * prints it): the ULT, its name, and whether it overflowed its stack. */
#include <signal.h>
#include <stdio.h>
#include "sched/sched.h"

/* how far below its stack a ULT's stack pointer may be and still be
   counted as its overflow (a frame that jumped past its guard) */
#define OVERFLOW_REACH (1024 * 1024)

static void name(const ult_t *u, char *who, size_t n)
{
    if (u->name[0])
        snprintf(who, n, "ULT %d \"%s\"", u->thrid, u->name);
    else
        snprintf(who, n, "ULT %d", u->thrid);
}

int sched_describe(const struct vp_task *t, pid_t pid, int sig, char *buf, size_t n)
{
    const vp_t *vp = t->place;
    const ult_t *u, *over;
    char who[48], sn[80];
    const char *lo;
    size_t guard;

    base_signame(sig, sn, sizeof sn);
    if (!vp)
        return snprintf(buf, n, "spare task %d (pid %d) killed by %s while it held no VP",
                        t->index, (int)pid, sn);
    u = ((const sched_vp_t *)vp)->cur;
    if (!u)
        return snprintf(buf, n, "VP %d (pid %d) killed by %s in its scheduler "
                        "loop (no ULT running)", vp->id, (int)pid, sn);
    lo = u->stack_lo;
    guard = lo ? ult_guard_of(u) : 0;
    /* checked, its guard touched: whose overflow came down here (its own,
       or one from a stack above that ran through it) */
    if (t->fault_sig && lo && (u->flags & ULT_UNGUARDED) && ult_stack_touched_below(lo, guard)) {
        over = ult_stack_overflower(lo, u->stack_map);
        name(over ? over : u, who, sizeof who);
        return snprintf(buf, n, "stack overflow in %s (stack size %zu bytes, no guard "
                        "pages: its guard region was written) on VP %d (pid %d): killed by %s",
                        who, u->stack_map - guard, vp->id, (int)pid, sn);
    }
    name(u, who, sizeof who);
    /* a fault in its guard, or with the stack pointer below its stack */
    if (t->fault_sig && lo &&
        (((const char *)t->fault_addr >= lo &&
          (const char *)t->fault_addr < lo + guard) ||
         ((const char *)t->fault_sp < lo + guard &&
          (const char *)t->fault_sp >= lo - OVERFLOW_REACH)))
        return snprintf(buf, n, "stack overflow in %s (stack size %zu bytes%s) on "
                        "VP %d (pid %d): killed by %s", who, u->stack_map - guard,
                        guard ? "" : ", no guard: stopped by its chunk's floor", vp->id,
                        (int)pid, sn);
    return snprintf(buf, n, "VP %d (pid %d) killed by %s while running %s",
                    vp->id, (int)pid, sn, who);
}

/* The check of an unguarded stack found its guard region written: this
   VP dies as at a guard page, the fault's address in that region. */
void sched_overflowed(sched_vp_t *sv, const ult_t *u)
{
    vp_fault_raise(&sv->vp, u->stack_lo + ult_guard_of(u) - 1, SIGSEGV);
}
