# SPDX-License-Identifier: LGPL-2.1-or-later
# gdb/mltp.py - gdb commands for programs on MLTP (mltp-debug(7)):
#
#   info ults          every live ULT: id, name, state, priority, VP,
#                      what it waits for, its function
#   ult ID bt          the backtrace of ULT ID, waiting ones included,
#                      from frame #1 (#0 is where the thread stopped)
#   ult ID CMD         CMD (info locals, print x, frame 2...) in ULT ID
#
# Installed as libmltp.so's auto-load script; `source` it by hand for a
# static program. Reads only memory, so it works on a live process and on
# a core file alike. It needs libmltp's debug information (-g).
#
# Where ULTs are found: a running ULT is its VP's `cur`; a ready one is in
# a run queue (or, before the first start, on the pending list); every ULT
# that has run has a stack, a slot of a chunk on one list
# (ult_stack_chunks), and each slot's record names the ULT it is handed to. A
# ULT that is not running is shown through a Python unwinder: the real
# innermost frame stays #0, and its caller, #1, is the ULT's saved
# context as the context switch left it. `ult ID bt` prints from #1.

import re
import struct

import gdb
import gdb.unwinder

LIFE = {0: "live", 1: "joined", 2: "detached"}      # enum ult_life, live ones
PRIVATE_SIZE = 1024                                 # MLTP_PRIVATE_SIZE

# The frame the context switch saves, from the saved stack pointer up
# (ult/switch-*.S): register -> byte offset; "pc" is where it resumes and
# "frame_size" how far the stack pointer moves when it does.
FRAMES = {
    "x86-64": {
        "regs": {"r15": 8, "r14": 16, "r13": 24, "r12": 32, "rbx": 40,
                 "rbp": 48},
        "pc": ("rip", 56), "sp": "rsp", "frame_size": 64,
    },
    "aarch64": {
        "regs": {"x29": 0, "x30": 8, "x19": 16, "x20": 24, "x21": 32,
                 "x22": 40, "x23": 48, "x24": 56, "x25": 64, "x26": 72,
                 "x27": 80, "x28": 88},
        "pc": ("pc", 8), "sp": "sp", "frame_size": 176,
    },
}

# What a ULT waits for, by the public call it is in (innermost first).
WAITS = [
    ("mltp_cond_wait_lock", "condition"), ("mltp_cond_wait", "condition"),
    ("mltp_barrier", "barrier"), ("mltp_join", "join"),
    ("mltp_lock", "lock"), ("mltp_pause_wait", "pause flag"),
    ("mltp_workers_wait", "workers"), ("mltp_end", "the other ULTs"),
]


def arch_frame():
    name = gdb.selected_inferior().architecture().name()
    if "aarch64" in name:
        return FRAMES["aarch64"]
    if "x86-64" in name or "i386:x86-64" in name:
        return FRAMES["x86-64"]
    raise gdb.GdbError("mltp: no saved-frame layout for %s" % name)


def read_words(addr, n):
    mem = gdb.selected_inferior().read_memory(addr, 8 * n)
    return struct.unpack("<%dQ" % n, bytes(mem))


