/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_sync.c - MLTP locks, barriers and condition queues.
 *
 *   uncontended   one ULT: lock + unlock
 *   hand-off      two ULTs pass the lock to each other every iteration:
 *                 the holder keeps it until the other has announced that
 *                 it is about to lock (want[]), then unlocks and waits
 *                 until the other has taken it (last). Per hand-off =
 *                 wall time / acquisitions. Waiting for the other means
 *                 yielding on 1 VP and spinning on 2. Any lock can run
 *                 this protocol; issue 3's bar (<= 150 ns) is on SPIN's
 *                 row on 2 VPs. For SPIN (a ticket lock) also without
 *                 flags ("ticket-wait", no bar): the holder waits until
 *                 the other holds the next ticket, which only a ticket
 *                 lock can tell.
 *   barrier       P ULTs pass the barrier over and over; per episode
 *   cond          two ULTs take turns with mltp_cond_wait_lock on a
 *                 MLTP_LOCK_SPIN lock and mltp_cond_signal; per round
 *                 trip (each ULT waits once and signals once: two one-way
 *                 passes), the unit other thread packages report */
#include <stdio.h>
#include <stdlib.h>
#include "bench/bench.h"

static const char *class_name[] = { "SPIN", "BLOCK", "BLOCK_FRONT", "SEMAPHORE" };

/* ---- uncontended lock + unlock ------------------------------------------ */

