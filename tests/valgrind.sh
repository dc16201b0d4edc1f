#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/valgrind.sh - make check-valgrind: the apps, the PARMACS programs,
# the OpenMP feature test on MLTP's OpenMP runtime and the test programs
# under valgrind's memcheck, on 1 and 2 VPs, with
# zero errors. A run passes when it ends as it does without valgrind (its
# status, and the apps' checksums against a run without valgrind) and
# memcheck reported nothing in any of its processes.
#
# How memcheck runs (the options in vg_opts below):
# - every process logs to a file of its own, tests/valgrind/RUN/PID.log
#   in the build tree, with -q: only errors. Forked processes (Check's
#   CK_FORK children, each test in one) are followed by valgrind anyway;
#   --trace-children=yes also runs the helper programs the tests exec
#   (mainprog, schedprog, ...) under memcheck, but not system programs
#   (/bin, /usr/bin). A Check child or helper with errors exits with
#   status 88 (--error-exitcode), which fails its test as well.
# - leaks: --leak-check=full, and only "definitely lost" blocks (nothing
#   points to them) are errors. The library's caches (descriptors, stacks,
#   VP and bound-thread records) live until the program exits and are
#   still reachable then; "possibly lost" are blocks pointed to from
#   inside, as glibc's thread vectors (DTVs) of the pthreads whose TCBs the
#   VPs borrow.
# - --fair-sched=yes: valgrind runs one thread at a time, and VPs are
#   threads to it; with its default lock a spinning VP kept the one that
#   holds the lock waiting (test_sync's SPIN lock on 2 VPs: 55 s, not 7).
# - --vgdb=no: no gdbserver FIFOs in /tmp (a helper that becomes nobody
#   could not remove them).
# - no suppression file.
#
# Left out (MLTP_TEST_SKIP, tests/check_util.h: a test, or one iteration
# of it; the lists below), for these reasons (doc/valgrind.md lists them too):
#
# A. Valgrind runs a VP or bound thread as a thread of one process. An
#    exit(), _exit() or fatal signal there ends valgrind's whole process
#    at once, with status 0, before the reaper can end the program with
#    the status and message MLTP gives it (or remove its semaphore sets);
#    a signal sent to one VP, or a stop (SIGSTOP), lands in a thread of
#    valgrind's scheduler.
# B. The janitor does not run under valgrind (vp/janitor.c): the sets of a
#    program killed with SIGKILL, or ended by _exit() or before its first
#    start, stay behind.
# C. Timing: a bound on how late something happens, or races that need
#    VPs running at once; valgrind runs one thread at a time, 20-50 times
#    slower.
# D. Valgrind's FP arithmetic rounds to nearest whatever the rounding mode
#    and sets no exception flag (its manual, "Limitations"): the FP
#    control a context carries cannot be seen.
# E. What valgrind does not survive or follow: an address-space limit
#    (RLIMIT_AS counts its own memory), pinning checks that need every VP
#    running at once, fork() in a bound thread while VPs run (it hangs),
#    and a pthread a ULT leaves running, which the reaper kills with its
#    VP's process: valgrind never sees that thread end, and waits for it
#    at exit.
# F. Under valgrind a chunk of stacks is one slot, mapped when a ULT takes
#    it, and promises map nothing (ult/chunk.c: memcheck's leak check reads
#    every word of every mapping): what counts mappings, or a new default
#    size that fails to map for the promises, does not hold there.
# G. Valgrind 3.19 runs no other thread while one waits in
#    fcntl(F_OFD_SETLKW): it lets them run through F_SETLKW's wait, not
#    through the open-file-description form's (a bound thread that was to
#    make a ULT 50 ms in never ran before the 400 ms wait ended).
# H. Valgrind cannot follow a switch made in a signal handler:
#    mltp_set_preempt() refuses (ENOTSUP), and ULTs that spin keep their
#    VPs.
set -u
only=("$@")

