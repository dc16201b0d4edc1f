/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/ult.h - what a ULT is: its descriptor (the handle mltp_create
 * returns), its context and stack, and the caches they come from. What
 * happens to it (readied, run, blocked, ended, joined) is the scheduler's
 * (sched/); this layer moves nothing between queues (ARCHITECTURE.md). */
#ifndef ULT_ULT_H
#define ULT_ULT_H

#include <stddef.h>
#include "base/order.h"
#include "base/spin.h"
#include "mltp.h"
#include "ult/context.h"

/* The life of a ULT: every move is the scheduler's (sched/), by the
   kernel-level thread and under the lock ARCHITECTURE.md's "The life of a
   ULT" names. */
enum ult_life {
    ULT_LIVE,       /* created, not ended; nobody joins it */
    ULT_JOINED,     /* live, and a joiner waits (joiner, or a kernel-level
                       thread that watches life) */
    ULT_DETACHED,   /* live; its descriptor goes back to a cache at the end */
    ULT_ENDED,      /* ended; retval final; the handle is the program's */
    ULT_FREED       /* in a cache, or reused by a new ULT */
};

enum ult_flags {        /* fit in a byte */
    ULT_VARGS = 1,      /* arg is a struct ult_vargs on the ULT's stack */
    ULT_MOVED = 2,      /* queued away from the VP it last ran on, not run
                           since (the scheduler's statistics) */
    ULT_UNGUARDED = 4,  /* its stack's guard is the check
                           (ult_stack_overflowed) */
    ULT_MAIN_STACK = 8, /* main's share (sched/begin.c): the program's
                           stack, no record, ult_guard_size below it */
    ULT_OWN_STACK = 16, /* its stack holds no reservation (not of the
                           default shape): never cached */
    ULT_TRACED = 32,    /* the scheduler records its runs (sched/trace.c):
                           given with its stack (ult_stack_flags_add) */
    ULT_PREEMPT_LATE = 64,  /* preempted after PREEMPT_LATE_MS, not at once
                               (mltp_set_preempt_delay): written by the ULT
                               itself, read by the monitor */
    ULT_OWN_TLS = 128       /* a TLS block of its own (ult/tls.h), from its
                               first run: given with its stack
                               (ult_stack_flags_add) or at its creation */
};

/* What guards a stack: the values of mltp.h's MLTP_GUARD_* */
enum ult_guard_kind { ULT_GUARD_NONE, ULT_GUARD_CHECK, ULT_GUARD_PAGES, ULT_GUARD_REGION };

typedef struct ult ult_t;
struct sched_level;     /* the run queue's (sched/runq.h) */
struct vp_bound;        /* a bound thread's process (vp/vp.h) */

/* The first four fields are mltp_t's public ones, in the same order.
   120 bytes: with malloc's header a 128-byte chunk, which glibc keeps in
   its fastbins (no coalescing, no heap trimming when a batch is freed:
   148 -> 130 ns per create+run+finish in batches of 1000). */
struct ult {
    void *retval;
    int thrid;
    int type;               /* mltp_type_t */
    void *private;          /* set when the ULT first runs */
    void *sp;               /* saved stack pointer; NULL: no stack yet */
    ult_t *next;            /* its queue's link: ARCHITECTURE.md, "Where a ULT is" */
    struct sched_level *level;  /* its run-queue level */
    int saved_errno;        /* errno travels with the ULT */
    unsigned char prio;
    unsigned char flags;    /* enum ult_flags */
    volatile unsigned char life;  /* enum ult_life */
    unsigned char moved_from;     /* with ULT_MOVED: the VP (255: or later) */
    union {
        mltp_userf_t *fn;   /* until the first run (with ULT_VARGS: a
                               function of any arguments) */
        unsigned long prio_bit;  /* from then on: 1UL << prio */
    };
    void *arg;
    union {
        struct {            /* unbound: the stack mapping, guard included */
            char *stack_lo;
            size_t stack_map;
        };
        struct {            /* bound threads */
            struct vp_bound *bound;
            ult_t *self;    /* so that by-value copies find the original */
        };
    };
    ult_t *joiner;          /* the ULT that joins it (ULT_JOINED) */
    union {
        unsigned long fp_control;  /* the creator's, for its frame */
        char *tls;          /* from its first run, with ULT_OWN_TLS: its
                               block's thread pointer (sched/tls.c) */
    };
    char name[16];
};

