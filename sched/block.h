/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/block.h - blocking and waking, the scheduler's calls for sync/.
 * sync/ keeps its waiters in these queues, under the run-queue lock, and
 * never touches ULT links or run-queue fields (ARCHITECTURE.md, "Locking
 * rules"): one lock per operation instead of two.
 *
 * A waiter is a node on the waiting thread's stack. A ULT waiter blocks
 * (its VP runs other ULTs) and is made ready when woken; a kernel-level
 * waiter (a bound thread, main) spins on its node until it is told. */
#ifndef SCHED_BLOCK_H
#define SCHED_BLOCK_H

#include "base/clock.h"
#include "sched/sched.h"

struct sched_waiter {
    struct sched_waiter *next;
    struct ult *ult;            /* NULL: a kernel-level waiter */
    const void *key;            /* what it waits for, in a shared queue */
    volatile int woken;
};

/* A FIFO of waiters, known by its last node (one pointer: the public
   structs keep queues in their void *waiters[] fields). */
typedef struct sched_waitq {
    struct sched_waiter *last;  /* last->next is the first */
} sched_waitq_t;

/* ---- the run-queue lock (sched/runq.h) ------------------------------
   sched_lock() and sched_unlock(), taken by every operation below;
   nothing in a solo start (one VP and no other kernel-level thread).
   sched_unlock_wake(n) drops it, then wakes up to n parked VPs (after n
   ULTs were made ready). Never held across a blocking call, except where
   a comment says why the call is bounded. */

/* A solo start: the caller is the only kernel-level thread that can run
   (no fence needed against another). */
static inline int sched_solo(void) { return sched_runq.solo; }

/* ---- waiting (run-queue lock held) ------------------------------- */
/* The caller's node, for key (NULL: none). */
void sched_waiter_init(struct sched_waiter *w, const void *key);
void sched_waitq_add(sched_waitq_t *q, struct sched_waiter *w);
/* Take w off q (it is there): O(n), for waits given up before blocking. */
void sched_waitq_remove(sched_waitq_t *q, struct sched_waiter *w);
/* w is queued: block (a ULT) or spin (a kernel-level thread) until woken;
   the lock is released (a ULT's once its context is saved) and not taken
   again. */
void sched_wait_queued(struct sched_waiter *w);
/* All three: queue the caller on q for key and wait. */
void sched_wait_locked(sched_waitq_t *q, const void *key);

/* ---- waking (run-queue lock held) -------------------------------- */
/* Let the first waiter for key go (key NULL: the first), readied at the
   back of the run queue or at its front. Returns 1 if a ULT was made
   ready (for sched_unlock_wake), 0 for a kernel-level one or none. */
int sched_wake_locked(sched_waitq_t *q, const void *key, int front);
/* Let every waiter for key (NULL: every waiter) go but skip (NULL: none),
   in the order they came. */
int sched_wake_all_locked(sched_waitq_t *q, const void *key,
                          const struct sched_waiter *skip);

/* ---- the caller ---------------------------------------------------- */
/* A ULT (it may block), not a kernel-level thread (it spins). */
static inline int sched_in_ult(void) { return sched_running() != NULL; }

/* ---- spinning first ------------------------------------------------ */
/* sched_spin_pays(): several VPs, no more than CPUs, spinning on; a
   waiting ULT spins then for about one wake-up cost (sched_spin_ns())
   before it blocks, but not while sched_starving(): ready ULTs lack an
   idle VP to run them (one may be what it waits for, and need its VP),
   nor while the machine is crowded (sched/crowd.c). */
static inline long sched_spin_ns(void) { return sg.spin_ns; }
/* Stop spinning now? Ready ULTs lack a VP, the deadline (on
   base_now_ns()'s clock) has passed, or the machine is crowded. Call it
   every 64 spins or so: it reads the clock (~20 ns). */
static inline int sched_spin_over(long deadline)
{
    long now;
    return sched_starving() || (now = base_now_ns()) >= deadline || sched_crowd_check(now);
}

/* ---- time slices (sched/slice.c) ------------------------------------ */
/* Call at every unlock and failed trylock of a yielding lock, with no
   lock of MLTP's held but the caller's yielding ones: a ULT that has run
   a slice with others ready yields here. Three instructions, but every
   SLICE_CHECK_EVERY calls. */
extern __thread int sched_slice_countdown __attribute__((tls_model("initial-exec")));
void sched_slice_check(void);
static inline void sched_slice_tick(void)
{
    if (__builtin_expect(--sched_slice_countdown < 0, 0))
        sched_slice_check();
}

/* ---- waiting in the kernel (MLTP_LOCK_SEMAPHORE) ------------------- */
/* Around a wait that blocks the whole VP. */
void sched_kernel_wait_begin(void);
void sched_kernel_wait_end(void);
/* Every VP blocked in such a wait or parked, and nothing that could
   change it (sync/semlock.c reports a deadlock after two looks). */
int sched_kernel_wait_stuck(void);
/* A deadlock: every VP leaves, and mltp_start says so. */
void sched_report_deadlock(void);
int sched_deadlocked(void);
/* sched_abandon() (sched/sched.h) leaves the running ULT for good. */

#endif
