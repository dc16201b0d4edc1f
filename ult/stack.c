/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/stack.c - ULT stacks: slots of chunks (ult/chunk.c), each with a
 * guard region below, so an overflow faults (and the reaper reports it)
 * instead of corrupting memory. The guard is 64 KiB, not one page: a frame
 * or alloca() of up to that size that jumps past the stack's end still
 * lands in its own guard, not in the stack below it (programs built with
 * -fstack-clash-protection, which pkg-config's cflags give, probe every
 * page of larger ones). Where the kernel cannot afford guard pages the
 * guard region is checked instead (ult_stack_overflowed, ult/chunk.c).
 * Stacks of the default size are cached when their ULT ends, per VP and
 * then shared: creation then costs no system call and, on a VP, no lock.
 * Beyond the caches (MLTP_STACK_CACHE) a stack goes back to its chunk,
 * and its memory to the system.
 *
 * Every stack handed out has a zeroed private area at its top (a new
 * slot is zero; a cached one was zeroed when its ULT ended, while its
 * lines were still in the cache: zeroing it at the next first run instead
 * cost 41 -> 60 ns per create+run+finish in some processes). The cache's
 * link lives in the top 24 bytes of the area, cleared when the stack is
 * handed out.
 *
 * The ULT a stack is handed to is noted in its record, just below the
 * private area, and every chunk is on one list (ult_stack_chunks): a
 * debugger finds every ULT that has a stack, waiting ones included, at the
 * cost of a store when a stack is handed to a ULT and one when it is
 * cached (mltp-debug(7)).
 *
 * Each ULT holds a stack, or a reservation of one, from its creation
 * (ult/handle.c takes them with the ids) to its end; a cached stack holds
 * the reservation its ULT had, so a ULT that runs on one gives its own
 * back (`spare`, returned to ult/chunk.c in blocks). */
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
#include "ult/chunk.h"
#include "ult/ult.h"

#define STACK_CACHE_DEFAULT 4096  /* shared by all, under a lock */
#define VP_STACK_CACHE_MAX 1024   /* per VP, no lock: create and exit on a VP */
#define SPARE_MAX 128             /* reservations a thread keeps beyond its ids */

size_t ult_stack_default = 64 * 1024;
size_t ult_page_size = 4096;
size_t ult_guard_size = ULT_GUARD_SIZE;

/* MLTP_STACK_CACHE: at most this many in the shared cache, and at most
   min(it, VP_STACK_CACHE_MAX) in each VP's own */
static long cache_max = STACK_CACHE_DEFAULT;
static int own_cache_max = VP_STACK_CACHE_MAX;

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

static base_spin_t cache_lock;
static struct cached_stack *cache;
static size_t cache_map;             /* mapping size of the default stacks */
static long cache_count;

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

/* Into the shared cache if there is room: 1, else 0 (the stack is then
   left as it was, to go back to its chunk). */
static int shared_put(char *lo, size_t map)
{
    struct cached_stack *c;
    int kept = 0;

    if (map != cache_map || CMM_LOAD_SHARED(cache_count) >= cache_max)
        return 0;
    c = to_cache(lo, map);
    base_spin_lock(&cache_lock);
    if (c->map == cache_map && cache_count < cache_max) {
        c->next = cache;
        cache = c;
        cache_count++;
        kept = 1;
    }
    base_spin_unlock(&cache_lock);
    return kept;
}

/* This VP's cache first (no lock), then the shared one. A VP's cache may
   hold stacks of an older default size: those go back to their chunks. */
