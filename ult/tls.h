/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/tls.h - a ULT's own thread-local storage: a glibc TLS block with its
 * thread control block, made by glibc's dynamic linker (its entry points
 * for thread creation), pooled, and the thread pointer that selects it.
 * What the scheduler does with them (when the thread pointer changes, what
 * a block holds of the VP's) is sched/tls.c's. */
#ifndef ULT_TLS_H
#define ULT_TLS_H

#include <stddef.h>
#include <sys/types.h>

/* ---- the thread pointer --------------------------------------------- */

/* x86-64: wrfsbase where the kernel allows it (AT_HWCAP2 FSGSBASE,
   Linux 5.9), else arch_prctl(ARCH_SET_FS), a system call. */
extern int ult_tp_fsgsbase;
void ult_tp_set_slow(char *tp);

/* The calling thread's thread pointer: %fs:0 holds it on x86-64 (the
   TCB's first word, glibc's and ours), tpidr_el0 on aarch64. */
static inline char *ult_tp_get(void)
{
    char *tp;
#if defined(__x86_64__)
    __asm__ volatile("movq %%fs:0, %0" : "=r"(tp));
#elif defined(__aarch64__)
    __asm__ volatile("mrs %0, tpidr_el0" : "=r"(tp));
#endif
    return tp;
}

/* Select the block at tp. The clobber keeps every memory access on its
   side of the write: a TLS address computed before it is another
   block's after it. Cost: wrfsbase or msr, a few cycles. */
static inline void ult_tp_set(char *tp)
{
#if defined(__x86_64__)
    if (__builtin_expect(!ult_tp_fsgsbase, 0)) {
        ult_tp_set_slow(tp);
        return;
    }
    __asm__ volatile("wrfsbase %0" : : "r"(tp) : "memory");
#elif defined(__aarch64__)
    __asm__ volatile("msr tpidr_el0, %0" : : "r"(tp) : "memory");
#endif
}

/* ---- blocks --------------------------------------------------------- */

/* Can blocks be made here (this glibc, its layout checked)? 0, or
   ENOTSUP with *why set to a line that says why not. Once; any thread. */
int ult_tls_check(const char **why);

/* A block for a ULT that runs on the stack [lo, lo + size), reset as a new
   thread's (every module's TLS from its image, a zeroed thread
   descriptor) but for what stays with a pooled block (ult/tls.c says
   what), with the fields every thread shares copied from the caller's
   thread control block (any thread's: main's, a VP's, a ULT's, the
   fields copied are the same in each): its thread pointer, or NULL (no
   memory). */
char *ult_tls_get(char *lo, size_t size);
/* Back to the pool, once nothing runs on it. */
void ult_tls_put(char *tp);
/* The stack glibc thinks the block's thread runs on: a block lent to
   ULTs in turn takes each one's. */
void ult_tls_set_stack(char *tp, char *lo, size_t size);

/* The kernel task that runs the block's ULT now (glibc's owner checks:
   recursive locks compare it). One store. */
extern ptrdiff_t ult_tls_tid_offset;   /* from the thread pointer */
static inline void ult_tls_set_tid(char *tp, pid_t tid)
{
    *(pid_t *)(tp + ult_tls_tid_offset) = tid;
}

/* The end of a ULT on its block, still selected: thread_local and
   __cxa_thread_atexit destructors, then the per-thread state that does
   not stay with a pooled block (its locale). */
void ult_tls_finish(void);
/* Its first run, on its block: glibc's per-thread set-up (ctype tables). */
void ult_tls_start(void);

/* Blocks made and pooled (tests, statistics). */
void ult_tls_counts(long *made, long *pooled);
/* tests/internals.h: the glibc version ult_tls_check reads, if set */
extern const char *ult_tls_test_version;

#endif
