/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tests/pthread_api.c - a plain POSIX threads program (no MLTP header)
 * that tests/pthreads.sh runs natively and under pthread/mltp-run: the
 * same lines must come out of both. Each line is a check's outcome, so
 * that a difference names the call. `pthread_api refused` prints what
 * MLTP refuses (ENOTSUP), which differs from glibc by design. Exit
 * status 0 when every check held, 1 otherwise. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failed;

static void check(const char *what, int ok)
{
    printf("%s: %s\n", what, ok ? "ok" : "FAILED");
    if (!ok)
        failed = 1;
}

static struct timespec in_ms(clockid_t c, long ms)
{
    struct timespec t;
    clock_gettime(c, &t);
    t.tv_nsec += ms % 1000 * 1000000;
    t.tv_sec += ms / 1000 + t.tv_nsec / 1000000000;
    t.tv_nsec %= 1000000000;
    return t;
}

/* ---- create, join, detach, exit, keys ---- */
static pthread_key_t key;
static int dtor_calls;
static void dtor(void *p)
{
    __atomic_add_fetch(&dtor_calls, 1, __ATOMIC_SEQ_CST);
    /* set again: a second round runs it once more */
    if (p == (void *)1)
        pthread_setspecific(key, (void *)2);
}
static void *returns(void *p)
{
    return p;
}
static void *exits(void *p)
{
    pthread_setspecific(key, (void *)1);
    pthread_exit(p);
    return NULL;
}
static volatile int detached_done;
static void *detached(void *p)
{
    (void)p;
    detached_done = 1;
    return NULL;
}
static void *sleeps_ms(void *p)
{
    usleep((useconds_t)(long)p * 1000);
    return p;
}

/* on a stack the program supplies: a local there, pthread_exit from a
   frame below */
static char own_stack[256 * 1024] __attribute__((aligned(64)));
static int on_own_stack(void)
{
    char local;
    return &local > own_stack && &local < own_stack + sizeof own_stack;
}
static int exits_deep(int n);
/* through a pointer: frames to unwind, and no recursion the compiler sees */
static int (*volatile deeper)(int) = exits_deep;
static int exits_deep(int n)
{
    if (n >= 10)
        pthread_exit((void *)(long)on_own_stack());
    return deeper(n + 1) + 1;
}
static void *uses_own_stack(void *p)
{
    pthread_attr_t a;
    void *addr = NULL;
    size_t size = 0;

    (void)p;
    pthread_getattr_np(pthread_self(), &a);
    pthread_attr_getstack(&a, &addr, &size);
    pthread_attr_destroy(&a);
    if (addr != own_stack || size != sizeof own_stack)
        return NULL;
    exits_deep(0);
    return NULL;
}

static void threads(void)
{
    pthread_t t;
    pthread_attr_t a;
    void *r;
    size_t size;
    char name[16];

    pthread_key_create(&key, dtor);
    check("create+join returns the value",
          pthread_create(&t, NULL, returns, (void *)7) == 0 && pthread_join(t, &r) == 0 && r == (void *)7);
    check("pthread_exit's value, key destructor rounds",
          pthread_create(&t, NULL, exits, (void *)9) == 0 && pthread_join(t, &r) == 0 &&
              r == (void *)9 && dtor_calls == 2);
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    check("detached thread runs", pthread_create(&t, &a, detached, NULL) == 0);
    while (!detached_done)
        sched_yield();
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_JOINABLE);
    pthread_attr_setstacksize(&a, 1 << 20);
    check("stack size attribute", pthread_create(&t, &a, sleeps_ms, (void *)30) == 0);
    pthread_attr_destroy(&a);
    check("getattr_np stack size", pthread_getattr_np(t, &a) == 0 &&
          pthread_attr_getstacksize(&a, &size) == 0 && size >= (1 << 20));
    pthread_attr_destroy(&a);
    check("tryjoin while running", pthread_tryjoin_np(t, &r) == EBUSY);
    struct timespec soon = in_ms(CLOCK_REALTIME, 5);
    check("timedjoin times out", pthread_timedjoin_np(t, &r, &soon) == ETIMEDOUT);
    check("join after timeouts", pthread_join(t, &r) == 0 && r == (void *)30);
    check("join self", pthread_join(pthread_self(), NULL) == EDEADLK);
    pthread_attr_init(&a);
    pthread_attr_setstack(&a, own_stack, sizeof own_stack);
    check("a stack the program supplies, pthread_exit from it",
          pthread_create(&t, &a, uses_own_stack, NULL) == 0 && pthread_join(t, &r) == 0 &&
              r == (void *)1);
    pthread_attr_destroy(&a);
    check("setname/getname", pthread_setname_np(pthread_self(), "tester") == 0 &&
          pthread_getname_np(pthread_self(), name, sizeof name) == 0 && !strcmp(name, "tester"));
    check("setname too long", pthread_setname_np(pthread_self(), "a name far too long") == ERANGE);
    check("equal", pthread_equal(pthread_self(), pthread_self()));
    pthread_create(&t, NULL, returns, NULL);
    check("detach then join", pthread_detach(t) == 0);
    check("key delete", pthread_key_delete(key) == 0 && pthread_getspecific(key) == NULL);
}

