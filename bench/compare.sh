#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# bench/compare.sh - this tree's MLTP against an earlier commit's, in
# alternating runs on the same machine: make bench's rows (mltp_bench
# --quick) and the MLTP rows of the peers harness (../shared/peers:
# mltp_peer, linked with each library), side by side.
#
# usage: bench/compare.sh [--rounds N] [--only TEXT]... [--reps N] [--ms N]
#                         [--no-bench] [--no-peers] [--peers DIR] BASE [CURRENT]
#
# BASE, CURRENT: commits (CURRENT defaults to this work tree as it is,
# uncommitted changes and untracked files included). Each is copied out
# of git (git archive; the work tree: its tracked and untracked, not
# ignored, files) into $COMPARE_DIR, default ${TMPDIR:-/tmp}/mltp-compare,
# and built there the same way: autoreconf, configure (with
# $COMPARE_CONFIGURE's words, e.g. CFLAGS=...), make -j$JOBS (2), make
# install into a prefix beside it (for mltp_peer), bench/mltp_bench. A
# commit's build is kept and reused; the work tree's is made afresh.
#
# Each round runs every row on both libraries, one right after the other,
# and swaps which goes first from round to round, so that a machine that
# slows or speeds up during the run weighs on both alike: mltp_bench
# --quick whole (--only, --reps and --ms passed on), then each peers row
# (1-worker rows pinned to CPU 1, 2-worker rows to CPUs 0 and 1, as the
# harness's compare.sh; BENCH_REPS and BENCH_TARGET_S passed on; --only
# picks the rows whose name holds TEXT). The _setjmp/_longjmp switch
# (peers' ctxswitch jmp, no MLTP in it) runs twice at each round's start,
# once for each side: where its two columns differ, the machine did.
#
# Output: the table (per row: median over the rounds of each side's
# median, the rounds' range, current/base), raw files in
# $COMPARE_DIR/results-DATE/. Run it on an otherwise idle machine: the
# load is printed at each round's start. Status 1 if a build or a row
# failed.
set -uo pipefail

rounds=3 use_bench=1 peers= use_peers=1 only=() bench_args=()
# usage [STATUS]: the usage lines of the header, on stderr unless STATUS is 0
usage() {
    if [ "${1:-2}" = 0 ]; then sed -n '/^# usage:/,/^#$/{/^#$/d; s/^# //p}' "$0"
    else sed -n '/^# usage:/,/^#$/{/^#$/d; s/^# //p}' "$0" >&2; fi
    exit "${1:-2}"
}
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; rounds=$2; shift 2 ;;
        --only) [ -n "${2:-}" ] || usage; only+=("$2"); bench_args+=(--only "$2"); shift 2 ;;
        --reps|--ms) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; bench_args+=("$1" "$2"); shift 2 ;;
        --no-bench) use_bench=; shift ;;
        --no-peers) use_peers=; shift ;;
        --peers) [ -n "${2:-}" ] || usage; peers=$2; shift 2 ;;
        -h|--help) usage 0 ;;
        -*) echo "compare.sh: $1: unknown option" >&2; usage ;;
        *) break ;;
    esac
