#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/pthreads-posix.sh - the conformance tests of pthread_*, sem_* and
# sched_yield from LTP's Open POSIX test suite (tests/vendor/open_posix,
# its README.md says which and from where), built with ${CC:-gcc} as
# ordinary pthreads programs and run under the thread library that
# $PTHREAD_LAUNCH puts under them: empty runs them directly (glibc's
# threads), pthread/mltp-run runs every pthread as an MLTP thread. A
# failure under the launcher that glibc passes is the library's, not the
# test's.
#
# How the suite judges a test (its bin/run-tests.sh, include/posixtest.h):
# N-M.c is a program, its exit status the verdict: 0 PTS_PASS,
# 1 PTS_FAIL, 2 PTS_UNRESOLVED, 4 PTS_UNSUPPORTED, 5 PTS_UNTESTED;
# N-buildonly.c only has to compile. Here 4 and 5 are SKIP lines that
# name the status (the option is not there: nothing was tested); every
# other status, a signal, a timeout or a failed build is a FAIL. Each
# program runs in a directory of its own, stdin /dev/null, through a
# small program that sets every signal to its default action, empties
# the signal mask and sets umask 022 before it execs the launcher or the
# test: a background job of a script starts with SIGINT and SIGQUIT
# ignored, and the tests must not see what the caller left behind.
#
# usage: tests/pthreads-posix.sh [-j N] [FILTER]
#   -j N    N tests at once (default 2; most tests sleep, so more than
#           the CPUs is fine)
#   FILTER  only the tests whose path contains FILTER
# Environment:
#   CC                     the compiler (default gcc)
#   PTHREAD_LAUNCH         a command (words) put before each program
#   PTHREADS_POSIX_TIMEOUT the limit of one program, in seconds (default
#                          60; the suite's is 300, the slowest test here
#                          takes 15 on glibc)
#   PTHREADS_POSIX_LIMITS  files of what the library under test cannot
#                          do, separated by ':' (default
#                          tests/pthreads-posix-needs.limits and
#                          tests/pthreads-posix-native.limits; empty for
#                          none)
# A limits file has "PATH | REASON" lines, PATH relative to
# tests/vendor/open_posix, in sections: "[limits]" (the default): tests
# the library documents that it cannot pass: each must not pass (LIMIT),
# one that passes fails the run, so that the file stays true;
# "[needs CAP_NAME]" (CAP_SETUID, CAP_SYS_NICE ...): tests that cannot
# run without that capability (a SCHED_FIFO thread, a seteuid()): run as
# any other where the script has it, SKIP where it has not; "[skip]":
# tests not built or run at all (SKIP). One line per test (PASS, LIMIT,
# SKIP, FAIL, TIMEOUT) with the seconds its program ran, a failure's
# output after it, then "N passed, L limits, S skipped, M failed of K";
# exit status 1 if any failed.
set -euo pipefail