_Static_assert(sizeof(struct ult) <= sizeof(mltp_t), "mltp_t too small");
_Static_assert(sizeof(struct ult) <= 120, "a 128-byte malloc chunk (above)");
_Static_assert(offsetof(struct ult, retval) == offsetof(mltp_t, retval), "retval");
_Static_assert(offsetof(struct ult, thrid) == offsetof(mltp_t, thrid), "thrid");
_Static_assert(offsetof(struct ult, type) == offsetof(mltp_t, type), "type");
_Static_assert(offsetof(struct ult, private) == offsetof(mltp_t, private), "private");
/* ult/switch-x86_64.S stores the saved stack pointer there */
_Static_assert(offsetof(struct ult, sp) == ULT_SP_OFFSET, "ult_switch_yield");

/* ---- per kernel-level thread caches --------------------------------- */

/* What a VP (in its scheduler record) or another kernel-level thread (in
   its TLS, ult_cache_tls) keeps for the next creations: no lock. */
struct ult_cache {
    void *stacks;           /* ended ULTs' stacks (ult/stack.c) */
    int nstacks;
    ult_t *handles;         /* released descriptors (ult/handle.c) */
    int nhandles;
    int handles_keep;       /* how many it may keep, if more than the
                               minimum: its peak of handles_owned, capped
                               (ult/handle.c) */
    long handles_owned;     /* malloc'd by this thread, not free()d by it */
    int id_next, id_end;    /* thread ids taken in blocks (ult/id.c); each
                               comes with a stack reserved (ult/stack.c) */
    int id_limit;           /* 0 until the first block */
    struct ult_cache *listed_next, *listed_prev;  /* not a VP's: ult/id.c */
    int spare;              /* stacks reserved beyond the ids left */
};
extern __thread struct ult_cache ult_cache_tls __attribute__((tls_model("initial-exec")));

/* ult/handle.c: descriptors (NULL: no memory), and their release */
ult_t *ult_handle_get(struct ult_cache *c);
void ult_handle_put(struct ult_cache *c, ult_t *u);   /* its life is FREED */
void ult_cache_free(struct ult_cache *c);             /* a thread's end */

/* ult/id.c: thread ids, > 0 and unique among the threads alive, taken
   in blocks by each VP and each other kernel-level thread, so that
   creating a ULT costs no locked instruction for its id. */
#define ULT_ID_BLOCK 64
int ult_id_refill(struct ult_cache *c);     /* the first id of c's next block */
/* Once ids have wrapped, each pass over them begins with ult_ids_scan
   (the scheduler's, under id_lock): it marks the id of every thread
   alive, and every VP's cache. */
extern void (*ult_ids_scan)(void);
void ult_id_mark(int id);
void ult_id_mark_cache(const struct ult_cache *c);
/* id_lock, for the scheduler: around a change of its VP records */
void ult_ids_hold(void);
void ult_ids_release(void);
void ult_id_cache_gone(struct ult_cache *c);    /* its thread ends */
void ult_id_forget(void);                       /* in a fork()ed child */
void ult_id_test_near_wrap(unsigned int blocks_left);   /* tests/internals.h */
unsigned int ult_id_test_pass(void);

/* ult/stack.c: each id of a cache's block comes with a stack reserved for
   its ULT, so that a ULT that was created can always get a stack when it
   first runs. ult_init takes an id (c->id_next++); its caller first
   refills when none is left (ult_ids_left): ult_id_refill_reserved, which
   fails (ENOMEM, with a message naming the limit) when no more stacks can
   be mapped. A thread that needs no stack (a bound thread, main's share)
   takes an id with ult_id_stackless. */
