/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/watch.pml - Spin model of a word wait: the watch list, proxies,
 * the release, and a VP busy in a blocking system call (sched/watch.c,
 * sync/barrier.c, sched/park.c; ARCHITECTURE.md, "Word wait", "Models").
 *
 * Two VPs and a bound thread B. ULT X on VP 0 creates ULT Y (queued on
 * VP 0 with the claim), then waits at a barrier of 2 (its group on VP 0's
 * watch list, under VP 0's lock). Y reads a pipe X writes after the
 * barrier: the VP running Y is BUSY in the kernel, it neither polls nor
 * parks until X ran. B arrives last: its CAS changes the word, it posts
 * the VPs of queued proxies (under their locks, sched_place_look), then
 * (the fix, sched_word_released) if no VP spins and some is parked, it
 * looks at every VP that reads BUSY, under its lock, and if that VP is
 * still BUSY with a group whose word changed it claims and posts a parked
 * VP (sched_wake_claim, post_any), which takes the group
 * (sched_watch_steal) and runs X.
 *
 * Why B's unlocked read of BUSY is enough: X's VP stored BUSY before X
 * ran, so before X's arrival CAS, and B's CAS on the same word follows
 * X's: B reads BUSY or a later value (a VP that went idle polls or
 * proxies its list itself). And VP 0's lock orders B's look against X's
 * registration: X adds its group and re-reads the word under that lock,
 * so either X sees the change and does not wait, or B sees the group.
 *
 * Spin runs every interleaving under sequential consistency: the fences
 * (proxy then fence then re-read; the CAS; parked++ then look) are the
 * litmus tests "Word wait" and "Park" of ARCHITECTURE.md, not here.
 *
 * Checked: no invalid end state (a hang), no false deadlock report,
 * counts never negative and back to rest at the end.
 * NOFIX_BUSY_WATCHERS: the release posts proxies only: VP 1 parked with
 * no proxy (it watches nothing), VP 0 sits in Y's read: a hang.
 */
#define NVP 2
#define NONE 255
#define BUSY 0
#define SPINNING 1
#define PARKED 2
#define GO 0
#define DONE 1
#define DEADLOCK 2

byte lk[NVP], idle[NVP], qx[NVP], qy[NVP], sem[NVP];
short spinning, parked, asleep;
byte claims, finish = GO, ended;
byte word;              /* the barrier's episode: 0 until released */
bit x_arrived, x_wrote, bound_alive = 1;
byte grp = NONE;        /* the VP whose watch list holds X's group */
bit proxied, pq, pwoken; /* X's group's proxy: queued on the barrier */
byte stripe;            /* the barrier's stripe lock */

inline lock(i)   { atomic { lk[i] == 0 -> lk[i] = 1 } }
inline unlock(i) { lk[i] = 0 }
inline slock()   { atomic { stripe == 0 -> stripe = 1 } }
inline sunlock() { stripe = 0 }

inline claim(any) {
    atomic { any = 0;
             if :: spinning == 0 && parked > 0 -> spinning = 1; any = 1; claims++
                :: else -> skip fi }
}
inline post_any(me, k, v) {
    v = NONE; k = 1;
    do
    :: k > NVP -> break
    :: k <= NVP ->
        lock((me + k) % NVP);
        if :: idle[(me + k) % NVP] == PARKED ->
                idle[(me + k) % NVP] = SPINNING; asleep--; v = (me + k) % NVP
           :: else -> skip fi;
        unlock((me + k) % NVP);
        if :: v != NONE -> break :: else -> k++ fi
    od;
    if :: v == NONE -> spinning-- :: else -> sem[v]++ fi
}
/* v's lock held: sched_watch_stealable_locked */
#define STEALABLE(v) (idle[v] == BUSY && grp == v && word != 0)

/* unproxy: off the barrier's queue unless the releaser took it */
inline settle() {
    if
    :: proxied -> slock(); if :: !pwoken -> pq = 0 :: else -> skip fi; sunlock(); proxied = 0
    :: else -> skip
    fi
}
inline ult_end() {
    atomic { ended++;
             if :: ended == 2 && finish == GO -> finish = DONE; sem[0]++; sem[1]++
                :: else -> skip fi }
}

