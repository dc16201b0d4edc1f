/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/sched.h - the scheduler: what happens to ULTs. Each VP runs its
 * loop (sched/loop.c); ULTs move between the VPs' run queues
 * (sched/runq.h, sched/steal.c), the VPs and wait queues (sched/block.c)
 * by the transitions of
 * ARCHITECTURE.md's state table, all made here. sync/ uses sched/block.h
 * only. */
#ifndef SCHED_SCHED_H
#define SCHED_SCHED_H

#include "base/clock.h"
#include "base/once.h"
#include "base/trace.h"
#include "sched/runq.h"
#include "ult/asan.h"
#include "ult/ult.h"
#include "vp/vp.h"

enum sched_finish { SCHED_GO, SCHED_DONE, SCHED_DEADLOCK, SCHED_STOP };

/* A VP's scheduler record: its process (vp/) first, so that the one is
   the other's address. */
typedef struct sched_vp {
    vp_t vp;
    struct sched_runq *rq;      /* its run queue: sched_runqs[vp.id] */
    ult_t *volatile cur;        /* the running ULT, NULL in the loop */
    void *idle_sp;              /* the loop's saved context */
    int *errno_p;               /* this VP's errno (its own TLS) */
    void *exit_sp[4];           /* an ended ULT's context: where its end
                                   saves it (its descriptor may be gone) */
    struct ult_cache cache;     /* stacks, descriptors, ids: no lock */
    /* statistics (MLTP_STATS=1): written by this VP only; switches also
       tells sched/slice.c that a new slice began */
    unsigned long switches, parks, wakeups, idle_hits, steals;
    /* counted in sg.idle.spinning: by itself, or by whoever posted it
       (sched/park.c); this VP's only once it runs */
    int spinning;
    /* yields with nothing else to run on this VP until the next look at
       the other queues (sched/yield.c) */
    int lonely_yields;
    /* the group its last new barrier waiter made, which its later ones
       join (sched/block.c): under its run-queue lock, and cleared there by
       the release that queues the group */
    struct sched_waiter *group;
    /* ULTs this VP queued away from the VP they last ran on, net of those
       it brought back before they ran (sched/place.c) */
    long moves;
    /* ULTs this VP made live and ended: written by this VP only, read by
       an idle VP that adds up the live ULTs (sched_live) */
    unsigned long created, ended;
    unsigned long ended_seen;   /* ended when this VP last added them up */
    /* sched/slice.c: switches when the current slice began, and when */
    unsigned long slice_switches;
    long slice_start_ns;
    /* the ULTs after the first that this VP stole and has not queued yet:
       nstolen of them from stolen on, set under the victim's lock and
       cleared under its own (sched/steal.c; ARCHITECTURE.md, "Thread ids") */
    ult_t *stolen;
    int nstolen;
    /* sched/trace.c: what the running ULT is about to block on (sync/
       says: sched_trace_waiting), for its stop event */
    int trace_what;
    uint64_t trace_on;
    /* sched/call.c: {seq, holder task, state}; written by its holder at a
       marked call's entry and exit, CASed by a taker */
    unsigned long call;
} __attribute__((aligned(64))) sched_vp_t;

/* The call word (sched/call.c) */
#define SCHED_CALL_RUNNING 0UL
#define SCHED_CALL_IN 1UL
#define SCHED_CALL_TAKEN 2UL
#define SCHED_CALL_STATE 3UL
#define SCHED_CALL_HOLDER_SHIFT 2
#define SCHED_CALL_SEQ_ONE (1UL << 32)
#define SCHED_CALL_SEQ_MASK (~0UL << 32)
/* spares a start may make (sched/spare.c); their semaphores follow the
   VPs' in the park set */
#define SCHED_SPARES_MAX 64

_Static_assert(offsetof(sched_vp_t, vp) == 0, "vp_t first");

extern base_once_t sched_init_once;   /* mltp_init */

