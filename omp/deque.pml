/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/deque.pml - Spin model of a VP's deque of tasks (omp/deque.c:
 * omprt_deque_push, omprt_deque_pop, steal; ARCHITECTURE.md, "Task
 * deques" and "Models").
 *
 * The owner pushes NTASK tasks at the bottom and, between pushes, pops
 * back the newest (a taskwait); two thieves take the oldest (idle VPs).
 * Pop: bottom decremented, then top read; the last task (top == bottom)
 * is taken with a CAS on top, as a steal is. Steal: top read, then
 * bottom, then the CAS. Spin interleaves with sequential consistency:
 * the full fences omp/deque.c has between the two accesses of each side
 * give it that for these pairs.
 *
 * Checked: every task runs exactly once (none twice, none left once all
 * have ended).
 * NOFIX_POP_ORDER: the owner reads top before it stores the decremented
 * bottom: a thief takes the task it is popping, and it runs twice.
 * NOFIX_POP_CAS: the owner takes the last task with no CAS on top: a
 * thief that read the indexes before takes it too.
 */
#define NTASK 3
#define NTHIEF 2

short top, bottom;              /* no wrap: NTASK slots suffice */
byte slot[NTASK];
byte runs[NTASK];
bit owner_done;
byte thieves_done;

inline run_task(k) { assert(runs[k] == 0); runs[k]++ }

proctype owner()
{
    byte i, k;
    short b, t;
    bit got;

    do
    :: i < NTASK ->             /* push */
        slot[bottom] = i;
        bottom = bottom + 1;
        i++
    :: true ->                  /* pop */
        b = bottom - 1;
#ifdef NOFIX_POP_ORDER
        t = top;
        bottom = b;
#else
        bottom = b;
        t = top;
#endif
        got = 0;
        if
        :: t > b -> bottom = b + 1
        :: t == b ->
            k = slot[b];
#ifdef NOFIX_POP_CAS
            got = 1;
#else
            atomic {
                if
                :: top == t -> top = t + 1; got = 1
                :: else -> skip
                fi
            };
#endif
            bottom = b + 1
        :: t < b -> k = slot[b]; got = 1
        fi;
        if
        :: got -> run_task(k)
        :: !got && i == NTASK -> break
        :: else -> skip
        fi
    od;
    owner_done = 1
}

proctype thief()
{
    short t, b;
    byte k;

    do
    :: t = top;
        b = bottom;
        if
        :: t < b ->
            k = slot[t];
            atomic {
                if
                :: top == t -> top = t + 1; run_task(k)
                :: else -> skip
                fi
            }
        :: else ->
            if
            :: owner_done -> break
            :: else -> skip
            fi
        fi
    od;
    thieves_done++
}

init {
    byte k;

    atomic {
        run owner();
        k = 0;
        do
        :: k < NTHIEF -> run thief(); k++
        :: else -> break
        od
    };
    owner_done && thieves_done == NTHIEF;
    k = 0;
    do
    :: k < NTASK -> assert(runs[k] == 1); k++
    :: else -> break
    od
}