static inline int ult_ids_left(const struct ult_cache *c)
{
    return c->id_next != c->id_end;
}
int ult_id_refill_reserved(struct ult_cache *c);
int ult_id_stackless(struct ult_cache *c);

/* A new ULT's descriptor: every field but the unused union half, name's
   tail and level (the scheduler's): no memset. Inline: creation's hot
   path (~9 ns in all). id: c->id_next++ with an id left (ult_ids_left:
   a stack reserved with it), or ult_id_stackless(c) for a ULT that needs
   no reservation (a stack of its own size, main's share). */
static inline void ult_init(ult_t *u, int id, mltp_userf_t *fn, void *arg, int prio)
{
    u->retval = NULL;
    u->thrid = id;
    u->type = MLTP_THREAD_UNBOUND;
    u->private = NULL;
    u->sp = NULL;
    u->saved_errno = 0;
    u->prio = (unsigned char)prio;
    u->flags = 0;
    u->life = ULT_LIVE;
    u->fn = fn;
    u->arg = arg;
    u->joiner = NULL;
    u->fp_control = ult_fp_control();
    u->name[0] = 0;
}

/* ult/create.c: a new ULT's first frame */
/* Give u a stack of usable bytes above a guard of `guard` bytes with a
   frame that starts entry(u, ...) (with vcreate's arguments below the
   private area if va): its stack pointer, or NULL (ENOMEM). c: the
   caller's VP's cache, or NULL; reserved: u holds a reservation (a ULT
   of the default shape, ult/stack.c). */
void *ult_frame(struct ult_cache *c, ult_t *u, size_t usable, size_t guard, int reserved,
                const struct ult_vargs *va, ult_entry_t *entry);
/* The same at the first run of a ULT created without a stack (sp NULL),
   on the VP about to switch to it, with the default size. */
void *ult_bind(struct ult_cache *c, ult_t *u, ult_entry_t *entry);

/* ult/vcreate.c: the arguments of a direct call f(a0, a1, ...) from
   mltp_vcreate's register image; 0 or EINVAL */
int ult_vargs_build(struct ult_vargs *va, size_t room, int nbytes,
                    const struct ult_vregs *r);

/* ult/stack.c: stacks, each a slot of a chunk (ult/chunk.c): a guard
   region below the stack proper */
/* Each stack's record, just below its private area: the chunk it is in
   (every chunk is on ult_stack_chunks, for debuggers: mltp-debug(7)) and
   the ULT it is handed to. */
struct ult_chunk;
struct ult_stack_rec {
    struct ult_chunk *chunk;
    ult_t *owner;           /* set at ult_frame, cleared at its end */
    unsigned long vg_id;    /* valgrind's id for the stack (ult/valgrind.h) */
    size_t guard;           /* bytes of the slot below the stack */
    unsigned char kind;     /* enum ult_guard_kind */
    unsigned char reserved; /* it holds a reservation (ult/chunk.c) */
    unsigned char flags;    /* for its ULT's: ULT_UNGUARDED, ULT_OWN_STACK */
};

static inline struct ult_stack_rec *ult_stack_record(char *lo, size_t map)
{
    return (struct ult_stack_rec *)(lo + map - MLTP_PRIVATE_SIZE) - 1;
}
/* A stack's guard, in bytes (slot lo, map bytes with the guard). */
static inline size_t ult_stack_guard(char *lo, size_t map)
{
    return ult_stack_record(lo, map)->guard;
}
/* f(owner, arg) for each stack handed to a ULT, under the chunks' lock
   (ult/chunk.c) */
