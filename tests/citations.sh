#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# tests/citations.sh - every section of ARCHITECTURE.md that a comment of
# the sources cites exists there: a heading (## or ###, the name being
# what comes before " (" or ":") or a litmus test's name (the ###
# headings of "Memory ordering"). A citation is a quoted name after
# ARCHITECTURE.md ("ARCHITECTURE.md, "Park"", "ARCHITECTURE.md's
# "Where a ULT is""), or a name (a capital, then letters, digits, spaces,
# "'", ",", "-" and ">") quoted after "(", "see " or "litmus "
# ("("Live count")", "see "Processes"", "litmus "Park""); comments that
# span lines count as one line.
set -euo pipefail
src=${MLTP_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
doc=$src/ARCHITECTURE.md
cd "$src"

# The names a citation may use, one a line.
names=$(sed -n 's/^###* *//p' "$doc" |
        awk '{ print; n = $0; sub(/ \(.*/, "", n); sub(/:.*/, "", n); gsub(/`/, "", n); print n }' |
        sort -u)

# The comments of a C or assembly file, one comment a line: its text with
# the leading stars of continuation lines and the line breaks taken out.
# Strings and character constants are skipped.
comments() {
    awk '
    BEGIN { incom = 0 }
    {
        line = $0; out = ""
        i = 1; n = length(line)
        while (i <= n) {
            c = substr(line, i, 1); d = substr(line, i, 2)
            if (incom) {
                if (d == "*/") { print text; incom = 0; i += 2; continue }
                text = text c; i++; continue
            }
            if (d == "/*") { incom = 1; text = ""; i += 2; continue }
            if (d == "//") { print substr(line, i + 2); break }
            if (c == "\"" || c == "\047") {     # skip a literal
                q = c; i++
                while (i <= n && substr(line, i, 1) != q) {
                    if (substr(line, i, 1) == "\\") i++
                    i++
                }
                i++; continue
            }
            i++
        }
        if (incom) text = text " "
    }
    ' "$1" | sed -e 's/[[:space:]]\+\*[[:space:]]/ /g' -e 's/[[:space:]]\+/ /g'
}

# The names a comment cites.
cited() {
    grep -oE "ARCHITECTURE\.md('s|,)? \"[^\"]+\"|(\(|[Ss]ee |litmus )\"[A-Z][-A-Za-z0-9' ,>]*\"" |
        sed -E 's/.*"([^"]+)"$/\1/'
}

# check FILE: the names on stdin, cited by FILE
passed=0 failed=0
check() {
    local name
    while IFS= read -r name; do
        if grep -qxF -- "$name" <<<"$names"; then
            passed=$((passed + 1))
        else
            echo "FAIL: $1 cites \"$name\", which is no section of ARCHITECTURE.md"
            failed=$((failed + 1))
        fi
    done
}

files=$(git ls-files '*.c' '*.h' '*.S' 2>/dev/null || find . -name '*.[chS]' -not -path './build-aux/*')
for f in $files; do
    check "$f" < <(comments "$f" | cited || true)
done
# and the map's own cross-references, and the README's
for f in ARCHITECTURE.md README.md; do
    [ -f "$f" ] || continue
    check "$f" < <(tr -s '\n ' '  ' <"$f" | cited || true)
done

echo "citations: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
