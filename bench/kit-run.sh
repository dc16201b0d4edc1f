#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# run.sh - in a kit made by make bench-kit (bench/kit-run.sh in MLTP's
# tree), on an x86-64 Linux machine with C CPUs: mltp_bench --scale (MLTP's
# barrier, locks and condition against pthreads and OpenMP), the OpenMP
# rows (omp.sh: GCC's OpenMP ABI on MLTP, lib/libmltp_omp.so preloaded,
# against libgomp, if the kit carries it), apps/ocean on
# the three back ends and the Splash-3 programs in s3/ (pthreads and MLTP,
# digests compared), each at C and 4C workers; a summary table at the end
# (doc/bench-kit.md says how to read it), raw files in OUT.
#
# Env: OUT, the results folder (default ./out); BUDGET, seconds (default
# 270): after the --scale table, rounds of Ocean and Splash-3 runs follow
# (up to 3), and a round starts only if the last one's time still fits;
# QUICK=1: small sizes and 2 rounds, a test of the kit, not a measurement;
# PARTS (default "scale omp ocean splash3"). Status 1 if a check failed (a
# --scale row, a checksum or digest that differs, a run that failed).
set -u
K=$(cd "$(dirname "$0")" && pwd)
# median, cpu_model (bench/common.sh)
. "$K/common.sh"
B=$K/bin
O=${OUT:-$PWD/out}
mkdir -p "$O" && O=$(cd "$O" && pwd) || { echo "run.sh: cannot make OUT=$O" >&2; exit 2; }
BUDGET=${BUDGET:-270}
QUICK=${QUICK:-0}
PARTS=${PARTS:-scale omp ocean splash3}
case $BUDGET in ''|*[!0-9]*) echo "run.sh: BUDGET must be whole seconds, not '$BUDGET'" >&2; exit 2 ;; esac
has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
now() { local t=${EPOCHREALTIME:-}; [ -n "$t" ] && echo "${t/,/.}" || date +%s.%N; }
T0=$(now)
elapsed() { awk -v a="$T0" -v b="$(now)" 'BEGIN { printf "%d", b - a }'; }
secs() { awk -v a="$1" 'BEGIN { if (a == "") print "-"; else printf "%.3f", a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "-" }'; }
bad=0

# the glibc the kit was built against, or newer (a clear message, not a
# loader error per program)
need=$(cat "$K/lib/glibc-needed" 2>/dev/null)
have=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
if [ -n "$need" ] && [ -n "$have" ] &&
   [ "$(printf '%s\n' "$need" "$have" | sort -V | head -n 1)" != "$need" ]; then
    echo "run.sh: this machine's glibc is $have; the kit needs $need or newer" \
         "(make it on an older system)" >&2
    exit 2
fi

C=$(nproc)
if [ "$QUICK" = 1 ]; then
    vps=$(printf '%s\n' 1 $((C < 64 ? C : 64)) | sort -nu | paste -sd, -)
    scale_args=(--reps 2 --ms 5); grid=130; rounds=2; run_limit=60
else
    # mltp_bench takes 1 to 64 VPs
    vps=$(printf '%s\n' 1 2 4 $((C / 2)) "$C" | awk -v c="$C" '$1 >= 1 && $1 <= c && $1 <= 64' |
          sort -nu | paste -sd, -)
    scale_args=(--reps 5 --ms 50); grid=1026; rounds=3; run_limit=120
fi
{
    echo "started $(date -Is 2>/dev/null || date); kit: $K"
    cat "$K/BUILD.txt" 2>/dev/null
    uname -a; echo "nproc=$C glibc=${have:-unknown} QUICK=$QUICK BUDGET=$BUDGET"
    grep -m1 "model name" /proc/cpuinfo
    lscpu 2>/dev/null | grep -E "Socket|Core|Thread|NUMA|L3|MHz"
    cat /proc/loadavg
    echo "libraries each program uses (from the kit's lib/ but glibc's):"
    for b in "$B"/* "$K"/s3/*/*.mltp; do [ -x "$b" ] && { echo "$b:"; ldd "$b" 2>&1; }; done
} > "$O/env.txt" 2>&1

