/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_yield.c - yield ping-pong: N ULTs on V VPs, each yielding in a
 * loop, timed inside the ULTs (earliest start to latest end). The figure
 * is per yield as one VP sees it: wall time x VPs / yields. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/bench.h"

struct yrun {
    long warm, n;
    int to_first;
    int mark;           /* callgrind mode: bench_callgrind_mark() at the end */
    struct bench_times t[];
};

static void yield_ult(int id, void *p)
{
    struct yrun *y = p;

    bench_fp_clean();
    if (y->to_first)
        BENCH_TIMED(y->t[id], y->warm, y->n, mltp_yield_to_first());
    else
        BENCH_TIMED(y->t[id], y->warm, y->n, mltp_yield());
    if (y->mark)
        bench_callgrind_mark();
}

static struct yrun *yrun_new(int nth, long n, long warm, int to_first, int mark)
{
    struct yrun *y = bench_zalloc(sizeof *y + sizeof y->t[0] * (size_t)nth);

    y->n = n;
    y->warm = warm;
    y->to_first = to_first;
    y->mark = mark;
    return y;
}

/* row->workers ULTs, arg[0] yield_to_first; row->nvp VPs; n yields per ULT */
static void k_yield(const struct bench_row *row, long n, struct bench_run *r)
{
    int nth = row->workers, nvp = row->nvp;
    struct yrun *y = yrun_new(nth, n, bench_warm(n), (int)row->arg[0], 0);

    if (bench_par(r, PAR_MLTP, nth, nvp, yield_ult, y) == 0) {
        bench_span(r, y->t, nth);
        r->ops = (double)nth * (double)n / nvp;
        r->total_ops = (double)nth * (double)(n + y->warm);
    }
    free(y);
}

/* The trace's cost per event (doc/tracing.md): in one process, yield
   ping-pong of 2 ULTs on 1 VP untraced, then traced (mltp_trace_start:
   the yield's slow path, and a run and a stop event per switch). The
   figure is the difference over the events: an upper bound on an event's
   cost, the slow path's own included. A process of its own (fresh): the
   trace stays on once started. */
static void k_trace_event(const struct bench_row *row, long n, struct bench_run *r)
{
    struct yrun *off = yrun_new(2, n, bench_warm(n), 0, 0), *on = yrun_new(2, n, bench_warm(n), 0, 0);
    struct bench_run a = { 0 }, b = { 0 };
    int e;

    (void)row;
    setenv("MLTP_TRACE_MB", "4", 1);    /* rings in cache, and touched by the warm-up */
    if (bench_par(&a, PAR_MLTP, 2, 1, yield_ult, off) != 0) {
        bench_fail(r, "%s", a.err);
    } else if ((e = mltp_trace_start("/dev/null")) != 0) {
        bench_fail(r, "mltp_trace_start: %s", strerror(e));
    } else if (bench_par(&b, PAR_MLTP, 2, 1, yield_ult, on) != 0) {
        bench_fail(r, "%s", b.err);
    } else {
        bench_span(&a, off->t, 2);
        bench_span(&b, on->t, 2);
        r->ns = b.ns - a.ns;
        r->ops = 2.0 * 2.0 * (double)n;         /* 2 ULTs, n yields, 2 events */
        r->total_ops = r->ops;
        snprintf(r->info, sizeof r->info, "trace event: a yield took %.1f ns traced, %.1f ns "
                 "untraced (2 events a yield)", b.ns / (2.0 * (double)n), a.ns / (2.0 * (double)n));
    }
    free(off);
    free(on);
}

/* A switch's cost with TLS blocks of their own: in one process, yield
   ping-pong of 2 ULTs on 1 VP without blocks, then with; the figure is
   the difference per switch (the slow path such a yield takes, and the
   thread pointer written twice). */
struct tls_yield {
    struct yrun *y;
    int id;
};

static void *tls_yield_ult(void *p)
{
    struct tls_yield *t = p;

    yield_ult(t->id, t->y);
    return NULL;
}

static int tls_pingpong(struct yrun *y, int tls, struct bench_run *r)
{
    struct tls_yield arg[2] = { { y, 0 }, { y, 1 } };
    mltp_attr_t a;
    mltp_t *t[2];
    int e;

    mltp_attr_init(&a);
    if ((e = mltp_attr_settls(&a, tls)) != 0) {
        bench_fail(r, "mltp_attr_settls: %s", strerror(e));
        return -1;
    }
    for (int i = 0; i < 2; i++)
        if (!(t[i] = mltp_create_attr(&a, tls_yield_ult, &arg[i]))) {
            bench_fail(r, "mltp_create_attr: %s", strerror(errno));
            return -1;
        }
    mltp_start(1);
    free(t[0]);
    free(t[1]);
    bench_span(r, y->t, 2);
    return 0;
}

