/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * internals.h - the one place where the tests reach inside the library.
 *
 * The test programs link the library statically (libmltp_core.la), so its
 * hidden symbols can be named. Everything a test reads inside the library
 * goes through this file, so that when the library renames or moves
 * something only the lines below change:
 *
 *   IT_RUNQ_HEADER   the header that declares the run queue
 *   IT_RUNQ          VP 0's run queue (`sched_runqs[0]`, a struct
 *                    sched_runq, see sched/runq.h)
 *   IT_RUNQ_OF(i)    VP i's
 *   IT_CROWD_HEADER  the header that declares the crowding check
 *                    (sched_crowd_check, sched_crowd_source: sched/crowd.c)
 *
 * What the tests rely on: the run-queue spin lock is its first word (0
 * free, 1 held; the context switch releases it), and `sched_solo_on` is
 * non-zero while a start runs without taking any lock (one VP and no
 * bound thread).
 */
#ifndef MLTP_TESTS_INTERNALS_H
#define MLTP_TESTS_INTERNALS_H

#define IT_RUNQ_HEADER "sched/runq.h"
#define IT_RUNQ sched_runqs[0]
#define IT_RUNQ_OF(i) sched_runqs[i]

#define IT_CROWD_HEADER "sched/sched.h"
/* base_syscall: a system call MLTP does not see (not a marked call: its
   VP's place stays held for as long as it waits) */
#define IT_RAW_HEADER "base/raw.h"
#define IT_CHUNK_HEADER "ult/chunk.h"
/* sys_wrong_guesses: calls made as they are (a descriptor's kind
   guessed) that waited; sched_poll_waits (IT_CROWD_HEADER's): waits in
   the poller */
#define IT_SYS_HEADER "sys/sys.h"
/* ult_tls_counts (blocks made and pooled), ult_tls_test_version (the
   glibc version the check reads) */
#define IT_TLS_HEADER "ult/tls.h"

#include IT_RUNQ_HEADER
#include IT_CROWD_HEADER
#include IT_CHUNK_HEADER
#include IT_RAW_HEADER
#include IT_SYS_HEADER
#include IT_TLS_HEADER

/* From now on a new default stack size (mltp_set_stack_size) maps no
   stacks ahead for the ULTs already created: the first run of one may
   find none, as before mltp_create reserved them (ult/chunk.c). */
static inline void it_stacks_unreserved(void)
{
    ult_chunk_test_unreserved = 1;
}

/* From now on guard regions (MADV_GUARD_INSTALL) fail with errno err, as
   under a sandbox that refuses the call (0: as the kernel says). */
static inline void it_stack_guards_fail(int err)
{
    ult_chunk_test_guard_errno = err;
}

/* From now on PROT_NONE guard pages (mprotect) fail with errno err (0:
   as the kernel says). */
static inline void it_stack_pages_fail(int err)
{
    ult_chunk_test_pages_errno = err;
}

/* While on, a chunk's record cannot be allocated (its calloc fails). */
static inline void it_stack_record_fails(int on)
{
    ult_chunk_test_no_record = on;
}

/* Chunks a creation had to map itself (its reservations found the
   reserve ahead short). */
static inline long it_stack_inline_grows(void)
{
    return ult_chunk_test_inline_grows;
}

/* The slots that may still get a PROT_NONE guard page (0 until guard
   pages are in use: MLTP_STACK_GUARD=pages, or no guard regions). */
static inline long it_stack_pages_left(void)
{
    return __atomic_load_n(&ult_chunk_pages_left, __ATOMIC_SEQ_CST);
}

/* Chunk mappings made so far, of every shape (ult/chunk.c). */
static inline long it_stack_maps(void)
{
    return __atomic_load_n(&ult_chunk_test_maps, __ATOMIC_SEQ_CST);
}

/* The most chunks of the default shape ever being mapped at once (1: one
   thread grows the pool while the others wait for it). */
static inline long it_stack_max_growing(void)
{
    return __atomic_load_n(&ult_chunk_test_max_growing, __ATOMIC_SEQ_CST);
}

/* From now on each chunk's mapping first sleeps us microseconds (the
   chunks' lock not held), so that two threads' grows overlap. */
static inline void it_stack_map_delay(long us)
{
    __atomic_store_n(&ult_chunk_test_map_delay_us, us, __ATOMIC_SEQ_CST);
}

/* Slots of the chunks mapped now whose guards are PROT_NONE pages: with
   it_stack_pages_left(), the guard pages' budget, which every unmap gives
   back. */
static inline long it_stack_pages_held(void)
{
    return __atomic_load_n(&ult_chunk_pages_held, __ATOMIC_SEQ_CST);
}

/* The stacks in VP i's cache (ended ULTs' stacks, kept for the next). */
static inline int it_stack_vp_cached(int i)
{
    return sg.vps[i].cache.nstacks;
}

_Static_assert(offsetof(__typeof__(IT_RUNQ), lock) == 0,
               "the run-queue lock is no longer the first word of the run queue");

/* The run-queue spin lock's word: 0 free, 1 held. */
static inline volatile unsigned int *it_runq_lock_word(void)
{
    return (volatile unsigned int *)&IT_RUNQ.lock;
}

/* The arrivals of a barrier's current episode (its library-internal
   `lock` field, sync/barrier.c). */
static inline unsigned int it_barrier_arrivals(const mltp_barrier_t *b)
{
    return __atomic_load_n(&b->lock, __ATOMIC_SEQ_CST);
}

/* What VP i's run queue still holds, between starts: its count of ready
   ULTs (`nready`) and its bitmap (levels, and the marks of a stop or a
   thief's walk); both 0 once every ULT has ended. */
static inline long it_runq_leftover(int i)
{
    long n = IT_RUNQ_OF(i).nready;
    return (n < 0 ? -n : n) + (IT_RUNQ_OF(i).bitmap != 0);
}

/* The run queue's solo flag: non-zero while the lock is not taken. */
static inline int it_runq_solo(void)
{
    return __atomic_load_n(&sched_solo_on, __ATOMIC_SEQ_CST);
}

/* Thread ids (ult/id.c) come from passes over 1 .. 2^31 - 64, blocks of
   64: move the pass under way to blocks_left blocks from its end, so that
   a test reaches a wrap without 2^31 creations. Blocks that caches hold
   already are handed out first. */
static inline void it_ids_near_wrap(unsigned int blocks_left)
{
    ult_id_test_near_wrap(blocks_left);
}

/* The late wakes the watchdog counted in the last start
   (sched/watchdog.c; MLTP_STATS' late wakes). */
static inline long it_sched_late_wakes(void)
{
    return sg.late_wakes;
}

/* The next VP to steal a ULT waits between the steal and going busy
   (sched/loop.c), with it_steal_paused() 1, until it_steal_resume() or
   ns nanoseconds: a release then finds it idle, about to run a ULT that
   may keep it. */
static inline void it_pause_next_steal(long ns)
{
    __atomic_store_n(&sched_test_steal_pause_ns, ns, __ATOMIC_SEQ_CST);
}

static inline int it_steal_paused(void)
{
    return __atomic_load_n(&sched_test_steal_paused, __ATOMIC_SEQ_CST);
}

static inline void it_steal_resume(void)
{
    __atomic_store_n(&sched_test_steal_paused, 0, __ATOMIC_SEQ_CST);
}

/* The pass over the ids under way: 0 the first, 1 after one wrap ... */
static inline unsigned int it_ids_pass(void)
{
    return ult_id_test_pass();
}

#endif
