/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/ocean.c - an ocean-basin circulation model in the manner of SPLASH-2
 * Ocean (Woo et al., ISCA 1995): two layers, quasi-geostrophic, on a
 * square (2^k + 2) x (2^k + 2) grid whose outer rows and columns are the
 * basin's walls. A wind stress drives a gyre in the upper layer; the beta
 * effect, lateral and bottom friction shape it. Each time step is a row
 * of grid phases separated by barriers: Laplacians of the stream
 * functions; Jacobians and the vorticity update (leapfrog, Asselin
 * filter); two elliptic solves, for the barotropic (Poisson) and
 * baroclinic (Helmholtz) stream functions, by red-black Gauss-Seidel
 * multigrid; the layers' stream functions.
 *
 * The solver is SPLASH's adaptive one (solve() says how), to a residual
 * tolerance relative to the right side. It makes two barriers a sweep,
 * after the red half and after the black half and its error, and one at
 * each change of level: about 230 a step at 258 x 258. The grids are
 * cell-centred, which makes the coarse corrections good: each cycle
 * divides the residual by about 12, at every grid size.
 *
 * The grids are cut into P rectangular subgrids, as square as P allows,
 * one per worker, at every level. Every grid point is computed by the same
 * expression from the same inputs, and the only reduction is a maximum,
 * so the fields, the checksum and the solver's path are the same bits on
 * every back end and every P and N.
 *
 * Built with MPI (apps/ocean-mpi), the grid is first cut into horizontal
 * bands, one per rank, and each rank's P workers share its band. Between
 * the barrier-separated phases worker 0 trades the band's edge rows with
 * the ranks above and below (nonblocking MPI: under MLTP it yields while
 * it waits) and takes the maximum over the ranks; a coarse level where
 * some rank would have no row is computed whole by every rank. The same
 * points get the same inputs, so the bits are those of one process for
 * any number of ranks too. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "par/par.h"
#include "par/ranks.h"

#define MAX_LEVELS 16
#define COARSEST 2              /* interior points a side, at level 0 */
#define SLOW 0.6                /* a sweep that keeps more of its residual descends */
#define COARSE_TOL 0.3          /* a coarse level's tolerance, of the residual above */
#define MAX_SWEEPS 20000        /* per solve: beyond it the solve failed */

/* The model, non-dimensional on the unit square. */
#define DT 1e-3                 /* time step */
#define BETA 50.0               /* planetary vorticity gradient */
#define WIND 1000.0             /* wind-stress curl amplitude, upper layer */
#define STRATIFICATION 100.0    /* F: the layers' coupling */
#define BOTTOM_DRAG 5.0         /* lower layer */
#define VISCOSITY_NUMBER 0.02   /* lateral friction A, as A dt / h^2 */
#define ASSELIN 0.05            /* leapfrog filter */

static inline double max2(double a, double b)
{
    return a > b ? a : b;
}

struct level {
    int n;                      /* interior points a side: 2^level * COARSEST */
    double h2;                  /* spacing squared */
    double *u, *f;              /* correction and residual (below the top) */
    int cut;                    /* into bands, a rank's rows band[rank].. */
    int *band;                  /* ..band[rank + 1] - 1 */
    int lo, hi;                 /* the rows this rank computes, [lo, hi) */
};

struct block {
    int r0, r1, c0, c1;         /* interior rows and columns, 1-based, [r0, r1) */
};

struct ocean {
    int n, w, levels, steps, workers, rows, cols;
    double tol, h, h2, visc;
    struct level lev[MAX_LEVELS];
    double *psi1, *psi3, *zeta1, *zeta3, *psib, *psim, *rb, *rm;
    double *q1[3], *q3[3];      /* vorticity at steps s-1, s, s+1, by s % 3 */
    par_barrier_t barrier;
    struct {                    /* per worker, a cache line each */
        double err;             /* the last sweep's largest residual */
        double f[2];            /* largest |right side| of this step's solves */
        char pad[40];
    } *maxes;                   /* 64-byte aligned */
    long barriers, sweeps, descents;             /* counted by worker 0 */
    int failed;                                  /* a solve did not converge */
    int rank, ranks, fail_rank;
    double err, f[2];           /* maxima over the ranks, set by worker 0 */
};

