/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * prog_util.c - the helpers of prog_util.h, built once into
 * tests/libprogutil.a for the scenario programs and the Check suites.
 */
#include <grp.h>
#include <signal.h>
#include <sys/syscall.h>

#include "prog_util.h"
#include "internals.h"

int *volatile null_ptr;
volatile pid_t vp_pids[64];

double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A raw system call that MLTP does not see: from a ULT it holds the VP
   in the kernel, as the scenarios that use it mean (a ULT's nanosleep()
   waits on MLTP's timers, and its syscall() is a marked call whose VP a
   spare may take). */
void sleep_ms(int ms)
{
    struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
    while (base_syscall(SYS_nanosleep, &ts, &ts) == -1 && errno == EINTR)
        ;
}

void signal_default(int sig)
{
    sigset_t one;

    signal(sig, SIG_DFL);
    sigemptyset(&one);
    sigaddset(&one, sig);
    sigprocmask(SIG_UNBLOCK, &one, NULL);
}

void signals_default(void)
{
    sigset_t none;

    /* SIGKILL, SIGSTOP and glibc's own signals refuse: no matter */
    for (int sig = 1; sig < NSIG; sig++)
        signal(sig, SIG_DFL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

void note_vp(void)
{
    int v = mltp_vp_id();
    if (v >= 0 && v < 64)
        vp_pids[v] = getpid();
}

/* The first handles make() gave, kept until the program ends: scenarios
   drop the handles of ULTs they never join (the program is theirs to the
   end), and a leak check (make check-valgrind) must not count those as
   lost. Lock-free: ULTs on several VPs call make(), and a child forked
   meanwhile must not inherit a lock. */
#define PU_KEPT 4096
static mltp_t *volatile pu_kept[PU_KEPT];  /* never read: volatile */
static unsigned int pu_nkept;

static void keep(mltp_t *t)
{
    unsigned int i = __atomic_fetch_add(&pu_nkept, 1, __ATOMIC_RELAXED);
    if (i < PU_KEPT)
        pu_kept[i] = t;
}

mltp_t *make(mltp_userf_t *f, void *p)
{
    mltp_t *t = mltp_create(f, p);
    if (!t) {
        fprintf(stderr, "%s: mltp_create: %s\n", program_invocation_short_name,
                strerror(errno));
        exit(99);
    }
    keep(t);
    return t;
}

mltp_t *make_named(const char *name, mltp_userf_t *f, void *p)
{
    mltp_attr_t a;
    mltp_attr_init(&a);
    a.name = name;
    mltp_t *t = mltp_create_attr(&a, f, p);
    if (!t) {
        fprintf(stderr, "%s: mltp_create_attr: %s\n",
                program_invocation_short_name, strerror(errno));
        exit(99);
    }
    keep(t);
    return t;
}

int start_errno(int nvp)
{
    errno = 0;
    mltp_start(nvp);
    return errno;
}

int start_returned(int nvp, int status)
{
    mltp_start(nvp);
    printf("start-returned\n");
    return status;
}

void announce_ready(int nvp)
{
    double end = now() + 2.0;
    for (;;) {
        note_vp();
        int seen = 0;
        for (int i = 0; i < nvp; i++)
            seen += vp_pids[i] != 0;
        if (seen == nvp || now() > end)
            break;
        mltp_yield();
    }
    printf("VPPIDS");
    for (int i = 0; i < nvp; i++)
        printf(" %d", (int)vp_pids[i]);
    printf("\nREADY\n");
    fflush(stdout);
}

mltp_t *make_bound(mltp_buserf_t *f, void *p)
{
    mltp_t *t = mltp_create_bound(f, p, 0, NULL);
    if (!t) {
        fprintf(stderr, "%s: mltp_create_bound: %s\n",
                program_invocation_short_name, strerror(errno));
        exit(99);
    }
    return t;
}

void crasher_says(void)
{
    printf("CRASHER id=%d vp=%d pid=%d\n", mltp_get_myid(), mltp_vp_id(),
           (int)getpid());
    fflush(stdout);
}

void *segv_ult(void *p)
{
    (void)p;
    for (int i = 0; i < 10; i++)
        mltp_yield();
    crasher_says();
    *null_ptr = 1;
    return NULL;
}

int proc_stat_read(const char *which, struct proc_stat *ps)
{
    char path[300], buf[512];
    snprintf(path, sizeof path, "/proc/%.280s/stat", which);
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char *rp = strrchr(buf, ')');
    return rp && sscanf(rp + 1, " %c %d %d", &ps->state, &ps->ppid, &ps->pgrp) == 3 ? 0 : -1;
}

char proc_state(pid_t pid)
{
    char name[16];
    struct proc_stat ps;
    snprintf(name, sizeof name, "%d", (int)pid);
    return proc_stat_read(name, &ps) ? 0 : ps.state;
}

int proc_walk_open(struct proc_walk *w)
{
    w->d = opendir("/proc");
    return w->d ? 0 : -1;
}

int proc_walk_next(struct proc_walk *w)
{
    struct dirent *e;
    while ((e = readdir(w->d)) != NULL)
        if (e->d_name[0] >= '0' && e->d_name[0] <= '9') {
            w->pid = e->d_name;
            return 1;
        }
    closedir(w->d);
    return 0;
}

int statm_pages(long *size, long *resident)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long s = 0, r = 0;
    int ok = f && fscanf(f, "%ld %ld", &s, &r) == 2;

    if (f)
        fclose(f);
    if (size)
        *size = ok ? s : 0;
    if (resident)
        *resident = ok ? r : 0;
    return ok ? 0 : -1;
}

int tasks_of_uid(uid_t uid, int live_only)
{
    int n = 0;
    struct proc_walk w;
    if (proc_walk_open(&w))
        return -1;
    while (proc_walk_next(&w)) {
        char path[300], buf[4096];
        snprintf(path, sizeof path, "/proc/%s/status", w.pid);
        int fd = open(path, O_RDONLY);
        if (fd < 0)
            continue;
        ssize_t r = read(fd, buf, sizeof buf - 1);
        close(fd);
        if (r <= 0)
            continue;
        buf[r] = 0;
        char *u = strstr(buf, "\nUid:");
        char *t = strstr(buf, "\nThreads:");
        if (!u || !t)
            continue;
        char *st = strstr(buf, "\nState:");
        if (live_only && st && (strchr("ZXx", st[8]) ||
                                (st[8] == '\t' && strchr("ZXx", st[9]))))
            continue;
        if ((uid_t)strtoul(u + 5, NULL, 10) == uid)
            n += atoi(t + 9);
    }
    return n;
}

int become_nobody(void)
{
    if (getuid() == 0 &&
        (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0)) {
        printf("cannot become nobody: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

void *say_ran(void *name)
{
    printf("ran %s\n", (const char *)name);
    fflush(stdout);
    return NULL;
}

int nproc_at_limit(struct rlimit *old)
{
    struct rlimit rl;

    if (become_nobody() != 0)
        return 99;
    int own_ns = unshare(CLONE_NEWUSER) == 0;
    mltp_init();
    make(say_ran, (void *)"first");
    mltp_start(1);
    getrlimit(RLIMIT_NPROC, old);
    rl = *old;
    rl.rlim_cur = own_ns ? 1 : (rlim_t)tasks_of_uid(getuid(), 0);
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < rl.rlim_cur)
        rl.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_NPROC, &rl) != 0) {
        printf("setrlimit: %s\n", strerror(errno));
        return 99;
    }
    printf("own-userns=%d nproc-limit=%ld\n", own_ns, (long)rl.rlim_cur);
    fflush(stdout);
    return 0;
}

int pu_run(const char *name, const struct pu_scenario *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(name, t[i].name))
            return t[i].run ? t[i].run() : t[i].run_with(t[i].param);
    fprintf(stderr, "%s: unknown scenario %s\n", program_invocation_short_name, name);
    return 2;
}

int pu_main(int argc, char **argv, int *nvp, const char **arg,
            const struct pu_scenario *t, size_t n)
{
    if (argc < 3 || argc > 4 || (*nvp = atoi(argv[2])) < 1 || *nvp > 64) {
        fprintf(stderr, "usage: %s SCENARIO NVP(1..64) [ARG]\n", argv[0]);
        return 2;
    }
    *arg = argc == 4 ? argv[3] : NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* each line out before a crash or a fork */
    return pu_run(argv[1], t, n);
}

void pu_vfail(const char *fmt, va_list ap)
{
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
}

void pu_fail(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    pu_vfail(fmt, ap);
    va_end(ap);
}

struct ready_arg {
    int nvp;
    mltp_userf_t *then;
};

static void *ready_ult(void *p)
{
    struct ready_arg a = *(struct ready_arg *)p;
    free(p);
    announce_ready(a.nvp);
    return a.then(NULL);
}

mltp_t *make_ready(int nvp, mltp_userf_t *then)
{
    struct ready_arg *a = malloc(sizeof *a);
    if (!a) {
        fprintf(stderr, "%s: out of memory\n", program_invocation_short_name);
        exit(99);
    }
    a->nvp = nvp;
    a->then = then;
    return make(ready_ult, a);
}
