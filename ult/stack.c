/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/stack.c - ULT stacks: mmap'd with a guard region below, so an
 * overflow faults (and the reaper reports it) instead of corrupting memory.
 * The guard is 64 KiB, not one page: a frame or alloca() of up to that size
 * that jumps past the stack's end still lands in its own guard, not in the
 * stack below it (programs built with -fstack-clash-protection, which
 * pkg-config's cflags give, probe every page of larger ones). Guard regions
 * cost no memory and, with MADV_GUARD_INSTALL, no VMA.
 * Stacks of the default size are cached when their ULT ends, per VP and
 * then shared: creation then costs no system call and, on a VP, no lock.
 *
 * Every stack handed out has a zeroed private area at its top (a new
 * mapping is zero; a cached one was zeroed when its ULT ended, while its
 * lines were still in the cache: zeroing it at the next first run instead
 * cost 41 -> 60 ns per create+run+finish in some processes). The cache's
 * link lives in the top 24 bytes of the area, cleared when the stack is
 * handed out.
 *
 * Every mapping is on one list (ult_stack_maps), and the ULT a stack is
 * handed to is noted in the mapping's record, just below the private
 * area: a debugger finds every ULT that has a stack there, waiting ones
 * included, at the cost of a store when a stack is handed to a ULT and
 * one when it is cached (mltp-debug(7)). The list's lock is taken only
 * around mmap and munmap. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "base/log.h"
#include "base/once.h"
#include "base/spin.h"
#include "ult/asan.h"
#include "ult/ult.h"
#include "ult/valgrind.h"

#define STACK_CACHE_MAX 4096     /* shared by all, under a lock */
#define VP_STACK_CACHE_MAX 1024  /* per VP, no lock: create and exit on a VP */

size_t ult_stack_default = 64 * 1024;
size_t ult_page_size = 4096;
size_t ult_guard_size = ULT_GUARD_SIZE;

/* Kept at the top of each cached stack (in its private area). */
struct cached_stack {
    struct cached_stack *next;
    char *lo;
    size_t map;
};

static struct cached_stack *header(char *lo, size_t map)
{
    return (struct cached_stack *)(lo + map) - 1;
}

/* glibc's memset (vector stores, chosen at run time) rather than the
   rep stosq GCC inlines for a constant size. */
static void *(*volatile libc_memset)(void *, int, size_t) = memset;

/* The ending ULT's area, for the next one. */
static inline void zero_private(char *lo, size_t map)
{
    libc_memset(lo + map - MLTP_PRIVATE_SIZE, 0, MLTP_PRIVATE_SIZE);
}

/* The mapping list: a leaf lock, taken around mmap and munmap only. */
struct ult_stack_rec *ult_stack_maps;
static base_spin_t maps_lock;

/* Under valgrind the stack is registered (ult/valgrind.h) while it is
   mapped: its id is kept in the record. */
static void maps_add(char *lo, size_t map)
{
    struct ult_stack_rec *r = ult_stack_record(lo, map);

    r->owner = NULL;
    r->prev = NULL;
    r->vg_id = ult_vg_running() ? ult_vg_stack_register(lo + ult_guard_size, lo + map) : 0;
    base_spin_lock(&maps_lock);
    r->next = ult_stack_maps;
    if (r->next)
        r->next->prev = r;
    ult_stack_maps = r;
    base_spin_unlock(&maps_lock);
}

/* Off the list, then unmapped. */
static void unmap(char *lo, size_t map)
{
    struct ult_stack_rec *r = ult_stack_record(lo, map);

    base_spin_lock(&maps_lock);
    if (r->prev)
        r->prev->next = r->next;
    else
        ult_stack_maps = r->next;
    if (r->next)
        r->next->prev = r->prev;
    base_spin_unlock(&maps_lock);
    if (ult_vg_running())
        ult_vg_stack_deregister(r->vg_id);
    munmap(lo, map);
}

/* Every ULT a stack is handed to (ult_ids_scan). */
void ult_stack_each_owner(void (*f)(ult_t *owner, void *arg), void *arg)
{
    base_spin_lock(&maps_lock);
    for (struct ult_stack_rec *r = ult_stack_maps; r; r = r->next) {
        ult_t *u = CMM_LOAD_SHARED(r->owner);
        if (u)
            f(u, arg);
    }
    base_spin_unlock(&maps_lock);
}

static base_spin_t cache_lock;
static struct cached_stack *cache;
static size_t cache_map;             /* mapping size of the default stacks */
static int cache_count;

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102          /* Linux 6.13 */
#endif

/* A guard page made with mprotect() splits the mapping: 2 VMAs per stack,
   and vm.max_map_count (65530) stops creation near 32k ULTs. A guard
   region (MADV_GUARD_INSTALL) faults the same way without splitting, and
   neighbouring stacks then merge into one VMA. Older kernels: mprotect. */
static int guard_regions = 1;

static int install_guard(char *lo)
{
    if (guard_regions) {
        if (madvise(lo, ult_guard_size, MADV_GUARD_INSTALL) == 0)
            return 0;
        if (errno != EINVAL)
            return -1;
        guard_regions = 0;
    }
    return mprotect(lo, ult_guard_size, PROT_NONE);
}

static size_t map_size(size_t usable)
{
    return usable + ult_guard_size;
}

static struct cached_stack *shared_get(size_t m)
{
    struct cached_stack *c = NULL;

    if (!cache)
        return NULL;
    base_spin_lock(&cache_lock);
    if (cache && m == cache_map) {
        c = cache;
        cache = c->next;
        cache_count--;
    }
    base_spin_unlock(&cache_lock);
    return c;
}

static int shared_put(struct cached_stack *c)
{
    int kept = 0;

    base_spin_lock(&cache_lock);
    if (c->map == cache_map && cache_count < STACK_CACHE_MAX) {
        c->next = cache;
        cache = c;
        cache_count++;
        kept = 1;
    }
    base_spin_unlock(&cache_lock);
    return kept;
}

/* This VP's cache first (no lock), then the shared one. A VP's cache may
   hold stacks of an older default size: those are unmapped here. */
static struct cached_stack *cached_get(struct ult_cache *uc, size_t m)
{
    while (uc && uc->stacks) {
        struct cached_stack *c = uc->stacks;
        uc->stacks = c->next;
        uc->nstacks--;
        if (c->map == m)
            return c;
        unmap(c->lo, c->map);
    }
    return shared_get(m);
}

/* A cached stack, out of its cache: its link is cleared, so that its
   private area is all zero again. */
static inline void hand_out(struct cached_stack *c, char **lo, size_t *map)
{
    *lo = c->lo;
    *map = c->map;
    ult_asan_unpoison(c->lo + ult_guard_size, c->map - ult_guard_size);
    memset(c, 0, sizeof *c);
}

/* An ended ULT's stack, ready to be cached: area zeroed, link filled in. */
static struct cached_stack *to_cache(char *lo, size_t map)
{
    struct cached_stack *c = header(lo, map);

    zero_private(lo, map);
    ult_stack_record(lo, map)->owner = NULL;
    c->lo = lo;
    c->map = map;
    return c;
}

/* Not from this VP's cache: the shared one, or a new mapping. */
static int __attribute__((noinline))
stack_get_slow(struct ult_cache *uc, size_t m, char **lo, size_t *map)
{
    struct cached_stack *c = m == cache_map ? cached_get(uc, m) : NULL;

    if (c) {
        hand_out(c, lo, map);
        return 0;
    }
    char *p = mmap(NULL, m, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return ENOMEM;
    if (install_guard(p) != 0) {
        munmap(p, m);
        return ENOMEM;
    }
    maps_add(p, m);
    *lo = p;
    *map = m;
    return 0;
}

/* Returns 0, or ENOMEM. The usual case, a ULT's first run on a VP, pops
   the VP's cache: 15 instructions, no lock. */
int ult_stack_get(struct ult_cache *uc, size_t usable, char **lo, size_t *map)
{
    size_t m = map_size(usable);
    struct cached_stack *c;

    if (__builtin_expect(!uc || !(c = uc->stacks) || c->map != m, 0))
        return stack_get_slow(uc, m, lo, map);
    uc->stacks = c->next;
    uc->nstacks--;
    hand_out(c, lo, map);
    return 0;
}

int ult_stack_room(const struct ult_cache *uc, size_t map)
{
    return map == cache_map && uc->nstacks < VP_STACK_CACHE_MAX;
}

/* Into a VP's cache, where ult_stack_room said it goes. An ending ULT
   does this before it leaves its stack: only its VP takes from that
   cache, and not before its next switch. */
void ult_stack_put_here(struct ult_cache *uc, char *lo, size_t map)
{
    struct cached_stack *c = to_cache(lo, map);

    c->next = uc->stacks;
    uc->stacks = c;
    uc->nstacks++;
}

void ult_stack_put(struct ult_cache *uc, char *lo, size_t map)
{
    if (uc && ult_stack_room(uc, map))
        ult_stack_put_here(uc, lo, map);
    else if (map != cache_map || !shared_put(to_cache(lo, map)))
        unmap(lo, map);
}

/* "65536", "64k", "1M": bytes, or 0 if s is not such a size (digits
   only, then at most one suffix; 0 also on overflow). */
size_t ult_stack_parse(const char *s)
{
    unsigned long long v = 0;
    const char *p = s;

    for (; *p >= '0' && *p <= '9'; p++) {
        if (v > (~0ULL - 9) / 10)
            return 0;
        v = v * 10 + (unsigned long long)(*p - '0');
    }
    if (p == s)
        return 0;
    if (*p == 'k' || *p == 'K') {
        if (v > ~0ULL >> 10)
            return 0;
        v <<= 10, p++;
    } else if (*p == 'm' || *p == 'M') {
        if (v > ~0ULL >> 20)
            return 0;
        v <<= 20, p++;
    }
    return *p || v > SIZE_MAX ? 0 : (size_t)v;
}

static void set_default(size_t usable)
{
    struct cached_stack *old;

    base_spin_lock(&cache_lock);
    ult_stack_default = usable;
    cache_map = map_size(usable);
    old = cache;
    cache = NULL;
    cache_count = 0;
    base_spin_unlock(&cache_lock);
    while (old) {
        struct cached_stack *n = old->next;
        unmap(old->lo, old->map);
        old = n;
    }
}

int mltp_set_stack_size(size_t bytes)
{
    ult_init_layer();
    if (bytes < MLTP_STACK_MIN || bytes > MLTP_STACK_MAX)
        return EINVAL;
    set_default((bytes + ult_page_size - 1) & ~(ult_page_size - 1));
    return 0;
}

size_t mltp_get_stack_size(void)
{
    ult_init_layer();
    return ult_stack_default;
}

/* In a fork()ed child: the shared cache's list and the mapping list may
   have been in the middle of a change (their stacks are leaked in the
   child). */
void ult_stack_forget(void)
{
    maps_lock = 0;
    ult_stack_maps = NULL;
    cache_lock = 0;
    cache = NULL;
    cache_count = 0;
}

/* The page size, the guard, and the default stack size (64 KiB, or
   MLTP_STACK_SIZE), once: from mltp_init, or the stack size calls if they
   come first. */
static int init_layer(void)
{
    size_t stack = 64 * 1024;
    const char *s;

    ult_page_size = (size_t)sysconf(_SC_PAGESIZE);
    ult_guard_size = (ULT_GUARD_SIZE + ult_page_size - 1) & ~(ult_page_size - 1);
    if ((s = secure_getenv("MLTP_STACK_SIZE")) && *s) {
        size_t v = ult_stack_parse(s);
        if (v < MLTP_STACK_MIN || v > MLTP_STACK_MAX)
            base_warn("ignoring MLTP_STACK_SIZE=%s (bytes, from %d to %llu, "
                      "optional k or M)", s, MLTP_STACK_MIN,
                      (unsigned long long)MLTP_STACK_MAX);
        else
            stack = v;
    }
    set_default((stack + ult_page_size - 1) & ~(ult_page_size - 1));
    ult_fork_register();
    return 0;
}

void ult_init_layer(void)
{
    static base_once_t once;

    (void)base_once(&once, init_layer);
}
