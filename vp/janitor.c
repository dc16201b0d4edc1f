/* vp/janitor.c - the SysV semaphore sets the library owns.
 *
 * Every set is listed here; the reaper removes them all on every way out it
 * sees. For the ways it cannot see (SIGKILL of the whole program), a janitor
 * process, made once, in its own session, holds the read end of a pipe
 * whose write end lives in the program's shared file table: when the last
 * process of the program is gone it reads EOF and removes the sets it was
 * told about ("+id" / "-id" lines). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/sem.h>
#include <sys/wait.h>
#include <unistd.h>
#include "vp/vp.h"

#define SETS_MAX 256

static sync_spin_t reg_lock;
static int reg_ids[SETS_MAX];
static int reg_n;
static int janitor_fd = -1;
static int janitor_tried;

static void tell_janitor(char op, int id)
{
    char line[24];
    int n = snprintf(line, sizeof line, "%c%d\n", op, id);
    if (janitor_fd >= 0 && write(janitor_fd, line, n) < 0)
        return;
}

static void janitor_main(int rfd) __attribute__((noreturn));
static void janitor_main(int rfd)
{
    int ids[SETS_MAX], n = 0, devnull;
    char buf[4096], line[32];
    size_t len = 0;
    sigset_t none;
    ssize_t r;

    prctl(PR_SET_NAME, "mltp-janitor");
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* hold nothing of the program's but the pipe: a test harness reading
       the program's stderr must see EOF when the program ends */
    dup2(rfd, 0);
    devnull = open("/dev/null", O_RDWR);
    dup2(devnull, 1);
    dup2(devnull, 2);
    close_range(3, ~0U, 0);
    for (;;) {
        r = read(0, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        for (ssize_t i = 0; i < r; i++) {
            if (buf[i] != '\n') {
                if (len < sizeof line - 1)
                    line[len++] = buf[i];
                continue;
            }
            line[len] = 0;
            len = 0;
            int id = atoi(line + 1);
            if (line[0] == '+' && n < SETS_MAX) {
                ids[n++] = id;
            } else if (line[0] == '-') {
                for (int k = 0; k < n; k++)
                    if (ids[k] == id)
                        ids[k] = ids[--n];
            }
        }
    }
    for (int k = 0; k < n; k++)
        semctl(ids[k], 0, IPC_RMID);
    _exit(0);
}

static void janitor_start(void)
{
    int p[2];
    pid_t c;

    janitor_tried = 1;
    if (pipe2(p, O_CLOEXEC) != 0)
        return;
    c = fork();
    if (c == 0) {
        /* Leave the program's session and ignore terminal signals before
           the janitor exists: once we return, a ^C or kill -PGID must not
           reach it. */
        setsid();
        signal(SIGINT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGQUIT, SIG_IGN);
        if (fork() != 0)
            _exit(0);              /* the janitor is re-parented to init */
        janitor_main(p[0]);
    }
    close(p[0]);
    if (c < 0) {
        close(p[1]);
        return;
    }
    while (waitpid(c, NULL, 0) < 0 && errno == EINTR)
        ;
    janitor_fd = p[1];
}

/* A new private set of nsems semaphores, or -1 with errno. */
int vp_semset_create(int nsems)
{
    int id;

    sync_spin_lock(&reg_lock);
    if (!janitor_tried)
        janitor_start();
    if (reg_n == SETS_MAX) {
        sync_spin_unlock(&reg_lock);
        errno = ENOSPC;
        return -1;
    }
    id = semget(IPC_PRIVATE, nsems, IPC_CREAT | 0600);
    if (id >= 0) {
        reg_ids[reg_n++] = id;
        tell_janitor('+', id);
    }
    sync_spin_unlock(&reg_lock);
    return id;
}

void vp_semset_remove(int semid)
{
    sync_spin_lock(&reg_lock);
    for (int k = 0; k < reg_n; k++) {
        if (reg_ids[k] == semid) {
            semctl(semid, 0, IPC_RMID);
            tell_janitor('-', semid);
            reg_ids[k] = reg_ids[--reg_n];
            break;
        }
    }
    sync_spin_unlock(&reg_lock);
}

void vp_semset_remove_all(void)
{
    sync_spin_lock(&reg_lock);
    while (reg_n > 0) {
        int id = reg_ids[--reg_n];
        semctl(id, 0, IPC_RMID);
        tell_janitor('-', id);
    }
    vpg.park_semid = -1;
    sync_spin_unlock(&reg_lock);
}
