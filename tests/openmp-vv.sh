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
# shellcheck source=tests/openmp-common.sh
. "$(dirname "$0")/openmp-common.sh"

suite=vv
limits_file=${OMP_VV_LIMITS:-}
# the suite's limit per test (its SOLLVE_TIMELIMIT default)
limit=60
# the compiler's output whole, a program's last lines
whole_build_log=yes

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

# One test: build, run, and write its verdict line to $tmp/res/N and its
# compiler or program output to $tmp/log/N. Always returns 0, so that
# `wait -n` under set -e sees only the script's own errors.
run_one() {
    local n=$1 path=$2 name bin log status out result
    name=${path#tests/}
    bin=$tmp/bin/$n
    log=$tmp/log/$n
    # VERBOSE_MODE: the suite's messages name the failed condition
    if ! "$cc" -fopenmp -O1 -DVERBOSE_MODE=1 -I"$src/ompvv" "$src/$path" \
            -o "$bin" -lm > "$log" 2>&1; then
        omp_verdict "$n" "FAIL $name (build)"
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
    omp_limit_verdict "$n" "$path" "$result" "$name" "$out"
    return 0
}

omp_suite_main "$@"
