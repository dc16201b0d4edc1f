#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/check-repeat.sh - make check-repeat: each test program RUNS times on
# each VP count (MLTP_TEST_VPS, tests/test_vps.h), one line of pass counts
# per program and count, then a check that no SysV semaphore set was left.
#
#   tests/check-repeat.sh RUNS "VPS..." PROGRAM...
#
# The VP counts run side by side, each a stream of runs, its lines shown
# when it ends: the programs mostly wait (test_sched: 22 s of wall time,
# 4 s of CPU), so two streams take about half the time of one after the
# other, and each program then runs beside another, as under make -j2
# check. Run from the build tree with make check's environment (the
# Makefile does both). A failing run's output is kept in
# tests/check-repeat-PROGRAM-VPS-RUN.log; a run that does not end within
# CHECK_REPEAT_TIMEOUT seconds (default 300) is killed and counts as
# failed. Exit status 1 if any run failed or a set was left, 2 on bad
# arguments.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 RUNS \"VPS...\" PROGRAM..." >&2
    exit 2
fi
runs=$1 vps_list=$2
shift 2
limit=${CHECK_REPEAT_TIMEOUT:-300}
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
    echo "check-repeat: RUNS=$runs is not a number of runs" >&2
    exit 2
fi
if ! [[ $limit =~ ^[1-9][0-9]*$ ]]; then
    echo "check-repeat: CHECK_REPEAT_TIMEOUT=$limit is not a number of seconds" >&2
    exit 2
fi

. "$(dirname "$0")/semsets.sh"

# Logs from an earlier run must not pass for this run's.
rm -f tests/check-repeat-*.log

sems_before=$(sem_ids)
streams=$(mktemp -d) || exit 1
trap 'rm -rf "$streams"' EXIT
start=$(date +%s)

# stream VPS: every program RUNS times on VPS VPs; 1 if a run failed
stream() {
    local vps=$1 prog name passed run out t0 status log why first failed=0 child=
    shift
    # stopped (the script interrupted): the run in progress goes too
    trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; exit 143' TERM
    for prog in "$@"; do
        name=${prog##*/}
        passed=0
        for ((run = 1; run <= runs; run++)); do
            out=$(mktemp -p "$streams")
            t0=$(date +%s)
            # timeout puts the program in a process group of its own and
            # kills the whole group: Check's forked tests go with it (and
            # passes on a TERM). Waited for in the background, so that the
            # trap above can run; wait's stderr keeps bash's "Killed" line
            # (after timeout -k killed the group, timeout itself included)
            # out of the report.
            MLTP_TEST_VPS=$vps timeout -k 10 "$limit" "./$prog" >"$out" 2>&1 &
            child=$!
            wait "$child" 2>/dev/null
            status=$?
            child=
            if [ "$status" -eq 0 ]; then
                passed=$((passed + 1))
                rm -f "$out"
                continue
            fi
            log=tests/check-repeat-$name-$vps-$run.log
            mv "$out" "$log"
            if [ "$status" -eq 124 ] ||
               { [ "$status" -eq 137 ] && [ $(($(date +%s) - t0)) -ge "$limit" ]; }; then
                why="timed out after $limit s"
            elif [ "$status" -gt 128 ]; then
                why="killed by signal $((status - 128))"
            else
                why="exit status $status"
            fi
            # Check's failure lines: FILE:LINE:F|E:TCASE:TEST:I: MESSAGE
            first=$(grep -m1 -E '^[^:]+:[0-9]+:[FE]:' "$log" ||
                    grep -m1 '^FAIL' "$log")
            echo "check-repeat: $name VPS=$vps run $run: $why" >>"$log"
            echo "  $name VPS=$vps run $run: $why: $log"
            [ -n "$first" ] && echo "    $first"
        done
        echo "$name VPS=$vps: $passed/$runs passed"
        [ "$passed" -eq "$runs" ] || failed=1
    done
    return "$failed"
}

n=0 pids=()
for vps in $vps_list; do
    n=$((n + 1))
    (stream "$vps" "$@" >"$streams/out-$n" 2>&1; echo $? >"$streams/status-$n") &
    pids+=($!)
done
# background commands ignore SIGINT: an interrupt stops the streams here
trap 'kill -TERM "${pids[@]}" 2>/dev/null; wait; exit 130' INT TERM
wait
failed=0
for ((i = 1; i <= n; i++)); do
    cat "$streams/out-$i"
    [ "$(cat "$streams/status-$i" 2>/dev/null)" = 0 ] || failed=1
done

elapsed=$(($(date +%s) - start))
echo "check-repeat: $(date -u -d "@$elapsed" +%H:%M:%S) for $runs run(s) on VPs: $vps_list"

# New sets the library left (tests/semsets.sh)
sem_leaks "$sems_before"
echo "check-repeat: SysV semaphore sets of $sem_user: $(echo -n "$sems_before" | grep -c .) before," \
     "$(sem_ids | grep -c .) after"
if [ ${#sem_in_use[@]} -gt 0 ]; then
    echo "check-repeat: new sets in use by running programs, not counted: ${sem_in_use[*]}"
fi
if [ ${#sem_leaked[@]} -gt 0 ]; then
    echo "check-repeat: ${#sem_leaked[@]} SysV semaphore set(s) left behind (semid ${sem_leaked[*]}; ipcs -s -i ID shows one)"
    failed=1
fi
exit "$failed"
