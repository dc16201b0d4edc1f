#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/check-aarch64.sh BUILDDIR - make check-aarch64: make check's test
# programs, cross-built for aarch64 (static, from `make distdir`'s copy of
# the tree; test_tls dynamic, with the libraries it needs beside it) and
# run in an emulated arm64 machine (scripts/aarch64-vm), each
# as make check runs it; then Check's summary. The shell-script tests
# (apps, PARMACS, Splash-3, gdb) need tools the machine does not have and
# are left out; gdb's is run on the host instead, with gdb-multiarch, on
# a core file of tests/hang made in the machine. $AARCH64_SYSROOT: the
# Debian arm64 packages (scripts/aarch64-sysroot; default
# BUILDDIR/aarch64-sysroot).
set -euo pipefail
me=tests/check-aarch64.sh
# what make check runs, and the helpers they start (Makefile.am's TESTS
# and AM_TESTS_ENVIRONMENT)
. "$(dirname "$0")/vm-tests.sh"
vm_dirs "$me" "${1-}" aarch64-build "${AARCH64_JOBS:-2}"
sysroot=${AARCH64_SYSROOT:-$build/aarch64-sysroot}
tests=$vm_tests helpers=$vm_helpers
# aarch64's local-exec TLS offsets are 24 bits: 64 MiB of static TLS does
# not link statically there (the C library's own TLS lies beyond it), and
# the machine's programs are static. The 1 MiB program covers the path.
helpers=${helpers/ tlsbig64m/}
vm_skip="static_tls_starts_every_vp:2 static_tls_bound_stack_as_asked:1"

"$src/scripts/aarch64-sysroot" "$sysroot"
export PATH="$sysroot/host-bin:$PATH"

echo "$me: cross-building in $work" >&2
vm_build "$me" "$build" "$work" "$jobs" "$tests $helpers hang" \
    --host=aarch64-linux-gnu CC=aarch64-linux-gnu-gcc

run=$work/run
mkdir -p "$run"
for p in $tests $helpers hang; do
    cp "$work/src/tests/$p" "$run/"
done
# test_tls: a ULT's own TLS block is made by glibc's dynamic linker, so
# it is built dynamically and runs on the cross toolchain's ld.so and
# libraries, copied in (its interpreter and rpath name /rundir, where
# scripts/vm puts RUNDIR), with tlsmod.so, the library it dlopen()s
( cd "$work/src" &&
  make -s LDFLAGS="-Wl,--dynamic-linker=/rundir/ld-linux-aarch64.so.1 -Wl,-rpath,/rundir" \
      tests/test_tls >>"$work/make.log" 2>&1 ) ||
    { echo "$me: the dynamic build of test_tls failed (see $work/make.log)" >&2; exit 1; }
cp "$work/src/tests/test_tls" "$run/"
aarch64-linux-gnu-gcc -shared -fPIC -O2 -o "$run/tlsmod.so" "$work/src/tests/tlsmod.c"
for lib in ld-linux-aarch64.so.1 $(aarch64-linux-gnu-readelf -d "$run/test_tls" |
                                  sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
    f=$(aarch64-linux-gnu-gcc -print-file-name="$lib")
    [ "$f" != "$lib" ] || f=$sysroot/usr/lib/aarch64-linux-gnu/$lib
    cp -L "$f" "$run/$lib"
done
vm_tests="$vm_tests test_tls"
tests="$tests test_tls"
# then a core file for gdb on the host, in base64 between two marker lines
vm_run_sh "$run" 'mkdir /tmp/core && cd /tmp/core && ulimit -c unlimited
$here/hang abort >/dev/null 2>&1
echo core-begin
base64 core
echo core-end'

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

# Check's summary lines, as .ci/run adds them up
summary=0
vm_check_summary "$work/run.log" aarch64 || summary=1
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ] && [ "$gdb_status" -eq 0 ]