/* ---- mutexes ---- */
static pthread_mutex_t counted = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static void *adds(void *p)
{
    for (int i = 0; i < 20000; i++) {
        pthread_mutex_lock(&counted);
        counter++;
        pthread_mutex_unlock(&counted);
        if (i % 1000 == 0)
            sched_yield();
    }
    return p;
}
static pthread_mutex_t held = PTHREAD_MUTEX_INITIALIZER;
static void *tries(void *p)
{
    (void)p;
    struct timespec t = in_ms(CLOCK_REALTIME, 10);
    long r = pthread_mutex_trylock(&held) == EBUSY && pthread_mutex_timedlock(&held, &t) == ETIMEDOUT;
    return (void *)r;
}

static void mutexes(void)
{
    pthread_t t[8];
    pthread_mutexattr_t ma;
    pthread_mutex_t m, rec = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
    void *r;

    for (int i = 0; i < 8; i++)
        pthread_create(&t[i], NULL, adds, NULL);
    for (int i = 0; i < 8; i++)
        pthread_join(t[i], NULL);
    check("mutual exclusion of 8 threads", counter == 8 * 20000);
    pthread_mutex_lock(&held);
    pthread_create(&t[0], NULL, tries, NULL);
    pthread_join(t[0], &r);
    check("trylock busy, timedlock times out", r == (void *)1);
    check("destroy a held mutex", pthread_mutex_destroy(&held) == EBUSY);
    pthread_mutex_unlock(&held);
    pthread_mutexattr_init(&ma);
    pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
    pthread_mutex_init(&m, &ma);
    pthread_mutex_lock(&m);
    check("error-checking relock", pthread_mutex_lock(&m) == EDEADLK);
    check("error-checking unlock twice", pthread_mutex_unlock(&m) == 0 && pthread_mutex_unlock(&m) == EPERM);
    pthread_mutex_destroy(&m);
    check("recursive initialiser", pthread_mutex_lock(&rec) == 0 && pthread_mutex_lock(&rec) == 0 &&
          pthread_mutex_trylock(&rec) == 0 && pthread_mutex_unlock(&rec) == 0 &&
          pthread_mutex_unlock(&rec) == 0 && pthread_mutex_unlock(&rec) == 0 &&
          pthread_mutex_unlock(&rec) == EPERM);
    pthread_mutexattr_destroy(&ma);
}

/* ---- conditions ---- */
static pthread_mutex_t qm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notempty = PTHREAD_COND_INITIALIZER, notfull = PTHREAD_COND_INITIALIZER;
static int queue[4], qn, qhead, consumed_sum;
static void *producer(void *p)
{
    for (int i = 1; i <= 1000; i++) {
        pthread_mutex_lock(&qm);
        while (qn == 4)
            pthread_cond_wait(&notfull, &qm);
        queue[(qhead + qn++) % 4] = i;
        pthread_cond_signal(&notempty);
        pthread_mutex_unlock(&qm);
    }
    return p;
}
static void *consumer(void *p)
{
    for (int i = 0; i < 500; i++) {
        pthread_mutex_lock(&qm);
        while (qn == 0)
            pthread_cond_wait(&notempty, &qm);
        consumed_sum += queue[qhead];
        qhead = (qhead + 1) % 4;
        qn--;
        pthread_cond_signal(&notfull);
        pthread_mutex_unlock(&qm);
    }
    return p;
}

