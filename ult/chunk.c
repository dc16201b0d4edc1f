/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/chunk.c - where stacks live (ARCHITECTURE.md, "Stacks", has the
 * picture, the slot states and the figures).
 *
 * A chunk is one mapping of slots, each a guard and the stack above it,
 * over a guarded floor, its guards installed in a few system calls, so
 * that a stack costs no system call of its own. Only the default shape
 * (stack size and guard) has chunks: the pool, 16 slots at first, then as
 * many again as it has, up to 256. A stack of another shape is a chunk of
 * one slot (a single); free singles wait for their next ULT of that shape,
 * up to SINGLES_BYTES. After a new default size the old chunks are
 * retired: they hand out nothing more and go once every slot is back.
 *
 * Every slot is in one state, a byte of its chunk's record: USED (a ULT's,
 * or in a VP's cache), RESIDENT or SEEN (free, with its pages; SEEN: free
 * at the last pass), RELEASING (its pages going back), CLEAN (free, no
 * pages). Every move is made under the one leaf lock (ARCHITECTURE.md,
 * "Locking rules", rule 7), and the lists follow from the counts (settle).
 * The lock is dropped only around system calls, and only with the slots
 * they work on in a state nobody takes from: RELEASING, a chunk unlinked
 * before its munmap, the pool's `growing` mark while it maps.
 *
 * Promises. A ULT of the default shape holds a slot, or the promise of one,
 * from its creation to its end: `promised`, the promises on no slot yet,
 * never exceeds the pool's takeable slots (CLEAN, RESIDENT, SEEN: a release
 * leaves their share; checked at every take), so a promised first run
 * always finds one without mapping, and mltp_create fails with ENOMEM
 * instead when no more can be mapped. Under valgrind, and for the tests
 * that ask, promises map nothing.
 *
 * Maintenance, off every ULT's path: one maintainer at a time (a VP with
 * nothing to run, or a start's end), a step at a time. It maps the reserve
 * ahead, trims the singles, and every MLTP_STACK_DECAY makes a pass over
 * the chunks (second chance): past MLTP_STACK_CACHE free slots with pages,
 * a slot SEEN at the last pass gives its pages back; a chunk with no slot
 * in use that the pool does not need goes if it was idle at the last pass
 * too. A start's end does all of it without waiting. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "base/backoff.h"
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
#define SLOTS 256               /* per chunk at most: 16 MiB of 64 KiB stacks */
#define SLOTS_FIRST 16          /* the pool's first: a program with few ULTs maps 1 MiB */
#define AHEAD 16                /* never-used slots whose top page is made at once */
#define FLOOR ULT_GUARD_SIZE    /* below every chunk */
#define SINGLES_BYTES (16L << 20)

enum slot_state { USED, RELEASING, CLEAN, RESIDENT, SEEN, NSTATES };
enum chunk_role { POOL, RETIRED, SINGLE };
enum chunk_list { ON_NONE, ON_AVAIL, ON_SINGLES };

struct ult_chunk {
    struct ult_chunk *prev, *next;          /* ult_stack_chunks */
    struct ult_chunk *avail_prev, *avail_next;  /* the pool's avail, or the free singles */
    char *base;                 /* slot 0 */
    size_t slot, guard;
    unsigned int nslots, n[NSTATES];        /* slots in each state */
    unsigned int low;           /* no free slot below it */
    unsigned char kind;         /* enum ult_guard_kind */
    unsigned char role, listed; /* enum chunk_list */
    unsigned char old;          /* idle at the last pass */
    unsigned char state[];      /* enum slot_state */
};

/* Every chunk, for debuggers (gdb/mltp.py reads the records of USED slots). */
struct ult_chunk *ult_stack_chunks;
static struct ult_chunk *chunks_tail;

static base_spin_t lock, size_lock;     /* size_lock: one new default at a time */
static struct {
    size_t slot, guard;
    struct ult_chunk *avail, *avail_tail;   /* with a free slot, lowest first */
    long capacity, free;        /* slots, and those a take may have (takeable) */
    unsigned int gen;           /* new defaults: a chunk mapped for an older one retires */
    int growing;                /* a thread maps a chunk for it */
} pool;
static struct ult_chunk *singles, *singles_tail;    /* free, newest first */
static long singles_bytes, promised, nres, dirty_max = 4096;
static long decay_ns = 1000000000L, next_pass_ns;
static struct ult_chunk *cursor;        /* the pass under way */
static int work, maintaining, grow_failed, trim_failed;
static long maps_in_flight;             /* of the pool: 1 at most (the growing mark) */
static unsigned char flags_added;       /* ult_stack_flags_add */
static enum ult_guard_kind kind = ULT_GUARD_REGION;    /* what a new chunk gets */
long ult_chunk_pages_left, ult_chunk_pages_held;   /* PROT_NONE guards' budget, in slots */
static int pm_works = 1, populate_works = 1;    /* process_madvise takes them */
int ult_stack_alone;                    /* one VP runs, no bound thread (sched/) */
static int limit_said, check_said;

