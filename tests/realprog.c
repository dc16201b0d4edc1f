/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * realprog.c - small programs written as a new user would write them
 * against the process layer: their own pthreads, SIGCHLD set by the program, bound threads
 * that exit or crash, children of ULTs, fork(), signals sent to a VP, the
 * janitor, deadlocks through locks, bad input, a pipeline. Run by
 * test_proc.c and stress_proc.c.
 *
 *   realprog SCENARIO NVP [ARG]
 *
 * NVP is the number of VPs every mltp_start gets. ARG, where a scenario
 * takes one, is a count (starts, ...) or a small number (see below).
 *
 * A scenario that ends normally prints its markers and exits 0. A ULT that
 * is about to crash prints "CRASHER id=<thrid> vp=<n> pid=<pid>". The
 * scenarios that wait for a signal print "VPPIDS p0 p1 ..." and "READY"
 * once every VP runs. stdout is line-buffered, so that a fork() never
 * copies a half-written buffer and every marker reaches the test at once.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "mltp.h"
#define PU_CRASH_TESTS
#include "prog_util.h"


static int nvp = 2;
static const char *arg;       /* argv[3] or NULL */



static int arg_int(int dflt)
{
    return arg ? atoi(arg) : dflt;
}





/* The SigBlk line of /proc/self/status, as hex digits, in out. */
static int read_sigblk(char *out, size_t len)
{
    char buf[4096];
    int fd = open("/proc/self/status", O_RDONLY);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    char *l = strstr(buf, "SigBlk:");
    if (!l)
        return -1;
    l += 7;
    while (*l == ' ' || *l == '\t')
        l++;
    size_t k = 0;
    while (l[k] && l[k] != '\n' && k < len - 1) {
        out[k] = l[k];
        k++;
    }
    out[k] = 0;
    return 0;
}


/* 1 if some thread of process `pid` is alive (not a zombie): a process
   whose main thread has ended shows as a zombie while others run. */
static int threads_live(const char *pid)
{
    char dir[300];
    snprintf(dir, sizeof dir, "/proc/%s/task", pid);
    DIR *d = opendir(dir);
    struct dirent *e;
    int live = 0;
    if (!d)
        return 0;
    while (!live && (e = readdir(d)) != NULL) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        char path[600], buf[512];
        snprintf(path, sizeof path, "%s/%.256s/stat", dir, e->d_name);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[len] = 0;
        char *rp = strrchr(buf, ')');
        live = rp && rp[1] == ' ' && !strchr("ZXx", rp[2]);
    }
    closedir(d);
    return live;
}

/* Live processes of our process group other than us and our parent
   (which shares it when we are run by hand, by timeout(1) say). */
static int others_in_group(void)
{
    int n = 0;
    pid_t me = getpid(), pg = getpgrp(), parent = getppid();
    struct proc_walk w;
    if (proc_walk_open(&w))
        return -1;
    while (proc_walk_next(&w)) {
        struct proc_stat ps;
        int pid = atoi(w.pid);
        if (pid != (int)me && pid != (int)parent &&
            proc_stat_read(w.pid, &ps) == 0 && ps.pgrp == (int)pg &&
            threads_live(w.pid))
            n++;
    }
    return n;
}

static void close_fds_from_3(void)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0)
        return;
#endif
    long max = sysconf(_SC_OPEN_MAX);
    for (long fd = 3; fd < (max > 0 ? max : 1024); fd++)
        close((int)fd);
}

/* ------------------------------------------------------------------ */
/* ULT bodies used by several scenarios                                 */

static void *yield_few(void *p)
{
    (void)p;
    for (int i = 0; i < 5; i++)
        mltp_yield();
    return NULL;
}

/* Keeps its VP occupied for good, but mostly asleep: a program that
   hangs (today's library) must not starve the other test suites that
   make check runs alongside. */
static void *busy(void *p)
{
    (void)p;
    for (;;) {
        note_vp();
        sleep_ms(1);
        mltp_yield();
    }
    return NULL;
}

/* Busy for at most `secs`, or until *stop (if not NULL) is set. */
struct spin_arg {
    double secs;
    int *stop;
};

