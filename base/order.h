/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/order.h - memory ordering the library relies on, named for what it
 * orders. Each use cites its pair (ARCHITECTURE.md, "Memory ordering").
 * x86-64 is TSO: stores stay in order, loads stay in order, and a locked
 * instruction is a full fence. aarch64 keeps none of these for plain
 * accesses, so each name below is an instruction there. */
#ifndef BASE_ORDER_H
#define BASE_ORDER_H

#include <urcu/arch.h>
#include <urcu/uatomic.h>

/* liburcu's uatomic takes non-volatile pointers; shared reads and writes
   of plain variables go through CMM_LOAD_SHARED / CMM_STORE_SHARED.
   liburcu's read-modify-writes (uatomic_cmpxchg, _add_return, _inc, ...)
   are full fences on both: a locked instruction on x86-64, a __sync
   builtin (with a trailing dmb ish) on aarch64. */

/* A shared store, no ordering, one instruction. CMM_STORE_SHARED passes
   the value of a volatile field (the public structs' fields are) through
   a volatile temporary on the stack: a store, a load and a store more. */
#define base_store(p, v) ((void)(CMM_ACCESS_ONCE(*(p)) = (v)))

#if defined(__x86_64__) || defined(__i386__)
/* Publish everything written before, then store: x86 TSO keeps stores in
   order, so a compiler barrier and a plain store. */
#define base_store_release(p, v) do { cmm_barrier(); base_store(p, v); } while (0)
/* Order what follows after a load that saw something published
   (acquire): TSO does not reorder loads. */
#define base_acquire_fence() cmm_barrier()
/* A load that later loads and stores stay behind: a plain load. */
#define base_load_acquire(p) CMM_LOAD_SHARED(*(p))
/* A store that no earlier store passes (a count whose readers then read
   other counts, "Live count"): a plain store. */
#define base_store_ordered(p, v) CMM_STORE_SHARED(*(p), v)
/* Take a spin lock word (v != 0): xchg, a full fence (~20 cycles, and
   the store buffer drained). Returns the old value. */
#define base_xchg_acquire(p, v) uatomic_xchg(p, v)
#elif defined(__aarch64__)
/* stlr: every load and store before it is seen before it, and it costs
   no fence: the core only keeps it behind them. */
#define base_store_release(p, v) \
    __atomic_store_n((p), (__typeof__(*(p)))(v), __ATOMIC_RELEASE)
/* dmb ishld: loads before it complete before any later load or store
   (a barrier of loads only: cheaper than dmb ish, which waits for the
   store buffer too). */
#define base_acquire_fence() __asm__ volatile("dmb ishld" ::: "memory")
/* ldar: no later load or store is performed before it. */
#define base_load_acquire(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
/* stlr, where x86-64 gets the order of two plain stores from TSO. */
#define base_store_ordered(p, v) base_store_release(p, v)
/* An acquire swap (swpa with LSE atomics, else ldaxr/stxr; GCC picks at
   run time with -moutline-atomics): what a lock needs. Not a full fence
   as x86's xchg is: every store-then-load pair the code relies on has its
   own fence (ARCHITECTURE.md, "Memory ordering": none runs through a
   lock's acquire). */
#define base_xchg_acquire(p, v) __atomic_exchange_n((p), (v), __ATOMIC_ACQUIRE)
#else
#error "base/order.h: x86-64 or aarch64 only (configure checks)"
#endif

/* Store then load, both sides (store buffering). On x86 a locked add of
   0 below the stack pointer orders them as mfence does for the memory we
   use (write-back; no non-temporal stores here), at a fraction of the
   cost: on the reference machine's AMD EPYC, mfence after a store took
   16% of Splash-3 BARNES at P = 1 in the BLOCK unlock, the locked add
   1.6%.
   Linux's smp_mb is the same instruction. On aarch64 dmb ish, as Linux's
   smp_mb: the core waits for its earlier stores to be seen by the other
   CPUs before a later load. */
#if defined(__x86_64__)
#define base_full_fence() __asm__ volatile("lock addl $0, -4(%%rsp)" ::: "memory", "cc")
#elif defined(__aarch64__)
#define base_full_fence() __asm__ volatile("dmb ish" ::: "memory")
#endif

#endif
