/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/thread.c - threads: each pthread a ULT on a TLS block of its
 * own (MLTP_TLS_ULT), its pthread_t the address of its record. A made
 * thread's record goes back to a pool at its join, or at its end when
 * detached; its state word says which (PT_ENDED, PT_DETACHED) and wakes
 * joiners. Records are never freed, so that a call on a thread that is
 * gone finds PT_GONE and says ESRCH, as glibc's does while the thread's
 * stack is cached; a record reused by a new thread is that thread's. The ULT itself is joined with mltp_join, so that a join
 * returns only once the thread is wholly gone, its TLS destructors run. */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "pthread/pt.h"

/* glibc's: the thread_local destructors, which must run before the key
   destructors, as at a pthread's end */
extern void __call_tls_dtors(void) __attribute__((weak));

static unsigned int live;           /* made threads not ended */
static struct pt_thread *pool;      /* records of threads gone */
static int pool_lock;

static void lock_pool(void)
{
    while (__atomic_exchange_n(&pool_lock, 1, __ATOMIC_ACQUIRE))
        mltp_self() ? mltp_yield() : pt_pause();
}

static struct pt_thread *record_get(void)
{
    struct pt_thread *t;

    lock_pool();
    if ((t = pool) != NULL)
        pool = t->next_gone;
    __atomic_store_n(&pool_lock, 0, __ATOMIC_RELEASE);
    if (!t)
        return calloc(1, sizeof *t);
    memset(t, 0, sizeof *t);
    return t;
}

static void record_put(struct pt_thread *t)
{
    __atomic_store_n(&t->state, PT_GONE, __ATOMIC_RELEASE);
    lock_pool();
    t->next_gone = pool;
    pool = t;
    __atomic_store_n(&pool_lock, 0, __ATOMIC_RELEASE);
}
static int main_exited;             /* main called pthread_exit */

/* what the C library would give a pthread: its default attribute's (the
   stack rlimit, 8 MiB most often), read once; pthread_setattr_default_np
   later is not seen */
static size_t default_stack(void)
{
    static size_t size;
    pthread_attr_t a;
    size_t s = 0;

    if (size)
        return size;
    if (pthread_getattr_default_np(&a) == 0) {
        pthread_attr_getstacksize(&a, &s);
        pthread_attr_destroy(&a);
    }
    return size = s ? s : 8u << 20;
}

static size_t page_size(void)
{
    static size_t ps;
    if (!ps)
        ps = (size_t)sysconf(_SC_PAGESIZE);
    return ps;
}

void pt_thread_finish(struct pt_thread *t)
{
    unsigned int old;

    if (__call_tls_dtors)
        __call_tls_dtors();
    pt_keys_run_destructors(t);
    pt_keys_free(t);
    /* the last thread of a fork()ed child: as if exit(0) */
    if (pt_forked)
        exit(0);
    if (t->kind == PT_MAIN) {
        __atomic_fetch_or(&t->state, PT_ENDED, __ATOMIC_ACQ_REL);
        mltp_word_wake(&t->state, INT_MAX);
        return;
    }
    pt_set_self(NULL);
    old = __atomic_fetch_or(&t->state, PT_ENDED, __ATOMIC_ACQ_REL);
    if (old & PT_DETACHED)
        record_put(t);
    else
        mltp_word_wake(&t->state, INT_MAX);     /* t lives until joined */
    /* the last thread after main's pthread_exit ends the program */
    if (__atomic_sub_fetch(&live, 1, __ATOMIC_ACQ_REL) == 0 &&
        __atomic_load_n(&main_exited, __ATOMIC_ACQUIRE))
        exit(0);
}

/* The thread's function, where pthread_exit's unwinding ends (its frame
   holds end_frame): on the ULT's stack, or on the program's own */
static void run(void *p)
{
    struct pt_thread *t = p;
    volatile char marker = 0;

    t->end_frame = (const void *)&marker;
    if (setjmp(t->end) == 0)
        t->retval = t->fn(t->arg);
}

