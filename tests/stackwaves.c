/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stackwaves.c - waves of ULTs alive at once, for tests/stack-waves.sh:
 * stacks handed out on one VP while another gives stacks back, releases
 * their pages (maintenance, on a VP with nothing to run) and maps chunks.
 *
 *   stackwaves NVP [BURST WAVE MS PAUSE_US]
 *
 * A driver ULT makes a burst of BURST ULTs (default 7000) alive at once,
 * then waves of WAVE (default 256) until MS ms (default 130: past the
 * reaper's first tick, at 100 ms, which moves the stacks' decay clock)
 * have passed since the start began, 8 waves at least. Each ULT of a wave
 * fills a buffer on its stack with a pattern of its own, notes the
 * buffer's address and waits at a barrier with the whole wave; once all
 * have arrived the driver checks that no two buffers lie less than a
 * stack apart (their stacks would overlap), and lets them go: each finds
 * its pattern intact and ends (detached). After each wave, the burst's
 * too, the driver works for 0 to PAUSE_US us (default 1000, a
 * pseudo-random spin: meanwhile a VP with nothing left to run does its
 * maintenance) before it makes the next wave, whose first runs take
 * stacks while that maintenance may still go on.
 *
 * Status 0 and nothing on stderr; 1 and "FAIL:" lines on stderr if a
 * check failed; 99 if a ULT could not be made; 2 for bad arguments.
 */
#include <stdint.h>
#include "prog_util.h"

#define FILL 1024                   /* bytes of pattern on each stack */

struct job {
    int index;
    unsigned char tag;
};

static mltp_barrier_t bar;
static struct job *jobs;            /* the wave's, by index */
static uintptr_t *addr;             /* their buffers' addresses */
static int wave_count;              /* the barrier's count: the wave + 1 */
static long failures;
static size_t stack_size;
static int burst = 7000, wave = 256, total_ms = 130, pause_us = 1000;

static int cmp_addr(const void *a, const void *b)
{
    uintptr_t x = *(const uintptr_t *)a, y = *(const uintptr_t *)b;

    return x < y ? -1 : x > y;
}

static void *member(void *p)
{
    const struct job *j = p;
    volatile unsigned char buf[FILL];
    int index = j->index, count = LOAD(wave_count), bad = -1;
    unsigned char tag = j->tag;

    for (int i = 0; i < FILL; i++)
        buf[i] = (unsigned char)(tag + i);
    addr[index] = (uintptr_t)&buf[0];
    mltp_barrier(&bar, count);      /* all arrived: the driver checks */
    mltp_barrier(&bar, count);      /* the driver let us go */
    for (int i = 0; i < FILL && bad < 0; i++)
        if (buf[i] != (unsigned char)(tag + i))
            bad = i;
    if (bad >= 0) {
        fprintf(stderr, "FAIL: stackwaves: ULT %d's stack at %p changed under it (byte %d)\n",
                index, (void *)&buf[0], bad);
        INC(failures);
    }
    return NULL;
}

/* Wave w: n ULTs alive at once, their stacks checked, then let go. */
static void one_wave(int n, int w)
{
    static uintptr_t *sorted;
    static int sorted_n;

    STORE(wave_count, n + 1);
    for (int i = 0; i < n; i++) {
        mltp_t *t;

        jobs[i].index = i;
        jobs[i].tag = (unsigned char)(w * 31 + i);
        if (!(t = mltp_create(member, &jobs[i]))) {
            fprintf(stderr, "stackwaves: mltp_create: %s\n", strerror(errno));
            exit(99);
        }
        mltp_detach(t);
    }
    mltp_barrier(&bar, n + 1);      /* every member alive, its buffer noted */
    if (sorted_n < n) {
        free(sorted);
        if (!(sorted = malloc((size_t)n * sizeof *sorted)))
            exit(99);
        sorted_n = n;
    }
    memcpy(sorted, addr, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_addr);
    for (int i = 1; i < n; i++)
        if (sorted[i] - sorted[i - 1] < stack_size) {
            fprintf(stderr, "FAIL: stackwaves: wave %d of %d: two live ULTs' buffers %p and "
                    "%p are %lu bytes apart, less than a stack (%zu): their stacks overlap\n",
                    w, n, (void *)sorted[i - 1], (void *)sorted[i],
                    (unsigned long)(sorted[i] - sorted[i - 1]), stack_size);
            INC(failures);
            break;
        }
    mltp_barrier(&bar, n + 1);      /* go */
}

static void *driver(void *p)
{
    double t0 = *(const double *)p;
    unsigned int seed = 1;
    int w = 0;

    do {
        double until;

        one_wave(w ? wave : burst, w);
        w++;
        /* the members end; a VP left with nothing to run gives their
           stacks' pages back while this one works a little */
        until = now() + (pause_us ? (unsigned int)rand_r(&seed) % (unsigned int)pause_us : 0) * 1e-6;
        while (now() < until)
            ;
    } while (w < 9 || (now() - t0) * 1000 < total_ms);
    return NULL;
}

int main(int argc, char **argv)
{
    int nvp = argc > 1 ? atoi(argv[1]) : 2, most;
    double t0;

    if (argc > 2)
        burst = atoi(argv[2]);
    if (argc > 3)
        wave = atoi(argv[3]);
    if (argc > 4)
        total_ms = atoi(argv[4]);
    if (argc > 5)
        pause_us = atoi(argv[5]);
    if (argc > 6 || nvp < 1 || burst < 1 || wave < 1 || total_ms < 0 || pause_us < 0) {
        fprintf(stderr, "usage: stackwaves NVP [BURST WAVE MS PAUSE_US]\n");
        return 2;
    }
    most = burst > wave ? burst : wave;
    addr = calloc((size_t)most, sizeof *addr);
    jobs = calloc((size_t)most, sizeof *jobs);
    if (!addr || !jobs)
        return 99;
    mltp_init();
    stack_size = mltp_get_stack_size();
    mltp_barrier_init(&bar);
    t0 = now();
    make(driver, &t0);
    mltp_start(nvp);
    return LOAD(failures) ? 1 : 0;
}
