/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ult/id.c - thread ids: > 0, and unique among the threads alive
 * (ARCHITECTURE.md, "Thread ids"). Each kernel-level thread takes them in
 * blocks of 64 into its cache (a VP's in its scheduler record, another
 * thread's in its TLS), so that an id costs no locked instruction. The
 * first pass over the ids, 1 to ID_SPACE, takes blocks from a counter
 * without a lock. Once it is spent (2^31 - 64 creations, about two
 * minutes at 54 ns a create+run+end), each block is taken under id_lock,
 * and each new pass begins by marking every block that holds the id of a
 * thread alive or that a cache is still handing out (the scheduler finds
 * them: ult_ids_scan); the pass skips those. */
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "base/libc.h"
#include "base/log.h"
#include "ult/ult.h"

#define ID_BLOCK ULT_ID_BLOCK
#define ID_BLOCKS (INT_MAX / ID_BLOCK)          /* 2^25 - 1 */
#define ID_SPACE (ID_BLOCKS * ID_BLOCK)         /* the last id */
/* The counter once the first pass is over: every refill then finds it at
   ID_SPACE or more (and takes id_lock), and 2^24 more blocks of 64 (its
   last 2^30 values) would have to be taken between two refills for it to
   wrap again. */
#define ID_PARKED 0xC0000000u
/* The first pass's last blocks (3% of them), which a refill that took one
   from the counter before the wrap may not have stored into its cache yet
   when the next pass begins: the second pass skips them. A thread would
   have to stay between its fetch-and-add and the store that follows while
   the others took 2^20 blocks (2^26 creations, seconds) for its block to
   be missed. */
#define ID_RACE_BLOCKS (1u << 20)

/* The first pass: the last id handed out (a block's first id - 1) */
static unsigned int next_id;

/* Later passes, under id_lock: the next block, which pass, and the blocks
   the pass skips (bit b: ids b * 64 + 1 to b * 64 + 64). 4 MiB, touched
   only once ids have wrapped. */
static base_spin_t id_lock;
static unsigned int pass_block;
static unsigned int pass;
static unsigned long taken[ID_BLOCKS / 64 + 1];

void (*ult_ids_scan)(void);

/* The caches of kernel-level threads other than VPs (those the scheduler
   finds in its VP records): listed at their first block, under id_lock,
   until the thread ends. */
static struct ult_cache *caches;
static pthread_key_t cache_key;

static void list_cache(struct ult_cache *c)
{
    c->listed_prev = NULL;
    c->listed_next = caches;
    if (caches)
        caches->listed_prev = c;
    caches = c;
}

static void unlist_cache(struct ult_cache *c)
{
    if (c->listed_prev)
        c->listed_prev->listed_next = c->listed_next;
    else if (caches == c)
        caches = c->listed_next;
    if (c->listed_next)
        c->listed_next->listed_prev = c->listed_prev;
    c->listed_next = c->listed_prev = NULL;
}

void ult_id_cache_gone(struct ult_cache *c)
{
    if (!c->id_limit)
        return;
    base_spin_lock(&id_lock);
    unlist_cache(c);
    base_spin_unlock(&id_lock);
    c->id_limit = 0;
}

/* A thread of the program's own (a pthread) that ends */
static void cache_exit(void *c)
{
    ult_id_cache_gone(c);
}

static void make_key(void)
{
    if (base_libc()->pthread_key_create(&cache_key, cache_exit) != 0) {
        base_warn("thread ids: no thread-specific key left (PTHREAD_KEYS_MAX)");
        abort();
    }
}

void ult_id_mark(int id)
{
    if (id > 0 && id <= ID_SPACE) {
        unsigned int b = (unsigned int)(id - 1) / ID_BLOCK;
        taken[b / 64] |= 1UL << (b % 64);
    }
}

/* The block c hands out, until its next refill. */
void ult_id_mark_cache(const struct ult_cache *c)
{
    if (c->id_end > 0)
        ult_id_mark(c->id_end - 1);
}

static int is_taken(unsigned int b)
{
    return (taken[b / 64] >> (b % 64)) & 1;
}

/* A pass begins: what it must skip. */
static void mark_taken(void)
{
    memset(taken, 0, sizeof taken);
    for (struct ult_cache *c = caches; c; c = c->listed_next)
        ult_id_mark_cache(c);
    if (ult_ids_scan)
        ult_ids_scan();
}

/* id_lock held: c's next block after the first pass. */
static int refill_later(struct ult_cache *c)
{
    unsigned int b, tries = 0;

    CMM_STORE_SHARED(next_id, ID_PARKED);
    do {
        if (pass_block == 0) {
            pass++;
            mark_taken();
        }
        b = pass_block;
        pass_block = (pass_block + 1) % ID_BLOCKS;
        if (++tries > 2 * ID_BLOCKS) {
            base_warn("thread ids: every one is held by a live thread");
            abort();
        }
    } while (is_taken(b) || (pass == 1 && b >= ID_BLOCKS - ID_RACE_BLOCKS));
    c->id_end = (int)(b * ID_BLOCK + ID_BLOCK + 1);
    return (int)(b * ID_BLOCK + 1);
}

/* A cache's first block (listed, unless it is a VP's), or any block once
   the first pass is over. old: what the counter gave. */
static int __attribute__((noinline)) refill_slow(struct ult_cache *c, unsigned int old)
{
    static pthread_once_t key_once = PTHREAD_ONCE_INIT;
    int id;

    if (!c->id_limit && c == &ult_cache_tls) {
        base_libc()->pthread_once(&key_once, make_key);
        base_libc()->pthread_setspecific(cache_key, c);
    }
    base_spin_lock(&id_lock);
    if (!c->id_limit) {
        c->id_limit = ID_SPACE;
        if (c == &ult_cache_tls)
            list_cache(c);
    }
    if (old < ID_SPACE) {
        c->id_end = (int)old + ID_BLOCK + 1;
        id = (int)old + 1;
    } else {
        id = refill_later(c);
    }
    base_spin_unlock(&id_lock);
    return id;
}

/* The hot path's: a fetch-and-add and one compare, which also sends a
   cache's first refill (id_limit 0) to the slow path. */
int ult_id_refill(struct ult_cache *c)
{
    unsigned int old = uatomic_add_return(&next_id, ID_BLOCK) - ID_BLOCK;

    if (__builtin_expect(old >= (unsigned int)c->id_limit, 0))
        return refill_slow(c, old);
    c->id_end = (int)old + ID_BLOCK + 1;
    return (int)old + 1;
}

void ult_ids_hold(void)
{
    base_spin_lock(&id_lock);
}

void ult_ids_release(void)
{
    base_spin_unlock(&id_lock);
}

/* tests/internals.h: the next block is blocks_left from the end of the
   pass over the ids now under way (the first pass, or a later one). */
void ult_id_test_near_wrap(unsigned int blocks_left)
{
    base_spin_lock(&id_lock);
    if (CMM_LOAD_SHARED(next_id) < ID_SPACE)
        CMM_STORE_SHARED(next_id, ID_SPACE - blocks_left * ID_BLOCK);
    else
        pass_block = ID_BLOCKS - blocks_left;
    base_spin_unlock(&id_lock);
}

unsigned int ult_id_test_pass(void)
{
    return CMM_LOAD_SHARED(pass);
}

/* In a fork()ed child the other threads are gone, and id_lock may have
   been held by one: the calling thread's cache is listed again at its
   next refill. */
void ult_id_forget(void)
{
    id_lock = 0;
    caches = NULL;
    ult_cache_tls.id_limit = 0;
    ult_cache_tls.listed_next = ult_cache_tls.listed_prev = NULL;
}
