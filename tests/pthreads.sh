#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/pthreads.sh - unmodified POSIX threads programs under
# pthread/mltp-run, on 1, 2 and 4 VPs: tests/pthread_api (C: threads,
# keys, mutexes, conditions, read-write locks, barriers, spin locks,
# semaphores, once, cancellation, fork, masks), tests/pthread_cxx (C++'s
# std::thread and friends) and tests/pthread_py.py (python3's threading,
# where python3 is installed) must print what they print natively, and
# exit 0; `pthread_api refused` prints MLTP's refusals (ENOTSUP); and
# tests/pthread_fail's crash, exit(), stack overflow and deadlock end
# with MLTP's one-line message and their status, leaving no SysV
# semaphore set behind. A few seconds.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=${MLTP_BUILD:-$(cd "$here/.." && pwd)}
run=$build/pthread/mltp-run
# shellcheck source=tests/semsets.sh
. "$here/semsets.sh"
before=$(sem_ids)
failed=0 passed=0
fail() { echo "FAIL: $*"; failed=1; }
ok() { passed=$((passed + 1)); }
[ -x "$run" ] || { echo "FAIL: $run is missing (make)"; exit 1; }
out=$(mktemp -d) || exit 1
trap 'rm -rf "$out"' EXIT
# what a test inherits must not matter
trap - INT QUIT
umask 022

py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
progs=("$build/tests/pthread_api")
[ -x "$build/tests/pthread_cxx" ] && progs+=("$build/tests/pthread_cxx")
[ -n "$py" ] && progs+=("$py $here/pthread_py.py")

for prog in "${progs[@]}"; do
    name=$(basename "${prog##* }")
    # shellcheck disable=SC2086
    if ! timeout 60 $prog > "$out/native" 2>&1; then
        fail "$name natively: $(tail -1 "$out/native")"
        continue
    fi
    for vps in 1 2 4; do
        # shellcheck disable=SC2086
        MLTP_VPS=$vps timeout 60 "$run" $prog > "$out/mltp" 2>&1
        st=$?
        if [ $st -ne 0 ]; then
            fail "$name on $vps VPs: status $st: $(tail -2 "$out/mltp" | tr '\n' ' ')"
        elif ! diff -u "$out/native" "$out/mltp" > "$out/diff"; then
            fail "$name on $vps VPs: output differs from the native run:"
            head -20 "$out/diff"
        else
            ok
        fi
    done
done

expected="mutex pshared: Operation not supported
mutex robust: Operation not supported
mutex prio inherit: Operation not supported
cond pshared: Operation not supported
sem pshared: Operation not supported
async cancel: Operation not supported
explicit SCHED_FIFO: Operation not supported"
got=$(MLTP_VPS=2 timeout 30 "$run" "$build/tests/pthread_api" refused 2>&1)
if [ "$got" = "$expected" ]; then ok; else fail "refusals: got: $got"; fi

# failure paths: status, then the line MLTP prints
check_failure() {
    local how=$1 status=$2 line=$3 st
    MLTP_VPS=2 timeout 30 "$run" "$build/tests/pthread_fail" "$how" > "$out/fail" 2>&1
    st=$?
    if [ $st -ne "$status" ]; then
        fail "$how: status $st, not $status: $(tr '\n' ' ' < "$out/fail")"
    elif ! grep -qE "$line" "$out/fail"; then
        fail "$how: no line matching '$line': $(tr '\n' ' ' < "$out/fail")"
    elif [ "$(grep -c '^mltp' "$out/fail")" -gt 1 ]; then
        fail "$how: more than one line of MLTP's: $(tr '\n' ' ' < "$out/fail")"
    else
        ok
    fi
}
# a shell reports death by a signal as 128 + its number: SIGSEGV 139
check_failure crash 139 '^mltp: VP [0-9]+ \(pid [0-9]+\) killed by SIGSEGV .* while running ULT'
check_failure exit 3 '^start exit$'
check_failure overflow 139 '^mltp: stack overflow in ULT [0-9]+ '
check_failure deadlock 1 '^mltp: deadlock: 2 ULT\(s\) blocked'

sem_verdict pthreads.sh "$before" "$failed" "$passed passed"
