/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/barrier.pml - Spin model of the barrier whose waiters run tasks
 * (task_barrier, omp/team.c; ARCHITECTURE.md, "OpenMP"): in a program
 * whose OpenMP threads have TLS blocks of their own, a thread that
 * arrives at a team barrier polls (runs tasks, yields) until the episode
 * changes, instead of blocking.
 *
 * N threads pass EPISODES barriers in a row. Each reads the episode,
 * then counts itself in arrived (an atomic add); the one that makes it N
 * resets the count, then starts the next episode; the others wait until
 * the episode is no longer the one they read. Polling is a guard here:
 * the poller runs again and again, which the model's fairness-free
 * search covers by letting it run at any point.
 *
 * Checked: no thread passes an episode before every thread arrived at it
 * (assertion), and every thread passes every episode (invalid end
 * states: a thread stuck at a barrier).
 * NOFIX_START_FIRST: the last arrival starts the next episode before it
 * resets the count: a thread that passes at once and arrives at the next
 * barrier counts itself, and the late reset throws that away: the next
 * episode never completes.
 * NOFIX_READ_AFTER: a thread reads the episode after its arrival: when
 * the last arrives in between, it reads the next episode already and
 * waits for the one after it, for good.
 */
#define N 3
#define EPISODES 3

byte episode;
byte arrived;
byte reached[EPISODES];         /* arrivals at each episode */
byte done;

proctype member()
{
    byte e = 0, mine, count;

    do
    :: e < EPISODES ->
#ifndef NOFIX_READ_AFTER
        mine = episode;
#endif
        atomic { reached[e]++; arrived++; count = arrived }
#ifdef NOFIX_READ_AFTER
        mine = episode;
#endif
        if
        :: count == N ->
#ifdef NOFIX_START_FIRST
            episode = mine + 1;
            arrived = 0
#else
            arrived = 0;
            episode = mine + 1
#endif
        :: else ->
            episode != mine
        fi;
        assert(reached[e] == N);
        e++
    :: else -> break
    od;
    done++
}

init
{
    atomic {
        byte i;
        for (i : 1 .. N) {
            run member()
        }
    }
    done == N
}
