#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/trace.sh - MLTP_TRACE on tests/traceprog: the file a crash, a
# deadlock, SIGQUIT and a main that calls mltp_end leave parses
# (mltp-trace --check: JSON, every run
# slice on a VP's track, no two slices of a track overlapping, a crashed
# VP's track ending with its ULT's crash), holds the runs of the ULTs the
# program names, the barrier episodes and lock waits it made, and is
# written before MLTP's line; the API (mltp_trace_start/stop) traces the
# ULTs that run after it and not those before; the USDT probes are in the
# library's notes (readelf -n). $TRACEPROG is tests/traceprog, $TRACE_TOOL
# tools/mltp-trace, $MLTP_LIBDIR the built library's folder.
set -u
prog=${TRACEPROG:?TRACEPROG must name tests/traceprog}
tool=${TRACE_TOOL:?TRACE_TOOL must name tools/mltp-trace}
failed=0 passed=0

fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
pass() { passed=$((passed + 1)); }
check() { if eval "$2"; then pass; else fail "$1"; fi; }

. "$(dirname "$0")/semsets.sh"
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
sems_before=$(sem_ids)

# ids NAME: the ids traceprog printed for its ULTs called NAME
ids() { sed -n "s/^ult $1 \([0-9]*\)$/\1/p" "$dir/out"; }

# checked LABEL FILE [ULT...]: mltp-trace --check passes, each ULT has runs
checked() {
    local label=$1 file=$2 args=() u
    shift 2
    for u in "$@"; do args+=(--expect-ult "$u"); done
    if "$tool" --check "${args[@]}" "$file" >"$dir/check" 2>&1; then
        pass
    else
        fail "$label: mltp-trace --check ${args[*]}: $(head -5 "$dir/check")"
    fi
}

# last_slice FILE ULT: the latest run slice of ULT (one event per line;
# the file goes track by track, so the last line is not the latest)
last_slice() {
    grep "\"cat\":\"run\".*\"args\":{\"ult\":$2," "$1" |
        awk 'match($0, /"ts":[0-9.]+/) { t = substr($0, RSTART + 5, RLENGTH - 5) + 0
                                         if (t >= best) { best = t; line = $0 } }
             END { if (line != "") print line }'
}

# ---- a crash, after barriers and locks --------------------------------
f=$dir/crash.json
MLTP_TRACE=$f timeout 60 "$prog" crash 2 >"$dir/out" 2>"$dir/err"
st=$?
check "crash: status $st, not 139 (SIGSEGV)" '[ "$st" -eq 139 ]'
crasher=$(ids crasher)
workers=$(ids worker | tr '\n' ' ')
check "crash: no crasher id in: $(cat "$dir/out")" '[ -n "$crasher" ] && [ -n "$workers" ]'
check "crash: stderr is not the trace line then MLTP's line: $(cat "$dir/err")" \
    'sed -n 1p "$dir/err" | grep -q "^mltp: trace: $f written ([0-9]* events, crash)$" &&
     sed -n 2p "$dir/err" | grep -q "killed by SIGSEGV .* while running ULT $crasher \"crasher\""'
# shellcheck disable=SC2086 # ids, one word each
checked crash "$f" $crasher $workers
check "crash: the file's why is not crash of VP, SIGSEGV" \
    'head -n 1 "$f" | grep -q "\"why\":\"crash\",.*\"crash_vp\":[0-9]*,\"signal\":\"SIGSEGV\""'
check "crash: no crash event naming ULT $crasher" \
    'grep -q "\"name\":\"crash\",\"args\":{\"ult\":$crasher,\"signal\":\"SIGSEGV\"}" "$f"'
check "crash: the crasher's last slice does not end in the crash" \
    'last_slice "$f" "$crasher" | grep -q "\"why\":\"crash\""'
