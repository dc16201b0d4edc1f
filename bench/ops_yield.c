/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_yield.c - yield ping-pong: N ULTs on V VPs, each yielding in a
 * loop, timed inside the ULTs (earliest start to latest end). The figure
 * is per yield as one VP sees it: wall time x VPs / yields. */
#include <stdio.h>
#include "bench/bench.h"

struct yworker {
    long warm, n;
    int to_first;
    int mark;           /* callgrind mode: bench_callgrind_mark() at the end */
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *yield_ult(void *p)
{
    struct yworker *w = p;
    long i;

    bench_fp_clean();
    if (w->to_first) {
        for (i = 0; i < w->warm; i++)
            mltp_yield_to_first();
        bench_stamp(&w->t0);
        for (i = 0; i < w->n; i++)
            mltp_yield_to_first();
    } else {
        for (i = 0; i < w->warm; i++)
            mltp_yield();
        bench_stamp(&w->t0);
        for (i = 0; i < w->n; i++)
            mltp_yield();
    }
    bench_stamp(&w->t1);
    if (w->mark)
        bench_callgrind_mark();
    return NULL;
}

/* arg[0] ULTs, arg[1] yield_to_first; row->nvp VPs; n yields per ULT */
static void k_yield(const struct bench_row *row, long n, struct bench_run *r)
{
    int nth = (int)row->arg[0], nvp = row->nvp;
    struct yworker *w = bench_zalloc(sizeof *w * nth);
    long warm = bench_warm(n);

    for (int i = 0; i < nth; i++) {
        w[i].warm = warm;
        w[i].n = n;
        w[i].to_first = (int)row->arg[1];
    }
    if (bench_mltp_run(nth, nvp, yield_ult, w, sizeof *w, r) == 0) {
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, nth);
        r->ops = (double)nth * n / nvp;
        r->total_ops = (double)nth * (n + warm);
    }
    free(w);
}

/* callgrind: 2 ULTs on 1 VP, n yields each */
int ops_yield_callgrind(long n)
{
    struct yworker w[2] = { { .n = n, .mark = 1 }, { .n = n, .mark = 1 } };
    struct bench_run r = { 0 };

    if (bench_mltp_run(2, 1, yield_ult, w, sizeof w[0], &r) != 0) {
        fprintf(stderr, "mltp_bench: %s\n", r.err);
        return 1;
    }
    return 0;
}

void ops_yield_register(void)
{
    static const int quick_n[] = { 8, 64, 512 };
    static const int full_n[] = { 8, 16, 64, 256, 1024, 4096 };

    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP 2 ULTs / 1 VP", .fn = k_yield,
        .arg = { 2, 0 }, .nvp = 1, .cpus = 1, .target = 20,
        .plot = { { "yield", "MLTP 1 VP", 2 }, { "vps", "yield 2 ULTs per VP", 1 } } });
    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP 4 ULTs / 2 VPs", .fn = k_yield,
        .arg = { 4, 0 }, .nvp = 2,
        .note = "ns per yield as each VP sees it (wall time x 2 / yields)",
        .plot = { { "yield", "MLTP 2 VPs", 4 }, { "vps", "yield 2 ULTs per VP", 2 } } });
    bench_add(&(struct bench_row){
        .op = "yield ping-pong", .variant = "MLTP to_first 2 ULTs / 1 VP", .fn = k_yield,
        .arg = { 2, 1 }, .nvp = 1, .cpus = 1 });
    /* the scaling axis: ULTs in the run queue */
    for (int v = 1; v <= 2; v++) {
        const int *ns = bench_full ? full_n : quick_n;
        int k = bench_full ? (int)(sizeof full_n / sizeof full_n[0])
                           : (int)(sizeof quick_n / sizeof quick_n[0]);
        for (int i = 0; i < k; i++) {
            static char names[2][8][40];
            snprintf(names[v - 1][i], sizeof names[0][0], "MLTP %d ULTs / %d VP%s", ns[i], v,
                     v > 1 ? "s" : "");
            bench_add(&(struct bench_row){
                .op = "yield, many ULTs", .variant = names[v - 1][i], .fn = k_yield,
                .arg = { ns[i], 0 }, .nvp = v, .cpus = v == 1,
                .plot = { { "yield", v == 1 ? "MLTP 1 VP" : "MLTP 2 VPs", ns[i] } } });
        }
    }
}
