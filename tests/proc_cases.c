/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * proc_cases.c - the checks of proc_cases.h, built once into
 * tests/libcheckutil.a.
 */
#include "proc_cases.h"

const char *pc_prog_path(const char *env, const char *dflt)
{
    const char *p = getenv(env);
    return (p && *p) ? p : dflt;
}

void pc_dump(const struct pc_run *r)
{
    const struct cu_proc *p = r->p;
    char st[96];
    /* the end of a long stdout is what matters */
    const char *out = p->out;
    if (p->outlen > 4000)
        out = p->out + p->outlen - 4000;
    fprintf(stderr, "--- %s: %s%s after %.1f ms\n--- stdout%s:\n%s"
            "--- stderr:\n%.6000s---\n", r->what,
            cu_status_str(p->status, st, sizeof st),
            p->timed_out ? " (watchdog)" : "", (p->t_exit - p->t_start) * 1e3,
            out != p->out ? " (last 4000 bytes)" : "", out, p->err);
}

struct cu_proc *pc_begin_ex(struct pc_run *r,
                            const char *prog,
                            const char *scen, int nvp,
                            const char *arg,
                            const struct cu_spawn_opts *o)
{
    char n[16];
    const char *base = strrchr(prog, '/');
    snprintf(n, sizeof n, "%d", nvp);
    snprintf(r->what, sizeof r->what, "%s %s %d%s%s", base ? base + 1 : prog,
             scen, nvp, arg ? " " : "", arg ? arg : "");
    r->p = calloc(1, sizeof *r->p);
    ck_assert_ptr_nonnull(r->p);
    r->priv = cu_private_ipc();
    cu_sem_snapshot(&r->before);
    char *argv[] = { (char *)prog, (char *)scen, n, (char *)arg, NULL };
    cu_spawn(r->p, argv, o);
    return r->p;
}

struct cu_proc *pc_begin(struct pc_run *r, const char *scen,
                         int nvp, const char *arg)
{
    return pc_begin_ex(r, PC_REALPROG, scen, nvp, arg, NULL);
}

void pc_finish(struct pc_run *r, double timeout_s)
{
    cu_finish(r->p, timeout_s);
    pc_dump(r);
    ck_assert_msg(!r->p->timed_out, "%s: hung: killed by the watchdog after "
                  "%.1f s", r->what, timeout_s);
}

struct cu_proc *pc_to_end(struct pc_run *r, const char *scen,
                          int nvp, const char *arg,
                          double timeout_s)
{
    pc_begin(r, scen, nvp, arg);
    pc_finish(r, timeout_s);
    return r->p;
}

void pc_end(struct pc_run *r)
{
    pid_t left[64];
    int n = cu_wait_group_gone(r->p->pid, PC_GRACE);
    int k = n ? cu_group_members(r->p->pid, left, 64) : 0;
    char desc[256] = "";
    size_t used = 0;
    for (int i = 0; i < k && used + 16 < sizeof desc; i++)
        used += (size_t)snprintf(desc + used, sizeof desc - used, " %d",
                                 (int)left[i]);
    if (n)
        kill(-r->p->pid, SIGKILL); /* do not leave them running */
    ck_assert_msg(n == 0, "%s: %d process(es) of its group still alive %.0f "
                  "s after it ended (pids%s)", r->what, n, PC_GRACE, desc);
    char sd[512];
    pid_t pid = r->p->pid;
    int leaks = cu_sem_leaks(&r->before, r->priv, &pid, 1, PC_GRACE, sd,
                             sizeof sd);
    ck_assert_msg(leaks == 0, "%s: %d SysV semaphore set(s) left behind: %s",
                  r->what, leaks, sd);
    free(r->p);
    r->p = NULL;
}

void pc_assert_exit(const struct pc_run *r, int code)
{
    char st[96];
    ck_assert_msg(WIFEXITED(r->p->status) && WEXITSTATUS(r->p->status) == code,
                  "%s: %s, expected exit status %d", r->what,
                  cu_status_str(r->p->status, st, sizeof st), code);
}

