/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/libc.h - the C library's own thread calls, for the library's
 * kernel-level threads (VPs' tasks, probes, the reaper's signal masks),
 * and its getpid(), which tells the library's processes apart: a
 * preloaded libmltp_pthread puts its own pthread_*, sched_yield and
 * getpid (the program's pid in every thread) before the C library's,
 * for the program, and the library must not get those. Found once, in the C library itself (not by search order, which
 * a program that links libmltp_pthread orders differently). */
#ifndef BASE_LIBC_H
#define BASE_LIBC_H

#include <pthread.h>
#include <signal.h>
#include <sys/types.h>

struct base_libc {
    int (*pthread_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
    int (*pthread_join)(pthread_t, void **);
    int (*pthread_getattr_np)(pthread_t, pthread_attr_t *);
    pthread_t (*pthread_self)(void);
    int (*pthread_key_create)(pthread_key_t *, void (*)(void *));
    int (*pthread_key_delete)(pthread_key_t);
    int (*pthread_once)(pthread_once_t *, void (*)(void));
    int (*pthread_setspecific)(pthread_key_t, const void *);
    int (*pthread_sigmask)(int, const sigset_t *, sigset_t *);
    int (*sched_yield)(void);
    pid_t (*getpid)(void);
};

extern struct base_libc base_libc_calls;
extern int base_libc_ready;
void base_libc_find(void);

/* The table, found on first use (a load and a branch after that) */
static inline const struct base_libc *base_libc(void)
{
    if (__builtin_expect(!__atomic_load_n(&base_libc_ready, __ATOMIC_ACQUIRE), 0))
        base_libc_find();
    return &base_libc_calls;
}

#endif
