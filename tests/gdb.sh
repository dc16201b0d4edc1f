#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/gdb.sh - the gdb extension (gdb/mltp.py) on tests/hang, a program
# that hangs on purpose: `info ults` lists every live ULT, the waiting
# ones with what they wait for, each with its function, and `ult ID bt`
# unwinds a waiting ULT's stack; on a live process (1 and 2 VPs) and on
# the kernel's core file of a deadlocked one. Each run ends as a user
# ends one (gdb's kill, quit, the end of its commands, or the program's
# abort), and leaves no process of the program running and no SysV
# semaphore set (tests/semsets.sh). Skipped (status 77) without
# gdb or gdb's Python. $HANG is tests/hang, $GDB_EXTENSION gdb/mltp.py;
# $GDB the debugger (default gdb). With $GDB_CORE, a core file of `hang
# abort` made elsewhere (make check-aarch64), only that core is checked.
set -u
hang=${HANG:?HANG must name tests/hang}
ext=${GDB_EXTENSION:?GDB_EXTENSION must name gdb/mltp.py}
gdb=${GDB:-gdb}
failed=0

fail() { echo "FAIL: $*"; failed=1; }

if ! command -v "$gdb" >/dev/null 2>&1; then
    echo "gdb.sh: SKIP: $gdb not found (Debian: apt-get install gdb)"
    exit 77
fi
if ! "$gdb" -nx -batch -ex 'python print("ok")' 2>/dev/null | grep -qx ok; then
    echo "gdb.sh: SKIP: this gdb has no Python"
    exit 77
fi

# gdbrun ARGS... : gdb on the program; sets $out, and $sems_before (the
# sets there were before)
gdbrun() {
    sems_before=$(sem_ids)
    out=$(timeout 120 "$gdb" -nx -batch -x "$ext" -ex 'set pagination off' "$@" 2>&1)
    local st=$?
    [ "$st" -ne 124 ] || fail "gdb $* timed out"
}

# hang_procs: the pids of the live processes that run tests/hang (the
# janitor is one; a zombie has no exe)
hang_real=$(readlink -f "$hang")
hang_procs() {
    local d
    for d in /proc/[0-9]*; do
        [ "$(readlink "$d/exe" 2>/dev/null)" = "$hang_real" ] && echo "${d#/proc/}"
    done
}

