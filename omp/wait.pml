/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/wait.pml - Spin model of waiting for tasks (omp/task.c, omp/team.c;
 * ARCHITECTURE.md, "Task completion" and "Models").
 *
 * A parent P made NKIDS tasks in a taskgroup of its own; each counts in
 * P's children, the group and the team. The tasks end in any order and
 * interleaving (complete()): the group's count (its owner's one
 * included), then P's children (setting children_done if P waits), then
 * the team's count (broadcasting under the team's lock if a member
 * waits). P meanwhile makes a taskwait (GOMP_taskwait) or not, the end of
 * its taskgroup (GOMP_taskgroup_end) and the region's wait for the team's
 * tasks (omprt_wait_team_tasks), each a blocking wait; a second member M
 * waits for the team's tasks too. Pause flags and the condition are
 * modelled as MLTP gives them: set/clear/wait under a lock, and a
 * condition wait that lets its lock go and sleeps in one step.
 *
 * Checked: no wait blocks for good (invalid end states) and no end
 * touches the group once it is freed (assertions).
 * NOFIX_WAITED_ORDER: P reads the children count before it marks itself
 * waiting: the last child's end sees no waiter, P waits for good.
 * NOFIX_WAITERS_ORDER: a member counts itself among the team's waiters
 * only after its look at the task count: the last end broadcasts to
 * nobody, the member waits for good.
 * NOFIX_OWNER_COUNT: the group's count has no share of its owner: the
 * owner, finding 0, frees it while the end that took it to 0 is about
 * to set its flag.
 */
#define NKIDS 2

/* P's children and their pause flag */
byte children = NKIDS;
bool waited;
bool children_done;
/* the group */
#ifdef NOFIX_OWNER_COUNT
byte gcount = NKIDS;
#else
byte gcount = NKIDS + 1;
#endif
byte grefs = 2;
bool gdone, gfreed;
/* the team */
byte tasks = NKIDS;
byte waiters;
bool tlock;
byte tgen;                      /* broadcasts so far */

inline lock(l) { atomic { !l -> l = true } }
inline unlock(l) { l = false }

inline group_unref() {
    atomic {
        assert(!gfreed);
        grefs--;
        if
        :: grefs == 0 -> gfreed = true
        :: else -> skip
        fi
    }
}

proctype task()
{
    /* the group */
    byte c;
    atomic { gcount--; c = gcount };
    if
    :: c == 0 ->
        assert(!gfreed);
        gdone = true;
        group_unref()
    :: else -> skip
    fi;
    /* the parent (it lives: the task holds a reference) */
    atomic { children--; c = children };
    if
    :: c == 0 && waited -> children_done = true
    :: else -> skip
    fi;
    /* the team, last */
    atomic { tasks--; c = tasks };
    if
    :: c == 0 && waiters > 0 ->
        lock(tlock);
        tgen++;
        unlock(tlock)
    :: else -> skip
    fi
}

inline team_wait() {
    byte gen;
#ifndef NOFIX_WAITERS_ORDER
    waiters++;
#endif
    lock(tlock);
    do
    :: tasks == 0 -> break
    :: else ->
#ifdef NOFIX_WAITERS_ORDER
        waiters++;
#endif
        /* the condition: the lock let go and the wait begun in one step */
        atomic { gen = tgen; tlock = false };
        atomic { tgen != gen -> !tlock -> tlock = true }
    od;
    unlock(tlock);
    waiters--
}

proctype parent()
{
    byte c;
    /* a taskwait, or none (the group's end then races the tasks' ends) */
    if
    :: skip
    :: goto group_end
    fi;
    do
    :: children_done = false;
#ifdef NOFIX_WAITED_ORDER
        if
        :: children == 0 -> break
        :: else -> skip
        fi;
        waited = true;
#else
        waited = true;
        if
        :: children == 0 -> break
        :: else -> skip
        fi;
#endif
        children_done
    od;
    waited = false;
    /* the end of the taskgroup */
group_end:
    skip;
#ifdef NOFIX_OWNER_COUNT
    if
    :: gcount == 0 -> skip
    :: else -> gdone
    fi;
    atomic { grefs = 0; gfreed = true };
#else
    atomic { gcount--; c = gcount };
    if
    :: c == 0 -> group_unref()
    :: else -> gdone
    fi;
    group_unref();
#endif
    /* the region's wait for the team's tasks */
    team_wait()
}

proctype member()
{
    team_wait()
}

init {
    atomic {
        byte i;
        for (i : 1 .. NKIDS) { run task() }
        run parent();
        run member()
    }
}
