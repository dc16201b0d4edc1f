/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.c - where stacks live. A chunk is one mapping of up to SLOTS
 * slots (SLOTS_FIRST for the first, then as many again as there are),
 * each a guard region with a stack above it, above a guarded floor
 * (map_chunk): the chunk is mapped and its
 * guards installed in a few system calls, and its slots are handed out
 * one by one (ult/stack.c caches them in turn), so a stack costs no system
 * call of its own. A stack of another size than the default is a chunk of
 * one slot.
 *
 * The guard. Where the kernel has guard regions (MADV_GUARD_INSTALL, Linux
 * 6.13), all of a chunk's are installed in one process_madvise(): they
 * cost no mapping (VMA), and neighbouring chunks merge into one. Before
 * 6.13, or where a sandbox refuses guard regions (EPERM, ENOSYS), a guard
 * is made PROT_NONE with mprotect(), which splits the mapping
 * in two for each stack: those are spent while vm.max_map_count affords
 * them (half of the mappings the process had left when the layer started,
 * about 16,000 stacks with the default 65,530), then chunks get none. A
 * stack of such a chunk has the same 64 KiB below it, untouched by any
 * correct program, and its ULT is checked when it blocks or ends
 * (ult_stack_overflowed, ARCHITECTURE.md "Stacks"). MLTP_STACK_GUARD=pages
 * or check picks the older kernels' way, or the check alone, on any kernel.
 *
 * Memory goes back. A slot ult/stack.c returns (its caches are full) is
 * free. A chunk with no slot in use is unmapped unless it is of the
 * default size and either no other empty chunk is kept or the others'
 * slots would no longer cover the reservations (empty()): one is kept for
 * the next creations, more while the reservations need them, each with
 * its pages given back. Free slots of chunks still in
 * use keep their pages until MLTP_STACK_CACHE of them do, then the oldest
 * chunks' go back (MADV_DONTNEED, which keeps guard regions): ULTs that
 * end in the order they were made empty whole chunks, with no call per
 * slot.
 *
 * Reservations. Every ULT holds a slot, or the promise of one, from its
 * creation to its end, so that its first run always finds one: mltp_create
 * fails instead (ENOMEM, and a message naming the limit) when no more can
 * be mapped. They are taken in blocks with the thread ids
 * (ult_id_refill_reserved, ult/stack.c), which gives back the promise of a
 * ULT that runs on a cached stack (that stack holds one already). `reserved` never exceeds `capacity`, the
 * default-size slots mapped, and every slot in use or cached holds a
 * reservation: the free slots always cover the ULTs that have none yet.
 *
 * One leaf lock (ARCHITECTURE.md, "Locking rules", rule 7) guards every
 * chunk's counts and the lists. No system call is made under it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "base/log.h"
#include "base/spin.h"
#include "ult/chunk.h"
#include "ult/list.h"
#include "ult/ult.h"
#include "ult/valgrind.h"

#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102          /* Linux 6.13 */
#endif

#define SLOTS 256               /* per chunk at most: 32 MiB with 64 KiB stacks */
#define SLOTS_FIRST 16          /* the first: a program with few ULTs maps 2 MiB */

enum guard { GUARD_REGION, GUARD_PAGES, GUARD_CHECK };

struct ult_chunk {
    struct ult_chunk *prev, *next;          /* ult_stack_chunks */
    struct ult_chunk *avail_prev, *avail_next;
    struct ult_chunk *dirty_prev, *dirty_next;
    char *base;
    size_t slot;
    unsigned int nslots;
    unsigned int carved;        /* slots [0, carved) were ever handed out */
    unsigned int out;           /* in use, cached, or being released */
    unsigned int nfree, nclean; /* free[]: [0, nclean) released, then resident */
    unsigned char guard;        /* enum guard */
    unsigned char pool;         /* of a default size: its slots hold reservations */
    unsigned char current;      /* of the default size: in capacity, on avail */
    unsigned char on_avail, on_dirty, spare;
    unsigned short free[];
};

/* Every chunk, for debuggers (gdb/mltp.py walks the carved slots'
   records). */
struct ult_chunk *ult_stack_chunks;
static struct ult_chunk *chunks_tail;   /* ult/list.h keeps one; unread */