class SavedContext(gdb.unwinder.Unwinder):
    """While a ULT is chosen, frame #0's caller is that ULT's saved context."""

    def __init__(self):
        super().__init__("mltp-ult")
        self.sp = None          # the chosen ULT's saved stack pointer

    def __call__(self, pending):
        if self.sp is None or pending.level() != 0:
            return None
        f = arch_frame()
        pc_reg, pc_off = f["pc"]
        size = max(max(f["regs"].values()), pc_off) // 8 + 1
        words = read_words(self.sp, size)

        class Id:
            pass
        fid = Id()
        # gdb stops a backtrace whose caller is inner to (below) its
        # callee: frame #0 claims the lowest stack address, so that a ULT
        # stack anywhere can be its caller
        fid.sp = gdb.Value(16).cast(pending.read_register(f["sp"]).type)
        fid.pc = pending.read_register(pc_reg)
        info = pending.create_unwind_info(fid)
        for reg, off in f["regs"].items():
            info.add_saved_register(reg, gdb.Value(words[off // 8]).cast(
                pending.read_register(reg).type))
        info.add_saved_register(pc_reg, gdb.Value(words[pc_off // 8]).cast(
            fid.pc.type))
        info.add_saved_register(f["sp"], gdb.Value(self.sp + f["frame_size"]).cast(
            pending.read_register(f["sp"]).type))
        return info


saved_context = SavedContext()
gdb.unwinder.register_unwinder(None, saved_context, replace=True)


class Ult:
    def __init__(self, val, state, vp):
        self.val = val                  # struct ult *
        self.addr = int(val)
        self.state = state              # running, ready, waiting, not started
        self.vp = vp                    # index, or None
        u = val.dereference()
        self.id = int(u["thrid"])
        # up to its NUL: the bytes after it are left as they were
        raw = bytes(gdb.selected_inferior().read_memory(u["name"].address, 16))
        self.name = raw.split(b"\0")[0].decode("utf-8", "replace")
        self.prio = int(u["prio"])
        self.sp = int(u["sp"])
        self.fn = None
        self.waits = ""


def lookup(name, file_end=None):
    """A global or a file's static (file_end: the end of its file name)."""
    if file_end is None:
        sym = gdb.lookup_global_symbol(name) or gdb.lookup_static_symbol(name)
        return sym.value() if sym else None
    for sym in gdb.lookup_static_symbols(name):
        if sym.symtab and sym.symtab.filename.endswith(file_end):
            return sym.value()
    return None


def mltp_state():
    sg = lookup("sg", "sched/init.c") or lookup("sg")
    if sg is None or lookup("ult_stack_chunks") is None:
        raise gdb.GdbError("mltp: libmltp's symbols are not loaded (no MLTP "
                           "in this program, or no debug information)")
    return sg


def walk_list(head, stop=None, limit=1 << 20):
    u = head
    n = 0
    while int(u) != 0 and n < limit:
        yield u
        if stop is not None and int(u) == int(stop):
            return
        u = u["next"]
        n += 1


def all_ults():
    """Every live ULT, by its descriptor's address."""
    sg = mltp_state()
    ult_ptr = gdb.lookup_type("struct ult").pointer()
    found = {}
    nslots = int(sg["nslots"])
    runqs = lookup("sched_runqs")
    outside = lookup("ult_outside")
    outside_addr = int(outside.address) if outside is not None else 0

    def add(u, state, vp):
        a = int(u)
        if a and a != outside_addr and a not in found:
            life = int(u.dereference()["life"])
            if life in LIFE:
                found[a] = Ult(u, state, vp)

    for i in range(nslots):
        add(sg["vps"][i]["cur"], "running", i)
    for i in range(max(nslots, 1)):
        q = runqs[i]
        bits = int(q["bitmap"]) & 0xffffffff
        p = 0
        while bits:
            if bits & 1:
                lv = q["level"][p]
                for u in walk_list(lv["head"], lv["tail"]):
                    add(u, "ready", i)
            bits >>= 1
            p += 1
    pending = lookup("pending", "sched/create.c")
    if pending is not None:
        for u in walk_list(pending["head"], pending["tail"]):
            add(u, "ready", None)
    mg = lookup("mg", "sched/begin.c")
    if mg is not None and int(mg["begun"]):
        add(mg["u"].address, "waiting", None)
    rec_type = gdb.lookup_type("struct ult_stack_rec")
    chunk = lookup("ult_stack_chunks")
    n = 0
    while int(chunk) != 0 and n < 1 << 22:
        base, slot = int(chunk["base"]), int(chunk["slot"])
        for i in range(int(chunk["nslots"])):
            if int(chunk["state"][i]) != 0:     # not USED (ult/chunk.c)
                continue
            # the record is just below the private area of the slot's
            # stack: a stale owner (freed, reused) does not point back here
            lo = base + i * slot
            addr = lo + slot - PRIVATE_SIZE - rec_type.sizeof
            try:
                owner = gdb.Value(addr).cast(rec_type.pointer()).dereference()["owner"]
                if int(owner) == 0:
                    continue
                u = owner.dereference()
                if int(u["stack_lo"]) == lo and int(u["stack_map"]) == slot:
                    add(owner.cast(ult_ptr), "waiting", None)
            except gdb.MemoryError:
                continue            # a slot whose pages went back: none
        chunk = chunk["next"]
        n += 1
    for t in found.values():
        if t.state != "running" and t.sp == 0:
            t.state = "ready" if t.state == "ready" else "not started"
        if t.vp is None:
            level = int(t.val.dereference()["level"])
            base = int(runqs[0].address)
            size = runqs[0].type.sizeof
            if base <= level < base + size * max(nslots, 1):
                t.vp = (level - base) // size
    return sorted(found.values(), key=lambda t: t.id)


def vp_thread(sg, i):
    task = sg["vps"][i]["vp"]["task"]
    if int(task) == 0:
        return None
    pid = int(task.dereference()["pid"])
    for t in gdb.selected_inferior().threads():
        if t.ptid[1] == pid:
            return t
    return None


class Restore:
    """Put back the thread, frame and chosen context on the way out."""

    def __enter__(self):
        self.thread = gdb.selected_thread()
        try:
            self.frame = gdb.selected_frame()
        except gdb.error:
            self.frame = None
        return self

    def __exit__(self, *exc):
        saved_context.sp = None
        gdb.invalidate_cached_frames()
        if self.thread is not None and self.thread.is_valid():
            self.thread.switch()
        if self.frame is not None:
            try:
                self.frame.select()
            except gdb.error:
                pass
        return False


def enter(t):
    """Make t's innermost frame reachable; return it (a gdb.Frame)."""
    if t.state == "running":
        th = vp_thread(mltp_state(), t.vp)
        if th is None:
            raise gdb.GdbError("mltp: ULT %d runs on VP %d, whose process "
                               "gdb does not see" % (t.id, t.vp))
        th.switch()
        saved_context.sp = None
        gdb.invalidate_cached_frames()
        return gdb.newest_frame()
    if t.sp == 0:
        raise gdb.GdbError("mltp: ULT %d has not run yet: no frames" % t.id)
    saved_context.sp = t.sp
    gdb.invalidate_cached_frames()
    return gdb.newest_frame().older()


def frame_name(f):
    try:
        return f.name() or ""
    except gdb.error:
        return ""


def first_arg(f):
    try:
        block = f.block()
    except RuntimeError:
        return None
    for sym in block:
        if sym.is_argument:
            try:
                v = sym.value(f)
                return None if v.is_optimized_out else v
            except gdb.error:
                return None
    return None


INTERNAL = ("sched_", "sync_", "ult_", "base_", "vp_")


def called(f):
    """The function the call just before f's return address names: a
    public call that tail-called into the library leaves no frame of its
    own (mltp_cond_wait jumps to the wait)."""
    arch = f.architecture()
    pc = f.pc()
    for back in (5, 6, 4, 7, 2, 3):
        try:
            insn = arch.disassemble(pc - back, count=1)[0]
        except gdb.error:
            continue
        if insn["length"] == back and re.match(r"(call|bl|blr)\b", insn["asm"]):
            m = re.search(r"<(mltp_\w+?)(@\w+)?(\+\d+)?>", insn["asm"])
            return m.group(1) if m else None
    return None


def describe(t):
    """t.fn: the ULT's own function; t.waits: what it waits for."""
    if t.sp == 0 and t.state != "running":
        fn = t.val.dereference()["fn"]
        t.fn = str(fn).split("<")[-1].rstrip(">") if "<" in str(fn) else str(fn)
        return
    with Restore():
        f = enter(t)
        user = None
        while f is not None:
            name = frame_name(f)
            if name == "sched_first_run":
                break
            if not t.waits and t.state != "running":
                for call, kind in WAITS:
                    if name == call:
                        arg = first_arg(f)
                        if arg is not None and kind == "join":
                            try:
                                arg = "ULT %d" % int(arg.dereference()["thrid"])
                            except gdb.error:
                                pass
                        t.waits = kind + (" %s" % arg if arg is not None else "")
                        break
            if (not t.waits and t.state != "running" and name
                    and not name.startswith(INTERNAL + ("mltp_",))):
                kinds = dict(WAITS)
                callee = called(f)
                if callee in kinds:
                    t.waits = kinds[callee]
            if name not in ("ult_call_vargs", ""):
                user = name
            f = f.older()
        if f is None and t.name == "main":
            user = "main"
        t.fn = user or "?"
    if t.state == "waiting" and not t.waits:
        t.waits = "?"


class InfoUlts(gdb.Command):
    """List every live ULT of MLTP: info ults.
Columns: the ULT's id, its name, its state (running, ready, waiting, not
started), its priority, the VP it runs on (for a ULT that is not running:
the VP whose queue it was last in, in parentheses), what a waiting ULT
waits for (lock, condition, barrier, join, with the object's address when
the debug information has it), and the ULT's own function."""

    def __init__(self):
        super().__init__("info ults", gdb.COMMAND_STATUS)

    def invoke(self, arg, from_tty):
        ults = all_ults()
        rows = [("Id", "Name", "State", "Prio", "VP", "Waits for", "Function")]
        for t in ults:
            try:
                describe(t)
            except (gdb.error, gdb.GdbError) as e:
                t.fn = t.fn or "? (%s)" % e
            vp = "-" if t.vp is None else (
                str(t.vp) if t.state == "running" else "(%d)" % t.vp)
            rows.append((str(t.id), t.name, t.state, str(t.prio), vp,
                         t.waits or "-", t.fn))
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for r in rows:
            gdb.write("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() + "\n")
        gdb.write("%d live ULT(s)\n" % len(ults))


# The trace's rings (base/trace.h): struct base_trace_ev, 32 bytes
TRACE_EV = struct.Struct("<QQiiIBBH")
TRACE_KINDS = {1: "run", 2: "stop", 3: "create", 4: "wake", 5: "move", 6: "park",
               7: "unpark", 8: "post", 9: "barrier", 10: "lock wait", 11: "name",
               12: "bound", 13: "start", 14: "deadlock"}
TRACE_WHY = {1: "yield", 2: "block", 3: "wait", 4: "end"}
TRACE_ON = {1: "lock", 2: "condition", 3: "barrier", 4: "join"}


def trace_events(want):
    """The valid events of ULT want in every ring: (tick, ring, event)."""
    try:
        rings = gdb.parse_and_eval("base_trace_rings")
    except gdb.error:
        raise gdb.GdbError("mltp: no trace in this program (MLTP_TRACE was not set, "
                           "or the library is too old)")
    inf = gdb.selected_inferior()
    lo_r, hi_r = rings.type.range()
    found, any_ring = [], False
    for r in range(lo_r, hi_r + 1):
        p = rings[r]
        if int(p) == 0:
            continue
        any_ring = True
        head, mask = int(p["head"]), int(p["mask"])
        size = mask + 1
        first = max(0, head - size)
        base = int(p["ev"][0].address)
        data = bytes(inf.read_memory(base, size * TRACE_EV.size))
        for i in range(first, head):
            t, obj, ult, a, seq, kind, why, _ = TRACE_EV.unpack_from(
                data, (i & mask) * TRACE_EV.size)
            if seq != ((i + 1) & 0xffffffff):
                continue            # torn, or overwritten while read
            if ult == want or (kind in (3, 4) and a == want):
                found.append((t, r, (kind, why, ult, a, obj)))
    if not any_ring:
        raise gdb.GdbError("mltp: the trace has no ring (MLTP_TRACE was not set)")
    found.sort(key=lambda e: e[0])
    return found


def trace_event_text(r, ev):
    kind, why, ult, a, obj = ev
    name = TRACE_KINDS.get(kind, "kind %d" % kind)
    if kind == 2:
        s = "stop (%s)" % TRACE_WHY.get(why, "?")
        if obj:
            s += " on %s 0x%x" % (TRACE_ON.get(a, "queue"), obj)
        return s
    if kind in (3, 4):
        return "%s of ULT %d by %s" % (name, ult, "ULT %d" % a if a else "a kernel-level thread")
    if kind == 5:
        return "moved here from VP %d" % a
    if kind == 9:
        return "last to arrive at barrier 0x%x (episode %d)" % (obj, a)
    if kind == 10:
        return "waits for lock 0x%x" % obj
    return name


def ult_events(want, count):
    evs = [e for e in trace_events(want) if e[2][0] != 11]
    tt = gdb.parse_and_eval("base_trace_time")
    t0, per = int(tt["t0"]), float(tt["ns_per_tick"])
    shown = evs[-count:]
    gdb.write("ULT %d: its last %d event(s) in the trace (of %d), oldest first\n"
              % (want, len(shown), len(evs)))
    gdb.write("%14s  %-7s  %s\n" % ("us", "where", "event"))
    for t, r, ev in shown:
        when = "%14.3f" % ((t - t0) * per / 1000.0) if per > 0 else "%14s" % ("tick %d" % t)
        gdb.write("%s  %-7s  %s\n" % (when, "VP %d" % (r - 1) if r else "outside",
                                       trace_event_text(r, ev)))


class UltCommand(gdb.Command):
    """Run a command in a ULT's context: ult ID CMD.
For a ULT that is not running, frame #1 is its innermost frame (#0 is
where the thread stopped): ult ID bt shows #1 and up, and any other CMD
runs with #1 selected (info locals, print x, frame 2, up...). A running
ULT's context is its VP's thread, from #0.
ult ID events [N]: the last N (20) events of ULT ID in the trace's rings
(MLTP_TRACE), for an ended ULT too: when (us since the trace began),
where, and what (run, stop and why, create, wake and by whom, moves,
lock waits, barrier episodes it ended)."""

    def __init__(self):
        super().__init__("ult", gdb.COMMAND_STACK)

    def invoke(self, arg, from_tty):
        m = re.match(r"\s*(\d+)\s+(.+)$", arg)
        if not m:
            raise gdb.GdbError("usage: ult ID CMD (for example: ult 3 bt)")
        want, cmd = int(m.group(1)), m.group(2)
        e = re.match(r"events(?:\s+(\d+))?\s*$", cmd)
        if e:
            ult_events(want, int(e.group(1) or 20))
            return
        ults = [t for t in all_ults() if t.id == want]
        if not ults:
            raise gdb.GdbError("mltp: no live ULT with id %d (info ults "
                               "lists them)" % want)
        t = ults[0]
        with Restore():
            f = enter(t)
            if f is None:
                raise gdb.GdbError("mltp: ULT %d: no frame to unwind" % want)
            if t.state == "running":
                f.select()
                gdb.execute(cmd, from_tty)
                return
            # gdb's frame #0 is where the thread stopped: the ULT's frames
            # are #1 and up, in bt and in every command (frame 2, up...)
            f.select()
            if cmd.split()[0] in ("bt", "backtrace", "where"):
                gdb.write(without_frame0(gdb.execute(cmd, to_string=True)))
            else:
                gdb.execute(cmd, from_tty)


def without_frame0(bt):
    """A backtrace without frame #0's lines."""
    out = []
    skipping = False
    for line in bt.splitlines(True):
        m = re.match(r"#(\d+)\s", line)
        if m:
            skipping = m.group(1) == "0"
        if not skipping:
            out.append(line)
    return "".join(out)


InfoUlts()
UltCommand()