static void *busy_until(void *p)
{
    struct spin_arg *a = p;
    double end = now() + a->secs;
    while (now() < end && !(a->stop && LOAD(*a->stop))) {
        note_vp();
        mltp_yield();
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* 1. the program's own pthreads                                        */

static void *pt_sleeper(void *p)
{
    (void)p;
    for (;;)
        sleep_ms(1);
    return NULL;
}

static int pthread_starts(void)
{
    int n = arg_int(200);
    pthread_t pt;
    int e = pthread_create(&pt, NULL, pt_sleeper, NULL);
    if (e) {
        printf("pthread_create: %s\n", strerror(e));
        return 98;
    }
    for (int s = 0; s < n; s++) {
        mltp_t *h[4];
        for (int i = 0; i < 4; i++)
            h[i] = make(yield_few, NULL);
        mltp_start(nvp);
        for (int i = 0; i < 4; i++)
            free(h[i]);
    }
    printf("done %d\n", n);
    return 0;
}

static void *pt_forever(void *p)
{
    (void)p;
    for (;;)
        sleep_ms(10);
    return NULL;
}

static void *ult_makes_pthread(void *p)
{
    (void)p;
    pthread_t pt;
    int e = pthread_create(&pt, NULL, pt_forever, NULL);
    printf("pthread-created rc=%d\n", e);
    return NULL;
}

static void *pt_value(void *p)
{
    sleep_ms(10);
    return p;
}

static void *ult_joins_pthread(void *p)
{
    (void)p;
    pthread_t pt;
    void *v = NULL;
    int e = pthread_create(&pt, NULL, pt_value, (void *)0x1234);
    if (e) {
        printf("pthread_create rc=%d\n", e);
        return NULL;
    }
    e = pthread_join(pt, &v);
    printf("joined=%p rc=%d\n", v, e);
    return NULL;
}

static int pthread_in_ult(int join)
{
    make(join ? ult_joins_pthread : ult_makes_pthread, NULL);
    for (int i = 0; i < 3; i++)
        make(yield_few, NULL);
    mltp_start(nvp);
    printf("start-returned\n");
    /* the VPs, and a pthread in one of them, end with the start (2 s of
       grace for the kernel to finish them) */
    int n = others_in_group();
    for (double end = now() + 2.0; n > 0 && now() < end; sleep_ms(10))
        n = others_in_group();
    printf("others-alive=%d\n", n);
    return 0;
}

/* ------------------------------------------------------------------ */
/* 2. SIGCHLD set by the program                                        */

static void *sets_chld_ign(void *p)
{
    (void)p;
    mltp_yield();
    signal(SIGCHLD, SIG_IGN);
    for (int i = 0; i < 5; i++)
        mltp_yield();
    return NULL;
}

static volatile int chld_reaped;
static void chld_handler(int sig)
{
    int e = errno;
    (void)sig;
    while (waitpid(-1, NULL, WNOHANG) > 0)
        chld_reaped++;
    errno = e;
}

/* mode 0: SIG_IGN before the starts; 1: a ULT sets SIG_IGN in each start;
   2: a handler that reaps any child (waitpid(-1)), and a child of main
   that ends during each start so that the handler runs in the reaper */
static int sigchld_starts(int mode)
{
    int n = arg_int(20);
    if (mode == 0)
        signal(SIGCHLD, SIG_IGN);
    if (mode == 2) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = chld_handler;
        sa.sa_flags = SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGCHLD, &sa, NULL);
    }
    for (int s = 0; s < n; s++) {
        mltp_t *h[4];
        if (mode == 1)
            signal(SIGCHLD, SIG_DFL);
        if (mode == 2) {
            pid_t c = fork();
            if (c == 0) {
                sleep_ms(1);
                _exit(0);
            }
        }
        h[0] = make(mode == 1 ? sets_chld_ign : yield_few, NULL);
        for (int i = 1; i < 4; i++)
            h[i] = make(yield_few, NULL);
        mltp_start(nvp);
        for (int i = 0; i < 4; i++)
            free(h[i]);
    }
    if (mode == 2)
        printf("handler-reaped=%d\n", chld_reaped);
    printf("done %d\n", n);
    return 0;
}

static void *sets_chld_ign_busy(void *p)
{
    (void)p;
    signal(SIGCHLD, SIG_IGN);
    return busy(NULL);
}

/* in_ult: a ULT sets SIG_IGN at the start of the start, else main before */
static int sigchld_ign_segv(int in_ult)
{
    if (in_ult)
        make(sets_chld_ign_busy, NULL);
    else
        signal(SIGCHLD, SIG_IGN);
    make(busy, NULL);
    make(busy, NULL);
    make(segv_ult, NULL);
    make(busy, NULL);
    mltp_start(nvp);
    printf("start-returned\n");
    return 3;
}

/* ------------------------------------------------------------------ */
/* 3. bound threads                                                     */

/* takes a while, as handlers that flush or close files do: the start
   must not return meanwhile */
static void at_exit_handler(void)
{
    printf("atexit-ran\n");
    sleep_ms(50);
}

static void bound_exit5(void *p)
{
    (void)p;
    sleep_ms(20);
    exit(5);
}

static void *ult_bound_exit(void *p)
{
    (void)p;
    make_bound(bound_exit5, NULL);
    static struct spin_arg a = { 5.0, NULL };
    return busy_until(&a);
}

static int bound_exit_start(void)
{
    static struct spin_arg a = { 5.0, NULL };
    atexit(at_exit_handler);
    make(ult_bound_exit, NULL);
    for (int i = 0; i < nvp + 1; i++)
        make(busy_until, &a);
    mltp_start(nvp);
    printf("start-returned\n");
    return 0;
}

static void bound_exit6(void *p)
{
    (void)p;
    sleep_ms(50);
    exit(6);
}

