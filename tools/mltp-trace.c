/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* tools/mltp-trace.c - a terminal's view of an MLTP trace (MLTP_TRACE):
 * per VP busy, idle and parked time, the ULTs that waited longest and on
 * what, moves between VPs, barrier episodes and their last arrivers, the
 * crash; --check validates a file, --slices prints the slices for a plot.
 * The file is parsed as JSON (a viewer may have re-saved it), one element
 * of traceEvents at a time, so that a file of hundreds of MB needs memory
 * for its slices only. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- JSON: a DOM per element, in an arena reset between elements ---- */

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
    enum jtype type;
    double num;
    const char *str;            /* J_STR: NUL-terminated, unescaped */
    struct jval *kids;          /* J_ARR/J_OBJ: a list */
    const char *key;            /* as a member of an object */
    struct jval *next;
};

static struct {
    const char *path, *file, *p, *end;
    char *arena;
    size_t used, size;
} in;

static void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void die(int status, const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "mltp-trace: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

static long line_of(const char *at)
{
    long n = 1;
    for (const char *s = in.file; s < at && s < in.end; s++)
        n += *s == '\n';
    return n;
}

static void bad(const char *what) __attribute__((noreturn));
static void bad(const char *what)
{
    die(2, "%s:%ld: %s", in.path, line_of(in.p), what);
}

static void *alloc(size_t n)
{
    void *r;

    n = (n + 15) & ~(size_t)15;
    if (in.used + n > in.size) {
        /* a new arena: what was given out stays valid until the reset */
        size_t sz = n > (1u << 20) ? n : (1u << 20);
        char *a = malloc(sz);
        if (!a)
            die(2, "out of memory");
        in.arena = a;
        in.used = 0;
        in.size = sz;
    }
    r = in.arena + in.used;
    in.used += n;
    return r;
}

static void ws(void)
{
    while (in.p < in.end && (*in.p == ' ' || *in.p == '\n' || *in.p == '\r' || *in.p == '\t'))
        in.p++;
}

static int hexval(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
           c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static const char *parse_string(void)
{
    const char *s = ++in.p;     /* after the quote */
    size_t n = 0;
    char *out, *o;

    while (in.p < in.end && *in.p != '"') {
        if ((unsigned char)*in.p < 0x20)
            bad("a control character in a string");
        if (*in.p == '\\')
            in.p++;
        in.p++;
        n++;
    }
    if (in.p >= in.end)
        bad("a string that does not end");
    in.p++;
    o = out = alloc(n * 3 + 1);
    for (const char *c = s; c < in.p - 1; c++) {
        if (*c != '\\') {
            *o++ = *c;
            continue;
        }
        switch (*++c) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned int u = 0;
            for (int k = 1; k <= 4; k++) {
                int h = c + k < in.p - 1 ? hexval(c[k]) : -1;
                if (h < 0) {
                    in.p = c;
                    bad("a bad \\u escape");
                }
                u = u * 16 + (unsigned int)h;
            }
            c += 4;
            /* UTF-8; surrogates are kept as they come (names only) */
            if (u < 0x80) {
                *o++ = (char)u;
            } else if (u < 0x800) {
                *o++ = (char)(0xc0 | u >> 6);
                *o++ = (char)(0x80 | (u & 0x3f));
            } else {
                *o++ = (char)(0xe0 | u >> 12);
                *o++ = (char)(0x80 | ((u >> 6) & 0x3f));
                *o++ = (char)(0x80 | (u & 0x3f));
            }
            break;
        }
        default:
            in.p = c;
            bad("a bad escape in a string");
        }
    }
    *o = 0;
    return out;
}

static struct jval *parse_value(int depth);

/* An object's key and its ':' */
static const char *parse_key(void)
{
    const char *key;

    ws();
    if (in.p >= in.end || *in.p != '"')
        bad("an object's key is not a string");
    key = parse_string();
    ws();
    if (in.p >= in.end || *in.p != ':')
        bad("no ':' after an object's key");
    in.p++;
    return key;
}

