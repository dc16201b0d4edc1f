/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/ranks_one.c - the one rank of an app built without MPI. */
#include <stddef.h>
#include "ranks.h"

void par_ranks_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
}

void par_ranks_end(void)
{
}

int par_rank(void)
{
    return 0;
}

int par_ranks(void)
{
    return 1;
}

const char *par_ranks_describe(void)
{
    return "";
}

void par_ranks_reading_options(int reading)
{
    (void)reading;
}

void par_ranks_sync(void)
{
}

void par_ranks_trade(const struct par_halo *h, double *max, int n)
{
    (void)h;
    (void)max;
    (void)n;
}

void par_ranks_gather(double *a, int w, const int *lo, int everyone)
{
    (void)a;
    (void)w;
    (void)lo;
    (void)everyone;
}
