/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/poll.c - ULTs that wait for a descriptor: MLTP's poller
 * (ARCHITECTURE.md, "Poller"). One epoll set per process, made on first
 * need, with an eventfd in it; a descriptor waited on is added to it on
 * each wait (EEXIST: already, for this open file), edge-triggered, and has
 * a record: a count of events per direction (in, out) and its waiters. A
 * waiter reads the count before the try that found the descriptor not
 * ready, and blocks only if the count has not moved, under the record's
 * lock: an event between its try and its wait is never lost. Events are
 * read by a VP about to go idle (no wait), and by the VP that holds the
 * timer role, which then sleeps in epoll_pwait until the earliest timer
 * instead of on its semaphore: a post or a poke to it also writes the
 * eventfd (sched/park.c, sched/timer.c). Whoever wakes a waiter (an
 * event, a close, a signal) takes it off its record and claims it, under
 * the record's lock, and places it once its context is saved. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "base/raw.h"
#include "sched/block.h"

#define CHUNK 1024
#define NCHUNKS 1024                /* descriptors below 1M */
#define EVFD_KEY (~0ULL)

struct poll_node {
    struct poll_node *next, *prev;
    ult_t *ult;
    int what;                   /* SCHED_POLL_IN or SCHED_POLL_OUT */
    int vp;                     /* where the wait began */
    unsigned long seq;          /* sched_wait_seq: the latest is interrupted */
    int why;                    /* 0 ready, EINTR, EBADF */
    base_spin_t wait;           /* the waiter's until its context is saved */
    struct sched_group *group;  /* or NULL: a wait on this one alone */
    int linked;                 /* on its record (its lock) */
    int done;                   /* a group's: its waker let go */
};

struct poll_rec {
    base_spin_t lock;
    unsigned int gen[2];
    struct poll_node *first;
};

static struct poll_rec *chunks[NCHUNKS];
static int epfd = -1, evfd = -1;
static base_spin_t make_lock;
long sched_poll_waits;          /* waits begun here, process-wide (tests) */
int sched_pollers_n;            /* ULTs waiting here, from before their
                                   block to their resume (rule 5) */

/* ---- records --------------------------------------------------------- */

static struct poll_rec *rec_of(int fd, int make)
{
    struct poll_rec *c;

    if (fd < 0 || fd >= CHUNK * NCHUNKS)
        return NULL;
    c = CMM_LOAD_SHARED(chunks[fd / CHUNK]);
    if (!c && make) {
        struct poll_rec *n = calloc(CHUNK, sizeof *n);
        if (!n)
            return NULL;
        if ((c = uatomic_cmpxchg(&chunks[fd / CHUNK], NULL, n)) == NULL)
            c = n;
        else
            free(n);
    }
    return c ? &c[fd % CHUNK] : NULL;
}

long sched_poll_gen(int fd, int what)
{
    struct poll_rec *r;

    if (fd < 0 || fd >= CHUNK * NCHUNKS)
        return -1;
    r = rec_of(fd, 0);
    return r ? (long)CMM_LOAD_SHARED(r->gen[what]) : 0;
}

/* ---- the set ---------------------------------------------------------- */

/* The epoll set and its eventfd, made once: 0, or an errno value. */
static int make_set(void)
{
    int e = 0;

    if (CMM_LOAD_SHARED(epfd) >= 0)
        return 0;
    base_spin_lock(&make_lock);
    if (epfd < 0) {
        int ep = epoll_create1(EPOLL_CLOEXEC), ev = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
        struct epoll_event x = { .events = EPOLLIN, .data.u64 = EVFD_KEY };
        if (ep < 0 || ev < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, ev, &x) < 0) {
            e = errno;
            if (ep >= 0)
                base_raw_close(ep);
            if (ev >= 0)
                base_raw_close(ev);
        } else {
            evfd = ev;
            CMM_STORE_SHARED(epfd, ep);
        }
    }
    base_spin_unlock(&make_lock);
    return e;
}