/* After a member or element: 1 at a ',' (another follows), 0 at close. */
static int another(char close, const char *what)
{
    ws();
    if (in.p < in.end && (*in.p == ',' || *in.p == close))
        return *in.p++ == ',';
    bad(what);
}

static struct jval *node(enum jtype t)
{
    struct jval *v = alloc(sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = t;
    return v;
}

static struct jval *parse_container(int depth, char close)
{
    struct jval *v = node(close == '}' ? J_OBJ : J_ARR), **tail = &v->kids;

    in.p++;
    ws();
    if (in.p < in.end && *in.p == close) {
        in.p++;
        return v;
    }
    for (;;) {
        const char *key = close == '}' ? parse_key() : NULL;
        struct jval *k = parse_value(depth + 1);

        k->key = key;
        *tail = k;
        tail = &k->next;
        if (!another(close, close == '}' ? "no ',' or '}' in an object"
                                         : "no ',' or ']' in an array"))
            return v;
    }
}

static struct jval *parse_value(int depth)
{
    struct jval *v;
    char *e;

    if (depth > 64)
        bad("nested too deep");
    ws();
    if (in.p >= in.end)
        bad("the file ends where a value should be");
    switch (*in.p) {
    case '{':
        return parse_container(depth, '}');
    case '[':
        return parse_container(depth, ']');
    case '"':
        v = node(J_STR);
        v->str = parse_string();
        return v;
    case 't':
    case 'f':
    case 'n': {
        static const char *const words[] = { "true", "false", "null" };
        for (int i = 0; i < 3; i++) {
            size_t n = strlen(words[i]);
            if ((size_t)(in.end - in.p) >= n && !memcmp(in.p, words[i], n)) {
                in.p += n;
                v = node(i == 2 ? J_NULL : J_BOOL);
                v->num = i == 0;
                return v;
            }
        }
        bad("not a value");
    }
    default:
        if (*in.p != '-' && (*in.p < '0' || *in.p > '9'))
            bad("not a value");
        {
            /* strtod would read past a number JSON does not allow */
            const char *s = in.p;
            char buf[64];
            size_t n;
            if (*s == '-')
                s++;
            if (s >= in.end || *s < '0' || *s > '9')
                bad("a bad number");
            while (s < in.end && ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' ||
                                  *s == 'E' || *s == '+' || *s == '-'))
                s++;
            n = (size_t)(s - in.p);
            if (n >= sizeof buf)
                bad("a number too long");
            memcpy(buf, in.p, n);
            buf[n] = 0;
            v = node(J_NUM);
            v->num = strtod(buf, &e);
            if (*e)
                bad("a bad number");
            in.p = s;
            return v;
        }
    }
}

static const struct jval *get(const struct jval *o, const char *key)
{
    if (!o || o->type != J_OBJ)
        return NULL;
    for (const struct jval *k = o->kids; k; k = k->next)
        if (!strcmp(k->key, key))
            return k;
    return NULL;
}

static const char *get_str(const struct jval *o, const char *key)
{
    const struct jval *v = get(o, key);
    return v && v->type == J_STR ? v->str : NULL;
}

static int get_num(const struct jval *o, const char *key, double *d)
{
    const struct jval *v = get(o, key);
    if (!v || v->type != J_NUM)
        return 0;
    *d = v->num;
    return 1;
}

/* ---- what the trace holds -------------------------------------------- */

enum why { W_CUT, W_YIELD, W_BLOCK, W_WAIT, W_END, W_CRASH, W_RUNNING, W_OTHER };
static const char *const why_names[] = { "cut", "yield", "block", "wait", "end", "crash",
                                         "running", "?" };

struct slice {
    double ts, dur;
    int tid, ult;               /* ult -1: parked */
    int why;
    long order;                 /* in the file */
    unsigned long long on;
    const char *what;           /* static strings */
};

struct instant {
    double ts;
    int tid, kind;              /* K_* */
    int ult, a;
    long order;
    unsigned long long obj;
};
enum { K_CRASH, K_MOVE, K_BARRIER, K_OTHER };

struct names { int ult; char *name; };