void pc_assert_died(const struct pc_run *r, int sig)
{
    char st[96];
    ck_assert_msg(cu_died_of(r->p->status, sig), "%s: %s, expected death by "
                  "SIG%s (signal %d, or exit status %d)", r->what,
                  cu_status_str(r->p->status, st, sizeof st),
                  sigabbrev_np(sig), sig, 128 + sig);
}

void pc_assert_count(const struct pc_run *r, const char *s,
                     int n)
{
    int k = cu_count_str(r->p->out, s);
    ck_assert_msg(k == n, "%s: '%.*s' printed %d time(s), expected %d",
                  r->what, (int)strcspn(s, "\n"), s, k, n);
}

void pc_assert_has(const struct pc_run *r, const char *s)
{
    ck_assert_msg(strstr(r->p->out, s) != NULL, "%s: no '%.*s' on stdout",
                  r->what, (int)strcspn(s, "\n"), s);
}

void pc_assert_not(const struct pc_run *r, const char *s)
{
    ck_assert_msg(strstr(r->p->out, s) == NULL, "%s: printed '%.*s', which "
                  "it must not reach", r->what, (int)strcspn(s, "\n"), s);
}

int pc_mltp_lines(const struct pc_run *r, int want,
                  char *line, size_t len)
{
    int n = cu_count_lines(r->p->err, "mltp: ", line, len);
    if (want >= 0)
        ck_assert_msg(n == want, "%s: %d line(s) on stderr start with "
                      "'mltp: ', expected %d", r->what, n, want);
    return n;
}

int pc_sig_named(const char *line, int sig)
{
    char abbr[32];
    const char *ab = sigabbrev_np(sig);
    snprintf(abbr, sizeof abbr, "SIG%s", ab ? ab : "?");
    return strcasestr(line, strsignal(sig)) != NULL ||
           strstr(line, abbr) != NULL;
}

int pc_crasher_id(const struct cu_proc *p)
{
    const char *c = strstr(p->out, "CRASHER id=");
    return c ? atoi(c + 11) : -1;
}

long pc_value(const struct cu_proc *p, const char *key,
              long dflt)
{
    const char *q = strstr(p->out, key);
    if (!q)
        return dflt;
    return strtol(q + strlen(key), NULL, 0);
}

void pc_assert_ready(struct pc_run *r)
{
    int ready = cu_wait_output(r->p, "READY\n", 10.0);
    if (!ready) {
        cu_finish(r->p, 0);
        pc_dump(r);
    }
    ck_assert_msg(ready, "%s: never printed READY", r->what);
}

pid_t pc_one_vp(struct pc_run *r, int nvp)
{
    pid_t v[64];
    int n = cu_parse_vppids(r->p->out, v, 64), distinct = 0;
    pid_t pick = 0;
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= v[j] == v[i];
        if (!dup && v[i] != r->p->pid) {
            distinct++;
            pick = v[i];
        }
    }
    if (distinct < nvp) {
        kill(-r->p->pid, SIGKILL);
        cu_finish(r->p, 0);
        pc_dump(r);
    }
    ck_assert_msg(distinct >= nvp, "%s: VPPIDS names %d VP process(es) "
                  "other than the reaper %d, expected %d", r->what, distinct,
                  (int)r->p->pid, nvp);
    return pick;
}

void pc_pthread_starts(int nvp, int starts, double wd)
{
    struct pc_run r;
    char a[16], want[32];
    snprintf(a, sizeof a, "%d", starts);
    pc_to_end(&r, "pthread-starts", nvp, a, wd);
    pc_assert_exit(&r, 0);
    snprintf(want, sizeof want, "done %d\n", starts);
    pc_assert_has(&r, want);
    pc_end(&r);
}

