#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/spin.sh - the Promela models of the inter-VP protocols
# (ARCHITECTURE.md, "Models"), checked by Spin: each must verify with no
# error (assertions, invalid end states), and each with one of its fixes
# turned off must fail, or the model could not find the bug it is there
# for. About 3 minutes on 2 CPUs. Skipped (77) without spin or a C compiler.
set -euo pipefail
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${CC:-cc}
command -v spin >/dev/null || { echo "spin.sh: no spin (apt-get install spin): skipped"; exit 77; }
command -v "$cc" >/dev/null || { echo "spin.sh: no C compiler ($cc): skipped"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# model, then the macros that each remove one fix (each must fail)
models=(
    "sched/park.pml NO_CLAIMS NO_LOCKED_PASS"
    "sched/place.pml NOFIX_PLACE_HOME NOFIX_STEAL_BUSY"
    "sched/deadlock.pml NOFIX_START_RESET NOFIX_BOUND_END NOFIX_REREAD NOFIX_ASLEEP_GEN"
    "sched/wake.pml NOFIX_ALWAYS_CLOSE NOFIX_LAST_SPINNER NOFIX_DROPPED_CLAIM"
    "sched/episode.pml NOFIX_ALWAYS_CLOSE NOFIX_NO_REGRESS NOFIX_REPUSH_CHECK"
    "sched/handoff.pml NOFIX_HANDOVER_STORE NOFIX_ASK_UNLOCKED"
    "sched/timer.pml NOFIX_CLAIM_ON_SLEEP NOFIX_SLEEP_FENCE NOFIX_POKE NOFIX_FIRING_COUNT NOFIX_ROLE_HANDON NOFIX_POLL_GEN NOFIX_POLL_KICK NOFIX_POLL_HOLD NOFIX_POLL_EVFD NOFIX_EVFD_DRAIN"
    "sync/mutex.pml NO_SECOND_LOOK NO_WOKEN_CLEAR"
    "omp/ring.pml NOFIX_WAIT_FREE NOFIX_RESET_ORDER"
    "omp/steal.pml NOFIX_CAS_VICTIM"
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

# verify MODEL [MACRO]: 0 if Spin found no error; its summary on stdout
verify() {
    local model=$1 macro=${2:-} dir opt=-O2
    # a fix removed: the search stops at its first error, mostly within a
    # second, so compiling pan fast (-O0: 1.7 s against 9.5 s for
    # sched/timer.pml) saves more than the slower search costs
    [ -z "$macro" ] || opt=-O0
    dir=$tmp/$(basename "$model" .pml)${macro:+-$macro}
    mkdir -p "$dir"
    cp "$src/$model" "$dir/"
    (cd "$dir" &&
     spin_clean ${macro:+-D$macro} -a "$(basename "$model")" >spin.log 2>&1 &&
     "$cc" "$opt" -DSAFETY -DVECTORSZ=256 -o pan pan.c >cc.log 2>&1) ||
        { cat "$dir"/*.log; echo "spin.sh: $model${macro:+ -D$macro}: no verifier"; return 2; }
    # a 2^22-slot hash table and a bounded search: the models are small
    (cd "$dir" && timeout 60 ./pan -w22 -m100000 >pan.out 2>&1) || true
    grep -E 'errors:|states, stored|^pan:' "$dir/pan.out" | head -4 | sed 's/^/    /'
    grep -q 'errors: 0$' "$dir/pan.out" && ! grep -q 'Search not completed' "$dir/pan.out"
}

fail=0
for entry in "${models[@]}"; do
    read -r model macros <<<"$entry"
    echo "$model:"
    if ! verify "$model"; then
        echo "FAIL: $model: Spin found an error (or did not finish)"
        fail=1
    fi
    for m in $macros; do
        echo "$model -D$m (a fix removed: must fail):"
        rc=0; verify "$model" "$m" || rc=$?
        if [ "$rc" = 0 ]; then
            echo "FAIL: $model -D$m: Spin found no error: the model misses the bug"
            fail=1
        elif [ "$rc" = 2 ]; then
            fail=1
        fi
    done
done
exit $fail