static base_spin_t lock;
static struct ult_chunk *avail, *avail_tail;    /* default-size chunks with a slot
                                                   (the tail unread, as chunks_tail) */
/* chunks with free slots whose pages are still there, oldest first, and
   how many such slots in all: their pages go back past dirty_max */
static struct ult_chunk *dirty_head, *dirty_tail;
static long ndirty, dirty_max = 4096;
static size_t slot_default;
static long capacity, reserved;         /* default-size slots; promises */
static int nspare;                      /* empty default-size chunks kept */
static enum guard kind = GUARD_REGION;  /* what a new chunk gets */
static long pages_left;                 /* slots that may get a PROT_NONE guard */
static int pm_works = 1;                /* process_madvise takes guards */
static int limit_said;

/* Tests (tests/internals.h): reservations map nothing, nor does a new
   default size for the ULTs already created, so that one may find no
   stack at its first run, the path sched_bind ends the program on. */
int ult_chunk_test_unreserved;
/* Tests: guard regions fail with this errno (a sandbox's EPERM, say), and
   a chunk's record cannot be allocated. */
int ult_chunk_test_guard_errno, ult_chunk_test_no_record;

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

void ult_chunk_init(void)
{
    const char *s = secure_getenv("MLTP_STACK_GUARD");

    if (s && !strcmp(s, "pages"))
        kind = GUARD_PAGES;
    else if (s && !strcmp(s, "check"))
        kind = GUARD_CHECK;
    else if (s && *s && strcmp(s, "auto"))
        base_warn("ignoring MLTP_STACK_GUARD=%s (auto, pages or check)", s);
    if (kind == GUARD_PAGES)
        pages_left = pages_budget();
}

/* The guard regions of n slots from p, all at once where the kernel takes
   them so (6.13), else one call each. 0, or -1 (errno). */
static int install_regions(char *p, size_t slot, unsigned int n)
{
    struct iovec iov[SLOTS];
    long want = (long)(n * ult_guard_size);

    if (ult_chunk_test_guard_errno) {
        errno = ult_chunk_test_guard_errno;
        return -1;
    }
    if (pm_works && n > 1 && !ult_vg_running()) {    /* valgrind knows no process_madvise */
        int fd = (int)syscall(SYS_pidfd_open, getpid(), 0);
        long done = -1;
        for (unsigned int i = 0; i < n; i++) {
            iov[i].iov_base = p + i * slot;
            iov[i].iov_len = ult_guard_size;
        }
        if (fd >= 0) {
            done = syscall(SYS_process_madvise, fd, iov, (size_t)n, MADV_GUARD_INSTALL, 0);
            close(fd);
        }
        if (done == want)
            return 0;
        pm_works = 0;
    }
    for (unsigned int i = 0; i < n; i++)
        if (madvise(p + i * slot, ult_guard_size, MADV_GUARD_INSTALL) != 0)
            return -1;
    return 0;
}

static int install_pages(char *p, size_t slot, unsigned int n)
{
    for (unsigned int i = 0; i < n; i++)
        if (mprotect(p + i * slot, ult_guard_size, PROT_NONE) != 0) {
            int e = errno;
            mprotect(p, (size_t)n * slot, PROT_READ | PROT_WRITE);
            errno = e;
            return -1;
        }
    return 0;
}

/* Guards for the n slots from p, as `kind` and the budget say: the kind
   they got, or -1 (errno, and *call the system call that failed). No
   guard regions (EINVAL before Linux 6.13; EPERM or ENOSYS where a
   sandbox or seccomp filter refuses the call): PROT_NONE pages from now
   on; those refused (the mappings' limit): the check from now on. */
