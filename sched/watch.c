/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/watch.c - a ULT waits on its own VP until a word changes
 * (sched_wait_word). The wait is a node on the ULT's stack in its VP's
 * watch list, under the VP's run-queue lock; the VP reads the word at its
 * next switches (SCHED_WATCH_BIT sends them to their slow paths) and while
 * idle. A wait takes no lock but the VP's own and writes no line another
 * VP reads; a release costs the releaser one store (the word), not a push
 * into each waiter's queue; and the woken ULT runs where its data is.
 * Two cases need more: a VP that would park while it watches queues a
 * proxy of itself on the object's wait queue first, and the releaser, who
 * looks at that queue after changing the word, posts it (ARCHITECTURE.md,
 * "Word wait"); and a VP that stays busy (its ULT computes, or blocks in
 * the kernel) does not look, so idle VPs take its watchers whose word
 * changed, as they steal its queued ULTs (sched_watch_steal). */
#include "sched/block.h"
#include "sched/switch.h"

/* The ULTs of a VP that wait for one word to leave one value: a group,
   so that a VP looks once however many wait (a barrier's parties on
   their VP). The node is on its first waiter's stack, which waits as long
   as the group; the waiters are chained by their ->next. */
struct sched_watch {
    struct sched_watch *next;   /* the VP's next group */
    ult_t *first, *last;
    const unsigned int *word;
    unsigned int old;
    const unsigned int *hint;   /* read instead of word until it moves */
    unsigned int hint_seen;     /* the owner's: thieves read the word */
    sched_waitq_t *q;           /* where a proxy goes, under obj's stripe */
    const void *obj;
    int proxied;                /* proxy queued (and not yet taken off) */
    struct sched_waiter proxy;
};

_Static_assert(SCHED_WATCH_BIT != SCHED_STEAL_BIT && SCHED_WATCH_BIT != SCHED_STOP_BIT,
               "a bit of its own");

/* Has w's word changed? The owner reads its hint first, while that has
   not moved; force: the word itself (a thief, or the last look). */
static inline int changed(struct sched_watch *w, int force)
{
    if (w->hint && !force) {
        unsigned int h = base_load_acquire(w->hint);
        if (h == w->hint_seen)
            return 0;
        w->hint_seen = h;
    }
    return CMM_LOAD_SHARED(*w->word) != w->old;
}

/* sv's queue lock held: unlink the watchers whose word changed, in the
   order found, onto *got (SCHED_POLL_UNPROXIED: only those with no proxy
   queued). */
static void take_changed_locked(sched_vp_t *sv, int how, struct sched_watch **got)
{
    struct sched_watch **pw = &sv->watch, *w, **tail = got;

    while ((w = *pw) != NULL) {
        if (((how & SCHED_POLL_UNPROXIED) && w->proxied) ||
            !changed(w, how & SCHED_POLL_FORCE)) {
            pw = &w->next;
            continue;
        }
        *pw = w->next;
        w->next = NULL;
        *tail = w;
        tail = &w->next;
    }
    if (!sv->watch)
        CMM_STORE_SHARED(sv->rq->bitmap, sv->rq->bitmap & ~SCHED_WATCH_BIT);
}

/* The proxy off its queue, unless the releaser took it (it then set
   woken, under the lock we take, once done with the node). No run-queue
   lock held (a stripe lock comes first). */
static void unproxy(struct sched_watch *w)
{
    base_spin_t *s = sched_stripe_take(w->obj);

    if (!w->proxy.woken)
        sched_waitq_remove(w->q, &w->proxy);
    base_spin_unlock(s);
    w->proxied = 0;
}

/* Groups taken off a list: their proxies off, and what was written
   before their words changed seen. Their ULTs, in the order they came,
   chained by ->next; the nodes are gone once a ULT runs. */
static ult_t *settle(struct sched_watch *got, ult_t **last)
{
    ult_t *first = NULL, *tail = NULL;

    for (struct sched_watch *w = got, *next; w; w = next) {
        next = w->next;
        if (w->proxied)
            unproxy(w);
        if (tail)
            tail->next = w->first;
        else
            first = w->first;
        tail = w->last;
    }
    base_acquire_fence();
    *last = tail;
    return first;
}