int sched_poll_ready(void)
{
    return CMM_LOAD_SHARED(epfd) >= 0;
}

/* fd in the set. 0, or errno (EPERM: a regular file, which never waits
   this way). */
static int add_fd(int fd)
{
    struct epoll_event x = { .events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET,
                             .data.u64 = (uint64_t)fd };

    if (epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &x) == 0 || errno == EEXIST)
        return 0;
    return errno;
}

void sched_poll_break(void)
{
    static const unsigned long long one = 1;

    if (CMM_LOAD_SHARED(evfd) >= 0)
        (void)base_raw_write(evfd, &one, sizeof one);
}

/* ---- waiting ---------------------------------------------------------- */

static void link_node(struct poll_rec *r, struct poll_node *n)
{
    n->linked = 1;
    n->prev = NULL;
    n->next = r->first;
    if (r->first)
        r->first->prev = n;
    r->first = n;
}

static void unlink_node(struct poll_rec *r, struct poll_node *n)
{
    n->linked = 0;
    if (n->prev)
        n->prev->next = n->next;
    else
        r->first = n->next;
    if (n->next)
        n->next->prev = n->prev;
}

int sched_poll_wait(int fd, int what, long gen)
{
    sched_vp_t *sv = sched_current();
    struct poll_node n = { .ult = sv->cur, .what = what, .vp = sv->vp.id, .wait = 1 };
    struct poll_rec *r;
    int e;

    if (CMM_LOAD_SHARED(sched_kernel_locks))
        return EAGAIN;
    if ((e = make_set()) != 0)
        return e;
    if (!(r = rec_of(fd, 1)))
        return ENOMEM;
    if ((e = add_fd(fd)) != 0)
        return e;
    n.seq = uatomic_add_return(&sched_wait_seq, 1);
    base_spin_lock(&r->lock);
    if ((long)r->gen[what] != gen) {
        base_spin_unlock(&r->lock);
        return 0;               /* an event since the caller's try */
    }
    link_node(r, &n);
    uatomic_inc(&sched_pollers_n);
    uatomic_inc(&sched_poll_waits);
    base_spin_unlock(&r->lock);
    /* the role's holder reads the set; none, or one on its semaphore: as
       for a new timer (sched/timer.c) */
    sched_timers_kick(1);
    sched_block(&n.wait);
    uatomic_dec(&sched_pollers_n);
    return n.why;
}

/* nodes[0..k) off their records (srcs' fds), or their wakers waited for */
static void let_go(const struct sched_poll_src *srcs, struct poll_node *nodes, int k)
{
    for (int i = 0; i < k; i++) {
        struct poll_rec *r = rec_of(srcs[i].fd, 0);
        int mine;
        base_spin_lock(&r->lock);
        if ((mine = nodes[i].linked))
            unlink_node(r, &nodes[i]);
        base_spin_unlock(&r->lock);
        if (!mine)
            sched_group_let_go(&nodes[i].done);
    }
}

