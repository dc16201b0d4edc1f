/* ult/stack.c - ULT stacks: mmap'd with a PROT_NONE guard page below, so an
 * overflow faults (and the reaper reports it) instead of corrupting memory.
 * Stacks of the default size are cached when their ULT ends: creation then
 * costs no system call. */
#include <errno.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include "ult/asan.h"
#include "ult/ult.h"

#define STACK_CACHE_MAX 4096

size_t ult_stack_default = 64 * 1024;
size_t ult_page_size = 4096;

struct cached_stack {
    struct cached_stack *next;
    char *lo;
};

static sync_spin_t cache_lock;
static struct cached_stack *cache;   /* kept at the top of each stack */
static size_t cache_map;             /* mapping size of cached stacks */
static int cache_count;

static size_t map_size(size_t usable)
{
    return usable + ult_page_size;
}

/* Returns 0, or ENOMEM. *fresh: the memory is zero (a new mapping). */
int ult_stack_get(size_t usable, char **lo, size_t *map, int *fresh)
{
    size_t m = map_size(usable);

    if (m == cache_map && cache) {
        sync_spin_lock(&cache_lock);
        struct cached_stack *c = cache;
        if (c && m == cache_map) {
            cache = c->next;
            cache_count--;
            sync_spin_unlock(&cache_lock);
            *lo = c->lo;
            *map = m;
            *fresh = 0;
            ult_asan_unpoison(c->lo + ult_page_size, m - ult_page_size);
            return 0;
        }
        sync_spin_unlock(&cache_lock);
    }
    char *p = mmap(NULL, m, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        return ENOMEM;
    if (mprotect(p, ult_page_size, PROT_NONE) != 0) {
        munmap(p, m);
        return ENOMEM;
    }
    *lo = p;
    *map = m;
    *fresh = 1;
    return 0;
}

void ult_stack_put(char *lo, size_t map)
{
    if (map == cache_map && cache_count < STACK_CACHE_MAX) {
        struct cached_stack *c = (struct cached_stack *)(lo + map) - 1;
        c->lo = lo;
        sync_spin_lock(&cache_lock);
        if (map == cache_map) {
            c->next = cache;
            cache = c;
            cache_count++;
            sync_spin_unlock(&cache_lock);
            return;
        }
        sync_spin_unlock(&cache_lock);
    }
    munmap(lo, map);
}

/* "65536", "64k", "1M": bytes, or 0 if s is not such a size. */
size_t ult_stack_parse(const char *s)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s)
        return 0;
    if (*end == 'k' || *end == 'K')
        v <<= 10, end++;
    else if (*end == 'm' || *end == 'M')
        v <<= 20, end++;
    return *end ? 0 : (size_t)v;
}

static void set_default(size_t usable)
{
    struct cached_stack *old;

    sync_spin_lock(&cache_lock);
    ult_stack_default = usable;
    cache_map = map_size(usable);
    old = cache;
    cache = NULL;
    cache_count = 0;
    sync_spin_unlock(&cache_lock);
    while (old) {
        struct cached_stack *n = old->next;
        munmap(old->lo, (char *)(old + 1) - old->lo);
        old = n;
    }
}

int mltp_set_stack_size(size_t bytes)
{
    mltp_init();
    if (bytes < MLTP_STACK_MIN || bytes > ((size_t)1 << 40))
        return EINVAL;
    set_default((bytes + ult_page_size - 1) & ~(ult_page_size - 1));
    return 0;
}

size_t mltp_get_stack_size(void)
{
    mltp_init();
    return ult_stack_default;
}

/* Called once by mltp_init with the page size known. */
void ult_stack_init(size_t default_usable)
{
    set_default(default_usable);
}
