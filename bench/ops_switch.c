/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_switch.c - the machine context switch alone: ping-pong between
 * the main context and one other, one direction reported (a loop iteration
 * is two switches), for MLTP's switches and the baselines
 * (doc/benchmarks.md); and what a kernel switch costs: two processes
 * alternating with sched_yield on one CPU. */
#include "config.h"
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include "bench/bench.h"
#include "ult/context.h"

#define STACK_SIZE (64 * 1024)

static char *peer_stack;

static char *stack_top(void)
{
    if (!peer_stack)
        peer_stack = bench_zalloc(STACK_SIZE);
    return peer_stack + STACK_SIZE;
}

/* ---- ult_switch and ult_switch_yield ------------------------------------ */

static void *main_sp, *peer_sp;

/* what every MLTP switch does at least */
static void *store_sp(void *old_sp, void *where, void *unused)
{
    (void)unused;
    *(void **)where = old_sp;
    return NULL;
}

/* The other side of a ping-pong: switches back with `call` for ever. */
#define PEER(name, call)                                                     \
    static void name(void *arg, void *helper_result) __attribute__((noreturn)); \
    static void name(void *arg, void *helper_result)                         \
    {                                                                        \
        (void)arg;                                                           \
        (void)helper_result;                                                 \
        bench_fp_clean();                                                    \
        for (;;)                                                             \
            call;                                                            \
    }
PEER(ult_peer, ult_switch(main_sp, &peer_sp, NULL, store_sp))

static void ult_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        ult_switch(peer_sp, &main_sp, NULL, store_sp);
}

static void ult_setup(void)
{
    peer_sp = ult_context_init(stack_top(), ult_peer, NULL, ult_fp_control());
}

/* What every yield and block switches with: the old stack pointer stored
   at ULT_SP_OFFSET of a descriptor, a lock released. Here the two sides
   leave from different calls, so it returns with jmp (ret or jmp:
   ult/switch-x86_64.S; aarch64 always returns with ret). */
static void *main_desc[ULT_SP_OFFSET / sizeof(void *) + 1];
static void *peer_desc[ULT_SP_OFFSET / sizeof(void *) + 1];
static unsigned int yield_lock;
#define DESC_SP(d) ((d)[ULT_SP_OFFSET / sizeof(void *)])

PEER(yield_peer, ult_switch_yield(peer_desc, DESC_SP(main_desc), &yield_lock))

static void yield_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        ult_switch_yield(main_desc, DESC_SP(peer_desc), &yield_lock);
}

static void yield_setup(void)
{
    DESC_SP(peer_desc) = ult_context_init(stack_top(), yield_peer, NULL, ult_fp_control());
}

/* ---- swapcontext --------------------------------------------------------- */

static ucontext_t uc_main, uc_peer;

static void uc_peer_fn(void)
{
    bench_fp_clean();
    for (;;)
        swapcontext(&uc_peer, &uc_main);
}

/* c runs fn on the peer stack */
static void uc_make(ucontext_t *c, void (*fn)(void))
{
    getcontext(c);
    c->uc_stack.ss_sp = stack_top() - STACK_SIZE;
    c->uc_stack.ss_size = STACK_SIZE;
    c->uc_link = NULL;
    makecontext(c, fn, 0);
}

static void uc_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        swapcontext(&uc_main, &uc_peer);
}

static void uc_setup(void)
{
    uc_make(&uc_peer, uc_peer_fn);
}

/* ---- _setjmp/_longjmp and sigsetjmp/siglongjmp ---------------------------- */

/* The loops live in functions of their own so that nothing of the
   caller's is live across the jumps. */
