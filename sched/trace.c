/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/trace.c - the scheduler's trace events (base/trace.h keeps them).
 * With tracing off the fast paths run what they ran before: a traced ULT
 * is sent to their slow paths by what they already test (ARCHITECTURE.md,
 * "Tracing"): ULT_TRACED beside ULT_UNGUARDED (a block, an end, a word
 * wait) and ULT_VARGS (a first run), and SCHED_TRACE_BIT in its prio_bit
 * (mltp_yield's one compare). The slow paths record the run and the stop
 * around the switch; the resumed ULT records its own run, on whatever VP
 * it resumes. Each event also fires its USDT probe (mltp:NAME). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sched/block.h"

int sched_trace_ults;           /* ULT_TRACED handed to new stacks */

static inline int on(void)
{
    return CMM_LOAD_SHARED(base_trace_on);
}

static inline int cur_id(const sched_vp_t *sv)
{
    const ult_t *u = sv ? sv->cur : NULL;
    return u && u != &ult_outside ? u->thrid : 0;
}

/* an event where the caller runs: its VP's ring, or the outside one */
static void put(sched_vp_t *sv, int kind, int why, int ult, int arg, uint64_t obj)
{
    if (sv)
        base_trace_vp(sv->vp.id, kind, why, ult, arg, obj);
    else
        base_trace_outside(kind, why, ult, arg, obj);
}

/* u resumes: on a VP, or outside them (main's share returning from
   mltp_end to the thread that called mltp_begin: a thread again) */
void sched_trace_run(const ult_t *u)
{
    sched_vp_t *sv = sched_current();

    BASE_PROBE(run, u->thrid, sv ? sv->vp.id : -1, 0, 0);
    if (sv && on())
        base_trace_vp(sv->vp.id, BASE_TRACE_RUN, 0, u->thrid, 0, 0);
}

void sched_trace_first_run(ult_t *u)
{
    sched_vp_t *sv = sched_current();

    u->prio_bit |= SCHED_TRACE_BIT;
    if (on() && u->name[0]) {
        uint64_t a;
        int32_t b;
        memcpy(&a, u->name, 8);
        memcpy(&b, u->name + 8, 4);
        base_trace_vp(sv->vp.id, BASE_TRACE_NAME, 0, u->thrid, b, a);
        a = 0;
        memcpy(&a, u->name + 12, 3);
        base_trace_vp(sv->vp.id, BASE_TRACE_NAME, 1, u->thrid, 0, a);
    }
    sched_trace_run(u);
}

void sched_trace_stop(const ult_t *u, int why, const void *obj, int what)
{
    sched_vp_t *sv = sched_current();
    uint64_t o = (uintptr_t)obj;

    if (!o && why == BASE_TRACE_BLOCK) {    /* what sync/ said it waits on */
        o = sv->trace_on;
        what = sv->trace_what;
        if (what == SCHED_ON_BARRIER)       /* for its episode to end */
            why = BASE_TRACE_WAIT;
    }
    sv->trace_on = 0;
    BASE_PROBE(stop, u->thrid, sv->vp.id, why, o);
    if (on())
        base_trace_vp(sv->vp.id, BASE_TRACE_STOP, why, u->thrid, what, o);
}

void sched_trace_waiting_slow(const void *obj, int what)
{
    sched_vp_t *sv = sched_current();
    int id = cur_id(sv);

    if (!sv)
        return;
    sv->trace_on = (uintptr_t)obj;
    sv->trace_what = what;
    if (what == SCHED_ON_LOCK) {
        BASE_PROBE(lock_wait, id, sv->vp.id, (uintptr_t)obj, 0);
        base_trace_vp(sv->vp.id, BASE_TRACE_LOCK_WAIT, 0, id, 0, (uintptr_t)obj);
    }
}

void sched_trace_episode_slow(const void *barrier, unsigned int episode)
{
    sched_vp_t *sv = sched_current();
    int id = cur_id(sv);

    BASE_PROBE(barrier, id, sv ? sv->vp.id : -1, (uintptr_t)barrier, episode);
    put(sv, BASE_TRACE_BARRIER, 0, id, (int)episode, (uintptr_t)barrier);
}

void sched_trace_created(const ult_t *u)
{
    sched_vp_t *sv = sched_current();
    int by = cur_id(sv);

    BASE_PROBE(create, u->thrid, by, sv ? sv->vp.id : -1, 0);
    if (on())
        put(sv, BASE_TRACE_CREATE, 0, u->thrid, by, 0);
}

void sched_trace_woken(const ult_t *u)
{
    sched_vp_t *sv = sched_current();
    int by = cur_id(sv);

    BASE_PROBE(wake, u->thrid, by, sv ? sv->vp.id : -1, 0);
    if (on())
        put(sv, BASE_TRACE_WAKE, 0, u->thrid, by, 0);
}

void sched_trace_moved(const sched_vp_t *thief, const ult_t *u, int from)
{
    BASE_PROBE(move, u->thrid, from, thief->vp.id, 0);
    if (on())
        base_trace_vp(thief->vp.id, BASE_TRACE_MOVE, 0, u->thrid, from, 0);
}

void sched_trace_park(const sched_vp_t *sv, int woke)
{
    if (woke)
        BASE_PROBE(unpark, sv->vp.id, 0, 0, 0);
    else
        BASE_PROBE(park, sv->vp.id, 0, 0, 0);
    if (on())
        base_trace_vp(sv->vp.id, woke ? BASE_TRACE_UNPARK : BASE_TRACE_PARK, 0, 0, 0, 0);
}

void sched_trace_post(int vp)
{
    sched_vp_t *sv = sched_current();

    BASE_PROBE(post, vp, sv ? sv->vp.id : -1, 0, 0);
    if (on())
        put(sv, BASE_TRACE_POST, 0, 0, vp, 0);
}

void sched_trace_bound(int id, int joined)
{
    sched_vp_t *sv = sched_current();

    if (joined)
        BASE_PROBE(bound_join, id, cur_id(sv), 0, 0);
    else
        BASE_PROBE(bound_create, id, cur_id(sv), 0, 0);
    if (on())
        put(sv, BASE_TRACE_BOUND, joined, cur_id(sv), id, 0);
}

/* A start begins (no VP runs yet: their rings are made now) or ends. */
void sched_trace_start(int nvp, int ended)
{
    if (ended) {
        BASE_PROBE(start_end, nvp, 0, 0, 0);
    } else {
        BASE_PROBE(start, nvp, 0, 0, 0);
        if (sched_trace_ults)
            for (int i = 0; i < nvp; i++)
                base_trace_ring_for(i, nvp);
    }
    if (on())
        base_trace_outside(BASE_TRACE_START, ended, 0, nvp, 0);
}

/* ---- writing out ------------------------------------------------------ */

/* The reaper's (vp/): the program ends (why: crash, exit, a signal's
   name), crash_vp dead of sig if >= 0. */
static void write_final(const char *why, int crash_vp, int sig)
{
    if (on())                   /* mltp_trace_stop wrote it */
        base_trace_write(why, crash_vp, sig, 1);
}

static void write_at_exit(void)
{
    if (on())
        base_trace_write("end", -1, 0, 1);
}

void sched_trace_deadlock(int final)
{
    BASE_PROBE(deadlock, final, 0, 0, 0);
    if (!on())
        return;
    base_trace_outside(BASE_TRACE_DEADLOCK, 0, 0, 0, 0);
    base_trace_write("deadlock", -1, 0, final);
}

/* ULTs first run from now on are traced; main's share is its own. */
static int divert(const char *path, long mb)
{
    int e = base_trace_begin(path, mb);

    if (e)
        return e;
    if (!sched_trace_ults) {
        sched_trace_ults = 1;
        ult_stack_flags_add(ULT_TRACED);
        vpg.trace_end = write_final;
        atexit(write_at_exit);
    }
    if (vpg.running)            /* the API, during a start */
        for (int i = 0; i < vpg.nvp; i++)
            base_trace_ring_for(i, vpg.nvp);
    CMM_STORE_SHARED(sg.observe, 1);
    return 0;
}

/* MLTP_TRACE=FILE (MLTP_TRACE_MB: the rings' memory), from mltp_init. */
void sched_trace_init(void)
{
    const char *path = getenv("MLTP_TRACE");
    int e;

    if (!path || !*path)
        return;
    if ((e = divert(path, base_env_long("MLTP_TRACE_MB", 64, 1, 1L << 20))) != 0)
        base_warn("MLTP_TRACE=%s: %s; not tracing", path, strerror(e));
}

int mltp_trace_start(const char *path)
{
    mltp_init();
    if (!path || !*path)
        return EINVAL;
    return divert(path, base_env_long("MLTP_TRACE_MB", 64, 1, 1L << 20));
}

int mltp_trace_stop(void)
{
    long n;

    mltp_init();
    if (!sched_trace_ults || !CMM_LOAD_SHARED(base_trace_on))
        return ESRCH;
    n = base_trace_write("stop", -1, 0, 0);
    CMM_STORE_SHARED(base_trace_on, 0);
    CMM_STORE_SHARED(sg.observe, sg.stats);
    return n < 0 ? EIO : 0;
}
