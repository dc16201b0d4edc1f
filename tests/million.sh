#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/million.sh PROGRAM [N] - make check-million: tests/million (PROGRAM)
# with N ULTs (default 1000000) alive at once, on 1 VP and on 2, and on 2
# VPs with stacks guarded as before Linux 6.13 (MLTP_STACK_GUARD=pages:
# guard pages while vm.max_map_count affords them, then the check); each
# run must pass its checks (tests/million.c), end within
# $MILLION_TIMEOUT seconds (default 300) and leave no SysV semaphore set.
# About 4.2 GB of memory per run at a million. One line per run, then a
# summary; status 1 if any failed.
set -u
me=tests/million.sh
prog=${1:?usage: $me PROGRAM [N]}
n=${2:-1000000}
timeout_s=${MILLION_TIMEOUT:-300}
. "$(dirname "$0")/semsets.sh"

before=$(sem_ids)
failed=0
run() { # NAME NVP [ENV...]
    local name=$1 nvp=$2 out st
    shift 2
    out=$(env -u MLTP_STACK_CACHE -u MLTP_STACK_SIZE "$@" timeout -k 5 "$timeout_s" \
          "$prog" "$n" "$nvp" 2>&1)
    st=$?
    echo "$name: $out"
    if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
        echo "FAIL: $name: did not end within $timeout_s s"
        failed=1
    elif [ "$st" -ne 0 ]; then
        echo "FAIL: $name: exit status $st"
        failed=1
    fi
}
run "1 VP, auto" 1 MLTP_STACK_GUARD=auto
run "2 VPs, auto" 2 MLTP_STACK_GUARD=auto
run "2 VPs, pages" 2 MLTP_STACK_GUARD=pages
sem_verdict "$me" "$before" "$failed" "$n ULTs waiting at once: every run passed"
