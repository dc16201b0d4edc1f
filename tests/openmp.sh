#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/openmp.sh - MLTP's OpenMP runtime (omp/) against libgomp, on the
# same -fopenmp binaries: tests/omp_features gives "all ok" on both at 1,
# 2, 4 and 16 threads; a 4 x 4 nested region runs on the VPs' 2 kernel
# threads (libgomp: 16); the OMP_* variables give the same ICVs; a crash,
# exit() or abort() in a region ends the program with its status (and a
# line naming the thread for a crash) and no SysV set left; a target
# region runs on the host; what is not supported says so in one line;
# threadprivate is each OpenMP thread's (tests/omp_tls); a taskwait runs
# its own children in place; with one VP a thread's sleeps and polls
# leave the VP to the team; 64 MiB of threadprivate data starts every
# VP; the apps' OpenMP back end gives libgomp's
# checksums. $MLTP_OMP (omp/mltp-omp), $OMP_TESTS (tests/) and
# $APPS (apps/) name the build's.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tests/semsets.sh
. "$here/semsets.sh"
# shellcheck source=tests/install-lock.sh
. "$here/install-lock.sh"
install_lock_shared     # against tests/docs.sh's make install
omp=${MLTP_OMP:?MLTP_OMP must name omp/mltp-omp}
feat=${OMP_TESTS:?OMP_TESTS must name the tests/ build directory}/omp_features
tls=$OMP_TESTS/omp_tls
apps=${APPS:?APPS must name the apps/ build directory}
failed=0 passed=0
err_file=$(mktemp)
bin_dir=$(mktemp -d)
trap 'rm -rf "$err_file" "$bin_dir"' EXIT

fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
ok() { passed=$((passed + 1)); }

# run STATUS CMD...: sets $out and $err; a status other than STATUS fails.
# $err leaves out LeakSanitizer's note on each VP's borrowed pthread,
# which it cannot suspend at exit, and AddressSanitizer's three lines on a
# stack of more than 64 MiB (a VP's, under 64 MiB of threadprivate data)
# whose shadow it will not clear (doc/sanitizers.md), and only those.
run() {
    local want=$1; shift
    out=$(timeout 120 "$@" 2>"$err_file"); status=$?
    err=$(grep -Ev -e '^==[0-9]+==Running thread [0-9]+ was not suspended\. False leaks are possible\.$' \
          -e '^==[0-9]+==WARNING: ASan is ignoring requested __asan_handle_no_return: stack type: default top: 0x[0-9a-f]+; bottom 0x[0-9a-f]+; size: 0x0*4[0-9a-f]{6} \([0-9]+\)$' \
          -e '^False positive error reports may follow$' \
          -e '^For details see https://github\.com/google/sanitizers/issues/189$' \
          "$err_file")
    if [ "$status" = "$want" ]; then ok; else fail "$* exited $status, expected $want (stderr: $err)"; fi
}

# a defined environment: nothing inherited changes the team sizes
unset OMP_NUM_THREADS OMP_SCHEDULE OMP_DYNAMIC OMP_NESTED OMP_MAX_ACTIVE_LEVELS \
      OMP_THREAD_LIMIT OMP_STACKSIZE OMP_WAIT_POLICY OMP_PROC_BIND OMP_CANCELLATION \
      MLTP_OMP_TLS MLTP_STACK_SIZE
export MLTP_VPS=2

for n in 1 2 4 16; do
    for side in libgomp mltp; do
        if [ $side = mltp ]; then run 0 env OMP_NUM_THREADS=$n "$omp" "$feat"
        else run 0 env OMP_NUM_THREADS=$n \
            LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0:suppressions=$here/lsan-libgomp.supp" \
            "$feat"; fi
        [ "$out" = "all ok" ] && [ -z "$err" ] && ok ||
            fail "features, $n threads, $side: $out $err"
    done
done
echo "features: libgomp and MLTP, 1 2 4 16 threads"

# a taskwait runs its own children in place: on one VP nobody else can
run 0 env OMP_NUM_THREADS=2 MLTP_VPS=1 "$omp" "$feat" in-place
[ "$out" = "children run in place 8 of 8" ] && ok || fail "a taskwait's children, one VP: $out $err"
echo "a taskwait runs its own children in place"

# linked with -lmltp_omp rather than preloaded
run 0 "$OMP_TESTS/omp_linked"
[ "$out" = "all ok" ] && ok || fail "linked with libmltp_omp: $out $err"
run 0 "$OMP_TESTS/omp_linked" nested
[ "$out" = "kernel threads 2" ] || [ "$out" = "kernel threads 1" ] && ok ||
    fail "linked with libmltp_omp, 4 x 4: $out (libgomp's runtime?)"
