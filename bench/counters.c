/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/counters.c - the counted columns of the table and their sources.
 *
 * Cycles and instructions, CPU time and kernel context switches, each from
 * the first source that works: PAPI (where the machine has a PMU), then
 * the same Linux events opened directly with perf_event_open (the software
 * events work on VMs without a PMU, where PAPI turns its perf_event
 * component off), then getrusage (this process and its waited-for
 * children). Every source counts inherited: the VPs, threads and child
 * processes made during the measurement are included. Counters exist only
 * during a counted run: a process with inherited counters pays for them at
 * every kernel context switch (two processes alternating with sched_yield:
 * 1 us without, 17 us with, on the reference machine). */
#include "config.h"
#include <linux/perf_event.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "bench/bench.h"
#ifdef HAVE_PAPI
#include <papi.h>
#endif

enum { SRC_NONE, SRC_PAPI, SRC_PERF, SRC_RUSAGE };

static const struct {
    unsigned int type;
    unsigned long long config;
    const char *name;
} events[BC_N] = {
    [BC_CYC] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cpu-cycles" },
    [BC_INS] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, "instructions" },
    [BC_TASK] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "task-clock" },
    [BC_CSW] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches" },
};

static int src[BC_N];
static char desc[BC_N][300];
static int perf_fd[BC_N] = { -1, -1, -1, -1 };
static struct rusage ru0[2];

#ifdef HAVE_PAPI
static int papi_es = PAPI_NULL;

static void papi_end(long long *v)
{
    if (papi_es == PAPI_NULL)
        return;
    if (v && PAPI_stop(papi_es, v) != PAPI_OK)
        v[0] = v[1] = -1;
    PAPI_cleanup_eventset(papi_es);
    PAPI_destroy_eventset(&papi_es);
    papi_es = PAPI_NULL;
}

/* A started, inheriting event set of PAPI_TOT_CYC and PAPI_TOT_INS. */
static int papi_begin(void)
{
    int ev[2] = { PAPI_TOT_CYC, PAPI_TOT_INS }, r;
    PAPI_option_t o;

    if ((r = PAPI_create_eventset(&papi_es)) != PAPI_OK)
        return r;
    memset(&o, 0, sizeof o);
    o.inherit.eventset = papi_es;
    o.inherit.inherit = PAPI_INHERIT_ALL;
    if ((r = PAPI_assign_eventset_component(papi_es, PAPI_get_component_index("perf_event"))) !=
            PAPI_OK ||
        (r = PAPI_set_opt(PAPI_INHERIT, &o)) != PAPI_OK ||
        (r = PAPI_add_events(papi_es, ev, 2)) != PAPI_OK || (r = PAPI_start(papi_es)) != PAPI_OK)
        papi_end(NULL);
    return r;
}

/* Why PAPI cannot count here, or NULL. */
static const char *papi_setup(char *why, size_t n)
{
    const PAPI_component_info_t *ci = NULL;
    long long v[2];
    int r = PAPI_library_init(PAPI_VER_CURRENT), c = -1;

    if (r == PAPI_VER_CURRENT && (c = PAPI_get_component_index("perf_event")) >= 0)
        ci = PAPI_get_component_info(c);
    if (r != PAPI_VER_CURRENT)
        snprintf(why, n, "PAPI_library_init: %s", r < 0 ? PAPI_strerror(r) : "version mismatch");
    else if (!ci)
        snprintf(why, n, "PAPI has no perf_event component");
    else if (ci->disabled)
        snprintf(why, n, "PAPI's perf_event component is disabled: %.120s", ci->disabled_reason);
    else if ((r = papi_begin()) != PAPI_OK)
        snprintf(why, n, "PAPI_TOT_CYC, PAPI_TOT_INS: %s", PAPI_strerror(r));
    else {
        papi_end(v);
        src[BC_CYC] = src[BC_INS] = SRC_PAPI;
        snprintf(desc[BC_CYC], sizeof desc[0], "PAPI PAPI_TOT_CYC");
        snprintf(desc[BC_INS], sizeof desc[0], "PAPI PAPI_TOT_INS");
        return NULL;
    }
    return why;
}
#endif

static int perf_open(int c)
{
    struct perf_event_attr a;

    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = events[c].type;
    a.config = events[c].config;
    a.inherit = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

void bench_counters_init(void)
{
    char why[240] = "built without PAPI";
    const char *note = why;
    int fd;

#ifdef HAVE_PAPI
    note = papi_setup(why, sizeof why);
#endif
    for (int c = 0; c < BC_N; c++) {
        if (src[c] != SRC_NONE)
            continue;
        if ((fd = perf_open(c)) >= 0) {
            close(fd);
            src[c] = SRC_PERF;
            snprintf(desc[c], sizeof desc[0], "perf_event_open %s%s%s%s", events[c].name,
                     note ? " (" : "", note ? note : "", note ? ")" : "");
        } else if (c >= BC_TASK) {
            src[c] = SRC_RUSAGE;
            snprintf(desc[c], sizeof desc[0], "getrusage %s (no perf events)",
                     c == BC_TASK ? "user+system time" : "ru_nvcsw+ru_nivcsw");
        } else {
            snprintf(desc[c], sizeof desc[0], "none: no hardware counters (%s)",
                     note ? note : "perf_event_open failed");
        }
    }
}

const char *bench_counter_source(int c)
{
    return desc[c];
}

void bench_counters_start(void)
{
#ifdef HAVE_PAPI
    if (src[BC_CYC] == SRC_PAPI)
        papi_begin();
#endif
    for (int c = 0; c < BC_N; c++)
        if (src[c] == SRC_PERF)
            perf_fd[c] = perf_open(c);
    getrusage(RUSAGE_SELF, &ru0[0]);
    getrusage(RUSAGE_CHILDREN, &ru0[1]);
}

/* CPU time (ns) or context switches of self and children since the start */
static double rusage_delta(int c)
{
    struct rusage ru[2];
    double d = 0;

    getrusage(RUSAGE_SELF, &ru[0]);
    getrusage(RUSAGE_CHILDREN, &ru[1]);
    for (int k = 0; k < 2; k++) {
        const struct rusage *a = &ru0[k], *b = &ru[k];
        if (c == BC_TASK)
            d += (double)(b->ru_utime.tv_sec + b->ru_stime.tv_sec - a->ru_utime.tv_sec -
                          a->ru_stime.tv_sec) * 1e9 +
                 (double)(b->ru_utime.tv_usec + b->ru_stime.tv_usec - a->ru_utime.tv_usec -
                          a->ru_stime.tv_usec) * 1e3;
        else
            d += (double)(b->ru_nvcsw + b->ru_nivcsw - a->ru_nvcsw - a->ru_nivcsw);
    }
    return d;
}

void bench_counters_stop(double v[BC_N])
{
    unsigned long long x;

    for (int c = 0; c < BC_N; c++)
        v[c] = src[c] == SRC_RUSAGE ? rusage_delta(c) : NAN;
#ifdef HAVE_PAPI
    long long pv[2] = { -1, -1 };
    papi_end(pv);
    for (int c = BC_CYC; c <= BC_INS; c++)
        if (src[c] == SRC_PAPI && pv[c] >= 0)
            v[c] = (double)pv[c];
#endif
    for (int c = 0; c < BC_N; c++)
        if (perf_fd[c] >= 0) {
            if (read(perf_fd[c], &x, sizeof x) == (ssize_t)sizeof x)
                v[c] = (double)x;
            close(perf_fd[c]);
            perf_fd[c] = -1;
        }
}
