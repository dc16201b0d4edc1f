/* sync/spin.h - the internal test-and-test-and-set spin lock and the
 * release store every layer uses. Never held across a blocking call. */
#ifndef SYNC_SPIN_H
#define SYNC_SPIN_H

#include <sched.h>
#include <urcu/arch.h>
#include <urcu/uatomic.h>

/* liburcu's uatomic takes non-volatile pointers; shared reads go
   through CMM_LOAD_SHARED. */
typedef unsigned int sync_spin_t;

/* Publish everything written before, then store (x86 TSO: a plain store). */
/* Order what follows after the load that saw a lock free (acquire). */
#if defined(__x86_64__) || defined(__i386__)
#define sync_store_release(p, v) do { cmm_barrier(); CMM_STORE_SHARED(*(p), (v)); } while (0)
#define sync_acquire_fence() cmm_barrier()   /* TSO: loads are not reordered */
#else
#define sync_store_release(p, v) do { cmm_smp_mb(); CMM_STORE_SHARED(*(p), (v)); } while (0)
#define sync_acquire_fence() cmm_smp_mb()
#endif

void sync_spin_wait(sync_spin_t *l);

/* Uncontended: one locked xchg (~20 cycles). */
static inline void sync_spin_lock(sync_spin_t *l)
{
    if (__builtin_expect(uatomic_xchg(l, 1) != 0, 0))
        sync_spin_wait(l);
}

static inline int sync_spin_trylock(sync_spin_t *l)
{
    return CMM_LOAD_SHARED(*l) == 0 && uatomic_xchg(l, 1) == 0;
}

static inline void sync_spin_unlock(sync_spin_t *l)
{
    sync_store_release(l, 0);
}

#endif
