/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * mltp.h - MLTP, a two-level (M:N) thread package for Linux.
 *
 * Many user-level threads (ULTs) run on a few virtual processors (VPs); VPs
 * are processes made with clone(2) that share memory, files and signal
 * handlers. The process that calls mltp_start() is the reaper: it sleeps
 * while the VPs work and ends the whole program cleanly when one of them
 * dies. See mltp(3) for the overview.
 *
 * Source compatible with the original MLTP (2000) API; the calls marked
 * "extension" are new.
 *
 * Limits every M:N library shares (see mltp(3), "CAVEATS"):
 *  - a ULT may resume on another VP after any call that can switch (yield,
 *    lock, barrier, condition wait, join, and the C library's sleeps,
 *    reads, writes and the like that wait as ULTs: mltp(3), "WAITING IN
 *    THE KERNEL"). Addresses of thread-local variables (__thread, and
 *    errno's address, which GCC caches because __errno_location() is
 *    declared const) computed before such a call are stale after it: read
 *    errno after it in a function of its own that is not inlined. The
 *    value of errno itself travels with the ULT.
 *  - the SSE floating-point state (MXCSR: rounding, exception masks and
 *    the sticky exception flags) and the x87 control word travel with the
 *    ULT; a new ULT starts with its creator's. The x87 status word (its
 *    sticky flags) stays with the VP. On aarch64, FPCR and FPSR (its
 *    sticky flags) travel with the ULT.
 *  - on aarch64 GCC may keep the thread pointer (tpidr_el0) in a register
 *    across any call, so even a __thread variable read by name in a
 *    function that switches may be read in the previous VP's TLS after
 *    the switch.
 *  - MLTP is called from ULTs, bound threads and the thread that set it up
 *    (main); other pthreads must not call it while a start runs (a start
 *    with one VP and no bound thread takes no scheduler lock).
 * What programs with their own threads, signal handlers and child
 * processes may do (fork(), exit() anywhere, SIGCHLD ignored, ...): see
 * mltp(3), "PROGRAMS WITH THEIR OWN THREADS, SIGNALS AND CHILDREN".
 */
#ifndef MLTP_H
#define MLTP_H

/* What the original header brought in, which original programs rely on
   without including it themselves (atof, printf, getpid, gettimeofday,
   malloc, errno, signal, va_list). */
#include <errno.h>
#include <sched.h>   /* sched_yield, for mltp_yield_bound() */
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>
#include <mltp_types.h>   /* the lock, barrier and condition types */

