/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sched/init.c - mltp_init: every layer's settings, read once. */
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "base/raw.h"
#include "sched/sched.h"
#include "sched/tls.h"

struct sched_global sg = { .park_semid = -1 };
/* What mltp_yield finds outside a VP: a ULT whose priority bit is never
   a run queue's bitmap, which sends it to its slow path (yield.c), and a
   queue nobody else uses (its lock serves no VP). */
ult_t ult_outside = { .prio_bit = 1UL << 62 };
static struct sched_runq outside_rq;
sched_vp_t sched_outside = { .cur = &ult_outside, .rq = &outside_rq };
__thread sched_vp_t *sched_self_tls __attribute__((tls_model("initial-exec"))) = &sched_outside;
base_once_t sched_init_once;

/* MLTP_WATCHDOG=fatal: a late wake ends the program after its start (the
   tests' setting: sched/watchdog.c); unset or "count": counted only. */
static int watchdog_fatal(void)
{
    const char *s = secure_getenv("MLTP_WATCHDOG");

    if (!s || !*s || strcmp(s, "count") == 0)
        return 0;
    if (strcmp(s, "fatal") == 0)
        return 1;
    base_warn("ignoring MLTP_WATCHDOG=%s (count or fatal)", s);
    return 0;
}

/* The reaper's tick: the watchdog, and the monitor of marked calls. */
static int reaper_tick(void)
{
    int w = sched_watchdog_tick(), c = sched_calls_tick();

    return w < c ? w : c;
}

static int init_layers(void)
{
    vp_init();
    ult_init_layer();
    sched_tls_init();
    /* about one cross-CPU wake-up on a VM; at most 10 s */
    sg.spin_ns = base_env_long("MLTP_SPIN_US", 20, 0, 10 * 1000 * 1000) * 1000;
    /* a poller gives its VP up after this (sched/slice.c); the kernel's
       slices are a few ms */
    sg.slice_ns = base_env_long("MLTP_SLICE_US", 1000, 0, 10 * 1000 * 1000) * 1000;
    sg.stats = base_env_long("MLTP_STATS", 0, 0, 1) > 0;
    /* a released ULT back on the VP it ran on (sched/place.c); 0: off */
    sched_affinity_on = base_env_long("MLTP_AFFINITY", 1, 0, 1) > 0;
    sg.online_cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
    vpg.describe = sched_describe;
    sg.watchdog_fatal = watchdog_fatal();
    vpg.tick = reaper_tick;
    vpg.bound_ended = sched_bound_ended;
    ult_ids_scan = sched_ids_scan;
    if (base_syscall(SYS_gettid) == vpg.main_pid)  /* set up by the main thread */
        sched_pending_note_main();
    sched_fork_register();
    sched_trace_init();
    return 0;
}

void mltp_init(void)
{
    (void)base_once(&sched_init_once, init_layers);
}
