/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tests/torture.c - a torture test in the manner of Linux's locktorture and
 * rcutorture: rounds of random mixes of the whole public API, each choice
 * drawn from a seed that is printed first ("torture: seed N") and replays
 * the run (--seed N, or MLTP_TORTURE_SEED). Every round draws its own
 * generator from (seed, round), so --from R --rounds 1 replays round R.
 *
 * A round is one or more phases; a phase creates ULTs and bound threads
 * (locks of every class, condition queues, barriers of any party count,
 * pipes and socketpairs (read with or without a poll first, or a raw
 * read that holds the VP), sleeps, yields, fork(), nested creation with join, detach and
 * both releases, stacks of many sizes (page multiples or not) and guards
 * (none, a page, an odd size, 64 KiB, the default), priorities, names,
 * vcreate, a work source's items (run in place by the ULTs that add them,
 * or made ULTs by idle VPs: mltp_set_work_source), and waves: below), then
 * runs them with mltp_start(nvp) (or mltp_begin/mltp_end) and checks:
 * each lock's counter exact, every item of the condition-protected queues
 * consumed once, every barrier episode seen complete by every party, each
 * join's value, each ULT run exactly once, each bound thread joined with
 * its value and its term function run once, every item of the work
 * source run once, and each ULT's stack guarded
 * as it asked (mltp_stack_guard). A deadlock phase leaves a
 * barrier short of parties: the start must return EDEADLK; the missing
 * parties then come and another start, on another VP count, must finish.
 *
 * Waves (the stack allocator's test): in 3 of 4 phases (deadlock phases
 * aside) one or two leaders,
 * each a ULT or a bound thread (which creates ULTs while the VPs run), make
 * 2 to 8 waves of 16 to 3000 ULTs alive at once, made with mltp_create,
 * mltp_vcreate or attributes (stack sizes; the default size asked for
 * explicitly, which takes the stack at the creation, in the creating
 * thread; guards; priorities; names), some detached, the others joined.
 * Each ULT notes the address of a local variable and its stack: the size
 * it was created with (or mltp_get_stack_size(), the default at its first
 * run) and its top (mltp_get_private()'s end: the private area lives at
 * the top of the stack); it fills a little of the stack, reads its lowest
 * byte, and meets the others at a barrier. While all wait at a second one,
 * the leader checks that each local lies on its stack and that no two of
 * the stacks alive at once overlap, the leader's own among them: "two
 * ULTs on one stack". A stack is [top - size, top), which holds the local:
 * [local - size, local] cut at the stack's floor (with a guard of 0 the
 * next stack begins right below it). And each stack must lie in read-write
 * anonymous memory (/proc/self/maps): "a stack outside its chunk". Then
 * each finds its bytes unchanged and ends. After a wave the leader pauses
 * (up to 15 ms), or goes on at once, or makes the next wave while this
 * one's ULTs end: the idle VPs' maintenance gives free stacks' memory back
 * (at once under MLTP_STACK_CACHE=0 and MLTP_STACK_DECAY=0; tests/torture.sh
 * varies both) while stacks are taken. A stack handed out past its chunk's
 * end mostly faults at once, in the thread that takes it (the library
 * writes the stack's record at its top): the crash line below.
 *
 * A start that does not come back within --watchdog seconds (20) is a
 * failure too: SIGALRM's handler, set here, prints the seed and round and
 * ends the program. Any failure is one line, "torture: FAIL seed N round R
 * ...", and exit status 1; a crash (SIGSEGV, SIGBUS, or SIGABRT: glibc
 * finding its heap corrupt) prints the line too, then ends the program
 * with the signal's status after the library's line naming the thread.
 *
 * Usage: torture [--seed N] [--vps LIST] [--seconds S | --rounds R]
 *                [--from R] [--watchdog S] [--max-prio P]
 *                [--skip LIST] [--quiet] [--verbose]
 * --skip LIST leaves features out (see usage()); --max-prio P draws
 * priorities up to P only (default MLTP_PRIO_MAX), to
 * go on past a failure of the highest ones; --verbose prints what each
 * phase made. The stack settings (MLTP_STACK_GUARD, MLTP_STACK_CACHE,
 * MLTP_STACK_DECAY) come from the environment; the first line names them
 * with the seed, so that a replay sets the same.
 */
#include <alloca.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"

#define LOAD(x) __atomic_load_n(&(x), __ATOMIC_SEQ_CST)
#define STORE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_SEQ_CST)
#define ADD(x, v) __atomic_add_fetch(&(x), (v), __ATOMIC_SEQ_CST)
#define INC(x) ADD(x, 1)

/* ---- options, failure, watchdog ------------------------------------ */

static uint64_t seed;
static long cur_round;
static int vps[32], nvps;
static const char *vps_arg = "1,2,3,4";
static int watchdog_s = 20;
static int max_prio = MLTP_PRIO_MAX;   /* --max-prio: to step around a bug */
static int quiet, verbose;

static char wd_msg[1600];       /* the watchdog's line, ready before each alarm */
static char phase_desc[1024];   /* what the phase made (describe()) */

static void wd_handler(int sig)
{
    (void)sig;
    ssize_t r = write(2, wd_msg, strlen(wd_msg));
    (void)r;
    _exit(1);
}

/* Arm the watchdog for `what` (a start, a join). */
static void watch(const char *what, int nvp)
{
    snprintf(wd_msg, sizeof wd_msg,
             "torture: FAIL seed %" PRIu64 " round %ld (vps %d): %s did not "
             "return within %d s (hang) [%s]; replay: --seed %" PRIu64
             " --vps %s --from %ld --rounds 1\n",
             seed, cur_round, nvp, what, watchdog_s, phase_desc, seed,
             vps_arg, cur_round);
    alarm((unsigned)watchdog_s);
}

static int cur_nvp;

/* A crash: the line with the seed and round first, then the default
   action again, so that the library's reaper names the ULT and the
   program ends with the signal's status. SIGABRT too: glibc's abort()
   when it finds its heap corrupt (a stack handed out over a malloc
   arena, say). */
static void crash_handler(int sig, siginfo_t *si, void *uc)
{
    char line[1600], at[64];
    (void)uc;
    if (sig == SIGABRT)
        snprintf(at, sizeof at, "(abort())");
    else
        snprintf(at, sizeof at, "at address %p", si->si_addr);
    snprintf(line, sizeof line, "torture: FAIL seed %" PRIu64 " round %ld "
             "(vps %d): signal %d (%s) %s in thread %d on VP %d "
             "[%s]; replay: --seed %" PRIu64 " --vps %s --from %ld "
             "--rounds 1\n", seed, cur_round, cur_nvp, sig,
             sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" :
             sig == SIGABRT ? "SIGABRT" : "other", at, mltp_get_myid(),
             mltp_vp_id(), phase_desc, seed, vps_arg, cur_round);
    ssize_t r = write(2, line, strlen(line));
    (void)r;
    signal(sig, SIG_DFL);
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2),
                                                      noreturn));
static void fail(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    int n = snprintf(line, sizeof line,
                     "torture: FAIL seed %" PRIu64 " round %ld (vps %d): ",
                     seed, cur_round, cur_nvp);
    va_start(ap, fmt);
    n += vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof line - 1)
        n = (int)sizeof line - 1;
    if (n < (int)sizeof line - 80)
        snprintf(line + n, sizeof line - (size_t)n,
                 "; replay: --seed %" PRIu64 " --vps %s --from %ld --rounds 1\n",
                 seed, vps_arg, cur_round);
    ssize_t r = write(2, line, strlen(line));
    (void)r;
    _exit(1);    /* from a ULT too: at once, no exit handlers */
}

#define CHECK(cond, ...) do { if (!(cond)) fail(__VA_ARGS__); } while (0)

/* ---- features (--skip LIST turns some off, to go on past a failure) -- */

enum {
    F_LOCKS, F_QUEUES, F_BARRIERS, F_PIPES, F_PIPEBAR, F_SPAWN, F_MISC,
    F_FORK, F_COND, F_BOUND, F_DEADLOCK, F_BEGIN, F_RESTART, F_STACKSIZE,
    F_SETSTACK, F_GUARD, F_WAVES, F_SOURCE, F_TLS, F_N
};
static const char *const feature_name[F_N] = {
    "locks", "queues", "barriers", "pipes", "pipebar", "spawn", "misc",
    "fork", "cond", "bound", "deadlock", "begin", "restart", "stacksize",
    "setstack", "guard", "waves", "source", "tls"
};
static unsigned skipped;
static int on(int f) { return !(skipped & (1u << f)); }

static int skip_parse(const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save, *w = strtok_r(buf, ",", &save); w;
         w = strtok_r(NULL, ",", &save)) {
        int f;
        for (f = 0; f < F_N && strcmp(w, feature_name[f]); f++)
            ;
        if (f == F_N)
            return -1;
        skipped |= 1u << f;
    }
    return 0;
}

/* ---- random numbers: splitmix64 ------------------------------------ */

static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rs;   /* main's generator; each task has its own */
static unsigned rn(unsigned n) { return n ? (unsigned)(mix(&rs) % n) : 0; }
static unsigned trn(uint64_t *s, unsigned n)
{
    return n ? (unsigned)(mix(s) % n) : 0;
}

