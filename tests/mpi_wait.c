/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tests/mpi_wait.c - mltp_mpi.h's waits on every rank of an MPI job
 * (tests/mpi_wait.sh runs it on 1, 2 and 4 ranks):
 *  ring     16 ULTs on 2 VPs exchange around the ring of ranks, each
 *           posting under an MLTP lock and waiting with mltp_mpi_waitall
 *           under it: the values each gets are its left neighbour's;
 *  single   one communicating ULT (NULL lock) among computing ones;
 *  outside  main before any start: mltp_mpi_waitall is MPI_Waitall;
 *  bound    so it is in a bound thread (its own kernel-level thread);
 *  error    a receive too short for its message, on a communicator that
 *           returns errors: the error comes back, with the statuses;
 *  yield    on 1 VP, a ULT waits for a message that another ULT of its
 *           rank sends to it only after that one has run while the first
 *           waited: only a wait that yields the VP ends.
 * MPI_Testall and MPI_Waitall are wrapped (MPI's profiling interface) to
 * see what the helper calls and where: never two ULTs in MPI at once,
 * always under the lock it was given, no MPI_Waitall on a VP (it would
 * hold the VP), no MPI_Testall off the VPs. Prints one FAIL line per
 * broken check and exits 1; alarm() ends a hung run.
 */
#include <mpi.h>
#include "mltp_mpi.h"
#include "prog_util.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { NULT = 16, ROUNDS = 20, TAG_ERROR = 1000, TAG_YIELD = 1001, TAG_SINGLE = 1002 };

static int rank, size, left, right;
static int failures;
/* the lock the running case gives the helper; NULL: none */
static mltp_lock_t *serial;
static int inside;
static long testall_on_vp, waitall_on_vp, testall_outside, waitall_outside;

/* One line in one write, as ULTs on other VPs print too; the first few of
   a rank only (a broken check fails in every round). */
static void __attribute__((format(printf, 1, 2))) fail(const char *fmt, ...)
{
    char line[256];
    int n = snprintf(line, sizeof line, "FAIL: rank %d: ", rank);
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    va_end(ap);
    strcat(line, "\n");
    if (__atomic_fetch_add(&failures, 1, __ATOMIC_RELAXED) < 5 &&
        write(STDOUT_FILENO, line, strlen(line)) < 0)
        abort();
}

/* The ULTs of a case: made (a failure is the case's), then run on nvp
   VPs and released. */
static mltp_t *ults[NULT + 4];
static int nults;

static void spawn(mltp_userf_t *f, void *arg)
{
    if (nults == (int)(sizeof ults / sizeof ults[0]) || !(ults[nults] = mltp_create(f, arg)))
        fail("mltp_create: %s", nults == (int)(sizeof ults / sizeof ults[0]) ? "too many"
                                                                         : strerror(errno));
    else
        nults++;
}

static void run(int nvp)
{
    mltp_start(nvp);
    for (int i = 0; i < nults; i++)
        mltp_free(ults[i]);
    nults = 0;
}

static void enter_mpi(void)
{
    if (__atomic_fetch_add(&inside, 1, __ATOMIC_SEQ_CST) != 0)
        fail("two threads inside MPI at once under MPI_THREAD_SERIALIZED");
    if (serial && serial->now_serving == serial->next_available)
        fail("an MPI call without the lock it was given");
}

static void leave_mpi(void)
{
    __atomic_fetch_sub(&inside, 1, __ATOMIC_SEQ_CST);
}

int MPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                MPI_Status array_of_statuses[])
{
    int e;

    __atomic_fetch_add(mltp_vp_id() >= 0 ? &testall_on_vp : &testall_outside, 1, __ATOMIC_RELAXED);
    enter_mpi();
    e = PMPI_Testall(count, array_of_requests, flag, array_of_statuses);
    leave_mpi();
    return e;
}

int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    int e;

    __atomic_fetch_add(mltp_vp_id() >= 0 ? &waitall_on_vp : &waitall_outside, 1, __ATOMIC_RELAXED);
    enter_mpi();
    e = PMPI_Waitall(count, array_of_requests, array_of_statuses);
    leave_mpi();
    return e;
}

/* What rank r's ULT u sends in round k: unique per message. */
static int value(int r, int u, int k)
{
    return r * 1000000 + u * 1000 + k;
}

/* One exchange around the ring: send v to the right, return what came
   from the left; the posts under *lock, the wait with the helper. */