tests=${TESTS_DIR:?TESTS_DIR must name tests/ in the build tree}
apps=${APPS:?APPS must name apps/ in the build tree}
parmacs=${PARMACS_TESTS:?PARMACS_TESTS must name tests/parmacs in the build tree}
valgrind=${VALGRIND:-valgrind}
logs=$tests/valgrind
omp_lib=${MLTP_OMP_LIB:?MLTP_OMP_LIB must name the built libmltp_omp.so}
omp_libpath=$(dirname "$omp_lib")/../../.libs

if ! command -v "$valgrind" >/dev/null 2>&1; then
    echo "tests/valgrind.sh: valgrind not found (scripts/deps installs it)" >&2
    exit 1
fi

vg_opts=(--tool=memcheck -q --error-exitcode=88
         --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite
         --fair-sched=yes --vgdb=no
         --trace-children=yes '--trace-children-skip=/bin/*,/usr/bin/*,/usr/sbin/*')

# Valgrind is 20-50 times slower: Check's per-test timeouts grow.
export CK_TIMEOUT_MULTIPLIER=10
export MLTP_TEST_VPS=2

# ---- what is left out, by program (the letters: the reasons above) -----

skip_test_ult=(
    fp_control_preserved fp_flags_travel                 # D
    stack_memory_decays stack_memory_kept_an_hour        # E: resident memory counts valgrind's own
    stack_guard_budget_returns stack_pool_in_forked_child # F
)
skip_test_sync=(
    semaphore_sets_removed:1                             # B: _exit() after a start
    semaphore_sets_removed:2                             # B: SIGKILL
    semaphore_sets_removed:4                             # B: exit() without a start
    semaphore_sets_group_kill                            # B: SIGKILL, SIGINT to the group
    solo_start_then_bound_thread                         # C: 100,000 creations racing a bound thread (3 minutes)
)
skip_test_tls=()
skip_test_api=(
    bound_join_prompt_in_start                           # C: the join within 20 ms of the end
)
skip_test_sched=(
    nostack_at_first_run_from_yield                      # A: the library's exit(1) on a VP
    barrier_waiter_stopped_256_episodes                  # A: SIGSTOP to a bound thread
    barrier_release_while_wake_in_flight                 # C: a release's waiter within 10 ms
    barrier_after_deadlock_vp0_free                      # C: the last party within 10 ms
    deadlock_when_last_bound_ends                        # C: the deadlock within 10 ms of the end
    barrier_release_as_vp_goes_busy                      # C: VPs runnable or asleep, from /proc
    barrier_release_as_thief_goes_busy                   # C: a release's waiter within 10 ms
    sleep_calls_leave_the_vp:1                           # C: a VP parks behind one that yields
                                                         # in a tight loop; valgrind's fixed quanta
                                                         # preempt the yielder inside its queue lock
                                                         # each time (a 10 s hang in 2 of 3 runs)
    sleeper_wakes_while_vps_yield                        # C: the sleeper within 10 ms
    sleep_direct_holds_the_vp                            # C: two 50 ms sleeps within 100 ms
    socket_echo_500_pairs                                # C: 50,000 echoes, 10 s under valgrind:
                                                         # the helper's watchdog's limit
    sleep_interrupted_by_a_signal:2                      # A: on 2 VPs, setitimer's SIGALRM
    sleep_interrupted_by_a_signal:3                      # goes to any of valgrind's threads,
    read_interrupted_by_a_signal:2                       # not to the waiter's VP: the other
    read_interrupted_by_a_signal:3                       # VP's wait is interrupted (a CI run)
    read_interrupted_by_a_signal:0                       # A: the same on 1 VP, with the
    read_interrupted_by_a_signal:1                       # bound thread that writes later: it
    poll_and_select_interrupted                          # may take the signal (poll: a CI run)
    ult_runs_while_every_vp_waits_for_a_child_or_lock:8  # G: F_OFD_SETLKW, 1 VP
    ult_runs_while_every_vp_waits_for_a_child_or_lock:9  # G: the same, 2 VPs
    spinner_never_starves_a_ready_ult                    # H: no preemption
    sleeper_beside_spinners_wakes_on_time                # H: the same
    late_spinner_keeps_its_vp_ten_ms                     # H: the same
    preempted_overflow_reported_as_one                   # H: the same
)
skip_test_main=(
    segv_in_share abort_in_share sigterm_in_share        # A
    exit_in_share return_from_main_in_share              # A
    shared_malloc_oom:2                                  # A: exit(1) in a worker ULT
    workers_run_partial                                  # E: RLIMIT_AS
    share_16_workers share_2_workers                     # C: main's thread's CPU time, a quarter of the wall time at most
)
skip_test_vp=(
    fault_segv fault_segv_named fault_abort              # A
    fault_overflow fault_exit fault_no_stack             # A
    fault_overflow_guard fault_overflow_then_end         # A
    fault_overflow_then_block                            # A
    fault_overflow_unguarded                             # A
    fault_overflow_beside_unguarded                      # A
    fault_overflow_together                              # A
    fault_stack_limit                                    # E: RLIMIT_AS
    fault_bound_segv fault_die_in_registry               # A
    fault_die_holding_runq                               # A
    fault_sigint fault_sigterm fault_sigint_ignored      # A
    fault_sigkill_reaper                                 # B
)
skip_test_proc=(
    sigchld_ignored_crash sigchld_ignored_by_ult_crash   # A
    bound_exit_in_start bound_exit_outside_start         # A
    bound_segv_outside_start bound_segv_joined_by_ult    # A
    sigterm_to_vp sigint_to_vp sighup_to_vp sigquit_to_vp # A
    child_sleep_gets_sigint                              # A: ^C to the group
    pipe_closed_sigpipe                                  # A: SIGPIPE
    clash_big_frame clash_big_frame_unprobed             # A: SIGSEGV in a guard
    clash_big_alloca                                     # A: SIGSEGV in a guard
    pthread_in_ult_never_ends                            # E: SIGKILL to a VP's pthread
    fork_in_bound_during_start                           # E: fork() in a bound thread
    janitor_nproc_first_fork janitor_nproc_second_fork   # B: no janitor to fail
    gone_at_wait_exit gone_at_wait_segv                  # A
    # A: the default action, the reaper's SIGKILL of a VP (a thread there)
    sig_during_start_alrm_timer_default sig_during_start_alrm_default
    sig_during_start_int_default sig_during_start_term_default
    sig_during_begin_alrm_timer_default sig_during_begin_alrm_default
    sig_during_begin_int_default sig_during_begin_term_default
    sig_during_end_alrm_timer_default sig_during_end_alrm_default
    sig_during_end_int_default sig_during_end_term_default
)