void pc_pthread_in_ult(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "pthread-in-ult", nvp, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "pthread-created rc=0\n");
    pc_assert_has(&r, "start-returned\n");
    long others = pc_value(r.p, "others-alive=", -1);
    ck_assert_msg(others == 0, "%s: after mltp_start returned, %ld other "
                  "process(es) of the program still alive (the VP with the "
                  "ULT's pthread must end with the start)", r.what, others);
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_pthread_join_in_ult(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "pthread-join-in-ult", nvp, NULL, PC_WATCHDOG);
    pc_assert_has(&r, "joined=0x1234 rc=0\n");
    pc_assert_has(&r, "start-returned\n");
    long others = pc_value(r.p, "others-alive=", -1);
    ck_assert_msg(others == 0, "%s: after mltp_start returned, %ld other "
                  "process(es) of the program still alive", r.what, others);
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_sigchld_starts(const char *scen, int nvp, int starts,
                       double wd)
{
    struct pc_run r;
    char a[16], want[32];
    snprintf(a, sizeof a, "%d", starts);
    pc_to_end(&r, scen, nvp, a, wd);
    pc_assert_exit(&r, 0);
    snprintf(want, sizeof want, "done %d\n", starts);
    pc_assert_has(&r, want);
    pc_end(&r);
}

void pc_sigchld_ign_segv(int in_ult, int nvp)
{
    struct pc_run r;
    pc_to_end(&r, in_ult ? "sigchld-ign-in-ult-segv" : "sigchld-ign-segv",
              nvp, NULL, PC_WATCHDOG);
    pc_assert_died(&r, SIGSEGV);
    pc_assert_not(&r, "start-returned");
    char line[1024];
    pc_mltp_lines(&r, 1, line, sizeof line);
    int id = pc_crasher_id(r.p);
    ck_assert_msg(id > 0, "%s: the crasher did not print its id", r.what);
    ck_assert_msg(strstr(line, "ULT") && cu_has_number(line, id),
                  "%s: the message does not name ULT %d: %s", r.what, id,
                  line);
    pc_end(&r);
}

void pc_bound_exit_start(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "bound-exit-start", nvp, NULL, 10.0);
    pc_assert_exit(&r, 5);
    pc_assert_not(&r, "start-returned");
    pc_assert_count(&r, "atexit-ran\n", 1);
    pc_end(&r);
}

void pc_bound_exit_outside(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "bound-exit-outside", nvp, NULL, PC_WATCHDOG);
    pc_assert_exit(&r, 6);
    pc_assert_not(&r, "main-finished");
    double dt = r.p->t_exit - r.p->t_start;
    ck_assert_msg(dt < 1.5, "%s: ended %.2f s after its start; the bound "
                  "thread called exit(6) after 0.05 s, main's loop takes 2 s",
                  r.what, dt);
    pc_end(&r);
}

void pc_bound_segv_outside(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "bound-segv-outside", nvp, NULL, PC_WATCHDOG);
    pc_assert_died(&r, SIGSEGV);
    pc_assert_not(&r, "main-finished");
    char line[1024];
    pc_mltp_lines(&r, 1, line, sizeof line);
    ck_assert_msg(strstr(line, "bound thread") != NULL, "%s: the message "
                  "does not say 'bound thread': %s", r.what, line);
    ck_assert_msg(pc_sig_named(line, SIGSEGV), "%s: the message does not "
                  "name the signal: %s", r.what, line);
    pc_end(&r);
}

void pc_bound_zombies(int nvp, int per_ult, double wd)
{
    struct pc_run r;
    char a[16];
    snprintf(a, sizeof a, "%d", per_ult);
    pc_to_end(&r, "bound-zombies", nvp, a, wd);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "failed=0 ");
    long z = pc_value(r.p, "zombies=", -1);
    ck_assert_msg(z == 0, "%s: %ld zombie child(ren) 2 s after %d bound "
                  "threads were created and joined by ULTs, expected 0",
                  r.what, z, 30 * per_ult);
    pc_end(&r);
}

void pc_bound_segv_ult_join(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "bound-segv-ult-join", nvp, NULL, PC_WATCHDOG);
    pc_assert_died(&r, SIGSEGV);
    pc_assert_not(&r, "join-returned");
    pc_assert_not(&r, "start-returned");
    pc_mltp_lines(&r, 1, NULL, 0);
    pc_end(&r);
}