/* part a's share of the n points from first on, cut into parts */
static void span(int first, int n, int parts, int a, int *lo, int *hi)
{
    *lo = first + (int)((long)a * n / parts);
    *hi = first + (int)((long)(a + 1) * n / parts);
}

/* worker id's block of the rows its rank computes, at each level */
static void blocks_of(const struct ocean *o, int id, struct block *b)
{
    for (int l = 0; l < o->levels; l++) {
        const struct level *lv = &o->lev[l];
        span(lv->lo, lv->hi - lv->lo, o->rows, id / o->cols, &b[l].r0, &b[l].r1);
        span(1, lv->n, o->cols, id % o->cols, &b[l].c0, &b[l].c1);
    }
}

static void barrier(struct ocean *o, int id)
{
    if (id == 0)
        o->barriers++;
    par_barrier_wait(&o->barrier);
}

/* The grids are cell-centred: the walls lie halfway between the outer
   rows and columns of the arrays and the first inner ones, and a stream
   function or correction is 0 on a wall. The outer points hold 0, so a
   point beside a wall reads 0 there and counts -u[p] once more for it
   (the value beyond the wall being -u[p]). */
static inline int walls(int n, int i, int j)
{
    return (i == 1) + (i == n) + (j == 1) + (j == n);
}

/* lap(u) at (i, j) of an n x n grid, walls and all */
static inline double lap(const double *u, int n, double h2, int i, int j)
{
    int w = n + 2;
    long p = (long)i * w + j;
    return (u[p - w] + u[p + w] + u[p - 1] + u[p + 1] - (4.0 + walls(n, i, j)) * u[p]) / h2;
}

/* One half sweep of red-black Gauss-Seidel on lap(u) - l2 u = f over the
   points of b with (i + j) % 2 == color. Returns the largest residual it
   met, |f - lap(u) + l2 u| at a point just before its update: unlike the
   change, the same measure on every level. About 10 flops a point. */
static double relax(double *u, const double *f, int n, double h2, double l2,
                    int color, const struct block *b)
{
    int w = n + 2;
    double diagonal[5], most = 0;

    for (size_t k = 0; k < PAR_COUNT(diagonal); k++)
        diagonal[k] = 4.0 + (double)k + l2 * h2;
    for (int i = b->r0; i < b->r1; i++) {
        double *ui = u + (long)i * w;
        const double *fi = f + (long)i * w;
        for (int j = b->c0 + ((i + b->c0 + color) & 1); j < b->c1; j += 2) {
            double dj = diagonal[walls(n, i, j)];
            double v = (ui[j - w] + ui[j + w] + ui[j - 1] + ui[j + 1] - h2 * fi[j]) / dj;
            double r = fabs(v - ui[j]) * dj;
            if (r > most)
                most = r;
            ui[j] = v;
        }
    }
    return most / h2;
}

/* The red half over b, and, a row behind it while the rows are still in
   cache, the black half of b's inner points, whose red neighbours are all
   b's: a sweep reads the grid once, not twice. Points get the same values
   as by two half sweeps. */
static double relax_red_inner_black(double *u, const double *f, int n, double h2, double l2,
                                    const struct block *b)
{
    double most = 0;

    for (int i = b->r0; i < b->r1; i++) {
        struct block row = { i, i + 1, b->c0, b->c1 }, inner = { i - 1, i, b->c0 + 1, b->c1 - 1 };
        most = max2(most, relax(u, f, n, h2, l2, 0, &row));
        if (i - 1 > b->r0)
            most = max2(most, relax(u, f, n, h2, l2, 1, &inner));
    }
    return most;
}

