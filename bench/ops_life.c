/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_life.c - the whole life of many ULTs alive at once, beside
 * goroutines: N ULTs each run to a barrier of N + 1 parties and wait
 * there; once all wait, their creator arrives, and joins and frees every
 * one. Time per ULT, from the first create to the last join, and resident
 * memory per ULT while all wait. Go's figures come from bench/go/life.go
 * (the same shape: goroutines blocked on a channel until it is closed),
 * built as bench/go-life when configure finds go; without it those rows
 * say n/a. Every run is a new process (nothing cached, as a program
 * starting its ULTs), and MLTP's and Go's runs of one size and CPU count
 * take turns. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench/bench.h"

enum { LIFE_MLTP, LIFE_MLTP_UNGUARDED, LIFE_GO };

struct life {
    long n, made;
    long arrived;               /* atomic */
    int err, join_err;
    mltp_barrier_t b;
    mltp_t **h;
    double t0, t1, pause, rss0, rss1;
};

static void *life_ult(void *p)
{
    struct life *l = p;

    __atomic_fetch_add(&l->arrived, 1, __ATOMIC_RELAXED);
    mltp_barrier(&l->b, (int)l->n + 1);
    return NULL;
}

/* The creator: made before the start, so that it is the first ULT on
   VP 0; its sample of the memory is not timed. */
static void *life_driver(void *p)
{
    struct life *l = p;
    double ta;

    bench_fp_clean();
    l->rss0 = bench_resident_bytes();
    l->t0 = bench_now();
    for (l->made = 0; l->made < l->n; l->made++)
        if (!(l->h[l->made] = mltp_create(life_ult, l))) {
            l->err = errno;
            break;
        }
    /* with a ULT missing the barrier never opens: the start then ends in
       a deadlock, and the row fails */
    while (__atomic_load_n(&l->arrived, __ATOMIC_RELAXED) < l->made)
        mltp_yield();
    ta = bench_now();
    l->rss1 = bench_resident_bytes();
    l->pause = bench_now() - ta;
    mltp_barrier(&l->b, (int)l->n + 1);
    for (long i = 0; i < l->made; i++) {
        int e = mltp_join(l->h[i], NULL);
        if (e)
            l->join_err = e;
        mltp_free(l->h[i]);
    }
    l->t1 = bench_now();
    return NULL;
}

static void life_mltp(const struct bench_row *row, struct bench_run *r)
{
    struct life *l = bench_zalloc(sizeof *l);
    mltp_t *d;

    l->n = row->arg[0];
    l->h = malloc(sizeof *l->h * (size_t)l->n);
    mltp_barrier_init(&l->b);
    bench_prime_vps(row->nvp);
    if (!l->h || !(d = mltp_create(life_driver, l))) {
        bench_fail(r, "no memory for %ld handles, or mltp_create failed", l->n);
        return;
    }
    errno = 0;
    mltp_start(row->nvp);
    if (l->err)
        bench_fail(r, "mltp_create failed at ULT %ld of %ld: %s", l->made + 1, l->n,
                   strerror(l->err));
    else if (errno)
        bench_fail(r, "mltp_start(%d): %s", row->nvp, strerror(errno));
    else if (l->join_err)
        bench_fail(r, "mltp_join: %s", strerror(l->join_err));
    r->ns = l->t1 - l->t0 - l->pause;
    r->ops = r->total_ops = (double)l->n;
    r->value = (l->rss1 - l->rss0) / (double)l->n;
    free(d);
    free(l->h);
}

/* bench/go-NAME beside this program; with $MLTP_BENCH_GO set, go-life is
   that file and the others are beside it. NULL if absent; else a path
   that stays until the next call. */
const char *bench_go_program(const char *name)
{
    static char path[PATH_MAX];
    const char *e = getenv("MLTP_BENCH_GO");
    ssize_t k;
    char *slash;

    if (e && *e && !strcmp(name, "go-life"))
        return access(e, X_OK) == 0 ? e : NULL;
    if (e && *e) {
        if (strlen(e) >= sizeof path - strlen(name) - 1)
            return NULL;
        strcpy(path, e);
    } else {
        if ((k = readlink("/proc/self/exe", path, sizeof path - 1)) <= 0)
            return NULL;
        path[k] = 0;
    }
    slash = strrchr(path, '/');
    k = slash ? slash + 1 - path : 0;
    if ((size_t)k + strlen(name) >= sizeof path)
        return NULL;
    strcpy(path + k, name);
    return access(path, X_OK) == 0 ? path : NULL;
}