# ---- mltp_bench --scale: 1 to C VPs, MLTP beside pthreads and OpenMP
if has scale; then
    echo "run.sh: mltp_bench --scale --vps $vps ..." >&2
    timeout -k 5 "$BUDGET" "$B/mltp_bench" --scale --vps "$vps" "${scale_args[@]}" \
        --csv "$O/scale.csv" > "$O/scale.txt" 2>&1
    scale_status=$?
    [ "$scale_status" = 0 ] || bad=1
    echo "scale done at $(elapsed) s, status $scale_status" >> "$O/env.txt"
fi

# ---- the OpenMP rows (omp.sh): omp_sync and ocean, libgomp and MLTP's
# OpenMP runtime in turns; at 2, 16 and C threads
if has omp; then
    echo "run.sh: OpenMP rows (omp.sh) ..." >&2
    if [ "$QUICK" = 1 ]; then omp_args=(--rounds 1 --target-us 200); else omp_args=(--rounds 9); fi
    # LD_LIBRARY_PATH: the preloaded runtime's libmltp.so.0 from lib/
    OMP_SYNC=$B/omp_sync OCEAN=$B/ocean MLTP_OMP_LIB=$K/lib/libmltp_omp.so LD_LIBRARY_PATH=$K/lib \
        OMP_BENCH_THREADS=$(printf '%s\n' 2 16 "$C" | sort -nu | paste -sd' ' -) \
        timeout -k 5 "$BUDGET" bash "$K/omp.sh" "${omp_args[@]}" --csv "$O/omp.csv" > "$O/omp.txt" 2>&1
    omp_status=$?
    [ "$omp_status" = 0 ] || bad=1
    echo "omp done at $(elapsed) s, status $omp_status" >> "$O/env.txt"
fi

# ---- rounds of apps/ocean and Splash-3, C and 4C workers
S3W=
if has splash3 && [ -d "$K/s3" ]; then
    # shellcheck source=splash3-lib.sh
    . "$K/splash3-lib.sh"
    # the programs write beside their inputs: a copy of the folders
    S3W=$(mktemp -d "${TMPDIR:-/tmp}/mltp-kit-s3.XXXXXX") && cp -r "$K/s3/." "$S3W/" || exit 1
    trap 'rm -rf "$S3W"' EXIT
fi
: > "$O/ocean.txt"; : > "$O/splash.txt"; : > "$O/splash-errors.txt"

# size SMALL BIG: QUICK's size or the full one
size() { if [ "$QUICK" = 1 ]; then echo "$1"; else echo "$2"; fi; }

# splash_args NAME P: set cmd (the program's arguments) and in (its
# standard input, written into its folder of the copy)
splash_args() {
    local d=$S3W/$1 p=$2
    cmd=(); in=/dev/null
    case $1 in
    ocean-*) cmd=(-n"$(size 130 1026)" -p"$p" -o) ;;
    fft) cmd=(-m"$(size 16 22)" -p"$p" -t) ;;
    lu-contig) cmd=(-n"$(size 256 2048)" -p"$p" -t) ;;
    radix) cmd=(-p"$p" -n"$(size 262144 16777216)" -t) ;;
    water-nsquared)     # molecules on line 1, P on line 3
        sed "1s/512  3/$(size 512 4096)  3/; 3s/^ *[0-9]*/$p/" "$d/input" > "$d/input.$p"
        in=$d/input.$p ;;
    barnes)             # bodies on line 2, P on the last
        sed "2s/.*/$(size 4096 65536)/; \$s/.*/$p/" "$d/input" > "$d/input.$p"
        in=$d/input.$p ;;
    esac
}

# the digest filter of a kit program (its Splash-3 folder's)
splash3_filter_for() {
    local pr
    for pr in "${splash3_progs[@]}"; do
        [ "$(splash3_name "${pr%%:*}")" = "$1" ] && { splash3_filter "${pr%%:*}"; return; }
    done
}