/* The black half on b's edge, once the neighbours' red is done. */
static double relax_black_edge(double *u, const double *f, int n, double h2, double l2,
                               const struct block *b)
{
    struct block edge[4] = {
        { b->r0, b->r0 + 1, b->c0, b->c1 },
        { b->r1 - 1, b->r1, b->c0, b->c1 },
        { b->r0 + 1, b->r1 - 1, b->c0, b->c0 + 1 },
        { b->r0 + 1, b->r1 - 1, b->c1 - 1, b->c1 },
    };
    double most = 0;

    if (b->r0 >= b->r1 || b->c0 >= b->c1)
        return 0;
    for (size_t e = 0; e < PAR_COUNT(edge); e++)
        if ((e != 1 || b->r1 - 1 > b->r0) && (e != 3 || b->c1 - 1 > b->c0))
            most = max2(most, relax(u, f, n, h2, l2, 1, &edge[e]));
    return most;
}

static inline double residual(const double *u, const double *f, int n, double h2, double l2,
                       int i, int j)
{
    long p = (long)i * (n + 2) + j;
    return f[p] - (lap(u, n, h2, i, j) - l2 * u[p]);
}

/* The coarse level's right side: the fine residual averaged over the four
   fine points of each coarse point of b (computed here, from the fine
   level as the last sweep left it); its correction starts at 0. */
static void restrict_residual(const double *u, const double *f, int nf, double h2, double l2,
                              struct level *c, const struct block *b)
{
    int wc = c->n + 2;

    for (int i = b->r0; i < b->r1; i++)
        for (int j = b->c0; j < b->c1; j++) {
            int fi = 2 * i - 1, fj = 2 * j - 1;
            c->f[(long)i * wc + j] = 0.25 * (residual(u, f, nf, h2, l2, fi, fj) +
                                             residual(u, f, nf, h2, l2, fi, fj + 1) +
                                             residual(u, f, nf, h2, l2, fi + 1, fj) +
                                             residual(u, f, nf, h2, l2, fi + 1, fj + 1));
            c->u[(long)i * wc + j] = 0;
        }
}

/* Fine row (or column) f lies in coarse cell *cell, nearer to *next than
   to its other neighbour. Beyond a wall the correction is -1 times the
   cell inside (0 on the wall, halfway between them): then *next is the
   cell itself, and the sign -1. */
static inline double coarse_of(int f, int nc, int *cell, int *next)
{
    *cell = (f + 1) / 2;
    *next = f & 1 ? *cell - 1 : *cell + 1;
    if (*next == 0 || *next == nc + 1) {
        *next = *cell;
        return -1;
    }
    return 1;
}

/* Adds the coarse correction, interpolated bilinearly, to u over b. */
static void correct(double *u, int nf, const struct level *c, const struct block *b)
{
    int w = nf + 2, wc = c->n + 2;

    for (int i = b->r0; i < b->r1; i++) {
        int ci, ni, cj, nj;
        double si = coarse_of(i, c->n, &ci, &ni);
        const double *here = c->u + (long)ci * wc, *next = c->u + (long)ni * wc;
        for (int j = b->c0; j < b->c1; j++) {
            double sj = coarse_of(j, c->n, &cj, &nj);
            u[(long)i * w + j] += (9.0 * here[cj] + 3.0 * si * next[cj] +
                                   3.0 * sj * here[nj] + si * sj * next[nj]) / 16.0;
        }
    }
}

/* The largest of the workers' values at field offset off of o->maxes.
   Each worker writes its own before a barrier and all read after it; the
   next write comes after at least one more barrier, which every reader
   has passed (the app's own ordering, through par_barrier_wait). */
static double most_of(const struct ocean *o, size_t off)
{
    double m = 0;
    for (int i = 0; i < o->workers; i++) {
        double v = *(const double *)((const char *)&o->maxes[i] + off);
        if (v > m)
            m = v;
    }
    return m;
}

/* ---- across ranks: worker 0 between two barriers; nothing with one -- */

/* The halo rows of fields of level l and the maximum over the ranks of
   max[0..n); nothing where every rank computes the whole level. */
