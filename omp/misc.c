/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* omp/misc.c - the rest of the ABI: memory allocators (the host's memory,
 * with the alignment a trait asks), cancellation as libgomp runs it when
 * OMP_CANCELLATION is false, the error directive, scope, and the
 * affinity display. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "omp/rt.h"

/* ---- allocators: an allocator of ours is its alignment (a power of
   two, at least 16) shifted past the predefined handles' numbers ---- */

#define PREDEFINED_MAX 64
struct header {
    void *base;
    size_t size;
};

static omp_allocator_handle_t default_allocator = omp_default_mem_alloc;

static size_t alignment_of(omp_allocator_handle_t a)
{
    return (uintptr_t)a > PREDEFINED_MAX ? (size_t)((uintptr_t)a - PREDEFINED_MAX) : 16;
}

static void *alloc_aligned(size_t align, size_t size, omp_allocator_handle_t a, int zero)
{
    char *base, *p;
    struct header *h;

    if (a == omp_null_allocator)
        a = default_allocator;
    if (align < alignment_of(a))
        align = alignment_of(a);
    if (align < 16)
        align = 16;
    if (size > SIZE_MAX - align - sizeof *h)
        return NULL;
    base = zero ? calloc(1, size + align + sizeof *h) : malloc(size + align + sizeof *h);
    if (!base)
        return NULL;
    p = (char *)(((uintptr_t)base + sizeof *h + align - 1) & ~(uintptr_t)(align - 1));
    h = (struct header *)(void *)p - 1;
    h->base = base;
    h->size = size;
    return p;
}

OMPRT_API omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t space, int ntraits,
                                                    const omp_alloctrait_t traits[])
{
    size_t align = 16;
    int i;

    if (space != omp_default_mem_space && space != omp_large_cap_mem_space &&
        space != omp_const_mem_space && space != omp_high_bw_mem_space &&
        space != omp_low_lat_mem_space)
        return omp_null_allocator;
    for (i = 0; i < ntraits; i++)
        if (traits[i].key == omp_atk_alignment) {
            align = (size_t)traits[i].value;
            if (align == 0 || (align & (align - 1)))
                return omp_null_allocator;
        }
    if (align < 16)
        align = 16;
    return (omp_allocator_handle_t)(PREDEFINED_MAX + align);
}

OMPRT_API void omp_destroy_allocator(omp_allocator_handle_t a)
{
    (void)a;
}

OMPRT_API void omp_set_default_allocator(omp_allocator_handle_t a)
{
    default_allocator = a;
}

OMPRT_API omp_allocator_handle_t omp_get_default_allocator(void)
{
    return default_allocator;
}

OMPRT_API void *omp_alloc(size_t size, omp_allocator_handle_t a)
{
    return alloc_aligned(16, size, a, 0);
}

OMPRT_API void *omp_aligned_alloc(size_t align, size_t size, omp_allocator_handle_t a)
{
    return alloc_aligned(align, size, a, 0);
}

OMPRT_API void *omp_calloc(size_t n, size_t size, omp_allocator_handle_t a)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return alloc_aligned(16, n * size, a, 1);
}

OMPRT_API void *omp_aligned_calloc(size_t align, size_t n, size_t size,
                                   omp_allocator_handle_t a)
{
    if (size && n > SIZE_MAX / size)
        return NULL;
    return alloc_aligned(align, n * size, a, 1);
}

OMPRT_API void omp_free(void *p, omp_allocator_handle_t a)
{
    (void)a;
    if (p)
        free(((struct header *)p - 1)->base);
}

OMPRT_API void *omp_realloc(void *p, size_t size, omp_allocator_handle_t a,
                            omp_allocator_handle_t old)
{
    void *q;

    if (!p)
        return omp_alloc(size, a);
    if (!size) {
        omp_free(p, old);
        return NULL;
    }
    q = alloc_aligned(16, size, a == omp_null_allocator ? old : a, 0);
    if (!q)
        return NULL;
    memcpy(q, p, ((struct header *)p - 1)->size < size ? ((struct header *)p - 1)->size : size);
    omp_free(p, old);
    return q;
}

OMPRT_API void *GOMP_alloc(size_t align, size_t size, uintptr_t allocator)
{
    void *p = alloc_aligned(align, size, (omp_allocator_handle_t)allocator, 0);
    if (!p && size)
        omprt_fatal("out of memory allocating %zu bytes", size);
    return p;
}

OMPRT_API void GOMP_free(void *p, uintptr_t allocator)
{
    omp_free(p, (omp_allocator_handle_t)allocator);
}

/* ---- cancellation is off (OMP_CANCELLATION=true stops at start) ---- */

OMPRT_API bool GOMP_cancel(int which, bool do_cancel)
{
    (void)which, (void)do_cancel;
    return false;
}

