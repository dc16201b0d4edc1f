/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/task.pml - Spin model of the hand-off of a VP's place from a task
 * blocked in a system call to a spare task, the way Go's sysmon retakes
 * a P from an M in a syscall: the marked call's entry and exit (sys/),
 * the taker (sched/), the spare's park (vp/ and sched/). tests/spin.sh
 * runs it.
 *
 * Two places, each held by one task (a clone()d process), with a call
 * word {seq, holder, state}, state RUNNING, IN_CALL or TAKEN. At the
 * entry of a marked call the holder stores {seq + 1, itself, IN_CALL};
 * at its exit it takes the place back with a CAS of that value to
 * RUNNING, or, the CAS failing (the place was taken), leaves it: it
 * saves its ULT's context, makes the ULT ready on that place's queue
 * (rule 1: a parked place is posted) and parks as a spare. A taker
 * secures a spare first (pops a parked one, or makes a task: that may
 * fail, then it gives up), then CASes the IN_CALL value it saw to
 * TAKEN; failing, it puts the spare back; else it gives the spare the
 * place and V's its semaphore. The spare, woken with a place, names
 * itself the place's task, stores {seq, itself, RUNNING} and runs the
 * place's loop from its start. The finish (the last ULT ended) posts
 * the parked places and closes the spare list (sched/spare.c): under
 * its lock, closed set and every spare on it posted with no place, so
 * it ends; a task that would park on a closed list ends instead, and a
 * taker that puts a spare back on a closed list posts it, so it ends.
 *
 * Scenario. Place 0's task runs ULT A, then B (queued behind A); place
 * 1's runs C. A enters a call that returns at any moment, or lasts "for
 * ever": it returns only once B and C have ended, so that B (queued on
 * place 0) must run through a spare. B always enters a call (returns at
 * any moment), C may. The taker is a monitor that may take either place
 * at any moment it is IN_CALL (reading the word once: the second look 1
 * ms later only narrows when it takes); the holder at a call's entry
 * may hand off at once if its place's queue has work. At most two
 * tasks are made.
 *
 * Abstractions. Each critical section (a queue, the spare list) and each
 * atomic load, store or CAS is one step; sequential consistency (the
 * release store at entry is what makes that hold for the place's
 * fields). Parking a place is a flag and its semaphore under the queue's
 * lock (the claims and rules 2-5 of sched/park.c are sched/place.pml's).
 * No stealing: a place's ULTs run only on it, so a stranded place is a
 * hang here and not hidden by a thief. The spare list is a FIFO (the C
 * list is a stack: the order does not matter). The finish closes the
 * spare list as sched/spare.c does, in the same step as it posts the
 * parked places (in the C code sg.finish is set, then the list closed
 * under its lock, then the places posted: each list operation sees the
 * list closed or not, and no ULT is left in a call); a taker makes no
 * task once the finish is set, as sched_spare_get. Only the finish of
 * the last ULT's end is modelled, not exit()'s or a deadlock's.
 *
 * Checked: at most one task runs a place's loop or ULTs, and only the
 * task the place names (p.task); at most N tasks run ULT code (a task in
 * a call does not count); a ULT is never on two tasks' stacks; at rest
 * (the timeout) no place is left TAKEN with no task on it, and every ULT
 * ended (none lost, none stranded); no task is left blocked, not even
 * as a parked spare (an invalid end state).
 *
 * NOFIX_CALL_OWNER: the exit CAS compares the state only. The spare
 * that took place 0 runs B, which enters a call (IN_CALL, the spare its
 * holder); A's task returns, its CAS succeeds, and it runs A on place
 * 0, whose fields are the spare's: its loop context (idle_sp, where a
 * ULT's block switches to) and its running ULT (cur). A's next block
 * switches onto the spare's loop frame, on the spare's stack, while the
 * spare is still in B's call: two tasks on one stack. The check that
 * the task running a place is the one p.task names stands for that.
 * NOFIX_SPARE_FIRST: the taker CASes to TAKEN first, then looks for a
 * spare, and making one fails: place 0 is TAKEN with nobody on it; its
 * holder leaves it when its call returns, and the ULTs queued on it
 * never run.
 * NOFIX_SAVE_FIRST: the task whose place was taken makes its ULT ready
 * before saving its context: the spare on place 0 runs A while A's old
 * task is still on A's stack.
 * NOFIX_FINISH_CLOSE: the finish posts the spares on the list at that
 * moment and closes nothing. A task whose exit failed makes A ready,
 * A runs and ends the start, and only then does the task park: on the
 * list, for good (or a spare a taker puts back after the finish).
 */
#define NP 2                    /* places */
#define NT 4                    /* tasks: the two holders, two made */
#define NU 3                    /* ULTs */
#define NONE 255
#define RUNNING 0
#define IN_CALL 1
#define TAKEN 2
#define A 0                     /* place 0 first; its call may last for ever */
#define B 1                     /* queued on place 0 behind A */
#define C 2                     /* place 1's */

/* per place: the call word p.call, p.task, the run queue, the park */
byte cseq[NP], chold[NP], cstate[NP];
byte ptask[NP];
chan q[NP] = [NU] of { byte };
bit parked[NP];
byte psem[NP];
/* the spare list (its lock: a step) and each task's place and semaphore */
chan spares = [NT] of { byte };
byte tplace[NT], tsem[NT];
byte made;                      /* tasks made */
/* checks */
byte hold[NP];                  /* tasks running the place's loop or a ULT on it */
byte nrun;                      /* tasks running ULT code */
byte onstk[NU];                 /* tasks on the ULT's stack */
bit after[NU];                  /* its call returned: it ends when it runs */
byte ended;
bit finish;
bit closed;                     /* the spare list, closed by the finish */

/* rule 1, under the queue's lock: u ready on p, p posted if parked */
inline make_ready(p, u) {
    atomic {
        q[p]!u;
        if :: parked[p] -> parked[p] = 0; psem[p]++ :: else -> skip fi
    }
}

/* t starts to hold p (the spare woken, or the exit CAS succeeded) */
inline holds(p, t) {
    hold[p]++; nrun++;
    assert(hold[p] == 1 && ptask[p] == t && nrun <= NP)
}

/* secure a spare: pop a parked one, else make a task (placeless,
   parked, not on the list: the taker's), none once the finish is set;
   the making may fail */
inline get_spare(s) {
    atomic {
        if
        :: nempty(spares) -> spares?s
        :: empty(spares) && made < NT - NP && !finish ->
            s = NP + made; made++; run task(s, NONE)
        :: empty(spares) -> s = NONE        /* clone() fails (or two made) */
        fi
    }
}

/* the spare s got, the CAS's result ok: give it p, or put it back */
inline give(s, p, ok) {
    if
    :: ok -> tplace[s] = p;                 /* t->given */
             tsem[s]++                      /* V */
    :: else ->                              /* put back, under the list's lock */
        atomic {
            if
            :: closed -> tplace[s] = NONE; tsem[s]++   /* V, given nothing: it ends */
            :: else -> spares!s             /* stays parked, told nothing */
            fi
        }
    fi
}

/* take(p, seen): seen is {sq, sh, IN_CALL} */
inline take(p, sq, sh, s, ok) {
#ifndef NOFIX_SPARE_FIRST
    get_spare(s);
    if
    :: s != NONE ->
        atomic {
            ok = (cstate[p] == IN_CALL && cseq[p] == sq && chold[p] == sh);
            if :: ok -> cstate[p] = TAKEN :: else -> skip fi
        };
        give(s, p, ok)
    :: else -> skip                         /* none: nothing changed */
    fi;
#else
    atomic {
        ok = (cstate[p] == IN_CALL && cseq[p] == sq && chold[p] == sh);
        if :: ok -> cstate[p] = TAKEN :: else -> skip fi
    };
    if
    :: ok -> get_spare(s);
        if :: s != NONE -> give(s, p, ok) :: else -> skip fi   /* p stranded */
    :: else -> skip
    fi;
#endif
    s = NONE; ok = 0
}

/* task t, holding place p (NONE: a task just made) */
proctype task(byte t; byte p)
{
    byte u = NONE, s = NONE, seq;
    bit ok;

    if :: p == NONE -> goto park :: else -> skip fi;
loop:                                       /* p's scheduler loop */
    atomic {
        if
        :: nempty(q[p]) -> q[p]?u
        :: empty(q[p]) && finish -> hold[p]--; nrun--; goto out
        :: empty(q[p]) && !finish -> parked[p] = 1
        fi
    }
    if
    :: u == NONE -> atomic { psem[p] > 0 -> psem[p]-- }; goto loop
    :: else -> skip
    fi;
    atomic { assert(onstk[u] == 0 && ptask[p] == t); onstk[u] = 1 };
    if
    :: !after[u] -> goto call
    :: !after[u] && u == C -> skip          /* C may end with no call */
    :: after[u] -> skip                     /* back from a call on a taken place */
    fi;
ult_end:
    atomic {
        onstk[u] = 0; ended++; u = NONE;
        if
        :: ended == NU ->                   /* the finish: parked places posted */
            finish = 1;
            if :: parked[0] -> parked[0] = 0; psem[0]++ :: else -> skip fi;
            if :: parked[1] -> parked[1] = 0; psem[1]++ :: else -> skip fi;
            /* sched_spares_finish: the list closed, each spare on it
               posted with no place */
#ifndef NOFIX_FINISH_CLOSE
            closed = 1;
#endif
            do
            :: nempty(spares) -> spares?s; tplace[s] = NONE; tsem[s]++; s = NONE
            :: empty(spares) -> break
            od
        :: else -> skip
        fi
    };
    goto loop;

call:
    /* 1. entry: the release store; t keeps seq and p */
    atomic { seq = cseq[p] + 1; cseq[p] = seq; chold[p] = t; cstate[p] = IN_CALL;
             hold[p]--; nrun-- };
    /* 2. hand-off at entry: the call is known to block, p's queue has work */
    if
    :: nempty(q[p]) -> take(p, seq, t, s, ok)
    :: true -> skip
    fi;
    /* 3. the kernel call: returns at any moment; A's may last for ever
       (returns only once every other ULT ended: they must end without t) */
    if
    :: u == A -> ended == NU - 1
    :: true -> skip
    fi;
    after[u] = 1;
    /* 4. exit */
    atomic {
#ifdef NOFIX_CALL_OWNER
        ok = (cstate[p] == IN_CALL);
#else
        ok = (cstate[p] == IN_CALL && cseq[p] == seq && chold[p] == t);
#endif
        if :: ok -> cstate[p] = RUNNING; holds(p, t) :: else -> skip fi
    };
    if :: ok -> ok = 0; seq = 0; goto ult_end :: else -> skip fi;
    /* taken: p is not ours; u made ready on it once we are off u's stack */
#ifdef NOFIX_SAVE_FIRST
    make_ready(p, u);
    onstk[u] = 0;
#else
    onstk[u] = 0;                           /* u's context saved */
    make_ready(p, u);
#endif
    p = NONE; u = NONE; seq = 0;
    /* park as a spare: on the list, placeless, then P; a closed list: end */
    atomic { tplace[t] = NONE; if :: closed -> goto out :: else -> spares!t fi };
park:                                       /* no end label: parked for good is an error */
    atomic { tsem[t] > 0 -> tsem[t]-- };
    p = tplace[t];
    if :: p == NONE -> goto out :: else -> skip fi;   /* the finish: it ends */
    /* the spare given p */
    atomic { ptask[p] = t; chold[p] = t; cstate[p] = RUNNING; holds(p, t) };
    goto loop;
out:
    skip
}

/* the monitor (the reaper's tick): takes a place seen IN_CALL, and tries
   again at a later tick if no spare could be had (one that gave up for
   good would leave B behind A's call for ever) */
active proctype monitor()
{
    byte p, sq, sh, s = NONE;
    bit ok;

    do
    :: finish -> break
    :: atomic { !finish && cstate[0] == IN_CALL -> p = 0; sq = cseq[0]; sh = chold[0] };
       take(p, sq, sh, s, ok); p = 0; sq = 0; sh = 0
    :: atomic { !finish && cstate[1] == IN_CALL -> p = 1; sq = cseq[1]; sh = chold[1] };
       take(p, sq, sh, s, ok); p = 0; sq = 0; sh = 0
    od
}

/* at rest: no place stranded, every ULT ended */
active proctype rest()
{
end:
    timeout ->
    assert(cstate[0] != TAKEN && cstate[1] != TAKEN);
    assert(ended == NU)
}

init {
    atomic {
        q[0]!A; q[0]!B; q[1]!C;
        ptask[0] = 0; chold[0] = 0; hold[0] = 1;
        ptask[1] = 1; chold[1] = 1; hold[1] = 1;
        nrun = 2;
        run task(0, 0); run task(1, 1)
    }
}
