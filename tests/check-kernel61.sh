#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/check-kernel61.sh BUILDDIR - make check-kernel61: make check's test
# programs and tests/million, built statically (from `make distdir`'s
# copy of the tree) and run in an emulated x86-64 machine on Debian 12's
# Linux 6.1 (scripts/vm x86_64), which has no guard regions: stacks get
# guard pages while vm.max_map_count affords them, then the check. Each
# test program runs as make check runs it (its overflow cases under every
# MLTP_STACK_GUARD included), then a million waiting ULTs on 1 VP and on 2
# (tests/million.c's checks); then Check's summary. $KERNEL61_ROOT: the
# kernel and busybox (scripts/kernel61-root; default BUILDDIR/kernel61-root);
# $KERNEL61_MILLION: the ULTs of the million runs (default 1000000); the
# machine has $X86_64_VM_MEM of memory (default 6G here: a million take 4.2
# GB) and TCG ($X86_64_VM_ACCEL=kvm where nested KVM works well).
set -euo pipefail
me=tests/check-kernel61.sh
. "$(dirname "$0")/vm-tests.sh"
vm_dirs "$me" "${1-}" kernel61-build "${KERNEL61_JOBS:-2}"
root=${KERNEL61_ROOT:-$build/kernel61-root}
million=${KERNEL61_MILLION:-1000000}
export X86_64_VM_MEM=${X86_64_VM_MEM:-6G}
tests=$vm_tests helpers=$vm_helpers

"$src/scripts/kernel61-root" "$root"

echo "$me: building in $work" >&2
vm_build "$me" "$build" "$work" "$jobs" "$tests $helpers million"

run=$work/run
mkdir -p "$run"
for p in $tests $helpers million; do
    cp "$work/src/tests/$p" "$run/"
done
# the kernel, then a million waiting ULTs on 1 VP and on 2
vm_run_sh "$run" "echo \"kernel: \$(uname -r)\"
ok=0
for v in 1 2; do
    echo \"==================== million $million \$v\"
    ./million $million \$v
    st=\$?
    echo \"==================== million $million \$v: exit \$st\"
    [ \$st -eq 0 ] || ok=1
done
[ \$ok -eq 0 ]"

echo "$me: running $tests and million in an emulated x86-64 machine on Linux 6.1" >&2
status=0
"$src/scripts/vm" x86_64 "$root" "$run" | tee "$work/run.log" || status=$?

summary=0
grep -q '^kernel: 6\.1\.' "$work/run.log" ||
    { echo "$me: the machine did not run Linux 6.1"; summary=1; }
for v in 1 2; do
    grep -q "^==================== million $million $v: exit 0\$" "$work/run.log" ||
        { echo "$me: million $million $v failed"; summary=1; }
done
vm_check_summary "$work/run.log" "kernel 6.1" || summary=1
[ "$status" -eq 0 ] && [ "$summary" -eq 0 ]
