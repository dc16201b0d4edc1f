/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_sync.c - locks, barriers and condition queues, MLTP's and,
 * for comparison, POSIX threads' (barriers and conditions; --scale: locks
 * too) and OpenMP's (--scale: barrier and lock). doc/benchmarks.md
 * says what each row times. Pthread rows run each run in a new process
 * (the rows' `fresh`), as the other kernel baselines (bench/ops_switch.c
 * says why). Every contended row checks what it did: the count a lock
 * protects, each pair's alternation, each barrier episode.
 *
 * MLTP_BENCH_BREAK=lock, cond or barrier (a test's): --scale's MLTP rows
 * of that operation run a kernel that skips the protection, so that the
 * check must fail (tests/bench-checks.sh). The row's arguments pick that
 * kernel before its loop starts: no measured loop looks at the variable. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/bench.h"

static const char *class_name[] = { "SPIN", "BLOCK", "BLOCK_FRONT", "SEMAPHORE" };

/* ---- uncontended lock + unlock ------------------------------------------ */

struct lk {
    mltp_lock_t l;
    long n, warm, ctr;
    struct bench_times t[];
};

/* A worker timing op on its state (type: n, warm, t[]). */
#define WORKER(name, type, op)                      \
    static void name(int id, void *p)               \
    {                                               \
        type *s = p;                                \
        bench_fp_clean();                           \
        BENCH_TIMED(s->t[id], s->warm, s->n, op);   \
    }
/* The unprotected increment of MLTP_BENCH_BREAK=lock: another ULT runs
   between the read and the write, on one VP as on several. */
static void racy_increment(long *c)
{
    long v = *c;
    mltp_yield();
    *c = v + 1;
}

WORKER(lock_ult, struct lk, (mltp_lock(&s->l), mltp_unlock(&s->l)))
WORKER(contend_ult, struct lk, (mltp_lock(&s->l), s->ctr++, mltp_unlock(&s->l)))
WORKER(contend_broken_ult, struct lk, racy_increment(&s->ctr))

/* "counter N after M locked increments": 0 if the count is right */
static int count_checked(struct bench_run *r, long ctr, double increments)
{
    if ((double)ctr == increments)
        return 0;
    bench_fail(r, "counter %ld after %.0f locked increments (lost updates)", ctr, increments);
    return -1;
}

/* arg[0] lock class, arg[1] MLTP_BENCH_BREAK; row->workers ULTs (1:
   uncontended, else counting) on row->nvp VPs */
static void k_lock(const struct bench_row *row, long n, struct bench_run *r)
{
    int w = row->workers;
    struct lk *k = bench_zalloc(sizeof *k + sizeof k->t[0] * (size_t)w);

    if (mltp_lock_init(&k->l, (int)row->arg[0]) != 0) {
        bench_fail(r, "mltp_lock_init failed");
        free(k);
        return;
    }
    k->n = n;
    k->warm = bench_warm(n);
    if (bench_par(r, PAR_MLTP, w, row->nvp,
                  w == 1 ? lock_ult : row->arg[1] ? contend_broken_ult : contend_ult, k) == 0) {
        bench_span(r, k->t, w);
        r->ops = (double)w * (double)n;
        r->total_ops = (double)w * (double)(n + k->warm);
        if (w > 1)
            count_checked(r, k->ctr, r->total_ops);
    }
    mltp_lock_destroy(&k->l);
    free(k);
}

/* ---- contended lock, the other packages' (--scale's columns) --------------- */

enum other_lock { PTHREAD_MUTEX, PTHREAD_SPIN, OMP_LOCK };

/* the lock and the counter in one line, as in struct lk */
struct olk {
    union {
        pthread_mutex_t mutex;
        pthread_spinlock_t spin;
        omp_lock_t omp;
    } u;
    long n, warm, ctr;
    struct bench_times t[];
};

WORKER(mutex_thread, struct olk,
       (pthread_mutex_lock(&s->u.mutex), s->ctr++, pthread_mutex_unlock(&s->u.mutex)))
WORKER(spin_thread, struct olk,
       (pthread_spin_lock(&s->u.spin), s->ctr++, pthread_spin_unlock(&s->u.spin)))
WORKER(omp_thread, struct olk, (omp_set_lock(&s->u.omp), s->ctr++, omp_unset_lock(&s->u.omp)))

/* arg[0] enum other_lock; row->workers threads */
static void k_other_lock(const struct bench_row *row, long n, struct bench_run *r)
{
    static void (*const worker[])(int, void *) = { mutex_thread, spin_thread, omp_thread };
    int w = row->workers, kind = (int)row->arg[0];
    struct olk *k = bench_zalloc(sizeof *k + sizeof k->t[0] * (size_t)w);

    if (kind == PTHREAD_MUTEX)
        pthread_mutex_init(&k->u.mutex, NULL);
    else if (kind == PTHREAD_SPIN)
        pthread_spin_init(&k->u.spin, PTHREAD_PROCESS_PRIVATE);
    else
        omp_init_lock(&k->u.omp);
    k->n = n;
    k->warm = bench_warm(n);
    if (bench_par(r, kind == OMP_LOCK ? PAR_OPENMP : PAR_PTHREADS, w, row->nvp, worker[kind],
                  k) == 0) {
        bench_span(r, k->t, w);
        r->ops = (double)w * (double)n;
        r->total_ops = (double)w * (double)(n + k->warm);
        count_checked(r, k->ctr, r->total_ops);
    }
    if (kind == PTHREAD_MUTEX)
        pthread_mutex_destroy(&k->u.mutex);
    else if (kind == PTHREAD_SPIN)
        pthread_spin_destroy(&k->u.spin);
    else
        omp_destroy_lock(&k->u.omp);
    free(k);
}

/* ---- hand-off between two ULTs --------------------------------------------- */

struct handoff {
    mltp_lock_t l;              /* one cache line for the lock and flags */
    volatile int want[2];
    volatile int done[2];
    volatile int last;
    int nvp, ticket;
    long n, warm;
    struct bench_times t[];
};

static inline void wait_other(const struct handoff *h)
{
    if (h->nvp == 1)
        mltp_yield();
    else
        bench_relax();
}

static void handoff_ult(int me, void *p)
{
    struct handoff *h = p;
    int other = 1 - me;
    long total = h->warm + h->n;

    bench_fp_clean();
    if (h->ticket) {
        /* ticket locks queue their waiters: keep the lock until the other
           holds the next ticket, then it passes straight to it */
        for (long k = 0; k < total; k++) {
            if (k == h->warm)
                h->t[me].t0 = bench_now();
            mltp_lock(&h->l);
            while (h->l.next_available - h->l.now_serving < 2 && !h->done[other])
                bench_relax();
            mltp_unlock(&h->l);
        }
    } else {
        for (long k = 0; k < total; k++) {
            if (k == h->warm)
                h->t[me].t0 = bench_now();
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
    }
    h->t[me].t1 = bench_now();
    h->done[me] = 1;
}

/* arg[0] lock class, arg[1] the ticket protocol; row->nvp VPs */
static void k_handoff(const struct bench_row *row, long n, struct bench_run *r)
{
    struct handoff *h = bench_zalloc(sizeof *h + 2 * sizeof h->t[0]);

    if (mltp_lock_init(&h->l, (int)row->arg[0]) != 0) {
        bench_fail(r, "mltp_lock_init failed");
        free(h);
        return;
    }
    h->last = -1;
    h->nvp = row->nvp;
    h->ticket = (int)row->arg[1];
    h->n = n;
    h->warm = bench_warm(n);
    if (bench_par(r, PAR_MLTP, 2, row->nvp, handoff_ult, h) == 0) {
        bench_span(r, h->t, 2);
        r->ops = 2.0 * (double)n;
        r->total_ops = 2.0 * (double)(n + h->warm);
    }
    mltp_lock_destroy(&h->l);
    free(h);
}

/* ---- barrier ------------------------------------------------------------------- */

/* A party's episode, in a line of its own: the last it arrived at, and
   the first check it failed. */
struct arrival {
    volatile long episode;
    long bad_episode, bad_saw;
} __attribute__((aligned(64)));

struct bar {
    par_barrier_t b;
    long n, warm;
    int parties;
    struct arrival *seen;
    struct bench_times t[];
};

WORKER(barrier_work, struct bar, par_barrier_wait(&s->b))

/* --scale's barrier worker: after every 64th episode e (and the last) it
   looks at its neighbour's arrival, which must be e or e + 1: arrived at
   e, not past the next. A line read once in 64 episodes. */
#define CHECKED_BARRIER(name, wait)                                          \
    static void name(int id, void *p)                                       \
    {                                                                       \
        struct bar *s = p;                                                  \
        struct arrival *me = &s->seen[id], *next = &s->seen[(id + 1) % s->parties]; \
        long total = s->warm + s->n;                                        \
        bench_fp_clean();                                                   \
        for (long e = 1; e <= total; e++) {                                 \
            if (e == s->warm + 1)                                           \
                s->t[id].t0 = bench_now();                                  \
            me->episode = e;                                                \
            wait;                                                           \
            if (((e & 63) == 0 || e == total) && !me->bad_episode) {        \
                long saw = next->episode;                                   \
                if (saw < e || saw > e + 1) {                               \
                    me->bad_episode = e;                                    \
                    me->bad_saw = saw;                                      \
                }                                                           \
            }                                                               \
        }                                                                   \
        s->t[id].t1 = bench_now();                                          \
    }
CHECKED_BARRIER(barrier_checked, par_barrier_wait(&s->b))
CHECKED_BARRIER(barrier_broken, (void)0)

/* Each party's checks, and MLTP's count of episodes: 0 if all held. */
static int barrier_checks(struct bench_run *r, const struct bar *b, long episodes)
{
    for (int id = 0; id < b->parties; id++)
        if (b->seen[id].bad_episode) {
            bench_fail(r, "after episode %ld party %d saw party %d at episode %ld (a "
                       "party passed the barrier early)", b->seen[id].bad_episode, id,
                       (id + 1) % b->parties, b->seen[id].bad_saw);
            return -1;
        }
    if (b->b.backend == PAR_MLTP && b->b.u.mltp.episode != (unsigned int)episodes) {
        bench_fail(r, "the barrier counted %u episodes of %ld", b->b.u.mltp.episode, episodes);
        return -1;
    }
    return 0;
}

/* row->workers parties, arg[0] back end, arg[1] MLTP_BENCH_BREAK; row->nvp
   VPs (MLTP); --scale: checked */
static void k_barrier(const struct bench_row *row, long n, struct bench_run *r)
{
    int p = row->workers;
    struct par_config c = { .backend = (enum par_backend)row->arg[0], .workers = p };
    struct bar *b = bench_zalloc(sizeof *b + sizeof b->t[0] * (size_t)p);

    b->n = n;
    b->warm = bench_warm(n);
    b->parties = p;
    b->seen = bench_zalloc(sizeof *b->seen * (size_t)p);
    if (par_barrier_init(&c, &b->b) != 0) {
        bench_fail(r, "par_barrier_init failed");
        free(b->seen);
        free(b);
        return;
    }
    if (bench_par(r, c.backend, p, row->nvp,
                  !bench_scale ? barrier_work : row->arg[1] ? barrier_broken : barrier_checked,
                  b) == 0) {
        bench_span(r, b->t, p);
        r->ops = (double)n;
        r->total_ops = (double)(n + b->warm);
        if (bench_scale)
            barrier_checks(r, b, n + b->warm);
    }
    par_barrier_destroy(&b->b);
    free(b->seen);
    free(b);
}

/* ---- condition ping-pong ----------------------------------------------------------- */

struct pair {
    mltp_lock_t m;
    mltp_cond_t c;
    volatile int turn;
    long passes;            /* under the lock: side me's k-th is 2k + me */
    pthread_mutex_t pm;
    pthread_cond_t pc;
    long bad_pass[2];       /* a side's first pass out of turn, + 1 */
} __attribute__((aligned(64)));

struct cpp {
    long n, warm;
    struct pair *pr;
    struct bench_times t[];
};

/* Worker id's side (id & 1) of its pair's ping-pong, on either package's
   lock and condition; waits 0: it passes without waiting for its turn
   (MLTP_BENCH_BREAK=cond). Each pass counts, and notes one out of turn. */
#define COND_PINGPONG(name, m, c, lock, unlock, wait, signal, waits)     \
    static void name(int id, void *p)                                   \
    {                                                                   \
        struct cpp *s = p;                                              \
        struct pair *q = &s->pr[id / 2];                                \
        long total = s->warm + s->n, bad = 0;                           \
        int me = id & 1;                                                \
        bench_fp_clean();                                               \
        for (long k = 0; k < total; k++) {                              \
            if (k == s->warm)                                           \
                s->t[id].t0 = bench_now();                              \
            lock(&q->m);                                                \
            while ((waits) && q->turn != me)                            \
                wait(&q->c, &q->m);                                     \
            if (q->passes++ != 2 * k + me && !bad)                      \
                bad = k + 1;                                            \
            q->turn = 1 - me;                                           \
            signal(&q->c);                                              \
            unlock(&q->m);                                              \
        }                                                               \
        s->t[id].t1 = bench_now();                                      \
        q->bad_pass[me] = bad;                                          \
    }
COND_PINGPONG(cond_mltp, m, c, mltp_lock, mltp_unlock, mltp_cond_wait_lock, mltp_cond_signal, 1)
COND_PINGPONG(cond_broken, m, c, mltp_lock, mltp_unlock, mltp_cond_wait_lock, mltp_cond_signal, 0)
COND_PINGPONG(cond_pthread, pm, pc, pthread_mutex_lock, pthread_mutex_unlock, pthread_cond_wait,
              pthread_cond_signal, 1)

/* Each pair passed 2 * rounds times, in turns: 0, or -1 with r->err. */
static int pairs_checked(struct bench_run *r, const struct cpp *s, int pairs, long rounds)
{
    for (int k = 0; k < pairs; k++) {
        const struct pair *q = &s->pr[k];
        for (int me = 0; me < 2; me++)
            if (q->bad_pass[me]) {
                bench_fail(r, "pair %d: side %d's pass %ld came out of turn", k, me,
                           q->bad_pass[me]);
                return -1;
            }
        if (q->passes != 2 * rounds) {
            bench_fail(r, "pair %d passed the turn %ld times in %ld rounds (lost updates)", k,
                       q->passes, rounds);
            return -1;
        }
    }
    return 0;
}

/* arg[0] back end, arg[1] MLTP_BENCH_BREAK; row->workers / 2 pairs on
   row->nvp VPs (MLTP) */
static void k_cond(const struct bench_row *row, long n, struct bench_run *r)
{
    int w = row->workers, mltp = row->arg[0] == PAR_MLTP;
    void (*side)(int, void *) = !mltp ? cond_pthread : row->arg[1] ? cond_broken : cond_mltp;
    struct cpp *s = bench_zalloc(sizeof *s + (size_t)w * sizeof s->t[0]);

    s->pr = bench_zalloc(sizeof *s->pr * (size_t)(w / 2));
    for (int k = 0; k < w / 2; k++) {
        mltp_lock_init(&s->pr[k].m, MLTP_LOCK_SPIN);
        mltp_cond_init(&s->pr[k].c);
        pthread_mutex_init(&s->pr[k].pm, NULL);
        pthread_cond_init(&s->pr[k].pc, NULL);
    }
    s->n = n;
    s->warm = bench_warm(n);
    if (bench_par(r, mltp ? PAR_MLTP : PAR_PTHREADS, w, row->nvp, side, s) == 0) {
        /* each worker passed n times: 2n one-way passes, n round trips a pair */
        bench_span(r, s->t, w);
        r->ops = (double)n;
        r->total_ops = (double)(n + s->warm);
        pairs_checked(r, s, w / 2, n + s->warm);
    }
    for (int k = 0; k < w / 2; k++) {
        pthread_cond_destroy(&s->pr[k].pc);
        pthread_mutex_destroy(&s->pr[k].pm);
    }
    free(s->pr);
    free(s);
}

/* ---- registration ------------------------------------------------------------------ */

void ops_sync_register(void)
{
    static const int parties[] = { 2, 4, 8 };
    static const char *const cond_note[] = {
        "per round trip (each ULT waits and signals once; a one-way pass is half)",
        "the bar is 2x the floor: a round trip moves the lock's and the turn's lines to the "
        "other CPU and back" };
    static const char *const series[] = { "MLTP 1 VP", "MLTP 2 VPs", "pthread 1 CPU",
                                           "pthread 2 CPUs" };

    if (bench_scale) {
        const char *brk = getenv("MLTP_BENCH_BREAK"), *op;
        if (brk && strcmp(brk, "lock") && strcmp(brk, "cond") && strcmp(brk, "barrier")) {
            fprintf(stderr, "mltp_bench: MLTP_BENCH_BREAK must be lock, cond or barrier\n");
            exit(2);
        }
        brk = brk ? brk : "";
        op = "cond ping-pong (nvp pairs)";
        bench_add_scale(&(struct bench_row){
            .op = op, .fn = k_cond, .arg = { PAR_MLTP, !strcmp(brk, "cond") }, .workers = 2,
            .note = "ns per round trip per pair (each pass is counted and checked); if it "
                    "scales: 1 up to C VPs, then nvp/C; OpenMP has no condition variable" });
        bench_add_scale(&(struct bench_row){
            .op = op, .variant = "pthread mutex+cond", .fn = k_cond, .arg = { PAR_PTHREADS },
            .workers = 2, .column = BENCH_VS_PTHREADS });
        op = "barrier (2*nvp parties)";
        bench_add_scale(&(struct bench_row){
            .op = op, .fn = k_barrier, .arg = { PAR_MLTP, !strcmp(brk, "barrier") },
            .workers = 2,
            .note = "ns per episode (every 64th, each party checks that its neighbour has "
                    "arrived and not passed the next); grows with the 2*nvp parties" });
        bench_add_scale(&(struct bench_row){
            .op = op, .variant = "pthread_barrier_wait", .fn = k_barrier, .arg = { PAR_PTHREADS },
            .workers = 2, .column = BENCH_VS_PTHREADS });
        bench_add_scale(&(struct bench_row){
            .op = op, .variant = "omp barrier", .fn = k_barrier, .arg = { PAR_OPENMP },
            .workers = 2, .column = BENCH_VS_OPENMP });
        for (int c = MLTP_LOCK_SPIN; c <= MLTP_LOCK_MUTEX; c += MLTP_LOCK_MUTEX) {
            op = c ? "MUTEX lock (2*nvp ULTs)" : "SPIN lock (2*nvp ULTs)";
            bench_add_scale(&(struct bench_row){
                .op = op, .fn = k_lock, .arg = { c, !strcmp(brk, "lock") }, .workers = 2,
                .note = c ? "as SPIN's; pthreads: pthread_mutex, OpenMP: omp_set_lock"
                          : "ns per acquisition (lock, increment, unlock; the count is checked); "
                            "if it scales: above 1 from 2 VPs (1 VP: no contention), then flat; "
                            "pthreads: pthread_spin, OpenMP has no spin lock" });
            bench_add_scale(&(struct bench_row){
                .op = op, .variant = c ? "pthread_mutex" : "pthread_spin", .fn = k_other_lock,
                .arg = { c ? PTHREAD_MUTEX : PTHREAD_SPIN }, .workers = 2,
                .column = BENCH_VS_PTHREADS });
            if (c)
                bench_add_scale(&(struct bench_row){
                    .op = op, .variant = "omp_set_lock", .fn = k_other_lock, .arg = { OMP_LOCK },
                    .workers = 2, .column = BENCH_VS_OPENMP });
        }
        return;
    }

    for (int c = 0; c < 4; c++) {
        bench_add(&(struct bench_row){
            .op = "lock+unlock, uncontended", .variant = bench_name("MLTP %s", class_name[c]),
            .fn = k_lock,
            .arg = { c }, .workers = 1, .nvp = 1, .cpus = 1 });
    }
    for (int v = 1; v <= 2; v++)
        for (int c = 0; c < 4; c++) {
            bench_add(&(struct bench_row){
                .op = "lock hand-off, 2 ULTs",
                .variant = bench_name("MLTP %s / %d VP%s", class_name[c], v, v > 1 ? "s" : ""),
                .fn = k_handoff,
                .arg = { c }, .nvp = v, .cpus = v == 1,
                .na = v > 1 ? NULL
                    : c == MLTP_LOCK_SPIN ? "a spinning waiter never lets the holder run again"
                    : c == MLTP_LOCK_SEMAPHORE ? "the waiter blocks the only VP (deadlock)"
                                               : NULL,
                .plot = { { c == MLTP_LOCK_BLOCK ? "vps" : NULL, "BLOCK lock hand-off", v } } });
        }
    bench_add(&(struct bench_row){
        .op = "lock hand-off, 2 ULTs", .variant = "MLTP SPIN ticket-wait / 2 VPs",
        .fn = k_handoff, .arg = { MLTP_LOCK_SPIN, 1 }, .nvp = 2,
        .note = "the holder unlocks once the other has taken the next ticket: no flags, "
                "the lock's own traffic" });
    /* MLTP on 1 and 2 VPs, pthreads on 1 and 2 CPUs */
    for (int k = 0; k < 4; k++) {
        int mltp = k < 2, v = k % 2 + 1;
        for (int i = 0; i < 3; i++) {
            int p = parties[i];
            bench_add(&(struct bench_row){
                .op = "barrier",
                .variant = bench_name(mltp ? "MLTP %d parties / %d VP%s"
                                           : "pthread %d threads / %d CPU%s", p, v,
                                      v > 1 ? "s" : ""),
                .fn = k_barrier,
                .arg = { mltp ? PAR_MLTP : PAR_PTHREADS }, .workers = p, .nvp = v, .cpus = v == 1,
                .fresh = !mltp,
                .plot = { { "barrier", series[k], p },
                          { p == 2 ? "vps" : NULL,
                            mltp ? "barrier 2 parties" : "pthread barrier 2 threads", v } } });
        }
    }
    for (int k = 0; k < 4; k++) {
        int mltp = k < 2, v = k % 2 + 1;
        bench_add(&(struct bench_row){
            .op = "cond ping-pong (round trip)",
            .variant = bench_name(mltp ? "MLTP wait_lock+signal / %d VP%s"
                                       : "pthread mutex+cond / %d CPU%s", v, v > 1 ? "s" : ""),
            .fn = k_cond, .arg = { mltp ? PAR_MLTP : PAR_PTHREADS }, .workers = 2, .nvp = v,
            .cpus = v == 1, .fresh = !mltp, .note = mltp ? cond_note[k] : NULL,
            .plot = { { "vps", mltp ? "cond ping-pong" : "pthread mutex+cond ping-pong", v } } });
    }
}
