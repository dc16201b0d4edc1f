/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/fork.c - this layer in a fork()ed child (vp/fork.c says what the
 * child is): the chunks may have been in the middle of a change by a VP
 * of the parent, and their lock held. They start empty (their stacks are
 * leaked in the child); so do the calling thread's cached stacks (slots
 * of those chunks), the list of threads' id caches and its lock. The calling thread's cached descriptors are its own and
 * consistent: they stay. */
#include <pthread.h>
#include "ult/ult.h"

static void child(void)
{
    ult_stack_forget();
    ult_id_forget();
}

void ult_fork_register(void)
{
    pthread_atfork(NULL, NULL, child);
}