# splash_run KIND NAME P ROUND: one run, a line of splash.txt; the
# program runs from the kit (its run-time path finds lib/ from there) in
# its folder of the copy
splash_run() {
    local kind=$1 name=$2 p=$3 r=$4 exe st t0 t1 dg filt out=$S3W/$2/out.$1.$3
    exe=$(cd "$K/s3/$name" && ls -- *."$kind")
    splash_args "$name" "$p"
    t0=$(now)
    (cd "$S3W/$name" && timeout -k 5 "$run_limit" "$K/s3/$name/$exe" "${cmd[@]}" < "$in" > "$out" 2>&1)
    st=$?
    t1=$(now)
    filt=$(splash3_filter_for "$name")
    dg=none
    ! grep -qE "$filt" "$out" || dg=$(grep -E "$filt" "$out" | sed 's/[Tt]ime.*//' | md5sum | cut -c1-8)
    echo "$kind $name $p $st $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }') $dg $r" \
        >> "$O/splash.txt"
    [ "$st" = 0 ] || tail -n 3 "$out" | sed "s|^|$kind $name P=$p: |" >> "$O/splash-errors.txt"
}

# one round: every cell once
round() {
    local r=$1 p be out name kind
    if has ocean; then
        for p in "$C" $((4 * C)); do
            for be in mltp pthreads openmp; do
                out=$(timeout -k 5 "$run_limit" "$B/ocean" -n "$grid" -b "$be" -p "$p" 2>&1)
                echo "$be ocean $p $? $(printf '%s\n' "$out" | awk '/^time/ { t = $2 }
                    /^checksum/ { c = $2 } END { print (t == "" ? "-" : t), (c == "" ? "-" : c) }') $r" \
                    >> "$O/ocean.txt"
            done
        done
    fi
    [ -n "$S3W" ] || return 0
    for p in "$C" $((4 * C)); do
        for name in $(cd "$S3W" && echo *); do
            for kind in pthread mltp; do
                splash_run "$kind" "$name" "$p" "$r"
            done
        done
    done
}

done_rounds=0 last=0
if has ocean || [ -n "$S3W" ]; then
    for r in $(seq 1 "$rounds"); do
        if [ "$r" -gt 1 ] && [ $(($(elapsed) + last)) -gt "$BUDGET" ]; then
            echo "round $r not started: $(elapsed) s + the last round's $last s > BUDGET" \
                "$BUDGET s" >> "$O/env.txt"
            break
        fi
        echo "run.sh: round $r of $rounds (ocean, Splash-3) at $(elapsed) s" >&2
        s=$(elapsed); round "$r"; last=$(($(elapsed) - s)); done_rounds=$r
    done
fi
echo "all done at $(elapsed) s, $done_rounds round(s)" >> "$O/env.txt"

# ---- the summary --------------------------------------------------------

# med FILE KIND PROGRAM P: the median seconds of the runs (lines of
# OUT/FILE: kind program P status seconds result round) that ended well
med() {
    # shellcheck disable=SC2046 # a list of numbers
    median $(awk -v k="$2" -v n="$3" -v p="$4" '$1 == k && $2 == n && $3 == p && $4 == 0 { print $5 }' \
             "$O/$1")
}
# agree FILE PROGRAM P: "equal" if every run of every kind ended well
# with one result (checksum, digest), else "DIFFER" or "N FAILED"
agree() {
    awk -v n="$2" -v p="$3" '$2 == n && $3 == p {
            if ($4 != 0 || $6 == "-" || $6 == "none") f++; else s[$6] = 1 }
        END { for (x in s) k++; print f ? f " FAILED" : k == 1 ? "equal" : "DIFFER" }' "$O/$1"
}
sum=$O/summary.txt
{
echo "MLTP on $C CPUs ($(cpu_model)), $(date -Is 2>/dev/null || date)"
echo "kit: MLTP $(sed -n 's/^MLTP commit: //p' "$K/BUILD.txt" 2>/dev/null); raw files: $O; $(elapsed) s"
[ "$QUICK" != 1 ] || echo "QUICK: sizes for a test of the kit, not a measurement"
echo "ratio: MLTP's time over the other's (below 1: MLTP is faster)"

if has scale; then
    echo
    if [ -s "$O/scale.csv" ]; then
        # columns by the names of the CSV's first line; MLTP rows only ("N VP(s)")
        awk -F, -v c="$C" 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
            $k["variant"] !~ /^[0-9]+ VPs?$/ { next }
            $k["operation"] ~ /barrier|lock|cond/ && $k["nvp"] == c {
                if (!n++) {
                    printf "Synchronisation at %d VPs (mltp_bench --scale; ns per operation, " \
                           "median)\n", c
                    printf "%-28s %10s %10s %7s %10s %7s\n", "row", "MLTP", "pthreads", "ratio",
                           "OpenMP", "ratio"
                }
                printf "%-28s %10s %10s %7s %10s %7s\n", $k["operation"], f($k["median"]),
                       f($k["pthreads_median"]), r($k["pthreads_ratio"]),
                       f($k["openmp_median"]), r($k["openmp_ratio"])
            }
            function f(v) {
                return v == "" ? "n/a" : sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v) }
            function r(v) { return v == "" ? "" : sprintf(v < 0.095 ? "%.2g" : "%.2f", v) }
            ' "$O/scale.csv"
        echo
        echo "mltp_bench --scale, MLTP (median ns; in brackets the ratio to 1 VP)"
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
            $k["variant"] !~ /^[0-9]+ VPs?$/ { next }
            { op = $k["operation"]; v = $k["nvp"]
              if (!(op in seen)) { seen[op] = 1; ops[++no] = op }
              if (!(v in vs)) { vs[v] = 1; vl[++nv] = v }
              if ($k["status"] != "ok") cell[op, v] = "FAILED"
              else cell[op, v] = sprintf($k["median"] < 100 ? "%.1f (%s)" : "%.0f (%s)",
                                         $k["median"], r($k["ratio"])) }
            function r(v) { return sprintf(v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v) }
            END {
                printf "%-28s", "row"
                for (j = 1; j <= nv; j++) printf " %16s", vl[j] " VP" (vl[j] > 1 ? "s" : "")
                print ""
                for (i = 1; i <= no; i++) {
                    printf "%-28s", ops[i]
                    for (j = 1; j <= nv; j++) printf " %16s", cell[ops[i], vl[j]]
                    print ""
                }
            }' "$O/scale.csv"
    fi
    [ "${scale_status:-0}" = 0 ] || echo "mltp_bench --scale FAILED (status $scale_status):" \
        "$(grep -m2 -E 'FAILED|mltp_bench:' "$O/scale.txt" | tr '\n' ' ')"
