/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.c - where stacks live (ARCHITECTURE.md, "Stacks", has the
 * picture and the figures).
 *
 * A chunk is one mapping of up to SLOTS slots (SLOTS_FIRST for a pool's
 * first, then as many again as the pool has), each a guard and the stack
 * above it, above a guarded floor (map_chunk). The chunk is mapped and its
 * guards installed in a few system calls, and its slots are handed out one
 * by one, so a stack costs no system call of its own, and a guard is paid
 * once per slot, not once per ULT. A pool is the chunks of one shape
 * (stack size and guard size); the default shape's pool holds the
 * reservations. Up to POOLS shapes have pools; a stack of yet another
 * shape is a chunk of one slot.
 *
 * The guard. Where the kernel has guard regions (MADV_GUARD_INSTALL, Linux
 * 6.13), all of a chunk's are installed in one process_madvise(): they
 * cost no mapping (VMA), and neighbouring chunks merge into one. Before
 * 6.13, or where a sandbox refuses guard regions (EPERM, ENOSYS), a guard
 * is made PROT_NONE with mprotect(), which splits the mapping in two for
 * each stack: those are spent while vm.max_map_count affords them (half of
 * the mappings the process had left when the layer started, about 16,000
 * stacks with the default 65,530), then chunks get none, which is said
 * once. A stack of such a chunk has its guard's bytes below it, untouched
 * by any correct program, and its ULT is checked when it blocks or ends
 * (ult_stack_overflowed). A guard of 0 (mltp_attr_setguardsize, or
 * MLTP_STACK_GUARD=none) makes a pool of unguarded slots: their chunks
 * hold no guarded slot, and their floor is guarded too, so an unguarded
 * overflow can reach only the unguarded stacks below it in its own chunk,
 * never a guarded stack's top (its record and private area).
 *
 * Lowest first. A pool hands out the slots of its lowest chunk with a free
 * slot (avail is kept in address order): stacks in use gather in few
 * chunks, and the others empty out, so that the address space kept is
 * bounded by the stacks kept.
 *
 * Memory goes back, off every ULT's path. A slot given back keeps its
 * pages. Past the budget (MLTP_STACK_CACHE free slots that keep pages),
 * those that have been free for the decay time (MLTP_STACK_DECAY) go back
 * in batches (MADV_DONTNEED, which keeps guards: the slot keeps its guard
 * for its next ULT); a chunk with no slot in use is kept, and unmapped
 * once it has been empty for the decay time and the pool's other free
 * slots cover its reservations, the reserve ahead and the budget. This is
 * maintenance (ult_chunk_maintain), done by a VP with nothing to run, and
 * all of it when a start ends; and it maps the default pool's reserve
 * ahead of demand, so that a creation makes no system call while the
 * reserve lasts.
 *
 * Reservations. Every ULT of the default shape holds a slot, or the promise
 * of one, from its creation to its end, so that its first run always finds
 * one: mltp_create fails instead (ENOMEM, and a message naming the limit)
 * when no more can be mapped. They are taken in blocks with the thread ids
 * (ult_id_refill_reserved, ult/stack.c), which gives back the promise of a
 * ULT that runs on a cached stack (that stack holds one already).
 * `reserved` never exceeds the default pool's capacity, and every slot
 * handed out with a reservation (its record says so) holds it until it
 * comes back: the free slots always cover the ULTs that have none yet.
 *
 * One leaf lock (ARCHITECTURE.md, "Locking rules", rule 7) guards every
 * chunk's counts and the lists. No system call is made under it. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "base/clock.h"
#include "base/log.h"
#include "base/spin.h"
#include "ult/chunk.h"
#include "ult/list.h"
#include "ult/ult.h"
#include "ult/valgrind.h"

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102          /* Linux 6.13 */
#endif
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23          /* Linux 5.14 */
#endif
#define AHEAD 16                /* never-used slots whose top page is made at once */

#define SLOTS 256               /* per chunk at most: 32 MiB with 64 KiB stacks */
#define SLOTS_FIRST 16          /* a pool's first: a program with few ULTs maps 2 MiB */
#define POOLS 8                 /* shapes with pools of their own */
#define FLOOR ULT_GUARD_SIZE    /* below every chunk */

struct ult_pool {
    size_t slot, guard;         /* slot = guard + stack; slot 0: unused */
    struct ult_chunk *avail;    /* chunks with a free slot, lowest first */
    long capacity;              /* slots in its chunks */
    long out;                   /* handed out, cached or being released */
};

struct ult_chunk {
    struct ult_chunk *prev, *next;          /* ult_stack_chunks */
    struct ult_chunk *avail_prev, *avail_next;
    struct ult_chunk *dirty_prev, *dirty_next;
    struct ult_pool *pool;      /* NULL: a chunk of one slot */
    char *base;                 /* slot 0 */
    size_t slot, guard;
    long dirty_ms, empty_ms;    /* when its free slots began keeping pages;
                                   when its last slot came back */
    unsigned int nslots;
    unsigned int carved;        /* slots [0, carved) were ever handed out */
    unsigned int out;           /* in use, cached, or being released */
    unsigned int nfree, nclean; /* free[]: [0, nclean) released, then resident */
    unsigned char kind;         /* enum ult_guard_kind */
    unsigned char on_avail, on_dirty;
    unsigned short free[];
};

/* Every chunk, for debuggers (gdb/mltp.py walks the carved slots'
   records). */
