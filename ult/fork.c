/* ult/fork.c - the user layer in a fork()ed child (see vp/fork.c): the
 * parent's ULTs stay with the parent. Their descriptors and stacks are
 * left as they were copied (leaked in the child), the queues and caches
 * that point at them start empty, and every lock is free. */
#include <pthread.h>
#include <string.h>
#include "ult/runq.h"

static void child(void)
{
    memset(&ult_runq, 0, sizeof ult_runq);
    ult_bound_self = NULL;
    ult_pending_forget();
    ult_stack_forget();
}

void ult_fork_register(void)
{
    pthread_atfork(NULL, NULL, child);
}
