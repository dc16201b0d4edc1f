/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/place.pml - Spin model of a release's placement (place_home)
 * (sched/park.c, sched/place.c; ARCHITECTURE.md, "Park" and "Models").
 *
 * Two VPs and a bound thread. ULT Y is queued on VP 1; it reads a pipe
 * that ULT W writes (Y's VP is busy in the kernel until W runs). W waits
 * for a lock the bound thread releases: the release places W on its last
 * VP, VP 1, if that VP is idle (place_home), else on the releaser's queue
 * (queue 0 for a kernel-level thread) with the claim.
 *
 * Spin runs every interleaving under sequential consistency: the memory
 * ordering the code relies on beyond locks is covered by the litmus tests
 * of ARCHITECTURE.md ("Park", "Finish"), not here.
 *
 * Checked: no invalid end state (a hang: W queued or blocked while every
 * VP sleeps on its semaphore or in the kernel), no false deadlock report,
 * counts never negative, and at the end asleep agrees with the PARKED
 * queues and nobody is counted spinning or parked.
 *
 * NOFIX_PLACE_HOME: place_home as it was, reading home's idle word
 * without its lock: VP 1 goes BUSY (runs Y) between that read and the
 * push, W sits on VP 1's queue with no claim, VP 0 parks: a hang.
 * The fix re-reads idle under home's lock and, if BUSY, places W on the
 * releaser's queue with the claim.
 *
 * NOFIX_STEAL_BUSY: that fix alone still hangs. sched/loop.c stores BUSY
 * after a steal without the VP's lock (loop.c:59): VP 1 steals Y from
 * queue 0 while still SPINNING, the release sees SPINNING under VP 1's
 * lock and queues W there with no post, VP 0 (which looked at queue 1
 * first) parks, VP 1 runs Y. The fix (sched/loop.c, busy_after_steal):
 * the thief stores BUSY under its lock and, if its queue is not empty,
 * claims and posts. A periodic rescue of stranded work (a reaper's
 * tick) is left out: it would bound the wait, not remove the lost post.
 *
 * Claims as in sched/park.c: a claim bumps sg.idle.claims; a parking VP
 * stays up if a claim began since it started looking (else a claim that
 * found no VP PARKED yet posts nobody). post_any's locked pass is
 * modelled. The idle rules as sched/park.c has them: a VP that takes
 * work while counted spinning stops counting, and the last spinner to
 * stop claims and posts whatever is left (rule 2); a parking VP that
 * sees work counts itself spinning again (rule 3); a post counts the VP
 * it wakes, which stays counted until it takes work or parks (rule 4);
 * the last parker reads asleep again after bound_alive (rule 5). Left
 * out: sched_post's claim_again (a claim that found no VP PARKED, its
 * count given back with spinning then 0 and a VP parked, looks at every
 * queue and claims again): with it a claimer may claim again and again
 * while a parking VP stays up for each claim, the claims count runs
 * through all its values, and the search takes 9 million states (8 s);
 * sched/wake.pml and sched/deadlock.pml model it.
 */
#define NVP 2
#define BUSY 0
#define SPINNING 1
#define PARKED 2
#define GO 0
#define DONE 1
#define DEADLOCK 2

byte lk[NVP];           /* run-queue spin locks */
byte idle[NVP];         /* the idle words */
byte qy[NVP], qw[NVP];  /* Y, W queued on each queue */
byte sem[NVP];          /* park semaphores */
short spinning, parked, asleep;
byte claims;            /* claims begun (sg.idle.claims) */
byte finish = GO;
byte ended;
bit w_ran, bound_alive = 1, w_placed;

inline lock(i)   { atomic { lk[i] == 0 -> lk[i] = 1 } }
inline unlock(i) { lk[i] = 0 }
inline post(i)   { sem[i]++ }

/* q's lock held: sched_place_here_locked's claim (sched_wake_claim) */
inline claim(any) {
    any = 0;
    atomic { if :: spinning == 0 && parked > 0 -> spinning = 1; any = 1
                :: else -> skip fi;
             if :: any -> claims++ :: else -> skip fi }
}
/* q's lock held */
inline post_if_parked(q, owed) {
    if :: idle[q] == PARKED -> idle[q] = SPINNING; asleep--; spinning++; owed = q
       :: else -> skip fi
}
/* sched_post's p->any: a PARKED VP found under its lock (the locked
   pass; the unlocked one only saves locks), else the claim's count back
   (claim_again's look is left out: see the header) */
inline post_any(me, k, v) {
    v = 255; k = 1;
    do
    :: k > NVP -> break
    :: k <= NVP ->
        lock((me + k) % NVP);
        if :: idle[(me + k) % NVP] == PARKED ->
                idle[(me + k) % NVP] = SPINNING; asleep--; v = (me + k) % NVP
           :: else -> skip fi;
        unlock((me + k) % NVP);
        if :: v != 255 -> break :: else -> k++ fi
    od;
    if :: v == 255 -> spinning-- :: else -> post(v) fi
}

/* a ULT ends: the last one ends the start (sched_finish_all) */
inline ult_end() {
    atomic { ended++;
             if :: ended == 2 && finish == GO -> finish = DONE; sem[0]++; sem[1]++
                :: else -> skip fi }
}

