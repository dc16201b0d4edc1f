/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/deadlock.pml - Spin model of the end of a start in a deadlock
 * (rule 5 of sched/park.c) and of the start after one on fewer VPs
 * (rule 6; ARCHITECTURE.md, "Park"). Code: sched/park.c (park, work_seen_else_park,
 * sleep_on_semaphore, unpark_self, rule 5 in park and in
 * sched_bound_ended, sched_wake_claim, post_any, sched_post,
 * sched_found_work_slow, spin_then_park), vp/bound.c (bound_main:
 * bound_running--, then vpg.bound_ended), sched/start.c
 * (sched_start_prepare, reset_vps and its ABSENT records),
 * sched/place.c (sched_place_group, sched_place_here_locked),
 * sched/loop.c (loop, busy_after_steal, sched_finish_all), vp/reaper.c
 * (vp_run: vpg.nvp, then vpg.running); ARCHITECTURE.md, "Park",
 * "Finish", "Models". tests/spin.sh runs it. Init picks one of two
 * scenarios; Spin searches both (-DONLY_A, -DONLY_B: one).
 *
 * Scenario A, a start after a deadlock, on fewer VPs. The first start ran
 * on 2 VPs and ended in a deadlock: a group of 2 ULTs that waited on VP 1
 * is on a barrier's episode list, and the VP records are as that start left
 * them (each SPINNING or PARKED). A bound thread B, alive from before the
 * second start, releases the barrier and places the group
 * (sched_place_group): on the queue of the group's VP, under its lock,
 * unless that queue is ABSENT, then on its own (queue 0: a kernel-level
 * thread), with rule 1's posts; then it ends (rule 5's look). The main
 * thread runs the second start on 1 VP: the semaphores cleared,
 * reset_vps (record 0 BUSY, record 1 ABSENT, each under its lock; then
 * queue 1's ULTs moved to queue 0 under both locks), finish GO and the
 * counts 0, vpg.nvp = 1, vpg.running = 1, then VP 0 runs; the start is
 * over once both ULTs ended (sched_live: the VP that ends the last sees
 * 0; its litmus is ARCHITECTURE.md's) and VP 0 left. B acts at any point
 * of this: its push on queue 1 either precedes the ABSENT mark (and is
 * moved with the queue) or sees it.
 *
 * Scenario B, a bound thread that ends while every VP may be parked with
 * ULTs blocked (2 VPs). ULT X waits for good; ULT R waits for B. B either
 * makes R ready (a release: on queue 0 or on VP 1's queue, under its lock
 * with rule 1's posts) and then ends, or ends at once. VPs 0 and 1 start
 * idle: each steals, spins, parks (rule 3); R, once run, ends. X never
 * ends: the start must end in exactly one deadlock report, by the last
 * VP to park (rule 5: its asleep++ made nvp, then bound_running 0, then
 * asleep read again, still nvp) or by B's end (bound_running--, then its
 * look), and every VP must leave its loop.
 *
 * The rules as the code has them: rule 1 (a PARKED
 * queue's VP posted, else a BUSY queue's claim), rule 2 (the last
 * spinner to find work claims and posts, whatever is left), rule 3 (a
 * parking VP that sees work counts itself spinning again), rule 4 (a
 * post counts the VP spinning; unpark_self), rule 5 (the parker re-reads
 * asleep after bound_running), sched_post's claim_again (a claim whose
 * post_any finds no PARKED VP gives its count back and, if that made
 * spinning 0 with a VP parked, looks at every queue of the start under
 * its lock and claims again if it sees work), rule 6 (ABSENT).
 * One timed wake per start (sleep_on_semaphore's timekeeper, when the
 * stacks' next pass is due): a VP wakes without a post and takes itself
 * out of asleep.
 *
 * Abstractions. A run queue is its count of ULTs; a critical section
 * under a run-queue lock is one atomic step (nothing in one waits), the
 * atomic counts are single steps, and Spin interleaves with sequential
 * consistency: the store-buffering pairs (rule 5's asleep++ and
 * bound_running--, each followed by a read of the other; "Finish") are
 * fenced on both sides in the code. parked++ with spinning-- (park), and
 * spinning++ with parked-- (work seen), are one step each: between the
 * two this VP is still counted spinning, so no claim can come in. A
 * spin's looks are left out (a spinner that sees work returns to its
 * loop still counted, as park does when its look sees work). post_any's
 * unlocked first pass is left out (its locked pass finds whatever the
 * first would). sg.idle.claims is, per VP, whether a claim began since
 * the VP read it: the same test, in a bounded state. The loop's wake for
 * a queue given more than one ULT while idle (sched_wake_to_steal) is
 * left out: with 1 VP nobody is there to wake, and in scenario B no
 * queue holds two. A ULT that runs ends at once.
 *
 * Checked: no invalid end state (a hang: a VP asleep on its semaphore
 * for good, or the group stranded while the start waits); at every
 * deadlock report, no ULT queued (on any record's queue, of the start or
 * not) or running, no bound thread alive, no count below 0; at the end,
 * scenario A over (DONE) with both ULTs run and none queued and no
 * report, scenario B in exactly one deadlock report; parked 0 and asleep
 * the number of PARKED queues.
 *
 * NOFIX_START_RESET (scenario A): no ABSENT state, as before it: reset_vps
 * makes record 1 BUSY as the others (or leaves it as the deadlock left
 * it), and the placer picks the group's VP's queue from its unlocked read
 * of the membership (vpg.running && 1 < vpg.nvp: two plain loads, in
 * either order), else its own. B reads vpg.nvp = 2 before vp_run stores
 * 1 and vpg.running = 1 after; the queues were moved; B pushes the group
 * on queue 1, which no VP of this start looks at (BUSY: its claim posts
 * VP 0, which looks at its own queue only and parks again); B ends, and
 * its look (asleep 1 = nvp) reports a deadlock with the 2 ULTs queued:
 * the report's assertion fails (were B not to end, VP 0 would sleep for
 * good). Record 1 left PARKED: B's push posts it, and asleep goes below
 * 0.
 *
 * NOFIX_BOUND_END (scenario B): the bound thread's end does not look.
 * Both VPs park while B lives (the last parker reads bound_running 1: no
 * report); B ends: every VP asleep for good and no report, an invalid
 * end state.
 *
 * NOFIX_REREAD (no second read of asleep: the parker reports once its asleep++
 * made nvp and it read bound_running == 0). Scenario B: VP 0 PARKED; VP
 * 1 PARKED, its asleep++ makes 2; B queues R on queue 0 and posts VP 0
 * (asleep 1), ends (bound_running 0; its look sees asleep 1: no report);
 * VP 1 reads bound_running 0 and reports with R queued: the report's
 * assertion fails. Scenario A fails the same way on 1 VP (VP 0 PARKED,
 * B posts it for the group and ends, VP 0 reads bound_running 0).
 *
 * NOFIX_ASLEEP_GEN: rule 5 re-reads asleep's count, not its generation
 * (the amended rule before the generation), in scenario B with
 * ABA_ULT_BOUND, which it turns on: a false report (about 10 million
 * states, 10 s). Two interleavings the generation closes, each a scenario
 * by macro (the code has the generation; with it, ABA_ULT_BOUND verifies
 * in 20 million states, 21 s, and ABA_TWO_BOUND in 42 million, 66 s: too
 * long for every make check, so the default run leaves them out):
 *
 * ABA_ULT_BOUND (scenario B): R, when it runs, makes a bound thread B2,
 * which later ends. Rule 5's re-read compares only asleep's value.
 * VP 0 PARKED; VP 1 PARKED, its asleep++ makes 2; VP 0's timed wake
 * (asleep 1, SPINNING, not counted spinning); B queues R on queue 0 (VP
 * 0 SPINNING: no post, no claim) and ends (its look sees asleep 1); VP 1
 * reads bound_running 0; VP 0 runs R (B2 made: bound_running 1; VP 0 was
 * not counted spinning, so rule 2 wakes nobody), parks: asleep 2 (B2
 * alive: no report of its own); VP 1 re-reads asleep 2 and reports while
 * B2 lives: a false deadlock report.
 *
 * ABA_TWO_BOUND (scenario B): two bound threads, either of which may make
 * R ready. sched_bound_ended reads asleep, then bound_running. B1 ends
 * (bound_running 1) and reads asleep 2 (both VPs PARKED); B2 queues R on
 * queue 0, posts VP 0 (asleep 1) and ends (bound_running 0; its look sees
 * asleep 1); VP 0 takes R, and as the last spinner (rule 2) posts VP 1,
 * which finds nothing and parks again; B1 reads bound_running 0 and
 * reports while R runs.
 *
 * The generation (the code's, and this model's unless NOFIX_ASLEEP_GEN):
 * asleep carries a generation that every asleep-- bumps
 * (in the code one word: the count in its low half, asleep-- an add of
 * 2^32 - 1). The parker keeps the word its asleep++ returned, the ending
 * bound thread the word it read; each reports only if the word is
 * unchanged after its read of bound_running == 0. Every VP was then
 * PARKED throughout, so no ULT ran and no bound thread was made between.
 * Here moved[rd] says whether asleep went down since reader rd read it.
 */

