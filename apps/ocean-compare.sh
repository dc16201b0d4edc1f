#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# apps/ocean-compare.sh [P] - the headline demo: apps/ocean at SPLASH-2's
# base size, 258 x 258, with P workers (default 16) on MLTP (P ULTs on one
# VP per CPU), on POSIX threads and on OpenMP; the median of 3 runs each,
# and MLTP's time as a fraction of the others'. The three must agree on
# the result's checksum. Runs from the build tree.
set -u
apps=$(dirname "$0")
p=${1:-16}
vps=$(nproc)

# median_ms CONFIG...: the median time of 3 runs, in ms, then the checksum
median_ms() {
    local times=() sum= out
    for r in 1 2 3; do
        out=$("$apps/ocean" -n 258 "$@") || { echo "ocean-compare: ocean $* failed" >&2; return 1; }
        times+=("$(printf '%s\n' "$out" | sed -n 's/^time \([0-9.]*\) s.*/\1/p')")
        sum=$(printf '%s\n' "$out" | sed -n 's/^checksum //p')
    done
    printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -g | sed -n 2p | awk '{printf "%.1f", $1 * 1000}')" "$sum"
}

m=$(median_ms -b mltp -p "$p" -v "$vps") || exit 1
t=$(median_ms -b pthreads -p "$p") || exit 1
o=$(median_ms -b openmp -p "$p") || exit 1
echo "Ocean, 258 x 258, $p workers on $vps CPUs, median of 3 runs:"
printf '  %-32s %9s ms\n' "MLTP, $p ULTs on $vps VPs" "${m% *}"
awk -v m="${m% *}" -v t="${t% *}" -v o="${o% *}" -v p="$p" 'BEGIN {
    printf "  %-32s %9.1f ms   MLTP takes %.2fx its time\n", "POSIX threads, " p " threads", t, m / t
    printf "  %-32s %9.1f ms   MLTP takes %.2fx its time\n", "OpenMP (libgomp), " p " threads", o, m / o
}'
if [ "${m#* }" != "${t#* }" ] || [ "${m#* }" != "${o#* }" ]; then
    echo "ocean-compare: the checksums differ: ${m#* } ${t#* } ${o#* }" >&2
    exit 1
fi
echo "All three computed the same fields (checksum ${m#* })."
