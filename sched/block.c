/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/block.c - wait queues for sync/ (sched/block.h), each under the
 * lock its caller holds. A queue is a circular list of waiter nodes known
 * by its last node: adding and taking the first are O(1), in one pointer. */
#include "base/backoff.h"
#include "sched/block.h"

struct sched_stripe sched_stripes[SCHED_STRIPES];
base_spin_t sched_solo_lock;

void sched_waiter_init(struct sched_waiter *w, const void *key)
{
    w->next = NULL;
    w->ult = sched_running();
    w->key = key;
    w->vp = -1;
    w->woken = 0;
}

void sched_waitq_add(sched_waitq_t *q, struct sched_waiter *w)
{
    struct sched_waiter *last = q->last;

    if (last) {
        w->next = last->next;
        last->next = w;
    } else {
        w->next = w;
    }
    q->last = w;
}

void sched_waitq_remove(sched_waitq_t *q, struct sched_waiter *w)
{
    struct sched_waiter *p = w;

    if (w->next == w) {
        q->last = NULL;
        return;
    }
    while (p->next != w)
        p = p->next;
    p->next = w->next;
    if (q->last == w)
        q->last = p;
}

/* A kernel-level waiter's node stays queued only while it waits here: its
   address never dangles (ARCHITECTURE.md, "Kernel-level waiter"). */
void sched_wait_queued(struct sched_waiter *w, base_spin_t *held)
{
    struct base_backoff b = BASE_BACKOFF_INIT;

    if (w->ult) {
        sched_block(held);
        return;
    }
    base_spin_unlock(held);
    while (!CMM_LOAD_SHARED(w->woken))
        base_backoff(&b);
    base_acquire_fence();
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
void sched_wait_locked(base_spin_t *held, sched_waitq_t *q, const void *key)
{
    struct sched_waiter w;

    sched_waiter_init(&w, key);
    sched_waitq_add(q, &w);
    sched_wait_queued(&w, held);
}
#pragma GCC diagnostic pop

/* A ULT waiter is placed (sched/place.c; its context is saved: the
   queue's lock, held, was released only after); a kernel-level one is
   told (it may return, and its node vanish, at once). solo (a constant
   where it is inlined): VP 0 alone and never parked, the push inline,
   ~13 instructions and no call. */
static inline void wake(struct sched_waiter *w, int how, int solo,
                        struct sched_posts *p)
{
    ult_t *u = w->ult;

    if (!u) {
        if (w->vp >= 0 && !solo)
            sched_place_look(w->vp, p);     /* a proxy */
        base_store_release(&w->woken, 1);
        return;
    }
    if (!solo) {
        sched_place(u, how, p);
        return;
    }
    if (how & SCHED_WAKE_FRONT)
        sched_push_front(&sched_runqs[0], u);
    else
        sched_push_back(&sched_runqs[0], u);
}

void sched_wake_locked(sched_waitq_t *q, const void *key, int how,
                       struct sched_posts *p)
{
    struct sched_waiter *last = q->last, *prev = last, *w;

    if (!last)
        return;
    for (w = last->next; key && w->key != key; prev = w, w = w->next)
        if (w == last)
            return;
    if (w == prev)
        q->last = NULL;
    else {
        prev->next = w->next;
        if (w == last)
            q->last = prev;
    }
    wake(w, how, sched_solo_on, p);
}

/* Unlinks in place: q->last never reads NULL while a waiter that stays is
   queued (a releaser reads it without the lock: ARCHITECTURE.md,
   "Word wait"). prev is always w's predecessor in the queue. */
static inline void wake_all(sched_waitq_t *q, const void *key,
                            const struct sched_waiter *skip, int how, int solo,
                            struct sched_posts *p)
{
    struct sched_waiter *last = q->last, *prev = last, *w, *next;

    if (!last)
        return;
    for (w = last->next;; w = next) {
        next = w->next;         /* w may vanish once woken */
        int end = w == last;
        if (key && w->key != key) {
            prev = w;           /* stays, in order */
        } else {
            if (prev == w)
                q->last = NULL;
            else {
                prev->next = next;
                if (q->last == w)
                    q->last = prev;
            }
            if (w != skip)
                wake(w, how, solo, p);
        }
        if (end)
            break;
    }
}

/* Two copies of the loop, each a tail call away: the solo one calls
   nothing, so it saves no register (a 2-party barrier's release: ~14
   instructions fewer). */
static __attribute__((noinline)) void wake_all_solo(sched_waitq_t *q, const void *key,
                                                    const struct sched_waiter *skip, int how)
{
    wake_all(q, key, skip, how, 1, NULL);
}

static __attribute__((noinline)) void wake_all_shared(sched_waitq_t *q, const void *key,
                                                      const struct sched_waiter *skip, int how,
                                                      struct sched_posts *p)
{
    wake_all(q, key, skip, how, 0, p);
}

void sched_wake_all_locked(sched_waitq_t *q, const void *key,
                           const struct sched_waiter *skip, int how,
                           struct sched_posts *p)
{
    if (sched_solo_on)
        wake_all_solo(q, key, skip, how);
    else
        wake_all_shared(q, key, skip, how, p);
}
