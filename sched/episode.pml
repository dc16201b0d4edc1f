/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/episode.pml - Spin model of a barrier's episode lists: the
 * waiters of an episode push their groups on a lock-free list of the
 * barrier's, and the episode's releaser closes the list and wakes what
 * it took (sched/block.c sched_episode_wait, sched_episode_release;
 * ARCHITECTURE.md, "Episode list"). tests/spin.sh runs it.
 *
 * Set-up. One list, the barrier's waiters[e & 1], serves episodes 0 and
 * 2. Its head is empty, a node (a VP's group: here one waiter), or
 * CLOSED(e): episode e's releaser has been. W0 waits in episode 0; W2a
 * and W2b in episode 2 (more ULTs than the count: episode 2 can begin
 * while episode 0's releaser has not yet closed the list). A waiter
 * arrives, then, in a loop, reads the head: CLOSED(j) with j >= its
 * episode, released (it returns); else it links its node to the head
 * (a CLOSED one as empty) and CASes the head to its node. Pushed, it
 * blocks until woken. R0 and R2 move the episode word on (the last
 * arrival's CAS), then close: read the head; CLOSED(j), j >= e, a later
 * releaser took all; else CAS the head to CLOSED(e). Then, for each
 * node taken: its episode k <= e has ended, wake it; k > e, push it back
 * the same way a waiter pushes, or, the head CLOSED(j >= k), wake it.
 * R1 ends episode 1, which has no waiter here.
 *
 * Abstractions. A load and a CAS are a step each; a node's fields are
 * its owner's until pushed. Episodes are small numbers (the code
 * compares them wrap-aware). The run-queue lock that makes a wake wait
 * until its waiter has blocked is sched/handoff.pml's and
 * sched/wake.pml's concern: here a wake is a flag the waiter waits for.
 *
 * Checked: every waiter returns (else an invalid end state), woken at
 * most once, and no node is touched once its waiter has returned.
 *
 * NOFIX_ALWAYS_CLOSE: a releaser that reads an empty (or older) head
 * does not close it. W0 arrives, R0 releases and finds nothing; W0
 * pushes and waits for ever.
 *
 * NOFIX_NO_REGRESS: a releaser exchanges the head for CLOSED(e),
 * whatever it was. R2 closes first; R0, late, puts CLOSED(0) back; W2b,
 * arrived before R2's release but late to push, reads CLOSED(0), pushes
 * and waits for ever.
 *
 * NOFIX_REPUSH_CHECK: a node pushed back goes on the list whatever the
 * head. R0 took W2a's node; R2 closed the list meanwhile; R0 pushes the
 * node onto CLOSED(2), and nobody takes it.
 */
#define NIL 255
#define CLOSED(e) (128 + (e))
#define IS_CLOSED(h) ((h) >= 128 && (h) != NIL)
#define EP_OF(h) ((h) - 128)
#define NODES 3

byte head = NIL;
byte episode;                   /* the barrier's episode word */
byte arrived[3];
byte key[NODES], next[NODES], woken[NODES];
bit gone[NODES];

inline wake(n) {
    assert(!gone[n]);
    assert(woken[n] == 0);
    woken[n]++
}

/* push node n (episode k) unless the head says k was released: pushed
   or not in ok; h a scratch */
inline push(n, k, h, ok) {
    do
    :: h = head;
       if
       :: IS_CLOSED(h) && EP_OF(h) >= k -> ok = 0; break
       :: else ->
          assert(!gone[n]);
          if :: IS_CLOSED(h) -> next[n] = NIL :: else -> next[n] = h fi;
          atomic { if :: head == h -> head = n; ok = 1 :: else -> ok = 2 fi };
          if :: ok == 1 -> break :: else -> skip fi
       fi
    od
}

proctype waiter(byte n; byte e)
{
    byte h, ok;

    key[n] = e;
    atomic { episode == e -> arrived[e]++ };
    push(n, e, h, ok);
    if
    :: ok == 1 -> woken[n] > 0      /* blocked until woken */
    :: else -> skip                 /* released: returns */
    fi;
    gone[n] = 1
}

proctype releaser(byte e; byte parties)
{
    byte h, n, k, h2, ok;

    atomic { episode == e && arrived[e] == parties -> episode++ };
    /* close */
    do
    :: h = head;
#ifdef NOFIX_NO_REGRESS
       atomic { h = head; head = CLOSED(e) };
       break
#else
       if
       :: IS_CLOSED(h) && EP_OF(h) >= e -> h = NIL; break
#ifdef NOFIX_ALWAYS_CLOSE
       :: h == NIL || IS_CLOSED(h) -> h = NIL; break
#endif
       :: else ->
          atomic { if :: head == h -> head = CLOSED(e); ok = 1 :: else -> ok = 0 fi };
          if :: ok -> break :: else -> skip fi
       fi
#endif
    od;
    if :: IS_CLOSED(h) -> h = NIL :: else -> skip fi;
    /* what it took */
    do
    :: h == NIL -> break
    :: else ->
       n = h;
       assert(!gone[n]);
       h = next[n];
       k = key[n];
       if
       :: k <= e -> wake(n)
       :: else ->
#ifdef NOFIX_REPUSH_CHECK
          do
          :: h2 = head;
             if :: IS_CLOSED(h2) -> next[n] = NIL :: else -> next[n] = h2 fi;
             atomic { if :: head == h2 -> head = n; ok = 1 :: else -> ok = 0 fi };
             if :: ok -> break :: else -> skip fi
          od
#else
          push(n, k, h2, ok);
          if :: ok != 1 -> wake(n) :: else -> skip fi
#endif
       fi
    od
}

/* episode 1: other parties, no waiter on this list */
proctype other_episode()
{
    atomic { episode == 1 -> episode = 2 }
}

init {
    atomic {
        run waiter(0, 0);
        run waiter(1, 2);
        run waiter(2, 2);
        run releaser(0, 1);
        run other_episode();
        run releaser(2, 2)
    }
}
