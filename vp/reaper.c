/* vp/reaper.c - mltp_start: the calling process becomes the reaper. It
 * clones the VPs and sleeps in sigtimedwait() until they have all left.
 * When one dies from a signal, calls _exit(), or the program gets SIGINT,
 * SIGTERM, SIGHUP or SIGQUIT, it stops the other VPs, removes every SysV
 * semaphore set the library made, prints one line (crashes only) and ends
 * the program as a single-threaded program would have ended. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "ult/runq.h"
#include "vp/vp.h"

#define VP_MAX 1024
#define EXIT_HANDLERS_TIMEOUT_S 10

static const int owned_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

void vp_warn(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    int n;

    memcpy(buf, "mltp: ", 6);
    va_start(ap, fmt);
    n = vsnprintf(buf + 6, sizeof buf - 7, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    n += 6;
    if (n > (int)sizeof buf - 2)
        n = sizeof buf - 2;
    buf[n++] = '\n';
    /* one write: the line is never interleaved with other output */
    if (write(STDERR_FILENO, buf, n) < 0)
        return;
}

const char *vp_signame(int sig, char *buf, size_t n)
{
    const char *abbrev = sigabbrev_np(sig);
    snprintf(buf, n, "SIG%s (%s)", abbrev ? abbrev : "?", strsignal(sig));
    return buf;
}

/* Kill every VP and bound thread still there; the caller reaps. */
static void kill_pid(pid_t pid)
{
    if (pid > 0 && pid != getpid())
        kill(pid, SIGKILL);
}

void vp_kill_all(void)
{
    for (int i = 0; i < vpg.nvp; i++)
        kill_pid(vpg.vps[i].pid);
    vp_bound_foreach_pid(kill_pid);
}

static void reap_all(void)
{
    for (int i = 0; i < vpg.nvp; i++) {
        if (vpg.vps[i].pid > 0) {
            waitpid(vpg.vps[i].pid, NULL, 0);
            vpg.vps[i].pid = 0;
        }
    }
}

void vp_die_like(int sig)
{
    struct rlimit no_core = { 0, 0 };
    struct sigaction dfl;
    sigset_t s;

    setrlimit(RLIMIT_CORE, &no_core);   /* the reaper's core shows nothing */
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(sig, &dfl, NULL);
    sigemptyset(&s);
    sigaddset(&s, sig);
    sigprocmask(SIG_UNBLOCK, &s, NULL);
    raise(sig);
    _exit(128 + sig);
}

/* Every way out of a start other than its normal end comes here. */
static void end_program(int sig, int status) __attribute__((noreturn));
static void end_program(int sig, int status)
{
    vp_kill_all();
    reap_all();
    vp_semset_remove_all();
    if (sig)
        vp_die_like(sig);
    _exit(status);
}

/* ---- signals ------------------------------------------------------- */

static sigset_t waitset, saved_mask;
static struct sigaction saved_chld;
static int chld_changed;

static void signals_take(void)
{
    struct sigaction sa;

    sigemptyset(&waitset);
    sigaddset(&waitset, SIGCHLD);
    for (size_t i = 0; i < sizeof owned_signals / sizeof owned_signals[0]; i++) {
        /* a handler of the program's own, or an inherited SIG_IGN (a
           background job, nohup), is respected */
        sigaction(owned_signals[i], NULL, &sa);
        if (sa.sa_handler == SIG_DFL)
            sigaddset(&waitset, owned_signals[i]);
    }
    /* with SIGCHLD ignored the kernel reaps the VPs and we learn nothing */
    sigaction(SIGCHLD, NULL, &saved_chld);
    chld_changed = saved_chld.sa_handler == SIG_IGN ||
                   (saved_chld.sa_flags & SA_NOCLDWAIT);
    if (chld_changed) {
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(SIGCHLD, &sa, NULL);
    }
    /* VPs inherit this mask: only the reaper takes these signals */
    sigprocmask(SIG_BLOCK, &waitset, &saved_mask);
}

static void signals_give_back(void)
{
    if (chld_changed)
        sigaction(SIGCHLD, &saved_chld, NULL);
    sigprocmask(SIG_SETMASK, &saved_mask, NULL);
}

/* ---- the reaper loop ----------------------------------------------- */

static void crashed(vp_t *vp, pid_t pid, int sig)
{
    char line[400];
    vp_describe_crash(vp, pid, sig, line, sizeof line);
    vp_warn("%s", line);
}

/* A VP has ended with status st: return if that was expected. */
static void vp_ended(vp_t *vp, pid_t pid, int st)
{
    if (WIFSIGNALED(st)) {
        /* SIGKILL from an exit() in progress is ours */
        if (CMM_LOAD_SHARED(vpg.exit_pid) && WTERMSIG(st) == SIGKILL)
            return;
        crashed(vp, pid, WTERMSIG(st));
        end_program(WTERMSIG(st), 0);
    }
    if (vp->state == VP_DONE || vp->state == VP_STOPPED)
        return;
    /* exit() (handlers and stdio already done in that VP) or _exit() */
    end_program(0, WEXITSTATUS(st));
}

