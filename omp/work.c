/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/work.c - work sharing: loops (every schedule, long and unsigned long
 * long), sections, single, ordered.
 *
 * A team has a ring of OMPRT_WS_RING work shares. Every member meets the
 * same constructs in the same order and numbers them (ws_count), so
 * construct c lives in slot (c - 1) % OMPRT_WS_RING: the first member to
 * get there claims it with one CAS (claim: c - RING -> c), waits until
 * the slot's previous construct has been left by everyone (free_for), sets
 * it up and publishes ready = c; the others wait for ready. The last member
 * to leave construct c frees the slot for c + RING. Numbering goes on
 * across the team's regions (ws_base), so a slot is set up once, when
 * its team is made (ARCHITECTURE.md, "Work-share ring"; omp/ring.pml).
 * Iterations are numbered 0 .. n-1 whatever the loop's
 * bounds and step: iteration i is start + i * incr, in unsigned
 * arithmetic, which serves long and unsigned long long loops alike. */
#include <stdlib.h>
#include <string.h>
#include "omp/rt.h"

typedef unsigned long long ull;

#define SPINS 200

/* Wait for another member: spin a little while each member can have a VP
   of its own, else yield at once, for the member waited for may be
   queued behind us on our VP (ordered with more members than VPs: LLVM's
   omp_for_collapse.c, 8 threads on 3 VPs, ran past 60 s spinning first) */
static int spins_for(const struct omprt_thr *t)
{
    return t->team->nthreads > mltp_vp_count() ? 0 : SPINS;
}

#define WAIT_UNTIL(t, cond)                         \
    do {                                            \
        int spins_ = 0, limit_ = spins_for(t);      \
        while (!(cond)) {                           \
            if (++spins_ < limit_)                  \
                omprt_pause();                      \
            else                                    \
                mltp_yield();                       \
        }                                           \
    } while (0)

void omprt_ws_team_init(struct omprt_team *team)
{
    long k;

    for (k = 0; k < OMPRT_WS_RING; k++) {
        struct omprt_ws *ws = &team->ws[k];
        ws->claim = k + 1 - OMPRT_WS_RING;
        ws->ready = k + 1 - OMPRT_WS_RING;
        ws->free_for = k + 1;
        ws->left = 0;
    }
    team->ws_base = 0;
}

struct omprt_ws *omprt_ws_enter(struct omprt_thr *t, int *first)
{
    long c = ++t->ws_count;
    struct omprt_ws *ws = &t->team->ws[(c - 1) % OMPRT_WS_RING];
    long expect = c - OMPRT_WS_RING;

    t->ws = ws;
    t->has_chunk = 0;
    t->static_trip = 0;
    if (__atomic_load_n(&ws->ready, __ATOMIC_ACQUIRE) == c) {
        *first = 0;
        return ws;
    }
    if (__atomic_compare_exchange_n(&ws->claim, &expect, c, 0, __ATOMIC_ACQUIRE,
                                    __ATOMIC_RELAXED)) {
        WAIT_UNTIL(t, __atomic_load_n(&ws->free_for, __ATOMIC_ACQUIRE) == c);
        *first = 1;
        return ws;
    }
    WAIT_UNTIL(t, __atomic_load_n(&ws->ready, __ATOMIC_ACQUIRE) == c);
    *first = 0;
    return ws;
}

void omprt_ws_publish(struct omprt_thr *t, struct omprt_ws *ws)
{
    __atomic_store_n(&ws->ready, t->ws_count, __ATOMIC_RELEASE);
}

static void ordered_pass(struct omprt_thr *t);

void omprt_ws_leave(struct omprt_thr *t)
{
    struct omprt_ws *ws = t->ws;

    if (!ws)
        return;
    if (ws->ordered)
        ordered_pass(t);
    t->ws = NULL;
    if (__atomic_add_fetch(&ws->left, 1, __ATOMIC_ACQ_REL) == t->team->nthreads) {
        ws->left = 0;
        __atomic_store_n(&ws->free_for, t->ws_count + OMPRT_WS_RING, __ATOMIC_RELEASE);
    }
}

