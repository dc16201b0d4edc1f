/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/timer.pml - Spin model of sleeping ULTs' timers, and of ULTs
 * waiting for a descriptor in the poller, against parking (sched/timer.c:
 * sched_sleep_until, sched_timers_fire, _hold, _unhold, _interrupt,
 * _kick; sched/poll.c: sched_poll_wait, sched_poll_run, sched_poll_tick;
 * sched/park.c: park, work_seen_else_park, deadlock_if_still,
 * sleep_on_semaphore, sleep_in_poller, post_vps, unpark_self,
 * fire_as_holder, sched_idle, the claims, rule 2; sched/place.c
 * sched_place_here_locked; sched/loop.c; ARCHITECTURE.md, "Timers",
 * "Poller", "Park", "Models"). tests/spin.sh runs it.
 *
 * Two VPs; only VPs fire timers (in their loop, or the role's holder
 * once awake). VP 0 (A) starts idle; VP 1 (B) runs the ULTs that sleep
 * (timers W, then X: both begun on B), each switching straight to the
 * next. Init picks a scenario; Spin searches all five (those from SCEN_MIN). 1: W sleeps,
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
 * 4: P waits for a descriptor (begun on B), then B computes for good,
 * goes idle, or makes a ULT (queued on B, rule 1) and computes for good;
 * a signal may reach B as in 1. 5: W sleeps, P waits, then B computes
 * for good or goes idle. Init picks whether P's event ever comes; it
 * comes at any moment after P's first try. The holder of the role sleeps
 * in epoll while P waits: it returns on the eventfd, P's event or its
 * timer; a post or poke to it writes the eventfd after its V. P's event
 * is read by that holder, by an idle VP before or while it spins, or by
 * a VP in its loop (the tick; its 1 ms limit is a free choice), and P is
 * queued on the reader's queue. In 4 init may also pick another ULT that waits
 * for a descriptor for good (from the start: the set is read then).
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
 * the kernel (sched_kernel_wait_stuck), more than two VPs; P's record
 * lock is one step with its count (gen), and sched_pollers_n drops when
 * P is queued (the code's, when P runs, is later: rule 5 and the role
 * see a waiter longer); P's wait is one event (a try that finds it
 * succeeds). Sequential
 * consistency but for one store: the sleeper's publish of
 * sched_timers_n may wait in its store buffer (x86-TSO, aarch64: the
 * unlock is a release) until a fence, a semop, an atomic or its block;
 * tm.lock is not free until then (pend).
 *
 * Checked: no invalid end state; at rest, unless both VPs compute for
 * good, every due timer fired and its ULT ran, P does not wait after its
 * event came, the counts agree with the PARKED queues, and with no VP
 * computing and no timer or P left a deadlock was reported; a report
 * only while no ULT sleeps, waits for a descriptor, is being fired, or is
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
 * NOFIX_POLL_GEN (4): P links itself without looking at its record's
 * count. Another ULT waits; P's event comes after its try and before its
 * link, and A's idle look reads it with nobody linked; B computes: P
 * waits for ever.
 * NOFIX_POLL_KICK (4): P's wait neither claims nor pokes. A parks before
 * P waits, untimed; B computes: P's event comes, nobody reads it.
 * NOFIX_POLL_HOLD (4): a parking VP takes the role for timers only. P's
 * claim wakes A, which parks again untimed: P's event unread.
 * NOFIX_POLL_EVFD (4): a post to the holder in epoll writes no eventfd.
 * A holds the role for P; B makes a ULT, whose claim posts A, and
 * computes; no event comes: A sleeps on in epoll, the ULT never runs.
 * NOFIX_EVFD_DRAIN (4): a VP's idle look drains the eventfd too. The
 * post's eventfd write to A in epoll is read by B about to spin, and A
 * sleeps on: the ULT B made never runs.
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
/* P, waiting for a descriptor (sched/poll.c) */
byte pollers;                   /* sched_pollers_n */
bit evwill, evcame;             /* its event will come; came */
bit ptried, preg, plinked, psaved;
bit pready;                     /* its event in the epoll set, unread */
byte pgen;                      /* its record's count of events read */
bit hpolls;                     /* the holder sleeps in epoll (tm.holder_polls) */
bit evfd;                       /* the eventfd readable */

#ifdef NOFIX_FIRING_COUNT
#define PUBLISHED (tm_n)
#else
#define PUBLISHED (tm_n + firing)
#endif
#define EARLIEST (inheap[X] && (xfirst || !inheap[W]) -> X : W)
#define DUE_IN_HEAP ((inheap[W] && due[W]) || (inheap[X] && due[X]))
#define DRAIN atomic { pend = 0; tn_vis = PUBLISHED }

/* post_vps: after the V, the eventfd for a holder in epoll */
#ifndef NOFIX_POLL_EVFD
#define EVFD_POST(v) if :: holder == v && hpolls -> evfd = 1 :: else -> skip fi
#else
#define EVFD_POST(v) skip
#endif