struct sched_global {
    int finish;                 /* enum sched_finish; uatomic */
    int park_semid;             /* a semaphore per VP (sched/park.c) */
    int park_nsems;
    int spare_sem_base;         /* a task's spare semaphore: this plus its
                                   record's number (sched/spare.c) */
    int semwait;                /* VPs blocked in a kernel wait (uatomic) */
    long spin_ns;               /* MLTP_SPIN_US */
    long slice_ns;              /* MLTP_SLICE_US (sched/slice.c); 0: off */
    int stats;                  /* MLTP_STATS */
    /* stats, or a trace that records creates and wakes (sched/place.c's
       one test for both) */
    int observe;
    int nslots;                 /* vps[] allocated */
    sched_vp_t *vps;
    vp_t **vp_list;             /* &vps[i].vp, for vp_run */
    int online_cpus;            /* the machine's, for sched/crowd.c */
    /* ULTs made live (+) or ended (-) outside a VP: main, bound threads */
    long outside_live;
    long outside_moves;         /* moves (sched_vp_t) made outside VPs; uatomic */
    /* sched/watchdog.c: late wakes in this start (the reaper's count),
       and MLTP_WATCHDOG=fatal */
    long late_wakes;
    int watchdog_fatal;
    /* sched/park.c: VPs looking for work, and parked ones; their own line
       (written when a VP goes idle or wakes one) */
    struct {
        int spinning;           /* spinning, or woken and about to */
        int parked;             /* asleep on the park semaphore, or about to */
        /* PARKED (sched_runq.idle): sure to sleep; the low half counts
           them, the high half counts the times one left (rule 5 reads
           whether any did between two looks: sched/park.c) */
        unsigned long asleep;
        int claims;             /* claims begun (sched_wake_claim), ever */
    } idle __attribute__((aligned(64)));
    /* sched/crowd.c: written once a millisecond at most, its own line */
    struct {
        int crowded;            /* more runnable tasks than CPUs */
        int readings_over;      /* in a row; by the checking VP only */
        long checked_ns;        /* when, on base_now_ns()'s clock */
    } crowd __attribute__((aligned(64)));
};
extern struct sched_global sg;

/* A ULT whose stack has no guard pages (ult/chunk.c) is checked where it
   blocks or ends: an overflow ends the program as a fault in a guard
   would, and sched/describe.c names the ULT. */
void sched_overflowed(sched_vp_t *sv, const ult_t *u) __attribute__((noreturn, cold));
/* sched/trace.c: the trace's events (ARCHITECTURE.md, "Tracing"). A
   traced ULT's prio_bit holds SCHED_TRACE_BIT, which no run queue's
   bitmap has: mltp_yield's one test sends it to its slow path. */
#define SCHED_TRACE_BIT (1UL << 60)
extern int sched_trace_ults;    /* new ULTs are traced (ULT_TRACED) */
void sched_trace_init(void);
void sched_trace_run(const ult_t *u);
void sched_trace_first_run(ult_t *u);
void sched_trace_stop(const ult_t *u, int why, const void *obj, int what);
void sched_trace_created(const ult_t *u);
void sched_trace_woken(const ult_t *u);
void sched_trace_moved(const sched_vp_t *thief, const ult_t *u, int from);
void sched_trace_park(const sched_vp_t *sv, int woke);
void sched_trace_post(int vp);
void sched_trace_bound(int id, int joined);
void sched_trace_start(int nvp, int ended);
void sched_trace_deadlock(int final);
static inline int sched_trace_on(void)
{
    return (int)__builtin_expect(CMM_LOAD_SHARED(base_trace_on), 0);
}

static inline void sched_check_stack(sched_vp_t *sv, const ult_t *u)
{
    if (__builtin_expect(u->flags & ULT_UNGUARDED, 0) && ult_stack_overflowed(u->stack_lo, u->stack_map))
        sched_overflowed(sv, u);
}

/* Each VP of the start but sv (NULL: every one), starting after sv, so
   that idle VPs do not all look at the same VP first. */
