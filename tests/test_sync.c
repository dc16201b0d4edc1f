/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_sync.c - synchronisation layer: the four lock classes, trylock and
 * misuse, episode barriers, condition queues, atomics; and what the PARMACS
 * macros build on them, event flags and loop counters. The cases on 2 or
 * 4 VPs run on MLTP_TEST_VPS when set (tests/test_vps.h), unless they say
 * why not.
 */
#include "check_util.h"

static const char *class_name(int c)
{
    switch (c) {
    case MLTP_LOCK_SPIN: return "SPIN";
    case MLTP_LOCK_BLOCK: return "BLOCK";
    case MLTP_LOCK_BLOCK_FRONT: return "BLOCK_FRONT";
    case MLTP_LOCK_SEMAPHORE: return "SEMAPHORE";
    case MLTP_LOCK_MUTEX: return "MUTEX";
    }
    return "?";
}

/* ==================================================================== */
/* Mutual exclusion under contention                                    */

static const struct { int cls, nvp, iters; } mx_cfg[] = {
    { MLTP_LOCK_SPIN, 1, 20000 },
    { MLTP_LOCK_SPIN, 2, 20000 },
    { MLTP_LOCK_SPIN, 4, 20000 }, /* 1000 on more than 2 VPs: below */
    { MLTP_LOCK_BLOCK, 1, 20000 },
    { MLTP_LOCK_BLOCK, 2, 20000 },
    { MLTP_LOCK_BLOCK, 4, 20000 },
    { MLTP_LOCK_BLOCK_FRONT, 1, 20000 },
    { MLTP_LOCK_BLOCK_FRONT, 2, 20000 },
    { MLTP_LOCK_BLOCK_FRONT, 4, 20000 },
    { MLTP_LOCK_SEMAPHORE, 1, 2000 },
    { MLTP_LOCK_SEMAPHORE, 2, 2000 },
    { MLTP_LOCK_SEMAPHORE, 4, 2000 },
    { MLTP_LOCK_MUTEX, 1, 20000 },
    { MLTP_LOCK_MUTEX, 2, 20000 },
    { MLTP_LOCK_MUTEX, 4, 20000 },
};
#define MX_ULTS 8

static mltp_lock_t mx_lock;
static volatile long mx_counter;
static volatile int mx_inside;
static int mx_iters, mx_yield_inside, mx_overlap;
static volatile int mx_spin_sink;

static void *mx_ult(void *p)
{
    int id = (int)(intptr_t)p;
    for (int k = 0; k < mx_iters; k++) {
        mltp_lock(&mx_lock);
        if (mx_inside)
            CU_INC(mx_overlap);
        mx_inside = 1;
        long v = mx_counter;
        if (mx_yield_inside && k % 64 == id)
            mltp_yield(); /* another ULT runs while we hold the lock */
        else
            for (int s = 0; s < 20; s++) /* widen the race window */
                mx_spin_sink++;
        mx_counter = v + 1;
        mx_inside = 0;
        mltp_unlock(&mx_lock);
        if (k % 16 == id % 16)
            mltp_yield();
    }
    return NULL;
}

START_TEST(mutual_exclusion)
{
    int cls = mx_cfg[_i].cls;
    int nvp = mx_cfg[_i].nvp > 1 ? several_vps(mx_cfg[_i].nvp) : 1;
    ck_assert_int_eq(mltp_lock_init(&mx_lock, cls), 0);
    mx_iters = mx_cfg[_i].iters;
    /* more VPs than the 2 CPUs of a small machine: ticket handoffs to
       preempted VPs are slow */
    if (cls == MLTP_LOCK_SPIN && nvp > 2)
        mx_iters = 1000;
    /* A ULT must not yield while holding a lock whose waiters block their
       VP (spin, semaphore): the waiters could occupy every VP. Nor with
       BLOCK_FRONT: two waiters that each yield to the front (behind
       exactly one other thread) keep passing each other and the holder,
       at the back, never runs again (a livelock the original semantics
       imply). BLOCK and MUTEX let the holder yield. */
    mx_yield_inside = cls == MLTP_LOCK_BLOCK || cls == MLTP_LOCK_MUTEX;
    cu_run_ults(nvp, MX_ULTS, mx_ult, NULL);
    ck_assert_msg(mx_overlap == 0, "%s on %d VPs: %d overlapping critical "
                  "sections", class_name(cls), nvp, mx_overlap);
    ck_assert_msg(mx_counter == (long)MX_ULTS * mx_iters,
                  "%s on %d VPs: counter %ld, expected %ld", class_name(cls),
                  nvp, mx_counter, (long)MX_ULTS * mx_iters);
    if (cls != MLTP_LOCK_SEMAPHORE)
        ck_assert_uint_eq(mx_lock.now_serving, mx_lock.next_available);
    if (cls == MLTP_LOCK_SEMAPHORE)
        mltp_lock_destroy(&mx_lock);
}
END_TEST

/* ---- the static initializer ---- */

static mltp_lock_t st_lock = MLTP_LOCK_INITIALIZER;
static volatile long st_counter;

static void *st_ult(void *p)
{
    (void)p;
    for (int k = 0; k < 10000; k++) {
        mltp_lock(&st_lock);
        long v = st_counter;
        for (int s = 0; s < 10; s++)
            mx_spin_sink++;
        st_counter = v + 1;
        mltp_unlock(&st_lock);
        if (k % 50 == 0)
            mltp_yield();
    }
    return NULL;
}

START_TEST(lock_initializer)
{
    ck_assert_int_eq(st_lock.lock_class, MLTP_LOCK_SPIN);
    ck_assert_uint_eq(st_lock.now_serving, st_lock.next_available);
    cu_run_ults(several_vps(2), 4, st_ult, NULL);
    ck_assert_int_eq(st_counter, 40000);
    ck_assert_uint_eq(st_lock.now_serving, st_lock.next_available);
}
END_TEST

/* ---- ticket fields, trylock, unlock misuse (inside ULTs, 1 VP) ---- */

static int cur_cls;

static void *ticket_ult(void *p)
{
    (void)p;
    mltp_lock_t l;
    ULT_CHECK(mltp_lock_init(&l, cur_cls) == 0, "lock_init");
    ULT_CHECK(l.lock_class == cur_cls, "lock_class %d", l.lock_class);
    ULT_CHECK(l.now_serving == l.next_available, "fresh lock looks held");
    for (int r = 0; r < 3; r++) {
        mltp_lock(&l);
        ULT_CHECK(l.next_available - l.now_serving == 1,
                  "%s: held lock: next_available %u now_serving %u",
                  class_name(cur_cls), l.next_available, l.now_serving);
        mltp_unlock(&l);
        ULT_CHECK(l.next_available == l.now_serving,
                  "%s: free lock: next_available %u now_serving %u",
                  class_name(cur_cls), l.next_available, l.now_serving);
    }
    return NULL;
}

START_TEST(ticket_fields)
{
    static const int cls[] = { MLTP_LOCK_SPIN, MLTP_LOCK_BLOCK,
                               MLTP_LOCK_BLOCK_FRONT };
    cur_cls = cls[_i];
    cu_run_ults(1, 1, ticket_ult, NULL);
    cu_assert_ults_ok();
}
END_TEST

static mltp_lock_t tl;
static int tl_phase;
static void *try_holder(void *p)
{
    (void)p;
    int r = mltp_trylock(&tl);
    ULT_CHECK(r != 0, "%s: trylock of a free lock failed", class_name(cur_cls));
    ULT_CHECK(mltp_trylock(&tl) == 0, "%s: trylock of a held lock "
              "succeeded", class_name(cur_cls));
    if (cur_cls != MLTP_LOCK_SEMAPHORE)
        ULT_CHECK(tl.next_available - tl.now_serving == 1,
                  "failed trylock changed the tickets");
    CU_STORE(tl_phase, 1);
    while (CU_LOAD(tl_phase) != 2)
        mltp_yield(); /* holding the lock; the other ULT only tries */
    ULT_CHECK(mltp_unlock(&tl) == 0, "unlock");
    CU_STORE(tl_phase, 3);
    return NULL;
}
static void *try_other(void *p)
{
    (void)p;
    while (CU_LOAD(tl_phase) != 1)
        mltp_yield();
    ULT_CHECK(mltp_trylock(&tl) == 0, "%s: trylock succeeded while another "
              "ULT holds the lock", class_name(cur_cls));
    CU_STORE(tl_phase, 2);
    while (CU_LOAD(tl_phase) != 3)
        mltp_yield();
    ULT_CHECK(mltp_trylock(&tl) != 0, "%s: trylock after release failed",
              class_name(cur_cls));
    ULT_CHECK(mltp_unlock(&tl) == 0, "unlock");
    return NULL;
}

