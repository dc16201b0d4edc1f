/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/cancel.c - pthread_exit and deferred cancellation. A thread
 * leaves by forced unwinding, as under glibc: C++ destructors and the
 * cleanup handlers of C++ code run frame by frame, and the unwinder stops
 * at each buffer that C code's pthread_cleanup_push registered (a longjmp
 * into it: the macro runs the handler, then __pthread_unwind_next goes
 * on) and at the thread's start (a longjmp to its record's `end`). A
 * cancellation request is acted on at the cancellation points: the waits
 * of join, conditions, semaphores and sleeps, and pthread_testcancel.
 * The canceller wakes the word its target waits on until the target has
 * left that wait: a waiter may have read no request yet and be about to
 * queue, so one wake could come too early. Asynchronous cancellation is
 * refused (ENOTSUP). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <unwind.h>
#include "pthread/pt.h"

/* The buffer of glibc's C pthread_cleanup_push (pthread.h's
   __pthread_unwind_buf_t): its jump buffer, then four pointers of which
   the first links it to the one registered before */
struct pt_cleanup {
    struct {
        __jmp_buf jb;
        int mask_was_saved;
    } jmp[1];
    struct pt_cleanup *prev;
    void *pad[3];
};
PT_FITS(struct pt_cleanup, __pthread_unwind_buf_t);

/* the unwinder's exception object, one per thread that leaves: not on
   the stack, which the landing pads reuse */
struct pt_unwind {
    struct _Unwind_Exception exc;
};
static __thread struct pt_unwind leaving __attribute__((tls_model("initial-exec")));

/* longjmp on the shorter buffer: it never reads the saved mask, which
   that buffer lacks (mask_was_saved is 0) */
extern _Noreturn void longjmp_short(void *jb, int v) __asm__("longjmp");

static _Noreturn void run_next_buffer(struct pt_thread *t)
{
    struct pt_cleanup *top = t->cleanup;

    t->cleanup = top->prev;
    longjmp_short(top->jmp, 1);
}

static _Noreturn void reach_end(struct pt_thread *t)
{
    if (t->kind == PT_MAIN)
        pt_main_exit();
    longjmp(t->end, 1);
}

static _Unwind_Reason_Code stop(int version, _Unwind_Action actions, _Unwind_Exception_Class c,
                                struct _Unwind_Exception *exc, struct _Unwind_Context *ctx,
                                void *param)
{
    struct pt_thread *t = param;
    uintptr_t cfa = (uintptr_t)_Unwind_GetCFA(ctx);
    int end = (actions & _UA_END_OF_STACK) != 0;

    (void)version, (void)c, (void)exc;
    /* the frame that holds the buffer (or the start's) is next */
    if (t->cleanup && (end || cfa > (uintptr_t)t->cleanup))
        run_next_buffer(t);
    if (end || (t->kind == PT_MADE && cfa > (uintptr_t)t->end_frame))
        reach_end(t);
    return _URC_NO_REASON;
}

static _Noreturn void unwind(struct pt_thread *t)
{
    struct _Unwind_Exception *x = &leaving.exc;

    memset(x, 0, sizeof *x);
    memcpy(&x->exception_class, "MLTP\0PTX", sizeof x->exception_class);
    _Unwind_ForcedUnwind(x, stop, t);
    /* no unwind information: the C buffers, then the start */
    while (t->cleanup)
        run_next_buffer(t);
    reach_end(t);
}

void pt_exit(struct pt_thread *t, void *retval)
{
    if (t->kind == PT_ADOPTED)
        pt_fatal("pthread_exit in a thread that pthread_create did not make");
    t->cancel_disabled = 1;
    if (!t->exiting) {
        t->exiting = 1;
        t->retval = retval;
    }
    unwind(t);
}

PT_API void __pthread_register_cancel(__pthread_unwind_buf_t *buf)
{
    struct pt_thread *t = pt_self();
    struct pt_cleanup *b = (struct pt_cleanup *)(void *)buf;

    b->prev = t->cleanup;
    t->cleanup = b;
}

PT_API void __pthread_unregister_cancel(__pthread_unwind_buf_t *buf)
{
    struct pt_thread *t = pt_self();

    t->cleanup = ((struct pt_cleanup *)(void *)buf)->prev;
}

PT_API void __pthread_unwind_next(__pthread_unwind_buf_t *buf)
{
    (void)buf;                  /* popped before its longjmp */
    unwind(pt_self());
}

/* ---- requests ---------------------------------------------------------- */

PT_API int pthread_setcancelstate(int state, int *old)
{
    struct pt_thread *t = pt_self();

    if (state != PTHREAD_CANCEL_ENABLE && state != PTHREAD_CANCEL_DISABLE)
        return EINVAL;
    if (old)
        *old = t->cancel_disabled ? PTHREAD_CANCEL_DISABLE : PTHREAD_CANCEL_ENABLE;
    if (!t->exiting)
        t->cancel_disabled = state == PTHREAD_CANCEL_DISABLE;
    return 0;
}

PT_API int pthread_setcanceltype(int type, int *old)
{
    if (type != PTHREAD_CANCEL_DEFERRED && type != PTHREAD_CANCEL_ASYNCHRONOUS)
        return EINVAL;
    if (old)
        *old = PTHREAD_CANCEL_DEFERRED;
    return type == PTHREAD_CANCEL_DEFERRED ? 0 : ENOTSUP;
}

void pt_testcancel(struct pt_thread *t)
{
    if (__atomic_load_n(&t->cancel_pending, __ATOMIC_SEQ_CST) && !t->cancel_disabled &&
        !t->exiting)
        pt_exit(t, PTHREAD_CANCELED);
}

PT_API void pthread_testcancel(void)
{
    pt_testcancel(pt_self());
}

int pt_wait_cancellable(volatile unsigned int *word, unsigned int expected, long deadline)
{
    struct pt_thread *t = pt_self();
    int e;

    if (t->cancel_disabled || t->exiting)
        return mltp_word_wait(word, expected, deadline);
    /* the word before the request: the canceller reads them the other
       way round, so one of us sees the other's */
    __atomic_store_n(&t->waiting_on, word, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&t->cancel_pending, __ATOMIC_SEQ_CST))
        e = ECANCELED;
    else
        e = mltp_word_wait(word, expected, deadline);
    __atomic_store_n(&t->waiting_on, NULL, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&t->cancel_pending, __ATOMIC_SEQ_CST))
        e = ECANCELED;
    return e;
}

PT_API int pthread_cancel(pthread_t th)
{
    struct pt_thread *t = (struct pt_thread *)th;
    volatile unsigned int *w;
    int tries = 0;

    if (!t)
        return ESRCH;
    if (__atomic_load_n(&t->state, __ATOMIC_ACQUIRE) & (PT_ENDED | PT_GONE))
        return 0;
    __atomic_store_n(&t->cancel_pending, 1, __ATOMIC_SEQ_CST);
    if (t == pt_self())
        return 0;
    while ((w = __atomic_load_n(&t->waiting_on, __ATOMIC_SEQ_CST)) != NULL) {
        mltp_word_wake(w, INT_MAX);
        if (__atomic_load_n(&t->waiting_on, __ATOMIC_SEQ_CST) != w)
            break;
        if (++tries < 16 && mltp_self())
            mltp_yield();
        else
            mltp_sleep_ns(20000);
    }
    return 0;
}
