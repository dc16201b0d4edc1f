// SPDX-License-Identifier: LGPL-2.1-or-later
// tests/pthread_cxx.cc - the C++ standard library's threads, an unmodified
// program to run natively and under pthread/mltp-run, where every pthread
// is a user-level thread: libstdc++ reaches pthreads through calls the
// launcher's library must serve (pthread_create and join, mutexes,
// condition variables with absolute timeouts on two clocks, rwlocks,
// pthread_once, thread_local destructors registered with
// __cxa_thread_atexit_impl, nanosleep). Covered: std::thread (8),
// std::mutex with std::lock_guard, a bounded producer/consumer queue on
// std::condition_variable, a wait_for whose timeout expires, thread_local
// objects constructed at first use and destroyed on their own thread as
// it exits (the main thread's at exit()), sleep_for (sleeping threads
// must not hold each other up), std::async and std::future (a value, an
// exception, a promise), std::call_once, std::shared_mutex (readers share,
// a writer excludes).
//
// Its standard output is the same text every run, whatever the scheduling
// and the number of CPUs, so that a test can compare the output under the
// launcher with the native one. Exit status 0 when every check holds;
// else 1 and one line on standard error, "pthread_cxx: FAILED: WHY", the
// first failure's.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <future>
#include <mutex>
#include <shared_mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kThreads = 8;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

std::mutex fail_mutex;
std::string first_failure;

// Threads check too: keep the first failure, go on, report it at the end.
void check(bool ok, const std::string &what)
{
    if (ok)
        return;
    std::lock_guard<std::mutex> g(fail_mutex);
    if (first_failure.empty())
        first_failure = what;
}

long ms_since(Clock::time_point t0)
{
    return static_cast<long>(std::chrono::duration_cast<milliseconds>(Clock::now() - t0).count());
}

// ---- std::thread and std::mutex ---------------------------------------------

void test_threads_and_mutex()
{
    std::vector<std::thread> ts;
    std::vector<long> partial(kThreads, 0);
    std::mutex m;
    long shared = 0;
    const long per = 20000;

    for (int i = 0; i < kThreads; i++)
        ts.emplace_back([&, i] {
            for (long k = 0; k < per; k++) {
                std::lock_guard<std::mutex> g(m);
                shared++;
            }
            for (long k = 1; k <= 1000; k++)
                partial[i] += k * (i + 1);
        });
    for (auto &t : ts)
        t.join();
    long sum = 0;
    for (long p : partial)
        sum += p;
    check(shared == kThreads * per, "lock_guard: lost updates, " + std::to_string(shared));
    check(sum == 500500L * 36, "std::thread: wrong partial sums, " + std::to_string(sum));
    std::printf("std::thread: %d threads, sum %ld\n", kThreads, sum);
    std::printf("std::mutex: %ld increments under lock_guard\n", shared);
}

// ---- a bounded buffer on condition variables ----------------------------------

class BoundedQueue {
public:
    explicit BoundedQueue(size_t cap) : cap_(cap) {}
    void put(long v)
    {
        std::unique_lock<std::mutex> lk(m_);
        not_full_.wait(lk, [this] { return q_.size() < cap_; });
        q_.push_back(v);
        if (q_.size() > max_seen_)
            max_seen_ = q_.size();
        not_empty_.notify_one();
    }
    // false: closed and drained
    bool get(long &v)
    {
        std::unique_lock<std::mutex> lk(m_);
        not_empty_.wait(lk, [this] { return !q_.empty() || closed_; });
        if (q_.empty())
            return false;
        v = q_.front();
        q_.pop_front();
        not_full_.notify_one();
        return true;
    }
    void close()
    {
        std::lock_guard<std::mutex> g(m_);
        closed_ = true;
        not_empty_.notify_all();
    }
    size_t max_seen() const { return max_seen_; }

private:
    std::mutex m_;
    std::condition_variable not_full_, not_empty_;
    std::deque<long> q_;
    size_t cap_, max_seen_ = 0;
    bool closed_ = false;
};

void test_producer_consumer()
{
    const int producers = 4, consumers = 4;
    const long items = 5000;    // per producer
    const size_t cap = 8;
    BoundedQueue q(cap);
    std::vector<std::thread> ts;
    std::atomic<long> got{0}, sum{0};

    for (int c = 0; c < consumers; c++)
        ts.emplace_back([&] {
            long v;
            while (q.get(v)) {
                got++;
                sum += v;
            }
        });
    std::vector<std::thread> ps;
    for (int p = 0; p < producers; p++)
        ps.emplace_back([&, p] {
            for (long k = 1; k <= items; k++)
                q.put(p * items + k);
        });
    for (auto &t : ps)
        t.join();
    q.close();
    for (auto &t : ts)
        t.join();
    const long n = producers * items;
    check(got == n, "condition_variable: " + std::to_string(got.load()) + " items consumed, not " +
                        std::to_string(n));
    check(sum == n * (n + 1) / 2, "condition_variable: wrong sum of items " + std::to_string(sum.load()));
    check(q.max_seen() <= cap, "condition_variable: the queue held " + std::to_string(q.max_seen()) +
                                   " items, over its bound");
    std::printf("condition_variable: %d producers, %d consumers, bound %zu: %ld items, sum %ld\n",
                producers, consumers, cap, got.load(), sum.load());
}