static void bound_segv(void *p)
{
    (void)p;
    sleep_ms(10);
    *null_ptr = 2;
}

/* main keeps busy for 2 s without joining the bound thread, which exits
   (6) or, if segv, crashes */
static int bound_outside(int segv)
{
    mltp_t *t = make_bound(segv ? bound_segv : bound_exit6, NULL);
    for (int i = 0; i < 200; i++)
        sleep_ms(10);
    printf("main-finished\n");
    mltp_join_bound(*t);
    printf("join-returned\n");
    return 0;
}

static void bound_nop(void *p) { (void)p; }

static volatile int bz_failed;
static void *ult_bound_batch(void *p)
{
    int n = (int)(intptr_t)p;
    for (int i = 0; i < n; i++) {
        mltp_t *t = mltp_create_bound(bound_nop, NULL, 0, NULL);
        if (!t) {
            INC(bz_failed);
            continue;
        }
        mltp_join_bound(*t);
        free(t);
    }
    return NULL;
}

static int zombie_children(void)
{
    int n = 0;
    pid_t me = getpid();
    struct proc_walk w;
    if (proc_walk_open(&w))
        return -1;
    while (proc_walk_next(&w)) {
        struct proc_stat ps;
        if (proc_stat_read(w.pid, &ps) == 0 && ps.ppid == (int)me &&
            ps.state == 'Z')
            n++;
    }
    return n;
}

/* ARG: bound threads per ULT (30 ULTs) */
static int bound_zombies(void)
{
    int per = arg_int(10);
    for (int i = 0; i < 30; i++)
        make(ult_bound_batch, (void *)(intptr_t)per);
    double t0 = now();
    mltp_start(nvp);
    printf("created=%d failed=%d in %.0f ms\n", 30 * per - bz_failed,
           bz_failed, (now() - t0) * 1e3);
    int z = zombie_children();
    for (double end = now() + 2.0; z > 0 && now() < end; sleep_ms(10))
        z = zombie_children();
    printf("zombies=%d\n", z);
    return 0;
}

static int bsj_done;
static void *ult_joins_crashing_bound(void *p)
{
    (void)p;
    mltp_t *t = make_bound(bound_segv, NULL);
    mltp_join_bound(*t);
    printf("join-returned\n");
    STORE(bsj_done, 1);
    return NULL;
}

