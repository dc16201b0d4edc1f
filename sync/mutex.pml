/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync/mutex.pml - Spin model of a MUTEX's hand-off (sync/lock.c:
 * yielding_wait, yielding_unlock, release_locked, hand_over_free_locked,
 * wake_first; ARCHITECTURE.md, "Yielding lock" and "Models").
 *
 * Three ULTs take and release one MUTEX twice each. A waiter counts
 * itself in WAITERS under the bucket lock, fences, tries, and if the lock
 * is held queues itself (its context saved before the bucket lock goes).
 * An unlock frees the lock; if waiters are counted and none is readied
 * already (WOKEN clear) it readies the first, uncounted, and sets WOKEN.
 * The readied waiter clears WOKEN under the bucket lock, then tries; if
 * it fails it counts and queues itself again. The fast unlock frees the
 * lock, fences, and looks at WAITERS once more (the store-buffering pair).
 * Each ULT is a process: a readied ULT runs eventually (placement and
 * parking are sched/place.pml's, sched/wake.pml's and sched/deadlock.pml's).
 *
 * Spin runs every interleaving under sequential consistency: that is
 * what the two fences of "Yielding lock" give (both "no" forbidden); the
 * pair itself is the litmus test in ARCHITECTURE.md, not here.
 *
 * Checked: mutual exclusion; no invalid end state (a waiter left queued
 * while the lock is free and nobody will unlock); the queue's length is
 * WAITERS' count whenever the bucket lock is taken; all back to 0 at the
 * end. NO_SECOND_LOOK: the fast unlock does not look again after freeing
 * (the unlock side of the pair dropped): a waiter that counted itself
 * after the first look and tried before the free sleeps for good.
 * NO_WOKEN_CLEAR: the readied waiter leaves WOKEN set: no later unlock
 * readies anybody.
 */
#define NULT 3
#define ROUNDS 2

bit held;               /* the ticket lock, abstracted: free or held */
byte nwait;             /* NWAIT(WAITERS) */
bit woken;              /* WOKEN */
byte bucket;            /* the bucket's spin lock */
chan q = [NULT] of { byte };    /* the bucket's wait queue */
bit ready[NULT];        /* a queued ULT readied */
byte in_cs;

inline block()   { atomic { bucket == 0 -> bucket = 1 }; assert(len(q) == nwait) }
inline bunlock() { bucket = 0 }
#define MUST_WAKE (nwait > 0 && !woken)
/* bucket lock held: the first waiter readied, uncounted, WOKEN set */
inline wake_first() {
    byte f;
    nwait--; woken = 1;
    q ? f; ready[f] = 1
}

proctype ult(byte me)
{
    byte round;
    bit got;
    do
    :: round == ROUNDS -> break
    :: round < ROUNDS ->
        /* mltp_lock: the fast try, then yielding_wait */
        atomic { if :: !held -> held = 1; got = 1 :: else -> got = 0 fi };
        do
        :: got -> break
        :: !got ->
            block();
            nwait++;
            /* smp_mb */
            atomic { if :: !held -> held = 1; got = 1 :: else -> skip fi };
            if
            :: got -> nwait--; bunlock()
            :: !got ->
                atomic { q ! me; bunlock() };   /* context saved, then unlocked */
                ready[me] == 1; ready[me] = 0;
                block();
#ifndef NO_WOKEN_CLEAR
                woken = 0;
#endif
                bunlock();
                atomic { if :: !held -> held = 1; got = 1 :: else -> skip fi }
            fi
        od;
        in_cs++; assert(in_cs == 1); in_cs--;
        /* yielding_unlock */
        if
        :: MUST_WAKE ->             /* slow: release_locked */
            block();
            held = 0;
            if :: MUST_WAKE -> wake_first() :: else -> skip fi;
            bunlock()
        :: else ->
            held = 0;
#ifndef NO_SECOND_LOOK
            /* smp_mb; look again: hand_over_free_locked */
            if
            :: MUST_WAKE ->
                block();
                if :: MUST_WAKE -> wake_first() :: else -> skip fi;
                bunlock()
            :: else -> skip
            fi
#endif
        fi;
        round++
    od
}

init {
    atomic { run ult(0); run ult(1); run ult(2) };
    _nr_pr == 1;
    assert(!held && nwait == 0 && !woken && len(q) == 0)
}
