/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_kernel.c - what the kernel costs: the baselines MLTP saves.
 *   pthread_create + pthread_join of an empty thread
 *   pthread mutex + condition variable ping-pong (the MLTP cond protocol),
 *   per round trip
 *   pthread_barrier_wait with P threads
 *   two processes alternating with sched_yield on one CPU
 *   SysV semop ping-pong between two processes
 * "1 CPU": every thread or process pinned to the same CPU; "2 CPUs": free.
 * Each run happens in a new process (the rows' `fresh`): forked children
 * of this program, once it has run thousands of ULTs, switch several times
 * slower (sched_yield: 1 us -> 5-7 us), which is not a kernel baseline. */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench/bench.h"

static const char *cpus_name(int cpus)
{
    return cpus == 1 ? "1 CPU" : "2 CPUs";
}

/* ---- threads ----------------------------------------------------------- */

static int run_threads(int nth, void *(*f)(void *), void *base, size_t size,
                       struct bench_run *r)
{
    pthread_t *t = malloc(sizeof *t * nth);
    int e;

    (void)r;
    for (int i = 0; i < nth; i++) {
        if ((e = pthread_create(&t[i], NULL, f, (char *)base + i * size)) != 0) {
            /* the others would wait for it for ever */
            fprintf(stderr, "mltp_bench: pthread_create: %s\n", strerror(e));
            exit(1);
        }
    }
    for (int i = 0; i < nth; i++)
        pthread_join(t[i], NULL);
    free(t);
    return 0;
}

static void *empty_thread(void *p)
{
    return p;
}

static void k_pthread_create(const struct bench_row *row, long n, struct bench_run *r)
{
    struct bench_stamp t0, t1;
    pthread_t t;
    int e;

    (void)row;
    bench_stamp(&t0);
    for (long i = 0; i < n; i++) {
        if ((e = pthread_create(&t, NULL, empty_thread, NULL)) != 0) {
            bench_fail(r, "pthread_create: %s", strerror(e));
            return;
        }
        pthread_join(t, NULL);
    }
    bench_stamp(&t1);
    r->ns = t1.ns - t0.ns;
    r->cyc = t1.cyc - t0.cyc;
    r->ops = r->total_ops = (double)n;
}

/* mutex + condition variable ping-pong */
struct pcond {
    pthread_mutex_t m;
    pthread_cond_t c;
    int turn;
    long n, warm;
};

struct pcworker {
    struct pcond *s;
    int me;
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *pcond_thread(void *p)
{
    struct pcworker *w = p;
    struct pcond *s = w->s;
    long total = s->warm + s->n;

    bench_fp_clean();
    for (long k = 0; k < total; k++) {
        if (k == s->warm)
            bench_stamp(&w->t0);
        pthread_mutex_lock(&s->m);
        while (s->turn != w->me)
            pthread_cond_wait(&s->c, &s->m);
        s->turn = 1 - w->me;
        pthread_cond_signal(&s->c);
        pthread_mutex_unlock(&s->m);
    }
    bench_stamp(&w->t1);
    return NULL;
}

static void k_pthread_cond(const struct bench_row *row, long n, struct bench_run *r)
{
    struct pcond *s = bench_zalloc(sizeof *s);
    struct pcworker *w = bench_zalloc(sizeof *w * 2);

    (void)row;
    pthread_mutex_init(&s->m, NULL);
    pthread_cond_init(&s->c, NULL);
    s->n = n;
    s->warm = bench_warm(n);
    for (int i = 0; i < 2; i++) {
        w[i].s = s;
        w[i].me = i;
    }
    if (run_threads(2, pcond_thread, w, sizeof *w, r) == 0) {
        /* n round trips, as the MLTP rows */
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, 2);
        r->ops = (double)n;
        r->total_ops = (double)(n + s->warm);
    }
    pthread_cond_destroy(&s->c);
    pthread_mutex_destroy(&s->m);
    free(s);
    free(w);
}

/* pthread_barrier_wait */
struct pbar {
    pthread_barrier_t b;
    long n, warm;
};

struct pbworker {
    struct pbar *b;
    struct bench_stamp t0, t1;
} __attribute__((aligned(64)));

static void *pbar_thread(void *p)
{
    struct pbworker *w = p;

    bench_fp_clean();
    for (long i = 0; i < w->b->warm; i++)
        pthread_barrier_wait(&w->b->b);
    bench_stamp(&w->t0);
    for (long i = 0; i < w->b->n; i++)
        pthread_barrier_wait(&w->b->b);
    bench_stamp(&w->t1);
    return NULL;
}

static void k_pthread_barrier(const struct bench_row *row, long n, struct bench_run *r)
{
    int p = (int)row->arg[0];
    struct pbar *b = bench_zalloc(sizeof *b);
    struct pbworker *w = bench_zalloc(sizeof *w * p);

    pthread_barrier_init(&b->b, NULL, p);
    b->n = n;
    b->warm = bench_warm(n);
    for (int i = 0; i < p; i++)
        w[i].b = b;
    if (run_threads(p, pbar_thread, w, sizeof *w, r) == 0) {
        bench_span(r, &w[0].t0, sizeof *w, &w[0].t1, sizeof *w, p);
        r->ops = (double)n;
        r->total_ops = (double)(n + b->warm);
    }
    pthread_barrier_destroy(&b->b);
    free(b);
    free(w);
}

/* ---- processes ------------------------------------------------------------ */

struct pshared {
    volatile int ready;
    int semid;
    long n, warm;
    struct bench_stamp t0[2], t1[2];
};

/* Run f(0) and f(1) in two child processes; shared state in s. */
static int run_procs(struct pshared *s, void (*f)(struct pshared *, int), struct bench_run *r)
{
    pid_t pid[2] = { -1, -1 };

    for (int i = 0; i < 2; i++) {
        pid[i] = fork();
        if (pid[i] == 0) {
            bench_fp_clean();
            f(s, i);
            _exit(0);
        }
        if (pid[i] < 0) {
            bench_fail(r, "fork: %s", strerror(errno));
            if (i == 1)
                kill(pid[0], SIGKILL);   /* it would wait for its partner */
            break;
        }
    }
    for (int i = 0; i < 2; i++) {
        int st;
        if (pid[i] <= 0)
            continue;
        while (waitpid(pid[i], &st, 0) < 0 && errno == EINTR)
            ;
        if (!r->err[0] && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))
            bench_fail(r, "child process failed (status %#x)", st);
    }
    if (r->err[0])
        return -1;
    bench_span(r, &s->t0[0], sizeof s->t0[0], &s->t1[0], sizeof s->t1[0], 2);
    return 0;
}

