/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * schedprog.c - scenario programs for the scheduler's races and locking, run
 * by test_sched.c and stress_sched.c (the checks are in sched_cases.h).
 *
 *   schedprog SCENARIO NVP [ARG]
 *
 * detach-join         a ULT joins t; another ULT detaches t meanwhile
 * detach-join-bound   the same, the joiner a bound thread
 * nostack-yield       a ULT that gets no stack at its first run, taken by
 *                     the yield of a ULT that prints its counter
 * failed-start        VP 0 cannot be made (RLIMIT_NPROC); the run queue's
 *                     solo flag afterwards (white-box, tests/internals.h)
 * barrier-extra       one arrival too many at a barrier episode (1 VP)
 * barrier-race        3 ULTs on a barrier of count 2; ARG: episodes
 * barrier-lagging    a bound thread stopped while it waits at a barrier,
 *                     resumed ARG (256) episodes later
 * lock-yield          a BLOCK_FRONT (ARG front) or BLOCK (ARG block)
 *                     lock whose holder yields
 * steal               a ULT makes 8 ULTs ready on its VP and then runs
 *                     on without yielding: the other VPs must steal them
 * steal-churn         a creator per VP makes batches of children that
 *                     yield now and then, yields to the front between
 *                     batches and joins them: thieves walk queues that
 *                     their owners push to, pop from and rotate meanwhile
 * moves               ULTs that yield (some for a MUTEX lock they try),
 *                     wait at barriers and on conditions count the times
 *                     they came back on another VP than they left:
 *                     MLTP_STATS=1's total must say the same (the test
 *                     sets MLTP_SPIN_US=0: each such call switches once)
 * lock-home           W blocks on a MUTEX lock that H, on another VP, holds;
 *                     H unlocks and keeps its VP busy: where W goes on
 *                     (MLTP_AFFINITY: its own VP, which is idle, with no
 *                     steal; on one CPU only if that VP had not parked)
 *                     and the CPUs it may run on (cpus=)
 * barrier-syscall    X makes Y, then waits at a barrier of 2; Y, on X's
 *                     VP, reads a pipe that X writes after the barrier (its
 *                     VP busy in the kernel); a bound thread arrives 200 ms
 *                     later, the other VPs parked: X must go on at once
 * barrier-restart     a start on ARG VPs (ARG "Fb": F VPs, and the last
 *                     party a bound thread that arrives 100 ms into the
 *                     next start) with 6 of a barrier's 8 parties ends in
 *                     EDEADLK; the 2 missing parties are made and a start
 *                     on NVP VPs must release all 8
 * yield-syscall       R blocks its VP in read(2) of a pipe W (a ULT)
 *                     writes; S broadcasts a condition and yields until
 *                     its 3 waiters woke: W and they must run
 * barrier-last-spinner  barrier-syscall's X and Y, the other VPs parked,
 *                     10 starts; a bound thread makes a ULT (whose
 *                     creation posts a parked VP) and at once releases
 *                     X: X must run within 10 ms (lag-ms); ARG what that
 *                     ULT does for 50 ms: sleep (in the kernel), yield,
 *                     none
 * barrier-restart-vp0-free  barrier-restart, VP 0 with no waiter in the
 *                     first start (a party VP 0 takes is made again for
 *                     another VP, up to 100 times: remade); lag-ms: from
 *                     the last arrival to the last party back
 * bound-end-deadlock  2 ULTs wait at a barrier of 3; a bound thread
 *                     ends 100 ms in, every VP parked: mltp_start must
 *                     return EDEADLK at once (lag-ms from its end)
 * barrier-spin-busy   round after round, X waits on an idle VP; a bound
 *                     thread makes Z on X's VP and releases X as that VP
 *                     goes busy with Z, which blocks in read(2) until X
 *                     runs; ARG seconds (2); stops at a lost release
 *                     (X waited 10 ms while every VP slept)
 * barrier-steal-busy  X waits on VP 1, idle; VP 1 steals Z (which blocks
 *                     in read(2) until X runs) and pauses before it goes
 *                     busy (a test hook); VP 0 parks; then the release,
 *                     and the pause ends: X must run within 10 ms (lag-ms)
 * sleepers           ARG (1000) ULTs each nanosleep(100 ms): elapsed-ms
 *                     from the start to its end, min-slept-ms
 * sleep-kinds         S sleeps 20 ms by each call (nanosleep,
 *                     clock_nanosleep relative and absolute on three
 *                     clocks, usleep) while C yields on: C's count must
 *                     grow during each (others-ran); bad arguments give
 *                     what glibc gives main (errors-same), errno kept
 * sleep-eintr         ARG "restart" or "norestart": SIGALRM's handler
 *                     (SA_RESTART or not) interrupts each sleep of a ULT
 *                     50 ms in (setitimer on its VP): the results, errno
 *                     and the time left
 * sleep-busy          a ULT per VP yields until S, which sleeps 10 ms,
 *                     sets a flag: no VP goes idle, S must still wake
 *                     (late-ms)
 * sleep-two           2 ULTs sleep 50 ms each on one VP (elapsed-ms);
 *                     the test sets MLTP_SYSCALLS; ARG mltp: with
 *                     mltp_sleep_ns, also before the start and with -1
 * sleep-deadlock      S sleeps 50 ms, then waits at a barrier nobody
 *                     else reaches: the start must end in EDEADLK
 * pipe-ult            R reads a pipe that W, made after it, writes 20 ms
 *                     later (both ULTs: on 1 VP R must leave the VP to W);
 *                     then a 1 MiB write that a reader drains in 4 KiB
 *                     reads (the write returns whole); ARG fifo: a FIFO
 *                     (asked with poll() first: no RWF_NOWAIT)
 * socket-echo         ARG (1) pairs of ULTs echo 100 messages over
 *                     socketpairs (echoed=)
 * fd-edges            a non-blocking pipe gives EAGAIN; a reader whose
 *                     pipe another ULT closes gets EBADF; EOF and EPIPE
 *                     (SIGPIPE ignored) as glibc
 * poll-wait           ARG poll, ppoll, select or pselect (default poll):
 *                     one ULT waits for two pipes, the second written by
 *                     a later ULT 20 ms in; then 60 ms for one that
 *                     nothing writes, while the other ULT runs; then
 *                     for one whose read end the other closes
 * poll-eintr          ARG the call: SIGALRM (SA_RESTART) 50 ms into a
 *                     ULT's wait for an empty pipe that a bound thread
 *                     writes 200 ms in: EINTR
 * fortified           read, recv, recvfrom, poll and ppoll built with
 *                     _FORTIFY_SOURCE=2 (__read_chk and the like: in
 *                     tests/fortified.c) from a ULT, each written by a
 *                     later ULT 10 ms in
 * recv-waitall        MSG_WAITALL: recv, recvfrom and recvmsg of 6 bytes on
 *                     a stream socket that a later ULT sends 2 at a time;
 *                     recv on a datagram socket: one datagram (dgram=3)
 * read-eintr          ARG restart or norestart: SIGALRM 50 ms into a
 *                     ULT's read of an empty pipe (its VP idle) that a
 *                     bound thread writes 200 ms in
 * raw-syscall         a ULT per VP in syscall(SYS_nanosleep) for 400 ms
 *                     (ARG: in waitpid for a child it forked that sleeps as
 *                     long; in
 *                     flock, lockf, fcntl F_SETLKW or F_OFD_SETLKW for a
 *                     lock a child holds as long); a bound thread makes a
 *                     ULT 50 ms in: it runs while they are in the kernel
 *                     (late-before-sleepers=1), on a VP a spare task took
 *                     (spares=), and no more tasks than VPs ever held one
 *                     (holders-max=)
 * calls-churn         3 ULTs per VP, each 40 times: syscall(SYS_nanosleep)
 *                     of 1-2 ms, then a little work; every round counted
 *                     once (rounds=), places taken (takes=), spares made,
 *                     and the most tasks that held a VP (holders-max=)
 * pipe-guess          a pipe read 64 times with data there (trusted: its
 *                     reads are made as they are), then read empty while a
 *                     later ULT writes 50 ms in (wrong), then read empty
 *                     again (doubted); a /dev/null descriptor written,
 *                     then made a pipe's read end with syscall(SYS_dup3),
 *                     read the same (stale, refound). After each, a line
 *                     "PHASE: takes= polls= wrong=": places taken, waits
 *                     in the poller and calls made as they are that
 *                     waited, since the start; got= bytes read
 * sleep-semlock       ARG syscall: H sleeps in syscall(SYS_nanosleep), a
 *                     marked call (else usleep);
 *                     H takes a SEMAPHORE lock and sleeps 20 ms holding
 *                     it; a ULT per VP waits for the lock in the kernel
 *                     meanwhile: all must get it (taken=)
 *
 * Each prints what it saw as `key=value` on stdout (flushed) and exits 0
 * once it got to its end; 99 means its own set-up failed.
 */
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/time.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#define PU_CRASH_TESTS
#include "prog_util.h"
#include "internals.h"


/* errno of the VP this ULT runs on now: after a call that waited (a
   sleep, a read) it may run on another VP, and the caller's errno address
   (or on aarch64 its thread pointer) would be the old VP's: the caveat in
   mltp(3) */
static __attribute__((noinline, noipa)) int errno_now(void)
{
    return errno;
}

/* read(2) itself: the VP waits in the kernel with its ULT (read() would
   wait as a ULT, in MLTP's poller; syscall() is a marked call, whose VP
   a spare may take) */
static ssize_t kernel_read(int fd, void *buf, size_t n)
{
    return base_syscall(SYS_read, fd, buf, n);
}

static int nvp = 2;
static const char *arg;

/* mltp_init for a scenario whose ULTs talk through the pipe fds; without
   the pipe its set-up failed: exit 99 */
static void init_with_pipe(int fds[2])
{
    if (pipe(fds) != 0)
        exit(99);
    mltp_init();
}

/* ------------------------------------------------------------------ */
/* detach-join, detach-join-bound: detach during a join               */

#define DJ_VALUE 0x77L      /* what t returns */
#define DJ_OTHER 0x99L      /* what every other ULT returns */

static mltp_t *dj_t, *dj_bound;
static int dj_joining, dj_detached, dj_joined, dj_creations, dj_t_ended;
static int dj_detach_rc = -1, dj_join_rc = -1;
static long dj_value = -1;
static pid_t dj_joiner_pid;
static double dj_detach_wait_ms;

/* The CPU time process pid has had, in ns (/proc/PID/schedstat), or -1. */
static long long cpu_ns(pid_t pid)
{
    char path[64];
    long long ns = -1;
    snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
    FILE *f = fopen(path, "r");
    if (f) {
        if (fscanf(f, "%lld", &ns) != 1)
            ns = -1;
        fclose(f);
    }
    return ns;
}


/* t: yields until the detach has been tried (and a few times more), then
   returns DJ_VALUE */
static void *dj_target(void *p)
{
    double end = now() + 5.0;
    (void)p;
    while (!LOAD(dj_detached) && now() < end)
        mltp_yield();
    for (int i = 0; i < 20; i++)
        mltp_yield();
    STORE(dj_t_ended, 1);
    return (void *)DJ_VALUE;
}

static void dj_join(void)
{
    void *v = NULL;
    STORE(dj_joiner_pid, getpid());
    STORE(dj_joining, 1);
    int rc = mltp_join(dj_t, &v);
    STORE(dj_join_rc, rc);
    STORE(dj_value, (long)v);
    STORE(dj_joined, 1);
}

static void *dj_joiner(void *p)
{
    (void)p;
    dj_join();
    return NULL;
}

static void dj_bound_joiner(void *p)
{
    (void)p;
    dj_join();
}

/* Makes the bound joiner while the VPs run (a join from outside a ULT
   before the start has run t is EDEADLK by design). */
static void *dj_lead(void *p)
{
    (void)p;
    dj_bound = make_bound(dj_bound_joiner, NULL);
    return NULL;
}

/* Wait until the joiner, which has said it is about to call mltp_join,
   waits in it: getting there takes it microseconds, so once its process
   has had 5 ms more CPU time (a bound thread spins in the join), or is
   asleep (the VP of a ULT joiner, which only sleeps once that ULT has
   left it), it does; at least 30 ms, and 2 s at most (without
   /proc/PID/schedstat, 100 ms). */
static void dj_wait_joiner_waits(int bound)
{
    pid_t jp = LOAD(dj_joiner_pid);
    long long c0 = cpu_ns(jp);
    double t0 = now();
    for (;;) {
        sleep_ms(1);
        double t = now() - t0;
        if (t < 0.03)
            continue;
        long long c = cpu_ns(jp);
        if (c0 < 0 || c < 0) {
            if (t >= 0.1)
                break;
            continue;
        }
        if (c - c0 >= 5000000 || (!bound && proc_state(jp) == 'S') || t >= 2.0)
            break;
    }
    dj_detach_wait_ms = (now() - t0) * 1e3;
}

