/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/word.c - word waits, a futex for ULTs (mltp_word_wait,
 * mltp_word_wake). A waiter is a node on its own stack, queued in the
 * bucket its word's address hashes to, under that bucket's spin lock: a
 * ULT's node is one source of a group wait (sched/group.c), its timer the
 * other, so whichever comes first places it once (ARCHITECTURE.md, "Word
 * wait"; sched/group.pml); another thread's node is a futex word of its
 * own. A wake takes nodes off under the lock and the wait they belong to
 * reports woken, even if its timer fired meanwhile: a wake taken is
 * never lost. Lines written: the bucket's (lock and list) by each wait
 * and each wake that finds a waiter; a wake that finds none writes the
 * lock only. */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include "base/raw.h"
#include "sched/block.h"

#define BUCKETS 256

struct word_node {
    struct word_node *next, *prev;
    const volatile unsigned int *word;
    struct sched_group *group;  /* a ULT's; NULL: a futex waiter */
    int queued;                 /* on its bucket (the bucket's lock) */
    int done;                   /* its waker let go */
    unsigned int woken;         /* a futex waiter's word */
};

static struct word_bucket {
    base_spin_t lock;
    struct word_node *head, *tail;
} buckets[BUCKETS] __attribute__((aligned(64)));

static struct word_bucket *bucket_of(const volatile unsigned int *w)
{
    uintptr_t a = (uintptr_t)w;
    return &buckets[(a >> 2 ^ a >> 11 ^ a >> 20) % BUCKETS];
}

static void link_node(struct word_bucket *b, struct word_node *n)
{
    n->next = NULL;
    n->prev = b->tail;
    if (b->tail)
        b->tail->next = n;
    else
        b->head = n;
    b->tail = n;
    n->queued = 1;
}

static void unlink_node(struct word_bucket *b, struct word_node *n)
{
    if (n->prev)
        n->prev->next = n->next;
    else
        b->head = n->next;
    if (n->next)
        n->next->prev = n->prev;
    else
        b->tail = n->prev;
    n->queued = 0;
}

/* Off the bucket, its waiter not woken yet: 1 if a waker took it
   (then wait until it lets go), 0 if we took it ourselves. */
static int take_back(struct word_bucket *b, struct word_node *n)
{
    int taken;

    base_spin_lock(&b->lock);
    if ((taken = !n->queued) == 0)
        unlink_node(b, n);
    base_spin_unlock(&b->lock);
    if (taken)
        sched_group_let_go(&n->done);
    return taken;
}

/* A thread with no VP to give away (outside a ULT, or holding a
   semaphore lock): it sleeps on its node's own futex word. */
static int wait_in_kernel(struct word_bucket *b, struct word_node *n, long deadline)
{
    int why = 0;

    base_spin_unlock(&b->lock);
    while (!CMM_LOAD_SHARED(n->woken) && !why) {
        struct timespec rel, *tp = NULL;
        if (deadline >= 0) {
            long left = deadline - base_now_ns();
            if (left <= 0) {
                why = ETIMEDOUT;
                break;
            }
            rel.tv_sec = left / 1000000000L;
            rel.tv_nsec = left % 1000000000L;
            tp = &rel;
        }
        if (base_syscall(SYS_futex, &n->woken, FUTEX_WAIT_PRIVATE, 0, tp, NULL, 0) < 0 &&
            errno == EINTR)
            why = EINTR;
    }
    if (take_back(b, n))
        return 0;
    return why ? why : 0;
}

int mltp_word_wait(volatile unsigned int *word, unsigned int expected, long deadline_ns)
{
    struct word_bucket *b = bucket_of(word);
    sched_vp_t *sv = sched_current();
    struct word_node n = { .word = word };
    struct sched_group g = { .wait = 1 };
    struct sched_timer t = { .due = deadline_ns, .group = &g };
    int e = 0, timed = 0;

    if (!word || deadline_ns < -1)
        return EINVAL;
    base_spin_lock(&b->lock);
    /* the load under the lock: a waker changes the word, then takes this
       lock to wake, so it sees our node or we see its change */
    if (CMM_LOAD_SHARED(*word) != expected) {
        base_spin_unlock(&b->lock);
        return EAGAIN;
    }
    if (deadline_ns >= 0 && deadline_ns <= base_now_ns()) {
        base_spin_unlock(&b->lock);
        return ETIMEDOUT;
    }
    if (!sched_in_ult() || CMM_LOAD_SHARED(sched_kernel_locks)) {
        link_node(b, &n);
        return wait_in_kernel(b, &n, deadline_ns);
    }
    g.ult = t.ult = sv->cur;
    t.vp = sv->vp.id;
    n.group = &g;
    link_node(b, &n);
    base_spin_unlock(&b->lock);
    if (deadline_ns >= 0) {
        t.seq = uatomic_add_return(&sched_wait_seq, 1);
        timed = (e = sched_timer_add(&t)) == 0;
    }
    if (e) {
        /* no timer: our own claim, unless a waker's came first */
        if (uatomic_xchg(&g.claimed, 1) == 0)
            g.why = e;
        else
            sched_block(&g.wait);
    } else {
        sched_block(&g.wait);
    }
    if (timed)
        sched_timer_cancel(&t);
    if (g.why == 0 || take_back(b, &n))
        return 0;               /* a wake took our node: it counts */
    return g.why;
}

int mltp_word_wake(volatile unsigned int *word, int n)
{
    struct word_bucket *b = bucket_of(word);
    struct word_node *taken = NULL, **tail = &taken, *w, *next;
    struct sched_posts p;
    int k = 0;

    if (!word || n < 0)
        return -EINVAL;
    base_spin_lock(&b->lock);
    for (w = b->head; w && k < n; w = next) {
        next = w->next;
        if (w->word != word)
            continue;
        unlink_node(b, w);
        w->next = NULL;
        *tail = w;
        tail = &w->next;
        k++;
    }
    base_spin_unlock(&b->lock);
    sched_posts_init(&p);
    for (w = taken; w; w = next) {
        next = w->next;         /* read before the node may go */
        if (w->group) {
            sched_group_wake(w->group, 0, &w->done, &p);
        } else {
            CMM_STORE_SHARED(w->woken, 1);
            base_syscall(SYS_futex, &w->woken, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
            CMM_STORE_SHARED(w->done, 1);
        }
    }
    sched_post_owed(&p);
    return k;
}

/* A fork()ed child: the parent's waiters stay with the parent. */
void sched_words_reset(void)
{
    for (int i = 0; i < BUCKETS; i++)
        buckets[i] = (struct word_bucket){ 0 };
}
