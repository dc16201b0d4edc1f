/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * check_util.c - the helpers of check_util.h, built once into
 * tests/libcheckutil.a for the Check suites.
 */
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/wait.h>

#include "check_util.h"

/* Here _tcase_add_test is Check's own: cu_add_test() calls it. */
#undef _tcase_add_test

/* ------------------------------------------------------------------ */
/* Failure recording from ULTs (shared memory: VPs share the address   */
/* space with the test process).                                        */

int cu_fail_count;
static int cu_fail_claimed;
char cu_fail_msg[512];

void cu_record_fail(const char *file, int line,
                    const char *expr, const char *fmt, ...)
{
    __atomic_add_fetch(&cu_fail_count, 1, __ATOMIC_SEQ_CST);
    if (__atomic_exchange_n(&cu_fail_claimed, 1, __ATOMIC_SEQ_CST) == 0) {
        char extra[256];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(extra, sizeof extra, fmt, ap);
        va_end(ap);
        snprintf(cu_fail_msg, sizeof cu_fail_msg, "%s:%d: (%s) %s",
                 file, line, expr, extra);
    }
}

void cu_reset_fails(void)
{
    CU_STORE(cu_fail_count, 0);
    CU_STORE(cu_fail_claimed, 0);
    cu_fail_msg[0] = 0;
}

/* ------------------------------------------------------------------ */
/* Running ULTs                                                         */

/* Create n ULTs running f((void *)i), handles in h (n slots). */
static void cu_create_ults(int n, mltp_userf_t *f, mltp_t **h)
{
    for (int i = 0; i < n; i++) {
        errno = 0;
        h[i] = mltp_create(f, (void *)(intptr_t)i);
        ck_assert_msg(h[i] != NULL, "mltp_create #%d failed: %s", i,
                      strerror(errno));
    }
}

void cu_run_ults(int nvp, int n, mltp_userf_t *f, mltp_t **h)
{
    mltp_t **hh = h ? h : calloc((size_t)n, sizeof *hh);
    ck_assert_ptr_nonnull(hh);
    cu_create_ults(n, f, hh);
    mltp_start(nvp);
    if (!h) {
        for (int i = 0; i < n; i++)
            free(hh[i]);
        free(hh);
    }
}