static struct pshared *pshared_new(long n)
{
    struct pshared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (s == MAP_FAILED) {
        perror("mltp_bench: mmap");
        exit(1);
    }
    memset(s, 0, sizeof *s);
    s->n = n;
    s->warm = bench_warm(n);
    return s;
}

static void yield_proc(struct pshared *s, int i)
{
    __atomic_fetch_add(&s->ready, 1, __ATOMIC_SEQ_CST);
    while (s->ready < 2)
        sched_yield();
    for (long k = 0; k < s->warm; k++)
        sched_yield();
    bench_stamp(&s->t0[i]);
    for (long k = 0; k < s->n; k++)
        sched_yield();
    bench_stamp(&s->t1[i]);
}

static void k_sched_yield(const struct bench_row *row, long n, struct bench_run *r)
{
    struct pshared *s = pshared_new(n);

    (void)row;
    if (run_procs(s, yield_proc, r) == 0) {
        r->ops = 2.0 * n;
        r->total_ops = 2.0 * (n + s->warm);
    }
    munmap(s, sizeof *s);
}

static void sem(int id, int num, int op)
{
    struct sembuf b = { (unsigned short)num, (short)op, 0 };
    while (semop(id, &b, 1) < 0)
        if (errno != EINTR)
            _exit(3);
}