static void conditions(void)
{
    pthread_t t[3];
    pthread_condattr_t ca;
    pthread_cond_t c;
    struct timespec ts;

    pthread_create(&t[0], NULL, producer, NULL);
    pthread_create(&t[1], NULL, consumer, NULL);
    pthread_create(&t[2], NULL, consumer, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    check("bounded buffer, 1000 items", consumed_sum == 1000 * 1001 / 2);
    pthread_condattr_init(&ca);
    check("condattr clock", pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0);
    pthread_cond_init(&c, &ca);
    pthread_mutex_lock(&qm);
    ts = in_ms(CLOCK_MONOTONIC, 10);
    check("timedwait on CLOCK_MONOTONIC", pthread_cond_timedwait(&c, &qm, &ts) == ETIMEDOUT);
    ts = in_ms(CLOCK_REALTIME, 10);
    check("clockwait on CLOCK_REALTIME", pthread_cond_clockwait(&c, &qm, CLOCK_REALTIME, &ts) == ETIMEDOUT);
    pthread_mutex_unlock(&qm);
    pthread_cond_destroy(&c);
    pthread_condattr_destroy(&ca);
}

/* ---- read-write locks, barriers, spin locks, semaphores, once ---- */
static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int shared_value, torn;
static void *rw_user(void *p)
{
    for (int i = 0; i < 2000; i++) {
        if ((long)p % 4 == 0) {
            pthread_rwlock_wrlock(&rw);
            shared_value++;
            shared_value++;
            pthread_rwlock_unlock(&rw);
        } else {
            pthread_rwlock_rdlock(&rw);
            if (shared_value % 2)
                torn = 1;
            pthread_rwlock_unlock(&rw);
        }
    }
    return NULL;
}
static pthread_barrier_t bar;
static int serials;
static void *barrier_user(void *p)
{
    for (int i = 0; i < 200; i++)
        if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
            __atomic_add_fetch(&serials, 1, __ATOMIC_SEQ_CST);
    return p;
}
static pthread_spinlock_t spin;
static long spun;
static void *spin_user(void *p)
{
    for (int i = 0; i < 10000; i++) {
        pthread_spin_lock(&spin);
        spun++;
        pthread_spin_unlock(&spin);
    }
    return p;
}
static sem_t sem;
static void *sem_user(void *p)
{
    for (int i = 0; i < 100; i++)
        sem_wait(&sem);
    return p;
}
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int once_runs;
static void once_fn(void)
{
    usleep(2000);
    once_runs++;
}
static void *once_user(void *p)
{
    (void)p;
    pthread_once(&once, once_fn);
    return (void *)(long)once_runs;
}

static void others(void)
{
    pthread_t t[16];
    int ok = 1, v;
    void *r;
    struct timespec ts;

    for (long i = 0; i < 8; i++)
        pthread_create(&t[i], NULL, rw_user, (void *)i);
    for (int i = 0; i < 8; i++)
        pthread_join(t[i], NULL);
    check("rwlock: writers exclusive", !torn && shared_value == 2 * 2 * 2000);
    pthread_rwlock_rdlock(&rw);
    check("rwlock: trywrlock under a reader", pthread_rwlock_trywrlock(&rw) == EBUSY);
    check("rwlock: second reader", pthread_rwlock_tryrdlock(&rw) == 0);
    ts = in_ms(CLOCK_REALTIME, 5);
    check("rwlock: timedwrlock times out", pthread_rwlock_timedwrlock(&rw, &ts) == ETIMEDOUT);
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_unlock(&rw);
    check("rwlock: wrlock, then EDEADLK", pthread_rwlock_wrlock(&rw) == 0 &&
          pthread_rwlock_rdlock(&rw) == EDEADLK && pthread_rwlock_unlock(&rw) == 0);
    pthread_barrier_init(&bar, NULL, 16);
    for (int i = 0; i < 16; i++)
        pthread_create(&t[i], NULL, barrier_user, NULL);
    for (int i = 0; i < 16; i++)
        pthread_join(t[i], NULL);
    check("barrier of 16: one serial thread per episode", serials == 200);
    pthread_barrier_destroy(&bar);
    pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, spin_user, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    check("spin lock", spun == 40000);
    sem_init(&sem, 0, 0);
    for (int i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, sem_user, NULL);
    for (int i = 0; i < 400; i++)
        sem_post(&sem);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    check("semaphore: 400 posts, 400 waits", sem_getvalue(&sem, &v) == 0 && v == 0);
    check("sem_trywait empty", sem_trywait(&sem) == -1 && errno == EAGAIN);
    ts = in_ms(CLOCK_REALTIME, 5);
    check("sem_timedwait times out", sem_timedwait(&sem, &ts) == -1 && errno == ETIMEDOUT);
    ts = in_ms(CLOCK_MONOTONIC, 5);
    check("sem_clockwait times out", sem_clockwait(&sem, CLOCK_MONOTONIC, &ts) == -1 && errno == ETIMEDOUT);
    sem_destroy(&sem);
    for (int i = 0; i < 8; i++)
        pthread_create(&t[i], NULL, once_user, NULL);
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], &r);
        ok &= r == (void *)1;
    }
    check("once: run once, seen by all", ok && once_runs == 1);
}