#define SCHED_FOR_OTHER_VPS(v, sv)                                            \
    for (int sched_k_ = (sv) ? 1 : 0, sched_me_ = (sv) ? (sv)->vp.id : 0;     \
         sched_k_ < vpg.nvp && ((v) = &sg.vps[(sched_me_ + sched_k_) % vpg.nvp], 1); \
         sched_k_++)

/* The VP this code runs on, or NULL. */
static inline sched_vp_t *sched_current(void)
{
    return (sched_vp_t *)vp_current();
}

/* sched_current(), but outside a VP a VP-shaped dummy whose cur is
   ult_outside: mltp_yield then tests no pointer at all. Through asm, as
   vp_current(). x86-64: in %rax, so that the switch's argument registers
   stay free for what it passes; aarch64: any register. */
extern ult_t ult_outside;
extern sched_vp_t sched_outside;
extern __thread sched_vp_t *sched_self_tls __attribute__((tls_model("initial-exec")));
static inline sched_vp_t *sched_current_or_dummy(void)
{
    sched_vp_t *v;
    BASE_TLS_READ(sched_self_tls, v, "=a");
    return v;
}

/* The caches of the calling kernel-level thread: its VP's, or its own. */
static inline struct ult_cache *sched_cache(void)
{
    sched_vp_t *sv = sched_current();
    return sv ? &sv->cache : &ult_cache_tls;
}

/* The running ULT, or NULL outside one. */
static inline ult_t *sched_running(void)
{
    sched_vp_t *sv = sched_current();
    return sv ? sv->cur : NULL;
}

/* The calling bound thread's handle (sched/bound.c), NULL elsewhere. */
extern __thread ult_t *sched_bound_self __attribute__((tls_model("initial-exec")));

/* More VPs than CPUs in this start: a VP we wait for may be off its CPU. */
static inline int sched_vps_outnumber_cpus(void)
{
    return vpg.nvp > vpg.ncpus;
}

/* Is spinning for another VP worth it? (more than one VP, no more VPs
   than CPUs, spinning not turned off; spinners also stop within 64 spins
   while the machine is crowded: sched_spin_over, sched/block.h) */
static inline int sched_spin_pays(void)
{
    return vpg.nvp > 1 && !sched_vps_outnumber_cpus() && sg.spin_ns > 0;
}

/* sched/crowd.c: more tasks runnable than the machine has CPUs? now is
   base_now_ns(); looked up afresh at most once a millisecond. Spinners
   call it where they read the clock anyway, parking VPs before they park:
   so the answer stays fresh while VPs wait. */
int sched_crowd_check(long now);
void sched_crowd_reset(long now);       /* at each start */
extern const char *sched_crowd_source;   /* "/proc/loadavg"; tests change it */

/* The run queue of the calling thread's VP; a kernel-level thread's
   ULTs go to queue 0. */
static inline struct sched_runq *sched_my_rq(void)
{
    sched_vp_t *sv = sched_current();
    return sv ? sv->rq : &sched_runqs[0];
}

/* Live ULTs: made live and not ended, added up over the VPs (racy unless
   every VP is idle; sched/park.c says when the sum is exact). */
long sched_live(void);
/* A ULT made live outside a VP (main, a bound thread), or no more. */
void sched_outside_live_add(long n);

/* sched/steal.c: another VP's ULTs for an idle one */
ult_t *sched_steal(sched_vp_t *sv);
int sched_ready_count(void);        /* in all VPs' queues (racy) */

/* sched/call.c, sched/spare.c: marked calls, spare tasks */
extern int sched_calls_out;
extern int sched_spares_made;
extern int sched_holders, sched_holders_max, sched_takes;
int sched_calls_tick(void);
void sched_calls_reset(int nvp);

