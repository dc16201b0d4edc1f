/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/backoff.c - the system call of a spin wait with backoff. */
#include <sched.h>
#include "base/libc.h"
#include "base/backoff.h"

void base_yield_cpu(void)
{
    base_libc()->sched_yield();
}
