/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/block.h - blocking and waking, the scheduler's calls for sync/.
 * sync/ keeps its waiters in these queues, each under a lock of the
 * caller's choosing (a stripe lock, below, or its own), and never touches
 * ULT links or run-queue fields (ARCHITECTURE.md, "Locking rules"). A
 * woken ULT is made ready in the waker's VP's run queue.
 *
 * A waiter is a node on the waiting thread's stack. A ULT waiter blocks
 * (its VP runs other ULTs) and is made ready when woken; a kernel-level
 * waiter (a bound thread, main) spins on its node until it is told. */
#ifndef SCHED_BLOCK_H
#define SCHED_BLOCK_H

#include <stdint.h>
#include "base/clock.h"
#include "sched/sched.h"

/* A FIFO of waiters, known by its last node (one pointer: the public
   structs keep queues in their void *waiters[] fields). */
typedef struct sched_waitq {
    struct sched_waiter *last;  /* last->next is the first */
} sched_waitq_t;

struct sched_waiter {
    struct sched_waiter *next;
    struct ult *ult;            /* NULL: a kernel-level waiter */
    const void *key;            /* what it waits for, in a shared queue */
    /* a group (sched_episode_wait): the last of the ULTs of one VP that wait
       for key, chained by ->next from ult; NULL: ult alone */
    struct ult *last;
    const void *where;          /* a group's list (its object's) */
    int vp;                     /* a group's VP */
    int n;                      /* its ULTs */
    int mixed;                  /* of several priorities */
    int handoff;                /* a group's: enum sched_handoff */
    volatile int woken;
};


/* ---- the trace (sched/trace.c) -------------------------------------- */
/* What a ULT is about to wait on, for its stop event: called before it
   queues itself (a lock's wait also makes a "lock wait" event). A load
   and a branch while tracing is off. */
enum sched_trace_on { SCHED_ON_QUEUE, SCHED_ON_LOCK, SCHED_ON_COND, SCHED_ON_BARRIER,
                      SCHED_ON_JOIN };
void sched_trace_waiting_slow(const void *obj, int what);
static inline void sched_trace_waiting(const void *obj, int what)
{
    if (sched_trace_on())
        sched_trace_waiting_slow(obj, what);
}
/* A barrier's episode ended, the caller the last to arrive. */
void sched_trace_episode_slow(const void *barrier, unsigned int episode);
static inline void sched_trace_episode(const void *barrier, unsigned int episode)
{
    if (sched_trace_on())
        sched_trace_episode_slow(barrier, episode);
}

/* ---- wait-queue locks --------------------------------------------- */
/* A solo start: the caller is the only kernel-level thread that can run
   (no fence needed against another, no lock taken). */
static inline int sched_solo(void) { return sched_solo_on; }

/* Stripe locks: a wait queue's lock is picked by the address of what it
   belongs to (a condition, a barrier, a joined ULT), one of
   SCHED_STRIPES, each on a line of its own: no global lock, and objects
   that hash alike share a lock only. Taken before a run-queue lock, never
   after; one at a time. Nothing in a solo start. */
#define SCHED_STRIPES 64
extern struct sched_stripe {
    base_spin_t lock;
} __attribute__((aligned(64))) sched_stripes[SCHED_STRIPES];

static inline base_spin_t *sched_stripe(const void *obj)
{
    uintptr_t a = (uintptr_t)obj;
    return &sched_stripes[(a >> 6 ^ a >> 12) % SCHED_STRIPES].lock;
}
static inline void sched_stripe_lock(base_spin_t *s)
{
    if (!sched_solo_on)
        base_spin_lock(s);
}
/* obj's stripe lock, taken. A solo start takes none and hands out
   sched_solo_lock, a word nobody takes, for the unlock to store to: no
   hash, and no other line written (~9 instructions a call). */
extern base_spin_t sched_solo_lock;
static inline base_spin_t *sched_stripe_take(const void *obj)
{
    base_spin_t *s;

    if (sched_solo_on)
        return &sched_solo_lock;
    s = sched_stripe(obj);
    base_spin_lock(s);
    return s;
}