n=$(grep -c '"name":"barrier"' "$f")
check "crash: $n barrier episodes, not 20" '[ "$n" -eq 20 ]'
check "crash: no lock wait" 'grep -q "\"name\":\"lock wait\"" "$f"'
check "crash: no run blocked on a lock" 'grep -q "\"why\":\"block\",\"on\":\"0x[0-9a-f]*\",\"what\":\"lock\"" "$f"'
check "crash: no run that waited for a barrier" \
    'grep -q "\"why\":\"wait\",\"on\":\"0x[0-9a-f]*\",\"what\":\"barrier\"" "$f"'
check "crash: no create by main" 'grep -q "\"name\":\"create\",\"args\":{\"ult\":$crasher,\"by\":0}" "$f"'
check "crash: ULT names missing" 'grep -q "\"name\":\"ult $crasher crasher\"" "$f"'
"$tool" "$f" >"$dir/summary" 2>&1
check "crash: mltp-trace's summary names no crash: $(cat "$dir/summary")" \
    'grep -q "crashed: ult $crasher crasher on VP [0-9]* (SIGSEGV)" "$dir/summary"'

# ---- a deadlock: the detector writes the trace ------------------------
f=$dir/deadlock.json
MLTP_TRACE=$f timeout 60 "$prog" deadlock 2 >"$dir/out" 2>"$dir/err"
st=$?
check "deadlock: status $st, not 3" '[ "$st" -eq 3 ]'
ab=$(ids ab) ba=$(ids ba)
check "deadlock: stderr is not the trace line then the deadlock's: $(cat "$dir/err")" \
    'sed -n 1p "$dir/err" | grep -q "^mltp: trace: $f written ([0-9]* events, deadlock)$" &&
     sed -n 2p "$dir/err" | grep -q "deadlock: 2 ULT(s) blocked"'
checked deadlock "$f" "$ab" "$ba"
check "deadlock: no deadlock event" 'grep -q "\"name\":\"deadlock\"" "$f"'
for u in $ab $ba; do
    check "deadlock: ULT $u's last run does not end blocked on a lock: $(last_slice "$f" "$u")" \
        'last_slice "$f" "$u" | grep -q "\"why\":\"block\",\"on\":\"0x[0-9a-f]*\",\"what\":\"lock\""'
done
"$tool" "$f" >"$dir/summary" 2>&1
check "deadlock: the summary does not say ab never ran again: $(cat "$dir/summary")" \
    'grep -q "never ran again" "$dir/summary"'

# ---- SIGQUIT at a hang ------------------------------------------------
f=$dir/hang.json
MLTP_TRACE=$f timeout 60 "$prog" hang 2 >"$dir/out" 2>"$dir/err" &
pid=$!
for _ in $(seq 100); do grep -q '^ready$' "$dir/out" && break; sleep 0.1; done
sleep 0.1
kill -QUIT "$pid"
wait "$pid"
st=$?
check "SIGQUIT: status $st, not 131" '[ "$st" -eq 131 ]'
spinner=$(ids spinner) blocked=$(ids blocked)
check "SIGQUIT: stderr is not the trace line: $(cat "$dir/err")" \
    '[ "$(cat "$dir/err")" = "mltp: trace: $f written ($(sed -n "s/.*(\([0-9]*\) events.*/\1/p" "$dir/err") events, SIGQUIT)" ]'
checked SIGQUIT "$f" "$spinner" "$blocked"
check "SIGQUIT: the file's why is not SIGQUIT" 'head -n 1 "$f" | grep -q "\"why\":\"SIGQUIT\""'
check "SIGQUIT: the spinner is not running at the end: $(last_slice "$f" "$spinner")" \
    'last_slice "$f" "$spinner" | grep -q "\"why\":\"running\""'
check "SIGQUIT: the blocked ULT did not block on a lock: $(last_slice "$f" "$blocked")" \
    'last_slice "$f" "$blocked" | grep -q "\"why\":\"block\",\"on\":\"0x[0-9a-f]*\",\"what\":\"lock\""'

