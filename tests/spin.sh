#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/spin.sh - the Promela models of the inter-VP protocols
# (ARCHITECTURE.md, "Models"), checked by Spin: each must verify with no
# error (assertions, invalid end states), and each with one of its fixes
# turned off must fail, or the model could not find the bug it is there
# for. The checks run side by side, one per CPU this script may use: about
# 2 minutes on 2 CPUs. Skipped (77) without spin or a C compiler.
set -euo pipefail
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${CC:-cc}
command -v spin >/dev/null || { echo "spin.sh: no spin (apt-get install spin): skipped"; exit 77; }
command -v "$cc" >/dev/null || { echo "spin.sh: no C compiler ($cc): skipped"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# model, then the macros that each remove one fix (each must fail); a
# macro's own settings follow it after commas (SCEN_MIN=4: the search
# starts at the model's fourth scenario, the only ones with that fix)
models=(
    "sched/park.pml NO_CLAIMS NO_LOCKED_PASS NOFIX_SOURCE_EARLY"
    "sched/place.pml NOFIX_PLACE_HOME NOFIX_STEAL_BUSY"
    "sched/deadlock.pml NOFIX_START_RESET NOFIX_BOUND_END NOFIX_REREAD NOFIX_ASLEEP_GEN"
    "sched/wake.pml NOFIX_ALWAYS_CLOSE NOFIX_LAST_SPINNER NOFIX_DROPPED_CLAIM"
    "sched/episode.pml NOFIX_ALWAYS_CLOSE NOFIX_NO_REGRESS NOFIX_REPUSH_CHECK"
    "sched/handoff.pml NOFIX_HANDOVER_STORE NOFIX_ASK_UNLOCKED"
    "sched/group.pml NOFIX_GROUP_CLAIM NOFIX_LET_GO NOFIX_OWN_CLAIM NOFIX_WAKE_COUNTS"
    "sched/close.pml NOFIX_CLOSE_ORDER NOFIX_CLOSE_BUMP"
    "sched/task.pml NOFIX_CALL_OWNER NOFIX_SPARE_FIRST NOFIX_SAVE_FIRST NOFIX_FINISH_CLOSE"
    "sched/timer.pml NOFIX_CLAIM_ON_SLEEP NOFIX_SLEEP_FENCE NOFIX_POKE NOFIX_FIRING_COUNT NOFIX_ROLE_HANDON NOFIX_POLL_GEN,SCEN_MIN=4 NOFIX_POLL_KICK,SCEN_MIN=4 NOFIX_POLL_HOLD,SCEN_MIN=4 NOFIX_POLL_EVFD,SCEN_MIN=4 NOFIX_EVFD_DRAIN,SCEN_MIN=4"
    "sync/mutex.pml NO_SECOND_LOOK NO_WOKEN_CLEAR"
    "omp/ring.pml NOFIX_WAIT_FREE NOFIX_RESET_ORDER"
    "omp/steal.pml NOFIX_CAS_VICTIM"
    "omp/deque.pml NOFIX_POP_ORDER NOFIX_POP_CAS"
    "omp/wait.pml NOFIX_WAITED_ORDER NOFIX_WAITERS_ORDER NOFIX_OWNER_COUNT"
    "omp/barrier.pml NOFIX_START_FIRST NOFIX_READ_AFTER"
    "ult/chunk.pml NOFIX_RELEASING_STATE NOFIX_GROWING NOFIX_RELEASE_LIMIT"
)

# spin runs its preprocessor and waits for it: with SIGCHLD ignored (a
# disposition this script may inherit) that wait fails and spin says
# "preprocessing failed". $SIGEXEC (tests/sigexec, make check sets it)
# starts it with every signal's default action.
spin_clean() {
    if [ -x "${SIGEXEC:-}" ]; then
        "$SIGEXEC" -r -- spin "$@"
    else
        spin "$@"
    fi
}

# verify MODEL [MACRO[,SETTING...]]: 0 if Spin found no error; its summary
# on stdout
verify() {
    local model=$1 macro=${2:-} dir opt=-O2 d
    local -a defs=()
    # a fix removed: the search stops at its first error, mostly within a
    # second, so compiling pan fast (-O0: 1.7 s against 9.5 s for
    # sched/timer.pml) saves more than the slower search costs
    [ -z "$macro" ] || opt=-O0
    for d in ${macro//,/ }; do defs+=("-D$d"); done
    dir=$tmp/$(basename "$model" .pml)${macro:+-${macro//[,=]/-}}
    mkdir -p "$dir"
    cp "$src/$model" "$dir/"
    (cd "$dir" &&
     spin_clean "${defs[@]}" -a "$(basename "$model")" >spin.log 2>&1 &&
     "$cc" "$opt" -DSAFETY -DVECTORSZ=256 -o pan pan.c >cc.log 2>&1) ||
        { cat "$dir"/*.log; echo "spin.sh: $model${macro:+ -D$macro}: no verifier"; return 2; }
    # a 2^22-slot hash table and a bounded search: the models are small
    (cd "$dir" && timeout 120 ./pan -w22 -m100000 >pan.out 2>&1) || true
    grep -E 'errors:|states, stored|^pan:' "$dir/pan.out" | head -4 | sed 's/^/    /'
    grep -q 'errors: 0$' "$dir/pan.out" && ! grep -q 'Search not completed' "$dir/pan.out"
}

# check N MODEL [MACRO]: one check, its report in $tmp/N.out, and
# FAIL in $tmp/N.fail if it did not give what it must
check() {
    local n=$1 model=$2 macro=${3:-} rc=0
    {
        if [ -z "$macro" ]; then
            echo "$model:"
            verify "$model" || { echo "FAIL: $model: Spin found an error (or did not finish)"; rc=1; }
        else
            echo "$model -D${macro//,/ -D} (a fix removed: must fail):"
            verify "$model" "$macro" || rc=$?
            if [ "$rc" = 0 ]; then
                echo "FAIL: $model -D$macro: Spin found no error: the model misses the bug"
                rc=1
            elif [ "$rc" = 1 ]; then
                rc=0
            fi
        fi
    } >"$tmp/$n.out" 2>&1
    [ "$rc" = 0 ] || : >"$tmp/$n.fail"
}

# the CPUs this script may run on (the mask, not the machine)
jobs=$(nproc 2>/dev/null || echo 1)
n=0
for entry in "${models[@]}"; do
    read -r model macros <<<"$entry"
    for m in "" $macros; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
        check "$n" "$model" "$m" &
        n=$((n + 1))
    done
done
wait
fail=0
for ((i = 0; i < n; i++)); do
    cat "$tmp/$i.out"
    [ ! -e "$tmp/$i.fail" ] || fail=1
done
exit $fail