fi

if has omp && [ -s "$O/omp.txt" ]; then
    sed -n '/^OpenMP: /,$p' "$O/omp.txt"
    [ "${omp_status:-0}" = 0 ] || echo "OpenMP rows FAILED (status $omp_status): $O/omp.txt"
fi

if has ocean && [ -s "$O/ocean.txt" ]; then
    echo
    echo "apps/ocean -n $grid (seconds, median of $done_rounds; MLTP on $C VPs)"
    printf "%-6s %9s %9s %9s %9s %9s  %s\n" P MLTP pthreads OpenMP "/pthreads" "/OpenMP" checksums
    for p in "$C" $((4 * C)); do
        m=$(med ocean.txt mltp ocean "$p") t=$(med ocean.txt pthreads ocean "$p")
        o=$(med ocean.txt openmp ocean "$p") ck=$(agree ocean.txt ocean "$p")
        [ "$ck" = equal ] || bad=1
        printf "%-6s %9s %9s %9s %9s %9s  %s\n" "$p" "$(secs "$m")" "$(secs "$t")" "$(secs "$o")" \
            "$(ratio "$m" "$t")" "$(ratio "$m" "$o")" "$ck"
    done
fi

if [ -n "$S3W" ] && [ -s "$O/splash.txt" ]; then
    echo
    echo "Splash-3 (seconds, wall clock, median of $done_rounds; MLTP on $C VPs)"
    printf "%-16s %5s %9s %9s %7s  %s\n" program P pthreads MLTP ratio digests
    for p in "$C" $((4 * C)); do
        for name in $(cd "$S3W" && echo *); do
            t=$(med splash.txt pthread "$name" "$p") m=$(med splash.txt mltp "$name" "$p")
            dg=$(agree splash.txt "$name" "$p")
            [ "$dg" = equal ] || bad=1
            printf "%-16s %5s %9s %9s %7s  %s\n" "$name" "$p" "$(secs "$t")" "$(secs "$m")" \
                "$(ratio "$m" "$t")" "$dg"
        done
    done
    [ ! -s "$O/splash-errors.txt" ] || echo "(failed runs' last lines: $O/splash-errors.txt)"
fi
echo
[ "$bad" = 0 ] && echo "every check passed" || echo "SOME CHECKS FAILED (above)"
} > "$sum"
cat "$sum"
exit "$bad"