static void trade(struct ocean *o, int id, int l, double *const *fields, int count,
                  double *max, int n)
{
    const struct level *lv = &o->lev[l];
    struct par_halo h = { fields, count, lv->n + 2, lv->lo, lv->hi };

    if (o->ranks == 1 || !lv->cut)
        return;
    if (id == 0)
        par_ranks_trade(&h, max, n);
    barrier(o, id);
}

/* The largest of a value over the workers and the ranks, in every
   worker, after a barrier that follows the workers' writes to o->maxes;
   with the halo rows of u at level l (u may be NULL). Where every rank
   computes the whole level, its workers' values are every rank's. */
static double largest(struct ocean *o, int id, size_t off, double *global, int l, double *u)
{
    if (o->ranks == 1 || !o->lev[l].cut)
        return most_of(o, off);
    if (id == 0)
        *global = most_of(o, off);
    trade(o, id, l, &u, u != NULL, global, 1);
    return *global;
}

/* Before a restriction from level l, cut into bands, to a level every
   rank computes whole: all of u and f at level l in every rank. */
static void gather_level(struct ocean *o, int id, int l, double *u, double *f)
{
    if (id == 0) {
        par_ranks_gather(u, o->lev[l].n + 2, o->lev[l].band, 1);
        par_ranks_gather(f, o->lev[l].n + 2, o->lev[l].band, 1);
    }
    barrier(o, id);
}

/* The rows beyond level c's band, which the next sweep reads: 0, as
   restriction leaves the correction in every band. */
static void clear_halo(const struct level *c)
{
    long w = c->n + 2;
    if (c->lo > 1)
        memset(c->u + (c->lo - 1) * w, 0, (size_t)w * sizeof *c->u);
    if (c->hi <= c->n)
        memset(c->u + c->hi * w, 0, (size_t)w * sizeof *c->u);
}

/* lap(u) - l2 u = f on the top grid, u holding the first guess, by every
   worker, until no residual a sweep meets exceeds tol * max |f|. SPLASH's
   scheme: relax a level while each sweep removes enough of the residual;
   when one keeps more than SLOW of it, restrict and descend; go back up
   when the level's residual is COARSE_TOL of the one it was given. A
   level may descend again after its correction, which makes W-shaped
   cycles where convergence is slow (here, with a cell-centred grid, the
   coarse levels converge in two sweeps and the cycles come out V-shaped).
   Every worker sees the same residuals, so all take the same path. */
static void solve(struct ocean *o, int id, const struct block *bl, double *u, double *f,
                  double l2, double fmax)
{
    int top = o->levels - 1, k = top;
    double tol[MAX_LEVELS], previous = HUGE_VAL;
    long sweeps = 0;

    tol[top] = o->tol * fmax;
    for (;;) {
        struct level *lv = &o->lev[k];
        double *uk = k == top ? u : lv->u, *fk = k == top ? f : lv->f;
        double red = relax_red_inner_black(uk, fk, lv->n, lv->h2, l2, &bl[k]);
        barrier(o, id);
        trade(o, id, k, &uk, 1, NULL, 0);
        double black = relax_black_edge(uk, fk, lv->n, lv->h2, l2, &bl[k]);
        o->maxes[id].err = red > black ? red : black;
        barrier(o, id);
        /* with the edge rows the next sweep, restriction or correction reads */
        double err = largest(o, id, offsetof(__typeof__(*o->maxes), err), &o->err, k, uk);
        sweeps++;
        if (err <= tol[k]) {
            if (k == top)
                break;
            double *fine = k + 1 == top ? u : o->lev[k + 1].u;
            correct(fine, o->lev[k + 1].n, lv, &bl[k + 1]);
            k++;
            previous = HUGE_VAL;
            barrier(o, id);
            trade(o, id, k, &fine, 1, NULL, 0);
        } else if (!isfinite(err) || sweeps >= MAX_SWEEPS) {
            if (id == 0)
                o->failed = 1;
            break;
        } else if (k > 0 && err > SLOW * previous) {
            struct level *c = &o->lev[k - 1];
            if (o->ranks > 1 && lv->cut && !c->cut)
                gather_level(o, id, k, uk, fk);
            restrict_residual(uk, fk, lv->n, lv->h2, l2, c, &bl[k - 1]);
            tol[k - 1] = COARSE_TOL * err;
            k--;
            previous = HUGE_VAL;
            if (id == 0) {
                o->descents++;
                if (c->cut)
                    clear_halo(c);
            }
            barrier(o, id);
        } else {
            previous = err;
        }
    }
    if (id == 0)
        o->sweeps += sweeps;
}