int ult_chunk_test_unreserved, ult_chunk_test_guard_errno, ult_chunk_test_no_record;
int ult_chunk_test_pages_errno;
long ult_chunk_test_inline_grows, ult_chunk_test_maps, ult_chunk_test_max_growing;
long ult_chunk_test_map_delay_us;

static void *(*volatile libc_memset)(void *, int, size_t) = memset;

static int maps_nothing(void)
{
    return ult_chunk_test_unreserved || ult_vg_running();
}

static void fatal(const char *what, const struct ult_chunk *k)
{
    base_warn("stack allocator: %s (chunk %p of %u slots)", what, (void *)k->base, k->nslots);
    abort();
}

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

/* PROT_NONE guards' budget, in stacks: two mappings each, and half of
   what is left stays the program's. */
static long pages_budget(void)
{
    long max = read_long("/proc/sys/vm/max_map_count", 65530), have = count_maps();

    return have < 0 || have >= max ? 0 : (max - have) / 4;
}

/* Does the kernel take guard regions (6.13)? A sandbox's EPERM or ENOSYS
   is a no as an older kernel's EINVAL is. */
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

/* MLTP_STACK_GUARD: the kind (auto, pages, check) and the default
   guard's size (none, or a size such as 64k; else a page on x86-64 with
   guard regions, ult/stack.c says why, and 64 KiB elsewhere); the decay
   and the budget: MLTP_STACK_CACHE, returned. */
long ult_chunk_init(void)
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
        v = base_parse_size(s);
        if (v && v <= MLTP_GUARD_MAX)
            size = (v + ult_page_size - 1) & ~(ult_page_size - 1);
        else
            base_warn("ignoring MLTP_STACK_GUARD=%s (auto, pages, check, none, or a guard "
                      "size in bytes, from 1 to %zu, optional k or M)", s, MLTP_GUARD_MAX);
    }
    if (kind == ULT_GUARD_REGION && !regions_work())
        kind = ULT_GUARD_PAGES;
    if (kind == ULT_GUARD_PAGES)
        ult_chunk_pages_left = pages_budget();
    if (size == (size_t)-1)
        ult_guard_default = 0;
    else if (size)
        ult_guard_default = size;
    else if (kind == ULT_GUARD_REGION)
        ult_guard_default = (ULT_GUARD_REGION_SIZE + ult_page_size - 1) & ~(ult_page_size - 1);
    else
        ult_guard_default = ult_guard_size;
    decay_ns = base_env_long("MLTP_STACK_DECAY", 1000, 0, 3600L * 1000) * 1000000L;
    return dirty_max = base_env_long("MLTP_STACK_CACHE", 4096, 0, 1L << 30);
}

/* process_madvise on ourselves, through a pidfd opened for the call (one
   kept open could be closed by the program and its number reused): 1 if
   all of it was done. Only a refusal of the call turns it off for good. */
static int madvise_self(struct iovec *iov, size_t n, int advice, int *works)
{
    int fd = (int)base_syscall(SYS_pidfd_open, base_libc()->getpid(), 0);
    long done = -1, want = 0;

    for (size_t i = 0; i < n; i++)
        want += (long)iov[i].iov_len;
    if (fd >= 0) {
        done = base_syscall(SYS_process_madvise, fd, iov, n, advice, 0);
        base_raw_close(fd);
    }
    if (done < 0 && (errno == ENOSYS || errno == EPERM || errno == EINVAL))
        CMM_STORE_SHARED(*works, 0);
    return done == want;
}

/* `guard` bytes at the bottom of each of the n slots from p: guard
   regions, all in one call where the kernel takes them so (its ranges on
   the heap: 4 KiB of them on the caller's stack overflowed a 16 KiB
   ULT's; calls of 32 ranges cost 8 times the system calls, 30% more per
   create+run+finish of a 100,000 batch), else one call each; or PROT_NONE
   pages. 0, or -1 (errno). */
