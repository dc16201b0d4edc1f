/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/timer.c - ULTs that sleep: MLTP's timers (ARCHITECTURE.md,
 * "Timers"). A sleeping ULT is a node on its own stack, in one heap by due
 * time under one spin lock; its VP runs other ULTs. Due timers are fired
 * (their ULTs placed: sched/place.c) by any VP in its loop (a ULT blocked
 * or ended), at a yield with nothing else ready and while idle, and by
 * the one parked VP that holds the timer role and sleeps on its
 * semaphore until the earliest is due. ULTs that only yield to each
 * other on every VP hold a due sleeper back until one blocks. A timer
 * earlier than the holder's sleep pokes the holder (a post to its
 * semaphore); one made while nobody holds the role wakes a parked VP by
 * rule 1, which takes the role when it parks again (Go's wakeNetPoller;
 * sched/timer.pml). A signal handled by a VP whose kernel wait it
 * interrupts ends the latest sleep begun on that VP with EINTR.
 * Lines written: the heap's lock and array on each sleep and each fire. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/sem.h>
#include "base/clock.h"
#include "sched/block.h"

static struct {
    base_spin_t lock;
    int n, cap;
    struct sched_timer **heap;
    int firing;                 /* taken out, their ULTs not placed yet */
    int holder;                 /* the VP that sleeps until holder_until */
    int holder_polls;           /* ... in epoll_pwait (sched/poll.c) */
    long holder_until;
} tm __attribute__((aligned(64))) = { .holder = -1 };

/* Read unlocked: timers in the heap or being fired (0: none: rule 5 may
   see a deadlock), and the earliest due. */
int sched_timers_n;
long sched_timers_next = LONG_MAX;
unsigned long sched_wait_seq;   /* waits begun (timers and the poller) */

/* ---- the heap (tm.lock held) ---------------------------------------- */

static void put(struct sched_timer *t, int i)
{
    tm.heap[i] = t;
    t->idx = i;
}

static void sift_up(int i)
{
    struct sched_timer *t = tm.heap[i];

    while (i > 0 && tm.heap[(i - 1) / 2]->due > t->due) {
        put(tm.heap[(i - 1) / 2], i);
        i = (i - 1) / 2;
    }
    put(t, i);
}

static void sift_down(int i)
{
    struct sched_timer *t = tm.heap[i];

    for (;;) {
        int c = 2 * i + 1;
        if (c >= tm.n)
            break;
        if (c + 1 < tm.n && tm.heap[c + 1]->due < tm.heap[c]->due)
            c++;
        if (tm.heap[c]->due >= t->due)
            break;
        put(tm.heap[c], i);
        i = c;
    }
    put(t, i);
}

static void published(void)
{
    CMM_STORE_SHARED(sched_timers_n, tm.n + tm.firing);
    CMM_STORE_SHARED(sched_timers_next, tm.n ? tm.heap[0]->due : LONG_MAX);
}

static void remove_locked(struct sched_timer *t)
{
    int i = t->idx;
    struct sched_timer *last = tm.heap[--tm.n];

    t->idx = -1;
    if (last != t) {
        put(last, i);
        if (i > 0 && tm.heap[(i - 1) / 2]->due > last->due)
            sift_up(i);
        else
            sift_down(i);
    }
}

/* t out of the heap to be fired: counted until placed */
static void take_out(struct sched_timer *t)
{
    remove_locked(t);
    tm.firing++;
    published();
}

/* Room for one more, tm.lock held: 0, or ENOMEM. The array grows with
   the lock dropped (malloc may take its own locks). */