echo "linked with libmltp_omp: features, and nesting on the VPs"

# nesting: 16 OpenMP threads, 2 VPs
run 0 "$feat" nested
[ "$out" = "kernel threads 16" ] && ok || fail "libgomp's 4 x 4: $out (the test cannot tell)"
run 0 "$omp" "$feat" nested
case $out in
    "kernel threads 1" | "kernel threads 2") ok ;;
    *) fail "MLTP's 4 x 4 on 2 VPs: $out" ;;
esac
echo "nested 4 x 4: $out on 2 VPs"

# the environment's ICVs, as libgomp reads them
# (not OMP_DYNAMIC=true in a region: libgomp then sizes teams by the load)
for vars in "OMP_NUM_THREADS=3,2 OMP_SCHEDULE=guided,4 OMP_THREAD_LIMIT=64" \
            "OMP_NUM_THREADS=3,2 OMP_MAX_ACTIVE_LEVELS=1" \
            "OMP_NUM_THREADS=2 OMP_NESTED=true OMP_SCHEDULE=static" \
            "OMP_NUM_THREADS=5 OMP_SCHEDULE=monotonic:dynamic,7 OMP_WAIT_POLICY=active"; do
    # shellcheck disable=SC2086
    run 0 env $vars "$feat" env; want=$out
    # shellcheck disable=SC2086
    run 0 env $vars "$omp" "$feat" env
    [ "$out" = "$want" ] && ok || fail "$vars: MLTP '$out', libgomp '$want'"
done
run 0 env OMP_DYNAMIC=true "$omp" "$feat" env
case $out in *"dynamic 1"*) ok ;; *) fail "OMP_DYNAMIC=true: $out" ;; esac
run 0 env OMP_NUM_THREADS=abc "$omp" "$feat" env
case $err in
    *"mltp-omp: invalid value for environment variable OMP_NUM_THREADS (ignored)"*) ok ;;
    *) fail "OMP_NUM_THREADS=abc said: $err" ;;
esac
echo "environment: the same ICVs as libgomp; a bad value named"

# failure paths
sem_now=$(sem_ids)
run 139 "$omp" "$feat" crash
case $err in
    *'killed by SIGSEGV'*'"omp thread 2"'*) ok ;;
    *) fail "crash in a region said: $err" ;;
esac
# (under AddressSanitizer no leak check: the team's ULTs are alive at the
# exit(), and LeakSanitizer would end the VP before stdio's flush)
run 7 env ASAN_OPTIONS=detect_leaks=0 "$omp" "$feat" exit
[ "$out" = before ] && ok || fail "exit(7) in a region: stdout '$out'"
run 134 "$omp" "$feat" abort
case $err in *SIGABRT*) ok ;; *) fail "abort() in a region said: $err" ;; esac
run 1 env OMP_CANCELLATION=true "$omp" "$feat" env
case $err in
    "mltp-omp: OMP_CANCELLATION=true (cancellation) is not supported by MLTP's OpenMP runtime (doc/openmp.md)") ok ;;
    *) fail "OMP_CANCELLATION=true said: $err" ;;
esac
run 1 "$omp" "$feat" doacross
case $err in
    *"ordered depend(sink/source) (doacross loops) is not supported"*) ok ;;
    *) fail "doacross said: $err" ;;
esac
run 0 "$omp" "$feat" target
[ "$out" = "target ran on the host: 1" ] && ok || fail "target: $out $err"
run 0 "$omp" "$feat" stack
# (no tick: its signal frame, pushed on a stack a few frames from its
# end, makes the kernel kill the VP, reported as a plain SIGSEGV:
# doc/openmp.md; a CI run under load hit it once)
run 139 env OMP_STACKSIZE=64K MLTP_OMP_PREEMPT=0 "$omp" "$feat" stack
case $err in *"stack overflow in ULT"*'"omp thread'*) ok ;; *) fail "overflow said: $err" ;; esac
echo "failure paths: crash, exit, abort, cancellation, doacross, target, stack"

