/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_ult.c - user layer: context switch (registers, FP control), run
 * order, priorities, creation and return values, private areas,
 * mltp_vcreate argument forwarding, repeated starts, stacks, join/detach.
 * The cases on 2 or 4 VPs run on MLTP_TEST_VPS when set
 * (tests/test_vps.h); run orders and priorities are exact on 1 VP only,
 * and stay there.
 */
#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>

#include "check_util.h"
#include "internals.h"      /* it_ids_near_wrap */

/* ---- tests/regs-x86_64.S, tests/regs-aarch64.S ---------------------- */
long regs_call_preserving(void (*fn)(void));
long regs_call_preserving_seed(void (*fn)(void), unsigned long seed);
#if defined(__x86_64__)
void regs_clobber_r12(void);
#define regs_clobber regs_clobber_r12   /* bit 2 */
#define REGS_BITS "bit0 rbx, 1 rbp, 2 r12, 3 r13, 4 r14, 5 r15"
#elif defined(__aarch64__)
void regs_clobber_x21(void);
#define regs_clobber regs_clobber_x21   /* bit 2 */
#define REGS_BITS "bits 0-10 x19-x29, 11-18 d8-d15"
#endif

/* ==================================================================== */
/* Callee-saved registers across switches                               */

static void noop_fn(void) {}

static void yield_several(void)
{
    for (int i = 0; i < 5; i++)
        mltp_yield();
    mltp_yield_to_first();
    mltp_yield();
}

static int reg_distinct_seeds;
#define REG_ITERS 40

static void *reg_ult(void *p)
{
    int id = (int)(intptr_t)p;
    for (int k = 0; k < REG_ITERS; k++) {
        long m;
        if (reg_distinct_seeds)
            m = regs_call_preserving_seed(
                yield_several,
                0x9e3779b97f4a7c15UL * (unsigned long)(id + 1) +
                    (unsigned long)k);
        else
            m = regs_call_preserving(yield_several);
        ULT_CHECK(m == 0, "ULT %d iteration %d: callee-saved registers "
                  "changed across yields, mask 0x%lx (" REGS_BITS ")", id, k, m);
    }
    return NULL;
}

static long clobber_mask_in_ult = -1;
static void *clobber_ult(void *p)
{
    (void)p;
    clobber_mask_in_ult = regs_call_preserving(regs_clobber);
    return NULL;
}

START_TEST(regs_checker_selftest)
{
    /* the checker reports a clobber (so the real tests can fail) ... */
    ck_assert_int_eq(regs_call_preserving(regs_clobber), 4);
    ck_assert_int_eq(regs_call_preserving_seed(regs_clobber, 42), 4);
    /* ... and nothing when nothing changes */
    ck_assert_int_eq(regs_call_preserving(noop_fn), 0);
    ck_assert_int_eq(regs_call_preserving_seed(noop_fn, 77), 0);
    /* also inside a ULT */
    mltp_t *t = mltp_create(clobber_ult, NULL);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    ck_assert_int_eq(clobber_mask_in_ult, 4);
    free(t);
}
END_TEST

static const struct { int nvp, distinct; } reg_cfg[] = {
    { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 }, { 4, 1 },
};