static void k_tls_switch(const struct bench_row *row, long n, struct bench_run *r)
{
    struct yrun *off = yrun_new(2, n, bench_warm(n), 0, 0), *on = yrun_new(2, n, bench_warm(n), 0, 0);
    struct bench_run a = { 0 }, b = { 0 };

    (void)row;
    if (tls_pingpong(off, MLTP_TLS_VP, &a) != 0) {
        bench_fail(r, "%s", a.err);
    } else if (tls_pingpong(on, MLTP_TLS_ULT, &b) != 0) {
        bench_fail(r, "%s", b.err);
    } else {
        r->ns = b.ns - a.ns;
        r->ops = 2.0 * (double)n;               /* 2 ULTs, n yields each */
        r->total_ops = r->ops;
        snprintf(r->info, sizeof r->info, "own TLS block: a yield took %.1f ns with blocks, "
                 "%.1f ns without", b.ns / r->ops, a.ns / r->ops);
    }
    free(off);
    free(on);
}

/* callgrind: 2 ULTs on 1 VP, n yields each */
int ops_yield_callgrind(long n)
{
    struct yrun *y = yrun_new(2, n, 0, 0, 1);
    struct bench_run r = { 0 };
    int e = bench_par(&r, PAR_MLTP, 2, 1, yield_ult, y);

    if (e)
        fprintf(stderr, "mltp_bench: %s\n", r.err);
    free(y);
    return e ? 1 : 0;
}

void ops_yield_register(void)
{
    static const int quick_n[] = { 8, 64, 512 }, full_n[] = { 8, 16, 64, 256, 1024, 4096 };
    const int *ns = bench_full ? full_n : quick_n;
    int k = bench_full ? 6 : 3;

    if (bench_scale) {
        bench_add_scale(&(struct bench_row){
            .op = "yield (2*nvp ULTs)", .fn = k_yield, .workers = 2,
            .note = "ns per yield per VP (wall time / all yields * nvp); if it scales: 1 up "
                    "to C VPs, then nvp/C" });
        return;
    }

    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP 2 ULTs / 1 VP", .fn = k_yield,
        .workers = 2, .nvp = 1, .cpus = 1,
        .plot = { { "yield", "MLTP 1 VP", 2 }, { "vps", "yield 2 ULTs per VP", 1 } } });
    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP 4 ULTs / 2 VPs", .fn = k_yield,
        .workers = 4, .nvp = 2,
        .note = "ns per yield as each VP sees it (wall time x 2 / yields)",
        .plot = { { "yield", "MLTP 2 VPs", 4 }, { "vps", "yield 2 ULTs per VP", 2 } } });
    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP to_first 2 ULTs / 1 VP", .fn = k_yield,
        .workers = 2, .arg = { 1 }, .nvp = 1, .cpus = 1 });
    bench_add(&(struct bench_row){
        .op = "trace event", .variant = "MLTP yield traced - untraced, per event",
        .fn = k_trace_event, .nvp = 1, .cpus = 1, .fresh = 1,
        .note = "ns per trace event: (traced - untraced yield ping-pong, one process) / "
                "(2 events a yield); the slow path a traced yield takes included" });
    bench_add(&(struct bench_row){
        .op = "own TLS block", .variant = "MLTP yield with blocks - without, per switch",
        .fn = k_tls_switch, .nvp = 1, .cpus = 1,
        .note = "ns per switch: (yield ping-pong of 2 ULTs with TLS blocks of their own - "
                "without, one process) / switches" });
    /* the scaling axis: ULTs in the run queue */
    for (int v = 1; v <= 2; v++)
        for (int i = 0; i < k; i++)
            bench_add(&(struct bench_row){
                .op = "yield, many ULTs",
                .variant = bench_name("MLTP %d ULTs / %d VP%s", ns[i], v, v > 1 ? "s" : ""),
                .fn = k_yield, .workers = ns[i], .nvp = v, .cpus = v == 1,
                .plot = { { "yield", v == 1 ? "MLTP 1 VP" : "MLTP 2 VPs", ns[i] } } });
}
