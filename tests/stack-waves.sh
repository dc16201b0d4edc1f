#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/stack-waves.sh - waves of ULTs alive at once ($STACKWAVES,
# tests/stackwaves: a burst of 7,000, then waves of 256 for 130 ms, each
# wave's stacks checked not to overlap, with pauses in which an idle VP
# does its maintenance while the next wave's first runs take stacks):
# VPs give stacks back, release their pages and map chunks while others
# take them. On 2 VPs and on 4, with MLTP_STACK_CACHE=0 MLTP_STACK_DECAY=0
# (every free slot's pages go back at once) and with the defaults.
# $STACK_WAVES_RUNS runs each (default 50; a run takes about 0.15 s):
# each must exit 0 with nothing on stderr, and no SysV semaphore set may
# be left. Every run inherits no MLTP_* setting but those it sets.
set -u
me=tests/stack-waves.sh
prog=${STACKWAVES:-$(dirname "$0")/stackwaves}
runs=${STACK_WAVES_RUNS:-50}
. "$(dirname "$0")/semsets.sh"

[ -x "$prog" ] || { echo "$me: no $prog"; exit 1; }

# every MLTP_* variable of the environment, to be unset in each run
unset_args=()
while IFS='=' read -r name _; do
    case $name in MLTP_*) unset_args+=(-u "$name") ;; esac
done < <(env)

dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
before=$(sem_ids)
failed=0 total=0

# setting VPS LABEL [NAME=VALUE...]: $runs runs
setting() {
    local nvp=$1 label=$2 i st bad=0
    shift 2
    for ((i = 1; i <= runs; i++)); do
        total=$((total + 1))
        # (the braces' stderr: bash's own line about a run killed by a
        # signal; the status and the program's stderr say it)
        { env "${unset_args[@]}" "$@" timeout -k 5 30 "$prog" "$nvp" \
              >"$dir/out" 2>"$dir/err"; } 2>/dev/null
        st=$?
        # LeakSanitizer's note on each VP's borrowed pthread, which it
        # cannot suspend at exit (doc/sanitizers.md), and only that
        grep -Ev '^==[0-9]+==Running thread [0-9]+ was not suspended\. False leaks are possible\.$' \
            "$dir/err" >"$dir/err2"
        mv "$dir/err2" "$dir/err"
        if [ "$st" -ne 0 ] || [ -s "$dir/err" ]; then
            bad=$((bad + 1))
            if [ "$bad" -le 3 ]; then
                echo "FAIL: $me: $nvp VPs, $label: run $i: exit status $st"
                head -n 5 "$dir/err" | sed 's/^/  stderr: /'
            fi
        fi
    done
    if [ "$bad" -gt 0 ]; then
        echo "FAIL: $me: $nvp VPs, $label: $bad of $runs runs failed"
        failed=1
    else
        echo "$nvp VPs, $label: $runs runs passed"
    fi
}

t0=$SECONDS
for nvp in 2 4; do
    setting "$nvp" "MLTP_STACK_CACHE=0 MLTP_STACK_DECAY=0" MLTP_STACK_CACHE=0 MLTP_STACK_DECAY=0
    setting "$nvp" "the defaults"
done
sem_verdict "$me" "$before" "$failed" "$total runs passed in $((SECONDS - t0)) s"
