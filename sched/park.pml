/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/park.pml - Promela model of parking, posting and the claim
 * (sched/park.c, sched/place.c; ARCHITECTURE.md, "Park"), checked by
 * Spin from make check (tests/spin.sh).
 *
 * Three VPs. VP 0 goes idle and parks. VP 1 makes one ULT ready in its
 * own queue (a create: the claim), or pushes work to the work source
 * (sched/source.c: a task to its deque, with no lock, then the claim),
 * and then stays busy for good, as a VP whose ULT then blocks in the
 * kernel: only another VP can run that work.
 * VP 2 is idle too, and parks or spins, so that the claim's post may go
 * to either. The property: the ULT runs (some VP takes it), and nobody
 * sleeps forever while it waits: Spin reports a VP blocked on its
 * semaphore with the ULT still queued (stuck(): once nothing can move,
 * the ULT ran). The counters the code keeps agree there: asleep is the
 * number of PARKED queues, and no count went below 0.
 *
 * The idle rules as sched/park.c has them: a VP that finds work while
 * counted spinning stops counting, and the last spinner to stop claims
 * and posts a PARKED VP whatever is left (rule 2); a parking VP that sees
 * work counts itself spinning again (rule 3); a post counts the VP it
 * wakes (rule 4). A claim whose post_any finds no PARKED VP gives its
 * count back and stops there: sched_post's claim_again (that count made
 * spinning 0 with a VP parked: every queue looked at under its lock, and
 * a claim again for work there) is left out, since it too finds the ULT
 * that NO_CLAIMS strands (it claims again until the parking VP is
 * PARKED), and this model is the claims count's test; sched/wake.pml and
 * sched/deadlock.pml have it.
 *
 * Spin interleaves statements with sequential consistency; the memory
 * ordering each pair relies on is ARCHITECTURE.md's litmus tests' (the
 * counts are atomic read-modify-writes, full fences on both targets).
 *
 * -DNO_CLAIMS takes the claims count out of the parking VP's last look:
 * a claim made between a parking VP's look at VP 1's queue and its
 * PARKED then finds no VP PARKED and posts nobody, and the VP sleeps
 * with the ULT queued (the bug that count fixes). -DNO_LOCKED_PASS
 * leaves post_any with its unlocked pass alone: it skips a VP that is
 * inside the critical section that makes it PARKED, after its look at
 * claims (the same sleep: the second pass fixes it). -DNOFIX_SOURCE_EARLY
 * has the parking VP look at the work source before it counts itself
 * parked: a push then, while it is still counted spinning, claims
 * nothing, and it parks with the work unseen (the "Work source" pair).
 */

#define NVP 3
#define BUSY 0
#define SPINNING 1
#define PARKED 2

bit lock[NVP];
byte nready[NVP];
byte idle[NVP];
byte sem[NVP];
byte spinning, parked, asleep, claims;
byte source;                    /* work in the work source */
bit ran;                        /* the ULT (or the source's work) was taken */

inline rq_lock(i) { atomic { lock[i] == 0 -> lock[i] = 1 } }
inline rq_unlock(i) { lock[i] = 0 }

/* sched/place.c: post_any, after a claim: a PARKED VP, under its lock;
   a first pass skips the VPs it reads unlocked as not PARKED, a second
   (-DNO_LOCKED_PASS: none) takes every lock */
inline post_any(me) {
    found = NVP;
    pass = 0;
    do
    :: pass < 2 && found == NVP ->
        k = 0;
        do
        :: k < NVP && found == NVP ->
            if
            :: k != me && (pass == 1 || idle[k] == PARKED) ->
                rq_lock(k);
                if
                :: idle[k] == PARKED ->
                    idle[k] = SPINNING;
                    asleep--;
                    found = k
                :: else -> skip
                fi;
                rq_unlock(k)
            :: else -> skip
            fi;
            k++
        :: else -> break
        od;
#ifdef NO_LOCKED_PASS
        pass = 2
#else
        pass++
#endif
    :: else -> break
    od;
    if
    :: found < NVP -> sem[found]++
    :: else -> spinning--       /* woken meanwhile */
    fi
}

/* VP 1: a create in its own queue, or a task pushed to the work source
   (sched/source.c: no lock; the push, a full fence, then the claim's
   loads), then busy for good */
