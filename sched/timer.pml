/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/timer.pml - Spin model of sleeping ULTs' timers against parking
 * (sched/timer.c: sched_sleep_until, sched_timers_fire, _hold, _unhold,
 * _interrupt; sched/park.c: park, work_seen_else_park, deadlock_if_still,
 * sleep_on_semaphore, unpark_self, fire_as_holder, the claims, rule 2;
 * sched/place.c sched_place_here_locked; sched/loop.c; ARCHITECTURE.md,
 * "Timers", "Park", "Models"). tests/spin.sh runs it.
 *
 * Two VPs; only VPs fire timers (in their loop, or the role's holder
 * once awake). VP 0 (A) starts idle; VP 1 (B) runs the ULTs that sleep
 * (timers W, then X: both begun on B), each switching straight to the
 * next. Init picks a scenario; Spin searches all three. 1: W sleeps,
 * then B computes for good or goes idle. 2: W, then X (due before or
 * after W), then B computes; time may stop (the run ends) before a timer
 * is due. 3: W, then X (either order), then B goes idle. A ULT, once
 * run, blocks for good (its VP runs the next of its queue, else goes
 * SPINNING to its loop), or in 3 computes for good (its VP stays BUSY).
 * In 1 and 3 init also picks whether a signal reaches B, once: while B
 * sleeps PARKED with a sleeper begun on it, its wait returns EINTR at
 * any moment, and B takes the latest such sleeper out itself
 * (sched_timers_interrupt), still PARKED; in init's other pick none
 * comes (one that always could would hide a hang).
 * The clock makes an inserted timer due at any moment, in due order; a
 * timed sleep on a semaphore returns on a post (or a poke) or once its
 * deadline is due, an untimed one on a post only.
 *
 * Abstractions: a critical section is one step, as is a claim's loads,
 * CAS and claims++ (but the sleeper's, whose fence is between its store
 * and its loads); post_any's unlocked pass is left out; a run queue is
 * its count; sg.idle.claims is fresh[i] (a claim began since VP i read
 * it), asleep's generation moved[i]. A VP's loop, or a spin, sees a
 * due timer exactly (sched_timers_next, a hint, is not modelled). Not
 * modelled: the timekeeper (ult_stack_next_pass_ns), fires at a yield
 * (yield_alone: a release), ENOMEM, batches over 32, finish, waits in
 * the kernel (sched_kernel_wait_stuck), more than two VPs. Sequential
 * consistency but for one store: the sleeper's publish of
 * sched_timers_n may wait in its store buffer (x86-TSO, aarch64: the
 * unlock is a release) until a fence, a semop, an atomic or its block;
 * tm.lock is not free until then (pend).
 *
 * Checked: no invalid end state; at rest, unless both VPs compute for
 * good, every due timer fired and its ULT ran, the counts agree with the
 * PARKED queues, and with no VP computing and no timer left a deadlock
 * was reported; a report only while no ULT sleeps, is being fired, or is
 * queued. Each macro removes a fix:
 *
 * NOFIX_CLAIM_ON_SLEEP (1): no claim by a sleeper that finds no holder.
 * A parks untimed before W sleeps, B computes: W due, never fired.
 * NOFIX_SLEEP_FENCE (1): no full fence between tm.lock's unlock and the
 * claim's loads. W's store waits in B's store buffer; the loads see no
 * VP parked (A still in its loop); A parks, its hold's unlocked load of
 * sched_timers_n reads 0 (no role, an untimed sleep); B computes: W due,
 * never fired. With the fence the store is visible before the loads
 * (store buffering against A's parked++ and fence): the claim sees A
 * counted parked, or A sees the timer.
 * NOFIX_POKE (2): A holds the role until W; X, due first, pokes nobody;
 * time stops before W is due: X due, never fired.
 * NOFIX_FIRING_COUNT (1): timers taken out not counted. B, idle, holds
 * the role until W; the signal: B takes W out, and before W's ULT is
 * queued (which takes B out of PARKED) A parks last, sees every VP
 * PARKED and sched_timers_n 0: a false report.
 * NOFIX_ROLE_HANDON (3): fire_as_holder does not count the holder
 * spinning. A holds the role until W, due first; X sleeps later (no
 * poke, no claim); B parks untimed; A times out, fires W and runs it,
 * not counted spinning (no rule 2), and W computes for good: X due,
 * never fired. (Spin may find it with B holding the role until X, due
 * first, and A parked untimed.)
 */
#define NVP 2
#define BUSY 0
#define SPINNING 1
#define PARKED 2
#define NONE 255
#define W 0
#define X 1

byte idle[NVP], sem[NVP], nready[NVP];
bit fresh[NVP];                 /* a claim began since VP i read claims */
bit moved[NVP];                 /* asleep's generation moved since VP i read it */
short spinning, parked, asleep;
/* sched/timer.c's tm (under tm.lock); timer W, X: its ULT's */
bit inheap[2], ins[2], due[2], saved[2];
byte tm_n, firing, holder = NONE, hold_until;
bit xfirst;                     /* X due before W */
bit pend;                       /* the sleeper's store of sched_timers_n buffered */
byte tn_vis;                    /* sched_timers_n, as a plain load sees it */
byte scen, comp;                /* the scenario; VPs whose ULT computes for good */
byte sig;                       /* 1: a signal will reach B (once); 2: it did */
bit reported;

#ifdef NOFIX_FIRING_COUNT
#define PUBLISHED (tm_n)
#else
#define PUBLISHED (tm_n + firing)
#endif
#define EARLIEST (inheap[X] && (xfirst || !inheap[W]) -> X : W)
#define DUE_IN_HEAP ((inheap[W] && due[W]) || (inheap[X] && due[X]))
#define DRAIN atomic { pend = 0; tn_vis = PUBLISHED }

inline asleep_dec() { asleep--; moved[0] = 1; moved[1] = 1 }

/* rule 5's last test (deadlock_if_still) by VP rd: asleep unmoved */
inline report(rd) {
    atomic { if :: asleep == NVP && !moved[rd] ->
                    assert(tm_n == 0 && firing == 0 && nready[0] + nready[1] == 0); reported = 1
             :: else -> skip fi }
}

/* sched_wake_claim: no VP spinning and one parked, then its CAS */
inline claim(any) {
    atomic { if :: spinning == 0 && parked > 0 -> spinning = 1; fresh[0] = 1; fresh[1] = 1; any = 1
             :: else -> skip fi }
}

/* post_any (its locked pass), then claim_again: none PARKED, the count
   back; if none spins then, every queue looked at, and a claim again */
inline post_any(me) {
    do
    :: atomic {
            any = 0;
            if
            :: me != 0 && idle[0] == PARKED -> v = 0
            :: me != 1 && idle[1] == PARKED -> v = 1
            :: else -> skip
            fi;
            if :: v != NONE -> idle[v] = SPINNING; asleep_dec() :: else -> skip fi
        };
        if
        :: v != NONE -> atomic { sem[v]++; v = NONE }; break
        :: else ->
            atomic { spinning--; c = (spinning == 0 && parked > 0) };
            atomic { if :: c -> c = nready[0] + nready[1] > 0 :: else -> skip fi };
            atomic { if :: c -> claim(any) :: else -> skip fi; c = 0 };
            if :: !any -> break :: else -> skip fi
        fi
    od
}

/* q's lock held: a ULT pushed; rule 1: a PARKED owner posted (rule 4:
   counted spinning), a BUSY one a claim */
inline place_here_locked(q) {
    nready[q]++;
    if
    :: idle[q] == PARKED -> idle[q] = SPINNING; asleep_dec(); spinning++; owed = owed | (1 << q)
    :: idle[q] == BUSY && !any -> claim(any)
    :: else -> skip
    fi
}

/* sched_post_owed: the posts, one semop, then post_any for a claim */
inline post_owed(me) {
    atomic { sem[0] = sem[0] + (owed & 1); sem[1] = sem[1] + (owed >> 1); owed = 0 };
    if :: any -> post_any(me) :: else -> skip fi
}

/* sched_timers_fire by a VP outside any ULT (its loop, or the holder
   awake): the due ones taken out under tm.lock (counted firing); each
   placed on our own queue (wake: a hand-off) once its sleeper's context
   is saved; then placed(k), then the posts */
inline fire(me) {
    atomic {
        !pend;
        if :: inheap[W] && due[W] -> inheap[W] = 0; tm_n--; firing++; pw = 1 :: else -> skip fi;
        if :: inheap[X] && due[X] -> inheap[X] = 0; tm_n--; firing++; px = 1 :: else -> skip fi;
        tn_vis = PUBLISHED
    };
    if :: pw -> atomic { saved[W] -> place_here_locked(me); pw = 0; k++ } :: else -> skip fi;
    if :: px -> atomic { saved[X] -> place_here_locked(me); px = 0; k++ } :: else -> skip fi;
    if :: k > 0 -> atomic { !pend -> firing = firing - k; tn_vis = PUBLISHED; k = 0 } :: else -> skip fi;
    post_owed(me)
}

/* rule 2 (sched_found_work_slow): the last spinner to find work claims */
inline found_work(me) {
    atomic { spinning--; c = (spinning == 0 && parked > 0); counted = 0 };
    atomic { if :: c -> claim(any) :: else -> skip fi; c = 0 };
    if :: any -> post_any(me) :: else -> skip fi
}

/* sched_sleep_until, by a ULT on B: inserted under tm.lock, a poke or a
   claim decided there, made after; then sched_block */
inline sleep_until(u) {
    atomic {
        !pend;
        if :: u == X && !due[W] -> xfirst = 1 :: true -> skip fi;
        inheap[u] = 1; ins[u] = 1; tm_n++; pend = 1;
        if
#ifndef NOFIX_POKE
        :: holder != NONE && u == X && hold_until == W && xfirst -> pk = holder; hold_until = X
#endif
        :: else -> c = (holder == NONE && EARLIEST == u)
        fi
    };
    if :: DRAIN :: skip fi;                     /* now, or later */
    if
    :: pk != NONE -> atomic { pend = 0; tn_vis = PUBLISHED; sem[pk]++; pk = NONE }  /* poke: a semop */
#ifndef NOFIX_CLAIM_ON_SLEEP
    :: c ->
#ifndef NOFIX_SLEEP_FENCE
        DRAIN;                                  /* base_full_fence */
        atomic { c = (spinning == 0 && parked > 0) };  /* the claim's plain loads */
#else
        atomic { c = (spinning == 0 && parked > 0) };
        DRAIN;                                  /* at its CAS, or the block */
#endif
        atomic { if :: c && spinning == 0 -> spinning = 1; fresh[0] = 1; fresh[1] = 1; any = 1
                 :: else -> skip fi; c = 0 };   /* the CAS, claims++ */
        if :: any -> post_any(1) :: else -> skip fi
#endif
    :: else -> skip
    fi;
    /* sched_block: B's queue lock, then the context saved (t.wait free) */
    atomic { pend = 0; tn_vis = PUBLISHED; c = 0; saved[u] = 1 }
}

/* the signal's EINTR (sched_timers_interrupt), B PARKED: the latest
   sleeper begun on B taken out (counted firing), its ULT queued here,
   which posts B (rule 4), then placed(1): B wakes; none left (fired
   meanwhile), B sleeps on */
inline interrupt(me) {
    atomic {
        !pend;
        u = (inheap[X] -> X : (inheap[W] -> W : NONE));
        if :: u != NONE -> inheap[u] = 0; tm_n--; firing++; tn_vis = PUBLISHED :: else -> skip fi
    };
    if
    :: u != NONE ->
        atomic { saved[u] -> place_here_locked(me); u = NONE };
        atomic { !pend -> firing--; tn_vis = PUBLISHED };
        post_owed(me);
        break
    :: else -> skip
    fi
}

proctype vp(byte me)
{
    byte k, v = NONE, pk = NONE, owed, mine, until = NONE, u = NONE;
    bit counted, any, c, got, pw, px, held;

    if :: me == 1 -> goto ults :: else -> skip fi;
loop:
    /* sched_timer_due_now (plain loads), the fire */
    if :: tn_vis > 0 && DUE_IN_HEAP -> fire(me) :: else -> skip fi;
    /* given more than one ULT while idle (no claim made): wake a VP to
       steal (sched_wake_to_steal) */
    atomic { if :: idle[me] != BUSY && nready[me] > 1 -> claim(any) :: else -> skip fi };
    if :: any -> post_any(me) :: else -> skip fi;
    /* ours, under our lock; else a steal, and busy_after_steal */
    atomic { if :: nready[me] > 0 -> nready[me]--; idle[me] = BUSY; got = 1 :: else -> skip fi };
    if
    :: !got ->
        atomic { if :: nready[1 - me] > 0 -> nready[1 - me]--; got = 1 :: else -> skip fi };
        if
        :: got && idle[me] != BUSY ->
            atomic { idle[me] = BUSY; if :: nready[me] > 0 -> claim(any) :: else -> skip fi };
            if :: any -> post_any(me) :: else -> skip fi
        :: else -> skip
        fi
    :: else -> skip
    fi;
    if
    :: got ->
        if :: counted -> found_work(me) :: else -> skip fi;
running:
        /* it runs, then blocks for good (block_now: the next of our
           queue, else SPINNING and our loop), or computes for good */
        if
        :: atomic { got = 0; if :: nready[me] > 0 -> nready[me]--; got = 1 :: else -> idle[me] = SPINNING fi };
           if :: got -> goto running :: else -> goto loop fi
        :: scen == 3 -> comp++; goto done
        fi
    :: else -> skip
    fi;
    /* spin_then_park: counted, SPINNING; a spin may see work or a due timer */
    if :: !counted -> atomic { spinning++; counted = 1 } :: else -> skip fi;
    idle[me] = SPINNING;
    if :: nready[0] + nready[1] > 0 || (tn_vis > 0 && DUE_IN_HEAP) -> goto loop :: true -> skip fi;
    /* park (rule 3) */
    atomic { parked++; spinning--; counted = 0 };
    fresh[me] = 0;
    atomic { c = nready[1 - me] > 0 };
    atomic {
        if
        :: !c -> c = nready[me] > 0 || fresh[me];
            if :: !c -> idle[me] = PARKED; asleep++; mine = asleep; moved[me] = 0 :: else -> skip fi
        :: else -> skip
        fi
    };
    if :: c -> atomic { c = 0; counted = 1; spinning++; parked-- }; goto loop :: else -> skip fi;
    /* rule 5 (deadlock_if_still): no bound thread here */
    if :: mine == NVP && tn_vis == 0 -> report(me) :: else -> skip fi;
    mine = 0;
    /* sleep_on_semaphore: sched_timers_hold (an unlocked load of
       sched_timers_n, then tm.lock decides), the sleep */
    if
    :: tn_vis > 0 ->
        atomic {
            !pend;
            if :: holder == NONE && tm_n > 0 -> holder = me; held = 1; until = EARLIEST; hold_until = until
            :: else -> skip fi
        }
    :: else -> skip
    fi;
end_sleep:
    do
    :: atomic { sem[me] > 0 -> sem[me]--; until = NONE }; break
    :: atomic { until != NONE && due[until] -> until = NONE }; break   /* timed out */
    :: atomic { me == 1 && sig == 1 && (inheap[W] || inheap[X]) -> sig = 2 };
        interrupt(me)                           /* EINTR */
    od;
    until = NONE;
    /* sched_timers_unhold, then unpark_self (a poster counted us) */
    atomic { holder != me || !pend -> if :: holder == me -> holder = NONE :: else -> skip fi };
    atomic { if :: idle[me] != PARKED -> counted = 1 :: else -> asleep_dec() fi;
             idle[me] = SPINNING };
    parked--;
    /* fire_as_holder: the due ones fired; timers left, it counts itself
       spinning unless a poster did, so that once it takes work rule 2
       wakes a parked VP, which takes the role */
    if
    :: held ->
        held = 0;
        fire(me);
#ifndef NOFIX_ROLE_HANDON
        atomic { c = tn_vis > 0 && !counted };
        if :: c -> atomic { c = 0; counted = 1; spinning++ } :: else -> skip fi
#endif
    :: else -> skip
    fi;
    goto loop;
ults:
    sleep_until(W);
    if
    :: scen == 1 -> if :: goto busy :: goto toidle fi
    :: else -> skip
    fi;
    sleep_until(X);
    if :: scen == 2 -> goto busy :: else -> goto toidle fi;
toidle:
    idle[1] = SPINNING;                         /* nothing next: B's loop */
    goto loop;
busy:
    comp++;                                     /* B's next ULT computes for good */
done:
    skip
}

/* time: an inserted timer due, in due order; or (scenario 2) the end */
active proctype clock()
{
end:
    do
    :: atomic { ins[W] && !due[W] && (!xfirst || due[X]) -> due[W] = 1 }
    :: atomic { ins[X] && !due[X] && (xfirst || due[W]) -> due[X] = 1 }
    :: scen == 2 -> break
    od
}

active proctype rest()
{
end:
    timeout ->
    assert(firing == 0 && spinning == 0 && parked == asleep);
    assert(comp == NVP || (!DUE_IN_HEAP && nready[0] + nready[1] == 0));
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED));
    assert(comp > 0 || reported || tm_n > 0)
}

init {
    atomic {
        if :: scen = 1 :: scen = 2 :: scen = 3 fi;
        if :: scen != 2 -> sig = 1 :: true -> skip fi;   /* a signal may never come */
        idle[0] = BUSY; idle[1] = BUSY; run vp(0); run vp(1)
    }
}
