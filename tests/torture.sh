#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/torture.sh [--long SECONDS] - tests/torture ($TORTURE), random
# mixes of the whole API from a printed seed.
#   no argument (make check): a second each on 1, 2 and 4 VPs, under
#            MLTP_STACK_GUARD=auto, pages and check in turn (a few seconds).
#   --long S (make check-torture): S seconds on each of 1, 2, 3, 4 and 8
#            VPs, each under MLTP_STACK_GUARD=auto, pages and check.
# Each run must pass (the program's own watchdog fails a hung start; a
# run past its time plus 60 s is killed and fails too) and no SysV
# semaphore set may be left. A failing run's line names its seed and how
# to replay it (MLTP_TORTURE_SEED=N, or --seed N, with the same --vps).
# TORTURE_ARGS: more options for every run (--skip LIST, --watchdog S).
set -u
me=tests/torture.sh
prog=${TORTURE:-$(dirname "$0")/torture}
. "$(dirname "$0")/semsets.sh"

long=
if [ "${1:-}" = --long ]; then
    long=${2:?usage: $me [--long SECONDS]}
fi

before=$(sem_ids)
failed=0 runs=0
run() { # SECONDS VPS GUARD
    local secs=$1 v=$2 guard=$3 out st
    runs=$((runs + 1))
    out=$(env -u MLTP_STACK_SIZE -u MLTP_VPS MLTP_STACK_GUARD="$guard" \
          timeout -k 5 $((secs + 60)) "$prog" --quiet --vps "$v" \
          --seconds "$secs" ${TORTURE_ARGS:-} 2>&1)
    st=$?
    if [ "$st" -ne 0 ]; then
        printf '%s\n' "$out" | tail -n 20
        if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
            echo "FAIL: $me: vps $v, MLTP_STACK_GUARD=$guard: killed after $((secs + 60)) s"
        else
            echo "FAIL: $me: vps $v, MLTP_STACK_GUARD=$guard: exit status $st"
        fi
        failed=1
    else
        echo "vps $v, MLTP_STACK_GUARD=$guard: $(printf '%s\n' "$out" | tail -n 1)"
    fi
}

t0=$SECONDS
if [ -n "$long" ]; then
    for v in 1 2 3 4 8; do
        for guard in auto pages check; do
            run "$long" "$v" "$guard"
        done
    done
else
    run 1 1 auto
    run 1 2 pages
    run 1 4 check
    run 1 1,2,4 auto
fi
sem_verdict "$me" "$before" "$failed" "$runs runs passed in $((SECONDS - t0)) s"