/* n iterations of a loop from start to end (exclusive) by incr, up or
   down, computed without overflow */
static ull iterations(int up, ull start, ull end, ull incr)
{
    if (up)
        return end > start ? (end - start - 1) / incr + 1 : 0;
    return start > end ? (start - end - 1) / -incr + 1 : 0;
}

static ull iterations_long(long start, long end, long incr)
{
    if (incr > 0)
        return end > start ? ((ull)end - (ull)start - 1) / (ull)incr + 1 : 0;
    return start > end ? ((ull)start - (ull)end - 1) / -(ull)incr + 1 : 0;
}

static void loop_setup(struct omprt_ws *ws, int sched, int ordered, ull start, ull incr,
                       ull n, ull end, ull chunk)
{
    ws->sched = sched;
    ws->ordered = ordered;
    ws->start = start;
    ws->incr = incr;
    ws->n = n;
    ws->end = end;
    ws->chunk = chunk;
    ws->next = 0;
    ws->ordered_next = 0;
}

/* ---- nonmonotonic dynamic: each member starts with a static share of
   the chunks, {lo, hi} on a line of its own, and takes them from lo with
   a CAS that no other member contends for while it has some; a member
   out of chunks steals the upper half of another's. Chunks go out in no
   particular order, which nonmonotonic allows, and the shared counter's
   line no longer moves between CPUs at every chunk (ARCHITECTURE.md,
   "Range stealing"; omp/steal.pml). ---- */

#define PACK(lo, hi) ((ull)(hi) << 32 | (ull)(lo))
#define LO(v) ((ull)(v) & 0xffffffffu)
#define HI(v) ((ull)(v) >> 32)

static struct omprt_range *ranges_of(struct omprt_team *team, const struct omprt_ws *ws)
{
    return team->ranges + (ws - team->ws) * team->capacity;
}

/* 0 when the loop cannot be cut this way (too many chunks) */
static int steal_setup(struct omprt_team *team, struct omprt_ws *ws)
{
    ull chunks = (ws->n + ws->chunk - 1) / ws->chunk, q, r, lo = 0;
    ull nthr = (ull)team->nthreads, i;
    struct omprt_range *rg;

    if (chunks >= 0xffffffffULL)
        return 0;
    if (!team->ranges) {
        size_t bytes = (size_t)team->capacity * OMPRT_WS_RING * sizeof *team->ranges;
        team->ranges = aligned_alloc(64, bytes);
        if (!team->ranges)
            return 0;
    }
    rg = ranges_of(team, ws);
    q = chunks / nthr;
    r = chunks % nthr;
    for (i = 0; i < nthr; i++) {
        ull hi = lo + q + (i < r);
        rg[i].lo_hi = PACK(lo, hi);
        lo = hi;
    }
    return 1;
}

