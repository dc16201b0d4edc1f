#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/docs.sh - README.md and doc/*.md against the tree: what they link
# to exists and what they tell you to run still runs. A few seconds.
#
# Links: every relative link leads to a file or folder, and its #anchor,
# if any, to a heading of the page (GitHub's anchors). Manual pages named
# (`man 3 mltp`, mltp_mpi(3)) are in man/ and installed by make install.
#
# Commands: every line of a ```sh block (and the two commands above the
# front page's first heading) is run by bash with each command it names
# replaced by a check, and anything without a check fails:
#   run:   the apps as shown (apps/ocean, pi, matmul); `make install`
#          into a scratch directory, `pkg-config` against that install
#          and `cc` of the pages' examples (doc/NAME.c) with the flags
#          shown, then the example; an ```output block after a ```sh
#          block lists lines its runs must print.
#   check only: make (`make -n` with the targets and variables shown:
#          never the test suite, benchmarks or installs themselves),
#          ./configure (its options in ./configure --help), autoreconf
#          (configure.ac is there), scripts (executable, their flags in
#          their text: scripts/deps is not run), apps/mpirun.sh (its
#          program's flags in that program's --help; tests/mpi.sh runs
#          it), sudo perf and sudo bpftrace (the installed files they
#          name exist); mltp-trace is installed, and run on the file.
#   ```sh elsewhere blocks run in another tree (Splash-3's): only the
#          pkg-config calls and the files they name are checked there.
# Environment: the variables of doc/environment.md's table are read by
# the library, every other MLTP_ variable set or read in the pages by a
# program or script of the tree, and every MLTP_ name is in the tree.
# Also: the front page's test command is .ci/run's, its example is
# doc/example.c, code is fenced (an indented block would go unchecked),
# and Makefile.am distributes every page.
set -uo pipefail
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
build=${MLTP_BUILD:-$src}
real_path=$PATH
pages=("$src/README.md" "$src"/doc/*.md)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/mltp-docs.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=$tmp/fails oks=$tmp/oks
: > "$fails"; : > "$oks"
exec 3>&1    # messages, while the commands' output is captured

# fail WHERE WHAT / ok WHERE WHAT (files: the checks of the commands run
# in subshells)
fail() { echo "FAIL $1: $2" | tee -a "$fails" >&3; }
ok() { echo "ok   $1: $2" | tee -a "$oks" >&3; }
rel() { echo "${1#"$src"/}"; }

# GitHub's anchor of a heading: lower case, punctuation dropped, spaces
# to hyphens.
anchors() {
    awk '/^```/ { code = !code } !code && /^#+ / { sub(/^#+ +/, ""); print }' "$1" |
        tr 'A-Z' 'a-z' | sed 's/[^a-z0-9 _-]//g; s/ /-/g'
}

# ---- links and manual pages -----------------------------------------

# The library installed as a user's would be, for the manual pages,
# pkg-config and the example (DESTDIR: the configured prefix below it).
inst=$tmp/install
# (it relinks the build tree's libmltp_omp: under the lock the tests
# that load that library hold shared, tests/install-lock.sh)
# shellcheck source=tests/install-lock.sh
. "$src/tests/install-lock.sh"
if ! (cd "$build" && install_locked env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
          make install DESTDIR="$inst" > "$tmp/install.log" 2>&1); then
    cat "$tmp/install.log"
    echo "docs.sh: make install DESTDIR=$inst failed"
    exit 1
fi
# make's rules, for the targets the pages name
(cd "$build" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -npq .DEFAULT \
     > "$tmp/make.db" 2> /dev/null)
pcdir=$(dirname "$(find "$inst" -name mltp.pc | head -n 1)")
instlib=$(dirname "$(find "$inst" -name 'libmltp.so' | head -n 1)")

for page in "${pages[@]}"; do
    where=$(rel "$page")
    dir=$(dirname "$page")
    # link targets outside code: [text](target)
    while read -r target; do
        case $target in http://* | https://* | mailto:*) continue ;; esac
        file=${target%%#*} anchor=
        [ "$file" != "$target" ] && anchor=${target#*#}
        path=$dir/$file
        [ -z "$file" ] && path=$page
        if [ ! -e "$path" ]; then
            fail "$where" "link $target: no such file"
        elif [ -n "$anchor" ] && ! anchors "$path" | grep -qFx -- "$anchor"; then
            fail "$where" "link $target: no heading with that anchor"
        else
            ok "$where" "link $target"
        fi
    done < <(awk '/^```/ { code = !code; next } !code' "$page" |
                 sed 's/`[^`]*`//g' | grep -o '](\([^)]*\))' | sed 's/^](//; s/)$//')
    # man N NAME, NAME(N)
    while read -r sec name; do
        if [ ! -f "$src/man/$name.$sec" ]; then
            fail "$where" "man $sec $name: no man/$name.$sec"
        elif [ -z "$(find "$inst" -path "*/man$sec/$name.$sec")" ]; then
            fail "$where" "man $sec $name: not installed by make install"
        else
            ok "$where" "man $sec $name"
        fi
    done < <({ grep -oE 'man [37] [a-z0-9_-]+' "$page" | sed 's/^man //'
               grep -oE '\bmltp[a-z0-9_-]*\([37]\)' "$page" |
                   sed -E 's/(.*)\(([37])\)/\2 \1/'; } | sort -u)
