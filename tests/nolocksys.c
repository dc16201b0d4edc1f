/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * nolocksys.c - no system call under the run-queue spin lock, run by test_sched.c and stress_sched.c.
 *
 *   nolocksys check NVP
 *
 * This program defines semop() and semtimedop() itself: the library,
 * linked statically, calls these (the executable's symbols win over
 * libc's), and they forward to the kernel with a raw system call (the
 * library's syscall() is a marked call: tests/internals.h). Before an
 * operation that posts (a sem_op > 0: the wake-up of a parked VP, or the
 * release of a MLTP_LOCK_SEMAPHORE lock) they look at the run-queue lock
 * (tests/internals.h). If it is held, they watch it for HOLD_MS: a lock
 * that another VP holds is released within microseconds, but one that the
 * caller holds itself stays held for as long as the caller sits here. A
 * lock held throughout is recorded as held by the caller, with what the
 * program was doing. The scenarios make the other VPs park first (the
 * post is their wake-up, so they are asleep and cannot hold the lock).
 *
 * Start 1, the end of a ULT (class a): E sleeps in its VP while W, which
 * joins E, blocks and the other VPs park; E's end makes W ready and posts
 * a parked VP (today inside the exit switch, lock held). Then W sleeps
 * while the other VPs park again and ends last: the end of the start
 * posts every parked VP (today also inside the exit switch).
 *
 * Start 2, mltp_cond_wait_lock with a MLTP_LOCK_SEMAPHORE lock (class b):
 * the lock's semop (a V, which cannot block) happens under the run-queue
 * lock today. That is allowed where a comment in the library says why it
 * is bounded, so class b is only recorded and printed, never a failure.
 * Every other post under the lock in start 2 (ends of ULTs) is class a.
 *
 * Prints every record as "VIOLATION ..." or "RECORD ...", then
 * "start1-posts=", "a-violations=", "b-records=" and "done".
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#include "prog_util.h"
#include "internals.h"


#define HOLD_MS 100

/* what the program is doing (set by the ULTs just before the call) */
enum phase {
    PH_OTHER,
    PH_END_JOINED,      /* E returns: its joiner becomes ready */
    PH_END_LAST,        /* W returns: the last ULT of start 1 */
    PH_START2           /* anything in start 2 but the condition wait */
};
static const char *const phase_name[] = {
    "other", "end-of-a-joined-ULT", "end-of-the-last-ULT", "start-2"
};

struct record {
    int cls;            /* 'a' or 'b' */
    int phase;
    int vp;
    int semid;
    int sem_op;
    const char *fn;
};

#define MAX_RECORDS 64
static struct record records[MAX_RECORDS];
static int nrecords, a_count, b_count;
static int posts, waits;
static int phase;
/* per VP: a ULT on it is about to call mltp_cond_wait_lock; its first
   post is that call's release of the SEMAPHORE lock */
static int cw_marker[64];


/* 1 if the run-queue lock stays held for HOLD_MS: then it is the
   caller's (see the top). */
static int held_by_caller(void)
{
    volatile unsigned int *w = it_runq_lock_word();
    if (*w == 0)
        return 0;
    for (int i = 0; i < HOLD_MS; i++) {
        sleep_ms(1);
        if (*w == 0)
            return 0;
    }
    return 1;
}

static void check_op(const char *fn, int semid, const struct sembuf *sops,
                     size_t nsops)
{
    int op = 0;
    for (size_t i = 0; i < nsops; i++)
        if (sops[i].sem_op > 0)
            op = sops[i].sem_op;
    if (!op) {
        INC(waits);
        return;
    }
    INC(posts);
    int vp = mltp_vp_id();
    int cond_wait = 0;
    if (vp >= 0 && vp < 64)
        cond_wait = __atomic_exchange_n(&cw_marker[vp], 0, __ATOMIC_SEQ_CST);
    if (!held_by_caller())
        return;
    int cls = cond_wait ? 'b' : 'a';
    if (cls == 'a')
        INC(a_count);
    else
        INC(b_count);
    int k = INC(nrecords) - 1;
    if (k < MAX_RECORDS) {
        records[k].cls = cls;
        records[k].phase = LOAD(phase);
        records[k].vp = vp;
        records[k].semid = semid;
        records[k].sem_op = op;
        records[k].fn = fn;
    }
}

int semop(int semid, struct sembuf *sops, size_t nsops)
{
    check_op("semop", semid, sops, nsops);
    return (int)base_syscall(SYS_semop, semid, sops, nsops);
}

int semtimedop(int semid, struct sembuf *sops, size_t nsops,
               const struct timespec *timeout)
{
    check_op("semtimedop", semid, sops, nsops);
    return (int)base_syscall(SYS_semtimedop, semid, sops, nsops, timeout);
}

/* ---- start 1: ends of ULTs ------------------------------------------- */

static mltp_t *e_handle;

static void *ender(void *p)
{
    (void)p;
    sleep_ms(60);       /* W blocks in its join; the other VPs park */
    STORE(phase, PH_END_JOINED);
    return NULL;
}

static void *joiner(void *p)
{
    (void)p;
    mltp_join(e_handle, NULL);
    STORE(phase, PH_OTHER);
    sleep_ms(60);       /* the other VPs park again */
    STORE(phase, PH_END_LAST);
    return NULL;
}

/* ---- start 2: a condition wait with a SEMAPHORE lock ----------------- */

static mltp_lock_t sl;
static mltp_cond_t sc = MLTP_COND_INITIALIZER;
static int pred;

static void *cw_waiter(void *p)
{
    (void)p;
    mltp_lock(&sl);
    while (!pred) {
        int vp = mltp_vp_id();
        STORE(cw_marker[vp], 1);
        mltp_cond_wait_lock(&sc, &sl);
        STORE(cw_marker[vp], 0);
    }
    mltp_unlock(&sl);
    return NULL;
}

static void *cw_signaller(void *p)
{
    (void)p;
    sleep_ms(30);       /* the waiter waits */
    mltp_lock(&sl);
    pred = 1;
    mltp_cond_signal(&sc);
    mltp_unlock(&sl);
    return NULL;
}

int main(int argc, char **argv)
{
    int nvp = argc > 2 ? atoi(argv[2]) : 0;
    if (argc < 3 || strcmp(argv[1], "check") || nvp < 2 || nvp > 64) {
        fprintf(stderr, "usage: %s check NVP (NVP 2..64)\n", argv[0]);
        return 2;
    }
    mltp_init();

    mltp_t *h[2];
    e_handle = h[0] = mltp_create(ender, NULL);
    h[1] = mltp_create(joiner, NULL);
    if (!h[0] || !h[1])
        return 99;
    int start1_errno = start_errno(nvp);
    printf("start1-errno=%d\nstart1-posts=%d\n", start1_errno, LOAD(posts));
    mltp_free(h[0]);
    mltp_free(h[1]);

    if (mltp_lock_init(&sl, MLTP_LOCK_SEMAPHORE) != 0)
        return 99;
    STORE(phase, PH_START2);
    h[0] = mltp_create(cw_waiter, NULL);
    h[1] = mltp_create(cw_signaller, NULL);
    if (!h[0] || !h[1])
        return 99;
    int start2_errno = start_errno(nvp);
    printf("start2-errno=%d\nposts=%d\nwaits=%d\n", start2_errno, LOAD(posts), LOAD(waits));
    mltp_free(h[0]);
    mltp_free(h[1]);
    mltp_lock_destroy(&sl);

    int n = LOAD(nrecords);
    for (int i = 0; i < n && i < MAX_RECORDS; i++) {
        const struct record *r = &records[i];
        printf("%s class=%c phase=%s fn=%s semid=%d sem_op=%d vp=%d\n",
               r->cls == 'a' ? "VIOLATION" : "RECORD", r->cls,
               phase_name[r->phase], r->fn, r->semid, r->sem_op, r->vp);
    }
    printf("a-violations=%d\nb-records=%d\ndone\n", LOAD(a_count),
           LOAD(b_count));
    return 0;
}
