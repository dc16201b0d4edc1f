/* vp/init.c - mltp_init: the library's settings, read once. */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "vp/vp.h"

struct vp_global vpg = { .park_semid = -1 };
__thread vp_t *vp_self_tls __attribute__((tls_model("initial-exec")));
/* What mltp_yield finds outside a VP: a ULT whose priority bit is never
   the run queue's bitmap, which sends it to its slow path (ult/sched.c). */
ult_t ult_outside = { .prio_bit = 1UL << 62 };
vp_t vp_outside = { .cur = &ult_outside };
__thread vp_t *vp_sched_tls __attribute__((tls_model("initial-exec"))) = &vp_outside;
int vp_initialized;

/* secure_getenv: a setuid program does not take settings from its
   caller's environment. */
static long env_long(const char *name, long dflt, long max)
{
    const char *s = secure_getenv(name);
    char *end;
    long v;

    if (!s || !*s)
        return dflt;
    errno = 0;
    v = strtol(s, &end, 10);
    if (*end || end == s || v < 0 || v > max || errno) {
        vp_warn("ignoring %s=%s (a whole number from 0 to %ld)", name, s, max);
        return dflt;
    }
    return v;
}

void mltp_init(void)
{
    static sync_spin_t once;
    cpu_set_t cpus;
    const char *s;
    size_t stack = 64 * 1024;

    if (CMM_LOAD_SHARED(vp_initialized))
        return;
    sync_spin_lock(&once);
    if (vp_initialized) {
        sync_spin_unlock(&once);
        return;
    }
    ult_page_size = (size_t)sysconf(_SC_PAGESIZE);
    if ((s = secure_getenv("MLTP_STACK_SIZE")) && *s) {
        size_t v = ult_stack_parse(s);
        if (v < MLTP_STACK_MIN || v > MLTP_STACK_MAX)
            vp_warn("ignoring MLTP_STACK_SIZE=%s (bytes, from %d to %llu, "
                    "optional k or M)", s, MLTP_STACK_MIN, (unsigned long long)MLTP_STACK_MAX);
        else
            stack = v;
    }
    ult_stack_init((stack + ult_page_size - 1) & ~(ult_page_size - 1));
    /* about one cross-CPU wake-up on a VM (FINDINGS.md section 6); at
       most 10 s */
    vpg.spin_ns = env_long("MLTP_SPIN_US", 20, 10 * 1000 * 1000) * 1000;
    vpg.stats = env_long("MLTP_STATS", 0, 1) > 0;
    vpg.ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    vpg.main_pid = getpid();
    if (syscall(SYS_gettid) == vpg.main_pid)  /* set up by the main thread */
        ult_pending_note_main();
    vp_fork_register();
    ult_fork_register();
    sync_store_release(&vp_initialized, 1);
    sync_spin_unlock(&once);
}
