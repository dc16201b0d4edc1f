#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/lifecycle.sh - ARCHITECTURE.md's tables of a ULT's moves ("The life
# of a ULT") against the code: every function of sched/, sync/ and ult/
# that writes a ULT's life, links a ULT or a waiter into or out of a queue
# or the pending list, or sets a VP's running ULT must be cited there
# (`function` and its file on one line), and every function a table row
# cites must be defined in the file it names. The run-queue primitives
# (sched/runq.h, sched/runq.c) are cited where they are called.
set -euo pipefail
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
doc=$src/ARCHITECTURE.md
cd "$src"

section=$(awk '/^## The life of a ULT/ { on = 1; next } /^## / { on = 0 } on' "$doc")
[ -n "$section" ] || { echo "lifecycle.sh: no section \"The life of a ULT\" in $doc"; exit 1; }

# The moves, as code writes them.
pattern='sched_push_back\(|sched_push_front\(|sched_pop\(|sched_rotate(_level)?\(|sched_rq_remove\(|sched_rq_move_all\(|sched_waitq_(add|remove)\(|->cur = |pending\.(head|tail)(->next)? = |->life = |&u->life, ULT_|LIFE\(u\), ULT_|[^a-z_]l->(head|tail) = |prev->next = |last->next = w'

# file:function for each line that makes a move (the enclosing function:
# the last definition, a line at column 0 naming a function, seen above it)
sites_of() {
    awk -v PAT="$1" '
    FNR == 1 { fn = "" }
    /^[A-Za-z_]/ && /\(/ && !/;[ \t]*$/ && !/^#/ {
        line = $0
        gsub(/__attribute__\(\([^)]*\)\)/, "", line)
        sub(/\(.*/, "", line)
        n = split(line, w, /[ *]+/)
        fn = w[n]
        next
    }
    $0 ~ PAT && !/^[ \t]*(\/\*|\*)/ && fn != "" { print FILENAME ":" fn }
    ' "${@:2}"
}
# ult/ keeps lists of its own (stacks, mappings): only its life writes count
sites=$( { sites_of "$pattern" sched/*.c sched/switch.h sync/*.c
           sites_of '->life = ' ult/*.c ult/ult.h; } | grep -v '^sched/runq\.' | sort -u)

passed=0 failed=0
for s in $sites; do
    file=${s%%:*} fn=${s#*:}
    if grep -F "\`$fn\`" <<<"$section" | grep -qF "$file"; then
        passed=$((passed + 1))
    else
        echo "FAIL: $file: $fn makes a move of a ULT that ARCHITECTURE.md's tables do not cite"
        failed=$((failed + 1))
    fi
done

# Each table row's code cell: "`f`, `g` (file), `h` (file2)".
while IFS= read -r cell; do
    while [[ $cell =~ ^[^\(]*\(([a-z]+/[a-z_0-9]+\.[ch])\)(.*)$ ]]; do
        group=${cell%%"(${BASH_REMATCH[1]})"*} file=${BASH_REMATCH[1]} cell=${BASH_REMATCH[2]}
        for fn in $(grep -o '`[A-Za-z_0-9]*`' <<<"$group" | tr -d '`'); do
            if [ -f "$file" ] && grep -Eq "^[A-Za-z_].*[ *]$fn\(|^$fn\(" "$file"; then
                passed=$((passed + 1))
            else
                echo "FAIL: ARCHITECTURE.md cites $fn in $file, which does not define it"
                failed=$((failed + 1))
            fi
        done
    done
done < <(grep -E '^\| [PL][0-9]+ \|' <<<"$section" | awk -F'|' '{ print $(NF-1) }')

echo "lifecycle: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
