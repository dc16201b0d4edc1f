#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/openmp-llvm.sh - portable C tests of LLVM's OpenMP runtime test
# suite (tests/openmp/llvm/README.md says which and why), built with
# ${CC:-gcc} -fopenmp and run under the OpenMP runtime that $OMP_LAUNCH
# puts under them: empty runs them directly (the compiler's libgomp),
# omp/mltp-omp runs them on libmltp_omp. The same list must pass on
# both, so a failure on MLTP is the runtime's, not the test's.
#
# usage: tests/openmp-llvm.sh [-j N] [FILTER]
#   -j N    N tests at once (default 2)
#   FILTER  only the listed tests whose path contains FILTER
# Environment: CC, OMP_LAUNCH, and whatever OMP_* the caller sets; each
# test runs as its own "// RUN:" lines say (the env, the arguments, a
# second compile with -D...), pass = every run exits with status 0.
# OMP_LLVM_LIMITS names a file of tests the runtime under test documents
# that it cannot pass: "PATH | TEXT" a line, each must fail with TEXT in
# its output (LIMIT); one that passes fails the run, so that the file
# stays true. One line per test (PASS, LIMIT, FAIL, TIMEOUT), then
# "N passed, L limits, M failed of K"; exit status 1 if any failed.
set -euo pipefail
# shellcheck source=tests/openmp-common.sh
. "$(dirname "$0")/openmp-common.sh"

suite=llvm
limits_file=${OMP_LLVM_LIMITS:-}
# the limit per run of a program (lit has none by default)
limit=60

# One step of a RUN line, as lit would run it with the suite's lit.cfg:
#   %libomp-compile [FLAGS]     $CC -fopenmp -I<suite> FLAGS test.c -lm
#   %libomp-compile-and-run     the same, then run it
#   [env VAR=VALUE ...] %libomp-run [ARGS]
# A run that sets a KMP_* variable (libomp's own settings) or asks
# OMP_SCHEDULE for one of libomp's own kinds (trapezoidal, static_steal)
# is left out: it tests libomp, not the OpenMP API. Anything else (a pipe
# to FileCheck ...) fails the test: it has no place in tests.list.
# Returns 0, or the failed command's status, or 200 for a step it cannot
# run; appends what it ran and its output to $log.
run_step() {
    local step=$1 bin=$2 path=$3 log=$4 w status
    local -a words=() envs=() args=()
    mapfile -t words < <(printf '%s\n' "$step" | xargs -n1 printf '%s\n')
    case ${words[0]:-} in
        %libomp-compile|%libomp-compile-and-run)
            echo "RUN: $step" >> "$log"
            "$cc" -fopenmp -I"$src" "${words[@]:1}" "$src/$path" -o "$bin" \
                -lm >> "$log" 2>&1 || return 201
            [ "${words[0]}" = %libomp-compile-and-run ] || return 0
            step=%libomp-run
            words=("$step") ;;
    esac
    if [ "${words[0]:-}" = env ]; then
        words=("${words[@]:1}")
        while [ ${#words[@]} -gt 0 ] && [[ ${words[0]} == [A-Za-z_]*=* ]]; do
            envs+=("${words[0]}")
            words=("${words[@]:1}")
        done
    fi
    if [ "${words[0]:-}" != %libomp-run ]; then
        echo "RUN: $step: not a step this script runs" >> "$log"
        return 200
    fi
    args=("${words[@]:1}")
    for w in "${envs[@]}"; do
        case $w in
            KMP_*|OMP_SCHEDULE=trapezoidal*|OMP_SCHEDULE=static_steal*)
                echo "RUN: $step: left out (libomp's own setting)" >> "$log"
                return 0 ;;
        esac
    done
    echo "RUN: $step" >> "$log"
    status=0
    env "${envs[@]}" timeout -k 5 "$limit" "${launch[@]}" "$bin" "${args[@]}" \
        >> "$log" 2>&1 < /dev/null || status=$?
    [ $status -eq 0 ] || echo "(exit status $status)" >> "$log"
    return $status
}

# One test: every step of every RUN line, in order, stopping at the first
# that fails; its verdict line goes to $tmp/res/N and what ran, with its
# output, to $tmp/log/N. Always returns 0, so that `wait -n` under set -e
# sees only the script's own errors.
run_one() {
    local n=$1 path=$2 name=$2 bin log status=0 result out line step
    bin=$tmp/bin/$n
    log=$tmp/log/$n
    : > "$log"
    local -a lines=()
    mapfile -t lines < <(sed -n 's|^[[:space:]]*//[[:space:]]*RUN:[[:space:]]*||p' \
        "$src/$path")
    for line in "${lines[@]}"; do
        line=${line%"${line##*[![:space:]]}"}
        while [ -n "$line" ]; do
            step=${line%%&&*}
            [ "$step" = "$line" ] && line= || line=${line#*&&}
            step=${step#"${step%%[![:space:]]*}"}
            step=${step%"${step##*[![:space:]]}"}
            [ -n "$step" ] || continue
            status=0
            run_step "$step" "$bin" "$path" "$log" || status=$?
            [ $status -eq 0 ] || break 2
        done
    done
    out=$(cat "$log")
    if [ ${#lines[@]} -eq 0 ]; then
        result=FAIL; name="$name (no RUN line)"
    elif [ $status -eq 201 ]; then
        result=FAIL; name="$name (build)"
    elif [ $status -eq 200 ]; then
        result=FAIL; name="$name (a RUN step this script cannot run)"
    elif [ $status -eq 124 ] || [ $status -eq 137 ]; then
        result=TIMEOUT
    elif [ $status -ne 0 ]; then
        result=FAIL; name="$name (exit status $status)"
    else
        result=PASS
    fi
    omp_limit_verdict "$n" "$path" "$result" "$name" "$out"
    return 0
}

omp_suite_main "$@"
