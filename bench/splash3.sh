#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/splash3.sh - make splash3-bench [SPLASH3=DIR] [REPS=N]: the seven
# Splash-3 programs of bench/splash3-lib.sh that DIR/codes holds (default
# DIR: shared/splash3 beside the source tree), each built with the build
# tree's parmacs/c.m4.mltp and library and with Splash-3's pthread macros,
# timed (wall clock, s) at P = 2 and 16 on MLTP with 1 VP, on MLTP with 2
# VPs, on pthreads, and the pthread build under pthread/mltp-run (every
# pthread a ULT) on 2 VPs, and Ocean (contiguous) on a 1026 x 1026 grid at
# P = 16. Each cell is run $REPS times (default 5), the runs interleaved
# round-robin across cells and configurations so that a slow minute of a
# shared machine hits them all alike. Prints a table of medians (min..max),
# the ratios to pthreads and the targets, met or MISSED; writes
# bench/splash3-results.csv and, with gnuplot, bench/splash3-results.png,
# in the build tree. A build that fails, a run that fails or a digest that
# differs from the pthread build's is an error: reported, and the status
# is 1 at the end.
set -u
here=$(cd "$(dirname "$0")" && pwd)
export MLTP_SRC=${MLTP_SRC:-$(cd "$here/.." && pwd)}
export MLTP_BUILD=${MLTP_BUILD:-$PWD}
# shellcheck source=common.sh
. "$here/common.sh"
# shellcheck source=splash3-lib.sh
. "$here/splash3-lib.sh"

reps=${REPS:-5}
case $reps in
''|*[!0-9]*|0) echo "splash3-bench: REPS must be a positive number of runs, not '$reps'" >&2; exit 2 ;;
esac
splash3=$(splash3_dir)
if ! codes=$(splash3_codes "$splash3"); then
    echo "splash3-bench: no Splash-3 programs in $splash3 (no codes/Makefile.config)." >&2
    echo "splash3-bench: run make splash3-bench SPLASH3=DIR, DIR a Splash-3 checkout (or a copy of its codes/ in DIR/codes)." >&2
    exit 2
