/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/pthread_fail.c - a plain POSIX threads program that fails on
 * purpose, as tests/pthreads.sh asks: `crash` (a thread writes through
 * NULL), `exit` (a thread calls exit(3)), `overflow` (a thread recurses
 * past its stack), `deadlock` (main and a thread lock two mutexes in
 * opposite orders). Under pthread/mltp-run each must end with MLTP's one
 * line and the status the failure gives. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER, second = PTHREAD_MUTEX_INITIALIZER;
static volatile int sink;

static int deep(int n)
{
    volatile char frame[4096];
    frame[0] = (char)n;
    return n ? deep(n - 1) + frame[0] : 0;
}

static void *run(void *p)
{
    const char *how = p;

    if (!strcmp(how, "crash"))
        *(volatile int *)(long)sink = 1;
    else if (!strcmp(how, "exit"))
        exit(3);
    else if (!strcmp(how, "overflow"))
        sink = deep(1 << 20);
    else if (!strcmp(how, "deadlock")) {
        pthread_mutex_lock(&second);
        usleep(10000);
        pthread_mutex_lock(&first);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;

    if (argc < 2)
        return 2;
    printf("start %s\n", argv[1]);
    fflush(stdout);
    if (!strcmp(argv[1], "deadlock")) {
        pthread_mutex_lock(&first);
        pthread_create(&t, NULL, run, argv[1]);
        usleep(5000);
        pthread_mutex_lock(&second);
    } else {
        pthread_create(&t, NULL, run, argv[1]);
    }
    pthread_join(t, NULL);
    return 0;
}
