/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/stack.c - ULT stacks: slots of chunks (ult/chunk.c), each with a
 * guard below, so an overflow faults (and the reaper reports it) instead
 * of corrupting memory. Where the kernel cannot afford guard pages the
 * guard is checked instead (ult_stack_overflowed, ult/chunk.c); a ULT
 * created with a guard size of 0 (mltp_attr_setguardsize), or every ULT
 * under MLTP_STACK_GUARD=none, has none.
 *
 * The default guard is one page on x86-64 where guard regions work (Linux
 * 6.13), as a pthread's is, and 64 KiB elsewhere. A frame or alloca()
 * larger than the guard that jumps past the stack's end lands in the stack
 * below, unless the code probes every page of a large frame on its way
 * down, which GCC and Clang do with -fstack-clash-protection: every 4 KiB
 * on x86-64, so a page of guard catches it there; aarch64's probes assume
 * a 64 KiB guard. pkg-config's cflags give the flag; a program built
 * without it that has large frames sets a larger guard
 * (mltp_attr_setguardsize, or MLTP_STACK_GUARD=64k). Guard pages
 * (mprotect: before 6.13) cost two mappings whatever their size, and the
 * check needs its 64 KiB below the stack to see most overflows before they
 * reach the stack below: those keep 64 KiB. Measured on the 2-CPU VM
 * (Linux 6.18): a guard region costs 420-510 ns per slot of 4 KiB and
 * 710-740 ns of 64 KiB (process_madvise of 256 ranges: the cost is per
 * range more than per page), once per slot; with a million ULTs waiting
 * at once, 64 KiB guards made a ULT's whole life 6,655 ns on 1 VP against
 * 3,680 unguarded and Go's 3,684 (1.8 times Go's: page tables for 60 GiB
 * more of guards), 4 KiB guards 4,059 against Go's 3,220 (1.26 times);
 * and a 64 KiB guard is 60 KiB more address space per stack.
 *
 * Stacks of the default shape are cached per VP when their ULT ends:
 * creation then costs no system call and no lock. Beyond a VP's cache
 * (MLTP_STACK_CACHE, at most 1024) a stack goes back to its chunk, which
 * hands it out again, lowest chunk first, with its pages, until
 * maintenance gives them back. (A shared cache between the two cost a
 * lock as the chunk does, and spread the stacks kept over more chunks.)
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
 * Each ULT holds a stack, or a promise of one, from its creation
 * (ult/handle.c takes them with the ids) to its end; a take from a chunk
 * consumes the promise, so a ULT that runs on a cached stack (whose
 * promise was consumed when it was first taken) leaves its own to its
 * thread (`spare`, returned to ult/chunk.c in blocks). */
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

#define VP_STACK_CACHE_MAX 1024   /* per VP, no lock: create and exit on a VP */
#define SPARE_MAX 128             /* reservations a thread keeps beyond its ids */

size_t ult_stack_default = 64 * 1024;
size_t ult_page_size = 4096;
size_t ult_guard_size = ULT_GUARD_SIZE;
size_t ult_guard_default = ULT_GUARD_SIZE;

/* MLTP_STACK_CACHE: at most min(it, VP_STACK_CACHE_MAX) in each VP's
   cache, and it free slots keep their pages (ult/chunk.c) */
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

static size_t cache_map;             /* mapping size of the default stacks */

static size_t map_size(size_t usable)
{
    return usable + ult_guard_default;
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

/* This VP's cache (no lock). It may hold stacks of an older default size:
   those go back to their chunks. */
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
    return NULL;
}

/* A cached stack, out of its cache: its link is cleared, so that its
   private area is all zero again. */
static inline void hand_out(struct cached_stack *c, char **lo, size_t *map)
{
    *lo = c->lo;
    *map = c->map;
    ult_asan_unpoison(c->lo + ult_guard_default, c->map - ult_guard_default);
    memset(c, 0, sizeof *c);
}

/* ---- reservations (ult/chunk.c): what a thread holds beyond its ids --- */

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

/* A block of ids (ult/id.c), each with a stack promised; fewer ids at
   the limit of what can be mapped (the rest of the block unused): 0, or
   ENOMEM (a message said which limit). */