struct ult_chunk *ult_stack_chunks;
static struct ult_chunk *chunks_tail;   /* the oldest: maintenance starts there */

static base_spin_t lock;
static unsigned char flags_added;   /* ult_stack_flags_add */
static struct ult_pool pools[POOLS], *pool_default;
static struct ult_chunk *avail_tail;    /* ult/list.h's, for any pool; unread */
/* chunks with free slots whose pages are still there, oldest first, and
   how many such slots in all */
static struct ult_chunk *dirty_head, *dirty_tail;
static long ndirty, dirty_max = 4096;
static long dirty_head_ms;              /* dirty_head's dirty_ms, for ult_chunk_due */
static long reserved;                   /* promises, on the default pool */
static long nempty;                     /* chunks with no slot out */
static long decay_ms = 1000;
static long clock_ms;                   /* the reaper's tick (ult_chunk_tick) */
static long unmap_ms;                   /* from then on an empty chunk may go */
static long grow_failed_ms = -1;        /* the reserve could not be mapped ahead */
static enum ult_guard_kind kind = ULT_GUARD_REGION;    /* what a new chunk gets */
static long pages_left;                 /* slots that may get a PROT_NONE guard */
static int pm_works = 1;                /* process_madvise takes guards */
static int populate_works = 1;          /* and MADV_POPULATE_WRITE */
int ult_stack_alone;                    /* one VP runs, no bound thread (sched/) */
static int limit_said, check_said;

/* Tests (tests/internals.h): reservations map nothing, nor does a new
   default size for the ULTs already created, so that one may find no
   stack at its first run, the path sched_bind ends the program on. */
int ult_chunk_test_unreserved;
/* Tests: guard regions fail with this errno (a sandbox's EPERM, say), and
   a chunk's record cannot be allocated. */
int ult_chunk_test_guard_errno, ult_chunk_test_no_record;
/* Tests: guard pages (mprotect) fail with this errno. */
int ult_chunk_test_pages_errno;
/* Tests: chunks a creation mapped itself (ult_chunk_reserve). */
long ult_chunk_test_inline_grows;

/* ---- guards ------------------------------------------------------------- */

static long read_long(const char *path, long dflt)
{
    FILE *f = fopen(path, "r");
    long v = dflt;

    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = dflt;
        fclose(f);
    }
    return v;
}