static int install(char *p, size_t slot, size_t guard, unsigned int n, int g)
{
    struct iovec *iov;
    int done = 0;

    if (g == ULT_GUARD_REGION ? ult_chunk_test_guard_errno : ult_chunk_test_pages_errno) {
        errno = g == ULT_GUARD_REGION ? ult_chunk_test_guard_errno : ult_chunk_test_pages_errno;
        return -1;
    }
    if (g == ULT_GUARD_REGION && CMM_LOAD_SHARED(pm_works) && n > 1 && !ult_vg_running() &&
        (iov = malloc(n * sizeof *iov))) {
        for (unsigned int i = 0; i < n; i++)
            iov[i] = (struct iovec){ p + i * slot, guard };
        done = madvise_self(iov, n, MADV_GUARD_INSTALL, &pm_works);
        free(iov);
    }
    for (unsigned int i = 0; i < n && !done; i++)
        if ((g == ULT_GUARD_REGION ? madvise(p + i * slot, guard, MADV_GUARD_INSTALL)
                                   : mprotect(p + i * slot, guard, PROT_NONE)) != 0)
            return -1;
    return 0;
}

/* Once: PROT_NONE guards would pass their budget, so stacks are checked
   from now on (a weaker guard: never silently). */
static void say_check(void)
{
    if (!uatomic_xchg(&check_said, 1))
        base_warn("ULT stacks from now on are checked, not guarded: guard pages "
                  "(Linux before 6.13) would take more than half of the mappings "
                  "vm.max_map_count leaves (raise it, or see MLTP_STACK_GUARD in mltp(3))");
}

/* Guards for the n slots from p, as `kind` and the budget say: the kind
   they got, or -1 (errno, *call). No guard regions (EINVAL before 6.13,
   a sandbox's EPERM or ENOSYS): PROT_NONE pages from now on; those
   refused (the mappings' limit): the check from now on. */
static int install_guards(char *p, size_t slot, size_t guard, unsigned int n,
                          const char **call)
{
    if (!guard)
        return ULT_GUARD_NONE;
    for (;;) {
        int g, e;

        base_spin_lock(&lock);
        g = kind == ULT_GUARD_PAGES && ult_chunk_pages_left < (long)n ? ULT_GUARD_CHECK : (int)kind;
        if (g == ULT_GUARD_PAGES)
            ult_chunk_pages_left -= n, ult_chunk_pages_held += n;
        base_spin_unlock(&lock);
        if (g == ULT_GUARD_CHECK && kind == ULT_GUARD_PAGES)
            say_check();
        if (g == ULT_GUARD_CHECK || install(p, slot, guard, n, g) == 0)
            return g;
        e = errno;
        long budget = g == ULT_GUARD_REGION ? pages_budget() : 0;  /* no call under the lock */
        base_spin_lock(&lock);
        if (g == ULT_GUARD_PAGES)
            ult_chunk_pages_left += n, ult_chunk_pages_held -= n;
        if (g == ULT_GUARD_REGION && (e == EINVAL || e == EPERM || e == ENOSYS)) {
            if (kind == ULT_GUARD_REGION)
                kind = ULT_GUARD_PAGES, ult_chunk_pages_left = budget;
        } else if (g == ULT_GUARD_PAGES && e == ENOMEM) {   /* the mappings' limit */
            kind = ULT_GUARD_CHECK, ult_chunk_pages_left = 0;
            base_spin_unlock(&lock);
            say_check();
            continue;
        } else {
            base_spin_unlock(&lock);
            *call = g == ULT_GUARD_REGION ? "madvise(MADV_GUARD_INSTALL)" : "mprotect(PROT_NONE)";
            errno = e;
            return -1;
        }
        base_spin_unlock(&lock);
    }
}

/* ---- chunks ------------------------------------------------------------- */

/* n slots of `slot` bytes from p off the system, with their guard pages'
   budget (the one place it comes back): -1 if munmap failed (a split
   past vm.max_map_count). No lock held. */
static int unmap_slots(char *p, size_t slot, unsigned int n, int g)
{
    if (munmap(p - FLOOR, FLOOR + slot * n) != 0)
        return -1;
    if (g == ULT_GUARD_PAGES) {
        base_spin_lock(&lock);
        ult_chunk_pages_left += n, ult_chunk_pages_held -= n;
        base_spin_unlock(&lock);
    }
    return 0;
}

/* n slots of `slot` bytes (`guard` of them the guard), guarded, all
   CLEAN, on no list; NULL (errno, *call the call that failed). The record
   is allocated last, after every system call: a fork() while another VP
   makes a chunk loses it in the child only between the calloc and the
   listing, with no system call in between. */
static struct ult_chunk *map_chunk(size_t slot, size_t guard, unsigned int n, const char **call)
{
    size_t len = FLOOR + slot * n;
    struct ult_chunk *k;
    char *p;
    int g = 0;