static int steal_take(struct omprt_range *mine, ull *chunk)
{
    ull v = __atomic_load_n(&mine->lo_hi, __ATOMIC_RELAXED);

    while (LO(v) < HI(v))
        if (__atomic_compare_exchange_n(&mine->lo_hi, &v, PACK(LO(v) + 1, HI(v)), 1,
                                        __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
            *chunk = LO(v);
            return 1;
        }
    return 0;
}

static int __attribute__((noinline)) steal_from_others(struct omprt_thr *t,
                                                        struct omprt_range *rg, ull *chunk)
{
    int n = t->team->nthreads, k;

    for (k = 1; k < n; k++) {
        struct omprt_range *victim = &rg[(t->num + k) % n];
        ull v = __atomic_load_n(&victim->lo_hi, __ATOMIC_RELAXED);
        while (LO(v) < HI(v)) {
            ull left = HI(v) - LO(v), cut = HI(v) - left / 2;
            if (left == 1)
                cut = LO(v);
            if (__atomic_compare_exchange_n(&victim->lo_hi, &v, PACK(LO(v), cut), 1,
                                            __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
                /* ours now: [cut, HI(v)); the first at once, the rest left
                   where others can steal them */
                *chunk = cut;
                __atomic_store_n(&rg[t->num].lo_hi, PACK(cut + 1, HI(v)), __ATOMIC_RELAXED);
                return 1;
            }
        }
    }
    return 0;
}

/* schedule(runtime) and auto resolved: static, dynamic or guided */
static int resolve(const struct omprt_thr *t, int sched, ull *chunk)
{
    if ((sched & ~OMPRT_SCHED_MONOTONIC) == OMPRT_SCHED_RUNTIME) {
        sched = t->icv.run_sched;
        *chunk = t->icv.run_chunk > 0 ? (ull)t->icv.run_chunk : 0;
    }
    /* dynamic without the monotonic bit is nonmonotonic (GCC 9's default) */
    if (sched == OMPRT_SCHED_DYNAMIC)
        sched = OMPRT_SCHED_STEAL;
    sched &= ~OMPRT_SCHED_MONOTONIC;
    if (sched == OMPRT_SCHED_AUTO)
        sched = OMPRT_SCHED_STATIC, *chunk = 0;
    if (sched != OMPRT_SCHED_STATIC && *chunk == 0)
        *chunk = 1;
    return sched;
}

/* after loop_setup: stealing needs ranges, and no ordered */
static void setup_ranges(struct omprt_team *team, struct omprt_ws *ws)
{
    if (ws->sched == OMPRT_SCHED_STEAL &&
        (ws->ordered || team->nthreads == 1 || !steal_setup(team, ws)))
        ws->sched = OMPRT_SCHED_DYNAMIC;
}

/* the chunk [*lo, *hi) of iteration numbers this thread runs next */
static int next_chunk(struct omprt_thr *t, struct omprt_ws *ws, ull *lo, ull *hi)
{
    ull n = ws->n, i, q;
    ull nthr = (ull)t->team->nthreads;

    switch (ws->sched) {
    case OMPRT_SCHED_STATIC:
        if (ws->chunk == 0) {
            ull base = n / nthr, extra = n % nthr, me = (ull)t->num;
            if (t->static_trip++ != 0)
                return 0;
            i = me * base + (me < extra ? me : extra);
            q = base + (me < extra);
            if (q == 0)
                return 0;
            *lo = i;
            *hi = i + q;
            return 1;
        }
        i = (t->static_trip * nthr + (ull)t->num) * ws->chunk;
        if (i >= n)
            return 0;
        t->static_trip++;
        *lo = i;
        *hi = n - i < ws->chunk ? n : i + ws->chunk;
        return 1;
    case OMPRT_SCHED_DYNAMIC:
        /* one atomic add per chunk, on the counter's own line; alone, a
           plain add */
        if (nthr == 1) {
            i = ws->next;
            ws->next = i + ws->chunk;
        } else {
            i = __atomic_fetch_add(&ws->next, ws->chunk, __ATOMIC_RELAXED);
        }
        if (i >= n)
            return 0;
        *lo = i;
        *hi = n - i < ws->chunk ? n : i + ws->chunk;
        return 1;
    case OMPRT_SCHED_STEAL: {
        struct omprt_range *rg = ranges_of(t->team, ws);
        ull c;
        if (!steal_take(&rg[t->num], &c) && !steal_from_others(t, rg, &c))
            return 0;
        i = c * ws->chunk;
        *lo = i;
        *hi = n - i < ws->chunk ? n : i + ws->chunk;
        return 1;
    }
    default:    /* guided: a share of what is left, at least a chunk */
        i = __atomic_load_n(&ws->next, __ATOMIC_RELAXED);
        for (;;) {
            if (i >= n)
                return 0;
            q = (n - i + nthr - 1) / nthr;
            if (q < ws->chunk)
                q = ws->chunk;
            if (q > n - i)
                q = n - i;
            if (__atomic_compare_exchange_n(&ws->next, &i, i + q, 1, __ATOMIC_RELAXED,
                                            __ATOMIC_RELAXED))
                break;
        }
        *lo = i;
        *hi = i + q;
        return 1;
    }
}

/* ---- ordered: the chunks run their ordered parts in iteration order;
   a thread hands the turn on when it leaves its chunk ---- */

static void ordered_pass(struct omprt_thr *t)
{
    struct omprt_ws *ws = t->ws;

    if (!t->has_chunk)
        return;
    WAIT_UNTIL(t, __atomic_load_n(&ws->ordered_next, __ATOMIC_ACQUIRE) == t->ord_lo);
    __atomic_store_n(&ws->ordered_next, t->ord_hi, __ATOMIC_RELEASE);
    t->has_chunk = 0;
}

OMPRT_API void GOMP_ordered_start(void)
{
    struct omprt_thr *t = omprt_self();
    struct omprt_ws *ws = t->ws;

    if (!ws || !t->has_chunk)
        return;
    WAIT_UNTIL(t, __atomic_load_n(&ws->ordered_next, __ATOMIC_ACQUIRE) == t->ord_lo);
}

OMPRT_API void GOMP_ordered_end(void)
{
}

/* ---- the loop calls, long and unsigned long long ---- */

static int next_ull(struct omprt_thr *t, ull *pstart, ull *pend)
{
    struct omprt_ws *ws = t->ws;
    ull lo, hi;

    if (!ws)
        return 0;
    if (ws->ordered)
        ordered_pass(t);
    if (!next_chunk(t, ws, &lo, &hi))
        return 0;
    if (ws->ordered) {
        t->ord_lo = lo;
        t->ord_hi = hi;
        t->has_chunk = 1;
    }
    *pstart = ws->start + lo * ws->incr;
    *pend = hi == ws->n ? ws->end : ws->start + hi * ws->incr;
    return 1;
}

static int next_long(struct omprt_thr *t, long *pstart, long *pend)
{
    ull s, e;

    if (!next_ull(t, &s, &e))
        return 0;
    *pstart = (long)s;
    *pend = (long)e;
    return 1;
}

static void take_mem(struct omprt_ws *ws, int first, void **mem)
{
    size_t size;

    if (!mem)
        return;
    size = (size_t)(uintptr_t)*mem;
    if (first) {
        if (ws->mem_size < size) {
            free(ws->mem);
            ws->mem = malloc(size);
            if (!ws->mem)
                omprt_fatal("out of memory for a loop's shared data (%zu bytes)", size);
            ws->mem_size = size;
        }
        memset(ws->mem, 0, size);
    }
    *mem = ws->mem;
}

static const char loop_task_reduction[] =
    "a task reduction on a loop (reduction(task, ...) or inscan)";

/* A loop's work share: set up by the first member to get there, with n
   iterations from start by incr (end: the last chunk's end). Sections
   come here too, so the construct's own words name what is unsupported. */
static struct omprt_thr *loop_start(int sched, int ordered, ull start, ull incr, ull n,
                                    ull end, ull chunk, uintptr_t *reductions, void **mem,
                                    const char *task_reduction)
{
    struct omprt_thr *t = omprt_self();
    int first;
    struct omprt_ws *ws;

    if (reductions)
        omprt_unsupported(task_reduction);
    ws = omprt_ws_enter(t, &first);
    if (first) {
        sched = resolve(t, sched, &chunk);
        loop_setup(ws, sched, ordered, start, incr, n, end, chunk);
        setup_ranges(t->team, ws);
    }
    take_mem(ws, first, mem);
    if (first)
        omprt_ws_publish(t, ws);
    return t;
}

static int start_ull(int sched, int ordered, int up, ull start, ull end, ull incr, ull chunk,
                     ull *pstart, ull *pend, uintptr_t *reductions, void **mem)
{
    struct omprt_thr *t = loop_start(sched, ordered, start, incr,
                                     iterations(up, start, end, incr), end, chunk,
                                     reductions, mem, loop_task_reduction);
    return pstart ? next_ull(t, pstart, pend) : 1;
}

static int start_long(int sched, int ordered, long start, long end, long incr, long chunk,
                      long *pstart, long *pend, uintptr_t *reductions, void **mem)
{
    struct omprt_thr *t = loop_start(sched, ordered, (ull)start, (ull)incr,
                                     iterations_long(start, end, incr), (ull)end,
                                     chunk > 0 ? (ull)chunk : 0, reductions, mem,
                                     loop_task_reduction);
    return pstart ? next_long(t, pstart, pend) : 1;
}

/* The _next of every schedule only resumes the loop its _start began */
#define NEXT_FORMS(NAME)                                                              \
    OMPRT_API bool GOMP_loop_##NAME##_next(long *istart, long *iend)                  \
    {                                                                                 \
        return next_long(omprt_self(), istart, iend);                                 \
    }                                                                                 \
    OMPRT_API bool GOMP_loop_ull_##NAME##_next(ull *istart, ull *iend)                \
    {                                                                                 \
        return next_ull(omprt_self(), istart, iend);                                  \
    }

#define LONG_FORMS(NAME, SCHED, ORDERED)                                              \
    OMPRT_API bool GOMP_loop_##NAME##_start(long start, long end, long incr, long chunk, \
                                            long *istart, long *iend)                 \
    {                                                                                 \
        return start_long(SCHED, ORDERED, start, end, incr, chunk, istart, iend, NULL,   \
                          NULL);                                                      \
    }                                                                                 \
    OMPRT_API bool GOMP_loop_ull_##NAME##_start(bool up, ull start, ull end, ull incr,   \
                                                ull chunk, ull *istart, ull *iend)    \
    {                                                                                 \
        return start_ull(SCHED, ORDERED, up, start, end, incr, chunk, istart, iend, NULL, \
                         NULL);                                                       \
    }                                                                                 \
    NEXT_FORMS(NAME)

