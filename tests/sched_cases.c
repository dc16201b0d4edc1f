/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sched_cases.c - the checks of sched_cases.h, built once into
 * tests/libcheckutil.a.
 */
#include "sched_cases.h"

struct cu_proc *sc_run(struct pc_run *r, const char *prog,
                       const char *scen, int nvp,
                       const char *arg, double watchdog)
{
    pc_begin_ex(r, prog, scen, nvp, arg, NULL);
    pc_finish(r, watchdog);
    return r->p;
}

void sc_run_ok(struct pc_run *r, const char *prog, const char *scen, int nvp,
               const char *arg, double watchdog)
{
    sc_run(r, prog, scen, nvp, arg, watchdog);
    pc_assert_exit(r, 0);
}

long sc_value(const struct pc_run *r, const char *key)
{
    const char *k = strstr(r->p->out, key);
    ck_assert_msg(k != NULL, "%s: no '%s' on stdout: the program did not get "
                  "that far", r->what, key);
    return strtol(k + strlen(key), NULL, 10);
}

void sc_detach_join(int nvp, int bound)
{
    struct pc_run r;
    sc_run(&r, SC_SCHEDPROG, bound ? "detach-join-bound" : "detach-join", nvp,
           NULL, PC_WATCHDOG + 5.0);
    const char *who = bound ? "the bound thread's" : "the ULT's";
    long detach = sc_value(&r, "\ndetach=");
    long joined = sc_value(&r, "\njoined=");
    char join_desc[128];
    if (joined == 1)
        snprintf(join_desc, sizeof join_desc, "returned %ld with v = %#lx",
                 sc_value(&r, "\njoin="),
                 (unsigned long)sc_value(&r, "\nvalue="));
    else
        snprintf(join_desc, sizeof join_desc, "had not returned 1 s after "
                 "the start had ended");
    ck_assert_msg(detach == EINVAL, "%s: mltp_detach(t) while %s mltp_join(t) "
                  "waits returned %ld, expected EINVAL (%d): mltp.h says a "
                  "thread being joined cannot be detached (and the join %s)",
                  r.what, who, detach, EINVAL, join_desc);
    ck_assert_msg(joined == 1, "%s: %s mltp_join(t) had not returned 1 s after "
                  "the start had ended (t ended: %ld)", r.what, who,
                  sc_value(&r, "\nt-ended="));
    long join = sc_value(&r, "\njoin=");
    ck_assert_msg(join == 0, "%s: %s mltp_join(t) returned %ld, expected 0",
                  r.what, who, join);
    long v = sc_value(&r, "\nvalue=");
    ck_assert_msg(v == 0x77, "%s: %s mltp_join(t, &v) gave v = %#lx, expected "
                  "t's value 0x77 (0x99 is what the other ULTs return: t's "
                  "handle was recycled)", r.what, who, (unsigned long)v);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}

int sc_counters_increase(const char *out, char *bad,
                         size_t blen)
{
    long last[64];
    int lines = 0;
    for (int i = 0; i < 64; i++)
        last[i] = -1;
    bad[0] = 0;
    for (const char *l = out; *l;) {
        size_t len = strcspn(l, "\n");
        int id;
        long n;
        if (l[len] == '\n' && l[0] == 'A' &&
            sscanf(l, "A%d %ld", &id, &n) == 2 && id >= 0 && id < 64) {
            lines++;
            if (n <= last[id] && !bad[0])
                snprintf(bad, blen, "ULT A%d printed %ld after %ld (line %d): "
                         "it ran again from an older saved context", id, n,
                         last[id], lines);
            if (n > last[id])
                last[id] = n;
        }
        l += len + (l[len] == '\n');
    }
    return lines;
}

void sc_nostack_yield(int nvp)
{
    struct pc_run r;
    sc_run(&r, SC_SCHEDPROG, "nostack-yield", nvp, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "capped\n");
    char bad[256];
    sc_counters_increase(r.p->out, bad, sizeof bad);
    ck_assert_msg(!bad[0], "%s: %s", r.what, bad);
    char st[96];
    ck_assert_msg(WIFEXITED(r.p->status) && WEXITSTATUS(r.p->status) == 1,
                  "%s: %s, expected exit status 1 (the library's exit for a "
                  "ULT without a stack)", r.what,
                  cu_status_str(r.p->status, st, sizeof st));
    char line[1024];
    int n = cu_count_lines(r.p->err, "mltp: ", line, sizeof line);
    ck_assert_msg(n == 1, "%s: %d line(s) on stderr start with 'mltp: ', "
                  "expected exactly 1 (the stack message)", r.what, n);
    ck_assert_msg(strstr(line, "needs-stack") != NULL, "%s: the message does "
                  "not name the ULT \"needs-stack\": %s", r.what, line);
    pc_assert_not(&r, "needs-stack ran");
    pc_assert_not(&r, "start-returned");
    pc_end(&r);
}

void sc_failed_start(void)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "failed-start", 1, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "ran first\n");
    long e = sc_value(&r, "failed-start errno=");
    ck_assert_msg(e != 0, "%s: mltp_start(1) with VP 0 impossible to clone "
                  "left errno 0", r.what);
    /* (errno is not checked after a start that ran: it may be anything) */
    /* a message about the VP (the janitor may have its own lines) */
    int found = 0;
    for (const char *l = r.p->err; *l && !found;) {
        size_t len = strcspn(l, "\n");
        found = len > 6 && !strncmp(l, "mltp: ", 6) && memmem(l, len, "VP", 2);
        l += len + (l[len] == '\n');
    }
    ck_assert_msg(found, "%s: no 'mltp: ' line about the VP that could not "
                  "be made", r.what);
    long solo = sc_value(&r, "\nsolo=");
    ck_assert_msg(solo == 0, "%s: after the failed start the run queue's solo "
                  "flag is %ld, expected 0: bound threads would use the run "
                  "queue without its lock", r.what, solo);
    const char *f = strstr(r.p->out, "failed-start errno=");
    const char *second = strstr(r.p->out, "ran second\n");
    ck_assert_msg(second != NULL && second > f, "%s: the ULT made before the "
                  "failed start did not run in the next start", r.what);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}

