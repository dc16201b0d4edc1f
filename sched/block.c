/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/block.c - wait queues for sync/ (sched/block.h), each under the
 * lock its caller holds. A queue is a circular list of waiter nodes known
 * by its last node: adding and taking the first are O(1), in one pointer. */
#include "base/backoff.h"
#include "sched/block.h"
#include "sched/switch.h"
#include "sched/tls.h"

struct sched_stripe sched_stripes[SCHED_STRIPES];
base_spin_t sched_solo_lock;

/* A waiter alone (last NULL): a group's fields are sched_episode_wait's,
   and read only for a group (a condition's round trip: 5 stores fewer). */
void sched_waiter_init(struct sched_waiter *w, const void *key)
{
    w->next = NULL;
    w->ult = sched_running();
    w->key = key;
    w->last = NULL;
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

/* ---- episode lists (ARCHITECTURE.md, "Episode list") --------------- */
/* The head: NULL, a node (8-aligned), or closed(e), odd. */
static inline uintptr_t closed(unsigned int ep) { return (uintptr_t)ep << 1 | 1; }
static inline unsigned int key_episode(const void *key) { return (unsigned int)((uintptr_t)key - 1); }

/* Has the head h, closed, seen episode ep's release? Later episodes of
   the list's parity count too (wrap-aware: a lagging waiter may look
   thousands of episodes later). */
static inline int closed_since(uintptr_t h, unsigned int ep)
{
    return (h & 1) && (int)((unsigned int)(h >> 1) - ep) >= 0;
}

/* w pushed for episode ep: 1; or 0, the list closed for ep (w not
   pushed). One CAS on the list's line: the same word as the releaser's
   close, so one of the two sees the other, with no fence of ours. */
static int episode_push(void **list, struct sched_waiter *w, unsigned int ep)
{
    uintptr_t h = (uintptr_t)CMM_LOAD_SHARED(*list), seen;

    for (;; h = seen) {
        if (closed_since(h, ep))
            return 0;
        w->next = h & 1 ? NULL : (struct sched_waiter *)h;
        if ((seen = uatomic_cmpxchg((uintptr_t *)list, h, (uintptr_t)w)) == h)
            return 1;
    }
}

/* block_grouped's switch for a traced ULT (its stop, and back its run)
   and one with a TLS block of its own (the thread pointer handed over,
   and back its block selected). */
static void __attribute__((noinline)) block_grouped_flagged(sched_vp_t *sv, ult_t *self,
                                                            ult_t *next)
{
    if (self->flags & ULT_TRACED)
        sched_trace_stop(self, BASE_TRACE_BLOCK, NULL, 0);
    if (self->flags & ULT_OWN_TLS)
        sched_tls_hand_over(sv, next);
    switch_locked(sv, self, next, &sv->rq->lock);
    if (self->flags & ULT_OWN_TLS)
        sched_tls_enter(self);
    if (self->flags & ULT_TRACED)
        sched_trace_run(self);
    base_acquire_fence();
}

/* Blocked in our VP's group, rq's lock held: the next ULT popped, then
   rq's lock released by the switch once our context is saved (rule 3),
   where a release that queues the group takes it first. */
static void block_grouped(sched_vp_t *sv, ult_t *self)
{
    struct sched_runq *rq = sv->rq;
    ult_t *next;

    if (__builtin_expect(sched_rq_stopped(rq), 0)) {
        sched_rq_unlock(rq);
        sched_stop_here(sv);
    }
    if (!(next = sched_pop(rq, 0)))
        sched_rq_going_idle(rq);
    if (__builtin_expect(self->flags & (ULT_TRACED | ULT_OWN_TLS), 0)) {
        block_grouped_flagged(sv, self, next);
        return;
    }
    switch_locked(sv, self, next, &rq->lock);
    base_acquire_fence();
}

/* ARCHITECTURE.md, "Episode list": our VP's run-queue lock is held from
   before the push to the switch, so a releaser that takes our node at
   once queues it (under that lock) only once we have blocked. A later
   waiter of our VP joins the group under that lock alone, while it is
   named there: the releaser unnames it under that lock before it queues
   it. */
void sched_episode_wait(void **list, unsigned int ep)
{
    sched_vp_t *sv = sched_current();
    ult_t *self = sv->cur;
    const void *key = sched_episode_key(ep);
    struct sched_waiter *g, mine;

    sched_check_stack(sv, self);
    sched_rq_lock(sv->rq);
    if ((g = sv->group) != NULL && g->key == key && g->where == list) {
        g->last->next = self;
        g->last = self;
        g->n++;
        g->mixed |= self->prio != g->ult->prio;
        block_grouped(sv, self);
        return;
    }
    sched_waiter_init(&mine, key);
    mine.last = self;
    mine.where = list;
    mine.vp = sv->vp.id;
    mine.n = 1;
    mine.mixed = 0;
    mine.handoff = SCHED_HANDOFF_NONE;
    if (!episode_push(list, &mine, ep)) {
        sched_rq_unlock(sv->rq);
        base_acquire_fence();
        return;
    }
    sv->group = &mine;
    block_grouped(sv, self);
}

void sched_episode_wait_solo(void **list, unsigned int ep)
{
    struct sched_waiter w;
    uintptr_t h = (uintptr_t)*list;

    sched_waiter_init(&w, sched_episode_key(ep));
    w.next = h & 1 ? NULL : (struct sched_waiter *)h;
    *list = &w;
    sched_wait_queued(&w, &sched_solo_lock);
}
#pragma GCC diagnostic pop

/* ARCHITECTURE.md, "Group hand-over" (sched/handoff.pml): the ask is a
   CAS under our run-queue lock while the group is named there (so not
   yet queued, and its node alive); the releaser's exchange and our CAS
   taking the ask back decide, once, who queues it. */
int sched_spin_group(void *const *list, unsigned int ep, int (*done)(void *), void *arg)
{
    sched_vp_t *sv = sched_current();
    const void *key = sched_episode_key(ep);
    struct sched_waiter *g;
    struct sched_posts p;
    int released;

    if (!sched_spin_pays())
        return 0;
    /* none named: none can be while we run (only our VP names one) */
    if ((g = CMM_LOAD_SHARED(sv->group)) != NULL) {
        sched_rq_lock(sv->rq);
        g = sv->group;
        if (g && (g->key != key || g->where != list ||
                  uatomic_cmpxchg(&g->handoff, SCHED_HANDOFF_NONE, SCHED_HANDOFF_ASKED) !=
                  SCHED_HANDOFF_NONE))
            g = NULL;
        sched_rq_unlock(sv->rq);
    }
    released = sched_spin_until(done, arg);
    if (!g)
        return released;
    /* the releaser is on its way: its exchange, ~a line's transfer */
    if (released) {
        long deadline = base_now_ns() + sched_spin_ns();
        for (unsigned int n = 1; CMM_LOAD_SHARED(g->handoff) != SCHED_HANDOFF_HANDED; n++) {
            caa_cpu_relax();
            if ((n & 0x3f) == 0 && base_now_ns() >= deadline)
                break;
        }
    }
    if (uatomic_cmpxchg(&g->handoff, SCHED_HANDOFF_ASKED, SCHED_HANDOFF_NONE) ==
        SCHED_HANDOFF_ASKED)
        return released;        /* its releaser queues it */
    base_acquire_fence();
    sched_posts_init(&p);
    sched_place_group(g, &p);
    sched_post_owed(&p);
    return 1;
}

/* A group from an earlier start, in a solo one: queue 0, in order. */
static __attribute__((noinline)) void wake_group_solo(ult_t *u, ult_t *last)
{
    for (ult_t *next;; u = next) {
        next = u->next;
        sched_push_back(&sched_runqs[0], u);
        if (u == last)
            break;
    }
}

/* A group whose VP's spinner asked for it is handed over (1; w gone
   then); else (0) ours to queue. One exchange: a spinner that takes its
   ask back afterwards finds HANDED, and queues it (sched_spin_group);
   one that asks afterwards finds it not NONE, and does not. */
static inline int hand_over(struct sched_waiter *w)
{
    return uatomic_xchg(&w->handoff, SCHED_HANDOFF_HANDED) == SCHED_HANDOFF_ASKED;
}

/* A ULT waiter is placed (sched/place.c; its context is saved: the
   queue's lock, held, was released only after), a group as one; a
   kernel-level one is told (it may return, and its node vanish, at once).
   solo (a constant where it is inlined): VP 0 alone and never parked,
   the push inline, ~13 instructions and no call. */
static inline void wake(struct sched_waiter *w, int how, int solo,
                        struct sched_posts *p)
{
    ult_t *u = w->ult, *last;

    if (!u) {
        base_store_release(&w->woken, 1);
        return;
    }
    if (__builtin_expect((last = w->last) != NULL, 0)) {
        /* the node is the first waiter's: read before it may run */
        if (solo)
            wake_group_solo(u, last);
        else if (!hand_over(w))
            sched_place_group(w, p);
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

/* Unlinks in place; prev is always w's predecessor in the queue. Each
   one unlinked (but skip) is woken at once. */
static inline void wake_all(sched_waitq_t *q, const void *key,
                            const struct sched_waiter *skip, int how,
                            int solo, struct sched_posts *p)
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

/* What a release took from an episode list (first, its newest node)
   for episode ep: the older episodes' groups woken, in the order they
   came (the list reversed: a solo start's waiters are each a node);
   a later episode's pushed back, or woken if the list was closed for it
   meanwhile (sched/episode.pml). solo: a constant where it is inlined. */
static inline void wake_taken(void **list, struct sched_waiter *first, unsigned int ep,
                              int solo, struct sched_posts *p)
{
    struct sched_waiter *w, *next, *old = NULL;

    for (w = first; w; w = next) {
        next = w->next;
        w->next = old;
        old = w;
    }
    for (w = old; w; w = next) {
        next = w->next;         /* w may vanish once woken */
        unsigned int k = key_episode(w->key);
        if ((int)(k - ep) <= 0 || !episode_push(list, w, k))
            wake(w, SCHED_WAKE_RELEASE, solo, p);
    }
}

static __attribute__((noinline)) void wake_taken_shared(void **list, struct sched_waiter *first,
                                                        unsigned int ep)
{
    struct sched_posts p;

    sched_posts_init(&p);
    wake_taken(list, first, ep, 0, &p);
    sched_post_owed(&p);
}

/* ARCHITECTURE.md, "Episode list": closed by a CAS, never back to an
   older episode's close (a waiter of a later one, late to push, would
   then wait for good). */
void sched_episode_release(void **list, unsigned int ep)
{
    uintptr_t h = (uintptr_t)CMM_LOAD_SHARED(*list), seen;

    for (;; h = seen) {
        if (closed_since(h, ep))
            return;             /* a later release took all */
        if ((seen = uatomic_cmpxchg((uintptr_t *)list, h, closed(ep))) == h)
            break;
    }
    if (h && !(h & 1))
        wake_taken_shared(list, (struct sched_waiter *)h, ep);
}

/* No call but the one that wakes: a 2-party barrier's release on 1 VP. */
static __attribute__((noinline)) void wake_taken_solo(void **list, struct sched_waiter *first,
                                                      unsigned int ep)
{
    wake_taken(list, first, ep, 1, NULL);
}

void sched_episode_release_solo(void **list, unsigned int ep)
{
    uintptr_t h = (uintptr_t)*list;

    if (closed_since(h, ep))
        return;
    *list = (void *)closed(ep);
    if (h && !(h & 1))
        wake_taken_solo(list, (struct sched_waiter *)h, ep);
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
