/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/tls.c - ULTs with a TLS block of their own (ULT_OWN_TLS): when
 * the thread pointer changes, and what their block holds of the VP's.
 *
 * The thread pointer is the running task's own (its VP's block) whenever
 * MLTP switches to a ULT without a block or to the VP's loop, and the
 * next ULT's own block when it switches to one: a ULT with a block hands
 * the thread pointer over before it switches away (once: the next ULT
 * finds its block selected), and selects its own once it runs if the
 * switch to it did not (its first run; a switch from a ULT without a
 * block, or from the loop). A ULT without one never changes it: its
 * switch is as before. While a block is selected, MLTP's own TLS is the block's copy:
 * the pointers to the VP, its task, and the scheduler's record are
 * written into the block before it is selected (they change only when
 * the ULT moves, which is a switch), and the task's tid, which glibc's
 * recursive locks compare. MLTP's per-task state that changes while a
 * ULT runs is not in TLS (vp_task's tick). sched_slice_countdown is: a
 * block counts its own ULT's unlocks, which only spaces the slice checks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "base/log.h"
#include "sched/block.h"
#include "sched/tls.h"
#include "ult/tls.h"

int sched_tls_all;
static int main_tls = MLTP_TLS_DEFAULT;     /* mltp_set_main_tls */
static base_once_t offsets_once;
static struct {
    ptrdiff_t sched_self, vp_self, vp_task, lent;
} off;

/* ULTs borrow it in turn (mltp_tls_block_borrow) */
struct mltp_tls_block {
    char *tp;
    volatile int borrowed;
    int started;                /* glibc's per-thread set-up made */
};
/* A lent block's own record, in its copy; NULL in every other block's:
   its end tells a borrowed block from a pooled one. */
static __thread struct mltp_tls_block *lent_tls __attribute__((tls_model("initial-exec")));

static int find_offsets(void)
{
    char *tp = ult_tp_get();

    off.sched_self = (char *)&sched_self_tls - tp;
    off.vp_self = (char *)&vp_self_tls - tp;
    off.vp_task = (char *)&vp_task_tls - tp;
    off.lent = (char *)&lent_tls - tp;
    return 0;
}

int sched_tls_usable(const char **why)
{
    int e = ult_tls_check(why);

    if (e == 0)
        (void)base_once(&offsets_once, find_offsets);
    return e;
}

/* mltp_init: MLTP_TLS */
void sched_tls_init(void)
{
    const char *s = secure_getenv("MLTP_TLS"), *why;

    if (!s || !*s || strcmp(s, "vp") == 0)
        return;
    if (strcmp(s, "ult") != 0) {
        base_warn("ignoring MLTP_TLS=%s (vp or ult)", s);
        return;
    }
    if (sched_tls_usable(&why) != 0) {
        base_warn("MLTP_TLS=ult: no TLS block per ULT here: %s; ending the program", why);
        exit(1);
    }
    sched_tls_all = 1;
    ult_stack_flags_add(ULT_OWN_TLS);
}

/* What a block holds of where it runs: MLTP's pointers and the tid */
static inline void write_view(char *tp, sched_vp_t *sv, vp_t *v, struct vp_task *t, pid_t tid)
{
    *(sched_vp_t **)(tp + off.sched_self) = sv;
    *(vp_t **)(tp + off.vp_self) = v;
    *(struct vp_task **)(tp + off.vp_task) = t;
    ult_tls_set_tid(tp, tid);
}

/* u's block selected on task t of sv: first what it holds of them */
static void select_block(const ult_t *u, sched_vp_t *sv, struct vp_task *t)
{
    write_view(u->tls, sv, &sv->vp, t, t->pid);
    ult_tp_set(u->tls);
}

/* Selected already if the ULT that switched to u handed it over; else
   the task's own is, whose TLS says where u runs. */
void sched_tls_enter(ult_t *u)
{
    if (ult_tp_get() != u->tls)
        select_block(u, sched_current(), vp_task_current());
}

void sched_tls_leave(void)
{
    ult_tp_set(VP_TCB_TP(&vp_task_current()->tcb));
}

void sched_tls_hand_over(sched_vp_t *sv, const ult_t *next)
{
    if (next && (next->prio_bit & SCHED_TLS_BIT))
        select_block(next, sv, vp_task_current());
    else
        sched_tls_leave();
}

void sched_tls_first_run(ult_t *u)
{
    size_t guard = ult_guard_of(u);
    char *tp = ult_tls_get(u->stack_lo + guard, u->stack_map - guard);

    if (__builtin_expect(!tp, 0)) {
        base_warn("no memory for the TLS block of ULT %d%s%s%s; ending the program",
                  u->thrid, u->name[0] ? " \"" : "", u->name, u->name[0] ? "\"" : "");
        vp_group_exit(1);
    }
    u->tls = tp;
    u->prio_bit |= SCHED_TLS_BIT;       /* mltp_yield's slow path */
    sched_tls_enter(u);
    ult_tls_start();
}

/* A borrowed block back: nothing of it runs any more (release). */
static void give_back(ult_t *u, struct mltp_tls_block *b)
{
    sched_tls_leave();
    u->flags &= (unsigned char)~ULT_OWN_TLS;
    u->prio_bit &= ~SCHED_TLS_BIT;
    __atomic_store_n(&b->borrowed, 0, __ATOMIC_RELEASE);
}

void sched_tls_end(ult_t *u)
{
    struct mltp_tls_block *b = lent_tls;    /* the selected block's */

    if (b) {
        give_back(u, b);
        return;
    }
    ult_tls_finish();                   /* destructors may block */
    sched_tls_leave();
    ult_tls_put(u->tls);
}

mltp_tls_block_t *mltp_tls_block_create(void)
{
    struct mltp_tls_block *b;

    mltp_init();
    if (sched_tls_usable(NULL) != 0) {
        errno = ENOTSUP;
        return NULL;
    }
    if (!(b = calloc(1, sizeof *b)))
        return NULL;
    if (!(b->tp = ult_tls_get(NULL, 0))) {
        free(b);
        errno = ENOMEM;
        return NULL;
    }
    *(struct mltp_tls_block **)(b->tp + off.lent) = b;
    return b;
}

/* No switch can come between the writes (MLTP's own code is never
   preempted): the block is selected with the flags that say so. */
int mltp_tls_block_borrow(mltp_tls_block_t *b)
{
    ult_t *u = sched_running();
    size_t guard;

    if (!b || !u || sched_is_main_share(u) || (u->flags & ULT_OWN_TLS))
        return EINVAL;
    if (__atomic_exchange_n(&b->borrowed, 1, __ATOMIC_ACQUIRE))
        return EBUSY;
    guard = ult_guard_of(u);
    ult_tls_set_stack(b->tp, u->stack_lo + guard, u->stack_map - guard);
    u->tls = b->tp;
    u->flags |= ULT_OWN_TLS;
    u->prio_bit |= SCHED_TLS_BIT;
    sched_tls_enter(u);
    if (!b->started) {
        ult_tls_start();
        b->started = 1;
    }
    return 0;
}

int mltp_tls_block_return(void)
{
    ult_t *u = sched_running();
    struct mltp_tls_block *b;

    if (!u || !(u->flags & ULT_OWN_TLS) || !(b = lent_tls))
        return EINVAL;
    give_back(u, b);
    return 0;
}

/* ---- main's share on the main thread's own block ----
   The reaper, on the main thread meanwhile, runs on a block of its own
   with main's view of MLTP's TLS, and hands main's block back as main
   left it when it switches back into main. */

static struct {
    sched_vp_t *sched_self;
    vp_t *vp_self;
    struct vp_task *vp_task;
    pid_t tid;
} main_view;

int mltp_set_main_tls(int tls)
{
    mltp_init();
    if (tls < MLTP_TLS_DEFAULT || tls > MLTP_TLS_ULT)
        return EINVAL;
    if (tls == MLTP_TLS_ULT && sched_tls_usable(NULL) != 0)
        return ENOTSUP;
    main_tls = tls;
    return 0;
}

int sched_tls_main_wanted(void)
{
    return main_tls == MLTP_TLS_ULT || (main_tls == MLTP_TLS_DEFAULT && sched_tls_all);
}

void sched_tls_main_share(ult_t *u)
{
    u->tls = ult_tp_get();
    u->flags |= ULT_OWN_TLS;
    u->prio_bit |= SCHED_TLS_BIT;
}

void sched_tls_reaper_enter(char *reaper)
{
    main_view.sched_self = sched_self_tls;
    main_view.vp_self = vp_self_tls;
    main_view.vp_task = vp_task_tls;
    main_view.tid = *(pid_t *)(ult_tp_get() + ult_tls_tid_offset);
    write_view(reaper, main_view.sched_self, main_view.vp_self, main_view.vp_task,
               main_view.tid);
    ult_tp_set(reaper);
}

void sched_tls_reaper_leave(char *reaper, char *main_tp)
{
    write_view(main_tp, main_view.sched_self, main_view.vp_self, main_view.vp_task,
               main_view.tid);
    ult_tp_set(main_tp);
    ult_tls_put(reaper);
}