static int exchange(int v, int tag, mltp_lock_t *lock)
{
    MPI_Request req[2];
    MPI_Status st[2];
    int got = -1, e;

    if (lock)
        mltp_lock(lock);
    MPI_Irecv(&got, 1, MPI_INT, left, tag, MPI_COMM_WORLD, &req[0]);
    MPI_Isend(&v, 1, MPI_INT, right, tag, MPI_COMM_WORLD, &req[1]);
    if (lock)
        mltp_unlock(lock);
    e = mltp_mpi_waitall(2, req, st, lock);
    if (e != MPI_SUCCESS)
        fail("mltp_mpi_waitall returned %d", e);
    if (req[0] != MPI_REQUEST_NULL || req[1] != MPI_REQUEST_NULL)
        fail("mltp_mpi_waitall returned with requests not completed");
    return got;
}

/* ---- ring: many ULTs, 2 VPs, one lock ---------------------------------- */

static mltp_lock_t ring_lock;

static void *ring_ult(void *arg)
{
    int u = (int)(long)arg, k, got;

    for (k = 0; k < ROUNDS; k++) {
        got = exchange(value(rank, u, k), u, &ring_lock);
        if (got != value(left, u, k))
            fail("ring: ULT %d round %d got %d, not %d", u, k, got, value(left, u, k));
    }
    return NULL;
}

static void case_ring(void)
{
    long u;

    mltp_lock_init(&ring_lock, MLTP_LOCK_BLOCK);
    serial = &ring_lock;
    for (u = 0; u < NULT; u++)
        spawn(ring_ult, (void *)u);
    run(2);
    serial = NULL;
}

/* ---- single: one communicating ULT, NULL lock -------------------------- */

static long computed;

static void *compute_ult(void *arg)
{
    int i;

    (void)arg;
    for (i = 0; i < 200; i++) {
        __atomic_fetch_add(&computed, 1, __ATOMIC_RELAXED);
        mltp_yield();
    }
    return NULL;
}

static void *single_ult(void *arg)
{
    int k, got;

    (void)arg;
    for (k = 0; k < ROUNDS; k++) {
        got = exchange(value(rank, 0, k), TAG_SINGLE, NULL);
        if (got != value(left, 0, k))
            fail("single: round %d got %d, not %d", k, got, value(left, 0, k));
    }
    return NULL;
}

static void case_single(void)
{
    int i;

    computed = 0;
    spawn(single_ult, NULL);
    for (i = 0; i < 4; i++)
        spawn(compute_ult, NULL);
    run(2);
    if (computed != 4 * 200)
        fail("single: the computing ULTs made %ld steps, not %d", computed, 4 * 200);
}

/* ---- outside: main, no start ------------------------------------------- */

static void case_outside(void)
{
    mltp_lock_t lock = MLTP_LOCK_INITIALIZER;
    long waits = waitall_outside, tests = testall_outside;
    int got;

    serial = &lock;
    got = exchange(value(rank, 0, 0), 0, &lock);
    serial = NULL;
    if (got != value(left, 0, 0))
        fail("outside: got %d, not %d", got, value(left, 0, 0));
    if (waitall_outside - waits != 1 || testall_outside - tests != 0)
        fail("outside: %ld MPI_Waitall and %ld MPI_Testall calls, not 1 and 0",
             waitall_outside - waits, testall_outside - tests);
}

/* ---- bound: a bound thread, no start ------------------------------------ */

static void bound_exchange(void *arg)
{
    *(int *)arg = exchange(value(rank, 0, 1), 0, NULL);
}

static void case_bound(void)
{
    long waits = waitall_outside, tests = testall_outside;
    int got = -1;
    mltp_t *b = mltp_create_bound(bound_exchange, &got, 0, NULL);

    if (!b) {
        fail("bound: mltp_create_bound failed");
        return;
    }
    mltp_join_bound(*b);
    free(b);
    if (got != value(left, 0, 1))
        fail("bound: got %d, not %d", got, value(left, 0, 1));
    if (waitall_outside - waits != 1 || testall_outside - tests != 0)
        fail("bound: %ld MPI_Waitall and %ld MPI_Testall calls, not 1 and 0",
             waitall_outside - waits, testall_outside - tests);
}

/* ---- error: a receive too short for its message ------------------------ */

static MPI_Comm errcomm;

static int error_class(int e)
{
    int c = -1;

    MPI_Error_class(e, &c);
    return c;
}