START_TEST(regs_preserved_across_switches)
{
    int nvp = reg_cfg[_i].nvp;
    reg_distinct_seeds = reg_cfg[_i].distinct;
    cu_run_ults(nvp > 1 ? several_vps(nvp) : 1, 8, reg_ult, NULL);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* FP control state across switches                                     */

/* The FP control a context carries, as two words: x86-64 MXCSR's control
   bits and the x87 control word; aarch64 FPCR's and nothing. "Special":
   a setting of the non-rounding kind, which denormals show: DAZ and FTZ
   with x87 single precision, or FZ (flush to zero) with DN (default NaN).
   The sticky flags: MXCSR's six or FPSR's cumulative ones. */
#if defined(__x86_64__)
#define MXCSR_CTRL 0xffc0u  /* DAZ, exception masks, RC, FZ */
#define X87CW_CTRL 0x1f3fu  /* masks, PC, RC, IC */

static unsigned get_mxcsr(void)
{
    unsigned m;
    __asm__ volatile("stmxcsr %0" : "=m"(m));
    return m;
}
static void set_mxcsr(unsigned m) { __asm__ volatile("ldmxcsr %0" : : "m"(m)); }
static unsigned get_x87cw(void)
{
    unsigned short cw;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    return cw;
}
static void set_x87cw(unsigned cw)
{
    unsigned short c = (unsigned short)cw;
    __asm__ volatile("fldcw %0" : : "m"(c));
}

#define FP_CTL_NAMES "MXCSR control", "x87 CW"
static unsigned fp_ctl0(void) { return get_mxcsr() & MXCSR_CTRL; }
static unsigned fp_ctl1(void) { return get_x87cw() & X87CW_CTRL; }
static void fp_special_set(void)
{
    set_mxcsr(get_mxcsr() | 0x8040u);              /* FTZ | DAZ */
    set_x87cw(get_x87cw() & ~0x300u);              /* PC = single */
}
static int fp_special_on(unsigned c0, unsigned c1)
{
    return (c0 & 0x8040u) == 0x8040u && (c1 & 0x300u) == 0;
}
#define FP_FLAGS 0x3fu
#define FP_FLAG_INEXACT 0x20u   /* PE */
static unsigned fp_flags(void) { return get_mxcsr() & FP_FLAGS; }
static void fp_flags_clear(void) { set_mxcsr(get_mxcsr() & ~FP_FLAGS); }
#elif defined(__aarch64__)
/* AHP, DN, FZ, RMode, FZ16, the trap enables IDE IXE UFE OFE DZE IOE */
#define FPCR_CTRL 0x07c89f00u
#define FPCR_FZ (1u << 24)
#define FPCR_DN (1u << 25)

/* get_REG() and set_REG() for a system register (its name is in the
   instruction) */
#define FP_SYSREG(reg)                                                     \
    static unsigned get_##reg(void)                                        \
    {                                                                      \
        unsigned long v;                                                   \
        __asm__ volatile("mrs %0, " #reg : "=r"(v));                       \
        return (unsigned)v;                                                \
    }                                                                      \
    static void set_##reg(unsigned v)                                      \
    {                                                                      \
        __asm__ volatile("msr " #reg ", %0" : : "r"((unsigned long)v));    \
    }
FP_SYSREG(fpcr)
FP_SYSREG(fpsr)

#define FP_CTL_NAMES "FPCR control", "(none)"
static unsigned fp_ctl0(void) { return get_fpcr() & FPCR_CTRL; }
static unsigned fp_ctl1(void) { return 0; }
static void fp_special_set(void) { set_fpcr(get_fpcr() | FPCR_FZ | FPCR_DN); }
static int fp_special_on(unsigned c0, unsigned c1)
{
    (void)c1;
    return (c0 & (FPCR_FZ | FPCR_DN)) == (FPCR_FZ | FPCR_DN);
}
#define FP_FLAGS 0x9fu          /* IDC, IXC UFC OFC DZC IOC */
#define FP_FLAG_INEXACT 0x10u   /* IXC */
static unsigned fp_flags(void) { return get_fpsr() & FP_FLAGS; }
static void fp_flags_clear(void) { set_fpsr(get_fpsr() & ~FP_FLAGS); }
#endif
static const char *const fp_ctl_name[2] = { FP_CTL_NAMES };

static volatile double fp_one = 1.0, fp_three = 3.0, fp_ten = 10.0;
static volatile double fp_denorm = 4.9406564584124654e-324;

static double div_sse(volatile double *a, volatile double *b)
{
    volatile double r = *a / *b;
    return r;
}

enum { FP_UP, FP_TZ, FP_SPECIAL, FP_DEFAULT, FP_NKIND };
static unsigned main_ctl0, main_ctl1;
#define FP_YIELDS 150

static void *fp_ult(void *p)
{
    int id = (int)(intptr_t)p;
    int kind = id % FP_NKIND;
    double third_near = 0x1.5555555555555p-2;  /* 1/3 rounded to nearest */
    double tenth_near = 0x1.999999999999ap-4;  /* 1/10 rounded to nearest */
    int want_round = FE_TONEAREST;

    switch (kind) {
    case FP_UP:
        fesetround(FE_UPWARD);
        want_round = FE_UPWARD;
        break;
    case FP_TZ:
        fesetround(FE_TOWARDZERO);
        want_round = FE_TOWARDZERO;
        break;
    case FP_SPECIAL:
        fp_special_set();
        break;
    default:
        break;
    }
    unsigned c0 = fp_ctl0();
    unsigned c1 = fp_ctl1();
    double third = div_sse(&fp_one, &fp_three);
    double tenth = div_sse(&fp_one, &fp_ten);

    /* the setting really took effect (else the test proves nothing) */
    switch (kind) {
    case FP_UP:
        ULT_CHECK(third > third_near, "FE_UPWARD not in effect");
        break;
    case FP_TZ:
        ULT_CHECK(tenth < tenth_near, "FE_TOWARDZERO not in effect");
        break;
    case FP_SPECIAL:
        ULT_CHECK(fp_special_on(c0, c1), "DAZ/FTZ/PC (FZ/DN) not set");
        break;
    default:
        ULT_CHECK(c0 == main_ctl0 && c1 == main_ctl1,
                  "new ULT does not start with default FP control: "
                  "%s 0x%x, %s 0x%x", fp_ctl_name[0], c0, fp_ctl_name[1], c1);
        break;
    }

    for (int k = 0; k < FP_YIELDS; k++) {
        if (k % 7 == 3)
            mltp_yield_to_first();
        else
            mltp_yield();
        unsigned c0b = fp_ctl0();
        unsigned c1b = fp_ctl1();
        ULT_CHECK(c0b == c0, "ULT %d kind %d yield %d: %s 0x%x, "
                  "expected 0x%x", id, kind, k, fp_ctl_name[0], c0b, c0);
        ULT_CHECK(c1b == c1, "ULT %d kind %d yield %d: %s 0x%x, "
                  "expected 0x%x", id, kind, k, fp_ctl_name[1], c1b, c1);
        ULT_CHECK(fegetround() == want_round, "ULT %d kind %d yield %d: "
                  "fegetround() 0x%x, expected 0x%x", id, kind, k,
                  fegetround(), want_round);
        double t3 = div_sse(&fp_one, &fp_three);
        double t10 = div_sse(&fp_one, &fp_ten);
        ULT_CHECK(t3 == third && t10 == tenth, "ULT %d kind %d yield %d: "
                  "SSE division rounds differently", id, kind, k);
        if (kind == FP_SPECIAL) {
            volatile double z = fp_denorm * fp_one;
            ULT_CHECK(z == 0.0, "ULT %d: DAZ lost after yield %d", id, k);
        } else {
            volatile double z = fp_denorm * fp_one;
            ULT_CHECK(z != 0.0, "ULT %d kind %d: DAZ leaked in (yield %d)",
                      id, kind, k);
        }
    }
    return NULL;
}

START_TEST(fp_control_preserved)
{
    int nvp = _i == 0 ? 1 : several_vps(2);
    main_ctl0 = fp_ctl0();
    main_ctl1 = fp_ctl1();
    cu_run_ults(nvp, 3 * FP_NKIND, fp_ult, NULL);
    cu_assert_ults_ok();
    /* the caller's own FP control is untouched by the run */
    ck_assert_uint_eq(fp_ctl0(), main_ctl0);
    ck_assert_uint_eq(fp_ctl1(), main_ctl1);
    ck_assert_int_eq(fegetround(), FE_TONEAREST);
}
END_TEST

/* ==================================================================== */
/* Exact run orders on one VP                                           */

static char order[128];
static int order_n;
static void rec(char c)
{
    if (order_n < (int)sizeof order - 1)
        order[order_n++] = c;
    order[order_n] = 0;
}

static void *xyz_ult(void *p)
{
    char c = (char)(intptr_t)p;
    for (int i = 0; i < 3; i++) {
        rec(c);
        mltp_yield();
    }
    return NULL;
}

START_TEST(order_round_robin)
{
    mltp_t *t[3];
    t[0] = mltp_create(xyz_ult, (void *)(intptr_t)'x');
    t[1] = mltp_create(xyz_ult, (void *)(intptr_t)'y');
    t[2] = mltp_create(xyz_ult, (void *)(intptr_t)'z');
    for (int i = 0; i < 3; i++)
        ck_assert_ptr_nonnull(t[i]);
    mltp_start(1);
    ck_assert_str_eq(order, "xyzxyzxyz");
    for (int i = 0; i < 3; i++)
        free(t[i]);
}
END_TEST

static void *ytf_a(void *p)
{
    (void)p;
    rec('A');
    mltp_yield_to_first();
    rec('a');
    return NULL;
}
static void *ytf_bc(void *p)
{
    char c = (char)(intptr_t)p;
    rec(c);
    mltp_yield();
    rec((char)(c + 'a' - 'A'));
    return NULL;
}

START_TEST(order_yield_to_first)
{
    mltp_t *a = mltp_create(ytf_a, NULL);
    mltp_t *b = mltp_create(ytf_bc, (void *)(intptr_t)'B');
    mltp_t *c = mltp_create(ytf_bc, (void *)(intptr_t)'C');
    ck_assert(a && b && c);
    mltp_start(1);
    /* A yields to first: B runs, then A again before C. B's plain yield
       puts it behind C. */
    ck_assert_str_eq(order, "ABaCbc");
    free(a);
    free(b);
    free(c);
}
END_TEST

/* yield_to_first with nobody else ready: the caller simply continues */
static void *ytf_alone(void *p)
{
    (void)p;
    rec('1');
    mltp_yield_to_first();
    rec('2');
    mltp_yield();
    rec('3');
    return NULL;
}

START_TEST(order_yield_alone)
{
    mltp_t *a = mltp_create(ytf_alone, NULL);
    ck_assert_ptr_nonnull(a);
    mltp_start(1);
    ck_assert_str_eq(order, "123");
    free(a);
}
END_TEST

/* ---- priorities ---- */

static void *prio_rec(void *p)
{
    rec((char)(intptr_t)p);
    return NULL;
}
static void *prio_high_twice(void *p)
{
    rec((char)(intptr_t)p);
    mltp_yield(); /* back of its own priority: still before the lower ones */
    rec((char)(intptr_t)p);
    return NULL;
}
static void *prio_low_spawner(void *p)
{
    (void)p;
    rec('1');
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.priority = 25;
    mltp_t *h = mltp_create_attr(&a, prio_rec, (void *)(intptr_t)'h');
    ULT_CHECK(h != NULL, "create_attr inside a ULT failed");
    mltp_yield();
    rec('X');
    mltp_detach(h);
    return NULL;
}

START_TEST(priority_order)
{
    mltp_attr_t lo, hi;
    mltp_attr_init(&lo);
    mltp_attr_init(&hi);
    ck_assert_int_eq(lo.priority, MLTP_PRIO_DEFAULT);
    ck_assert_uint_eq(lo.stacksize, 0);
    ck_assert_ptr_null(lo.name);
    lo.priority = 5;
    hi.priority = 20;
    mltp_t *l1 = mltp_create_attr(&lo, prio_low_spawner, NULL);
    mltp_t *l2 = mltp_create_attr(&lo, prio_rec, (void *)(intptr_t)'2');
    mltp_t *m = mltp_create(prio_rec, (void *)(intptr_t)'M');
    mltp_t *h = mltp_create_attr(&hi, prio_high_twice, (void *)(intptr_t)'H');
    ck_assert(l1 && l2 && m && h);
    mltp_start(1);
    cu_assert_ults_ok();
    /* H (20) twice, M (16), then the 5s FIFO; l1 makes h (25), which runs
       as soon as l1 yields, before l2. */
    ck_assert_str_eq(order, "HHM1h2X");
    free(l1);
    free(l2);
    free(m);
    free(h);
}
END_TEST

static void *fifo_rec(void *p)
{
    int v = (int)(intptr_t)p;
    rec((char)('a' + v));
    return NULL;
}

START_TEST(priority_fifo_within)
{
    mltp_attr_t a;
    mltp_attr_init(&a);
    mltp_t *t[12];
    /* a b c d at 3, e f g h at 30, i j k l at MIN/MAX/default/default */
    for (int i = 0; i < 12; i++) {
        a.priority = i < 4 ? 3 : i < 8 ? 30 : i == 8 ? MLTP_PRIO_MIN
                   : i == 9 ? MLTP_PRIO_MAX : MLTP_PRIO_DEFAULT;
        t[i] = mltp_create_attr(&a, fifo_rec, (void *)(intptr_t)i);
        ck_assert_ptr_nonnull(t[i]);
    }
    mltp_start(1);
    ck_assert_str_eq(order, "jefghklabcdi");
    for (int i = 0; i < 12; i++)
        free(t[i]);
}
END_TEST

/* ULTs of priority 30 or 31 that yield on VPs where barrier waiters
   block in their VP's group: a pop from those levels once took a mark
   above the levels in the run queue's bitmap for level 61 (a wild ULT
   ran, one ran twice). Each waiter makes its yielder on its own VP, then
   waits at the barrier; half of them have a stack of another size than
   the default (a soak that mixed those saw the crash). On 1 VP a bound
   thread keeps the start from being solo (a solo barrier queues each
   waiter alone). */
enum { HW_YIELDS = 200 };
static struct {
    mltp_barrier_t bar;
    int nwatch, ydone;
    volatile int bound_stop;
} hw;

static long hw_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000;
}

static void *hw_yielder(void *p)
{
    long end = hw_now_ms() + 500;

    (void)p;
    for (int i = 0; i < HW_YIELDS && hw_now_ms() < end; i++)
        mltp_yield();
    CU_INC(hw.ydone);
    return NULL;
}

static void *hw_watcher(void *p)
{
    mltp_attr_t a;

    mltp_attr_init(&a);
    a.priority = MLTP_PRIO_MAX - (int)((intptr_t)p & 1);
    a.stacksize = (intptr_t)p & 2 ? 32 * 1024 : 0;     /* as in the soak that found it */
    mltp_t *y = mltp_create_attr(&a, hw_yielder, NULL);
    ULT_CHECK(y != NULL, "mltp_create_attr: %s", strerror(errno));
    if (y)
        mltp_detach(y);
    else
        CU_INC(hw.ydone);
    mltp_barrier(&hw.bar, hw.nwatch + 1);
    return NULL;
}

static void *hw_driver(void *p)
{
    mltp_t *w[2 * TEST_VPS_MAX];

    (void)p;
    for (int i = 0; i < hw.nwatch; i++)
        ULT_CHECK((w[i] = mltp_create(hw_watcher, (void *)(intptr_t)i)) != NULL,
                  "mltp_create: %s", strerror(errno));
    while (CU_LOAD(hw.ydone) < hw.nwatch)
        mltp_yield();
    mltp_barrier(&hw.bar, hw.nwatch + 1);
    for (int i = 0; i < hw.nwatch; i++)
        if (w[i]) {
            mltp_join(w[i], NULL);
            mltp_free(w[i]);
        }
    return NULL;
}

static void hw_bound(void *p)
{
    (void)p;
    while (!CU_LOAD(hw.bound_stop))
        usleep(1000);
}

START_TEST(priority_high_beside_barrier)
{
    const int nvps[] = { 1, several_vps(2), several_vps(4), several_vps(8) };
    int nvp = nvps[_i];
    mltp_t *b = NULL;

    memset(&hw, 0, sizeof hw);
    mltp_barrier_init(&hw.bar);
    hw.nwatch = 2 * nvp;
    if (nvp == 1)
        ck_assert_ptr_nonnull(b = mltp_create_bound(hw_bound, NULL, 0, NULL));
    mltp_t *d = mltp_create(hw_driver, NULL);
    ck_assert_ptr_nonnull(d);
    mltp_start(nvp);
    if (b) {
        CU_STORE(hw.bound_stop, 1);
        mltp_join_bound(*b);
        free(b);
    }
    free(d);
    cu_assert_ults_ok();
    ck_assert_int_eq(hw.ydone, hw.nwatch);
}
END_TEST

/* ==================================================================== */
/* Creation, return values, abort, ids, private areas                   */

static int abort_after;
static void *ret_ult(void *p)
{
    int i = (int)(intptr_t)p;
    if (i % 2)
        mltp_yield();
    return (void *)(intptr_t)(1000 + i);
}
static void *abort_ult(void *p)
{
    (void)p;
    mltp_yield();
    mltp_abort();
    CU_STORE(abort_after, 1); /* never runs */
    return (void *)0x1234;
}

START_TEST(retval_and_abort)
{
    mltp_t *t[10];
    for (int i = 0; i < 10; i++) {
        t[i] = i == 3 || i == 7 ? mltp_create(abort_ult, NULL)
                                : mltp_create(ret_ult, (void *)(intptr_t)i);
        ck_assert_ptr_nonnull(t[i]);
    }
    mltp_start(several_vps(2));
    for (int i = 0; i < 10; i++) {
        if (i == 3 || i == 7)
            ck_assert_ptr_null(t[i]->retval);
        else
            ck_assert_ptr_eq(t[i]->retval, (void *)(intptr_t)(1000 + i));
        free(t[i]);
    }
    ck_assert_int_eq(abort_after, 0);
}
END_TEST

#define NIDS 1000
static mltp_t *id_h[NIDS];
static int id_seen[NIDS];
static void *id_ult(void *p)
{
    int i = (int)(intptr_t)p;
    id_seen[i] = mltp_get_myid();
    ULT_CHECK(id_seen[i] == id_h[i]->thrid, "ULT %d: mltp_get_myid() %d != "
              "t->thrid %d", i, id_seen[i], id_h[i]->thrid);
    ULT_CHECK(mltp_self() == id_h[i], "ULT %d: mltp_self() != handle", i);
    if (i % 10 == 0) {
        mltp_yield();
        ULT_CHECK(mltp_get_myid() == id_h[i]->thrid, "id changed after yield");
        ULT_CHECK(mltp_self() == id_h[i], "self changed after yield");
    }
    return NULL;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

START_TEST(unique_thrid)
{
    ck_assert_int_eq(mltp_get_myid(), 0);
    ck_assert_ptr_null(mltp_self());
    ck_assert_ptr_null(mltp_get_private());
    for (int i = 0; i < NIDS; i++) {
        id_h[i] = mltp_create(id_ult, (void *)(intptr_t)i);
        ck_assert_ptr_nonnull(id_h[i]);
        ck_assert_int_gt(id_h[i]->thrid, 0);
    }
    mltp_start(several_vps(2));
    cu_assert_ults_ok();
    int ids[NIDS];
    for (int i = 0; i < NIDS; i++) {
        ck_assert_int_eq(id_seen[i], id_h[i]->thrid);
        ids[i] = id_h[i]->thrid;
    }
    qsort(ids, NIDS, sizeof ids[0], cmp_int);
    for (int i = 1; i < NIDS; i++)
        ck_assert_msg(ids[i] != ids[i - 1], "duplicate thrid %d", ids[i]);
    for (int i = 0; i < NIDS; i++)
        free(id_h[i]);
    ck_assert_int_eq(mltp_get_myid(), 0);
    ck_assert_ptr_null(mltp_self());
}
END_TEST

/* ---- thread ids across their wrap (ult/id.c) ------------------------- */

/* Ids come from passes over 1 .. 2^31 - 64; tests/internals.h moves a
   pass to its end. In one start, the long-lived ULTs (blocked at a
   barrier, one that keeps yielding, the one that drives the test, a
   bound thread) live through two wraps, more than 2^32 creations as the
   ids count, while each round makes ULTs that all live until the round
   ends, on every VP and in the bound thread. Every id must be > 0; in a
   round, all distinct; and no long-lived one given again. */
enum { IDW_LONG = 6, IDW_PER_VP = 384, IDW_BOUND = 100, IDW_ROUNDS = 2,
       IDW_MAX = TEST_VPS_MAX * IDW_PER_VP + IDW_BOUND };
#define IDW_TOP (INT_MAX - (1 << 22))   /* the first pass's last ids */
static struct {
    int nvp;
    mltp_barrier_t long_bar, round_bar;
    int long_ids[IDW_LONG + 3];
    int nlong;
    int ids[IDW_ROUNDS][IDW_MAX];
    int nids[IDW_ROUNDS];
    int round, nround;          /* the round under way; its children */
    unsigned int pass[IDW_ROUNDS];
    volatile int spin_stop, bound_ready, bound_go, bound_done;
} idw;

static void idw_long_id(int id)
{
    idw.long_ids[CU_INC(idw.nlong) - 1] = id;
}

static void *idw_long(void *p)
{
    idw_long_id(mltp_get_myid());
    mltp_barrier(&idw.long_bar, IDW_LONG + 1);
    return p;
}

/* A yield, and now and then a short sleep. Valgrind runs one thread at a
   time, in slices of equal length: a VP whose lone ULT only yields was,
   at the end of every slice, at the same point of its loop, with its
   run-queue lock held, and the thread that marks the live ids waited for
   that lock for good. */
static void idw_pause(unsigned int *n)
{
    mltp_yield();
    if (++*n % 64 == 0)
        usleep(100);
}

static void *idw_spinner(void *p)
{
    unsigned int n = 0;

    idw_long_id(mltp_get_myid());
    while (!CU_LOAD(idw.spin_stop))
        idw_pause(&n);
    return p;
}

/* a round's child: its id, then alive until the round ends */
static void *idw_child(void *p)
{
    int r = CU_LOAD(idw.round);
    idw.ids[r][CU_INC(idw.nids[r]) - 1] = mltp_get_myid();
    mltp_barrier(&idw.round_bar, idw.nround + 1);
    return p;
}

static void *idw_nothing(void *p)
{
    return p;
}

/* the number of a round's children */
static int idw_children(int r)
{
    return idw.nvp * IDW_PER_VP + (r == 0 ? IDW_BOUND : 0);
}

static void idw_make_child(void)
{
    mltp_t *t = mltp_create(idw_child, NULL);
    ULT_CHECK(t != NULL, "mltp_create: %s", strerror(errno));
    if (t)
        mltp_detach(t);
}

static void *idw_driver(void *p)
{
    for (int i = 0; i < IDW_PER_VP; i++)
        idw_make_child();
    return p;
}

/* takes a block before the first wrap (for a ULT that ends at once: the
   block is held by the thread's cache alone), makes its children after */
static void idw_bound(void *p)
{
    (void)p;
    mltp_detach(mltp_create(idw_nothing, NULL));
    CU_STORE(idw.bound_ready, 1);
    while (!CU_LOAD(idw.bound_go))
        usleep(1000);
    for (int i = 0; i < IDW_BOUND; i++)
        idw_make_child();
    CU_STORE(idw.bound_done, 1);
}

static void *idw_setup(void *p)
{
    mltp_t *b = NULL, *drivers[TEST_VPS_MAX];
    unsigned int n = 0;

    idw_long_id(mltp_get_myid());
    /* made without a switch, so from this VP's blocks, which the fillers
       then move past: only their ULTs hold the long-lived ones' ids */
    for (int i = 0; i < IDW_LONG; i++)
        mltp_detach(mltp_create(idw_long, NULL));
    mltp_detach(mltp_create(idw_spinner, NULL));
    for (int i = 0; i < 2 * 64; i++)
        mltp_detach(mltp_create(idw_nothing, NULL));
    b = mltp_create_bound(idw_bound, NULL, 0, NULL);
    ULT_CHECK(b != NULL, "mltp_create_bound: %s", strerror(errno));
    if (b)
        idw_long_id(b->thrid);
    while (b && !CU_LOAD(idw.bound_ready))
        idw_pause(&n);
    for (int r = 0; r < IDW_ROUNDS; r++) {
        /* the last round's children have all arrived at the barrier */
        CU_STORE(idw.round, r);
        idw.nround = idw_children(r);
        it_ids_near_wrap(2);
        for (int i = 0; i < idw.nvp; i++)
            drivers[i] = mltp_create(idw_driver, NULL);
        for (int i = 0; i < idw.nvp; i++) {
            mltp_join(drivers[i], NULL);
            mltp_free(drivers[i]);
        }
        if (r == 0) {           /* ids have wrapped: the bound thread's turn */
            CU_STORE(idw.bound_go, 1);
            while (!CU_LOAD(idw.bound_done))
                idw_pause(&n);
        }
        idw.pass[r] = it_ids_pass();
        mltp_barrier(&idw.round_bar, idw.nround + 1);
    }
    CU_STORE(idw.spin_stop, 1);
    mltp_barrier(&idw.long_bar, IDW_LONG + 1);
    if (b) {
        mltp_join_bound(*b);
        mltp_free(b);
    }
    return p;
}

/* _i: 0 on 1 VP, 1 on several */
START_TEST(ids_wrap_live_unique)
{
    idw.nvp = _i ? several_vps(2) : 1;
    mltp_barrier_init(&idw.long_bar);
    mltp_barrier_init(&idw.round_bar);
    mltp_detach(mltp_create(idw_setup, NULL));
    mltp_start(idw.nvp);
    cu_assert_ults_ok();
    ck_assert_int_eq(idw.nlong, IDW_LONG + 3);
    for (int r = 0; r < IDW_ROUNDS; r++) {
        int n = idw.nids[r], *ids = idw.ids[r], top = 0, low = 0;
        ck_assert_int_eq(n, idw_children(r));
        for (int i = 0; i < n; i++) {
            ck_assert_int_gt(ids[i], 0);
            top |= ids[i] > IDW_TOP;
            low |= ids[i] < 1 << 20;
            for (int k = 0; k < idw.nlong; k++)
                ck_assert_msg(ids[i] != idw.long_ids[k], "round %d: id %d of a live ULT "
                              "given again", r, ids[i]);
        }
        ck_assert_msg(low, "round %d: no id of the new pass", r);
        ck_assert_msg(r > 0 || top, "round 0: no id of the first pass's end");
        qsort(ids, (size_t)n, sizeof ids[0], cmp_int);
        for (int i = 1; i < n; i++)
            ck_assert_msg(ids[i] != ids[i - 1], "round %d: two live ULTs with id %d", r, ids[i]);
    }
    ck_assert_uint_eq(idw.pass[0], 1);      /* each round wrapped once */
    ck_assert_uint_eq(idw.pass[1], 2);
}
END_TEST

/* Between starts, main's pending ULTs (never run, in no run queue) across
   a wrap: 80 of them, main's blocks moving past the first, then 300. */
START_TEST(ids_wrap_pending)
{
    enum { BEFORE = 80, AFTER = 300 };
    mltp_t *t[BEFORE + AFTER];
    int ids[BEFORE + AFTER], low = 0;

    for (int i = 0; i < BEFORE + AFTER; i++) {
        if (i == BEFORE)
            it_ids_near_wrap(2);
        t[i] = mltp_create(idw_nothing, NULL);
        ck_assert_ptr_nonnull(t[i]);
        ids[i] = t[i]->thrid;
        ck_assert_int_gt(ids[i], 0);
        low |= i >= BEFORE && ids[i] < 1 << 20;
    }
    ck_assert_uint_eq(it_ids_pass(), 1);
    ck_assert_msg(low, "no id of the new pass");
    qsort(ids, BEFORE + AFTER, sizeof ids[0], cmp_int);
    for (int i = 1; i < BEFORE + AFTER; i++)
        ck_assert_msg(ids[i] != ids[i - 1], "two pending ULTs with id %d", ids[i]);
    mltp_start(1);
    for (int i = 0; i < BEFORE + AFTER; i++)
        ck_assert_int_eq(mltp_free(t[i]), 0);
}
END_TEST

#define NPRIV 16
static mltp_t *priv_h[NPRIV];
static unsigned char *priv_p[NPRIV];
static int priv_started;
static void *priv_ult(void *p)
{
    int i = (int)(intptr_t)p;
    unsigned char *a = mltp_get_private();
    priv_p[i] = a;
    ULT_CHECK(a != NULL, "ULT %d: private area NULL", i);
    if (!a)
        return NULL;
    ULT_CHECK(a == priv_h[i]->private, "ULT %d: private != t->private", i);
    int nz = 0;
    for (int k = 0; k < MLTP_PRIVATE_SIZE; k++)
        nz += a[k] != 0;
    ULT_CHECK(nz == 0, "ULT %d: private area has %d non-zero bytes", i, nz);
    for (int k = 0; k < MLTP_PRIVATE_SIZE; k++)
        a[k] = (unsigned char)(i * 31 + k + 1);
    /* Areas are distinct among ULTs alive at once: one that ends gives its
       stack, and the area in it, to one that first runs later. On several
       VPs that can happen within a batch (no order across VPs: a VP may
       run a ULT to its end before another VP first runs the next), so
       every ULT of the batch stays until all have their area. */
    CU_INC(priv_started);
    while (CU_LOAD(priv_started) < NPRIV)
        mltp_yield();
    for (int y = 0; y < 20; y++) {
        mltp_yield();
        ULT_CHECK(mltp_get_private() == a, "ULT %d: private pointer changed "
                  "after yield %d", i, y);
    }
    int bad = 0;
    for (int k = 0; k < MLTP_PRIVATE_SIZE; k++)
        bad += a[k] != (unsigned char)(i * 31 + k + 1);
    ULT_CHECK(bad == 0, "ULT %d: %d private bytes changed by others", i, bad);
    return NULL;
}

START_TEST(private_area)
{
    for (int batch = 0; batch < 3; batch++) {
        for (int i = 0; i < NPRIV; i++) {
            priv_h[i] = mltp_create(priv_ult, (void *)(intptr_t)i);
            ck_assert_ptr_nonnull(priv_h[i]);
        }
        memset(priv_p, 0, sizeof priv_p);
        CU_STORE(priv_started, 0);
        mltp_start(batch == 1 ? 1 : several_vps(2));
        cu_assert_ults_ok();
        for (int i = 0; i < NPRIV; i++) {
            ck_assert_ptr_nonnull(priv_p[i]);
            for (int j = 0; j < i; j++) {
                uintptr_t a = (uintptr_t)priv_p[i], b = (uintptr_t)priv_p[j];
                ck_assert_msg(a >= b + MLTP_PRIVATE_SIZE ||
                              b >= a + MLTP_PRIVATE_SIZE,
                              "private areas of ULTs %d and %d overlap", i, j);
            }
        }
        for (int i = 0; i < NPRIV; i++)
            free(priv_h[i]);
    }
}
END_TEST

/* A ULT gets its stack, and its private area, when it first runs. */
static mltp_t *lazy_h;
static void *lazy_seen;
static void *lazy_ult(void *p)
{
    (void)p;
    lazy_seen = mltp_get_private();
    ULT_CHECK(lazy_seen != NULL, "private area NULL while running");
    ULT_CHECK(lazy_h->private == lazy_seen, "t->private %p, mltp_get_private %p",
              lazy_h->private, lazy_seen);
    return NULL;
}

START_TEST(private_set_at_first_run)
{
    lazy_h = mltp_create(lazy_ult, NULL);
    ck_assert_ptr_nonnull(lazy_h);
    ck_assert_ptr_null(lazy_h->private);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_ptr_nonnull(lazy_seen);
    ck_assert_ptr_null(lazy_h->private);
    free(lazy_h);
}
END_TEST

/* ULTs that run one after the other on one VP reuse the stacks of those
   before (the one before last: an ending ULT's stack is cached after the
   switch to the next): each must still find its private area zeroed. */
#define NSEQ 12
static unsigned char *seq_p[NSEQ];
static void *seq_ult(void *p)
{
    int i = (int)(intptr_t)p, nz = 0;
    unsigned char *a = mltp_get_private();

    seq_p[i] = a;
    for (int k = 0; k < MLTP_PRIVATE_SIZE; k++)
        nz += a[k] != 0;
    ULT_CHECK(nz == 0, "ULT %d: %d non-zero bytes in its private area", i, nz);
    memset(a, 0xa5, MLTP_PRIVATE_SIZE);
    return NULL;
}

START_TEST(private_zeroed_on_reuse)
{
    mltp_t *t[NSEQ];
    int reused = 0;

    for (int i = 0; i < NSEQ; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create(seq_ult, (void *)(intptr_t)i));
    mltp_start(1);
    cu_assert_ults_ok();
    for (int i = 2; i < NSEQ; i++)
        reused += seq_p[i] == seq_p[i - 1] || seq_p[i] == seq_p[i - 2];
    /* else the test did not test reuse */
    ck_assert_msg(reused > 0, "no ULT reused the stack of the one before");
    for (int i = 0; i < NSEQ; i++)
        free(t[i]);
}
END_TEST

/* A new ULT starts with its creator's FP control as it was at creation,
   not with that of whatever ran before it on the VP. */
static int fpc_round[2];
static void *fpc_child(void *p)
{
    fpc_round[(intptr_t)p] = fegetround();
    return NULL;
}

static void *fpc_parent(void *p)
{
    mltp_t *a, *b;

    (void)p;
    fesetround(FE_UPWARD);
    a = mltp_create(fpc_child, (void *)0);
    fesetround(FE_TOWARDZERO);
    b = mltp_create(fpc_child, (void *)1);
    fesetround(FE_DOWNWARD);        /* what the children run after */
    ULT_CHECK(a && b, "mltp_create failed");
    if (a && b) {
        mltp_join(a, NULL);
        mltp_join(b, NULL);
    }
    fesetround(FE_TONEAREST);
    free(a);
    free(b);
    return NULL;
}

START_TEST(fp_control_from_creator)
{
    mltp_t *t = mltp_create(fpc_parent, NULL);

    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_int_eq(fpc_round[0], FE_UPWARD);
    ck_assert_int_eq(fpc_round[1], FE_TOWARDZERO);
    free(t);
}
END_TEST

/* The sticky exception flags travel with the ULT, as with pthreads: a
   ULT that raised "inexact" still sees it after a yield, one that did
   not never sees another's (the switch loads all of MXCSR; FPSR on
   aarch64). */

static void *fp_flags_ult(void *p)
{
    int raises = (int)(intptr_t)p & 1;

    fp_flags_clear();
    if (raises)
        (void)div_sse(&fp_one, &fp_three);
    for (int k = 0; k < FP_YIELDS; k++) {
        mltp_yield();
        unsigned f = fp_flags();
        ULT_CHECK(f == (raises ? FP_FLAG_INEXACT : 0u), "ULT %s inexact, yield %d: "
                  "sticky flags 0x%x", raises ? "raised" : "never raised", k, f);
    }
    return NULL;
}

START_TEST(fp_flags_travel)
{
    cu_run_ults(_i == 0 ? 1 : several_vps(2), 8, fp_flags_ult, NULL);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* mltp_vcreate argument forwarding                                     */

#define W(n) ((int)((n) * sizeof(qt_word_t)))
#define GOOD ((void *)(intptr_t)0x600d)
static int vres[16];
static char vstr[] = "hello, mltp";

static void *v0(void)
{
    vres[0] = 1;
    return GOOD;
}
static void *v4i(int a, int b, int c, int d)
{
    vres[1] = a == 1 && b == -2 && c == 3 && d == 1000000 ? 1 : -1;
    return (void *)(intptr_t)(a + b + c + d);
}
static void *v8d(double a, double b, double c, double d, double e, double f,
                 double g, double h)
{
    vres[2] = a == 1.5 && b == -2.25 && c == 3e10 && d == 0.1 &&
              e == 1e-300 && f == -7.0 && g == 7.75 && h == 8.125 ? 1 : -1;
    return GOOD;
}
static void *vmix(int a, double b, char *c, double d, long e, double f)
{
    vres[3] = a == -7 && b == 2.5 && c == vstr && strcmp(c, "hello, mltp") == 0
              && d == -1e100 && e == 0x123456789abcL && f == 0.125 ? 1 : -1;
    return GOOD;
}
static void *v6i(int a, int b, int c, int d, int e, int f)
{
    vres[4] = a == 10 && b == -11 && c == 12 && d == -13 && e == 14 &&
              f == 0x7fffffff ? 1 : -1;
    return GOOD;
}
static long l16_val(int i) { return (long)i * 0x100000001L - 5 * i + 1; }
static void *v16l(long a0, long a1, long a2, long a3, long a4, long a5,
                  long a6, long a7, long a8, long a9, long a10, long a11,
                  long a12, long a13, long a14, long a15)
{
    long v[16] = { a0, a1, a2, a3, a4, a5, a6, a7,
                   a8, a9, a10, a11, a12, a13, a14, a15 };
    int ok = 1;
    for (int i = 0; i < 16; i++)
        ok &= v[i] == l16_val(i);
    vres[5] = ok ? 1 : -1;
    return GOOD;
}
static void *v4i8d(int a, double d1, double d2, int b, double d3, double d4,
                   int c, double d5, double d6, int d, double d7, double d8)
{
    vres[6] = a == 41 && b == 42 && c == -43 && d == 44 && d1 == 0.5 &&
              d2 == 1.25 && d3 == -2.5 && d4 == 1e20 && d5 == -0.0625 &&
              d6 == 3.0 && d7 == 1e-5 && d8 == 99.5 ? 1 : -1;
    return GOOD;
}
static void *v1d(double x)
{
    vres[7] = x == 3.25 ? 1 : -1;
    return GOOD;
}
static void *v1f(double x) /* called with a float, promoted by the call */
{
    vres[8] = x == 2.5 ? 1 : -1;
    return GOOD;
}
static void *v10l3d(long a, long b, double x, long c, long d, long e,
                    double y, long f, long g, long h, long i, double z,
                    long j)
{
    vres[9] = a == 1 && b == 2 && c == 3 && d == 4 && e == 5 && f == 6 &&
              g == 7 && h == 8 && i == 9 && j == -10 && x == 0.5 &&
              y == -1.5 && z == 2.75 ? 1 : -1;
    return GOOD;
}
static void *vptr_yield(char *s, long n, double f)
{
    mltp_yield();
    vres[10] = s == vstr && n == -99 && f == 6.5 ? 1 : -1;
    return s;
}

START_TEST(vcreate_forwarding)
{
    mltp_t *t[11];
    t[0] = mltp_vcreate(v0, 0);
    t[1] = mltp_vcreate(v4i, W(4), 1, -2, 3, 1000000);
    t[2] = mltp_vcreate(v8d, W(8), 1.5, -2.25, 3e10, 0.1, 1e-300, -7.0,
                        7.75, 8.125);
    t[3] = mltp_vcreate(vmix, W(6), -7, 2.5, vstr, -1e100, 0x123456789abcL,
                        0.125);
    t[4] = mltp_vcreate(v6i, W(6), 10, -11, 12, -13, 14, 0x7fffffff);
    t[5] = mltp_vcreate(v16l, W(16), l16_val(0), l16_val(1), l16_val(2),
                        l16_val(3), l16_val(4), l16_val(5), l16_val(6),
                        l16_val(7), l16_val(8), l16_val(9), l16_val(10),
                        l16_val(11), l16_val(12), l16_val(13), l16_val(14),
                        l16_val(15));
    t[6] = mltp_vcreate(v4i8d, W(12), 41, 0.5, 1.25, 42, -2.5, 1e20, -43,
                        -0.0625, 3.0, 44, 1e-5, 99.5);
    t[7] = mltp_vcreate(v1d, W(1), 3.25);
    t[8] = mltp_vcreate(v1f, W(1), 2.5f);
    t[9] = mltp_vcreate(v10l3d, W(13), 1L, 2L, 0.5, 3L, 4L, 5L, -1.5, 6L, 7L,
                        8L, 9L, 2.75, -10L);
    t[10] = mltp_vcreate(vptr_yield, W(3), vstr, -99L, 6.5);
    for (int i = 0; i < 11; i++)
        ck_assert_msg(t[i] != NULL, "mltp_vcreate case %d returned NULL (%s)",
                      i, strerror(errno));
    mltp_start(several_vps(2));
    for (int i = 0; i < 11; i++)
        ck_assert_msg(vres[i] == 1, "vcreate case %d: arguments %s", i,
                      vres[i] == 0 ? "function never ran" : "wrong");
    ck_assert_ptr_eq(t[0]->retval, GOOD);
    ck_assert_ptr_eq(t[1]->retval, (void *)(intptr_t)1000002);
    for (int i = 2; i < 10; i++)
        ck_assert_ptr_eq(t[i]->retval, GOOD);
    ck_assert_ptr_eq(t[10]->retval, vstr);
    for (int i = 0; i < 11; i++)
        free(t[i]);
}
END_TEST

START_TEST(vcreate_limits)
{
    errno = 0;
    mltp_t *t = mltp_vcreate(v16l, W(17), 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L,
                             9L, 10L, 11L, 12L, 13L, 14L, 15L, 16L, 17L);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    t = mltp_vcreate(v4i, -8, 1, 2, 3, 4);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(errno, EINVAL);
    errno = 0;
    t = mltp_vcreate(NULL, W(1), 1);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(errno, EINVAL);
    /* nothing half-created: a start now runs nothing and returns */
    mltp_start(1);
    ck_assert_int_eq(vres[5], 0);
    ck_assert_int_eq(vres[1], 0);
}
END_TEST

/* ==================================================================== */
/* Repeated starts                                                      */

static int rs_count, rs_child_count, rs_bad_vp;
static void *rs_child(void *p)
{
    (void)p;
    mltp_yield();
    CU_INC(rs_child_count);
    return NULL;
}
static void *rs_ult(void *p)
{
    int i = (int)(intptr_t)p;
    for (int k = 0; k < 5; k++) {
        int v = mltp_vp_id();
        if (v < 0 || v >= mltp_vp_count())
            CU_INC(rs_bad_vp);
        mltp_yield();
    }
    if (i == 0) { /* ULTs created by a ULT run in the same start */
        for (int k = 0; k < 5; k++) {
            mltp_t *c = mltp_create(rs_child, NULL);
            ULT_CHECK(c != NULL, "create in ULT failed");
            if (c)
                mltp_detach(c);
        }
    }
    CU_INC(rs_count);
    return NULL;
}

START_TEST(repeated_starts)
{
    const int nvps[] = { 1, several_vps(2), several_vps(4), 1, several_vps(4),
                         several_vps(2) };
    mltp_start(several_vps(2)); /* nothing to run: returns at once */
    for (unsigned r = 0; r < sizeof nvps / sizeof nvps[0]; r++) {
        CU_STORE(rs_count, 0);
        CU_STORE(rs_child_count, 0);
        cu_run_ults(nvps[r], 10, rs_ult, NULL);
        ck_assert_int_eq(CU_LOAD(rs_count), 10);
        ck_assert_int_eq(CU_LOAD(rs_child_count), 5);
        ck_assert_int_eq(mltp_vp_count(), nvps[r]);
        ck_assert_int_eq(mltp_vp_id(), -1);
        mltp_start(nvps[r]); /* empty again */
    }
    ck_assert_int_eq(rs_bad_vp, 0);
    cu_assert_ults_ok();
}
END_TEST

/* ==================================================================== */
/* Stacks                                                               */

static void touch(volatile char *b) { b[1] ^= 1; }
static void (*volatile touch_fn)(volatile char *) = touch;

/* Recurse with 1 KiB frames until the frames reach below `limit`. The
   indirect call through a volatile pointer after the recursive call keeps
   the compiler from turning this into a loop. */
static uintptr_t __attribute__((noinline)) eat_stack(uintptr_t limit)
{
    volatile char buf[1024];
    buf[0] = 1;
    buf[1023] = 2;
    touch_fn(buf);
    uintptr_t low = (uintptr_t)buf;
    if (low > limit) {
        uintptr_t r = eat_stack(limit);
        if (r < low)
            low = r;
    }
    touch_fn(buf);
    return low + (uintptr_t)(buf[0] + buf[1023] - 3);
}

static long eat_bytes[4];
static int eat_done[4];
static void *eat_ult(void *p)
{
    int i = (int)(intptr_t)p;
    volatile char top;
    mltp_yield();
    uintptr_t low = eat_stack((uintptr_t)&top - (uintptr_t)eat_bytes[i]);
    eat_bytes[i] = (long)((uintptr_t)&top - low);
    mltp_yield();
    eat_done[i] = 1;
    return NULL;
}

START_TEST(stack_sizes)
{
    long page = sysconf(_SC_PAGESIZE);
    unsetenv("MLTP_STACK_SIZE");
    ck_assert_uint_eq(mltp_get_stack_size(), 65536);
    ck_assert_int_eq(mltp_set_stack_size(100), EINVAL);
    ck_assert_int_eq(mltp_set_stack_size(0), EINVAL);
    ck_assert_int_eq(mltp_set_stack_size(MLTP_STACK_MIN - 1), EINVAL);
    ck_assert_uint_eq(mltp_get_stack_size(), 65536);
    ck_assert_int_eq(mltp_set_stack_size(MLTP_STACK_MIN), 0);
    ck_assert_uint_eq(mltp_get_stack_size(), MLTP_STACK_MIN);
    ck_assert_int_eq(mltp_set_stack_size(70000), 0);
    size_t s = mltp_get_stack_size();
    ck_assert_uint_ge(s, 70000);
    ck_assert_uint_lt(s, 70000 + (size_t)page);
    ck_assert_uint_eq(s % (size_t)page, 0);
    ck_assert_int_eq(mltp_set_stack_size(65536), 0);

    /* ~48 KiB of the default 64 KiB */
    eat_bytes[0] = 48 * 1024;
    mltp_t *t = mltp_create(eat_ult, (void *)0);
    ck_assert_ptr_nonnull(t);
    mltp_start(1);
    ck_assert_int_eq(eat_done[0], 1);
    ck_assert_int_ge(eat_bytes[0], 46 * 1024);
    free(t);

    /* a bigger default: 200 KiB of 256 KiB */
    ck_assert_int_eq(mltp_set_stack_size(256 * 1024), 0);
    ck_assert_uint_eq(mltp_get_stack_size(), 256 * 1024);
    eat_bytes[1] = 200 * 1024;
    t = mltp_create(eat_ult, (void *)1);
    ck_assert_ptr_nonnull(t);
    mltp_start(several_vps(2));
    ck_assert_int_eq(eat_done[1], 1);
    ck_assert_int_ge(eat_bytes[1], 190 * 1024);
    free(t);

    /* per-ULT attribute: 100 KiB of 128 KiB, default back to 64 KiB */
    ck_assert_int_eq(mltp_set_stack_size(65536), 0);
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.stacksize = 128 * 1024;
    eat_bytes[2] = 100 * 1024;
    t = mltp_create_attr(&a, eat_ult, (void *)2);
    ck_assert_ptr_nonnull(t);
    mltp_start(several_vps(2));
    ck_assert_int_eq(eat_done[2], 1);
    ck_assert_int_ge(eat_bytes[2], 95 * 1024);
    free(t);
}
END_TEST

/* A size asked for that is the default when the ULT is made is kept when
   the default changes before the ULT first runs (it was taken as "the
   default" and the ULT ran on a 16 KiB stack: an overflow). */
START_TEST(stack_attr_kept_across_default)
{
    unsetenv("MLTP_STACK_SIZE");
    ck_assert_int_eq(mltp_set_stack_size(65536), 0);
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.stacksize = 65536;
    eat_bytes[3] = 48 * 1024;
    mltp_t *t = mltp_create_attr(&a, eat_ult, (void *)3);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(mltp_set_stack_size(MLTP_STACK_MIN), 0);
    mltp_start(1);
    ck_assert_int_eq(eat_done[3], 1);
    ck_assert_int_ge(eat_bytes[3], 46 * 1024);
    free(t);
}
END_TEST

START_TEST(stack_size_env)
{
    setenv("MLTP_STACK_SIZE", "96k", 1);
    mltp_init();
    ck_assert_uint_eq(mltp_get_stack_size(), 96 * 1024);
}
END_TEST

/* Where guard regions are refused (a sandbox or seccomp filter answers
   EPERM or ENOSYS, an older kernel EINVAL), stacks get guard pages
   instead: a ULT of the default size and one of another size are made
   and run, and the guard pages' budget is in use. Refused at mltp_init's
   try (_i 0-2), or only later, at a chunk's (_i 3-5: where the kernel
   has guard regions, the fall back then). */
static const int gf_errs[] = { EPERM, ENOSYS, EINVAL };
static int gf_ran;
static void *gf_ult(void *p)
{
    CU_INC(gf_ran);
    return p;
}

START_TEST(stack_guard_fallback)
{
    int err = gf_errs[_i % 3];
    mltp_attr_t a;
    long left;

    unsetenv("MLTP_STACK_GUARD");
    if (_i < 3)
        it_stack_guards_fail(err);
    mltp_init();
    it_stack_guards_fail(err);
    left = it_stack_pages_left();       /* 0: guard regions so far */
    if (_i < 3)
        ck_assert_int_gt(left, 0);
    mltp_attr_init(&a);
    a.stacksize = 32 * 1024;
    mltp_t *own = mltp_create_attr(&a, gf_ult, NULL);
    ck_assert_msg(own != NULL, "guard regions failing with %s: mltp_create_attr: %s",
                  strerror(err), strerror(errno));
    mltp_t *dflt = mltp_create(gf_ult, NULL);
    ck_assert_ptr_nonnull(dflt);
    ck_assert_int_gt(it_stack_pages_left(), 0);
    if (left)
        ck_assert_int_lt(it_stack_pages_left(), left);
    mltp_start(1);
    it_stack_guards_fail(0);
    ck_assert_int_eq(gf_ran, 2);
    free(own);
    free(dflt);
}
END_TEST

/* mltp_attr_setguardsize / getguardsize, as pthread's: whole pages, 0
   for none, the process's guard until set; bad arguments EINVAL, the
   value kept. The attribute keeps its size (the guard is in its
   padding). */
struct attr_before_guard {
    size_t stacksize;
    int priority;
    const char *name;
};

/* The default guard (mltp_init done): a page on x86-64 where guard
   regions work (no guard pages in use), else 64 KiB. */
static size_t default_guard(void)
{
#if defined(__x86_64__)
    if (!it_stack_pages_left())
        return (size_t)sysconf(_SC_PAGESIZE);
#endif
    return 65536;
}

START_TEST(guard_size_attr)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), g = 1;
    mltp_attr_t a;

    ck_assert_uint_eq(sizeof a, sizeof(struct attr_before_guard));
    unsetenv("MLTP_STACK_GUARD");
    mltp_attr_init(&a);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, default_guard());
    ck_assert_int_eq(mltp_attr_setguardsize(&a, 1), 0);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, page);
    ck_assert_int_eq(mltp_attr_setguardsize(&a, page + 1), 0);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, 2 * page);
    ck_assert_int_eq(mltp_attr_setguardsize(&a, 0), 0);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, 0);
    ck_assert_int_eq(mltp_attr_setguardsize(&a, MLTP_GUARD_MAX + 1), EINVAL);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, &g), 0);
    ck_assert_uint_eq(g, 0);
    ck_assert_int_eq(mltp_attr_setguardsize(NULL, page), EINVAL);
    ck_assert_int_eq(mltp_attr_getguardsize(NULL, &g), EINVAL);
    ck_assert_int_eq(mltp_attr_getguardsize(&a, NULL), EINVAL);
}
END_TEST