/* Release held, the lock of the wait queue just woken from, then make
   the posts the wakes owe (sched/place.c). */
static inline void sched_unlock_wake(base_spin_t *held, struct sched_posts *p)
{
    base_spin_unlock(held);
    sched_post_owed(p);
}

/* ---- waiting (the queue's lock held) ------------------------------ */
/* The caller's node, for key (NULL: none). */
void sched_waiter_init(struct sched_waiter *w, const void *key);
void sched_waitq_add(sched_waitq_t *q, struct sched_waiter *w);
/* w is queued under held: block (a ULT) or spin (a kernel-level thread)
   until woken; held is released (a ULT's once its context is saved) and
   not taken again. */
void sched_wait_queued(struct sched_waiter *w, base_spin_t *held);
/* All three: queue the caller on q for key and wait. */
void sched_wait_locked(base_spin_t *held, sched_waitq_t *q, const void *key);

/* ---- a barrier's episode lists (sched/block.c) -------------------- */
/* A lock-free stack of the groups that wait in one object's episodes of
   one parity (a barrier's waiters[e & 1]): its head is NULL, a node, or
   closed(e), episode e's releaser has been (ARCHITECTURE.md, "Episode
   list"; sched/episode.pml). An episode's key, in its nodes. */
static inline const void *sched_episode_key(unsigned int ep)
{
    return (const void *)((uintptr_t)ep + 1);
}
/* A ULT on several VPs waits in episode ep: the ULTs of one VP that wait
   in it form a group, one node on the list (a release then costs a
   run-queue lock per VP with waiters, not per waiter), pushed by a CAS
   unless the list was closed for ep (then it returns at once); the VP's
   later waiters join it under the VP's own run-queue lock (its `group`).
   What was written before the episode's release is seen after the
   return. */
void sched_episode_wait(void **list, unsigned int ep);
/* Episode ep's release, after the CAS that ended it: the list closed for
   ep, and each group taken queued on its VP (or handed over). */
void sched_episode_release(void **list, unsigned int ep);
/* The same in a solo start (no atomic, a waiter alone). */
void sched_episode_wait_solo(void **list, unsigned int ep);
void sched_episode_release_solo(void **list, unsigned int ep);
/* The spin of a VP's last waiter in episode ep of list, until done(arg)
   (the release): 1, released; 0, block (sched_episode_wait). The VP's
   group for it, if it has one, is asked of its releaser, who then hands
   it over instead of queueing it on this VP's queue: the spinner queues
   it, and the releaser writes only the group's node (ARCHITECTURE.md,
   "Group hand-over"; sched/handoff.pml). */
int sched_spin_group(void *const *list, unsigned int ep, int (*done)(void *), void *arg);
/* A group's hand-over word */
enum sched_handoff {
    SCHED_HANDOFF_NONE,         /* its releaser will queue it */
    SCHED_HANDOFF_ASKED,        /* its VP's spinner would */
    SCHED_HANDOFF_HANDED        /* released: queued by whoever the
                                   exchange that wrote this says */
};

/* ---- waking (the queue's lock held) ------------------------------- */
/* how: SCHED_WAKE_HANDOFF (the waker switches soon: a condition) or
   SCHED_WAKE_RELEASE (it goes on: a lock, a barrier), and
   SCHED_WAKE_FRONT for the front of the level; sched/place.c decides
   where. The posts owed go into *p (sched_posts_init first; made by
   sched_unlock_wake). */
/* Let the first waiter for key go (key NULL: the first). */
void sched_wake_locked(sched_waitq_t *q, const void *key, int how,
                       struct sched_posts *p);
/* Let every waiter for key (NULL: every waiter) go but skip (NULL: none),
   in the order they came. */
void sched_wake_all_locked(sched_waitq_t *q, const void *key,
                           const struct sched_waiter *skip, int how,
                           struct sched_posts *p);

/* ---- the caller ---------------------------------------------------- */
/* A ULT (it may block), not a kernel-level thread (it spins). */
static inline int sched_in_ult(void) { return sched_running() != NULL; }