#ifdef NOFIX_ASLEEP_GEN
#define ABA_ULT_BOUND   /* the interleaving the generation closes */
#endif
#define NSLOT 2         /* VP records */
#define BUSY 0
#define SPINNING 1
#define PARKED 2
#define ABSENT 3
#define GO 0
#define DONE 1
#define DEADLOCK 2
#define NONE 255

byte nready[NSLOT];     /* ULTs queued */
byte idle[NSLOT];       /* sched_runq.idle */
byte sem[NSLOT];        /* park semaphores */
short spinning, parked, asleep;
bit fresh[NSLOT];       /* a claim began since VP i read sg.idle.claims */
bit moved[5];           /* the generation: asleep went down since reader
                           rd read it (VPs 0, 1; bound threads 2, 3, 4) */
byte finish = GO;
byte nvp = 2;           /* vpg.nvp */
bit running = 1;        /* vpg.running */
byte bound_running;
byte live;              /* ULTs not ended */
byte inrun;             /* ULTs running */
byte barrier;           /* ULTs of the group still on the barrier */
bit rdone;              /* R was made ready (by one bound thread) */
byte reports;           /* deadlock reports that ended a start */
byte ranult;            /* ULTs run */
byte left;              /* VPs that left their loop */
bit scenario_a;
bit timed;              /* the one timed wake of a start was used */