# -h and a bad option print this header from its usage line on
usage() {
    sed -n '/^# usage:/,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# A test's verdict line, written whole before its name appears (a
# rename), for the loop that waits for it.
verdict() {
    echo "$2" > "$tmp/res/$1.tmp"
    mv "$tmp/res/$1.tmp" "$tmp/res/$1"
}

# The suite's build (its generated Makefiles and include/mk/config.mk):
# the C99 POSIX 2008 / XSI 7 feature macros, include/ and the test's own
# folder on the include path, the folder's LDLIBS file, and lib/common.c,
# whose main() calls the test's test_main(). -O1 as the other suites here.
cflags=(-O1 -pthread -std=c99 -D_POSIX_C_SOURCE=200809L -D_XOPEN_SOURCE=700)

# One test: build, run, and write its verdict line to $tmp/res/N and its
# compiler or program output to $tmp/log/N. Always returns 0, so that
# `wait -n` under set -e sees only the script's own errors.
run_one() {
    local n=$1 path=$2 dir bin log status result name secs start
    local -a ldlibs=()
    dir=$src/${path%/*}
    bin=$tmp/bin/$n
    log=$tmp/log/$n
    name=$path
    if [ -n "${skip_reason[$path]+set}" ]; then
        : > "$log"
        verdict "$n" "SKIP $name (not run: ${skip_reason[$path]})"
        return 0
    fi
    if [ -f "$dir/LDLIBS" ]; then
        read -r -a ldlibs < "$dir/LDLIBS" || true
    fi
    case $path in
        *-buildonly.c)
            if "$cc" "${cflags[@]}" -I"$src/include" -I"$dir" -c \
                    "$src/$path" -o "$bin.o" > "$log" 2>&1; then
                result=PASS
            else
                result=FAIL; name="$name (build)"
            fi
            rm -f "$bin.o"
            limit_verdict "$n" "$path" "$result" "$name"
            return 0 ;;
    esac
    if ! "$cc" "${cflags[@]}" -I"$src/include" -I"$dir" "$src/$path" \
            "$tmp/common.o" -o "$bin" "${ldlibs[@]}" > "$log" 2>&1; then
        limit_verdict "$n" "$path" FAIL "$name (build)"
        return 0
    fi
    mkdir "$tmp/run/$n"
    start=$EPOCHREALTIME
    set +e
    (cd "$tmp/run/$n" && exec timeout -k 5 "$limit" "$tmp/pts-exec" \
        "${launch[@]}" "$bin") > "$log" 2>&1 < /dev/null
    status=$?
    set -e
    secs=$(elapsed "$start")
    rm -rf "$tmp/run/$n"
    case $status in
        0) result=PASS ;;
        1) result=FAIL; name="$name (FAILED)" ;;
        2) result=FAIL; name="$name (UNRESOLVED)" ;;
        4) result=SKIP; name="$name (UNSUPPORTED)" ;;
        5) result=SKIP; name="$name (UNTESTED)" ;;
        124) result=TIMEOUT; name="$name (over $limit s)" ;;
        *)  result=FAIL
            if [ "$status" -eq 137 ] && [ "${secs%.*}" -ge "$limit" ]; then
                result=TIMEOUT; name="$name (over $limit s, killed)"
            elif [ "$status" -gt 128 ]; then
                name="$name (signal $(kill -l $((status - 128)) 2>/dev/null || echo $((status - 128))))"
            else
                name="$name (exit status $status)"
            fi ;;
    esac
    limit_verdict "$n" "$path" "$result" "$name [${secs}s]"
}

# Seconds since $1 (an $EPOCHREALTIME), one decimal
elapsed() {
    local now=$EPOCHREALTIME
    # the digits: the decimal point is the locale's
    local us=$(( 10#${now//[!0-9]/} - 10#${1//[!0-9]/} ))
    printf '%d.%d' $((us / 1000000)) $((us % 1000000 / 100000))
}

# limit_verdict N PATH RESULT NAME: the verdict, held to the documented
# limit of PATH if there is one: a pass fails (the file must stay true),
# anything else is the LIMIT.
limit_verdict() {
    local n=$1 path=$2 result=$3 name=$4
    if [ -n "${limit_reason[$path]+set}" ]; then
        if [ "$result" = PASS ]; then
            result=FAIL
            name="$name (limit now passes: take it out of ${limit_file[$path]})"
        else
            name="$name (${limit_reason[$path]})"
            result=LIMIT
        fi
    fi
    verdict "$n" "$result $name"
}

# Lines are printed in list order, each as soon as it and all before it
# are done; a failure's output follows it (its last 40 lines).
report_ready() {
    while [ "$next" -lt ${#tests[@]} ] && [ -e "$tmp/res/$next" ]; do
        local line
        line=$(cat "$tmp/res/$next")
        echo "$line"
        case $line in
            PASS*) pass=$((pass + 1)) ;;
            LIMIT*) limits=$((limits + 1)) ;;
            SKIP*) skipped=$((skipped + 1)) ;;
            *) fail=$((fail + 1))
               sed 's/^/    /' "$tmp/log/$next" | tail -n 40 ;;
        esac
        rm -f "$tmp/bin/$next"
        next=$((next + 1))
    done
}

# The capabilities a [needs ...] section may name, and their bits in
# /proc/self/status's CapEff (linux/capability.h)
declare -A cap_bit=([CAP_SETUID]=7 [CAP_IPC_LOCK]=14 [CAP_SYS_ADMIN]=21
                    [CAP_SYS_NICE]=23 [CAP_SYS_RESOURCE]=24)

# has_cap NAME: whether this script (and so each test) has it
has_cap() {
    local capeff
    capeff=$(sed -n 's/^CapEff:[[:space:]]*//p' /proc/self/status 2>/dev/null)
    [ -n "$capeff" ] && (( (16#$capeff >> ${cap_bit[$1]}) & 1 ))
}

# read_limits FILE: its [limits] (the default section), [needs ...] and
# [skip] lines
read_limits() {
    local file=$1 line path reason section=limits
    while IFS= read -r line || [ -n "$line" ]; do
        line=${line%%#*}
        [ -n "${line//[[:space:]]/}" ] || continue
        case $line in
            *'[limits]'*) section=limits; continue ;;
            *'[skip]'*) section=skip; continue ;;
            *'[needs '*']'*)
                section=${line#*\[needs }
                section=${section%%\]*}
                if [ -z "${cap_bit[$section]+set}" ]; then
                    echo "${0##*/}: $file: unknown capability: $line" >&2
                    exit 2
                fi
                continue ;;
        esac
        path=$(printf '%s' "${line%%|*}" | tr -d '[:space:]')
        reason=${line#*|}
        reason=${reason#"${reason%%[![:space:]]*}"}
        reason=${reason%"${reason##*[![:space:]]}"}
        if [[ $line != *'|'* ]] || [ -z "$reason" ] || [ ! -f "$src/$path" ]; then
            echo "${0##*/}: $file: not \"PATH | REASON\" of a test: $line" >&2
            exit 2
        fi
        if [ $section = skip ]; then
            skip_reason[$path]=$reason
        elif [ $section != limits ]; then
            has_cap "$section" || skip_reason[$path]="needs $section: $reason"
        else
            limit_reason[$path]=$reason
            limit_file[$path]=$file
        fi
    done < "$file"
}

main() {
    jobs=2
    filter=
    while [ $# -gt 0 ]; do
        case $1 in
            -j) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
            -j[0-9]*) jobs=${1#-j}; shift ;;
            -h|--help) usage ;;
            -*) usage ;;
            *) [ -z "$filter" ] || usage; filter=$1; shift ;;
        esac
    done
    case $jobs in ''|*[!0-9]*|0) usage ;; esac

    local here
    here=$(cd "$(dirname "$0")" && pwd)
    src=$here/vendor/open_posix
    cc=${CC:-gcc}
    limit=${PTHREADS_POSIX_TIMEOUT:-60}
    case $limit in ''|*[!0-9]*|0) usage ;; esac
    # word-split on purpose: a launcher may take arguments of its own
    read -r -a launch <<< "${PTHREAD_LAUNCH:-}"

    declare -gA limit_reason=() limit_file=() skip_reason=()
    local files f
    files=${PTHREADS_POSIX_LIMITS-$here/pthreads-posix-needs.limits:$here/pthreads-posix-native.limits}
    IFS=: read -r -a files <<< "$files"
    for f in "${files[@]}"; do
        [ -n "$f" ] && read_limits "$f"
    done

    # The suite's tests (its scripts/locate-test): N-M.c and
    # N-buildonly.c under conformance/interfaces, in path order.
    tests=()
    local path
    while IFS= read -r path; do
        case $path in *"$filter"*) tests+=("$path") ;; esac
    done < <(cd "$src" && find conformance/interfaces -name '*.c' \
                 \( -name '*[0-9]-[0-9]*.c' -o -name '*-buildonly.c' \) \
                 ! -path '*/testfrmw/*' ! -path '*/speculative/*' | LC_ALL=C sort)
    if [ ${#tests[@]} -eq 0 ]; then
        echo "${0##*/}: no test matches '$filter'" >&2
        exit 1
    fi

    tmp=$(mktemp -d "${TMPDIR:-/tmp}/pthreads-posix.XXXXXX")
    trap 'rm -rf "$tmp"' EXIT
    # a launcher loads the build tree's libraries: held against
    # tests/docs.sh's make install, as the OpenMP suites do
    # shellcheck source=tests/install-lock.sh
    . "$here/install-lock.sh"
    [ -z "${PTHREAD_LAUNCH:-}" ] || install_lock_shared
    mkdir -p "$tmp/bin" "$tmp/log" "$tmp/res" "$tmp/run"
    "$cc" "${cflags[@]}" -I"$src/include" -c "$src/lib/common.c" -o "$tmp/common.o"
    cat > "$tmp/pts-exec.c" <<'EOF'
/* pts-exec PROG ARGS: PROG with default signal actions, an empty signal
 * mask and umask 022, whatever this process was started with */
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
int main(int argc, char **argv)
{
    struct sigaction sa = { .sa_handler = SIG_DFL };
    sigset_t none;
    int sig;
    if (argc < 2)
        return 127;
    sigemptyset(&sa.sa_mask);
    for (sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            sigaction(sig, &sa, NULL);  /* glibc's own: EINVAL, left */
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    umask(022);
    execvp(argv[1], argv + 1);
    perror(argv[1]);
    return 127;
}
EOF
    "$cc" -O1 -o "$tmp/pts-exec" "$tmp/pts-exec.c"

    start_all=$EPOCHREALTIME
    pass=0 fail=0 limits=0 skipped=0 next=0
    local i running=0
    for i in "${!tests[@]}"; do
        if [ $running -ge "$jobs" ]; then
            wait -n || true
            running=$((running - 1))
            report_ready
        fi
        run_one "$i" "${tests[$i]}" &
        running=$((running + 1))
    done
    wait
    report_ready

    echo "$pass passed, $limits limits, $skipped skipped, $fail failed of ${#tests[@]} ($(elapsed "$start_all") s)"
    [ $fail -eq 0 ]
}

main "$@"
