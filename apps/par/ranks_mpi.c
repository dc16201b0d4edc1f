/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/ranks_mpi.c - the ranks of an app built with MPI. Errors end
 * the job (MPI's default handler, MPI_ERRORS_ARE_FATAL). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <mpi.h>
#include <mltp_mpi.h>
#include "ranks.h"

/* a field's two halos and two edges, and the reduction */
#define MAX_FIELDS 8
#define MAX_REQUESTS (4 * MAX_FIELDS + 1)

static int rank, ranks;

/* Set while the command line is read: the only time when every rank
   exits alike. Anywhere else MPI_Finalize, which waits for every rank,
   would hang a rank that exits alone. */
static int reading_options;

static void finalize_at_exit(void)
{
    if (reading_options)
        MPI_Finalize();
}

void par_ranks_init(int *argc, char ***argv)
{
    int provided;

    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED) {
        fprintf(stderr, "%s: MPI gives thread level %d, below MPI_THREAD_SERIALIZED\n",
                (*argv)[0], provided);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    atexit(finalize_at_exit);
}

void par_ranks_end(void)
{
    MPI_Finalize();
}

int par_rank(void)
{
    return rank;
}

int par_ranks(void)
{
    return ranks;
}

const char *par_ranks_describe(void)
{
    static char s[32];
    snprintf(s, sizeof s, " ranks=%d", ranks);
    return s;
}

void par_ranks_reading_options(int reading)
{
    static int saved[2] = { -1, -1 };

    reading_options = reading;
    if (rank == 0)
        return;
    fflush(stdout);
    fflush(stderr);
    for (int fd = 1; fd <= 2; fd++) {
        if (reading && saved[fd - 1] < 0) {
            int null = open("/dev/null", O_WRONLY);
            saved[fd - 1] = dup(fd);
            if (null >= 0 && saved[fd - 1] >= 0)
                dup2(null, fd);
            if (null >= 0)
                close(null);
        } else if (!reading && saved[fd - 1] >= 0) {
            dup2(saved[fd - 1], fd);
            close(saved[fd - 1]);
            saved[fd - 1] = -1;
        }
    }
}

void par_ranks_sync(void)
{
    MPI_Request r;
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    mltp_mpi_wait(&r, MPI_STATUS_IGNORE, NULL);
}

static void post(MPI_Request *r, int *n, int recv, double *rows, int w, int peer, int tag)
{
    if (recv)
        MPI_Irecv(rows, w, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD, &r[(*n)++]);
    else
        MPI_Isend(rows, w, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD, &r[(*n)++]);
}

void par_ranks_trade(const struct par_halo *h, double *max, int n)
{
    MPI_Request r[MAX_REQUESTS];
    int posted = 0;

    if (h->count > MAX_FIELDS) {
        fprintf(stderr, "par_ranks_trade: %d fields, more than %d\n", h->count, MAX_FIELDS);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (n > 0)
        MPI_Iallreduce(MPI_IN_PLACE, max, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &r[posted++]);
    for (int k = 0; k < h->count; k++) {
        double *a = h->fields[k];
        long w = h->w;
        /* tag k from above is the rows below it: each pair of ranks has
           one message a field a way */
        if (rank > 0) {
            post(r, &posted, 1, a + (h->lo - 1) * w, h->w, rank - 1, k);
            post(r, &posted, 0, a + h->lo * w, h->w, rank - 1, k);
        }
        if (rank < ranks - 1) {
            post(r, &posted, 1, a + h->hi * w, h->w, rank + 1, k);
            post(r, &posted, 0, a + (h->hi - 1) * w, h->w, rank + 1, k);
        }
    }
    mltp_mpi_waitall(posted, r, MPI_STATUSES_IGNORE, NULL);
}

void par_ranks_gather(double *a, int w, const int *lo, int everyone)
{
    int *counts = malloc(2 * (size_t)ranks * sizeof *counts), *offsets = counts + ranks;
    MPI_Request r;

    if (!counts) {
        fprintf(stderr, "par_ranks_gather: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int i = 0; i < ranks; i++) {
        counts[i] = (lo[i + 1] - lo[i]) * w;
        offsets[i] = lo[i] * w;
    }
    if (everyone)
        MPI_Iallgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, counts, offsets, MPI_DOUBLE,
                        MPI_COMM_WORLD, &r);
    else if (rank == 0)
        MPI_Igatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, a, counts, offsets, MPI_DOUBLE, 0,
                     MPI_COMM_WORLD, &r);
    else
        MPI_Igatherv(a + offsets[rank], counts[rank], MPI_DOUBLE, NULL, NULL, NULL, MPI_DOUBLE,
                     0, MPI_COMM_WORLD, &r);
    mltp_mpi_wait(&r, MPI_STATUS_IGNORE, NULL);
    free(counts);
}