static int bound_segv_ult_join(void)
{
    /* the other ULTs keep every VP busy while the join waits */
    static struct spin_arg a = { 2.0, &bsj_done };
    make(ult_joins_crashing_bound, NULL);
    for (int i = 0; i < nvp; i++)
        make(busy_until, &a);
    mltp_start(nvp);
    printf("start-returned\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* 4. children of ULTs                                                  */

static void *ult_forks_mask(void *p)
{
    (void)p;
    mltp_yield();
    fflush(stdout);
    pid_t c = fork();
    if (c == 0) {
        char m[64];
        if (read_sigblk(m, sizeof m) != 0)
            strcpy(m, "unreadable");
        dprintf(1, "child-sigblk=%s\n", m);
        _exit(0);
    }
    int st = -1;
    if (c < 0)
        printf("fork: %s\n", strerror(errno));
    else
        while (waitpid(c, &st, 0) < 0 && errno == EINTR)
            ;
    printf("child-status=%d\n", st);
    return NULL;
}

static void *ult_system_mask(void *p)
{
    (void)p;
    mltp_yield();
    fflush(stdout);
    /* exec: dash runs a plain foreground command with an empty mask of
       its own making; exec keeps the mask the shell itself started with,
       which is what system() gave it */
    int r = system("exec grep SigBlk /proc/self/status");
    printf("system-rc=%d\n", r);
    return NULL;
}

static void *ult_popen_mask(void *p)
{
    (void)p;
    char line[256] = "";
    mltp_yield();
    fflush(stdout);
    FILE *f = popen("exec grep SigBlk /proc/self/status", "r");
    if (!f) {
        printf("popen: %s\n", strerror(errno));
        return NULL;
    }
    if (!fgets(line, sizeof line, f))
        strcpy(line, "nothing\n");
    int r = pclose(f);
    printf("popen-%s", line);
    printf("pclose-rc=%d\n", r);
    return NULL;
}

/* mode: 0 fork, 1 system, 2 popen; plus CM_USR2: main blocks SIGUSR2
   first */
#define CM_USR2 4
static int child_mask(int mode)
{
    int how = mode & ~CM_USR2, usr2 = mode & CM_USR2;
    char m[64];
    if (usr2) {
        sigset_t s;
        sigemptyset(&s);
        sigaddset(&s, SIGUSR2);
        sigprocmask(SIG_BLOCK, &s, NULL);
    }
    if (read_sigblk(m, sizeof m) != 0)
        strcpy(m, "unreadable");
    printf("main-sigblk=%s\n", m);
    make(how == 0 ? ult_forks_mask : how == 1 ? ult_system_mask
         : ult_popen_mask, NULL);
    for (int i = 0; i < nvp; i++)
        make(yield_few, NULL);
    mltp_start(nvp);
    printf("start-returned\n");
    return 0;
}

static void *ult_runs_sleep(void *p)
{
    (void)p;
    fflush(stdout);
    pid_t c = fork();
    if (c == 0) {
        execlp("sleep", "sleep", "30", (char *)NULL);
        _exit(127);
    }
    if (c < 0) {
        printf("fork: %s\n", strerror(errno));
        return NULL;
    }
    /* READY once the child runs sleep, not a copy of the VP */
    char path[64], comm[64] = "";
    snprintf(path, sizeof path, "/proc/%d/comm", (int)c);
    for (double end = now() + 2.0; now() < end; sleep_ms(2)) {
        FILE *f = fopen(path, "r");
        if (f) {
            if (!fgets(comm, sizeof comm, f))
                comm[0] = 0;
            fclose(f);
        }
        if (!strcmp(comm, "sleep\n"))
            break;
    }
    printf("CHILD %d\nREADY\n", (int)c);
    fflush(stdout);
    int st;
    pid_t r;
    while ((r = waitpid(c, &st, WNOHANG)) == 0) {
        sleep_ms(1);
        mltp_yield();
    }
    if (r == c)
        printf("child-ended status=0x%x\n", st);
    return NULL;
}

static int fork_exec_sleep(void)
{
    make(ult_runs_sleep, NULL);
    mltp_start(nvp);
    printf("start-returned\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* 5. fork()                                                            */

static int bf_done;
static void bound_forks(void *p)
{
    int n = (int)(intptr_t)p, ok = 0;
    for (int i = 0; i < n; i++) {
        fflush(stdout);
        pid_t c = fork();
        if (c == 0)
            exit(0);
        if (c < 0) {
            printf("fork: %s\n", strerror(errno));
            continue;
        }
        int st;
        pid_t r;
        while ((r = waitpid(c, &st, 0)) < 0 && errno == EINTR)
            ;
        if (r == c && WIFEXITED(st) && WEXITSTATUS(st) == 0)
            ok++;
        else
            printf("fork child %d: r=%d status=0x%x\n", (int)c, (int)r, st);
    }
    printf("forks-ok=%d\n", ok);
    STORE(bf_done, 1);
}

static void *ult_bound_forker(void *p)
{
    (void)p;
    mltp_t *t = make_bound(bound_forks, (void *)(intptr_t)20);
    mltp_join_bound(*t);
    free(t);
    printf("ult-end forker\n");
    return NULL;
}

static void *ult_until_done(void *p)
{
    int id = (int)(intptr_t)p;
    double end = now() + 10.0;
    while (!LOAD(bf_done) && now() < end)
        mltp_yield();
    printf("ult-end %d\n", id);
    return NULL;
}

static int bound_fork(void)
{
    make(ult_bound_forker, NULL);
    for (int i = 0; i < nvp + 1; i++)
        make(ult_until_done, (void *)(intptr_t)i);
    mltp_start(nvp);
    printf("start-returned\n");
    return 0;
}

/* What the forked child does with MLTP: 4 ULTs and a bound thread. */
static int child_ults, child_bound_ran;
static void *child_ult(void *p)
{
    (void)p;
    mltp_yield();
    printf("child-ult\n");
    INC(child_ults);
    return NULL;
}

static void child_bound(void *p)
{
    (void)p;
    printf("child-bound\n");
    STORE(child_bound_ran, 1);
}

static void child_uses_mltp(void) __attribute__((noreturn));
static void child_uses_mltp(void)
{
    for (int i = 0; i < 4; i++)
        if (!mltp_create(child_ult, NULL)) {
            printf("child: mltp_create: %s\n", strerror(errno));
            exit(97);
        }
    mltp_t *b = mltp_create_bound(child_bound, NULL, 0, NULL);
    if (!b) {
        printf("child: mltp_create_bound: %s\n", strerror(errno));
        exit(97);
    }
    int e = start_errno(nvp);
    mltp_join_bound(*b);
    if (LOAD(child_ults) == 4 && LOAD(child_bound_ran))
        printf("child-ok\n");
    else
        printf("child-bad ults=%d bound=%d start-errno=%d\n",
               LOAD(child_ults), LOAD(child_bound_ran), e);
    exit(0);
}

/* fork, let the child use MLTP, wait for it; says how it ended */
static void fork_child_mltp(const char *who)
{
    fflush(stdout);
    pid_t c = fork();
    if (c == 0)
        child_uses_mltp();
    if (c < 0) {
        printf("fork: %s\n", strerror(errno));
        return;
    }
    int st = 0;
    pid_t r;
    while ((r = waitpid(c, &st, 0)) < 0 && errno == EINTR)
        ;
    if (r != c)
        printf("child-status %s: waitpid: %s\n", who, strerror(errno));
    else if (WIFEXITED(st))
        printf("child-status %s: exit %d\n", who, WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
        printf("child-status %s: signal %d\n", who, WTERMSIG(st));
    else
        printf("child-status %s: 0x%x\n", who, st);
}

static int fc_done;
static void *parent_ult(void *p)
{
    (void)p;
    double end = now() + 10.0;
    mltp_yield();
    while (!LOAD(fc_done) && now() < end)
        mltp_yield();
    printf("parent-ult\n");
    return NULL;
}

static void *ult_forks_child(void *p)
{
    (void)p;
    mltp_yield();
    fork_child_mltp("ult");
    STORE(fc_done, 1);
    return NULL;
}

static void bound_forks_child(void *p)
{
    (void)p;
    fork_child_mltp("bound");
    STORE(fc_done, 1);
}

static void *ult_runs_bound_forker(void *p)
{
    (void)p;
    mltp_t *t = make_bound(bound_forks_child, NULL);
    mltp_join_bound(*t);
    free(t);
    return NULL;
}

static void *first_start_ult(void *p)
{
    (void)p;
    printf("first-start-ult\n");
    return NULL;
}

/* where: 0 main between starts, 1 a ULT, 2 a bound thread */
static int fork_child(int where)
{
    if (where == 0) {
        make(first_start_ult, NULL);
        mltp_start(nvp);
        STORE(fc_done, 1);     /* the parent ULTs need not wait */
        make(parent_ult, NULL);
        make(parent_ult, NULL);
        fork_child_mltp("main");
        mltp_start(nvp);
    } else {
        make(where == 1 ? ult_forks_child : ult_runs_bound_forker, NULL);
        for (int i = 0; i < 3; i++)
            make(parent_ult, NULL);
        mltp_start(nvp);
    }
    printf("start-returned\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* 6. signals                                                           */

static int sig_wait(void)
{
    for (int i = 0; i < nvp + 1; i++)
        make(busy, NULL);
    make_ready(nvp, busy);
    mltp_start(nvp);
    printf("start-returned\n");
    return 3;
}

static int handled;
static int handler_set;
static void int_handler(int sig)
{
    (void)sig;
    INC(handled);
    if (write(1, "handled\n", 8) < 0)
        return;
}

static void *ult_sets_handler(void *p)
{
    (void)p;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = int_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    STORE(handler_set, 1);
    return NULL;
}

/* In a ULT: until *count is 1 or more, at most secs. */
static void until_counted(int *count, double secs)
{
    double end = now() + secs;
    while (LOAD(*count) < 1 && now() < end) {
        note_vp();
        sleep_ms(1);
        mltp_yield();
    }
}

static void *until_handled(void *p)
{
    int ready = p != NULL;
    while (!LOAD(handler_set))
        mltp_yield();
    if (ready)
        announce_ready(nvp);
    until_counted(&handled, 5.0);
    return NULL;
}

static int sigint_handler(void)
{
    make(ult_sets_handler, NULL);
    make(until_handled, (void *)1);
    for (int i = 0; i < nvp + 1; i++)
        make(until_handled, NULL);
    mltp_start(nvp);
    printf("count=%d\n", LOAD(handled));
    return 0;
}

/* A signal to the program while it is in mltp_start, in main's share
   (from mltp_begin on) or in mltp_end. ARG "CALL SIG HOW FROM": CALL
   start, begin or end; SIG a name (ALRM, INT, TERM); HOW handler or
   default; FROM kill (the test sends SIG to the program's pid once READY
   is out) or a number of ms (SIGALRM from ITIMER_REAL, armed by main in
   its own thread before the call, as alarm() is). The ULTs wait for the
   handler (at most SD_WAIT_S); then main prints "count=N" and, for the
   timer, "late-ms=N": how long after the expiry the handler ran. */
#define SD_WAIT_S 3.0
static int sd_count, sd_in_end;
static double sd_at;

static void sd_handler(int sig)
{
    (void)sig;
    if (INC(sd_count) == 1)
        sd_at = now();
    if (write(1, "handled\n", 8) < 0)
        return;
}

/* Until the handler has run; with p, says READY first. */
static void *sd_waiter(void *p)
{
    if (p)
        announce_ready(nvp);
    until_counted(&sd_count, SD_WAIT_S);
    return NULL;
}

/* READY once main waits in mltp_end. */
static void *sd_end_waiter(void *p)
{
    while (!LOAD(sd_in_end))
        mltp_yield();
    sleep_ms(50);
    return sd_waiter(p);
}

static int sig_number(const char *name)
{
    for (int s = 1; s < NSIG; s++)
        if (sigabbrev_np(s) && !strcmp(sigabbrev_np(s), name))
            return s;
    return 0;
}

static int sig_during(void)
{
    char call[8], name[8], how[8], from[8];
    struct sigaction sa;
    double expiry = 0;
    int sig;

    if (!arg || sscanf(arg, "%7s %7s %7s %7s", call, name, how, from) != 4 ||
        !(sig = sig_number(name))) {
        fprintf(stderr, "sig-during: ARG is \"CALL SIG HOW FROM\"\n");
        return 2;
    }
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = strcmp(how, "handler") ? SIG_DFL : sd_handler;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
    if (strcmp(from, "kill")) {
        int ms = atoi(from);
        struct itimerval it = { { 0, 0 }, { ms / 1000, (ms % 1000) * 1000L } };
        expiry = now() + ms / 1e3;
        setitimer(ITIMER_REAL, &it, NULL);
    }
    if (!strcmp(call, "start")) {
        make(sd_waiter, (void *)1);
        for (int i = 0; i < nvp; i++)
            make(sd_waiter, NULL);
        mltp_start(nvp);
    } else {
        if (mltp_begin(nvp) != 0) {
            printf("mltp_begin: %s\n", strerror(errno));
            return 99;
        }
        for (int i = 0; i < nvp; i++)
            make(sd_waiter, NULL);
        if (!strcmp(call, "begin")) {
            sd_waiter((void *)1);
        } else {
            make(sd_end_waiter, (void *)1);
            STORE(sd_in_end, 1);
        }
        mltp_end();
    }
    printf("count=%d\n", LOAD(sd_count));
    if (expiry > 0 && LOAD(sd_count) > 0)
        printf("late-ms=%.0f\n", (sd_at - expiry) * 1e3);
    return 0;
}

/* ------------------------------------------------------------------ */
/* 8. the janitor                                                       */

static mltp_lock_t jl, jl2;
static int jl_count, jl_go, jl_two;
static void *lock_user(void *p)
{
    int closer = p != NULL;
    if (closer) {
        mltp_yield();
        close_fds_from_3();
        printf("closed-fds\n");
        sleep_ms(20);          /* the program's own set-up after that */
        STORE(jl_go, 1);
    }
    while (!LOAD(jl_go))
        mltp_yield();
    for (int i = 0; i < 50; i++) {
        mltp_lock(&jl);
        jl_count++;
        mltp_unlock(&jl);
        if (LOAD(jl_two)) {
            mltp_lock(&jl2);
            mltp_unlock(&jl2);
        }
        mltp_yield();
    }
    return NULL;
}

static int run_lock_users(int closer)
{
    jl_count = 0;
    make(lock_user, closer ? (void *)1 : NULL);
    for (int i = 0; i < nvp; i++)
        make(lock_user, NULL);
    mltp_start(nvp);
    return jl_count;
}

/* in_ult: a ULT closes the fds during the first start, else main does
   before it */
static int janitor_closefds(int in_ult)
{
    int rc = mltp_lock_init(&jl, MLTP_LOCK_SEMAPHORE);
    printf("lock_init=%d\n", rc);
    if (rc)
        return 90;
    if (!in_ult) {
        close_fds_from_3();
        printf("closed-fds\n");
        /* a daemon goes on setting itself up for a moment: time enough
           for anything that reacts to the closed fds to have done so */
        sleep_ms(20);
        STORE(jl_go, 1);
    }
    int c = run_lock_users(in_ult);
    printf("counter1=%d\n", c);
    const char *td = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/mltp-realprog-XXXXXX",
             td && *td ? td : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        printf("mkstemp: %s\n", strerror(errno));
        return 91;
    }
    printf("tmpfd=%d\n", fd);
    rc = mltp_lock_init(&jl2, MLTP_LOCK_SEMAPHORE);
    printf("lock_init2=%d\n", rc);
    STORE(jl_two, rc == 0);
    STORE(jl_go, 1);
    c = run_lock_users(0);
    printf("counter2=%d\n", c);
    struct stat sb;
    fstat(fd, &sb);
    printf("file-size=%ld\n", (long)sb.st_size);
    if (sb.st_size > 0) {
        char buf[256];
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        buf[n > 0 ? n : 0] = 0;
        printf("file-content=<<%s>>\n", buf);
    }
    close(fd);
    unlink(path);
    mltp_lock_destroy(&jl);
    if (LOAD(jl_two))
        mltp_lock_destroy(&jl2);
    printf("done\n");
    return 0;
}

/* Can this process make one more task under RLIMIT_NPROC = limit? */
static int can_fork_under(int limit)
{
    struct rlimit old, rl;
    getrlimit(RLIMIT_NPROC, &old);
    rl = old;
    rl.rlim_cur = (rlim_t)limit;
    setrlimit(RLIMIT_NPROC, &rl);
    pid_t c = fork();
    if (c == 0)
        _exit(0);
    int ok = c > 0;
    if (ok)
        waitpid(c, NULL, 0);
    setrlimit(RLIMIT_NPROC, &old);
    return ok;
}

/* ARG: forks left before RLIMIT_NPROC is hit (0: the first fork of the
   janitor fails; 1: the second). Set before any MLTP call. In a user
   namespace of its own the process counts only its own tasks there (the
   limit is kept per user and namespace): exact, whatever other processes
   of the same uid do. Without one (user namespaces off), it counts its
   uid's tasks in /proc, which others may change meanwhile. */
static int janitor_nproc(void)
{
    int k = arg_int(0);
    /* here, after exec: the program's directory need not be open to
       nobody */
    if (become_nobody() != 0)
        return 98;
    uid_t uid = getuid();
    int own_ns = unshare(CLONE_NEWUSER) == 0;
    int live0 = own_ns ? 1 : tasks_of_uid(uid, 1);
    int n = own_ns ? 1 : tasks_of_uid(uid, 0);
    struct rlimit rl;
    getrlimit(RLIMIT_NPROC, &rl);
    rl.rlim_cur = (rlim_t)(n + k);
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < rl.rlim_cur)
        rl.rlim_cur = rl.rlim_max;
    int e = setrlimit(RLIMIT_NPROC, &rl) == 0 ? 0 : errno;
    printf("uid=%d own-userns=%d tasks=%d nproc-limit=%d setrlimit=%d\n",
           (int)uid, own_ns, n, (int)rl.rlim_cur, e);
    fflush(stdout);
    int rc = mltp_lock_init(&jl, MLTP_LOCK_SEMAPHORE);
    printf("lock_init=%d\n", rc);
    STORE(jl_go, 1);
    if (rc == 0) {
        make(lock_user, NULL);
        make(lock_user, NULL);
    } else {
        make(yield_few, NULL);
        make(yield_few, NULL);
    }
    e = start_errno(nvp);
    printf("start-errno=%d counter=%d\n", e, jl_count);
    if (rc == 0)
        mltp_lock_destroy(&jl);
    /* the VPs are gone: a task of ours still alive is the janitor; in our
       own namespace, whether one more task fits under a limit of 2 says
       so exactly */
    printf("extra-live=%d\n", own_ns ? !can_fork_under(2)
                                      : tasks_of_uid(uid, 1) - live0);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* 9. the end: a ULT touches ARG MiB (1024), then main returns after   */
/*    its start ("return"), the ULT calls exit(3) ("exit") or crashes   */
/*    ("segv")                                                          */

static void *toucher(void *p)
{
    size_t n = (size_t)arg_int(1024) << 20;
    char *m = malloc(n);
    const char *how = p;

    if (!m)
        return NULL;
    memset(m, 1, n);
    printf("touched\n");
    if (!strcmp(how, "exit"))
        exit(3);
    if (!strcmp(how, "segv"))
        *null_ptr = 1;
    return m;
}

static int touch_end(int how)
{
    static const char *const hows[] = { "return", "exit", "segv" };

    mltp_init();
    make(toucher, (void *)hows[how]);
    mltp_start(nvp);
    printf("done\n");
    return 0;
}

/* ------------------------------------------------------------------ */
/* 10. deadlocks through locks                                          */

static mltp_lock_t dl[2];
static int dl_held[2];
static void *dl_ult(void *p)
{
    int i = (int)(intptr_t)p;
    mltp_lock(&dl[i]);
    STORE(dl_held[i], 1);
    while (!LOAD(dl_held[1 - i]))
        mltp_yield();
    mltp_yield();
    mltp_lock(&dl[1 - i]);
    printf("got-both %d\n", i);
    mltp_unlock(&dl[1 - i]);
    mltp_unlock(&dl[i]);
    return NULL;
}

static int lock_deadlock(int cls)
{
    for (int i = 0; i < 2; i++) {
        int rc = mltp_lock_init(&dl[i], cls);
        if (rc) {
            printf("lock_init=%d\n", rc);
            return 90;
        }
    }
    make(dl_ult, (void *)0);
    make(dl_ult, (void *)1);
    printf("start-returned errno=%d\n", start_errno(nvp));
    return 0;
}

/* ------------------------------------------------------------------ */
/* 11. bad input                                                        */

static int ran_a, ran_b, ran_any;
static void *hello_ult(void *p)
{
    (void)p;
    INC(ran_any);
    printf("ran\n");
    return NULL;
}

static void *ult_a(void *p)
{
    (void)p;
    INC(ran_a);
    printf("ran-A\n");
    return NULL;
}

static void *ult_b(void *p)
{
    (void)p;
    INC(ran_b);
    printf("ran-B\n");
    return NULL;
}

/* MLTP_STACK_SIZE / MLTP_SPIN_US come from the environment */
static int env_check(void)
{
    mltp_init();
    printf("stack=%zu\n", mltp_get_stack_size());
    for (int i = 0; i < 4; i++)
        make(hello_ult, NULL);
    mltp_start(nvp);
    printf("ran=%d\n", ran_any);
    return 0;
}

static int attr_huge(void)
{
    static const struct {
        const char *what;
        size_t size;
    } sz[] = { { "SIZE_MAX", SIZE_MAX }, { "2^41", (size_t)1 << 41 } };
    for (int i = 0; i < 2; i++) {
        mltp_attr_t a;
        mltp_attr_init(&a);
        a.stacksize = sz[i].size;
        errno = 0;
        mltp_t *t = mltp_create_attr(&a, hello_ult, NULL);
        printf("attr %s: %s errno=%d\n", sz[i].what, t ? "created" : "NULL",
               t ? 0 : errno);
    }
    /* whatever was created runs; the library still works */
    make(hello_ult, NULL);
    mltp_start(nvp);
    printf("done\n");
    return 0;
}

static int lock_null(void)
{
    int rc = mltp_lock_init(NULL, MLTP_LOCK_SPIN);
    printf("rc=%d\n", rc);
    make(hello_ult, NULL);
    mltp_start(nvp);
    printf("done\n");
    return 0;
}

static int free_twice(void)
{
    mltp_t *t = make(hello_ult, NULL);
    mltp_start(nvp);
    int r1 = mltp_free(t);
    fflush(stdout);
    int r2 = mltp_free(t);
    printf("free1=%d free2=%d\n", r1, r2);
    mltp_t *a = make(ult_a, NULL);
    mltp_t *b = make(ult_b, NULL);
    printf("distinct=%d\n", a != b);
    mltp_start(nvp);
    printf("ran_a=%d ran_b=%d\n", ran_a, ran_b);
    return 0;
}

/* ------------------------------------------------------------------ */
/* 12. prog | head                                                      */

static void *printer(void *p)
{
    int id = (int)(intptr_t)p;
    for (long i = 0;; i++) {
        printf("line %d %ld\n", id, i);
        mltp_yield();
    }
    return NULL;
}

static int print_forever(void)
{
    for (int i = 0; i < nvp + 1; i++)
        make(printer, (void *)(intptr_t)i);
    mltp_start(nvp);
    printf("start-returned\n");
    return 3;
}

/* ------------------------------------------------------------------ */

static const struct pu_scenario scenarios[] = {
    PU_SCEN("pthread-starts", pthread_starts),
    PU_SCEN_WITH("pthread-in-ult", pthread_in_ult, 0),
    PU_SCEN_WITH("pthread-join-in-ult", pthread_in_ult, 1),
    PU_SCEN_WITH("sigchld-ign", sigchld_starts, 0),
    PU_SCEN_WITH("sigchld-ign-in-ult", sigchld_starts, 1),
    PU_SCEN_WITH("sigchld-handler", sigchld_starts, 2),
    PU_SCEN_WITH("sigchld-ign-segv", sigchld_ign_segv, 0),
    PU_SCEN_WITH("sigchld-ign-in-ult-segv", sigchld_ign_segv, 1),
    PU_SCEN("bound-exit-start", bound_exit_start),
    PU_SCEN_WITH("bound-exit-outside", bound_outside, 0),
    PU_SCEN_WITH("bound-segv-outside", bound_outside, 1),
    PU_SCEN("bound-zombies", bound_zombies),
    PU_SCEN("bound-segv-ult-join", bound_segv_ult_join),
    PU_SCEN_WITH("fork-mask", child_mask, 0),
    PU_SCEN_WITH("fork-mask-usr2", child_mask, 0 | CM_USR2),
    PU_SCEN_WITH("system-mask", child_mask, 1),
    PU_SCEN_WITH("popen-mask", child_mask, 2),
    PU_SCEN("fork-exec-sleep", fork_exec_sleep),
    PU_SCEN("bound-fork", bound_fork),
    PU_SCEN_WITH("fork-child-main", fork_child, 0),
    PU_SCEN_WITH("fork-child-ult", fork_child, 1),
    PU_SCEN_WITH("fork-child-bound", fork_child, 2),
    PU_SCEN("sig-wait", sig_wait),
    PU_SCEN("sigint-handler", sigint_handler),
    PU_SCEN("sig-during", sig_during),
    PU_SCEN_WITH("janitor-closefds", janitor_closefds, 0),
    PU_SCEN_WITH("janitor-closefds-ult", janitor_closefds, 1),
    PU_SCEN("janitor-nproc", janitor_nproc),
    PU_SCEN_WITH("touch-return", touch_end, 0),
    PU_SCEN_WITH("touch-exit", touch_end, 1),
    PU_SCEN_WITH("touch-segv", touch_end, 2),
    PU_SCEN_WITH("deadlock-block", lock_deadlock, MLTP_LOCK_BLOCK),
    PU_SCEN_WITH("deadlock-block-front", lock_deadlock, MLTP_LOCK_BLOCK_FRONT),
    PU_SCEN_WITH("deadlock-semaphore", lock_deadlock, MLTP_LOCK_SEMAPHORE),
    PU_SCEN("env-check", env_check),
    PU_SCEN("attr-huge", attr_huge),
    PU_SCEN("lock-null", lock_null),
    PU_SCEN("free-twice", free_twice),
    PU_SCEN("print-forever", print_forever),
};

int main(int argc, char **argv)
{
    return PU_MAIN(argc, argv, &nvp, &arg, scenarios);
}