LONG_FORMS(static, OMPRT_SCHED_STATIC, 0)
LONG_FORMS(dynamic, OMPRT_SCHED_DYNAMIC | OMPRT_SCHED_MONOTONIC, 0)
LONG_FORMS(guided, OMPRT_SCHED_GUIDED, 0)
LONG_FORMS(nonmonotonic_dynamic, OMPRT_SCHED_DYNAMIC, 0)
LONG_FORMS(nonmonotonic_guided, OMPRT_SCHED_GUIDED, 0)
LONG_FORMS(ordered_static, OMPRT_SCHED_STATIC, 1)
LONG_FORMS(ordered_dynamic, OMPRT_SCHED_DYNAMIC | OMPRT_SCHED_MONOTONIC, 1)
LONG_FORMS(ordered_guided, OMPRT_SCHED_GUIDED, 1)

#define RUNTIME_FORMS(NAME, ORDERED)                                                  \
    OMPRT_API bool GOMP_loop_##NAME##_start(long start, long end, long incr,           \
                                            long *istart, long *iend)                 \
    {                                                                                 \
        return start_long(OMPRT_SCHED_RUNTIME, ORDERED, start, end, incr, 0, istart, iend, \
                          NULL, NULL);                                                \
    }                                                                                 \
    OMPRT_API bool GOMP_loop_ull_##NAME##_start(bool up, ull start, ull end, ull incr,   \
                                                ull *istart, ull *iend)               \
    {                                                                                 \
        return start_ull(OMPRT_SCHED_RUNTIME, ORDERED, up, start, end, incr, 0, istart, \
                         iend, NULL, NULL);                                           \
    }                                                                                 \
    NEXT_FORMS(NAME)

