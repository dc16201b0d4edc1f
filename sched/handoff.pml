/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/handoff.pml - Spin model of a barrier group's hand-over: the
 * releaser of an episode and the last waiter of the group's VP, which
 * spins, agree on which of them queues the group, so that the releaser
 * writes nothing of that VP's but the group's node (sched/block.c
 * sched_spin_group, hand_over, wake; sched/place.c sched_place_group;
 * ARCHITECTURE.md, "Group hand-over"). tests/spin.sh runs it.
 *
 * Set-up. ULT X waits in its VP's group G for the episode: G is on the
 * episode's list and named the VP's group (`group`, under its run-queue
 * lock). S, the VP's last arrival, spins: it asks for G (NONE -> ASKED)
 * under the run-queue lock while G is named there; it then sees the
 * release, or gives up (its spin's deadline, ready work: any time). Seen,
 * it waits for the hand-over a while (or gives up). Then it takes its ask
 * back (ASKED -> NONE): done, the releaser queues G; that failing, G was
 * handed over (HANDED) and S queues it. R, the releaser, moves the word
 * on, takes G with the list (its close), then exchanges the word for
 * HANDED: it was ASKED, S queues G; else R does. Queueing G
 * (sched_place_group) unnames it under the run-queue lock; X may run as
 * soon as that lock is released (a thief), and G, on X's stack, is gone
 * then. The placement itself, and the idle rules it applies, are
 * sched/wake.pml's: here it is one step whoever makes it.
 *
 * Abstractions. Each critical section under the run-queue lock, and
 * each compare-and-swap or exchange, is one atomic step. The list's
 * close is one step in R. A spinner that gave up before the release
 * then blocks (it joins G, or finds the list closed): not modelled, as
 * it does not touch the hand-over word.
 *
 * Checked: G is queued exactly once (never lost, never twice), and no
 * step reads or writes G once it is gone (an assertion in each).
 *
 * NOFIX_HANDOVER_STORE: R reads the word, then stores HANDED, two steps.
 * R reads ASKED; S takes its ask back between them (its CAS succeeds)
 * and leaves G to R; R stores HANDED and leaves G to S: X is never
 * queued (a lost wake-up).
 *
 * NOFIX_ASK_UNLOCKED: S asks for G without the run-queue lock, whether
 * or not G is still named. R has queued G and X ran: S's ask writes a
 * node that is gone.
 */
#define NONE 0
#define ASKED 1
#define HANDED 2

bit word;               /* the episode moved on (R's CAS) */
bit rq;                 /* the VP's run-queue lock */
bit named = 1;          /* G is the VP's `group` */
byte handoff = NONE;    /* G's hand-over word */
byte placed;            /* times G was queued */
bit gone;               /* G's node gone (X may have run) */
byte done;

/* sched_place_group: under the run-queue lock, G unnamed, its fields
   read, X queued; the node gone once the lock is released */
inline place() {
    atomic { rq == 0 -> rq = 1 };
    assert(!gone);
    named = 0;
    placed++;
    atomic { rq = 0; gone = 1 }
}

active proctype releaser()
{
    byte old;

    word = 1;
    /* hand_over: one exchange */
#ifdef NOFIX_HANDOVER_STORE
    atomic { assert(!gone); old = handoff };
    atomic { assert(!gone); handoff = HANDED };
#else
    atomic { assert(!gone); old = handoff; handoff = HANDED };
#endif
    if :: old != ASKED -> place() :: else -> skip fi;
    done++
}

active proctype spinner()
{
    bit asked = 0, seen = 0, back = 0;

#ifdef NOFIX_ASK_UNLOCKED
    atomic {
        assert(!gone);
        if :: handoff == NONE -> handoff = ASKED; asked = 1 :: else -> skip fi
    };
#else
    atomic { rq == 0 -> rq = 1 };
    if
    :: named ->
        atomic {
            assert(!gone);
            if :: handoff == NONE -> handoff = ASKED; asked = 1 :: else -> skip fi
        }
    :: else -> skip
    fi;
    rq = 0;
#endif
    /* the spin: the release seen, or given up at any time */
    if :: word -> seen = 1 :: skip fi;
    if
    :: asked ->
        if
        :: seen -> if :: handoff == HANDED -> skip :: skip fi
        :: else -> skip
        fi;
        atomic {
            assert(!gone);
            if :: handoff == ASKED -> handoff = NONE; back = 1 :: else -> skip fi
        };
        if :: !back -> place() :: else -> skip fi
    :: else -> skip
    fi;
    done++
}

/* at rest: G queued once */
active proctype check()
{
    done == 2 -> assert(placed == 1)
}
