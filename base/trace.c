/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* base/trace.c - the trace's rings, and writing them out as Chrome /
 * Perfetto trace-event JSON: one track per VP (tid v + 1) and one for
 * everything outside them (tid 0), a slice per ULT run and per parked
 * stretch, an instant per other event. One event per line, so that
 * mltp-trace and a shell can read it too. The writer runs in the reaper
 * when a program crashes, with other VPs possibly still running or dead
 * mid-event: it takes no lock and calls no malloc (a dead VP may have
 * held one), only mmap, write and snprintf. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include "base/libc.h"
#include "base/raw.h"
#include "base/clock.h"
#include "base/log.h"
#include "base/trace.h"

struct base_trace_ring *base_trace_rings[BASE_TRACE_RINGS];
struct base_trace_time base_trace_time;
int base_trace_on;

static struct {
    char path[4096];
    size_t budget, used;        /* bytes of rings: allowed, mapped */
    uint64_t slots;             /* per ring (a power of two) */
    int begun, written_final;   /* uatomic */
} tr;

#define MIN_SLOTS 1024UL

static struct base_trace_ring *ring_new(void)
{
    size_t bytes = sizeof(struct base_trace_ring) + tr.slots * sizeof(struct base_trace_ev);
    struct base_trace_ring *r;

    if (tr.used + bytes > tr.budget)
        return NULL;
    r = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED)
        return NULL;
    tr.used += bytes;
    r->mask = tr.slots - 1;
    return r;
}

static void expand(char *b, size_t n, const char *path);

int base_trace_begin(const char *path, long mb)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    uint64_t per;
    char file[4200];
    int fd;

    if (!path || !*path || strlen(path) >= sizeof tr.path)
        return EINVAL;
    /* a path that cannot be written is said now, not at the end */
    expand(file, sizeof file, path);
    if ((fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0666)) < 0)
        return errno;
    base_raw_close(fd);
    snprintf(tr.path, sizeof tr.path, "%s", path);
    if (tr.begun) {                 /* again: the same rings, a new path */
        CMM_STORE_SHARED(base_trace_on, 1);
        return 0;
    }
    if (mb <= 0)
        mb = 64;
    tr.budget = (size_t)mb << 20;
    /* one ring outside, one per CPU's VP; a start with more VPs gets
       rings of this size as long as the budget lasts */
    per = tr.budget / (size_t)((cpus > 0 ? cpus : 1) + 1) / sizeof(struct base_trace_ev);
    for (tr.slots = MIN_SLOTS; tr.slots * 2 <= per; tr.slots *= 2)
        ;
    {
        uint64_t t;
        base_trace_time.t0 = base_trace_clock();
        base_trace_time.ns0 = base_now_ns();
        base_sleep_ns(1000 * 1000);
        t = base_trace_clock();
        if (t > base_trace_time.t0)
            base_trace_time.ns_per_tick = (double)(base_now_ns() - base_trace_time.ns0) /
                                          (double)(t - base_trace_time.t0);
    }
    if (!(base_trace_rings[0] = ring_new()))
        return ENOMEM;
    tr.begun = 1;
    CMM_STORE_SHARED(base_trace_on, 1);
    return 0;
}

void base_trace_ring_for(int vp, int nvp)
{
    struct base_trace_ring *r;

    (void)nvp;
    /* mltp_trace_start during a start: VP vp may be running, and reads
       the pointer, then the ring's mask */
    if (tr.begun && vp >= 0 && vp + 1 < BASE_TRACE_RINGS && !base_trace_rings[vp + 1] &&
        (r = ring_new()) != NULL)
        base_store_release(&base_trace_rings[vp + 1], r);
}

const char *base_trace_path(void)
{
    return tr.path;
}

void base_trace_outside(int kind, int why, int ult, int arg, uint64_t obj)
{
    struct base_trace_ring *r = base_trace_rings[0];

    if (r && CMM_LOAD_SHARED(base_trace_on))
        base_trace_fill(r, uatomic_add_return(&r->head, 1) - 1, kind, why, ult, arg, obj);
}

/* ---- writing ---------------------------------------------------------- */

struct out {
    int fd, failed;
    size_t n;
    char buf[1 << 16];
};

