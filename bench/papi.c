/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/papi.c - counters for the benchmark table, and where each comes from.
 *
 * Wanted: cycles and instructions (PAPI_TOT_CYC, PAPI_TOT_INS), CPU time
 * and kernel context switches. In order of preference:
 *   1. PAPI presets, counted by the hardware;
 *   2. PAPI's software events perf::TASK-CLOCK and perf::CONTEXT-SWITCHES;
 *   3. the same Linux software events opened directly (perf_event_open),
 *      for machines where PAPI's perf_event component is disabled (on VMs
 *      without a PMU libpfm4 finds "no default PMU" and PAPI turns the
 *      whole component off, software events included);
 *   4. getrusage (this process and its waited-for children).
 * Every source counts inherited: the VPs (clone()d processes), threads and
 * child processes made during the measurement are included.
 * Without hardware cycles the cycles column is the cycle timer
 * (PAPI_get_real_cyc: the TSC) over the timed loop, which the driver takes
 * from its stamps. */
#if HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif
#include "bench/bench.h"
#ifdef HAVE_PAPI
#include <papi.h>
#endif

enum { SRC_NONE, SRC_PAPI, SRC_PERF, SRC_RUSAGE };

static int src[BC_N];
static char desc[BC_N][512];

#ifdef HAVE_PAPI
static int papi_ok;                 /* the library is usable (timers) */
static int papi_cidx = -1;          /* the perf_event component */
static int papi_es = PAPI_NULL;     /* the event set of a counted run */
static int papi_col[BC_N];          /* column -> index in the event set */
static int papi_nev;
static char papi_why[200];          /* why PAPI does not count everything */
#endif

static int perf_fd[BC_N] = { -1, -1, -1, -1 };
static struct rusage ru_self0, ru_child0;

/* Counters exist only during a counted run: a process with inherited
   counters pays for them at every kernel context switch (two processes
   alternating with sched_yield: 1 us without, 17 us with, on this VM). */

/* ---- PAPI ------------------------------------------------------------ */