/* ---- cancellation ---- */
static int cleaned;
static void cleanup(void *p)
{
    cleaned += (int)(long)p;
}
static void *sleeps_forever(void *p)
{
    pthread_cleanup_push(cleanup, (void *)1);
    pthread_cleanup_push(cleanup, (void *)10);
    for (;;)
        sleep(100);
    pthread_cleanup_pop(0);
    pthread_cleanup_pop(0);
    return p;
}
static pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cc = PTHREAD_COND_INITIALIZER;
static void unlock(void *p)
{
    pthread_mutex_unlock(p);
}
static void *waits_forever(void *p)
{
    pthread_mutex_lock(&cm);
    pthread_cleanup_push(unlock, &cm);
    for (;;)
        pthread_cond_wait(&cc, &cm);
    pthread_cleanup_pop(1);
    return p;
}
static void *disabled(void *p)
{
    int old;
    pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
    usleep(20000);
    pthread_setcancelstate(old, NULL);
    pthread_testcancel();
    return p;
}

static volatile int release_target;
static void *waits_for_release(void *p)
{
    while (!release_target)
        usleep(1000);
    return p;
}
static void *joins(void *p)
{
    pthread_join(*(pthread_t *)p, NULL);
    return NULL;
}

static void cancellation(void)
{
    pthread_t t;
    void *r;

    pthread_create(&t, NULL, sleeps_forever, NULL);
    usleep(10000);
    check("cancel a sleeper, its cleanup handlers",
          pthread_cancel(t) == 0 && pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED && cleaned == 11);
    pthread_create(&t, NULL, waits_forever, NULL);
    usleep(10000);
    check("cancel a condition waiter: the mutex is its again",
          pthread_cancel(t) == 0 && pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED &&
              pthread_mutex_trylock(&cm) == 0 && pthread_mutex_unlock(&cm) == 0);
    pthread_t target, joiner;
    pthread_create(&target, NULL, waits_for_release, (void *)3);
    pthread_create(&joiner, NULL, joins, &target);
    usleep(10000);
    check("cancel a joiner: the thread it joined stays joinable",
          pthread_cancel(joiner) == 0 && pthread_join(joiner, &r) == 0 && r == PTHREAD_CANCELED &&
              (release_target = 1) && pthread_join(target, &r) == 0 && r == (void *)3);
    pthread_create(&t, NULL, disabled, (void *)5);
    usleep(5000);
    check("cancel while disabled: acted on at testcancel",
          pthread_cancel(t) == 0 && pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED);
}

/* ---- fork from a threaded program ---- */
static int prepared, in_parent, in_child;
static void prepare(void) { prepared++; }
static void parent(void) { in_parent++; }
static void child(void) { in_child++; }

static void forking(void)
{
    pthread_t t;
    int status;
    pid_t pid;

    pthread_atfork(prepare, parent, child);
    pthread_create(&t, NULL, sleeps_ms, (void *)20);
    pid = fork();
    if (pid == 0)
        _exit(in_child == 1 && prepared == 1 ? 0 : 1);
    check("fork with a thread running: atfork handlers",
          pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
              WEXITSTATUS(status) == 0 && prepared == 1 && in_parent == 1 && in_child == 0);
    pthread_join(t, NULL);
}

static void signals(void)
{
    sigset_t s, old;

    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    check("sigmask round trip", pthread_sigmask(SIG_BLOCK, &s, &old) == 0 &&
          pthread_sigmask(SIG_SETMASK, &old, &s) == 0 && sigismember(&s, SIGUSR1) &&
          !sigismember(&old, SIGUSR1));
    check("pthread_kill 0 to self", pthread_kill(pthread_self(), 0) == 0);
}

/* what MLTP refuses and glibc has */
static void refused(void)
{
    pthread_mutexattr_t ma;
    pthread_condattr_t ca;
    pthread_attr_t a;
    pthread_t t;
    sem_t s;

    pthread_mutexattr_init(&ma);
    printf("mutex pshared: %s\n", strerror(pthread_mutexattr_setpshared(&ma, PTHREAD_PROCESS_SHARED)));
    printf("mutex robust: %s\n", strerror(pthread_mutexattr_setrobust(&ma, PTHREAD_MUTEX_ROBUST)));
    printf("mutex prio inherit: %s\n", strerror(pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT)));
    pthread_condattr_init(&ca);
    printf("cond pshared: %s\n", strerror(pthread_condattr_setpshared(&ca, PTHREAD_PROCESS_SHARED)));
    printf("sem pshared: %s\n", sem_init(&s, 1, 0) ? strerror(errno) : "accepted");
    printf("async cancel: %s\n", strerror(pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, NULL)));
    pthread_attr_init(&a);
    pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
    pthread_attr_setschedpolicy(&a, SCHED_FIFO);
    printf("explicit SCHED_FIFO: %s\n", strerror(pthread_create(&t, &a, returns, NULL)));
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc > 1 && !strcmp(argv[1], "refused")) {
        refused();
        return 0;
    }
    threads();
    mutexes();
    conditions();
    others();
    cancellation();
    forking();
    signals();
    return failed;
}