static struct cached_stack *cached_get(struct ult_cache *uc, size_t m)
{
    while (uc && uc->stacks) {
        struct cached_stack *c = uc->stacks;
        uc->stacks = c->next;
        uc->nstacks--;
        if (c->map == m)
            return c;
        ult_chunk_give(c->lo, c->map);     /* reads only its record */
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

/* ---- reservations (ult/chunk.c): what a thread holds beyond its ids --- */

/* Up to a block of ids' worth (ult/handle.c): from the thread's spares,
   then from the chunks. How many: fewer at the limit, 0 past it. */
int ult_stack_reserve(struct ult_cache *uc)
{
    int n = uc->spare < ULT_ID_BLOCK ? uc->spare : ULT_ID_BLOCK;

    uc->spare -= n;
    if (n < ULT_ID_BLOCK)
        n += (int)ult_chunk_reserve(ULT_ID_BLOCK - n);
    return n;
}

/* A ULT that does not need its reservation (its stack came from a cache)
   leaves it to its thread; past SPARE_MAX half go back. 0, for the tail
   call in ult_stack_get. */
static int __attribute__((noinline)) spare_return(struct ult_cache *uc)
{
    uc->spare -= SPARE_MAX / 2;
    ult_chunk_unreserve(SPARE_MAX / 2);
    return 0;
}

static inline int spare_add(struct ult_cache *uc)
{
    if (__builtin_expect(++uc->spare > SPARE_MAX, 0))
        return spare_return(uc);
    return 0;
}

void ult_stack_spare(struct ult_cache *uc)
{
    spare_add(uc);
}

/* A block of ids (ult/id.c), each with a stack reserved; fewer ids at
   the limit of what can be mapped (the rest of the block unused): 0, or
   ENOMEM (a message said which limit). */
int ult_id_refill_reserved(struct ult_cache *uc)
{
    int n = ult_stack_reserve(uc), id;

    if (!n)
        return ENOMEM;
    id = ult_id_refill(uc);
    uc->id_next = id;
    uc->id_end = id + n;
    return 0;
}

/* An id for a thread that needs no stack: one left in the cache (its
   reservation stays with the thread), else a block of its own of which
   it takes one id and leaves none, so that every id left in a cache has
   its reservation and nothing is mapped for it (a stack of another size
   may need that address space). */
int ult_id_stackless(struct ult_cache *uc)
{
    int id;

    if (ult_ids_left(uc)) {
        spare_add(uc);
        return uc->id_next++;
    }
    id = ult_id_refill(uc);
    uc->id_next = uc->id_end = id + 1;
    return id;
}

/* A thread's end: everything it holds. */
void ult_stack_unreserve(struct ult_cache *uc)
{
    long n = uc->spare + (uc->id_end - uc->id_next);

    uc->spare = 0;
    uc->id_next = uc->id_end;
    if (n > 0)
        ult_chunk_unreserve(n);
}

/* Not from this VP's cache: the shared one, or a slot of a chunk. */
static int __attribute__((noinline))
stack_get_slow(struct ult_cache *uc, size_t m, char **lo, size_t *map)
{
    struct cached_stack *c = m == cache_map ? cached_get(uc, m) : NULL;
    int e;

    if (c) {
        hand_out(c, lo, map);
        if (uc)
            spare_add(uc);
        return 0;
    }
    if ((e = ult_chunk_take(m, lo)) != 0)
        return e;
    *map = m;
    ult_asan_unpoison(*lo + ult_guard_size, m - ult_guard_size);
    return 0;
}

/* Returns 0, or ENOMEM. The usual case, a ULT's first run on a VP, pops
   the VP's cache: 20 instructions, no lock (5 of them count the spare
   reservation; its rare return is a tail call, so no frame). */
int ult_stack_get(struct ult_cache *uc, size_t usable, char **lo, size_t *map)
{
    size_t m = map_size(usable);
    struct cached_stack *c;

    if (__builtin_expect(!uc || !(c = uc->stacks) || c->map != m, 0))
        return stack_get_slow(uc, m, lo, map);
    uc->stacks = c->next;
    uc->nstacks--;
    hand_out(c, lo, map);
    return spare_add(uc);
}

int ult_stack_room(const struct ult_cache *uc, size_t map)
{
    return map == cache_map && uc->nstacks < own_cache_max;
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

/* Past the caches a stack goes back to its chunk as it is: the chunk
   zeroes its private area if it hands it out with its pages. */
void ult_stack_put(struct ult_cache *uc, char *lo, size_t map)
{
    if (uc && ult_stack_room(uc, map))
        ult_stack_put_here(uc, lo, map);
    else if (!shared_put(lo, map))
        ult_chunk_give(lo, map);
}

/* Below an unguarded stack lie ult_guard_size bytes that no correct
   program touches: a write there is an overflow. Its top page is read
   (the zero page until written: no memory), where frames under a page
   that run past the stack's end leave return addresses. */
int ult_stack_overflowed(const char *lo)
{
    const unsigned long *w = (const unsigned long *)(lo + ult_guard_size - ult_page_size);
    unsigned long any = 0;

    for (size_t i = 0; i < ult_page_size / sizeof *w; i++)
        any |= w[i];
    return any != 0;
}

/* After a crash, from another thread: has any page below the stack been
   touched? (mincore: resident, or mapped to the zero page by a read) */
int ult_stack_touched_below(const char *lo)
{
    unsigned char v[ULT_GUARD_SIZE / 4096];
    size_t n = ult_guard_size / ult_page_size;

    if (n > sizeof v || mincore((void *)lo, ult_guard_size, v) != 0)
        return ult_stack_overflowed(lo);
    for (size_t i = 0; i < n; i++)
        if (v[i] & 1)
            return 1;
    return 0;
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

static int set_default(size_t usable)
{
    struct cached_stack *old;
    int e = ult_chunk_set_default(map_size(usable));

    if (e)
        return e;
    base_spin_lock(&cache_lock);
    ult_stack_default = usable;
    cache_map = map_size(usable);
    old = cache;
    cache = NULL;
    cache_count = 0;
    base_spin_unlock(&cache_lock);
    while (old) {
        struct cached_stack *n = old->next;
        ult_chunk_give(old->lo, old->map);
        old = n;
    }
    return 0;
}

int mltp_set_stack_size(size_t bytes)
{
    ult_init_layer();
    if (bytes < MLTP_STACK_MIN || bytes > MLTP_STACK_MAX)
        return EINVAL;
    return set_default((bytes + ult_page_size - 1) & ~(ult_page_size - 1));
}

size_t mltp_get_stack_size(void)
{
    ult_init_layer();
    return ult_stack_default;
}

/* In a fork()ed child: the shared cache's list and the chunks may have
   been in the middle of a change (their stacks are leaked in the child),
   and the reservations are the parent's. The calling thread's cached
   stacks are slots of those chunks: left with them, so that no slot of
   the parent's goes back to a chunk in the child. */
void ult_stack_forget(void)
{
    cache_lock = 0;
    cache = NULL;
    cache_count = 0;
    ult_cache_tls.stacks = NULL;
    ult_cache_tls.nstacks = 0;
    ult_chunk_forget();
    ult_cache_tls.spare = 0;
    ult_cache_tls.id_next = ult_cache_tls.id_end;
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
    cache_max = base_env_long("MLTP_STACK_CACHE", STACK_CACHE_DEFAULT, 0, 1L << 30);
    own_cache_max = cache_max < VP_STACK_CACHE_MAX ? (int)cache_max : VP_STACK_CACHE_MAX;
    ult_chunk_set_dirty_max(cache_max);
    ult_chunk_init();
    (void)set_default((stack + ult_page_size - 1) & ~(ult_page_size - 1)); /* nothing reserved */
    ult_fork_register();
    return 0;
}

void ult_init_layer(void)
{
    static base_once_t once;

    (void)base_once(&once, init_layer);
}