void sc_barrier_extra(void)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "barrier-extra", 1, NULL, PC_WATCHDOG);
    long c = sc_value(&r, "C rc=");
    ck_assert_msg(c == EINVAL, "%s: C, a third arrival with count 2 where 2 "
                  "already wait (for 3), got %ld, expected EINVAL (%d)", r.what,
                  c, EINVAL);
    const char *cl = strstr(r.p->out, "C rc=");
    long ep = -1, ca = -1, cb = -1;
    if (cl)
        sscanf(cl, "C rc=%*d episode=%ld a-released=%ld b-released=%ld", &ep,
               &ca, &cb);
    ck_assert_msg(ep == 0 && ca == 0 && cb == 0, "%s: the party too many "
                  "released the episode: when C returned, episode = %ld, A "
                  "released %ld, B released %ld; expected 0, 0, 0", r.what,
                  ep, ca, cb);
    long dc = -1, da = -1, db = -1;
    const char *dl = strstr(r.p->out, "D saw-c-returned=");
    if (dl)
        sscanf(dl, "D saw-c-returned=%ld a-released=%ld b-released=%ld", &dc,
               &da, &db);
    ck_assert_msg(dc == 1 && da == 0 && db == 0, "%s: when D arrived: C "
                  "returned %ld (expected 1: C must not wait), A released %ld, "
                  "B released %ld (expected 0)", r.what, dc, da, db);
    long se = sc_value(&r, "start-errno=");
    ck_assert_msg(se != EDEADLK, "%s: mltp_start found the ULTs deadlocked: "
                  "D's arrival did not complete the episode of A and B",
                  r.what);
    long a = sc_value(&r, "\nA rc="), b = sc_value(&r, "\nB rc="),
         d = sc_value(&r, "\nD rc=");
    ck_assert_msg(a == 0 && b == 0 && d == 0, "%s: A, B, D returned %ld, %ld, "
                  "%ld; expected 0, 0, 0", r.what, a, b, d);
    long epi = sc_value(&r, "\nepisode=");
    ck_assert_msg(epi == 1, "%s: the barrier completed %ld episode(s), "
                  "expected 1", r.what, epi);
    char line[1024];
    int n = cu_count_lines(r.p->err, "mltp: ", line, sizeof line);
    ck_assert_msg(n == 1 && strstr(line, "barrier"), "%s: %d 'mltp: ' "
                  "line(s) on stderr (first: '%s'), expected one about the "
                  "barrier", r.what, n, line);
    pc_end(&r);
}

void sc_barrier_race(int nvp, long episodes, double watchdog)
{
    struct pc_run r;
    char a[32];
    snprintf(a, sizeof a, "%ld", episodes);
    sc_run_ok(&r, SC_SCHEDPROG, "barrier-race", nvp, a, watchdog);
    long ok = sc_value(&r, "\nok="), ep = sc_value(&r, "\nepisode="),
         other = sc_value(&r, "\nother="), over = sc_value(&r, "\nover=");
    ck_assert_msg(other == 0, "%s: mltp_barrier returned something other "
                  "than 0 or EINVAL %ld time(s)", r.what, other);
    ck_assert_msg(over == 0, "%s: %ld episode(s) released 3 parties (the "
                  "first: episode %ld)", r.what, over,
                  sc_value(&r, "\nfirst-over="));
    ck_assert_msg(ok == 2 * ep, "%s: %ld successful returns for %ld completed "
                  "episodes: every episode of a barrier of count 2 releases "
                  "exactly 2 parties (expected %ld)", r.what, ok, ep, 2 * ep);
    long se = sc_value(&r, "start-errno=");
    long closer = sc_value(&r, "\ncloser=");
    ck_assert_msg(se != EDEADLK, "%s: mltp_start found the ULTs deadlocked "
                  "(an arrival lost?)%s", r.what, closer == -1 ? "" :
                  " (or: the last party's closing arrival, after all others "
                  "had left, found nobody waiting: a VP stalled for 300 ms?)");
    ck_assert_msg(ok >= 2 * episodes, "%s: only %ld successful returns",
                  r.what, ok);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}

void sc_barrier_lagging(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "barrier-lagging", nvp, "256", PC_WATCHDOG + 5.0);
    ck_assert_msg(sc_value(&r, "\nstopped=") == 1, "%s: the bound thread was "
                  "not seen stopped (/proc/TID/stat) within 5 s of SIGSTOP",
                  r.what);
    long in_time = sc_value(&r, "\nin-time="), ep = sc_value(&r, "\nepisode=");
    ck_assert_msg(in_time == 1, "%s: a bound thread stopped while it waited "
                  "in episode 0 did not return within 2 s of being resumed "
                  "after episode %ld had ended (it returned only after one "
                  "episode more: %s)", r.what, ep - 1,
                  ep == 257 ? "yes" : "no");
    ck_assert_msg(sc_value(&r, "\nw-rc=") == 0, "%s: its mltp_barrier "
                  "returned %ld", r.what, sc_value(&r, "\nw-rc="));
    ck_assert_msg(ep == 256, "%s: %ld episodes, expected 256", r.what, ep);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}

void sc_no_syscall_under_lock(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_NOLOCKSYS, "check", nvp, NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    long b = sc_value(&r, "\nb-records=");
    if (b)
        fprintf(stderr, "%s: the release of a MLTP_LOCK_SEMAPHORE lock in "
                "mltp_cond_wait_lock posted its semaphore under the run-queue "
                "lock %ld time(s): recorded only (allowed where a library "
                "comment says why it is bounded), not a failure\n", r.what, b);
    long posts = sc_value(&r, "start1-posts=");
    ck_assert_msg(posts > 0, "%s: start 1 posted no semaphore: no VP was "
                  "woken through semop, so the check saw nothing (do VPs "
                  "still park on a SysV semaphore? then update this test)",
                  r.what);
    long a = sc_value(&r, "\na-violations=");
    char first[512];
    cu_count_lines(r.p->out, "VIOLATION", first, sizeof first);
    ck_assert_msg(a == 0, "%s: %ld semaphore post(s) made while the posting "
                  "VP held the run-queue spin lock (first: %s)", r.what, a,
                  first);
    pc_end(&r);
}

void sc_lock_yield(int nvp, const char *cls)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "lock-yield", nvp, cls, PC_WATCHDOG);
    long fin = sc_value(&r, "\nfinished="), cs = sc_value(&r, "\ncs="),
         bad = sc_value(&r, "\nbad=");
    ck_assert_msg(fin == 3, "%s: %ld of 3 ULTs finished", r.what, fin);
    ck_assert_msg(cs == 401, "%s: %ld critical sections, expected 401", r.what,
                  cs);
    ck_assert_msg(bad == 0, "%s: mutual exclusion broken %ld time(s)", r.what,
                  bad);
    pc_end(&r);
}

void sc_steal(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "steal", nvp, NULL, PC_WATCHDOG + 10.0);
    long ran = sc_value(&r, "\nran="), elsewhere = sc_value(&r, "\nelsewhere="),
         first = sc_value(&r, "\nfirst="), in_order = sc_value(&r, "\nin_order=");
    ck_assert_msg(ran == 8, "%s: %ld of 8 ULTs ran while their creator's VP was "
                  "busy: the idle VPs did not steal them", r.what, ran);
    ck_assert_msg(elsewhere == 8, "%s: %ld of 8 ran on another VP than their "
                  "creator's", r.what, elsewhere);
    /* One thief (2 VPs): its one victim is the creator's queue, so it runs
       them in the order made, the oldest first. With more, a thief may
       also steal from another thief's queue, whose ULTs can be older than
       some it ran already: the order holds per queue (mltp(3)), not per
       VP, and no other order is promised. */
    ck_assert_msg(nvp > 2 || in_order == 1, "%s: a VP ran stolen ULTs out of the "
                  "order they were made in", r.what);
    ck_assert_msg(nvp > 2 || first == 0, "%s: ULT %ld ran first, not the oldest (0)",
                  r.what, first);
    pc_end(&r);
}

