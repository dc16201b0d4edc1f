/* sync/waitq.c - FIFO wait queues (condition queues), under the run-queue
 * lock; and the slow path of the internal spin lock. */
#include <sched.h>
#include "sync/sync.h"
#include "ult/runq.h"

/* Spinning kernel-level threads: TTAS with a pause, and give the CPU away
   now and then (a VP may need it to run the thread that wakes us). */
void sync_spin_wait(sync_spin_t *l)
{
    unsigned int n = 0;
    do {
        while (CMM_LOAD_SHARED(*l)) {
            caa_cpu_relax();
            if ((++n & 0xfff) == 0)
                sched_yield();
        }
    } while (uatomic_xchg(l, 1) != 0);
}

/* w stays queued only while we wait here: its address never dangles. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
void sync_wait_key_locked(struct sync_waitq *q, const void *key)
{
    struct sync_waiter w = { NULL, ult_running(), key, 0 };
    unsigned int n = 0;

    if (q->tail)
        q->tail->next = &w;
    else
        q->head = &w;
    q->tail = &w;
    if (w.ult) {
        ult_block_locked();
        return;
    }
    runq_unlock();
    while (!CMM_LOAD_SHARED(w.woken)) {
        caa_cpu_relax();
        if ((++n & 0xfff) == 0)
            sched_yield();
    }
}
#pragma GCC diagnostic pop

void sync_wait_locked(struct sync_waitq *q)
{
    sync_wait_key_locked(q, NULL);
}

/* A ULT waiter goes back on the run queue; a kernel-level one is told
   (it may return, and its node vanish, at once). Returns 1 for a ULT. */
static int wake_locked(struct sync_waiter *w, int front)
{
    ult_t *u = w->ult;

    if (u) {
        if (front)
            runq_push_front(u);
        else
            runq_push_back(u);
        return 1;
    }
    sync_store_release(&w->woken, 1);
    return 0;
}

int sync_wake_key_locked(struct sync_waitq *q, const void *key, int front)
{
    struct sync_waiter *prev = NULL, *w;

    for (w = q->head; w && w->key != key; w = w->next)
        prev = w;
    if (!w)
        return 0;
    if (prev)
        prev->next = w->next;
    else
        q->head = w->next;
    if (q->tail == w)
        q->tail = prev;
    return wake_locked(w, front);
}

void sync_wake_one_unlock(struct sync_waitq *q)
{
    struct sync_waiter *w = q->head;
    int n = 0;

    if (w) {
        q->head = w->next;
        if (!q->head)
            q->tail = NULL;
        n = wake_locked(w, 0);
    }
    ult_sched_unlock_wake(n);
}

void sync_wake_all_unlock(struct sync_waitq *q)
{
    struct sync_waiter *w = q->head, *next;
    int n = 0;

    q->head = q->tail = NULL;
    for (; w; w = next) {
        next = w->next;
        n += wake_locked(w, 0);
    }
    ult_sched_unlock_wake(n);
}
