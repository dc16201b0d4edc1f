#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/omp.sh - the OpenMP rows of make bench (make bench-omp alone):
# GCC's OpenMP ABI on MLTP (libmltp_omp.so, LD_PRELOADed) against GCC's
# own libgomp, the very same binaries both ways, in turns.
#
#  - bench/omp_sync (EPCC syncbench's method: overhead per construct, ns)
#    at 2 and 16 threads: PARALLEL, FOR, PARALLEL FOR, BARRIER, SINGLE,
#    CRITICAL, LOCK/UNLOCK, ATOMIC, REDUCTION; a 4 x 4 nested region (per
#    outer region); a schedule(dynamic) loop of 10^6 tiny iterations at
#    2 threads (per loop);
#  - programs' shapes that lose when waiting threads poll (the time of a
#    whole run, 5 per side and round): an unbalanced task tree (uts), a
#    task merge sort with a cut-off (sort), a blocked LU of dependent tasks
#    (deps), at 2 and 8 threads; a pipeline of threads hand-shaking
#    through flags with flush (pipeline), at 4 and 8 threads, alone and
#    beside a CPU-bound process that this script starts (pipeline_busy);
#  - apps/ocean -n 258 with 16 workers: the MLTP back end natively, the
#    OpenMP back end on libmltp_omp.so and on libgomp.
#
# Every round runs each program once per side, the order swapped each
# round (ocean's three rotate), so that drift in the machine's load
# weighs on both alike. A row's figure is the median over the rounds of
# each run's median over its outer repetitions; p10..p90, the medians over
# the rounds of each run's 10th and 90th percentiles; ratio, MLTP's median
# over libgomp's (ocean: the OpenMP back end on MLTP over MLTP native).
#
# bench/omp.sh [--rounds N] [--full] [--target-us T] [--only WORD]... [--csv FILE]
#   --target-us: omp_sync's target test time (default 1000 us);
#   --only WORD: the rows whose construct (parallel, for, parallel_for,
#   barrier, single, critical, lock, atomic, reduction, nested, dynamic, tasks,
#   uts, sort, deps, pipeline, pipeline_busy) or "ocean" is WORD; 9 rounds,
#   --full 21 of twice as long tests.
# Env: MLTP_OMP_LIB, the library to preload: unset, omp/.libs/libmltp_omp.so
#   (from the build tree's top, where make runs this); set but empty,
#   nothing: both sides run libgomp, a test of this machinery (ratios
#   about 1). Not built: one line says the rows are skipped, status 0.
#   OMP_SYNC, OCEAN: the programs (bench/omp_sync, apps/ocean);
#   OMP_BENCH_THREADS, the thread counts of the syncbench rows ("2 16").
# Status 1 if a run failed or computed a wrong result, 2 on a bad option.
set -u
here=$(dirname "$0")
# median (bench/common.sh, or beside this script in a kit)
if [ -f "$here/common.sh" ]; then . "$here/common.sh"; else . "$here/../bench/common.sh"; fi
OMP_SYNC=${OMP_SYNC:-bench/omp_sync}
OCEAN=${OCEAN:-apps/ocean}
THREADS=${OMP_BENCH_THREADS:-2 16}
lib=${MLTP_OMP_LIB-omp/.libs/libmltp_omp.so}
rounds=9 target_us=1000 csv= only=()
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) rounds=${2:-}; shift ;;
    --full) rounds=21 target_us=2000 ;;
    --target-us) target_us=${2:-}; shift ;;
    --only) only+=("${2:-}"); shift ;;
    --csv) csv=${2:-}; shift ;;
    -h|--help) sed -n '/^# bench\/omp.sh \[/,/^# Status/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: bench/omp.sh [--rounds N] [--full] [--target-us T] [--only WORD]... [--csv FILE]" >&2
       exit 2 ;;
    esac
    shift
done
case $rounds in ''|0|*[!0-9]*) echo "bench/omp.sh: --rounds: a whole number from 1" >&2; exit 2 ;; esac

echo
echo "OpenMP: GCC's OpenMP ABI on MLTP (LD_PRELOAD=${lib:-nothing}) against libgomp"
if [ -n "$lib" ] && [ ! -f "$lib" ]; then
    echo "skipped: $lib not built"
    exit 0