/* Arakawa's Jacobian J(a, b) = a_x b_y - a_y b_x, times 12 h^2. */
static inline double jacobian(const double *a, const double *b, int w, long p)
{
    long n = p + w, s = p - w;
    double j1 = (a[p + 1] - a[p - 1]) * (b[n] - b[s]) - (a[n] - a[s]) * (b[p + 1] - b[p - 1]);
    double j2 = a[p + 1] * (b[n + 1] - b[s + 1]) - a[p - 1] * (b[n - 1] - b[s - 1]) -
                a[n] * (b[n + 1] - b[n - 1]) + a[s] * (b[s + 1] - b[s - 1]);
    double j3 = b[n] * (a[n + 1] - a[n - 1]) - b[s] * (a[s + 1] - a[s - 1]) -
                b[p + 1] * (a[n + 1] - a[s + 1]) + b[p - 1] * (a[n - 1] - a[s - 1]);
    return j1 + j2 + j3;
}

/* The vorticity tendency of one layer at p. */
static inline double tendency(const struct ocean *o, const double *psi, const double *q,
                       const double *zeta, int i, int j, double forcing, double drag)
{
    int w = o->w;
    long p = (long)i * w + j;
    return -jacobian(psi, q, w, p) / (12.0 * o->h2) -
           BETA * (psi[p + 1] - psi[p - 1]) / (2.0 * o->h) + forcing - drag * zeta[p] +
           o->visc * lap(zeta, o->n, o->h2, i, j);
}

static void step(struct ocean *o, int id, const struct block *bl, int s)
{
    int top = o->levels - 1, w = o->w;
    const struct block *b = &bl[top];
    double *q1o = o->q1[(s + 2) % 3], *q1 = o->q1[s % 3], *q1n = o->q1[(s + 1) % 3];
    double *q3o = o->q3[(s + 2) % 3], *q3 = o->q3[s % 3], *q3n = o->q3[(s + 1) % 3];
    double dt2 = s == 0 ? DT : 2.0 * DT;        /* forward, then leapfrog */
    double *last[] = { o->psi1, o->psi3, q1, q3 }, *zetas[] = { o->zeta1, o->zeta3 };

    trade(o, id, top, last, PAR_COUNT(last), NULL, 0);  /* as the last step left them */

    for (int i = b->r0; i < b->r1; i++)
        for (int j = b->c0; j < b->c1; j++) {
            long p = (long)i * w + j;
            o->zeta1[p] = lap(o->psi1, o->n, o->h2, i, j);
            o->zeta3[p] = lap(o->psi3, o->n, o->h2, i, j);
        }
    barrier(o, id);
    trade(o, id, top, zetas, PAR_COUNT(zetas), NULL, 0);

    double fb = 0, fm = 0;
    for (int i = b->r0; i < b->r1; i++) {
        double wind = -WIND * sin(M_PI * (i - 0.5) * o->h);
        for (int j = b->c0; j < b->c1; j++) {
            long p = (long)i * w + j;
            double from1 = s == 0 ? q1[p] : q1o[p], from3 = s == 0 ? q3[p] : q3o[p];
            q1n[p] = from1 + dt2 * tendency(o, o->psi1, q1, o->zeta1, i, j, wind, 0);
            q3n[p] = from3 + dt2 * tendency(o, o->psi3, q3, o->zeta3, i, j, 0, BOTTOM_DRAG);
            o->rb[p] = 0.5 * (q1n[p] + q3n[p]);
            o->rm[p] = 0.5 * (q1n[p] - q3n[p]);
            fb = max2(fb, fabs(o->rb[p]));
            fm = max2(fm, fabs(o->rm[p]));
        }
    }
    o->maxes[id].f[0] = fb;
    o->maxes[id].f[1] = fm;
    barrier(o, id);

    double fmax_b = largest(o, id, offsetof(__typeof__(*o->maxes), f[0]), &o->f[0], top, NULL);
    double fmax_m = largest(o, id, offsetof(__typeof__(*o->maxes), f[1]), &o->f[1], top, NULL);
    solve(o, id, bl, o->psib, o->rb, 0, fmax_b);
    solve(o, id, bl, o->psim, o->rm, 2.0 * STRATIFICATION, fmax_m);

    for (int i = b->r0; i < b->r1; i++)
        for (int j = b->c0; j < b->c1; j++) {
            long p = (long)i * w + j;
            o->psi1[p] = o->psib[p] + o->psim[p];
            o->psi3[p] = o->psib[p] - o->psim[p];
            if (s > 0) {        /* q at s is read next step only here */
                q1[p] += ASSELIN * (q1o[p] - 2.0 * q1[p] + q1n[p]);
                q3[p] += ASSELIN * (q3o[p] - 2.0 * q3[p] + q3n[p]);
            }
        }
    barrier(o, id);
}