#ifndef NOFIX_ASLEEP_GEN
inline asleep_dec() {
    asleep--; moved[0] = 1; moved[1] = 1; moved[2] = 1; moved[3] = 1; moved[4] = 1
}
#else
inline asleep_dec() { asleep-- }
#endif

/* sched_finish_all: finish's CAS, then (a full fence) every VP posted
   if one is parked. A deadlock report: no ULT can run, none is ready. */
inline finish_all(why, k, won) {
    atomic {
        if
        :: finish == GO ->
            finish = why; won = 1;
            if
            :: why == DEADLOCK ->
                reports++;
                assert(nready[0] + nready[1] == 0 && inrun == 0 && bound_running == 0);
                assert(asleep >= 0 && spinning >= 0 && parked >= 0)
            :: else -> skip
            fi
        :: else -> skip
        fi
    };
    if
    :: won && parked > 0 ->
        k = 0;
        do
        :: k < nvp -> sem[k]++; k++
        :: else -> k = 0; break
        od
    :: else -> skip
    fi;
    won = 0
}

/* sched_wake_claim (under the pushed queue's lock): no VP spins, one is
   parked: count one spinning, bump claims */
inline claim(any) {
    if
    :: spinning == 0 && parked > 0 -> spinning = 1; fresh[0] = 1; fresh[1] = 1; any = 1
    :: else -> skip
    fi
}