static void *start_routine(void *p)
{
    struct pt_thread *t = p;

    t->ult = mltp_self();
    pt_set_self(t);
    if (t->user_stack)
        pt_call_on_stack((void *)((uintptr_t)(t->user_stack + t->stack_size) & ~(uintptr_t)15),
                         run, t);
    else
        run(t);
    pt_thread_finish(pt_self());
    return NULL;
}

/* what of attr MLTP cannot honour: ENOTSUP */
static int attr_refused(const pthread_attr_t *attr)
{
    int inherit, policy, scope;
    struct sched_param sp;
    cpu_set_t cpus;

    if (pthread_attr_getscope(attr, &scope) == 0 && scope != PTHREAD_SCOPE_SYSTEM)
        return ENOTSUP;
    if (pthread_attr_getinheritsched(attr, &inherit) == 0 && inherit == PTHREAD_EXPLICIT_SCHED &&
        ((pthread_attr_getschedpolicy(attr, &policy) == 0 && policy != SCHED_OTHER) ||
         (pthread_attr_getschedparam(attr, &sp) == 0 && sp.sched_priority != 0)))
        return ENOTSUP;
    /* an affinity set: glibc reports every CPU when none was set */
    if (pthread_attr_getaffinity_np(attr, sizeof cpus, &cpus) == 0) {
        static const unsigned char all[sizeof(cpu_set_t)] = { [0 ... sizeof(cpu_set_t) - 1] = 0xff };
        if (memcmp(&cpus, all, sizeof cpus) != 0)
            return ENOTSUP;
    }
    return 0;
}

PT_API int pthread_create(pthread_t *out, const pthread_attr_t *attr, void *(*fn)(void *),
                          void *arg)
{
    struct pt_thread *self, *t;
    mltp_attr_t ma;
    mltp_t *u;
    int detached = 0, e;
    size_t stack = 0, guard = 0;
    char *user_stack = NULL;
    sigset_t mask;

    pt_ensure_started();
    self = pt_self();
    mltp_attr_init(&ma);
    if (attr) {
        void *addr;
        if ((e = attr_refused(attr)) != 0)
            return e;
        pthread_attr_getdetachstate(attr, &detached);
        detached = detached == PTHREAD_CREATE_DETACHED;
        pthread_attr_getstacksize(attr, &stack);
        pthread_attr_getguardsize(attr, &guard);
        /* a stack the program supplies (glibc reports an address that
           wraps to 0 with the size when none was set): the function runs
           there, the ULT on a small stack of MLTP's, and no guard */
        if (pthread_attr_getstack(attr, &addr, &stack) == 0 &&
            (uintptr_t)addr + stack != 0) {
            user_stack = addr;
            guard = 0;
        } else {
            pthread_attr_getstacksize(attr, &stack);
            if (guard != page_size() && mltp_attr_setguardsize(&ma, guard) != 0)
                return EINVAL;
        }
        if (pthread_attr_getsigmask_np(attr, &mask) != 0)
            mask = self->mask;
    } else {
        mask = self->mask;
        guard = page_size();
    }
    if (!stack)
        stack = default_stack();
    if (stack < MLTP_STACK_MIN && !user_stack)
        stack = MLTP_STACK_MIN;
    ma.stacksize = user_stack ? MLTP_STACK_MIN : stack;
    if (mltp_attr_settls(&ma, MLTP_TLS_ULT) != 0)
        return EAGAIN;
    if (!(t = record_get()))
        return EAGAIN;
    t->kind = PT_MADE;
    t->fn = fn;
    t->arg = arg;
    t->state = detached ? PT_DETACHED : 0;
    t->stack_size = stack;
    t->guard_size = guard;
    t->user_stack = user_stack;
    t->mask = mask;
    __atomic_add_fetch(&live, 1, __ATOMIC_RELAXED);
    /* the id is the program's before the thread may run */
    *out = (pthread_t)t;
    u = mltp_create_attr(&ma, start_routine, t);
    if (!u) {
        e = errno == EINVAL ? EINVAL : EAGAIN;
        __atomic_sub_fetch(&live, 1, __ATOMIC_RELAXED);
        record_put(t);
        return e;
    }
    if (detached)
        mltp_detach(u);         /* t may be gone already: not read again */
    else
        t->ult = u;
    return 0;
}

