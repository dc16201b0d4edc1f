/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/options.c - the command line the apps share. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par.h"

static const char *const backend_names[] = { "mltp", "pthreads", "openmp" };
static const struct {
    const char *name;
    int lock_class;
} lock_names[] = {
    { "spin", MLTP_LOCK_SPIN },
    { "block", MLTP_LOCK_BLOCK },
    { "block_front", MLTP_LOCK_BLOCK_FRONT },
    { "semaphore", MLTP_LOCK_SEMAPHORE },
};

/* A whole number in [lo, hi], or -1. */
static long whole(const char *s, long lo, long hi)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return -1;
    return v;
}

void par_config_default(struct par_config *c)
{
    c->backend = PAR_MLTP;
    c->workers = 1;
    c->vps = mltp_vps_default();
    c->lock_class = MLTP_LOCK_SPIN;
}

int par_option(struct par_config *c, int opt, const char *arg)
{
    long v;

    switch (opt) {
    case 'b':
        for (int i = 0; i < 3; i++)
            if (!strcmp(arg, backend_names[i])) {
                c->backend = (enum par_backend)i;
                return 1;
            }
        fprintf(stderr, "--backend %s: mltp, pthreads or openmp\n", arg);
        return -1;
    case 'p':
        if ((v = whole(arg, 1, 4096)) < 0) {
            fprintf(stderr, "--workers %s: a number from 1 to 4096\n", arg);
            return -1;
        }
        c->workers = (int)v;
        return 1;
    case 'v':
        if ((v = whole(arg, 1, 1024)) < 0) {
            fprintf(stderr, "--vps %s: a number from 1 to 1024\n", arg);
            return -1;
        }
        c->vps = (int)v;
        return 1;
    case 'l':
        for (size_t i = 0; i < sizeof lock_names / sizeof lock_names[0]; i++)
            if (!strcmp(arg, lock_names[i].name)) {
                c->lock_class = lock_names[i].lock_class;
                return 1;
            }
        fprintf(stderr, "--lock %s: spin, block, block_front or semaphore\n", arg);
        return -1;
    default:
        return 0;
    }
}

int par_getopt(int argc, char **argv, const char *app_short,
               const struct option *longopts, struct par_config *c)
{
    char shortopts[64];
    int opt, r;

    snprintf(shortopts, sizeof shortopts, "%s%s", PAR_SHORT_OPTIONS, app_short);
    while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if ((r = par_option(c, opt, optarg)) < 0)
            return -2;
        if (r == 0)
            return opt;
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument %s\n", argv[0], argv[optind]);
        return -2;
    }
    return -1;
}

void par_usage(FILE *f)
{
    fprintf(f,
            "  -b, --backend B   mltp (default), pthreads or openmp\n"
            "  -p, --workers P   workers (default 1)\n"
            "  -v, --vps N       MLTP's VPs (default: $MLTP_VPS, else the CPUs\n"
            "                    this process may use)\n"
            "  -l, --lock C      class of MLTP's locks: spin (default), block,\n"
            "                    block_front or semaphore\n"
            "  -h, --help        this text\n");
}

const char *par_describe(const struct par_config *c)
{
    static char s[64];

    if (c->backend == PAR_MLTP)
        snprintf(s, sizeof s, "mltp P=%d N=%d", c->workers, c->vps);
    else
        snprintf(s, sizeof s, "%s P=%d", backend_names[c->backend], c->workers);
    return s;
}

double par_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