/* q's lock held: the push, rule 1 (sched_place_here_locked,
   sched_post_parked_locked) */
inline place_here_locked(q, owed, any) {
    nready[q]++;
    if
    :: idle[q] == PARKED -> idle[q] = SPINNING; asleep_dec(); spinning++; owed = q
    :: idle[q] == BUSY && !any -> claim(any)
    :: else -> skip
    fi
}

/* sched_post's p->any: a PARKED VP other than me, taken under its lock,
   then posted; none: the claim's count back, and (claim_again) if that
   made spinning 0 with a VP parked, every queue of the start looked at
   under its lock: work -> claim again, and look again */
inline post_any(me, k, v, r, any) {
    do
    :: true ->
        v = NONE;
        k = 0;
        do
        :: k < nvp && v == NONE ->
            atomic {
                if
                :: k != me && idle[k] == PARKED -> idle[k] = SPINNING; asleep_dec(); v = k
                :: else -> skip
                fi;
                k++
            }
        :: else -> k = 0; break
        od;
        if
        :: v != NONE -> sem[v]++; v = 0; any = 0; break
        :: else ->
            atomic { spinning--; any = (spinning == 0) };
            if
            :: any && parked > 0 ->
                /* claim_again: work_queued, then sched_wake_claim */
                r = 0;
                k = 0;
                do
                :: k < nvp -> atomic { r = r || nready[k] > 0; k++ }
                :: else -> k = 0; break
                od;
                any = 0;
                if
                :: r -> r = 0; atomic { claim(any) }
                :: else -> skip
                fi;
                if
                :: any -> skip      /* a PARKED VP again */
                :: else -> v = 0; break
                fi
            :: else -> v = 0; break
            fi
        fi
    od
}

/* rule 2 (sched_found_work_slow): the last spinner to find work claims,
   whatever is left */
inline found_work(me, svs, k, v, r, any) {
    if
    :: svs ->
        svs = 0;
        atomic { spinning--; any = (spinning == 0) };
        if
        :: any && parked > 0 ->
            atomic { any = 0; claim(any) };
            if
            :: any -> post_any(me, k, v, r, any)
            :: else -> skip
            fi
        :: else -> any = 0
        fi
    :: else -> skip
    fi
}

/* rule 5 after the parker's asleep++ returned mine: bound_running, then
   asleep again; rd: its index in moved[] */
inline rule5(mine, rd, k, won) {
    if
    :: mine == nvp ->
        mine = 0;
        if
        :: bound_running == 0 ->
#ifdef NOFIX_REREAD
            finish_all(DEADLOCK, k, won)
#else
            if
#ifndef NOFIX_ASLEEP_GEN
            :: atomic { asleep == nvp && !moved[rd] } -> finish_all(DEADLOCK, k, won)
#else
            :: asleep == nvp -> finish_all(DEADLOCK, k, won)
#endif
            :: else -> skip
            fi
#endif
        :: else -> skip
        fi
    :: else -> mine = 0
    fi
}

/* bound_main's end: bound_running-- (a full fence), then
   sched_bound_ended's look: vpg.running and finish GO, asleep == nvp, no
   bound thread alive (and asleep's word, its generation, unchanged since
   its read); rd: its index in moved[] */
inline bound_end(k, won, rd) {
    bound_running--;
#ifndef NOFIX_BOUND_END
    if
    :: running && finish == GO ->
        if
        :: atomic { asleep == nvp -> moved[rd] = 0 } ->
            if
            :: bound_running == 0 ->
#ifndef NOFIX_ASLEEP_GEN
                if
                :: atomic { asleep == nvp && !moved[rd] } -> finish_all(DEADLOCK, k, won)
                :: else -> skip
                fi
#else
                finish_all(DEADLOCK, k, won)
#endif
            :: else -> skip
            fi
        :: else -> skip
        fi
    :: else -> skip
    fi
#endif
}

#ifdef ABA_ULT_BOUND
/* the bound thread R makes: it lives a while (releasing nothing), ends */
proctype bound2()
{
    byte k;
    bit won;
    bound_end(k, won, 4)
}
#endif

