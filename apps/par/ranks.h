/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/par/ranks.h - an app's processes when it runs as MPI ranks, as the
 * apps see them: a rank number, halo rows traded with the ranks above and
 * below, a maximum over every rank, rows gathered from every rank. Two
 * builds of the same calls: ranks_mpi.c (MPI) and ranks_one.c (the one
 * rank of a program without MPI, where they do nothing), so that an app
 * is one source for both.
 *
 * MPI is asked for MPI_THREAD_SERIALIZED: the calls between
 * par_ranks_init and par_ranks_end are made by one worker at a time (the
 * apps: worker 0, between barriers), and under MLTP that worker is a ULT
 * on whichever VP runs it. A wait yields to the VP's other ULTs
 * (mltp_mpi_waitall) instead of holding the VP. */
#ifndef APPS_PAR_RANKS_H
#define APPS_PAR_RANKS_H

/* MPI_Init_thread, before the command line is read and before anything
   makes a thread or a VP (MPI's helper threads stay in main's process);
   a message and exit status 1 when MPI cannot give the thread level. */
void par_ranks_init(int *argc, char ***argv);
/* MPI_Finalize, after the last worker has ended. */
void par_ranks_end(void);
int par_rank(void);
int par_ranks(void);
/* " ranks=R" for the result lines; "" without MPI */
const char *par_ranks_describe(void);
/* Around the reading of the command line, which every rank does alike:
   ranks other than 0 write their stdout and stderr to /dev/null (the
   usage or a bad argument's message once, not once a rank), and an
   exit() finalizes MPI (an exit without MPI_Finalize is an abnormal end
   of the job). */
void par_ranks_reading_options(int reading);
/* Every rank waits for all (for timing a run across ranks). */
void par_ranks_sync(void);

/* Rows lo..hi-1 of count arrays of rows of w doubles are this rank's;
   the rank above (rank - 1) has the rows before lo, the one below those
   from hi on. */
struct par_halo {
    double *const *fields;
    int count, w, lo, hi;
};

/* The edge rows of every field of h go to the ranks above and below and
   theirs come into rows lo - 1 and hi, while max[0..n) becomes its
   largest over every rank (n may be 0). */
void par_ranks_trade(const struct par_halo *h, double *max, int n);
/* Rows [lo[r], lo[r + 1]) of a, rows of w doubles, are rank r's; every
   rank gets them all (everyone), or rank 0 does. */
void par_ranks_gather(double *a, int w, const int *lo, int everyone);

#endif
