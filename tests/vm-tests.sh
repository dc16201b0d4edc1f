# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/vm-tests.sh - sourced by the tests that run make check's test
# programs in an emulated machine (tests/check-aarch64.sh,
# tests/check-kernel61.sh):
#   vm_dirs ME BUILDDIR WORK JOBS  sets build (BUILDDIR's full path; a
#                          usage message as ME if it is missing), src (the
#                          tree above this script), work (build/WORK) and
#                          jobs
#   vm_tests, vm_helpers   the test programs (Makefile.am's TESTS that are
#                          programs) and the helpers they start
#   vm_build ME BUILD WORK JOBS PROGS CONFIGURE_ARG...  builds the programs
#                          PROGS (names in tests/) statically in WORK/src,
#                          `make distdir`'s copy of BUILD's tree, configured
#                          with CONFIGURE_ARG...; a message as ME and
#                          status 1 if it fails
#   vm_run_sh RUNDIR MORE  writes RUNDIR/run.sh: each test program as make
#                          check runs it (Check's 60 s per test, times 5
#                          for emulation), between marker lines, then the
#                          shell commands MORE; its status is 1 if a
#                          program failed, or MORE's last command did
#   vm_check_summary LOG NAME  Check's summary lines of LOG added up, as
#                          .ci/run adds them up ("NAME: Check: N passed, M
#                          failed"; a program that died before its summary
#                          counts as one failure); status 1 if any failed

vm_tests="test_ult test_sync test_vp test_api test_proc test_sched test_main legacy legacy_c2x"
vm_helpers="faulty realprog clash clash_noprobe schedprog preemptprog mainprog nolocksys tlsbig1m tlsbig64m"

vm_dirs() {
    build=$(cd "${2:?usage: $1 BUILDDIR}" && pwd)
    src=$(cd "$(dirname "$0")/.." && pwd)
    work=$build/$3
    jobs=$4
}

vm_build() {
    local me=$1 build=$2 work=$3 jobs=$4 progs="" p
    for p in $5; do progs="$progs tests/$p"; done
    shift 5
    rm -rf "$work"
    mkdir -p "$work"
    make -s -C "$build" distdir distdir="$work/src" >/dev/null
    (
        cd "$work/src"
        ./configure -q --disable-shared --enable-Werror "$@" >"$work/configure.log" 2>&1 ||
            { echo "$me: configure failed (see $work/configure.log)" >&2; exit 1; }
        # static programs: libtool's -all-static (gcc's -static is
        # libtool's "no shared libtool libraries"); the machine has no
        # libraries
        # shellcheck disable=SC2086
        make -s -j"$jobs" LDFLAGS=-all-static $progs >"$work/make.log" 2>&1 ||
            { tail -n 30 "$work/make.log" >&2
              echo "$me: the build failed (see $work/make.log)" >&2; exit 1; }
    )
}

vm_run_sh() {
    cat >"$1/run.sh" <<EOF
# In the VM: each test program as make check runs it (Check's 60 s per
# test, times 5 for emulation).
here=\$(pwd)
export FAULTY=\$here/faulty REALPROG=\$here/realprog CLASH=\$here/clash
export CLASH_NOPROBE=\$here/clash_noprobe SCHEDPROG=\$here/schedprog
export PREEMPTPROG=\$here/preemptprog
export MAINPROG=\$here/mainprog NOLOCKSYS=\$here/nolocksys
export TLSBIG1M=\$here/tlsbig1m TLSBIG64M=\$here/tlsbig64m
export TLSMOD=\$here/tlsmod.so
export CK_DEFAULT_TIMEOUT=60 CK_TIMEOUT_MULTIPLIER=5 TMPDIR=/tmp
# Left out: the cases whose scenario needs X to wait before an idle VP
# steals Y (schedprog barrier-syscall); under emulation a woken VP stole
# Y first in 10 runs of 10 on 4 and 8 VPs, so they never set themselves
# up; and the cases that bound a wake-up's lag at 10 ms, which an
# emulated CPU's own wake-ups exceed (the Spin models sched/wake.pml and
# sched/deadlock.pml cover the protocol); socket_echo_500_pairs, whose
# 50,000 echoes take 0.6 s here and more than its helper's 10 s watchdog
# there (as under valgrind); and the share tests' bound on main's thread's
# CPU time, a quarter of the wall time: natively 0.5-0.8 ms in 150 ms,
# in the emulated machines 12-86 ms in 170-265 ms (the emulation's own
# work is charged to it), over the bound in 2 of 20 runs (as under
# valgrind). \$vm_skip: the machine's own (check-aarch64.sh).
export MLTP_TEST_SKIP="barrier_waiter_behind_syscall barrier_release_while_wake_in_flight barrier_after_deadlock_vp0_free deadlock_when_last_bound_ends barrier_release_as_vp_goes_busy barrier_release_as_thief_goes_busy socket_echo_500_pairs share_16_workers share_2_workers ${vm_skip:-}"
status=0
for t in $vm_tests; do
    echo "==================== \$t"
    ./\$t
    st=\$?
    echo "==================== \$t: exit \$st"
    [ \$st -eq 0 ] || status=1
done
$2
[ \$? -eq 0 ] || status=1
exit \$status
EOF
}

vm_check_summary() {
    local log=$1 name=$2 passed=0 failed=0 checks failures errors t
    while read -r checks failures errors; do
        passed=$((passed + checks - failures - errors))
        failed=$((failed + failures + errors))
    done < <(sed -n 's/^[0-9]*%: Checks: \([0-9]*\), Failures: \([0-9]*\), Errors: \([0-9]*\).*/\1 \2 \3/p' "$log")
    for t in $vm_tests; do
        if ! grep -q "^==================== $t: exit 0\$" "$log" &&
           ! awk -v t="$t" '$0 == "==================== " t { on = 1; next }
                            /^====================/ { on = 0 }
                            on && /^[0-9]+%: Checks:/ { found = 1 }
                            END { exit !found }' "$log"; then
            failed=$((failed + 1))
        fi
    done
    echo "$name: Check: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