/* a ULT taken by this VP runs, and ends */
inline run_ult(ended) {
#ifdef ABA_ULT_BOUND
    /* R makes a bound thread */
    if
    :: !scenario_a -> bound_running++; run bound2()
    :: else -> skip
    fi;
#endif
    atomic { inrun--; live--; ranult++ };
    ended = 1
}

/* VP i: sched/loop.c's loop, sched_idle, spin_then_park, park */
proctype vp(byte i)
{
    bit svs, got, ended, r, any, won;
    byte k, v, mine;
loop:
    if
    :: finish != GO -> goto out
    :: else -> skip
    fi;
    /* our queue, under its lock (pop: BUSY) */
    atomic {
        if
        :: nready[i] > 0 -> nready[i]--; inrun++; got = 1; idle[i] = BUSY
        :: else -> skip
        fi
    };
    if
    :: got ->
        got = 0;
        found_work(i, svs, k, v, r, any);
        run_ult(ended);
        goto loop
    :: else -> skip
    fi;
    /* steal from the other queue of the start, under its lock */
    atomic {
        if
        :: nvp > 1 && nready[1 - i] > 0 -> nready[1 - i]--; inrun++; got = 1
        :: else -> skip
        fi
    };
    if
    :: got ->
        got = 0;
        if
        :: idle[i] != BUSY ->
            /* busy_after_steal: BUSY under our lock, a claim if our
               queue holds ULTs */
            atomic {
                idle[i] = BUSY;
                if
                :: nready[i] > 0 -> claim(any)
                :: else -> skip
                fi
            };
            if
            :: any -> post_any(i, k, v, r, any)
            :: else -> skip
            fi
        :: else -> skip
        fi;
        found_work(i, svs, k, v, r, any);
        run_ult(ended);
        goto loop
    :: else -> skip
    fi;
    /* sched_idle: the start's end, seen by a VP that ended ULTs */
    if
    :: ended ->
        ended = 0;
        if
        :: live == 0 -> finish_all(DONE, k, won); goto loop
        :: else -> skip
        fi
    :: else -> skip
    fi;
    /* spin_then_park: counted spinning (unless a post counted us), then
       SPINNING under our lock; the spin's looks are park's (below) */
    if
    :: !svs -> svs = 1; spinning++
    :: else -> skip
    fi;
    idle[i] = SPINNING;
    /* park: rule 3 (parked++, spinning--: one step, no claim can come
       between the two), then claims read, the looks under each lock */
    atomic { parked++; spinning--; svs = 0 };
    fresh[i] = 0;
    atomic { r = nvp > 1 && nready[1 - i] > 0 };
    if
    :: !r ->
        atomic {
            r = nready[i] > 0 || fresh[i];
            if
            :: !r -> idle[i] = PARKED; asleep++; mine = asleep; moved[i] = 0
            :: else -> skip
            fi
        }
    :: else -> skip
    fi;
    if
    :: r ->                 /* work seen: counted spinning again */
        r = 0;
        atomic { svs = 1; spinning++; parked-- };
        goto loop
    :: else -> skip
    fi;
    rule5(mine, i, k, won);
    /* asleep on our semaphore; or, once in the start, a timed wake
       (sleep_on_semaphore's timekeeper: the stacks' next pass due) */
    if
    :: finish == GO ->
        if
        :: atomic { sem[i] > 0 -> sem[i]-- }
        :: atomic { !timed -> timed = 1 }
        fi
    :: else -> skip
    fi;
    /* unpark_self: a poster took us out of PARKED and counted us */
    atomic {
        if
        :: idle[i] != PARKED -> svs = 1
        :: else -> asleep_dec()
        fi;
        idle[i] = SPINNING
    };
    parked--;
    goto loop;
out:
    left++
}