    if (CMM_LOAD_SHARED(ult_chunk_test_map_delay_us))
        base_sleep_ns((long)ult_chunk_test_map_delay_us * 1000);
    *call = "mmap";
    p = mmap(NULL, len, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    if ((g = install_guards(p + FLOOR, slot, guard, n, call)) < 0) {
        int e = errno;
        munmap(p, len);
        errno = e;
        return NULL;
    }
    /* a huge page would make a waiting ULT 2 MiB instead of one page */
    madvise(p, len, MADV_NOHUGEPAGE);
    /* The floor: an overflow through unguarded stacks faults there, not
       in what lies below (another chunk's top stack, a VP's signal
       stack). Best effort; memcheck reads every page of a guard region. */
    if (!((g == ULT_GUARD_REGION || (g == ULT_GUARD_NONE && kind == ULT_GUARD_REGION)) &&
          !ult_vg_running() && !ult_chunk_test_guard_errno &&
          madvise(p, FLOOR, MADV_GUARD_INSTALL) == 0))
        mprotect(p, FLOOR, PROT_NONE);
    if (ult_chunk_test_no_record || !(k = calloc(1, sizeof *k + n))) {
        unmap_slots(p + FLOOR, slot, n, g);
        *call = "calloc";
        errno = ENOMEM;
        return NULL;
    }
    k->base = p + FLOOR;
    k->slot = slot;
    k->guard = guard;
    k->nslots = n;
    k->n[CLEAN] = n;
    memset(k->state, CLEAN, n);
    k->kind = (unsigned char)g;
    uatomic_inc(&ult_chunk_test_maps);
    return k;
}

/* Off the system: -1 if munmap failed, the chunk kept. */
static int unmap_chunk(struct ult_chunk *k)
{
    if (unmap_slots(k->base, k->slot, k->nslots, k->kind) != 0)
        return -1;
    free(k);
    return 0;
}

/* A chunk of up to `want` slots, fewer if that much cannot be mapped. */
static struct ult_chunk *map_some(size_t slot, size_t guard, unsigned int want,
                                  const char **call)
{
    struct ult_chunk *k;

    while (!(k = map_chunk(slot, guard, want, call)) && want > 1)
        want /= 2;
    return k;
}

/* Under the lock: avail in address order, so the lowest chunk's slots go
   first, stacks in use gather in few chunks and the others empty out.
   mmap places each chunk below the last and ULTs mostly end in the order
   they were made: the walk is short. */
static void avail_add(struct ult_chunk *k)
{
    struct ult_chunk *at = pool.avail;

    while (at && at->base < k->base)
        at = at->avail_next;
    if (at)
        ULT_LIST_INSERT_BEFORE(pool.avail, at, k, avail_prev, avail_next);
    else
        ULT_LIST_PUSH_BACK(pool.avail, pool.avail_tail, k, avail_prev, avail_next);
}

static int idle(const struct ult_chunk *k)
{
    return !k->n[USED] && !k->n[RELEASING];
}

static int takeable(const struct ult_chunk *k)
{
    return (int)(k->n[CLEAN] + k->n[RESIDENT] + k->n[SEEN]);
}

/* The list k should be on, from its counts (under the lock). */
static void settle(struct ult_chunk *k)
{
    int want = k->role == POOL && takeable(k) ? ON_AVAIL
             : k->role == SINGLE && idle(k)    ? ON_SINGLES
                                               : ON_NONE;

    if (want == k->listed)
        return;
    if (k->listed == ON_AVAIL)
        ULT_LIST_REMOVE(pool.avail, pool.avail_tail, k, avail_prev, avail_next);
    else if (k->listed == ON_SINGLES) {
        ULT_LIST_REMOVE(singles, singles_tail, k, avail_prev, avail_next);
        singles_bytes -= (long)k->slot;
    }
    if (want == ON_AVAIL)
        avail_add(k);
    else if (want == ON_SINGLES) {
        ULT_LIST_PUSH_FRONT(singles, singles_tail, k, avail_prev, avail_next);
        singles_bytes += (long)k->slot;
    }
    k->listed = (unsigned char)want;
}

static int resident(int s)
{
    return s == RESIDENT || s == SEEN;
}

/* Slot i of k moves to state s (under the lock): every count follows. */
static void set_state(struct ult_chunk *k, unsigned int i, int s)
{
    int was = k->state[i];

    k->n[was]--, k->n[s]++;
    k->state[i] = (unsigned char)s;
    nres += resident(s) - resident(was);
    if (k->role == POOL)
        pool.free += (s >= CLEAN) - (was >= CLEAN);
    if (s == USED) {
        k->old = 0;
        if (i == k->low)
            k->low = i + 1;
    } else if (i < k->low) {
        k->low = i;
    }
    settle(k);
}

/* On the lists, in a role (under the lock). */
static void link_chunk(struct ult_chunk *k, int role)
{
    k->role = (unsigned char)role;
    ULT_LIST_PUSH_FRONT(ult_stack_chunks, chunks_tail, k, prev, next);
    if (role == POOL)
        pool.capacity += k->nslots, pool.free += takeable(k);
    nres += k->n[RESIDENT] + k->n[SEEN];
    settle(k);
}

static void unlink_chunk(struct ult_chunk *k)
{
    nres -= k->n[RESIDENT] + k->n[SEEN];
    if (k->role == POOL)
        pool.capacity -= k->nslots, pool.free -= takeable(k);
    k->role = RETIRED;          /* off avail and the singles */
    settle(k);
    if (cursor == k)
        cursor = k->next;
    ULT_LIST_REMOVE(ult_stack_chunks, chunks_tail, k, prev, next);
}

/* The slots of the pool's next chunk: as many again as it has, from
   SLOTS_FIRST to SLOTS; one under valgrind, whose leak check reads every
   word of every mapping (each word of a guard region a fault: 5 s for 64
   stacks mapped ahead). */
static unsigned int chunk_slots(void)
{
    return ult_vg_running()              ? 1
         : pool.capacity < SLOTS_FIRST   ? SLOTS_FIRST
         : pool.capacity > SLOTS         ? SLOTS : (unsigned int)pool.capacity;
}

/* A chunk for the pool, mapped by one thread at a time (the lock held on
   entry and return, dropped meanwhile): 0 when the pool may have a free
   slot now, this thread's chunk or another's; -1 (errno, *call) if none
   could be mapped. */
static int grow(const char **call)
{
    unsigned int gen = pool.gen, want = chunk_slots();
    size_t slot = pool.slot, guard = pool.guard;
    struct ult_chunk *k;
    long n;

    if (pool.growing) {
        struct base_backoff b = BASE_BACKOFF_INIT;
        base_spin_unlock(&lock);
        while (CMM_LOAD_SHARED(pool.growing))
            base_backoff(&b);
        base_spin_lock(&lock);
        return 0;
    }
    pool.growing = 1;
    if ((n = uatomic_add_return(&maps_in_flight, 1)) > ult_chunk_test_max_growing)
        ult_chunk_test_max_growing = n;
    base_spin_unlock(&lock);
    k = map_some(slot, guard, want, call);
    uatomic_dec(&maps_in_flight);
    base_spin_lock(&lock);
    CMM_STORE_SHARED(pool.growing, 0);
    if (!k)
        return -1;
    link_chunk(k, gen == pool.gen ? POOL : RETIRED);    /* a retired one goes at once */
    grow_failed = 0;
    work = 1;
    return 0;
}

/* Why a chunk of len bytes could not be made (err: the errno of call),
   once until the next success. A limit is looked for only after mmap. */
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
              "space in all): %s", pool.capacity, pool.slot >> 10, vmsize >> 20, why);
}