static int room_locked(void)
{
    while (tm.n == tm.cap) {
        int cap = tm.cap ? 2 * tm.cap : 256;
        base_spin_unlock(&tm.lock);
        struct sched_timer **h = malloc(sizeof *h * (size_t)cap), **old = NULL;
        base_spin_lock(&tm.lock);
        if (!h)
            return ENOMEM;
        if (cap > tm.cap) {
            for (int i = 0; i < tm.n; i++)
                h[i] = tm.heap[i];
            old = tm.heap;
            tm.heap = h;
            tm.cap = cap;
        } else {
            old = h;            /* another sleeper grew it */
        }
        base_spin_unlock(&tm.lock);
        free(old);
        base_spin_lock(&tm.lock);
    }
    return 0;
}

/* ---- waking ---------------------------------------------------------- */

/* k timers taken out have their ULTs placed: until then they count, so
   that no VP sees a deadlock in between. */
static void placed(int k)
{
    base_spin_lock(&tm.lock);
    tm.firing -= k;
    published();
    base_spin_unlock(&tm.lock);
}

/* t, out of the heap, woken with why: once its sleeper's context is saved
   (its wait lock free), its ULT is placed; t is gone after that. */
static void wake(struct sched_timer *t, int why, struct sched_posts *p)
{
    sched_vp_t *sv = sched_current();
    ult_t *u;

    if (t->group) {
        sched_group_wake(t->group, why ? why : ETIMEDOUT, &t->done, p);
        return;
    }

    base_spin_lock(&t->wait);
    u = t->ult;
    t->why = why;
    base_spin_unlock(&t->wait);
    /* a VP in its loop runs it next; a busy one, a release (its own VP
       if idle, else here with a claim) */
    sched_place(u, sv && !sv->cur ? SCHED_WAKE_HANDOFF : SCHED_WAKE_RELEASE, p);
}

/* The poke of a holder that sleeps past a new, earlier timer: a V on its
   semaphore, which changes no state (it takes itself out as a timed-out
   VP does; sched/park.c). */
static void poke(int vp, int polls)
{
    struct sembuf op = { (unsigned short)vp, 1, 0 };

    if (polls) {
        sched_poll_break();     /* it sleeps in epoll_pwait */
        return;
    }
    while (semop(sg.park_semid, &op, 1) < 0 && errno == EINTR)
        ;
}

/* Rule 1's claim for a wait nobody's sleep covers (the fence: "Timers"
   in ARCHITECTURE.md). */
static void claim_for_role(void)
{
    struct sched_posts p;

    base_full_fence();
    sched_posts_init(&p);
    p.any = sched_wake_claim();
    sched_post_owed(&p);
}

void sched_timers_kick(int for_poll)
{
    int vp, polls;

    base_spin_lock(&tm.lock);
    vp = tm.holder;
    polls = tm.holder_polls;
    base_spin_unlock(&tm.lock);
    if (vp < 0)
        claim_for_role();
    else if (for_poll && !polls)
        poke(vp, 0);            /* it sleeps on its semaphore: to epoll */
}

int sched_timers_holder_polls(int vp)
{
    return CMM_LOAD_SHARED(tm.holder) == vp && CMM_LOAD_SHARED(tm.holder_polls);
}

int sched_timer_add(struct sched_timer *t)
{
    int poke_vp = -1, polls = 0, nobody;

    base_spin_lock(&tm.lock);
    if (room_locked()) {
        base_spin_unlock(&tm.lock);
        return ENOMEM;
    }
    put(t, tm.n++);
    sift_up(t->idx);
    published();
    if (tm.holder >= 0 && (tm.holder_until < 0 || t->due < tm.holder_until)) {
        poke_vp = tm.holder;
        polls = tm.holder_polls;
        tm.holder_until = t->due;
    }
    nobody = tm.holder < 0 && t->idx == 0;
    base_spin_unlock(&tm.lock);
    if (poke_vp >= 0) {
        poke(poke_vp, polls);
    } else if (nobody) {
        /* no VP sleeps until a timer: one parked VP is woken, and takes
           the role when it parks again (rule 1's claim). The fence: the
           count published before the claim reads `parked`, against a
           parker's count before its read of ours (store buffering:
           "Timers" in ARCHITECTURE.md; sched/timer.pml) */
        claim_for_role();
    }
    return 0;
}