# threadprivate: each thread's copy, main's, kept across regions, copyin,
# copyprivate, nested teams; on libgomp and on MLTP with 1, 2 and 4 VPs,
# with nothing said
run 0 "$tls"
[ "$out" = "threadprivate mismatches 0" ] && ok || fail "libgomp threadprivate: $out"
for vps in "" 1 2 4; do
    run 0 env ${vps:+MLTP_VPS=$vps} "$omp" "$tls"
    [ "$out" = "threadprivate mismatches 0" ] && ok || fail "threadprivate, VPs ${vps:-default}: $out"
    [ -z "$err" ] && ok || fail "threadprivate, VPs ${vps:-default}, said: $err"
done
run 0 "$tls" tasks
[ "$out" = "threadprivate mismatches 0" ] && ok || fail "libgomp threadprivate with tasks: $out"
for vps in 1 2 4; do
    run 0 env MLTP_VPS=$vps "$omp" "$tls" tasks
    [ "$out" = "threadprivate mismatches 0" ] && ok || fail "threadprivate with tasks, $vps VPs: $out"
    [ -z "$err" ] && ok || fail "threadprivate with tasks, $vps VPs, said: $err"
done
echo "threadprivate: each OpenMP thread's own, in its tasks too"

# 1 MiB and 64 MiB of threadprivate data (static TLS at the top of every
# VP's stack): the VPs start, and a region of 4 has 4 threads
for mb in 1m 64m; do
    run 0 "$OMP_TESTS/omp_tlsbig$mb"
    [ "$out" = "threads 4 kernel threads 4" ] && ok || fail "libgomp, $mb of TLS: $out"
    run 0 "$omp" "$OMP_TESTS/omp_tlsbig$mb"
    case $out in
        "threads 4 kernel threads 1" | "threads 4 kernel threads 2") ok ;;
        *) fail "mltp-omp, $mb of TLS: $out" ;;
    esac
    [ -z "$err" ] && ok || fail "mltp-omp, $mb of TLS, said: $err"
done
echo "threadprivate of 1 MiB and 64 MiB: every VP starts"

# one VP: a thread's sleeps and waits leave the VP to the team (mltp-omp
# preloads libmltp too, or the program's nanosleep would be the C
# library's); LLVM's omp_flush.c and guided-schedule test, whose threads
# sleep while another must run, pass
run 0 env MLTP_VPS=1 "$omp" "$feat" waits
[ "$out" = "flag seen, pipe ready" ] && ok || fail "one VP, a thread's waits: $out $err"
llvm=$here/openmp/llvm
for t in flush/omp_flush.c worksharing/for/omp_for_schedule_guided.c; do
    b=$bin_dir/${t##*/}
    if ! "${CC:-gcc}" -fopenmp -I"$llvm" "$llvm/$t" -o "$b" -lm; then
        fail "LLVM's $t does not build"
        continue
    fi
    run 0 env MLTP_VPS=1 "$omp" "$b"
done
echo "one VP: sleeps, polls, LLVM's omp_flush.c and guided schedule"

# a thread waiting for tasks (a region's end, a taskgroup's) blocks: the
# program's CPU time (its VPs', reaped, count in) is the tasks' and little
# more; a waiter polling with yields took as much again (2 VPs: 1.9x)
TIMEFORMAT='%U %S'
cpu=$( { time env MLTP_VPS=2 "$omp" "$feat" idle-waits > "$bin_dir/idle.out" 2>"$err_file"; } 2>&1 )
read -r task_ms < <(sed -n 's/^task-cpu-ms //p' "$bin_dir/idle.out")
read -r u s <<< "$cpu"
if [ -n "${task_ms:-}" ] && awk -v u="$u" -v s="$s" -v t="$task_ms" \
        'BEGIN { exit !((u + s) * 1000 <= 1.3 * t + 60) }'; then
    ok
else
    fail "threads waiting for tasks: CPU ${u:-?} + ${s:-?} s for ${task_ms:-no} ms of tasks (at most 1.3x + 60 ms): $(cat "$err_file")"
fi
echo "waiting for tasks: no polling"

# the apps' OpenMP back end: libgomp's checksums
for app in ocean matmul; do
    for p in 2 16; do
        run 0 "$apps/$app" -b openmp -p $p
        want=$(printf '%s\n' "$out" | sed -n 's/^checksum //p')
        run 0 "$omp" "$apps/$app" -b openmp -p $p
        got=$(printf '%s\n' "$out" | sed -n 's/^checksum //p')
        [ -n "$want" ] && [ "$got" = "$want" ] && ok ||
            fail "$app -p $p: checksum '$got' on MLTP, '$want' on libgomp"
    done
done
echo "apps: ocean and matmul give libgomp's checksums at P = 2 and 16"

sem_verdict openmp.sh "$sem_now" "$((failed > 0))" "$passed checks passed"