#ifdef HAVE_PAPI
static const struct {
    int col;
    int preset;
    const char *names[3];
} papi_want[] = {
    { BC_CYC, PAPI_TOT_CYC, { NULL } },
    { BC_INS, PAPI_TOT_INS, { NULL } },
    { BC_TASK, 0, { "perf::TASK-CLOCK", "perf::PERF_COUNT_SW_TASK_CLOCK", NULL } },
    { BC_CSW, 0, { "perf::CONTEXT-SWITCHES", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES", NULL } },
};

/* A new inheriting event set with every wanted event that works (only the
   columns whose source is PAPI, once set up); PAPI_OK or an error. */
static int papi_build(int setup, char *first_err, size_t n)
{
    PAPI_option_t opt;
    int r;

    papi_es = PAPI_NULL;
    papi_nev = 0;
    if ((r = PAPI_create_eventset(&papi_es)) != PAPI_OK)
        return r;
    if ((r = PAPI_assign_eventset_component(papi_es, papi_cidx)) != PAPI_OK)
        goto fail;
    memset(&opt, 0, sizeof opt);
    opt.inherit.eventset = papi_es;
    opt.inherit.inherit = PAPI_INHERIT_ALL;     /* the VPs, threads, children */
    if ((r = PAPI_set_opt(PAPI_INHERIT, &opt)) != PAPI_OK)
        goto fail;
    for (size_t i = 0; i < sizeof papi_want / sizeof papi_want[0]; i++) {
        int c = papi_want[i].col;
        if (!setup && src[c] != SRC_PAPI)
            continue;
        r = PAPI_ENOEVNT;
        if (papi_want[i].preset)
            r = PAPI_add_event(papi_es, papi_want[i].preset);
        for (int k = 0; r != PAPI_OK && papi_want[i].names[k]; k++)
            r = PAPI_add_named_event(papi_es, papi_want[i].names[k]);
        if (r == PAPI_OK) {
            papi_col[c] = papi_nev++;
            if (setup) {
                src[c] = SRC_PAPI;
                snprintf(desc[c], sizeof desc[0], "PAPI %s",
                         papi_want[i].preset ? (c == BC_CYC ? "PAPI_TOT_CYC" : "PAPI_TOT_INS")
                                             : papi_want[i].names[0]);
            }
        } else if (first_err && !first_err[0]) {
            snprintf(first_err, n, "%s", PAPI_strerror(r));
        }
    }
    return PAPI_OK;
fail:
    PAPI_destroy_eventset(&papi_es);
    return r;
}

static void papi_drop(void)
{
    if (papi_es != PAPI_NULL) {
        PAPI_cleanup_eventset(papi_es);
        PAPI_destroy_eventset(&papi_es);
    }
    papi_es = PAPI_NULL;
}

static void papi_setup(void)
{
    const PAPI_component_info_t *ci;
    char first_err[160] = "";
    long long v[BC_N];
    int r;

    r = PAPI_library_init(PAPI_VER_CURRENT);
    if (r != PAPI_VER_CURRENT) {
        snprintf(papi_why, sizeof papi_why, "PAPI_library_init: %s",
                 r < 0 ? PAPI_strerror(r) : "version mismatch");
        return;
    }
    papi_ok = 1;
    papi_cidx = PAPI_get_component_index("perf_event");
    ci = papi_cidx >= 0 ? PAPI_get_component_info(papi_cidx) : NULL;
    if (!ci) {
        snprintf(papi_why, sizeof papi_why, "PAPI has no perf_event component");
        return;
    }
    if (ci->disabled) {
        snprintf(papi_why, sizeof papi_why, "PAPI's perf_event component is disabled: %.120s",
                 ci->disabled_reason);
        return;
    }
    if ((r = papi_build(1, first_err, sizeof first_err)) != PAPI_OK) {
        snprintf(papi_why, sizeof papi_why, "PAPI event set with PAPI_INHERIT: %s",
                 PAPI_strerror(r));
        return;
    }
    if (papi_nev && ((r = PAPI_start(papi_es)) != PAPI_OK ||
                     (r = PAPI_stop(papi_es, v)) != PAPI_OK)) {
        snprintf(papi_why, sizeof papi_why, "PAPI_start: %s", PAPI_strerror(r));
        for (int c = 0; c < BC_N; c++)
            if (src[c] == SRC_PAPI)
                src[c] = SRC_NONE;
    } else if (papi_nev < BC_N) {
        snprintf(papi_why, sizeof papi_why, "PAPI_add_event: %s", first_err);
    }
    papi_drop();
}
#endif

/* ---- perf_event_open ------------------------------------------------- */

static const struct {
    int col;
    unsigned int type;
    unsigned long config;
    const char *name;
} perf_want[] = {
    { BC_CYC, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cpu-cycles" },
    { BC_INS, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions" },
    { BC_TASK, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock" },
    { BC_CSW, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches" },
};

static int perf_open(int i)
{
    struct perf_event_attr a;

    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = perf_want[i].type;
    a.config = perf_want[i].config;
    a.inherit = 1;      /* VPs, threads and children made from now on */
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static void perf_setup(const char *papi_note)
{
    for (int i = 0; i < BC_N; i++) {
        int c = perf_want[i].col, fd;
        if (src[c] != SRC_NONE || (fd = perf_open(i)) < 0)
            continue;
        close(fd);
        src[c] = SRC_PERF;
        snprintf(desc[c], sizeof desc[0], "perf_event_open %s%s%s%s", perf_want[i].name,
                 papi_note ? " (" : "", papi_note ? papi_note : "", papi_note ? ")" : "");
    }
}

void bench_counters_init(void)
{
    const char *note = NULL;
    char buf[240];

#ifdef HAVE_PAPI
    papi_setup();
    if (papi_why[0]) {
        snprintf(buf, sizeof buf, "%s", papi_why);
        note = buf;
    }
#else
    snprintf(buf, sizeof buf, "built without PAPI: configure found no libpapi-dev, or --without-papi");
    note = buf;
#endif
    perf_setup(note);
    for (int c = BC_TASK; c <= BC_CSW; c++) {
        if (src[c] == SRC_NONE) {
            src[c] = SRC_RUSAGE;
            snprintf(desc[c], sizeof desc[0], "getrusage %s (no perf events: %s)",
                     c == BC_TASK ? "user+system time" : "ru_nvcsw+ru_nivcsw",
                     note ? note : "perf_event_open failed");
        }
    }
    for (int c = BC_CYC; c <= BC_INS; c++)
        if (src[c] == SRC_NONE)
            snprintf(desc[c], sizeof desc[0], "none: no hardware counters (%s)",
                     note ? note : "perf_event_open cpu-cycles failed");
}

int bench_counter_have(int c)
{
    return src[c] != SRC_NONE;
}

const char *bench_counter_source(int c)
{
    return desc[c];
}

void bench_counters_start(void)
{
#ifdef HAVE_PAPI
    int papi_cols = 0;
    for (int c = 0; c < BC_N; c++)
        papi_cols += src[c] == SRC_PAPI;
    if (papi_cols && (papi_build(0, NULL, 0) != PAPI_OK || PAPI_start(papi_es) != PAPI_OK))
        papi_drop();
#endif
    for (int i = 0; i < BC_N; i++)
        if (src[perf_want[i].col] == SRC_PERF)
            perf_fd[perf_want[i].col] = perf_open(i);
    getrusage(RUSAGE_SELF, &ru_self0);
    getrusage(RUSAGE_CHILDREN, &ru_child0);
}

static double tv_ns(const struct timeval *a)
{
    return a->tv_sec * 1e9 + a->tv_usec * 1e3;
}

void bench_counters_stop(double v[BC_N])
{
    struct rusage s, ch;

    getrusage(RUSAGE_SELF, &s);
    getrusage(RUSAGE_CHILDREN, &ch);
    for (int c = 0; c < BC_N; c++)
        v[c] = NAN;
#ifdef HAVE_PAPI
    if (papi_es != PAPI_NULL) {
        long long pv[BC_N] = { 0 };
        if (PAPI_stop(papi_es, pv) == PAPI_OK)
            for (int c = 0; c < BC_N; c++)
                if (src[c] == SRC_PAPI)
                    v[c] = (double)pv[papi_col[c]];
        papi_drop();
    }
#endif
    for (int c = 0; c < BC_N; c++) {
        if (perf_fd[c] >= 0) {
            unsigned long long x = 0;
            if (read(perf_fd[c], &x, sizeof x) == (ssize_t)sizeof x)
                v[c] = (double)x;
            close(perf_fd[c]);
            perf_fd[c] = -1;
        }
    }
    if (src[BC_TASK] == SRC_RUSAGE)
        v[BC_TASK] = tv_ns(&s.ru_utime) + tv_ns(&s.ru_stime) - tv_ns(&ru_self0.ru_utime) -
                     tv_ns(&ru_self0.ru_stime) + tv_ns(&ch.ru_utime) + tv_ns(&ch.ru_stime) -
                     tv_ns(&ru_child0.ru_utime) - tv_ns(&ru_child0.ru_stime);
    if (src[BC_CSW] == SRC_RUSAGE)
        v[BC_CSW] = (double)(s.ru_nvcsw + s.ru_nivcsw - ru_self0.ru_nvcsw - ru_self0.ru_nivcsw +
                             ch.ru_nvcsw + ch.ru_nivcsw - ru_child0.ru_nvcsw -
                             ru_child0.ru_nivcsw);
}

double bench_cycles(void)
{
#ifdef HAVE_PAPI
    if (papi_ok)
        return (double)PAPI_get_real_cyc();
#endif
#if defined(__x86_64__)
    return (double)__rdtsc();
#elif defined(__aarch64__)
    unsigned long t;
    __asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(t) : : "memory");
    return (double)t;
#endif
}

const char *bench_cycles_source(void)
{
#ifdef HAVE_PAPI
    if (papi_ok)
        return "PAPI_get_real_cyc (the TSC: wall-clock cycles of the timed loop)";
#endif
#if defined(__x86_64__)
    return "rdtsc (wall-clock cycles of the timed loop; built without PAPI)";
#else
    return "cntvct_el0 (the generic timer's ticks, not CPU cycles; built without PAPI)";
#endif
}
