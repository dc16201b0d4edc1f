#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/pthread_py.py - Python's threads, an unmodified interpreter to run
# natively and under pthread/mltp-run, where every pthread is a user-level
# thread: CPython's threading module stands on pthread_create and join,
# its GIL and locks on mutexes, condition variables and semaphores with
# timeouts (sem_clockwait or pthread_cond_timedwait), thread-local state
# on pthread keys, sleeps on clock_nanosleep or select. Covered:
# threading.Thread (8), Lock, Condition, queue.Queue (producers and
# consumers), time.sleep (sleeping threads must not hold each other up),
# Event (a set and a wait that times out), Barrier, threading.local and
# Timer (one that fires, one cancelled).
#
# Its standard output is the same text every run, whatever the scheduling
# and the number of CPUs, so that a test can compare the output under the
# launcher with the native one. Exit status 0 when every check holds;
# else 1 and one line on standard error, "pthread_py: FAILED: WHY", the
# first failure's. Run the interpreter itself (sys.executable), not a
# wrapper script (pyenv's shims are bash), under the launcher.
import queue
import sys
import threading
import time

THREADS = 8
first_failure = []
fail_lock = threading.Lock()


def check(ok, what):
    """Threads check too: keep the first failure, report it at the end."""
    if not ok:
        with fail_lock:
            if not first_failure:
                first_failure.append(what)


def ms_since(t0):
    return (time.monotonic() - t0) * 1000


