/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* apps/demo.c - the headline demo: many ULTs on a few VPs.
 * usage: demo [nvp] [nult]
 * Each ULT yields a number of times (it may resume on another VP, which is
 * another process) and sums integers; the total is checked at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <mltp.h>

#define STEPS 1000

static mltp_lock_t lock = MLTP_LOCK_INITIALIZER;
static long total;
static int *seen;      /* seen[vp]: ULT steps that ran on that VP */
static int nvp;

static void *worker(void *arg)
{
    long id = (long)arg, sum = 0;
    for (int i = 0; i < STEPS; i++) {
        sum += id;
        __atomic_fetch_add(&seen[mltp_vp_id()], 1, __ATOMIC_RELAXED);
        mltp_yield();
    }
    mltp_lock(&lock);
    total += sum;
    mltp_unlock(&lock);
    return (void *)sum;
}

int main(int argc, char **argv)
{
    int nult = argc > 2 ? atoi(argv[2]) : 1000;
    long expect = 0;

    nvp = argc > 1 ? atoi(argv[1]) : 2;
    if (nvp < 1 || nult < 1) {
        fprintf(stderr, "usage: %s [nvp >= 1] [nult >= 1]\n", argv[0]);
        return 2;
    }
    seen = calloc((size_t)nvp, sizeof *seen);
    mltp_t **t = calloc((size_t)nult, sizeof *t);
    if (!seen || !t) {
        perror("calloc");
        return 1;
    }
    mltp_init();
    for (long i = 1; i <= nult; i++) {
        if (!(t[i - 1] = mltp_create(worker, (void *)i))) {
            perror("mltp_create");
            return 1;
        }
        expect += i * STEPS;
    }
    printf("MLTP demo: %d ULTs x %d yields on %d VPs (reaper pid %d)\n",
           nult, STEPS, nvp, (int)getpid());
    mltp_start(nvp);
    for (int v = 0; v < nvp; v++)
        printf("  VP %d ran %d ULT steps\n", v, seen[v]);
    printf("total %ld, expected %ld: %s\n", total, expect,
           total == expect ? "ok" : "WRONG");
    for (int i = 0; i < nult; i++)
        free(t[i]);
    free(t);
    free(seen);
    return total == expect ? 0 : 1;
}