/* the ULT's end, then its record */
static void reap(struct pt_thread *t, void **retval)
{
    if (t->kind == PT_MADE) {
        mltp_join(t->ult, NULL);
        mltp_free(t->ult);
    }
    if (retval)
        *retval = t->retval;
    if (t->kind == PT_MADE)
        record_put(t);
}

static int join(pthread_t th, void **retval, clockid_t c, const struct timespec *abstime,
                int try)
{
    struct pt_thread *t = (struct pt_thread *)th, *self = pt_self();
    unsigned int s;
    long deadline;
    int e;

    if (!t || (__atomic_load_n(&t->state, __ATOMIC_ACQUIRE) & PT_GONE))
        return ESRCH;
    if (t == self)
        return EDEADLK;
    if ((e = pt_deadline(c, abstime, &deadline)) != 0)
        return e;
    s = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE);
    if (s & PT_DETACHED)
        return EINVAL;
    if (try && !(s & PT_ENDED))
        return EBUSY;
    s = __atomic_fetch_or(&t->state, PT_JOINING, __ATOMIC_ACQ_REL);
    if (s & (PT_JOINING | PT_DETACHED)) {
        if (!(s & PT_JOINING))
            __atomic_fetch_and(&t->state, ~PT_JOINING, __ATOMIC_RELAXED);
        return EINVAL;
    }
    while (!((s = __atomic_load_n(&t->state, __ATOMIC_ACQUIRE)) & PT_ENDED)) {
        e = pt_wait_cancellable(&t->state, s, deadline);
        if (e == ETIMEDOUT || e == ECANCELED) {
            /* a cancelled joiner leaves the thread joinable */
            __atomic_fetch_and(&t->state, ~PT_JOINING, __ATOMIC_RELEASE);
            if (e == ECANCELED)
                pt_exit(self, PTHREAD_CANCELED);
            return ETIMEDOUT;
        }
    }
    if (t->kind == PT_MAIN) {
        if (retval)
            *retval = t->retval;
        return 0;
    }
    reap(t, retval);
    return 0;
}

PT_API int pthread_join(pthread_t th, void **retval)
{
    return join(th, retval, CLOCK_REALTIME, NULL, 0);
}

PT_API int pthread_tryjoin_np(pthread_t th, void **retval)
{
    return join(th, retval, CLOCK_REALTIME, NULL, 1);
}

PT_API int pthread_timedjoin_np(pthread_t th, void **retval, const struct timespec *abstime)
{
    return join(th, retval, CLOCK_REALTIME, abstime, 0);
}

PT_API int pthread_clockjoin_np(pthread_t th, void **retval, clockid_t c,
                                const struct timespec *abstime)
{
    return join(th, retval, c, abstime, 0);
}

PT_API int pthread_detach(pthread_t th)
{
    struct pt_thread *t = (struct pt_thread *)th;
    mltp_t *u;
    unsigned int old;

    if (!t || (__atomic_load_n(&t->state, __ATOMIC_ACQUIRE) & PT_GONE))
        return ESRCH;
    if (t->kind != PT_MADE) {
        /* main, or a thread we did not make: nobody frees them */
        old = __atomic_fetch_or(&t->state, PT_DETACHED, __ATOMIC_ACQ_REL);
        return old & (PT_DETACHED | PT_JOINING) ? EINVAL : 0;
    }
    u = t->ult;
    old = __atomic_fetch_or(&t->state, PT_DETACHED, __ATOMIC_ACQ_REL);
    if (old & (PT_DETACHED | PT_JOINING)) {
        if (!(old & PT_DETACHED))
            __atomic_fetch_and(&t->state, ~PT_DETACHED, __ATOMIC_RELAXED);
        return EINVAL;
    }
    if (old & PT_ENDED)
        reap(t, NULL);          /* it ended joinable: nobody else frees it */
    else
        mltp_detach(u);
    return 0;
}

PT_API pthread_t pthread_self(void)
{
    return (pthread_t)pt_self();
}

