/* vp/tcb.c - each VP gets its own glibc thread control block and TLS.
 *
 * We "borrow" them from a pthread (FINDINGS.md section 2): a helper thread,
 * created with every signal blocked, records where glibc put its tid and
 * robust list, then ends with a raw SYS_exit, so glibc never learns it died
 * and never reuses its TCB or stack. The VP is clone()d with that TCB as its
 * thread pointer (CLONE_SETTLS) on the helper's unused stack. glibc has
 * filled every TCB field itself: the stack-protector canary and pointer
 * guard (identical in every thread, as ULT migration needs), ctype tables,
 * resolver state, and the multi-threaded flags, since pthread_create put
 * glibc into multi-threaded mode.
 */
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "vp/vp.h"

#define VP_CLONE_FLAGS (CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | \
                        CLONE_SYSVSEM | CLONE_SETTLS | CLONE_PARENT_SETTID | \
                        CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID | SIGCHLD)

static long tid_offset = -1;   /* of the tid field in struct pthread */

struct borrow {
    pid_t tid;
    long tid_off;
    void *sp;
    void *robust;
    size_t robust_len;
    volatile int ready;
};

static void *borrow_main(void *arg)
{
    struct borrow *b = arg;
    char here;
    const char *self = (const char *)pthread_self();
    b->tid = (pid_t)syscall(SYS_gettid);
    /* struct pthread is glibc-private: find the tid field rather than
       assume an offset; it must be unique in the first 1 KiB. */
    b->tid_off = -1;
    for (long off = 0; off < 1024; off += sizeof(pid_t)) {
        if (*(const pid_t *)(self + off) == b->tid) {
            b->tid_off = b->tid_off < 0 ? off : -2;
        }
    }
    b->sp = &here;
    syscall(SYS_get_robust_list, 0, &b->robust, &b->robust_len);
    sync_store_release(&b->ready, 1);
    for (;;)
        syscall(SYS_exit, 0);
    return NULL;
}

void vp_raw_exit(int status)
{
    for (;;)
        syscall(SYS_exit, status);
}

volatile pid_t *vp_tcb_tid(struct vp_tcb *t)
{
    return (volatile pid_t *)(t->tcb + tid_offset);
}

int vp_tcb_borrow(struct vp_tcb *t, size_t stack_size)
{
    pthread_attr_t a;
    sigset_t all, old;
    struct borrow b;
    pthread_t pt;
    int e;

    memset(&b, 0, sizeof b);
    if ((e = pthread_attr_init(&a)) != 0)
        return e;
    if (stack_size && (e = pthread_attr_setstacksize(&a, stack_size)) != 0) {
        pthread_attr_destroy(&a);
        return e;
    }
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    e = pthread_create(&pt, &a, borrow_main, &b);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&a);
    if (e)
        return e;
    while (!CMM_LOAD_SHARED(b.ready))
        sched_yield();
    if (b.tid_off < 0) {
        pthread_join(pt, NULL);
        vp_warn("cannot find the tid field in glibc's thread descriptor "
                "(unsupported glibc); no VP can be created");
        return ENOTSUP;
    }
    /* The kernel clears the helper's tid (CLONE_CHILD_CLEARTID) and wakes
       a shared futex once the helper is gone; then its stack is ours. */
    volatile pid_t *tidp = (volatile pid_t *)((char *)pt + b.tid_off);
    pid_t v;
    while ((v = *tidp) != 0)
        syscall(SYS_futex, tidp, FUTEX_WAIT, v, NULL, NULL, 0);
    tid_offset = b.tid_off;
    t->tcb = (char *)pt;
    t->pt = pt;
    t->stack_top = (void *)(((uintptr_t)b.sp - 512) & ~(uintptr_t)63);
    t->robust = b.robust;
    t->robust_len = b.robust_len;
    return 0;
}

void vp_tcb_adopt(struct vp_tcb *t)
{
    /* rseq makes sched_getcpu() right; the helper's registration died with
       it. If the kernel refuses, tell glibc to fall back to getcpu. */
    if (__rseq_size > 0) {
        struct rseq *r = (struct rseq *)(t->tcb + __rseq_offset);
        if (syscall(SYS_rseq, r, __rseq_size, 0, 0x53053053) != 0)
            r->cpu_id = (uint32_t)-2; /* RSEQ_CPU_ID_REGISTRATION_FAILED */
    }
    syscall(SYS_set_robust_list, t->robust, t->robust_len);
}

void vp_tcb_release(struct vp_tcb *t)
{
    if (t->tcb) {
        pthread_join(t->pt, NULL); /* tid is 0: glibc frees stack and TLS */
        t->tcb = NULL;
    }
}

pid_t vp_clone(int (*fn)(void *), struct vp_tcb *t, void *arg, int extra_flags)
{
    pid_t *ctid = (pid_t *)(t->tcb + tid_offset);
    return clone(fn, t->stack_top, VP_CLONE_FLAGS | extra_flags, arg, ctid,
                 t->tcb, ctid);
}