void sched_timer_cancel(struct sched_timer *t)
{
    int in_heap;

    base_spin_lock(&tm.lock);
    if ((in_heap = t->idx >= 0)) {
        remove_locked(t);
        published();
    }
    base_spin_unlock(&tm.lock);
    if (!in_heap)
        sched_group_let_go(&t->done);   /* fired: its firer lets go */
}

int sched_sleep_until(long due)
{
    sched_vp_t *sv = sched_current();
    struct sched_timer t = { .due = due, .ult = sv->cur, .vp = sv->vp.id, .wait = 1 };
    int e;

    if (CMM_LOAD_SHARED(sched_kernel_locks))
        return EAGAIN;
    t.seq = uatomic_add_return(&sched_wait_seq, 1);
    if ((e = sched_timer_add(&t)) != 0)
        return e;
    sched_block(&t.wait);       /* t.wait is ours until our context is saved */
    return t.why;
}

void sched_timers_fire(void)
{
    struct sched_timer *due[32];
    struct sched_posts p;
    int k;

    sched_posts_init(&p);
    do {
        long now = base_now_ns();
        k = 0;
        base_spin_lock(&tm.lock);
        while (tm.n && tm.heap[0]->due <= now && k < 32) {
            due[k] = tm.heap[0];
            take_out(due[k++]);
        }
        base_spin_unlock(&tm.lock);
        for (int i = 0; i < k; i++)
            wake(due[i], 0, &p);
        if (k)
            placed(k);
    } while (k == 32);
    sched_post_owed(&p);
}

/* ---- the holder (a parking VP, sched/park.c) ------------------------ */

long sched_timers_hold(int vp, long until, int *held)
{
    int polls;

    *held = 0;
    if (!CMM_LOAD_SHARED(sched_timers_n) && !CMM_LOAD_SHARED(sched_pollers_n))
        return until;
    base_spin_lock(&tm.lock);
    polls = CMM_LOAD_SHARED(sched_pollers_n) && sched_poll_ready();
    if (tm.holder < 0 && (tm.n || polls)) {
        tm.holder = vp;
        tm.holder_polls = polls;
        *held = 1 + polls;
        if (tm.n && (until < 0 || tm.heap[0]->due < until))
            until = tm.heap[0]->due;
        tm.holder_until = until;
    }
    base_spin_unlock(&tm.lock);
    return until;
}

void sched_timers_unhold(int vp)
{
    if (CMM_LOAD_SHARED(tm.holder) != vp)
        return;
    base_spin_lock(&tm.lock);
    if (tm.holder == vp)
        tm.holder = -1;
    base_spin_unlock(&tm.lock);
}

unsigned long sched_timers_latest(int vp)
{
    unsigned long best = 0;

    base_spin_lock(&tm.lock);
    for (int i = 0; i < tm.n; i++)
        if (tm.heap[i]->vp == vp && tm.heap[i]->seq > best)
            best = tm.heap[i]->seq;
    base_spin_unlock(&tm.lock);
    return best;
}

int sched_timers_interrupt(unsigned long seq)
{
    struct sched_timer *t = NULL;
    struct sched_posts p;

    base_spin_lock(&tm.lock);
    for (int i = 0; i < tm.n; i++)
        if (tm.heap[i]->seq == seq)
            t = tm.heap[i];
    if (t)
        take_out(t);
    base_spin_unlock(&tm.lock);
    if (!t)
        return 0;
    sched_posts_init(&p);
    wake(t, EINTR, &p);
    placed(1);
    sched_post_owed(&p);
    return 1;
}

/* A start begins, or a fork()ed child: no ULT sleeps (a start that ended
   in a deadlock may have left some: gone with it). */
void sched_timers_reset(void)
{
    tm.lock = 0;
    tm.n = tm.firing = 0;
    tm.holder = -1;
    published();
}

