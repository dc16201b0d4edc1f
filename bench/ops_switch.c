/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* bench/ops_switch.c - the machine context switch alone: ping-pong between
 * the main context and one other, one direction reported (a loop iteration
 * is two switches).
 *   MLTP ult_switch      ult/switch-*.S with a helper that only
 *                        stores the old stack pointer (what every MLTP
 *                        switch does at least)
 *   MLTP ult_switch_yield  the switch of yields and blocks, helper inline
 *   _setjmp/_longjmp     the second stack is bootstrapped once with
 *                        makecontext, then the jmp functions ping-pong
 *   sigsetjmp/siglongjmp the same, saving and restoring the signal mask
 *                        (two sigprocmask system calls per switch)
 *   swapcontext          glibc ucontext (also a sigprocmask per switch)
 *   Boost.Context        jump_fcontext of libboost_context (the fcontext
 *                        layer under boost::context; it saves and loads
 *                        MXCSR and the x87 control word on every switch),
 *                        called through the shared library's PLT as a
 *                        program would; only if configure found it */
#if HAVE_CONFIG_H
#include "config.h"
#endif
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
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

/* Warm up, then time n round trips of pingpong (set up by the caller):
   2n switches. */
static void time_pingpong(void (*pingpong)(long), long n, struct bench_run *r)
{
    struct bench_stamp t0, t1;
    long w = bench_warm(n);

    pingpong(w);
    bench_stamp(&t0);
    pingpong(n);
    bench_stamp(&t1);
    r->ns = t1.ns - t0.ns;
    r->cyc = t1.cyc - t0.cyc;
    r->ops = 2.0 * n;
    r->total_ops = 2.0 * (n + w);
}

/* ---- ult_switch ---------------------------------------------------------- */

static void *main_sp, *peer_sp;

static void *store_sp(void *old_sp, void *where, void *unused)
{
    (void)unused;
    *(void **)where = old_sp;
    return NULL;
}

static void ult_peer(void *arg, void *helper_result) __attribute__((noreturn));
static void ult_peer(void *arg, void *helper_result)
{
    (void)arg;
    (void)helper_result;
    bench_fp_clean();
    for (;;)
        ult_switch(main_sp, &peer_sp, NULL, store_sp);
}

static void ult_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        ult_switch(peer_sp, &main_sp, NULL, store_sp);
}

static void ult_setup(void)
{
    bench_fp_clean();
    peer_sp = ult_context_init(stack_top(), ult_peer, NULL, ult_fp_control());
}

static void k_ult_switch(const struct bench_row *row, long n, struct bench_run *r)
{
    (void)row;
    ult_setup();
    time_pingpong(ult_pingpong, n, r);
}

/* ---- ult_switch_yield ---------------------------------------------------- */

/* What every yield and block switches with: the old stack pointer stored
   at ULT_SP_OFFSET of a descriptor, a lock released. Here the two sides
   leave from different calls, so it returns with jmp (ret or jmp:
   ult/switch-x86_64.S; aarch64 always returns with ret). */
static void *main_desc[ULT_SP_OFFSET / sizeof(void *) + 1];
static void *peer_desc[ULT_SP_OFFSET / sizeof(void *) + 1];
static unsigned int yield_lock;
#define DESC_SP(d) ((d)[ULT_SP_OFFSET / sizeof(void *)])

static void yield_peer(void *arg, void *helper_result) __attribute__((noreturn));
static void yield_peer(void *arg, void *helper_result)
{
    (void)arg;
    (void)helper_result;
    bench_fp_clean();
    for (;;)
        ult_switch_yield(peer_desc, DESC_SP(main_desc), &yield_lock);
}

static void yield_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        ult_switch_yield(main_desc, DESC_SP(peer_desc), &yield_lock);
}

static void k_ult_switch_yield(const struct bench_row *row, long n, struct bench_run *r)
{
    (void)row;
    bench_fp_clean();
    DESC_SP(peer_desc) = ult_context_init(stack_top(), yield_peer, NULL, ult_fp_control());
    time_pingpong(yield_pingpong, n, r);
}

/* ---- swapcontext --------------------------------------------------------- */

static ucontext_t uc_main, uc_peer;

static void uc_peer_fn(void)
{
    bench_fp_clean();
    for (;;)
        swapcontext(&uc_peer, &uc_main);
}

static void uc_setup(void)
{
    getcontext(&uc_peer);
    uc_peer.uc_stack.ss_sp = stack_top() - STACK_SIZE;
    uc_peer.uc_stack.ss_size = STACK_SIZE;
    uc_peer.uc_link = NULL;
    makecontext(&uc_peer, uc_peer_fn, 0);
}

static void uc_pingpong(long n)
{
    for (long i = 0; i < n; i++)
        swapcontext(&uc_main, &uc_peer);
}

static void k_swapcontext(const struct bench_row *row, long n, struct bench_run *r)
{
    (void)row;
    bench_fp_clean();
    uc_setup();
    time_pingpong(uc_pingpong, n, r);
}

/* ---- _setjmp/_longjmp and sigsetjmp/siglongjmp ---------------------------- */

static jmp_buf jb_main, jb_peer;
static sigjmp_buf sj_main, sj_peer;
static ucontext_t boot;

static void jb_peer_fn(void)
{
    bench_fp_clean();
    for (;;)
        if (!_setjmp(jb_peer))
            _longjmp(jb_main, 1);
}

