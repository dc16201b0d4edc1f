/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* pthread/key.c - thread-specific data and pthread_once. A key is a slot
 * of a global table with a sequence number, odd while the key exists; a
 * thread's value remembers the sequence it was set under, so that a
 * deleted key's values read NULL under a new key in the same slot (as
 * glibc's). Values live in pages of 32, made on first set. At a thread's
 * end the destructors run up to PTHREAD_DESTRUCTOR_ITERATIONS rounds. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include "pthread/pt.h"

#define PAGE 32
#define PAGES (PTHREAD_KEYS_MAX / PAGE)

static struct {
    unsigned long seq;
    void (*destructor)(void *);
} keys[PTHREAD_KEYS_MAX];
static int keys_lock;

static void lock_keys(void)
{
    while (__atomic_exchange_n(&keys_lock, 1, __ATOMIC_ACQUIRE))
        mltp_self() ? mltp_yield() : pt_pause();
}

static void unlock_keys(void)
{
    __atomic_store_n(&keys_lock, 0, __ATOMIC_RELEASE);
}

PT_API int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
    lock_keys();
    for (unsigned int i = 0; i < PTHREAD_KEYS_MAX; i++) {
        unsigned long s = keys[i].seq;
        /* even: free; a slot whose sequence would wrap stays unused */
        if (!(s & 1) && s + 1 > s) {
            keys[i].destructor = destructor;
            __atomic_store_n(&keys[i].seq, s + 1, __ATOMIC_RELEASE);
            unlock_keys();
            *key = i;
            return 0;
        }
    }
    unlock_keys();
    return EAGAIN;
}

PT_API int pthread_key_delete(pthread_key_t key)
{
    int e = EINVAL;

    if (key >= PTHREAD_KEYS_MAX)
        return EINVAL;
    lock_keys();
    if (keys[key].seq & 1) {
        __atomic_store_n(&keys[key].seq, keys[key].seq + 1, __ATOMIC_RELEASE);
        e = 0;
    }
    unlock_keys();
    return e;
}

static struct pt_keyval *slot(struct pt_thread *t, pthread_key_t key, int make)
{
    struct pt_keyval *page;

    if (!t->keys) {
        if (!make || !(t->keys = calloc(PAGES, sizeof *t->keys)))
            return NULL;
    }
    if (!(page = t->keys[key / PAGE])) {
        if (!make || !(page = t->keys[key / PAGE] = calloc(PAGE, sizeof *page)))
            return NULL;
    }
    return &page[key % PAGE];
}

PT_API void *pthread_getspecific(pthread_key_t key)
{
    struct pt_keyval *v;

    if (key >= PTHREAD_KEYS_MAX || !(v = slot(pt_self(), key, 0)))
        return NULL;
    return v->seq == __atomic_load_n(&keys[key].seq, __ATOMIC_ACQUIRE) ? v->value : NULL;
}

PT_API int pthread_setspecific(pthread_key_t key, const void *value)
{
    unsigned long seq;
    struct pt_keyval *v;

    if (key >= PTHREAD_KEYS_MAX || !((seq = __atomic_load_n(&keys[key].seq, __ATOMIC_ACQUIRE)) & 1))
        return EINVAL;
    if (!(v = slot(pt_self(), key, value != NULL)))
        return value ? ENOMEM : 0;
    v->seq = seq;
    v->value = (void *)value;
    return 0;
}

void pt_keys_run_destructors(struct pt_thread *t)
{
    for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS && t->keys; round++) {
        int ran = 0;
        for (unsigned int p = 0; p < PAGES; p++) {
            struct pt_keyval *page = t->keys[p];
            for (unsigned int i = 0; page && i < PAGE; i++) {
                unsigned int k = p * PAGE + i;
                void (*d)(void *) = keys[k].destructor;
                void *value = page[i].value;
                if (!value || page[i].seq != __atomic_load_n(&keys[k].seq, __ATOMIC_ACQUIRE))
                    continue;
                page[i].value = NULL;
                if (d) {
                    d(value);
                    ran = 1;
                }
            }
        }
        if (!ran)
            break;
    }
}

void pt_keys_free(struct pt_thread *t)
{
    if (!t->keys)
        return;
    for (unsigned int p = 0; p < PAGES; p++)
        free(t->keys[p]);
    free(t->keys);
    t->keys = NULL;
}

/* ---- once: 0 not run, 1 running, 2 done; waiters wait on the word ---- */

static void once_undo(void *arg)
{
    int *once = arg;

    __atomic_store_n(once, 0, __ATOMIC_RELEASE);
    mltp_word_wake((volatile unsigned int *)once, INT_MAX);
}

PT_API int pthread_once(pthread_once_t *once, void (*fn)(void))
{
    int s;

    if (__atomic_load_n(once, __ATOMIC_ACQUIRE) == 2)
        return 0;
    for (;;) {
        s = 0;
        if (__atomic_compare_exchange_n(once, &s, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE))
            break;
        if (s == 2)
            return 0;
        mltp_word_wait((volatile unsigned int *)once, 1, -1);
    }
    /* a cancelled fn leaves it not run, as glibc's */
    pthread_cleanup_push(once_undo, once);
    fn();
    pthread_cleanup_pop(0);
    __atomic_store_n(once, 2, __ATOMIC_RELEASE);
    mltp_word_wake((volatile unsigned int *)once, INT_MAX);
    return 0;
}
