/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/tls.c - TLS blocks for ULTs, made by glibc.
 *
 * A block is what pthread_create gives a thread: glibc's dynamic linker
 * allocates it with its DTV and copies every loaded module's TLS image
 * into it (_dl_allocate_tls); its thread control block is glibc's struct
 * pthread, which we fill as glibc's own thread creation does. glibc's
 * layout is private, so it is read from glibc at run time, not assumed:
 * the size of struct pthread and the offsets of its tid, DTV and key
 * slots from the _thread_db_* descriptors libc exports for debuggers,
 * the stack, robust-list and key-data fields from a probe thread.
 * Pinned to glibc 2.34 to 2.41 (those exports, and
 * _dl_allocate_tls_init(tcb, init)); elsewhere ult_tls_check refuses
 * with its reason.
 *
 * Blocks are pooled. A block taken again is reset as glibc resets a
 * cached thread stack (its key data and dynamic TLS freed, every image
 * copied again), but libc's own TLS stays with the block:
 * malloc's thread cache and arena, and glibc's per-thread buffers.
 * glibc frees those at a thread's end with __libc_thread_freeres, which
 * it no longer exports (2.34); kept, they are reused by the block's next
 * ULT instead of leaked. Its errno is zeroed and its locale was reset at
 * the last ULT's end (ult_tls_finish).
 */
#include <dlfcn.h>
#include <errno.h>
#include <gnu/libc-version.h>
#include <link.h>
#include <locale.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/log.h"
#include "base/once.h"
#include "base/raw.h"
#include "base/spin.h"
#include "ult/tls.h"

#define GLIBC_MINOR_MIN 34
#define GLIBC_MINOR_MAX 41
#define LIBC_TLS_MAX 1024       /* libc's own TLS, kept across a reset (144 bytes on 2.36) */

int ult_tp_fsgsbase;
ptrdiff_t ult_tls_tid_offset;
const char *ult_tls_test_version;

/* glibc's dtv_t: a generation count, or a module's block */
typedef union {
    size_t counter;
    struct {
        void *val;
        void *to_free;
    } pointer;
} dtv_t;

static struct {
    void *(*allocate)(void *);              /* _dl_allocate_tls */
    void *(*init)(void *, _Bool);           /* _dl_allocate_tls_init */
    void (*ctype_init)(void);               /* __ctype_init */
    void (*call_dtors)(void);               /* __call_tls_dtors */
    size_t pd_size;             /* sizeof(struct pthread) */
    /* from the thread pointer: */
    ptrdiff_t pd;               /* struct pthread */
    ptrdiff_t dtv;              /* the DTV pointer */
    ptrdiff_t specific;         /* the key data's second-level blocks */
    ptrdiff_t key_data;         /* the first block of key data, up to
                                   specific_used after the pointers */
    ptrdiff_t stackblock;       /* the stack: its base, then its size */
    ptrdiff_t robust;           /* the robust mutex list's head */
    ptrdiff_t list;             /* its node in glibc's lists of threads */
    ptrdiff_t libc;             /* libc's TLS, libc_size bytes */
    size_t libc_size;
    ptrdiff_t err;              /* errno */
    int rseq;                   /* descriptors hold an rseq area */
} L;

static base_once_t check_once;
static int check_result;
static const char *check_why = "";
static char why_buf[160];

static base_spin_t pool_lock;
static char *pool;              /* linked through each block's stackblock */
static long made, pooled;

#if defined(__x86_64__)
#define ARCH_SET_FS_ 0x1002
void ult_tp_set_slow(char *tp)
{
    base_syscall(SYS_arch_prctl, ARCH_SET_FS_, tp);
}
#else
void ult_tp_set_slow(char *tp)
{
    ult_tp_set(tp);
}
#endif

/* A descriptor from libc's _thread_db_* exports: {bits, count, offset} */
static int db_field(const char *name, uint32_t *bits, uint32_t *offset)
{
    const uint32_t *d = dlvsym(RTLD_DEFAULT, name, "GLIBC_PRIVATE");

    if (!d)
        return -1;
    *bits = d[0];
    *offset = d[2];
    return 0;
}

struct probe {
    char *stack;
    size_t size;
    ptrdiff_t pd, stackblock, robust, tid, key_value, key_used;
    pthread_key_t key;
};