/* where --fail-rank's worker writes */
static int *volatile nowhere;

static void work(int id, void *arg)
{
    struct ocean *o = arg;
    struct block bl[MAX_LEVELS];

    blocks_of(o, id, bl);
    for (int s = 0; s < o->steps && !o->failed; s++) {
        if (s == 1 && id == 0 && o->rank == o->fail_rank)
            *nowhere = 1;
        step(o, id, bl, s);
    }
}

/* ---- main: set-up, verification, report ------------------------------- */

/* P as rows x cols, as square as it goes, rows >= cols */
static void grid_of_workers(int p, int *rows, int *cols)
{
    int c = 1;
    for (int d = 1; (long)d * d <= p; d++)
        if (p % d == 0)
            c = d;
    *cols = c;
    *rows = p / c;
}

/* Zeroed, and the rows this rank reads touched (the run must not time
   their page faults): a large grid's other rows take no memory until
   rank 0 gathers the result. */
static double *grid(const struct level *lv)
{
    size_t w = (size_t)lv->n + 2;
    double *g = calloc(w * w, sizeof *g);
    if (g)
        memset(g + (size_t)(lv->lo - 1) * w, 0, (size_t)(lv->hi - lv->lo + 2) * w * sizeof *g);
    return g;
}

/* Each rank's band of every level. The top level is cut evenly, at even
   rows; a level below is cut where the bands above begin at odd rows,
   into the coarse rows whose fine rows (2i - 1 and 2i) are in each band,
   so that restriction and correction read one halo row a side. Where a
   rank would get no row, or a band above begins at an even row, the
   level and those below are computed whole by every rank. */
static int bands(struct ocean *o)
{
    for (int l = o->levels - 1; l >= 0; l--) {
        struct level *lv = &o->lev[l], *fine = &o->lev[l + 1];
        if (!(lv->band = malloc((size_t)(o->ranks + 1) * sizeof *lv->band)))
            return 0;
        lv->cut = l == o->levels - 1 || fine->cut;
        for (int r = 0; r <= o->ranks; r++) {
            if (l == o->levels - 1) {
                lv->band[r] = 1 + 2 * (int)((long)r * lv->n / o->ranks / 2);
            } else {
                lv->cut &= fine->band[r] % 2;
                lv->band[r] = (fine->band[r] + 1) / 2;
            }
            if (r > 0 && lv->band[r] == lv->band[r - 1])
                lv->cut = 0;
        }
        lv->lo = lv->cut ? lv->band[o->rank] : 1;
        lv->hi = lv->cut ? lv->band[o->rank + 1] : lv->n + 1;
    }
    return 1;
}

