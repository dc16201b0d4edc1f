#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/layers.sh - ARCHITECTURE.md's layers against the built objects and
# the sources: each folder's objects use symbols of the folders below it
# only (nm; vp/ and ult/ not each other's), parmacs/ the public API and
# base/ only; sync/'s sources include sched/block.h (through sync/sync.h)
# and base/ of the library's headers, and name nothing of vp/ or ult/
# (what sched/block.h's inline calls use of them is sched's to use).
set -euo pipefail
build=${MLTP_BUILD:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$build"

declare -A may=(
    [base]="base"
    [vp]="base vp"
    [ult]="base ult"
    [sched]="base vp ult sched"
    [sync]="base vp ult sched sync"
    [parmacs]="base parmacs api"
)
objs() { ls "$1"/libmltp_core_la-*.o "$1"/lt*-libmltp_core_la-*.o 2>/dev/null || true; }

# where each global symbol of the library is defined (mltp_* is the API,
# wherever it lives)
declare -A home
for d in "${!may[@]}"; do
    for o in $(objs "$d"); do
        while read -r sym; do
            case $sym in mltp_*) home[$sym]=api ;; *) home[$sym]=$d ;; esac
        done < <(nm --defined-only -g "$o" | awk '{ print $3 }')
    done
done
[ ${#home[@]} -gt 0 ] || { echo "layers.sh: no objects in $build (build first)"; exit 1; }

passed=0 failed=0
for d in "${!may[@]}"; do
    for o in $(objs "$d"); do
        while read -r sym; do
            h=${home[$sym]:-}
            [ -n "$h" ] || continue             # libc, liburcu, ...
            [ "$h" = api ] && [ "$d" != parmacs ] && [ "$d" != sync ] && continue
            if [[ " ${may[$d]} " == *" $h "* ]] ||
               { [ "$h" = api ] && [ "$d" = sync ]; }; then
                passed=$((passed + 1))
            else
                echo "FAIL: $o ($d/) uses $sym of $h/"
                failed=$((failed + 1))
            fi
        done < <(nm -u "$o" | awk '{ print $2 }')
    done
done
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
while IFS= read -r hit; do
    echo "FAIL: $hit: sync/ reaches past sched/block.h"
    failed=$((failed + 1))
done < <(grep -nE '\b(vp_[a-z_]+|vpg|ult_[a-z_]+)\b|#include "(vp|ult|sched/(sched|runq|switch))[/.]' \
             "$src"/sync/*.c "$src"/sync/*.h | grep -vE '^[^:]*:[0-9]+:[ \t]*(/\*|\*)' || true)
passed=$((passed + 1))
echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