int pc_mask(const struct cu_proc *p, const char *key,
            unsigned long long *m)
{
    const char *q = strstr(p->out, key);
    if (!q)
        return 0;
    q += strlen(key);
    while (*q == ' ' || *q == '\t')
        q++;
    char *end;
    *m = strtoull(q, &end, 16);
    return end != q;
}

void pc_child_mask(const char *scen, const char *key,
                   int nvp)
{
    struct pc_run r;
    unsigned long long mm = 0, cm = 0;
    pc_to_end(&r, scen, nvp, NULL, PC_WATCHDOG);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "start-returned\n");
    ck_assert_msg(pc_mask(r.p, "main-sigblk=", &mm), "%s: main's mask not "
                  "printed", r.what);
    ck_assert_msg(pc_mask(r.p, key, &cm), "%s: the child's mask ('%s') not "
                  "printed", r.what, key);
    ck_assert_msg(cm == mm, "%s: the child of a ULT starts with signals "
                  "0x%llx blocked; the program (main, before mltp_start) "
                  "had 0x%llx", r.what, cm, mm);
    pc_end(&r);
}

void pc_fork_exec_sigint(int nvp)
{
    struct pc_run r;
    pc_begin(&r, "fork-exec-sleep", nvp, NULL);
    pc_assert_ready(&r);
    pid_t child = (pid_t)pc_value(r.p, "CHILD ", 0);
    ck_assert_msg(child > 0, "%s: no CHILD pid", r.what);
    double t0 = now();
    ck_assert_int_eq(kill(-r.p->pid, SIGINT), 0);
    cu_finish(r.p, PC_WATCHDOG);
    pc_dump(&r);
    ck_assert_msg(!r.p->timed_out, "%s: SIGINT to its group did not end it "
                  "(killed by the watchdog)", r.what);
    double dt = r.p->t_exit - t0;
    pc_assert_died(&r, SIGINT);
    ck_assert_msg(dt < PC_GRACE, "%s: ended %.2f s after the SIGINT",
                  r.what, dt);
    int alive = cu_wait_pids_gone(&child, 1, PC_GRACE);
    if (alive)
        kill(child, SIGKILL);
    ck_assert_msg(!alive, "%s: the ULT's child `sleep 30` (pid %d) survived "
                  "the SIGINT sent to its process group", r.what,
                  (int)child);
    pc_end(&r);
}

void pc_bound_fork(int nvp)
{
    struct pc_run r;
    pc_to_end(&r, "bound-fork", nvp, NULL, PC_WATCHDOG);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "forks-ok=20\n");
    for (int i = 0; i < nvp + 1; i++) {
        char m[32];
        snprintf(m, sizeof m, "ult-end %d\n", i);
        pc_assert_count(&r, m, 1);
    }
    pc_assert_count(&r, "ult-end forker\n", 1);
    pc_assert_has(&r, "start-returned\n");
    pc_end(&r);
}

