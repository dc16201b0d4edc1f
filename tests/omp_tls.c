/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/omp_tls.c - threadprivate, which GCC makes a __thread variable:
 * each of 4 threads sees its own copy across barriers; the initial
 * thread's copy is the one main set before the first region, at the same
 * address; the other threads' copies keep their values from one region
 * to the next; copyin and copyprivate copy the right copies; a nested
 * team's new threads start from the initial value; errno is each
 * thread's. Prints "threadprivate mismatches N" (0 on libgomp, and on
 * MLTP: tests/openmp.sh). With an argument, tasks too: each counts
 * itself in the copy of the thread that runs it (a tree with taskwaits,
 * one that waits for another, one with a priority, a taskgroup), and the
 * team's copies add up to all of them. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>

int tp_var = -1;
#pragma omp threadprivate(tp_var)

static __attribute__((noinline, noipa)) int *tp_addr(void)
{
    return &tp_var;
}

/* Tasks: each counts itself in the copy of the thread that runs it; the
   team's copies then add up to every task (BOTS's nqueens counts its
   solutions so) */
static int tp_count;
#pragma omp threadprivate(tp_count)

static void tree(int depth)
{
    tp_count++;
    if (depth == 0)
        return;
    for (int i = 0; i < 3; i++) {
#pragma omp task
        tree(depth - 1);
    }
#pragma omp taskwait
}

#define TREE_DEPTH 7
#define TREE_TASKS 3280         /* (3^8 - 1) / 2 */

static int tasks(void)
{
    int bad = 0, total = 0, dep = 0;

#pragma omp parallel num_threads(4) reduction(+ : total, bad)
    {
        tp_count = 0;
#pragma omp barrier
#pragma omp single
        {
            tree(TREE_DEPTH);
            /* one that waits for another, one with a priority, a group */
#pragma omp task depend(out : dep)
            {
                dep = 1;
                tp_count++;
            }
#pragma omp task depend(in : dep)
            {
                bad += dep != 1;
                tp_count++;
            }
#pragma omp task priority(5)
            tp_count++;
#pragma omp taskgroup
            {
                for (int i = 0; i < 10; i++) {
#pragma omp task
                    tp_count++;
                }
            }
        }
        bad += omp_get_thread_num() >= omp_get_num_threads();
        total += tp_count;
    }
    return bad + (total != TREE_TASKS + 13);
}

int main(int argc, char **argv)
{
    int bad = 0, *main_addr;

    omp_set_dynamic(0);
    omp_set_max_active_levels(2);
    tp_var = 100;
    main_addr = tp_addr();
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
        int me = omp_get_thread_num();

        if (me == 0)
            bad += tp_var != 100 || tp_addr() != main_addr;
        else
            bad += tp_var != -1;
        tp_var = me;
        errno = 1000 + me;
#pragma omp barrier
        bad += tp_var != me || errno != 1000 + me;
    }
    bad += tp_var != 0 || tp_addr() != main_addr;
    /* the copies persist across regions of as many threads */
#pragma omp parallel num_threads(4) reduction(+ : bad)
    {
        bad += tp_var != omp_get_thread_num();
        tp_var += 10;
    }
#pragma omp parallel num_threads(4) reduction(+ : bad)
    bad += tp_var != omp_get_thread_num() + 10;
    /* copyin: the initial thread's to each */
    tp_var = 77;
#pragma omp parallel num_threads(4) copyin(tp_var) reduction(+ : bad)
    {
        bad += tp_var != 77;
        tp_var = omp_get_thread_num();
#pragma omp barrier
        /* copyprivate: the one that ran single's to each */
#pragma omp single copyprivate(tp_var)
        tp_var = 55 + omp_get_thread_num();
        bad += tp_var < 55 || tp_var > 58;
        /* a nested team: its thread 0 is this thread, the others new */
        tp_var = 200 + omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : bad)
        {
            if (omp_get_thread_num() == 0)
                bad += tp_var != 200 + omp_get_ancestor_thread_num(1);
            else
                bad += tp_var != -1;
        }
        bad += tp_var != 200 + omp_get_thread_num();
    }
    (void)argv;
    if (argc > 1)
        bad += tasks();
    printf("threadprivate mismatches %d\n", bad);
    return 0;
}