int ult_id_refill_reserved(struct ult_cache *uc)
{
    int n = uc->spare < ULT_ID_BLOCK ? uc->spare : ULT_ID_BLOCK, id;

    uc->spare -= n;     /* the thread's spares first, then new promises */
    if (n < ULT_ID_BLOCK)
        n += (int)ult_chunk_reserve(ULT_ID_BLOCK - n);
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

/* Not from this VP's cache: a slot of a chunk. A stack of the default
   shape (reserved) may come from an older size's stacks left in the
   cache. */
static int __attribute__((noinline))
stack_get_slow(struct ult_cache *uc, size_t m, size_t guard, int reserved, char **lo,
               size_t *map)
{
    struct cached_stack *c = reserved && m == cache_map ? cached_get(uc, m) : NULL;
    int e;

    if (c) {
        hand_out(c, lo, map);
        if (uc)
            spare_add(uc);
        return 0;
    }
    if ((e = ult_chunk_take(m, guard, reserved, lo)) != 0)
        return e;
    *map = m;
    ult_asan_unpoison(*lo + guard, m - guard);
    return 0;
}

/* Returns 0, or ENOMEM. The usual case, a ULT's first run on a VP, pops
   the VP's cache: 20 instructions, no lock (5 of them count the spare
   reservation; its rare return is a tail call, so no frame). */
int ult_stack_get_default(struct ult_cache *uc, char **lo, size_t *map)
{
    struct cached_stack *c;

    if (__builtin_expect(!uc || !(c = uc->stacks) || c->map != cache_map, 0))
        return stack_get_slow(uc, ult_stack_default + ult_guard_default, ult_guard_default, 1,
                              lo, map);
    uc->stacks = c->next;
    uc->nstacks--;
    hand_out(c, lo, map);
    return spare_add(uc);
}

/* A stack of a size or guard given at a creation: of the default shape
   (it holds a reservation) from the VP's cache too. */
int ult_stack_get(struct ult_cache *uc, size_t usable, size_t guard, int reserved, char **lo,
                  size_t *map)
{
    if (reserved && usable + guard == cache_map)
        return ult_stack_get_default(uc, lo, map);
    return stack_get_slow(uc, usable + guard, guard, reserved, lo, map);
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

/* Past the VP's cache a stack goes back to its chunk as it is: the chunk
   zeroes its private area if it hands it out with its pages. Only a
   stack that holds a reservation (its record says so) may be cached. */
void ult_stack_put(struct ult_cache *uc, char *lo, size_t map)
{
    if (uc && ult_stack_record(lo, map)->reserved && ult_stack_room(uc, map))
        ult_stack_put_here(uc, lo, map);
    else
        ult_chunk_give(lo, map);
}

/* Below a checked stack lie its guard's bytes, which no correct program
   touches: a write there is an overflow. Its top page is read (the zero
   page until written: no memory), where frames under a page that run
   past the stack's end leave return addresses. Raw memory to
   AddressSanitizer: its shadow there may still hold the redzones of
   frames of a stack that had these addresses before (chunks of other
   shapes are mapped where others were). */
__attribute__((no_sanitize("address")))
int ult_stack_overflowed(char *lo, size_t map)
{
    const unsigned long *w =
        (const unsigned long *)(lo + ult_stack_guard(lo, map) - ult_page_size);
    unsigned long any = 0;

    for (size_t i = 0; i < ult_page_size / sizeof *w; i++)
        any |= w[i];
    return any != 0;
}

/* After a crash, from another thread: has any page of the guard (guard
   bytes at lo) been touched? (mincore: resident, or mapped to the zero
   page by a read) */
int ult_stack_touched_below(const char *lo, size_t guard)
{
    unsigned char v[64];
    size_t n = guard / ult_page_size;

    if (!n)
        return 0;
    if (n > sizeof v) {             /* its top 64 pages */
        lo += guard - sizeof v * ult_page_size;
        n = sizeof v;
    }
    if (mincore((void *)lo, n * ult_page_size, v) != 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (v[i] & 1)
            return 1;
    return 0;
}

/* A VP's cache back to the chunks (a start's end, the VP not running). */
void ult_stack_drain(struct ult_cache *uc)
{
    (void)cached_get(uc, 0);    /* no stack is of size 0: each goes back */
}

/* The VPs' caches give the old size's stacks back as they meet them. */
static int set_default(size_t usable)
{
    int e = ult_chunk_set_default(map_size(usable));

    if (e)
        return e;
    CMM_STORE_SHARED(ult_stack_default, usable);
    CMM_STORE_SHARED(cache_map, map_size(usable));
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

/* In a fork()ed child: the chunks may have been in the middle of a
   change (their stacks are leaked in the child), and the reservations are
   the parent's. The calling thread's cached stacks are slots of those
   chunks: left with them, so that no slot of the parent's goes back to a
   chunk in the child. */
void ult_stack_forget(void)
{
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
        size_t v = base_parse_size(s);
        if (v < MLTP_STACK_MIN || v > MLTP_STACK_MAX)
            base_warn("ignoring MLTP_STACK_SIZE=%s (bytes, from %d to %llu, "
                      "optional k or M)", s, MLTP_STACK_MIN,
                      (unsigned long long)MLTP_STACK_MAX);
        else
            stack = v;
    }
    long cache_max = ult_chunk_init();

    own_cache_max = cache_max < VP_STACK_CACHE_MAX ? (int)cache_max : VP_STACK_CACHE_MAX;
    (void)set_default((stack + ult_page_size - 1) & ~(ult_page_size - 1)); /* nothing reserved */
    ult_fork_register();
    return 0;
}

void ult_init_layer(void)
{
    static base_once_t once;

    (void)base_once(&once, init_layer);
}
