/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/options.c - the command line the apps share. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "par.h"

/* in the order of enum par_backend */
static const char *const backend_names[] = { "mltp", "pthreads", "openmp", "none" };
static const char *const lock_names[] = { "spin", "block", "block_front", "semaphore" };
static const int lock_classes[] = { MLTP_LOCK_SPIN, MLTP_LOCK_BLOCK, MLTP_LOCK_BLOCK_FRONT,
                                    MLTP_LOCK_SEMAPHORE };

static const struct option par_long[] = {
    { "backend", required_argument, NULL, 'b' },
    { "workers", required_argument, NULL, 'p' },
    { "vps", required_argument, NULL, 'v' },
    { "lock", required_argument, NULL, 'l' },
    { "help", no_argument, NULL, 'h' },
};
#define PAR_SHORT "b:p:v:l:h"

_Noreturn void par_bad_backend(enum par_backend b)
{
    fprintf(stderr, "%s: unknown back end %d\n", program_invocation_short_name, (int)b);
    exit(2);
}

static const char *backend_name(enum par_backend b)
{
    if ((unsigned)b >= PAR_COUNT(backend_names))
        par_bad_backend(b);
    return backend_names[b];
}

long par_arg_number(const char *name, const char *arg, long lo, long hi)
{
    char *end;
    long v;

    errno = 0;
    v = strtol(arg, &end, 10);
    if (!errno && end != arg && !*end && v >= lo && v <= hi)
        return v;
    fprintf(stderr, "%s: %s %s: a number from %ld to %ld\n", program_invocation_short_name,
            name, arg, lo, hi);
    exit(2);
}

int par_arg_choice(const char *name, const char *what, const char *arg,
                   const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (!strcmp(arg, names[i]))
            return (int)i;
    fprintf(stderr, "%s: %s %s: unknown %s (", program_invocation_short_name, name, arg, what);
    for (size_t i = 0; i < count; i++)
        fprintf(stderr, "%s%s", names[i], i + 2 < count ? ", " : i + 1 < count ? " or " : ")\n");
    exit(2);
}

void par_config_default(struct par_config *c)
{
    c->backend = PAR_MLTP;
    c->workers = 1;
    c->vps = mltp_vps_default();
    c->lock_class = MLTP_LOCK_SPIN;
}

/* Takes opt if it is one of the shared options: 1; 0 if it is not. */
static int par_option(struct par_config *c, int opt, const char *arg)
{
    switch (opt) {
    case 'b':
        c->backend = (enum par_backend)par_arg_choice("--backend", "back end", arg, backend_names,
                                                      PAR_COUNT(backend_names));
        return 1;
    case 'p':
        c->workers = (int)par_arg_number("--workers", arg, 1, 4096);
        return 1;
    case 'v':
        c->vps = (int)par_arg_number("--vps", arg, 1, 1024);
        return 1;
    case 'l':
        c->lock_class = lock_classes[par_arg_choice("--lock", "lock class", arg, lock_names,
                                                    PAR_COUNT(lock_names))];
        return 1;
    default:
        return 0;
    }
}

static void usage(FILE *f, const char *me, const char *about)
{
    fprintf(f,
            "usage: %s [options]\n"
            "%s"
            "  -b, --backend B   mltp (default), pthreads, openmp or none (no\n"
            "                    threads: one worker, in main)\n"
            "  -p, --workers P   workers (default 1)\n"
            "  -v, --vps N       MLTP's VPs (default: $MLTP_VPS, else the CPUs\n"
            "                    this process may use)\n"
            "  -l, --lock C      class of MLTP's locks: spin (default), block,\n"
            "                    block_front or semaphore\n"
            "  -h, --help        this text\n",
            me, about);
}

int par_getopt(int argc, char **argv, const char *app_short,
               const struct option *app_long, const char *about,
               struct par_config *c)
{
    struct option longopts[32] = { { NULL, 0, NULL, 0 } };
    char shortopts[64];
    size_t n = 0;
    int opt;

    for (; n < PAR_COUNT(par_long); n++)
        longopts[n] = par_long[n];
    /* the last entry stays zeroed */
    for (; app_long->name && n + 1 < PAR_COUNT(longopts); n++)
        longopts[n] = *app_long++;
    if (app_long->name) {
        fprintf(stderr, "par_getopt: more options than %zu\n", PAR_COUNT(longopts) - 1);
        abort();
    }
    snprintf(shortopts, sizeof shortopts, "%s%s", PAR_SHORT, app_short);
    while ((opt = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
        if (opt == 'h') {
            usage(stdout, argv[0], about);
            exit(0);
        }
        if (opt == '?') {
            usage(stderr, argv[0], about);
            exit(2);
        }
        if (!par_option(c, opt, optarg))
            return opt;
    }
    if (optind < argc) {
        fprintf(stderr, "%s: unexpected argument %s\n", program_invocation_short_name,
                argv[optind]);
        exit(2);
    }
    if (c->backend == PAR_NONE && c->workers != 1) {
        fprintf(stderr, "%s: --backend none runs one worker, not %d\n",
                program_invocation_short_name, c->workers);
        exit(2);
    }
    return -1;
}

const char *par_describe(const struct par_config *c)
{
    static char s[64];

    if (c->backend == PAR_MLTP)
        snprintf(s, sizeof s, "mltp P=%d N=%d", c->workers, c->vps);
    else
        snprintf(s, sizeof s, "%s P=%d", backend_name(c->backend), c->workers);
    return s;
}

double par_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