static void sleep_us(long us)
{
    struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- a phase's state -------------------------------------------------- */

enum kind {
    K_LEAF, K_LOCK, K_PROD, K_CONS, K_BAR, K_PIPE_R, K_PIPE_W, K_PB_X,
    K_PB_Y, K_SPAWN, K_MISC, K_FORK, K_DL, K_CWAIT, K_CSIG, K_STORM, K_PWAIT, K_PSET,
    K_WAVE, K_WANCHOR, K_SOURCE, K_NKINDS
};
static const char *const kind_name[K_NKINDS] = {
    "leaf", "locker", "producer", "consumer", "barrier", "pipe-reader",
    "pipe-writer", "pipe-barrier", "pipe-barrier-reader", "spawner", "misc",
    "fork", "deadlock-party", "cond-waiter", "cond-signaller", "storm-child",
    "pause-waiter", "pause-setter", "wave-leader", "wave-anchor", "source-adder"
};

#define NCLASS 5
static const int lock_class[NCLASS] = {
    MLTP_LOCK_SPIN, MLTP_LOCK_BLOCK, MLTP_LOCK_BLOCK_FRONT,
    MLTP_LOCK_MUTEX, MLTP_LOCK_SEMAPHORE
};
static const char *const class_name[NCLASS] = {
    "SPIN", "BLOCK", "BLOCK_FRONT", "MUTEX", "SEMAPHORE"
};
/* A BLOCK, BLOCK_FRONT or MUTEX holder may yield (mltp.h); a SPIN or
   SEMAPHORE holder must not. */
static int may_yield_holding(int c) { return c >= 1 && c <= 3; }

#define MAXT 16384
#define MAXG 8

struct task {
    int slot, kind, depth, group, aborts;
    size_t stack;           /* the stack it runs on */
    int dflt;               /* the default size: the one at its first run */
    long guard;             /* the guard it asked for; -1: the default */
    uint64_t rng;
    int iters, lclass;
    mltp_t *h;              /* main's handle: joined after the start */
    mltp_barrier_t *storm_bar;  /* a storm child's, with its parent */
    int detached;
    int tls;                /* a TLS block of its own: task_tls is its */
};

/* A ULT with a TLS block of its own finds it 0 at its start, and its
   slot + 1 from then on, whatever it does and wherever it runs. */
static __thread int task_tls;

struct pc {                 /* producer/consumer queue */
    mltp_lock_t lk;
    mltp_cond_t notempty, notfull;
    int q[8], head, count, cap, bcast;
    long total, consumed, sum, want_sum;
    int per;                /* items a producer makes */
    unsigned char seen[64 * 64];
};

struct bar {
    mltp_barrier_t b;
    int parties, episodes;
    int arrived[16];
};

struct pipeg {
    int fd[2], bytes, ult_writer;
    int in_kernel;          /* its reader waits in syscall(SYS_read): a
                               marked call, whose VP a spare takes */
    int sock;               /* a socketpair: recv and send */
    int poll_ms;            /* its reader polls first, with this timeout
                               (1-3 ms, -1: none) until ready; -2: it
                               does not */
    int bar_n;              /* pipe-barrier: X's barrier of 2 */
    mltp_barrier_t b;
    long bound_delay_us;
    int y_done;
};

struct btask {              /* a bound thread */
    int slot, kind, group, iters, lclass;
    uint64_t rng;
    long delay_us;
    mltp_t *h;
    int value, termed;
};

/* Waves (the header says what they are): MAXW leaders a phase at most,
   each making 2 to MAXWAVES waves of 16 to WAVE_MAX ULTs, whose stacks
   take WAVE_BYTES of address space at most. */
#define MAXW 2
#define MAXWAVES 8
#define WAVE_MAX 3000
#define WAVE_BYTES ((size_t)2 << 30)   /* stack bytes of one wave, at most */

struct wave;
struct wmember {            /* a ULT of a wave; the leader's array */
    struct wave *w;
    int idx, k;             /* its number in wave k */
    int dflt;               /* the default size, read when it first runs */
    int detached, id;
    int how;                /* 0 mltp_create, 1 mltp_vcreate, 2 attributes */
    long guard;             /* the guard it asked for; -1: the default */
    size_t size;            /* its stack's size */
    char *local, *top;      /* a local variable's address; its stack's top */
};

struct wave {
    int id, bound, waves, done;
    int n[MAXWAVES];        /* ULTs of wave k */
    int total, ended;       /* ULTs of its waves; ended */
    /* all meet; the leader checks, then lets them go */
    mltp_barrier_t meet[MAXWAVES], go[MAXWAVES];
    int started;            /* a bound leader's anchor ULT has run */
    mltp_barrier_t anchor;  /* the bound leader and its anchor, at the end */
    uint64_t rng;
};

static struct phase {
    int nvp;
    struct task t[MAXT];
    int nt, nt_started;
    int ran[MAXT];
    struct btask bt[16];
    int nbt;
    mltp_lock_t lk[NCLASS];
    long cnt[NCLASS], want[NCLASS];
    struct pc pc[MAXG];
    int npc;
    struct bar bar[MAXG];
    int nbar;
    struct pipeg pipe[MAXG];
    int npipe;
    mltp_barrier_t dl;
    int dl_n, dl_arrived, dl_passed;
    mltp_cond_t cw;
    int cw_n, cw_woken;
    mltp_pause_t pause;
    int pause_n, pause_passed;
    mltp_barrier_t storm[MAXG * 32];
    int nstorm;
    int detached_done, spawned_joined;
    size_t default_stack;
    struct wave wave[MAXW];
    int nwave;
    /* a work source's items: pending ones, all, run (in place or as ULTs
       an idle VP made); done once all ran */
    long src_pending, src_total, src_ran, src_taken;
    mltp_pause_t src_done;
} P;

static void *expect_of(int slot)
{
    return (void *)(uintptr_t)((((unsigned)slot * 2654435761u) ^
                                (unsigned)cur_round) | 1u);
}

/* ---- ULTs ---------------------------------------------------------- */

static void *ult_main(void *arg);
static void *ult_vmain(long slot, double x, void *p);

static struct task *new_task(int kind, int depth, uint64_t *r)
{
    int slot = INC(P.nt) - 1;
    CHECK(slot < MAXT, "too many ULTs (%d)", slot);
    struct task *t = &P.t[slot];
    memset(t, 0, sizeof *t);
    t->slot = slot;
    t->kind = kind;
    t->depth = depth;
    t->rng = mix(r) ^ (uint64_t)slot;
    t->aborts = kind == K_LEAF && trn(r, 8) == 0;
    return t;
}

/* 32 KiB twice: a size beside the default that small children take;
   20000 and 100000 are no page multiples (rounded up: the stack is at
   least as large); 69632 is the default (64 KiB) and a page. */
static const size_t stack_sizes[] = {
    MLTP_STACK_MIN, 20000, 32768, 32768, 49152, 65536, 69632, 100000, 131072,
    262144, 1 << 20, 8 << 20
};
#define NSIZES (sizeof stack_sizes / sizeof stack_sizes[0])

/* Guards asked for: none, a page, an odd size (rounded up to pages),
   64 KiB (the default's size where guard regions are missing) */
static const long guard_sizes[] = { 0, 4096, 6000, 65536 };
#define NGUARDS (sizeof guard_sizes / sizeof guard_sizes[0])

static size_t page_up(size_t n)
{
    size_t pg = (size_t)sysconf(_SC_PAGESIZE);
    return (n + pg - 1) / pg * pg;
}

/* The calling ULT's guard, as mltp_stack_guard says, is the one it asked
   for (asked: bytes, or -1 for the process's default). */
static void guard_check(const char *who, int slot, long asked)
{
    int kind;
    size_t guard, want;
    CHECK(mltp_stack_guard(mltp_self(), &kind, &guard) == 0, "%s %d: "
          "mltp_stack_guard failed", who, slot);
    if (asked >= 0) {
        want = page_up((size_t)asked);
    } else {
        mltp_attr_t d;
        mltp_attr_init(&d);
        mltp_attr_getguardsize(&d, &want);
    }
    CHECK(guard == want && (kind == MLTP_GUARD_NONE) == (want == 0), "%s %d "
          "(thread %d): guard of %zu bytes (kind %d), asked for %zu", who,
          slot, mltp_get_myid(), guard, kind, want);
}

/* Create t's ULT with a random way: mltp_create, mltp_create_attr (stack
   size, priority, name) or mltp_vcreate. */
static mltp_t *spawn(struct task *t, uint64_t *r)
{
    mltp_t *h;
    unsigned how = trn(r, 4);
    t->stack = mltp_get_stack_size();
    t->dflt = 1;
    t->guard = -1;
    if (how == 0) {
        h = mltp_create(ult_main, t);
    } else if (how == 1 && t->kind == K_LEAF) {
        h = mltp_vcreate(ult_vmain, 3 * (int)sizeof(qt_word_t), (long)t->slot,
                         0.5 * t->slot, (void *)t);
    } else {
        mltp_attr_t a;
        char name[32];
        mltp_attr_init(&a);
        if (trn(r, 2) && on(F_STACKSIZE)) {
            a.stacksize = stack_sizes[trn(r, NSIZES)];
            t->stack = a.stacksize;
            t->dflt = 0;
        }
        /* The signaller yields until the waiters have run: at one
           priority, as a yield lets no lower priority run. */
        if (trn(r, 2) && t->kind != K_CWAIT && t->kind != K_CSIG)
            a.priority = (int)trn(r, (unsigned)max_prio + 1);
        snprintf(name, sizeof name, "%s-%d", kind_name[t->kind], t->slot);
        if (trn(r, 2))
            a.name = name;
        /* one of guard_sizes, or the default's size set explicitly */
        if (trn(r, 2) && on(F_GUARD)) {
            size_t dflt_guard;
            mltp_attr_t d;
            mltp_attr_init(&d);
            mltp_attr_getguardsize(&d, &dflt_guard);
            unsigned g = trn(r, NGUARDS + 1);
            t->guard = g < NGUARDS ? guard_sizes[g] : (long)dflt_guard;
            CHECK(mltp_attr_setguardsize(&a, (size_t)t->guard) == 0,
                  "mltp_attr_setguardsize(%ld) failed", t->guard);
            /* a guard not the default's: its stack is taken now
               (mltp_create(3)), of the size in force now */
            if (page_up((size_t)t->guard) != dflt_guard)
                t->dflt = 0;
        }
        if (trn(r, 3) == 0 && on(F_TLS)) {
            CHECK(mltp_attr_settls(&a, MLTP_TLS_ULT) == 0, "mltp_attr_settls failed");
            t->tls = 1;
        }
        h = mltp_create_attr(&a, ult_main, t);
    }
    CHECK(h != NULL, "creating a %s ULT failed: %s", kind_name[t->kind],
          strerror(errno));
    return h;
}

/* Fill part of the stack, switch, and find it unchanged: the stack is as
   large as asked and nobody else writes on it. */
static __attribute__((noinline)) void stack_check(struct task *t)
{
    /* ULTs not yet run take the default in force when they first run
       (mltp_set_stack_size(3)); a start does not change it. */
    if (t->dflt)
        t->stack = mltp_get_stack_size();
    /* the guard it asked for, or the process's, is the one it got */
    guard_check(kind_name[t->kind], t->slot, t->guard);
    /* Half of it: a ULT given a smaller stack than it asked for (one
       of half its size, say) overflows here rather than in silence. */
    size_t n = t->stack / 2;
    if (n > 512 * 1024)
        n = 512 * 1024;
    unsigned char *p = alloca(n);
    unsigned char v = (unsigned char)(t->slot * 31 + 7);
    memset(p, v, n);
    if (trn(&t->rng, 2))
        mltp_yield();
    for (size_t i = 0; i < n; i += 97)
        CHECK(p[i] == v, "ULT %d (%s, stack %zu): its stack changed at "
              "offset %zu across a yield", t->slot, kind_name[t->kind],
              t->stack, i);
    __asm__ volatile("" : : "r"(p) : "memory");
}

static void locker(struct task *t, int c, int iters)
{
    mltp_lock_t *l = &P.lk[c];
    for (int i = 0; i < iters; i++) {
        if (trn(&t->rng, 4) == 0) {
            /* A yield lets no lower priority run: a few tries, then wait. */
            int k = 0;
            while (!mltp_trylock(l))
                if (++k == 3) {
                    mltp_lock(l);
                    break;
                } else {
                    mltp_yield();
                }
        } else {
            mltp_lock(l);
        }
        long v = P.cnt[c];
        if (may_yield_holding(c) && trn(&t->rng, 4) == 0)
            mltp_yield();
        else
            for (volatile int k = 0; k < 20; k++)
                ;
        P.cnt[c] = v + 1;
        int e = mltp_unlock(l);
        CHECK(e == 0, "mltp_unlock(%s) returned %d", class_name[c], e);
        if (trn(&t->rng, 8) == 0)
            mltp_yield_to_first();
    }
}

static void produce(struct pc *q, int who, uint64_t *r)
{
    for (int k = 0; k < q->per; k++) {
        mltp_lock(&q->lk);
        while (q->count == q->cap)
            mltp_cond_wait_lock(&q->notfull, &q->lk);
        q->q[(q->head + q->count) % q->cap] = who * 64 + k;
        q->count++;
        if (q->bcast || trn(r, 4) == 0)
            mltp_cond_broadcast(&q->notempty);
        else
            mltp_cond_signal(&q->notempty);
        mltp_unlock(&q->lk);
    }
}

static void consume(struct pc *q, struct task *t)
{
    for (;;) {
        mltp_lock(&q->lk);
        while (q->count == 0 && q->consumed < q->total)
            mltp_cond_wait_lock(&q->notempty, &q->lk);
        if (q->consumed == q->total) {
            mltp_unlock(&q->lk);
            return;
        }
        int v = q->q[q->head];
        q->head = (q->head + 1) % q->cap;
        q->count--;
        q->consumed++;
        q->sum += v;
        CHECK(v >= 0 && v < 64 * 64 && !q->seen[v],
              "queue item %d consumed twice or unknown", v);
        q->seen[v] = 1;
        if (q->consumed == q->total)
            mltp_cond_broadcast(&q->notempty);   /* the other consumers end */
        if (q->bcast || trn(&t->rng, 4) == 0)
            mltp_cond_broadcast(&q->notfull);
        else
            mltp_cond_signal(&q->notfull);
        mltp_unlock(&q->lk);
    }
}

static void bar_party(struct bar *b, const char *who, int id)
{
    for (int e = 0; e < b->episodes; e++) {
        INC(b->arrived[e]);
        int r = mltp_barrier(&b->b, b->parties);
        CHECK(r == 0, "mltp_barrier returned %d", r);
        int n = LOAD(b->arrived[e]);
        CHECK(n == b->parties, "%s %d left barrier episode %d having seen "
              "%d arrivals of %d", who, id, e, n, b->parties);
    }
}

static void pipe_read(struct pipeg *g, int slot)
{
    int got = 0;
    unsigned char c;
    while (got < g->bytes) {
        /* poll(), read() and recv() wait as a ULT (poll for the
           descriptor and its timeout at once); in the raw system call
           the ULT waits in the kernel and a spare task takes its VP */
        while (g->poll_ms >= -1) {
            struct pollfd p = { g->fd[0], POLLIN, 0 };
            int r = poll(&p, 1, g->poll_ms);
            CHECK(r >= 0, "ULT %d: poll of a pipe: %s", slot, strerror(errno));
            if (r == 1)
                break;
        }
        ssize_t n = g->in_kernel ? syscall(SYS_read, g->fd[0], &c, 1)
                    : g->sock   ? recv(g->fd[0], &c, 1, 0)
                                : read(g->fd[0], &c, 1);
        CHECK(n == 1, "ULT %d: read of a pipe returned %zd: %s", slot, n,
              n < 0 ? strerror(errno) : "end of file");
        CHECK(c == (unsigned char)got, "ULT %d: pipe byte %d is %d", slot,
              got, c);
        got++;
    }
}

static void pipe_write(struct pipeg *g, int slot)
{
    for (int i = 0; i < g->bytes; i++) {
        unsigned char c = (unsigned char)i;
        CHECK((g->sock ? send(g->fd[1], &c, 1, 0) : write(g->fd[1], &c, 1)) == 1,
              "%d: write to a pipe failed: %s", slot, strerror(errno));
    }
}

static void do_fork(struct task *t)
{
    int code = t->slot % 100 + 1;
    unsigned sub = trn(&t->rng, 2);
#if defined(__SANITIZE_ADDRESS__)
    /* GCC 12's AddressSanitizer has no fork handlers for its allocator: a
       child forked while another VP holds one of its locks deadlocks as
       soon as it allocates, as its own start does (doc/sanitizers.md) */
    sub = 0;
#endif
    pid_t pid = fork();
    CHECK(pid >= 0, "fork from a ULT failed: %s", strerror(errno));
    if (pid == 0) {
        /* The child's MLTP starts empty: it may start its own. */
        if (sub) {
            mltp_t *h = mltp_create(ult_main, NULL);
            if (!h)
                _exit(120);
            errno = 0;
            mltp_start(1);
            if (errno != 0 || h->retval != (void *)&P)
                _exit(121);
            free(h);
        }
        _exit(code);
    }
    /* Before anything that can switch: the child is this VP's. */
    int st;
    pid_t w;
    while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    CHECK(w == pid, "waitpid of a ULT's child: %s", strerror(errno));
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == code,
          "a ULT's forked child (own start: %u) ended with status 0x%x, "
          "not exit %d", sub, st, code);
}

