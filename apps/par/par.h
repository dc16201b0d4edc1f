/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/par.h - what the apps ask of a thread package: P workers that
 * run one function, barriers across all of them, locks and a shared
 * counter. Three back ends, chosen at run time: MLTP (P ULTs on N VPs),
 * POSIX threads and OpenMP (libgomp); and none, the one worker run in
 * main (P = 1: the baseline of MPI runs with one rank per CPU). An app is written once against this,
 * so that comparing back ends compares the thread packages and nothing
 * else. One par_run at a time. */
#ifndef APPS_PAR_H
#define APPS_PAR_H

#include <getopt.h>
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <mltp.h>

/* the element count of an array */
#define PAR_COUNT(a) (sizeof (a) / sizeof (a)[0])

enum par_backend { PAR_MLTP, PAR_PTHREADS, PAR_OPENMP, PAR_NONE };

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
   0, or -1 after a message on stderr naming the call that failed: making
   a worker, the run, or a call a worker made (par_run_failed: a barrier
   wait); when a worker cannot be made, none runs work, and those made
   return and are released. Test hook: with PAR_FAIL_CREATE=k in the
   environment, making worker k fails (MLTP: ENOMEM, POSIX threads:
   EAGAIN) as if the call had. */
int par_run(const struct par_config *c, void (*work)(int id, void *arg), void *arg);
/* A worker's call failed with error e: par_run fails (the first such
   failure names the call). The worker goes on. */
void par_run_failed(const char *call, int e);

/* Objects for the run to come (made before par_run, in main). */
int par_barrier_init(const struct par_config *c, par_barrier_t *b);
void par_barrier_destroy(par_barrier_t *b);
void par_barrier_wait(par_barrier_t *b);      /* fails the run on an error */
int par_lock_init(const struct par_config *c, par_lock_t *l);
void par_lock_destroy(par_lock_t *l);
void par_lock(par_lock_t *l);
void par_unlock(par_lock_t *l);

/* ---- the command line every app shares --------------------------------- */
/* Defaults: MLTP, P = 1, N = $MLTP_VPS or the CPUs we may use, SPIN. */
void par_config_default(struct par_config *c);
/* getopt_long over the shared options (--backend, --workers, --vps,
   --lock, --help) and the app's (app_short; app_long ends in a zeroed
   entry), taking the shared ones itself: the next option that is the
   app's, or -1 at the end. --help prints the usage (about: the app's
   lines, after "usage: PROGRAM [options]") and exits 0; an unknown
   option, a bad value or an argument that is not an option, a message
   and exit status 2. */
int par_getopt(int argc, char **argv, const char *app_short,
               const struct option *app_long, const char *about,
               struct par_config *c);
/* The value of option name (for the message): a whole number in
   [lo, hi], or the index of arg in names[count] (a `what`: "schedule").
   Otherwise a message, exit status 2. */
long par_arg_number(const char *name, const char *arg, long lo, long hi);
int par_arg_choice(const char *name, const char *what, const char *arg,
                   const char *const *names, size_t count);
/* "mltp P=16 N=2", for the result lines */
const char *par_describe(const struct par_config *c);
/* Seconds, monotonic. */
double par_now(void);
/* A par_config whose back end is none of the above: a message, exit
   status 2 (what the switches over back ends end in). */
_Noreturn void par_bad_backend(enum par_backend b);

#endif
