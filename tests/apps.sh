#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/apps.sh - apps/pi, apps/matmul and apps/ocean on every back end: the same
# checksum whatever the back end (none: one worker in main), P, N,
# schedule and lock; a failed verification ends with status 1, a bad
# argument (an unknown back end too) with status 2, a thread that cannot
# be made (at all, or part way) with status 1, each with a message. $APPS is the apps/ build
# directory.
set -u
apps=${APPS:?APPS must name the apps/ build directory}
failed=0

fail() { echo "FAIL: $*"; failed=1; }

# run STATUS CMD...: run with a time limit ($LIMIT s, default 120); sets
# $out, $err. $err leaves out LeakSanitizer's note on each VP's borrowed
# pthread, which it cannot suspend at exit (doc/sanitizers.md), and only
# that: a leak it reports, or any other line, stays.
run() {
    local want=$1; shift
    out=$(timeout "${LIMIT:-120}" "$@" 2>/tmp/apps-err.$$); local st=$?
    err=$(grep -Ev '^==[0-9]+==Running thread [0-9]+ was not suspended\. False leaks are possible\.$' \
          /tmp/apps-err.$$)
    [ "$st" = "$want" ] || fail "$* exited $st, expected $want (stderr: $err)"
}

# same_checksum NAME ARGS -- CONFIG...: every CONFIG gives one checksum
same_checksum() {
    local prog=$1; shift
    local args=() first= sum
    while [ "$1" != -- ]; do args+=("$1"); shift; done; shift
    for conf in "$@"; do
        # shellcheck disable=SC2086
        run 0 "$apps/$prog" "${args[@]}" $conf
        sum=$(printf '%s\n' "$out" | sed -n 's/^checksum //p')
        [ -n "$sum" ] || { fail "$prog $conf printed no checksum"; continue; }
        [ -n "$first" ] || first=$sum
        [ "$sum" = "$first" ] || fail "$prog ${args[*]} $conf: checksum $sum, others $first"
    done
    echo "$prog ${args[*]}: $# configurations, checksum ${first:-none}"
}

same_checksum pi -n 2000000 -- \
    "-b mltp -p 1 -v 1" "-b mltp -p 2 -v 1" "-b mltp -p 16 -v 2" "-b mltp -p 64 -v 2" \
    "-b pthreads -p 1" "-b pthreads -p 16" "-b openmp -p 1" "-b openmp -p 4"

same_checksum matmul -n 150 -B 16 -- \
    "-b mltp -p 1 -v 1" "-b mltp -p 16 -v 2" "-b mltp -p 64 -v 2" \
    "-b mltp -p 16 -v 1 -s dynamic -l spin" "-b mltp -p 16 -v 2 -s dynamic -l block" \
    "-b mltp -p 16 -v 2 -s dynamic -l block_front" "-b mltp -p 4 -v 2 -s dynamic -l semaphore" \
    "-b mltp -p 64 -v 2 -s dynamic -c atomic" \
    "-b pthreads -p 16" "-b pthreads -p 16 -s dynamic" "-b pthreads -p 4 -s dynamic -c atomic" \
    "-b openmp -p 4" "-b openmp -p 4 -s dynamic" "-b openmp -p 2 -s dynamic -c atomic"

# ocean: P not a power of 2, P above the coarse grids' rows (64 workers,
# 2 x 2 points at the coarsest level), both lock-free and every back end
same_checksum ocean -n 66 -s 4 -- \
    "-b mltp -p 1 -v 1" "-b mltp -p 2 -v 2" "-b mltp -p 3 -v 2" "-b mltp -p 16 -v 2" \
    "-b mltp -p 64 -v 2" "-b mltp -p 16 -v 1" \
    "-b pthreads -p 1" "-b pthreads -p 6" "-b openmp -p 2" "-b openmp -p 4" "-b none"
# its barriers: two a sweep, one a change of level (a descent and its
# ascent), and three a step
run 0 "$apps/ocean" -n 66 -s 4 -p 2
read -r sweeps descents barriers < <(printf '%s\n' "$out" |
    sed -n 's/.*: \([0-9]*\) sweeps, \([0-9]*\) descents, \([0-9]*\) barriers.*/\1 \2 \3/p')
