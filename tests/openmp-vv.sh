#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/openmp-vv.sh - the host-only C tests of the OpenMP Validation and
# Verification suite (tests/openmp/vv/README.md says which and why), built
# with ${CC:-gcc} -fopenmp and run under the OpenMP runtime that
# $OMP_LAUNCH puts under them: empty runs them directly (the compiler's
# libgomp), omp/mltp-omp runs them on libmltp_omp. The same list must
# pass on both, so a failure on MLTP is the runtime's, not the test's.
#
# usage: tests/openmp-vv.sh [-j N] [FILTER]
#   -j N    N tests at once (default 2)
#   FILTER  only the listed tests whose path contains FILTER
# Environment: CC, OMP_LAUNCH, and whatever OMP_* the caller sets (the
# script sets none itself, except what a test's name asks for, as the
# suite's own Makefile does). OMP_VV_LIMITS names a file of tests the
# runtime under test documents that it cannot pass: "PATH | TEXT" a line,
# each must fail with TEXT in its output (LIMIT); one that passes fails
# the run, so that the file stays true. One line per test (PASS, LIMIT,
# FAIL, TIMEOUT), then "N passed, L limits, M failed of K"; exit status 1
# if any failed.
set -euo pipefail

usage() { sed -n '9,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

jobs=2
filter=
while [ $# -gt 0 ]; do
    case $1 in
        -j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
        -j[0-9]*) jobs=${1#-j}; shift ;;
        -h|--help) usage ;;
        -*) usage ;;
        *) [ -z "$filter" ] || usage; filter=$1; shift ;;
    esac
done
case $jobs in ''|*[!0-9]*|0) usage ;; esac

vv=$(cd "$(dirname "$0")" && pwd)/openmp/vv
cc=${CC:-gcc}
# word-split on purpose: a launcher may take arguments of its own
read -r -a launch <<< "${OMP_LAUNCH:-}"
# the suite's limit per test (its SOLLVE_TIMELIMIT default)
limit=60

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The list: one suite-relative path a line; blank lines and # comments
# left out.
tests=()
while IFS= read -r line; do
    line=${line%%#*}
    line=$(printf '%s' "$line" | tr -d '[:space:]')
    [ -n "$line" ] || continue
    case $line in *"$filter"*) tests+=("$line") ;; esac
done < "$vv/tests.list"
if [ ${#tests[@]} -eq 0 ]; then
    echo "openmp-vv.sh: no test in tests.list matches '$filter'" >&2
    exit 1
fi

# The documented limits: path -> the text its failure must show
declare -A limit_text=()
if [ -n "${OMP_VV_LIMITS:-}" ]; then
    while IFS= read -r line; do
        line=${line%%#*}
        [ -n "${line//[[:space:]]/}" ] || continue
        path=$(printf '%s' "${line%%|*}" | tr -d '[:space:]')
        text=${line#*|}
        text=${text#"${text%%[![:space:]]*}"}
        text=${text%"${text##*[![:space:]]}"}
        limit_text[$path]=$text
    done < "$OMP_VV_LIMITS"
fi

# The environment a test's name asks for, as the suite's Makefile sets
# it: test_<name>_env_<value>.c runs with OMP_<NAME>=<value> (the name
# upper-cased), and a name with _THREADS_RESERVE runs with the thread
# limit and reservation that its expected results assume.
test_env() {
    local base=${1##*/}
    base=${base%.c}
    case $base in
        *_THREADS_RESERVE*)
            printf '%s\n' OMP_THREAD_LIMIT=16 \
                'OMP_THREADS_RESERVE=structured(5),free_agent(2)' ;;
        test_*_env_*)
            local name=${base#test_} value=${base##*_env_}
            name=${name%%_env_*}
            printf '%s=%s\n' "$(printf '%s' "$name" | tr 'a-z' 'A-Z')" "$value" ;;
    esac
}

# A test's verdict line, written whole before its name appears (a rename),
# for the loop below that waits for it.
verdict() {
    echo "$2" > "$tmp/res/$1.tmp"
    mv "$tmp/res/$1.tmp" "$tmp/res/$1"
}

# One test: build, run, and write its verdict line to $tmp/res/N and its
# compiler or program output to $tmp/log/N. Always returns 0, so that
# `wait -n` under set -e sees only the script's own errors.
run_one() {
    local n=$1 path=$2 name bin log status out result
    name=${path#tests/}
    bin=$tmp/bin/$n
    log=$tmp/log/$n
    # VERBOSE_MODE: the suite's messages name the failed condition
    if ! "$cc" -fopenmp -O1 -DVERBOSE_MODE=1 -I"$vv/ompvv" "$vv/$path" \
            -o "$bin" -lm > "$log" 2>&1; then
        verdict "$n" "FAIL $name (build)"
        return 0
    fi
    local -a envs=()
    mapfile -t envs < <(test_env "$path")
    set +e
    env "${envs[@]}" timeout -k 5 "$limit" "${launch[@]}" "$bin" > "$log" 2>&1 < /dev/null
    status=$?
    set -e
    out=$(cat "$log")
    # The suite's verdict: exit status 0, and its result line (printed
    # by OMPVV_REPORT) says passed when there is one; a skipped test is
    # one the runtime could not run, a failure in a list that libgomp
    # runs through.
    if [ $status -eq 124 ] || [ $status -eq 137 ]; then
        result=TIMEOUT
    elif [[ $out == *"Test skipped"* ]]; then
        result=FAIL; name="$name (skipped)"
    elif [ $status -ne 0 ]; then
        result=FAIL; name="$name (exit status $status)"
    elif [[ $out == *"[OMPVV_RESULT:"* && $out != *"] Test passed"* ]]; then
        result=FAIL; name="$name (no pass in its result line)"
    else
        result=PASS
    fi
    if [ -n "${limit_text[$path]+set}" ]; then
        if [ $result = PASS ]; then
            result=FAIL; name="$name (passes: take it out of $OMP_VV_LIMITS)"
        elif [[ $out == *"${limit_text[$path]}"* ]]; then
            result=LIMIT; name="$name (${limit_text[$path]})"
        else
            name="$name (not the documented limit: '${limit_text[$path]}')"
        fi
    fi
    verdict "$n" "$result $name"
    return 0
}

mkdir -p "$tmp/bin" "$tmp/log" "$tmp/res"
# Tests run $jobs at a time; lines are printed in list order, each as
# soon as it and all before it are done.
pass=0 fail=0 limits=0 next=0 running=0
report_ready() {
    while [ $next -lt ${#tests[@]} ] && [ -e "$tmp/res/$next" ]; do
        local line
        line=$(cat "$tmp/res/$next")
        echo "$line"
        case $line in
            PASS*) pass=$((pass + 1)) ;;
            LIMIT*) limits=$((limits + 1)) ;;
            # the compiler's output whole, a program's last lines
            *"(build)") fail=$((fail + 1))
               sed 's/^/    /' "$tmp/log/$next" ;;
            *) fail=$((fail + 1))
               sed 's/^/    /' "$tmp/log/$next" | tail -n 40 ;;
        esac
        rm -f "$tmp/bin/$next"
        next=$((next + 1))
    done
}
for i in "${!tests[@]}"; do
    if [ $running -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
        report_ready
    fi
    run_one "$i" "${tests[$i]}" &
    running=$((running + 1))
done
wait
report_ready

echo "$pass passed, $limits limits, $fail failed of ${#tests[@]}"
[ $fail -eq 0 ]