static void *dj_detacher(void *p)
{
    double end = now() + 5.0;
    while (!LOAD(dj_joining) && now() < end)
        mltp_yield();
    dj_wait_joiner_waits(p != NULL);
    STORE(dj_detach_rc, mltp_detach(dj_t));
    STORE(dj_detached, 1);
    return NULL;
}

static void *dj_other(void *p)
{
    (void)p;
    return (void *)DJ_OTHER;
}

/* Once the detach has been tried, create (and join and release) ULTs
   until the join has returned (1 s at most): a handle freed when t ends
   goes to its VP's cache and would be the next creation's on that VP.
   Before that, mostly sleep: a quiet machine lets the joiner get into its
   join. */
static void *dj_creator(void *p)
{
    double end = now() + 5.0;
    (void)p;
    while (!LOAD(dj_detached) && now() < end) {
        sleep_ms(1);
        mltp_yield();
    }
    end = now() + 1.0;
    while (!LOAD(dj_joined) && now() < end) {
        mltp_t *h = make(dj_other, NULL);
        INC(dj_creations);
        mltp_yield();
        mltp_join(h, NULL);
        mltp_free(h);
    }
    return NULL;
}

static int detach_join(int bound)
{
    mltp_init();
    dj_t = make(dj_target, NULL);
    make(bound ? dj_lead : dj_joiner, NULL);
    make(dj_detacher, bound ? (void *)1 : NULL);
    for (int i = 0; i < nvp; i++)
        make(dj_creator, NULL);
    int e = start_errno(nvp);
    /* a bound joiner may still wait on a handle that was freed under it */
    double end = now() + 1.0;
    while (bound && !LOAD(dj_joined) && now() < end)
        sleep_ms(5);
    printf("start-errno=%d\ndetach=%d\njoined=%d\njoin=%d\nvalue=%ld\n"
           "t-ended=%d\ncreations=%d\ndetach-waited-ms=%.0f\n", e,
           dj_detach_rc, LOAD(dj_joined), dj_join_rc, dj_value, dj_t_ended,
           dj_creations, dj_detach_wait_ms);
    fflush(stdout);
    if (bound && !LOAD(dj_joined)) {
        printf("the bound joiner is still in mltp_join\n");
        fflush(stdout);
        _exit(0);               /* do not wait for it */
    }
    if (bound) {
        mltp_join_bound(*dj_bound);
        free(dj_bound);
    }
    if (dj_detach_rc != 0)      /* t is still ours */
        mltp_free(dj_t);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* nostack-yield: no stack at a ULT's first run                         */

static int ny_made;
static long ny_turns[64];
static int ny_nyield;

static void *ny_never(void *p)
{
    (void)p;
    printf("needs-stack ran\n");
    fflush(stdout);
    return NULL;
}

static int ny_ready(void)
{
    for (int i = 0; i < nvp; i++)
        if (!vp_pids[i])
            return 0;
    for (int i = 0; i < ny_nyield; i++)
        if (LOAD(ny_turns[i]) < 3)
            return 0;
    return 1;
}

/* Cap the address space of every VP (RLIMIT_AS is per process: prlimit
   on each) so that a stack of the new default size (1 MiB, which no cached
   stack has) cannot be mapped, then make the ULT that needs one. */
static void ny_cap_and_create(void)
{
    if (mltp_set_stack_size(1 << 20) != 0) {
        printf("mltp_set_stack_size failed\n");
        exit(99);
    }
    long pages;
    if (statm_pages(&pages, NULL) != 0) {
        printf("cannot read /proc/self/statm\n");
        exit(99);
    }
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = (rlim_t)pages * 4096 + (256 << 10);
    for (int i = 0; i < nvp; i++)
        if (prlimit(vp_pids[i], RLIMIT_AS, &rl, NULL) != 0) {
            printf("prlimit(%d): %s\n", (int)vp_pids[i], strerror(errno));
            exit(99);
        }
    printf("capped\n");
    fflush(stdout);
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.name = "needs-stack";
    if (!mltp_create_attr(&a, ny_never, NULL)) {
        printf("mltp_create_attr: %s\n", strerror(errno));
        exit(99);
    }
    STORE(ny_made, 1);
}

/* Yields forever, printing a counter that lives in a register across the
   yield: a ULT resumed from a stale saved context prints an old value
   again (or crashes). Until the ULT without a stack exists the counters
   are not printed (thousands of lines while the VPs start). */
static void *ny_yielder(void *p)
{
    int id = (int)(intptr_t)p;
    double end = now() + 3.0;
    for (long n = 0;; n++) {
        note_vp();
        STORE(ny_turns[id], n);
        if (LOAD(ny_made)) {
            printf("A%d %ld\n", id, n);
            fflush(stdout);
        } else if (id == 0 && ny_ready()) {
            ny_cap_and_create();
        } else if (now() > end) {
            printf("not every VP ran a ULT within 3 s\n");
            fflush(stdout);
            exit(98);
        }
        mltp_yield();
    }
    return NULL;
}

static int nostack_yield(void)
{
    mltp_init();
    it_stacks_unreserved();     /* the new size's stack is not mapped ahead */
    /* more yielders than VPs: no VP is ever idle, so the ULT without a
       stack is taken by a yield, not by an idle VP's loop */
    ny_nyield = nvp + 1;
    for (int i = 0; i < ny_nyield; i++)
        make(ny_yielder, (void *)(intptr_t)i);
    mltp_start(nvp);
    printf("start-returned\n");
    return 3;
}

/* ------------------------------------------------------------------ */
/* failed-start: a failed start leaves the run queue locking            */


/* VP 0 cannot be cloned: RLIMIT_NPROC at (below) the task count, as
   nobody (root is exempt) in a user namespace of its own, where only
   the program's own tasks count. A first, normal start has made the
   janitor and VP 0's TCB, so the failing call is the clone() itself. */
static int failed_start(void)
{
    struct rlimit old;
    int e = nproc_at_limit(&old);
    if (e)
        return e;

    make(say_ran, (void *)"second");
    e = start_errno(1);
    /* read at once: nothing runs now but this thread */
    int solo = it_runq_solo();
    setrlimit(RLIMIT_NPROC, &old);
    printf("failed-start errno=%d\nsolo=%d\n", e, solo);
    fflush(stdout);

    e = start_errno(1);
    printf("third-start errno=%d\n", e);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-extra, 1 VP: A and B wait for 3, C comes                    */
/* with a count of 2 (a party too many), then D (the third of 3).       */

static mltp_barrier_t bx = MLTP_BARRIER_INITIALIZER;
static int bx_rc[4] = { -1, -1, -1, -1 };
static int bx_back[4];
static int bx_c_episode = -1, bx_c_a = -1, bx_c_b = -1, bx_c_returned;
static int bx_d_saw_c = -1, bx_d_a = -1, bx_d_b = -1;

static void *bx_party(void *p)
{
    int id = (int)(intptr_t)p;
    int count = id == 2 ? 2 : 3;

    if (id == 3) {      /* D: C has returned (it did not wait), and A and B
                           still wait */
        bx_d_saw_c = bx_c_returned;
        bx_d_a = bx_back[0];
        bx_d_b = bx_back[1];
    }
    bx_rc[id] = mltp_barrier(&bx, count);
    bx_back[id] = 1;
    if (id == 2) {      /* C: no episode completed, nobody released */
        bx_c_episode = (int)bx.episode;
        bx_c_a = bx_back[0];
        bx_c_b = bx_back[1];
        bx_c_returned = 1;
    }
    return NULL;
}

static int barrier_extra(void)
{
    mltp_init();
    for (int i = 0; i < 4; i++)
        make(bx_party, (void *)(intptr_t)i);
    int e = start_errno(1);
    printf("start-errno=%d\n", e);
    printf("C rc=%d episode=%d a-released=%d b-released=%d\n", bx_rc[2],
           bx_c_episode, bx_c_a, bx_c_b);
    printf("D saw-c-returned=%d a-released=%d b-released=%d\n", bx_d_saw_c,
           bx_d_a, bx_d_b);
    printf("A rc=%d\nB rc=%d\nD rc=%d\nepisode=%u\n", bx_rc[0], bx_rc[1],
           bx_rc[3], bx.episode);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-race: 3 ULTs on a barrier of count 2                        */

#define BR_PARTIES 3
static mltp_barrier_t br = MLTP_BARRIER_INITIALIZER;
static long br_target;                  /* successful returns wanted */
static long br_ok, br_inval, br_other;
static int br_stop, br_gone, br_inside;
static int *br_tight;                   /* per episode, see below */
static long br_neps;
static long br_over, br_first_over = -1;
static int br_closer = -1;

/* The last one in the barrier has nobody left to come: if it is still in
   after 300 ms, it waits (all but it have left), and one more arrival
   releases it. */
static void br_close(void)
{
    double end = now() + 0.3;
    while (LOAD(br_gone) < BR_PARTIES && now() < end)
        sleep_ms(1);
    if (LOAD(br_gone) < BR_PARTIES && LOAD(br_inside) == 1) {
        int rc = mltp_barrier(&br, 2);
        STORE(br_closer, rc);
        if (rc == 0)
            INC(br_ok);
    }
}

static void *br_party(void *p)
{
    (void)p;
    for (;;) {
        unsigned int before = LOAD(br.episode);
        INC(br_inside);
        int rc = mltp_barrier(&br, 2);
        DEC(br_inside);
        unsigned int after = LOAD(br.episode);
        if (rc == 0) {
            /* released by an episode between `before` (it arrived no
               earlier) and after - 1 (completed by now): when those are
               equal, that episode is exactly known, and no episode may
               have more than 2 parties */
            if (after == before + 1 && before < (unsigned long)br_neps &&
                __atomic_add_fetch(&br_tight[before], 1, __ATOMIC_SEQ_CST) == 3) {
                INC(br_over);
                long f = -1;
                __atomic_compare_exchange_n(&br_first_over, &f, (long)before, 0,
                                            __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
            }
            if (INC(br_ok) >= br_target)
                STORE(br_stop, 1);
        } else if (rc == EINVAL) {
            INC(br_inval);
        } else {
            INC(br_other);
        }
        if (LOAD(br_stop))
            break;
    }
    if (INC(br_gone) == BR_PARTIES - 1)
        br_close();
    return NULL;
}

static int barrier_race(void)
{
    long episodes = arg ? atol(arg) : 2000;
    if (episodes < 1)
        episodes = 1;
    br_target = 2 * episodes;
    br_neps = 2 * episodes + 1000;
    br_tight = calloc((size_t)br_neps, sizeof *br_tight);
    if (!br_tight)
        return 99;
    mltp_init();
    for (int i = 0; i < BR_PARTIES; i++)
        make(br_party, NULL);
    double t0 = now();
    int e = start_errno(nvp);
    printf("start-errno=%d\nms=%.0f\n", e, (now() - t0) * 1e3);
    printf("ok=%ld\ninval=%ld\nother=%ld\nepisode=%u\ntarget=%ld\n"
           "closer=%d\nover=%ld\nfirst-over=%ld\ngone=%d\n", br_ok, br_inval,
           br_other, br.episode, br_target, br_closer, br_over, br_first_over,
           br_gone);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-lagging: W, a bound thread, waits in episode 0 of a barrier  */
/* of count 2 and is stopped (SIGSTOP); X ends episode 0 and, with Y,   */
/* runs lag - 1 more; W is resumed and must return at once: its episode */
/* ended long ago, however many episodes that was.                      */

static mltp_barrier_t bl = MLTP_BARRIER_INITIALIZER;
static volatile pid_t bl_w_tid;
static int bl_w_state, bl_w_rc = -1, bl_go, bl_extra, bl_in_time = -1,
           bl_stopped = -1;
static long bl_lag = 256;

static void bl_w(void *p)
{
    (void)p;
    bl_w_tid = (pid_t)syscall(SYS_gettid);
    STORE(bl_w_state, 1);
    int rc = mltp_barrier(&bl, 2);
    STORE(bl_w_rc, rc);
    STORE(bl_w_state, 2);
}

/* /proc/TID/stat says T (stopped), within 5 s */
static int bl_wait_stopped(pid_t tid)
{
    for (double end = now() + 5.0; now() < end; sleep_ms(1)) {
        char st = proc_state(tid);
        if (st == 'T' || st == 't')
            return 1;
        if (!st)
            return 0;
    }
    return 0;
}

static void *bl_x(void *p)
{
    (void)p;
    double end = now() + 5.0;
    while ((LOAD(bl_w_state) != 1 || it_barrier_arrivals(&bl) != 1) &&
           now() < end)
        mltp_yield();
    kill(bl_w_tid, SIGSTOP);
    STORE(bl_stopped, bl_wait_stopped(bl_w_tid));
    mltp_barrier(&bl, 2);               /* ends episode 0: W is released */
    STORE(bl_go, 1);
    for (long i = 1; i < bl_lag; i++)
        mltp_barrier(&bl, 2);
    kill(bl_w_tid, SIGCONT);
    end = now() + 2.0;
    while (LOAD(bl_w_state) != 2 && now() < end)
        sleep_ms(1);
    STORE(bl_in_time, LOAD(bl_w_state) == 2);
    if (!bl_in_time) {                  /* one more episode, so that the */
        STORE(bl_extra, 1);             /* program ends */
        mltp_barrier(&bl, 2);
    }
    STORE(bl_extra, 2);
    return NULL;
}

static void *bl_y(void *p)
{
    (void)p;
    while (!LOAD(bl_go))
        mltp_yield();
    for (long i = 1; i < bl_lag; i++)
        mltp_barrier(&bl, 2);
    int x;
    while ((x = LOAD(bl_extra)) == 0)
        mltp_yield();
    if (x == 1)
        mltp_barrier(&bl, 2);
    return NULL;
}

static int barrier_lagging(void)
{
    if (arg)
        bl_lag = atol(arg);
    if (bl_lag < 1)
        return 99;
    mltp_init();
    make_bound(bl_w, NULL);
    make(bl_x, NULL);
    make(bl_y, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nstopped=%d\nin-time=%d\nw-rc=%d\nepisode=%u\n"
           "lag=%ld\n", e, bl_stopped, bl_in_time, bl_w_rc, bl.episode,
           bl_lag);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* lock-yield: the holder of a yielding lock yields                    */
/* inside its critical section while two waiters loop                  */

#define LY_HOLDER_YIELDS 20
#define LY_WAITER_ROUNDS 200
static mltp_lock_t ly;
static int ly_owner, ly_cs, ly_bad, ly_h_locked, ly_done;

static void ly_enter(int id)
{
    int prev = __atomic_exchange_n(&ly_owner, id, __ATOMIC_SEQ_CST);
    if (prev != 0)
        INC(ly_bad);
    INC(ly_cs);
}

static void ly_leave(int id)
{
    int want = id;
    if (!__atomic_compare_exchange_n(&ly_owner, &want, 0, 0, __ATOMIC_SEQ_CST,
                                     __ATOMIC_SEQ_CST))
        INC(ly_bad);
}

static void *ly_holder(void *p)
{
    (void)p;
    mltp_lock(&ly);
    ly_enter(1);
    STORE(ly_h_locked, 1);
    printf("holder locked\n");
    fflush(stdout);
    for (int i = 0; i < LY_HOLDER_YIELDS; i++) {
        mltp_yield();
        if (LOAD(ly_owner) != 1)
            INC(ly_bad);
    }
    ly_leave(1);
    mltp_unlock(&ly);
    printf("holder unlocked\n");
    fflush(stdout);
    INC(ly_done);
    return NULL;
}

static void *ly_waiter(void *p)
{
    int id = (int)(intptr_t)p;
    while (!LOAD(ly_h_locked))
        mltp_yield();
    for (int i = 0; i < LY_WAITER_ROUNDS; i++) {
        mltp_lock(&ly);
        ly_enter(id);
        ly_leave(id);
        mltp_unlock(&ly);
        mltp_yield();
    }
    printf("waiter %d done\n", id);
    fflush(stdout);
    INC(ly_done);
    return NULL;
}

static int lock_yield(void)
{
    int cls = arg && !strcmp(arg, "block") ? MLTP_LOCK_BLOCK : MLTP_LOCK_BLOCK_FRONT;
    if (mltp_lock_init(&ly, cls) != 0)
        return 99;
    make(ly_holder, NULL);
    make(ly_waiter, (void *)2);
    make(ly_waiter, (void *)3);
    int e = start_errno(nvp);
    printf("start-errno=%d\ncs=%d\nbad=%d\nfinished=%d\n", e, ly_cs, ly_bad, ly_done);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */

/* ==================================================================== */
/* steal: ULTs made ready on a busy VP run on an idle one               */

#define STEAL_N 8
static volatile int steal_vp[STEAL_N], steal_order[STEAL_N], steal_ran;
static volatile int creator_vp = -1;

static void *steal_child(void *p)
{
    int i = (int)(intptr_t)p;
    steal_vp[i] = mltp_vp_id();
    steal_order[__atomic_fetch_add(&steal_ran, 1, __ATOMIC_SEQ_CST)] = i;
    return NULL;
}

/* Never yields nor blocks while it waits: its own VP cannot run the
   children, so each one that runs was stolen. 10 s at most. */
static void *steal_creator(void *unused)
{
    mltp_t *t[STEAL_N];
    struct timespec t0, now;

    (void)unused;
    creator_vp = mltp_vp_id();
    for (int i = 0; i < STEAL_N; i++)
        steal_vp[i] = -1;
    for (int i = 0; i < STEAL_N; i++)
        t[i] = mltp_create(steal_child, (void *)(intptr_t)i);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (__atomic_load_n(&steal_ran, __ATOMIC_SEQ_CST) < STEAL_N &&
           now.tv_sec - t0.tv_sec < 10);
    int ran = steal_ran, elsewhere = 0, in_order = 1;
    for (int i = 0; i < STEAL_N; i++)
        if (steal_vp[i] >= 0 && steal_vp[i] != creator_vp)
            elsewhere++;
    /* oldest first: on each VP, the children ran in the order made */
    for (int k = 0; k < ran; k++)
        for (int j = k + 1; j < ran; j++)
            if (steal_vp[steal_order[j]] == steal_vp[steal_order[k]] &&
                steal_order[j] < steal_order[k])
                in_order = 0;
    printf("creator_vp=%d\nran=%d\nelsewhere=%d\nfirst=%d\nin_order=%d\n", creator_vp,
           ran, elsewhere, ran ? steal_order[0] : -1, in_order);
    for (int i = 0; i < STEAL_N; i++)
        mltp_join(t[i], NULL), mltp_free(t[i]);
    fflush(stdout);
    return NULL;
}

static int steal(void)
{
    mltp_t *c = mltp_create(steal_creator, NULL);
    if (!c)
        return 99;
    mltp_start(nvp);
    mltp_free(c);
    printf("done\n");
    fflush(stdout);
    return 0;
}

/* ==================================================================== */
/* steal-churn: steals of many ULTs while their queue's owner works on it */

#define CHURN_BATCH 400
#define CHURN_ROUNDS 25
#define CHURN_MAX 64            /* creators, one per VP */
static volatile unsigned char churn_ran[CHURN_MAX][CHURN_ROUNDS * CHURN_BATCH];
static volatile int churn_creator_vp[CHURN_MAX];
static int churn_stolen, churn_twice, churn_round_ran;

struct churn_child {
    int creator, index;
};

static void *churn_child(void *p)
{
    struct churn_child *c = p;

    if (__atomic_add_fetch(&churn_ran[c->creator][c->index], 1, __ATOMIC_RELAXED) > 1)
        __atomic_add_fetch(&churn_twice, 1, __ATOMIC_RELAXED);
    if (mltp_vp_id() != churn_creator_vp[c->creator])
        __atomic_add_fetch(&churn_stolen, 1, __ATOMIC_RELAXED);
    if (c->creator == 0)
        __atomic_add_fetch(&churn_round_ran, 1, __ATOMIC_RELAXED);
    if (c->index % 7 == 0)
        mltp_yield();           /* a rotation, maybe during a steal */
    return NULL;
}

static void *churn_creator(void *p)
{
    int me = (int)(intptr_t)p;
    static struct churn_child args[CHURN_MAX][CHURN_BATCH];
    mltp_t *t[CHURN_BATCH];

    for (int r = 0; r < CHURN_ROUNDS; r++) {
        churn_creator_vp[me] = mltp_vp_id();
        if (me == 0)
            __atomic_store_n(&churn_round_ran, 0, __ATOMIC_RELAXED);
        for (int i = 0; i < CHURN_BATCH; i++) {
            args[me][i].creator = me;
            args[me][i].index = r * CHURN_BATCH + i;
            if (!(t[i] = mltp_create(churn_child, &args[me][i]))) {
                printf("create-failed=%d\n", errno);
                return NULL;
            }
            if (i % 50 == 49)
                mltp_yield_to_first();  /* a push to the front, and a pop */
        }
        /* creator 0, every 5th round, keeps its VP (no yield) until others
           have run a quarter of its batch, 5 s at most: so some are stolen
           whatever the timing */
        if (me == 0 && r % 5 == 0 && nvp > 1) {
            struct timespec t0, now;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            do
                clock_gettime(CLOCK_MONOTONIC, &now);
            while (__atomic_load_n(&churn_round_ran, __ATOMIC_RELAXED) < CHURN_BATCH / 4 &&
                   now.tv_sec - t0.tv_sec < 5);
        }
        for (int i = 0; i < CHURN_BATCH; i++) {
            mltp_join(t[i], NULL);
            mltp_free(t[i]);
        }
    }
    return NULL;
}

static int steal_churn(void)
{
    mltp_t *c[CHURN_MAX];
    long once = 0, missing = 0;

    for (int k = 0; k < nvp; k++)
        if (!(c[k] = mltp_create(churn_creator, (void *)(intptr_t)k)))
            return 99;
    mltp_start(nvp);
    long leftover = 0;
    for (int k = 0; k < nvp; k++)
        leftover += it_runq_leftover(k);
    for (int k = 0; k < nvp; k++) {
        mltp_free(c[k]);
        for (int i = 0; i < CHURN_ROUNDS * CHURN_BATCH; i++) {
            if (churn_ran[k][i] == 1)
                once++;
            else if (churn_ran[k][i] == 0)
                missing++;
        }
    }
    printf("children=%d\nonce=%ld\nmissing=%ld\ntwice=%d\nstolen=%d\nleftover=%ld\ndone\n",
           nvp * CHURN_ROUNDS * CHURN_BATCH, once, missing, churn_twice, churn_stolen,
           leftover);
    fflush(stdout);
    return 0;
}

/* ==================================================================== */
/* moves: the program's own count of runs on another VP than the last     */

#define MOVES_ULTS 8
#define MOVES_ROUNDS 2000
static mltp_barrier_t mv_bar = MLTP_BARRIER_INITIALIZER;
static mltp_lock_t mv_lock;
static mltp_cond_t mv_cond[MOVES_ULTS / 2];
static mltp_lock_t mv_pair_lock[MOVES_ULTS / 2];
static int mv_turn[MOVES_ULTS / 2];
static long mv_moves;

/* around every call that may switch: did we come back elsewhere? Each
   call here switches at most once (a yield, a barrier without a spin, a
   condition wait whose SPIN lock is taken again by spinning), so that
   every run on another VP is seen: a MUTEX lock may yield, then block,
   and a run on a third VP between the two would be a move no caller
   sees. */
#define MV(call) do { int vp_ = mltp_vp_id(); call; \
                      if (mltp_vp_id() != vp_) mine++; } while (0)

static void *mv_ult(void *p)
{
    int me = (int)(intptr_t)p, pair = me / 2, side = me % 2;
    long mine = 0;
    volatile long sink = 0;

    for (int r = 0; r < MOVES_ROUNDS; r++) {
        while (!mltp_trylock(&mv_lock))
            MV(mltp_yield());
        sink += r;
        mltp_unlock(&mv_lock);
        if (r % 3 == 0)
            MV(mltp_yield());
        if (r % 5 == 0) {           /* a ping-pong step with the other side */
            mltp_lock(&mv_pair_lock[pair]);
            while (mv_turn[pair] != side)
                MV(mltp_cond_wait_lock(&mv_cond[pair], &mv_pair_lock[pair]));
            mv_turn[pair] = !side;
            mltp_cond_signal(&mv_cond[pair]);
            mltp_unlock(&mv_pair_lock[pair]);
        }
        for (int k = 0; k < (me + r) % 7 * 50; k++)
            sink += k;              /* uneven work, so waits vary */
        if (r % 10 == 0 && side) {
            for (int k = 0; k < 20000; k++)
                sink += k;          /* a long one: its VP's others yield */
        } else if (r % 10 == 0) {
            for (int k = 0; k < 20; k++)
                MV(mltp_yield());   /* queued behind it: idle VPs steal */
        }
        MV(mltp_barrier(&mv_bar, MOVES_ULTS));
    }
    __atomic_add_fetch(&mv_moves, mine, __ATOMIC_SEQ_CST);
    return NULL;
}

/* Starts until one saw a move (5 at most): the last one's count. */
static int moves(void)
{
    mltp_t *t[MOVES_ULTS];
    int starts = 0;

    mltp_lock_init(&mv_lock, MLTP_LOCK_MUTEX);
    for (int i = 0; i < MOVES_ULTS / 2; i++) {
        mltp_lock_init(&mv_pair_lock[i], MLTP_LOCK_SPIN);
        mltp_cond_init(&mv_cond[i]);
    }
    do {
        mv_moves = 0;
        for (int i = 0; i < MOVES_ULTS / 2; i++)
            mv_turn[i] = 0;
        for (int i = 0; i < MOVES_ULTS; i++)
            if (!(t[i] = mltp_create(mv_ult, (void *)(intptr_t)i)))
                return 99;
        mltp_start(nvp);
        for (int i = 0; i < MOVES_ULTS; i++)
            mltp_free(t[i]);
    } while (++starts < 5 && mv_moves == 0 && nvp > 1);
    printf("starts=%d\ncounted=%ld\ndone\n", starts, mv_moves);
    fflush(stdout);
    return 0;
}

/* ==================================================================== */
/* lock-home: where a MUTEX waiter goes on after an unlock                 */

static mltp_lock_t lh_lock;
static volatile int lh_h_vp = -1, lh_w_before = -1, lh_w_after = -1, lh_done;

static void *lh_holder(void *p)
{
    struct timespec t0, now;

    (void)p;
    mltp_lock(&lh_lock);
    lh_h_vp = mltp_vp_id();
    /* hold it until W waits (counted among the lock's waiters: sem_slot) */
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (!__atomic_load_n(&lh_lock.sem_slot, __ATOMIC_SEQ_CST) && now.tv_sec - t0.tv_sec < 5);
    mltp_unlock(&lh_lock);
    /* keep this VP busy until W went on, 2 s at most */
    do
        clock_gettime(CLOCK_MONOTONIC, &now);
    while (!__atomic_load_n(&lh_done, __ATOMIC_SEQ_CST) && now.tv_sec - t0.tv_sec < 7);
    return NULL;
}

static void *lh_waiter(void *p)
{
    (void)p;
    while (lh_h_vp < 0)
        ;                           /* H holds the lock (its own VP) */
    lh_w_before = mltp_vp_id();
    mltp_lock(&lh_lock);
    lh_w_after = mltp_vp_id();
    __atomic_store_n(&lh_done, 1, __ATOMIC_SEQ_CST);
    mltp_unlock(&lh_lock);
    return NULL;
}

/* Until H and W run on two VPs (the creator's queue may keep both). */
static int lock_home(void)
{
    int tries = 0;

    mltp_lock_init(&lh_lock, MLTP_LOCK_MUTEX);
    do {
        lh_h_vp = lh_w_before = lh_w_after = -1;
        lh_done = 0;
        mltp_t *h = mltp_create(lh_holder, NULL), *w = mltp_create(lh_waiter, NULL);
        if (!h || !w)
            return 99;
        mltp_start(2);
        mltp_free(h);
        mltp_free(w);
        tries++;
    } while ((lh_h_vp == lh_w_before || lh_w_before < 0) && tries < 20);
    cpu_set_t cpus;
    printf("tries=%d\nh_vp=%d\nw_before=%d\nw_after=%d\ncpus=%d\ndone\n", tries, lh_h_vp,
           lh_w_before, lh_w_after,
           sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 1);
    fflush(stdout);
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-syscall: a released barrier waiter whose VP is busy in the  */
/* kernel, the other VPs parked                                        */

static mltp_barrier_t bsys = MLTP_BARRIER_INITIALIZER;
static int bsys_pipe[2], bsys_read = -1, bsys_x_vp = -1, bsys_y_vp = -1;
static double bsys_arrived, bsys_released;

static void *bsys_y(void *p)
{
    char c;
    (void)p;
    STORE(bsys_y_vp, mltp_vp_id());
    STORE(bsys_read, (int)kernel_read(bsys_pipe[0], &c, 1));
    return NULL;
}

static void *bsys_x(void *p)
{
    (void)p;
    sleep_ms(50);               /* the other VPs park meanwhile */
    STORE(bsys_x_vp, mltp_vp_id());
    make(bsys_y, NULL);         /* on our VP; we wait before anyone steals it */
    mltp_barrier(&bsys, 2);
    bsys_released = now();
    if (write(bsys_pipe[1], "x", 1) != 1)
        return NULL;
    return NULL;
}

static void bsys_bound(void *p)
{
    (void)p;
    sleep_ms(200);
    bsys_arrived = now();
    mltp_barrier(&bsys, 2);
}

static int barrier_syscall(void)
{
    init_with_pipe(bsys_pipe);
    make_bound(bsys_bound, NULL);
    make(bsys_x, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nread=%d\nx-vp=%d\ny-vp=%d\nlag-ms=%.0f\nlate=%ld\n", e,
           bsys_read, bsys_x_vp, bsys_y_vp, (bsys_released - bsys_arrived) * 1e3,
           it_sched_late_wakes());
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-restart: a start ends in EDEADLK with 6 of a barrier's 8    */
/* parties waiting; the other 2 come, and a start on another number of */
/* VPs releases them all                                               */

static mltp_barrier_t brs = MLTP_BARRIER_INITIALIZER;
static int brs_passed, brs_spread = 1, brs_started, brs_arrived, brs_vp0_waiters,
           brs_hog_vp = -1, brs_last_vp = -1, brs_remade;
#define BRS_REMAKES 100
static volatile double brs_late_arrived;
static long long brs_last_back_ns;

/* The latest of the times its callers came back, in ns. */
static void note_latest(long long *t)
{
    long long v = (long long)(now() * 1e9), o = LOAD(*t);
    while (o < v && !__atomic_compare_exchange_n(t, &o, v, 0, __ATOMIC_SEQ_CST,
                                                 __ATOMIC_SEQ_CST))
        ;
}

static void *brs_party(void *p)
{
    int spread = LOAD(brs_spread);
    /* taken by VP 0 (the hog was stolen, so VP 0 is free to steal): made
       again on VP 0's queue while VP 0 sleeps, for another VP to take */
    if (spread && p && mltp_vp_id() == 0 && INC(brs_remade) <= BRS_REMAKES) {
        make(brs_party, p);
        sleep_ms(5);
        return NULL;
    }
    int i = spread ? INC(brs_started) : 0;
    if (spread)                 /* its VP in the kernel: the next is stolen */
        sleep_ms(p ? 20 + 15 * i : 20);
    if (mltp_vp_id() == 0 && spread)
        INC(brs_vp0_waiters);
    if (INC(brs_arrived) == 6 && spread)
        STORE(brs_last_vp, mltp_vp_id());
    if (mltp_barrier(&brs, 8) == 0)
        INC(brs_passed);
    note_latest(&brs_last_back_ns);
    return NULL;
}

static void *brs_sleeper(void *p)
{
    (void)p;
    sleep_ms(50);
    return NULL;
}

/* Makes the first start's 6 parties on its VP, and keeps that VP in the
   kernel until the other VPs took them all; they arrive one after the
   other, VP 0 parked. */
static void *brs_hog(void *p)
{
    (void)p;
    STORE(brs_hog_vp, mltp_vp_id());
    for (int i = 0; i < 6; i++)
        make(brs_party, (void *)1);
    for (double end = now() + 2.0; LOAD(brs_started) < 6 && now() < end;)
        sleep_ms(1);
    return NULL;
}

static void brs_late(void *p)
{
    (void)p;
    sleep_ms(100);
    brs_late_arrived = now();
    if (mltp_barrier(&brs, 8) == 0)
        INC(brs_passed);
}

/* vp0_free: the first start's parties are made by a ULT that VP 0 runs
   first and that keeps VP 0 in the kernel until they wait elsewhere */
static int barrier_restart(int vp0_free)
{
    int first = arg ? atoi(arg) : 2, bound = arg && strchr(arg, 'b');
    if (first < 1)
        return 99;
    mltp_init();
    if (vp0_free)
        make(brs_hog, NULL);
    else
        for (int i = 0; i < 6; i++)
            make(brs_party, NULL);
    int first_errno = start_errno(first);
    printf("first-errno=%d\nfirst-passed=%d\nhog-vp=%d\nremade=%d\nfirst-vp0-waiters=%d\n"
           "first-last-vp=%d\n", first_errno, LOAD(brs_passed), brs_hog_vp,
           LOAD(brs_remade), LOAD(brs_vp0_waiters), LOAD(brs_last_vp));
    fflush(stdout);
    /* VP 0 (which gets the waiters of VPs the start lacks) in the kernel
       while the 7th party is stolen: VP 0 then parks with no waiter of
       its own start */
    STORE(brs_spread, 0);
    make(brs_sleeper, NULL);
    make(brs_party, NULL);
    mltp_t *late = bound ? make_bound(brs_late, NULL) : make(brs_party, NULL);
    int e = start_errno(nvp);
    if (bound)                  /* its count comes after its barrier */
        mltp_join_bound(*late);
    printf("second-errno=%d\npassed=%d\n", e, LOAD(brs_passed));
    /* from the last arrival (the bound thread's) to the last waiter back */
    if (bound && brs_late_arrived > 0)
        printf("lag-ms=%.1f\n", ((double)LOAD(brs_last_back_ns) / 1e9 - brs_late_arrived) * 1e3);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* yield-syscall: R blocks its VP in read(2) of a pipe that W, a ULT, */
/* writes; S broadcasts a condition queue and yields until its waiters */
/* woke. No VP parks: W and the waiters must still run                 */

static int ys_fd[2], ys_woken;
#define YS_WAITERS 3
static mltp_cond_t ys_c = MLTP_COND_INITIALIZER;

static void *ys_r(void *p)
{
    char b;
    (void)p;
    return kernel_read(ys_fd[0], &b, 1) == 1 ? NULL : (void *)1;
}

static void *ys_w(void *p)
{
    (void)p;
    sleep_ms(5);
    return write(ys_fd[1], "x", 1) == 1 ? NULL : (void *)1;
}

static void *ys_waiter(void *p)
{
    (void)p;
    mltp_cond_wait(&ys_c);
    INC(ys_woken);
    return NULL;
}

static void *ys_s(void *p)
{
    (void)p;
    while (LOAD(ys_woken) < YS_WAITERS) {
        mltp_cond_broadcast(&ys_c);
        mltp_yield();
    }
    return NULL;
}

static int yield_syscall(void)
{
    init_with_pipe(ys_fd);
    make(ys_r, NULL);
    make(ys_w, NULL);
    for (int i = 0; i < YS_WAITERS; i++)
        make(ys_waiter, NULL);
    make(ys_s, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nwoken=%d\nlate=%ld\ndone\n", e, LOAD(ys_woken),
           it_sched_late_wakes());
    return 0;
}

/* Is every other process of our group asleep (none runnable)? A
   released X waits either for a CPU (a VP runnable: the machine is
   busy) or for nobody (every VP asleep: the release was lost, and only
   the reaper's tick may run X). */
static int bsb_all_asleep(void)
{
    struct proc_walk w;
    struct proc_stat ps;
    pid_t self = (pid_t)syscall(SYS_gettid), group = getpgrp();
    int asleep = 1;

    if (proc_walk_open(&w))
        return 0;
    while (proc_walk_next(&w))
        if (asleep && atoi(w.pid) != self && proc_stat_read(w.pid, &ps) == 0 &&
            ps.pgrp == group && ps.state == 'R')
            asleep = 0;
    return asleep;
}

/* ------------------------------------------------------------------ */
/* barrier-last-spinner: a release while a wake-up for other work is   */
/* in flight, the waiter's VP busy in the kernel                       */

#define BLS_ROUNDS 10
static mltp_barrier_t bls = MLTP_BARRIER_INITIALIZER;
static int bls_pipe[2], bls_x_vp, bls_y_vp, bls_y_in, bls_other_ran, bls_sleepers;
static const char *bls_other_does = "sleep";
static double bls_arrived;
static volatile double bls_ran;
static int bls_asleep;          /* X waited 10 ms with every VP asleep */

static void *bls_y(void *p)
{
    char c;
    (void)p;
    STORE(bls_y_vp, mltp_vp_id());
    STORE(bls_y_in, 1);
    if (kernel_read(bls_pipe[0], &c, 1) != 1)
        exit(99);
    return NULL;
}

/* Keeps a VP in the kernel while X makes Y: no VP is idle then, so none
   steals Y before X waits. */
static void *bls_sleeper(void *p)
{
    (void)p;
    INC(bls_sleepers);
    sleep_ms(20);
    return NULL;
}

static void *bls_x(void *p)
{
    (void)p;
    /* in the kernel, not yielding: the sleepers go to the other VPs */
    for (double end = now() + 2.0; LOAD(bls_sleepers) < nvp - 1 && now() < end;)
        sleep_ms(1);
    STORE(bls_x_vp, mltp_vp_id());
    make(bls_y, NULL);
    mltp_barrier(&bls, 2);
    bls_ran = now();
    if (write(bls_pipe[1], "x", 1) != 1)
        exit(99);
    return NULL;
}

/* Keeps the VP that takes it for 50 ms: in the kernel, or yielding
   with nothing else to run on its VP (on 2 VPs no VP is left to post,
   so a yield must find X). */
static void *bls_other(void *p)
{
    (void)p;
    INC(bls_other_ran);
    if (strcmp(bls_other_does, "yield") == 0) {
        for (double end = now() + 0.05; now() < end;) {
            for (double t = now() + 10e-6; now() < t;)
                ;
            mltp_yield();
        }
    } else if (strcmp(bls_other_does, "none") != 0) {
        sleep_ms(50);
    }
    return NULL;
}

/* The other work first: its creation claims a parked VP and posts it, so
   that a VP is counted spinning when the release comes right after. */
static void bls_bound(void *p)
{
    (void)p;
    for (double end = now() + 2.0; !LOAD(bls_y_in) && now() < end;)
        sleep_ms(1);
    sleep_ms(40);               /* the sleepers gone, their VPs parked */
    make(bls_other, NULL);
    bls_arrived = now();
    mltp_barrier(&bls, 2);
    /* X late: lost (every VP asleep twice in a row, 1 ms apart), or
       waiting for a CPU (a VP runnable: a loaded machine) */
    for (int asleep = 0; !bls_ran && now() < bls_arrived + 1.0;) {
        sleep_ms(1);
        if (now() > bls_arrived + 0.01 && !bls_ran) {
            asleep = bsb_all_asleep() ? asleep + 1 : 0;
            if (asleep >= 2 && !bls_ran)
                STORE(bls_asleep, 1);
        }
    }
}

/* BLS_ROUNDS starts, each with its own VPs' state. Rounds where an idle
   VP stole Y before X waited set nothing up (X's VP was never busy in the
   kernel): counted apart. ARG: what the other work does (sleep, yield,
   none). */
static int barrier_last_spinner(void)
{
    double max = 0;
    int set_up = 0, late = 0, lost = 0;

    if (arg)
        bls_other_does = arg;
    init_with_pipe(bls_pipe);
    for (int r = 0; r < BLS_ROUNDS; r++) {
        STORE(bls_y_in, 0);
        STORE(bls_sleepers, 0);
        STORE(bls_asleep, 0);
        bls_x_vp = bls_y_vp = -1;
        bls_arrived = bls_ran = 0;
        mltp_t *b = make_bound(bls_bound, NULL);
        make(bls_x, NULL);
        for (int i = 1; i < nvp; i++)
            make(bls_sleeper, NULL);
        int e = start_errno(nvp);
        mltp_join_bound(*b);
        free(b);
        double lag = (bls_ran - bls_arrived) * 1e3;
        int here = bls_x_vp == bls_y_vp;
        printf("round %d: start-errno=%d x-vp=%d y-vp=%d lag-ms=%.1f every-vp-asleep=%d\n",
               r, e, bls_x_vp, bls_y_vp, lag, LOAD(bls_asleep));
        fflush(stdout);
        if (e != 0)
            return 3;
        if (!here)
            continue;
        set_up++;
        late += lag >= 10.0;
        lost += lag >= 10.0 && LOAD(bls_asleep);
        if (lag > max)
            max = lag;
    }
    printf("rounds=%d\nset-up=%d\nlate=%d\nlost=%d\nother-ran=%d\nmax-lag-ms=%.1f\ndone\n",
           BLS_ROUNDS, set_up, late, lost, LOAD(bls_other_ran), max);
    return 0;
}

/* ------------------------------------------------------------------ */
/* bound-end-deadlock: ULTs wait forever at a barrier; the only thing  */
/* that could release them, a bound thread, ends after every VP parked */

static mltp_barrier_t bed = MLTP_BARRIER_INITIALIZER;
static double bed_t0;
static volatile double bed_end;
static int bed_waiting;

static void *bed_party(void *p)
{
    (void)p;
    INC(bed_waiting);
    mltp_barrier(&bed, 3);      /* a third party never comes */
    printf("a party was released\n");
    return NULL;
}

static void bed_bound(void *p)
{
    (void)p;
    sleep_ms(100);
    bed_end = now();
}

static int bound_end_deadlock(void)
{
    mltp_init();
    mltp_t *b = make_bound(bed_bound, NULL);
    make(bed_party, NULL);
    make(bed_party, NULL);
    bed_t0 = now();
    int e = start_errno(nvp);
    double back = now();
    mltp_join_bound(*b);
    free(b);
    printf("start-errno=%d\nwaiting=%d\nbound-end-ms=%.1f\nreturn-ms=%.1f\nlag-ms=%.1f\n"
           "done\n", e, LOAD(bed_waiting), (bed_end - bed_t0) * 1e3,
           (back - bed_t0) * 1e3, (back - bed_end) * 1e3);
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-spin-busy: a release while the waiter's VP, idle, goes busy */
/* with a ULT that then blocks in the kernel until the waiter runs     */

static mltp_barrier_t bsb = MLTP_BARRIER_INITIALIZER;
static int bsb_pipe[2], bsb_x_in, bsb_z_vp, bsb_over, bsb_kept;
static volatile double bsb_ran;
static mltp_cond_t bsb_cond = MLTP_COND_INITIALIZER;

/* Keeps the start going (every other ULT comes from the bound thread)
   without keeping a VP. */
static void *bsb_keeper(void *p)
{
    (void)p;
    while (!LOAD(bsb_over))
        mltp_cond_wait(&bsb_cond);
    STORE(bsb_kept, 1);
    return NULL;
}

static void *bsb_z(void *p)
{
    char c;
    (void)p;
    STORE(bsb_z_vp, mltp_vp_id());
    if (kernel_read(bsb_pipe[0], &c, 1) != 1)
        exit(99);
    return NULL;
}

/* Z, on X's VP, blocks in read(2) until X runs after its release. */
static void *bsb_x(void *p)
{
    (void)p;
    STORE(bsb_x_in, mltp_vp_id() + 1);
    mltp_barrier(&bsb, 2);
    bsb_ran = now();
    if (write(bsb_pipe[1], "x", 1) != 1)
        exit(99);
    return NULL;
}

static void spin_us(double us)
{
    for (double end = now() + us * 1e-6; now() < end;)
        ;
}

/* The releaser, a bound thread, round after round: X made (on queue 0,
   VP 0's); once X waits and its VP idles, Z made on that queue, then the
   release after a delay that sweeps the time X's VP takes from its last
   look at X's word to running Z. A round whose X waits 10 ms is slow; it
   is lost if meanwhile every VP slept twice in a row, 1 ms apart. Stops
   at the first lost release, or after ARG seconds. */
static void bsb_bound(void *secs)
{
    double end = now() + *(double *)secs, max = 0;
    long rounds = 0, set_up = 0, slow = 0, lost = 0;
    unsigned long long seed = 1;

    while (now() < end && !lost) {
        STORE(bsb_x_in, 0);
        STORE(bsb_z_vp, -1);
        bsb_ran = 0;
        make(bsb_x, NULL);
        for (double t = now(); !LOAD(bsb_x_in) && now() < t + 1.0;)
            sched_yield();
        int x_vp = LOAD(bsb_x_in) - 1;
        /* odd rounds: X's VP parked, Z's creation posts it and the
           release comes within its wake-up; even: X's VP spins (after
           X's own spin, 20 us), and the release comes as it sees Z */
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        double r = (double)(seed >> 11) / (double)(1ULL << 53);
        spin_us(rounds & 1 ? 150 : 22 + 15 * r);
        make(bsb_z, NULL);
        spin_us(rounds & 1 ? 150 * r : 3 * r);
        double arrived = now();
        mltp_barrier(&bsb, 2);
        /* asleep: our CPU to the VPs (a busy thread here made lags of
           10-50 ms on a loaded 2-CPU machine) */
        int asleep = 0, seen_asleep = 0;
        while (!bsb_ran && now() < arrived + 1.0) {
            sleep_ms(1);
            if (now() > arrived + 0.01 && !bsb_ran) {
                asleep = bsb_all_asleep() ? asleep + 1 : 0;
                seen_asleep |= asleep >= 2 && !bsb_ran;
            }
        }
        double lag = (bsb_ran - arrived) * 1e3;
        /* Z ran on X's VP: a set-up round (else X's VP was never busy) */
        for (double t = now(); LOAD(bsb_z_vp) < 0 && now() < t + 1.0;)
            sleep_ms(1);
        if (x_vp == 0 && LOAD(bsb_z_vp) == 0)
            set_up++;
        if (lag >= 10.0) {
            slow++;
            lost += seen_asleep;
            printf("round %ld: lag-ms=%.1f x-vp=%d z-vp=%d every-vp-asleep=%d\n", rounds,
                   lag, x_vp, LOAD(bsb_z_vp), seen_asleep);
            fflush(stdout);
        }
        if (lag > max)
            max = lag;
        rounds++;
    }
    printf("rounds=%ld\nset-up=%ld\nslow=%ld\nlost=%ld\nmax-lag-ms=%.1f\n", rounds, set_up,
           slow, lost, max);
    fflush(stdout);
    STORE(bsb_over, 1);
    while (!LOAD(bsb_kept)) {
        mltp_cond_broadcast(&bsb_cond);
        sleep_ms(1);
    }
}

static int barrier_spin_busy(void)
{
    static double secs;

    secs = arg ? atof(arg) : 2.0;
    init_with_pipe(bsb_pipe);
    make(bsb_keeper, NULL);
    mltp_t *b = make_bound(bsb_bound, &secs);
    int e = start_errno(nvp);
    mltp_join_bound(*b);
    free(b);
    printf("start-errno=%d\ndone\n", e);
    return 0;
}

/* ------------------------------------------------------------------ */
/* barrier-steal-busy: a release while the waiter's VP, idle, has     */
/* stolen a ULT that will keep it in the kernel, and is about to go   */
/* busy with it                                                        */

static mltp_barrier_t sbb = MLTP_BARRIER_INITIALIZER;
static int sbb_pipe[2], sbb_vp[2], sbb_started, sbb_role[2], sbb_w_stop, sbb_x_in;
static int sbb_z_vp = -1;
static volatile double sbb_ran;

/* Z reads what X writes once released: its VP stays in read(2) until X
   ran. */
static void *sbb_z(void *p)
{
    char c;
    (void)p;
    STORE(sbb_z_vp, mltp_vp_id());
    if (kernel_read(sbb_pipe[0], &c, 1) != 1)
        exit(99);
    return NULL;
}

/* Two of these, started on the two VPs (else not set up: role 3):
   VP 1's is X (role 1), which waits at the barrier; VP 0's is W (role
   2), which keeps VP 0 busy until told, so that the ULT made on queue 0
   is stolen by VP 1. */
static void *sbb_p(void *p)
{
    long i = (long)p;

    STORE(sbb_vp[i], mltp_vp_id() + 1);
    INC(sbb_started);
    /* without a yield, so that the other VP steals the other one */
    for (double t = now(); LOAD(sbb_started) < 2 && now() < t + 0.1;)
        ;
    while (LOAD(sbb_started) < 2)
        mltp_yield();
    int other = LOAD(sbb_vp[1 - i]) - 1, mine = mltp_vp_id();
    if (mine == other || LOAD(sbb_vp[i]) - 1 != mine) {
        STORE(sbb_role[i], 3);
        return NULL;
    }
    if (mine == 1) {
        STORE(sbb_role[i], 1);
        STORE(sbb_x_in, 1);
        mltp_barrier(&sbb, 2);
        sbb_ran = now();
        if (write(sbb_pipe[1], "x", 1) != 1)
            exit(99);
    } else {
        STORE(sbb_role[i], 2);
        while (!LOAD(sbb_w_stop))
            ;
    }
    return NULL;
}

/* The releaser, a bound thread: once X waits and VP 1 idles, Z made on
   queue 0 (VP 0 busy with W: VP 1 steals it, and pauses before it goes
   busy until told, 1 s at most); W told to end, and VP 0 parked; then
   the release, inside VP 1's pause, which then ends. */
static void sbb_bound(void *unused)
{
    double t, arrived = 0, lag = -1;
    int set_up = 0, in_pause = 0;

    (void)unused;
    for (t = now(); (!LOAD(sbb_role[0]) || !LOAD(sbb_role[1])) && now() < t + 2.0;)
        sleep_ms(1);
    if (LOAD(sbb_role[0]) + LOAD(sbb_role[1]) == 3) {
        for (t = now(); (!LOAD(sbb_x_in) || LOAD(IT_RUNQ_OF(1).idle) == SCHED_RQ_BUSY) &&
                        now() < t + 2.0;)
            sleep_ms(1);
        sleep_ms(2);
        it_pause_next_steal(1000 * 1000 * 1000);
        make(sbb_z, NULL);
        for (t = now(); !it_steal_paused() && now() < t + 2.0;)
            sleep_ms(1);
        STORE(sbb_w_stop, 1);
        while (it_steal_paused() && LOAD(IT_RUNQ_OF(0).idle) != SCHED_RQ_PARKED)
            ;
        set_up = it_steal_paused();
        arrived = now();
        mltp_barrier(&sbb, 2);
        in_pause = it_steal_paused();
        it_steal_resume();
        for (t = now(); !sbb_ran && now() < t + 1.0;)
            sleep_ms(1);
        lag = sbb_ran ? (sbb_ran - arrived) * 1e3 : 1e3;
    } else {
        STORE(sbb_w_stop, 1);
    }
    printf("set-up=%d\nin-pause=%d\nz-vp=%d\nlag-ms=%.1f\n", set_up, in_pause,
           LOAD(sbb_z_vp), lag);
    fflush(stdout);
}

static int barrier_steal_busy(void)
{
    init_with_pipe(sbb_pipe);
    make(sbb_p, (void *)0L);
    make(sbb_p, (void *)1L);
    mltp_t *b = make_bound(sbb_bound, NULL);
    int e = start_errno(2);
    mltp_join_bound(*b);
    free(b);
    printf("start-errno=%d\nlate=%ld\ndone\n", e, it_sched_late_wakes());
    return 0;
}

/* ------------------------------------------------------------------ */
/* Sleeps that hold no VP (sys/sleep.c, sched/timer.c)                */

static long sl_min_ns = -1;

static long ns_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void sl_note_min(long ns)
{
    long seen = LOAD(sl_min_ns);
    while ((seen < 0 || ns < seen) &&
           !__atomic_compare_exchange_n(&sl_min_ns, &seen, ns, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
        ;
}

static void *sl_sleeper(void *p)
{
    struct timespec t = { 0, (long)(intptr_t)p * 1000000L };
    long t0 = ns_now();
    if (nanosleep(&t, NULL) != 0)
        return (void *)1;
    sl_note_min(ns_now() - t0);
    return NULL;
}

static int sleepers(void)
{
    int n = arg ? atoi(arg) : 1000;
    mltp_init();
    for (int i = 0; i < n; i++)
        make(sl_sleeper, (void *)100L);
    double t0 = now();
    int e = start_errno(nvp);
    printf("start-errno=%d\nelapsed-ms=%.1f\nmin-slept-ms=%.1f\ndone\n", e,
           (now() - t0) * 1e3, (double)LOAD(sl_min_ns) / 1e6);
    return 0;
}

static int sk_stop;
static long sk_count;

static void *sk_counter(void *p)
{
    (void)p;
    while (!LOAD(sk_stop)) {
        INC(sk_count);
        mltp_yield();
    }
    return NULL;
}

/* The bad calls, each's result and errno: made by main (glibc's own) and
   by a ULT, which must see the same. */
#define SK_BAD 13
static void sk_bad_calls(int out[SK_BAD][2])
{
    struct timespec neg = { 0, -1 }, big = { 0, 1000000000L }, negs = { -1, 0 };
    struct timespec ms = { 0, 1000000L }, zero = { 0, 0 };
    struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    int k = 0;
#define SK(call) do { errno = 0; out[k][0] = (call); out[k][1] = errno; k++; } while (0)
    SK(nanosleep(&neg, NULL));
    SK(nanosleep(&big, NULL));
    SK(nanosleep(&negs, NULL));
    SK(clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &ms, NULL));
    SK(clock_nanosleep((clockid_t)1234, 0, &ms, NULL));
    SK(clock_nanosleep(CLOCK_MONOTONIC, 0, &neg, NULL));
    SK(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &zero, NULL));
    SK(lockf(-1, F_LOCK, 0));
    SK(lockf(-1, F_TEST, 0));
    SK(lockf(0, 12345, 0));
    SK(fcntl(-1, F_SETLKW, &l));
    SK(fcntl(-1, F_OFD_SETLKW, &l));
    SK(fcntl(-1, F_GETFL));     /* not an unknown command: memcheck warns */
#undef SK
}

static int sk_main_bad[SK_BAD][2], sk_ult_bad[SK_BAD][2];

static void *sk_sleeper(void *p)
{
    struct timespec t = { 0, 20 * 1000000L }, at;
    const char *names[] = { "nanosleep", "clock_nanosleep-monotonic", "clock_nanosleep-realtime",
                            "clock_nanosleep-boottime", "clock_nanosleep-abs-monotonic",
                            "clock_nanosleep-abs-realtime", "usleep" };
    (void)p;
    for (int i = 0; i < 7; i++) {
        long c0 = LOAD(sk_count), t0 = ns_now();
        int r;
        errno = 1234;
        switch (i) {
        case 0: r = nanosleep(&t, NULL); break;
        case 1: r = clock_nanosleep(CLOCK_MONOTONIC, 0, &t, NULL); break;
        case 2: r = clock_nanosleep(CLOCK_REALTIME, 0, &t, NULL); break;
        case 3: r = clock_nanosleep(CLOCK_BOOTTIME, 0, &t, NULL); break;
        case 4:
        case 5:
            clock_gettime(i == 4 ? CLOCK_MONOTONIC : CLOCK_REALTIME, &at);
            at.tv_nsec += 20 * 1000000L;
            if (at.tv_nsec >= 1000000000L) {
                at.tv_sec++;
                at.tv_nsec -= 1000000000L;
            }
            r = clock_nanosleep(i == 4 ? CLOCK_MONOTONIC : CLOCK_REALTIME, TIMER_ABSTIME, &at, NULL);
            break;
        default: r = usleep(20000); break;
        }
        printf("kind=%s r=%d errno-kept=%d slept-ms=%.1f others-ran=%ld\n", names[i], r,
               errno_now() == 1234, (double)(ns_now() - t0) / 1e6, LOAD(sk_count) - c0);
    }
    sk_bad_calls(sk_ult_bad);
    STORE(sk_stop, 1);
    return NULL;
}

static int sleep_kinds(void)
{
    int same = 1;
    sk_bad_calls(sk_main_bad);
    mltp_init();
    make(sk_counter, NULL);
    make(sk_sleeper, NULL);
    int e = start_errno(nvp);
    for (int k = 0; k < SK_BAD; k++) {
        if (sk_main_bad[k][0] != sk_ult_bad[k][0] || sk_main_bad[k][1] != sk_ult_bad[k][1]) {
            printf("bad-call %d: glibc %d/%d, in a ULT %d/%d\n", k, sk_main_bad[k][0],
                   sk_main_bad[k][1], sk_ult_bad[k][0], sk_ult_bad[k][1]);
            same = 0;
        }
    }
    printf("start-errno=%d\nerrors-same=%d\ndone\n", e, same);
    return 0;
}

static volatile sig_atomic_t se_handled;

static void se_handler(int sig)
{
    (void)sig;
    se_handled++;
}

static void se_alarm(void)
{
    struct itimerval it = { { 0, 0 }, { 0, 50 * 1000 } };
    setitimer(ITIMER_REAL, &it, NULL);
}

static void *se_sleeper(void *p)
{
    struct timespec t = { 1, 0 }, rem = { 77, 77 }, at;
    long t0;
    int r, err;
    (void)p;
    se_alarm();
    t0 = ns_now();
    errno = 0;
    r = nanosleep(&t, &rem);
    err = errno_now();
    printf("nanosleep r=%d errno=%d rem-ms=%.0f took-ms=%.0f\n", r, err,
           (double)rem.tv_sec * 1e3 + (double)rem.tv_nsec / 1e6, (double)(ns_now() - t0) / 1e6);
    se_alarm();
    rem = (struct timespec){ 77, 77 };
    r = clock_nanosleep(CLOCK_MONOTONIC, 0, &t, &rem);
    printf("clock_nanosleep r=%d rem-ms=%.0f\n", r,
           (double)rem.tv_sec * 1e3 + (double)rem.tv_nsec / 1e6);
    se_alarm();
    clock_gettime(CLOCK_MONOTONIC, &at);
    at.tv_sec += 1;
    rem = (struct timespec){ 77, 77 };
    r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, &rem);
    printf("clock_nanosleep-abs r=%d rem-untouched=%d\n", r, rem.tv_sec == 77 && rem.tv_nsec == 77);
    se_alarm();
    errno = 0;
    r = usleep(1000000);
    err = errno_now();
    printf("usleep r=%d errno=%d\n", r, err);
    se_alarm();
    printf("sleep r=%u\n", sleep(2));
    return NULL;
}

static int sleep_eintr(void)
{
    struct sigaction sa;
    signal_default(SIGALRM);        /* whatever the run inherited */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = se_handler;
    sa.sa_flags = arg && strcmp(arg, "restart") == 0 ? SA_RESTART : 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    mltp_init();
    make(se_sleeper, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nhandled=%d\ndone\n", e, (int)se_handled);
    return 0;
}

static int sb_flag;
static long sb_late_ns = -1;

static void *sb_yielder(void *p)
{
    (void)p;
    while (!LOAD(sb_flag))
        mltp_yield();
    return NULL;
}

static void *sb_sleeper(void *p)
{
    struct timespec t = { 0, 10 * 1000000L };
    long due = ns_now() + t.tv_nsec;
    (void)p;
    nanosleep(&t, NULL);
    STORE(sb_late_ns, ns_now() - due);
    STORE(sb_flag, 1);
    return NULL;
}

static int sleep_busy(void)
{
    mltp_init();
    for (int i = 0; i < nvp; i++)
        make(sb_yielder, NULL);
    make(sb_sleeper, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nlate-ms=%.1f\ndone\n", e, (double)LOAD(sb_late_ns) / 1e6);
    return 0;
}

/* mltp_sleep_ns: MLTP's timers whatever MLTP_SYSCALLS says */
static void *sl_mltp_sleeper(void *p)
{
    long t0 = ns_now();
    if (mltp_sleep_ns((long)(intptr_t)p * 1000000L) != 0)
        return (void *)1;
    sl_note_min(ns_now() - t0);
    return NULL;
}

static int sleep_two(void)
{
    int mltp = arg && strcmp(arg, "mltp") == 0;

    mltp_init();
    if (mltp) {
        /* outside a ULT: nanosleep's; a bad length: EINVAL */
        long t0 = ns_now();
        int r = mltp_sleep_ns(2000000);
        printf("outside r=%d slept=%d\neinval=%d\n", r, ns_now() - t0 >= 2000000,
               mltp_sleep_ns(-1) == EINVAL);
    }
    make(mltp ? sl_mltp_sleeper : sl_sleeper, (void *)50L);
    make(mltp ? sl_mltp_sleeper : sl_sleeper, (void *)50L);
    double t0 = now();
    int e = start_errno(nvp);
    printf("start-errno=%d\nelapsed-ms=%.1f\nmin-slept-ms=%.1f\ndone\n", e,
           (now() - t0) * 1e3, (double)LOAD(sl_min_ns) / 1e6);
    return 0;
}

static mltp_barrier_t sd_bar;

static void *sd_sleeper(void *p)
{
    (void)p;
    usleep(50000);
    mltp_barrier(&sd_bar, 2);
    return NULL;
}

static int sleep_deadlock(void)
{
    mltp_init();
    mltp_barrier_init(&sd_bar);
    make(sd_sleeper, NULL);
    double t0 = now();
    int e = start_errno(nvp);
    printf("start-errno=%d\nelapsed-ms=%.1f\ndone\n", e, (now() - t0) * 1e3);
    return 0;
}

static mltp_lock_t ssl_lock;
static int ssl_taken;

static void *ssl_holder(void *p)
{
    (void)p;
    mltp_lock(&ssl_lock);
    if (arg && strcmp(arg, "syscall") == 0) {
        struct timespec t = { 0, 20000000L };
        syscall(SYS_nanosleep, &t, NULL);   /* a marked call */
    } else {
        usleep(20000);
    }
    INC(ssl_taken);
    mltp_unlock(&ssl_lock);
    return NULL;
}

static void *ssl_waiter(void *p)
{
    (void)p;
    mltp_lock(&ssl_lock);
    INC(ssl_taken);
    mltp_unlock(&ssl_lock);
    return NULL;
}

static int sleep_semlock(void)
{
    mltp_init();
    if (mltp_lock_init(&ssl_lock, MLTP_LOCK_SEMAPHORE) != 0)
        return 99;
    make(ssl_holder, NULL);
    for (int i = 0; i < nvp; i++)
        make(ssl_waiter, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\ntaken=%d\ndone\n", e, LOAD(ssl_taken));
    return 0;
}

/* ------------------------------------------------------------------ */
/* Descriptors that wait as ULTs (sys/fd.c, sched/poll.c)              */

static int pu_fds[2];
static long pu_got = -1, pu_big_written = -1, pu_big_read;

static void *pu_reader(void *p)
{
    char b[8];
    (void)p;
    pu_got = read(pu_fds[0], b, sizeof b);
    return NULL;
}

static void *pu_writer(void *p)
{
    (void)p;
    usleep(20000);
    return write(pu_fds[1], "hello", 5) == 5 ? NULL : (void *)1;
}

#define PU_BIG (1L << 20)
static void *pu_big_writer(void *p)
{
    char *b = calloc(1, PU_BIG);
    (void)p;
    pu_big_written = b ? write(pu_fds[1], b, PU_BIG) : -2;
    free(b);
    return NULL;
}

static void *pu_big_reader(void *p)
{
    char b[4096];
    (void)p;
    while (pu_big_read < PU_BIG) {
        ssize_t r = read(pu_fds[0], b, sizeof b);
        if (r <= 0)
            break;
        pu_big_read += r;
    }
    return NULL;
}

/* A FIFO instead of a pipe (ARG "fifo"): it refuses RWF_NOWAIT, so the
   calls are asked with poll() first, as pipes are before Linux 6.4. */
static void init_with_fifo(int fds[2])
{
    char dir[] = "/tmp/mltp-fifo-XXXXXX", path[64];

    if (!mkdtemp(dir))
        exit(99);
    snprintf(path, sizeof path, "%s/f", dir);
    if (mkfifo(path, 0600) != 0 || (fds[0] = open(path, O_RDONLY | O_NONBLOCK)) < 0 ||
        (fds[1] = open(path, O_WRONLY)) < 0 || fcntl(fds[0], F_SETFL, 0) != 0)
        exit(99);
    unlink(path);
    rmdir(dir);
    mltp_init();
}

static int pipe_ult(void)
{
    if (arg && !strcmp(arg, "fifo"))
        init_with_fifo(pu_fds);
    else
        init_with_pipe(pu_fds);
    make(pu_reader, NULL);
    make(pu_writer, NULL);
    int e = start_errno(nvp);
    make(pu_big_writer, NULL);
    make(pu_big_reader, NULL);
    int e2 = start_errno(nvp);
    printf("start-errno=%d\ngot=%ld\nstart2-errno=%d\nbig-written=%ld\nbig-read=%ld\ndone\n", e,
           pu_got, e2, pu_big_written, pu_big_read);
    return 0;
}

#define SE_MSGS 100
static int se_echoed;

static void *se_client(void *p)
{
    int fd = (int)(intptr_t)p;
    char b[16];
    for (int i = 0; i < SE_MSGS; i++) {
        if (write(fd, "ping", 4) != 4 || read(fd, b, sizeof b) != 4)
            return (void *)1;
        INC(se_echoed);
    }
    close(fd);
    return NULL;
}

static void *se_server(void *p)
{
    int fd = (int)(intptr_t)p;
    char b[16];
    ssize_t r;
    while ((r = recv(fd, b, sizeof b, 0)) > 0)
        if (send(fd, b, (size_t)r, 0) != r)
            return (void *)1;
    close(fd);
    return NULL;
}

static int socket_echo(void)
{
    int pairs = arg ? atoi(arg) : 1;
    mltp_init();
    for (int i = 0; i < pairs; i++) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
            return 99;
        make(se_server, (void *)(intptr_t)sv[1]);
        make(se_client, (void *)(intptr_t)sv[0]);
    }
    double t0 = now();
    int e = start_errno(nvp);
    printf("start-errno=%d\nechoed=%d\nelapsed-ms=%.1f\ndone\n", e, LOAD(se_echoed),
           (now() - t0) * 1e3);
    return 0;
}

static int fe_nb[2], fe_cl[2];
static int fe_eagain, fe_ebadf, fe_eof, fe_epipe;
static long fe_waiter_r, fe_waiter_errno;

static void *fe_edges(void *p)
{
    char b[4];
    (void)p;
    errno = 0;
    fe_eagain = read(fe_nb[0], b, sizeof b) < 0 && errno_now() == EAGAIN;
    return NULL;
}

static void *fe_waiter(void *p)
{
    char b[4];
    (void)p;
    errno = 0;
    fe_waiter_r = read(fe_cl[0], b, sizeof b);
    fe_waiter_errno = errno_now();
    fe_ebadf = fe_waiter_r < 0 && fe_waiter_errno == EBADF;
    return NULL;
}

static void *fe_closer(void *p)
{
    int w[2];
    char b[4];
    (void)p;
    usleep(20000);
    close(fe_cl[0]);
    if (pipe(w) != 0)
        return (void *)1;
    close(w[1]);
    fe_eof = read(w[0], b, sizeof b) == 0;
    close(w[0]);
    if (pipe(w) != 0)
        return (void *)1;
    close(w[0]);
    errno = 0;
    fe_epipe = write(w[1], "x", 1) < 0 && errno_now() == EPIPE;
    close(w[1]);
    return NULL;
}

static int fd_edges(void)
{
    signal(SIGPIPE, SIG_IGN);
    if (pipe2(fe_nb, O_NONBLOCK) != 0)
        return 99;
    init_with_pipe(fe_cl);
    make(fe_edges, NULL);
    make(fe_waiter, NULL);
    make(fe_closer, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\neagain=%d\nebadf=%d\nclosed-read=%ld\nclosed-errno=%ld\neof=%d\n"
           "epipe=%d\ndone\n", e, fe_eagain, fe_ebadf, fe_waiter_r, fe_waiter_errno, fe_eof,
           fe_epipe);
    return 0;
}

static int re_fds[2];
static long re_r = -2;
static int re_errno, re_handled;

static void re_handler(int sig)
{
    (void)sig;
    re_handled++;
}

static void *re_reader(void *p)
{
    struct itimerval it = { { 0, 0 }, { 0, 50 * 1000 } };
    char b[8];
    (void)p;
    setitimer(ITIMER_REAL, &it, NULL);
    errno = 0;
    re_r = read(re_fds[0], b, sizeof b);
    re_errno = errno_now();
    return NULL;
}

/* a bound thread: its sleep is not a wait of the reader's VP, which the
   signal would end instead */
static void re_late_writer(void *p)
{
    (void)p;
    usleep(200000);
    if (write(re_fds[1], "late", 4) != 4)
        abort();
}

static int read_eintr(void)
{
    struct sigaction sa;
    int restart = arg && strcmp(arg, "restart") == 0;
    signal_default(SIGALRM);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = re_handler;
    sa.sa_flags = restart ? SA_RESTART : 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    init_with_pipe(re_fds);
    make(re_reader, NULL);
    make_bound(re_late_writer, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nr=%ld\nerrno=%d\nhandled=%d\ndone\n", e, re_r, re_errno, re_handled);
    return 0;
}

/* poll-wait, poll-eintr: ARG is the call: poll, ppoll, select or pselect */
static int pw_a[2], pw_b[2], pw_c[2];
static volatile int pw_other_ran;

/* kind's call on rd[0..n) for reading, timeout ms (-1: none): its result,
   and in ready[] which it said were ready (POLLNVAL counted too) */
static int pw_call(const char *kind, const int *rd, int n, int ms, int *ready, int *nval)
{
    struct pollfd p[4];
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    int r;

    *nval = 0;
    if (!strcmp(kind, "poll") || !strcmp(kind, "ppoll")) {
        for (int i = 0; i < n; i++)
            p[i] = (struct pollfd){ rd[i], POLLIN, 0 };
        r = !strcmp(kind, "poll") ? poll(p, (nfds_t)n, ms) : ppoll(p, (nfds_t)n, ms < 0 ? NULL : &ts, NULL);
        for (int i = 0; i < n; i++) {
            ready[i] = r > 0 && (p[i].revents & (POLLIN | POLLNVAL)) != 0;
            *nval += r > 0 && (p[i].revents & POLLNVAL) != 0;
        }
    } else {
        fd_set s;
        struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
        int top = 0;
        FD_ZERO(&s);
        for (int i = 0; i < n; i++) {
            FD_SET(rd[i], &s);
            top = rd[i] + 1 > top ? rd[i] + 1 : top;
        }
        r = !strcmp(kind, "select") ? select(top, &s, NULL, NULL, ms < 0 ? NULL : &tv)
                                    : pselect(top, &s, NULL, NULL, ms < 0 ? NULL : &ts, NULL);
        for (int i = 0; i < n; i++)
            ready[i] = r > 0 && FD_ISSET(rd[i], &s);
    }
    return r;
}

static int pw_r_ready, pw_ready_a, pw_ready_b, pw_r_timeout, pw_r_closed, pw_closed_errno,
    pw_nval, pw_ran_during;
static double pw_ready_ms, pw_timeout_ms;

static void *pw_waiter(void *p)
{
    const char *kind = p;
    int fds[2] = { pw_a[0], pw_b[0] }, ready[2], nval;
    double t0 = now();
    /* B written by a later ULT 20 ms in */
    pw_r_ready = pw_call(kind, fds, 2, 2000, ready, &nval);
    pw_ready_ms = (now() - t0) * 1e3;
    pw_ready_a = ready[0];
    pw_ready_b = ready[1];
    /* nothing comes: the timeout, while another ULT runs */
    pw_other_ran = 0;
    t0 = now();
    pw_r_timeout = pw_call(kind, fds, 1, 60, ready, &nval);
    pw_timeout_ms = (now() - t0) * 1e3;
    pw_ran_during = pw_other_ran;
    /* C's read end closed by another ULT while we wait */
    errno = 0;
    pw_r_closed = pw_call(kind, &pw_c[0], 1, -1, ready, &pw_nval);
    pw_closed_errno = errno_now();
    return NULL;
}

static void *pw_writer(void *p)
{
    (void)p;
    usleep(20000);
    if (write(pw_b[1], "x", 1) != 1)
        return (void *)1;
    usleep(50000);              /* into the waiter's timeout */
    pw_other_ran = 1;
    usleep(50000);              /* into the wait on C */
    close(pw_c[0]);
    return NULL;
}

static int poll_wait(void)
{
    const char *kind = arg ? arg : "poll";
    init_with_pipe(pw_a);
    if (pipe(pw_b) != 0 || pipe(pw_c) != 0)
        return 99;
    /* C's read end on a number nothing else takes once it is closed: an
       open() meanwhile (the library reads /proc now and then) gets the
       lowest free number, and a select on a reused number is another
       file's answer */
    if (dup2(pw_c[0], 700) != 700 || close(pw_c[0]) != 0)
        return 99;
    pw_c[0] = 700;
    make(pw_waiter, (void *)kind);
    make(pw_writer, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nready-r=%d\nready-a=%d\nready-b=%d\nready-ms=%.1f\n"
           "timeout-r=%d\ntimeout-ms=%.1f\nran-during=%d\nclosed-r=%d\nclosed-errno=%d\n"
           "nval=%d\ndone\n", e, pw_r_ready, pw_ready_a, pw_ready_b, pw_ready_ms, pw_r_timeout,
           pw_timeout_ms, pw_ran_during, pw_r_closed, pw_closed_errno, pw_nval);
    return 0;
}

static long pe_r = -2;
static int pe_errno;

static void *pe_waiter(void *p)
{
    struct itimerval it = { { 0, 0 }, { 0, 50 * 1000 } };
    int fd = re_fds[0], ready, nval;
    setitimer(ITIMER_REAL, &it, NULL);
    errno = 0;
    pe_r = pw_call(p, &fd, 1, -1, &ready, &nval);
    pe_errno = errno_now();
    return NULL;
}

/* SIGALRM, its handler set with SA_RESTART, 50 ms into a ULT's wait on an
   empty pipe that a bound thread writes 200 ms in: EINTR (these calls
   never restart) */
static int poll_eintr(void)
{
    struct sigaction sa;
    signal_default(SIGALRM);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = re_handler;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    init_with_pipe(re_fds);
    make(pe_waiter, (void *)(arg ? arg : "poll"));
    make_bound(re_late_writer, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nr=%ld\nerrno=%d\nhandled=%d\ndone\n", e, pe_r, pe_errno, re_handled);
    return 0;
}

/* recv-waitall */
static int rw_st[2], rw_dg[2];
static long rw_got[3];
static char rw_text[3][8];

static void *rw_reader(void *p)
{
    char a[4], b[4];
    struct iovec v[2] = { { a, 3 }, { b, 3 } };
    struct msghdr m = { .msg_iov = v, .msg_iovlen = 2 };
    (void)p;
    rw_got[0] = recv(rw_st[0], rw_text[0], 6, MSG_WAITALL);
    rw_got[1] = recvfrom(rw_st[0], rw_text[1], 6, MSG_WAITALL, NULL, NULL);
    rw_got[2] = recvmsg(rw_st[0], &m, MSG_WAITALL);
    memcpy(rw_text[2], a, 3);
    memcpy(rw_text[2] + 3, b, 3);
    return NULL;
}

static void *rw_writer(void *p)
{
    (void)p;
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            usleep(5000);
            if (send(rw_st[1], "abcdef" + 2 * k, 2, 0) != 2)
                return (void *)1;
        }
    return NULL;
}

static long rw_dgram;
static void *rw_dgram_reader(void *p)
{
    char b[100];
    (void)p;
    rw_dgram = recv(rw_dg[0], b, sizeof b, MSG_WAITALL);
    return NULL;
}

/* MSG_WAITALL: 6 bytes sent as 3 sends of 2, 5 ms apart, by a later ULT,
   received whole by recv, recvfrom and recvmsg (two iovecs) on a stream
   socket; on a datagram socket one datagram of two already there */
static int recv_waitall(void)
{
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, rw_st) != 0 ||
        socketpair(AF_UNIX, SOCK_DGRAM, 0, rw_dg) != 0 ||
        send(rw_dg[1], "abc", 3, 0) != 3 || send(rw_dg[1], "de", 2, 0) != 2)
        return 99;
    mltp_init();
    make(rw_reader, NULL);
    make(rw_writer, NULL);
    make(rw_dgram_reader, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\nrecv=%ld %.6s\nrecvfrom=%ld %.6s\nrecvmsg=%ld %.6s\ndgram=%ld\ndone\n",
           e, rw_got[0], rw_text[0], rw_got[1], rw_text[1], rw_got[2], rw_text[2], rw_dgram);
    return 0;
}

/* raw-syscall */
static int rs_returned, rs_before = -1;
static long rs_made_ns, rs_ran_ns;

#define RS_WAIT_MS 400
static const char *rs_path;     /* the file a child holds locked */

/* A child that ends RS_WAIT_MS from now; holding lock (flock, lockf,
   fcntl, ofd) on rs_path meanwhile, once it has written to ready. */
static pid_t rs_child(const char *lock, int ready)
{
    pid_t pid = fork();

    if (pid != 0)
        return pid;
    int fd = lock ? open(rs_path, O_RDWR) : -1;
    struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (lock && (fd < 0 || (!strcmp(lock, "flock") ? flock(fd, LOCK_EX)
                            : !strcmp(lock, "ofd") ? fcntl(fd, F_OFD_SETLK, &l)
                                                   : fcntl(fd, F_SETLK, &l)) != 0))
        _exit(99);
    if (ready >= 0 && write(ready, "r", 1) != 1)
        _exit(99);
    sleep_ms(RS_WAIT_MS);
    _exit(0);
}

static void *rs_sleeper(void *p)
{
    struct timespec t = { 0, RS_WAIT_MS * 1000000L };
    struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    int fd = -1, r;

    (void)p;
    if (arg && strcmp(arg, "waitpid") && (fd = open(rs_path, O_RDWR)) < 0)
        exit(98);
    if (!arg)
        r = (int)syscall(SYS_nanosleep, &t, NULL);
    else if (!strcmp(arg, "waitpid"))   /* the VP that forked it waits */
        r = waitpid(rs_child(NULL, -1), NULL, 0) > 0 ? 0 : -1;
    else if (!strcmp(arg, "flock"))
        r = flock(fd, LOCK_EX);
    else if (!strcmp(arg, "lockf"))
        r = lockf(fd, F_LOCK, 0);
    else if (!strcmp(arg, "fcntl"))
        r = fcntl(fd, F_SETLKW, &l);
    else
        r = fcntl(fd, F_OFD_SETLKW, &l);
    if (r != 0)
        exit(98);
    if (fd >= 0)
        close(fd);
    __atomic_add_fetch(&rs_returned, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

/* For a lock: the child that holds it. */
static void rs_lock_holder(void)
{
    static char path[] = "/tmp/mltp-lock-XXXXXX";
    int ready[2], fd;
    char c;

    if (!arg || !strcmp(arg, "waitpid"))
        return;
    if (strcmp(arg, "flock") && strcmp(arg, "lockf") && strcmp(arg, "fcntl") &&
        strcmp(arg, "ofd"))
        exit(99);
    if ((fd = mkstemp(path)) < 0 || pipe(ready) != 0)
        exit(99);
    close(fd);
    rs_path = path;
    if (rs_child(arg, ready[1]) < 0 || read(ready[0], &c, 1) != 1)
        exit(99);
}

static void *rs_late(void *p)
{
    (void)p;
    STORE(rs_ran_ns, ns_now());
    STORE(rs_before, LOAD(rs_returned) == 0);
    return NULL;
}

static void rs_maker(void *p)
{
    (void)p;
    sleep_ms(50);
    STORE(rs_made_ns, ns_now());
    make(rs_late, NULL);
}

/* where a child forked by a ULT still finds it (its MLTP forgets the
   bound thread: memcheck called the handle lost there) */
static mltp_t *rs_maker_handle;

static int raw_syscall(void)
{
    rs_lock_holder();
    mltp_init();
    for (int i = 0; i < nvp; i++)
        make(rs_sleeper, NULL);
    rs_maker_handle = make_bound(rs_maker, NULL);
    int e = start_errno(nvp);
    mltp_join_bound(*rs_maker_handle);
    free(rs_maker_handle);
    if (rs_path)
        unlink(rs_path);
    printf("start-errno=%d\nlate-before-sleepers=%d\nlate-ms=%.1f\nspares=%d\n"
           "holders-max=%d\ndone\n", e, rs_before, (double)(rs_ran_ns - rs_made_ns) / 1e6,
           sched_spares_made, sched_holders_max);
    return 0;
}

/* calls-churn */
#define CC_ROUNDS 40
static long cc_rounds;

static void *cc_worker(void *p)
{
    long k = (long)p;
    for (int i = 0; i < CC_ROUNDS; i++) {
        struct timespec t = { 0, 1000000L + (k % 3) * 500000L };
        if (syscall(SYS_nanosleep, &t, NULL) != 0)
            exit(98);
        for (volatile int j = 0; j < 20000; j++)
            ;
        __atomic_add_fetch(&cc_rounds, 1, __ATOMIC_SEQ_CST);
    }
    return NULL;
}

static int calls_churn(void)
{
    mltp_init();
    for (long i = 0; i < 3 * nvp; i++)
        make(cc_worker, (void *)i);
    int e = start_errno(nvp);
    printf("start-errno=%d\nrounds=%ld\nexpected=%d\ntakes=%d\nspares=%d\nholders-max=%d\n"
           "done\n", e, cc_rounds, 3 * nvp * CC_ROUNDS, sched_takes, sched_spares_made,
           sched_holders_max);
    return 0;
}

/* pipe-guess */
#define PG_WRITE_MS 50
static long pg_got;

static void *pg_writer(void *p)
{
    usleep(PG_WRITE_MS * 1000);
    if (write((int)(intptr_t)p, "w", 1) != 1)
        exit(98);
    return NULL;
}

/* A read of an empty pipe that a ULT made now writes PG_WRITE_MS in. */
static void pg_wait_read(int rd, int wr)
{
    mltp_t *w = make(pg_writer, (void *)(intptr_t)wr);
    char c;

    if (read(rd, &c, 1) == 1)
        pg_got++;
    if (mltp_join(w, NULL) != 0)
        exit(98);
}

/* after each wait: places taken, waits in the poller, and calls made as
   they are that waited (every call of the process) */
static int pg_takes[4], pg_wrong[4];
static long pg_polls[4];

static const char *const pg_phase[4] = { "wrong", "doubted", "stale", "refound" };

static void pg_mark(int i)
{
    pg_takes[i] = sched_takes;
    pg_polls[i] = sched_poll_waits;
    pg_wrong[i] = sys_wrong_guesses;
}

static void *pg_main(void *p)
{
    char b[64] = { 0 };
    int fds[2], q[2], nul;

    (void)p;
    if (pipe(fds) != 0 || write(fds[1], b, sizeof b) != (ssize_t)sizeof b)
        exit(99);
    for (size_t i = 0; i < sizeof b; i++)
        if (read(fds[0], b, 1) == 1)
            pg_got++;
    pg_wait_read(fds[0], fds[1]);
    pg_mark(0);
    pg_wait_read(fds[0], fds[1]);
    pg_mark(1);
    if ((nul = open("/dev/null", O_WRONLY)) < 0 || write(nul, b, 1) != 1 || pipe(q) != 0 ||
        syscall(SYS_dup3, q[0], nul, 0) != nul)
        exit(99);
    pg_wait_read(nul, q[1]);
    pg_mark(2);
    pg_wait_read(nul, q[1]);
    pg_mark(3);
    return NULL;
}

static int pipe_guess(void)
{
    mltp_init();
    make(pg_main, NULL);
    int e = start_errno(nvp);
    printf("start-errno=%d\ngot=%ld\n", e, pg_got);
    for (int i = 0; i < 4; i++)
        printf("%s: takes=%d polls=%ld wrong=%d\n", pg_phase[i], pg_takes[i], pg_polls[i],
               pg_wrong[i]);
    printf("done\n");
    return 0;
}

/* fortified: tests/fortified.c, built with _FORTIFY_SOURCE=2 */
int fortified_scenario(int nvp);
static int fortified(void)
{
    return fortified_scenario(nvp);
}

static const struct pu_scenario scenarios[] = {
    PU_SCEN_WITH("detach-join", detach_join, 0),
    PU_SCEN_WITH("detach-join-bound", detach_join, 1),
    PU_SCEN("nostack-yield", nostack_yield),
    PU_SCEN("failed-start", failed_start),
    PU_SCEN("barrier-extra", barrier_extra),
    PU_SCEN("barrier-race", barrier_race),
    PU_SCEN("barrier-lagging", barrier_lagging),
    PU_SCEN("lock-yield", lock_yield),
    PU_SCEN("steal", steal),
    PU_SCEN("steal-churn", steal_churn),
    PU_SCEN("moves", moves),
    PU_SCEN("lock-home", lock_home),
    PU_SCEN("barrier-syscall", barrier_syscall),
    PU_SCEN_WITH("barrier-restart", barrier_restart, 0),
    PU_SCEN_WITH("barrier-restart-vp0-free", barrier_restart, 1),
    PU_SCEN("yield-syscall", yield_syscall),
    PU_SCEN("barrier-last-spinner", barrier_last_spinner),
    PU_SCEN("bound-end-deadlock", bound_end_deadlock),
    PU_SCEN("barrier-spin-busy", barrier_spin_busy),
    PU_SCEN("barrier-steal-busy", barrier_steal_busy),
    PU_SCEN("sleepers", sleepers),
    PU_SCEN("sleep-kinds", sleep_kinds),
    PU_SCEN("sleep-eintr", sleep_eintr),
    PU_SCEN("sleep-busy", sleep_busy),
    PU_SCEN("sleep-two", sleep_two),
    PU_SCEN("sleep-deadlock", sleep_deadlock),
    PU_SCEN("sleep-semlock", sleep_semlock),
    PU_SCEN("pipe-ult", pipe_ult),
    PU_SCEN("socket-echo", socket_echo),
    PU_SCEN("fd-edges", fd_edges),
    PU_SCEN("read-eintr", read_eintr),
    PU_SCEN("poll-wait", poll_wait),
    PU_SCEN("poll-eintr", poll_eintr),
    PU_SCEN("fortified", fortified),
    PU_SCEN("recv-waitall", recv_waitall),
    PU_SCEN("raw-syscall", raw_syscall),
    PU_SCEN("calls-churn", calls_churn),
    PU_SCEN("pipe-guess", pipe_guess),
};

int main(int argc, char **argv)
{
    return PU_MAIN(argc, argv, &nvp, &arg, scenarios);
}
