#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# apps/bench.sh [APPS_DIR] - make apps-bench: each app (ocean at 258 x 258
# and 1026 x 1026, pi, matmul with both schedules) over P in {1, 2, 4,
# 16, 64}, on MLTP with 1 and 2 VPs, on POSIX threads and on OpenMP, in one
# run; the median of $REPS runs (default 5) of each. Writes
# apps/results.csv and PNG plots (gnuplot, if installed) into the current
# directory and prints a table of times and ratios within this run, with
# the machine named; last, ocean beside one busy process per CPU. Run it
# on an idle machine: times on a shared one vary by a third.
set -u
apps=${1:-apps}
reps=${REPS:-5}
csv=apps/results.csv
ps=(1 2 4 16 64)
mkdir -p apps
# shellcheck source=../bench/common.sh
. "$(dirname "$0")/../bench/common.sh"

declare -A args=(
    [ocean]="-n 258"
    [ocean-1026]="-n 1026"
    [pi]="-n 400000000"
    [matmul]="-n 1024"
    [matmul-dynamic]="-n 1024 -s dynamic -l block"
)
apps_list=(ocean ocean-1026 pi matmul matmul-dynamic)

# one run: its time (s) and checksum
run_once() {
    local prog=$1 out; shift
    out=$("$apps/$prog" "$@") || { echo "apps-bench: $prog $* failed" >&2; return 1; }
    printf '%s %s\n' "$(printf '%s\n' "$out" | sed -n 's/^time \([0-9.]*\) s.*/\1/p')" \
        "$(printf '%s\n' "$out" | sed -n 's/^checksum //p')"
}

# median time (s) of $reps runs of one configuration; the checksum too
measure() {
    local times=() r
    for ((i = 0; i < reps; i++)); do
        r=$(run_once "$@") || return 1
        times+=("${r% *}")
    done
    printf '%s %s\n' "$(median "${times[@]}")" "${r#* }"
}

model=$(cpu_model)
echo "app,backend,P,N,median_s,checksum" > "$csv"
for app in "${apps_list[@]}"; do
    prog=${app%-*}
    for p in "${ps[@]}"; do
        for conf in "mltp 1" "mltp 2" "pthreads -" "openmp -"; do
            set -- $conf
            b=$1 n=$2
            if [ "$b" = mltp ]; then
                r=$(measure "$prog" ${args[$app]} -b mltp -p "$p" -v "$n") || exit 1
            else
                r=$(measure "$prog" ${args[$app]} -b "$b" -p "$p") || exit 1
            fi
            echo "$app,$b,$p,$n,${r% *},${r#* }" >> "$csv"
        done
    done
done