int sched_poll_wait_many(const struct sched_poll_src *srcs, int n, long deadline)
{
    sched_vp_t *sv = sched_current();
    struct sched_group g = { .ult = sv->cur, .wait = 1 };
    struct sched_timer t = { .due = deadline, .ult = sv->cur, .vp = sv->vp.id, .group = &g };
    struct poll_node small[8], *nodes = small;
    int e = 0, k, moved = 0, timed = 0;

    if (CMM_LOAD_SHARED(sched_kernel_locks))
        return EAGAIN;
    if (n > 8 && !(nodes = calloc((size_t)n, sizeof *nodes)))
        return ENOMEM;
    if (n && (e = make_set()) != 0)
        goto out;
    t.seq = uatomic_add_return(&sched_wait_seq, 1);
    for (k = 0; k < n; k++) {
        struct poll_rec *r = rec_of(srcs[k].fd, 1);
        nodes[k] = (struct poll_node){ .ult = sv->cur, .what = srcs[k].what, .vp = sv->vp.id,
                                       .seq = t.seq, .group = &g };
        if (!r) {
            e = ENOMEM;
            break;
        }
        if ((e = add_fd(srcs[k].fd)) != 0) {
            if (e == EBADF)     /* closed since the try: the next says so */
                e = 0, moved = 1;
            break;
        }
        base_spin_lock(&r->lock);
        if ((long)r->gen[srcs[k].what] != srcs[k].gen)
            moved = 1;          /* an event since the caller's try */
        else
            link_node(r, &nodes[k]);
        base_spin_unlock(&r->lock);
        if (moved)
            break;
    }
    if (!e && !moved && deadline >= 0)
        timed = (e = sched_timer_add(&t)) == 0;
    if (e || moved) {
        /* not waiting after all: our own claim, unless a waker's came
           first (it places us once our context is saved) */
        if (uatomic_xchg(&g.claimed, 1) == 0)
            g.why = e;
        else
            sched_block(&g.wait);
    } else {
        if (n) {
            uatomic_inc(&sched_pollers_n);
            uatomic_inc(&sched_poll_waits);
            sched_timers_kick(1);   /* the role's holder reads the set */
        }
        sched_block(&g.wait);
        if (n)
            uatomic_dec(&sched_pollers_n);
    }
    let_go(srcs, nodes, k);
    if (timed)
        sched_timer_cancel(&t);
    e = g.why;
out:
    if (nodes != small)
        free(nodes);
    return e;
}

/* ---- waking ----------------------------------------------------------- */

/* n, off its record (lock held by the caller, then dropped): placed once
   its waiter's context is saved; n is gone after that. */
static void place_node(struct poll_node *n, struct sched_posts *p)
{
    sched_vp_t *sv = sched_current();
    ult_t *u;

    if (n->group) {
        sched_group_wake(n->group, n->why == EBADF ? 0 : n->why, &n->done, p);
        return;
    }

    base_spin_lock(&n->wait);
    u = n->ult;
    base_spin_unlock(&n->wait);
    sched_place(u, sv && !sv->cur ? SCHED_WAKE_HANDOFF : SCHED_WAKE_RELEASE, p);
}

/* r's waiters for the directions in mask, off the list with why, r's
   lock held; at most max of them. */
static int take_waiters(struct poll_rec *r, int mask, int why, struct poll_node **out, int max)
{
    int k = 0;

    for (struct poll_node *n = r->first, *next; n && k < max; n = next) {
        next = n->next;
        if (!(mask & (1 << n->what)))
            continue;
        unlink_node(r, n);
        n->why = why;
        out[k++] = n;
    }
    return k;
}

static void wake_rec(struct poll_rec *r, int mask, int why, struct sched_posts *p)
{
    struct poll_node *out[64];
    int k;

    do {
        base_spin_lock(&r->lock);
        for (int d = 0; d < 2; d++)
            if (mask & (1 << d))
                r->gen[d]++;
        k = take_waiters(r, mask, why, out, 64);
        base_spin_unlock(&r->lock);
        for (int i = 0; i < k; i++)
            place_node(out[i], p);
    } while (k == 64);
}

/* The look of a busy VP, at most one every POLL_TICK_NS, by whoever
   wins the CAS: events are not left to an idle VP alone while every VP
   stays busy (Go's sysmon looks every 10 ms). */
#define POLL_TICK_NS 1000000
static long last_look;

void sched_poll_tick(void)
{
    long now = base_now_ns(), last = CMM_LOAD_SHARED(last_look);

    if (now - last >= POLL_TICK_NS && uatomic_cmpxchg(&last_look, last, now) == last)
        sched_poll_run(0, 0);
}

