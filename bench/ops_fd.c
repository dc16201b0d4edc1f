/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_fd.c - descriptors from ULTs (sys/fd.c, sched/poll.c).
 *
 * What a call that need not wait costs: a ULT's write() of one byte to
 * /dev/null and read() of one byte from a pipe that holds data, through
 * libmltp's wrappers, beside the same ULT calling the C library's own
 * (found with dlsym(RTLD_NEXT)). The pipe is refilled by the C library's
 * write every 4096 reads, in both rows alike.
 *
 * What a wait costs: PAIRS pairs of ULTs over AF_UNIX socketpairs, each a
 * client that writes 4 bytes and reads their echo MSGS times and a server
 * that echoes until EOF; one pair is a ping-pong (ns per round trip),
 * 500 pairs of 100 a crowd (the whole run). Beside them Go's goroutines
 * doing the same over net.Conns (bench/go/echo.go, built as bench/go-echo
 * when configure finds go; without it those rows say n/a). Every run a
 * new process, MLTP's and Go's taking turns. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "bench/bench.h"

/* ---- a call that need not wait ------------------------------------- */

enum { FD_MLTP, FD_LIBC };

typedef ssize_t rw_fn(int, void *, size_t);

struct fd_call {
    rw_fn *read_fn, *write_fn;
    ssize_t (*libc_write)(int, const void *, size_t);
    int fd, pipe_in, wr;
    long n, warm;
    int bad;
    struct bench_times t[1];
};

static void refill(struct fd_call *z)
{
    static const char b[4096];

    if (z->libc_write(z->pipe_in, b, sizeof b) != (ssize_t)sizeof b)
        z->bad = 1;
}

static inline void one_call(struct fd_call *z, long i)
{
    char c = 'x';

    if (z->wr) {
        if (z->write_fn(z->fd, &c, 1) != 1)
            z->bad = 1;
        return;
    }
    if ((i & 4095) == 0)
        refill(z);
    if (z->read_fn(z->fd, &c, 1) != 1)
        z->bad = 1;
}

static void fd_call_ult(int id, void *arg)
{
    struct fd_call *z = arg;
    long i = 0;

    (void)id;
    bench_fp_clean();
    BENCH_TIMED(z->t[0], z->warm, z->n, one_call(z, i++));
}

/* arg[0] FD_MLTP or FD_LIBC, arg[1] 1: write to /dev/null, 0: read a
   pipe; one ULT on 1 VP, n calls */
static void k_fd_call(const struct bench_row *row, long n, struct bench_run *r)
{
    struct fd_call *z = bench_zalloc(sizeof *z);
    int p[2] = { -1, -1 };

    z->n = n;
    z->warm = bench_warm(n);
    z->wr = (int)row->arg[1];
    z->libc_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
    if (row->arg[0] == FD_LIBC) {
        z->read_fn = (rw_fn *)dlsym(RTLD_NEXT, "read");
        z->write_fn = (rw_fn *)z->libc_write;
    } else {
        z->read_fn = read;
        z->write_fn = (rw_fn *)write;
    }
    if (!z->read_fn || !z->write_fn || !z->libc_write) {
        bench_fail(r, "dlsym(RTLD_NEXT) found no read or write: %s", dlerror());
        free(z);
        return;
    }
    if (z->wr) {
        z->fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
    } else if (pipe2(p, O_CLOEXEC) == 0) {
        /* room for the refills to come: (warm + n) / 4096 of 4096 each */
        fcntl(p[1], F_SETPIPE_SZ, 1 << 20);
        z->fd = p[0];
        z->pipe_in = p[1];
    } else {
        z->fd = -1;
    }
    if (z->fd < 0) {
        bench_fail(r, "%s: %s", z->wr ? "/dev/null" : "pipe2", strerror(errno));
    } else if (bench_par(r, PAR_MLTP, 1, 1, fd_call_ult, z) == 0) {
        if (z->bad)
            bench_fail(r, "a %s returned other than 1", z->wr ? "write" : "read");
        bench_span(r, z->t, 1);
        r->ops = (double)n;
        r->total_ops = (double)(n + z->warm);
    }
    if (z->fd >= 0)
        close(z->fd);
    if (p[1] >= 0)
        close(p[1]);
    free(z);
}

