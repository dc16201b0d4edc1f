#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/environments.sh - make check-environments: make check, once in each
# environment a test run inherits from whoever starts it, for tests must
# pass whatever that is:
#
#   foreground       every signal's default action, none blocked
#   background       `bash -c 'make check & wait'`: SIGINT and SIGQUIT
#                    ignored (a CI job, a script's background command)
#   nohup            `nohup make check`: SIGHUP ignored
#   sigchld-ignored  SIGCHLD ignored
#   blocked          SIGINT, SIGTERM and SIGALRM blocked
#   umask            umask 077
#   nice             nice -n 19
#   one-cpu          taskset -c to one CPU (the first of the mask)
#
# Each starts from the first (tests/sigexec -r), then changes one thing.
# GNU make gives its recipes SIGCHLD's default action and an empty mask;
# another make may not, so in those two the test programs and scripts are
# started so again (LOG_COMPILER, through tests/sigexec).
#
# Only make check, not the whole README command: the rest of it runs the
# same programs and case functions more often (check-stress, check-repeat)
# or under an emulator (check-valgrind, check-aarch64), about 15 minutes a
# time, two hours for the eight; what depends on the environment is in
# the programs and cases, each of which make check runs once. And not the
# checks that nothing inherited can change (the Spin models, the
# documentation against the sources: ENV_FREE_TESTS in Makefile.am), which
# make check runs: $ENV_TESTS is the rest.
#
#   tests/environments.sh [NAME...]
#
# Run from the build tree, by the Makefile, with $MAKE (what runs make
# check, with the command line's variables, TESTS=... included, in
# MAKEFLAGS) and $SIGEXEC (tests/sigexec). NAMEs pick environments
# (default: all). make check's logs are put back afterwards; each
# environment's are kept in tests/environments/NAME/, and a failing one's
# test-suite.log is printed. A make check that has not ended after
# $ENVIRONMENTS_TIMEOUT seconds (default 600, ten times a run) is killed
# and fails (a test that waits for a blocked signal hangs). Exit status 1
# if make check failed in any, or a SysV semaphore set was left behind; 2
# on bad arguments.
set -u
make=${MAKE:-make}
sigexec=${SIGEXEC:?SIGEXEC must name tests/sigexec}
tests=${ENV_TESTS:?ENV_TESTS must list the tests to run}
limit=${ENVIRONMENTS_TIMEOUT:-600}   # seconds, one environment's make check
all="foreground background nohup sigchld-ignored blocked umask nice one-cpu"

names=${*:-$all}
for n in $names; do
    case " $all " in
        *" $n "*) ;;
        *) echo "environments: no environment '$n' (these: $all)" >&2; exit 2 ;;
    esac
done

. "$(dirname "$0")/semsets.sh"

# the first CPU this script may run on
cpu=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*\([0-9]*\).*/\1/p' /proc/self/status)

# env_command NAME: sets $cmd, the command that runs make check in it
env_command() {
    local reset=("$sigexec" -r --)
    case $1 in
        foreground) cmd=("${reset[@]}" "$make" -s check "TESTS=$tests") ;;
        background) cmd=("${reset[@]}" bash -c '"$@" & wait $!' environments "$make" -s check "TESTS=$tests") ;;
        nohup) cmd=("${reset[@]}" nohup "$make" -s check "TESTS=$tests") ;;
        sigchld-ignored)
            cmd=("$sigexec" -r -i CHLD -- "$make" -s check "TESTS=$tests"
                 "LOG_COMPILER=$sigexec -i CHLD --") ;;
        blocked)
            cmd=("$sigexec" -r -b INT -b TERM -b ALRM -- "$make" -s check "TESTS=$tests"
                 "LOG_COMPILER=$sigexec -b INT -b TERM -b ALRM --") ;;
        umask) cmd=("${reset[@]}" bash -c 'umask 077 && exec "$@"' environments "$make" -s check "TESTS=$tests") ;;
        nice) cmd=("${reset[@]}" nice -n 19 "$make" -s check "TESTS=$tests") ;;
        one-cpu) cmd=("${reset[@]}" taskset -c "$cpu" "$make" -s check "TESTS=$tests") ;;
    esac
}

keep=$(mktemp -d) || exit 1
trap 'rm -rf "$keep"' EXIT
# the logs there are (make check's), put back at the end
mkdir "$keep/tests"
cp -p tests/*.log tests/*.trs "$keep/tests/" 2>/dev/null
cp -p test-suite.log "$keep/" 2>/dev/null
rm -rf tests/environments
mkdir -p tests/environments

sems_before=$(sem_ids)
failed=
for n in $names; do
    env_command "$n"
    echo "==== environments: $n: ${cmd[*]}"
    t0=$SECONDS
    # timeout outside: it installs handlers for what nohup and a
    # background shell ignore. It leads a process group of its own: what
    # a run that timed out leaves there (a process that blocks SIGTERM)
    # is killed.
    timeout -k 30 "$limit" "${cmd[@]}" &
    tpid=$!
    wait "$tpid"
    st=$?
    kill -KILL -- "-$tpid" 2>/dev/null
    mkdir -p "tests/environments/$n"
    cp -p tests/*.log tests/*.trs test-suite.log "tests/environments/$n/" 2>/dev/null
    if [ "$st" -eq 0 ]; then
        echo "==== environments: $n: passed ($((SECONDS - t0)) s)"
    else
        echo "==== environments: $n: FAILED, status $st ($((SECONDS - t0)) s); its failures, then its test-suite.log:"
        bash "$(dirname "$0")/failures.sh" "tests/environments/$n"
        cat test-suite.log 2>/dev/null
        failed="$failed $n"
    fi
done

rm -f tests/*.log tests/*.trs test-suite.log
cp -p "$keep"/tests/* tests/ 2>/dev/null
cp -p "$keep"/test-suite.log . 2>/dev/null

sem_leaks "$sems_before"
if [ ${#sem_leaked[@]} -gt 0 ]; then
    echo "environments: SysV semaphore set(s) left behind: ${sem_leaked[*]}"
    failed="$failed (sets left)"
fi
if [ -n "$failed" ]; then
    # again, last: a long test-suite.log above may be cut from what is kept
    for n in $failed; do
        [ -d "tests/environments/$n" ] && bash "$(dirname "$0")/failures.sh" "tests/environments/$n"
    done
    echo "environments: FAILED in:$failed"
    exit 1
fi
echo "environments: make check passed in each of: $names"