/* What mltp_stack_guard says each ULT got, asked by the ULT itself: the
   default's (MLTP_STACK_GUARD auto: a guard region where the kernel has
   them, else guard pages, of the default size; check, of 64 KiB; none; a
   size, 64k), none for a guard of 0, the kind of the default for a guard
   of two pages; EAGAIN before a ULT's first run (a guard not the
   default's: the stack is taken at its creation), ESRCH once it has
   ended, EINVAL for NULL and a bound thread. */
static const char *const gk_env[] = { "auto", "check", "none", "64k" };
static int gk_kind[3], gk_err[3];
static size_t gk_bytes[3];

static void *gk_ult(void *p)
{
    int i = (int)(intptr_t)p;

    gk_err[i] = mltp_stack_guard(mltp_self(), &gk_kind[i], &gk_bytes[i]);
    return NULL;
}

static void gk_bound(void *p)
{
    (void)p;
}

START_TEST(guard_of_ult)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes;
    mltp_t *t[3], *b;
    mltp_attr_t a;
    int kind, dflt, guarded;

    setenv("MLTP_STACK_GUARD", gk_env[_i], 1);
    mltp_init();
    guarded = it_stack_pages_left() ? MLTP_GUARD_PAGES : MLTP_GUARD_REGION;
    dflt = _i == 1 ? MLTP_GUARD_CHECK : _i == 2 ? MLTP_GUARD_NONE : guarded;
    t[0] = mltp_create(gk_ult, (void *)0);
    mltp_attr_init(&a);
    mltp_attr_setguardsize(&a, 0);
    t[1] = mltp_create_attr(&a, gk_ult, (void *)1);
    mltp_attr_setguardsize(&a, 2 * page);
    t[2] = mltp_create_attr(&a, gk_ult, (void *)2);
    for (int i = 0; i < 3; i++)
        ck_assert_ptr_nonnull(t[i]);
    ck_assert_int_eq(mltp_stack_guard(t[0], &kind, &bytes), EAGAIN);
    ck_assert_int_eq(mltp_stack_guard(t[1], &kind, &bytes), _i == 2 ? EAGAIN : 0);
    ck_assert_int_eq(mltp_stack_guard(t[2], &kind, &bytes), 0);
    ck_assert_uint_eq(bytes, 2 * page);
    ck_assert_int_eq(mltp_stack_guard(NULL, &kind, &bytes), EINVAL);
    ck_assert_int_eq(mltp_stack_guard(t[1], NULL, &bytes), EINVAL);
    mltp_start(1);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(gk_err[i], 0);
    ck_assert_int_eq(gk_kind[0], dflt);
    ck_assert_uint_eq(gk_bytes[0], _i == 2 ? 0 : _i == 0 ? default_guard() : 65536);
    ck_assert_int_eq(gk_kind[1], MLTP_GUARD_NONE);
    ck_assert_uint_eq(gk_bytes[1], 0);
    ck_assert_int_eq(gk_kind[2], _i == 2 ? guarded : dflt);
    ck_assert_uint_eq(gk_bytes[2], 2 * page);
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(mltp_stack_guard(t[i], &kind, &bytes), ESRCH);
        free(t[i]);
    }
    b = mltp_create_bound(gk_bound, NULL, 0, NULL);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(mltp_stack_guard(b, &kind, &bytes), EINVAL);
    mltp_join_bound(*b);
    free(b);
    unsetenv("MLTP_STACK_GUARD");
}
END_TEST