void sc_steal_churn(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "steal-churn", nvp, NULL, PC_WATCHDOG + 10.0);
    pc_assert_has(&r, "done\n");
    long children = sc_value(&r, "children="), once = sc_value(&r, "\nonce="),
         missing = sc_value(&r, "\nmissing="), twice = sc_value(&r, "\ntwice="),
         stolen = sc_value(&r, "\nstolen="), leftover = sc_value(&r, "\nleftover=");
    ck_assert_msg(children == nvp * 25 * 400, "%s: %ld children made", r.what, children);
    ck_assert_msg(missing == 0, "%s: %ld of %ld children never ran", r.what, missing,
                  children);
    ck_assert_msg(twice == 0, "%s: a child ran twice (%ld times)", r.what, twice);
    ck_assert_msg(once == children, "%s: %ld of %ld children ran once", r.what, once,
                  children);
    ck_assert_msg(stolen > 0, "%s: no child ran on another VP than its creator's",
                  r.what);
    ck_assert_msg(leftover == 0, "%s: the run queues' counts and bitmaps are off by "
                  "%ld once every ULT has ended", r.what, leftover);
    pc_end(&r);
}

/* The last "stats: ..." line of stderr that starts with prefix: the
   number right after it (and the line's rest in *rest). */
static long stat_after(const struct pc_run *r, const char *prefix, const char **rest)
{
    const char *k = NULL, *p = r->p->err;

    while ((p = strstr(p, prefix)) != NULL)
        k = p++;
    ck_assert_msg(k != NULL, "%s: no '%s' on stderr (MLTP_STATS=1)", r->what, prefix);
    k += strlen(prefix);
    if (rest)
        *rest = k;
    return strtol(k, NULL, 10);
}

void sc_moves(int nvp)
{
    /* no spin: a barrier's waiter blocks at once, so each call the ULTs
       watch switches at most once (one that yields to its VP's other
       ULTs may run on another VP between two yields, which no caller
       sees) */
    static const char *const env[] = { "MLTP_STATS=1", "MLTP_SPIN_US=0", NULL };
    struct cu_spawn_opts o = { .env = env };
    struct pc_run r;

    pc_begin_ex(&r, SC_SCHEDPROG, "moves", nvp, NULL, &o);
    pc_finish(&r, PC_WATCHDOG + 20.0);
    pc_assert_exit(&r, 0);
    long counted = sc_value(&r, "counted=");
    /* "stats: N runs of a ULT on another VP than its last" */
    const char *rest;
    long total = stat_after(&r, "stats: ", &rest);
    (void)rest;
    ck_assert_msg(total == counted, "%s: MLTP_STATS says %ld runs on another VP than "
                  "the last, the ULTs counted %ld", r.what, total, counted);
    ck_assert_msg(nvp == 1 || counted > 0, "%s: no ULT ever went on on another VP: "
                  "the check compared nothing", r.what);
    pc_end(&r);
}

void sc_lock_home(int affinity)
{
    static const char *const env_on[] = { "MLTP_STATS=1", NULL };
    static const char *const env_off[] = { "MLTP_STATS=1", "MLTP_AFFINITY=0", NULL };
    struct cu_spawn_opts o = { .env = affinity ? env_on : env_off };
    struct pc_run r;
    char prefix[32];
    const char *rest;

    pc_begin_ex(&r, SC_SCHEDPROG, "lock-home", 2, NULL, &o);
    pc_finish(&r, PC_WATCHDOG + 20.0);
    pc_assert_exit(&r, 0);
    long h = sc_value(&r, "\nh_vp="), before = sc_value(&r, "\nw_before="),
         after = sc_value(&r, "\nw_after=");
    ck_assert_msg(before >= 0 && h >= 0 && before != h, "%s: H and W never ran on "
                  "two VPs (%ld tries)", r.what, sc_value(&r, "\ntries="));
    /* H's VP, in the last start's statistics: "VP i: ..., M ULTs moved
       to another VP": W queued there, away from W's VP */
    snprintf(prefix, sizeof prefix, "stats: VP %ld: ", h);
    stat_after(&r, prefix, &rest);
    const char *s = strstr(rest, " ULTs moved");
    ck_assert_ptr_nonnull(s);
    while (s > rest && ((s[-1] >= '0' && s[-1] <= '9') || s[-1] == '-'))
        s--;
    long moved = strtol(s, NULL, 10);
    if (affinity && sc_value(&r, "\ncpus=") < 2) {
        /* 2 VPs on one CPU: W's VP, posted, may not get the CPU before
           H's VP steals W back, or W may never have left (then H's VP
           counted a move, and W's VP the move back): the start's total
           says whether W ran away from its VP */
        long total = stat_after(&r, "stats: ", NULL);
        ck_assert_msg(after == before ? total == 0 : total > 0, "%s: W went on on VP %ld "
                      "(its own: %ld), and the start counted %ld run(s) on another VP "
                      "(H's VP: %ld ULT(s) moved away)", r.what, after, before, total,
                      moved);
    } else if (affinity) {
        ck_assert_msg(after == before, "%s: W went on on VP %ld, not on its own idle "
                      "VP %ld", r.what, after, before);
        ck_assert_msg(moved == 0, "%s: H's VP queued %ld ULT(s) away from their VP: W "
                      "was not queued on its own", r.what, moved);
    } else {
        ck_assert_msg(moved > 0 || after != before, "%s: W was queued on its own VP, "
                      "with MLTP_AFFINITY=0", r.what);
    }
    pc_end(&r);
}

