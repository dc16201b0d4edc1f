#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/pthreads.sh - unmodified pthreads programs on MLTP: the very same
# binary, bench/pthread_ops (create+join, a contended mutex at 2 and at
# THREADS threads, a condition-variable ping-pong, a barrier of THREADS),
# run on the system's threads and under the launcher pthread/mltp-run,
# where every pthread is a user-level thread, in turns.
#
# Every round runs the program once per side, the order swapped each
# round, so that drift in a shared machine's load weighs on both alike.
# A side's figure is the median over the rounds of each run's best
# repetition (pthread_ops's VALUE); ratio, the median over the rounds of
# that round's MLTP / native, two runs close in time.
#
# bench/pthreads.sh [--rounds N] [--csv FILE] [-- PTHREAD_OPS_ARG...]
#   --rounds: rounds (default 5); arguments after -- go to pthread_ops
#   (-t THREADS, -n SCALE, -r REPS, OP...).
# Env: PTHREAD_LAUNCH, the launcher, a command (words) put before the
#   program, as for tests/pthreads-posix.sh: unset,
#   $MLTP_BUILD/pthread/mltp-run (MLTP_BUILD: the build tree's top,
#   default ., where make runs this); set but empty, none: both sides
#   native, a test of this machinery (ratios about 1). Not there: one
#   line says so, status 77.
#   PTHREAD_OPS, the program: unset, bench/pthread_ops if built, else the
#   one beside this script, else one built from pthread_ops.c beside
#   this script with ${CC:-cc} into a temporary directory.
# Status 1 if a run failed or found a wrong result, 2 on a bad option.
set -u
here=$(dirname "$0")
# median (bench/common.sh, or beside this script in a kit)
if [ -f "$here/common.sh" ]; then . "$here/common.sh"; else . "$here/../bench/common.sh"; fi
launch=${PTHREAD_LAUNCH-${MLTP_BUILD:-.}/pthread/mltp-run}
rounds=5 csv= args=()
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) rounds=${2:-}; shift ;;
    --csv) csv=${2:-}; shift ;;
    --) shift; args=("$@"); break ;;
    -h|--help) sed -n '/^# bench\/pthreads.sh \[/,/^# Status/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: bench/pthreads.sh [--rounds N] [--csv FILE] [-- PTHREAD_OPS_ARG...]" >&2
       exit 2 ;;
    esac
    shift
done
case $rounds in ''|0|*[!0-9]*) echo "bench/pthreads.sh: --rounds: a whole number from 1" >&2; exit 2 ;; esac