proctype vp(byte i)
{
    byte j, mine_asleep, y, w, k, v, claims_seen;
    bit r, posted, stole, any, svs;
loop:
    if :: finish != GO -> goto out :: else -> skip fi;
    /* our queue */
    lock(i);
    if
    :: qw[i] > 0 -> qw[i]--; w = 1
    :: qw[i] == 0 && qy[i] > 0 -> qy[i]--; y = 1
    :: else -> skip
    fi;
    /* loop.c: BUSY stored before run() releases the lock */
    if :: w || y -> idle[i] = BUSY :: else -> skip fi;
    unlock(i);
    /* steal from the other (sched/steal.c, under its lock) */
    if
    :: w == 0 && y == 0 ->
        j = 1 - i;
        lock(j);
        if
        :: qw[j] > 0 -> qw[j]--; w = 1
        :: qw[j] == 0 && qy[j] > 0 -> qy[j]--; y = 1
        :: else -> skip
        fi;
        stole = w || y;
        unlock(j)
    :: else -> skip
    fi;
    if
    :: w || y ->
        if
        :: stole ->
#ifdef NOFIX_STEAL_BUSY
            idle[i] = BUSY  /* loop.c after a steal: without our lock */
#else
            /* BUSY under our lock, and a release that queued here while
               we were still SPINNING is covered by a claim */
            lock(i); idle[i] = BUSY; r = (qw[i] + qy[i] > 0); unlock(i);
            if
            :: r -> lock(i); claim(any); unlock(i);
                    if :: any -> post_any(i, k, v) :: else -> skip fi
            :: else -> skip
            fi
#endif
        :: else -> skip
        fi;
        stole = 0;
        /* rule 2: counted spinning, we stop; the last spinner claims */
        if
        :: svs ->
            svs = 0;
            atomic { spinning--; any = (spinning == 0) };
            if
            :: any && parked > 0 -> claim(any);
                if :: any -> post_any(i, k, v) :: else -> skip fi
            :: else -> any = 0
            fi
        :: else -> skip
        fi;
        if
        :: w -> w_ran = 1; w = 0
        :: y -> w_ran == 1;  /* read(2) returns once W wrote */ y = 0
        fi;
        ult_end();
        goto loop
    :: else -> skip
    fi;
    /* spin_then_park: counted spinning, SPINNING under our lock; the
       spin itself is a look like the loop's (left out) */
    if :: !svs -> svs = 1; spinning++ :: else -> skip fi;
    lock(i); idle[i] = SPINNING; unlock(i);
    /* park */
    claims_seen = claims;
    parked++; spinning--; svs = 0;
    assert(spinning >= 0);
    /* work_seen_else_park */
    r = 0; mine_asleep = 0;
    j = 1 - i;
    lock(j); r = (qw[j] + qy[j] > 0); unlock(j);
    if
    :: !r ->
        lock(i);
        /* no claim begun since we started looking: one that found no
           VP PARKED yet posts nobody */
        r = (qw[i] + qy[i] > 0) || claims != claims_seen;
        if :: !r -> idle[i] = PARKED; atomic { asleep++; mine_asleep = asleep }
           :: else -> skip fi;
        unlock(i)
    :: else -> skip
    fi;
    if
    :: r || finish != GO ->
        if
        :: mine_asleep ->
            lock(i);
            posted = (idle[i] != PARKED);
            if :: !posted -> asleep-- :: else -> svs = 1 fi;
            idle[i] = SPINNING;
            unlock(i);
            parked--
        :: else ->      /* rule 3: work seen, counted spinning again */
            svs = 1; spinning++; parked--
        fi;
        goto loop
    :: else -> skip
    fi;
    if
    :: mine_asleep == NVP && !bound_alive ->
        /* rule 5: asleep read again (a bound thread posts before it ends) */
        if
        :: asleep == NVP ->
            parked--;
            /* no false deadlock: nothing queued, nothing to come */
            assert(qw[0] + qw[1] + qy[0] + qy[1] == 0 && w_placed);
            finish = DEADLOCK;
            goto out
        :: else -> skip
        fi
    :: else -> skip
    fi;
    atomic { sem[i] > 0 -> sem[i]-- };
    /* unpark_self */
    lock(i);
    posted = (idle[i] != PARKED);
    if :: !posted -> asleep-- :: else -> svs = 1 fi;
    idle[i] = SPINNING;
    unlock(i);
    parked--;
    assert(spinning >= 0 && parked >= 0 && asleep >= 0);
    goto loop;
out:
    if :: svs -> spinning-- :: else -> skip fi
}

/* The bound thread releases W's lock (sched_place with SCHED_WAKE_RELEASE). */
proctype releaser()
{
    byte owed = 255, k, v;
    bit any;
    if
    :: idle[1] != BUSY ->           /* place_home's racy look */
        lock(1);
#ifndef NOFIX_PLACE_HOME
        if
        :: idle[1] == BUSY -> unlock(1); goto fallback
        :: else -> skip
        fi;
#endif
        qw[1]++; w_placed = 1;
        post_if_parked(1, owed);
        unlock(1);
        goto posts
    :: else -> skip
    fi;
fallback:
    /* the releaser's queue: queue 0 for a kernel-level thread */
    lock(0);
    qw[0]++; w_placed = 1;
    claim(any);
    unlock(0);
    if :: any -> post_any(0, k, v) :: else -> skip fi;
posts:
    if :: owed != 255 -> post(owed) :: else -> skip fi;
    bound_alive = 0
}

init {
    idle[0] = SPINNING; idle[1] = SPINNING;
    if :: qy[0] = 1 :: qy[1] = 1 fi;
    atomic { run vp(0); run vp(1); run releaser() };
    _nr_pr == 1;
    /* quiescent: every VP out, nothing left, counts back to 0 */
    assert(finish == DONE && w_ran);
    assert(spinning == 0 && parked == 0);
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED))
}