void pc_fork_child(int where, int nvp)
{
    static const char *scen[] = { "fork-child-main", "fork-child-ult",
                                  "fork-child-bound" };
    static const char *who[] = { "main", "ult", "bound" };
    static const int parent_ults[] = { 2, 3, 3 };
    struct pc_run r;
    char want[64];
#if defined(__SANITIZE_ADDRESS__)
    /* GCC 12's AddressSanitizer has no fork handlers for its allocator:
       a child forked while another VP holds one of its locks deadlocks as
       soon as it allocates (pthreads alike). Only main, between starts,
       forks with no VP running (doc/sanitizers.md). */
    if (where != 0) {
        fprintf(stderr, "%s: not run under AddressSanitizer\n", scen[where]);
        return;
    }
#endif
    pc_to_end(&r, scen[where], nvp, NULL, PC_WATCHDOG);
    snprintf(want, sizeof want, "child-status %s: exit 0\n", who[where]);
    pc_assert_has(&r, want);
    pc_assert_count(&r, "child-ok\n", 1);
    pc_assert_count(&r, "child-ult\n", 4);
    pc_assert_count(&r, "child-bound\n", 1);
    pc_assert_count(&r, "parent-ult\n", parent_ults[where]);
    if (where == 0)
        pc_assert_count(&r, "first-start-ult\n", 1);
    pc_assert_has(&r, "start-returned\n");
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_sig_to_vp(int sig, int nvp)
{
    struct pc_run r;
    pc_begin(&r, "sig-wait", nvp, NULL);
    pc_assert_ready(&r);
    pid_t vp = pc_one_vp(&r, nvp);
    double t0 = now();
    ck_assert_int_eq(kill(vp, sig), 0);
    cu_finish(r.p, t0 - r.p->t_start + PC_GRACE + 1.0);
    pc_dump(&r);
    ck_assert_msg(!r.p->timed_out, "%s: SIG%s sent to VP pid %d did not end "
                  "the program (killed by the watchdog %.1f s later)",
                  r.what, sigabbrev_np(sig), (int)vp, PC_GRACE + 1.0);
    pc_assert_died(&r, sig);
    double dt = r.p->t_exit - t0;
    ck_assert_msg(dt < PC_GRACE, "%s: ended %.2f s after the signal", r.what,
                  dt);
    pc_end(&r);
}

void pc_sigint_handler(int to, int nvp)
{
    static const char *dest[] = { "the reaper", "one VP", "the group" };
    struct pc_run r;
    pc_begin(&r, "sigint-handler", nvp, NULL);
    pc_assert_ready(&r);
    pid_t target = to == 0 ? r.p->pid : to == 1 ? pc_one_vp(&r, nvp)
                                                : -r.p->pid;
    ck_assert_int_eq(kill(target, SIGINT), 0);
    pc_finish(&r, 10.0);
    char st[96];
    ck_assert_msg(WIFEXITED(r.p->status) && WEXITSTATUS(r.p->status) == 0,
                  "%s: SIGINT to %s with a handler installed by a ULT: %s, "
                  "expected the handler to run and exit status 0", r.what,
                  dest[to], cu_status_str(r.p->status, st, sizeof st));
    long c = pc_value(r.p, "count=", -1);
    if (to < 2)
        ck_assert_msg(c == 1, "%s: SIGINT sent once to %s; the handler ran "
                      "%ld time(s), expected 1", r.what, dest[to], c);
    else
        ck_assert_msg(c >= 1, "%s: SIGINT to the group; the handler ran "
                      "%ld time(s), expected at least 1", r.what, c);
    pc_end(&r);
}

void pc_sig_during(const char *call, int sig, int handler, int timer_ms, int nvp)
{
    struct pc_run r;
    char a[64], from[16] = "kill";
    double t0, wd = 10.0;

    if (timer_ms > 0)
        snprintf(from, sizeof from, "%d", timer_ms);
    snprintf(a, sizeof a, "%s %s %s %s", call, sigabbrev_np(sig),
             handler ? "handler" : "default", from);
    pc_begin(&r, "sig-during", nvp, a);
    if (timer_ms > 0) {
        t0 = r.p->t_start + timer_ms / 1e3;     /* no later than the expiry */
    } else {
        pc_assert_ready(&r);
        t0 = now();
        ck_assert_int_eq(kill(r.p->pid, sig), 0);
    }
    if (handler) {
        int seen = cu_wait_output(r.p, "handled\n", t0 + PC_GRACE - now());
        double dt = now() - t0;
        pc_finish(&r, wd);
        pc_assert_exit(&r, 0);
        long c = pc_value(r.p, "count=", -1);
        ck_assert_msg(c == 1, "%s: SIG%s sent once during %s; the handler ran "
                      "%ld time(s), expected 1", r.what, sigabbrev_np(sig), call, c);
        if (timer_ms > 0) {
            long late = pc_value(r.p, "late-ms=", -1);
            ck_assert_msg(late >= 0 && late < PC_GRACE * 1e3, "%s: the handler "
                          "ran %ld ms after the timer's expiry", r.what, late);
        } else {
            ck_assert_msg(seen, "%s: the handler had not run %.2f s after "
                          "the signal", r.what, dt);
        }
    } else {
        pc_finish(&r, wd);
        pc_assert_died(&r, sig);
        pc_assert_not(&r, "count=");
        double dt = r.p->t_exit - t0;
        ck_assert_msg(dt < PC_GRACE, "%s: ended %.2f s after the signal%s",
                      r.what, dt, timer_ms > 0 ? " (at the latest)" : "");
    }
    pc_end(&r);
}

void pc_janitor_closefds(int in_ult, int nvp)
{
    struct pc_run r;
    char want[32];
    pc_to_end(&r, in_ult ? "janitor-closefds-ult" : "janitor-closefds", nvp,
              NULL, PC_WATCHDOG);
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "lock_init=0\n");
    pc_assert_has(&r, "closed-fds\n");
    snprintf(want, sizeof want, "counter1=%d\n", 50 * (nvp + 1));
    pc_assert_has(&r, want);
    snprintf(want, sizeof want, "counter2=%d\n", 50 * (nvp + 1));
    pc_assert_has(&r, want);
    long sz = pc_value(r.p, "file-size=", -1);
    ck_assert_msg(sz == 0, "%s: a file the program opened after closing its "
                  "fds received %ld byte(s) it never wrote", r.what, sz);
    pc_assert_has(&r, "done\n");
    pc_end(&r);
}

