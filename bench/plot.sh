#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/plot.sh CSV PREFIX - PNG plots (gnuplot) of the benchmark rows that
# have a scaling axis: PREFIX-yield.png (ULTs in the run queue),
# PREFIX-barrier.png (parties) and PREFIX-vps.png (VPs, or CPUs for the
# pthread baselines). Medians with p10..p90 error bars, log scale.
set -u
csv=${1:?usage: bench/plot.sh CSV PREFIX}
prefix=${2:?usage: bench/plot.sh CSV PREFIX}

if ! command -v gnuplot >/dev/null 2>&1; then
    echo "Plots skipped: gnuplot not found (scripts/deps --bench installs gnuplot-nox)."
    exit 0
fi
if [ ! -r "$csv" ]; then
    echo "bench/plot.sh: $csv not found" >&2
    exit 1
fi
if gnuplot -e 'set terminal' 2>&1 | grep -q pngcairo; then
    term='pngcairo size 1000,620 font "sans,10"'
else
    term='png size 1000,620'
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

made=""
for group in yield barrier vps; do
    case $group in
    yield)   title="yield: ns per yield (as one VP sees it) vs ULTs in the run queue"
             xlabel="ULTs"; xset="set logscale x 2; set offsets graph 0.04, graph 0.04, 0, 0";;
    barrier) title="barrier: ns per episode vs parties"
             xlabel="parties (ULTs or threads)"; xset="set logscale x 2; set xrange [1.6:10]";;
    vps)     title="ns per operation vs VPs (MLTP) or CPUs (pthread)"
             xlabel="VPs / CPUs"; xset="set xrange [0.8:2.2]; set xtics 1,1,2";;
    esac
    # series<TAB>x<TAB>median<TAB>p10<TAB>p90 for the rows of the group,
    # the CSV's columns found by the names of its first line
    awk -F, -v g="$group" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
        $c["median"] != "" {
        m = $c["median"] "\t" $c["p10"] "\t" $c["p90"]
        if ($c["plot"] == g) printf "%s\t%s\t%s\n", $c["series"], $c["x"], m
        if ($c["plot2"] == g) printf "%s\t%s\t%s\n", $c["series2"], $c["x2"], m
    }' "$csv" > "$tmp/$group.rows"
    [ -s "$tmp/$group.rows" ] || continue
    # one data block per series, in order of appearance, sorted by x
    awk -F'\t' '!($1 in seen) { seen[$1] = n++; name[seen[$1]] = $1 }
        { line[seen[$1]] = line[seen[$1]] $2 " " $3 " " $4 " " $5 "\n" }
        END { for (i = 0; i < n; i++) { printf "%s", line[i] > (dir "/d" i); print name[i] > (dir "/names") } }' \
        dir="$tmp" "$tmp/$group.rows"
    : > "$tmp/$group.dat"
    i=0
    plot=""
    while IFS= read -r name; do
        sort -g "$tmp/d$i" >> "$tmp/$group.dat"
        printf '\n\n' >> "$tmp/$group.dat"
        esc=$(printf '%s' "$name" | sed 's/"/\\"/g')
        plot="$plot${plot:+, }'$tmp/$group.dat' index $i using 1:2:3:4 with yerrorlines title \"$esc\""
        i=$((i + 1))
    done < "$tmp/names"
    rm -f "$tmp"/d* "$tmp/names"
    out="$prefix-$group.png"
    gnuplot <<GP || { echo "bench/plot.sh: gnuplot failed on $out" >&2; continue; }
set terminal $term
set output '$out'
set title "$title"
set xlabel "$xlabel"
set ylabel "ns (median; bars p10..p90)"
set logscale y
$xset
set grid
set key outside right top
plot $plot
GP
    made="$made $out"
done
if [ -n "$made" ]; then
    echo "Plots:$made"
else
    echo "Plots: no rows with a scaling axis in $csv"
fi