static void flush(struct out *o)
{
    size_t done = 0;

    while (done < o->n && !o->failed) {
        ssize_t w = base_raw_write(o->fd, o->buf + done, o->n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            o->failed = 1;
        else
            done += (size_t)w;
    }
    o->n = 0;
}

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
    va_list ap;
    int k;

    if (sizeof o->buf - o->n < 512)
        flush(o);
    va_start(ap, fmt);
    k = vsnprintf(o->buf + o->n, sizeof o->buf - o->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->n += (size_t)k < sizeof o->buf - o->n ? (size_t)k : sizeof o->buf - o->n - 1;
}

/* ULT names, from NAME events: open addressing on the id */
#define NAMES 4096
struct name { int id; char s[16]; };

static struct name *name_slot(struct name *t, int id)
{
    unsigned int h = (unsigned int)id * 2654435761u;
    for (int k = 0; k < NAMES; k++) {
        struct name *n = &t[(h + (unsigned int)k) % NAMES];
        if (n->id == id || !n->id)
            return n;
    }
    return NULL;
}

/* slot i of r, if valid: copied, its seq the same before and after
   (ARCHITECTURE.md, "Trace slot") */
static int read_slot(const struct base_trace_ring *r, uint64_t i, struct base_trace_ev *e)
{
    const struct base_trace_ev *s = &r->ev[i & r->mask];
    uint32_t want = (uint32_t)(i + 1);

    if (base_load_acquire(&s->seq) != want)
        return 0;
    memcpy(e, s, sizeof *e);
    base_acquire_fence();
    return CMM_LOAD_SHARED(s->seq) == want && e->seq == want;
}

struct conv { uint64_t t0; double scale; };

/* us since the trace began, in whole ns: a slice's printed start plus its
   printed length is then its printed end (rounded apart, they overlapped
   the next slice by a ns) */
static double us(const struct conv *c, uint64_t t)
{
    double ns = (double)(int64_t)(t - c->t0) * c->scale;
    return (double)(int64_t)(ns + (ns < 0 ? -0.5 : 0.5)) / 1000.0;
}

static const char *why_name(int why)
{
    static const char *const n[] = { "cut", "yield", "block", "wait", "end" };
    return why >= 0 && why <= BASE_TRACE_END ? n[why] : "cut";
}

static void ult_label(char *b, size_t n, struct name *names, int id)
{
    struct name *s = id ? name_slot(names, id) : NULL;
    if (id == 0)
        snprintf(b, n, "VP loop");
    else if (s && s->id == id && s->s[0])
        snprintf(b, n, "ult %d %s", id, s->s);
    else
        snprintf(b, n, "ult %d", id);
}

/* A name holds no quote or backslash (a ULT's name is the program's):
   they become '_'. */
static void clean(char *s)
{
    for (; *s; s++)
        if (*s == '"' || *s == '\\' || (unsigned char)*s < 0x20)
            *s = '_';
}

struct track {
    int tid, pid;
    double last;        /* no event before the one before it */
    int run_ult;        /* open run (-1: none) */
    double run_ts, park_ts;
    int parked;
};

static void comma(struct out *o, int *first)
{
    if (!*first)
        put(o, ",\n");
    *first = 0;
}

static void slice_end(struct out *o, int *first, struct track *k, struct name *names,
                      double ts, const char *why, uint64_t on, int what)
{
    char lab[48];

    if (k->run_ult < 0)
        return;
    ult_label(lab, sizeof lab, names, k->run_ult);
    clean(lab);
    comma(o, first);
    put(o, "{\"ph\":\"X\",\"cat\":\"run\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,"
           "\"name\":\"%s\",\"args\":{\"ult\":%d,\"why\":\"%s\"",
        k->pid, k->tid, k->run_ts, ts - k->run_ts, lab, k->run_ult, why);
    if (on)
        put(o, ",\"on\":\"0x%llx\",\"what\":\"%s\"", (unsigned long long)on,
            what == 1 ? "lock" : what == 2 ? "condition" : what == 3 ? "barrier" :
            what == 4 ? "join" : "queue");
    put(o, "}}");
    k->run_ult = -1;
}

static void instant(struct out *o, int *first, const struct track *k, double ts,
                    const char *name, const char *args)
{
    comma(o, first);
    put(o, "{\"ph\":\"i\",\"s\":\"t\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,\"name\":\"%s\","
           "\"args\":{%s}}", k->pid, k->tid, ts, name, args);
}

static void event(struct out *o, int *first, struct track *k, struct name *names,
                  const struct conv *c, const struct base_trace_ev *e)
{
    double ts = us(c, e->t), prev = k->last;
    char a[160];

    if (ts < k->last)
        ts = k->last;       /* a VP that moved between CPUs: never back */
    k->last = ts;
    switch (e->kind) {
    case BASE_TRACE_RUN:
        slice_end(o, first, k, names, ts, "cut", 0, 0);
        if (k->parked) {    /* no unpark seen: a post woke it */
            k->parked = 0;
            comma(o, first);
            put(o, "{\"ph\":\"X\",\"cat\":\"park\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
                   "\"dur\":%.3f,\"name\":\"parked\",\"args\":{}}",
                k->pid, k->tid, k->park_ts, ts - k->park_ts);
        }
        k->run_ult = e->ult;
        k->run_ts = ts;
        return;
    case BASE_TRACE_STOP:
        if (k->run_ult != e->ult) {     /* it ran untraced since: from the last event */
            slice_end(o, first, k, names, ts, "cut", 0, 0);
            k->run_ult = e->ult;
            k->run_ts = prev;
        }
        slice_end(o, first, k, names, ts, why_name(e->why), e->obj, e->arg);
        return;
    case BASE_TRACE_PARK:
        slice_end(o, first, k, names, ts, "cut", 0, 0);
        k->parked = 1;
        k->park_ts = ts;
        return;
    case BASE_TRACE_UNPARK:
        if (k->parked) {
            k->parked = 0;
            comma(o, first);
            put(o, "{\"ph\":\"X\",\"cat\":\"park\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
                   "\"dur\":%.3f,\"name\":\"parked\",\"args\":{}}",
                k->pid, k->tid, k->park_ts, ts - k->park_ts);
        }
        return;
    case BASE_TRACE_CREATE:
        snprintf(a, sizeof a, "\"ult\":%d,\"by\":%d", e->ult, e->arg);
        instant(o, first, k, ts, "create", a);
        return;
    case BASE_TRACE_WAKE:
        snprintf(a, sizeof a, "\"ult\":%d,\"by\":%d", e->ult, e->arg);
        instant(o, first, k, ts, "wake", a);
        return;
    case BASE_TRACE_MOVE:
        snprintf(a, sizeof a, "\"ult\":%d,\"from\":%d,\"to\":%d", e->ult, e->arg, k->tid - 1);
        instant(o, first, k, ts, "move", a);
        return;
    case BASE_TRACE_POST:
        snprintf(a, sizeof a, "\"vp\":%d", e->arg);
        instant(o, first, k, ts, "post", a);
        return;
    case BASE_TRACE_BARRIER:
        snprintf(a, sizeof a, "\"barrier\":\"0x%llx\",\"episode\":%d,\"last\":%d",
                 (unsigned long long)e->obj, e->arg, e->ult);
        instant(o, first, k, ts, "barrier", a);
        return;
    case BASE_TRACE_LOCK_WAIT:
        snprintf(a, sizeof a, "\"lock\":\"0x%llx\",\"ult\":%d", (unsigned long long)e->obj,
                 e->ult);
        instant(o, first, k, ts, "lock wait", a);
        return;
    case BASE_TRACE_BOUND:
        snprintf(a, sizeof a, "\"bound\":%d", e->arg);
        instant(o, first, k, ts, e->why ? "bound joined" : "bound created", a);
        return;
    case BASE_TRACE_DEADLOCK:
        instant(o, first, k, ts, "deadlock", "");
        return;
    case BASE_TRACE_START:
        snprintf(a, sizeof a, "\"vps\":%d", e->arg);
        instant(o, first, k, ts, e->why ? "start end" : "start", a);
        return;
    default:
        return;
    }
}

static void *map(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

/* path with each %p the pid */
static void expand(char *b, size_t n, const char *path)
{
    size_t k = 0;

    for (const char *p = path; *p && k + 1 < n; p++) {
        if (p[0] == '%' && p[1] == 'p') {
            k += (size_t)snprintf(b + k, n - k, "%d", (int)base_libc()->getpid());
            p++;
        } else {
            b[k++] = *p;
        }
        if (k >= n)
            k = n - 1;
    }
    b[k] = 0;
}

long base_trace_write(const char *why, int crash_vp, int sig, int final)
{
    struct out *o;
    struct name *names;
    struct conv c;
    uint64_t t1;
    long ns1, written = 0, lost = 0;
    int first = 1, pid = (int)base_libc()->getpid(), tracks = 0;
    char file[4200], comm[64] = "program";

    if (!tr.begun)
        return -1;
    if (final && uatomic_xchg(&tr.written_final, 1))
        return -1;
    t1 = base_trace_clock();
    ns1 = base_now_ns();
    c.t0 = base_trace_time.t0;
    c.scale = t1 > base_trace_time.t0 ? (double)(ns1 - base_trace_time.ns0) / (double)(t1 - base_trace_time.t0) : 1.0;
    if (!(o = map(sizeof *o)) || !(names = map(NAMES * sizeof *names))) {
        base_warn("trace: no memory to write %s", tr.path);
        return -1;
    }
    expand(file, sizeof file, tr.path);
    o->fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (o->fd < 0) {
        base_warn("trace: cannot write %s: %s", file, strerror(errno));
        munmap(o, sizeof *o);
        munmap(names, NAMES * sizeof *names);
        return -1;
    }
    {
        int fd = open("/proc/self/comm", O_RDONLY | O_CLOEXEC);
        ssize_t k = fd >= 0 ? base_raw_read(fd, comm, sizeof comm - 1) : -1;
        if (k > 0) {
            comm[k] = 0;
            comm[strcspn(comm, "\n")] = 0;
            clean(comm);
        }
        if (fd >= 0)
            base_raw_close(fd);
    }
    /* the names first: a ULT's slices before its name event are named too */
    for (int r = 0; r < BASE_TRACE_RINGS; r++) {
        struct base_trace_ring *g = base_trace_rings[r];
        uint64_t h, i;
        if (!g)
            continue;
        tracks = r;
        h = CMM_LOAD_SHARED(g->head);
        i = h > g->mask + 1 ? h - g->mask - 1 : 0;
        lost += (long)i;
        for (; i < h; i++) {
            struct base_trace_ev e;
            struct name *n;
            if (!read_slot(g, i, &e)) {
                lost++;
                continue;
            }
            if (e.kind != BASE_TRACE_NAME || !(n = name_slot(names, e.ult)))
                continue;
            n->id = e.ult;
            if (!e.why) {
                memcpy(n->s, &e.obj, 8);
                memcpy(n->s + 8, &e.arg, 4);
            } else {
                memcpy(n->s + 12, &e.obj, 3);
            }
            n->s[15] = 0;
        }
    }
    for (int i = 0; i < NAMES; i++)
        clean(names[i].s);
    put(o, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"mltp_trace\":1,\"why\":\"%s\","
           "\"program\":\"%s\",\"pid\":%d,\"vps\":%d,\"lost\":%ld",
        why, comm, pid, tracks, lost);
    if (crash_vp >= 0)
        put(o, ",\"crash_vp\":%d,\"signal\":\"SIG%s\"", crash_vp, sigabbrev_np(sig) ?: "?");
    put(o, "},\n\"traceEvents\":[\n");
    comma(o, &first);
    put(o, "{\"ph\":\"M\",\"pid\":%d,\"tid\":0,\"name\":\"process_name\","
           "\"args\":{\"name\":\"%s (mltp)\"}}", pid, comm);
    for (int r = 0; r < BASE_TRACE_RINGS; r++) {
        struct base_trace_ring *g = base_trace_rings[r];
        struct track k = { .tid = r, .pid = pid, .run_ult = -1 };
        uint64_t h, i;
        double end;
        if (!g)
            continue;
        comma(o, &first);
        if (r)
            put(o, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_name\","
                   "\"args\":{\"name\":\"VP %d\"}}", pid, r, r - 1);
        else
            put(o, "{\"ph\":\"M\",\"pid\":%d,\"tid\":0,\"name\":\"thread_name\","
                   "\"args\":{\"name\":\"outside the VPs\"}}", pid);
        comma(o, &first);
        put(o, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"thread_sort_index\","
               "\"args\":{\"sort_index\":%d}}", pid, r, r);
        h = CMM_LOAD_SHARED(g->head);
        for (i = h > g->mask + 1 ? h - g->mask - 1 : 0; i < h; i++) {
            struct base_trace_ev e;
            if (!read_slot(g, i, &e))
                continue;
            written++;
            if (e.kind != BASE_TRACE_NAME)
                event(o, &first, &k, names, &c, &e);
        }
        end = us(&c, t1);
        if (end < k.last)
            end = k.last;
        if (r && r - 1 == crash_vp) {
            char a[96];
            int u = k.run_ult;
            slice_end(o, &first, &k, names, end, "crash", 0, 0);
            snprintf(a, sizeof a, "\"ult\":%d,\"signal\":\"SIG%s\"", u < 0 ? 0 : u,
                     sigabbrev_np(sig) ?: "?");
            instant(o, &first, &k, end, "crash", a);
        } else {
            slice_end(o, &first, &k, names, end, "running", 0, 0);
            if (k.parked) {
                comma(o, &first);
                put(o, "{\"ph\":\"X\",\"cat\":\"park\",\"pid\":%d,\"tid\":%d,\"ts\":%.3f,"
                       "\"dur\":%.3f,\"name\":\"parked\",\"args\":{}}",
                    pid, r, k.park_ts, end - k.park_ts);
            }
        }
        if (!r) {
            char a[64];
            snprintf(a, sizeof a, "\"why\":\"%s\"", why);
            instant(o, &first, &k, end, "trace written", a);
        }
    }
    put(o, "\n]}\n");
    flush(o);
    if (o->failed || base_raw_close(o->fd) != 0)
        base_warn("trace: writing %s failed: %s", file, strerror(errno));
    else if (strcmp(why, "end") != 0 && strcmp(why, "stop") != 0)
        base_warn("trace: %s written (%ld events, %s)", file, written, why);
    munmap(o, sizeof *o);
    munmap(names, NAMES * sizeof *names);
    return written;
}
