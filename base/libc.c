/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/libc.c - the C library's own thread calls (base/libc.h). Looked up
 * in the C library's handle, so that no preloaded or linked definition
 * comes first; a program linked statically has no handle: its own
 * definitions then (there is no preloading either). Threads that race to
 * fill the table write the same values. */
#include <dlfcn.h>
#include <sched.h>
#include <unistd.h>
#include "base/libc.h"

struct base_libc base_libc_calls;
int base_libc_ready;

#define FIND(name)                                                             \
    do {                                                                       \
        void *f = h ? dlsym(h, #name) : NULL;                                  \
        t.name = f ? (__typeof__(t.name))f : name;                             \
    } while (0)

void base_libc_find(void)
{
    void *h = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    struct base_libc t;

    FIND(pthread_create);
    FIND(pthread_join);
    FIND(pthread_getattr_np);
    FIND(pthread_self);
    FIND(pthread_key_create);
    FIND(pthread_key_delete);
    FIND(pthread_once);
    FIND(pthread_setspecific);
    FIND(pthread_sigmask);
    FIND(sched_yield);
    FIND(getpid);
    if (h)
        dlclose(h);
    base_libc_calls = t;
    __atomic_store_n(&base_libc_ready, 1, __ATOMIC_RELEASE);
}

/* at load, on the main thread: never first in a VP, a signal handler or
   a ULT */
__attribute__((constructor)) static void base_libc_load(void)
{
    base_libc_find();
}