/* ---- MUTEX frees the lock at unlock, BLOCK hands it over ---- */

/* On 1 VP: the holder lets a waiter block on the lock, then unlocks and
   tries it at once, before the waiter has run again. A BLOCK lock is
   then the waiter's already (held by a ULT that is not running); a MUTEX
   is free, and its waiter, readied, takes it after the holder's second
   unlock. */
static mltp_lock_t fo_lock;
static int fo_log[4], fo_n, fo_retook;

static void *fo_waiter(void *p)
{
    (void)p;
    mltp_lock(&fo_lock);            /* blocks: the holder has it */
    fo_log[fo_n++] = 2;
    mltp_unlock(&fo_lock);
    return NULL;
}

static void *fo_holder(void *p)
{
    (void)p;
    mltp_lock(&fo_lock);
    fo_log[fo_n++] = 1;
    mltp_yield();                   /* the waiter tries, yields once, */
    mltp_yield();                   /* tries again and blocks */
    mltp_unlock(&fo_lock);
    fo_retook = mltp_trylock(&fo_lock);
    if (fo_retook) {
        fo_log[fo_n++] = 3;
        mltp_unlock(&fo_lock);
    }
    return NULL;
}

START_TEST(unlock_frees_or_hands_over)
{
    int cls = _i ? MLTP_LOCK_MUTEX : MLTP_LOCK_BLOCK;

    ck_assert_int_eq(mltp_lock_init(&fo_lock, cls), 0);
    fo_n = fo_retook = 0;
    mltp_t *h = mltp_create(fo_holder, NULL), *w = mltp_create(fo_waiter, NULL);
    ck_assert(h && w);
    mltp_start(1);
    cu_assert_ults_ok();
    if (cls == MLTP_LOCK_MUTEX) {
        ck_assert_msg(fo_retook, "MUTEX: not free right after unlock");
        ck_assert_int_eq(fo_n, 3);
        ck_assert_int_eq(fo_log[1], 3);     /* the holder again, then */
        ck_assert_int_eq(fo_log[2], 2);     /* the readied waiter */
    } else {
        ck_assert_msg(!fo_retook, "BLOCK: not handed to its waiter");
        ck_assert_int_eq(fo_n, 2);
        ck_assert_int_eq(fo_log[1], 2);
    }
    ck_assert_uint_eq(fo_lock.now_serving, fo_lock.next_available);
    free(h);
    free(w);
}
END_TEST

/* ---- the time slice: a ULT that polls under a yielding lock ---- */

/* On 1 VP, a poller runs first and waits for a flag that only the ULT
   queued behind it sets: by lock/unlock of a lock nobody else holds
   (_i 0), or by trylocks that fail on a lock held by that ULT, which
   yielded while holding it (_i 1). Only a time slice lets the other run;
   the poll gives up after 2 s (MLTP_SLICE_US is 1 ms). */
static mltp_lock_t sl_lock;
static volatile int sl_flag, sl_mode, sl_seen;
static double sl_waited;

static void *sl_poller(void *p)
{
    double start = now(), end = start + 2;

    (void)p;
    if (sl_mode == 1)
        mltp_yield();       /* the setter takes the lock, and yields */
    while (!sl_flag && now() < end) {
        if (sl_mode == 0) {
            mltp_lock(&sl_lock);
            mltp_unlock(&sl_lock);
        } else if (mltp_trylock(&sl_lock)) {
            mltp_unlock(&sl_lock);
        }
    }
    sl_waited = now() - start;
    sl_seen = sl_flag;
    return NULL;
}

static void *sl_setter(void *p)
{
    (void)p;
    if (sl_mode == 1) {
        mltp_lock(&sl_lock);
        mltp_yield();       /* the poller polls the held lock */
        sl_flag = 1;
        mltp_unlock(&sl_lock);
    } else {
        sl_flag = 1;
    }
    return NULL;
}

START_TEST(slice_lets_waited_for_run)
{
    sl_mode = _i;
    sl_flag = sl_seen = 0;
    ck_assert_int_eq(mltp_lock_init(&sl_lock, MLTP_LOCK_BLOCK), 0);
    mltp_t *a = mltp_create(sl_poller, NULL), *b = mltp_create(sl_setter, NULL);
    ck_assert(a && b);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_msg(sl_seen, "%s poller kept the only VP for 2 s",
                  _i ? "trylock" : "lock/unlock");
    /* a slice or two, and the clock read every 256 unlocks */
    ck_assert_msg(sl_waited < 0.5, "the poller kept its VP for %.3f s", sl_waited);
    free(a);
    free(b);
}
END_TEST

START_TEST(trylock)
{
    cur_cls = _i;
    ck_assert_int_eq(mltp_lock_init(&tl, cur_cls), 0);
    mltp_t *a = mltp_create(try_holder, NULL);
    mltp_t *b = mltp_create(try_other, NULL);
    ck_assert(a && b);
    mltp_start(_i % 2 ? several_vps(2) : 1);
    cu_assert_ults_ok();
    ck_assert_int_eq(tl_phase, 3);
    free(a);
    free(b);
}
END_TEST

static int uf_ret = -1;
static off_t uf_msglen = -1;
static void *unlock_free_ult(void *p)
{
    (void)p;
    mltp_lock_t l;
    ULT_CHECK(mltp_lock_init(&l, cur_cls) == 0, "lock_init");
    mltp_lock_t before = l;
    char path[] = "/tmp/mltp-test-stderr-XXXXXX";
    int fd = mkstemp(path);
    ULT_CHECK(fd >= 0, "mkstemp");
    unlink(path);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    uf_ret = mltp_unlock(&l);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    struct stat sb;
    fstat(fd, &sb);
    uf_msglen = sb.st_size;
    close(fd);
    ULT_CHECK(l.now_serving == before.now_serving &&
              l.next_available == before.next_available &&
              l.lock_class == before.lock_class,
              "%s: failed unlock changed the lock", class_name(cur_cls));
    /* still usable */
    mltp_lock(&l);
    ULT_CHECK(mltp_trylock(&l) == 0, "lock not held after mltp_lock");
    ULT_CHECK(mltp_unlock(&l) == 0, "unlock after misuse");
    ULT_CHECK(mltp_trylock(&l) != 0, "lock not free after unlock");
    ULT_CHECK(mltp_unlock(&l) == 0, "second unlock");
    if (cur_cls == MLTP_LOCK_SEMAPHORE)
        mltp_lock_destroy(&l);
    return NULL;
}