#ifdef __cplusplus
extern "C" {
#endif

/* The library is built with hidden visibility; its API is not. */
#pragma GCC visibility push(default)

#define MLTP_VERSION_MAJOR 0
#define MLTP_VERSION_MINOR 2

/* A machine word; legacy programs size mltp_vcreate() arguments with it. */
typedef unsigned long qt_word_t;

/* Thread functions. Functions of other signatures are often cast to these. */
typedef void *(mltp_userf_t)(void *);
typedef void (mltp_buserf_t)(void *);
/* Any arguments; see mltp_vcreate(). Before C23, () declares a function
   whose parameters are not given, which any function converts to. In C23
   () means (void) (GCC 13 and Clang 16 in -std=c2x, every C23 compiler):
   the type takes (...) there, and mltp_vcreate() is also a macro that
   casts its argument, so that original programs keep building as they
   are. GCC 12's -std=c2x keeps the old (). */
#if !defined(__cplusplus) && defined(__STDC_VERSION__) && \
    (__STDC_VERSION__ >= 202311L ||                                        \
     (__STDC_VERSION__ > 201710L &&                                        \
      ((defined(__clang__) && __clang_major__ >= 16) ||                    \
       (!defined(__clang__) && defined(__GNUC__) && __GNUC__ >= 13))))
#define MLTP_C23_PROTOTYPES 1
typedef void *(mltp_vuserf_t)(...);
#elif defined(__cplusplus)
typedef void *(mltp_vuserf_t)();    /* as C++ has always read it */
#else
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstrict-prototypes"
typedef void *(mltp_vuserf_t)();    /* on purpose: the original type */
#pragma GCC diagnostic pop
#endif

/* What a handle is (t->type). */
typedef enum mltp_type {
    MLTP_THREAD_UNBOUND = 0,    /* a ULT */
    MLTP_THREAD_BOUND = 1       /* a bound thread (its own process) */
} mltp_type_t;

/*
 * A thread handle. Public fields: retval (the value the thread function
 * returned, once it has ended), thrid (its id: > 0, and no other thread
 * alive has it; ids run from 1 to 2^31 - 64, then start again, skipping
 * those of the threads alive: the handle of an ended thread keeps its id,
 * which a later thread may get), type (unbound or bound) and private (the thread's private area, as mltp_get_private()
 * returns it inside the thread; a ULT gets its stack, and with it this
 * area, when it first runs: t->private is NULL before that and again once
 * the ULT has ended). The handle stays valid after the thread ends;
 * release it with free(t), or faster with mltp_free(t) (an extension: the
 * library reuses it), or detach the thread with mltp_detach() (an
 * extension).
 */
typedef struct mltp {
    void *retval;
    int thrid;
    mltp_type_t type;
#ifdef __cplusplus
    void *private_;             /* `private` is a C++ keyword */
#else
    void *private;
#endif
    void *mltp_reserved_[12];   /* library-internal state; do not touch */
} mltp_t;

/* ---- set-up and running -------------------------------------------- */

/* Set up the library. Call once before anything else; calling again is
   harmless. (Every other call also does it on first use.) */
void mltp_init(void);

/* Run every ready ULT on nvp VPs; returns when no ULT is left. May be
   called again later with new ULTs. A start with nothing to run returns at
   once. errno, with a message, when it did not run as asked: EINVAL (nvp
   outside 1..1024, or a call from inside a ULT), ENOMEM or ENOSPC (nothing
   ran), EAGAIN (fewer VPs than asked could be made: it ran on those),
   EDEADLK (the ULTs left are deadlocked). With nvp equal to the CPUs of
   the caller's affinity mask, VP i runs on the i-th CPU of that mask
   alone (MLTP_PIN=0: never; see mltp(3)). */
void mltp_start(int nvp);

/* Main takes part in the work (SPLASH-2 style: create P-1 workers, do a
   share in main, wait for them). mltp_begin(nvp) starts nvp VPs, which run
   ULTs as soon as they exist, and goes on as a ULT named "main" among
   them: main's share creates ULTs, takes locks, waits at barriers and
   joins like any ULT, on main's own stack (thread-local variables are the
   VP's, as for every ULT). Main's thread meanwhile reaps the VPs and
   sleeps: it burns no CPU. mltp_end() waits until every other ULT has
   ended, then returns on main's thread with the VPs gone. Both return 0,
   or -1 with errno: EINVAL (nvp out of range, or called from an MLTP
   thread), EBUSY (mltp_begin twice), EPERM (mltp_end without mltp_begin,
   or not from main's share), EAGAIN or ENOMEM (no VP could start:
   mltp_begin returns on main's thread), EDEADLK (mltp_end: the other ULTs
   can never end; if main's share itself is blocked among them, the
   program ends with a message and status 1). mltp_start(n) is
   unchanged. */
int mltp_begin(int nvp);
int mltp_end(void);

/* ---- unbound threads (ULTs) ----------------------------------------- */

/* Create a ULT running f(p0), ready to run, with the creator's FP control
   (rounding, exception masks). Returns NULL with errno EINVAL (f is NULL)
   or ENOMEM (no memory for the descriptor, or for a stack of another size
   than the default). A stack of the default size is taken when the ULT
   first runs, from the VP's cache of stacks left by ended ULTs; if none is
   cached and no memory is left for a new one, the program ends with a
   one-line message and status 1. */
mltp_t *mltp_create(mltp_userf_t *f, void *p0);

/*
 * Create a ULT running f with the arguments that follow nbytes, forwarded
 * exactly as a direct call f(a0, a1, ...) would pass them: integers,
 * pointers and doubles alike (float arguments are promoted to double by
 * the call, as for any variadic call). nbytes is the number of arguments
 * times sizeof(qt_word_t) (rounded up to whole words; negative: EINVAL).
 * Exact limit (x86-64): up to 8 double and up to MLTP_VARGS_MAX
 * integer/pointer arguments, in any order, with nbytes counting all of
 * them. More integer words: NULL with errno EINVAL. More than 8 doubles
 * cannot be detected and is not supported. aarch64: up to MLTP_VARGS_MAX
 * arguments in all, at most 8 of them double (a call there does not say
 * how many doubles it passed, so nbytes cannot tell them from integers);
 * more words: EINVAL.
 */
#define MLTP_VARGS_MAX 16
mltp_t *mltp_vcreate(mltp_vuserf_t *f, int nbytes, ...);
#ifdef MLTP_C23_PROTOTYPES
#define mltp_vcreate(f, nbytes, ...) \
    (mltp_vcreate)((mltp_vuserf_t *)(f), (nbytes) __VA_OPT__(,) __VA_ARGS__)
#endif

/* End the calling ULT (t->retval stays NULL). Returning from the thread
   function does the same and stores its value in t->retval. Called
   outside a ULT it prints a message and aborts the program. */
void mltp_abort(void) __attribute__((noreturn));

/* Yield to the back of the caller's priority (mltp_yield) or to the front,
   behind exactly one other ready thread (mltp_yield_to_first). Outside a
   ULT: a message, errno EPERM, and sched_yield(). */
void mltp_yield(void);
void mltp_yield_to_first(void);

/* The calling thread's private area: MLTP_PRIVATE_SIZE bytes, zeroed when
   the thread starts; NULL outside an MLTP thread (a ULT or a bound
   thread). A ULT's area lives at the top of its stack, which it gets when
   it first runs and gives back when it ends (t->private is NULL before
   and after). */
#define MLTP_PRIVATE_SIZE 1024
void *mltp_get_private(void);

/* The calling thread's id (t->thrid, ULT or bound thread: > 0, unique
   among the threads alive); 0 outside. */
int mltp_get_myid(void);

/* ---- bound threads --------------------------------------------------- */

/* Run f(p0) at once in its own clone()d process (its own kernel thread
   with its own glibc TLS). stacksz 0 means the default stack size. term,
   if not NULL, runs as term(p0) once after f has ended, in the thread that
   calls mltp_join_bound() (never inside a signal handler).
   mltp_get_private() and mltp_get_myid() work in it; it may take part in
   locks, barriers and condition queues (waiting spins the kernel thread,
   or blocks it on a SEMAPHORE lock). Its default stack is glibc's pthread
   default, not mltp_set_stack_size()'s. A crash, exit() or _exit() in it
   ends the program at once, joined or not (a monitor thread of the main
   process reaps bound threads). Returns NULL with errno EINVAL (f NULL,
   stacksz < 0), ENOMEM or EAGAIN on failure. */
mltp_t *mltp_create_bound(mltp_buserf_t *f, void *p0, int stacksz,
                          mltp_buserf_t *term);

/* Wait for a bound thread to end (note: by value), then run its term
   function. Join each bound thread once; afterwards release the handle
   with free(). */
void mltp_join_bound(mltp_t t);

#define mltp_yield_bound() ((void)sched_yield())
#define mltp_abort_bound() return

/* ---- locks ------------------------------------------------------------ */

/* mltp_lock_t, its classes and MLTP_LOCK_INITIALIZER: mltp_types.h. */

/* Returns 0, or EINVAL (l NULL, unknown class) / ENOSPC / EAGAIN (no
   semaphore) for MLTP_LOCK_SEMAPHORE, with a message.
   Do not yield while holding a MLTP_LOCK_SPIN or MLTP_LOCK_SEMAPHORE
   lock: its waiters keep their VP busy, so on as many VPs as waiters the
   holder may never run again. A BLOCK, BLOCK_FRONT or MUTEX holder may
   yield. Their unlock, or failed trylock, yields when the caller has run
   a time slice while others are ready (mltp(3), MLTP_SLICE_US). */
int mltp_lock_init(mltp_lock_t *l, int lock_class);
void mltp_lock(mltp_lock_t *l);
/* Non-zero if the lock was taken (extension). */
int mltp_trylock(mltp_lock_t *l);
/* Returns 0, or EPERM with a message if the lock was not held (the lock is
   left unchanged). */
int mltp_unlock(mltp_lock_t *l);
/* Releases a MLTP_LOCK_SEMAPHORE lock's semaphore (extension; sets are
   also removed when the program ends, however it ends). */
void mltp_lock_destroy(mltp_lock_t *l);

/* ---- episode barriers -------------------------------------------------- */

/* mltp_barrier_t and MLTP_BARRIER_INITIALIZER: mltp_types.h. */
void mltp_barrier_init(mltp_barrier_t *b);
/* The count-th arrival starts a new episode and releases the others; the
   barrier is reusable at once. ULTs block (their VP runs other ULTs);
   with more than one VP, and no more VPs than CPUs, a ULT first spins for
   about MLTP_SPIN_US, unless the machine has more runnable tasks than
   CPUs (see mltp(3), MLTP_SPIN_US). Kernel-level threads (bound threads, the caller of
   an asynchronous start) spin. Returns 0, or EINVAL for a count below 1
   or above 16777215 (with a message). */
int mltp_barrier(mltp_barrier_t *b, int count);

/* ---- condition queues -------------------------------------------------- */

/* mltp_cond_t and MLTP_COND_INITIALIZER: mltp_types.h. */
void mltp_cond_init(mltp_cond_t *c);
/* Block the caller on c's queue until a signal or broadcast. As in the
   original, a signal with nobody waiting is lost: on more than one VP use
   mltp_cond_wait_lock() to test a predicate without a lost wake-up. */
void mltp_cond_wait(mltp_cond_t *c);
/* Extension: atomically release l and block on c; l is re-acquired before
   returning. */
void mltp_cond_wait_lock(mltp_cond_t *c, mltp_lock_t *l);
void mltp_cond_signal(mltp_cond_t *c);     /* ready the first waiter */
void mltp_cond_broadcast(mltp_cond_t *c);  /* ready every waiter */

/* ---- atomics on 32-bit words ------------------------------------------ */

/* Bit `bit` (>= 0) counted from the least significant bit of the 32-bit
   word at addr (bits >= 32 address the following words). Return the bit's
   old value (0 or 1). All four calls are full memory barriers. */
int mltp_test_and_set_bit(int bit, volatile void *addr);
int mltp_test_and_clear_bit(int bit, volatile void *addr);
int mltp_test_and_change_bit(int bit, volatile void *addr);
/* If the 32-bit word at addr equals (uint32_t)old, store (uint32_t)new:
   non-zero on success. */
int mltp_compare_and_swap(long old, long new_value, volatile void *addr);

/* ---- extensions --------------------------------------------------------- */

/* Creation attributes. Initialise with mltp_attr_init(); every field has a
   default (stacksize 0 = the default stack size, priority
   MLTP_PRIO_DEFAULT, name NULL, the default guard). A higher priority runs
   first. The name (copied, at most 15 characters kept) shows in crash
   messages. */
#define MLTP_PRIO_MIN 0
#define MLTP_PRIO_DEFAULT 16
#define MLTP_PRIO_MAX 31
typedef struct mltp_attr {
    size_t stacksize;
    int priority;
    unsigned int mltp_reserved_guard_;   /* private: mltp_attr_setguardsize,
                                            mltp_attr_settls */
    const char *name;
} mltp_attr_t;

void mltp_attr_init(mltp_attr_t *a);
/* The guard below the stack of ULTs created with a, as
   pthread_attr_setguardsize: bytes rounded up to whole pages, 0 for none
   (an overflow then writes silently into the stack below, another
   unguarded ULT's; never a guarded one's). By default the process's guard
   (a page on x86-64 with guard regions, Linux 6.13; else 64 KiB; or what
   MLTP_STACK_GUARD says: none, or a size). A ULT with a guard other
   than the default gets its stack when it is created. Return 0 or EINVAL
   (a NULL, bytes above MLTP_GUARD_MAX). */
#define MLTP_GUARD_MAX ((size_t)1 << 30)
int mltp_attr_setguardsize(mltp_attr_t *a, size_t bytes);
int mltp_attr_getguardsize(const mltp_attr_t *a, size_t *bytes);

/* What guards t's stack, as it got it: *kind one of MLTP_GUARD_*, *bytes
   the guard's size. A guard region (MADV_GUARD_INSTALL, Linux 6.13) or
   PROT_NONE pages fault at the first write; the check finds a write into
   the guard when the ULT blocks or ends (kernels before 6.13 once guard
   pages would take half the mappings left, or MLTP_STACK_GUARD=check).
   Returns 0, EINVAL (t NULL or a bound thread), EAGAIN (t has no stack
   yet: one is taken at its first run) or ESRCH (t has ended). Ask about a
   ULT that cannot end meanwhile (the caller, or one it will join). */
#define MLTP_GUARD_NONE 0
#define MLTP_GUARD_CHECK 1
#define MLTP_GUARD_PAGES 2
#define MLTP_GUARD_REGION 3
int mltp_stack_guard(const mltp_t *t, int *kind, size_t *bytes);
/* Thread-local storage (__thread, thread_local, errno, OpenMP's
   threadprivate) of the ULTs created with a:
   MLTP_TLS_VP: the VP's. Every ULT on a VP shares its VP's variables,
     and a ULT that moves to another VP sees that VP's (a compiler may
     also keep a variable's address across a switch). errno alone is
     saved and restored with each ULT.
   MLTP_TLS_ULT: a block of its own, as a pthread has, made by glibc from
     every loaded module's TLS image: the same variables across yields,
     waits and moves; thread_local destructors run at the ULT's end. A
     switch to or from such a ULT writes the thread pointer once
     (wrfsbase, 12-17 ns on a VM; a system call on x86-64 kernels
     before 5.9, or CPUs without FSGSBASE). Needs glibc 2.34 to 2.41, dynamically linked.
   MLTP_TLS_DEFAULT: the process's, MLTP_TLS (vp, the default, or ult).
   mltp_attr_settls returns 0, EINVAL (a NULL, another value) or ENOTSUP
   (MLTP_TLS_ULT where blocks cannot be made; mltp_tls_why() says why). */
#define MLTP_TLS_DEFAULT 0
#define MLTP_TLS_VP 1
#define MLTP_TLS_ULT 2
int mltp_attr_settls(mltp_attr_t *a, int tls);
int mltp_attr_gettls(const mltp_attr_t *a, int *tls);
/* What a new ULT without attributes gets (MLTP_TLS_VP or MLTP_TLS_ULT),
   and why MLTP_TLS_ULT cannot be had here (NULL: it can). */
int mltp_tls_default(void);
const char *mltp_tls_why(void);
/* Main's share (mltp_begin) from the next mltp_begin on: MLTP_TLS_ULT
   runs it on the main thread's own block, so that main's thread-local
   variables keep their addresses and values across mltp_begin and
   mltp_end (the reaper then runs on a block of its own; sched_getcpu() in
   main's share says where the reaper last ran); MLTP_TLS_VP on the VP's
   it runs on; MLTP_TLS_DEFAULT (the start's setting) as MLTP_TLS says.
   Returns 0, EINVAL (another value) or ENOTSUP (as mltp_attr_settls). */
int mltp_set_main_tls(int tls);
/* A TLS block that ULTs borrow in turn, kept with its values for the
   program's life: OpenMP's threads keep their threadprivate variables
   from one parallel region to the next, each run by a new ULT. Made from
   every loaded module's TLS image; NULL with errno ENOTSUP (see
   mltp_tls_why) or ENOMEM. mltp_tls_block_borrow: the calling ULT, which
   runs on its VP's TLS, runs on b (its thread-local variables and errno
   b's) until mltp_tls_block_return or its end, which returns b, running
   no thread_local destructors (they stay with b). 0, EINVAL (b NULL; the
   caller main's share, a bound thread, outside a ULT, or on a block
   already) or EBUSY (another ULT has b). mltp_tls_block_return: 0, or
   EINVAL when the caller has borrowed no block. */
typedef struct mltp_tls_block mltp_tls_block_t;
mltp_tls_block_t *mltp_tls_block_create(void);
int mltp_tls_block_borrow(mltp_tls_block_t *b);
int mltp_tls_block_return(void);
/* Like mltp_create, with attributes (a may be NULL). EINVAL also for a
   priority outside MLTP_PRIO_MIN..MLTP_PRIO_MAX or a stack size outside
   MLTP_STACK_MIN..MLTP_STACK_MAX. */
#define MLTP_STACK_MIN 16384
#define MLTP_STACK_MAX ((size_t)1 << 40)
mltp_t *mltp_create_attr(const mltp_attr_t *a, mltp_userf_t *f, void *p0);

/* Default stack size of new ULTs (initially 64 KiB, or MLTP_STACK_SIZE from
   the environment, in bytes with an optional k/K or m/M suffix). Rounded up
   to whole pages. Returns 0 or EINVAL (outside
   MLTP_STACK_MIN..MLTP_STACK_MAX). */
int mltp_set_stack_size(size_t bytes);
size_t mltp_get_stack_size(void);

/* Join a ULT from another ULT: block (the ULT, not the VP) until t ends,
   then store its return value in *retval if retval is not NULL. Returns 0,
   EINVAL (t NULL, detached, or a bound thread), EDEADLK (t is the caller)
   or EBUSY (someone else is already joining t). Outside a ULT (after
   mltp_start has run t) it returns at once; before t could run, EDEADLK.
   The handle stays valid; release it with free(t). */
int mltp_join(mltp_t *t, void **retval);
/* The library frees t when the ULT ends (at once if it has ended). Do not
   use t afterwards. Returns 0, or EINVAL (t NULL, a bound thread, already
   detached, or being joined). */
int mltp_detach(mltp_t *t);
/* Release the handle of an ended thread, as free(t) does, but keep it for
   the next mltp_create (no malloc and no free: ~20 ns less per thread).
   For a bound thread: once mltp_join_bound has returned. Do not use t
   afterwards, nor while another thread may still be joining it. Returns
   0 (t NULL: nothing), EBUSY (the thread has not ended, or the bound
   thread is not joined; t is left alone) or EINVAL (t is detached, or was
   released already: with a message). */
int mltp_free(mltp_t *t);
/* The calling ULT's handle, or a bound thread's own; NULL elsewhere. */
mltp_t *mltp_self(void);

/* The calling VP's number (0 .. mltp_vp_count()-1), -1 outside a VP; and
   the number of VPs of the current (or last) start, 0 before the first. */
int mltp_vp_id(void);
int mltp_vp_count(void);

/* Preemption (off at first): with on = 1, a ULT that has kept its VP for
   about a millisecond of wall time (one to two looks of the monitor) while
   other ULTs wait in that VP's queue is moved to the back of its priority
   as if it called mltp_yield(), provided it is then running the program's
   own code (not MLTP's, not a library's of the system's directories, which
   may hold locks) and has room on its stack for a signal frame; a ULT that
   spins on a plain variable thus lets the one it waits for run. A task
   asleep in the kernel is not interrupted; a ULT in a library call keeps
   its VP until it is back in the program's code. It takes the signals
   SIGRTMAX-2 and SIGRTMAX-3 (their handlers are replaced). Code loaded
   with dlopen() after the first call is not the program's own. Returns 0,
   EINVAL (on not 0 or 1), ENOTSUP (under valgrind, which cannot follow a
   switch in a signal handler; or MLTP linked into the program, static or
   with libmltp.a: its code, which holds its locks, cannot be told from
   the program's) or sigaction()'s error. */
int mltp_set_preempt(int on);
/* How soon preemption moves the calling ULT: MLTP_PREEMPT_SOON (every
   ULT's at its creation), after about a millisecond, as above; or
   MLTP_PREEMPT_LATE, once its VP has not switched for 10 ms (Go's bound;
   10 to 15 ms, as the monitor looks at such a ULT every 5 ms),
   for work that does not wait by spinning, where a preemption only costs
   it its cache (libmltp_omp's explicit tasks: under libgomp a task holds
   its thread until it ends). Returns 0, or EINVAL (how neither, or the
   caller no thread of MLTP's). */
#define MLTP_PREEMPT_SOON 0
#define MLTP_PREEMPT_LATE 1
int mltp_set_preempt_delay(int how);

/* The trace (doc/tracing.md, mltp_trace_start(3)): from now on, each VP
   records what its ULTs do (runs and why they stop, creates, wakes,
   moves, parks, barrier episodes, lock waits) in a ring in memory
   (MLTP_TRACE_MB in all, 64 by default; the newest events win), written
   to path ("%p": the pid) as Chrome / Perfetto trace-event JSON when the
   program ends, crashes, is ended by a signal (SIGQUIT), or deadlocks,
   and by mltp_trace_stop. MLTP_TRACE=FILE in the environment starts it
   at mltp_init. ULTs that began running before are not traced. Calling it
   again keeps the rings and changes the path. Returns 0, EINVAL (path
   NULL or empty, or too long) or ENOMEM. */
int mltp_trace_start(const char *path);
/* Write the file now and stop recording (mltp_trace_start goes on).
   Returns 0, ESRCH (not recording) or EIO (the file could not be
   written: a line says why). */
int mltp_trace_stop(void);

/* A work source: work a runtime built on MLTP keeps outside MLTP's queues
   (libmltp_omp's deques of tasks, run in place by the threads that wait
   for them). A VP that finds no ULT to run calls take(), which makes a
   ULT of some of that work (mltp_create(), queued on that VP) and returns
   1, or returns 0; look() says, without changing anything, whether there
   is any. Both are called on VPs outside any ULT, often and from every
   VP at once: they must not block, nor call MLTP but mltp_create(),
   mltp_create_attr(), mltp_detach(), mltp_vp_id() and mltp_vp_count(). Whoever adds work
   calls mltp_work_source_ready() after its stores, so that a parked VP
   is woken for it when no VP looks for work (a full fence, then two
   loads when no VP is parked). One source at a time: a call replaces the
   last; NULL and NULL remove it. Returns 0, or -1 with errno EINVAL (one
   of look and take NULL). */
int mltp_set_work_source(int (*look)(void), int (*take)(void));
void mltp_work_source_ready(void);

/* ---- SPLASH-style workers (extensions; what PARMACS expands to) ---- */

/* The VP count a program gets by default: $MLTP_VPS when it is a whole
   number from 1 to 1024 (another value is ignored with a message), else
   the number of CPUs in the caller's affinity mask. */
int mltp_vps_default(void);

/* Workers in the SPLASH manner: main is worker 0 and takes part in the
   work. The first mltp_worker_create() (or mltp_workers_run() with n > 1)
   calls mltp_begin(mltp_vps_default()), so main's thread goes on as a ULT
   among the workers; each call adds one detached ULT running fn(), worker
   1, 2, ... in the order created. mltp_workers_run(fn, n) creates n - 1
   workers, then calls fn() itself. mltp_workers_wait() returns once every
   worker created so far has ended (mltp_end()), with main alone again on
   its thread; with no worker since the last wait it returns 0 at once. A
   later mltp_worker_create() begins again, numbering from 1. All return
   0, or -1 with errno as mltp_begin(), mltp_create() or mltp_end() set
   it (EINVAL: fn NULL). When mltp_workers_run() fails it does not call fn;
   workers it made before the failure run (they cannot be taken back), and
   mltp_workers_wait() waits for them. Call them from main's thread or
   main's share; a wait from a worker fails (EPERM) and changes nothing. */
int mltp_worker_create(void (*fn)(void));
int mltp_workers_run(void (*fn)(void), long n);
int mltp_workers_wait(void);
/* The caller's worker number: 0 in main (or outside any worker, in a ULT
   the program made itself too), k in
   the k-th worker created since the last mltp_workers_wait(). Kept in the
   first two words of the worker's private area (mltp_get_private()). */
long mltp_worker_id(void);

/* Microseconds on the monotonic clock (PARMACS's CLOCK). */
unsigned long mltp_clock_us(void);

/* malloc(size) for data every worker shares (they share one address
   space); when no memory is left the program ends with a one-line message
   and status 1, so that callers need not check. */
void *mltp_shared_malloc(size_t size);

/* The caller waits at least ns nanoseconds: a ULT on MLTP's timers, its
   VP running other ULTs meanwhile, whatever MLTP_SYSCALLS says; any
   other thread in nanosleep(2). Returns 0, EINTR (a signal handled by
   its VP meanwhile) or EINVAL (ns < 0). */
int mltp_sleep_ns(long ns);

/* Word waits, a futex for ULTs. mltp_word_wait() returns EAGAIN at once
   if *word is not expected; else the caller waits (a ULT blocks, its VP
   runs others; any other thread sleeps in the kernel) until
   mltp_word_wake() on word lets it go (0), deadline_ns passes (ETIMEDOUT;
   nanoseconds of CLOCK_MONOTONIC, -1: none), or a signal handled by its
   VP interrupts it (EINTR). It may also return 0 for no reason: callers
   look at the word again. mltp_word_wake() lets go at most n waiters on
   word, first come first served, and returns how many (-EINVAL: word
   NULL or n < 0). Words are told apart by address, in this process. */
int mltp_word_wait(volatile unsigned int *word, unsigned int expected, long deadline_ns);
int mltp_word_wake(volatile unsigned int *word, int n);

/* Event flags (mltp_pause_t: mltp_types.h). mltp_pause_wait() blocks the
   caller (a ULT blocks, its VP runs others) until the flag is set;
   mltp_pause_set() sets it and lets every waiter go; mltp_pause_clear()
   clears it for the next wait. */
void mltp_pause_init(mltp_pause_t *p);
void mltp_pause_set(mltp_pause_t *p);
void mltp_pause_clear(mltp_pause_t *p);
void mltp_pause_wait(mltp_pause_t *p);

/* A shared counter handing out loop subscripts (mltp_getsub_t:
   mltp_types.h). mltp_getsub() returns the next subscript, 0, chunk,
   2 * chunk, ... (chunk < 1 counts as 1), while it is at most max; then
   -1, and the counter starts again at 0 for the next loop. */
void mltp_getsub_init(mltp_getsub_t *g);
long mltp_getsub(mltp_getsub_t *g, long chunk, long max);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif /* MLTP_H */
