#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/bench-checks.sh - mltp_bench --scale checks what its contended rows
# did: with MLTP_BENCH_BREAK naming an operation, whose MLTP kernel then
# skips the protection, the rows of that operation fail with their
# reason and the program ends with status 1; unbroken, the same rows (and
# their pthreads and OpenMP columns) pass. $MLTP_BUILD is the build tree.
set -u
bench=${MLTP_BUILD:?MLTP_BUILD must name the build tree}/bench/mltp_bench
failed=0

fail() { echo "FAIL: $*"; failed=1; }

# run STATUS [VAR=VALUE] ARGS...: mltp_bench --scale, short, on 1 and 2
# VPs; sets $out (standard output and error)
run() {
    local want=$1 st; shift
    out=$(env "$@" 2>&1); st=$?
    [ "$st" = "$want" ] || fail "$* exited $st, expected $want: $(printf '%s\n' "$out" | tail -n 3)"
}
quick=(timeout 120 "$bench" --scale --vps 1,2 --reps 1 --ms 2)

run 0 "${quick[@]}" --only lock --only cond --only barrier
# the barrier rows end in pthreads' and OpenMP's medians and ratios
[ "$(printf '%s\n' "$out" | awk '/^barrier/ && $(NF-3) $(NF-2) $(NF-1) $NF ~ /^[-0-9.e]+$/' |
     wc -l)" = 2 ] || fail "the barrier rows lack their columns: $out"

# OPERATION ROW_TEXT REASON: each of the operation's MLTP rows fails, why
for c in "lock:SPIN lock:lost updates" "lock:MUTEX lock:lost updates" \
         "cond:cond ping-pong:came out of turn" "barrier:barrier:passed the barrier early"; do
    IFS=: read -r op row why <<< "$c"
    run 1 MLTP_BENCH_BREAK="$op" "${quick[@]}" --only "$op"
    for v in "1 VP " "2 VPs"; do
        printf '%s\n' "$out" | grep -q "^$row.* $v .*FAILED: .*$why" ||
            fail "MLTP_BENCH_BREAK=$op: no '$row / $v ... FAILED: ... $why' line in: $out"
    done
    printf '%s\n' "$out" | grep -q "rows failed" || fail "MLTP_BENCH_BREAK=$op: no summary line"
done

run 2 MLTP_BENCH_BREAK=other "${quick[@]}"
printf '%s\n' "$out" | grep -q "MLTP_BENCH_BREAK must be" || fail "no message for a bad MLTP_BENCH_BREAK: $out"

[ "$failed" = 0 ] && echo "bench-checks: every broken operation was caught"
exit "$failed"