RUNTIME_FORMS(runtime, 0)
RUNTIME_FORMS(nonmonotonic_runtime, 0)
RUNTIME_FORMS(maybe_nonmonotonic_runtime, 0)
RUNTIME_FORMS(ordered_runtime, 1)

/* GCC 9's generic forms, with the schedule as an argument */
OMPRT_API bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk,
                               long *istart, long *iend, uintptr_t *reductions, void **mem)
{
    return start_long((int)sched, 0, start, end, incr, chunk, istart, iend, reductions, mem);
}

OMPRT_API bool GOMP_loop_ordered_start(long start, long end, long incr, long sched,
                                       long chunk, long *istart, long *iend,
                                       uintptr_t *reductions, void **mem)
{
    return start_long((int)sched, 1, start, end, incr, chunk, istart, iend, reductions, mem);
}

OMPRT_API bool GOMP_loop_ull_start(bool up, ull start, ull end, ull incr, long sched,
                                   ull chunk, ull *istart, ull *iend, uintptr_t *reductions,
                                   void **mem)
{
    return start_ull((int)sched, 0, up, start, end, incr, chunk, istart, iend, reductions, mem);
}

OMPRT_API bool GOMP_loop_ull_ordered_start(bool up, ull start, ull end, ull incr, long sched,
                                           ull chunk, ull *istart, ull *iend,
                                           uintptr_t *reductions, void **mem)
{
    return start_ull((int)sched, 1, up, start, end, incr, chunk, istart, iend, reductions, mem);
}

