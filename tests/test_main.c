/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * test_main.c - main takes part in the work (mltp_begin, mltp_end), and
 * the SPLASH-style workers built on them (mltp_worker_create and the
 * rest, which get their VP count from MLTP_VPS): each scenario of
 * tests/mainprog runs once under a watchdog, on 1 VP (_i 0) and on 2 (_i
 * 1; MLTP_TEST_VPS when set: tests/test_vps.h) unless the case says
 * otherwise, and leaves no process and no semaphore set behind (pc_end).
 * The table's scenarios number their runs differently: see scenarios[].
 */
#include "proc_cases.h"

#define NVP (_i ? several_vps(2) : 1)
#define MAINPROG pc_prog_path("MAINPROG", "./tests/mainprog")

/* env: "NAME=VALUE" strings added to the program's environment, or NULL */
static void run_env(struct pc_run *r, const char *scen, int nvp,
                    const char *arg, const char *const *env)
{
    struct cu_spawn_opts o = { .env = env };
    pc_begin_ex(r, MAINPROG, scen, nvp, arg, &o);
    for (const char *const *e = env; e && *e; e++)
        snprintf(r->what + strlen(r->what), sizeof r->what - strlen(r->what),
                 " (%s)", *e);
    pc_finish(r, PC_WATCHDOG);
}

static void run(struct pc_run *r, const char *scen, int nvp, const char *arg)
{
    run_env(r, scen, nvp, arg, NULL);
}

/* The workers' scenarios, on nvp VPs as mltp_vps_default() gives them. */
static void run_workers(struct pc_run *r, const char *scen, int nvp,
                        const char *arg)
{
    char vps[32];
    const char *env[] = { vps, NULL };
    snprintf(vps, sizeof vps, "MLTP_VPS=%d", nvp);
    run_env(r, scen, nvp, arg, env);
}

static void err_has(const struct pc_run *r, const char *s)
{
    ck_assert_msg(strstr(r->p->err, s) != NULL, "%s: stderr lacks '%s'", r->what, s);
}

/* Lines of ours on stderr ("mltp: ..."). */
static int our_lines(const struct pc_run *r)
{
    int n = 0;
    for (const char *l = r->p->err; *l;) {
        n += !strncmp(l, "mltp: ", 6);
        l += strcspn(l, "\n");
        l += *l == '\n';
    }
    return n;
}

/* Main's thread, the workers' reaper while main's share runs, sleeps: its
   CPU time is a small part of the wall time (it would be most of it if
   it spun). */
static void main_thread_sleeps(const struct pc_run *r)
{
    const char *w = strstr(r->p->out, "wall-ms="), *c = strstr(r->p->out, "main-cpu-ms=");
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_nonnull(c);
    double wall = atof(w + 8), cpu = atof(c + 12);
    ck_assert_msg(cpu < wall / 4, "%s: main's thread used %.1f ms of CPU in "
                  "%.1f ms: it does not sleep while main's share runs",
                  r->what, cpu, wall);
}

/* "KEY=<the value of errno constant E>", as mainprog prints it */
#define XSTR_(x) #x
#define XSTR(x) XSTR_(x)
#define ERRNO_IS(key, e) key "=" XSTR(e)

/* A mainprog scenario and what it must show. */
struct scenario {
    TTest t;             /* the Check test: its name, scenario_test */
    const char *tcase;
    const char *scen, *arg;
    int workers;         /* run as the workers' scenarios are (run_workers) */
    int one_vp;          /* only on 1 VP (one iteration, _i % 2 == 0) */
    int status, sig;     /* exits with status, or (sig != 0) dies of sig */
    const char *out[10]; /* on stdout */
    const char *not_out; /* not on stdout (NULL: nothing) */
    const char *err[5];  /* on stderr */
    int lines;           /* lines of ours on stderr (-1: not counted) */
    int crasher_named;   /* stderr names the crashing ULT: ULT <id> "main" */
    void (*more)(const struct pc_run *r);
};

static void scenario_test(int _i);
#define SCENARIO(name) { #name, scenario_test, __FILE__, __LINE__ }

/* One loop test runs them all, under the names they had as tests of their
   own (MLTP_TEST_SKIP names them so): _i / 2 is the row, _i % 2 says 1 VP
   (0) or several (1). */
