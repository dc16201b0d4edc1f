#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# apps/mpi-bench.sh [RUNS] - apps/ocean-mpi on the CPUs of this machine
# (C = nproc) in the ways an MPI code can use them: C ranks with no
# threads (how most MPI codes run: the baseline), C ranks with one VP or
# thread each, and one rank with C VPs or threads; MLTP against POSIX
# threads and OpenMP inside the ranks. RUNS rounds (default 11), each
# running every configuration once, each round starting one further down
# the list (no configuration always runs next to the baseline); a
# configuration's ratio is the median over the rounds of its time over
# the baseline's in the same round, so that the machine's drift cancels. Prints a Markdown table
# (median time, ratio, and the rounds' smallest and largest ratio) and
# writes apps/results-mpi.csv (every run). Every run must give the
# checksum of apps/ocean in one process. GRID (default 1026) and STEPS
# (default 4) set the problem; ONLY="1 4" keeps those rows of the list
# (counting from 0) and the baseline. Runs from the build tree.
set -euo pipefail
apps=$(dirname "$0")
runs=${1:-11}
grid=${GRID:-1026}
steps=${STEPS:-4}
cpus=$(nproc)
csv=$apps/results-mpi.csv

[ -x "$apps/ocean-mpi" ] || {
    echo "mpi-bench: $apps/ocean-mpi not built (scripts/deps --mpi, then configure)" >&2
    exit 1
}

# label | ranks | ocean options; the first is the baseline
configs=(
    "MPI only: $cpus ranks, no threads|$cpus|-b none"
    "$cpus ranks x MLTP, 1 VP, P=1|$cpus|-b mltp -v 1 -p 1"
    "$cpus ranks x MLTP, 1 VP, P=4|$cpus|-b mltp -v 1 -p 4"
    "$cpus ranks x POSIX threads, P=1|$cpus|-b pthreads -p 1"
    "$cpus ranks x OpenMP, P=1|$cpus|-b openmp -p 1"
    "1 rank x MLTP, $cpus VPs, P=$cpus|1|-b mltp -v $cpus -p $cpus"
    "1 rank x MLTP, $cpus VPs, P=16|1|-b mltp -v $cpus -p 16"
    "1 rank x POSIX threads, P=$cpus|1|-b pthreads -p $cpus"
    "1 rank x OpenMP, P=$cpus|1|-b openmp -p $cpus"
)

if [ -n "${ONLY:-}" ]; then
    kept=("${configs[0]}")
    for i in $ONLY; do
        [[ $i =~ ^[1-9][0-9]*$ ]] && [ "$i" -lt ${#configs[@]} ] || {
            echo "mpi-bench: ONLY: $i is not a row from 1 to $((${#configs[@]} - 1))" >&2
            exit 2
        }
        kept+=("${configs[$i]}")
    done
    configs=("${kept[@]}")
fi

want=$("$apps/ocean" -b none -n "$grid" -s "$steps" | sed -n 's/^checksum //p')
echo "round,config,ranks,options,seconds,checksum" >"$csv"
for ((round = 1; round <= runs; round++)); do
    for ((k = 0; k < ${#configs[@]}; k++)); do
        i=$(((k + round) % ${#configs[@]}))
        IFS='|' read -r label ranks options <<<"${configs[$i]}"
        # shellcheck disable=SC2086 # options is a list of options
        out=$("$apps/mpirun.sh" "$ranks" "$apps/ocean-mpi" -n "$grid" -s "$steps" $options) || {
            echo "mpi-bench: $label failed" >&2
            exit 1
        }
        sum=$(sed -n 's/^checksum //p' <<<"$out")
        secs=$(sed -n 's/^time \([0-9.]*\) s.*/\1/p' <<<"$out")
        if [ "$sum" != "$want" ]; then
            echo "mpi-bench: $label gave checksum $sum, one process $want" >&2
            exit 1
        fi
        echo "$round,$i,$ranks,$options,$secs,$sum" >>"$csv"
    done
done

echo "Ocean ${grid} x ${grid}, $steps steps, on $cpus CPUs; $runs rounds; ratios to the"
echo "first row's time in the same round (below 1: faster), median [smallest, largest]:"
echo
echo "| ranks x threads in each | median time (s) | ratio to MPI only |"
echo "|---|---|---|"
for i in "${!configs[@]}"; do
    IFS='|' read -r label _ _ <<<"${configs[$i]}"
    awk -F, -v i="$i" -v label="$label" '
        function median(a, n,   j, k, t) {
            for (j = 2; j <= n; j++)
                for (k = j; k > 1 && a[k - 1] > a[k]; k--) {
                    t = a[k]; a[k] = a[k - 1]; a[k - 1] = t
                }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        NR > 1 && $2 == 0 { base[$1] = $5 }
        NR > 1 && $2 == i { t[++n] = $5; round[n] = $1 }
        END {
            lo = 1e9; hi = 0
            for (j = 1; j <= n; j++) {
                r[j] = t[j] / base[round[j]]
                if (r[j] < lo) lo = r[j]
                if (r[j] > hi) hi = r[j]
            }
            printf "| %s | %.3f | %.2f [%.2f, %.2f] |\n", label, median(t, n), median(r, n), lo, hi
        }' "$csv"
done
echo
echo "Every run gave the checksum of one process ($want). Every run: $csv"
