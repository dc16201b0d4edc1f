/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/group.pml - Spin model of one wait on several sources, claimed
 * once (sched/group.c: sched_group_wake, sched_group_let_go; sched/poll.c:
 * sched_poll_wait_many, let_go, place_node; sched/timer.c:
 * sched_timer_cancel, wake; ARCHITECTURE.md, "Poller", "Models").
 * tests/spin.sh runs it.
 *
 * A ULT's poll() waits for a descriptor's record R and a timer T, its
 * nodes on its stack (frame). Init picks whether R's event comes (E
 * takes the node off R under R's lock, then wakes the group), and
 * whether, once R's node is linked, another descriptor's count is found
 * moved: then the waiter does not block and cancels with its own claim. The timer always
 * fires (F takes T out of the heap under the heap's lock, then wakes the
 * group), unless the waiter took it out first. A waker that takes a node
 * claims the group with an exchange: the first places the ULT once its
 * context is saved (the wait lock), and every waker says done on its
 * node. The waiter, once resumed (or cancelled), takes its nodes off,
 * or waits for the done of each node a waker took, then returns: its
 * frame, nodes and group gone.
 *
 * The same shape is a word wait (sched/word.c: mltp_word_wait and
 * mltp_word_wake): R is the word's bucket, E a wake that takes the node
 * off it and counts it in what it returns. The waiter then reports
 * woken if E claimed the group, or if E took its node before its own
 * take-back: a wake counted is never lost to a timeout that claimed
 * first.
 *
 * Checked: the ULT is placed at most once, never after its frame is
 * gone, and never runs before it is placed; no waker touches a node or
 * the group after the frame is gone; at the end the waiter has returned
 * (a blocked waiter is always woken: the timer fires), and reported
 * woken whenever E took its node. Each step that
 * is one lock's critical section, or one atomic instruction, is one
 * atomic step. Sequential consistency: the exchange is a full fence. */

bit frame = 1;                  /* the waiter's stack: nodes and group */
bit claimed;                    /* the group's claim word */
byte placed;                    /* times the ULT was placed */
bit waitlock = 1;               /* the waiter's, until its context is saved */
bit linked, inheap;             /* its node on R; its timer in the heap */
bit tookr, tookt;               /* a waker took the node off / T out */
bit doner, donet;               /* that waker let go */
bit moved;                      /* R's count moved: the waiter cancels */
bit evwill;                     /* R's event comes */
bit resumed;
bit reported;                   /* the waiter says woken (a word wait's 0) */
byte claimer;                   /* 1: E won the claim; 2: the timer */

inline wake_group(done, who)
{
    assert(frame);
    if
    :: atomic { claimed == 0 -> claimed = 1; claimer = who }
       assert(frame);
       done = 1;                /* before placing: the waiter waits for nothing else */
       waitlock == 0;           /* the waiter's context saved */
       assert(frame && placed == 0);
       placed++
    :: atomic { claimed == 1 -> skip }
#ifdef NOFIX_GROUP_CLAIM
       assert(frame);
       waitlock == 0;
       assert(frame && placed == 0);
       placed++;
#endif
       assert(frame);
       done = 1
    fi
}

active proctype event()
{
end:
    atomic { evwill && linked -> linked = 0; tookr = 1 }
    wake_group(doner, 1)
}

active proctype firer()
{
end:
    atomic { inheap -> inheap = 0; tookt = 1 }
    wake_group(donet, 2)
}

active proctype waiter()
{
    bit own;

    linked = 1;                 /* R's node, its count not moved */
    if
    :: moved ->
        /* another source's count moved: not waiting after all: our own claim, unless a waker's came
           first (it places us once our context is saved) */
#ifdef NOFIX_OWN_CLAIM
        own = 1
#else
        atomic {
            if
            :: claimed == 0 -> claimed = 1; own = 1
            :: else -> skip
            fi
        }
#endif
        if
        :: own -> skip
        :: else -> waitlock = 0; placed > 0
        fi
    :: else ->
        inheap = 1;             /* the timer added */
        waitlock = 0;           /* sched_block: the context saved */
        placed > 0
    fi;
    resumed = 1;
    /* let go: each node off, or its waker waited for */
    atomic {
        if
        :: linked -> linked = 0
        :: else ->
#ifndef NOFIX_WAKE_COUNTS
            reported = 1        /* E took it: its wake counts */
#else
            skip
#endif
        fi;
        if
        :: claimer == 1 -> reported = 1
        :: else -> skip
        fi
    }
#ifndef NOFIX_LET_GO
    if
    :: tookr -> doner == 1
    :: else -> skip
    fi;
#endif
    atomic {
        if
        :: inheap -> inheap = 0
        :: else -> skip
        fi
    }
#ifndef NOFIX_LET_GO
    if
    :: tookt -> donet == 1
    :: else -> skip
    fi;
#endif
    frame = 0
}

active proctype rest()
{
end:
    timeout ->
    assert(frame == 0 && placed <= 1 && resumed);
    assert(!tookr || reported)
}

init {
    atomic {
        if :: evwill = 1 :: skip fi;
        if :: moved = 1 :: skip fi
    }
}