static struct {
    struct slice *s;
    size_t ns, cs;
    struct instant *i;
    size_t ni, ci;
    struct names *n;
    size_t nn, cn;
    long order, events;
    char why[64], program[64], signal[32];
    int crash_vp, have_other, mltp;
    double lost;
    char problems[20][200];
    int nproblems, problems_more;
} tr = { .crash_vp = -1 };

static void problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void problem(const char *fmt, ...)
{
    va_list ap;

    if (tr.nproblems == 20) {
        tr.problems_more++;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(tr.problems[tr.nproblems++], sizeof tr.problems[0], fmt, ap);
    va_end(ap);
}

static void *grow(void *a, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return a;
    *cap = *cap ? *cap * 2 : 4096;
    if (!(a = realloc(a, *cap * size)))
        die(2, "out of memory");
    return a;
}

static const char *what_of(const char *w)
{
    static const char *const known[] = { "lock", "condition", "barrier", "join", "queue" };
    for (size_t k = 0; w && k < sizeof known / sizeof known[0]; k++)
        if (!strcmp(w, known[k]))
            return known[k];
    return w ? "queue" : NULL;
}

static void note_name(int ult, const char *name)
{
    for (size_t k = tr.nn; k-- > 0;)
        if (tr.n[k].ult == ult)
            return;
    tr.n = grow(tr.n, &tr.cn, tr.nn, sizeof *tr.n);
    tr.n[tr.nn].ult = ult;
    tr.n[tr.nn].name = strdup(name);
    tr.nn++;
}

static const char *name_of(int ult)
{
    for (size_t k = 0; k < tr.nn; k++)
        if (tr.n[k].ult == ult)
            return tr.n[k].name;
    return "";
}

static void one_event(const struct jval *e)
{
    const char *ph, *name, *cat, *s;
    const struct jval *args;
    double ts = 0, dur = 0, tid = 0, d;

    tr.events++;
    tr.order++;
    if (e->type != J_OBJ) {
        problem("element %ld of traceEvents is not an object", tr.order);
        return;
    }
    ph = get_str(e, "ph");
    name = get_str(e, "name");
    cat = get_str(e, "cat");
    args = get(e, "args");
    if (!ph) {
        problem("event %ld has no \"ph\"", tr.order);
        return;
    }
    if (!strcmp(ph, "M"))
        return;
    if (!get_num(e, "ts", &ts) || !get_num(e, "tid", &tid)) {
        problem("event %ld (%s) has no ts or tid", tr.order, name ? name : ph);
        return;
    }
    if (!strcmp(ph, "X")) {
        struct slice *sl;
        int park = cat && !strcmp(cat, "park");
        if (!get_num(e, "dur", &dur))
            problem("slice %ld (%s) has no dur", tr.order, name ? name : "?");
        if (dur < 0)
            problem("slice %ld (%s) has a negative dur %.3f", tr.order, name ? name : "?", dur);
        if (!park && !(cat && !strcmp(cat, "run")))
            return;             /* some viewer's own slice */
        tr.s = grow(tr.s, &tr.cs, tr.ns, sizeof *tr.s);
        sl = &tr.s[tr.ns++];
        memset(sl, 0, sizeof *sl);
        sl->ts = ts;
        sl->dur = dur;
        sl->tid = (int)tid;
        sl->order = tr.order;
        sl->ult = -1;
        if (park)
            return;
        if (tid < 1)
            problem("run slice %ld (%s) is on track %d, not a VP's", tr.order,
                    name ? name : "?", (int)tid);
        if (!get_num(args, "ult", &d)) {
            problem("run slice %ld (%s) has no args.ult", tr.order, name ? name : "?");
            d = 0;
        }
        sl->ult = (int)d;
        sl->why = W_OTHER;
        if ((s = get_str(args, "why")) != NULL)
            for (int w = 0; w < W_OTHER; w++)
                if (!strcmp(s, why_names[w]))
                    sl->why = w;
        if ((s = get_str(args, "on")) != NULL)
            sl->on = strtoull(s, NULL, 16);
        sl->what = what_of(get_str(args, "what"));
        if (name && sl->ult > 0) {
            /* "ult ID NAME": the NAME */
            const char *sp = strchr(name, ' ');
            sp = sp ? strchr(sp + 1, ' ') : NULL;
            if (sp)
                note_name(sl->ult, sp + 1);
        }
        return;
    }
    if (!strcmp(ph, "i") || !strcmp(ph, "I")) {
        struct instant *it;
        int kind = !name ? K_OTHER : !strcmp(name, "crash") ? K_CRASH :
                   !strcmp(name, "move") ? K_MOVE : !strcmp(name, "barrier") ? K_BARRIER : K_OTHER;
        tr.i = grow(tr.i, &tr.ci, tr.ni, sizeof *tr.i);
        it = &tr.i[tr.ni++];
        memset(it, 0, sizeof *it);
        it->ts = ts;
        it->tid = (int)tid;
        it->kind = kind;
        it->order = tr.order;
        if (get_num(args, kind == K_BARRIER ? "last" : "ult", &d))
            it->ult = (int)d;
        if (kind == K_MOVE && get_num(args, "from", &d))
            it->a = (int)d;
        if (kind == K_BARRIER) {
            if (get_num(args, "episode", &d))
                it->a = (int)d;
            if ((s = get_str(args, "barrier")) != NULL)
                it->obj = strtoull(s, NULL, 16);
        }
    }
}

static void other_data(const struct jval *o)
{
    const char *s;
    double d;

    tr.have_other = 1;
    tr.mltp = get(o, "mltp_trace") != NULL;
    if ((s = get_str(o, "why")) != NULL)
        snprintf(tr.why, sizeof tr.why, "%s", s);
    if ((s = get_str(o, "program")) != NULL)
        snprintf(tr.program, sizeof tr.program, "%s", s);
    if ((s = get_str(o, "signal")) != NULL)
        snprintf(tr.signal, sizeof tr.signal, "%s", s);
    if (get_num(o, "crash_vp", &d))
        tr.crash_vp = (int)d;
    if (get_num(o, "lost", &d))
        tr.lost = d;
}

/* The top level: an object whose traceEvents are read one at a time. */
static int parse_file(void)
{
    int found = 0;

    ws();
    if (in.p >= in.end || *in.p != '{')
        bad("not a JSON object");
    in.p++;
    ws();
    if (in.p < in.end && *in.p == '}') {
        in.p++;
    } else {
        for (;;) {
            const char *key = parse_key();
            ws();
            if (!strcmp(key, "traceEvents") && in.p < in.end && *in.p == '[') {
                found = 1;
                in.p++;
                ws();
                if (in.p < in.end && *in.p == ']') {
                    in.p++;
                } else {
                    for (;;) {
                        size_t mark = in.used;
                        char *arena = in.arena;
                        one_event(parse_value(1));
                        if (in.arena == arena)
                            in.used = mark;     /* the element's nodes */
                        if (!another(']', "no ',' or ']' in traceEvents"))
                            break;
                    }
                }
            } else {
                struct jval *v = parse_value(1);
                if (!strcmp(key, "otherData"))
                    other_data(v);
            }
            if (!another('}', "no ',' or '}' in the top object"))
                break;
        }
    }
    ws();
    if (in.p != in.end)
        bad("more after the JSON object");
    return found;
}

static void load(const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    void *m;

    if (fd < 0 || fstat(fd, &st) != 0)
        die(2, "%s: %s", path, strerror(errno));
    if (st.st_size == 0)
        die(2, "%s:1: an empty file", path);
    m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (m == MAP_FAILED)
        die(2, "%s: %s", path, strerror(errno));
    close(fd);
    in.path = path;
    in.file = m;
    in.p = m;
    in.end = in.file + st.st_size;
}

/* ---- sorting and summing ----------------------------------------------- */

/* by key, then time, then place in the file */
static int by_key_time(int kx, int ky, const struct slice *x, const struct slice *y)
{
    if (kx != ky)
        return kx < ky ? -1 : 1;
    if (x->ts != y->ts)
        return x->ts < y->ts ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

static int by_track_time(const void *a, const void *b)
{
    const struct slice *x = a, *y = b;
    return by_key_time(x->tid, y->tid, x, y);
}

static int by_ult_time(const void *a, const void *b)
{
    const struct slice *x = a, *y = b;
    return by_key_time(x->ult, y->ult, x, y);
}

static void span(double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = -INFINITY;
    for (size_t k = 0; k < tr.ns; k++) {
        *lo = fmin(*lo, tr.s[k].ts);
        *hi = fmax(*hi, tr.s[k].ts + tr.s[k].dur);
    }
    for (size_t k = 0; k < tr.ni; k++) {
        *lo = fmin(*lo, tr.i[k].ts);
        *hi = fmax(*hi, tr.i[k].ts);
    }
    if (*lo > *hi)
        *lo = *hi = 0;
}

static int check(const char *path, const int *expect, int nexpect)
{
    int tracks = 0;

    qsort(tr.s, tr.ns, sizeof *tr.s, by_track_time);
    /* against the slice that reaches furthest so far: one inside a long
       earlier slice overlaps too */
    for (size_t k = 0, far = 0; k < tr.ns; k++) {
        const struct slice *s = &tr.s[k], *p = &tr.s[far];
        if (!k || p->tid != s->tid) {
            tracks++;
            far = k;
            continue;
        }
        if (s->ts < p->ts + p->dur - 0.0005)
            problem("track %d: slice at %.3f us (ult %d) overlaps the one at %.3f us (ult %d, "
                    "until %.3f)", s->tid, s->ts, s->ult, p->ts, p->ult, p->ts + p->dur);
        if (s->ts + s->dur > p->ts + p->dur)
            far = k;
    }
    for (int e = 0; e < nexpect; e++) {
        size_t k;
        for (k = 0; k < tr.ns && tr.s[k].ult != expect[e]; k++)
            ;
        if (k == tr.ns)
            problem("no run slice of ULT %d", expect[e]);
    }
    if (!strcmp(tr.why, "crash")) {
        int tid = tr.crash_vp + 1, last_run = -1;
        double last_ts = -INFINITY, run_end = -INFINITY;
        long last_order = -1;
        const struct instant *last = NULL;
        if (tr.crash_vp < 0)
            problem("written for a crash, but names no crash_vp");
        for (size_t k = 0; k < tr.ns; k++)
            if (tr.s[k].tid == tid && tr.s[k].ult >= 0 && tr.s[k].ts + tr.s[k].dur >= run_end) {
                run_end = tr.s[k].ts + tr.s[k].dur;
                last_run = tr.s[k].ult;
            }
        for (size_t k = 0; k < tr.ni; k++)
            if (tr.i[k].tid == tid && (tr.i[k].ts > last_ts ||
                                       (tr.i[k].ts == last_ts && tr.i[k].order > last_order))) {
                last_ts = tr.i[k].ts;
                last_order = tr.i[k].order;
                last = &tr.i[k];
            }
        for (size_t k = 0; k < tr.ns; k++)
            if (tr.s[k].tid == tid && tr.s[k].ts + tr.s[k].dur > last_ts + 0.0005)
                last = NULL;    /* a slice goes on past the last instant */
        if (!last || last->kind != K_CRASH)
            problem("the last event of VP %d, which crashed, is not a crash event", tr.crash_vp);
        else if (last_run >= 0 && last->ult != last_run)
            problem("VP %d's crash names ULT %d, but its last run was ULT %d", tr.crash_vp,
                    last->ult, last_run);
    }
    for (int k = 0; k < tr.nproblems; k++)
        printf("%s: %s\n", path, tr.problems[k]);
    if (tr.problems_more)
        printf("%s: and %d problem(s) more\n", path, tr.problems_more);
    if (tr.nproblems)
        return 1;
    printf("ok: %zu slices on %d tracks, %ld events\n", tr.ns, tracks, tr.events);
    return 0;
}

struct waiter {
    int ult, never;
    double total, longest;
    unsigned long long on;
    const char *what;
};

static int by_total(const void *a, const void *b)
{
    const struct waiter *x = a, *y = b;
    return x->total < y->total ? 1 : x->total > y->total ? -1 : x->ult - y->ult;
}

struct count { unsigned long long key; int ult; long n; };

static int by_n(const void *a, const void *b)
{
    const struct count *x = a, *y = b;
    return x->n < y->n ? 1 : x->n > y->n ? -1 : 0;
}

static struct count *bump(struct count *c, size_t *n, size_t *cap, unsigned long long key, int ult)
{
    for (size_t k = 0; k < *n; k++)
        if (c[k].key == key && c[k].ult == ult) {
            c[k].n++;
            return c;
        }
    c = grow(c, cap, *n, sizeof *c);
    c[*n] = (struct count){ key, ult, 1 };
    (*n)++;
    return c;
}

static void summary(const char *path)
{
    double lo, hi, total;
    int maxtid = 0;
    struct waiter *w = NULL;
    size_t nw = 0, cw = 0, nm = 0, cm = 0, nb = 0, cb = 0;
    struct count *moves = NULL, *bars = NULL;
    long nmoves = 0;

    span(&lo, &hi);
    total = hi - lo;
    printf("%s: %s, written at %s; %.3f ms; %ld events, %.0f lost\n", path,
           tr.program[0] ? tr.program : "?", tr.why[0] ? tr.why : "?", total / 1000.0,
           tr.events, tr.lost);
    for (size_t k = 0; k < tr.ns; k++)
        maxtid = tr.s[k].tid > maxtid ? tr.s[k].tid : maxtid;
    printf("\n%-6s %12s %12s %12s %8s %6s %12s\n", "VP", "busy ms", "idle ms", "parked ms", "runs",
           "ULTs", "from ms");
    qsort(tr.s, tr.ns, sizeof *tr.s, by_ult_time);
    for (int t = 1; t <= maxtid; t++) {
        double busy = 0, parked = 0, from = hi;
        long runs = 0, ults = 0;
        int last = -2;
        for (size_t k = 0; k < tr.ns; k++) {
            if (tr.s[k].tid != t)
                continue;
            from = fmin(from, tr.s[k].ts);
            if (tr.s[k].ult < 0) {
                parked += tr.s[k].dur;
                continue;
            }
            busy += tr.s[k].dur;
            runs++;
            if (tr.s[k].ult != last)
                ults++;
            last = tr.s[k].ult;
        }
        /* idle from the track's first slice: a VP's ring may have
           wrapped later than another's */
        printf("%-6d %12.3f %12.3f %12.3f %8ld %6ld %12.3f\n", t - 1, busy / 1000.0,
               fmax(0, hi - from - busy - parked) / 1000.0, parked / 1000.0, runs, ults,
               (from - lo) / 1000.0);
    }
    /* waits: from a stop that blocks or waits to the ULT's next run */
    for (size_t k = 0; k < tr.ns; k++) {
        const struct slice *s = &tr.s[k], *n = k + 1 < tr.ns ? &tr.s[k + 1] : NULL;
        double end, d;
        if (s->ult < 0 || (s->why != W_BLOCK && s->why != W_WAIT))
            continue;
        if (!nw || w[nw - 1].ult != s->ult) {
            w = grow(w, &cw, nw, sizeof *w);
            memset(&w[nw], 0, sizeof w[nw]);
            w[nw++].ult = s->ult;
        }
        end = s->ts + s->dur;
        if (n && n->ult == s->ult) {
            d = n->ts - end;
        } else {
            d = hi - end;
            w[nw - 1].never = 1;
        }
        w[nw - 1].total += d;
        if (d >= w[nw - 1].longest) {
            w[nw - 1].longest = d;
            w[nw - 1].on = s->on;
            w[nw - 1].what = s->what;
        }
    }
    qsort(w, nw, sizeof *w, by_total);
    printf("\nULTs that waited longest (from a block or a wait to their next run):\n");
    if (!nw)
        printf("  none\n");
    for (size_t k = 0; k < nw && k < 10; k++) {
        char on[64] = "";
        if (w[k].on)
            snprintf(on, sizeof on, " on %s 0x%llx", w[k].what ? w[k].what : "queue", w[k].on);
        printf("  ult %-6d %-15s %10.3f ms in all, longest %.3f ms%s%s\n", w[k].ult,
               name_of(w[k].ult), w[k].total / 1000.0, w[k].longest / 1000.0, on,
               w[k].never ? "; never ran again" : "");
    }
    for (size_t k = 0; k < tr.ni; k++) {
        if (tr.i[k].kind == K_MOVE) {
            nmoves++;
            moves = bump(moves, &nm, &cm, 0, tr.i[k].ult);
        } else if (tr.i[k].kind == K_BARRIER) {
            bars = bump(bars, &nb, &cb, tr.i[k].obj, tr.i[k].ult);
        }
    }
    qsort(moves, nm, sizeof *moves, by_n);
    printf("\nMoves between VPs (ULTs an idle VP took): %ld", nmoves);
    for (size_t k = 0; k < nm && k < 5; k++)
        printf("%s ult %d %s (%ld)", k ? "," : ";", moves[k].ult, name_of(moves[k].ult),
               moves[k].n);
    printf("\n\nBarrier episodes:\n");
    if (!nb)
        printf("  none\n");
    qsort(bars, nb, sizeof *bars, by_n);
    for (size_t k = 0; k < nb; k++) {
        long episodes = 0;
        int shown = 0;
        int seen = 0;
        for (size_t j = 0; j < k; j++)
            seen |= bars[j].key == bars[k].key;
        if (seen)
            continue;
        for (size_t j = 0; j < nb; j++)
            if (bars[j].key == bars[k].key)
                episodes += bars[j].n;
        printf("  barrier 0x%llx: %ld episodes; last to arrive:", bars[k].key, episodes);
        for (size_t j = 0; j < nb && shown < 3; j++)
            if (bars[j].key == bars[k].key)
                printf("%s ult %d %s (%ld)", shown++ ? "," : "", bars[j].ult,
                       name_of(bars[j].ult), bars[j].n);
        printf("\n");
    }
    for (size_t k = 0; k < tr.ni; k++)
        if (tr.i[k].kind == K_CRASH)
            printf("\ncrashed: ult %d %s on VP %d (%s)\n", tr.i[k].ult, name_of(tr.i[k].ult),
                   tr.i[k].tid - 1, tr.signal[0] ? tr.signal : "?");
    free(w);
    free(moves);
    free(bars);
}

static void slices(void)
{
    qsort(tr.s, tr.ns, sizeof *tr.s, by_track_time);
    for (size_t k = 0; k < tr.ns; k++)
        printf("%d %.3f %.3f %d\n", tr.s[k].tid, tr.s[k].ts, tr.s[k].ts + tr.s[k].dur,
               tr.s[k].ult);
}

static void usage(FILE *f, int status)
{
    fprintf(f, "usage: mltp-trace FILE                      a summary of an MLTP trace\n"
               "       mltp-trace --check [--expect-ult N]... FILE   check it (0: ok, 1: not)\n"
               "       mltp-trace --slices FILE             'track start end ult' per slice\n");
    exit(status);
}

int main(int argc, char **argv)
{
    int mode = 0, expect[64], nexpect = 0, i;

    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            usage(stdout, 0);
        else if (!strcmp(argv[i], "--check"))
            mode = 1;
        else if (!strcmp(argv[i], "--slices"))
            mode = 2;
        else if (!strcmp(argv[i], "--expect-ult") && i + 1 < argc && nexpect < 64)
            expect[nexpect++] = atoi(argv[++i]);
        else
            usage(stderr, 2);
    }
    if (i != argc - 1 || (nexpect && mode != 1))
        usage(stderr, 2);
    load(argv[i]);
    if (!parse_file())
        die(mode == 1 ? 1 : 2, "%s: no traceEvents", argv[i]);
    if (mode == 1)
        return check(argv[i], expect, nexpect);
    if (mode == 2) {
        slices();
        return 0;
    }
    summary(argv[i]);
    return 0;
}
