#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/layers.sh - ARCHITECTURE.md's layers against the built objects and
# the sources: each folder's objects use symbols of the folders below it
# only (nm; vp/ and ult/ not each other's), parmacs/ the public API and
# base/ only; sync/'s objects call no system call but the semaphore lock
# class's (the rest goes through sched/block.h); sync/'s and sys/'s
# sources include sched/block.h (through sync/sync.h, sys/sys.h) and base/
# of the library's headers, and name nothing of vp/ or ult/ (what sched/block.h's inline calls use
# of them is sched's to use); omp/ and pthread/ include mltp.h only and
# call mltp_* only.
set -euo pipefail
build=${MLTP_BUILD:-$(cd "$(dirname "$0")/.." && pwd)}
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}

objs=$(cd "$build" && ls base/*libmltp_core_la-*.o vp/*libmltp_core_la-*.o \
           ult/*libmltp_core_la-*.o sched/*libmltp_core_la-*.o \
           sync/*libmltp_core_la-*.o sys/*libmltp_core_la-*.o \
           parmacs/*libmltp_core_la-*.o 2>/dev/null || true)
[ -n "$objs" ] || { echo "layers.sh: no objects in $build (build first)"; exit 1; }

# One nm for the definitions, one for the uses; awk judges each use by
# the folders' ranks (mltp_* is the API, wherever it is defined).
# What sync/ may use outside the library: the semaphore lock class's
# system calls, the clock (clock_gettime: the vDSO), and calls that make
# none (or end the program); the compiler's and sanitizers' helpers.
sync_libc='^(semtimedop|semop|semctl|clock_gettime|abort|strerror|__errno_location|pthread_atfork|memset|memcpy|memmove|_GLOBAL_OFFSET_TABLE_|__stack_chk_fail|__tls_get_addr|__aarch64_.*|__(a|ub|t)san_.*|__sanitizer_.*|__gcov_.*)$'
failed=0
read -r passed failures < <(
    cd "$build"
    { nm -A --defined-only -g $objs | awk '{ print "D", $1, $3 }'
      nm -A -u $objs | awk '{ print "U", $1, $3 }'; } |
    awk -v SYNC_LIBC="$sync_libc" '
        BEGIN {
            may["base"] = " base "
            may["vp"] = " base vp "
            may["ult"] = " base ult "
            may["sched"] = " base vp ult sched api "
            may["sync"] = " base vp ult sched sync api "
            may["sys"] = " base vp ult sched sys api "
            may["parmacs"] = " base parmacs api "
        }
        { obj = $2; sub(/:$/, "", obj); dir = obj; sub(/\/.*/, "", dir) }
        $1 == "D" { home[$3] = $3 ~ /^mltp_/ ? "api" : dir; next }
        { uses[++n] = dir " " $3 " " obj }
        END {
            ok = 0; bad = 0
            for (i = 1; i <= n; i++) {
                split(uses[i], u, " ")
                h = home[u[2]]
                if (h == "" && u[1] == "sync") {    # no system call but semop
                    if (u[2] ~ SYNC_LIBC) ok++
                    else { bad++; printf "FAIL: %s (sync/) calls %s outside the library (system calls: sched/block.h)\n", u[3], u[2] > "/dev/stderr" }
                    continue
                }
                if (h == "") continue               # libc, liburcu, ...
                if (index(may[u[1]], " " h " ")) ok++
                else { bad++; printf "FAIL: %s (%s/) uses %s of %s/\n", u[3], u[1], u[2], h > "/dev/stderr" }
            }
            print ok, bad
        }'
)
failed=$((failed + failures))

while IFS= read -r hit; do
    echo "FAIL: $hit: sync/ or sys/ reaches past sched/block.h"
    failed=$((failed + 1))
done < <(grep -nE '\b(vp_[a-z_]+|vpg|ult_[a-z_]+)\b|#include "(vp|ult|sched/(sched|runq|switch))[/.]' \
             "$src"/sync/*.c "$src"/sync/*.h "$src"/sys/*.c "$src"/sys/*.h |
         grep -vE '^[^:]*:[0-9]+:[ \t]*(/\*|\*)' || true)
passed=$((passed + 1))

# vp/ and ult/ name nothing of each other but the one type ult/ points to
# without following it: struct vp_bound, a bound thread's process record.
while IFS= read -r hit; do
    echo "FAIL: $hit: ult/ and vp/ know each other"
    failed=$((failed + 1))
done < <({ grep -nE '\b(vp_[a-z_]+|vpg)\b|#include "vp/' "$src"/ult/*.[chS] |
             grep -v 'struct vp_bound\b'
           grep -nE '\bult_[a-z_]+\b|#include "ult/' "$src"/vp/*.[ch]; } |
         grep -vE '^[^:]*:[0-9]+:[ \t]*(/\*|\*)' || true)
passed=$((passed + 1))
# omp/ and pthread/ are programs of MLTP's: their sources include no
# header of the library's but mltp.h (and config.h), and their objects use
# no symbol of the library's but mltp_* (libmltp.so exports nothing else
# anyway).
for above in omp:libmltp_omp pthread:libmltp_pthread; do
    dir=${above%%:*} lib=${above#*:}
    while IFS= read -r hit; do
        echo "FAIL: $hit: $dir/ reaches past mltp.h"
        failed=$((failed + 1))
    done < <(grep -nE '#include "' "$src"/"$dir"/*.[ch] |
             grep -vE "#include \"($dir/[a-z_]+\.h|config\.h)\"" || true)
    while IFS= read -r sym; do
        echo "FAIL: $dir/ uses $sym, not an mltp_ call"
        failed=$((failed + 1))
    done < <(cd "$build" &&
             comm -12 <(nm -u "$dir"/*"${lib}"_la-*.o 2>/dev/null | awk '{ print $2 }' | sort -u) \
                      <(nm --defined-only -g $(ls $objs | grep -v '^sys/') | awk 'NF == 3 { print $3 }' |
                        grep -v '^mltp_' |
                        sort -u) || true)
    passed=$((passed + 1))
done
echo "layers: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 1 ]