OMPRT_API void GOMP_loop_end(void)
{
    struct omprt_thr *t = omprt_self();
    omprt_ws_leave(t);
    omprt_barrier(t);
}

OMPRT_API bool GOMP_loop_end_cancel(void)
{
    GOMP_loop_end();
    return false;
}

OMPRT_API void GOMP_loop_end_nowait(void)
{
    omprt_ws_leave(omprt_self());
}

/* ---- combined parallel loops: the team's first work share is set up
   before the members start ---- */

struct loop_args {
    int sched;
    long start, end, incr, chunk;
};

static int prepare_loop(struct omprt_team *team, const void *arg)
{
    const struct loop_args *a = arg;
    struct omprt_thr *t0 = &team->thr[0];
    struct omprt_ws *ws = &team->ws[team->ws_base % OMPRT_WS_RING];
    ull chunk = a->chunk > 0 ? (ull)a->chunk : 0;
    int sched = resolve(t0, a->sched, &chunk);

    loop_setup(ws, sched, 0, (ull)a->start, (ull)a->incr,
               iterations_long(a->start, a->end, a->incr), (ull)a->end, chunk);
    setup_ranges(team, ws);
    ws->claim = team->ws_base + 1;
    ws->ready = team->ws_base + 1;
    return 1;
}

#define PARALLEL_LOOP(NAME, SCHED)                                                    \
    OMPRT_API void GOMP_parallel_loop_##NAME(void (*fn)(void *), void *data,          \
                                             unsigned num_threads, long start, long end, \
                                             long incr, long chunk, unsigned flags)   \
    {                                                                                 \
        struct loop_args a = { SCHED, start, end, incr, chunk };                      \
        (void)flags;                                                                  \
        omprt_parallel(fn, data, num_threads, prepare_loop, &a);                      \
    }

PARALLEL_LOOP(static, OMPRT_SCHED_STATIC)
PARALLEL_LOOP(dynamic, OMPRT_SCHED_DYNAMIC | OMPRT_SCHED_MONOTONIC)
PARALLEL_LOOP(guided, OMPRT_SCHED_GUIDED)
PARALLEL_LOOP(nonmonotonic_dynamic, OMPRT_SCHED_DYNAMIC)
PARALLEL_LOOP(nonmonotonic_guided, OMPRT_SCHED_GUIDED)