echo
echo "pthreads: unmodified pthreads programs under ${launch:-no launcher} against the system's threads"
# shellcheck disable=SC2206 # words, as tests/pthreads-posix.sh takes them
launch_cmd=($launch)
if [ ${#launch_cmd[@]} = 0 ]; then
    echo "PTHREAD_LAUNCH is empty: the system's threads on both sides, a test of the machinery (ratios about 1)"
elif case ${launch_cmd[0]} in */*) [ ! -x "${launch_cmd[0]}" ] ;; *) ! command -v "${launch_cmd[0]}" > /dev/null ;; esac; then
    echo "skipped: ${launch_cmd[0]} not built (PTHREAD_LAUNCH or MLTP_BUILD name it)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mltp-pthreads.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
prog=${PTHREAD_OPS:-}
if [ -z "$prog" ]; then
    if [ -x bench/pthread_ops ]; then
        prog=bench/pthread_ops
    elif [ -x "$here/pthread_ops" ]; then
        prog=$here/pthread_ops
    elif [ -f "$here/pthread_ops.c" ]; then
        # before the build wires it in: the script alone still measures
        prog=$tmp/pthread_ops
        ${CC:-cc} -std=gnu11 -O2 -pthread -o "$prog" "$here/pthread_ops.c" ||
            { echo "bench/pthreads.sh: cannot build $here/pthread_ops.c" >&2; exit 1; }
    fi
fi
[ -n "$prog" ] && [ -x "$prog" ] || { echo "bench/pthreads.sh: ${prog:-bench/pthread_ops} not built" >&2; exit 1; }

raw=$tmp/raw
: > "$raw"
bad=0
now() { local t=${EPOCHREALTIME:-}; [ -n "$t" ] && echo "${t/,/.}" || date +%s.%N; }
t0=$(now)

# side SIDE: one run of the program, its lines into raw as "SIDE ROUND
# LINE"; a failure as "SIDE ROUND FAILED REASON"
side() {
    local s=$1 out st
    if [ "$s" = mltp ] && [ ${#launch_cmd[@]} != 0 ]; then
        out=$(timeout -k 5 300 "${launch_cmd[@]}" "$prog" "${args[@]}" 2>&1)
    else
        out=$(timeout -k 5 300 "$prog" "${args[@]}" 2>&1)
    fi
    st=$?
    printf '%s\n' "$out" | grep -E '^pthread_ops[ :]' | sed "s/^/$s $r /" >> "$raw"
    if [ "$st" != 0 ]; then
        echo "$s $r FAILED status $st: $(printf '%s\n' "$out" | grep -v -E '^(#|pthread_ops [^ ]+ [0-9.]+ ns)' |
            tail -n 2 | tr '\n' ' ')" >> "$raw"
        bad=1
    fi
}

for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then order="native mltp"; else order="mltp native"; fi
    for s in $order; do side "$s"; done
done

# the table, and the CSV: awk over raw
awk -v rounds="$rounds" -v csv="$csv" '
# med(list): the median of the space-separated numbers (the lower middle)
function med(s,   a, n, i, j, x) {
    n = split(s, a, " ")
    if (!n) return ""
    for (i = 2; i <= n; i++) { x = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return a[int((n + 1) / 2)] + 0
}
function num(v) { return v == "" ? "-" : sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v) }
$3 == "pthread_ops" && $6 == "ns" {
    # "SIDE ROUND pthread_ops NAME VALUE ns ...", or "... NAME FAILED: WHY"
    if (!($4 in seen)) { seen[$4] = 1; ops[++n] = $4 }
    v[$1, $4] = v[$1, $4] " " $5; at[$1, $4, $2] = $5
    next
}
$3 == "pthread_ops:" && $5 == "FAILED:" {
    if (!($4 in wrong)) wrong[$4] = ($1 == "mltp" ? "under the launcher" : "native") ", round " $2 ": " substr($0, index($0, $6))
    if (!($4 in seen)) { seen[$4] = 1; ops[++n] = $4 }
    failed = 1; next
}
$3 == "FAILED" { if (!(($1) in reason)) reason[$1] = ($1 == "mltp" ? "under the launcher" : "native") ", round " $2 ": " substr($0, index($0, $4)); failed = 1 }
END {
    fmt = "%-16s %12s %12s %7s\n"
    printf fmt, "operation", "native (ns)", "MLTP (ns)", "ratio"
    if (csv != "") print "operation,unit,rounds,native_median,mltp_median,ratio,status" > csv
    for (i = 1; i <= n; i++) {
        o = ops[i]; a = med(v["native", o]); b = med(v["mltp", o])
        # the ratio of each round whose two runs both measured o
        rs = ""
        for (k = 1; k <= rounds; k++)
            if ((("native", o, k) in at) && (("mltp", o, k) in at) && at["native", o, k] > 0)
                rs = rs " " at["mltp", o, k] / at["native", o, k]
        ratio = med(rs)
        st = "ok"
        if (o in wrong) st = "FAILED: " wrong[o]
        else if (a == "" || b == "") st = "FAILED: " (a == "" ? reason["native"] : reason["mltp"])
        if (st != "ok")
            printf "%-16s %s\n", o, st
        else
            printf fmt, o, num(a), num(b), ratio == "" ? "-" : sprintf("%.2f", ratio)
        if (csv != "")
            printf "%s,ns,%d,%s,%s,%s,%s\n", o, rounds, a, b, ratio, st > csv
    }
    # a run that ended before its first line
    if (!n)
        for (s in reason) printf "FAILED: %s\n", reason[s]
    exit failed
}' "$raw" || bad=1
echo "Notes: bench/pthread_ops, the best of its repetitions per run; a side's figure the median"
echo "over $rounds rounds; ratio the median of the rounds' MLTP / native; the two sides in turns,"
echo "the order swapped each round. $(machine); $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s."
exit "$bad"