fi
splash3_inputs "$codes"
[ -z "$s3_missing" ] || { printf '%s\n' "$s3_missing" | sed 's/^/splash3-bench: /' >&2; exit 2; }
csv=bench/splash3-results.csv
png=bench/splash3-results.png
mkdir -p bench
work=$(mktemp -d "$MLTP_BUILD/bench/splash3-work.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

errors=()
error() { errors+=("$*"); echo "splash3-bench: error: $*" >&2; }
# cell_name DIR P GRID: how messages name a cell
cell_name() { echo "$(splash3_name "$1") P=$2$([ "$3" = - ] || echo " grid $3")"; }

# ---- build ------------------------------------------------------------

progs=() absent=()
for pr in "${splash3_progs[@]}"; do
    if splash3_present "$codes" "${pr%%:*}"; then
        progs+=("${pr%%:*}")
    else
        absent+=("$(splash3_name "${pr%%:*}")")
    fi
done
echo "splash3-bench: building ${#progs[@]} programs from $codes, twice" >&2
while read -r line; do error "$line"; done < <(splash3_build_both "$codes" "$work")

# ---- runs -------------------------------------------------------------

# cells: DIR|P|GRID (Ocean's grid, - for the others); configurations:
# what builds and runs them
cells=()
for d in "${progs[@]}"; do
    n=-
    case $d in apps/ocean/*) n=$splash3_ocean_n ;; esac
    for p in 2 16; do cells+=("$d|$p|$n"); done
done
ocean=apps/ocean/contiguous_partitions
splash3_present "$codes" $ocean && cells+=("$ocean|16|1026")
confs=(mltp1 mltp2 pth run2)
declare -A conf_work=([mltp1]=$work/mltp [mltp2]=$work/mltp [pth]=$work/pth [run2]=$work/pth)
declare -A conf_env=([mltp1]=MLTP_VPS=1 [mltp2]=MLTP_VPS=2 [pth]=-uMLTP_VPS [run2]=MLTP_VPS=2)

declare -A times=() digest=()
for ((r = 0; r < reps; r++)); do
    echo "splash3-bench: round $((r + 1)) of $reps (${#cells[@]} cells x ${#confs[@]} configurations)" >&2
    for cell in "${cells[@]}"; do
        IFS='|' read -r d p n <<< "$cell"
        # each round starts with another configuration: none is always
        # the one that follows another program
        for ((c = 0; c < ${#confs[@]}; c++)); do
            conf=${confs[(c + r) % ${#confs[@]}]}
            key="$cell|$conf"
            splash3_built "${conf_work[$conf]}" "$d" || continue
            splash3_runner=()
            [ "$conf" = run2 ] && splash3_runner=("$MLTP_BUILD/pthread/mltp-run")
            splash3_run "${conf_work[$conf]}" "$d" "$p" "$n" "${conf_env[$conf]}"
            what="$(cell_name "$d" "$p" "$n") $conf"
            if [ "$s3_status" != 0 ]; then
                if [ "$s3_status" = 124 ]; then
                    error "$what: timed out after $splash3_timeout s"
                else
                    error "$what: exit status $s3_status: $(tail -n1 "${conf_work[$conf]}/codes/$d/out")"
                fi
                continue
            fi
            times[$key]="${times[$key]:-} $s3_secs"
            if [ -z "${digest[$key]:-}" ]; then
                digest[$key]=$s3_digest
            elif [ "${digest[$key]}" != "$s3_digest" ]; then
                error "$what: digest $s3_digest, ${digest[$key]} in an earlier run"
            fi
        done
    done
done

# ---- results ----------------------------------------------------------

# every MLTP cell's digest must be the pthread build's; a cell that gives
# another result is not timed against pthreads
declare -A wrong=()
for cell in "${cells[@]}"; do
    IFS='|' read -r d p n <<< "$cell"
    want=${digest[$cell|pth]:-}
    for conf in "${confs[@]}"; do
        got=${digest[$cell|$conf]:-}
        if [ "$got" = none ]; then
            wrong[$cell|$conf]=1
            error "$(cell_name "$d" "$p" "$n") $conf: no digest line in its output"
        elif [ "$conf" != pth ] && [ -n "$got" ] && [ -n "$want" ] && [ "$got" != "$want" ]; then
            wrong[$cell|$conf]=1
            error "$(cell_name "$d" "$p" "$n") $conf: digest $got, pthreads $want"
        fi
    done
done

echo "program,dir,P,grid,config,median_s,min_s,max_s,runs_ok,runs,digest,status,times" > "$csv"
for cell in "${cells[@]}"; do
    IFS='|' read -r d p n <<< "$cell"
    for conf in "${confs[@]}"; do
        key="$cell|$conf"
        # shellcheck disable=SC2206
        t=(${times[$key]:-})
        med= lo= hi= status=ok
        if ! splash3_built "${conf_work[$conf]}" "$d"; then
            status="no build"
        elif [ ${#t[@]} -lt "$reps" ]; then
            status="$((reps - ${#t[@]})) of $reps failed"
        elif [ -n "${wrong[$key]:-}" ]; then
            status="digest differs"
        fi
        if [ "$status" = ok ]; then
            med=$(median "${t[@]}")
            lo=$(printf '%s\n' "${t[@]}" | sort -g | head -n1)
            hi=$(printf '%s\n' "${t[@]}" | sort -g | tail -n1)
        fi
        echo "$(splash3_name "$d"),$d,$p,$n,$conf,$med,$lo,$hi,${#t[@]},$reps,${digest[$key]:-},$status,$(IFS=';'; echo "${t[*]}")" >> "$csv"
    done
done

commit=$(git -C "$MLTP_SRC" describe --always --dirty 2>/dev/null || echo unknown)
echo
echo "splash3-bench: commit $commit, $(machine); Splash-3 from $codes"
[ ${#absent[@]} = 0 ] || echo "not in $codes, so not measured: ${absent[*]}"
echo "wall-clock seconds of a run, median (min..max) of $reps, runs interleaved; Ocean's grid after its name"
awk -F, -v def_n="$splash3_ocean_n" '
function cell(k, c) { return st[k, c] == "ok" ? sprintf("%.3f (%.3f..%.3f)", med[k, c], lo[k, c], hi[k, c]) : st[k, c] }
function ratio(k, c) { return st[k, c] == "ok" && st[k, "pth"] == "ok" ? sprintf("%.2f", med[k, c] / med[k, "pth"]) : "-" }
function target(what, r, bound, note) {
    printf "  %-46s %s (target <= %s): %s\n", what, r == "" ? "-" : sprintf("%.3f", r), bound,
        (r != "" && r <= bound ? "met" : "MISSED") note
}
function r2(k) { return st[k, "mltp2"] == "ok" && st[k, "pth"] == "ok" ? med[k, "mltp2"] / med[k, "pth"] : "" }
NR > 1 {
    k = $1 "," $3 "," $4
    if (!(k in seen)) { seen[k] = 1; order[++n] = k; label[k] = $4 == "-" ? $1 : $1 " " $4; P[k] = $3; grid[k] = $4 }
    med[k, $5] = $6; lo[k, $5] = $7; hi[k, $5] = $8; st[k, $5] = $12
}
END {
    printf "%-22s %3s %-22s %-22s %-22s %9s %9s\n", "program", "P", "MLTP 1 VP", "MLTP 2 VPs", "pthreads", "mltp2/pth", "mltp1/pth"
    for (i = 1; i <= n; i++) {
        k = order[i]
        printf "%-22s %3d %-22s %-22s %-22s %9s %9s\n", label[k], P[k], cell(k, "mltp1"), cell(k, "mltp2"), cell(k, "pth"), ratio(k, "mltp2"), ratio(k, "mltp1")
    }
    # the seven programs at P = 16 (Ocean at its default grid)
    for (i = 1; i <= n; i++) {
        k = order[i]
        if (P[k] != 16 || !(grid[k] == def_n || grid[k] == "-")) continue
        r = r2(k)
        if (r == "") { missing = missing " " label[k]; continue }
        summ += med[k, "mltp2"]; sump += med[k, "pth"]; counted++
        # within the spread: each median inside the range of the other side
        # runs (the difference is smaller than run-to-run noise)
        within = med[k, "mltp2"] <= hi[k, "pth"] && med[k, "pth"] >= lo[k, "mltp2"]
        verdict[k] = r <= 1 ? "met" : within ? "met within spread (each median inside the range of the other side runs)" : "MISSED (beyond the spread of the runs)"
        if (verdict[k] ~ /^MISSED/) bad++
        rat[k] = r
    }
    printf "\nsum over %d of 7 programs at P=16: MLTP 2 VPs %.3f s / pthreads %.3f s = %s\n", counted, summ, sump, (sump > 0 ? sprintf("%.3f", summ / sump) : "-")
    if (missing != "") printf "  (not in the sum, a build or a run failed:%s)\n", missing
    printf "\ntargets (mltp2/pth: MLTP on 2 VPs over pthreads, medians):\n"
    printf "  every program at P=16: mltp2/pth <= 1.0 (within its spread): %s\n",
        (bad == 0 && counted == 7 ? "met" : "MISSED") (counted < 7 ? sprintf(" (%d of 7 programs measured)", counted) : "")
    for (i = 1; i <= n; i++) {
        k = order[i]
        if (P[k] != 16 || !(grid[k] == def_n || grid[k] == "-")) continue
        if (k in rat) printf "    %-20s %.3f: %s\n", label[k], rat[k], verdict[k]
        else printf "    %-20s -: MISSED (%s)\n", label[k], st[k, "mltp2"] != "ok" ? "MLTP: " st[k, "mltp2"] : "pthreads: " st[k, "pth"]
    }
    target("sum of the seven at P=16", sump > 0 ? summ / sump : "", 0.8, counted < 7 ? sprintf(" (%d of 7 programs measured)", counted) : "")
    target("Ocean 258x258, P=2", r2("ocean-contig,2," def_n), 0.5, "")
    target("Ocean 258x258, P=16", r2("ocean-contig,16," def_n), 0.4, "")
    target("Ocean 1026x1026, P=16", r2("ocean-contig,16,1026"), 0.95, "")
}' "$csv"

# the unmodified pthread build under mltp-run against itself natively
awk -F, -v def_n="$splash3_ocean_n" '
NR > 1 {
    k = $1 "," $3 "," $4
    if (!(k in seen)) { seen[k] = 1; order[++n] = k; label[k] = $4 == "-" ? $1 : $1 " " $4; P[k] = $3; grid[k] = $4 }
    med[k, $5] = $6; lo[k, $5] = $7; hi[k, $5] = $8; st[k, $5] = $12
}
END {
    printf "\nthe pthread build under mltp-run on 2 VPs (run2) over the same build natively (pth), P=16:\n"
    for (i = 1; i <= n; i++) {
        k = order[i]
        if (P[k] != 16 || !(grid[k] == def_n || grid[k] == "-")) continue
        if (st[k, "run2"] != "ok" || st[k, "pth"] != "ok") { printf "    %-20s -: MISSED (%s)\n", label[k], (st[k, "run2"] != "ok" ? "mltp-run: " st[k, "run2"] : "pthreads: " st[k, "pth"]); bad++; continue }
        r = med[k, "run2"] / med[k, "pth"]
        sumr += med[k, "run2"]; sump += med[k, "pth"]; counted++
        within = med[k, "run2"] <= hi[k, "pth"] && med[k, "pth"] >= lo[k, "run2"]
        v = r <= 1 ? "met" : within ? "met within spread" : "MISSED (beyond the spread of the runs)"
        if (v ~ /^MISSED/) bad++
        printf "    %-20s %.3f (%.3f s / %.3f s): %s\n", label[k], r, med[k, "run2"], med[k, "pth"], v
    }
    printf "  every program at P=16: run2/pth <= 1.0 (within its spread): %s\n", (bad == 0 && counted == 7 ? "met" : "MISSED")
    ratio = sump > 0 ? sumr / sump : ""
    printf "  sum of the seven at P=16: %.3f s / %.3f s = %s (target <= 0.8): %s\n", sumr, sump,
        (ratio == "" ? "-" : sprintf("%.3f", ratio)), (ratio != "" && ratio <= 0.8 && counted == 7 ? "met" : "MISSED")
}' "$csv"

# ---- plot -------------------------------------------------------------

if command -v gnuplot > /dev/null 2>&1; then
    # label, then the ratios P=2 1 VP, P=2 2 VPs, P=16 1 VP, P=16 2 VPs
    awk -F, '
    function r(k, c) { return st[k, c] == "ok" && st[k, "pth"] == "ok" ? med[k, c] / med[k, "pth"] : "NaN" }
    NR > 1 {
        name = $4 == "-" ? $1 : $1 "-" $4
        if (!(name in seen)) { seen[name] = 1; order[++n] = name }
        med[name "," $3, $5] = $6; st[name "," $3, $5] = $12
    }
    END {
        for (i = 1; i <= n; i++) {
            a = order[i]
            # a program without a ratio says why it has no bars
            label = a
            if (r(a ",2", "mltp2") == "NaN" && r(a ",16", "mltp2") == "NaN") label = a "(failed)"
            print label, r(a ",2", "mltp1"), r(a ",2", "mltp2"), r(a ",16", "mltp1"), r(a ",16", "mltp2")
        }
    }' "$csv" > "$work/plot.dat"
    if gnuplot -e 'set terminal' 2>&1 | grep -q pngcairo; then term='pngcairo size 1000,560 font "sans,10"'; else term='png size 1000,560'; fi
    if gnuplot <<GP; then echo "plot: $png"; else echo "plot: gnuplot failed" >&2; fi
set terminal $term
set output "$png"
set title "Splash-3: MLTP time / pthreads time, median of $reps (commit $commit, $(machine | sed 's/"/\\"/g'))"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set yrange [0:*]
set ylabel "MLTP / pthreads (below 1: MLTP faster)"
set xtics rotate by -20
set grid ytics
set key top left
plot "$work/plot.dat" using 2:xtic(1) title "P=2, 1 VP", "" using 3 title "P=2, 2 VPs", \
     "" using 4 title "P=16, 1 VP", "" using 5 title "P=16, 2 VPs", \
     1 with lines dashtype 2 linecolor rgb "black" title "1.0: as fast as pthreads"
GP
else
    echo "plot: skipped (no gnuplot; scripts/deps --bench installs gnuplot-nox)"
fi
echo "CSV: $csv"

if [ ${#errors[@]} -gt 0 ]; then
    echo
    echo "splash3-bench: ${#errors[@]} errors:"
    printf '  %s\n' "${errors[@]}"
    exit 1
fi