fi
[ -x "$OMP_SYNC" ] || { echo "bench/omp.sh: $OMP_SYNC not built" >&2; exit 1; }
if [ -n "$lib" ]; then
    lib=$(cd "$(dirname "$lib")" && pwd)/$(basename "$lib")
else
    echo "MLTP_OMP_LIB is empty: libgomp on both sides, a test of the machinery (ratios about 1)"
fi

# want WORD: whether --only selects WORD
want() {
    [ ${#only[@]} = 0 ] && return 0
    local w
    for w in "${only[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}
sync_all="parallel for parallel_for barrier single critical lock atomic reduction"
# the omp_sync runs of a round: "THREADS CONSTRUCT..." each
runs=()
for t in $THREADS; do
    cs=
    for c in $sync_all; do want "$c" && cs="$cs $c"; done
    [ "$t" != 2 ] || ! want dynamic || cs="$cs dynamic"
    [ "$t" != 2 ] || ! want tasks || cs="$cs tasks"
    [ -z "$cs" ] || runs+=("$t$cs")
done
! want nested || runs+=("16 nested")
# whole programs: "THREADS -o 5 CONSTRUCT..."
for t in 2 8; do
    cs=
    for c in uts sort deps; do want "$c" && cs="$cs $c"; done
    [ -z "$cs" ] || runs+=("$t -o 5$cs")
done
for c in pipeline pipeline_busy; do
    for t in 4 8; do ! want "$c" || runs+=("$t -o 3 $c"); done
done
ocean=0
! want ocean || [ ! -x "$OCEAN" ] || ocean=1

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mltp-omp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT   # and the hog's, below
raw=$tmp/raw
: > "$raw"
# the rows, in table order: "plan THREADS CONSTRUCT"
for run in "${runs[@]}"; do
    # shellcheck disable=SC2086 # "THREADS [-o N] CONSTRUCT..."
    set -- $run
    t=$1; shift
    [ "$1" != -o ] || shift 2
    for c in "$@"; do echo "plan $t $c" >> "$raw"; done
done
bad=0
now() { local t=${EPOCHREALTIME:-}; [ -n "$t" ] && echo "${t/,/.}" || date +%s.%N; }
t0=$(now)

# side SIDE CMD...: one run, its lines into raw as "SIDE ROUND LINE";
# a failure as "SIDE ROUND FAILED KEY REASON"
side() {
    local s=$1 key=$2 out st
    shift 2
    if [ "$s" = mltp ] && [ -n "$lib" ]; then
        out=$(LD_PRELOAD=$lib timeout -k 5 120 "$@" 2>&1)
    else
        out=$(timeout -k 5 120 "$@" 2>&1)
    fi
    st=$?
    printf '%s\n' "$out" | grep -E '^(# omp_sync:|omp_sync[ :]|time |checksum )' | sed "s/^/$s $r /" >> "$raw"
    if [ "$st" != 0 ]; then
        echo "$s $r FAILED $key status $st: $(printf '%s\n' "$out" | grep -v -E '^(#|omp_sync)' |
            tail -n 2 | tr '\n' ' ')" >> "$raw"
        bad=1
    fi
}

# hog: a CPU-bound process beside the pipeline_busy runs
hog=
hog_start() { (trap 'exit 0' TERM; while :; do :; done) & hog=$!; }
hog_stop() { [ -z "$hog" ] || { kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null; hog=; }; }
trap 'hog_stop; rm -rf "$tmp"' EXIT

for r in $(seq 1 "$rounds"); do
    for run in "${runs[@]}"; do
        # shellcheck disable=SC2086 # "THREADS [-o N] CONSTRUCT..."
        set -- $run
        t=$1; shift
        opts=()
        if [ "$1" = -o ]; then opts=(-o "$2"); shift 2; fi
        if [ $((r % 2)) = 1 ]; then order="gomp mltp"; else order="mltp gomp"; fi
        for s in $order; do
            [ "$1" != pipeline_busy ] || hog_start
            side "$s" "$t:$(IFS=,; echo "$*")" "$OMP_SYNC" -t "$t" -T "$target_us" "${opts[@]}" "$@"
            hog_stop
        done
    done
    if [ "$ocean" = 1 ]; then
        case $((r % 3)) in
        1) order="native mltp gomp" ;; 2) order="mltp gomp native" ;; *) order="gomp native mltp" ;;
        esac
        for s in $order; do
            if [ "$s" = native ]; then
                side native ocean "$OCEAN" -n 258 -b mltp -p 16 -v "$(nproc)"
            else
                side "$s" ocean "$OCEAN" -n 258 -b openmp -p 16
            fi
        done
    fi