/* sched/preempt.c: the monitor's ticks to a VP whose ULT keeps it */
#define SCHED_PREEMPT_TICK_SIG (SIGRTMAX - 2)
#define SCHED_PREEMPT_SWITCH_SIG (SIGRTMAX - 3)
extern int sched_preempt_on;
int sched_preempt_look(void);
void sched_preempt_reset(void);
void sched_preempt_unblock(void);
int sched_preempt_idle_begin(sigset_t *old);
void sched_preempt_idle_end(int blocked, const sigset_t *old);
void sched_hold(struct vp_task *t, sched_vp_t *sv);
int sched_take(sched_vp_t *sv, unsigned long seen, int may_wait);
struct vp_task *sched_spare_get(int may_wait);
void sched_spare_give(struct vp_task *t, sched_vp_t *sv);
void sched_spare_put_back(struct vp_task *t);
void sched_spare_run(struct vp_task *t) __attribute__((noreturn));
void sched_spares_finish(void);
void sched_spares_reset(void);

/* sched/loop.c */
void sched_vp_main(vp_t *vp);
void sched_finish_all(int why);
/* tests/internals.h: the next VP to steal a ULT waits, before it goes
   busy, until the test clears paused (set meanwhile) or this long has
   passed (then 0 again), so that a test can release a waiter of that VP
   inside the window */
extern long sched_test_steal_pause_ns;
extern int sched_test_steal_paused;
void sched_stop_here(sched_vp_t *sv) __attribute__((noreturn));

/* sched/park.c: idle VPs spin, then sleep on a SysV semaphore of their
   own (one set, a semaphore per VP); Go's rules for waking them */
int sched_park_prepare(int nvp);   /* 0, or an errno value */
void sched_idle(sched_vp_t *sv);
/* sched/source.c: the work source's look() and take(), 0 when none is
   registered */
int sched_source_look(void);
int sched_source_take(void);
void sched_unpark_all(void);       /* the start is over */
/* sg.idle.asleep: the VPs PARKED, and one more out (a generation). */
#define SCHED_ASLEEP(w) ((int)(unsigned int)(w))
static inline unsigned long sched_asleep_inc(void)
{
    return uatomic_add_return(&sg.idle.asleep, 1UL);
}
static inline void sched_asleep_dec(void)
{
    uatomic_add(&sg.idle.asleep, (1UL << 32) - 1);
}
/* Rule 2: sv found work to run; if it was counted spinning it stops, and
   the last spinner wakes another. No lock held. */
void sched_found_work_slow(sched_vp_t *sv);
static inline void sched_found_work(sched_vp_t *sv)
{
    if (__builtin_expect(sv->spinning, 0))
        sched_found_work_slow(sv);
}
/* Rule 5 for bound threads (vpg.bound_ended): one ended. */
void sched_bound_ended(void);

/* sched/group.c: one wait on several sources (sched_poll_wait_many: a
   ULT's poll() or select(), its descriptors' records and a timer). The
   first waker claims it (claimed 0 -> 1, an exchange), says why and
   places the ULT; a later one only lets go of its node (*done). The
   waiter cancels a wait it has not blocked in by claiming it itself, and
   before it returns waits for each waker that took one of its nodes to
   let go: the nodes are on its stack. */
struct sched_posts;
struct sched_group {
    int claimed;                /* uatomic */
    int why;                    /* the claimer's: 0, ETIMEDOUT, EINTR */
    ult_t *ult;
    base_spin_t wait;           /* the waiter's, until its context is saved */
};
void sched_group_wake(struct sched_group *g, int why, int *done, struct sched_posts *p);
void sched_group_let_go(const int *done);

/* A ULT's timer: a node on its stack (sched/timer.c). */
struct sched_timer {
    long due;                   /* on base_now_ns()'s clock */
    ult_t *ult;
    int idx;                    /* in the heap; -1 once taken out */
    int vp;                     /* where the sleep began */
    unsigned long seq;          /* sched_wait_seq: the latest is interrupted */
    int why;                    /* 0: due; EINTR */
    base_spin_t wait;           /* the sleeper's, until its context is saved */
    struct sched_group *group;  /* or NULL: a sleep */
    int done;                   /* a group's: its firer let go */
};
/* t (ult, vp, seq and group set) in the heap until t->due: 0, or ENOMEM;
   and out of it again, or its firer waited for (a group's timer). */