static void semop_proc(struct pshared *s, int i)
{
    long total = s->warm + s->n;

    for (long k = 0; k < total; k++) {
        if (k == s->warm)
            bench_stamp(&s->t0[i]);
        if (i == 0) {
            sem(s->semid, 1, 1);
            sem(s->semid, 0, -1);
        } else {
            sem(s->semid, 1, -1);
            sem(s->semid, 0, 1);
        }
    }
    bench_stamp(&s->t1[i]);
}

/* Remove the set if the program is interrupted while it exists. */
static volatile sig_atomic_t live_semid = -1;

static void sem_cleanup(int sig)
{
    if (live_semid >= 0)
        semctl(live_semid, 0, IPC_RMID);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void k_semop(const struct bench_row *row, long n, struct bench_run *r)
{
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction sa, old[3];
    struct pshared *s = pshared_new(n);

    (void)row;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = sem_cleanup;
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &sa, &old[i]);
    s->semid = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
    if (s->semid < 0) {
        bench_fail(r, "semget: %s", strerror(errno));
    } else {
        live_semid = s->semid;
        if (run_procs(s, semop_proc, r) == 0) {
            r->ops = 2.0 * n;
            r->total_ops = 2.0 * (n + s->warm);
        }
        semctl(s->semid, 0, IPC_RMID);
        live_semid = -1;
    }
    for (int i = 0; i < 3; i++)
        sigaction(sigs[i], &old[i], NULL);
    munmap(s, sizeof *s);
}

/* ---- registration ------------------------------------------------------------ */

void ops_kernel_register(void)
{
    static char cj[2][40], cv[2][40], sm[2][40], bn[2][3][40];
    static const int parties[] = { 2, 4, 8 };

    for (int c = 1; c >= 0; c--) {
        int i = c == 1 ? 0 : 1;
        snprintf(cj[i], sizeof cj[i], "pthread / %s", cpus_name(c));
        bench_add(&(struct bench_row){
            .op = "kernel: thread create+join", .variant = cj[i], .fn = k_pthread_create,
            .cpus = c, .fresh = 1 });
    }
    for (int c = 1; c >= 0; c--) {
        int i = c == 1 ? 0 : 1;
        snprintf(cv[i], sizeof cv[i], "pthread mutex+cond / %s", cpus_name(c));
        bench_add(&(struct bench_row){
            .op = "cond ping-pong (round trip)", .variant = cv[i], .fn = k_pthread_cond, .cpus = c,
            .nvp = 2 - c, .fresh = 1, .plot = { { "vps", "pthread mutex+cond ping-pong", 2 - c } } });
    }
    for (int c = 1; c >= 0; c--) {
        int v = c == 1 ? 0 : 1;
        for (int i = 0; i < 3; i++) {
            int p = parties[i];
            snprintf(bn[v][i], sizeof bn[0][0], "pthread %d threads / %s", p, cpus_name(c));
            bench_add(&(struct bench_row){
                .op = "barrier", .variant = bn[v][i], .fn = k_pthread_barrier, .arg = { p },
                .cpus = c, .nvp = 2 - c, .fresh = 1,
                .plot = { { "barrier", c == 1 ? "pthread 1 CPU" : "pthread 2 CPUs", p },
                          { p == 2 ? "vps" : NULL, "pthread barrier 2 threads", 2 - c } } });
        }
    }
    bench_add(&(struct bench_row){
        .op = "kernel: process switch", .variant = "2 procs sched_yield / 1 CPU",
        .fn = k_sched_yield, .cpus = 1, .fresh = 1,
        .note = "two processes pinned to one CPU, alternating by sched_yield; per switch" });
    for (int c = 1; c >= 0; c--) {
        int i = c == 1 ? 0 : 1;
        snprintf(sm[i], sizeof sm[i], "2 procs SysV semop / %s", cpus_name(c));
        bench_add(&(struct bench_row){
            .op = "kernel: semop ping-pong", .variant = sm[i], .fn = k_semop, .cpus = c,
            .fresh = 1,
            .note = c ? "per one-way pass (V on one semaphore, P on the other)" : NULL });
    }
}