done
[ $# = 1 ] || [ $# = 2 ] || usage

here=$(cd "$(dirname "$0")" && pwd)
top=$(git -C "$here" rev-parse --show-toplevel) || exit 2
# machine (bench/common.sh)
. "$here/common.sh"
rev() { git -C "$top" rev-parse --verify --quiet "$1^{commit}" ||
        { echo "compare.sh: $1: not a commit" >&2; return 1; }; }
base=$(rev "$1") || exit 2
current=
if [ $# = 2 ]; then current=$(rev "$2") || exit 2; fi
base_name=$(git -C "$top" rev-parse --short "$base")
cur_name=${current:+$(git -C "$top" rev-parse --short "$current")}
if [ -z "$cur_name" ]; then
    cur_name="tree@$(git -C "$top" rev-parse --short HEAD)"
    [ -z "$(git -C "$top" status --porcelain)" ] || cur_name+="+changes"
fi

# The peers harness: ../shared/peers beside the repository (the main
# checkout's, for a linked work tree), unless --peers names it.
if [ -n "$use_peers" ] && [ -z "$peers" ]; then
    common=$(cd "$top" && cd "$(git rev-parse --git-common-dir)/.." && pwd)
    for d in "$top/../shared/peers" "$common/../shared/peers"; do
        [ -f "$d/mltp_peer.c" ] && { peers=$(cd "$d" && pwd); break; }
    done
    [ -n "$peers" ] || { echo "compare.sh: no ../shared/peers (--peers DIR, or --no-peers)" >&2; exit 2; }
fi
[ -z "$use_peers" ] || [ -f "$peers/mltp_peer.c" ] ||
    { echo "compare.sh: $peers: no mltp_peer.c" >&2; exit 2; }

dir=${COMPARE_DIR:-${TMPDIR:-/tmp}/mltp-compare}
mkdir -p "$dir" && dir=$(cd "$dir" && pwd) || exit 2
out=$dir/results-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
failed=0

# build NAME COMMIT: $dir/NAME/src built, installed in $dir/NAME/prefix,
# and $dir/NAME/mltp_peer; COMMIT empty: this work tree. A commit's build
# is reused when complete (the stamp is written last).
build() {
    local d=$dir/$1 rev=$2 log=$dir/$1/build.log
    if [ -n "$rev" ] && [ -f "$d/built" ]; then
        echo "compare.sh: $1: reusing the build in $d"
        return 0
    fi
    echo "compare.sh: $1: building in $d (log: $log)"
    rm -rf "$d" && mkdir -p "$d/src" || return 1
    if [ -n "$rev" ]; then
        git -C "$top" archive --format=tar "$rev" | tar -x -C "$d/src" || return 1
    else
        # tracked files deleted in the tree are not copied
        (cd "$top" && git ls-files -co --exclude-standard -z |
             while IFS= read -r -d '' f; do
                 if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\0' "$f"; fi
             done | tar --null -T - -cf -) | tar -x -C "$d/src" || return 1
    fi
    # shellcheck disable=SC2086
    (cd "$d/src" && autoreconf -i && ./configure --prefix="$d/prefix" --libdir="$d/prefix/lib" \
         ${COMPARE_CONFIGURE:-} && make -j"${JOBS:-2}" && make install &&
     go=$(sed -n 's/^BENCH_GO = *//p' Makefile) &&
     make -j"${JOBS:-2}" bench/mltp_bench $go) > "$log" 2>&1 ||
        { echo "compare.sh: $1: build failed, see $log" >&2; return 1; }
    if [ -n "$use_peers" ]; then
        # as peers/build_peers.sh builds it: MLTP's own switch assembled
        # from the same tree, for the switch row
        # shellcheck disable=SC2046
        gcc -O2 -U_FORTIFY_SOURCE -I"$d/src" "$peers/mltp_peer.c" \
            "$d/src/ult/switch-$(uname -m).S" -o "$d/mltp_peer" \
            $(PKG_CONFIG_PATH=$d/prefix/lib/pkgconfig pkg-config --cflags --libs mltp) \
            -Wl,-rpath,"$d/prefix/lib" >> "$log" 2>&1 ||
            { echo "compare.sh: $1: mltp_peer failed to build, see $log" >&2; return 1; }
    fi
    [ -z "$rev" ] || echo "$rev" > "$d/built"
}

build "base-$base" "$base" || exit 1
if [ -n "$current" ]; then
    build "base-$current" "$current" || exit 1
    cur_dir=$dir/base-$current
else
    build current "" || exit 1
    cur_dir=$dir/current
fi
base_dir=$dir/base-$base
side_dir() { if [ "$1" = base ]; then echo "$base_dir"; else echo "$cur_dir"; fi; }
if [ -n "$use_peers" ]; then
    gcc -O2 -U_FORTIFY_SOURCE "$peers/ctxswitch.c" -o "$dir/ctxswitch" ||
        { echo "compare.sh: ctxswitch failed to build" >&2; exit 1; }
fi

# values: SIDE|ROW|UNIT|VALUE lines ("-" where a row gave no figure)
values=$out/values
: > "$values"

# The MLTP rows of peers/compare.sh, with its names: NAME|CPUS|ARGS
peer_rows() {
    local b w n
    echo "ctx switch, one way|1|switch 1"
    echo "yield ping-pong, 2 ULTs, 1 worker|1|yield 1"
    for b in 1000 100000; do
        for w in 1 2; do
            echo "create+join, batch $b, $w worker$([ $w = 1 ] || echo s)|$w|create $w $b"
        done
    done
    for w in 1 2; do
        echo "barrier, 2 parties, $w worker$([ $w = 1 ] || echo s)|$w|barrier $w"
    done
    for w in 1 2; do
        echo "lock+cond ping-pong (round trip), $w worker$([ $w = 1 ] || echo s)|$w|condpp $w"
    done
    echo "lock hand-off, blocking lock, 1 worker|1|handoff 1 mutex"
    echo "lock hand-off, blocking lock, 2 workers|2|handoff 2 mutex"
    echo "lock hand-off, spin lock, 2 workers|2|handoff 2 spin"
    echo "lock, 2 ULTs contending (lock;ctr++;unlock), spin lock, 2 workers|2|contend 2 spin"
    for n in 64 4096; do
        echo "yield, $n ULTs, 1 worker|1|yield 1 $n"
    done
}
picked() {
    local t
    [ ${#only[@]} = 0 ] && return 0
    for t in "${only[@]}"; do [[ $1 == *"$t"* ]] && return 0; done
    return 1
}

# peer SIDE ROUND NAME CPUS ARGS...: one row on one library
peer() {
    local side=$1 r=$2 name=$3 cpus=$4 raw=$out/peers-$1-$2.txt line
    shift 4
    echo "ROW|$name" >> "$raw"
    # shellcheck disable=SC2046
    line=$(timeout 300 taskset -c $([ "$cpus" = 1 ] && echo 1 || echo 0,1) \
               "$(side_dir "$side")/mltp_peer" "$@" 2>&1 | tee -a "$raw" | grep '^RESULT|' | tail -1)
    if [ -n "$line" ]; then
        echo "$side|peers: $name|ns|$(cut -d'|' -f4 <<< "$line")" >> "$values"
    else
        echo "$side|peers: $name|ns|-" >> "$values"
        echo "compare.sh: $side: mltp_peer $* failed (see $raw)" >&2
        failed=1
    fi
}

# bench SIDE ROUND: mltp_bench --quick on one library, from its build
# tree (the Go rows' program is found beside it)
bench() {
    local side=$1 r=$2 csv=$out/bench-$1-$2.csv
    if ! (cd "$(side_dir "$side")/src" &&
          bench/mltp_bench --quick --csv "$csv" "${bench_args[@]}") > "$out/bench-$side-$r.txt" 2>&1; then
        echo "compare.sh: $side: mltp_bench failed (see $out/bench-$side-$r.txt)" >&2
        failed=1
    fi
    [ -f "$csv" ] || return 0
    # operation, variant, unit, median (columns 2, 3, 4, 9 of its CSV)
    awk -F, -v side="$side" 'NR > 1 {
        printf "%s|bench: %s / %s|%s|%s\n", side, $2, $3, $4, $9 == "" ? "-" : $9 }' \
        "$csv" >> "$values"
}

{
    echo "MLTP: $cur_name against $base_name, $rounds alternating round(s), $(machine)"
    echo "base:    $base_name $(git -C "$top" log -1 --format=%s "$base" | cut -c1-70)"
    echo "current: $cur_name"
} | tee "$out/header"
for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then order=(base current); else order=(current base); fi
    echo "round $r of $rounds (${order[0]} first), load $(cut -d' ' -f1-3 /proc/loadavg)" |
        tee -a "$out/header"
    # the same program twice: what differs is the machine's drift
    for s in "${order[@]}"; do
        [ -n "$use_peers" ] || break
        taskset -c 1 "$dir/ctxswitch" jmp 2>&1 | tee -a "$out/sjlj.txt" | grep '^RESULT|' |
            awk -F'|' -v s="$s" '{ printf "%s|sjlj switch (no MLTP: the machine)|ns|%s\n", s, $4 }' \
            >> "$values"
    done
    if [ -n "$use_bench" ]; then
        for s in "${order[@]}"; do bench "$s" "$r"; done
    fi
    if [ -n "$use_peers" ]; then
        while IFS='|' read -r name cpus args; do
            picked "$name" || continue
            # shellcheck disable=SC2086
            for s in "${order[@]}"; do peer "$s" "$r" "$name" "$cpus" $args; done
        done < <(peer_rows)
    fi
done

# The table: per row and side the median of the rounds' medians and their
# range; current over base (above 1: the current tree is slower).
awk -F'|' -v bn="$base_name" -v cn="$cur_name" '
function med(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 2; i <= n; i++)
        for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    lo = a[1]; hi = a[n]
    return n ? a[int((n + 1) / 2)] : ""
}
{
    key = $2; if (!(key in seen)) { seen[key] = 1; order[++rows] = key; unit[key] = $3 }
    if ($4 == "-") bad[$1, key] = 1; else v[$1, key] = v[$1, key] " " $4
}
END {
    printf "%-66s %4s %24s %24s %8s\n", "row", "unit", bn " (range)", cn " (range)", "cur/base"
    for (i = 1; i <= rows; i++) {
        k = order[i]
        mb = med(v["base", k]); rb = mb == "" ? "-" : sprintf("%.4g (%.4g..%.4g)", mb, lo, hi)
        mc = med(v["current", k]); rc = mc == "" ? "-" : sprintf("%.4g (%.4g..%.4g)", mc, lo, hi)
        ratio = mb != "" && mc != "" && mb + 0 > 0 ? sprintf("%.3f", mc / mb) : "-"
        if (bad["base", k] || bad["current", k]) ratio = ratio " !"
        printf "%-66s %4s %24s %24s %8s\n", substr(k, 1, 66), unit[k], rb, rc, ratio
    }
}' "$values" | tee "$out/table.txt"
echo "(range: the rounds' medians; !: a run of the row gave no figure)"
echo "raw: $out"
exit $failed