/* The stacks' memory comes back off the ULTs' paths: ULTs that touched
   32 KiB of stack each end, and with 2 VPs the idle one gives their pages
   back once they have been free for MLTP_STACK_DECAY (100 ms here), while
   the start goes on; on 1 VP, busy until the end, the start's end does.
   Beyond MLTP_STACK_CACHE (16 here) free slots keep none. */
#define SD_N 2000
static long sd_rss(void)
{
    long res;

    statm_pages(NULL, &res);
    return res * sysconf(_SC_PAGESIZE);
}

/* ULTs all alive at once, each with 32 KiB of its stack touched: they
   count themselves in, then wait at a barrier of `parties` */
struct touchers {
    mltp_barrier_t bar;
    int parties, arrived;
};

static void *toucher(void *p)
{
    struct touchers *w = p;
    volatile char buf[32 * 1024];

    for (size_t i = 0; i < sizeof buf; i += 512)
        buf[i] = 1;
    CU_INC(w->arrived);
    mltp_barrier(&w->bar, w->parties);
    return NULL;
}

static struct touchers sd_w = { .parties = SD_N + 1 };

static long sd_before, sd_full, sd_after_decay;

static void *sd_driver(void *p)
{
    mltp_t *t[SD_N];
    struct timespec tick = { 0, 20 * 1000 * 1000 };

    (void)p;
    sd_before = sd_rss();
    for (int i = 0; i < SD_N; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create(toucher, &sd_w));
    /* all alive, each with its pages: what then comes back (on a slow
       machine, an emulator, much of it while the joins go on) */
    while (CU_LOAD(sd_w.arrived) < SD_N)
        mltp_yield();
    sd_full = sd_rss();
    mltp_barrier(&sd_w.bar, SD_N + 1);
    for (int i = 0; i < SD_N; i++) {
        ck_assert_int_eq(mltp_join(t[i], NULL), 0);
        mltp_free(t[i]);
    }
    sd_after_decay = sd_rss();
    if (mltp_vp_count() > 1)
        for (int k = 0; k < 150 && sd_after_decay - sd_before > (sd_full - sd_before) / 4; k++) {
            nanosleep(&tick, NULL);         /* this VP in the kernel: the other is idle */
            sd_after_decay = sd_rss();
        }
    return NULL;
}