// ---- wait_for that times out ----------------------------------------------------

void test_wait_for()
{
    std::mutex m;
    std::condition_variable cv;
    bool never = false;
    std::unique_lock<std::mutex> lk(m);
    auto t0 = Clock::now();
    bool woke = cv.wait_for(lk, milliseconds(50), [&] { return never; });
    long el = ms_since(t0);

    check(!woke, "wait_for: returned true with a predicate that never holds");
    check(el >= 50, "wait_for: timed out after " + std::to_string(el) + " ms, before 50 ms");
    // without a predicate: a timeout, or a spurious wake-up before it
    std::cv_status st = std::cv_status::no_timeout;
    auto deadline = Clock::now() + milliseconds(20);
    while (st == std::cv_status::no_timeout && Clock::now() < deadline)
        st = cv.wait_until(lk, deadline);
    check(Clock::now() >= deadline, "wait_until: returned before its deadline");
    std::printf("wait_for: 50 ms timeout expired, predicate false; wait_until: deadline passed\n");
}

// ---- thread_local objects ----------------------------------------------------------

std::atomic<int> tl_constructed{0}, tl_destroyed{0}, tl_wrong_thread{0};

struct Tracked {
    std::thread::id owner = std::this_thread::get_id();
    std::string text;
    Tracked() { tl_constructed++; }
    ~Tracked()
    {
        // a thread's own destructor runs on that thread
        if (owner != std::this_thread::get_id() || text.size() != 32)
            tl_wrong_thread++;
        tl_destroyed++;
    }
};

// constructed at a thread's first call, only there
Tracked &tracked()
{
    thread_local Tracked t;
    return t;
}

thread_local int tl_plain = 7;

void test_thread_local()
{
    std::vector<std::thread> ts;
    std::atomic<int> fresh{0};

    for (int i = 0; i < kThreads; i++) {
        ts.emplace_back([&, i] {
            if (tl_plain == 7 && tracked().text.empty())
                fresh++;
            tl_plain = i;
            tracked().text = std::string(32, char('a' + i));
            std::this_thread::sleep_for(milliseconds(1));
            if (tracked().text != std::string(32, char('a' + i)) || tl_plain != i)
                check(false, "thread_local: a thread's object changed under it");
        });
    }
    // join one at a time: each thread's destructor ran before its join
    // returned
    int joined = 0;
    for (auto &t : ts) {
        t.join();
        joined++;
        check(tl_destroyed >= joined, "thread_local: a thread joined before its destructor ran");
    }
    tracked().text = std::string(32, 'M');      // main's: destroyed at exit()
    check(fresh == kThreads, "thread_local: a thread saw another's object or value");
    check(tl_wrong_thread == 0, "thread_local: a destructor ran on another thread or saw another's object");
    std::printf("thread_local: %d constructed, %d destroyed after the joins\n", tl_constructed.load(),
                tl_destroyed.load());
}

// exit() runs the main thread's thread_local destructors before atexit's
// functions: the last word on thread_local
void at_exit_check()
{
    if (tl_constructed != kThreads + 1 || tl_destroyed != kThreads + 1 || tl_wrong_thread) {
        std::fflush(stdout);
        std::fprintf(stderr, "pthread_cxx: FAILED: thread_local at exit: %d constructed, %d destroyed\n",
                     tl_constructed.load(), tl_destroyed.load());
        _exit(1);
    }
    std::printf("thread_local at exit: %d constructed, %d destroyed\n", tl_constructed.load(),
                tl_destroyed.load());
    std::fflush(stdout);
}

// ---- sleep_for -----------------------------------------------------------------

void test_sleep_for()
{
    std::vector<std::thread> ts;
    std::atomic<int> short_sleeps{0};
    auto t0 = Clock::now();

    for (int i = 0; i < kThreads; i++)
        ts.emplace_back([&] {
            auto s = Clock::now();
            std::this_thread::sleep_for(milliseconds(100));
            if (ms_since(s) < 100)
                short_sleeps++;
        });
    for (auto &t : ts)
        t.join();
    long el = ms_since(t0);
    check(short_sleeps == 0, "sleep_for: a sleep of 100 ms ended early");
    // one after the other they would take 800 ms
    check(el < 600, "sleep_for: 8 sleeps of 100 ms took " + std::to_string(el) +
                        " ms: sleeping threads held each other up");
    std::printf("sleep_for: %d threads slept 100 ms each, side by side\n", kThreads);
}