static void reap_bound(void)
{
    int st, thrid;
    pid_t pid = vp_bound_reap(&st, &thrid);
    char sn[80];

    if (!pid)
        return;
    if (WIFSIGNALED(st)) {
        vp_warn("bound thread %d (pid %d) killed by %s", thrid, (int)pid,
                vp_signame(WTERMSIG(st), sn, sizeof sn));
        end_program(WTERMSIG(st), 0);
    }
    end_program(0, WEXITSTATUS(st));
}

static void reaper_loop(int alive)
{
    struct timespec tick = { 0, 50 * 1000 * 1000 };
    time_t exit_deadline = 0;

    while (alive > 0) {
        siginfo_t si;
        int exiting = CMM_LOAD_SHARED(vpg.exit_pid) != 0;
        int sig = sigtimedwait(&waitset, &si, exiting ? &tick : NULL);

        if (exiting) {
            /* exit() runs handlers in its VP; they may wait for a lock a
               killed VP held: do not wait for ever */
            if (!exit_deadline)
                exit_deadline = time(NULL) + EXIT_HANDLERS_TIMEOUT_S;
            else if (time(NULL) > exit_deadline) {
                vp_warn("exit(%d) did not finish within %d s (exit handlers "
                        "blocked?); ending the program", vpg.exit_status,
                        EXIT_HANDLERS_TIMEOUT_S);
                end_program(0, vpg.exit_status);
            }
        }
        if (sig < 0)
            continue;
        if (sig != SIGCHLD)
            end_program(sig, 0);
        for (int i = 0; i < vpg.nvp; i++) {
            vp_t *vp = &vpg.vps[i];
            int st;
            pid_t pid = vp->pid;
            if (pid > 0 && waitpid(pid, &st, WNOHANG) == pid) {
                vp->pid = 0;   /* reaped: its pid may be reused at once */
                alive--;
                vp_ended(vp, pid, st);
            }
        }
        reap_bound();
    }
}

static int ensure_slots(int nvp)
{
    if (nvp <= vpg.nslots)
        return 0;
    vp_t *v = aligned_alloc(64, sizeof(vp_t) * nvp);
    if (!v)
        return ENOMEM;
    memset(v, 0, sizeof(vp_t) * nvp);
    if (vpg.vps)
        memcpy(v, vpg.vps, sizeof(vp_t) * vpg.nslots);
    free(vpg.vps);
    vpg.vps = v;
    vpg.nslots = nvp;
    return 0;
}

static void print_stats(void)
{
    for (int i = 0; i < vpg.nvp; i++) {
        vp_t *vp = &vpg.vps[i];
        vp_warn("stats: VP %d: %lu switches, %lu parks, %lu wake-ups sent, "
                "%lu idle spins that found work", i, vp->switches, vp->parks,
                vp->wakeups, vp->idle_hits);
    }
}

void mltp_start(int nvp)
{
    int alive = 0, e;

    mltp_init();
    if (nvp < 1 || nvp > VP_MAX) {
        vp_warn("mltp_start(%d): the number of VPs must be between 1 and %d",
                nvp, VP_MAX);
        errno = EINVAL;
        return;
    }
    if (vp_current() || ult_bound_self || vpg.running) {
        vp_warn("mltp_start() called from inside an MLTP thread");
        errno = EINVAL;
        return;
    }
    ult_pending_flush();
    if (ult_runq.live == 0)        /* no VP runs: no lock needed */
        return;
    if (vpg.park_semid < 0 && (vpg.park_semid = vp_semset_create(1)) < 0) {
        e = errno;
        vp_warn("cannot create the VP park semaphore: %s", strerror(e));
        errno = e;
        return;
    }
    if ((e = ensure_slots(nvp)) != 0) {
        vp_warn("mltp_start(%d): %s", nvp, strerror(e));
        errno = e;
        return;
    }
    semctl(vpg.park_semid, 0, SETVAL, 0);
    vp_exit_register();
    vpg.nvp = nvp;
    vpg.finish = VP_GO;
    ult_runq.bitmap &= ~RUNQ_STOP;
    ult_runq.solo = nvp == 1 && !vp_bound_alive();
    vpg.exit_pid = 0;
    ult_runq.parked = 0;
    vpg.reaper = getpid();
    vpg.running = 1;
    signals_take();
    vp_fault_install();
    for (int i = 0; i < nvp; i++) {
        vpg.vps[i].id = i;
        vpg.vps[i].pid = 0;
        if ((e = vp_spawn(&vpg.vps[i])) != 0) {
            vp_warn("could create only %d of %d VPs: %s", i, nvp, strerror(e));
            if (i == 0) {
                vpg.running = 0;
                vp_fault_restore();
                signals_give_back();
                errno = e;
                return;
            }
            vpg.nvp = i;
            break;
        }
        alive++;
    }
    reaper_loop(alive);
    ult_runq.solo = 0;
    vpg.running = 0;
    vp_fault_restore();
    signals_give_back();
    if (vpg.stats)
        print_stats();
    if (vpg.finish == VP_FINISH_DEADLOCK) {
        vp_warn("deadlock: %ld ULT(s) blocked and none can ever run; "
                "mltp_start returns", ult_runq.live);
        errno = EDEADLK;
    }
}
