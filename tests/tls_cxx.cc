// SPDX-License-Identifier: LGPL-2.1-or-later
// tls_cxx.cc - C++ thread_local objects in ULTs with TLS blocks of their
// own (MLTP_TLS_ULT), on 1, 2 and 4 VPs: each ULT's object is constructed
// at its first use, only there, stays its own across yields and moves, and
// is destroyed at the ULT's end, before its joiner goes on. Exit status 0,
// or 1 with a line per failure.
#include <mltp.h>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

std::atomic<int> constructed{0}, destroyed{0}, failures{0};

void fail(const char *what, long id)
{
    std::fprintf(stderr, "tls_cxx: ULT %ld: %s\n", id, what);
    failures++;
}

struct Tracked {
    long id = -1;
    std::string text;
    Tracked() { constructed++; }
    ~Tracked()
    {
        if (text != std::string(64, char('a' + id % 26)))
            fail("its object changed before its destructor", id);
        destroyed++;
    }
};

thread_local Tracked tracked;
thread_local int plain = 3;

void *user(void *arg)
{
    long id = reinterpret_cast<long>(arg);
    Tracked *where = &tracked;

    if (tracked.id != -1 || plain != 3)
        fail("not a new object", id);
    tracked.id = id;
    tracked.text = std::string(64, char('a' + id % 26));
    for (int r = 0; r < 100; r++) {
        mltp_yield();
        if (&tracked != where || tracked.id != id)
            fail("another object after a yield", id);
    }
    return nullptr;
}

void *bystander(void *arg)
{
    plain = static_cast<int>(reinterpret_cast<long>(arg));   // never uses tracked
    mltp_yield();
    return nullptr;
}

int run(int nvp)
{
    const int users = 40, others = 10;
    mltp_t *t[users + others];
    mltp_attr_t a;

    constructed = destroyed = 0;
    mltp_attr_init(&a);
    if (mltp_attr_settls(&a, MLTP_TLS_ULT) != 0 || mltp_begin(nvp) != 0) {
        std::fprintf(stderr, "tls_cxx: no start on %d VPs\n", nvp);
        return 1;
    }
    for (long i = 0; i < users + others; i++)
        t[i] = mltp_create_attr(&a, i < users ? user : bystander, reinterpret_cast<void *>(i));
    for (int i = 0; i < users + others; i++) {
        mltp_join(t[i], nullptr);
        std::free(t[i]);
    }
    mltp_end();
    if (constructed != users || destroyed != users) {
        std::fprintf(stderr, "tls_cxx: %d VPs: %d constructed, %d destroyed, of %d\n", nvp,
                     constructed.load(), destroyed.load(), users);
        return 1;
    }
    return 0;
}

} // namespace

int main()
{
    int bad = 0;
    for (int nvp : {1, 2, 4})
        bad |= run(nvp);
    return bad || failures ? 1 : 0;
}