static const struct scenario scenarios[] = {
    /* P workers and main's share cross barriers and take a lock for
       150 ms */
    { SCENARIO(share_16_workers), "share", "share", "16",
      .out = { "share-private=1\n", "share-on-main-thread=0\n", "end=0 errno=0\n",
               "sum-ok=1\n", "back-on-main-thread=1 vp-after=-1\n", "second=0 0\n",
               "done\n" },
      .lines = -1, .more = main_thread_sleeps },
    { SCENARIO(share_2_workers), "share", "share", "2",
      .out = { "share-private=1\n", "share-on-main-thread=0\n", "end=0 errno=0\n",
               "sum-ok=1\n", "back-on-main-thread=1 vp-after=-1\n", "second=0 0\n",
               "done\n" },
      .lines = -1, .more = main_thread_sleeps },
    { SCENARIO(misuse), "share", "errors",
      .out = { ERRNO_IS("end-without-begin=-1 errno", EPERM),
               ERRNO_IS("begin-0=-1 errno", EINVAL),
               ERRNO_IS("begin-too-many=-1 errno", EINVAL),
               ERRNO_IS("begin-twice=-1 errno", EBUSY),
               ERRNO_IS("start-inside errno", EINVAL),
               ERRNO_IS("worker-end=-1 errno", EPERM),
               ERRNO_IS("worker-begin=-1 errno", EBUSY),
               ERRNO_IS("join-main", EINVAL), "end=0\ndone\n" },
      .err = { "mltp: mltp_end() called without mltp_begin()",
               "mltp: mltp_begin(0): the number of VPs",
               "mltp: mltp_begin(): main already takes part",
               "mltp: mltp_end() called by another thread than main's share" },
      .lines = -1 },
    /* A crash in main's share: one line that names it, the signal's
       status. */
    { SCENARIO(segv_in_share), "ends", "segv", .sig = SIGSEGV,
      .err = { "SIGSEGV" }, .lines = 1, .crasher_named = 1 },
    { SCENARIO(exit_in_share), "ends", "exit", .status = 7, .lines = 0 },
    { SCENARIO(return_from_main_in_share), "ends", "return", .status = 5, .lines = 0 },
    { SCENARIO(sigterm_in_share), "ends", "sigterm", .sig = SIGTERM, .lines = 0 },
    { SCENARIO(abort_in_share), "ends", "abort", .sig = SIGABRT,
      .err = { "mltp_abort() called by main's share" }, .lines = -1 },
    /* The others can never end: mltp_end says so and returns EDEADLK. */
    { SCENARIO(deadlock_while_main_ends), "deadlock", "deadlock-end",
      .out = { ERRNO_IS("end=-1 errno", EDEADLK) }, .not_out = "lone waiter released",
      .err = { "deadlock: 1 ULT(s) blocked and none can ever run; mltp_end returns" },
      .lines = 1 },
    /* Main's share itself is blocked with them: the program ends, status
       1. */
    { SCENARIO(deadlock_with_main_blocked), "deadlock", "deadlock-main", .status = 1,
      .not_out = "main released", .err = { "main's share among them" }, .lines = 1 },
    /* No VP can be made: mltp_begin fails on main's thread, which goes
       on; the next mltp_begin works and runs the ULTs made before. */
    { SCENARIO(failed_begin), "deadlock", "failed-begin", .one_vp = 1,
      .out = { ERRNO_IS("failed-begin=-1 errno", EAGAIN), " vp=-1\n",
               "ran second\nbegin=0 vp=0\nend=0\ndone\n" },
      .err = { "mltp: could create only 0 of 1 VPs" }, .lines = -1 },
    /* Only main's thread or main's share may wait: EPERM, with
       mltp_end's message. */
    { SCENARIO(workers_wait_in_worker), "workers", "wait-in-worker", .workers = 1,
      .out = { ERRNO_IS("run=0 worker-wait=-1 errno", EPERM) " main-wait=0\n"
               "after self-null=1 on-main-thread=1\ndone\n" },
      .err = { "mltp: mltp_end() called by another thread than main's share" },
      .lines = 1 },
    { SCENARIO(shared_malloc_ok), "workers", "shared-malloc", "ok", .workers = 1,
      .out = { "run=0 wait=0 bad-words=0\ndone\n" }, .lines = 0 },
};

static void scenario_test(int _i)
{
    const struct scenario *c = &scenarios[_i / 2];
    int nvp = c->one_vp ? 1 : (_i % 2 ? several_vps(2) : 1);
    struct pc_run r;

    if (c->workers)
        run_workers(&r, c->scen, nvp, c->arg);
    else
        run(&r, c->scen, nvp, c->arg);
    if (c->sig)
        pc_assert_died(&r, c->sig);
    else
        pc_assert_exit(&r, c->status);
    for (int k = 0; k < 10 && c->out[k]; k++)
        pc_assert_has(&r, c->out[k]);
    if (c->not_out)
        pc_assert_not(&r, c->not_out);
    if (c->crasher_named) {
        char who[64];
        snprintf(who, sizeof who, "ULT %d \"main\"", pc_crasher_id(r.p));
        err_has(&r, who);
    }
    for (int k = 0; k < 5 && c->err[k]; k++)
        err_has(&r, c->err[k]);
    if (c->lines >= 0)
        ck_assert_int_eq(our_lines(&r), c->lines);
    if (c->more)
        c->more(&r);
    pc_end(&r);
}