START_TEST(stack_memory_decays)
{
    int nvp = 1 + _i;
    mltp_t *d;

    setenv("MLTP_STACK_DECAY", "100", 1);
    setenv("MLTP_STACK_CACHE", "16", 1);
    mltp_init();
    mltp_barrier_init(&sd_w.bar);
    ck_assert_ptr_nonnull(d = mltp_create(sd_driver, NULL));
    mltp_start(nvp);
    free(d);
    /* the pages were there: 32 KiB a ULT */
    ck_assert_msg(sd_full - sd_before > SD_N * 16 * 1024, "%d VPs: %ld KiB resident more "
                  "while the ULTs waited", nvp, (sd_full - sd_before) >> 10);
    if (nvp > 1)
        ck_assert_msg(sd_after_decay - sd_before <= (sd_full - sd_before) / 4,
                      "2 VPs: %ld KiB still resident after 3 s (%ld KiB while the ULTs waited)",
                      (sd_after_decay - sd_before) >> 10, (sd_full - sd_before) >> 10);
    ck_assert_msg(sd_rss() - sd_before <= (sd_full - sd_before) / 4,
                  "%d VPs: %ld KiB still resident after the start (%ld KiB while the ULTs "
                  "waited)", nvp, (sd_rss() - sd_before) >> 10, (sd_full - sd_before) >> 10);
    unsetenv("MLTP_STACK_DECAY");
    unsetenv("MLTP_STACK_CACHE");
}
END_TEST

