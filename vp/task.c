/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/task.c - the records of tasks, the processes that hold VPs' places
 * (ARCHITECTURE.md, "Places and tasks"), and spares. A record is made on
 * first use and kept for the program's life: a later start reuses its TCB
 * (one pthread_create saved) and its alternate stack. A start gives
 * record i to VP i; spares made during it take the records after those. */
#include <errno.h>
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
    if (!records[i] && (records[i] = calloc(1, sizeof *records[i])) != NULL)
        records[i]->index = i;
    return records[i];
}

static base_spin_t spawn_lock;

struct vp_task *vp_spare_spawn(void (*run)(struct vp_task *t), int limit)
{
    struct vp_task *t;
    int i, e;

    /* the record first, then the count the reaper reads: it never sees a
       record that is not there (a spare that fails to start stays a hole
       with pid 0, which the reaper skips) */
    base_spin_lock(&spawn_lock);
    i = CMM_LOAD_SHARED(vpg.ntasks);
    t = i < limit ? vp_task_record(i) : NULL;
    if (t) {
        t->pid = 0;             /* the rest: vp_spawn */
        t->given = NULL;
        t->spare_run = run;
        uatomic_set(&vpg.ntasks, i + 1);
    }
    base_spin_unlock(&spawn_lock);
    if (!t) {
        errno = i < limit ? ENOMEM : EAGAIN;
        return NULL;
    }
    if ((e = vp_spawn(t, NULL, NULL)) != 0) {
        t->state = VP_DONE;
        errno = e;
        return NULL;
    }
    vp_reaper_poke();           /* a tid word to watch */
    return t;
}

/* glibc gave the TCBs the tasks borrowed back to its stack cache in the
   child: forget them; the spawn lock is free (a task of the parent may
   have held it) */
void vp_tasks_forget(void)
{
    spawn_lock = 0;
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