void cu_run_lead_ults(int nvp, mltp_userf_t *lead, int n, mltp_userf_t *f)
{
    mltp_t **h = calloc((size_t)n + 1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    errno = 0;
    h[0] = mltp_create(lead, NULL);
    ck_assert_msg(h[0] != NULL, "mltp_create of the lead ULT failed: %s",
                  strerror(errno));
    cu_create_ults(n, f, h + 1);
    mltp_start(nvp);
    for (int i = 0; i <= n; i++)
        free(h[i]);
    free(h);
}

void cu_lock_when_count(mltp_lock_t *l, const int *count, int want)
{
    for (;;) {
        mltp_lock(l);
        if (*count == want)
            return;
        mltp_unlock(l);
        mltp_yield();
    }
}

/* ------------------------------------------------------------------ */
/* Processes                                                            */

/* The state letter of /proc/WHICH/stat, 0 if it cannot be read. */
static char cu_stat_state(const char *which)
{
    struct proc_stat ps;
    return proc_stat_read(which, &ps) ? 0 : ps.state;
}

static int cu_state_dead(char st)
{
    return st == 0 || st == 'Z' || st == 'X' || st == 'x';
}

/* A process whose main thread has ended shows as a zombie while its other
   threads run on (a pthread created in a VP that has left, say): 1 if
   any thread of pid is not a zombie. */
static int cu_threads_live(pid_t pid)
{
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/task", (int)pid);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int live = 0;
    struct dirent *e;
    while (!live && (e = readdir(d)) != NULL) {
        if (!isdigit((unsigned char)e->d_name[0]))
            continue;
        char which[300];
        snprintf(which, sizeof which, "%d/task/%.256s", (int)pid, e->d_name);
        live = !cu_state_dead(cu_stat_state(which));
    }
    closedir(d);
    return live;
}

pid_t cu_fork_with_pipe(int pfd[2])
{
    ck_assert_int_eq(pipe(pfd), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ne(pid, -1);
    return pid;
}

int cu_pid_alive(pid_t pid)
{
    if (pid <= 0)
        return 0;
    char st = proc_state(pid);
    if (st == 0)
        return 0;
    return !cu_state_dead(st) || cu_threads_live(pid);
}

/* Pids of the live processes (see cu_pid_alive) whose stat field `field`
   equals `want`. */
/* Which field of /proc/PID/stat cu_scan_procs() compares. */
enum cu_stat_field { CU_STAT_PPID, CU_STAT_PGRP };

static int cu_scan_procs(enum cu_stat_field field, pid_t want,
                         pid_t *out, int max)
{
    int n = 0;
    struct proc_walk w;
    if (proc_walk_open(&w))
        return 0;
    while (proc_walk_next(&w)) {
        struct proc_stat ps;
        if (n == max || proc_stat_read(w.pid, &ps) != 0 ||
            (field == CU_STAT_PPID ? ps.ppid : ps.pgrp) != (int)want)
            continue;
        if (!cu_state_dead(ps.state) || cu_threads_live((pid_t)atoi(w.pid)))
            out[n++] = (pid_t)atoi(w.pid);
    }
    return n;
}

int cu_children_of(pid_t ppid, pid_t *out, int max)
{
    return cu_scan_procs(CU_STAT_PPID, ppid, out, max);
}

int cu_group_members(pid_t pgid, pid_t *out, int max)
{
    return cu_scan_procs(CU_STAT_PGRP, pgid, out, max);
}

int cu_wait_group_gone(pid_t pgid, double timeout_s)
{
    double end = now() + timeout_s;
    for (;;) {
        pid_t m[64];
        int n = cu_group_members(pgid, m, 64);
        if (n == 0 || now() > end)
            return n;
        sleep_ms(10);
    }
}

int cu_wait_pids_gone(const pid_t *pids, int n, double timeout_s)
{
    double end = now() + timeout_s;
    for (;;) {
        int alive = 0;
        for (int i = 0; i < n; i++)
            alive += cu_pid_alive(pids[i]);
        if (alive == 0 || now() > end)
            return alive;
        sleep_ms(10);
    }
}

/* ------------------------------------------------------------------ */
/* SysV semaphore sets (from /proc/sysvipc/sem)                         */

int cu_private_ipc(void)
{
    return unshare(CLONE_NEWIPC) == 0;
}

void cu_sem_snapshot(struct cu_semsnap *snap)
{
    char line[512];
    snap->n = 0;
    FILE *f = fopen("/proc/sysvipc/sem", "r");
    if (!f)
        return;
    if (!fgets(line, sizeof line, f)) { /* header */
        fclose(f);
        return;
    }
    while (fgets(line, sizeof line, f) && snap->n < 512) {
        long key;
        int semid, nsems;
        unsigned perms, uid;
        if (sscanf(line, "%ld %d %o %d %u", &key, &semid, &perms, &nsems,
                   &uid) == 5) {
            snap->s[snap->n].semid = semid;
            snap->s[snap->n].nsems = nsems;
            snap->s[snap->n].uid = uid;
            snap->n++;
        }
    }
    fclose(f);
}

static int cu_sem_in(const struct cu_semsnap *s, int semid)
{
    for (int i = 0; i < s->n; i++)
        if (s->s[i].semid == semid)
            return 1;
    return 0;
}

int cu_sem_leaked_now(const struct cu_semsnap *before,
                      int private_ns, const pid_t *ours,
                      int nours, char *desc, size_t dlen)
{
    struct cu_semsnap now;
    int leaked = 0;
    size_t used = 0;
    cu_sem_snapshot(&now);
    if (desc && dlen)
        desc[0] = 0;
    for (int i = 0; i < now.n; i++) {
        if (cu_sem_in(before, now.s[i].semid))
            continue;
        int is_leak = private_ns;
        if (!is_leak) {
            int any_live = 0, any_ours = 0;
            for (int k = 0; k < now.s[i].nsems; k++) {
                int p = semctl(now.s[i].semid, k, GETPID);
                if (p <= 0)
                    continue;
                for (int j = 0; j < nours; j++)
                    if (ours[j] == p)
                        any_ours = 1;
                if (cu_pid_alive(p))
                    any_live = 1;
            }
            if (semctl(now.s[i].semid, 0, GETVAL) == -1 && errno == EINVAL)
                continue; /* removed meanwhile */
            is_leak = any_ours || !any_live;
        }
        if (is_leak) {
            leaked++;
            if (desc && used + 32 < dlen)
                used += (size_t)snprintf(desc + used, dlen - used,
                                         "semid %d (%d sems) ",
                                         now.s[i].semid, now.s[i].nsems);
        }
    }
    return leaked;
}

int cu_sem_leaks(const struct cu_semsnap *before,
                 int private_ns, const pid_t *ours,
                 int nours, double timeout_s, char *desc,
                 size_t dlen)
{
    double end = now() + timeout_s;
    for (;;) {
        int n = cu_sem_leaked_now(before, private_ns, ours, nours, desc,
                                  dlen);
        if (n == 0 || now() > end)
            return n;
        sleep_ms(20);
    }
}

/* ------------------------------------------------------------------ */
/* Running a helper program (tests/faulty, tests/realprog...) in its own */
/* process group, capturing its output                                  */

static const char *cu_faulty_path(void)
{
    const char *p = getenv("FAULTY");
    return (p && *p) ? p : "./tests/faulty";
}

void cu_spawn(struct cu_proc *p, char *const argv[],
              const struct cu_spawn_opts *o)
{
    static const struct cu_spawn_opts none;
    int po[2], pe[2];
    if (!o)
        o = &none;
    memset(p, 0, sizeof *p);
    ck_assert_int_eq(pipe(po), 0);
    ck_assert_int_eq(pipe(pe), 0);
    fflush(NULL);
    p->t_start = now();
    pid_t pid = fork();
    ck_assert_int_ne(pid, -1);
    if (pid == 0) {
        pid_t parent = getppid();
        setpgid(0, 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        close(po[0]);
        close(po[1]);
        close(pe[0]);
        close(pe[1]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(125);
        struct rlimit rl = { 0, 0 };
        setrlimit(RLIMIT_CORE, &rl);
        /* the test must not depend on how make check was started */
        signals_default();
        if (o->ign_int)
            signal(SIGINT, SIG_IGN);
        unsetenv("MLTP_STACK_SIZE");
        unsetenv("MLTP_STACK_GUARD");
        unsetenv("MLTP_STACK_CACHE");
        unsetenv("MLTP_SPIN_US");
        unsetenv("MLTP_STATS");
        unsetenv("MLTP_AFFINITY");
        for (const char *const *e = o->env; e && *e; e++)
            putenv((char *)*e);
        execv(argv[0], argv);
        dprintf(2, "exec %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid); /* both sides, against the race */
    close(po[1]);
    close(pe[1]);
    fcntl(po[0], F_SETFL, O_NONBLOCK);
    fcntl(pe[0], F_SETFL, O_NONBLOCK);
    p->pid = pid;
    p->outfd = po[0];
    p->errfd = pe[0];
}

void cu_spawn_faulty_env(struct cu_proc *p, const char *scenario, int ign_int,
                         const char *const *env)
{
    char *argv[] = { (char *)cu_faulty_path(), (char *)scenario, NULL };
    struct cu_spawn_opts o = { .ign_int = ign_int, .env = env };
    cu_spawn(p, argv, &o);
}

void cu_spawn_faulty_ex(struct cu_proc *p, const char *scenario, int ign_int)
{
    cu_spawn_faulty_env(p, scenario, ign_int, NULL);
}

void cu_spawn_faulty(struct cu_proc *p, const char *scenario)
{
    cu_spawn_faulty_ex(p, scenario, 0);
}

int cu_pump(struct cu_proc *p, int wait_ms)
{
    struct pollfd fds[2];
    int nf = 0, got = 0;
    if (p->outfd >= 0) {
        fds[nf].fd = p->outfd;
        fds[nf].events = POLLIN;
        nf++;
    }
    if (p->errfd >= 0) {
        fds[nf].fd = p->errfd;
        fds[nf].events = POLLIN;
        nf++;
    }
    if (nf == 0) {
        if (wait_ms > 0)
            sleep_ms(wait_ms);
        return 0;
    }
    if (poll(fds, (nfds_t)nf, wait_ms) <= 0)
        return 0;
    for (int i = 0; i < nf; i++) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
        int isout = fds[i].fd == p->outfd;
        char *buf = isout ? p->out : p->err;
        size_t *len = isout ? &p->outlen : &p->errlen;
        char tmp[4096];
        ssize_t r = read(fds[i].fd, tmp, sizeof tmp);
        if (r > 0) {
            size_t room = CU_OUTMAX - 1 - *len;
            size_t k = (size_t)r < room ? (size_t)r : room;
            memcpy(buf + *len, tmp, k);
            *len += k;
            buf[*len] = 0;
            got = 1;
        } else if (r == 0 || (r < 0 && errno != EAGAIN && errno != EINTR)) {
            close(fds[i].fd);
            if (isout)
                p->outfd = -1;
            else
                p->errfd = -1;
        }
    }
    return got;
}

void cu_try_reap(struct cu_proc *p)
{
    if (p->exited)
        return;
    int st;
    pid_t r = waitpid(p->pid, &st, WNOHANG);
    if (r == p->pid) {
        p->status = st;
        p->exited = 1;
        p->t_exit = now();
    }
}

int cu_wait_output(struct cu_proc *p, const char *needle, double timeout_s)
{
    double end = now() + timeout_s;
    while (now() < end) {
        if (strstr(p->out, needle))
            return 1;
        cu_pump(p, 20);
        cu_try_reap(p);
        if (p->exited && p->outfd < 0)
            break;
    }
    return strstr(p->out, needle) != NULL;
}

void cu_finish(struct cu_proc *p, double timeout_s)
{
    double end = p->t_start + timeout_s;
    while (!p->exited) {
        cu_pump(p, 10);
        cu_try_reap(p);
        if (!p->exited && now() > end) {
            kill(-p->pid, SIGKILL);
            kill(p->pid, SIGKILL);
            int st;
            if (waitpid(p->pid, &st, 0) == p->pid) {
                p->status = st;
                p->exited = 1;
                p->t_exit = now();
            }
            p->timed_out = 1;
        }
    }
    double dend = now() + 1.0;
    while ((p->outfd >= 0 || p->errfd >= 0) && now() < dend)
        cu_pump(p, 20);
    if (p->outfd >= 0)
        close(p->outfd);
    if (p->errfd >= 0)
        close(p->errfd);
    p->outfd = p->errfd = -1;
}

const char *cu_status_str(int st, char *buf, size_t len)
{
    if (WIFEXITED(st))
        snprintf(buf, len, "exit status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(st),
                 strsignal(WTERMSIG(st)));
    else
        snprintf(buf, len, "status 0x%x", st);
    return buf;
}

int cu_died_of(int st, int sig)
{
    return (WIFSIGNALED(st) && WTERMSIG(st) == sig) ||
           (WIFEXITED(st) && WEXITSTATUS(st) == 128 + sig);
}

int cu_parse_vppids(const char *out, pid_t *pids, int max)
{
    const char *v = strstr(out, "VPPIDS");
    int n = 0;
    if (!v)
        return 0;
    v += 6;
    while (n < max && *v == ' ') {
        char *end;
        long x = strtol(v, &end, 10);
        if (end == v)
            break;
        if (x > 0)
            pids[n++] = (pid_t)x;
        v = end;
    }
    return n;
}

int cu_count_lines(const char *s, const char *prefix, char *first, size_t flen)
{
    int n = 0;
    size_t pl = strlen(prefix);
    if (first && flen)
        first[0] = 0;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (len >= pl && strncmp(s, prefix, pl) == 0) {
            if (n == 0 && first && flen) {
                size_t k = len < flen - 1 ? len : flen - 1;
                memcpy(first, s, k);
                first[k] = 0;
            }
            n++;
        }
        s += len;
        if (*s == '\n')
            s++;
    }
    return n;
}

int cu_count_str(const char *s, const char *needle)
{
    int n = 0;
    size_t nl = strlen(needle);
    for (const char *q = strstr(s, needle); q; q = strstr(q + nl, needle))
        n++;
    return n;
}

int cu_has_number(const char *s, long v)
{
    char num[32];
    snprintf(num, sizeof num, "%ld", v);
    size_t nl = strlen(num);
    for (const char *q = strstr(s, num); q; q = strstr(q + 1, num)) {
        int before = q > s && isdigit((unsigned char)q[-1]);
        int after = isdigit((unsigned char)q[nl]);
        if (!before && !after)
            return 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Leaving tests out                                                    */

/* Whether MLTP_TEST_SKIP lists test name whole (i < 0: only that) or
   its iteration i ("name:i"). */
static int cu_skip_listed(const char *name, int i)
{
    const char *s = getenv("MLTP_TEST_SKIP");
    size_t n = strlen(name);

    for (const char *p = s; p && *(p += strspn(p, " ")); p += strcspn(p, " ")) {
        if (strncmp(p, name, n) != 0)
            continue;
        if (p[n] == ' ' || !p[n])
            return 1;
        size_t d = strspn(p + n + 1, "0123456789");
        if (p[n] == ':' && i >= 0 && d > 0 && (p[n + 1 + d] == ' ' || !p[n + 1 + d]) &&
            atoi(p + n + 1) == i)
            return 1;
    }
    return 0;
}

void cu_add_test(TCase *tc, const TTest *t, int sig,
                 int allowed_exit, int start, int end)
{
    int from = start;

    if (cu_skip_listed(t->name, -1)) {
        printf("left out (MLTP_TEST_SKIP): %s\n", t->name);
        return;
    }
    for (int i = start; i < end; i++) {
        if (!cu_skip_listed(t->name, i))
            continue;
        if (from < i)
            _tcase_add_test(tc, t, sig, allowed_exit, from, i);
        printf("left out (MLTP_TEST_SKIP): %s:%d\n", t->name, i);
        from = i + 1;
    }
    if (from < end)
        _tcase_add_test(tc, t, sig, allowed_exit, from, end);
}

/* ------------------------------------------------------------------ */
/* Suite runner                                                         */

int cu_stress_runs(void)
{
    const char *s = getenv("MLTP_STRESS_RUNS");
    int n = s && *s ? atoi(s) : 20;
    return n > 0 ? n : 1;
}

TCase *cu_tcase(Suite *s, const char *name, int timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    suite_add_tcase(s, tc);
    return tc;
}

/* The rows added to s, the first ones (before a CU_TCASE row) to tc. */
static void cu_add_rows(Suite *s, TCase *tc, const struct cu_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (rows[i].tcase) {
            tc = cu_tcase(s, rows[i].tcase, rows[i].timeout);
        } else if (!tc) {
            fprintf(stderr, "a suite's table adds a test before its first CU_TCASE row\n");
            exit(EXIT_FAILURE);
        } else {
            cu_add_test(tc, *rows[i].test, 0, 0, rows[i].start, rows[i].end);
        }
    }
}

void cu_suite_add(Suite *s, const struct cu_row *rows, size_t n)
{
    cu_add_rows(s, NULL, rows, n);
}

int cu_run_suite(Suite *s)
{
    /* a bad MLTP_TEST_VPS ends the program here, with status 2, rather
       than every test that asks for it */
    several_vps(2);
    /* Check reaps its tests (SIGCHLD ignored: it cannot) and times them
       out with SIGALRM; the tests send the signals they expect to end a
       program */
    signals_default();
    /* Where allowed (root), run in a private IPC namespace: a semaphore
       set that a failing test leaves behind goes away with the suite
       instead of piling up on the machine. The leak tests make their own
       namespace (or, unprivileged, look at the shared one). */
    cu_private_ipc();
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_FORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

int cu_main(const char *suite, const struct cu_row *rows, size_t n)
{
    Suite *s = suite_create(suite);
    cu_suite_add(s, rows, n);
    return cu_run_suite(s);
}

int cu_stress_main(const char *suite, const struct cu_row *rows, size_t n,
                   int run_s)
{
    Suite *s = suite_create(suite);
    cu_add_rows(s, cu_tcase(s, "stress", cu_stress_runs() * run_s), rows, n);
    return cu_run_suite(s);
}
