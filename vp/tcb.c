/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/tcb.c - each VP gets its own glibc thread control block and TLS.
 *
 * We "borrow" them from a pthread: a helper thread,
 * created with every signal blocked, records where glibc put its tid and
 * robust list, then ends with a raw SYS_exit, so glibc never learns it died
 * and never reuses its TCB or stack. The VP is clone()d with that TCB as its
 * thread pointer (CLONE_SETTLS) on the helper's unused stack. glibc has
 * filled every TCB field itself: the stack-protector canary and pointer
 * guard (identical in every thread, as ULT migration needs), ctype tables,
 * resolver state, and the multi-threaded flags, since pthread_create put
 * glibc into multi-threaded mode.
 */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "vp/valgrind.h"
#include "vp/vp.h"

/* No exit signal: the program's wait() and SIGCHLD never see our
   processes; the library waits on their tid words (vp/pwait.c). */
#define VP_CLONE_FLAGS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | \
                        CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | \
                        CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)

static long tid_offset = -1;   /* of the tid field in struct pthread */


/* struct pthread is glibc-private: find its tid field rather than assume
   an offset. A thread's tid may also equal some other field of its first
   1 KiB by chance (a size, a count): candidates are the offsets that hold
   the tid in every thread looked at, and more threads are looked at until
   one offset is left. */
#define TID_SCAN 1024
#define TID_SLOTS (TID_SCAN / sizeof(pid_t))
typedef uint64_t tid_mask_t[TID_SLOTS / 64];

static void tid_candidates(tid_mask_t m)
{
    const pid_t *self = (const pid_t *)base_libc()->pthread_self();
    pid_t tid = (pid_t)base_syscall(SYS_gettid);

    memset(m, 0, sizeof(tid_mask_t));
    for (size_t i = 0; i < TID_SLOTS; i++)
        if (self[i] == tid)
            m[i / 64] |= 1ULL << (i % 64);
}

struct borrow {
    tid_mask_t cand;
    void *sp;
    void *robust;
    size_t robust_len;
#if defined(__aarch64__)
    void *tp;
#endif
    volatile int ready;
};

static void *borrow_main(void *arg)
{
    struct borrow *b = arg;
    char here;

    tid_candidates(b->cand);
    b->sp = &here;
#if defined(__aarch64__)
    b->tp = __builtin_thread_pointer();
#endif
    base_syscall(SYS_get_robust_list, 0, &b->robust, &b->robust_len);
    base_store_release(&b->ready, 1);
    for (;;)
        base_syscall(SYS_exit, 0);
    return NULL;
}

static void *probe_main(void *arg)
{
    tid_candidates(arg);
    return NULL;
}

/* The offset from the candidates of one borrowed thread, narrowed down with
   short-lived probe threads if needed; -1 if none is left. */
static long find_tid_offset(tid_mask_t cand)
{
    for (int probes = 0; probes < 16; probes++) {
        int n = 0;
        long off = -1;
        for (size_t i = 0; i < TID_SLOTS; i++)
            if (cand[i / 64] >> (i % 64) & 1) {
                n++;
                off = (long)(i * sizeof(pid_t));
            }
        if (n <= 1)
            return n == 1 ? off : -1;
        tid_mask_t more;
        pthread_t pt;
        if (base_libc()->pthread_create(&pt, NULL, probe_main, more) != 0)
            return -1;
        base_libc()->pthread_join(pt, NULL);
        for (size_t k = 0; k < TID_SLOTS / 64; k++)
            cand[k] &= more[k];
    }
    return -1;
}

/* The normal end of a VP or bound thread: this thread only (SYS_exit,
   not glibc's exit: no handlers run again). Whoever reaps it then kills
   what is left of its thread group (pthreads a ULT made there end with
   it): exit_group here would work on Linux, but valgrind, which runs our
   processes as threads of one, would end the whole program. */
void vp_thread_exit(int status)
{
    for (;;)
        base_syscall(SYS_exit, status);
}

/* The end of its whole thread group, at once. */
void vp_group_exit(int status)
{
    for (;;)
        base_syscall(SYS_exit_group, status);
}

volatile pid_t *vp_tcb_tid(struct vp_tcb *t)
{
    return (volatile pid_t *)(t->tcb + tid_offset);
}

/* The static TLS block glibc puts at the top of every thread's stack
   (each module loaded at start, and its surplus for later dlopens), from
   its dynamic linker's private call, which sanitizers use too; 0 where it
   says nothing (a static program). */
static size_t static_tls_size(void)
{
    static size_t size = (size_t)-1;

    if (size == (size_t)-1) {
        void *f = dlsym(RTLD_DEFAULT, "_dl_get_tls_static_info");
        void (*info)(size_t *, size_t *);
        size_t n = 0, align = 0;
        if (f) {
            memcpy(&info, &f, sizeof f);
            info(&n, &align);
        }
        size = n + align;
    }
    return size;
}