int sched_timer_add(struct sched_timer *t);
void sched_timer_cancel(struct sched_timer *t);

/* sched/timer.c: sleeping ULTs. Read unlocked: timers in the heap or
   being fired (0: none), and the earliest due (LONG_MAX: none). */
extern int sched_timers_n;
extern long sched_timers_next;
/* Any timer due at now? A load while none sleeps. */
static inline int sched_timer_due(long now)
{
    return __builtin_expect(CMM_LOAD_SHARED(sched_timers_n) != 0, 0) &&
           CMM_LOAD_SHARED(sched_timers_next) <= now;
}
/* The same now: the clock read only while some ULT sleeps. */
static inline int sched_timer_due_now(void)
{
    return __builtin_expect(CMM_LOAD_SHARED(sched_timers_n) != 0, 0) &&
           CMM_LOAD_SHARED(sched_timers_next) <= base_now_ns();
}
void sched_timers_fire(void);          /* the due ones placed */
/* A VP parking (sched/park.c): the timer role taken if nobody holds it
   and a ULT sleeps (*held); the time to sleep until (until, -1: none, or
   the earliest timer), and the role given back once awake. */
long sched_timers_hold(int vp, long until, int *held);
void sched_timers_unhold(int vp);
/* A signal handled by vp in its idle wait: the latest wait begun on vp
   ends with EINTR: the seq of vp's latest sleep (0: none), and that
   sleep interrupted (1 if it was still there). */
unsigned long sched_timers_latest(int vp);
int sched_timers_interrupt(unsigned long seq);
/* A wait begun that no sleep covers: the role's holder poked (for_poll:
   one on its semaphore, so that it reads the poller), or a parked VP
   claimed to take the role. */
void sched_timers_kick(int for_poll);
int sched_timers_holder_polls(int vp);     /* vp sleeps in the poller */
extern unsigned long sched_wait_seq;       /* waits begun, process-wide */
/* sched/poll.c: ULTs waiting for descriptors (rule 5), the set read
   (timeout_ms -1: until an event or the eventfd, which only the role's
   holder drains; the ULTs woken, -1 on EINTR), the eventfd written, the
   latest wait begun on vp and its interruption, a fork()ed child's
   reset */
extern int sched_pollers_n;
extern long sched_poll_waits;
void sched_poll_tick(void);
/* A busy VP's look at the set, now and then while ULTs wait there: a
   load while none does. */
static inline void sched_poll_due(void)
{
    if (__builtin_expect(CMM_LOAD_SHARED(sched_pollers_n) != 0, 0))
        sched_poll_tick();
}
int sched_poll_ready(void);
int sched_poll_run(int timeout_ms, int holder);
void sched_poll_break(void);
unsigned long sched_poll_latest(int vp);
int sched_poll_interrupt(unsigned long seq);
void sched_poll_reset(void);
void sched_timers_reset(void);         /* a start begins; a fork()ed child */
void sched_words_reset(void);          /* a fork()ed child (sched/word.c) */

/* sched/watchdog.c: the reaper's tick (no lock taken; the ms until the
   next), and its state reset as a start begins */
int sched_watchdog_tick(void);
void sched_watchdog_reset(void);

/* sched/place.c: where a ULT made ready runs, and which parked VP is
   posted for it (ARCHITECTURE.md, "Placement"). how: */
enum {
    SCHED_PLACE_NEW = 0,        /* created: the creator's VP */
    SCHED_WAKE_HANDOFF = 1,     /* woken by a ULT that switches soon: its VP */
    SCHED_WAKE_FRONT = 2,       /* ... at the front of its level */
    SCHED_WAKE_RELEASE = 4,     /* woken by one that goes on: its own VP if idle */
    SCHED_PLACE_STOLEN = 8      /* taken by a thief: its VP */
};
/* The posts owed to parked VPs, made by sched_post once the caller holds
   no spin lock: VPs to post, and whether one more is to be found. */