/* The scenarios of test case tc, each as a loop test (see scenarios). */
static void add_scenarios(TCase *tc, const char *name)
{
    for (int k = 0; k < (int)(sizeof scenarios / sizeof scenarios[0]); k++)
        if (!strcmp(scenarios[k].tcase, name))
            cu_add_test(tc, &scenarios[k].t, 0, 0, 2 * k,
                        2 * k + (scenarios[k].one_vp ? 1 : 2));
}

/* ==================================================================== */
/* SPLASH-style workers                                                 */

static int cpus_here(void)
{
    cpu_set_t s;
    ck_assert_int_eq(sched_getaffinity(0, sizeof s, &s), 0);
    return CPU_COUNT(&s);
}

/* env NULL: MLTP_VPS unset. vps 0: the CPU count of the mask. msg: lines
   "mltp: ignoring MLTP_VPS=..." wanted on stderr (-1: not checked). */
static const struct {
    const char *env, *arg;
    int vps, msg;
} vps_cfg[] = {
    { "MLTP_VPS=3", NULL, 3, 0 },
    { "MLTP_VPS=1024", NULL, 1024, 0 },
    { NULL, NULL, 0, 0 },
    { NULL, "narrow", 0, 0 },
    { "MLTP_VPS=3", "narrow", 3, 0 },
    { "MLTP_VPS=", NULL, 0, 0 },
    { "MLTP_VPS=0", NULL, 0, 1 },
    { "MLTP_VPS=-2", NULL, 0, 1 },
    { "MLTP_VPS=abc", NULL, 0, 1 },
    { "MLTP_VPS=1025", NULL, 0, 1 },
};

START_TEST(vps_default)
{
    struct pc_run r;
    const char *env[] = { vps_cfg[_i].env, NULL };
    int narrow = vps_cfg[_i].arg != NULL;
    int cpus = narrow ? 1 : cpus_here();
    int want = vps_cfg[_i].vps ? vps_cfg[_i].vps : cpus;
    char s[64], line[512];

    unsetenv("MLTP_VPS");
    run_env(&r, "vps", 1, vps_cfg[_i].arg, env);
    pc_assert_exit(&r, 0);
    snprintf(s, sizeof s, "vps=%d cpus=%d\n", want, cpus);
    pc_assert_has(&r, s);
    int n = pc_mltp_lines(&r, vps_cfg[_i].msg, line, sizeof line);
    snprintf(s, sizeof s, "mltp: ignoring %s", env[0] ? env[0] : "");
    ck_assert_msg(n <= 0 || !strncmp(line, s, strlen(s)), "%s: the message "
                  "does not start '%s': %s", r.what, s, line);
    pc_end(&r);
}
END_TEST

/* A round of p workers went well: ids 0..p-1 once each, main's share as
   worker 0 (p = 1: main's thread, no start), the workers on nvp VPs, main
   alone on its thread after the wait. */
static void assert_round(const struct pc_run *r, const char *round, int p, int nvp)
{
    char s[160];
    snprintf(s, sizeof s, "%s: rc=0 wait=0 calls=%d ids-ok=1\n", round, p);
    pc_assert_has(r, s);
    snprintf(s, sizeof s, "%s: fn-in-main self-null=%d on-main-thread=%d\n",
             round, p == 1, p == 1);
    pc_assert_has(r, s);
    snprintf(s, sizeof s, "%s: vps=%d\n", round, nvp);
    if (p > 1)
        pc_assert_has(r, s);
    snprintf(s, sizeof s, "%s: after self-null=1 on-main-thread=1 vp=-1 id=0\n",
             round);
    pc_assert_has(r, s);
}

/* Three rounds of P workers (two mltp_workers_run, one of P-1
   mltp_worker_create and fn() in main), then a wait with no worker. */
static void workers(int nvp, int p)
{
    struct pc_run r;
    char a[16];

    snprintf(a, sizeof a, "%d", p);
    run_workers(&r, "workers", nvp, a);
    pc_assert_exit(&r, 0);
    assert_round(&r, "run", p, nvp);
    assert_round(&r, "again", p, nvp);
    assert_round(&r, "create", p, nvp);
    pc_assert_has(&r, "wait-again=0\ndone\n");
    ck_assert_int_eq(our_lines(&r), 0);
    pc_end(&r);
}