done

# ---- environment variables ------------------------------------------

lib_sources=$(cd "$src" && ls base/*.[ch] vp/*.[ch] ult/*.[ch] sched/*.[ch] \
                  sync/*.[ch] sys/*.[ch] parmacs/*.[ch] omp/*.[ch])
# the tree's sources besides these pages (not git ls-files: a
# distribution's tree has no git); of them, the code (no prose)
tree_files=$(cd "$src" &&
             find . -type d \( -name .git -o -name autom4te.cache -o -name 'mltp-*' -o \
                                -name aarch64-build -o -path ./doc \) -prune -o -type f \
                    \( -name '*.[chS]' -o -name '*.sh' -o -name '*.py' -o -name '*.in' -o \
                       -name '*.am' -o -name '*.ac' -o -name '*.m4*' -o -name '*.md' -o \
                       -path './man/*' -o -path './scripts/*' -o -path ./.ci/run \) \
                    ! -name README.md ! -path ./tests/docs.sh -print)
code_files=$(grep -v '^\./man/\|\.md$' <<< "$tree_files")
for v in $(sed -n 's/^| `\(MLTP_[A-Z0-9_]*\).*/\1/p' "$src/doc/environment.md"); do
    if (cd "$src" && grep -qF "\"$v\"" $lib_sources); then
        ok doc/environment.md "$v is read by the library"
    else
        fail doc/environment.md "$v: the library does not read it"
    fi
done
for page in "${pages[@]}"; do
    where=$(rel "$page")
    for v in $(grep -ohE '\$\{?MLTP_[A-Z0-9_]+|MLTP_[A-Z0-9_]+=' "$page" |
                   tr -d '${=' | sort -u); do
        if (cd "$src" && grep -sqE "\"$v\"|\\\$\{?$v\b" $code_files); then
            ok "$where" "$v is read"
        else
            fail "$where" "$v: nothing in the tree reads it"
        fi
    done
    for v in $(grep -ohE '\bMLTP_[A-Z0-9_]+' "$page" | sort -u); do
        (cd "$src" && grep -sqw "$v" $tree_files) ||
            fail "$where" "$v: not in the tree"
    done
done

# ---- commands ---------------------------------------------------------

# The checks, called by bash in place of the commands. Each records its
# verdict and returns 0, so that every part of a && chain is checked.
configure_help=
make() {
    local PATH=$real_path
    if [ "$mode" = elsewhere ]; then ok "$at" "make $* (another tree's)"; return 0; fi
    if (builtin cd "$build" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
            make -n "$@" > /dev/null 2> "$tmp/make.err"); then
        ok "$at" "make -n $*"
    else
        fail "$at" "make $*: $(grep -m 1 . "$tmp/make.err")"
    fi
    # make -n passes a .PHONY target without a rule: each needs a recipe
    # or prerequisites in make's data base
    local t
    for t in "$@"; do
        case $t in -* | *=*) continue ;; esac
        if awk -v t="$t" '
               /^# Files/ { files = 1 }
               files && (index($0, t ":") == 1) {
                   found = 1; rest = substr($0, length(t) + 2)
                   if (rest ~ /^ +[^ ]/) rule = 1; next }
               found && /^#  recipe to execute/ { rule = 1 }
               found && /^$/ { found = 0 }
               END { exit !rule }' "$tmp/make.db"; then
            ok "$at" "make $t: a rule"
        else
            fail "$at" "make $t: no rule"
        fi
    done
}
autoreconf() {
    local PATH=$real_path
    if [ -f "$src/configure.ac" ]; then ok "$at" "autoreconf: configure.ac"
    else fail "$at" "autoreconf: no configure.ac"; fi
}
./configure() {
    local PATH=$real_path
    [ -x "$src/configure" ] || { fail "$at" "no executable configure"; return 0; }
    [ -n "$configure_help" ] || configure_help=$("$src/configure" --help)
    ok "$at" "configure is there"
    local a
    for a in "$@"; do
        case $a in
            --*) if grep -qE -- "^ +${a%%=*}([ =[]|$)" <<< "$configure_help"; then
                     ok "$at" "configure $a"
                 else
                     fail "$at" "configure $a: not in ./configure --help"
                 fi ;;
            [A-Z]*=*) ok "$at" "configure ${a%%=*}=" ;;
            *) fail "$at" "configure $a: not an option" ;;
        esac
    done
}
# installed paths named in arguments ($(pkg-config ...)/FILE) must exist
installed_paths() {
    local PATH=$real_path
    local p
    for p in $(printf '%s\n' "$@" | grep -oE "$inst[^ ,:\"']*"); do
        if [ -e "$p" ]; then ok "$at" "installed ${p#"$inst"}"
        else fail "$at" "no installed ${p#"$inst"}"; fi
    done
}
pkg-config() {
    local PATH=$real_path
    local out
    if out=$(PKG_CONFIG_PATH=$pcdir PKG_CONFIG_SYSROOT_DIR=$inst \
                 command pkg-config "$@") && [ -n "$out" ]; then
        ok "$at" "pkg-config $*"
        installed_paths $out
        printf '%s\n' "$out"
    else
        fail "$at" "pkg-config $*: failed or empty"
    fi
}
cc() {
    local PATH=$real_path
    installed_paths "$@"
    local args=() a c=
    for a in "$@"; do
        case $a in
            *.c) c=$src/doc/$(basename "$a"); a=$c ;;
        esac
        args+=("$a")
    done
    if [ -z "$c" ] || [ ! -f "$c" ]; then
        fail "$at" "cc $*: the source is not in doc/"
    elif command cc -Wall -Wextra -Werror "${args[@]}" \
             ${MLTP_LDFLAGS:-} > "$tmp/cc.log" 2>&1; then
        ok "$at" "cc $(rel "$c")"
    else
        cat "$tmp/cc.log" >&3
        fail "$at" "cc $*: failed"
    fi
}
sudo() {
    local PATH=$real_path
    installed_paths "$@"
    case $1 in
        perf | bpftrace) ok "$at" "sudo $1 (a system tool)" ;;
        *) if declare -F "$1" > /dev/null; then "$@"
           else fail "$at" "sudo $1: no check for this command (tests/docs.sh)"; fi ;;
    esac
}
# mltp-trace FILE: installed, and run (the build's) on the file the block made
mltp-trace() {
    local PATH=$real_path
    if [ -z "$(find "$inst" -path '*/bin/mltp-trace' | head -n 1)" ]; then
        fail "$at" "mltp-trace: not installed by make install"
    elif timeout 60 "$build/tools/mltp-trace" "$@" < /dev/null > /dev/null 2>> "$tmp/run.err"; then
        ok "$at" "ran mltp-trace $*"
    else
        fail "$at" "mltp-trace $*: status $?"
    fi
}
# bash KIT/run.sh: a benchmark kit's run.sh, which is bench/kit-run.sh
bash() {
    local PATH=$real_path
    case ${1:-} in
        KIT/run.sh) if [ -f "$src/bench/kit-run.sh" ]; then ok "$at" "a kit's run.sh (bench/kit-run.sh)"
                    else fail "$at" "bash $1: no bench/kit-run.sh"; fi ;;
        *) fail "$at" "bash ${1:-}: no check for this command (tests/docs.sh)" ;;
    esac
}
cd() {
    local PATH=$real_path
    if [ "$mode" = elsewhere ]; then ok "$at" "cd $* (another tree's)"
    else fail "$at" "cd $*: only in sh elsewhere blocks"; fi
}
command_not_found_handle() {
    local PATH=$real_path
    fail "$at" "$1: no check for this command (tests/docs.sh)"
    return 0
}
# flags_in TEXT ARGS...: each --flag of ARGS appears in TEXT
flags_in() {
    local PATH=$real_path
    local text=$1 a; shift
    for a in "$@"; do
        case $a in
            --*) if grep -qF -- "${a%%=*}" <<< "$text"; then ok "$at" "flag $a"
                 else fail "$at" "flag $a: not accepted"; fi ;;
        esac
    done
}
# a command named by its path: a program the block built, a script of
# the tree, or a program the build made
by_path() {
    local PATH=$real_path
    local name=$1; shift
    if [ "$mode" = elsewhere ]; then ok "$at" "$name (another tree's)"; return 0; fi
    case $name in
        ./*) if [ -x "$name" ]; then
                 if LD_LIBRARY_PATH=$instlib timeout 60 "$name" "$@" < /dev/null 2>> "$tmp/run.err"; then
                     ok "$at" "ran $name"
                 else fail "$at" "$name $*: status $?"; fi
             else
                 fail "$at" "$name: not built by the block"
             fi
             return 0 ;;
    esac
    if [ -f "$src/$name" ] && [ "$(head -c 2 "$src/$name")" = "#!" ]; then
        if [ ! -x "$src/$name" ]; then
            fail "$at" "$name: not executable"
        elif [ "$name" = apps/mpirun.sh ]; then
            [[ ${1:-} =~ ^[0-9]+$ ]] || fail "$at" "$name $*: no rank count"
            # apps/ocean-mpi is apps/ocean.c across ranks: the same options
            local prog=${2:-} help=${2:-}
            [ "$prog" = apps/ocean-mpi ] && help=apps/ocean
            if [ -x "$build/$help" ]; then
                flags_in "$("$build/$help" --help)" "${@:3}"
                ok "$at" "$name $prog (tests/mpi.sh runs it)"
            else
                fail "$at" "$name: no program $prog"
            fi
        else
            flags_in "$(cat "$src/$name")" "$@"
            ok "$at" "$name is there"
        fi
    elif [ -x "$build/$name" ]; then
        if timeout 120 "$build/$name" "$@" < /dev/null 2>> "$tmp/run.err"; then
            ok "$at" "ran $name $*"
        else fail "$at" "$name $*: status $?"; fi
    else
        fail "$at" "$name: no such script or program"
    fi
}

# join_lines [FILE]: a command continued on the next line (after \, && or
# |) on one line
join_lines() {
    sed -e ':a' -e '/\\$/{N;s/\\\n//;ba}' -e '/\(&&\||\)[[:space:]]*$/{N;s/\n/ /;ba}' "$@"
}

# check_block WHERE MODE FILE: the commands of FILE, one a line (after
# joining continuation lines), checked in an empty folder.
check_block() {
    local at=$1 mode=$2 cmds run=$tmp/run name
    rm -rf "$run"; mkdir "$run"
    : > "$tmp/out"; : > "$tmp/run.err"
    cmds=$(join_lines "$3" | sed 's/[[:space:]]\{1,\}#[^"'\'']*$//')
    # every command word with a slash becomes a call of by_path
    for name in $(sed -E 's/&&|\|\||;|\||\$\(/\n/g' <<< "$cmds" |
                      sed -E 's/^[[:space:]]*//; s/^([A-Za-z_][A-Za-z0-9_]*=("[^"]*"|'\''[^'\'']*'\''|[^ ]*)[[:space:]]+)*//' |
                      awk '{ print $1 }' | grep '/' | grep -E '^[A-Za-z0-9_./+-]+$' | sort -u); do
        [ "$name" = ./configure ] && continue
        eval "$name() { by_path $name \"\$@\"; }"
    done
    (builtin cd "$run" &&
     PATH=$tmp/nopath eval "$cmds") > "$tmp/out" 2> "$tmp/eval.err"
    [ -s "$tmp/eval.err" ] && fail "$at" "$(head -n 3 "$tmp/eval.err")"
    [ -s "$tmp/run.err" ] && echo "($at: the programs' stderr: $(head -c 300 "$tmp/run.err"))" >&3
    cp "$tmp/out" "$tmp/last.out"
}

