/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/env.c - the internal control variables: OMP_* read once, as
 * libgomp reads them (an invalid value is ignored with a message), and the
 * omp_* calls that read and set them. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "omp/rt.h"

#define SUPPORTED_ACTIVE_LEVELS 255
#define NTHREADS_LIST_MAX 16

struct omprt_icv omprt_global_icv = {
    .nthreads = 1, .run_sched = OMPRT_SCHED_DYNAMIC, .run_chunk = 1,
    .dyn = 0, .max_active_levels = 1, .bind = 0,
};
int omprt_thread_limit = INT_MAX;
int omprt_max_task_priority;
size_t omprt_stack_size;
int omprt_wait_active;
static int nthreads_list[NTHREADS_LIST_MAX];
static int nthreads_len;
static int num_procs;
static int display_env;

static void invalid(const char *name)
{
    fprintf(stderr, "mltp-omp: invalid value for environment variable %s (ignored)\n", name);
}

static int parse_long(const char **s, long *v)
{
    char *end;
    errno = 0;
    *v = strtol(*s, &end, 10);
    if (end == *s || errno)
        return -1;
    *s = end;
    return 0;
}

static int env_bool(const char *name, int *v)
{
    const char *s = getenv(name);
    if (!s)
        return 0;
    while (isspace((unsigned char)*s))
        s++;
    if (!strncasecmp(s, "true", 4))
        *v = 1;
    else if (!strncasecmp(s, "false", 5))
        *v = 0;
    else {
        invalid(name);
        return 0;
    }
    return 1;
}

static int env_positive(const char *name, long *v, long min)
{
    const char *s = getenv(name);
    long x;
    if (!s)
        return 0;
    if (parse_long(&s, &x) != 0 || x < min || x > INT_MAX) {
        invalid(name);
        return 0;
    }
    while (isspace((unsigned char)*s))
        s++;
    if (*s) {
        invalid(name);
        return 0;
    }
    *v = x;
    return 1;
}

static void env_num_threads(void)
{
    const char *s = getenv("OMP_NUM_THREADS");
    int list[NTHREADS_LIST_MAX], len = 0;
    long v;

    if (!s)
        return;
    for (;;) {
        while (isspace((unsigned char)*s))
            s++;
        if (parse_long(&s, &v) != 0 || v < 1 || v > INT_MAX || len == NTHREADS_LIST_MAX) {
            invalid("OMP_NUM_THREADS");
            return;
        }
        list[len++] = (int)v;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            break;
        if (*s++ != ',') {
            invalid("OMP_NUM_THREADS");
            return;
        }
    }
    memcpy(nthreads_list, list, sizeof list);
    nthreads_len = len;
    omprt_global_icv.nthreads = list[0];
}

/* [monotonic:|nonmonotonic:]kind[,chunk] */
static void env_schedule(void)
{
    const char *s = getenv("OMP_SCHEDULE");
    static const struct { const char *name; int kind; } kinds[] = {
        { "static", OMPRT_SCHED_STATIC }, { "dynamic", OMPRT_SCHED_DYNAMIC },
        { "guided", OMPRT_SCHED_GUIDED }, { "auto", OMPRT_SCHED_AUTO },
    };
    int kind = -1, mono = 0;
    long chunk = 0;
    size_t i;

    if (!s)
        return;
    while (isspace((unsigned char)*s))
        s++;
    if (!strncasecmp(s, "monotonic:", 10))
        mono = OMPRT_SCHED_MONOTONIC, s += 10;
    else if (!strncasecmp(s, "nonmonotonic:", 13))
        s += 13;
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        size_t l = strlen(kinds[i].name);
        if (!strncasecmp(s, kinds[i].name, l)) {
            kind = kinds[i].kind;
            s += l;
            break;
        }
    }
    while (isspace((unsigned char)*s))
        s++;
    if (kind >= 0 && *s == ',') {
        s++;
        if (parse_long(&s, &chunk) != 0 || chunk < 1)
            kind = -1;
        while (isspace((unsigned char)*s))
            s++;
    }
    if (kind < 0 || *s) {
        invalid("OMP_SCHEDULE");
        return;
    }
    /* static is monotonic, and libgomp says so in omp_get_schedule */
    if (kind == OMPRT_SCHED_STATIC)
        mono = OMPRT_SCHED_MONOTONIC;
    omprt_global_icv.run_sched = kind | mono;
    omprt_global_icv.run_chunk = chunk;
}