static int install_guards(char *p, size_t slot, unsigned int n, const char **call)
{
    for (;;) {
        enum guard g;
        long budget;
        int e;

        base_spin_lock(&lock);
        g = kind;
        if (g == GUARD_PAGES && pages_left < (long)n)
            g = GUARD_CHECK;
        else if (g == GUARD_PAGES)
            pages_left -= n;
        base_spin_unlock(&lock);
        if (g == GUARD_CHECK ||
            (g == GUARD_REGION ? install_regions(p, slot, n) : install_pages(p, slot, n)) == 0)
            return g;
        e = errno;
        if (g == GUARD_REGION && (e == EINVAL || e == EPERM || e == ENOSYS)) {
            budget = pages_budget();        /* no system call under the lock */
            base_spin_lock(&lock);
            if (kind == GUARD_REGION) {
                kind = GUARD_PAGES;
                pages_left = budget;
            }
            base_spin_unlock(&lock);
            continue;
        }
        base_spin_lock(&lock);
        if (g == GUARD_PAGES && e == ENOMEM) {
            kind = GUARD_CHECK;
            pages_left = 0;
        } else if (g == GUARD_PAGES) {
            pages_left += n;
        }
        base_spin_unlock(&lock);
        if (g != GUARD_PAGES || e != ENOMEM) {
            *call = g == GUARD_REGION ? "madvise(MADV_GUARD_INSTALL)" : "mprotect(PROT_NONE)";
            errno = e;
            return -1;
        }
    }
}

/* ---- chunks ------------------------------------------------------------- */

/* n slots of `slot` bytes, guarded, not yet listed; NULL (errno, and
   *call the call that failed). The record is allocated last, after every
   system call of the chunk: a fork() while another VP makes a chunk loses
   it in the child only if it comes between the calloc and the listing,
   with no system call in between. */
static struct ult_chunk *map_chunk(size_t slot, unsigned int n, const char **call)
{
    size_t len = ult_guard_size + slot * n;
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
    if ((g = install_guards(p + ult_guard_size, slot, n, call)) < 0) {
        int e = errno;
        munmap(p, len);
        errno = e;
        return NULL;
    }
    /* The floor, a guard below the lowest slot: an overflow past stacks
       without guards runs down through the chunk and faults there, before
       it reaches whatever is mapped below (a VP's signal stack, say: its
       crash would then name nobody). Best effort: where its guard page
       cannot be had, the chunk has none. A guard page merges with the
       lowest slot's; under the check it is one mapping per chunk. */
    if (g == GUARD_REGION && !ult_vg_running())     /* memcheck reads every page */
        madvise(p, ult_guard_size, MADV_GUARD_INSTALL);
    else
        mprotect(p, ult_guard_size, PROT_NONE);
    if (ult_chunk_test_no_record || !(k = calloc(1, sizeof *k + n * sizeof k->free[0]))) {
        /* the guard pages' budget goes back with the mapping */
        if (g == GUARD_PAGES) {
            base_spin_lock(&lock);
            pages_left += n;
            base_spin_unlock(&lock);
        }
        munmap(p, len);
        *call = "calloc";
        errno = ENOMEM;
        return NULL;
    }
    k->base = p + ult_guard_size;
    k->slot = slot;
    k->nslots = n;
    k->guard = (unsigned char)g;
    return k;
}

/* Under the lock. */
static void avail_add(struct ult_chunk *k)
{
    k->on_avail = 1;
    ULT_LIST_PUSH_FRONT(avail, avail_tail, k, avail_prev, avail_next);
}

static void avail_remove(struct ult_chunk *k)
{
    if (!k->on_avail)
        return;
    k->on_avail = 0;
    ULT_LIST_REMOVE(avail, avail_tail, k, avail_prev, avail_next);
}

static void dirty_add(struct ult_chunk *k)
{
    k->on_dirty = 1;
    ULT_LIST_PUSH_BACK(dirty_head, dirty_tail, k, dirty_prev, dirty_next);
}

static void dirty_remove(struct ult_chunk *k)
{
    if (!k->on_dirty)
        return;
    k->on_dirty = 0;
    ULT_LIST_REMOVE(dirty_head, dirty_tail, k, dirty_prev, dirty_next);
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
    if (k->current)
        capacity -= k->nslots;
    if (k->guard == GUARD_PAGES)
        pages_left += k->nslots;
    if (k->spare) {
        k->spare = 0;
        nspare--;
    }
}

static void unmap_chunk(struct ult_chunk *k)
{
    munmap(k->base - ult_guard_size, ult_guard_size + k->slot * k->nslots);
    free(k);
}