static int setup(struct ocean *o)
{
    int ok = 1;

    o->w = o->n + 2;
    o->h = 1.0 / o->n;
    o->h2 = o->h * o->h;
    o->visc = VISCOSITY_NUMBER * o->h2 / DT;
    for (int n = o->n; n >= COARSEST; n /= 2)
        o->levels++;
    for (int l = 0; l < o->levels; l++) {
        struct level *lv = &o->lev[l];
        lv->n = COARSEST << l;
        lv->h2 = o->h2 * (double)(1L << (o->levels - 1 - l)) * (double)(1L << (o->levels - 1 - l));
    }
    if (!bands(o))
        return 0;
    for (int l = 0; l < o->levels - 1; l++)
        ok &= (o->lev[l].u = grid(&o->lev[l])) && (o->lev[l].f = grid(&o->lev[l]));
    double **top[] = { &o->psi1, &o->psi3, &o->zeta1, &o->zeta3, &o->psib, &o->psim,
                       &o->rb, &o->rm, &o->q1[0], &o->q1[1], &o->q1[2],
                       &o->q3[0], &o->q3[1], &o->q3[2] };
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++)
        ok &= (*top[i] = grid(&o->lev[o->levels - 1])) != NULL;
    size_t maxes = (size_t)o->workers * sizeof *o->maxes;
    ok &= (o->maxes = aligned_alloc(64, maxes)) != NULL;
    if (o->maxes)
        memset(o->maxes, 0, maxes);
    return ok;
}

/* One more sweep, serial, over a copy of the solution meets no residual
   above the tolerance: the solve did converge to what it was given. */
static int converged(const struct ocean *o, const double *u, const double *f, double l2)
{
    size_t points = (size_t)o->w * (size_t)o->w;
    double *copy = malloc(points * sizeof *copy), most = 0;
    struct block all = { 1, o->n + 1, 1, o->n + 1 };

    if (!copy)
        return 0;
    memcpy(copy, u, points * sizeof *copy);
    for (size_t p = 0; p < points; p++)
        most = max2(most, fabs(f[p]));
    double red = relax(copy, f, o->n, o->h2, l2, 0, &all);
    double black = relax(copy, f, o->n, o->h2, l2, 1, &all);
    free(copy);
    return red <= o->tol * most && black <= o->tol * most;
}

static uint64_t fnv1a(uint64_t hash, const double *a, size_t count)
{
    const unsigned char *b = (const unsigned char *)a;
    for (size_t i = 0; i < count * sizeof *a; i++)
        hash = (hash ^ b[i]) * 0x100000001b3ULL;
    return hash;
}

/* The checksum, the energy and the convergence of the whole result:
   0, or 1 when it fails. */