static long count_maps(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    long n = 0;
    int c;

    if (!f)
        return -1;
    while ((c = getc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

/* The PROT_NONE guards' budget, in stacks: a stack takes two mappings,
   and half of what is left stays the program's. */
static long pages_budget(void)
{
    long max = read_long("/proc/sys/vm/max_map_count", 65530), have = count_maps();

    return have < 0 || have >= max ? 0 : (max - have) / 4;
}

/* Does the kernel take guard regions (Linux 6.13)? One try on a page of
   our own; a sandbox's EPERM or ENOSYS is a no as an older kernel's
   EINVAL is. */
static int regions_work(void)
{
    char *p;
    int ok;

    if (ult_chunk_test_guard_errno)
        return 0;
    p = mmap(NULL, 2 * ult_page_size, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return 1;               /* the first chunk will tell */
    ok = madvise(p, ult_page_size, MADV_GUARD_INSTALL) == 0;
    munmap(p, 2 * ult_page_size);
    return ok;
}

/* MLTP_STACK_GUARD: the kind of guard (auto, pages, check) and the
   default guard's size (none, or a size such as 64k); the default size is
   a page on x86-64 where guard regions work (ult/stack.c says why), else
   64 KiB, which the check needs. */
void ult_chunk_init(void)
{
    const char *s = secure_getenv("MLTP_STACK_GUARD");
    size_t size = 0, v;

    if (s && !strcmp(s, "pages"))
        kind = ULT_GUARD_PAGES;
    else if (s && !strcmp(s, "check"))
        kind = ULT_GUARD_CHECK;
    else if (s && !strcmp(s, "none"))
        size = (size_t)-1;
    else if (s && *s && strcmp(s, "auto")) {
        v = ult_stack_parse(s);
        if (v && v <= MLTP_GUARD_MAX)
            size = (v + ult_page_size - 1) & ~(ult_page_size - 1);
        else
            base_warn("ignoring MLTP_STACK_GUARD=%s (auto, pages, check, none, or a guard "
                      "size in bytes, from 1 to %zu, optional k or M)", s, MLTP_GUARD_MAX);
    }
    if (kind == ULT_GUARD_REGION && !regions_work())
        kind = ULT_GUARD_PAGES;
    if (kind == ULT_GUARD_PAGES)
        pages_left = pages_budget();
    if (size == (size_t)-1)
        ult_guard_default = 0;
    else if (size)
        ult_guard_default = size;
    else if (kind == ULT_GUARD_REGION)
        ult_guard_default = (ULT_GUARD_REGION_SIZE + ult_page_size - 1) & ~(ult_page_size - 1);
    else
        ult_guard_default = ult_guard_size;
    decay_ms = base_env_long("MLTP_STACK_DECAY", 1000, 0, 3600L * 1000);
}

/* process_madvise on ourselves, with a pidfd of our own for the call:
   one kept open could be closed by the program (daemons close every fd)
   and its number reused, perhaps for another process's pidfd. n ranges,
   want bytes: 1 if all were done. */
static int madvise_self(struct iovec *iov, size_t n, int advice, long want)
{
    int fd = (int)syscall(SYS_pidfd_open, getpid(), 0);
    long done;

    if (fd < 0)
        return 0;
    done = syscall(SYS_process_madvise, fd, iov, n, advice, 0);
    close(fd);
    return done == want;
}

/* The guard regions of n slots from p, all at once where the kernel takes
   them so (6.13), else one call each. 0, or -1 (errno). */
static int install_regions(char *p, size_t slot, size_t guard, unsigned int n)
{
    struct iovec iov[SLOTS];
    long want = (long)(n * guard);

    if (ult_chunk_test_guard_errno) {
        errno = ult_chunk_test_guard_errno;
        return -1;
    }
    if (pm_works && n > 1 && !ult_vg_running()) {    /* valgrind knows no process_madvise */
        for (unsigned int i = 0; i < n; i++) {
            iov[i].iov_base = p + i * slot;
            iov[i].iov_len = guard;
        }
        if (madvise_self(iov, n, MADV_GUARD_INSTALL, want))
            return 0;
        pm_works = 0;
    }
    for (unsigned int i = 0; i < n; i++)
        if (madvise(p + i * slot, guard, MADV_GUARD_INSTALL) != 0)
            return -1;
    return 0;
}

static int install_pages(char *p, size_t slot, size_t guard, unsigned int n)
{
    if (ult_chunk_test_pages_errno) {
        errno = ult_chunk_test_pages_errno;
        return -1;
    }
    for (unsigned int i = 0; i < n; i++)
        if (mprotect(p + i * slot, guard, PROT_NONE) != 0) {
            int e = errno;
            mprotect(p, (size_t)n * slot, PROT_READ | PROT_WRITE);
            errno = e;
            return -1;
        }
    return 0;
}

/* Once: PROT_NONE guards would pass their budget of mappings, so stacks
   are checked from now on (a weaker guard: never silently). */
static void say_check(void)
{
    if (!uatomic_xchg(&check_said, 1))
        base_warn("ULT stacks from now on are checked, not guarded: guard pages "
                  "(Linux before 6.13) would take more than half of the mappings "
                  "vm.max_map_count leaves (raise it, or see MLTP_STACK_GUARD in mltp(3))");
}

/* Guards of `guard` bytes for the n slots from p, as `kind` and the
   budget say: the kind they got, or -1 (errno, and *call the system call
   that failed). No guard regions (EINVAL before Linux 6.13; EPERM or
   ENOSYS where a sandbox or seccomp filter refuses the call): PROT_NONE
   pages from now on; those refused (the mappings' limit): the check from
   now on. */
static int install_guards(char *p, size_t slot, size_t guard, unsigned int n,
                          const char **call)
{
    if (!guard)
        return ULT_GUARD_NONE;
    for (;;) {
        enum ult_guard_kind g;
        long budget;
        int e;

        base_spin_lock(&lock);
        g = kind;
        if (g == ULT_GUARD_PAGES && pages_left < (long)n)
            g = ULT_GUARD_CHECK;
        else if (g == ULT_GUARD_PAGES)
            pages_left -= n;
        base_spin_unlock(&lock);
        if (g == ULT_GUARD_CHECK && kind == ULT_GUARD_PAGES)
            say_check();
        if (g == ULT_GUARD_CHECK ||
            (g == ULT_GUARD_REGION ? install_regions(p, slot, guard, n)
                                   : install_pages(p, slot, guard, n)) == 0)
            return g;
        e = errno;
        if (g == ULT_GUARD_REGION && (e == EINVAL || e == EPERM || e == ENOSYS)) {
            budget = pages_budget();        /* no system call under the lock */
            base_spin_lock(&lock);
            if (kind == ULT_GUARD_REGION) {
                kind = ULT_GUARD_PAGES;
                pages_left = budget;
            }
            base_spin_unlock(&lock);
            continue;
        }
        base_spin_lock(&lock);
        if (g == ULT_GUARD_PAGES && e == ENOMEM) {
            kind = ULT_GUARD_CHECK;
            pages_left = 0;
        } else if (g == ULT_GUARD_PAGES) {
            pages_left += n;
        }
        base_spin_unlock(&lock);
        if (g != ULT_GUARD_PAGES || e != ENOMEM) {
            *call = g == ULT_GUARD_REGION ? "madvise(MADV_GUARD_INSTALL)" : "mprotect(PROT_NONE)";
            errno = e;
            return -1;
        }
        say_check();
    }
}

/* ---- chunks ------------------------------------------------------------- */

/* n slots of `slot` bytes (`guard` of them the guard), guarded, not yet
   listed; NULL (errno, and *call the call that failed). The record is
   allocated last, after every system call of the chunk: a fork() while
   another VP makes a chunk loses it in the child only if it comes between
   the calloc and the listing, with no system call in between. */
static struct ult_chunk *map_chunk(size_t slot, size_t guard, unsigned int n, const char **call)
{
    size_t len = FLOOR + slot * n;
    struct ult_chunk *k;
    char *p;
    int g;

    *call = "mmap";
    p = mmap(NULL, len, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    /* a huge page would make a waiting ULT 2 MiB instead of one page */
    madvise(p, len, MADV_NOHUGEPAGE);
    if ((g = install_guards(p + FLOOR, slot, guard, n, call)) < 0) {
        int e = errno;
        munmap(p, len);
        errno = e;
        return NULL;
    }
    /* The floor, a guard below the lowest slot: an overflow past stacks
       without guards runs down through the chunk and faults there, before
       it reaches whatever is mapped below (another chunk's top stack, or a
       VP's signal stack, whose crash would then name nobody). Best effort:
       where its guard page cannot be had, the chunk has none. A guard page
       merges with the lowest slot's; under the check it is one mapping
       per chunk. */
    if ((g == ULT_GUARD_REGION || (g == ULT_GUARD_NONE && kind == ULT_GUARD_REGION)) &&
        !ult_vg_running() && !ult_chunk_test_guard_errno &&     /* memcheck reads every page */
        madvise(p, FLOOR, MADV_GUARD_INSTALL) == 0)
        ;
    else
        mprotect(p, FLOOR, PROT_NONE);
    if (ult_chunk_test_no_record || !(k = calloc(1, sizeof *k + n * sizeof k->free[0]))) {
        /* the guard pages' budget goes back with the mapping */
        if (g == ULT_GUARD_PAGES) {
            base_spin_lock(&lock);
            pages_left += n;
            base_spin_unlock(&lock);
        }
        munmap(p, len);
        *call = "calloc";
        errno = ENOMEM;
        return NULL;
    }
    k->base = p + FLOOR;
    k->slot = slot;
    k->guard = guard;
    k->nslots = n;
    k->kind = (unsigned char)g;
    return k;
}

/* Under the lock. A pool's avail list is in address order: the lowest
   chunk's slots go first. Chunks mostly come back highest first (mmap
   places each new one below the last, and ULTs end in the order they
   were made), so the walk is short. */
static void avail_add(struct ult_chunk *k)
{
    struct ult_pool *p = k->pool;
    struct ult_chunk *at = p->avail;

    k->on_avail = 1;
    while (at && at->base < k->base && at->avail_next)
        at = at->avail_next;
    if (at && at->base < k->base) {         /* the highest: after at */
        k->avail_prev = at;
        k->avail_next = NULL;
        at->avail_next = k;
    } else if (at) {
        ULT_LIST_INSERT_BEFORE(p->avail, at, k, avail_prev, avail_next);
    } else {
        ULT_LIST_PUSH_FRONT(p->avail, avail_tail, k, avail_prev, avail_next);
    }
}

static void avail_remove(struct ult_chunk *k)
{
    if (!k->on_avail)
        return;
    k->on_avail = 0;
    ULT_LIST_REMOVE(k->pool->avail, avail_tail, k, avail_prev, avail_next);
}

static void dirty_add(struct ult_chunk *k)
{
    k->on_dirty = 1;
    k->dirty_ms = CMM_LOAD_SHARED(clock_ms);
    ULT_LIST_PUSH_BACK(dirty_head, dirty_tail, k, dirty_prev, dirty_next);
    CMM_STORE_SHARED(dirty_head_ms, dirty_head->dirty_ms);
}

static void dirty_remove(struct ult_chunk *k)
{
    if (!k->on_dirty)
        return;
    k->on_dirty = 0;
    ULT_LIST_REMOVE(dirty_head, dirty_tail, k, dirty_prev, dirty_next);
    if (dirty_head)
        CMM_STORE_SHARED(dirty_head_ms, dirty_head->dirty_ms);
}

static void list_add(struct ult_chunk *k)
{
    ULT_LIST_PUSH_FRONT(ult_stack_chunks, chunks_tail, k, prev, next);
}

/* Off every list (under the lock); the caller unmaps it. */
static void unlink_chunk(struct ult_chunk *k)
{
    avail_remove(k);
    dirty_remove(k);
    ndirty -= k->nfree - k->nclean;
    ULT_LIST_REMOVE(ult_stack_chunks, chunks_tail, k, prev, next);
    if (k->pool)
        k->pool->capacity -= k->nslots;
    if (k->kind == ULT_GUARD_PAGES)
        pages_left += k->nslots;
    if (!k->out)
        nempty--;
}

static void unmap_chunk(struct ult_chunk *k)
{
    munmap(k->base - FLOOR, FLOOR + k->slot * k->nslots);
    free(k);
}

/* A chunk of up to `want` slots, fewer if that much cannot be mapped
   (down to one: the address space used to its end); NULL (errno) if not
   even one. */
static struct ult_chunk *map_some(size_t slot, size_t guard, unsigned int want,
                                  const char **call)
{
    struct ult_chunk *k;

    while (!(k = map_chunk(slot, guard, want, call)) && want > 1)
        want /= 2;
    return k;
}

/* k, a new chunk of p's shape, in p (under the lock). */
static void pool_add(struct ult_pool *p, struct ult_chunk *k)
{
    k->pool = p;
    list_add(k);
    p->capacity += k->nslots;
    nempty++;
    k->empty_ms = CMM_LOAD_SHARED(clock_ms);
    avail_add(k);
}

/* p's chunks leave it (under the lock): they hand out no more slots, and
   are unmapped once empty, as a chunk of one slot is. */
static void pool_evict(struct ult_pool *p)
{
    for (struct ult_chunk *k = ult_stack_chunks; k; k = k->next)
        if (k->pool == p) {
            avail_remove(k);
            k->pool = NULL;
        }
    p->capacity = p->out = 0;
    CMM_STORE_SHARED(unmap_ms, 0);      /* its empty chunks may go */
}

/* The pool of a shape (under the lock): the default's first, then one
   that holds it or none. If every pool holds another shape's chunks:
   NULL, or with evict (a new default shape, which must have one) the
   smallest other pool, emptied (pool_evict). */
static struct ult_pool *pool_of(size_t slot, size_t guard, int evict)
{
    struct ult_pool *spare = NULL, *least = NULL;

    if (pool_default && pool_default->slot == slot && pool_default->guard == guard)
        return pool_default;
    for (int i = 0; i < POOLS; i++) {
        struct ult_pool *p = &pools[i];
        if (p->slot == slot && p->guard == guard)
            return p;
        if (!spare && p != pool_default && !p->capacity)
            spare = p;
        if (p != pool_default && (!least || p->capacity < least->capacity))
            least = p;
    }
    if (!spare && evict) {
        pool_evict(least);
        spare = least;
    }
    if (spare) {
        spare->slot = slot;
        spare->guard = guard;
    }
    return spare;
}

/* The slots of a new chunk of a pool that has `have`: as many again, from
   SLOTS_FIRST up to SLOTS. Under valgrind one, and none mapped ahead for
   the reservations: memcheck's leak check reads every word of every
   mapping, each of a guard region a fault it catches (8192 a stack, 5 s
   for 64 stacks), so only the stacks in use have one, as they did when
   each was a mapping of its own. */
static unsigned int chunk_slots(long have)
{
    return ult_vg_running()      ? 1
         : have < SLOTS_FIRST    ? SLOTS_FIRST
         : have > SLOTS          ? SLOTS : (unsigned int)have;
}

/* A new chunk for p (the lock held on return, as on entry, but dropped
   meanwhile); -1 (errno, *call) if none could be mapped. */
static int grow(struct ult_pool *p, const char **call)
{
    size_t slot = p->slot, guard = p->guard;
    struct ult_chunk *k;

    base_spin_unlock(&lock);
    k = map_some(slot, guard, chunk_slots(p->capacity), call);
    base_spin_lock(&lock);
    if (!k)
        return -1;
    if (p->slot == slot && p->guard == guard) {
        pool_add(p, k);
    } else {                        /* the pool went to another shape */
        base_spin_unlock(&lock);
        unmap_chunk(k);
        base_spin_lock(&lock);
    }
    return 0;
}

/* Why a chunk of len bytes could not be made (err: the errno of call,
   the call that failed), once until the next success. A limit is looked
   for only when mmap failed. */
static void say_limit(int err, size_t len, const char *call)
{
    long vmsize = 0, maps, max = read_long("/proc/sys/vm/max_map_count", 65530);
    long have = pool_default ? pool_default->capacity : 0;
    size_t slot = pool_default ? pool_default->slot : len;
    char why[240];
    struct rlimit rl;
    FILE *f;

    if (uatomic_xchg(&limit_said, 1))
        return;
    if ((f = fopen("/proc/self/statm", "r"))) {
        if (fscanf(f, "%ld", &vmsize) != 1)
            vmsize = 0;
        fclose(f);
    }
    vmsize *= (long)ult_page_size;
    maps = count_maps();
    if (strcmp(call, "mmap"))
        snprintf(why, sizeof why, "%s: %s", call, strerror(err));
    else if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
        (unsigned long long)vmsize + len > (unsigned long long)rl.rlim_cur)
        snprintf(why, sizeof why, "the address-space limit (RLIMIT_AS, ulimit -v) of %llu MiB "
                 "is reached: raise it, or lower the stack size (MLTP_STACK_SIZE)",
                 (unsigned long long)rl.rlim_cur >> 20);
    else if (maps >= max - 16)
        snprintf(why, sizeof why, "the process has %ld mappings, vm.max_map_count is %ld: "
                 "raise it (sysctl vm.max_map_count=N)", maps, max);
    else if (read_long("/proc/sys/vm/overcommit_memory", 0) == 2)
        snprintf(why, sizeof why, "vm.overcommit_memory is 2 and its commit limit "
                 "(CommitLimit, /proc/meminfo) is reached: raise vm.overcommit_ratio, or "
                 "lower the stack size (MLTP_STACK_SIZE)");
    else
        snprintf(why, sizeof why, "mmap of %zu KiB: %s", len >> 10, strerror(err));
    base_warn("no room for another ULT stack (%ld of %zu KiB mapped, %ld MiB of address "
              "space in all): %s", have, slot >> 10, vmsize >> 20, why);
}

long ult_chunk_reserve(long n)
{
    const char *call = "mmap";
    struct ult_pool *p;

    base_spin_lock(&lock);
    /* under valgrind a slot is mapped when a ULT takes it (chunk_slots) */
    if (ult_chunk_test_unreserved || ult_vg_running()) {
        reserved += n;
        base_spin_unlock(&lock);
        return n;
    }
    /* the default pool read again after each grow (the lock dropped: a
       new default meanwhile) */
    while (reserved + n > pool_default->capacity && grow(pool_default, &call) == 0)
        ult_chunk_test_inline_grows++;
    p = pool_default;
    /* at the limit: what is left */
    if (reserved + n > p->capacity)
        n = p->capacity - reserved;
    if (n <= 0) {
        int e = errno;
        base_spin_unlock(&lock);
        say_limit(e, p->slot, call);
        return 0;
    }
    reserved += n;
    base_spin_unlock(&lock);
    CMM_STORE_SHARED(limit_said, 0);
    return n;
}

void ult_chunk_unreserve(long n)
{
    base_spin_lock(&lock);
    reserved -= n;
    base_spin_unlock(&lock);
}

/* A slot of k under the lock: a free one with its pages first, then one
   whose pages went back, then one never used. */
static unsigned int pop_slot(struct ult_chunk *k)
{
    unsigned int i;

    if (!k->out)
        nempty--;
    if (k->nfree > k->nclean) {
        i = k->free[--k->nfree];
        ndirty--;
        if (k->nfree == k->nclean)
            dirty_remove(k);
    } else if (k->nclean) {
        i = k->free[0];
        k->free[0] = k->free[--k->nclean];
        k->nfree--;
    } else {
        i = k->carved++;
    }
    k->out++;
    if (k->pool)
        k->pool->out++;
    if (!k->nfree && k->carved == k->nslots)
        avail_remove(k);
    return i;
}

/* The top pages of k's never-used slots [i, i + n), each its first
   run's page fault otherwise, made in one call (no lock held): one system
   call for AHEAD first runs. A million waiting ULTs on 1 VP: the ULTs'
   first runs 3,123-4,766 -> 2,148-2,257 ns per ULT (whole lives 4,108-
   5,688 -> 3,085-3,151). Only while one VP runs: the call holds the
   mmap lock for reading for ~20 us, and another VP's mmap of a new chunk
   sleeps behind it (100,000 on 2 VPs: 1,892-1,992 -> 2,937-3,688 ns).
   Pages of slots the chunk never hands out go back with it. */
static void populate_tops(const struct ult_chunk *k, unsigned int i, unsigned int n)
{
    struct iovec iov[AHEAD];

    if (!CMM_LOAD_SHARED(populate_works) || ult_vg_running())
        return;
    for (unsigned int j = 0; j < n; j++) {
        iov[j].iov_base = k->base + (i + j + 1) * k->slot - ult_page_size;
        iov[j].iov_len = ult_page_size;
    }
    if (!madvise_self(iov, n, MADV_POPULATE_WRITE, (long)(n * ult_page_size)))
        CMM_STORE_SHARED(populate_works, 0);
}

/* A chunk of one slot, for a shape no pool holds. */
static struct ult_chunk *take_single(size_t slot, size_t guard)
{
    const char *call;
    struct ult_chunk *k = map_chunk(slot, guard, 1, &call);

    if (!k) {
        say_limit(errno, slot, call);
        return NULL;
    }
    k->carved = k->out = 1;
    base_spin_lock(&lock);
    list_add(k);
    base_spin_unlock(&lock);
    return k;
}

int ult_chunk_take(size_t slot, size_t guard, int holds_reservation, char **lo)
{
    struct ult_chunk *k;
    struct ult_stack_rec *r;
    struct ult_pool *p;
    unsigned int i = 0;
    int used = 0;
    const char *call = "mmap";

    base_spin_lock(&lock);
    /* the reservations leave a free slot in the default pool; a new chunk
       only if they were lost (sched_bind then says so). The pool is looked
       up again after a grow: the lock was dropped, and a pool whose chunks
       were all gone may have gone to another shape meanwhile. */
    while ((p = pool_of(slot, guard, 0)) && !(k = p->avail))
        if (grow(p, &call) != 0) {
            int e = errno;
            base_spin_unlock(&lock);
            if (!holds_reservation)
                say_limit(e, slot, call);
            return ENOMEM;
        }
    if (!p) {
        base_spin_unlock(&lock);
        if (!(k = take_single(slot, guard)))
            return ENOMEM;
    } else {
        unsigned int ahead = 0;
        used = k->nfree > k->nclean;
        if (!used && !k->nclean && k->carved % AHEAD == 0 && CMM_LOAD_SHARED(ult_stack_alone)) {
            /* the first of a run of never-used slots: their top pages
               now, the next first runs take none (the slots are taken
               in order, and the chunk stays mapped while one is out) */
            ahead = k->nslots - k->carved < AHEAD ? k->nslots - k->carved : AHEAD;
        }
        i = pop_slot(k);
        base_spin_unlock(&lock);
        if (ahead > 1)
            populate_tops(k, i, ahead);
    }
    *lo = k->base + i * k->slot;
    r = ult_stack_record(*lo, k->slot);
    /* a slot that kept its pages: its last ULT's private area */
    if (used)
        memset(*lo + k->slot - MLTP_PRIVATE_SIZE, 0, MLTP_PRIVATE_SIZE);
    r->chunk = k;
    r->owner = NULL;
    r->guard = k->guard;
    r->kind = k->kind;
    r->reserved = (unsigned char)holds_reservation;
    r->flags = (unsigned char)((k->kind == ULT_GUARD_CHECK ? ULT_UNGUARDED : 0) |
                               (holds_reservation ? 0 : ULT_OWN_STACK) |
                               CMM_LOAD_SHARED(flags_added));
    r->vg_id = ult_vg_running() ? ult_vg_stack_register(*lo + k->guard, *lo + k->slot) : 0;
    return 0;
}

/* After a crash, from the reaper (the ULT at lo ran on the VP that died,
   its stack checked and its guard touched): whose overflow came down
   here? Up from lo, slot by slot, while each slot's guard was touched:
   the owner of the last such slot, whose own stack overflowed (the one
   above it has an untouched guard). NULL if it has none. */
const ult_t *ult_stack_overflower(const char *lo, size_t slot)
{
    const struct ult_chunk *k = ult_stack_record((char *)lo, slot)->chunk;
    const ult_t *who = NULL;

    if (!k || k->slot != slot || lo < k->base)
        return NULL;
    for (const char *s = lo;
         s < k->base + k->nslots * k->slot && ult_stack_touched_below(s, k->guard);
         s += slot)
        who = ult_stack_record((char *)s, slot)->owner;
    return who;
}

/* Flags every ULT bound to a stack from now on gets: in the record of
   every slot ever handed out, under the lock, and of every one handed out
   later (a slot taken just before, its record written after the lock,
   may miss them). A slot whose pages went back reads as zeros, and is
   written again when taken. */
void ult_stack_flags_add(unsigned char f)
{
    base_spin_lock(&lock);
    CMM_STORE_SHARED(flags_added, (unsigned char)(flags_added | f));
    for (const struct ult_chunk *k = ult_stack_chunks; k; k = k->next)
        for (unsigned int i = 0; i < k->carved; i++) {
            struct ult_stack_rec *r = ult_stack_record(k->base + i * k->slot, k->slot);
            if (CMM_LOAD_SHARED(r->chunk))
                r->flags |= f;
        }
    base_spin_unlock(&lock);
}

/* Every ULT a stack is handed to (ult_ids_scan, with every run-queue
   lock held): the records of every slot ever handed out, under the lock
   (a slot whose pages went back reads as zeros). */
void ult_stack_each_owner(void (*f)(ult_t *owner, void *arg), void *arg)
{
    base_spin_lock(&lock);
    for (const struct ult_chunk *k = ult_stack_chunks; k; k = k->next)
        for (unsigned int i = 0; i < k->carved; i++) {
            ult_t *u = CMM_LOAD_SHARED(ult_stack_record(k->base + i * k->slot, k->slot)->owner);
            if (u)
                f(u, arg);
        }
    base_spin_unlock(&lock);
}

/* A slot comes back: it keeps its pages, and its chunk stays mapped, until
   maintenance (below) gives them back; no system call, so an ending ULT
   pays none. */
void ult_chunk_give(char *lo, size_t slot)
{
    struct ult_stack_rec *r = ult_stack_record(lo, slot);
    struct ult_chunk *k = r->chunk;
    int held = r->reserved;

    r->owner = NULL;
    if (ult_vg_running())
        ult_vg_stack_deregister(r->vg_id);
    base_spin_lock(&lock);
    if (held)
        reserved--;
    k->free[k->nfree++] = (unsigned short)((size_t)(lo - k->base) / k->slot);
    k->out--;
    ndirty++;
    if (!k->on_dirty)
        dirty_add(k);
    if (k->pool) {
        k->pool->out--;
        if (!k->on_avail)
            avail_add(k);
    }
    if (!k->out) {
        nempty++;
        k->empty_ms = CMM_LOAD_SHARED(clock_ms);
        if (unmap_ms > k->empty_ms + decay_ms)
            CMM_STORE_SHARED(unmap_ms, k->empty_ms + decay_ms);
    }
    base_spin_unlock(&lock);
}

/* ---- maintenance ---------------------------------------------------- */

static int cmp_index(const void *a, const void *b)
{
    return (int)*(const unsigned short *)a - (int)*(const unsigned short *)b;
}

/* The pages of k's slots idx[0..n) go back to the system, runs of
   neighbours in one call (guards stay: guard regions survive
   MADV_DONTNEED, guard pages are PROT_NONE and never touched). No lock
   held. */
static void release_pages(const struct ult_chunk *k, unsigned short *idx, unsigned int n)
{
    qsort(idx, n, sizeof idx[0], cmp_index);
    for (unsigned int a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && idx[b] == idx[b - 1] + 1; b++)
            ;
        madvise(k->base + idx[a] * k->slot, (size_t)(idx[b - 1] - idx[a] + 1) * k->slot,
                MADV_DONTNEED);
    }
}

/* The pages of k's free slots go back (the lock held on entry and on
   return, dropped meanwhile). They leave free[] meanwhile: nobody takes
   them, and the chunk is not unmapped. */
static void release(struct ult_chunk *k)
{
    unsigned short idx[SLOTS];
    unsigned int n = k->nfree - k->nclean;

    memcpy(idx, &k->free[k->nclean], n * sizeof idx[0]);
    k->nfree = k->nclean;
    if (!k->out)
        nempty--;
    k->out += n;
    ndirty -= n;
    dirty_remove(k);
    base_spin_unlock(&lock);
    release_pages(k, idx, n);
    base_spin_lock(&lock);
    for (unsigned int j = 0; j < n; j++) {
        k->free[k->nfree++] = k->free[k->nclean];
        k->free[k->nclean++] = idx[j];
    }
    k->out -= n;
    if (!k->out)
        nempty++;
}

static int aged(long since, int force)
{
    return force || CMM_LOAD_SHARED(clock_ms) - since >= decay_ms;
}

/* The default pool's reserve ahead: as many free slots beyond the
   reservations as are reserved, up to a chunk's worth. */
static long reserve_ahead(void)
{
    return reserved < SLOTS ? reserved : SLOTS;
}

/* Is k, empty, more than its pool needs kept (under the lock)? The default
   pool keeps free slots for its reservations, the reserve ahead and the
   budget; another keeps none past the decay time, so that it is free for
   another shape once its chunks are gone. */
static int surplus(const struct ult_chunk *k)
{
    const struct ult_pool *p = k->pool;

    return p != pool_default ||
           p->capacity - p->out - (long)k->nslots >= reserved - p->out + reserve_ahead() +
                                                        dirty_max;
}

/* The reserve ahead is short, and may be mapped (not after a failure in
   this tick, nor where reservations map nothing). */
static int reserve_short(void)
{
    const struct ult_pool *p = CMM_LOAD_SHARED(pool_default);

    return p && !ult_chunk_test_unreserved && !ult_vg_running() &&
           CMM_LOAD_SHARED(p->capacity) - CMM_LOAD_SHARED(reserved) < reserve_ahead() &&
           CMM_LOAD_SHARED(grow_failed_ms) != CMM_LOAD_SHARED(clock_ms);
}

/* One step of maintenance (the lock held on entry and return, dropped
   meanwhile): 1 if it did something, 0 if nothing is due. At a start's
   end (force) the decay time is not waited for, and nothing is mapped. */
static int maintain_step(int force)
{
    const char *call;

    if (!force && reserve_short()) {
        if (grow(pool_default, &call) == 0)
            return 1;
        grow_failed_ms = clock_ms;
    }
    if (ndirty > dirty_max && dirty_head && aged(dirty_head->dirty_ms, force)) {
        release(dirty_head);
        return 1;
    }
    if (nempty && (force || clock_ms >= unmap_ms)) {
        /* the oldest first, which mmap placed highest: the lowest are
           handed out first; the next look when the first of the others
           that are not needed has been empty for the decay time */
        long next = LONG_MAX;
        for (struct ult_chunk *k = chunks_tail; k; k = k->prev) {
            if (k->out || !surplus(k))
                continue;
            if (aged(k->empty_ms, force)) {
                unlink_chunk(k);
                base_spin_unlock(&lock);
                unmap_chunk(k);
                base_spin_lock(&lock);
                return 1;
            }
            if (next > k->empty_ms + decay_ms)
                next = k->empty_ms + decay_ms;
        }
        CMM_STORE_SHARED(unmap_ms, next);
    }
    return 0;
}

/* Racy, lock-free and cheap: is any maintenance due? A VP with nothing to
   run asks at each idle entry. */
int ult_chunk_due(void)
{
    return reserve_short() ||
           (CMM_LOAD_SHARED(ndirty) > dirty_max && CMM_LOAD_SHARED(dirty_head) &&
            aged(CMM_LOAD_SHARED(dirty_head_ms), 0)) ||
           (CMM_LOAD_SHARED(nempty) && CMM_LOAD_SHARED(clock_ms) >= CMM_LOAD_SHARED(unmap_ms));
}

/* A few steps (a VP with nothing to run: it looks for work in between),
   or, at a start's end, all of it. */
int ult_chunk_maintain(int force)
{
    int did;

    base_spin_lock(&lock);
    if (force)
        while (maintain_step(1))
            ;
    did = !force && maintain_step(0);
    base_spin_unlock(&lock);
    return did;
}

void ult_chunk_tick(long now_ms)
{
    CMM_STORE_SHARED(clock_ms, now_ms);
}

/* ---- the default shape -------------------------------------------------- */

/* The new size's chunks are mapped first, for the reservations already
   made (ULTs created and not yet run take the new size): 0, or ENOMEM
   (a message said which limit) with the old size kept. The old pool's
   chunks stay until their stacks come back (maintenance unmaps them). */
int ult_chunk_set_default(size_t slot)
{
    struct ult_chunk *k, *next, *fresh = NULL;
    struct ult_pool *p;
    size_t guard = ult_guard_default;
    long have = 0, need;
    const char *call;

    base_spin_lock(&lock);
    p = pool_of(slot, guard, 1);
    need = p == pool_default || ult_chunk_test_unreserved || ult_vg_running() ? 0 : reserved;
    have = p->capacity - p->out;
    base_spin_unlock(&lock);
    while (have < need) {
        if (!(k = map_some(slot, guard, chunk_slots(have), &call))) {
            say_limit(errno, slot, call);
            for (; fresh; fresh = next) {
                next = fresh->next;
                unmap_chunk(fresh);
            }
            return ENOMEM;
        }
        k->next = fresh;        /* off the lists: next chains them here */
        fresh = k;
        have += k->nslots;
    }
    base_spin_lock(&lock);
    if (p->slot != slot || p->guard != guard)
        p = pool_of(slot, guard, 1);    /* taken meanwhile for another shape: rare */
    pool_default = p;
    CMM_STORE_SHARED(unmap_ms, 0);      /* the old pool's empty chunks may go */
    for (; fresh; fresh = next) {
        next = fresh->next;
        pool_add(p, fresh);
    }
    /* creations meanwhile: best effort (a first run maps what it lacks) */
    while (reserved > p->capacity && !ult_chunk_test_unreserved && !ult_vg_running() &&
           grow(p, &call) == 0)
        ;
    base_spin_unlock(&lock);
    return 0;
}

void ult_chunk_forget(void)
{
    lock = 0;
    ult_stack_chunks = chunks_tail = avail_tail = dirty_head = dirty_tail = NULL;
    for (int i = 0; i < POOLS; i++) {
        pools[i].avail = NULL;
        pools[i].capacity = pools[i].out = 0;
    }
    reserved = ndirty = nempty = 0;
    unmap_ms = 0;
}

/* Tests: the slots that may still get a PROT_NONE guard. */
long ult_chunk_test_pages_left(void)
{
    long n;

    base_spin_lock(&lock);
    n = pages_left;
    base_spin_unlock(&lock);
    return n;
}

void ult_chunk_set_dirty_max(long n)
{
    dirty_max = n;
}