long ult_chunk_reserve(long n)
{
    const char *call = "mmap";

    base_spin_lock(&lock);
    while (!maps_nothing() && promised + n > pool.free && grow(&call) == 0)
        ult_chunk_test_inline_grows++;
    if (!maps_nothing() && promised + n > pool.free)
        n = pool.free - promised;       /* at the limit: what is left */
    if (n <= 0) {
        int e = errno;
        base_spin_unlock(&lock);
        say_limit(e, pool.slot, call);
        return 0;
    }
    promised += n;
    base_spin_unlock(&lock);
    CMM_STORE_SHARED(limit_said, 0);
    return n;
}

void ult_chunk_unreserve(long n)
{
    base_spin_lock(&lock);
    promised -= n;
    base_spin_unlock(&lock);
}

/* The next free slot of k: one with pages that came back last pass or
   since, one with pages, one without. Always below nslots. */
static unsigned int pick(struct ult_chunk *k)
{
    static const unsigned char order[] = { RESIDENT, SEEN, CLEAN };

    for (int j = 0; j < 3; j++) {
        const unsigned char *s;
        if (k->n[order[j]] &&
            (s = memchr(k->state + k->low, order[j], k->nslots - k->low)))
            return (unsigned int)(s - k->state);
    }
    fatal("a take found no free slot in a chunk listed as having one", k);
    return 0;
}

/* Slot i, CLEAN when taken, and the CLEAN ones among the next AHEAD - 1:
   their top pages, each its first run's page fault otherwise, in one
   call: only while one VP runs, since the call holds the mmap lock ~20 us
   and another VP's mmap waits behind it (ARCHITECTURE.md has the
   figures). Collected under the lock; k stays mapped while slot i is out. */