START_TEST(unlock_free_lock)
{
    cur_cls = _i;
    cu_run_ults(1, 1, unlock_free_ult, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(uf_ret, EPERM);
    ck_assert_msg(uf_msglen > 0, "no message on stderr for unlocking a free "
                  "%s lock", class_name(cur_cls));
}
END_TEST

/* ---- SPIN waiters on other VPs are served in ticket order ---- */

/* ULT 0 holds the lock until the waiters 1..n have each taken a ticket,
   in that order (waiter i asks once waiter i-1's ticket is out), each
   spinning on a VP of its own; then it unlocks. They must enter in the
   order they asked, whatever their distance from the head (each looks
   again after about that many pauses) and with more VPs than CPUs (the
   waiters give their CPUs away while the turn does not move). */
#define SF_MAX 4
static mltp_lock_t sf_lock;
static int sf_waiters, sf_order[SF_MAX], sf_n;

static void *sf_ult(void *p)
{
    int id = (int)(intptr_t)p;

    if (id == 0) {
        mltp_lock(&sf_lock);
        /* no yield while holding a SPIN lock: spin on our VP */
        while (CU_LOAD(sf_lock.next_available) != (unsigned int)sf_waiters + 1)
            ;
        mltp_unlock(&sf_lock);
        return NULL;
    }
    while (CU_LOAD(sf_lock.next_available) != (unsigned int)id)
        mltp_yield();               /* not in line yet: let others run */
    mltp_lock(&sf_lock);
    sf_order[sf_n++] = id;
    mltp_unlock(&sf_lock);
    return NULL;
}

START_TEST(spin_fifo_across_vps)
{
    int nvp = 3 + _i;               /* 3 VPs, then 4: more than 2 CPUs */

    sf_waiters = nvp - 1;
    sf_n = 0;
    ck_assert_int_eq(mltp_lock_init(&sf_lock, MLTP_LOCK_SPIN), 0);
    cu_run_ults(nvp, nvp, sf_ult, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(sf_n, sf_waiters);
    for (int i = 0; i < sf_waiters; i++)
        ck_assert_msg(sf_order[i] == i + 1, "%d VPs: entry %d was waiter %d, "
                      "expected %d (ticket order)", nvp, i, sf_order[i], i + 1);
    ck_assert_uint_eq(sf_lock.now_serving, sf_lock.next_available);
}
END_TEST

/* ---- a ULT readied for a VP that spins still runs ---- */

/* With more VPs than CPUs and as many busy as CPUs, a signal readies its
   waiter on the signaller's VP without waking a parked VP: that VP
   switches soon. Here it does not: the signaller then spins for a SPIN
   lock whose holder waits for the woken ULT. The spinning waiter must
   wake a parked VP for it. VPs: the holder, the signaller, fillers that
   spin until the end (as many busy VPs as CPUs), and one more. */
static mltp_lock_t sn_spin, sn_turn;
static mltp_cond_t sn_cond;
static int sn_holding, sn_waiting, sn_woken, sn_done, sn_fillers;

static void *sn_ult(void *p)
{
    int id = (int)(intptr_t)p;

    if (id == 0) {                  /* the holder */
        mltp_lock(&sn_spin);
        CU_STORE(sn_holding, 1);
        while (!CU_LOAD(sn_woken))
            ;                       /* keeps its VP: no yield under SPIN */
        mltp_unlock(&sn_spin);
    } else if (id == 1) {           /* the waiter */
        mltp_lock(&sn_turn);
        CU_STORE(sn_waiting, 1);
        mltp_cond_wait_lock(&sn_cond, &sn_turn);
        CU_STORE(sn_woken, 1);
    } else if (id == 2) {           /* the signaller */
        while (!CU_LOAD(sn_holding) || !CU_LOAD(sn_waiting))
            mltp_yield();
        /* time for the waiter's VP to find nothing and park (with more
           VPs than CPUs, idle VPs park at once) */
        for (double t0 = now(); now() - t0 < 0.005;)
            mltp_yield();
        mltp_lock(&sn_turn);        /* the waiter is queued once we have it */
        mltp_cond_signal(&sn_cond);
        mltp_unlock(&sn_turn);
        mltp_lock(&sn_spin);        /* spins: the holder waits for the waiter */
        mltp_unlock(&sn_spin);
        CU_STORE(sn_done, 1);
    } else {                        /* fillers: busy VPs */
        while (!CU_LOAD(sn_holding))
            mltp_yield();
        while (!CU_LOAD(sn_done))
            ;
    }
    return NULL;
}

START_TEST(woken_ult_runs_while_waker_spins)
{
    cpu_set_t cpus;
    int ncpus = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1;

    sn_fillers = ncpus > 2 ? ncpus - 2 : 0;
    sn_holding = sn_waiting = sn_woken = sn_done = 0;
    ck_assert_int_eq(mltp_lock_init(&sn_spin, MLTP_LOCK_SPIN), 0);
    ck_assert_int_eq(mltp_lock_init(&sn_turn, MLTP_LOCK_SPIN), 0);
    mltp_cond_init(&sn_cond);
    /* holder, signaller and fillers busy: max(ncpus, 2); one VP more */
    cu_run_ults((ncpus > 2 ? ncpus : 2) + 1, 3 + sn_fillers, sn_ult, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(CU_LOAD(sn_woken), 1);
    ck_assert_int_eq(CU_LOAD(sn_done), 1);
}
END_TEST

/* ---- semaphore sets go away with the program, however it ends ---- */

static mltp_lock_t sx_locks[70]; /* more than one set's worth, likely */
static void *sx_ult(void *p)
{
    int i = (int)(intptr_t)p;
    for (int k = 0; k < 50; k++) {
        mltp_lock(&sx_locks[(i + k) % 70]);
        mltp_unlock(&sx_locks[(i + k) % 70]);
        if (k % 5 == 0)
            mltp_yield();
    }
    return NULL;
}

START_TEST(semaphore_sets_removed)
{
    /* 0: return from main (exit), 1: _exit, 2: killed by SIGKILL, 3: after
       mltp_lock_destroy of every lock, 4: exit without ever calling
       mltp_start */
    int mode = _i;
    int priv = cu_private_ipc();
    struct cu_semsnap before;
    cu_sem_snapshot(&before);
    int pfd[2];
    pid_t pid = cu_fork_with_pipe(pfd);
    if (pid == 0) {
        close(pfd[0]);
        int bad = 0;
        for (int i = 0; i < 70; i++)
            bad |= mltp_lock_init(&sx_locks[i], MLTP_LOCK_SEMAPHORE) != 0;
        if (mode != 4) {
            for (int i = 0; i < 8; i++)
                bad |= mltp_create(sx_ult, (void *)(intptr_t)i) == NULL;
            mltp_start(several_vps(2));
        }
        if (mode == 3)
            for (int i = 0; i < 70; i++)
                mltp_lock_destroy(&sx_locks[i]);
        char c = bad ? 'B' : 'K';
        if (write(pfd[1], &c, 1) != 1)
            _exit(3);
        if (mode == 1)
            _exit(0);
        if (mode == 2) {
            pause(); /* the parent kills us */
            _exit(4);
        }
        exit(0);
    }
    close(pfd[1]);
    char c = 0;
    ck_assert_int_eq(read(pfd[0], &c, 1), 1);
    close(pfd[0]);
    if (mode == 2)
        kill(pid, SIGKILL);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(c == 'K', "creating semaphore locks or ULTs failed");
    char desc[512];
    int n = cu_sem_leaks(&before, priv, &pid, 1, 2.0, desc, sizeof desc);
    ck_assert_msg(n == 0, "mode %d: %d semaphore set(s) left after the "
                  "program ended: %s", mode, n, desc);
}
END_TEST

/* A harness (Check after a test, a shell's ^C, kill -9 -PGID) kills the
   program's whole process group, right after the first semaphore set was
   made: whatever removes the sets must not die with the group. This looks
   for a race, so a broken library may pass now and then; a correct one
   always passes. */
START_TEST(semaphore_sets_group_kill)
{
    int priv = cu_private_ipc();
    struct cu_semsnap before;
    cu_sem_snapshot(&before);
    pid_t pids[60];
    int n = (int)(sizeof pids / sizeof pids[0]);
    /* one CPU for all: a helper process forked by the library then tends
       to run only after its creator, which widens any window */
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET((size_t)(sched_getcpu() >= 0 ? sched_getcpu() : 0), &one);
    sched_setaffinity(0, sizeof one, &one);
    for (int i = 0; i < n; i++) {
        int pfd[2];
        pid_t pid = cu_fork_with_pipe(pfd);
        if (pid == 0) {
            setpgid(0, 0);
            signal(SIGINT, SIG_DFL);
            /* lowest priority: the killer (this test) runs at once */
            setpriority(PRIO_PROCESS, 0, 19);
            mltp_lock_t l;
            char c = mltp_lock_init(&l, MLTP_LOCK_SEMAPHORE) == 0 ? 'K' : 'B';
            if (write(pfd[1], &c, 1) != 1)
                _exit(3);
            for (;;)
                pause();
        }
        setpgid(pid, pid);
        char c = 0;
        ck_assert_int_eq(read(pfd[0], &c, 1), 1);
        ck_assert_int_eq(c, 'K');
        kill(-pid, i % 2 ? SIGINT : SIGKILL);
        ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
        close(pfd[0]);
        close(pfd[1]);
        pids[i] = pid;
    }
    char desc[512];
    int left = cu_sem_leaks(&before, priv, pids, n, 2.0, desc, sizeof desc);
    ck_assert_msg(left == 0, "%d of %d programs killed (as a process group) "
                  "just after creating a semaphore lock left their set "
                  "behind: %s", left, n, desc);
}
END_TEST

/* Semaphore locks made at once by ULTs on several VPs, past a set of 64:
   a new set is made with no lock held, so two may be made at once. Every
   lock is made, each in a slot of its own (it excludes its holder's
   second try), and each can be taken and given back. */
#define SL_ULTS 8
#define SL_PER 40               /* 320 locks: at least 5 sets */
static mltp_lock_t sl_locks[SL_ULTS][SL_PER];

static void *sl_maker(void *p)
{
    int k = (int)(intptr_t)p;

    for (int i = 0; i < SL_PER; i++) {
        int e = mltp_lock_init(&sl_locks[k][i], MLTP_LOCK_SEMAPHORE);
        ULT_CHECK(e == 0, "ULT %d, lock %d: mltp_lock_init: %s", k, i, strerror(e));
        if (i % 8 == 0)
            mltp_yield();
    }
    return NULL;
}

START_TEST(semaphore_locks_made_at_once)
{
    mltp_lock_t *all = &sl_locks[0][0];
    int n = SL_ULTS * SL_PER;

    cu_reset_fails();
    cu_run_ults(several_vps(2), SL_ULTS, sl_maker, NULL);
    cu_assert_ults_ok();
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            ck_assert_msg(all[i].sem_slot != all[j].sem_slot,
                          "locks %d and %d share semaphore slot %d", i, j,
                          all[i].sem_slot);
    for (int i = 0; i < n; i++) {
        ck_assert_int_eq(mltp_trylock(&all[i]), 1);
        ck_assert_int_eq(mltp_trylock(&all[i]), 0);
        mltp_unlock(&all[i]);
        mltp_lock_destroy(&all[i]);
    }
}
END_TEST

/* The sets run out at 64 of 64 semaphores: the next lock is refused with
   ENOSPC, and a destroyed lock's slot serves again. */
#define SO_MAX (64 * 64)
static mltp_lock_t so_locks[SO_MAX + 1];

START_TEST(semaphore_locks_run_out)
{
    for (int i = 0; i < SO_MAX; i++)
        ck_assert_msg(mltp_lock_init(&so_locks[i], MLTP_LOCK_SEMAPHORE) == 0,
                      "semaphore lock %d of %d refused", i, SO_MAX);
    ck_assert_int_eq(mltp_lock_init(&so_locks[SO_MAX], MLTP_LOCK_SEMAPHORE), ENOSPC);
    mltp_lock_destroy(&so_locks[SO_MAX / 2]);
    ck_assert_int_eq(mltp_lock_init(&so_locks[SO_MAX], MLTP_LOCK_SEMAPHORE), 0);
    ck_assert_int_eq(mltp_trylock(&so_locks[SO_MAX]), 1);
    mltp_unlock(&so_locks[SO_MAX]);
    for (int i = 0; i <= SO_MAX; i++)
        mltp_lock_destroy(&so_locks[i]);
}
END_TEST

/* ==================================================================== */
/* Episode barriers                                                     */

#define BAR_EPISODES 200
static mltp_barrier_t bar;
static int bar_n;
static int bar_phase[16];
static int bar_bad_ret;

static int bar_episodes = BAR_EPISODES;
static void bound_barrier(void *p);

static void barrier_loop(int i, int count, int is_ult)
{
    for (int e = 1; e <= bar_episodes; e++) {
        CU_STORE(bar_phase[i], e);
        int r = mltp_barrier(&bar, count);
        if (r != 0)
            CU_INC(bar_bad_ret);
        for (int j = 0; j < count; j++) {
            int pj = CU_LOAD(bar_phase[j]);
            ULT_CHECK(pj >= e, "participant %d passed episode %d while %d "
                      "was at phase %d (passed early)", i, e, j, pj);
            ULT_CHECK(pj <= e + 1, "participant %d at episode %d sees %d at "
                      "phase %d (more than one ahead)", i, e, j, pj);
        }
        if ((e + i) % 7 == 0) {
            if (is_ult)
                mltp_yield();
            else
                mltp_yield_bound();
        }
    }
}

static void *bar_ult(void *p)
{
    barrier_loop((int)(intptr_t)p, bar_n, 1);
    return NULL;
}

static const struct { int n, nvp; } bar_cfg[] = {
    { 2, 1 }, { 2, 2 }, { 2, 4 }, { 5, 1 }, { 5, 2 },
    { 5, 4 }, { 8, 1 }, { 8, 2 }, { 8, 4 },
};

START_TEST(barrier_episodes)
{
    mltp_barrier_init(&bar);
    bar_n = bar_cfg[_i].n;
    cu_run_ults(bar_cfg[_i].nvp > 1 ? several_vps(bar_cfg[_i].nvp) : 1, bar_n,
                bar_ult, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(bar_bad_ret, 0);
    for (int i = 0; i < bar_n; i++)
        ck_assert_int_eq(bar_phase[i], BAR_EPISODES);
}
END_TEST

/* static initializer, and the same barrier object reused by a new start */
static mltp_barrier_t bar_static = MLTP_BARRIER_INITIALIZER;
static int bs_count;
static void *bs_ult(void *p)
{
    (void)p;
    for (int e = 0; e < 50; e++) {
        CU_INC(bs_count);
        ULT_CHECK(mltp_barrier(&bar_static, 3) == 0, "barrier");
        int c = CU_LOAD(bs_count);
        ULT_CHECK(c >= 3 * (e + 1) && c <= 3 * (e + 2),
                  "count %d after episode %d", c, e);
        ULT_CHECK(mltp_barrier(&bar_static, 3) == 0, "barrier");
    }
    return NULL;
}

START_TEST(barrier_initializer_reuse)
{
    for (int r = 0; r < 2; r++) {
        CU_STORE(bs_count, 0);
        cu_run_ults(r ? several_vps(2) : 1, 3, bs_ult, NULL);
        cu_assert_ults_ok();
        ck_assert_int_eq(bs_count, 150);
    }
}
END_TEST

static int bz_r0 = -1, bz_rm = -1, bz_rbig = -1;
static void *bz_ult(void *p)
{
    (void)p;
    mltp_barrier_t b;
    mltp_barrier_init(&b);
    bz_r0 = mltp_barrier(&b, 0);
    bz_rm = mltp_barrier(&b, -2);
    bz_rbig = mltp_barrier(&b, 1 << 24);   /* above the 24-bit count */
    /* count 1: passes at once */
    ULT_CHECK(mltp_barrier(&b, 1) == 0, "count-1 barrier");
    ULT_CHECK(mltp_barrier(&b, 1) == 0, "count-1 barrier");
    return NULL;
}

START_TEST(barrier_bad_count)
{
    cu_run_ults(1, 1, bz_ult, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(bz_r0, EINVAL);
    ck_assert_int_eq(bz_rm, EINVAL);
    ck_assert_int_eq(bz_rbig, EINVAL);
}
END_TEST

/* Many episodes on 2 VPs: 2 parties (they spin), 3 (one is always
   queued, so arrivals block), and 2 ULTs with a bound thread (which
   spins): arrivals without the run-queue lock, blocked waiters on the
   two episode lists, releases racing new arrivals. On 2 VPs whatever
   MLTP_TEST_VPS says: on more, no ULT of the 3 would be queued. */
static const struct { int ults, bound; } bs_cfg[] = { { 2, 0 }, { 3, 0 }, { 2, 1 } };

START_TEST(barrier_stress)
{
    mltp_t *bt = NULL;

    mltp_barrier_init(&bar);
    bar_episodes = 20000;
    bar_n = bs_cfg[_i].ults + bs_cfg[_i].bound;
    if (bs_cfg[_i].bound)
        ck_assert_ptr_nonnull(bt = mltp_create_bound(bound_barrier,
                              (void *)(intptr_t)bs_cfg[_i].ults, 0, NULL));
    cu_run_ults(2, bs_cfg[_i].ults, bar_ult, NULL);
    if (bt) {
        mltp_join_bound(*bt);
        free(bt);
    }
    bar_episodes = BAR_EPISODES;
    cu_assert_ults_ok();
    ck_assert_int_eq(bar_bad_ret, 0);
    for (int i = 0; i < bar_n; i++)
        ck_assert_int_eq(bar_phase[i], 20000);
}
END_TEST

/* a bound thread (kernel-level; it spins) in a barrier with ULTs */
static void bound_barrier(void *p)
{
    barrier_loop((int)(intptr_t)p, bar_n, 0);
}

START_TEST(barrier_with_bound_thread)
{
    mltp_barrier_init(&bar);
    bar_n = 4; /* 3 ULTs + 1 bound thread */
    mltp_t *bt = mltp_create_bound(bound_barrier, (void *)(intptr_t)3, 0,
                                   NULL);
    ck_assert_ptr_nonnull(bt);
    cu_run_ults(several_vps(2), 3, bar_ult, NULL);
    mltp_join_bound(*bt);
    free(bt);
    cu_assert_ults_ok();
    ck_assert_int_eq(bar_bad_ret, 0);
    for (int i = 0; i < bar_n; i++)
        ck_assert_int_eq(bar_phase[i], BAR_EPISODES);
}
END_TEST

/* One VP and no bound thread: the run queue goes unlocked ("solo") until
   a ULT creates a bound thread, which then creates ULTs while the VP's
   own ULTs create and yield: none may be lost. */
#define SOLO_N 100000
/* ULTs made and not ended, at most: each holds a stack, and before Linux
   6.13 a stack with its guard is 2 of vm.max_map_count's 65530 mappings
   (a bound thread that outruns the VP, as under emulation, ran out) */
#define SOLO_LIVE_MAX 8192
static int solo_ran, solo_made, solo_own, solo_ended;
static mltp_t *solo_bt;

static void *solo_child(void *p)
{
    (void)p;
    CU_INC(solo_ran);
    mltp_yield();
    CU_INC(solo_ended);
    return NULL;
}

static void solo_bound(void *p)
{
    (void)p;
    for (int i = 0; i < SOLO_N; i++) {
        while (CU_LOAD(solo_made) - CU_LOAD(solo_ended) > SOLO_LIVE_MAX)
            sched_yield();
        mltp_t *t = mltp_create(solo_child, NULL);
        if (t && mltp_detach(t) == 0)
            CU_INC(solo_made);
    }
}

static void *solo_vp_side(void *p)
{
    if (p) {
        solo_bt = mltp_create_bound(solo_bound, NULL, 0, NULL);
        ULT_CHECK(solo_bt != NULL, "mltp_create_bound failed");
    }
    while (CU_LOAD(solo_made) < SOLO_N) {   /* while the bound thread creates */
        mltp_t *t = mltp_create(solo_child, NULL);
        if (t && mltp_detach(t) == 0)
            CU_INC(solo_own);
        mltp_yield();
    }
    while (CU_LOAD(solo_ran) < SOLO_N + CU_LOAD(solo_own))
        mltp_yield();
    return NULL;
}

START_TEST(solo_start_then_bound_thread)
{
    mltp_t *a = mltp_create(solo_vp_side, (void *)1);
    mltp_t *b = mltp_create(solo_vp_side, NULL);
    ck_assert(a && b);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_ptr_nonnull(solo_bt);
    mltp_join_bound(*solo_bt);
    free(solo_bt);
    ck_assert_int_eq(CU_LOAD(solo_made), SOLO_N);
    ck_assert_int_eq(CU_LOAD(solo_ran), SOLO_N + CU_LOAD(solo_own));
    free(a);
    free(b);
}
END_TEST

/* ==================================================================== */
/* Condition queues                                                     */

#define PC_BUF 4
#define PC_PROD 3
#define PC_CONS 3
#define PC_ITEMS_MAX 2000
static int pc_items = PC_ITEMS_MAX;
#define PC_TOTAL (PC_PROD * pc_items)
static mltp_lock_t pc_l;
static mltp_cond_t pc_notfull, pc_notempty;
static int pc_buf[PC_BUF], pc_head, pc_count, pc_taken;
static unsigned char pc_seen[PC_PROD * PC_ITEMS_MAX];
static int pc_dup;

static void *pc_producer(void *p)
{
    int id = (int)(intptr_t)p;
    for (int k = 0; k < pc_items; k++) {
        mltp_lock(&pc_l);
        while (pc_count == PC_BUF)
            mltp_cond_wait_lock(&pc_notfull, &pc_l);
        pc_buf[(pc_head + pc_count) % PC_BUF] = id * pc_items + k;
        pc_count++;
        mltp_cond_signal(&pc_notempty);
        mltp_unlock(&pc_l);
        if (k % 8 == 0)
            mltp_yield();
    }
    return NULL;
}

static void *pc_consumer(void *p)
{
    (void)p;
    for (;;) {
        mltp_lock(&pc_l);
        while (pc_count == 0 && pc_taken < PC_TOTAL)
            mltp_cond_wait_lock(&pc_notempty, &pc_l);
        if (pc_taken == PC_TOTAL) {
            mltp_unlock(&pc_l);
            break;
        }
        int item = pc_buf[pc_head];
        pc_head = (pc_head + 1) % PC_BUF;
        pc_count--;
        pc_taken++;
        if (item < 0 || item >= PC_TOTAL || pc_seen[item]++)
            pc_dup++;
        if (pc_taken == PC_TOTAL)
            mltp_cond_broadcast(&pc_notempty);
        mltp_cond_signal(&pc_notfull);
        mltp_unlock(&pc_l);
    }
    return NULL;
}

/* ==================================================================== */
/* Word waits                                                           */

static long ww_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

/* Outside a ULT (the kernel's futex path) and misuse */
START_TEST(word_wait_misuse_and_timeout)
{
    volatile unsigned int w = 7;
    long t0;

    ck_assert_int_eq(mltp_word_wait(&w, 8, -1), EAGAIN);
    ck_assert_int_eq(mltp_word_wait(NULL, 0, -1), EINVAL);
    ck_assert_int_eq(mltp_word_wait(&w, 7, -2), EINVAL);
    ck_assert_int_eq(mltp_word_wake(&w, -1), -EINVAL);
    ck_assert_int_eq(mltp_word_wake(NULL, 1), -EINVAL);
    ck_assert_int_eq(mltp_word_wake(&w, 1), 0);
    ck_assert_int_eq(mltp_word_wait(&w, 7, ww_now_ns() - 1), ETIMEDOUT);
    t0 = ww_now_ns();
    ck_assert_int_eq(mltp_word_wait(&w, 7, t0 + 5000000), ETIMEDOUT);
    ck_assert_int_ge(ww_now_ns() - t0, 5000000);
}
END_TEST

/* Tokens through a word: posters add one and wake one; takers take one
   or wait, half of them with deadlines of 1-10 us that race the wakes,
   and a bound thread (the futex path) takes too. Every token is taken,
   and a wake is never lost: the waits that return 0 are exactly the
   waiters the wakes say they let go. */
#define WW_TAKERS 6
#define WW_TOKENS 6000
static volatile unsigned int ww_count;
static long ww_taken, ww_woken_waits, ww_wakes, ww_timeouts;
static int ww_posters_left;

static int ww_try_take(void)
{
    unsigned int c = __atomic_load_n(&ww_count, __ATOMIC_SEQ_CST);
    while (c > 0)
        if (__atomic_compare_exchange_n(&ww_count, &c, c - 1, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
            return 1;
    return 0;
}

static void ww_take_all(int timed)
{
    for (;;) {
        if (ww_try_take()) {
            if (__atomic_add_fetch(&ww_taken, 1, __ATOMIC_SEQ_CST) == WW_TOKENS)
                /* the others may stop */
                __atomic_add_fetch(&ww_wakes, mltp_word_wake(&ww_count, 1 << 30),
                                   __ATOMIC_SEQ_CST);
            continue;
        }
        if (__atomic_load_n(&ww_taken, __ATOMIC_SEQ_CST) >= WW_TOKENS)
            return;
        long deadline = timed ? ww_now_ns() + 1000 + (ww_now_ns() % 9000) : -1;
        int e = mltp_word_wait(&ww_count, 0, deadline);
        if (e == 0)
            CU_INC(ww_woken_waits);
        else if (e == ETIMEDOUT)
            CU_INC(ww_timeouts);
        else
            ULT_CHECK(e == EAGAIN || e == EINTR, "word wait: %d", e);
    }
}

static void *ww_taker(void *p)
{
    ww_take_all((int)(intptr_t)p % 2);
    return NULL;
}

static void ww_bound_taker(void *p)
{
    ww_take_all((int)(intptr_t)p);
}

static void *ww_poster(void *p)
{
    for (int i = 0; i < WW_TOKENS / 2; i++) {
        __atomic_add_fetch(&ww_count, 1, __ATOMIC_SEQ_CST);
        __atomic_add_fetch(&ww_wakes, mltp_word_wake(&ww_count, 1), __ATOMIC_SEQ_CST);
        if (i % 8 == (int)(intptr_t)p)
            mltp_yield();
    }
    __atomic_sub_fetch(&ww_posters_left, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

START_TEST(word_wait_no_wake_lost)
{
    int nvp = _i ? several_vps(_i == 1 ? 2 : 4) : 1;
    mltp_t *t[WW_TAKERS + 2], *bt;

    ww_count = 0;
    ww_taken = ww_woken_waits = ww_wakes = ww_timeouts = 0;
    ww_posters_left = 2;
    ck_assert_ptr_nonnull(bt = mltp_create_bound(ww_bound_taker, (void *)(intptr_t)(_i % 2), 0,
                                                 NULL));
    for (int i = 0; i < WW_TAKERS; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create(ww_taker, (void *)(intptr_t)i));
    for (int i = 0; i < 2; i++)
        ck_assert_ptr_nonnull(t[WW_TAKERS + i] = mltp_create(ww_poster, (void *)(intptr_t)i));
    mltp_start(nvp);
    mltp_join_bound(*bt);
    free(bt);
    for (int i = 0; i < WW_TAKERS + 2; i++)
        free(t[i]);
    cu_assert_ults_ok();
    ck_assert_int_eq(ww_taken, WW_TOKENS);
    ck_assert_int_eq(ww_count, 0);
    ck_assert_int_eq(ww_woken_waits, ww_wakes);
}
END_TEST

START_TEST(cond_producer_consumer)
{
    int cls = _i / 3 ? MLTP_LOCK_SPIN : MLTP_LOCK_BLOCK;
    int nvp = _i % 3 ? several_vps(_i % 3 == 1 ? 2 : 4) : 1;
    /* spinning waiters on more VPs than CPUs make each handoff slow */
    pc_items = cls == MLTP_LOCK_SPIN && nvp > 2 ? 500 : PC_ITEMS_MAX;
    ck_assert_int_eq(mltp_lock_init(&pc_l, cls), 0);
    mltp_cond_init(&pc_notfull);
    mltp_cond_init(&pc_notempty);
    mltp_t *t[PC_PROD + PC_CONS];
    for (int i = 0; i < PC_PROD + PC_CONS; i++) {
        /* interleave producers and consumers */
        t[i] = i % 2 ? mltp_create(pc_producer, (void *)(intptr_t)(i / 2))
                     : mltp_create(pc_consumer, NULL);
        ck_assert_ptr_nonnull(t[i]);
    }
    mltp_start(nvp);
    ck_assert_int_eq(pc_taken, PC_TOTAL);
    ck_assert_int_eq(pc_dup, 0);
    ck_assert_int_eq(pc_count, 0);
    for (int i = 0; i < PC_TOTAL; i++)
        ck_assert_msg(pc_seen[i] == 1, "item %d consumed %d times", i,
                      pc_seen[i]);
    for (int i = 0; i < PC_PROD + PC_CONS; i++)
        free(t[i]);
}
END_TEST

#define BC_N 6
static mltp_lock_t bc_l;
static mltp_cond_t bc_c = MLTP_COND_INITIALIZER;
static int bc_waiting, bc_woken;

static void *bc_waiter(void *p)
{
    (void)p;
    mltp_lock(&bc_l);
    bc_waiting++;
    mltp_cond_wait_lock(&bc_c, &bc_l);
    bc_woken++;
    mltp_unlock(&bc_l);
    return NULL;
}
static void *bc_broadcaster(void *p)
{
    (void)p;
    cu_lock_when_count(&bc_l, &bc_waiting, BC_N);
    ULT_CHECK(bc_woken == 0, "woken %d before the broadcast", bc_woken);
    mltp_cond_broadcast(&bc_c);
    mltp_unlock(&bc_l);
    return NULL;
}

START_TEST(cond_broadcast_all)
{
    int nvp = _i ? several_vps(_i == 1 ? 2 : 4) : 1;
    ck_assert_int_eq(mltp_lock_init(&bc_l, MLTP_LOCK_BLOCK), 0);
    cu_run_lead_ults(nvp, bc_broadcaster, BC_N, bc_waiter);
    cu_assert_ults_ok();
    ck_assert_int_eq(bc_woken, BC_N);
}
END_TEST

/* On one VP: a signal readies exactly the first waiter, which runs when
   the signaller yields; nobody else. */
static mltp_cond_t so_c;
static int so_woken, so_order[8];
static void *so_waiter(void *p)
{
    mltp_cond_wait(&so_c);
    so_order[so_woken++] = (int)(intptr_t)p;
    return NULL;
}
static void *so_signaller(void *p)
{
    (void)p;
    for (int r = 0; r < 3; r++) {
        ULT_CHECK(so_woken == r, "round %d: %d woken before the signal", r,
                  so_woken);
        mltp_cond_signal(&so_c);
        ULT_CHECK(so_woken == r, "round %d: signal switched away", r);
        mltp_yield();
        ULT_CHECK(so_woken == r + 1, "round %d: after one signal and a "
                  "yield, %d waiters have run (expected %d)", r, so_woken,
                  r + 1);
        ULT_CHECK(so_order[r] == r, "round %d: waiter %d woke, expected "
                  "the first in line (%d)", r, so_order[r], r);
    }
    mltp_cond_signal(&so_c); /* nobody waits: lost, harmless */
    mltp_yield();
    ULT_CHECK(so_woken == 3, "woken %d", so_woken);
    return NULL;
}

START_TEST(cond_signal_one)
{
    mltp_cond_init(&so_c);
    mltp_t *t[4];
    for (int i = 0; i < 3; i++)
        t[i] = mltp_create(so_waiter, (void *)(intptr_t)i);
    t[3] = mltp_create(so_signaller, NULL);
    for (int i = 0; i < 4; i++)
        ck_assert_ptr_nonnull(t[i]);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_int_eq(so_woken, 3);
    for (int i = 0; i < 4; i++)
        free(t[i]);
}
END_TEST

/* On several VPs, with the lock: k signals never wake more than k. */
#define SM_N 5
static mltp_lock_t sm_l;
static mltp_cond_t sm_c;
static int sm_waiting, sm_woken, sm_signals;
static void *sm_waiter(void *p)
{
    (void)p;
    mltp_lock(&sm_l);
    sm_waiting++;
    mltp_cond_wait_lock(&sm_c, &sm_l);
    sm_woken++;
    ULT_CHECK(sm_woken <= sm_signals, "%d woken after %d signals", sm_woken,
              sm_signals);
    mltp_unlock(&sm_l);
    return NULL;
}
static void *sm_signaller(void *p)
{
    (void)p;
    cu_lock_when_count(&sm_l, &sm_waiting, SM_N);
    mltp_unlock(&sm_l);
    for (int r = 1; r <= SM_N; r++) {
        mltp_lock(&sm_l);
        sm_signals = r;
        mltp_cond_signal(&sm_c);
        mltp_unlock(&sm_l);
        for (;;) { /* wait for that one to run */
            mltp_lock(&sm_l);
            int w = sm_woken;
            mltp_unlock(&sm_l);
            ULT_CHECK(w <= r, "%d woken after %d signals", w, r);
            if (w >= r)
                break;
            mltp_yield();
        }
        /* give others a chance to (wrongly) run */
        for (int y = 0; y < 5; y++)
            mltp_yield();
        mltp_lock(&sm_l);
        ULT_CHECK(sm_woken == r, "%d woken after %d signals", sm_woken, r);
        mltp_unlock(&sm_l);
    }
    return NULL;
}

START_TEST(cond_signal_one_multi_vp)
{
    int nvp = several_vps(_i ? 4 : 2);
    ck_assert_int_eq(mltp_lock_init(&sm_l, MLTP_LOCK_BLOCK), 0);
    mltp_cond_init(&sm_c);
    cu_run_lead_ults(nvp, sm_signaller, SM_N, sm_waiter);
    cu_assert_ults_ok();
    ck_assert_int_eq(sm_woken, SM_N);
}
END_TEST

/* The original pattern on one VP: test the predicate, then wait, with no
   switch in between; no lock needed. */
#define MB_ITEMS 1000
static mltp_cond_t mb_notfull, mb_notempty;
static int mb_full, mb_val, mb_got, mb_bad;
static void *mb_producer(void *p)
{
    (void)p;
    for (int k = 1; k <= MB_ITEMS; k++) {
        while (mb_full)
            mltp_cond_wait(&mb_notfull);
        mb_val = k;
        mb_full = 1;
        mltp_cond_signal(&mb_notempty);
        if (k % 3 == 0)
            mltp_yield();
    }
    return NULL;
}
static void *mb_consumer(void *p)
{
    (void)p;
    for (int k = 1; k <= MB_ITEMS; k++) {
        while (!mb_full)
            mltp_cond_wait(&mb_notempty);
        if (mb_val != k)
            mb_bad++;
        mb_full = 0;
        mb_got++;
        mltp_cond_signal(&mb_notfull);
        if (k % 5 == 0)
            mltp_yield();
    }
    return NULL;
}

START_TEST(cond_original_one_vp)
{
    mltp_cond_init(&mb_notfull);
    mltp_cond_init(&mb_notempty);
    mltp_t *c = mltp_create(mb_consumer, NULL);
    mltp_t *p = mltp_create(mb_producer, NULL);
    ck_assert(c && p);
    mltp_start(1);
    ck_assert_int_eq(mb_got, MB_ITEMS);
    ck_assert_int_eq(mb_bad, 0);
    free(c);
    free(p);
}
END_TEST

/* ==================================================================== */
/* Atomics                                                              */

static struct {
    uint32_t pre;
    uint32_t w[2];
    uint32_t post;
} ab = { 0xa5a5a5a5u, { 0, 0 }, 0x5a5a5a5au };

START_TEST(atomic_bits)
{
    volatile void *w = ab.w;
    ck_assert_int_eq(mltp_test_and_set_bit(0, w), 0);
    ck_assert_uint_eq(ab.w[0], 1);
    ck_assert_int_eq(mltp_test_and_set_bit(0, w), 1);
    ck_assert_uint_eq(ab.w[0], 1);
    ck_assert_int_eq(mltp_test_and_set_bit(5, w), 0);
    ck_assert_uint_eq(ab.w[0], 0x21);
    ck_assert_int_eq(mltp_test_and_set_bit(31, w), 0);
    ck_assert_uint_eq(ab.w[0], 0x80000021u);
    ck_assert_int_eq(mltp_test_and_set_bit(31, w), 1);
    ck_assert_int_eq(mltp_test_and_set_bit(33, w), 0);
    ck_assert_uint_eq(ab.w[1], 2);
    ck_assert_uint_eq(ab.w[0], 0x80000021u);
    ck_assert_int_eq(mltp_test_and_set_bit(33, w), 1);

    ck_assert_int_eq(mltp_test_and_clear_bit(5, w), 1);
    ck_assert_uint_eq(ab.w[0], 0x80000001u);
    ck_assert_int_eq(mltp_test_and_clear_bit(5, w), 0);
    ck_assert_uint_eq(ab.w[0], 0x80000001u);
    ck_assert_int_eq(mltp_test_and_clear_bit(31, w), 1);
    ck_assert_uint_eq(ab.w[0], 1);
    ck_assert_int_eq(mltp_test_and_clear_bit(33, w), 1);
    ck_assert_uint_eq(ab.w[1], 0);
    ck_assert_int_eq(mltp_test_and_clear_bit(33, w), 0);

    ck_assert_int_eq(mltp_test_and_change_bit(33, w), 0);
    ck_assert_uint_eq(ab.w[1], 2);
    ck_assert_int_eq(mltp_test_and_change_bit(33, w), 1);
    ck_assert_uint_eq(ab.w[1], 0);
    ck_assert_int_eq(mltp_test_and_change_bit(0, w), 1);
    ck_assert_uint_eq(ab.w[0], 0);
    ck_assert_int_eq(mltp_test_and_change_bit(31, w), 0);
    ck_assert_uint_eq(ab.w[0], 0x80000000u);
    ck_assert_int_eq(mltp_test_and_change_bit(5, w), 0);
    ck_assert_uint_eq(ab.w[0], 0x80000020u);

    ck_assert_uint_eq(ab.pre, 0xa5a5a5a5u);
    ck_assert_uint_eq(ab.post, 0x5a5a5a5au);
    ck_assert_uint_eq(ab.w[1], 0);
}
END_TEST

START_TEST(atomic_cas)
{
    volatile void *w = &ab.w[1];
    ab.w[0] = 0x11111111u;
    ab.w[1] = 5;
    ck_assert_int_ne(mltp_compare_and_swap(5, 9, w), 0);
    ck_assert_uint_eq(ab.w[1], 9);
    ck_assert_int_eq(mltp_compare_and_swap(5, 11, w), 0);
    ck_assert_uint_eq(ab.w[1], 9);
    ck_assert_int_ne(mltp_compare_and_swap(9, 0x7fffffff, w), 0);
    ck_assert_uint_eq(ab.w[1], 0x7fffffffu);
    /* a 32-bit word: a long is truncated as on the original 32-bit target */
    ck_assert_int_ne(mltp_compare_and_swap(0x7fffffff, -3, w), 0);
    ck_assert_uint_eq(ab.w[1], 0xfffffffdu);
    ck_assert_int_ne(mltp_compare_and_swap(-3, 0, w), 0);
    ck_assert_uint_eq(ab.w[1], 0);
    /* neighbours untouched */
    ck_assert_uint_eq(ab.w[0], 0x11111111u);
    ck_assert_uint_eq(ab.post, 0x5a5a5a5au);
    ck_assert_uint_eq(ab.pre, 0xa5a5a5a5u);
}
END_TEST

#define CAS_ULTS 8
#define CAS_ITERS 20000
static volatile uint32_t cas_counter;
static uint32_t bits_word;
static int bits_bad;

static void *cas_ult(void *p)
{
    int id = (int)(intptr_t)p;
    for (int k = 0; k < CAS_ITERS; k++) {
        for (;;) {
            uint32_t old = cas_counter;
            if (mltp_compare_and_swap((long)old, (long)(old + 1),
                                      &cas_counter))
                break;
        }
        if (k % 100 == id)
            mltp_yield();
    }
    /* every ULT toggles its own bits of one shared word */
    for (int b = id; b < 32; b += CAS_ULTS) {
        for (int k = 0; k < 501; k++) {
            int old = mltp_test_and_change_bit(b, &bits_word);
            if (old != (k & 1))
                CU_INC(bits_bad);
            if (k % 50 == 0)
                mltp_yield();
        }
        for (int k = 0; k < 100; k++) {
            if (mltp_test_and_clear_bit(b, &bits_word) != 1)
                CU_INC(bits_bad);
            if (mltp_test_and_set_bit(b, &bits_word) != 0)
                CU_INC(bits_bad);
        }
    }
    return NULL;
}

START_TEST(atomic_concurrent)
{
    cu_run_ults(several_vps(2), CAS_ULTS, cas_ult, NULL);
    ck_assert_uint_eq(cas_counter, (uint32_t)CAS_ULTS * CAS_ITERS);
    ck_assert_int_eq(bits_bad, 0);
    ck_assert_uint_eq(bits_word, 0xffffffffu);
}
END_TEST

/* ==================================================================== */

/* ==================================================================== */
/* Event flags (mltp_pause_*)                                           */

static mltp_pause_t pz;
static int pz_passed;

/* set first: a lone ULT's waits return at once (had one blocked, the
   start would end in a deadlock with nobody past it) */
static void *pz_lone(void *p)
{
    (void)p;
    mltp_pause_set(&pz);
    mltp_pause_wait(&pz);
    mltp_pause_wait(&pz);   /* a wait leaves the flag set */
    CU_STORE(pz_passed, 1);
    return NULL;
}

START_TEST(pause_set_first)
{
    mltp_pause_init(&pz);
    cu_run_ults(_i ? several_vps(2) : 1, 1, pz_lone, NULL);
    ck_assert_int_eq(pz_passed, 1);
}
END_TEST

#define PZ_MANY 16
static int pz_clear_first, pz_waiters, pz_waiting, pz_set_called, pz_early,
    pz_released;
static double pz_yields_ms;

static void *pz_waiter(void *p)
{
    (void)p;
    if (pz_clear_first) {
        mltp_pause_set(&pz);
        mltp_pause_clear(&pz);
    }
    CU_INC(pz_waiting);
    mltp_pause_wait(&pz);
    if (!CU_LOAD(pz_set_called))
        CU_INC(pz_early);
    CU_INC(pz_released);
    return NULL;
}

static void *pz_setter(void *p)
{
    (void)p;
    while (CU_LOAD(pz_waiting) < pz_waiters)
        mltp_yield();
    sleep_ms(10);   /* on 2 VPs, the waiters are in their wait by then */
    /* on 1 VP, a waiter that polled instead of blocking would take a time
       slice at each of these yields */
    double t0 = now();
    for (int i = 0; i < 200; i++)
        mltp_yield();
    pz_yields_ms = (now() - t0) * 1e3;
    CU_STORE(pz_set_called, 1);
    mltp_pause_set(&pz);
    return NULL;
}

/* A wait on a clear flag lasts until another ULT sets it, on 1 VP and
   on 2 (_i odd); one set lets every waiter go. _i / 2: one waiter, the
   flag never set; one waiter, the flag set and cleared; PZ_MANY waiters. */
START_TEST(pause_wait_blocks)
{
    int nvp = _i % 2 ? several_vps(2) : 1;
    pz_clear_first = _i / 2 == 1;
    pz_waiters = _i / 2 == 2 ? PZ_MANY : 1;
    mltp_pause_init(&pz);
    cu_run_lead_ults(nvp, pz_setter, pz_waiters, pz_waiter);
    ck_assert_msg(pz_early == 0, "%d of %d waiter(s) went on before "
                  "mltp_pause_set%s", pz_early, pz_waiters,
                  pz_clear_first ? " (the flag set, then cleared)" : "");
    ck_assert_int_eq(pz_released, pz_waiters);
    ck_assert_msg(nvp > 1 || pz_yields_ms < 100, "on 1 VP, 200 yields took "
                  "%.1f ms while %d ULT(s) waited: they do not block",
                  pz_yields_ms, pz_waiters);
}
END_TEST

/* ==================================================================== */
/* Loop counters (mltp_getsub)                                          */

static mltp_getsub_t gs;
static int gs_ran;

static const struct {
    long chunk, max;
    const char *want;
} gs_cfg[] = {
    { 3, 10, "0 3 6 9 -1" },
    { 5, 10, "0 5 10 -1" },         /* max itself is handed out */
    { 1, 0, "0 -1" },
    { 0, 4, "0 1 2 3 4 -1" },       /* chunk < 1 counts as 1 */
    { -7, 2, "0 1 2 -1" },
    { 2, -1, "-1" },
};

/* One loop's subscripts up to the -1, as "0 3 6 9 -1". */
static void gs_loop(char *buf, size_t len, long chunk, long max)
{
    size_t used = 0;
    buf[0] = 0;
    for (int i = 0; i < 16 && used < len; i++) {
        long s = mltp_getsub(&gs, chunk, max);
        used += (size_t)snprintf(buf + used, len - used, "%s%ld", i ? " " : "", s);
        if (s == -1)
            break;
    }
}

static void *gs_sequences(void *p)
{
    char got[128];
    (void)p;
    for (size_t c = 0; c < sizeof gs_cfg / sizeof gs_cfg[0]; c++) {
        mltp_getsub_init(&gs);
        for (int loop = 1; loop <= 2; loop++) {    /* after the -1, from 0 again */
            gs_loop(got, sizeof got, gs_cfg[c].chunk, gs_cfg[c].max);
            ULT_CHECK(!strcmp(got, gs_cfg[c].want), "chunk %ld max %ld, loop "
                      "%d: '%s', expected '%s'", gs_cfg[c].chunk, gs_cfg[c].max,
                      loop, got, gs_cfg[c].want);
        }
    }
    /* init starts a loop left half-way again */
    mltp_getsub(&gs, 1, 10);
    mltp_getsub_init(&gs);
    ULT_CHECK(mltp_getsub(&gs, 1, 10) == 0, "not 0 after mltp_getsub_init");
    CU_STORE(gs_ran, 1);
    return NULL;
}

START_TEST(getsub_sequence)
{
    cu_reset_fails();
    cu_run_ults(1, 1, gs_sequences, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(gs_ran, 1);
}
END_TEST

#define GS_ULTS 16
/* each: so short a section, left unlocked, races only now and then */
#define GS_CALLS 125000
#define GS_N (GS_ULTS * GS_CALLS)
#define GS_CHUNK 3
#define GS_MAX ((GS_N - 1) * GS_CHUNK)
static unsigned char gs_hits[GS_N];
static long gs_bad;

/* GS_N calls between them hand out GS_N subscripts, the last one max */
static void *gs_taker(void *p)
{
    (void)p;
    for (long n = 1; n <= GS_CALLS; n++) {
        long s = mltp_getsub(&gs, GS_CHUNK, GS_MAX);
        if (s < 0 || s % GS_CHUNK || s > GS_MAX)
            CU_INC(gs_bad);
        else
            CU_INC(gs_hits[s / GS_CHUNK]);
        if (n % 64 == 0)
            mltp_yield();   /* the ULTs of a VP take turns */
    }
    return NULL;
}

static void *gs_last(void *p)
{
    (void)p;
    ULT_CHECK(mltp_getsub(&gs, GS_CHUNK, GS_MAX) == -1, "no -1 after the last subscript");
    ULT_CHECK(mltp_getsub(&gs, GS_CHUNK, GS_MAX) == 0, "no 0 after the -1");
    CU_STORE(gs_ran, 1);
    return NULL;
}

START_TEST(getsub_concurrent)
{
    cu_reset_fails();
    mltp_getsub_init(&gs);
    cu_run_ults(several_vps(2), GS_ULTS, gs_taker, NULL);
    ck_assert_int_eq(gs_bad, 0);
    int wrong = 0, first = -1;
    for (int i = 0; i < GS_N; i++)
        if (gs_hits[i] != 1 && wrong++ == 0)
            first = i;
    ck_assert_msg(wrong == 0, "%d subscripts not handed out once; the "
                  "first, %d, %d times", wrong, first * GS_CHUNK,
                  first < 0 ? 0 : gs_hits[first]);
    cu_run_ults(1, 1, gs_last, NULL);
    cu_assert_ults_ok();
    ck_assert_int_eq(gs_ran, 1);
}
END_TEST

static const struct cu_row sync_tests[] = {
    CU_TCASE("locks", 60),
    CU_LOOP(mutual_exclusion, 0, (int)(sizeof mx_cfg / sizeof mx_cfg[0])),
    CU_TEST(lock_initializer),
    CU_LOOP(ticket_fields, 0, 3),
    CU_LOOP(trylock, 0, 5),
    CU_LOOP(unlock_free_lock, 0, 5),
    CU_LOOP(spin_fifo_across_vps, 0, 2),
    CU_TEST(woken_ult_runs_while_waker_spins),
    CU_LOOP(unlock_frees_or_hands_over, 0, 2),
    CU_LOOP(slice_lets_waited_for_run, 0, 2),
    CU_LOOP(semaphore_sets_removed, 0, 5),
    CU_TEST(semaphore_sets_group_kill),
    CU_TEST(semaphore_locks_made_at_once),
    CU_TEST(semaphore_locks_run_out),

    CU_TCASE("barriers", 60),
    CU_LOOP(barrier_episodes, 0, (int)(sizeof bar_cfg / sizeof bar_cfg[0])),
    CU_TEST(barrier_initializer_reuse),
    CU_TEST(barrier_bad_count),

    CU_TCASE("barrier-bound", 30),
    CU_TEST(barrier_with_bound_thread),
    CU_LOOP(barrier_stress, 0, 3),
    CU_TEST(solo_start_then_bound_thread),

    CU_TCASE("word waits", 60),
    CU_TEST(word_wait_misuse_and_timeout),
    CU_LOOP(word_wait_no_wake_lost, 0, 3),

    CU_TCASE("conditions", 60),
    CU_LOOP(cond_producer_consumer, 0, 6),
    CU_LOOP(cond_broadcast_all, 0, 3),
    CU_TEST(cond_signal_one),
    CU_LOOP(cond_signal_one_multi_vp, 0, 2),
    CU_TEST(cond_original_one_vp),

    CU_TCASE("pause-getsub", 30),
    CU_LOOP(pause_set_first, 0, 2),
    CU_LOOP(pause_wait_blocks, 0, 6),
    CU_TEST(getsub_sequence),
    CU_TEST(getsub_concurrent),

    CU_TCASE("atomics", 60),
    CU_TEST(atomic_bits),
    CU_TEST(atomic_cas),
    CU_TEST(atomic_concurrent),
};

int main(void)
{
    return CU_MAIN("sync", sync_tests);
}
