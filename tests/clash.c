/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * clash.c - a ULT whose frame is larger than its stack's guard. Built with -fstack-clash-protection, as programs get it from
 * pkg-config: the frame is probed page by page, so the overflow must be
 * caught at the guard and blamed on the ULT that overflowed.
 *
 *   clash SCENARIO NVP       SCENARIO: frame (a 72 KiB local array),
 *                            frame-low (the same, only its lowest 1 KiB
 *                            written: with a one-page guard that lands in
 *                            the stack below, silently) or alloca
 *                            (200 KiB)
 *
 * The clasher, named "clasher", is created first (its stack is mapped
 * first, above the others'), yields while the others take their stacks,
 * prints "CRASHER id=<thrid> vp=<n> pid=<pid>" and overflows. The others
 * print "OTHER id=<thrid>" and keep running on their own stacks.
 */
#include <alloca.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mltp.h"

const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "handle_segv=0:handle_abort=0:handle_sigbus=0:detect_leaks=0";
}

static int others_started;

static __attribute__((noinline, noipa)) int big_frame(int seed)
{
    volatile char a[72 * 1024];
    for (size_t i = 0; i < sizeof a; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023] + a[sizeof a - 1];
}

static __attribute__((noinline, noipa)) int big_alloca(int seed)
{
    size_t n = 200 * 1024;
    volatile char *a = alloca(n);
    for (size_t i = 0; i < n; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023] + a[n - 1];
}

static __attribute__((noinline, noipa)) int big_frame_low(int seed)
{
    volatile char a[72 * 1024];
    for (size_t i = 0; i < 1024; i += 64)
        a[i] = (char)(seed + (int)i);
    return a[seed & 1023];
}

static int use_alloca, use_low;

static void *clasher(void *p)
{
    (void)p;
    double spins = 0;
    while (__atomic_load_n(&others_started, __ATOMIC_SEQ_CST) < 3 &&
           spins++ < 1e6)
        mltp_yield();
    for (int i = 0; i < 5; i++)
        mltp_yield();
    printf("CRASHER id=%d vp=%d pid=%d\n", mltp_get_myid(), mltp_vp_id(),
           (int)getpid());
    fflush(stdout);
    int r = use_alloca ? big_alloca(mltp_get_myid())
            : use_low ? big_frame_low(mltp_get_myid())
                      : big_frame(mltp_get_myid());
    printf("survived %d\n", r);
    return NULL;
}

static void *other(void *p)
{
    (void)p;
    volatile char buf[512];
    printf("OTHER id=%d\n", mltp_get_myid());
    fflush(stdout);
    __atomic_add_fetch(&others_started, 1, __ATOMIC_SEQ_CST);
    for (unsigned long i = 0;; i++) {
        buf[i % sizeof buf] = (char)i;
        mltp_yield();
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s frame|frame-low|alloca nvp\n", argv[0]);
        return 2;
    }
    int nvp = atoi(argv[2]);
    if (!strcmp(argv[1], "alloca"))
        use_alloca = 1;
    else if (!strcmp(argv[1], "frame-low"))
        use_low = 1;
    else if (strcmp(argv[1], "frame")) {
        fprintf(stderr, "clash: unknown scenario %s\n", argv[1]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.name = "clasher";
    if (!mltp_create_attr(&a, clasher, NULL)) {
        perror("mltp_create_attr");
        return 99;
    }
    for (int i = 0; i < 3; i++)
        if (!mltp_create(other, NULL)) {
            perror("mltp_create");
            return 99;
        }
    mltp_start(nvp);
    printf("start-returned\n");
    return 3;
}