/* A decay of one hour keeps the pages: 1,000 ULTs that touched 32 KiB of
   stack each end (within the start's first 100 ms), and for a second
   after (this VP in the kernel, the other idle: its maintenance runs, and
   the reaper ticks every 100 ms) their stacks' pages stay, 3/4 of them
   at least, beyond MLTP_STACK_CACHE too. Measured inside the start: its
   end gives back what is beyond MLTP_STACK_CACHE without waiting, by
   design. The decay clock started at 0: at the reaper's first tick it
   read the time since boot, and every stack freed before that tick was
   as old as the machine's uptime, given back at once past MLTP_STACK_CACHE
   where the machine had been up for longer than the decay. So _i 1, a
   decay of 30 s, still 30 times the test, fails that way on any machine
   up for more than 30 s; _i 0, the hour, on one up for more than an hour
   (or: unshare -T --monotonic 7200); _i 2 keeps a cache larger than the
   stacks (the hour must not unmap their chunks either). */
#define DH_N 1000
static const char *const dh_env[][2] = {
    { "3600000", "16" }, { "30000", "16" }, { "3600000", "100000" },
};
static struct touchers dh_w = { .parties = DH_N + 1 };
static long dh_before, dh_full, dh_low;

static void *dh_driver(void *p)
{
    static mltp_t *t[DH_N];
    struct timespec tick = { 0, 50 * 1000 * 1000 };

    (void)p;
    dh_before = sd_rss();
    for (int i = 0; i < DH_N; i++)
        if (!(t[i] = mltp_create(toucher, &dh_w))) {
            fprintf(stderr, "mltp_create: %s\n", strerror(errno));
            exit(1);            /* the others wait at the barrier */
        }
    while (CU_LOAD(dh_w.arrived) < DH_N)
        mltp_yield();
    dh_full = sd_rss();
    mltp_barrier(&dh_w.bar, DH_N + 1);
    for (int i = 0; i < DH_N; i++) {
        int e = mltp_join(t[i], NULL);
        ULT_CHECK(e == 0, "mltp_join: %d", e);
        mltp_free(t[i]);
    }
    /* a second, this VP in the kernel: the lowest the pages went */
    dh_low = sd_rss();
    for (int k = 0; k < 20; k++) {
        long r;
        nanosleep(&tick, NULL);
        if ((r = sd_rss()) < dh_low)
            dh_low = r;
    }
    return NULL;
}

START_TEST(stack_memory_kept_an_hour)
{
    mltp_t *d;

    setenv("MLTP_STACK_DECAY", dh_env[_i][0], 1);
    setenv("MLTP_STACK_CACHE", dh_env[_i][1], 1);
    mltp_init();
    mltp_barrier_init(&dh_w.bar);
    ck_assert_ptr_nonnull(d = mltp_create(dh_driver, NULL));
    mltp_start(2);
    free(d);
    cu_assert_ults_ok();
    ck_assert_msg(dh_full - dh_before > DH_N * 16 * 1024, "%ld KiB resident more while the "
                  "ULTs waited", (dh_full - dh_before) >> 10);
    ck_assert_msg(dh_low - dh_before >= (dh_full - dh_before) * 3 / 4,
                  "MLTP_STACK_DECAY=%s MLTP_STACK_CACHE=%s: %ld KiB of the %ld the ULTs' stacks "
                  "held still resident within a second of their end", dh_env[_i][0],
                  dh_env[_i][1], (dh_low - dh_before) >> 10, (dh_full - dh_before) >> 10);
    unsetenv("MLTP_STACK_DECAY");
    unsetenv("MLTP_STACK_CACHE");
}
END_TEST

/* Two VPs growing one pool map one chunk at a time: two ULTs, on two VPs,
   meet and each then creates blocks of ULTs at once, so that
   both need the default pool to grow while each mapping takes 20 ms
   (it_stack_map_delay); the second waits for the first's chunk (which may
   be enough) instead of mapping one of its own beside it (today both
   mapped: 2 chunks of the default pool in flight at once). The two meet
   by spinning, not at a barrier, whose first arrival could block and
   leave its VP to the second. */
#define TG_EACH 192                 /* 3 blocks of ids each */
static int tg_arrived, tg_vp[2];

static void *tg_nothing(void *p)
{
    return p;
}

static void *tg_grower(void *p)
{
    int me = (int)(intptr_t)p;
    mltp_t *t[TG_EACH];
    double give_up = now() + 0.5;

    /* both at once, on two VPs: the first spins (its VP busy, the other
       takes the second), yielding only after half a second */
    CU_INC(tg_arrived);
    while (CU_LOAD(tg_arrived) < 2) {
        if (now() < give_up)
            CU_PAUSE();
        else
            mltp_yield();
    }
    tg_vp[me] = mltp_vp_id();
    for (int i = 0; i < TG_EACH; i++)
        ULT_CHECK((t[i] = mltp_create(tg_nothing, NULL)) != NULL, "mltp_create: %s",
                  strerror(errno));
    for (int i = 0; i < TG_EACH; i++)
        if (t[i]) {
            mltp_join(t[i], NULL);
            mltp_free(t[i]);
        }
    return NULL;
}

START_TEST(stack_grow_one_at_a_time)
{
    mltp_t *g[2];
    long maps;

    unsetenv("MLTP_STACK_GUARD");
    unsetenv("MLTP_STACK_CACHE");
    unsetenv("MLTP_STACK_SIZE");
    mltp_init();
    for (int i = 0; i < 2; i++)
        ck_assert_ptr_nonnull(g[i] = mltp_create(tg_grower, (void *)(intptr_t)i));
    maps = it_stack_maps();
    it_stack_map_delay(20000);
    mltp_start(2);
    it_stack_map_delay(0);
    for (int i = 0; i < 2; i++)
        free(g[i]);
    cu_assert_ults_ok();
    ck_assert_msg(tg_vp[0] != tg_vp[1], "the two growers ran on VP %d both", tg_vp[0]);
    ck_assert_msg(it_stack_maps() > maps, "no chunk was mapped during the start");
    ck_assert_msg(it_stack_max_growing() == 1, "%ld chunks of the default pool were being "
                  "mapped at once (%ld mappings in the start)", it_stack_max_growing(),
                  it_stack_maps() - maps);
}
END_TEST

/* The guard pages' budget comes back on every unmap: under
   MLTP_STACK_GUARD=pages, the slots that may still get a guard page and
   those that hold one add up to the budget mltp_init found, after each
   way a chunk goes: stacks of other shapes (stack sizes, guard sizes:
   pools of their own, and single chunks) made and ended across starts;
   new default sizes (the old size's chunks go once empty); many default
   ULTs, then a start's end (maintenance unmaps the chunks not needed); a
   chunk whose record cannot be allocated; a new default size whose
   chunks cannot all be mapped (the address-space limit reached midway:
   those mapped go back). */
static void *gb_nothing(void *p)
{
    return p;
}

static long gb_budget;

static void gb_check(const char *after)
{
    long left = it_stack_pages_left(), held = it_stack_pages_held();

    ck_assert_msg(left + held == gb_budget, "after %s: %ld slots may get guard pages, %ld hold "
                  "them: %ld, not the budget of %ld", after, left, held, left + held, gb_budget);
}

/* n ULTs of attribute a (NULL: the default), run on nvp VPs. */
static void gb_run(const mltp_attr_t *a, int n, int nvp)
{
    mltp_t **t = calloc((size_t)n, sizeof *t);

    ck_assert_ptr_nonnull(t);
    for (int i = 0; i < n; i++)
        ck_assert_ptr_nonnull(t[i] = mltp_create_attr(a, gb_nothing, NULL));
    mltp_start(nvp);
    for (int i = 0; i < n; i++)
        free(t[i]);
    free(t);
}

START_TEST(stack_guard_budget_returns)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    static const size_t sizes[] = { 32 * 1024, 128 * 1024, 20 * 1024, 96 * 1024 };
    mltp_attr_t a;

    setenv("MLTP_STACK_GUARD", "pages", 1);
    unsetenv("MLTP_STACK_SIZE");
    unsetenv("MLTP_STACK_CACHE");
    unsetenv("MLTP_STACK_DECAY");
    mltp_init();
    gb_budget = it_stack_pages_left() + it_stack_pages_held();
    ck_assert_int_gt(gb_budget, 0);

    /* other shapes: sizes, then guards, a few of each, on 1 VP and 2 */
    for (int r = 0; r < 2; r++) {
        for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            mltp_attr_init(&a);
            a.stacksize = sizes[k];
            gb_run(&a, 1 + 20 * (int)k, 1 + r);
            gb_check("ULTs of another stack size");
        }
        for (size_t gp = 1; gp <= 3; gp++) {
            mltp_attr_init(&a);
            ck_assert_int_eq(mltp_attr_setguardsize(&a, gp * page), 0);
            gb_run(&a, 17, 1 + r);
            gb_check("ULTs of another guard size");
        }
        mltp_attr_init(&a);
        a.stacksize = 48 * 1024;
        ck_assert_int_eq(mltp_attr_setguardsize(&a, 2 * page), 0);
        gb_run(&a, 3, 1 + r);
        gb_check("ULTs of another stack and guard size");
    }

    /* new default sizes, each with ULTs; the old ones' chunks go */
    gb_run(NULL, 100, 2);
    gb_check("default ULTs");
    ck_assert_int_eq(mltp_set_stack_size(128 * 1024), 0);
    gb_run(NULL, 100, 2);
    gb_check("a new default size (128 KiB)");
    ck_assert_int_eq(mltp_set_stack_size(MLTP_STACK_MIN), 0);
    gb_run(NULL, 50, 1);
    gb_check("a new default size (the minimum)");
    ck_assert_int_eq(mltp_set_stack_size(65536), 0);
    gb_run(NULL, 10, 1);
    gb_check("the default size back (64 KiB)");

    /* many, then the start's end unmaps what is not needed */
    gb_run(NULL, 3000, 2);
    gb_check("3,000 default ULTs");
    gb_run(NULL, 1, 1);
    gb_check("one default ULT after them");

    /* a chunk whose record cannot be allocated (the message is expected:
       stderr is set aside meanwhile) */
    int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
    ck_assert_int_ge(devnull, 0);
    dup2(devnull, 2);
    mltp_attr_init(&a);
    a.stacksize = 40 * 1024;
    it_stack_record_fails(1);
    mltp_t *t = mltp_create_attr(&a, gb_nothing, NULL);
    it_stack_record_fails(0);
    dup2(saved, 2);
    ck_assert_ptr_null(t);
    gb_check("a chunk whose record could not be allocated");

    /* a new default size for the ULTs created and not yet run, whose
       chunks cannot all be mapped: the address-space limit leaves room
       for the first (16 stacks of 16 MiB) and not for one more stack */
    mltp_t *w[40];
    for (int i = 0; i < 40; i++)
        ck_assert_ptr_nonnull(w[i] = mltp_create(gb_nothing, NULL));
    struct rlimit old_as, as;
    long vm_pages;
    ck_assert_msg(statm_pages(&vm_pages, NULL) == 0, "cannot read /proc/self/statm");
    ck_assert_int_eq(getrlimit(RLIMIT_AS, &old_as), 0);
    as = old_as;
    as.rlim_cur = (rlim_t)vm_pages * page + 16 * (16 * 1024 * 1024 + 65536) + 65536 +
                  8 * 1024 * 1024;
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &as), 0);
    dup2(devnull, 2);
    int e = mltp_set_stack_size(16 * 1024 * 1024);
    setrlimit(RLIMIT_AS, &old_as);
    dup2(saved, 2);
    close(saved);
    close(devnull);
    ck_assert_int_eq(e, ENOMEM);
    ck_assert_uint_eq(mltp_get_stack_size(), 65536);
    gb_check("a new default size whose chunks could not all be mapped");
    mltp_start(2);
    for (int i = 0; i < 40; i++)
        free(w[i]);
    gb_check("the ULTs made before it");
}
END_TEST