# ---- the API: what runs after mltp_trace_start -----------------------
f=$dir/api.json
env -u MLTP_TRACE timeout 60 "$prog" api 2 "$f" >"$dir/out" 2>"$dir/err"
st=$?
check "api: status $st: $(cat "$dir/out" "$dir/err")" '[ "$st" -eq 0 ] && ! grep -q FAIL "$dir/out"'
check "api: not 320 increments: $(cat "$dir/out")" 'grep -q "^counter 320$" "$dir/out"'
before=$(ids worker | head -n 4 | tr '\n' ' ') after=$(ids worker | tail -n 4 | tr '\n' ' ')
# shellcheck disable=SC2086
checked api "$f" $after
check "api: the file's why is not stop" 'head -n 1 "$f" | grep -q "\"why\":\"stop\""'
for u in $before; do
    check "api: ULT $u ran before the trace began, and is in it" '[ -z "$(last_slice "$f" "$u")" ]'
done

# ---- the API while the VPs run -----------------------------------------
f=$dir/live.json
env -u MLTP_TRACE timeout 60 "$prog" live 2 "$f" >"$dir/out" 2>"$dir/err"
st=$?
check "live: status $st: $(cat "$dir/out" "$dir/err")" \
    '[ "$st" -eq 0 ] && ! grep -q FAIL "$dir/out" && grep -q "^counter 160$" "$dir/out"'
# shellcheck disable=SC2086
checked live "$f" $(ids worker)
check "live: the file's why is not stop" 'head -n 1 "$f" | grep -q "\"why\":\"stop\""'
check "live: the starter ran before the trace began, and is in it" \
    '[ -z "$(last_slice "$f" "$(ids starter)")" ]'

# ---- main's share traced back to its thread (mltp_begin, mltp_end) ---
f=$dir/begin.json
MLTP_TRACE=$f timeout 60 "$prog" begin 2 >"$dir/out" 2>"$dir/err"
st=$?
check "begin: status $st: $(cat "$dir/out" "$dir/err")" \
    '[ "$st" -eq 0 ] && [ ! -s "$dir/err" ] && grep -q "^ended, counter 160$" "$dir/out"'
# shellcheck disable=SC2086
checked begin "$f" $(ids worker)

# ---- a flight recorder: small rings keep the newest events ----------
f=$dir/many.json
MLTP_TRACE=$f MLTP_TRACE_MB=1 timeout 60 "$prog" many 2 >"$dir/out" 2>"$dir/err"
st=$?
check "many: status $st: $(cat "$dir/err")" '[ "$st" -eq 0 ] && [ ! -s "$dir/err" ]'
lost=$(head -n 1 "$f" | sed -n 's/.*"lost":\([0-9]*\).*/\1/p')
# 1 MiB: 3 rings of 8,192 slots; up to 160,000 events (a yield that
# finds no other ULT on its VP switches not, and records nothing)
check "many: ${lost:-no} events lost with 1 MiB of rings" '[ "${lost:-0}" -gt 0 ]'
# shellcheck disable=SC2086
checked many "$f" $(ids yielder)
for u in $(ids yielder); do
    check "many: ULT $u's last run (the newest events kept) did not end: $(last_slice "$f" "$u")" \
        'last_slice "$f" "$u" | grep -q "\"why\":\"end\""'
done

# ---- bad settings: one line, and the program runs untraced ----------
MLTP_TRACE=$dir/no/such/dir/t.json timeout 60 "$prog" many 1 >"$dir/out" 2>"$dir/err"
st=$?
check "an unwritable MLTP_TRACE: status $st, or not one line: $(cat "$dir/err")" \
    '[ "$st" -eq 0 ] && [ "$(cat "$dir/err")" = "mltp: MLTP_TRACE=$dir/no/such/dir/t.json: No such file or directory; not tracing" ]'