static int verify(struct ocean *o, int corrupt, int m, double seconds, const struct par_config *c)
{
    if (corrupt)
        o->psib[(long)(o->n / 2) * o->w + o->n / 3] += 1e-3;
    size_t points = (size_t)o->w * (size_t)o->w;
    uint64_t sum = fnv1a(fnv1a(0xcbf29ce484222325ULL, o->psi1, points), o->psi3, points);
    double energy = 0;
    for (int i = 1; i <= o->n; i++)
        for (int j = 1; j <= o->n; j++) {
            long p = (long)i * o->w + j;
            double u1 = o->psi1[p + o->w] - o->psi1[p], v1 = o->psi1[p + 1] - o->psi1[p];
            double u3 = o->psi3[p + o->w] - o->psi3[p], v3 = o->psi3[p + 1] - o->psi3[p];
            energy += 0.5 * (u1 * u1 + v1 * v1 + u3 * u3 + v3 * v3);
        }
    printf("ocean %d x %d, %d steps, tolerance %g: %ld sweeps, %ld descents, "
           "%ld barriers (%.1f a step)\n", m, m, o->steps, o->tol, o->sweeps, o->descents,
           o->barriers, (double)o->barriers / o->steps);
    printf("kinetic energy %.9e\n", energy);
    printf("checksum %016llx\n", (unsigned long long)sum);
    printf("time %.6f s (%s%s)\n", seconds, par_describe(c), par_ranks_describe());
    fflush(stdout);
    if (o->failed) {
        fprintf(stderr, "ocean: verification failed: a solve did not converge in %d sweeps\n",
                MAX_SWEEPS);
        return 1;
    }
    if (!isfinite(energy) || !converged(o, o->psib, o->rb, 0) ||
        !converged(o, o->psim, o->rm, 2.0 * STRATIFICATION)) {
        fprintf(stderr, "ocean: verification failed: the last solve's fields are not "
                        "converged to %g\n", o->tol);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "grid", required_argument, NULL, 'n' },
        { "steps", required_argument, NULL, 's' },
        { "tolerance", required_argument, NULL, 'e' },
        { "corrupt", no_argument, NULL, 'C' },
        { "fail-rank", required_argument, NULL, 'F' },
        { NULL, 0, NULL, 0 },
    };
    static struct ocean ocean;
    struct ocean *o = &ocean;
    struct par_config c;
    int opt, corrupt = 0, m = 258;
    char *end;

    par_ranks_init(&argc, &argv);
    o->rank = par_rank();
    o->ranks = par_ranks();
    o->fail_rank = -1;
    par_config_default(&c);
    o->steps = 6;
    o->tol = 1e-2;
    par_ranks_reading_options(1);
    while ((opt = par_getopt(argc, argv, "n:s:e:CF:", longopts,
               "A two-layer ocean-basin circulation model, SPLASH-2 Ocean's algorithm, on\n"
               "P workers (apps/ocean-mpi: P workers in each MPI rank, a band of the\n"
               "grid a rank).\n"
               "  -n, --grid M      grid of M x M points, M = 2^k + 2 (default 258)\n"
               "  -s, --steps S     time steps (default 6)\n"
               "  -e, --tolerance E the solver's, relative: the largest residual over\n"
               "                    the largest right side (default 1e-2)\n"
               "  -C, --corrupt     spoil the result before verifying (tests the check)\n"
               "  -F, --fail-rank R rank R's worker 0 dies of SIGSEGV at the start of the\n"
               "                    second time step (tests how a job ends)\n",
               &c)) >= 0) {
        switch (opt) {
        case 'n':
            m = (int)par_arg_number("--grid", optarg, COARSEST + 2, 16386);
            if ((m - 2) & (m - 3)) {
                fprintf(stderr, "ocean: --grid %s: not 2^k + 2\n", optarg);
                return 2;
            }
            break;
        case 's':
            o->steps = (int)par_arg_number("--steps", optarg, 1, 1000000);
            break;
        case 'e':
            o->tol = strtod(optarg, &end);
            if (*end || !(o->tol > 0 && o->tol < 1)) {
                fprintf(stderr, "ocean: --tolerance %s: a number between 0 and 1\n", optarg);
                return 2;
            }
            break;
        case 'C':
            corrupt = 1;
            break;
        case 'F':
            o->fail_rank = (int)par_arg_number("--fail-rank", optarg, 0, o->ranks - 1);
            break;
        }
    }
    par_ranks_reading_options(0);
    o->n = m - 2;
    o->workers = c.workers;
    grid_of_workers(c.workers, &o->rows, &o->cols);
    if (!setup(o)) {
        fprintf(stderr, "ocean: no memory for the %d x %d grids\n", m, m);
        return 1;
    }
    if (par_barrier_init(&c, &o->barrier) != 0)
        return 1;

    par_ranks_sync();
    double t0 = par_now();
    if (par_run(&c, work, o) != 0)
        return 1;
    par_ranks_sync();           /* the time of the slowest rank */
    double t1 = par_now();
    par_barrier_destroy(&o->barrier);

    /* rank 0 verifies and reports the whole result */
    double *results[] = { o->psi1, o->psi3, o->psib, o->psim, o->rb, o->rm };
    for (size_t i = 0; i < PAR_COUNT(results) && o->lev[o->levels - 1].cut; i++)
        par_ranks_gather(results[i], o->w, o->lev[o->levels - 1].band, 0);
    int status = o->rank == 0 ? verify(o, corrupt, m, t1 - t0, &c) : 0;
    par_ranks_end();
    return status;
}