static int tops(const struct ult_chunk *k, unsigned int i, int was, struct iovec *iov)
{
    int n = 0;

    if (i % AHEAD || was != CLEAN || !CMM_LOAD_SHARED(ult_stack_alone) ||
        !CMM_LOAD_SHARED(populate_works) || ult_vg_running())
        return 0;
    for (unsigned int j = i; j < i + AHEAD && j < k->nslots; j++)
        if (j == i || k->state[j] == CLEAN)
            iov[n++] = (struct iovec){ k->base + (j + 1) * k->slot - ult_page_size,
                                       ult_page_size };
    return n;
}

/* A slot of the shape from a chunk (under the lock): the pool's, a free
   single's, or NULL (no chunk to take from). */
static struct ult_chunk *take_from(size_t slot, size_t guard, unsigned int *i, int *was)
{
    struct ult_chunk *k = pool.avail;

    if (slot != pool.slot || guard != pool.guard)
        for (k = singles; k && (k->slot != slot || k->guard != guard); k = k->avail_next)
            ;
    if (k) {
        *was = k->state[*i = pick(k)];
        set_state(k, *i, USED);
    }
    return k;
}

int ult_chunk_take(size_t slot, size_t guard, int holds_reservation, char **lo)
{
    struct iovec iov[AHEAD];
    struct ult_chunk *k;
    struct ult_stack_rec *r;
    const char *call = "mmap";
    unsigned int i = 0;
    int was = CLEAN, nio = 0;

    base_spin_lock(&lock);
    /* the promises leave a free slot in the pool: a grow only if they map
       nothing (sched_bind then says so if it fails), or for a take with
       no promise (its shape became the default's) that would use one */
    for (;;) {
        int in_pool = slot == pool.slot && guard == pool.guard;
        if (!(in_pool && !holds_reservation && !maps_nothing() && pool.free <= promised) &&
            ((k = take_from(slot, guard, &i, &was)) || !in_pool))
            break;
        if (grow(&call) != 0) {
            int e = errno;
            base_spin_unlock(&lock);
            if (!holds_reservation)
                say_limit(e, slot, call);
            return ENOMEM;
        }
    }
    if (k) {
        promised -= holds_reservation;
        if (!maps_nothing() && promised > pool.free)
            fatal("more promises than free slots", k);
        nio = tops(k, i, was, iov);
    }
    base_spin_unlock(&lock);
    if (!k) {           /* a shape with no free single: a chunk of its own */
        if (!(k = map_chunk(slot, guard, 1, &call))) {
            say_limit(errno, slot, call);
            return ENOMEM;
        }
        base_spin_lock(&lock);
        k->n[CLEAN] = 0, k->n[USED] = 1, k->state[0] = USED;
        link_chunk(k, SINGLE);
        promised -= holds_reservation;  /* its shape was the default's */
        base_spin_unlock(&lock);
    }
    if (nio)
        madvise_self(iov, (size_t)nio, MADV_POPULATE_WRITE, &populate_works);
    *lo = k->base + i * k->slot;
    r = ult_stack_record(*lo, k->slot);
    /* a slot that kept its pages: its last ULT's private area, with
       glibc's memset (vector stores), not the rep stosq GCC inlines */
    if (resident(was))
        libc_memset(*lo + k->slot - MLTP_PRIVATE_SIZE, 0, MLTP_PRIVATE_SIZE);
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

/* A slot comes back with its pages: no system call, so an ending ULT
   pays none (maintenance gives the memory back). */
void ult_chunk_give(char *lo, size_t slot)
{
    struct ult_stack_rec *r = ult_stack_record(lo, slot);
    struct ult_chunk *k = r->chunk;

    r->owner = NULL;
    if (ult_vg_running())
        ult_vg_stack_deregister(r->vg_id);
    base_spin_lock(&lock);
    set_state(k, (unsigned int)((size_t)(lo - k->base) / k->slot), RESIDENT);
    work = 1;
    base_spin_unlock(&lock);
}

/* After a crash, from the reaper (the ULT at lo ran on the VP that died,
   its stack checked and its guard touched): whose overflow came down
   here? Up from lo while each slot's guard was touched: the owner of the
   last such slot. NULL if none. */
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

/* f(record) for every USED slot, under the lock. */
static void each_used(void (*f)(struct ult_stack_rec *r, void *arg), void *arg)
{
    base_spin_lock(&lock);
    for (struct ult_chunk *k = ult_stack_chunks; k; k = k->next)
        for (unsigned int i = 0; k->n[USED] && i < k->nslots; i++)
            if (k->state[i] == USED)
                f(ult_stack_record(k->base + i * k->slot, k->slot), arg);
    base_spin_unlock(&lock);
}

static void add_flags(struct ult_stack_rec *r, void *f)
{
    r->flags |= *(unsigned char *)f;
}

/* Flags every ULT bound to a stack from now on gets: in every USED
   slot's record, and in every one handed out later (a slot taken just
   before, its record written after the lock, reads flags_added). */
void ult_stack_flags_add(unsigned char f)
{
    base_spin_lock(&lock);
    CMM_STORE_SHARED(flags_added, (unsigned char)(flags_added | f));
    base_spin_unlock(&lock);
    each_used(add_flags, &f);
}

struct owner_call {
    void (*f)(ult_t *owner, void *arg);
    void *arg;
};

static void call_owner(struct ult_stack_rec *r, void *oc)
{
    ult_t *u = CMM_LOAD_SHARED(r->owner);

    if (u)
        ((struct owner_call *)oc)->f(u, ((struct owner_call *)oc)->arg);
}

/* Every ULT a stack is handed to (ult_ids_scan, every run-queue lock held). */
void ult_stack_each_owner(void (*f)(ult_t *owner, void *arg), void *arg)
{
    struct owner_call oc = { f, arg };

    each_used(call_owner, &oc);
}

/* ---- maintenance ---------------------------------------------------- */

/* The pool's reserve ahead: as many free slots beyond the promises as
   are promised, up to a chunk's worth. */
static long reserve_ahead(void)
{
    return promised < SLOTS ? promised : SLOTS;
}

/* The pool's free slots fall short of the promises and the reserve ahead
   (racy where the maintainer asks if any is due). */
static int reserve_short(void)
{
    return !maps_nothing() && !CMM_LOAD_SHARED(grow_failed) &&
           CMM_LOAD_SHARED(pool.free) - CMM_LOAD_SHARED(promised) < reserve_ahead();
}

/* May k, idle, go (under the lock)? The pool keeps free slots for the
   promises, the reserve ahead and MLTP_STACK_CACHE. */
static int surplus(const struct ult_chunk *k)
{
    return k->role != POOL ||
           pool.free - (long)k->nslots >= promised + reserve_ahead() + dirty_max;
}

/* Chunk k's RESIDENT slots (SEEN only, unless force), as many as pass
   MLTP_STACK_CACHE, give their pages back: RELEASING while the lock is
   dropped, runs of neighbours in one madvise (guards stay). The others
   are SEEN from now on. 1 if any went. */
static int release(struct ult_chunk *k, int force)
{
    unsigned long mine[SLOTS / 64] = { 0 };
    long over = nres - dirty_max;
    int any = 0;

    /* a RELEASING slot is no take's: the promises stay covered */
    if (k->role == POOL && !maps_nothing() && over > pool.free - promised)
        over = pool.free - promised;
    for (unsigned int i = 0; i < k->nslots && over > 0; i++)
        if (k->state[i] == SEEN || (force && k->state[i] == RESIDENT)) {
            set_state(k, i, RELEASING);
            mine[i / 64] |= 1UL << (i % 64);
            over--, any = 1;
        }
    for (unsigned int i = 0; i < k->nslots && k->n[RESIDENT] && nres > dirty_max; i++)
        if (k->state[i] == RESIDENT)
            set_state(k, i, SEEN), work = 1;
    if (!any)
        return 0;
    base_spin_unlock(&lock);
    for (unsigned int a = 0, b; a < k->nslots; a = b + 1) {
        for (; a < k->nslots && !(mine[a / 64] >> (a % 64) & 1); a++)
            ;
        for (b = a; b < k->nslots && mine[b / 64] >> (b % 64) & 1; b++)
            ;
        if (a < b)
            madvise(k->base + a * k->slot, (b - a) * k->slot, MADV_DONTNEED);
    }
    base_spin_lock(&lock);
    for (unsigned int i = 0; i < k->nslots; i++)
        if (mine[i / 64] >> (i % 64) & 1)
            set_state(k, i, CLEAN);
    return 1;
}

/* k, idle and not needed, off every list and unmapped (the lock dropped
   meanwhile): 0; where munmap fails it comes back, idle, for a later
   pass: -1. */
static int unmap(struct ult_chunk *k)
{
    int role = k->role;

    unlink_chunk(k);
    base_spin_unlock(&lock);
    if (unmap_chunk(k) == 0) {
        base_spin_lock(&lock);
        return 0;
    }
    base_spin_lock(&lock);
    link_chunk(k, role == POOL && (pool.slot != k->slot || pool.guard != k->guard) ? RETIRED
                                                                                  : role);
    return -1;
}

/* A look at the pass's next chunk (the lock held): 1 if it did something. */
static int visit(struct ult_chunk *k, int force)
{
    cursor = k->next;
    if (idle(k) && surplus(k)) {
        if (force || k->old || k->role == RETIRED)
            return unmap(k) == 0;
        k->old = 1, work = 1;
    }
    return (nres > dirty_max || force) && release(k, force);
}

/* One step (the lock held, the only maintainer): 1 if it did something. */
static int step(void)
{
    const char *call;
    long now;

    if (reserve_short()) {
        if (grow(&call) == 0)
            return 1;
        grow_failed = 1;
    }
    if (singles_bytes > SINGLES_BYTES && !trim_failed)
        return unmap(singles_tail) == 0 || !(trim_failed = 1);
    if (!cursor) {
        if (!work || (now = base_now_ns()) < next_pass_ns)
            return 0;
        work = trim_failed = grow_failed = 0;
        next_pass_ns = now + decay_ns;
        cursor = ult_stack_chunks;
    }
    while (cursor)
        if (visit(cursor, 0))
            return 1;
    return 0;
}

/* Racy and cheap: is any maintenance due? A VP with nothing to run asks
   at each idle entry, the reaper's tick before it posts a parked VP. */
int ult_stack_due(void)
{
    return reserve_short() || CMM_LOAD_SHARED(cursor) ||
           (CMM_LOAD_SHARED(singles_bytes) > SINGLES_BYTES && !CMM_LOAD_SHARED(trim_failed)) ||
           (CMM_LOAD_SHARED(work) && base_now_ns() >= CMM_LOAD_SHARED(next_pass_ns));
}

long ult_stack_next_pass_ns(void)
{
    return CMM_LOAD_SHARED(work) ? CMM_LOAD_SHARED(next_pass_ns) : -1;
}

/* A step (a VP with nothing to run looks for work in between), or at a
   start's end (force) a whole pass that waits for no decay and maps
   nothing. One maintainer at a time: another returns at once. */
int ult_stack_maintain(int force)
{
    int did = 0;

    if (uatomic_cmpxchg(&maintaining, 0, 1) != 0)
        return 0;
    base_spin_lock(&lock);
    if (force)
        for (cursor = ult_stack_chunks; cursor;)
            visit(cursor, 1);
    else
        did = step();
    base_spin_unlock(&lock);
    uatomic_set(&maintaining, 0);
    return did;
}

/* ---- the default shape -------------------------------------------------- */

/* The new shape's chunks are mapped first, for the promises made (ULTs
   created and not yet run take the new size): 0, or ENOMEM (a message
   said which limit) with the old shape kept. The old chunks retire.
   One call at a time (size_lock), so concurrent calls cannot disagree. */
int ult_chunk_set_default(size_t slot)
{
    struct ult_chunk *k, *fresh = NULL;
    size_t guard = ult_guard_default;
    long have = 0;
    const char *call;

    base_spin_lock(&size_lock);
    base_spin_lock(&lock);
    if (pool.slot == slot && pool.guard == guard) {
        base_spin_unlock(&lock);
        base_spin_unlock(&size_lock);
        return 0;
    }
    while (!maps_nothing() && have < promised) {
        unsigned int want = have + SLOTS_FIRST > promised ? SLOTS_FIRST
                          : promised - have > SLOTS ? SLOTS : (unsigned int)(promised - have);
        base_spin_unlock(&lock);
        if (!(k = map_some(slot, guard, want, &call))) {
            say_limit(errno, slot, call);
            for (; fresh; fresh = k) {
                k = fresh->next;
                unmap_chunk(fresh);
            }
            base_spin_unlock(&size_lock);
            return ENOMEM;
        }
        k->next = fresh;        /* on no list yet: next chains them here */
        fresh = k;
        have += k->nslots;
        base_spin_lock(&lock);
    }
    for (k = ult_stack_chunks; k; k = k->next)
        if (k->role == POOL) {
            pool.capacity -= k->nslots;
            pool.free -= takeable(k);
            k->role = RETIRED;
            settle(k);
        }
    pool.slot = slot, pool.guard = guard, pool.gen++;
    for (; fresh; fresh = k) {
        k = fresh->next;
        link_chunk(fresh, POOL);
    }
    work = 1;
    next_pass_ns = 0;           /* the retired ones go at the next step */
    base_spin_unlock(&lock);
    base_spin_unlock(&size_lock);
    return 0;
}

/* In a fork()ed child: the chunks are the parent's (leaked). */
void ult_chunk_forget(void)
{
    lock = size_lock = 0;
    ult_stack_chunks = chunks_tail = pool.avail = pool.avail_tail = singles = singles_tail =
        cursor = NULL;
    pool.capacity = pool.free = pool.growing = 0;     /* the shape stays */
    maps_in_flight = 0;
    promised = nres = singles_bytes = 0;
    work = maintaining = 0;
}
