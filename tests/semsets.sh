# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/semsets.sh - sourced by tests that check no SysV semaphore set is
# left behind (tests/check-repeat.sh, tests/mpi.sh):
#   sem_ids              this user's set ids, one a line, sorted
#   sem_leaks BEFORE     the sets not in BEFORE (an earlier sem_ids) that
#                        no live process uses: sets $sem_leaked and
#                        $sem_in_use (arrays)
#   sem_verdict ME BEFORE FAILED PASSED
#                        a test script's end: FAIL if a set was left
#                        behind, then "ME: PASSED" or "ME: FAILED", and
#                        exit with its status

sem_user=$(id -un)

# "ipcs -s": key, semid, owner, perms, nsems
sem_ids() {
    ipcs -s | awk -v u="$sem_user" '$2 ~ /^[0-9]+$/ && $3 == u { print $2 }' | sort
}

# Succeeds if a process of that pid runs (a zombie does not).
pid_live() {
    local state
    state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
    [ -n "$state" ] && [ "$state" != Z ] && [ "$state" != X ]
}

# A set one of whose semaphores a live process used last belongs to a
# program still running (a test beside this one under make -j, a
# benchmark): not a leak. The janitor removes a killed program's sets a
# moment after it died, so a set whose users are gone gets up to 10 s.
sem_leaks() {
    local before=$1 id pids p live i
    for ((i = 0; i < 20; i++)); do
        sem_leaked=() sem_in_use=()
        for id in $(comm -13 <(echo "$before") <(sem_ids)); do
            # "ipcs -s -i ID": after the "semnum value ncount zcount pid"
            # header, one line per semaphore
            pids=$(ipcs -s -i "$id" 2>/dev/null |
                   awk '/^semnum/ { t = 1; next } t && NF >= 5 { print $5 }')
            live=
            for p in $pids; do
                if [ "$p" -gt 0 ] && pid_live "$p"; then
                    live=$p
                fi
            done
            if [ -n "$live" ]; then
                sem_in_use+=("$id (last used by live pid $live)")
            elif ipcs -s -i "$id" >/dev/null 2>&1; then
                sem_leaked+=("$id")
            fi
        done
        [ ${#sem_leaked[@]} -eq 0 ] && return
        sleep 0.5
    done
}

# The last lines of a script that ran its programs with $failed set on a
# failure: the sets left since BEFORE fail it too.
sem_verdict() {
    local me=$1 before=$2 failed=$3 passed=$4
    sem_leaks "$before"
    if [ ${#sem_leaked[@]} -gt 0 ]; then
        echo "FAIL: $me: SysV semaphore sets left behind: ${sem_leaked[*]}"
        failed=1
    fi
    if [ "$failed" -eq 0 ]; then
        echo "$me: $passed"
    else
        echo "$me: FAILED"
    fi
    exit "$failed"
}