void pc_janitor_nproc(int forks_left, int nvp)
{
    struct pc_run r;
    char a[16];
    snprintf(a, sizeof a, "%d", forks_left);
    pc_begin_ex(&r, PC_REALPROG, "janitor-nproc", nvp, a, NULL);
    pc_finish(&r, PC_WATCHDOG);
    char st[96];
    ck_assert_msg(!cu_died_of(r.p->status, SIGPIPE), "%s: the program died "
                  "of SIGPIPE (%s) when the janitor could not be forked",
                  r.what, cu_status_str(r.p->status, st, sizeof st));
    pc_assert_exit(&r, 0);
    pc_assert_has(&r, "done\n");
    long extra = pc_value(r.p, "extra-live=", 0);
    if (extra > 0 && forks_left > 0) {
        fprintf(stderr, "%s: a janitor runs (%ld process(es) besides the "
                "program): no message required\n", r.what, extra);
        pc_end(&r);
        return;
    }
    /* a line of the library's that mentions the janitor */
    int found = 0;
    for (const char *l = r.p->err; *l && !found;) {
        size_t len = strcspn(l, "\n");
        found = len > 6 && !strncmp(l, "mltp: ", 6) &&
                memmem(l, len, "janitor", 7) != NULL;
        l += len + (l[len] == '\n');
    }
    ck_assert_msg(found, "%s: no 'mltp: ' line mentions the janitor that "
                  "could not be started", r.what);
    pc_end(&r);
}

int pc_names_ult(const char *line, int id)
{
    char pat[32];
    snprintf(pat, sizeof pat, "ULT %d", id);
    size_t pl = strlen(pat);
    for (const char *q = strstr(line, pat); q; q = strstr(q + 1, pat))
        if (!isdigit((unsigned char)q[pl]))
            return 1;
    return 0;
}

void pc_clash(const char *prog, const char *scen, int nvp)
{
    struct pc_run r;
    /* unprobed frames skip a guard smaller than themselves: such a
       program asks for a larger one (mltp(3), MLTP_STACK_GUARD) */
    const char *envs[] = { "MLTP_STACK_GUARD=64k", NULL };
    struct cu_spawn_opts big_guard = { .env = envs };
    pc_begin_ex(&r, prog, scen, nvp, NULL, strcmp(prog, PC_CLASH_NOPROBE) ? NULL : &big_guard);
    pc_finish(&r, PC_WATCHDOG);
    pc_assert_died(&r, SIGSEGV);
    pc_assert_not(&r, "survived");
    pc_assert_not(&r, "start-returned");
    char line[1024];
    pc_mltp_lines(&r, 1, line, sizeof line);
    int id = pc_crasher_id(r.p);
    ck_assert_msg(id > 0, "%s: the clasher did not print its id", r.what);
    ck_assert_msg(strstr(line, "stack overflow") != NULL, "%s: not reported "
                  "as a stack overflow: %s", r.what, line);
    ck_assert_msg(cu_has_number(line, id), "%s: the message does not give "
                  "the clasher's id %d: %s", r.what, id, line);
    ck_assert_msg(strstr(line, "clasher") != NULL, "%s: the message does "
                  "not give the clasher's name: %s", r.what, line);
    for (const char *o = strstr(r.p->out, "OTHER id="); o;
         o = strstr(o + 1, "OTHER id=")) {
        int other = atoi(o + 9);
        ck_assert_msg(!pc_names_ult(line, other), "%s: the overflow is "
                      "blamed on ULT %d, not the clasher %d: %s", r.what,
                      other, id, line);
    }
    pc_end(&r);
}