void ult_stack_each_owner(void (*f)(ult_t *owner, void *arg), void *arg);
/* Flags (enum ult_flags) for every ULT bound to a stack from now on. */
void ult_stack_flags_add(unsigned char f);
/* An ended ULT's stack, not cached yet, no longer names it. */
static inline void ult_stack_disown(char *lo, size_t map)
{
    ult_stack_record(lo, map)->owner = NULL;
}
extern size_t ult_stack_default;     /* usable bytes */
extern size_t ult_page_size;
#define ULT_GUARD_SIZE (64 * 1024)   /* the check's, and guard pages'; whole pages */
#if defined(__x86_64__)
#define ULT_GUARD_REGION_SIZE 4096   /* guard regions' (ult/stack.c says why) */
#else
#define ULT_GUARD_REGION_SIZE ULT_GUARD_SIZE
#endif
extern size_t ult_guard_size;        /* ULT_GUARD_SIZE in whole pages */
extern size_t ult_guard_default;     /* a new ULT's (ult_chunk_init): a page
                                        on x86-64 with guard regions, else
                                        ult_guard_size; MLTP_STACK_GUARD's
                                        size, or 0 for none */
/* u's guard, in bytes; its stack proper is the rest of its mapping */
static inline size_t ult_guard_of(const ult_t *u)
{
    return __builtin_expect(u->flags & ULT_MAIN_STACK, 0)
               ? ult_guard_size : ult_stack_guard(u->stack_lo, u->stack_map);
}
/* a stack of `usable` bytes above a guard of `guard` bytes, its private
   area zeroed; reserved: the caller holds a reservation for it (a ULT of
   the default shape). 0 or ENOMEM (no room to map one: a message says
   which limit) */
int ult_stack_get(struct ult_cache *c, size_t usable, size_t guard, int reserved,
                  char **lo, size_t *map);
/* the same for a ULT of the default shape (its first run) */
int ult_stack_get_default(struct ult_cache *c, char **lo, size_t *map);
/* the stack of an ended ULT, once nothing runs on it: zeroed and cached,
   or unmapped */
void ult_stack_put(struct ult_cache *c, char *lo, size_t map);
/* would it go into c (a VP's cache), and put it there: an ending ULT does
   this before it leaves its stack (only c's VP takes from c) */
int ult_stack_room(const struct ult_cache *c, size_t map);
void ult_stack_put_here(struct ult_cache *c, char *lo, size_t map);
/* Promises (ult/stack.c says what they are): one a ULT does not need,
   and all a thread holds, at its end. */
void ult_stack_spare(struct ult_cache *c);
void ult_stack_unreserve(struct ult_cache *c);
/* Has the ULT on the checked stack (slot lo, map bytes) written into
   its guard? */
int ult_stack_overflowed(char *lo, size_t map);
/* The same from another thread, after a crash: any page of the guard
   (guard bytes from lo) touched? And whose overflow reached the checked
   stack [lo, lo + map), if any: the ULT above it whose stack overflowed
   (ult/chunk.c). */
int ult_stack_touched_below(const char *lo, size_t guard);
const ult_t *ult_stack_overflower(const char *lo, size_t map);
/* The stacks' maintenance (ult/chunk.c): is any due (racy, cheap, a VP
   with nothing to run asks)? A step of it (1 if one was made), or at a
   start's end (force) all of it but the mapping ahead. */
int ult_stack_due(void);
/* When the next pass is due (base_now_ns()'s clock), or -1: none to do
   (a parked VP sleeps until then: sched/park.c). */
long ult_stack_next_pass_ns(void);
/* One VP runs and no bound thread (sched/ sets it with solo mode): the
   first runs may make the next stacks' top pages in one call. */
extern int ult_stack_alone;
int ult_stack_maintain(int force);
/* A VP's cached stacks back to their chunks (a start's end). */
void ult_stack_drain(struct ult_cache *c);
void ult_init_layer(void);           /* page size, guard, MLTP_STACK_SIZE */
void ult_stack_forget(void);         /* in a fork()ed child */
void ult_fork_register(void);        /* ult/fork.c */

#endif