/* ULTs first..last (chained) into sv's queue, as a thief queues them.
   SCHED_POLL_UNPROXIED: a wait queue's lock is held, so no post (rule
   5): sv is busy and runs them next, as it would have at its next look;
   the claim a thief would make for the others is left to spinners, and
   the reaper's tick (sched/rescue.c) bounds the wait if sv then blocks
   in the kernel. */
static void queue_all(sched_vp_t *sv, ult_t *first, ult_t *last, int how)
{
    struct sched_posts p;
    int place = how & SCHED_POLL_UNPROXIED ? SCHED_PLACE_STOLEN | SCHED_PLACE_NOPOST
                                           : SCHED_PLACE_STOLEN;

    sched_posts_init(&p);
    sched_rq_lock_push(sv->rq);
    for (ult_t *u = first, *next;; u = next) {
        next = u->next;
        sched_place_here_locked(sv->rq, u, place, &p);
        if (u == last)
            break;
    }
    sched_rq_unlock(sv->rq);
    sched_post_owed(&p);
}

int sched_watch_poll(sched_vp_t *sv, int how)
{
    struct sched_runq *q = sv->rq;
    struct sched_watch *got = NULL;
    ult_t *first, *last;
    int n = 0;

    sched_rq_lock_push(q);
    take_changed_locked(sv, how, &got);
    sched_rq_unlock(q);
    if (!got)
        return 0;
    first = settle(got, &last);
    for (ult_t *u = first;; u = u->next) {
        n++;
        if (u == last)
            break;
    }
    queue_all(sv, first, last, how);
    return n;
}

/* An idle VP: the changed groups of the first busy VP that has some. The
   first ULT to run now, the others queued here. */
ult_t *sched_watch_steal(sched_vp_t *sv)
{
    sched_vp_t *v;

    SCHED_FOR_OTHER_VPS(v, sv) {
        struct sched_runq *q = v->rq;
        struct sched_watch *got = NULL;
        ult_t *first, *last;

        if (!(CMM_LOAD_SHARED(q->bitmap) & SCHED_WATCH_BIT) ||
            CMM_LOAD_SHARED(q->idle) != SCHED_RQ_BUSY)
            continue;
        sched_rq_lock_push(q);
        /* a VP that is not busy reads its list without its lock */
        if (q->idle == SCHED_RQ_BUSY)
            take_changed_locked(v, SCHED_POLL_FORCE, &got);
        sched_rq_unlock(q);
        if (!got)
            continue;
        first = settle(got, &last);
        sv->steals++;
        if (first != last)
            queue_all(sv, first->next, last, 0);
        sched_place_running(sv->rq, first);
        return first;
    }
    return NULL;
}

/* v's queue lock held: has busy v watchers an idle VP could take? */
int sched_watch_stealable_locked(sched_vp_t *v)
{
    if (v->rq->idle != SCHED_RQ_BUSY)
        return 0;
    for (struct sched_watch *w = v->watch; w; w = w->next)
        if (changed(w, 1))
            return 1;
    return 0;
}

/* A busy VP other than sv (NULL: outside VPs) whose watchers' word
   changed, looked at under its lock: 1 if found. p: make the claim for a
   parked VP to take them there, under that same lock ("Park": the lock
   of the queue where the work is). */
static int busy_watchers_released(sched_vp_t *sv, struct sched_posts *p)
{
    sched_vp_t *v;

    SCHED_FOR_OTHER_VPS(v, sv) {
        struct sched_runq *q = v->rq;
        int r;

        /* the releaser (p) reads no bit unlocked: a waiter sets it after
           its last look at the word, with no fence between */
        if ((!p && !(CMM_LOAD_SHARED(q->bitmap) & SCHED_WATCH_BIT)) ||
            CMM_LOAD_SHARED(q->idle) != SCHED_RQ_BUSY)
            continue;
        sched_rq_lock_push(q);
        if ((r = sched_watch_stealable_locked(v)) && p)
            p->any = sched_wake_claim();
        sched_rq_unlock(q);
        if (r)
            return 1;
    }
    return 0;
}