int vp_pthread_create(pthread_t *pt, pthread_attr_t *a, size_t stack_size,
                      void *(*fn)(void *), void *arg)
{
    size_t tls = static_tls_size(), size = stack_size;
    sigset_t all, old;
    int e = 0;

    if (!size) {
        pthread_attr_t d;
        if ((e = pthread_getattr_default_np(&d)) != 0)
            return e;
        e = pthread_attr_getstacksize(&d, &size);
        pthread_attr_destroy(&d);
    }
    /* aarch64's minimum is 128 KiB, more than the monitor asks */
    if (size < (size_t)PTHREAD_STACK_MIN)
        size = (size_t)PTHREAD_STACK_MIN;
    for (int tries = 0; e == 0; tries++) {
        if ((e = pthread_attr_setstacksize(a, size + tls)) == 0) {
            sigfillset(&all);
            base_libc()->pthread_sigmask(SIG_SETMASK, &all, &old);   /* it inherits: none */
            e = base_libc()->pthread_create(pt, a, fn, arg);
            base_libc()->pthread_sigmask(SIG_SETMASK, &old, NULL);
        }
        if (e != EINVAL || tls || tries == 16)
            break;
        size *= 2;
        e = 0;
    }
    return e;
}

int vp_tcb_borrow(struct vp_tcb *t, size_t stack_size)
{
    pthread_attr_t a;
    struct borrow b;
    pthread_t pt;
    int e;

    memset(&b, 0, sizeof b);
    if ((e = pthread_attr_init(&a)) != 0)
        return e;
    e = vp_pthread_create(&pt, &a, stack_size, borrow_main, &b);
    pthread_attr_destroy(&a);
    if (e)
        return e;
    while (!base_load_acquire(&b.ready))
        base_libc()->sched_yield();
    if (tid_offset < 0)
        tid_offset = find_tid_offset(b.cand);
    if (tid_offset < 0 || !(b.cand[(size_t)tid_offset / sizeof(pid_t) / 64] >>
                            ((size_t)tid_offset / sizeof(pid_t) % 64) & 1)) {
        base_libc()->pthread_join(pt, NULL);
        base_warn("cannot find the tid field in glibc's thread descriptor "
                "(unsupported glibc); no VP can be created");
        return ENOTSUP;
    }
    /* The kernel clears the helper's tid (CLONE_CHILD_CLEARTID) and wakes
       a shared futex once the helper is gone; then its stack is ours. */
    volatile pid_t *tidp = (volatile pid_t *)((char *)pt + tid_offset);
    pid_t v;
    while ((v = *tidp) != 0)
        base_syscall(SYS_futex, tidp, FUTEX_WAIT, v, NULL, NULL, 0);
    t->tcb = (char *)pt;
#if defined(__aarch64__)
    t->tp = b.tp;
#endif
    t->pt = pt;
    t->stack_top = (void *)(((uintptr_t)b.sp - 512) & ~(uintptr_t)63);
    t->robust = b.robust;
    t->robust_len = b.robust_len;
    return 0;
}

void vp_tcb_adopt(struct vp_tcb *t)
{
    /* rseq makes sched_getcpu() right; the helper's registration died with
       it. If the kernel refuses, tell glibc to fall back to getcpu. The
       signature is glibc's, whose abort handlers others' critical
       sections may use (each architecture has its own). */
    if (__rseq_size > 0) {
        struct rseq *r = (struct rseq *)(VP_TCB_TP(t) + __rseq_offset);
        /* __rseq_size is the used part (20 bytes in glibc 2.35-2.39); the
           kernel wants at least the original 32-byte area, which glibc
           allocates: with 20 it said EINVAL, and every VP went without */
        unsigned int len = __rseq_size < 32 ? 32 : __rseq_size;
        if (base_syscall(SYS_rseq, r, len, 0, RSEQ_SIG) != 0)
            r->cpu_id = (uint32_t)-2; /* RSEQ_CPU_ID_REGISTRATION_FAILED */
    }
    base_syscall(SYS_set_robust_list, t->robust, t->robust_len);
}

/* Called by a bound thread as it ends normally, on its borrowed TCB:
   glibc gives a joined TCB to later pthreads without clearing its
   thread-specific data (it expects the thread's exit to have run the
   keys' destructors and cleared them), so a value set here (by the
   program, a library, or AddressSanitizer) would show up in an unrelated
   thread. Clear every key's value; destructors do not run, as for a
   process that exits. */
void vp_tcb_scrub_keys(void)
{
    for (unsigned int k = 0; k < PTHREAD_KEYS_MAX; k++)
        base_libc()->pthread_setspecific((pthread_key_t)k, NULL);
}

void vp_tcb_release(struct vp_tcb *t)
{
    if (t->tcb) {
        base_libc()->pthread_join(t->pt, NULL); /* tid is 0: glibc frees stack and TLS */
        t->tcb = NULL;
    }
}

/* Under valgrind: memcheck made the helper's stack inaccessible below its
   stack pointer as its frames returned (the last VP's frames likewise),
   and clone() writes the function and its argument there before the new
   process runs. Below stack_top the stack is new to the new process. */
static void vg_fresh_stack(struct vp_tcb *t)
{
    pthread_attr_t a;
    void *lo;
    size_t size;

    if (!vp_vg_running() || base_libc()->pthread_getattr_np(t->pt, &a) != 0)
        return;
    if (pthread_attr_getstack(&a, &lo, &size) == 0 && (char *)lo < (char *)t->stack_top)
        vp_vg_undefined(lo, (size_t)((char *)t->stack_top - (char *)lo));
    pthread_attr_destroy(&a);
}

pid_t vp_clone(int (*fn)(void *), struct vp_tcb *t, void *arg, int extra_flags)
{
    pid_t *ctid = (pid_t *)(t->tcb + tid_offset);

    vg_fresh_stack(t);
    return clone(fn, t->stack_top, VP_CLONE_FLAGS | extra_flags, arg, ctid,
                 VP_TCB_TP(t), ctid);
}
