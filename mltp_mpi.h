/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mltp_mpi.h - MPI inside MLTP: waiting for MPI requests without holding
 * a VP. See mltp_mpi(3) for the rules of a program that uses both.
 *
 * Header only, so that the library itself never depends on MPI: include
 * it after <mpi.h> and build with the MPI compiler flags. In short:
 *  - call MPI_Init_thread before mltp_init/mltp_begin/mltp_start (MPI's
 *    own helper threads then live in the main process, not in a VP) and
 *    MPI_Finalize after mltp_end or mltp_start has returned;
 *  - ask for MPI_THREAD_SERIALIZED: the kernel-level thread that runs a
 *    ULT is a VP, never the thread that called MPI_Init_thread, and it
 *    changes when the ULT yields, blocks or is stolen;
 *  - a blocking MPI call (MPI_Wait, MPI_Recv, MPI_Barrier, ...) blocks its
 *    whole VP: post nonblocking calls and wait for them with the calls
 *    below, which run the VP's other ULTs between tests.
 * Under MPI_THREAD_SERIALIZED two ULTs must not be inside MPI at once:
 * give the calls below the lock that serialises the program's MPI calls,
 * or NULL when one ULT at a time calls MPI by construction (one
 * communicating ULT, or ULTs ordered by barriers) or the program asked
 * for MPI_THREAD_MULTIPLE.
 */
#ifndef MLTP_MPI_H
#define MLTP_MPI_H

#include <mpi.h>
#include <mltp.h>

/* MPI_Testall until every request has completed, yielding to the VP's
   other ready ULTs between tests (under *serial, when not NULL, for each
   test). Off the VPs (main outside a start, a bound thread) it is
   MPI_Waitall (under *serial). Returns what the completing MPI_Testall
   or MPI_Waitall returned: MPI_SUCCESS, or an MPI error code when the
   communicator's error handler returns errors (statuses as MPI says). */
static inline int mltp_mpi_waitall(int count, MPI_Request requests[], MPI_Status statuses[],
                                   mltp_lock_t *serial)
{
    int on_vp = mltp_vp_id() >= 0, done = 0, e;

    for (;;) {
        if (serial)
            mltp_lock(serial);
        e = on_vp ? MPI_Testall(count, requests, &done, statuses)
                  : MPI_Waitall(count, requests, statuses);
        if (serial)
            mltp_unlock(serial);
        if (e != MPI_SUCCESS || done || !on_vp)
            return e;
        mltp_yield();
    }
}

/* mltp_mpi_waitall for one request. */
static inline int mltp_mpi_wait(MPI_Request *request, MPI_Status *status, mltp_lock_t *serial)
{
    return mltp_mpi_waitall(1, request, status == MPI_STATUS_IGNORE ? MPI_STATUSES_IGNORE : status,
                            serial);
}

#endif