/* a size: bytes with B, K, M or G (no suffix: K), as OpenMP says */
static void env_stacksize(void)
{
    const char *s = getenv("OMP_STACKSIZE");
    unsigned long long v, shift = 10;
    char *end;

    if (!s)
        return;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (end == s || errno) {
        invalid("OMP_STACKSIZE");
        return;
    }
    while (isspace((unsigned char)*end))
        end++;
    switch (*end) {
    case 'b': case 'B': shift = 0; end++; break;
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    default: break;
    }
    while (isspace((unsigned char)*end))
        end++;
    if (*end || v > (1ULL << 40) >> shift) {
        invalid("OMP_STACKSIZE");
        return;
    }
    v <<= shift;
    if (v < MLTP_STACK_MIN)
        v = MLTP_STACK_MIN;
    omprt_stack_size = (size_t)v;
}

static void env_wait_policy(void)
{
    const char *s = getenv("OMP_WAIT_POLICY");
    if (!s)
        return;
    if (!strcasecmp(s, "active"))
        omprt_wait_active = 1;
    else if (!strcasecmp(s, "passive"))
        omprt_wait_active = 0;
    else
        invalid("OMP_WAIT_POLICY");
}

static void env_proc_bind(void)
{
    const char *s = getenv("OMP_PROC_BIND");
    if (!s)
        return;
    /* accepted, with libgomp's spellings; the VPs keep MLTP's placement */
    if (!strcasecmp(s, "false"))
        omprt_global_icv.bind = 0;
    else if (!strcasecmp(s, "true"))
        omprt_global_icv.bind = 1;
    else if (!strncasecmp(s, "master", 6) || !strncasecmp(s, "primary", 7))
        omprt_global_icv.bind = 2;
    else if (!strncasecmp(s, "close", 5))
        omprt_global_icv.bind = 3;
    else if (!strncasecmp(s, "spread", 6))
        omprt_global_icv.bind = 4;
    else
        invalid("OMP_PROC_BIND");
}

void omprt_env_init(void)
{
    cpu_set_t set;
    long v;
    int nested = -1, dyn, cancel;

    num_procs = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 1;
    if (num_procs < 1)
        num_procs = 1;
    omprt_global_icv.nthreads = num_procs;
    env_num_threads();
    env_schedule();
    env_stacksize();
    env_wait_policy();
    env_proc_bind();
    if (env_bool("OMP_DYNAMIC", &dyn))
        omprt_global_icv.dyn = dyn;
    if (env_positive("OMP_THREAD_LIMIT", &v, 1))
        omprt_thread_limit = (int)v;
    if (env_positive("OMP_MAX_TASK_PRIORITY", &v, 0))
        omprt_max_task_priority = (int)v;
    if (env_bool("OMP_CANCELLATION", &cancel) && cancel)
        omprt_unsupported("OMP_CANCELLATION=true (cancellation)");
    /* libgomp's defaults since GCC 11: nesting off unless a list asks */
    omprt_global_icv.max_active_levels = nthreads_len > 1 ? SUPPORTED_ACTIVE_LEVELS : 1;
    if (env_bool("OMP_NESTED", &nested))
        omprt_global_icv.max_active_levels = nested ? SUPPORTED_ACTIVE_LEVELS : 1;
    if (env_positive("OMP_MAX_ACTIVE_LEVELS", &v, 0))
        omprt_global_icv.max_active_levels = v > SUPPORTED_ACTIVE_LEVELS
                                                 ? SUPPORTED_ACTIVE_LEVELS : (int)v;
    if (env_bool("OMP_DISPLAY_ENV", &display_env) == 0)
        display_env = 0;
}

void omprt_env_display(void)
{
    if (display_env)
        omp_display_env(0);
}

int omprt_nthreads_at(int level, int fallback)
{
    return level < nthreads_len ? nthreads_list[level] : fallback;
}

/* ---- omp_* ---- */


OMPRT_API void omp_set_num_threads(int n)
{
    if (n > 0)
        omprt_self()->icv.nthreads = n;
}

OMPRT_API int omp_get_max_threads(void)
{
    return omprt_self()->icv.nthreads;
}

OMPRT_API int omp_get_num_procs(void)
{
    return num_procs;
}

OMPRT_API void omp_set_dynamic(int v)
{
    omprt_self()->icv.dyn = v != 0;
}

OMPRT_API int omp_get_dynamic(void)
{
    return omprt_self()->icv.dyn;
}

OMPRT_API void omp_set_nested(int v)
{
    struct omprt_icv *icv = &omprt_self()->icv;
    if (v && icv->max_active_levels <= 1)
        icv->max_active_levels = SUPPORTED_ACTIVE_LEVELS;
    else if (!v && icv->max_active_levels > 1)
        icv->max_active_levels = 1;
}

OMPRT_API int omp_get_nested(void)
{
    return omprt_self()->icv.max_active_levels > 1;
}

OMPRT_API void omp_set_max_active_levels(int v)
{
    if (v >= 0)
        omprt_self()->icv.max_active_levels = v > SUPPORTED_ACTIVE_LEVELS
                                                  ? SUPPORTED_ACTIVE_LEVELS : v;
}