/* mltp_start(64) then mltp_start(1) keeps no more than one VP's cache:
   64 * 200 ULTs, each yielding a few times, end on many of the 64 VPs
   (each VP caches the stacks of those it ended, up to 1024); a start's
   end empties the caches of every VP but VP 0 into their chunks, so that
   after it, and after a start of a few ULTs on 1 VP, the 64 VPs' caches
   hold 1024 stacks at most (the caches of VPs 1-63 kept theirs from start
   to start, thousands of stacks that only a start of as many VPs could
   use again). */
#define VC_VPS 64
#define VC_N (VC_VPS * 200)
static unsigned long long vc_ran;       /* a bit per VP that ended ULTs */
static unsigned long long vc_seen;      /* a bit per VP that ran one */
static time_t vc_until;                 /* CLOCK_MONOTONIC seconds */

/* Each stays until a second VP has run one (all of them until vc_until at
   most: VP 0 may run a batch before the others start, on a loaded
   machine), so that they end on several VPs. */
static void *vc_worker(void *p)
{
    struct timespec t;

    do {
        __atomic_or_fetch(&vc_seen, 1ULL << (mltp_vp_id() & 63), __ATOMIC_SEQ_CST);
        mltp_yield();
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while (__builtin_popcountll(CU_LOAD(vc_seen)) < 2 && t.tv_sec < vc_until);
    __atomic_or_fetch(&vc_ran, 1ULL << (mltp_vp_id() & 63), __ATOMIC_SEQ_CST);
    return p;
}

static long vc_cached(void)
{
    long n = 0;

    for (int i = 0; i < VC_VPS; i++)
        n += it_stack_vp_cached(i);
    return n;
}

START_TEST(stack_caches_after_wide_start)
{
    long wide, after;
    struct timespec t;

    unsetenv("MLTP_STACK_CACHE");
    unsetenv("MLTP_STACK_SIZE");
    mltp_init();
    clock_gettime(CLOCK_MONOTONIC, &t);
    vc_until = t.tv_sec + 3;
    cu_run_ults(VC_VPS, VC_N, vc_worker, NULL);
    ck_assert_msg(__builtin_popcountll(CU_LOAD(vc_ran)) > 1,
                  "the ULTs all ended on one VP: nothing to test");
    wide = vc_cached();
    cu_run_ults(1, 8, vc_worker, NULL);
    after = vc_cached();
    ck_assert_msg(wide <= 1024 && after <= 1024, "the %d VPs' caches hold %ld stacks after "
                  "mltp_start(%d) (%d VPs ended ULTs), %ld after a further mltp_start(1): more "
                  "than one VP's cache (1024)", VC_VPS, wide, VC_VPS,
                  __builtin_popcountll(CU_LOAD(vc_ran)), after);
}
END_TEST

/* A child fork()ed after a start makes its own chunks for the default
   shape: 200 ULTs there take a few mappings, not one each (the child
   forgot the parent's pool with its shape, so every stack of the default
   size became a chunk of one slot of its own). */
#define FC_N 200
static mltp_barrier_t fc_bar;

static void *fc_nothing(void *p)
{
    return p;
}

static void *fc_waiter(void *p)       /* all alive at once */
{
    mltp_barrier(&fc_bar, FC_N);
    return p;
}

START_TEST(stack_pool_in_forked_child)
{
    int status;
    pid_t pid;

    unsetenv("MLTP_STACK_SIZE");
    mltp_init();
    cu_run_ults(1, 8, fc_nothing, NULL);
    pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        long before = it_stack_maps();
        mltp_t *t[FC_N];
        mltp_barrier_init(&fc_bar);
        for (int i = 0; i < FC_N; i++)
            if (!(t[i] = mltp_create(fc_waiter, NULL)))
                _exit(2);
        mltp_start(2);
        for (int i = 0; i < FC_N; i++)
            free(t[i]);
        _exit(it_stack_maps() - before <= 8 ? 0 : 1);
    }
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
                  "the forked child's %d ULTs made more than 8 mappings, or failed "
                  "(status 0x%x)", FC_N, status);
}
END_TEST

/* A ULT with the minimum stack (MLTP_STACK_MIN, the default by
   mltp_set_stack_size or MLTP_STACK_SIZE) creates ULTs with attributes
   whose stacks need chunks mapped, on its own stack: another stack size
   (a pool of its own, grown past its first chunk), another guard size,
   the default size through the attribute (the default pool grows), and,
   from its first frame, one whose chunk's record cannot be allocated
   (the message saying so: about 5 KiB of stack, fopen and fscanf of /proc
   and the line's formatting). Under MLTP_STACK_GUARD=auto and =pages;
   from its first frame (_i 0-3), and from a frame that leaves it TS_ROOM
   bytes of its stack (_i 4-7): the library's calls under
   mltp_create_attr must fit there. (Guard regions were installed from a
   4 KiB array of iovecs on the caller's stack, 5.4 KiB below the caller
   in all: with 4 KiB left the creation overflowed the stack, under auto;
   under pages it took 1.3 KiB.) Left out under AddressSanitizer, whose
   redzones make every frame larger. */
#define TS_ROOM 4096
static int ts_done, ts_made, ts_failed, ts_devnull;

static void *ts_nothing(void *p)
{
    return p;
}

static void ts_make(const mltp_attr_t *a, int n)
{
    for (int i = 0; i < n; i++) {
        mltp_t *t = mltp_create_attr(a, ts_nothing, NULL);
        if (t) {
            mltp_detach(t);
            ts_made++;
        } else {
            ts_failed++;
        }
    }
}

static void __attribute__((noinline)) ts_create_all(int with_failure)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    mltp_attr_t a;

    mltp_attr_init(&a);
    a.stacksize = 32 * 1024;
    ts_make(&a, 40);
    mltp_attr_init(&a);
    mltp_attr_setguardsize(&a, 2 * page);
    ts_make(&a, 40);
    mltp_attr_init(&a);
    a.stacksize = mltp_get_stack_size();
    ts_make(&a, 300);
    if (!with_failure)
        return;
    /* its message set aside (the descriptors are the program's: a crash
       meanwhile would lose MLTP's line too) */
    int saved = dup(2);
    dup2(ts_devnull, 2);
    mltp_attr_init(&a);
    a.stacksize = 24 * 1024;
    it_stack_record_fails(1);
    ts_make(&a, 1);
    it_stack_record_fails(0);
    dup2(saved, 2);
    close(saved);
}

static void *ts_small(void *p)
{
    size_t room = (size_t)(uintptr_t)p;

    if (room) {
        /* down to room bytes above the stack's end: the stack's top is
           the private area's end */
        char *end = (char *)mltp_get_private() + MLTP_PRIVATE_SIZE - mltp_get_stack_size();
        char *here = (char *)__builtin_frame_address(0);
        volatile char *low = __builtin_alloca((size_t)(here - end) - room);
        low[0] = 1;
        ts_create_all(0);
        low[0] = 2;
    } else {
        ts_create_all(1);
    }
    CU_STORE(ts_done, 1);
    return NULL;
}

START_TEST(stack_min_creates_with_attr)
{
    const char *guard = _i & 1 ? "pages" : "auto";
    int by_env = _i & 2;
    size_t room = _i & 4 ? TS_ROOM : 0;
    mltp_t *t;

#if defined(__SANITIZE_ADDRESS__)
    if (room)
        return;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    if (room)
        return;
#endif
#endif
    setenv("MLTP_STACK_GUARD", guard, 1);
    if (by_env)
        setenv("MLTP_STACK_SIZE", "16384", 1);
    else
        unsetenv("MLTP_STACK_SIZE");
    mltp_init();
    if (!by_env)
        ck_assert_int_eq(mltp_set_stack_size(MLTP_STACK_MIN), 0);
    ck_assert_uint_eq(mltp_get_stack_size(), MLTP_STACK_MIN);
    ck_assert_int_ge(ts_devnull = open("/dev/null", O_WRONLY), 0);
    ck_assert_ptr_nonnull(t = mltp_create(ts_small, (void *)(uintptr_t)room));
    mltp_start(1);
    close(ts_devnull);
    free(t);
    ck_assert_msg(CU_LOAD(ts_done), "MLTP_STACK_GUARD=%s, the minimum stack by %s, from %s "
                  "(%zu bytes left): the ULT did not finish", guard,
                  by_env ? "MLTP_STACK_SIZE" : "mltp_set_stack_size",
                  room ? "a frame near its stack's end" : "its first frame", room);
    ck_assert_int_eq(ts_made, 380);
    ck_assert_int_eq(ts_failed, room ? 0 : 1);
    unsetenv("MLTP_STACK_GUARD");
    unsetenv("MLTP_STACK_SIZE");
}
END_TEST

/* The reserve is mapped ahead by a VP with nothing to run: on 2 VPs, a
   ULT that created a block of ULTs (64: a block of ids, each with its
   promise) and then sleeps (its VP in the kernel) finds the reserve ahead
   (as many slots again) mapped, and its next block of creations maps
   nothing itself. */
static long ra_before, ra_after;
static void *ra_nothing(void *p)
{
    return p;
}

static void *ra_driver(void *p)
{
    struct timespec pause = { 1, 0 };   /* a few of the reaper's ticks */
    mltp_t *t[128];

    (void)p;
    for (int i = 0; i < 64; i++)
        t[i] = mltp_create(ra_nothing, NULL);
    nanosleep(&pause, NULL);        /* the other VP idle: it maps the reserve */
    ra_before = it_stack_inline_grows();
    for (int i = 64; i < 128; i++)
        t[i] = mltp_create(ra_nothing, NULL);
    ra_after = it_stack_inline_grows();
    for (int i = 0; i < 128; i++) {
        ck_assert_ptr_nonnull(t[i]);
        mltp_join(t[i], NULL);
        mltp_free(t[i]);
    }
    return NULL;
}

START_TEST(stack_reserve_ahead)
{
    mltp_t *d;

    unsetenv("MLTP_STACK_GUARD");
    mltp_init();
    ck_assert_ptr_nonnull(d = mltp_create(ra_driver, NULL));
    mltp_start(2);
    free(d);
    ck_assert_msg(ra_after == ra_before, "the creations mapped %ld chunks themselves",
                  ra_after - ra_before);
}
END_TEST

/* A guard that fails otherwise fails the creation, and the message names
   the call that failed (it named mmap). */
START_TEST(stack_guard_error_named)
{
    char buf[1024] = "";
    FILE *f = tmpfile();
    int saved = dup(2);
    mltp_attr_t a;
    size_t n;

    ck_assert_ptr_nonnull(f);
    unsetenv("MLTP_STACK_GUARD");
    mltp_init();
    /* the call of the kind in use: guard pages where the kernel has no
       guard regions */
    const char *call = it_stack_pages_left() ? "mprotect(PROT_NONE): "
                                             : "madvise(MADV_GUARD_INSTALL): ";
    it_stack_guards_fail(EACCES);
    it_stack_pages_fail(EACCES);
    mltp_attr_init(&a);
    a.stacksize = 32 * 1024;
    dup2(fileno(f), 2);
    mltp_t *t = mltp_create_attr(&a, gf_ult, NULL);
    int e = errno;
    dup2(saved, 2);
    close(saved);
    it_stack_guards_fail(0);
    it_stack_pages_fail(0);
    rewind(f);
    n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(e, ENOMEM);
    ck_assert_msg(strstr(buf, call) && strstr(buf, strerror(EACCES)) && !strstr(buf, "mmap"),
                  "message: %s", buf);
}
END_TEST

/* A chunk whose record cannot be allocated gives its guard pages' budget
   back with its mapping (it kept it: the budget shrank for good); a chunk
   made spends it, once per slot: a second stack of that shape, its slot
   reused, spends nothing. */