static void misc(struct task *t)
{
    int *priv = mltp_get_private();
    CHECK(priv != NULL, "ULT %d: mltp_get_private() is NULL", t->slot);
    priv[0] = t->slot;
    unsigned word = 0;
    for (int i = 0; i < 10; i++) {
        switch (trn(&t->rng, 7)) {
        case 0: mltp_yield(); break;
        case 1: mltp_yield_to_first(); break;
        case 2: sleep_us((long)trn(&t->rng, 2000)); break;
        case 3:
            CHECK(mltp_test_and_set_bit(3, &word) == 0 &&
                  mltp_test_and_change_bit(3, &word) == 1 &&
                  mltp_test_and_clear_bit(3, &word) == 0 &&
                  mltp_compare_and_swap(0, 5, &word) && word == 5 &&
                  !mltp_compare_and_swap(0, 6, &word),
                  "ULT %d: the bit and swap calls gave wrong values",
                  t->slot);
            word = 0;
            break;
        case 4: {
            unsigned long c0 = mltp_clock_us();
            char *m = mltp_shared_malloc(64);
            memset(m, 1, 64);
            free(m);
            CHECK(mltp_clock_us() >= c0 && mltp_vps_default() >= 1,
                  "ULT %d: mltp_clock_us went back or mltp_vps_default() "
                  "< 1", t->slot);
            break;
        }
        default: {
            int v = mltp_vp_id();
            CHECK(v >= 0 && v < mltp_vp_count(), "ULT %d: mltp_vp_id() %d "
                  "of %d VPs", t->slot, v, mltp_vp_count());
        }
        }
        CHECK(mltp_get_private() == priv && priv[0] == t->slot,
              "ULT %d: its private area changed across a switch", t->slot);
    }
}

static void spawner(struct task *t)
{
    /* Sometimes (at the top) a storm: many children, of many stack
       sizes, alive at once, waiting at a barrier with their parent. */
    int storm = t->depth == 0 && trn(&t->rng, 3) == 0;
    /* up to 600: more than a chunk of stacks (256) of one size */
    int n = storm ? 2 + (int)trn(&t->rng, trn(&t->rng, 4) ? 63 : 599) :
            1 + (int)trn(&t->rng, 6);
    /* on the heap: the spawner's own stack may be 16 KiB */
    mltp_t **h = malloc(600 * sizeof *h);
    struct task **c = malloc(600 * sizeof *c);
    int *det = malloc(600 * sizeof *det);
    CHECK(h && c && det, "out of memory");
    /* Not on this stack: a detached child, released, may not have
       returned from the barrier when this ULT ends. */
    mltp_barrier_t *sb = NULL;
    if (storm) {
        int id = INC(P.nstorm) - 1;
        CHECK(id < MAXG * 32, "too many storms");
        sb = &P.storm[id];
        mltp_barrier_init(sb);
    }
    for (int i = 0; i < n; i++) {
        int k = storm ? K_STORM :
                t->depth < 2 && trn(&t->rng, 3) == 0 ? K_SPAWN :
                trn(&t->rng, 4) == 0 ? K_MISC : K_LEAF;
        c[i] = new_task(k, t->depth + 1, &t->rng);
        c[i]->storm_bar = sb;
        c[i]->iters = n + 1;
        /* Marked before it exists: on another VP it may end at once. */
        det[i] = c[i]->detached = trn(&t->rng, 4) == 0;
        h[i] = spawn(c[i], &t->rng);
        if (det[i]) {
            int e = mltp_detach(h[i]);
            CHECK(e == 0, "mltp_detach of a new ULT returned %d", e);
        }
    }
    if (storm)
        CHECK(mltp_barrier(sb, n + 1) == 0, "storm barrier failed");
    for (int i = 0; i < n; i++) {
        if (det[i])
            continue;
        void *rv = (void *)1;
        int e = mltp_join(h[i], &rv);
        CHECK(e == 0, "ULT %d: mltp_join of ULT %d returned %d", t->slot,
              c[i]->slot, e);
        void *want = c[i]->aborts ? NULL : expect_of(c[i]->slot);
        CHECK(rv == want && h[i]->retval == want, "ULT %d: join of ULT %d "
              "(%s) gave %p (retval %p), not %p", t->slot, c[i]->slot,
              kind_name[c[i]->kind], rv, h[i]->retval, want);
        CHECK(LOAD(P.ran[c[i]->slot]) == 1, "joined ULT %d ran %d times",
              c[i]->slot, LOAD(P.ran[c[i]->slot]));
        INC(P.spawned_joined);
        if (trn(&t->rng, 2))
            CHECK(mltp_free(h[i]) == 0, "mltp_free of a joined ULT failed");
        else
            free(h[i]);
    }
    free(h);
    free(c);
    free(det);
}

