/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sigexec.c - run a program with signals ignored or blocked, as a shell
 * cannot start one (bash can ignore a signal for its children, never block
 * one): tests/environments.sh starts the test suite so.
 *
 *     sigexec [-r] [-i SIG]... [-b SIG]... [--] PROGRAM [ARG...]
 *
 * -r: every signal's default action and none blocked first (what a shell
 * at a terminal gives a command in the foreground); -i SIG: PROGRAM starts
 * with SIG ignored; -b SIG: with SIG blocked. SIG is a name without SIG
 * (INT, CHLD) or a number. Status 2 on bad usage, 127 if PROGRAM cannot
 * be run.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int signal_number(const char *s)
{
    char *end;
    long n = strtol(s, &end, 10);

    if (*s && !*end)
        return n > 0 && n < NSIG ? (int)n : -1;
    if (!strncmp(s, "SIG", 3))
        s += 3;
    for (int i = 1; i < NSIG; i++) {
        const char *abbr = sigabbrev_np(i);
        if (abbr && !strcmp(abbr, s))
            return i;
    }
    return -1;
}

static void usage(void)
{
    fprintf(stderr, "usage: sigexec [-r] [-i SIG]... [-b SIG]... [--] PROGRAM [ARG...]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    sigset_t ignore, block;
    int opt, reset = 0;

    sigemptyset(&ignore);
    sigemptyset(&block);
    while ((opt = getopt(argc, argv, "+ri:b:")) != -1) {
        int sig = -1;
        if (opt == '?')
            usage();
        if (opt == 'r') {
            reset = 1;
            continue;
        }
        if ((sig = signal_number(optarg)) < 0) {
            fprintf(stderr, "sigexec: %s: no such signal\n", optarg);
            exit(2);
        }
        sigaddset(opt == 'i' ? &ignore : &block, sig);
    }
    if (optind >= argc)
        usage();
    /* SIGKILL, SIGSTOP and glibc's own signals refuse: no matter */
    for (int sig = 1; reset && sig < NSIG; sig++)
        signal(sig, SIG_DFL);
    for (int sig = 1; sig < NSIG; sig++)
        if (sigismember(&ignore, sig) == 1 && signal(sig, SIG_IGN) == SIG_ERR) {
            fprintf(stderr, "sigexec: cannot ignore signal %d: %s\n", sig,
                    strerror(errno));
            exit(2);
        }
    sigprocmask(reset ? SIG_SETMASK : SIG_BLOCK, &block, NULL);
    execvp(argv[optind], argv + optind);
    fprintf(stderr, "sigexec: %s: %s\n", argv[optind], strerror(errno));
    return 127;
}
