/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/tlsbig.c - a program with TLSBIG_MB MiB of static TLS (built as
 * tests/tlsbig1m and tests/tlsbig64m): glibc puts a thread's static TLS
 * at the top of its stack, and every VP, spare and bound thread starts
 * on such a stack (vp/tcb.c).
 *
 * start     NVP VPs, 4 ULTs each, every one writing a byte in each page of
 *           its VP's copy of the array and reading them back:
 *           start-errno=, vps= (VPs that ran a ULT), bad= (ULTs that read
 *           another VP's bytes)
 * bound     a bound thread asked for a 64 KiB stack writes its TLS's last
 *           byte and 48 KiB of its stack: bound-ok=1 (what its stack was
 *           asked for is its own, the TLS above it)
 *
 * Each prints what it saw as `key=value` on stdout; 99: its own set-up
 * failed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "mltp.h"
#include "prog_util.h"

#ifndef TLSBIG_MB
#define TLSBIG_MB 1
#endif

static __thread unsigned char big[(size_t)TLSBIG_MB << 20];
static int nvp;
static const char *arg;
static int vps_seen[64], bad;

static double until;         /* the waits' end, set before the start */

static int seen(void)
{
    int n = 0;
    for (int i = 0; i < nvp; i++)
        n += __atomic_load_n(&vps_seen[i], __ATOMIC_RELAXED);
    return n;
}

static void *filler(void *p)
{
    int vp = mltp_vp_id(), b = 0;

    (void)p;
    /* no switch between the writes and the reads: the copy is this VP's */
    for (size_t i = 0; i < sizeof big; i += 4096)
        big[i] = (unsigned char)(vp + 1);
    big[sizeof big - 1] = (unsigned char)(vp + 1);
    for (size_t i = 0; i < sizeof big; i += 4096)
        b |= big[i] != vp + 1;
    b |= big[sizeof big - 1] != vp + 1;
    __atomic_fetch_add(&bad, b, __ATOMIC_RELAXED);
    if (vp >= 0 && vp < 64)
        __atomic_store_n(&vps_seen[vp], 1, __ATOMIC_RELAXED);
    /* each ULT holds its VP (sleep_ms) until every VP has run one, so
       that the others go to the other VPs; 20 s in all at most: glibc
       fills a new VP's 64 MiB copy in its creator's time, which at nice
       19 beside two busy processes took over 5 s */
    while (seen() < nvp && now() < until)
        sleep_ms(1);
    return NULL;
}

static int start(void)
{
    int e, vps = 0;

    mltp_init();
    for (int i = 0; i < 4 * nvp; i++)
        make(filler, NULL);
    until = now() + 20.0;
    e = start_errno(nvp);
    for (int i = 0; i < nvp; i++)
        vps += vps_seen[i];
    printf("start-errno=%d\nvps=%d\nbad=%d\ndone\n", e, vps, bad);
    return 0;
}

static int bound_ok;

static void bound_body(void *p)
{
    volatile unsigned char local[48 * 1024];

    (void)p;
    big[0] = 7;
    big[sizeof big - 1] = 7;
    for (size_t i = 0; i < sizeof local; i++)
        local[i] = (unsigned char)i;
    bound_ok = big[0] == 7 && big[sizeof big - 1] == 7 &&
               local[sizeof local - 1] == (unsigned char)(sizeof local - 1);
}

static int bound(void)
{
    mltp_t *b;

    mltp_init();
    if (!(b = mltp_create_bound(bound_body, NULL, 64 * 1024, NULL))) {
        printf("bound-errno=%d\ndone\n", errno);
        return 0;
    }
    mltp_join_bound(*b);
    free(b);
    printf("bound-ok=%d\ndone\n", bound_ok);
    return 0;
}

static const struct pu_scenario scenarios[] = {
    PU_SCEN("start", start),
    PU_SCEN("bound", bound),
};

int main(int argc, char **argv)
{
    return PU_MAIN(argc, argv, &nvp, &arg, scenarios);
}
