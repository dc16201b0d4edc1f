#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# tools/trace-png.sh TRACE PNG [FROM_MS TO_MS] - a picture of an MLTP trace
# (MLTP_TRACE): a lane per VP, a box per run of a ULT coloured by the ULT,
# light grey where the VP was parked; x in ms from the trace's first
# slice, FROM_MS..TO_MS to zoom. For documents: a viewer (ui.perfetto.dev,
# chrome://tracing) is the way to look at a trace. Needs gnuplot and
# mltp-trace ($MLTP_TRACE_TOOL, else next to this script, else in PATH).
set -eu
if [ $# -ne 2 ] && [ $# -ne 4 ]; then
    echo "usage: tools/trace-png.sh TRACE PNG [FROM_MS TO_MS]" >&2
    exit 2
fi
trace=$1 png=$2
here=$(dirname "$0")
tool=${MLTP_TRACE_TOOL:-}
[ -n "$tool" ] || { [ -x "$here/mltp-trace" ] && tool=$here/mltp-trace; } || tool=mltp-trace
command -v gnuplot >/dev/null 2>&1 || {
    echo "trace-png.sh: gnuplot not found (Debian: apt-get install gnuplot-nox)" >&2
    exit 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$tool" --slices "$trace" >"$tmp/all" || exit 1
[ -s "$tmp/all" ] || { echo "trace-png.sh: $trace has no slices" >&2; exit 1; }
# ms from the first slice; runs and parks apart; VP = track - 1
awk -v from="${3:-}" -v to="${4:-}" -v runs="$tmp/runs" -v parks="$tmp/parks" '
    NR == 1 { t0 = $2 }
    { t0 = $2 < t0 ? $2 : t0; line[NR] = $0 }
    END {
        for (i = 1; i <= NR; i++) {
            split(line[i], f, " ")
            a = (f[2] - t0) / 1000; b = (f[3] - t0) / 1000
            if (from != "" && (b < from || a > to)) continue
            if (f[4] < 0) print a, b, f[1] - 1 > parks
            else print a, b, f[1] - 1, f[4] > runs
        }
    }' "$tmp/all"
touch "$tmp/runs" "$tmp/parks"
nvp=$(awk '$1 > m { m = $1 } END { print m }' "$tmp/all")
term="png size 1200,$((120 + 70 * nvp))"
gnuplot -e "set terminal pngcairo size 1200,$((120 + 70 * nvp))" -e 'quit' >/dev/null 2>&1 &&
    term="pngcairo size 1200,$((120 + 70 * nvp)) font ',10'"
range=""
[ $# -eq 4 ] && range="set xrange [$3:$4]"
gnuplot <<GP
set terminal $term
set output '$png'
$range
set yrange [-0.6:$nvp - 0.4]
set ytics 1
set format y "VP %g"
set xlabel "ms"
set title "$(basename "$trace"): a box per run of a ULT (colour: the ULT), grey: parked"
unset key
unset colorbox
set cbrange [0:1]
set palette model HSV defined (0 0 0.8 0.9, 1 1 0.8 0.9)
set style fill solid 1.0 noborder
set grid xtics
plot '$tmp/parks' using ((\$1+\$2)/2):3:((\$2-\$1)/2):(0.35) with boxxyerror lc rgb "#dddddd", \
     '$tmp/runs' using ((\$1+\$2)/2):3:((\$2-\$1)/2):(0.35):(\$4 * 0.618034 - floor(\$4 * 0.618034)) \
         with boxxyerror lc palette
GP
