/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/ids.c - once thread ids have wrapped, the ids of the threads
 * alive, which each new pass over the ids skips (ult/id.c). Nothing is
 * kept for this before: every live ULT is found where it is, with every
 * run-queue lock held (ARCHITECTURE.md, "Thread ids"). Then a ULT is in
 * a run queue, or a VP's cur (a thief's or a blocking VP's next one
 * included: both are set under a run-queue lock), or among the ULTs a
 * thief has not queued yet, or on main's pending list, or it has a stack
 * that names it (blocked, abandoned, or one of those), or it is main's
 * share; bound threads are in their records; a thread being made has
 * its id from its creator's block, which is marked too. Rare: once per
 * 2^31 - 64 creations, a pass over every ULT and stack. */
#include <errno.h>
#include <sys/uio.h>
#include <unistd.h>
#include "base/libc.h"
#include "sched/sched.h"

/* The VPs' running ULTs: any of them may be ending, its descriptor
   freed by a joiner (the end takes its VP's run-queue lock only after
   its life is ENDED). The others are live: a ULT ends only as its VP's
   cur, and its stack stops naming it before its VP's cur moves on. */
static ult_t *curs[SCHED_VP_MAX];
static int ncurs;

static int is_cur(const ult_t *u)
{
    for (int i = 0; i < ncurs; i++)
        if (curs[i] == u)
            return 1;
    return 0;
}

/* A descriptor's id, through the kernel: 0 if its memory is gone. */
static int __attribute__((no_sanitize_address)) peek_id(const ult_t *u)
{
    int id = 0;
    struct iovec to = { &id, sizeof id }, from = { (void *)&u->thrid, sizeof id };

    if (process_vm_readv(base_libc()->getpid(), &to, 1, &from, 1, 0) == (ssize_t)sizeof id)
        return id;
    /* a sandbox may refuse it: read it, the memory all but surely there */
    return errno == EFAULT ? 0 : *(volatile const int *)&u->thrid;
}

static void mark_owner(ult_t *u, void *arg)
{
    (void)arg;
    if (!is_cur(u))
        ult_id_mark(u->thrid);
}

static void mark_queue(const struct sched_runq *q)
{
    for (int p = 0; p < SCHED_LEVELS; p++) {
        const ult_t *u = q->level[p].head, *tail = q->level[p].tail;
        if (!tail)
            continue;
        for (;; u = u->next) {
            ult_id_mark(u->thrid);
            if (u == tail)
                break;
        }
    }
}

/* ult_ids_scan, under id_lock: sg.vps and sg.nslots change under it
   too (sched/start.c). */
void sched_ids_scan(void)
{
    int nq = sg.nslots > 0 ? sg.nslots : 1;

    for (int i = 0; i < nq; i++)
        base_spin_lock(&sched_runqs[i].lock);
    ncurs = 0;
    for (int i = 0; i < sg.nslots; i++) {
        sched_vp_t *sv = &sg.vps[i];
        ult_t *u = sv->cur, *s = sv->stolen;

        if (u) {
            curs[ncurs++] = u;
            ult_id_mark(peek_id(u));
        }
        for (int k = sv->nstolen; k > 0; k--, s = s->next)
            ult_id_mark(s->thrid);
        ult_id_mark_cache(&sv->cache);
    }
    for (int i = 0; i < nq; i++)
        mark_queue(&sched_runqs[i]);
    sched_pending_mark_ids();
    sched_main_share_mark_id();
    vp_bound_each_id(ult_id_mark);
    ult_stack_each_owner(mark_owner, NULL);
    for (int i = nq - 1; i >= 0; i--)
        base_spin_unlock(&sched_runqs[i].lock);
}