void sc_barrier_syscall(int nvp)
{
    struct pc_run r;
    /* Y stolen before X waits (X's VP then idle) is no stranding: again.
       A loaded machine (make -j2 check-environments, an emulator) can
       steal it every time: then the case says so and checks only that
       the program ended well (each run did, or the loop stopped). */
    int set_up = 0;
    for (int tries = 1;; tries++) {
        sc_run(&r, SC_SCHEDPROG, "barrier-syscall", nvp, NULL, PC_WATCHDOG + 5.0);
        if (!strstr(r.p->out, "\ndone\n"))
            break;
        set_up = sc_value(&r, "\nx-vp=") == sc_value(&r, "\ny-vp=");
        /* X late with no late wake seen waited for a CPU (make -j2 check
           beside the OpenMP suites): again; a late wake fails at once */
        int slow = set_up && sc_value(&r, "\nlate=") == 0 &&
                   sc_value(&r, "\nlag-ms=") >= 10;
        if ((set_up && !slow) || tries == 20)
            break;
        pc_end(&r);
    }
    if (!set_up && strstr(r.p->out, "\ndone\n"))
        fprintf(stderr, "%s: Y was stolen from X's VP in 20 runs of 20: X's VP never "
                "stayed in the kernel, so this case checked only that they ended\n",
                r.what);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "\nread=") == 1, "%s: Y's read of the pipe returned "
                  "%ld, expected 1: X did not write after the barrier", r.what,
                  sc_value(&r, "\nread="));
    ck_assert_msg(sc_value(&r, "start-errno=") == 0, "%s: mltp_start set errno "
                  "%ld", r.what, sc_value(&r, "start-errno="));
    if (set_up) {
        /* the release itself gets X run, at once: the watchdog saw no
           late wake, and X wrote within 10 ms of the release */
        ck_assert_msg(sc_value(&r, "\nlate=") == 0 && sc_value(&r, "\nlag-ms=") < 10,
                      "%s: X ran %ld ms after the release (%ld late wakes): the "
                      "release woke nobody for a waiter on a VP busy in the kernel",
                      r.what, sc_value(&r, "\nlag-ms="), sc_value(&r, "\nlate="));
    }
    pc_end(&r);
}

/* What every barrier-restart run must show: the first start in a
   deadlock, the second releasing all 8 parties. */
static void assert_restarted(struct pc_run *r)
{
    pc_assert_exit(r, 0);
    pc_assert_has(r, "done\n");
    ck_assert_msg(sc_value(r, "first-errno=") == EDEADLK, "%s: the first start "
                  "(6 of 8 parties) set errno %ld, expected EDEADLK", r->what,
                  sc_value(r, "first-errno="));
    ck_assert_msg(sc_value(r, "\nsecond-errno=") == 0 &&
                  sc_value(r, "\npassed=") == 8, "%s: the second start, with "
                  "all 8 parties, set errno %ld and released %ld of them",
                  r->what, sc_value(r, "\nsecond-errno="), sc_value(r, "\npassed="));
}

void sc_barrier_restart(int nvp, const char *first)
{
    struct pc_run r;
    sc_run(&r, SC_SCHEDPROG, "barrier-restart", nvp, first, PC_WATCHDOG + 5.0);
    assert_restarted(&r);
    pc_end(&r);
}

void sc_yield_syscall(int nvp, int runs)
{
    for (int i = 0; i < runs; i++) {
        struct pc_run r;
        sc_run_ok(&r, SC_SCHEDPROG, "yield-syscall", nvp, NULL, PC_WATCHDOG + 5.0);
        pc_assert_has(&r, "done\n");
        ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\nwoken=") == 3,
                      "%s: run %d: errno %ld, %ld of 3 waiters woke", r.what, i,
                      sc_value(&r, "start-errno="), sc_value(&r, "\nwoken="));
        pc_end(&r);
    }
}

/* The number after `key` on stdout, as a double; fails if missing. */
static double sc_ms(const struct pc_run *r, const char *key)
{
    const char *k = strstr(r->p->out, key);
    ck_assert_msg(k != NULL, "%s: no '%s' on stdout: the program did not get "
                  "that far", r->what, key);
    return strtod(k + strlen(key), NULL);
}

void sc_barrier_last_spinner(int nvp, const char *other)
{
    struct pc_run r;
    /* late rounds with a VP runnable waited for a CPU: more than one in
       ten (a loaded machine) runs the ten again; a lost one fails at once */
    for (int tries = 1;; tries++) {
        sc_run(&r, SC_SCHEDPROG, "barrier-last-spinner", nvp, other, PC_WATCHDOG + 5.0);
        if (!strstr(r.p->out, "\nlost=") || sc_value(&r, "\nlost=") != 0 ||
            sc_value(&r, "\nlate=") <= 1 || tries == 3)
            break;
        pc_end(&r);
    }
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "\ndone\n");
    long set_up = sc_value(&r, "\nset-up=");
    /* Y stolen before X waited in every round: nothing was checked */
    ck_assert_msg(set_up > 0, "%s: Y never ran on X's VP (10 rounds): the case set "
                  "nothing up", r.what);
    double max = sc_ms(&r, "\nmax-lag-ms=");
    long late = sc_value(&r, "\nlate="), lost = sc_value(&r, "\nlost=");
    /* a late X with every VP asleep was lost; with a VP runnable it may
       have waited for a CPU (make -j2 check on 2 CPUs): one such round
       in ten is the machine's, not ours */
    ck_assert_msg(lost == 0 && late <= 1, "%s: %ld of %ld releases ran X %.0f ms or more "
                  "late (the latest %.1f ms; %ld with every VP asleep), released while "
                  "a wake-up for other work was in flight: the VP woken for that work "
                  "never took X", r.what, late, set_up, SC_LAG_MS, max, lost);
    pc_end(&r);
}

void sc_barrier_restart_vp0_free(int nvp, const char *first)
{
    struct pc_run r;
    /* a party on VP 0 (the ULT that keeps it in the kernel was stolen)
       is the other scenario's set-up: again */
    for (int tries = 1;; tries++) {
        sc_run(&r, SC_SCHEDPROG, "barrier-restart-vp0-free", nvp, first,
               PC_WATCHDOG + 5.0);
        /* and a late last party (a hang fails at once) is tried again:
           on a loaded machine its VP may wait for a CPU */
        if ((sc_value(&r, "first-vp0-waiters=") == 0 &&
             (!strstr(r.p->out, "\nlag-ms=") || sc_ms(&r, "\nlag-ms=") < SC_LAG_MS)) ||
            tries == 10)
            break;
        pc_end(&r);
    }
    ck_assert_msg(sc_value(&r, "first-vp0-waiters=") == 0, "%s: VP 0 had a waiter "
                  "of the first start in 10 runs of 10", r.what);
    assert_restarted(&r);
    double lag = sc_ms(&r, "\nlag-ms=");
    ck_assert_msg(lag < SC_LAG_MS, "%s: the last party ran %.1f ms after the last "
                  "arrival (expected under %.0f)", r.what, lag, SC_LAG_MS);
    pc_end(&r);
}

