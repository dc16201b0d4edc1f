/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/trace.h - the trace's rings (MLTP_TRACE): what happened, per VP,
 * in memory, the newest events kept (a flight recorder), written out as
 * Chrome / Perfetto trace-event JSON (base/trace.c). One ring per VP,
 * written by that VP only (no atomic: a plain index), and one ring for
 * everything outside the VPs (main's thread, bound threads, the reaper),
 * whose writers take their slot with a fetch-and-add. A reader (the
 * writer of the file, gdb) may read while VPs still write, or after one
 * died mid-event: a slot is valid only if its seq is its index + 1,
 * stored last (ARCHITECTURE.md, "Trace slot"). Each event also fires a
 * USDT probe (sys/sdt.h) where configure found the header. */
#ifndef BASE_TRACE_H
#define BASE_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "base/order.h"
#include "config.h"

/* A USDT probe mltp:name (perf, bpftrace, SystemTap): one nop where it
   is, and an ELF note (readelf -n) naming it and where its arguments are. */
#ifdef HAVE_SYS_SDT_H
#include <sys/sdt.h>
#define BASE_PROBE(...) DTRACE_PROBE4(mltp, __VA_ARGS__)
#else
#define BASE_PROBE(name, a, b, c, d) ((void)(a), (void)(b), (void)(c), (void)(d))
#endif

/* ring 0: outside the VPs; ring v + 1: VP v */
#define BASE_TRACE_RINGS (1024 + 1)

enum base_trace_kind {
    BASE_TRACE_RUN = 1,     /* ult runs (first run or resumed) */
    BASE_TRACE_STOP,        /* ult stops: why, obj (what it waits on) */
    BASE_TRACE_CREATE,      /* ult made; arg: its creator (0: not a ULT) */
    BASE_TRACE_WAKE,        /* ult made ready again; arg: by whom */
    BASE_TRACE_MOVE,        /* ult stolen; arg: the VP it was queued on */
    BASE_TRACE_PARK,        /* this VP sleeps on its semaphore */
    BASE_TRACE_UNPARK,      /* ... and woke */
    BASE_TRACE_POST,        /* arg: the VP posted */
    BASE_TRACE_BARRIER,     /* an episode ended: obj the barrier, arg the
                               episode, ult the last to arrive */
    BASE_TRACE_LOCK_WAIT,   /* ult waits for the lock obj */
    BASE_TRACE_NAME,        /* ult's name: why 0 its first 12 bytes, 1 the rest,
                               in obj and arg */
    BASE_TRACE_BOUND,       /* a bound thread: why 0 made, 1 joined; arg its id */
    BASE_TRACE_START,       /* a start begins (arg: VPs); why 1: it ended */
    BASE_TRACE_DEADLOCK,    /* the deadlock detector fired */
    BASE_TRACE_KINDS
};

enum base_trace_why {       /* BASE_TRACE_STOP's */
    BASE_TRACE_YIELD = 1,
    BASE_TRACE_BLOCK,       /* on a wait queue: obj the lock, condition,
                               barrier or ULT joined */
    BASE_TRACE_WAIT,        /* at a barrier, for its episode: obj */
    BASE_TRACE_END
};

/* 32 bytes: two a cache line */
struct base_trace_ev {
    uint64_t t;             /* base_trace_clock() */
    uint64_t obj;
    int32_t ult;            /* the ULT it is about (its id), 0: none */
    int32_t arg;
    uint32_t seq;           /* (index + 1), stored last */
    uint8_t kind, why;
    uint16_t spare;
};

struct base_trace_ring {
    uint64_t head;          /* events ever put */
    uint64_t mask;          /* slots - 1 */
    uint64_t spare[6];
    struct base_trace_ev ev[];
} __attribute__((aligned(64)));

extern struct base_trace_ring *base_trace_rings[BASE_TRACE_RINGS];
/* When the trace began, in clock ticks and ns, and ns per tick measured
   then (over a 1 ms sleep): for readers without a clock of their own, a
   debugger on a core file (gdb/mltp.py's `ult N events`). The file's
   writer measures again, over the whole trace. */
extern struct base_trace_time {
    uint64_t t0;
    long ns0;
    double ns_per_tick;
} base_trace_time;
extern int base_trace_on;   /* recording (the API can stop it) */

/* The cycle counter: rdtsc, ~20 cycles and no fence (events of one VP
   stay in order: each is a store after the last); aarch64: the virtual
   counter. Converted to ns when written (base/trace.c). */
static inline uint64_t base_trace_clock(void)
{
#if defined(__x86_64__)
    unsigned int lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return (uint64_t)hi << 32 | lo;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
    return v;
#else
#error "a cycle counter for this architecture"
#endif
}

static inline void base_trace_fill(struct base_trace_ring *r, uint64_t i, int kind, int why,
                                   int ult, int arg, uint64_t obj)
{
    struct base_trace_ev *e = &r->ev[i & r->mask];

    e->t = base_trace_clock();
    e->obj = obj;
    e->ult = ult;
    e->arg = arg;
    e->kind = (uint8_t)kind;
    e->why = (uint8_t)why;
    base_store_release(&e->seq, (uint32_t)(i + 1));   /* "Trace slot" */
}

/* An event on VP vp's ring, by that VP (the only writer). */
static inline void base_trace_vp(int vp, int kind, int why, int ult, int arg, uint64_t obj)
{
    struct base_trace_ring *r = base_trace_rings[vp + 1];
    uint64_t i;

    if (!r)
        return;
    i = r->head;
    base_trace_fill(r, i, kind, why, ult, arg, obj);
    base_store(&r->head, i + 1);
}

/* An event outside the VPs (any thread). */
void base_trace_outside(int kind, int why, int ult, int arg, uint64_t obj);

/* Start recording into rings of mb MiB in all (0: the default), to be
   written to path ("%p": the pid) by base_trace_write; ring_count rings
   for VPs are sized now, more are added as VPs appear (base_trace_ring_for).
   0, or an errno. */
int base_trace_begin(const char *path, long mb);
/* VP vp's ring, made if it has none and the budget allows (no VP runs). */
void base_trace_ring_for(int vp, int nvp);
/* Write the file now: why says why (end, crash, exit, deadlock, a signal's
   name, stop); crash_vp >= 0: the VP that died, by sig, whose running ULT
   ends its track. The name of a ULT comes from its NAME events. The first
   final write wins (final: the program ends), so that the reaper's does
   not overwrite the exit handler's. Returns the events written, or -1. */
long base_trace_write(const char *why, int crash_vp, int sig, int final);
const char *base_trace_path(void);

#endif
