/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/ring.pml - Spin model of a team's ring of work shares (omp/work.c:
 * omprt_ws_enter, omprt_ws_publish, omprt_ws_leave; ARCHITECTURE.md,
 * "Work-share ring" and "Models").
 *
 * NTHR members meet the same NCONS constructs in order, all with nowait,
 * so they may be up to the ring's size apart. Construct c lives in slot
 * (c - 1) % RING. A member that finds the slot not ready for c tries to
 * claim it (CAS claim: c - RING -> c); the claimant waits until the slot
 * is free for c (FREE_FOR, set by the last member to leave c - RING),
 * sets it up and publishes READY = c; the others wait for READY = c. A
 * member leaves with an atomic increment of LEFT; the one that makes it
 * NTHR resets LEFT, then frees the slot for c + RING.
 *
 * Spin runs every interleaving under sequential consistency: the
 * release/acquire pairs of "Work-share ring" give that order here.
 *
 * Checked: one set-up per construct; nobody sets a slot up while a member
 * still uses its previous construct; every member uses the construct it
 * asked for; no invalid end state (all members end). NOFIX_WAIT_FREE: the
 * claimant sets up without waiting for FREE_FOR: it overwrites a
 * construct in use. NOFIX_RESET_ORDER: the last leaver frees the slot
 * before resetting LEFT: a member of the next construct may count itself
 * in LEFT first and be wiped, and that construct is never left.
 */
#define NTHR 3
#define RING 2
#define NCONS 5

int claim[RING], ready[RING], free_for[RING];
byte left[RING];
byte users[RING];       /* members inside the slot's construct */
int holds[RING];        /* the construct whose set-up the slot holds */
byte setups[NCONS + 1];

proctype member()
{
    int c = 0, s, expect;
    bool first, last;

    do
    :: c < NCONS ->
        c++;
        s = (c - 1) % RING;
        /* enter */
        if
        :: ready[s] == c -> first = false
        :: else ->
            expect = c - RING;
            atomic {
                if
                :: claim[s] == expect -> claim[s] = c; first = true
                :: else -> first = false
                fi
            }
        fi;
        if
        :: first ->
#ifndef NOFIX_WAIT_FREE
            (free_for[s] == c);
#endif
            assert(users[s] == 0);
            holds[s] = c;
            setups[c]++;
            ready[s] = c        /* publish */
        :: else ->
            (ready[s] == c)
        fi;
        users[s]++;
        assert(holds[s] == c);
        users[s]--;
        /* leave */
        atomic { left[s]++; last = (left[s] == NTHR) }
        if
        :: last ->
#ifdef NOFIX_RESET_ORDER
            free_for[s] = c + RING;
            left[s] = 0
#else
            left[s] = 0;
            free_for[s] = c + RING
#endif
        :: else -> skip
        fi
    :: else -> break
    od
}

init {
    byte k;
    for (k : 0 .. RING - 1) {
        claim[k] = k + 1 - RING;
        ready[k] = k + 1 - RING;
        free_for[k] = k + 1
    }
    atomic {
        for (k : 1 .. NTHR) { run member() }
    }
    (_nr_pr == 1);
    for (k : 1 .. NCONS) { assert(setups[k] == 1) }
}
