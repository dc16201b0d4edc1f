#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/callgrind.sh [BENCH] - instructions per context switch, per yield and
# per create+run+finish, counted by valgrind's callgrind (deterministic, unlike time on a VM).
# Run it from the top of the build tree (it builds bench/mltp_bench if
# needed), or give the program's path.
#
# Each mode of `mltp_bench --callgrind MODE N` runs one loop N times and
# nothing else, once with N1 and once with N2 = 2 x N1: the difference of
# the two runs' instruction counts over the difference in operations is
# the cost of one operation (start-up, VP creation and exit cancel out).
# Net figures also subtract the loop's own control instructions (an empty
# loop, measured the same way): one iteration per yield, one per two
# switches. A run's count is the sum of the dumps callgrind makes when
# bench_callgrind_mark() returns (--dump-after; the yield mode marks in
# each ULT, on its VP), whatever process wrote them: a program that ran
# VPs ends before callgrind writes its final dump.
set -u

bench=${1:-bench/mltp_bench}
n1=${CALLGRIND_N:-20000}
n2=$((2 * n1))

if ! command -v valgrind >/dev/null 2>&1; then
    echo "bench/callgrind.sh: valgrind not found (scripts/deps --bench installs it)" >&2
    exit 1
fi
if [ $# -eq 0 ] && [ -f Makefile ]; then
    make -s bench/mltp_bench >&2 || exit 1
fi
if [ ! -x "$bench" ]; then
    echo "bench/callgrind.sh: $bench not found; build it first: make bench/mltp_bench" >&2
    exit 1
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# count MODE N: the instructions (Ir) of one run; status 77: the mode is
# not built in (Boost.Context without libboost-context-dev)
count() {
    rm -rf "$tmp/run" && mkdir "$tmp/run" || return 1
    valgrind --tool=callgrind --dump-after=bench_callgrind_mark \
        --callgrind-out-file="$tmp/run/cg.%p" "$bench" --callgrind "$1" "$2" > "$tmp/log" 2>&1
    st=$?
    [ "$st" -ne 77 ] || return 77
    marked=$(grep -l -s '^desc: Trigger: --dump-after=bench_callgrind_mark' "$tmp"/run/cg.*)
    if [ "$st" -ne 0 ] || [ -z "$marked" ]; then
        echo "bench/callgrind.sh: mode $1 (N=$2): callgrind failed or no dump at the mark:" >&2
        sed 's/^/  /' "$tmp/log" >&2
        return 1
    fi
    # shellcheck disable=SC2086 # file names of our own, without blanks
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' $marked | awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# per MODE: instructions per operation (2 per loop iteration but for loop)
per() {
    a=$(count "$1" "$n1") || return $?
    b=$(count "$1" "$n2") || return $?
    awk -v a="$a" -v b="$b" -v k="$([ "$1" = loop ] || [ "$1" = create ] && echo 1 || echo 2)" \
        -v d="$((n2 - n1))" \
        'BEGIN { printf "%.2f", (b - a) / (k * d) }'
}

echo "Instructions per operation, valgrind --tool=callgrind ($(valgrind --version))"
echo "Method: total instructions of a run with N=$n2 minus a run with N=$n1, divided by"
echo "the extra operations; net = minus the loop control (empty loop, same method)."
echo

loop=$(per loop) || exit 1
status=0
printf '%-34s %12s %12s   %s\n' "operation" "instr/op" "net of loop" "target"
printf '%-34s %12s %12s\n' "empty loop iteration" "$loop" "-"
for m in setjmp swapcontext boost switch yield create; do
    case $m in
    setjmp)      name="_setjmp/_longjmp switch (1 way)";;
    swapcontext) name="swapcontext switch (1 way) [1]";;
    boost)       name="Boost jump_fcontext switch (1 way)";;
    switch)      name="MLTP ult_switch (1 way)";;
    yield)       name="MLTP yield, 2 ULTs / 1 VP";;
    create)      name="MLTP create+run+finish [2]";;
    esac
    v=$(per "$m")
    st=$?
    if [ "$st" -eq 77 ]; then
        printf '%-34s %12s   %s\n' "$name" "n/a" \
            "not built: libboost-context-dev (scripts/deps --bench), then ./configure"
        continue
    elif [ "$st" -ne 0 ]; then
        printf '%-34s %12s\n' "$name" "FAILED"
        status=1
        continue
    fi
    # loop iterations per operation: a yield loop does one per yield, a
    # switch round trip one per two switches
    lpo=$([ "$m" = yield ] || [ "$m" = create ] && echo 1 || echo 0.5)
    net=$(awk -v v="$v" -v l="$loop" -v p="$lpo" 'BEGIN { printf "%.2f", v - l * p }')
    target=""
    if [ "$m" = yield ]; then
        target=$(awk -v x="$net" 'BEGIN { print "<= 60 (MLTP 2000: 282): " (x <= 60 ? "met" : "MISSED") }')
    fi
    printf '%-34s %12s %12s   %s\n' "$name" "$v" "$net" "$target"
done
echo
echo "[1] plus one rt_sigprocmask system call per switch, which callgrind does not count."
echo "[2] a ULT creates 1000 empty ULTs on 1 VP, yields until they have run, and mltp_frees"
echo "    them: per ULT, its creation, first run (a cached stack), end and release."
echo "User-space instructions only: the yield has no system call (see ctxsw/op in make bench)."
exit $status
