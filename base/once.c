/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/once.c - the once-initialisation's slow path. */
#include "base/backoff.h"
#include "base/once.h"

int base_once_run(base_once_t *o, int (*init)(void))
{
    struct base_backoff b = BASE_BACKOFF_INIT;
    int r;

    for (;;) {
        int s = base_load_acquire(&o->state);
        if (s == BASE_ONCE_DONE)
            return 0;
        if (s == BASE_ONCE_NEW &&
            uatomic_cmpxchg(&o->state, BASE_ONCE_NEW, BASE_ONCE_RUNNING) == BASE_ONCE_NEW)
            break;
        base_backoff(&b);
    }
    r = init();
    base_store_release(&o->state, r ? BASE_ONCE_NEW : BASE_ONCE_DONE);
    return r;
}