int bench_go_run(const struct bench_row *row, const char *name, const char *a1, const char *a2,
                 char *line, size_t size, struct bench_run *r)
{
    const char *prog = bench_go_program(name);
    char procs[16];
    int fd[2], st = 0;
    ssize_t k;
    size_t got = 0;
    pid_t pid = -1;

    snprintf(procs, sizeof procs, "%d", row->nvp);
    if (prog && pipe(fd) == 0 && (pid = fork()) == 0) {
        dup2(fd[1], 1);
        setenv("GOMAXPROCS", procs, 1);
        execl(prog, name, a1, a2, (char *)NULL);
        _exit(127);
    }
    if (pid < 0) {
        bench_fail(r, "cannot run %s: %s", prog ? prog : name, strerror(errno));
        return -1;
    }
    close(fd[1]);
    while (got < size - 1 &&
           ((k = read(fd[0], line + got, size - 1 - got)) > 0 || (k < 0 && errno == EINTR)))
        got += k > 0 ? (size_t)k : 0;
    while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
        got--;
    line[got] = 0;
    close(fd[0]);
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        bench_fail(r, "%s %s%s%s (GOMAXPROCS=%s) failed (status %#x): %.80s", prog, a1,
                   a2 ? " " : "", a2 ? a2 : "", procs, st, line);
        return -1;
    }
    return 0;
}

/* One run of the Go program, with GOMAXPROCS = row->nvp. */
static void life_go(const struct bench_row *row, struct bench_run *r)
{
    char n[24], line[200];
    double ns_per = 0, bytes_per = 0;

    snprintf(n, sizeof n, "%ld", row->arg[0]);
    if (bench_go_run(row, "go-life", n, NULL, line, sizeof line, r) != 0)
        return;
    if (sscanf(line, "ns_per %lf bytes_per %lf", &ns_per, &bytes_per) != 2) {
        bench_fail(r, "go-life %s (GOMAXPROCS=%d) printed %.80s", n, row->nvp, line);
        return;
    }
    r->ns = ns_per * (double)row->arg[0];
    r->ops = r->total_ops = (double)row->arg[0];
    r->value = bytes_per;
}

/* arg[0] N, arg[1] LIFE_MLTP or LIFE_GO; row->nvp VPs or GOMAXPROCS */
static void k_life(const struct bench_row *row, long iters, struct bench_run *r)
{
    (void)iters;
    if (row->arg[1] == LIFE_GO)
        life_go(row, r);
    else
        life_mltp(row, r);
}

/* Each size, on 1 VP (pinned to one CPU, with GOMAXPROCS=1) and on 2,
   MLTP with guards (the default) and without (MLTP_STACK_GUARD=none), and
   Go, taking turns: the time rows, each followed by its memory row (the
   same runs' samples). 10,000, 100,000 and 1,000,000 live. */
void ops_life_register(void)
{
    static const long sizes[] = { 10000, 100000, 1000000 };
    static const char *const names[] = { "10k", "100k", "1M" };
    const char *go = bench_go_program("go-life");

    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        long n = sizes[s];
        for (int v = 1; v <= 2; v++) {
            int group = bench_turns();
            for (int b = LIFE_MLTP; b <= LIFE_GO; b++) {
                static const char *const variants[][2] = {
                    { "MLTP 1 VP", "MLTP 2 VPs" },
                    { "MLTP 1 VP unguarded", "MLTP 2 VPs unguarded" },
                    { "Go GOMAXPROCS=1", "Go GOMAXPROCS=2" },
                };
                struct bench_row row = {
                    .op = bench_name("life of a ULT, %s live", names[s]),
                    .variant = variants[b][v - 1],
                    .env = b == LIFE_MLTP_UNGUARDED ? "MLTP_STACK_GUARD=none" : NULL,
                    .fn = k_life, .arg = { n, b }, .nvp = v, .cpus = v == 1,
                    .fixed_iters = n, .warmup = -1, .fresh = 1, .turns = group, .nocount = 1,
                    .reps = n >= 1000000 || !bench_full ? 5 : 11,
                    .na = b == LIFE_GO && !go
                              ? "bench/go-life not found (built when configure finds go)"
                              : NULL,
                };
                bench_add(&row);
                row.op = bench_name("memory per ULT, %s live", names[s]);
                row.unit = "B";
                row.twin = 1;
                bench_add(&row);
            }
        }
    }
}
