/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/close.pml - Spin model of a descriptor closed while a ULT is about
 * to wait for it (sys/fd.c: closed, close, dup2, dup3; sched/poll.c:
 * sched_poll_closed, sched_poll_wait, sched_poll_wait_many; ARCHITECTURE.md,
 * "Poller", "Models"). tests/spin.sh runs it.
 *
 * A waiter W reads the descriptor's count, tries the call (it finds the
 * descriptor closed, or open and not ready), and links itself under the
 * record's lock only if the count has not moved; then it waits until a
 * waker takes it off (no event ever comes: the data's writer is the one
 * that closes). A closer C closes the descriptor, which drops it from
 * epoll, then moves the count and takes off every waiter, under the
 * record's lock. Checked: W never waits for ever (an invalid end state),
 * and it always ends knowing the descriptor closed. */

bit closed;                     /* the kernel's descriptor */
byte gen;                       /* the record's count */
bit linked, taken, knows;

active proctype closer()
{
#ifdef NOFIX_CLOSE_ORDER
    atomic { gen++; if :: linked -> linked = 0; taken = 1 :: else -> skip fi }
    closed = 1
#else
    closed = 1;
#ifdef NOFIX_CLOSE_BUMP
    /* the old close: nothing to do while nobody is linked */
    atomic { if :: linked -> gen++; linked = 0; taken = 1 :: else -> skip fi }
#else
    atomic { gen++; if :: linked -> linked = 0; taken = 1 :: else -> skip fi }
#endif
#endif
}

active proctype waiter()
{
    byte seen;
again:
    seen = gen;
    if
    :: closed -> knows = 1; goto out        /* the try finds it closed */
    :: else -> skip                         /* open, not ready */
    fi;
    atomic {
        if
        :: gen == seen -> linked = 1; taken = 0
        :: else -> goto again               /* moved: try again */
        fi
    }
    taken;                                  /* blocked until taken off */
    goto again;
out:
    skip
}

active proctype rest()
{
end:
    timeout -> assert(knows)
}