/* The same for every other VP, each under its lock: an idle VP looks now
   and then (the owner may not look for long). */
int sched_watch_stealable(sched_vp_t *sv)
{
    return busy_watchers_released(sv, NULL);
}

/* Test hook: the releaser leaves busy VPs' waiters (to the reaper's tick) */
int sched_released_busy_skip;

/*
 * ARCHITECTURE.md, "Word wait". The releaser R of a word W, after its
 * full fence (the CAS that changed W). Three kinds of VP may hold W's
 * waiters:
 *   - spinning: it reads W (or its bell) itself;
 *   - parked: it queued a proxy on q first, and R posts it;
 *   - busy (its ULT computes, or waits in the kernel): it reads nothing
 *     until it switches. A waiter's VP was BUSY before the waiter's
 *     arrival, which R's change of W follows: R sees BUSY, or a later
 *     state. R looks at such a VP's list under its lock (the waiter adds
 *     its group under that lock and reads W there after R, if not before)
 *     and wakes a parked VP to take them, unless a VP spins: a spinner
 *     looks at busy VPs' lists, or parks, and a parking VP counts itself
 *     parked before it looks (R: change W, read parked; P: parked++, look
 *     at W: store buffering, both fenced).
 * The bell and the caller's own watchers are sched_word_released's, in
 * sched/block.h: inline, with this called only when there is more to do.
 */
void sched_word_released_slow(const void *obj, sched_waitq_t *q, const void *key)
{
    struct sched_posts p;

    sched_posts_init(&p);
    if (CMM_LOAD_SHARED(q->last)) {
        base_spin_t *s = sched_stripe_take(obj);
        sched_wake_all_locked(q, key, NULL, SCHED_WAKE_RELEASE, &p);
        sched_unlock_wake(s, &p);
    }
    if (!CMM_LOAD_SHARED(sg.idle.spinning) && CMM_LOAD_SHARED(sg.idle.parked) &&
        !sched_released_busy_skip && busy_watchers_released(sched_current(), &p))
        sched_post_owed(&p);
}

