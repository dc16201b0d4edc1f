/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vp/init.c - the process layer's state, set up once. */
#include <sched.h>
#include <unistd.h>
#include "base/libc.h"
#include "vp/vp.h"

struct vp_global vpg;
__thread vp_t *vp_self_tls __attribute__((tls_model("initial-exec")));
__thread struct vp_task *vp_task_tls __attribute__((tls_model("initial-exec")));

void vp_init(void)
{
    cpu_set_t cpus;

    vpg.ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    vpg.pin = base_env_long("MLTP_PIN", 1, 0, 1) > 0;   /* vp/vp.c */
    vpg.main_pid = base_libc()->getpid();
    vp_fork_register();
}
