/* base/order.h - memory ordering the library relies on, named for what it
 * orders. Each use cites its pair (ARCHITECTURE.md, "Memory ordering"). */
#ifndef BASE_ORDER_H
#define BASE_ORDER_H

#include <urcu/arch.h>
#include <urcu/uatomic.h>

/* liburcu's uatomic takes non-volatile pointers; shared reads and writes
   of plain variables go through CMM_LOAD_SHARED / CMM_STORE_SHARED. */

/* Publish everything written before, then store: x86 TSO keeps stores in
   order, so a compiler barrier and a plain store. */
/* Order what follows after a load that saw something published
   (acquire): TSO does not reorder loads. */
#if defined(__x86_64__) || defined(__i386__)
#define base_store_release(p, v) do { cmm_barrier(); CMM_STORE_SHARED(*(p), (v)); } while (0)
#define base_acquire_fence() cmm_barrier()
#else
#define base_store_release(p, v) do { cmm_smp_mb(); CMM_STORE_SHARED(*(p), (v)); } while (0)
#define base_acquire_fence() cmm_smp_mb()
#endif

/* Store then load, both sides (store buffering): x86 mfence. */
#define base_full_fence() cmm_smp_mb()

#endif