#define PARALLEL_LOOP_RUNTIME(NAME)                                                   \
    OMPRT_API void GOMP_parallel_loop_##NAME(void (*fn)(void *), void *data,          \
                                             unsigned num_threads, long start, long end, \
                                             long incr, unsigned flags)               \
    {                                                                                 \
        struct loop_args a = { OMPRT_SCHED_RUNTIME, start, end, incr, 0 };            \
        (void)flags;                                                                  \
        omprt_parallel(fn, data, num_threads, prepare_loop, &a);                      \
    }

PARALLEL_LOOP_RUNTIME(runtime)
PARALLEL_LOOP_RUNTIME(nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME(maybe_nonmonotonic_runtime)

/* ---- sections: a dynamic loop over 1..count, one at a time ---- */

static unsigned sections_next(struct omprt_thr *t)
{
    long s, e;
    return next_long(t, &s, &e) ? (unsigned)s : 0;
}

static unsigned sections_start(unsigned count, uintptr_t *reductions, void **mem)
{
    /* monotonic: without the bit, dynamic would mean range stealing, and
       sections go out one at a time from the shared counter */
    struct omprt_thr *t = loop_start(OMPRT_SCHED_DYNAMIC | OMPRT_SCHED_MONOTONIC, 0, 1, 1,
                                     count, (ull)count + 1, 1, reductions, mem,
                                     "a task reduction on sections (reduction(task, ...))");
    return sections_next(t);
}

OMPRT_API unsigned GOMP_sections_start(unsigned count)
{
    return sections_start(count, NULL, NULL);
}

OMPRT_API unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
    return sections_start(count, reductions, mem);
}

OMPRT_API unsigned GOMP_sections_next(void)
{
    return sections_next(omprt_self());
}

OMPRT_API void GOMP_sections_end(void)
{
    GOMP_loop_end();
}

OMPRT_API bool GOMP_sections_end_cancel(void)
{
    GOMP_loop_end();
    return false;
}

OMPRT_API void GOMP_sections_end_nowait(void)
{
    omprt_ws_leave(omprt_self());
}

static int prepare_sections(struct omprt_team *team, const void *arg)
{
    unsigned count = *(const unsigned *)arg;
    struct omprt_ws *ws = &team->ws[team->ws_base % OMPRT_WS_RING];

    loop_setup(ws, OMPRT_SCHED_DYNAMIC, 0, 1, 1, count, (ull)count + 1, 1);
    ws->claim = team->ws_base + 1;
    ws->ready = team->ws_base + 1;
    return 1;
}

OMPRT_API void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned num_threads,
                                      unsigned count, unsigned flags)
{
    (void)flags;
    omprt_parallel(fn, data, num_threads, prepare_sections, &count);
}

/* ---- single ---- */

/* The first member to get to its k-th single moves the team's count from
   k-1 to k; no work share, so nowait singles cost one CAS. */
OMPRT_API bool GOMP_single_start(void)
{
    struct omprt_thr *t = omprt_self();
    unsigned long k = ++t->single_count;
    unsigned long expect = k - 1;

    if (t->team->nthreads == 1)
        return true;
    return __atomic_compare_exchange_n(&t->team->single_count, &expect, k, 0,
                                       __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
}

/* copyprivate: NULL for the thread that runs the single; the others wait
   at the team's barrier for its data. */
OMPRT_API void *GOMP_single_copy_start(void)
{
    struct omprt_thr *t = omprt_self();
    int first;
    struct omprt_ws *ws = omprt_ws_enter(t, &first);
    void *data;

    if (first) {
        omprt_ws_publish(t, ws);
        return NULL;
    }
    omprt_barrier(t);
    data = ws->copyprivate;
    omprt_ws_leave(t);
    return data;
}

OMPRT_API void GOMP_single_copy_end(void *data)
{
    struct omprt_thr *t = omprt_self();

    t->ws->copyprivate = data;
    omprt_barrier(t);
    omprt_ws_leave(t);
}
