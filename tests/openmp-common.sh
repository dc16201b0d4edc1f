# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/openmp-common.sh - sourced by the runners of the OpenMP test
# suites (tests/openmp-llvm.sh, tests/openmp-vv.sh), which differ only in
# how one test is built, run and judged: their command line, their list,
# the limits the runtime documents and the loop that prints the verdicts
# are the same, and kept here so that they stay the same.
#
# A runner sets, then calls omp_suite_main "$@":
#   suite        its folder under tests/openmp/ (the list: $src/tests.list)
#   limits_file  the file of documented limits ("" for none)
#   limit        the time limit, in seconds, of each run of a program
#   whole_build_log  "yes" to show a failed build's whole output, not its
#                last 40 lines as for any other failure
# and defines run_one N PATH, which writes the verdict of test N (PATH in
# the list) with omp_verdict or omp_limit_verdict, and returns 0.
# omp_suite_main sets, for run_one: src (the suite's folder), cc,
# launch (OMP_LAUNCH as words), tmp (bin/N, log/N and res/N under it).

# -h and a bad option print the runner's header from its usage line on
usage() {
    sed -n '/^# usage:/,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# A test's verdict line, written whole before its name appears (a rename),
# for the loop that waits for it.
omp_verdict() {
    echo "$2" > "$tmp/res/$1.tmp"
    mv "$tmp/res/$1.tmp" "$tmp/res/$1"
}

# omp_limit_verdict N PATH RESULT NAME OUTPUT: the verdict, held to the
# documented limit of PATH if there is one: a pass fails (the limits file
# must stay true), a failure is a LIMIT only with the documented text in
# OUTPUT.
omp_limit_verdict() {
    local n=$1 path=$2 result=$3 name=$4 out=$5
    if [ -n "${limit_text[$path]+set}" ]; then
        if [ "$result" = PASS ]; then
            result=FAIL; name="$name (passes: take it out of $limits_file)"
        elif [[ $out == *"${limit_text[$path]}"* ]]; then
            result=LIMIT; name="$name (${limit_text[$path]})"
        else
            name="$name (not the documented limit: '${limit_text[$path]}')"
        fi
    fi
    omp_verdict "$n" "$result $name"
}

# Lines are printed in list order, each as soon as it and all before it
# are done.
omp_report_ready() {
    while [ $next -lt ${#tests[@]} ] && [ -e "$tmp/res/$next" ]; do
        local line
        line=$(cat "$tmp/res/$next")
        echo "$line"
        case $line in
            PASS*) pass=$((pass + 1)) ;;
            LIMIT*) limits=$((limits + 1)) ;;
            *) fail=$((fail + 1))
               if [ "${whole_build_log:-}" = yes ] && [[ $line == *"(build)" ]]; then
                   sed 's/^/    /' "$tmp/log/$next"
               else
                   sed 's/^/    /' "$tmp/log/$next" | tail -n 40
               fi ;;
        esac
        rm -f "$tmp/bin/$next"
        next=$((next + 1))
    done
}

omp_suite_main() {
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

    src=$(cd "$(dirname "$0")" && pwd)/openmp/$suite
    cc=${CC:-gcc}
    # word-split on purpose: a launcher may take arguments of its own
    read -r -a launch <<< "${OMP_LAUNCH:-}"

    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    # the build tree's libmltp_omp, against tests/docs.sh's make install
    # shellcheck source=tests/install-lock.sh
    . "$(dirname "$0")/install-lock.sh"
    [ -z "${OMP_LAUNCH:-}" ] || install_lock_shared

    # The list: one path a line, relative to $src; blank lines and
    # # comments left out.
    local line path text
    tests=()
    while IFS= read -r line; do
        line=${line%%#*}
        line=$(printf '%s' "$line" | tr -d '[:space:]')
        [ -n "$line" ] || continue
        case $line in *"$filter"*) tests+=("$line") ;; esac
    done < "$src/tests.list"
    if [ ${#tests[@]} -eq 0 ]; then
        echo "${0##*/}: no test in tests.list matches '$filter'" >&2
        exit 1
    fi

    # The documented limits: path -> the text its failure must show
    declare -gA limit_text=()
    if [ -n "$limits_file" ]; then
        while IFS= read -r line; do
            line=${line%%#*}
            [ -n "${line//[[:space:]]/}" ] || continue
            path=$(printf '%s' "${line%%|*}" | tr -d '[:space:]')
            text=${line#*|}
            text=${text#"${text%%[![:space:]]*}"}
            text=${text%"${text##*[![:space:]]}"}
            limit_text[$path]=$text
        done < "$limits_file"
    fi

    mkdir -p "$tmp/bin" "$tmp/log" "$tmp/res"
    # run_one always returns 0, so that `wait -n` under set -e sees only
    # the script's own errors.
    pass=0 fail=0 limits=0 next=0
    local i running=0
    for i in "${!tests[@]}"; do
        if [ $running -ge "$jobs" ]; then
            wait -n || true
            running=$((running - 1))
            omp_report_ready
        fi
        run_one "$i" "${tests[$i]}" &
        running=$((running + 1))
    done
    wait
    omp_report_ready

    echo "$pass passed, $limits limits, $fail failed of ${#tests[@]}"
    [ $fail -eq 0 ]
}