def test_threads_and_lock():
    lock = threading.Lock()
    shared = [0]
    partial = [0] * THREADS
    per = 20000

    def work(i):
        for _ in range(per):
            with lock:
                shared[0] += 1
        partial[i] = sum(k * (i + 1) for k in range(1, 1001))

    ts = [threading.Thread(target=work, args=(i,), name="worker-%d" % i)
          for i in range(THREADS)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    check(shared[0] == THREADS * per, "Lock: lost updates, %d" % shared[0])
    check(sum(partial) == 500500 * 36, "Thread: wrong partial sums")
    check(not any(t.is_alive() for t in ts), "Thread: alive after join")
    print("Thread: %d threads, sum %d" % (THREADS, sum(partial)))
    print("Lock: %d increments" % shared[0])


def test_condition():
    """A bounded buffer on one Condition: the bound must hold."""
    cond = threading.Condition()
    buf = []
    cap, producers, consumers, items = 4, 4, 4, 2000
    state = {"closed": False, "max": 0, "got": 0, "sum": 0}

    def produce(p):
        for k in range(1, items + 1):
            with cond:
                cond.wait_for(lambda: len(buf) < cap)
                buf.append(p * items + k)
                state["max"] = max(state["max"], len(buf))
                cond.notify_all()

    def consume():
        while True:
            with cond:
                cond.wait_for(lambda: buf or state["closed"])
                if not buf:
                    return
                v = buf.pop(0)
                state["got"] += 1
                state["sum"] += v
                cond.notify_all()

    cs = [threading.Thread(target=consume) for _ in range(consumers)]
    ps = [threading.Thread(target=produce, args=(p,)) for p in range(producers)]
    for t in cs + ps:
        t.start()
    for t in ps:
        t.join()
    with cond:
        state["closed"] = True
        cond.notify_all()
    for t in cs:
        t.join()
    n = producers * items
    check(state["got"] == n, "Condition: %d items consumed, not %d" % (state["got"], n))
    check(state["sum"] == n * (n + 1) // 2, "Condition: wrong sum of items")
    check(state["max"] <= cap, "Condition: the buffer held %d items" % state["max"])
    # a wait whose timeout expires
    t0 = time.monotonic()
    with cond:
        woke = cond.wait(timeout=0.05)
    el = ms_since(t0)
    check(not woke, "Condition: wait(0.05) reported a notify that nobody sent")
    check(el >= 49, "Condition: wait(0.05) returned after %.1f ms" % el)
    print("Condition: %d producers, %d consumers, bound %d: %d items, sum %d; a 50 ms wait timed out"
          % (producers, consumers, cap, state["got"], state["sum"]))


def test_queue():
    q = queue.Queue(maxsize=16)
    results = queue.Queue()
    producers, consumers, items = 3, 5, 3000

    def produce(p):
        for k in range(items):
            q.put((p, k))

    def consume():
        total = count = 0
        while True:
            item = q.get()
            if item is None:
                q.task_done()
                break
            total += item[0] * items + item[1]
            count += 1
            q.task_done()
        results.put((count, total))

    cs = [threading.Thread(target=consume) for _ in range(consumers)]
    ps = [threading.Thread(target=produce, args=(p,)) for p in range(producers)]
    for t in cs + ps:
        t.start()
    for t in ps:
        t.join()
    for _ in cs:
        q.put(None)
    q.join()
    for t in cs:
        t.join()
    count = total = 0
    while not results.empty():
        c, s = results.get()
        count += c
        total += s
    n = producers * items
    check(count == n, "queue.Queue: %d items, not %d" % (count, n))
    check(total == n * (n - 1) // 2, "queue.Queue: wrong sum")
    try:
        q.get(timeout=0.02)
        check(False, "queue.Queue: get from an empty queue gave an item")
    except queue.Empty:
        pass
    print("queue.Queue: %d producers, %d consumers: %d items, sum %d; an empty get timed out"
          % (producers, consumers, count, total))


def test_sleep():
    short = []

    def nap():
        s = time.monotonic()
        time.sleep(0.1)
        if ms_since(s) < 99:
            short.append(1)

    t0 = time.monotonic()
    ts = [threading.Thread(target=nap) for _ in range(THREADS)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    el = ms_since(t0)
    check(not short, "time.sleep: a sleep of 100 ms ended early")
    # one after the other they would take 800 ms
    check(el < 600, "time.sleep: 8 sleeps of 100 ms took %.0f ms: sleepers held each other up" % el)
    print("time.sleep: %d threads slept 100 ms each, side by side" % THREADS)


def test_event():
    ev = threading.Event()
    seen = []

    def waiter(i):
        if ev.wait(timeout=30):
            with fail_lock:
                seen.append(i)

    ts = [threading.Thread(target=waiter, args=(i,)) for i in range(THREADS)]
    for t in ts:
        t.start()
    time.sleep(0.02)
    ev.set()
    for t in ts:
        t.join()
    check(sorted(seen) == list(range(THREADS)), "Event: %d waiters saw the set" % len(seen))
    quiet = threading.Event()
    t0 = time.monotonic()
    r = quiet.wait(timeout=0.05)
    el = ms_since(t0)
    check(not r and el >= 49, "Event: wait(0.05) on an unset event gave %r after %.1f ms" % (r, el))
    print("Event: %d waiters released by set(); an unset event's wait timed out" % THREADS)


def test_barrier():
    rounds = 50
    barrier = threading.Barrier(THREADS)
    arrived = [0] * rounds
    order_ok = [True]
    lock = threading.Lock()
    serial = [0]

    def work():
        for r in range(rounds):
            with lock:
                arrived[r] += 1
            if barrier.wait() == 0:
                with lock:
                    serial[0] += 1
            # past the barrier, every thread has arrived at round r
            with lock:
                if arrived[r] != THREADS:
                    order_ok[0] = False

    ts = [threading.Thread(target=work) for _ in range(THREADS)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    check(order_ok[0], "Barrier: a thread went past before all had arrived")
    check(serial[0] == rounds, "Barrier: %d index-0 returns in %d rounds" % (serial[0], rounds))
    # a broken barrier
    b2 = threading.Barrier(2)
    try:
        b2.wait(timeout=0.02)
        check(False, "Barrier: wait(0.02) alone returned")
    except threading.BrokenBarrierError:
        pass
    print("Barrier: %d threads x %d rounds; a lone wait(0.02) broke the barrier" % (THREADS, rounds))


local = threading.local()


def test_local():
    local.value = "main"
    bad = []

    def work(i):
        if hasattr(local, "value"):
            bad.append("thread %d saw another's value" % i)
        local.value = i
        time.sleep(0.005)
        if local.value != i:
            bad.append("thread %d's value changed" % i)

    ts = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    check(not bad, "threading.local: " + (bad[0] if bad else ""))
    check(local.value == "main", "threading.local: main's value changed")
    print("threading.local: %d threads, each its own value; main's kept" % THREADS)


def test_timer():
    fired = threading.Event()
    cancelled_ran = []
    t0 = time.monotonic()
    when = []

    def fire():
        when.append(ms_since(t0))
        fired.set()

    t = threading.Timer(0.05, fire)
    c = threading.Timer(0.05, lambda: cancelled_ran.append(1))
    t.start()
    c.start()
    c.cancel()
    ok = fired.wait(timeout=30)
    t.join()
    c.join()
    check(ok and when and when[0] >= 49, "Timer: did not fire after its 50 ms")
    check(not cancelled_ran, "Timer: a cancelled timer fired")
    print("Timer: one fired after 50 ms, one cancelled")


def main():
    test_threads_and_lock()
    test_condition()
    test_queue()
    test_sleep()
    test_event()
    test_barrier()
    test_local()
    test_timer()
    check(threading.active_count() == 1,
          "threads left at the end: %d" % threading.active_count())
    sys.stdout.flush()
    if first_failure:
        print("pthread_py: FAILED: %s" % first_failure[0], file=sys.stderr)
        return 1
    print("pthread_py: all ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