void pc_lock_deadlock(const char *scen, int nvp)
{
    struct pc_run r;
    char line[1024], want[48];
    pc_to_end(&r, scen, nvp, NULL, PC_WATCHDOG);
    pc_assert_not(&r, "got-both");
    snprintf(want, sizeof want, "start-returned errno=%d\n", EDEADLK);
    ck_assert_msg(strstr(r.p->out, want) != NULL, "%s: mltp_start did not "
                  "return with errno EDEADLK (%d): '%s'", r.what, EDEADLK,
                  strstr(r.p->out, "start-returned") ?
                  strstr(r.p->out, "start-returned") : "(did not return)");
    pc_assert_exit(&r, 0);
    int n = pc_mltp_lines(&r, -1, line, sizeof line);
    int found = 0;
    for (const char *l = r.p->err; *l && !found;) {
        size_t len = strcspn(l, "\n");
        found = len > 6 && !strncmp(l, "mltp: ", 6) &&
                memmem(l, len, "deadlock", 8) != NULL;
        l += len + (l[len] == '\n');
    }
    ck_assert_msg(found, "%s: no 'mltp: ' line reports the deadlock (%d "
                  "mltp line(s); first: %s)", r.what, n, line);
    pc_end(&r);
}

void pc_bad_env(const char *env, int nvp)
{
    struct pc_run r;
    const char *envs[] = { env, NULL };
    struct cu_spawn_opts o = { .env = envs };
    char line[1024], want[64];
    size_t nl = strcspn(env, "=");
    snprintf(want, sizeof want, "mltp: ignoring %.*s", (int)nl, env);
    pc_begin_ex(&r, PC_REALPROG, "env-check", nvp, NULL, &o);
    snprintf(r.what + strlen(r.what), sizeof r.what - strlen(r.what),
             " (%s)", env);
    pc_finish(&r, PC_WATCHDOG);
    pc_assert_exit(&r, 0);
    pc_mltp_lines(&r, 1, line, sizeof line);
    ck_assert_msg(!strncmp(line, want, strlen(want)), "%s: the message "
                  "does not start '%s': %s", r.what, want, line);
    pc_assert_has(&r, "stack=65536\n");
    pc_assert_count(&r, "ran\n", 4);
    pc_assert_has(&r, "ran=4\n");
    pc_end(&r);
}