void sc_bound_end_deadlock(int nvp)
{
    struct pc_run r;
    /* a hang is a failure at once; a late return is tried again (the
       VPs' wake-ups may wait for a CPU on a loaded machine) */
    for (int tries = 1;; tries++) {
        sc_run(&r, SC_SCHEDPROG, "bound-end-deadlock", nvp, NULL, PC_WATCHDOG);
        if (!strstr(r.p->out, "\nlag-ms=") || sc_ms(&r, "\nlag-ms=") < SC_LAG_MS ||
            tries == 3)
            break;
        pc_end(&r);
    }
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "done\n");
    pc_assert_not(&r, "a party was released");
    ck_assert_msg(sc_value(&r, "start-errno=") == EDEADLK, "%s: mltp_start set "
                  "errno %ld, expected EDEADLK", r.what, sc_value(&r, "start-errno="));
    double lag = sc_ms(&r, "\nlag-ms=");
    ck_assert_msg(lag < SC_LAG_MS, "%s: mltp_start returned %.1f ms after the last "
                  "bound thread ended (expected under %.0f)", r.what, lag, SC_LAG_MS);
    pc_end(&r);
}

void sc_barrier_spin_busy(int nvp, int secs)
{
    struct pc_run r;
    char a[16];
    snprintf(a, sizeof a, "%d", secs);
    sc_run_ok(&r, SC_SCHEDPROG, "barrier-spin-busy", nvp, a, PC_WATCHDOG + 5.0 + secs);
    pc_assert_has(&r, "\ndone\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0, "%s: mltp_start set errno %ld",
                  r.what, sc_value(&r, "start-errno="));
    long set_up = sc_value(&r, "\nset-up=");
    ck_assert_msg(set_up > 0, "%s: Z never ran on X's VP (%ld rounds): the case set "
                  "nothing up", r.what, sc_value(&r, "rounds="));
    /* a slow round whose VPs all slept is a lost release; one where a VP
       was runnable waited for a CPU (a loaded machine) */
    long lost = sc_value(&r, "\nlost=");
    ck_assert_msg(lost == 0, "%s: X was released, and %.0f ms later it had not run "
                  "while every VP slept (round %ld; %ld rounds set up): X's VP went "
                  "busy as the release came, and nobody took X", r.what, SC_LAG_MS,
                  sc_value(&r, "rounds=") - 1, set_up);
    long slow = sc_value(&r, "\nslow=");
    if (slow)
        fprintf(stderr, "%s: %ld round(s) of %ld ran X %.0f ms or more late (at most "
                "%.1f ms) with a VP runnable: the machine is loaded, not counted\n",
                r.what, slow, sc_value(&r, "rounds="), SC_LAG_MS,
                sc_ms(&r, "\nmax-lag-ms="));
    pc_end(&r);
}

void sc_barrier_steal_busy(void)
{
    struct pc_run r;
    /* not set up (both first ULTs on one VP, or VP 0 not parked within
       the pause): again; a late X with no late wake seen waited for a
       CPU: again, as in the other lag cases; a late wake fails at once */
    for (int tries = 1;; tries++) {
        sc_run(&r, SC_SCHEDPROG, "barrier-steal-busy", 2, NULL, PC_WATCHDOG + 5.0);
        if (!strstr(r.p->out, "\ndone\n"))
            break;
        int set_up = sc_value(&r, "set-up=") == 1 && sc_value(&r, "\nin-pause=") == 1;
        if ((set_up && (sc_value(&r, "\nlate=") != 0 || sc_ms(&r, "\nlag-ms=") < SC_LAG_MS)) ||
            tries == 10)
            break;
        pc_end(&r);
    }
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "\ndone\n");
    ck_assert_msg(sc_value(&r, "set-up=") == 1 && sc_value(&r, "\nin-pause=") == 1,
                  "%s: not set up in 10 runs (the release never came while X's VP, "
                  "having stolen Z, paused with VP 0 parked)", r.what);
    ck_assert_msg(sc_value(&r, "\nlate=") == 0 && sc_ms(&r, "\nlag-ms=") < SC_LAG_MS,
                  "%s: X ran %.1f ms after its release (%ld late wakes), released while "
                  "its idle VP had stolen Z and was about to go busy with it: nobody "
                  "took X while Z held that VP", r.what, sc_ms(&r, "\nlag-ms="),
                  sc_value(&r, "\nlate="));
    pc_end(&r);
}

/* ==================================================================== */
/* Sleeps that hold no VP                                               */

void sc_sleepers(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "sleepers", nvp, "1000", PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0, "%s: the start ended with errno %ld",
                  r.what, sc_value(&r, "start-errno="));
    ck_assert_msg(sc_ms(&r, "\nmin-slept-ms=") >= 100.0, "%s: a sleeper woke after %.1f ms "
                  "of its 100", r.what, sc_ms(&r, "\nmin-slept-ms="));
    ck_assert_msg(sc_ms(&r, "\nelapsed-ms=") < 1000.0, "%s: 1,000 sleeps of 100 ms took "
                  "%.0f ms", r.what, sc_ms(&r, "\nelapsed-ms="));
    pc_end(&r);
}

void sc_sleep_kinds(int nvp)
{
    static const char *const kinds[] = {
        "nanosleep", "clock_nanosleep-monotonic", "clock_nanosleep-realtime",
        "clock_nanosleep-boottime", "clock_nanosleep-abs-monotonic",
        "clock_nanosleep-abs-realtime", "usleep"
    };
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-kinds", nvp, NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char key[96];
        snprintf(key, sizeof key, "kind=%s r=0 errno-kept=1 slept-ms=", kinds[i]);
        const char *k = strstr(r.p->out, key);
        ck_assert_msg(k != NULL, "%s: %s did not return 0 with errno kept", r.what, kinds[i]);
        double ms = strtod(k + strlen(key), NULL);
        ck_assert_msg(ms >= 20.0, "%s: %s slept %.1f ms of 20", r.what, kinds[i], ms);
        const char *o = strstr(k, "others-ran=");
        ck_assert_msg(o && strtol(o + 11, NULL, 10) > 0, "%s: no other ULT ran during %s",
                      r.what, kinds[i]);
    }
    ck_assert_msg(sc_value(&r, "\nerrors-same=") == 1, "%s: a bad argument gave another "
                  "result than glibc's", r.what);
    pc_end(&r);
}

void sc_sleep_eintr(int nvp, int restart)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-eintr", nvp, restart ? "restart" : "norestart",
              PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    pc_assert_has(&r, "nanosleep r=-1 errno=4 rem-ms=");
    double rem = sc_ms(&r, "nanosleep r=-1 errno=4 rem-ms=");
    ck_assert_msg(rem > 500 && rem < 1000, "%s: nanosleep left %.0f ms of 1,000 when "
                  "interrupted 50 ms in", r.what, rem);
    pc_assert_has(&r, "clock_nanosleep r=4 rem-ms=");
    pc_assert_has(&r, "clock_nanosleep-abs r=4 rem-untouched=1\n");
    pc_assert_has(&r, "usleep r=-1 errno=4\n");
    pc_assert_has(&r, "sleep r=1\n");
    ck_assert_msg(sc_value(&r, "\nhandled=") == 5, "%s: %ld of 5 signals handled", r.what,
                  sc_value(&r, "\nhandled="));
    pc_end(&r);
}