/* ---- waits: pairs echoing over socketpairs ------------------------- */

enum { ECHO_MLTP, ECHO_GO };

struct echo_run {
    long pairs, msgs, echoed;
    int (*fds)[2];
    mltp_t **h;
    int err, failed;
    double t0, t1;
};

static void *echo_server(void *p)
{
    int fd = (int)(intptr_t)p;
    char b[16];
    ssize_t k;

    while ((k = recv(fd, b, sizeof b, 0)) > 0)
        if (send(fd, b, (size_t)k, 0) != k)
            return (void *)1;
    close(fd);
    return NULL;
}

static struct echo_run *echo_run;

static void *echo_client(void *p)
{
    int fd = (int)(intptr_t)p;
    char b[4];
    long i;

    for (i = 0; i < echo_run->msgs; i++) {
        size_t got = 0;
        if (write(fd, "ping", 4) != 4)
            break;
        while (got < sizeof b) {
            ssize_t k = read(fd, b + got, sizeof b - got);
            if (k <= 0)
                break;
            got += (size_t)k;
        }
        if (got < sizeof b)
            break;
    }
    __atomic_fetch_add(&echo_run->echoed, i, __ATOMIC_RELAXED);
    close(fd);
    return NULL;
}

static void *echo_driver(void *p)
{
    struct echo_run *z = p;
    long n = 2 * z->pairs;

    bench_fp_clean();
    z->t0 = bench_now();
    for (long i = 0; i < n; i++)
        if (!(z->h[i] = mltp_create(i & 1 ? echo_client : echo_server,
                                    (void *)(intptr_t)z->fds[i / 2][i & 1]))) {
            z->err = errno;
            n = i;
            break;
        }
    for (long i = 0; i < n; i++) {
        void *rv = NULL;
        if (mltp_join(z->h[i], &rv) != 0 || rv)
            z->failed = 1;
        mltp_free(z->h[i]);
    }
    z->t1 = bench_now();
    return NULL;
}

static void echo_mltp(const struct bench_row *row, struct echo_run *z, struct bench_run *r)
{
    mltp_t *d;

    z->fds = calloc((size_t)z->pairs, sizeof *z->fds);
    z->h = calloc(2 * (size_t)z->pairs, sizeof *z->h);
    if (!z->fds || !z->h) {
        bench_fail(r, "no memory for %ld pairs", z->pairs);
        return;
    }
    for (long i = 0; i < z->pairs; i++)
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, z->fds[i]) != 0) {
            bench_fail(r, "socketpair %ld of %ld: %s", i + 1, z->pairs, strerror(errno));
            return;     /* a fresh process: its descriptors end with it */
        }
    bench_prime_vps(row->nvp);
    echo_run = z;
    if (!(d = mltp_create(echo_driver, z))) {
        bench_fail(r, "mltp_create: %s", strerror(errno));
        return;
    }
    errno = 0;
    mltp_start(row->nvp);
    if (z->err)
        bench_fail(r, "mltp_create: %s", strerror(z->err));
    else if (errno)
        bench_fail(r, "mltp_start(%d): %s", row->nvp, strerror(errno));
    else if (z->failed)
        bench_fail(r, "a server's send failed, or a join");
    free(d);
}