/* A chunk of up to `want` slots of `slot` bytes, fewer if that much
   cannot be mapped (down to one: the address space used to its end);
   NULL (errno) if not even one. */
static struct ult_chunk *map_some(size_t slot, unsigned int want, const char **call)
{
    struct ult_chunk *k;

    while (!(k = map_chunk(slot, want, call)) && want > 1)
        want /= 2;
    return k;
}

/* k, a new chunk of the default size, in the pool (under the lock). */
static void pool_add(struct ult_chunk *k)
{
    list_add(k);
    k->pool = k->current = 1;
    capacity += k->nslots;
    avail_add(k);
    k->spare = 1;
    nspare++;
}

/* The slots of a new chunk of a size that has `have`: as many again, from
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

/* A new chunk of the default size (the lock held on return, as on entry,
   but dropped meanwhile); -1 (errno, *call) if none could be mapped. */
static int grow(const char **call)
{
    struct ult_chunk *k;
    size_t slot = slot_default;
    unsigned int want = chunk_slots(capacity);

    base_spin_unlock(&lock);
    k = map_some(slot, want, call);
    base_spin_lock(&lock);
    if (!k)
        return -1;
    if (slot == slot_default) {
        pool_add(k);
    } else {                        /* mltp_set_stack_size came between */
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
              "space in all): %s", capacity, slot_default >> 10, vmsize >> 20, why);
}

