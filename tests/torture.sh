#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/torture.sh [--long SECONDS] - tests/torture ($TORTURE), random
# mixes of the whole API from a printed seed, under stack settings that
# vary from run to run: MLTP_STACK_GUARD (auto, pages, check),
# MLTP_STACK_CACHE (0, 16, unset: 4096) and MLTP_STACK_DECAY (0, 10 ms,
# unset: 1000). A cache of 0 and a decay of 0 make an idle VP give every
# free stack's memory back at once, while other VPs take stacks (the
# waves of tests/torture.c); the settings are spread over the runs, not
# multiplied into more runs.
#   no argument (make check): five runs of a second (about 6 s):
#       VPs    MLTP_STACK_GUARD  MLTP_STACK_CACHE  MLTP_STACK_DECAY
#       1      auto              unset             unset
#       2      pages             0                 0
#       4      check             16                10
#       1,2,4  auto              0                 0
#       2      auto              16                0
#   --long S (make check-torture): S seconds on each of 1, 2, 3, 4 and 8
#            VPs, each under MLTP_STACK_GUARD=auto, pages and check (15
#            runs), with MLTP_STACK_CACHE/MLTP_STACK_DECAY as this table
#            (the script's own, below) says:
#       VPs    auto         pages        check
#       1      0/0          16/10        unset/unset
#       2      16/0         0/0          unset/10
#       3      unset/0      0/10         0/0
#       4      0/0          16/unset     0/unset
#       8      unset/unset  0/0          16/unset
#            0/0 on every VP count, under each guard in turn, and the
#            8 other pairs over the rest.
# Each run must pass (the program's own watchdog fails a hung start; a
# run past its time plus 60 s is killed and fails too) and no SysV
# semaphore set may be left. Each run's line and a failing run's line
# name its settings; the failing one ends with the command that replays
# it (the same environment, MLTP_TORTURE_SEED=N or --seed N, the same
# --vps); the program's own FAIL line names the round (--from R
# --rounds 1 replays that round alone).
# Every run under MLTP_WATCHDOG=fatal: a late wake fails it.
# TORTURE_ARGS: more options for every run (--skip LIST, --watchdog S).
set -u
export MLTP_WATCHDOG=fatal
me=tests/torture.sh
prog=${TORTURE:-$(dirname "$0")/torture}
. "$(dirname "$0")/semsets.sh"

long=
if [ "${1:-}" = --long ]; then
    long=${2:?usage: $me [--long SECONDS]}
fi

before=$(sem_ids)
failed=0 runs=0
tmp=$(mktemp "${TMPDIR:-/tmp}/torture.XXXXXX") || exit 1
trap 'rm -f "$tmp" "$tmp.pid"' EXIT
run() { # SECONDS VPS GUARD CACHE DECAY (unset: not in the environment)
    local secs=$1 v=$2 guard=$3 cache=$4 decay=$5 out st seed settings envs replay pg
    local -a unset=(-u MLTP_STACK_SIZE -u MLTP_VPS -u MLTP_SYSCALLS)
    runs=$((runs + 1))
    settings="MLTP_STACK_GUARD=$guard MLTP_STACK_CACHE=$cache MLTP_STACK_DECAY=$decay"
    envs="MLTP_STACK_GUARD=$guard"
    if [ "$cache" = unset ]; then
        unset+=(-u MLTP_STACK_CACHE)
    else
        envs="$envs MLTP_STACK_CACHE=$cache"
    fi
    if [ "$decay" = unset ]; then
        unset+=(-u MLTP_STACK_DECAY)
    else
        envs="$envs MLTP_STACK_DECAY=$decay"
    fi
    # The output to a file, not a pipe: a child the run forked and left
    # behind (hung) must not keep this script waiting. timeout leads a
    # process group of its own (its pid, written first), which goes once
    # the run is over.
    # shellcheck disable=SC2016,SC2086 # $$ is the inner shell's; $envs: NAME=VALUE words
    bash -c 'echo "$$" >"$0"; exec "$@"' "$tmp.pid" env "${unset[@]}" $envs \
         timeout -k 5 $((secs + 60)) "$prog" --quiet --vps "$v" \
         --seconds "$secs" ${TORTURE_ARGS:-} >"$tmp" 2>&1
    st=$?
    pg=$(cat "$tmp.pid" 2>/dev/null)
    [ -n "$pg" ] && [ "$pg" -gt 1 ] && kill -KILL -- "-$pg" 2>/dev/null
    out=$(cat "$tmp")
    if [ "$st" -ne 0 ]; then
        printf '%s\n' "$out" | tail -n 20
        seed=$(printf '%s\n' "$out" | sed -n 's/^torture: seed \([0-9]*\).*/\1/p' | head -n 1)
        replay="replay: env"
        [ "$cache" = unset ] && replay="$replay -u MLTP_STACK_CACHE"
        [ "$decay" = unset ] && replay="$replay -u MLTP_STACK_DECAY"
        replay="$replay $envs $prog --seed ${seed:-N} --vps $v --seconds $secs${TORTURE_ARGS:+ $TORTURE_ARGS}"
        if [ "$st" -eq 124 ] || [ "$st" -eq 137 ]; then
            echo "FAIL: $me: vps $v, $settings: killed after $((secs + 60)) s; $replay"
        else
            echo "FAIL: $me: vps $v, $settings: exit status $st; $replay"
        fi
        failed=1
    else
        # the program's last line (not a sanitizer's note after it)
        echo "vps $v, $settings: $(printf '%s\n' "$out" | grep '^torture: ' | tail -n 1)"
    fi
}

t0=$SECONDS
if [ -n "$long" ]; then
    while read -r v a p c; do
        run "$long" "$v" auto "${a%/*}" "${a#*/}" </dev/null
        run "$long" "$v" pages "${p%/*}" "${p#*/}" </dev/null
        run "$long" "$v" check "${c%/*}" "${c#*/}" </dev/null
    done <<'EOF'
1 0/0         16/10    unset/unset
2 16/0        0/0      unset/10
3 unset/0     0/10     0/0
4 0/0         16/unset 0/unset
8 unset/unset 0/0      16/unset
EOF
else
    run 1 1 auto unset unset
    run 1 2 pages 0 0
    run 1 4 check 16 10
    run 1 1,2,4 auto 0 0
    run 1 2 auto 16 0
fi
sem_verdict "$me" "$before" "$failed" "$runs runs passed in $((SECONDS - t0)) s"