proctype vp(byte i)
{
    byte j = 1 - i, mine_asleep, k, v, claims_seen, x, y;
    bit r, posted, any, got;
    if :: i == 0 -> goto run_x :: else -> goto loop fi;
loop:
    if :: finish != GO -> goto out :: else -> skip fi;
    /* sched_watch_poll */
    lock(i);
    if :: grp == i && word != 0 -> grp = NONE; got = 1 :: else -> skip fi;
    unlock(i);
    if
    :: got -> got = 0; settle();
        lock(i); qx[i]++; claim(any); unlock(i);
        if :: any -> post_any(i, k, v) :: else -> skip fi
    :: else -> skip
    fi;
    lock(i);
    if
    :: qx[i] > 0 -> qx[i]--; x = 1
    :: qx[i] == 0 && qy[i] > 0 -> qy[i]--; y = 1
    :: else -> skip
    fi;
    if :: x || y -> idle[i] = BUSY :: else -> skip fi;
    unlock(i);
    if :: x -> x = 0; goto x_resumes :: y -> y = 0; goto run_y :: else -> skip fi;
    /* sched_steal */
    lock(j);
    if
    :: qx[j] > 0 -> qx[j]--; x = 1
    :: qx[j] == 0 && qy[j] > 0 -> qy[j]--; y = 1
    :: else -> skip
    fi;
    unlock(j);
    if :: x -> x = 0; idle[i] = BUSY; goto x_resumes
       :: y -> y = 0; idle[i] = BUSY; goto run_y
       :: else -> skip fi;
    /* sched_watch_steal: only from a BUSY owner, under its lock */
    if
    :: idle[j] == BUSY && grp == j ->
        lock(j);
        if :: STEALABLE(j) -> grp = NONE; got = 1 :: else -> skip fi;
        unlock(j);
        if :: got -> got = 0; settle(); idle[i] = BUSY; goto x_resumes
           :: else -> skip fi
    :: else -> skip
    fi;
    /* spin_then_park (the spin's looks are the loop's) */
    spinning++;
    lock(i); idle[i] = SPINNING; unlock(i);
    claims_seen = claims;
    parked++; spinning--;
    assert(spinning >= 0);
    r = 0; mine_asleep = 0;
    /* sched_watch_proxy_all */
    if
    :: grp == i && !proxied ->
        slock(); pwoken = 0; pq = 1;
        /* full fence: "Word wait" */
        if :: word != 0 -> pq = 0; r = 1 :: else -> proxied = 1 fi;
        sunlock()
    :: else -> skip
    fi;
    /* work_seen_else_park */
    if
    :: !r ->
        lock(j); r = (qx[j] + qy[j] > 0) || STEALABLE(j); unlock(j);
        if
        :: !r ->
            lock(i);
            r = (qx[i] + qy[i] > 0) || (grp == i && word != 0) || claims != claims_seen;
            if :: !r -> idle[i] = PARKED; atomic { asleep++; mine_asleep = asleep }
               :: else -> skip fi;
            unlock(i)
        :: else -> skip
        fi
    :: else -> skip
    fi;
    if
    :: r || finish != GO ->
        if
        :: mine_asleep ->
            lock(i); posted = (idle[i] != PARKED);
            if :: !posted -> asleep-- :: else -> skip fi;
            idle[i] = SPINNING; unlock(i);
            if :: posted -> spinning-- :: else -> skip fi
        :: else -> idle[i] = SPINNING
        fi;
        parked--;
        goto loop
    :: else -> skip
    fi;
    if
    :: mine_asleep == NVP && !bound_alive ->
        assert(0);      /* a false deadlock: X and Y can still run */
    :: else -> skip
    fi;
    atomic { sem[i] > 0 -> sem[i]-- };
    lock(i); posted = (idle[i] != PARKED);
    if :: !posted -> asleep-- :: else -> skip fi;
    idle[i] = SPINNING; unlock(i);
    if :: posted -> spinning-- :: else -> skip fi;
    parked--;
    assert(spinning >= 0 && parked >= 0 && asleep >= 0);
    goto loop;

run_x:
    /* mltp_create(Y): queued here, with the claim */
    lock(i); qy[i]++; claim(any); unlock(i);
    if :: any -> post_any(i, k, v) :: else -> skip fi;
    x_arrived = 1;      /* the arrival CAS: 1 of 2 */
    /* sched_wait_word */
    lock(i);
    if
    :: word != 0 -> unlock(i); goto x_resumes
    :: else -> skip
    fi;
    grp = i;            /* group added, the word read once more */
    if :: word != 0 -> grp = NONE; unlock(i); goto x_resumes :: else -> skip fi;
    /* switch to the next of our queue, else go idle */
    if
    :: qy[i] > 0 -> qy[i]--; unlock(i); goto run_y
    :: else -> idle[i] = SPINNING; unlock(i); goto loop
    fi;
x_resumes:
    x_wrote = 1;        /* write(2) to the pipe */
    ult_end();
    goto loop;
run_y:
    x_wrote == 1;       /* read(2): BUSY in the kernel until X wrote */
    ult_end();
    goto loop;
out:
    skip
}

/* B, a bound thread, the barrier's last arrival: sched_word_released */
proctype releaser()
{
    byte owed = NONE, k, v, w;
    bit any;
    x_arrived == 1;
    word = 1;           /* the CAS (a full fence) */
    /* the proxies: QUEUE(ep)->last read without the lock */
    if
    :: pq ->
        slock();
        if :: pq -> pq = 0; pwoken = 1; owed = 0 :: else -> skip fi;
        sunlock();
        if
        :: owed != NONE ->      /* sched_place_look */
            lock(owed);
            if :: idle[owed] == PARKED ->
                    idle[owed] = SPINNING; asleep--; spinning++; sem[owed]++
               :: else -> skip fi;
            unlock(owed)
        :: else -> skip
        fi
    :: else -> skip
    fi;
#ifndef NOFIX_BUSY_WATCHERS
    /* busy_watchers_released: B is on no VP, so every VP. parked, not
       asleep: a VP counted parked but not yet PARKED may have looked at
       VP 0's list before X's group was there (asleep > 0 here hangs) */
    if
    :: spinning == 0 && parked > 0 ->
        w = 0;
        do
        :: w == NVP -> break
        :: w < NVP ->
            if
            :: idle[w] == BUSY ->       /* racy: see the header */
                lock(w);
                if :: STEALABLE(w) -> claim(any) :: else -> skip fi;
                unlock(w);
                if :: any -> post_any(w, k, v); break :: else -> skip fi
            :: else -> skip
            fi;
            w++
        od
    :: else -> skip
    fi;
#endif
    bound_alive = 0
}

init {
    idle[0] = BUSY; idle[1] = SPINNING;
    atomic { run vp(0); run vp(1); run releaser() };
    _nr_pr == 1;
    assert(finish == DONE && x_wrote);
    assert(spinning == 0 && parked == 0 && !pq);
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED))
}