static void pb_x(struct task *t)
{
    /* Y reads the pipe that X writes only after the barrier with the
       bound thread: a VP blocked in read(2) while X waits there, or Y
       waiting as a ULT. */
    struct pipeg *g = &P.pipe[t->group];
    struct task *y = new_task(K_PB_Y, t->depth + 1, &t->rng);
    y->group = t->group;
    mltp_t *h = spawn(y, &t->rng);
    int r = mltp_barrier(&g->b, 2);
    CHECK(r == 0, "pipe-barrier: mltp_barrier returned %d", r);
    pipe_write(g, t->slot);
    void *rv;
    CHECK(mltp_join(h, &rv) == 0 && rv == expect_of(y->slot),
          "pipe-barrier: join of the reader gave %p", rv);
    CHECK(LOAD(g->y_done) == 1, "pipe-barrier: the reader did not finish");
    free(h);
}

/* ---- waves ------------------------------------------------------------- */

static const char *guard_desc(long g, char *buf, size_t len)
{
    if (g < 0)
        return "default";
    snprintf(buf, len, "%ld", g);
    return buf;
}

/* A ULT of a wave: where its stack is, a little of it filled and its
   lowest byte read, then the meeting; after the leader's checks, its bytes
   must be as it left them. */
static __attribute__((noinline)) void *wave_member(struct wmember *m)
{
    struct wave *w = m->w;
    /* m is not read once the leader lets the wave go: it may be freed */
    int k = m->k, n = w->n[k], idx = m->idx, detached = m->detached;
    char here = 0;          /* its address: this ULT's stack */
    __asm__ volatile("" : : "r"(&here) : "memory");
    /* ULTs made without a size take the default at their first run */
    if (m->dflt)
        STORE(m->size, mltp_get_stack_size());
    guard_check("wave ULT", m->idx, m->guard);
    char *top = (char *)mltp_get_private() + MLTP_PRIVATE_SIZE;
    int id = mltp_get_myid();
    size_t size = m->size;
    STORE(m->id, id);
    STORE(m->top, top);
    STORE(m->local, &here);
    size_t nb = m->size / 4 < 4096 ? m->size / 4 : 4096;
    unsigned char *p = alloca(nb), v = (unsigned char)(m->idx * 37 + k + 1);
    memset(p, v, nb);
    /* its lowest byte: the size it has is mapped (a read takes no memory) */
    (void)*(volatile char *)(top - m->size);
    CHECK(mltp_barrier(&w->meet[k], n + 1) == 0, "wave meeting barrier failed");
    CHECK(mltp_barrier(&w->go[k], n + 1) == 0, "wave barrier failed");
    for (size_t i = 0; i < nb; i++)
        CHECK(p[i] == v, "two ULTs on one stack: leader %d (%s) wave %d: "
              "the bytes of ULT %d (thread %d, stack %zu) at %p changed "
              "while %d ULTs waited", w->id, w->bound ? "bound thread" :
              "ULT", k, idx, id, size, (void *)(p + i), n);
    __asm__ volatile("" : : "r"(p) : "memory");
    INC(w->ended);
    return detached ? NULL : m;
}

static void *wave_main(void *arg) { return wave_member(arg); }

static void *wave_vmain(long k, double x, void *arg)
{
    struct wmember *m = arg;
    CHECK(m->k == k && x == 0.25 * (double)m->idx, "mltp_vcreate passed "
          "%ld, %g to a wave ULT", k, x);
    return wave_member(m);
}

struct wrange {
    uintptr_t lo, hi;
    int who;                /* a member's number; -1: the leader */
};

