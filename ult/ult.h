/* ult/ult.h - user layer internals: ULT descriptors, creation, switching. */
#ifndef ULT_ULT_H
#define ULT_ULT_H

#include <stddef.h>
#include "mltp.h"
#include "sync/spin.h"
#include "ult/context.h"

/* Only the end is observed (join, detach); running, ready and blocked are
   not recorded, which keeps the switch paths short. */
enum ult_state { ULT_ALIVE, ULT_DONE, ULT_FREED /* back in a cache */ };

enum ult_flags {        /* fit in a byte */
    ULT_DETACHED = 1,   /* the library frees the descriptor at the end */
    ULT_BOUND = 2,      /* a bound thread: vp/bound.c owns it */
    ULT_VARGS = 4,      /* arg is a struct ult_vargs on the ULT's stack */
    ULT_JOINING = 8     /* a kernel-level thread waits in mltp_join */
};

typedef struct ult ult_t;

/* One priority level of the run queue (ult/runq.h). */
struct ult_level {
    ult_t *head, *tail;
};

/* The first three fields are mltp_t's public ones, in the same order.
   120 bytes: with malloc's header a 128-byte chunk, which glibc keeps in
   its fastbins (no coalescing, no heap trimming when a batch is freed:
   148 -> 130 ns per create+run+finish in batches of 1000). */
struct ult {
    void *retval;
    int thrid;
    unsigned char prio;
    unsigned char flags;    /* enum ult_flags */
    volatile unsigned char state;  /* enum ult_state */
    void *private;          /* set when the ULT first runs */
    void *sp;               /* saved stack pointer; NULL: no stack yet */
    ult_t *next;            /* run-queue link */
    struct ult_level *level;  /* its run-queue level, &ult_runq.level[prio] */
    int saved_errno;        /* errno travels with the ULT */
    union {
        void *(*fn)();      /* until the first run */
        unsigned long prio_bit;  /* from then on: 1UL << prio */
    };
    void *arg;
    union {
        struct {            /* unbound: the stack mapping, guard included */
            char *stack_lo;
            size_t stack_map;
        };
        struct {            /* bound threads */
            void *bound;    /* struct vp_bound */
            ult_t *self;    /* so that by-value copies find the original */
        };
    };
    ult_t *joiner;          /* state, joiner: under the run-queue lock */
    unsigned long fp_control;  /* the creator's, for the first run */
    char name[16];
};

_Static_assert(sizeof(struct ult) <= sizeof(mltp_t), "mltp_t too small");
_Static_assert(offsetof(struct ult, retval) == offsetof(mltp_t, retval), "retval");
_Static_assert(offsetof(struct ult, thrid) == offsetof(mltp_t, thrid), "thrid");
_Static_assert(offsetof(struct ult, private) == offsetof(mltp_t, private), "private");
_Static_assert(offsetof(struct ult, sp) == ULT_SP_OFFSET, "ult_switch_yield");


/* The ULT running on this VP, NULL outside one. */
ult_t *ult_running(void);
/* ult_running(), or the calling bound thread's descriptor. */
ult_t *ult_self(void);
extern __thread ult_t *ult_bound_self __attribute__((tls_model("initial-exec")));

int ult_new_id(void);
/* main's creations between starts (ult/create.c) */
void ult_pending_note_main(void);     /* mltp_init, in main */
void ult_pending_flush(void);         /* mltp_start, before the queue */
void ult_pending_forget(void);        /* in a fork()ed child */
void ult_fork_register(void);         /* ult/fork.c */
/* A ULT that has not run yet has no stack (sp NULL): it gets one from
   ult_bind, on its VP, just before its first switch; run-queue lock held. */
void *ult_bind(ult_t *u);
/* Where to switch to u: 2 instructions when u has run before. */
static inline void *ult_resume_sp(ult_t *u)
{
    void *sp = u->sp;
    if (__builtin_expect(!sp, 0))
        sp = ult_bind(u);
    return sp;
}
/* Descriptors (ult/handle.c): a cached or malloc'd block (NULL: no
   memory), and the return of one whose ULT has ended. */
ult_t *ult_handle_get(void);
void ult_handle_put(ult_t *u);
void ult_handle_cache_free(void);       /* at the end of a bound thread */
ult_t *ult_create(const mltp_attr_t *a, void *(*fn)(), void *arg,
                  const struct ult_vargs *va);

/* sync/ primitives may keep their waiters under the run-queue lock
   (runq_lock() in ult/runq.h): one lock per operation instead of two.
   With that lock held: */
/* drop it and wake up to n parked VPs (after making n ULTs ready) */
void ult_sched_unlock_wake(int n);
/* block the running ULT; the lock is released once its context is saved.
   Returns 0 once the ULT runs again (so that callers can tail-call it). */
int ult_block_locked(void);
/* leave the running ULT for good (a deadlock), queued nowhere */
void ult_abandon(void) __attribute__((noreturn));

/* Scheduling (ult/sched.c). */
void ult_ready(ult_t *u);
void ult_ready_new(ult_t *u);   /* a new ULT: also counts it live */
/* Block the running ULT; release(arg) runs once its context is saved. */
void ult_block(void (*release)(void *), void *arg);
void ult_exit(void *retval, int set_retval) __attribute__((noreturn));

/* Stacks (ult/stack.c). */
extern size_t ult_stack_default;     /* usable bytes */
extern size_t ult_page_size;
/* below each stack (a multiple of the page size) */
#define ULT_GUARD_SIZE (64 * 1024)
extern size_t ult_guard_size;
/* a stack whose private area is zeroed; 0 or ENOMEM */
int ult_stack_get(size_t usable, char **lo, size_t *map);
/* the stack of an ended ULT: zeroed and cached, or unmapped */
void ult_stack_put(char *lo, size_t map);
int ult_stack_room_here(size_t map);
void ult_stack_put_here(char *lo, size_t map);
size_t ult_stack_parse(const char *s);
void ult_stack_init(size_t default_usable);
void ult_stack_forget(void);          /* in a fork()ed child */

#endif