MLTP_TRACE=$dir/mb.json MLTP_TRACE_MB=lots timeout 60 "$prog" many 1 >"$dir/out" 2>"$dir/err"
st=$?
check "MLTP_TRACE_MB=lots: status $st, or not one line: $(cat "$dir/err")" \
    '[ "$st" -eq 0 ] && [ "$(cat "$dir/err")" = "mltp: ignoring MLTP_TRACE_MB=lots (a whole number from 1 to 1048576)" ]'
checked "MLTP_TRACE_MB=lots (the default then)" "$dir/mb.json" $(ids yielder)

# ---- the checker can fail ---------------------------------------------
sed 's/"name":"crash","args"/"name":"mark","args"/' "$dir/crash.json" >"$dir/bad.json"
"$tool" --check "$dir/bad.json" >/dev/null 2>&1
st=$?
check "mltp-trace --check: status $st, not 1, on a crash trace without its crash event" \
    '[ "$st" -eq 1 ]'

# tool_status WHAT FILE STATUS: mltp-trace --check FILE exits with STATUS
tool_status() {
    "$tool" --check "$2" >"$dir/check" 2>&1
    local st=$? want=$3
    check "mltp-trace --check on $1: status $st, not $want: $(head -3 "$dir/check")" '[ "$st" -eq "$want" ]'
}
good=$dir/deadlock.json
head -c $(($(wc -c <"$good") / 2)) "$good" >"$dir/cut.json"
tool_status "a file cut short" "$dir/cut.json" 2
awk '{ l[NR] = $0 } END { for (i = 1; i <= NR; i++) print l[i] (i == NR - 1 ? "," : "") }' \
    "$good" >"$dir/comma.json"
tool_status "a trailing comma" "$dir/comma.json" 2
sed '3s/"name":"/"name":"\\q/' "$good" >"$dir/escape.json"
tool_status "a bad escape" "$dir/escape.json" 2
printf '{"traceEvents":[]} x\n' >"$dir/garbage.json"
tool_status "garbage after the object" "$dir/garbage.json" 2
# an overlap: a run slice twice, the copy 1 ns later
awk '/"cat":"run"/ && !done && match($0, /"dur":[0-9.]+/) && substr($0, RSTART + 6, RLENGTH - 6) + 0 > 0.01 {
         print; match($0, /"ts":[0-9.]+/); ts = substr($0, RSTART + 5, RLENGTH - 5)
         copy = $0; sub(/"ts":[0-9.]+/, "\"ts\":" sprintf("%.3f", ts + 0.001), copy)
         print copy; done = 1; next }
     { print }' "$good" >"$dir/overlap.json"
tool_status "two slices of a track that overlap" "$dir/overlap.json" 1
sed '0,/"cat":"run","pid":\([0-9]*\),"tid":[0-9]*/s//"cat":"run","pid":\1,"tid":0/' "$good" >"$dir/tid0.json"
tool_status "a run on the track outside the VPs" "$dir/tid0.json" 1
tool_status "a good file" "$good" 0

# ---- USDT probes --------------------------------------------------------
lib=${MLTP_LIBDIR:-}/libmltp.so
if grep -q '^#define HAVE_SYS_SDT_H 1' "${MLTP_CONFIG_H:-config.h}" 2>/dev/null; then
    notes=$(readelf -n "$lib" 2>&1)
    for p in run stop create wake move park unpark post barrier lock_wait bound_create \
             bound_join start start_end deadlock; do
        check "USDT: no probe mltp:$p in $lib" \
            'printf "%s\n" "$notes" | grep -A2 "stapsdt" | grep -q "Name: $p\$"'
    done
    check "USDT: the provider is not mltp" \
        'printf "%s\n" "$notes" | grep -q "Provider: mltp"'
else
    echo "trace.sh: USDT probes not built (no sys/sdt.h: systemtap-sdt-dev); their check skipped"
fi

sem_leaks "$sems_before"
check "SysV semaphore set(s) left behind: ${sem_leaked[*]}" '[ ${#sem_leaked[@]} -eq 0 ]'

echo "trace: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