START_TEST(workers_1) { workers(NVP, 1); }
END_TEST
START_TEST(workers_2) { workers(NVP, 2); }
END_TEST
START_TEST(workers_16) { workers(NVP, 16); }
END_TEST
START_TEST(workers_64) { workers(NVP, 64); }
END_TEST

/* Out of memory part-way through mltp_workers_run: -1 with ENOMEM, fn not
   called in main; every worker made ran once and the wait waited for
   them, leaving main alone on its thread. On 1 VP only: on 2, a worker
   that first runs while memory is short gets no stack, and that ends the
   program (mltp_create(3)), depending on timing. */
START_TEST(workers_run_partial)
{
    const char *env[] = { "MLTP_VPS=1", "ASAN_OPTIONS=allocator_may_return_null=1", NULL };
    struct pc_run r;
    char s[128];

#if defined(__SANITIZE_ADDRESS__)
    /* ASan's allocator reserved its memory up front: the descriptors'
       malloc does not fail under the limit */
    fprintf(stderr, "workers_run_partial: not run under ASan\n");
    return;
#endif
    run_env(&r, "workers-run-partial", 1, NULL, env);
    pc_assert_exit(&r, 0);
    snprintf(s, sizeof s, "run=-1 errno=%d wait=0 main-calls=0 made-all-ran=1 some=1\n"
             "after self-null=1 on-main-thread=1\ndone\n", ENOMEM);
    pc_assert_has(&r, s);
    pc_end(&r);
}
END_TEST

/* No VP can be made: both calls fail as mltp_begin does and fn never
   runs; once the limit is lifted a round works, numbered from 1. */
START_TEST(workers_failed_begin)
{
    struct pc_run r;
    char s[128];
    run_workers(&r, "workers-failed-begin", 1, NULL);
    pc_assert_exit(&r, 0);
    err_has(&r, "mltp: could create only 0 of 1 VPs");
    snprintf(s, sizeof s, "create=-1 errno=%d run=-1 errno=%d calls=0 "
             "self-null=1 wait=0\n", EAGAIN, EAGAIN);
    pc_assert_has(&r, s);
    assert_round(&r, "after", 3, 1);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}
END_TEST

/* No memory: status 1 and one line, whoever asked; the caller never sees
   NULL. ASan's allocator must return NULL, as malloc does. */
START_TEST(shared_malloc_oom)
{
    static const char *how[] = { "huge", "rlimit", "huge-worker" };
    int nvp = several_vps(2);
    char vps[32];
    const char *env[] = { vps, "ASAN_OPTIONS=allocator_may_return_null=1", NULL };
    struct pc_run r;
    char line[512];

    snprintf(vps, sizeof vps, "MLTP_VPS=%d", nvp);
    run_env(&r, "shared-malloc", nvp, how[_i], env);
    pc_assert_exit(&r, 1);
    pc_assert_not(&r, "survived");
    /* a sanitizer's own warnings ("==PID==...") aside */
    int n = cu_count_lines(r.p->err, "", line, sizeof line) -
            cu_count_lines(r.p->err, "==", NULL, 0);
    ck_assert_msg(n == 1 && cu_count_lines(r.p->err, "mltp: out of memory", line,
                                           sizeof line) == 1, "%s: "
                  "%d line(s) on stderr, expected one 'mltp: out of memory...'",
                  r.what, n);
    pc_end(&r);
}
END_TEST

int main(void)
{
    static const char *const tcases[] = { "share", "ends", "deadlock", "workers" };
    Suite *s = suite_create("main");
    TCase *tc = NULL;

    for (size_t i = 0; i < sizeof tcases / sizeof tcases[0]; i++) {
        tc = cu_tcase(s, tcases[i], 30);
        add_scenarios(tc, tcases[i]);
    }
    /* the workers' own tests, in the last test case */
    tcase_add_loop_test(tc, vps_default, 0, (int)(sizeof vps_cfg / sizeof vps_cfg[0]));
    tcase_add_loop_test(tc, workers_1, 0, 2);
    tcase_add_loop_test(tc, workers_2, 0, 2);
    tcase_add_loop_test(tc, workers_16, 0, 2);
    tcase_add_loop_test(tc, workers_64, 0, 2);
    tcase_add_test(tc, workers_run_partial);
    tcase_add_test(tc, workers_failed_begin);
    tcase_add_loop_test(tc, shared_malloc_oom, 0, 3);
    return cu_run_suite(s);
}