proctype maker() {
    byte k, found, pass;
    bit any = 0, to_source;

    if
    :: to_source = 0; rq_lock(1); nready[1]++
    :: to_source = 1; source++
    fi;
    /* sched_wake_claim: no VP spins, one is parked */
    atomic {
        if
        :: spinning == 0 && parked > 0 -> spinning = 1; any = 1
        :: else -> skip
        fi
    };
#ifndef NO_CLAIMS
    if
    :: any -> claims++
    :: else -> skip
    fi;
#endif
    if
    :: !to_source -> rq_unlock(1)
    :: else -> skip
    fi;
    if
    :: any -> post_any(1)
    :: else -> skip
    fi
}

/* VP i's loop with nothing of its own: steal, else spin, else park */
proctype idler(byte me) {
    byte i, seen, r, got, k, found, pass;
    bit any;

    spinning++;                 /* sched_idle: counted spinning */
loop:
    /* a spin's look (racy), which may find the ULT */
    if
    :: nready[1] > 0 ->
        rq_lock(1);
        if
        :: nready[1] > 0 -> nready[1]--; ran = 1; got = 1
        :: else -> skip
        fi;
        rq_unlock(1);
        if
        :: got ->
            /* rule 2 (sched_found_work_slow): the last spinner to find
               work claims, and posts a PARKED VP, whatever is left */
            atomic { spinning--; any = (spinning == 0) };
            if
            :: any && parked > 0 ->
                atomic {
                    if
                    :: spinning == 0 && parked > 0 -> spinning = 1
                    :: else -> any = 0
                    fi
                };
#ifndef NO_CLAIMS
                if
                :: any -> claims++
                :: else -> skip
                fi;
#endif
                if
                :: any -> post_any(me)
                :: else -> skip
                fi
            :: else -> skip
            fi;
            goto done
        :: else -> skip
        fi
    :: source > 0 ->
        /* the work source's take (a deque's CAS: omp/deque.pml) */
        atomic {
            if
            :: source > 0 -> source--; ran = 1; got = 1
            :: else -> skip
            fi
        };
        if
        :: got ->
            /* rule 2, as above */
            atomic { spinning--; any = (spinning == 0) };
            if
            :: any && parked > 0 ->
                atomic {
                    if
                    :: spinning == 0 && parked > 0 -> spinning = 1
                    :: else -> any = 0
                    fi
                };
#ifndef NO_CLAIMS
                if
                :: any -> claims++
                :: else -> skip
                fi;
#endif
                if
                :: any -> post_any(me)
                :: else -> skip
                fi
            :: else -> skip
            fi;
            goto done
        :: else -> skip
        fi
    :: true -> skip
    fi;
#ifdef NOFIX_SOURCE_EARLY
    r = source > 0;
#endif
    /* park(): counted parked, then the looks under each lock */
    parked++;
    spinning--;
    seen = claims;
#ifndef NOFIX_SOURCE_EARLY
    /* the work source, after the counts (its pair: sched/source.c) */
    r = source > 0;
#endif
    i = 0;
    do
    :: i < NVP ->
        if
        :: i != me ->
            rq_lock(i);
            r = r || nready[i] > 0;
            rq_unlock(i)
        :: else -> skip
        fi;
        i++
    :: else -> break
    od;
    if
    :: !r ->
        rq_lock(me);
#ifdef NO_CLAIMS
        r = nready[me] > 0;
#else
        r = nready[me] > 0 || claims != seen;
#endif
        if
        :: !r -> idle[me] = PARKED; asleep++
        :: else -> skip
        fi;
        rq_unlock(me)
    :: else -> skip
    fi;
    if
    :: r ->                     /* work: stay up, and look again */
        idle[me] = SPINNING;
        parked--;
        spinning++;
        goto loop
    :: else -> skip
    fi;
    /* asleep on the semaphore (a valid end: stuck() asks whether the
       ULT ran) */
end_sleep:
    atomic { sem[me] > 0 -> sem[me]-- };
    /* unpark_self: a poster took us out of PARKED and counted us
       spinning (the claim) */
    rq_lock(me);
    if
    :: idle[me] == PARKED -> asleep--; spinning++
    :: else -> skip
    fi;
    idle[me] = SPINNING;
    rq_unlock(me);
    parked--;
    goto loop;
done:
    skip
}

/* When nothing can move any more: the ULT ran, and the counts agree
   with the queues (asleep is the number of PARKED ones). */
active proctype stuck() {
end:
    timeout ->
    assert(ran);
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED) + (idle[2] == PARKED));
    assert(spinning < NVP && parked < NVP)
}

init {
    idle[0] = SPINNING;
    idle[1] = BUSY;
    idle[2] = SPINNING;
    atomic {
        run idler(0);
        run idler(2);
        run maker()
    }
}
