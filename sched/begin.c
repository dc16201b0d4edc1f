/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/begin.c - main takes part in the work: mltp_begin and mltp_end.
 * mltp_begin makes its caller a ULT, "main", on the caller's own stack,
 * queued with the others; the caller's kernel-level thread moves to a
 * stack of ours and reaps the VPs there, as mltp_start's caller does, so
 * it burns no CPU. mltp_end takes main out of the live count and blocks it
 * in no queue: when the last other ULT ends the start is over, the VPs
 * leave, and the reaper switches back into main's context, so mltp_end
 * returns on the thread that called mltp_begin (ARCHITECTURE.md, "Main's
 * share"). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "base/libc.h"
#include "sched/switch.h"
#include "sched/tls.h"
#include "ult/tls.h"
#include "ult/valgrind.h"

/* Committed only as it is touched; the program's signal handlers run
   here (vp/reaper.c emulates them in main's thread). */
#define REAPER_STACK (8UL << 20)

static struct {
    ult_t u;                    /* main, as a ULT */
    char private_area[MLTP_PRIVATE_SIZE] __attribute__((aligned(16)));
    int nvp;
    int result;                 /* errno value for mltp_begin or mltp_end */
    volatile int begun;         /* from mltp_begin to mltp_end's return */
    volatile int leaving;       /* main waits in mltp_end */
    char *stack;                /* the reaper's, kept for the next begin */
    char *reaper_tls;           /* main on its own block: the reaper's */
} mg;

int sched_is_main_share(const ult_t *u)
{
    return u == &mg.u;
}

/* Main's share may be nowhere (in mltp_end) and has no stack of ours:
   sched/ids.c asks here. */
void sched_main_share_mark_id(void)
{
    if (mg.begun)
        ult_id_mark(mg.u.thrid);
}

/* main as a ULT: no stack of its own to cache, never joined nor freed
   (DETACHED: join and detach say EINVAL). Its stack bounds are the main
   thread's, for overflow messages and AddressSanitizer. */
static void main_ult_init(void)
{
    ult_t *u = &mg.u;
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;

    ult_init(u, ult_id_stackless(&ult_cache_tls), NULL, NULL, MLTP_PRIO_DEFAULT);
    memcpy(u->name, "main", 5);
    u->life = ULT_DETACHED;
    u->prio_bit = 1UL << u->prio;
    memset(mg.private_area, 0, sizeof mg.private_area);
    u->private = mg.private_area;
    if (base_libc()->pthread_getattr_np(base_libc()->pthread_self(), &a) == 0) {
        pthread_attr_getstack(&a, &addr, &size);
        pthread_attr_destroy(&a);
    }
    u->stack_lo = addr ? (char *)addr - ult_guard_size : NULL;
    u->stack_map = addr ? size + ult_guard_size : 0;
    u->flags |= ULT_MAIN_STACK;
    if (sched_trace_ults) {
        u->flags |= ULT_TRACED;
        u->prio_bit |= SCHED_TRACE_BIT;
    }
}

/* On the reaper's stack, main's context saved: queue main (queue 0, as
   any kernel-level thread's ULT). No VP runs yet; a bound thread may:
   lock. */
static void *queue_main(void *old_sp, void *u, void *unused)
{
    struct sched_runq *q = &sched_runqs[0];

    (void)unused;
    ((ult_t *)u)->sp = old_sp;
    sched_outside_live_add(1);
    sched_rq_lock_push(q);
    sched_push_back(q, u);
    sched_rq_unlock(q);
    return NULL;
}

/* No VP could start: main is still queued, and nothing ran. */
static void unqueue_main(void)
{
    struct sched_runq *q = &sched_runqs[0];

    sched_rq_lock(q);
    sched_rq_remove(q, &mg.u);
    sched_rq_unlock(q);
    sched_outside_live_add(-1);
}

/* errno of the thread we run on now. A function that switched threads
   (mltp_begin, mltp_end) may still hold the other thread's errno address:
   GCC computes it once, __errno_location() being const. */
static __attribute__((noinline, noipa)) void set_errno(int e)
{
    errno = e;
}

static void *nothing(void *old_sp, void *a1, void *a2)
{
    (void)old_sp, (void)a1, (void)a2;
    return NULL;
}

/* The caller's kernel-level thread, on the reaper's stack, for the whole
   of main's share. Then back into main: its mltp_end, or its mltp_begin
   when no VP could start. The reaper's context is left for good. */
static void reaper(void *arg, void *helper_result) __attribute__((noreturn));
static void reaper(void *arg, void *helper_result)
{
    int none;

    (void)arg, (void)helper_result;
    ult_asan_finish(NULL);          /* the switch from main's stack */
    if (mg.reaper_tls)
        sched_tls_reaper_enter(mg.reaper_tls);
    mg.result = sched_start_run(mg.nvp, &none);
    if (none) {
        unqueue_main();
    } else if (mg.result == EDEADLK && !mg.leaving) {
        /* main's share is blocked among them: nobody can go on */
        sched_trace_deadlock(1);
        base_warn("deadlock: %ld ULT(s) blocked, main's share among them, and "
                  "none can ever run; the program ends", sched_live());
        vp_end_program(0, EXIT_FAILURE);
    } else if (mg.result == EDEADLK) {
        sched_trace_deadlock(0);
        base_warn("deadlock: %ld ULT(s) blocked and none can ever run; "
                  "mltp_end returns", sched_live());
    }
    if (mg.reaper_tls) {
        sched_tls_reaper_leave(mg.reaper_tls, mg.u.tls);
        mg.reaper_tls = NULL;
    }
    ult_asan_start(NULL, mg.u.stack_lo + ult_guard_size, mg.u.stack_map - ult_guard_size);
    ult_switch(mg.u.sp, NULL, NULL, nothing);
    __builtin_unreachable();
}

int mltp_begin(int nvp)
{
    int e, saved_errno = errno;
    long page = sysconf(_SC_PAGESIZE);
    void *fake = NULL;

    if (mg.begun) {
        base_warn("mltp_begin(): main already takes part (call mltp_end first)");
        errno = EBUSY;
        return -1;
    }
    if ((e = sched_start_prepare(nvp, "mltp_begin", 1)) != 0) {
        errno = e;
        return -1;
    }
    if (!mg.stack) {
        char *s = mmap(NULL, REAPER_STACK, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
        if (s == MAP_FAILED || mprotect(s, (size_t)page, PROT_NONE) != 0) {
            e = errno;
            if (s != MAP_FAILED)
                munmap(s, REAPER_STACK);
            base_warn("mltp_begin(%d): no memory for the reaper's stack: %s",
                      nvp, strerror(e));
            errno = e;
            return -1;
        }
        mg.stack = s;
        /* kept for the program's life: never deregistered */
        (void)ult_vg_stack_register(s + page, s + REAPER_STACK);
    }
    main_ult_init();
    if (sched_tls_main_wanted()) {
        mg.reaper_tls = ult_tls_get(mg.stack + page, REAPER_STACK - (size_t)page);
        if (!mg.reaper_tls) {
            base_warn("mltp_begin(%d): no memory for the reaper's TLS block", nvp);
            errno = ENOMEM;
            return -1;
        }
        sched_tls_main_share(&mg.u);
    }
    mg.nvp = nvp;
    mg.result = 0;
    mg.leaving = 0;
    mg.begun = 1;
    ult_asan_start(&fake, mg.stack + page, REAPER_STACK - (size_t)page);
    ult_switch(ult_context_init(mg.stack + REAPER_STACK, reaper, NULL, ult_fp_control()),
               &mg.u, NULL, queue_main);
    ult_asan_finish(fake);
    if (sched_running() == &mg.u) {     /* on a VP: main's share */
        if (mg.u.flags & ULT_OWN_TLS)
            sched_tls_enter(&mg.u);     /* the VP's loop switched to it */
        set_errno(saved_errno);
        return 0;
    }
    mg.begun = 0;                       /* no VP could start */
    set_errno(mg.result);
    return -1;
}

int mltp_end(void)
{
    int saved_errno = errno;

    if (!mg.begun || sched_running() != &mg.u) {
        base_warn("mltp_end() called %s", mg.begun ? "by another thread than main's share"
                                                   : "without mltp_begin()");
        errno = EPERM;
        return -1;
    }
    static base_spin_t nobody;      /* main is queued nowhere */
    sched_vp_t *sv = sched_current();

    mg.leaving = 1;
    /* no longer live: the VP's loop finishes the start if it was the last */
    base_store_ordered(&sv->ended, sv->ended + 1);  /* "Live count" */
    sched_block(&nobody);
    /* the reaper switched back: the thread that called mltp_begin */
    mg.begun = 0;
    set_errno(mg.result ? mg.result : saved_errno);
    return mg.result ? -1 : 0;
}