static int cmp_wrange(const void *a, const void *b)
{
    const struct wrange *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static void wrange_desc(char *buf, size_t len, const struct wrange *r,
                        const struct wmember *m, const struct task *t)
{
    char g[32];
    if (r->who < 0)
        snprintf(buf, len, "the leader (ULT %d, thread %d, stack %zu, guard "
                 "%s) at [%p, %p)", t->slot, mltp_get_myid(), t->stack,
                 guard_desc(t->guard, g, sizeof g), (void *)r->lo,
                 (void *)r->hi);
    else
        snprintf(buf, len, "ULT %d (thread %d, %s, stack %zu, guard %s) at "
                 "[%p, %p)", r->who, m[r->who].id, m[r->who].how == 0 ?
                 "mltp_create" : m[r->who].how == 1 ? "mltp_vcreate" :
                 "attributes", m[r->who].size,
                 guard_desc(m[r->who].guard, g, sizeof g), (void *)r->lo,
                 (void *)r->hi);
}

/* The mappings now (/proc/self/maps): each line's range, whether it is
   read-write anonymous memory (no file; no name, or an [anon:...] one),
   and the line itself for a message. */
struct vma {
    uintptr_t lo, hi;
    int rw_anon;
    char line[80];
};

static struct vma *read_maps(int *nv)
{
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    CHECK(fd >= 0, "open /proc/self/maps: %s", strerror(errno));
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    CHECK(buf != NULL, "out of memory");
    for (;;) {
        if (len + 4096 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            CHECK(buf != NULL, "out of memory");
        }
        ssize_t r = read(fd, buf + len, cap - len - 1);
        if (r < 0 && errno == EINTR)
            continue;
        CHECK(r >= 0, "read /proc/self/maps: %s", strerror(errno));
        if (r == 0)
            break;
        len += (size_t)r;
    }
    close(fd);
    buf[len] = 0;
    int n = 0, vcap = 1024;
    struct vma *v = malloc((size_t)vcap * sizeof *v);
    CHECK(v != NULL, "out of memory");
    for (char *l = buf, *e; *l; l = *e ? e + 1 : e) {
        e = strchr(l, '\n');
        if (!e)
            e = l + strlen(l);
        if (n == vcap) {
            vcap *= 2;
            v = realloc(v, (size_t)vcap * sizeof *v);
            CHECK(v != NULL, "out of memory");
        }
        /* lo-hi perms offset dev inode [name] */
        char *q;
        struct vma *x = &v[n];
        x->lo = (uintptr_t)strtoull(l, &q, 16);
        if (*q != '-')
            continue;
        x->hi = (uintptr_t)strtoull(q + 1, &q, 16);
        while (*q == ' ')
            q++;
        int rw = q[0] == 'r' && q[1] == 'w';
        q = strchr(q, ' ');                     /* offset */
        q = q ? strchr(q + 1, ' ') : NULL;      /* dev */
        q = q ? strchr(q + 1, ' ') : NULL;      /* inode */
        if (!q)
            continue;
        unsigned long long inode = strtoull(q + 1, &q, 10);
        while (q < e && *q == ' ')
            q++;
        x->rw_anon = rw && inode == 0 &&
                     (q == e || !strncmp(q, "[anon:", 6));
        /* range, permissions and name (its end, if long) */
        int nl = (int)(e - q) > 40 ? 40 : (int)(e - q);
        snprintf(x->line, sizeof x->line, "%.*s %.4s %s%.*s",
                 (int)strcspn(l, " "), l, l + strcspn(l, " ") + 1,
                 nl < (int)(e - q) ? "..." : "", nl, e - nl);
        n++;
    }
    free(buf);
    *nv = n;
    return v;
}

static int cmp_vma(const void *a, const void *b)
{
    const struct vma *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* While every ULT of wave k waits: each one's local is on its stack, no
   two stacks alive now overlap (the leader's, a ULT's, among them), and
   each lies in read-write anonymous memory. */
static void wave_check(struct wave *w, int k, struct wmember *m, int n,
                       struct task *t)
{
    struct wrange *rg = malloc((size_t)(n + 1) * sizeof *rg);
    char a[256], b[256];
    int nr = 0;
    CHECK(rg != NULL, "out of memory");
    for (int i = 0; i < n; i++) {
        char *local = LOAD(m[i].local), *top = LOAD(m[i].top);
        size_t size = LOAD(m[i].size);
        rg[nr] = (struct wrange){ (uintptr_t)(top - size), (uintptr_t)top, i };
        wrange_desc(a, sizeof a, &rg[nr], m, t);
        CHECK(top != NULL && local >= top - size &&
              local < top - MLTP_PRIVATE_SIZE, "leader %d (%s) wave %d of "
              "%d ULTs: %s: its local variable at %p is not on it (the "
              "private area is not at the stack's top)", w->id, w->bound ?
              "bound thread" : "ULT", k, n, a, (void *)local);
        nr++;
    }
    if (t) {
        char *top = (char *)mltp_get_private() + MLTP_PRIVATE_SIZE;
        rg[nr++] = (struct wrange){ (uintptr_t)(top - t->stack),
                                    (uintptr_t)top, -1 };
    }
    qsort(rg, (size_t)nr, sizeof *rg, cmp_wrange);
    /* each against the one reaching highest of those below it */
    for (int i = 1, far = 0; i < nr; i++) {
        if (rg[i].lo < rg[far].hi) {
            wrange_desc(a, sizeof a, &rg[far], m, t);
            wrange_desc(b, sizeof b, &rg[i], m, t);
            fail("two ULTs on one stack: leader %d (%s) wave %d, %d ULTs "
                 "alive at once: %s and %s overlap by %zu bytes", w->id,
                 w->bound ? "bound thread" : "ULT", k, n, a, b,
                 (size_t)((rg[far].hi < rg[i].hi ? rg[far].hi : rg[i].hi) -
                          rg[i].lo));
        }
        if (rg[i].hi > rg[far].hi)
            far = i;
    }
    /* the mappings: each stack in read-write anonymous memory throughout
       (their union: lines may overlap where a mapping changed while they
       were read) */
    int nv, nu = 0;
    struct vma *v = read_maps(&nv);
    qsort(v, (size_t)nv, sizeof *v, cmp_vma);
    struct wrange *u = malloc(((size_t)nv + 1) * sizeof *u);
    CHECK(u != NULL, "out of memory");
    for (int x = 0; x < nv; x++) {
        if (!v[x].rw_anon)
            continue;
        if (nu && v[x].lo <= u[nu - 1].hi) {
            if (v[x].hi > u[nu - 1].hi)
                u[nu - 1].hi = v[x].hi;
        } else {
            u[nu++] = (struct wrange){ v[x].lo, v[x].hi, 0 };
        }
    }
    for (int i = 0; i < nr; i++) {
        /* the last piece of the union starting at or below the stack */
        int lo = 0, hi = nu;
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (u[mid].lo <= rg[i].lo)
                lo = mid + 1;
            else
                hi = mid;
        }
        uintptr_t at = rg[i].lo;
        if (lo > 0 && u[lo - 1].hi > at)
            at = u[lo - 1].hi;
        if (at >= rg[i].hi)
            continue;
        int x = 0;
        while (x < nv && !(v[x].lo <= at && at < v[x].hi))
            x++;
        wrange_desc(a, sizeof a, &rg[i], m, t);
        fail("a stack outside its chunk: leader %d (%s) wave %d of %d ULTs: "
             "%s: at %p %s%s%s", w->id, w->bound ? "bound thread" : "ULT",
             k, n, a, (void *)at, x < nv ? "is no read-write anonymous "
             "memory: \"" : "nothing is mapped", x < nv ? v[x].line : "",
             x < nv ? "\"" : "");
    }
    free(u);
    free(v);
    free(rg);
}

/* Wave k of leader w (a ULT's task t, or NULL: a bound thread), made:
   its ULTs, created, wait at its meeting. */
struct wave_made {
    struct wmember *m;
    mltp_t **h;
    int n;
};

static struct wave_made wave_make(struct wave *w, int k, struct task *t)
{
    uint64_t *r = &w->rng;
    mltp_attr_t d;
    size_t dflt_guard, dsize = mltp_get_stack_size();
    mltp_attr_init(&d);
    mltp_attr_getguardsize(&d, &dflt_guard);
    int n = trn(r, 4) ? 16 + (int)trn(r, 113) :
            16 + (int)trn(r, WAVE_MAX - 15);
    if ((size_t)n * dsize > WAVE_BYTES)
        n = (int)(WAVE_BYTES / dsize);
    struct wmember *m = calloc((size_t)n, sizeof *m);
    mltp_t **h = calloc((size_t)n, sizeof *h);
    CHECK(m && h, "out of memory");
    w->n[k] = n;
    mltp_barrier_init(&w->meet[k]);
    mltp_barrier_init(&w->go[k]);
    /* a yield (a ULT leader) or a short sleep (a bound one, 32 a wave
       at most) every so many: first runs among the creations */
    int every = trn(r, 3) ? 0 : 1 + (int)trn(r, 32);
    if (every && !t && every < n / 32)
        every = n / 32;
    for (int i = 0; i < n; i++) {
        struct wmember *x = &m[i];
        x->w = w;
        x->idx = i;
        x->k = k;
        x->guard = -1;
        x->size = dsize;
        x->dflt = 1;
        x->detached = w->bound || trn(r, 4) == 0;
        x->how = (int)trn(r, 4);
        if (x->how == 0) {
            h[i] = mltp_create(wave_main, x);
        } else if (x->how == 1) {
            x->dflt = 0;        /* its stack is taken now */
            h[i] = mltp_vcreate(wave_vmain, 3 * (int)sizeof(qt_word_t),
                                (long)k, 0.25 * i, (void *)x);
        } else {
            mltp_attr_t a;
            char name[32];
            x->how = 2;
            mltp_attr_init(&a);
            unsigned sz = trn(r, 4);
            if (sz == 0 && on(F_STACKSIZE)) {
                /* the default, asked for: taken at the creation */
                a.stacksize = dsize;
                x->dflt = 0;
            } else if (sz == 1 && on(F_STACKSIZE)) {
                size_t z = stack_sizes[trn(r, NSIZES)];
                if ((size_t)n * z <= WAVE_BYTES) {
                    a.stacksize = x->size = z;
                    x->dflt = 0;
                }
            }
            if (trn(r, 3) == 0 && on(F_GUARD)) {
                unsigned g = trn(r, NGUARDS + 1);
                x->guard = g < NGUARDS ? guard_sizes[g] : (long)dflt_guard;
                CHECK(mltp_attr_setguardsize(&a, (size_t)x->guard) == 0,
                      "mltp_attr_setguardsize(%ld) failed", x->guard);
                if (page_up((size_t)x->guard) != dflt_guard)
                    x->dflt = 0;    /* taken now, of the size now */
            }
            if (trn(r, 4) == 0)
                a.priority = (int)trn(r, (unsigned)max_prio + 1);
            snprintf(name, sizeof name, "wave%d.%d-%d", w->id, k, i);
            if (trn(r, 2))
                a.name = name;
            h[i] = mltp_create_attr(&a, wave_main, x);
        }
        CHECK(h[i] != NULL, "leader %d (%s) wave %d: creating ULT %d of %d "
              "failed: %s", w->id, w->bound ? "bound thread" : "ULT", k, i,
              n, strerror(errno));
        if (x->detached)
            CHECK(mltp_detach(h[i]) == 0, "mltp_detach of a wave ULT failed");
        if (every && i % every == 0) {
            if (t)
                mltp_yield();
            else
                sleep_us((long)trn(r, 200));
        }
    }
    ADD(w->total, n);
    if (verbose)
        fprintf(stderr, "torture: round %ld: leader %d (%s) wave %d: %d "
                "ULTs\n", cur_round, w->id, t ? "ULT" : "bound thread", k, n);
    return (struct wave_made){ m, h, n };
}

/* Wave k's end: its ULTs joined (the detached ones end alone). */
static void wave_finish(struct wave *w, int k, struct wave_made *x)
{
    for (int i = 0; i < x->n; i++) {
        if (x->m[i].detached)
            continue;
        void *rv = (void *)1;
        int e = mltp_join(x->h[i], &rv);
        CHECK(e == 0 && rv == &x->m[i], "leader %d wave %d: join of ULT %d "
              "returned %d, value %p, not %p", w->id, k, i, e, rv,
              (void *)&x->m[i]);
        if (trn(&w->rng, 2))
            CHECK(mltp_free(x->h[i]) == 0, "mltp_free of a wave ULT failed");
        else
            free(x->h[i]);
    }
    free(x->m);
    free(x->h);
    INC(w->done);
}

/* The waves of leader w. After each, either a pause (the VPs left idle
   give the free stacks back: at once under MLTP_STACK_DECAY=0, a 10 ms
   decay needs the longest), or none, or the next wave made while this
   one's ULTs end: stacks taken while others come back and go. */
static void wave_lead(struct wave *w, struct task *t)
{
    uint64_t *r = &w->rng;
    struct wave_made cur = wave_make(w, 0, t), next;
    for (int k = 0; k < w->waves; k++) {
        CHECK(mltp_barrier(&w->meet[k], cur.n + 1) == 0, "wave barrier "
              "failed");
        wave_check(w, k, cur.m, cur.n, t);
        CHECK(mltp_barrier(&w->go[k], cur.n + 1) == 0, "wave barrier "
              "failed");
        unsigned p = trn(r, 6);
        if (k + 1 < w->waves && p < 2) {
            next = wave_make(w, k + 1, t);
            wave_finish(w, k, &cur);
        } else {
            wave_finish(w, k, &cur);
            if (p >= 3)
                sleep_us(p == 5 ? 10000 + (long)trn(r, 5000) :
                         (long)trn(r, 2000));
            if (k + 1 < w->waves)
                next = wave_make(w, k + 1, t);
        }
        if (k + 1 < w->waves)
            cur = next;
    }
}

/* A bound leader: its waves while a start runs (its anchor ULT has run and
   waits for it: the start lasts until the waves are done). */
static void wave_bound(struct wave *w)
{
    while (!LOAD(w->started))
        sleep_us(100);
    wave_lead(w, NULL);
    CHECK(mltp_barrier(&w->anchor, 2) == 0, "wave anchor barrier failed");
}

/* ---- a work source (mltp_set_work_source): items that adders make,
   run in place by their adders or as ULTs by idle VPs, as libmltp_omp's
   tasks are ---- */

static int source_pop(void)
{
    long n = LOAD(P.src_pending);
    while (n > 0 && !__atomic_compare_exchange_n(&P.src_pending, &n, n - 1, 0,
                                                 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
        ;
    return n > 0;
}

static void source_item(void)
{
    if (INC(P.src_ran) == P.src_total)
        mltp_pause_set(&P.src_done);
}

static void *source_item_ult(void *arg)
{
    (void)arg;
    source_item();
    return NULL;
}

static int source_look(void)
{
    return LOAD(P.src_pending) > 0;
}

static int source_take(void)
{
    if (!source_pop())
        return 0;
    mltp_t *h = mltp_create(source_item_ult, NULL);
    if (!h) {                   /* out of memory: the item stays */
        INC(P.src_pending);
        return 0;
    }
    mltp_detach(h);
    INC(P.src_taken);
    return 1;
}

static void source_add(struct task *t)
{
    for (int i = 0; i < t->iters; i++) {
        INC(P.src_pending);
        mltp_work_source_ready();
        if (trn(&t->rng, 4) == 0)
            mltp_yield();
        if (trn(&t->rng, 8) == 0)
            while (source_pop())
                source_item();
    }
    /* a sleep leaves the VPs idle: they make ULTs of the items */
    if (trn(&t->rng, 2))
        sleep_us((long)trn(&t->rng, 2000));
    while (source_pop())
        source_item();
    mltp_pause_wait(&P.src_done);
}

static void *run_task(struct task *t)
{
    if (t == NULL)          /* a forked child's own ULT */
        return &P;
    int n = INC(P.ran[t->slot]);
    CHECK(n == 1, "ULT %d (%s) ran %d times", t->slot, kind_name[t->kind], n);
    mltp_t *self = mltp_self();
    CHECK(self != NULL && self->thrid == mltp_get_myid() && self->thrid > 0,
          "ULT %d: mltp_self()/mltp_get_myid() disagree", t->slot);
    if (t->tls) {
        CHECK(task_tls == 0, "ULT %d: a new TLS block holds %d", t->slot, task_tls);
        task_tls = t->slot + 1;
    }
    stack_check(t);
    switch (t->kind) {
    case K_LEAF: case K_MISC: misc(t); break;
    case K_LOCK: locker(t, t->lclass, t->iters); break;
    case K_PROD: produce(&P.pc[t->group], t->iters, &t->rng); break;
    case K_CONS: consume(&P.pc[t->group], t); break;
    case K_BAR: bar_party(&P.bar[t->group], "ULT", t->slot); break;
    case K_PIPE_R: pipe_read(&P.pipe[t->group], t->slot); break;
    case K_PIPE_W:
        sleep_us((long)trn(&t->rng, 20000));
        pipe_write(&P.pipe[t->group], t->slot);
        break;
    case K_PB_X: pb_x(t); break;
    case K_PB_Y:
        pipe_read(&P.pipe[t->group], t->slot);
        STORE(P.pipe[t->group].y_done, 1);
        break;
    case K_SPAWN: spawner(t); break;
    case K_FORK: do_fork(t); break;
    case K_DL:
        INC(P.dl_arrived);
        CHECK(mltp_barrier(&P.dl, P.dl_n) == 0, "deadlock barrier failed");
        CHECK(LOAD(P.dl_arrived) == P.dl_n, "a deadlock-phase party left "
              "the barrier with %d of %d arrived", LOAD(P.dl_arrived), P.dl_n);
        INC(P.dl_passed);
        break;
    case K_STORM:
        CHECK(mltp_barrier(t->storm_bar, t->iters) == 0, "storm barrier");
        stack_check(t);
        break;
    case K_PWAIT:
        mltp_pause_wait(&P.pause);
        INC(P.pause_passed);
        break;
    case K_PSET:
        sleep_us((long)trn(&t->rng, 3000));
        mltp_pause_set(&P.pause);
        break;
    case K_WAVE: wave_lead(&P.wave[t->group], t); break;
    case K_SOURCE: source_add(t); break;
    case K_WANCHOR:
        STORE(P.wave[t->group].started, 1);
        CHECK(mltp_barrier(&P.wave[t->group].anchor, 2) == 0, "wave anchor "
              "barrier failed");
        break;
    case K_CWAIT:
        mltp_cond_wait(&P.cw);
        INC(P.cw_woken);
        break;
    case K_CSIG:
        /* A signal with nobody waiting is lost: broadcast until all woke. */
        while (LOAD(P.cw_woken) < P.cw_n) {
            mltp_cond_broadcast(&P.cw);
            if (trn(&t->rng, 2))
                mltp_yield();
            else
                sleep_us(100);
        }
        break;
    default: break;
    }
    CHECK(!t->tls || task_tls == t->slot + 1, "ULT %d (%s): its TLS holds %d at its end",
          t->slot, kind_name[t->kind], task_tls);
    if (t->detached)
        INC(P.detached_done);
    if (t->aborts)
        mltp_abort();
    return expect_of(t->slot);
}

static void *ult_main(void *arg) { return run_task(arg); }

static void *ult_vmain(long slot, double x, void *p)
{
    struct task *t = p;
    CHECK(t->slot == slot && x == 0.5 * (double)slot, "mltp_vcreate passed %ld, %g "
          "to ULT %d", slot, x, t->slot);
    return run_task(t);
}

/* ---- bound threads ------------------------------------------------- */

static void bound_main(void *arg)
{
    struct btask *b = arg;
    while (LOAD(b->h) == NULL)      /* main publishes the handle */
        sched_yield();
    CHECK(mltp_get_myid() > 0 && mltp_get_private() != NULL &&
          mltp_self() == b->h, "bound thread %d: id, private area or "
          "mltp_self() wrong", b->slot);
    if (b->delay_us)
        sleep_us(b->delay_us);
    switch (b->kind) {
    case K_BAR: bar_party(&P.bar[b->group], "bound thread", b->slot); break;
    case K_PIPE_W: pipe_write(&P.pipe[b->group], b->slot); break;
    case K_PB_X:
        CHECK(mltp_barrier(&P.pipe[b->group].b, 2) == 0, "barrier failed");
        break;
    case K_PROD: produce(&P.pc[b->group], b->iters, &b->rng); break;
    case K_WAVE: wave_bound(&P.wave[b->group]); break;
    default:    /* K_LOCK */
        for (int i = 0; i < b->iters; i++) {
            mltp_lock(&P.lk[b->lclass]);
            long v = P.cnt[b->lclass];
            for (volatile int k = 0; k < 20; k++)
                ;
            P.cnt[b->lclass] = v + 1;
            mltp_unlock(&P.lk[b->lclass]);
        }
        break;
    }
    b->value = b->slot * 3 + 1;
}

static void bound_term(void *arg)
{
    struct btask *b = arg;
    INC(b->termed);
}

static struct btask *new_bound(int kind, int group)
{
    CHECK(P.nbt < 16, "too many bound threads");
    struct btask *b = &P.bt[P.nbt];
    memset(b, 0, sizeof *b);
    b->slot = P.nbt++;
    b->kind = kind;
    b->group = group;
    b->rng = mix(&rs);
    return b;
}

static void start_bound(struct btask *b)
{
    /* The handle is needed inside (mltp_self()): publish it first. */
    b->h = NULL;
    mltp_t *h = mltp_create_bound(bound_main, b, rn(2) ? 0 : 256 * 1024,
                                  bound_term);
    CHECK(h != NULL, "mltp_create_bound failed: %s", strerror(errno));
    STORE(b->h, h);
}

/* ---- a phase ----------------------------------------------------------- */

static mltp_t *main_make(struct task *t)
{
    t->detached = rn(8) == 0;
    mltp_t *h = spawn(t, &rs);
    if (t->detached) {
        CHECK(mltp_detach(h) == 0, "mltp_detach before the start failed");
        return NULL;
    }
    t->h = h;
    return h;
}

/* What a phase makes. Pipe readers in syscall(SYS_read) may be as many
   as the VPs, or more: spare tasks take their VPs for the writers. */
static void make_work(int nvp)
{
    /* lockers, of every class */
    if (rn(4) && on(F_LOCKS)) {
        int n = 1 + (int)rn(12);
        for (int i = 0; i < n; i++) {
            struct task *t = new_task(K_LOCK, 0, &rs);
            t->lclass = (int)rn(NCLASS);
            t->iters = 1 + (int)rn(200);
            P.want[t->lclass] += t->iters;
            main_make(t);
        }
        for (int i = (int)rn(3); i > 0 && on(F_BOUND); i--) {
            struct btask *b = new_bound(K_LOCK, 0);
            b->lclass = (int)rn(NCLASS);
            b->iters = 1 + (int)rn(200);
            P.want[b->lclass] += b->iters;
        }
    }
    /* producer/consumer queues */
    for (int g = (int)rn(3); g > 0 && on(F_QUEUES); g--) {
        struct pc *q = &P.pc[P.npc];
        int cls = 1 + (int)rn(4);
        if (cls == 4)
            cls = 0;    /* SPIN, BLOCK, BLOCK_FRONT or MUTEX */
        mltp_lock_init(&q->lk, lock_class[cls]);
        mltp_cond_init(&q->notempty);
        mltp_cond_init(&q->notfull);
        q->cap = 1 + (int)rn(8);
        q->bcast = rn(3) == 0;
        q->per = 1 + (int)rn(63);
        int np = 1 + (int)rn(6), nc = 1 + (int)rn(6);
        q->total = (long)np * q->per;
        for (int i = 0; i < np; i++) {
            q->want_sum += (long)i * 64 * q->per + (long)q->per * (q->per - 1) / 2;
            if (i == 0 && rn(3) == 0 && on(F_BOUND)) {
                struct btask *b = new_bound(K_PROD, P.npc);
                b->iters = i;
            } else {
                struct task *t = new_task(K_PROD, 0, &rs);
                t->group = P.npc;
                t->iters = i;    /* the producer's number */
                main_make(t);
            }
        }
        for (int i = 0; i < nc; i++) {
            struct task *t = new_task(K_CONS, 0, &rs);
            t->group = P.npc;
            main_make(t);
        }
        P.npc++;
    }
    /* barriers, up to three times as many parties as VPs */
    for (int g = (int)rn(3); g > 0 && on(F_BARRIERS); g--) {
        struct bar *b = &P.bar[P.nbar];
        mltp_barrier_init(&b->b);
        b->parties = 1 + (int)rn((unsigned)(3 * nvp + 2));
        b->episodes = 1 + (int)rn(16);
        int nb = b->parties > 1 && rn(3) == 0 && on(F_BOUND) ? 1 : 0;
        for (int i = 0; i < b->parties - nb; i++) {
            struct task *t = new_task(K_BAR, 0, &rs);
            t->group = P.nbar;
            main_make(t);
        }
        if (nb) {
            struct btask *bt = new_bound(K_BAR, P.nbar);
            bt->delay_us = rn(2) ? (long)rn(50000) : 0;
        }
        P.nbar++;
    }
    /* pipes: written by a bound thread, or by a ULT while a VP is left */
    for (int g = (int)rn(3); g > 0 && on(F_PIPES); g--) {
        struct pipeg *p = &P.pipe[P.npipe];
        p->in_kernel = (int)rn(2);
        p->sock = !p->in_kernel && rn(2);
        p->poll_ms = p->in_kernel ? -2 : (int)rn(5) - 2;
        if (p->poll_ms == 0)
            p->poll_ms = 3;     /* a poll of 0 ms in a loop would hold the VP */
        CHECK((p->sock ? socketpair(AF_UNIX, SOCK_STREAM, 0, p->fd) : pipe(p->fd)) == 0,
              "pipe: %s", strerror(errno));
        p->bytes = 1 + (int)rn(16);
        p->ult_writer = rn(2) || !on(F_BOUND);
        struct task *t = new_task(K_PIPE_R, 0, &rs);
        t->group = P.npipe;
        main_make(t);
        if (p->ult_writer) {
            t = new_task(K_PIPE_W, 0, &rs);
            t->group = P.npipe;
            main_make(t);
        } else {
            struct btask *b = new_bound(K_PIPE_W, P.npipe);
            b->delay_us = (long)rn(30000);
        }
        P.npipe++;
    }
    /* X, its reader Y and a bound thread at X's barrier, late */
    if (rn(3) == 0 && on(F_PIPEBAR) && on(F_BOUND)) {
        struct pipeg *p = &P.pipe[P.npipe];
        p->in_kernel = (int)rn(2);
        p->poll_ms = -2;
        CHECK(pipe(p->fd) == 0, "pipe: %s", strerror(errno));
        p->bytes = 1 + (int)rn(4);
        mltp_barrier_init(&p->b);
        struct task *t = new_task(K_PB_X, 0, &rs);
        t->group = P.npipe;
        main_make(t);
        struct btask *b = new_bound(K_PB_X, P.npipe);
        b->delay_us = 1000 * (long)rn(250);
        P.npipe++;
    }
    /* nested creation, misc, fork, plain cond waits */
    for (int i = (int)rn(6); i > 0 && on(F_SPAWN); i--)
        main_make(new_task(K_SPAWN, 0, &rs));
    for (int i = (int)rn(6); i > 0 && on(F_MISC); i--)
        main_make(new_task(rn(2) ? K_MISC : K_LEAF, 0, &rs));
    for (int i = (int)rn(3); i > 0 && on(F_FORK); i--)
        if (rn(2))
            main_make(new_task(K_FORK, 0, &rs));
    if (rn(3) == 0 && on(F_COND)) {
        /* an event flag: set once, every waiter passes, early or late */
        mltp_pause_init(&P.pause);
        P.pause_n = 1 + (int)rn(6);
        for (int i = 0; i < P.pause_n; i++)
            main_make(new_task(K_PWAIT, 0, &rs));
        main_make(new_task(K_PSET, 0, &rs));
    }
    if (rn(3) == 0 && on(F_COND)) {
        mltp_cond_init(&P.cw);
        P.cw_n = 1 + (int)rn(6);
        for (int i = 0; i < P.cw_n; i++)
            main_make(new_task(K_CWAIT, 0, &rs));
        main_make(new_task(K_CSIG, 0, &rs));
    }
    /* waves: led by a ULT, or by a bound thread (with a ULT that keeps
       the start on until its waves are done) */
    for (int g = rn(4) ? 1 + (int)rn(MAXW) : 0; g > 0 && on(F_WAVES); g--) {
        struct wave *w = &P.wave[P.nwave];
        w->id = P.nwave;
        w->waves = 2 + (int)rn(MAXWAVES - 1);
        w->rng = mix(&rs);
        mltp_barrier_init(&w->anchor);
        w->bound = on(F_BOUND) && rn(2);
        struct task *t = new_task(w->bound ? K_WANCHOR : K_WAVE, 0, &rs);
        t->group = P.nwave;
        if (w->bound)
            new_bound(K_WAVE, P.nwave);
        main_make(t);
        P.nwave++;
    }
    /* a work source: 1 to 3 adders of up to 64 items each */
    if (rn(3) == 0 && on(F_SOURCE)) {
        mltp_pause_init(&P.src_done);
        for (int i = 1 + (int)rn(3); i > 0; i--) {
            struct task *t = new_task(K_SOURCE, 0, &rs);
            t->iters = 1 + (int)rn(64);
            P.src_total += t->iters;
            main_make(t);
        }
        CHECK(mltp_set_work_source(source_look, source_take) == 0,
              "mltp_set_work_source: %s", strerror(errno));
    }
}

static void phase_reset(void)
{
    for (int c = 0; c < NCLASS; c++)
        if (lock_class[c] == MLTP_LOCK_SEMAPHORE)
            mltp_lock_destroy(&P.lk[c]);
    memset(&P, 0, sizeof P);
    for (int c = 0; c < NCLASS; c++) {
        int e = mltp_lock_init(&P.lk[c], lock_class[c]);
        CHECK(e == 0, "mltp_lock_init(%s) returned %d", class_name[c], e);
    }
}

/* What a phase made, for the watchdog's line (and --verbose). */

static void describe(const char *what, int nvp)
{
    int n[K_NKINDS] = { 0 };
    size_t o = 0;
#define DESC(...) do { if (o < sizeof phase_desc) o += (size_t)snprintf(  \
        phase_desc + o, sizeof phase_desc - o, __VA_ARGS__); } while (0)
    for (int i = 0; i < LOAD(P.nt); i++)
        n[P.t[i].kind]++;
    DESC("%s on %d VPs, stack %zu:", what, nvp, mltp_get_stack_size());
    for (int k = 0; k < K_NKINDS; k++)
        if (n[k])
            DESC(" %s %d", kind_name[k], n[k]);
    for (int i = 0; i < P.nbt; i++)
        DESC(" bound-%s", kind_name[P.bt[i].kind]);
    for (int g = 0; g < P.nbar; g++)
        DESC(" barrier(%d parties)", P.bar[g].parties);
    for (int g = 0; g < P.nwave; g++)
        DESC(" waves(%d, led by a %s)", P.wave[g].waves,
             P.wave[g].bound ? "bound thread" : "ULT");
    if (verbose) {
        DESC("; stacks:");
        for (int i = 0; i < LOAD(P.nt); i++)
            if (P.t[i].stack != mltp_get_stack_size())
                DESC(" %d:%zu", i, P.t[i].stack);
        fprintf(stderr, "torture: round %ld: %s\n", cur_round, phase_desc);
    }
#undef DESC
}

static void run_start(int nvp, const char *what, int want_errno)
{
    describe(what, nvp);
    cur_nvp = nvp;
    watch(what, nvp);
    errno = 0;
    mltp_start(nvp);
    int e = errno;
    alarm(0);
    if (e == EAGAIN && want_errno == 0)
        e = 0;     /* fewer VPs than asked (a process limit): it ran */
    CHECK(e == want_errno, "%s: errno %d (%s), expected %d (%s)", what, e,
          strerror(e), want_errno, strerror(want_errno));
    /* A start with nothing to run returns at once, counting no VPs. */
    CHECK(mltp_vp_count() == nvp || e != 0 || LOAD(P.nt) == P.nt_started,
          "%s: mltp_vp_count() %d", what, mltp_vp_count());
    P.nt_started = LOAD(P.nt);
}

/* After the phase's last start: every check. */
static void verify(void)
{
    watch("joining the bound threads", cur_nvp);
    for (int i = 0; i < P.nbt; i++) {
        struct btask *b = &P.bt[i];
        mltp_join_bound(*b->h);
        CHECK(b->value == b->slot * 3 + 1 && LOAD(b->termed) == 1,
              "bound thread %d (%s): value %d, term ran %d times", b->slot,
              kind_name[b->kind], b->value, b->termed);
        if (rn(2))
            CHECK(mltp_free(b->h) == 0, "mltp_free of a joined bound thread");
        else
            free(b->h);
    }
    alarm(0);
    int nt = LOAD(P.nt);
    for (int i = 0; i < nt; i++) {
        struct task *t = &P.t[i];
        CHECK(P.ran[i] == 1, "ULT %d (%s, stack %zu) ran %d times", i,
              kind_name[t->kind], t->stack, P.ran[i]);
        if (t->h) {
            void *rv = (void *)1;
            int e = mltp_join(t->h, &rv);
            void *want = t->aborts ? NULL : expect_of(i);
            CHECK(e == 0 && rv == want, "join of ULT %d (%s) after the "
                  "start: %d, value %p, not %p", i, kind_name[t->kind], e,
                  rv, want);
            CHECK(t->h->private == NULL, "ULT %d ended, its handle's private "
                  "is not NULL", i);
            if (rn(2))
                CHECK(mltp_free(t->h) == 0, "mltp_free of an ended ULT");
            else
                free(t->h);
        }
    }
    int det = 0;
    for (int i = 0; i < nt; i++)
        det += P.t[i].detached;
    CHECK(LOAD(P.detached_done) == det, "%d of %d detached ULTs finished",
          P.detached_done, det);
    for (int c = 0; c < NCLASS; c++)
        CHECK(P.cnt[c] == P.want[c], "lock %s: counter %ld, expected %ld "
              "(lost updates)", class_name[c], P.cnt[c], P.want[c]);
    for (int g = 0; g < P.npc; g++) {
        struct pc *q = &P.pc[g];
        CHECK(q->consumed == q->total && q->sum == q->want_sum &&
              q->count == 0, "queue %d: %ld of %ld items consumed, sum %ld "
              "not %ld, %d left", g, q->consumed, q->total, q->sum,
              q->want_sum, q->count);
    }
    for (int g = 0; g < P.nbar; g++)
        for (int e = 0; e < P.bar[g].episodes; e++)
            CHECK(P.bar[g].arrived[e] == P.bar[g].parties, "barrier %d "
                  "episode %d: %d arrivals of %d", g, e, P.bar[g].arrived[e],
                  P.bar[g].parties);
    for (int g = 0; g < P.npipe; g++) {
        close(P.pipe[g].fd[0]);
        close(P.pipe[g].fd[1]);
    }
    CHECK(P.cw_woken == P.cw_n, "%d of %d condition waiters woke",
          P.cw_woken, P.cw_n);
    CHECK(P.pause_passed == P.pause_n, "%d of %d event-flag waiters passed",
          P.pause_passed, P.pause_n);
    for (int g = 0; g < P.nwave; g++)
        CHECK(LOAD(P.wave[g].done) == P.wave[g].waves &&
              LOAD(P.wave[g].ended) == P.wave[g].total, "wave leader %d (%s) "
              "made %d of its %d waves; %d of their %d ULTs ended", g,
              P.wave[g].bound ? "bound thread" : "ULT", P.wave[g].done,
              P.wave[g].waves, P.wave[g].ended, P.wave[g].total);
    if (P.pause_n)
        mltp_pause_clear(&P.pause);
    CHECK(LOAD(P.src_ran) == P.src_total && LOAD(P.src_pending) == 0, "work source: "
          "%ld of %ld items ran (%ld as ULTs), %ld left", P.src_ran, P.src_total,
          P.src_taken, P.src_pending);
    CHECK(mltp_set_work_source(NULL, NULL) == 0, "mltp_set_work_source(NULL, NULL)");
}

static int pick_vp(void) { return vps[rn((unsigned)nvps)]; }

static void set_stack(void)
{
    if (rn(3) || !on(F_SETSTACK))
        return;
    size_t s = stack_sizes[rn(NSIZES)];
    CHECK(mltp_set_stack_size(s) == 0, "mltp_set_stack_size(%zu) failed", s);
    size_t g = mltp_get_stack_size();
    CHECK(g >= s && g < s + 65536, "mltp_get_stack_size() %zu after "
          "setting %zu", g, s);
    CHECK(mltp_set_stack_size(MLTP_STACK_MIN - 1) == EINVAL &&
          mltp_get_stack_size() == g, "mltp_set_stack_size below the "
          "minimum was not refused");
}

static void phase_normal(void)
{
    int nvp = pick_vp();
    phase_reset();
    cur_nvp = nvp;
    set_stack();
    make_work(nvp);
    for (int i = 0; i < P.nbt; i++)
        start_bound(&P.bt[i]);
    unsigned mode = rn(6);
    if (mode == 0 && !on(F_BEGIN))
        mode = 2;
    if (mode == 1 && !on(F_RESTART))
        mode = 2;
    if (mode == 0) {
        /* main's share: the work made inside, with main among the ULTs */
        cur_nvp = nvp;
        describe("mltp_begin .. mltp_end", nvp);
        watch("mltp_begin .. mltp_end", nvp);
        CHECK(mltp_begin(nvp) == 0, "mltp_begin(%d): %s", nvp,
              strerror(errno));
        CHECK(mltp_self() != NULL, "main's share has no mltp_self()");
        struct task *t = new_task(K_LOCK, 0, &rs);
        t->lclass = 1 + (int)rn(3);
        t->iters = 50;
        P.want[t->lclass] += 50;
        STORE(P.ran[t->slot], 1);
        locker(t, t->lclass, t->iters);
        CHECK(mltp_end() == 0, "mltp_end: %s", strerror(errno));
        alarm(0);
    } else if (mode == 1) {
        /* A start, then more work on another count: a restart. */
        run_start(nvp, "mltp_start", 0);
        int n2 = pick_vp();
        cur_nvp = n2;
        for (int i = (int)rn(8) + 1; i > 0; i--)
            main_make(new_task(rn(2) ? K_SPAWN : K_MISC, 0, &rs));
        set_stack();
        run_start(n2, "mltp_start (restart)", 0);
    } else {
        run_start(nvp, "mltp_start", 0);
    }
    verify();
}

/* A barrier short of parties: EDEADLK; then the rest on another count. */
static void phase_deadlock(void)
{
    int nvp = pick_vp();
    phase_reset();
    cur_nvp = nvp;
    set_stack();
    mltp_barrier_init(&P.dl);
    P.dl_n = 2 + (int)rn(9);
    int first = 1 + (int)rn((unsigned)P.dl_n - 1);
    for (int i = 0; i < first; i++)
        main_make(new_task(K_DL, 0, &rs));
    for (int i = (int)rn(4); i > 0; i--)
        main_make(new_task(K_MISC, 0, &rs));
    char what[128];
    snprintf(what, sizeof what, "mltp_start with %d of a barrier's %d "
             "parties", first, P.dl_n);
    run_start(nvp, what, EDEADLK);
    CHECK(LOAD(P.dl_arrived) == first && LOAD(P.dl_passed) == 0,
          "after EDEADLK: %d arrived, %d passed, of %d", P.dl_arrived,
          P.dl_passed, first);
    int n2 = nvp;
    if (rn(2) || nvps == 1)
        n2 = nvp == 1 ? 2 : 1;
    else
        while (n2 == nvp)
            n2 = pick_vp();
    for (int i = first; i < P.dl_n; i++)
        main_make(new_task(K_DL, 0, &rs));
    snprintf(what, sizeof what, "mltp_start after EDEADLK (%d of %d "
             "parties were waiting on %d VPs)", first, P.dl_n, nvp);
    run_start(n2, what, 0);
    CHECK(P.dl_passed == P.dl_n, "after the missing parties: %d of %d "
          "passed the barrier", P.dl_passed, P.dl_n);
    verify();
}

static void round_run(long r)
{
    cur_round = r;
    rs = seed ^ ((uint64_t)r * 0xd1b54a32d192ed03ULL);
    mix(&rs);
    int phases = 1 + (int)rn(3);
    for (int i = 0; i < phases; i++) {
        if (rn(5) == 0 && on(F_DEADLOCK))
            phase_deadlock();
        else
            phase_normal();
    }
}

static void usage(void)
{
    fprintf(stderr, "usage: torture [--seed N] [--vps LIST] [--seconds S | "
            "--rounds R] [--from R] [--watchdog S] [--max-prio P] [--skip LIST] [--quiet] [--verbose]\n"
            "--skip: locks,queues,barriers,pipes,pipebar,spawn,misc,fork,"
            "cond,bound,deadlock,begin,restart,stacksize (attributes),"
            "setstack (mltp_set_stack_size),guard (mltp_attr_setguardsize),"
            "waves (many ULTs alive at once, their stacks checked),"
            "source (mltp_set_work_source's items),tls (mltp_attr_settls: a TLS block per ULT)\n");
    exit(2);
}

int main(int argc, char **argv)
{
    double seconds = 0;
    long rounds = 0, from = 0;
    const char *s = getenv("MLTP_TORTURE_SEED");
    int have_seed = 0;
    if (s && *s) {
        seed = strtoull(s, NULL, 0);
        have_seed = 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quiet")) {
            quiet = 1;
            continue;
        }
        if (!strcmp(a, "--verbose")) {
            verbose = 1;
            continue;
        }
        if (!v)
            usage();
        i++;
        if (!strcmp(a, "--seed")) {
            seed = strtoull(v, NULL, 0);
            have_seed = 1;
        } else if (!strcmp(a, "--vps")) {
            vps_arg = v;
        } else if (!strcmp(a, "--seconds")) {
            seconds = atof(v);
        } else if (!strcmp(a, "--rounds")) {
            rounds = atol(v);
        } else if (!strcmp(a, "--from")) {
            from = atol(v);
        } else if (!strcmp(a, "--skip")) {
            if (skip_parse(v) != 0)
                usage();
        } else if (!strcmp(a, "--max-prio")) {
            max_prio = atoi(v);
            if (max_prio < MLTP_PRIO_MIN || max_prio > MLTP_PRIO_MAX)
                usage();
        } else if (!strcmp(a, "--watchdog")) {
            watchdog_s = atoi(v);
        } else {
            usage();
        }
    }
    for (const char *p = vps_arg; *p && nvps < 32;) {
        char *end;
        long n = strtol(p, &end, 10);
        if (end == p || n < 1 || n > 1024)
            usage();
        vps[nvps++] = (int)n;
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            usage();
    }
    if (nvps == 0 || watchdog_s < 1)
        usage();
    if (!have_seed) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = ((uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 20)) % 1000000000u;
    }
    if (rounds == 0 && seconds == 0)
        rounds = 10;

    /* The watchdog must not depend on what the program inherited. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = wd_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    sa.sa_sigaction = crash_handler;
    sa.sa_flags = (int)(SA_SIGINFO | SA_ONSTACK | (unsigned)SA_RESETHAND);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    sigaction(SIGABRT, &sa, NULL);
    signal(SIGCHLD, SIG_DFL);    /* waitpid of forked children */
    signal(SIGPIPE, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGALRM);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGSEGV);
    sigaddset(&set, SIGBUS);
    sigaddset(&set, SIGABRT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);

    /* the stack settings with the seed: a replay sets the same */
    const char *sg = getenv("MLTP_STACK_GUARD"), *sc = getenv("MLTP_STACK_CACHE"),
               *sd = getenv("MLTP_STACK_DECAY");
    fprintf(stderr, "torture: seed %" PRIu64 " (MLTP_STACK_GUARD=%s "
            "MLTP_STACK_CACHE=%s MLTP_STACK_DECAY=%s)\n", seed,
            sg ? sg : "unset", sc ? sc : "unset", sd ? sd : "unset");
    mltp_init();
    size_t stack0 = mltp_get_stack_size();
    double t0 = now_s();
    long r;
    for (r = from; rounds ? r < from + rounds : now_s() - t0 < seconds; r++) {
        round_run(r);
        if (!quiet && r % 50 == 0)
            fprintf(stderr, "torture: round %ld passed\n", r);
        mltp_set_stack_size(stack0);
    }
    for (int c = 0; c < NCLASS; c++)
        if (lock_class[c] == MLTP_LOCK_SEMAPHORE)
            mltp_lock_destroy(&P.lk[c]);
    fprintf(stderr, "torture: seed %" PRIu64 ": %ld rounds passed in %.1f s "
            "(vps %s)\n", seed, r - from, now_s() - t0, vps_arg);
    return 0;
}
