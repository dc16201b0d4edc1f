#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/bench-kit.sh KIT - make check-bench-kit: a kit made by make
# bench-kit, copied to a new folder under /tmp and run there (QUICK=1,
# LD_LIBRARY_PATH empty, a bare environment), must use nothing of the
# build tree: every binary's run-time path is the kit's ($ORIGIN), every
# library but glibc's resolves into the copy's lib/, and run.sh ends with
# status 0 and its summary, raw files in OUT. A bad BUDGET: status 2.
set -u
kit=${1:?usage: tests/bench-kit.sh KIT}
[ -x "$kit/run.sh" ] || { echo "FAIL: $kit/run.sh not found (make bench-kit KIT=$kit)"; exit 1; }
failed=0
fail() { echo "FAIL: $*"; failed=1; }
tmp=$(mktemp -d /tmp/mltp-kit-test.XXXXXX) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -r "$kit" "$tmp/kit"
k=$tmp/kit

glibc='/(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|libanl|ld-linux[^/]*)\.so'
bins=$(find "$k/bin" "$k/s3" -type f -perm -u+x 2>/dev/null)
[ -n "$bins" ] || fail "no programs in $k/bin"
for b in $bins; do
    # shellcheck disable=SC2016 # the loader's $ORIGIN
    want='$ORIGIN/../lib'
    case $b in
    "$k"/s3/*.pthread) want= ;;     # glibc's alone
    "$k"/s3/*) want='$ORIGIN/../../lib' ;;
    esac
    [ "$(readelf -d "$b" | sed -n 's/.*(RPATH).*\[\(.*\)\]/\1/p')" = "$want" ] ||
        fail "$b: run-time path not $want: $(readelf -d "$b" | grep -E 'R(UN)?PATH')"
    ! readelf -d "$b" | grep -q RUNPATH || fail "$b has a RUNPATH"
    env -i PATH="$PATH" LD_LIBRARY_PATH= ldd "$b" > "$tmp/ldd" 2>&1
    while read -r name arrow path _; do
        [ "$arrow" = "=>" ] || continue
        case $(readlink -f "$path") in
        "$k"/lib/*) ;;
        /*) [[ $path =~ $glibc ]] || fail "$b: $name from $path, not from the kit" ;;
        *) fail "$b: $name $path" ;;
        esac
    done < "$tmp/ldd"
done
[ "$(readlink -f "$(env -i PATH="$PATH" LD_LIBRARY_PATH= ldd "$k/bin/ocean" |
                    awk '$1 == "libmltp.so.0" { print $3 }')")" = "$k/lib/libmltp.so.0" ] ||
    fail "bin/ocean does not load the kit's libmltp.so.0"

# run.sh from another folder, in a bare environment
run() {
    (cd "$tmp" && env -i PATH="$PATH" HOME="$tmp" LD_LIBRARY_PATH= TMPDIR="$tmp" "$@" \
        bash "$k/run.sh") > "$tmp/stdout" 2> "$tmp/stderr"
}
start=$SECONDS
run QUICK=1 OUT=out BUDGET=120; st=$?
[ "$st" = 0 ] || fail "run.sh exited $st: $(tail -n 20 "$tmp/stdout" "$tmp/stderr")"
for want in "Synchronisation at" "mltp_bench --scale, MLTP" "OpenMP: GCC's OpenMP ABI on MLTP" \
            "apps/ocean -n 130" "every check passed"; do
    grep -q "$want" "$tmp/stdout" || fail "the summary has no '$want': $(cat "$tmp/stdout")"
done
[ ! -d "$k/s3" ] || grep -q "^Splash-3" "$tmp/stdout" || fail "no Splash-3 table: $(cat "$tmp/stdout")"
# the OpenMP rows: measured if the kit carries MLTP's OpenMP runtime, else skipped
if [ -f "$k/lib/libmltp_omp.so" ]; then
    grep -q "^BARRIER  *16 " "$tmp/stdout" || fail "no OpenMP rows: $(cat "$tmp/out/omp.txt")"
else
    grep -q "^skipped: .*libmltp_omp.so not built" "$tmp/stdout" || fail "the OpenMP rows not skipped"
fi
for f in env.txt scale.txt scale.csv omp.txt ocean.txt summary.txt; do
    [ -s "$tmp/out/$f" ] || fail "OUT has no $f"
done
grep -q "DIFFER\|FAILED" "$tmp/stdout" && fail "a check failed: $(cat "$tmp/stdout")"
echo "bench-kit: the copy ran from $tmp in $((SECONDS - start)) s"

run BUDGET=soon; st=$?
[ "$st" = 2 ] && grep -q "BUDGET must be" "$tmp/stderr" || fail "BUDGET=soon: status $st, $(cat "$tmp/stderr")"

[ "$failed" = 0 ] && echo "bench-kit: the kit ran on its own"
exit "$failed"