/* scenario B: B makes R ready (or not), then ends */
proctype bound(byte rd)
{
    byte q, k, v, owed = NONE;
    bit r, any, won;
    if
    :: atomic { rdone == 0 -> rdone = 1; q = 0 }
    :: atomic { rdone == 0 -> rdone = 1; q = 1 }
    :: true -> goto end
    fi;
    atomic { place_here_locked(q, owed, any) };
    if
    :: owed != NONE -> sem[owed]++
    :: else -> skip
    fi;
    if
    :: any -> post_any(NONE, k, v, r, any)
    :: else -> skip
    fi;
end:
    bound_end(k, won, rd)
}

/* scenario A: B releases the barrier and places the group
   (sched_place_group), then ends */
proctype bound_a()
{
    byte q, k, v, owed = NONE, sn, sr;
    bit r, any, won;
#ifdef NOFIX_START_RESET
    /* the group's VP if it is in the start (vpg.running && 1 <
       vpg.nvp: two plain loads, in either order), else ours */
    if
    :: sr = running; sn = nvp
    :: sn = nvp; sr = running
    fi;
    if
    :: sr && 1 < sn -> q = 1
    :: else -> q = 0
    fi;
    sr = 0; sn = 0;
#else
    q = 1;                  /* the group's VP */
#endif
    /* the group taken with the barrier's list (its close, a CAS) */
    barrier = 0;
    /* under q's lock: ABSENT -> unlocked, queue 0 (ours) instead */
    atomic {
        if
#ifndef NOFIX_START_RESET
        :: idle[q] == ABSENT -> q = 0; r = 1
#endif
        :: else -> place_here_locked(q, owed, any); place_here_locked(q, owed, any)
        fi
    };
    if
    :: r -> atomic { r = 0; place_here_locked(q, owed, any); place_here_locked(q, owed, any) }
    :: else -> skip
    fi;
    if
    :: owed != NONE -> sem[owed]++
    :: else -> skip
    fi;
    if
    :: any -> post_any(NONE, k, v, r, any)
    :: else -> skip
    fi;
    bound_end(k, won, 2)
}

/* scenario A: the main thread's second start, on 1 VP */
proctype start2()
{
    /* sched_park_prepare: every semaphore 0 */
    atomic { sem[0] = 0; sem[1] = 0 };
    /* reset_vps: each record under its lock, then queue 1's ULTs moved
       to queue 0 under both locks */
    idle[0] = BUSY;
#ifdef NOFIX_START_RESET
    if
    :: idle[1] = BUSY
    :: skip
    fi;
#else
    idle[1] = ABSENT;
#endif
    atomic { nready[0] = nready[0] + nready[1]; nready[1] = 0 };
    finish = GO;
    atomic { spinning = 0; parked = 0; asleep = 0 };
    /* vp_run */
    nvp = 1;
    running = 1;
    run vp(0);
    left == 1;              /* VP 0 left: the reaper returns */
    running = 0
}

init {
    if
#ifndef ONLY_B
    :: /* A: after a deadlock of a start on 2 VPs */
        atomic {
            scenario_a = 1;
            finish = DEADLOCK;
            running = 0;
            nvp = 2;
            if
            :: idle[0] = SPINNING
            :: idle[0] = PARKED
            fi;
            if
            :: idle[1] = SPINNING
            :: idle[1] = PARKED
            fi;
            barrier = 2;
            live = 2;
            bound_running = 1;
            run start2();
            run bound_a()
        }
#endif
#ifndef ONLY_A
    :: /* B: X blocked for good, R waits for B */
        atomic {
            live = 2;
#ifdef ABA_TWO_BOUND
            bound_running = 2;
            run bound(3);
#else
            bound_running = 1;
#endif
            run vp(0);
            run vp(1);
            run bound(2)
        }
#endif
    fi;
    _nr_pr == 1;
    assert(parked == 0);
    assert(asleep == (idle[0] == PARKED) + (idle[1] == PARKED));
    if
    :: scenario_a ->
        assert(finish == DONE && live == 0 && ranult == 2 && barrier == 0);
        assert(nready[0] + nready[1] == 0 && reports == 0)
    :: else ->
        assert(finish == DEADLOCK && reports == 1 && live >= 1)
    fi
}