/* In a thread on a stack we gave it: where glibc keeps what it knows of
   that stack, the robust list's head and the tid. */
static void *probe_main(void *arg)
{
    struct probe *p = arg;
    char *tp = ult_tp_get(), *pd = (char *)base_libc()->pthread_self();
    pid_t tid = (pid_t)base_syscall(SYS_gettid);
    void *head = NULL;
    size_t len;

    p->pd = pd - tp;
    for (size_t i = 0; i + 2 * sizeof(void *) <= L.pd_size; i += sizeof(void *))
        if (*(char **)(pd + i) == p->stack && *(size_t *)(pd + i + sizeof(void *)) == p->size) {
            p->stackblock = pd + (ptrdiff_t)i - tp;
            break;
        }
    if (base_syscall(SYS_get_robust_list, 0, &head, &len) == 0 && head)
        p->robust = (char *)head - tp;
    if (*(pid_t *)(pd + p->tid) != tid)
        p->tid = -1;
    /* where a key's value goes, and the flag that some was set */
    if (base_libc()->pthread_setspecific(p->key, p) == 0) {
        for (size_t i = 0; i + sizeof(void *) <= L.pd_size; i += sizeof(void *))
            if (*(void **)(pd + i) == p) {
                p->key_value = pd + (ptrdiff_t)i - tp;
                break;
            }
        p->key_used = *(pd + L.specific + 32 * (ptrdiff_t)sizeof(void *));
        base_libc()->pthread_setspecific(p->key, NULL);
    }
    return NULL;
}

static int find_libc_tls(struct dl_phdr_info *info, size_t size, void *unused)
{
    char *e = (char *)&errno;

    (void)size;
    (void)unused;
    for (int i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_TLS && info->dlpi_tls_data &&
            e >= (char *)info->dlpi_tls_data &&
            e < (char *)info->dlpi_tls_data + info->dlpi_phdr[i].p_memsz) {
            L.libc = (char *)info->dlpi_tls_data - ult_tp_get();
            L.libc_size = info->dlpi_phdr[i].p_memsz;
            return 1;
        }
    return 0;
}

/* The static TLS of a thread, rounded up to pages */
static size_t static_tls_size(void)
{
    void (*info)(size_t *, size_t *) =
        (void (*)(size_t *, size_t *))dlvsym(RTLD_DEFAULT, "_dl_get_tls_static_info",
                                             "GLIBC_PRIVATE");
    size_t size = 0, align = 0, page = (size_t)sysconf(_SC_PAGESIZE);

    if (info)
        info(&size, &align);
    return (size + align + page - 1) & ~(page - 1);
}

static int refuse(const char *why)
{
    check_why = why;
    check_result = ENOTSUP;
    return 0;   /* the answer is final: once done */
}

