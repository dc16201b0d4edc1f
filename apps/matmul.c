/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/matmul.c - C = A x B in doubles, cache-blocked. C is cut into
 * square tiles; each tile is computed whole by one worker, in one fixed
 * order, so C has the same bits on every back end, P and schedule. The
 * schedules: static (worker id takes tiles id, id + P, ...) and dynamic
 * (workers take the next tile from a shared counter, under a lock or with
 * an atomic add). Verified with Freivalds' check: A(Br) = Cr for random
 * vectors r of +-1. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "par/par.h"

enum schedule { STATIC, DYNAMIC };
enum counter { BY_LOCK, BY_ATOMIC };

struct mm {
    long n, bs, tiles_per_row, tiles;
    double *a, *b, *c;
    enum schedule schedule;
    enum counter counter;
    int workers;
    par_lock_t lock;
    long next;          /* the dynamic schedule's next tile */
};

static void tile(struct mm *m, long t)
{
    long n = m->n, bs = m->bs;
    long i0 = t / m->tiles_per_row * bs, j0 = t % m->tiles_per_row * bs;
    long i1 = i0 + bs < n ? i0 + bs : n, j1 = j0 + bs < n ? j0 + bs : n;

    for (long k0 = 0; k0 < n; k0 += bs) {
        long k1 = k0 + bs < n ? k0 + bs : n;
        for (long i = i0; i < i1; i++) {
            double *ci = m->c + i * n;
            for (long k = k0; k < k1; k++) {
                double aik = m->a[i * n + k];
                const double *bk = m->b + k * n;
                for (long j = j0; j < j1; j++)
                    ci[j] += aik * bk[j];
            }
        }
    }
}

static long next_tile(struct mm *m)
{
    long t;

    if (m->counter == BY_ATOMIC)
        return __atomic_fetch_add(&m->next, 1, __ATOMIC_RELAXED);
    par_lock(&m->lock);
    t = m->next++;
    par_unlock(&m->lock);
    return t;
}

static void work(int id, void *arg)
{
    struct mm *m = arg;

    if (m->schedule == STATIC) {
        for (long t = id; t < m->tiles; t += m->workers)
            tile(m, t);
        return;
    }
    for (long t; (t = next_tile(m)) < m->tiles;)
        tile(m, t);
}

/* A 64-bit LCG (Knuth's MMIX constants): the same inputs everywhere. */
static unsigned long long lcg(unsigned long long *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 11;
}

/* Freivalds' check, `rounds` random vectors: 1 if C = A x B. */
static int freivalds(const struct mm *m, int rounds)
{
    long n = m->n;
    double *r = malloc(sizeof *r * (size_t)n * 2), *br = r + n;
    unsigned long long s = 42;
    int ok = 1;

    if (!r)
        return 0;
    for (int round = 0; round < rounds && ok; round++) {
        for (long i = 0; i < n; i++)
            r[i] = lcg(&s) & 1 ? 1.0 : -1.0;
        for (long i = 0; i < n; i++) {
            double t = 0;
            for (long j = 0; j < n; j++)
                t += m->b[i * n + j] * r[j];
            br[i] = t;
        }
        for (long i = 0; i < n && ok; i++) {
            double abr = 0, cr = 0, mag = 0;
            for (long j = 0; j < n; j++) {
                abr += m->a[i * n + j] * br[j];
                cr += m->c[i * n + j] * r[j];
                mag += fabs(m->c[i * n + j]);
            }
            /* entries of A and B are in [-1, 1): rounding is far below */
            ok = fabs(abr - cr) <= 1e-9 * ((double)n + mag);
        }
    }
    free(r);
    return ok;
}

/* Frees the matrices on every way out, a failed run's too: they are
   main's, and LeakSanitizer reports what main drops. */