struct lk {
    mltp_lock_t l;
    long n, warm;
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *lock_ult(void *p)
{
    struct lk *k = p;

    bench_fp_clean();
    for (long i = 0; i < k->warm; i++) {
        mltp_lock(&k->l);
        mltp_unlock(&k->l);
    }
    bench_stamp(&k->t0);
    for (long i = 0; i < k->n; i++) {
        mltp_lock(&k->l);
        mltp_unlock(&k->l);
    }
    bench_stamp(&k->t1);
    return NULL;
}

/* arg[0] lock class */
static void k_lock(const struct bench_row *row, long n, struct bench_run *r)
{
    struct lk *k = bench_zalloc(sizeof *k);

    if (mltp_lock_init(&k->l, (int)row->arg[0]) != 0) {
        bench_fail(r, "mltp_lock_init failed");
        free(k);
        return;
    }
    k->n = n;
    k->warm = bench_warm(n);
    if (bench_mltp_run(1, 1, lock_ult, k, sizeof *k, r) == 0) {
        r->ns = k->t1.ns - k->t0.ns;
        r->cyc = k->t1.cyc - k->t0.cyc;
        r->ops = (double)n;
        r->total_ops = (double)(n + k->warm);
    }
    mltp_lock_destroy(&k->l);
    free(k);
}

/* ---- hand-off between two ULTs --------------------------------------------- */

struct handoff {
    mltp_lock_t l;              /* one cache line for the lock and flags */
    volatile int want[2];
    volatile int done[2];
    volatile int last;
    int nvp;
    long n, warm;
} __attribute__((aligned(64)));

struct hworker {
    struct handoff *h;
    int me;
    int ticket;                 /* the SPIN-only protocol */
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static inline void wait_other(const struct handoff *h)
{
    if (h->nvp == 1)
        mltp_yield();
    else
        bench_relax();
}

static void *handoff_ult(void *p)
{
    struct hworker *w = p;
    struct handoff *h = w->h;
    int me = w->me, other = 1 - me;
    long total = h->warm + h->n;

    bench_fp_clean();
    if (w->ticket) {
        /* ticket locks queue their waiters: keep the lock until the other
           holds the next ticket, then it passes straight to it */
        for (long k = 0; k < total; k++) {
            if (k == h->warm)
                bench_stamp(&w->t0);
            mltp_lock(&h->l);
            while (h->l.next_available - h->l.now_serving < 2 && !h->done[other])
                bench_relax();
            mltp_unlock(&h->l);
        }
        bench_stamp(&w->t1);
        h->done[me] = 1;
        return NULL;
    }
    for (long k = 0; k < total; k++) {
        if (k == h->warm)
            bench_stamp(&w->t0);
        h->want[me] = 1;
        mltp_lock(&h->l);
        h->want[me] = 0;
        h->last = me;
        /* keep it until the other is on its way into mltp_lock */
        while (!h->want[other] && !h->done[other])
            wait_other(h);
        mltp_unlock(&h->l);
        /* and do not take it again before the other had it */
        while (h->last == me && !h->done[other])
            wait_other(h);
    }
    bench_stamp(&w->t1);
    h->done[me] = 1;
    return NULL;
}

/* arg[0] lock class, arg[1] the ticket protocol; row->nvp VPs */
static void k_handoff(const struct bench_row *row, long n, struct bench_run *r)
{
    struct handoff *h = bench_zalloc(sizeof *h);
    struct hworker *w = bench_zalloc(sizeof *w * 2);

    if (mltp_lock_init(&h->l, (int)row->arg[0]) != 0) {
        bench_fail(r, "mltp_lock_init failed");
        goto out;
    }
    h->last = -1;
    h->nvp = row->nvp;
    h->n = n;
    h->warm = bench_warm(n);
    for (int i = 0; i < 2; i++) {
        w[i].h = h;
        w[i].me = i;
        w[i].ticket = (int)row->arg[1];
    }
    if (bench_mltp_run(2, row->nvp, handoff_ult, w, sizeof *w, r) == 0) {
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, 2);
        r->ops = 2.0 * n;
        r->total_ops = 2.0 * (n + h->warm);
    }
    mltp_lock_destroy(&h->l);
out:
    free(h);
    free(w);
}

/* ---- barrier ------------------------------------------------------------------- */

struct bar {
    mltp_barrier_t b;
    int parties;
    long n, warm;
} __attribute__((aligned(64)));

struct bworker {
    struct bar *b;
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *barrier_ult(void *p)
{
    struct bworker *w = p;
    struct bar *b = w->b;

    bench_fp_clean();
    for (long i = 0; i < b->warm; i++)
        mltp_barrier(&b->b, b->parties);
    bench_stamp(&w->t0);
    for (long i = 0; i < b->n; i++)
        mltp_barrier(&b->b, b->parties);
    bench_stamp(&w->t1);
    return NULL;
}

/* arg[0] parties; row->nvp VPs */
static void k_barrier(const struct bench_row *row, long n, struct bench_run *r)
{
    int p = (int)row->arg[0];
    struct bar *b = bench_zalloc(sizeof *b);
    struct bworker *w = bench_zalloc(sizeof *w * p);

    mltp_barrier_init(&b->b);
    b->parties = p;
    b->n = n;
    b->warm = bench_warm(n);
    for (int i = 0; i < p; i++)
        w[i].b = b;
    if (bench_mltp_run(p, row->nvp, barrier_ult, w, sizeof *w, r) == 0) {
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, p);
        r->ops = (double)n;
        r->total_ops = (double)(n + b->warm);
    }
    free(b);
    free(w);
}

/* ---- condition ping-pong ----------------------------------------------------------- */

struct cpp {
    mltp_lock_t m;
    mltp_cond_t c;
    volatile int turn;
    long n, warm;
} __attribute__((aligned(64)));

struct cworker {
    struct cpp *s;
    int me;
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *cond_ult(void *p)
{
    struct cworker *w = p;
    struct cpp *s = w->s;
    long total = s->warm + s->n;

    bench_fp_clean();
    for (long k = 0; k < total; k++) {
        if (k == s->warm)
            bench_stamp(&w->t0);
        mltp_lock(&s->m);
        while (s->turn != w->me)
            mltp_cond_wait_lock(&s->c, &s->m);
        s->turn = 1 - w->me;
        mltp_cond_signal(&s->c);
        mltp_unlock(&s->m);
    }
    bench_stamp(&w->t1);
    return NULL;
}

static void k_cond(const struct bench_row *row, long n, struct bench_run *r)
{
    struct cpp *s = bench_zalloc(sizeof *s);
    struct cworker *w = bench_zalloc(sizeof *w * 2);

    mltp_lock_init(&s->m, MLTP_LOCK_SPIN);
    mltp_cond_init(&s->c);
    s->n = n;
    s->warm = bench_warm(n);
    for (int i = 0; i < 2; i++) {
        w[i].s = s;
        w[i].me = i;
    }
    if (bench_mltp_run(2, row->nvp, cond_ult, w, sizeof *w, r) == 0) {
        /* each ULT passed n times: 2n one-way passes, n round trips */
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, 2);
        r->ops = (double)n;
        r->total_ops = (double)(n + s->warm);
    }
    free(s);
    free(w);
}

/* ---- registration ------------------------------------------------------------------ */

void ops_sync_register(void)
{
    static char un[4][40], h1[4][40], h2[4][40], bn[2][3][40];
    static const int parties[] = { 2, 4, 8 };

    for (int c = 0; c < 4; c++) {
        snprintf(un[c], sizeof un[c], "MLTP %s", class_name[c]);
        bench_add(&(struct bench_row){
            .op = "lock+unlock, uncontended", .variant = un[c], .fn = k_lock,
            .arg = { c }, .nvp = 1, .cpus = 1 });
    }
    for (int c = 0; c < 4; c++) {
        snprintf(h1[c], sizeof h1[c], "MLTP %s / 1 VP", class_name[c]);
        bench_add(&(struct bench_row){
            .op = "lock hand-off, 2 ULTs", .variant = h1[c], .fn = k_handoff, .arg = { c },
            .nvp = 1, .cpus = 1,
            .na = c == MLTP_LOCK_SPIN ? "a spinning waiter never lets the holder run again"
                : c == MLTP_LOCK_SEMAPHORE ? "the waiter blocks the only VP (deadlock)"
                                           : NULL,
            .plot = { { c == MLTP_LOCK_BLOCK ? "vps" : NULL, "BLOCK lock hand-off", 1 } } });
    }
    for (int c = 0; c < 4; c++) {
        snprintf(h2[c], sizeof h2[c], "MLTP %s / 2 VPs", class_name[c]);
        bench_add(&(struct bench_row){
            .op = "lock hand-off, 2 ULTs", .variant = h2[c], .fn = k_handoff, .arg = { c },
            .nvp = 2,
            /* issue 3's spin-lock hand-off bar: the protocol every lock
               class runs, as peers' hand-off benchmarks do */
            .target = c == MLTP_LOCK_SPIN ? 150 : 0,
            .note = c == MLTP_LOCK_SPIN ? "the protocol of every hand-off row: the holder "
                                          "unlocks once the other has said it is about to lock "
                                          "(want flag), then waits until the other has it; the "
                                          "flags share the lock's cache line" : NULL,
            .plot = { { c == MLTP_LOCK_BLOCK ? "vps" : NULL, "BLOCK lock hand-off", 2 } } });
    }
    bench_add(&(struct bench_row){
        .op = "lock hand-off, 2 ULTs", .variant = "MLTP SPIN ticket-wait / 2 VPs",
        .fn = k_handoff, .arg = { MLTP_LOCK_SPIN, 1 }, .nvp = 2,
        .note = "SPIN only, no bar: the holder unlocks once the other has taken the next "
                "ticket (next_available - now_serving >= 2), a protocol only a ticket lock "
                "can run: no flags, the lock's own traffic" });
    for (int v = 1; v <= 2; v++) {
        for (int i = 0; i < 3; i++) {
            int p = parties[i];
            snprintf(bn[v - 1][i], sizeof bn[0][0], "MLTP %d parties / %d VP%s", p, v,
                     v > 1 ? "s" : "");
            bench_add(&(struct bench_row){
                .op = "barrier", .variant = bn[v - 1][i], .fn = k_barrier, .arg = { p },
                .nvp = v, .cpus = v == 1,
                .target = p == 2 ? (v == 1 ? 35 : 300) : 0,
                .plot = { { "barrier", v == 1 ? "MLTP 1 VP" : "MLTP 2 VPs", p },
                          { p == 2 ? "vps" : NULL, "barrier 2 parties", v } } });
        }
    }
    bench_add(&(struct bench_row){
        .op = "cond ping-pong (round trip)", .variant = "MLTP wait_lock+signal / 1 VP",
        .fn = k_cond, .nvp = 1, .cpus = 1, .target = 100, .target_ratio = 6.0,
        .note = "mltp_cond_wait_lock on a SPIN lock and mltp_cond_signal; per round trip "
                "(each ULT waits and signals once; a one-way pass is half of it)",
        .plot = { { "vps", "cond ping-pong", 1 } } });
    bench_add(&(struct bench_row){
        .op = "cond ping-pong (round trip)", .variant = "MLTP wait_lock+signal / 2 VPs",
        .fn = k_cond, .nvp = 2, .target = 135,
        .note = "the bar is 2x the floor: a round trip moves the lock's and the turn's lines "
                "to the other CPU and back (67 ns round trip on the reference machine)",
        .plot = { { "vps", "cond ping-pong", 2 } } });
}