START_TEST(stack_record_failure)
{
    mltp_attr_t a;
    long before;

    setenv("MLTP_STACK_GUARD", "pages", 1);
    mltp_init();
    before = it_stack_pages_left();
    ck_assert_int_gt(before, 0);
    mltp_attr_init(&a);
    a.stacksize = 32 * 1024;
    it_stack_record_fails(1);
    mltp_t *t = mltp_create_attr(&a, gf_ult, NULL);
    int e = errno;
    it_stack_record_fails(0);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(e, ENOMEM);
    ck_assert_int_eq(it_stack_pages_left(), before);
    t = mltp_create_attr(&a, gf_ult, NULL);
    ck_assert_ptr_nonnull(t);
    long spent = before - it_stack_pages_left();
    ck_assert_int_gt(spent, 0);
    mltp_start(1);
    free(t);
    t = mltp_create_attr(&a, gf_ult, NULL);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(it_stack_pages_left(), before - spent);
    mltp_start(1);
    free(t);
    unsetenv("MLTP_STACK_GUARD");
}
END_TEST

/* ==================================================================== */
/* join / detach / self / VP ids                                        */

static mltp_t *jt_target;
static int jt_flag;
static void *join_target(void *p)
{
    int spin = (int)(intptr_t)p;
    for (int i = 0; i < spin; i++)
        mltp_yield();
    ULT_CHECK(mltp_self() == jt_target, "mltp_self() != handle in target");
    return (void *)(intptr_t)77;
}
static void *joiner(void *p)
{
    (void)p;
    void *rv = NULL;
    int r = mltp_join(jt_target, &rv);
    ULT_CHECK(r == 0, "mltp_join returned %d", r);
    ULT_CHECK(rv == (void *)(intptr_t)77, "join retval %p", rv);
    ULT_CHECK(jt_target->retval == (void *)(intptr_t)77, "t->retval %p",
              jt_target->retval);
    r = mltp_join(mltp_self(), NULL);
    ULT_CHECK(r == EDEADLK, "join self returned %d, expected EDEADLK", r);
    CU_STORE(jt_flag, 1);
    return NULL;
}

START_TEST(join_running_and_finished)
{
    for (int round = 0; round < 4; round++) {
        int nvp = round % 2 ? several_vps(2) : 1;
        CU_STORE(jt_flag, 0);
        mltp_t *j;
        if (round < 2) { /* target still running when joined */
            j = mltp_create(joiner, NULL);
            jt_target = mltp_create(join_target, (void *)(intptr_t)20);
        } else { /* target ended before the join */
            jt_target = mltp_create(join_target, (void *)(intptr_t)0);
            j = mltp_create(joiner, NULL);
        }
        ck_assert(j && jt_target);
        mltp_start(nvp);
        cu_assert_ults_ok();
        ck_assert_int_eq(jt_flag, 1);
        ck_assert_ptr_eq(jt_target->retval, (void *)(intptr_t)77);
        free(j);
        free(jt_target);
    }
}
END_TEST

static int eb_flag, eb_r2, eb_r1 = -1;
static void *eb_target(void *p)
{
    (void)p;
    while (!CU_LOAD(eb_flag))
        mltp_yield();
    return (void *)5;
}
static void *eb_join1(void *p)
{
    (void)p;
    void *rv;
    eb_r1 = mltp_join(jt_target, &rv);
    ULT_CHECK(rv == (void *)5, "first joiner got %p", rv);
    return NULL;
}
static void *eb_join2(void *p)
{
    (void)p;
    eb_r2 = mltp_join(jt_target, NULL);
    CU_STORE(eb_flag, 1);
    return NULL;
}

START_TEST(join_ebusy)
{
    jt_target = mltp_create(eb_target, NULL);
    mltp_t *a = mltp_create(eb_join1, NULL);
    mltp_t *b = mltp_create(eb_join2, NULL);
    ck_assert(jt_target && a && b);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_int_eq(eb_r1, 0);
    ck_assert_int_eq(eb_r2, EBUSY);
    free(jt_target);
    free(a);
    free(b);
}
END_TEST

static int det_ran, det_flag, det_join_r;
static void *det_ult(void *p)
{
    (void)p;
    while (!CU_LOAD(det_flag))
        mltp_yield();
    CU_INC(det_ran);
    return NULL;
}
static void *det_self(void *p)
{
    (void)p;
    ULT_CHECK(mltp_detach(mltp_self()) == 0, "detach self failed");
    mltp_yield();
    CU_INC(det_ran);
    return NULL;
}
static void *det_joiner(void *p)
{
    det_join_r = mltp_join((mltp_t *)p, NULL);
    CU_STORE(det_flag, 1);
    return NULL;
}

START_TEST(detach)
{
    for (int k = 0; k < 2; k++) {
        int nvp = k ? several_vps(2) : 1;
        CU_STORE(det_ran, 0);
        CU_STORE(det_flag, 0);
        det_join_r = -1;
        mltp_t *d = mltp_create(det_ult, NULL);
        ck_assert_ptr_nonnull(d);
        ck_assert_int_eq(mltp_detach(d), 0);
        mltp_t *s = mltp_create(det_self, NULL);
        ck_assert_ptr_nonnull(s);
        mltp_t *j = mltp_create(det_joiner, d);
        ck_assert_ptr_nonnull(j);
        for (int i = 0; i < 20; i++) { /* detached ones that just return */
            mltp_t *x = mltp_create(det_self, NULL);
            ck_assert_ptr_nonnull(x);
        }
        mltp_start(nvp);
        cu_assert_ults_ok();
        ck_assert_int_eq(det_join_r, EINVAL); /* joining a detached ULT */
        ck_assert_int_eq(CU_LOAD(det_ran), 22);
        free(j);
    }
}
END_TEST

/* mltp_free: only ended threads; the handle is reused. */
static void *free_noop(void *p) { return p; }

static int free_reuse_ok;
static void *free_in_ult(void *p)
{
    (void)p;
    /* on a VP: the handle goes to this VP's cache, the next create takes it */
    mltp_t *t = mltp_create(free_noop, NULL);
    ULT_CHECK(t != NULL, "mltp_create failed");
    if (!t)
        return NULL;
    ULT_CHECK(mltp_free(t) == EBUSY, "mltp_free of a ULT not yet run");
    ULT_CHECK(mltp_join(t, NULL) == 0, "join failed");
    ULT_CHECK(mltp_free(t) == 0, "mltp_free of an ended ULT");
    mltp_t *t2 = mltp_create(free_noop, (void *)7);
    ULT_CHECK(t2 == t, "handle not reused on the VP (%p, then %p)", (void *)t, (void *)t2);
    void *r = NULL;
    ULT_CHECK(t2 && mltp_join(t2, &r) == 0 && r == (void *)7,
              "reused handle: join gave %p", r);
    /* a detached ULT's handle comes back to the VP when it ends */
    mltp_t *d = mltp_create(free_noop, NULL);
    ULT_CHECK(d && mltp_detach(d) == 0, "detach failed");
    mltp_yield();           /* d runs and ends */
    mltp_t *t3 = mltp_create(free_noop, NULL);
    ULT_CHECK(t3 == d, "detached ULT's handle not reused");
    free_reuse_ok = 1;
    mltp_join(t3, NULL);
    free(t3);               /* a reused handle is still a malloc block */
    mltp_free(t2);
    return NULL;
}

static void bound_noop(void *p) { (void)p; }

START_TEST(free_handle)
{
    ck_assert_int_eq(mltp_free(NULL), 0);
    mltp_t *t = mltp_create(free_noop, (void *)3);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(mltp_free(t), EBUSY);  /* ready, not run */
    ck_assert_int_eq(t->thrid > 0, 1);      /* left alone */
    mltp_t *d = mltp_create(free_noop, NULL);
    ck_assert_int_eq(mltp_detach(d), 0);
    ck_assert_int_eq(mltp_free(d), EINVAL); /* not ended yet: still valid */
    mltp_start(1);
    ck_assert_ptr_eq(t->retval, (void *)3);
    ck_assert_int_eq(mltp_free(t), 0);
    /* outside VPs: the calling thread's own cache */
    mltp_t *t2 = mltp_create(free_noop, NULL);
    ck_assert_ptr_eq(t2, t);
    ck_assert_ptr_null(t2->retval);
    mltp_start(1);
    ck_assert_int_eq(mltp_free(t2), 0);

    mltp_t *m = mltp_create(free_in_ult, NULL);
    mltp_start(1);
    cu_assert_ults_ok();
    ck_assert_int_eq(free_reuse_ok, 1);
    free(m);

    mltp_t *b = mltp_create_bound(bound_noop, NULL, 0, NULL);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(mltp_free(b), EBUSY);  /* not joined */
    mltp_join_bound(*b);
    ck_assert_int_eq(mltp_free(b), 0);
}
END_TEST

static int vpid_bad;
static unsigned vpid_seen;
static void *vpid_ult(void *p)
{
    (void)p;
    for (int k = 0; k < 20; k++) {
        int v = mltp_vp_id();
        int n = mltp_vp_count();
        if (v < 0 || v >= n || n != (int)(intptr_t)p)
            CU_INC(vpid_bad);
        else
            __atomic_or_fetch(&vpid_seen, 1u << v, __ATOMIC_SEQ_CST);
        mltp_yield();
    }
    return NULL;
}

START_TEST(vp_ids)
{
    const int nvps[] = { 1, several_vps(2), several_vps(4) };
    ck_assert_int_eq(mltp_vp_id(), -1);
    for (int r = 0; r < 3; r++) {
        mltp_t *t[8];
        vpid_seen = 0;
        for (int i = 0; i < 8; i++) {
            t[i] = mltp_create(vpid_ult, (void *)(intptr_t)nvps[r]);
            ck_assert_ptr_nonnull(t[i]);
        }
        mltp_start(nvps[r]);
        for (int i = 0; i < 8; i++)
            free(t[i]);
        ck_assert_int_eq(vpid_bad, 0);
        ck_assert_uint_eq(vpid_seen >> nvps[r], 0);
        ck_assert_int_eq(mltp_vp_id(), -1);
        ck_assert_int_eq(mltp_vp_count(), nvps[r]);
    }
}
END_TEST

/* ==================================================================== */

static const struct cu_row ult_tests[] = {
    CU_TCASE("registers", 60),
    CU_TEST(regs_checker_selftest),
    CU_LOOP(regs_preserved_across_switches, 0, (int)(sizeof reg_cfg / sizeof reg_cfg[0])),

    CU_TCASE("fpcontrol", 60),
    CU_LOOP(fp_control_preserved, 0, 2),
    CU_TEST(fp_control_from_creator),
    CU_LOOP(fp_flags_travel, 0, 2),

    CU_TCASE("order", 60),
    CU_TEST(order_round_robin),
    CU_TEST(order_yield_to_first),
    CU_TEST(order_yield_alone),
    CU_TEST(priority_order),
    CU_TEST(priority_fifo_within),
    CU_LOOP(priority_high_beside_barrier, 0, 4),

    CU_TCASE("create", 60),
    CU_TEST(retval_and_abort),
    CU_TEST(unique_thrid),
    CU_LOOP(ids_wrap_live_unique, 0, 2),
    CU_TEST(ids_wrap_pending),
    CU_TEST(private_area),
    CU_TEST(private_set_at_first_run),
    CU_TEST(private_zeroed_on_reuse),
    CU_TEST(repeated_starts),

    CU_TCASE("vcreate", 60),
    CU_TEST(vcreate_forwarding),
    CU_TEST(vcreate_limits),

    CU_TCASE("stacks", 60),
    CU_TEST(stack_sizes),
    CU_TEST(stack_attr_kept_across_default),
    CU_TEST(stack_size_env),
    CU_LOOP(stack_guard_fallback, 0, 2 * (int)(sizeof gf_errs / sizeof gf_errs[0])),
    CU_TEST(stack_guard_error_named),
    CU_TEST(guard_size_attr),
    CU_LOOP(guard_of_ult, 0, 4),
    CU_LOOP(stack_memory_decays, 0, 2),
    CU_LOOP(stack_memory_kept_an_hour, 0, (int)(sizeof dh_env / sizeof dh_env[0])),
    CU_TEST(stack_reserve_ahead),
    CU_TEST(stack_grow_one_at_a_time),
    CU_TEST(stack_guard_budget_returns),
    CU_TEST(stack_caches_after_wide_start),
    CU_TEST(stack_pool_in_forked_child),
    CU_LOOP(stack_min_creates_with_attr, 0, 8),
    CU_TEST(stack_record_failure),

    CU_TCASE("join", 60),
    CU_TEST(join_running_and_finished),
    CU_TEST(join_ebusy),
    CU_TEST(detach),
    CU_TEST(free_handle),
    CU_TEST(vp_ids),
};

int main(void)
{
    return CU_MAIN("ult", ult_tests);
}