PT_API int pthread_equal(pthread_t a, pthread_t b)
{
    return a == b;
}

PT_API void pthread_exit(void *retval)
{
    pt_exit(pt_self(), retval);
}

/* main's pthread_exit: the program goes on until its last thread ends */
void pt_main_exit(void)
{
    __atomic_store_n(&main_exited, 1, __ATOMIC_RELEASE);
    pt_thread_finish(&pt_main);
    if (__atomic_load_n(&live, __ATOMIC_ACQUIRE) == 0)
        exit(0);
    for (;;) {
        static unsigned int never;
        mltp_word_wait(&never, 0, -1);
    }
}

/* pthread.h makes pthread_yield sched_yield: binaries built before
   that call it by name */
PT_API int pt_pthread_yield(void) __asm__("pthread_yield");
PT_API int pt_pthread_yield(void)
{
    return sched_yield();
}

PT_API int sched_yield(void)
{
    if (mltp_vp_id() >= 0 && mltp_self())
        mltp_yield();
    else
        syscall(SYS_sched_yield);
    return 0;
}

PT_API int pthread_getattr_np(pthread_t th, pthread_attr_t *attr)
{
    struct pt_thread *t = (struct pt_thread *)th;
    int e;

    if (!t)
        return ESRCH;
    if ((e = pthread_attr_init(attr)) != 0)
        return e;
    if (t->state & PT_DETACHED)
        pthread_attr_setdetachstate(attr, PTHREAD_CREATE_DETACHED);
    if (t->user_stack)
        pthread_attr_setstack(attr, t->user_stack, t->stack_size);
    else if (t->stack_size)
        pthread_attr_setstacksize(attr, t->stack_size);
    pthread_attr_setguardsize(attr, t->user_stack ? 0 : t->guard_size ? t->guard_size : page_size());
    return 0;
}

PT_API int pthread_setname_np(pthread_t th, const char *name)
{
    struct pt_thread *t = (struct pt_thread *)th;

    if (!t)
        return ESRCH;
    if (strlen(name) >= sizeof t->name)
        return ERANGE;
    strcpy(t->name, name);
    return 0;
}

PT_API int pthread_getname_np(pthread_t th, char *buf, size_t len)
{
    struct pt_thread *t = (struct pt_thread *)th;
    size_t n;

    if (!t)
        return ESRCH;
    n = strlen(t->name);
    if (n >= len)
        return ERANGE;
    memcpy(buf, t->name, n + 1);
    return 0;
}

/* ---- scheduling: one policy, no priorities, no affinity per thread ---- */

PT_API int pthread_getschedparam(pthread_t th, int *policy, struct sched_param *sp)
{
    if (!th)
        return ESRCH;
    *policy = SCHED_OTHER;
    sp->sched_priority = 0;
    return 0;
}

PT_API int pthread_setschedparam(pthread_t th, int policy, const struct sched_param *sp)
{
    if (!th)
        return ESRCH;
    return policy == SCHED_OTHER && sp->sched_priority == 0 ? 0 : ENOTSUP;
}

PT_API int pthread_setschedprio(pthread_t th, int prio)
{
    if (!th)
        return ESRCH;
    return prio == 0 ? 0 : ENOTSUP;
}

PT_API int pthread_setaffinity_np(pthread_t th, size_t size, const cpu_set_t *set)
{
    (void)size;
    (void)set;
    return th ? ENOTSUP : ESRCH;
}

PT_API int pthread_getaffinity_np(pthread_t th, size_t size, cpu_set_t *set)
{
    if (!th)
        return ESRCH;
    /* a ULT may run on any CPU the process may */
    return sched_getaffinity(0, size, set) == 0 ? 0 : errno;
}

PT_API int pthread_getcpuclockid(pthread_t th, clockid_t *c)
{
    (void)c;
    if (!th)
        return ESRCH;
    return ENOTSUP;             /* a ULT's CPU time is not counted apart */
}

PT_API int pthread_getconcurrency(void)
{
    return 0;
}

PT_API int pthread_setconcurrency(int level)
{
    return level < 0 ? EINVAL : 0;
}