/* No more VPs than CPUs (the caller's choice): a run late on a loaded
   machine (check-repeat: 3 of 20 on 4 VPs and 2 CPUs, 24-38 ms) is run
   again, up to 3 times; a hang (no VP fires the timer while none goes
   idle) fails at once. */
void sc_sleep_busy(int nvp)
{
    double late = 0;

    for (int tries = 1; tries <= 3; tries++) {
        struct pc_run r;
        sc_run_ok(&r, SC_SCHEDPROG, "sleep-busy", nvp, NULL, PC_WATCHDOG + 5.0);
        pc_assert_has(&r, "done\n");
        late = sc_ms(&r, "\nlate-ms=");
        pc_end(&r);
        if (late < 10.0)
            return;
    }
    ck_abort_msg("sleep-busy %d: the sleeper woke %.1f ms late in 3 runs of 3", nvp, late);
}

void sc_sleep_direct(void)
{
    struct pc_run r;
    double ult, direct;
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-two", 1, NULL, PC_WATCHDOG + 5.0);
    ult = sc_ms(&r, "\nelapsed-ms=");
    pc_end(&r);
    setenv("MLTP_SYSCALLS", "direct", 1);
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-two", 1, NULL, PC_WATCHDOG + 5.0);
    unsetenv("MLTP_SYSCALLS");
    direct = sc_ms(&r, "\nelapsed-ms=");
    pc_end(&r);
    ck_assert_msg(ult < 100.0 && direct >= 100.0, "two 50 ms sleeps on one VP: %.1f ms as "
                  "ULTs, %.1f ms with MLTP_SYSCALLS=direct", ult, direct);
    /* mltp_sleep_ns waits as a ULT all the same */
    setenv("MLTP_SYSCALLS", "direct", 1);
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-two", 1, "mltp", PC_WATCHDOG + 5.0);
    unsetenv("MLTP_SYSCALLS");
    pc_assert_has(&r, "outside r=0 slept=1\neinval=1\n");
    ck_assert_msg(sc_ms(&r, "\nelapsed-ms=") < 100.0 && sc_ms(&r, "\nmin-slept-ms=") >= 50.0,
                  "two 50 ms mltp_sleep_ns on one VP with MLTP_SYSCALLS=direct: %.1f ms, the "
                  "shorter %.1f ms", sc_ms(&r, "\nelapsed-ms="), sc_ms(&r, "\nmin-slept-ms="));
    pc_end(&r);
}

void sc_sleep_deadlock(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-deadlock", nvp, NULL, PC_WATCHDOG + 5.0);
    ck_assert_msg(sc_value(&r, "start-errno=") == EDEADLK, "%s: the start ended with errno "
                  "%ld, not EDEADLK", r.what, sc_value(&r, "start-errno="));
    pc_end(&r);
}

void sc_sleep_semlock(int nvp, int marked)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "sleep-semlock", nvp, marked ? "syscall" : NULL,
              PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\ntaken=") == nvp + 1,
                  "%s: errno %ld, %ld of %d took the lock", r.what,
                  sc_value(&r, "start-errno="), sc_value(&r, "\ntaken="), nvp + 1);
    pc_end(&r);
}

/* ==================================================================== */
/* Descriptors that wait as ULTs                                        */

void sc_pipe_ult(int nvp, int fifo)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "pipe-ult", nvp, fifo ? "fifo" : NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\ngot=") == 5,
                  "%s: errno %ld, the reader got %ld of 5 bytes", r.what,
                  sc_value(&r, "start-errno="), sc_value(&r, "\ngot="));
    ck_assert_msg(sc_value(&r, "\nbig-written=") == 1L << 20 &&
                  sc_value(&r, "\nbig-read=") == 1L << 20,
                  "%s: a 1 MiB blocking write returned %ld, the reader read %ld", r.what,
                  sc_value(&r, "\nbig-written="), sc_value(&r, "\nbig-read="));
    pc_end(&r);
}

static const char *const poll_kinds[] = { "poll", "ppoll", "select", "pselect" };

void sc_poll_wait(int nvp, int kind)
{
    struct pc_run r;
    const char *k = poll_kinds[kind];
    int sel = kind >= 2;
    sc_run_ok(&r, SC_SCHEDPROG, "poll-wait", nvp, k, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\nready-r=") == 1 &&
                  sc_value(&r, "\nready-b=") == 1 && sc_value(&r, "\nready-a=") == 0,
                  "%s: %s returned %ld, A %ld, B %ld: not B alone, written by a later ULT",
                  r.what, k, sc_value(&r, "\nready-r="), sc_value(&r, "\nready-a="),
                  sc_value(&r, "\nready-b="));
    ck_assert_msg(sc_value(&r, "\ntimeout-r=") == 0 && sc_value(&r, "\ntimeout-ms=") >= 60,
                  "%s: %s of 60 ms on a pipe nobody writes returned %ld after %ld ms", r.what,
                  k, sc_value(&r, "\ntimeout-r="), sc_value(&r, "\ntimeout-ms="));
    ck_assert_msg(sc_value(&r, "\nran-during=") == 1, "%s: no other ULT ran during the "
                  "%s's timeout: it held its VP", r.what, k);
    if (sel)
        ck_assert_msg(sc_value(&r, "\nclosed-r=") == -1 && sc_value(&r, "\nclosed-errno=") == EBADF,
                      "%s: %s on a descriptor closed meanwhile returned %ld, errno %ld, not "
                      "EBADF", r.what, k, sc_value(&r, "\nclosed-r="), sc_value(&r, "\nclosed-errno="));
    else
        ck_assert_msg(sc_value(&r, "\nclosed-r=") == 1 && sc_value(&r, "\nnval=") == 1,
                      "%s: %s on a descriptor closed meanwhile returned %ld, POLLNVAL %ld",
                      r.what, k, sc_value(&r, "\nclosed-r="), sc_value(&r, "\nnval="));
    pc_end(&r);
}

void sc_poll_eintr(int kind)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "poll-eintr", 1, poll_kinds[kind], PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "\nr=") == -1 && sc_value(&r, "\nerrno=") == EINTR &&
                  sc_value(&r, "\nhandled=") == 1,
                  "%s: %s returned %ld, errno %ld, handler ran %ld times: not EINTR (never "
                  "restarted)", r.what, poll_kinds[kind], sc_value(&r, "\nr="),
                  sc_value(&r, "\nerrno="), sc_value(&r, "\nhandled="));
    pc_end(&r);
}

void sc_fortified(int nvp)
{
    struct pc_run r;
    static const char *const calls[] = { "read", "recv", "recvfrom", "poll", "ppoll" };
    sc_run_ok(&r, SC_SCHEDPROG, "fortified", nvp, NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0, "%s: start errno %ld", r.what,
                  sc_value(&r, "start-errno="));
    for (int i = 0; i < 5; i++) {
        char key[24];
        snprintf(key, sizeof key, "\n%s=", calls[i]);
        ck_assert_msg(sc_value(&r, key) == 3, "%s: the fortified %s got %ld of 3 bytes",
                      r.what, calls[i], sc_value(&r, key));
    }
    pc_end(&r);
}