static int check(void)
{
    const char *v = ult_tls_test_version ? ult_tls_test_version : gnu_get_libc_version();
    int major = 0, minor = 0;
    uint32_t bits, tid_off, dtv_off, spec_off, spec_bits, list_off;
    const uint32_t *pd_size;
    struct probe p;
    pthread_attr_t a;
    pthread_t pt;

#if defined(__x86_64__)
    ult_tp_fsgsbase = (getauxval(AT_HWCAP2) & 2) != 0;   /* HWCAP2_FSGSBASE */
#endif
    if (sscanf(v, "%d.%d", &major, &minor) != 2 || major != 2 ||
        minor < GLIBC_MINOR_MIN || minor > GLIBC_MINOR_MAX) {
        snprintf(why_buf, sizeof why_buf,
                 "needs glibc 2.34 to 2.41, whose thread layout it reads (this is %s)", v);
        return refuse(why_buf);
    }
    L.allocate = (void *(*)(void *))dlvsym(RTLD_DEFAULT, "_dl_allocate_tls", "GLIBC_PRIVATE");
    L.init = (void *(*)(void *, _Bool))dlvsym(RTLD_DEFAULT, "_dl_allocate_tls_init",
                                              "GLIBC_PRIVATE");
    L.ctype_init = (void (*)(void))dlvsym(RTLD_DEFAULT, "__ctype_init", "GLIBC_PRIVATE");
    L.call_dtors = (void (*)(void))dlvsym(RTLD_DEFAULT, "__call_tls_dtors", "GLIBC_PRIVATE");
    pd_size = dlvsym(RTLD_DEFAULT, "_thread_db_sizeof_pthread", "GLIBC_PRIVATE");
    if (!L.allocate || !L.init || !L.ctype_init || !L.call_dtors || !pd_size ||
        db_field("_thread_db_pthread_tid", &bits, &tid_off) || bits != 32 ||
        db_field("_thread_db_pthread_dtvp", &bits, &dtv_off) || bits != 64 ||
        db_field("_thread_db_pthread_list", &bits, &list_off) || bits != 128 ||
        db_field("_thread_db_pthread_specific", &spec_bits, &spec_off) ||
        spec_bits != 32 * 64)
        return refuse("needs glibc's dynamic linker and its thread layout exports "
                      "(a static program has neither)");
    L.pd_size = *pd_size;
    if (L.pd_size < 1024 || L.pd_size > 16384)
        return refuse("cannot read glibc's thread layout (an odd size of struct pthread)");

    memset(&p, 0, sizeof p);
    /* glibc puts the static TLS at the top of a stack we give it */
    p.size = ((size_t)1 << 20) + static_tls_size();
    p.tid = tid_off;
    p.stackblock = p.robust = p.key_value = PTRDIFF_MAX;
    /* the probe reads specific_used there: from its struct pthread */
    L.specific = (ptrdiff_t)spec_off;
    if (base_libc()->pthread_key_create(&p.key, NULL) != 0)
        return refuse("cannot probe glibc's thread layout (no key)");
    p.stack = mmap(NULL, p.size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p.stack == MAP_FAILED)
        return refuse("cannot probe glibc's thread layout (no memory)");
    if (pthread_attr_init(&a) != 0 || pthread_attr_setstack(&a, p.stack, p.size) != 0 ||
        base_libc()->pthread_create(&pt, &a, probe_main, &p) != 0) {
        munmap(p.stack, p.size);
        return refuse("cannot probe glibc's thread layout (no thread)");
    }
    base_libc()->pthread_join(pt, NULL);
    pthread_attr_destroy(&a);
    base_libc()->pthread_key_delete(p.key);
    munmap(p.stack, p.size);
    if (p.stackblock == PTRDIFF_MAX || p.robust == PTRDIFF_MAX || p.tid < 0)
        return refuse("cannot read glibc's thread layout (a probe thread's stack, "
                      "robust list or tid)");
    L.pd = p.pd;
    L.stackblock = p.stackblock;
    L.robust = p.robust;
    L.dtv = L.pd + (ptrdiff_t)dtv_off;
    L.list = L.pd + (ptrdiff_t)list_off;
    L.specific = L.pd + (ptrdiff_t)spec_off;
    /* key data: 32 {seq, data} pairs just below the pointers, then the
       flag after them, as in every glibc since 2.3 */
    L.key_data = L.specific - 32 * 2 * (ptrdiff_t)sizeof(void *);
    if (p.key_value != L.key_data + (ptrdiff_t)(p.key * 2 + 1) * (ptrdiff_t)sizeof(void *) ||
        p.key_used != 1)
        return refuse("cannot read glibc's thread layout (a probe thread's key data)");
    ult_tls_tid_offset = L.pd + (ptrdiff_t)tid_off;
    L.err = (char *)&errno - ult_tp_get();
    if (!dl_iterate_phdr(find_libc_tls, NULL) || L.libc_size > LIBC_TLS_MAX)
        return refuse("cannot find libc's TLS");
    L.rseq = __rseq_offset != 0;
#if defined(__x86_64__)
    if (!ult_tp_fsgsbase)
        base_warn("no FSGSBASE (Linux 5.9 and a CPU with it): a switch of a ULT with a TLS "
                  "block of its own makes a system call (arch_prctl, ~200 ns)");
#endif
    check_result = 0;
    return 0;
}

int ult_tls_check(const char **why)
{
    (void)base_once(&check_once, check);
    if (why)
        *why = check_why;
    return check_result;
}

void ult_tls_set_stack(char *tp, char *lo, size_t size)
{
    *(char **)(tp + L.stackblock) = lo;
    *(size_t *)(tp + L.stackblock + (ptrdiff_t)sizeof(void *)) = size;
}

/* What every thread shares, from the caller's control block, and what is
   this thread's. */