echo "apps-bench: $(machine), median of $reps runs; ms, and ratios within this run"
awk -F, -v ps_list="${ps[*]}" 'function target(what, r, op, bound) {
    printf "  %-42s %6.3f (target %s %s): %s\n", what, r, op, bound,
        ((op == "<=" ? r <= bound : r >= bound) ? "met" : "MISSED")
}
NR > 1 { t[$1 "," $2 "," $3 "," $4] = $5 * 1000; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
END {
    nps = split(ps_list, ps, " ")
    printf "%-15s %4s %10s %10s %10s %10s %9s %9s\n", "app", "P", "mltp N=1", "mltp N=2", "pthreads", "openmp", "N1/N2", "mltp/pth"
    for (i = 1; i <= n; i++)
        for (j = 1; j <= nps; j++) {
            a = order[i]; p = ps[j]
            m1 = t[a ",mltp," p ",1"]; m2 = t[a ",mltp," p ",2"]
            pt = t[a ",pthreads," p ",-"]; om = t[a ",openmp," p ",-"]
            printf "%-15s %4d %10.1f %10.1f %10.1f %10.1f %9.2f %9.2f\n", a, p, m1, m2, pt, om, m1 / m2, m2 / pt
        }
    printf "\nperformance targets of the apps measurable here:\n"
    target("ocean 258, P=2: mltp N=2 / pthreads", t["ocean,mltp,2,2"] / t["ocean,pthreads,2,-"], "<=", 0.5)
    target("ocean 258, P=16: mltp N=2 / pthreads", t["ocean,mltp,16,2"] / t["ocean,pthreads,16,-"], "<=", 0.4)
    target("ocean 258, P=2: 1 VP / 2 VPs", t["ocean,mltp,2,1"] / t["ocean,mltp,2,2"], ">=", 1.7)
    target("ocean 258, P=16: 1 VP / 2 VPs", t["ocean,mltp,16,1"] / t["ocean,mltp,16,2"], ">=", 1.7)
    target("ocean 1026, P=2: 1 VP / 2 VPs", t["ocean-1026,mltp,2,1"] / t["ocean-1026,mltp,2,2"], ">=", 1.85)
    target("ocean 1026, N=2: P=16 / P=2", t["ocean-1026,mltp,16,2"] / t["ocean-1026,mltp,2,2"], "<=", 1.15)
    target("ocean 1026, P=2: mltp N=2 / pthreads", t["ocean-1026,mltp,2,2"] / t["ocean-1026,pthreads,2,-"], "<=", 1)
    target("ocean 1026, P=2: mltp N=2 / openmp", t["ocean-1026,mltp,2,2"] / t["ocean-1026,openmp,2,-"], "<=", 1)
    target("ocean 1026, P=16: mltp N=2 / pthreads", t["ocean-1026,mltp,16,2"] / t["ocean-1026,pthreads,16,-"], "<=", 0.8)
    target("matmul 1024, P=2: 1 VP / 2 VPs", t["matmul,mltp,2,1"] / t["matmul,mltp,2,2"], ">=", 1.9)
    target("matmul 1024, P=64, N=2: dynamic / static", t["matmul-dynamic,mltp,64,2"] / t["matmul,mltp,64,2"], "<=", 1.05)
}' "$csv"

# A machine that is not ours alone: one busy process per CPU beside ocean
# 258 at P = 16, MLTP on 2 VPs against pthreads, runs alternated.
hogs=()
for ((c = 0; c < $(nproc); c++)); do
    ( while :; do :; done ) &
    hogs+=($!)
done
trap 'kill "${hogs[@]}" 2>/dev/null' EXIT
sleep 0.2
loaded_m=() loaded_p=()
for ((i = 0; i < 2 * reps + 1; i++)); do
    r=$(run_once ocean -n 258 -b mltp -p 16 -v 2) || exit 1
    loaded_m+=("${r% *}")
    r=$(run_once ocean -n 258 -b pthreads -p 16) || exit 1
    loaded_p+=("${r% *}")
done
kill "${hogs[@]}" 2>/dev/null
wait "${hogs[@]}" 2>/dev/null
trap - EXIT
lm=$(median "${loaded_m[@]}") lp=$(median "${loaded_p[@]}")
echo "ocean-loaded,mltp,16,2,$lm," >> "$csv"
echo "ocean-loaded,pthreads,16,-,$lp," >> "$csv"
awk -v m="$lm" -v p="$lp" -v n=$((2 * reps + 1)) 'BEGIN {
    printf "\nwith one busy process per CPU beside it (ocean 258, P=16, median of %d runs alternated):\n", n
    printf "  mltp N=2 %.1f ms, pthreads %.1f ms\n", m * 1000, p * 1000
    printf "  %-42s %6.3f (target %s %s): %s\n", "ocean 258 loaded, P=16: mltp N=2 / pthreads", m / p, "<=", 1, (m / p <= 1 ? "met" : "MISSED")
}'

# every configuration of an app gave one checksum
awk -F, 'NR > 1 && $6 != "" { if (!($1 in c)) c[$1] = $6; else if (c[$1] != $6) { print "apps-bench: " $1 " checksums differ: " c[$1] " and " $6; bad = 1 } }
END { exit bad }' "$csv" || exit 1

if command -v gnuplot >/dev/null 2>&1; then
    for app in "${apps_list[@]}"; do
        for b in "mltp,1" "mltp,2" "pthreads,-" "openmp,-"; do
            grep "^$app,${b%,*},[0-9]*,${b#*,}," "$csv" | cut -d, -f3,5 | tr , ' ' > "apps/plot-$app-${b%,*}${b#*,}.dat"
        done
        gnuplot <<GP
set terminal png size 800,500
set output "apps/results-$app.png"
set title "$app: time against workers P ($model)"
set logscale x 2
set xlabel "P"
set ylabel "seconds (median of $reps)"
set key top right
plot "apps/plot-$app-mltp1.dat" with linespoints title "MLTP, 1 VP", \
     "apps/plot-$app-mltp2.dat" with linespoints title "MLTP, 2 VPs", \
     "apps/plot-$app-pthreads-.dat" with linespoints title "pthreads", \
     "apps/plot-$app-openmp-.dat" with linespoints title "OpenMP"
GP
        rm -f apps/plot-"$app"-*.dat
    done
    echo "plots: apps/results-*.png"
else
    echo "plots: skipped (no gnuplot; scripts/deps --bench installs it)"
fi
echo "CSV: $csv"