#define JMP_PAIR(name, buf_t, set, jump)                                  \
    static buf_t name##_main, name##_peer;                                \
    static void name##_peer_fn(void)                                      \
    {                                                                     \
        bench_fp_clean();                                                 \
        for (;;)                                                          \
            if (!set(name##_peer))                                        \
                jump(name##_main, 1);                                     \
    }                                                                     \
    static __attribute__((noinline)) void name##_pingpong(long n)         \
    {                                                                     \
        for (volatile long i = 0; i < n; i++)                             \
            if (!set(name##_main))                                        \
                jump(name##_peer, 1);                                     \
    }                                                                     \
    /* start the peer on its stack; it jumps straight back */             \
    static __attribute__((noinline)) void name##_boot(void)               \
    {                                                                     \
        static ucontext_t boot;                                           \
        ucontext_t here;                                                  \
        uc_make(&boot, name##_peer_fn);                                   \
        if (!set(name##_main))                                            \
            swapcontext(&here, &boot);                                    \
    }
#define SIGSETJMP(b) sigsetjmp(b, 1)
JMP_PAIR(jb, jmp_buf, _setjmp, _longjmp)
JMP_PAIR(sj, sigjmp_buf, SIGSETJMP, siglongjmp)

/* ---- Boost.Context: jump_fcontext ---------------------------------------- */

#ifdef HAVE_BOOST_CONTEXT
/* The fcontext API has C linkage in libboost_context; its header is C++
   only, so the two functions are declared here (Boost 1.61 and later). */
typedef void *fcontext_t;
typedef struct {
    fcontext_t fctx;
    void *data;
} transfer_t;
transfer_t jump_fcontext(fcontext_t to, void *vp);
fcontext_t make_fcontext(void *sp, size_t size, void (*fn)(transfer_t));

static fcontext_t fc_peer;

static void fc_peer_fn(transfer_t t) __attribute__((noreturn));
static void fc_peer_fn(transfer_t t)
{
    bench_fp_clean();
    for (;;)
        t = jump_fcontext(t.fctx, NULL);
}

/* make_fcontext takes the caller's FP control for the new context */
static void fc_setup(void)
{
    fc_peer = make_fcontext(stack_top(), STACK_SIZE, fc_peer_fn);
}

static __attribute__((noinline)) void fc_pingpong(long n)
{
    fcontext_t p = fc_peer;

    for (long i = 0; i < n; i++)
        p = jump_fcontext(p, NULL).fctx;
    fc_peer = p;
}
#else
#define fc_setup NULL
#define fc_pingpong NULL
#endif

/* ---- the switches' rows and callgrind modes ------------------------------ */

static const struct sw {
    const char *mode, *variant;     /* mode: mltp_bench --callgrind MODE */
    void (*setup)(void);            /* the peer, ready; NULL: not built */
    void (*pingpong)(long n);       /* n round trips: 2n switches */
    const char *note;
} sw[] = {
    /* first: every ratio in the table is to this row's median */
    { "setjmp", "_setjmp/_longjmp", jb_boot, jb_pingpong,
      "the ratio base; bootstrapped once with makecontext" },
    { NULL, "sigsetjmp/siglongjmp (mask)", sj_boot, sj_pingpong, NULL },
    { "swapcontext", "glibc swapcontext", uc_setup, uc_pingpong, NULL },
    { "boost", "Boost.Context jump_fcontext", fc_setup, fc_pingpong,
      "MXCSR and x87 control word saved and loaded on every switch" },
    { "switch", "MLTP ult_switch", ult_setup, ult_pingpong,
      "ult/ switch with a helper that stores the old stack pointer" },
    { NULL, "MLTP ult_switch_yield", yield_setup, yield_pingpong,
      "the switch of every yield and block (the old stack pointer stored, a lock released), "
      "here returning with jmp (x86-64) as the two sides left from different calls" },
};

#define BOOST_NA "built without Boost.Context (configure found no jump_fcontext in " \
                 "-lboost_context, or --without-boost-context): install libboost-context-dev " \
                 "(scripts/deps --bench), then ./configure and make bench again"

/* arg[0] the switch */
static void k_switch(const struct bench_row *row, long n, struct bench_run *r)
{
    const struct sw *s = &sw[row->arg[0]];
    long w = bench_warm(n);
    double t0;

    bench_fp_clean();
    s->setup();
    s->pingpong(w);
    t0 = bench_now();
    s->pingpong(n);
    r->ns = bench_now() - t0;
    r->ops = 2.0 * (double)n;
    r->total_ops = 2.0 * (double)(n + w);
}

int ops_switch_callgrind(const char *what, long n)
{
    for (size_t k = 0; k < sizeof sw / sizeof sw[0]; k++) {
        if (!sw[k].mode || strcmp(sw[k].mode, what))
            continue;
        if (!sw[k].setup) {
            fprintf(stderr, "mltp_bench: n/a: %s\n", BOOST_NA);
            return 77;
        }
        bench_fp_clean();
        sw[k].setup();
        sw[k].pingpong(n);
        return 0;
    }
    fprintf(stderr, "mltp_bench: unknown callgrind mode %s\n", what);
    return 2;
}

void ops_switch_register(void)
{
    for (size_t k = 0; k < sizeof sw / sizeof sw[0]; k++)
        bench_add(&(struct bench_row){
            .op = "context switch (1 way)", .variant = sw[k].variant,
            .fn = sw[k].setup ? k_switch : NULL, .arg = { (long)k }, .cpus = 1,
            .na = sw[k].setup ? NULL : BOOST_NA, .note = sw[k].note });
}

/* ---- two processes alternating with sched_yield ---------------------------- */

/* Each run in a new process (the row's `fresh`): forked children of this
   program, once it has run thousands of ULTs, switch several times slower
   (1 us -> 5-7 us), which is not a kernel baseline. */
struct pshared {
    int ready;
    long n, warm;
    struct bench_times t[2];
};

static void k_sched_yield(const struct bench_row *row, long n, struct bench_run *r)
{
    struct pshared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE,
                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    pid_t pid[2] = { -1, -1 };
    int st;

    (void)row;
    if (s == MAP_FAILED) {
        bench_fail(r, "mmap: %s", strerror(errno));
        return;
    }
    memset(s, 0, sizeof *s);
    s->n = n;
    s->warm = bench_warm(n);
    for (int i = 0; i < 2 && !r->err[0]; i++) {
        if ((pid[i] = fork()) == 0) {
            bench_fp_clean();
            __atomic_fetch_add(&s->ready, 1, __ATOMIC_SEQ_CST);
            while (__atomic_load_n(&s->ready, __ATOMIC_SEQ_CST) < 2)
                sched_yield();
            BENCH_TIMED(s->t[i], s->warm, s->n, sched_yield());
            _exit(0);
        }
        if (pid[i] < 0)
            bench_fail(r, "fork: %s", strerror(errno));
    }
    if (pid[1] < 0 && pid[0] > 0)
        kill(pid[0], SIGKILL);      /* it would wait for its partner */
    for (int i = 0; i < 2; i++) {
        if (pid[i] <= 0)
            continue;
        while (waitpid(pid[i], &st, 0) < 0 && errno == EINTR)
            ;
        if (!r->err[0] && (!WIFEXITED(st) || WEXITSTATUS(st) != 0))
            bench_fail(r, "child process failed (status %#x)", st);
    }
    bench_span(r, s->t, 2);
    r->ops = 2.0 * (double)n;
    r->total_ops = 2.0 * (double)(n + s->warm);
    munmap(s, sizeof *s);
}

void ops_kernel_register(void)
{
    bench_add(&(struct bench_row){
        .op = "kernel: process switch", .variant = "2 procs sched_yield / 1 CPU",
        .fn = k_sched_yield, .cpus = 1, .fresh = 1,
        .note = "two processes pinned to one CPU, alternating by sched_yield; per switch" });
}