# left_nothing WHAT: within 10 s of gdb's end, no process of the program
# runs and no set made since gdbrun is left
left_nothing() {
    local i procs
    for ((i = 0; i < 100; i++)); do
        procs=$(hang_procs)
        [ -z "$procs" ] && break
        sleep 0.1
    done
    if [ -n "$procs" ]; then
        fail "$1: process(es) of tests/hang still running 10 s after gdb ended:
$(ps -o pid,ppid,pgid,stat,comm -p "$(echo $procs | tr ' ' ,)")"
        kill -KILL $procs 2>/dev/null
    fi
    sem_leaks "$sems_before"
    [ ${#sem_leaked[@]} -eq 0 ] || fail "$1: SysV semaphore set(s) left behind: ${sem_leaked[*]}"
}

# has WHAT REGEX: the output has a line that matches
has() {
    printf '%s\n' "$out" | grep -Eq -- "$2" || fail "$1: no line matching '$2' in:
$out"
}

# the waiting ULTs of tests/hang, in `info ults`: id name state prio vp
# waits function
waiters() {
    # the address when mltp_cond_wait keeps a frame (aarch64; on x86-64
    # it jumps to the wait)
    has "$1" '^1 +holder +waiting +16 +\(0\) +condition( 0x[0-9a-f]+ <cond>)? +holder$'
    has "$1" '^2 +lock_waiter +waiting +16 +\(0\) +lock 0x[0-9a-f]+ <lock> +lock_waiter$'
    has "$1" '^3 +barrier_waiter +waiting +16 +\(0\) +barrier 0x[0-9a-f]+ <barrier> +barrier_waiter$'
    has "$1" '^4 +joiner +waiting +16 +\(0\) +join ULT 1 +joiner$'
}

# bt_names: the functions of the backtrace between bt-begin and bt-end,
# innermost first, on one line ("f g h "); inlined frames included
bt_names() {
    printf '%s\n' "$out" | sed -n '/^bt-begin$/,/^bt-end$/p' |
        sed -n 's/^#[0-9]* *\(0x[0-9a-f]* in \)\{0,1\}\([A-Za-z_0-9.]*\) (.*/\2/p' |
        tr '\n' ' '
}

# bt_is LABEL REGEX: the backtrace starts at #1 (the ULT's innermost frame;
# #0 is where the thread stopped, not the ULT's), and its functions, as
# bt_names gives them, match REGEX (frames between depend on inlining)
bt_is() {
    local block names
    block=$(printf '%s\n' "$out" | sed -n '/^bt-begin$/,/^bt-end$/p')
    names=$(bt_names)
    printf '%s\n' "$block" | grep -q '^#1 ' ||
        fail "$1: the backtrace does not start at #1: $block"
    if printf '%s\n' "$block" | grep -q '^#0 '; then
        fail "$1: frame #0 (where the thread stopped) in the ULT's backtrace"
    fi
    printf '%s\n' "$names" | grep -Eq -- "$2" ||
        fail "$1: backtrace functions '$names' do not match '$2'"
}

# a waiting ULT's backtrace: the library's wait, its function, first run
backtrace() {
    bt_is "$1" '^([a-z_]+ )*sched_wait_locked (mltp_cond_wait )?holder sched_first_run ult_trampoline $'
}

# ult 2 events: the lock waiter's run, its wait for the lock, its block
# on that lock, oldest first
trace_events() {
    has "$1" '^ULT 2: its last [0-9]+ event\(s\) in the trace \(of [0-9]+\), oldest first$'
    has "$1" '^ +[0-9]+\.[0-9]{3}  VP 0 +run$'
    has "$1" '^ +[0-9]+\.[0-9]{3}  VP 0 +waits for lock 0x[0-9a-f]+$'
    has "$1" '^ +[0-9]+\.[0-9]{3}  VP 0 +stop \(block\) on lock 0x[0-9a-f]+$'
    has "$1" '^ +[0-9]+\.[0-9]{3}  outside +create of ULT 2 by a kernel-level thread$'
}

# a core file of the deadlocked program: every waiting ULT, and a backtrace
check_core() {
    gdbrun -ex 'info ults' -ex 'echo bt-begin\n' -ex 'ult 1 bt' -ex 'echo bt-end\n' "$hang" "$1"
    waiters "core"
    has "core" '^4 live ULT\(s\)$'
    backtrace "core, ult 1 bt"
}

. "$(dirname "$0")/semsets.sh"

if [ -n "${GDB_CORE:-}" ]; then
    check_core "$GDB_CORE"
    [ "$failed" -eq 0 ] && echo "gdb.sh: ok"
    exit "$failed"
fi

# Alone in an IPC namespace where allowed (root): the sets of the tests
# that make check runs beside this one are not taken for the program's.
if [ -z "${GDB_SH_OWN_IPC:-}" ] && unshare --ipc true 2>/dev/null; then
    GDB_SH_OWN_IPC=1 exec unshare --ipc bash "$0" "$@"
fi

# Live, 1 VP: every state (the spinner runs, a ULT is queued behind it);
# ended with gdb's kill.
gdbrun -ex 'break hang_ready' -ex 'run 1' -ex 'info ults' -ex 'echo bt-begin\n' -ex 'ult 1 bt' -ex 'echo bt-end\n' \
       -ex 'ult 3 frame function barrier_waiter' -ex 'ult 99 bt' -ex 'kill' "$hang"
has "1 VP, kill" '^\[Inferior 1 \(process [0-9]+\) killed\]$'
left_nothing "1 VP, gdb's kill"
waiters "1 VP"
has "1 VP" '^5 +spinner +running +16 +0 +- +spinner$'
has "1 VP" '^[0-9]+ +ready +16 +\(0\) +- +queued$'
has "1 VP" '^6 live ULT\(s\)$'
backtrace "1 VP, ult 1 bt"
# (frame 2 or deeper: the switch's frames come first, more of them in a
# sanitizer build at -O1, where barrier_waiter was #10)
has "1 VP, ult 3 frame function barrier_waiter" '^#([2-9]|[1-9][0-9]+) +0x[0-9a-f]+ in barrier_waiter '
has "1 VP, ult 99 bt" 'no live ULT with id 99'

# The trace's events of a ULT, live: the lock waiter ran, waited for the
# lock and blocked on it (1 VP: every event on VP 0)
tdir=$(mktemp -d) || exit 1
gdbrun -ex "set environment MLTP_TRACE=$tdir/t.json" -ex 'break hang_ready' -ex 'run 1' \
       -ex 'ult 2 events' -ex 'ult 2 events 1' -ex 'kill' "$hang"
left_nothing "1 VP traced, gdb's kill"
trace_events "1 VP traced, ult 2 events"
has "1 VP traced, ult 2 events 1" '^ULT 2: its last 1 event\(s\) in the trace \(of [0-9]+\)'
rm -rf "$tdir"

# Live, 2 VPs: the spinner runs on one of them (the queued ULT may have
# run on the other); gdb kills the program at the end of its commands.
gdbrun -ex 'break hang_ready' -ex 'run 2' -ex 'info ults' -ex 'echo bt-begin\n' -ex 'ult 4 bt' -ex 'echo bt-end\n' \
       "$hang"
left_nothing "2 VPs, the end of gdb's commands"
has "2 VPs" '^1 +holder +waiting .* holder$'
has "2 VPs" '^2 +lock_waiter +waiting .* lock 0x[0-9a-f]+ <lock> +lock_waiter$'
has "2 VPs" '^3 +barrier_waiter +waiting .* barrier_waiter$'
has "2 VPs" '^4 +joiner +waiting .* join ULT 1 +joiner$'
has "2 VPs" '^5 +spinner +running +16 +[01] +- +spinner$'
bt_is "2 VPs, ult 4 bt" '(^| )mltp_join joiner sched_first_run ult_trampoline $'

# gdb's quit with the program alive
gdbrun -ex 'break hang_ready' -ex 'run 2' -ex 'quit' "$hang"
has "2 VPs, quit" 'Breakpoint 1, hang_ready'
left_nothing "2 VPs, gdb's quit"

# A core file: the deadlocked program aborted at hang_ready, dumped by
# the kernel (gdb's gcore cannot read stacks behind guard regions).
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
sems_before=$(sem_ids)
(
    cd "$dir" && ulimit -c unlimited &&
    timeout 120 "$gdb" -nx -batch -ex "set environment MLTP_TRACE=$dir/t.json" \
        -ex 'break hang_ready' -ex 'run deadlock' \
        -ex 'signal SIGABRT' "$hang" >gdb.out 2>&1
)
left_nothing "SIGABRT under gdb"
core=$(ls "$dir"/core* 2>/dev/null | head -n 1)
if [ -z "$core" ]; then
    echo "gdb.sh: no core file written here (kernel.core_pattern:" \
         "$(cat /proc/sys/kernel/core_pattern 2>/dev/null)); core case skipped"
else
    check_core "$core"
    gdbrun -ex 'ult 2 events' "$hang" "$core"
    trace_events "core, ult 2 events"
fi

[ "$failed" -eq 0 ] && echo "gdb.sh: ok"
exit "$failed"
