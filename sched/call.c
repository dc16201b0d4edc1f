/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/call.c - a ULT's marked call into the kernel, whose VP's place a
 * spare may take meanwhile (ARCHITECTURE.md, "Places and tasks";
 * sched/task.pml). The place's call word says who holds it and whether its
 * ULT is in such a call: {seq, holder task, RUNNING | IN_CALL | TAKEN}.
 * Entry stores IN_CALL (one release store); exit CASes it back to RUNNING
 * (one CAS on a line the holder owns). A taker (the monitor in the
 * reaper's tick, or the holder itself at the entry of a call known to
 * block with work queued) first has a spare in hand, then CASes IN_CALL to
 * TAKEN, and gives the place to the spare. A holder whose exit CAS fails
 * no longer holds the place: it saves its ULT's context, moves to a fresh
 * context on its own stack, makes the ULT ready there, and parks as a
 * spare. So no more tasks run ULTs than there are places.
 *
 * The monitor (sched_calls_tick) rests at the reaper's pace (100 ms) while
 * no call is in progress: a call's entry that finds it resting wakes it.
 * Awake, it looks every millisecond, and takes a place whose call it saw
 * at two looks in a row (the same seq) while work waits for it: the
 * place's queue holds ULTs, or no VP is idle to take work, or the call has
 * lasted CALL_LONG_MS (Go's sysmon retake); after REST_LOOKS looks with
 * no call it rests again. */
#include <errno.h>
#include <string.h>
#include "sched/block.h"
#include "sched/tls.h"

#define CALL_LOOK_MS 1
#define CALL_LONG_MS 10
#define REST_LOOKS 20           /* looks with no call before it rests */
#define PREEMPT_DROWSY_MS 5     /* resting, while preemption is on */

int sched_calls_out;            /* ULTs in calls whose place was taken */
/* tasks that hold a place (a take ends the old holder's hold, its spare
   begins one), and the most at once in this start: never more than the
   VPs (tests/internals.h) */
int sched_holders, sched_holders_max;
int sched_takes;                /* places taken in this start (MLTP_STATS) */
int sched_calls_resting = 1;     /* the monitor looks at the reaper's pace */

static struct {
    unsigned long seen[SCHED_VP_MAX];
    int looks[SCHED_VP_MAX];
    int idle_looks;
} mon;

void sched_calls_reset(int nvp)
{
    memset(&mon, 0, sizeof mon);
    sched_calls_out = 0;
    sched_holders = sched_holders_max = nvp;
    sched_takes = 0;
    sched_calls_resting = 1;
    sched_preempt_reset();
}

/* The spare t takes sv, given to it by a taker. */
void sched_hold(struct vp_task *t, sched_vp_t *sv)
{
    unsigned long c = CMM_LOAD_SHARED(sv->call);
    int h = uatomic_add_return(&sched_holders, 1), max;

    while (h > (max = uatomic_read(&sched_holders_max)) &&
           uatomic_cmpxchg(&sched_holders_max, max, h) != max)
        ;
    vp_task_hold(t, &sv->vp);
    CMM_STORE_SHARED(sv->call, (c & SCHED_CALL_SEQ_MASK) | sched_call_holder_bits(t) | SCHED_CALL_RUNNING);
}

/* Take sv from the holder of call seen (IN_CALL): 1 if taken. A spare
   first, so that a place taken always has a task (sched/task.pml,
   NOFIX_SPARE_FIRST). */
int sched_take(sched_vp_t *sv, unsigned long seen, int may_wait)
{
    struct vp_task *s = sched_spare_get(may_wait);

    if (!s)
        return 0;
    if (uatomic_cmpxchg(&sv->call, seen, (seen & ~SCHED_CALL_STATE) | SCHED_CALL_TAKEN) != seen) {
        sched_spare_put_back(s);
        return 0;
    }
    /* its ULT is live, on no queue and no place: no deadlock meanwhile;
       its task holds the place no more */
    uatomic_inc(&sched_calls_out);
    uatomic_dec(&sched_holders);
    uatomic_inc(&sched_takes);
    /* two tasks may touch the queues now: no start runs lock-free */
    if (CMM_LOAD_SHARED(sched_solo_on))
        CMM_STORE_SHARED(sched_solo_on, 0);
    if (CMM_LOAD_SHARED(ult_stack_alone))
        CMM_STORE_SHARED(ult_stack_alone, 0);
    sched_spare_give(s, sv);
    return 1;
}

/* A call's entry found the monitor resting: wake it (one futex wake). */
void sched_calls_wake_monitor(void)
{
    if (uatomic_xchg(&sched_calls_resting, 0))
        vp_reaper_poke();
}

/* Go's entersyscallblock: work waits here and the call will wait. */
void sched_call_blocks(struct sched_call *c)
{
    sched_vp_t *sv = sched_current();

    if (c->word && CMM_LOAD_SHARED(sv->rq->nready))
        sched_take(sv, c->word, 1);
}

/* On the task's own stack: u's context is saved (sched/task.pml,
   NOFIX_SAVE_FIRST), so it is made ready here, then the task parks. */
static void placeless(void *task, void *ult)
{
    struct sched_posts p;

    ult_asan_finish(NULL);
    sched_posts_init(&p);
    sched_place(ult, SCHED_WAKE_RELEASE, &p);
    sched_post_owed(&p);
    uatomic_dec(&sched_calls_out);
    sched_spare_run(task);
}

static void *saved(void *old_sp, void *ult, void *unused)
{
    (void)unused;
    ((ult_t *)ult)->sp = old_sp;
    return ult;
}

/* The exit's CAS failed: the place is a spare's now. This task touches
   it no more (the ULT it ran is made ready on its own stack); the ULT
   resumes here, on whatever VP runs it next. */
void sched_call_lost(struct sched_call *c)
{
    struct vp_task *t = vp_task_current();
    ult_t *u = c->u;
    void *sp, *fake = NULL;

    u->saved_errno = errno;
    if (u->flags & ULT_OWN_TLS)
        sched_tls_leave();              /* before the writes to our TLS */
    vp_task_hold(t, NULL);
    sched_self_tls = &sched_outside;
    /* where its process began (vp_clone): below its TCB and static TLS,
       which the top of stack_bottom + stack_size would overwrite */
    /* its loop's frames there are gone: their redzones too */
    ult_asan_unpoison(t->stack_bottom, (size_t)((char *)t->tcb.stack_top - (char *)t->stack_bottom));
    sp = ult_context_init(t->tcb.stack_top, placeless, t, ult_fp_control());
    ult_asan_start(&fake, t->stack_bottom, t->stack_size);
    ult_switch(sp, u, NULL, saved);
    ult_asan_finish(fake);
    if (u->flags & ULT_OWN_TLS)
        sched_tls_enter(u);
}

/* The monitor, from the reaper's tick: in how many ms to look again. */
int sched_calls_tick(void)
{
    int n = vpg.nvp, any = 0, idle;

    idle = CMM_LOAD_SHARED(sg.idle.spinning) + CMM_LOAD_SHARED(sg.idle.parked);
    for (int i = 0; i < n; i++) {
        sched_vp_t *sv = &sg.vps[i];
        unsigned long c = CMM_LOAD_SHARED(sv->call);
        if ((c & SCHED_CALL_STATE) != SCHED_CALL_IN) {
            mon.seen[i] = 0;
            continue;
        }
        any = 1;
        if (c != mon.seen[i]) {
            mon.seen[i] = c;
            mon.looks[i] = 0;
            continue;
        }
        /* the same call at two looks in a row: a millisecond at least,
           or a look of the reaper's pace while resting */
        if ((CMM_LOAD_SHARED(sv->rq->nready) || !idle || ++mon.looks[i] >= CALL_LONG_MS) &&
            sched_take(sv, c, 0))
            mon.seen[i] = 0;
    }
    if (sched_preempt_look())
        any = 1;
    if (any) {
        mon.idle_looks = 0;
        if (CMM_LOAD_SHARED(sched_calls_resting))
            uatomic_set(&sched_calls_resting, 0);   /* an entry's poke it missed */
    } else if (++mon.idle_looks >= REST_LOOKS) {
        /* an entry that read resting before this store makes no poke: its
           call is seen at the next look, at the reaper's pace */
        mon.idle_looks = 0;
        uatomic_set(&sched_calls_resting, 1);
    }
    if (!CMM_LOAD_SHARED(sched_calls_resting))
        return CALL_LOOK_MS;
    /* resting: at the reaper's pace, or drowsy while preemption is on */
    return CMM_LOAD_SHARED(sched_preempt_on) ? PREEMPT_DROWSY_MS : 1000;
}
