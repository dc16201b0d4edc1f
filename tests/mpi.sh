#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/mpi.sh - apps/ocean-mpi across MPI ranks: apps/ocean's checksum,
# sweeps and descents (one process) for any ranks, P, N and back end,
# rows split down to a few a rank; a failed verification ends with
# status 1, a bad argument with 2. A rank that crashes (--fail-rank) or is
# killed from outside (SIGKILL, SIGTERM) ends the job within $LIMIT s
# (default 60) with a non-zero status, MLTP's or mpirun's notice, and
# leaves no ocean-mpi process and no SysV semaphore set behind. $APPS is
# the apps/ build directory, $MPIRUN_SH apps/mpirun.sh; skipped (status
# 77) without apps/ocean-mpi or mpirun ($MPIRUN, default mpirun on PATH).
set -u
apps=${APPS:?APPS must name the apps/ build directory}
limit=${LIMIT:-60}
here=$(dirname "$0")
mpirun_sh=${MPIRUN_SH:?MPIRUN_SH must name apps/mpirun.sh}
. "$here/semsets.sh"
. "$here/mpi-common.sh"
mpi_skip_unless "$apps/ocean-mpi"

failed=0
fail() { echo "FAIL: $*"; failed=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every run carries a tag of its own in its environment (mpirun passes it
# to the ranks; VPs share their process's memory, so show it too): what
# is left of a run is told by it from other ocean-mpi runs (another make
# check, a benchmark).
case_no=0
next_tag() { case_no=$((case_no + 1)); tag=$$.$case_no; }

# seconds since T0 (date +%s%N), to a tenth
since() {
    local ms=$((($(date +%s%N) - $1) / 1000000))
    echo "$((ms / 1000)).$((ms % 1000 / 100))"
}

# mpi_start RANKS ARGS...: apps/ocean-mpi on RANKS ranks in the
# background (job $job, tag $tag), within $limit s; mpi_wait waits for it
# and sets $st, $out (stdout), $err (stderr), $secs; mpi does both
mpi_start() {
    local ranks=$1; shift
    next_tag
    t0=$(date +%s%N)
    MLTP_MPI_TEST=$tag timeout -k 5 "$limit" "$mpirun_sh" "$ranks" "$apps/ocean-mpi" "$@" \
        >"$tmp/out" 2>"$tmp/err" &
    job=$!
}
mpi_wait() {
    wait "$job"
    st=$?
    secs=$(since "$t0")
    out=$(cat "$tmp/out") err=$(cat "$tmp/err")
}
mpi() { mpi_start "$@"; mpi_wait; }

# "SWEEPS DESCENTS CHECKSUM" of an ocean's output
result() {
    local s d c
    read -r s d < <(printf '%s\n' "$1" |
        sed -n 's/^ocean .*: \([0-9]*\) sweeps, \([0-9]*\) descents,.*/\1 \2/p')
    c=$(printf '%s\n' "$1" | sed -n 's/^checksum //p')
    echo "${s:-?} ${d:-?} ${c:-none}"
}

# same_as_ocean "GRID ARGS" "RANKS..." -- CONFIG...: apps/ocean-mpi on each
# rank count and CONFIG gives apps/ocean's result (mltp, P=1, N=1); rank 0
# alone prints (as many lines as apps/ocean), and names the ranks
same_as_ocean() {
    local grid=$1 counts=$2 one ref got ranks conf; shift 3
    # shellcheck disable=SC2086 # GRID is a list of arguments
    one=$("$apps/ocean" $grid -b mltp -p 1 -v 1)
    ref=$(result "$one")
    case $ref in *" none") fail "apps/ocean $grid printed no checksum"; return ;; esac
    for ranks in $counts; do
        for conf in "$@"; do
            # shellcheck disable=SC2086
            mpi "$ranks" $grid $conf
            got=$(result "$out")
            if [ "$st" != 0 ]; then
                fail "$ranks ranks $grid $conf: status $st (stderr: $err)"
            elif [ "$got" != "$ref" ]; then
                fail "$ranks ranks $grid $conf: sweeps, descents, checksum $got; apps/ocean $ref"
            elif [ "$(wc -l <<<"$out")" != "$(wc -l <<<"$one")" ]; then
                fail "$ranks ranks $grid $conf: not apps/ocean's lines alone: $out"
            elif ! printf '%s\n' "$out" | grep -q "^time .* ranks=$ranks)"; then
                fail "$ranks ranks $grid $conf: no time line naming $ranks ranks: $out"
            else
                # shellcheck disable=SC2086 # three words
                printf '%s ranks %s %s: %s sweeps, %s descents, checksum %s (%s s)\n' \
                    "$ranks" "$grid" "$conf" $got "$secs"
            fi
        done
    done
}

same_as_ocean "-n 66 -s 3" "1 2 4" -- \
    "-b mltp -p 1 -v 1" "-b mltp -p 4 -v 2" "-b mltp -p 3 -v 1" "-b mltp -p 5 -v 2" \
    "-b pthreads -p 3" "-b openmp -p 4" "-b none -p 1"
same_as_ocean "-n 130 -s 3" "2" -- "-b mltp -p 4 -v 2" "-b pthreads -p 5"
same_as_ocean "-n 130 -s 3" "4" -- "-b openmp -p 1" "-b none -p 1"
# a few rows a rank: the coarse grids have fewer rows than there are ranks
same_as_ocean "-n 34 -s 3" "4" -- "-b mltp -p 5 -v 2" "-b none -p 1"
same_as_ocean "-n 18 -s 3" "4" -- "-b mltp -p 3 -v 1"

# a wrong result is caught; bad arguments
mpi 2 -n 34 -s 2 -b mltp -p 4 -v 2 --corrupt
case $st/$err in
    1/*"verification failed"*) echo "2 ranks --corrupt: status 1, verification failed" ;;
    *) fail "2 ranks --corrupt: status $st, expected 1 with a message (stderr: $err)" ;;
esac
# bad arguments: status 2 and the message once, not once a rank
for args in "-b none -p 2" "-n 100" "--fail-rank 4"; do
    # shellcheck disable=SC2086
    mpi 4 $args
    lines=$(grep -c '^ocean' <<<"$err")
    if [ "$st" = 2 ] && [ "$lines" = 1 ]; then
        echo "4 ranks $args: status 2, one message"
    else
        fail "4 ranks $args: status $st and $lines lines from ocean, expected 2 and one (stderr: $err)"
    fi
done
# --help: the usage once, status 0 (every rank finalizes MPI)
mpi 4 --help
lines=$(grep -c '^usage: ' <<<"$out")
if [ "$st" = 0 ] && [ "$lines" = 1 ] && [ -z "$err" ]; then
    echo "4 ranks --help: status 0, the usage once"
else
    fail "4 ranks --help: status $st, $lines usages, expected 0 and one (stderr: $err)"
fi

# has_env PID NAME=VALUE: the process runs with that in its environment
has_env() {
    { tr '\0' '\n' <"/proc/$1/environ"; } 2>/dev/null | grep -qx "$2"
}

# The ocean-mpi processes of run $tag still there, VPs and janitors too
# (zombies are not: their memory, and the tag, are gone).
ours() {
    local p
    for p in $(pgrep -x 'ocean-mpi|mltp-janitor'); do
        has_env "$p" "MLTP_MPI_TEST=$tag" && echo "$p"
    done
}

# ended_clean WHAT BEFORE SIGNAL: the run in $st/$out/$err ended by itself
# in time, not with status 0, mpirun named rank 1 dying of SIGNAL, and
# within 5 s no process of it and no new SysV set is left (BEFORE: the
# sets before it)
ended_clean() {
    local what=$1 before=$2 sig=$3 left i notice kept=nothing
    # 137 is also a rank's SIGKILL: timeout -k's only after $limit s
    if [ "$st" = 124 ] || { [ "$st" = 137 ] && [ "${secs%.*}" -ge "$limit" ]; }; then
        fail "$what: still running after $limit s (status $st)"
    elif [ "$st" = 0 ]; then
        fail "$what: status 0"
    fi
    notice=$(printf '%s\n' "$out" "$err" |
             grep -m1 "mpirun noticed that process rank 1 .* exited on signal $sig " |
             sed 's/^mpirun noticed that /mpirun: /; s/\.$//')
    [ -n "$notice" ] || fail "$what: no notice from mpirun of rank 1 and signal $sig (stderr: $err)"
    for ((i = 0; i < 50; i++)); do
        left=$(ours)
        [ -z "$left" ] && break
        sleep 0.1
    done
    if [ -n "$left" ]; then
        kept="processes $(echo $left)"
        fail "$what: ocean-mpi processes left: $(echo $left)"
    fi
    sem_leaks "$before"
    if [ ${#sem_leaked[@]} -gt 0 ]; then
        kept="$kept, SysV sets ${sem_leaked[*]}"
        fail "$what: SysV semaphore sets left: ${sem_leaked[*]}"
    fi
    printf '%s: status %s in %s s; %s; %s left\n' "$what" "$st" "$secs" \
        "${notice:-no notice}" "${kept#nothing, }"
}

# a rank's worker dies: MLTP names the VP, mpirun the rank (under
# AddressSanitizer, the SIGSEGV left to MLTP, as tests/faulty leaves it)
for ranks in 2 4; do
    before=$(sem_ids)
    ASAN_OPTIONS=$ASAN_OPTIONS:handle_segv=0 mpi "$ranks" -n 66 -s 3 -b mltp -p 4 -v 2 --fail-rank 1
    mltp_line=$(printf '%s\n' "$out" "$err" | grep -m1 -E '^mltp: VP [0-9]+ .*killed by SIGSEGV')
    [ -n "$mltp_line" ] || fail "$ranks ranks --fail-rank 1: no line from MLTP naming the SIGSEGV (stderr: $err)"
    ended_clean "$ranks ranks --fail-rank 1: ${mltp_line:-no MLTP line}" "$before" 11
done

# rank 1 killed from outside while it computes: its main process (its
# parent is mpirun or orted; its VPs are its children, of the same name)
# once its VPs run
for sig in KILL TERM; do
    before=$(sem_ids)
    mpi_start 2 -n 514 -s 30 -e 1e-9 -b mltp -p 4 -v 2
    main=
    for ((i = 0; i < 200; i++)); do
        for p in $(ours); do
            ppid=$(awk '{ print $4 }' "/proc/$p/stat" 2>/dev/null) || continue
            case $(cat "/proc/$ppid/comm" 2>/dev/null) in mpirun | orted) ;; *) continue ;; esac
            has_env "$p" OMPI_COMM_WORLD_RANK=1 && [ -n "$(pgrep -P "$p" -x ocean-mpi)" ] && main=$p
        done
        [ -n "$main" ] && break
        sleep 0.1
    done
    if [ -z "$main" ]; then
        fail "SIG$sig: no main process of rank 1 with VPs within 20 s"
    else
        sleep 0.3
        kill -s "$sig" "$main" || fail "SIG$sig: rank 1 (pid $main) ended before the signal"
    fi
    mpi_wait
    signo=$(kill -l "$sig")
    ended_clean "2 ranks, SIG$sig to rank 1's main process" "$before" "$signo"
done

exit "$failed"
