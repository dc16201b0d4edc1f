/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/task.c - the records of tasks, the processes that hold VPs' places
 * (ARCHITECTURE.md, "Places and tasks"). A record is made on first use
 * and kept for the program's life: a later start reuses its TCB (one
 * pthread_create saved) and its alternate stack. Today start i gives
 * record i to VP i. */
#include <stdlib.h>
#include "vp/vp.h"

#define TASKS_MAX 4096

static struct vp_task *records[TASKS_MAX];

struct vp_task *const *vp_task_records(void)
{
    return records;
}

struct vp_task *vp_task_record(int i)
{
    if (i < 0 || i >= TASKS_MAX)
        return NULL;
    if (!records[i])
        records[i] = calloc(1, sizeof *records[i]);
    return records[i];
}

/* glibc gave the TCBs the tasks borrowed back to its stack cache in the
   child: forget them */
void vp_tasks_forget(void)
{
    for (int i = 0; i < TASKS_MAX && records[i]; i++) {
        struct vp_task *t = records[i];
        t->pid = 0;
        t->state = VP_DONE;
        t->tcb.tcb = NULL;
        t->stack_bottom = NULL;
        t->place = NULL;
    }
    vpg.tasks = NULL;
    vpg.ntasks = 0;
}
