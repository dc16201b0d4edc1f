/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * million.c - a million ULTs alive at once, each having run and now
 * waiting (make check-million, tests/million.sh; in the 6.1 kernel's
 * machine too, tests/check-kernel61.sh).
 *
 *   million N NVP
 *
 * A ULT creates N ULTs; each counts itself in and waits at a barrier of
 * N + 1 parties. Once all wait, their creator samples the process, arrives,
 * then joins each (its return value checked) and frees it. The checks:
 * every creation succeeds and every ULT runs, waits and ends; resident
 * memory per waiting ULT at most 4.5 KiB (a page of stack and the
 * descriptor); the mappings stay well under vm.max_map_count; and once
 * they are gone and the start is over (the library gives stacks' memory
 * back off the ULTs' paths, at the latest when a start ends), their memory
 * is back: resident memory within 512 bytes per ULT of where it began (the
 * heap's freed descriptors stay), address space within an eighth of what
 * they took, each beside what the stack caches keep by design
 * (MLTP_STACK_CACHE). One
 * line of figures; each failed check a line "FAIL: ..." and status 1.
 * MLTP_STACK_GUARD (auto, pages, check) is read by the library.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mltp.h"
#include "prog_util.h"   /* now, pu_fail, statm_pages */

#define KIB_PER_ULT_MAX 4.5

static long n;
static long arrived;
static mltp_barrier_t bar;
static int failed;

struct sample {
    long rss, vmsize, maps;     /* bytes, bytes, lines of /proc/self/maps */
};

static long read_long(const char *path)
{
    FILE *f = fopen(path, "r");
    long v = -1;
    if (f) {
        if (fscanf(f, "%ld", &v) != 1)
            v = -1;
        fclose(f);
    }
    return v;
}

static void sample(struct sample *s)
{
    FILE *f;
    long size, res;
    int c;

    statm_pages(&size, &res);
    s->rss = res * 4096;
    s->vmsize = size * 4096;
    s->maps = 0;
    if ((f = fopen("/proc/self/maps", "r"))) {
        while ((c = getc(f)) != EOF)
            s->maps += c == '\n';
        fclose(f);
    }
}

/* A failed check: its line, and status 1 at the end. */
#define fail(...) (pu_fail(__VA_ARGS__), failed = 1)

static void *waiter(void *p)
{
    __atomic_fetch_add(&arrived, 1, __ATOMIC_RELAXED);
    mltp_barrier(&bar, (int)n + 1);
    return p;
}

static struct sample s0, s1;
static long max_maps;

static void *creator(void *p)
{
    mltp_t **h = malloc(sizeof *h * (size_t)n);
    long made = 0, bad = 0;
    double t0, t1, t2;

    (void)p;
    if (!h) {
        fail("no memory for %ld handles", n);
        return NULL;
    }
    sample(&s0);
    t0 = now();
    for (; made < n; made++)
        if (!(h[made] = mltp_create(waiter, (void *)(intptr_t)made)))
            break;
    if (made < n) {
        fail("mltp_create failed at ULT %ld of %ld", made + 1, n);
        exit(1);        /* the barrier would never open */
    }
    while (__atomic_load_n(&arrived, __ATOMIC_RELAXED) < n)
        mltp_yield();
    t1 = now();
    sample(&s1);
    t2 = now();
    mltp_barrier(&bar, (int)n + 1);
    for (long i = 0; i < n; i++) {
        void *r = NULL;
        if (mltp_join(h[i], &r) != 0 || r != (void *)(intptr_t)i)
            bad++;
        mltp_free(h[i]);
    }
    t2 = now() - (t2 - t1);
    free(h);
    double kib = (double)(s1.rss - s0.rss) / 1024.0 / (double)n;
    printf("%ld ULTs on %d VP%s: %.2f us per ULT, %.2f KiB resident per waiting ULT, "
           "%ld mappings (vm.max_map_count %ld), ",
           n, mltp_vp_count(), mltp_vp_count() > 1 ? "s" : "", (t2 - t0) * 1e6 / (double)n,
           kib, s1.maps, max_maps);
    if (bad)
        fail("%ld of %ld joins failed or returned the wrong value", bad, n);
    if (kib > KIB_PER_ULT_MAX)
        fail("%ld B resident per waiting ULT, more than %ld", (long)(kib * 1024),
             (long)(KIB_PER_ULT_MAX * 1024));
    if (max_maps > 0 && s1.maps > max_maps - 1000)
        fail("%ld mappings, within 1000 of vm.max_map_count (%ld)", s1.maps, max_maps);
    return NULL;
}

/* After the start: is the memory back? */
static void after(void)
{
    struct sample s2;

    sample(&s2);
    printf("after: resident %+ld KiB, address space %+ld MiB (%+ld MiB while they waited)\n",
           (s2.rss - s0.rss) >> 10, (s2.vmsize - s0.vmsize) >> 20,
           (s1.vmsize - s0.vmsize) >> 20);
    /* what the library keeps by design (mltp(3), MLTP_STACK_CACHE): each
       VP's cache (1024 at most) and MLTP_STACK_CACHE free slots with their
       pages, a page and a slot of address space each; and empty chunks
       for as many free slots again and the reserve ahead (256), address
       space only; a few thousand stacks, which only runs of fewer ULTs
       than a million see */
    const char *cache_env = getenv("MLTP_STACK_CACHE");
    long cache = cache_env && *cache_env ? atol(cache_env) : 4096;
    long resident = cache + (cache < 1024 ? cache : 1024) * mltp_vp_count();
    long kept = resident + cache + 256;
    long rss_max = 512 * n + resident * 4096;
    long vm_max = (s1.vmsize - s0.vmsize) / 8 + kept * (long)(mltp_get_stack_size() + 65536);
    if (s2.rss - s0.rss > rss_max)
        fail("%ld KiB still resident once the ULTs are gone (at most %ld)",
             (s2.rss - s0.rss) >> 10, rss_max >> 10);
    if (s2.vmsize - s0.vmsize > vm_max)
        fail("%ld MiB of address space still mapped once the ULTs are gone (at most %ld)",
             (s2.vmsize - s0.vmsize) >> 20, vm_max >> 20);
}

int main(int argc, char **argv)
{
    int nvp;
    mltp_t *c;

    if (argc != 3 || (n = atol(argv[1])) < 1 || n > (1L << 24) - 2 ||
        (nvp = atoi(argv[2])) < 1 || nvp > 64) {
        fprintf(stderr, "usage: million N NVP (N from 1 to 16777214, NVP from 1 to 64)\n");
        return 2;
    }
    mltp_barrier_init(&bar);
    max_maps = read_long("/proc/sys/vm/max_map_count");
    if (!(c = mltp_create(creator, NULL))) {
        perror("mltp_create");
        return 1;
    }
    errno = 0;
    mltp_start(nvp);
    if (errno && !failed) {
        printf("FAIL: mltp_start(%d): %s\n", nvp, strerror(errno));
        failed = 1;
    }
    if (__atomic_load_n(&arrived, __ATOMIC_RELAXED) != n && !failed) {
        printf("FAIL: %ld of %ld ULTs ran\n", arrived, n);
        failed = 1;
    }
    if (arrived == n)
        after();
    free(c);
    return failed;
}
