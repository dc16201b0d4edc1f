/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/pt.h - libmltp_pthread's internals: POSIX threads on MLTP's
 * ULTs, for unmodified programs (doc/pthreads.md). Built on mltp.h alone:
 * every pthread is a ULT on a TLS block of its own, and every object
 * waits on its own words with mltp_word_wait, so that each fits in the
 * pthread type's storage and its static initialiser (zeros, or glibc's
 * kind at its offset) is a valid object. */
#ifndef PTHREAD_PT_H
#define PTHREAD_PT_H

#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/types.h>
#include <time.h>
#include <mltp.h>

#define PT_API __attribute__((visibility("default")))

/* A thread: made by pthread_create (freed by its join, or at its end when
   detached), main's (static), or adopted: a ULT or kernel-level thread we
   did not make that asks who it is (kept in its private area or its TLS) */
struct pt_cleanup;
struct pt_thread {
    mltp_t *ult;                /* NULL: main before the start, or a kernel-level thread */
    void *(*fn)(void *);
    void *arg;
    void *retval;
    unsigned int state;         /* a word: PT_ENDED, PT_DETACHED, PT_JOINING */
    int kind;                   /* PT_MADE, PT_MAIN, PT_ADOPTED */
    /* cancellation: its own state, the request, the word it waits on */
    int cancel_disabled, cancel_async;
    unsigned int cancel_pending;
    volatile unsigned int *waiting_on;
    int exiting;
    struct pt_cleanup *cleanup; /* the program's pthread_cleanup_push buffers */
    jmp_buf end;                /* pthread_exit's way out (a made thread's) */
    const void *end_frame;      /* in the frame that set end */
    /* keys: second-level arrays of values with the key's sequence */
    struct pt_keyval **keys;
    char name[16];
    size_t stack_size, guard_size;
    char *user_stack;           /* pthread_attr_setstack's, or NULL */
    sigset_t mask;              /* pthread_sigmask's, as told */
    struct pt_thread *next_gone;    /* in the pool of records */
};
#define PT_ENDED 1u
#define PT_DETACHED 2u
#define PT_JOINING 4u
#define PT_GONE 8u                  /* joined or ended detached: back in the pool */
enum { PT_MADE, PT_MAIN, PT_ADOPTED };

struct pt_keyval {
    unsigned long seq;
    void *value;
};

/* pthread/start.c */
extern struct pt_thread pt_main;
extern int pt_started;
/* pthread/process.c: main's pid, which getpid() says in every thread (a
   VP is a process of its own) */
extern pid_t pt_program_pid;
extern int pt_forked;               /* a fork()ed child: one thread */
void pt_process_init(void);
struct pt_thread *pt_self(void);
void pt_set_self(struct pt_thread *t);
void pt_ensure_started(void);
void pt_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* pthread/clock.c: an absolute time on clock c as a deadline for
   mltp_word_wait (-1: none); EINVAL for a time or clock that is not one */
int pt_deadline(clockid_t c, const struct timespec *abstime, long *deadline);
long pt_now_ns(void);

/* pthread/cancel.c: a cancellable wait on *word while it is expected:
   acts on a pending request (never returns then) */
int pt_wait_cancellable(volatile unsigned int *word, unsigned int expected, long deadline);
void pt_testcancel(struct pt_thread *self);
void pt_exit(struct pt_thread *self, void *retval) __attribute__((noreturn));

/* pthread/key.c: the calling thread's key destructors, at its end */
void pt_keys_run_destructors(struct pt_thread *t);
void pt_keys_free(struct pt_thread *t);

/* pthread/stack-*.S: f(arg) on the stack whose top is top (16-aligned) */
void pt_call_on_stack(void *top, void (*f)(void *), void *arg);

/* pthread/thread.c: a made thread's end (its record may go) */
void pt_thread_finish(struct pt_thread *t);
void pt_main_exit(void) __attribute__((noreturn));

/* pthread/mutex.c: a condition's wait gives the mutex up and takes it back */
int pt_mutex_release(pthread_mutex_t *m, unsigned int *count);
void pt_mutex_retake(pthread_mutex_t *m, unsigned int count);

/* spin a little before waiting: only with other VPs to run the holder */
static inline int pt_spins(void)
{
    return mltp_vp_count() > 1 ? 100 : 0;
}
static inline void pt_pause(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* Our object inside glibc's: size and alignment checked once */
#define PT_FITS(ours, theirs)                                                  \
    _Static_assert(sizeof(ours) <= sizeof(theirs) &&                           \
                   _Alignof(ours) <= _Alignof(theirs), #ours " fits in " #theirs)

#endif
