/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mltp_types.h - the types of MLTP's synchronisation objects, which
 * mltp.h includes. This header includes nothing and needs nothing, so
 * that it may come first in any file: the PARMACS macro file puts it at
 * the top of every file it expands, because programs declare locks,
 * barriers and conditions as struct members (LOCKDEC, BARDEC, ...) in
 * headers that come before any environment macro. See mltp.h for the
 * calls.
 */
#ifndef MLTP_TYPES_H
#define MLTP_TYPES_H

typedef enum mltp_lock_class {
    MLTP_LOCK_SPIN = 0,        /* ticket spin lock */
    MLTP_LOCK_STD = MLTP_LOCK_SPIN,
    MLTP_LOCK_BLOCK = 1,       /* try; else wait, handed over FIFO at the
                                  back of the run queue */
    MLTP_LOCK_BLOCK_FRONT = 2, /* the same, handed over at its front */
    MLTP_LOCK_SEMAPHORE = 3,   /* a SysV semaphore: blocks the whole VP */
    MLTP_LOCK_MUTEX = 4        /* try; else wait; unlock frees it and
                                  readies the first waiter to try again,
                                  as a pthread mutex does (extension) */
} mltp_lock_class_t;

/* now_serving and next_available are the ticket counters (public, as in
   the original); the lock is held while they differ. Fields keep their
   names of 2000 for source compatibility; some now hold something else. */
typedef struct mltp_lock {
    volatile unsigned int now_serving;
    volatile unsigned int next_available;
    int lock_class;
    int sem_slot;   /* library-internal: MLTP_LOCK_SEMAPHORE, its semaphore
                       (slot and epoch; -1 destroyed); BLOCK, BLOCK_FRONT
                       and MUTEX, the count of waiters; SPIN, unused */
} mltp_lock_t;

#define MLTP_LOCK_INITIALIZER { 0, 0, MLTP_LOCK_SPIN, -1 }

/* Named as in 2000 (source compatibility): `lock` is no lock. */
typedef struct mltp_barrier {
    unsigned int lock;          /* library-internal: the arrivals of the
                                   current episode, a count */
    unsigned int episode;       /* episodes completed */
    int arrived;                /* library-internal (unused) */
    void *waiters[2];           /* library-internal */
} mltp_barrier_t;

#define MLTP_BARRIER_INITIALIZER { 0, 0, 0, { 0, 0 } }

typedef struct mltp_cond {
    unsigned int lock;          /* library-internal, unused (kept for the
                                   layout: the lock is a stripe's) */
    void *waiters[2];           /* library-internal */
} mltp_cond_t;

#define MLTP_COND_INITIALIZER { 0, { 0, 0 } }

/* An event flag (PARMACS's PAUSE): mltp_pause_wait() returns once it is
   set. Fields library-internal. */
typedef struct mltp_pause {
    mltp_lock_t lock;
    mltp_cond_t cond;
    volatile int set;
} mltp_pause_t;

/* A shared loop counter handing out subscripts (PARMACS's GETSUB).
   Fields library-internal. */
typedef struct mltp_getsub {
    mltp_lock_t lock;
    long next;
} mltp_getsub_t;

#endif /* MLTP_TYPES_H */
