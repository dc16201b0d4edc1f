/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/start.c - mltp_start: run the ready ULTs on n VPs, the calling
 * thread being their reaper (vp/reaper.c), and return when none is left. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "base/clock.h"
#include "sched/sched.h"


/* VP records for n VPs: kept from start to start (a VP's TCB, stack and
   caches serve the next start's VP of the same number). */
static int ensure_slots(int n)
{
    if (n <= sg.nslots)
        return 0;
    sched_vp_t *v = aligned_alloc(64, sizeof(sched_vp_t) * (size_t)n);
    vp_t **l = malloc(sizeof(vp_t *) * (size_t)n);
    if (!v || !l) {
        free(v);
        free(l);
        return ENOMEM;
    }
    memset(v, 0, sizeof(sched_vp_t) * (size_t)n);
    if (sg.vps)
        memcpy(v, sg.vps, sizeof(sched_vp_t) * (size_t)sg.nslots);
    for (int i = 0; i < n; i++) {
        v[i].vp.id = i;
        v[i].rq = &sched_runqs[i];
        l[i] = &v[i].vp;
    }
    sched_vp_t *old_v = sg.vps;
    vp_t **old_l = sg.vp_list;
    /* a bound thread's create may read the records meanwhile (sched/ids.c) */
    ult_ids_hold();
    sg.vps = v;
    sg.vp_list = l;
    sg.nslots = n;
    ult_ids_release();
    free(old_v);
    free(old_l);
    return 0;
}

static void print_stats(void)
{
    long moves = sg.outside_moves;

    for (int i = 0; i < vpg.nvp; i++) {
        sched_vp_t *sv = &sg.vps[i];
        base_warn("stats: VP %d: %lu switches, %lu parks, %lu wake-ups sent, "
                  "%lu idle spins that found work, %lu steals, %ld ULTs moved "
                  "to another VP", i, sv->switches, sv->parks, sv->wakeups,
                  sv->idle_hits, sv->steals, sv->moves);
        moves += sv->moves;
    }
    base_warn("stats: %ld late wakes", sg.late_wakes);
    base_warn("stats: %d VPs taken from ULTs in system calls, %d spare tasks made",
              sched_takes, sched_spares_made);
    base_warn("stats: %ld runs of a ULT on another VP than its last", moves);
}

/* Every VP record as new, whatever VPs the last start had (one that
   parked for good in a deadlock is PARKED still): the queues of VPs this
   start does not have are ABSENT, under their locks, so that a bound
   thread that releases a group or a ULT for such a VP (it may have read
   the last start's VP count) queues it elsewhere (sched/place.c); then
   what they hold (made ready after a larger start ended in a deadlock)
   goes to queue 0, in order. The stop bit of an exit() is cleared
   everywhere. No VP runs; a bound thread may: lock. */
static void reset_vps(int nvp)
{
    for (int i = 0; i < sg.nslots; i++) {
        sched_vp_t *sv = &sg.vps[i];
        struct sched_runq *q = &sched_runqs[i];
        sv->switches = sv->parks = sv->wakeups = sv->idle_hits = sv->steals = 0;
        sv->moves = 0;
        sv->spinning = sv->lonely_yields = 0;
        sv->group = NULL;           /* its waiters, if any, join no more */
        base_spin_lock(&q->lock);
        sched_rq_unstop(q);
        q->idle = i < nvp ? SCHED_RQ_BUSY : SCHED_RQ_ABSENT;
        base_spin_unlock(&q->lock);
    }
    for (int i = nvp; i < sg.nslots; i++)
        sched_rq_move_all(&sched_runqs[0], &sched_runqs[i]);
}

/* Everything before the VPs run: checks, the park semaphore, VP records,
   the run queue's state. 0 (ready), -1 (no ULT to run, unless empty_ok:
   errno as it was), or an errno value after a message. */
int sched_start_prepare(int nvp, const char *what, int empty_ok)
{
    int e;

    mltp_init();
    if (nvp < 1 || nvp > SCHED_VP_MAX) {
        base_warn("%s(%d): the number of VPs must be between 1 and %d",
                  what, nvp, SCHED_VP_MAX);
        return EINVAL;
    }
    if (vp_current() || sched_bound_self || vpg.running) {
        base_warn("%s() called from inside an MLTP thread", what);
        return EINVAL;
    }
    sched_pending_flush();
    if (sched_live() == 0 && !empty_ok)     /* no VP runs: exact */
        return -1;
    if ((e = sched_park_prepare(nvp)) != 0) {
        base_warn("cannot create the VPs' park semaphores: %s", strerror(e));
        return e;
    }
    if ((e = ensure_slots(nvp)) != 0) {
        base_warn("%s(%d): %s", what, nvp, strerror(e));
        return e;
    }
    sched_exit_register();
    sg.outside_moves = 0;
    reset_vps(nvp);
    sg.finish = SCHED_GO;
    sg.semwait = 0;
    sg.idle.parked = sg.idle.spinning = 0;
    sg.idle.asleep = 0;
    sched_crowd_reset(base_now_ns());
    sched_watchdog_reset();
    sched_timers_reset();
    sched_calls_reset(nvp);
    sched_spares_reset();
    return 0;
}

/* Run the VPs until the start is over, the caller being their reaper. 0,
   or the errno value that says how it went (vp_run said why it could not
   start: errno is then set already, and ran_none is 1; EDEADLK: the caller
   says it). */
int sched_start_run(int nvp, int *ran_none)
{
    int ran;

    sg.observe = sg.stats || CMM_LOAD_SHARED(base_trace_on);
    sched_trace_start(nvp, 0);
    /* solo only while no other kernel-level thread can touch a queue, and
       not traced: a solo create and wake skip the place the trace sees */
    sched_solo_on = nvp == 1 && !vp_bound_alive() && !CMM_LOAD_SHARED(base_trace_on);
    ult_stack_alone = nvp == 1 && !vp_bound_alive();
    ran = vp_run(sg.vp_list, nvp, sched_vp_main);
    sched_solo_on = ult_stack_alone = 0;
    sched_trace_start(nvp, 1);
    *ran_none = !ran;
    if (!ran)
        return errno;
    /* every VP's cache but one back to the chunks (the next start may
       have fewer VPs), and the stacks' memory the VPs did not give back */
    for (int i = 1; i < sg.nslots; i++)
        ult_stack_drain(&sg.vps[i].cache);
    ult_stack_maintain(1);
    if (sg.stats)
        print_stats();
    if (sg.late_wakes && sg.watchdog_fatal) {
        base_warn("%ld late wake(s) in this start, MLTP_WATCHDOG=fatal: ending the program",
                  sg.late_wakes);
        exit(70);
    }
    if (sg.finish == SCHED_DEADLOCK)
        return EDEADLK;
    return ran < nvp ? EAGAIN : 0;  /* EAGAIN: ran, on fewer VPs than asked */
}

void mltp_start(int nvp)
{
    int e, none, saved_errno = errno;

    if ((e = sched_start_prepare(nvp, "mltp_start", 0)) != 0) {
        errno = e < 0 ? saved_errno : e;
        return;
    }
    e = sched_start_run(nvp, &none);
    if (e == EDEADLK) {
        sched_trace_deadlock(0);
        base_warn("deadlock: %ld ULT(s) blocked and none can ever run; "
                  "mltp_start returns", sched_live());
    }
    errno = e ? e : saved_errno;    /* as it was: the start ran as asked */
}