void pc_attr_huge(int nvp)
{
    struct pc_run r;
    char want[64];
    pc_to_end(&r, "attr-huge", nvp, NULL, PC_WATCHDOG);
    snprintf(want, sizeof want, "attr SIZE_MAX: NULL errno=%d\n", EINVAL);
    pc_assert_has(&r, want);
    snprintf(want, sizeof want, "attr 2^41: NULL errno=%d\n", EINVAL);
    pc_assert_has(&r, want);
    pc_assert_count(&r, "ran\n", 1);
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_lock_null(int nvp)
{
    struct pc_run r;
    char line[1024], want[32];
    pc_to_end(&r, "lock-null", nvp, NULL, PC_WATCHDOG);
    snprintf(want, sizeof want, "rc=%d\n", EINVAL);
    pc_assert_has(&r, want);
    pc_mltp_lines(&r, 1, line, sizeof line);
    ck_assert_msg(strstr(line, "NULL") != NULL, "%s: the message does not "
                  "say the lock is NULL: %s", r.what, line);
    ck_assert_msg(strstr(line, "unknown lock class") == NULL, "%s: a NULL "
                  "lock reported as an unknown class: %s", r.what, line);
    pc_assert_count(&r, "ran\n", 1);
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_free_twice(int nvp)
{
    struct pc_run r;
    char want[48];
    pc_to_end(&r, "free-twice", nvp, NULL, PC_WATCHDOG);
    snprintf(want, sizeof want, "free1=0 free2=%d\n", EINVAL);
    pc_assert_has(&r, want);
    pc_mltp_lines(&r, 1, NULL, 0);
    pc_assert_has(&r, "distinct=1\n");
    pc_assert_count(&r, "ran-A\n", 1);
    pc_assert_count(&r, "ran-B\n", 1);
    pc_assert_exit(&r, 0);
    pc_end(&r);
}

void pc_pipe_head(int nvp)
{
    struct pc_run r;
    pc_begin(&r, "print-forever", nvp, NULL);
    double end = now() + 10.0;
    while (cu_count_str(r.p->out, "\n") < 5 && now() < end && !r.p->exited) {
        cu_pump(r.p, 20);
        cu_try_reap(r.p);
    }
    int lines = cu_count_str(r.p->out, "\n");
    if (lines < 5) {
        cu_finish(r.p, 0);
        pc_dump(&r);
    }
    ck_assert_msg(lines >= 5, "%s: printed only %d line(s)", r.what, lines);
    /* head has read enough */
    close(r.p->outfd);
    r.p->outfd = -1;
    pc_finish(&r, now() - r.p->t_start + PC_WATCHDOG);
    pc_assert_died(&r, SIGPIPE);
    char line[1024];
    int n = pc_mltp_lines(&r, -1, line, sizeof line);
    ck_assert_msg(n == 0, "%s: a SIGPIPE end in a pipeline printed %d "
                  "'mltp: ' line(s), expected none; first: %s", r.what, n,
                  line);
    pc_end(&r);
}

/* Our first child still running (not a zombie), named in what, or 0. */
static pid_t running_child(char *what, size_t n)
{
    siginfo_t si;
    DIR *d;
    struct dirent *e;
    pid_t found = 0;

    do {                            /* the zombies: ended, memory and all */
        si.si_pid = 0;
        if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | __WALL) < 0)
            return 0;               /* no child at all */
    } while (si.si_pid != 0);
    snprintf(what, n, "(not found in /proc)");
    if (!(d = opendir("/proc")))
        return -1;
    while (!found && (e = readdir(d)) != NULL) {
        char path[64], buf[512], *rp;
        int pid = atoi(e->d_name), ppid;
        FILE *f;
        if (pid <= 0)
            continue;
        snprintf(path, sizeof path, "/proc/%d/stat", pid);
        if (!(f = fopen(path, "r")))
            continue;
        if (fgets(buf, sizeof buf, f) && (rp = strrchr(buf, ')')) &&
            sscanf(rp + 2, "%*c %d", &ppid) == 1 && ppid == getpid()) {
            found = pid;        /* "pid (name) state" */
            snprintf(what, n, "%.*s", (int)(rp + 3 - buf), buf);
        }
        fclose(f);
    }
    closedir(d);
    return found ? found : -1;
}

void pc_gone_at_wait(const char *how, int nvp)
{
    struct pc_run r;
    char scen[32], what[256];

    /* what the program leaves behind becomes ours once it is reaped */
    ck_assert_int_eq(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
    snprintf(scen, sizeof scen, "touch-%s", how);
    /* 256 MiB: ~20 ms to unmap here, seconds in the emulated machines
       (which have 2 GiB) */
    pc_to_end(&r, scen, nvp, "256", PC_WATCHDOG + 10.0);
    pid_t left = running_child(what, sizeof what);
    pc_assert_has(&r, "touched\n");
    if (!strcmp(how, "segv"))
        pc_assert_died(&r, SIGSEGV);
    else
        pc_assert_exit(&r, !strcmp(how, "exit") ? 3 : 0);
    ck_assert_msg(left == 0, "%s: a task of the program (%s) still ran when its "
                  "status came back: its 256 MiB were unmapped after its end", r.what, what);
    pc_end(&r);
}