static void fill(char *tp, char *lo, size_t size)
{
    char *own = ult_tp_get(), *rh = tp + L.robust;

#if defined(__x86_64__)
    /* tcbhead_t: tcb, dtv, self, then multiple_threads, gscope_flag,
       sysinfo, stack_guard, pointer_guard, the vgetcpu cache, feature_1
       (CET), to 0x50; the compiler reads the guards at %fs:0x28 and 0x30 */
    *(char **)tp = tp;
    *(char **)(tp + 16) = tp;
    memcpy(tp + 0x18, own + 0x18, 0x50 - 0x18);
    *(int *)(tp + 0x1c) = 0;
#else
    /* struct pthread's header: multiple_threads, gscope_flag; the guards
       are globals */
    *(int *)(tp + L.pd) = *(int *)(own + L.pd);
#endif
    ult_tls_set_stack(tp, lo, size);
    /* struct robust_list_head: an empty list, the futex offset as the
       caller's */
    memcpy(rh, own + L.robust, 3 * sizeof(void *));
    *(char **)rh = rh;
    *(int *)(tp + L.err) = 0;
    /* a list of its own: in a child fork() makes, glibc takes the thread
       out of its list of running threads and puts it on its list of
       threads with user stacks */
    ((char **)(tp + L.list))[0] = ((char **)(tp + L.list))[1] = tp + L.list;
    /* never registered: sched_getcpu() asks the kernel. Also where the
       kernel refused the main thread's (valgrind): a zeroed cpu_id would
       tell pthread_create, called here, that the new thread must
       register one, and its failure there is fatal */
    if (L.rseq)
        ((struct rseq *)(tp + __rseq_offset))->cpu_id = (uint32_t)RSEQ_CPU_ID_REGISTRATION_FAILED;
}

/* As glibc's stack cache resets a thread's block (get_cached_stack):
   key data, dynamic TLS, every module's image; fill() sets the rest we
   own. The descriptor is not zeroed (2,368 bytes on 2.36: 35 ns a ULT):
   what else glibc keeps there is written by the pthread calls about the
   calling thread (its cancellation state, cleanup buffers), which leave
   it as they found it, and libc's per-thread buffers (strerror's), kept
   like malloc's cache. */
static void reset(char *tp)
{
    char keep[LIBC_TLS_MAX];
    void **spec = (void **)(tp + L.specific);
    dtv_t *dtv = *(dtv_t **)(tp + L.dtv);

    memcpy(keep, tp + L.libc, L.libc_size);
    if (*(tp + L.specific + 32 * (ptrdiff_t)sizeof(void *))) {
        /* specific_used: some key was set (seldom, and seldom past the
           32nd, in the second level) */
        for (int i = 1; i < 32; i++)
            if (spec[i])
                free(spec[i]);
        memset(tp + L.key_data, 0, (size_t)(L.specific - L.key_data) + 32 * sizeof(void *) + 1);
    }
    for (size_t i = 0; i < dtv[-1].counter; i++)
        if (dtv[1 + i].pointer.to_free)     /* a dlopen()ed module's, used */
            free(dtv[1 + i].pointer.to_free);
    memset(dtv, 0, (dtv[-1].counter + 1) * sizeof(dtv_t));
    L.init(tp, 1);
    memcpy(tp + L.libc, keep, L.libc_size);
}

char *ult_tls_get(char *lo, size_t size)
{
    char *tp;

    base_spin_lock(&pool_lock);
    if ((tp = pool) != NULL) {
        pool = *(char **)(tp + L.stackblock);
        pooled--;
    }
    base_spin_unlock(&pool_lock);
    if (tp) {
        reset(tp);
    } else {
        if (!(tp = L.allocate(NULL)))
            return NULL;
        uatomic_inc(&made);
    }
    fill(tp, lo, size);
    return tp;
}

void ult_tls_put(char *tp)
{
    base_spin_lock(&pool_lock);
    *(char **)(tp + L.stackblock) = pool;
    pool = tp;
    pooled++;
    base_spin_unlock(&pool_lock);
}

void ult_tls_start(void)
{
    L.ctype_init();
}

void ult_tls_finish(void)
{
    L.call_dtors();
    uselocale(LC_GLOBAL_LOCALE);
}

void ult_tls_counts(long *m, long *p)
{
    *m = uatomic_read(&made);
    base_spin_lock(&pool_lock);
    *p = pooled;
    base_spin_unlock(&pool_lock);
}
