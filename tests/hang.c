/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hang.c - a program that hangs on purpose, for tests/gdb.sh.
 *
 *   hang NVP       ULTs wait on a lock, a condition, a barrier and a join,
 *                  one is queued behind a ULT that spins, then
 *                  hang_ready() is called from the spinner
 *   hang deadlock  the same ULTs without the spinner: MLTP reports the
 *                  deadlock, and main calls hang_ready()
 *   hang abort     as deadlock, then abort(): a core file where no
 *                  debugger runs
 *
 * A debugger stops at hang_ready(). Without one, SIGALRM ends the program
 * after 60 s, so it never hangs a test run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "mltp.h"
#include "prog_util.h"

static mltp_lock_t lock;
static mltp_cond_t cond;
static mltp_barrier_t barrier;
static mltp_t *holder_ult;
static volatile int holding, arrived, spin = 1;

/* Where the debugger stops: external, so that its symbol stays for gdb
   to break on. */
void hang_ready(void);
void __attribute__((noinline)) hang_ready(void)
{
    __asm__ volatile("" ::: "memory");
}

static void arrive(void)
{
    __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
}

static void *holder(void *p)
{
    (void)p;
    mltp_lock(&lock);
    holding = 1;
    arrive();
    mltp_cond_wait(&cond);          /* nobody signals */
    return NULL;
}

static void *lock_waiter(void *p)
{
    (void)p;
    while (!holding)
        mltp_yield();
    arrive();
    mltp_lock(&lock);               /* the holder never unlocks */
    return NULL;
}

static void *barrier_waiter(void *p)
{
    (void)p;
    arrive();
    mltp_barrier(&barrier, 2);      /* the only party */
    return NULL;
}

static void *joiner(void *p)
{
    (void)p;
    arrive();
    mltp_join(holder_ult, NULL);    /* the holder never ends */
    return NULL;
}

static void *queued(void *p)
{
    (void)p;
    return NULL;
}

/* Once the others wait, leave one ULT queued behind this one and spin. */
static void *spinner(void *p)
{
    (void)p;
    while (arrived < 4)
        mltp_yield();
    for (int i = 0; i < 1000; i++)  /* the last to arrive blocks */
        mltp_yield();
    usleep(100 * 1000);
    if (!mltp_create(queued, NULL)) {
        perror("hang: mltp_create");
        exit(1);
    }
    hang_ready();
    while (spin)
        ;
    return NULL;
}

static void create_named(mltp_userf_t *f, const char *name, mltp_t **t)
{
    mltp_attr_t a;

    mltp_attr_init(&a);
    a.name = name;
    if (!(*t = mltp_create_attr(&a, f, NULL))) {
        perror("hang: mltp_create_attr");
        exit(1);
    }
}

int main(int argc, char **argv)
{
    int dump = argc > 1 && strcmp(argv[1], "abort") == 0;
    int deadlock = dump || (argc > 1 && strcmp(argv[1], "deadlock") == 0);
    int nvp = argc > 1 && !deadlock ? atoi(argv[1]) : 1;
    mltp_t *t;

    if (argc != 2 || nvp < 1) {
        fprintf(stderr, "usage: hang NVP | hang deadlock | hang abort\n");
        return 2;
    }
    signal_default(SIGALRM);    /* whatever it inherited */
    alarm(60);
    mltp_init();
    mltp_lock_init(&lock, MLTP_LOCK_BLOCK);
    mltp_cond_init(&cond);
    mltp_barrier_init(&barrier);
    create_named(holder, "holder", &holder_ult);
    create_named(lock_waiter, "lock_waiter", &t);
    create_named(barrier_waiter, "barrier_waiter", &t);
    create_named(joiner, "joiner", &t);
    if (!deadlock)
        create_named(spinner, "spinner", &t);
    mltp_start(nvp);
    hang_ready();           /* deadlock: the ULTs are left as they were */
    if (dump)
        abort();
    return 0;
}
