/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/order.h - memory ordering the library relies on, named for what it
 * orders. Each use cites its pair (ARCHITECTURE.md, "Memory ordering"). */
#ifndef BASE_ORDER_H
#define BASE_ORDER_H

#include <urcu/arch.h>
#include <urcu/uatomic.h>

/* liburcu's uatomic takes non-volatile pointers; shared reads and writes
   of plain variables go through CMM_LOAD_SHARED / CMM_STORE_SHARED. */

/* A shared store, no ordering, one instruction. CMM_STORE_SHARED passes
   the value of a volatile field (the public structs' fields are) through
   a volatile temporary on the stack: a store, a load and a store more. */
#define base_store(p, v) ((void)(CMM_ACCESS_ONCE(*(p)) = (v)))

/* Publish everything written before, then store: x86 TSO keeps stores in
   order, so a compiler barrier and a plain store. */
/* Order what follows after a load that saw something published
   (acquire): TSO does not reorder loads. */
#if defined(__x86_64__) || defined(__i386__)
#define base_store_release(p, v) do { cmm_barrier(); base_store(p, v); } while (0)
#define base_acquire_fence() cmm_barrier()
#else
#define base_store_release(p, v) do { cmm_smp_mb(); base_store(p, v); } while (0)
#define base_acquire_fence() cmm_smp_mb()
#endif

/* Store then load, both sides (store buffering). On x86 a locked add of
   0 below the stack pointer orders them as mfence does for the memory we
   use (write-back; no non-temporal stores here), at a fraction of the
   cost: on the reference machine's AMD EPYC, mfence after a store took
   16% of Splash-3 BARNES at P = 1 in the BLOCK unlock, the locked add
   1.6%.
   Linux's smp_mb is the same instruction. */
#if defined(__x86_64__)
#define base_full_fence() __asm__ volatile("lock addl $0, -4(%%rsp)" ::: "memory", "cc")
#else
#define base_full_fence() cmm_smp_mb()
#endif

#endif
