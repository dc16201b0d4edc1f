/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/spin.c - the spin lock's slow path. */
#include "base/backoff.h"
#include "base/spin.h"

void base_spin_wait(base_spin_t *l)
{
    struct base_backoff b = BASE_BACKOFF_INIT;
    do {
        while (CMM_LOAD_SHARED(*l))
            base_backoff(&b);
    } while (base_xchg_acquire(l, 1) != 0);
}