/* ---- spinning first ------------------------------------------------ */
/* sched_spin_pays(): several VPs, no more than CPUs, spinning on; a
   waiting ULT spins then for about one wake-up cost (sched_spin_ns())
   before it blocks, but not while sched_starving(): ULTs ready in its
   VP's queue, or work in the work source (sched/source.c), and no VP
   spinning for work to take it (it may be what it waits for, and need
   this VP), nor while the machine is crowded (sched/crowd.c). */
static inline long sched_spin_ns(void) { return sg.spin_ns; }
/* ULTs ready in the caller's VP's queue? */
static inline int sched_ready_here(void)
{
    sched_vp_t *sv = sched_current();
    return sv && sched_rq_peek(sv->rq);
}
static inline int sched_starving(void)
{
    return !CMM_LOAD_SHARED(sg.idle.spinning) && (sched_ready_here() || sched_source_look());
}
/* Stop spinning now? Ready ULTs lack a VP, the deadline (on
   base_now_ns()'s clock) has passed, or the machine is crowded. Call it
   every 64 spins or so: it reads the clock (~20 ns). */
static inline int sched_spin_over(long deadline)
{
    long now;
    return sched_starving() || (now = base_now_ns()) >= deadline || sched_crowd_check(now);
}

/* The spin before blocking, of locks and barriers alike: while it pays,
   for about one wake-up cost, until done(arg) (1: done; 0: block now).
   Inlined with done a constant: no call per look. */