inline asleep_dec() { asleep--; moved[0] = 1; moved[1] = 1 }

/* rule 5's last test (deadlock_if_still) by VP rd: asleep unmoved */
inline report(rd) {
    atomic { if :: asleep == NVP && !moved[rd] ->
                    assert(tm_n == 0 && firing == 0 && pollers == 0 && nready[0] + nready[1] == 0);
                    reported = 1
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
        :: v != NONE -> atomic { sem[v]++; EVFD_POST(v); v = NONE }; break
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
    atomic { sem[0] = sem[0] + (owed & 1); sem[1] = sem[1] + (owed >> 1);
             if :: owed & 1 -> EVFD_POST(0) :: else -> skip fi;
             if :: owed & 2 -> EVFD_POST(1) :: else -> skip fi; owed = 0 };
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
        :: holder != NONE && u == X && hold_until == W && xfirst -> pk = holder; hold_until = X;
            pp = hpolls
#endif
        :: else -> c = (holder == NONE && EARLIEST == u)
        fi
    };
    if :: DRAIN :: skip fi;                     /* now, or later */
    if
    :: pk != NONE ->                            /* poke: a semop, or the eventfd */
        atomic { pend = 0; tn_vis = PUBLISHED; if :: pp -> evfd = 1 :: else -> sem[pk]++ fi;
                 pk = NONE; pp = 0 }
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

/* sched_poll_run by VP me: P's event read (the count moved), P taken off
   its record if linked (poll_take, within the read's step), and queued
   here once its context is saved (poll_place) */
inline poll_take() {
    pready = 0; pgen++; if :: plinked -> plinked = 0; pt = 1 :: else -> skip fi
}
inline poll_place(me) {
    if :: pt -> atomic { psaved -> place_here_locked(me); pollers--; pt = 0 }; post_owed(me)
    :: else -> skip fi
}

/* sched_poll_wait by P on B, after a try that found nothing (one that
   found its event makes P go on): the count read before the try, the
   descriptor added to the set (ready already: its event queued), the
   count looked at under the record's lock, then the kick (sched_timers_
   kick: tm.lock read; no holder: rule 1's claim after a full fence; a
   holder on its semaphore: a poke), then sched_block */
inline poll_wait() {
    atomic { ptried = 1; c = evcame; g = pgen };
    if
    :: c -> c = 0                               /* ready: P goes on */
    :: else ->
        atomic { preg = 1; if :: evcame -> pready = 1 :: else -> skip fi };
        atomic {
#ifndef NOFIX_POLL_GEN
            if :: pgen != g -> c = 1 :: else -> skip fi;
#endif
            if :: !c -> plinked = 1; pollers++ :: else -> skip fi
        };
        if
        :: c -> c = 0                           /* an event since: P tries again, and goes on */
        :: else ->
#ifndef NOFIX_POLL_KICK
            atomic { pk = holder; pp = hpolls };
            if
            :: pk == NONE ->
                atomic { c = (spinning == 0 && parked > 0) };
                atomic { if :: c && spinning == 0 -> spinning = 1; fresh[0] = 1; fresh[1] = 1; any = 1
                         :: else -> skip fi; c = 0 };
                if :: any -> post_any(1) :: else -> skip fi
            :: pk != NONE && !pp -> atomic { sem[pk]++; pk = NONE }
            :: else -> pk = NONE
            fi;
#endif
            atomic { psaved = 1 }
        fi
    fi
}

/* the signal's EINTR for P (sched_poll_interrupt), B PARKED: P taken
   off its record and queued here */
inline pinterrupt(me) {
    atomic { plinked = 0 };
    atomic { psaved -> place_here_locked(me); pollers-- };
    post_owed(me)
}

#ifndef NOFIX_POLL_HOLD
#define HOLD_POLLS (pollers > 0)
#else
#define HOLD_POLLS 0
#endif

proctype vp(byte me)
{
    byte k, v = NONE, pk = NONE, owed, mine, until = NONE, u = NONE, held, g;
    bit counted, any, c, got, pw, px, pp, pt;

    if :: me == 1 -> goto ults :: else -> skip fi;
loop:
    /* sched_timer_due_now (plain loads), the fire */
    if :: tn_vis > 0 && DUE_IN_HEAP -> fire(me) :: else -> skip fi;
    /* sched_poll_due: the tick, at most every 1 ms */
    if :: atomic { pollers > 0 && pready -> poll_take() }; poll_place(me) :: true -> skip fi;
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
    /* sched_idle: ULTs wait for descriptors: a look at the set first */
    atomic { if :: pollers > 0 && pready -> poll_take(); c = 1 :: else -> skip fi };
    if :: c -> c = 0; poll_place(me); goto loop :: else -> skip fi;
#ifdef NOFIX_EVFD_DRAIN
    atomic { if :: pollers > 0 && evfd -> evfd = 0 :: else -> skip fi };
#endif
    /* spin_then_park: counted, SPINNING; a spin may see work or a due timer */
    if :: !counted -> atomic { spinning++; counted = 1 } :: else -> skip fi;
    idle[me] = SPINNING;
    if :: nready[0] + nready[1] > 0 || (tn_vis > 0 && DUE_IN_HEAP) -> goto loop :: true -> skip fi;
    /* the spin's look at the set */
    atomic { if :: pollers > 0 && pready -> poll_take(); c = 1 :: else -> skip fi };
    if :: c -> c = 0; poll_place(me); goto loop :: else -> skip fi;
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
    if :: mine == NVP && tn_vis == 0 && pollers == 0 -> report(me) :: else -> skip fi;
    mine = 0;
    /* sleep_on_semaphore: sched_timers_hold (an unlocked load of
       sched_timers_n, then tm.lock decides), the sleep */
    if
    :: tn_vis > 0 || HOLD_POLLS ->
        atomic {
            !pend;
            if :: holder == NONE && (tm_n > 0 || HOLD_POLLS) ->
                holder = me; hpolls = HOLD_POLLS; held = 1 + hpolls;
                if :: tm_n > 0 -> until = EARLIEST :: else -> skip fi; hold_until = until
            :: else -> skip fi
        }
    :: else -> skip
    fi;
    if
    :: held == 2 ->
        /* sleep_in_poller: the semaphore looked at, epoll_pwait, and the
           semaphore taken if posted meanwhile */
        atomic { if :: sem[me] > 0 -> sem[me]--; c = 1 :: else -> skip fi };
        if
        :: !c ->
end_poll:
            do
            :: atomic { evfd -> evfd = 0 }; break
            :: atomic { until != NONE && due[until] }; break
            :: atomic { pready -> poll_take() }; poll_place(me); break
            :: atomic { me == 1 && sig == 1 && plinked -> sig = 2 };
                pinterrupt(me); break
            od;
            atomic { if :: sem[me] > 0 -> sem[me]-- :: else -> skip fi }
        :: else -> c = 0
        fi
    :: else ->
end_sleep:
        do
        :: atomic { sem[me] > 0 -> sem[me]--; until = NONE }; break
        :: atomic { until != NONE && due[until] -> until = NONE }; break   /* timed out */
        :: atomic { me == 1 && sig == 1 && (inheap[W] || inheap[X]) -> sig = 2 };
            interrupt(me)                           /* EINTR */
        :: atomic { me == 1 && sig == 1 && plinked -> sig = 2 };
            pinterrupt(me); break
        od
    fi;
    until = NONE;
    /* sched_timers_unhold, then unpark_self (a poster counted us) */
    atomic { holder != me || !pend -> if :: holder == me -> holder = NONE; hpolls = 0 :: else -> skip fi };
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
        atomic { c = (tn_vis > 0 || pollers > 0) && !counted };
        if :: c -> atomic { c = 0; counted = 1; spinning++ } :: else -> skip fi
#endif
    :: else -> skip
    fi;
    goto loop;
ults:
    if
    :: scen == 4 ->
        poll_wait();
        if
        :: goto busy
        :: goto toidle
        :: atomic { place_here_locked(1) }; post_owed(1); goto busy   /* a ULT made */
        fi
    :: else -> skip
    fi;
    sleep_until(W);
    if :: scen == 5 -> poll_wait(); if :: goto busy :: goto toidle fi :: else -> skip fi;
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

/* P's event, if it comes: at any moment after P's first try */
active proctype event()
{
end:
    atomic { evwill && ptried -> evcame = 1; if :: preg -> pready = 1 :: else -> skip fi }
}

active proctype rest()
{
end:
    timeout ->
    assert(firing == 0 && spinning == 0 && parked == asleep);
    assert(comp == NVP || (!DUE_IN_HEAP && nready[0] + nready[1] == 0 && !(evcame && plinked)));
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED));
    assert(comp > 0 || reported || tm_n > 0 || pollers > 0)
}

#ifndef SCEN_MIN
#define SCEN_MIN 1
#endif
init {
    atomic {
        if                                      /* SCEN_MIN: spin.sh's checks of the */
        :: SCEN_MIN <= 1 -> scen = 1            /* poller's fixes search only 4 and 5 */
        :: SCEN_MIN <= 2 -> scen = 2
        :: SCEN_MIN <= 3 -> scen = 3
        :: scen = 4
        :: scen = 5
        fi;
        if :: scen != 2 && scen != 5 -> sig = 1 :: true -> skip fi;   /* a signal may never come */
        if :: scen >= 4 -> evwill = 1 :: true -> skip fi;    /* nor P's event */
        if :: scen == 4 -> pollers = 1 :: true -> skip fi;   /* a ULT waits for another, for good */
        idle[0] = BUSY; idle[1] = BUSY; run vp(0); run vp(1)
    }
}