#define SCHED_POSTS_MAX 16
struct sched_posts {
    int n, any;
    unsigned short vp[SCHED_POSTS_MAX];
};
static inline void sched_posts_init(struct sched_posts *p) { p->n = p->any = 0; }
/* Queue u (ready) where it should run; posts owed into *p. No run-queue
   lock held; a wait-queue lock may be. */
void sched_place(ult_t *u, int how, struct sched_posts *p);
/* The same into q, the caller's own queue, its lock held (a ULT's end
   readies its joiner and pops its next ULT under one lock). */
void sched_place_here_locked(struct sched_runq *q, ult_t *u, int how,
                             struct sched_posts *p);
/* A released group (sched/block.c) on its VP's queue (the caller's if
   that VP is not in this start). No run-queue lock held. */
struct sched_waiter;
void sched_place_group(struct sched_waiter *g, struct sched_posts *p);
/* A stolen ULT that the thief (q's VP) runs at once. */
void sched_place_running(struct sched_runq *q, ult_t *u);
void sched_post(struct sched_posts *p);
static inline void sched_post_owed(struct sched_posts *p)
{
    if (__builtin_expect(p->n | p->any, 0))
        sched_post(p);
}
/* Rule 1 (sched/park.c), under the lock of the queue just pushed: a
   parked VP to be woken to steal? (none spinning, one parked). The claim
   counts the woken VP spinning, so later readyings do not post again. */
int sched_wake_claim(void);
/* q's lock held: its VP, if PARKED, woken and owed a post (rule 4). */
void sched_post_parked_locked(struct sched_runq *q, struct sched_posts *p);
static inline void sched_post_if_parked_locked(struct sched_runq *q, struct sched_posts *p)
{
    if (__builtin_expect(q->idle == SCHED_RQ_PARKED, 0))
        sched_post_parked_locked(q, p);
}
/* Work queued in q that its VP may not run soon: a parked VP to steal it,
   unless one spins. No lock held. */
void sched_wake_to_steal(struct sched_runq *q);
extern int sched_affinity_on;      /* MLTP_AFFINITY */

/* sched/yield.c: switching away from the running ULT */
/* block it (queued under held): held is released once its context is
   saved; returns once the ULT runs again */
void sched_block(base_spin_t *held);
/* leave it for good, queued nowhere (a deadlock) */
void sched_abandon(void) __attribute__((noreturn));

/* sched/end.c: a ULT's first run and its end */
void sched_first_run(void *arg, void *helper_result) __attribute__((noreturn));
void sched_end(void *retval, int set_retval) __attribute__((noreturn));

/* sched/create.c */
void sched_ready_new(ult_t *u);       /* made ready; counted live */
void sched_pending_note_main(void);   /* mltp_init, in main */
void sched_pending_flush(void);       /* mltp_start, before the queue */
void sched_pending_forget(void);      /* in a fork()ed child */
void sched_pending_mark_ids(void);    /* ult_id_mark each one */

/* sched/ids.c: ult_ids_scan, once thread ids have wrapped */
void sched_ids_scan(void);

/* sched/exit.c: exit() anywhere */
void sched_exit_register(void);

/* sched/start.c, for mltp_start and mltp_begin (what: the caller's name,
   for messages): see there */
int sched_start_prepare(int nvp, const char *what, int empty_ok);
int sched_start_run(int nvp, int *ran_none);

/* sched/begin.c: u is main's share (mltp_begin) */
int sched_is_main_share(const ult_t *u);
void sched_main_share_mark_id(void);  /* ult_id_mark its id, if it is one */

/* sched/describe.c: what ran on a VP that died (vpg.describe) */
int sched_describe(const struct vp_task *t, pid_t pid, int sig, char *buf, size_t n);

/* sched/fork.c */
void sched_fork_register(void);

#endif