static int end(struct mm *m, int status)
{
    free(m->a);
    free(m->b);
    free(m->c);
    return status;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "size", required_argument, NULL, 'n' },
        { "block", required_argument, NULL, 'B' },
        { "schedule", required_argument, NULL, 's' },
        { "counter", required_argument, NULL, 'c' },
        { "corrupt", no_argument, NULL, 'C' },
        { NULL, 0, NULL, 0 },
    };
    /* in the order of enum schedule and enum counter */
    static const char *const schedules[] = { "static", "dynamic" };
    static const char *const counters[] = { "lock", "atomic" };
    struct par_config cfg;
    struct mm m = { .n = 1024, .bs = 64 };
    int opt, corrupt = 0;

    par_config_default(&cfg);
    while ((opt = par_getopt(argc, argv, "n:B:s:c:", longopts,
               "Multiplies two n x n matrices of doubles on P workers.\n"
               "  -n, --size N        n (default 1024)\n"
               "  -B, --block S       tile size (default 64)\n"
               "  -s, --schedule S    static (default) or dynamic\n"
               "  -c, --counter C     dynamic schedule's counter: lock (default;\n"
               "                      the class of --lock under MLTP) or atomic\n"
               "      --corrupt       for tests: change one element of C after the\n"
               "                      product, so that verification fails\n", &cfg)) >= 0) {
        switch (opt) {
        case 'n':
            m.n = par_arg_number("--size", optarg, 1, 16384);
            break;
        case 'B':
            m.bs = par_arg_number("--block", optarg, 1, 16384);
            break;
        case 's':
            m.schedule = (enum schedule)par_arg_choice("--schedule", "schedule", optarg, schedules,
                                                       PAR_COUNT(schedules));
            break;
        case 'c':
            m.counter = (enum counter)par_arg_choice("--counter", "counter", optarg, counters,
                                                     PAR_COUNT(counters));
            break;
        case 'C':
            corrupt = 1;
            break;
        }
    }

    size_t bytes = sizeof(double) * (size_t)m.n * (size_t)m.n;
    m.a = malloc(bytes);
    m.b = malloc(bytes);
    m.c = calloc(1, bytes);
    if (!m.a || !m.b || !m.c) {
        fprintf(stderr, "matmul: no memory for three %ld x %ld matrices\n", m.n, m.n);
        return end(&m, 1);
    }
    unsigned long long s = 1;
    for (long i = 0; i < m.n * m.n; i++) {
        m.a[i] = (double)(lcg(&s) % 2048) / 1024.0 - 1.0;
        m.b[i] = (double)(lcg(&s) % 2048) / 1024.0 - 1.0;
    }
    m.tiles_per_row = (m.n + m.bs - 1) / m.bs;
    m.tiles = m.tiles_per_row * m.tiles_per_row;
    m.workers = cfg.workers;
    if (par_lock_init(&cfg, &m.lock) != 0)
        return end(&m, 1);

    double t0 = par_now();
    int run = par_run(&cfg, work, &m);
    double t1 = par_now();
    par_lock_destroy(&m.lock);
    if (run != 0)
        return end(&m, 1);

    if (corrupt)
        m.c[m.n / 2 * m.n + m.n / 3] += 1.0;
    double sum = 0;
    for (long i = 0; i < m.n * m.n; i++)
        sum += m.c[i];
    unsigned long long bits;
    memcpy(&bits, &sum, sizeof bits);
    printf("matmul n=%ld tile=%ld %s%s sum %.12g\n", m.n, m.bs,
           m.schedule == STATIC ? "static" : "dynamic",
           m.schedule == STATIC ? "" : m.counter == BY_LOCK ? " (lock)" : " (atomic)", sum);
    printf("checksum %016llx\n", bits);
    printf("time %.6f s (%s)\n", t1 - t0, par_describe(&cfg));
    if (!freivalds(&m, 2)) {
        fprintf(stderr, "matmul: verification failed: A(Br) != Cr (Freivalds)\n");
        return end(&m, 1);
    }
    return end(&m, 0);
}