static void echo_go(const struct bench_row *row, struct echo_run *z, struct bench_run *r)
{
    char a1[24], a2[24], line[200];
    double ns, echoed;

    snprintf(a1, sizeof a1, "%ld", z->pairs);
    snprintf(a2, sizeof a2, "%ld", z->msgs);
    if (bench_go_run(row, "go-echo", a1, a2, line, sizeof line, r) != 0)
        return;
    if (sscanf(line, "ns %lf echoed %lf", &ns, &echoed) != 2) {
        bench_fail(r, "go-echo %s %s (GOMAXPROCS=%d) printed %.80s", a1, a2, row->nvp, line);
        return;
    }
    z->t0 = 0;
    z->t1 = ns;
    z->echoed = (long)echoed;
}

/* arg[0] ECHO_MLTP or ECHO_GO, arg[1] pairs, arg[2] echoes each; row->nvp
   VPs or GOMAXPROCS. One pair: ns per round trip; more: the whole run. */
static void k_echo(const struct bench_row *row, long iters, struct bench_run *r)
{
    struct echo_run *z = bench_zalloc(sizeof *z);

    (void)iters;
    z->pairs = row->arg[1];
    z->msgs = row->arg[2];
    if (row->arg[0] == ECHO_GO)
        echo_go(row, z, r);
    else
        echo_mltp(row, z, r);
    if (!r->err[0] && z->echoed != z->pairs * z->msgs)
        bench_fail(r, "%ld echoes of %ld", z->echoed, z->pairs * z->msgs);
    r->ns = z->t1 - z->t0;
    r->ops = r->total_ops = z->pairs == 1 ? (double)z->msgs : 1;
    if (z->pairs > 1)
        snprintf(r->info, sizeof r->info, "%ld pairs of %ld echoes: %.0f ns an echo", z->pairs,
                 z->msgs, r->ns / (double)(z->pairs * z->msgs));
    free(z->fds);
    free(z->h);
    free(z);
}

void ops_fd_register(void)
{
    const char *go = bench_go_program("go-echo");
    const char *direct = getenv("MLTP_SYSCALLS");
    static const char *const ops[2] = { "read() of 1 byte from a ready pipe",
                                        "write() of 1 byte to /dev/null" };
    static const struct {
        const char *op;
        long pairs, msgs;
    } echoes[] = {
        { "socketpair ping-pong (a round trip)", 1, 20000 },
        { "500 pairs echoing 100 times over socketpairs", 500, 100 },
    };

    direct = direct && !strcmp(direct, "direct") ? direct : NULL;
    for (int wr = 0; wr <= 1; wr++) {
        int group = bench_turns();
        for (int b = FD_MLTP; b <= FD_LIBC; b++)
            bench_add(&(struct bench_row){
                .op = ops[wr], .variant = b == FD_MLTP ? "MLTP (libmltp's) 1 VP"
                                                      : "the C library's 1 VP",
                .fn = k_fd_call, .arg = { b, wr }, .nvp = 1, .cpus = 1, .turns = group,
                .na = b == FD_MLTP && direct ? "MLTP_SYSCALLS=direct: the C library's" : NULL });
    }
    for (size_t e = 0; e < sizeof echoes / sizeof echoes[0]; e++) {
        for (int v = 1; v <= 2; v++) {
            int group = bench_turns();      /* pinned alike: one VP count */
            for (int b = ECHO_MLTP; b <= ECHO_GO; b++)
                bench_add(&(struct bench_row){
                    .op = echoes[e].op,
                    .variant = b == ECHO_GO ? bench_name("Go GOMAXPROCS=%d", v)
                                            : bench_name("MLTP %d VP%s", v, v > 1 ? "s" : ""),
                    .fn = k_echo, .arg = { b, echoes[e].pairs, echoes[e].msgs }, .nvp = v,
                    .cpus = v == 1, .fixed_iters = 1, .warmup = -1, .fresh = 1, .turns = group,
                    .nocount = 1, .reps = bench_full ? 11 : 5,
                    .na = b == ECHO_GO && !go
                              ? "bench/go-echo not found (built when configure finds go)"
                          : b == ECHO_MLTP && direct
                              ? "MLTP_SYSCALLS=direct: a wait would hold its VP"
                              : NULL });
        }
    }
}