done

# the preloaded library must have served the runs (GOMP_parallel's)
if [ -n "$lib" ] && awk '$1 == "mltp" && $3 == "omp_sync" && /lib=libgomp/ { f = 1 }
                         END { exit !f }' "$raw"; then
    echo "WARNING: GOMP_parallel came from libgomp under LD_PRELOAD=$lib: the MLTP column is libgomp"
fi

# the table, and the CSV: awk over raw
awk -v rounds="$rounds" -v csv="$csv" -v ocean="$ocean" '
function kv(k,   i) { for (i = 4; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2); return "" }
# med(list): the median of the space-separated numbers (the lower middle)
function med(s,   a, n, i, j, x) {
    n = split(s, a, " ")
    if (!n) return ""
    for (i = 2; i <= n; i++) { x = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
    return a[int((n + 1) / 2)] + 0
}
function sec(v) { return v == "" ? "-" : sprintf("%.4f", v) }
function num(v) { return v == "" ? "-" : sprintf(v < 10 && v > -10 ? "%.2f" : v < 100 && v > -100 ? "%.1f" : "%.0f", v) }
$1 == "plan" { keys[++nk] = $3 SUBSEP $2; next }
$3 == "#" && $4 == "omp_sync:" { thr[$1] = $6 + 0; next }
$3 == "omp_sync" && $4 ~ /^construct=/ {
    key = kv("construct") SUBSEP (kv("construct") == "nested" ? 16 : kv("threads"))
    m[$1, key] = m[$1, key] " " kv("median_ns"); lo[$1, key] = lo[$1, key] " " kv("p10_ns")
    hi[$1, key] = hi[$1, key] " " kv("p90_ns")
    next
}
$3 == "omp_sync:" {
    # a wrong result: "omp_sync: CONSTRUCT FAILED: WHY"
    key = $4 SUBSEP thr[$1]
    if (!(key in wrong)) wrong[key] = ($1 == "gomp" ? "libgomp" : "on MLTP") ", round " $2 ": " substr($0, index($0, $6))
    failed = 1; next
}
$3 == "time" { om[$1] = om[$1] " " $4; next }
$3 == "checksum" { ck[$4] = 1; next }
$3 == "FAILED" { if (!($4 in reason)) reason[$4] = ($1 == "gomp" ? "libgomp" : $1 == "mltp" ? "on MLTP" : "MLTP native") ", round " $2 ": " substr($0, index($0, $5)); failed = 1 }
END {
    name["parallel"] = "PARALLEL"; name["for"] = "FOR"; name["parallel_for"] = "PARALLEL FOR"
    name["barrier"] = "BARRIER"; name["single"] = "SINGLE"; name["critical"] = "CRITICAL"
    name["lock"] = "LOCK/UNLOCK"; name["atomic"] = "ATOMIC"; name["reduction"] = "REDUCTION"
    name["nested"] = "nested 4 x 4 (per outer)"; name["dynamic"] = "dynamic loop, 10^6 its"; name["tasks"] = "fib(22), a task a call"
    name["uts"] = "unbalanced task tree"; name["sort"] = "task merge sort, cut-off"; name["deps"] = "blocked LU, depend"
    name["pipeline"] = "pipeline, flags + flush"; name["pipeline_busy"] = "pipeline beside a CPU hog"
    fmt = "%-27s %-11s %10s %17s %10s %17s %6s  %s\n"
    printf fmt, "construct (EPCC overhead)", "threads", "libgomp", "p10..p90", "on MLTP", "p10..p90", "ratio", "target"
    printf fmt, "", "", "(ns)", "(ns)", "(ns)", "(ns)", "", ""
    if (csv != "")
        print "operation,threads,unit,rounds,libgomp_median,libgomp_p10,libgomp_p90,mltp_median,mltp_p10,mltp_p90,ratio,target,target_met,status" > csv
    for (i = 1; i <= nk; i++) {
        split(keys[i], kt, SUBSEP); c = kt[1]; t = kt[2]
        g = med(m["gomp", keys[i]]); o = med(m["mltp", keys[i]])
        gl = med(lo["gomp", keys[i]]); gh = med(hi["gomp", keys[i]])
        ol = med(lo["mltp", keys[i]]); oh = med(hi["mltp", keys[i]])
        lim = c == "nested" ? 0.25 : c == "pipeline" ? 0.5 : c ~ /^(dynamic|tasks|uts|sort|deps|pipeline_busy)$/ ? 1.0 : t == 2 ? 1.0 : t == 16 ? 0.5 : ""
        rk = t ":" c
        # failed: a wrong result, or none (then why its run ended)
        st = "ok"
        if (g == "" || o == "") {
            st = "FAILED: no result"
            for (f in reason)
                if (f ~ ("^" t ":") && index("," substr(f, index(f, ":") + 1) ",", "," c ","))
                    st = "FAILED: " reason[f]
        }
        if (keys[i] in wrong) st = "FAILED: " wrong[keys[i]]
        ratio = g != "" && o != "" && g > 0 && o >= 0 ? o / g : ""
        tg = lim == "" ? "" : sprintf("<=%gx libgomp", lim)
        met = lim == "" ? "" : ratio == "" ? "unknown" : ratio <= lim ? "met" : "MISSED"
        if (st != "ok") {
            printf "%-27s %-11s %s\n", name[c], (c == "nested" ? "4 x 4" : t), st
        } else {
            printf fmt, name[c], (c == "nested" ? "4 x 4" : t), num(g), num(gl) ".." num(gh), num(o),
                num(ol) ".." num(oh), ratio == "" ? "-" : sprintf("%.2f", ratio), tg (tg == "" ? "" : " " met)
        }
        if (csv != "")
            printf "%s,%s,ns,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", name[c], c == "nested" ? "4x4" : t, rounds,
                g, gl, gh, o, ol, oh, ratio, tg, met == "met" ? "yes" : met == "MISSED" ? "no" : "", st > csv
    }
    if (ocean) {
        n = med(om["native"]); o = med(om["mltp"]); g = med(om["gomp"])
        nck = 0; for (x in ck) nck++
        agree = reason["ocean"] ? "FAILED: " reason["ocean"] : nck == 1 ? "checksums equal" : "checksums DIFFER"
        if (nck != 1) failed = 1
        ratio = n != "" && o != "" && n > 0 ? o / n : ""
        met = ratio == "" ? "unknown" : ratio <= 1.2 ? "met" : "MISSED"
        printf "\n%-44s %10s %10s %10s %6s  %s\n", "apps/ocean -n 258, 16 workers (s)", "MLTP", "OpenMP on", "libgomp", "ratio", "target"
        printf "%-44s %10s %10s %10s %6s  %s\n", "", "native", "MLTP", "", "", ""
        printf "%-44s %10s %10s %10s %6s  %s; %s\n", "", sec(n), sec(o), sec(g), ratio == "" ? "-" : sprintf("%.2f", ratio),
            "<=1.2x MLTP native " met, agree
        if (csv != "")
            printf "apps/ocean -n 258 16 workers,16,s,%d,%s,,,%s,,,%s,<=1.2x MLTP native (%s),%s,%s\n", rounds, g, o, ratio,
                "native " n, met == "met" ? "yes" : met == "MISSED" ? "no" : "", agree > csv
    }
    exit failed
}' "$raw" || bad=1
echo "Notes: EPCC syncbench overheads (bench/omp_sync.c): median over $rounds rounds of each run's"
echo "median over its outer repetitions; p10..p90 the medians of the runs' percentiles; the two"
echo "sides in turns, the order swapped each round; ratio: on MLTP over libgomp (ocean: the OpenMP"
echo "back end on MLTP over the MLTP back end). Targets: <=1x at 2 threads, <=0.5x at 16, <=0.25x"
echo "nested, <=1x dynamic loop, tasks, tree, sort, LU and pipeline beside a hog, <=0.5x pipeline,"
echo "ocean <=1.2x; programs (tree and after): the time of a whole run, not an overhead. $(nproc) CPUs; $(awk -v a="$t0" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s."
[ -z "$csv" ] || echo "Results: $csv"
[ "$bad" = 0 ] || echo "bench/omp.sh: some runs failed or computed wrong results (above)" >&2
exit "$bad"
