/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/once.h - an initialisation run once per process, by the first
 * thread that asks; the others wait until it is done. Not a lock: nothing
 * is held while the initialisation runs, so it may block (mmap, clone, a
 * wait for the janitor) and may run another once (never its own), and
 * waiters back off and give their CPU away (base/backoff.h). What it
 * wrote is published by a release store of the state and seen after the
 * acquire of every caller (ARCHITECTURE.md, "Once"). */
#ifndef BASE_ONCE_H
#define BASE_ONCE_H

#include "base/order.h"

enum { BASE_ONCE_NEW, BASE_ONCE_RUNNING, BASE_ONCE_DONE };
typedef struct {
    int state;
} base_once_t;

/* Done already? One load (x86-64: a plain load; aarch64: ldar). */
static inline int base_once_done(base_once_t *o)
{
    return base_load_acquire(&o->state) == BASE_ONCE_DONE;
}

/* Run init unless it has run: 0 once it has, or init's nonzero result,
   which leaves it to the next caller to try again. */
int base_once_run(base_once_t *o, int (*init)(void));
static inline int base_once(base_once_t *o, int (*init)(void))
{
    return __builtin_expect(base_once_done(o), 1) ? 0 : base_once_run(o, init);
}

/* In a fork()ed child: run it again there (the parent's may have been
   under way). */
static inline void base_once_forget(base_once_t *o)
{
    o->state = BASE_ONCE_NEW;
}

#endif