OMPRT_API int omp_get_max_active_levels(void)
{
    return omprt_self()->icv.max_active_levels;
}

OMPRT_API int omp_get_supported_active_levels(void)
{
    return SUPPORTED_ACTIVE_LEVELS;
}

OMPRT_API void omp_set_schedule(omp_sched_t kind_, int chunk)
{
    struct omprt_icv *icv = &omprt_self()->icv;
    int kind = (int)kind_, base = kind & ~OMPRT_SCHED_MONOTONIC;

    if (base < OMPRT_SCHED_STATIC || base > OMPRT_SCHED_AUTO)
        return;
    icv->run_sched = kind;
    icv->run_chunk = chunk < 1 ? 0 : chunk;
}

OMPRT_API void omp_get_schedule(omp_sched_t *kind, int *chunk)
{
    const struct omprt_icv *icv = &omprt_self()->icv;
    *kind = (omp_sched_t)icv->run_sched;
    *chunk = (int)(icv->run_chunk < 1 && (icv->run_sched & ~OMPRT_SCHED_MONOTONIC) != OMPRT_SCHED_STATIC
                       ? 1 : icv->run_chunk);
}

OMPRT_API int omp_get_thread_limit(void)
{
    return omprt_thread_limit;
}

OMPRT_API int omp_get_max_task_priority(void)
{
    return omprt_max_task_priority;
}

OMPRT_API int omp_in_final(void)
{
    return omprt_self()->final;
}

OMPRT_API int omp_get_cancellation(void)
{
    return 0;
}

OMPRT_API omp_proc_bind_t omp_get_proc_bind(void)
{
    return (omp_proc_bind_t)omprt_self()->icv.bind;
}

OMPRT_API double omp_get_wtime(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

OMPRT_API double omp_get_wtick(void)
{
    struct timespec ts;
    clock_getres(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* No places: the VPs are MLTP's (mltp(3), MLTP_PIN). */
OMPRT_API int omp_get_num_places(void) { return 0; }
OMPRT_API int omp_get_place_num(void) { return -1; }
OMPRT_API int omp_get_place_num_procs(int place) { (void)place; return 0; }
OMPRT_API void omp_get_place_proc_ids(int place, int *ids) { (void)place, (void)ids; }
OMPRT_API int omp_get_partition_num_places(void) { return 0; }
OMPRT_API void omp_get_partition_place_nums(int *nums) { (void)nums; }

/* The host is the only device. */
static int default_device;
OMPRT_API int omp_get_num_devices(void) { return 0; }
OMPRT_API int omp_get_default_device(void) { return default_device; }
OMPRT_API void omp_set_default_device(int d) { default_device = d; }
OMPRT_API int omp_is_initial_device(void) { return 1; }
OMPRT_API int omp_get_initial_device(void) { return 0; }
OMPRT_API int omp_get_device_num(void) { return 0; }
OMPRT_API int omp_get_num_teams(void) { return 1; }
OMPRT_API int omp_get_team_num(void) { return 0; }
OMPRT_API int omp_get_max_teams(void) { return 1; }
OMPRT_API void omp_set_num_teams(int n) { (void)n; }
OMPRT_API int omp_get_teams_thread_limit(void) { return omprt_thread_limit; }
OMPRT_API void omp_set_teams_thread_limit(int n) { (void)n; }
OMPRT_API int omp_pause_resource(omp_pause_resource_t kind, int device) { (void)kind, (void)device; return 0; }
OMPRT_API int omp_pause_resource_all(omp_pause_resource_t kind) { (void)kind; return 0; }

OMPRT_API void omp_display_env(int verbose)
{
    const struct omprt_icv *icv = &omprt_self()->icv;
    (void)verbose;
    fputs("\nOPENMP DISPLAY ENVIRONMENT BEGIN\n  _OPENMP = '201511'\n", stderr);
    fprintf(stderr, "  OMP_DYNAMIC = '%s'\n  OMP_NUM_THREADS = '%d'\n", icv->dyn ? "TRUE" : "FALSE",
            icv->nthreads);
    fprintf(stderr, "  OMP_MAX_ACTIVE_LEVELS = '%d'\n  OMP_THREAD_LIMIT = '%d'\n",
            icv->max_active_levels, omprt_thread_limit);
    fprintf(stderr, "  OMP_STACKSIZE = '%zu'\n  OMP_WAIT_POLICY = '%s'\n",
            omprt_stack_size ? omprt_stack_size : mltp_get_stack_size(),
            omprt_wait_active ? "ACTIVE" : "PASSIVE");
    fputs("  MLTP_VPS = the VPs of mltp_vps_default()\nOPENMP DISPLAY ENVIRONMENT END\n", stderr);
}
