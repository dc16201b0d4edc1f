/* sync/waitq.c - FIFO wait queues for barriers, conditions and joins. */
#include <sched.h>
#include "sync/sync.h"

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

static void unlock_spin(void *l)
{
    sync_spin_unlock(l);
}

/* w stays queued only while we wait here: its address never dangles. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-pointer"
void sync_wait(sync_spin_t *lock, struct sync_waitq *q)
{
    struct sync_waiter w = { NULL, ult_running(), 0 };
    unsigned int n = 0;

    if (q->tail)
        q->tail->next = &w;
    else
        q->head = &w;
    q->tail = &w;
    if (w.ult) {
        ult_block(unlock_spin, (void *)lock);
        return;
    }
    sync_spin_unlock(lock);
    while (!CMM_LOAD_SHARED(w.woken)) {
        caa_cpu_relax();
        if ((++n & 0xfff) == 0)
            sched_yield();
    }
}
#pragma GCC diagnostic pop

struct sync_waiter *sync_waitq_pop(struct sync_waitq *q)
{
    struct sync_waiter *w = q->head;
    if (w) {
        q->head = w->next;
        if (!q->head)
            q->tail = NULL;
        w->next = NULL;
    }
    return w;
}

struct sync_waiter *sync_waitq_take_all(struct sync_waitq *q)
{
    struct sync_waiter *w = q->head;
    q->head = q->tail = NULL;
    return w;
}

void sync_wake(struct sync_waiter *w)
{
    ult_t *u = w->ult;
    if (u) {
        ult_ready(u);           /* w lives on u's stack: not touched after */
    } else {
        sync_store_release(&w->woken, 1);
    }
}

void sync_wake_all(struct sync_waiter *w)
{
    while (w) {
        struct sync_waiter *next = w->next;
        sync_wake(w);
        w = next;
    }
}
