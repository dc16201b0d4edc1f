/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/par.h - what the apps ask of a thread package: P workers that
 * run one function, barriers across all of them, locks and a shared
 * counter. Three back ends, chosen at run time: MLTP (P ULTs on N VPs),
 * POSIX threads and OpenMP (libgomp). An app is written once against this,
 * so that comparing back ends compares the thread packages and nothing
 * else. One par_run at a time. */
#ifndef APPS_PAR_H
#define APPS_PAR_H

#include <getopt.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <mltp.h>

enum par_backend { PAR_MLTP, PAR_PTHREADS, PAR_OPENMP };

struct par_config {
    enum par_backend backend;
    int workers;        /* P */
    int vps;            /* N, MLTP only */
    int lock_class;     /* MLTP_LOCK_*, for par_lock_t under MLTP */
};

/* Every worker calls par_barrier_wait(b) the same number of times. */
typedef struct par_barrier {
    enum par_backend backend;
    int count;
    union {
        mltp_barrier_t mltp;
        pthread_barrier_t pthreads;
    } u;
} par_barrier_t;

typedef struct par_lock {
    enum par_backend backend;
    union {
        mltp_lock_t mltp;
        pthread_mutex_t pthreads;
        omp_lock_t openmp;
    } u;
} par_lock_t;

/* Run work(id, arg) on c->workers workers, ids 0..P-1, and wait for all.
   0, or -1 after a message on stderr. */
int par_run(const struct par_config *c, void (*work)(int id, void *arg), void *arg);

/* Objects for the run to come (made before par_run, in main). */
int par_barrier_init(const struct par_config *c, par_barrier_t *b);
void par_barrier_destroy(par_barrier_t *b);
void par_barrier_wait(par_barrier_t *b);
int par_lock_init(const struct par_config *c, par_lock_t *l);
void par_lock_destroy(par_lock_t *l);
void par_lock(par_lock_t *l);
void par_unlock(par_lock_t *l);

/* ---- the command line every app shares --------------------------------- */
/* Defaults: MLTP, P = 1, N = $MLTP_VPS or the CPUs we may use, SPIN. */
void par_config_default(struct par_config *c);
#define PAR_SHORT_OPTIONS "b:p:v:l:h"
#define PAR_LONG_OPTIONS                                  \
    { "backend", required_argument, NULL, 'b' },          \
    { "workers", required_argument, NULL, 'p' },          \
    { "vps", required_argument, NULL, 'v' },              \
    { "lock", required_argument, NULL, 'l' },             \
    { "help", no_argument, NULL, 'h' }
/* Takes option opt (from getopt_long) if it is one of the above: 1; 0 if
   it is not ours; -1 after a message (bad value). */
int par_option(struct par_config *c, int opt, const char *arg);
/* getopt_long over the options above and the app's (app_short; longopts
   holds PAR_LONG_OPTIONS and the app's), taking the above with
   par_option: the next option that is the app's ('h' and '?' included),
   -1 at the end, or -2 after a message (a bad value, or an argument that
   is not an option): the app then exits with status 2. */
int par_getopt(int argc, char **argv, const char *app_short,
               const struct option *longopts, struct par_config *c);
void par_usage(FILE *f);
/* "mltp P=16 N=2", for the result lines */
const char *par_describe(const struct par_config *c);
/* Seconds, monotonic. */
double par_now(void);

#endif