void sched_watch_look_here(void)
{
    sched_vp_t *sv = sched_current();

    if (sv && sched_watching(sv))
        sched_watch_poll(sv, 0);
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
static inline void wait_word(sched_vp_t *sv, ult_t *self, const unsigned int *word,
                             unsigned int old, const unsigned int *hint, sched_waitq_t *q,
                             const void *obj, const void *key)
{
    struct sched_runq *rq = sv->rq;
    ult_t *next;
    struct sched_watch w, *g;

    if (sched_watching(sv))         /* released ones run before we wait */
        sched_watch_poll(sv, 0);
    sched_rq_lock(rq);
    if (__builtin_expect(sched_rq_stopped(rq), 0)) {
        sched_rq_unlock(rq);
        sched_stop_here(sv);
    }
    if (CMM_LOAD_SHARED(*word) != old) {    /* changed already */
        sched_rq_unlock(rq);
        base_acquire_fence();
        return;
    }
    for (g = sv->watch; g && (g->word != word || g->old != old); g = g->next)
        ;
    if (g) {                                /* the group's last */
        g->last->next = self;
        g->last = self;
    } else {                                /* a group of its own, first */
        w = (struct sched_watch){ .first = self, .last = self, .word = word, .old = old,
                                  .hint = hint, .q = q, .obj = obj };
        if (hint)
            w.hint_seen = base_load_acquire(hint);  /* before the word's last look */
        sched_waiter_init(&w.proxy, key);
        w.proxy.ult = NULL;
        w.proxy.vp = sv->vp.id;
        w.next = sv->watch;
        sv->watch = &w;
        if (CMM_LOAD_SHARED(*word) != old) {    /* after the hint: once more */
            sv->watch = w.next;
            sched_rq_unlock(rq);
            base_acquire_fence();
            return;
        }
        CMM_STORE_SHARED(rq->bitmap, rq->bitmap | SCHED_WATCH_BIT);
    }
    if (!(next = sched_pop(rq, 0)))
        sched_rq_going_idle(rq);
    /* a thief may take us once we unlock: our context must be saved
       first, so the switch releases the lock (rule 3) */
    switch_locked(sv, self, next, &rq->lock);
    /* readied by a poll or a thief, which took the proxy off and fenced */
}

/* A stack without guard pages checked; a traced ULT's stop and run. */
static __attribute__((noinline)) void
wait_word_flagged(sched_vp_t *sv, ult_t *self, const unsigned int *word, unsigned int old,
                  const unsigned int *hint, sched_waitq_t *q, const void *obj, const void *key)
{
    sched_check_stack(sv, self);
    if (self->flags & ULT_TRACED)
        sched_trace_stop(self, BASE_TRACE_WAIT, obj, SCHED_ON_BARRIER);
    wait_word(sv, self, word, old, hint, q, obj, key);
    if (self->flags & ULT_TRACED)
        sched_trace_run(self);
}

void sched_wait_word(const unsigned int *word, unsigned int old, const unsigned int *hint,
                     sched_waitq_t *q, const void *obj, const void *key)
{
    sched_vp_t *sv = sched_current();
    ult_t *self = sv->cur;

    if (__builtin_expect(self->flags & (ULT_UNGUARDED | ULT_TRACED), 0)) {
        wait_word_flagged(sv, self, word, old, hint, q, obj, key);
        return;
    }
    wait_word(sv, self, word, old, hint, q, obj, key);
}
#pragma GCC diagnostic pop

/* ARCHITECTURE.md, "Word wait": before its VP V sleeps, each watcher
 * gets a proxy on its object's queue; the releaser R changes the word,
 * then looks at that queue:
 *
 *   V (stripe lock held)             R
 *   add the proxy to q               word = new (a full fence after)
 *   smp_mb()
 *   word still old? then sleep       q empty? then nobody to post
 *
 * Store buffering, fenced both sides: one of the two sees the other. R
 * posts V under V's queue lock (sched_place_look), under which V looks at
 * the words once more before it parks. V is not busy: no thief walks its
 * list, so it reads it without its lock. 1 if a word changed (the VP then
 * polls instead of sleeping). */
int sched_watch_proxy_all(sched_vp_t *sv)
{
    for (struct sched_watch *w = sv->watch; w; w = w->next) {
        if (w->proxied)
            continue;
        base_spin_t *s = sched_stripe_take(w->obj);
        w->proxy.woken = 0;
        sched_waitq_add(w->q, &w->proxy);
        base_full_fence();
        if (changed(w, 1)) {
            sched_waitq_remove(w->q, &w->proxy);
            base_spin_unlock(s);
            return 1;
        }
        w->proxied = 1;
        base_spin_unlock(s);
    }
    return 0;
}

int sched_watch_changed(sched_vp_t *sv)
{
    for (struct sched_watch *w = sv->watch; w; w = w->next)
        if (changed(w, 1))
            return 1;
    return 0;
}

/* A start begins (no VP runs): the proxies that the last start's parked
   VPs queued are taken off. They name a VP that may not be in this start,
   or may not park again before the release, whose post would then be
   lost; a VP that parks queues its own. */
void sched_watch_unproxy_all(sched_vp_t *sv)
{
    for (struct sched_watch *w = sv->watch; w; w = w->next)
        if (w->proxied)
            unproxy(w);
}

/* A start that lacks VP i's successor: its watchers to VP 0's list (no VP
   runs; their proxies were taken off). */
void sched_watch_move_all(sched_vp_t *to, sched_vp_t *from)
{
    struct sched_watch *w;

    while ((w = from->watch) != NULL) {
        from->watch = w->next;
        w->next = to->watch;
        to->watch = w;
    }
    /* a bound thread may push into to's queue: its lock, then from's */
    sched_rq_lock(to->rq);
    if (to->watch)
        to->rq->bitmap |= SCHED_WATCH_BIT;
    sched_rq_unlock(to->rq);
    sched_rq_lock(from->rq);
    from->rq->bitmap &= ~SCHED_WATCH_BIT;
    sched_rq_unlock(from->rq);
}