int sched_poll_run(int timeout_ms, int holder)
{
    struct epoll_event ev[64];
    struct sched_posts p;
    int n, woke = 0;

    if (CMM_LOAD_SHARED(epfd) < 0)
        return 0;
    n = epoll_wait(epfd, ev, 64, timeout_ms);
    if (n < 0)
        return errno == EINTR ? -1 : 0;
    sched_posts_init(&p);
    for (int i = 0; i < n; i++) {
        unsigned int e = ev[i].events;
        struct poll_rec *r;
        int mask = 0;
        if (ev[i].data.u64 == EVFD_KEY) {
            /* the holder's wake, read by the holder alone: another VP that
               drained it would leave the holder asleep in epoll with a
               post on its semaphore (sched/timer.pml, NOFIX_EVFD_DRAIN) */
            unsigned long long v;
            if (holder)
                (void)base_raw_read(evfd, &v, sizeof v);
            continue;
        }
        if (!(r = rec_of((int)ev[i].data.u64, 0)))
            continue;
        if (e & (EPOLLIN | EPOLLRDHUP | EPOLLHUP | EPOLLERR | EPOLLPRI))
            mask |= 1 << SCHED_POLL_IN;
        if (e & (EPOLLOUT | EPOLLHUP | EPOLLERR))
            mask |= 1 << SCHED_POLL_OUT;
        wake_rec(r, mask, 0, &p);
        woke++;
    }
    sched_post_owed(&p);
    return woke;
}

void sched_poll_closed(int fd)
{
    struct poll_rec *r = rec_of(fd, 0);
    struct sched_posts p;

    /* the counts move even with nobody linked: a waiter whose try came
       before the close then tries again rather than link on a descriptor
       that epoll has dropped, which no event would ever end */
    if (!r)
        return;
    sched_posts_init(&p);
    wake_rec(r, 3, EBADF, &p);
    sched_post_owed(&p);
}

/* ---- signals ---------------------------------------------------------- */

/* seq 0: the largest seq of a waiter begun on vp (0: none); else that
   waiter woken with EINTR (1 if it was still there). */
static unsigned long scan(int vp, unsigned long seq)
{
    unsigned long best = 0;

    for (int c = 0; c < NCHUNKS; c++) {
        struct poll_rec *ch = CMM_LOAD_SHARED(chunks[c]);
        if (!ch)
            continue;
        for (int i = 0; i < CHUNK; i++) {
            struct poll_rec *r = &ch[i];
            struct poll_node *hit = NULL;
            if (!CMM_LOAD_SHARED(r->first))
                continue;
            base_spin_lock(&r->lock);
            for (struct poll_node *n = r->first; n; n = n->next) {
                if (seq ? n->seq == seq : n->vp == vp && n->seq > best)
                    best = n->seq;
                if (seq && n->seq == seq) {
                    unlink_node(r, n);
                    n->why = EINTR;
                    hit = n;
                    break;
                }
            }
            base_spin_unlock(&r->lock);
            if (hit) {
                struct sched_posts p;
                sched_posts_init(&p);
                place_node(hit, &p);
                sched_post_owed(&p);
                return 1;
            }
        }
    }
    return seq ? 0 : best;
}

unsigned long sched_poll_latest(int vp)
{
    return scan(vp, 0);
}

int sched_poll_interrupt(unsigned long seq)
{
    return (int)scan(-1, seq);
}

/* A fork()ed child: the set is the parent's, and so are the waiters. */
void sched_poll_reset(void)
{
    if (epfd >= 0)
        base_raw_close(epfd);
    if (evfd >= 0)
        base_raw_close(evfd);
    epfd = evfd = -1;
    make_lock = 0;
    sched_pollers_n = 0;
    for (int c = 0; c < NCHUNKS; c++)
        if (chunks[c])
            for (int i = 0; i < CHUNK; i++) {
                chunks[c][i].lock = 0;
                chunks[c][i].first = NULL;
            }
}