static void *error_ult(void *arg)
{
    int big[4] = { 1, 2, 3, 4 }, small = 0, e;
    MPI_Request req[2];
    MPI_Status st[2];

    (void)arg;
    /* waitall: MPI_ERR_IN_STATUS, the receive's status says why. The send
       first: on 1 rank Open MPI 4.1 reports no truncation to a receive
       posted before the send to self. */
    MPI_Isend(big, 4, MPI_INT, right, TAG_ERROR, errcomm, &req[1]);
    MPI_Irecv(&small, 1, MPI_INT, left, TAG_ERROR, errcomm, &req[0]);
    e = mltp_mpi_waitall(2, req, st, NULL);
    if (error_class(e) != MPI_ERR_IN_STATUS)
        fail("error: mltp_mpi_waitall returned class %d, not MPI_ERR_IN_STATUS (%d)",
             error_class(e), MPI_ERR_IN_STATUS);
    else if (error_class(st[0].MPI_ERROR) != MPI_ERR_TRUNCATE)
        fail("error: the receive's status has class %d, not MPI_ERR_TRUNCATE (%d)",
             error_class(st[0].MPI_ERROR), MPI_ERR_TRUNCATE);
    else if (st[1].MPI_ERROR != MPI_SUCCESS)
        fail("error: the send's status has error %d, not MPI_SUCCESS", st[1].MPI_ERROR);

    /* wait, one request: the error comes back too */
    MPI_Isend(big, 4, MPI_INT, right, TAG_ERROR, errcomm, &req[1]);
    MPI_Irecv(&small, 1, MPI_INT, left, TAG_ERROR, errcomm, &req[0]);
    e = mltp_mpi_wait(&req[0], &st[0], NULL);
    if (e == MPI_SUCCESS)
        fail("error: mltp_mpi_wait returned MPI_SUCCESS for a truncated message");
    else if (error_class(e) != MPI_ERR_TRUNCATE &&
             error_class(st[0].MPI_ERROR) != MPI_ERR_TRUNCATE)
        fail("error: mltp_mpi_wait returned class %d, status class %d: no MPI_ERR_TRUNCATE",
             error_class(e), error_class(st[0].MPI_ERROR));
    e = mltp_mpi_wait(&req[1], MPI_STATUS_IGNORE, NULL);
    if (e != MPI_SUCCESS)
        fail("error: the send's mltp_mpi_wait returned %d", e);
    return NULL;
}

static void case_error(void)
{
    MPI_Comm_dup(MPI_COMM_WORLD, &errcomm);
    MPI_Comm_set_errhandler(errcomm, MPI_ERRORS_RETURN);
    spawn(error_ult, NULL);
    run(1);
    MPI_Comm_free(&errcomm);
}

/* ---- yield: progress on the waiter's VP while it waits ----------------- */

static int receiver_waiting, receiver_done, progress;

static void *receiver_ult(void *arg)
{
    MPI_Request req;
    int got = -1, e;

    (void)arg;
    MPI_Irecv(&got, 1, MPI_INT, rank, TAG_YIELD, MPI_COMM_WORLD, &req);
    receiver_waiting = 1;
    e = mltp_mpi_wait(&req, MPI_STATUS_IGNORE, NULL);
    receiver_done = 1;
    if (e != MPI_SUCCESS || got != value(rank, 0, 0))
        fail("yield: returned %d and got %d, not %d", e, got, value(rank, 0, 0));
    if (!progress)
        fail("yield: the wait ended before the other ULT ran");
    return NULL;
}

/* Runs only if the receiver's wait yields the one VP; sends it its message
   only then. */
static void *sender_ult(void *arg)
{
    MPI_Request req;
    int v = value(rank, 0, 0), e;

    (void)arg;
    if (!receiver_waiting || receiver_done)
        fail("yield: the sender ran while the receiver was not waiting");
    progress = 1;
    MPI_Isend(&v, 1, MPI_INT, rank, TAG_YIELD, MPI_COMM_WORLD, &req);
    e = mltp_mpi_wait(&req, MPI_STATUS_IGNORE, NULL);
    if (e != MPI_SUCCESS)
        fail("yield: the send's wait returned %d", e);
    return NULL;
}

static void case_yield(void)
{
    spawn(receiver_ult, NULL);
    spawn(sender_ult, NULL);
    run(1);
}

int main(int argc, char **argv)
{
    int provided, all;

    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS)
        return 1;
    if (provided < MPI_THREAD_SERIALIZED) {
        fprintf(stderr, "mpi_wait: MPI gave thread level %d\n", provided);
        return 1;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    signal_default(SIGALRM);    /* whatever mpirun inherited */
    alarm(30);

    case_outside();
    case_bound();
    case_ring();
    case_single();
    case_error();
    case_yield();

    if (waitall_on_vp != 0)
        fail("MPI_Waitall called %ld times on a VP: it holds the VP", waitall_on_vp);
    if (testall_on_vp == 0)
        fail("no MPI_Testall on a VP");
    MPI_Allreduce(&failures, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("mpi_wait: %d rank(s): %s\n", size, all ? "FAILED" : "passed");
    MPI_Finalize();
    return all ? 1 : 0;
}