void sc_recv_waitall(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "recv-waitall", nvp, NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    pc_assert_has(&r, "\nrecv=6 abcdef\nrecvfrom=6 abcdef\nrecvmsg=6 abcdef\n");
    ck_assert_msg(sc_value(&r, "\ndgram=") == 3, "%s: MSG_WAITALL on a datagram socket "
                  "returned %ld bytes, not the first datagram's 3", r.what,
                  sc_value(&r, "\ndgram="));
    pc_end(&r);
}

void sc_socket_echo(int nvp, int pairs)
{
    struct pc_run r;
    char a[16];
    snprintf(a, sizeof a, "%d", pairs);
    sc_run_ok(&r, SC_SCHEDPROG, "socket-echo", nvp, a, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\nechoed=") == 100L * pairs,
                  "%s: errno %ld, %ld of %d echoes", r.what, sc_value(&r, "start-errno="),
                  sc_value(&r, "\nechoed="), 100 * pairs);
    pc_end(&r);
}

void sc_fd_edges(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "fd-edges", nvp, NULL, PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "\neagain=") == 1, "%s: a non-blocking pipe did not give "
                  "EAGAIN", r.what);
    ck_assert_msg(sc_value(&r, "\nebadf=") == 1, "%s: a read whose pipe was closed did not "
                  "end with EBADF", r.what);
    ck_assert_msg(sc_value(&r, "\neof=") == 1 && sc_value(&r, "\nepipe=") == 1,
                  "%s: EOF or EPIPE not as glibc's", r.what);
    pc_end(&r);
}

void sc_read_eintr(int nvp, int restart)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "read-eintr", nvp, restart ? "restart" : "norestart",
              PC_WATCHDOG + 5.0);
    pc_assert_has(&r, "done\n");
    if (restart)
        ck_assert_msg(sc_value(&r, "\nr=") == 4, "%s: the read returned %ld (errno %ld), not "
                      "the 4 bytes written after the signal", r.what, sc_value(&r, "\nr="),
                      sc_value(&r, "\nerrno="));
    else
        ck_assert_msg(sc_value(&r, "\nr=") == -1 && sc_value(&r, "\nerrno=") == EINTR,
                      "%s: the read returned %ld, errno %ld, not EINTR", r.what,
                      sc_value(&r, "\nr="), sc_value(&r, "\nerrno="));
    ck_assert_msg(sc_value(&r, "\nhandled=") == 1, "%s: the handler ran %ld times", r.what,
                  sc_value(&r, "\nhandled="));
    pc_end(&r);
}

/* One phase's line of pipe-guess: places taken, waits in the poller and
   calls made as they are that waited, all counted since the start. */
static void pg_phase(const struct pc_run *r, const char *phase, long v[3])
{
    char key[32];
    const char *k;

    snprintf(key, sizeof key, "\n%s: takes=", phase);
    k = strstr(r->p->out, key);
    ck_assert_msg(k && sscanf(k + strlen(key), "%ld polls=%ld wrong=%ld", &v[0], &v[1],
                              &v[2]) == 3,
                  "%s: no '%s' line on stdout", r->what, phase);
}

/* A descriptor's kind is a guess: a pipe trusted to be ready, or a number
   remembered as /dev/null's, that has to wait after all costs one hand-off
   to a spare (not a VP held for good: on 1 VP the writer could never
   run), and the next wait is the poller's. Places taken in the later
   phases are not counted against it: any marked call (the writer's
   write, the read once the poller finds the pipe ready) that lasts two of
   the monitor's looks with no VP idle is taken, as Go's sysmon retakes,
   and an emulated machine's host may stop it that long. */
void sc_pipe_guess(int nvp)
{
    struct pc_run r;
    long w[3], d[3], s[3], f[3];
    sc_run_ok(&r, SC_SCHEDPROG, "pipe-guess", nvp, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\ngot=") == 68,
                  "%s: errno %ld, %ld of 68 bytes read", r.what, sc_value(&r, "start-errno="),
                  sc_value(&r, "\ngot="));
    pg_phase(&r, "wrong", w);
    pg_phase(&r, "doubted", d);
    pg_phase(&r, "stale", s);
    pg_phase(&r, "refound", f);
    ck_assert_msg(w[0] >= 1 && w[2] == 1 && w[1] == 0,
                  "%s: the read of a trusted pipe that waited: %ld VPs taken (at least 1), "
                  "%ld calls made as they are that waited (1), %ld waits in the poller (0)",
                  r.what, w[0], w[2], w[1]);
    ck_assert_msg(d[2] == w[2] && d[1] > w[1],
                  "%s: the next wait on that pipe: %ld calls made as they are that waited "
                  "(none), %ld waits in the poller (at least 1)", r.what, d[2] - w[2],
                  d[1] - w[1]);
    ck_assert_msg(s[0] > d[0] && s[2] == d[2] + 1 && s[1] == d[1],
                  "%s: the read of a pipe known as /dev/null: %ld VPs taken (at least 1), "
                  "%ld calls made as they are that waited (1), %ld waits in the poller (0)",
                  r.what, s[0] - d[0], s[2] - d[2], s[1] - d[1]);
    ck_assert_msg(f[2] == s[2] && f[1] > s[1],
                  "%s: the next wait on that descriptor: %ld calls made as they are that "
                  "waited (none), %ld waits in the poller (at least 1)", r.what, f[2] - s[2],
                  f[1] - s[1]);
    pc_end(&r);
}

/* Whether preemption is on in r's run: with MLTP linked into the program
   (the static builds of check-aarch64 and check-kernel61) it must refuse,
   ENOTSUP, and the case has nothing to check; linked with the shared
   library it must accept. */
static int sc_preempting(const struct pc_run *r)
{
    long e = sc_value(r, "preempt-errno=");

    if (strstr(r->p->out, "linked=static")) {
        ck_assert_msg(e == ENOTSUP, "%s: MLTP linked into the program, and "
                      "mltp_set_preempt returned %ld, not ENOTSUP", r->what, e);
        return 0;
    }
    ck_assert_msg(e == 0, "%s: mltp_set_preempt returned %ld", r->what, e);
    return 1;
}

