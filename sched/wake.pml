/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/wake.pml - Spin model of a barrier's group wait against its
 * release, and of the idle rules that must then wake a VP for the
 * released ULT (sched/block.c sched_episode_wait, sched_episode_release;
 * sync/barrier.c release; sched/place.c sched_place_group, sched_place_here_locked;
 * sched/park.c sched_wake_claim, post_any, sched_post, claim_again,
 * sched_found_work_slow, spin_then_park, park, work_seen_else_park,
 * unpark_self; sched/loop.c loop, busy_after_steal; sched/steal.c;
 * ARCHITECTURE.md, "Park", "Models"). tests/spin.sh runs it. Init picks
 * one of two scenarios; Spin searches both.
 *
 * Scenario 1, the group wait (2 VPs, a bound thread B). ULT X on VP 0
 * arrives first at a barrier of 2 (its CAS), then, under VP 0's
 * run-queue lock, pushes its group (VP 0) on the episode's list by a
 * CAS, unless the list was closed for its episode (then X goes on), and
 * blocks, the lock released once its context is saved; VP 0 goes back to
 * its loop (still BUSY), spins, parks. B arrives last: its CAS moves the
 * word on, then a CAS closes the list; a group was there, it queues X on
 * VP 0's queue under that queue's lock: VP 0 PARKED -> posted (counted
 * spinning); BUSY -> rule 1's claim (no VP spinning, one parked: a
 * parked VP posted to steal X); SPINNING -> nothing (VP 0's own look
 * under its lock finds X). VP 1 is idle throughout: it steals, spins,
 * parks. X's push and B's close are read-modify-writes of one word: one
 * sees the other (sched/episode.pml checks the list with several
 * episodes).
 *
 * Scenario 2, the last spinner and the dropped claim (3 VPs, B). VP 0
 * runs ULT Y, which waits in the kernel (a read) until X ran: VP 0 stays
 * BUSY and is no process here. B creates ULT Z on queue 0 (a
 * kernel-level thread's queue; VP 0 BUSY: rule 1's claim), then places
 * X (its released group, VP 0's) on queue 0 behind Z, with rule 1 again.
 * Z reads the pipe X writes: the VP that runs Z is BUSY in the kernel
 * until X ran. VPs 1 and 2 are idle: each steals from queue 0 (a steal
 * takes half of what is queued, at least one: here one), spins, parks.
 * One of them must run X.
 *
 * Abstractions. A run queue is its counts (Z ahead of X in queue 0).
 * Each critical section under a run-queue lock, and each CAS, is one
 * atomic step (nothing in them waits); each atomic count change is its
 * own step, in the code's order. Queues that stay empty are not looked
 * at. A spin is one racy look at the queues (or none: spinning may be
 * off). sg.idle.claims is, per VP, whether a claim began since the VP
 * read it (fresh[i]): the same test as "claims changed", with a bounded
 * state. The start ends when X and Z have ended (sched_finish_all:
 * finish set, then every semaphore posted if a VP is parked); a VP that
 * leaves drops its spinning count, so that the counts can be checked at
 * rest.
 *
 * Checked: no invalid end state (a hang: X queued or blocked while every
 * VP that could run it sleeps on its semaphore or waits in the kernel),
 * the counts never negative (in every state), and at rest asleep equal
 * to the number of PARKED queues; once every process ended, X and Z ran,
 * nothing is queued, and spinning and parked are back to 0.
 *
 * NOFIX_ALWAYS_CLOSE (scenario 1): B closes the list only if it finds a
 * group there. B's CAS and its look at the list fall between X's
 * arrival and the push: B sees no group and closes nothing, X pushes and
 * waits for good, VP 0 and VP 1 park: an invalid end state.
 *
 * NOFIX_LAST_SPINNER (scenario 2): rule 2 as it was, a VP that finds
 * work stops counting as spinning and wakes another only if more was
 * queued than it took. A (one of VPs 1 and 2), counted spinning, steals
 * Z before X is queued; the other, P, counts itself parked and looks at
 * queue 0 (empty); B queues X, sees A counted (spinning 1) and claims
 * nothing; A stops counting, wakes nobody, and sits in Z's read; P
 * becomes PARKED: an invalid end state. (Rule 2 as the code has it: A,
 * the last spinner, claims and posts P, or P sees the claim.)
 *
 * NOFIX_DROPPED_CLAIM (scenario 2): a claim whose post_any finds no
 * PARKED VP only gives its count back (amendment A removed). P counts
 * itself parked; A, the last spinner, steals Z and claims (spinning 1,
 * claims bumped) while P is not PARKED yet; P reads claims after that
 * and looks at queue 0 (empty); B queues X and sees spinning 1 (no
 * claim); A's post_any finds no PARKED VP and gives the count back; P
 * becomes PARKED (no claim since its read), A sits in Z's read: an
 * invalid end state. With amendment A, A's count given back left none
 * spinning: A looks at every queue under its lock, sees X with P counted
 * parked, claims again; P then sees the claim and stays up, or is
 * PARKED and posted.
 */
#define NONE 255
#define BUSY 0
#define SPINNING 1
#define PARKED 2
#define ULT_X 1
#define ULT_Z 2
#define EMPTY 0
#define GROUP 1
#define CLOSED 2

byte scen;                      /* 1: the group wait; 2: the spinners */
byte lo, nvp;                   /* the VPs that are processes: lo..nvp-1 */
byte idle[3], sem[3];
bit fresh[3];                   /* a claim began since VP i read claims */
short spinning, parked, asleep;
bit qx, qz;                     /* X, Z in queue 0 (Z ahead of X) */
bit finish;
byte ended, nults;
bit arrived;                    /* X's arrival CAS */
byte list;                      /* the episode's list: EMPTY, X's GROUP, CLOSED */
bit x_wrote;                    /* X ran (and wrote to the pipe) */
byte nproc, done;               /* VPs and B: started, ended */

/* sched_wake_claim: no VP spinning and one parked: the CAS counts the
   VP to be posted spinning, then claims++ (a parking VP that read claims
   before sees the change under its lock, and stays up) */
inline claim(any) {
    atomic {
        if
        :: spinning == 0 && parked > 0 ->
            spinning = 1; any = 1
        :: else -> any = 0
        fi
    };
    if :: any -> atomic { fresh[0] = 1; fresh[1] = 1; fresh[2] = 1 } :: else -> skip fi
}

/* sched_post with p->any, no lock held: post_any, a PARKED VP other
   than the caller's, taken out of PARKED under its lock (the claim
   counted it spinning) and posted; a first pass locks only the VPs it
   reads PARKED unlocked, a second locks each. None: claim_again, the
   claim's count given back, and if that left none spinning, every queue
   looked at under its lock (amendment A): work there (and a VP parked),
   a new claim, and post_any again. */
inline post_any(me) {
    do
    :: k = lo;
        do
        :: k < nvp && pass < 2 ->
            if
            :: k != me && (pass == 1 || idle[k] == PARKED) ->
                atomic {
                    if
                    :: idle[k] == PARKED -> idle[k] = SPINNING; asleep--; v = k
                    :: else -> skip
                    fi
                }
            :: else -> skip
            fi;
            if :: v != NONE -> break :: else -> k++ fi;
            if :: k == nvp && pass == 0 -> k = lo; pass = 1 :: else -> skip fi
        :: else -> break
        od;
        k = 0; pass = 0;
        if
        :: v != NONE -> sem[v]++; v = NONE; break
        :: else ->
            atomic { spinning--; last = (spinning == 0) };
#ifdef NOFIX_DROPPED_CLAIM
            last = 0; break
#else
            if
            :: last ->
                last = 0;
                /* every queue, under its lock: only queue 0 gets work */
                if
                :: qx || qz -> claim(any);
                    if :: any -> any = 0 :: else -> break fi
                :: else -> break
                fi
            :: else -> break
            fi
#endif
        fi
    od
}

/* queue 0's lock held: u pushed (sched_place_here_locked, for a
   creation or for each ULT of a group, sched_place_group): PARKED -> its
   VP posted (rule 4), BUSY -> rule 1's claim, SPINNING -> nothing (an
   idle VP runs what it is given) */
inline place(u, owed, any) {
    atomic {
        if :: u == ULT_X -> qx = 1 :: else -> qz = 1 fi;
        if
        :: idle[0] == PARKED -> idle[0] = SPINNING; asleep--; spinning++; owed = 0
        :: idle[0] == BUSY -> claim(any)
        :: else -> skip
        fi
    }
}

/* the posts after a placement, no lock held (sched_post) */
inline posts(owed, any) {
    if :: owed != NONE -> sem[owed]++; owed = NONE :: else -> skip fi;
    if :: any -> any = 0; post_any(NONE) :: else -> skip fi
}

/* a ULT ended; the last of the start ends it (sched_finish_all) */
inline ult_end() {
    atomic { ended++; last = (ended == nults) };
    if
    :: last ->
        last = 0;
        finish = 1;
        if
        :: parked > 0 -> atomic { sem[0]++; sem[1]++; sem[2]++ }
        :: else -> skip
        fi
    :: else -> skip
    fi
}

proctype vp(byte i)
{
    byte k, v = NONE, pass;
    bit counted, more, any, r, last, gx, gz;

    if :: scen == 1 && i == 0 -> goto run_x :: else -> skip fi;
loop:
    if :: finish -> goto out :: else -> skip fi;
    if
    :: scen == 1 && i == 0 ->
        /* our own queue, under its lock: BUSY as we take a ULT */
        atomic { if :: qx -> qx = 0; gx = 1; idle[0] = BUSY :: else -> skip fi }
    :: else ->
        /* a steal from queue 0, under its lock: its oldest ULT */
        atomic {
            if
            :: qz -> qz = 0; gz = 1; more = qx
            :: !qz && qx -> qx = 0; gx = 1
            :: else -> skip
            fi
        };
        /* busy_after_steal: BUSY under our lock; our queue is empty */
        if :: gx || gz -> idle[i] = BUSY :: else -> skip fi
    fi;
    if
    :: gx || gz ->
        if
        :: counted ->
            /* rule 2: we stop counting; the last spinner wakes another */
            atomic { spinning--; last = (spinning == 0); counted = 0 };
#ifdef NOFIX_LAST_SPINNER
            if :: last && more -> claim(any) :: else -> skip fi;
#else
            if :: last -> claim(any) :: else -> skip fi;
#endif
            last = 0;
            if :: any -> any = 0; post_any(i) :: else -> skip fi
        :: else -> skip
        fi;
        more = 0;
        if
        :: gx -> gx = 0; goto x_resumes
        :: gz -> gz = 0; goto run_z
        fi
    :: else -> skip
    fi;
    /* spin_then_park: counted spinning (unless a post counted us),
       SPINNING under our lock */
    if :: !counted -> atomic { spinning++; counted = 1 } :: else -> skip fi;
    idle[i] = SPINNING;
    /* the spin (racy reads), for a while or not at all: work seen (or
       the start's end), back to the loop, counted */
    if
    :: (i == 0 && qx) || (i != 0 && (qx || qz)) || finish -> goto loop
    :: true -> skip
    fi;
    /* park (rule 3): counted parked and not spinning, claims read, the
       other queues' looks under their locks, then ours under ours,
       PARKED there if no work and no claim since */
    parked++;
    atomic { spinning--; counted = 0 };
    fresh[i] = 0;
    if :: i != 0 -> r = qx || qz :: else -> skip fi;
    if
    :: !r ->
        atomic {
            r = (i == 0 && qx) || fresh[i];
            if :: !r -> idle[i] = PARKED; asleep++ :: else -> skip fi
        }
    :: else -> skip
    fi;
    if
    :: r ->
        /* work seen (or a claim): counted spinning again */
        r = 0;
        atomic { spinning++; counted = 1 };
        parked--;
        goto loop
    :: else -> skip
    fi;
    /* "Finish": parked++ came before this read */
    if
    :: !finish -> atomic { sem[i] > 0 -> sem[i]-- }
    :: else -> skip
    fi;
    /* unpark_self (rule 4): a poster took us out of PARKED and counted
       us spinning; else we leave asleep ourselves */
    atomic {
        if :: idle[i] == PARKED -> asleep-- :: else -> counted = 1 fi;
        idle[i] = SPINNING
    };
    parked--;
    goto loop;

run_x:
    /* sched_episode_wait, VP 0's run-queue lock held from the push to
       the switch (one step): the list closed, X goes on; else its group
       pushed, and X blocks */
    arrived = 1;
    atomic {
        if
        :: list == CLOSED -> r = 1
        :: else -> list = GROUP
        fi
    };
    if :: r -> r = 0; goto x_resumes :: else -> skip fi;
    goto loop;
x_resumes:
    x_wrote = 1;        /* write(2) to the pipe */
    ult_end();
    goto loop;
run_z:
    x_wrote;            /* read(2): in the kernel until X wrote */
    ult_end();
    goto loop;
out:
    if :: counted -> spinning-- :: else -> skip fi;
    done++
}

/* B, a bound thread. Scenario 1: the barrier's last arrival and its
   release. Scenario 2: Z's creation, then X's group placed. */
proctype bound()
{
    byte k, v = NONE, owed = NONE, pass;
    bit any, took, last;

    if
    :: scen == 1 ->
        arrived;        /* then the CAS that moves the episode on */
#ifdef NOFIX_ALWAYS_CLOSE
        atomic { if :: list == GROUP -> took = 1; list = CLOSED :: else -> skip fi }
#else
        /* the close: a CAS, whatever the list holds */
        atomic { took = (list == GROUP); list = CLOSED }
#endif
    :: else ->
        place(ULT_Z, owed, any);
        posts(owed, any);
        took = 1
    fi;
    if
    :: took -> place(ULT_X, owed, any); posts(owed, any)
    :: else -> skip
    fi;
    done++
}

/* the counts never negative */
active proctype counts()
{
end:
    do
    :: spinning < 0 || parked < 0 || asleep < 0 -> assert(0)
    od
}

/* at rest (nothing can move): asleep agrees with the PARKED queues; if
   every process ended, X and Z ran and the counts are back to 0 */
active proctype rest()
{
end:
    timeout ->
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED) + (idle[2] == PARKED));
    assert(done < nproc || (x_wrote && ended == nults && spinning == 0 && parked == 0 &&
                           !qx && !qz && list != GROUP))
}

init {
    if
    :: scen = 1; lo = 0; nvp = 2; nults = 1; nproc = 3
    :: scen = 2; lo = 1; nvp = 3; nults = 2; nproc = 3
    fi;
    atomic {
        idle[0] = BUSY; idle[1] = BUSY; idle[2] = BUSY;
        if :: scen == 1 -> run vp(0) :: else -> skip fi;
        run vp(1);
        if :: scen == 2 -> run vp(2) :: else -> skip fi;
        run bound()
    }
}
