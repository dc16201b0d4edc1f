/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/spin.h - the internal test-and-test-and-set spin lock. Never held
 * across a blocking call (ARCHITECTURE.md, "Locking rules"). */
#ifndef BASE_SPIN_H
#define BASE_SPIN_H

#include "base/order.h"

typedef unsigned int base_spin_t;   /* 0 free, 1 held */

void base_spin_wait(base_spin_t *l);

/* Uncontended: one swap (base_xchg_acquire: x86 a locked xchg, ~20
   cycles; aarch64 an acquire swap). Unlocked by a release store. */
static inline void base_spin_lock(base_spin_t *l)
{
    if (__builtin_expect(base_xchg_acquire(l, 1) != 0, 0))
        base_spin_wait(l);
}

static inline int base_spin_trylock(base_spin_t *l)
{
    return CMM_LOAD_SHARED(*l) == 0 && base_xchg_acquire(l, 1) == 0;
}

static inline void base_spin_unlock(base_spin_t *l)
{
    base_store_release(l, 0);
}

#endif
