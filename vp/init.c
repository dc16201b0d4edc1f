/* vp/init.c - mltp_init: the library's settings, read once. */
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
static vp_t vp_outside = { .cur = &ult_outside };
__thread vp_t *vp_sched_tls __attribute__((tls_model("initial-exec"))) = &vp_outside;
int vp_initialized;

static long env_long(const char *name, long dflt)
{
    const char *s = getenv(name);
    char *end;
    long v;

    if (!s || !*s)
        return dflt;
    v = strtol(s, &end, 10);
    if (*end || v < 0) {
        vp_warn("ignoring %s=%s (not a non-negative number)", name, s);
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
    if ((s = getenv("MLTP_STACK_SIZE")) && *s) {
        size_t v = ult_stack_parse(s);
        if (v < MLTP_STACK_MIN)
            vp_warn("ignoring MLTP_STACK_SIZE=%s (bytes, at least %d, optional k or M)",
                    s, MLTP_STACK_MIN);
        else
            stack = v;
    }
    ult_stack_init((stack + ult_page_size - 1) & ~(ult_page_size - 1));
    /* about one cross-CPU wake-up on a VM (FINDINGS.md section 6) */
    vpg.spin_ns = env_long("MLTP_SPIN_US", 20) * 1000;
    vpg.stats = env_long("MLTP_STATS", 0) > 0;
    vpg.ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;
    vpg.main_pid = getpid();
    if (syscall(SYS_gettid) == vpg.main_pid)  /* set up by the main thread */
        ult_pending_note_main();
    sync_store_release(&vp_initialized, 1);
    sync_spin_unlock(&once);
}