long ult_chunk_reserve(long n)
{
    const char *call = "mmap";

    base_spin_lock(&lock);
    /* under valgrind a slot is mapped when a ULT takes it (chunk_slots) */
    if (ult_chunk_test_unreserved || ult_vg_running()) {
        reserved += n;
        base_spin_unlock(&lock);
        return n;
    }
    while (reserved + n > capacity && grow(&call) == 0)
        ;
    /* at the limit: what is left */
    if (reserved + n > capacity)
        n = capacity - reserved;
    if (n <= 0) {
        int e = errno;
        base_spin_unlock(&lock);
        say_limit(e, slot_default, call);
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

    if (k->spare) {
        k->spare = 0;
        nspare--;
    }
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
    if (!k->nfree && k->carved == k->nslots)
        avail_remove(k);
    return i;
}

int ult_chunk_take(size_t slot, char **lo)
{
    struct ult_chunk *k;
    struct ult_stack_rec *r;
    unsigned int i = 0;
    int used = 0;
    const char *call;

    if (slot != slot_default) {
        if (!(k = map_chunk(slot, 1, &call))) {
            say_limit(errno, slot, call);
            return ENOMEM;
        }
        k->carved = k->out = 1;
        base_spin_lock(&lock);
        list_add(k);
        base_spin_unlock(&lock);
    } else {
        base_spin_lock(&lock);
        /* the reservations leave a free slot; a new chunk only if they
           were lost (sched_bind then says so) */
        while (!(k = avail))
            if (grow(&call) != 0) {
                base_spin_unlock(&lock);
                return ENOMEM;
            }
        used = k->nfree > k->nclean;
        i = pop_slot(k);
        base_spin_unlock(&lock);
    }
    *lo = k->base + i * k->slot;
    r = ult_stack_record(*lo, k->slot);
    /* a slot that kept its pages: its last ULT's private area */
    if (used)
        memset(*lo + k->slot - MLTP_PRIVATE_SIZE, 0, MLTP_PRIVATE_SIZE);
    r->chunk = k;
    r->owner = NULL;
    r->flags = k->guard == GUARD_CHECK ? ULT_UNGUARDED : 0;
    r->vg_id = ult_vg_running() ? ult_vg_stack_register(*lo + ult_guard_size, *lo + k->slot) : 0;
    return 0;
}

/* After a crash, from the reaper (the ULT at lo ran on the VP that died,
   its stack unguarded and its guard region touched): whose overflow came
   down here? Up from lo, slot by slot, while each slot's guard region was
   touched: the owner of the last such slot, whose own stack overflowed
   (the one above it has an untouched guard region). NULL if it has none. */
const ult_t *ult_stack_overflower(const char *lo, size_t slot)
{
    const struct ult_chunk *k = ult_stack_record((char *)lo, slot)->chunk;
    const ult_t *who = NULL;

    if (!k || k->slot != slot || lo < k->base)
        return NULL;
    for (const char *s = lo; s < k->base + k->nslots * k->slot && ult_stack_touched_below(s);
         s += slot)
        who = ult_stack_record((char *)s, slot)->owner;
    return who;
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

static int cmp_index(const void *a, const void *b)
{
    return (int)*(const unsigned short *)a - (int)*(const unsigned short *)b;
}

/* The pages of k's slots idx[0..n) go back to the system, runs of
   neighbours in one call (guard regions stay; guard pages are left as
   they are: PROT_NONE, never touched). No lock held. */
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

/* k has no slot in use (the lock held): unlinked, for the caller to
   unmap (1), or kept as the spare (0). */
static int empty(struct ult_chunk *k)
{
    if (!k->current || (nspare - k->spare > 0 && capacity - (long)k->nslots >= reserved)) {
        unlink_chunk(k);
        return 1;
    }
    if (!k->spare) {
        k->spare = 1;
        nspare++;
    }
    return 0;
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
}

/* A chunk emptied in turn (ULTs that end in the order they were made)
   is unmapped before its free slots are released one by one: slots wait
   with their pages until dirty_max of them do, then the oldest go. */
void ult_chunk_give(char *lo, size_t slot)
{
    struct ult_stack_rec *r = ult_stack_record(lo, slot);
    struct ult_chunk *k = r->chunk;

    r->owner = NULL;
    if (ult_vg_running())
        ult_vg_stack_deregister(r->vg_id);
    base_spin_lock(&lock);
    if (k->pool)
        reserved--;
    k->free[k->nfree++] = (unsigned short)((size_t)(lo - k->base) / k->slot);
    k->out--;
    ndirty++;
    if (!k->on_dirty)
        dirty_add(k);
    if (k->current && !k->on_avail)
        avail_add(k);
    for (;;) {
        if (!k->out && empty(k)) {
            base_spin_unlock(&lock);
            unmap_chunk(k);
            return;
        }
        /* the spare keeps no pages; past dirty_max, the oldest go */
        if (k->spare && k->nfree > k->nclean)
            release(k);
        else if (ndirty > dirty_max && (k = dirty_head))
            release(k);
        else
            break;
    }
    base_spin_unlock(&lock);
}

/* The new size's chunks are mapped first, for the reservations already
   made (ULTs created and not yet run take the new size): 0, or ENOMEM
   (a message said which limit) with the old size kept. */
int ult_chunk_set_default(size_t slot)
{
    struct ult_chunk *k, *next, *fresh = NULL, *gone = NULL;
    long have = 0, need;
    const char *call;

    base_spin_lock(&lock);
    need = slot == slot_default || ult_chunk_test_unreserved || ult_vg_running() ? 0 : reserved;
    base_spin_unlock(&lock);
    while (have < need) {
        if (!(k = map_some(slot, chunk_slots(have), &call))) {
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
    if (slot != slot_default) {
        /* the old size's chunks in use stay until their stacks come back,
           and hold their reservations */
        for (k = ult_stack_chunks; k; k = next) {
            next = k->next;
            if (!k->current)
                continue;
            if (!k->out) {
                unlink_chunk(k);
                k->next = gone;
                gone = k;
            } else {
                avail_remove(k);
                capacity -= k->nslots;
                k->current = 0;
            }
        }
        slot_default = slot;
    }
    for (; fresh; fresh = next) {
        next = fresh->next;
        pool_add(fresh);
    }
    /* creations meanwhile: best effort (a first run maps what it lacks) */
    while (reserved > capacity && !ult_chunk_test_unreserved && !ult_vg_running() &&
           grow(&call) == 0)
        ;
    base_spin_unlock(&lock);
    for (; gone; gone = next) {
        next = gone->next;
        unmap_chunk(gone);
    }
    return 0;
}

void ult_chunk_forget(void)
{
    lock = 0;
    ult_stack_chunks = chunks_tail = avail = avail_tail = dirty_head = dirty_tail = NULL;
    capacity = reserved = ndirty = 0;
    nspare = 0;
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