[ "${barriers:-0}" = $((2 * sweeps + 2 * descents + 3 * 4)) ] ||
    fail "ocean: $barriers barriers for $sweeps sweeps and $descents descents in 4 steps"

# a wrong result is caught, on each back end
for b in mltp pthreads openmp; do
    run 1 "$apps/matmul" -n 64 -B 16 -p 4 -b $b --corrupt
    case $err in *"verification failed"*) ;; *) fail "matmul --corrupt -b $b: no message ($err)" ;; esac
    run 1 "$apps/ocean" -n 34 -s 2 -p 4 -b $b --corrupt
    case $err in *"verification failed"*) ;; *) fail "ocean --corrupt -b $b: no message ($err)" ;; esac
done

# bad arguments: status 2 and a message naming the option
for cmd in "pi -b foo" "pi -p 0" "pi -p x" "pi -v 0" "pi -n 10" "pi extra" "pi --nosuch" \
           "matmul -n 0" "matmul -B 0" "matmul -s sideways" "matmul -c maybe" "matmul -l mutex" \
           "ocean -n 100" "ocean -n 2" "ocean -n 66x" "ocean -s 0" "ocean -e 0" "ocean -e 1" \
           "ocean -e x" "ocean -p 0" "ocean extra" "ocean -b none -p 2" "ocean -F 1"; do
    # shellcheck disable=SC2086
    run 2 "$apps/"$cmd
    [ -n "$err" ] || fail "$cmd: status 2 but no message"
done

# an unknown back end: status 2 and one line that says so
for prog in pi matmul ocean; do
    run 2 "$apps/$prog" -b openmpi
    [ "$err" = "$prog: --backend openmpi: unknown back end (mltp, pthreads, openmp or none)" ] ||
        fail "$prog -b openmpi: message '$err'"
done

# A thread that cannot be made ends the run with a message and status 1
# within 20 s, not a hang (the threads made would wait at a barrier of
# P). pthread_create fails for want of address space, which binds root
# as well (RLIMIT_NPROC does not): 64 MiB stacks (pthreads' default is
# RLIMIT_STACK) in 512 MiB make it fail after a few threads. The same
# limits run 4 workers: it is the count that fails, not the program.
limited=(bash -c 'ulimit -s 65536 && ulimit -v 524288 && exec "$@"' limited)
if timeout 120 "${limited[@]}" "$apps/ocean" -n 34 -s 2 -b pthreads -p 4 >/dev/null 2>&1; then
    for prog in "ocean -n 34 -s 2" "matmul -n 64 -B 16 -s dynamic" "pi -n 2000000"; do
        # shellcheck disable=SC2086
        LIMIT=20 run 1 "${limited[@]}" "$apps/"$prog -b pthreads -p 64
        case $err in
        "par_run (pthreads P=64): pthread_create: "*) ;;
        *) fail "$prog -b pthreads -p 64 in 512 MiB: message '$err'" ;;
        esac
    done
else
    echo "SKIP: ocean does not run in 512 MiB of address space (a sanitizer build?);" \
         "failed thread creation not tested"
fi

# A worker that cannot be made part way (apps/par's test hook
# PAR_FAIL_CREATE=k: making worker k fails): status 1 within 20 s and one
# line naming the call; the workers made return without working.
for prog in "ocean -n 34 -s 2" "matmul -n 64 -B 16 -s dynamic" "pi -n 2000000"; do
    for b in "mltp P=16 N=2:mltp_create: Cannot allocate memory" \
             "pthreads P=16:pthread_create: Resource temporarily unavailable"; do
        # shellcheck disable=SC2086
        PAR_FAIL_CREATE=5 LIMIT=20 run 1 "$apps/"$prog -b "${b%% *}" -p 16 -v 2
        [ "$err" = "par_run (${b%%:*}): ${b#*:}" ] ||
            fail "$prog -b ${b%% *} -p 16, worker 5 not made: message '$err'"
    done
done

for prog in pi matmul ocean; do
    run 0 "$apps/$prog" --help
    case $out in usage:*) ;; *) fail "$prog --help: no usage" ;; esac
done

rm -f /tmp/apps-err.$$
exit $failed