# ---- running ------------------------------------------------------------

failed=0
runs=0
t_all=$SECONDS

# tests/valgrind.sh NAME...: only the runs whose names begin so
wanted() {
    [ ${#only[@]} -eq 0 ] && return 0
    local w
    for w in "${only[@]}"; do
        case $1 in "$w"*) return 0 ;; esac
    done
    return 1
}

# vg LIMIT NAME CMD...: CMD under memcheck, killed after LIMIT seconds
# (valgrind may ignore SIGTERM), its logs in $logs/NAME; sets $st, $out
# (stdout) and $errs (how many processes memcheck reported in)
vg() {
    local limit=$1 name=$2; shift 2
    rm -rf "${logs:?}/$name"
    mkdir -p "$logs/$name" || exit 1
    out=$(timeout -s KILL "$limit" "$valgrind" "${vg_opts[@]}" \
          --log-file="$logs/$name/%p.log" "$@" 2>"$logs/$name/stderr")
    st=$?
    printf '%s\n' "$out" > "$logs/$name/stdout"
    # -q: a log holds only what memcheck reports (==PID== lines); valgrind's
    # own notes (a system call it does not know) are --PID-- lines
    errs=$(grep -l '^==[0-9]*==' "$logs/$name"/*.log 2>/dev/null | wc -l)
    runs=$((runs + 1))
}

# report NAME OK SECONDS [WHY]: one line, and for a failure what memcheck
# said first
report() {
    if [ "$2" = 1 ] && [ "$errs" = 0 ]; then
        printf 'PASS  %-28s %4d s  %s\n' "$1" "$3" "${4:-}"
        return
    fi
    failed=1
    printf 'FAIL  %-28s %4d s  %s\n' "$1" "$3" "${4:-}"
    [ "$errs" = 0 ] && return
    printf '      memcheck reported in %d process(es): %s\n' "$errs" "$logs/$1/"
    grep -h -A12 '^==[0-9]*==' "$logs/$1"/*.log | head -40 | sed 's/^/      /'
}

# app NAME PROG ARGS...: an app, whose checksum must be the one it prints
# without valgrind
app() {
    local name=$1 prog=$2 t=$SECONDS want got
    shift 2
    wanted "$name" || return 0
    want=$(timeout 120 "$apps/$prog" "$@" 2>/dev/null | sed -n 's/^checksum //p')
    vg 300 "$name" "$apps/$prog" "$@"
    got=$(printf '%s\n' "$out" | sed -n 's/^checksum //p')
    if [ "$st" = 0 ] && [ -n "$want" ] && [ "$got" = "$want" ]; then
        report "$name" 1 $((SECONDS - t))
    else
        report "$name" 0 $((SECONDS - t)) "status $st, checksum '$got', without valgrind '$want'"
    fi
}

# pm PROG P VPS: a PARMACS program (main's share among P workers), which
# checks its own results
pm() {
    local name="$1-P$2-vps$3" t=$SECONDS
    wanted "$name" || return 0
    MLTP_VPS=$3 vg 300 "$name" "$parmacs/$1" "$2"
    case "$st:$out" in
    "0:$1 P=$2 "*" ok") report "$name" 1 $((SECONDS - t)) ;;
    *) report "$name" 0 $((SECONDS - t)) "status $st: $out" ;;
    esac
}

# share VPS: main's share of tests/mainprog (the scenario of test_main's
# share tests, which are left out for their CPU time bound), its own
# checks in what it prints
share() {
    local name="mainprog-share-vps$1" t=$SECONDS
    wanted "$name" || return 0
    vg 300 "$name" "$tests/mainprog" share "$1" 16
    case "$st:$out" in
    0:*sum-ok=1*back-on-main-thread=1*second=0\ 0*done*) report "$name" 1 $((SECONDS - t)) ;;
    *) report "$name" 0 $((SECONDS - t)) "status $st: $(printf '%s' "$out" | tr '\n' ' ')" ;;
    esac
}

# legacy: the original API's program, which checks itself (FAIL lines)
legacy() {
    local t=$SECONDS
    wanted legacy || return 0
    vg 300 legacy "$tests/legacy"
    if [ "$st" = 0 ]; then
        report legacy 1 $((SECONDS - t)) "$out"
    else
        report legacy 0 $((SECONDS - t)) "status $st: $out"
    fi
}

# check PROG: a Check program without its left-out tests
# (MLTP_TEST_VPS=2: its several-VP cases on 2 VPs, the others on their
# own counts, mostly 1)
check() {
    local prog=$1 t=$SECONDS summary nleft
    local -n skip="skip_$prog"
    wanted "$prog" || return 0
    MLTP_TEST_SKIP="${skip[*]}" vg 900 "$prog" "$tests/$prog"
    nleft=$(printf '%s\n' "$out" | grep -c '^left out')
    summary="$(printf '%s\n' "$out" | grep -E '^[0-9]+%: Checks:' | tail -1), $nleft left out"
    if [ "$nleft" != "${#skip[@]}" ]; then
        # a name in the list that is no test (any more) leaves nothing out
        report "$prog" 0 $((SECONDS - t)) "${#skip[@]} tests to leave out, $nleft left out: $summary"
    elif [ "$st" = 0 ]; then
        report "$prog" 1 $((SECONDS - t)) "$summary"
    else
        report "$prog" 0 $((SECONDS - t)) "status $st: $summary"
        printf '%s\n' "$out" | grep -E ':[EF]:' | head -20 | sed 's/^/      /'
    fi
}

# omp NAME THREADS VPS [PROGRAM ARG WANT]: tests/omp_features (or
# PROGRAM ARG, which prints WANT) on MLTP's OpenMP runtime (preloaded, as
# omp/mltp-omp does; valgrind keeps the program's LD_PRELOAD beside its
# own)
omp() {
    local name=$1 t=$SECONDS prog=${4:-omp_features} want=${6:-all ok}
    wanted "$name" || return 0
    LD_PRELOAD=$omp_lib LD_LIBRARY_PATH=$omp_libpath OMP_NUM_THREADS=$2 MLTP_VPS=$3 \
        vg 300 "$name" "$tests/$prog" ${5:+"$5"}
    if [ "$st" = 0 ] && [ "$out" = "$want" ]; then
        report "$name" 1 $((SECONDS - t))
    else
        report "$name" 0 $((SECONDS - t)) "status $st: $(printf '%s' "$out" | head -3 | tr '\n' ' ')"
    fi
}

# the configurations of tests/apps.sh, at its sizes
app pi-P1-vps1 pi -b mltp -n 2000000 -p 1 -v 1
app pi-P16-vps2 pi -b mltp -n 2000000 -p 16 -v 2
app pi-P64-vps2 pi -b mltp -n 2000000 -p 64 -v 2
app matmul-P16-vps1-spin matmul -b mltp -n 150 -B 16 -p 16 -v 1 -s dynamic -l spin
app matmul-P16-vps2-block matmul -b mltp -n 150 -B 16 -p 16 -v 2 -s dynamic -l block
app matmul-P16-vps2-front matmul -b mltp -n 150 -B 16 -p 16 -v 2 -s dynamic -l block_front
app matmul-P4-vps2-sem matmul -b mltp -n 150 -B 16 -p 4 -v 2 -s dynamic -l semaphore
app matmul-P64-vps2-atomic matmul -b mltp -n 150 -B 16 -p 64 -v 2 -s dynamic -c atomic
app ocean-P3-vps1 ocean -b mltp -n 66 -s 4 -p 3 -v 1
app ocean-P16-vps2 ocean -b mltp -n 66 -s 4 -p 16 -v 2
app ocean-P64-vps2 ocean -b mltp -n 66 -s 4 -p 64 -v 2
for prog in pm2 pm3 pm4; do
    for p in 2 16; do
        pm $prog $p 1
        pm $prog $p 2
    done
done
share 1
share 2
omp omp-features-T4-vps1 4 1
omp omp-features-T16-vps2 16 2
# threadprivate: blocks per OpenMP thread, tasks run in the threads
omp omp-tls-tasks-vps2 4 2 omp_tls tasks "threadprivate mismatches 0"
LD_PRELOAD=$omp_lib LD_LIBRARY_PATH=$omp_libpath \
    app ocean-openmp-P16-vps2 ocean -b openmp -n 66 -s 4 -p 16
legacy
for prog in test_ult test_sync test_tls test_api test_sched test_main test_vp test_proc; do
    check $prog
done

echo "check-valgrind: $runs runs under memcheck in $((SECONDS - t_all)) s:" \
     "$([ $failed = 0 ] && echo "all passed, no error" || echo FAILED)"
exit $failed
