#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/callgrind.sh [BENCH] - instructions per context switch and per yield,
# counted by valgrind's callgrind (deterministic, unlike time on a VM).
# Run it from the top of the build tree (it builds bench/mltp_bench if
# needed), or give the program's path.
#
# Method: each mode of `mltp_bench --callgrind MODE N` runs one loop N
# times and nothing else. Every mode is run twice, with N1 and N2 = 2 x N1;
# the difference of the two runs' total instruction counts, divided by the
# difference in operations, is the cost of one operation: start-up,
# mltp_start, VP creation and exit are the same in both runs and cancel
# out. Net figures also subtract the loop's own control instructions
# (measured the same way on an empty loop): one loop iteration per yield,
# one per two switches (a ping-pong round trip).
#
# The counts: every mode calls bench_callgrind_mark() when its loop is done
# (the yield mode in each ULT, on its VP), and callgrind dumps then
# (--dump-after). A run's count is the sum of the dumps made there (each
# holds the instructions since the dump before), whatever process wrote
# them: a dump made on a VP is named after the VP's pid. The final dump is
# not counted: since the process layer (VPs end the program as processes
# do), a program that ran VPs ends before callgrind writes it (under
# valgrind no janitor process runs: vp/janitor.c). What the marked dumps
# miss (the end of the program) is the same with N1 and N2.
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

# count MODE N: total instructions (Ir) of one run; status 77: the mode is
# not built in (Boost.Context without libboost-context-dev)
count() {
    rm -rf "$tmp/run"
    mkdir "$tmp/run" || return 1
    valgrind --tool=callgrind --dump-after=bench_callgrind_mark \
        --callgrind-out-file="$tmp/run/cg.%p" \
        "$bench" --callgrind "$1" "$2" > "$tmp/log" 2>&1
    st=$?
    if [ "$st" -eq 77 ]; then
        return 77
    fi
    if [ "$st" -ne 0 ]; then
        echo "bench/callgrind.sh: callgrind failed on mode $1 (N=$2):" >&2
        sed 's/^/  /' "$tmp/log" >&2
        return 1
    fi
    # the sum of the totals of the dumps made at the mark
    marked=$(grep -l -s '^desc: Trigger: --dump-after=bench_callgrind_mark' "$tmp"/run/cg.*)
    if [ -z "$marked" ]; then
        echo "bench/callgrind.sh: no dump at bench_callgrind_mark for mode $1 (N=$2)" >&2
        sed 's/^/  /' "$tmp/log" >&2
        return 1
    fi
    # shellcheck disable=SC2086 # file names of our own, without blanks
    sed -n 's/^totals: *\([0-9]*\).*/\1/p' $marked |
        awk '{ s += $1 } END { printf "%.0f\n", s }'
}

# per MODE OPS_PER_N: instructions per operation (runs N1 and N2)
per() {
    a=$(count "$1" "$n1") || return $?
    b=$(count "$1" "$n2") || return $?
    awk -v a="$a" -v b="$b" -v k="$2" -v n1="$n1" -v n2="$n2" \
        'BEGIN { printf "%.2f", (b - a) / (k * (n2 - n1)) }'
}

echo "Instructions per operation, valgrind --tool=callgrind ($(valgrind --version))"
echo "Method: total instructions of a run with N=$n2 minus a run with N=$n1, divided by"
echo "the extra operations; net = minus the loop control (empty loop, same method)."
echo

loop=$(per loop 1) || exit 1
status=0
printf '%-34s %12s %12s   %s\n' "operation" "instr/op" "net of loop" "target"
printf '%-34s %12s %12s\n' "empty loop iteration" "$loop" "-"
for m in setjmp swapcontext boost switch yield; do
    case $m in
    setjmp)      name="_setjmp/_longjmp switch (1 way)"; k=2;;
    swapcontext) name="swapcontext switch (1 way) [1]"; k=2;;
    boost)       name="Boost jump_fcontext switch (1 way)"; k=2;;
    switch)      name="MLTP ult_switch (1 way)"; k=2;;
    yield)       name="MLTP yield, 2 ULTs / 1 VP"; k=2;;
    esac
    v=$(per "$m" "$k")
    st=$?
    if [ "$st" -eq 77 ]; then
        printf '%-34s %12s   %s\n' "$name" "n/a" \
            "not built: libboost-context-dev (scripts/deps --bench), then ./configure"
        continue
    fi
    if [ "$st" -ne 0 ]; then
        printf '%-34s %12s\n' "$name" "FAILED"
        status=1
        continue
    fi
    # loop iterations per operation: a switch round trip is one iteration
    # for two switches; each ULT's yield loop does one iteration per yield
    lpo=$([ "$m" = yield ] && echo 1 || echo 0.5)
    net=$(awk -v v="$v" -v l="$loop" -v p="$lpo" 'BEGIN { printf "%.2f", v - l * p }')
    target=""
    if [ "$m" = yield ]; then
        target=$(awk -v x="$net" 'BEGIN { print "<= 60 (MLTP 2000: 282): " (x <= 60 ? "met" : "MISSED") }')
    fi
    printf '%-34s %12s %12s   %s\n' "$name" "$v" "$net" "$target"
done
echo
echo "[1] plus one rt_sigprocmask system call per switch, which callgrind does not count."
echo "User-space instructions only: the yield has no system call (see ctxsw/op in make bench)."
exit $status
