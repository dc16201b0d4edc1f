#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/check-aarch64.sh BUILDDIR - make check-aarch64: make check's test
# programs, cross-built for aarch64 (static, from `make distdir`'s copy of
# the tree) and run in an emulated arm64 machine (scripts/aarch64-vm), each
# as make check runs it; then Check's summary. The shell-script tests
# (apps, PARMACS, Splash-3, gdb) need tools the machine does not have and
# are left out; gdb's is run on the host instead, with gdb-multiarch, on
# a core file of tests/hang made in the machine. $AARCH64_SYSROOT: the
# Debian arm64 packages (scripts/aarch64-sysroot; default
# BUILDDIR/aarch64-sysroot).
set -euo pipefail
me=tests/check-aarch64.sh
build=$(cd "${1:?usage: $me BUILDDIR}" && pwd)
src=$(cd "$(dirname "$0")/.." && pwd)
sysroot=${AARCH64_SYSROOT:-$build/aarch64-sysroot}
work=$build/aarch64-build
jobs=${AARCH64_JOBS:-2}

# what make check runs, and the helpers they start (Makefile.am's TESTS
# and AM_TESTS_ENVIRONMENT)
tests="test_ult test_sync test_vp test_api test_proc test_sched test_main
       legacy legacy_c2x"
helpers="faulty realprog clash clash_noprobe schedprog mainprog nolocksys"
tests=$(echo $tests)    # one line, for run.sh

"$src/scripts/aarch64-sysroot" "$sysroot"
export PATH="$sysroot/host-bin:$PATH"

rm -rf "$work"
mkdir -p "$work"
echo "$me: cross-building in $work" >&2
make -s -C "$build" distdir distdir="$work/src" >/dev/null
(
    cd "$work/src"
    ./configure -q --host=aarch64-linux-gnu --disable-shared --enable-Werror \
        CC=aarch64-linux-gnu-gcc >"$work/configure.log" 2>&1 ||
        { echo "$me: configure failed (see $work/configure.log)" >&2; exit 1; }
    progs=""
    for p in $tests $helpers hang; do progs="$progs tests/$p"; done
    # static programs: libtool's -all-static (gcc's -static is libtool's
    # "no shared libtool libraries"); the machine has no libraries
    # shellcheck disable=SC2086
    make -s -j"$jobs" LDFLAGS=-all-static $progs >"$work/make.log" 2>&1 ||
        { tail -n 30 "$work/make.log" >&2
          echo "$me: the cross build failed (see $work/make.log)" >&2; exit 1; }
)

run=$work/run
mkdir -p "$run"
for p in $tests $helpers hang; do
    cp "$work/src/tests/$p" "$run/"
done
cat >"$run/run.sh" <<EOF
# In the VM: each test program as make check runs it (Check's 60 s per
# test, times 5 for emulation).
here=\$(pwd)
export FAULTY=\$here/faulty REALPROG=\$here/realprog CLASH=\$here/clash
export CLASH_NOPROBE=\$here/clash_noprobe SCHEDPROG=\$here/schedprog
export MAINPROG=\$here/mainprog NOLOCKSYS=\$here/nolocksys
export CK_DEFAULT_TIMEOUT=60 CK_TIMEOUT_MULTIPLIER=5 TMPDIR=/tmp
status=0
for t in $tests; do
    echo "==================== \$t"
    ./\$t
    st=\$?
    echo "==================== \$t: exit \$st"
    [ \$st -eq 0 ] || status=1
done
# a core file for gdb on the host, in base64 between two marker lines
mkdir /tmp/core && cd /tmp/core && ulimit -c unlimited
\$here/hang abort >/dev/null 2>&1
echo core-begin
base64 core
echo core-end
exit \$status
EOF

echo "$me: running $tests in an emulated arm64 machine" >&2
status=0
"$src/scripts/aarch64-vm" "$sysroot" "$run" | tee "$work/run.log" |
    sed -u '/^core-begin$/,/^core-end$/d' || status=$?

# gdb's extension on that core (tests/gdb.sh)
gdb_status=0
sed -n '/^core-begin$/,/^core-end$/p' "$work/run.log" | sed '1d;$d' |
    base64 -d >"$work/core" 2>/dev/null || true
if ! command -v gdb-multiarch >/dev/null 2>&1; then
    echo "$me: gdb-multiarch not found (scripts/deps --aarch64): gdb on" \
         "an aarch64 core file not checked"
elif [ ! -s "$work/core" ]; then
    echo "$me: no core file of tests/hang came out of the machine"
    gdb_status=1
else
    echo "==================== gdb.sh (gdb-multiarch, an aarch64 core file)"
    GDB=gdb-multiarch HANG="$run/hang" GDB_CORE="$work/core" \
        GDB_EXTENSION="$src/gdb/mltp.py" bash "$src/tests/gdb.sh" || gdb_status=1
fi

# Check's summary lines, as .ci/run adds them up; a program that died
# before its summary counts as one failure
passed=0 failed=0
while read -r checks failures errors; do
    passed=$((passed + checks - failures - errors))
    failed=$((failed + failures + errors))
done < <(sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$work/run.log")
for t in $tests; do
    if ! grep -q "^==================== $t: exit 0\$" "$work/run.log" &&
       ! awk -v t="$t" '$0 == "==================== " t { on = 1; next }
                        /^====================/ { on = 0 }
                        on && /^[0-9]+%: Checks:/ { found = 1 }
                        END { exit !found }' "$work/run.log"; then
        failed=$((failed + 1))
    fi
done
echo "aarch64: Check: $passed passed, $failed failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$gdb_status" -eq 0 ]