static inline int sched_spin_until(int (*done)(void *), void *arg)
{
    long deadline;

    if (!sched_spin_pays())
        return 0;
    deadline = base_now_ns() + sched_spin_ns();
    for (unsigned int n = 1;; n++) {
        if (done(arg))
            return 1;
        caa_cpu_relax();
        if ((n & 0x3f) == 0 && sched_spin_over(deadline))
            return 0;
    }
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

/* Give the VP's CPU away for a while (sched_yield): the one system call
   of a spinning ULT (sched/yield.c). */
void sched_give_cpu(void);

/* ---- sleeping (sched/timer.c) ------------------------------------- */
/* The running ULT sleeps until due (base_now_ns()'s clock): 0 when due,
   EINTR (a signal handled by its VP interrupted the VP's idle wait, the
   latest sleep begun there); at once ENOMEM (no room for the timer) or
   EAGAIN (a semaphore lock is held: sched_kernel_lock_held), and the
   caller sleeps in the kernel. */
int sched_sleep_until(long due);

/* ---- descriptors (sched/poll.c) ------------------------------------ */
enum { SCHED_POLL_IN, SCHED_POLL_OUT };
/* fd's count of events for what, read before a try that may find it not
   ready; -1: fd cannot wait here (the caller makes the call as it is). */
long sched_poll_gen(int fd, int what);
/* The running ULT waits for an event on fd for what after gen: 0 (try
   again), EINTR (a signal handled by its VP's idle wait), EBADF (closed
   meanwhile); at once EAGAIN (a semaphore lock is held), EPERM (fd never
   waits: a regular file), or another errno (no memory, no epoll set):
   the caller makes the blocking call. */
int sched_poll_wait(int fd, int what, long gen);
/* The running ULT waits until one of srcs[0..n) has had an event since
   its gen, or until deadline (base_now_ns()'s clock; -1: none): 0 (try
   again: an event, or a descriptor closed), ETIMEDOUT, EINTR; at once
   EAGAIN (a semaphore lock is held), ENOMEM or another errno: the caller
   waits in the kernel. One claim for all of them (sched/sched.h). */
struct sched_poll_src {
    int fd, what;
    long gen;
};
int sched_poll_wait_many(const struct sched_poll_src *srcs, int n, long deadline);
/* fd is being closed: its waiters woken with EBADF. */
void sched_poll_closed(int fd);

/* ---- marked calls (sched/call.c) ----------------------------------- */
/* Around a system call that may wait in the kernel, made by the running
   ULT (sys/call.c): meanwhile a spare may take its VP's place (not while
   a semaphore lock is held: the call then holds its VP). blocks:
   the call is known to wait (waitpid, flock): with ULTs queued on its VP,
   the place is handed to a spare at once. After the exit the ULT may run
   on another VP: errno is its own, saved and restored by the switch. */
struct sched_call {
    unsigned long word;
    void *u;
};
extern int sched_calls_resting;
/* SEMAPHORE locks held (sched_kernel_lock_held, below) */
extern int sched_kernel_locks;
void sched_calls_wake_monitor(void);
void sched_call_blocks(struct sched_call *c);
void sched_call_lost(struct sched_call *c);
/* sched/preempt.c: are the calling task's fast ticks armed (its
   vp_task's tick)? */
int sched_preempt_fast_armed(void);
void sched_preempt_fast_stop(void);

static inline unsigned long sched_call_holder_bits(const struct vp_task *t)
{
    return (unsigned long)t->index << SCHED_CALL_HOLDER_SHIFT;
}

/* Cost: one release store on the place's line, which its holder owns,
   and three loads. */
static inline void sched_call_enter(struct sched_call *c, int blocks)
{
    sched_vp_t *sv = sched_current();

    /* a semaphore lock held: every other VP may wait for it in the
       kernel, and a ULT that gave its VP up could never run again to
       release it (as a sleep holds its VP then: sched/timer.c) */
    if (__builtin_expect(CMM_LOAD_SHARED(sched_kernel_locks) != 0, 0)) {
        c->word = 0;
        return;
    }
    c->u = sv->cur;
    c->word = ((CMM_LOAD_SHARED(sv->call) & SCHED_CALL_SEQ_MASK) + SCHED_CALL_SEQ_ONE) |
              sched_call_holder_bits(sv->vp.task) | SCHED_CALL_IN;
    /* what this holder wrote to the place, before a taker's spare reads
       it (litmus "Marked call") */
    base_store_release(&sv->call, c->word);
    if (__builtin_expect(CMM_LOAD_SHARED(sched_calls_resting), 0))
        sched_calls_wake_monitor();
    /* no fast tick may cut the call short (sched/preempt.c) */
    if (__builtin_expect(sv->vp.task->tick.armed, 0))
        sched_preempt_fast_stop();
    if (blocks)
        sched_call_blocks(c);
}
/* Cost: one CAS on the place's line, which its holder owns. 1 if the
   place was taken meanwhile (the ULT goes on elsewhere). */
static inline int sched_call_exit(struct sched_call *c)
{
    sched_vp_t *sv = sched_current();
    unsigned long w = c->word;

    if (__builtin_expect(uatomic_cmpxchg(&sv->call, w, w & ~SCHED_CALL_STATE) == w, 1) || !w)
        return 0;
    sched_call_lost(c);
    return 1;
}

/* ---- waiting in the kernel (MLTP_LOCK_SEMAPHORE) ------------------- */
/* A private set of nsems SysV semaphores that the VP layer's registry
   removes however the program ends, or -1 with errno. It may start the
   janitor and wait for it: call it with no lock held. */
int sched_semset_create(int nsems);
/* Around a wait that blocks the whole VP. */
void sched_kernel_wait_begin(void);
void sched_kernel_wait_end(void);
/* A semaphore lock taken (1) or released (-1): while one is held, a ULT's
   sleep holds its VP in the kernel as before (sched_sleep_until: EAGAIN),
   since every other VP may be blocked on that lock and none could run its
   holder once it slept. */
static inline void sched_kernel_lock_held(int delta)
{
    uatomic_add(&sched_kernel_locks, delta);
}
/* Every VP blocked in such a wait or parked, and nothing that could
   change it (sync/semlock.c reports a deadlock after two looks). */
int sched_kernel_wait_stuck(void);
/* A deadlock: every VP leaves, and mltp_start says so. */
void sched_report_deadlock(void);
int sched_deadlocked(void);
/* sched_abandon() (sched/sched.h) leaves the running ULT for good. */

#endif