static void sj_peer_fn(void)
{
    bench_fp_clean();
    for (;;)
        if (!sigsetjmp(sj_peer, 1))
            siglongjmp(sj_main, 1);
}

/* The loops live in functions of their own so that nothing of the
   caller's is live across the jumps. */
static __attribute__((noinline)) void jb_pingpong(long n)
{
    for (volatile long i = 0; i < n; i++)
        if (!_setjmp(jb_main))
            _longjmp(jb_peer, 1);
}

static __attribute__((noinline)) void sj_pingpong(long n)
{
    for (volatile long i = 0; i < n; i++)
        if (!sigsetjmp(sj_main, 1))
            siglongjmp(sj_peer, 1);
}

/* Start the peer on its stack; it jumps straight back (and then waits in
   its setjmp for our jumps). */
static __attribute__((noinline)) void jmp_boot(int sig)
{
    ucontext_t here;

    getcontext(&boot);
    boot.uc_stack.ss_sp = stack_top() - STACK_SIZE;
    boot.uc_stack.ss_size = STACK_SIZE;
    boot.uc_link = NULL;
    makecontext(&boot, sig ? sj_peer_fn : jb_peer_fn, 0);
    if (sig) {
        if (!sigsetjmp(sj_main, 1))
            swapcontext(&here, &boot);
    } else {
        if (!_setjmp(jb_main))
            swapcontext(&here, &boot);
    }
}

static void k_jmp(const struct bench_row *row, long n, struct bench_run *r)
{
    int sig = (int)row->arg[0];

    bench_fp_clean();
    jmp_boot(sig);
    time_pingpong(sig ? sj_pingpong : jb_pingpong, n, r);
}

/* ---- Boost.Context: jump_fcontext ---------------------------------------- */

#if HAVE_BOOST_CONTEXT
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
    bench_fp_clean();
    fc_peer = make_fcontext(stack_top(), STACK_SIZE, fc_peer_fn);
}

static __attribute__((noinline)) void fc_pingpong(long n)
{
    fcontext_t p = fc_peer;

    for (long i = 0; i < n; i++)
        p = jump_fcontext(p, NULL).fctx;
    fc_peer = p;
}

static void k_boost(const struct bench_row *row, long n, struct bench_run *r)
{
    (void)row;
    fc_setup();
    time_pingpong(fc_pingpong, n, r);
}
#define BOOST_FN k_boost
#define BOOST_NA NULL
#else
#define BOOST_FN NULL
#define BOOST_NA "built without Boost.Context (configure found no jump_fcontext in " \
                 "-lboost_context, or --without-boost-context): install libboost-context-dev " \
                 "(scripts/deps --bench), then ./configure and make bench again"
#endif

/* ---- callgrind modes: n round trips = 2n switches ------------------------ */

int ops_switch_callgrind(const char *what, long n)
{
    bench_fp_clean();
    if (!strcmp(what, "switch")) {
        ult_setup();
        ult_pingpong(n);
    } else if (!strcmp(what, "setjmp")) {
        jmp_boot(0);
        jb_pingpong(n);
    } else if (!strcmp(what, "swapcontext")) {
        uc_setup();
        uc_pingpong(n);
    } else if (!strcmp(what, "boost")) {
#if HAVE_BOOST_CONTEXT
        fc_setup();
        fc_pingpong(n);
#else
        fprintf(stderr, "mltp_bench: n/a: %s\n", BOOST_NA);
        return 77;
#endif
    } else {
        fprintf(stderr, "mltp_bench: unknown callgrind mode %s\n", what);
        return 2;
    }
    return 0;
}

void ops_switch_register(void)
{
    /* first: every ratio in the table is to this row's median */
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "_setjmp/_longjmp", .fn = k_jmp,
        .arg = { 0 }, .cpus = 1,
        .note = "the ratio base; bootstrapped once with makecontext" });
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "sigsetjmp/siglongjmp (mask)", .fn = k_jmp,
        .arg = { 1 }, .cpus = 1 });
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "glibc swapcontext", .fn = k_swapcontext,
        .cpus = 1 });
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "Boost.Context jump_fcontext", .fn = BOOST_FN,
        .cpus = 1, .na = BOOST_NA,
        .note = "libboost_context's jump_fcontext (through the PLT), MXCSR and x87 control "
                "word saved and loaded on every switch; the issue-8 target's reference" });
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "MLTP ult_switch", .fn = k_ult_switch,
        .cpus = 1, .target = 4.0, .target_row = "Boost.Context jump_fcontext",
#if defined(__x86_64__)
        .note = "ult/ switch with a helper that stores the old stack pointer; MXCSR "
                "saved and loaded, the x87 control word saved and compared" });
#else
        .note = "ult/ switch with a helper that stores the old stack pointer; FPSR "
                "saved and loaded, FPCR saved and compared" });
#endif
    bench_add(&(struct bench_row){
        .op = "context switch (1 way)", .variant = "MLTP ult_switch_yield", .fn = k_ult_switch_yield,
        .cpus = 1,
#if defined(__x86_64__)
        .note = "the switch of every yield and block (the old stack pointer stored, a lock "
                "released), here with jmp: it returns with ret only where both sides left "
                "from the same call (ult/switch-x86_64.S)" });
#else
        .note = "the switch of every yield and block (the old stack pointer stored, a lock "
                "released with stlr; ult/switch-aarch64.S)" });
#endif
}