# Fenced blocks: info string, first line number, body. README.md's
# indented lines above its first heading are its two commands.
for page in "${pages[@]}"; do
    where=$(rel "$page")
    [ "$page" = "$src/README.md" ] &&
        awk '/^## / { exit } /^    [^ ]/ { sub(/^    /, ""); print }' "$page" |
            join_lines > "$tmp/top"
    awk -v dir="$tmp" '
        /^```/ && !code { code = 1; n++; info = substr($0, 4); line = NR
                          printf "%s\t%d\n", info, line > (dir "/block." n ".head")
                          printf "" > (dir "/block." n ".body"); next }
        /^```/ && code { code = 0; next }
        code { print > (dir "/block." n ".body"); next }
        /^## / { headed = 1 }
        !code && /^    [^ ]/ && (headed || FILENAME !~ /README.md$/) {
            printf "%d\n", NR > (dir "/indented") }
    ' "$page"
    if [ -s "$tmp/indented" ]; then
        fail "$where:$(head -n 1 "$tmp/indented")" "an indented code block: fence it (\`\`\`sh or \`\`\`text)"
    fi
    rm -f "$tmp/indented"
    if [ "$page" = "$src/README.md" ]; then
        [ "$(wc -l < "$tmp/top")" -eq 2 ] ||
            fail "$where" "not two commands above the first heading"
        # .ci/run runs the second word for word
        ci=$(sed -n "s/^test_command='\(.*\)'$/\1/p" "$src/.ci/run")
        if [ "$(sed -n 2p "$tmp/top")" = "$ci" ]; then ok "$where" ".ci/run runs the test command"
        else fail "$where" "the test command is not .ci/run's test_command"; fi
        check_block "$where:top" sh "$tmp/top"
    fi
    i=1
    while [ -f "$tmp/block.$i.head" ]; do
        IFS=$'\t' read -r info line < "$tmp/block.$i.head"
        case $info in
            sh) check_block "$where:$line" sh "$tmp/block.$i.body" ;;
            "sh elsewhere") check_block "$where:$line" elsewhere "$tmp/block.$i.body" ;;
            output)
                while IFS= read -r want; do
                    if grep -qFx -- "$want" "$tmp/last.out" 2>/dev/null; then
                        ok "$where:$line" "printed: $want"
                    else
                        fail "$where:$line" "not printed by the block above: $want"
                    fi
                done < "$tmp/block.$i.body" ;;
            c | text) ;;
            *) fail "$where:$line" "code block \"$info\": sh, sh elsewhere, output, c or text" ;;
        esac
        rm -f "$tmp/block.$i.head" "$tmp/block.$i.body"
        i=$((i + 1))
    done
    rm -f "$tmp/last.out"
done

# make dist takes the pages along
for page in "$src"/doc/*.md "$src"/doc/*.c; do
    if grep -qF "${page#"$src"/}" "$src/Makefile.am"; then ok Makefile.am "$(rel "$page") is distributed"
    else fail Makefile.am "$(rel "$page"): not in Makefile.am (make dist leaves it out)"; fi
done

# The front page shows doc/example.c, less its license line.
if awk '/^```c$/ { code = 1; next } /^```/ { code = 0 } code' "$src/README.md" |
       cmp -s - <(tail -n +2 "$src/doc/example.c"); then
    ok README.md "the example is doc/example.c"
else
    fail README.md "the example differs from doc/example.c"
fi

if [ -s "$fails" ]; then
    echo "docs.sh: $(wc -l < "$fails") of $(cat "$fails" "$oks" | wc -l) checks failed:"
    cat "$fails"
    exit 1
fi
echo "docs.sh: $(wc -l < "$oks") checks passed"