// ---- std::async, std::future, std::promise ----------------------------------------

long sum_of_squares(long from, long to)
{
    long s = 0;
    for (long k = from; k < to; k++)
        s += k * k;
    return s;
}

void test_async()
{
    std::vector<std::future<long>> fs;
    const long n = 80000, chunk = n / kThreads;

    for (int i = 0; i < kThreads; i++)
        fs.push_back(std::async(std::launch::async, sum_of_squares, i * chunk, (i + 1) * chunk));
    long total = 0;
    for (auto &f : fs)
        total += f.get();
    check(total == sum_of_squares(0, n), "std::async: wrong total " + std::to_string(total));

    auto thrower = std::async(std::launch::async, []() -> int { throw std::runtime_error("boom"); });
    std::string caught;
    try {
        thrower.get();
    } catch (const std::runtime_error &e) {
        caught = e.what();
    }
    check(caught == "boom", "std::future: the task's exception did not reach get()");

    std::promise<std::string> p;
    std::future<std::string> pf = p.get_future();
    std::thread setter([&p] {
        std::this_thread::sleep_for(milliseconds(10));
        p.set_value("kept");
    });
    std::string v = pf.get();
    setter.join();
    check(v == "kept", "std::promise: got \"" + v + "\"");
    std::printf("std::async: %d tasks, sum of squares below %ld = %ld; exception \"%s\"; promise \"%s\"\n",
                kThreads, n, total, caught.c_str(), v.c_str());
}

// ---- std::call_once --------------------------------------------------------------

void test_call_once()
{
    std::once_flag flag;
    std::atomic<int> calls{0}, after{0};
    std::atomic<bool> done{false};
    std::vector<std::thread> ts;

    for (int i = 0; i < kThreads; i++)
        ts.emplace_back([&] {
            std::call_once(flag, [&] {
                // the others wait in call_once meanwhile
                std::this_thread::sleep_for(milliseconds(20));
                calls++;
                done = true;
            });
            if (done)
                after++;
        });
    for (auto &t : ts)
        t.join();
    check(calls == 1, "call_once: ran " + std::to_string(calls.load()) + " times");
    check(after == kThreads, "call_once: a thread went on before the call ended");
    std::printf("call_once: %d threads, 1 call, every thread after it\n", kThreads);
}

// ---- std::shared_mutex -------------------------------------------------------------

void test_shared_mutex()
{
    std::shared_mutex sm;
    long a = 0, b = 0;  // equal whenever no writer holds sm
    std::atomic<long> reads{0}, torn{0};
    const int writers = 2, readers = 6;
    const long writes = 5000, reads_each = 5000;
    std::vector<std::thread> ts;

    for (int w = 0; w < writers; w++)
        ts.emplace_back([&] {
            for (long k = 0; k < writes; k++) {
                std::unique_lock<std::shared_mutex> g(sm);
                a++;
                if ((k & 63) == 0)
                    std::this_thread::yield();  // a reader here would see a != b
                b++;
            }
        });
    for (int r = 0; r < readers; r++)
        ts.emplace_back([&] {
            for (long k = 0; k < reads_each; k++) {
                std::shared_lock<std::shared_mutex> g(sm);
                if (a != b)
                    torn++;
                reads++;
            }
        });
    for (auto &t : ts)
        t.join();
    check(torn == 0, "shared_mutex: a reader saw a writer's half-done update");
    check(a == writers * writes && b == a, "shared_mutex: lost writes");

    // readers share: while one holds it shared, another gets it shared at
    // once, and no one gets it exclusive
    std::promise<void> held, release;
    std::shared_future<void> go = release.get_future().share();
    std::thread holder([&] {
        std::shared_lock<std::shared_mutex> g(sm);
        held.set_value();
        go.wait();
    });
    held.get_future().wait();
    bool shared_ok = sm.try_lock_shared();
    if (shared_ok)
        sm.unlock_shared();
    bool excl = false;
    std::thread other([&] {
        excl = sm.try_lock();
        if (excl)
            sm.unlock();
    });
    other.join();
    release.set_value();
    holder.join();
    check(shared_ok, "shared_mutex: a second reader was refused");
    check(!excl, "shared_mutex: a writer got in beside a reader");
    std::printf("shared_mutex: %d writers x %ld, %d readers x %ld, no torn reads; readers share, writers wait\n",
                writers, writes, readers, reads_each);
}

} // namespace

int main()
{
    std::atexit(at_exit_check);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    test_threads_and_mutex();
    test_producer_consumer();
    test_wait_for();
    test_thread_local();
    test_sleep_for();
    test_async();
    test_call_once();
    test_shared_mutex();
    if (!first_failure.empty()) {
        std::fprintf(stderr, "pthread_cxx: FAILED: %s\n", first_failure.c_str());
        _exit(1);
    }
    std::printf("pthread_cxx: all ok\n");
    return 0;
}