void sc_preempt_spin(int nvp, int busy)
{
    double med = 0, max = 0;

    for (int tries = 1; tries <= 3; tries++) {
        struct pc_run r;
        sc_run_ok(&r, SC_PREEMPTPROG, "spin", nvp, busy ? "busy" : NULL, PC_WATCHDOG);
        if (!sc_preempting(&r)) {
            pc_end(&r);
            return;
        }
        pc_assert_has(&r, "done\n");
        ck_assert_msg(sc_value(&r, "start-errno=") == 0, "%s: errno %ld", r.what,
                      sc_value(&r, "start-errno="));
        med = sc_ms(&r, "\nmedian-lag-ms=");
        max = sc_ms(&r, "\nmax-lag-ms=");
        pc_end(&r);
        if (med <= 1.0 && max < 10.0)
            return;
    }
    ck_abort_msg("preempt spin %d%s: a ULT queued behind spinners waited %.2f ms (median), "
                 "%.2f ms at most, in 3 runs of 3 (1 and 10 allowed)", nvp, busy ? " busy" : "",
                 med, max);
}

/* Spinners that asked for MLTP_PREEMPT_LATE keep their VPs for PREEMPT_LATE_MS
   (10 ms; the monitor looks every 5 ms while no other ULT is a candidate),
   and are preempted then: a lag of 10-15 ms, against spin's under 1 ms. */
void sc_preempt_late(int nvp)
{
    struct pc_run r;
    double min, max;

    sc_run_ok(&r, SC_PREEMPTPROG, "late", nvp, NULL, PC_WATCHDOG);
    if (!sc_preempting(&r)) {
        pc_end(&r);
        return;
    }
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "bad-how-errno=") == EINVAL &&
                      sc_value(&r, "outside-errno=") == EINVAL,
                  "%s: start errno %ld; mltp_set_preempt_delay(2) %ld, outside a ULT %ld "
                  "(EINVAL both)",
                  r.what, sc_value(&r, "start-errno="), sc_value(&r, "bad-how-errno="),
                  sc_value(&r, "outside-errno="));
    min = sc_ms(&r, "\nmin-lag-ms=");
    max = sc_ms(&r, "\nmax-lag-ms=");
    pc_end(&r);
    ck_assert_msg(min >= 9.0 && max < 200.0,
                  "preempt late %d: a ULT queued behind late spinners waited %.2f to %.2f ms "
                  "(10 ms at least, and preempted then)",
                  nvp, min, max);
}

void sc_preempt_sleep(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_PREEMPTPROG, "sleep", nvp, NULL, PC_WATCHDOG);
    if (sc_preempting(&r)) {
        pc_assert_has(&r, "done\n");
        ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\neintr=") == 0 &&
                          sc_value(&r, "\nshort=") == 0,
                      "%s: errno %ld; of 24 sleeps beside spinners, %ld ended with EINTR, "
                      "%ld short", r.what, sc_value(&r, "start-errno="),
                      sc_value(&r, "\neintr="), sc_value(&r, "\nshort="));
    }
    pc_end(&r);
}

void sc_preempt_overflow(void)
{
    struct pc_run r;
    char line[1024];

    sc_run(&r, SC_PREEMPTPROG, "overflow", 1, NULL, PC_WATCHDOG);
    if (!sc_preempting(&r)) {
        pc_end(&r);
        return;
    }
    pc_assert_died(&r, SIGSEGV);
    pc_assert_not(&r, "start-returned");
    pc_mltp_lines(&r, 1, line, sizeof line);
    int id = pc_crasher_id(r.p);
    ck_assert_msg(id > 0, "%s: the crasher did not print its id", r.what);
    ck_assert_msg(strstr(line, "stack overflow") != NULL && pc_names_ult(line, id) &&
                      strstr(line, "\"deep\"") != NULL,
                  "%s: not the stack overflow of ULT %d \"deep\": %s", r.what, id, line);
    pc_end(&r);
}

/* Every VP's ULT in a marked call for 400 ms (call: NULL
   syscall(SYS_nanosleep), or waitpid, flock, lockf, fcntl, ofd); a ULT
   made 50 ms in must run while they are still in the kernel: a spare took
   a VP. */
void sc_raw_syscall(int nvp, const char *call)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "raw-syscall", nvp, call, PC_WATCHDOG);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "\nlate-before-sleepers=") == 1, "%s: the ULT made 50 ms in "
                  "waited for the VPs' ULTs to come back from the kernel", r.what);
    ck_assert_msg(sc_value(&r, "\nspares=") >= 1, "%s: no spare task was made", r.what);
    ck_assert_msg(sc_value(&r, "\nholders-max=") <= nvp, "%s: %ld tasks held a VP at once, "
                  "more than the %d VPs", r.what, sc_value(&r, "\nholders-max="), nvp);
    pc_end(&r);
}

/* 3 ULTs per VP in and out of marked calls: places taken and given back
   many times, every round of every ULT counted once, never more tasks
   holding a VP than VPs. */
void sc_calls_churn(int nvp)
{
    struct pc_run r;
    sc_run_ok(&r, SC_SCHEDPROG, "calls-churn", nvp, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "\nrounds=") == sc_value(&r, "\nexpected="),
                  "%s: %ld rounds counted, not %ld: a ULT lost or run twice", r.what,
                  sc_value(&r, "\nrounds="), sc_value(&r, "\nexpected="));
    ck_assert_msg(sc_value(&r, "\ntakes=") >= 1, "%s: no VP was taken", r.what);
    ck_assert_msg(sc_value(&r, "\nholders-max=") <= nvp, "%s: %ld tasks held a VP at once, "
                  "more than the %d VPs", r.what, sc_value(&r, "\nholders-max="), nvp);
    pc_end(&r);
}

/* ==================================================================== */
/* Static TLS at the top of every task's stack (vp/tcb.c)              */

void sc_static_tls(int mb, int nvp)
{
    struct pc_run r;
    /* the program's own bound on a late VP is 20 s (tests/tlsbig.c) */
    sc_run_ok(&r, mb == 1 ? SC_TLSBIG1M : SC_TLSBIG64M, "start", nvp, NULL, PC_WATCHDOG + 25.0);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(sc_value(&r, "start-errno=") == 0 && sc_value(&r, "\nvps=") == nvp,
                  "%s: %d MiB of static TLS: start errno %ld, %ld of %d VPs ran a ULT",
                  r.what, mb, sc_value(&r, "start-errno="), sc_value(&r, "\nvps="), nvp);
    ck_assert_msg(sc_value(&r, "\nbad=") == 0, "%s: %ld ULTs read another VP's TLS bytes",
                  r.what, sc_value(&r, "\nbad="));
    pc_end(&r);
}

void sc_static_tls_bound(int mb)
{
    struct pc_run r;
    sc_run_ok(&r, mb == 1 ? SC_TLSBIG1M : SC_TLSBIG64M, "bound", 1, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "done\n");
    ck_assert_msg(strstr(r.p->out, "bound-ok=1\n") != NULL,
                  "%s: a bound thread of a 64 KiB stack with %d MiB of static TLS did not "
                  "run as asked: %s", r.what, mb, r.p->out);
    pc_end(&r);
}