OMPRT_API bool GOMP_cancellation_point(int which)
{
    (void)which;
    return false;
}

/* ---- error directive, scope ---- */

OMPRT_API void GOMP_error(const char *msg, size_t len)
{
    if (msg && len == (size_t)-1)
        len = strlen(msg);
    fprintf(stderr, "mltp-omp: fatal error: %.*s\n", msg ? (int)len : 0, msg ? msg : "");
    exit(1);
}

OMPRT_API void GOMP_warning(const char *msg, size_t len)
{
    if (msg && len == (size_t)-1)
        len = strlen(msg);
    fprintf(stderr, "mltp-omp: warning: %.*s\n", msg ? (int)len : 0, msg ? msg : "");
}

OMPRT_API void GOMP_scope_start(uintptr_t *reductions)
{
    if (reductions)
        omprt_unsupported("a task reduction on scope");
}

/* ---- affinity display: level, thread and VP ---- */

static char affinity_format[256] = "level %L thread %n vp %i";

OMPRT_API void omp_set_affinity_format(const char *format)
{
    snprintf(affinity_format, sizeof affinity_format, "%s", format ? format : "");
}

OMPRT_API size_t omp_get_affinity_format(char *buf, size_t size)
{
    if (buf && size)
        snprintf(buf, size, "%s", affinity_format);
    return strlen(affinity_format);
}

/* a field: %[0][.][width]x or %[0][.][width]{name}; 0 pads with zeros,
   . right-justifies, else left */
static long field_value(const struct omprt_thr *t, const char *name, size_t len, char *str,
                        size_t size)
{
    static const struct { char letter; const char *name; } fields[] = {
        { 't', "team_num" }, { 'T', "num_teams" }, { 'L', "nesting_level" },
        { 'n', "thread_num" }, { 'N', "num_threads" }, { 'a', "ancestor_tnum" },
        { 'H', "host" }, { 'P', "process_id" }, { 'i', "native_thread_id" },
        { 'A', "thread_affinity" },
    };
    char letter = 0;
    size_t k;

    for (k = 0; k < sizeof fields / sizeof fields[0]; k++)
        if ((len == 1 && name[0] == fields[k].letter) ||
            (len == strlen(fields[k].name) && !strncmp(name, fields[k].name, len)))
            letter = fields[k].letter;
    str[0] = 0;
    switch (letter) {
    case 't': return 0;
    case 'T': return 1;
    case 'L': return t->level;
    case 'n': return t->num;
    case 'N': return t->team->nthreads;
    case 'a': return t->level > 0 && t->parent ? t->parent->num : -1;
    case 'H': gethostname(str, size); str[size - 1] = 0; return 0;
    case 'P': return (long)getpid();
    case 'i': return (long)mltp_vp_id();     /* the VP: OpenMP threads move */
    case 'A': snprintf(str, size, "vp%d", mltp_vp_id()); return 0;
    default: snprintf(str, size, "undefined"); return 0;
    }
}

OMPRT_API size_t omp_capture_affinity(char *buf, size_t size, const char *format)
{
    const struct omprt_thr *t = omprt_self();
    char out[1024];
    size_t o = 0;
    const char *f = format && *format ? format : affinity_format;

    while (*f && o < sizeof out - 1) {
        int zero = 0, right = 0, width = 0, n;
        const char *name;
        size_t len;
        char str[256];
        long v;

        if (*f != '%') {
            out[o++] = *f++;
            continue;
        }
        f++;
        if (*f == '%') {
            out[o++] = *f++;
            continue;
        }
        if (*f == '0')
            zero = 1, f++;
        if (*f == '.')
            right = 1, f++;
        while (*f >= '0' && *f <= '9' && width < 1000)
            width = width * 10 + (*f++ - '0');
        if (*f == '{') {
            name = ++f;
            while (*f && *f != '}')
                f++;
            len = (size_t)(f - name);
            if (*f)
                f++;
        } else if (*f) {
            name = f++;
            len = 1;
        } else {
            break;
        }
        v = field_value(t, name, len, str, sizeof str);
        if (str[0])
            n = snprintf(out + o, sizeof out - o, right ? "%*s" : "%-*s", width, str);
        else if (zero || right)
            n = snprintf(out + o, sizeof out - o, zero ? "%0*ld" : "%*ld", width, v);
        else
            n = snprintf(out + o, sizeof out - o, "%-*ld", width, v);
        if (n < 0)
            break;
        o += (size_t)n < sizeof out - o ? (size_t)n : sizeof out - o - 1;
    }
    out[o] = 0;
    if (buf && size)
        snprintf(buf, size, "%s", out);
    return o;
}

OMPRT_API void omp_display_affinity(const char *format)
{
    char buf[512];
    omp_capture_affinity(buf, sizeof buf, format);
    printf("%s\n", buf);
}
